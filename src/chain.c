/* chain.c -- conquering territories one after another */

#include <config.h>

#include <stdlib.h>

#include "riskodds-impl.h"

/* The attacker takes territory 1, leaves one army in it and moves the
   others on against territory 2, and so on.  A battle won with f fighting
   armies left starts the next with f - 1, so the wins of battle i are the
   seeds of battle i + 1: one forward pass per territory (forward.c), the
   probabilities kept on integers from the first battle to the last.  */

void
ro_chain_init (ro_chain_t *c)
{
  c->k = 0;
  c->taken = NULL;
  c->n_armies = 0;
  c->armies = NULL;
  c->armies_p = NULL;
}

void
ro_chain_clear (ro_chain_t *c)
{
  for (size_t j = 0; c->taken != NULL && j <= c->k; j++)
    mpq_clear (c->taken[j]);
  for (size_t i = 0; i < c->n_armies; i++)
    mpq_clear (c->armies_p[i]);
  free (c->taken);
  free (c->armies);
  free (c->armies_p);
  ro_chain_init (c);
}

typedef struct
{
  ro_cell_t *next;              /* seeds of the next battle, by f */
  mpq_t *lost;                  /* P(this battle is lost) */
} chain_pass_t;

static int
chain_end (void *data, int won, unsigned long f, unsigned long d,
           const ro_solver_t *s, const ro_cell_t *x)
{
  chain_pass_t *c = data;
  (void) d;
  if (!won)
    {
      mpq_t q;
      mpq_init (q);
      ro_solver_get_q (q, s, x);
      mpq_add (*c->lost, *c->lost, q);
      mpq_clear (q);
      return RO_OK;
    }
  /* One army stays in the conquered territory: f - 1 fight on (a win
     always leaves f >= 1).  A chain has no goal, so a win ends at d = 0
     and each f ends at most once: the seed is set, never added to.  */
  ro_cell_t *n = &c->next[f - 1];
  mpz_set (n->n, x->n);
  n->e[0] = x->e[0];
  n->e[1] = x->e[1];
  return RO_OK;
}

static ro_cell_t *
cells_new (unsigned long n)
{
  ro_cell_t *c = malloc ((n ? n : 1) * sizeof *c);
  for (unsigned long i = 0; c != NULL && i < n; i++)
    {
      mpz_init (c[i].n);
      c[i].e[0] = c[i].e[1] = 0;
    }
  return c;
}

static void
cells_free (ro_cell_t *c, unsigned long n)
{
  for (unsigned long i = 0; c != NULL && i < n; i++)
    mpz_clear (c[i].n);
  free (c);
}

/* The final seeds are the armies that moved into the last territory:
   seed f holds those that arrived with f + 1.  */
static int
chain_final (ro_chain_t *c, const ro_solver_t *s, const ro_cell_t *seed,
             unsigned long nseed)
{
  size_t n = 0;
  for (unsigned long f = 0; f < nseed; f++)
    n += mpz_sgn (seed[f].n) != 0;
  c->armies = malloc ((n ? n : 1) * sizeof *c->armies);
  c->armies_p = malloc ((n ? n : 1) * sizeof *c->armies_p);
  if (c->armies == NULL || c->armies_p == NULL)
    return RO_ENOMEM;
  ro_progress (0, nseed);
  for (unsigned long f = nseed; f-- > 0;)
    {
      if (mpz_sgn (seed[f].n) != 0)
        {
          c->armies[c->n_armies] = f + 1;
          mpq_init (c->armies_p[c->n_armies]);
          ro_solver_get_q (c->armies_p[c->n_armies], s, &seed[f]);
          mpq_add (c->taken[c->k], c->taken[c->k],
                   c->armies_p[c->n_armies]);
          c->n_armies++;
        }
      ro_progress (nseed - f, nseed);
    }
  return RO_OK;
}

/* Battle I of the chain: from SEED (NSEED rows) against D, the seeds of
   the next battle into *NEXT (the caller frees them); after the LAST
   battle, those seeds are the chain's final armies, whose fractions
   take the share FINAL of the battle's progress.  */
static int
chain_battle (ro_chain_t *c, const ro_model_t *model, ro_cell_t *seed,
              unsigned long nseed, unsigned long d, size_t i, int last,
              double final, ro_cell_t **next)
{
  double plan_share = ro_rules_optimizing (&model->rules)
    ? RO_PROGRESS_PLAN * (1 - final) : 0;
  ro_progress_part_t part;
  ro_solver_t s;
  int rc = ro_solver_init (&s, model, d);
  if (rc != RO_OK)
    return rc;
  ro_plan_t plan;
  ro_plan_init (&plan);
  ro_progress_part (&part, 0, plan_share);
  rc = ro_solver_plan (&s, &plan, nseed - 1, d);
  ro_progress_part_end (&part);
  chain_pass_t pass;
  pass.next = *next = cells_new (nseed);
  pass.lost = &c->taken[i];
  ro_progress_part (&part, plan_share, 1 - final - plan_share);
  if (rc != RO_OK)
    ;
  else if (pass.next == NULL)
    rc = RO_ENOMEM;
  else
    rc = ro_forward (&s, seed, nseed, d, chain_end, &pass);
  ro_progress_part_end (&part);
  ro_progress_part (&part, 1 - final, final);
  if (rc == RO_OK && last)
    rc = chain_final (c, &s, pass.next, nseed);
  ro_progress_part_end (&part);
  ro_policy_close (&s);
  ro_plan_clear (&plan);
  ro_solver_clear (&s);
  return rc;
}

/* The units of work of battle I of a chain of NSEED rows against D[0]
   .. D[I]: WORK[0] for its forward pass, WORK[1] (after the LAST one)
   for the final armies' fractions; their sum is returned.  The numbers
   that reach battle I carry the rounds of the battles before it (the
   attacker's losses are in the rows already, the defenders' are not),
   so each cell of its rows costs that much more (see ro_progress_rows).
   The first battle starts from one state: every round costs the same
   armies, so half of its states are never reached and cost nothing.
   The final fractions reduce NSEED numbers by a gcd each: measured,
   about NSEED S^2 / 50 with S the numbers' size.  */
static double
chain_work (double work[2], unsigned long nseed, const unsigned long *d,
            size_t i, int last)
{
  double before = 0;
  for (size_t j = 0; j < i; j++)
    before += d[j];
  work[0] = ro_progress_rows (nseed, d[i]) * (i == 0 ? 0.5 : 1)
    + before * nseed * (d[i] + 1.0);
  double size = nseed + 2 * (before + d[i]);
  work[1] = last ? nseed * size * size / 50 : 0;
  return work[0] + work[1];
}

int
ro_chain (ro_chain_t *c, const ro_rules_t *rules, unsigned long a,
          const unsigned long *d, size_t k)
{
  int rc = ro_check_battle (rules, a, 0);
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    rc = d[i] == 0 ? RO_EINVAL : ro_check_battle (rules, a, d[i]);
  if (rc == RO_OK && (k == 0 || rules->goal != 0))
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;

  ro_chain_clear (c);
  c->k = k;
  c->taken = malloc ((k + 1) * sizeof *c->taken);
  if (c->taken == NULL)
    return RO_ENOMEM;
  for (size_t j = 0; j <= k; j++)
    mpq_init (c->taken[j]);

  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  unsigned long nseed = ro_rules_fighting (rules, a) + 1;
  ro_cell_t *seed = cells_new (nseed), *next = NULL;
  if (seed == NULL)
    rc = RO_ENOMEM;
  else
    mpz_set_ui (seed[nseed - 1].n, 1);
  double work[2], sum = 0, lo = 0;
  for (size_t i = 0; i < k; i++)
    sum += chain_work (work, nseed, d, i, i + 1 == k);
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    {
      double w = chain_work (work, nseed, d, i, i + 1 == k);
      ro_progress_part_t part;
      ro_progress_part (&part, lo / sum, w / sum);
      rc = chain_battle (c, &model, seed, nseed, d[i], i, i + 1 == k,
                         work[1] / w, &next);
      ro_progress_part_end (&part);
      lo += w;
      cells_free (seed, nseed);
      seed = next;
      next = NULL;
    }
  if (rc == RO_OK)
    ro_progress (1, 1);
  cells_free (seed, nseed);
  ro_model_clear (&model);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Armies needed                                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  unsigned long *out, d_lo, d_hi, missing;
  const mpq_t *target;
} needed_t;

static int
needed_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  needed_t *n = data;
  /* out holds A + 1 while the pass runs: 0 is "not yet".  */
  unsigned long *o = &n->out[d - n->d_lo];
  if (*o == 0 && mpq_cmp (win, *n->target) >= 0)
    {
      *o = a + 1;
      n->missing--;
    }
  /* 1 stops the pass once every D has its answer.  */
  return n->missing == 0;
}

/* The most defenders ro_needed searches battle by battle with the strip
   engine; a longer range is one pass of the recursion over the grid.  */
#define NEEDED_STRIP_RANGE 8

/* The engine ro_needed uses for D_LO .. D_HI.  */
static ro_method_t
needed_method (const ro_rules_t *rules, unsigned long d_lo,
               unsigned long d_hi, ro_method_t method)
{
  if (method != RO_METHOD_AUTO)
    return method;
  if (ro_method_choose (rules, method) == RO_METHOD_STRIP
      && d_hi - d_lo < NEEDED_STRIP_RANGE)
    return RO_METHOD_STRIP;
  return RO_METHOD_RECURSION;
}

/* *OUT = the smallest A in [A_MIN, A_MAX] with P(A, D) >= TARGET, by the
   strip engine.  With both sides rolling their most dice P(A, D) never
   decreases in A (an army more rolls at least the dice of one less, and
   the highest of more dice are at least as high), so a doubling search
   and a bisection find it with O(log A) battles.  RO_ERANGE when even
   A_MAX falls short.  */
static int
needed_search (unsigned long *out, const ro_rules_t *rules, unsigned long d,
               const mpq_t target, unsigned long a_min, unsigned long a_max)
{
  mpq_t win;
  mpq_init (win);
  /* P(lo - 1) < target when lo > a_min; P(hi) >= target once found.  */
  unsigned long lo = a_min, hi = a_min;
  int rc, found = 0;
  for (;;)
    {
      rc = ro_battle_win_method (win, rules, hi, d, RO_METHOD_STRIP);
      if (rc != RO_OK || (found = mpq_cmp (win, target) >= 0))
        break;
      lo = hi + 1;
      if (hi == a_max)
        break;
      hi = hi > (a_max - 1) / 2 ? a_max : 2 * hi + 1;
    }
  while (rc == RO_OK && found && lo < hi)
    {
      unsigned long mid = lo + (hi - lo) / 2;
      rc = ro_battle_win_method (win, rules, mid, d, RO_METHOD_STRIP);
      if (rc == RO_OK && mpq_cmp (win, target) >= 0)
        hi = mid;
      else
        lo = mid + 1;
    }
  mpq_clear (win);
  *out = found ? hi : 0;
  return rc != RO_OK ? rc : found ? RO_OK : RO_ERANGE;
}

int
ro_needed_method (unsigned long *out, const ro_rules_t *rules,
                  unsigned long d_lo, unsigned long d_hi, const mpq_t target,
                  unsigned long a_max, ro_method_t method)
{
  if (d_lo > d_hi || mpq_sgn (target) < 0 || mpq_cmp_ui (target, 1, 1) > 0)
    return RO_EINVAL;
  unsigned long a_min = rules->count == RO_COUNT_TERRITORY;
  if (a_max < a_min || !ro_method_applies (rules, method))
    return RO_EINVAL;
  /* Certainty is out of reach against any defender above the goal
     whenever the defender can win a first comparison: no battle is
     needed to say so.  */
  if (mpq_cmp_ui (target, 1, 1) == 0 && d_hi > rules->goal)
    {
      int can = ro_defender_can_win (rules);
      if (can < 0)
        return can;
      for (unsigned long d = d_lo; can && d <= d_hi; d++)
        out[d - d_lo] = d <= rules->goal ? a_min : 0;
      if (can)
        return RO_ERANGE;
    }
  if (needed_method (rules, d_lo, d_hi, method) == RO_METHOD_STRIP)
    {
      int rc = ro_check_grid (rules, a_min, a_max, d_lo, d_hi), missing = 0;
      for (unsigned long d = d_lo; d <= d_hi && rc == RO_OK; d++)
        {
          rc = needed_search (&out[d - d_lo], rules, d, target, a_min, a_max);
          if (rc == RO_ERANGE)
            {
              missing = 1;
              rc = RO_OK;
            }
        }
      return rc != RO_OK ? rc : missing ? RO_ERANGE : RO_OK;
    }
  needed_t n = { out, d_lo, d_hi, d_hi - d_lo + 1, (const mpq_t *) target };
  for (unsigned long d = d_lo; d <= d_hi; d++)
    out[d - d_lo] = 0;
  int rc = ro_battle_grid (rules, a_min, a_max, d_lo, d_hi, needed_cell, &n);
  for (unsigned long d = d_lo; d <= d_hi; d++)
    if (out[d - d_lo] != 0)
      out[d - d_lo]--;
  if (rc < 0)
    return rc;
  return n.missing == 0 ? RO_OK : RO_ERANGE;
}

int
ro_needed (unsigned long *out, const ro_rules_t *rules, unsigned long d_lo,
           unsigned long d_hi, const mpq_t target, unsigned long a_max)
{
  return ro_needed_method (out, rules, d_lo, d_hi, target, a_max,
                           RO_METHOD_AUTO);
}

int
ro_needed_memory (double *bytes, const ro_rules_t *rules, unsigned long d_lo,
                  unsigned long d_hi, unsigned long a_max,
                  ro_method_t method)
{
  if (d_lo > d_hi)
    return RO_EINVAL;
  return ro_battle_memory_method (bytes, rules, a_max, d_hi,
                                  needed_method (rules, d_lo, d_hi, method));
}

/* The search ro_chain_needed made before it had its backward pass: a
   whole chain for A = 1, 2, 3 ... until one reaches TARGET (kept for
   the tests, which compare the two).  */
int
ro_chain_needed_search (unsigned long *out, const ro_rules_t *rules,
                        const unsigned long *d, size_t k, const mpq_t target,
                        unsigned long a_max)
{
  if (mpq_sgn (target) < 0 || mpq_cmp_ui (target, 1, 1) > 0)
    return RO_EINVAL;
  ro_chain_t c;
  int rc = RO_ERANGE;
  ro_chain_init (&c);
  for (unsigned long a = rules->count == RO_COUNT_TERRITORY; a <= a_max; a++)
    {
      int r = ro_chain (&c, rules, a, d, k);
      if (r != RO_OK)
        {
          rc = r;
          break;
        }
      if (mpq_cmp (c.taken[k], target) >= 0)
        {
          *out = a;
          rc = RO_OK;
          break;
        }
    }
  ro_chain_clear (&c);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Armies needed for a chain: one backward pass per territory         */
/* ------------------------------------------------------------------ */

/* P_i(f), the probability of taking territories i .. k-1 when arriving
   at territory i with f fighting armies, is the battle recursion over
   (f, d) of territory i in which a won end is worth not 1 but
   P_{i+1}(f - 1) (one army stays, the others move on, as in ro_chain);
   the last territory's won ends are worth 1.  One pass per territory
   gives P_i for every f = 0 .. F at once, so the answer is read off P_0
   with no search over A: the smallest f whose P_0(f) reaches the target
   is the smallest attack, whether or not P_0 grows with f (under some
   policies it need not).  F grows (doubles) only while no f up to it
   reaches the target.  */

static void
cell_set (ro_cell_t *to, const ro_cell_t *from)
{
  mpz_set (to->n, from->n);
  to->e[0] = from->e[0];
  to->e[1] = from->e[1];
}

static void
cell_set_ui (ro_cell_t *to, unsigned long v)
{
  mpz_set_ui (to->n, v);
  to->e[0] = to->e[1] = 0;
}

/* P_I into OUT[0 .. F] for territory I of D defenders, from NEXT =
   P_{I+1} (NULL after the last territory).  The choices of an
   optimizing policy are those of the battle alone (ro_solver_plan), as
   ro_chain makes them.  */
static int
chain_back (ro_cell_t *out, const ro_model_t *model, unsigned long fmax,
            unsigned long d, const ro_cell_t *next)
{
  const ro_rules_t *rules = &model->rules;
  ro_solver_t s;
  int rc = ro_solver_init (&s, model, d);
  if (rc != RO_OK)
    return rc;
  ro_plan_t plan;
  ro_plan_init (&plan);
  rc = ro_solver_plan (&s, &plan, fmax, d);
  for (unsigned long f = 0; f <= fmax && rc == RO_OK; f++)
    {
      for (unsigned long j = 0; j <= d; j++)
        {
          ro_cell_t *x = ro_solver_cell (&s, f, j);
          int end = ro_rules_ended (rules, f, j);
          /* A win (j = 0: a chain has no goal) leaves f >= 1 armies; the
             state (0, 0) is never reached.  */
          if (end > 0 && next == NULL)
            cell_set_ui (x, f > 0);
          else if (end > 0)
            {
              if (f > 0)
                cell_set (x, &next[f - 1]);
              else
                cell_set_ui (x, 0);
            }
          else if (end < 0)
            cell_set_ui (x, 0);
          else
            ro_solver_state (&s, f, j, ro_policy_step (&s, f, j));
        }
      cell_set (&out[f], ro_solver_cell (&s, f, d));
    }
  ro_policy_close (&s);
  ro_plan_clear (&plan);
  ro_solver_clear (&s);
  return rc;
}

/* Whether X, over BASE^X->e, is at least TARGET; T and U are work
   space.  */
static int
cell_reaches (const ro_cell_t *x, const unsigned long base[2],
              const mpq_t target, mpz_t t, mpz_t u)
{
  mpz_ui_pow_ui (t, base[0], x->e[0]);
  mpz_ui_pow_ui (u, base[1], x->e[1]);
  mpz_mul (t, t, u);
  mpz_mul (t, t, mpq_numref (target));
  mpz_mul (u, x->n, mpq_denref (target));
  return mpz_cmp (u, t) >= 0;
}

/* *FOUND = the smallest f <= FMAX whose P_0(f) reaches TARGET, or
   FMAX + 1 when none does: the K passes, last territory first, with
   the values in CUR and NXT (FMAX + 1 cells each).  */
static int
chain_values (unsigned long *found, const ro_model_t *model,
              const unsigned long *d, size_t k, const mpq_t target,
              unsigned long fmax, ro_cell_t *cur, ro_cell_t *nxt)
{
  int rc = RO_OK;
  for (size_t i = k; i-- > 0 && rc == RO_OK;)
    {
      rc = chain_back (cur, model, fmax, d[i], i + 1 == k ? NULL : nxt);
      ro_cell_t *t = cur;
      cur = nxt;
      nxt = t;
    }
  /* The last pass's values are in NXT now.  */
  const ro_rules_t *rules = &model->rules;
  unsigned long base[2] = { rules->attack_sides, rules->defend_sides };
  if (base[0] == base[1])
    base[1] = 1;
  mpz_t t, u;
  mpz_inits (t, u, (mpz_ptr) 0);
  *found = fmax + 1;
  for (unsigned long f = 0; f <= fmax && rc == RO_OK; f++)
    if (cell_reaches (&nxt[f], base, target, t, u))
      {
        *found = f;
        break;
      }
  mpz_clears (t, u, (mpz_ptr) 0);
  return rc;
}

int
ro_chain_needed (unsigned long *out, const ro_rules_t *rules,
                 const unsigned long *d, size_t k, const mpq_t target,
                 unsigned long a_max)
{
  if (mpq_sgn (target) < 0 || mpq_cmp_ui (target, 1, 1) > 0)
    return RO_EINVAL;
  unsigned long a_min = rules->count == RO_COUNT_TERRITORY;
  int rc = ro_check_battle (rules, a_min, 0);
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    rc = d[i] == 0 ? RO_EINVAL : ro_check_battle (rules, a_min, d[i]);
  if (rc == RO_OK && (k == 0 || rules->goal != 0))
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  if (a_max > RO_ARMIES_MAX)
    a_max = RO_ARMIES_MAX;
  if (a_max < a_min)
    return RO_ERANGE;
  /* Certainty is out of reach whenever the defender can win a first
     comparison: no pass is needed to say so.  */
  if (mpq_cmp_ui (target, 1, 1) == 0)
    {
      rc = ro_defender_can_win (rules);
      if (rc != 0)
        return rc < 0 ? rc : RO_ERANGE;
    }

  /* The first F: enough for even odds in most chains.  */
  unsigned long fmax = ro_rules_fighting (rules, a_max), f = 16, found;
  for (size_t i = 0; i < k; i++)
    f += d[i] + 1 < fmax ? d[i] + 1 : fmax;
  f = f < fmax ? f : fmax;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  for (;;)
    {
      ro_cell_t *cur = cells_new (f + 1), *nxt = cells_new (f + 1);
      rc = cur == NULL || nxt == NULL ? RO_ENOMEM
        : chain_values (&found, &model, d, k, target, f, cur, nxt);
      cells_free (cur, f + 1);
      cells_free (nxt, f + 1);
      if (rc != RO_OK || found <= f || f == fmax)
        break;
      f = f > (fmax - 1) / 2 ? fmax : 2 * f + 1;
    }
  ro_model_clear (&model);
  if (rc != RO_OK)
    return rc;
  if (found > f)
    return RO_ERANGE;
  *out = found + a_min;
  return RO_OK;
}
