/* check_dice.c -- tests of the exact outcome counts of one round of dice */

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

/* The brute force below visits every ordered roll; keep it this small.  */
#define BRUTE_MAX_ROLLS 2000000UL

static unsigned
min_u (unsigned a, unsigned b)
{
  return a < b ? a : b;
}

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

/* The reference: visit every one of the SA^NA * SD^ND ordered rolls, sort
   each side descending and compare the i-th highest dice; COUNT[k] is the
   number of rolls in which the attacker loses k armies.  Deliberately
   naive: an odometer over all the dice.  */
static void
brute_force (unsigned long count[RO_DICE_MAX + 1], unsigned long *total,
             unsigned sa, unsigned sd, unsigned na, unsigned nd,
             int ties_to_attacker)
{
  unsigned dice[2 * RO_DICE_MAX];       /* attacker's, then defender's */
  unsigned att[RO_DICE_MAX], def[RO_DICE_MAX];
  unsigned n = na + nd, m = min_u (na, nd), i;

  for (i = 0; i <= RO_DICE_MAX; i++)
    count[i] = 0;
  *total = 0;
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
          int attacker_wins = att[i] > def[i]
            || (ties_to_attacker && att[i] == def[i]);
          if (!attacker_wins)
            lost++;
        }
      count[lost]++;
      (*total)++;

      for (i = 0; i < n; i++)
        {
          if (++dice[i] <= (i < na ? sa : sd))
            break;
          dice[i] = 1;
        }
      if (i == n)
        break;
    }
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
  unsigned m = min_u (na, nd), k;
  char what[160];
  mpz_t sum, pw;

  snprintf (what, sizeof what, "d%u x%u vs d%u x%u, ties to %s",
            r->attack_sides, na, r->defend_sides, nd,
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
               r->ties == RO_TIES_ATTACKER);
  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init_set_ui (count[k], bc[k]);
  mpz_init_set_ui (total, bt);

  ret = ro_round_count (round, r, na, nd);
  ck_assert_msg (ret == RO_OK, "d%u x%u vs d%u x%u: ro_round_count gave %d",
                 r->attack_sides, na, r->defend_sides, nd, ret);
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

  brute_force (bc, &bt, 6, 6, c->na, c->nd, c->ties_to_attacker);
  ck_assert_uint_eq (bt, c->total);
  for (k = 0; k <= min_u (c->na, c->nd); k++)
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

/* ------------------------------------------------------------------ */
/* Random rule sets against the brute force                           */
/* ------------------------------------------------------------------ */

/* Draw sides in [2, MAX_SIDES] and dice in [1, MAX_DICE] per side until
   the round is small enough for the brute force.  */
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

/* When min(NA, ND) = 1 only the highest dice meet.  The attacker's
   highest is x in (x^NA - (x-1)^NA) rolls, and the defender's highest is
   below x (ties to the defender), or at most x (ties to the attacker), in
   min(x - 1 + tie, SD)^ND rolls; sum over x.  WIN = attacker wins.  */
static void
one_comparison (mpz_t win, mpz_t total, unsigned sa, unsigned sd,
                unsigned na, unsigned nd, int ties_to_attacker)
{
  mpz_t t, u;
  unsigned x;

  mpz_init (t);
  mpz_init (u);
  mpz_set_ui (win, 0);
  for (x = 1; x <= sa; x++)
    {
      unsigned below = x - 1 + (ties_to_attacker ? 1 : 0);

      mpz_ui_pow_ui (t, x, na);
      mpz_ui_pow_ui (u, x - 1, na);
      mpz_sub (t, t, u);
      mpz_ui_pow_ui (u, below < sd ? below : sd, nd);
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
                      unsigned na, unsigned nd, int ties)
{
  mpz_t count[RO_DICE_MAX + 1], total;
  ro_rules_t r;
  unsigned k;
  int ret;

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (count[k]);
  mpz_init (total);
  one_comparison (count[0], total, sa, sd, na, nd, ties);
  mpz_sub (count[1], total, count[0]);

  rules_make (&r, sa, sd, RO_DICE_MAX, RO_DICE_MAX, ties);
  ret = ro_round_count (round, &r, na, nd);
  ck_assert_msg (ret == RO_OK, "d%u x%u vs d%u x%u: ro_round_count gave %d",
                 sa, na, sd, nd, ret);
  check_round (round, &r, na, nd, (const mpz_t *) count, total);

  for (k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (count[k]);
  mpz_clear (total);
}

/* The closed form agrees with the brute force where both can run.  */
START_TEST (test_closed_form_reference)
{
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
                brute_force (bc, &bt, sa, sd, na, nd, ties);
                one_comparison (win, total, sa, sd, na, nd, ties);
                ck_assert (mpz_cmp_ui (win, bc[0]) == 0);
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
      check_one_comparison (&round, sa, sd, 1, 1, ties);
  ro_round_clear (&round);
}
END_TEST

/* Many dice against one, and one against many, up to 100 sides.  */
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

      if (test_rand_range (st, 0, 1))
        check_one_comparison (&round, sa, sd, many, 1, ties);
      else
        check_one_comparison (&round, sa, sd, 1, many, ties);
    }
  ro_round_clear (&round);
  gmp_randclear (st);
}
END_TEST

/* The extreme sizes: 5 dice of 100 sides on each side.  */
START_TEST (test_one_comparison_extremes)
{
  ro_round_t round;
  unsigned n;
  int ties;

  ro_round_init (&round);
  for (ties = 0; ties <= 1; ties++)
    for (n = 1; n <= RO_DICE_MAX; n++)
      {
        check_one_comparison (&round, 100, 100, n, 1, ties);
        check_one_comparison (&round, 100, 100, 1, n, ties);
        check_one_comparison (&round, 2, 100, n, 1, ties);
        check_one_comparison (&round, 100, 2, 1, n, ties);
      }
  ro_round_clear (&round);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Role swap, any size                                                */
/* ------------------------------------------------------------------ */

/* With ties to the attacker, dSA x NA against dSD x ND is, seen from the
   other side, dSD x ND against dSA x NA with ties to the defender: the
   attacker loses k in the first exactly when the "attacker" of the
   second loses m - k.  No reference needed, so any size can be tried.  */
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
      unsigned m = min_u (na, nd), k;
      ro_rules_t r1, r2;
      mpz_t sum;

      if (it % 4 == 0)
        {
          /* small dice too, where ties are frequent */
          sa = test_rand_range (st, 2, 6);
          sd = test_rand_range (st, 2, 6);
        }
      rules_make (&r1, sa, sd, RO_DICE_MAX, RO_DICE_MAX, 1);
      rules_make (&r2, sd, sa, RO_DICE_MAX, RO_DICE_MAX, 0);
      ck_assert_int_eq (ro_round_count (&x, &r1, na, nd), RO_OK);
      ck_assert_int_eq (ro_round_count (&y, &r2, nd, na), RO_OK);
      ck_assert_uint_eq (x.comparisons, m);
      ck_assert_uint_eq (y.comparisons, m);
      ck_assert (mpz_cmp (x.total, y.total) == 0);
      mpz_init_set_ui (sum, 0);
      for (k = 0; k <= m; k++)
        {
          ck_assert_msg (mpz_cmp (x.count[k], y.count[m - k]) == 0,
                         "d%u x%u vs d%u x%u: ties to the attacker, count[%u]"
                         " differs from the swapped count[%u]",
                         sa, na, sd, nd, k, m - k);
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
  REFUSED (attack_bonus, 1, 1, 1);
  REFUSED (defend_bonus, 1, 1, 1);
  REFUSED (attack_bonus, -1, 3, 2);
#undef REFUSED

  ro_round_clear (&round);
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
  tcase_add_test (tc, test_random_small_sides);
  tcase_add_test (tc, test_random_wide);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("one_comparison");
  tcase_add_test (tc, test_closed_form_reference);
  tcase_add_loop_test (tc, test_one_vs_one_all_sides, 0, 2);
  tcase_add_test (tc, test_one_comparison_random);
  tcase_add_test (tc, test_one_comparison_extremes);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("role_swap");
  tcase_add_test (tc, test_role_swap);
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
