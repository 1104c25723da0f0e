/* rules.c -- the rule set of a battle: defaults, limits, dice per state */

#include <config.h>

#include <limits.h>

#include <math.h>

#include "riskodds-impl.h"

void
ro_rules_init (ro_rules_t *rules)
{
  rules->attack_sides = 6;
  rules->defend_sides = 6;
  rules->attack_dice = 3;
  rules->defend_dice = 2;
  rules->attack_bonus = 0;
  rules->defend_bonus = 0;
  rules->attack_bonus_dice = 1;
  rules->defend_bonus_dice = 1;
  rules->clamp = 0;
  rules->ties = RO_TIES_DEFENDER;
  rules->count = RO_COUNT_TERRITORY;
  rules->stop = 0;
  rules->goal = 0;
  rules->defender = RO_DEFENDER_MAX;
  rules->attacker = RO_ATTACKER_MAX;
  rules->attack_commanders = 0;
  rules->defend_commanders = 0;
  rules->defend_station = 0;
}

static int
in_range (unsigned v, unsigned lo, unsigned hi)
{
  return lo <= v && v <= hi;
}

unsigned
ro_rules_eight_sided (const ro_rules_t *rules, int defender, unsigned n)
{
  if (defender && rules->defend_station)
    return n;
  unsigned long c = defender ? rules->defend_commanders
    : rules->attack_commanders;
  return c < n ? (unsigned) c : n;
}

/* Whether side S (0 attacker) rolls eight-sided dice for some but not
   all of the dice it may roll: its rounds have mixed dice.  */
int
ro_rules_side_mixed (const ro_rules_t *rules, int s)
{
  unsigned most = s ? rules->defend_dice : rules->attack_dice;
  unsigned x = ro_rules_eight_sided (rules, s, most);
  return x > 0 && x < most;
}

/* Commanders and stations replace six-sided dice by eight-sided ones:
   on other dice, or kept on faces that differ from die to die (the
   clamp), what they do is not defined; with dice of two kinds on a
   side, the defender's policies (which tell apart the attack rolls by
   their faces) are not either.  */
static int
check_mixed (const ro_rules_t *rules)
{
  int att = rules->attack_commanders != 0;
  int def = rules->defend_commanders != 0 || rules->defend_station != 0;
  if (rules->attack_commanders > RO_ARMIES_MAX
      || rules->defend_commanders > RO_ARMIES_MAX
      || (rules->defend_station != 0 && rules->defend_station != 1))
    return RO_ERULES;
  if ((att && rules->attack_sides != 6) || (def && rules->defend_sides != 6)
      || ((att || def) && rules->clamp))
    return RO_ERULES;
  if ((ro_rules_side_mixed (rules, 0) || ro_rules_side_mixed (rules, 1))
      && rules->defender != RO_DEFENDER_MAX)
    return RO_ERULES;
  return RO_OK;
}

/* The rules as the engines see them (ro_model_compile): a side whose
   dice are all eight-sided rolls d8 (the commanders and the station
   dropped), a side of mixed dice keeps its commanders and has sides
   24, the lcm of 6 and 8, the base of its numbers: each round's counts
   are then brought to 24^NA (model.c), so that every round adds NA to
   the exponent as on dice of one kind, and no engine needs to know
   which dice were mixed.  */
void
ro_rules_effective (ro_rules_t *e, const ro_rules_t *rules)
{
  *e = *rules;
  if (ro_rules_side_mixed (rules, 0))
    e->attack_sides = 24;
  else if (rules->attack_commanders != 0)
    {
      e->attack_sides = RO_COMMANDER_SIDES;
      e->attack_commanders = 0;
    }
  if (ro_rules_side_mixed (rules, 1))
    e->defend_sides = 24;
  else if (rules->defend_commanders != 0 || rules->defend_station)
    {
      e->defend_sides = RO_COMMANDER_SIDES;
      e->defend_commanders = 0;
      e->defend_station = 0;
    }
}

int
ro_rules_check (const ro_rules_t *rules)
{
  if (!in_range (rules->attack_sides, RO_SIDES_MIN, RO_SIDES_MAX)
      || !in_range (rules->defend_sides, RO_SIDES_MIN, RO_SIDES_MAX)
      || !in_range (rules->attack_dice, 1, RO_DICE_MAX)
      || !in_range (rules->defend_dice, 1, RO_DICE_MAX))
    return RO_ERULES;
  if (rules->ties != RO_TIES_DEFENDER && rules->ties != RO_TIES_ATTACKER)
    return RO_ERULES;
  if (rules->count != RO_COUNT_TERRITORY
      && rules->count != RO_COUNT_ATTACKERS)
    return RO_ERULES;
  if (rules->attack_bonus < -RO_BONUS_MAX || rules->attack_bonus > RO_BONUS_MAX
      || rules->defend_bonus < -RO_BONUS_MAX
      || rules->defend_bonus > RO_BONUS_MAX)
    return RO_ERULES;
  if (rules->attack_bonus_dice > RO_BONUS_DICE_ALL
      || rules->defend_bonus_dice > RO_BONUS_DICE_ALL
      || (rules->clamp != 0 && rules->clamp != 1))
    return RO_ERULES;
  if (rules->stop > RO_ARMIES_MAX || rules->goal > RO_ARMIES_MAX)
    return RO_ERULES;
  if (rules->defender != RO_DEFENDER_MAX
      && rules->defender != RO_DEFENDER_WIERINGA
      && rules->defender != RO_DEFENDER_OPTIMAL
      && rules->defender != RO_DEFENDER_WIERINGA_ROLLED)
    return RO_ERULES;
  if (rules->attacker != RO_ATTACKER_MAX
      && rules->attacker != RO_ATTACKER_OPTIMAL)
    return RO_ERULES;
  return check_mixed (rules);
}

int
ro_rules_is_standard (const ro_rules_t *rules)
{
  return rules->attack_sides == 6 && rules->defend_sides == 6
    && rules->attack_dice == 3 && rules->defend_dice == 2
    && rules->attack_bonus == 0 && rules->defend_bonus == 0
    && rules->ties == RO_TIES_DEFENDER && rules->attack_commanders == 0
    && rules->defend_commanders == 0 && !rules->defend_station;
}

unsigned long
ro_rules_fighting (const ro_rules_t *rules, unsigned long a)
{
  if (rules->count == RO_COUNT_ATTACKERS)
    return a;
  return a == 0 ? 0 : a - 1;
}

unsigned long
ro_rules_stop_fighting (const ro_rules_t *rules)
{
  return ro_rules_fighting (rules, rules->stop);
}

int
ro_rules_ended (const ro_rules_t *rules, unsigned long f, unsigned long d)
{
  if (d <= rules->goal)
    return 1;
  if (f == 0 || f <= ro_rules_stop_fighting (rules))
    return -1;
  return 0;
}

unsigned
ro_rules_attack_dice (const ro_rules_t *rules, unsigned long a)
{
  unsigned long f = ro_rules_fighting (rules, a);
  return f < rules->attack_dice ? (unsigned) f : rules->attack_dice;
}

unsigned
ro_rules_defend_dice (const ro_rules_t *rules, unsigned long d)
{
  return d < rules->defend_dice ? (unsigned) d : rules->defend_dice;
}

/* RO_OK when A attackers against D defenders is a size and a count the
   solvers take; the rules themselves are checked by the caller.  */
static int
check_armies (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  if (a > RO_ARMIES_MAX || d > RO_ARMIES_MAX)
    return RO_ERANGE;
  if (a == 0 && rules->count == RO_COUNT_TERRITORY)
    return RO_EINVAL;
  return RO_OK;
}

int
ro_check_battle (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  int rc = ro_rules_check (rules);
  if (rc == RO_OK)
    rc = check_armies (rules, a, d);
  return rc;
}

/* The rules once, then the two corners: the grid is no larger than its
   high corner, and no army count in it is lower than its low corner.  */
int
ro_check_grid (const ro_rules_t *rules, unsigned long a_lo,
               unsigned long a_hi, unsigned long d_lo, unsigned long d_hi)
{
  if (a_lo > a_hi || d_lo > d_hi)
    return RO_EINVAL;
  int rc = ro_rules_check (rules);
  if (rc == RO_OK)
    rc = check_armies (rules, a_lo, d_lo);
  if (rc == RO_OK)
    rc = check_armies (rules, a_hi, d_hi);
  return rc;
}

unsigned
ro_rules_max_attacker_loss (const ro_rules_t *rules)
{
  return rules->attack_dice < rules->defend_dice
    ? rules->attack_dice : rules->defend_dice;
}

int
ro_rules_optimizing (const ro_rules_t *rules)
{
  return rules->defender == RO_DEFENDER_OPTIMAL
    || rules->attacker == RO_ATTACKER_OPTIMAL;
}

int
ro_rules_plain (const ro_rules_t *rules)
{
  return rules->defender == RO_DEFENDER_MAX
    && rules->attacker == RO_ATTACKER_MAX;
}

/* Each round of na against nd dice costs min(na, nd) armies and adds
   na (resp. nd) to the exponent of the attacker's (defender's) sides, or
   na + nd to the one exponent when both roll the same dice.  A path loses
   at most f + d armies, so no denominator, and no numerator, has more
   than (f + d) times the bits per army returned here: a bound, monotone
   in a and d, not a guess (the engines' memory estimates start from
   it).  */
double
ro_rules_bits_per_army (const ro_rules_t *rules)
{
  return ro_rules_bits_per_army_upto (rules, ULONG_MAX);
}

/* The same for an attacker of at most F fighting armies, who never rolls
   more than F dice (1 .. 2 attackers on a territory: one die, 7.75 bits
   per army against two defence dice of 6, not the 10.3 of three dice
   against one).  */
double
ro_rules_bits_per_army_upto (const ro_rules_t *given, unsigned long f)
{
  /* On the engines' bases: mixed dice count as 24-sided.  */
  ro_rules_t eff, *rules = &eff;
  ro_rules_effective (&eff, given);
  double la = log2 (rules->attack_sides), ld = log2 (rules->defend_sides);
  unsigned top = f < rules->attack_dice ? (unsigned) (f ? f : 1)
    : rules->attack_dice;
  /* Under a policy every round is brought to the denominator of the
     most dice, and may cost a single army.  */
  if (!ro_rules_plain (rules))
    return top * la + rules->defend_dice * ld;
  double both = 0, ra = 0, rd = 0;
  for (unsigned na = 1; na <= top; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        double m = na < nd ? na : nd;
        both = fmax (both, (na * la + nd * ld) / m);
        ra = fmax (ra, na / m);
        rd = fmax (rd, nd / m);
      }
  /* With two bases the two exponents are maxima over different paths.  */
  return rules->attack_sides == rules->defend_sides ? both : ra * la + rd * ld;
}

/* Every question above that the engines ask at every state, answered
   once: they read C (inside the model, ro_model_t), never the rules
   through these functions again.  */
void
ro_rules_compile (ro_compiled_t *c, const ro_rules_t *rules)
{
  c->base[0] = rules->attack_sides;
  c->base[1] = rules->attack_sides == rules->defend_sides
    ? 1 : rules->defend_sides;
  c->max_loss = ro_rules_max_attacker_loss (rules);
  c->stop = ro_rules_stop_fighting (rules);
  c->behind = rules->count == RO_COUNT_TERRITORY;
  c->optimizing = ro_rules_optimizing (rules);
  c->plain = ro_rules_plain (rules);
  c->bits_per_army = ro_rules_bits_per_army (rules);
}
