/* check_battle.c -- tests of the exact probability that the attacker wins */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

#ifndef TESTDATADIR
# define TESTDATADIR "data"
#endif

/* The reference handles at most this many dice per side.  */
#define REF_DICE 4

static void
rules_make (ro_rules_t *r, unsigned sa, unsigned sd, unsigned da,
            unsigned dd, int ties_to_attacker, ro_count_t count)
{
  ro_rules_init (r);
  r->attack_sides = sa;
  r->defend_sides = sd;
  r->attack_dice = da;
  r->defend_dice = dd;
  r->ties = ties_to_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = count;
}

/* ------------------------------------------------------------------ */
/* The reference: brute-force rounds and a plain memoised recursion   */
/* ------------------------------------------------------------------ */

/* The sorted rolls of N dice with S sides: each distinct descending
   tuple and the number of ordered rolls that sort to it.  */
typedef struct
{
  size_t len;
  unsigned (*tuple)[REF_DICE];
  unsigned long *mult;
} side_rolls_t;

static void
side_rolls (side_rolls_t *h, unsigned s, unsigned n)
{
  unsigned dice[REF_DICE], v[REF_DICE];
  unsigned long cells = 1, code, *hits;
  unsigned i, j;

  for (i = 0; i < n; i++)
    cells *= s + 1;
  hits = calloc (cells, sizeof *hits);
  ck_assert_ptr_nonnull (hits);

  /* Every ordered roll, sorted, counted under its code in base S + 1.  */
  for (i = 0; i < n; i++)
    dice[i] = 1;
  for (;;)
    {
      memcpy (v, dice, sizeof v);
      for (i = 1; i < n; i++)
        for (j = i; j > 0 && v[j - 1] < v[j]; j--)
          {
            unsigned t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
          }
      code = 0;
      for (i = n; i-- > 0;)
        code = code * (s + 1) + v[i];
      hits[code]++;
      for (i = 0; i < n; i++)
        {
          if (++dice[i] <= s)
            break;
          dice[i] = 1;
        }
      if (i == n)
        break;
    }

  h->len = 0;
  for (code = 0; code < cells; code++)
    h->len += hits[code] != 0;
  h->tuple = malloc (h->len * sizeof *h->tuple);
  h->mult = malloc (h->len * sizeof *h->mult);
  ck_assert_ptr_nonnull (h->tuple);
  ck_assert_ptr_nonnull (h->mult);
  h->len = 0;
  for (code = 0; code < cells; code++)
    if (hits[code] != 0)
      {
        unsigned long c = code;
        for (i = 0; i < n; i++)
          {
            h->tuple[h->len][i] = (unsigned) (c % (s + 1));
            c /= s + 1;
          }
        h->mult[h->len++] = hits[code];
      }
  free (hits);
}

static void
side_rolls_clear (side_rolls_t *h)
{
  free (h->tuple);
  free (h->mult);
}

typedef struct
{
  ro_rules_t rules;
  unsigned long amax, dmax;
  /* prob[na][nd][k]: one round of NA against ND dice, attacker loses k */
  mpq_t prob[REF_DICE + 1][REF_DICE + 1][REF_DICE + 1];
  mpq_t *grid;
  char *known;
} ref_t;

/* The round probabilities: every attacking sorted roll against every
   defending one, weighted by how many ordered rolls give them; this is
   the brute force over all SA^NA * SD^ND rolls, only grouped.  The
   bonuses go to the two highest dice, that is to the first comparison
   only (Georgiou's risk3.m).  */
static void
ref_rounds (ref_t *ref)
{
  const ro_rules_t *r = &ref->rules;
  side_rolls_t att[REF_DICE + 1], def[REF_DICE + 1];
  unsigned na, nd, k;
  size_t i, j;

  for (na = 1; na <= r->attack_dice; na++)
    side_rolls (&att[na], r->attack_sides, na);
  for (nd = 1; nd <= r->defend_dice; nd++)
    side_rolls (&def[nd], r->defend_sides, nd);

  for (na = 1; na <= r->attack_dice; na++)
    for (nd = 1; nd <= r->defend_dice; nd++)
      {
        unsigned long count[REF_DICE + 1] = { 0 }, total = 0;
        unsigned m = test_min_u (na, nd);

        for (i = 0; i < att[na].len; i++)
          for (j = 0; j < def[nd].len; j++)
            {
              unsigned lost = 0, c;
              unsigned long w = att[na].mult[i] * def[nd].mult[j];

              for (c = 0; c < m; c++)
                {
                  long x = (long) att[na].tuple[i][c]
                    + (c == 0 ? r->attack_bonus : 0);
                  long y = (long) def[nd].tuple[j][c]
                    + (c == 0 ? r->defend_bonus : 0);
                  if (!(x > y || (r->ties == RO_TIES_ATTACKER && x == y)))
                    lost++;
                }
              count[lost] += w;
              total += w;
            }
        for (k = 0; k <= m; k++)
          {
            mpq_set_ui (ref->prob[na][nd][k], count[k], total);
            mpq_canonicalize (ref->prob[na][nd][k]);
          }
      }

  for (na = 1; na <= r->attack_dice; na++)
    side_rolls_clear (&att[na]);
  for (nd = 1; nd <= r->defend_dice; nd++)
    side_rolls_clear (&def[nd]);
}

static void
ref_init (ref_t *ref, const ro_rules_t *rules, unsigned long amax,
          unsigned long dmax)
{
  unsigned i, j, k;
  size_t n = (amax + 1) * (dmax + 1), c;

  ck_assert (rules->attack_dice <= REF_DICE);
  ck_assert (rules->defend_dice <= REF_DICE);
  ref->rules = *rules;
  ref->amax = amax;
  ref->dmax = dmax;
  for (i = 0; i <= REF_DICE; i++)
    for (j = 0; j <= REF_DICE; j++)
      for (k = 0; k <= REF_DICE; k++)
        mpq_init (ref->prob[i][j][k]);
  ref->grid = malloc (n * sizeof *ref->grid);
  ref->known = calloc (n, 1);
  ck_assert_ptr_nonnull (ref->grid);
  ck_assert_ptr_nonnull (ref->known);
  for (c = 0; c < n; c++)
    mpq_init (ref->grid[c]);
  ref_rounds (ref);
}

static void
ref_clear (ref_t *ref)
{
  unsigned i, j, k;
  size_t n = (ref->amax + 1) * (ref->dmax + 1), c;

  for (i = 0; i <= REF_DICE; i++)
    for (j = 0; j <= REF_DICE; j++)
      for (k = 0; k <= REF_DICE; k++)
        mpq_clear (ref->prob[i][j][k]);
  for (c = 0; c < n; c++)
    mpq_clear (ref->grid[c]);
  free (ref->grid);
  free (ref->known);
}

/* Dice in state (A, D), straight from the rules of the game.  */
static unsigned
ref_attack_dice (const ro_rules_t *r, unsigned long a)
{
  unsigned long fighters;

  if (r->count == RO_COUNT_TERRITORY)
    fighters = a >= 1 ? a - 1 : 0;      /* one army stays behind */
  else
    fighters = a;
  return fighters < r->attack_dice ? (unsigned) fighters : r->attack_dice;
}

static unsigned
ref_defend_dice (const ro_rules_t *r, unsigned long d)
{
  return d < r->defend_dice ? (unsigned) d : r->defend_dice;
}

/* P(A, D) = sum over k of P(round: attacker loses k) P(A - k, D - m + k),
   P(A, 0) = 1, P = 0 when the attacker cannot roll.  Memoised.  */
static mpq_srcptr
ref_win (ref_t *ref, unsigned long a, unsigned long d)
{
  size_t c = a * (ref->dmax + 1) + d;
  mpq_ptr p = ref->grid[c];
  unsigned na, nd, m, k;
  mpq_t t;

  ck_assert (a <= ref->amax && d <= ref->dmax);
  if (ref->known[c])
    return p;
  na = ref_attack_dice (&ref->rules, a);
  nd = ref_defend_dice (&ref->rules, d);
  if (d == 0)
    mpq_set_ui (p, 1, 1);
  else if (na == 0)
    mpq_set_ui (p, 0, 1);
  else
    {
      m = test_min_u (na, nd);
      mpq_init (t);
      mpq_set_ui (p, 0, 1);
      for (k = 0; k <= m; k++)
        {
          mpq_mul (t, ref->prob[na][nd][k], ref_win (ref, a - k, d - (m - k)));
          mpq_add (p, p, t);
        }
      mpq_clear (t);
    }
  ref->known[c] = 1;
  return p;
}

/* ------------------------------------------------------------------ */
/* Helpers for the library                                            */
/* ------------------------------------------------------------------ */

/* Compare ro_battle_win on (A, D) under R with WANT.  */
static void
check_win (const ro_rules_t *r, unsigned long a, unsigned long d,
           mpq_srcptr want, const char *source)
{
  char what[200];
  mpq_t got;
  int ret;

  test_describe_rules (what, sizeof what, r);
  mpq_init (got);
  ret = ro_battle_win (got, r, a, d);
  ck_assert_msg (ret == RO_OK, "%s, (%lu, %lu): ro_battle_win gave %d",
                 what, a, d, ret);
  ck_assert_msg (test_is_canonical (got), "%s, (%lu, %lu): not canonical",
                 what, a, d);
  if (!mpq_equal (got, want))
    {
      char *gs = mpq_get_str (NULL, 10, got);
      char *ws = mpq_get_str (NULL, 10, want);
      ck_abort_msg ("%s, (%lu, %lu): got %s, %s says %s", what, a, d, gs,
                    source, ws);
    }
  mpq_clear (got);
}

/* Open a data file of TESTDATADIR.  */
static FILE *
open_data (const char *name)
{
  char path[1024];
  FILE *f;

  snprintf (path, sizeof path, "%s/%s", TESTDATADIR, name);
  f = fopen (path, "r");
  ck_assert_msg (f != NULL, "cannot open %s", path);
  return f;
}

/* The next data line of F that is not a comment or blank, or NULL.  */
static char *
next_line (char *buf, int size, FILE *f)
{
  while (fgets (buf, size, f) != NULL)
    {
      char *p = buf;
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p != '#' && *p != '\n' && *p != '\0')
        return buf;
    }
  return NULL;
}

/* ------------------------------------------------------------------ */
/* (a) McLoone's exact table                                          */
/* ------------------------------------------------------------------ */

#define MCLOONE_CELLS 60        /* attack 2..16, defend 1..4 */

/* Call CHECK on every cell of mcloone_exact.txt.  */
static void
each_mcloone_cell (void (*check) (unsigned long, unsigned long, mpq_srcptr,
                                  void *), void *data)
{
  char line[512], frac[400];
  unsigned long a, d;
  int cells = 0;
  FILE *f = open_data ("mcloone_exact.txt");
  mpq_t want;

  mpq_init (want);
  while (next_line (line, sizeof line, f) != NULL)
    {
      ck_assert_msg (sscanf (line, "%lu %lu %399s", &a, &d, frac) == 3,
                     "mcloone_exact.txt: bad line %s", line);
      ck_assert_msg (strchr (frac, '/') != NULL
                     && mpq_set_str (want, frac, 10) == 0,
                     "mcloone_exact.txt: bad fraction %s", frac);
      /* The table is printed reduced; keep that promise of the source.  */
      ck_assert_msg (test_is_canonical (want),
                     "mcloone_exact.txt: %s not reduced", frac);
      check (a, d, want, data);
      cells++;
    }
  fclose (f);
  mpq_clear (want);
  ck_assert_int_eq (cells, MCLOONE_CELLS);
}

static void
library_cell (unsigned long a, unsigned long d, mpq_srcptr want, void *data)
{
  ro_rules_t r;

  (void) data;
  ro_rules_init (&r);
  check_win (&r, a, d, want, "McLoone");
}

static void
reference_cell (unsigned long a, unsigned long d, mpq_srcptr want, void *data)
{
  ref_t *ref = data;

  ck_assert_msg (mpq_equal (ref_win (ref, a, d), want),
                 "the reference disagrees with McLoone at (%lu, %lu)", a, d);
}

START_TEST (test_mcloone_exact)
{
  each_mcloone_cell (library_cell, NULL);
}
END_TEST

/* The reference must reproduce the published table, or it is no
   reference for the grids below.  */
START_TEST (test_reference_mcloone)
{
  ro_rules_t r;
  ref_t ref;

  ro_rules_init (&r);
  ref_init (&ref, &r, 20, 8);
  each_mcloone_cell (reference_cell, &ref);
  ref_clear (&ref);
}
END_TEST

/* McLoone's worked example, pBattle[18, 6].  */
static const char mcloone_18_6[] =
  "9804653220306498422549071803237023496256898193745/"
  "9885757284390281416111900904364482836234411966464";

START_TEST (test_mcloone_18_6)
{
  ro_rules_t r;
  ref_t ref;
  mpq_t want;

  mpq_init (want);
  ck_assert_int_eq (mpq_set_str (want, mcloone_18_6, 10), 0);
  ro_rules_init (&r);
  check_win (&r, 18, 6, want, "McLoone");
  /* The same battle counted by the armies that fight.  */
  r.count = RO_COUNT_ATTACKERS;
  check_win (&r, 17, 6, want, "McLoone");

  ro_rules_init (&r);
  ref_init (&ref, &r, 18, 6);
  ck_assert (mpq_equal (ref_win (&ref, 18, 6), want));
  ref_clear (&ref);
  mpq_clear (want);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (b) McLoone's 20-digit table                                       */
/* ------------------------------------------------------------------ */

START_TEST (test_mcloone_decimal20)
{
  char line[512], want[100];
  unsigned long a, d;
  int cells = 0;
  FILE *f = open_data ("mcloone_decimal20.txt");
  ro_rules_t r;
  mpq_t q;

  ro_rules_init (&r);
  mpq_init (q);
  while (next_line (line, sizeof line, f) != NULL)
    {
      char *got = NULL;
      int ret;

      ck_assert_msg (sscanf (line, "%lu %lu %99s", &a, &d, want) == 3,
                     "mcloone_decimal20.txt: bad line %s", line);
      ck_assert_int_eq (ro_battle_win (q, &r, a, d), RO_OK);
      ret = ro_q_get_decimal (&got, q, 20);
      ck_assert_msg (ret == RO_OK && got != NULL,
                     "(%lu, %lu): ro_q_get_decimal gave %d", a, d, ret);
      ck_assert_msg (strcmp (got, want) == 0,
                     "(%lu, %lu) to 20 digits: got %s, McLoone prints %s",
                     a, d, got, want);
      ro_free_str (got);
      cells++;
    }
  fclose (f);
  mpq_clear (q);
  ck_assert_int_eq (cells, MCLOONE_CELLS);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (c) Osborne's Table 3, attackers count, 3 decimals                 */
/* ------------------------------------------------------------------ */

/* round (Q * 1000) half up, in integers: floor ((2000 num + den) / 2 den). */
static unsigned long
thousandths (const mpq_t q)
{
  mpz_t t, u;
  unsigned long r;

  mpz_init (t);
  mpz_init (u);
  mpz_mul_ui (t, mpq_numref (q), 2000);
  mpz_add (t, t, mpq_denref (q));
  mpz_mul_ui (u, mpq_denref (q), 2);
  mpz_fdiv_q (t, t, u);
  r = mpz_get_ui (t);
  mpz_clear (t);
  mpz_clear (u);
  return r;
}

START_TEST (test_osborne_table3)
{
  char line[512], *p, *end;
  unsigned long a, d, rows = 0;
  FILE *f = open_data ("osborne_table3.txt");
  ro_rules_t r;
  ref_t ref;
  mpq_t q;

  ro_rules_init (&r);
  r.count = RO_COUNT_ATTACKERS;
  ref_init (&ref, &r, 10, 10);
  mpq_init (q);
  while (next_line (line, sizeof line, f) != NULL)
    {
      ck_assert_msg (sscanf (line, " A=%lu:", &a) == 1,
                     "osborne_table3.txt: bad line %s", line);
      p = strchr (line, ':') + 1;
      for (d = 1; d <= 10; d++)
        {
          unsigned long ip, fp, want;

          ip = strtoul (p, &end, 10);
          /* exactly three decimals: "0.417" */
          ck_assert_msg (end != p && *end == '.'
                         && end[1] >= '0' && end[1] <= '9'
                         && end[2] >= '0' && end[2] <= '9'
                         && end[3] >= '0' && end[3] <= '9'
                         && !(end[4] >= '0' && end[4] <= '9'),
                         "osborne_table3.txt: A=%lu, D=%lu unreadable", a, d);
          fp = strtoul (end + 1, &p, 10);
          want = ip * 1000 + fp;

          ck_assert_int_eq (ro_battle_win (q, &r, a, d), RO_OK);
          ck_assert_msg (test_is_canonical (q), "(%lu, %lu) not canonical",
                         a, d);
          if (thousandths (q) != want)
            {
              char *qs = mpq_get_str (NULL, 10, q);
              ck_abort_msg ("Osborne A=%lu, D=%lu: table %lu.%03lu, exact "
                            "value %s = %.6f rounds to %lu.%03lu",
                            a, d, want / 1000, want % 1000, qs,
                            mpq_get_d (q), thousandths (q) / 1000,
                            thousandths (q) % 1000);
            }
          /* and the reference agrees with the paper too */
          ck_assert_msg (thousandths (ref_win (&ref, a, d)) == want,
                         "the reference disagrees with Osborne at "
                         "(%lu, %lu)", a, d);
        }
      rows++;
    }
  fclose (f);
  mpq_clear (q);
  ref_clear (&ref);
  ck_assert_uint_eq (rows, 10);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (d) Whole grids against the reference                              */
/* ------------------------------------------------------------------ */

static void
check_grid (const ro_rules_t *r, unsigned long amax, unsigned long dmax)
{
  unsigned long a, d, a0 = r->count == RO_COUNT_TERRITORY ? 1 : 0;
  ref_t ref;

  ref_init (&ref, r, amax, dmax);
  for (a = a0; a <= amax; a++)
    for (d = 0; d <= dmax; d++)
      check_win (r, a, d, ref_win (&ref, a, d), "the reference");
  ref_clear (&ref);
}

START_TEST (test_grid_standard)
{
  ro_rules_t r;

  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  check_grid (&r, 25, 25);
}
END_TEST

/* A long, thin battle and a wide one.  */
START_TEST (test_grid_standard_large)
{
  ro_rules_t r;
  ref_t ref;
  int i;

  for (i = 0; i < 2; i++)
    {
      ro_rules_init (&r);
      r.count = i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
      ref_init (&ref, &r, 60, 60);
      check_win (&r, 60, 3, ref_win (&ref, 60, 3), "the reference");
      check_win (&r, 3, 60, ref_win (&ref, 3, 60), "the reference");
      check_win (&r, 60, 60, ref_win (&ref, 60, 60), "the reference");
      check_win (&r, 50, 37, ref_win (&ref, 50, 37), "the reference");
      ref_clear (&ref);
    }
}
END_TEST

/* The standard dice, each variation of one parameter at a time.  */
static const struct
{
  unsigned sa, sd, da, dd;
  int ties;
} variants[] = {
  { 6, 6, 3, 2, 1 },
  { 6, 6, 1, 1, 0 },
  { 6, 6, 2, 2, 0 },
  { 6, 6, 3, 3, 0 },
  { 6, 6, 2, 3, 0 },
  { 6, 6, 4, 4, 0 },
  { 8, 6, 3, 2, 0 },
  { 6, 8, 3, 2, 0 },
  { 2, 2, 3, 2, 0 },
  { 2, 2, 4, 4, 1 },
  { 10, 10, 4, 4, 0 },
  { 10, 2, 1, 4, 1 }
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

START_TEST (test_grid_variants)
{
  ro_rules_t r;
  int c;

  for (c = 0; c <= 1; c++)
    {
      rules_make (&r, variants[_i].sa, variants[_i].sd, variants[_i].da,
                  variants[_i].dd, variants[_i].ties,
                  c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY);
      check_grid (&r, 10, 10);
    }
}
END_TEST

/* Georgiou's heroes and fortresses and Risk Legacy's penalties: the
   standard dice (and two others) with bonuses, in both counts and with
   both tie rules.  */
static const struct
{
  unsigned sa, sd, da, dd;
  int ab, db;
} bonus_variants[] = {
  { 6, 6, 3, 2, 1, 0 },
  { 6, 6, 3, 2, 0, 1 },
  { 6, 6, 3, 2, 1, 2 },
  { 6, 6, 3, 2, 0, 2 },
  { 6, 6, 3, 2, -1, 0 },
  { 6, 6, 3, 2, 0, -1 },
  { 6, 6, 3, 2, 3, -2 },
  { 6, 6, 3, 2, 6, 0 },
  { 6, 6, 3, 2, 0, RO_BONUS_MAX },
  { 6, 6, 3, 2, -RO_BONUS_MAX, RO_BONUS_MAX },
  { 6, 6, 2, 2, 1, 0 },
  { 6, 6, 1, 1, 0, 1 },
  { 8, 6, 3, 3, 2, 1 },
  { 4, 10, 4, 2, -2, 3 }
};
#define N_BONUS_VARIANTS (sizeof bonus_variants / sizeof bonus_variants[0])

START_TEST (test_grid_bonus)
{
  ro_rules_t r;
  int c, ties;

  for (c = 0; c <= 1; c++)
    for (ties = 0; ties <= 1; ties++)
      {
        rules_make (&r, bonus_variants[_i].sa, bonus_variants[_i].sd,
                    bonus_variants[_i].da, bonus_variants[_i].dd, ties,
                    c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY);
        r.attack_bonus = bonus_variants[_i].ab;
        r.defend_bonus = bonus_variants[_i].db;
        check_grid (&r, 10, 10);
      }
}
END_TEST

/* A random rule set the reference handles: sides 2 .. MAX_SIDES, up to
   REF_DICE dice a side, either tie rule and count, bonuses as
   test_random_bonus draws them.  */
static void
random_rules (ro_rules_t *r, gmp_randstate_t st, unsigned long max_sides)
{
  /* One draw per statement: argument order is unspecified in C.  */
  unsigned long as = test_rand_range (st, 2, max_sides);
  unsigned long ds = test_rand_range (st, 2, max_sides);
  unsigned long ad = test_rand_range (st, 1, REF_DICE);
  unsigned long dd = test_rand_range (st, 1, REF_DICE);
  int ties = (int) test_rand_range (st, 0, 1);
  int attackers = (int) test_rand_range (st, 0, 1);
  int ab = test_random_bonus (st);
  int db = test_random_bonus (st);

  rules_make (r, as, ds, ad, dd, ties,
              attackers ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY);
  r->attack_bonus = ab;
  r->defend_bonus = db;
}

/* Random rule sets, bonuses included (see test_random_bonus).  */
START_TEST (test_grid_random)
{
  gmp_randstate_t st;
  unsigned long it, n = 16 * test_scale;

  test_rand_init (st, 10);
  for (it = 0; it < n; it++)
    {
      ro_rules_t r;
      unsigned long amax = test_rand_range (st, 1, 9);
      unsigned long dmax = test_rand_range (st, 0, 9);

      random_rules (&r, st, 10);
      check_grid (&r, amax, dmax);
    }
  gmp_randclear (st);
}
END_TEST

/* ro_battle_grid: every cell of a sub-grid, in order, against the
   reference, and a stop on request.  */
typedef struct
{
  ref_t *ref;
  unsigned long a_lo, d_lo, d_hi, next_a, next_d, cells, stop_after;
} grid_visit_t;

static int
grid_visit (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  grid_visit_t *v = data;
  ck_assert_msg (a == v->next_a && d == v->next_d, "visited (%lu, %lu), "
                 "expected (%lu, %lu)", a, d, v->next_a, v->next_d);
  ck_assert (test_is_canonical (win));
  if (!mpq_equal (win, ref_win (v->ref, a, d)))
    ck_abort_msg ("grid (%lu, %lu): got %s, the reference says %s", a, d,
                  mpq_get_str (NULL, 10, win),
                  mpq_get_str (NULL, 10, ref_win (v->ref, a, d)));
  if (++v->next_d > v->d_hi)
    {
      v->next_d = v->d_lo;
      v->next_a++;
    }
  return ++v->cells == v->stop_after ? 7 : 0;
}

static void
check_battle_grid (const ro_rules_t *r, unsigned long a_lo,
                   unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
                   unsigned long stop_after)
{
  ref_t ref;
  grid_visit_t v = { &ref, a_lo, d_lo, d_hi, a_lo, d_lo, 0, stop_after };
  unsigned long n = (a_hi - a_lo + 1) * (d_hi - d_lo + 1);
  ref_init (&ref, r, a_hi, d_hi);
  int rc = ro_battle_grid (r, a_lo, a_hi, d_lo, d_hi, grid_visit, &v);
  if (stop_after != 0 && stop_after <= n)
    {
      ck_assert_int_eq (rc, 7);
      ck_assert_uint_eq (v.cells, stop_after);
    }
  else
    {
      ck_assert_int_eq (rc, RO_OK);
      ck_assert_uint_eq (v.cells, n);
    }
  ref_clear (&ref);
}

START_TEST (test_battle_grid)
{
  gmp_randstate_t st;
  ro_rules_t r;

  /* The standard game over 1..30 x 0..30 and 0..30 x 0..30.  */
  ro_rules_init (&r);
  check_battle_grid (&r, 1, 30, 0, 30, 0);
  r.count = RO_COUNT_ATTACKERS;
  check_battle_grid (&r, 0, 30, 0, 30, 0);

  test_rand_init (st, 30);
  for (unsigned long it = 0; it < 30 * test_scale; it++)
    {
      random_rules (&r, st, 8);
      int attackers = r.count == RO_COUNT_ATTACKERS;
      unsigned long a_lo = test_rand_range (st, attackers ? 0 : 1, 8);
      unsigned long a_hi = test_rand_range (st, a_lo, 14);
      unsigned long d_lo = test_rand_range (st, 0, 8);
      unsigned long d_hi = test_rand_range (st, d_lo, 14);
      unsigned long stop = test_rand_range (st, 0, 3) == 0
        ? test_rand_range (st, 1, 40) : 0;

      check_battle_grid (&r, a_lo, a_hi, d_lo, d_hi, stop);
    }
  gmp_randclear (st);
}
END_TEST

START_TEST (test_battle_grid_errors)
{
  ro_rules_t r;
  grid_visit_t v = { NULL, 0, 0, 0, 0, 0, 0, 0 };
  ro_rules_init (&r);
  ck_assert_int_eq (ro_battle_grid (&r, 0, 5, 1, 5, grid_visit, &v),
                    RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid (&r, 5, 4, 1, 5, grid_visit, &v),
                    RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid (&r, 1, 5, 3, 2, grid_visit, &v),
                    RO_EINVAL);
  ck_assert_int_eq (ro_battle_grid (&r, 1, RO_ARMIES_MAX + 1, 1, 5,
                                    grid_visit, &v), RO_ERANGE);
  r.attack_dice = 0;
  ck_assert_int_lt (ro_battle_grid (&r, 1, 5, 1, 5, grid_visit, &v), 0);
  ck_assert_uint_eq (v.cells, 0);
}
END_TEST

/* One die against one die is a race: the attacker, who wins a round with
   probability p, conquers when he wins D rounds before losing L = A - 1
   (territory) or L = A (attackers).  P = sum_{j<L} C(D-1+j, j) p^D q^j,
   and p itself is a count: the attacker's x (plus its bonus) beats the
   defender's y (plus its bonus) for y up to x - 1 + tie + AB - DB, so p
   is the sum over x of that bound, clamped to [0, SD], over SA SD.  The
   single comparison is always the first, so the bonuses apply in every
   round.  Any number of sides, so 100-sided dice too.  */
static void
race (mpq_t win, const ro_rules_t *r, unsigned long lives, unsigned long d)
{
  unsigned sa = r->attack_sides, sd = r->defend_sides;
  int ties = r->ties == RO_TIES_ATTACKER;
  mpq_t p, q, t;
  mpz_t c;
  unsigned long x, j, favourable = 0;

  if (d == 0)
    {
      mpq_set_ui (win, 1, 1);
      return;
    }
  for (x = 1; x <= sa; x++)
    {
      long below = (long) x - 1 + (ties ? 1 : 0) + r->attack_bonus
        - r->defend_bonus;
      if (below > (long) sd)
        below = sd;
      if (below > 0)
        favourable += (unsigned long) below;
    }
  mpq_init (p);
  mpq_init (q);
  mpq_init (t);
  mpz_init (c);
  mpq_set_ui (p, favourable, (unsigned long) sa * sd);
  mpq_canonicalize (p);
  mpq_set_ui (q, 1, 1);
  mpq_sub (q, q, p);
  mpq_set_ui (win, 0, 1);
  for (j = 0; j < lives; j++)
    {
      unsigned long e;

      mpz_bin_uiui (c, d - 1 + j, j);
      mpq_set_z (t, c);
      for (e = 0; e < d; e++)
        mpq_mul (t, t, p);
      for (e = 0; e < j; e++)
        mpq_mul (t, t, q);
      mpq_add (win, win, t);
    }
  mpq_clear (p);
  mpq_clear (q);
  mpq_clear (t);
  mpz_clear (c);
}

/* Random sides and bonuses, of any allowed size a quarter of the time.  */
START_TEST (test_single_die_race)
{
  gmp_randstate_t st;
  unsigned long it, n = 60 * test_scale;
  mpq_t want;

  test_rand_init (st, 11);
  mpq_init (want);
  for (it = 0; it < n; it++)
    {
      unsigned sa = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      unsigned sd = test_rand_range (st, RO_SIDES_MIN, RO_SIDES_MAX);
      int ties = (int) test_rand_range (st, 0, 1);
      unsigned long a = test_rand_range (st, 1, 30);
      unsigned long d = test_rand_range (st, 0, 30);
      int wide = (int) test_rand_range (st, 0, 3) == 0;
      int ab = wide ? (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX)
        - RO_BONUS_MAX : test_random_bonus (st);
      int db = wide ? (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX)
        - RO_BONUS_MAX : test_random_bonus (st);
      ro_rules_t r;

      if (it == 0)
        sa = sd = RO_SIDES_MAX;
      rules_make (&r, sa, sd, 1, 1, ties, RO_COUNT_TERRITORY);
      r.attack_bonus = ab;
      r.defend_bonus = db;
      race (want, &r, a - 1, d);
      check_win (&r, a, d, want, "the race formula");
      r.count = RO_COUNT_ATTACKERS;
      race (want, &r, a, d);
      check_win (&r, a, d, want, "the race formula");
    }
  mpq_clear (want);
  gmp_randclear (st);
}
END_TEST

/* The race formula against the reference, so that each vouches for the
   other, with and without bonuses.  */
START_TEST (test_race_reference)
{
  static const unsigned sides[][2] = { { 6, 6 }, { 2, 9 }, { 10, 3 } };
  static const int bonus[][2] = { { 0, 0 }, { 1, 0 }, { 0, 2 }, { -1, 1 },
                                  { 3, -3 }, { 9, 0 } };
  unsigned long a, d;
  size_t i, b;
  int ties, c;
  mpq_t want;

  mpq_init (want);
  for (i = 0; i < sizeof sides / sizeof sides[0]; i++)
    for (b = 0; b < sizeof bonus / sizeof bonus[0]; b++)
      for (ties = 0; ties <= 1; ties++)
        for (c = 0; c <= 1; c++)
          {
            ro_rules_t r;
            ref_t ref;

            rules_make (&r, sides[i][0], sides[i][1], 1, 1, ties,
                        c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY);
            r.attack_bonus = bonus[b][0];
            r.defend_bonus = bonus[b][1];
            ref_init (&ref, &r, 8, 8);
            for (a = c ? 0 : 1; a <= 8; a++)
              for (d = 0; d <= 8; d++)
                {
                  race (want, &r, c ? a : a - 1, d);
                  ck_assert_msg (mpq_equal (want, ref_win (&ref, a, d)),
                                 "d%u %+d vs d%u %+d, (%lu, %lu): the race "
                                 "formula disagrees with the reference",
                                 sides[i][0], bonus[b][0], sides[i][1],
                                 bonus[b][1], a, d);
                }
            ref_clear (&ref);
          }
  mpq_clear (want);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (e) Invariants                                                     */
/* ------------------------------------------------------------------ */

static void
win_or_fail (mpq_t q, const ro_rules_t *r, unsigned long a, unsigned long d)
{
  int ret = ro_battle_win (q, r, a, d);

  ck_assert_msg (ret == RO_OK, "%s (%lu, %lu): ro_battle_win gave %d",
                 test_count_name (r->count), a, d, ret);
  ck_assert_msg (test_is_canonical (q), "%s (%lu, %lu): not canonical",
                 test_count_name (r->count), a, d);
}

START_TEST (test_boundaries)
{
  ro_rules_t r;
  unsigned long n;
  mpq_t q;

  mpq_init (q);
  ro_rules_init (&r);
  for (n = 0; n <= 40; n++)
    {
      /* D = 0: already conquered */
      r.count = RO_COUNT_ATTACKERS;
      win_or_fail (q, &r, n, 0);
      ck_assert_msg (mpq_cmp_ui (q, 1, 1) == 0, "attackers P(%lu, 0) != 1", n);
      if (n >= 1)
        {
          r.count = RO_COUNT_TERRITORY;
          win_or_fail (q, &r, n, 0);
          ck_assert_msg (mpq_cmp_ui (q, 1, 1) == 0,
                         "territory P(%lu, 0) != 1", n);
        }
      if (n >= 1)
        {
          /* an attacker who cannot roll */
          r.count = RO_COUNT_TERRITORY;
          win_or_fail (q, &r, 1, n);
          ck_assert_msg (mpq_sgn (q) == 0, "territory P(1, %lu) != 0", n);
          r.count = RO_COUNT_ATTACKERS;
          win_or_fail (q, &r, 0, n);
          ck_assert_msg (mpq_sgn (q) == 0, "attackers P(0, %lu) != 0", n);
          /* and one who can always has a chance, never a certainty */
          win_or_fail (q, &r, n, n);
          ck_assert (mpq_sgn (q) > 0 && mpq_cmp_ui (q, 1, 1) < 0);
        }
    }
  /* large but quick */
  r.count = RO_COUNT_TERRITORY;
  win_or_fail (q, &r, 1000000, 0);
  ck_assert (mpq_cmp_ui (q, 1, 1) == 0);
  win_or_fail (q, &r, 1, 1000000);
  ck_assert (mpq_sgn (q) == 0);
  mpq_clear (q);
}
END_TEST

START_TEST (test_conventions_agree)
{
  ro_rules_t t, at;
  unsigned long a, d;
  mpq_t p, q;

  mpq_init (p);
  mpq_init (q);
  ro_rules_init (&t);
  ro_rules_init (&at);
  at.count = RO_COUNT_ATTACKERS;
  if (_i == 1)
    {
      /* a non-standard game: the shift holds whatever the dice */
      t.attack_sides = at.attack_sides = 8;
      t.defend_sides = at.defend_sides = 5;
      t.attack_dice = at.attack_dice = 4;
      t.defend_dice = at.defend_dice = 3;
      t.ties = at.ties = RO_TIES_ATTACKER;
    }
  for (a = 0; a <= 30; a++)
    for (d = 0; d <= 30; d++)
      {
        win_or_fail (p, &at, a, d);
        win_or_fail (q, &t, a + 1, d);
        ck_assert_msg (mpq_equal (p, q),
                       "P_attackers(%lu, %lu) != P_territory(%lu, %lu)",
                       a, d, a + 1, d);
      }
  mpq_clear (p);
  mpq_clear (q);
}
END_TEST

/* More attackers never hurt, more defenders never help (standard game). */
START_TEST (test_monotone)
{
  const unsigned long n = 30;
  unsigned long a, d, a0;
  ro_rules_t r;
  mpq_t *row, *prev, *tmp;

  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  a0 = _i ? 0 : 1;
  row = malloc ((n + 1) * sizeof *row);
  prev = malloc ((n + 1) * sizeof *prev);
  ck_assert (row != NULL && prev != NULL);
  for (d = 0; d <= n; d++)
    {
      mpq_init (row[d]);
      mpq_init (prev[d]);
    }
  for (a = a0; a <= n; a++)
    {
      for (d = 0; d <= n; d++)
        {
          win_or_fail (row[d], &r, a, d);
          ck_assert (mpq_sgn (row[d]) >= 0 && mpq_cmp_ui (row[d], 1, 1) <= 0);
          if (d > 0)
            ck_assert_msg (mpq_cmp (row[d], row[d - 1]) <= 0,
                           "%s P(%lu, %lu) > P(%lu, %lu)",
                           test_count_name (r.count), a, d, a, d - 1);
          if (a > a0)
            ck_assert_msg (mpq_cmp (row[d], prev[d]) >= 0,
                           "%s P(%lu, %lu) < P(%lu, %lu)",
                           test_count_name (r.count), a, d, a - 1, d);
          /* strictly, away from the edges */
          if (d > 0 && a > a0 + 1)
            ck_assert (mpq_cmp (row[d], prev[d]) > 0);
        }
      tmp = prev;
      prev = row;
      row = tmp;
    }
  for (d = 0; d <= n; d++)
    {
      mpq_clear (row[d]);
      mpq_clear (prev[d]);
    }
  free (row);
  free (prev);
}
END_TEST

/* Equal bonuses cancel (Georgiou's Output 3): +1/+1, +2/+2 and -1/-1
   give exactly the P(win) of no bonus, on a grid, in both counts (_i)
   and with both tie rules.  */
START_TEST (test_equal_bonuses)
{
  static const int equal[] = { 1, 2, -1 };
  const unsigned long n = 20;
  unsigned long a, d, a0 = _i ? 0 : 1;
  ro_rules_t r, s;
  size_t e;
  int ties;
  mpq_t p, q;

  mpq_init (p);
  mpq_init (q);
  for (ties = 0; ties <= 1; ties++)
    for (e = 0; e < sizeof equal / sizeof equal[0]; e++)
      {
        ro_rules_init (&s);
        s.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
        s.ties = ties ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
        r = s;
        r.attack_bonus = r.defend_bonus = equal[e];
        for (a = a0; a <= n; a++)
          for (d = 0; d <= n; d++)
            {
              win_or_fail (p, &r, a, d);
              win_or_fail (q, &s, a, d);
              ck_assert_msg (mpq_equal (p, q), "%s, ties to %s, bonuses "
                             "%+d/%+d: P(%lu, %lu) differs from no bonus",
                             test_count_name (r.count),
                             ties ? "attacker" : "defender", equal[e],
                             equal[e], a, d);
            }
      }
  mpq_clear (p);
  mpq_clear (q);
}
END_TEST

/* A larger attack bonus never lowers the attacker's P(win), a larger
   defence bonus never raises it: the standard game otherwise, on a grid,
   in both counts (_i), bonuses from -7 to 7 (beyond 5 they decide every
   first comparison of d6, so the ends are flat).  */
START_TEST (test_bonus_monotone)
{
  const unsigned long n = 12;
  const int lo = -7, hi = 7;
  unsigned long a, d, a0 = _i ? 0 : 1;
  ro_rules_t r;
  int b, side;
  mpq_t p, q;

  mpq_init (p);
  mpq_init (q);
  for (side = 0; side <= 1; side++)
    for (a = a0; a <= n; a++)
      for (d = 1; d <= n; d++)
        {
          ro_rules_init (&r);
          r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
          if (side == 0)
            r.attack_bonus = lo;
          else
            r.defend_bonus = hi;
          win_or_fail (q, &r, a, d);
          for (b = lo + 1; b <= hi; b++)
            {
              /* the attacker's position improves at each step */
              if (side == 0)
                r.attack_bonus = b;
              else
                r.defend_bonus = hi + lo - b;
              win_or_fail (p, &r, a, d);
              ck_assert_msg (mpq_cmp (p, q) >= 0,
                             "%s, bonuses %+d/%+d: P(%lu, %lu) is below the "
                             "one a step worse for the attacker",
                             test_count_name (r.count), r.attack_bonus,
                             r.defend_bonus, a, d);
              mpq_swap (p, q);
            }
        }
  mpq_clear (p);
  mpq_clear (q);
}
END_TEST

/* The result overwrites whatever WIN held, including a non-canonical
   value or a huge one.  */
START_TEST (test_output_overwritten)
{
  ro_rules_t r;
  mpq_t q;

  ro_rules_init (&r);
  mpq_init (q);
  mpz_set_str (mpq_numref (q), "123456789012345678901234567890", 10);
  mpz_set_ui (mpq_denref (q), 7);
  win_or_fail (q, &r, 2, 1);
  ck_assert (mpq_cmp_ui (q, 5, 12) == 0);
  mpz_set_ui (mpq_numref (q), 6);
  mpz_set_ui (mpq_denref (q), 4);       /* not canonical on purpose */
  win_or_fail (q, &r, 5, 0);
  ck_assert (mpq_cmp_ui (q, 1, 1) == 0);
  mpz_set_ui (mpq_numref (q), 6);
  mpz_set_ui (mpq_denref (q), 4);
  win_or_fail (q, &r, 1, 5);
  ck_assert (mpq_sgn (q) == 0);
  ck_assert (mpz_cmp_ui (mpq_denref (q), 1) == 0);
  mpq_clear (q);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

START_TEST (test_errors)
{
  ro_rules_t r;
  unsigned long d;
  mpq_t q;

  mpq_init (q);
  ro_rules_init (&r);
  for (d = 0; d <= 5; d++)
    ck_assert_msg (ro_battle_win (q, &r, 0, d) == RO_EINVAL,
                   "territory (0, %lu) is not RO_EINVAL", d);

#define REFUSED(field, value)                                           \
  do                                                                    \
    {                                                                   \
      int ret;                                                          \
      ro_rules_init (&r);                                               \
      r.field = value;                                                  \
      ret = ro_battle_win (q, &r, 5, 3);                                \
      ck_assert_msg (ret < 0, #field " = " #value ": ro_battle_win "    \
                     "gave %d", ret);                                   \
    }                                                                   \
  while (0)

  REFUSED (attack_sides, 1);
  REFUSED (defend_sides, RO_SIDES_MAX + 1);
  REFUSED (attack_dice, 0);
  REFUSED (defend_dice, RO_DICE_MAX + 1);
  REFUSED (attack_bonus, RO_BONUS_MAX + 1);
  REFUSED (defend_bonus, -RO_BONUS_MAX - 1);
  REFUSED (attack_bonus, -RO_BONUS_MAX - 1);
  REFUSED (defend_bonus, RO_BONUS_MAX + 1);
#undef REFUSED
  mpq_clear (q);
}
END_TEST

/* ------------------------------------------------------------------ */
/* (f) Memory estimate                                                */
/* ------------------------------------------------------------------ */

static double
memory_or_fail (const ro_rules_t *r, unsigned long a, unsigned long d)
{
  double bytes = -1.0;
  int ret = ro_battle_memory (&bytes, r, a, d);

  ck_assert_msg (ret == RO_OK, "ro_battle_memory (%lu, %lu) gave %d", a, d,
                 ret);
  ck_assert_msg (bytes > 0.0, "ro_battle_memory (%lu, %lu) = %g", a, d,
                 bytes);
  return bytes;
}

START_TEST (test_memory)
{
  static const unsigned long sizes[] =
    { 1, 2, 3, 5, 10, 30, 100, 1000, 10000, 100000 };
  const size_t n = sizeof sizes / sizeof sizes[0];
  double m[sizeof sizes / sizeof sizes[0]][sizeof sizes / sizeof sizes[0]];
  ro_rules_t r;
  size_t i, j, i0;

  ro_rules_init (&r);
  if (_i == 1)
    r.count = RO_COUNT_ATTACKERS;
  if (_i == 2)
    {
      r.attack_sides = r.defend_sides = 100;
      r.attack_dice = r.defend_dice = 5;
    }
  /* A = 1 is a battle without a fight in the territory count.  */
  i0 = r.count == RO_COUNT_TERRITORY ? 1 : 0;
  for (i = i0; i < n; i++)
    for (j = 0; j < n; j++)
      m[i][j] = memory_or_fail (&r, sizes[i], sizes[j]);
  for (i = i0; i < n; i++)
    for (j = 0; j < n; j++)
      {
        if (i > i0)
          ck_assert_msg (m[i][j] >= m[i - 1][j],
                         "memory (%lu, %lu) = %g < memory (%lu, %lu) = %g",
                         sizes[i], sizes[j], m[i][j], sizes[i - 1], sizes[j],
                         m[i - 1][j]);
        if (j > 0)
          ck_assert_msg (m[i][j] >= m[i][j - 1],
                         "memory (%lu, %lu) = %g < memory (%lu, %lu) = %g",
                         sizes[i], sizes[j], m[i][j], sizes[i], sizes[j - 1],
                         m[i][j - 1]);
      }
  /* and it does grow, not just stay put */
  ck_assert (m[n - 1][n - 1] > m[4][4]);
  ck_assert (m[n - 1][4] > m[4][4]);
  ck_assert (m[4][n - 1] > m[4][4]);
  /* the library needs at least the numbers it returns: P(10^5, 10^5)
     has a denominator of thousands of digits */
  ck_assert (m[n - 1][n - 1] > 1000.0);
}
END_TEST

/* The estimate covers at least the result that ro_battle_win returns.  */
START_TEST (test_memory_covers_result)
{
  static const unsigned long cases[][2] =
    { { 2, 1 }, { 3, 100 }, { 25, 25 }, { 60, 60 }, { 100, 3 } };
  ro_rules_t r;
  size_t i;
  mpq_t q;

  mpq_init (q);
  ro_rules_init (&r);
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      unsigned long a = cases[i][0], d = cases[i][1];
      double bytes = memory_or_fail (&r, a, d), need;

      win_or_fail (q, &r, a, d);
      need = (double) (mpz_sizeinbase (mpq_numref (q), 2)
                       + mpz_sizeinbase (mpq_denref (q), 2)) / 8.0;
      ck_assert_msg (bytes >= need, "memory (%lu, %lu) = %g, but the result "
                     "alone takes %g bytes", a, d, bytes, need);
    }
  mpq_clear (q);
}
END_TEST

/* Armies beyond RO_ARMIES_MAX are refused, not attempted.  */
START_TEST (test_too_many_armies)
{
  const unsigned long big = RO_ARMIES_MAX + 1;
  double bytes;
  ro_rules_t r;
  mpq_t q;
  int c;

  mpq_init (q);
  for (c = 0; c <= 1; c++)
    {
      ro_rules_init (&r);
      r.count = c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
      ck_assert_int_lt (ro_battle_win (q, &r, big, big), 0);
      ck_assert_int_lt (ro_battle_win (q, &r, 10, big), 0);
      ck_assert_int_lt (ro_battle_win (q, &r, big, 10), 0);
      ck_assert_int_lt (ro_battle_memory (&bytes, &r, big, big), 0);
    }
  mpq_clear (q);
}
END_TEST


/* ------------------------------------------------------------------ */
/* Mixed dice (Risk 2210 A.D.) against a plain mpq_t recursion         */
/* ------------------------------------------------------------------ */

#define MX_A 9                  /* territory counts 1 .. MX_A */
#define MX_D 7

/* P[k] = the probability that the attacker loses k armies in a round
   of NA dice (the first XA of them d8, the rest d6) against ND (XD
   d8), from every ordered roll, each side sorted and compared highest
   against highest, ties to the defender.  */
static void
mx_round (mpq_t *p, unsigned na, unsigned xa, unsigned nd, unsigned xd)
{
  unsigned n = na + nd, v[10], lim[10], m = na < nd ? na : nd;
  unsigned long loss[6] = { 0 }, total = 0;
  for (unsigned i = 0; i < n; i++)
    {
      lim[i] = i < na ? (i < xa ? 8 : 6) : (i - na < xd ? 8 : 6);
      v[i] = 1;
    }
  for (;;)
    {
      unsigned a[5], d[5];
      test_sort_desc (a, v, na);
      test_sort_desc (d, v + na, nd);
      unsigned lost = 0;
      for (unsigned q = 0; q < m; q++)
        lost += a[q] <= d[q];
      loss[lost]++;
      total++;
      unsigned i = 0;
      while (i < n && v[i] == lim[i])
        v[i++] = 1;
      if (i == n)
        break;
      v[i]++;
    }
  for (unsigned k = 0; k <= m; k++)
    {
      mpq_set_ui (p[k], loss[k], total);
      mpq_canonicalize (p[k]);
    }
}

/* W[f][d]: P(win) with F fighting armies (A - 1 in the territory count)
   against D, the attacker holding AC commanders, the defender DC or a
   station, commanders lost last: min(AC, dice) of his dice are d8.
   OPT: the attacker chooses his dice (the best sum).  */
static void
mx_solve (mpq_t w[MX_A + 1][MX_D + 1], unsigned ac, unsigned dc, int st,
          int opt)
{
  mpq_t p[4][3][4], sum, t;
  mpq_inits (sum, t, (mpq_ptr) 0);
  for (unsigned na = 1; na <= 3; na++)
    for (unsigned nd = 1; nd <= 2; nd++)
      {
        for (unsigned k = 0; k < 4; k++)
          mpq_init (p[na][nd][k]);
        mx_round (p[na][nd], na, ac < na ? ac : na, nd,
                  st ? nd : dc < nd ? dc : nd);
      }
  for (unsigned f = 0; f <= MX_A; f++)
    for (unsigned d = 0; d <= MX_D; d++)
      {
        if (d == 0 || f == 0)
          {
            mpq_set_ui (w[f][d], d == 0, 1);
            continue;
          }
        unsigned most = f < 3 ? f : 3, nd = d < 2 ? d : 2;
        mpq_set_ui (w[f][d], 0, 1);
        for (unsigned na = opt ? 1 : most; na <= most; na++)
          {
            unsigned m = na < nd ? na : nd;
            mpq_set_ui (sum, 0, 1);
            for (unsigned k = 0; k <= m; k++)
              {
                unsigned long ff = f >= k ? f - k : 0;
                unsigned long dd = d - (m - k);
                mpq_mul (t, p[na][nd][k], w[ff][dd]);
                mpq_add (sum, sum, t);
              }
            if (mpq_cmp (sum, w[f][d]) > 0)
              mpq_set (w[f][d], sum);
          }
      }
  for (unsigned na = 1; na <= 3; na++)
    for (unsigned nd = 1; nd <= 2; nd++)
      for (unsigned k = 0; k < 4; k++)
        mpq_clear (p[na][nd][k]);
  mpq_clears (sum, t, (mpq_ptr) 0);
}

/* Every small battle, both counts, every engine that applies, and the
   attacker's optimal dice, for commanders 0 .. 3 on attack, 0 .. 2 on
   defence, with and without a station (loop index: the combination).  */
START_TEST (test_mixed_recursion)
{
  unsigned ac = (unsigned) _i % 4, dc = (unsigned) _i / 4 % 3;
  int st = _i / 12;
  mpq_t w[MX_A + 1][MX_D + 1], got;
  mpq_init (got);
  for (unsigned f = 0; f <= MX_A; f++)
    for (unsigned d = 0; d <= MX_D; d++)
      mpq_init (w[f][d]);
  for (int opt = 0; opt <= 1; opt++)
    {
      mx_solve (w, ac, dc, st, opt);
      ro_rules_t r;
      ro_rules_init (&r);
      r.attack_commanders = ac;
      r.defend_commanders = dc;
      r.defend_station = st;
      r.attacker = opt ? RO_ATTACKER_OPTIMAL : RO_ATTACKER_MAX;
      for (int count = 0; count <= 1; count++)
        {
          r.count = count ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
          for (unsigned long a = 1; a <= MX_A; a++)
            for (unsigned long d = 0; d <= MX_D; d++)
              {
                unsigned long f = count ? a : a - 1;
                for (int m = RO_METHOD_AUTO; m <= RO_METHOD_SPLIT; m++)
                  {
                    if (!ro_method_applies (&r, (ro_method_t) m))
                      continue;
                    ck_assert_int_eq (ro_battle_win_method
                                      (got, &r, a, d, (ro_method_t) m),
                                      RO_OK);
                    ck_assert_msg (mpq_equal (got, w[f][d]),
                                   "ac %u dc %u st %d opt %d count %d: "
                                   "%lu v %lu method %d", ac, dc, st, opt,
                                   count, a, d, m);
                  }
              }
        }
    }
  mpq_clear (got);
  for (unsigned f = 0; f <= MX_A; f++)
    for (unsigned d = 0; d <= MX_D; d++)
      mpq_clear (w[f][d]);
}
END_TEST

Suite *
battle_suite (void)
{
  Suite *s = suite_create ("battle");
  TCase *tc;

  tc = test_tcase_create ("mcloone");
  tcase_add_test (tc, test_reference_mcloone);
  tcase_add_test (tc, test_mcloone_exact);
  tcase_add_test (tc, test_mcloone_18_6);
  tcase_add_test (tc, test_mcloone_decimal20);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("mixed");
  tcase_add_loop_test (tc, test_mixed_recursion, 0, 24);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("osborne");
  tcase_add_test (tc, test_osborne_table3);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("grid");
  tcase_add_loop_test (tc, test_grid_standard, 0, 2);
  tcase_add_test (tc, test_grid_standard_large);
  tcase_add_loop_test (tc, test_grid_variants, 0, (int) N_VARIANTS);
  tcase_add_loop_test (tc, test_grid_bonus, 0, (int) N_BONUS_VARIANTS);
  tcase_add_test (tc, test_grid_random);
  tcase_add_test (tc, test_battle_grid);
  tcase_add_test (tc, test_battle_grid_errors);
  tcase_add_test (tc, test_race_reference);
  tcase_add_test (tc, test_single_die_race);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("invariants");
  tcase_add_test (tc, test_boundaries);
  tcase_add_loop_test (tc, test_conventions_agree, 0, 2);
  tcase_add_loop_test (tc, test_monotone, 0, 2);
  tcase_add_loop_test (tc, test_equal_bonuses, 0, 2);
  tcase_add_loop_test (tc, test_bonus_monotone, 0, 2);
  tcase_add_test (tc, test_output_overwritten);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_too_many_armies);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("memory");
  tcase_add_loop_test (tc, test_memory, 0, 3);
  tcase_add_test (tc, test_memory_covers_result);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_battle", battle_suite);
}
