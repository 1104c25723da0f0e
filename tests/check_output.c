/* check_output.c -- tests of correctly rounded decimals and of fractions */

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

/* ------------------------------------------------------------------ */
/* The reference: exact rounding in integers                          */
/* ------------------------------------------------------------------ */

/* Multiply Q by 10^K, K of either sign.  */
static void
q_mul_pow10 (mpq_t q, long k)
{
  mpz_t p;

  mpz_init (p);
  mpz_ui_pow_ui (p, 10, (unsigned long) labs (k));
  if (k >= 0)
    mpz_mul (mpq_numref (q), mpq_numref (q), p);
  else
    mpz_mul (mpq_denref (q), mpq_denref (q), p);
  mpq_canonicalize (q);
  mpz_clear (p);
}

/* The sign of Q - 10^K.  */
static int
cmp_pow10 (const mpq_t q, long k)
{
  mpz_t l, r;
  int c;

  mpz_init (l);
  mpz_init (r);
  if (k >= 0)
    {
      mpz_ui_pow_ui (r, 10, (unsigned long) k);
      mpz_mul (r, r, mpq_denref (q));
      mpz_set (l, mpq_numref (q));
    }
  else
    {
      mpz_ui_pow_ui (l, 10, (unsigned long) -k);
      mpz_mul (l, l, mpq_numref (q));
      mpz_set (r, mpq_denref (q));
    }
  c = mpz_cmp (l, r);
  mpz_clear (l);
  mpz_clear (r);
  return c;
}

/* The E with 10^(E-1) <= Q < 10^E, for Q > 0.  */
static long
decimal_exponent (const mpq_t q)
{
  long e = (long) mpz_sizeinbase (mpq_numref (q), 10)
    - (long) mpz_sizeinbase (mpq_denref (q), 10);

  while (cmp_pow10 (q, e) >= 0)
    e++;
  while (cmp_pow10 (q, e - 1) < 0)
    e--;
  return e;
}

/* The reference's answer: Q rounded to DIGITS significant digits is
   M * 10^(E - DIGITS) with 10^(DIGITS-1) <= M < 10^DIGITS; E0 is the
   exponent of Q itself (before a carry).  */
typedef struct
{
  mpz_t m;
  long e, e0;
} rounded_t;

static void
round_decimal (rounded_t *r, const mpq_t q, unsigned long digits)
{
  long s;
  mpz_t num, den, rem, p;
  int c;

  r->e0 = r->e = decimal_exponent (q);
  s = (long) digits - r->e;
  mpz_init_set (num, mpq_numref (q));
  mpz_init_set (den, mpq_denref (q));
  mpz_init (rem);
  mpz_init (p);
  /* Q * 10^s = num / den, then floor and remainder.  */
  mpz_ui_pow_ui (p, 10, (unsigned long) (s >= 0 ? s : -s));
  if (s >= 0)
    mpz_mul (num, num, p);
  else
    mpz_mul (den, den, p);
  mpz_fdiv_qr (r->m, rem, num, den);
  /* Nearest, ties to even: compare 2 rem with den.  */
  mpz_mul_2exp (rem, rem, 1);
  c = mpz_cmp (rem, den);
  if (c > 0 || (c == 0 && mpz_odd_p (r->m)))
    mpz_add_ui (r->m, r->m, 1);
  /* 9.99... rounded up to 10.0...: one more digit, drop it.  */
  mpz_ui_pow_ui (p, 10, digits);
  if (mpz_cmp (r->m, p) == 0)
    {
      mpz_divexact_ui (r->m, r->m, 10);
      r->e++;
    }
  mpz_clear (num);
  mpz_clear (den);
  mpz_clear (rem);
  mpz_clear (p);
}

/* The header's format for R: fixed notation when Q >= 1e-6 (E0 >= -5)
   and the integer part has at most DIGITS digits, "d.ddd...e+NN" when
   it has more, "d.ddd...e-NN" below 1e-6, with the exponent of the
   rounded value's first digit.  Returns 1 and a malloc'ed string, or 0
   when the header leaves the spelling open (then only the value is
   compared):
   - one significant digit in scientific notation ("5e-20" or "5.e-20"?),
   - a value under 1e-6 that rounds up to 1e-6.  */
static int
format_decimal (char **out, const rounded_t *r, unsigned long digits)
{
  char *ds = mpz_get_str (NULL, 10, r->m), *s;
  size_t n = strlen (ds);

  ck_assert_uint_eq (n, digits);
  *out = NULL;
  if (r->e0 >= -5 && r->e > (long) digits)
    {
      /* Wider than the digits: scientific, no zero that is not one of
         them.  */
      s = malloc (n + 32);
      sprintf (s, "%c%s%se+%02ld", ds[0], n > 1 ? "." : "", ds + 1,
               r->e - 1);
    }
  else if (r->e0 >= -5 && r->e == (long) digits)
    s = strdup (ds);
  else if (r->e0 >= -5)
    {
      s = malloc (n + (r->e <= 0 ? (size_t) -r->e + 3 : 2));
      if (r->e <= 0)
        {
          strcpy (s, "0.");
          memset (s + 2, '0', (size_t) -r->e);
          strcpy (s + 2 - r->e, ds);
        }
      else
        {
          memcpy (s, ds, (size_t) r->e);
          s[r->e] = '.';
          strcpy (s + r->e + 1, ds + r->e);
        }
    }
  else
    {
      if (digits == 1 || r->e > -6)
        {
          free (ds);
          return 0;
        }
      s = malloc (n + 32);
      sprintf (s, "%c.%se-%02ld", ds[0], ds + 1, 1 - r->e);
    }
  free (ds);
  *out = s;
  return 1;
}

/* Read a decimal the library wrote ("0.0012", "12000", "1.5e-07") into
   Q, exactly; 0 when STR is not such a number.  */
static int
parse_decimal (mpq_t q, const char *str)
{
  const char *p = str;
  mpz_t m;
  long frac = 0, ex = 0;
  int seen = 0, dot = 0;

  mpz_init_set_ui (m, 0);
  for (; (*p >= '0' && *p <= '9') || (*p == '.' && !dot); p++)
    if (*p == '.')
      dot = 1;
    else
      {
        mpz_mul_ui (m, m, 10);
        mpz_add_ui (m, m, (unsigned long) (*p - '0'));
        frac += dot;
        seen = 1;
      }
  if (*p == 'e')
    {
      char *end;
      ex = strtol (p + 1, &end, 10);
      if (end == p + 1)
        seen = 0;
      p = end;
    }
  mpq_set_z (q, m);
  q_mul_pow10 (q, ex - frac);
  mpz_clear (m);
  return seen && *p == '\0';
}

static void
rounded_init (rounded_t *r)
{
  mpz_init (r->m);
}

static void
rounded_clear (rounded_t *r)
{
  mpz_clear (r->m);
}

static char *
q_string (const mpq_t q)
{
  return mpq_get_str (NULL, 10, q);
}

/* A copy of S with the exponent's leading zeros dropped ("e-07" becomes
   "e-7"): the random tests compare values and digits, and leave the width
   of the exponent to test_exponent_width.  */
static char *
strip_exponent_zeros (const char *s)
{
  char *c = malloc (strlen (s) + 1), *e;

  strcpy (c, s);
  e = strchr (c, 'e');
  if (e != NULL)
    {
      char *p = e + 1, *z;
      if (*p == '-' || *p == '+')
        p++;
      z = p;
      while (z[0] == '0' && z[1] != '\0')
        z++;
      memmove (p, z, strlen (z) + 1);
    }
  return c;
}

/* Compare ro_q_get_decimal (Q, DIGITS) with the reference.  */
static void
check_decimal (const mpq_t q, unsigned long digits)
{
  char *got = NULL, *want;
  rounded_t r;
  int ret;

  ret = ro_q_get_decimal (&got, q, digits);
  ck_assert_msg (ret == RO_OK && got != NULL,
                 "ro_q_get_decimal (%s, %lu) gave %d", q_string (q), digits,
                 ret);
  if (mpq_sgn (q) == 0)
    {
      ck_assert_msg (strcmp (got, "0") == 0, "0 to %lu digits: got %s",
                     digits, got);
      ro_free_str (got);
      return;
    }

  rounded_init (&r);
  round_decimal (&r, q, digits);
  if (format_decimal (&want, &r, digits))
    {
      char *g = strip_exponent_zeros (got), *w = strip_exponent_zeros (want);

      ck_assert_msg (strcmp (g, w) == 0,
                     "%s to %lu digits: got %s, expected %s", q_string (q),
                     digits, got, want);
      free (g);
      free (w);
      free (want);
    }
  else
    {
      /* The spelling is open: the value must still be the rounded one.  */
      mpq_t v, w;

      mpq_init (v);
      mpq_init (w);
      ck_assert_msg (parse_decimal (v, got), "%s to %lu digits: got \"%s\"",
                     q_string (q), digits, got);
      mpq_set_z (w, r.m);
      q_mul_pow10 (w, r.e - (long) digits);
      ck_assert_msg (mpq_equal (v, w), "%s to %lu digits: got %s, value %s",
                     q_string (q), digits, got, q_string (w));
      mpq_clear (v);
      mpq_clear (w);
    }
  rounded_clear (&r);
  ro_free_str (got);
}

/* ------------------------------------------------------------------ */
/* Hand cases                                                         */
/* ------------------------------------------------------------------ */

struct hand_case
{
  const char *q;
  unsigned long digits;
  const char *want;
};

static const struct hand_case hand_cases[] = {
  { "0", 1, "0" },
  { "0", 20, "0" },
  { "1/8", 2, "0.12" },               /* 0.125: tie, to even */
  { "3/8", 2, "0.38" },               /* 0.375: tie, to even */
  { "5/8", 2, "0.62" },
  { "7/8", 2, "0.88" },
  { "1/8", 1, "0.1" },
  { "3/20", 1, "0.2" },               /* 0.15: tie, to even */
  { "7/20", 1, "0.4" },               /* 0.35 */
  { "1/40", 1, "0.02" },              /* 0.025 */
  { "3/40", 1, "0.08" },              /* 0.075 */
  { "1/16", 1, "0.06" },              /* 0.0625 */
  { "1/2", 1, "0.5" },
  { "1/3", 1, "0.3" },
  { "2/3", 3, "0.667" },
  { "999/1000", 2, "1.0" },
  { "999/1000", 3, "0.999" },
  { "197/200", 2, "0.98" },           /* 0.985: tie, to even */
  { "199/200", 2, "1.0" },            /* 0.995: tie, up to 1.0 */
  { "999999/1000000", 5, "1.0000" },
  { "5/12", 20, "0.41666666666666666667" },
  { "1", 20, "1.0000000000000000000" },
  { "1", 2, "1.0" },
  { "10", 3, "10.0" },
  /* An integer part wider than DIGITS: scientific notation, so that no
     zero reads as a significant digit (issue 14, item 6).  */
  { "19/2", 1, "1e+01" },             /* 9.5: tie, to even (10) */
  { "17/2", 1, "8" },                 /* 8.5: tie, to even */
  { "12345", 3, "1.23e+04" },
  { "12345", 4, "1.234e+04" },        /* tie, to even */
  { "12345", 5, "12345" },
  { "12345", 6, "12345.0" },
  { "95", 2, "95" },
  { "199/2", 2, "1.0e+02" },          /* 99.5: tie, to even (100) */
  { "123456789012", 2, "1.2e+11" },
  { "12345/100", 5, "123.45" },
  { "12345/100", 4, "123.4" },        /* tie, to even */
  { "12355/100", 4, "123.6" },        /* tie, to even */
  { "12345/100", 7, "123.4500" },
  /* the two examples of the header */
  { "831875/120932352", 20, "0.0068788457864443089637" },
  { "1/18446744073709551616", 20, "5.4210108624275221700e-20" },
  /* either side of 1e-6 */
  { "1/1000000", 1, "0.000001" },
  { "1/1000000", 3, "0.00000100" },
  { "3/2000000", 1, "0.000002" },     /* 1.5e-6: tie, to even */
  { "1/30000000000", 5, "3.3333e-11" },
  { "1/100000000000000000000", 3, "1.00e-20" },
  { "1/700000000000", 4, "1.429e-12" },
  { "1/3", 30, "0.333333333333333333333333333333" }
};
#define N_HAND_CASES (sizeof hand_cases / sizeof hand_cases[0])

START_TEST (test_hand)
{
  const struct hand_case *c = &hand_cases[_i];
  char *got = NULL;
  int ret;
  mpq_t q;

  mpq_init (q);
  ck_assert_int_eq (mpq_set_str (q, c->q, 10), 0);
  mpq_canonicalize (q);
  ret = ro_q_get_decimal (&got, q, c->digits);
  ck_assert_msg (ret == RO_OK && got != NULL,
                 "ro_q_get_decimal (%s, %lu) gave %d", c->q, c->digits, ret);
  ck_assert_msg (strcmp (got, c->want) == 0,
                 "%s to %lu digits: got %s, expected %s", c->q, c->digits,
                 got, c->want);
  ro_free_str (got);
  /* and the reference agrees with the hand */
  check_decimal (q, c->digits);
  mpq_clear (q);
}
END_TEST

/* The reference itself on the hand cases, string for string, so that it
   can be trusted on the random ones.  */
START_TEST (test_reference_hand)
{
  const struct hand_case *c = &hand_cases[_i];
  rounded_t r;
  char *want;
  mpq_t q;

  mpq_init (q);
  ck_assert_int_eq (mpq_set_str (q, c->q, 10), 0);
  mpq_canonicalize (q);
  if (mpq_sgn (q) != 0)
    {
      rounded_init (&r);
      round_decimal (&r, q, c->digits);
      ck_assert (format_decimal (&want, &r, c->digits));
      ck_assert_str_eq (want, c->want);
      free (want);
      rounded_clear (&r);
    }
  mpq_clear (q);
}
END_TEST

/* McLoone's pBattle[18, 6] to 100 digits.  */
START_TEST (test_mcloone_100)
{
  static const char want[] =
    "0.99179586735233251220745553203976252914572712375424603666097452608035"
    "36003378927287553399877033534269";
  char *got = NULL;
  mpq_t q;

  mpq_init (q);
  ck_assert_int_eq (mpq_set_str
                    (q, "9804653220306498422549071803237023496256898193745/"
                     "9885757284390281416111900904364482836234411966464", 10),
                    0);
  ck_assert_int_eq (ro_q_get_decimal (&got, q, 100), RO_OK);
  ck_assert_str_eq (got, want);
  ro_free_str (got);
  for (unsigned long digits = 1; digits <= 120; digits++)
    check_decimal (q, digits);
  mpq_clear (q);
}
END_TEST

/* Zero and one at every number of digits.  */
START_TEST (test_zero_one)
{
  unsigned long digits;
  mpq_t q;

  mpq_init (q);
  for (digits = 1; digits <= 300; digits++)
    {
      char *got = NULL;

      mpq_set_ui (q, 0, 1);
      ck_assert_int_eq (ro_q_get_decimal (&got, q, digits), RO_OK);
      ck_assert_str_eq (got, "0");
      ro_free_str (got);
      mpq_set_ui (q, 1, 1);
      check_decimal (q, digits);
      if (digits >= 2)
        {
          /* "1." and digits - 1 zeros */
          ck_assert_int_eq (ro_q_get_decimal (&got, q, digits), RO_OK);
          ck_assert_uint_eq (strlen (got), digits + 1);
          ck_assert (strncmp (got, "1.0", 3) == 0);
          ck_assert (strspn (got + 2, "0") == digits - 1);
          ro_free_str (got);
        }
    }
  mpq_clear (q);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random rationals                                                   */
/* ------------------------------------------------------------------ */

/* A random number of DIGITS significant digits, or fewer, for the ties. */
static unsigned long
random_digits (gmp_randstate_t st)
{
  switch (gmp_urandomm_ui (st, 3))
    {
    case 0:
      return test_rand_range (st, 1, 6);
    case 1:
      return test_rand_range (st, 1, 40);
    default:
      return test_rand_range (st, 1, 300);
    }
}

static void
random_positive (mpz_t z, gmp_randstate_t st, unsigned long maxbits)
{
  do
    mpz_urandomb (z, st, test_rand_range (st, 1, maxbits));
  while (mpz_sgn (z) == 0);
}

/* A random rational of kind K for DIGITS digits.  */
static void
random_rational (mpq_t q, gmp_randstate_t st, unsigned k,
                 unsigned long digits)
{
  mpz_t t;

  mpz_init (t);
  switch (k)
    {
    case 0:                     /* anything, moderately long */
      random_positive (mpq_numref (q), st, 300);
      random_positive (mpq_denref (q), st, 300);
      break;
    case 1:                     /* a probability */
      random_positive (mpq_denref (q), st, 400);
      mpz_urandomm (mpq_numref (q), st, mpq_denref (q));
      if (mpz_sgn (mpq_numref (q)) == 0)
        mpz_set_ui (mpq_numref (q), 1);
      break;
    case 2:                     /* huge numbers */
      random_positive (mpq_numref (q), st, 5000);
      random_positive (mpq_denref (q), st, 5000);
      break;
    case 3:                     /* 2^a 3^b 5^c 10^d denominators: ties */
      {
        static const unsigned long base[] = { 2, 3, 5, 10 };
        int i;
        mpz_set_ui (mpq_denref (q), 1);
        for (i = 0; i < 4; i++)
          {
            mpz_ui_pow_ui (t, base[i],
                           test_rand_range (st, 0, i == 1 ? 3 : 40));
            mpz_mul (mpq_denref (q), mpq_denref (q), t);
          }
        random_positive (mpq_numref (q), st, 120);
      }
      break;
    case 4:                     /* below 1e-6: scientific notation */
      random_positive (mpq_numref (q), st, 64);
      random_positive (mpq_denref (q), st, 64);
      mpz_mul_2exp (mpq_denref (q), mpq_denref (q),
                    test_rand_range (st, 20, 400));
      break;
    case 5:                     /* an exact tie at DIGITS digits */
    case 6:                     /* ... or just off one */
      {
        /* (2M + 1) / 2 * 10^(E - DIGITS), M of DIGITS digits */
        long e = (long) test_rand_range (st, 0, 40) - 30;
        mpz_ui_pow_ui (t, 10, digits - 1);
        mpz_mul_ui (t, t, 9);
        mpz_urandomm (mpq_numref (q), st, t);
        mpz_ui_pow_ui (t, 10, digits - 1);
        mpz_add (mpq_numref (q), mpq_numref (q), t);
        mpz_mul_2exp (mpq_numref (q), mpq_numref (q), 1);
        mpz_add_ui (mpq_numref (q), mpq_numref (q), 1);
        mpz_set_ui (mpq_denref (q), 2);
        if (k == 6)
          {
            /* +- 1 / (huge), far below half a unit in the last place */
            mpz_mul_2exp (mpq_numref (q), mpq_numref (q), 600);
            mpz_mul_2exp (mpq_denref (q), mpq_denref (q), 600);
            if (gmp_urandomb_ui (st, 1))
              mpz_add_ui (mpq_numref (q), mpq_numref (q), 1);
            else
              mpz_sub_ui (mpq_numref (q), mpq_numref (q), 1);
          }
        mpq_canonicalize (q);
        q_mul_pow10 (q, e - (long) digits);
      }
      break;
    case 7:                     /* just under a power of ten: carries */
      {
        long e = (long) test_rand_range (st, 0, 12) - 10;
        random_positive (mpq_denref (q), st, 200);
        mpz_mul_2exp (mpq_denref (q), mpq_denref (q), 40);
        mpz_sub_ui (mpq_numref (q), mpq_denref (q), 1);
        mpq_canonicalize (q);
        q_mul_pow10 (q, e);
      }
      break;
    default:                    /* small integers and simple fractions */
      mpz_set_ui (mpq_numref (q), test_rand_range (st, 1, 1000));
      mpz_set_ui (mpq_denref (q), test_rand_range (st, 1, 1000));
      break;
    }
  mpq_canonicalize (q);
  mpz_clear (t);
}

START_TEST (test_random)
{
  gmp_randstate_t st;
  unsigned long it, n = 400 * test_scale;
  unsigned kind = (unsigned) _i;
  mpq_t q;

  test_rand_init (st, 100 + kind);
  mpq_init (q);
  for (it = 0; it < n; it++)
    {
      unsigned long digits = random_digits (st);

      random_rational (q, st, kind, digits);
      check_decimal (q, digits);
      /* the same number at a few other precisions */
      check_decimal (q, test_rand_range (st, 1, 300));
      check_decimal (q, digits + 1);
    }
  mpq_clear (q);
  gmp_randclear (st);
}
END_TEST

/* The values users actually print: random battles of both conventions
   (including tiny and near-1 probabilities), to random digit counts.  */
START_TEST (test_random_battles)
{
  gmp_randstate_t st;
  unsigned long it, n = 60 * test_scale;
  ro_rules_t r;
  mpq_t q;

  test_rand_init (st, 300);
  mpq_init (q);
  for (it = 0; it < n; it++)
    {
      ro_rules_init (&r);
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      unsigned long a = test_rand_range (st, 1, 250);
      unsigned long d = test_rand_range (st, 0, 250);
      ck_assert_int_eq (ro_battle_win (q, &r, a, d), RO_OK);
      check_decimal (q, test_rand_range (st, 1, 400));
      check_decimal (q, test_rand_range (st, 1, 30));
    }
  mpq_clear (q);
  gmp_randclear (st);
}
END_TEST

/* One number, every precision from 1 to 300: each digit boundary.  */
START_TEST (test_all_digits)
{
  gmp_randstate_t st;
  unsigned long digits;
  mpq_t q;

  test_rand_init (st, 200 + _i);
  mpq_init (q);
  random_rational (q, st, (unsigned) _i, 50);
  for (digits = 1; digits <= 300; digits++)
    check_decimal (q, digits);
  mpq_clear (q);
  gmp_randclear (st);
}
END_TEST

/* The largest precision allowed.  */
START_TEST (test_max_digits)
{
  char *got = NULL;
  mpq_t q;

  mpq_init (q);
  mpq_set_ui (q, 1, 7);
  check_decimal (q, RO_DIGITS_MAX);
  mpq_set_ui (q, 2, 3);
  ck_assert_int_eq (ro_q_get_decimal (&got, q, RO_DIGITS_MAX), RO_OK);
  ck_assert_uint_eq (strlen (got), RO_DIGITS_MAX + 2);
  ck_assert (strncmp (got, "0.", 2) == 0);
  ck_assert (strspn (got + 2, "6") == RO_DIGITS_MAX - 1);
  ck_assert (got[RO_DIGITS_MAX + 1] == '7');
  ro_free_str (got);
  mpq_clear (q);
}
END_TEST

/* The exponent has at least two digits, as in printf's %e and in the
   "d.ddd...e-NN" of the specification: 1e-7 is "1.0e-07".  */
START_TEST (test_exponent_width)
{
  static const struct hand_case cases[] = {
    { "1/3000000", 5, "3.3333e-07" },
    { "1/10000000", 3, "1.00e-07" },
    { "1/10000000", 2, "1.0e-07" },
    { "1/20000000", 2, "5.0e-08" },
    { "1/100000000", 3, "1.00e-08" },
    { "1/1000000000", 2, "1.0e-09" },
    { "1/10000000000", 2, "1.0e-10" }
  };
  size_t i;
  mpq_t q;

  mpq_init (q);
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      char *got = NULL;

      ck_assert_int_eq (mpq_set_str (q, cases[i].q, 10), 0);
      ck_assert_int_eq (ro_q_get_decimal (&got, q, cases[i].digits), RO_OK);
      ck_assert_msg (strcmp (got, cases[i].want) == 0,
                     "%s to %lu digits: got %s, expected %s", cases[i].q,
                     cases[i].digits, got, cases[i].want);
      ro_free_str (got);
    }
  mpq_clear (q);
}
END_TEST

START_TEST (test_decimal_errors)
{
  char *got;
  mpq_t q;
  int ret;

  mpq_init (q);
  mpq_set_ui (q, 1, 3);
  got = NULL;
  ret = ro_q_get_decimal (&got, q, 0);
  ck_assert_msg (ret < 0, "0 digits accepted: %d", ret);
  got = NULL;
  ret = ro_q_get_decimal (&got, q, RO_DIGITS_MAX + 1);
  ck_assert_msg (ret < 0, "RO_DIGITS_MAX + 1 digits accepted: %d", ret);
  mpq_clear (q);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fractions                                                          */
/* ------------------------------------------------------------------ */

/* "n/d", or "n" when d = 1, built from the two integers by GMP.  */
static char *
fraction_reference (const mpq_t q)
{
  char *n = mpz_get_str (NULL, 10, mpq_numref (q));
  char *d = mpz_get_str (NULL, 10, mpq_denref (q));
  char *s = malloc (strlen (n) + strlen (d) + 2);

  if (mpz_cmp_ui (mpq_denref (q), 1) == 0)
    strcpy (s, n);
  else
    sprintf (s, "%s/%s", n, d);
  free (n);
  free (d);
  return s;
}

static void
check_fraction (const mpq_t q, const char *want)
{
  char *got = NULL;
  int ret = ro_q_get_fraction (&got, q);

  ck_assert_msg (ret == RO_OK && got != NULL, "ro_q_get_fraction gave %d",
                 ret);
  ck_assert_msg (strcmp (got, want) == 0, "fraction: got %s, expected %s",
                 got, want);
  ro_free_str (got);
}

START_TEST (test_fraction_hand)
{
  static const struct
  {
    const char *in, *want;
  } cases[] = {
    { "0", "0" },
    { "0/7", "0" },
    { "1", "1" },
    { "3/3", "1" },
    { "5/12", "5/12" },
    { "10/24", "5/12" },
    { "42", "42" },
    { "84/2", "42" },
    { "275/2592", "275/2592" },
    { "9804653220306498422549071803237023496256898193745/"
      "9885757284390281416111900904364482836234411966464",
      "9804653220306498422549071803237023496256898193745/"
      "9885757284390281416111900904364482836234411966464" },
    { "100000000000000000000000000000/300000000000000000000000000000",
      "1/3" }
  };
  size_t i;
  mpq_t q;

  mpq_init (q);
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      ck_assert_int_eq (mpq_set_str (q, cases[i].in, 10), 0);
      mpq_canonicalize (q);
      check_fraction (q, cases[i].want);
    }
  mpq_clear (q);
}
END_TEST

START_TEST (test_fraction_random)
{
  gmp_randstate_t st;
  unsigned long it, n = 300 * test_scale;
  mpq_t q;

  test_rand_init (st, 300);
  mpq_init (q);
  for (it = 0; it < n; it++)
    {
      char *want;

      random_rational (q, st, (unsigned) (it % 9), random_digits (st));
      if (it % 17 == 0)
        mpq_set_ui (q, 0, 1);
      want = fraction_reference (q);
      check_fraction (q, want);
      free (want);
    }
  mpq_clear (q);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Reading exact numbers: ro_q_set_str                                */
/* ------------------------------------------------------------------ */

static const struct
{
  const char *in;
  int rc;
  const char *want;             /* a fraction for mpq_set_str */
} parse_cases[] = {
  {"0.0395", RO_OK, "79/2000"},
  {"-0.0566", RO_OK, "-283/5000"},
  {"-1/3", RO_OK, "-1/3"},
  {"+.5", RO_OK, "1/2"},
  {"-.25", RO_OK, "-1/4"},
  {"7.", RO_OK, "7"},
  {"007", RO_OK, "7"},
  {"-0", RO_OK, "0"},
  {"0/5", RO_OK, "0"},
  {"6/4", RO_OK, "3/2"},
  {"+10/20", RO_OK, "1/2"},
  {"1e3", RO_OK, "1000"},
  {"1.5E-2", RO_OK, "3/200"},
  {"-2.5e+1", RO_OK, "-25"},
  {"12.34e-5", RO_OK, "1234/10000000"},
  {"0.1e1", RO_OK, "1"},
  {"1e-1000000", RO_OK, NULL},
  {"1e1000001", RO_ERANGE, NULL},
  {"1e-99999999999999999999", RO_ERANGE, NULL},
  {"", RO_EINVAL, NULL},
  {"-", RO_EINVAL, NULL},
  {"+", RO_EINVAL, NULL},
  {".", RO_EINVAL, NULL},
  {"-.", RO_EINVAL, NULL},
  {"e5", RO_EINVAL, NULL},
  {".e5", RO_EINVAL, NULL},
  {"1e", RO_EINVAL, NULL},
  {"1e+", RO_EINVAL, NULL},
  {"1e-x", RO_EINVAL, NULL},
  {"1.2.3", RO_EINVAL, NULL},
  {"1/0", RO_EINVAL, NULL},
  {"1/00", RO_EINVAL, NULL},
  {"1/-2", RO_EINVAL, NULL},
  {"1/+2", RO_EINVAL, NULL},
  {"1/", RO_EINVAL, NULL},
  {"/2", RO_EINVAL, NULL},
  {"1.5/2", RO_EINVAL, NULL},
  {"1/2/3", RO_EINVAL, NULL},
  {"1/2e3", RO_EINVAL, NULL},
  {" 1", RO_EINVAL, NULL},
  {"1 ", RO_EINVAL, NULL},
  {"0x10", RO_EINVAL, NULL},
  {"--1", RO_EINVAL, NULL},
  {"+-1", RO_EINVAL, NULL},
  {"1,5", RO_EINVAL, NULL},
  {"50%", RO_EINVAL, NULL},
  {"inf", RO_EINVAL, NULL},
  {"nan", RO_EINVAL, NULL}
};

#define N_PARSE_CASES (sizeof parse_cases / sizeof *parse_cases)

START_TEST (test_parse_hand)
{
  mpq_t q, want;
  mpq_inits (q, want, (mpq_ptr) 0);
  mpq_set_ui (q, 12345, 7);
  int rc = ro_q_set_str (q, parse_cases[_i].in);
  ck_assert_msg (rc == parse_cases[_i].rc, "'%s': status %d, expected %d",
                 parse_cases[_i].in, rc, parse_cases[_i].rc);
  if (rc == RO_OK && parse_cases[_i].want != NULL)
    {
      ck_assert_int_eq (mpq_set_str (want, parse_cases[_i].want, 10), 0);
      mpq_canonicalize (want);
      ck_assert_msg (mpq_equal (q, want), "'%s' read as %s",
                     parse_cases[_i].in, mpq_get_str (NULL, 10, q));
    }
  else if (rc == RO_OK)
    {
      /* 1e-1000000: one over a power of ten of 1000001 digits.  */
      ck_assert_int_eq (mpz_cmp_ui (mpq_numref (q), 1), 0);
      ck_assert_uint_eq (mpz_sizeinbase (mpq_denref (q), 10), 1000001);
    }
  ck_assert (mpz_sgn (mpq_denref (q)) > 0);
  mpq_clears (q, want, (mpq_ptr) 0);
}
END_TEST

/* Random numbers written in every accepted form, read back: "W.F" is
   (W 10^k + F) / 10^k, "WeE" is W 10^E, "W/D" is W/D, each compared with
   the value built here from integers.  */
START_TEST (test_parse_random)
{
  gmp_randstate_t st;
  char buf[256];
  mpq_t q, want;
  mpz_t t;
  test_rand_init (st, 77);
  mpq_inits (q, want, (mpq_ptr) 0);
  mpz_init (t);
  for (unsigned long it = 0; it < 3000 * test_scale; it++)
    {
      unsigned long w = test_rand_range (st, 0, 1000000);
      unsigned long k = test_rand_range (st, 1, 9);
      unsigned long f = test_rand_range (st, 0, 999999999UL);
      int neg = (int) test_rand_range (st, 0, 1);
      long e = (long) test_rand_range (st, 0, 60) - 30;
      unsigned long den = test_rand_range (st, 1, 1000000);

      /* W.F with F written on exactly k digits.  */
      mpz_ui_pow_ui (t, 10, k);
      f %= mpz_get_ui (t);
      snprintf (buf, sizeof buf, "%s%lu.%0*lu", neg ? "-" : "", w, (int) k,
                f);
      mpz_mul_ui (mpq_numref (want), t, w);
      mpz_add_ui (mpq_numref (want), mpq_numref (want), f);
      if (neg)
        mpz_neg (mpq_numref (want), mpq_numref (want));
      mpz_set (mpq_denref (want), t);
      mpq_canonicalize (want);
      ck_assert_int_eq (ro_q_set_str (q, buf), RO_OK);
      ck_assert_msg (mpq_equal (q, want), "'%s'", buf);

      /* W e E.  */
      snprintf (buf, sizeof buf, "%s%lue%ld", neg ? "-" : "+", w, e);
      mpz_ui_pow_ui (t, 10, (unsigned long) labs (e));
      mpq_set_si (want, neg ? -(long) w : (long) w, 1);
      if (e >= 0)
        mpz_mul (mpq_numref (want), mpq_numref (want), t);
      else
        mpz_set (mpq_denref (want), t);
      mpq_canonicalize (want);
      ck_assert_int_eq (ro_q_set_str (q, buf), RO_OK);
      ck_assert_msg (mpq_equal (q, want), "'%s'", buf);

      /* W/D.  */
      snprintf (buf, sizeof buf, "%s%lu/%lu", neg ? "-" : "", w, den);
      mpq_set_si (want, neg ? -(long) w : (long) w, den);
      mpq_canonicalize (want);
      ck_assert_int_eq (ro_q_set_str (q, buf), RO_OK);
      ck_assert_msg (mpq_equal (q, want), "'%s'", buf);
    }
  mpz_clear (t);
  mpq_clears (q, want, (mpq_ptr) 0);
  gmp_randclear (st);
}
END_TEST

/* The unit in the last place of the decimal STR as ro_q_get_decimal
   writes it: 10^-(digits after the point), times 10^E with an exponent,
   and 10^(trailing places) for a wide integer such as "12300" (DIGITS
   significant).  */
static void
decimal_ulp (mpq_t ulp, const char *str, unsigned long digits)
{
  const char *dot = strchr (str, '.'), *ex = strchr (str, 'e');
  long after = 0, exp10 = ex ? strtol (ex + 1, NULL, 10) : 0;
  size_t len = ex ? (size_t) (ex - str) : strlen (str);
  if (dot != NULL)
    after = (long) (str + len - dot - 1);
  else if (str[0] != '-' && len > digits)
    after = -(long) (len - digits);
  else if (str[0] == '-' && len - 1 > digits)
    after = -(long) (len - 1 - digits);
  long k = exp10 - after;
  mpq_set_ui (ulp, 1, 1);
  if (k >= 0)
    mpz_ui_pow_ui (mpq_numref (ulp), 10, (unsigned long) k);
  else
    mpz_ui_pow_ui (mpq_denref (ulp), 10, (unsigned long) -k);
}

/* A correctly rounded decimal read back is within half a unit in its
   last place of the number it came from.  */
START_TEST (test_parse_round_trip)
{
  gmp_randstate_t st;
  mpq_t q, back, err, ulp;
  char *str;
  test_rand_init (st, 78);
  mpq_inits (q, back, err, ulp, (mpq_ptr) 0);
  for (unsigned long it = 0; it < 2000 * test_scale; it++)
    {
      unsigned long digits = test_rand_range (st, 1, 60);
      mpz_urandomb (mpq_numref (q), st, test_rand_range (st, 1, 200));
      mpz_urandomb (mpq_denref (q), st, test_rand_range (st, 1, 200));
      mpz_add_ui (mpq_denref (q), mpq_denref (q), 1);
      if (test_rand_range (st, 0, 1))
        mpz_neg (mpq_numref (q), mpq_numref (q));
      mpq_canonicalize (q);
      if (mpq_sgn (q) == 0)
        continue;
      ck_assert_int_eq (ro_q_get_decimal (&str, q, digits), RO_OK);
      ck_assert_int_eq (ro_q_set_str (back, str), RO_OK);
      decimal_ulp (ulp, str, digits);
      mpq_sub (err, q, back);
      mpq_abs (err, err);
      mpq_mul_2exp (err, err, 1);
      ck_assert_msg (mpq_cmp (err, ulp) <= 0, "%s to %lu digits: '%s'",
                     mpq_get_str (NULL, 10, q), digits, str);
      ro_free_str (str);
    }
  mpq_clears (q, back, err, ulp, (mpq_ptr) 0);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fixed places: ro_q_get_fixed                                       */
/* ------------------------------------------------------------------ */

/* Worked by hand: halves of the last place go to the even neighbour.  */
static const struct
{
  long num;
  unsigned long den, places;
  const char *want;
} fixed_cases[] = {
  {5, 12, 3, "0.417"},          /* 0.41666... */
  {1, 8, 2, "0.12"},            /* 0.125: a tie, 12 is even */
  {3, 8, 2, "0.38"},            /* 0.375: a tie, 38 is even */
  {-1, 8, 2, "-0.12"},
  {-3, 8, 2, "-0.38"},
  {0, 1, 2, "0.00"},
  {1, 1, 2, "1.00"},
  {1, 1000, 2, "0.00"},
  {-1, 1000, 2, "0.00"},        /* no sign on a zero */
  {-1, 200, 2, "0.00"},         /* -0.005: a tie, 0 is even */
  {-3, 200, 2, "-0.02"},        /* -0.015: a tie, -2 is even */
  {1, 2, 0, "0"},
  {3, 2, 0, "2"},
  {5, 2, 0, "2"},
  {-5, 2, 0, "-2"},
  {24691, 2, 0, "12346"},       /* 12345.5 */
  {2, 3, 0, "1"},
  {2, 3, 5, "0.66667"},
  {123456, 1, 3, "123456.000"},
  {1, 3, 30, "0.333333333333333333333333333333"},
  {999, 1000, 2, "1.00"},
  {995, 1000, 2, "1.00"},       /* a tie, 99 is odd: 100 */
  {985, 1000, 2, "0.98"},       /* a tie, 98 is even */
  {1, 100000000, 10, "0.0000000100"},
  {275, 2592, 4, "0.1061"},     /* P(2 v 2), 0.106095... */
  {-1955, 2592, 1, "-0.8"}
};

#define N_FIXED_CASES (sizeof fixed_cases / sizeof fixed_cases[0])

START_TEST (test_fixed_hand)
{
  mpq_t q;
  char *s;

  mpq_init (q);
  mpq_set_si (q, fixed_cases[_i].num, fixed_cases[_i].den);
  mpq_canonicalize (q);
  ck_assert_int_eq (ro_q_get_fixed (&s, q, fixed_cases[_i].places), RO_OK);
  ck_assert_msg (strcmp (s, fixed_cases[_i].want) == 0,
                 "%ld/%lu to %lu places: %s, want %s", fixed_cases[_i].num,
                 fixed_cases[_i].den, fixed_cases[_i].places, s,
                 fixed_cases[_i].want);
  ro_free_str (s);
  mpq_clear (q);
}
END_TEST

/* Whether S is Q correctly rounded to PLACES places, judged by what the
   string says rather than how it was made: S must read as
   [-]digits[.PLACES digits], and its integer R (the point removed) must
   satisfy 2 |Q 10^PLACES - R| <= 1, with R even at equality, and carry a
   '-' exactly when R < 0.  */
static int
fixed_is_right (const char *s, const mpq_t q, unsigned long places)
{
  const char *p = s + (*s == '-');
  size_t whole = strspn (p, "0123456789");
  if (whole == 0 || (whole > 1 && *p == '0'))
    return 0;
  if (places > 0 && (p[whole] != '.'
                     || strspn (p + whole + 1, "0123456789") != places
                     || p[whole + 1 + places] != '\0'))
    return 0;
  if (places == 0 && p[whole] != '\0')
    return 0;
  char *digits = malloc (whole + places + 1);
  memcpy (digits, p, whole);
  memcpy (digits + whole, p + whole + 1, places);
  digits[whole + places] = '\0';
  mpz_t r, l, t;
  mpz_inits (r, l, t, (mpz_ptr) 0);
  mpz_set_str (r, digits, 10);
  free (digits);
  int ok = *s != '-' || mpz_sgn (r) != 0;
  if (*s == '-')
    mpz_neg (r, r);
  /* l = 2 |num 10^places - r den|, against den.  */
  mpz_ui_pow_ui (t, 10, places);
  mpz_mul (l, mpq_numref (q), t);
  mpz_submul (l, r, mpq_denref (q));
  mpz_abs (l, l);
  mpz_mul_2exp (l, l, 1);
  int c = mpz_cmp (l, mpq_denref (q));
  ok = ok && (c < 0 || (c == 0 && mpz_even_p (r)));
  mpz_clears (r, l, t, (mpz_ptr) 0);
  return ok;
}

START_TEST (test_fixed_random)
{
  gmp_randstate_t st;
  unsigned long it, n = 2000 * test_scale;
  mpq_t q;
  char *s;

  test_rand_init (st, 700);
  mpq_init (q);
  for (it = 0; it < n; it++)
    {
      unsigned long places = test_rand_range (st, 0, 40);
      if (it % 4 == 0)
        {
          /* An exact tie: an odd number of halves of the last place.  */
          mpz_urandomb (mpq_numref (q), st, test_rand_range (st, 1, 80));
          mpz_mul_2exp (mpq_numref (q), mpq_numref (q), 1);
          mpz_add_ui (mpq_numref (q), mpq_numref (q), 1);
          mpz_ui_pow_ui (mpq_denref (q), 10, places);
          mpz_mul_2exp (mpq_denref (q), mpq_denref (q), 1);
        }
      else
        {
          mpz_urandomb (mpq_numref (q), st, test_rand_range (st, 0, 200));
          mpz_urandomb (mpq_denref (q), st, test_rand_range (st, 1, 200));
          mpz_add_ui (mpq_denref (q), mpq_denref (q), 1);
        }
      if (test_rand_range (st, 0, 1))
        mpz_neg (mpq_numref (q), mpq_numref (q));
      mpq_canonicalize (q);
      ck_assert_int_eq (ro_q_get_fixed (&s, q, places), RO_OK);
      test_require_msg (fixed_is_right (s, q, places),
                        "%s is not %s correctly rounded to %lu places", s,
                        mpq_get_str (NULL, 10, q), places);
      ro_free_str (s);
    }
  mpq_clear (q);
  gmp_randclear (st);
}
END_TEST

START_TEST (test_fixed_errors)
{
  mpq_t q;
  char *s;

  mpq_init (q);
  mpq_set_ui (q, 1, 3);
  ck_assert_int_eq (ro_q_get_fixed (&s, q, RO_DIGITS_MAX + 1), RO_EINVAL);
  mpq_clear (q);
}
END_TEST

/* Percentages by hand (issue 29): a value that rounds to up to three
   integer digits of percent is written as them, whatever the digits
   asked for.  */
static const struct
{
  unsigned long num, den, digits;
  const char *want;
} percent_cases[] = {
  {99999, 100000, 2, "100"},    /* 99.999% */
  {99999, 100000, 1, "100"},
  {99999, 100000, 3, "100"},
  {99999, 100000, 4, "100.0"},
  {99999, 100000, 5, "99.999"},
  {1, 2, 1, "50"},
  {3, 5, 1, "60"},
  {5, 12, 1, "40"},             /* 41.67% */
  {5, 12, 2, "42"},
  {5, 12, 3, "41.7"},
  {1, 16, 1, "6"},              /* 6.25% */
  {1, 1000, 1, "0.1"},
  {9996, 1000, 2, "1.0e+03"},   /* 999.6%: four integer digits */
  {1, 1, 1, "100"},
  {3, 1, 2, "300"},
};

#define N_PERCENT_CASES (sizeof percent_cases / sizeof percent_cases[0])

START_TEST (test_percent_hand)
{
  mpq_t q;
  mpq_init (q);
  mpq_set_ui (q, percent_cases[_i].num, percent_cases[_i].den);
  mpq_canonicalize (q);
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, percent_cases[_i].digits, 100 };
  char *s;
  ck_assert_int_eq (ro_q_get_decimal_as (&s, q, &fmt), RO_OK);
  ck_assert_msg (strcmp (s, percent_cases[_i].want) == 0,
                 "%lu/%lu to %lu digits of a percentage: %s, want %s",
                 percent_cases[_i].num, percent_cases[_i].den,
                 percent_cases[_i].digits, s, percent_cases[_i].want);
  ro_free_str (s);
  mpq_clear (q);
}
END_TEST

Suite *
output_suite (void)
{
  Suite *s = suite_create ("output");
  TCase *tc;

  tc = test_tcase_create ("hand");
  tcase_add_loop_test (tc, test_reference_hand, 0, (int) N_HAND_CASES);
  tcase_add_loop_test (tc, test_hand, 0, (int) N_HAND_CASES);
  tcase_add_test (tc, test_exponent_width);
  tcase_add_loop_test (tc, test_percent_hand, 0, (int) N_PERCENT_CASES);
  tcase_add_test (tc, test_mcloone_100);
  tcase_add_test (tc, test_zero_one);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("random");
  tcase_add_loop_test (tc, test_random, 0, 9);
  tcase_add_loop_test (tc, test_all_digits, 0, 9);
  tcase_add_test (tc, test_random_battles);
  tcase_add_test (tc, test_max_digits);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("errors");
  tcase_add_test (tc, test_decimal_errors);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("parse");
  tcase_add_loop_test (tc, test_parse_hand, 0, (int) N_PARSE_CASES);
  tcase_add_test (tc, test_parse_random);
  tcase_add_test (tc, test_parse_round_trip);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("fixed");
  tcase_add_loop_test (tc, test_fixed_hand, 0, (int) N_FIXED_CASES);
  tcase_add_test (tc, test_fixed_random);
  tcase_add_test (tc, test_fixed_errors);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("fraction");
  tcase_add_test (tc, test_fraction_hand);
  tcase_add_test (tc, test_fraction_random);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_output", output_suite);
}
