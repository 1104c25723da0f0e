/* number.c -- numbers as published, and whether they are right */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "riskodds-impl.h"

/* Papers print probabilities in many ways: "0.754", ".754", "75.42%",
   "71,65%" (a decimal comma), "1.2e-07", "1955/2592", and text
   extraction of a stacked fraction gives "1955 2592".  Each is read
   exactly, never through a double, together with the unit in the last
   place it shows, which is what correct rounding is judged against.  */

void
ro_number_init (ro_number_t *n)
{
  mpq_inits (n->value, n->ulp, (mpq_ptr) 0);
}

void
ro_number_clear (ro_number_t *n)
{
  mpq_clears (n->value, n->ulp, (mpq_ptr) 0);
}

/* A cursor over the bytes [P, END).  */
typedef struct
{
  const char *start, *p, *end;
} cursor_t;

static int
at (const cursor_t *c, char ch)
{
  return c->p < c->end && *c->p == ch;
}

static int
at_digit (const cursor_t *c)
{
  return c->p < c->end && *c->p >= '0' && *c->p <= '9';
}

size_t
ro_blank_at (const char *p, const char *end)
{
  const unsigned char *u = (const unsigned char *) p;
  size_t n = (size_t) (end - p);
  if (n >= 1 && (u[0] == ' ' || u[0] == '\t'))
    return 1;
  if (n >= 2 && u[0] == 0xc2 && u[1] == 0xa0)
    return 2;                   /* U+00A0 NO-BREAK SPACE */
  if (n < 3)
    return 0;
  if (u[0] == 0xe2 && u[1] == 0x80
      && ((u[2] >= 0x80 && u[2] <= 0x8a) || u[2] == 0xaf))
    return 3;                   /* U+2000..U+200A, U+202F */
  if ((u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f)
      || (u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80))
    return 3;                   /* U+205F, U+3000 */
  return 0;
}

size_t
ro_blank_before (const char *start, const char *end)
{
  /* A continuation byte (0x80-0xbf) never starts a blank, so the
     shortest match is the blank itself.  */
  for (size_t k = 1; k <= 3 && k <= (size_t) (end - start); k++)
    if (ro_blank_at (end - k, end) == k)
      return k;
  return 0;
}

static void
skip_blanks (cursor_t *c)
{
  size_t k;
  while ((k = ro_blank_at (c->p, c->end)) > 0)
    c->p += k;
}

/* Skip a sign; return -1 for a minus ('-' or U+2212), 1 otherwise.  */
static int
take_sign (cursor_t *c)
{
  static const char minus[] = "\xe2\x88\x92";
  if (at (c, '+'))
    c->p++;
  else if (at (c, '-'))
    {
      c->p++;
      return -1;
    }
  else if ((size_t) (c->end - c->p) >= 3 && memcmp (c->p, minus, 3) == 0)
    {
      c->p += 3;
      return -1;
    }
  return 1;
}

/* Append the digits at the cursor to the mpz M (M = 10 M + digit, done
   through a string so that long runs cost one conversion); return how
   many there were.  */
static size_t
take_digits (mpz_t m, cursor_t *c)
{
  const char *s = c->p;
  while (at_digit (c))
    c->p++;
  size_t n = (size_t) (c->p - s);
  if (n == 0)
    return 0;
  char *buf = malloc (n + 1);
  mpz_t t;
  if (buf == NULL)
    return n;                   /* caller reports nothing; m unchanged */
  memcpy (buf, s, n);
  buf[n] = '\0';
  mpz_init_set_str (t, buf, 10);
  free (buf);
  mpz_t p;
  mpz_init (p);
  mpz_ui_pow_ui (p, 10, n);
  mpz_mul (m, m, p);
  mpz_add (m, m, t);
  mpz_clears (t, p, (mpz_ptr) 0);
  return n;
}

/* "e[+-]digits" into *EXP, |EXP| <= RO_DIGITS_MAX.  */
static int
take_exponent (long *exp, cursor_t *c)
{
  const char *e = c->p;
  c->p++;
  int sign = take_sign (c);
  if (!at_digit (c))
    {
      c->p = e;
      return RO_EINVAL;
    }
  long v = 0;
  while (at_digit (c))
    {
      if (v <= (long) RO_DIGITS_MAX)
        v = v * 10 + (*c->p - '0');
      c->p++;
    }
  if (v > (long) RO_DIGITS_MAX)
    {
      c->p = e;
      return RO_ERANGE;
    }
  *exp = sign * v;
  return RO_OK;
}

/* After the numerator: "/d" or blanks and "d" to the end.  Returns 1
   when a fraction was read into N, 0 when there is none here.  */
static int
take_fraction (ro_number_t *n, cursor_t *c, int *rc)
{
  const char *save = c->p;
  int slash = at (c, '/');
  if (slash)
    c->p++;
  skip_blanks (c);
  if (!slash && c->p == save)
    return 0;
  mpz_t d;
  mpz_init (d);
  const char *dstart = c->p;
  size_t nd = take_digits (d, c);
  skip_blanks (c);
  if (nd > RO_DIGITS_MAX)
    {
      mpz_clear (d);
      c->p = dstart;
      *rc = RO_ERANGE;
      return 1;
    }
  if (nd == 0 || c->p != c->end || mpz_sgn (d) == 0)
    {
      mpz_clear (d);
      if (!slash && (nd == 0 || c->p != c->end))
        {
          /* Not "n d": let the caller complain about what follows.  */
          c->p = save;
          return 0;
        }
      c->p = nd == 0 || mpz_sgn (d) == 0 ? dstart : c->p;
      *rc = RO_EINVAL;
      return 1;
    }
  mpz_set (mpq_denref (n->value), d);
  mpq_canonicalize (n->value);
  mpq_set_ui (n->ulp, 0, 1);
  mpz_clear (d);
  *rc = RO_OK;
  return 1;
}

/* Whether the cursor is at '%' (after blanks); it is skipped.  */
static int
take_percent (cursor_t *c)
{
  const char *save = c->p;
  skip_blanks (c);
  if (at (c, '%'))
    {
      c->p++;
      return 1;
    }
  c->p = save;
  return 0;
}

static int
parse (ro_number_t *n, cursor_t *c, int percent)
{
  int sign = take_sign (c), rc = RO_OK;
  mpz_set_ui (mpq_numref (n->value), 0);
  mpz_set_ui (mpq_denref (n->value), 1);
  size_t whole = take_digits (mpq_numref (n->value), c), frac = 0;
  long exp = 0;

  if (whole > RO_DIGITS_MAX)
    return RO_ERANGE;           /* a bound on the work a cell can ask */
  if (whole > 0 && !percent && take_fraction (n, c, &rc))
    {
      if (sign < 0)
        mpq_neg (n->value, n->value);
      return rc;
    }
  if ((at (c, '.') || at (c, ',')) && c->p + 1 < c->end
      && c->p[1] >= '0' && c->p[1] <= '9')
    {
      c->p++;
      frac = take_digits (mpq_numref (n->value), c);
    }
  else if (whole > 0 && (at (c, '.') || at (c, ',')))
    c->p++;                     /* "5." */
  if (whole + frac == 0)
    return RO_EINVAL;
  if (whole + frac > RO_DIGITS_MAX)
    return RO_ERANGE;           /* a bound on the work a cell can ask */
  if ((at (c, 'e') || at (c, 'E')) && (rc = take_exponent (&exp, c)) != RO_OK)
    return rc;
  int pct = take_percent (c) || percent;
  skip_blanks (c);
  if (c->p != c->end)
    return RO_EINVAL;

  mpq_set_ui (n->ulp, 1, 1);
  ro_q_mul_pow10 (n->ulp, exp - (long) frac - (pct ? 2 : 0));
  ro_q_mul_pow10 (n->value, exp - (long) frac - (pct ? 2 : 0));
  if (sign < 0)
    mpq_neg (n->value, n->value);
  return RO_OK;
}

int
ro_number_parse (ro_number_t *n, const char *s, size_t len, int percent,
                 size_t *errpos)
{
  cursor_t c = { s, s, s + len };
  skip_blanks (&c);
  size_t k;
  while ((k = ro_blank_before (c.p, c.end)) > 0)
    c.end -= k;
  int rc = c.p == c.end ? RO_EINVAL : parse (n, &c, percent);
  if (rc != RO_OK && errpos != NULL)
    *errpos = (size_t) (c.p - s);
  return rc;
}

void
ro_judgement_init (ro_judgement_t *j)
{
  j->agree = 0;
  mpq_inits (j->error, j->ulps, (mpq_ptr) 0);
}

void
ro_judgement_clear (ro_judgement_t *j)
{
  mpq_clears (j->error, j->ulps, (mpq_ptr) 0);
}

void
ro_judge (ro_judgement_t *j, const ro_number_t *n, const mpq_t x,
          const mpq_t tolerance)
{
  mpq_t size;
  mpq_init (size);
  mpq_sub (j->error, n->value, x);
  mpq_abs (size, j->error);
  if (mpq_sgn (n->ulp) == 0)
    mpq_set_ui (j->ulps, 0, 1);
  else
    mpq_div (j->ulps, j->error, n->ulp);

  /* A tolerance adds to correct rounding, never replaces it: a table
     may mix doubles and values rounded to 2 digits.  */
  j->agree = tolerance != NULL && mpq_cmp (size, tolerance) <= 0;
  if (mpq_sgn (n->ulp) == 0)
    j->agree |= mpq_sgn (j->error) == 0;
  else
    {
      /* |N - X| <= ulp / 2, i.e. |error / ulp| <= 1/2.  */
      mpq_abs (size, j->ulps);
      j->agree |= mpq_cmp_ui (size, 1, 2) <= 0;
    }
  mpq_clear (size);
}
