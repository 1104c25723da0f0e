/* check_number.c -- tests of published numbers: parsing and judging */

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

/* The expected values below are worked out by hand from the text (the
   digits over a power of ten, the fraction reduced), or built in the test
   from the integers it printed; none is read back from ro_number_parse
   or ro_judge.  */

#define MINUS "\xe2\x88\x92"    /* U+2212 MINUS SIGN in UTF-8 */

/* Q = the canonical value of the rational S ("-5/12", "0").  */
static void
q_of (mpq_t q, const char *s)
{
  ck_assert_msg (mpq_set_str (q, s, 10) == 0, "bad rational in test: %s", s);
  mpq_canonicalize (q);
}

/* Q = SIGN * N * 10^E, canonical.  */
static void
q_scaled (mpq_t q, const mpz_t n, int sign, long e)
{
  mpz_t p;
  mpz_init (p);
  mpz_ui_pow_ui (p, 10, (unsigned long) (e < 0 ? -e : e));
  mpz_set (mpq_numref (q), n);
  mpz_set_ui (mpq_denref (q), 1);
  if (e >= 0)
    mpz_mul (mpq_numref (q), mpq_numref (q), p);
  else
    mpz_set (mpq_denref (q), p);
  if (sign < 0)
    mpz_neg (mpq_numref (q), mpq_numref (q));
  mpq_canonicalize (q);
  mpz_clear (p);
}

/* ------------------------------------------------------------------ */
/* Parsing: hand cases                                                */
/* ------------------------------------------------------------------ */

/* Accepted texts.  LEN 0 means strlen (TEXT).  */
static const struct
{
  const char *text;
  size_t len;
  int percent;
  const char *value, *ulp;
} accepted[] = {
  {"0.754", 0, 0, "377/500", "1/1000"},
  {".754", 0, 0, "377/500", "1/1000"},
  {",754", 0, 0, "377/500", "1/1000"},
  {"75.42%", 0, 0, "3771/5000", "1/10000"},
  {"75,42 %", 0, 0, "3771/5000", "1/10000"},
  {"71,65%", 0, 0, "1433/2000", "1/10000"},
  {"71,65 %", 0, 0, "1433/2000", "1/10000"},
  {"71,65\t%", 0, 0, "1433/2000", "1/10000"},
  {"0,5 %", 0, 0, "1/200", "1/1000"},
  {"1 %", 0, 0, "1/100", "1/100"},
  {"1955/2592", 0, 0, "1955/2592", "0"},
  {"1955 2592", 0, 0, "1955/2592", "0"},
  {"1955   2592", 0, 0, "1955/2592", "0"},
  {"1955\t2592", 0, 0, "1955/2592", "0"},
  {"10/24", 0, 0, "5/12", "0"},
  {"-5/10", 0, 0, "-1/2", "0"},
  {MINUS "5 10", 0, 0, "-1/2", "0"},
  {"0/7", 0, 0, "0", "0"},
  {"7/1", 0, 0, "7", "0"},
  {"1.2e-07", 0, 0, "3/25000000", "1/100000000"},
  {"1E3", 0, 0, "1000", "1000"},
  {"1e-0", 0, 0, "1", "1"},
  {"2.50E+01", 0, 0, "25", "1/10"},
  {"1.5e2%", 0, 0, "3/2", "1/10"},
  {MINUS "1e" MINUS "2", 0, 0, "-1/100", "1/100"},
  {"-0.5", 0, 0, "-1/2", "1/10"},
  {"+0.5", 0, 0, "1/2", "1/10"},
  {MINUS "0.5", 0, 0, "-1/2", "1/10"},
  {"-0", 0, 0, "0", "1"},
  {"5.", 0, 0, "5", "1"},
  {"5,", 0, 0, "5", "1"},
  {"5.e1", 0, 0, "50", "10"},
  {"0.00", 0, 0, "0", "1/100"},
  {"007", 0, 0, "7", "1"},
  {"  7  ", 0, 0, "7", "1"},
  {"\t0.5\t", 0, 0, "1/2", "1/10"},
  /* Unicode spaces are blanks (issue 14, item 4): U+00A0 no-break,
     U+202F narrow no-break, U+2009 thin, U+2002 en, U+205F medium
     mathematical, U+3000 ideographic, as PDFs give them.  */
  {"41,67\xc2\xa0%", 0, 0, "4167/10000", "1/10000"},
  {"41,67\xe2\x80\xaf%", 0, 0, "4167/10000", "1/10000"},
  {"41,67\xe2\x80\x89%", 0, 0, "4167/10000", "1/10000"},
  {"41,67\xe2\x80\x82\xc2\xa0%", 0, 0, "4167/10000", "1/10000"},
  {MINUS "41,67\xe2\x80\xaf%", 0, 0, "-4167/10000", "1/10000"},
  {"\xc2\xa0" "5", 0, 0, "5", "1"},
  {"0.5\xe2\x81\x9f", 0, 0, "1/2", "1/10"},
  {"\xe3\x80\x80" "0.5\xe3\x80\x80", 0, 0, "1/2", "1/10"},
  {"1955\xe2\x80\x89" "2592", 0, 0, "1955/2592", "0"},
  {"1.2e" MINUS "07\xc2\xa0", 0, 0, "3/25000000", "1/100000000"},
  {"1.000000000000000000000001", 0, 0,
   "1000000000000000000000001/1000000000000000000000000",
   "1/1000000000000000000000000"},
  {"12345678901234567890", 0, 0, "12345678901234567890", "1"},
  /* PERCENT reads every number as a percentage, '%' or not, once.  */
  {"75.42", 0, 1, "3771/5000", "1/10000"},
  {"75.42%", 0, 1, "3771/5000", "1/10000"},
  {"71,65", 0, 1, "1433/2000", "1/10000"},
  {"5", 0, 1, "1/20", "1/100"},
  {"1e2", 0, 1, "1", "1"},
  /* LEN bounds the text: what follows is not looked at.  */
  {"0.75x", 4, 0, "3/4", "1/100"},
  {"1/2/3", 3, 0, "1/2", "0"},
  {"5%%%", 2, 0, "1/20", "1/100"},
};

#define N_ACCEPTED (sizeof accepted / sizeof *accepted)

START_TEST (test_parse_accepted)
{
  const char *t = accepted[_i].text;
  size_t len = accepted[_i].len ? accepted[_i].len : strlen (t);
  ro_number_t n;
  mpq_t v, u;
  size_t pos = 12345;
  mpq_inits (v, u, (mpq_ptr) 0);
  q_of (v, accepted[_i].value);
  q_of (u, accepted[_i].ulp);
  ro_number_init (&n);
  int rc = ro_number_parse (&n, t, len, accepted[_i].percent, &pos);
  ck_assert_msg (rc == RO_OK, "'%.*s' (percent %d): rc %d at %zu", (int) len,
                 t, accepted[_i].percent, rc, pos);
  ck_assert_msg (mpq_equal (n.value, v), "'%.*s': value %s, expected %s",
                 (int) len, t, mpq_get_str (NULL, 10, n.value),
                 accepted[_i].value);
  ck_assert_msg (mpq_equal (n.ulp, u), "'%.*s': ulp %s, expected %s",
                 (int) len, t, mpq_get_str (NULL, 10, n.ulp),
                 accepted[_i].ulp);
  ck_assert_msg (pos == 12345, "'%.*s': errpos written on success",
                 (int) len, t);
  /* The same again with ERRPOS NULL.  */
  rc = ro_number_parse (&n, t, len, accepted[_i].percent, NULL);
  ck_assert_msg (rc == RO_OK && mpq_equal (n.value, v),
                 "'%.*s' without errpos: rc %d", (int) len, t, rc);
  ro_number_clear (&n);
  mpq_clears (v, u, (mpq_ptr) 0);
}
END_TEST

/* Rejected texts: RC and the offset of the first byte that does not
   fit.  */
static const struct
{
  const char *text;
  size_t len;
  int percent, rc;
  size_t errpos;
} rejected[] = {
  {"", 0, 0, RO_EINVAL, 0},
  {"   ", 0, 0, RO_EINVAL, 3},
  {"abc", 0, 0, RO_EINVAL, 0},
  {"1/0", 0, 0, RO_EINVAL, 2},
  {"1/000", 0, 0, RO_EINVAL, 2},
  {"1/", 0, 0, RO_EINVAL, 2},
  {"/2", 0, 0, RO_EINVAL, 0},
  {"1/-2", 0, 0, RO_EINVAL, 2},
  {"1/2/3", 0, 0, RO_EINVAL, 3},
  {"1/2%", 0, 0, RO_EINVAL, 3},
  /* "1 2" would be a fraction; the third number makes the second one
     the first byte that does not fit a plain "1".  */
  {"1 2 3", 0, 0, RO_EINVAL, 2},
  {"1 e5", 0, 0, RO_EINVAL, 2},
  {"1e", 0, 0, RO_EINVAL, 1},
  {"1e+", 0, 0, RO_EINVAL, 1},
  {"1e-x", 0, 0, RO_EINVAL, 1},
  {"e5", 0, 0, RO_EINVAL, 0},
  {".", 0, 0, RO_EINVAL, 0},
  {",", 0, 0, RO_EINVAL, 0},
  {".e5", 0, 0, RO_EINVAL, 0},
  {"%", 0, 0, RO_EINVAL, 0},
  {"+", 0, 0, RO_EINVAL, 1},
  {MINUS, 0, 0, RO_EINVAL, 3},
  {"- 5", 0, 0, RO_EINVAL, 1},
  {"+-1", 0, 0, RO_EINVAL, 1},
  {"--1", 0, 0, RO_EINVAL, 1},
  {"12%x", 0, 0, RO_EINVAL, 3},
  {"1,5%%", 0, 0, RO_EINVAL, 4},
  {"5%e3", 0, 0, RO_EINVAL, 2},
  {"0x10", 0, 0, RO_EINVAL, 1},
  {"1..2", 0, 0, RO_EINVAL, 2},
  {"1.2.3", 0, 0, RO_EINVAL, 3},
  {"1,2,3", 0, 0, RO_EINVAL, 3},
  {"0.5 0.5", 0, 0, RO_EINVAL, 4},
  {"0.5x", 0, 0, RO_EINVAL, 3},
  {"1.5e3.2", 0, 0, RO_EINVAL, 5},
  {"\xe2\x88", 0, 0, RO_EINVAL, 0},      /* a cut U+2212 */
  {"\xc2\xa1" "5", 0, 0, RO_EINVAL, 0},  /* INVERTED EXCLAMATION MARK */
  {"5\xe2\x80", 0, 0, RO_EINVAL, 1},      /* a cut U+2009 */
  {"5\xe2\x80\x8b", 0, 0, RO_EINVAL, 1},  /* ZERO WIDTH SPACE is no blank */
  {"1\n", 0, 0, RO_EINVAL, 1},
  {"0.5\0", 4, 0, RO_EINVAL, 3},
  {"0\0.5", 4, 0, RO_EINVAL, 1},
  {"\0" "1", 2, 0, RO_EINVAL, 0},
  /* A percentage is not a fraction.  */
  {"1955/2592", 0, 1, RO_EINVAL, 4},
  {"1e9999999", 0, 0, RO_ERANGE, 1},
  {"0.5E-9999999", 0, 0, RO_ERANGE, 3},
  {"1e1000001", 0, 0, RO_ERANGE, 1},
  {"1e-1000001", 0, 0, RO_ERANGE, 1},
  {"1e00000000000000000000000000000000001000001", 0, 0, RO_ERANGE, 1},
};

#define N_REJECTED (sizeof rejected / sizeof *rejected)

START_TEST (test_parse_rejected)
{
  const char *t = rejected[_i].text;
  size_t len = rejected[_i].len ? rejected[_i].len : strlen (t);
  ro_number_t n;
  size_t pos = 12345;
  ro_number_init (&n);
  int rc = ro_number_parse (&n, t, len, rejected[_i].percent, &pos);
  ck_assert_msg (rc == rejected[_i].rc, "case %d '%.*s': rc %d, expected %d",
                 _i, (int) len, t, rc, rejected[_i].rc);
  ck_assert_msg (pos == rejected[_i].errpos,
                 "case %d '%.*s': errpos %zu, expected %zu", _i, (int) len,
                 t, pos, rejected[_i].errpos);
  /* ERRPOS may be NULL.  */
  rc = ro_number_parse (&n, t, len, rejected[_i].percent, NULL);
  ck_assert_msg (rc == rejected[_i].rc, "case %d without errpos: rc %d", _i,
                 rc);
  ro_number_clear (&n);
}
END_TEST

/* The bounds: RO_DIGITS_MAX digits and an exponent of RO_DIGITS_MAX
   are read; one more is RO_ERANGE, and two million digits do not run
   away.  */
START_TEST (test_parse_bounds)
{
  size_t big = 2000000, pos;
  char *s = malloc (big + 8);
  ro_number_t n;
  mpq_t v, u;
  mpz_t ten;
  ck_assert_msg (s != NULL, "out of memory in the test");
  mpq_inits (v, u, (mpq_ptr) 0);
  mpz_init_set_ui (ten, 10);
  ro_number_init (&n);

  /* "1" and RO_DIGITS_MAX - 1 zeros is 10^(RO_DIGITS_MAX - 1).  */
  s[0] = '1';
  memset (s + 1, '0', RO_DIGITS_MAX - 1);
  int rc = ro_number_parse (&n, s, RO_DIGITS_MAX, 0, &pos);
  ck_assert_msg (rc == RO_OK, "%lu digits: rc %d", RO_DIGITS_MAX, rc);
  mpz_pow_ui (mpq_numref (v), ten, RO_DIGITS_MAX - 1);
  mpz_set_ui (mpq_denref (v), 1);
  ck_assert_msg (mpq_equal (n.value, v), "%lu digits: wrong value",
                 RO_DIGITS_MAX);
  ck_assert_msg (mpq_cmp_ui (n.ulp, 1, 1) == 0, "%lu digits: wrong ulp",
                 RO_DIGITS_MAX);

  /* "0." and RO_DIGITS_MAX - 1 digits: 1 + (RO_DIGITS_MAX - 1) digits.  */
  s[0] = '0';
  s[1] = '.';
  memset (s + 2, '0', RO_DIGITS_MAX - 1);
  s[RO_DIGITS_MAX] = '1';
  rc = ro_number_parse (&n, s, RO_DIGITS_MAX + 1, 0, &pos);
  ck_assert_msg (rc == RO_OK, "0.0...01: rc %d", rc);
  mpz_set_ui (mpq_numref (u), 1);
  mpz_pow_ui (mpq_denref (u), ten, RO_DIGITS_MAX - 1);
  ck_assert_msg (mpq_equal (n.value, u) && mpq_equal (n.ulp, u),
                 "0.0...01: wrong value or ulp");
  /* One digit more is too many.  */
  s[RO_DIGITS_MAX + 1] = '1';
  rc = ro_number_parse (&n, s, RO_DIGITS_MAX + 2, 0, &pos);
  ck_assert_msg (rc == RO_ERANGE, "%lu + 1 digits: rc %d", RO_DIGITS_MAX, rc);
  ck_assert_msg (pos <= RO_DIGITS_MAX + 2, "errpos %zu beyond the text", pos);

  /* Two million digits.  */
  memset (s, '7', big);
  rc = ro_number_parse (&n, s, big, 0, &pos);
  ck_assert_msg (rc == RO_ERANGE, "%zu digits: rc %d", big, rc);
  ck_assert_msg (pos <= big, "errpos %zu beyond the text", pos);
  s[big] = '%';
  rc = ro_number_parse (&n, s, big + 1, 0, &pos);
  ck_assert_msg (rc == RO_ERANGE, "%zu digits and '%%': rc %d", big, rc);

  /* The largest exponents.  */
  rc = ro_number_parse (&n, "1e1000000", 9, 0, &pos);
  ck_assert_msg (rc == RO_OK, "1e1000000: rc %d", rc);
  mpz_pow_ui (mpq_numref (v), ten, RO_DIGITS_MAX);
  mpz_set_ui (mpq_denref (v), 1);
  ck_assert_msg (mpq_equal (n.value, v) && mpq_equal (n.ulp, v),
                 "1e1000000: wrong value or ulp");
  rc = ro_number_parse (&n, "1e-1000000", 10, 0, &pos);
  ck_assert_msg (rc == RO_OK, "1e-1000000: rc %d", rc);
  mpq_inv (v, v);
  ck_assert_msg (mpq_equal (n.value, v) && mpq_equal (n.ulp, v),
                 "1e-1000000: wrong value or ulp");

  ro_number_clear (&n);
  mpz_clear (ten);
  mpq_clears (v, u, (mpq_ptr) 0);
  free (s);
}
END_TEST

/* Parsing into a number that already holds one: nothing of the old
   value or ulp shows through.  */
START_TEST (test_parse_reuse)
{
  static const struct
  {
    const char *text, *value, *ulp;
  } seq[] = {
    {"1/3", "1/3", "0"}, {"0.5", "1/2", "1/10"}, {"2 7", "2/7", "0"},
    {"-3e2", "-300", "100"}, {"12%", "3/25", "1/100"}, {"9/3", "3", "0"},
    {".25", "1/4", "1/100"}
  };
  ro_number_t n;
  mpq_t v, u;
  mpq_inits (v, u, (mpq_ptr) 0);
  ro_number_init (&n);
  for (size_t i = 0; i < sizeof seq / sizeof *seq; i++)
    {
      int rc = ro_number_parse (&n, seq[i].text, strlen (seq[i].text), 0,
                                NULL);
      ck_assert_msg (rc == RO_OK, "'%s': rc %d", seq[i].text, rc);
      q_of (v, seq[i].value);
      q_of (u, seq[i].ulp);
      ck_assert_msg (mpq_equal (n.value, v) && mpq_equal (n.ulp, u),
                     "'%s' after '%s': %s ulp %s", seq[i].text,
                     i ? seq[i - 1].text : "", mpq_get_str (NULL, 10,
                                                            n.value),
                     mpq_get_str (NULL, 10, n.ulp));
      /* A failure in between does not matter to the next parse.  */
      ck_assert_msg (ro_number_parse (&n, "1/0", 3, 0, NULL) == RO_EINVAL,
                     "1/0 accepted");
    }
  ro_number_clear (&n);
  mpq_clears (v, u, (mpq_ptr) 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Parsing: random printed forms                                      */
/* ------------------------------------------------------------------ */

/* A growing text.  */
typedef struct
{
  char s[512];
  size_t n;
} text_t;

static void
put (text_t *t, const char *s)
{
  size_t k = strlen (s);
  ck_assert_msg (t->n + k < sizeof t->s, "test text too long");
  memcpy (t->s + t->n, s, k);
  t->n += k;
  t->s[t->n] = '\0';
}

static void
put_blanks (text_t *t, gmp_randstate_t st, unsigned long most)
{
  for (unsigned long k = test_rand_range (st, 0, most); k > 0; k--)
    put (t, test_rand_range (st, 0, 1) ? " " : "\t");
}

/* A sign: 1, or -1 for '-' and U+2212.  */
static int
put_sign (text_t *t, gmp_randstate_t st)
{
  switch (test_rand_range (st, 0, 3))
    {
    case 1:
      put (t, "+");
      return 1;
    case 2:
      put (t, "-");
      return -1;
    case 3:
      put (t, MINUS);
      return -1;
    default:
      return 1;
    }
}

/* K random digits, appended to the text and to the integer N.  */
static void
put_digits (text_t *t, mpz_t n, gmp_randstate_t st, unsigned long k)
{
  for (; k > 0; k--)
    {
      unsigned long d = test_rand_range (st, 0, 9);
      char c[2] = { (char) ('0' + d), '\0' };
      put (t, c);
      mpz_mul_ui (n, n, 10);
      mpz_add_ui (n, n, d);
    }
}

/* A random decimal as a paper might print it: the digits D (whole part
   W digits, decimals F), so the value is +-D * 10^(E - F - 2 [%]) and
   the ulp 10^(E - F - 2 [%]).  */
START_TEST (test_parse_random_decimal)
{
  gmp_randstate_t st;
  ro_number_t n;
  mpq_t v, u;
  mpz_t d;
  unsigned long iters = 20000 * test_scale;
  test_rand_init (st, 1);
  ro_number_init (&n);
  mpq_inits (v, u, (mpq_ptr) 0);
  mpz_init (d);
  for (unsigned long i = 0; i < iters; i++)
    {
      text_t t = { "", 0 };
      unsigned long w = test_rand_range (st, 0, 25);
      unsigned long f = test_rand_range (st, 0, 25);
      long e = 0;
      int pct = 0, flag = test_rand_range (st, 0, 3) == 0;
      const char *mark = test_rand_range (st, 0, 1) ? "." : ",";
      if (w + f == 0)
        w = 1;
      mpz_set_ui (d, 0);
      put_blanks (&t, st, 2);
      int sign = put_sign (&t, st);
      put_digits (&t, d, st, w);
      if (f > 0 || test_rand_range (st, 0, 3) == 0)
        put (&t, mark);         /* "5." when no decimals follow */
      put_digits (&t, d, st, f);
      if (test_rand_range (st, 0, 2) == 0)
        {
          char buf[32];
          unsigned long z = test_rand_range (st, 0, 2);
          put (&t, test_rand_range (st, 0, 1) ? "e" : "E");
          e = put_sign (&t, st) * (long) test_rand_range (st, 0, 60);
          for (; z > 0; z--)
            put (&t, "0");      /* leading zeros of the exponent */
          snprintf (buf, sizeof buf, "%ld", e < 0 ? -e : e);
          put (&t, buf);
        }
      if (test_rand_range (st, 0, 2) == 0)
        {
          put_blanks (&t, st, 2);
          put (&t, "%");
          pct = 1;
        }
      put_blanks (&t, st, 2);
      long scale = e - (long) f - (pct || flag ? 2 : 0);
      q_scaled (v, d, sign, scale);
      mpz_set_ui (d, 1);
      q_scaled (u, d, 1, scale);

      size_t pos = 0;
      int rc = ro_number_parse (&n, t.s, t.n, flag, &pos);
      ck_assert_msg (rc == RO_OK, "'%s' (percent %d): rc %d at %zu", t.s,
                     flag, rc, pos);
      ck_assert_msg (mpq_equal (n.value, v), "'%s' (percent %d): value %s, "
                     "expected %s", t.s, flag, mpq_get_str (NULL, 10,
                                                            n.value),
                     mpq_get_str (NULL, 10, v));
      ck_assert_msg (mpq_equal (n.ulp, u), "'%s' (percent %d): ulp %s, "
                     "expected %s", t.s, flag, mpq_get_str (NULL, 10, n.ulp),
                     mpq_get_str (NULL, 10, u));

      /* The same text with a stray byte after it: rejected there.  */
      static const char junk[] = "x#@!a;:_]";
      char j[2] = { junk[test_rand_range (st, 0, sizeof junk - 2)], '\0' };
      size_t at = t.n;
      put (&t, j);
      put_blanks (&t, st, 1);
      rc = ro_number_parse (&n, t.s, t.n, flag, &pos);
      ck_assert_msg (rc == RO_EINVAL && pos == at, "'%s': rc %d at %zu, "
                     "expected RO_EINVAL at %zu", t.s, rc, pos, at);
    }
  mpz_clear (d);
  mpq_clears (v, u, (mpq_ptr) 0);
  ro_number_clear (&n);
  gmp_randclear (st);
}
END_TEST

/* Random fractions "n/d" and "n d" (a stacked fraction flattened): the
   value N/D reduced, ulp 0.  */
START_TEST (test_parse_random_fraction)
{
  gmp_randstate_t st;
  ro_number_t n;
  mpq_t v;
  mpz_t a, b;
  unsigned long iters = 10000 * test_scale;
  test_rand_init (st, 2);
  ro_number_init (&n);
  mpq_init (v);
  mpz_inits (a, b, (mpz_ptr) 0);
  for (unsigned long i = 0; i < iters; i++)
    {
      text_t t = { "", 0 };
      mpz_set_ui (a, 0);
      mpz_set_ui (b, 0);
      put_blanks (&t, st, 2);
      int sign = put_sign (&t, st);
      put_digits (&t, a, st, test_rand_range (st, 1, 30));
      if (test_rand_range (st, 0, 1))
        put (&t, "/");
      else
        {
          put (&t, " ");
          put_blanks (&t, st, 2);
        }
      do
        {
          /* Until the denominator has a non-zero digit.  */
          put_digits (&t, b, st, test_rand_range (st, 1, 30));
        }
      while (mpz_sgn (b) == 0);
      put_blanks (&t, st, 2);
      mpz_set (mpq_numref (v), a);
      mpz_set (mpq_denref (v), b);
      if (sign < 0)
        mpq_neg (v, v);
      mpq_canonicalize (v);

      size_t pos = 0;
      int rc = ro_number_parse (&n, t.s, t.n, 0, &pos);
      ck_assert_msg (rc == RO_OK, "'%s': rc %d at %zu", t.s, rc, pos);
      ck_assert_msg (mpq_equal (n.value, v), "'%s': value %s, expected %s",
                     t.s, mpq_get_str (NULL, 10, n.value),
                     mpq_get_str (NULL, 10, v));
      ck_assert_msg (mpq_sgn (n.ulp) == 0, "'%s': ulp %s, expected 0", t.s,
                     mpq_get_str (NULL, 10, n.ulp));
    }
  mpz_clears (a, b, (mpz_ptr) 0);
  mpq_clear (v);
  ro_number_clear (&n);
  gmp_randclear (st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Judging                                                            */
/* ------------------------------------------------------------------ */

/* TOLERANCE NULL: correct rounding; ERROR = published - exact and ULPS
   = ERROR / ulp by hand (0 for a fraction).  */
static const struct
{
  const char *exact, *text;
  int percent;
  const char *tolerance;
  int agree;
  const char *error, *ulps;
} judged[] = {
  /* 5/12 = 0.41666...  */
  {"5/12", "0.4167", 0, NULL, 1, "1/30000", "1/3"},
  {"5/12", "0.4166", 0, NULL, 0, "-1/15000", "-2/3"},
  {"5/12", "0.4168", 0, NULL, 0, "1/7500", "4/3"},
  {"5/12", "0.417", 0, NULL, 1, "1/3000", "1/3"},
  {"5/12", "0.42", 0, NULL, 1, "1/300", "1/3"},
  {"5/12", "0.41", 0, NULL, 0, "-1/150", "-2/3"},
  {"5/12", "0.4", 0, NULL, 1, "-1/60", "-1/6"},
  {"5/12", "0", 0, NULL, 1, "-5/12", "-5/12"},
  {"5/12", "1", 0, NULL, 0, "7/12", "7/12"},
  {"5/12", "4.167e-1", 0, NULL, 1, "1/30000", "1/3"},
  {"5/12", "4167E-4", 0, NULL, 1, "1/30000", "1/3"},
  {"5/12", "0,4167", 0, NULL, 1, "1/30000", "1/3"},
  /* Ties: 1/8 = 0.125 lies half-way between 0.12 and 0.13.  */
  {"1/8", "0.12", 0, NULL, 1, "-1/200", "-1/2"},
  {"1/8", "0.13", 0, NULL, 1, "1/200", "1/2"},
  {"1/8", "0.11", 0, NULL, 0, "-3/200", "-3/2"},
  {"1/8", "0.14", 0, NULL, 0, "3/200", "3/2"},
  {"1/8", "0.125", 0, NULL, 1, "0", "0"},
  {"1/8", "0.1250", 0, NULL, 1, "0", "0"},
  {"1/8", "0.1", 0, NULL, 1, "-1/40", "-1/4"},
  {"1/8", "0.2", 0, NULL, 0, "3/40", "3/4"},
  {"-1/8", "-0.12", 0, NULL, 1, "1/200", "1/2"},
  {"-1/8", "-0.13", 0, NULL, 1, "-1/200", "-1/2"},
  {"-1/8", MINUS "0.11", 0, NULL, 0, "3/200", "3/2"},
  {"1/2", "0", 0, NULL, 1, "-1/2", "-1/2"},
  {"1/2", "1", 0, NULL, 1, "1/2", "1/2"},
  {"1", "0.995", 0, NULL, 0, "-1/200", "-5"},
  {"1", "1.00", 0, NULL, 1, "0", "0"},
  {"0", "0.00", 0, NULL, 1, "0", "0"},
  {"0", "0.004", 0, NULL, 0, "1/250", "4"},
  /* Fractions are right only when equal.  */
  {"5/12", "5/12", 0, NULL, 1, "0", "0"},
  {"5/12", "10/24", 0, NULL, 1, "0", "0"},
  {"5/12", "5 12", 0, NULL, 1, "0", "0"},
  {"5/12", "1/3", 0, NULL, 0, "-1/12", "0"},
  {"5/12", "417/1000", 0, NULL, 0, "1/3000", "0"},
  {"1955/2592", "1955 2592", 0, NULL, 1, "0", "0"},
  /* Percentages: the ulp is that of the value, 1e-4 for "41.67%".  */
  {"5/12", "41.67%", 0, NULL, 1, "1/30000", "1/3"},
  {"5/12", "41,67 %", 0, NULL, 1, "1/30000", "1/3"},
  {"5/12", "41.66%", 0, NULL, 0, "-1/15000", "-2/3"},
  {"5/12", "41,7 %", 0, NULL, 1, "1/3000", "1/3"},
  {"5/12", "42%", 0, NULL, 1, "1/300", "1/3"},
  {"5/12", "41%", 0, NULL, 0, "-1/150", "-2/3"},
  {"5/12", "41.67", 1, NULL, 1, "1/30000", "1/3"},
  {"5/12", "41.66", 1, NULL, 0, "-1/15000", "-2/3"},
  {"1/8", "12,5%", 0, NULL, 1, "0", "0"},
  {"1/8", "13%", 0, NULL, 1, "1/200", "1/2"},
  /* A tolerance adds to correct rounding: |error| <= tolerance, or
     within half an ulp.  */
  {"5/12", "0.41", 0, "1/100", 1, "-1/150", "-2/3"},
  {"5/12", "0.41", 0, "1/150", 1, "-1/150", "-2/3"},
  {"5/12", "0.41", 0, "1/151", 0, "-1/150", "-2/3"},
  {"5/12", "0.41", 0, "1/200", 0, "-1/150", "-2/3"},
  {"5/12", "0.4167", 0, "1/100000", 1, "1/30000", "1/3"},
  {"5/12", "0.4167", 0, "0", 1, "1/30000", "1/3"},
  {"5/12", "0.4168", 0, "1/7500", 1, "1/7500", "4/3"},
  {"5/12", "0.4168", 0, "1/7501", 0, "1/7500", "4/3"},
  {"5/12", "1/3", 0, "1/12", 1, "-1/12", "0"},
  {"5/12", "1/3", 0, "1/13", 0, "-1/12", "0"},
  {"5/12", "5/12", 0, "0", 1, "0", "0"},
  {"5/12", "42%", 0, "1/250", 1, "1/300", "1/3"},
  {"1/8", "0.11", 0, "3/200", 1, "-3/200", "-3/2"},
};

#define N_JUDGED (sizeof judged / sizeof *judged)

START_TEST (test_judge_hand)
{
  ro_number_t n;
  ro_judgement_t j;
  mpq_t x, tol, e, u;
  const char *t = judged[_i].text;
  mpq_inits (x, tol, e, u, (mpq_ptr) 0);
  ro_number_init (&n);
  ro_judgement_init (&j);
  q_of (x, judged[_i].exact);
  q_of (e, judged[_i].error);
  q_of (u, judged[_i].ulps);
  if (judged[_i].tolerance)
    q_of (tol, judged[_i].tolerance);
  int rc = ro_number_parse (&n, t, strlen (t), judged[_i].percent, NULL);
  ck_assert_msg (rc == RO_OK, "'%s': rc %d", t, rc);
  /* Judge twice: the judgement is overwritten, not accumulated.  */
  for (int k = 0; k < 2; k++)
    {
      ro_judge (&j, &n, x, judged[_i].tolerance ? tol : NULL);
      ck_assert_msg (j.agree == judged[_i].agree, "'%s' against %s (tol %s): "
                     "agree %d", t, judged[_i].exact,
                     judged[_i].tolerance ? judged[_i].tolerance : "none",
                     j.agree);
      ck_assert_msg (mpq_equal (j.error, e), "'%s' against %s: error %s, "
                     "expected %s", t, judged[_i].exact,
                     mpq_get_str (NULL, 10, j.error), judged[_i].error);
      ck_assert_msg (mpq_equal (j.ulps, u), "'%s' against %s: ulps %s, "
                     "expected %s", t, judged[_i].exact,
                     mpq_get_str (NULL, 10, j.ulps), judged[_i].ulps);
    }
  ro_judgement_clear (&j);
  ro_number_clear (&n);
  mpq_clears (x, tol, e, u, (mpq_ptr) 0);
}
END_TEST

/* M / 10^K as a decimal with K places (or, PCT, as a percentage with
   K - 2 places), with MARK as the decimal mark.  */
static void
print_decimal (text_t *t, const mpz_t m, unsigned long k, int pct, char mark)
{
  unsigned long places = pct ? k - 2 : k;
  char *digits = mpz_get_str (NULL, 10, m);
  const char *p = digits;
  char mk[2] = { mark, '\0' };
  t->n = 0;
  t->s[0] = '\0';
  if (*p == '-')
    {
      put (t, "-");
      p++;
    }
  /* At least one digit before the mark: zeros in front.  */
  for (size_t z = strlen (p); z < places + 1; z++)
    put (t, "0");
  size_t nd = strlen (p);
  for (size_t i = 0; i < nd; i++)
    {
      char c[2] = { p[i], '\0' };
      if (places > 0 && nd - i == places)
        put (t, mk);
      put (t, c);
    }
  if (places > 0 && nd < places)
    {
      /* All of P are decimals: the mark goes before the padding's last
         PLACES - ND zeros.  */
      size_t at = t->n - nd - (places - nd);
      memmove (t->s + at + 1, t->s + at, t->n - at + 1);
      t->s[at] = mark;
      t->n++;
    }
  if (pct)
    put (t, "%");
  free (digits);
}

/* For random Q = NUM / DEN and K, R = the decimal of Q at K places
   rounded to nearest, computed on integers (R = floor ((2 NUM 10^K + DEN)
   / (2 DEN))): it agrees; R - 1 and R + 1 agree only at an exact tie,
   |Q 10^K - M| = 1/2; and ULPS = M - Q 10^K.  */
START_TEST (test_judge_random)
{
  gmp_randstate_t st;
  ro_number_t n;
  ro_judgement_t j;
  mpq_t q, want, tol;
  mpz_t num, den, p, r, m, lhs, rhs;
  unsigned long iters = 10000 * test_scale, ties = 0, near_misses = 0;
  test_rand_init (st, 3);
  ro_number_init (&n);
  ro_judgement_init (&j);
  mpq_inits (q, want, tol, (mpq_ptr) 0);
  mpz_inits (num, den, p, r, m, lhs, rhs, (mpz_ptr) 0);
  for (unsigned long i = 0; i < iters; i++)
    {
      unsigned long k = test_rand_range (st, 0, 15);
      int pct = k >= 2 && test_rand_range (st, 0, 2) == 0;
      char mark = test_rand_range (st, 0, 3) == 0 ? ',' : '.';
      mpz_ui_pow_ui (p, 10, k);
      switch (test_rand_range (st, 0, 4))
        {
        case 0:                /* an exact tie (2t + 1) / (2 10^K) */
          mpz_urandomb (num, st, 40);
          mpz_mul_2exp (num, num, 1);
          mpz_add_ui (num, num, 1);
          mpz_mul_2exp (den, p, 1);
          break;
        case 1:                /* a big denominator */
          mpz_urandomb (den, st, test_rand_range (st, 1, 200));
          mpz_add_ui (den, den, 1);
          mpz_urandomm (num, st, den);
          break;
        default:               /* a small one, as dice give */
          mpz_set_ui (den, test_rand_range (st, 1, 100000));
          mpz_set_ui (num, test_rand_range (st, 0, 3 * 100000));
          break;
        }
      if (test_rand_range (st, 0, 4) == 0)
        mpz_neg (num, num);
      mpz_set (mpq_numref (q), num);
      mpz_set (mpq_denref (q), den);
      mpq_canonicalize (q);
      mpz_set (num, mpq_numref (q));
      mpz_set (den, mpq_denref (q));

      mpz_mul (r, num, p);
      mpz_mul_2exp (r, r, 1);
      mpz_add (r, r, den);
      mpz_mul_2exp (lhs, den, 1);
      mpz_fdiv_q (r, r, lhs);

      for (int delta = -1; delta <= 1; delta++)
        {
          text_t t;
          mpz_set (m, r);
          if (delta < 0)
            mpz_sub_ui (m, m, 1);
          else if (delta > 0)
            mpz_add_ui (m, m, 1);
          /* |2 NUM 10^K - 2 M DEN| <= DEN: within half an ulp.  */
          mpz_mul (lhs, num, p);
          mpz_submul (lhs, m, den);
          mpz_mul_2exp (lhs, lhs, 1);
          mpz_abs (lhs, lhs);
          int agree = mpz_cmp (lhs, den) <= 0;
          ck_assert_msg (delta != 0 || agree, "reference: R not within "
                         "half an ulp");
          if (delta != 0 && agree)
            ties++;
          /* ULPS = M - Q 10^K = (M DEN - NUM 10^K) / DEN.  */
          mpz_mul (mpq_numref (want), m, den);
          mpz_submul (mpq_numref (want), num, p);
          mpz_set (mpq_denref (want), den);
          mpq_canonicalize (want);

          print_decimal (&t, m, k, pct, mark);
          int rc = ro_number_parse (&n, t.s, t.n, 0, NULL);
          ck_assert_msg (rc == RO_OK, "'%s': rc %d", t.s, rc);
          ro_judge (&j, &n, q, NULL);
          ck_assert_msg (j.agree == agree, "'%s' against %s at %lu places: "
                         "agree %d, expected %d", t.s,
                         mpq_get_str (NULL, 10, q), k, j.agree, agree);
          ck_assert_msg (mpq_equal (j.ulps, want), "'%s' against %s: ulps "
                         "%s, expected %s", t.s, mpq_get_str (NULL, 10, q),
                         mpq_get_str (NULL, 10, j.ulps),
                         mpq_get_str (NULL, 10, want));

          /* A tolerance of T / (DEN 10^K) agrees when
             |M DEN - NUM 10^K| <= T, or when M is correctly rounded.  */
          unsigned long tt = test_rand_range (st, 0, 3);
          mpz_mul (rhs, m, den);
          mpz_submul (rhs, num, p);
          mpz_abs (rhs, rhs);
          if (mpz_cmp_ui (rhs, 3) <= 0)
            near_misses++;
          mpz_set_ui (mpq_numref (tol), tt);
          mpz_mul (mpq_denref (tol), den, p);
          mpq_canonicalize (tol);
          ro_judge (&j, &n, q, tol);
          ck_assert_msg (j.agree == (agree || mpz_cmp_ui (rhs, tt) <= 0),
                         "'%s' against %s with tolerance %s: agree %d",
                         t.s, mpq_get_str (NULL, 10, q),
                         mpq_get_str (NULL, 10, tol), j.agree);
        }
    }
  /* The draw must reach the cases that matter.  */
  ck_assert_msg (ties > iters / 20, "only %lu ties drawn", ties);
  ck_assert_msg (near_misses > 0, "no tolerance boundary drawn");
  mpz_clears (num, den, p, r, m, lhs, rhs, (mpz_ptr) 0);
  mpq_clears (q, want, tol, (mpq_ptr) 0);
  ro_judgement_clear (&j);
  ro_number_clear (&n);
  gmp_randclear (st);
}
END_TEST

static Suite *
number_suite (void)
{
  Suite *s = suite_create ("number");
  TCase *tc = test_tcase_create ("parse");
  tcase_add_loop_test (tc, test_parse_accepted, 0, (int) N_ACCEPTED);
  tcase_add_loop_test (tc, test_parse_rejected, 0, (int) N_REJECTED);
  tcase_add_test (tc, test_parse_bounds);
  tcase_add_test (tc, test_parse_reuse);
  tcase_add_test (tc, test_parse_random_decimal);
  tcase_add_test (tc, test_parse_random_fraction);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("judge");
  tcase_add_loop_test (tc, test_judge_hand, 0, (int) N_JUDGED);
  tcase_add_test (tc, test_judge_random);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_number", number_suite);
}
