/* battle.c -- exact P(attacker conquers), by the engine that fits */

#include <config.h>

#include "riskodds-impl.h"

/* Where a battle enters the library: its rules are checked once, then
   compiled into the model that the engine (recursion.c, strip.c)
   reads.  */

int
ro_method_applies (const ro_rules_t *rules, ro_method_t method)
{
  if (method == RO_METHOD_AUTO || method == RO_METHOD_RECURSION)
    return 1;
  /* The strip engine's only case (strip.c), and the split engine's,
     which hands what it does not take to the strip (split.c).  */
  return (method == RO_METHOD_STRIP || method == RO_METHOD_SPLIT)
    && ro_rules_plain (rules);
}

ro_method_t
ro_method_choose (const ro_rules_t *rules, ro_method_t method)
{
  return ro_engine_method (ro_rules_plain (rules), method);
}

/* The checks every battle function makes.  */
static int
battle_check (const ro_rules_t *rules, unsigned long a, unsigned long d,
              ro_method_t method)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  if (method != RO_METHOD_AUTO && method != RO_METHOD_RECURSION
      && method != RO_METHOD_STRIP && method != RO_METHOD_SPLIT)
    return RO_EINVAL;
  if (!ro_method_applies (rules, method))
    return RO_EINVAL;
  return RO_OK;
}

int
ro_battle_win_method (mpq_t win, const ro_rules_t *rules, unsigned long a,
                      unsigned long d, ro_method_t method)
{
  int rc = battle_check (rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  /* A battle over before a roll needs no counts (and no classes of
     rolls, which some rules have too many of).  */
  ro_model_t model;
  ro_model_compile (&model, rules);
  unsigned long f = ro_model_fighting (&model, a);
  int end = ro_model_ended (&model, f, d);
  if (end != 0)
    {
      mpq_set_ui (win, end > 0, 1);
      return RO_OK;
    }
  rc = ro_model_count (&model);
  if (rc != RO_OK)
    return rc;
  rc = ro_engine_win (win, &model, f, d, method);
  ro_model_clear (&model);
  return rc;
}

int
ro_battle_win (mpq_t win, const ro_rules_t *rules,
               unsigned long a, unsigned long d)
{
  return ro_battle_win_method (win, rules, a, d, RO_METHOD_AUTO);
}

/* The memory of one battle by METHOD, with its ends when ENDS.  */
static int
battle_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
               unsigned long d, ro_method_t method, int ends)
{
  int rc = battle_check (rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  return ro_engine_memory (bytes, rules, a, d, method, ends);
}

int
ro_battle_memory_method (double *bytes, const ro_rules_t *rules,
                         unsigned long a, unsigned long d,
                         ro_method_t method)
{
  return battle_memory (bytes, rules, a, d, method, 0);
}

int
ro_battle_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
                  unsigned long d)
{
  return battle_memory (bytes, rules, a, d, RO_METHOD_AUTO, 0);
}

int
ro_battle_dist_memory (double *bytes, const ro_rules_t *rules,
                       unsigned long a, unsigned long d, ro_method_t method)
{
  return battle_memory (bytes, rules, a, d, method, 1);
}
