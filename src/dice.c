/* dice.c -- exact outcome counts of one round of dice */

#include <config.h>

#include <stdlib.h>

#include <pthread.h>

#include "riskodds-impl.h"

/* The count runs over the dice values from the highest face down to 1,
   placing at each value v some of the attacker's and the defender's dice
   that are still unplaced.  State (i, j, w, u): i attacker dice and j
   defender dice have been given values above the current one, w
   comparisons have been won by the attacker, and u is explained below.
   Sorted descending, the dice placed so far are exactly the i (resp. j)
   highest, so the p-th comparison is decided at the value where the later
   of its two dice is placed.  Choosing which of the unplaced dice show v
   in C(na-i, x) * C(nd-j, y) ways counts ordered rolls, not multisets, so
   the counts add up to sides^dice.

   The bonuses (Georgiou's risk3.m) are added to each side's highest die
   only, so the first comparison needs both top values, not just their
   order: u is the value of the one top die already placed while the other
   side's top die is not (0 otherwise).  The work is O(sides^2 dice^4),
   independent of the sides^dice rolls.  */

typedef struct
{
  unsigned na, nd, m, sides;    /* sides: the higher face of the two dice */
  mpz_t *cell;
} ro_sweep_t;

static mpz_t *
sweep_at (const ro_sweep_t *t, unsigned i, unsigned j, unsigned w,
          unsigned u)
{
  size_t k = (((size_t) i * (t->nd + 1) + j) * (t->m + 1) + w)
    * (t->sides + 1) + u;
  return &t->cell[k];
}

static size_t
sweep_size (const ro_sweep_t *t)
{
  return (size_t) (t->na + 1) * (t->nd + 1) * (t->m + 1) * (t->sides + 1);
}

static int
sweep_init (ro_sweep_t *t, unsigned na, unsigned nd, unsigned sides)
{
  t->na = na;
  t->nd = nd;
  t->m = na < nd ? na : nd;
  t->sides = sides;
  t->cell = malloc (sweep_size (t) * sizeof *t->cell);
  if (t->cell == NULL)
    return RO_ENOMEM;
  for (size_t k = 0; k < sweep_size (t); k++)
    mpz_init (t->cell[k]);
  return RO_OK;
}

static void
sweep_clear (ro_sweep_t *t)
{
  for (size_t k = 0; k < sweep_size (t); k++)
    mpz_clear (t->cell[k]);
  free (t->cell);
}

static void
sweep_zero (ro_sweep_t *t)
{
  for (size_t k = 0; k < sweep_size (t); k++)
    mpz_set_ui (t->cell[k], 0);
}

/* Whether the attacker wins the first comparison, top dice A and D.  */
static int
first_won (const ro_rules_t *r, unsigned a, unsigned d)
{
  long ea = (long) a + r->attack_bonus, ed = (long) d + r->defend_bonus;
  return ea > ed || (ea == ed && r->ties == RO_TIES_ATTACKER);
}

/* The comparisons after the first that the attacker wins when its dice
   i .. i+x-1 and the defender's dice j .. j+y-1 all show the current
   value, the dice before them showing higher ones.  No bonus applies to
   them.  */
static unsigned
later_wins (unsigned m, unsigned i, unsigned x, unsigned j, unsigned y,
            ro_ties_t ties)
{
  unsigned w = 0;
  for (unsigned p = 1; p < m; p++)
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

/* The first comparison at value V, as a change of state: *WON gets 1 when
   it is decided now for the attacker, and *U the new pending top value.  */
static void
first_step (const ro_rules_t *r, unsigned v, unsigned i, unsigned x,
            unsigned j, unsigned y, unsigned u, unsigned *won, unsigned *nu)
{
  *won = 0;
  *nu = 0;
  if (i == 0 && j == 0)
    {
      if (x > 0 && y > 0)
        *won = first_won (r, v, v);
      else if (x > 0 || y > 0)
        *nu = v;                /* one top die placed, the other not yet */
    }
  else if (j == 0 && y > 0)
    *won = first_won (r, u, v); /* the attacker's top die showed u */
  else if (i == 0 && x > 0)
    *won = first_won (r, v, u); /* the defender's top die showed u */
  else if (i == 0 || j == 0)
    *nu = u;                    /* still waiting for the other top die */
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

/* Spread the count FROM of state (i, j, w, u) over every way of giving
   the value V to some of the unplaced dice, adding into TO.  */
static void
sweep_state (ro_sweep_t *to, const mpz_t from, unsigned v,
             const ro_rules_t *r, unsigned i, unsigned j, unsigned w,
             unsigned u)
{
  unsigned na = to->na, nd = to->nd;
  unsigned xmax = v <= r->attack_sides ? na - i : 0;
  unsigned ymax = v <= r->defend_sides ? nd - j : 0;

  for (unsigned x = 0; x <= xmax; x++)
    for (unsigned y = 0; y <= ymax; y++)
      {
        unsigned won, nu;
        first_step (r, v, i, x, j, y, u, &won, &nu);
        unsigned nw = w + won + later_wins (to->m, i, x, j, y, r->ties);
        unsigned long ways = binom (na - i, x) * binom (nd - j, y);
        mpz_addmul_ui (*sweep_at (to, i + x, j + y, nw, nu), from, ways);
      }
}

/* One step of the sweep: from the states above V (in FROM) to the states
   at or above V (in TO).  */
static void
sweep_value (ro_sweep_t *to, const ro_sweep_t *from, unsigned v,
             const ro_rules_t *r)
{
  sweep_zero (to);
  for (unsigned i = 0; i <= to->na; i++)
    for (unsigned j = 0; j <= to->nd; j++)
      for (unsigned w = 0; w <= to->m; w++)
        for (unsigned u = 0; u <= to->sides; u++)
          {
            const mpz_t *c = sweep_at (from, i, j, w, u);
            if (mpz_sgn (*c) != 0)
              sweep_state (to, *c, v, r, i, j, w, u);
          }
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

/* Store the finished sweep T in ROUND: the attacker loses the
   comparisons it did not win.  */
static void
round_store (ro_round_t *round, const ro_sweep_t *t, const ro_rules_t *r)
{
  round->attack_dice = t->na;
  round->defend_dice = t->nd;
  round->comparisons = t->m;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_set_ui (round->count[k], 0);
  for (unsigned w = 0; w <= t->m; w++)
    mpz_set (round->count[t->m - w], *sweep_at (t, t->na, t->nd, w, 0));
  mpz_t s;
  mpz_init (s);
  mpz_ui_pow_ui (round->total, r->attack_sides, t->na);
  mpz_ui_pow_ui (s, r->defend_sides, t->nd);
  mpz_mul (round->total, round->total, s);
  mpz_clear (s);
}

/* The counts of the rounds counted last, for the callers that count the
   same rounds again and again (each battle's model and its strip; a
   batch of battles under one rule set): a few dozen rounds, shared by
   the threads under a lock, filled as they come and overwritten in
   turn.  A round's counts depend only on the sides, the bonuses, the
   tie rule and the dice.  The cache is the process's until it ends.  */
#define ROUND_CACHE 36

typedef struct
{
  int used;
  unsigned as, ds, na, nd;
  int ab, db, ties;
  ro_round_t round;
} round_cache_t;

static round_cache_t round_cache[ROUND_CACHE];
static unsigned round_cache_next;
static pthread_mutex_t round_cache_lock = PTHREAD_MUTEX_INITIALIZER;

static int
cache_key_is (const round_cache_t *c, const ro_rules_t *r, unsigned na,
              unsigned nd)
{
  return c->used && c->as == r->attack_sides && c->ds == r->defend_sides
    && c->na == na && c->nd == nd && c->ab == r->attack_bonus
    && c->db == r->defend_bonus && c->ties == (int) r->ties;
}

static void
round_copy (ro_round_t *to, const ro_round_t *from)
{
  to->attack_dice = from->attack_dice;
  to->defend_dice = from->defend_dice;
  to->comparisons = from->comparisons;
  mpz_set (to->total, from->total);
  for (int k = 0; k <= RO_DICE_MAX; k++)
    mpz_set (to->count[k], from->count[k]);
}

/* ROUND from the cache: 1 when it was there.  */
static int
cache_get (ro_round_t *round, const ro_rules_t *r, unsigned na, unsigned nd)
{
  int hit = 0;
  pthread_mutex_lock (&round_cache_lock);
  for (unsigned i = 0; i < ROUND_CACHE && !hit; i++)
    if (cache_key_is (&round_cache[i], r, na, nd))
      {
        round_copy (round, &round_cache[i].round);
        hit = 1;
      }
  pthread_mutex_unlock (&round_cache_lock);
  return hit;
}

static void
cache_put (const ro_round_t *round, const ro_rules_t *r, unsigned na,
           unsigned nd)
{
  pthread_mutex_lock (&round_cache_lock);
  round_cache_t *c = &round_cache[round_cache_next];
  round_cache_next = (round_cache_next + 1) % ROUND_CACHE;
  if (!c->used)
    ro_round_init (&c->round);
  round_copy (&c->round, round);
  c->used = 1;
  c->as = r->attack_sides;
  c->ds = r->defend_sides;
  c->na = na;
  c->nd = nd;
  c->ab = r->attack_bonus;
  c->db = r->defend_bonus;
  c->ties = (int) r->ties;
  pthread_mutex_unlock (&round_cache_lock);
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
  if (cache_get (round, rules, na, nd))
    return RO_OK;

  unsigned top = rules->attack_sides > rules->defend_sides
    ? rules->attack_sides : rules->defend_sides;
  ro_sweep_t t[2];
  if (sweep_init (&t[0], na, nd, top) != RO_OK)
    return RO_ENOMEM;
  if (sweep_init (&t[1], na, nd, top) != RO_OK)
    {
      sweep_clear (&t[0]);
      return RO_ENOMEM;
    }
  mpz_set_ui (*sweep_at (&t[0], 0, 0, 0, 0), 1);
  /* Alternate the two tables so that no state is copied.  */
  for (unsigned v = top, k = 0; v >= 1; v--, k ^= 1)
    sweep_value (&t[k ^ 1], &t[k], v, rules);
  round_store (round, &t[top % 2], rules);
  sweep_clear (&t[0]);
  sweep_clear (&t[1]);
  cache_put (round, rules, na, nd);
  return RO_OK;
}

/* One die against one is enough to tell: that round is the first
   comparison alone.  If the defender wins it with positive probability,
   he wins it when the attacker rolls 1 and he his highest face; in any
   round, of any dice either side chooses, every attack die may show 1
   and every defence die the highest face (at least 2, beating a 1 with
   no bonus in the later comparisons), and then he wins every
   comparison.  */
int
ro_defender_can_win (const ro_rules_t *rules)
{
  ro_round_t r;
  ro_round_init (&r);
  int rc = ro_round_count (&r, rules, 1, 1);
  if (rc == RO_OK)
    rc = mpz_sgn (r.count[1]) != 0;
  ro_round_clear (&r);
  return rc;
}
