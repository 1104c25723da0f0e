/* dist.c -- how a battle ends: the exact distribution, by a forward pass */

#include <config.h>

#include <stdlib.h>

#include "riskodds-impl.h"

/* The absorbing-chain result of Hillier et al. (seed 004) without a
   matrix: the probability of reaching each state flows forward from the
   start, row by row (f descending, d descending within a row), so every
   state is complete before it is read -- its parents have at least as
   many armies on both sides.  As in battle.c, a state's probability is an
   integer over base[0]^e[0] * base[1]^e[1]; contributions that arrive
   with different exponents are brought to the larger one, so nothing is
   ever divided.  Only L+1 rows are alive at once.  An ended state (the
   goal reached, or the attacker unable or unwilling to go on) passes
   nothing on and is reported.  */

void
ro_dist_init (ro_dist_t *dist)
{
  dist->n = 0;
  dist->outcome = NULL;
  mpq_init (dist->win);
}

void
ro_dist_clear (ro_dist_t *dist)
{
  for (size_t i = 0; i < dist->n; i++)
    mpq_clear (dist->outcome[i].p);
  free (dist->outcome);
  dist->outcome = NULL;
  dist->n = 0;
  mpq_clear (dist->win);
}

/* The attacker's best ends first: wins by more armies left, then by
   fewer defenders left (only with a goal); then losses by fewer defenders
   left, then by more attackers left.  */
static int
outcome_cmp (const void *x, const void *y)
{
  const ro_outcome_t *p = x, *q = y;
  if (p->won != q->won)
    return p->won ? -1 : 1;
  if (p->won)
    {
      if (p->attackers != q->attackers)
        return p->attackers > q->attackers ? -1 : 1;
      return p->defenders < q->defenders ? -1 : p->defenders > q->defenders;
    }
  if (p->defenders != q->defenders)
    return p->defenders < q->defenders ? -1 : 1;
  return p->attackers > q->attackers ? -1 : p->attackers < q->attackers;
}

/* C += N * COUNT / base^RE, where N is over base^E: both brought to the
   larger of the two exponents.  */
static void
flow (ro_solver_t *s, ro_cell_t *c, const ro_cell_t *x, const mpz_t count,
      const unsigned long re[2], mpz_t tmp, const mpz_t one)
{
  unsigned long ce[2] = { x->e[0] + re[0], x->e[1] + re[1] };
  if (mpz_sgn (c->n) == 0)
    {
      mpz_mul (c->n, x->n, count);
      c->e[0] = ce[0];
      c->e[1] = ce[1];
      return;
    }
  unsigned long up[2], down[2];
  for (int b = 0; b < 2; b++)
    {
      unsigned long e = c->e[b] > ce[b] ? c->e[b] : ce[b];
      up[b] = e - c->e[b];
      down[b] = e - ce[b];
      c->e[b] = e;
    }
  if (up[0] != 0 || up[1] != 0)
    {
      mpz_swap (tmp, c->n);
      mpz_set_ui (c->n, 0);
      ro_solver_add_scaled (s, c->n, one, up, tmp);
    }
  ro_solver_add_scaled (s, c->n, count, down, x->n);
}

/* Pass state (F, D) on to its children.  */
static void
flow_state (ro_solver_t *s, unsigned long f, unsigned long d, mpz_t tmp,
            const mpz_t one)
{
  const ro_cell_t *x = ro_solver_cell (s, f, d);
  const ro_step_t *r = ro_policy_step (s, f, d);
  unsigned long re[2];
  ro_solver_round_exponents (re, s, r->na, r->nd);
  for (unsigned i = 0; i < r->n; i++)
    flow (s, ro_solver_cell (s, f - r->lose_a[i], d - r->lose_d[i]), x,
          r->count[i], re, tmp, one);
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
  const ro_rules_t *rules = &s->model->rules;
  const unsigned long none[2] = { 0, 0 };
  int rc = RO_OK;
  mpz_t tmp, one;
  mpz_inits (tmp, one, (mpz_ptr) 0);
  mpz_set_ui (one, 1);
  for (unsigned long i = 0; i < s->rows; i++)
    zero_row (s, i);

  for (unsigned long f = nseed; f-- > 0 && rc == RO_OK;)
    {
      /* Row f + 1 is done; its slot becomes row f - L.  */
      if (f + 1 < nseed)
        zero_row (s, f + 1);
      if (mpz_sgn (seed[f].n) != 0)
        flow (s, ro_solver_cell (s, f, d0), &seed[f], one, none, tmp, one);
      for (unsigned long d = d0 + 1; d-- > 0 && rc == RO_OK;)
        {
          const ro_cell_t *x = ro_solver_cell (s, f, d);
          if (mpz_sgn (x->n) == 0)
            continue;
          int over = ro_rules_ended (rules, f, d);
          if (over != 0)
            rc = end (data, over > 0, f, d, s, x);
          else
            flow_state (s, f, d, tmp, one);
        }
    }
  mpz_clears (tmp, one, (mpz_ptr) 0);
  return rc;
}

/* Collecting the ends of one battle into a ro_dist_t.  */
typedef struct
{
  ro_dist_t *dist;
  size_t cap;
  unsigned long behind;
} collect_t;

static int
collect_end (void *data, int won, unsigned long f, unsigned long d,
             const ro_solver_t *s, const ro_cell_t *x)
{
  collect_t *c = data;
  ro_dist_t *dist = c->dist;
  if (dist->n == c->cap)
    {
      size_t cap = c->cap ? 2 * c->cap : 64;
      ro_outcome_t *o = realloc (dist->outcome, cap * sizeof *o);
      if (o == NULL)
        return RO_ENOMEM;
      dist->outcome = o;
      c->cap = cap;
    }
  ro_outcome_t *o = &dist->outcome[dist->n++];
  o->won = won;
  o->attackers = f + c->behind;
  o->defenders = d;
  mpq_init (o->p);
  ro_solver_get_q (o->p, s, x);
  return RO_OK;
}

/* Check the arguments of a battle, as ro_battle_win does.  */
int
ro_check_battle (const ro_rules_t *rules, unsigned long a, unsigned long d)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  if (a > RO_ARMIES_MAX || d > RO_ARMIES_MAX)
    return RO_ERANGE;
  if (a == 0 && rules->count == RO_COUNT_TERRITORY)
    return RO_EINVAL;
  return RO_OK;
}

int
ro_battle_dist (ro_dist_t *dist, const ro_rules_t *rules, unsigned long a,
                unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;

  ro_model_t model;
  ro_solver_t s;
  rc = ro_solver_open (&model, &s, rules, d);
  if (rc != RO_OK)
    return rc;
  ro_dist_clear (dist);
  ro_dist_init (dist);

  /* One seed: the start, probability 1.  */
  unsigned long f0 = ro_rules_fighting (rules, a);
  ro_plan_t plan;
  ro_plan_init (&plan);
  rc = ro_solver_plan (&s, &plan, f0, d);
  ro_cell_t *seed = rc == RO_OK ? malloc ((f0 + 1) * sizeof *seed) : NULL;
  if (rc != RO_OK)
    ;
  else if (seed == NULL)
    rc = RO_ENOMEM;
  else
    {
      for (unsigned long f = 0; f <= f0; f++)
        {
          mpz_init_set_ui (seed[f].n, f == f0);
          seed[f].e[0] = seed[f].e[1] = 0;
        }
      collect_t c = { dist, 0, rules->count == RO_COUNT_TERRITORY };
      rc = ro_forward (&s, seed, f0 + 1, d, collect_end, &c);
      for (unsigned long f = 0; f <= f0; f++)
        mpz_clear (seed[f].n);
      free (seed);
    }
  ro_plan_clear (&plan);
  ro_solver_close (&model, &s);
  if (rc != RO_OK)
    return rc;
  qsort (dist->outcome, dist->n, sizeof *dist->outcome, outcome_cmp);
  for (size_t i = 0; i < dist->n; i++)
    if (dist->outcome[i].won)
      mpq_add (dist->win, dist->win, dist->outcome[i].p);
  return RO_OK;
}

void
ro_stats_init (ro_stats_t *st)
{
  for (int c = 0; c < 3; c++)
    {
      st->has[c] = 0;
      mpq_inits (st->attackers_left[c], st->attackers_left_var[c],
                 st->defenders_left[c], st->defenders_left_var[c],
                 st->attackers_lost[c], st->defenders_lost[c], (mpq_ptr) 0);
    }
}

void
ro_stats_clear (ro_stats_t *st)
{
  for (int c = 0; c < 3; c++)
    mpq_clears (st->attackers_left[c], st->attackers_left_var[c],
                st->defenders_left[c], st->defenders_left_var[c],
                st->attackers_lost[c], st->defenders_lost[c], (mpq_ptr) 0);
}

/* Whether outcome O belongs to condition C.  */
static int
in_condition (const ro_outcome_t *o, int c)
{
  return c == RO_GIVEN_ANY || (c == RO_GIVEN_WIN) == (o->won != 0);
}

/* MEAN and VAR of X (the attackers' or defenders' armies left) over the
   outcomes of condition C, whose probability is PC > 0.  */
static void
moments (mpq_t mean, mpq_t var, const ro_dist_t *dist, int c, int attackers,
         const mpq_t pc)
{
  mpq_t s1, s2, t;
  mpq_inits (s1, s2, t, (mpq_ptr) 0);
  for (size_t i = 0; i < dist->n; i++)
    {
      const ro_outcome_t *o = &dist->outcome[i];
      if (!in_condition (o, c))
        continue;
      unsigned long x = attackers ? o->attackers : o->defenders;
      mpq_set_ui (t, x, 1);
      mpq_mul (t, t, o->p);
      mpq_add (s1, s1, t);
      mpq_set_ui (t, x, 1);
      mpq_mul (t, t, t);
      mpq_mul (t, t, o->p);
      mpq_add (s2, s2, t);
    }
  mpq_div (mean, s1, pc);
  mpq_div (s2, s2, pc);
  mpq_mul (t, mean, mean);
  mpq_sub (var, s2, t);
  mpq_clears (s1, s2, t, (mpq_ptr) 0);
}

int
ro_dist_stats (ro_stats_t *st, const ro_dist_t *dist, unsigned long a,
               unsigned long d)
{
  mpq_t pc, start;
  mpq_inits (pc, start, (mpq_ptr) 0);
  for (int c = 0; c < 3; c++)
    {
      mpq_set_ui (pc, 0, 1);
      for (size_t i = 0; i < dist->n; i++)
        if (in_condition (&dist->outcome[i], c))
          mpq_add (pc, pc, dist->outcome[i].p);
      st->has[c] = mpq_sgn (pc) > 0;
      if (!st->has[c])
        continue;
      moments (st->attackers_left[c], st->attackers_left_var[c], dist, c, 1,
               pc);
      moments (st->defenders_left[c], st->defenders_left_var[c], dist, c, 0,
               pc);
      mpq_set_ui (start, a, 1);
      mpq_sub (st->attackers_lost[c], start, st->attackers_left[c]);
      mpq_set_ui (start, d, 1);
      mpq_sub (st->defenders_lost[c], start, st->defenders_left[c]);
    }
  mpq_clears (pc, start, (mpq_ptr) 0);
  return RO_OK;
}
