/* check_dist.c -- tests of the distribution of a battle's end and its
   statistics, with stop and goal thresholds */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds.h"
#include "testutil.h"

/* The reference: every path of rounds from the start to an end, followed
   one by one (no memo, no forward pass, no common denominators), each
   with the product of its rounds' probabilities, added to the end it
   reaches.  The one-round counts come from ro_round_count, which
   check_dice tests against brute force over every roll.  The ends are
   kept in a small table indexed by (attacker fighting armies left,
   defenders left).  */
#define MAXA 12
#define MAXD 12

typedef struct
{
  ro_rules_t rules;
  mpq_t round[6][6][6];         /* [na][nd][k]: P(attacker loses k) */
  mpq_t end[MAXA + 1][MAXD + 1];
  unsigned long f_stop;
} ref_t;

static unsigned long
fighting (const ro_rules_t *r, unsigned long a)
{
  if (r->count == RO_COUNT_ATTACKERS)
    return a;
  return a ? a - 1 : 0;
}

static void
ref_init (ref_t *ref, const ro_rules_t *rules)
{
  ref->rules = *rules;
  ref->f_stop = fighting (rules, rules->stop);
  test_round_probs (ref->round, rules);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned d = 0; d <= MAXD; d++)
      mpq_init (ref->end[f][d]);
}

static void
ref_clear (ref_t *ref)
{
  test_round_probs_clear (ref->round);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned d = 0; d <= MAXD; d++)
      mpq_clear (ref->end[f][d]);
}

/* Whether (F, D) ends the battle, straight from the definitions.  */
static int
ref_over (const ref_t *ref, unsigned long f, unsigned long d)
{
  return d <= ref->rules.goal || f == 0 || f <= ref->f_stop;
}

static void
ref_paths (ref_t *ref, unsigned long f, unsigned long d, const mpq_t p)
{
  if (ref_over (ref, f, d))
    {
      mpq_add (ref->end[f][d], ref->end[f][d], p);
      return;
    }
  unsigned na = f < ref->rules.attack_dice ? f : ref->rules.attack_dice;
  unsigned nd = d < ref->rules.defend_dice ? d : ref->rules.defend_dice;
  unsigned m = na < nd ? na : nd;
  mpq_t q;
  mpq_init (q);
  for (unsigned k = 0; k <= m; k++)
    if (mpq_sgn (ref->round[na][nd][k]) != 0)
      {
        mpq_mul (q, p, ref->round[na][nd][k]);
        ref_paths (ref, f - k, d - (m - k), q);
      }
  mpq_clear (q);
}

/* The library's distribution of A v D equals the reference's, end by
   end, sums to 1, is sorted, and its wins sum to ro_battle_win.  */
static void
check_battle (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  ref_t ref;
  ro_dist_t dist;
  mpq_t one, sum, win;
  unsigned long behind = rules->count == RO_COUNT_TERRITORY;
  char what[160];
  snprintf (what, sizeof what, "d%u x%u %+d v d%u x%u %+d, ties %d, %s, "
            "stop %lu, goal %lu, %lu v %lu", rules->attack_sides,
            rules->attack_dice, rules->attack_bonus, rules->defend_sides,
            rules->defend_dice, rules->defend_bonus, (int) rules->ties,
            behind ? "territory" : "attackers", rules->stop, rules->goal, a, d);

  ref_init (&ref, rules);
  mpq_inits (one, sum, win, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  ref_paths (&ref, fighting (rules, a), d, one);

  ro_dist_init (&dist);
  ck_assert_msg (ro_battle_dist (&dist, rules, a, d) == RO_OK, "%s", what);
  size_t nonzero = 0;
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      nonzero += mpq_sgn (ref.end[f][j]) != 0;
  ck_assert_msg (dist.n == nonzero, "%s: %zu ends, the reference has %zu",
                 what, dist.n, nonzero);
  for (size_t i = 0; i < dist.n; i++)
    {
      const ro_outcome_t *o = &dist.outcome[i];
      ck_assert_msg (o->attackers >= behind, "%s", what);
      unsigned long f = o->attackers - behind;
      ck_assert_msg (f <= MAXA && o->defenders <= MAXD, "%s", what);
      ck_assert_msg (mpq_equal (o->p, ref.end[f][o->defenders]),
                     "%s: end (%lu, %lu) has %s, the reference %s", what,
                     o->attackers, o->defenders, mpq_get_str (NULL, 10, o->p),
                     mpq_get_str (NULL, 10, ref.end[f][o->defenders]));
      ck_assert_msg (o->won == (o->defenders <= rules->goal), "%s", what);
      ck_assert_msg (mpz_cmp_ui (mpq_denref (o->p), 0) > 0, "%s", what);
      mpq_add (sum, sum, o->p);
      /* The attacker's best first.  */
      if (i > 0)
        {
          const ro_outcome_t *b = &dist.outcome[i - 1];
          ck_assert_msg (b->won >= o->won, "%s: order", what);
          if (b->won && o->won)
            ck_assert_msg (b->attackers > o->attackers
                           || (b->attackers == o->attackers
                               && b->defenders < o->defenders),
                           "%s: order of wins", what);
          if (!b->won && !o->won)
            ck_assert_msg (b->defenders < o->defenders
                           || (b->defenders == o->defenders
                               && b->attackers > o->attackers),
                           "%s: order of losses", what);
        }
    }
  ck_assert_msg (mpq_equal (sum, one), "%s: sums to %s", what,
                 mpq_get_str (NULL, 10, sum));
  ck_assert_int_eq (ro_battle_win (win, rules, a, d), RO_OK);
  ck_assert_msg (mpq_equal (win, dist.win), "%s: win %s, ro_battle_win %s",
                 what, mpq_get_str (NULL, 10, dist.win),
                 mpq_get_str (NULL, 10, win));
  ro_dist_clear (&dist);
  mpq_clears (one, sum, win, (mpq_ptr) 0);
  ref_clear (&ref);
}

START_TEST (test_standard_grid)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  for (unsigned long a = _i ? 0 : 1; a <= 9; a++)
    for (unsigned long d = 0; d <= 9; d++)
      check_battle (&r, a, d);
}
END_TEST

START_TEST (test_stop_goal_grid)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  for (unsigned long stop = 0; stop <= 4; stop++)
    for (unsigned long goal = 0; goal <= 3; goal++)
      for (unsigned long a = 1; a <= 8; a++)
        for (unsigned long d = 0; d <= 8; d++)
          {
            r.stop = stop;
            r.goal = goal;
            check_battle (&r, a, d);
          }
}
END_TEST

START_TEST (test_random_rules)
{
  gmp_randstate_t st;
  test_rand_init (st, 40);
  for (unsigned long it = 0; it < 60 * test_scale; it++)
    {
      ro_rules_t r;
      ro_rules_init (&r);
      r.attack_sides = test_rand_range (st, 2, 8);
      r.defend_sides = test_rand_range (st, 2, 8);
      r.attack_dice = test_rand_range (st, 1, 4);
      r.defend_dice = test_rand_range (st, 1, 4);
      r.ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r.attack_bonus = test_random_bonus (st);
      r.defend_bonus = test_random_bonus (st);
      r.stop = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 4);
      r.goal = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 3);
      unsigned long a = test_rand_range (st, 1, 8);
      unsigned long d = test_rand_range (st, 0, 8);
      check_battle (&r, a, d);
    }
  gmp_randclear (st);
}
END_TEST

/* By hand: 2 v 1 (territory) is one die against one: the attacker ends
   with both armies (one behind) at 15/36, or with the one behind against
   the defender's one at 21/36.  */
START_TEST (test_hand)
{
  ro_rules_t r;
  ro_dist_t dist;
  ro_rules_init (&r);
  ro_dist_init (&dist);
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 2, 1), RO_OK);
  ck_assert_uint_eq (dist.n, 2);
  ck_assert (dist.outcome[0].won && dist.outcome[0].attackers == 2
             && dist.outcome[0].defenders == 0);
  ck_assert_int_eq (mpq_cmp_ui (dist.outcome[0].p, 5, 12), 0);
  ck_assert (!dist.outcome[1].won && dist.outcome[1].attackers == 1
             && dist.outcome[1].defenders == 1);
  ck_assert_int_eq (mpq_cmp_ui (dist.outcome[1].p, 7, 12), 0);
  /* Decided before a roll: 5 v 0 won, 1 v 3 lost, 4 v 3 with stop 4
     lost, 4 v 3 with goal 3 won.  */
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 5, 0), RO_OK);
  ck_assert (dist.n == 1 && dist.outcome[0].won
             && dist.outcome[0].attackers == 5);
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 1, 3), RO_OK);
  ck_assert (dist.n == 1 && !dist.outcome[0].won
             && dist.outcome[0].defenders == 3);
  r.stop = 4;
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 4, 3), RO_OK);
  ck_assert (dist.n == 1 && !dist.outcome[0].won);
  r.stop = 0;
  r.goal = 3;
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 4, 3), RO_OK);
  ck_assert (dist.n == 1 && dist.outcome[0].won
             && mpq_cmp_ui (dist.win, 1, 1) == 0);
  /* Errors as ro_battle_win.  */
  r.goal = 0;
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 0, 3), RO_EINVAL);
  ck_assert_int_eq (ro_battle_dist (&dist, &r, RO_ARMIES_MAX + 1, 3),
                    RO_ERANGE);
  r.stop = RO_ARMIES_MAX + 1;
  ck_assert_int_lt (ro_battle_dist (&dist, &r, 5, 3), 0);
  ro_dist_clear (&dist);
}
END_TEST

/* Whether the reference's end (F, J) belongs to condition C.  */
static int
ref_in (const ro_rules_t *rules, int c, unsigned long j)
{
  int won = j <= rules->goal;
  return c == RO_GIVEN_ANY || (c == RO_GIVEN_WIN) == won;
}

/* PC, MEAN and VAR of one side's armies left over the reference's ends
   of condition C, the variance as E[(X - mean)^2] (the library uses
   E[X^2] - mean^2).  */
static void
ref_moments (mpq_t pc, mpq_t mean, mpq_t var, const ref_t *ref, int c,
             int attackers)
{
  unsigned long behind = ref->rules.count == RO_COUNT_TERRITORY;
  mpq_t t;
  mpq_init (t);
  mpq_set_ui (pc, 0, 1);
  mpq_set_ui (mean, 0, 1);
  mpq_set_ui (var, 0, 1);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      if (mpq_sgn (ref->end[f][j]) != 0 && ref_in (&ref->rules, c, j))
        {
          mpq_add (pc, pc, ref->end[f][j]);
          mpq_set_ui (t, attackers ? f + behind : j, 1);
          mpq_mul (t, t, ref->end[f][j]);
          mpq_add (mean, mean, t);
        }
  if (mpq_sgn (pc) != 0)
    mpq_div (mean, mean, pc);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      if (mpq_sgn (ref->end[f][j]) != 0 && ref_in (&ref->rules, c, j))
        {
          mpq_set_ui (t, attackers ? f + behind : j, 1);
          mpq_sub (t, t, mean);
          mpq_mul (t, t, t);
          mpq_mul (t, t, ref->end[f][j]);
          mpq_div (t, t, pc);
          mpq_add (var, var, t);
        }
  mpq_clear (t);
}

static void
check_stats (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  ref_t ref;
  ro_dist_t dist;
  ro_stats_t st;
  mpq_t one, pc, mean, var, lost;
  ref_init (&ref, rules);
  mpq_inits (one, pc, mean, var, lost, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  ref_paths (&ref, fighting (rules, a), d, one);
  ro_dist_init (&dist);
  ro_stats_init (&st);
  ck_assert_int_eq (ro_battle_dist (&dist, rules, a, d), RO_OK);
  ck_assert_int_eq (ro_dist_stats (&st, &dist, a, d), RO_OK);
  for (int c = 0; c < 3; c++)
    {
      ref_moments (pc, mean, var, &ref, c, 1);
      ck_assert_int_eq (st.has[c], mpq_sgn (pc) > 0);
      if (!st.has[c])
        continue;
      ck_assert_msg (mpq_equal (mean, st.attackers_left[c]), "%lu v %lu, "
                     "condition %d: attackers left", a, d, c);
      ck_assert_msg (mpq_equal (var, st.attackers_left_var[c]), "%lu v %lu, "
                     "condition %d: attackers variance", a, d, c);
      mpq_set_ui (lost, a, 1);
      mpq_sub (lost, lost, mean);
      ck_assert (mpq_equal (lost, st.attackers_lost[c]));
      ref_moments (pc, mean, var, &ref, c, 0);
      ck_assert (mpq_equal (mean, st.defenders_left[c]));
      ck_assert (mpq_equal (var, st.defenders_left_var[c]));
      mpq_set_ui (lost, d, 1);
      mpq_sub (lost, lost, mean);
      ck_assert (mpq_equal (lost, st.defenders_lost[c]));
    }
  ro_stats_clear (&st);
  ro_dist_clear (&dist);
  mpq_clears (one, pc, mean, var, lost, (mpq_ptr) 0);
  ref_clear (&ref);
}

START_TEST (test_stats_grid)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i % 2 ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  r.stop = _i / 2 == 1 ? 3 : 0;
  r.goal = _i / 2 == 2 ? 2 : 0;
  for (unsigned long a = 1; a <= 8; a++)
    for (unsigned long d = 0; d <= 8; d++)
      check_stats (&r, a, d);
}
END_TEST

/* Published: at 5 against 5 in Osborne's convention (fighting armies) the
   expected losses are about 3.37 for the attacker and 3.56 for the
   defender.  Given the win, the defender has lost all 5.  */
START_TEST (test_osborne_losses)
{
  ro_rules_t r;
  ro_dist_t dist;
  ro_stats_t st;
  ro_rules_init (&r);
  r.count = RO_COUNT_ATTACKERS;
  ro_dist_init (&dist);
  ro_stats_init (&st);
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 5, 5), RO_OK);
  ck_assert_int_eq (ro_dist_stats (&st, &dist, 5, 5), RO_OK);
  /* |x - 3.37| <= 0.005 and |y - 3.56| <= 0.005, in rationals.  */
  mpq_t lo, hi;
  mpq_inits (lo, hi, (mpq_ptr) 0);
  mpq_set_ui (lo, 3365, 1000);
  mpq_set_ui (hi, 3375, 1000);
  ck_assert (mpq_cmp (st.attackers_lost[0], lo) >= 0
             && mpq_cmp (st.attackers_lost[0], hi) <= 0);
  mpq_set_ui (lo, 3555, 1000);
  mpq_set_ui (hi, 3565, 1000);
  ck_assert (mpq_cmp (st.defenders_lost[0], lo) >= 0
             && mpq_cmp (st.defenders_lost[0], hi) <= 0);
  ck_assert_int_eq (mpq_cmp_ui (st.defenders_lost[RO_GIVEN_WIN], 5, 1), 0);
  ck_assert_int_eq (mpq_sgn (st.attackers_left[RO_GIVEN_LOSS]), 0);
  mpq_clears (lo, hi, (mpq_ptr) 0);
  ro_stats_clear (&st);
  ro_dist_clear (&dist);
}
END_TEST

/* A bigger battle: the sum is 1 and the wins are ro_battle_win, with mixed
   sides (two bases in the denominators) and a stop.  */
START_TEST (test_large)
{
  ro_rules_t r;
  ro_dist_t dist;
  mpq_t sum, win;
  ro_rules_init (&r);
  r.attack_sides = 8;
  r.stop = _i ? 7 : 0;
  r.goal = _i ? 5 : 0;
  ro_dist_init (&dist);
  mpq_inits (sum, win, (mpq_ptr) 0);
  ck_assert_int_eq (ro_battle_dist (&dist, &r, 150, 120), RO_OK);
  for (size_t i = 0; i < dist.n; i++)
    mpq_add (sum, sum, dist.outcome[i].p);
  ck_assert_int_eq (mpq_cmp_ui (sum, 1, 1), 0);
  ck_assert_int_eq (ro_battle_win (win, &r, 150, 120), RO_OK);
  ck_assert (mpq_equal (win, dist.win));
  mpq_clears (sum, win, (mpq_ptr) 0);
  ro_dist_clear (&dist);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A limit of rounds (issue 18)                                       */
/* ------------------------------------------------------------------ */

/* The paths of at most N rounds: an end where the battle is over, else
   OPEN[f][d] after the N-th round.  */
static void
ref_paths_rounds (ref_t *ref, mpq_t open[MAXA + 1][MAXD + 1],
                  unsigned long f, unsigned long d, const mpq_t p,
                  unsigned long n)
{
  if (ref_over (ref, f, d))
    {
      mpq_add (ref->end[f][d], ref->end[f][d], p);
      return;
    }
  if (n == 0)
    {
      mpq_add (open[f][d], open[f][d], p);
      return;
    }
  unsigned na = f < ref->rules.attack_dice ? f : ref->rules.attack_dice;
  unsigned nd = d < ref->rules.defend_dice ? d : ref->rules.defend_dice;
  unsigned m = na < nd ? na : nd;
  mpq_t q;
  mpq_init (q);
  for (unsigned k = 0; k <= m; k++)
    if (mpq_sgn (ref->round[na][nd][k]) != 0)
      {
        mpq_mul (q, p, ref->round[na][nd][k]);
        ref_paths_rounds (ref, open, f - k, d - (m - k), q, n - 1);
      }
  mpq_clear (q);
}

/* ro_battle_dist_rounds of A v D in N rounds against the paths: every
   state, its flags, the sums, the order.  */
static void
check_rounds (const ro_rules_t *rules, unsigned long a, unsigned long d,
              unsigned long n)
{
  ref_t ref;
  mpq_t open[MAXA + 1][MAXD + 1];
  ro_dist_t dist;
  mpq_t one, sum, win, unres;
  unsigned long behind = rules->count == RO_COUNT_TERRITORY;
  char what[200];
  snprintf (what, sizeof what, "d%u x%u %+d on %u v d%u x%u %+d on %u, "
            "clamp %d, ties %d, %s, stop %lu, goal %lu, %lu v %lu, %lu "
            "rounds", rules->attack_sides, rules->attack_dice,
            rules->attack_bonus, rules->attack_bonus_dice,
            rules->defend_sides, rules->defend_dice, rules->defend_bonus,
            rules->defend_bonus_dice, rules->clamp, (int) rules->ties,
            behind ? "territory" : "attackers", rules->stop, rules->goal, a,
            d, n);
  ref_init (&ref, rules);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      mpq_init (open[f][j]);
  mpq_inits (one, sum, win, unres, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  ref_paths_rounds (&ref, open, fighting (rules, a), d, one, n);

  ro_dist_init (&dist);
  int rc = ro_battle_dist_rounds (&dist, rules, a, d, n);
  ck_assert_msg (rc == RO_OK, "%s: %d", what, rc);
  size_t nonzero = 0;
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      nonzero += (mpq_sgn (ref.end[f][j]) != 0) + (mpq_sgn (open[f][j]) != 0);
  ck_assert_msg (dist.n == nonzero, "%s: %zu states, the reference has %zu",
                 what, dist.n, nonzero);
  for (size_t i = 0; i < dist.n; i++)
    {
      const ro_outcome_t *o = &dist.outcome[i];
      unsigned long f = o->attackers - behind;
      ck_assert_msg (o->attackers >= behind && f <= MAXA
                     && o->defenders <= MAXD, "%s", what);
      const mpq_t *x = o->unresolved ? &open[f][o->defenders]
        : &ref.end[f][o->defenders];
      ck_assert_msg (mpq_equal (o->p, *x), "%s: state (%lu, %lu)%s has %s, "
                     "the reference %s", what, o->attackers, o->defenders,
                     o->unresolved ? " going on" : "",
                     mpq_get_str (NULL, 10, o->p),
                     mpq_get_str (NULL, 10, *x));
      ck_assert_msg (o->unresolved == !ref_over (&ref, f, o->defenders),
                     "%s: flag", what);
      ck_assert_msg (o->won == (!o->unresolved
                                && o->defenders <= rules->goal), "%s", what);
      ck_assert_msg (!o->won || !o->unresolved, "%s", what);
      mpq_add (sum, sum, o->p);
      if (o->won)
        mpq_add (win, win, o->p);
      if (o->unresolved)
        mpq_add (unres, unres, o->p);
      if (i > 0)
        {
          /* Wins, then the battles going on, then the holds.  */
          const ro_outcome_t *b = &dist.outcome[i - 1];
          int rb = b->won ? 0 : b->unresolved ? 1 : 2;
          int ro = o->won ? 0 : o->unresolved ? 1 : 2;
          ck_assert_msg (rb <= ro, "%s: order", what);
        }
    }
  ck_assert_msg (mpq_equal (sum, one), "%s: sums to %s", what,
                 mpq_get_str (NULL, 10, sum));
  ck_assert_msg (mpq_equal (win, dist.win), "%s: win", what);
  ck_assert_msg (mpq_equal (unres, dist.unresolved), "%s: unresolved", what);
  ro_dist_clear (&dist);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      mpq_clear (open[f][j]);
  mpq_clears (one, sum, win, unres, (mpq_ptr) 0);
  ref_clear (&ref);
}

/* The rules of loop I of the --rounds tests: the count from bit 0,
   stop 2 and goal 1 from bit 1, Risk Legacy's fortification (+1 on
   every defence die, clamped) from bit 2.  */
static void
rounds_rules (ro_rules_t *r, int i)
{
  ro_rules_init (r);
  r->count = i & 1 ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  if (i & 2)
    {
      r->stop = 2;
      r->goal = 1;
    }
  if (i & 4)
    {
      r->defend_bonus = 1;
      r->defend_bonus_dice = RO_BONUS_DICE_ALL;
      r->clamp = 1;
    }
}

/* Every battle up to 7 v 7 in 1 to 4 rounds, both counts, with stop and
   goal, and the Legacy variants.  */
START_TEST (test_rounds_grid)
{
  ro_rules_t r;
  rounds_rules (&r, _i);
  for (unsigned long a = 1; a <= 7; a++)
    for (unsigned long d = 0; d <= 7; d++)
      for (unsigned long n = 1; n <= 4; n++)
        check_rounds (&r, a, d, n);
}
END_TEST

/* Random rules, the new bonus fields included (the unlimited battle
   too: they reach every engine through the round counts).  */
START_TEST (test_rounds_random)
{
  gmp_randstate_t st;
  test_rand_init (st, 18);
  for (unsigned long it = 0; it < 60 * test_scale; it++)
    {
      ro_rules_t r;
      ro_rules_init (&r);
      r.attack_sides = test_rand_range (st, 2, 8);
      r.defend_sides = test_rand_range (st, 2, 8);
      r.attack_dice = test_rand_range (st, 1, 4);
      r.defend_dice = test_rand_range (st, 1, 4);
      r.ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r.attack_bonus = test_random_bonus (st);
      r.defend_bonus = test_random_bonus (st);
      r.attack_bonus_dice = test_rand_range (st, 1, RO_BONUS_DICE_ALL);
      r.defend_bonus_dice = test_rand_range (st, 1, RO_BONUS_DICE_ALL);
      r.clamp = test_rand_range (st, 0, 1);
      r.stop = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 4);
      r.goal = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 3);
      unsigned long a = test_rand_range (st, 1, 8);
      unsigned long d = test_rand_range (st, 0, 8);
      check_rounds (&r, a, d, test_rand_range (st, 1, 6));
      check_battle (&r, a, d);
    }
  gmp_randclear (st);
}
END_TEST

/* One round is ro_round_count's distribution (Taflin's 2890 / 2611 /
   2275 of 7776 for 3 v 2); enough rounds are ro_battle_dist's, end by
   end, with nothing unresolved; errors.  */
START_TEST (test_rounds_limits)
{
  ro_rules_t r;
  ro_dist_t x, y;
  ro_rules_init (&r);
  ro_dist_init (&x);
  ro_dist_init (&y);
  ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, 4, 2, 1), RO_OK);
  ck_assert_uint_eq (x.n, 3);
  static const unsigned long want[3][3] = {
    { 4, 0, 2890 }, { 3, 1, 2611 }, { 2, 2, 2275 }
  };
  for (int i = 0; i < 3; i++)
    {
      mpq_t q;
      mpq_init (q);
      mpq_set_ui (q, want[i][2], 7776);
      mpq_canonicalize (q);
      ck_assert_uint_eq (x.outcome[i].attackers, want[i][0]);
      ck_assert_uint_eq (x.outcome[i].defenders, want[i][1]);
      ck_assert_int_eq (x.outcome[i].won, i == 0);
      ck_assert_int_eq (x.outcome[i].unresolved, i > 0);
      ck_assert (mpq_equal (x.outcome[i].p, q));
      mpq_clear (q);
    }
  for (int w = 0; w < 2; w++)
    for (unsigned long a = 1; a <= 30; a += 7)
      for (unsigned long d = 0; d <= 30; d += 6)
      {
        /* Wieringa's defender too: the same model's steps.  */
        r.defender = w ? RO_DEFENDER_WIERINGA : RO_DEFENDER_MAX;
        ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, a, d, a + d), RO_OK);
        ck_assert_int_eq (ro_battle_dist (&y, &r, a, d), RO_OK);
        ck_assert_uint_eq (x.n, y.n);
        ck_assert (mpq_sgn (x.unresolved) == 0);
        ck_assert (mpq_equal (x.win, y.win));
        for (size_t i = 0; i < x.n; i++)
          ck_assert (x.outcome[i].won == y.outcome[i].won
                     && !x.outcome[i].unresolved
                     && x.outcome[i].attackers == y.outcome[i].attackers
                     && x.outcome[i].defenders == y.outcome[i].defenders
                     && mpq_equal (x.outcome[i].p, y.outcome[i].p));
      }
  /* More rounds than the battle can last change nothing.  */
  r.defender = RO_DEFENDER_MAX;
  ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, 5, 5, 1000000), RO_OK);
  ck_assert (mpq_sgn (x.unresolved) == 0);
  ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, 5, 5, 0), RO_EINVAL);
  r.defender = RO_DEFENDER_OPTIMAL;
  ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, 5, 5, 2), RO_EINVAL);
  ro_rules_init (&r);
  ck_assert_int_eq (ro_battle_dist_rounds (&x, &r, 0, 5, 2), RO_EINVAL);
  ro_dist_clear (&x);
  ro_dist_clear (&y);
}
END_TEST

/* A grid of battles limited to N rounds (ro_battle_grid_rounds): each
   cell against its own paths of at most N rounds.  */
typedef struct
{
  const ro_rules_t *rules;
  unsigned long n, a_lo, d_lo, d_hi, next_a, next_d;
  int unresolved;
  size_t cells;
} grid_ref_t;

static int
grid_ref_cell (void *data, unsigned long a, unsigned long d,
               const mpq_t win, const mpq_t unresolved)
{
  grid_ref_t *g = data;
  /* A ascending, D ascending within each A.  */
  ck_assert_uint_eq (a, g->next_a);
  ck_assert_uint_eq (d, g->next_d);
  g->next_d = d == g->d_hi ? g->d_lo : d + 1;
  g->next_a = d == g->d_hi ? a + 1 : a;
  g->cells++;
  ref_t ref;
  mpq_t open[MAXA + 1][MAXD + 1], one, w, u;
  ref_init (&ref, g->rules);
  mpq_inits (one, w, u, (mpq_ptr) 0);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      mpq_init (open[f][j]);
  mpq_set_ui (one, 1, 1);
  ref_paths_rounds (&ref, open, fighting (g->rules, a), d, one, g->n);
  for (unsigned f = 0; f <= MAXA; f++)
    for (unsigned j = 0; j <= MAXD; j++)
      {
        if (j <= g->rules->goal)
          mpq_add (w, w, ref.end[f][j]);
        mpq_add (u, u, open[f][j]);
        mpq_clear (open[f][j]);
      }
  ck_assert_msg (mpq_equal (w, win), "%lu v %lu in %lu rounds: win %s, the "
                 "reference %s", a, d, g->n, mpq_get_str (NULL, 10, win),
                 mpq_get_str (NULL, 10, w));
  if (g->unresolved)
    ck_assert_msg (unresolved != NULL && mpq_equal (u, unresolved),
                   "%lu v %lu in %lu rounds: unresolved", a, d, g->n);
  else
    ck_assert (unresolved == NULL);
  mpq_clears (one, w, u, (mpq_ptr) 0);
  ref_clear (&ref);
  return 0;
}

static void
check_grid_rounds (const ro_rules_t *rules, unsigned long a_lo,
                   unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
                   unsigned long n, int unresolved)
{
  grid_ref_t g = { rules, n, a_lo, d_lo, d_hi, a_lo, d_lo, unresolved, 0 };
  ck_assert_int_eq (ro_battle_grid_rounds (rules, a_lo, a_hi, d_lo, d_hi, n,
                                           unresolved, grid_ref_cell, &g),
                    RO_OK);
  ck_assert_uint_eq (g.cells, (a_hi - a_lo + 1) * (d_hi - d_lo + 1));
}

/* Grids up to 7 v 7 in 1 to 5 rounds, as test_rounds_grid's rules.  */
START_TEST (test_rounds_table)
{
  ro_rules_t r;
  rounds_rules (&r, _i);
  for (unsigned long n = 1; n <= 5; n++)
    check_grid_rounds (&r, 1, 7, 0, 7, n, (int) (n & 1));
  check_grid_rounds (&r, 3, 6, 2, 5, 3, 1);
}
END_TEST

/* Random rules on small grids.  */
START_TEST (test_rounds_table_random)
{
  gmp_randstate_t st;
  test_rand_init (st, 1802);
  for (unsigned long it = 0; it < 25 * test_scale; it++)
    {
      ro_rules_t r;
      ro_rules_init (&r);
      r.attack_sides = test_rand_range (st, 2, 8);
      r.defend_sides = test_rand_range (st, 2, 8);
      r.attack_dice = test_rand_range (st, 1, 4);
      r.defend_dice = test_rand_range (st, 1, 4);
      r.ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r.attack_bonus = test_random_bonus (st);
      r.defend_bonus = test_random_bonus (st);
      r.clamp = test_rand_range (st, 0, 1);
      r.stop = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 4);
      r.goal = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 3);
      unsigned long a = test_rand_range (st, 1, 6);
      unsigned long d = test_rand_range (st, 0, 6);
      check_grid_rounds (&r, a, a + test_rand_range (st, 0, 2), d,
                         d + test_rand_range (st, 0, 2),
                         test_rand_range (st, 1, 5), 1);
    }
  gmp_randclear (st);
}
END_TEST

/* Enough rounds: ro_battle_grid's table, nothing unresolved.  */
typedef struct
{
  const ro_rules_t *rules;
  unsigned long d_lo, d_hi;
  mpq_t *win;
} grid_same_t;

static int
grid_same_unlimited (void *data, unsigned long a, unsigned long d,
                     const mpq_t win)
{
  grid_same_t *g = data;
  mpq_set (g->win[a * (g->d_hi + 1) + d], win);
  return 0;
}

static int
grid_same_rounds (void *data, unsigned long a, unsigned long d,
                  const mpq_t win, const mpq_t unresolved)
{
  grid_same_t *g = data;
  ck_assert_msg (mpq_equal (g->win[a * (g->d_hi + 1) + d], win),
                 "%lu v %lu", a, d);
  ck_assert (mpq_sgn (unresolved) == 0);
  return 0;
}

static int
grid_first_round (void *data, unsigned long a, unsigned long d,
                  const mpq_t win, const mpq_t unresolved)
{
  mpq_srcptr want = data;
  ck_assert (a == 4 && d == 2 && unresolved == NULL);
  ck_assert (mpq_equal (win, want));
  return 0;
}

START_TEST (test_rounds_table_limits)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  r.defender = _i ? RO_DEFENDER_WIERINGA : RO_DEFENDER_MAX;
  enum { A = 14, D = 12 };
  mpq_t win[(A + 1) * (D + 1)];
  for (size_t i = 0; i < (A + 1) * (D + 1); i++)
    mpq_init (win[i]);
  grid_same_t g = { &r, 0, D, win };
  ck_assert_int_eq (ro_battle_grid (&r, 1, A, 0, D, grid_same_unlimited, &g),
                    RO_OK);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 1, A, 0, D, A + D, 1,
                                           grid_same_rounds, &g), RO_OK);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 1, A, 0, D, 1000000, 1,
                                           grid_same_rounds, &g), RO_OK);
  for (size_t i = 0; i < (A + 1) * (D + 1); i++)
    mpq_clear (win[i]);

  /* One round: 4 v 2 is 3 dice against 2, won in 2890 of 7776 (Taflin);
     errors.  */
  ro_rules_init (&r);
  mpq_t want;
  mpq_init (want);
  mpq_set_ui (want, 2890, 7776);
  mpq_canonicalize (want);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 4, 4, 2, 2, 1, 0,
                                           grid_first_round, want), RO_OK);
  mpq_clear (want);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 1, 3, 1, 3, 0, 0,
                                           grid_same_rounds, &g), RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 3, 1, 1, 3, 2, 0,
                                           grid_same_rounds, &g), RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 0, 3, 1, 3, 2, 0,
                                           grid_same_rounds, &g), RO_EINVAL);
  r.attacker = RO_ATTACKER_OPTIMAL;
  ck_assert_int_eq (ro_battle_grid_rounds (&r, 1, 3, 1, 3, 2, 0,
                                           grid_same_rounds, &g), RO_EINVAL);
}
END_TEST

static Suite *
dist_suite (void)
{
  Suite *s = suite_create ("dist");
  TCase *tc = test_tcase_create ("paths");
  tcase_add_loop_test (tc, test_standard_grid, 0, 2);
  tcase_add_loop_test (tc, test_stop_goal_grid, 0, 2);
  tcase_add_test (tc, test_random_rules);
  tcase_add_test (tc, test_hand);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("rounds");
  tcase_add_loop_test (tc, test_rounds_grid, 0, 8);
  tcase_add_test (tc, test_rounds_random);
  tcase_add_test (tc, test_rounds_limits);
  tcase_add_loop_test (tc, test_rounds_table, 0, 8);
  tcase_add_test (tc, test_rounds_table_random);
  tcase_add_loop_test (tc, test_rounds_table_limits, 0, 2);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("stats");
  tcase_add_loop_test (tc, test_stats_grid, 0, 6);
  tcase_add_test (tc, test_osborne_losses);
  tcase_add_loop_test (tc, test_large, 0, 2);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_dist", dist_suite);
}
