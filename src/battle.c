/* battle.c -- exact P(attacker conquers) by a recursion on integers */

#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* The recursion never divides.  Every state's probability is kept as an
   integer numerator N over the denominator base[0]^e[0] * base[1]^e[1],
   where base[] are the sides of the dice (one base when both sides roll
   the same dice, two otherwise).  For a state that rolls na against nd
   dice, e = (dice of one round) + max over its children of the child's e,
   so every child's numerator is brought to the common denominator by a
   non-negative power of the bases, and each state costs one
   mpz_addmul_ui per outcome: linear in the size of the numbers, with no
   gcd.  The fraction is reduced only when it is reported.

   States are (f, d): f armies able to fight, d defending.  The solver
   walks f upwards and keeps only the rows f-L .. f, L being the most
   armies the attacker can lose in one round, so a single query needs
   memory for L+1 rows of D+1 states, not the whole grid.  */

ro_cell_t *
ro_solver_cell (ro_solver_t *s, unsigned long f, unsigned long d)
{
  return &s->cell[(f % s->rows) * s->cols + d];
}

/* The exponents of the bases that one round of NA against ND dice adds
   to the denominator.  */
void
ro_solver_round_exponents (unsigned long r[2], const ro_solver_t *s,
                 unsigned na, unsigned nd)
{
  if (s->base[1] == 1)
    {
      r[0] = na + nd;
      r[1] = 0;
    }
  else
    {
      r[0] = na;
      r[1] = nd;
    }
}

/* B^K * C in *OUT, or 0 when it does not fit an unsigned long.  */
static int
small_multiplier (unsigned long *out, const mpz_t c, unsigned long b0,
                  unsigned long k0, unsigned long b1, unsigned long k1)
{
  if (!mpz_fits_ulong_p (c))
    return 0;
  unsigned long m = mpz_get_ui (c);
  for (unsigned long t = 0; t < k0; t++)
    if (__builtin_mul_overflow (m, b0, &m))
      return 0;
  for (unsigned long t = 0; t < k1; t++)
    if (__builtin_mul_overflow (m, b1, &m))
      return 0;
  *out = m;
  return 1;
}

/* N += C * base[0]^K[0] * base[1]^K[1] * CHILD.  */
void
ro_solver_add_scaled (ro_solver_t *s, mpz_t n, const mpz_t c,
                      const unsigned long k[2], const mpz_t child)
{
  unsigned long m;
  if (small_multiplier (&m, c, s->base[0], k[0], s->base[1], k[1]))
    {
      mpz_addmul_ui (n, child, m);
      return;
    }
  mpz_t t;
  mpz_init (t);
  mpz_ui_pow_ui (s->big, s->base[0], k[0]);
  mpz_ui_pow_ui (t, s->base[1], k[1]);
  mpz_mul (s->big, s->big, t);
  mpz_mul (s->big, s->big, c);
  mpz_addmul (n, child, s->big);
  mpz_clear (t);
}

/* Fill state (f, d) from its children, all of which are already known.  */
static void
solve_state (ro_solver_t *s, unsigned long f, unsigned long d)
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
  const ro_step_t *r = &s->model->step[na][nd];
  unsigned long re[2], e[2] = { 0, 0 };
  int any = 0;

  /* Outcome i: the attacker loses lose_a[i] armies, the defender
     lose_d[i].  Children that are certain losses contribute nothing and
     do not widen the denominator.  */
  for (unsigned i = 0; i < r->n; i++)
    {
      const ro_cell_t *c = ro_solver_cell (s, f - r->lose_a[i],
                                           d - r->lose_d[i]);
      if (mpz_sgn (c->n) == 0)
        continue;
      for (int b = 0; b < 2; b++)
        if (!any || c->e[b] > e[b])
          e[b] = c->e[b];
      any = 1;
    }
  mpz_set_ui (x->n, 0);
  x->e[0] = x->e[1] = 0;
  if (!any)
    return;

  ro_solver_round_exponents (re, s, na, nd);
  x->e[0] = e[0] + re[0];
  x->e[1] = e[1] + re[1];
  for (unsigned i = 0; i < r->n; i++)
    {
      const ro_cell_t *c = ro_solver_cell (s, f - r->lose_a[i],
                                           d - r->lose_d[i]);
      if (mpz_sgn (c->n) == 0)
        continue;
      unsigned long sh[2] = { e[0] - c->e[0], e[1] - c->e[1] };
      ro_solver_add_scaled (s, x->n, r->count[i], sh, c->n);
    }
}

int
ro_solver_init (ro_solver_t *s, const ro_model_t *model, unsigned long d)
{
  const ro_rules_t *rules = &model->rules;
  s->model = model;
  if (rules->attack_sides == rules->defend_sides)
    {
      s->base[0] = rules->attack_sides;
      s->base[1] = 1;
    }
  else
    {
      s->base[0] = rules->attack_sides;
      s->base[1] = rules->defend_sides;
    }
  s->rows = ro_rules_max_attacker_loss (rules) + 1;
  s->cols = d + 1;
  s->cell = malloc (s->rows * s->cols * sizeof *s->cell);
  s->scratch = malloc (model->most_rolls + 1);
  if (s->cell == NULL || s->scratch == NULL)
    {
      free (s->cell);
      free (s->scratch);
      return RO_ENOMEM;
    }
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpz_init (s->cell[i].n);
  mpz_init (s->big);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_init (s->child[k][l]);
  mpz_inits (s->value, s->best, s->one, (mpz_ptr) 0);
  mpz_set_ui (s->one, 1);
  for (unsigned n = 0; n <= RO_DICE_MAX; n++)
    mpz_init (s->answer[n]);
  ro_step_init (&s->step);
  s->plan = NULL;
  return RO_OK;
}

void
ro_solver_clear (ro_solver_t *s)
{
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpz_clear (s->cell[i].n);
  free (s->cell);
  free (s->scratch);
  mpz_clear (s->big);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_clear (s->child[k][l]);
  mpz_clears (s->value, s->best, s->one, (mpz_ptr) 0);
  for (unsigned n = 0; n <= RO_DICE_MAX; n++)
    mpz_clear (s->answer[n]);
  ro_step_clear (&s->step);
}

int
ro_solver_open (ro_model_t *model, ro_solver_t *s, const ro_rules_t *rules,
                unsigned long d)
{
  int rc = ro_model_init (model, rules);
  if (rc != RO_OK)
    return rc;
  rc = ro_solver_init (s, model, d);
  if (rc != RO_OK)
    ro_model_clear (model);
  return rc;
}

void
ro_solver_close (ro_model_t *model, ro_solver_t *s)
{
  ro_solver_clear (s);
  ro_model_clear (model);
}

/* WIN = N / (base[0]^e[0] * base[1]^e[1]), reduced.  */
void
ro_solver_get_q (mpq_t win, const ro_solver_t *s, const ro_cell_t *x)
{
  mpz_t t;
  mpz_init (t);
  mpz_set (mpq_numref (win), x->n);
  mpz_ui_pow_ui (mpq_denref (win), s->base[0], x->e[0]);
  mpz_ui_pow_ui (t, s->base[1], x->e[1]);
  mpz_mul (mpq_denref (win), mpq_denref (win), t);
  mpq_canonicalize (win);
  mpz_clear (t);
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

/* Each round of na against nd dice costs min(na, nd) armies and adds
   na (resp. nd) to the exponent of the attacker's (defender's) sides, or
   na + nd to the one exponent when both roll the same dice.  A path loses
   at most f + d armies, so no denominator, and no numerator, has more
   than (f + d) times the bits per army returned here: a bound, monotone in
   a and d, not a guess.  */
static double
bits_per_army (const ro_rules_t *rules)
{
  double la = log2 (rules->attack_sides), ld = log2 (rules->defend_sides);
  /* Under a policy every round is brought to the denominator of the
     most dice, and may cost a single army.  */
  if (!ro_rules_plain (rules))
    return rules->attack_dice * la + rules->defend_dice * ld;
  double both = 0, ra = 0, rd = 0;
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        double m = na < nd ? na : nd;
        both = fmax (both, (na * la + nd * ld) / m);
        ra = fmax (ra, na / m);
        rd = fmax (rd, nd / m);
      }
  /* With two bases the two exponents are maxima over different paths.  */
  return rules->attack_sides == rules->defend_sides ? both : ra * la + rd * ld;
}


int
ro_battle_win (mpq_t win, const ro_rules_t *rules,
               unsigned long a, unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;

  unsigned long f = ro_rules_fighting (rules, a);
  int end = ro_rules_ended (rules, f, d);
  if (end != 0)
    {
      mpq_set_ui (win, end > 0, 1);
      return RO_OK;
    }

  ro_model_t model;
  ro_solver_t s;
  rc = ro_solver_open (&model, &s, rules, d);
  if (rc != RO_OK)
    return rc;
  for (unsigned long i = 0; i <= f; i++)
    for (unsigned long j = 0; j <= d; j++)
      if (reachable (rules, f, d, i, j))
        solve_state (&s, i, j);
  ro_solver_get_q (win, &s, ro_solver_cell (&s, f, d));
  ro_solver_close (&model, &s);
  return RO_OK;
}

int
ro_battle_grid (const ro_rules_t *rules, unsigned long a_lo,
                unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
                ro_battle_fn fn, void *data)
{
  int rc = ro_check_grid (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc != RO_OK)
    return rc;

  ro_model_t model;
  ro_solver_t s;
  rc = ro_solver_open (&model, &s, rules, d_hi);
  if (rc != RO_OK)
    return rc;
  /* Every state is needed, so none is skipped; each row is reported as
     soon as it is complete, before the ring overwrites it.  */
  unsigned long f_lo = ro_rules_fighting (rules, a_lo);
  unsigned long f_hi = ro_rules_fighting (rules, a_hi);
  mpq_t win;
  mpq_init (win);
  for (unsigned long i = 0; i <= f_hi && rc == 0; i++)
    {
      for (unsigned long j = 0; j <= d_hi; j++)
        solve_state (&s, i, j);
      for (unsigned long j = d_lo; i >= f_lo && j <= d_hi && rc == 0; j++)
        {
          ro_solver_get_q (win, &s, ro_solver_cell (&s, i, j));
          rc = fn (data, a_lo + (i - f_lo), j, win);
        }
    }
  mpq_clear (win);
  ro_solver_close (&model, &s);
  return rc;
}

int
ro_battle_memory (double *bytes, const ro_rules_t *rules,
                  unsigned long a, unsigned long d)
{
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;

  double f = (double) ro_rules_fighting (rules, a);
  if (ro_rules_ended (rules, (unsigned long) f, d) != 0)
    {
      /* Decided before any dice are rolled.  */
      *bytes = 65536;
      return RO_OK;
    }
  double bits = (f + d) * bits_per_army (rules) + 64;
  double rows = ro_rules_max_attacker_loss (rules) + 1;
  double cell = sizeof (ro_cell_t) + 1.25 * bits / 8;
  /* The rows, plus the reduced result and its temporaries (the
     policies' children and values among them).  */
  *bytes = rows * (d + 1.0) * cell + 48 * bits / 8 + 65536;
  /* A defender who looks at the roll: the classes and their answers.  */
  if (rules->defender != RO_DEFENDER_MAX)
    *bytes += (double) ro_rules_rolls (rules)
      * (16 + RO_DICE_MAX * (RO_DICE_MAX + 1) * sizeof (unsigned long));
  return RO_OK;
}
