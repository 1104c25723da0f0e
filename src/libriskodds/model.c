/* model.c -- the transition model of a rule set: every round a battle uses */

#include <config.h>

#include <stdlib.h>

#include "riskodds-impl.h"

void
ro_step_init (ro_step_t *step)
{
  step->na = step->nd = step->n = 0;
  for (unsigned i = 0; i < RO_STEP_MAX; i++)
    mpz_init (step->count[i]);
}

void
ro_step_clear (ro_step_t *step)
{
  for (unsigned i = 0; i < RO_STEP_MAX; i++)
    mpz_clear (step->count[i]);
}

/* Add C to the outcome (K, L) of STEP, making it when it is new.  */
static void
step_add (ro_step_t *step, unsigned k, unsigned l, const mpz_t c)
{
  unsigned i = 0;
  while (i < step->n && (step->lose_a[i] != k || step->lose_d[i] != l))
    i++;
  if (i == step->n)
    {
      step->n++;
      step->lose_a[i] = (unsigned char) k;
      step->lose_d[i] = (unsigned char) l;
      mpz_set_ui (step->count[i], 0);
    }
  mpz_add (step->count[i], step->count[i], c);
}

/* The step of a defender who rolls all his dice: the round itself.  */
static void
step_of_round (ro_step_t *step, const ro_round_t *r)
{
  step->na = r->attack_dice;
  step->nd = r->defend_dice;
  step->n = 0;
  for (unsigned k = 0; k <= r->comparisons; k++)
    if (mpz_sgn (r->count[k]) != 0)
      step_add (step, k, r->comparisons - k, r->count[k]);
}

void
ro_step_add_answer (ro_step_t *step, const ro_rules_t *rules, unsigned n1,
                    const unsigned long *cnt, unsigned long weight,
                    mpz_t tmp)
{
  unsigned m = step->na < n1 ? step->na : n1;
  for (unsigned k = 0; k <= m; k++)
    if (cnt[k] != 0)
      {
        mpz_ui_pow_ui (tmp, rules->defend_sides, step->nd - n1);
        mpz_mul_ui (tmp, tmp, cnt[k]);
        mpz_mul_ui (tmp, tmp, weight);
        step_add (step, k, m - k, tmp);
      }
}

/* The step of Wieringa's defender, who may roll up to ND dice: each roll
   class answered as his rules say, over defend_sides^ND.  */
static void
step_of_wieringa (ro_step_t *step, const ro_rules_t *rules, unsigned na,
                  unsigned nd, const ro_answers_t *ans)
{
  const ro_rolls_t *r = &ans->rolls;
  mpz_t c;
  mpz_init (c);
  step->na = na;
  step->nd = nd;
  step->n = 0;
  for (size_t i = 0; i < r->n; i++)
    {
      unsigned n1 = ro_wieringa_dice (rules, na, r->top + i * r->shown, nd);
      ro_step_add_answer (step, rules, n1, ro_answers_count (ans, i, n1),
                          r->weight[i], c);
    }
  mpz_clear (c);
}

/* The step of Wieringa's defender as his figures apply his rules: rule
   (3) reads the attacker's second die as rolled, so every ordered roll
   of the attacker is answered on its own (ro_rules_rolls bounds them).
   The dice of ROLL run as an odometer, the first die slowest.  */
static int
step_of_wieringa_rolled (ro_step_t *step, const ro_rules_t *rules,
                         unsigned na, unsigned nd)
{
  unsigned char roll[RO_DICE_MAX], top[RO_DICE_MAX];
  unsigned long cnt[RO_DICE_MAX + 1];
  int rc = RO_OK;
  mpz_t c;
  mpz_init (c);
  step->na = na;
  step->nd = nd;
  step->n = 0;
  for (unsigned j = 0; j < na; j++)
    roll[j] = 1;
  for (;;)
    {
      for (unsigned j = 0; j < na; j++)
        top[j] = roll[j];
      for (unsigned j = 1; j < na; j++)     /* sort descending */
        for (unsigned t = j; t > 0 && top[t] > top[t - 1]; t--)
          {
            unsigned char x = top[t];
            top[t] = top[t - 1];
            top[t - 1] = x;
          }
      unsigned n1 = ro_wieringa_dice (rules, na, roll, nd);
      rc = ro_rolls_answer_valid (cnt, rules, na, top, n1);
      if (rc != RO_OK)
        break;
      ro_step_add_answer (step, rules, n1, cnt, 1, c);
      unsigned j = na;
      while (j > 0 && roll[j - 1] == rules->attack_sides)
        roll[--j] = 1;
      if (j == 0)
        break;
      roll[j - 1]++;
    }
  mpz_clear (c);
  return rc;
}

static void
answers_init (ro_answers_t *a)
{
  ro_rolls_init (&a->rolls);
  a->answer = NULL;
}

static void
answers_clear (ro_answers_t *a)
{
  ro_rolls_clear (&a->rolls);
  free (a->answer);
  a->answer = NULL;
}

/* The roll classes of NA against up to ND dice and every answer's
   outcome counts.  */
static int
answers_make (ro_answers_t *a, const ro_rules_t *rules, unsigned na,
              unsigned nd)
{
  int rc = ro_rolls_valid (&a->rolls, rules, na, nd);
  if (rc != RO_OK)
    return rc;
  a->answer = calloc (a->rolls.n * nd * (RO_DICE_MAX + 1),
                      sizeof *a->answer);
  if (a->answer == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < a->rolls.n && rc == RO_OK; i++)
    for (unsigned n1 = 1; n1 <= nd && rc == RO_OK; n1++)
      rc = ro_rolls_answer_valid ((unsigned long *)
                                  ro_answers_count (a, i, n1), rules, na,
                                  a->rolls.top + i * a->rolls.shown, n1);
  return rc;
}

const unsigned long *
ro_answers_count (const ro_answers_t *a, size_t i, unsigned n1)
{
  return a->answer + (i * a->rolls.defend_dice + n1 - 1) * (RO_DICE_MAX + 1);
}

/* Bring ROUND, counted over every die's own faces, to attack_sides^NA
   * defend_sides^ND of the rules the engines see: under mixed dice a
   side of two kinds has 24 sides there (ro_rules_effective), and each
   of its d8 (d6) counts 3 (4) times.  The same counts otherwise.  */
static void
round_to_bases (ro_round_t *round, const ro_rules_t *rules)
{
  mpz_t want, f;
  mpz_inits (want, f, (mpz_ptr) 0);
  mpz_ui_pow_ui (want, rules->attack_sides, round->attack_dice);
  mpz_ui_pow_ui (f, rules->defend_sides, round->defend_dice);
  mpz_mul (want, want, f);
  if (mpz_cmp (want, round->total) != 0)
    {
      mpz_divexact (f, want, round->total);
      for (unsigned k = 0; k <= round->comparisons; k++)
        mpz_mul (round->count[k], round->count[k], f);
      mpz_set (round->total, want);
    }
  mpz_clears (want, f, (mpz_ptr) 0);
}

static int
model_fill (ro_model_t *model, const ro_rules_t *rules)
{
  int rc = RO_OK;
  if (rules->defender != RO_DEFENDER_MAX)
    rc = ro_rules_rolls (rules) > RO_ROLLS_MAX ? RO_ERANGE : RO_OK;
  for (unsigned na = 1; na <= rules->attack_dice && rc == RO_OK; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice && rc == RO_OK; nd++)
      {
        rc = ro_round_count_valid (&model->round[na][nd], rules, na, nd);
        if (rc == RO_OK)
          round_to_bases (&model->round[na][nd], rules);
        if (rc != RO_OK || rules->defender == RO_DEFENDER_MAX)
          continue;
        ro_answers_t *a = &model->answers[na][nd];
        rc = answers_make (a, rules, na, nd);
        if (a->rolls.n > model->most_rolls)
          model->most_rolls = a->rolls.n;
      }
  for (unsigned na = 1; na <= rules->attack_dice && rc == RO_OK; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice && rc == RO_OK; nd++)
      if (rules->defender == RO_DEFENDER_WIERINGA)
        step_of_wieringa (&model->step[na][nd], rules, na, nd,
                          &model->answers[na][nd]);
      else if (rules->defender == RO_DEFENDER_WIERINGA_ROLLED)
        rc = step_of_wieringa_rolled (&model->step[na][nd], rules, na, nd);
      else
        step_of_round (&model->step[na][nd], &model->round[na][nd]);
  return rc;
}

/* The rules are not checked again here: every caller is a public
   function that checked them on the way in.  From here on the model's
   own copy is read, never the caller's rules.  */
void
ro_model_compile (ro_model_t *model, const ro_rules_t *rules)
{
  ro_rules_effective (&model->rules, rules);
  ro_rules_compile (&model->c, &model->rules);
}

int
ro_model_count (ro_model_t *model)
{
  model->most_rolls = 0;
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      {
        ro_round_init (&model->round[na][nd]);
        ro_step_init (&model->step[na][nd]);
        answers_init (&model->answers[na][nd]);
      }
  int rc = model_fill (model, &model->rules);
  if (rc != RO_OK)
    ro_model_clear (model);
  return rc;
}

int
ro_model_init (ro_model_t *model, const ro_rules_t *rules)
{
  ro_model_compile (model, rules);
  return ro_model_count (model);
}

void
ro_model_clear (ro_model_t *model)
{
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      {
        ro_round_clear (&model->round[na][nd]);
        ro_step_clear (&model->step[na][nd]);
        answers_clear (&model->answers[na][nd]);
      }
}

int
ro_round_policy (mpz_t count[RO_DICE_MAX + 1][RO_DICE_MAX + 1], mpz_t total,
                 const ro_rules_t *rules, unsigned na, unsigned nd)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  if (na < 1 || na > rules->attack_dice || nd < 1 || nd > rules->defend_dice
      || rules->defender == RO_DEFENDER_OPTIMAL)
    return RO_EINVAL;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  const ro_step_t *step = &model.step[na][nd];
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_set_ui (count[k][l], 0);
  for (unsigned i = 0; i < step->n; i++)
    mpz_set (count[step->lose_a[i]][step->lose_d[i]], step->count[i]);
  mpz_set (total, model.round[na][nd].total);
  ro_model_clear (&model);
  /* Mixed dice: back from the engines' bases to every die's faces.  */
  ro_round_t real;
  ro_round_init (&real);
  rc = ro_round_count_valid (&real, rules, na, nd);
  if (rc == RO_OK && mpz_cmp (real.total, total) != 0)
    {
      mpz_divexact (total, total, real.total);
      for (unsigned k = 0; k <= RO_DICE_MAX; k++)
        for (unsigned l = 0; l <= RO_DICE_MAX; l++)
          mpz_divexact (count[k][l], count[k][l], total);
      mpz_set (total, real.total);
    }
  ro_round_clear (&real);
  return rc;
}
