/* float.c -- P(attacker conquers) in double precision, to measure its loss */

#include <config.h>

#include <float.h>
#include <stdlib.h>
#include <mpfr.h>

#include "riskodds-impl.h"

/* The twin of ro_battle_grid that every floating-point calculator is:
   the same recursion over the states (f fighting, d defending), the same
   ends (ro_rules_ended), the same children in the same order, but every
   probability a double.  The only inputs that are not 0 or 1 are the
   round probabilities count[k] / total, and each is rounded once, to
   nearest, from its exact value; so the gap between this grid and the
   exact one is the error of double arithmetic alone, not of a sloppy
   conversion (mpq_get_d truncates, and 5/12 would already be an ulp
   low).

   As in recursion.c, only the rows f-L .. f are kept, L being the most
   armies the attacker can lose in one round: a ring of L+1 rows of D+1
   doubles, which is never more than the grid 0..A x 0..D that the
   interface promises, and a lot less when A is large.  */

typedef struct
{
  const ro_model_t *model;
  /* p[na][nd][k]: the round of na against nd dice in which the attacker
     loses k armies, rounded to the nearest double.  */
  double p[RO_DICE_MAX + 1][RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  unsigned long rows, cols;
  double *cell;
} float_solver_t;

static double *
float_cell (float_solver_t *s, unsigned long f, unsigned long d)
{
  return &s->cell[(f % s->rows) * s->cols + d];
}

/* COUNT / TOTAL rounded to the nearest double.  At DBL_MANT_DIG bits
   MPFR's correctly rounded quotient is already a double, so mpfr_get_d
   does not round a second time (a probability is 0 or at least
   1 / 100^10, far above the subnormals).  */
static double
round_probability (const mpz_t count, const mpz_t total)
{
  mpq_t q;
  mpfr_t x;

  mpq_init (q);
  mpq_set_num (q, count);
  mpq_set_den (q, total);
  mpq_canonicalize (q);
  mpfr_init2 (x, DBL_MANT_DIG);
  mpfr_set_q (x, q, MPFR_RNDN);
  double p = mpfr_get_d (x, MPFR_RNDN);
  mpfr_clear (x);
  mpq_clear (q);
  return p;
}

/* Round every probability of model M once; the exact counts are not
   read after that.  */
static void
set_probabilities (float_solver_t *s, const ro_model_t *m)
{
  s->model = m;
  for (unsigned na = 1; na <= m->rules.attack_dice; na++)
    for (unsigned nd = 1; nd <= m->rules.defend_dice; nd++)
      {
        const ro_round_t *r = &m->round[na][nd];
        for (unsigned k = 0; k <= r->comparisons; k++)
          s->p[na][nd][k] = round_probability (r->count[k], r->total);
      }
}

/* The ring's size in bytes for D + 1 columns, or 0 when it does not fit
   a size_t (on 32-bit systems 6 rows of 10^8 doubles do not).  */
static int
ring_size (size_t *bytes, unsigned long rows, unsigned long d)
{
  size_t cols;
  if (__builtin_add_overflow (d, 1UL, &cols)
      || __builtin_mul_overflow (cols, (size_t) rows, bytes)
      || __builtin_mul_overflow (*bytes, sizeof (double), bytes))
    return 0;
  return 1;
}

static int
float_solver_open (float_solver_t *s, const ro_model_t *m, unsigned long d)
{
  size_t bytes;
  set_probabilities (s, m);
  s->rows = m->c.max_loss + 1;
  s->cols = d + 1;
  if (!ring_size (&bytes, s->rows, d))
    return RO_ENOMEM;
  s->cell = malloc (bytes);
  return s->cell == NULL ? RO_ENOMEM : RO_OK;
}

static void
float_solver_close (float_solver_t *s)
{
  free (s->cell);
}

/* Fill state (f, d) from its children, all of which are already known:
   ro_solve_state of recursion.c in doubles.  Children that the exact
   recursion skips (certain losses, impossible outcomes) add an exact 0
   here, which changes nothing, so the sum is taken in the same order of
   k over the same terms.  */
static void
solve_state (float_solver_t *s, unsigned long f, unsigned long d)
{
  double *x = float_cell (s, f, d);

  int end = ro_model_ended (s->model, f, d);
  if (end != 0)
    {
      *x = end > 0 ? 1.0 : 0.0;
      return;
    }

  unsigned na = ro_model_attack_dice (s->model, f);
  unsigned nd = ro_model_defend_dice (s->model, d);
  unsigned m = na < nd ? na : nd;
  const double *p = s->p[na][nd];
  double sum = 0.0;

  /* Outcome k: the attacker loses k armies, the defender m-k.  */
  for (unsigned k = 0; k <= m; k++)
    sum += p[k] * *float_cell (s, f - k, d - (m - k));
  *x = sum;
}

int
ro_battle_grid_double (const ro_rules_t *rules, unsigned long a_lo,
                       unsigned long a_hi, unsigned long d_lo,
                       unsigned long d_hi, ro_battle_double_fn fn,
                       void *data)
{
  int rc = ro_check_grid (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc == RO_OK && !ro_rules_plain (rules))
    rc = RO_EINVAL;             /* the twin has no policies */
  if (rc != RO_OK)
    return rc;

  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  float_solver_t s;
  rc = float_solver_open (&s, &model, d_hi);
  if (rc != RO_OK)
    {
      ro_model_clear (&model);
      return rc;
    }
  /* Each row is reported as soon as it is complete, before the ring
     overwrites it.  */
  unsigned long f_lo = ro_model_fighting (&model, a_lo);
  unsigned long f_hi = ro_model_fighting (&model, a_hi);
  for (unsigned long i = 0; i <= f_hi && rc == 0; i++)
    {
      for (unsigned long j = 0; j <= d_hi; j++)
        solve_state (&s, i, j);
      for (unsigned long j = d_lo; i >= f_lo && j <= d_hi && rc == 0; j++)
        rc = fn (data, a_lo + (i - f_lo), j, *float_cell (&s, i, j));
    }
  float_solver_close (&s);
  ro_model_clear (&model);
  return rc;
}

int
ro_battle_memory_double (double *bytes, const ro_rules_t *rules,
                         unsigned long a, unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;

  /* The ring, the solver, and the exact model the probabilities are
     rounded from: its counts and MPFR's temporaries are a few hundred
     bytes, well inside the slack.  */
  double rows = ro_rules_max_attacker_loss (rules) + 1;
  *bytes = rows * (d + 1.0) * sizeof (double) + sizeof (float_solver_t)
    + sizeof (ro_model_t) + 65536;
  return RO_OK;
}
