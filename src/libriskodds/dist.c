/* dist.c -- how a battle ends: the exact distribution, by a forward pass */

#include <config.h>

#include <stdlib.h>

#include "riskodds-impl.h"

/* The ends of one battle are those of the strip engine (strip.c) when it
   applies, else of the recursion's forward pass (forward.c) seeded with
   probability 1 at its start; sorted, and summed over the wins for
   P(win).  */

void
ro_dist_init (ro_dist_t *dist)
{
  dist->n = 0;
  dist->outcome = NULL;
  mpq_init (dist->win);
  mpq_init (dist->unresolved);
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
  mpq_clear (dist->unresolved);
}

/* The attacker's best ends first: wins by more armies left, then by
   fewer defenders left (only with a goal); then the battles still going
   on after a limit of rounds, by more attackers left, then fewer
   defenders; then losses by fewer defenders left, then by more
   attackers left.  */
static int
outcome_rank (const ro_outcome_t *p)
{
  return p->won ? 0 : p->unresolved ? 1 : 2;
}

static int
outcome_cmp (const void *x, const void *y)
{
  const ro_outcome_t *p = x, *q = y;
  if (outcome_rank (p) != outcome_rank (q))
    return outcome_rank (p) < outcome_rank (q) ? -1 : 1;
  if (outcome_rank (p) < 2)
    {
      if (p->attackers != q->attackers)
        return p->attackers > q->attackers ? -1 : 1;
      return p->defenders < q->defenders ? -1 : p->defenders > q->defenders;
    }
  if (p->defenders != q->defenders)
    return p->defenders < q->defenders ? -1 : 1;
  return p->attackers > q->attackers ? -1 : p->attackers < q->attackers;
}

void
ro_dist_sort (ro_dist_t *dist)
{
  qsort (dist->outcome, dist->n, sizeof *dist->outcome, outcome_cmp);
}

/* Collecting the ends of one battle into a ro_dist_t.  */
typedef struct
{
  ro_dist_t *dist;
  size_t cap;
  unsigned long behind;
} collect_t;

/* A new outcome at the end of C's distribution, its probability
   initialised to 0; NULL when out of memory.  */
static ro_outcome_t *
collect_next (collect_t *c, int won, unsigned long f, unsigned long d)
{
  ro_dist_t *dist = c->dist;
  if (dist->n == c->cap)
    {
      size_t cap = c->cap ? 2 * c->cap : 64;
      ro_outcome_t *o = realloc (dist->outcome, cap * sizeof *o);
      if (o == NULL)
        return NULL;
      dist->outcome = o;
      c->cap = cap;
    }
  ro_outcome_t *o = &dist->outcome[dist->n++];
  o->won = won;
  o->unresolved = 0;
  o->attackers = f + c->behind;
  o->defenders = d;
  mpq_init (o->p);
  return o;
}

static int
collect_end (void *data, int won, unsigned long f, unsigned long d,
             const ro_solver_t *s, const ro_cell_t *x)
{
  ro_outcome_t *o = collect_next (data, won, f, d);
  if (o == NULL)
    return RO_ENOMEM;
  ro_solver_get_q (o->p, s, x);
  return RO_OK;
}

/* The ends by the recursion's forward pass, F0 fighting armies against
   D.  */
static int
recursion_ends (ro_dist_t *dist, const ro_model_t *m, unsigned long f0,
                unsigned long d)
{
  ro_solver_t s;
  int rc = ro_solver_init (&s, m, d);
  if (rc != RO_OK)
    return rc;
  /* One seed: the start, probability 1.  */
  ro_plan_t plan;
  ro_plan_init (&plan);
  double plan_share = m->c.optimizing ? RO_PROGRESS_PLAN : 0;
  ro_progress_part_t part;
  ro_progress_part (&part, 0, plan_share);
  rc = ro_solver_plan (&s, &plan, f0, d);
  ro_progress_part_end (&part);
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
      collect_t c = { dist, 0, m->c.behind };
      ro_progress_part (&part, plan_share, 1 - plan_share);
      rc = ro_forward (&s, seed, f0 + 1, d, collect_end, &c);
      ro_progress_part_end (&part);
      for (unsigned long f = 0; f <= f0; f++)
        mpz_clear (seed[f].n);
      free (seed);
    }
  ro_policy_close (&s);
  ro_plan_clear (&plan);
  ro_solver_clear (&s);
  return rc;
}

/* An end of the strip engine, into the ro_dist_t of DATA.  */
static int
collect_strip_end (void *data, int won, unsigned long f, unsigned long d,
                   const mpq_t p)
{
  ro_outcome_t *o = collect_next (data, won, f, d);
  if (o == NULL)
    return RO_ENOMEM;
  mpq_set (o->p, p);
  return RO_OK;
}

/* RULES, A and D checked for a battle that METHOD can compute.  */
static int
check_battle_method (const ro_rules_t *rules, unsigned long a,
                     unsigned long d, ro_method_t method)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc == RO_OK && !ro_method_applies (rules, method))
    rc = RO_EINVAL;
  return rc;
}

int
ro_battle_dist_method (ro_dist_t *dist, const ro_rules_t *rules,
                       unsigned long a, unsigned long d, ro_method_t method)
{
  int rc = check_battle_method (rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  ro_dist_clear (dist);
  ro_dist_init (dist);
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  unsigned long f0 = ro_model_fighting (&model, a);
  /* The split engine sums P(win) only: the ends are the strip's.  */
  ro_method_t e = ro_engine_method (model.c.plain, method);
  int strip = (e == RO_METHOD_STRIP || e == RO_METHOD_SPLIT)
    && ro_model_ended (&model, f0, d) == 0;
  if (strip)
    {
      /* The engine sums the wins itself, on integers.  */
      collect_t c = { dist, 0, model.c.behind };
      rc = ro_strip_solve (dist->win, &model, f0, d, collect_strip_end, &c);
    }
  else
    rc = recursion_ends (dist, &model, f0, d);
  ro_model_clear (&model);
  if (rc != RO_OK)
    return rc;
  ro_dist_sort (dist);
  for (size_t i = 0; i < dist->n && !strip; i++)
    if (dist->outcome[i].won)
      mpq_add (dist->win, dist->win, dist->outcome[i].p);
  return RO_OK;
}

int
ro_battle_dist (ro_dist_t *dist, const ro_rules_t *rules, unsigned long a,
                unsigned long d)
{
  return ro_battle_dist_method (dist, rules, a, d, RO_METHOD_AUTO);
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

/* The sums of one condition over the distribution's common
   denominator: P = sum w, and sum x w, sum x^2 w for the attackers (A)
   and the defenders (D) left, w an outcome's numerator.  */
typedef struct
{
  mpz_t p, a1, a2, d1, d2;
} sums_t;

static void
sums_init (sums_t *s)
{
  mpz_inits (s->p, s->a1, s->a2, s->d1, s->d2, (mpz_ptr) 0);
}

static void
sums_clear (sums_t *s)
{
  mpz_clears (s->p, s->a1, s->a2, s->d1, s->d2, (mpz_ptr) 0);
}

static void
sums_add (sums_t *s, const sums_t *t)
{
  mpz_add (s->p, s->p, t->p);
  mpz_add (s->a1, s->a1, t->a1);
  mpz_add (s->a2, s->a2, t->a2);
  mpz_add (s->d1, s->d1, t->d1);
  mpz_add (s->d2, s->d2, t->d2);
}

/* S += W with X of one side's armies and Y of the other's.  */
static void
sums_put (sums_t *s, const mpz_t w, unsigned long x, unsigned long y)
{
  mpz_add (s->p, s->p, w);
  mpz_addmul_ui (s->a1, w, x);
  mpz_addmul_ui (s->a2, w, x * x);
  mpz_addmul_ui (s->d1, w, y);
  mpz_addmul_ui (s->d2, w, y * y);
}

/* MEAN and VAR of X from P = sum w, X1 = sum x w, X2 = sum x^2 w:
   X1 / P and (X2 P - X1^2) / P^2, each reduced once.  */
static void
moments (mpq_t mean, mpq_t var, const mpz_t p, const mpz_t x1,
         const mpz_t x2)
{
  mpz_set (mpq_numref (mean), x1);
  mpz_set (mpq_denref (mean), p);
  mpq_canonicalize (mean);
  mpz_mul (mpq_numref (var), x2, p);
  mpz_submul (mpq_numref (var), x1, x1);
  mpz_mul (mpq_denref (var), p, p);
  mpq_canonicalize (var);
}

/* Outcomes by denominator, smallest first.  */
static int
den_cmp (const void *x, const void *y)
{
  const ro_outcome_t *p = *(const ro_outcome_t *const *) x;
  const ro_outcome_t *q = *(const ro_outcome_t *const *) y;
  return mpz_cmp (mpq_denref (p->p), mpq_denref (q->p));
}

/* S = S * M, every sum.  */
static void
sums_mul (sums_t *s, const mpz_t m)
{
  mpz_mul (s->p, s->p, m);
  mpz_mul (s->a1, s->a1, m);
  mpz_mul (s->a2, s->a2, m);
  mpz_mul (s->d1, s->d1, m);
  mpz_mul (s->d2, s->d2, m);
}

/* The sums of the wins (S[RO_GIVEN_WIN]) and losses, from which every
   condition's moments follow, on integers over a common denominator DEN:
   no rational is added, so there is no gcd per outcome.  The outcomes
   are taken by growing denominator; in every engine's distribution each
   divides the next (powers of the sides), so DEN moves to the next by a
   small factor and the sums with it; otherwise DEN becomes their lcm.  */
static int
dist_sums (sums_t s[4], const ro_dist_t *dist)
{
  const ro_outcome_t **by = malloc ((dist->n + 1) * sizeof *by);
  if (by == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < dist->n; i++)
    by[i] = &dist->outcome[i];
  qsort (by, dist->n, sizeof *by, den_cmp);
  mpz_t den, m, w;
  mpz_inits (den, m, w, (mpz_ptr) 0);
  mpz_set_ui (den, 1);
  ro_progress (0, dist->n);
  for (size_t i = 0; i < dist->n; i++)
    {
      ro_progress (i, dist->n);
      mpz_srcptr di = mpq_denref (by[i]->p);
      if (!mpz_divisible_p (den, di))
        {
          if (mpz_divisible_p (di, den))
            mpz_set (m, di);
          else
            mpz_lcm (m, den, di);
          mpz_divexact (w, m, den);
          mpz_swap (den, m);
          sums_mul (&s[RO_GIVEN_WIN], w);
          sums_mul (&s[RO_GIVEN_LOSS], w);
          sums_mul (&s[3], w);
        }
      mpz_divexact (w, den, di);
      mpz_mul (w, w, mpq_numref (by[i]->p));
      int c = by[i]->won ? RO_GIVEN_WIN
        : by[i]->unresolved ? 3 : RO_GIVEN_LOSS;
      sums_put (&s[c], w, by[i]->attackers, by[i]->defenders);
    }
  sums_add (&s[RO_GIVEN_ANY], &s[RO_GIVEN_WIN]);
  sums_add (&s[RO_GIVEN_ANY], &s[RO_GIVEN_LOSS]);
  sums_add (&s[RO_GIVEN_ANY], &s[3]);
  ro_progress (dist->n, dist->n);
  mpz_clears (den, m, w, (mpz_ptr) 0);
  free (by);
  return RO_OK;
}

int
ro_dist_stats (ro_stats_t *st, const ro_dist_t *dist, unsigned long a,
               unsigned long d)
{
  sums_t s[4];                  /* and s[3]: the battles going on */
  mpq_t start;
  mpq_init (start);
  for (int c = 0; c < 4; c++)
    sums_init (&s[c]);
  int rc = dist_sums (s, dist);
  for (int c = 0; c < 3 && rc == RO_OK; c++)
    {
      st->has[c] = mpz_sgn (s[c].p) > 0;
      if (!st->has[c])
        continue;
      moments (st->attackers_left[c], st->attackers_left_var[c], s[c].p,
               s[c].a1, s[c].a2);
      moments (st->defenders_left[c], st->defenders_left_var[c], s[c].p,
               s[c].d1, s[c].d2);
      mpq_set_ui (start, a, 1);
      mpq_sub (st->attackers_lost[c], start, st->attackers_left[c]);
      mpq_set_ui (start, d, 1);
      mpq_sub (st->defenders_lost[c], start, st->defenders_left[c]);
    }
  for (int c = 0; c < 4; c++)
    sums_clear (&s[c]);
  mpq_clear (start);
  return rc;
}

/* The armies in all (F + D) from which RO_METHOD_AUTO takes the
   statistics to the split engine when a round costs 3 armies or more:
   its moments then run on wide bands (kappa up to 28 basis vectors),
   and the strip's distribution was faster up to 8000 v 8000 (issue 28,
   processor time: 4 v 3 dice of 8 sides 0.74 s against 2.6 s, 4 v 4
   1.5 s against 7.8 s, 5 v 4 6.2 s against 8.9 s), but needs 356 to 387
   MiB there, growing as the square: from 20000 a side the split.  With
   1 or 2 armies a round the split is as fast from RO_SPLIT_CROSSOVER
   (2500 v 2500: 0.05 to 0.12 s against 0.07 to 0.44 s; 5000 v 5000 in
   the standard game 0.25 s against 1.18 s).  */
#define STATS_SPLIT_WIDE 40000

/* Whether ro_battle_stats_method takes A against D to the split engine:
   when asked, or for RO_METHOD_AUTO where the strip applies from
   ro_split_crossover armies with 1 or 2 armies a round, else from
   STATS_SPLIT_WIDE (the moments' wide bands cost more than P(win)'s,
   but the strip's distribution needs memory as the square); and the
   split computes the battle itself (checked by the caller).  MODEL
   compiled (counts not needed).  */
static int
stats_by_split (const ro_model_t *model, unsigned long a, unsigned long d,
                ro_method_t method)
{
  unsigned long f = ro_model_fighting (model, a);
  unsigned l = model->c.max_loss;
  if (ro_model_ended (model, f, d) != 0)
    return 0;
  if (method != RO_METHOD_AUTO)
    return method == RO_METHOD_SPLIT;
  if (ro_engine_method (model->c.plain, method) != RO_METHOD_STRIP)
    return 0;
  return f + d >= (l <= 2 ? ro_split_crossover (l) : STATS_SPLIT_WIDE);
}

/* ST's condition C from the sums P, X1, X2 of the attackers left and
   Y1, Y2 of the defenders', rationals.  */
static void
stats_put (ro_stats_t *st, int c, const mpq_t p, const mpq_t *x,
           const mpq_t *y, unsigned long a, unsigned long d)
{
  st->has[c] = mpq_sgn (p) > 0;
  if (!st->has[c])
    return;
  mpq_t sq;
  mpq_init (sq);
  mpq_div (st->attackers_left[c], x[0], p);
  mpq_div (st->attackers_left_var[c], x[1], p);
  mpq_mul (sq, st->attackers_left[c], st->attackers_left[c]);
  mpq_sub (st->attackers_left_var[c], st->attackers_left_var[c], sq);
  mpq_div (st->defenders_left[c], y[0], p);
  mpq_div (st->defenders_left_var[c], y[1], p);
  mpq_mul (sq, st->defenders_left[c], st->defenders_left[c]);
  mpq_sub (st->defenders_left_var[c], st->defenders_left_var[c], sq);
  mpq_set_ui (sq, a, 1);
  mpq_sub (st->attackers_lost[c], sq, st->attackers_left[c]);
  mpq_set_ui (sq, d, 1);
  mpq_sub (st->defenders_lost[c], sq, st->defenders_left[c]);
  mpq_clear (sq);
}

/* The statistics by the split engine: the sums over the wins and the
   losses of each side's armies left and their squares, each a sum of
   the split's (ro_split_moment), those known at once skipped: with no
   goal every win leaves the defender 0, with no stop every loss leaves
   the attacker the armies behind.  Each sum is an equal share of the
   progress.  */
static int
split_stats (ro_stats_t *st, mpq_ptr win, const ro_model_t *m,
             unsigned long a, unsigned long d)
{
  unsigned long f = ro_model_fighting (m, a);
  mpq_t p[3], x[3][2], y[3][2];
  for (int c = 0; c < 3; c++)
    mpq_inits (p[c], x[c][0], x[c][1], y[c][0], y[c][1], (mpq_ptr) 0);
  /* The sums to run: LOSS, DEFENDERS, POWER and where each goes.  */
  struct
  {
    int loss, defenders;
    unsigned power;
    mpq_ptr out;
  } job[9];
  unsigned n = 0;
  job[n].out = p[RO_GIVEN_WIN];
  job[n++].power = 0;
  for (int loss = 0; loss < 2; loss++)
    for (int side = 0; side < 2; side++)
      for (unsigned pw = 1; pw <= 2; pw++)
        {
          int c = loss ? RO_GIVEN_LOSS : RO_GIVEN_WIN;
          if ((loss && !side && m->c.stop == 0)
              || (!loss && side && m->rules.goal == 0))
            continue;
          job[n].loss = loss;
          job[n].defenders = side;
          job[n].power = pw;
          job[n++].out = side ? y[c][pw - 1] : x[c][pw - 1];
        }
  int rc = RO_OK;
  for (unsigned k = 0; k < n && rc == RO_OK; k++)
    {
      ro_progress_part_t part;
      ro_progress_part (&part, (double) k / n, 1.0 / n);
      if (job[k].power == 0)
        rc = ro_split_solve (job[k].out, m, f, d);
      else
        rc = ro_split_moment (job[k].out, m, f, d, job[k].loss,
                              job[k].defenders, job[k].power);
      ro_progress_part_end (&part);
    }
  mpq_set_ui (p[RO_GIVEN_ANY], 1, 1);
  mpq_sub (p[RO_GIVEN_LOSS], p[RO_GIVEN_ANY], p[RO_GIVEN_WIN]);
  if (rc == RO_OK && m->c.stop == 0)
    for (unsigned pw = 1; pw <= 2; pw++)
      {
        /* Every loss leaves the attacker the armies behind.  */
        mpz_ui_pow_ui (mpq_numref (x[RO_GIVEN_LOSS][pw - 1]), m->c.behind,
                       pw);
        mpq_mul (x[RO_GIVEN_LOSS][pw - 1], x[RO_GIVEN_LOSS][pw - 1],
                 p[RO_GIVEN_LOSS]);
      }
  if (rc == RO_OK)
    {
      for (int k = 0; k < 2; k++)
        {
          mpq_add (x[RO_GIVEN_ANY][k], x[RO_GIVEN_WIN][k],
                   x[RO_GIVEN_LOSS][k]);
          mpq_add (y[RO_GIVEN_ANY][k], y[RO_GIVEN_WIN][k],
                   y[RO_GIVEN_LOSS][k]);
        }
      for (int c = 0; c < 3; c++)
        stats_put (st, c, p[c], (const mpq_t *) x[c], (const mpq_t *) y[c],
                   a, d);
      if (win != NULL)
        mpq_set (win, p[RO_GIVEN_WIN]);
    }
  for (int c = 0; c < 3; c++)
    mpq_clears (p[c], x[c][0], x[c][1], y[c][0], y[c][1], (mpq_ptr) 0);
  return rc;
}

/* Whether the split takes the --stats of A against D: then *MODEL is
   compiled and counted, for the caller to clear.  *RC is the error of
   counting, RO_OK otherwise (the battle checked by the caller).  */
static int
split_takes_stats (ro_model_t *model, const ro_rules_t *rules,
                   unsigned long a, unsigned long d, ro_method_t method,
                   int *rc)
{
  *rc = RO_OK;
  ro_model_compile (model, rules);
  if (!stats_by_split (model, a, d, method))
    return 0;
  *rc = ro_model_count (model);
  if (*rc != RO_OK)
    return 0;
  if (ro_split_takes (model, ro_model_fighting (model, a), d))
    return 1;
  ro_model_clear (model);
  return 0;
}

int
ro_battle_stats_method (ro_stats_t *st, mpq_ptr win, const ro_rules_t *rules,
                        unsigned long a, unsigned long d, ro_method_t method)
{
  int rc = check_battle_method (rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  ro_model_t model;
  int takes = split_takes_stats (&model, rules, a, d, method, &rc);
  if (rc != RO_OK)
    return rc;
  if (takes)
    {
      rc = split_stats (st, win, &model, a, d);
      ro_model_clear (&model);
      return rc;
    }
  ro_dist_t dist;
  ro_dist_init (&dist);
  rc = ro_battle_dist_method (&dist, rules, a, d, method);
  if (rc == RO_OK)
    rc = ro_dist_stats (st, &dist, a, d);
  if (rc == RO_OK && win != NULL)
    mpq_set (win, dist.win);
  ro_dist_clear (&dist);
  return rc;
}

int
ro_battle_stats (ro_stats_t *st, mpq_ptr win, const ro_rules_t *rules,
                 unsigned long a, unsigned long d)
{
  return ro_battle_stats_method (st, win, rules, a, d, RO_METHOD_AUTO);
}

int
ro_battle_stats_memory (double *bytes, const ro_rules_t *rules,
                        unsigned long a, unsigned long d, ro_method_t method)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  ro_model_t model;
  int takes = split_takes_stats (&model, rules, a, d, method, &rc);
  if (rc != RO_OK)
    return rc;
  if (takes)
    {
      *bytes = ro_split_stats_memory (rules, ro_model_fighting (&model, a),
                                      d);
      ro_model_clear (&model);
      return RO_OK;
    }
  return ro_battle_dist_memory (bytes, rules, a, d, method);
}
