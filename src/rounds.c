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
  unsigned na = f < r->attack_dice ? (unsigned) f : r->attack_dice;
  unsigned nd = d < r->defend_dice ? (unsigned) d : r->defend_dice;
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
  const ro_rules_t *r = &m->rules;
  size_t n = (size_t) (to->f0 + 1) * (to->d0 + 1);
  for (size_t k = 0; k < n; k++)
    mpz_set_ui (to->cell[k], 0);
  for (unsigned long f = 0; f <= from->f0; f++)
    for (unsigned long d = 0; d <= from->d0; d++)
      {
        const mpz_t *c = layer_at (from, f, d);
        if (mpz_sgn (*c) == 0)
          continue;
        if (ro_rules_ended (r, f, d) != 0)
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
rounds_collect (ro_dist_t *dist, const layer_t *l, const ro_rules_t *r,
                const mpz_t den)
{
  size_t n = 0;
  for (unsigned long f = 0; f <= l->f0; f++)
    for (unsigned long d = 0; d <= l->d0; d++)
      n += mpz_sgn (*layer_at (l, f, d)) != 0;
  dist->outcome = malloc ((n + 1) * sizeof *dist->outcome);
  if (dist->outcome == NULL)
    return RO_ENOMEM;
  unsigned long behind = r->count == RO_COUNT_TERRITORY;
  for (unsigned long f = 0; f <= l->f0; f++)
    for (unsigned long d = 0; d <= l->d0; d++)
      {
        const mpz_t *c = layer_at (l, f, d);
        if (mpz_sgn (*c) == 0)
          continue;
        ro_outcome_t *o = &dist->outcome[dist->n++];
        int end = ro_rules_ended (r, f, d);
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
  mpz_ui_pow_ui (total, rules->attack_sides, rules->attack_dice);
  mpz_ui_pow_ui (w, rules->defend_sides, rules->defend_dice);
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
  rc = rounds_collect (dist, &l[k], rules, den);
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
  double bits = n * (rules->attack_dice * log2 (rules->attack_sides)
                     + rules->defend_dice * log2 (rules->defend_sides));
  /* Two layers of numerators of up to BITS bits, and the ends.  */
  double cells = (f0 + 1) * ((double) d + 1);
  *bytes = 3 * cells * (sizeof (mpz_t) + bits / 8 + 16) + 65536;
  return RO_OK;
}
