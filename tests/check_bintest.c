/* check_bintest.c -- tests of the exact binomial test (bintest.c) */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpfr.h>

#include "riskodds.h"
#include "testutil.h"

/* The reference p-value: the plain sum of the binomial terms
   C(N, j) p^j (1-p)^(N-j) as fractions, twice the smaller tail, at most
   1 -- no logarithm, no recurrence, no rounding.  */
static void
reference_pvalue (mpq_t pv, const mpq_t p, unsigned long n, unsigned long k)
{
  mpq_t q, lo, hi, term, pj, qj;
  mpz_t c;
  mpq_inits (q, lo, hi, term, pj, qj, (mpq_ptr) 0);
  mpz_init (c);
  mpq_set_ui (q, 1, 1);
  mpq_sub (q, q, p);
  for (unsigned long j = 0; j <= n; j++)
    {
      mpz_bin_uiui (c, n, j);
      mpz_pow_ui (mpq_numref (pj), mpq_numref (p), j);
      mpz_pow_ui (mpq_denref (pj), mpq_denref (p), j);
      mpz_pow_ui (mpq_numref (qj), mpq_numref (q), n - j);
      mpz_pow_ui (mpq_denref (qj), mpq_denref (q), n - j);
      mpq_canonicalize (pj);
      mpq_canonicalize (qj);
      mpq_mul (term, pj, qj);
      mpz_mul (mpq_numref (term), mpq_numref (term), c);
      mpq_canonicalize (term);
      if (j <= k)
        mpq_add (lo, lo, term);
      if (j >= k)
        mpq_add (hi, hi, term);
    }
  mpq_set (pv, mpq_cmp (lo, hi) < 0 ? lo : hi);
  mpz_mul_2exp (mpq_numref (pv), mpq_numref (pv), 1);
  mpq_canonicalize (pv);
  if (mpq_cmp_ui (pv, 1, 1) > 0)
    mpq_set_ui (pv, 1, 1);
  mpq_clears (q, lo, hi, term, pj, qj, (mpq_ptr) 0);
  mpz_clear (c);
}

/* log10 of X (> 0) lies in PV's bounds, which are at most 1e-12 apart.  */
static void
check_encloses (const ro_pvalue_t *pv, mpfr_t x, const char *what)
{
  mpfr_t l;
  mpfr_init2 (l, 256);
  mpfr_log10 (l, x, MPFR_RNDN);
  if (mpfr_cmp_d (l, pv->log10_lo) < 0 || mpfr_cmp_d (l, pv->log10_hi) > 0
      || pv->log10_hi - pv->log10_lo > 1e-12 * (1 + fabs (pv->log10_lo)))
    ck_abort_msg ("%s: log10 p = %.17g not in [%.17g, %.17g]", what,
                  mpfr_get_d (l, MPFR_RNDN), pv->log10_lo, pv->log10_hi);
  mpfr_clear (l);
}

static void
check_against_reference (const char *ps, unsigned long n, unsigned long k)
{
  mpq_t p, ref;
  mpfr_t x;
  ro_pvalue_t pv;
  char what[100];
  mpq_inits (p, ref, (mpq_ptr) 0);
  mpfr_init2 (x, 256);
  ck_assert_int_eq (mpq_set_str (p, ps, 10), 0);
  mpq_canonicalize (p);
  reference_pvalue (ref, p, n, k);
  ck_assert_int_eq (ro_binomial_test (&pv, p, n, k), RO_OK);
  snprintf (what, sizeof what, "p = %s, N = %lu, k = %lu", ps, n, k);
  mpfr_set_q (x, ref, MPFR_RNDN);
  check_encloses (&pv, x, what);
  mpq_clears (p, ref, (mpq_ptr) 0);
  mpfr_clear (x);
}

/* Every count of small samples, for probabilities of Risk's kind (5/12,
   the fraction of 2 v 1) and near the ends.  */
START_TEST (test_reference_small)
{
  static const char *const ps[] = { "5/12", "1/2", "1/3", "1/1000",
    "999/1000", "1955/2592", "1/7776"
  };
  static const unsigned long ns[] = { 1, 2, 5, 20, 101 };
  for (size_t i = 0; i < sizeof ps / sizeof *ps; i++)
    for (size_t j = 0; j < sizeof ns / sizeof *ns; j++)
      for (unsigned long k = 0; k <= ns[j]; k++)
        check_against_reference (ps[i], ns[j], k);
}
END_TEST

/* Samples of thousands, around the mean and in both tails.  */
START_TEST (test_reference_large)
{
  static const unsigned long ks[] = { 0, 1580, 1667, 1668, 1760, 3000 };
  for (size_t i = 0; i < sizeof ks / sizeof *ks; i++)
    check_against_reference ("1/3", 5000, ks[i]);
  check_against_reference ("1/2", 10000, 4800);
  check_against_reference ("1/2", 10000, 5000);
}
END_TEST

/* N = 10^9 by hand: k = 0 with P = 1/2 is 2 (1/2)^N = 2^(1 - N); the
   middle count has p-value 1.  */
START_TEST (test_hand_large)
{
  unsigned long n = 1000000000UL;
  mpq_t p;
  mpfr_t x;
  ro_pvalue_t pv;
  mpq_init (p);
  mpfr_init2 (x, 256);
  mpq_set_ui (p, 1, 2);
  ck_assert_int_eq (ro_binomial_test (&pv, p, n, 0), RO_OK);
  mpfr_set_ui_2exp (x, 1, 1 - (long) n, MPFR_RNDN);
  check_encloses (&pv, x, "2^(1-N)");
  ck_assert_int_eq (ro_binomial_test (&pv, p, n, n), RO_OK);
  check_encloses (&pv, x, "2^(1-N), k = N");
  ck_assert_int_eq (ro_binomial_test (&pv, p, n, n / 2), RO_OK);
  ck_assert (pv.log10_hi == 0 && pv.log10_lo > -1e-12);
  /* 2 P(X <= N/2 - 3 sigma) for P = 1/2 is 2 Phi(-3) = 0.0026998 to
     within the normal approximation's error, which is of the order of
     1/sqrt(N) relative here.  */
  ck_assert_int_eq (ro_binomial_test (&pv, p, n, n / 2 - 47434), RO_OK);
  ck_assert_msg (fabs (pow (10, pv.log10_hi) / 0.0026998 - 1) < 1e-3,
                 "%.10g", pow (10, pv.log10_hi));
  mpq_clear (p);
  mpfr_clear (x);
}
END_TEST

START_TEST (test_edges)
{
  mpq_t p;
  ro_pvalue_t pv;
  unsigned long k;
  mpq_init (p);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 10, 0), RO_OK);
  ck_assert (pv.log10_lo == 0 && pv.log10_hi == 0);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 10, 1), RO_OK);
  ck_assert (pv.log10_hi == -HUGE_VAL);
  mpq_set_ui (p, 1, 1);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 10, 10), RO_OK);
  ck_assert (pv.log10_lo == 0);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 10, 11), RO_EINVAL);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 0, 0), RO_ERANGE);
  ck_assert_int_eq (ro_binomial_test (&pv, p, RO_SAMPLES_MAX + 1, 0),
                    RO_ERANGE);
  mpq_set_si (p, -1, 2);
  ck_assert_int_eq (ro_binomial_test (&pv, p, 10, 1), RO_EINVAL);
  /* 0.0003 shown for N = 10^5 is any count 25 .. 34: at P = 3/10000
     the best is the mean, 30; at P = 1/10000 the lowest, 25.  */
  mpq_set_ui (p, 3, 10000);
  ck_assert_int_eq (ro_binomial_test_best (&pv, &k, p, 100000, 25, 34),
                    RO_OK);
  ck_assert_int_eq (k, 30);
  mpq_set_ui (p, 1, 10000);
  ck_assert_int_eq (ro_binomial_test_best (&pv, &k, p, 100000, 25, 34),
                    RO_OK);
  ck_assert_int_eq (k, 25);
  ck_assert_int_eq (ro_binomial_test_best (&pv, &k, p, 100000, 34, 25),
                    RO_EINVAL);
  mpq_clear (p);
}
END_TEST

static Suite *
bintest_suite (void)
{
  Suite *s = suite_create ("bintest");
  TCase *tc = test_tcase_create ("reference");
  tcase_add_test (tc, test_reference_small);
  tcase_add_test (tc, test_reference_large);
  tcase_add_test (tc, test_hand_large);
  tcase_add_test (tc, test_edges);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_bintest", bintest_suite);
}
