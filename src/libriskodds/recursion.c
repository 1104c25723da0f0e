/* recursion.c -- the recursion over every state of a battle, and the
   exact engine that fits one battle */

#include <config.h>

#include "riskodds-impl.h"

/* The recursion walks f upwards over the states of solver.c, so every
   child of a state is known before the state (ro_solver_state).  It
   reads the model alone: the rules were checked and compiled where they
   entered the library.  */

/* Fill state (f, d) from its children, all of which are already known.  */
void
ro_solve_state (ro_solver_t *s, unsigned long f, unsigned long d)
{
  ro_cell_t *x = ro_solver_cell (s, f, d);
  const ro_model_t *m = s->model;

  int end = ro_model_ended (m, f, d);
  if (end != 0)
    {
      /* The defender is down to the goal (the attacker has won, even
         with nothing left to fight), or the attacker cannot roll or has
         reached his stop.  */
      mpz_set_ui (x->n, end > 0);
      x->e[0] = x->e[1] = 0;
      return;
    }
  if (m->c.optimizing)
    {
      ro_policy_state (s, f, d);
      return;
    }
  ro_solver_state (s, f, d, &m->step[ro_model_attack_dice (m, f)]
                   [ro_model_defend_dice (m, d)]);
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
reachable (const ro_model_t *m, unsigned long f, unsigned long d,
           unsigned long i, unsigned long j)
{
  const ro_rules_t *rules = &m->rules;
  if (!m->c.plain)
    return 1;                   /* a round may cost fewer armies */
  int full = i >= rules->attack_dice && j >= rules->defend_dice;
  int start_full = f >= rules->attack_dice && d >= rules->defend_dice;
  if (!full)
    return 1;
  return start_full && ((f - i) + (d - j)) % m->c.max_loss == 0;
}

/* P(win) of F fighting armies against D by the recursion, with the
   policy work space when a choice depends on P(win).  */
static int
recursion_win (mpq_t win, const ro_model_t *m, unsigned long f,
               unsigned long d)
{
  ro_solver_t s;
  int rc = ro_solver_init (&s, m, d);
  if (rc == RO_OK && m->c.optimizing && (rc = ro_policy_open (&s)) != RO_OK)
    ro_solver_clear (&s);
  if (rc != RO_OK)
    return rc;
  double total = ro_progress_rows (f + 1, d);
  ro_progress (0, total);
  for (unsigned long i = 0; i <= f; i++)
    {
      for (unsigned long j = 0; j <= d; j++)
        if (reachable (m, f, d, i, j))
          ro_solve_state (&s, i, j);
      ro_progress (ro_progress_rows (i + 1, d), total);
    }
  ro_solver_get_q (win, &s, ro_solver_cell (&s, f, d));
  ro_policy_close (&s);
  ro_solver_clear (&s);
  return RO_OK;
}

/* The strip engine when both sides roll their most dice (its only
   case), else the recursion: here, below the results, so that a battle
   (battle.c), a distribution (dist.c) and the cells that certified
   decimals cannot decide (interval.c) choose alike.  */
ro_method_t
ro_engine_method (int plain, ro_method_t method)
{
  if (method != RO_METHOD_AUTO)
    return method;
  return plain ? RO_METHOD_STRIP : RO_METHOD_RECURSION;
}

unsigned long
ro_split_crossover (unsigned l)
{
  /* Times RO_SPLIT_CROSSOVER by the armies a round can cost.  */
  static const unsigned long times[] = { 1, 1, 1, 3, 12, 200 };
  return RO_SPLIT_CROSSOVER * times[l < 5 ? l : 5];
}

ro_method_t
ro_engine_method_battle (int plain, unsigned l, ro_method_t method,
                         unsigned long f, unsigned long d)
{
  if (method != RO_METHOD_AUTO)
    return method;
  method = ro_engine_method (plain, method);
  if (method == RO_METHOD_STRIP && f + d >= ro_split_crossover (l))
    return RO_METHOD_SPLIT;
  return method;
}

int
ro_engine_win (mpq_t win, const ro_model_t *m, unsigned long f,
               unsigned long d, ro_method_t method)
{
  int end = ro_model_ended (m, f, d);
  if (end != 0)
    {
      mpq_set_ui (win, end > 0, 1);
      return RO_OK;
    }
  method = ro_engine_method_battle (m->c.plain, m->c.max_loss, method, f,
                                    d);
  if (method == RO_METHOD_SPLIT)
    return ro_split_solve (win, m, f, d);
  if (method == RO_METHOD_STRIP)
    return ro_strip_solve (win, m, f, d, NULL, NULL);
  return recursion_win (win, m, f, d);
}

int
ro_engine_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
                  unsigned long d, ro_method_t method, int ends)
{
  unsigned long f = ro_rules_fighting (rules, a);
  int end = ro_rules_ended (rules, f, d);
  ro_method_t e = ro_engine_method (ro_rules_plain (rules), method);
  if (end == 0 && !ends)
    e = ro_engine_method_battle (ro_rules_plain (rules),
                                 ro_rules_max_attacker_loss (rules), method,
                                 f, d);
  if (end == 0 && e == RO_METHOD_SPLIT && !ends)
    {
      *bytes = ro_split_memory (rules, f, d);
      return RO_OK;
    }
  if (end == 0 && (e == RO_METHOD_STRIP || e == RO_METHOD_SPLIT))
    {
      *bytes = ro_strip_memory (rules, f, d, ends);
      return RO_OK;
    }
  int rc = ro_solver_memory (bytes, rules, a, d);
  /* The forward pass's ends, beside its ring of rows.  */
  if (rc == RO_OK && ends && end == 0)
    *bytes += ro_ends_memory (rules, f, d);
  return rc;
}
