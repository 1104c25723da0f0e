/* strip.c -- one battle in O(n^2): powers of a polynomial, and a band */

#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* States are (f, d): f armies able to fight, d defending (as in the
   recursion).  Let L = min(most attack dice, most defence dice), and let
   F = {f >= f0, d >= d0} be the states where both sides roll their most
   dice and the battle is not over: f0 = max(attack dice, stop + 1),
   d0 = max(defence dice, goal + 1).  Every round inside F removes
   exactly L armies, the attacker losing k of them in c_k of the T equally
   likely rolls.  Both coordinates only decrease and F is an upper
   orthant, so a path from the start (F0, D0) that ends in F never left
   it: after t rounds, the weight of the paths to (F0 - x, D0 - (L t - x))
   is [z^x] P(z)^t with P = sum c_k z^k, over T^t.  No recursion over the
   interior is needed.

   Only F's states next to its edges send anything out of F: the
   "attacker's edge" f in [f0, f0 + L) and the "defender's edge" d in
   [d0, d0 + L).  Along the attacker's edge x = F0 - f is fixed and t
   grows: L adjacent coefficients of P^t, advanced from t to t + 1 by a
   few small-by-big operations (see the blocks below).  Along the
   defender's edge y = D0 - d is fixed, and [z^(L t - y)] P^t =
   [w^y] Prev(w)^t with Prev the reversed polynomial: the same block.

   Outside F lies a band of bounded width: A = {f < f0, d >= d0} (the
   attacker rolls fewer dice, or has stopped), B = {f >= f0, d < d0} and
   their corner.  The edges inject their mass into the band and the mass
   flows on through it, row by row, to the ends, which are reported.  A
   and B are kept as rings of L + 1 rows (columns), so the memory is a
   bounded number of numbers of O(n) limbs.

   Every value is an integer N over base[0]^e[0] * base[1]^e[1] (one base
   when both sides roll the same dice) and contributions are brought to
   the larger exponent.  For that to cost only small multipliers the
   blocks are scaled by base^s at every step, s chosen so that their
   exponents grow as fast per army as those of the band they feed.  */

/* L adjacent coefficients of G^t, G = sum g_k z^k (k = 0 .. L), scaled
   by base^(s (t - t0)): w[i] = [z^(x - i)] G^t for i = 0 .. L - 1, and
   w[L .. 2L - 1] work space.  G = z^lo Q with Q(0) != 0 and Q of degree
   r, so [z^x] G^t = [z^(x - lo t)] Q^t.  */
typedef struct
{
  unsigned L, lo, r;
  mpz_t q[RO_DICE_MAX + 1];
  mpz_t qs[RO_DICE_MAX + 1];    /* q times the scale of a step */
  long x;
  unsigned long t, t0;
  mpz_t w[2 * RO_DICE_MAX];
  mpz_t lead;                   /* q_r^t, scaled like w */
  int has_lead;
  unsigned long s[2];
  mpz_t acc, tmp;               /* work space */
} strip_block_t;

typedef struct
{
  const ro_model_t *model;      /* its rounds: round[na][nd] */
  const ro_round_t (*round)[RO_DICE_MAX + 1];
  unsigned long base[2];
  unsigned na_max, nd_max, L;
  unsigned long F0, D0, f0, d0, stopf, goal;
  unsigned long fa_lo, db_lo, wa, wb;
  ro_cell_t *ring_a;            /* (L + 1) rows of wa: f < f0, d >= d0 */
  ro_cell_t *ring_b;            /* (L + 1) columns of wb: f >= f0, d < d0 */
  ro_cell_t *corner;            /* wa x wb: f < f0, d < d0 */
  ro_cell_t *pending;           /* L x wb: B's columns f0 .. f0 + L - 1,
                                   fed by the attacker's edge */
  int phase_b;                  /* B's cells are in ring_b, not pending */
  strip_block_t att, def;
  unsigned long e_full[2];
  unsigned long edge_e[2];      /* the exponents of edge_state's value */
  unsigned long rate_a[2][2], rate_b[2][2];   /* band_rate: num, den */
  ro_cell_t won;                /* the wins' sum */
  ro_strip_end_fn end;
  void *data;
  int want_win;
  mpz_t tmp, big, one;
  unsigned np;                  /* the primes of the bases */
  unsigned long prime[16], mult[16][2], pw_e[16];
  mpz_t pw[16];
  double work_x0, work_y0;      /* the offsets of the passes' steps */
  double work_a, work;          /* pass A's units of work, and all */
  int rc;
} strip_t;

/* ------------------------------------------------------------------ */
/* Arithmetic on cells                                                */

static void
cell_init (ro_cell_t *c)
{
  mpz_init (c->n);
  c->e[0] = c->e[1] = 0;
}

static void
cell_zero (ro_cell_t *c)
{
  mpz_set_ui (c->n, 0);
  c->e[0] = c->e[1] = 0;
}

/* CELL += X * C / base^RE, X over base^XE (solver.c).  */
static void
cell_add (strip_t *s, ro_cell_t *cell, const mpz_t x,
          const unsigned long xe[2], const mpz_t c, const unsigned long re[2])
{
  ro_cell_add (s->base, s->big, cell, x, xe, c, re);
}

/* ------------------------------------------------------------------ */
/* Blocks of coefficients of G^t                                      */

/* ACC += W * Q * F, F a small signed factor, Q small or not.  */
static void
addmul_coef (mpz_t acc, const mpz_t w, const mpz_t q, long f, mpz_t tmp)
{
  unsigned long m, af = f < 0 ? -(unsigned long) f : (unsigned long) f;
  if (mpz_fits_ulong_p (q)
      && !__builtin_mul_overflow (mpz_get_ui (q), af, &m))
    {
      if (f < 0)
        mpz_submul_ui (acc, w, m);
      else
        mpz_addmul_ui (acc, w, m);
      return;
    }
  mpz_mul_si (tmp, q, f);
  mpz_addmul (acc, w, tmp);
}

/* N = N / (Q * F) exactly, F > 0.  */
static void
divexact_coef (mpz_t n, const mpz_t q, unsigned long f, mpz_t tmp)
{
  unsigned long m;
  if (mpz_fits_ulong_p (q) && !__builtin_mul_overflow (mpz_get_ui (q), f, &m))
    {
      mpz_divexact_ui (n, n, m);
      return;
    }
  mpz_mul_ui (tmp, q, f);
  mpz_divexact (n, n, tmp);
}

static void
block_init (strip_block_t *b)
{
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_inits (b->q[k], b->qs[k], (mpz_ptr) 0);
  for (unsigned i = 0; i < 2 * RO_DICE_MAX; i++)
    mpz_init (b->w[i]);
  mpz_inits (b->lead, b->acc, b->tmp, (mpz_ptr) 0);
}

static void
block_clear (strip_block_t *b)
{
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_clears (b->q[k], b->qs[k], (mpz_ptr) 0);
  for (unsigned i = 0; i < 2 * RO_DICE_MAX; i++)
    mpz_clear (b->w[i]);
  mpz_clears (b->lead, b->acc, b->tmp, (mpz_ptr) 0);
}

/* The coefficient of Q^t at index M, from the entries of W above it
   (the derivative identity Q (Q^t)' = t Q' Q^t read downwards):
   q_r (r t - m) Q^t_m = sum_{k<r} q_k (m + r - k (t + 1)) Q^t_{m+r-k}.
   Entry I of W holds index M; entries I - r .. I - 1 the ones above.  */
static void
block_down (strip_block_t *b, unsigned i, long m, mpz_t tmp)
{
  long rt = (long) b->r * (long) b->t;
  mpz_ptr v = b->w[i];
  if (m < 0 || m > rt)
    {
      mpz_set_ui (v, 0);
      return;
    }
  if (m == rt)
    {
      mpz_set (v, b->lead);
      return;
    }
  mpz_set_ui (v, 0);
  for (unsigned k = 0; k < b->r; k++)
    addmul_coef (v, b->w[i - b->r + k], b->q[k],
                 m + (long) b->r - (long) k * (long) (b->t + 1), tmp);
  divexact_coef (v, b->q[b->r], (unsigned long) (rt - m), tmp);
}

/* Q^t's index of entry I.  */
static long
block_index (const strip_block_t *b, unsigned i)
{
  return b->x - (long) i - (long) b->lo * (long) b->t;
}

/* From t to t + 1: extend the window downwards by lo + r entries, then
   G^(t+1) = G * G^t entry by entry: w'[i] = sum_k q_k w[i + lo + k],
   the scale folded into the q_k.  */
static void
block_step (strip_block_t *b)
{
  mpz_ptr tmp = b->tmp;
  unsigned L = b->L, need = L + b->lo + b->r;
  if (b->r == 0)
    for (unsigned i = L; i < need; i++)
      {
        long m = block_index (b, i);
        if (m == 0)
          mpz_set (b->w[i], b->lead);
        else
          mpz_set_ui (b->w[i], 0);
      }
  else
    for (unsigned i = L; i < need; i++)
      block_down (b, i, block_index (b, i), tmp);
  for (unsigned i = 0; i < L; i++)
    {
      mpz_set_ui (b->acc, 0);
      for (unsigned k = 0; k <= b->r; k++)
        if (mpz_sgn (b->w[i + b->lo + k]) != 0)
          addmul_coef (b->acc, b->w[i + b->lo + k], b->qs[k], 1, tmp);
      mpz_swap (b->w[i], b->acc);
    }
  b->t++;
  if (b->has_lead)
    {
      mpz_mul (b->lead, b->lead, b->qs[b->r]);
      /* The window's lowest index only falls below r t from now on.  */
      if ((long) (b->r + b->lo) * (long) b->t > b->x + (long) L)
        b->has_lead = 0;
    }
}

/* Set W to G^T0's coefficients at X, X - 1, .., X - L + 1, from the
   reversed Q: Q^t_(r t - y) = [w^y] Qrev^t, whose coefficients follow
   from Qrev(0)^t = q_r^t by the derivative identity read upwards:
   y q_r R_y = sum_{k=1}^{min(y,r)} q_(r-k) ((t + 1) k - y) R_(y-k).  */
static void
block_start (strip_block_t *b, mpz_t tmp)
{
  unsigned L = b->L;
  long rt = (long) b->r * (long) b->t;
  long ymax = -1;
  for (unsigned i = 0; i < L; i++)
    {
      long y = rt - block_index (b, i);
      if (y > ymax)
        ymax = y;
    }
  mpz_pow_ui (b->lead, b->q[b->r], b->t);
  b->has_lead = 1;
  mpz_t *r = NULL;
  if (ymax >= 0)
    {
      r = malloc ((ymax + 1) * sizeof *r);
      for (long y = 0; y <= ymax; y++)
        {
          mpz_init (r[y]);
          if (y == 0)
            {
              mpz_set (r[0], b->lead);
              continue;
            }
          for (long k = 1; k <= y && k <= (long) b->r; k++)
            addmul_coef (r[y], r[y - k], b->q[b->r - k],
                         (long) (b->t + 1) * k - y, tmp);
          divexact_coef (r[y], b->q[b->r], (unsigned long) y, tmp);
        }
    }
  for (unsigned i = 0; i < L; i++)
    {
      long m = block_index (b, i), y = rt - m;
      if (m < 0 || y < 0)
        mpz_set_ui (b->w[i], 0);
      else
        mpz_set (b->w[i], r[y]);
    }
  for (long y = 0; y <= ymax; y++)
    mpz_clear (r[y]);
  free (r);
}

/* Prepare B for G = sum g[k] z^k (k = 0 .. L, not all zero), window top
   X, the values scaled by SCALE at every step, starting at the first t
   at which an entry of the window can be non-zero, or at T_CAP when
   that is earlier.  */
static void
block_setup (strip_block_t *b, unsigned L, const mpz_t *g, long x,
             const mpz_t scale, unsigned long t_cap)
{
  unsigned lo = 0, hi = L;
  while (mpz_sgn (g[lo]) == 0)
    lo++;
  while (mpz_sgn (g[hi]) == 0)
    hi--;
  b->L = L;
  b->lo = lo;
  b->r = hi - lo;
  for (unsigned k = 0; k <= b->r; k++)
    mpz_set (b->q[k], g[lo + k]);
  b->x = x;
  /* The first t with hi t >= x - L + 1.  */
  long first = x - (long) L + 1;
  b->t = 0;
  if (hi > 0 && first > 0)
    b->t = (unsigned long) ((first + hi - 1) / hi);
  if (t_cap < b->t)
    b->t = t_cap;
  b->t0 = b->t;
  for (unsigned k = 0; k <= b->r; k++)
    mpz_mul (b->qs[k], b->q[k], scale);
  block_start (b, b->tmp);
}

int
ro_strip_powers (mpz_t *w, const mpz_t *g, unsigned L, long x,
                 unsigned long t)
{
  if (L < 1 || L > RO_DICE_MAX)
    return RO_EINVAL;
  unsigned k = 0;
  while (k <= L && mpz_sgn (g[k]) == 0)
    k++;
  if (k > L)
    return RO_EINVAL;
  strip_block_t b;
  mpz_t one;
  mpz_init_set_ui (one, 1);
  block_init (&b);
  block_setup (&b, L, g, x, one, t);
  while (b.t < t)
    block_step (&b);
  for (unsigned i = 0; i < L; i++)
    mpz_set (w[i], b.w[i]);
  block_clear (&b);
  mpz_clear (one);
  return RO_OK;
}

/* Prepare the block of S for G, window top X, scaled by base^SC per
   step.  */
static void
strip_block_setup (strip_t *s, strip_block_t *b, const mpz_t *g, long x,
                   const unsigned long sc[2])
{
  b->s[0] = sc[0];
  b->s[1] = sc[1];
  mpz_ui_pow_ui (s->big, s->base[0], sc[0]);
  mpz_ui_pow_ui (s->tmp, s->base[1], sc[1]);
  mpz_mul (s->big, s->big, s->tmp);
  block_setup (b, s->L, g, x, s->big, ULONG_MAX);
}

/* The exponents of the block's values at its time t.  */
static void
block_exponents (unsigned long e[2], const strip_t *s, const strip_block_t *b)
{
  for (int k = 0; k < 2; k++)
    e[k] = s->e_full[k] * b->t + b->s[k] * (b->t - b->t0);
}

/* ------------------------------------------------------------------ */
/* The band                                                           */

/* The cell of band state (F, D), NULL in F.  */
static ro_cell_t *
cell_at (strip_t *s, unsigned long f, unsigned long d)
{
  unsigned long ring = s->L + 1;
  if (f >= s->f0 && d >= s->d0)
    return NULL;
  if (d >= s->d0)
    return &s->ring_a[(d % ring) * s->wa + (f - s->fa_lo)];
  if (f < s->f0)
    return &s->corner[(f - s->fa_lo) * s->wb + (d - s->db_lo)];
  if (!s->phase_b)
    return &s->pending[(f - s->f0) * s->wb + (d - s->db_lo)];
  return &s->ring_b[(f % ring) * s->wb + (d - s->db_lo)];
}

/* The primes of the bases, with their multiplicity in each base, and
   the last power of each made (the ends come with slowly growing
   exponents, so the next power is usually the last times a small one).  */
static void
primes_init (strip_t *s)
{
  s->np = ro_base_primes (s->base, s->prime, s->mult,
                          sizeof s->prime / sizeof s->prime[0]);
  for (unsigned i = 0; i < s->np; i++)
    {
      mpz_init_set_ui (s->pw[i], 1);
      s->pw_e[i] = 0;
    }
}

static void
primes_clear (strip_t *s)
{
  for (unsigned i = 0; i < s->np; i++)
    mpz_clear (s->pw[i]);
}

/* S->pw[I] = prime[I]^E.  */
static void
prime_power (strip_t *s, unsigned i, unsigned long e)
{
  unsigned long p = s->prime[i], m = 1, k = 0;
  if (e < s->pw_e[i])
    {
      mpz_ui_pow_ui (s->pw[i], p, e);
      s->pw_e[i] = e;
      return;
    }
  for (; s->pw_e[i] + k < e && !__builtin_mul_overflow (m, p, &m); k++)
    ;
  if (s->pw_e[i] + k < e)
    {
      mpz_ui_pow_ui (s->pw[i], p, e);
      s->pw_e[i] = e;
      return;
    }
  mpz_mul_ui (s->pw[i], s->pw[i], m);
  s->pw_e[i] = e;
}

/* Q = X over the bases, reduced: remove from the numerator the primes
   of the bases, as far as the denominator has them.  Cheaper than a gcd
   of numbers of this size; the power of 2 is a shift.  The numerators
   carry many factors of the bases (the padding of the blocks and the
   band), which mpz_remove takes off by squarings, not one by one.  */
static void
cell_get_q (mpq_t q, strip_t *s, const ro_cell_t *x)
{
  unsigned long shift = 0;
  int have = 0;
  mpz_set (mpq_numref (q), x->n);
  mpz_set_ui (mpq_denref (q), 1);
  for (unsigned i = 0; i < s->np; i++)
    {
      unsigned long v = s->mult[i][0] * x->e[0] + s->mult[i][1] * x->e[1];
      unsigned long k = 0;
      if (mpz_sgn (mpq_numref (q)) == 0)
        break;
      if (s->prime[i] == 2)
        {
          k = mpz_scan1 (mpq_numref (q), 0);
          k = k < v ? k : v;
          mpz_tdiv_q_2exp (mpq_numref (q), mpq_numref (q), k);
          shift = v - k;
          continue;
        }
      mpz_set_ui (s->big, s->prime[i]);
      k = mpz_remove (mpq_numref (q), mpq_numref (q), s->big);
      if (k > v)
        {
          mpz_ui_pow_ui (s->big, s->prime[i], k - v);
          mpz_mul (mpq_numref (q), mpq_numref (q), s->big);
          k = v;
        }
      prime_power (s, i, v - k);
      if (have)
        mpz_mul (mpq_denref (q), mpq_denref (q), s->pw[i]);
      else
        mpz_set (mpq_denref (q), s->pw[i]);
      have = 1;
    }
  if (mpz_sgn (mpq_numref (q)) == 0)
    mpz_set_ui (mpq_denref (q), 1);
  else
    mpz_mul_2exp (mpq_denref (q), mpq_denref (q), shift);
}

/* An end reached with X: reported, and added to P(win).  */
static void
report (strip_t *s, int won, unsigned long f, unsigned long d,
        const ro_cell_t *x)
{
  static const unsigned long none[2] = { 0, 0 };
  if (s->rc != RO_OK)
    return;
  if (won && s->want_win)
    cell_add (s, &s->won, x->n, x->e, s->one, none);
  if (s->end == NULL)
    return;
  mpq_t q;
  mpq_init (q);
  cell_get_q (q, s, x);
  s->rc = s->end (s->data, won, f, d, q);
  mpq_clear (q);
}

/* Pass the mass X of state (F, D) on: to an end, or through one round.  */
static void
flow (strip_t *s, ro_cell_t *x, unsigned long f, unsigned long d)
{
  if (mpz_sgn (x->n) == 0)
    return;
  int over = ro_model_ended (s->model, f, d);
  if (over != 0)
    report (s, over > 0, f, d, x);
  else
    {
      unsigned na = f < s->na_max ? (unsigned) f : s->na_max;
      unsigned nd = d < s->nd_max ? (unsigned) d : s->nd_max;
      const ro_round_t *r = &s->round[na][nd];
      unsigned long re[2];
      ro_round_exponents (re, s->base, na, nd);
      for (unsigned k = 0; k <= r->comparisons; k++)
        if (mpz_sgn (r->count[k]) != 0)
          cell_add (s, cell_at (s, f - k, d - (r->comparisons - k)), x->n,
                    x->e, r->count[k], re);
    }
  cell_zero (x);
}

/* Inject the mass N (exponents E) of the edge state (F, D) of F into
   the band: the outcomes that leave F.  */
static void
inject (strip_t *s, unsigned long f, unsigned long d, const mpz_t n,
        const unsigned long e[2])
{
  const ro_round_t *r = &s->round[s->na_max][s->nd_max];
  if (mpz_sgn (n) == 0)
    return;
  for (unsigned k = 0; k <= s->L; k++)
    {
      ro_cell_t *c = cell_at (s, f - k, d - (s->L - k));
      if (c != NULL && mpz_sgn (r->count[k]) != 0)
        cell_add (s, c, n, e, r->count[k], s->e_full);
    }
}

/* ------------------------------------------------------------------ */
/* The rate of each band                                              */

/* The most that the exponents of a band grow per army of its long side,
   NUM[b] / DEN[b] for each base.  A band is long in one side only: the
   rounds that matter there cost the short side nothing (the others can
   happen only a bounded number of times), and each adds RE to the
   exponents for the M armies it costs the long side.  ATTACKER: band A,
   where the attacker rolls fewer dice than F's and the defender's side
   is long.  */
static void
band_rate (unsigned long num[2], unsigned long den[2], const strip_t *s,
           int attacker)
{
  unsigned long lo = attacker ? s->stopf + 1 : s->goal + 1;
  unsigned long hi = attacker ? s->f0 : s->d0;
  num[0] = num[1] = 0;
  den[0] = den[1] = 1;
  for (unsigned long v = lo; v < hi; v++)
    {
      unsigned na = attacker ? (unsigned) v : s->na_max;
      unsigned nd = attacker ? s->nd_max : (unsigned) v;
      const ro_round_t *r = &s->round[na][nd];
      unsigned long re[2], m = r->comparisons;
      ro_round_exponents (re, s->base, na, nd);
      for (unsigned k = 0; k <= m; k++)
        if ((attacker ? k : m - k) == 0 && mpz_sgn (r->count[k]) != 0)
          for (int b = 0; b < 2; b++)
            if (re[b] * den[b] > num[b] * m)
              {
                num[b] = re[b];
                den[b] = m;
              }
    }
}

/* The scale per step that makes a block's exponents grow, per army of
   its long side, at least as fast as those of the band it feeds (RATE),
   so that the band's cells and the block's injections differ by bounded
   powers of the bases: ceil(RATE L) - e_full, or 0.  */
static void
band_scale (unsigned long sc[2], const strip_t *s, const unsigned long num[2],
            const unsigned long den[2])
{
  for (int b = 0; b < 2; b++)
    {
      unsigned long need = (num[b] * s->L + den[b] - 1) / den[b];
      sc[b] = need > s->e_full[b] ? need - s->e_full[b] : 0;
    }
}

/* Raise X, Y armies of its band's long side from the start, to at least
   the band's rate times Y.  Without it a cell whose own rounds grow its
   exponents more slowly than its neighbours' would fall ever further
   behind them, and every addition between them would need a big power
   of the bases.  */
static void
raise_cell (strip_t *s, ro_cell_t *x, unsigned long y,
            const unsigned long num[2], const unsigned long den[2])
{
  unsigned long up[2] = { 0, 0 };
  if (mpz_sgn (x->n) == 0)
    return;
  for (int b = 0; b < 2; b++)
    {
      unsigned long floor = num[b] * y / den[b];
      if (x->e[b] < floor)
        {
          up[b] = floor - x->e[b];
          x->e[b] = floor;
        }
    }
  if (up[0] != 0 || up[1] != 0)
    ro_mul_power (x->n, s->base, up, s->big);
}

/* ------------------------------------------------------------------ */
/* The passes                                                         */

/* Progress: the numbers a step of a pass handles grow linearly with the
   armies gone from the start, so the Kth step of pass A costs about
   x0 + K (x0 = F0 - f0 armies before A's first row) and likewise in B;
   the units of the first K steps are sum (OFF + i + 1), i < K.  */
static double
steps_work (double k, double off)
{
  return k * (off + 1) + k * (k - 1) / 2;
}

/* Set up the units of the passes that run: A (the rows D0 .. d0) when
   RUN_A, B (the columns F0 .. f0) when RUN_B, after OFF_A and OFF_B
   rounds' worth of growth.  (When the ends are reported, turning the
   likely ones into fractions costs more than the steps, and where the
   likely ends lie depends on the battle: the meter then runs ahead
   of the time, measured up to 50% done at a tenth of the time.)  */
static void
work_setup (strip_t *s, int run_a, int run_b, double off_a, double off_b)
{
  s->work_x0 = off_a;
  s->work_y0 = off_b;
  s->work_a = run_a ? steps_work (s->D0 - s->d0 + 1.0, off_a) : 0;
  s->work = s->work_a + 1
    + (run_b ? steps_work (s->F0 - s->f0 + 1.0, off_b) : 0);
  ro_progress (0, s->work);
}

/* The edge state BACK armies from the block's top corner (x + y =
   L t + i): B advanced to its round t, its entry *I, and its exponents
   in S->edge_e; NULL before the block's first round.  */
static const mpz_t *
edge_state (strip_t *s, strip_block_t *b, unsigned long back, unsigned *i)
{
  *i = (unsigned) (back % s->L);
  unsigned long t = (back - *i) / s->L;
  if (t < b->t)
    return NULL;
  while (b->t < t)
    block_step (b);
  block_exponents (s->edge_e, s, b);
  return (const mpz_t *) &b->w[*i];
}

/* Band A, rows D0 down to d0, each after the attacker's edge state in
   it (when the start is in F).  */
static void
pass_a (strip_t *s, int edge)
{
  unsigned long x0 = s->F0 - s->f0;
  for (unsigned long d = s->D0 + 1; d-- > s->d0 && s->rc == RO_OK;)
    {
      if (edge)
        {
          unsigned i;
          const mpz_t *w = edge_state (s, &s->att, s->D0 - d + x0, &i);
          if (w != NULL && s->f0 + i <= s->F0)
            inject (s, s->f0 + i, d, *w, s->edge_e);
        }
      for (unsigned long f = s->f0; f-- > s->fa_lo;)
        {
          ro_cell_t *x = cell_at (s, f, d);
          raise_cell (s, x, s->D0 - d, s->rate_a[0], s->rate_a[1]);
          flow (s, x, f, d);
        }
      ro_progress (steps_work (s->D0 - d + 1.0, s->work_x0), s->work);
    }
}

/* Band B, columns F0 down to f0, each after the defender's edge state in
   it (f >= f0 + L: the attacker's edge has the others) and what the
   attacker's edge left for it.  */
static void
pass_b (strip_t *s, int edge)
{
  static const unsigned long none[2] = { 0, 0 };
  unsigned long y0 = s->D0 - s->d0;
  s->phase_b = 1;
  for (unsigned long f = s->F0 + 1; f-- > s->f0 && s->rc == RO_OK;)
    {
      if (edge && f >= s->f0 + s->L)
        {
          unsigned j;
          const mpz_t *w = edge_state (s, &s->def, s->F0 - f + y0, &j);
          if (w != NULL && s->d0 + j <= s->D0)
            inject (s, f, s->d0 + j, *w, s->edge_e);
        }
      if (f < s->f0 + s->L)
        for (unsigned long d = s->db_lo; d < s->d0; d++)
          {
            ro_cell_t *p = &s->pending[(f - s->f0) * s->wb + d - s->db_lo];
            if (mpz_sgn (p->n) != 0)
              {
                cell_add (s, cell_at (s, f, d), p->n, p->e, s->one, none);
                cell_zero (p);
              }
          }
      for (unsigned long d = s->d0; d-- > s->db_lo;)
        {
          ro_cell_t *x = cell_at (s, f, d);
          raise_cell (s, x, s->F0 - f, s->rate_b[0], s->rate_b[1]);
          flow (s, x, f, d);
        }
      ro_progress (s->work_a + steps_work (s->F0 - f + 1.0, s->work_y0),
                   s->work);
    }
}

static void
pass_corner (strip_t *s)
{
  for (unsigned long d = s->d0; d-- > s->db_lo && s->rc == RO_OK;)
    for (unsigned long f = s->f0; f-- > s->fa_lo;)
      flow (s, cell_at (s, f, d), f, d);
}

/* ------------------------------------------------------------------ */
/* Set-up                                                             */

static ro_cell_t *
cells_new (size_t n)
{
  ro_cell_t *c = malloc ((n ? n : 1) * sizeof *c);
  if (c != NULL)
    for (size_t i = 0; i < n; i++)
      cell_init (&c[i]);
  return c;
}

static void
cells_free (ro_cell_t *c, size_t n)
{
  if (c == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    mpz_clear (c[i].n);
  free (c);
}

static void
strip_clear (strip_t *s)
{
  unsigned long ring = s->L + 1;
  cells_free (s->ring_a, ring * s->wa);
  cells_free (s->ring_b, ring * s->wb);
  cells_free (s->corner, s->wa * s->wb);
  cells_free (s->pending, s->L * s->wb);
  block_clear (&s->att);
  block_clear (&s->def);
  mpz_clear (s->won.n);
  mpz_clears (s->tmp, s->big, s->one, (mpz_ptr) 0);
  primes_clear (s);
}

/* The geometry of F and the band for the battle (F, D) under RULES,
   compiled as C (a model's, or an estimate's).  */
static void
strip_geometry (strip_t *s, const ro_rules_t *rules, const ro_compiled_t *c,
                unsigned long f, unsigned long d)
{
  s->na_max = rules->attack_dice;
  s->nd_max = rules->defend_dice;
  s->L = c->max_loss;
  s->F0 = f;
  s->D0 = d;
  s->stopf = c->stop;
  s->goal = rules->goal;
  s->f0 = s->stopf + 1 > s->na_max ? s->stopf + 1 : s->na_max;
  s->d0 = s->goal + 1 > s->nd_max ? s->goal + 1 : s->nd_max;
  s->fa_lo = s->stopf + 1 > s->L ? s->stopf + 1 - s->L : 0;
  s->db_lo = s->goal + 1 > s->L ? s->goal + 1 - s->L : 0;
  s->wa = s->f0 - s->fa_lo;
  s->wb = s->d0 - s->db_lo;
  s->base[0] = c->base[0];
  s->base[1] = c->base[1];
  ro_round_exponents (s->e_full, s->base, s->na_max, s->nd_max);
}

static int
strip_init (strip_t *s, const ro_model_t *model, unsigned long f,
            unsigned long d)
{
  s->model = model;
  s->round = (const ro_round_t (*)[RO_DICE_MAX + 1]) model->round;
  s->rc = RO_OK;
  s->phase_b = 0;
  strip_geometry (s, &model->rules, &model->c, f, d);
  mpz_inits (s->tmp, s->big, s->one, (mpz_ptr) 0);
  mpz_set_ui (s->one, 1);
  primes_init (s);
  cell_init (&s->won);
  block_init (&s->att);
  block_init (&s->def);
  int rc = RO_OK;
  band_rate (s->rate_a[0], s->rate_a[1], s, 1);
  band_rate (s->rate_b[0], s->rate_b[1], s, 0);
  unsigned long ring = s->L + 1;
  s->ring_a = cells_new (ring * s->wa);
  s->ring_b = cells_new (ring * s->wb);
  s->corner = cells_new (s->wa * s->wb);
  s->pending = cells_new (s->L * s->wb);
  if (rc == RO_OK && (s->ring_a == NULL || s->ring_b == NULL
                      || s->corner == NULL || s->pending == NULL))
    rc = RO_ENOMEM;
  return rc;
}

/* Run the passes from the start (F0, D0), which is not over.  */
static void
strip_run (strip_t *s)
{
  int in_a = s->F0 < s->f0, in_b = s->D0 < s->d0;
  if (in_a || in_b)
    {
      s->phase_b = in_b && !in_a;
      ro_cell_t *c = cell_at (s, s->F0, s->D0);
      mpz_set_ui (c->n, 1);
      work_setup (s, in_a && !in_b, in_b && !in_a, 0, 0);
      if (in_a && !in_b)
        pass_a (s, 0);
      else if (in_b && !in_a)
        pass_b (s, 0);
      pass_corner (s);
      return;
    }
  /* The attacker's edge: G = P at x = F0 - f0; the defender's: G = Prev
     at y = D0 - d0.  */
  const ro_round_t *r = &s->round[s->na_max][s->nd_max];
  mpz_t g[RO_DICE_MAX + 1];
  unsigned long sc[2];
  for (unsigned k = 0; k <= s->L; k++)
    mpz_init_set (g[k], r->count[s->L - k]);
  band_scale (sc, s, s->rate_a[0], s->rate_a[1]);
  strip_block_setup (s, &s->att, r->count, (long) (s->F0 - s->f0), sc);
  band_scale (sc, s, s->rate_b[0], s->rate_b[1]);
  strip_block_setup (s, &s->def, (const mpz_t *) g, (long) (s->D0 - s->d0), sc);
  for (unsigned k = 0; k <= s->L; k++)
    mpz_clear (g[k]);
  work_setup (s, 1, 1, s->F0 - s->f0, s->D0 - s->d0);
  pass_a (s, 1);
  pass_b (s, 1);
  pass_corner (s);
}

int
ro_strip_solve (mpq_ptr win, const ro_model_t *model, unsigned long f,
                unsigned long d, ro_strip_end_fn end, void *data)
{
  strip_t s;
  int rc = strip_init (&s, model, f, d);
  if (rc == RO_OK)
    {
      s.end = end;
      s.data = data;
      s.want_win = win != NULL;
      strip_run (&s);
      rc = s.rc;
      if (rc == RO_OK)
        ro_progress (s.work, s.work);
      if (rc == RO_OK && win != NULL)
        cell_get_q (win, &s, &s.won);
    }
  strip_clear (&s);
  return rc;
}

/* The cells of the band and the blocks, a few dozen numbers of at most
   the bits of the result: the blocks' scale makes them grow by at most
   one more power of the bases per army than the rounds do.  The ends of
   a distribution are about F + D numbers of that size.  */
double
ro_strip_memory (const ro_rules_t *rules, unsigned long f, unsigned long d,
                 int ends)
{
  strip_t s;
  ro_compiled_t c;
  ro_rules_t eff;
  ro_rules_effective (&eff, rules);   /* mixed dice on 24 sides */
  rules = &eff;
  ro_rules_compile (&c, rules);
  strip_geometry (&s, rules, &c, f, d);
  double armies = (double) f + (double) d;
  double bits = armies * (c.bits_per_army
                          + log2 (rules->attack_sides)
                          + log2 (rules->defend_sides)) + 64;
  double number = sizeof (ro_cell_t) + 1.25 * bits / 8;
  double cells = (s.L + 1.0) * (s.wa + s.wb) + (double) s.wa * s.wb
    + (double) s.L * s.wb + 4.0 * (2 * RO_DICE_MAX + 4) + 16;
  double bytes = cells * number + 65536;
  /* The ends are reduced fractions of the battle's own bits, not the
     blocks' scaled numbers (F + D of those measured four times the real
     ends).  */
  if (ends)
    bytes += ro_ends_memory (rules, f, d);
  return bytes;
}
