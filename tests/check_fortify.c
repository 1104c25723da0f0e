/* check_fortify.c -- tests of chains as people play them: rules of
   their own per territory, where the attack stops, the statistics of a
   chain, dice chosen for the whole chain, and the defender's best split
   (fortify) */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MAXA 10
#define MAXK 4
#define MAXD 6

/* ------------------------------------------------------------------ */
/* The reference: every path of rounds through the chain              */

/* Each territory's rounds (from ro_round_count, tested against every
   roll by check_dice); the chain followed path by path, every end
   added up: taken[j], armies[f] when all fall, held[i][f][d] when
   territory i holds with d defenders and the attacker f fighting
   armies, and the moments of the territories taken and the armies
   lost.  */
typedef struct
{
  const ro_rules_t *rules;
  const unsigned long *d;
  size_t k;
  unsigned long f0, f_stop;
  mpq_t round[MAXK][6][6][6];
  mpq_t taken[MAXK + 1];
  mpq_t armies[MAXA + 1];
  mpq_t held[MAXK][MAXA + 1][MAXD + 1];
  mpq_t open[MAXK][MAXA + 1][MAXD + 1];   /* still fighting (rounds) */
  mpq_t m[3][2];                /* taken, attackers lost, defenders lost:
                                   E[x], E[x^2] */
} ref_t;

static void
ref_init (ref_t *ref, const ro_rules_t *rules, const unsigned long *d,
          size_t k, unsigned long a)
{
  ref->rules = rules;
  ref->d = d;
  ref->k = k;
  int terr = rules[0].count == RO_COUNT_TERRITORY;
  ref->f0 = terr ? a - 1 : a;
  ref->f_stop = terr ? (rules[0].stop ? rules[0].stop - 1 : 0)
    : rules[0].stop;
  for (size_t i = 0; i < k; i++)
    test_round_probs (ref->round[i], &rules[i]);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_init (ref->taken[j]);
  for (size_t f = 0; f <= MAXA; f++)
    mpq_init (ref->armies[f]);
  for (size_t i = 0; i < MAXK; i++)
    for (size_t f = 0; f <= MAXA; f++)
      for (size_t j = 0; j <= MAXD; j++)
        mpq_inits (ref->held[i][f][j], ref->open[i][f][j], (mpq_ptr) 0);
  for (int q = 0; q < 3; q++)
    mpq_inits (ref->m[q][0], ref->m[q][1], (mpq_ptr) 0);
}

static void
ref_clear (ref_t *ref)
{
  for (size_t i = 0; i < ref->k; i++)
    test_round_probs_clear (ref->round[i]);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_clear (ref->taken[j]);
  for (size_t f = 0; f <= MAXA; f++)
    mpq_clear (ref->armies[f]);
  for (size_t i = 0; i < MAXK; i++)
    for (size_t f = 0; f <= MAXA; f++)
      for (size_t j = 0; j <= MAXD; j++)
        mpq_clears (ref->held[i][f][j], ref->open[i][f][j], (mpq_ptr) 0);
  for (int q = 0; q < 3; q++)
    mpq_clears (ref->m[q][0], ref->m[q][1], (mpq_ptr) 0);
}

/* The moments of quantity Q += X P, X^2 P.  */
static void
ref_moment (ref_t *ref, int q, unsigned long x, const mpq_t p)
{
  mpq_t t;
  mpq_init (t);
  mpq_set_ui (t, x, 1);
  mpq_mul (t, t, p);
  mpq_add (ref->m[q][0], ref->m[q][0], t);
  mpq_set_ui (t, x * x, 1);
  mpq_mul (t, t, p);
  mpq_add (ref->m[q][1], ref->m[q][1], t);
  mpq_clear (t);
}

/* Territory I holds D defenders, the attacker has F fighting armies;
   KILLED_A and KILLED_D armies have died so far.  */
static void
ref_paths (ref_t *ref, size_t i, unsigned long f, unsigned long d,
           unsigned long killed_a, unsigned long killed_d, const mpq_t p)
{
  if (d == 0)
    {
      if (i + 1 == ref->k)
        {
          mpq_add (ref->taken[ref->k], ref->taken[ref->k], p);
          mpq_add (ref->armies[f], ref->armies[f], p);
          ref_moment (ref, 0, ref->k, p);
          ref_moment (ref, 1, killed_a, p);
          ref_moment (ref, 2, killed_d, p);
        }
      else
        ref_paths (ref, i + 1, f - 1, ref->d[i + 1], killed_a, killed_d, p);
      return;
    }
  if (f == 0 || f <= ref->f_stop)
    {
      mpq_add (ref->taken[i], ref->taken[i], p);
      mpq_add (ref->held[i][f][d], ref->held[i][f][d], p);
      ref_moment (ref, 0, i, p);
      ref_moment (ref, 1, killed_a, p);
      ref_moment (ref, 2, killed_d, p);
      return;
    }
  const ro_rules_t *r = &ref->rules[i];
  unsigned na = f < r->attack_dice ? f : r->attack_dice;
  unsigned nd = d < r->defend_dice ? d : r->defend_dice;
  unsigned m = na < nd ? na : nd;
  mpq_t q;
  mpq_init (q);
  for (unsigned j = 0; j <= m; j++)
    if (mpq_sgn (ref->round[i][na][nd][j]) != 0)
      {
        mpq_mul (q, p, ref->round[i][na][nd][j]);
        ref_paths (ref, i, f - j, d - (m - j), killed_a + j,
                   killed_d + (m - j), q);
      }
  mpq_clear (q);
}

/* The variance from E[x] and E[x^2].  */
static void
ref_var (mpq_t var, const mpq_t mean, const mpq_t sq)
{
  mpq_mul (var, mean, mean);
  mpq_sub (var, sq, var);
}

static void
check_chain (const ro_rules_t *rules, unsigned long a,
             const unsigned long *d, size_t k)
{
  ref_t ref;
  ro_chain_t c;
  mpq_t one, sum, var;
  mpq_inits (one, sum, var, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  ref_init (&ref, rules, d, k, a);
  ref_paths (&ref, 0, ref.f0, d[0], 0, 0, one);

  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain_rules (&c, rules, a, d, k), RO_OK);
  for (size_t j = 0; j <= k; j++)
    ck_assert_msg (mpq_equal (c.taken[j], ref.taken[j]), "a = %lu, k = %zu:"
                   " taken[%zu] = %s, the reference %s", a, k, j,
                   mpq_get_str (NULL, 10, c.taken[j]),
                   mpq_get_str (NULL, 10, ref.taken[j]));
  size_t nonzero = 0;
  for (size_t f = 0; f <= MAXA; f++)
    nonzero += mpq_sgn (ref.armies[f]) != 0;
  ck_assert_uint_eq (c.n_armies, nonzero);
  for (size_t i = 0; i < c.n_armies; i++)
    ck_assert (mpq_equal (c.armies_p[i], ref.armies[c.armies[i]]));

  /* Every stop, in order, and nothing else.  */
  size_t n = 0;
  for (size_t i = 0; i < k; i++)
    for (unsigned long j = 0; j <= MAXD; j++)
      for (unsigned long f = MAXA + 1; f-- > 0;)
        if (mpq_sgn (ref.held[i][f][j]) != 0)
          {
            ck_assert_msg (n < c.n_stops, "a stop missing");
            const ro_chain_stop_t *e = &c.stop[n++];
            unsigned long behind = rules[0].count == RO_COUNT_TERRITORY;
            ck_assert_uint_eq (e->territory, i);
            ck_assert_uint_eq (e->defenders, j);
            ck_assert_uint_eq (e->attackers, f + behind);
            ck_assert_msg (mpq_equal (e->p, ref.held[i][f][j]),
                           "stop %zu %lu %lu: %s, the reference %s", i, f,
                           j, mpq_get_str (NULL, 10, e->p),
                           mpq_get_str (NULL, 10, ref.held[i][f][j]));
            mpq_add (sum, sum, e->p);
          }
  ck_assert_uint_eq (n, c.n_stops);
  mpq_add (sum, sum, c.taken[k]);
  ck_assert (mpq_equal (sum, one));

  ro_chain_stats_t st;
  ro_chain_stats_init (&st);
  ck_assert_int_eq (ro_chain_stats (&st, &c, &rules[0], a, d), RO_OK);
  ck_assert (mpq_equal (st.taken, ref.m[0][0]));
  ck_assert (mpq_equal (st.attackers_lost, ref.m[1][0]));
  ck_assert (mpq_equal (st.defenders_lost, ref.m[2][0]));
  ref_var (var, ref.m[0][0], ref.m[0][1]);
  ck_assert (mpq_equal (st.taken_var, var));
  ref_var (var, ref.m[1][0], ref.m[1][1]);
  ck_assert (mpq_equal (st.attackers_lost_var, var));
  ref_var (var, ref.m[2][0], ref.m[2][1]);
  ck_assert (mpq_equal (st.defenders_lost_var, var));
  ro_chain_stats_clear (&st);

  ro_chain_clear (&c);
  mpq_clears (one, sum, var, (mpq_ptr) 0);
  ref_clear (&ref);
}

/* A random chain of 1 to 3 territories into R and D, its length
   returned: one count and stop for all, and about half the territories
   with dice, bonuses (clamped or not, when CLAMP), sides and ties of
   their own.  */
static size_t
random_chain (gmp_randstate_t st, ro_rules_t *r, unsigned long *d,
              int clamp)
{
  size_t k = test_rand_range (st, 1, 3);
  ro_count_t count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
  unsigned long stop = test_rand_range (st, 0, 2) ? 0
    : test_rand_range (st, 1, 3);
  for (size_t i = 0; i < k; i++)
    {
      ro_rules_init (&r[i]);
      r[i].count = count;
      r[i].stop = stop;
      d[i] = test_rand_range (st, 1, 3);
      if (test_rand_range (st, 0, 1))
        continue;
      r[i].defend_dice = test_rand_range (st, 1, 3);
      r[i].defend_bonus = test_rand_range (st, 0, 1);
      if (clamp)
        r[i].clamp = test_rand_range (st, 0, 1);
      if (test_rand_range (st, 0, 2) == 0)
        r[i].defend_sides = test_rand_range (st, 4, 8);
      if (test_rand_range (st, 0, 3) == 0)
        r[i].attack_sides = test_rand_range (st, 4, 8);
      if (test_rand_range (st, 0, 3) == 0)
        r[i].ties = RO_TIES_ATTACKER;
    }
  return k;
}

/* Random chains whose territories have dice, sides, bonuses and ties
   of their own (sides changing from one territory to the next too).  */
START_TEST (test_territories)
{
  gmp_randstate_t st;
  test_rand_init (st, 1901);
  for (unsigned long it = 0; it < 150 * test_scale; it++)
    {
      ro_rules_t r[MAXK];
      unsigned long d[MAXK];
      size_t k = random_chain (st, r, d, 0);
      check_chain (r, test_rand_range (st, 1, 8), d, k);
    }
  gmp_randclear (st);
}
END_TEST

/* The capital in the middle: by hand, a chain of one territory of one
   army is the battle, and the rules of other territories leave it
   alone.  And the errors: counts or stops that differ.  */
START_TEST (test_territory_errors)
{
  ro_rules_t r[2];
  unsigned long d[2] = { 1, 1 };
  ro_chain_t c;
  ro_chain_init (&c);
  ro_rules_init (&r[0]);
  r[1] = r[0];
  r[1].count = RO_COUNT_ATTACKERS;
  ck_assert_int_eq (ro_chain_rules (&c, r, 5, d, 2), RO_EINVAL);
  r[1] = r[0];
  r[1].stop = 2;
  ck_assert_int_eq (ro_chain_rules (&c, r, 5, d, 2), RO_EINVAL);
  r[1] = r[0];
  r[1].defend_dice = 3;
  r[1].defend_sides = 8;
  ck_assert_int_eq (ro_chain_rules (&c, r, 2, d, 1), RO_OK);
  /* 2 v 1: one die each, 15 of 36 rolls.  */
  ck_assert_int_eq (mpq_cmp_ui (c.taken[1], 15, 36), 0);
  ck_assert_uint_eq (c.n_stops, 1);
  ck_assert_uint_eq (c.stop[0].defenders, 1);
  ck_assert_uint_eq (c.stop[0].attackers, 1);
  ck_assert_int_eq (mpq_cmp_ui (c.stop[0].p, 21, 36), 0);
  ck_assert_int_eq (ro_chain_scope (&c, r, 5, d, 2, RO_SCOPE_CHAIN),
                    RO_OK);
  r[1].defender = RO_DEFENDER_OPTIMAL;
  /* The whole chain's plans need one pair of bases throughout.  */
  ck_assert_int_eq (ro_chain_scope (&c, r, 5, d, 2, RO_SCOPE_CHAIN),
                    RO_EINVAL);
  ro_chain_clear (&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A chain limited to N rounds: every path of at most N rounds        */

/* ref_paths with N rounds left: a state still fighting when none is
   left is added to OPEN (taking a territory and moving on takes no
   round).  */
static void
ref_paths_rounds (ref_t *ref, size_t i, unsigned long f, unsigned long d,
                  unsigned long killed_a, unsigned long killed_d,
                  const mpq_t p, unsigned long n)
{
  if (d == 0)
    {
      if (i + 1 == ref->k)
        {
          mpq_add (ref->taken[ref->k], ref->taken[ref->k], p);
          mpq_add (ref->armies[f], ref->armies[f], p);
          ref_moment (ref, 0, ref->k, p);
          ref_moment (ref, 1, killed_a, p);
          ref_moment (ref, 2, killed_d, p);
        }
      else
        ref_paths_rounds (ref, i + 1, f - 1, ref->d[i + 1], killed_a,
                          killed_d, p, n);
      return;
    }
  int held = f == 0 || f <= ref->f_stop;
  if (held || n == 0)
    {
      mpq_ptr x = held ? ref->held[i][f][d] : ref->open[i][f][d];
      mpq_add (ref->taken[i], ref->taken[i], p);
      mpq_add (x, x, p);
      ref_moment (ref, 0, i, p);
      ref_moment (ref, 1, killed_a, p);
      ref_moment (ref, 2, killed_d, p);
      return;
    }
  const ro_rules_t *r = &ref->rules[i];
  unsigned na = f < r->attack_dice ? f : r->attack_dice;
  unsigned nd = d < r->defend_dice ? d : r->defend_dice;
  unsigned m = na < nd ? na : nd;
  mpq_t q;
  mpq_init (q);
  for (unsigned j = 0; j <= m; j++)
    if (mpq_sgn (ref->round[i][na][nd][j]) != 0)
      {
        mpq_mul (q, p, ref->round[i][na][nd][j]);
        ref_paths_rounds (ref, i, f - j, d - (m - j), killed_a + j,
                          killed_d + (m - j), q, n - 1);
      }
  mpq_clear (q);
}

/* ro_chain_rounds against the paths: taken, armies, every stop held or
   still fighting in order, the unresolved sums, the statistics.  */
static void
check_chain_rounds (const ro_rules_t *rules, unsigned long a,
                    const unsigned long *d, size_t k, unsigned long rounds)
{
  ref_t ref;
  ro_chain_t c;
  mpq_t one, sum, var, un[MAXK + 1];
  mpq_inits (one, sum, var, (mpq_ptr) 0);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_init (un[j]);
  mpq_set_ui (one, 1, 1);
  ref_init (&ref, rules, d, k, a);
  ref_paths_rounds (&ref, 0, ref.f0, d[0], 0, 0, one, rounds);

  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain_rounds (&c, rules, a, d, k, rounds), RO_OK);
  ck_assert (c.unresolved != NULL);
  for (size_t j = 0; j <= k; j++)
    ck_assert_msg (mpq_equal (c.taken[j], ref.taken[j]), "a = %lu, k = %zu,"
                   " %lu rounds: taken[%zu] = %s, the reference %s", a, k,
                   rounds, j, mpq_get_str (NULL, 10, c.taken[j]),
                   mpq_get_str (NULL, 10, ref.taken[j]));
  size_t nonzero = 0;
  for (size_t f = 0; f <= MAXA; f++)
    nonzero += mpq_sgn (ref.armies[f]) != 0;
  ck_assert_uint_eq (c.n_armies, nonzero);
  for (size_t i = 0; i < c.n_armies; i++)
    {
      ck_assert (i == 0 || c.armies[i] < c.armies[i - 1]);
      ck_assert (mpq_equal (c.armies_p[i], ref.armies[c.armies[i]]));
    }

  /* Every stop, by territory, defenders (fewest first), attackers (most
     first), and nothing else; held and fighting are different states.  */
  size_t n = 0;
  unsigned long behind = rules[0].count == RO_COUNT_TERRITORY;
  for (size_t i = 0; i < k; i++)
    for (unsigned long j = 0; j <= MAXD; j++)
      for (unsigned long f = MAXA + 1; f-- > 0;)
        for (int o = 0; o < 2; o++)
          {
            mpq_srcptr x = o ? ref.open[i][f][j] : ref.held[i][f][j];
            if (mpq_sgn (x) == 0)
              continue;
            ck_assert_msg (n < c.n_stops, "a stop missing");
            const ro_chain_stop_t *e = &c.stop[n++];
            ck_assert_uint_eq (e->territory, i);
            ck_assert_uint_eq (e->defenders, j);
            ck_assert_uint_eq (e->attackers, f + behind);
            ck_assert_int_eq (e->unresolved, o);
            ck_assert_msg (mpq_equal (e->p, x), "stop %zu %lu %lu%s: %s, the "
                           "reference %s", i, f, j, o ? " fighting" : "",
                           mpq_get_str (NULL, 10, e->p),
                           mpq_get_str (NULL, 10, x));
            mpq_add (sum, sum, e->p);
            if (o)
              mpq_add (un[i], un[i], x);
          }
  ck_assert_uint_eq (n, c.n_stops);
  mpq_add (sum, sum, c.taken[k]);
  ck_assert (mpq_equal (sum, one));
  for (size_t j = 0; j <= k; j++)
    ck_assert (mpq_equal (c.unresolved[j], un[j]));

  ro_chain_stats_t st;
  ro_chain_stats_init (&st);
  ck_assert_int_eq (ro_chain_stats (&st, &c, &rules[0], a, d), RO_OK);
  ck_assert (mpq_equal (st.taken, ref.m[0][0]));
  ck_assert (mpq_equal (st.attackers_lost, ref.m[1][0]));
  ck_assert (mpq_equal (st.defenders_lost, ref.m[2][0]));
  ref_var (var, ref.m[1][0], ref.m[1][1]);
  ck_assert (mpq_equal (st.attackers_lost_var, var));
  ro_chain_stats_clear (&st);

  ro_chain_clear (&c);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_clear (un[j]);
  mpq_clears (one, sum, var, (mpq_ptr) 0);
  ref_clear (&ref);
}

/* Random chains as test_territories draws them, in 1 to 7 rounds.  */
START_TEST (test_chain_rounds)
{
  gmp_randstate_t st;
  test_rand_init (st, 1802);
  for (unsigned long it = 0; it < 150 * test_scale; it++)
    {
      ro_rules_t r[MAXK];
      unsigned long d[MAXK];
      size_t k = random_chain (st, r, d, 1);
      check_chain_rounds (r, test_rand_range (st, 1, 8), d, k,
                          test_rand_range (st, 1, 7));
    }
  gmp_randclear (st);
}
END_TEST

/* One territory is the battle of ro_battle_dist_rounds; enough rounds
   are the unlimited chain, stop by stop; errors.  */
START_TEST (test_chain_rounds_limits)
{
  ro_rules_t r[3];
  unsigned long d[3] = { 3, 2, 4 };
  ro_chain_t c, u;
  ro_dist_t x;
  ro_chain_init (&c);
  ro_chain_init (&u);
  ro_dist_init (&x);
  for (int i = 0; i < 3; i++)
    ro_rules_init (&r[i]);
  r[1].defend_dice = 3;
  r[2].defend_sides = 8;
  r[2].defender = RO_DEFENDER_WIERINGA;
  for (unsigned long n = 1; n <= 6; n++)
    {
      ck_assert_int_eq (ro_chain_rounds (&c, r, 9, d, 1, n), RO_OK);
      ck_assert_int_eq (ro_battle_dist_rounds (&x, &r[0], 9, d[0], n),
                        RO_OK);
      ck_assert (mpq_equal (c.taken[1], x.win));
      ck_assert (mpq_equal (c.unresolved[0], x.unresolved));
    }
  for (unsigned long a = 2; a <= 20; a += 6)
    {
      ck_assert_int_eq (ro_chain_rounds (&c, r, a, d, 3, a + 9), RO_OK);
      ck_assert_int_eq (ro_chain_rules (&u, r, a, d, 3), RO_OK);
      for (size_t j = 0; j <= 3; j++)
        ck_assert (mpq_equal (c.taken[j], u.taken[j])
                   && mpq_sgn (c.unresolved[j]) == 0);
      ck_assert_uint_eq (c.n_armies, u.n_armies);
      for (size_t i = 0; i < c.n_armies; i++)
        ck_assert (c.armies[i] == u.armies[i]
                   && mpq_equal (c.armies_p[i], u.armies_p[i]));
      ck_assert_uint_eq (c.n_stops, u.n_stops);
      for (size_t i = 0; i < c.n_stops; i++)
        ck_assert (c.stop[i].territory == u.stop[i].territory
                   && c.stop[i].attackers == u.stop[i].attackers
                   && c.stop[i].defenders == u.stop[i].defenders
                   && !c.stop[i].unresolved && !u.stop[i].unresolved
                   && mpq_equal (c.stop[i].p, u.stop[i].p));
      ck_assert (u.unresolved == NULL);
    }
  ck_assert_int_eq (ro_chain_rounds (&c, r, 5, d, 3, 0), RO_EINVAL);
  ck_assert_int_eq (ro_chain_rounds (&c, r, 5, d, 0, 2), RO_EINVAL);
  r[1].defender = RO_DEFENDER_OPTIMAL;
  ck_assert_int_eq (ro_chain_rounds (&c, r, 5, d, 3, 2), RO_EINVAL);
  ro_rules_init (&r[1]);
  r[1].stop = 2;
  ck_assert_int_eq (ro_chain_rounds (&c, r, 5, d, 3, 2), RO_EINVAL);
  ro_chain_clear (&c);
  ro_chain_clear (&u);
  ro_dist_clear (&x);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Whole-chain policies: a plain game recursion over every roll       */

/* The outcome of one roll: the attacker's loss when his sorted dice A
   (NA, highest first) meet the defender's D (ND), plus bonuses on the
   highest dice in the first comparison only.  */
static unsigned
compare_dice (const ro_rules_t *r, const unsigned *a, unsigned na,
              const unsigned *d, unsigned nd)
{
  unsigned m = na < nd ? na : nd, lost = 0;
  for (unsigned i = 0; i < m; i++)
    {
      int x = (int) a[i] + (i == 0 ? r->attack_bonus : 0);
      int y = (int) d[i] + (i == 0 ? r->defend_bonus : 0);
      lost += x < y || (x == y && r->ties == RO_TIES_DEFENDER);
    }
  return lost;
}

/* Decode roll number N of NDICE dice of SIDES into DICE, sorted
   highest first.  */
static void
decode_roll (unsigned *dice, unsigned long n, unsigned ndice,
             unsigned sides)
{
  for (unsigned i = 0; i < ndice; i++)
    {
      dice[i] = (unsigned) (n % sides) + 1;
      n /= sides;
    }
  for (unsigned i = 1; i < ndice; i++)
    for (unsigned j = i; j > 0 && dice[j] > dice[j - 1]; j--)
      {
        unsigned t = dice[j];
        dice[j] = dice[j - 1];
        dice[j - 1] = t;
      }
}

typedef struct
{
  const ro_rules_t *r;
  const unsigned long *d;
  size_t k;
  size_t target;                /* the objective: at least TARGET taken */
  unsigned long f_stop;
  int known[MAXK][MAXA + 1][MAXD + 1];
  mpq_t v[MAXK][MAXA + 1][MAXD + 1];
} game_t;

static void game_value (mpq_t out, game_t *g, size_t i, unsigned long f,
                        unsigned long d);

/* The value of the state after a round that cost the attacker LA and the
   defender LD.  */
static void
game_after (mpq_t out, game_t *g, size_t i, unsigned long f,
            unsigned long d)
{
  if (d == 0)
    {
      if (i + 1 == g->target)
        mpq_set_ui (out, 1, 1);
      else
        game_value (out, g, i + 1, f - 1, g->d[i + 1]);
    }
  else if (f == 0 || f <= g->f_stop)
    mpq_set_ui (out, 0, 1);
  else
    game_value (out, g, i, f, d);
}

/* P(taking territories I .. TARGET-1) from F fighting armies against D
   at territory I, the attacker maximising it (when optimal) over his dice,
   the defender, seeing the attack roll, minimising it over his.  */
static void
game_value (mpq_t out, game_t *g, size_t i, unsigned long f,
            unsigned long d)
{
  if (g->known[i][f][d])
    {
      mpq_set (out, g->v[i][f][d]);
      return;
    }
  const ro_rules_t *r = &g->r[i];
  unsigned most_a = f < r->attack_dice ? f : r->attack_dice;
  unsigned most_d = d < r->defend_dice ? d : r->defend_dice;
  unsigned lo_a = r->attacker == RO_ATTACKER_OPTIMAL ? 1 : most_a;
  unsigned lo_d = r->defender == RO_DEFENDER_OPTIMAL ? 1 : most_d;
  unsigned ad[RO_DICE_MAX], dd[RO_DICE_MAX];
  mpq_t best, val, ans, bestans, t, child[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  mpq_inits (best, val, ans, bestans, t, (mpq_ptr) 0);
  for (unsigned na = lo_a; na <= most_a; na++)
    {
      /* The values after each outcome of NA against ND dice.  */
      for (unsigned nd = lo_d; nd <= most_d; nd++)
        {
          unsigned m = na < nd ? na : nd;
          for (unsigned la = 0; la <= m; la++)
            {
              mpq_init (child[nd][la]);
              game_after (child[nd][la], g, i, f - la, d - (m - la));
            }
        }
      unsigned long arolls = 1;
      for (unsigned x = 0; x < na; x++)
        arolls *= r->attack_sides;
      mpq_set_ui (val, 0, 1);
      for (unsigned long ra = 0; ra < arolls; ra++)
        {
          decode_roll (ad, ra, na, r->attack_sides);
          for (unsigned nd = lo_d; nd <= most_d; nd++)
            {
              unsigned long drolls = 1, cnt[RO_DICE_MAX + 1] = { 0 };
              unsigned m = na < nd ? na : nd;
              for (unsigned x = 0; x < nd; x++)
                drolls *= r->defend_sides;
              for (unsigned long rd = 0; rd < drolls; rd++)
                {
                  decode_roll (dd, rd, nd, r->defend_sides);
                  cnt[compare_dice (r, ad, na, dd, nd)]++;
                }
              mpq_set_ui (ans, 0, 1);
              for (unsigned la = 0; la <= m; la++)
                {
                  mpq_set_ui (t, cnt[la], drolls);
                  mpq_canonicalize (t);
                  mpq_mul (t, t, child[nd][la]);
                  mpq_add (ans, ans, t);
                }
              if (nd == lo_d || mpq_cmp (ans, bestans) < 0)
                mpq_set (bestans, ans);
            }
          mpq_add (val, val, bestans);
        }
      mpq_set_ui (t, arolls, 1);
      mpq_div (val, val, t);
      if (na == lo_a || mpq_cmp (val, best) > 0)
        mpq_set (best, val);
      for (unsigned nd = lo_d; nd <= most_d; nd++)
        for (unsigned la = 0; la <= (na < nd ? na : nd); la++)
          mpq_clear (child[nd][la]);
    }
  mpq_set (g->v[i][f][d], best);
  g->known[i][f][d] = 1;
  mpq_set (out, best);
  mpq_clears (best, val, ans, bestans, t, (mpq_ptr) 0);
}

/* The game's value of the chain D[0 .. K-1] under R attacked by A:
   P(taking at least TARGET) with both sides playing their policies for
   it, into OUT.  */
static void
game_solve (mpq_t out, const ro_rules_t *r, const unsigned long *d,
            size_t k, size_t target, unsigned long a)
{
  game_t *g = calloc (1, sizeof *g);
  ck_assert (g != NULL);
  g->r = r;
  g->d = d;
  g->k = k;
  g->target = target;
  for (size_t i = 0; i < MAXK; i++)
    for (size_t f = 0; f <= MAXA; f++)
      for (size_t j = 0; j <= MAXD; j++)
        mpq_init (g->v[i][f][j]);
  game_value (out, g, 0, a - 1, d[0]);
  for (size_t i = 0; i < MAXK; i++)
    for (size_t f = 0; f <= MAXA; f++)
      for (size_t j = 0; j <= MAXD; j++)
        mpq_clear (g->v[i][f][j]);
  free (g);
}

/* A random chain of 1 to 3 territories for the whole-chain policies into
   R and D, its attack into *A and its policies into *POL (1: the
   attacker optimal, 2: the defender, 3: both); its length returned.  */
static size_t
random_policy_chain (gmp_randstate_t st, ro_rules_t *r, unsigned long *d,
                     unsigned long *a, int *pol)
{
  size_t k = test_rand_range (st, 1, 3);
  *a = test_rand_range (st, 2, 8);
  unsigned sides = test_rand_range (st, 3, 6);
  *pol = (int) test_rand_range (st, 1, 3);
  for (size_t i = 0; i < k; i++)
    {
      ro_rules_init (&r[i]);
      r[i].attack_sides = r[i].defend_sides = sides;
      r[i].defend_dice = test_rand_range (st, 2, 3);
      if (*pol & 1)
        r[i].attacker = RO_ATTACKER_OPTIMAL;
      if (*pol & 2)
        r[i].defender = RO_DEFENDER_OPTIMAL;
      d[i] = test_rand_range (st, 1, 3);
    }
  return k;
}

START_TEST (test_whole_chain)
{
  gmp_randstate_t st;
  test_rand_init (st, 1903);
  for (unsigned long it = 0; it < 30 * test_scale; it++)
    {
      ro_rules_t r[MAXK];
      unsigned long d[MAXK], a;
      int pol;
      size_t k = random_policy_chain (st, r, d, &a, &pol);
      mpq_t want;
      mpq_init (want);
      game_solve (want, r, d, k, k, a);

      ro_chain_t c, b;
      ro_chain_init (&c);
      ro_chain_init (&b);
      ck_assert_int_eq (ro_chain_scope (&c, r, a, d, k, RO_SCOPE_CHAIN),
                        RO_OK);
      ck_assert_msg (mpq_equal (c.taken[k], want), "a = %lu, k = %zu, "
                     "policy %d: %s, the game %s", a, k, pol,
                     mpq_get_str (NULL, 10, c.taken[k]),
                     mpq_get_str (NULL, 10, want));
      /* The battles' own choices do no better for the side that
         chooses.  */
      ck_assert_int_eq (ro_chain_rules (&b, r, a, d, k), RO_OK);
      if (pol == 1)
        ck_assert (mpq_cmp (b.taken[k], c.taken[k]) <= 0);
      if (pol == 2)
        ck_assert (mpq_cmp (b.taken[k], c.taken[k]) >= 0);
      ro_chain_clear (&c);
      ro_chain_clear (&b);
      mpq_clear (want);
    }
  gmp_randclear (st);
}
END_TEST

/* The reviewer's figures of issue 19: an optimal defender, 8 armies
   against 3 3, takes the whole chain with 0.48920 battle by battle and
   0.48707 when the defender weighs the whole chain.  */
START_TEST (test_whole_chain_figures)
{
  ro_rules_t r[2];
  unsigned long d[2] = { 3, 3 };
  ro_chain_t c;
  mpq_t lo, hi;
  mpq_inits (lo, hi, (mpq_ptr) 0);
  ro_rules_init (&r[0]);
  r[0].defender = RO_DEFENDER_OPTIMAL;
  r[1] = r[0];
  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain_scope (&c, r, 8, d, 2, RO_SCOPE_BATTLE),
                    RO_OK);
  mpq_set_ui (lo, 48915, 100000);
  mpq_set_ui (hi, 48925, 100000);
  ck_assert (mpq_cmp (c.taken[2], lo) > 0 && mpq_cmp (c.taken[2], hi) < 0);
  ck_assert_int_eq (ro_chain_scope (&c, r, 8, d, 2, RO_SCOPE_CHAIN),
                    RO_OK);
  mpq_set_ui (lo, 48702, 100000);
  mpq_set_ui (hi, 48712, 100000);
  ck_assert (mpq_cmp (c.taken[2], lo) > 0 && mpq_cmp (c.taken[2], hi) < 0);
  ro_chain_clear (&c);
  mpq_clears (lo, hi, (mpq_ptr) 0);
}
END_TEST

/* The objective "at least T taken", every T of small chains: the
   library's P(at least T) against the game recursion whose wins of
   territory T are worth 1; T = K is ro_chain_scope; the side that
   chooses does no worse than battle by battle.  Returns whether some T
   < K let the attacker alone beat the battles' own choices.  */
static int
check_targets (const ro_rules_t *r, unsigned long a, const unsigned long *d,
               size_t k, int pol)
{
  int gain = 0;
  ro_chain_t c, b, all;
  ro_chain_init (&c);
  ro_chain_init (&b);
  ro_chain_init (&all);
  mpq_t want, got, base;
  mpq_inits (want, got, base, (mpq_ptr) 0);
  ck_assert_int_eq (ro_chain_rules (&b, r, a, d, k), RO_OK);
  ck_assert_int_eq (ro_chain_scope (&all, r, a, d, k, RO_SCOPE_CHAIN),
                    RO_OK);
  for (size_t t = 1; t <= k; t++)
    {
      game_solve (want, r, d, k, t, a);
      ck_assert_int_eq (ro_chain_scope_target (&c, r, a, d, k,
                                               RO_SCOPE_CHAIN, t), RO_OK);
      mpq_set_ui (got, 0, 1);
      mpq_set_ui (base, 0, 1);
      for (size_t j = t; j <= k; j++)
        {
          mpq_add (got, got, c.taken[j]);
          mpq_add (base, base, b.taken[j]);
        }
      ck_assert_msg (mpq_equal (got, want), "a = %lu, k = %zu, t = %zu, "
                     "policy %d", a, k, t, pol);
      if (pol == 1)
        ck_assert (mpq_cmp (got, base) >= 0);
      if (pol == 2)
        ck_assert (mpq_cmp (got, base) <= 0);
      gain |= pol == 1 && t < k && mpq_cmp (got, base) > 0;
      /* Every probability sums to 1, the battles after T included.  */
      mpq_set_ui (got, 0, 1);
      for (size_t j = 0; j <= k; j++)
        mpq_add (got, got, c.taken[j]);
      ck_assert (mpq_cmp_ui (got, 1, 1) == 0);
      if (t == k)
        for (size_t j = 0; j <= k; j++)
          ck_assert (mpq_equal (c.taken[j], all.taken[j]));
      /* Under the battles' scope the target changes nothing.  */
      ck_assert_int_eq (ro_chain_scope_target (&c, r, a, d, k,
                                               RO_SCOPE_BATTLE, t), RO_OK);
      for (size_t j = 0; j <= k; j++)
        ck_assert (mpq_equal (c.taken[j], b.taken[j]));
    }
  ck_assert_int_eq (ro_chain_scope_target (&c, r, a, d, k, RO_SCOPE_CHAIN,
                                           0), RO_EINVAL);
  ck_assert_int_eq (ro_chain_scope_target (&c, r, a, d, k, RO_SCOPE_CHAIN,
                                           k + 1), RO_EINVAL);
  mpq_clears (want, got, base, (mpq_ptr) 0);
  ro_chain_clear (&c);
  ro_chain_clear (&b);
  ro_chain_clear (&all);
  return gain;
}

START_TEST (test_whole_chain_target)
{
  gmp_randstate_t st;
  test_rand_init (st, 1904);
  for (unsigned long it = 0; it < 20 * test_scale; it++)
    {
      ro_rules_t r[MAXK];
      unsigned long d[MAXK], a;
      int pol;
      size_t k = random_policy_chain (st, r, d, &a, &pol);
      check_targets (r, a, d, k, pol);
    }
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fortify: against an exhaustive search of the test's own            */

/* P(taking at least j), j = 1 .. K, of the split D by the path
   reference into AT[0 .. K-1].  */
static void
split_odds (mpq_t *at, const ro_rules_t *rules, unsigned long a,
            const unsigned long *d, size_t k)
{
  ro_rules_t r[MAXK];
  for (size_t i = 0; i < k; i++)
    r[i] = *rules;
  ref_t ref;
  mpq_t one;
  mpq_init (one);
  mpq_set_ui (one, 1, 1);
  ref_init (&ref, r, d, k, a);
  ref_paths (&ref, 0, ref.f0, d[0], 0, 0, one);
  for (size_t j = k; j >= 1; j--)
    {
      mpq_set (at[j - 1], ref.taken[j]);
      if (j < k)
        mpq_add (at[j - 1], at[j - 1], at[j]);
    }
  ref_clear (&ref);
  mpq_clear (one);
}

typedef struct
{
  const ro_rules_t *rules;
  unsigned long a;
  size_t k, n;
  unsigned long d[MAXK];
  mpq_t best[MAXK];             /* the least P(at least j) seen */
} search_t;

/* Every split of REST armies over territories I .. K-1, recursively.  */
static void
search (search_t *s, size_t i, unsigned long rest)
{
  if (i + 1 == s->k)
    {
      s->d[i] = rest;
      mpq_t at[MAXK];
      for (size_t j = 0; j < s->k; j++)
        mpq_init (at[j]);
      split_odds (at, s->rules, s->a, s->d, s->k);
      for (size_t j = 0; j < s->k; j++)
        {
          if (s->n == 0 || mpq_cmp (at[j], s->best[j]) < 0)
            mpq_set (s->best[j], at[j]);
          mpq_clear (at[j]);
        }
      s->n++;
      return;
    }
  for (unsigned long x = 1; x + (s->k - 1 - i) <= rest; x++)
    {
      s->d[i] = x;
      search (s, i + 1, rest - x);
    }
}

START_TEST (test_fortify)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i % 2 ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  if (_i >= 2)
    {
      r.attack_sides = r.defend_sides = 4;
      r.defend_dice = 3;
    }
  for (unsigned long total = 1; total <= MAXD; total++)
    for (size_t k = 1; k <= 3 && k <= total; k++)
      {
        unsigned long a = 4 + total % 4;
        search_t s;
        s.rules = &r;
        s.a = a;
        s.k = k;
        s.n = 0;
        for (size_t j = 0; j < k; j++)
          mpq_init (s.best[j]);
        search (&s, 0, total);

        ro_fortify_t f;
        ro_fortify_init (&f);
        ck_assert_int_eq (ro_fortify (&f, &r, a, total, k, RO_SCOPE_BATTLE),
                          RO_OK);
        ck_assert_uint_eq (f.n, s.n);
        double n;
        ck_assert_int_eq (ro_fortify_count (&n, total, k), RO_OK);
        ck_assert_uint_eq ((size_t) n, s.n);
        /* Every split once, in lexicographic order, each exact.  */
        for (size_t i = 0; i < f.n; i++)
          {
            unsigned long sum = 0;
            for (size_t j = 0; j < k; j++)
              {
                ck_assert_uint_ge (f.split[i].d[j], 1);
                sum += f.split[i].d[j];
              }
            ck_assert_uint_eq (sum, total);
            for (size_t j = 0; i > 0 && j < k; j++)
              if (f.split[i - 1].d[j] != f.split[i].d[j])
                {
                  ck_assert_uint_lt (f.split[i - 1].d[j], f.split[i].d[j]);
                  break;
                }
            mpq_t at[MAXK];
            for (size_t j = 0; j < k; j++)
              mpq_init (at[j]);
            split_odds (at, &r, a, f.split[i].d, k);
            for (size_t j = 0; j < k; j++)
              {
                ck_assert (mpq_equal (at[j], f.split[i].at_least[j]));
                mpq_clear (at[j]);
              }
          }
        size_t *order = malloc (f.n * sizeof *order);
        for (size_t j = 1; j <= k; j++)
          {
            ck_assert_int_eq (ro_fortify_rank (order, &f, j), RO_OK);
            ck_assert (mpq_equal (f.split[order[0]].at_least[j - 1],
                                  s.best[j - 1]));
            for (size_t i = 1; i < f.n; i++)
              ck_assert (mpq_cmp (f.split[order[i - 1]].at_least[j - 1],
                                  f.split[order[i]].at_least[j - 1]) <= 0);
          }
        free (order);
        ro_fortify_clear (&f);
        for (size_t j = 0; j < k; j++)
          mpq_clear (s.best[j]);
      }
}
END_TEST

/* ro_fortify_target: every split's P(at least T) with the policies
   aiming at T is the game recursion's, for every T.  */
START_TEST (test_fortify_target)
{
  ro_rules_t r[MAXK];
  for (size_t i = 0; i < MAXK; i++)
    {
      ro_rules_init (&r[i]);
      r[i].defender = _i ? RO_DEFENDER_OPTIMAL : RO_DEFENDER_MAX;
      r[i].attacker = _i != 1 ? RO_ATTACKER_OPTIMAL : RO_ATTACKER_MAX;
    }
  mpq_t want;
  mpq_init (want);
  for (unsigned long total = 2; total <= 5; total++)
    for (size_t k = 2; k <= 3 && k <= total; k++)
      for (size_t t = 1; t <= k; t++)
        {
          unsigned long a = 3 + total;
          ro_fortify_t f;
          ro_fortify_init (&f);
          ck_assert_int_eq (ro_fortify_target (&f, &r[0], a, total, k,
                                               RO_SCOPE_CHAIN, t), RO_OK);
          for (size_t i = 0; i < f.n; i++)
            {
              game_solve (want, r, f.split[i].d, k, t, a);
              ck_assert (mpq_equal (want, f.split[i].at_least[t - 1]));
            }
          ck_assert_int_eq (ro_fortify_target (&f, &r[0], a, total, k,
                                               RO_SCOPE_CHAIN, k + 1),
                            RO_EINVAL);
          ro_fortify_clear (&f);
        }
  mpq_clear (want);
}
END_TEST

START_TEST (test_fortify_errors)
{
  ro_rules_t r;
  ro_fortify_t f;
  double n;
  ro_rules_init (&r);
  ro_fortify_init (&f);
  ck_assert_int_eq (ro_fortify (&f, &r, 5, 2, 3, RO_SCOPE_BATTLE),
                    RO_EINVAL);
  ck_assert_int_eq (ro_fortify (&f, &r, 5, 2, 0, RO_SCOPE_BATTLE),
                    RO_EINVAL);
  /* C(99, 4) = 3764376 splits.  */
  ck_assert_int_eq (ro_fortify_count (&n, 100, 5), RO_OK);
  ck_assert (n > 3764375.5 && n < 3764376.5);
  ck_assert_int_eq (ro_fortify (&f, &r, 5, 100, 5, RO_SCOPE_BATTLE),
                    RO_ERANGE);
  ro_fortify_clear (&f);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ro_fortify_best against every split of the test's own              */

#define BEST_MAXK 4
#define BEST_MAXSPLITS 400

/* One split of the enumeration: its armies and P(at least j).  */
typedef struct
{
  unsigned long d[BEST_MAXK];
  mpq_t at[BEST_MAXK];
} enum_split_t;

/* The enumeration's state: the rules, the attack, the split so far,
   the splits found.  */
typedef struct
{
  const ro_rules_t *r;
  unsigned long a;
  size_t k, n;
  unsigned long d[BEST_MAXK];
  enum_split_t *e;
} enum_t;

/* Every split of REST over territories I .. K-1 (at least 1 each), in
   lexicographic order, each by its own chain (ro_chain_rules, tested
   against every path of rounds above).  */
static void
enum_walk (enum_t *s, size_t i, unsigned long rest)
{
  if (i + 1 < s->k)
    {
      for (unsigned long x = 1; x + (s->k - 1 - i) <= rest; x++)
        {
          s->d[i] = x;
          enum_walk (s, i + 1, rest - x);
        }
      return;
    }
  s->d[i] = rest;
  ck_assert_uint_lt (s->n, BEST_MAXSPLITS);
  enum_split_t *e = &s->e[s->n++];
  ro_chain_t c;
  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain_rules (&c, s->r, s->a, s->d, s->k), RO_OK);
  for (size_t t = 0; t < s->k; t++)
    {
      e->d[t] = s->d[t];
      mpq_init (e->at[t]);
    }
  for (size_t j = s->k; j >= 1; j--)
    {
      mpq_set (e->at[j - 1], c.taken[j]);
      if (j < s->k)
        mpq_add (e->at[j - 1], e->at[j - 1], e->at[j]);
    }
  ro_chain_clear (&c);
}

static size_t
enum_splits (enum_split_t *e, const ro_rules_t *r, unsigned long a,
             unsigned long total, size_t k)
{
  enum_t s = { r, a, k, 0, { 0 }, e };
  enum_walk (&s, 0, total);
  return s.n;
}

/* Random rules for territory I: about half with dice, bonuses, sides,
   ties of their own, and optimal dice choices (each battle's) for
   either side at times; COUNT and STOP shared.  */
static void
random_territory (gmp_randstate_t st, ro_rules_t *r, ro_count_t count,
                  unsigned long stop)
{
  ro_rules_init (r);
  r->count = count;
  r->stop = stop;
  if (test_rand_range (st, 0, 1))
    return;
  r->defend_dice = test_rand_range (st, 1, 3);
  r->defend_bonus = test_rand_range (st, 0, 1);
  if (test_rand_range (st, 0, 2) == 0)
    r->defend_sides = test_rand_range (st, 4, 8);
  if (test_rand_range (st, 0, 3) == 0)
    r->attack_sides = test_rand_range (st, 4, 8);
  if (test_rand_range (st, 0, 3) == 0)
    r->ties = RO_TIES_ATTACKER;
  if (test_rand_range (st, 0, 3) == 0)
    r->defender = RO_DEFENDER_OPTIMAL;
  if (test_rand_range (st, 0, 3) == 0)
    r->attacker = RO_ATTACKER_OPTIMAL;
}

/* The N first of the enumeration E (NE splits) ranked by P(at least
   J), equal values in lexicographic order, into ORDER.  */
static void
enum_rank (size_t *order, const enum_split_t *e, size_t ne, size_t j)
{
  for (size_t i = 0; i < ne; i++)
    order[i] = i;
  for (size_t t = 1; t < ne; t++)
    for (size_t u = t; u > 0 && mpq_cmp (e[order[u - 1]].at[j - 1],
                                         e[order[u]].at[j - 1]) > 0; u--)
      {
        size_t x = order[u];
        order[u] = order[u - 1];
        order[u - 1] = x;
      }
}

/* 50 random cases a loop: up to 4 territories, their own rules (the same
   in all at times: NRULES 1), up to 13 defenders against up to 14; the
   N best for every J are the enumeration's N first, split by split and
   value by value (all K of each).  */
START_TEST (test_fortify_best)
{
  gmp_randstate_t st;
  test_rand_init (st, 3100 + _i);
  static enum_split_t e[BEST_MAXSPLITS];
  size_t order[BEST_MAXSPLITS];
  for (int round = 0; round < 50; round++)
    {
      size_t k = test_rand_range (st, 1, BEST_MAXK);
      unsigned long total = test_rand_range (st, k, k + 9);
      ro_count_t count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      unsigned long stop = test_rand_range (st, 0, 3) ? 0
        : test_rand_range (st, 1, 3);
      unsigned long a = test_rand_range (st, 1, 14);
      if (count == RO_COUNT_TERRITORY && a < 2)
        a = 2;
      ro_rules_t r[BEST_MAXK];
      size_t nrules = test_rand_range (st, 0, 3) == 0 ? 1 : k;
      for (size_t i = 0; i < k; i++)
        {
          if (i < nrules)
            random_territory (st, &r[i], count, stop);
          else
            r[i] = r[0];
        }
      size_t ne = enum_splits (e, r, a, total, k);
      size_t n = test_rand_range (st, 1, 6);
      for (size_t j = 1; j <= k; j++)
        {
          ro_fortify_t f;
          ro_fortify_init (&f);
          ck_assert_int_eq (ro_fortify_best (&f, r, nrules, a, total, k, j,
                                             n), RO_OK);
          enum_rank (order, e, ne, j);
          ck_assert_uint_eq (f.n, n < ne ? n : ne);
          for (size_t t = 0; t < f.n; t++)
            {
              const enum_split_t *want = &e[order[t]];
              for (size_t i = 0; i < k; i++)
                ck_assert_uint_eq (f.split[t].d[i], want->d[i]);
              for (size_t i = 0; i < k; i++)
                ck_assert (mpq_equal (f.split[t].at_least[i], want->at[i]));
            }
          ro_fortify_clear (&f);
        }
      for (size_t t = 0; t < ne; t++)
        for (size_t i = 0; i < k; i++)
          mpq_clear (e[t].at[i]);
    }
  gmp_randclear (st);
}
END_TEST

START_TEST (test_fortify_best_errors)
{
  ro_rules_t r[2];
  ro_fortify_t f;
  double bytes;
  ro_rules_init (&r[0]);
  ro_rules_init (&r[1]);
  ro_fortify_init (&f);
  /* J outside 1 .. K, N = 0, rules neither 1 nor K, too few armies, a
     goal, counts that differ.  */
  ck_assert_int_eq (ro_fortify_best (&f, r, 1, 5, 6, 2, 0, 1), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_best (&f, r, 1, 5, 6, 2, 3, 1), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_best (&f, r, 1, 5, 6, 2, 1, 0), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_best (&f, r, 2, 5, 6, 3, 1, 1), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_best (&f, r, 1, 5, 2, 3, 1, 1), RO_EINVAL);
  r[1].count = RO_COUNT_ATTACKERS;
  ck_assert_int_eq (ro_fortify_best (&f, r, 2, 5, 6, 2, 1, 1), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_best_memory (&bytes, r, 2, 5, 6, 2, 1),
                    RO_EINVAL);
  r[1] = r[0];
  r[1].goal = 1;
  ck_assert_int_eq (ro_fortify_best (&f, r, 2, 5, 6, 2, 1, 1), RO_EINVAL);
  /* The attacker cannot take 3 with 2 fighting: every split worth 0,
     the first in lexicographic order.  */
  r[1] = r[0];
  ck_assert_int_eq (ro_fortify_best (&f, r, 1, 3, 9, 3, 3, 2), RO_OK);
  ck_assert_uint_eq (f.n, 2);
  ck_assert_uint_eq (f.split[0].d[2], 7);
  ck_assert_uint_eq (f.split[1].d[1], 2);
  ck_assert_int_eq (mpq_sgn (f.split[1].at_least[2]), 0);
  /* An estimate that grows with the sizes.  */
  double small, large;
  ck_assert_int_eq (ro_fortify_best_memory (&small, r, 1, 100, 60, 5, 5),
                    RO_OK);
  ck_assert_int_eq (ro_fortify_best_memory (&large, r, 1, 200, 120, 5, 5),
                    RO_OK);
  ck_assert (small > 1e6 && large > 4 * small);
  ro_fortify_clear (&f);
}
END_TEST

static Suite *
fortify_suite (void)
{
  Suite *s = suite_create ("fortify");
  TCase *tc = test_tcase_create ("territories");
  tcase_add_test (tc, test_territories);
  tcase_add_test (tc, test_territory_errors);
  tcase_add_test (tc, test_chain_rounds);
  tcase_add_test (tc, test_chain_rounds_limits);
  suite_add_tcase (s, tc);
  tc = test_tcase_create ("whole chain");
  tcase_add_test (tc, test_whole_chain);
  tcase_add_test (tc, test_whole_chain_figures);
  tcase_add_test (tc, test_whole_chain_target);
  suite_add_tcase (s, tc);
  tc = test_tcase_create ("fortify");
  tcase_add_loop_test (tc, test_fortify, 0, 4);
  tcase_add_test (tc, test_fortify_errors);
  tcase_add_loop_test (tc, test_fortify_target, 0, 3);
  tcase_add_loop_test (tc, test_fortify_best, 0, 5);
  tcase_add_test (tc, test_fortify_best_errors);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_fortify", fortify_suite);
}
