/* riskodds-impl.h -- internal declarations shared by the library's files */

#ifndef RISKODDS_IMPL_H
#define RISKODDS_IMPL_H

#include "riskodds.h"

/* The transition model of a rule set: the outcome counts of every
   (attack dice, defence dice) pair the battle can use, computed once per
   battle.  round[na][nd] is valid for 1 <= na <= attack_dice and
   1 <= nd <= defend_dice.  */
typedef struct
{
  ro_rules_t rules;
  ro_round_t round[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
} ro_model_t;

int ro_model_init (ro_model_t *model, const ro_rules_t *rules);
void ro_model_clear (ro_model_t *model);

/* The number of armies that can fight for a count A under RULES: A - 1
   in the territory convention, A in the attackers convention.  The
   solvers work on this "fighting" count only.  */
unsigned long ro_rules_fighting (const ro_rules_t *rules, unsigned long a);

#endif /* RISKODDS_IMPL_H */
