/* decimal.c -- correctly rounded decimal text of an exact rational */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>

#include "riskodds-impl.h"

/* A bottom utility, like error.c and progress.c: the one primitive that
   turns an exact value into the digits a user reads.  Both the output
   (output.c, sheet.c: fractions and numbers as published) and an engine
   (interval.c: a certified decimal must be the text the exact value
   gives) need it, so it lives below both, and neither calls the
   other.  */

/* Correct rounding by Ziv's strategy.  Q is enclosed between two binary
   floats LO <= Q <= HI of precision p (MPFR rounds the exact rational
   downwards and upwards); rounding to nearest is monotone, so when LO
   and HI round to the same DIGITS-digit decimal, so does Q.  Otherwise p
   is doubled.  A Q that is not exactly halfway between two such decimals
   lies at least 1 / (2 den 10^k) away from every midpoint, k = digits -
   exponent; once the enclosure is narrower than that and LO and HI still
   disagree, Q is exactly a midpoint, and the tie goes to the candidate
   whose last digit is even (as MPFR's own MPFR_RNDN does for a float).  */

typedef struct
{
  char *digits;                 /* from mpfr_get_str, no sign */
  mpfr_exp_t exp;               /* value = 0.digits * 10^exp */
} ro_dec_t;

static void
dec_clear (ro_dec_t *x)
{
  if (x->digits != NULL)
    mpfr_free_str (x->digits);
  x->digits = NULL;
}

static int
dec_equal (const ro_dec_t *x, const ro_dec_t *y)
{
  return x->exp == y->exp && strcmp (x->digits, y->digits) == 0;
}

/* The precision beyond which a disagreement can only be an exact tie.  */
static mpfr_prec_t
tie_precision (const mpq_t q, unsigned long digits, mpfr_exp_t exp)
{
  double dec = (double) (exp < 0 ? -exp : exp) + (double) digits + 2;
  return (mpfr_prec_t) (mpz_sizeinbase (mpq_denref (q), 2)
                        + 3.33 * dec + 16);
}

/* Round |Q| > 0 to DIGITS significant decimals, correctly, in *OUT.  */
static void
round_decimal (ro_dec_t *out, const mpq_t q, unsigned long digits)
{
  mpfr_prec_t prec = (mpfr_prec_t) (digits * 3.33) + 64;
  mpfr_t lo, hi;
  ro_dec_t dl = { NULL, 0 }, dh = { NULL, 0 };

  for (;;)
    {
      mpfr_inits2 (prec, lo, hi, (mpfr_ptr) 0);
      mpfr_set_q (lo, q, MPFR_RNDD);
      mpfr_set_q (hi, q, MPFR_RNDU);
      mpfr_abs (lo, lo, MPFR_RNDN);
      mpfr_abs (hi, hi, MPFR_RNDN);
      dl.digits = mpfr_get_str (NULL, &dl.exp, 10, digits, lo, MPFR_RNDN);
      dh.digits = mpfr_get_str (NULL, &dh.exp, 10, digits, hi, MPFR_RNDN);
      int done = dec_equal (&dl, &dh);
      int tie = !done && prec > tie_precision (q, digits, dl.exp);
      mpfr_clears (lo, hi, (mpfr_ptr) 0);
      if (done || tie)
        {
          const char *last = dl.digits + strlen (dl.digits) - 1;
          int low_even = (*last - '0') % 2 == 0;
          if (done || low_even)
            {
              *out = dl;
              dec_clear (&dh);
            }
          else
            {
              *out = dh;
              dec_clear (&dl);
            }
          return;
        }
      dec_clear (&dl);
      dec_clear (&dh);
      prec *= 2;
    }
}

/* Lay out the rounded digits: fixed notation when the rounded value is
   at least 1e-6 and its integer part needs no more digits than were
   asked for; scientific otherwise.  */
char *
ro_format_decimal (const char *digits, long e, int negative)
{
  size_t n = strlen (digits);
  size_t cap = n + (size_t) (e < 0 ? -e : e) + 32;
  char *s = malloc (cap), *p = s;
  if (s == NULL)
    return NULL;
  if (negative)
    *p++ = '-';
  /* Below 1e-6, and when the integer part is wider than the digits
     asked for (10 to one digit would read as two), scientific.  */
  if (e <= -6 || (e > 0 && (size_t) e > n))
    {
      *p++ = digits[0];
      if (n > 1)
        {
          *p++ = '.';
          memcpy (p, digits + 1, n - 1);
          p += n - 1;
        }
      /* At least two exponent digits, as C's printf and Python print.  */
      if (e <= 0)
        sprintf (p, "e-%02ld", 1 - e);
      else
        sprintf (p, "e+%02ld", e - 1);
      return s;
    }
  if (e <= 0)
    {
      *p++ = '0';
      *p++ = '.';
      memset (p, '0', (size_t) -e);
      p += -e;
      memcpy (p, digits, n);
      p[n] = '\0';
      return s;
    }
  for (size_t i = 0; i < (size_t) e; i++)
    *p++ = i < n ? digits[i] : '0';
  if ((size_t) e < n)
    {
      *p++ = '.';
      memcpy (p, digits + e, n - (size_t) e);
      p += n - (size_t) e;
    }
  *p = '\0';
  return s;
}

int
ro_q_get_decimal (char **str, const mpq_t q, unsigned long digits)
{
  if (digits < 1 || digits > RO_DIGITS_MAX)
    return RO_EINVAL;
  if (mpq_sgn (q) == 0)
    {
      *str = malloc (2);
      if (*str == NULL)
        return RO_ENOMEM;
      strcpy (*str, "0");
      return RO_OK;
    }
  ro_dec_t x;
  round_decimal (&x, q, digits);
  *str = ro_format_decimal (x.digits, (long) x.exp, mpq_sgn (q) < 0);
  dec_clear (&x);
  return *str == NULL ? RO_ENOMEM : RO_OK;
}

/* The integer nearest to Q * 10^PLACES into R, ties to the even one:
   with Q * 10^PLACES = F + REM/DEN (F the floor, 0 <= REM < DEN), R is
   F + 1 when 2 REM > DEN, or when 2 REM = DEN and F is odd.  */
static void
round_scaled (mpz_t r, const mpq_t q, unsigned long places)
{
  mpz_t rem;
  mpz_init (rem);
  mpz_ui_pow_ui (r, 10, places);
  mpz_mul (r, r, mpq_numref (q));
  mpz_fdiv_qr (r, rem, r, mpq_denref (q));
  mpz_mul_2exp (rem, rem, 1);
  int c = mpz_cmp (rem, mpq_denref (q));
  if (c > 0 || (c == 0 && mpz_odd_p (r)))
    mpz_add_ui (r, r, 1);
  mpz_clear (rem);
}

int
ro_q_get_fixed (char **str, const mpq_t q, unsigned long places)
{
  if (places > RO_DIGITS_MAX)
    return RO_EINVAL;
  mpz_t r;
  mpz_init (r);
  round_scaled (r, q, places);
  int rc = ro_format_fixed (str, r, places);
  mpz_clear (r);
  return rc;
}

int
ro_format_fixed (char **str, const mpz_t scaled, unsigned long places)
{
  mpz_t r;
  mpz_init_set (r, scaled);
  int negative = mpz_sgn (r) < 0;
  mpz_abs (r, r);
  /* The digits, with at least PLACES + 1 of them: leading zeros.  */
  size_t n = mpz_sizeinbase (r, 10) + 1;
  char *digits = malloc (n + 1);
  *str = malloc ((n > places + 1 ? n : places + 1) + 3);
  if (digits == NULL || *str == NULL)
    {
      free (digits);
      free (*str);
      mpz_clear (r);
      return RO_ENOMEM;
    }
  mpz_get_str (digits, 10, r);
  n = strlen (digits);
  size_t whole = n > places ? n - places : 0;
  char *p = *str;
  if (negative)
    *p++ = '-';
  if (whole == 0)
    *p++ = '0';
  memcpy (p, digits, whole);
  p += whole;
  if (places > 0)
    {
      *p++ = '.';
      size_t zeros = places - (n - whole);
      memset (p, '0', zeros);
      memcpy (p + zeros, digits + whole, n - whole);
      p += places;
    }
  *p = '\0';
  free (digits);
  mpz_clear (r);
  return RO_OK;
}

/* ro_format_decimal of a value times SCALE: a percentage (SCALE 100)
   whose rounded value has up to three integer digits is written in
   fixed notation even with fewer digits asked for: 100 and 50, not
   1.0e+02 and 5e+01 (a percentage reads as a whole number of percent;
   the zeros it gains are not more digits of the value).  */
char *
ro_format_decimal_scaled (const char *digits, long e, int negative,
                          unsigned long scale)
{
  size_t n = strlen (digits);
  char padded[4];
  if (scale != 1 && e > 0 && (size_t) e > n && e <= 3)
    {
      memcpy (padded, digits, n);
      memset (padded + n, '0', (size_t) e - n);
      padded[e] = '\0';
      digits = padded;
    }
  return ro_format_decimal (digits, e, negative);
}

/* Q, a percentage, to DIGITS significant digits as ro_q_get_decimal
   writes it, laid out by ro_format_decimal_scaled.  */
static int
percent_decimal (char **str, const mpq_t q, unsigned long digits)
{
  if (digits < 1 || digits > RO_DIGITS_MAX)
    return RO_EINVAL;
  if (mpq_sgn (q) == 0)
    return ro_q_get_decimal (str, q, digits);
  ro_dec_t x;
  round_decimal (&x, q, digits);
  *str = ro_format_decimal_scaled (x.digits, (long) x.exp, mpq_sgn (q) < 0,
                                   100);
  dec_clear (&x);
  return *str == NULL ? RO_ENOMEM : RO_OK;
}

/* The exact text of Q under FMT, as the program prints it.  */
int
ro_q_get_decimal_as (char **str, const mpq_t q, const ro_decimal_t *fmt)
{
  if (fmt->scale != 1 && fmt->scale != 100)
    return RO_EINVAL;
  mpq_t x;
  mpq_init (x);
  mpq_set (x, q);
  if (fmt->scale != 1)
    {
      mpz_mul_ui (mpq_numref (x), mpq_numref (x), fmt->scale);
      mpq_canonicalize (x);
    }
  int rc = fmt->style == RO_DECIMAL_PLACES ? ro_q_get_fixed (str, x, fmt->n)
    : fmt->scale != 1 ? percent_decimal (str, x, fmt->n)
    : ro_q_get_decimal (str, x, fmt->n);
  mpq_clear (x);
  return rc;
}

/* Measured on 18 v 6 (a value of 160 bits): --digits 10^6 peaks 7.6 MB
   above a trivial run, 3 x 10^5 at 2.1 MB; --places 10^6 at 5 MB.  Per
   digit: the two enclosures of 3.33 bits each (0.42 bytes), MPFR's
   division and its conversion to base 10 up to fourteen times that, the two
   candidates' digits and the laid out text (a byte each).  The value's
   own bits enter the division and the scaled integer.  */
int
ro_decimal_memory (double *bytes, const ro_decimal_t *fmt, double bits)
{
  if (fmt->n > RO_DIGITS_MAX || (fmt->style != RO_DECIMAL_DIGITS
                                 && fmt->style != RO_DECIMAL_PLACES))
    return RO_EINVAL;
  double n = (double) fmt->n, limbs = (3.33 * n + 64 + 2 * bits) / 8;
  *bytes = 16 * limbs + 3 * n + 4096;
  return RO_OK;
}
