/* bintest.c -- the exact binomial test of a simulated probability */

#include <config.h>

#include <math.h>

#include <mpfr.h>

#include "riskodds-impl.h"

/* A simulator's estimate of P from N battles is K/N, K ~ Bin(N, P).  The
   p-value of K is twice the smaller tail.  N goes to 10^9 and beyond, P
   is a fraction of thousands of bits: an exact sum of the N + 1 terms is
   out of reach, a double underflows and a normal approximation is wrong
   in the tails.  So the tail on K's side of the mean is summed on MPFR
   enclosures [lo, hi], every operation rounded outwards (down for lo, up
   for hi), from the term at K away from the mean:

     pmf (K)  = exp (lgamma (N+1) - lgamma (K+1) - lgamma (N-K+1)
                     + K log n + (N-K) log m - N log Q),   P = n/Q, m = Q-n,

   kept as 2^E times a number near 1 (E an integer), so that no term
   leaves MPFR's exponent range however small.  The next term is the last
   times the ratio r (j m / ((N-j+1) n) going down, (N-j) n / ((j+1) m)
   going up); on K's side of the mean r < 1 and it shrinks the further
   the sum goes, so every term left is at most the current one times
   r^i: the rest of the tail is below t r / (1 - r), which is added to
   the upper bound when the sum stops (the rest below 2^-64 of it, or no
   term left).  The bounds are thus certified, however many terms were
   summed.  The other tail is 1 - that tail + pmf (K).  */

#define PREC 128

/* An interval [lo, hi] of MPFR numbers.  */
typedef struct
{
  mpfr_t lo, hi;
} ival_t;

static void
ival_init (ival_t *x)
{
  mpfr_inits2 (PREC, x->lo, x->hi, (mpfr_ptr) 0);
}

static void
ival_clear (ival_t *x)
{
  mpfr_clears (x->lo, x->hi, (mpfr_ptr) 0);
}

/* X = log Z (Z > 0).  */
static void
ival_log_z (ival_t *x, const mpz_t z)
{
  mpfr_set_z (x->lo, z, MPFR_RNDD);
  mpfr_set_z (x->hi, z, MPFR_RNDU);
  mpfr_log (x->lo, x->lo, MPFR_RNDD);
  mpfr_log (x->hi, x->hi, MPFR_RNDU);
}

/* X += S * Y (S a signed integer, exactly representable).  */
static void
ival_addmul_si (ival_t *x, long s, const ival_t *y, mpfr_t t)
{
  /* S * Y's lower bound is S * lo for S >= 0, S * hi otherwise.  */
  mpfr_mul_si (t, s >= 0 ? y->lo : y->hi, s, MPFR_RNDD);
  mpfr_add (x->lo, x->lo, t, MPFR_RNDD);
  mpfr_mul_si (t, s >= 0 ? y->hi : y->lo, s, MPFR_RNDU);
  mpfr_add (x->hi, x->hi, t, MPFR_RNDU);
}

/* X -= lgamma (V) (V >= 1 integer, exact at PREC; lgamma increases from
   2 on and is 0 at 1 and 2).  */
static void
ival_sub_lgamma (ival_t *x, unsigned long v, mpfr_t t)
{
  mpfr_set_ui (t, v, MPFR_RNDN);
  mpfr_lngamma (t, t, MPFR_RNDU);
  mpfr_sub (x->lo, x->lo, t, MPFR_RNDD);
  mpfr_set_ui (t, v, MPFR_RNDN);
  mpfr_lngamma (t, t, MPFR_RNDD);
  mpfr_sub (x->hi, x->hi, t, MPFR_RNDU);
}

/* The term at K as 2^*E times T: T encloses exp (log pmf (K) - E ln 2),
   which lies near 1.  */
static void
pmf_scaled (ival_t *t, long *e, const mpz_t n, const mpz_t m, const mpz_t q,
            unsigned long N, unsigned long k)
{
  ival_t l, g;
  mpfr_t w;
  ival_init (&l);
  ival_init (&g);
  mpfr_init2 (w, PREC);
  mpfr_set_ui (l.lo, 0, MPFR_RNDN);
  mpfr_set_ui (l.hi, 0, MPFR_RNDN);
  ival_sub_lgamma (&l, k + 1, w);
  ival_sub_lgamma (&l, N - k + 1, w);
  /* + lgamma (N + 1): the reverse of a subtraction.  */
  mpfr_neg (l.lo, l.lo, MPFR_RNDN);
  mpfr_neg (l.hi, l.hi, MPFR_RNDN);
  mpfr_swap (l.lo, l.hi);
  ival_sub_lgamma (&l, N + 1, w);
  mpfr_neg (l.lo, l.lo, MPFR_RNDN);
  mpfr_neg (l.hi, l.hi, MPFR_RNDN);
  mpfr_swap (l.lo, l.hi);
  if (k > 0)
    {
      ival_log_z (&g, n);
      ival_addmul_si (&l, (long) k, &g, w);
    }
  if (N > k)
    {
      ival_log_z (&g, m);
      ival_addmul_si (&l, (long) (N - k), &g, w);
    }
  ival_log_z (&g, q);
  ival_addmul_si (&l, -(long) N, &g, w);
  /* E = floor (lo / ln 2); then L - E ln 2, with ln 2 enclosed.  */
  mpfr_const_log2 (g.lo, MPFR_RNDD);
  mpfr_const_log2 (g.hi, MPFR_RNDU);
  mpfr_div (w, l.lo, g.hi, MPFR_RNDN);
  mpfr_floor (w, w);
  *e = mpfr_get_si (w, MPFR_RNDN);
  ival_addmul_si (&l, -*e, &g, w);
  mpfr_exp (t->lo, l.lo, MPFR_RNDD);
  mpfr_exp (t->hi, l.hi, MPFR_RNDU);
  ival_clear (&l);
  ival_clear (&g);
  mpfr_clear (w);
}

/* The tail of K's side, scaled as the term: S encloses 2^-E times
   P(X <= K) (DOWN) or P(X >= K).  R encloses m/n (DOWN) or n/m; T, the
   term at K, is consumed.  */
static void
tail_scaled (ival_t *s, ival_t *t, const ival_t *r, unsigned long N,
             unsigned long k, int down)
{
  mpfr_t rl, rh, w;
  mpfr_inits2 (PREC, rl, rh, w, (mpfr_ptr) 0);
  mpfr_set (s->lo, t->lo, MPFR_RNDD);
  mpfr_set (s->hi, t->hi, MPFR_RNDU);
  unsigned long j = k;
  for (unsigned long step = 0; down ? j > 0 : j < N; step++)
    {
      /* The ratio from term j to the next, enclosed.  */
      unsigned long num = down ? j : N - j, den = down ? N - j + 1 : j + 1;
      mpfr_mul_ui (rl, r->lo, num, MPFR_RNDD);
      mpfr_div_ui (rl, rl, den, MPFR_RNDD);
      mpfr_mul_ui (rh, r->hi, num, MPFR_RNDU);
      mpfr_div_ui (rh, rh, den, MPFR_RNDU);
      if (step % 8 == 0 && mpfr_cmp_ui (rh, 1) < 0)
        {
          /* The rest is below t r / (1 - r): stop when it is below
             2^-64 of the sum.  */
          mpfr_ui_sub (w, 1, rh, MPFR_RNDD);
          mpfr_div (w, rh, w, MPFR_RNDU);
          mpfr_mul (w, w, t->hi, MPFR_RNDU);
          mpfr_mul_2si (rl, s->lo, -64, MPFR_RNDD);
          if (mpfr_cmp (w, rl) <= 0)
            {
              mpfr_add (s->hi, s->hi, w, MPFR_RNDU);
              break;
            }
          /* RL was overwritten: compute it again.  */
          mpfr_mul_ui (rl, r->lo, num, MPFR_RNDD);
          mpfr_div_ui (rl, rl, den, MPFR_RNDD);
        }
      mpfr_mul (t->lo, t->lo, rl, MPFR_RNDD);
      mpfr_mul (t->hi, t->hi, rh, MPFR_RNDU);
      mpfr_add (s->lo, s->lo, t->lo, MPFR_RNDD);
      mpfr_add (s->hi, s->hi, t->hi, MPFR_RNDU);
      j = down ? j - 1 : j + 1;
    }
  mpfr_clears (rl, rh, w, (mpfr_ptr) 0);
}

/* log10 (X 2^E) rounded towards RND (MPFR_RNDD or MPFR_RNDU), with W
   and L2 for work: log10 2 is rounded the way that moves its product
   with E towards RND.  */
static double
log10_pow2 (mpfr_t w, mpfr_t l2, mpfr_t x, long e, mpfr_rnd_t rnd)
{
  mpfr_rnd_t away = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
  mpfr_log10 (w, x, rnd);
  mpfr_set_ui (l2, 2, MPFR_RNDN);
  mpfr_log10 (l2, l2, e >= 0 ? rnd : away);
  mpfr_mul_si (l2, l2, e, rnd);
  mpfr_add (w, w, l2, rnd);
  return mpfr_get_d (w, rnd);
}

/* PV from the p-value's enclosure [LO, HI] times 2^E.  */
static void
set_log10 (ro_pvalue_t *pv, mpfr_t lo, mpfr_t hi, long e)
{
  mpfr_t l2, w;
  mpfr_inits2 (PREC, l2, w, (mpfr_ptr) 0);
  pv->log10_lo = mpfr_sgn (lo) <= 0 ? -HUGE_VAL
    : log10_pow2 (w, l2, lo, e, MPFR_RNDD);
  pv->log10_hi = log10_pow2 (w, l2, hi, e, MPFR_RNDU);
  /* A p-value is at most 1.  */
  if (pv->log10_hi > 0)
    pv->log10_hi = 0;
  if (pv->log10_lo > 0)
    pv->log10_lo = 0;
  mpfr_clears (l2, w, (mpfr_ptr) 0);
}

/* The p-value from the side tail S and the term T at K, both scaled by
   2^E: twice the smaller of S and 1 - S + T, at most 1.  */
static void
two_sided (ro_pvalue_t *pv, ival_t *s, const ival_t *t, long e)
{
  /* While S is at most 1/4, it is the smaller tail (the other is at
     least 3/4): p = 2 S, kept scaled.  */
  mpfr_t w;
  mpfr_init2 (w, PREC);
  mpfr_mul_2si (w, s->hi, e + 2, MPFR_RNDU);
  if (mpfr_cmp_ui (w, 1) <= 0)
    {
      set_log10 (pv, s->lo, s->hi, e + 1);
      mpfr_clear (w);
      return;
    }
  /* Otherwise E is small: unscale.  O = 1 - S + T.  */
  ival_t o;
  ival_init (&o);
  mpfr_mul_2si (s->lo, s->lo, e, MPFR_RNDD);
  mpfr_mul_2si (s->hi, s->hi, e, MPFR_RNDU);
  mpfr_mul_2si (w, t->lo, e, MPFR_RNDD);
  mpfr_ui_sub (o.lo, 1, s->hi, MPFR_RNDD);
  mpfr_add (o.lo, o.lo, w, MPFR_RNDD);
  mpfr_mul_2si (w, t->hi, e, MPFR_RNDU);
  mpfr_ui_sub (o.hi, 1, s->lo, MPFR_RNDU);
  mpfr_add (o.hi, o.hi, w, MPFR_RNDU);
  mpfr_min (s->lo, s->lo, o.lo, MPFR_RNDD);
  mpfr_min (s->hi, s->hi, o.hi, MPFR_RNDU);
  for (int i = 0; i < 2; i++)
    {
      mpfr_ptr x = i ? s->hi : s->lo;
      mpfr_mul_2ui (x, x, 1, MPFR_RNDN);
      if (mpfr_cmp_ui (x, 1) > 0)
        mpfr_set_ui (x, 1, MPFR_RNDN);
    }
  set_log10 (pv, s->lo, s->hi, 0);
  ival_clear (&o);
  mpfr_clear (w);
}

/* The test for 0 < P < 1, P = n/q, m = q - n.  */
static void
test_valid (ro_pvalue_t *pv, const mpz_t n, const mpz_t m, const mpz_t q,
            unsigned long N, unsigned long k)
{
  /* K is on the lower side when K <= N P, i.e. K q <= N n.  */
  mpz_t a, b;
  mpz_inits (a, b, (mpz_ptr) 0);
  mpz_mul_ui (a, q, k);
  mpz_mul_ui (b, n, N);
  int down = mpz_cmp (a, b) <= 0;
  mpz_clears (a, b, (mpz_ptr) 0);

  ival_t t, s, r, t0;
  ival_init (&t);
  ival_init (&s);
  ival_init (&r);
  ival_init (&t0);
  long e;
  pmf_scaled (&t, &e, n, m, q, N, k);
  mpfr_set (t0.lo, t.lo, MPFR_RNDD);
  mpfr_set (t0.hi, t.hi, MPFR_RNDU);
  /* R = m/n going down, n/m going up.  */
  const mpz_srcptr top = down ? m : n, bottom = down ? n : m;
  mpfr_set_z (r.lo, top, MPFR_RNDD);
  mpfr_set_z (s.hi, bottom, MPFR_RNDU);
  mpfr_div (r.lo, r.lo, s.hi, MPFR_RNDD);
  mpfr_set_z (r.hi, top, MPFR_RNDU);
  mpfr_set_z (s.lo, bottom, MPFR_RNDD);
  mpfr_div (r.hi, r.hi, s.lo, MPFR_RNDU);
  tail_scaled (&s, &t, &r, N, k, down);
  two_sided (pv, &s, &t0, e);
  ival_clear (&t);
  ival_clear (&s);
  ival_clear (&r);
  ival_clear (&t0);
}

int
ro_binomial_test (ro_pvalue_t *pv, const mpq_t p, unsigned long n,
                  unsigned long k)
{
  if (mpq_sgn (p) < 0 || mpq_cmp_ui (p, 1, 1) > 0 || k > n)
    return RO_EINVAL;
  if (n == 0 || n > RO_SAMPLES_MAX)
    return RO_ERANGE;
  /* P = 0 or 1: the one count it allows has p-value 1, any other 0.  */
  if (mpq_sgn (p) == 0 || mpq_cmp_ui (p, 1, 1) == 0)
    {
      int fits = mpq_sgn (p) == 0 ? k == 0 : k == n;
      pv->log10_lo = pv->log10_hi = fits ? 0 : -HUGE_VAL;
      return RO_OK;
    }
  mpz_t m;
  mpz_init (m);
  mpz_sub (m, mpq_denref (p), mpq_numref (p));
  test_valid (pv, mpq_numref (p), m, mpq_denref (p), n, k);
  mpz_clear (m);
  return RO_OK;
}

int
ro_binomial_test_best (ro_pvalue_t *pv, unsigned long *k, const mpq_t p,
                       unsigned long n, unsigned long k_lo,
                       unsigned long k_hi)
{
  if (k_lo > k_hi || k_hi > n)
    return RO_EINVAL;
  /* floor (N P) and the next count: the median is one of them.  */
  mpz_t f;
  mpz_init (f);
  mpz_mul_ui (f, mpq_numref (p), n);
  if (mpq_sgn (p) >= 0)
    mpz_fdiv_q (f, f, mpq_denref (p));
  unsigned long mid = mpz_fits_ulong_p (f) ? mpz_get_ui (f) : 0;
  mpz_clear (f);
  /* With the median in the range the ends need no test; a p-value
     certainly 1 needs no other.  */
  unsigned long cand[4] = { mid, mid + 1, k_lo, k_hi };
  int found = 0, median = (mid >= k_lo && mid <= k_hi)
    || (mid + 1 >= k_lo && mid + 1 <= k_hi);
  for (int i = 0; i < 4; i++)
    {
      if (cand[i] < k_lo || cand[i] > k_hi || (median && i >= 2)
          || (found && pv->log10_lo == 0))
        continue;
      ro_pvalue_t t;
      int rc = ro_binomial_test (&t, p, n, cand[i]);
      if (rc != RO_OK)
        return rc;
      if (!found || t.log10_hi > pv->log10_hi)
        {
          *pv = t;
          *k = cand[i];
          found = 1;
        }
    }
  return RO_OK;
}
