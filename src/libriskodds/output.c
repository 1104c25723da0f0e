/* output.c -- exact fractions of rationals, and rationals from text */

#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds-impl.h"

/* The correctly rounded decimals are decimal.c's, below the engines
   that need them too (interval.c).  */

int
ro_q_get_fraction (char **str, const mpq_t q)
{
  size_t cap = mpz_sizeinbase (mpq_numref (q), 10)
    + mpz_sizeinbase (mpq_denref (q), 10) + 3;
  *str = malloc (cap);
  if (*str == NULL)
    return RO_ENOMEM;
  mpq_get_str (*str, 10, q);
  return RO_OK;
}

int
ro_grid_fractions_memory (double *bytes, const ro_rules_t *rules,
                          unsigned long a_lo, unsigned long a_hi,
                          unsigned long d_lo, unsigned long d_hi)
{
  if (a_lo > a_hi || d_lo > d_hi)
    return RO_EINVAL;
  int rc = ro_check_battle (rules, a_hi, d_hi);
  if (rc != RO_OK)
    return rc;
  /* An attacker with no army to fight has 0 ("0" or "1"): only the
     rows after it hold fractions.  The fighting armies grow by one
     with A: their sum over the rows is the rows times the mean of the
     first and the last; likewise D.  */
  double cells = ((double) a_hi - a_lo + 1) * ((double) d_hi - d_lo + 1);
  if (ro_rules_fighting (rules, a_lo) == 0)
    a_lo++;
  if (a_lo > a_hi)
    {
      *bytes = cells * (4 + 24 + sizeof (char *));
      return RO_OK;
    }
  double na = (double) a_hi - a_lo + 1, nd = (double) d_hi - d_lo + 1;
  double f = ((double) ro_rules_fighting (rules, a_lo)
              + ro_rules_fighting (rules, a_hi)) / 2;
  double armies = na * nd * (f + ((double) d_lo + d_hi) / 2);
  /* Two numbers of 0.302 decimal digits per bit, the '/' and the NUL,
     malloc's header and rounding, and the pointer to each.  */
  *bytes = 2 * 0.30103 * armies
    * ro_rules_bits_per_army_upto (rules, ro_rules_fighting (rules, a_hi))
    + cells * (4 + 24 + sizeof (char *));
  return RO_OK;
}

void
ro_free_str (char *str)
{
  free (str);
}

/* Copy the decimal digits at *S to BUF + *POS, advancing both; return
   how many there were.  */
static size_t
take_digits (char *buf, size_t *pos, const char **s)
{
  size_t n = 0;
  while (**s >= '0' && **s <= '9')
    {
      buf[(*pos)++] = *(*s)++;
      n++;
    }
  return n;
}

/* An exponent "e[+-]digits" at *S into *EXP (at most RO_DIGITS_MAX in
   magnitude: 10^1000000 is still a number GMP holds easily, 10^(10^18)
   is not).  */
static int
take_exponent (long *exp, const char **s)
{
  const char *t = *s + 1;
  if (*t == '-' || *t == '+')
    t++;
  if (*t < '0' || *t > '9')
    return RO_EINVAL;
  char *end;
  errno = 0;
  *exp = strtol (*s + 1, &end, 10);
  *s = end;
  if (errno == ERANGE || *exp > (long) RO_DIGITS_MAX
      || *exp < -(long) RO_DIGITS_MAX)
    return RO_ERANGE;
  return RO_OK;
}

/* Q = N / D from the strings N (signed) and D (unsigned, not zero).  */
static int
q_set_fraction (mpq_t q, const char *n, const char *d)
{
  if (*d == '\0' || strspn (d, "0123456789") != strlen (d)
      || strspn (d, "0") == strlen (d))
    return RO_EINVAL;
  mpz_set_str (mpq_numref (q), n, 10);
  mpz_set_str (mpq_denref (q), d, 10);
  mpq_canonicalize (q);
  return RO_OK;
}

void
ro_q_mul_pow10 (mpq_ptr q, long e)
{
  mpz_t p;
  mpz_init (p);
  mpz_ui_pow_ui (p, 10, (unsigned long) labs (e));
  if (e >= 0)
    mpz_mul (mpq_numref (q), mpq_numref (q), p);
  else
    mpz_mul (mpq_denref (q), mpq_denref (q), p);
  mpq_canonicalize (q);
  mpz_clear (p);
}

/* Q = M * 10^E, M a signed integer string.  */
static void
q_set_scaled (mpq_t q, const char *m, long e)
{
  mpz_set_str (mpq_numref (q), m, 10);
  mpz_set_ui (mpq_denref (q), 1);
  ro_q_mul_pow10 (q, e);
}

int
ro_q_set_str (mpq_t q, const char *str)
{
  const char *s = str;
  size_t pos = 0, whole, frac = 0;
  long exp = 0;
  int rc = RO_OK;
  char *buf = malloc (strlen (str) + 2);
  if (buf == NULL)
    return RO_ENOMEM;

  /* GMP reads a leading '-' but not a '+'.  */
  if (*s == '-' || *s == '+')
    if (*s++ == '-')
      buf[pos++] = '-';
  whole = take_digits (buf, &pos, &s);
  buf[pos] = '\0';
  if (*s == '/' && whole > 0)
    {
      rc = q_set_fraction (q, buf, s + 1);
      free (buf);
      return rc;
    }
  if (*s == '.')
    {
      s++;
      frac = take_digits (buf, &pos, &s);
      buf[pos] = '\0';
    }
  if (whole + frac == 0)
    rc = RO_EINVAL;
  else if (*s == 'e' || *s == 'E')
    rc = take_exponent (&exp, &s);
  if (rc == RO_OK && *s != '\0')
    rc = RO_EINVAL;
  if (rc == RO_OK)
    q_set_scaled (q, buf, exp - (long) frac);
  free (buf);
  return rc;
}
