/* check_float.c -- tests of the double-precision twin of the battle grid */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

/* A double cell is right when it is within this relative error of the
   exact value: a few ulps of rounding per round of the recursion (2^-52
   is 2.2e-16; a 40 x 40 grid has about 40 rounds on a path).  Below
   TINY the subnormals lose relative precision, and the bound becomes an
   absolute one of REL_TOL * TINY.  */
#define REL_TOL_EXP 13          /* 1e-13 */
#define TINY_EXP 300            /* 1e-300 */

/* The independent recursion agrees to this relative error.  */
#define PLAIN_TOL 1e-15

static unsigned long
min_ul (unsigned long a, unsigned long b)
{
  return a < b ? a : b;
}

/* Q = 1 / 10^E.  */
static void
q_ten_power (mpq_t q, unsigned long e)
{
  mpz_set_ui (mpq_numref (q), 1);
  mpz_ui_pow_ui (mpq_denref (q), 10, e);
}

/* Q = 1 / 2^E.  */
static void
q_two_power (mpq_t q, unsigned long e)
{
  mpz_set_ui (mpq_numref (q), 1);
  mpz_set_ui (mpq_denref (q), 0);
  mpz_setbit (mpq_denref (q), e);
}

/* ------------------------------------------------------------------ */
/* Both grids of a rule set, collected                                */
/* ------------------------------------------------------------------ */

/* The cells A_LO..A_HI x D_LO..D_HI of ro_battle_grid (exact) and of
   ro_battle_grid_double (x), each checked to come in the promised
   order.  */
typedef struct
{
  unsigned long a_lo, a_hi, d_lo, d_hi;
  unsigned long next_a, next_d, cells;
  mpq_t *exact;
  double *x;
} grids_t;

static size_t
grids_n (const grids_t *g)
{
  return (g->a_hi - g->a_lo + 1) * (g->d_hi - g->d_lo + 1);
}

static size_t
grids_index (const grids_t *g, unsigned long a, unsigned long d)
{
  return (a - g->a_lo) * (g->d_hi - g->d_lo + 1) + (d - g->d_lo);
}

/* (A, D) is the next cell of the pass, in order: A ascending, D
   ascending within each A.  */
static void
grids_step (grids_t *g, unsigned long a, unsigned long d)
{
  ck_assert_msg (a == g->next_a && d == g->next_d, "visited (%lu, %lu), "
                 "expected (%lu, %lu)", a, d, g->next_a, g->next_d);
  if (++g->next_d > g->d_hi)
    {
      g->next_d = g->d_lo;
      g->next_a++;
    }
  g->cells++;
}

static void
grids_restart (grids_t *g)
{
  g->next_a = g->a_lo;
  g->next_d = g->d_lo;
  g->cells = 0;
}

static int
exact_visit (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  grids_t *g = data;
  grids_step (g, a, d);
  mpq_set (g->exact[grids_index (g, a, d)], win);
  return 0;
}

static int
double_visit (void *data, unsigned long a, unsigned long d, double win)
{
  grids_t *g = data;
  grids_step (g, a, d);
  g->x[grids_index (g, a, d)] = win;
  return 0;
}

/* Run both grids of R over the given ranges into G.  */
static void
grids_run (grids_t *g, const ro_rules_t *r, unsigned long a_lo,
           unsigned long a_hi, unsigned long d_lo, unsigned long d_hi)
{
  g->a_lo = a_lo;
  g->a_hi = a_hi;
  g->d_lo = d_lo;
  g->d_hi = d_hi;
  g->exact = malloc (grids_n (g) * sizeof *g->exact);
  g->x = malloc (grids_n (g) * sizeof *g->x);
  ck_assert_ptr_nonnull (g->exact);
  ck_assert_ptr_nonnull (g->x);
  for (size_t c = 0; c < grids_n (g); c++)
    mpq_init (g->exact[c]);

  grids_restart (g);
  ck_assert_int_eq (ro_battle_grid (r, a_lo, a_hi, d_lo, d_hi, exact_visit,
                                    g), RO_OK);
  ck_assert_uint_eq (g->cells, grids_n (g));
  grids_restart (g);
  ck_assert_int_eq (ro_battle_grid_double (r, a_lo, a_hi, d_lo, d_hi,
                                           double_visit, g), RO_OK);
  ck_assert_uint_eq (g->cells, grids_n (g));
}

static void
grids_clear (grids_t *g)
{
  for (size_t c = 0; c < grids_n (g); c++)
    mpq_clear (g->exact[c]);
  free (g->exact);
  free (g->x);
}

/* ------------------------------------------------------------------ */
/* (a) Every cell against the exact grid                              */
/* ------------------------------------------------------------------ */

/* The largest relative error seen, and where.  */
typedef struct
{
  mpq_t tol, tiny, tiny_tol, err, worst;
  unsigned long worst_a, worst_d, cells, identical;
} errors_t;

static void
errors_init (errors_t *e)
{
  mpq_inits (e->tol, e->tiny, e->tiny_tol, e->err, e->worst, (mpq_ptr) 0);
  q_ten_power (e->tol, REL_TOL_EXP);
  q_ten_power (e->tiny, TINY_EXP);
  q_ten_power (e->tiny_tol, REL_TOL_EXP + TINY_EXP);
  e->worst_a = e->worst_d = e->cells = e->identical = 0;
}

static void
errors_clear (errors_t *e)
{
  mpq_clears (e->tol, e->tiny, e->tiny_tol, e->err, e->worst, (mpq_ptr) 0);
}

/* X, the double P(A, D) under R, is within the tolerance of EXACT: the
   comparison is made in rationals, X converted exactly (mpq_set_d).  */
static void
check_cell (errors_t *e, const ro_rules_t *r, unsigned long a,
            unsigned long d, double x, const mpq_t exact)
{
  char what[300];
  mpq_t t;

  test_describe_rules (what, sizeof what, r);
  ck_assert_msg (isfinite (x) && x >= 0.0 && x <= 1.0,
                 "%s, (%lu, %lu): %g is not a probability", what, a, d, x);
  mpq_init (t);
  mpq_set_d (t, x);
  e->cells++;
  e->identical += mpq_equal (t, exact) != 0;
  mpq_sub (e->err, t, exact);
  mpq_abs (e->err, e->err);
  if (mpq_cmp (exact, e->tiny) < 0)
    ck_assert_msg (mpq_cmp (e->err, e->tiny_tol) <= 0,
                   "%s, (%lu, %lu): %.17g, but the exact value is %.17g",
                   what, a, d, x, mpq_get_d (exact));
  else
    {
      mpq_div (e->err, e->err, exact);
      ck_assert_msg (mpq_cmp (e->err, e->tol) <= 0,
                     "%s, (%lu, %lu): %.17g is %g from the exact %.17g",
                     what, a, d, x, mpq_get_d (e->err), mpq_get_d (exact));
      if (mpq_cmp (e->err, e->worst) > 0)
        {
          mpq_set (e->worst, e->err);
          e->worst_a = a;
          e->worst_d = d;
        }
    }
  mpq_clear (t);
}

static void
check_grids (errors_t *e, const ro_rules_t *r, unsigned long a_lo,
             unsigned long a_hi, unsigned long d_lo, unsigned long d_hi)
{
  grids_t g;

  grids_run (&g, r, a_lo, a_hi, d_lo, d_hi);
  for (unsigned long a = a_lo; a <= a_hi; a++)
    for (unsigned long d = d_lo; d <= d_hi; d++)
      {
        size_t c = grids_index (&g, a, d);
        check_cell (e, r, a, d, g.x[c], g.exact[c]);
      }
  grids_clear (&g);
}

static void
errors_print (const errors_t *e, const char *what)
{
  printf ("check_float: %s: %lu cells, %lu equal to the exact value, "
          "largest relative error %.3g at (%lu, %lu)\n", what, e->cells,
          e->identical, mpq_get_d (e->worst), e->worst_a, e->worst_d);
  fflush (stdout);
}

/* The standard game, territory 1..40 x 0..40 and attackers 0..40 x
   0..40.  */
START_TEST (test_exact_standard)
{
  errors_t e;
  ro_rules_t r;

  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  errors_init (&e);
  check_grids (&e, &r, _i ? 0 : 1, 40, 0, 40);
  errors_print (&e, _i ? "standard, attackers count, 0..40 x 0..40"
                : "standard, territory count, 1..40 x 0..40");
  errors_clear (&e);
}
END_TEST

/* Rules drawn as check_battle's random_rules draws them (sides up to
   MAX_SIDES, up to 4 dice a side, bonuses, ties, count), with a stop
   and a goal now and then.  */
static void
random_rules (ro_rules_t *r, gmp_randstate_t st, unsigned long max_sides)
{
  /* One draw per statement: argument order is unspecified in C.  */
  unsigned long as = test_rand_range (st, 2, max_sides);
  unsigned long ds = test_rand_range (st, 2, max_sides);
  unsigned long ad = test_rand_range (st, 1, 4);
  unsigned long dd = test_rand_range (st, 1, 4);
  int ties = (int) test_rand_range (st, 0, 1);
  int attackers = (int) test_rand_range (st, 0, 1);
  int ab = test_random_bonus (st);
  int db = test_random_bonus (st);
  int stop = (int) test_rand_range (st, 0, 2) == 0;
  unsigned long stop_at = test_rand_range (st, 1, 6);
  int goal = (int) test_rand_range (st, 0, 2) == 0;
  unsigned long goal_at = test_rand_range (st, 1, 4);

  ro_rules_init (r);
  r->attack_sides = as;
  r->defend_sides = ds;
  r->attack_dice = ad;
  r->defend_dice = dd;
  r->ties = ties ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = attackers ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  r->attack_bonus = ab;
  r->defend_bonus = db;
  r->stop = stop ? stop_at : 0;
  r->goal = goal ? goal_at : 0;
}

START_TEST (test_exact_random)
{
  gmp_randstate_t st;
  errors_t e;

  test_rand_init (st, 40);
  errors_init (&e);
  for (unsigned long it = 0; it < 30 * test_scale; it++)
    {
      ro_rules_t r;
      random_rules (&r, st, 10);
      int attackers = r.count == RO_COUNT_ATTACKERS;
      unsigned long a_lo = test_rand_range (st, attackers ? 0 : 1, 8);
      unsigned long a_hi = test_rand_range (st, a_lo, 16);
      unsigned long d_lo = test_rand_range (st, 0, 8);
      unsigned long d_hi = test_rand_range (st, d_lo, 16);

      check_grids (&e, &r, a_lo, a_hi, d_lo, d_hi);
    }
  errors_print (&e, "random rules");
  errors_clear (&e);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (b) Each round probability is rounded once, to nearest             */
/* ------------------------------------------------------------------ */

/* Q (0 <= Q <= 1, not below 2^-1022) rounded to the nearest double,
   ties to even, found by hand: mpq_get_d truncates, so Q lies between
   it and the next double up, and the nearer of the two wins.  */
static double
nearest_double (const mpq_t q)
{
  double lo = mpq_get_d (q), hi = nextafter (lo, 2.0);
  mpq_t below, above;
  int c;

  mpq_inits (below, above, (mpq_ptr) 0);
  mpq_set_d (below, lo);
  mpq_set_d (above, hi);
  ck_assert (mpq_cmp (below, q) <= 0 && mpq_cmp (q, above) < 0);
  mpq_sub (below, q, below);
  mpq_sub (above, above, q);
  c = mpq_cmp (below, above);
  mpq_clears (below, above, (mpq_ptr) 0);
  if (c != 0)
    return c < 0 ? lo : hi;
  /* A tie: the even significand, whose last bit is 0.  */
  int e;
  double m = ldexp (frexp (lo, &e), 53);
  return fmod (m, 2.0) == 0.0 ? lo : hi;
}

static int
single_visit (void *data, unsigned long a, unsigned long d, double win)
{
  (void) a;
  (void) d;
  *(double *) data = win;
  return 0;
}

static double
double_win (const ro_rules_t *r, unsigned long a, unsigned long d)
{
  double x = -1.0;
  ck_assert_int_eq (ro_battle_grid_double (r, a, a, d, d, single_visit, &x),
                    RO_OK);
  return x;
}

/* A battle made of one round: NA against ND dice, won when the attacker
   loses no army (the defender is then at the goal, ND - m) and lost
   otherwise (the attacker is then at his stop).  Its double is p[0] * 1
   + 0 + ... + 0, exactly the rounded probability of that outcome.  The
   most dice are NA and ND, which changes nothing in this round but
   spares the model the larger rounds of many-sided dice.  */
static void
check_one_round (const ro_rules_t *rules, unsigned na, unsigned nd,
                 const mpq_t p0)
{
  ro_rules_t r = *rules;
  unsigned m = na < nd ? na : nd;
  int territory = r.count == RO_COUNT_TERRITORY;
  char what[300];

  r.attack_dice = na;
  r.defend_dice = nd;
  r.goal = nd - m;
  r.stop = territory ? na : na - 1;
  test_describe_rules (what, sizeof what, &r);
  double x = double_win (&r, territory ? na + 1 : na, nd);
  double want = mpq_sgn (p0) == 0 ? 0.0 : nearest_double (p0);
  ck_assert_msg (x == want, "%s, one round %u v %u: %a, but p0 = %s is %a "
                 "rounded to nearest", what, na, nd, x,
                 mpq_get_str (NULL, 10, p0), want);
}

static void
check_rounding (const ro_rules_t *r)
{
  mpq_t prob[6][6][6];

  test_round_probs (prob, r);
  for (unsigned na = 1; na <= r->attack_dice; na++)
    for (unsigned nd = 1; nd <= r->defend_dice; nd++)
      check_one_round (r, na, nd, prob[na][nd][0]);
  test_round_probs_clear (prob);
}

START_TEST (test_rounded_once)
{
  gmp_randstate_t st;
  ro_rules_t r;

  /* 2 v 1 is one round of 1 v 1 dice: 5/12, which rounds up (to
     0x1.aaaaaaaaaaaabp-2), so a truncated conversion would show.  */
  mpq_t q;
  mpq_init (q);
  mpq_set_ui (q, 5, 12);
  ro_rules_init (&r);
  ck_assert (double_win (&r, 2, 1) == 5.0 / 12.0);
  ck_assert (mpq_get_d (q) != 5.0 / 12.0);
  mpq_clear (q);
  check_rounding (&r);
  r.count = RO_COUNT_ATTACKERS;
  check_rounding (&r);

  /* Totals up to 100^10, beyond 2^53: no double holds the counts.  */
  r.attack_sides = r.defend_sides = RO_SIDES_MAX;
  r.attack_dice = r.defend_dice = RO_DICE_MAX;
  check_rounding (&r);

  test_rand_init (st, 41);
  for (unsigned long it = 0; it < 20 * test_scale; it++)
    {
      random_rules (&r, st, RO_SIDES_MAX);
      check_rounding (&r);
    }
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (c) A plain double recursion, from counted dice                    */
/* ------------------------------------------------------------------ */

/* The standard game's rounds as counted by hand: the attacker loses k
   armies in HAND[na][nd][k] of the 6^(na+nd) rolls.  */
static const unsigned long hand[4][3][3] = {
  [1][1] = { 15, 21 },
  [1][2] = { 55, 161 },
  [2][1] = { 125, 91 },
  [2][2] = { 295, 420, 581 },
  [3][1] = { 855, 441 },
  [3][2] = { 2890, 2611, 2275 },
};

/* Every ordered roll of NA and ND six-sided dice, sorted and compared
   pairwise, ties to the defender: COUNT[k] rolls cost the attacker k.  */
static void
brute_round (unsigned long count[3], unsigned na, unsigned nd)
{
  unsigned n = na + nd, dice[5];
  unsigned long rolls = 1;

  for (unsigned i = 0; i < n; i++)
    rolls *= 6;
  memset (count, 0, 3 * sizeof *count);
  for (unsigned long code = 0; code < rolls; code++)
    {
      unsigned long c = code;
      for (unsigned i = 0; i < n; i++, c /= 6)
        dice[i] = (unsigned) (c % 6) + 1;
      /* Sort each side's dice descending, by insertion.  */
      for (unsigned lo = 0, len = na; lo < n; lo += len, len = nd)
        for (unsigned i = lo + 1; i < lo + len; i++)
          for (unsigned j = i; j > lo && dice[j - 1] < dice[j]; j--)
            {
              unsigned t = dice[j];
              dice[j] = dice[j - 1];
              dice[j - 1] = t;
            }
      unsigned lost = 0;
      for (unsigned i = 0; i < na && i < nd; i++)
        lost += dice[i] <= dice[na + i];
      count[lost]++;
    }
}

START_TEST (test_hand_counts)
{
  for (unsigned na = 1; na <= 3; na++)
    for (unsigned nd = 1; nd <= 2; nd++)
      {
        unsigned long count[3];
        brute_round (count, na, nd);
        for (unsigned k = 0; k < 3; k++)
          ck_assert_msg (count[k] == hand[na][nd][k], "%u v %u, attacker "
                         "loses %u: %lu rolls counted, %lu by hand", na, nd,
                         k, count[k], hand[na][nd][k]);
      }
}
END_TEST

#define PLAIN_MAX 40

/* P(A, D), A counted with the territory, memoised in MEMO (negative:
   not known yet).  The round probabilities are quotients of two exact
   doubles, so IEEE division rounds them once, to nearest.  */
static double
plain_win (double memo[PLAIN_MAX + 1][PLAIN_MAX + 1], unsigned long a,
           unsigned long d)
{
  static const double total[4][3] = {
    [1] = { 0, 36, 216 }, [2] = { 0, 216, 1296 }, [3] = { 0, 1296, 7776 }
  };

  if (d == 0)
    return 1.0;
  if (a <= 1)
    return 0.0;
  if (memo[a][d] >= 0.0)
    return memo[a][d];
  unsigned na = (unsigned) min_ul (a - 1, 3), nd = (unsigned) min_ul (d, 2);
  unsigned m = na < nd ? na : nd;
  double p = 0.0;
  for (unsigned k = 0; k <= m; k++)
    p += (double) hand[na][nd][k] / total[na][nd]
      * plain_win (memo, a - k, d - (m - k));
  memo[a][d] = p;
  return p;
}

typedef struct
{
  double memo[PLAIN_MAX + 1][PLAIN_MAX + 1];
  int attackers;                /* the grid counts only the fighters */
  unsigned long cells, identical;
} plain_t;

static int
plain_visit (void *data, unsigned long a, unsigned long d, double win)
{
  plain_t *p = data;
  /* The territory holds one army more than fight.  */
  double want = plain_win (p->memo, a + (p->attackers ? 1 : 0), d);

  ck_assert_msg (fabs (win - want) <= PLAIN_TOL * want,
                 "%s (%lu, %lu): %.17g, the plain recursion says %.17g",
                 p->attackers ? "attackers" : "territory", a, d, win, want);
  p->cells++;
  p->identical += win == want;
  return 0;
}

/* Both counts (_i).  */
START_TEST (test_plain_recursion)
{
  plain_t p;
  ro_rules_t r;

  for (unsigned long a = 0; a <= PLAIN_MAX; a++)
    for (unsigned long d = 0; d <= PLAIN_MAX; d++)
      p.memo[a][d] = -1.0;
  p.attackers = _i;
  p.cells = p.identical = 0;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  ck_assert_int_eq (ro_battle_grid_double (&r, _i ? 0 : 1, PLAIN_MAX - _i, 0,
                                           PLAIN_MAX, plain_visit, &p),
                    RO_OK);
  ck_assert_uint_eq (p.cells, PLAIN_MAX * (PLAIN_MAX + 1));
  printf ("check_float: plain recursion, %s count: %lu cells, %lu "
          "identical\n", test_count_name (r.count), p.cells, p.identical);
  fflush (stdout);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (d) Where double precision fails                                   */
/* ------------------------------------------------------------------ */

/* One fighting army against D: the attacker must win D single
   comparisons in a row, P = (55/216)^(D-1) 5/12, about 2^(-1.97 D).  It
   is positive for every D, but below 2^-1075 (half the least subnormal)
   the double is 0: at D = 2000 the exact value is about 10^-1187.  */
START_TEST (test_underflow)
{
  const unsigned long dmax = 2000;
  ro_rules_t r;
  grids_t g;
  mpq_t half_min, tiny, tol, err;
  unsigned long first_zero = 0, first_loose = 0;

  ro_rules_init (&r);
  mpq_inits (half_min, tiny, tol, err, (mpq_ptr) 0);
  q_two_power (half_min, 1075);
  q_two_power (tiny, 1022);
  q_ten_power (tol, REL_TOL_EXP);
  grids_run (&g, &r, 2, 2, 0, dmax);
  for (unsigned long d = 0; d <= dmax; d++)
    {
      const mpq_ptr q = g.exact[d];
      double x = g.x[d];

      ck_assert (mpq_sgn (q) > 0);
      if (x == 0.0 && first_zero == 0)
        first_zero = d;
      /* Once it is 0 it stays 0: P only falls with D.  */
      ck_assert_msg (first_zero == 0 || x == 0.0, "(2, %lu): %a after 0",
                     d, x);
      /* Still right to 1e-13 while the values are normal doubles
         (from 2^-1022 up).  */
      mpq_set_d (err, x);
      mpq_sub (err, err, q);
      mpq_abs (err, err);
      mpq_div (err, err, q);
      if (mpq_cmp (q, tiny) >= 0)
        ck_assert_msg (mpq_cmp (err, tol) <= 0, "(2, %lu): relative "
                       "error %g", d, mpq_get_d (err));
      else if (first_loose == 0 && mpq_cmp (err, tol) > 0)
        first_loose = d;
    }
  ck_assert_msg (mpq_cmp (g.exact[dmax], half_min) < 0,
                 "the exact P(2, %lu) is not below 2^-1075", dmax);
  ck_assert (g.x[dmax] == 0.0);
  ck_assert (first_zero > 0);
  /* It becomes 0 only once the exact value is below 2^-1075, half the
     least subnormal, and at most one round later.  */
  ck_assert (mpq_cmp (g.exact[first_zero - 1], half_min) >= 0);
  ck_assert (mpq_cmp (g.exact[first_zero], half_min) < 0
             || (first_zero < dmax
                 && mpq_cmp (g.exact[first_zero + 1], half_min) < 0));
  printf ("check_float: territory 2 v D: relative error > 1e-13 from D = "
          "%lu, double 0 from D = %lu (exact there ~2^%ld)\n", first_loose,
          first_zero,
          (long) mpz_sizeinbase (mpq_numref (g.exact[first_zero]), 2)
          - (long) mpz_sizeinbase (mpq_denref (g.exact[first_zero]), 2));
  fflush (stdout);
  grids_clear (&g);
  mpq_clears (half_min, tiny, tol, err, (mpq_ptr) 0);
}
END_TEST

/* 2000 armies against one: he loses only if 1997 rounds of 3 v 1 and
   more go wrong, 1 - P < 2^-54 by far, so P is 1 to the nearest double
   and the double grid cannot tell the battle from a sure thing.  */
START_TEST (test_certain)
{
  ro_rules_t r;
  mpq_t q, lose, half_ulp;

  ro_rules_init (&r);
  mpq_inits (q, lose, half_ulp, (mpq_ptr) 0);
  q_two_power (half_ulp, 54);
  ck_assert_int_eq (ro_battle_win (q, &r, 2000, 1), RO_OK);
  mpq_set_ui (lose, 1, 1);
  mpq_sub (lose, lose, q);
  ck_assert (mpq_sgn (lose) > 0);
  ck_assert (mpq_cmp (lose, half_ulp) < 0);
  ck_assert (double_win (&r, 2000, 1) == 1.0);
  printf ("check_float: territory 2000 v 1: double 1.0, exact 1 - P ~2^%ld"
          "\n", (long) mpz_sizeinbase (mpq_numref (lose), 2)
          - (long) mpz_sizeinbase (mpq_denref (lose), 2));
  fflush (stdout);
  mpq_clears (q, lose, half_ulp, (mpq_ptr) 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (e) Errors, early stop, memory                                     */
/* ------------------------------------------------------------------ */

static int
count_visit (void *data, unsigned long a, unsigned long d, double win)
{
  (void) a;
  (void) d;
  (void) win;
  ++*(unsigned long *) data;
  return 0;
}

static int
exact_count_visit (void *data, unsigned long a, unsigned long d,
                   const mpq_t win)
{
  (void) a;
  (void) d;
  (void) win;
  ++*(unsigned long *) data;
  return 0;
}

/* A bad argument and the code both grids give for it.  */
typedef struct
{
  const char *what;
  int field;                    /* which rule field to spoil, 0 none */
  long value;
  unsigned long a_lo, a_hi, d_lo, d_hi;
  int code;
} bad_t;

enum
{
  F_NONE, F_ADICE, F_DSIDES, F_ABONUS, F_DBONUS, F_TIES, F_COUNT, F_STOP,
  F_GOAL
};

static const bad_t bad[] = {
  { "a_lo > a_hi", F_NONE, 0, 5, 4, 1, 5, RO_EINVAL },
  { "d_lo > d_hi", F_NONE, 0, 1, 5, 3, 2, RO_EINVAL },
  { "territory a = 0", F_NONE, 0, 0, 5, 1, 5, RO_EINVAL },
  { "a_hi too large", F_NONE, 0, 1, RO_ARMIES_MAX + 1, 1, 5, RO_ERANGE },
  { "d_hi too large", F_NONE, 0, 1, 5, 1, RO_ARMIES_MAX + 1, RO_ERANGE },
  { "both too large", F_NONE, 0, RO_ARMIES_MAX + 1, RO_ARMIES_MAX + 1,
    RO_ARMIES_MAX + 1, RO_ARMIES_MAX + 1, RO_ERANGE },
  { "no attack dice", F_ADICE, 0, 1, 5, 1, 5, RO_ERULES },
  { "six attack dice", F_ADICE, RO_DICE_MAX + 1, 1, 5, 1, 5, RO_ERULES },
  { "101 sides", F_DSIDES, RO_SIDES_MAX + 1, 1, 5, 1, 5, RO_ERULES },
  { "attack bonus", F_ABONUS, RO_BONUS_MAX + 1, 1, 5, 1, 5, RO_ERULES },
  { "defence bonus", F_DBONUS, -RO_BONUS_MAX - 1, 1, 5, 1, 5, RO_ERULES },
  { "ties", F_TIES, 2, 1, 5, 1, 5, RO_ERULES },
  { "count", F_COUNT, 2, 1, 5, 1, 5, RO_ERULES },
  { "stop", F_STOP, RO_ARMIES_MAX + 1, 1, 5, 1, 5, RO_ERULES },
  { "goal", F_GOAL, RO_ARMIES_MAX + 1, 1, 5, 1, 5, RO_ERULES },
  /* the ranges are looked at before the rules */
  { "bad rules, a_lo > a_hi", F_ADICE, 0, 5, 4, 1, 5, RO_EINVAL },
  /* the low corner before the high one */
  { "territory a = 0, a_hi too large", F_NONE, 0, 0, RO_ARMIES_MAX + 1, 1, 5,
    RO_EINVAL },
  /* the rules before the armies */
  { "bad rules, territory a = 0", F_ADICE, 0, 0, 5, 1, 5, RO_ERULES },
};

static void
spoil (ro_rules_t *r, int field, long value)
{
  switch (field)
    {
    case F_ADICE:
      r->attack_dice = (unsigned) value;
      break;
    case F_DSIDES:
      r->defend_sides = (unsigned) value;
      break;
    case F_ABONUS:
      r->attack_bonus = (int) value;
      break;
    case F_DBONUS:
      r->defend_bonus = (int) value;
      break;
    case F_TIES:
      r->ties = (ro_ties_t) value;
      break;
    case F_COUNT:
      r->count = (ro_count_t) value;
      break;
    case F_STOP:
      r->stop = (unsigned long) value;
      break;
    case F_GOAL:
      r->goal = (unsigned long) value;
      break;
    default:
      break;
    }
}

START_TEST (test_errors)
{
  const bad_t *b = &bad[_i];
  unsigned long cells = 0;
  double bytes = -1.0;
  ro_rules_t r;

  ro_rules_init (&r);
  spoil (&r, b->field, b->value);
  ck_assert_msg (ro_battle_grid (&r, b->a_lo, b->a_hi, b->d_lo, b->d_hi,
                                 exact_count_visit, &cells) == b->code,
                 "%s: ro_battle_grid does not give %d", b->what, b->code);
  ck_assert_msg (ro_battle_grid_double (&r, b->a_lo, b->a_hi, b->d_lo,
                                        b->d_hi, count_visit, &cells)
                 == b->code, "%s: ro_battle_grid_double does not give %d",
                 b->what, b->code);
  ck_assert_uint_eq (cells, 0);
  /* The memory estimate refuses the same (A, D) as ro_battle_memory.  */
  ck_assert_int_eq (ro_battle_memory_double (&bytes, &r, b->a_hi, b->d_hi),
                    ro_battle_memory (&bytes, &r, b->a_hi, b->d_hi));
}
END_TEST

typedef struct
{
  unsigned long cells, stop_after;
  int ret;
} stop_t;

static int
stop_visit (void *data, unsigned long a, unsigned long d, double win)
{
  stop_t *s = data;
  (void) a;
  (void) d;
  (void) win;
  return ++s->cells == s->stop_after ? s->ret : 0;
}

/* A non-zero return stops the pass at once and is returned, whatever
   its sign; 0 every time visits all 11 x 11 cells.  */
START_TEST (test_early_stop)
{
  static const stop_t cases[] = {
    { 0, 1, 7 }, { 0, 5, 7 }, { 0, 11, -99 }, { 0, 12, 1 }, { 0, 121, 3 },
    { 0, 0, 0 }
  };
  stop_t s = cases[_i];
  ro_rules_t r;

  ro_rules_init (&r);
  int rc = ro_battle_grid_double (&r, 1, 11, 0, 10, stop_visit, &s);
  if (s.stop_after == 0)
    {
      ck_assert_int_eq (rc, RO_OK);
      ck_assert_uint_eq (s.cells, 121);
    }
  else
    {
      ck_assert_int_eq (rc, s.ret);
      ck_assert_uint_eq (s.cells, s.stop_after);
    }
}
END_TEST

/* A grid that starts and ends anywhere, including grids of one cell,
   cells where the battle is decided before any roll, and D_LO > 0.  */
START_TEST (test_subgrids)
{
  static const unsigned long cases[][4] = {
    { 1, 1, 0, 0 }, { 1, 1, 7, 7 }, { 3, 3, 0, 9 }, { 9, 12, 4, 4 },
    { 1, 30, 25, 30 }, { 17, 30, 0, 3 }
  };
  errors_t e;
  ro_rules_t r;

  errors_init (&e);
  for (int c = 0; c <= 1; c++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
      {
        ro_rules_init (&r);
        r.count = c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
        check_grids (&e, &r, cases[i][0] - (unsigned long) c, cases[i][1],
                     cases[i][2], cases[i][3]);
      }
  errors_clear (&e);
}
END_TEST

START_TEST (test_memory)
{
  static const unsigned long sizes[] =
    { 1, 2, 3, 10, 100, 10000, 1000000, RO_ARMIES_MAX };
  const size_t n = sizeof sizes / sizeof sizes[0];
  double m[sizeof sizes / sizeof sizes[0]][sizeof sizes / sizeof sizes[0]];
  ro_rules_t r;

  ro_rules_init (&r);
  if (_i == 1)
    r.count = RO_COUNT_ATTACKERS;
  if (_i == 2)
    {
      r.attack_sides = r.defend_sides = 100;
      r.attack_dice = r.defend_dice = 5;
    }
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      {
        int rc = ro_battle_memory_double (&m[i][j], &r, sizes[i], sizes[j]);
        ck_assert_int_eq (rc, RO_OK);
        /* At least one double per defender count of one row.  */
        ck_assert (m[i][j] >= (sizes[j] + 1.0) * sizeof (double));
        if (i > 0)
          ck_assert (m[i][j] >= m[i - 1][j]);
        if (j > 0)
          ck_assert_msg (m[i][j] > m[i][j - 1], "memory (%lu, %lu) = %g is "
                         "not above memory (%lu, %lu) = %g", sizes[i],
                         sizes[j], m[i][j], sizes[i], sizes[j - 1],
                         m[i][j - 1]);
      }
}
END_TEST

Suite *
float_suite (void)
{
  Suite *s = suite_create ("float");
  TCase *tc;

  tc = test_tcase_create ("exact");
  tcase_add_loop_test (tc, test_exact_standard, 0, 2);
  tcase_add_test (tc, test_exact_random);
  tcase_add_test (tc, test_subgrids);
  tcase_add_test (tc, test_rounded_once);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("plain");
  tcase_add_test (tc, test_hand_counts);
  tcase_add_loop_test (tc, test_plain_recursion, 0, 2);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("limits");
  tcase_add_test (tc, test_underflow);
  tcase_add_test (tc, test_certain);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("errors");
  tcase_add_loop_test (tc, test_errors, 0, (int) (sizeof bad / sizeof bad[0]));
  tcase_add_loop_test (tc, test_early_stop, 0, 6);
  tcase_add_loop_test (tc, test_memory, 0, 3);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_float", float_suite);
}
