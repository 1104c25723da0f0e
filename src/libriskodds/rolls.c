/* rolls.c -- the attack rolls a defender can tell apart, and his answers */

#include <config.h>

#include <limits.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* A defender who sees the attack roll before choosing his dice needs to
   know only the attacker's highest min(NA, ND) dice: with ND' <= ND dice
   he compares them with the attacker's ND' highest.  Grouping the rolls
   by those dice gives C(sides + shown - 1, shown) classes instead of
   sides^NA rolls (21 instead of 216 for the standard game).  */

void
ro_rolls_init (ro_rolls_t *rolls)
{
  rolls->attack_dice = rolls->defend_dice = rolls->shown = 0;
  rolls->n = 0;
  rolls->top = NULL;
  rolls->weight = NULL;
}

void
ro_rolls_clear (ro_rolls_t *rolls)
{
  free (rolls->top);
  free (rolls->weight);
  ro_rolls_init (rolls);
}

/* C(N, K) as a double, for counting classes without overflow.  */
static double
binom_d (unsigned n, unsigned k)
{
  double r = 1;
  for (unsigned t = 1; t <= k; t++)
    r = r * (n - k + t) / t;
  return r;
}

size_t
ro_rolls_count (const ro_rules_t *rules, unsigned na, unsigned nd)
{
  unsigned shown = na < nd ? na : nd;
  double n = binom_d (rules->attack_sides + shown - 1, shown);
  return n > RO_ROLLS_MAX ? RO_ROLLS_MAX + 1 : (size_t) n;
}

static double
pow_d (double x, unsigned k)
{
  double r = 1;
  while (k-- > 0)
    r *= x;
  return r;
}

size_t
ro_rules_rolls (const ro_rules_t *given)
{
  ro_rules_t eff, *rules = &eff;
  ro_rules_effective (&eff, given);   /* commanders' d8 on their faces */
  size_t total = 0;
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      total += ro_rolls_count (rules, na, nd);
  if (rules->defender == RO_DEFENDER_WIERINGA_ROLLED)
    {
      double ordered = 0;
      for (unsigned na = 1; na <= rules->attack_dice; na++)
        ordered += pow_d (rules->attack_sides, na);
      if (ordered > total)
        total = ordered > RO_ROLLS_MAX ? RO_ROLLS_MAX + 1 : (size_t) ordered;
    }
  return total > RO_ROLLS_MAX ? RO_ROLLS_MAX + 1 : total;
}

/* N^K, or 0 when it does not fit an unsigned long.  */
static unsigned long
pow_ul (unsigned long n, unsigned k)
{
  unsigned long r = 1;
  for (unsigned t = 0; t < k; t++)
    if (__builtin_mul_overflow (r, n, &r))
      return 0;
  return r;
}

static unsigned long
binom_ul (unsigned n, unsigned k)
{
  unsigned long r = 1;
  for (unsigned t = 1; t <= k; t++)
    r = r * (n - k + t) / t;
  return r;
}

/* The ordered rolls of NA dice whose SHOWN highest dice are TOP.  The
   dice above the lowest shown value V are exactly those of TOP; of the
   REM others, at least as many as TOP has show V and the rest show less
   than V.  */
static unsigned long
class_weight (const unsigned char *top, unsigned shown, unsigned na)
{
  unsigned v = top[shown - 1], above = 0;
  while (above < shown && top[above] > v)
    above++;
  unsigned rem = na - above, at_v = shown - above;
  /* The positions of the dice above V, value by value.  */
  unsigned long ways = 1;
  unsigned free_pos = na;
  for (unsigned i = 0; i < above;)
    {
      unsigned j = i;
      while (j < above && top[j] == top[i])
        j++;
      ways *= binom_ul (free_pos, j - i);
      free_pos -= j - i;
      i = j;
    }
  unsigned long tail = 0;
  for (unsigned j = at_v; j <= rem; j++)
    tail += binom_ul (rem, j) * pow_ul (v - 1, rem - j);
  return ways * tail;
}

/* The next non-increasing tuple after TOP in descending lexicographic
   order, or 0 after the last (all ones).  */
static int
next_tuple (unsigned char *top, unsigned shown)
{
  unsigned i = shown;
  while (i > 0 && top[i - 1] == 1)
    i--;
  if (i == 0)
    return 0;
  top[i - 1]--;
  for (unsigned j = i; j < shown; j++)
    top[j] = top[i - 1];
  return 1;
}

/* RULES checked, as the classes see them (ro_rules_effective): a side
   of commanders' dice only rolls d8; a side of d8 and d6 mixed has no
   classes of one kind of die, RO_ERULES.  */
static int
rolls_rules (ro_rules_t *eff, const ro_rules_t *rules)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  if (ro_rules_side_mixed (rules, 0) || ro_rules_side_mixed (rules, 1))
    return RO_ERULES;
  ro_rules_effective (eff, rules);
  return RO_OK;
}

int
ro_rolls (ro_rolls_t *rolls, const ro_rules_t *rules, unsigned na,
          unsigned nd)
{
  ro_rules_t eff;
  int rc = rolls_rules (&eff, rules);
  if (rc != RO_OK)
    return rc;
  if (na < 1 || na > rules->attack_dice || nd < 1 || nd > rules->defend_dice)
    return RO_EINVAL;
  return ro_rolls_valid (rolls, &eff, na, nd);
}

int
ro_rolls_valid (ro_rolls_t *rolls, const ro_rules_t *rules, unsigned na,
                unsigned nd)
{
  size_t n = ro_rolls_count (rules, na, nd);
  if (n > RO_ROLLS_MAX || pow_ul (rules->attack_sides, na) == 0)
    return RO_ERANGE;
  unsigned shown = na < nd ? na : nd;
  unsigned char *top = malloc (n * shown);
  unsigned long *weight = malloc (n * sizeof *weight);
  if (top == NULL || weight == NULL)
    {
      free (top);
      free (weight);
      return RO_ENOMEM;
    }
  ro_rolls_clear (rolls);
  rolls->attack_dice = na;
  rolls->defend_dice = nd;
  rolls->shown = shown;
  rolls->n = n;
  rolls->top = top;
  rolls->weight = weight;
  unsigned char t[RO_DICE_MAX];
  for (unsigned j = 0; j < shown; j++)
    t[j] = (unsigned char) rules->attack_sides;
  size_t i = 0;
  do
    {
      for (unsigned j = 0; j < shown; j++)
        top[i * shown + j] = t[j];
      weight[i] = class_weight (t, shown, na);
      i++;
    }
  while (next_tuple (t, shown));
  return RO_OK;
}

/* The defender's ND dice are placed value by value from the highest
   face down: W[j][w] counts the ways in which his j highest dice have
   been given values so far, the attacker winning w of the comparisons
   they decide.  Y dice placed at value V take sorted places j .. j+y-1,
   chosen among the ND - j unplaced dice in C(ND - j, y) ways.  */
int
ro_rolls_answer (unsigned long *count, const ro_rules_t *rules,
                 unsigned na, const unsigned char *top, unsigned nd)
{
  ro_rules_t eff;
  int rc = rolls_rules (&eff, rules);
  if (rc != RO_OK)
    return rc;
  return ro_rolls_answer_valid (count, &eff, na, top, nd);
}

int
ro_rolls_answer_valid (unsigned long *count, const ro_rules_t *rules,
                       unsigned na, const unsigned char *top, unsigned nd)
{
  if (na < 1 || na > RO_DICE_MAX || nd < 1 || nd > RO_DICE_MAX
      || pow_ul (rules->defend_sides, nd) == 0)
    return RO_EINVAL;
  unsigned m = na < nd ? na : nd;
  unsigned long w[RO_DICE_MAX + 1][RO_DICE_MAX + 1] = { { 0 } };
  unsigned long nw[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  w[0][0] = 1;
  for (unsigned v = rules->defend_sides; v >= 1; v--)
    {
      for (unsigned j = 0; j <= nd; j++)
        for (unsigned x = 0; x <= m; x++)
          nw[j][x] = 0;
      for (unsigned j = 0; j <= nd; j++)
        for (unsigned x = 0; x <= m; x++)
          {
            if (w[j][x] == 0)
              continue;
            unsigned won = x;
            for (unsigned y = 0; j + y <= nd; y++)
              {
                if (y > 0 && j + y - 1 < m
                    && ro_die_beats (rules, j + y - 1, top[j + y - 1], v))
                  won++;
                nw[j + y][won] += w[j][x] * binom_ul (nd - j, y);
              }
          }
      for (unsigned j = 0; j <= nd; j++)
        for (unsigned x = 0; x <= m; x++)
          w[j][x] = nw[j][x];
    }
  for (unsigned k = 0; k <= m; k++)
    count[k] = w[nd][m - k];
  return RO_OK;
}

unsigned
ro_wieringa_dice (const ro_rules_t *rules, unsigned na,
                  const unsigned char *top, unsigned long d)
{
  /* TOP may be the dice in the order rolled: rules (1) to (4) read
     only the second die.  */
  unsigned most = ro_rules_defend_dice (rules, d);
  if (most <= 1)
    return most;                        /* (1) */
  if (na <= 1)
    return most;                        /* (2) */
  unsigned sides = rules->defend_station
    || ro_rules_eight_sided (rules, 1, rules->defend_dice)
    >= rules->defend_dice ? RO_COMMANDER_SIDES : rules->defend_sides;
  if (2u * top[1] > sides)
    return 1;                           /* (3): above 3 on a d6 */
  return most;                          /* (4) */
}
