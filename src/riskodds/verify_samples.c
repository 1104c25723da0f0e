/* verify_samples.c -- riskodds verify --samples: simulated numbers */

#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* A simulator's number is K/N, K the battles won of N, rounded to the
   digits it shows: it stands for every count K_LO .. K_HI that rounds to
   it (both neighbours at a tie, as verify accepts them).  Under the
   exact P, K ~ Bin(N, P); the number is judged by the exact two-sided
   binomial test (ro_binomial_test: twice the smaller tail, certified
   bounds) at the count among those most favourable to it, so rounding
   never fails an honest simulator and 0.0000 for a P of 10^-9 is no
   event.  The file is judged by Holm's step-down correction at the
   family-wise level --alpha (0.001): an honest file of 600 numbers is
   caught with probability at most 0.001.  A file caught is tested again
   under the rule variants a simulator gets wrong, each judged the same
   way by its file p-value, min (1, M p_min) (Holm's first step, the
   Bonferroni bound: the variant is consistent when Holm rejects none of
   its numbers).  */

#define ALPHA_DEFAULT "0.001"
#define POWER 0.99

typedef struct
{
  size_t at;                    /* the entry */
  unsigned long n;              /* the battles it is the mean of */
  unsigned long k_lo, k_hi;     /* the counts that round to it; k_lo >
                                   k_hi: none does */
  unsigned long k;              /* the most favourable of them */
  ro_pvalue_t pv;
  double z;                     /* (shown - exact) / sqrt (P (1-P) / N) */
  int rejected;
} cell_t;

typedef struct
{
  const cli_opts_t *o;
  const char *file;
  const ro_sheet_t *sheet;
  cell_t *cell;
  size_t m;
  unsigned long lo[2], hi[2];   /* the grid covering the battles */
  mpq_t *exact;                 /* the grid's values under the rules */
  mpq_t alpha;
  double log10_alpha;
  size_t rejected;
  char *place_note;             /* how a headerless grid was placed */
  char *reading;                /* JSON: how verify read the text */
} samples_t;

/* ------------------------------------------------------------------ */
/* The samples column                                                 */

/* The bounds of cell FIELD (from 1) of the line at S, its cells split by
   DELIM (' ': runs of blanks); quotes and blanks around are dropped.
   0 when the line has no such cell.  */
static int
field_of (const char *s, char delim, unsigned long field, const char **b,
          const char **e)
{
  unsigned long f = 1;
  const char *p = s;
  if (delim == ' ')
    while (*p == ' ' || *p == '\t')
      p++;
  for (;;)
    {
      const char *start = p;
      int quoted = 0;
      while (*p && *p != '\n' && (quoted || *p != delim)
             && !(delim == ' ' && *p == '\t'))
        quoted ^= *p++ == '"';
      if (f == field)
        {
          const char *end = p;
          while (start < end && (isspace ((unsigned char) *start)
                                 || *start == '"' || *start == '|'))
            start++;
          while (end > start && (isspace ((unsigned char) end[-1])
                                 || end[-1] == '"' || end[-1] == '|'))
            end--;
          *b = start;
          *e = end;
          return 1;
        }
      if (*p != delim && !(delim == ' ' && *p == '\t'))
        return 0;
      while (*p == delim && delim == ' ')
        p++;
      if (delim != ' ')
        p++;
      f++;
    }
}

/* The start of every line of TEXT.  */
static const char **
line_starts (const char *text, size_t len, size_t *n)
{
  size_t lines = 1;
  for (size_t i = 0; i < len; i++)
    lines += text[i] == '\n';
  const char **at = malloc (lines * sizeof *at);
  if (at == NULL)
    return NULL;
  at[0] = text;
  size_t l = 1;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n')
      at[l++] = text + i + 1;
  *n = lines;
  return at;
}

/* The column headed "samples" of a long table (case aside), from 1, in
   the header: the last line before the first entry's that is neither
   blank nor a comment.  0 when there is none.  */
static unsigned long
samples_column (const ro_sheet_t *s, const char **line, size_t nlines)
{
  if (s->layout != RO_LAYOUT_LONG || s->n == 0)
    return 0;
  for (size_t l = s->entry[0].line - 1; l-- > 0 && l < nlines;)
    {
      const char *p = line[l];
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\n' || *p == '\r' || *p == '\0' || *p == '#')
        continue;
      const char *b, *e;
      for (unsigned long f = 1; field_of (line[l], s->delimiter, f, &b, &e);
           f++)
        if (e - b == 7 && strncasecmp (b, "samples", 7) == 0)
          return f;
      return 0;
    }
  return 0;
}

/* Whether the long table in SHEET, read from the LEN bytes of TEXT,
   has a column headed "samples": for plain verify, which judges by the
   digits and says that --samples would judge such a table.  */
int
cli_verify_has_samples (const ro_sheet_t *s, const char *text, size_t len)
{
  size_t nlines = 0;
  const char **line = line_starts (text, len, &nlines);
  int has = line != NULL && samples_column (s, line, nlines) != 0;
  free (line);
  return has;
}

/* The samples of entry E: its cell in column COL, or --samples.  */
static int
entry_samples (unsigned long *n, const samples_t *sm, const ro_entry_t *e,
               const char **line, size_t nlines, unsigned long col)
{
  *n = sm->o->samples;
  const char *b, *end;
  if (col == 0 || e->line - 1 >= nlines
      || !field_of (line[e->line - 1], sm->sheet->delimiter, col, &b, &end)
      || b == end)
    {
      if (*n == 0)
        return cli_error ("%s:%lu: no samples for %lu v %lu: give --samples "
                          "N or fill its 'samples' cell", sm->file, e->line,
                          e->attackers, e->defenders);
      return CLI_EXIT_OK;
    }
  char buf[32];
  size_t len = (size_t) (end - b);
  unsigned long v = 0;
  int ok = len < sizeof buf;
  if (ok)
    {
      memcpy (buf, b, len);
      buf[len] = '\0';
      mpq_t q;
      mpq_init (q);
      ok = ro_q_set_str (q, buf) == RO_OK && mpz_cmp_ui (mpq_denref (q), 1)
        == 0 && mpz_sgn (mpq_numref (q)) > 0
        && mpz_cmp_ui (mpq_numref (q), RO_SAMPLES_MAX) <= 0;
      if (ok)
        v = mpz_get_ui (mpq_numref (q));
      mpq_clear (q);
    }
  if (!ok)
    return cli_error ("%s:%lu: field %lu: invalid samples '%.*s' (expected "
                      "the battles simulated, 1 to %lu)", sm->file, e->line,
                      col, (int) (len > 40 ? 40 : len), b, RO_SAMPLES_MAX);
  *n = v;
  return CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* The counts a number stands for, and the exact values               */

/* K_LO .. K_HI: the counts K with K/N within half the number's last
   unit of it (K/N itself for a fraction).  */
static void
count_range (cell_t *c, const ro_number_t *num)
{
  mpq_t h, t;
  mpz_t k;
  mpq_inits (h, t, (mpq_ptr) 0);
  mpz_init (k);
  mpq_div_2exp (h, num->ulp, 1);
  for (int side = 0; side < 2; side++)
    {
      (side ? mpq_add : mpq_sub) (t, num->value, h);
      mpz_mul_ui (mpq_numref (t), mpq_numref (t), c->n);
      mpq_canonicalize (t);
      (side ? mpz_fdiv_q : mpz_cdiv_q) (k, mpq_numref (t), mpq_denref (t));
      if (mpz_sgn (k) < 0)
        mpz_set_ui (k, 0);
      if (mpz_cmp_ui (k, c->n) > 0)
        mpz_set_ui (k, c->n);
      *(side ? &c->k_hi : &c->k_lo) = mpz_get_ui (k);
    }
  /* Below 0 or above N altogether: no count.  */
  mpq_sub (t, num->value, h);
  if (mpq_cmp_ui (t, 1, 1) > 0)
    c->k_lo = c->n, c->k_hi = c->n - 1;
  mpq_add (t, num->value, h);
  if (mpq_sgn (t) < 0)
    c->k_lo = 1, c->k_hi = 0;
  mpq_clears (h, t, (mpq_ptr) 0);
  mpz_clear (k);
}

typedef struct
{
  samples_t *sm;
  mpq_t *grid;
} keep_t;

static int
keep_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  keep_t *kp = data;
  samples_t *sm = kp->sm;
  size_t w = sm->hi[1] - sm->lo[1] + 1;
  mpq_set (kp->grid[(a - sm->lo[0]) * w + (d - sm->lo[1])], win);
  return 0;
}

static size_t
grid_size (const samples_t *sm)
{
  return (sm->hi[0] - sm->lo[0] + 1) * (sm->hi[1] - sm->lo[1] + 1);
}

static mpq_t *
grid_new (const samples_t *sm)
{
  size_t n = grid_size (sm);
  mpq_t *g = malloc (n * sizeof *g);
  if (g != NULL)
    for (size_t i = 0; i < n; i++)
      mpq_init (g[i]);
  return g;
}

static void
grid_free (const samples_t *sm, mpq_t *g)
{
  if (g == NULL)
    return;
  for (size_t i = 0, n = grid_size (sm); i < n; i++)
    mpq_clear (g[i]);
  free (g);
}

/* The exact value entry E's number is about, from GRID: P(win), or
   1 - P(win) for a column of the defender's chance.  */
static void
exact_of (mpq_t x, const samples_t *sm, mpq_t *grid, const ro_entry_t *e)
{
  size_t w = sm->hi[1] - sm->lo[1] + 1;
  mpq_set (x, grid[(e->attackers - sm->lo[0]) * w
                   + (e->defenders - sm->lo[1])]);
  if (sm->sheet->defender)
    {
      mpq_neg (x, x);
      mpz_add (mpq_numref (x), mpq_numref (x), mpq_denref (x));
    }
}

/* The grid under RULES: NULL when it cannot be computed (rules that
   cannot hold the battles, memory beyond the limit), quietly.  */
static mpq_t *
grid_under (samples_t *sm, const ro_rules_t *rules)
{
  double need;
  if (ro_rules_check (rules) != RO_OK
      || (rules->count == RO_COUNT_TERRITORY && sm->lo[0] == 0)
      || ro_battle_memory_method (&need, rules, sm->hi[0], sm->hi[1],
                                  RO_METHOD_RECURSION) != RO_OK
      || need > sm->o->max_memory)
    return NULL;
  keep_t kp = { sm, grid_new (sm) };
  if (kp.grid != NULL
      && ro_battle_grid (rules, sm->lo[0], sm->hi[0], sm->lo[1], sm->hi[1],
                         keep_cell, &kp) != RO_OK)
    {
      grid_free (sm, kp.grid);
      kp.grid = NULL;
    }
  return kp.grid;
}

/* ------------------------------------------------------------------ */
/* The tests                                                          */

/* Test every cell against GRID: p-values, z-scores.  The file's
   p-value's log10 (upper bound) in *FAMILY.  */
static int
test_cells (samples_t *sm, mpq_t *grid, double *family)
{
  mpq_t x;
  mpq_init (x);
  double smallest = 0;
  int rc = CLI_EXIT_OK;
  for (size_t i = 0; i < sm->m && rc == CLI_EXIT_OK; i++)
    {
      cell_t *c = &sm->cell[i];
      const ro_entry_t *e = &sm->sheet->entry[c->at];
      exact_of (x, sm, grid, e);
      if (c->k_lo > c->k_hi)
        {
          c->k = 0;
          c->pv.log10_lo = c->pv.log10_hi = -HUGE_VAL;
        }
      else if (ro_binomial_test_best (&c->pv, &c->k, x, c->n, c->k_lo,
                                      c->k_hi) != RO_OK)
        rc = cli_error ("%s: the binomial test failed", sm->file);
      double p = mpq_get_d (x), v = mpq_get_d (e->number.value);
      double sd = sqrt (p * (1 - p) / (double) c->n);
      c->z = sd > 0 ? (v - p) / sd : v == p ? 0 : v > p ? HUGE_VAL
        : -HUGE_VAL;
      if (i == 0 || c->pv.log10_hi < smallest)
        smallest = c->pv.log10_hi;
    }
  mpq_clear (x);
  /* min (1, M p_min).  */
  *family = smallest + log10 ((double) sm->m);
  if (*family > 0)
    *family = 0;
  return rc;
}

static const cell_t *holm_cells;

static int
by_pvalue (const void *x, const void *y)
{
  const cell_t *a = &holm_cells[*(const size_t *) x];
  const cell_t *b = &holm_cells[*(const size_t *) y];
  if (a->pv.log10_hi != b->pv.log10_hi)
    return a->pv.log10_hi < b->pv.log10_hi ? -1 : 1;
  return a->at < b->at ? -1 : a->at > b->at;
}

/* Holm's step-down: the I-th smallest p-value (from 0) is rejected when
   it and every smaller one lie below ALPHA / (M - I).  A p-value counts
   as below only when its upper bound is: a bound that straddles the
   threshold (they are 2^-60 apart) keeps the number.  */
static int
holm (samples_t *sm)
{
  size_t *order = malloc ((sm->m ? sm->m : 1) * sizeof *order);
  if (order == NULL)
    return cli_error ("out of memory");
  for (size_t i = 0; i < sm->m; i++)
    order[i] = i;
  holm_cells = sm->cell;
  qsort (order, sm->m, sizeof *order, by_pvalue);
  sm->rejected = 0;
  for (size_t i = 0; i < sm->m; i++)
    {
      cell_t *c = &sm->cell[order[i]];
      double thr = sm->log10_alpha - log10 ((double) (sm->m - i));
      if (!(c->pv.log10_hi < thr))
        break;
      c->rejected = 1;
      sm->rejected++;
    }
  free (order);
  return CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* The variants of a diagnosis                                        */

typedef struct
{
  ro_rules_t rules;
  char name[80];                /* "ties to the attacker" */
  char option[40];              /* "--ties attacker" */
} variant_t;

static const char *
defender_name (ro_defender_t d)
{
  switch (d)
    {
    case RO_DEFENDER_WIERINGA:
      return "wieringa";
    case RO_DEFENDER_OPTIMAL:
      return "optimal";
    case RO_DEFENDER_WIERINGA_ROLLED:
      return "wieringa-rolled";
    default:
      return "max";
    }
}

/* The rule variants a simulator gets wrong, each one change from R:
   who wins ties, the army count, the defender's dice policy, the dice
   per side (one more or one fewer).  The first is the ties'.  */
static int
variants (variant_t *v, const ro_rules_t *r)
{
  int n = 0;
  v[n].rules = *r;
  v[n].rules.ties = r->ties == RO_TIES_DEFENDER ? RO_TIES_ATTACKER
    : RO_TIES_DEFENDER;
  snprintf (v[n].name, sizeof v[n].name, "ties to the %s",
            cli_ties_name (v[n].rules.ties));
  snprintf (v[n].option, sizeof v[n].option, "--ties %s",
            cli_ties_name (v[n].rules.ties));
  n++;
  v[n].rules = *r;
  v[n].rules.count = r->count == RO_COUNT_TERRITORY ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
  snprintf (v[n].name, sizeof v[n].name, "the other army count");
  snprintf (v[n].option, sizeof v[n].option, "--count %s",
            cli_count_name (v[n].rules.count));
  n++;
  static const ro_defender_t pol[] = { RO_DEFENDER_MAX, RO_DEFENDER_WIERINGA,
    RO_DEFENDER_WIERINGA_ROLLED, RO_DEFENDER_OPTIMAL
  };
  for (size_t i = 0; i < sizeof pol / sizeof *pol; i++)
    if (pol[i] != r->defender)
      {
        v[n].rules = *r;
        v[n].rules.defender = pol[i];
        snprintf (v[n].name, sizeof v[n].name, "%s",
                  pol[i] == RO_DEFENDER_MAX ? "the defender's most dice"
                  : pol[i] == RO_DEFENDER_WIERINGA ? "Wieringa's defender"
                  : pol[i] == RO_DEFENDER_OPTIMAL ? "the optimal defender"
                  : "Wieringa's defender as his figures roll");
        snprintf (v[n].option, sizeof v[n].option, "--defender %s",
                  defender_name (pol[i]));
        n++;
      }
  for (int side = 0; side < 2; side++)
    for (int delta = -1; delta <= 1; delta += 2)
      {
        unsigned dice = (side ? r->defend_dice : r->attack_dice) + delta;
        if (dice < 1 || dice > RO_DICE_MAX)
          continue;
        v[n].rules = *r;
        *(side ? &v[n].rules.defend_dice : &v[n].rules.attack_dice) = dice;
        snprintf (v[n].name, sizeof v[n].name, "%u %s di%s", dice,
                  side ? "defence" : "attack", dice == 1 ? "e" : "ce");
        snprintf (v[n].option, sizeof v[n].option, "--%s-dice %u",
                  side ? "defend" : "attack", dice);
        n++;
      }
  return n;
}

/* ------------------------------------------------------------------ */
/* The report                                                         */

/* A p-value from the log10 of its upper bound, to two digits:
   "0.41", "0.0021", "3.1e-17", "2.0e-4521"; "1" and "0".  */
static void
pvalue_text (char *buf, size_t size, double l)
{
  if (l == -HUGE_VAL)
    snprintf (buf, size, "0");
  else if (l >= 0)
    snprintf (buf, size, "1");
  else if (l >= -4)
    snprintf (buf, size, "%.2g", pow (10, l));
  else
    {
      double e = floor (l), m = pow (10, l - e);
      /* 9.96 would print as 10.0.  */
      if (m >= 9.95)
        {
          m /= 10;
          e += 1;
        }
      snprintf (buf, size, "%.1fe%.0f", m, e);
    }
}

static void
z_text (char *buf, size_t size, double z)
{
  if (isinf (z))
    snprintf (buf, size, "%s", z > 0 ? "inf" : "-inf");
  else
    snprintf (buf, size, "%.2f", fabs (z) < 0.005 ? 0.0 : z);
}

static void
json_double (double x)
{
  if (isinf (x))
    fputs ("null", stdout);
  else
    printf ("%.17g", x);
}

/* One cell, in CSV or JSON (every cell) or text (the rejected).  */
static int
print_cell (const samples_t *sm, const cell_t *c, int first)
{
  const ro_entry_t *e = &sm->sheet->entry[c->at];
  const cli_opts_t *o = sm->o;
  char p[64], z[32];
  mpq_t x;
  mpq_init (x);
  exact_of (x, sm, sm->exact, e);
  char *exact = cli_decimal (x, o->digits);
  mpq_clear (x);
  if (exact == NULL)
    return CLI_EXIT_ERROR;
  pvalue_text (p, sizeof p, c->pv.log10_hi);
  z_text (z, sizeof z, c->z);
  int none = c->k_lo > c->k_hi;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_cell (sm->file);
      printf (",%lu,%lu,%lu,%lu,", e->line, e->field, e->attackers,
              e->defenders);
      cli_csv_cell (e->text);
      printf (",%lu,%s,", c->n, exact);
      if (none)
        fputs (",,", stdout);
      else
        printf ("%lu,%lu,%lu", c->k_lo, c->k_hi, c->k);
      printf (",%s,%s,%s\n", z, p, c->rejected ? "yes" : "no");
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"line\":%lu,\"field\":%lu,\"attackers\":%lu,"
              "\"defenders\":%lu,\"published\":", first ? "" : ",",
              e->line, e->field, e->attackers, e->defenders);
      cli_json_string (e->text);
      printf (",\"samples\":%lu,\"exact\":\"%s\",", c->n, exact);
      if (none)
        fputs ("\"counts\":null,\"count\":null", stdout);
      else
        printf ("\"counts\":[%lu,%lu],\"count\":%lu", c->k_lo, c->k_hi,
                c->k);
      fputs (",\"z\":", stdout);
      json_double (c->z);
      printf (",\"p_value\":\"%s\",\"log10_p\":[", p);
      json_double (c->pv.log10_lo);
      putchar (',');
      json_double (c->pv.log10_hi);
      printf ("],\"rejected\":%s}", c->rejected ? "true" : "false");
    }
  else if (c->rejected)
    {
      printf ("%s:%lu: field %lu: %lu v %lu: %s of %lu battles: exact %s, "
              "z = %s, p = %s", sm->file, e->line, e->field, e->attackers,
              e->defenders, e->text, c->n, exact, z, p);
      if (none)
        printf (" (no count of %lu battles rounds to it)", c->n);
      putchar ('\n');
    }
  free (exact);
  return CLI_EXIT_OK;
}

/* Whether N battles detect P1 against P0 with POWER in the exact test
   at the level LOG10_A (log10, two-sided), certified: the critical count
   K_C on P1's side (the first the test rejects, by bisection: the
   p-value falls monotonically away from the mean), then P1's tail
   beyond K_C, at most 1 - POWER (twice it bounds the two-sided p-value
   of the count next to K_C, the smaller tail there being P1's tail).  */
static int
detects (const mpq_t p0, const mpq_t p1, unsigned long n, double log10_a)
{
  int up = mpq_cmp (p1, p0) > 0;
  mpz_t t;
  mpz_init (t);
  mpz_mul_ui (t, mpq_numref (p0), n);
  (up ? mpz_cdiv_q : mpz_fdiv_q) (t, t, mpq_denref (p0));
  unsigned long mean = mpz_get_ui (t);
  mpz_clear (t);
  ro_pvalue_t pv;
  unsigned long lo = mean, hi = up ? n : 0;
  if (ro_binomial_test (&pv, p0, n, hi) != RO_OK
      || !(pv.log10_hi < log10_a))
    return 0;
  /* LO does not reject (or is the mean), HI does.  */
  while (up ? hi - lo > 1 : lo - hi > 1)
    {
      unsigned long mid = up ? lo + (hi - lo) / 2 : hi + (lo - hi) / 2;
      if (ro_binomial_test (&pv, p0, n, mid) != RO_OK)
        return 0;
      if (pv.log10_hi < log10_a)
        hi = mid;
      else
        lo = mid;
    }
  /* P1 (X < K_C) (up) or P1 (X > K_C) at most 1 - POWER.  */
  if (up ? hi == 0 : hi == n)
    return 1;
  unsigned long next = up ? hi - 1 : hi + 1;
  return ro_binomial_test (&pv, p1, n, next) == RO_OK
    && pv.log10_hi <= log10 (2 * (1 - POWER));
}

/* The standard normal's upper quantile of TAIL, by bisection on erfc:
   only the starting guess of the power search.  */
static double
upper_quantile (double tail)
{
  double lo = 0, hi = 40;
  for (int it = 0; it < 200; it++)
    {
      double mid = (lo + hi) / 2;
      if (0.5 * erfc (mid / sqrt (2)) > tail)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The N that detects ALT (exact values) against the rules' values with
   POWER in at least one number, by the exact test at Bonferroni's level
   ALPHA / M for one number (Holm rejects at least what it does): the
   normal approximation N = ((z_a s0 + z_b s1) / |p1 - p0|)^2 picks the
   five most sensitive numbers and starts the search; the exact test
   then moves N by 5 % steps to the smallest that detects (power is not
   quite monotone in N: the N given detects, a few smaller ones may
   too).  0 when none is found.  */
static double
power_samples (const samples_t *sm, mpq_t *alt, size_t *where)
{
  double za = upper_quantile (pow (10, sm->log10_alpha) / (2.0 * sm->m));
  double zb = upper_quantile (1 - POWER);
  enum { TOP = 5 };
  double guess[TOP];
  size_t at[TOP];
  int ntop = 0;
  mpq_t x, y;
  mpq_inits (x, y, (mpq_ptr) 0);
  for (size_t i = 0; i < sm->m; i++)
    {
      const ro_entry_t *e = &sm->sheet->entry[sm->cell[i].at];
      exact_of (x, sm, sm->exact, e);
      exact_of (y, sm, alt, e);
      double p0 = mpq_get_d (x), p1 = mpq_get_d (y), d = fabs (p1 - p0);
      if (mpq_equal (x, y))
        continue;
      double s = (za * sqrt (p0 * (1 - p0)) + zb * sqrt (p1 * (1 - p1))) / d;
      double n = ceil (s * s);
      /* Kept sorted: a full list drops its last.  */
      if (ntop == TOP && n >= guess[TOP - 1])
        continue;
      int j = ntop < TOP ? ntop++ : TOP - 1;
      for (; j > 0 && guess[j - 1] > n; j--)
        {
          guess[j] = guess[j - 1];
          at[j] = at[j - 1];
        }
      guess[j] = n;
      at[j] = i;
    }
  double best = 0, log10_a = sm->log10_alpha - log10 ((double) sm->m);
  for (int j = 0; j < ntop; j++)
    {
      const ro_entry_t *e = &sm->sheet->entry[sm->cell[at[j]].at];
      exact_of (x, sm, sm->exact, e);
      exact_of (y, sm, alt, e);
      double n = guess[j] < 1 ? 1 : guess[j];
      int ok = n <= RO_SAMPLES_MAX && detects (x, y, (unsigned long) n,
                                                 log10_a);
      for (int step = 0; step < 400; step++)
        {
          double m = ok ? floor (n / 1.05) : ceil (n * 1.05) + 1;
          if (m < 1 || m > RO_SAMPLES_MAX || (ok && m == n))
            break;
          int mok = detects (x, y, (unsigned long) m, log10_a);
          if (ok && !mok)
            break;
          n = m;
          ok = mok;
        }
      if (ok && (best == 0 || n < best))
        {
          best = n;
          *where = at[j];
        }
    }
  mpq_clears (x, y, (mpq_ptr) 0);
  return best;
}

/* The diagnosis of a file caught: the variants under which it is
   consistent, best first, and the rules asked.  JSON: an array.  */
static int
diagnose (samples_t *sm, double family)
{
  variant_t v[16];
  int nv = variants (v, &sm->o->rules);
  double fp[16];
  int ok[16], order[16], n = 0;
  cell_t *keep = malloc (sm->m * sizeof *keep);
  if (keep == NULL)
    return cli_error ("out of memory");
  memcpy (keep, sm->cell, sm->m * sizeof *keep);
  for (int i = 0; i < nv; i++)
    {
      mpq_t *g = grid_under (sm, &v[i].rules);
      ok[i] = g != NULL && test_cells (sm, g, &fp[i]) == CLI_EXIT_OK;
      grid_free (sm, g);
      if (ok[i])
        order[n++] = i;
    }
  memcpy (sm->cell, keep, sm->m * sizeof *keep);
  free (keep);
  /* Best first: the largest file p-value.  */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && fp[order[j]] > fp[order[j - 1]]; j--)
      {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  char p[64];
  if (sm->o->format == CLI_FORMAT_JSON)
    {
      fputs (",\"diagnosis\":[", stdout);
      for (int i = 0; i < n; i++)
        {
          pvalue_text (p, sizeof p, fp[order[i]]);
          printf ("%s{\"variant\":\"%s\",\"option\":\"%s\",\"p_value\":"
                  "\"%s\",\"consistent\":%s}", i ? "," : "",
                  v[order[i]].name, v[order[i]].option, p,
                  fp[order[i]] > sm->log10_alpha ? "true" : "false");
        }
      putchar (']');
      return CLI_EXIT_OK;
    }
  fputs ("  diagnosis: ", stdout);
  int any = 0;
  for (int i = 0; i < n && fp[order[i]] > sm->log10_alpha; i++)
    {
      pvalue_text (p, sizeof p, fp[order[i]]);
      printf ("%s%s (%s, p = %s)", any ? ", " : "consistent with ",
              v[order[i]].name, v[order[i]].option, p);
      any = 1;
    }
  /* A number no count of wins rounds to has p = 0 under every rule: no
     variant can help, and naming "the closest" of them would mislead;
     so would naming one further than the rules asked.  */
  size_t impossible = 0;
  for (size_t i = 0; i < sm->m; i++)
    impossible += sm->cell[i].k_lo > sm->cell[i].k_hi;
  if (!any && impossible > 0)
    printf ("no variant can explain it: %zu number%s cannot be the "
            "mean of %s battles (no count of wins rounds to %s)",
            impossible, impossible == 1 ? "" : "s",
            impossible == 1 ? "its" : "their",
            impossible == 1 ? "it" : "them");
  else if (!any && n > 0 && fp[order[0]] > family)
    {
      pvalue_text (p, sizeof p, fp[order[0]]);
      printf ("no variant tried explains it (the closest, %s: p = %s)",
              v[order[0]].name, p);
    }
  else if (!any)
    fputs ("no variant tried explains it or comes closer", stdout);
  pvalue_text (p, sizeof p, family);
  const ro_rules_t *r = &sm->o->rules;
  int standard = ro_rules_is_standard (r) && r->stop == 0 && r->goal == 0
    && r->defender == RO_DEFENDER_MAX && r->attacker == RO_ATTACKER_MAX
    && r->count == RO_COUNT_TERRITORY;
  printf ("; inconsistent with %s (p = %s)\n", standard
          ? "the standard rules" : "the rules above", p);
  return CLI_EXIT_OK;
}

/* The power line (text) or object (JSON) for the first variant, the
   ties'.  */
static void
print_power (samples_t *sm)
{
  variant_t v[16];
  variants (v, &sm->o->rules);
  mpq_t *alt = grid_under (sm, &v[0].rules);
  size_t where = 0;
  double n = alt ? power_samples (sm, alt, &where) : 0;
  grid_free (sm, alt);
  const ro_entry_t *e = n > 0 ? &sm->sheet->entry[sm->cell[where].at] : NULL;
  if (sm->o->format == CLI_FORMAT_JSON)
    {
      printf (",\"power\":{\"alternative\":\"%s\",\"option\":\"%s\","
              "\"power\":%g,", v[0].name, v[0].option, POWER);
      if (e)
        printf ("\"samples\":%.0f,\"attackers\":%lu,\"defenders\":%lu}", n,
                e->attackers, e->defenders);
      else
        fputs ("\"samples\":null,\"attackers\":null,\"defenders\":null}",
               stdout);
      return;
    }
  if (e)
    printf ("  power: %.0f battles per number detect %s with %g%% power "
            "(at %lu v %lu, by the exact test at %s/%zu)\n", n, v[0].name,
            100 * POWER, e->attackers, e->defenders,
            sm->o->alpha ? sm->o->alpha : ALPHA_DEFAULT, sm->m);
}

/* The file's summary after its cells.  */
static int
print_summary (samples_t *sm, double family)
{
  const cli_opts_t *o = sm->o;
  char p[64];
  pvalue_text (p, sizeof p, family);
  unsigned long n0 = sm->m ? sm->cell[0].n : 0;
  int same = 1;
  for (size_t i = 0; i < sm->m; i++)
    same &= sm->cell[i].n == n0;
  int caught = sm->rejected > 0;
  if (o->format == CLI_FORMAT_CSV)
    return CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("],\"numbers\":%zu,\"rejected\":%zu,\"p_value\":\"%s\","
              "\"verdict\":\"%s\"", sm->m, sm->rejected, p,
              caught ? "caught" : "consistent");
      int rc = caught ? diagnose (sm, family) : CLI_EXIT_OK;
      if (!caught)
        fputs (",\"diagnosis\":null", stdout);
      print_power (sm);
      /* How a headerless grid was placed, as the text says it; then
         how the text was read, as plain verify's JSON says it (after
         the keys --samples had before them).  */
      cli_json_notes (sm->place_note);
      if (sm->reading)
        fputs (sm->reading, stdout);
      putchar ('}');
      return rc;
    }
  printf ("%s: %zu number%s", sm->file, sm->m, sm->m == 1 ? "" : "s");
  if (same && sm->m)
    printf (" of %lu battles each", n0);
  if (caught)
    printf (": caught: %zu rejected by Holm at family-wise %s (p = %s)\n",
            sm->rejected, o->alpha ? o->alpha : ALPHA_DEFAULT, p);
  else
    printf (": consistent: none rejected by Holm at family-wise %s "
            "(p = %s)\n", o->alpha ? o->alpha : ALPHA_DEFAULT, p);
  if (sm->place_note)
    fputs (sm->place_note, stdout);
  int rc = caught ? diagnose (sm, family) : CLI_EXIT_OK;
  print_power (sm);
  return rc;
}

/* ------------------------------------------------------------------ */
/* A file                                                             */

/* The cells of SHEET, their samples and counts; the grid that covers
   them, checked.  */
static int
cells_of (samples_t *sm, const char *text, size_t len)
{
  const ro_sheet_t *s = sm->sheet;
  size_t nlines = 0;
  const char **line = line_starts (text, len, &nlines);
  sm->cell = calloc (s->n ? s->n : 1, sizeof *sm->cell);
  if (line == NULL || sm->cell == NULL)
    {
      free (line);
      return cli_error ("out of memory");
    }
  unsigned long col = samples_column (s, line, nlines);
  sm->m = s->n;
  sm->lo[0] = sm->lo[1] = (unsigned long) -1;
  sm->hi[0] = sm->hi[1] = 0;
  int rc = CLI_EXIT_OK;
  for (size_t i = 0; i < s->n && rc == CLI_EXIT_OK; i++)
    {
      const ro_entry_t *e = &s->entry[i];
      cell_t *c = &sm->cell[i];
      c->at = i;
      rc = entry_samples (&c->n, sm, e, line, nlines, col);
      if (rc == CLI_EXIT_OK && e->attackers == 0
          && sm->o->rules.count == RO_COUNT_TERRITORY)
        rc = cli_error ("%s:%lu: field %lu: no battle %lu against %lu "
                        "under --count territory (a territory holds at "
                        "least one army)", sm->file, e->line, e->field,
                        e->attackers, e->defenders);
      if (rc != CLI_EXIT_OK)
        break;
      count_range (c, &e->number);
      unsigned long v[2] = { e->attackers, e->defenders };
      for (int k = 0; k < 2; k++)
        {
          sm->lo[k] = v[k] < sm->lo[k] ? v[k] : sm->lo[k];
          sm->hi[k] = v[k] > sm->hi[k] ? v[k] : sm->hi[k];
        }
    }
  free (line);
  if (rc == CLI_EXIT_OK && s->n == 0)
    rc = cli_error ("%s: no numbers to judge", sm->file);
  return rc;
}

static void print_head (const cli_opts_t *o);

static int
judge_file (samples_t *sm, const char *text, size_t len, int *caught,
            int *reported)
{
  const cli_opts_t *o = sm->o;
  int rc = cells_of (sm, text, len);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_memory (o, sm->hi[0], sm->hi[1]);
  if (rc != CLI_EXIT_OK)
    return rc;
  sm->exact = grid_new (sm);
  if (sm->exact == NULL)
    return cli_error ("out of memory");
  keep_t kp = { sm, sm->exact };
  int lrc = ro_battle_grid (&o->rules, sm->lo[0], sm->hi[0], sm->lo[1],
                            sm->hi[1], keep_cell, &kp);
  if (lrc != RO_OK)
    return cli_error ("%s: %s", sm->file, ro_strerror (lrc));
  double family;
  rc = test_cells (sm, sm->exact, &family);
  if (rc == CLI_EXIT_OK)
    rc = holm (sm);
  if (rc != CLI_EXIT_OK)
    return rc;
  /* Nothing is printed for a file that cannot be judged.  */
  if (*reported == 0)
    print_head (o);
  else if (o->format == CLI_FORMAT_TEXT)
    putchar ('\n');
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"file\":", *reported ? "," : "");
      cli_json_string (sm->file);
      fputs (",\"numbers_judged\":[", stdout);
    }
  ++*reported;
  for (size_t i = 0; i < sm->m && rc == CLI_EXIT_OK; i++)
    rc = print_cell (sm, &sm->cell[i], i == 0);
  if (rc == CLI_EXIT_OK)
    rc = print_summary (sm, family);
  *caught |= sm->rejected > 0;
  return rc;
}

static void
print_head (const cli_opts_t *o)
{
  const char *alpha = o->alpha ? o->alpha : ALPHA_DEFAULT;
  if (o->format == CLI_FORMAT_CSV)
    puts ("file,line,field,attackers,defenders,published,samples,"
          "exact_decimal,count_low,count_high,count,z,p_value,rejected");
  else if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"count\":\"%s\",\"judged_by\":\"samples\",\"test\":"
              "\"exact binomial, two-sided\",\"correction\":\"holm\","
              "\"alpha\":", cli_count_name (o->rules.count));
      cli_json_string (alpha);
      fputs (",\"files\":[", stdout);
    }
  else
    {
      cli_print_rules_text (stdout, &o->rules);
      cli_print_count_text (stdout, &o->rules);
      printf ("Each number is the mean of simulated battles: judged by the "
              "exact binomial\ntest (two-sided, twice the smaller tail) at "
              "the count most favourable to it\namong those that round to "
              "it; a file by Holm's correction at family-wise\nlevel %s.  "
              "The numbers rejected are listed.\n\n", alpha);
    }
}

static void
samples_clear (samples_t *sm)
{
  free (sm->cell);
  sm->cell = NULL;
  if (sm->exact)
    grid_free (sm, sm->exact);
  sm->exact = NULL;
}

static int
parse_alpha (samples_t *sm, const char *arg)
{
  mpq_init (sm->alpha);
  if (ro_q_set_str (sm->alpha, arg) != RO_OK || mpq_sgn (sm->alpha) <= 0
      || mpq_cmp_ui (sm->alpha, 1, 1) >= 0)
    {
      mpq_clear (sm->alpha);
      return cli_usage_error ("invalid --alpha '%s' (expected a level "
                              "between 0 and 1, such as 0.001 or 1/1000)",
                              arg);
    }
  sm->log10_alpha = log10 (mpq_get_d (sm->alpha));
  mpq_clear (sm->alpha);
  return CLI_EXIT_OK;
}

int
cmd_verify_samples (const cli_opts_t *o, int argc, char **argv,
                    cli_verify_reading_fn *reading)
{
  if (argc < 1)
    return cli_usage_error ("verify needs at least one FILE (- for "
                            "standard input)");
  samples_t sm;
  memset (&sm, 0, sizeof sm);
  sm.o = o;
  int rc = parse_alpha (&sm, o->alpha ? o->alpha : ALPHA_DEFAULT);
  if (rc != CLI_EXIT_OK)
    return rc;
  int caught = 0, reported = 0, failed = 0;
  for (int i = 0; i < argc; i++)
    {
      char *text = NULL;
      size_t len = 0;
      ro_sheet_t sheet;
      ro_read_options_t ro;
      ro_sheet_init (&sheet);
      cli_verify_read_options (&ro, o);
      sm.file = argv[i];
      sm.sheet = &sheet;
      int frc = cli_verify_slurp (&text, &len, argv[i]);
      if (frc == CLI_EXIT_OK)
        frc = cli_verify_read_sheet (argv[i], text, len, &ro, &sheet);
      /* A grid without labels is placed as plain verify places it, and
         the reading described as plain verify describes it.  */
      if (frc == CLI_EXIT_OK)
        frc = reading (o, argv[i], text, len, &ro, &sheet, &sm.place_note,
                       &sm.reading);
      if (frc == CLI_EXIT_OK)
        frc = judge_file (&sm, text, len, &caught, &reported);
      failed |= frc != CLI_EXIT_OK;
      samples_clear (&sm);
      free (sm.place_note);
      free (sm.reading);
      sm.place_note = sm.reading = NULL;
      ro_sheet_clear (&sheet);
      free (text);
    }
  if (reported && o->format == CLI_FORMAT_JSON)
    puts ("]}");
  if (failed)
    return CLI_EXIT_ERROR;
  return caught ? CLI_EXIT_WRONG : CLI_EXIT_OK;
}
