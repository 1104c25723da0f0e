/* plan.c -- optimal dice choices, decided by exact comparisons */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "riskodds-impl.h"

/* A state (f, d) under an optimizing policy is solved as the sequential
   game it is: the attacker picks his dice, rolls, the defender sees the
   roll and picks his.  Every value compared is an integer over one
   common denominator, so each choice is an exact comparison of two
   integers (mpz_cmp), never of two roundings:

   - the children (f - k, d - l) of every choice are brought to the
     largest exponent E among them: X[k][l] = n * base^(E - e), over
     base^E;
   - the defender's answer with N' of his ND dice to roll class R is
     S(R, N') = defend_sides^(ND - N') * sum_k answer(R, N')[k] *
     X[k][m' - k], over base^E * defend_sides^ND, whatever N' is;
   - the attacker's choice of NA' of his NA dice is sum_R weight(R) *
     S(R, N'(R)), times attack_sides^(NA - NA'), over base^E *
     attack_sides^NA * defend_sides^ND.

   A choice is replaced only by a strictly better one met later, and the
   choices are tried from the fewest dice up, so ties go to more dice.  */

/* The choices of a plan: for fighting armies F and defenders D, STRIDE
   bytes at CHOICE + (F * (D_HI + 1) + D) * STRIDE: the attacker's dice,
   then the defender's answer to each roll class.  */
typedef struct
{
  unsigned long f_hi, d_hi;
  size_t stride;
  unsigned char *choice;
} ro_plan_impl_t;

/* The policies' work space, on a solver from ro_policy_open to
   ro_policy_close: kept out of the solver, which the plain engines use
   without it, and allocated once per solver, not once per state.  */
struct ro_policy_work
{
  mpz_t child[RO_DICE_MAX + 1][RO_DICE_MAX + 1];  /* at one denominator */
  mpz_t value, best, one;       /* of a choice, of the best one so far */
  mpz_t answer[RO_DICE_MAX + 1];  /* the defender's answer with N dice */
  unsigned char *scratch;       /* the defender's answers to one choice */
  ro_step_t step;               /* a round made of a plan's answers */
  ro_plan_impl_t *plan;         /* where choices are recorded or read */
};

static void
work_init (ro_policy_work_t *w)
{
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_init (w->child[k][l]);
  mpz_inits (w->value, w->best, w->one, (mpz_ptr) 0);
  mpz_set_ui (w->one, 1);
  for (unsigned n = 0; n <= RO_DICE_MAX; n++)
    mpz_init (w->answer[n]);
  ro_step_init (&w->step);
  w->plan = NULL;
}

static void
work_clear (ro_policy_work_t *w)
{
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_clear (w->child[k][l]);
  mpz_clears (w->value, w->best, w->one, (mpz_ptr) 0);
  for (unsigned n = 0; n <= RO_DICE_MAX; n++)
    mpz_clear (w->answer[n]);
  ro_step_clear (&w->step);
  free (w->scratch);
}

int
ro_policy_open (ro_solver_t *s)
{
  ro_policy_work_t *w = malloc (sizeof *w);
  unsigned char *scratch = malloc (s->model->most_rolls + 1);
  if (w == NULL || scratch == NULL)
    {
      free (w);
      free (scratch);
      return RO_ENOMEM;
    }
  work_init (w);
  w->scratch = scratch;
  s->policy = w;
  return RO_OK;
}

void
ro_policy_close (ro_solver_t *s)
{
  if (s->policy == NULL)
    return;
  work_clear (s->policy);
  free (s->policy);
  s->policy = NULL;
}

/* The plan's bytes of state (F, D).  */
static unsigned char *
plan_at (const ro_plan_impl_t *p, unsigned long f, unsigned long d)
{
  return p->choice + (f * (p->d_hi + 1) + d) * p->stride;
}

/* Bring the children of state (F, D) that some choice can reach to
   their largest exponent, in W->child; E gets it.  0 when every child
   is a certain loss.  */
static int
children (ro_solver_t *s, unsigned long f, unsigned long d, unsigned na,
          unsigned nd, unsigned long e[2])
{
  ro_policy_work_t *w = s->policy;
  unsigned m = na < nd ? na : nd;
  int any = 0;
  e[0] = e[1] = 0;
  for (unsigned k = 0; k <= m; k++)
    for (unsigned l = 0; k + l <= m && l <= nd; l++)
      {
        const ro_cell_t *c = ro_solver_cell (s, f - k, d - l);
        if (k + l == 0 || mpz_sgn (c->n) == 0)
          continue;
        for (int b = 0; b < 2; b++)
          if (!any || c->e[b] > e[b])
            e[b] = c->e[b];
        any = 1;
      }
  for (unsigned k = 0; k <= m; k++)
    for (unsigned l = 0; k + l <= m && l <= nd; l++)
      {
        const ro_cell_t *c = ro_solver_cell (s, f - k, d - l);
        mpz_set_ui (w->child[k][l], 0);
        if (k + l == 0 || mpz_sgn (c->n) == 0)
          continue;
        unsigned long sh[2] = { e[0] - c->e[0], e[1] - c->e[1] };
        ro_solver_add_scaled (s, w->child[k][l], w->one, sh, c->n);
      }
  return any;
}

/* W->value = the value of a step, over base^E times its dice.  */
static void
step_value (ro_policy_work_t *w, const ro_step_t *r)
{
  mpz_set_ui (w->value, 0);
  for (unsigned i = 0; i < r->n; i++)
    mpz_addmul (w->value, r->count[i], w->child[r->lose_a[i]][r->lose_d[i]]);
}

/* W->value = the value of NA attack dice against the optimal defender,
   who may roll ND; his answers go to W->scratch.  An answer with N' < ND
   dice depends only on the attacker's N' highest dice, and the classes
   come in lexicographic order, so W->answer[N'] is kept from one class
   to the next while those dice stay the same.  */
static void
optimal_defence (ro_solver_t *s, unsigned na, unsigned nd)
{
  const ro_rules_t *rules = &s->model->rules;
  const ro_answers_t *a = &s->model->answers[na][nd];
  const ro_rolls_t *rolls = &a->rolls;
  ro_policy_work_t *w = s->policy;
  mpz_set_ui (w->value, 0);
  for (size_t i = 0; i < rolls->n; i++)
    {
      const unsigned char *top = rolls->top + i * rolls->shown;
      unsigned pick = 0;
      for (unsigned n1 = 1; n1 <= nd; n1++)
        {
          unsigned m = na < n1 ? na : n1;
          mpz_ptr v = w->answer[n1];
          if (i == 0 || n1 == nd || memcmp (top, top - rolls->shown, m) != 0)
            {
              const unsigned long *cnt = ro_answers_count (a, i, n1);
              mpz_set_ui (v, 0);
              for (unsigned k = 0; k <= m; k++)
                if (cnt[k] != 0)
                  mpz_addmul_ui (v, w->child[k][m - k], cnt[k]);
              for (unsigned t = n1; t < nd; t++)
                mpz_mul_ui (v, v, rules->defend_sides);
            }
          if (pick == 0 || mpz_cmp (v, w->answer[pick]) <= 0)
            pick = n1;
        }
      w->scratch[i] = (unsigned char) pick;
      mpz_addmul_ui (w->value, w->answer[pick], rolls->weight[i]);
    }
}

/* The value of NA attack dice against the defender's policy, in
   W->value; the defender's answers, when they depend on the state, in
   W->scratch.  */
static void
attack_value (ro_solver_t *s, unsigned na, unsigned nd)
{
  if (s->model->rules.defender == RO_DEFENDER_OPTIMAL && nd > 1)
    optimal_defence (s, na, nd);
  else
    step_value (s->policy, &s->model->step[na][nd]);
}

/* Record in REC the attacker's NA dice and the defender's answer to
   each of their roll classes: the optimal ones from W->scratch (ND when
   SCRATCH is 0: every choice ties), Wieringa's from his rules.  */
static void
record (const ro_solver_t *s, unsigned char *rec, unsigned na, unsigned nd,
        unsigned long d, int scratch)
{
  const ro_rules_t *rules = &s->model->rules;
  const ro_rolls_t *r = &s->model->answers[na][nd].rolls;
  rec[0] = (unsigned char) na;
  if (nd < 2)
    return;
  for (size_t i = 0; i < r->n; i++)
    if (rules->defender == RO_DEFENDER_OPTIMAL)
      rec[1 + i] = scratch ? s->policy->scratch[i] : (unsigned char) nd;
    else if (rules->defender == RO_DEFENDER_WIERINGA)
      rec[1 + i] = (unsigned char) ro_wieringa_dice (rules, na,
                                                     r->top + i * r->shown,
                                                     d);
}

void
ro_policy_state (ro_solver_t *s, unsigned long f, unsigned long d)
{
  const ro_rules_t *rules = &s->model->rules;
  ro_policy_work_t *w = s->policy;
  ro_cell_t *x = ro_solver_cell (s, f, d);
  unsigned most = ro_model_attack_dice (s->model, f);
  unsigned nd = ro_model_defend_dice (s->model, d);
  unsigned long e[2], re[2];
  unsigned char *rec = w->plan ? plan_at (w->plan, f, d) : NULL;

  if (!children (s, f, d, most, nd, e))
    {
      /* Every choice loses: the most dice, as a tie.  */
      mpz_set_ui (x->n, 0);
      x->e[0] = x->e[1] = 0;
      if (rec != NULL)
        record (s, rec, most, nd, d, 0);
      return;
    }
  unsigned lo = rules->attacker == RO_ATTACKER_OPTIMAL ? 1 : most;
  for (unsigned na = lo; na <= most; na++)
    {
      attack_value (s, na, nd);
      for (unsigned t = na; t < most; t++)
        mpz_mul_ui (w->value, w->value, rules->attack_sides);
      if (na > lo && mpz_cmp (w->value, w->best) < 0)
        continue;
      mpz_swap (w->value, w->best);
      if (rec != NULL)
        record (s, rec, na, nd, d, 1);
    }
  mpz_swap (x->n, w->best);
  ro_solver_round_exponents (re, s, most, nd);
  x->e[0] = e[0] + re[0];
  x->e[1] = e[1] + re[1];
}

const ro_step_t *
ro_policy_step (ro_solver_t *s, unsigned long f, unsigned long d)
{
  const ro_model_t *model = s->model;
  const ro_rules_t *rules = &model->rules;
  unsigned na = ro_model_attack_dice (model, f);
  unsigned nd = ro_model_defend_dice (model, d);
  ro_policy_work_t *w = s->policy;
  if (w == NULL || w->plan == NULL)
    return &model->step[na][nd];
  const unsigned char *rec = plan_at (w->plan, f, d);
  na = rec[0];
  if (rules->defender != RO_DEFENDER_OPTIMAL || nd == 1)
    return &model->step[na][nd];

  /* The defender's answers, class by class, over defend_sides^ND.  */
  const ro_answers_t *a = &model->answers[na][nd];
  ro_step_t *step = &w->step;
  step->na = na;
  step->nd = nd;
  step->n = 0;
  for (size_t i = 0; i < a->rolls.n; i++)
    ro_step_add_answer (step, rules, rec[1 + i],
                        ro_answers_count (a, i, rec[1 + i]),
                        a->rolls.weight[i], w->answer[0]);
  return step;
}

/* ------------------------------------------------------------------ */
/* The public plan                                                    */

void
ro_plan_init (ro_plan_t *plan)
{
  ro_rules_init (&plan->rules);
  plan->attackers = plan->defenders = 0;
  mpq_init (plan->win);
  plan->impl = NULL;
}

static void
impl_free (ro_plan_impl_t *p)
{
  if (p != NULL)
    free (p->choice);
  free (p);
}

void
ro_plan_clear (ro_plan_t *plan)
{
  impl_free (plan->impl);
  plan->impl = NULL;
  mpq_clear (plan->win);
}

/* Bytes per state of a plan of RULES whose model has MOST_ROLLS classes
   at most.  */
static size_t
plan_stride (const ro_rules_t *rules, size_t most_rolls)
{
  int answers = rules->defender == RO_DEFENDER_OPTIMAL
    || rules->defender == RO_DEFENDER_WIERINGA;
  return 1 + (answers ? most_rolls : 0);
}

int
ro_plan_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
                unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  return ro_plan_memory_valid (bytes, rules, a, d);
}

int
ro_plan_memory_valid (double *bytes, const ro_rules_t *rules,
                      unsigned long a, unsigned long d)
{
  int rc = ro_solver_memory (bytes, rules, a, d);
  if (rc != RO_OK)
    return rc;
  size_t most = 0;
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      if (ro_rolls_count (rules, na, nd) > most)
        most = ro_rolls_count (rules, na, nd);
  double f = (double) ro_rules_fighting (rules, a);
  *bytes += (f + 1) * (d + 1.0) * (double) plan_stride (rules, most);
  return RO_OK;
}

/* The empty choices of the states up to (F, D), STRIDE bytes each;
   NULL when they do not fit in memory.  */
static ro_plan_impl_t *
impl_new (unsigned long f, unsigned long d, size_t stride)
{
  ro_plan_impl_t *p = malloc (sizeof *p);
  if (p == NULL)
    return NULL;
  p->f_hi = f;
  p->d_hi = d;
  p->stride = stride;
  p->choice = calloc ((f + 1) * (d + 1), stride);
  if (p->choice == NULL)
    {
      free (p);
      return NULL;
    }
  return p;
}

/* Solve every state of (F, D) with S, recording the choices in its
   plan.  */
static void
plan_fill (ro_solver_t *s, unsigned long f, unsigned long d)
{
  double total = ro_progress_rows (f + 1, d);
  ro_progress (0, total);
  for (unsigned long i = 0; i <= f; i++)
    {
      for (unsigned long j = 0; j <= d; j++)
        {
          unsigned char *rec = plan_at (s->policy->plan, i, j);
          ro_cell_t *x = ro_solver_cell (s, i, j);
          int end = ro_model_ended (s->model, i, j);
          if (end != 0)
            {
              mpz_set_ui (x->n, end > 0);
              x->e[0] = x->e[1] = 0;
              rec[0] = 0;       /* over: nobody rolls */
            }
          else
            ro_policy_state (s, i, j);
        }
      ro_progress (ro_progress_rows (i + 1, d), total);
    }
}

static void plan_fill_chain (ro_solver_t *s, unsigned long f, unsigned long d,
                             const ro_cell_t *won, ro_cell_t *out);

/* Solve PLAN for F fighting armies against D under model M, with the
   won ends worth WON as ro_plan_solve_chain says when CHAIN (into OUT),
   else as a battle alone.  */
static int
plan_solve (ro_plan_t *plan, const ro_model_t *m, unsigned long f,
            unsigned long d, int chain, ro_cell_t *out, const ro_cell_t *won)
{
  ro_solver_t s;
  int rc = ro_solver_init (&s, m, d);
  if (rc != RO_OK)
    return rc;
  ro_plan_impl_t *p = impl_new (f, d, plan_stride (&m->rules,
                                                    m->most_rolls));
  rc = p == NULL ? RO_ENOMEM : ro_policy_open (&s);
  if (rc != RO_OK)
    {
      impl_free (p);
      ro_solver_clear (&s);
      return rc;
    }
  /* ro_policy_state solves under any policy, the plain ones as one
     choice of one step.  */
  s.policy->plan = p;
  if (chain)
    plan_fill_chain (&s, f, d, won, out);
  else
    plan_fill (&s, f, d);
  impl_free (plan->impl);
  plan->impl = p;
  plan->rules = m->rules;
  plan->attackers = f + m->c.behind;
  plan->defenders = d;
  ro_solver_get_q (plan->win, &s, ro_solver_cell (&s, f, d));
  ro_policy_close (&s);
  ro_solver_clear (&s);
  return RO_OK;
}

int
ro_plan_solve (ro_plan_t *plan, const ro_rules_t *rules, unsigned long a,
               unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  rc = plan_solve (plan, &model, ro_model_fighting (&model, a), d, 0, NULL,
                   NULL);
  ro_model_clear (&model);
  return rc;
}

/* The plan's bytes of state (A, D), NULL when it has no such state.  */
static const unsigned char *
plan_state (const ro_plan_t *plan, unsigned long a, unsigned long d)
{
  const ro_plan_impl_t *p = plan->impl;
  if (p == NULL || a > plan->attackers || d > plan->defenders
      || (a == 0 && plan->rules.count == RO_COUNT_TERRITORY))
    return NULL;
  return plan_at (p, ro_rules_fighting (&plan->rules, a), d);
}

int
ro_plan_choice (ro_choice_t *c, const ro_plan_t *plan, unsigned long a,
                unsigned long d)
{
  const unsigned char *rec = plan_state (plan, a, d);
  if (rec == NULL)
    return RO_EINVAL;
  const ro_rules_t *r = &plan->rules;
  c->attack_dice = rec[0];
  c->most_attack_dice = ro_rules_attack_dice (r, a);
  c->most_defend_dice = ro_rules_defend_dice (r, d);
  c->shown = c->attack_dice < c->most_defend_dice
    ? c->attack_dice : c->most_defend_dice;
  c->rolls = 0;
  if (c->attack_dice > 0 && c->most_defend_dice > 0)
    c->rolls = ro_rolls_count (r, c->attack_dice, c->most_defend_dice);
  return RO_OK;
}

unsigned
ro_plan_defend_dice (const ro_plan_t *plan, unsigned long a,
                     unsigned long d, size_t i)
{
  ro_choice_t c;
  if (ro_plan_choice (&c, plan, a, d) != RO_OK || i >= c.rolls)
    return 0;
  const ro_rules_t *r = &plan->rules;
  if (r->defender == RO_DEFENDER_WIERINGA_ROLLED)
    return 0;                   /* not one answer per class */
  if (r->defender == RO_DEFENDER_MAX || c.most_defend_dice == 1)
    return c.most_defend_dice;
  return plan_state (plan, a, d)[1 + i];
}

int
ro_solver_plan (ro_solver_t *s, ro_plan_t *plan, unsigned long f,
                unsigned long d)
{
  if (!s->model->c.optimizing)
    return RO_OK;
  int rc = plan_solve (plan, s->model, f, d, 0, NULL, NULL);
  if (rc == RO_OK)
    rc = ro_policy_open (s);
  if (rc == RO_OK)
    s->policy->plan = plan->impl;
  return rc;
}

/* ------------------------------------------------------------------ */
/* Plans for the whole chain                                          */

/* plan_fill with the won ends worth WON[f - 1] (NULL: 1), cells over
   the bases of S, instead of 1: the values are then those of the rest
   of the chain, and the policies' choices maximise (the attacker) and
   minimise (the defender) the probability of taking all of it.  */
static void
plan_fill_chain (ro_solver_t *s, unsigned long f, unsigned long d,
                 const ro_cell_t *won, ro_cell_t *out)
{
  double total = ro_progress_rows (f + 1, d);
  ro_progress (0, total);
  for (unsigned long i = 0; i <= f; i++)
    {
      for (unsigned long j = 0; j <= d; j++)
        {
          unsigned char *rec = plan_at (s->policy->plan, i, j);
          ro_cell_t *x = ro_solver_cell (s, i, j);
          int end = ro_model_ended (s->model, i, j);
          if (end > 0 && won != NULL && i > 0)
            {
              mpz_set (x->n, won[i - 1].n);
              x->e[0] = won[i - 1].e[0];
              x->e[1] = won[i - 1].e[1];
            }
          else if (end != 0)
            {
              mpz_set_ui (x->n, end > 0 && i > 0);
              x->e[0] = x->e[1] = 0;
            }
          else
            ro_policy_state (s, i, j);
          if (end != 0)
            rec[0] = 0;         /* over: nobody rolls */
        }
      ro_cell_t *o = &out[i], *x = ro_solver_cell (s, i, d);
      mpz_set (o->n, x->n);
      o->e[0] = x->e[0];
      o->e[1] = x->e[1];
      ro_progress (ro_progress_rows (i + 1, d), total);
    }
}

int
ro_plan_solve_chain (ro_plan_t *plan, ro_cell_t *out, const ro_model_t *m,
                     unsigned long f, unsigned long d, const ro_cell_t *won)
{
  return plan_solve (plan, m, f, d, 1, out, won);
}

int
ro_solver_use_plan (ro_solver_t *s, const ro_plan_t *plan)
{
  int rc = ro_policy_open (s);
  if (rc == RO_OK)
    s->policy->plan = plan->impl;
  return rc;
}
