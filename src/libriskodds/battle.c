/* battle.c -- exact P(attacker conquers), by the engine that fits */

#include <config.h>

#include "riskodds-impl.h"

/* The recursion walks f upwards over the states of solver.c, so every
   child of a state is known before the state (ro_solver_state).  */

/* Fill state (f, d) from its children, all of which are already known.  */
void
ro_solve_state (ro_solver_t *s, unsigned long f, unsigned long d)
{
  ro_cell_t *x = ro_solver_cell (s, f, d);
  const ro_rules_t *rules = &s->model->rules;

  int end = ro_rules_ended (rules, f, d);
  if (end != 0)
    {
      /* The defender is down to the goal (the attacker has won, even
         with nothing left to fight), or the attacker cannot roll or has
         reached his stop.  */
      mpz_set_ui (x->n, end > 0);
      x->e[0] = x->e[1] = 0;
      return;
    }
  if (ro_rules_optimizing (rules))
    {
      ro_policy_state (s, f, d);
      return;
    }

  unsigned na = f < rules->attack_dice ? (unsigned) f : rules->attack_dice;
  unsigned nd = d < rules->defend_dice ? (unsigned) d : rules->defend_dice;
  ro_solver_state (s, f, d, &s->model->step[na][nd]);
}

/* Whether state (I, J) can occur in the battle that starts at (F, D).
   Only "full" states, where both sides roll their most dice, are ever
   ruled out: every round between full states costs exactly m = min(most
   attack dice, most defence dice) armies, and no path returns to a full
   state once it has left them (armies never grow), so a full state is
   reachable exactly when the start is full and (F - I) + (D - J) is a
   multiple of m (Mittal et al. make the same observation for m = 2).
   This skips about half of the work; the other states are few and are
   all computed.  A reachable state's children are reachable, so no
   skipped state is ever read.  */
static int
reachable (const ro_rules_t *rules, unsigned long f, unsigned long d,
           unsigned long i, unsigned long j)
{
  unsigned m = ro_rules_max_attacker_loss (rules);
  if (!ro_rules_plain (rules))
    return 1;                   /* a round may cost fewer armies */
  int full = i >= rules->attack_dice && j >= rules->defend_dice;
  int start_full = f >= rules->attack_dice && d >= rules->defend_dice;
  if (!full)
    return 1;
  return start_full && ((f - i) + (d - j)) % m == 0;
}

/* The model of RULES and a solver for D + 1 columns, with the policy
   work space when a choice depends on P(win); on failure nothing is left
   to clear.  */
static int
battle_open (ro_model_t *model, ro_solver_t *s, const ro_rules_t *rules,
             unsigned long d)
{
  int rc = ro_solver_open (model, s, rules, d);
  if (rc != RO_OK || !ro_rules_optimizing (rules))
    return rc;
  rc = ro_policy_open (s);
  if (rc != RO_OK)
    ro_solver_close (model, s);
  return rc;
}

static void
battle_close (ro_model_t *model, ro_solver_t *s)
{
  ro_policy_close (s);
  ro_solver_close (model, s);
}

int
ro_method_applies (const ro_rules_t *rules, ro_method_t method)
{
  if (method == RO_METHOD_AUTO || method == RO_METHOD_RECURSION)
    return 1;
  return method == RO_METHOD_STRIP && ro_strip_applies (rules);
}

ro_method_t
ro_method_choose (const ro_rules_t *rules, ro_method_t method)
{
  if (method != RO_METHOD_AUTO)
    return method;
  return ro_strip_applies (rules) ? RO_METHOD_STRIP : RO_METHOD_RECURSION;
}

/* The checks every battle function makes; *F gets the fighting armies
   and *END whether the battle is over before a roll (as
   ro_rules_ended).  */
static int
battle_check (unsigned long *f, int *end, const ro_rules_t *rules,
              unsigned long a, unsigned long d, ro_method_t method)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  if (method != RO_METHOD_AUTO && method != RO_METHOD_RECURSION
      && method != RO_METHOD_STRIP)
    return RO_EINVAL;
  if (!ro_method_applies (rules, method))
    return RO_EINVAL;
  *f = ro_rules_fighting (rules, a);
  *end = ro_rules_ended (rules, *f, d);
  return RO_OK;
}

/* P(win) of F fighting armies against D by the recursion.  */
static int
recursion_win (mpq_t win, const ro_rules_t *rules, unsigned long f,
               unsigned long d)
{
  ro_model_t model;
  ro_solver_t s;
  int rc = battle_open (&model, &s, rules, d);
  if (rc != RO_OK)
    return rc;
  double total = ro_progress_rows (f + 1, d);
  ro_progress (0, total);
  for (unsigned long i = 0; i <= f; i++)
    {
      for (unsigned long j = 0; j <= d; j++)
        if (reachable (rules, f, d, i, j))
          ro_solve_state (&s, i, j);
      ro_progress (ro_progress_rows (i + 1, d), total);
    }
  ro_solver_get_q (win, &s, ro_solver_cell (&s, f, d));
  battle_close (&model, &s);
  return RO_OK;
}

int
ro_battle_win_method (mpq_t win, const ro_rules_t *rules, unsigned long a,
                      unsigned long d, ro_method_t method)
{
  unsigned long f;
  int end, rc = battle_check (&f, &end, rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  if (end != 0)
    {
      mpq_set_ui (win, end > 0, 1);
      return RO_OK;
    }
  if (ro_method_choose (rules, method) == RO_METHOD_STRIP)
    return ro_strip_solve (win, rules, f, d, NULL, NULL);
  return recursion_win (win, rules, f, d);
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
  unsigned long f;
  int end, rc = battle_check (&f, &end, rules, a, d, method);
  if (rc != RO_OK)
    return rc;
  if (end == 0 && ro_method_choose (rules, method) == RO_METHOD_STRIP)
    {
      *bytes = ro_strip_memory (rules, f, d, ends);
      return RO_OK;
    }
  rc = ro_solver_memory (bytes, rules, a, d);
  /* The forward pass's ends, beside its ring of rows.  */
  if (rc == RO_OK && ends && end == 0)
    *bytes += ro_ends_memory (rules, f, d);
  return rc;
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
