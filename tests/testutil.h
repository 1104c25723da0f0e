/* testutil.h -- what the Check suites share: seed, random numbers, main,
   rolls of dice and messages */

#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"

/* Randomized tests draw from a fixed seed, printed by test_main, that
   RO_TEST_SEED may change; RO_TEST_SCALE multiplies their iterations
   and the timeouts of test_tcase_create.  */
#define TEST_DEFAULT_SEED 20171120UL

extern unsigned long test_seed;
extern unsigned long test_scale;

/* Seed ST for one test: a generator of its own for each test, so that a
   test draws the same numbers whatever ran before it (and with or without
   CK_FORK).  SALT tells the tests apart; clear ST with gmp_randclear.  */
void test_rand_init (gmp_randstate_t st, unsigned long salt);

/* A uniform integer in [LO, HI].  */
unsigned long test_rand_range (gmp_randstate_t st, unsigned long lo,
                               unsigned long hi);

/* A random bonus: 0 a third of the time, mostly a small one (-3..3),
   sometimes one anywhere in the allowed range, which may decide the first
   comparison whatever the dice.  */
int test_random_bonus (gmp_randstate_t st);

/* A test case named NAME whose tests may each run for 60 seconds times
   RO_TEST_SCALE.  */
TCase *test_tcase_create (const char *name);

/* The whole of a suite's main: read RO_TEST_SEED and RO_TEST_SCALE, print
   them after NAME, run the suite that MAKE_SUITE builds (after the
   environment is read, so that it can scale its timeouts) and return the
   exit status, 0 when every test passed.  */
int test_main (const char *name, Suite *(*make_suite) (void));

/* Q rounded half up to 4 decimal places, in units of 1e-4 (Georgiou
   prints his values and percentages so), computed on integers.  */
long test_round_e4 (const mpq_t q);

/* PROB[na][nd][k] = P(the attacker loses k armies in a round of NA
   against ND dice) under RULES, from ro_round_count (which check_dice
   tests against every roll); zero where the rules roll no such round.
   Initialises PROB; clear it with test_round_probs_clear.  */
void test_round_probs (mpq_t prob[6][6][6], const ro_rules_t *rules);
void test_round_probs_clear (mpq_t prob[6][6][6]);

/* ck_abort_msg when COND fails, and nothing while it holds: ck_assert_msg
   records where every assertion that holds was made (a write to Check's
   pipe), which loops over millions of rolls cannot afford.  */
#define test_require_msg(cond, ...)             \
  do                                            \
    {                                           \
      if (!(cond))                              \
        ck_abort_msg (__VA_ARGS__);             \
    }                                           \
  while (0)

/* The smaller of A and B.  */
unsigned test_min_u (unsigned a, unsigned b);

/* B^E, for arguments small enough that it fits.  */
unsigned long test_pow_ul (unsigned long b, unsigned e);

/* Q is canonical: positive denominator, no common factor.  */
int test_is_canonical (const mpq_t q);

/* "territory" or "attackers", for messages.  */
const char *test_count_name (ro_count_t c);

/* The defender's policy as --defender names it ("wieringa-rolled").  */
const char *test_defender_name (ro_defender_t p);

/* The attacker's policy as --attacker names it ("max", "optimal").  */
const char *test_attacker_name (ro_attacker_t p);

/* BUF = RULES in words, for messages; the policies only where not max.  */
void test_describe_rules (char *buf, size_t size, const ro_rules_t *rules);

/* DICE = the first of the S^N ordered rolls of N dice: all ones.  */
void test_first_roll (unsigned *dice, unsigned n);

/* DICE = the next roll of N S-sided dice (an odometer); 0 after the last.  */
int test_next_roll (unsigned *dice, unsigned n, unsigned s);

/* V = DICE (N of them) sorted, highest first.  */
void test_sort_desc (unsigned *v, const unsigned *dice, unsigned n);

/* COUNT[k] = the ordered rolls of ND defence dice that cost the attacker,
   whose NA dice sorted begin TOP, k armies; returns defend_sides^ND.  A
   brute force from the rules alone (no library call): each roll sorted
   and compared die by die, the bonuses on the first comparison only.  */
unsigned long test_defence_counts (unsigned long count[RO_DICE_MAX + 1],
                                   const ro_rules_t *rules, unsigned na,
                                   const unsigned *top, unsigned nd);

#endif /* TESTUTIL_H */
