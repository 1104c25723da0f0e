/* check_dice.c -- tests of the exact outcome counts of one round of dice */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

#ifndef TESTDATADIR
# define TESTDATADIR "data"
#endif

/* The brute force below visits every ordered roll; keep it this small.  */
#define BRUTE_MAX_ROLLS 2000000UL

/* SIDES^N, or BRUTE_MAX_ROLLS + 1 when it is larger than that.  */
static unsigned long
capped_pow (unsigned sides, unsigned n)
{
  unsigned long p = 1;

  while (n-- > 0)
    {
      p *= sides;
      if (p > BRUTE_MAX_ROLLS)
        return BRUTE_MAX_ROLLS + 1;
    }
  return p;
}

/* The number of ordered rolls of NA dice of SA sides against ND of SD,
   capped as in capped_pow.  */
static unsigned long
brute_rolls (unsigned sa, unsigned na, unsigned sd, unsigned nd)
{
  unsigned long x = capped_pow (sa, na), y = capped_pow (sd, nd);

  if (x > BRUTE_MAX_ROLLS || y > BRUTE_MAX_ROLLS || x * y > BRUTE_MAX_ROLLS)
    return BRUTE_MAX_ROLLS + 1;
  return x * y;
}

static void
sort_descending (unsigned *v, unsigned n)
{
  unsigned i, j;

  for (i = 1; i < n; i++)
    for (j = i; j > 0 && v[j - 1] < v[j]; j--)
      {
        unsigned t = v[j];
        v[j] = v[j - 1];
        v[j - 1] = t;
      }
}

/* Whether the attacker wins the comparison of its die X with the
   defender's die Y, each already with its bonus (Georgiou's risk3.m: the
   defender wins when A + heroA <= D + heroB + fortB, unless ties go to
   the attacker).  */
static int
attacker_wins (long x, long y, int ties_to_attacker)
{
  return x > y || (ties_to_attacker && x == y);
}

/* The value of a die of SIDES faces showing FACE at sorted place I (0 the
   highest) of a side whose bonus BONUS goes to its K highest dice,
   clamped to 1 .. SIDES when CLAMP: written out on its own, from the
   manual's words, for the brute force below.  */
static long
variant_die (unsigned face, unsigned i, int bonus, unsigned k,
             unsigned sides, int clamp)
{
  long v = face;
  if (i < k)
    {
      v += bonus;
      if (clamp && v < 1)
        v = 1;
      if (clamp && v > (long) sides)
        v = sides;
    }
  return v;
}

/* Every ordered roll of NA against ND dice under R, visited one by one:
   COUNT[k] rolls in which the attacker loses k.  */
static void
brute_variant (unsigned long count[RO_DICE_MAX + 1], const ro_rules_t *r,
               unsigned na, unsigned nd)
{
  unsigned dice[2 * RO_DICE_MAX], att[RO_DICE_MAX], def[RO_DICE_MAX];
  unsigned n = na + nd, m = test_min_u (na, nd), i;

  for (i = 0; i <= RO_DICE_MAX; i++)
    count[i] = 0;
  for (i = 0; i < n; i++)
    dice[i] = 1;
  for (;;)
    {
      unsigned lost = 0;
      memcpy (att, dice, na * sizeof att[0]);
      memcpy (def, dice + na, nd * sizeof def[0]);
      sort_descending (att, na);
      sort_descending (def, nd);
      for (i = 0; i < m; i++)
        {
          long x = variant_die (att[i], i, r->attack_bonus,
                                r->attack_bonus_dice, r->attack_sides,
                                r->clamp);
          long y = variant_die (def[i], i, r->defend_bonus,
                                r->defend_bonus_dice, r->defend_sides,
                                r->clamp);
          if (!attacker_wins (x, y, r->ties == RO_TIES_ATTACKER))
            lost++;
        }
      count[lost]++;
      for (i = 0; i < n; i++)
        {
          if (++dice[i] <= (i < na ? r->attack_sides : r->defend_sides))
            break;
          dice[i] = 1;
        }
      if (i == n)
        break;
    }
}

/* The reference: visit every one of the SA^NA * SD^ND ordered rolls, sort
   each side descending and compare the i-th highest dice, the bonuses AB
   and DB added to the two highest only (the first comparison); COUNT[k]
   is the number of rolls in which the attacker loses k armies: the
   variants' brute force with each bonus on one die, unclamped.  */
static void
brute_force (unsigned long count[RO_DICE_MAX + 1], unsigned long *total,
             unsigned sa, unsigned sd, unsigned na, unsigned nd,
             int ties_to_attacker, int ab, int db)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.attack_sides = sa;
  r.defend_sides = sd;
  r.attack_bonus = ab;
  r.defend_bonus = db;
  r.attack_bonus_dice = r.defend_bonus_dice = 1;
  r.clamp = 0;
  r.ties = ties_to_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  brute_variant (count, &r, na, nd);
  *total = 0;
  for (unsigned i = 0; i <= RO_DICE_MAX; i++)
    *total += count[i];
}

static void
rules_make (ro_rules_t *r, unsigned sa, unsigned sd, unsigned da,
            unsigned dd, int ties_to_attacker)
{
  ro_rules_init (r);
  r->attack_sides = sa;
  r->defend_sides = sd;
  r->attack_dice = da;
  r->defend_dice = dd;
  r->ties = ties_to_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
}

/* Check ROUND, the library's answer for NA against ND dice under R,
   against the expected COUNT (attacker loses k) and TOTAL; the structural
   promises of the header are checked too.  */
static void
check_round (const ro_round_t *round, const ro_rules_t *r, unsigned na,
             unsigned nd, const mpz_t *count, const mpz_t total)
{
  unsigned m = test_min_u (na, nd), k;
  char what[160];
  mpz_t sum, pw;

  snprintf (what, sizeof what, "d%u x%u %+d vs d%u x%u %+d, ties to %s",
            r->attack_sides, na, r->attack_bonus, r->defend_sides, nd,
            r->defend_bonus,
            r->ties == RO_TIES_ATTACKER ? "attacker" : "defender");
  ck_assert_msg (round->attack_dice == na && round->defend_dice == nd,
                 "%s: round says %u vs %u dice", what, round->attack_dice,
                 round->defend_dice);
  ck_assert_msg (round->comparisons == m, "%s: %u comparisons, expected %u",
                 what, round->comparisons, m);

  mpz_init (sum);
  mpz_init (pw);
  /* TOTAL = attack_sides^NA * defend_sides^ND, whatever the reference.  */
  mpz_ui_pow_ui (pw, r->attack_sides, na);
  mpz_ui_pow_ui (sum, r->defend_sides, nd);
  mpz_mul (pw, pw, sum);
  ck_assert_msg (mpz_cmp (round->total, pw) == 0,
                 "%s: total is not sides^dice", what);
  ck_assert_msg (mpz_cmp (round->total, total) == 0,
                 "%s: total differs from the reference", what);

  mpz_set_ui (sum, 0);
  for (k = 0; k <= m; k++)
    {
      if (mpz_cmp (round->count[k], count[k]) != 0)
        {
          char got[64], want[64];
          gmp_snprintf (got, sizeof got, "%Zd", round->count[k]);
          gmp_snprintf (want, sizeof want, "%Zd", count[k]);
          ck_abort_msg ("%s: count[%u] = %s, expected %s", what, k, got,
                        want);
        }
      ck_assert_msg (mpz_sgn (round->count[k]) >= 0, "%s: count[%u] < 0",
                     what, k);
      mpz_add (sum, sum, round->count[k]);
    }
  ck_assert_msg (mpz_cmp (sum, round->total) == 0,
                 "%s: the counts do not add up to the total", what);
  mpz_clear (sum);
  mpz_clear (pw);
}

/* Run the library and the brute force on one case and compare them.  */
static void
check_against_brute_force (ro_round_t *round, const ro_rules_t *r,
                           unsigned na, unsigned nd)
{
  unsigned long bc[RO_DICE_MAX + 1], bt;
  mpz_t count[RO_DICE_MAX + 1], total;
  unsigned k;
  int ret;

  brute_force (bc, &bt, r->attack_sides, r->defend_sides, na, nd,
               r->ties == RO_TIES_ATTACKER, r->attack_bonus, r->defend_bonus);
  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init_set_ui (count[k], bc[k]);
  mpz_init_set_ui (total, bt);

  ret = ro_round_count (round, r, na, nd);
  ck_assert_msg (ret == RO_OK, "d%u x%u %+d vs d%u x%u %+d: ro_round_count "
                 "gave %d", r->attack_sides, na, r->attack_bonus,
                 r->defend_sides, nd, r->defend_bonus, ret);
  check_round (round, r, na, nd, (const mpz_t *) count, total);

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (count[k]);
  mpz_clear (total);
}

/* ------------------------------------------------------------------ */
/* The published table of one round, standard dice                    */
/* ------------------------------------------------------------------ */

/* Taflin's table as quoted by Hillier, Johnson and Moontep (seed 002):
   count[k] = rolls in which the attacker loses k armies.  The rows with
   ties to the attacker follow from the same table by swapping the roles
   (equal dice): with ties to the attacker, NA against ND loses k exactly
   when, with ties to the defender, ND against NA loses m - k.  */
struct seed_round
{
  unsigned na, nd;
  int ties_to_attacker;
  unsigned long total;
  unsigned long count[3];
};

static const struct seed_round seed_rounds[] = {
  { 1, 1, 0, 36, { 15, 21 } },
  { 2, 1, 0, 216, { 125, 91 } },
  { 3, 1, 0, 1296, { 855, 441 } },
  { 1, 2, 0, 216, { 55, 161 } },
  { 2, 2, 0, 1296, { 295, 420, 581 } },
  { 3, 2, 0, 7776, { 2890, 2611, 2275 } },
  /* derived by the role swap above */
  { 1, 1, 1, 36, { 21, 15 } },
  { 2, 1, 1, 216, { 161, 55 } },
  { 1, 2, 1, 216, { 91, 125 } },
  { 2, 2, 1, 1296, { 581, 420, 295 } }
};
#define N_SEED_ROUNDS (sizeof seed_rounds / sizeof seed_rounds[0])

START_TEST (test_seed_table)
{
  const struct seed_round *c = &seed_rounds[_i];
  mpz_t count[RO_DICE_MAX + 1], total;
  ro_round_t round;
  ro_rules_t r;
  unsigned k;

  ro_rules_init (&r);
  if (c->ties_to_attacker)
    r.ties = RO_TIES_ATTACKER;
  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init_set_ui (count[k], k < 3 ? c->count[k] : 0);
  mpz_init_set_ui (total, c->total);

  ro_round_init (&round);
  ck_assert_int_eq (ro_round_count (&round, &r, c->na, c->nd), RO_OK);
  check_round (&round, &r, c->na, c->nd, (const mpz_t *) count, total);
  /* The attackers count rolls the same dice.  */
  r.count = RO_COUNT_ATTACKERS;
  ck_assert_int_eq (ro_round_count (&round, &r, c->na, c->nd), RO_OK);
  check_round (&round, &r, c->na, c->nd, (const mpz_t *) count, total);
  ro_round_clear (&round);

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (count[k]);
  mpz_clear (total);
}
END_TEST

/* The brute force itself must reproduce the published table, or it is no
   reference for the random tests below.  */
START_TEST (test_brute_force_reproduces_seed)
{
  const struct seed_round *c = &seed_rounds[_i];
  unsigned long bc[RO_DICE_MAX + 1], bt;
  unsigned k;

  brute_force (bc, &bt, 6, 6, c->na, c->nd, c->ties_to_attacker, 0, 0);
  ck_assert_uint_eq (bt, c->total);
  for (k = 0; k <= test_min_u (c->na, c->nd); k++)
    ck_assert_uint_eq (bc[k], c->count[k]);
}
END_TEST

/* Every standard pair of dice counts, with every die count up to 5 on
   both sides, on d6: the brute force stays below 6^10 / 6^3 rolls.  */
START_TEST (test_d6_all_small)
{
  ro_round_t round;
  ro_rules_t r;
  unsigned na, nd;
  int ties;

  ro_round_init (&round);
  for (ties = 0; ties <= 1; ties++)
    {
      rules_make (&r, 6, 6, RO_DICE_MAX, RO_DICE_MAX, ties);
      for (na = 1; na <= RO_DICE_MAX; na++)
        for (nd = 1; nd <= RO_DICE_MAX; nd++)
          if (brute_rolls (6, na, 6, nd) <= BRUTE_MAX_ROLLS / 4)
            check_against_brute_force (&round, &r, na, nd);
    }
  ro_round_clear (&round);
}
END_TEST

/* Small rounds of d6 with every pair of bonuses from -3 to 3 and a few
   that decide the first comparison whatever the dice (+-6, +-7).  */
START_TEST (test_d6_bonus_small)
{
  static const int bonus[] = { -7, -6, -3, -2, -1, 0, 1, 2, 3, 6, 7 };
  const size_t nb = sizeof bonus / sizeof bonus[0];
  ro_round_t round;
  ro_rules_t r;
  unsigned na, nd;
  size_t i, j;
  int ties = _i;

  ro_round_init (&round);
  for (i = 0; i < nb; i++)
    for (j = 0; j < nb; j++)
      {
        rules_make (&r, 6, 6, 3, 3, ties);
        r.attack_bonus = bonus[i];
        r.defend_bonus = bonus[j];
        for (na = 1; na <= 3; na++)
          for (nd = 1; nd <= 3; nd++)
            check_against_brute_force (&round, &r, na, nd);
      }
  ro_round_clear (&round);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random rule sets against the brute force                           */
/* ------------------------------------------------------------------ */

/* Draw sides in [2, MAX_SIDES], dice in [1, MAX_DICE] and a bonus (see
   test_random_bonus) per side until the round is small enough for the brute
   force.  */
static void
random_case (gmp_randstate_t st, ro_rules_t *r, unsigned *na, unsigned *nd,
             unsigned max_sides, unsigned max_dice, unsigned long max_rolls)
{
  do
    {
      unsigned sa = test_rand_range (st, 2, max_sides);
      unsigned sd = test_rand_range (st, 2, max_sides);
      unsigned da = test_rand_range (st, 1, max_dice);
      unsigned dd = test_rand_range (st, 1, max_dice);

      rules_make (r, sa, sd, da, dd, (int) test_rand_range (st, 0, 1));
      r->count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r->attack_bonus = test_random_bonus (st);
      r->defend_bonus = test_random_bonus (st);
      *na = test_rand_range (st, 1, da);
      *nd = test_rand_range (st, 1, dd);
    }
  while (brute_rolls (r->attack_sides, *na, r->defend_sides, *nd)
         > max_rolls);
}

/* Small dice (2..8 sides), up to 4 dice each.  */
START_TEST (test_random_small_sides)
{
  gmp_randstate_t st;
  ro_round_t round;
  unsigned long it, n = 150 * test_scale;

  test_rand_init (st, 1);
  ro_round_init (&round);       /* reused: every count must overwrite it */
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned na, nd;

      random_case (st, &r, &na, &nd, 8, 4, BRUTE_MAX_ROLLS);
      check_against_brute_force (&round, &r, na, nd);
    }
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* Up to 100 sides and 5 dice, for the rounds that stay small.  */
START_TEST (test_random_wide)
{
  gmp_randstate_t st;
  ro_round_t round;
  unsigned long it, n = 100 * test_scale;

  test_rand_init (st, 2);
  ro_round_init (&round);
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned na, nd;

      random_case (st, &r, &na, &nd, RO_SIDES_MAX, RO_DICE_MAX,
                   BRUTE_MAX_ROLLS / 2);
      check_against_brute_force (&round, &r, na, nd);
    }
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* One comparison, any size: a closed form                            */
/* ------------------------------------------------------------------ */

/* When min(NA, ND) = 1 only the highest dice meet, each with its bonus.
   The attacker's highest is x in (x^NA - (x-1)^NA) rolls, and the
   defender's highest y beats it unless y + DB < x + AB (ties to the
   defender) or y + DB <= x + AB (ties to the attacker): y is at most
   b = x - 1 + tie + AB - DB, clamped to [0, SD], in b^ND rolls; sum over
   x.  WIN = attacker wins.  */
static void
one_comparison (mpz_t win, mpz_t total, unsigned sa, unsigned sd,
                unsigned na, unsigned nd, int ties_to_attacker, int ab,
                int db)
{
  mpz_t t, u;
  unsigned x;

  mpz_init (t);
  mpz_init (u);
  mpz_set_ui (win, 0);
  for (x = 1; x <= sa; x++)
    {
      long below = (long) x - 1 + (ties_to_attacker ? 1 : 0) + ab - db;

      if (below < 0)
        below = 0;
      if (below > (long) sd)
        below = sd;
      mpz_ui_pow_ui (t, x, na);
      mpz_ui_pow_ui (u, x - 1, na);
      mpz_sub (t, t, u);
      mpz_ui_pow_ui (u, (unsigned long) below, nd);
      mpz_addmul (win, t, u);
    }
  mpz_ui_pow_ui (total, sa, na);
  mpz_ui_pow_ui (t, sd, nd);
  mpz_mul (total, total, t);
  mpz_clear (t);
  mpz_clear (u);
}

static void
check_one_comparison (ro_round_t *round, unsigned sa, unsigned sd,
                      unsigned na, unsigned nd, int ties, int ab, int db)
{
  mpz_t count[RO_DICE_MAX + 1], total;
  ro_rules_t r;
  unsigned k;
  int ret;

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (count[k]);
  mpz_init (total);
  one_comparison (count[0], total, sa, sd, na, nd, ties, ab, db);
  mpz_sub (count[1], total, count[0]);

  rules_make (&r, sa, sd, RO_DICE_MAX, RO_DICE_MAX, ties);
  r.attack_bonus = ab;
  r.defend_bonus = db;
  ret = ro_round_count (round, &r, na, nd);
  ck_assert_msg (ret == RO_OK, "d%u x%u %+d vs d%u x%u %+d: ro_round_count "
                 "gave %d", sa, na, ab, sd, nd, db, ret);
  check_round (round, &r, na, nd, (const mpz_t *) count, total);

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (count[k]);
  mpz_clear (total);
}

/* The closed form agrees with the brute force where both can run, with
   and without bonuses (_i indexes the pairs below).  */
static const int closed_form_bonus[][2] = {
  { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 2 }, { -1, 0 }, { 2, -1 }, { 3, 3 },
  { -8, 0 }, { 0, 8 }, { 8, -8 }, { -100, 100 }, { 100, -100 }
};
#define N_CLOSED_FORM_BONUS \
  (sizeof closed_form_bonus / sizeof closed_form_bonus[0])

START_TEST (test_closed_form_reference)
{
  int ab = closed_form_bonus[_i][0], db = closed_form_bonus[_i][1];
  unsigned sa, sd, n;
  int ties;

  for (ties = 0; ties <= 1; ties++)
    for (sa = 2; sa <= 7; sa++)
      for (sd = 2; sd <= 7; sd++)
        for (n = 1; n <= 4; n++)
          {
            unsigned long bc[RO_DICE_MAX + 1], bt;
            mpz_t win, total;
            int side;

            mpz_init (win);
            mpz_init (total);
            for (side = 0; side <= 1; side++)
              {
                unsigned na = side ? 1 : n, nd = side ? n : 1;
                brute_force (bc, &bt, sa, sd, na, nd, ties, ab, db);
                one_comparison (win, total, sa, sd, na, nd, ties, ab, db);
                ck_assert_msg (mpz_cmp_ui (win, bc[0]) == 0,
                               "d%u x%u %+d vs d%u x%u %+d: the closed form "
                               "disagrees with the brute force", sa, na, ab,
                               sd, nd, db);
                ck_assert (mpz_cmp_ui (total, bt) == 0);
              }
            mpz_clear (win);
            mpz_clear (total);
          }
}
END_TEST

/* 1 against 1 for every pair of sides from 2 to 100.  */
START_TEST (test_one_vs_one_all_sides)
{
  ro_round_t round;
  unsigned sa, sd;
  int ties = _i;

  ro_round_init (&round);
  for (sa = RO_SIDES_MIN; sa <= RO_SIDES_MAX; sa++)
    for (sd = RO_SIDES_MIN; sd <= RO_SIDES_MAX; sd++)
      check_one_comparison (&round, sa, sd, 1, 1, ties, 0, 0);
  ro_round_clear (&round);
}
END_TEST

/* Many dice against one, and one against many, up to 100 sides; bonuses
   of any allowed size half of the time (which may decide the comparison
   whatever the dice), of -3..3 or none otherwise.  */
START_TEST (test_one_comparison_random)
{
  gmp_randstate_t st;
  ro_round_t round;
  unsigned long it, n = 400 * test_scale;

  test_rand_init (st, 3);
  ro_round_init (&round);
  for (it = 0; it < n; it++)
    {
      unsigned sa = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      unsigned sd = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      unsigned many = test_rand_range (st, 1, RO_DICE_MAX);
      int ties = (int) test_rand_range (st, 0, 1);
      int wide = (int) test_rand_range (st, 0, 1);
      int ab = wide ? (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX)
        - RO_BONUS_MAX : test_random_bonus (st);
      int db = wide ? (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX)
        - RO_BONUS_MAX : test_random_bonus (st);

      if (test_rand_range (st, 0, 1))
        check_one_comparison (&round, sa, sd, many, 1, ties, ab, db);
      else
        check_one_comparison (&round, sa, sd, 1, many, ties, ab, db);
    }
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* The extreme sizes: 5 dice of 100 sides on each side, with no bonus,
   the extreme bonuses and some in between.  */
START_TEST (test_one_comparison_extremes)
{
  static const int bonus[][2] = {
    { 0, 0 }, { RO_BONUS_MAX, 0 }, { 0, RO_BONUS_MAX },
    { -RO_BONUS_MAX, RO_BONUS_MAX }, { RO_BONUS_MAX, -RO_BONUS_MAX },
    { RO_BONUS_MAX, RO_BONUS_MAX }, { 50, -49 }, { -98, 0 }, { 0, 99 }
  };
  ro_round_t round;
  unsigned n;
  size_t b;
  int ties;

  ro_round_init (&round);
  for (b = 0; b < sizeof bonus / sizeof bonus[0]; b++)
    for (ties = 0; ties <= 1; ties++)
      for (n = 1; n <= RO_DICE_MAX; n++)
        {
          int ab = bonus[b][0], db = bonus[b][1];

          check_one_comparison (&round, 100, 100, n, 1, ties, ab, db);
          check_one_comparison (&round, 100, 100, 1, n, ties, ab, db);
          check_one_comparison (&round, 2, 100, n, 1, ties, ab, db);
          check_one_comparison (&round, 100, 2, 1, n, ties, ab, db);
        }
  ro_round_clear (&round);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Role swap, any size                                                */
/* ------------------------------------------------------------------ */

/* With ties to the attacker, dSA x NA (bonus AB) against dSD x ND (bonus
   DB) is, seen from the other side, dSD x ND (bonus DB) against dSA x NA
   (bonus AB) with ties to the defender: the attacker loses k in the first
   exactly when the "attacker" of the second loses m - k.  No reference
   needed, so any size can be tried.  */
START_TEST (test_role_swap)
{
  gmp_randstate_t st;
  ro_round_t x, y;
  unsigned long it, n = 60 * test_scale;

  test_rand_init (st, 4);
  ro_round_init (&x);
  ro_round_init (&y);
  for (it = 0; it < n; it++)
    {
      unsigned sa = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      unsigned sd = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      unsigned na = test_rand_range (st, 1, RO_DICE_MAX);
      unsigned nd = test_rand_range (st, 1, RO_DICE_MAX);
      unsigned m = test_min_u (na, nd), k;
      ro_rules_t r1, r2;
      mpz_t sum;

      int ab = test_random_bonus (st);
      int db = test_random_bonus (st);

      if (it % 4 == 0)
        {
          /* small dice too, where ties are frequent */
          sa = test_rand_range (st, 2, 6);
          sd = test_rand_range (st, 2, 6);
        }
      rules_make (&r1, sa, sd, RO_DICE_MAX, RO_DICE_MAX, 1);
      rules_make (&r2, sd, sa, RO_DICE_MAX, RO_DICE_MAX, 0);
      r1.attack_bonus = r2.defend_bonus = ab;
      r1.defend_bonus = r2.attack_bonus = db;
      ck_assert_int_eq (ro_round_count (&x, &r1, na, nd), RO_OK);
      ck_assert_int_eq (ro_round_count (&y, &r2, nd, na), RO_OK);
      ck_assert_uint_eq (x.comparisons, m);
      ck_assert_uint_eq (y.comparisons, m);
      ck_assert (mpz_cmp (x.total, y.total) == 0);
      mpz_init_set_ui (sum, 0);
      for (k = 0; k <= m; k++)
        {
          ck_assert_msg (mpz_cmp (x.count[k], y.count[m - k]) == 0,
                         "d%u x%u %+d vs d%u x%u %+d: ties to the attacker, "
                         "count[%u] differs from the swapped count[%u]",
                         sa, na, ab, sd, nd, db, k, m - k);
          mpz_add (sum, sum, x.count[k]);
        }
      ck_assert (mpz_cmp (sum, x.total) == 0);
      mpz_clear (sum);
    }
  ro_round_clear (&x);
  ro_round_clear (&y);
  gmp_randclear (st);
}
END_TEST

/* Reusing one round for a smaller count and back gives the same numbers. */
START_TEST (test_reuse)
{
  ro_round_t round, fresh;
  ro_rules_t r;
  unsigned k;

  ro_rules_init (&r);
  ro_round_init (&round);
  ro_round_init (&fresh);
  ck_assert_int_eq (ro_round_count (&fresh, &r, 3, 2), RO_OK);
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 1), RO_OK);
  ck_assert_uint_eq (round.comparisons, 1);
  ck_assert (mpz_cmp_ui (round.total, 36) == 0);
  ck_assert (mpz_cmp_ui (round.count[0], 15) == 0);
  ck_assert (mpz_cmp_ui (round.count[1], 21) == 0);
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_cmp (round.total, fresh.total) == 0);
  for (k = 0; k <= 2; k++)
    ck_assert (mpz_cmp (round.count[k], fresh.count[k]) == 0);
  ro_round_clear (&round);
  ro_round_clear (&fresh);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Georgiou's heroes and fortresses                                   */
/* ------------------------------------------------------------------ */

/* Outputs 1-6 of Georgiou's risk3.m (seed 000), in georgiou_outputs.txt:
   the five standard rounds under six pairs of bonuses.  With one
   comparison he prints the rolls the attacker wins of ROLLS; with two, over
   2 * ROLLS, Att(+2) (the attacker wins both), Att(+1) = ROLLS - Att(+2),
   Def(-1) = ROLLS - Def(-2) and Def(-2) (the defender wins both).  */
#define GEORGIOU_LINES 30

struct georgiou_line
{
  int ab, db;
  unsigned na, nd, comparisons;
  /* "att_wins rolls" for one comparison, "att_plus2 att_plus1
     def_minus1 def_minus2 2*rolls" for two */
  unsigned long v[5];
};

/* Read every data line of georgiou_outputs.txt into LINES (room for
   MAX) and return how many there were.  */
static int
read_georgiou (struct georgiou_line *lines, int max)
{
  char path[1024], buf[512];
  int n = 0;
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", TESTDATADIR, "georgiou_outputs.txt");
  f = fopen (path, "r");
  ck_assert_msg (f != NULL, "cannot open %s", path);
  while (fgets (buf, sizeof buf, f) != NULL)
    {
      struct georgiou_line g;
      int got, used = 0, fields;
      char *p = buf;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '#' || *p == '\n' || *p == '\0')
        continue;
      got = sscanf (p, "%d %d %u %u %u%n", &g.ab, &g.db, &g.na, &g.nd,
                    &g.comparisons, &used);
      ck_assert_msg (got == 5 && (g.comparisons == 1 || g.comparisons == 2),
                     "georgiou_outputs.txt: bad line %s", buf);
      fields = g.comparisons == 1 ? 2 : 5;
      p += used;
      for (got = 0; got < fields; got++)
        {
          char *end;
          g.v[got] = strtoul (p, &end, 10);
          ck_assert_msg (end != p, "georgiou_outputs.txt: short line %s", buf);
          p = end;
        }
      while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
      ck_assert_msg (*p == '\0', "georgiou_outputs.txt: long line %s", buf);
      ck_assert_msg (n < max, "georgiou_outputs.txt: more than %d lines", max);
      lines[n++] = g;
    }
  fclose (f);
  return n;
}

/* Line _i of Georgiou's outputs: ro_round_count under his bonuses gives
   his counts, in both counts of A; and so does the brute force, which
   vouches for the brute force's bonuses in the random tests above.  */
START_TEST (test_georgiou)
{
  struct georgiou_line lines[GEORGIOU_LINES + 1], *g;
  mpz_t count[RO_DICE_MAX + 1], total;
  unsigned long bc[RO_DICE_MAX + 1], bt, rolls;
  ro_round_t round;
  ro_rules_t r;
  unsigned k;
  int c;

  ck_assert_int_eq (read_georgiou (lines, GEORGIOU_LINES + 1),
                    GEORGIOU_LINES);
  g = &lines[_i];
  ck_assert_uint_eq (g->comparisons, test_min_u (g->na, g->nd));
  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (count[k]);
  mpz_init (total);
  if (g->comparisons == 1)
    {
      /* Att(+1) of ROLLS: the attacker loses nothing */
      rolls = g->v[1];
      ck_assert (g->v[0] <= rolls);
      mpz_set_ui (count[0], g->v[0]);
      mpz_set_ui (count[1], rolls - g->v[0]);
    }
  else
    {
      unsigned long a2 = g->v[0], a1 = g->v[1], d1 = g->v[2], d2 = g->v[3];

      /* his four columns over 2 * ROLLS are two splits of ROLLS */
      ck_assert_msg (g->v[4] % 2 == 0, "line %d: odd total", _i);
      rolls = g->v[4] / 2;
      ck_assert_msg (a2 + a1 == rolls && d1 + d2 == rolls,
                     "line %d: Att(+2) + Att(+1) or Def(-1) + Def(-2) is not "
                     "the number of rolls", _i);
      ck_assert (a1 >= d2 && a1 - d2 == d1 - a2);
      mpz_set_ui (count[0], a2);
      mpz_set_ui (count[1], a1 - d2);
      mpz_set_ui (count[2], d2);
    }
  mpz_set_ui (total, rolls);

  ro_round_init (&round);
  for (c = 0; c <= 1; c++)
    {
      ro_rules_init (&r);
      r.count = c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
      r.attack_bonus = g->ab;
      r.defend_bonus = g->db;
      ck_assert_int_eq (ro_round_count (&round, &r, g->na, g->nd), RO_OK);
      check_round (&round, &r, g->na, g->nd, (const mpz_t *) count, total);
    }
  ro_round_clear (&round);

  brute_force (bc, &bt, 6, 6, g->na, g->nd, 0, g->ab, g->db);
  ck_assert_uint_eq (bt, rolls);
  for (k = 0; k <= g->comparisons; k++)
    ck_assert_msg (mpz_cmp_ui (count[k], bc[k]) == 0,
                   "line %d: the brute force disagrees with Georgiou on "
                   "count[%u]", _i, k);

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (count[k]);
  mpz_clear (total);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bonuses: invariants at any size                                    */
/* ------------------------------------------------------------------ */

/* Draw a rule set of any allowed size, bonuses 0, and the dice NA, ND.  */
static void
random_rules_any (gmp_randstate_t st, ro_rules_t *r, unsigned *na,
                  unsigned *nd, unsigned max_sides)
{
  unsigned sa = test_rand_range (st, RO_SIDES_MIN, max_sides);
  unsigned sd = test_rand_range (st, RO_SIDES_MIN, max_sides);
  int ties = (int) test_rand_range (st, 0, 1);

  rules_make (r, sa, sd, RO_DICE_MAX, RO_DICE_MAX, ties);
  *na = test_rand_range (st, 1, RO_DICE_MAX);
  *nd = test_rand_range (st, 1, RO_DICE_MAX);
}

static void
check_same_counts (const ro_round_t *x, const ro_round_t *y,
                   const ro_rules_t *r, const char *what)
{
  unsigned k;

  ck_assert_uint_eq (x->comparisons, y->comparisons);
  ck_assert (mpz_cmp (x->total, y->total) == 0);
  for (k = 0; k <= x->comparisons; k++)
    ck_assert_msg (mpz_cmp (x->count[k], y->count[k]) == 0,
                   "d%u x%u vs d%u x%u, ties to %s, bonuses %+d/%+d: "
                   "count[%u] differs from %s", r->attack_sides,
                   x->attack_dice, r->defend_sides, x->defend_dice,
                   r->ties == RO_TIES_ATTACKER ? "attacker" : "defender",
                   r->attack_bonus, r->defend_bonus, k, what);
}

/* Equal bonuses cancel (Georgiou's Output 3): the same counts as none,
   for the published standard rounds and for random rule sets.  */
START_TEST (test_equal_bonuses)
{
  static const int equal[] = { 1, 2, -1, 3, -5, 50, RO_BONUS_MAX,
                               -RO_BONUS_MAX };
  const size_t ne = sizeof equal / sizeof equal[0];
  gmp_randstate_t st;
  ro_round_t x, y;
  unsigned long it, n = 40 * test_scale;
  size_t i, e;

  ro_round_init (&x);
  ro_round_init (&y);
  for (i = 0; i < N_SEED_ROUNDS; i++)
    for (e = 0; e < ne; e++)
      {
        const struct seed_round *c = &seed_rounds[i];
        ro_rules_t r;
        unsigned k;

        ro_rules_init (&r);
        r.ties = c->ties_to_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
        r.attack_bonus = r.defend_bonus = equal[e];
        ck_assert_int_eq (ro_round_count (&x, &r, c->na, c->nd), RO_OK);
        ck_assert (mpz_cmp_ui (x.total, c->total) == 0);
        for (k = 0; k <= test_min_u (c->na, c->nd); k++)
          ck_assert_msg (mpz_cmp_ui (x.count[k], c->count[k]) == 0,
                         "%u vs %u, bonuses %+d/%+d: count[%u] is not the "
                         "published %lu", c->na, c->nd, equal[e], equal[e],
                         k, c->count[k]);
      }

  test_rand_init (st, 5);
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned na, nd;

      random_rules_any (st, &r, &na, &nd, it % 2 ? 12 : RO_SIDES_MAX);
      ck_assert_int_eq (ro_round_count (&y, &r, na, nd), RO_OK);
      r.attack_bonus = r.defend_bonus = equal[it % ne];
      ck_assert_int_eq (ro_round_count (&x, &r, na, nd), RO_OK);
      check_same_counts (&x, &y, &r, "no bonus");
    }
  gmp_randclear (st);
  ro_round_clear (&x);
  ro_round_clear (&y);
}
END_TEST

/* Random rule sets of any size with random bonuses of any allowed size:
   the counts are non-negative and add up to sides^dice.  */
START_TEST (test_bonus_counts_add_up)
{
  gmp_randstate_t st;
  ro_round_t round;
  unsigned long it, n = 40 * test_scale;
  mpz_t sum, pw;

  test_rand_init (st, 6);
  ro_round_init (&round);
  mpz_init (sum);
  mpz_init (pw);
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned na, nd, k;

      random_rules_any (st, &r, &na, &nd, it % 2 ? 12 : RO_SIDES_MAX);
      r.attack_bonus = test_random_bonus (st);
      r.defend_bonus = test_random_bonus (st);
      ck_assert_int_eq (ro_round_count (&round, &r, na, nd), RO_OK);
      ck_assert_uint_eq (round.comparisons, test_min_u (na, nd));
      mpz_ui_pow_ui (pw, r.attack_sides, na);
      mpz_ui_pow_ui (sum, r.defend_sides, nd);
      mpz_mul (pw, pw, sum);
      ck_assert (mpz_cmp (round.total, pw) == 0);
      mpz_set_ui (sum, 0);
      for (k = 0; k <= round.comparisons; k++)
        {
          ck_assert (mpz_sgn (round.count[k]) >= 0);
          mpz_add (sum, sum, round.count[k]);
        }
      ck_assert_msg (mpz_cmp (sum, round.total) == 0,
                     "d%u x%u %+d vs d%u x%u %+d: the counts do not add up",
                     r.attack_sides, na, r.attack_bonus, r.defend_sides, nd,
                     r.defend_bonus);
    }
  mpz_clear (sum);
  mpz_clear (pw);
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* Raising the attacker's bonus by one (or lowering the defender's) can
   only turn a lost first comparison into a won one, roll by roll: for
   every k, the rolls in which the attacker loses at most k never become
   fewer.  BETTER and WORSE are the rounds after and before the step.  */
static void
check_dominates (const ro_round_t *better, const ro_round_t *worse,
                 const ro_rules_t *r)
{
  mpz_t sb, sw;
  unsigned k;

  mpz_init_set_ui (sb, 0);
  mpz_init_set_ui (sw, 0);
  for (k = 0; k <= better->comparisons; k++)
    {
      mpz_add (sb, sb, better->count[k]);
      mpz_add (sw, sw, worse->count[k]);
      ck_assert_msg (mpz_cmp (sb, sw) >= 0,
                     "d%u x%u vs d%u x%u, bonuses near %+d/%+d: a better "
                     "bonus gives fewer rolls losing at most %u",
                     r->attack_sides, better->attack_dice, r->defend_sides,
                     better->defend_dice, r->attack_bonus, r->defend_bonus,
                     k);
    }
  mpz_clear (sb);
  mpz_clear (sw);
}

/* Step the bonus *FIELD of R from FROM to TO by STEP (+1 or -1), the
   attacker doing better at each step, and compare each round with the
   one before.  */
static void
check_bonus_steps (ro_rules_t *r, int *field, int from, int to, int step,
                   unsigned na, unsigned nd)
{
  ro_round_t round[2];
  int b, k = 0;

  ro_round_init (&round[0]);
  ro_round_init (&round[1]);
  *field = from;
  ck_assert_int_eq (ro_round_count (&round[k], r, na, nd), RO_OK);
  for (b = from + step; b != to + step; b += step)
    {
      *field = b;
      k ^= 1;
      ck_assert_int_eq (ro_round_count (&round[k], r, na, nd), RO_OK);
      check_dominates (&round[k], &round[k ^ 1], r);
    }
  ro_round_clear (&round[0]);
  ro_round_clear (&round[1]);
}

/* From a bonus that loses every first comparison on dice of up to 10
   sides to one that wins them all.  */
START_TEST (test_bonus_monotone)
{
  gmp_randstate_t st;
  unsigned long it, n = 30 * test_scale;

  test_rand_init (st, 7);
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned na, nd;

      random_rules_any (st, &r, &na, &nd, 10);
      r.defend_bonus = test_random_bonus (st);
      if (r.defend_bonus < -RO_BONUS_MAX + 12
          || r.defend_bonus > RO_BONUS_MAX - 12)
        r.defend_bonus = 0;
      check_bonus_steps (&r, &r.attack_bonus, r.defend_bonus - 12,
                         r.defend_bonus + 12, 1, na, nd);
      r.attack_bonus = test_random_bonus (st);
      if (r.attack_bonus < -RO_BONUS_MAX + 12
          || r.attack_bonus > RO_BONUS_MAX - 12)
        r.attack_bonus = 0;
      check_bonus_steps (&r, &r.defend_bonus, r.attack_bonus + 12,
                         r.attack_bonus - 12, -1, na, nd);
    }
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Variants: bonuses on several dice, clamped dice (issue 18)         */
/* ------------------------------------------------------------------ */

static void
check_variant (ro_round_t *round, const ro_rules_t *r, unsigned na,
               unsigned nd)
{
  unsigned long bc[RO_DICE_MAX + 1];
  unsigned m = test_min_u (na, nd);
  int ret = ro_round_count (round, r, na, nd);

  brute_variant (bc, r, na, nd);
  ck_assert_msg (ret == RO_OK, "ro_round_count gave %d", ret);
  for (unsigned k = 0; k <= m; k++)
    ck_assert_msg (mpz_cmp_ui (round->count[k], bc[k]) == 0,
                   "d%u x%u %+d on %u vs d%u x%u %+d on %u, clamp %d, "
                   "ties %d: count[%u] = %lu expected %lu", r->attack_sides,
                   na, r->attack_bonus, r->attack_bonus_dice,
                   r->defend_sides, nd, r->defend_bonus,
                   r->defend_bonus_dice, r->clamp, (int) r->ties, k,
                   mpz_get_ui (round->count[k]), bc[k]);
}

/* Risk Legacy's published and hand counts: the bunker (+1 on the
   defender's highest die) gives 1860/3176/2740 of 7776 for 3 v 2; the
   ammo shortage (-1 on it), clamped, loses 1 v 1 to the attacker in 20
   of 36 rolls (a 1 stays a 1: he needs more than the defender's die
   less one, 15 of 30 rolls, and more than 1 in the other 6, 5 of them),
   unclamped in 21 (A >= D).  */
START_TEST (test_legacy_published)
{
  ro_round_t round;
  ro_rules_t r;

  ro_round_init (&round);
  ro_rules_init (&r);
  r.defend_bonus = 1;
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 1860) == 0);
  ck_assert (mpz_cmp_ui (round.count[1], 3176) == 0);
  ck_assert (mpz_cmp_ui (round.count[2], 2740) == 0);
  r.clamp = 1;                  /* a 6 + 1 still beats every attack die */
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 1860) == 0);

  r.defend_bonus = -1;
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 1), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 20) == 0);
  ck_assert (mpz_cmp_ui (round.count[1], 16) == 0);
  r.clamp = 0;
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 1), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 21) == 0);

  /* The fortification, +1 on both defence dice, 1 v 2 by hand: the
     attacker's die A wins iff A > max(D) + 1, the count of pairs of
     d6 with a maximum below A - 1: sum over A of (A - 2)^2 for A >= 3,
     1 + 4 + 9 + 16 = 30 of 216.  */
  r.defend_bonus = 1;
  r.defend_bonus_dice = RO_BONUS_DICE_ALL;
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 2), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 30) == 0);
  ro_round_clear (&round);
}
END_TEST

/* Every scope, bonus (beyond the faces too), clamp and tie rule, d3
   against d4 and d4 against d3, up to 3 v 3, against the brute
   force.  */
START_TEST (test_variant_exhaustive)
{
  static const int bonuses[] = { -4, -1, 0, 1, 4 };
  const unsigned nb = sizeof bonuses / sizeof bonuses[0];
  ro_round_t round;
  ro_rules_t r;

  ro_round_init (&round);
  for (unsigned ab = 0; ab < nb; ab++)
    for (unsigned db = 0; db < nb; db++)
      for (unsigned ka = 1; ka <= 3; ka++)
        for (unsigned kd = 1; kd <= 3; kd++)
          for (int c = 0; c < 4; c++)
            {
              rules_make (&r, 3 + _i, 4 - _i, 3, 3, c & 1);
              r.attack_bonus = bonuses[ab];
              r.defend_bonus = bonuses[db];
              r.attack_bonus_dice = ka;
              r.defend_bonus_dice = kd;
              r.clamp = c >> 1;
              for (unsigned na = 1; na <= 3; na++)
                for (unsigned nd = 1; nd <= 3; nd++)
                  check_variant (&round, &r, na, nd);
            }
  ro_round_clear (&round);
}
END_TEST

/* Random rule sets of every shape within the brute force's reach: more
   dice (two sides with a bonus on some dice only, so that two
   comparisons wait for values), other sides, bonuses up to RO_BONUS_MAX,
   and the verdict of ro_defender_can_win from the same counts.  */
START_TEST (test_variant_random)
{
  gmp_randstate_t st;
  ro_round_t round;
  ro_rules_t r;

  gmp_randinit_default (st);
  gmp_randseed_ui (st, test_seed + 18);
  ro_round_init (&round);
  for (unsigned long t = 0; t < 150 * test_scale; t++)
    {
      unsigned sa = 2 + (unsigned) gmp_urandomm_ui (st, 9);
      unsigned sd = 2 + (unsigned) gmp_urandomm_ui (st, 9);
      rules_make (&r, sa, sd, 1 + (unsigned) gmp_urandomm_ui (st, 5),
                  1 + (unsigned) gmp_urandomm_ui (st, 5),
                  (int) gmp_urandomm_ui (st, 2));
      r.attack_bonus_dice = 1 + (unsigned) gmp_urandomm_ui (st, 5);
      r.defend_bonus_dice = 1 + (unsigned) gmp_urandomm_ui (st, 5);
      r.clamp = (int) gmp_urandomm_ui (st, 2);
      int big = gmp_urandomm_ui (st, 4) == 0;
      long span = big ? RO_BONUS_MAX : (long) sa + 2;
      r.attack_bonus = (int) gmp_urandomm_ui (st, 2 * span + 1) - (int) span;
      span = big ? RO_BONUS_MAX : (long) sd + 2;
      r.defend_bonus = (int) gmp_urandomm_ui (st, 2 * span + 1) - (int) span;
      int can = 1;
      for (unsigned na = 1; na <= r.attack_dice; na++)
        for (unsigned nd = 1; nd <= r.defend_dice; nd++)
          {
            unsigned long bc[RO_DICE_MAX + 1];
            if (brute_rolls (sa, na, sd, nd) > BRUTE_MAX_ROLLS / 40)
              {
                can = -1;       /* not all rounds counted */
                continue;
              }
            check_variant (&round, &r, na, nd);
            brute_variant (bc, &r, na, nd);
            if (can == 1 && bc[test_min_u (na, nd)] == 0)
              can = 0;
          }
      if (can >= 0)
        ck_assert_int_eq (ro_defender_can_win (&r), can);
    }
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* The scope and the clamp change nothing when there is no bonus, and a
   scope of every die is the same whatever number says it; refused
   values.  */
START_TEST (test_variant_fields)
{
  ro_round_t x, y;
  ro_rules_t r;

  ro_round_init (&x);
  ro_round_init (&y);
  ro_rules_init (&r);
  ck_assert_uint_eq (r.attack_bonus_dice, 1);
  ck_assert_uint_eq (r.defend_bonus_dice, 1);
  ck_assert_int_eq (r.clamp, 0);
  r.attack_bonus_dice = 0;      /* zeroed by hand: the highest die */
  r.attack_bonus = 2;
  ck_assert_int_eq (ro_round_count (&x, &r, 3, 2), RO_OK);
  r.attack_bonus_dice = 1;
  ck_assert_int_eq (ro_round_count (&y, &r, 3, 2), RO_OK);
  for (unsigned k = 0; k <= 2; k++)
    ck_assert (mpz_cmp (x.count[k], y.count[k]) == 0);
  r.attack_bonus_dice = 3;
  ck_assert_int_eq (ro_round_count (&x, &r, 3, 2), RO_OK);
  r.attack_bonus_dice = RO_BONUS_DICE_ALL;
  ck_assert_int_eq (ro_round_count (&y, &r, 3, 2), RO_OK);
  for (unsigned k = 0; k <= 2; k++)
    ck_assert (mpz_cmp (x.count[k], y.count[k]) == 0);
  r.attack_bonus_dice = RO_BONUS_DICE_ALL + 1;
  ck_assert_int_eq (ro_round_count (&x, &r, 3, 2), RO_ERULES);
  r.attack_bonus_dice = 1;
  r.clamp = 2;
  ck_assert_int_eq (ro_round_count (&x, &r, 3, 2), RO_ERULES);
  r.clamp = 1;
  /* The largest sweep: two comparisons waiting on 100-sided dice with
     the largest bonuses; the counts add up.  */
  r.attack_sides = r.defend_sides = RO_SIDES_MAX;
  r.attack_dice = 3;
  r.defend_dice = 3;
  r.attack_bonus = RO_BONUS_MAX;
  r.defend_bonus = -RO_BONUS_MAX;
  r.attack_bonus_dice = 2;
  r.defend_bonus_dice = 2;
  r.clamp = 0;
  ck_assert_int_eq (ro_round_count (&x, &r, 3, 3), RO_OK);
  /* The attacker wins the first two comparisons always; the third is
     a plain comparison of third-highest dice.  */
  ck_assert (mpz_sgn (x.count[3]) == 0 && mpz_sgn (x.count[2]) == 0);
  mpz_add (y.total, x.count[0], x.count[1]);
  ck_assert (mpz_cmp (y.total, x.total) == 0);
  ro_round_clear (&x);
  ro_round_clear (&y);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

START_TEST (test_errors_dice)
{
  ro_round_t round;
  ro_rules_t r;

  ro_round_init (&round);
  ro_rules_init (&r);
  ck_assert_int_eq (ro_round_count (&round, &r, 0, 1), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 0), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 0, 0), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 4, 1), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 3), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 4, 3), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 6, 1), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 100, 2), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 1000), RO_EINVAL);

  /* The limits follow the rule set, not the standard game.  */
  r.attack_dice = 1;
  r.defend_dice = 1;
  ck_assert_int_eq (ro_round_count (&round, &r, 2, 1), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 2), RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, 1), RO_OK);
  r.attack_dice = RO_DICE_MAX;
  r.defend_dice = RO_DICE_MAX;
  ck_assert_int_eq (ro_round_count (&round, &r, RO_DICE_MAX + 1, 1),
                    RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, 1, RO_DICE_MAX + 1),
                    RO_EINVAL);
  ck_assert_int_eq (ro_round_count (&round, &r, RO_DICE_MAX, RO_DICE_MAX),
                    RO_OK);

  /* After all these refusals the round is still usable.  */
  ro_rules_init (&r);
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 2890) == 0);
  ro_round_clear (&round);
}
END_TEST

/* A rule set that ro_rules_check refuses cannot be counted.  */
START_TEST (test_errors_rules)
{
  ro_round_t round;
  ro_rules_t r;
  int ret;

  ro_round_init (&round);

#define REFUSED(field, value, na, nd)                                   \
  do                                                                    \
    {                                                                   \
      ro_rules_init (&r);                                               \
      r.field = value;                                                  \
      ret = ro_round_count (&round, &r, na, nd);                        \
      ck_assert_msg (ret < 0, #field " = " #value ": ro_round_count "   \
                     "gave %d, expected an error", ret);                \
    }                                                                   \
  while (0)

  REFUSED (attack_sides, 1, 1, 1);
  REFUSED (attack_sides, 0, 1, 1);
  REFUSED (defend_sides, 1, 1, 1);
  REFUSED (attack_sides, RO_SIDES_MAX + 1, 1, 1);
  REFUSED (defend_sides, RO_SIDES_MAX + 1, 1, 1);
  REFUSED (attack_dice, RO_DICE_MAX + 1, 1, 1);
  REFUSED (defend_dice, RO_DICE_MAX + 1, 1, 1);
  REFUSED (attack_dice, 0, 1, 1);
  REFUSED (attack_bonus, RO_BONUS_MAX + 1, 1, 1);
  REFUSED (defend_bonus, RO_BONUS_MAX + 1, 1, 1);
  REFUSED (attack_bonus, -RO_BONUS_MAX - 1, 3, 2);
  REFUSED (defend_bonus, -RO_BONUS_MAX - 1, 3, 2);
  REFUSED (attack_bonus, INT_MAX, 2, 2);
  REFUSED (defend_bonus, INT_MIN, 2, 2);
#undef REFUSED

  /* The limits themselves are accepted: a bonus of RO_BONUS_MAX wins
     every first comparison on d6, so the attacker loses at most one.  */
  ro_rules_init (&r);
  r.attack_bonus = RO_BONUS_MAX;
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_sgn (round.count[2]) == 0 && mpz_sgn (round.count[0]) > 0);
  r.attack_bonus = 0;
  r.defend_bonus = RO_BONUS_MAX;
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_sgn (round.count[0]) == 0 && mpz_sgn (round.count[2]) > 0);
  r.attack_bonus = -RO_BONUS_MAX;
  r.defend_bonus = -RO_BONUS_MAX;
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  ck_assert (mpz_cmp_ui (round.count[0], 2890) == 0);

  ro_round_clear (&round);
}
END_TEST


/* ------------------------------------------------------------------ */
/* Mixed dice (Risk 2210 A.D.): commanders' d8 beside d6, a station    */
/* ------------------------------------------------------------------ */

/* The faces of die I of a side rolling N dice of which X are d8: the
   first X (which dice they are does not change the count).  */
static unsigned
mixed_face (unsigned i, unsigned x)
{
  return i < x ? 8 : 6;
}

/* Every ordered roll of NA attack dice (XA of them d8) against ND
   defence dice (XD d8), each side's dice sorted, compared highest
   against highest, the attacker's highest die plus BONUS, ties as TIES
   says: LOSS[k] the rolls in which the attacker loses k, *TOTAL all.  */
static void
mixed_brute (unsigned long *loss, unsigned long *total, unsigned na,
             unsigned xa, unsigned nd, unsigned xd, int bonus, int ties)
{
  unsigned n = na + nd, v[2 * RO_DICE_MAX], lim[2 * RO_DICE_MAX];
  unsigned m = na < nd ? na : nd;
  for (unsigned i = 0; i < n; i++)
    {
      lim[i] = i < na ? mixed_face (i, xa) : mixed_face (i - na, xd);
      v[i] = 1;
    }
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    loss[k] = 0;
  *total = 0;
  for (;;)
    {
      unsigned a[RO_DICE_MAX], d[RO_DICE_MAX];
      test_sort_desc (a, v, na);
      test_sort_desc (d, v + na, nd);
      unsigned lost = 0;
      for (unsigned p = 0; p < m; p++)
        {
          int av = (int) a[p] + (p == 0 ? bonus : 0), dv = (int) d[p];
          if (av < dv || (av == dv && !ties))
            lost++;
        }
      loss[lost]++;
      (*total)++;
      unsigned i = 0;
      while (i < n && v[i] == lim[i])
        v[i++] = 1;
      if (i == n)
        break;
      v[i]++;
    }
}

/* The example by hand: 1 d8 + 2 d6 against 2 d6, all
   8 x 6^4 = 10368 rolls.  */
START_TEST (test_mixed_example)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.attack_commanders = 1;
  ro_round_t round;
  ro_round_init (&round);
  ck_assert_int_eq (ro_round_count (&round, &r, 3, 2), RO_OK);
  unsigned long loss[RO_DICE_MAX + 1], total;
  mixed_brute (loss, &total, 3, 1, 2, 0, 0, 0);
  ck_assert_uint_eq (total, 10368);
  ck_assert (mpz_cmp_ui (round.total, total) == 0);
  for (unsigned k = 0; k <= 2; k++)
    ck_assert (mpz_cmp_ui (round.count[k], loss[k]) == 0);
  ro_round_clear (&round);
}
END_TEST

/* Every dice pair up to 3 against 3, every number of commanders on
   each side (0 .. 4: none, some, all of the dice, more), with and
   without a station, ties either way, with and without a +1 on the
   attacker's highest die.  */
START_TEST (test_mixed_all_small)
{
  int ties = _i & 1, bonus = _i >> 1 & 1;
  for (unsigned long ac = 0; ac <= 4; ac++)
    for (unsigned long dc = 0; dc <= 4; dc++)
      for (int st = 0; st <= 1; st++)
        {
          ro_rules_t r;
          ro_rules_init (&r);
          r.defend_dice = 3;
          r.attack_commanders = ac;
          r.defend_commanders = dc;
          r.defend_station = st;
          r.ties = ties ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
          r.attack_bonus = bonus;
          for (unsigned na = 1; na <= 3; na++)
            for (unsigned nd = 1; nd <= 3; nd++)
              {
                unsigned xa = ac < na ? (unsigned) ac : na;
                unsigned xd = st ? nd : dc < nd ? (unsigned) dc : nd;
                ck_assert_uint_eq (ro_rules_eight_sided (&r, 0, na), xa);
                ck_assert_uint_eq (ro_rules_eight_sided (&r, 1, nd), xd);
                ro_round_t round;
                ro_round_init (&round);
                ck_assert_int_eq (ro_round_count (&round, &r, na, nd),
                                  RO_OK);
                unsigned long loss[RO_DICE_MAX + 1], total;
                mixed_brute (loss, &total, na, xa, nd, xd, bonus, ties);
                ck_assert (mpz_cmp_ui (round.total, total) == 0);
                for (unsigned k = 0; k <= (na < nd ? na : nd); k++)
                  ck_assert_msg (mpz_cmp_ui (round.count[k], loss[k]) == 0,
                                 "ac %lu dc %lu st %d %u v %u loss %u",
                                 ac, dc, st, na, nd, k);
                ro_round_clear (&round);
              }
        }
}
END_TEST

/* What the rules refuse of mixed dice: other sides, the clamp, a
   defender policy over d8 and d6 mixed; and what they take.  */
START_TEST (test_mixed_refused)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.attack_commanders = 1;
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
  ck_assert (!ro_rules_is_standard (&r));
  r.attack_sides = 8;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  r.attack_sides = 6;
  r.clamp = 1;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  r.clamp = 0;
  r.defender = RO_DEFENDER_OPTIMAL;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  /* Commanders for every die: no mix, the policies apply.  */
  r.attack_commanders = 3;
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
  ro_rules_init (&r);
  r.defend_station = 1;
  r.defend_sides = 10;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  r.defend_sides = 6;
  r.defend_station = 2;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  r.defend_station = 1;
  r.defender = RO_DEFENDER_WIERINGA;
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
}
END_TEST

Suite *
dice_suite (void)
{
  Suite *s = suite_create ("dice");
  TCase *tc;

  tc = test_tcase_create ("seed");
  tcase_add_loop_test (tc, test_seed_table, 0, (int) N_SEED_ROUNDS);
  tcase_add_loop_test (tc, test_brute_force_reproduces_seed, 0,
                       (int) N_SEED_ROUNDS);
  tcase_add_test (tc, test_reuse);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("brute_force");
  tcase_add_test (tc, test_d6_all_small);
  tcase_add_loop_test (tc, test_d6_bonus_small, 0, 2);
  tcase_add_test (tc, test_random_small_sides);
  tcase_add_test (tc, test_random_wide);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("mixed");
  tcase_add_test (tc, test_mixed_example);
  tcase_add_loop_test (tc, test_mixed_all_small, 0, 4);
  tcase_add_test (tc, test_mixed_refused);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("one_comparison");
  tcase_add_loop_test (tc, test_closed_form_reference, 0,
                       (int) N_CLOSED_FORM_BONUS);
  tcase_add_loop_test (tc, test_one_vs_one_all_sides, 0, 2);
  tcase_add_test (tc, test_one_comparison_random);
  tcase_add_test (tc, test_one_comparison_extremes);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("role_swap");
  tcase_add_test (tc, test_role_swap);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("bonus");
  tcase_add_loop_test (tc, test_georgiou, 0, GEORGIOU_LINES);
  tcase_add_test (tc, test_equal_bonuses);
  tcase_add_test (tc, test_bonus_counts_add_up);
  tcase_add_test (tc, test_bonus_monotone);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("variants");
  tcase_add_test (tc, test_legacy_published);
  tcase_add_loop_test (tc, test_variant_exhaustive, 0, 2);
  tcase_add_test (tc, test_variant_random);
  tcase_add_test (tc, test_variant_fields);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("errors");
  tcase_add_test (tc, test_errors_dice);
  tcase_add_test (tc, test_errors_rules);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_dice", dice_suite);
}
