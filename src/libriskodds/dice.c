/* dice.c -- exact outcome counts of one round of dice */

#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <pthread.h>

#include "riskodds-impl.h"

/* The count runs over the dice values from the highest down, placing at
   each value v some of the attacker's and the defender's dice that are
   still unplaced.  State (i, j, w, pend): i attacker dice and j defender
   dice have been given values above the current one, w comparisons have
   been won by the attacker, and pend is explained below.  Sorted
   descending, the dice placed so far are exactly the i (resp. j)
   highest, so the p-th comparison is decided at the value where the
   later of its two dice is placed.  Choosing which of the unplaced dice
   show v in C(na-i, x) * C(nd-j, y) ways counts ordered rolls, not
   multisets, so the counts add up to sides^dice.

   The values swept are keys, not faces.  A side whose bonus is on every
   die it rolls (or that has none) places each die at its modified value,
   the key: when the rules clamp, several faces share a key (+1 on a d6
   puts 5 and 6 at 6), and x dice at a key of c faces count c^x ways.
   Its dice keep their order, so a comparison between two such sides is
   decided by the order of the keys alone.  A side whose bonus is on its
   K highest dice only, fewer than it rolls, places its dice at their
   faces; then the first P comparisons (P = the largest such K, at most
   min(na, nd)) need both values, not just their order: pend[p], p < P,
   is the key of the die already placed at position p while the other
   side's is not (0 otherwise).  Georgiou's bonus on the highest die
   alone has P = 1.  The work is O(keys^(P+1) dice^4), independent of the
   sides^dice rolls.  */

/* What one die counts for: its face and the bonus of the rules, and
   who wins one comparison.  Here, with the counts that use them (and
   the defender's answers, rolls.c), rather than among the rules: the
   rules say what the bonus is, the dice what it does to a roll.  */

unsigned
ro_bonus_dice (const ro_rules_t *rules, int defender)
{
  unsigned k = defender ? rules->defend_bonus_dice : rules->attack_bonus_dice;
  return k == 0 ? 1 : k;
}

long
ro_die_value (const ro_rules_t *rules, int defender, unsigned p,
              unsigned face)
{
  int bonus = defender ? rules->defend_bonus : rules->attack_bonus;
  unsigned k = ro_bonus_dice (rules, defender);
  long sides = defender ? rules->defend_sides : rules->attack_sides;
  long v = face;
  if (p >= k || bonus == 0)
    return v;
  v += bonus;
  if (rules->clamp)
    v = v < 1 ? 1 : v > sides ? sides : v;
  return v;
}

int
ro_die_beats (const ro_rules_t *rules, unsigned p, unsigned a, unsigned d)
{
  long ea = ro_die_value (rules, 0, p, a), ed = ro_die_value (rules, 1, p, d);
  return ea > ed || (ea == ed && rules->ties == RO_TIES_ATTACKER);
}

/* Keys run from 1 - RO_BONUS_MAX to RO_SIDES_MAX + RO_BONUS_MAX; the
   sweep visits only those in use, at most the faces of both sides.  */
#define KEY_LO (1 - RO_BONUS_MAX)
#define KEYS_MAX (RO_SIDES_MAX + 2 * RO_BONUS_MAX)
#define USED_MAX (2 * RO_SIDES_MAX)

/* More cells than this in one table of the sweep: RO_ENOMEM, before any
   size overflows (a table's bytes are counted by ro_dice_memory, which
   the callers check against their limit: 40-sided dice with a bonus on
   3 of 5 take 15 million cells).  Where size_t has 32 bits (wasm32,
   the page in web/), the cap is 2^22: the product radix^p, checked
   after each factor (radix <= 301), and a table's bytes then stay below
   2^32.  */
#if SIZE_MAX > 0xffffffffUL
# define SWEEP_CELLS_MAX ((size_t) 1 << 40)
#else
# define SWEEP_CELLS_MAX ((size_t) 1 << 22)
#endif

typedef struct
{
  unsigned na, nd, m;
  unsigned p;                   /* the comparisons that need values */
  unsigned radix;               /* keys + 1: pend[p] is 0 or 1 .. keys */
  size_t npend;                 /* radix^p */
  unsigned keys;                /* the keys in use, indexed 1 .. keys */
  long key[USED_MAX + 1];       /* key[v]: the key at index v, ascending */
  int positional[2];            /* attacker, defender: keys are faces */
  unsigned long ways[2][USED_MAX + 1];  /* faces at key index v */
  unsigned char *won;           /* won[(p * radix + ka) * radix + kd] */
  mpz_t *cell;
} ro_sweep_t;

static mpz_t *
sweep_at (const ro_sweep_t *t, unsigned i, unsigned j, unsigned w,
          size_t pend)
{
  size_t k = (((size_t) i * (t->nd + 1) + j) * (t->m + 1) + w) * t->npend
    + pend;
  return &t->cell[k];
}

static size_t
sweep_size (const ro_sweep_t *t)
{
  return (size_t) (t->na + 1) * (t->nd + 1) * (t->m + 1) * t->npend;
}

/* Whether side S (0 attacker, 1 defender) rolling N dice has its bonus
   on some of them only.  */
static int
side_positional (const ro_rules_t *r, int s, unsigned n)
{
  int bonus = s ? r->defend_bonus : r->attack_bonus;
  return bonus != 0 && ro_bonus_dice (r, s) < n;
}

/* The key of a die of side S showing FACE.  */
static long
side_key (const ro_sweep_t *t, const ro_rules_t *r, int s, unsigned face)
{
  return t->positional[s] ? (long) face : ro_die_value (r, s, 0, face);
}

/* Whether the attacker wins comparison P, his die at key index KA and
   the defender's at KD: a positional side's key is its face, which the
   bonus then modifies; any other side's key is its modified value.  */
static int
keys_won (const ro_sweep_t *t, const ro_rules_t *r, unsigned p,
          unsigned ka, unsigned kd)
{
  long a = t->key[ka], d = t->key[kd];
  if (t->positional[0])
    a = ro_die_value (r, 0, p, (unsigned) a);
  if (t->positional[1])
    d = ro_die_value (r, 1, p, (unsigned) d);
  return a > d || (a == d && r->ties == RO_TIES_ATTACKER);
}

/* The shape of the sweep of NA against ND dice: the keys, the faces at
   each, the comparisons that need values.  */
static int
sweep_keys (ro_sweep_t *t, const ro_rules_t *r, unsigned na, unsigned nd)
{
  unsigned sides[2] = { r->attack_sides, r->defend_sides };
  unsigned k[2] = { ro_bonus_dice (r, 0), ro_bonus_dice (r, 1) };
  t->na = na;
  t->nd = nd;
  t->m = na < nd ? na : nd;
  t->positional[0] = side_positional (r, 0, na);
  t->positional[1] = side_positional (r, 1, nd);
  /* The keys in use, in order: at most the faces of both sides.  */
  unsigned char used[KEYS_MAX + 1] = { 0 };
  for (int s = 0; s < 2; s++)
    for (unsigned f = 1; f <= sides[s]; f++)
      used[side_key (t, r, s, f) - KEY_LO] = 1;
  unsigned index[KEYS_MAX + 1];
  t->keys = 0;
  for (unsigned v = 0; v <= KEYS_MAX; v++)
    if (used[v])
      {
        index[v] = ++t->keys;
        t->key[t->keys] = (long) v + KEY_LO;
      }
  t->radix = t->keys + 1;
  for (int s = 0; s < 2; s++)
    {
      for (unsigned v = 0; v <= t->keys; v++)
        t->ways[s][v] = 0;
      for (unsigned f = 1; f <= sides[s]; f++)
        t->ways[s][index[side_key (t, r, s, f) - KEY_LO]]++;
    }
  t->p = 0;
  for (int s = 0; s < 2; s++)
    if (t->positional[s] && k[s] > t->p)
      t->p = k[s];
  if (t->p > t->m)
    t->p = t->m;
  t->npend = 1;
  for (unsigned p = 0; p < t->p; p++)
    {
      t->npend *= t->radix;
      if (t->npend > SWEEP_CELLS_MAX)
        return RO_ENOMEM;
    }
  if (sweep_size (t) > SWEEP_CELLS_MAX)
    return RO_ENOMEM;
  return RO_OK;
}

/* The sweep's shape (sweep_keys) and its table of who wins each
   comparison that waits for values, once.  */
static int
sweep_shape (ro_sweep_t *t, const ro_rules_t *r, unsigned na, unsigned nd)
{
  int rc = sweep_keys (t, r, na, nd);
  if (rc != RO_OK)
    return rc;
  t->won = malloc ((size_t) t->p * t->radix * t->radix + 1);
  if (t->won == NULL)
    return RO_ENOMEM;
  for (unsigned p = 0; p < t->p; p++)
    for (unsigned ka = 1; ka <= t->keys; ka++)
      for (unsigned kd = 1; kd <= t->keys; kd++)
        t->won[((size_t) p * t->radix + ka) * t->radix + kd]
          = (unsigned char) keys_won (t, r, p, ka, kd);
  return RO_OK;
}

static int
sweep_init (ro_sweep_t *t, const ro_sweep_t *shape)
{
  *t = *shape;
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

/* The comparisons the attacker wins among those decided when his dice
   i .. i+x-1 and the defender's dice j .. j+y-1 take key index V, the
   dice before them showing higher keys, PEND the pending keys.  */
static unsigned
step_wins (const ro_sweep_t *t, const ro_rules_t *r, unsigned v,
           unsigned i, unsigned x, unsigned j, unsigned y,
           const unsigned *pend)
{
  unsigned w = 0;
  for (unsigned p = 0; p < t->m; p++)
    {
      if ((p < i && p < j) || !(p < i + x && p < j + y))
        continue;               /* decided before, or not yet */
      if (p < t->p)
        {
          unsigned ka = p < i ? pend[p] : v, kd = p < j ? pend[p] : v;
          w += t->won[((size_t) p * t->radix + ka) * t->radix + kd];
        }
      else if (p < i)
        w++;                    /* the attacker's die is higher */
      else if (p >= j && r->ties == RO_TIES_ATTACKER)
        w++;                    /* equal keys */
    }
  return w;
}

/* The pending keys after the step, as an index.  */
static size_t
step_pend (const ro_sweep_t *t, unsigned v, unsigned i, unsigned x,
           unsigned j, unsigned y, const unsigned *pend)
{
  unsigned ni = i + x, nj = j + y;
  unsigned lo = ni < nj ? ni : nj, hi = ni < nj ? nj : ni;
  unsigned before = ni > nj ? i : j;    /* the side ahead, before */
  size_t idx = 0;
  for (unsigned p = t->p; p-- > 0;)
    {
      unsigned k = 0;
      if (lo <= p && p < hi)
        k = p < before ? pend[p] : v;
      idx = idx * t->radix + k;
    }
  return idx;
}

/* X dice of N - I unplaced taking a key of C faces: C(N - I, X) C^X.  */
static unsigned long
place_ways (unsigned n, unsigned i, unsigned x, unsigned long c)
{
  unsigned long r = 1;
  for (unsigned t = 1; t <= x; t++)
    r = r * (n - i - x + t) / t;
  for (unsigned t = 0; t < x; t++)
    r *= c;
  return r;
}

/* Spread the count FROM of state (i, j, w, pend) over every way of
   giving the key index V to some of the unplaced dice, adding into TO.  */
static void
sweep_state (ro_sweep_t *to, mpz_t tmp, const mpz_t from, unsigned v,
             const ro_rules_t *r, unsigned i, unsigned j, unsigned w,
             const unsigned *pend)
{
  unsigned na = to->na, nd = to->nd;
  unsigned long ca = to->ways[0][v], cd = to->ways[1][v];
  unsigned xmax = ca > 0 ? na - i : 0;
  unsigned ymax = cd > 0 ? nd - j : 0;

  for (unsigned x = 0; x <= xmax; x++)
    {
      unsigned long wa = place_ways (na, i, x, ca);
      int product = 0;          /* TMP holds FROM * WA */
      for (unsigned y = 0; y <= ymax; y++)
        {
          unsigned nw = w + step_wins (to, r, v, i, x, j, y, pend);
          size_t np = step_pend (to, v, i, x, j, y, pend);
          unsigned long wd = place_ways (nd, j, y, cd);
          mpz_t *c = sweep_at (to, i + x, j + y, nw, np);
          if (wa <= ULONG_MAX / wd)
            mpz_addmul_ui (*c, from, wa * wd);
          else
            {
              if (!product)
                mpz_mul_ui (tmp, from, wa);
              product = 1;
              mpz_addmul_ui (*c, tmp, wd);
            }
        }
    }
}

/* One step of the sweep: from the states above key index V (in FROM)
   to the states at or above V (in TO).  */
static void
sweep_value (ro_sweep_t *to, const ro_sweep_t *from, unsigned v,
             const ro_rules_t *r)
{
  mpz_t tmp;
  mpz_init (tmp);
  sweep_zero (to);
  for (unsigned i = 0; i <= to->na; i++)
    for (unsigned j = 0; j <= to->nd; j++)
      {
        /* Only the places from min(i, j) to max(i, j) can wait.  */
        unsigned lo = i < j ? i : j, hi = i < j ? j : i;
        lo = lo < to->p ? lo : to->p;
        hi = hi < to->p ? hi : to->p;
        size_t base = 1, span = 1;
        for (unsigned p = 0; p < hi; p++)
          *(p < lo ? &base : &span) *= to->radix;
        for (unsigned w = 0; w <= to->m; w++)
          for (size_t uu = 0; uu < span; uu++)
          {
            size_t u = uu * base;
            const mpz_t *c = sweep_at (from, i, j, w, u);
            if (mpz_sgn (*c) == 0)
              continue;
            unsigned pend[RO_DICE_MAX];
            size_t rest = u;
            for (unsigned p = 0; p < to->p; p++)
              {
                pend[p] = (unsigned) (rest % to->radix);
                rest /= to->radix;
              }
            sweep_state (to, tmp, *c, v, r, i, j, w, pend);
          }
      }
  mpz_clear (tmp);
}

/* Mixed dice (Risk 2210 A.D.'s commanders and stations): a side rolls
   X eight-sided dice and N - X of its other kind.  The sweep above
   places dice of one kind only, so these rounds are counted another
   way: each side's rolls grouped by the values of its M = min(NA, ND)
   highest dice (the only ones compared), each group with the number
   of ordered rolls in it; then every pair of groups.  A side's groups
   come from the multisets of each kind (a multiset of n dice with
   multiplicities m_i is n! / prod m_i! ordered rolls of those dice),
   merged.  Standard sizes: at most 792 groups a side.  */

/* Ordered rolls of the dice of one side per group, before merging.  */
#define MIXED_ENTRIES_MAX 4000000UL

typedef struct
{
  unsigned long long key;       /* the M highest values, 7 bits each */
  unsigned long long ways;      /* ordered rolls with those values */
} mixed_group_t;

/* Whether side S of R has dice of two kinds (as the user gave them or
   as the model sees them): commanders or a station.  */
static int
side_commanded (const ro_rules_t *r, int s)
{
  return s ? r->defend_commanders != 0 || r->defend_station != 0
    : r->attack_commanders != 0;
}

/* The faces of the two kinds of side S's N dice: KIND[0] of them
   (COUNT[0] dice) eight-sided, the others' KIND[1] faces.  */
static void
side_kinds (unsigned kind[2], unsigned count[2], const ro_rules_t *r, int s,
            unsigned n)
{
  count[0] = ro_rules_eight_sided (r, s, n);
  count[1] = n - count[0];
  kind[0] = RO_COMMANDER_SIDES;
  kind[1] = side_commanded (r, s) ? 6 : s ? r->defend_sides
    : r->attack_sides;
}

/* Call FN for every multiset of N dice of F faces (V[0 .. N-1],
   descending) with its ordered rolls.  */
typedef struct
{
  unsigned v[2][RO_DICE_MAX];
  unsigned long long ways[2];
  mixed_group_t *out;
  size_t n, cap;
  unsigned m;
  int ok;
} mixed_walk_t;

static unsigned long long
ordered_rolls (const unsigned *v, unsigned n)
{
  unsigned long long w = 1;
  unsigned run = 0;
  for (unsigned i = 0; i < n; i++)
    {
      run = i > 0 && v[i] == v[i - 1] ? run + 1 : 1;
      w = w * (i + 1) / run;    /* n! / prod m_i!, built up exactly */
    }
  return w;
}

/* The group of the merged dice V[0], V[1] (counts C[0], C[1]).  */
static void
mixed_emit (mixed_walk_t *w, const unsigned c[2])
{
  if (w->n == w->cap)
    {
      w->ok = 0;
      return;
    }
  unsigned long long key = 0;
  unsigned i = 0, j = 0;
  for (unsigned p = 0; p < w->m; p++)
    {
      unsigned x;
      if (j >= c[1] || (i < c[0] && w->v[0][i] >= w->v[1][j]))
        x = w->v[0][i++];
      else
        x = w->v[1][j++];
      key = key << 7 | x;
    }
  w->out[w->n].key = key;
  w->out[w->n].ways = w->ways[0] * w->ways[1];
  w->n++;
}

/* Every multiset of kind K from position I on (values at most TOP),
   then kind K + 1.  */
static void
mixed_walk (mixed_walk_t *w, const unsigned kind[2], const unsigned c[2],
            unsigned k, unsigned i, unsigned top)
{
  if (!w->ok)
    return;
  if (i == c[k])
    {
      w->ways[k] = ordered_rolls (w->v[k], c[k]);
      if (k == 0)
        mixed_walk (w, kind, c, 1, 0, kind[1]);
      else
        mixed_emit (w, c);
      return;
    }
  for (unsigned x = top; x >= 1; x--)
    {
      w->v[k][i] = x;
      mixed_walk (w, kind, c, k, i + 1, x);
    }
}

static int
group_cmp (const void *a, const void *b)
{
  unsigned long long x = ((const mixed_group_t *) a)->key;
  unsigned long long y = ((const mixed_group_t *) b)->key;
  return x < y ? -1 : x > y;
}

/* The multisets of side S's N dice, both kinds: what mixed_groups
   lists before it merges them.  */
static double
mixed_entries (const ro_rules_t *r, int s, unsigned n)
{
  unsigned kind[2], c[2];
  side_kinds (kind, c, r, s, n);
  double entries = 1;
  for (int k = 0; k < 2; k++)
    for (unsigned i = 0; i < c[k]; i++)
      entries = entries * (kind[k] + i) / (i + 1);
  return entries;
}

/* The groups of side S rolling N dice, by the values of its M highest,
   into *OUT (*N_OUT of them, merged).  */
static int
mixed_groups (mixed_group_t **out, size_t *n_out, const ro_rules_t *r,
              int s, unsigned n, unsigned m)
{
  unsigned kind[2], c[2];
  side_kinds (kind, c, r, s, n);
  double entries = mixed_entries (r, s, n);
  if (entries > MIXED_ENTRIES_MAX)
    return RO_ERANGE;
  mixed_walk_t w;
  w.cap = (size_t) entries + 1;
  w.out = malloc (w.cap * sizeof *w.out);
  if (w.out == NULL)
    return RO_ENOMEM;
  w.n = 0;
  w.m = m;
  w.ok = 1;
  mixed_walk (&w, kind, c, 0, 0, kind[0]);
  qsort (w.out, w.n, sizeof *w.out, group_cmp);
  size_t g = 0;
  for (size_t i = 0; i < w.n; i++)
    if (g > 0 && w.out[g - 1].key == w.out[i].key)
      w.out[g - 1].ways += w.out[i].ways;
    else
      w.out[g++] = w.out[i];
  *out = w.out;
  *n_out = g;
  return w.ok ? RO_OK : RO_ERANGE;
}

/* The comparisons the attacker wins, his M highest values in KA and
   the defender's in KD (7 bits each, the highest first).  */
static unsigned
mixed_won (const ro_rules_t *r, unsigned m, unsigned long long ka,
           unsigned long long kd)
{
  unsigned won = 0;
  for (unsigned p = 0; p < m; p++)
    {
      unsigned shift = 7 * (m - 1 - p);
      won += ro_die_beats (r, p, (unsigned) (ka >> shift & 127),
                           (unsigned) (kd >> shift & 127));
    }
  return won;
}

/* The round of NA against ND dice of which some are eight-sided: the
   count over every die's own faces (ro_round_t).  */
static int
mixed_count (ro_round_t *round, const ro_rules_t *r, unsigned na,
             unsigned nd)
{
  unsigned m = na < nd ? na : nd;
  mixed_group_t *ga = NULL, *gd = NULL;
  size_t nga = 0, ngd = 0;
  int rc = mixed_groups (&ga, &nga, r, 0, na, m);
  if (rc == RO_OK)
    rc = mixed_groups (&gd, &ngd, r, 1, nd, m);
  if (rc == RO_OK && (double) nga * ngd > 1e10)
    rc = RO_ERANGE;
  round->attack_dice = na;
  round->defend_dice = nd;
  round->comparisons = m;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    mpz_set_ui (round->count[k], 0);
  for (size_t i = 0; i < nga && rc == RO_OK; i++)
    {
      /* Per attack group: the defender's rolls by the comparisons the
         attacker wins (at most the defender's rolls, 100^5, a word).  */
      unsigned long long by[RO_DICE_MAX + 1] = { 0 };
      for (size_t j = 0; j < ngd; j++)
        by[mixed_won (r, m, ga[i].key, gd[j].key)] += gd[j].ways;
      for (unsigned w = 0; w <= m; w++)
        if (by[w] != 0)
          {
            mpz_t t;
            mpz_init_set_ui (t, (unsigned long) by[w]);
            mpz_addmul_ui (round->count[m - w], t,
                           (unsigned long) ga[i].ways);
            mpz_clear (t);
          }
    }
  free (ga);
  free (gd);
  mpz_set_ui (round->total, 1);
  for (int s = 0; s < 2; s++)
    {
      unsigned kind[2], c[2];
      side_kinds (kind, c, r, s, s ? nd : na);
      for (int k = 0; k < 2; k++)
        for (unsigned i = 0; i < c[k]; i++)
          mpz_mul_ui (round->total, round->total, kind[k]);
    }
  return rc;
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
   turn.  A round's counts depend only on the sides, the bonuses and
   the dice they apply to, the clamp, the tie rule and the dice.  The cache is the process's until it ends.  */
#define ROUND_CACHE 36

typedef struct
{
  int used;
  unsigned as, ds, na, nd;
  int ab, db, ties, clamp;
  unsigned abk, dbk;
  unsigned ax, dx;              /* the eight-sided dice of each side */
  unsigned mixed;               /* which sides have two kinds of dice */
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
    && c->db == r->defend_bonus && c->ties == (int) r->ties
    && c->abk == r->attack_bonus_dice && c->dbk == r->defend_bonus_dice
    && c->clamp == r->clamp && c->ax == ro_rules_eight_sided (r, 0, na)
    && c->dx == ro_rules_eight_sided (r, 1, nd)
    && c->mixed == (unsigned) (side_commanded (r, 0)
                               | side_commanded (r, 1) << 1);
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
  c->abk = r->attack_bonus_dice;
  c->dbk = r->defend_bonus_dice;
  c->clamp = r->clamp;
  c->ax = ro_rules_eight_sided (r, 0, na);
  c->dx = ro_rules_eight_sided (r, 1, nd);
  c->mixed = (unsigned) (side_commanded (r, 0) | side_commanded (r, 1) << 1);
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
  return ro_round_count_valid (round, rules, na, nd);
}

int
ro_round_count_valid (ro_round_t *round, const ro_rules_t *rules,
                      unsigned na, unsigned nd)
{
  if (cache_get (round, rules, na, nd))
    return RO_OK;
  if (side_commanded (rules, 0) || side_commanded (rules, 1))
    {
      int rc = mixed_count (round, rules, na, nd);
      if (rc == RO_OK)
        cache_put (round, rules, na, nd);
      return rc;
    }

  ro_sweep_t shape, t[2];
  shape.won = NULL;
  int rc = sweep_shape (&shape, rules, na, nd);
  if (rc == RO_OK && sweep_init (&t[0], &shape) != RO_OK)
    rc = RO_ENOMEM;
  if (rc == RO_OK && sweep_init (&t[1], &shape) != RO_OK)
    {
      sweep_clear (&t[0]);
      rc = RO_ENOMEM;
    }
  if (rc != RO_OK)
    {
      free (shape.won);
      return rc;
    }
  mpz_set_ui (*sweep_at (&t[0], 0, 0, 0, 0), 1);
  /* Alternate the two tables so that no state is copied.  */
  unsigned k = 0;
  for (unsigned v = shape.keys; v >= 1; v--, k ^= 1)
    sweep_value (&t[k ^ 1], &t[k], v, rules);
  round_store (round, &t[k], rules);
  sweep_clear (&t[0]);
  sweep_clear (&t[1]);
  free (shape.won);   /* the tables shared it */
  cache_put (round, rules, na, nd);
  return RO_OK;
}

int
ro_dice_memory (double *bytes, const ro_rules_t *rules)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  /* A count is at most the rolls, sides^(na + nd); a cell that stays 0
     holds no limbs, but every one is counted as if it held some.  */
  double most = 0;
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        ro_sweep_t t;
        double cells = sweep_keys (&t, rules, na, nd) == RO_OK
          ? (double) sweep_size (&t) : HUGE_VAL;
        double bits = na * log2 (rules->attack_sides)
          + nd * log2 (rules->defend_sides) + 1;
        double limbs = 8 * (ceil (bits / 64) + 1) + 16;
        double b = 2 * cells * (sizeof (mpz_t) + limbs)
          + (double) t.p * t.radix * t.radix;
        most = fmax (most, b);
      }
  /* Mixed dice are counted from their groups instead (8 and 6 sides:
     a few KiB; at most MIXED_ENTRIES_MAX a side).  */
  if (side_commanded (rules, 0) || side_commanded (rules, 1))
    most = fmax (most, (fmin (mixed_entries (rules, 0, rules->attack_dice),
                              MIXED_ENTRIES_MAX)
                        + fmin (mixed_entries (rules, 1, rules->defend_dice),
                                MIXED_ENTRIES_MAX))
                 * sizeof (mixed_group_t));
  /* The cache of rounds, and malloc's slack on the tables.  */
  *bytes = 1.1 * most + ROUND_CACHE * (RO_DICE_MAX + 2) * 64.0;
  return RO_OK;
}

/* Whether, in every round either side's dice can make, the defender
   wins every comparison with positive probability: then the attacker
   can lose every round until he cannot roll.  Under a bonus on the
   highest die alone the round of one die against one would be enough
   to tell (every attack die may show 1, every defence die the highest
   face), but a bonus on more dice, clamped or not, can change that in
   the later comparisons only: every round is counted (they are
   cached).  */
int
ro_defender_can_win (const ro_rules_t *rules)
{
  int rc = ro_rules_check (rules);
  if (rc != RO_OK)
    return rc;
  return ro_defender_can_win_valid (rules);
}

int
ro_defender_can_win_valid (const ro_rules_t *rules)
{
  int rc;
  ro_round_t r;
  ro_round_init (&r);
  rc = 1;
  for (unsigned na = 1; na <= rules->attack_dice && rc == 1; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice && rc == 1; nd++)
      {
        rc = ro_round_count_valid (&r, rules, na, nd);
        if (rc == RO_OK)
          rc = mpz_sgn (r.count[r.comparisons]) != 0;
      }
  ro_round_clear (&r);
  return rc;
}
