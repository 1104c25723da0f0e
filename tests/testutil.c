/* testutil.c -- what the Check suites share: seed, random numbers, main */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

unsigned long test_seed = TEST_DEFAULT_SEED;
unsigned long test_scale = 1;

/* The environment variable NAME as a number, or DFLT when it is unset,
   empty or not a number.  */
static unsigned long
env_ulong (const char *name, unsigned long dflt)
{
  const char *s = getenv (name);
  char *end;
  unsigned long v;

  if (s == NULL || *s == '\0')
    return dflt;
  v = strtoul (s, &end, 0);
  return *end == '\0' ? v : dflt;
}

void
test_rand_init (gmp_randstate_t st, unsigned long salt)
{
  gmp_randinit_default (st);
  gmp_randseed_ui (st, test_seed * 1000003UL + salt);
}

unsigned long
test_rand_range (gmp_randstate_t st, unsigned long lo, unsigned long hi)
{
  return lo + gmp_urandomm_ui (st, hi - lo + 1);
}

TCase *
test_tcase_create (const char *name)
{
  TCase *tc = tcase_create (name);

  tcase_set_timeout (tc, 60.0 * (double) test_scale);
  return tc;
}

int
test_main (const char *name, Suite *(*make_suite) (void))
{
  SRunner *sr;
  int failed;

  test_seed = env_ulong ("RO_TEST_SEED", TEST_DEFAULT_SEED);
  test_scale = env_ulong ("RO_TEST_SCALE", 1);
  if (test_scale == 0)
    test_scale = 1;
  printf ("%s: RO_TEST_SEED=%lu RO_TEST_SCALE=%lu\n", name, test_seed,
          test_scale);
  fflush (stdout);

  sr = srunner_create (make_suite ());
  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}

int
test_random_bonus (gmp_randstate_t st)
{
  unsigned long kind = test_rand_range (st, 0, 8);

  if (kind < 3)
    return 0;
  if (kind < 8)
    return (int) test_rand_range (st, 0, 6) - 3;
  return (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX) - RO_BONUS_MAX;
}

long
test_round_e4 (const mpq_t q)
{
  mpz_t t;
  mpz_init (t);
  /* floor ((2 * 10^4 num + den) / (2 den)), for either sign.  */
  mpz_mul_ui (t, mpq_numref (q), 20000);
  mpz_add (t, t, mpq_denref (q));
  mpz_fdiv_q (t, t, mpq_denref (q));
  mpz_fdiv_q_2exp (t, t, 1);
  long r = mpz_get_si (t);
  mpz_clear (t);
  return r;
}

void
test_round_probs (mpq_t prob[6][6][6], const ro_rules_t *rules)
{
  ro_round_t r;
  ro_round_init (&r);
  for (unsigned na = 0; na < 6; na++)
    for (unsigned nd = 0; nd < 6; nd++)
      for (unsigned k = 0; k < 6; k++)
        mpq_init (prob[na][nd][k]);
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        ck_assert_int_eq (ro_round_count (&r, rules, na, nd), RO_OK);
        for (unsigned k = 0; k <= r.comparisons; k++)
          {
            mpz_set (mpq_numref (prob[na][nd][k]), r.count[k]);
            mpz_set (mpq_denref (prob[na][nd][k]), r.total);
            mpq_canonicalize (prob[na][nd][k]);
          }
      }
  ro_round_clear (&r);
}

void
test_round_probs_clear (mpq_t prob[6][6][6])
{
  for (unsigned na = 0; na < 6; na++)
    for (unsigned nd = 0; nd < 6; nd++)
      for (unsigned k = 0; k < 6; k++)
        mpq_clear (prob[na][nd][k]);
}
