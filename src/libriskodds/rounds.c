/* rounds.c -- a battle limited to N rounds: a forward pass of N steps */

#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* The states (f, d), f fighting armies against d, carry their
   probabilities as numerators over one denominator, T^n after n rounds,
   T = attack_sides^attack_dice * defend_sides^defend_dice: a round of
   na against nd dice (nd the most the defender may roll; the model's
   step) counts its cases out of attack_sides^na * defend_sides^nd, which
   divides T, so each step multiplies by whole numbers only.  A state
   where the battle is over keeps its mass, times T, from step to step;
   every other state spreads it over the states a round leads to.  Each
   round costs an army, so after f + d rounds every battle is over and
   the rest of the steps are skipped.  */

typedef struct
{
  unsigned long f0, d0;
  mpz_t *cell;                  /* (f0 + 1) x (d0 + 1) */
} layer_t;

static mpz_t *
layer_at (const layer_t *l, unsigned long f, unsigned long d)
{
  return &l->cell[f * (l->d0 + 1) + d];
}

static int
layer_init (layer_t *l, unsigned long f0, unsigned long d0)
{
  l->f0 = f0;
  l->d0 = d0;
  size_t n = (size_t) (f0 + 1) * (d0 + 1);
  l->cell = malloc (n * sizeof *l->cell);
  if (l->cell == NULL)
    return RO_ENOMEM;
  for (size_t k = 0; k < n; k++)
    mpz_init (l->cell[k]);
  return RO_OK;
}

static void
layer_clear (layer_t *l)
{
  size_t n = (size_t) (l->f0 + 1) * (l->d0 + 1);
  for (size_t k = 0; k < n; k++)
    mpz_clear (l->cell[k]);
  free (l->cell);
}

/* The step of state (F, D): the model's round for the dice both sides
   roll there, and the factor that brings its counts over T.  */
static const ro_step_t *
state_step (mpz_t scale, const ro_model_t *m, unsigned long f,
            unsigned long d)
{
  const ro_rules_t *r = &m->rules;
  unsigned na = ro_model_attack_dice (m, f);
  unsigned nd = ro_model_defend_dice (m, d);
  mpz_t t;
  mpz_init (t);
  mpz_ui_pow_ui (scale, r->attack_sides, r->attack_dice - na);
  mpz_ui_pow_ui (t, r->defend_sides, r->defend_dice - nd);
  mpz_mul (scale, scale, t);
  mpz_clear (t);
  return &m->step[na][nd];
}

/* One round: every state of FROM into TO.  */
static void
rounds_step (layer_t *to, const layer_t *from, const ro_model_t *m,
             const mpz_t total, mpz_t scale, mpz_t w)
{
  size_t n = (size_t) (to->f0 + 1) * (to->d0 + 1);
  /* Only the cells with mass: mpz_set_ui gives even a 0 a limb, and
     most of the states are never reached in a few rounds.  */
  for (size_t k = 0; k < n; k++)
    if (mpz_sgn (to->cell[k]) != 0)
      mpz_set_ui (to->cell[k], 0);
  for (unsigned long f = 0; f <= from->f0; f++)
    for (unsigned long d = 0; d <= from->d0; d++)
      {
        const mpz_t *c = layer_at (from, f, d);
        if (mpz_sgn (*c) == 0)
          continue;
        if (ro_model_ended (m, f, d) != 0)
          {
            mpz_addmul (*layer_at (to, f, d), *c, total);
            continue;
          }
        const ro_step_t *s = state_step (scale, m, f, d);
        mpz_mul (w, *c, scale);
        for (unsigned i = 0; i < s->n; i++)
          mpz_addmul (*layer_at (to, f - s->lose_a[i], d - s->lose_d[i]),
                      w, s->count[i]);
      }
}

/* The states of L with positive mass, over T^N, into DIST.  */
static int
rounds_collect (ro_dist_t *dist, const layer_t *l, const ro_model_t *m,
                const mpz_t den)
{
  size_t n = 0;
  for (unsigned long f = 0; f <= l->f0; f++)
    for (unsigned long d = 0; d <= l->d0; d++)
      n += mpz_sgn (*layer_at (l, f, d)) != 0;
  dist->outcome = malloc ((n + 1) * sizeof *dist->outcome);
  if (dist->outcome == NULL)
    return RO_ENOMEM;
  unsigned long behind = m->c.behind;
  for (unsigned long f = 0; f <= l->f0; f++)
    for (unsigned long d = 0; d <= l->d0; d++)
      {
        const mpz_t *c = layer_at (l, f, d);
        if (mpz_sgn (*c) == 0)
          continue;
        ro_outcome_t *o = &dist->outcome[dist->n++];
        int end = ro_model_ended (m, f, d);
        o->won = end > 0;
        o->unresolved = end == 0;
        o->attackers = f + behind;
        o->defenders = d;
        mpq_init (o->p);
        mpz_set (mpq_numref (o->p), *c);
        mpz_set (mpq_denref (o->p), den);
        mpq_canonicalize (o->p);
        if (o->won)
          mpq_add (dist->win, dist->win, o->p);
        if (o->unresolved)
          mpq_add (dist->unresolved, dist->unresolved, o->p);
      }
  return RO_OK;
}

int
ro_battle_dist_rounds (ro_dist_t *dist, const ro_rules_t *rules,
                       unsigned long a, unsigned long d,
                       unsigned long rounds)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  if (rounds == 0 || ro_rules_optimizing (rules))
    return RO_EINVAL;
  unsigned long f0 = ro_rules_fighting (rules, a);
  if (rounds > f0 + d)
    rounds = f0 + d;            /* every battle is over by then */
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  layer_t l[2];
  rc = layer_init (&l[0], f0, d);
  if (rc == RO_OK && (rc = layer_init (&l[1], f0, d)) != RO_OK)
    layer_clear (&l[0]);
  if (rc != RO_OK)
    {
      ro_model_clear (&model);
      return rc;
    }
  mpz_t total, den, scale, w;
  mpz_inits (total, den, scale, w, (mpz_ptr) 0);
  mpz_ui_pow_ui (total, model.rules.attack_sides, rules->attack_dice);
  mpz_ui_pow_ui (w, model.rules.defend_sides, rules->defend_dice);
  mpz_mul (total, total, w);
  mpz_pow_ui (den, total, rounds);
  mpz_set_ui (*layer_at (&l[0], f0, d), 1);
  unsigned k = 0;
  ro_progress (0, (double) rounds);
  for (unsigned long n = 0; n < rounds; n++, k ^= 1)
    {
      rounds_step (&l[k ^ 1], &l[k], &model, total, scale, w);
      ro_progress ((double) n + 1, (double) rounds);
    }
  ro_dist_clear (dist);
  ro_dist_init (dist);
  rc = rounds_collect (dist, &l[k], &model, den);
  if (rc == RO_OK)
    ro_dist_sort (dist);
  mpz_clears (total, den, scale, w, (mpz_ptr) 0);
  layer_clear (&l[0]);
  layer_clear (&l[1]);
  ro_model_clear (&model);
  return rc;
}

int
ro_battle_rounds_memory (double *bytes, const ro_rules_t *rules,
                         unsigned long a, unsigned long d,
                         unsigned long rounds)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  double f0 = ro_rules_fighting (rules, a);
  double n = rounds < f0 + d ? (double) rounds : f0 + d;
  /* Mixed dice on the engines' bases (24 sides).  */
  ro_rules_t eff;
  ro_rules_effective (&eff, rules);
  double bits = n * (eff.attack_dice * log2 (eff.attack_sides)
                     + eff.defend_dice * log2 (eff.defend_sides));
  /* Two layers of numerators of up to BITS bits, and the ends.  */
  double cells = (f0 + 1) * ((double) d + 1);
  /* Every cell of both layers has its mpz_t; only the states N rounds
     of at most L armies each can reach (F0 - F) + (D - D') <= L N get
     limbs, in both layers, and become ends.  */
  double reach = ro_rules_max_attacker_loss (rules) * n + 1;
  reach = fmin (cells, reach * (reach + 1) / 2);
  double number = bits / 8 + 32;
  *bytes = 2 * cells * sizeof (mpz_t) + 2 * reach * number
    + reach * (sizeof (ro_outcome_t) + 2 * number) + 65536;
  return RO_OK;
}

/* A grid of battles limited to N rounds: the recursion with a round
   coordinate, backwards, over every state up to the grid's corner at
   once.  V_r (f, d), P(the attacker wins from (f, d) within r rounds),
   is V_{r-1} of the states one round leads to, weighed by the round's
   counts; U_r (f, d), P(still fighting after r rounds), the same with
   U_0 = 1 where the battle goes on.  Both are kept as numerators over
   T^r, T as in the forward pass, so a step multiplies by whole numbers
   only; an ended state is T^r (won) or 0.  Two layers of each.  */

static void
grid_layer_zero (layer_t *l)
{
  size_t n = (size_t) (l->f0 + 1) * (l->d0 + 1);
  for (size_t k = 0; k < n; k++)
    mpz_set_ui (l->cell[k], 0);
}

/* V_0 and U_0.  */
static void
grid_start (layer_t *win, layer_t *unres, const ro_model_t *m)
{
  for (unsigned long f = 0; f <= win->f0; f++)
    for (unsigned long d = 0; d <= win->d0; d++)
      {
        int end = ro_model_ended (m, f, d);
        mpz_set_ui (*layer_at (win, f, d), end > 0);
        if (unres != NULL)
          mpz_set_ui (*layer_at (unres, f, d), end == 0);
      }
}

/* *TO = SCALE * the sum of the step's counts times FROM's values.  */
static void
grid_sum (mpz_t to, const layer_t *from, const ro_step_t *s,
          unsigned long f, unsigned long d, const mpz_t scale)
{
  mpz_set_ui (to, 0);
  for (unsigned i = 0; i < s->n; i++)
    mpz_addmul (to, s->count[i],
                *layer_at (from, f - s->lose_a[i], d - s->lose_d[i]));
  mpz_mul (to, to, scale);
}

/* Round R of the recursion: WIN and UNRES (NULL: not wanted) from
   WIN0 and UNRES0; TPOW is T^R.  */
static void
grid_step (layer_t *win, layer_t *unres, const layer_t *win0,
           const layer_t *unres0, const ro_model_t *m, const mpz_t tpow,
           mpz_t scale)
{
  for (unsigned long f = 0; f <= win->f0; f++)
    for (unsigned long d = 0; d <= win->d0; d++)
      {
        int end = ro_model_ended (m, f, d);
        if (end != 0)
          {
            if (end > 0)
              mpz_set (*layer_at (win, f, d), tpow);
            else
              mpz_set_ui (*layer_at (win, f, d), 0);
            if (unres != NULL)
              mpz_set_ui (*layer_at (unres, f, d), 0);
            continue;
          }
        const ro_step_t *s = state_step (scale, m, f, d);
        grid_sum (*layer_at (win, f, d), win0, s, f, d, scale);
        if (unres != NULL)
          grid_sum (*layer_at (unres, f, d), unres0, s, f, d, scale);
      }
}

/* The cells of the grid, from the layers of the last round, over DEN.  */
static int
grid_report (const layer_t *win, const layer_t *unres, const ro_model_t *m,
             const unsigned long lim[4], const mpz_t den,
             ro_rounds_fn fn, void *data)
{
  mpq_t w, u;
  mpq_inits (w, u, (mpq_ptr) 0);
  int rc = RO_OK;
  for (unsigned long a = lim[0]; a <= lim[1] && rc == 0; a++)
    for (unsigned long d = lim[2]; d <= lim[3] && rc == 0; d++)
      {
        unsigned long f = ro_model_fighting (m, a);
        mpz_set (mpq_numref (w), *layer_at (win, f, d));
        mpz_set (mpq_denref (w), den);
        mpq_canonicalize (w);
        if (unres != NULL)
          {
            mpz_set (mpq_numref (u), *layer_at (unres, f, d));
            mpz_set (mpq_denref (u), den);
            mpq_canonicalize (u);
          }
        rc = fn (data, a, d, w, unres != NULL ? u : NULL);
      }
  mpq_clears (w, u, (mpq_ptr) 0);
  return rc;
}

/* The rounds that matter on a grid up to F fighting against D: each
   costs an army.  */
static unsigned long
grid_rounds (unsigned long rounds, unsigned long f, unsigned long d)
{
  return rounds < f + d ? rounds : f + d;
}

static int
grid_check (const ro_rules_t *rules, unsigned long a_lo, unsigned long a_hi,
            unsigned long d_lo, unsigned long d_hi, unsigned long rounds)
{
  int rc = ro_check_battle (rules, a_lo, d_lo);
  if (rc == RO_OK)
    rc = ro_check_battle (rules, a_hi, d_hi);
  if (rc == RO_OK && (a_lo > a_hi || d_lo > d_hi || rounds == 0
                      || ro_rules_optimizing (rules)))
    rc = RO_EINVAL;
  return rc;
}

int
ro_battle_grid_rounds (const ro_rules_t *rules, unsigned long a_lo,
                       unsigned long a_hi, unsigned long d_lo,
                       unsigned long d_hi, unsigned long rounds,
                       int unresolved, ro_rounds_fn fn, void *data)
{
  int rc = grid_check (rules, a_lo, a_hi, d_lo, d_hi, rounds);
  if (rc != RO_OK)
    return rc;
  unsigned long f0 = ro_rules_fighting (rules, a_hi);
  rounds = grid_rounds (rounds, f0, d_hi);
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  layer_t l[4];
  int nl = unresolved ? 4 : 2, made = 0;
  while (made < nl && (rc = layer_init (&l[made], f0, d_hi)) == RO_OK)
    made++;
  mpz_t total, tpow, scale;
  mpz_inits (total, tpow, scale, (mpz_ptr) 0);
  if (rc == RO_OK)
    {
      mpz_ui_pow_ui (total, model.rules.attack_sides, rules->attack_dice);
      mpz_ui_pow_ui (scale, model.rules.defend_sides, rules->defend_dice);
      mpz_mul (total, total, scale);
      mpz_set_ui (tpow, 1);
      /* l[k] and l[2 + k] are V and U of the current round.  */
      unsigned k = 0;
      grid_start (&l[0], unresolved ? &l[2] : NULL, &model);
      ro_progress (0, (double) rounds);
      for (unsigned long n = 0; n < rounds; n++, k ^= 1)
        {
          mpz_mul (tpow, tpow, total);
          grid_step (&l[k ^ 1], unresolved ? &l[2 + (k ^ 1)] : NULL,
                     &l[k], unresolved ? &l[2 + k] : NULL, &model, tpow,
                     scale);
          ro_progress ((double) n + 1, (double) rounds);
        }
      const unsigned long lim[4] = { a_lo, a_hi, d_lo, d_hi };
      rc = grid_report (&l[k], unresolved ? &l[2 + k] : NULL, &model, lim,
                        tpow, fn, data);
    }
  mpz_clears (total, tpow, scale, (mpz_ptr) 0);
  while (made > 0)
    layer_clear (&l[--made]);
  ro_model_clear (&model);
  return rc;
}

int
ro_battle_grid_rounds_memory (double *bytes, const ro_rules_t *rules,
                              unsigned long a, unsigned long d,
                              unsigned long rounds, int unresolved)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  double f0 = ro_rules_fighting (rules, a);
  double n = grid_rounds (rounds, (unsigned long) f0, d);
  /* Mixed dice on the engines' bases (24 sides).  */
  ro_rules_t eff;
  ro_rules_effective (&eff, rules);
  double bits = n * (eff.attack_dice * log2 (eff.attack_sides)
                     + eff.defend_dice * log2 (eff.defend_sides));
  /* Two layers of V (and of U) of numerators of up to BITS bits.  */
  double cells = (f0 + 1) * ((double) d + 1) * (unresolved ? 4 : 2);
  *bytes = cells * (sizeof (mpz_t) + ro_limb_bytes (bits)) + 65536;
  return RO_OK;
}

/* A chain limited to N rounds: a forward pass of N steps over the
   states (territory i, f fighting, d defending), one layer per
   territory.  The numerators are over T^n after n rounds, T the least
   common multiple of every territory's attack_sides^attack_dice *
   defend_sides^defend_dice, so a territory's round multiplies by whole
   numbers still (its own factor times T / T_i).  A round that takes
   territory i < K - 1 with f left puts its mass at once on (i + 1, f -
   1, D[i + 1]): moving on takes no round.  Ended states (held, or the
   last territory taken) keep their mass, times T.  */

typedef struct
{
  size_t k;
  const unsigned long *d;
  ro_model_t *model;            /* one per territory */
  mpz_t *mult;                  /* T / T_i */
  mpz_t total;                  /* T */
  layer_t *l[2];                /* K layers each */
} chain_rounds_t;

/* T_i of RULES.  */
static void
rules_total (mpz_t t, const ro_rules_t *given)
{
  ro_rules_t e, *r = &e;
  ro_rules_effective (&e, given);     /* the model's bases */
  mpz_t x;
  mpz_init (x);
  mpz_ui_pow_ui (t, r->attack_sides, r->attack_dice);
  mpz_ui_pow_ui (x, r->defend_sides, r->defend_dice);
  mpz_mul (t, t, x);
  mpz_clear (x);
}

/* T of RULES[0 .. K-1].  */
static void
chain_total (mpz_t t, const ro_rules_t *rules, size_t k)
{
  mpz_t x;
  mpz_init (x);
  mpz_set_ui (t, 1);
  for (size_t i = 0; i < k; i++)
    {
      rules_total (x, &rules[i]);
      mpz_lcm (t, t, x);
    }
  mpz_clear (x);
}

static int
chain_rounds_check (const ro_rules_t *rules, unsigned long a,
                    const unsigned long *d, size_t k, unsigned long rounds)
{
  if (k == 0 || rounds == 0)
    return RO_EINVAL;
  int rc = ro_check_battle (&rules[0], a, 0);
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    {
      if (d[i] == 0 || rules[i].goal != 0
          || rules[i].count != rules[0].count
          || rules[i].stop != rules[0].stop
          || ro_rules_optimizing (&rules[i]))
        return RO_EINVAL;
      rc = ro_check_battle (&rules[i], a, d[i]);
    }
  return rc;
}

/* The rounds that matter: each costs an army.  */
static unsigned long
chain_rounds_most (unsigned long rounds, unsigned long f0,
                   const unsigned long *d, size_t k)
{
  unsigned long most = f0;
  for (size_t i = 0; i < k; i++)
    most += d[i];
  return rounds < most ? rounds : most;
}

static void
chain_rounds_free (chain_rounds_t *c, size_t models, size_t layers)
{
  for (size_t i = 0; i < models; i++)
    ro_model_clear (&c->model[i]);
  for (size_t i = 0; c->mult != NULL && i < c->k; i++)
    mpz_clear (c->mult[i]);
  for (size_t i = 0; i < layers; i++)
    layer_clear (&c->l[i % 2][i / 2]);
  free (c->model);
  free (c->mult);
  free (c->l[0]);
  free (c->l[1]);
  mpz_clear (c->total);
}

static int
chain_rounds_open (chain_rounds_t *c, const ro_rules_t *rules,
                   unsigned long f0, const unsigned long *d, size_t k)
{
  c->k = k;
  c->d = d;
  c->model = malloc (k * sizeof *c->model);
  c->mult = malloc (k * sizeof *c->mult);
  c->l[0] = malloc (k * sizeof *c->l[0]);
  c->l[1] = malloc (k * sizeof *c->l[1]);
  mpz_init (c->total);
  if (c->model == NULL || c->mult == NULL || c->l[0] == NULL
      || c->l[1] == NULL)
    {
      free (c->mult);
      c->mult = NULL;
      chain_rounds_free (c, 0, 0);
      return RO_ENOMEM;
    }
  chain_total (c->total, rules, k);
  for (size_t i = 0; i < k; i++)
    {
      mpz_init (c->mult[i]);
      rules_total (c->mult[i], &rules[i]);
      mpz_divexact (c->mult[i], c->total, c->mult[i]);
    }
  size_t models = 0, layers = 0;
  int rc = RO_OK;
  while (models < k
         && (rc = ro_model_init (&c->model[models], &rules[models])) == RO_OK)
    models++;
  while (rc == RO_OK && layers < 2 * k
         && (rc = layer_init (&c->l[layers % 2][layers / 2], f0,
                              d[layers / 2])) == RO_OK)
    layers++;
  if (rc != RO_OK)
    chain_rounds_free (c, models, layers);
  return rc;
}

/* One round of every state of FROM into TO.  */
static void
chain_rounds_step (const chain_rounds_t *c, layer_t *to, const layer_t *from,
                   mpz_t scale, mpz_t w)
{
  for (size_t i = 0; i < c->k; i++)
    grid_layer_zero (&to[i]);
  for (size_t i = 0; i < c->k; i++)
    for (unsigned long f = 0; f <= from[i].f0; f++)
      for (unsigned long d = 0; d <= from[i].d0; d++)
        {
          const mpz_t *x = layer_at (&from[i], f, d);
          if (mpz_sgn (*x) == 0)
            continue;
          if (ro_model_ended (&c->model[i], f, d) != 0)
            {
              mpz_addmul (*layer_at (&to[i], f, d), *x, c->total);
              continue;
            }
          const ro_step_t *s = state_step (scale, &c->model[i], f, d);
          mpz_mul (w, *x, scale);
          mpz_mul (w, w, c->mult[i]);
          for (unsigned j = 0; j < s->n; j++)
            {
              unsigned long f1 = f - s->lose_a[j], d1 = d - s->lose_d[j];
              /* Taken: one army stays, the others move on (f1 >= 1, as
                 the defender's last army fell to a die the attacker
                 won).  */
              mpz_t *y = d1 == 0 && i + 1 < c->k
                ? layer_at (&to[i + 1], f1 - 1, c->d[i + 1])
                : layer_at (&to[i], f1, d1);
              mpz_addmul (*y, w, s->count[j]);
            }
        }
}

/* Q = X / DEN, canonical.  */
static void
q_over (mpq_t q, const mpz_t x, const mpz_t den)
{
  mpz_set (mpq_numref (q), x);
  mpz_set (mpq_denref (q), den);
  mpq_canonicalize (q);
}

/* The stops of territory I (held or still fighting) from layer L.  */
static int
chain_rounds_stops (ro_chain_t *out, const chain_rounds_t *c,
                    const layer_t *l, size_t i, const mpz_t den)
{
  const ro_model_t *m = &c->model[i];
  unsigned long behind = m->c.behind;
  size_t n = 0;
  for (unsigned long d = 1; d <= l->d0; d++)
    for (unsigned long f = 0; f <= l->f0; f++)
      n += mpz_sgn (*layer_at (l, f, d)) != 0;
  ro_chain_stop_t *st = realloc (out->stop, (out->n_stops + n + 1)
                                 * sizeof *st);
  if (st == NULL)
    return RO_ENOMEM;
  out->stop = st;
  for (unsigned long d = 1; d <= l->d0; d++)
    for (unsigned long f = l->f0 + 1; f-- > 0;)
      {
        const mpz_t *x = layer_at (l, f, d);
        if (mpz_sgn (*x) == 0)
          continue;
        ro_chain_stop_t *e = &out->stop[out->n_stops++];
        e->territory = i;
        e->attackers = f + behind;
        e->defenders = d;
        e->unresolved = ro_model_ended (m, f, d) == 0;
        mpq_init (e->p);
        q_over (e->p, *x, den);
        mpq_add (out->taken[i], out->taken[i], e->p);
        if (e->unresolved)
          mpq_add (out->unresolved[i], out->unresolved[i], e->p);
      }
  return RO_OK;
}

/* The armies that took the last territory, from its layer L.  */
static int
chain_rounds_armies (ro_chain_t *out, const layer_t *l, const mpz_t den)
{
  size_t n = 0;
  for (unsigned long f = 0; f <= l->f0; f++)
    n += mpz_sgn (*layer_at (l, f, 0)) != 0;
  out->armies = malloc ((n ? n : 1) * sizeof *out->armies);
  out->armies_p = malloc ((n ? n : 1) * sizeof *out->armies_p);
  if (out->armies == NULL || out->armies_p == NULL)
    return RO_ENOMEM;
  for (unsigned long f = l->f0 + 1; f-- > 0;)
    {
      const mpz_t *x = layer_at (l, f, 0);
      if (mpz_sgn (*x) == 0)
        continue;
      out->armies[out->n_armies] = f;
      mpq_init (out->armies_p[out->n_armies]);
      q_over (out->armies_p[out->n_armies], *x, den);
      mpq_add (out->taken[out->k], out->taken[out->k],
               out->armies_p[out->n_armies]);
      out->n_armies++;
    }
  return RO_OK;
}

static int
chain_rounds_collect (ro_chain_t *out, const chain_rounds_t *c,
                      const layer_t *l, const mpz_t den)
{
  size_t k = c->k;
  out->k = k;
  out->taken = malloc ((k + 1) * sizeof *out->taken);
  out->unresolved = malloc ((k + 1) * sizeof *out->unresolved);
  if (out->taken == NULL || out->unresolved == NULL)
    {
      free (out->taken);
      free (out->unresolved);
      out->taken = out->unresolved = NULL;
      return RO_ENOMEM;
    }
  for (size_t j = 0; j <= k; j++)
    mpq_inits (out->taken[j], out->unresolved[j], (mpq_ptr) 0);
  int rc = RO_OK;
  for (size_t i = 0; i < k && rc == RO_OK; i++)
    rc = chain_rounds_stops (out, c, &l[i], i, den);
  if (rc == RO_OK)
    rc = chain_rounds_armies (out, &l[k - 1], den);
  return rc;
}

int
ro_chain_rounds (ro_chain_t *out, const ro_rules_t *rules, unsigned long a,
                 const unsigned long *d, size_t k, unsigned long rounds)
{
  int rc = chain_rounds_check (rules, a, d, k, rounds);
  if (rc != RO_OK)
    return rc;
  unsigned long f0 = ro_rules_fighting (&rules[0], a);
  rounds = chain_rounds_most (rounds, f0, d, k);
  chain_rounds_t c;
  rc = chain_rounds_open (&c, rules, f0, d, k);
  if (rc != RO_OK)
    return rc;
  mpz_t den, scale, w;
  mpz_inits (den, scale, w, (mpz_ptr) 0);
  mpz_pow_ui (den, c.total, rounds);
  mpz_set_ui (*layer_at (&c.l[0][0], f0, d[0]), 1);
  unsigned cur = 0;
  ro_progress (0, (double) rounds);
  for (unsigned long n = 0; n < rounds; n++, cur ^= 1)
    {
      chain_rounds_step (&c, c.l[cur ^ 1], c.l[cur], scale, w);
      ro_progress ((double) n + 1, (double) rounds);
    }
  ro_chain_clear (out);
  rc = chain_rounds_collect (out, &c, c.l[cur], den);
  mpz_clears (den, scale, w, (mpz_ptr) 0);
  chain_rounds_free (&c, k, 2 * k);
  return rc;
}

int
ro_chain_rounds_memory (double *bytes, const ro_rules_t *rules,
                        unsigned long a, const unsigned long *d, size_t k,
                        unsigned long rounds)
{
  int rc = chain_rounds_check (rules, a, d, k, rounds);
  if (rc != RO_OK)
    return rc;
  unsigned long f0 = ro_rules_fighting (&rules[0], a);
  double n = chain_rounds_most (rounds, f0, d, k);
  mpz_t t;
  mpz_init (t);
  chain_total (t, rules, k);
  double bits = n * (double) mpz_sizeinbase (t, 2);
  mpz_clear (t);
  double cells = 0;
  for (size_t i = 0; i < k; i++)
    cells += (f0 + 1.0) * (d[i] + 1.0);
  /* Two layers of numerators of up to BITS bits, and the stops.  */
  *bytes = 3 * cells * (sizeof (mpz_t) + bits / 8 + 16)
    + k * (2 * sizeof (ro_model_t) + 64) + 65536;
  return RO_OK;
}
