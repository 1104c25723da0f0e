/* check_interval.c -- tests of the certified decimals of a grid: every
   cell's text against the exact value's, from a plain mpq_t recursion */

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

/* ------------------------------------------------------------------ */
/* The reference: P(win) by the plain recursion on fractions          */
/* ------------------------------------------------------------------ */

/* P(A, D) = sum over k of P(round: attacker loses k) P(A - k, D - m + k)
   on mpq_t, memoised over the whole grid, from the rules alone: the
   fighting armies, the dice each side rolls (their most, or fewer when
   short), P = 1 once the defender is down to 0, P = 0 when the attacker
   cannot roll.  The rounds' probabilities are test_round_probs', which
   check_dice compares with every roll.  */
typedef struct
{
  ro_rules_t rules;
  unsigned long amax, dmax;
  mpq_t prob[6][6][6];
  mpq_t *p;
  char *known;
} ref_t;

static void
ref_init (ref_t *ref, const ro_rules_t *rules, unsigned long amax,
          unsigned long dmax)
{
  size_t n = (amax + 1) * (dmax + 1);
  ref->rules = *rules;
  ref->amax = amax;
  ref->dmax = dmax;
  test_round_probs (ref->prob, rules);
  ref->p = malloc (n * sizeof *ref->p);
  ref->known = calloc (n, 1);
  ck_assert_ptr_nonnull (ref->p);
  ck_assert_ptr_nonnull (ref->known);
  for (size_t i = 0; i < n; i++)
    mpq_init (ref->p[i]);
}

static void
ref_clear (ref_t *ref)
{
  size_t n = (ref->amax + 1) * (ref->dmax + 1);
  for (size_t i = 0; i < n; i++)
    mpq_clear (ref->p[i]);
  free (ref->p);
  free (ref->known);
  test_round_probs_clear (ref->prob);
}

static unsigned long
fighting (const ro_rules_t *r, unsigned long a)
{
  if (r->count == RO_COUNT_ATTACKERS)
    return a;
  return a >= 1 ? a - 1 : 0;
}

/* P(win) of A (counted as the rules say) against D; A - k stays a count
   of the same kind, so the recursion runs on counts.  Rows are filled
   upwards so that the recursion never goes deep.  */
static mpq_srcptr
ref_win (ref_t *ref, unsigned long a, unsigned long d)
{
  for (unsigned long i = 0; i <= a; i++)
    for (unsigned long j = 0; j <= d; j++)
      {
        size_t c = i * (ref->dmax + 1) + j;
        if (ref->known[c])
          continue;
        const ro_rules_t *r = &ref->rules;
        unsigned long f = fighting (r, i);
        unsigned na = f < r->attack_dice ? (unsigned) f : r->attack_dice;
        unsigned nd = j < r->defend_dice ? (unsigned) j : r->defend_dice;
        if (j == 0)
          mpq_set_ui (ref->p[c], 1, 1);
        else if (na == 0)
          mpq_set_ui (ref->p[c], 0, 1);
        else
          {
            unsigned m = test_min_u (na, nd);
            mpq_t t;
            mpq_init (t);
            mpq_set_ui (ref->p[c], 0, 1);
            for (unsigned k = 0; k <= m; k++)
              {
                size_t child = (i - k) * (ref->dmax + 1) + (j - (m - k));
                mpq_mul (t, ref->prob[na][nd][k], ref->p[child]);
                mpq_add (ref->p[c], ref->p[c], t);
              }
            mpq_clear (t);
          }
        ref->known[c] = 1;
      }
  return ref->p[a * (ref->dmax + 1) + d];
}

/* ------------------------------------------------------------------ */
/* Running the grid                                                   */
/* ------------------------------------------------------------------ */

/* What a grid gave: every cell's text, in the order they came.  */
typedef struct
{
  unsigned long a_lo, a_hi, d_lo, d_hi;
  unsigned long next_a, next_d, cells, stop_after;
  char **text;
} got_t;

static int
got_cell (void *data, unsigned long a, unsigned long d, const char *text)
{
  got_t *g = data;
  test_require_msg (a == g->next_a && d == g->next_d,
                    "cell (%lu, %lu) came where (%lu, %lu) was due", a, d,
                    g->next_a, g->next_d);
  size_t i = (a - g->a_lo) * (g->d_hi - g->d_lo + 1) + (d - g->d_lo);
  g->text[i] = strdup (text);
  ck_assert_ptr_nonnull (g->text[i]);
  if (++g->next_d > g->d_hi)
    {
      g->next_d = g->d_lo;
      g->next_a++;
    }
  return ++g->cells == g->stop_after ? 7 : 0;
}

static size_t
got_size (const got_t *g)
{
  return (g->a_hi - g->a_lo + 1) * (g->d_hi - g->d_lo + 1);
}

static void
got_run (got_t *g, const ro_rules_t *r, unsigned long a_lo,
         unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
         const ro_decimal_t *fmt, unsigned long *settled)
{
  *g = (got_t) { a_lo, a_hi, d_lo, d_hi, a_lo, d_lo, 0, 0, NULL };
  g->text = calloc (got_size (g), sizeof *g->text);
  ck_assert_ptr_nonnull (g->text);
  int rc = ro_battle_grid_decimal (r, a_lo, a_hi, d_lo, d_hi, fmt, got_cell,
                                   g, settled);
  ck_assert_int_eq (rc, RO_OK);
  ck_assert_uint_eq (g->cells, got_size (g));
}

static void
got_clear (got_t *g)
{
  for (size_t i = 0; i < got_size (g); i++)
    free (g->text[i]);
  free (g->text);
}

static void
describe_format (char *buf, size_t size, const ro_decimal_t *fmt)
{
  snprintf (buf, size, "%lu %s%s", fmt->n,
            fmt->style == RO_DECIMAL_PLACES ? "places" : "digits",
            fmt->scale == 100 ? " of a percentage" : "");
}

/* Cell (A, D) of G says what the exact value WANT gives.  */
static void
check_text (const got_t *g, const ro_rules_t *r, const ro_decimal_t *fmt,
            unsigned long a, unsigned long d, const mpq_t want)
{
  char *w;
  ck_assert_int_eq (ro_q_get_decimal_as (&w, want, fmt), RO_OK);
  const char *got = g->text[(a - g->a_lo) * (g->d_hi - g->d_lo + 1)
                            + (d - g->d_lo)];
  if (strcmp (got, w) != 0)
    {
      char what[200], how[80];
      test_describe_rules (what, sizeof what, r);
      describe_format (how, sizeof how, fmt);
      ck_abort_msg ("%s, %s, (%lu, %lu): got %s, the exact value gives %s",
                    what, how, a, d, got, w);
    }
  ro_free_str (w);
}

/* The grid A_LO..A_HI x D_LO..D_HI of R in FMT against the reference;
   the cells settled exactly are added to *SETTLED.  */
static void
check_grid (const ro_rules_t *r, unsigned long a_lo, unsigned long a_hi,
            unsigned long d_lo, unsigned long d_hi, const ro_decimal_t *fmt,
            unsigned long *settled)
{
  got_t g;
  unsigned long s;
  ref_t ref;
  got_run (&g, r, a_lo, a_hi, d_lo, d_hi, fmt, &s);
  ref_init (&ref, r, a_hi, d_hi);
  for (unsigned long a = a_lo; a <= a_hi; a++)
    for (unsigned long d = d_lo; d <= d_hi; d++)
      check_text (&g, r, fmt, a, d, ref_win (&ref, a, d));
  ref_clear (&ref);
  got_clear (&g);
  *settled += s;
}

/* The same against ro_battle_win, for rules the reference does not
   model (stop, goal, Wieringa's defender).  */
static void
check_grid_exact (const ro_rules_t *r, unsigned long a_lo,
                  unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
                  const ro_decimal_t *fmt)
{
  got_t g;
  unsigned long s;
  mpq_t q;
  mpq_init (q);
  got_run (&g, r, a_lo, a_hi, d_lo, d_hi, fmt, &s);
  for (unsigned long a = a_lo; a <= a_hi; a++)
    for (unsigned long d = d_lo; d <= d_hi; d++)
      {
        ck_assert_int_eq (ro_battle_win (q, r, a, d), RO_OK);
        check_text (&g, r, fmt, a, d, q);
      }
  got_clear (&g);
  mpq_clear (q);
}

/* ------------------------------------------------------------------ */
/* Tests                                                              */
/* ------------------------------------------------------------------ */

static void
random_format (ro_decimal_t *fmt, gmp_randstate_t st)
{
  int places = (int) test_rand_range (st, 0, 2) == 0;
  unsigned long kind = test_rand_range (st, 0, 9);
  fmt->style = places ? RO_DECIMAL_PLACES : RO_DECIMAL_DIGITS;
  /* Mostly short, where the fast path and the ties are; sometimes long,
     past the fast path's 18 digits.  */
  fmt->n = kind < 7 ? test_rand_range (st, places ? 0 : 1, 12)
    : test_rand_range (st, 13, 60);
  fmt->scale = test_rand_range (st, 0, 3) == 0 ? 100 : 1;
}

static void
random_rules (ro_rules_t *r, gmp_randstate_t st)
{
  ro_rules_init (r);
  /* One draw per statement: argument order is unspecified in C.  */
  r->attack_sides = (unsigned) test_rand_range (st, 2, 10);
  r->defend_sides = (unsigned) test_rand_range (st, 2, 10);
  r->attack_dice = (unsigned) test_rand_range (st, 1, 3);
  r->defend_dice = (unsigned) test_rand_range (st, 1, 3);
  r->ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
  r->attack_bonus = test_random_bonus (st);
  r->defend_bonus = test_random_bonus (st);
  ck_assert_int_eq (ro_rules_check (r), RO_OK);
}

/* Random rule sets, ranges and formats: every cell as the exact value
   says; with sides such as 2, 4, 5, 8 and 10 many values are short
   decimals, so that some cells are exact ties and must be settled.  */
START_TEST (test_random_grids)
{
  gmp_randstate_t st;
  unsigned long settled = 0, n = 60 * test_scale;
  test_rand_init (st, 1);
  for (unsigned long it = 0; it < n; it++)
    {
      ro_rules_t r;
      ro_decimal_t fmt;
      random_rules (&r, st);
      random_format (&fmt, st);
      unsigned long a_lo = test_rand_range (st, 1, 6);
      unsigned long a_hi = a_lo + test_rand_range (st, 0, 14);
      unsigned long d_lo = test_rand_range (st, 0, 6);
      unsigned long d_hi = d_lo + test_rand_range (st, 0, 14);
      check_grid (&r, a_lo, a_hi, d_lo, d_hi, &fmt, &settled);
    }
  gmp_randclear (st);
  /* The fallback to the exact engines ran (and was right).  */
  ck_assert_uint_gt (settled, 0);
}
END_TEST

/* A tie by hand: one ten-sided die against one, ties to the defender,
   the attacker wins 45 of the 100 rolls (x > y).  0.45 to one digit is
   a tie between 0.4 and 0.5, to the even digit: 0.4; to one place of a
   percentage, 45.0; no binary float holds 0.45, so the enclosure
   straddles the tie and the cell is settled exactly.  */
START_TEST (test_tie_by_hand)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.attack_sides = r.defend_sides = 10;
  r.attack_dice = r.defend_dice = 1;
  r.count = RO_COUNT_ATTACKERS;
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, 1, 1 };
  got_t g;
  unsigned long s;
  got_run (&g, &r, 1, 1, 1, 1, &fmt, &s);
  ck_assert_str_eq (g.text[0], "0.4");
  ck_assert_uint_eq (s, 1);
  got_clear (&g);
  fmt = (ro_decimal_t) { RO_DECIMAL_PLACES, 0, 100 };
  got_run (&g, &r, 1, 1, 1, 1, &fmt, &s);
  ck_assert_str_eq (g.text[0], "45");
  got_clear (&g);
  /* 0.45 to 2 digits is no tie: decided without the exact engines.  */
  fmt = (ro_decimal_t) { RO_DECIMAL_DIGITS, 2, 1 };
  got_run (&g, &r, 1, 1, 1, 1, &fmt, &s);
  ck_assert_str_eq (g.text[0], "0.45");
  ck_assert_uint_eq (s, 0);
  got_clear (&g);
}
END_TEST

/* Far below a double's range: one attacking army (2 in the territory)
   against up to 2500 loses almost surely; the last cells are below
   1e-1000, and their digits are still the exact value's.  */
START_TEST (test_tiny_values)
{
  ro_rules_t r;
  ro_rules_init (&r);
  unsigned long settled = 0;
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, 12, 1 };
  check_grid (&r, 2, 3, 2400, 2500, &fmt, &settled);
  got_t g;
  unsigned long s;
  got_run (&g, &r, 2, 2, 2500, 2500, &fmt, &s);
  /* "d.ddddddddddde-XXXX": an exponent of four digits at least.  */
  const char *e = strstr (g.text[0], "e-");
  ck_assert_ptr_nonnull (e);
  ck_assert_int_ge (atoi (e + 2), 1000);
  got_clear (&g);
  /* And to 40 digits, past the fast path.  */
  fmt.n = 40;
  check_grid (&r, 2, 3, 2490, 2500, &fmt, &settled);
}
END_TEST

/* Next to 1: 2500 against 1 or 2 is 1 - (something below 1e-300); to
   ten digits 1.000000000, to 400 places all the nines there are.  */
START_TEST (test_near_one)
{
  ro_rules_t r;
  ro_rules_init (&r);
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, 10, 1 };
  check_grid_exact (&r, 2400, 2500, 1, 2, &fmt);
  fmt = (ro_decimal_t) { RO_DECIMAL_PLACES, 400, 1 };
  check_grid_exact (&r, 700, 705, 1, 3, &fmt);
  fmt = (ro_decimal_t) { RO_DECIMAL_DIGITS, 500, 100 };
  check_grid_exact (&r, 700, 702, 1, 3, &fmt);
}
END_TEST

/* Rules the reference leaves to the exact engine: stop, goal, and
   Wieringa's defender.  */
START_TEST (test_other_rules)
{
  ro_rules_t r;
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, 6, 1 };
  ro_rules_init (&r);
  r.stop = 3;
  r.goal = 2;
  check_grid_exact (&r, 1, 25, 0, 25, &fmt);
  ro_rules_init (&r);
  r.defender = RO_DEFENDER_WIERINGA;
  fmt.style = RO_DECIMAL_PLACES;
  fmt.n = 3;
  check_grid_exact (&r, 1, 25, 1, 25, &fmt);
  ro_rules_init (&r);
  r.defender = RO_DEFENDER_WIERINGA_ROLLED;
  r.attack_dice = 4;
  r.defend_dice = 3;
  fmt.scale = 100;
  check_grid_exact (&r, 1, 20, 1, 20, &fmt);
}
END_TEST

/* A policy that compares P(win) is refused, as are formats out of range;
   a non-zero return from the callback stops the grid and is returned.  */
START_TEST (test_refusals)
{
  ro_rules_t r;
  ro_rules_init (&r);
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, 5, 1 };
  got_t g = { 1, 3, 1, 3, 1, 1, 0, 0, NULL };
  char *text[9] = { NULL };
  g.text = text;
  r.defender = RO_DEFENDER_OPTIMAL;
  ck_assert (!ro_interval_applies (&r));
  ck_assert_int_eq (ro_battle_grid_decimal (&r, 1, 3, 1, 3, &fmt, got_cell,
                                            &g, NULL), RO_EINVAL);
  ro_rules_init (&r);
  ck_assert (ro_interval_applies (&r));
  fmt.n = 0;
  ck_assert_int_eq (ro_battle_grid_decimal (&r, 1, 3, 1, 3, &fmt, got_cell,
                                            &g, NULL), RO_EINVAL);
  fmt.n = 5;
  fmt.scale = 10;
  ck_assert_int_eq (ro_battle_grid_decimal (&r, 1, 3, 1, 3, &fmt, got_cell,
                                            &g, NULL), RO_EINVAL);
  fmt.scale = 1;
  g.stop_after = 4;
  ck_assert_int_eq (ro_battle_grid_decimal (&r, 1, 3, 1, 3, &fmt, got_cell,
                                            &g, NULL), 7);
  ck_assert_uint_eq (g.cells, 4);
  for (int i = 0; i < 9; i++)
    free (text[i]);
}
END_TEST

static Suite *
interval_suite (void)
{
  Suite *s = suite_create ("interval");
  TCase *tc = test_tcase_create ("grids");
  tcase_add_test (tc, test_random_grids);
  tcase_add_test (tc, test_tie_by_hand);
  tcase_add_test (tc, test_tiny_values);
  tcase_add_test (tc, test_near_one);
  tcase_add_test (tc, test_other_rules);
  tcase_add_test (tc, test_refusals);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_interval", interval_suite);
}
