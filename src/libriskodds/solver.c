/* solver.c -- the exact engines' states: integers over powers of the dice */

#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* The engines never divide.  Every state's probability is kept as an
   integer numerator N over the denominator base[0]^e[0] * base[1]^e[1],
   where base[] are the sides of the dice (one base when both sides roll
   the same dice, two otherwise).  Two such numbers are brought to the
   larger exponents by non-negative powers of the bases, which costs one
   mpz_addmul_ui while the multiplier fits a limb: linear in the size of
   the numbers, with no gcd.  The fraction is reduced only when it is
   reported (ro_solver_get_q).

   States are (f, d): f armies able to fight, d defending.  The engines
   walk f in one direction and keep only L+1 rows of D+1 states in a
   ring, L being the most armies the attacker can lose in one round, so
   a single query needs memory for those rows, not for the whole
   grid.  */

ro_cell_t *
ro_solver_cell (ro_solver_t *s, unsigned long f, unsigned long d)
{
  return &s->cell[(f % s->rows) * s->cols + d];
}

void
ro_round_exponents (unsigned long r[2], const unsigned long base[2],
                    unsigned na, unsigned nd)
{
  if (base[1] == 1)
    {
      r[0] = na + nd;
      r[1] = 0;
    }
  else
    {
      r[0] = na;
      r[1] = nd;
    }
}

/* The exponents of the bases that one round of NA against ND dice adds
   to the denominator.  */
void
ro_solver_round_exponents (unsigned long r[2], const ro_solver_t *s,
                           unsigned na, unsigned nd)
{
  ro_round_exponents (r, s->base, na, nd);
}

/* BASE^K * C in *OUT, or 0 when it does not fit an unsigned long.  */
static int
small_multiplier (unsigned long *out, const mpz_t c,
                  const unsigned long base[2], const unsigned long k[2])
{
  if (!mpz_fits_ulong_p (c))
    return 0;
  unsigned long m = mpz_get_ui (c);
  for (int b = 0; b < 2; b++)
    for (unsigned long t = 0; t < k[b]; t++)
      if (__builtin_mul_overflow (m, base[b], &m))
        return 0;
  *out = m;
  return 1;
}

/* BIG = BASE^K * C.  */
static void
big_multiplier (mpz_t big, const mpz_t c, const unsigned long base[2],
                const unsigned long k[2])
{
  mpz_t t;
  mpz_init (t);
  mpz_ui_pow_ui (big, base[0], k[0]);
  mpz_ui_pow_ui (t, base[1], k[1]);
  mpz_mul (big, big, t);
  mpz_mul (big, big, c);
  mpz_clear (t);
}

void
ro_addmul_scaled (const unsigned long base[2], mpz_t big, mpz_t n,
                  const mpz_t x, const mpz_t c, const unsigned long k[2])
{
  unsigned long m;
  if (small_multiplier (&m, c, base, k))
    mpz_addmul_ui (n, x, m);
  else
    {
      big_multiplier (big, c, base, k);
      mpz_addmul (n, x, big);
    }
}

/* N += C * base[0]^K[0] * base[1]^K[1] * CHILD.  */
void
ro_solver_add_scaled (ro_solver_t *s, mpz_t n, const mpz_t c,
                      const unsigned long k[2], const mpz_t child)
{
  ro_addmul_scaled (s->base, s->big, n, child, c, k);
}

unsigned
ro_base_primes (const unsigned long base[2], unsigned long *prime,
                unsigned long (*mult)[2], unsigned max)
{
  unsigned np = 0;
  for (int b = 0; b < 2; b++)
    for (unsigned long n = base[b], f = 2; n > 1; f++)
      while (n % f == 0)
        {
          unsigned i = 0;
          while (i < np && prime[i] != f)
            i++;
          if (i == np && np < max)
            {
              prime[np] = f;
              mult[np][0] = mult[np][1] = 0;
              np++;
            }
          if (i < np)
            mult[i][b]++;
          n /= f;
        }
  return np;
}

void
ro_mul_power (mpz_t n, const unsigned long base[2], const unsigned long k[2],
              mpz_t big)
{
  unsigned long m = 1;
  int fits = 1;
  for (int b = 0; b < 2 && fits; b++)
    for (unsigned long t = 0; t < k[b] && fits; t++)
      fits = !__builtin_mul_overflow (m, base[b], &m);
  if (fits)
    {
      mpz_mul_ui (n, n, m);
      return;
    }
  for (int b = 0; b < 2; b++)
    {
      mpz_ui_pow_ui (big, base[b], k[b]);
      mpz_mul (n, n, big);
    }
}

void
ro_cell_add (const unsigned long base[2], mpz_t big, ro_cell_t *cell,
             const mpz_t x, const unsigned long xe[2], const mpz_t c,
             const unsigned long re[2])
{
  unsigned long ce[2] = { xe[0] + re[0], xe[1] + re[1] };
  if (mpz_sgn (cell->n) == 0)
    {
      mpz_mul (cell->n, x, c);
      cell->e[0] = ce[0];
      cell->e[1] = ce[1];
      return;
    }
  unsigned long up[2], down[2];
  for (int b = 0; b < 2; b++)
    {
      unsigned long e = cell->e[b] > ce[b] ? cell->e[b] : ce[b];
      up[b] = e - cell->e[b];
      down[b] = e - ce[b];
      cell->e[b] = e;
    }
  if (up[0] != 0 || up[1] != 0)
    ro_mul_power (cell->n, base, up, big);
  ro_addmul_scaled (base, big, cell->n, x, c, down);
}

/* For a state that rolls na against nd dice, e = (dice of one round) +
   max over its children of the child's e, so every child's numerator is
   brought to the common denominator by a non-negative power of the
   bases, and each state costs one multiply-add per outcome.  */
void
ro_solver_state (ro_solver_t *s, unsigned long f, unsigned long d,
                 const ro_step_t *r)
{
  ro_cell_t *x = ro_solver_cell (s, f, d);
  unsigned long re[2], e[2] = { 0, 0 };
  int any = 0;

  /* Outcome i: the attacker loses lose_a[i] armies, the defender
     lose_d[i].  Children that are certain losses contribute nothing and
     do not widen the denominator.  */
  for (unsigned i = 0; i < r->n; i++)
    {
      const ro_cell_t *c = ro_solver_cell (s, f - r->lose_a[i],
                                           d - r->lose_d[i]);
      if (mpz_sgn (c->n) == 0)
        continue;
      for (int b = 0; b < 2; b++)
        if (!any || c->e[b] > e[b])
          e[b] = c->e[b];
      any = 1;
    }
  mpz_set_ui (x->n, 0);
  x->e[0] = x->e[1] = 0;
  if (!any)
    return;

  ro_solver_round_exponents (re, s, r->na, r->nd);
  x->e[0] = e[0] + re[0];
  x->e[1] = e[1] + re[1];
  for (unsigned i = 0; i < r->n; i++)
    {
      const ro_cell_t *c = ro_solver_cell (s, f - r->lose_a[i],
                                           d - r->lose_d[i]);
      if (mpz_sgn (c->n) == 0)
        continue;
      unsigned long sh[2] = { e[0] - c->e[0], e[1] - c->e[1] };
      ro_solver_add_scaled (s, x->n, r->count[i], sh, c->n);
    }
}

int
ro_solver_init (ro_solver_t *s, const ro_model_t *model, unsigned long d)
{
  return ro_solver_init_rows (s, model, d, 0);
}

int
ro_solver_init_rows (ro_solver_t *s, const ro_model_t *model,
                     unsigned long d, unsigned long extra)
{
  s->model = model;
  s->base[0] = model->c.base[0];
  s->base[1] = model->c.base[1];
  s->rows = model->c.max_loss + 1 + extra;
  s->cols = d + 1;
  s->cell = malloc (s->rows * s->cols * sizeof *s->cell);
  if (s->cell == NULL)
    return RO_ENOMEM;
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpz_init (s->cell[i].n);
  mpz_init (s->big);
  s->policy = NULL;
  return RO_OK;
}

void
ro_solver_clear (ro_solver_t *s)
{
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpz_clear (s->cell[i].n);
  free (s->cell);
  mpz_clear (s->big);
}

/* A view shares S's model and ring but has its own work space (BIG,
   and the policies' when opened on it), so that several threads can
   solve states of one ring at once.  */
void
ro_solver_view (ro_solver_t *v, const ro_solver_t *s)
{
  *v = *s;
  mpz_init (v->big);
  v->policy = NULL;
}

void
ro_solver_view_clear (ro_solver_t *v)
{
  mpz_clear (v->big);
}

/* The distinct primes of BASE[0] and BASE[1] (each at most
   RO_SIDES_MAX, so at most 3 primes each) into P, and the power of
   each in BASE[0]^E[0] * BASE[1]^E[1] into K; their number.  */
static int
base_primes (unsigned long p[6], unsigned long k[6],
             const unsigned long base[2], const unsigned long e[2])
{
  int np = 0;
  for (int b = 0; b < 2; b++)
    {
      unsigned long m = base[b];
      for (unsigned long q = 2; q <= m; q++)
        {
          if (m % q != 0)
            continue;
          unsigned long times = 0;
          while (m % q == 0)
            {
              m /= q;
              times++;
            }
          int i = 0;
          while (i < np && p[i] != q)
            i++;
          if (i == np)
            {
              p[np] = q;
              k[np++] = 0;
            }
          k[i] += times * e[b];
        }
    }
  return np;
}

/* Divide N by the odd prime P as often as it divides N, up to K times;
   the number of times.  Each step is one pass over N with a divisor of
   one limb: N mod P^C for the largest power P^C that fits (K - V at
   most), then either a division by P^C, or by the power of P that
   divides the remainder, which is then the last step.  A reported
   cell's numerator often holds tens of factors of 3.  */
static unsigned long
remove_prime (mpz_t n, unsigned long p, unsigned long k)
{
  unsigned long v = 0;
  while (v < k)
    {
      unsigned long q = p, c = 1;
      while (c < k - v && q <= ULONG_MAX / p)
        {
          q *= p;
          c++;
        }
      unsigned long r = mpz_fdiv_ui (n, q);
      if (r == 0)
        {
          mpz_divexact_ui (n, n, q);
          v += c;
          continue;
        }
      for (q = 1, c = 0; r % p == 0; r /= p, c++)
        q *= p;
      if (c > 0)
        mpz_divexact_ui (n, n, q);
      return v + c;
    }
  return v;
}

/* WIN = N / (base[0]^e[0] * base[1]^e[1]), reduced.  The denominator's
   only primes are those of the dice's sides, so N is divided by each of
   them as often as both allow and the denominator is made of what is
   left: the reduced fraction, without the gcd that would otherwise cost
   most of a grid's time (a gcd of two numbers of the size of N, for
   each cell).  */
void
ro_solver_get_q (mpq_t win, const ro_solver_t *s, const ro_cell_t *x)
{
  unsigned long p[6], k[6];
  int np = base_primes (p, k, s->base, x->e);
  ro_q_over_primes (win, x->n, p, k, np);
}

/* The same for N over P[0]^K[0] ... P[NP-1]^K[NP-1] (distinct primes).  */
void
ro_q_over_primes (mpq_t win, const mpz_t n, const unsigned long *p,
                  const unsigned long *k, int np)
{
  mpz_ptr num = mpq_numref (win), den = mpq_denref (win);
  if (mpz_sgn (n) == 0)
    {
      mpq_set_ui (win, 0, 1);
      return;
    }
  mpz_t t;
  mpz_init (t);
  mpz_set (num, n);
  mpz_set_ui (den, 1);
  for (int i = 0; i < np; i++)
    {
      unsigned long v = 0;
      if (p[i] == 2)
        {
          v = mpz_scan1 (num, 0);
          v = v < k[i] ? v : k[i];
          mpz_tdiv_q_2exp (num, num, v);
        }
      else
        v = remove_prime (num, p[i], k[i]);
      mpz_ui_pow_ui (t, p[i], k[i] - v);
      mpz_mul (den, den, t);
    }
  mpz_clear (t);
}

/* The recursion's memory for (A, D): here, in the engine, so that the
   plans can add their own bytes to it; ro_engine_memory (recursion.c)
   picks the engine's estimate.  The estimates are made before any
   model is compiled, from RULES, which the public function that asks
   has checked.  */
int
ro_solver_memory (double *bytes, const ro_rules_t *rules,
                  unsigned long a, unsigned long d)
{
  return ro_solver_memory_rows (bytes, rules, a, d, 0, 0);
}

/* The ends of a distribution: one per count of armies the winner has
   left, F + D, twice that when a stop or a goal lets a round jump past
   the end.  An end that leaves F' attackers or D' defenders lost at most
   F - F' + D or F + D - D' armies on its way, so its reduced fraction
   has at most that many armies' bits in its denominator (and its
   numerator, no larger): the sum over the ends, rather than F + D times
   the largest, which measured 1.5 to 2 times the real ends.  */
double
ro_ends_memory (const ro_rules_t *rules, unsigned long f, unsigned long d)
{
  double F = f, D = d;
  double wins = rules->goal ? 2 : 1, holds = rules->stop ? 2 : 1;
  /* Sum of F - F' + D over F' = 1 .. F, and of F + D - D' over
     D' = 1 .. D: the armies lost on the way to each end.  */
  double lost = wins * (F * D + F * (F - 1) / 2)
    + holds * (F * D + D * (D - 1) / 2);
  double ends = wins * F + holds * D;
  return ends * (sizeof (ro_outcome_t) + 2 * (64 / 8 + 32))
    + 2 * lost * ro_rules_bits_per_army (rules) / 8;
}

int
ro_solver_memory_rows (double *bytes, const ro_rules_t *rules,
                       unsigned long a, unsigned long d, unsigned long extra,
                       unsigned long views)
{
  double f = (double) ro_rules_fighting (rules, a);
  if (ro_rules_ended (rules, (unsigned long) f, d) != 0)
    {
      /* Decided before any dice are rolled.  */
      *bytes = 65536;
      return RO_OK;
    }
  double bpa = ro_rules_bits_per_army_upto (rules, (unsigned long) f);
  double bits = (f + d) * bpa + 64;
  double rows = ro_rules_max_attacker_loss (rules) + 1 + extra;
  /* The ring's cells, each row's numbers in column j of at most
     (F + j) armies' bits: a row holds (d + 1) (F + d / 2) armies' bits
     in all, not (d + 1) times the largest.  No more rows than the
     attacker has fighting armies (the row of none holds 0s and 1s:
     1 .. 2 against 20000 holds one row of numbers, not the ring's 11
     on two threads); the others are cells without limbs.  */
  double held = fmax (1, fmin (rows, f));
  double row_bits = (d + 1.0) * ((f + d / 2.0) * bpa + 64);
  /* The rows, plus the reduced result and its temporaries (the
     policies' children and values among them), once per thread.  */
  *bytes = rows * (d + 1.0) * sizeof (ro_cell_t)
    + held * 1.25 * row_bits / 8 + (1.0 + views) * (48 * bits / 8 + 65536);
  /* A defender who looks at the roll: the classes and their answers.  */
  if (rules->defender != RO_DEFENDER_MAX)
    *bytes += (double) ro_rules_rolls (rules)
      * (16 + RO_DICE_MAX * (RO_DICE_MAX + 1) * sizeof (unsigned long));
  /* The optimal policies' comparisons: their products and the work
     space's numbers churn the allocator.  Measured (bench/memory.sh),
     about 500 KiB per thread beyond the rows from 150 v 150 to 500 v
     500, where the rows alone were below the run; a constant, since at
     1000 v 1000 the rows are 1.2 times it.  The products also grow
     with the numbers: 900 v 900 under the optimal defender measured
     6 % above the rows and the constant, so a tenth of the rows more,
     and 400 v 400 up to 2.2 MiB where 2.1 were counted: 768 KiB for
     the churn, not 512.  */
  if (ro_rules_optimizing (rules))
    *bytes += (1.0 + views) * 768 * 1024 + 0.1 * held * 1.25 * row_bits / 8;
  return RO_OK;
}
