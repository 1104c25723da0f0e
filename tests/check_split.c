/* check_split.c -- tests of the split engine: its battles byte for byte
   against the recursion and the strip engine */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "riskodds-impl.h"
#include "testutil.h"

/* The rule variants of the grids: sides, dice, bonuses, ties, the two
   counts, a stop and a goal.  The expected values are the recursion's
   (every state, an independent engine) and the strip's.  */
static const struct
{
  unsigned as, ds, ad, dd;
  int ab, db;
  unsigned abd;
  int clamp, ties_attacker, attackers;
  unsigned long stop, goal;
} variants[] = {
  {6, 6, 3, 2, 0, 0, 1, 0, 0, 0, 0, 0},         /* the standard game */
  {6, 6, 3, 2, 0, 0, 1, 0, 0, 1, 0, 0},         /* ... counting attackers */
  {4, 4, 3, 2, 0, 0, 1, 0, 0, 0, 0, 0},
  {8, 10, 3, 2, 0, 0, 1, 0, 1, 1, 0, 0},        /* ties to the attacker */
  {10, 10, 3, 3, 0, 0, 1, 0, 0, 0, 0, 0},       /* L = 3 */
  {6, 6, 2, 1, 0, 0, 1, 0, 0, 1, 0, 0},         /* L = 1 */
  {6, 6, 4, 3, 1, -1, 1, 0, 0, 0, 0, 0},        /* bonuses */
  {6, 6, 3, 2, -1, 1, 2, 1, 0, 0, 0, 0},        /* clamped, two dice */
  {6, 6, 3, 2, 0, 0, 1, 0, 0, 0, 4, 0},         /* a stop */
  {6, 8, 3, 2, 0, 0, 1, 0, 0, 1, 0, 3},         /* a goal */
  {6, 6, 5, 4, 0, 0, 1, 0, 0, 0, 2, 2},         /* L = 4, both */
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

static void
variant_rules (ro_rules_t *r, int i)
{
  ro_rules_init (r);
  r->attack_sides = variants[i].as;
  r->defend_sides = variants[i].ds;
  r->attack_dice = variants[i].ad;
  r->defend_dice = variants[i].dd;
  r->attack_bonus = variants[i].ab;
  r->defend_bonus = variants[i].db;
  r->attack_bonus_dice = variants[i].abd;
  r->clamp = variants[i].clamp;
  r->ties = variants[i].ties_attacker ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
  r->count = variants[i].attackers ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  r->stop = variants[i].stop;
  r->goal = variants[i].goal;
  ck_assert_int_eq (ro_rules_check (r), 0);
}

/* The split's P(win) of A against D is WANT (by another engine), and
   prints as the same fraction.  */
static void
expect_split (const ro_rules_t *r, const char *what, unsigned long a,
              unsigned long d, const mpq_t want, const char *engine)
{
  mpq_t q;
  mpq_init (q);
  int rc = ro_battle_win_method (q, r, a, d, RO_METHOD_SPLIT);
  test_require_msg (rc == RO_OK, "%s, %lu v %lu: split rc %d", what, a, d,
                    rc);
  if (!mpq_equal (q, want))
    {
      char *s = mpq_get_str (NULL, 10, q), *w = mpq_get_str (NULL, 10, want);
      ck_abort_msg ("%s, %lu v %lu: split %.60s, %s %.60s", what, a, d, s,
                    engine, w);
    }
  mpq_clear (q);
}

typedef struct
{
  const ro_rules_t *rules;
  const char *what;
  unsigned long cells;
  mpq_t q;
} grid_t;

static int
grid_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  grid_t *g = data;
  expect_split (g->rules, g->what, a, d, win, "recursion");
  int rc = ro_battle_win_method (g->q, g->rules, a, d, RO_METHOD_STRIP);
  test_require_msg (rc == RO_OK && mpq_equal (g->q, win),
                    "%s, %lu v %lu: strip differs", g->what, a, d);
  g->cells++;
  return 0;
}

/* Every battle 1 .. 60 against 1 .. 60 of each variant: the split, the
   strip and the recursion's grid.  */
START_TEST (test_grid)
{
  ro_rules_t r;
  char what[256];
  variant_rules (&r, _i);
  test_describe_rules (what, sizeof what, &r);
  grid_t g;
  g.rules = &r;
  g.what = what;
  g.cells = 0;
  mpq_init (g.q);
  ck_assert_int_eq (ro_battle_grid (&r, 1, 60, 1, 60, grid_cell, &g), RO_OK);
  ck_assert_uint_eq (g.cells, 3600);
  mpq_clear (g.q);
}
END_TEST

/* Random battles against the strip: pairs up to 3000 a side, and
   unequal ones (a few armies against up to 20000, and the reverse).  */
static void
random_against_strip (int unequal)
{
  gmp_randstate_t st;
  test_rand_init (st, unequal ? 2802 : 2801);
  mpq_t want;
  mpq_init (want);
  unsigned long n = (unequal ? 6 : 10) * test_scale;
  for (unsigned long k = 0; k < n; k++)
    {
      ro_rules_t r;
      char what[256];
      variant_rules (&r, (int) test_rand_range (st, 0, N_VARIANTS - 1));
      unsigned long a, d;
      if (!unequal)
        {
          a = test_rand_range (st, 1, 3000);
          d = test_rand_range (st, 1, 3000);
        }
      else
        {
          a = test_rand_range (st, 1, 40);
          d = test_rand_range (st, 5000, 20000);
          if (k % 2)
            {
              unsigned long t = a;
              a = d;
              d = t;
            }
        }
      test_describe_rules (what, sizeof what, &r);
      ck_assert_int_eq (ro_battle_win_method (want, &r, a, d,
                                              RO_METHOD_STRIP), RO_OK);
      expect_split (&r, what, a, d, want, "strip");
    }
  mpq_clear (want);
  gmp_randclear (st);
}

START_TEST (test_random)
{
  random_against_strip (0);
}
END_TEST

START_TEST (test_unequal)
{
  random_against_strip (1);
}
END_TEST

/* The method is known, applies where the strip does, and ro_battle_win
   (the automatic choice) agrees with it on a battle large enough for it
   to choose the split.  */
START_TEST (test_interface)
{
  ro_rules_t r;
  ro_rules_init (&r);
  ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_SPLIT), 1);
  r.defender = RO_DEFENDER_WIERINGA;
  ck_assert_int_eq (ro_method_applies (&r, RO_METHOD_SPLIT), 0);
  mpq_t q;
  mpq_init (q);
  ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 5, RO_METHOD_SPLIT),
                    RO_EINVAL);
  ro_rules_init (&r);
  mpq_t want;
  mpq_init (want);
  ck_assert_int_eq (ro_battle_win_method (want, &r, 5000, 5000,
                                          RO_METHOD_STRIP), RO_OK);
  ck_assert_int_eq (ro_battle_win (q, &r, 5000, 5000), RO_OK);
  ck_assert (mpq_equal (q, want));
  /* Over before a roll.  */
  ck_assert_int_eq (ro_battle_win_method (q, &r, 1, 5, RO_METHOD_SPLIT),
                    RO_OK);
  ck_assert_int_eq (mpq_sgn (q), 0);
  ck_assert_int_eq (ro_battle_win_method (q, &r, 5, 0, RO_METHOD_SPLIT),
                    RO_OK);
  ck_assert_int_eq (mpq_cmp_ui (q, 1, 1), 0);
  double bytes = 0;
  ck_assert_int_eq (ro_battle_memory_method (&bytes, &r, 1000000, 1000000,
                                             RO_METHOD_SPLIT), RO_OK);
  ck_assert (bytes > 1e6 && bytes < 4e9);
  mpq_clears (q, want, (mpq_ptr) 0);
}
END_TEST

/* RO_METHOD_AUTO takes one battle's P(win) to the split from the
   armies in all that the manual names for the armies a round can cost
   (4000 for 2, 3 times as many for 3, 12 times for 4, 200 times for 5):
   seen through the memory estimate, which is the strip's below the
   threshold and the split's from it (the two differ there).  */
START_TEST (test_crossover)
{
  static const struct { int dice, sides; unsigned long from; } c[] = {
    { 0, 6, 4000 }, { 3, 6, 12000 }, { 4, 8, 48000 }, { 5, 8, 800000 }
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
    {
      ro_rules_t r;
      ro_rules_init (&r);
      r.count = RO_COUNT_ATTACKERS;
      if (c[i].dice > 0)
        {
          r.attack_dice = r.defend_dice = c[i].dice;
          r.attack_sides = r.defend_sides = c[i].sides;
        }
      for (unsigned long n = c[i].from - 1; n <= c[i].from; n++)
        {
          unsigned long a = n / 2, d = n - n / 2;
          double got, strip, split;
          ck_assert_int_eq (ro_battle_memory (&got, &r, a, d), RO_OK);
          ck_assert_int_eq (ro_battle_memory_method (&strip, &r, a, d,
                                                     RO_METHOD_STRIP), RO_OK);
          ck_assert_int_eq (ro_battle_memory_method (&split, &r, a, d,
                                                     RO_METHOD_SPLIT), RO_OK);
          ck_assert_msg (strip != split, "%lu v %lu: the estimates agree",
                         a, d);
          ck_assert_msg (got == (n < c[i].from ? strip : split),
                         "%lu v %lu, %d dice: auto took the wrong engine",
                         a, d, c[i].dice);
        }
    }
}
END_TEST

/* The two edges on two threads and on one give the strip's fraction
   byte for byte, on battles where both edges have a product tree (and
   one where the attacker's edge is short): the standard game, L = 3,
   and a stop and a goal.  */
START_TEST (test_threads)
{
  static const struct
  {
    int variant;
    unsigned long a, d;
  } cases[] = {
    {0, 3000, 3000}, {1, 2500, 3100}, {4, 1800, 2200}, {9, 2600, 2000},
    {8, 60, 6000}, {10, 1500, 1500},
  };
  mpq_t want, q;
  mpq_inits (want, q, (mpq_ptr) 0);
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      ro_rules_t r;
      ro_model_t m;
      char what[200];
      variant_rules (&r, cases[k].variant);
      test_describe_rules (what, sizeof what, &r);
      ck_assert_int_eq (ro_battle_win_method (want, &r, cases[k].a,
                                              cases[k].d, RO_METHOD_STRIP),
                        RO_OK);
      ck_assert_int_eq (ro_model_init (&m, &r), RO_OK);
      unsigned long f = ro_model_fighting (&m, cases[k].a);
      for (unsigned threads = 1; threads <= 2; threads++)
        {
          ck_assert_int_eq (ro_split_solve_threads (q, &m, f, cases[k].d,
                                                    threads), RO_OK);
          char *s = mpq_get_str (NULL, 10, q);
          char *w = mpq_get_str (NULL, 10, want);
          ck_assert_msg (strcmp (s, w) == 0, "%s, %lu v %lu, %u thread%s: "
                         "split %.60s, strip %.60s", what, cases[k].a,
                         cases[k].d, threads, threads > 1 ? "s" : "", s, w);
          free (s);
          free (w);
        }
      ro_model_clear (&m);
    }
  mpq_clears (want, q, (mpq_ptr) 0);
}
END_TEST

/* The split's statistics of A against D (ro_battle_stats_method) are
   those of the distribution by ENGINE (ro_dist_stats): every value the
   same rational, hence the same digits printed.  */
static void
expect_stats (const ro_rules_t *r, const char *what, unsigned long a,
              unsigned long d, ro_method_t engine)
{
  ro_stats_t got, want;
  ro_dist_t dist;
  ro_stats_init (&got);
  ro_stats_init (&want);
  ro_dist_init (&dist);
  test_require_msg (ro_battle_stats_method (&got, NULL, r, a, d,
                                            RO_METHOD_SPLIT)
                    == RO_OK, "%s, %lu v %lu: split stats", what, a, d);
  ck_assert_int_eq (ro_battle_dist_method (&dist, r, a, d, engine), RO_OK);
  ck_assert_int_eq (ro_dist_stats (&want, &dist, a, d), RO_OK);
  for (int c = 0; c < 3; c++)
    {
      test_require_msg (got.has[c] == want.has[c], "%s, %lu v %lu: has[%d]",
                        what, a, d, c);
      if (!want.has[c])
        continue;
      const struct
      {
        const char *name;
        mpq_srcptr g, w;
      } v[] = {
        {"attackers_left", got.attackers_left[c], want.attackers_left[c]},
        {"attackers_left_var", got.attackers_left_var[c],
         want.attackers_left_var[c]},
        {"defenders_left", got.defenders_left[c], want.defenders_left[c]},
        {"defenders_left_var", got.defenders_left_var[c],
         want.defenders_left_var[c]},
        {"attackers_lost", got.attackers_lost[c], want.attackers_lost[c]},
        {"defenders_lost", got.defenders_lost[c], want.defenders_lost[c]},
      };
      for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        if (!mpq_equal (v[k].g, v[k].w))
          {
            char *gs = mpq_get_str (NULL, 10, v[k].g);
            char *ws = mpq_get_str (NULL, 10, v[k].w);
            ck_abort_msg ("%s, %lu v %lu, condition %d: %s split %.60s, "
                          "%s %.60s", what, a, d, c, v[k].name, gs,
                          engine == RO_METHOD_STRIP ? "strip" : "recursion",
                          ws);
          }
    }
  ro_dist_clear (&dist);
  ro_stats_clear (&got);
  ro_stats_clear (&want);
}

/* The statistics against the recursion's distribution: every battle up
   to 60 against 60 for the standard game, counting attackers, with a
   stop and with a goal, up to 20 against 20 for the other variants
   (kept short: up to nine sums a battle).  */
START_TEST (test_stats_grid)
{
  ro_rules_t r;
  char what[256];
  variant_rules (&r, _i);
  test_describe_rules (what, sizeof what, &r);
  unsigned long n = _i == 0 || _i == 1 || _i == 8 || _i == 9 ? 60 : 20;
  for (unsigned long a = 1; a <= n; a++)
    for (unsigned long d = 1; d <= n; d++)
      expect_stats (&r, what, a, d, RO_METHOD_RECURSION);
}
END_TEST

/* Random pairs up to 3000 a side against the strip's distribution, and
   ro_battle_stats (the automatic choice: the split at this size) on
   one.  */
START_TEST (test_stats_random)
{
  gmp_randstate_t st;
  test_rand_init (st, 2803);
  for (unsigned long k = 0; k < 4 * test_scale; k++)
    {
      ro_rules_t r;
      char what[256];
      variant_rules (&r, (int) test_rand_range (st, 0, N_VARIANTS - 1));
      test_describe_rules (what, sizeof what, &r);
      expect_stats (&r, what, test_rand_range (st, 1, 3000),
                    test_rand_range (st, 1, 3000), RO_METHOD_STRIP);
    }
  gmp_randclear (st);
  ro_rules_t r;
  ro_stats_t got, want;
  mpq_t win, win_strip;
  mpq_inits (win, win_strip, (mpq_ptr) 0);
  ro_rules_init (&r);
  ro_stats_init (&got);
  ro_stats_init (&want);
  ck_assert_int_eq (ro_battle_stats (&got, win, &r, 2100, 2000), RO_OK);
  ck_assert_int_eq (ro_battle_stats_method (&want, win_strip, &r, 2100, 2000,
                                            RO_METHOD_STRIP), RO_OK);
  ck_assert (mpq_equal (win, win_strip));
  mpq_clears (win, win_strip, (mpq_ptr) 0);
  for (int c = 0; c < 3; c++)
    {
      ck_assert (mpq_equal (got.attackers_left_var[c],
                            want.attackers_left_var[c]));
      ck_assert (mpq_equal (got.defenders_left[c], want.defenders_left[c]));
    }
  ro_stats_clear (&got);
  ro_stats_clear (&want);
}
END_TEST

static Suite *
split_suite (void)
{
  Suite *s = suite_create ("split");
  TCase *tc = test_tcase_create ("grid");
  tcase_add_loop_test (tc, test_grid, 0, (int) N_VARIANTS);
  suite_add_tcase (s, tc);
  tc = test_tcase_create ("random");
  tcase_add_test (tc, test_random);
  tcase_add_test (tc, test_unequal);
  tcase_add_test (tc, test_interface);
  tcase_add_test (tc, test_crossover);
  tcase_add_test (tc, test_threads);
  suite_add_tcase (s, tc);
  tc = test_tcase_create ("stats");
  tcase_add_loop_test (tc, test_stats_grid, 0, (int) N_VARIANTS);
  tcase_add_test (tc, test_stats_random);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_split", split_suite);
}
