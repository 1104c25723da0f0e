/* forward.c -- the forward pass: from the starts to every end of a battle */

#include <config.h>

#include "riskodds-impl.h"

/* The absorbing-chain result of Hillier et al. (seed 004) without a
   matrix: the probability of reaching each state flows forward from the
   start, row by row (f descending, d descending within a row), so every
   state is complete before it is read -- its parents have at least as
   many armies on both sides.  As in solver.c, a state's probability is an
   integer over base[0]^e[0] * base[1]^e[1]; contributions that arrive
   with different exponents are brought to the larger one, so nothing is
   ever divided.  Only L+1 rows are alive at once.  An ended state (the
   goal reached, or the attacker unable or unwilling to go on) passes
   nothing on and is reported.  */

/* Pass state (F, D) on to its children.  */
static void
flow_state (ro_solver_t *s, unsigned long f, unsigned long d)
{
  const ro_cell_t *x = ro_solver_cell (s, f, d);
  const ro_step_t *r = ro_policy_step (s, f, d);
  unsigned long re[2];
  ro_solver_round_exponents (re, s, r->na, r->nd);
  for (unsigned i = 0; i < r->n; i++)
    ro_cell_add (s->base, s->big,
                 ro_solver_cell (s, f - r->lose_a[i], d - r->lose_d[i]),
                 x->n, x->e, r->count[i], re);
}

static void
zero_row (ro_solver_t *s, unsigned long f)
{
  for (unsigned long d = 0; d < s->cols; d++)
    {
      ro_cell_t *c = ro_solver_cell (s, f, d);
      mpz_set_ui (c->n, 0);
      c->e[0] = c->e[1] = 0;
    }
}

/* The forward pass over the battles against D0 that start in column D0
   with SEED[f] (f = 0 .. NSEED-1; zero cells are absent), calling END for
   every ended state with its probability, in the order of the pass.  */
int
ro_forward (ro_solver_t *s, const ro_cell_t *seed, unsigned long nseed,
            unsigned long d0, ro_end_fn end, void *data)
{
  const unsigned long none[2] = { 0, 0 };
  int rc = RO_OK;
  mpz_t one;
  mpz_init_set_ui (one, 1);
  for (unsigned long i = 0; i < s->rows; i++)
    zero_row (s, i);

  /* The probabilities grow from the start down, as the recursion's
     values grow from the ends up: row f is the (NSEED - f)th.  */
  double total = ro_progress_rows (nseed, d0);
  ro_progress (0, total);
  for (unsigned long f = nseed; f-- > 0 && rc == RO_OK;)
    {
      /* Row f + 1 is done; its slot becomes row f - L.  */
      if (f + 1 < nseed)
        {
          ro_progress (ro_progress_rows (nseed - 1 - f, d0), total);
          zero_row (s, f + 1);
        }
      if (mpz_sgn (seed[f].n) != 0)
        ro_cell_add (s->base, s->big, ro_solver_cell (s, f, d0), seed[f].n,
                     seed[f].e, one, none);
      for (unsigned long d = d0 + 1; d-- > 0 && rc == RO_OK;)
        {
          const ro_cell_t *x = ro_solver_cell (s, f, d);
          if (mpz_sgn (x->n) == 0)
            continue;
          int over = ro_model_ended (s->model, f, d);
          if (over != 0)
            rc = end (data, over > 0, f, d, s, x);
          else
            flow_state (s, f, d);
        }
    }
  if (rc == RO_OK)
    ro_progress (total, total);
  mpz_clear (one);
  return rc;
}
