/* dice.c -- exact outcome counts of one round of dice */

#include <config.h>

#include "riskodds-impl.h"

/* The count runs over the dice values from the highest face down to 1,
   placing at each value v some of the attacker's and the defender's dice
   that are still unplaced.  State (i, j, w): i attacker dice and j
   defender dice have been given values above the current one, and w
   comparisons have been won by the attacker.  Sorted descending, the
   dice placed so far are exactly the i (resp. j) highest, so the p-th
   comparison is decided at the value where the later of its two dice is
   placed.  Choosing which of the unplaced dice show v in
   C(na-i, x) * C(nd-j, y) ways counts ordered rolls, not multisets, so the
   counts add up to sides^dice.  The work is sides * O(dice^5), independent
   of the sides^dice rolls.  */

#define DIM (RO_DICE_MAX + 1)

typedef mpz_t ro_sweep_t[DIM][DIM][DIM];

static void
sweep_init (ro_sweep_t t)
{
  for (int i = 0; i < DIM; i++)
    for (int j = 0; j < DIM; j++)
      for (int w = 0; w < DIM; w++)
        mpz_init (t[i][j][w]);
}

static void
sweep_clear (ro_sweep_t t)
{
  for (int i = 0; i < DIM; i++)
    for (int j = 0; j < DIM; j++)
      for (int w = 0; w < DIM; w++)
        mpz_clear (t[i][j][w]);
}

static void
sweep_zero (ro_sweep_t t)
{
  for (int i = 0; i < DIM; i++)
    for (int j = 0; j < DIM; j++)
      for (int w = 0; w < DIM; w++)
        mpz_set_ui (t[i][j][w], 0);
}

/* The number of comparisons among the first M that the attacker wins when
   the attacker's dice i .. i+x-1 and the defender's dice j .. j+y-1 all
   show the current value, the dice before them showing higher ones.  */
static unsigned
wins_decided (unsigned m, unsigned i, unsigned x, unsigned j, unsigned y,
              ro_ties_t ties)
{
  unsigned w = 0;
  for (unsigned p = 0; p < m; p++)
    {
      int a_before = p < i, a_now = i <= p && p < i + x;
      int d_now = j <= p && p < j + y;
      if (a_before && d_now)
        w++;                    /* the attacker's die is higher */
      else if (a_now && d_now && ties == RO_TIES_ATTACKER)
        w++;                    /* equal dice */
    }
  return w;
}

/* C(n, k) for the small n of a dice count.  */
static unsigned long
binom (unsigned n, unsigned k)
{
  unsigned long r = 1;
  for (unsigned t = 1; t <= k; t++)
    r = r * (n - k + t) / t;
  return r;
}

/* Spread the count FROM of state (i, j, w) over every way of giving the
   value V to some of the unplaced dice, adding into TO.  */
static void
sweep_state (ro_sweep_t to, const mpz_t from, unsigned v,
             const ro_rules_t *rules, unsigned na, unsigned nd,
             unsigned i, unsigned j, unsigned w)
{
  unsigned m = na < nd ? na : nd;
  unsigned xmax = v <= rules->attack_sides ? na - i : 0;
  unsigned ymax = v <= rules->defend_sides ? nd - j : 0;

  for (unsigned x = 0; x <= xmax; x++)
    for (unsigned y = 0; y <= ymax; y++)
      {
        unsigned nw = w + wins_decided (m, i, x, j, y, rules->ties);
        unsigned long ways = binom (na - i, x) * binom (nd - j, y);
        mpz_addmul_ui (to[i + x][j + y][nw], from, ways);
      }
}

/* One step of the sweep: from the states above V (in FROM) to the states
   at or above V (in TO).  */
static void
sweep_value (ro_sweep_t to, ro_sweep_t from, unsigned v,
             const ro_rules_t *rules, unsigned na, unsigned nd)
{
  unsigned m = na < nd ? na : nd;

  sweep_zero (to);
  for (unsigned i = 0; i <= na; i++)
    for (unsigned j = 0; j <= nd; j++)
      for (unsigned w = 0; w <= m; w++)
        if (mpz_sgn (from[i][j][w]) != 0)
          sweep_state (to, from[i][j][w], v, rules, na, nd, i, j, w);
}

void
ro_round_init (ro_round_t *round)
{
  round->attack_dice = round->defend_dice = round->comparisons = 0;
  mpz_init (round->total);
  for (int k = 0; k <= RO_DICE_MAX; k++)
    mpz_init (round->count[k]);
}

void
ro_round_clear (ro_round_t *round)
{
  mpz_clear (round->total);
  for (int k = 0; k <= RO_DICE_MAX; k++)
    mpz_clear (round->count[k]);
}

int
ro_round_count (ro_round_t *round, const ro_rules_t *rules,
                unsigned na, unsigned nd)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  if (na < 1 || na > rules->attack_dice || nd < 1 || nd > rules->defend_dice)
    return RO_EINVAL;

  unsigned m = na < nd ? na : nd;
  unsigned top = rules->attack_sides > rules->defend_sides
    ? rules->attack_sides : rules->defend_sides;
  ro_sweep_t a, b;
  sweep_init (a);
  sweep_init (b);
  mpz_set_ui (a[0][0][0], 1);
  for (unsigned v = top; v >= 1; v--)
    {
      /* Alternate the two tables so that no state is copied.  */
      if ((top - v) % 2 == 0)
        sweep_value (b, a, v, rules, na, nd);
      else
        sweep_value (a, b, v, rules, na, nd);
    }
  ro_sweep_t *last = (top % 2 == 1) ? &b : &a;

  round->attack_dice = na;
  round->defend_dice = nd;
  round->comparisons = m;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_set_ui (round->count[k], 0);
  /* The attacker loses the comparisons it did not win.  */
  for (unsigned w = 0; w <= m; w++)
    mpz_set (round->count[m - w], (*last)[na][nd][w]);
  mpz_ui_pow_ui (round->total, rules->attack_sides, na);
  mpz_t t;
  mpz_init (t);
  mpz_ui_pow_ui (t, rules->defend_sides, nd);
  mpz_mul (round->total, round->total, t);
  mpz_clear (t);
  sweep_clear (a);
  sweep_clear (b);
  return RO_OK;
}
