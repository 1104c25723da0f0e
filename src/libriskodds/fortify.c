/* fortify.c -- the defender's split of his armies over a chain */

#include <config.h>

#include <stdlib.h>

#include "riskodds-impl.h"

/* Every split of TOTAL armies over K territories, each at least 1, is a
   chain of its own: C(TOTAL - 1, K - 1) of them, each computed exactly
   by ro_chain_scope (K forward passes of at most A x (TOTAL - K + 2)
   states).  No split is skipped: P(taking all) need not change
   monotonically as armies move from one territory to another, so no
   bound prunes the search exactly.  */

void
ro_fortify_init (ro_fortify_t *f)
{
  f->k = 0;
  f->total = 0;
  f->n = 0;
  f->split = NULL;
}

void
ro_fortify_clear (ro_fortify_t *f)
{
  for (size_t i = 0; i < f->n; i++)
    {
      for (size_t j = 0; j < f->k; j++)
        mpq_clear (f->split[i].at_least[j]);
      free (f->split[i].d);
      free (f->split[i].at_least);
    }
  free (f->split);
  ro_fortify_init (f);
}

int
ro_fortify_count (double *n, unsigned long total, size_t k)
{
  if (k == 0 || total < k)
    return RO_EINVAL;
  /* C(total - 1, k - 1) = C(total - 1, total - k), in doubles: only
     compared with a limit.  The shorter product, stopped once past any
     limit (K may be 10^8).  */
  unsigned long m = k - 1 < total - k ? k - 1 : total - k;
  double c = 1;
  for (unsigned long i = 1; i <= m && c < 1e300; i++)
    c = c * (double) (total - m - 1 + i) / (double) i;
  *n = c;
  return RO_OK;
}

/* The battles of each split's chain that are computed: no more than the
   attacker's fighting armies F0, since each territory taken keeps one
   of them (10 armies on a territory take at most 9 territories); the
   chances of taking more are 0, and nothing after battle F0 changes
   those before.  A whole-chain policy aiming at T territories weighs
   the first T battles, so they are kept all.  At least one battle.  */
static size_t
fortify_battles (const ro_rules_t *rules, unsigned long a, size_t k,
                 ro_scope_t scope, size_t target)
{
  unsigned long f0 = ro_rules_fighting (rules, a);
  size_t kb = f0 < k ? (size_t) f0 : k;
  if (scope == RO_SCOPE_CHAIN && ro_rules_optimizing (rules) && target > kb)
    kb = target;
  return kb > 0 ? kb : 1;
}

/* The next split after D in lexicographic order (the first is 1 1 ...
   TOTAL - K + 1); 0 after the last.  */
static int
next_split (unsigned long *d, size_t k)
{
  /* The rightmost territory but the last that can give the last one an
     army less... the standard successor: find the rightmost i < k - 1
     whose successor d[k-1] exceeds 1, move one army to d[i], and push
     the rest to the end.  */
  if (k < 2)
    return 0;
  size_t i = k - 1;
  while (i > 0 && d[i] == 1)
    i--;
  if (i == 0)
    return 0;
  /* d[i] > 1, i >= 1: d[i - 1] gains one, d[i .. k-1] restart.  */
  unsigned long rest = 0;
  for (size_t j = i; j < k; j++)
    rest += d[j];
  d[i - 1]++;
  rest--;
  for (size_t j = i; j + 1 < k; j++)
    d[j] = 1;
  d[k - 1] = rest - (k - 1 - i);
  return 1;
}

int
ro_fortify (ro_fortify_t *f, const ro_rules_t *rules, unsigned long a,
            unsigned long total, size_t k, ro_scope_t scope)
{
  return ro_fortify_target (f, rules, a, total, k, scope, k);
}

int
ro_fortify_target (ro_fortify_t *f, const ro_rules_t *rules,
                   unsigned long a, unsigned long total, size_t k,
                   ro_scope_t scope, size_t target)
{
  double count;
  int rc = ro_fortify_count (&count, total, k);
  if (rc == RO_OK && (target == 0 || target > k))
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  if (count > RO_FORTIFY_MAX)
    return RO_ERANGE;
  /* The rules once, for every split: no territory holds more than
     TOTAL - K + 1 (the checks of ro_chain_scope_target).  */
  rc = ro_check_battle (rules, a, 0);
  if (rc == RO_OK && rules->goal != 0)
    rc = RO_EINVAL;
  if (rc == RO_OK)
    rc = ro_check_battle (rules, a, total - k + 1);
  if (rc == RO_OK && scope != RO_SCOPE_BATTLE && scope != RO_SCOPE_CHAIN)
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  ro_fortify_clear (f);
  size_t n = (size_t) count, kb = fortify_battles (rules, a, k, scope, target);
  f->split = calloc (n, sizeof *f->split);
  unsigned long *d = malloc (k * sizeof *d);
  ro_rules_t *r = malloc (kb * sizeof *r);
  if (f->split == NULL || d == NULL || r == NULL)
    rc = RO_ENOMEM;
  f->k = k;
  f->total = total;
  for (size_t j = 0; j < k && rc == RO_OK; j++)
    d[j] = j + 1 < k ? 1 : total - (k - 1);
  for (size_t j = 0; j < kb && rc == RO_OK; j++)
    r[j] = *rules;
  ro_chain_t c;
  ro_chain_init (&c);
  for (size_t i = 0; i < n && rc == RO_OK; i++)
    {
      ro_progress (i, n);
      ro_progress_part_t part;
      ro_progress_part (&part, (double) i / n, 1.0 / n);
      rc = ro_chain_scope_valid (&c, r, a, d, kb, scope,
                                 target < kb ? target : kb);
      ro_progress_part_end (&part);
      ro_split_t *s = &f->split[i];
      s->d = malloc (k * sizeof *s->d);
      s->at_least = malloc (k * sizeof *s->at_least);
      if (s->d == NULL || s->at_least == NULL)
        {
          free (s->d);
          free (s->at_least);
          rc = RO_ENOMEM;
        }
      if (rc != RO_OK)
        break;
      f->n++;
      /* at_least[j - 1] = taken[j] + ... + taken[k]; 0 past the
         battles computed.  */
      for (size_t j = k; j-- > 0;)
        {
          s->d[j] = d[j];
          mpq_init (s->at_least[j]);
          if (j < kb)
            mpq_set (s->at_least[j], c.taken[j + 1]);
          if (j + 1 < k)
            mpq_add (s->at_least[j], s->at_least[j], s->at_least[j + 1]);
        }
      next_split (d, k);
    }
  ro_chain_clear (&c);
  free (d);
  free (r);
  if (rc == RO_OK)
    ro_progress (1, 1);
  return rc;
}

int
ro_fortify_memory (double *bytes, const ro_rules_t *rules, unsigned long a,
                   unsigned long total, size_t k, ro_scope_t scope)
{
  double count;
  int rc = ro_fortify_count (&count, total, k);
  if (rc == RO_OK && scope != RO_SCOPE_BATTLE && scope != RO_SCOPE_CHAIN)
    rc = RO_EINVAL;
  if (rc == RO_OK)
    rc = ro_check_battle (rules, a, total - k + 1);
  if (rc != RO_OK)
    return rc;
  if (count > RO_FORTIFY_MAX)
    return RO_ERANGE;
  /* Every split's chain within one bound, without an array of K (K may
     be 10^8): no territory holds more than TOTAL - K + 1, no battle has
     more than TOTAL defenders before it; only the battles that can be
     reached are computed.  */
  size_t kb = fortify_battles (rules, a, k, scope, k);
  int whole = scope == RO_SCOPE_CHAIN && ro_rules_optimizing (rules);
  double chain = 0;
  rc = ro_chain_memory_uniform (&chain, rules, a, total - k + 1, total,
                                (double) kb, whole);
  if (rc != RO_OK)
    return rc;
  /* Each split: its K fractions of two numbers each (0 past the battles
     computed: a limb for the denominator), its arrays (made once, at
     their size: a tenth more for the chunks malloc cannot reuse); the
     rankings' two arrays of indices.  */
  double bits = (ro_rules_fighting (rules, a) + (double) total)
    * ro_rules_bits_per_army (rules) + 64;
  double split = sizeof (ro_split_t) + 32
    + (double) k * (sizeof (unsigned long) + sizeof (mpq_t))
    + (double) kb * 2 * ro_limb_bytes (bits)
    + (double) (k - kb) * ro_limb_bytes (0);
  *bytes = chain + count * (1.1 * split + 2 * sizeof (size_t));
  return rc;
}

/* Merge sort of the indices ORDER[LO .. HI) by at_least[J] (smallest
   first), stable: equal values keep the splits' order.  */
static void
rank_sort (size_t *order, size_t *tmp, size_t lo, size_t hi,
           const ro_fortify_t *f, size_t j)
{
  if (hi - lo < 2)
    return;
  size_t mid = lo + (hi - lo) / 2, x = lo, y = mid, o = lo;
  rank_sort (order, tmp, lo, mid, f, j);
  rank_sort (order, tmp, mid, hi, f, j);
  while (x < mid || y < hi)
    if (y == hi || (x < mid && mpq_cmp (f->split[order[x]].at_least[j],
                                        f->split[order[y]].at_least[j])
                    <= 0))
      tmp[o++] = order[x++];
    else
      tmp[o++] = order[y++];
  for (size_t i = lo; i < hi; i++)
    order[i] = tmp[i];
}

int
ro_fortify_rank (size_t *order, const ro_fortify_t *f, size_t j)
{
  if (j < 1 || j > f->k)
    return RO_EINVAL;
  size_t *tmp = malloc ((f->n ? f->n : 1) * sizeof *tmp);
  if (tmp == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < f->n; i++)
    order[i] = i;
  rank_sort (order, tmp, 0, f->n, f, j - 1);
  free (tmp);
  return RO_OK;
}
