/* check_rolls.c -- tests of the attack roll classes a defender tells
   apart, his answers to them and Wieringa's rules */

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

/* C(N, K) for small arguments (every intermediate product fits).  */
static unsigned long
binom (unsigned n, unsigned k)
{
  unsigned long c = 1;

  for (unsigned i = 1; i <= k; i++)
    c = c * (n - k + i) / i;
  return c;
}

/* Up to 5 dice as text, "6 4 1".  */
static const char *
dice_str (char *buf, size_t size, const unsigned *v, unsigned n)
{
  size_t len = 0;

  buf[0] = '\0';
  for (unsigned i = 0; i < n && len < size; i++)
    len += (size_t) snprintf (buf + len, size - len, i ? " %u" : "%u", v[i]);
  return buf;
}

/* ------------------------------------------------------------------ */
/* ro_rolls                                                           */
/* ------------------------------------------------------------------ */

/* The first K of V (values 1 .. S) as one number, base S + 1.  */
static unsigned long
top_code (const unsigned *v, unsigned k, unsigned s)
{
  unsigned long c = 0;

  for (unsigned i = 0; i < k; i++)
    c = c * (s + 1) + v[i];
  return c;
}

/* Every class of ro_rolls (NA, ND) against every ordered roll of NA
   dice: their number, order, dice and weights.  */
static void
check_classes (const ro_rules_t *r, unsigned na, unsigned nd)
{
  const unsigned s = r->attack_sides, shown = test_min_u (na, nd);
  unsigned long cells = test_pow_ul (s + 1, shown), total = 0, sum = 0;
  unsigned long *hits;
  unsigned dice[RO_DICE_MAX], v[RO_DICE_MAX];
  size_t distinct = 0;
  char what[200], b1[40], b2[40];
  ro_rolls_t rolls;
  int rc;

  test_describe_rules (what, sizeof what, r);
  ro_rolls_init (&rolls);
  rc = ro_rolls (&rolls, r, na, nd);
  if (binom (s + shown - 1, shown) > RO_ROLLS_MAX)
    {
      ck_assert_msg (rc == RO_ERANGE, "%s, %u v %u: %lu classes, yet "
                     "ro_rolls gave %d", what, na, nd,
                     binom (s + shown - 1, shown), rc);
      ro_rolls_clear (&rolls);
      return;
    }
  ck_assert_msg (rc == RO_OK, "%s, %u v %u: ro_rolls gave %d", what, na, nd,
                 rc);
  ck_assert_msg (rolls.attack_dice == na && rolls.defend_dice == nd
                 && rolls.shown == shown, "%s, %u v %u: fields %u %u %u",
                 what, na, nd, rolls.attack_dice, rolls.defend_dice,
                 rolls.shown);

  /* The brute force: every ordered roll, counted under its top.  */
  hits = calloc (cells, sizeof *hits);
  ck_assert_ptr_nonnull (hits);
  test_first_roll (dice, na);
  do
    {
      test_sort_desc (v, dice, na);
      hits[top_code (v, shown, s)]++;
      total++;
    }
  while (test_next_roll (dice, na, s));
  for (unsigned long c = 0; c < cells; c++)
    distinct += hits[c] != 0;

  /* As many classes as multisets of SHOWN values, and as tops seen.  */
  ck_assert_msg (rolls.n == binom (s + shown - 1, shown)
                 && rolls.n == distinct,
                 "%s, %u v %u: %zu classes, C(%u, %u) = %lu, %zu tops seen",
                 what, na, nd, rolls.n, s + shown - 1, shown,
                 binom (s + shown - 1, shown), distinct);
  for (size_t i = 0; i < rolls.n; i++)
    {
      const unsigned char *t = rolls.top + i * shown;
      unsigned long code;

      for (unsigned k = 0; k < shown; k++)
        {
          v[k] = t[k];
          test_require_msg (v[k] >= 1 && v[k] <= s
                            && (k == 0 || v[k] <= v[k - 1]),
                            "%s, %u v %u: class %zu is %s", what, na, nd, i,
                            dice_str (b1, sizeof b1, v, k + 1));
        }
      /* Strictly descending lexicographically.  */
      if (i > 0)
        {
          const unsigned char *p = rolls.top + (i - 1) * shown;
          test_require_msg (memcmp (p, t, shown) > 0, "%s, %u v %u: "
                            "class %zu (%s) not after class %zu", what, na,
                            nd, i, dice_str (b1, sizeof b1, v, shown),
                            i - 1);
        }
      code = top_code (v, shown, s);
      test_require_msg (rolls.weight[i] == hits[code], "%s, %u v %u: "
                        "class %zu (%s) weighs %lu, %lu rolls have it", what,
                        na, nd, i, dice_str (b2, sizeof b2, v, shown),
                        rolls.weight[i], hits[code]);
      hits[code] = 0;           /* a second class with these dice fails */
      sum += rolls.weight[i];
    }
  ck_assert_msg (sum == total && total == test_pow_ul (s, na), "%s, %u v "
                 "%u: weights sum to %lu of %lu", what, na, nd, sum, total);
  /* The first class is all S, the last all ones.  */
  ck_assert (rolls.top[0] == s && rolls.top[shown - 1] == s);
  ck_assert (rolls.top[(rolls.n - 1) * shown] == 1);
  free (hits);
  ro_rolls_clear (&rolls);
}

/* Sides, and the most attack dice to brute-force with them.  */
static const struct
{
  unsigned sides, most_na;
} class_cases[] = {
  { 2, 5 }, { 3, 5 }, { 4, 5 }, { 6, 5 }, { 7, 4 }, { 10, 5 }, { 17, 4 },
  { 100, 3 }
};
#define N_CLASS_CASES (sizeof class_cases / sizeof class_cases[0])

START_TEST (test_rolls_classes)
{
  ro_rules_t r;

  ro_rules_init (&r);
  r.attack_sides = class_cases[_i].sides;
  /* The defender's dice and the other parameters do not matter.  */
  r.defend_sides = 3;
  r.attack_bonus = 2;
  r.attack_dice = class_cases[_i].most_na;
  r.defend_dice = RO_DICE_MAX;
  for (unsigned na = 1; na <= r.attack_dice; na++)
    for (unsigned nd = 1; nd <= r.defend_dice; nd++)
      check_classes (&r, na, nd);
}
END_TEST

/* The example of the manual: d6, 3 v 2 dice, 21 classes from 6 6 down
   to 1 1, counted by hand.  */
START_TEST (test_rolls_standard)
{
  static const unsigned char first[][2] =
    { { 6, 6 }, { 6, 5 }, { 6, 4 }, { 6, 3 }, { 6, 2 }, { 6, 1 }, { 5, 5 } };
  /* 6 6 x: two sixes and one of 6 others (3 * 5) or three sixes (1);
     6 5 x: a six in one of 3 places, the other two dice 1..5 with a 5
     among them (25 - 16); 6 1 1: a six and two ones, 3 ways; 5 5 x:
     no six, at least two fives: 3 * 4 + 1.  */
  static const unsigned long weight[] = { 16, 27, 21, 15, 9, 3, 13 };
  ro_rules_t r;
  ro_rolls_t rolls;

  ro_rules_init (&r);
  ro_rolls_init (&rolls);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 2), RO_OK);
  ck_assert_uint_eq (rolls.n, 21);
  ck_assert_uint_eq (rolls.shown, 2);
  for (size_t i = 0; i < sizeof first / sizeof first[0]; i++)
    {
      ck_assert_msg (rolls.top[2 * i] == first[i][0]
                     && rolls.top[2 * i + 1] == first[i][1],
                     "class %zu is %u %u, not %u %u", i, rolls.top[2 * i],
                     rolls.top[2 * i + 1], first[i][0], first[i][1]);
      ck_assert_msg (rolls.weight[i] == weight[i], "class %u %u weighs %lu, "
                     "not %lu", first[i][0], first[i][1], rolls.weight[i],
                     weight[i]);
    }
  ck_assert (rolls.top[40] == 1 && rolls.top[41] == 1);
  ck_assert_uint_eq (rolls.weight[20], 1);      /* 1 1 1 */

  /* One defence die: only the highest die, 6 .. 1, 91 rolls with a 6
     (216 - 125) and one with none above 1.  */
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 1), RO_OK);
  ck_assert_uint_eq (rolls.n, 6);
  ck_assert_uint_eq (rolls.shown, 1);
  ck_assert_uint_eq (rolls.top[0], 6);
  ck_assert_uint_eq (rolls.weight[0], 91);
  ck_assert_uint_eq (rolls.weight[5], 1);

  /* One attack die against two: 6 classes of one roll each.  */
  ck_assert_int_eq (ro_rolls (&rolls, &r, 1, 2), RO_OK);
  ck_assert_uint_eq (rolls.n, 6);
  for (size_t i = 0; i < 6; i++)
    ck_assert (rolls.top[i] == 6 - i && rolls.weight[i] == 1);
  ro_rolls_clear (&rolls);
}
END_TEST

/* One object through several calls, a failed one among them.  */
START_TEST (test_rolls_reuse)
{
  ro_rules_t r;
  ro_rolls_t rolls;

  ro_rules_init (&r);
  ro_rolls_init (&rolls);
  ro_rolls_clear (&rolls);      /* clearing an empty object is fine */
  ro_rolls_init (&rolls);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 2), RO_OK);
  ck_assert_uint_eq (rolls.n, 21);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 2, 1), RO_OK);
  ck_assert_uint_eq (rolls.n, 6);
  ck_assert_uint_eq (rolls.weight[0], 11);      /* a 6 among 2 dice */
  r.attack_sides = 100;
  r.attack_dice = r.defend_dice = 5;
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 5), RO_ERANGE);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 2, 2), RO_OK);
  ck_assert_uint_eq (rolls.n, 5050);
  ck_assert_uint_eq (rolls.weight[0], 1);       /* 100 100 */
  ck_assert_uint_eq (rolls.weight[1], 2);       /* 100 99 */
  ro_rolls_clear (&rolls);
  ro_rolls_clear (&rolls);
}
END_TEST

START_TEST (test_rolls_errors)
{
  ro_rules_t r;
  ro_rolls_t rolls;
  unsigned long w = 0;

  ro_rules_init (&r);
  ro_rolls_init (&rolls);
  ck_assert_int_lt (ro_rolls (&rolls, &r, 0, 2), 0);
  ck_assert_int_lt (ro_rolls (&rolls, &r, 4, 2), 0);
  ck_assert_int_lt (ro_rolls (&rolls, &r, 3, 0), 0);
  ck_assert_int_lt (ro_rolls (&rolls, &r, 3, 3), 0);
  r.attack_sides = 1;
  ck_assert_int_lt (ro_rolls (&rolls, &r, 1, 1), 0);

  /* RO_ROLLS_MAX = 100000 classes: 83 sides show 3 dice in
     C(85, 3) = 98770, 84 sides in C(86, 3) = 102340.  */
  ro_rules_init (&r);
  r.attack_dice = r.defend_dice = 5;
  r.attack_sides = 83;
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 3), RO_OK);
  ck_assert_uint_eq (rolls.n, 98770);
  for (size_t i = 0; i < rolls.n; i++)
    w += rolls.weight[i];
  ck_assert_uint_eq (w, 83UL * 83 * 83);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 3), RO_OK);
  ck_assert_uint_eq (rolls.n, 98770);
  r.attack_sides = 84;
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 3), RO_ERANGE);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 4), RO_ERANGE);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 2), RO_OK);
  /* 100 sides, 5 v 5: C(104, 5) = 91962520.  */
  r.attack_sides = r.defend_sides = 100;
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 5), RO_ERANGE);
  ck_assert_int_eq (ro_rolls (&rolls, &r, 3, 3), RO_ERANGE);
  /* 5 dice against one: 100 classes, 100^5 rolls.  */
  ck_assert_int_eq (ro_rolls (&rolls, &r, 5, 1), RO_OK);
  ck_assert_uint_eq (rolls.n, 100);
  w = 0;
  for (size_t i = 0; i < rolls.n; i++)
    w += rolls.weight[i];
  ck_assert_uint_eq (w, 10000000000UL);
  ck_assert_uint_eq (rolls.weight[99], 1);
  ck_assert_uint_eq (rolls.weight[0], 10000000000UL - 9509900499UL);
  ro_rolls_clear (&rolls);
}
END_TEST

/* The classes of a rule set in all: every (NA, ND) pair.  */
START_TEST (test_rules_rolls)
{
  ro_rules_t r;

  ro_rules_init (&r);
  /* NA = 1: 6 + 6; 2: 6 + 21; 3: 6 + 21.  */
  ck_assert_uint_eq (ro_rules_rolls (&r), 66);
  r.defender = RO_DEFENDER_OPTIMAL;
  ck_assert_uint_eq (ro_rules_rolls (&r), 66);
  /* As rolled, 6 + 36 + 216 ordered rolls.  */
  r.defender = RO_DEFENDER_WIERINGA_ROLLED;
  ck_assert_uint_eq (ro_rules_rolls (&r), 258);
  ro_rules_init (&r);
  r.attack_sides = r.defend_sides = 100;
  /* 100 + 100, 100 + 5050, 100 + 5050.  */
  ck_assert_uint_eq (ro_rules_rolls (&r), 10500);
  r.attack_dice = r.defend_dice = 5;
  ck_assert_uint_eq (ro_rules_rolls (&r), RO_ROLLS_MAX + 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ro_rolls_answer                                                    */
/* ------------------------------------------------------------------ */

/* Every descending top of SHOWN dice with S sides, from brute force:
   the sorted dice of every ordered roll, each top once.  */
static void
check_answers (const ro_rules_t *r, unsigned na, unsigned nd)
{
  const unsigned sa = r->attack_sides, shown = test_min_u (na, nd);
  unsigned dice[RO_DICE_MAX], top[RO_DICE_MAX];
  char what[200], b[40];

  test_describe_rules (what, sizeof what, r);
  /* Each non-increasing tuple of SHOWN values is the sorted roll of
     SHOWN dice: walk them all and keep the sorted ones.  */
  test_first_roll (dice, shown);
  do
    {
      unsigned long want[RO_DICE_MAX + 1], got[RO_DICE_MAX + 1],
        sum = 0;
      unsigned char t[RO_DICE_MAX];
      int rc;

      test_sort_desc (top, dice, shown);
      if (memcmp (top, dice, shown * sizeof top[0]) != 0)
        continue;               /* each sorted tuple once */
      for (unsigned k = 0; k < shown; k++)
        t[k] = (unsigned char) top[k];
      test_defence_counts (want, r, na, top, nd);
      for (unsigned k = 0; k <= RO_DICE_MAX; k++)
        got[k] = 12345;
      rc = ro_rolls_answer (got, r, na, t, nd);
      test_require_msg (rc == RO_OK, "%s: ro_rolls_answer (%u, %s, %u) "
                        "gave %d", what, na,
                        dice_str (b, sizeof b, top, shown), nd, rc);
      for (unsigned k = 0; k <= shown; k++)
        {
          test_require_msg (got[k] == want[k], "%s, %u attack dice led by "
                            "%s v %u defence dice: %lu rolls cost the "
                            "attacker %u, brute force %lu", what, na,
                            dice_str (b, sizeof b, top, shown), nd, got[k],
                            k, want[k]);
          sum += got[k];
        }
      test_require_msg (sum == test_pow_ul (r->defend_sides, nd),
                        "%s: %lu rolls", what, sum);
    }
  while (test_next_roll (dice, shown, sa));
}

static const struct
{
  unsigned sa, sd, most;        /* most dice of each side to try */
  int ab, db, ties_to_attacker;
} answer_cases[] = {
  { 6, 6, 4, 0, 0, 0 },
  { 6, 6, 4, 0, 0, 1 },
  { 6, 6, 3, 1, 0, 0 },
  { 6, 6, 3, 0, 1, 0 },
  { 6, 6, 3, 1, 2, 1 },
  { 6, 6, 3, -2, 3, 0 },
  { 6, 6, 3, 6, 0, 0 },         /* the first comparison is his */
  { 6, 6, 3, 0, 5, 1 },         /* and the defender's */
  { 6, 6, 3, RO_BONUS_MAX, -RO_BONUS_MAX, 0 },
  { 8, 6, 3, 0, 0, 0 },
  { 4, 10, 3, 2, -1, 1 },
  { 10, 3, 4, -1, 0, 0 },
  { 2, 2, 5, 0, 0, 1 },
  { 3, 5, 4, 0, 1, 0 }
};
#define N_ANSWER_CASES (sizeof answer_cases / sizeof answer_cases[0])

START_TEST (test_rolls_answer)
{
  ro_rules_t r;

  ro_rules_init (&r);
  r.attack_sides = answer_cases[_i].sa;
  r.defend_sides = answer_cases[_i].sd;
  r.attack_dice = r.defend_dice = answer_cases[_i].most;
  r.attack_bonus = answer_cases[_i].ab;
  r.defend_bonus = answer_cases[_i].db;
  r.ties = answer_cases[_i].ties_to_attacker ? RO_TIES_ATTACKER
    : RO_TIES_DEFENDER;
  for (unsigned na = 1; na <= r.attack_dice; na++)
    for (unsigned nd = 1; nd <= r.defend_dice; nd++)
      check_answers (&r, na, nd);
}
END_TEST

/* Random rules and a random top each time.  */
START_TEST (test_rolls_answer_random)
{
  gmp_randstate_t st;

  test_rand_init (st, 60);
  for (unsigned long it = 0; it < 300 * test_scale; it++)
    {
      ro_rules_t r;
      unsigned na, nd, shown, dice[RO_DICE_MAX], top[RO_DICE_MAX];
      unsigned char t[RO_DICE_MAX];
      unsigned long want[RO_DICE_MAX + 1], got[RO_DICE_MAX + 1];
      char what[200], b[40];

      ro_rules_init (&r);
      r.attack_sides = test_rand_range (st, 2, 20);
      r.defend_sides = test_rand_range (st, 2, 8);
      r.attack_dice = test_rand_range (st, 1, RO_DICE_MAX);
      r.defend_dice = test_rand_range (st, 1, RO_DICE_MAX);
      r.attack_bonus = test_random_bonus (st);
      r.defend_bonus = test_random_bonus (st);
      r.ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
      na = test_rand_range (st, 1, r.attack_dice);
      nd = test_rand_range (st, 1, r.defend_dice);
      shown = test_min_u (na, nd);
      for (unsigned k = 0; k < shown; k++)
        dice[k] = test_rand_range (st, 1, r.attack_sides);
      test_sort_desc (top, dice, shown);
      for (unsigned k = 0; k < shown; k++)
        t[k] = (unsigned char) top[k];
      test_describe_rules (what, sizeof what, &r);
      test_defence_counts (want, &r, na, top, nd);
      ck_assert_msg (ro_rolls_answer (got, &r, na, t, nd) == RO_OK,
                     "seed %lu, iteration %lu: %s", test_seed, it, what);
      for (unsigned k = 0; k <= shown; k++)
        ck_assert_msg (got[k] == want[k], "seed %lu, iteration %lu: %s, %u "
                       "dice led by %s v %u dice: %lu rolls cost the "
                       "attacker %u, brute force %lu", test_seed, it, what,
                       na, dice_str (b, sizeof b, top, shown), nd, got[k], k,
                       want[k]);
    }
  gmp_randclear (st);
}
END_TEST

/* The classes and the answers together count every pair of rolls as
   ro_round_count does (which check_dice holds to brute force):
   sum over classes of weight * count[k] = round count[k].  */
START_TEST (test_rolls_round)
{
  static const struct
  {
    unsigned sa, sd, da, dd;
    int ab, db, ties;
  } cases[] = {
    { 6, 6, 3, 2, 0, 0, 0 },
    { 6, 6, 3, 3, 1, 0, 1 },
    { 8, 4, 4, 2, 0, 2, 0 },
    { 5, 7, 2, 4, -1, 1, 1 },
    { 20, 20, 5, 3, 0, 0, 0 }
  };
  ro_round_t round;
  ro_rolls_t rolls;
  mpz_t sum, t;

  ro_round_init (&round);
  ro_rolls_init (&rolls);
  mpz_inits (sum, t, (mpz_ptr) 0);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      ro_rules_t r;
      char what[200];

      ro_rules_init (&r);
      r.attack_sides = cases[c].sa;
      r.defend_sides = cases[c].sd;
      r.attack_dice = cases[c].da;
      r.defend_dice = cases[c].dd;
      r.attack_bonus = cases[c].ab;
      r.defend_bonus = cases[c].db;
      r.ties = cases[c].ties ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
      test_describe_rules (what, sizeof what, &r);
      for (unsigned na = 1; na <= r.attack_dice; na++)
        for (unsigned nd = 1; nd <= r.defend_dice; nd++)
          {
            unsigned m = test_min_u (na, nd);

            ck_assert_int_eq (ro_round_count (&round, &r, na, nd), RO_OK);
            ck_assert_int_eq (ro_rolls (&rolls, &r, na, nd), RO_OK);
            for (unsigned k = 0; k <= m; k++)
              {
                mpz_set_ui (sum, 0);
                for (size_t i = 0; i < rolls.n; i++)
                  {
                    unsigned long cnt[RO_DICE_MAX + 1];
                    test_require_msg (ro_rolls_answer (cnt, &r, na,
                                                       rolls.top + i * m, nd)
                                      == RO_OK, "%s: ro_rolls_answer", what);
                    mpz_set_ui (t, rolls.weight[i]);
                    mpz_mul_ui (t, t, cnt[k]);
                    mpz_add (sum, sum, t);
                  }
                ck_assert_msg (mpz_cmp (sum, round.count[k]) == 0,
                               "%s, %u v %u: the classes count %s rolls "
                               "costing the attacker %u, ro_round_count %s",
                               what, na, nd, mpz_get_str (NULL, 10, sum), k,
                               mpz_get_str (NULL, 10, round.count[k]));
              }
          }
    }
  mpz_clears (sum, t, (mpz_ptr) 0);
  ro_rolls_clear (&rolls);
  ro_round_clear (&round);
}
END_TEST

/* ------------------------------------------------------------------ */
/* ro_wieringa_dice                                                   */
/* ------------------------------------------------------------------ */

/* By hand from Wieringa's rules (seed 001), evaluated in order: (1) one
   army: one die; (2) one attack die: the most; (3) the attacker's
   second-highest die above half the defender's sides: one die; (4) the
   most.  */
static const struct
{
  unsigned sa, sd, dd;          /* sides, the most defence dice */
  unsigned na;
  unsigned char top[3];
  unsigned long d;
  unsigned want;
  const char *why;
} wieringa_cases[] = {
  { 6, 6, 2, 3, { 6, 4, 0 }, 5, 1, "(3): 4 > 3" },
  { 6, 6, 2, 3, { 6, 3, 0 }, 5, 2, "(4): 3 is not above 3" },
  { 6, 6, 2, 3, { 4, 4, 0 }, 5, 1, "(3)" },
  { 6, 6, 2, 2, { 5, 3, 0 }, 2, 2, "(4)" },
  { 6, 6, 2, 2, { 1, 1, 0 }, 100, 2, "(4)" },
  { 6, 6, 2, 2, { 6, 6, 0 }, 1000000, 1, "(3)" },
  { 6, 6, 2, 1, { 6, 0, 0 }, 5, 2, "(2)" },
  { 6, 6, 2, 1, { 1, 0, 0 }, 2, 2, "(2)" },
  { 6, 6, 2, 3, { 6, 6, 0 }, 1, 1, "(1)" },
  { 6, 6, 2, 3, { 1, 1, 0 }, 1, 1, "(1)" },
  { 6, 6, 2, 1, { 6, 0, 0 }, 1, 1, "(1) before (2)" },
  { 6, 6, 3, 3, { 6, 3, 3 }, 5, 3, "(4): the most is 3" },
  { 6, 6, 3, 3, { 6, 4, 1 }, 5, 1, "(3)" },
  { 6, 6, 3, 3, { 5, 2, 1 }, 2, 2, "(4), 2 armies" },
  { 6, 6, 3, 1, { 6, 0, 0 }, 3, 3, "(2)" },
  { 6, 6, 3, 1, { 6, 0, 0 }, 2, 2, "(2), 2 armies" },
  { 6, 6, 3, 2, { 3, 3, 0 }, 7, 3, "(4)" },
  { 6, 6, 1, 3, { 1, 1, 0 }, 9, 1, "one die allowed" },
  { 10, 8, 2, 3, { 9, 5, 0 }, 4, 1, "(3): 10 > 8" },
  { 10, 8, 2, 3, { 9, 4, 0 }, 4, 2, "(4): 8 is not above 8" },
  { 10, 8, 2, 2, { 10, 10, 0 }, 4, 1, "(3)" },
  { 5, 5, 2, 2, { 5, 3, 0 }, 4, 1, "(3): 6 > 5" },
  { 5, 5, 2, 2, { 5, 2, 0 }, 4, 2, "(4): 4 < 5" },
  { 2, 2, 2, 2, { 2, 2, 0 }, 4, 1, "(3): 4 > 2" },
  { 2, 2, 2, 2, { 2, 1, 0 }, 4, 2, "(4): 2 is not above 2" },
  { 4, 6, 2, 2, { 4, 4, 0 }, 9, 1, "(3): the defender's sides count" },
  { 4, 6, 2, 2, { 4, 3, 0 }, 9, 2, "(4)" },
  { 8, 4, 2, 3, { 8, 3, 0 }, 9, 1, "(3): 6 > 4" },
  { 8, 4, 2, 3, { 8, 2, 0 }, 9, 2, "(4): 4 is not above 4" }
};
#define N_WIERINGA_CASES (sizeof wieringa_cases / sizeof wieringa_cases[0])

START_TEST (test_wieringa_dice)
{
  ro_rules_t r;
  unsigned got;

  for (int variant = 0; variant < 3; variant++)
    {
      ro_rules_init (&r);
      r.attack_sides = wieringa_cases[_i].sa;
      r.defend_sides = wieringa_cases[_i].sd;
      r.attack_dice = 3;
      r.defend_dice = wieringa_cases[_i].dd;
      /* Bonuses, ties and the count do not enter his rules.  */
      if (variant == 1)
        {
          r.attack_bonus = 5;
          r.defend_bonus = -2;
          r.ties = RO_TIES_ATTACKER;
        }
      if (variant == 2)
        {
          r.count = RO_COUNT_ATTACKERS;
          r.defender = RO_DEFENDER_WIERINGA;
        }
      got = ro_wieringa_dice (&r, wieringa_cases[_i].na,
                              wieringa_cases[_i].top, wieringa_cases[_i].d);
      ck_assert_msg (got == wieringa_cases[_i].want,
                     "d%u v d%u, up to %u defence dice, %u attack dice "
                     "led by %u %u, %lu defenders (variant %d): %u dice, "
                     "rule %s gives %u", r.attack_sides, r.defend_sides,
                     r.defend_dice, wieringa_cases[_i].na,
                     wieringa_cases[_i].top[0], wieringa_cases[_i].top[1],
                     wieringa_cases[_i].d, variant, got,
                     wieringa_cases[_i].why, wieringa_cases[_i].want);
    }
}
END_TEST

/* Every top of every rule set below, against the rules written out.  */
START_TEST (test_wieringa_all)
{
  static const unsigned sides[][2] = { { 6, 6 }, { 6, 4 }, { 3, 7 },
                                       { 10, 10 }, { 2, 3 } };
  ro_rules_t r;

  for (size_t c = 0; c < sizeof sides / sizeof sides[0]; c++)
    for (unsigned dd = 1; dd <= 3; dd++)
      {
        ro_rules_init (&r);
        r.attack_sides = sides[c][0];
        r.defend_sides = sides[c][1];
        r.attack_dice = 3;
        r.defend_dice = dd;
        for (unsigned na = 1; na <= 3; na++)
          for (unsigned a1 = 1; a1 <= r.attack_sides; a1++)
            for (unsigned a2 = 1; a2 <= (na > 1 ? a1 : 1); a2++)
              for (unsigned long d = 1; d <= 5; d++)
                {
                  unsigned char top[3] = { (unsigned char) a1,
                    (unsigned char) a2, 1 };
                  unsigned most = d < dd ? (unsigned) d : dd, want;

                  if (most == 1)
                    want = 1;
                  else if (na == 1)
                    want = most;
                  else if (2 * a2 > r.defend_sides)
                    want = 1;
                  else
                    want = most;
                  test_require_msg (ro_wieringa_dice (&r, na, top, d) == want,
                                    "d%u v d%u, %u defence dice, %u attack "
                                    "dice led by %u %u, %lu defenders: %u, "
                                    "not %u", r.attack_sides, r.defend_sides,
                                    dd, na, a1, a2, d,
                                    ro_wieringa_dice (&r, na, top, d), want);
                }
      }
}
END_TEST

Suite *
rolls_suite (void)
{
  Suite *s = suite_create ("rolls");
  TCase *tc;

  tc = test_tcase_create ("classes");
  tcase_add_loop_test (tc, test_rolls_classes, 0, (int) N_CLASS_CASES);
  tcase_add_test (tc, test_rolls_standard);
  tcase_add_test (tc, test_rolls_reuse);
  tcase_add_test (tc, test_rolls_errors);
  tcase_add_test (tc, test_rules_rolls);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("answer");
  tcase_add_loop_test (tc, test_rolls_answer, 0, (int) N_ANSWER_CASES);
  tcase_add_test (tc, test_rolls_answer_random);
  tcase_add_test (tc, test_rolls_round);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("wieringa");
  tcase_add_loop_test (tc, test_wieringa_dice, 0, (int) N_WIERINGA_CASES);
  tcase_add_test (tc, test_wieringa_all);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_rolls", rolls_suite);
}
