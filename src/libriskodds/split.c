/* split.c -- one battle in quasi-linear time: the strip's sums by binary
   splitting */

#include <config.h>

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* The derivation.

   Notation as in strip.c: states (f, d), f the fighting armies; L =
   min(most attack dice, most defence dice); F = {f >= f0, d >= d0} the
   states where both sides roll their most dice and the battle goes on;
   inside F a round costs exactly L armies, the attacker losing k of
   them in c_k of the T equally likely rolls, P(z) = sum c_k z^k.  From
   the start (F0, D0) in F the weight of the paths to the state with x
   attacker losses after t rounds is [z^x] P^t / T^t (F is an upper
   orthant and both coordinates only fall, so no path that ends in F has
   left it).

   What is summed.  P(win) = sum over the states s of F and the outcomes
   k of a round at s that leave F of  weight(s) c_k / T W(s - move_k),
   W the probability of winning from a state outside F.  Each such exit
   is given to one edge:
     the attacker's edge: s = (f0 + i, d), i = 0 .. L - 1, and k > i
       (the attacker falls below f0; the destination is in band A,
       f < f0, or in the corner);
     the defender's edge: s = (f, d0 + i) and the defender's loss
       L - k > i with the destination's f >= f0 (band B).
   Along the attacker's edge x = F0 - f0 - i is fixed and t runs: the
   window w_t = ([z^(X - i)] P^t), i = 0 .. L - 1, X = F0 - f0, covers
   the states (f0 + i, rho(t) - i), rho(t) = D0 + X - L t.  Along the
   defender's edge the same with Prev(z) = z^L P(1/z) (the defender's
   losses), Y = D0 - d0 and rho(t) = F0 + Y - L t.  One code serves both
   edges: the "short" coordinate (f on the attacker's edge, d on the
   defender's) is s0 + i, the "long" one rho(t) - i.

   P-recursive: the window.  Write G = z^lo Q, Q(0) != 0, deg Q = r, hi
   = lo + r.  From Q (Q^t)' = t Q' Q^t, for every integer m
       q_r (r t - m) Q^t_m = sum_{k<r} q_k (m + r - k (t + 1)) Q^t_{m+r-k},
   so the lo + r coefficients below the window follow from it, one after
   the other, by a division by q_r (hi t - X + j) (entry j >= L of the
   extended window; never zero once hi t >= X - L + 1, the first t at
   which the window can be non-zero, t0), and G^(t+1) = G G^t gives the
   next window.  Hence w_(t+1) = N(t) w_t / delta(t): N an L x L matrix
   and delta a number, both polynomial in t (a leaf of the product
   tree).  The window is P-recursive in t.

   C-finite: the band.  Let X(rho) hold W at the states (s, rho - j) of
   the band, s from the band's lowest short coordinate to s0 - 1, j = 0
   .. L - 1.  For rho + 1 >= the long coordinate's edge (d0 or f0) every
   state of the rows rho + 1 .. rho + L rolls the same dice against the
   band's, and its outcomes fall in those rows or in X(rho): X(rho + L)
   = C X(rho) for a constant matrix C.  The edge's exits at t read only
   X(rho(t)).  So the band's values along the edge are C-finite in t.
   C is never formed: the vectors X(rho_b), X(rho_b + L), ... are
   computed exactly by a small recursion over the band (band_value)
   until one depends on those before it (a Krylov basis K, kappa
   vectors); then C K = K Chat with Chat the companion matrix of that
   dependence, and X(rho(t)) = K Chat^(tb - t) e_0 for rho_b = rho(tb).

   The sum.  With Gamma (kappa x L) the exits' values at the basis
   vectors, Gamma[j][i] = sum_{k>i} g_k W(s0 + i - k, rho_b + j L - i -
   L + k), the regular part of an edge, t0 <= t <= tb, is
       S = sum_t e_0' (A^(tb - t) Gamma w_t / T^t) / T,   A = Chat',
   a Horner sum h_(t+1) = T A h_t + Gamma w_(t+1) (h scaled by T^t)
   carried along the window's recurrence.  A node of the product tree
   over the leaves [a, b) holds Pn, Pd (w_b = Pn w_a / Pd) and Xn
   (h_b = (T A)^(b-a) h_a + Xn w_a / (Pd ad^(b-a)), T A = An / ad), and
   two nodes combine as
       Pn = Pn_R Pn_L,  Pd = Pd_L Pd_R,
       Xn = An^len_R Xn_L Pd_R + Xn_R Pn_L ad^len_L,
   the powers of An shared by the nodes of a level.  The matrices are
   L x L and kappa x L: for the standard rules (3 v 2, d6, ties to the
   defender) L = 2 and kappa <= 3 (the band's geometric terms: 55/216
   per defender for one attacking die, 295/1296 per two defenders for
   two, 441/1296 per attacker on the defender's edge, and 1).  The
   rows of the window near the corner (rho(t) < the edge + 2L - 2) are
   summed directly from the last window, and are the whole sum when the
   edge is that short.

   Exactness.  Every number is an integer; the pieces' denominators are
   known products, whose factors other than the primes of the bases
   (the leaves' delta) divide the numerator exactly, because each piece
   is a probability over a power of the bases.  The pieces are added as
   integers over powers of those primes and reduced at the end, as the
   strip engine's: the same canonical fraction.

   The moments.  --stats needs, besides P(win), the sums over the wins
   and the losses of each side's armies left x and of x^2, times the
   end's probability.  Each is the same sum over the exits with W
   replaced by the expected value of x (x^2) at the end from the exit's
   destination, 0 at the ends of the other kind (linearity: every path
   leaves F once).  In the band these values satisfy W's recursion, but
   the ends reached from the rows rho + 1 .. rho + L (the short side
   falling out) are worth polynomials of degree 2 in rho:
   X(rho + L) = C X(rho) + b(rho).  Adjoining (1, rho, rho^2) to the
   vectors (SPLIT_POLY) makes the step linear again, so the Krylov basis
   of the adjoined vectors gives the same companion form and the rest is
   unchanged; the pieces are still probabilities times integers over
   powers of the bases, so the exact divisions stay exact.

   Two threads.  The two edges share nothing but the model, the rules'
   numbers (T, the primes) and the answer: each has its own copy of the
   band's memo and its own sum, and the two sums are added at the end.
   With two processors the defender's edge runs on a thread of its own
   while the caller's thread runs the attacker's; the sum is the same
   rational number either way, hence the same canonical fraction.  Only
   the caller's thread reports progress (its edge's share).  */

#define SPLIT_NPRIME 8

/* The powers of the long coordinate adjoined to the band's vectors for
   a moment: the ends' values are polynomials of degree 2 in it.  */
#define SPLIT_POLY 3

/* The widest band the engine takes (its small recursion and the Krylov
   basis grow with it); wider bands go to the strip engine.  */
#define SPLIT_BAND_MAX (RO_DICE_MAX + 1)

/* The most armies at the edges of F (f0, d0: the stop's and the goal's)
   the engine takes: its small recursion over the band walks down from
   there.  */
#define SPLIT_EDGE_MAX 64

typedef struct
{
  mpz_t n;
  unsigned long e[SPLIT_NPRIME];
} frac_t;

typedef struct
{
  unsigned long len;
  mpz_t *pn;                    /* L x L */
  mpz_t pd, pr;                 /* pr: pd without the bases' primes */
  mpz_t *xn;                    /* kappa x L */
} node_t;

typedef struct
{
  unsigned long len;
  mpz_t *an;                    /* kappa x kappa */
  mpz_t ad;
} power_t;

typedef struct split split_t;

typedef struct
{
  split_t *s;
  int side;                     /* 0: the attacker's edge, 1: the defender's */
  unsigned L, lo, r, hi;
  mpz_t g[RO_DICE_MAX + 1], q[RO_DICE_MAX + 1];
  long x;
  unsigned long s0, s_lo, long0, top;   /* rho(t) = top - L t */
  unsigned long t0;
  long tb;
  unsigned kappa;
  mpz_t *an, ad;                /* T A = an / ad */
  mpz_t *gam, gd;               /* Gamma = gam / gd */
  unsigned long tree_e[SPLIT_NPRIME];   /* the leaves' delta, bases' part */
  power_t *pow;
  size_t npow, cpow;
  mpz_t *ev, ed, tmp, tmp2;     /* a leaf's work space */
  double done, total;           /* progress */
  double scale;                 /* its units' weight in the reports */
} edge_t;

struct split
{
  const ro_model_t *m;
  unsigned long F0, D0, f0, d0, fa_lo, db_lo;
  unsigned na_max, nd_max, L;
  unsigned long base[2], e_full[2];
  mpz_t T;
  unsigned np;
  unsigned long prime[SPLIT_NPRIME];
  unsigned long t_e[SPLIT_NPRIME];      /* T's exponents */
  /* The band's values: a memo over band A and the corner (f in
     [fa_lo, f0), d in [0, dmax]) and band B (f in [f0, fmax], d in
     [db_lo, d0)).  */
  unsigned long fmax, dmax;
  size_t cells;
  mpq_t *w;
  char *have;
  frac_t sum;
  /* What is summed: 0 P(win); otherwise, as ro_split_moment's
     arguments, 1 + 4 LOSS + 2 DEFENDERS + POWER - 1.  */
  int moment;
  double done, total;
};

/* ------------------------------------------------------------------ */
/* Integers over powers of the bases' primes                          */

static void
primes_init (split_t *s)
{
  unsigned long mult[SPLIT_NPRIME][2];
  s->np = ro_base_primes (s->base, s->prime, mult, SPLIT_NPRIME);
}

/* REST = N without the bases' primes, whose exponents are added to E.  */
static void
split_base (mpz_t rest, unsigned long *e, const mpz_t n, const split_t *s)
{
  mpz_t p;
  mpz_init (p);
  mpz_set (rest, n);
  for (unsigned i = 0; i < s->np; i++)
    {
      mpz_set_ui (p, s->prime[i]);
      e[i] += mpz_remove (rest, rest, p);
    }
  mpz_clear (p);
}

static void
frac_init (frac_t *a)
{
  mpz_init (a->n);
  for (unsigned i = 0; i < SPLIT_NPRIME; i++)
    a->e[i] = 0;
}

/* A += B (B's numerator is consumed).  */
static void
frac_add (split_t *s, frac_t *a, frac_t *b)
{
  mpz_t p;
  mpz_init (p);
  for (unsigned i = 0; i < s->np; i++)
    {
      if (a->e[i] < b->e[i])
        {
          if (mpz_sgn (a->n) != 0)
            {
              mpz_ui_pow_ui (p, s->prime[i], b->e[i] - a->e[i]);
              mpz_mul (a->n, a->n, p);
            }
          a->e[i] = b->e[i];
        }
      else if (b->e[i] < a->e[i] && mpz_sgn (b->n) != 0)
        {
          mpz_ui_pow_ui (p, s->prime[i], a->e[i] - b->e[i]);
          mpz_mul (b->n, b->n, p);
        }
    }
  mpz_add (a->n, a->n, b->n);
  mpz_clear (p);
}

/* Add NUM / (DEN_REST * the primes to DEN_E) to the sum, DEN_REST
   dividing NUM.  */
static void
sum_add (split_t *s, const mpz_t num, const mpz_t den_rest,
         const unsigned long *den_e)
{
  frac_t b;
  frac_init (&b);
  mpz_divexact (b.n, num, den_rest);
  for (unsigned i = 0; i < s->np; i++)
    b.e[i] = den_e[i];
  frac_add (s, &s->sum, &b);
  mpz_clear (b.n);
}

/* Q = the sum, reduced: the bases' primes removed from the numerator as
   far as the denominator has them (no gcd of numbers of this size).  */
static void
sum_get_q (mpq_t q, split_t *s)
{
  mpz_t p;
  mpz_init (p);
  mpz_set (mpq_numref (q), s->sum.n);
  mpz_set_ui (mpq_denref (q), 1);
  for (unsigned i = 0; i < s->np && mpz_sgn (mpq_numref (q)) != 0; i++)
    {
      unsigned long v = s->sum.e[i], k = 0;
      if (s->prime[i] == 2)
        {
          k = mpz_scan1 (mpq_numref (q), 0);
          k = k < v ? k : v;
          mpz_tdiv_q_2exp (mpq_numref (q), mpq_numref (q), k);
        }
      else if (v > 0 && mpz_divisible_ui_p (mpq_numref (q), s->prime[i]))
        {
          mpz_set_ui (p, s->prime[i]);
          k = mpz_remove (mpq_numref (q), mpq_numref (q), p);
          if (k > v)
            {
              mpz_ui_pow_ui (p, s->prime[i], k - v);
              mpz_mul (mpq_numref (q), mpq_numref (q), p);
              k = v;
            }
        }
      mpz_ui_pow_ui (p, s->prime[i], v - k);
      mpz_mul (mpq_denref (q), mpq_denref (q), p);
    }
  if (mpz_sgn (mpq_numref (q)) == 0)
    mpz_set_ui (mpq_denref (q), 1);
  mpz_clear (p);
}

/* ------------------------------------------------------------------ */
/* The band: W outside F, by a small exact recursion                  */

/* The memo's cell of a live state (F, D) outside F, CELLS when it has
   none.  */
static size_t
memo_index (const split_t *s, unsigned long f, unsigned long d)
{
  size_t wa = s->f0 - s->fa_lo, wb = s->d0 - s->db_lo;
  if (f >= s->fa_lo && f < s->f0 && d <= s->dmax)
    return (f - s->fa_lo) * (s->dmax + 1) + d;
  if (f >= s->f0 && f <= s->fmax && d >= s->db_lo && d < s->d0)
    return wa * (s->dmax + 1) + (f - s->f0) * wb + (d - s->db_lo);
  return s->cells;
}

/* The value summed at the end (F, D), OVER as ro_model_ended.  */
static void
end_value (mpq_ptr out, const split_t *s, int over, unsigned long f,
           unsigned long d)
{
  if (s->moment == 0)
    {
      mpq_set_ui (out, over > 0, 1);
      return;
    }
  unsigned m = (unsigned) s->moment - 1;
  int loss = (m & 4) != 0, defenders = (m & 2) != 0;
  unsigned long x = defenders ? d : f + s->m->c.behind;
  if ((over < 0) != loss)
    x = 0;
  mpz_ui_pow_ui (mpq_numref (out), x, (m & 1) + 1);
  mpz_set_ui (mpq_denref (out), 1);
}

static void
band_value (mpq_ptr out, split_t *s, unsigned long f, unsigned long d)
{
  int over = ro_model_ended (s->m, f, d);
  if (over != 0)
    {
      end_value (out, s, over, f, d);
      return;
    }
  size_t at = memo_index (s, f, d);
  if (at < s->cells && s->have[at])
    {
      mpq_set (out, s->w[at]);
      return;
    }
  unsigned na = ro_model_attack_dice (s->m, f);
  unsigned nd = ro_model_defend_dice (s->m, d);
  const ro_round_t *r = &s->m->round[na][nd];
  mpq_t sum, v;
  mpq_inits (sum, v, (mpq_ptr) 0);
  for (unsigned k = 0; k <= r->comparisons; k++)
    if (mpz_sgn (r->count[k]) != 0)
      {
        band_value (v, s, f - k, d - (r->comparisons - k));
        mpz_mul (mpq_numref (v), mpq_numref (v), r->count[k]);
        mpq_canonicalize (v);
        mpq_add (sum, sum, v);
      }
  mpz_ui_pow_ui (mpq_numref (v), s->m->rules.attack_sides, na);
  mpz_ui_pow_ui (mpq_denref (v), s->m->rules.defend_sides, nd);
  mpz_mul (mpq_denref (sum), mpq_denref (sum), mpq_numref (v));
  mpz_mul (mpq_denref (sum), mpq_denref (sum), mpq_denref (v));
  mpq_canonicalize (sum);
  if (at < s->cells)
    {
      mpq_init (s->w[at]);
      mpq_set (s->w[at], sum);
      s->have[at] = 1;
    }
  mpq_set (out, sum);
  mpq_clears (sum, v, (mpq_ptr) 0);
}

/* W at the state of edge E with short coordinate SH and long LG.  */
static void
edge_value (mpq_ptr out, edge_t *e, unsigned long sh, unsigned long lg)
{
  if (e->side == 0)
    band_value (out, e->s, sh, lg);
  else
    band_value (out, e->s, lg, sh);
}

/* OUT = the exits of window entry I at rho (long rho - i): sum over
   k > i of g_k W(destination), times nothing (the 1/T is the caller's);
   on the defender's edge only destinations with f >= f0 count.  */
static void
exit_value (mpq_ptr out, edge_t *e, unsigned i, unsigned long rho)
{
  mpq_t v;
  mpq_init (v);
  mpq_set_ui (out, 0, 1);
  for (unsigned k = i + 1; k <= e->L; k++)
    {
      if (mpz_sgn (e->g[k]) == 0)
        continue;
      unsigned long lg = rho - i - (e->L - k);
      if (e->side == 1 && lg < e->long0)
        continue;
      edge_value (v, e, e->s0 + i - k, lg);
      mpz_mul (mpq_numref (v), mpq_numref (v), e->g[k]);
      mpq_canonicalize (v);
      mpq_add (out, out, v);
    }
  mpq_clear (v);
}

/* ------------------------------------------------------------------ */
/* The band's vectors X(rho) and their Krylov basis                   */

/* Is V in the span of B[0 .. N-1] (each of DIM)?  Then COEF[0 .. N-1]
   gets the combination.  Exact elimination over Q.  */
static int
span_solve (mpq_t *coef, mpq_t *const *b, unsigned n, const mpq_t *v,
            unsigned dim)
{
  unsigned cols = n + 1;
  mpq_t *a = malloc ((size_t) dim * cols * sizeof *a);
  mpq_t t;
  mpq_init (t);
  for (unsigned i = 0; i < dim; i++)
    {
      for (unsigned j = 0; j < n; j++)
        mpq_init (a[i * cols + j]), mpq_set (a[i * cols + j], b[j][i]);
      mpq_init (a[i * cols + n]);
      mpq_set (a[i * cols + n], v[i]);
    }
  unsigned row = 0, *piv = malloc ((n + 1) * sizeof *piv);
  for (unsigned c = 0; c < n && row < dim; c++)
    {
      unsigned p = row;
      while (p < dim && mpq_sgn (a[p * cols + c]) == 0)
        p++;
      if (p == dim)
        continue;
      for (unsigned j = 0; j < cols; j++)
        mpq_swap (a[p * cols + j], a[row * cols + j]);
      for (unsigned i = 0; i < dim; i++)
        if (i != row && mpq_sgn (a[i * cols + c]) != 0)
          {
            mpq_div (t, a[i * cols + c], a[row * cols + c]);
            for (unsigned j = c; j < cols; j++)
              {
                mpq_t u;
                mpq_init (u);
                mpq_mul (u, t, a[row * cols + j]);
                mpq_sub (a[i * cols + j], a[i * cols + j], u);
                mpq_clear (u);
              }
          }
      piv[row++] = c;
    }
  int ok = 1;
  for (unsigned i = row; i < dim; i++)
    if (mpq_sgn (a[i * cols + n]) != 0)
      ok = 0;
  if (ok)
    {
      for (unsigned j = 0; j < n; j++)
        mpq_set_ui (coef[j], 0, 1);
      for (unsigned i = 0; i < row; i++)
        mpq_div (coef[piv[i]], a[i * cols + n], a[i * cols + piv[i]]);
    }
  for (unsigned i = 0; i < dim * cols; i++)
    mpq_clear (a[i]);
  free (a);
  free (piv);
  mpq_clear (t);
  return ok;
}

/* The lcm of the denominators of Q[0 .. N-1] in D, and NUM[i] = Q[i] D.  */
static void
common_den (mpz_t *num, mpz_t d, const mpq_t *q, size_t n)
{
  mpz_set_ui (d, 1);
  for (size_t i = 0; i < n; i++)
    mpz_lcm (d, d, mpq_denref (q[i]));
  for (size_t i = 0; i < n; i++)
    {
      mpz_divexact (num[i], d, mpq_denref (q[i]));
      mpz_mul (num[i], num[i], mpq_numref (q[i]));
    }
}

/* The Krylov basis of the band at rho_b = rho(tb): kappa, T A and
   Gamma.  */
static void
edge_band (edge_t *e)
{
  split_t *s = e->s;
  unsigned L = e->L;
  unsigned long wide = e->s0 - e->s_lo;
  unsigned dim = (unsigned) wide * L;
  /* A moment's ends give the band's recursion terms polynomial in rho:
     (1, rho, rho^2) adjoined make it linear again.  */
  unsigned poly = s->moment ? SPLIT_POLY : 0;
  dim += poly;
  unsigned long rho_b = e->top - (unsigned long) e->tb * L;
  mpq_t **x = malloc ((dim + 1) * sizeof *x);
  mpq_t *coef = malloc ((dim + 1) * sizeof *coef);
  unsigned n = 0;
  for (;; n++)
    {
      x[n] = malloc ((dim ? dim : 1) * sizeof **x);
      for (unsigned long sh = e->s_lo, c = 0; sh < e->s0; sh++)
        for (unsigned j = 0; j < L; j++, c++)
          {
            mpq_init (x[n][c]);
            edge_value (x[n][c], e, sh, rho_b + (unsigned long) n * L - j);
          }
      for (unsigned k = 0; k < poly; k++)
        {
          unsigned c = dim - poly + k;
          mpq_init (x[n][c]);
          mpz_ui_pow_ui (mpq_numref (x[n][c]), rho_b + (unsigned long) n * L,
                         k);
        }
      for (unsigned j = 0; j <= n; j++)
        mpq_init (coef[j]);
      int dep = span_solve (coef, x, n, (const mpq_t *) x[n], dim);
      if (dep)
        break;
      for (unsigned j = 0; j <= n; j++)
        mpq_clear (coef[j]);
    }
  unsigned kappa = e->kappa = n;
  /* T A: A = Chat', Chat e_j = e_(j+1), Chat e_(kappa-1) = sum coef_j e_j.  */
  mpq_t *a = malloc ((kappa * kappa + 1) * sizeof *a);
  for (unsigned i = 0; i < kappa * kappa; i++)
    mpq_init (a[i]);
  mpq_t tq;
  mpq_init (tq);
  mpz_set (mpq_numref (tq), s->T);
  for (unsigned j = 0; j + 1 < kappa; j++)
    mpq_set (a[j * kappa + j + 1], tq);
  for (unsigned j = 0; j < kappa; j++)
    mpq_mul (a[(kappa - 1) * kappa + j], coef[j], tq);
  e->an = malloc ((kappa * kappa + 1) * sizeof *e->an);
  for (unsigned i = 0; i < kappa * kappa; i++)
    mpz_init (e->an[i]);
  mpz_init (e->ad);
  common_den (e->an, e->ad, a, kappa * kappa);
  /* Gamma[j][i]: the exits of entry i at the basis vector j.  */
  mpq_t *gq = malloc ((kappa * L + 1) * sizeof *gq);
  for (unsigned j = 0; j < kappa; j++)
    for (unsigned i = 0; i < L; i++)
      {
        mpq_init (gq[j * L + i]);
        exit_value (gq[j * L + i], e, i, rho_b + (unsigned long) j * L);
      }
  e->gam = malloc ((kappa * L + 1) * sizeof *e->gam);
  for (unsigned i = 0; i < kappa * L; i++)
    mpz_init (e->gam[i]);
  mpz_init (e->gd);
  common_den (e->gam, e->gd, gq, kappa * L);
  for (unsigned i = 0; i < kappa * L; i++)
    mpq_clear (gq[i]);
  free (gq);
  for (unsigned i = 0; i < kappa * kappa; i++)
    mpq_clear (a[i]);
  free (a);
  mpq_clear (tq);
  for (unsigned j = 0; j <= n; j++)
    {
      mpq_clear (coef[j]);
      for (unsigned c = 0; c < dim; c++)
        mpq_clear (x[j][c]);
      free (x[j]);
    }
  free (coef);
  free (x);
}

/* ------------------------------------------------------------------ */
/* The product tree                                                   */

static void
node_init (node_t *nd, unsigned L, unsigned kappa)
{
  nd->pn = malloc (L * L * sizeof *nd->pn);
  for (unsigned i = 0; i < L * L; i++)
    mpz_init (nd->pn[i]);
  nd->xn = malloc ((kappa * L + 1) * sizeof *nd->xn);
  for (unsigned i = 0; i < kappa * L; i++)
    mpz_init (nd->xn[i]);
  mpz_inits (nd->pd, nd->pr, (mpz_ptr) 0);
}

static void
node_clear (node_t *nd, unsigned L, unsigned kappa)
{
  for (unsigned i = 0; i < L * L; i++)
    mpz_clear (nd->pn[i]);
  for (unsigned i = 0; i < kappa * L; i++)
    mpz_clear (nd->xn[i]);
  free (nd->pn);
  free (nd->xn);
  mpz_clears (nd->pd, nd->pr, (mpz_ptr) 0);
}

/* The window's step at T: N (L x L) and delta, w_(t+1) = N w_t / delta,
   reduced by their common factor.  */
static void
leaf_matrix (edge_t *e, mpz_t *n, mpz_t delta, unsigned long t)
{
  unsigned L = e->L, need = L + e->lo + e->r;
  mpz_t *ev = e->ev;            /* need x L: entry j over the window */
  for (unsigned j = 0; j < need; j++)
    for (unsigned c = 0; c < L; c++)
      mpz_set_ui (ev[j * L + c], j == c);
  mpz_set_ui (e->ed, 1);
  for (unsigned j = L; j < need; j++)
    {
      long m = e->x - (long) j - (long) e->lo * (long) t;
      for (unsigned c = 0; c < L; c++)
        {
          mpz_set_ui (e->tmp, 0);
          for (unsigned k = 0; k < e->r; k++)
            {
              long f = m + (long) e->r - (long) k * (long) (t + 1);
              mpz_mul_si (e->tmp2, e->q[k], f);
              mpz_addmul (e->tmp, e->tmp2, ev[(j - e->r + k) * L + c]);
            }
          mpz_set (ev[j * L + c], e->tmp);
        }
      /* Divide entry j by q_r (hi t - X + j): bring the others up.  */
      long dd = (long) e->hi * (long) t - e->x + (long) j;
      mpz_mul_si (e->tmp2, e->q[e->r], dd);
      for (unsigned i = 0; i < j * L; i++)
        mpz_mul (ev[i], ev[i], e->tmp2);
      mpz_mul (e->ed, e->ed, e->tmp2);
    }
  for (unsigned i = 0; i < L; i++)
    for (unsigned c = 0; c < L; c++)
      {
        mpz_ptr v = n[i * L + c];
        mpz_set_ui (v, 0);
        for (unsigned k = 0; k <= e->r; k++)
          mpz_addmul (v, e->q[k], ev[(i + e->lo + k) * L + c]);
      }
  mpz_set (delta, e->ed);
  mpz_set (e->tmp, delta);
  for (unsigned i = 0; i < L * L; i++)
    mpz_gcd (e->tmp, e->tmp, n[i]);
  if (mpz_cmp_ui (e->tmp, 1) > 0)
    {
      for (unsigned i = 0; i < L * L; i++)
        mpz_divexact (n[i], n[i], e->tmp);
      mpz_divexact (delta, delta, e->tmp);
    }
}

/* W = N W / delta, the window one step on.  */
static void
window_step (edge_t *e, mpz_t *w, unsigned long t)
{
  unsigned L = e->L;
  mpz_t *n = malloc (L * L * sizeof *n), *o = malloc (L * sizeof *o);
  mpz_t delta;
  mpz_init (delta);
  for (unsigned i = 0; i < L * L; i++)
    mpz_init (n[i]);
  leaf_matrix (e, n, delta, t);
  for (unsigned i = 0; i < L; i++)
    {
      mpz_init (o[i]);
      for (unsigned c = 0; c < L; c++)
        mpz_addmul (o[i], n[i * L + c], w[c]);
      mpz_divexact (o[i], o[i], delta);
    }
  for (unsigned i = 0; i < L; i++)
    {
      mpz_swap (w[i], o[i]);
      mpz_clear (o[i]);
    }
  for (unsigned i = 0; i < L * L; i++)
    mpz_clear (n[i]);
  mpz_clear (delta);
  free (n);
  free (o);
}

static void
leaf (edge_t *e, node_t *nd, unsigned long t)
{
  unsigned L = e->L, kappa = e->kappa;
  nd->len = 1;
  leaf_matrix (e, nd->pn, nd->pd, t);
  split_base (nd->pr, e->tree_e, nd->pd, e->s);
  /* Xn = ad Gamma N.  */
  for (unsigned j = 0; j < kappa; j++)
    for (unsigned c = 0; c < L; c++)
      {
        mpz_ptr v = nd->xn[j * L + c];
        mpz_set_ui (v, 0);
        for (unsigned l = 0; l < L; l++)
          mpz_addmul (v, e->gam[j * L + l], nd->pn[l * L + c]);
        mpz_mul (v, v, e->ad);
      }
}

/* (T A)^LEN as AN^LEN / AD^LEN, kept for the nodes of every level.  */
static const power_t *
power (edge_t *e, unsigned long len)
{
  unsigned kappa = e->kappa;
  for (size_t i = 0; i < e->npow; i++)
    if (e->pow[i].len == len)
      return &e->pow[i];
  power_t p;
  p.len = len;
  p.an = malloc ((kappa * kappa + 1) * sizeof *p.an);
  for (unsigned i = 0; i < kappa * kappa; i++)
    mpz_init (p.an[i]);
  mpz_init (p.ad);
  if (len <= 1)
    {
      for (unsigned i = 0; i < kappa; i++)
        for (unsigned j = 0; j < kappa; j++)
          if (len == 1)
            mpz_set (p.an[i * kappa + j], e->an[i * kappa + j]);
          else
            mpz_set_ui (p.an[i * kappa + j], i == j);
      if (len == 1)
        mpz_set (p.ad, e->ad);
      else
        mpz_set_ui (p.ad, 1);
    }
  else
    {
      const power_t *a = power (e, len / 2);
      unsigned long la = a->len;
      const power_t *b = power (e, len - len / 2);
      /* The table may have moved: look A up again.  */
      a = power (e, la);
      for (unsigned i = 0; i < kappa; i++)
        for (unsigned j = 0; j < kappa; j++)
          for (unsigned k = 0; k < kappa; k++)
            mpz_addmul (p.an[i * kappa + j], a->an[i * kappa + k],
                        b->an[k * kappa + j]);
      mpz_mul (p.ad, a->ad, b->ad);
    }
  if (e->npow == e->cpow)
    {
      e->cpow = e->cpow ? 2 * e->cpow : 16;
      e->pow = realloc (e->pow, e->cpow * sizeof *e->pow);
    }
  e->pow[e->npow] = p;
  return &e->pow[e->npow++];
}

/* OUT = the leaves [A, B) (B > A).  */
static void
tree (edge_t *e, node_t *out, unsigned long a, unsigned long b)
{
  unsigned L = e->L, kappa = e->kappa;
  if (b - a == 1)
    {
      leaf (e, out, a);
      e->done += 1;
      return;
    }
  unsigned long mid = a + (b - a) / 2;
  node_t r;
  tree (e, out, a, mid);
  node_init (&r, L, kappa);
  tree (e, &r, mid, b);
  mpz_t *pn = malloc (L * L * sizeof *pn), acc;
  mpz_init (acc);
  /* Xn = An^lenR Xn_L Pd_R + Xn_R Pn_L ad^lenL.  */
  if (kappa > 0)
    {
      const power_t *pr = power (e, r.len);
      mpz_t *xn = malloc (kappa * L * sizeof *xn);
      mpz_t adl;
      mpz_init (adl);
      mpz_set (adl, power (e, out->len)->ad);
      pr = power (e, r.len);
      for (unsigned j = 0; j < kappa; j++)
        for (unsigned c = 0; c < L; c++)
          {
            mpz_init (xn[j * L + c]);
            mpz_set_ui (acc, 0);
            for (unsigned k = 0; k < kappa; k++)
              mpz_addmul (acc, pr->an[j * kappa + k], out->xn[k * L + c]);
            mpz_mul (xn[j * L + c], acc, r.pd);
            mpz_set_ui (acc, 0);
            for (unsigned k = 0; k < L; k++)
              mpz_addmul (acc, r.xn[j * L + k], out->pn[k * L + c]);
            mpz_addmul (xn[j * L + c], acc, adl);
          }
      for (unsigned i = 0; i < kappa * L; i++)
        {
          mpz_swap (out->xn[i], xn[i]);
          mpz_clear (xn[i]);
        }
      free (xn);
      mpz_clear (adl);
    }
  for (unsigned i = 0; i < L; i++)
    for (unsigned c = 0; c < L; c++)
      {
        mpz_init (pn[i * L + c]);
        for (unsigned k = 0; k < L; k++)
          mpz_addmul (pn[i * L + c], r.pn[i * L + k], out->pn[k * L + c]);
      }
  for (unsigned i = 0; i < L * L; i++)
    {
      mpz_swap (out->pn[i], pn[i]);
      mpz_clear (pn[i]);
    }
  free (pn);
  mpz_mul (out->pd, out->pd, r.pd);
  mpz_mul (out->pr, out->pr, r.pr);
  out->len += r.len;
  node_clear (&r, L, kappa);
  mpz_clear (acc);
  e->done += out->len;
  if (out->len >= 64)
    ro_progress (e->s->done + e->scale * e->done, e->s->total);
}

/* ------------------------------------------------------------------ */
/* One edge                                                           */

/* The terms of the window W at T summed one by one (near the corner).  */
static void
direct_terms (edge_t *e, const mpz_t *w, unsigned long t)
{
  split_t *s = e->s;
  unsigned long rho = e->top - t * e->L;
  mpq_t v;
  mpz_t one, num;
  mpq_init (v);
  mpz_init_set_ui (one, 1);
  mpz_init (num);
  for (unsigned i = 0; i < e->L; i++)
    {
      if (rho < e->long0 + i || mpz_sgn (w[i]) == 0)
        continue;
      exit_value (v, e, i, rho);
      if (mpq_sgn (v) == 0)
        continue;
      unsigned long de[SPLIT_NPRIME] = { 0 };
      mpz_t rest;
      mpz_init (rest);
      split_base (rest, de, mpq_denref (v), s);
      for (unsigned p = 0; p < s->np; p++)
        de[p] += (t + 1) * s->t_e[p];
      mpz_mul (num, w[i], mpq_numref (v));
      sum_add (s, num, rest, de);
      mpz_clear (rest);
    }
  mpq_clear (v);
  mpz_clears (one, num, (mpz_ptr) 0);
}

/* V = N W, N an L x L matrix, W a vector.  */
static void
mat_vec (mpz_t *v, const mpz_t *n, const mpz_t *w, unsigned L)
{
  for (unsigned i = 0; i < L; i++)
    {
      mpz_set_ui (v[i], 0);
      for (unsigned c = 0; c < L; c++)
        mpz_addmul (v[i], n[i * L + c], w[c]);
    }
}

/* The leaves [A, B) applied to the window W at A (which becomes the
   window at B): XW[0 .. ROWS-1] = the first ROWS rows of the node's Xn
   times W, PD and PR the node's Pd and Pr.  The node's matrices are
   formed only DEPTH levels down the left side: above, the left half is
   applied to W the same way and the right half's tree to the result,
       Xn W = Pd_R An^lenR (Xn_L W) + Pd_L ad^lenL Xn_R w_mid,
       w_B = Pn_R w_mid / Pd_R,  Pd = Pd_L Pd_R
   (Pn_L W = Pd_L w_mid): the same numbers as the node's, with products
   by vectors in place of products of matrices where the numbers are
   largest.  */
static void
vec_apply (edge_t *e, mpz_t *xw, unsigned rows, mpz_t pd, mpz_t pr,
           mpz_t *w, unsigned long a, unsigned long b, unsigned depth)
{
  unsigned L = e->L, kappa = e->kappa;
  node_t r;
  node_init (&r, L, kappa);
  mpz_t v[RO_DICE_MAX], t1;
  mpz_init (t1);
  for (unsigned i = 0; i < L; i++)
    mpz_init (v[i]);
  if (depth == 0 || b - a < 2)
    {
      tree (e, &r, a, b);
      for (unsigned j = 0; j < rows; j++)
        {
          mpz_set_ui (xw[j], 0);
          for (unsigned c = 0; c < L; c++)
            mpz_addmul (xw[j], r.xn[j * L + c], w[c]);
        }
      mat_vec (v, (const mpz_t *) r.pn, (const mpz_t *) w, L);
      for (unsigned i = 0; i < L; i++)
        mpz_divexact (w[i], v[i], r.pd);
      mpz_swap (pd, r.pd);
      mpz_swap (pr, r.pr);
    }
  else
    {
      unsigned long mid = a + (b - a) / 2;
      mpz_t *xl = malloc ((kappa + 1) * sizeof *xl), pdl, prl;
      for (unsigned k = 0; k < kappa; k++)
        mpz_init (xl[k]);
      mpz_inits (pdl, prl, (mpz_ptr) 0);
      vec_apply (e, xl, kappa, pdl, prl, w, a, mid, depth - 1);
      tree (e, &r, mid, b);
      if (rows > 0)
        {
          const power_t *p = power (e, r.len);
          for (unsigned j = 0; j < rows; j++)
            {
              mpz_set_ui (xw[j], 0);
              for (unsigned k = 0; k < kappa; k++)
                mpz_addmul (xw[j], p->an[j * kappa + k], xl[k]);
              mpz_mul (xw[j], xw[j], r.pd);
            }
          mpz_mul (t1, pdl, power (e, mid - a)->ad);
          for (unsigned j = 0; j < rows; j++)
            {
              mpz_set_ui (v[0], 0);
              for (unsigned c = 0; c < L; c++)
                mpz_addmul (v[0], r.xn[j * L + c], w[c]);
              mpz_addmul (xw[j], v[0], t1);
            }
        }
      mat_vec (v, (const mpz_t *) r.pn, (const mpz_t *) w, L);
      for (unsigned i = 0; i < L; i++)
        mpz_divexact (w[i], v[i], r.pd);
      mpz_mul (pd, pdl, r.pd);
      mpz_mul (pr, prl, r.pr);
      for (unsigned k = 0; k < kappa; k++)
        mpz_clear (xl[k]);
      free (xl);
      mpz_clears (pdl, prl, (mpz_ptr) 0);
    }
  for (unsigned i = 0; i < L; i++)
    mpz_clear (v[i]);
  mpz_clear (t1);
  node_clear (&r, L, kappa);
}

/* The levels of the tree that vec_apply applies to the window rather
   than forms (measured at 10^5 against 10^5, one thread, user time:
   0 levels 1.72 s, 1: 1.55 s, 2: 1.47 s, 3: 1.52 s).  */
#define SPLIT_VEC_DEPTH 2

/* The regular part [t0, tb] of edge E from its first window W (which
   becomes the window at tb).  */
static void
edge_regular (edge_t *e, mpz_t *w)
{
  split_t *s = e->s;
  unsigned kappa;
  unsigned long len = (unsigned long) e->tb - e->t0;
  edge_band (e);
  kappa = e->kappa;
  unsigned long de[SPLIT_NPRIME] = { 0 };
  mpz_t rest, num, t1;
  mpz_inits (rest, num, t1, (mpz_ptr) 0);
  /* Denominator common to both pieces: gd T^(tb+1) ad^len.  */
  split_base (rest, de, e->gd, s);
  mpz_t adr;
  mpz_init (adr);
  unsigned long ade[SPLIT_NPRIME] = { 0 };
  split_base (adr, ade, e->ad, s);
  mpz_pow_ui (t1, adr, len);
  mpz_mul (rest, rest, t1);
  for (unsigned p = 0; p < s->np; p++)
    de[p] += ((unsigned long) e->tb + 1) * s->t_e[p] + len * ade[p];
  if (kappa > 0)
    {
      /* Piece 1, the term at t0: row 0 of An^len Gamma w0.  */
      const power_t *p = power (e, len);
      mpz_set_ui (num, 0);
      for (unsigned k = 0; k < kappa; k++)
        {
          mpz_set_ui (t1, 0);
          for (unsigned c = 0; c < e->L; c++)
            mpz_addmul (t1, e->gam[k * e->L + c], w[c]);
          mpz_addmul (num, p->an[k], t1);
        }
      sum_add (s, num, rest, de);
    }
  if (len > 0)
    {
      /* Piece 2, t0 < t <= tb: row 0 of Xn w0 over Pd more.  */
      mpz_t pd, pr;
      mpz_inits (pd, pr, (mpz_ptr) 0);
      vec_apply (e, &num, kappa > 0, pd, pr, w, e->t0,
                 (unsigned long) e->tb, SPLIT_VEC_DEPTH);
      if (kappa > 0)
        {
          for (unsigned q = 0; q < s->np; q++)
            de[q] += e->tree_e[q];
          mpz_mul (rest, rest, pr);
          sum_add (s, num, rest, de);
        }
      mpz_clears (pd, pr, (mpz_ptr) 0);
    }
  mpz_clears (rest, num, t1, adr, (mpz_ptr) 0);
}

/* Set up edge E of S: SIDE 0 the attacker's (G = P), 1 the defender's
   (G = Prev).  */
static void
edge_init (edge_t *e, split_t *s, int side)
{
  const ro_round_t *r = &s->m->round[s->na_max][s->nd_max];
  unsigned L = s->L;
  e->s = s;
  e->side = side;
  e->L = L;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_inits (e->g[k], e->q[k], (mpz_ptr) 0);
  for (unsigned k = 0; k <= L; k++)
    mpz_set (e->g[k], r->count[side ? L - k : k]);
  unsigned lo = 0, hi = L;
  while (mpz_sgn (e->g[lo]) == 0)
    lo++;
  while (mpz_sgn (e->g[hi]) == 0)
    hi--;
  e->lo = lo;
  e->hi = hi;
  e->r = hi - lo;
  for (unsigned k = 0; k <= e->r; k++)
    mpz_set (e->q[k], e->g[lo + k]);
  if (side == 0)
    {
      e->s0 = s->f0;
      e->s_lo = s->fa_lo;
      e->long0 = s->d0;
      e->x = (long) (s->F0 - s->f0);
      e->top = s->D0 + (unsigned long) e->x;
    }
  else
    {
      e->s0 = s->d0;
      e->s_lo = s->db_lo;
      e->long0 = s->f0;
      e->x = (long) (s->D0 - s->d0);
      e->top = s->F0 + (unsigned long) e->x;
    }
  long first = e->x - (long) L + 1;
  e->t0 = 0;
  if (first > 0)
    e->t0 = (unsigned long) ((first + hi - 1) / hi);
  unsigned long floor = e->long0 + 2 * L - 2;
  e->tb = e->top >= floor ? (long) ((e->top - floor) / L) : -1;
  e->kappa = 0;
  e->an = e->gam = NULL;
  e->pow = NULL;
  e->npow = e->cpow = 0;
  for (unsigned p = 0; p < SPLIT_NPRIME; p++)
    e->tree_e[p] = 0;
  unsigned need = L + e->lo + e->r;
  e->ev = malloc (need * L * sizeof *e->ev);
  for (unsigned i = 0; i < need * L; i++)
    mpz_init (e->ev[i]);
  mpz_inits (e->ed, e->tmp, e->tmp2, (mpz_ptr) 0);
  e->done = 0;
  e->scale = 1;
}

static void
edge_clear (edge_t *e)
{
  unsigned need = e->L + e->lo + e->r;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clears (e->g[k], e->q[k], (mpz_ptr) 0);
  for (unsigned i = 0; i < need * e->L; i++)
    mpz_clear (e->ev[i]);
  free (e->ev);
  mpz_clears (e->ed, e->tmp, e->tmp2, (mpz_ptr) 0);
  if (e->an != NULL)
    {
      for (unsigned i = 0; i < e->kappa * e->kappa; i++)
        mpz_clear (e->an[i]);
      for (unsigned i = 0; i < e->kappa * e->L; i++)
        mpz_clear (e->gam[i]);
      free (e->an);
      free (e->gam);
      mpz_clears (e->ad, e->gd, (mpz_ptr) 0);
    }
  for (size_t i = 0; i < e->npow; i++)
    {
      for (unsigned j = 0; j < e->kappa * e->kappa; j++)
        mpz_clear (e->pow[i].an[j]);
      free (e->pow[i].an);
      mpz_clear (e->pow[i].ad);
    }
  free (e->pow);
}

/* The leaves of edge E's tree (the progress's units: a leaf on each
   level), and as many for the powers of its start (ro_strip_powers,
   about one level's multiplications: uncounted, they left the meter at
   0 for the first 5 s of 10^7 v 10^7, and --max-time foresaw 376 h of
   a run of 5 min).  */
static double
edge_work (const edge_t *e)
{
  if (e->tb < 0 || (unsigned long) e->tb <= e->t0)
    return 1;
  double n = (double) ((unsigned long) e->tb - e->t0);
  return n * (ceil (log2 (n)) + 2);
}

/* Every exit of edge E, added to S's sum.  */
static void
edge_run (edge_t *e)
{
  unsigned L = e->L;
  mpz_t w[RO_DICE_MAX];
  for (unsigned i = 0; i < L; i++)
    mpz_init (w[i]);
  ro_strip_powers (w, (const mpz_t *) e->g, L, e->x, e->t0);
  unsigned long t = e->t0;
  if (e->tb >= 0 && (unsigned long) e->tb >= e->t0)
    {
      if ((unsigned long) e->tb > e->t0)
        {
          /* The powers, edge_work's level of their own.  */
          e->done += (double) ((unsigned long) e->tb - e->t0);
          ro_progress (e->s->done + e->scale * e->done, e->s->total);
        }
      edge_regular (e, w);
      t = (unsigned long) e->tb;
      window_step (e, w, t);
      t++;
    }
  for (; e->top >= t * L + e->long0; t++)
    {
      direct_terms (e, (const mpz_t *) w, t);
      if (e->top >= (t + 1) * L + e->long0)
        window_step (e, w, t);
    }
  for (unsigned i = 0; i < L; i++)
    mpz_clear (w[i]);
}

/* ------------------------------------------------------------------ */
/* The engine                                                         */

static void
split_geometry (split_t *s, const ro_rules_t *rules, const ro_compiled_t *c,
                unsigned long f, unsigned long d)
{
  s->na_max = rules->attack_dice;
  s->nd_max = rules->defend_dice;
  s->L = c->max_loss;
  s->F0 = f;
  s->D0 = d;
  unsigned long stopf = c->stop, goal = rules->goal;
  s->f0 = stopf + 1 > s->na_max ? stopf + 1 : s->na_max;
  s->d0 = goal + 1 > s->nd_max ? goal + 1 : s->nd_max;
  s->fa_lo = stopf + 1 > s->L ? stopf + 1 - s->L : 0;
  s->db_lo = goal + 1 > s->L ? goal + 1 - s->L : 0;
  s->base[0] = c->base[0];
  s->base[1] = c->base[1];
  ro_round_exponents (s->e_full, s->base, s->na_max, s->nd_max);
}

/* Whether the split engine itself computes F against D (else it hands
   the battle to the strip engine, whose time is then already linear
   or the rules are outside its derivation): the start inside F, a round
   there with two outcomes at least, bands of bounded width.  */
static int
split_takes (const split_t *s, const ro_model_t *m)
{
  const ro_round_t *r = &m->round[s->na_max][s->nd_max];
  unsigned n = 0;
  for (unsigned k = 0; k <= s->L; k++)
    n += mpz_sgn (r->count[k]) != 0;
  return s->F0 >= s->f0 && s->D0 >= s->d0 && n >= 2
    && s->f0 <= SPLIT_EDGE_MAX && s->d0 <= SPLIT_EDGE_MAX;
}

/* S's own memo of the band's values and its own sum (zero); 0 if out of
   memory.  */
static int
split_own (split_t *s)
{
  s->w = malloc (s->cells * sizeof *s->w);
  s->have = calloc (s->cells, 1);
  if (s->w == NULL || s->have == NULL)
    {
      free (s->w);
      free (s->have);
      return 0;
    }
  frac_init (&s->sum);
  return 1;
}

static void
split_own_clear (split_t *s)
{
  for (size_t i = 0; i < s->cells; i++)
    if (s->have[i])
      mpq_clear (s->w[i]);
  free (s->w);
  free (s->have);
  mpz_clear (s->sum.n);
}

static void *
edge_thread (void *arg)
{
  edge_run (arg);
  return NULL;
}

/* The sum MOMENT (split_t's) of F against D, which the engine takes,
   on THREADS threads at most (0: the processors available; the engine
   uses two at most, one an edge).  */
static int
split_run (mpq_ptr win, const ro_model_t *model, unsigned long f,
           unsigned long d, unsigned threads, int moment)
{
  split_t s;
  s.m = model;
  s.moment = moment;
  split_geometry (&s, &model->rules, &model->c, f, d);
  if (threads == 0)
    threads = ro_threads_available ();
  primes_init (&s);
  mpz_init (s.T);
  mpz_ui_pow_ui (s.T, s.base[0], s.e_full[0]);
  {
    mpz_t b1;
    mpz_init (b1);
    mpz_ui_pow_ui (b1, s.base[1], s.e_full[1]);
    mpz_mul (s.T, s.T, b1);
    mpz_clear (b1);
  }
  for (unsigned p = 0; p < SPLIT_NPRIME; p++)
    s.t_e[p] = 0;
  {
    mpz_t rest;
    mpz_init (rest);
    split_base (rest, s.t_e, s.T, &s);
    mpz_clear (rest);
  }
  /* The band's memo: the rows the Krylov bases and the corner read.  */
  unsigned long reach = (unsigned long) (SPLIT_BAND_MAX * s.L + 4
                                         + (moment ? SPLIT_POLY : 0)) * s.L;
  s.fmax = s.f0 + reach;
  s.dmax = s.d0 + reach;
  size_t cells = (size_t) (s.f0 - s.fa_lo) * (s.dmax + 1)
    + (size_t) (s.fmax - s.f0 + 1) * (s.d0 - s.db_lo);
  s.cells = cells;
  /* The defender's edge's own copy: the same numbers (T read by both),
     its own memo and sum.  */
  split_t s1 = s;
  if (!split_own (&s))
    {
      mpz_clear (s.T);
      return RO_ENOMEM;
    }
  if (!split_own (&s1))
    {
      split_own_clear (&s);
      mpz_clear (s.T);
      return RO_ENOMEM;
    }
  edge_t e[2];
  edge_init (&e[0], &s, 0);
  edge_init (&e[1], &s1, 1);
  s.done = 0;
  s.total = edge_work (&e[0]) + edge_work (&e[1]);
  s1.done = s.done;
  s1.total = s.total;
  ro_progress (0, s.total);
  /* With two threads the longer edge (the more leaves) runs on the
     caller's thread, the only one that reports, and stands for both:
     the edges advance alike (time goes with the leaves), so when it
     has done u of its units the shorter one is done or has done u of
     its own, a share u / its units of the whole (before issue 28 the
     attacker's edge reported its own share alone: the meter of 10^5 v
     10^5 stood at 50% when the run ended, and that of 10^5 v 1000 at
     1% all along).  On one thread they run one after the other, each
     counting its own units.  */
  double w0 = edge_work (&e[0]), w1 = edge_work (&e[1]);
  edge_t *mine = &e[w1 > w0], *other = &e[w1 <= w0];
  if (threads >= 2)
    mine->scale = s.total / (w0 > w1 ? w0 : w1);
  pthread_t id;
  int apart = threads >= 2 && ro_thread_start (&id, edge_thread, other);
  if (!apart)
    {
      mine = &e[0];
      other = &e[1];
      mine->scale = 1;
    }
  edge_run (mine);
  if (apart)
    pthread_join (id, NULL);
  else
    {
      /* Its progress after the attacker's edge.  */
      s1.done = w0;
      edge_run (other);
    }
  s.done = s.total;
  ro_progress (s.done, s.total);
  edge_clear (&e[0]);
  edge_clear (&e[1]);
  frac_add (&s, &s.sum, &s1.sum);
  sum_get_q (win, &s);
  split_own_clear (&s1);
  split_own_clear (&s);
  mpz_clear (s.T);
  return RO_OK;
}

/* ro_split_solve on THREADS threads at most.  */
int
ro_split_solve_threads (mpq_ptr win, const ro_model_t *model,
                        unsigned long f, unsigned long d, unsigned threads)
{
  split_t s;
  s.m = model;
  split_geometry (&s, &model->rules, &model->c, f, d);
  if (!split_takes (&s, model))
    return ro_strip_solve (win, model, f, d, NULL, NULL);
  return split_run (win, model, f, d, threads, 0);
}

int
ro_split_takes (const ro_model_t *model, unsigned long f, unsigned long d)
{
  split_t s;
  split_geometry (&s, &model->rules, &model->c, f, d);
  return split_takes (&s, model);
}

/* The sum over the wins (LOSS 0) or the losses (1) of the attacker's
   armies left (DEFENDERS 0; ro_outcome_t's count) or the defender's
   (1) to the power POWER (1 or 2) times the end's probability, for F
   against D, which the engine takes (ro_split_takes).  By linearity it
   is the sum over the exits of F of their weights times the expected
   value from their destinations, the band's values for ends worth x or
   x^2 in place of 1 (module comment: the moments).  */
int
ro_split_moment (mpq_t out, const ro_model_t *model, unsigned long f,
                 unsigned long d, int loss, int defenders, unsigned power)
{
  return split_run (out, model, f, d, 0,
                    1 + 4 * (loss != 0) + 2 * (defenders != 0)
                    + (power == 2));
}

int
ro_split_solve (mpq_ptr win, const ro_model_t *model, unsigned long f,
                unsigned long d)
{
  return ro_split_solve_threads (win, model, f, d, 0);
}

/* The top of the product tree: its root, its two children (half the
   size each) and the combination's temporaries, numbers of the leaves'
   bits each (the window's L x L, the sums' kappa x L, the
   denominators), GMP's work space for a product of the largest, and the
   powers of the band's matrix (kappa x kappa numbers that grow by the
   bits of T a step, not a leaf's); twice, the two edges running at
   once on two threads.  An edge has at most max(F, D) / L
   leaves (its t runs from X / hi to (the long side + X) / L, hi <= L);
   kappa is bounded by the band's width times L (the standard rules: 6,
   where 2 is met).  An upper bound, loose for few dice: measured
   against the peak RSS less that of `riskodds 1 1` (issue 28, /usr/bin/time
   -v; bench/memory.sh's split lines), 4.5 to 6 times the run for 10^5
   v 10^5 under the standard rules, 3 v 3 dice, 10 sides or 1 v 1 dice,
   6 times at 10^6 v 10^6 (938 MiB against about 155 MiB), 9 to 14 times
   for 5 v 10^5 and 10^5 v 3 (whose windows are small numbers), but only
   1.28 times for 5 v 5 dice of 8 sides at 20000 v 20000 (185 MiB
   against 145 MiB: kappa and the powers grow as L^2): counting the
   children at half size (2 (L^2 + kappa L) + 7 numbers) went below that
   run, so the count stays at 3.  */
static double
split_memory (const ro_rules_t *rules, unsigned long f, unsigned long d,
              unsigned poly)
{
  split_t s;
  ro_compiled_t c;
  ro_rules_t eff;
  ro_rules_effective (&eff, rules);   /* mixed dice on 24 sides */
  rules = &eff;
  ro_rules_compile (&c, rules);
  split_geometry (&s, rules, &c, f, d);
  /* What ro_split_solve hands to the strip engine (split_takes, less
     its count of a round's outcomes, which needs the model: a round of
     one outcome is linear for the strip, and the larger estimate is
     taken below).  */
  if (s.F0 < s.f0 || s.D0 < s.d0 || s.f0 > SPLIT_EDGE_MAX
      || s.d0 > SPLIT_EDGE_MAX)
    return ro_strip_memory (rules, f, d, 0);
  double L = s.L, kappa = (double) (s.f0 - s.fa_lo) * L;
  if ((double) (s.d0 - s.db_lo) * L > kappa)
    kappa = (double) (s.d0 - s.db_lo) * L;
  kappa += poly;
  double armies = (double) f + (double) d + 2;
  double sides = log2 (rules->attack_sides) * rules->attack_dice
    + log2 (rules->defend_sides) * rules->defend_dice;
  /* A leaf: delta and N are products of about L factors of log2 (F + D)
     bits and of the counts (at most the bits of T each); Xn adds T's.  */
  double leaf = L * (log2 (armies) + 1 + sides) + sides + 16;
  double leaves = (f > d ? (double) f : (double) d) / L + 2;
  double top = leaves * leaf / 8 + 64;
  double numbers = 3 * (L * L + kappa * L) + 7;
  double powers = 2 * (kappa * kappa + 1) * (sides + 8) / leaf;
  /* Both edges' trees at once (one a thread).  */
  double bytes = 2 * (numbers + powers) * top * 1.1;
  /* The answer's pieces and the band's small memo.  */
  bytes += 4 * armies * (c.bits_per_army + sides) / 8 + (1 << 20);
  double strip = ro_strip_memory (rules, f, d, 0);
  return bytes > strip ? bytes : strip;
}

double
ro_split_memory (const ro_rules_t *rules, unsigned long f, unsigned long d)
{
  return split_memory (rules, f, d, 0);
}

/* The moments' runs (ro_split_moment) one after another: the same
   trees with SPLIT_POLY more basis vectors, and a margin (measured for
   issue 28, 5 v 5 dice of 8 sides at 20000 v 20000: 222 MiB against
   the 185 MiB of P(win)'s estimate).  */
double
ro_split_stats_memory (const ro_rules_t *rules, unsigned long f,
                       unsigned long d)
{
  return 1.5 * split_memory (rules, f, d, SPLIT_POLY);
}
