/* fortify.c -- the defender's split of his armies over a chain */

#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* ------------------------------------------------------------------ */
/* The best splits without enumerating them: a branch and bound over  */
/* the territories                                                    */
/* ------------------------------------------------------------------ */

/* The defender places his armies before the attack, so a split is
   fixed: the dynamic program over (armies arriving, defenders left) that
   chooses each territory's armies for the armies that arrive is the
   best of a defender who could wait and see.  Its value is therefore a
   lower bound of every split that starts with a given prefix, not the
   best split itself (the number it would choose may differ from one
   arrival to the other).  The search walks the prefixes d[0], d[0]
   d[1], ... and drops those whose bound is above the values already
   found.

   Only P(taking at least J) = P(taking the first J territories) is
   asked, so the search places the first J territories, and the splits
   of the rest follow them in lexicographic order: all of them are exact
   ties (a prefix "group").

   The bound and the prefixes' values are doubles, from the battles'
   exact transition probabilities rounded once.  A double is never
   printed nor compared as a result: phase 1 finds the N-th best value T
   in doubles; phase 2 collects every prefix whose double is within
   FORT_EPS of T (relative, and FORT_TINY absolute for underflow) --
   every split of the true N best has a value at most T's, and its double
   is within a few thousand roundings of it -- and each of those is
   computed exactly (ro_chain_scope_valid), then ranked by its exact
   value, equal values in lexicographic order as ro_fortify_rank ranks
   them.  */

#define FORT_EPS 1e-9
#define FORT_TINY 1e-280
/* The most prefixes phase 2 computes exactly: more ties than this (all
   splits worth 0 to the attacker, or nearly) are refused, RO_ERANGE.  */
#define FORT_CANDIDATES_MAX 20000

typedef struct
{
  size_t k, j;                  /* territories; the first J searched */
  unsigned long total, cap, f0; /* armies; the most on one; fighting */
  size_t nf;                    /* f0 + 1 */
  size_t nm;                    /* total + 1 */
  const double **e;             /* e[i]: territory i's transitions */
  double *w;                    /* w[((i * (cap + 1) + x) * nf + f) * nm
                                   + m]: x here, m to place from here */
  double *l;                    /* l[(i * nf + f) * nm + m] */
  double *dist;                 /* dist[i * nf + f]: arriving at i */
  unsigned long *d;             /* the prefix being walked */
  /* Phase 1: the best groups found, their double values and sizes.  */
  size_t nbest, n;
  double *best_v, *best_size;
  /* Phase 2: the candidates (J armies each), their count.  */
  double limit;
  size_t ncand, maxcand;
  unsigned long *cand;
  int overflow;
} fort_search_t;

static double *
fort_e (const fort_search_t *s, size_t i, unsigned long x, unsigned long f)
{
  return (double *) s->e[i] + ((size_t) x * s->nf + f) * s->nf;
}

/* E[(x nf + f) nf + g] = P(f fighting armies take a territory of X
   defenders under MODEL and move on with g), for x <= CAP, f <= F0, from
   one backward pass over every state: the battle from (f, x) ends won
   at (g + 1, 0), the probability of each end a vector over g.  The
   rounds are the policies' at each state (ro_policy_step, the plan of
   the largest battle: a choice depends on its state alone), so each
   battle is the chain's (chain_battle).  */
static int
fort_table (double *e, const ro_model_t *model, unsigned long f0,
            unsigned long cap)
{
  size_t nf = f0 + 1;
  ro_solver_t s;
  int rc = ro_solver_init (&s, model, cap);
  if (rc != RO_OK)
    return rc;
  ro_plan_t plan;
  ro_plan_init (&plan);
  rc = ro_solver_plan (&s, &plan, f0, cap);
  for (unsigned long x = 0; x <= cap && rc == RO_OK; x++)
    for (unsigned long f = 0; f <= f0; f++)
      {
        double *h = e + ((size_t) x * nf + f) * nf;
        for (size_t g = 0; g < nf; g++)
          h[g] = 0;
        int over = ro_model_ended (model, f, x);
        if (over > 0 && f >= 1)
          h[f - 1] = 1;
        if (over != 0)
          continue;
        const ro_step_t *r = ro_policy_step (&s, f, x);
        unsigned long re[2];
        ro_solver_round_exponents (re, &s, r->na, r->nd);
        double den = pow ((double) s.base[0], (double) re[0])
          * pow ((double) s.base[1], (double) re[1]);
        for (unsigned i = 0; i < r->n; i++)
          {
            double p = mpz_get_d (r->count[i]) / den;
            const double *c = e + ((size_t) (x - r->lose_d[i]) * nf
                                   + (f - r->lose_a[i])) * nf;
            for (size_t g = 0; g < f; g++)
              h[g] += p * c[g];
          }
      }
  ro_policy_close (&s);
  ro_plan_clear (&plan);
  ro_solver_clear (&s);
  return rc;
}

/* The armies territory I may hold with M to place on it and after it:
   at least 1, and 1 for each territory after it; all M on the last.  */
static void
fort_range (unsigned long *lo, unsigned long *hi, const fort_search_t *s,
            size_t i, unsigned long m)
{
  *hi = m - (s->k - 1 - i);
  *lo = i + 1 == s->k ? *hi : 1;
}

/* The bound, last territory searched first: l[J] = 1 (J taken), w[i]
   the value of placing x at i against f arriving when the rest is
   placed as the arrivals would have it, l[i] its least over x.  */
static void
fort_bound (fort_search_t *s)
{
  size_t nf = s->nf, nm = s->nm;
  for (size_t t = 0; t < nf * nm; t++)
    s->l[s->j * nf * nm + t] = 1;
  for (size_t i = s->j; i-- > 0;)
    {
      double *l = s->l + i * nf * nm, *next = s->l + (i + 1) * nf * nm;
      for (size_t t = 0; t < nf * nm; t++)
        l[t] = HUGE_VAL;
      for (unsigned long m = s->k - i; m <= s->total - i; m++)
        {
          unsigned long lo, hi;
          fort_range (&lo, &hi, s, i, m);
          for (unsigned long x = lo; x <= hi; x++)
            for (unsigned long f = 0; f <= s->f0; f++)
              {
                const double *h = fort_e (s, i, x, f);
                const double *v = next + m - x;
                double sum = 0;
                for (size_t g = 0; g < f; g++)
                  sum += h[g] * v[g * nm];
                s->w[((i * (s->cap + 1) + x) * nf + f) * nm + m] = sum;
                if (sum < l[f * nm + m])
                  l[f * nm + m] = sum;
              }
        }
    }
}

/* The bound of placing X at I with M to place, the arrivals DIST.  */
static double
fort_child (const fort_search_t *s, size_t i, unsigned long x,
            unsigned long m, const double *dist)
{
  double sum = 0;
  const double *w = s->w + (i * (s->cap + 1) + x) * s->nf * s->nm + m;
  for (size_t f = 0; f <= s->f0; f++)
    if (dist[f] != 0)
      sum += dist[f] * w[f * s->nm];
  return sum;
}

/* The arrivals at I + 1 from those at I and X placed there.  */
static void
fort_flow (fort_search_t *s, size_t i, unsigned long x)
{
  const double *in = s->dist + i * s->nf;
  double *out = s->dist + (i + 1) * s->nf;
  for (size_t g = 0; g < s->nf; g++)
    out[g] = 0;
  for (size_t f = 0; f < s->nf; f++)
    if (in[f] != 0)
      {
        const double *h = fort_e (s, i, x, f);
        for (size_t g = 0; g < f; g++)
          out[g] += in[f] * h[g];
      }
}

/* The splits of REST armies over N territories, each at least 1, as a
   double (a group's size; N = 0: one, the empty split).  */
static double
fort_group (unsigned long rest, size_t n)
{
  double c = 1;
  if (n > 0)
    ro_fortify_count (&c, rest, n);
  return c;
}

/* Phase 1's threshold: the value at which the groups found reach N
   splits, or HUGE_VAL while they do not.  */
static double
fort_threshold (const fort_search_t *s)
{
  double c = 0;
  for (size_t t = 0; t < s->nbest; t++)
    if ((c += s->best_size[t]) >= (double) s->n)
      return s->best_v[t];
  return HUGE_VAL;
}

/* A group of value V and SIZE splits found: kept among the best while
   the groups before it hold fewer than N splits.  */
static void
fort_keep (fort_search_t *s, double v, double size)
{
  size_t t = s->nbest;
  while (t > 0 && s->best_v[t - 1] > v)
    t--;
  if (t >= s->n)
    return;
  size_t end = s->nbest < s->n ? s->nbest : s->n - 1;
  for (size_t u = end; u > t; u--)
    {
      s->best_v[u] = s->best_v[u - 1];
      s->best_size[u] = s->best_size[u - 1];
    }
  s->best_v[t] = v;
  s->best_size[t] = size;
  s->nbest = end + 1;
  double c = 0;
  for (size_t u = 0; u < s->nbest; u++)
    if ((c += s->best_size[u]) >= (double) s->n)
      {
        s->nbest = u + 1;
        break;
      }
}

/* Phase 1 below prefix d[0 .. I-1] with M to place: the children best
   bound first, those at or above the threshold dropped.  */
static void
fort_phase1 (fort_search_t *s, size_t i, unsigned long m)
{
  unsigned long lo, hi;
  fort_range (&lo, &hi, s, i, m);
  const double *dist = s->dist + i * s->nf;
  size_t n = hi - lo + 1;
  double *b = malloc (n * sizeof *b);
  size_t *o = malloc (n * sizeof *o);
  if (b == NULL || o == NULL)
    {
      s->overflow = RO_ENOMEM;
      n = 0;
    }
  for (size_t t = 0; t < n; t++)
    {
      b[t] = fort_child (s, i, lo + t, m, dist);
      o[t] = t;
    }
  /* Insertion sort by bound: a territory holds few choices that
     matter, and ties keep the lexicographic order.  */
  for (size_t t = 1; t < n; t++)
    for (size_t u = t; u > 0 && b[o[u - 1]] > b[o[u]]; u--)
      {
        size_t x = o[u];
        o[u] = o[u - 1];
        o[u - 1] = x;
      }
  for (size_t t = 0; t < n && s->overflow == 0; t++)
    {
      unsigned long x = lo + o[t];
      if (b[o[t]] >= fort_threshold (s))
        break;
      s->d[i] = x;
      if (i + 1 == s->j)
        fort_keep (s, b[o[t]], fort_group (m - x, s->k - s->j));
      else
        {
          fort_flow (s, i, x);
          fort_phase1 (s, i + 1, m - x);
        }
    }
  free (b);
  free (o);
}

/* Phase 2: every prefix whose double is within the limit, in
   lexicographic order.  */
static void
fort_phase2 (fort_search_t *s, size_t i, unsigned long m)
{
  unsigned long lo, hi;
  fort_range (&lo, &hi, s, i, m);
  const double *dist = s->dist + i * s->nf;
  for (unsigned long x = lo; x <= hi && s->overflow == 0; x++)
    {
      if (fort_child (s, i, x, m, dist) > s->limit)
        continue;
      s->d[i] = x;
      if (i + 1 < s->j)
        {
          fort_flow (s, i, x);
          fort_phase2 (s, i + 1, m - x);
          continue;
        }
      if (s->ncand == s->maxcand)
        {
          s->overflow = RO_ERANGE;
          break;
        }
      for (size_t t = 0; t < s->j; t++)
        s->cand[s->ncand * s->j + t] = s->d[t];
      s->ncand++;
    }
}

/* The rules of territory I of RULES[0 .. NRULES-1].  */
static const ro_rules_t *
fort_rules (const ro_rules_t *rules, size_t nrules, size_t i)
{
  return nrules == 1 ? &rules[0] : &rules[i];
}

/* RO_OK when the splits of TOTAL over K against A under RULES (NRULES 1
   or K) are ones ro_fortify_best takes: the checks of a chain
   (chain_check) for every territory at its largest.  */
static int
fort_check (const ro_rules_t *rules, size_t nrules, unsigned long a,
            unsigned long total, size_t k, size_t j)
{
  if (k == 0 || total < k || j == 0 || j > k
      || (nrules != 1 && nrules != k))
    return RO_EINVAL;
  int rc = ro_check_battle (&rules[0], a, 0);
  for (size_t i = 0; i < nrules && rc == RO_OK; i++)
    {
      if (rules[i].goal != 0 || rules[i].count != rules[0].count
          || rules[i].stop != rules[0].stop)
        return RO_EINVAL;
      rc = ro_check_battle (&rules[i], a, total - k + 1);
    }
  return rc;
}

/* S's split D (K territories) with its K exact values, from one chain
   of the first KB battles (as ro_fortify_target: 0 past them).  */
static int
fort_fill (ro_split_t *s, ro_chain_t *c, const ro_rules_t *r,
           unsigned long a, const unsigned long *d, size_t k, size_t kb)
{
  s->d = malloc (k * sizeof *s->d);
  s->at_least = malloc (k * sizeof *s->at_least);
  if (s->d == NULL || s->at_least == NULL)
    {
      free (s->d);
      free (s->at_least);
      s->d = NULL;
      s->at_least = NULL;
      return RO_ENOMEM;
    }
  int rc = ro_chain_scope_valid (c, r, a, d, kb, RO_SCOPE_BATTLE, kb);
  for (size_t j = k; j-- > 0;)
    {
      s->d[j] = d[j];
      mpq_init (s->at_least[j]);
      if (rc == RO_OK && j < kb)
        mpq_set (s->at_least[j], c->taken[j + 1]);
      if (j + 1 < k)
        mpq_add (s->at_least[j], s->at_least[j], s->at_least[j + 1]);
    }
  return rc;
}

/* F's splits: the groups of the prefixes P (J armies each, NP of them,
   best first), each followed by every split of the rest over the K - J
   territories after it in lexicographic order, until N splits.  */
static int
fort_expand (ro_fortify_t *f, const ro_rules_t *r, unsigned long a,
             const unsigned long *p, size_t np, size_t j, size_t n,
             size_t kb)
{
  size_t k = f->k;
  unsigned long *d = malloc (k * sizeof *d);
  f->split = calloc (n ? n : 1, sizeof *f->split);
  int rc = d == NULL || f->split == NULL ? RO_ENOMEM : RO_OK;
  ro_chain_t c;
  ro_chain_init (&c);
  for (size_t g = 0; g < np && f->n < n && rc == RO_OK; g++)
    {
      unsigned long rest = f->total;
      for (size_t t = 0; t < j; t++)
        rest -= d[t] = p[g * j + t];
      for (size_t t = j; t < k; t++)
        d[t] = t + 1 < k ? 1 : rest - (k - 1 - j);
      do
        {
          ro_progress (f->n, n);
          rc = fort_fill (&f->split[f->n], &c, r, a, d, k, kb);
          if (f->split[f->n].d != NULL)
            f->n++;
        }
      while (rc == RO_OK && f->n < n && j < k && next_split (d + j, k - j));
    }
  ro_chain_clear (&c);
  free (d);
  return rc;
}

/* Every split worth 0 (the attacker cannot take J territories): the
   first N in lexicographic order.  */
static int
fort_first (ro_fortify_t *f, const ro_rules_t *r, unsigned long a,
            size_t n, size_t kb)
{
  unsigned long first = 1;
  return fort_expand (f, r, a, &first, 1, 0, n, kb);
}

/* Candidates' exact values, one chain of J battles each, and their
   order: by value, equal values in the order found (lexicographic).  */
static int
fort_exact (size_t *order, const fort_search_t *s, const ro_rules_t *r,
            unsigned long a)
{
  mpq_t *v = malloc ((s->ncand ? s->ncand : 1) * sizeof *v);
  size_t *tmp = malloc ((s->ncand ? s->ncand : 1) * sizeof *tmp);
  int rc = v == NULL || tmp == NULL ? RO_ENOMEM : RO_OK;
  size_t nv = 0;
  ro_chain_t c;
  ro_chain_init (&c);
  for (; nv < s->ncand && rc == RO_OK; nv++)
    {
      ro_progress (nv, s->ncand);
      mpq_init (v[nv]);
      order[nv] = nv;
      rc = ro_chain_scope_valid (&c, r, a, s->cand + nv * s->j, s->j,
                                 RO_SCOPE_BATTLE, s->j);
      if (rc == RO_OK)
        mpq_set (v[nv], c.taken[s->j]);
    }
  ro_chain_clear (&c);
  /* Insertion into a merge sort's order would do; the candidates are
     few (ties and near-ties of the N best), so a stable insertion
     sort.  */
  for (size_t t = 1; t < nv && rc == RO_OK; t++)
    for (size_t u = t; u > 0 && mpq_cmp (v[order[u - 1]], v[order[u]]) > 0;
         u--)
      {
        size_t x = order[u];
        order[u] = order[u - 1];
        order[u - 1] = x;
      }
  for (size_t t = 0; t < nv; t++)
    mpq_clear (v[t]);
  free (v);
  free (tmp);
  return rc;
}

/* The search's arrays for RULES (the first J territories'), NULL when
   out of memory: fort_search_clear frees them.  */
static int
fort_search_init (fort_search_t *s, const ro_rules_t *r, unsigned long a,
                  unsigned long total, size_t k, size_t j, size_t n)
{
  memset (s, 0, sizeof *s);
  s->k = k;
  s->j = j;
  s->n = n;
  s->total = total;
  s->cap = total - k + 1;
  s->f0 = ro_rules_fighting (&r[0], a);
  s->nf = s->f0 + 1;
  s->nm = total + 1;
  /* The tables' sizes must fit a size_t (the callers' estimate,
     ro_fortify_best_memory, refuses far smaller ones).  */
  double big = (double) j * (s->cap + 1.0) * s->nf * (s->nm + s->nf);
  if (big * sizeof (double) > SIZE_MAX / 2)
    return RO_ENOMEM;
  size_t ne = (s->cap + 1) * s->nf * s->nf;
  s->e = calloc (j, sizeof *s->e);
  s->w = malloc (j * (s->cap + 1) * s->nf * s->nm * sizeof *s->w);
  s->l = malloc ((j + 1) * s->nf * s->nm * sizeof *s->l);
  s->dist = calloc ((j + 1) * s->nf, sizeof *s->dist);
  s->d = malloc (j * sizeof *s->d);
  s->best_v = malloc (n * sizeof *s->best_v);
  s->best_size = malloc (n * sizeof *s->best_size);
  s->maxcand = FORT_CANDIDATES_MAX;
  s->cand = malloc (s->maxcand * j * sizeof *s->cand);
  if (s->e == NULL || s->w == NULL || s->l == NULL || s->dist == NULL
      || s->d == NULL || s->best_v == NULL || s->best_size == NULL
      || s->cand == NULL)
    return RO_ENOMEM;
  /* One table per rule set: a territory of the same rules as one
     before it shares its table.  */
  int rc = RO_OK;
  for (size_t i = 0; i < j && rc == RO_OK; i++)
    {
      for (size_t t = 0; t < i && s->e[i] == NULL; t++)
        if (memcmp (&r[t], &r[i], sizeof *r) == 0)
          s->e[i] = s->e[t];
      if (s->e[i] != NULL)
        continue;
      double *e = malloc (ne * sizeof *e);
      if (e == NULL)
        return RO_ENOMEM;
      s->e[i] = e;
      ro_model_t model;
      rc = ro_model_init (&model, &r[i]);
      if (rc == RO_OK)
        {
          rc = fort_table (e, &model, s->f0, s->cap);
          ro_model_clear (&model);
        }
    }
  return rc;
}

static void
fort_search_clear (fort_search_t *s)
{
  for (size_t i = 0; s->e != NULL && i < s->j; i++)
    {
      int shared = 0;
      for (size_t t = 0; t < i; t++)
        shared |= s->e[t] == s->e[i];
      if (!shared)
        free ((double *) s->e[i]);
    }
  free (s->e);
  free (s->w);
  free (s->l);
  free (s->dist);
  free (s->d);
  free (s->best_v);
  free (s->best_size);
  free (s->cand);
}

/* The search for the first J territories of R: the candidates into S,
   then F's N best splits.  */
static int
fort_search (ro_fortify_t *f, fort_search_t *s, const ro_rules_t *r,
             unsigned long a, size_t kb)
{
  fort_bound (s);
  s->dist[s->f0] = 1;
  fort_phase1 (s, 0, s->total);
  if (s->overflow != 0)
    return s->overflow;
  double t = fort_threshold (s);
  s->limit = t == HUGE_VAL ? HUGE_VAL : t * (1 + FORT_EPS) + FORT_TINY;
  fort_phase2 (s, 0, s->total);
  if (s->overflow != 0)
    return s->overflow;
  size_t *order = malloc ((s->ncand ? s->ncand : 1) * sizeof *order);
  unsigned long *p = malloc ((s->ncand ? s->ncand : 1) * s->j * sizeof *p);
  int rc = order == NULL || p == NULL ? RO_ENOMEM : RO_OK;
  if (rc == RO_OK)
    rc = fort_exact (order, s, r, a);
  for (size_t g = 0; g < s->ncand && rc == RO_OK; g++)
    for (size_t u = 0; u < s->j; u++)
      p[g * s->j + u] = s->cand[order[g] * s->j + u];
  if (rc == RO_OK)
    rc = fort_expand (f, r, a, p, s->ncand, s->j, s->n, kb);
  free (order);
  free (p);
  return rc;
}

int
ro_fortify_best (ro_fortify_t *f, const ro_rules_t *rules, size_t nrules,
                 unsigned long a, unsigned long total, size_t k, size_t j,
                 size_t n)
{
  int rc = fort_check (rules, nrules, a, total, k, j);
  if (rc == RO_OK && n == 0)
    rc = RO_EINVAL;
  if (rc != RO_OK)
    return rc;
  ro_fortify_clear (f);
  f->k = k;
  f->total = total;
  size_t kb = fortify_battles (&rules[0], a, k, RO_SCOPE_BATTLE, k);
  ro_rules_t *r = malloc (kb * sizeof *r);
  if (r == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < kb; i++)
    r[i] = *fort_rules (rules, nrules, i);
  /* Battle i starts with at most F0 - i fighting armies (one stays in
     each territory taken), and one at or below the stop is lost: past
     battle F0 - stop every split is worth 0 exactly.  */
  unsigned long f0 = ro_rules_fighting (&rules[0], a);
  unsigned long fstop = ro_rules_stop_fighting (&rules[0]);
  if (j > kb || f0 <= fstop || j > f0 - fstop)
    rc = fort_first (f, r, a, n, kb);
  else
    {
      fort_search_t s;
      rc = fort_search_init (&s, r, a, total, k, j, n);
      if (rc == RO_OK)
        rc = fort_search (f, &s, r, a, kb);
      fort_search_clear (&s);
    }
  free (r);
  if (rc == RO_OK)
    ro_progress (1, 1);
  return rc;
}

int
ro_fortify_best_memory (double *bytes, const ro_rules_t *rules,
                        size_t nrules, unsigned long a, unsigned long total,
                        size_t k, size_t n)
{
  int rc = fort_check (rules, nrules, a, total, k, k);
  if (rc != RO_OK)
    return rc;
  size_t kb = fortify_battles (&rules[0], a, k, RO_SCOPE_BATTLE, k);
  double j = (double) kb, cap = total - k + 1.0;
  double nf = ro_rules_fighting (&rules[0], a) + 1.0, nm = total + 1.0;
  /* The largest search (J = KB): a table per rule set, the bound's two
     arrays, the candidates twice; each rule set's plan (or solver) for
     its table, and the exact chains of the candidates and of the splits
     reported, one at a time; the splits' K fractions.  */
  double tables = (nrules < kb ? nrules : j) * (cap + 1) * nf * nf;
  double search = 8 * (tables + j * (cap + 1) * nf * nm + (j + 1) * nf * nm
                       + (j + 1) * nf)
    + 2.0 * FORT_CANDIDATES_MAX * j * sizeof (unsigned long)
    + FORT_CANDIDATES_MAX * (sizeof (size_t) + sizeof (mpq_t));
  double peak = 0;
  for (size_t i = 0; i < nrules && i < kb && rc == RO_OK; i++)
    {
      double engine = 0, chain = 0;
      rc = ro_rules_optimizing (&rules[i])
        ? ro_plan_memory_valid (&engine, &rules[i], a, total - k + 1)
        : ro_solver_memory (&engine, &rules[i], a, total - k + 1);
      if (rc == RO_OK)
        rc = ro_chain_memory_uniform (&chain, &rules[i], a, total - k + 1,
                                      total, j, 0);
      peak = fmax (peak, fmax (engine, chain));
    }
  if (rc != RO_OK)
    return rc;
  double bits = (ro_rules_fighting (&rules[0], a) + (double) total)
    * ro_rules_bits_per_army (&rules[0]) + 64;
  double values = FORT_CANDIDATES_MAX * 2 * ro_limb_bytes (bits);
  double split = sizeof (ro_split_t) + 32
    + (double) k * (sizeof (unsigned long) + sizeof (mpq_t))
    + j * 2 * ro_limb_bytes (bits) + (double) (k - kb) * ro_limb_bytes (0);
  *bytes = 1.1 * (search + values + n * split) + peak
    + j * sizeof (ro_rules_t) + (1 << 20);
  return RO_OK;
}
