/* model.c -- the transition model of a rule set: every round a battle uses */

#include <config.h>

#include "riskodds-impl.h"

int
ro_model_init (ro_model_t *model, const ro_rules_t *rules)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  model->rules = *rules;
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      ro_round_init (&model->round[na][nd]);
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        rc = ro_round_count (&model->round[na][nd], rules, na, nd);
        if (rc != RO_OK)
          {
            ro_model_clear (model);
            return rc;
          }
      }
  return RO_OK;
}

void
ro_model_clear (ro_model_t *model)
{
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      ro_round_clear (&model->round[na][nd]);
}
