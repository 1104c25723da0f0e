/* check_strip.c -- tests of the strip engine: its powers of a polynomial
   against plain multiplication, its battles against the recursion */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "riskodds-impl.h"
#include "testutil.h"

/* ------------------------------------------------------------------ */
/* Powers of a polynomial                                             */
/* ------------------------------------------------------------------ */

/* The highest power the column tests take all windows of.  */
#define POW_T 25

/* The powers of G = sum g[k] z^k, k = 0 .. L, by plain multiplication:
   pow[t] holds the L t + 1 coefficients of G^t, t = 0 .. T.  */
typedef struct
{
  unsigned L, T;
  mpz_t **pow;
} powers_t;

static void
powers_init (powers_t *p, const mpz_t *g, unsigned L, unsigned T)
{
  p->L = L;
  p->T = T;
  p->pow = malloc ((T + 1) * sizeof *p->pow);
  ck_assert_ptr_nonnull (p->pow);
  for (unsigned t = 0; t <= T; t++)
    {
      unsigned n = L * t + 1;
      p->pow[t] = malloc (n * sizeof **p->pow);
      ck_assert_ptr_nonnull (p->pow[t]);
      for (unsigned i = 0; i < n; i++)
        mpz_init (p->pow[t][i]);
      if (t == 0)
        {
          mpz_set_ui (p->pow[0][0], 1);
          continue;
        }
      /* G^t = G^(t-1) * G, coefficient by coefficient.  */
      for (unsigned i = 0; i <= L * (t - 1); i++)
        for (unsigned k = 0; k <= L; k++)
          mpz_addmul (p->pow[t][i + k], p->pow[t - 1][i], g[k]);
    }
}

static void
powers_clear (powers_t *p)
{
  for (unsigned t = 0; t <= p->T; t++)
    {
      for (unsigned i = 0; i <= p->L * t; i++)
        mpz_clear (p->pow[t][i]);
      free (p->pow[t]);
    }
  free (p->pow);
}

/* [z^M] G^T, zero outside the polynomial.  */
static mpz_srcptr
powers_coef (const powers_t *p, unsigned t, long m)
{
  static mpz_t zero;
  static int zero_init;
  if (!zero_init)
    {
      mpz_init (zero);
      zero_init = 1;
    }
  if (m < 0 || m > (long) (p->L * t))
    return zero;
  return p->pow[t][m];
}

static void
describe_poly (char *buf, size_t size, const mpz_t *g, unsigned L)
{
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned k = 0; k <= L && len < size; k++)
    {
      int n = gmp_snprintf (buf + len, size - len, "%s%Zd", k ? " " : "",
                            g[k]);
      if (n < 0)
        break;
      len += (size_t) n;
    }
}

/* ro_strip_powers for G (degree at most L) equals plain multiplication
   for every t = 0 .. T and every window top x = -2 .. L t + L.  */
static void
check_powers (const mpz_t *g, unsigned L, unsigned T)
{
  powers_t p;
  mpz_t w[RO_DICE_MAX];
  char what[400];
  describe_poly (what, sizeof what, g, L);
  powers_init (&p, g, L, T);
  for (unsigned i = 0; i < RO_DICE_MAX; i++)
    mpz_init (w[i]);
  for (unsigned t = 0; t <= T; t++)
    for (long x = -2; x <= (long) (L * t + L); x++)
      {
        for (unsigned i = 0; i < L; i++)
          mpz_set_si (w[i], -1);
        int rc = ro_strip_powers (w, g, L, x, t);
        test_require_msg (rc == RO_OK, "G = [%s], t %u, x %ld: rc %d",
                          what, t, x, rc);
        for (unsigned i = 0; i < L; i++)
          test_require_msg (mpz_cmp (w[i], powers_coef (&p, t, x - i)) == 0,
                            "G = [%s], L %u: [z^%ld] G^%u is %s, "
                            "ro_strip_powers says %s", what, L, x - (long) i,
                            t, mpz_get_str (NULL, 10,
                                            powers_coef (&p, t, x - i)),
                            mpz_get_str (NULL, 10, w[i]));
      }
  for (unsigned i = 0; i < RO_DICE_MAX; i++)
    mpz_clear (w[i]);
  powers_clear (&p);
}

/* G from the L + 1 coefficients in TEXT (blank-separated decimals).  */
static void
poly_set_str (mpz_t g[RO_DICE_MAX + 1], unsigned L, const char *text)
{
  char buf[400], *save = NULL, *tok;
  snprintf (buf, sizeof buf, "%s", text);
  tok = strtok_r (buf, " ", &save);
  for (unsigned k = 0; k <= L; k++)
    {
      ck_assert_ptr_nonnull (tok);
      ck_assert_int_eq (mpz_set_str (g[k], tok, 10), 0);
      tok = strtok_r (NULL, " ", &save);
    }
  ck_assert_ptr_null (tok);
}

/* Polynomials chosen for their shape: the standard 3 v 2 round (the
   counts of 7776 rolls), zeros at either end or inside, a single
   monomial, coefficients beyond 64 bits.  */
static const struct
{
  unsigned L;
  const char *g;
} fixed_polys[] = {
  {2, "2890 2611 2275"},
  {1, "15 21"},
  {1, "1 0"},
  {1, "0 1"},
  {1, "0 7"},
  {1, "100000000000000000000 1"},
  {2, "0 5 3"},
  {2, "4 7 0"},
  {2, "0 1 0"},
  {3, "0 0 0 9"},
  {3, "0 2 0 3"},
  {3, "1 0 0 1"},
  {4, "0 0 1 0 0"},
  {4, "3 0 0 0 5"},
  {5, "1 2 3 4 5 6"},
  {5, "0 0 0 0 0 1"},
  {5, "1 0 0 0 0 0"},
  {5, "0 3 0 0 2 0"},
  {5, "100000000000000000000 0 100000000000000000000 1 0 "
   "100000000000000000000"},
  {3, "18446744073709551616 18446744073709551615 1 18446744073709551617"},
};

#define N_FIXED_POLYS (sizeof fixed_polys / sizeof fixed_polys[0])

START_TEST (test_powers_fixed)
{
  mpz_t g[RO_DICE_MAX + 1];
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (g[k]);
  poly_set_str (g, fixed_polys[_i].L, fixed_polys[_i].g);
  check_powers ((const mpz_t *) g, fixed_polys[_i].L, POW_T);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (g[k]);
}
END_TEST

/* The standard round's powers far beyond POW_T, where the coefficients
   are hundreds of digits long.  */
START_TEST (test_powers_high)
{
  mpz_t g[RO_DICE_MAX + 1];
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (g[k]);
  poly_set_str (g, 2, "2890 2611 2275");
  powers_t p;
  mpz_t w[2];
  mpz_inits (w[0], w[1], (mpz_ptr) 0);
  unsigned T = 120;
  powers_init (&p, (const mpz_t *) g, 2, T);
  for (unsigned t = T - 1; t <= T; t++)
    for (long x = -1; x <= (long) (2 * t + 2); x++)
      {
        ck_assert_int_eq (ro_strip_powers (w, (const mpz_t *) g, 2, x, t),
                          RO_OK);
        for (unsigned i = 0; i < 2; i++)
          test_require_msg (mpz_cmp (w[i], powers_coef (&p, t, x - i)) == 0,
                            "[z^%ld] P^%u", x - (long) i, t);
      }
  powers_clear (&p);
  mpz_clears (w[0], w[1], (mpz_ptr) 0);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (g[k]);
}
END_TEST

/* A random coefficient: small, or of 65 to 140 bits when BIG.  */
static void
random_coef (mpz_t c, gmp_randstate_t st, int big)
{
  if (big)
    {
      mpz_urandomb (c, st, test_rand_range (st, 65, 140));
      mpz_setbit (c, 64);
    }
  else
    mpz_set_ui (c, test_rand_range (st, 1, 3000));
}

/* Random polynomials of every degree bound L = 1 .. 5 and every shape:
   all coefficients non-zero, g[0] = 0, g[L] = 0, several zeros, a single
   non-zero coefficient; small or beyond 64 bits.  */
START_TEST (test_powers_random)
{
  gmp_randstate_t st;
  mpz_t g[RO_DICE_MAX + 1];
  unsigned long n = 0;
  test_rand_init (st, 1);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (g[k]);
  for (unsigned long rep = 0; rep < test_scale; rep++)
    for (unsigned L = 1; L <= RO_DICE_MAX; L++)
      for (unsigned shape = 0; shape < 5; shape++)
        for (int big = 0; big < 2; big++)
          {
            for (unsigned k = 0; k <= L; k++)
              random_coef (g[k], st, big && test_rand_range (st, 0, 1));
            if (big)
              random_coef (g[test_rand_range (st, 0, L)], st, 1);
            switch (shape)
              {
              case 1:
                mpz_set_ui (g[0], 0);
                break;
              case 2:
                mpz_set_ui (g[L], 0);
                break;
              case 3:
                /* Each coefficient zero with probability 1/2, one kept.  */
                {
                  unsigned keep = test_rand_range (st, 0, L);
                  for (unsigned k = 0; k <= L; k++)
                    if (k != keep && test_rand_range (st, 0, 1))
                      mpz_set_ui (g[k], 0);
                }
                break;
              case 4:
                {
                  unsigned keep = test_rand_range (st, 0, L);
                  for (unsigned k = 0; k <= L; k++)
                    if (k != keep)
                      mpz_set_ui (g[k], 0);
                }
                break;
              default:
                break;
              }
            check_powers ((const mpz_t *) g, L, POW_T);
            n++;
          }
  printf ("strip powers: %lu random polynomials, t <= %u\n", n, POW_T);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (g[k]);
  gmp_randclear (st);
}
END_TEST

/* A polynomial that is zero, or a degree bound out of range, is refused.  */
START_TEST (test_powers_errors)
{
  mpz_t g[RO_DICE_MAX + 1], w[RO_DICE_MAX];
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (g[k]);
  for (unsigned i = 0; i < RO_DICE_MAX; i++)
    mpz_init (w[i]);
  ck_assert_int_eq (ro_strip_powers (w, (const mpz_t *) g, 2, 3, 2),
                    RO_EINVAL);
  mpz_set_ui (g[0], 1);
  ck_assert_int_eq (ro_strip_powers (w, (const mpz_t *) g, 0, 0, 2),
                    RO_EINVAL);
  ck_assert_int_eq (ro_strip_powers (w, (const mpz_t *) g, RO_DICE_MAX + 1,
                                     0, 2), RO_EINVAL);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (g[k]);
  for (unsigned i = 0; i < RO_DICE_MAX; i++)
    mpz_clear (w[i]);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Battles against the recursion                                      */
/* ------------------------------------------------------------------ */

/* What the grid's callback compares: each cell's value from the
   recursion against the strip's, and against the automatic choice when
   AUTO.  */
typedef struct
{
  const ro_rules_t *rules;
  int auto_too;
  unsigned long cells;
  mpq_t q;
  char what[256];
} grid_check_t;

static int
grid_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  grid_check_t *c = data;
  int rc = ro_battle_win_method (c->q, c->rules, a, d, RO_METHOD_STRIP);
  test_require_msg (rc == RO_OK, "%s, %lu v %lu: strip rc %d", c->what, a, d,
                    rc);
  test_require_msg (mpq_equal (c->q, win),
                    "%s, %lu v %lu: strip %s, recursion %s", c->what, a, d,
                    mpq_get_str (NULL, 10, c->q), mpq_get_str (NULL, 10, win));
  if (c->auto_too)
    {
      mpq_set_si (c->q, -1, 1);
      rc = ro_battle_win (c->q, c->rules, a, d);
      test_require_msg (rc == RO_OK && mpq_equal (c->q, win),
                        "%s, %lu v %lu: ro_battle_win %s (rc %d), recursion "
                        "%s", c->what, a, d, mpq_get_str (NULL, 10, c->q), rc,
                        mpq_get_str (NULL, 10, win));
    }
  c->cells++;
  return 0;
}

/* The strip equals the recursion on every battle of A_LO .. A_HI against
   0 .. D_HI under RULES.  */
static void
check_grid (const ro_rules_t *rules, unsigned long a_lo, unsigned long a_hi,
            unsigned long d_hi, int auto_too)
{
  grid_check_t c;
  c.rules = rules;
  c.auto_too = auto_too;
  c.cells = 0;
  mpq_init (c.q);
  test_describe_rules (c.what, sizeof c.what, rules);
  int rc = ro_battle_grid (rules, a_lo, a_hi, 0, d_hi, grid_cell, &c);
  ck_assert_msg (rc == RO_OK, "%s: grid rc %d", c.what, rc);
  ck_assert_msg (c.cells == (a_hi - a_lo + 1) * (d_hi + 1),
                 "%s: %lu cells", c.what, c.cells);
  mpq_clear (c.q);
}

/* Every battle up to 60 v 60 of the standard game, in both counts.  */
START_TEST (test_grid_standard)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  check_grid (&r, r.count == RO_COUNT_TERRITORY, 60, 60, 1);
}
END_TEST

/* Whether the full round of RULES (the most dice of both sides) leaves
   one side unable to lose some comparison: c_0 or c_L zero.  */
static int
degenerate_counts (const ro_rules_t *rules)
{
  ro_round_t round;
  ro_round_init (&round);
  ck_assert_int_eq (ro_round_count (&round, rules, rules->attack_dice,
                                    rules->defend_dice), RO_OK);
  int deg = mpz_sgn (round.count[0]) == 0
    || mpz_sgn (round.count[round.comparisons]) == 0;
  ro_round_clear (&round);
  return deg;
}

/* A random rule set with the plain policies: sides 2 .. 10, sometimes
   different per side, sometimes up to 100 with at most two dice a side
   (the strip counts its rounds afresh for every battle); dice 1 .. 5;
   bonuses from test_random_bonus or one that decides the first
   comparison whatever the dice; ties, count at random; a stop and a goal
   up to MAX_THRESHOLD a third of the time each.  */
static void
random_rules (ro_rules_t *r, gmp_randstate_t st, unsigned long max_threshold)
{
  ro_rules_init (r);
  unsigned long kind = test_rand_range (st, 0, 9);
  if (kind < 5)
    r->attack_sides = r->defend_sides = test_rand_range (st, 2, 10);
  else if (kind < 8)
    {
      r->attack_sides = test_rand_range (st, 2, 10);
      r->defend_sides = test_rand_range (st, 2, 10);
    }
  else
    {
      r->attack_sides = test_rand_range (st, 2, RO_SIDES_MAX);
      r->defend_sides = kind == 8 ? r->attack_sides
        : test_rand_range (st, 2, RO_SIDES_MAX);
    }
  unsigned most = r->attack_sides > 10 || r->defend_sides > 10 ? 2
    : RO_DICE_MAX;
  r->attack_dice = test_rand_range (st, 1, most);
  r->defend_dice = test_rand_range (st, 1, most);
  r->attack_bonus = test_random_bonus (st);
  r->defend_bonus = test_random_bonus (st);
  switch (test_rand_range (st, 0, 7))
    {
    case 0:
      /* The attacker's highest die beats any defence die.  */
      r->attack_bonus = (int) r->defend_sides;
      break;
    case 1:
      /* The defender's highest die beats any attack die.  */
      r->defend_bonus = (int) r->attack_sides;
      break;
    case 2:
      /* The same, decided by who wins ties.  */
      r->attack_bonus = (int) r->defend_sides - 1;
      r->defend_bonus = 0;
      break;
    default:
      break;
    }
  r->ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
  if (test_rand_range (st, 0, 2) == 0)
    r->stop = test_rand_range (st, 1, max_threshold);
  if (test_rand_range (st, 0, 2) == 0)
    r->goal = test_rand_range (st, 1, max_threshold);
  ck_assert_int_eq (ro_rules_check (r), RO_OK);
}

/* Random rule sets, each on a grid of up to 15 v 15.  */
START_TEST (test_grid_random)
{
  gmp_randstate_t st;
  unsigned long n = 300 * test_scale, degenerate = 0, thresholds = 0;
  test_rand_init (st, 2);
  for (unsigned long it = 0; it < n; it++)
    {
      ro_rules_t r;
      random_rules (&r, st, 5);
      unsigned long a_hi = test_rand_range (st, 2, 15);
      unsigned long d_hi = test_rand_range (st, 1, 15);
      degenerate += degenerate_counts (&r);
      thresholds += r.stop != 0 || r.goal != 0;
      check_grid (&r, r.count == RO_COUNT_TERRITORY, a_hi, d_hi, 0);
    }
  printf ("strip grids: %lu random rule sets (%lu with degenerate counts, "
          "%lu with a stop or goal)\n", n, degenerate, thresholds);
  ck_assert_msg (degenerate > 0 && thresholds > 0,
                 "the random rules missed a kind");
  gmp_randclear (st);
}
END_TEST

/* One battle A v D by both engines.  */
static void
check_one (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  mpq_t s, r;
  char what[256];
  test_describe_rules (what, sizeof what, rules);
  mpq_inits (s, r, (mpq_ptr) 0);
  ck_assert_msg (ro_battle_win_method (s, rules, a, d, RO_METHOD_STRIP)
                 == RO_OK, "%s, %lu v %lu: strip", what, a, d);
  ck_assert_msg (ro_battle_win_method (r, rules, a, d, RO_METHOD_RECURSION)
                 == RO_OK, "%s, %lu v %lu: recursion", what, a, d);
  ck_assert_msg (mpq_equal (s, r), "%s, %lu v %lu: strip %s, recursion %s",
                 what, a, d, mpq_get_str (NULL, 10, s),
                 mpq_get_str (NULL, 10, r));
  mpq_clears (s, r, (mpq_ptr) 0);
}

/* Larger battles, up to 150 v 150 (400 v 400 in the last rounds): the
   standard game in both counts and a few variants (five dice, different
   sides, one-sided first comparisons, stop and goal).  */
START_TEST (test_large)
{
  gmp_randstate_t st;
  unsigned long n = 12 * test_scale;
  test_rand_init (st, 3);
  for (unsigned long it = 0; it < n; it++)
    for (unsigned v = 0; v < 6; v++)
      {
        ro_rules_t r;
        ro_rules_init (&r);
        switch (v)
          {
          case 1:
            r.count = RO_COUNT_ATTACKERS;
            break;
          case 2:
            r.attack_sides = r.defend_sides = 8;
            r.attack_dice = 5;
            r.defend_dice = 3;
            r.ties = RO_TIES_ATTACKER;
            r.count = RO_COUNT_ATTACKERS;
            break;
          case 3:
            r.defend_sides = 8;
            r.defend_bonus = 1;
            r.stop = 3;
            r.goal = 2;
            break;
          case 4:
            r.attack_bonus = 6;
            r.goal = 4;
            break;
          case 5:
            r.defend_bonus = 6;
            r.attack_dice = 4;
            r.defend_dice = 4;
            r.ties = RO_TIES_ATTACKER;
            break;
          default:
            break;
          }
        unsigned long most = it + 2 < n ? 150 : 400;
        unsigned long a = test_rand_range (st, 2, most);
        unsigned long d = test_rand_range (st, 1, most);
        check_one (&r, a, d);
      }
  printf ("strip large battles: %lu\n", 6 * n);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Distributions                                                      */
/* ------------------------------------------------------------------ */

/* The strip's distribution of A v D equals the recursion's, end by end
   in the same order; it sums to 1 and its wins to its WIN.  */
static void
check_dist (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  ro_dist_t s, r;
  mpq_t sum, wins;
  char what[256];
  int len;
  test_describe_rules (what, sizeof what, rules);
  len = (int) strlen (what);
  snprintf (what + len, sizeof what - (size_t) len, ", %lu v %lu", a, d);
  ro_dist_init (&s);
  ro_dist_init (&r);
  mpq_inits (sum, wins, (mpq_ptr) 0);
  ck_assert_msg (ro_battle_dist_method (&s, rules, a, d, RO_METHOD_STRIP)
                 == RO_OK, "%s: strip", what);
  ck_assert_msg (ro_battle_dist_method (&r, rules, a, d, RO_METHOD_RECURSION)
                 == RO_OK, "%s: recursion", what);
  ck_assert_msg (s.n == r.n, "%s: %zu ends by the strip, %zu by the "
                 "recursion", what, s.n, r.n);
  for (size_t i = 0; i < s.n; i++)
    {
      const ro_outcome_t *x = &s.outcome[i], *y = &r.outcome[i];
      test_require_msg (x->won == y->won && x->attackers == y->attackers
                        && x->defenders == y->defenders,
                        "%s: end %zu is (%d, %lu, %lu) by the strip, "
                        "(%d, %lu, %lu) by the recursion", what, i, x->won,
                        x->attackers, x->defenders, y->won, y->attackers,
                        y->defenders);
      test_require_msg (mpq_equal (x->p, y->p),
                        "%s: end (%lu, %lu) has %s by the strip, %s by the "
                        "recursion", what, x->attackers, x->defenders,
                        mpq_get_str (NULL, 10, x->p),
                        mpq_get_str (NULL, 10, y->p));
      test_require_msg (test_is_canonical (x->p) && mpq_sgn (x->p) > 0,
                        "%s: end %zu", what, i);
      mpq_add (sum, sum, x->p);
      if (x->won)
        mpq_add (wins, wins, x->p);
    }
  ck_assert_msg (mpq_equal (s.win, r.win), "%s: win %s by the strip, %s by "
                 "the recursion", what, mpq_get_str (NULL, 10, s.win),
                 mpq_get_str (NULL, 10, r.win));
  ck_assert_msg (mpq_cmp_ui (sum, 1, 1) == 0, "%s: sums to %s", what,
                 mpq_get_str (NULL, 10, sum));
  ck_assert_msg (mpq_equal (wins, s.win), "%s: wins sum to %s, win %s",
                 what, mpq_get_str (NULL, 10, wins),
                 mpq_get_str (NULL, 10, s.win));
  mpq_clears (sum, wins, (mpq_ptr) 0);
  ro_dist_clear (&s);
  ro_dist_clear (&r);
}

/* The standard game with stops and goals, every battle up to 10 v 10.  */
START_TEST (test_dist_standard)
{
  static const unsigned long thresholds[][2] = {
    {0, 0}, {2, 0}, {0, 1}, {3, 2}, {5, 4}
  };
  ro_rules_t r;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  for (size_t k = 0; k < sizeof thresholds / sizeof thresholds[0]; k++)
    {
      r.stop = thresholds[k][0];
      r.goal = thresholds[k][1];
      for (unsigned long a = r.count == RO_COUNT_TERRITORY; a <= 10; a++)
        for (unsigned long d = 0; d <= 10; d++)
          check_dist (&r, a, d);
    }
}
END_TEST

/* Random rule sets and battles up to 25 v 25.  */
START_TEST (test_dist_random)
{
  gmp_randstate_t st;
  unsigned long n = 200 * test_scale;
  test_rand_init (st, 4);
  for (unsigned long it = 0; it < n; it++)
    {
      ro_rules_t r;
      random_rules (&r, st, 8);
      unsigned long a = test_rand_range (st, r.count == RO_COUNT_TERRITORY,
                                         25);
      unsigned long d = test_rand_range (st, 0, 25);
      check_dist (&r, a, d);
    }
  printf ("strip distributions: %lu random battles\n", n);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The interface                                                      */
/* ------------------------------------------------------------------ */

/* The smallest attacks of a grid, found by scanning it: the reference
   for ro_needed_method's search.  */
typedef struct
{
  unsigned long first[8], d_lo;
  const mpq_t *target;
} scan_t;

static int
scan_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  scan_t *s = data;
  if (s->first[d - s->d_lo] == 0 && mpq_cmp (win, *s->target) >= 0)
    s->first[d - s->d_lo] = a + 1;       /* 0 is "not yet" */
  return 0;
}

/* needed by the strip's doubling search, with every method, against a
   scan of the recursion's grid A = 1 .. 60 (territory) or 0 .. 60, for
   random rule sets, targets k/20 (0 and 1 among them) and up to five
   defender counts.  */
START_TEST (test_needed)
{
  gmp_randstate_t st;
  unsigned long n = 150 * test_scale, answered = 0, short_of = 0;
  const unsigned long a_max = 60;
  test_rand_init (st, 9);
  for (unsigned long it = 0; it < n; it++)
    {
      ro_rules_t r;
      mpq_t target;
      char what[256];
      random_rules (&r, st, 4);
      mpq_init (target);
      mpq_set_ui (target, test_rand_range (st, 0, 20), 20);
      mpq_canonicalize (target);
      scan_t s = { { 0 }, test_rand_range (st, 1, 12), (const mpq_t *) &target };
      unsigned long d_hi = s.d_lo + test_rand_range (st, 0, 4);
      unsigned long a_min = r.count == RO_COUNT_TERRITORY;
      test_describe_rules (what, sizeof what, &r);
      ck_assert_int_eq (ro_battle_grid (&r, a_min, a_max, s.d_lo, d_hi,
                                        scan_cell, &s), RO_OK);
      int missing = 0;
      for (unsigned long d = s.d_lo; d <= d_hi; d++)
        missing |= s.first[d - s.d_lo] == 0;
      static const ro_method_t methods[] =
        { RO_METHOD_STRIP, RO_METHOD_AUTO, RO_METHOD_RECURSION };
      for (int m = 0; m < 3; m++)
        {
          unsigned long out[8];
          int rc = ro_needed_method (out, &r, s.d_lo, d_hi, target, a_max,
                                     methods[m]);
          ck_assert_msg (rc == (missing ? RO_ERANGE : RO_OK),
                         "%s, D %lu..%lu, target %s, method %d: rc %d", what,
                         s.d_lo, d_hi, mpq_get_str (NULL, 10, target),
                         (int) methods[m], rc);
          for (unsigned long d = s.d_lo; d <= d_hi && !missing; d++)
            ck_assert_msg (out[d - s.d_lo] == s.first[d - s.d_lo] - 1,
                           "%s, D %lu, target %s, method %d: %lu, the scan "
                           "%lu", what, d, mpq_get_str (NULL, 10, target),
                           (int) methods[m], out[d - s.d_lo],
                           s.first[d - s.d_lo] - 1);
        }
      answered += !missing;
      short_of += missing;
      mpq_clear (target);
    }
  printf ("needed: %lu searches answered, %lu short of the target\n",
          answered, short_of);
  ck_assert_msg (answered > 0 && short_of > 0, "the searches missed a kind");
  gmp_randclear (st);
}
END_TEST

/* The strip applies exactly when both sides roll their most dice; the
   automatic choice follows.  */
/* ro_solver_get_q reduces N over powers of the sides by dividing out
   the sides' primes, not by a gcd: against mpq_canonicalize, on
   numerators made of powers of the sides' primes (more of them than
   the denominator holds, too), other primes and random limbs.  */
START_TEST (test_get_q)
{
  gmp_randstate_t st;
  ro_solver_t s;
  ro_cell_t x;
  mpq_t got, want;
  mpz_t t;
  test_rand_init (st, 77);
  mpz_init (x.n);
  mpz_init (t);
  mpq_inits (got, want, (mpq_ptr) 0);
  for (unsigned long it = 0; it < 3000 * test_scale; it++)
    {
      s.base[0] = test_rand_range (st, 2, RO_SIDES_MAX);
      s.base[1] = test_rand_range (st, 0, 1) ? 1
        : test_rand_range (st, 2, RO_SIDES_MAX);
      x.e[0] = test_rand_range (st, 0, 200);
      x.e[1] = s.base[1] == 1 ? 0 : test_rand_range (st, 0, 200);
      switch (test_rand_range (st, 0, 3))
        {
        case 0:
          mpz_set_ui (x.n, 0);
          break;
        case 1:
          mpz_urandomb (x.n, st, test_rand_range (st, 1, 2000));
          break;
        default:
          /* A power of each base, up to past the denominator's.  */
          mpz_urandomb (x.n, st, test_rand_range (st, 0, 300));
          mpz_add_ui (x.n, x.n, 1);
          for (int b = 0; b < 2; b++)
            {
              mpz_ui_pow_ui (t, s.base[b], test_rand_range (st, 0,
                                                            x.e[b] + 3));
              mpz_mul (x.n, x.n, t);
            }
          mpz_mul_ui (x.n, x.n, test_rand_range (st, 1, 30));
          break;
        }
      mpz_ui_pow_ui (mpq_denref (want), s.base[0], x.e[0]);
      mpz_ui_pow_ui (t, s.base[1], x.e[1]);
      mpz_mul (mpq_denref (want), mpq_denref (want), t);
      mpz_set (mpq_numref (want), x.n);
      mpq_canonicalize (want);
      mpq_set_ui (got, 12345, 7);
      ro_solver_get_q (got, &s, &x);
      if (!mpq_equal (got, want) || !test_is_canonical (got))
        ck_abort_msg ("bases %lu, %lu, exponents %lu, %lu: %s, "
                      "mpq_canonicalize %s", s.base[0], s.base[1], x.e[0],
                      x.e[1], mpq_get_str (NULL, 10, got),
                      mpq_get_str (NULL, 10, want));
    }
  mpq_clears (got, want, (mpq_ptr) 0);
  mpz_clear (t);
  mpz_clear (x.n);
  gmp_randclear (st);
}
END_TEST

START_TEST (test_applies)
{
  static const ro_defender_t defenders[] = {
    RO_DEFENDER_MAX, RO_DEFENDER_WIERINGA, RO_DEFENDER_OPTIMAL,
    RO_DEFENDER_WIERINGA_ROLLED
  };
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = 0; j < 2; j++)
      {
        ro_rules_t r;
        ro_rules_init (&r);
        r.defender = defenders[i];
        r.attacker = j ? RO_ATTACKER_OPTIMAL : RO_ATTACKER_MAX;
        int plain = i == 0 && j == 0;
        ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_STRIP), plain);
        ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_AUTO), 1);
        ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_RECURSION), 1);
        ck_assert_int_eq (ro_method_applies (&r, (ro_method_t) 7), 0);
        ck_assert_int_eq (ro_method_choose (&r, RO_METHOD_AUTO),
                          plain ? RO_METHOD_STRIP : RO_METHOD_RECURSION);
        ck_assert_int_eq (ro_method_choose (&r, RO_METHOD_RECURSION),
                          RO_METHOD_RECURSION);
        ck_assert_int_eq (ro_method_choose (&r, RO_METHOD_STRIP),
                          RO_METHOD_STRIP);
      }
  /* Dice, bonuses, ties, count, stop and goal do not matter.  */
  gmp_randstate_t st;
  test_rand_init (st, 5);
  for (unsigned it = 0; it < 50; it++)
    {
      ro_rules_t r;
      random_rules (&r, st, 100);
      ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_STRIP), 1);
      ck_assert_int_eq (ro_method_choose (&r, RO_METHOD_AUTO),
                        RO_METHOD_STRIP);
    }
  gmp_randclear (st);
}
END_TEST

/* The strip under a policy it does not apply to, and a method that does
   not exist, are refused by every function that takes a method.  */
START_TEST (test_method_errors)
{
  ro_rules_t r;
  ro_dist_t dist;
  mpq_t q;
  double bytes;
  mpq_init (q);
  ro_dist_init (&dist);
  for (unsigned v = 0; v < 4; v++)
    {
      ro_rules_init (&r);
      ro_method_t m = RO_METHOD_STRIP;
      switch (v)
        {
        case 0:
          r.defender = RO_DEFENDER_OPTIMAL;
          break;
        case 1:
          r.defender = RO_DEFENDER_WIERINGA;
          break;
        case 2:
          r.attacker = RO_ATTACKER_OPTIMAL;
          break;
        default:
          m = (ro_method_t) 7;
          break;
        }
      ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 5, m), RO_EINVAL);
      ck_assert_int_eq (ro_battle_dist_method (&dist, &r, 5, 5, m),
                        RO_EINVAL);
      ck_assert_int_eq (ro_battle_memory_method (&bytes, &r, 5, 5, m),
                        RO_EINVAL);
      ck_assert_int_eq (ro_battle_dist_memory (&bytes, &r, 5, 5, m),
                        RO_EINVAL);
      /* Even where the battle is decided before a roll.  */
      ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 0, m), RO_EINVAL);
    }
  /* 3 is the split engine (check_split.c); 4 is the first unknown.  */
  ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 5, (ro_method_t) 4),
                    RO_EINVAL);
  /* The recursion takes the optimal defender.  */
  ro_rules_init (&r);
  r.defender = RO_DEFENDER_OPTIMAL;
  ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 5, RO_METHOD_RECURSION),
                    RO_OK);
  ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 5, RO_METHOD_AUTO),
                    RO_OK);
  mpq_clear (q);
  ro_dist_clear (&dist);
}
END_TEST

/* Battles decided before any roll give the same answer by every method,
   and a territory of no army is refused by all.  */
START_TEST (test_trivial)
{
  static const ro_method_t methods[] = {
    RO_METHOD_AUTO, RO_METHOD_RECURSION, RO_METHOD_STRIP
  };
  static const struct
  {
    ro_count_t count;
    unsigned long stop, goal, a, d;
    int win;                    /* -1: RO_EINVAL */
  } cases[] = {
    {RO_COUNT_TERRITORY, 0, 0, 1, 0, 1},
    {RO_COUNT_TERRITORY, 0, 0, 7, 0, 1},
    {RO_COUNT_TERRITORY, 0, 0, 1, 5, 0},
    {RO_COUNT_TERRITORY, 0, 0, 0, 5, -1},
    {RO_COUNT_TERRITORY, 0, 0, 0, 0, -1},
    {RO_COUNT_ATTACKERS, 0, 0, 0, 5, 0},
    {RO_COUNT_ATTACKERS, 0, 0, 0, 0, 1},
    {RO_COUNT_ATTACKERS, 0, 0, 3, 0, 1},
    {RO_COUNT_TERRITORY, 4, 0, 4, 9, 0},
    {RO_COUNT_ATTACKERS, 4, 0, 3, 9, 0},
    {RO_COUNT_TERRITORY, 0, 3, 9, 3, 1},
    {RO_COUNT_ATTACKERS, 2, 3, 5, 2, 1},
  };
  mpq_t q;
  ro_dist_t dist;
  mpq_init (q);
  ro_dist_init (&dist);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (unsigned m = 0; m < 3; m++)
      {
        ro_rules_t r;
        ro_rules_init (&r);
        r.count = cases[i].count;
        r.stop = cases[i].stop;
        r.goal = cases[i].goal;
        unsigned long a = cases[i].a, d = cases[i].d;
        int rc = ro_battle_win_method (q, &r, a, d, methods[m]);
        int rd = ro_battle_dist_method (&dist, &r, a, d, methods[m]);
        if (cases[i].win < 0)
          {
            ck_assert_msg (rc == RO_EINVAL && rd == RO_EINVAL,
                           "case %zu, method %u: rc %d, %d", i, m, rc, rd);
            continue;
          }
        ck_assert_msg (rc == RO_OK && rd == RO_OK,
                       "case %zu, method %u: rc %d, %d", i, m, rc, rd);
        ck_assert_msg (mpq_cmp_ui (q, (unsigned long) cases[i].win, 1) == 0,
                       "case %zu, method %u: %s", i, m,
                       mpq_get_str (NULL, 10, q));
        ck_assert_msg (dist.n == 1 && mpq_cmp_ui (dist.outcome[0].p, 1, 1)
                       == 0 && dist.outcome[0].won == cases[i].win
                       && dist.outcome[0].attackers == a
                       && dist.outcome[0].defenders == d
                       && mpq_cmp_ui (dist.win, (unsigned long) cases[i].win,
                                      1) == 0, "case %zu, method %u: dist",
                       i, m);
      }
  mpq_clear (q);
  ro_dist_clear (&dist);
}
END_TEST

/* The strip's memory is far below the recursion's where one side is
   much larger, the automatic estimate is the engine's it picks, and both grow
   with either side.  */
START_TEST (test_memory)
{
  static const unsigned long sizes[] = { 2, 3, 5, 10, 50, 100, 1000, 20000 };
  const size_t ns = sizeof sizes / sizeof sizes[0];
  ro_rules_t r;
  double strip, rec, autom, dist;
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  ck_assert_int_eq (ro_battle_memory_method (&strip, &r, 100, 20000,
                                             RO_METHOD_STRIP), RO_OK);
  ck_assert_int_eq (ro_battle_memory_method (&rec, &r, 100, 20000,
                                             RO_METHOD_RECURSION), RO_OK);
  ck_assert_int_eq (ro_battle_memory (&autom, &r, 100, 20000), RO_OK);
  ck_assert_msg (strip > 0 && strip * 20 < rec,
                 "100 v 20000: strip %g bytes, recursion %g", strip, rec);
  /* Above the crossover (4000 armies in all) the automatic engine of
     one battle's P(win) is the split, and so is its estimate; below it
     the strip's.  */
  double split;
  ck_assert_int_eq (ro_battle_memory_method (&split, &r, 100, 20000,
                                             RO_METHOD_SPLIT), RO_OK);
  ck_assert_msg (autom == split, "auto %g, split %g", autom, split);
  ck_assert_int_eq (ro_battle_memory_method (&strip, &r, 100, 2000,
                                             RO_METHOD_STRIP), RO_OK);
  ck_assert_int_eq (ro_battle_memory (&autom, &r, 100, 2000), RO_OK);
  ck_assert_msg (autom == strip, "auto %g, strip %g", autom, strip);
  for (unsigned m = 1; m <= 2; m++)
    for (size_t i = 0; i < ns; i++)
      for (size_t j = 0; j < ns; j++)
        {
          double here, right, up;
          ro_method_t method = (ro_method_t) m;
          unsigned long a = sizes[i], d = sizes[j];
          ck_assert_int_eq (ro_battle_memory_method (&here, &r, a, d, method),
                            RO_OK);
          ck_assert_int_eq (ro_battle_dist_memory (&dist, &r, a, d, method),
                            RO_OK);
          ck_assert_msg (dist >= here, "method %u, %lu v %lu: dist %g, "
                         "battle %g", m, a, d, dist, here);
          if (i + 1 < ns)
            {
              ck_assert_int_eq (ro_battle_memory_method
                                (&up, &r, sizes[i + 1], d, method), RO_OK);
              ck_assert_msg (up >= here, "method %u: %lu v %lu needs %g, "
                             "%lu v %lu %g", m, a, d, here, sizes[i + 1], d,
                             up);
            }
          if (j + 1 < ns)
            {
              ck_assert_int_eq (ro_battle_memory_method
                                (&right, &r, a, sizes[j + 1], method), RO_OK);
              ck_assert_msg (right >= here, "method %u: %lu v %lu needs %g, "
                             "%lu v %lu %g", m, a, d, here, a, sizes[j + 1],
                             right);
            }
        }
}
END_TEST

Suite *
strip_suite (void)
{
  Suite *s = suite_create ("strip");
  TCase *tc;

  tc = test_tcase_create ("powers");
  tcase_add_loop_test (tc, test_powers_fixed, 0, (int) N_FIXED_POLYS);
  tcase_add_test (tc, test_powers_high);
  tcase_add_test (tc, test_powers_random);
  tcase_add_test (tc, test_powers_errors);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("win");
  tcase_add_loop_test (tc, test_grid_standard, 0, 2);
  tcase_add_test (tc, test_grid_random);
  tcase_add_test (tc, test_large);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("dist");
  tcase_add_loop_test (tc, test_dist_standard, 0, 2);
  tcase_add_test (tc, test_dist_random);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("needed");
  tcase_add_test (tc, test_needed);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("interface");
  tcase_add_test (tc, test_applies);
  tcase_add_test (tc, test_get_q);
  tcase_add_test (tc, test_method_errors);
  tcase_add_test (tc, test_trivial);
  tcase_add_loop_test (tc, test_memory, 0, 2);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_strip", strip_suite);
}
