/* chain.c -- conquering territories one after another */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
  c->n_stops = 0;
  c->stop = NULL;
  c->unresolved = NULL;
}

void
ro_chain_clear (ro_chain_t *c)
{
  for (size_t j = 0; c->taken != NULL && j <= c->k; j++)
    mpq_clear (c->taken[j]);
  for (size_t i = 0; i < c->n_armies; i++)
    mpq_clear (c->armies_p[i]);
  for (size_t i = 0; i < c->n_stops; i++)
    mpq_clear (c->stop[i].p);
  for (size_t j = 0; c->unresolved != NULL && j <= c->k; j++)
    mpq_clear (c->unresolved[j]);
  free (c->unresolved);
  free (c->taken);
  free (c->armies);
  free (c->armies_p);
  free (c->stop);
  ro_chain_init (c);
}

/* A product of powers of primes, K[P] the power of P: the primes of the
   dice's sides, all at most RO_SIDES_MAX.  */
typedef struct
{
  unsigned long k[RO_SIDES_MAX + 1];
} chain_scale_t;

/* SCALE *= BASE[0]^E[0] * BASE[1]^E[1].  */
static void
scale_mul (chain_scale_t *scale, const unsigned long base[2],
           const unsigned long e[2])
{
  for (int b = 0; b < 2; b++)
    {
      unsigned long m = base[b];
      for (unsigned long p = 2; p <= m; p++)
        while (m % p == 0)
          {
            m /= p;
            scale->k[p] += e[b];
          }
    }
}

/* One battle's forward pass.  The cells of its solver are the
   probabilities times SCALE: 1 as long as every territory rolls dice
   of the same sides, the common denominator of the seeds once a
   territory's dice change the bases of the numbers (chain_rebase).  */
typedef struct
{
  ro_cell_t *next;              /* seeds of the next battle, by f */
  mpq_t *lost;                  /* P(this battle is lost) */
  mpq_t *held;                  /* P(lost with f, d left): [f (d0+1) + d] */
  unsigned long d0, fstop;
  const chain_scale_t *scale;
} chain_pass_t;

/* Q = the probability of cell X of S, divided by SCALE: reduced by
   removing the denominator's primes from the numerator, with no gcd
   (ro_q_over_primes).  */
static void
cell_q (mpq_t q, const ro_solver_t *s, const ro_cell_t *x,
        const chain_scale_t *scale)
{
  chain_scale_t t = *scale;
  scale_mul (&t, s->base, x->e);
  unsigned long p[RO_SIDES_MAX], k[RO_SIDES_MAX];
  int np = 0;
  for (unsigned long i = 2; i <= RO_SIDES_MAX; i++)
    if (t.k[i] != 0)
      {
        p[np] = i;
        k[np++] = t.k[i];
      }
  ro_q_over_primes (q, x->n, p, k, np);
}

static int
chain_end (void *data, int won, unsigned long f, unsigned long d,
           const ro_solver_t *s, const ro_cell_t *x)
{
  chain_pass_t *c = data;
  if (!won)
    {
      /* A battle is lost with the attacker at or below his stop.  */
      if (f > c->fstop)
        return RO_EINVAL;
      mpq_t q;
      mpq_init (q);
      cell_q (q, s, x, c->scale);
      mpq_add (*c->lost, *c->lost, q);
      mpq_ptr h = c->held[f * (c->d0 + 1) + d];
      mpq_add (h, h, q);
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

/* The bases of the numbers of a solver for RULES (as ro_solver_init
   sets them).  */
static void
rules_base (unsigned long b[2], const ro_rules_t *given)
{
  ro_rules_t e, *rules = &e;
  ro_rules_effective (&e, given);     /* mixed dice: 24 sides */
  b[0] = rules->attack_sides;
  b[1] = rules->defend_sides == rules->attack_sides ? 1
    : rules->defend_sides;
}

/* The seeds SEED (over the bases of S, times SCALE) as integers over
   no power at all, times a new SCALE: the old one times the bases to
   the largest exponents of the seeds, to which every seed is brought by
   one multiplication.  The next territory's dice have other sides,
   whose powers could not express these denominators.  Neither a gcd nor
   a fraction per seed: reducing each seed and taking the lcm cost a
   gcd of numbers of the seeds' size per seed, cubic in the armies.  */
static void
chain_rebase (ro_cell_t *seed, unsigned long nseed, const ro_solver_t *s,
              chain_scale_t *scale, mpz_t big)
{
  unsigned long top[2] = { 0, 0 };
  for (unsigned long f = 0; f < nseed; f++)
    for (int b = 0; b < 2 && mpz_sgn (seed[f].n) != 0; b++)
      top[b] = seed[f].e[b] > top[b] ? seed[f].e[b] : top[b];
  for (unsigned long f = 0; f < nseed; f++)
    {
      unsigned long k[2] = { top[0] - seed[f].e[0], top[1] - seed[f].e[1] };
      if (mpz_sgn (seed[f].n) != 0)
        ro_mul_power (seed[f].n, s->base, k, big);
      seed[f].e[0] = seed[f].e[1] = 0;
    }
  scale_mul (scale, s->base, top);
}

/* The limbs of X freed (X stays a valid 0).  */
static void
cell_release (ro_cell_t *x)
{
  mpz_clear (x->n);
  mpz_init (x->n);
  x->e[0] = x->e[1] = 0;
}

/* The final seeds are the armies that moved into the last territory:
   seed f holds those that arrived with f + 1.  */
static int
chain_final (ro_chain_t *c, ro_solver_t *s, ro_cell_t *seed,
             unsigned long nseed, const chain_scale_t *scale)
{
  size_t n = 0;
  for (unsigned long f = 0; f < nseed; f++)
    n += mpz_sgn (seed[f].n) != 0;
  c->armies = malloc ((n ? n : 1) * sizeof *c->armies);
  c->armies_p = malloc ((n ? n : 1) * sizeof *c->armies_p);
  if (c->armies == NULL || c->armies_p == NULL)
    return RO_ENOMEM;
  /* P(taking all) is the seeds' sum, added as integers (no fraction's
     gcd per seed) and reduced once.  */
  const unsigned long none[2] = { 0, 0 };
  ro_cell_t sum;
  mpz_init (sum.n);
  sum.e[0] = sum.e[1] = 0;
  mpz_t one;
  mpz_init_set_ui (one, 1);
  ro_progress (0, nseed);
  for (unsigned long f = nseed; f-- > 0;)
    {
      if (mpz_sgn (seed[f].n) != 0)
        {
          c->armies[c->n_armies] = f + 1;
          mpq_init (c->armies_p[c->n_armies]);
          cell_q (c->armies_p[c->n_armies], s, &seed[f], scale);
          ro_cell_add (s->base, s->big, &sum, seed[f].n, seed[f].e, one,
                       none);
          c->n_armies++;
          /* The seed's limbs go back for the fractions still to come.  */
          cell_release (&seed[f]);
        }
      /* Seed f's numbers grow with the armies lost, nseed - f, and its
         cost with their size to the power 1.5.  */
      ro_progress (pow (nseed - f, 2.5), pow (nseed, 2.5));
    }
  mpq_t q;
  mpq_init (q);
  cell_q (q, s, &sum, scale);
  mpq_add (c->taken[c->k], c->taken[c->k], q);
  mpq_clear (q);
  mpz_clears (sum.n, one, (mpz_ptr) 0);
  return RO_OK;
}

/* The stops of battle I (PASS->held) appended to C's, in their order;
   the held values are cleared.  */
static int
chain_stops (ro_chain_t *c, const chain_pass_t *pass, size_t i,
             const ro_rules_t *rules)
{
  size_t n = 0, cells = (pass->fstop + 1) * (pass->d0 + 1);
  for (size_t j = 0; j < cells; j++)
    n += mpq_sgn (pass->held[j]) != 0;
  ro_chain_stop_t *st = realloc (c->stop, (c->n_stops + n + 1)
                                 * sizeof *st);
  if (st == NULL)
    return RO_ENOMEM;
  c->stop = st;
  unsigned long behind = rules->count == RO_COUNT_TERRITORY;
  for (unsigned long d = 0; d <= pass->d0; d++)
    for (unsigned long f = pass->fstop + 1; f-- > 0;)
      {
        mpq_ptr h = pass->held[f * (pass->d0 + 1) + d];
        if (mpq_sgn (h) == 0)
          continue;
        ro_chain_stop_t *e = &c->stop[c->n_stops++];
        e->territory = i;
        e->attackers = f + behind;
        e->defenders = d;
        e->unresolved = 0;
        mpq_init (e->p);
        mpq_swap (e->p, h);
      }
  return RO_OK;
}

/* Battle I of the chain: from SEED (NSEED rows) against D, the seeds of
   the next battle into *NEXT (the caller frees them), rebased for the
   dice of the next territory's rules NEXT_RULES (NULL after the last
   battle); after the last battle, those seeds are the chain's final
   armies, whose fractions take the share FINAL of the battle's
   progress.  */
static int
chain_battle (ro_chain_t *c, const ro_model_t *model, ro_cell_t *seed,
              unsigned long nseed, unsigned long d, size_t i,
              const ro_rules_t *next_rules, double final,
              chain_scale_t *scale,
              const ro_plan_t *chain_plan, ro_cell_t **next)
{
  const ro_rules_t *rules = &model->rules;
  double plan_share = model->c.optimizing
    ? RO_PROGRESS_PLAN * (1 - final) : 0;
  ro_progress_part_t part;
  ro_solver_t s;
  int rc = ro_solver_init (&s, model, d);
  if (rc != RO_OK)
    return rc;
  ro_plan_t plan;
  ro_plan_init (&plan);
  ro_progress_part (&part, 0, plan_share);
  if (chain_plan != NULL)
    rc = ro_solver_use_plan (&s, chain_plan);
  else
    rc = ro_solver_plan (&s, &plan, nseed - 1, d);
  ro_progress_part_end (&part);
  chain_pass_t pass;
  pass.next = *next = cells_new (nseed);
  pass.lost = &c->taken[i];
  pass.d0 = d;
  pass.fstop = model->c.stop;
  pass.scale = scale;
  size_t cells = (pass.fstop + 1) * (d + 1);
  pass.held = malloc (cells * sizeof *pass.held);
  for (size_t j = 0; pass.held != NULL && j < cells; j++)
    mpq_init (pass.held[j]);
  ro_progress_part (&part, plan_share, 1 - final - plan_share);
  if (rc != RO_OK)
    ;
  else if (pass.next == NULL || pass.held == NULL)
    rc = RO_ENOMEM;
  else
    rc = ro_forward (&s, seed, nseed, d, chain_end, &pass);
  ro_progress_part_end (&part);
  /* The seeds this battle started from are spent: their limbs go back
     before the next seeds are rebased or made fractions.  */
  for (unsigned long f = 0; f < nseed; f++)
    cell_release (&seed[f]);
  if (rc == RO_OK)
    rc = chain_stops (c, &pass, i, rules);
  unsigned long b[2], nb[2];
  rules_base (b, rules);
  if (next_rules != NULL)
    rules_base (nb, next_rules);
  if (rc == RO_OK && next_rules != NULL && (b[0] != nb[0] || b[1] != nb[1]))
    chain_rebase (pass.next, nseed, &s, scale, s.big);
  ro_progress_part (&part, 1 - final, final);
  if (rc == RO_OK && next_rules == NULL)
    rc = chain_final (c, &s, pass.next, nseed, scale);
  ro_progress_part_end (&part);
  for (size_t j = 0; pass.held != NULL && j < cells; j++)
    mpq_clear (pass.held[j]);
  free (pass.held);
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
   The final fractions cost a few multiplications of numbers of size S
   each, NSEED of them: measured (chain 6400 3 2, 3200 3:8 2, 3000 30
   30), about NSEED S^1.5 / 2 units; a battle that starts from rebased
   seeds (REBASED: each seed, over no power, is brought to the powers of
   its row) about half that more (2000 5 5:8 5, 2000 5:8 5 5 5).  */
static double
chain_work (double work[2], unsigned long nseed, const unsigned long *d,
            size_t i, int last, int rebased)
{
  double before = 0;
  for (size_t j = 0; j < i; j++)
    before += d[j];
  double size = nseed + 2 * (before + d[i]);
  double mul = nseed * size * sqrt (size) / 2;
  work[0] = ro_progress_rows (nseed, d[i]) * (i == 0 ? 0.5 : 1)
    + before * nseed * (d[i] + 1.0) + (rebased ? mul / 2 : 0);
  work[1] = last ? mul : 0;
  return work[0] + work[1];
}

/* Whether battle I of the chain starts from rebased seeds.  */
static int
chain_rebased (const ro_rules_t *rules, size_t i)
{
  unsigned long b[2], p[2];
  if (i == 0)
    return 0;
  rules_base (b, &rules[i]);
  rules_base (p, &rules[i - 1]);
  return b[0] != p[0] || b[1] != p[1];
}

/* RO_OK when A against D[0 .. K-1] is a chain the library takes under
   RULES[0 .. K-1]: the attacker's count and stop the same throughout,
   no goal.  */
static int
chain_check (const ro_rules_t *rules, unsigned long a,
             const unsigned long *d, size_t k)
{
  if (k == 0)
    return RO_EINVAL;
  int rc = ro_check_battle (&rules[0], a, 0);
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    {
      if (d[i] == 0 || rules[i].goal != 0
          || rules[i].count != rules[0].count
          || rules[i].stop != rules[0].stop)
        return RO_EINVAL;
      rc = ro_check_battle (&rules[i], a, d[i]);
    }
  return rc;
}

static int chain_run (ro_chain_t *c, const ro_rules_t *rules,
                      unsigned long a, const unsigned long *d, size_t k,
                      const ro_plan_t *plans);

/* The plans of the whole chain, last territory first, into PLANS[0 ..
   K-1] (ro_plan_init'ed): each battle's won ends worth the next
   territory's values, so that the dice are chosen for taking the whole
   chain.  The values are cells of one solver's bases: every territory
   must roll dice of the same sides.  */
static int
chain_plans (ro_plan_t *plans, const ro_rules_t *rules, unsigned long fmax,
             const unsigned long *d, size_t k)
{
  unsigned long b0[2], b[2];
  rules_base (b0, &rules[0]);
  for (size_t i = 1; i < k; i++)
    {
      rules_base (b, &rules[i]);
      if (b[0] != b0[0] || b[1] != b0[1])
        return RO_EINVAL;
    }
  ro_cell_t *cur = cells_new (fmax + 1), *nxt = cells_new (fmax + 1);
  int rc = cur == NULL || nxt == NULL ? RO_ENOMEM : RO_OK;
  for (size_t i = k; i-- > 0 && rc == RO_OK;)
    {
      ro_model_t model;
      rc = ro_model_init (&model, &rules[i]);
      if (rc != RO_OK)
        break;
      ro_progress_part_t part;
      ro_progress_part (&part, (double) (k - 1 - i) / k, 1.0 / k);
      rc = ro_plan_solve_chain (&plans[i], cur, &model, fmax, d[i],
                                i + 1 == k ? NULL : nxt);
      ro_progress_part_end (&part);
      ro_model_clear (&model);
      ro_cell_t *t = cur;
      cur = nxt;
      nxt = t;
    }
  cells_free (cur, fmax + 1);
  cells_free (nxt, fmax + 1);
  return rc;
}

int
ro_chain_rules (ro_chain_t *c, const ro_rules_t *rules, unsigned long a,
                const unsigned long *d, size_t k)
{
  return ro_chain_scope (c, rules, a, d, k, RO_SCOPE_BATTLE);
}

int
ro_chain_scope (ro_chain_t *c, const ro_rules_t *rules, unsigned long a,
                const unsigned long *d, size_t k, ro_scope_t scope)
{
  return ro_chain_scope_target (c, rules, a, d, k, scope, k);
}

/* With a TARGET below K, the plans aim at the TARGET-th territory: the
   backward pass starts there, its wins worth 1, and the territories
   after it keep unsolved plans (no impl), which chain_run fights with
   each battle's own choices.  */
int
ro_chain_scope_target (ro_chain_t *c, const ro_rules_t *rules,
                       unsigned long a, const unsigned long *d, size_t k,
                       ro_scope_t scope, size_t target)
{
  int rc = chain_check (rules, a, d, k);
  if (rc == RO_OK && scope != RO_SCOPE_BATTLE && scope != RO_SCOPE_CHAIN)
    rc = RO_EINVAL;
  if (rc == RO_OK && (target == 0 || target > k))
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  return ro_chain_scope_valid (c, rules, a, d, k, scope, target);
}

int
ro_chain_scope_valid (ro_chain_t *c, const ro_rules_t *rules,
                      unsigned long a, const unsigned long *d, size_t k,
                      ro_scope_t scope, size_t target)
{
  int rc, whole = 0;
  for (size_t i = 0; i < target; i++)
    whole |= scope == RO_SCOPE_CHAIN && ro_rules_optimizing (&rules[i]);
  ro_plan_t *plans = NULL;
  if (whole)
    {
      plans = malloc (k * sizeof *plans);
      if (plans == NULL)
        return RO_ENOMEM;
      for (size_t i = 0; i < k; i++)
        ro_plan_init (&plans[i]);
      ro_progress_part_t part;
      ro_progress_part (&part, 0, RO_PROGRESS_PLAN);
      rc = chain_plans (plans, rules, ro_rules_fighting (&rules[0], a), d,
                        target);
      ro_progress_part_end (&part);
      ro_progress_part (&part, RO_PROGRESS_PLAN, 1 - RO_PROGRESS_PLAN);
      if (rc == RO_OK)
        rc = chain_run (c, rules, a, d, k, plans);
      ro_progress_part_end (&part);
      for (size_t i = 0; i < k; i++)
        ro_plan_clear (&plans[i]);
      free (plans);
      return rc;
    }
  return chain_run (c, rules, a, d, k, NULL);
}

/* The chain, battle by battle, with the dice of PLANS when not NULL.  */
static int
chain_run (ro_chain_t *c, const ro_rules_t *rules, unsigned long a,
           const unsigned long *d, size_t k, const ro_plan_t *plans)
{
  int rc;

  ro_chain_clear (c);
  c->k = k;
  c->taken = malloc ((k + 1) * sizeof *c->taken);
  if (c->taken == NULL)
    return RO_ENOMEM;
  for (size_t j = 0; j <= k; j++)
    mpq_init (c->taken[j]);

  ro_model_t model;
  rc = ro_model_init (&model, &rules[0]);
  if (rc != RO_OK)
    return rc;
  unsigned long nseed = ro_rules_fighting (&rules[0], a) + 1;
  ro_cell_t *seed = cells_new (nseed), *next = NULL;
  if (seed == NULL)
    rc = RO_ENOMEM;
  else
    mpz_set_ui (seed[nseed - 1].n, 1);
  chain_scale_t scale;
  memset (&scale, 0, sizeof scale);
  int have_model = 1;
  double work[2], sum = 0, lo = 0;
  for (size_t i = 0; i < k; i++)
    sum += chain_work (work, nseed, d, i, i + 1 == k,
                       chain_rebased (rules, i));
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    {
      /* A territory of other rules has a model of its own.  */
      if (i > 0 && memcmp (&rules[i], &rules[i - 1], sizeof *rules) != 0)
        {
          ro_model_clear (&model);
          rc = ro_model_init (&model, &rules[i]);
          have_model = rc == RO_OK;
          if (rc != RO_OK)
            break;
        }
      double w = chain_work (work, nseed, d, i, i + 1 == k,
                             chain_rebased (rules, i));
      ro_progress_part_t part;
      ro_progress_part (&part, lo / sum, w / sum);
      rc = chain_battle (c, &model, seed, nseed, d[i], i,
                         i + 1 == k ? NULL : &rules[i + 1], work[1] / w,
                         &scale, plans && plans[i].impl ? &plans[i] : NULL,
                         &next);
      ro_progress_part_end (&part);
      lo += w;
      cells_free (seed, nseed);
      seed = next;
      next = NULL;
    }
  if (rc == RO_OK)
    ro_progress (1, 1);
  cells_free (seed, nseed);
  if (have_model)
    ro_model_clear (&model);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Memory                                                             */
/* ------------------------------------------------------------------ */

/* The bytes of the limbs of an mpz of at most BITS bits: whole limbs,
   the one GMP may add to a result, and malloc's header.  */
double
ro_limb_bytes (double bits)
{
  return sizeof (mp_limb_t) * (ceil (bits / GMP_NUMB_BITS) + 1) + 16;
}

/* The bytes of N cells whose numbers have at most LO + f * STEP bits
   for f = 0 .. N - 1 (their sum: the bound is linear in f).  */
static double
cells_bytes (double n, double lo, double step)
{
  return n * (sizeof (ro_cell_t) + ro_limb_bytes (lo + step * (n - 1) / 2)
              + sizeof (mp_limb_t));
}

/* The bytes the chain of ro_chain_scope_target holds at its peak, its
   battles against D[0 .. K-1] with DSUM[i] defenders in battles 0 .. i
   (fortify passes bounds of both).  A path to seed f of battle i has
   lost at most F0 - f attackers and DSUM[i] defenders, each army adding
   at most the bits per army of its territory to the number
   (ro_rules_bits_per_army); where the dice's sides change, the seeds
   are rebased to one denominator and each may have the bits of the
   largest, which every later seed carries beside the armies it loses
   after the rebase (so each change of sides adds up to F0 times the
   bits per army to the numbers).  At battle i the seeds it starts from
   and those it makes are alive, with its engine (plan and rows, whose
   numbers carry the bits of the battles before), its stops and those
   of the battles before; after the last battle, the seeds it started
   from freed, the final armies' fractions (numerator and denominator)
   replace its seeds one by one.  With WHOLE, the whole chain's K plans are alive
   throughout.  */
int
ro_chain_memory_bound (double *bytes, const ro_rules_t *rules,
                       unsigned long a, const unsigned long *d,
                       const unsigned long *dsum, size_t k, int whole)
{
  unsigned long f0 = ro_rules_fighting (&rules[0], a);
  double nseed = f0 + 1.0, bpa = 0;
  for (size_t i = 0; i < k; i++)
    bpa = fmax (bpa, ro_rules_bits_per_army (&rules[i]));
  double mpq = sizeof (mpq_t) + sizeof (mp_limb_t);
  double prev = cells_bytes (nseed, 64, 0), peak = 0, stops = 0, plans = 0;
  /* The bits of the scale of the rebased seeds, and the defenders
     before the last rebase.  */
  double carried = 0, before = 0, full = 64;
  int rc = RO_OK;
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    {
      double engine;
      full = carried + (f0 + (dsum[i] - before)) * bpa + 64;
      /* Battle I is reached only with I territories taken, each keeping
         one of the F0 fighting armies: from battle F0 on, every seed,
         row and stop is 0, a number without limbs (chain 10 and 20000
         territories of 1: 9 battles of numbers).  */
      if (i >= f0)
        full = 0;
      /* Seed f: at most FULL - f BPA bits.  */
      double seeds = cells_bytes (nseed, full, -bpa);
      rc = ro_rules_optimizing (&rules[i])
        ? ro_plan_memory_valid (&engine, &rules[i], a, d[i])
        : ro_solver_memory (&engine, &rules[i], a, d[i]);
      if (rc != RO_OK)
        break;
      if (whole)
        plans += engine;
      engine += (ro_rules_max_attacker_loss (&rules[i]) + 1.0)
        * (d[i] + 1.0) * ro_limb_bytes (full);
      double held = (ro_rules_stop_fighting (&rules[i]) + 1.0)
        * (d[i] + 1.0) * (mpq + 2 * ro_limb_bytes (full));
      double here = prev + seeds + engine + held + stops;
      /* The final armies' fractions, a numerator and a denominator of
         at most a seed's bits each, made once the seeds this battle
         started from are freed, each seed freed once it is made one.  */
      if (i + 1 == k)
        here = fmax (here, 2 * seeds + nseed * (mpq + sizeof (unsigned long))
                     + engine + held + stops);
      peak = fmax (peak, here);
      stops += held;
      prev = seeds;
      unsigned long b[2], nb[2];
      rules_base (b, &rules[i]);
      if (i + 1 < k)
        rules_base (nb, &rules[i + 1]);
      if (i + 1 < k && (b[0] != nb[0] || b[1] != nb[1]))
        {
          /* A rebase brings every seed to the largest's bits, which the
             scale keeps from then on.  */
          carried = full;
          before = dsum[i];
          prev = cells_bytes (nseed, full, 0);
          peak = fmax (peak, here - seeds + prev);
        }
    }
  /* The whole chain's plans are made before the forward passes, with
     two arrays of values (value f of at most FULL - (F0 - f) BPA bits),
     freed before the passes start.  */
  double values = whole ? 2 * cells_bytes (nseed, full, -bpa) : 0;
  /* A quarter more for what malloc cannot reuse as the numbers grow;
     1 MiB for the rest (the result's arrays, the output's strings: a
     small run of riskodds measured 1 MiB above its start), and what
     every battle keeps whatever its numbers, its rules and defenders
     (the caller's too), its P(taken) and its engine's set-up: chain 10
     and 20000 territories of 1 measured 590 bytes a battle.  */
  *bytes = 1.25 * (plans + fmax (peak, values) + 512.0 * k) + (1 << 20);
  return rc;
}

/* ro_chain_memory_bound for K battles of the same RULES, each against
   at most D with at most DSUM defenders in it and the battles before,
   in closed form: no array of K, no loop over K (fortify asks it for
   chains of 10^8 territories).  The same rules never rebase, so every
   battle's terms are the same; the stops of the battles before grow by
   one battle's each time, and the peak is at the last.  */
int
ro_chain_memory_uniform (double *bytes, const ro_rules_t *rules,
                         unsigned long a, unsigned long d, unsigned long dsum,
                         double k, int whole)
{
  unsigned long f0 = ro_rules_fighting (rules, a);
  double nseed = f0 + 1.0, bpa = ro_rules_bits_per_army (rules);
  double mpq = sizeof (mpq_t) + sizeof (mp_limb_t);
  double full = (f0 + (double) dsum) * bpa + 64;
  double seeds = cells_bytes (nseed, full, -bpa), engine;
  int rc = ro_rules_optimizing (rules)
    ? ro_plan_memory_valid (&engine, rules, a, d)
    : ro_solver_memory (&engine, rules, a, d);
  if (rc != RO_OK)
    return rc;
  double plans = whole ? k * engine : 0;
  engine += (ro_rules_max_attacker_loss (rules) + 1.0)
    * (d + 1.0) * ro_limb_bytes (full);
  double held = (ro_rules_stop_fighting (rules) + 1.0)
    * (d + 1.0) * (mpq + 2 * ro_limb_bytes (full));
  /* Battle I holds the seeds it starts from (the first's of 64 bits),
     those it makes, its engine and the stops of I + 1 battles.  */
  double first = cells_bytes (nseed, 64, 0) + seeds + engine + held;
  double last = (k > 1 ? seeds : cells_bytes (nseed, 64, 0)) + seeds
    + engine + k * held;
  last = fmax (last, 2 * seeds + nseed * (mpq + sizeof (unsigned long))
               + engine + k * held);
  double values = whole ? 2 * seeds : 0;
  *bytes = 1.25 * (plans + fmax (fmax (first, last), values) + 512.0 * k)
    + (1 << 20);
  return RO_OK;
}

int
ro_chain_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
                 const unsigned long *d, size_t k, ro_scope_t scope)
{
  int rc = chain_check (rules, a, d, k);
  if (rc == RO_OK && scope != RO_SCOPE_BATTLE && scope != RO_SCOPE_CHAIN)
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  unsigned long *dsum = malloc (k * sizeof *dsum);
  if (dsum == NULL)
    return RO_ENOMEM;
  int whole = 0;
  for (size_t i = 0; i < k; i++)
    {
      dsum[i] = d[i] + (i ? dsum[i - 1] : 0);
      whole |= scope == RO_SCOPE_CHAIN && ro_rules_optimizing (&rules[i]);
    }
  rc = ro_chain_memory_bound (bytes, rules, a, d, dsum, k, whole);
  free (dsum);
  return rc;
}

int
ro_chain (ro_chain_t *c, const ro_rules_t *rules, unsigned long a,
          const unsigned long *d, size_t k)
{
  if (k == 0)
    return RO_EINVAL;
  ro_rules_t *r = malloc (k * sizeof *r);
  if (r == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < k; i++)
    r[i] = *rules;
  int rc = ro_chain_rules (c, r, a, d, k);
  free (r);
  return rc;
}

void
ro_chain_stats_init (ro_chain_stats_t *s)
{
  mpq_inits (s->taken, s->taken_var, s->attackers_lost,
             s->attackers_lost_var, s->defenders_lost,
             s->defenders_lost_var, (mpq_ptr) 0);
}

void
ro_chain_stats_clear (ro_chain_stats_t *s)
{
  mpq_clears (s->taken, s->taken_var, s->attackers_lost,
              s->attackers_lost_var, s->defenders_lost,
              s->defenders_lost_var, (mpq_ptr) 0);
}

/* SUM += X P and SQ += X^2 P.  */
static void
moment_add (mpq_t sum, mpq_t sq, unsigned long x, const mpq_t p, mpq_t t)
{
  mpq_set_ui (t, x, 1);
  mpq_mul (t, t, p);
  mpq_add (sum, sum, t);
  mpq_set_ui (t, x, 1);
  mpq_mul (t, t, t);
  mpq_mul (t, t, p);
  mpq_add (sq, sq, t);
}

/* VAR = SQ - MEAN^2.  */
static void
moment_var (mpq_t var, const mpq_t mean, const mpq_t sq, mpq_t t)
{
  mpq_mul (t, mean, mean);
  mpq_sub (var, sq, t);
}

/* SUM += X[0] P[0] + ... and SQ += X[0]^2 P[0] + ... (N terms): the
   fractions brought to the lcm of
   their denominators, whose only primes are those of the dice's sides
   (at most RO_SIDES_MAX), made of the highest power of each, and the
   two sums reduced once.  A gcd per term (mpq_add) made a chain's
   --stats cubic in the armies.  */
static void
moments_add (mpq_t sum, mpq_t sq, const unsigned long *x, const mpq_t *p,
             size_t n)
{
  mpz_t l, t, pz, s1, s2;
  mpz_inits (l, t, pz, s1, s2, (mpz_ptr) 0);
  mpz_set_ui (l, 1);
  for (unsigned long q = 2; q <= RO_SIDES_MAX; q++)
    {
      int prime = 1;
      for (unsigned long r = 2; r * r <= q && prime; r++)
        prime = q % r != 0;
      unsigned long top = 0;
      mpz_set_ui (pz, q);
      for (size_t i = 0; i < n && prime; i++)
        if (mpz_divisible_ui_p (mpq_denref (p[i]), q))
          {
            mp_bitcnt_t v = mpz_remove (t, mpq_denref (p[i]), pz);
            top = v > top ? v : top;
          }
      mpz_ui_pow_ui (t, q, top);
      mpz_mul (l, l, t);
    }
  for (size_t i = 0; i < n; i++)
    {
      mpz_divexact (t, l, mpq_denref (p[i]));
      mpz_mul (t, t, mpq_numref (p[i]));
      mpz_mul_ui (t, t, x[i]);
      mpz_add (s1, s1, t);
      mpz_addmul_ui (s2, t, x[i]);
    }
  mpq_t q;
  mpq_init (q);
  mpz_set (mpq_numref (q), s1);
  mpz_set (mpq_denref (q), l);
  mpq_canonicalize (q);
  mpq_add (sum, sum, q);
  mpz_set (mpq_numref (q), s2);
  mpz_set (mpq_denref (q), l);
  mpq_canonicalize (q);
  mpq_add (sq, sq, q);
  mpq_clear (q);
  mpz_clears (l, t, pz, s1, s2, (mpz_ptr) 0);
}

/* Every army of the attacker is killed, stays behind in a conquered
   territory or is left at the end: stopped at territory i with f
   fighting armies left, F - i - f were killed; with all K taken and f
   in the last territory, F - (K - 1) - f.  */
int
ro_chain_stats (ro_chain_stats_t *s, const ro_chain_t *c,
                const ro_rules_t *rules, unsigned long a,
                const unsigned long *d)
{
  if (c->taken == NULL || c->k == 0)
    return RO_EINVAL;
  unsigned long f0 = ro_rules_fighting (rules, a);
  unsigned long behind = rules->count == RO_COUNT_TERRITORY;
  mpq_t t, sq[3];
  mpq_inits (t, sq[0], sq[1], sq[2], (mpq_ptr) 0);
  mpq_set_ui (s->taken, 0, 1);
  mpq_set_ui (s->attackers_lost, 0, 1);
  mpq_set_ui (s->defenders_lost, 0, 1);
  for (size_t j = 0; j <= c->k; j++)
    moment_add (s->taken, sq[0], j, c->taken[j], t);
  unsigned long dsum = 0;
  for (size_t i = 0; i < c->k; i++)
    dsum += d[i];
  for (size_t i = 0; i < c->n_stops; i++)
    {
      const ro_chain_stop_t *e = &c->stop[i];
      unsigned long before = 0;
      for (size_t j = 0; j < e->territory; j++)
        before += d[j];
      moment_add (s->attackers_lost, sq[1],
                  f0 - e->territory - (e->attackers - behind), e->p, t);
      moment_add (s->defenders_lost, sq[2],
                  before + d[e->territory] - e->defenders, e->p, t);
    }
  unsigned long *x = malloc ((c->n_armies ? c->n_armies : 1) * sizeof *x);
  if (x == NULL)
    {
      mpq_clears (t, sq[0], sq[1], sq[2], (mpq_ptr) 0);
      return RO_ENOMEM;
    }
  for (size_t i = 0; i < c->n_armies; i++)
    x[i] = f0 - (c->k - 1) - c->armies[i];
  moments_add (s->attackers_lost, sq[1], x, (const mpq_t *) c->armies_p,
               c->n_armies);
  free (x);
  moment_add (s->defenders_lost, sq[2], dsum, c->taken[c->k], t);
  moment_var (s->taken_var, s->taken, sq[0], t);
  moment_var (s->attackers_lost_var, s->attackers_lost, sq[1], t);
  moment_var (s->defenders_lost_var, s->defenders_lost, sq[2], t);
  mpq_clears (t, sq[0], sq[1], sq[2], (mpq_ptr) 0);
  return RO_OK;
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

/* The time of needed_search against D, in units of the meter.  */
static double
needed_work (unsigned long d)
{
  double n = d + 2.0;
  return n * n * log2 (n);
}

/* *OUT = the smallest A in [A_MIN, A_MAX] with P(A, D) >= TARGET, by the
   strip engine.  With both sides rolling their most dice P(A, D) never
   decreases in A (an army more rolls at least the dice of one less, and
   the highest of more dice are at least as high), so a doubling search
   and a bisection find it with O(log A) battles.  RO_ERANGE when even
   A_MAX falls short.  */
static int
needed_search (unsigned long *out, const ro_model_t *m, unsigned long d,
               const mpq_t target, unsigned long a_min, unsigned long a_max)
{
  mpq_t win;
  mpq_init (win);
  /* P(lo - 1) < target when lo > a_min; P(hi) >= target once found.  */
  unsigned long lo = a_min, hi = a_min;
  int rc, found = 0;
  for (;;)
    {
      rc = ro_engine_win (win, m, ro_model_fighting (m, hi), d,
                          RO_METHOD_STRIP);
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
      rc = ro_engine_win (win, m, ro_model_fighting (m, mid), d,
                          RO_METHOD_STRIP);
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
  int strip = needed_method (rules, d_lo, d_hi, method) == RO_METHOD_STRIP;
  if (!strip)
    for (unsigned long d = d_lo; d <= d_hi; d++)
      out[d - d_lo] = 0;
  /* One model for every battle of the search, or for the grid.  */
  ro_model_t model;
  int rc = ro_check_grid (rules, a_min, a_max, d_lo, d_hi);
  if (rc == RO_OK)
    rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  int missing = 0;
  if (strip)
    {
      /* One share of the call per defender count, weighed by its
         search: O(log D) strip battles of O((A + D)^2) each, A about D.
         The battles' own reports stay at the share reached (a part of
         no span): each would otherwise start the meter over.  */
      double sum = 0, lo = 0;
      for (unsigned long d = d_lo; d <= d_hi; d++)
        sum += needed_work (d);
      ro_progress (0, sum);
      for (unsigned long d = d_lo; d <= d_hi && rc == RO_OK; d++)
        {
          ro_progress_part_t part;
          ro_progress_part (&part, lo / sum, 0);
          rc = needed_search (&out[d - d_lo], &model, d, target, a_min,
                              a_max);
          ro_progress_part_end (&part);
          if (rc == RO_ERANGE)
            {
              missing = 1;
              rc = RO_OK;
            }
          lo += needed_work (d);
          ro_progress (lo, sum);
        }
    }
  else
    {
      needed_t n = { out, d_lo, d_hi, d_hi - d_lo + 1,
        (const mpq_t *) target
      };
      /* The pass stops at the row where the last D finds its answer, far
         below A_MAX (10000 by default): its reports count rows up to
         A_MAX, so needed 1..700 said 0% done to its end.  Where the
         strip engine applies, a search for D_HI alone (a few battles)
         tells that row, and the pass's share is scaled to end there.  */
      double span = 1;
      if (ro_method_choose (rules, RO_METHOD_AUTO) == RO_METHOD_STRIP)
        {
          unsigned long a_stop;
          ro_progress_part_t quiet;
          ro_progress_part (&quiet, 0, 0);
          int src = needed_search (&a_stop, &model, d_hi, target, a_min,
                                   a_max);
          ro_progress_part_end (&quiet);
          double f_max = ro_model_fighting (&model, a_max) + 1.0;
          double f_stop = ro_model_fighting (&model, a_stop) + 1.0;
          if (src == RO_OK)
            span = ro_progress_rows (f_max, d_hi)
              / ro_progress_rows (f_stop, d_hi);
        }
      ro_progress_part_t part;
      ro_progress_part (&part, 0, span);
      rc = ro_grid_run (&model, a_min, a_max, d_lo, d_hi, 1, needed_cell,
                        NULL, &n);
      ro_progress_part_end (&part);
      for (unsigned long d = d_lo; d <= d_hi; d++)
        if (out[d - d_lo] != 0)
          out[d - d_lo]--;
      missing = n.missing != 0;
    }
  ro_model_clear (&model);
  if (rc < 0)
    return rc;
  /* The pass that stopped early, or a strip search whose shares end
     in a rounding error of 1: done.  */
  ro_progress (1, 1);
  return missing ? RO_ERANGE : RO_OK;
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
          int end = ro_model_ended (model, f, j);
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
      rc = ro_defender_can_win_valid (rules);
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
