/* game.c -- the one-round game matrix, its saddle point and Georgiou's model */

#include <config.h>

#include "riskodds-impl.h"

void
ro_game_init (ro_game_t *g)
{
  g->attack_dice = g->defend_dice = 0;
  for (int i = 0; i < RO_DICE_MAX; i++)
    for (int j = 0; j < RO_DICE_MAX; j++)
      {
        ro_game_cell_t *c = &g->cell[i][j];
        c->attack_dice = c->defend_dice = c->comparisons = 0;
        c->has_georgiou = 0;
        mpq_init (c->net);
        mpq_init (c->value);
        mpq_init (c->georgiou);
      }
  mpq_init (g->maximin);
  mpq_init (g->minimax);
  mpq_init (g->p);
  mpq_init (g->force_ratio);
  g->has_saddle = 0;
  g->has_force_ratio = 0;
  g->saddle_attack = g->saddle_defend = 0;
  mpq_init (g->georgiou_value);
  g->has_georgiou_value = 0;
  g->georgiou_attack = g->georgiou_defend = 0;
}

void
ro_game_clear (ro_game_t *g)
{
  for (int i = 0; i < RO_DICE_MAX; i++)
    for (int j = 0; j < RO_DICE_MAX; j++)
      {
        mpq_clear (g->cell[i][j].net);
        mpq_clear (g->cell[i][j].value);
        mpq_clear (g->cell[i][j].georgiou);
      }
  mpq_clear (g->maximin);
  mpq_clear (g->minimax);
  mpq_clear (g->p);
  mpq_clear (g->force_ratio);
  mpq_clear (g->georgiou_value);
}

/* Q = N / D, reduced.  */
static void
q_set_zz (mpq_t q, const mpz_t n, const mpz_t d)
{
  mpz_set (mpq_numref (q), n);
  mpz_set (mpq_denref (q), d);
  mpq_canonicalize (q);
}

/* The cell of one round R.  risk3.m scores a round of m comparisons as
   (sum of +1 per comparison won, -1 per comparison lost) / (m rolls) for
   m = 1, but for m = 2 it counts a roll as Att(+1) whenever the attacker
   did not win both (and Def(-1) likewise), which leaves
   (wins both - loses both) / (2 rolls): half the per-comparison value.  */
static void
cell_set (ro_game_cell_t *c, const ro_round_t *r)
{
  unsigned m = r->comparisons;
  mpz_t sum, t;
  mpz_inits (sum, t, (mpz_ptr) 0);
  for (unsigned k = 0; k <= m; k++)
    {
      /* The defender loses m - k armies and the attacker k.  */
      long gain = (long) m - 2 * (long) k;
      mpz_mul_si (t, r->count[k], gain);
      mpz_add (sum, sum, t);
    }
  c->attack_dice = r->attack_dice;
  c->defend_dice = r->defend_dice;
  c->comparisons = m;
  q_set_zz (c->net, sum, r->total);
  mpz_mul_ui (t, r->total, m);
  q_set_zz (c->value, sum, t);
  c->has_georgiou = m <= 2;
  if (m == 1)
    mpq_set (c->georgiou, c->value);
  else if (m == 2)
    {
      mpz_sub (sum, r->count[0], r->count[2]);
      mpz_mul_ui (t, r->total, 2);
      q_set_zz (c->georgiou, sum, t);
    }
  else
    mpq_set_ui (c->georgiou, 0, 1);
  mpz_clears (sum, t, (mpz_ptr) 0);
}

/* The smallest value of row I, or the largest of column J.  */
static const mpq_t *
row_min (const ro_game_t *g, unsigned i)
{
  const mpq_t *m = &g->cell[i][0].value;
  for (unsigned j = 1; j < g->defend_dice; j++)
    if (mpq_cmp (g->cell[i][j].value, *m) < 0)
      m = &g->cell[i][j].value;
  return m;
}

static const mpq_t *
col_max (const ro_game_t *g, unsigned j)
{
  const mpq_t *m = &g->cell[0][j].value;
  for (unsigned i = 1; i < g->attack_dice; i++)
    if (mpq_cmp (g->cell[i][j].value, *m) > 0)
      m = &g->cell[i][j].value;
  return m;
}

/* The maximin over rows of the row minima, the minimax over columns of
   the column maxima, and a saddle cell (the minimum of its row and the
   maximum of its column) when they meet.  Among several saddles, the one
   with the most dice, as players choose.  */
static void
find_saddle (ro_game_t *g)
{
  for (unsigned i = 0; i < g->attack_dice; i++)
    if (i == 0 || mpq_cmp (*row_min (g, i), g->maximin) > 0)
      mpq_set (g->maximin, *row_min (g, i));
  for (unsigned j = 0; j < g->defend_dice; j++)
    if (j == 0 || mpq_cmp (*col_max (g, j), g->minimax) < 0)
      mpq_set (g->minimax, *col_max (g, j));
  g->has_saddle = mpq_equal (g->maximin, g->minimax);
  for (unsigned i = g->attack_dice; g->has_saddle && i-- > 0;)
    for (unsigned j = g->defend_dice; j-- > 0;)
      if (g->saddle_attack == 0
          && mpq_equal (g->cell[i][j].value, *row_min (g, i))
          && mpq_equal (g->cell[i][j].value, *col_max (g, j)))
        {
          g->saddle_attack = i + 1;
          g->saddle_defend = j + 1;
        }
}

/* Georgiou's value: the attacker picks the row first and the defender
   answers with the column of least gv, among those with no more dice than
   the attacker's; ties go to the most dice, as in find_saddle.  */
static void
find_georgiou_value (ro_game_t *g)
{
  g->has_georgiou_value = 0;
  for (unsigned i = 0; i < g->attack_dice; i++)
    for (unsigned j = 0; j <= i && j < g->defend_dice; j++)
      if (!g->cell[i][j].has_georgiou)
        return;
  for (unsigned i = 0; i < g->attack_dice; i++)
    {
      unsigned best = 0;
      for (unsigned j = 1; j <= i && j < g->defend_dice; j++)
        if (mpq_cmp (g->cell[i][j].georgiou, g->cell[i][best].georgiou) <= 0)
          best = j;
      const mpq_t *m = &g->cell[i][best].georgiou;
      if (i == 0 || mpq_cmp (*m, g->georgiou_value) >= 0)
        {
          mpq_set (g->georgiou_value, *m);
          g->georgiou_attack = i + 1;
          g->georgiou_defend = best + 1;
        }
    }
  g->has_georgiou_value = 1;
}

int
ro_game_model (mpq_t p, mpq_t force_ratio, const mpq_t v)
{
  mpq_t half;
  mpq_init (half);
  mpq_set_ui (half, 1, 2);
  mpq_mul (p, v, half);
  mpq_add (p, p, half);
  /* p = 0 when every comparison goes to the defender: no force suffices.  */
  int finite = mpq_sgn (p) > 0;
  mpq_set_ui (force_ratio, 1, 1);
  mpq_sub (force_ratio, force_ratio, p);
  if (finite)
    mpq_div (force_ratio, force_ratio, p);
  else
    mpq_set_ui (force_ratio, 0, 1);
  mpq_clear (half);
  return finite;
}

int
ro_game_solve (ro_game_t *g, const ro_rules_t *rules)
{
  ro_round_t r;
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  ro_round_init (&r);
  g->attack_dice = rules->attack_dice;
  g->defend_dice = rules->defend_dice;
  for (unsigned na = 1; na <= rules->attack_dice && rc == RO_OK; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice && rc == RO_OK; nd++)
      {
        rc = ro_round_count_valid (&r, rules, na, nd);
        if (rc == RO_OK)
          cell_set (&g->cell[na - 1][nd - 1], &r);
      }
  ro_round_clear (&r);
  if (rc != RO_OK)
    return rc;
  g->has_saddle = 0;
  g->saddle_attack = g->saddle_defend = 0;
  find_saddle (g);
  find_georgiou_value (g);
  if (g->has_saddle)
    g->has_force_ratio = ro_game_model (g->p, g->force_ratio, g->maximin);
  else
    {
      g->has_force_ratio = 0;
      mpq_set_ui (g->p, 0, 1);
      mpq_set_ui (g->force_ratio, 0, 1);
    }
  return RO_OK;
}
