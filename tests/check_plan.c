/* check_plan.c -- tests of the dice policies: P(win), the plan's choices
   and the distribution of the end, against a plain recursion */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

/* The reference handles at most this many dice per side.  */
#define REF_DICE 3

static unsigned
min_ul (unsigned long a, unsigned b)
{
  return a < b ? (unsigned) a : b;
}

/* ------------------------------------------------------------------ */
/* Rule sets                                                          */
/* ------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  unsigned sa, sd, da, dd;
  int ab, db, ties_to_attacker;
  ro_count_t count;
  unsigned long stop, goal;
  unsigned long amax, dmax;     /* the grid the reference solves */
} rule_set_t;

static const rule_set_t rule_sets[] = {
  { "standard", 6, 6, 3, 2, 0, 0, 0, RO_COUNT_TERRITORY, 0, 0, 8, 8 },
  { "standard, attackers count", 6, 6, 3, 2, 0, 0, 0, RO_COUNT_ATTACKERS,
    0, 0, 7, 8 },
  { "ties to the attacker", 6, 6, 3, 2, 0, 0, 1, RO_COUNT_TERRITORY, 0, 0,
    8, 7 },
  { "attack bonus +1", 6, 6, 3, 2, 1, 0, 0, RO_COUNT_TERRITORY, 0, 0, 8, 7 },
  { "defend bonus +1", 6, 6, 3, 2, 0, 1, 0, RO_COUNT_TERRITORY, 0, 0, 8, 7 },
  { "d4, 3 v 3 dice", 4, 4, 3, 3, 0, 0, 0, RO_COUNT_TERRITORY, 0, 0, 7, 7 },
  { "d6 v d4", 6, 4, 3, 2, 0, 0, 0, RO_COUNT_TERRITORY, 0, 0, 8, 7 },
  { "d4 v d6, 2 v 3 dice, attackers count", 4, 6, 2, 3, 0, 0, 0,
    RO_COUNT_ATTACKERS, 0, 0, 7, 6 },
  { "d5, 3 v 3 dice, ties to the attacker, bonus -1 v +1", 5, 5, 3, 3, -1, 1,
    1, RO_COUNT_ATTACKERS, 0, 0, 6, 6 },
  /* A first-comparison bonus makes fewer dice better for the attacker
     in many states: his choice matters in these.  */
  { "attack bonus +2", 6, 6, 3, 2, 2, 0, 0, RO_COUNT_TERRITORY, 0, 0, 8, 7 },
  { "d5, 3 v 3 dice, attack bonus +2", 5, 5, 3, 3, 2, 0, 0,
    RO_COUNT_TERRITORY, 0, 0, 7, 6 },
  { "d3, 2 v 3 dice, defend bonus -1", 3, 3, 2, 3, 0, -1, 0,
    RO_COUNT_TERRITORY, 0, 0, 8, 7 },
  { "d4, 2 v 3 dice, bonus +2 v -1, attackers count", 4, 4, 2, 3, 2, -1, 0,
    RO_COUNT_ATTACKERS, 0, 0, 7, 7 },
  { "stop 3, goal 2", 6, 6, 3, 2, 0, 0, 0, RO_COUNT_TERRITORY, 3, 2, 8, 8 },
  { "stop 2, goal 1, attackers count", 6, 6, 3, 2, 0, 0, 0,
    RO_COUNT_ATTACKERS, 2, 1, 8, 8 }
};
#define N_RULE_SETS (sizeof rule_sets / sizeof rule_sets[0])

static void
rules_from_set (ro_rules_t *r, const rule_set_t *s)
{
  ro_rules_init (r);
  r->attack_sides = s->sa;
  r->defend_sides = s->sd;
  r->attack_dice = s->da;
  r->defend_dice = s->dd;
  r->attack_bonus = s->ab;
  r->defend_bonus = s->db;
  r->ties = s->ties_to_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = s->count;
  r->stop = s->stop;
  r->goal = s->goal;
}

static const ro_defender_t defenders[] =
  { RO_DEFENDER_MAX, RO_DEFENDER_WIERINGA, RO_DEFENDER_OPTIMAL,
    RO_DEFENDER_WIERINGA_ROLLED };
#define N_DEFENDERS (sizeof defenders / sizeof defenders[0])
#define OPT 2                   /* defenders[OPT] is the optimal one */
static const ro_attacker_t attackers[] =
  { RO_ATTACKER_MAX, RO_ATTACKER_OPTIMAL };

/* The smallest A of a battle: a territory holds at least one army.  */
static unsigned long
a_min (const ro_rules_t *r)
{
  return r->count == RO_COUNT_TERRITORY ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* The reference: every ordered roll, every policy taken literally    */
/* ------------------------------------------------------------------ */

/* The armies of A that can fight.  */
static unsigned long
fighting (const ro_rules_t *r, unsigned long a)
{
  if (r->count == RO_COUNT_ATTACKERS)
    return a;
  return a > 0 ? a - 1 : 0;
}

/* 1 when (A, D) is won, -1 when it is lost, 0 while the battle goes on.  */
static int
ref_over (const ro_rules_t *r, unsigned long a, unsigned long d)
{
  unsigned long f = fighting (r, a);

  if (d <= r->goal)
    return 1;
  if (f == 0 || f <= fighting (r, r->stop))
    return -1;
  return 0;
}

typedef struct
{
  ro_rules_t rules;
  unsigned long amax, dmax;
  mpq_t *win;                   /* P(win) of (a, d) at a * (dmax + 1) + d */
  unsigned char *attack;        /* the attacker's dice there; 0 when over */
  char *known;
} ref_t;

static void
ref_init (ref_t *ref, const ro_rules_t *rules, unsigned long amax,
          unsigned long dmax)
{
  size_t n = (amax + 1) * (dmax + 1);

  ck_assert (rules->attack_dice <= REF_DICE);
  ck_assert (rules->defend_dice <= REF_DICE);
  ref->rules = *rules;
  ref->amax = amax;
  ref->dmax = dmax;
  ref->win = malloc (n * sizeof *ref->win);
  ref->attack = calloc (n, 1);
  ref->known = calloc (n, 1);
  ck_assert_ptr_nonnull (ref->win);
  ck_assert_ptr_nonnull (ref->attack);
  ck_assert_ptr_nonnull (ref->known);
  for (size_t c = 0; c < n; c++)
    mpq_init (ref->win[c]);
}

static void
ref_clear (ref_t *ref)
{
  size_t n = (ref->amax + 1) * (ref->dmax + 1);

  for (size_t c = 0; c < n; c++)
    mpq_clear (ref->win[c]);
  free (ref->win);
  free (ref->attack);
  free (ref->known);
}

static mpq_srcptr ref_win (ref_t *ref, unsigned long a, unsigned long d);

/* Q = the attacker's P(win) once the defender has answered his sorted
   roll V (NA dice) in state (A, D) with ND dice: the mean over the
   defender's ordered rolls of P(win) of the state each leads to.  */
static void
ref_answer_value (mpq_t q, ref_t *ref, unsigned long a, unsigned long d,
                  const unsigned *v, unsigned na, unsigned nd)
{
  unsigned long count[RO_DICE_MAX + 1], total;
  unsigned m = test_min_u (na, nd);
  mpq_t t;

  total = test_defence_counts (count, &ref->rules, na, v, nd);
  mpq_init (t);
  mpq_set_ui (q, 0, 1);
  for (unsigned k = 0; k <= m; k++)
    if (count[k] != 0)
      {
        mpq_set_ui (t, count[k], total);
        mpq_canonicalize (t);
        mpq_mul (t, t, ref_win (ref, a - k, d - (m - k)));
        mpq_add (q, q, t);
      }
  mpq_clear (t);
}

/* The dice the defender rolls in state (A, D) against the attack roll
   DICE of NA dice (in the order rolled; V is it sorted, highest first),
   by his policy, word for word.  */
static unsigned
ref_defend (ref_t *ref, unsigned long a, unsigned long d,
            const unsigned *dice, const unsigned *v, unsigned na)
{
  const ro_rules_t *r = &ref->rules;
  unsigned most = min_ul (d, r->defend_dice), best = 0;
  mpq_t q, best_q;

  switch (r->defender)
    {
    case RO_DEFENDER_MAX:
      return most;
    case RO_DEFENDER_WIERINGA:
    case RO_DEFENDER_WIERINGA_ROLLED:
      if (most == 1)
        return 1;
      if (na == 1)
        return most;
      /* The second-highest die, or the second die as rolled.  */
      if (2 * (r->defender == RO_DEFENDER_WIERINGA ? v[1] : dice[1])
          > r->defend_sides)
        return 1;
      return most;
    case RO_DEFENDER_OPTIMAL:
      break;
    }
  /* The fewest P(win) for the attacker; on a tie the most dice.  */
  mpq_init (q);
  mpq_init (best_q);
  for (unsigned nd = 1; nd <= most; nd++)
    {
      ref_answer_value (q, ref, a, d, v, na, nd);
      if (best == 0 || mpq_cmp (q, best_q) <= 0)
        {
          best = nd;
          mpq_set (best_q, q);
        }
    }
  mpq_clear (q);
  mpq_clear (best_q);
  return best;
}

/* One round in state (A, D) when the attacker rolls NA dice and the
   defender answers each roll by his policy: NUM[ka][kd] / *DEN is the
   probability that the attacker loses ka armies and the defender kd.
   DEN = attack_sides^NA * defend_sides^(most defence dice), the common
   denominator of every (attack roll, defence roll) pair.  */
static void
ref_transition (unsigned long num[REF_DICE + 1][REF_DICE + 1],
                unsigned long *den, ref_t *ref, unsigned long a,
                unsigned long d, unsigned na)
{
  const ro_rules_t *r = &ref->rules;
  unsigned most = min_ul (d, r->defend_dice);
  unsigned dice[REF_DICE], v[REF_DICE];

  memset (num, 0, (REF_DICE + 1) * sizeof num[0]);
  *den = test_pow_ul (r->attack_sides, na)
    * test_pow_ul (r->defend_sides, most);
  test_first_roll (dice, na);
  do
    {
      unsigned long count[RO_DICE_MAX + 1];
      unsigned nd, m;

      test_sort_desc (v, dice, na);
      nd = ref_defend (ref, a, d, dice, v, na);
      test_require_msg (nd >= 1 && nd <= most, "reference: %u dice of %u", nd,
                        most);
      m = test_min_u (na, nd);
      test_defence_counts (count, r, na, v, nd);
      for (unsigned k = 0; k <= m; k++)
        num[k][m - k] += count[k] * test_pow_ul (r->defend_sides, most - nd);
    }
  while (test_next_roll (dice, na, r->attack_sides));
}

/* Q = the attacker's P(win) in state (A, D) when he rolls NA dice now
   (and both sides follow their policies from then on).  */
static void
ref_value (mpq_t q, ref_t *ref, unsigned long a, unsigned long d,
           unsigned na)
{
  unsigned long num[REF_DICE + 1][REF_DICE + 1], den;
  mpq_t t;

  ref_transition (num, &den, ref, a, d, na);
  mpq_init (t);
  mpq_set_ui (q, 0, 1);
  for (unsigned ka = 0; ka <= na; ka++)
    for (unsigned kd = 0; kd <= REF_DICE; kd++)
      if (num[ka][kd] != 0)
        {
          mpq_set_ui (t, num[ka][kd], den);
          mpq_canonicalize (t);
          mpq_mul (t, t, ref_win (ref, a - ka, d - kd));
          mpq_add (q, q, t);
        }
  mpq_clear (t);
}

/* P(win) of state (A, D), memoised, and the attacker's choice there.  */
static mpq_srcptr
ref_win (ref_t *ref, unsigned long a, unsigned long d)
{
  const ro_rules_t *r = &ref->rules;
  size_t c = a * (ref->dmax + 1) + d;
  int over;

  test_require_msg (a <= ref->amax && d <= ref->dmax,
                    "reference: (%lu, %lu) outside its grid", a, d);
  if (ref->known[c])
    return ref->win[c];
  over = ref_over (r, a, d);
  if (over != 0)
    {
      mpq_set_ui (ref->win[c], over > 0, 1);
      ref->attack[c] = 0;
    }
  else
    {
      unsigned most = min_ul (fighting (r, a), r->attack_dice), best = 0;
      mpq_t q, best_q;

      mpq_init (q);
      mpq_init (best_q);
      /* The most P(win); on a tie the most dice.  */
      for (unsigned na = r->attacker == RO_ATTACKER_MAX ? most : 1;
           na <= most; na++)
        {
          ref_value (q, ref, a, d, na);
          if (best == 0 || mpq_cmp (q, best_q) >= 0)
            {
              best = na;
              mpq_set (best_q, q);
            }
        }
      mpq_set (ref->win[c], best_q);
      ref->attack[c] = (unsigned char) best;
      mpq_clear (q);
      mpq_clear (best_q);
    }
  ref->known[c] = 1;
  return ref->win[c];
}

static unsigned
ref_attack (ref_t *ref, unsigned long a, unsigned long d)
{
  ref_win (ref, a, d);
  return ref->attack[a * (ref->dmax + 1) + d];
}

/* END[a * (dmax + 1) + d] (initialised by the caller) = the probability
   that the battle A0 v D0 ends in (a, d): a forward pass over the states,
   by falling number of armies (every round takes at least one), with the
   reference's choices.  */
static void
ref_dist (mpq_t *end, ref_t *ref, unsigned long a0, unsigned long d0)
{
  const size_t cols = ref->dmax + 1;
  mpq_t t;

  mpq_init (t);
  for (unsigned long a = 0; a <= ref->amax; a++)
    for (unsigned long d = 0; d <= ref->dmax; d++)
      mpq_set_ui (end[a * cols + d], 0, 1);
  mpq_set_ui (end[a0 * cols + d0], 1, 1);
  for (unsigned long s = a0 + d0 + 1; s-- > 0;)
    for (unsigned long a = 0; a <= a0 && a <= s; a++)
      {
        unsigned long d = s - a, num[REF_DICE + 1][REF_DICE + 1], den;
        mpq_ptr here = end[a * cols + d];
        unsigned na;

        if (d > d0 || mpq_sgn (here) == 0 || ref_over (&ref->rules, a, d))
          continue;
        na = ref_attack (ref, a, d);
        ref_transition (num, &den, ref, a, d, na);
        for (unsigned ka = 0; ka <= na; ka++)
          for (unsigned kd = 0; kd <= REF_DICE; kd++)
            if (num[ka][kd] != 0)
              {
                mpq_set_ui (t, num[ka][kd], den);
                mpq_canonicalize (t);
                mpq_mul (t, t, here);
                mpq_add (end[(a - ka) * cols + d - kd],
                         end[(a - ka) * cols + d - kd], t);
              }
        mpq_set_ui (here, 0, 1);
      }
  mpq_clear (t);
}

/* ------------------------------------------------------------------ */
/* (e) The reference against known values                             */
/* ------------------------------------------------------------------ */

/* McLoone's exact table (seed 003), territory count, standard rules.  */
static const struct
{
  unsigned long a, d;
  const char *win;
} mcloone[] = {
  { 2, 1, "5/12" },
  { 2, 2, "275/2592" },
  { 3, 1, "1955/2592" },
  { 3, 2, "235/648" },
  { 3, 3, "692225/3359232" },
  { 4, 3, "511817135/1088391168" },
  { 5, 4, "16132151698115/33853318889472" }
};

START_TEST (test_reference_known)
{
  ro_rules_t r;
  ref_t ref;
  mpq_t want;
  unsigned long num[REF_DICE + 1][REF_DICE + 1], den;

  mpq_init (want);
  ro_rules_init (&r);
  ref_init (&ref, &r, 5, 4);
  for (size_t i = 0; i < sizeof mcloone / sizeof mcloone[0]; i++)
    {
      ck_assert_int_eq (mpq_set_str (want, mcloone[i].win, 10), 0);
      ck_assert_msg (mpq_equal (ref_win (&ref, mcloone[i].a, mcloone[i].d),
                                want),
                     "reference P(%lu, %lu) = %s, McLoone %s", mcloone[i].a,
                     mcloone[i].d,
                     mpq_get_str (NULL, 10,
                                  ref_win (&ref, mcloone[i].a,
                                           mcloone[i].d)), mcloone[i].win);
    }
  /* One round of 3 v 2 dice: of the 7776 rolls, 2890 cost the defender
     two armies, 2611 one army each and 2275 the attacker two.  */
  ref_transition (num, &den, &ref, 4, 2, 3);
  ck_assert_uint_eq (den, 7776);
  ck_assert_uint_eq (num[0][2], 2890);
  ck_assert_uint_eq (num[1][1], 2611);
  ck_assert_uint_eq (num[2][0], 2275);
  ck_assert_uint_eq (ref_attack (&ref, 4, 2), 3);
  ck_assert_uint_eq (ref_attack (&ref, 2, 2), 1);
  ck_assert_uint_eq (ref_attack (&ref, 5, 0), 0);
  ref_clear (&ref);

  /* Counting the fighters, P(1, 1) = 5/12 too.  */
  r.count = RO_COUNT_ATTACKERS;
  ref_init (&ref, &r, 1, 1);
  mpq_set_ui (want, 5, 12);
  ck_assert (mpq_equal (ref_win (&ref, 1, 1), want));
  ref_clear (&ref);
  mpq_clear (want);
}
END_TEST

/* Wieringa's Figure 4 (seed 001): P(win) in hundredths, territory
   count, X = 1 .. 15 attacking armies (rows), Y = 0 .. 15 defending
   (columns); -1 where he prints "-".  His text states rule (3) on the
   attacker's second-highest die, but his figures follow from rule (3)
   on the second die as rolled (RO_DEFENDER_WIERINGA_ROLLED): under the
   rules as stated P(3, 2) is 32035/93312 = 0.3433, not his 0.39.  */
static const int wieringa_figure4[15][16] = {
  { -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { 100, 42, 11, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { 100, 75, 39, 20, 9, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0 },
  { 100, 92, 67, 47, 31, 20, 12, 8, 5, 3, 2, 1, 1, 0, 0, 0 },
  { 100, 97, 81, 64, 48, 35, 25, 17, 12, 8, 5, 3, 2, 1, 1, 1 },
  { 100, 99, 90, 78, 64, 51, 39, 29, 21, 15, 11, 8, 5, 4, 2, 2 },
  { 100, 100, 95, 86, 76, 64, 52, 41, 32, 25, 18, 14, 10, 7, 5, 4 },
  { 100, 100, 97, 92, 84, 74, 64, 53, 44, 35, 27, 21, 16, 12, 9, 7 },
  { 100, 100, 99, 95, 90, 82, 74, 64, 55, 45, 37, 30, 24, 18, 14, 11 },
  { 100, 100, 99, 97, 94, 88, 81, 73, 64, 56, 47, 39, 32, 26, 20, 16 },
  { 100, 100, 100, 98, 96, 92, 87, 80, 73, 65, 56, 48, 41, 34, 28, 22 },
  { 100, 100, 100, 99, 98, 95, 91, 86, 80, 73, 65, 57, 50, 42, 36, 30 },
  { 100, 100, 100, 99, 99, 97, 94, 90, 85, 79, 72, 65, 58, 51, 44, 37 },
  { 100, 100, 100, 100, 99, 98, 96, 93, 89, 84, 79, 72, 66, 59, 52, 45 },
  { 100, 100, 100, 100, 99, 99, 97, 95, 92, 89, 84, 78, 72, 66, 59, 53 }
};

/* Every cell of Figure 4 within half a hundredth of Q(X, Y).  */
static void
check_figure4 (ref_t *ref, const char *who)
{
  mpq_t cell, err, half;

  mpq_inits (cell, err, half, (mpq_ptr) 0);
  mpq_set_ui (half, 1, 200);
  for (unsigned long x = 1; x <= 15; x++)
    for (unsigned long y = 0; y <= 15; y++)
      {
        int h = wieringa_figure4[x - 1][y];
        if (h < 0)
          continue;
        mpq_set_ui (cell, (unsigned long) h, 100);
        mpq_canonicalize (cell);
        mpq_sub (err, ref_win (ref, x, y), cell);
        mpq_abs (err, err);
        ck_assert_msg (mpq_cmp (err, half) <= 0,
                       "%s P(%lu, %lu) = %.6f, Wieringa's Figure 4 %d.%02d",
                       who, x, y, mpq_get_d (ref_win (ref, x, y)), h / 100,
                       h % 100);
      }
  mpq_clears (cell, err, half, (mpq_ptr) 0);
}

START_TEST (test_reference_figure4)
{
  ro_rules_t r;
  ref_t ref;

  ro_rules_init (&r);
  r.defender = RO_DEFENDER_WIERINGA_ROLLED;
  ref_init (&ref, &r, 15, 15);
  check_figure4 (&ref, "reference");
  ref_clear (&ref);
}
END_TEST

/* The policies, standard rules, territory count: values from a second
   brute force (Python fractions over every ordered roll, written apart
   from this file).  Under Wieringa's rules as he states them P(3, 2) is
   32035/93312 = 0.3433, below the 235/648 of the defender who always
   rolls two; his Figure 4 prints 0.39, from his rule on the dice as
   rolled (above).  */
static const struct
{
  ro_defender_t defender;
  ro_attacker_t attacker;
  unsigned long a, d;
  const char *win;
} policy_values[] = {
  { RO_DEFENDER_WIERINGA, RO_ATTACKER_MAX, 3, 2, "32035/93312" },
  { RO_DEFENDER_OPTIMAL, RO_ATTACKER_MAX, 3, 2, "32035/93312" },
  { RO_DEFENDER_WIERINGA, RO_ATTACKER_MAX, 5, 4,
    "684879790868723/1624959306694656" },
  { RO_DEFENDER_OPTIMAL, RO_ATTACKER_MAX, 5, 4,
    "1015860391015699/2437438960041984" },
  { RO_DEFENDER_WIERINGA, RO_ATTACKER_OPTIMAL, 6, 5,
    "815190630089984131/1871953121312243712" },
  { RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 6, 5,
    "24543055592841191533/56860576059859402752" }
};

START_TEST (test_reference_policies)
{
  ro_rules_t r;
  ref_t ref;
  mpq_t want;

  mpq_init (want);
  for (size_t i = 0; i < sizeof policy_values / sizeof policy_values[0]; i++)
    {
      ro_rules_init (&r);
      r.defender = policy_values[i].defender;
      r.attacker = policy_values[i].attacker;
      ref_init (&ref, &r, policy_values[i].a, policy_values[i].d);
      ck_assert_int_eq (mpq_set_str (want, policy_values[i].win, 10), 0);
      ck_assert_msg (mpq_equal (ref_win (&ref, policy_values[i].a,
                                         policy_values[i].d), want),
                     "reference, defender %s, attacker %s: P(%lu, %lu) = %s, "
                     "the second brute force %s",
                     test_defender_name (r.defender),
                     test_attacker_name (r.attacker),
                     policy_values[i].a, policy_values[i].d,
                     mpq_get_str (NULL, 10,
                                  ref_win (&ref, policy_values[i].a,
                                           policy_values[i].d)),
                     policy_values[i].win);
      ref_clear (&ref);
    }
  mpq_clear (want);
}
END_TEST

/* Hand-checked choices of the optimal policies.  With one attacking
   die the defender's second die can only help him, and in 3 v 2 at
   (A, D) = (4, 2) a defender who sees 6 6 rolls one die.  */
START_TEST (test_reference_choices)
{
  ro_rules_t r;
  ref_t ref;
  unsigned v[REF_DICE];

  ro_rules_init (&r);
  r.defender = RO_DEFENDER_OPTIMAL;
  r.attacker = RO_ATTACKER_OPTIMAL;
  ref_init (&ref, &r, 8, 8);
  for (unsigned long d = 2; d <= 8; d++)
    for (unsigned x = 1; x <= 6; x++)
      {
        v[0] = x;
        ck_assert_uint_eq (ref_defend (&ref, 2, d, v, v, 1), 2);
      }
  /* Against 6 6 x: one die loses an army with probability 5/6 and
     leaves (4, 1) (P(win) about 0.92) or else (3, 2) (about 0.35):
     about 0.82 for the attacker; two dice lose both armies with
     probability 25/36, which ends the battle, and leave (3, 1) (about
     0.75) with 10/36: about 0.91.  So one die.  */
  v[0] = 6;
  v[1] = 6;
  v[2] = 1;
  ck_assert_uint_eq (ref_defend (&ref, 4, 2, v, v, 3), 1);
  /* Against 1 1 1 two dice take two armies for sure, one die one.  */
  v[0] = v[1] = v[2] = 1;
  ck_assert_uint_eq (ref_defend (&ref, 4, 2, v, v, 3), 2);
  /* A defender with one army has one choice.  */
  v[0] = v[1] = v[2] = 6;
  ck_assert_uint_eq (ref_defend (&ref, 8, 1, v, v, 3), 1);
  ref_clear (&ref);

  /* With a +3 hero only the attacker's first comparison favours him:
     with two fighting armies, a second die adds a comparison he is
     likely to lose, so at (3, D) he rolls one.  P(3, 2) = 10349/11664
     (0.8873) with one die, 0.8130 with two, by the second brute force
     in Python.  */
  r.attack_bonus = 3;
  ref_init (&ref, &r, 7, 7);
  {
    mpq_t q;
    mpq_init (q);
    mpq_set_ui (q, 10349, 11664);
    ck_assert (mpq_equal (ref_win (&ref, 3, 2), q));
    mpq_clear (q);
  }
  for (unsigned long d = 2; d <= 7; d++)
    ck_assert_uint_eq (ref_attack (&ref, 3, d), 1);
  ck_assert_uint_eq (ref_attack (&ref, 3, 1), 2);
  ref_clear (&ref);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (a) P(win) grids against the reference                             */
/* ------------------------------------------------------------------ */

typedef struct
{
  ref_t *ref;
  const char *what;
  unsigned long next_a, next_d, a_lo, d_hi, cells;
} grid_visit_t;

static int
grid_visit (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  grid_visit_t *v = data;
  mpq_srcptr want;

  ck_assert_msg (a == v->next_a && d == v->next_d,
                 "%s: visited (%lu, %lu), expected (%lu, %lu)", v->what, a,
                 d, v->next_a, v->next_d);
  ck_assert_msg (test_is_canonical (win), "%s, (%lu, %lu): not canonical",
                 v->what, a, d);
  want = ref_win (v->ref, a, d);
  if (!mpq_equal (win, want))
    ck_abort_msg ("%s, (%lu, %lu): ro_battle_grid %s = %.12f, the reference "
                  "%s = %.12f", v->what, a, d, mpq_get_str (NULL, 10, win),
                  mpq_get_d (win), mpq_get_str (NULL, 10, want),
                  mpq_get_d (want));
  if (++v->next_d > v->d_hi)
    {
      v->next_d = 0;
      v->next_a++;
    }
  v->cells++;
  return 0;
}

/* V, ready for a grid of A_LO .. v 0 .. D_HI checked against REF.  */
static void
grid_visit_start (grid_visit_t *v, ref_t *ref, const char *what,
                  unsigned long a_lo, unsigned long d_hi)
{
  v->ref = ref;
  v->what = what;
  v->a_lo = v->next_a = a_lo;
  v->next_d = 0;
  v->d_hi = d_hi;
  v->cells = 0;
}

/* Run CHECK under every pair of policies (each defender's against each
   attacker's) on rule set S, with a reference for battles up to AMAX v
   DMAX; CHECK reads the rules, policies included, from the reference and
   gets them in words for its messages.  */
typedef void policy_check_t (ref_t *ref, const char *what,
                             unsigned long amax, unsigned long dmax);

static void
for_each_policy (const rule_set_t *s, unsigned long amax, unsigned long dmax,
                 policy_check_t *check)
{
  for (size_t i = 0; i < N_DEFENDERS; i++)
    for (size_t j = 0; j < 2; j++)
      {
        char what[300];
        ro_rules_t r;
        ref_t ref;

        rules_from_set (&r, s);
        r.defender = defenders[i];
        r.attacker = attackers[j];
        test_describe_rules (what, sizeof what, &r);
        ref_init (&ref, &r, amax, dmax);
        check (&ref, what, amax, dmax);
        ref_clear (&ref);
      }
}

/* The grid of A_LO .. AMAX v 0 .. DMAX visits its cells in order, each
   the reference's.  */
static void
check_grid_policy (ref_t *ref, const char *what, unsigned long amax,
                   unsigned long dmax)
{
  grid_visit_t v;
  int rc;

  grid_visit_start (&v, ref, what, a_min (&ref->rules), dmax);
  rc = ro_battle_grid (&ref->rules, v.a_lo, amax, 0, dmax, grid_visit, &v);
  ck_assert_msg (rc == RO_OK, "%s: ro_battle_grid gave %d", what, rc);
  ck_assert_msg (v.cells == (amax - v.a_lo + 1) * (dmax + 1),
                 "%s: %lu cells visited", what, v.cells);
}

START_TEST (test_grid_policies)
{
  const rule_set_t *s = &rule_sets[_i];

  for_each_policy (s, s->amax, s->dmax, check_grid_policy);
}
END_TEST

/* ro_battle_grid_threads: the cells arrive on several threads in no
   set order, so the cell function only stores them (each cell its own
   slot, written by one thread) and counts; the checks against the
   reference run afterwards, on this thread.  The row function checks,
   when it is called, that the rows come in order and each after all of
   its cells; the cell function that no cell comes more than the window
   of rows ahead of the row function.  */
typedef struct
{
  const ro_rules_t *r;
  unsigned long a_lo, a_hi, d_lo, d_hi, window;
  mpq_t *win;                   /* (a - a_lo) * cols + d - d_lo */
  unsigned long *seen;          /* per cell: calls of the cell function */
  unsigned long *row_cells;     /* per row: cells through */
  unsigned long next_row;       /* the row the row function expects */
  unsigned long calls, stop_cell, stop_row;
  int bad_order, bad_window, bad_row;
} threads_visit_t;

static int
threads_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  threads_visit_t *v = data;
  size_t cols = v->d_hi - v->d_lo + 1;
  if (a < v->a_lo || a > v->a_hi || d < v->d_lo || d > v->d_hi)
    {
      __atomic_store_n (&v->bad_order, 1, __ATOMIC_SEQ_CST);
      return 0;
    }
  if (a >= __atomic_load_n (&v->next_row, __ATOMIC_SEQ_CST) + v->window)
    __atomic_store_n (&v->bad_window, 1, __ATOMIC_SEQ_CST);
  size_t c = (a - v->a_lo) * cols + (d - v->d_lo);
  mpq_set (v->win[c], win);
  __atomic_add_fetch (&v->seen[c], 1, __ATOMIC_SEQ_CST);
  __atomic_add_fetch (&v->row_cells[a - v->a_lo], 1, __ATOMIC_SEQ_CST);
  unsigned long n = __atomic_add_fetch (&v->calls, 1, __ATOMIC_SEQ_CST);
  return n == v->stop_cell ? 7 : 0;
}

static int
threads_row (void *data, unsigned long a)
{
  threads_visit_t *v = data;
  if (a != v->next_row
      || __atomic_load_n (&v->row_cells[a - v->a_lo], __ATOMIC_SEQ_CST)
      != v->d_hi - v->d_lo + 1)
    v->bad_row = 1;
  __atomic_store_n (&v->next_row, a + 1, __ATOMIC_SEQ_CST);
  return v->stop_row != 0 && a == v->stop_row ? 9 : 0;
}

/* The grid A_LO..A_HI x D_LO..D_HI of REF's rules on THREADS threads,
   stopped by the cell function at its STOP_CELL-th call or by the row
   function at row STOP_ROW when not 0: every cell reported is the
   reference's, once; with no stop, every cell is.  */
static void
check_threads (ref_t *ref, const char *what, unsigned long a_lo,
               unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
               unsigned threads, unsigned long stop_cell,
               unsigned long stop_row)
{
  size_t cols = d_hi - d_lo + 1, n = (a_hi - a_lo + 1) * cols;
  threads_visit_t v = { &ref->rules, a_lo, a_hi, d_lo, d_hi, 0, NULL, NULL,
    NULL, a_lo, 0, stop_cell, stop_row, 0, 0, 0
  };
  v.window = ro_battle_grid_window (&ref->rules, d_hi, threads);
  ck_assert_uint_ge (v.window, 1);
  v.win = malloc (n * sizeof *v.win);
  v.seen = calloc (n, sizeof *v.seen);
  v.row_cells = calloc (a_hi - a_lo + 1, sizeof *v.row_cells);
  ck_assert (v.win && v.seen && v.row_cells);
  for (size_t c = 0; c < n; c++)
    mpq_init (v.win[c]);
  int rc = ro_battle_grid_threads (&ref->rules, a_lo, a_hi, d_lo, d_hi,
                                   threads, threads_cell, threads_row, &v);
  ck_assert_msg (!v.bad_order && !v.bad_window && !v.bad_row,
                 "%s, %u threads: a cell out of the grid (%d) or beyond the "
                 "window (%d), or a row out of order or early (%d)", what,
                 threads, v.bad_order, v.bad_window, v.bad_row);
  if (stop_cell != 0 && stop_cell <= n)
    ck_assert_msg (rc == 7 && v.calls >= stop_cell, "%s, %u threads: "
                   "stopped at cell %lu: %d after %lu calls", what, threads,
                   stop_cell, rc, v.calls);
  else if (stop_row != 0)
    ck_assert_msg (rc == 9 && v.next_row == stop_row + 1, "%s, %u threads: "
                   "stopped at row %lu: %d, rows up to %lu", what, threads,
                   stop_row, rc, v.next_row - 1);
  else
    ck_assert_msg (rc == RO_OK && v.calls == n && v.next_row == a_hi + 1,
                   "%s, %u threads: %d, %lu of %zu cells, rows up to %lu",
                   what, threads, rc, v.calls, n, v.next_row - 1);
  for (size_t c = 0; c < n; c++)
    {
      unsigned long a = a_lo + c / cols, d = d_lo + c % cols;
      ck_assert_msg (v.seen[c] <= 1, "%s, %u threads: (%lu, %lu) reported "
                     "%lu times", what, threads, a, d, v.seen[c]);
      if (v.seen[c] == 0)
        continue;
      ck_assert_msg (test_is_canonical (v.win[c]), "%s, %u threads, (%lu, "
                     "%lu): not canonical", what, threads, a, d);
      if (!mpq_equal (v.win[c], ref_win (ref, a, d)))
        ck_abort_msg ("%s, %u threads, (%lu, %lu): %s, the reference %s",
                      what, threads, a, d, mpq_get_str (NULL, 10, v.win[c]),
                      mpq_get_str (NULL, 10, ref_win (ref, a, d)));
    }
  for (size_t c = 0; c < n; c++)
    mpq_clear (v.win[c]);
  free (v.win);
  free (v.seen);
  free (v.row_cells);
}

/* Rule sets of rule_sets[] for the threaded grid, each under the
   standard dice policies, an optimal defender and an optimal attacker,
   on 1, 2, 3 and 7 threads, over grids wide enough for many blocks of
   columns and tall enough for the ring to turn over many times.  */
static const size_t threads_sets[] = { 0, 1, 2, 3, 5, 6, 8, 13 };
#define N_THREADS_SETS (sizeof threads_sets / sizeof threads_sets[0])

START_TEST (test_grid_threads)
{
  static const unsigned threads[] = { 1, 2, 3, 7 };
  const rule_set_t *s = &rule_sets[threads_sets[_i]];
  gmp_randstate_t st;
  test_rand_init (st, 40 + (unsigned long) _i);
  for (int p = 0; p < 3; p++)
    {
      char what[300];
      ro_rules_t r;
      ref_t ref;
      unsigned long amax = 16, dmax = 23;
      rules_from_set (&r, s);
      if (p == 1)
        r.defender = RO_DEFENDER_OPTIMAL;
      else if (p == 2)
        r.attacker = RO_ATTACKER_OPTIMAL;
      test_describe_rules (what, sizeof what, &r);
      ref_init (&ref, &r, amax, dmax);
      for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
        {
          check_threads (&ref, what, a_min (&r), amax, 0, dmax, threads[t],
                         0, 0);
          /* A sub-grid, and a stop from either function.  */
          unsigned long a_lo = test_rand_range (st, a_min (&r) + 1, 8);
          unsigned long d_lo = test_rand_range (st, 1, 12);
          unsigned long d_hi = test_rand_range (st, d_lo, dmax);
          check_threads (&ref, what, a_lo, amax, d_lo, d_hi, threads[t],
                         0, 0);
          check_threads (&ref, what, a_lo, amax, d_lo, d_hi, threads[t],
                         test_rand_range (st, 1, 60), 0);
          check_threads (&ref, what, a_lo, amax, d_lo, d_hi, threads[t],
                         0, test_rand_range (st, a_lo, amax));
        }
      ref_clear (&ref);
    }
  gmp_randclear (st);
}
END_TEST

START_TEST (test_grid_threads_errors)
{
  ro_rules_t r;
  ro_rules_init (&r);
  ck_assert_int_eq (ro_battle_grid_threads (&r, 1, 5, 1, 5,
                                            RO_THREADS_MAX + 1, threads_cell,
                                            threads_row, NULL), RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid_threads (&r, 5, 4, 1, 5, 2, threads_cell,
                                            threads_row, NULL), RO_EINVAL);
  ck_assert_uint_ge (ro_threads_available (), 1);
  ck_assert_uint_le (ro_threads_available (), RO_THREADS_MAX);
  /* Memory: the one-thread grid is the recursion's, and more threads
     hold more rows.  */
  double one, rec, two;
  ck_assert_int_eq (ro_battle_grid_memory (&one, &r, 100, 100, 1), RO_OK);
  ck_assert_int_eq (ro_battle_memory_method (&rec, &r, 100, 100,
                                             RO_METHOD_RECURSION), RO_OK);
  ck_assert (one == rec);
  ck_assert_int_eq (ro_battle_grid_memory (&two, &r, 100, 100, 2), RO_OK);
  ck_assert (two > one);
  ck_assert_int_eq (ro_battle_grid_memory (&two, &r, 100, 100,
                                           RO_THREADS_MAX + 1), RO_EINVAL);
}
END_TEST

/* ro_battle_win on every third A and every other D of the grid is the
   reference's P(win).  */
static void
check_win_policy (ref_t *ref, const char *what, unsigned long amax,
                  unsigned long dmax)
{
  const ro_rules_t *r = &ref->rules;
  mpq_t got;

  mpq_init (got);
  for (unsigned long a = a_min (r); a <= amax; a += 3)
    for (unsigned long d = 0; d <= dmax; d += 2)
      {
        int rc = ro_battle_win (got, r, a, d);
        ck_assert_msg (rc == RO_OK, "%s, (%lu, %lu): ro_battle_win gave %d",
                       what, a, d, rc);
        ck_assert_msg (mpq_equal (got, ref_win (ref, a, d)),
                       "%s, (%lu, %lu): ro_battle_win %s, the reference %s",
                       what, a, d, mpq_get_str (NULL, 10, got),
                       mpq_get_str (NULL, 10, ref_win (ref, a, d)));
      }
  mpq_clear (got);
}

/* ro_battle_win, cell by cell, agrees with the grid (and the reference)
   on a few cells under the optimal policies.  */
START_TEST (test_win_policies)
{
  const rule_set_t *s = &rule_sets[_i];

  for_each_policy (s, s->amax, s->dmax, check_win_policy);
}
END_TEST

/* The library reproduces Wieringa's Figure 4 cell for cell with his
   rule (3) on the dice as rolled, through the reference (which
   test_reference_figure4 holds to the figure).  */
START_TEST (test_grid_figure4)
{
  ro_rules_t r;
  ref_t ref;
  grid_visit_t v;

  ro_rules_init (&r);
  r.defender = RO_DEFENDER_WIERINGA_ROLLED;
  ref_init (&ref, &r, 15, 15);
  grid_visit_start (&v, &ref, "Wieringa's Figure 4", 1, 15);
  ck_assert_int_eq (ro_battle_grid (&r, 1, 15, 0, 15, grid_visit, &v),
                    RO_OK);
  ck_assert_uint_eq (v.cells, 15 * 16);
  check_figure4 (&ref, "reference");
  ref_clear (&ref);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (b) The plan: P(win) and every choice                              */
/* ------------------------------------------------------------------ */

/* The classes of a roll of SIDES-sided dice by its SHOWN highest: the
   multisets of SHOWN values, C(SIDES + SHOWN - 1, SHOWN).  */
static size_t
multisets (unsigned sides, unsigned shown)
{
  size_t c = 1;

  for (unsigned i = 1; i <= shown; i++)
    c = c * (sides + i - 1) / i;
  return c;
}

/* The class of ROLLS whose highest dice are V[0 .. shown-1], or
   ROLLS->n.  */
static size_t
class_of (const ro_rolls_t *rolls, const unsigned *v)
{
  for (size_t i = 0; i < rolls->n; i++)
    {
      unsigned k = 0;
      while (k < rolls->shown && rolls->top[i * rolls->shown + k] == v[k])
        k++;
      if (k == rolls->shown)
        return i;
    }
  return rolls->n;
}

/* The defender's answer in the plan to every ordered roll of NA dice in
   state (A, D) is the reference's answer to it.  */
static void
check_plan_answers (const ro_plan_t *plan, ref_t *ref, const char *what,
                    unsigned long a, unsigned long d,
                    const ro_choice_t *ch)
{
  const ro_rules_t *r = &ref->rules;
  unsigned dice[REF_DICE], v[REF_DICE], na = ch->attack_dice;
  ro_rolls_t rolls;
  char *seen;
  int rc;

  ro_rolls_init (&rolls);
  rc = ro_rolls (&rolls, r, na, ch->most_defend_dice);
  ck_assert_msg (rc == RO_OK, "%s, (%lu, %lu): ro_rolls gave %d", what, a,
                 d, rc);
  ck_assert_msg (rolls.n == ch->rolls && rolls.shown == ch->shown,
                 "%s, (%lu, %lu): the choice has %zu classes of %u dice, "
                 "ro_rolls %zu of %u", what, a, d, ch->rolls, ch->shown,
                 rolls.n, rolls.shown);
  seen = calloc (rolls.n, 1);
  ck_assert_ptr_nonnull (seen);
  test_first_roll (dice, na);
  do
    {
      size_t i;
      unsigned got, want;

      test_sort_desc (v, dice, na);
      i = class_of (&rolls, v);
      test_require_msg (i < rolls.n, "%s, (%lu, %lu): roll %u %u %u in no "
                        "class", what, a, d, v[0], na > 1 ? v[1] : 0,
                        na > 2 ? v[2] : 0);
      seen[i] = 1;
      got = ro_plan_defend_dice (plan, a, d, i);
      want = ref_defend (ref, a, d, dice, v, na);
      /* Wieringa's rule on the dice as rolled has no answer per class:
         the library gives 0, as documented.  */
      if (r->defender == RO_DEFENDER_WIERINGA_ROLLED)
        want = 0;
      test_require_msg (got == want, "%s, state (%lu, %lu), attack %u dice "
                        "showing %u %u %u (class %zu): the plan's defender "
                        "rolls %u, the reference's %u", what, a, d, na, v[0],
                        na > 1 ? v[1] : 0, na > 2 ? v[2] : 0, i, got, want);
    }
  while (test_next_roll (dice, na, r->attack_sides));
  for (size_t i = 0; i < rolls.n; i++)
    ck_assert_msg (seen[i], "%s, (%lu, %lu): class %zu holds no roll", what,
                   a, d, i);
  ck_assert_msg (ro_plan_defend_dice (plan, a, d, rolls.n) == 0,
                 "%s, (%lu, %lu): an answer to class %zu of %zu", what, a, d,
                 rolls.n, rolls.n);
  free (seen);
  ro_rolls_clear (&rolls);
}

/* Every state of the plan of A v D: the attacker's dice and the
   defender's answers are the reference's.  */
static void
check_plan_states (const ro_plan_t *plan, ref_t *ref, const char *what,
                   unsigned long amax, unsigned long dmax)
{
  const ro_rules_t *r = &ref->rules;

  for (unsigned long a = 0; a <= amax; a++)
    for (unsigned long d = 0; d <= dmax; d++)
      {
        ro_choice_t ch;
        unsigned want = ref_attack (ref, a, d);
        int rc = ro_plan_choice (&ch, plan, a, d);

        if (a == 0 && r->count == RO_COUNT_TERRITORY && rc == RO_EINVAL)
          continue;             /* no such territory */
        ck_assert_msg (rc == RO_OK, "%s, (%lu, %lu): ro_plan_choice gave %d",
                       what, a, d, rc);
        ck_assert_msg (ch.attack_dice == want, "%s, state (%lu, %lu): the "
                       "plan's attacker rolls %u, the reference's %u", what,
                       a, d, ch.attack_dice, want);
        if (want == 0)
          {
            ck_assert_msg (ro_plan_defend_dice (plan, a, d, 0) == 0,
                           "%s, (%lu, %lu) is over, yet the defender "
                           "answers", what, a, d);
            continue;
          }
        ck_assert_msg (ch.most_attack_dice
                       == min_ul (fighting (r, a), r->attack_dice)
                       && ch.most_defend_dice == min_ul (d, r->defend_dice)
                       && ch.shown == test_min_u (want, ch.most_defend_dice),
                       "%s, (%lu, %lu): most %u v %u, shown %u", what, a, d,
                       ch.most_attack_dice, ch.most_defend_dice, ch.shown);
        ck_assert_msg (ch.rolls == multisets (r->attack_sides, ch.shown),
                       "%s, (%lu, %lu): %zu classes", what, a, d, ch.rolls);
        check_plan_answers (plan, ref, what, a, d, &ch);
      }
}

/* The plan of AMAX v DMAX: its P(win), every choice in it, and no state
   outside it.  */
static void
check_plan_policy (ref_t *ref, const char *what, unsigned long amax,
                   unsigned long dmax)
{
  ro_plan_t plan;
  ro_choice_t ch;
  int rc;

  ro_plan_init (&plan);
  rc = ro_plan_solve (&plan, &ref->rules, amax, dmax);
  ck_assert_msg (rc == RO_OK, "%s: ro_plan_solve (%lu, %lu) gave %d",
                 what, amax, dmax, rc);
  ck_assert_msg (plan.attackers == amax && plan.defenders == dmax,
                 "%s: the plan is of %lu v %lu", what, plan.attackers,
                 plan.defenders);
  ck_assert_msg (test_is_canonical (plan.win), "%s: win not canonical",
                 what);
  ck_assert_msg (mpq_equal (plan.win, ref_win (ref, amax, dmax)),
                 "%s, (%lu, %lu): the plan's win %s, the reference %s",
                 what, amax, dmax, mpq_get_str (NULL, 10, plan.win),
                 mpq_get_str (NULL, 10, ref_win (ref, amax, dmax)));
  check_plan_states (&plan, ref, what, amax, dmax);
  /* Outside the plan.  */
  ck_assert_int_eq (ro_plan_choice (&ch, &plan, amax + 1, dmax), RO_EINVAL);
  ck_assert_int_eq (ro_plan_choice (&ch, &plan, amax, dmax + 1), RO_EINVAL);
  ro_plan_clear (&plan);
}

START_TEST (test_plan_policies)
{
  const rule_set_t *s = &rule_sets[_i];

  for_each_policy (s, s->amax - 1, s->dmax, check_plan_policy);
}
END_TEST

/* A plan solved twice in the same object, and a smaller battle's plan:
   the same choices in the states they share.  */
START_TEST (test_plan_reuse)
{
  ro_rules_t r;
  ro_plan_t big, small;
  ref_t ref;

  ro_rules_init (&r);
  r.defender = RO_DEFENDER_OPTIMAL;
  r.attacker = RO_ATTACKER_OPTIMAL;
  ref_init (&ref, &r, 9, 9);
  ro_plan_init (&big);
  ro_plan_init (&small);
  ck_assert_int_eq (ro_plan_solve (&big, &r, 3, 3), RO_OK);
  ck_assert_int_eq (ro_plan_solve (&big, &r, 9, 9), RO_OK);
  ck_assert_int_eq (ro_plan_solve (&small, &r, 5, 7), RO_OK);
  ck_assert (mpq_equal (big.win, ref_win (&ref, 9, 9)));
  ck_assert (mpq_equal (small.win, ref_win (&ref, 5, 7)));
  check_plan_states (&big, &ref, "standard, optimal v optimal, 9 v 9", 9, 9);
  check_plan_states (&small, &ref, "standard, optimal v optimal, 5 v 7", 5,
                     7);
  ro_plan_clear (&big);
  ro_plan_clear (&small);
  ref_clear (&ref);
}
END_TEST

/* Too many classes of rolls for the optimal defender to tell apart.  */
START_TEST (test_plan_erange)
{
  ro_rules_t r;
  ro_plan_t plan;
  mpq_t q;

  ro_rules_init (&r);
  r.attack_sides = r.defend_sides = 100;
  r.attack_dice = r.defend_dice = 5;
  r.defender = RO_DEFENDER_OPTIMAL;
  ro_plan_init (&plan);
  mpq_init (q);
  ck_assert_int_eq (ro_plan_solve (&plan, &r, 10, 10), RO_ERANGE);
  ck_assert_int_lt (ro_battle_win (q, &r, 10, 10), 0);
  /* 100-sided dice, 3 v 2: 10500 classes in all, few enough for
     Wieringa's rules as stated, but his rule on the dice as rolled
     tells apart every ordered roll, 100 + 100^2 + 100^3 of them.  */
  r.attack_dice = 3;
  r.defend_dice = 2;
  r.defender = RO_DEFENDER_WIERINGA;
  ck_assert_int_eq (ro_plan_solve (&plan, &r, 4, 3), RO_OK);
  r.defender = RO_DEFENDER_WIERINGA_ROLLED;
  ck_assert_int_eq (ro_plan_solve (&plan, &r, 4, 3), RO_ERANGE);
  /* A rule set the library refuses.  */
  ro_rules_init (&r);
  r.defender = (ro_defender_t) 7;
  ck_assert_int_lt (ro_plan_solve (&plan, &r, 3, 3), 0);
  mpq_clear (q);
  ro_plan_clear (&plan);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (c) Dominance: each side's better policy is never worse for him    */
/* ------------------------------------------------------------------ */

typedef struct
{
  mpq_t *cell;
  unsigned long a_lo, dmax;
} store_t;

static int
store_visit (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  store_t *s = data;

  mpq_set (s->cell[(a - s->a_lo) * (s->dmax + 1) + d], win);
  return 0;
}

static const struct
{
  rule_set_t set;               /* amax, dmax: the grid compared */
  int attacker_matters;         /* his optimal choice beats the most dice
                                   somewhere (the reference says so) */
} dominance_sets[] = {
  { { "standard", 6, 6, 3, 2, 0, 0, 0, RO_COUNT_TERRITORY, 0, 0, 15, 15 },
    0 },
  { { "standard, attackers count", 6, 6, 3, 2, 0, 0, 0, RO_COUNT_ATTACKERS,
      0, 0, 15, 15 }, 0 },
  { { "3 v 3 dice, defend bonus +1, ties to the attacker", 6, 6, 3, 3, 0, 1,
      1, RO_COUNT_TERRITORY, 0, 0, 12, 12 }, 0 },
  { { "d8 v d6, attack bonus +1, stop 2, goal 1", 8, 6, 3, 2, 1, 0, 0,
      RO_COUNT_TERRITORY, 2, 1, 12, 12 }, 0 },
  { { "attack bonus +2", 6, 6, 3, 2, 2, 0, 0, RO_COUNT_TERRITORY, 0, 0, 12,
      12 }, 1 }
};
#define N_DOMINANCE_SETS (sizeof dominance_sets / sizeof dominance_sets[0])

START_TEST (test_dominance)
{
  ro_rules_t r;
  store_t st[N_DEFENDERS][2];
  unsigned long better_defence[2] = { 0, 0 }, better_attack = 0;
  unsigned long amax = dominance_sets[_i].set.amax;
  unsigned long dmax = dominance_sets[_i].set.dmax, a_lo;
  size_t n;
  char what[300];

  rules_from_set (&r, &dominance_sets[_i].set);
  a_lo = a_min (&r);
  n = (amax - a_lo + 1) * (dmax + 1);
  for (size_t i = 0; i < N_DEFENDERS; i++)
    for (size_t j = 0; j < 2; j++)
      {
        int rc;

        st[i][j].a_lo = a_lo;
        st[i][j].dmax = dmax;
        st[i][j].cell = malloc (n * sizeof (mpq_t));
        ck_assert_ptr_nonnull (st[i][j].cell);
        for (size_t c = 0; c < n; c++)
          mpq_init (st[i][j].cell[c]);
        r.defender = defenders[i];
        r.attacker = attackers[j];
        rc = ro_battle_grid (&r, a_lo, amax, 0, dmax, store_visit,
                             &st[i][j]);
        test_describe_rules (what, sizeof what, &r);
        ck_assert_msg (rc == RO_OK, "%s: ro_battle_grid gave %d", what, rc);
      }
  r.defender = RO_DEFENDER_MAX;
  r.attacker = RO_ATTACKER_MAX;
  test_describe_rules (what, sizeof what, &r);
  for (unsigned long a = a_lo; a <= amax; a++)
    for (unsigned long d = 0; d <= dmax; d++)
      {
        size_t c = (a - a_lo) * (dmax + 1) + d;
        for (size_t j = 0; j < 2; j++)
          {
            mpq_srcptr opt = st[OPT][j].cell[c];
            for (size_t i = 0; i < N_DEFENDERS; i++)
              test_require_msg (mpq_cmp (opt, st[i][j].cell[c]) <= 0,
                                "%s, attacker %s, (%lu, %lu): the optimal "
                                "defender lets him win %.12f, the %s defender "
                                "%.12f", what,
                                test_attacker_name (attackers[j]), a, d,
                                mpq_get_d (opt),
                                test_defender_name (defenders[i]),
                                mpq_get_d (st[i][j].cell[c]));
            better_defence[j] += mpq_cmp (opt, st[0][j].cell[c]) < 0;
          }
        for (size_t i = 0; i < N_DEFENDERS; i++)
          {
            int cmp = mpq_cmp (st[i][1].cell[c], st[i][0].cell[c]);
            test_require_msg (cmp >= 0, "%s, defender %s, (%lu, %lu): the "
                              "optimal attacker wins %.12f, the max attacker "
                              "%.12f", what,
                              test_defender_name (defenders[i]), a, d,
                              mpq_get_d (st[i][1].cell[c]),
                              mpq_get_d (st[i][0].cell[c]));
            better_attack += cmp > 0;
          }
      }
  /* The policies did take effect.  */
  ck_assert_msg (better_defence[0] > 0 && better_defence[1] > 0,
                 "%s: the optimal defender never does better than the max",
                 what);
  ck_assert_msg (!dominance_sets[_i].attacker_matters || better_attack > 0,
                 "%s: the optimal attacker never does better than the max",
                 what);
  for (size_t i = 0; i < N_DEFENDERS; i++)
    for (size_t j = 0; j < 2; j++)
      {
        for (size_t c = 0; c < n; c++)
          mpq_clear (st[i][j].cell[c]);
        free (st[i][j].cell);
      }
}
END_TEST

/* ------------------------------------------------------------------ */
/* (d) The distribution of the end under the policies                 */
/* ------------------------------------------------------------------ */

static const struct
{
  size_t set;                   /* in rule_sets */
  ro_defender_t defender;
  ro_attacker_t attacker;
  unsigned long a, d;
} dist_cases[] = {
  { 0, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 8, 6 },   /* standard */
  { 0, RO_DEFENDER_WIERINGA, RO_ATTACKER_MAX, 7, 7 },
  { 0, RO_DEFENDER_WIERINGA, RO_ATTACKER_OPTIMAL, 6, 5 },
  { 0, RO_DEFENDER_MAX, RO_ATTACKER_OPTIMAL, 5, 6 },
  { 0, RO_DEFENDER_WIERINGA_ROLLED, RO_ATTACKER_MAX, 8, 8 },
  { 1, RO_DEFENDER_OPTIMAL, RO_ATTACKER_MAX, 6, 6 },       /* attackers */
  { 5, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 6, 6 },   /* d4 3 v 3 */
  { 7, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 6, 5 },   /* d4 v d6 */
  { 8, RO_DEFENDER_WIERINGA, RO_ATTACKER_OPTIMAL, 6, 6 },  /* d5 3 v 3 */
  { 9, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 8, 7 },   /* bonus +2 */
  { 9, RO_DEFENDER_WIERINGA_ROLLED, RO_ATTACKER_OPTIMAL, 7, 6 },
  { 11, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 7, 6 },  /* d3 2 v 3 */
  { 13, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 8, 8 },  /* stop, goal */
  { 14, RO_DEFENDER_OPTIMAL, RO_ATTACKER_OPTIMAL, 7, 7 },
  { 14, RO_DEFENDER_WIERINGA, RO_ATTACKER_MAX, 8, 6 }
};
#define N_DIST_CASES (sizeof dist_cases / sizeof dist_cases[0])

START_TEST (test_dist_policies)
{
  const rule_set_t *s = &rule_sets[dist_cases[_i].set];
  unsigned long a0 = dist_cases[_i].a, d0 = dist_cases[_i].d;
  ro_rules_t r;
  ref_t ref;
  ro_dist_t dist;
  mpq_t *end, sum, win;
  size_t n = (a0 + 1) * (d0 + 1), nonzero = 0;
  char what[300];
  int rc;

  rules_from_set (&r, s);
  r.defender = dist_cases[_i].defender;
  r.attacker = dist_cases[_i].attacker;
  test_describe_rules (what, sizeof what, &r);
  ref_init (&ref, &r, a0, d0);
  end = malloc (n * sizeof *end);
  ck_assert_ptr_nonnull (end);
  for (size_t c = 0; c < n; c++)
    mpq_init (end[c]);
  ref_dist (end, &ref, a0, d0);
  for (size_t c = 0; c < n; c++)
    nonzero += mpq_sgn (end[c]) != 0;

  mpq_inits (sum, win, (mpq_ptr) 0);
  ro_dist_init (&dist);
  rc = ro_battle_dist (&dist, &r, a0, d0);
  ck_assert_msg (rc == RO_OK, "%s, %lu v %lu: ro_battle_dist gave %d", what,
                 a0, d0, rc);
  ck_assert_msg (dist.n == nonzero, "%s, %lu v %lu: %zu ends, the "
                 "reference %zu", what, a0, d0, dist.n, nonzero);
  for (size_t i = 0; i < dist.n; i++)
    {
      const ro_outcome_t *o = &dist.outcome[i];
      mpq_srcptr want;

      ck_assert_msg (o->attackers <= a0 && o->defenders <= d0,
                     "%s, %lu v %lu: an end (%lu, %lu)", what, a0, d0,
                     o->attackers, o->defenders);
      want = end[o->attackers * (d0 + 1) + o->defenders];
      ck_assert_msg (ref_over (&r, o->attackers, o->defenders) != 0,
                     "%s, %lu v %lu: (%lu, %lu) is no end", what, a0, d0,
                     o->attackers, o->defenders);
      ck_assert_msg (o->won == (ref_over (&r, o->attackers, o->defenders)
                                > 0), "%s, %lu v %lu: (%lu, %lu) won %d",
                     what, a0, d0, o->attackers, o->defenders, o->won);
      ck_assert_msg (test_is_canonical (o->p), "%s: not canonical", what);
      ck_assert_msg (mpq_equal (o->p, want), "%s, %lu v %lu: end (%lu, %lu) "
                     "has %s, the reference %s", what, a0, d0, o->attackers,
                     o->defenders, mpq_get_str (NULL, 10, o->p),
                     mpq_get_str (NULL, 10, want));
      mpq_add (sum, sum, o->p);
      if (o->won)
        mpq_add (win, win, o->p);
      if (i > 0)
        {
          const ro_outcome_t *b = &dist.outcome[i - 1];
          ck_assert_msg (b->won >= o->won, "%s: a win after a hold", what);
          ck_assert_msg (!(b->won && o->won)
                         || b->attackers >= o->attackers,
                         "%s: order of wins", what);
          ck_assert_msg (b->won || o->won || b->defenders <= o->defenders,
                         "%s: order of holds", what);
        }
    }
  ck_assert_msg (mpq_cmp_ui (sum, 1, 1) == 0, "%s, %lu v %lu: sums to %s",
                 what, a0, d0, mpq_get_str (NULL, 10, sum));
  ck_assert_msg (mpq_equal (win, dist.win), "%s: the wins sum to %s, "
                 "dist.win %s", what, mpq_get_str (NULL, 10, win),
                 mpq_get_str (NULL, 10, dist.win));
  ck_assert_msg (mpq_equal (win, ref_win (&ref, a0, d0)),
                 "%s, %lu v %lu: the wins sum to %s, the reference's P(win) "
                 "%s", what, a0, d0, mpq_get_str (NULL, 10, win),
                 mpq_get_str (NULL, 10, ref_win (&ref, a0, d0)));
  ck_assert_int_eq (ro_battle_win (sum, &r, a0, d0), RO_OK);
  ck_assert_msg (mpq_equal (win, sum), "%s, %lu v %lu: the wins sum to %s, "
                 "ro_battle_win %s", what, a0, d0,
                 mpq_get_str (NULL, 10, win), mpq_get_str (NULL, 10, sum));

  ro_dist_clear (&dist);
  mpq_clears (sum, win, (mpq_ptr) 0);
  for (size_t c = 0; c < n; c++)
    mpq_clear (end[c]);
  free (end);
  ref_clear (&ref);
}
END_TEST

Suite *
plan_suite (void)
{
  Suite *s = suite_create ("plan");
  TCase *tc;

  tc = test_tcase_create ("reference");
  tcase_add_test (tc, test_reference_known);
  tcase_add_test (tc, test_reference_policies);
  tcase_add_test (tc, test_reference_figure4);
  tcase_add_test (tc, test_reference_choices);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("grid");
  tcase_add_loop_test (tc, test_grid_policies, 0, (int) N_RULE_SETS);
  tcase_add_loop_test (tc, test_win_policies, 0, (int) N_RULE_SETS);
  tcase_add_test (tc, test_grid_figure4);
  tcase_add_loop_test (tc, test_grid_threads, 0, (int) N_THREADS_SETS);
  tcase_add_test (tc, test_grid_threads_errors);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("plan");
  tcase_add_loop_test (tc, test_plan_policies, 0, (int) N_RULE_SETS);
  tcase_add_test (tc, test_plan_reuse);
  tcase_add_test (tc, test_plan_erange);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("dominance");
  tcase_add_loop_test (tc, test_dominance, 0, (int) N_DOMINANCE_SETS);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("dist");
  tcase_add_loop_test (tc, test_dist_policies, 0, (int) N_DIST_CASES);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_plan", plan_suite);
}
