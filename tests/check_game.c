/* check_game.c -- tests of the one-round game matrix and Georgiou's model */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds.h"
#include "testutil.h"

#ifndef TESTDATADIR
# define TESTDATADIR "data"
#endif

/* Q equals the fraction S.  */
static void
assert_q (const mpq_t q, const char *s, const char *what)
{
  mpq_t want;
  mpq_init (want);
  ck_assert_int_eq (mpq_set_str (want, s, 10), 0);
  mpq_canonicalize (want);
  ck_assert_msg (mpq_equal (q, want), "%s: got %s, expected %s", what,
                 mpq_get_str (NULL, 10, q), s);
  mpq_clear (want);
}

/* Q rounded half up to 4 places equals the decimal (times 10^4) that
   Georgiou prints.  */
static void
assert_4dp (const mpq_t q, long want, const char *what)
{
  long got = test_round_e4 (q);
  ck_assert_msg (got == want, "%s: %s rounds to %ld e-4, Georgiou prints "
                 "%ld e-4", what, mpq_get_str (NULL, 10, q), got, want);
}

/* Georgiou's game value tables (seed 000, Output 1 and Table 4), in units
   of 1e-4, rows 1..3 attack dice, columns 1..2 defence dice; he leaves the
   1 v 2 cell out (0 marks it here).  */
static const struct
{
  int bonus_a, bonus_d;
  long gv[3][2];
} gv_tables[] = {
  {0, 0, {{-1667, 0}, {1574, -1103}, {3194, 395}}},
  {1, 0, {{1667, 0}, {4907, 0}, {6528, 1634}}}
};

/* G solved (and initialised) for the standard game with bonuses AB, DB
   and at most DEFEND_DICE defence dice.  */
static void
solve_bonuses (ro_game_t *g, int ab, int db, unsigned defend_dice)
{
  ro_rules_t r;
  ro_rules_init (&r);
  r.attack_bonus = ab;
  r.defend_bonus = db;
  r.defend_dice = defend_dice;
  ro_game_init (g);
  ck_assert_int_eq (ro_game_solve (g, &r), RO_OK);
}

START_TEST (test_georgiou_gv_tables)
{
  ro_game_t g;
  solve_bonuses (&g, gv_tables[_i].bonus_a, gv_tables[_i].bonus_d, 2);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      if (!(i == 0 && j == 1))
        {
          ck_assert (g.cell[i][j].has_georgiou);
          assert_4dp (g.cell[i][j].georgiou, gv_tables[_i].gv[i][j],
                      "gv");
        }
  ro_game_clear (&g);
}
END_TEST

/* Every cell against the counts Georgiou prints (tests/data), converted
   by hand: with one comparison value = net = gv = (2 Att(+1) - rolls) /
   rolls; with two, value = (Att(+2) - Def(-2)) / rolls, net twice that
   and gv half of it.  */
START_TEST (test_georgiou_counts)
{
  FILE *f = fopen (TESTDATADIR "/georgiou_outputs.txt", "r");
  char line[256];
  int lines = 0;
  ck_assert_msg (f != NULL, "cannot open georgiou_outputs.txt");
  while (fgets (line, sizeof line, f))
    {
      int ba, bd, na, nd, m;
      long x1, x2, x3, x4, x5;
      if (line[0] == '#')
        continue;
      int n = sscanf (line, "%d %d %d %d %d %ld %ld %ld %ld %ld", &ba, &bd,
                      &na, &nd, &m, &x1, &x2, &x3, &x4, &x5);
      ck_assert (n == 7 || n == 10);
      char want_v[64], want_net[64], want_gv[64];
      if (m == 1)
        {
          /* x1 = Att(+1), x2 = rolls.  */
          snprintf (want_v, sizeof want_v, "%ld/%ld", 2 * x1 - x2, x2);
          strcpy (want_net, want_v);
          strcpy (want_gv, want_v);
        }
      else
        {
          /* x1 = Att(+2), x4 = Def(-2), x5 = 2 * rolls.  */
          snprintf (want_v, sizeof want_v, "%ld/%ld", x1 - x4, x5 / 2);
          snprintf (want_net, sizeof want_net, "%ld/%ld", 2 * (x1 - x4),
                    x5 / 2);
          snprintf (want_gv, sizeof want_gv, "%ld/%ld", x1 - x4, x5);
        }
      ro_game_t g;
      solve_bonuses (&g, ba, bd, 2);
      const ro_game_cell_t *c = &g.cell[na - 1][nd - 1];
      ck_assert_uint_eq (c->comparisons, (unsigned) m);
      assert_q (c->value, want_v, "value");
      assert_q (c->net, want_net, "net");
      assert_q (c->georgiou, want_gv, "georgiou");
      ro_game_clear (&g);
      lines++;
    }
  fclose (f);
  ck_assert_int_eq (lines, 30);
}
END_TEST

/* The standard game by hand: per-comparison values -1/6, -53/108, 17/108,
   -143/648, 23/72, 205/2592 (from 15/36, 55/216, 125/216, 295-581 of
   1296, 855/1296, 2890-2275 of 7776); the saddle is 3 v 2 with
   v = 205/2592, p = 1/2 + v/2 = 2797/5184 and (1-p)/p = 2387/2797.  */
START_TEST (test_standard_saddle)
{
  ro_rules_t r;
  ro_game_t g;
  ro_rules_init (&r);
  ro_game_init (&g);
  ck_assert_int_eq (ro_game_solve (&g, &r), RO_OK);
  assert_q (g.cell[0][1].value, "-53/108", "1 v 2");
  assert_q (g.cell[1][1].value, "-143/648", "2 v 2");
  assert_q (g.maximin, "205/2592", "maximin");
  assert_q (g.minimax, "205/2592", "minimax");
  ck_assert (g.has_saddle);
  ck_assert_uint_eq (g.saddle_attack, 3);
  ck_assert_uint_eq (g.saddle_defend, 2);
  assert_q (g.p, "2797/5184", "p");
  assert_q (g.force_ratio, "2387/2797", "force ratio");
  ck_assert (g.cell[0][0].has_georgiou && g.cell[2][1].has_georgiou);
  ro_game_clear (&g);
}
END_TEST

/* Georgiou's Table 12: for each of his six bonus settings the cell his
   players end in and the game value he prints (1e-4 units).  */
static const struct
{
  int bonus_a, bonus_d;
  unsigned na, nd;
  long gv;
} table12[] = {
  {0, 0, 3, 2, 395}, {1, 0, 1, 1, 1667}, {1, 1, 3, 2, 395},
  {1, 2, 3, 2, -566}, {0, 1, 3, 2, -566}, {0, 2, 3, 1, -3333}
};

START_TEST (test_georgiou_value)
{
  ro_game_t g;
  solve_bonuses (&g, table12[_i].bonus_a, table12[_i].bonus_d, 2);
  ck_assert (g.has_georgiou_value);
  ck_assert_uint_eq (g.georgiou_attack, table12[_i].na);
  ck_assert_uint_eq (g.georgiou_defend, table12[_i].nd);
  assert_4dp (g.georgiou_value, table12[_i].gv, "Table 12 game value");
  /* His value is his cell's gv.  */
  ck_assert (mpq_equal (g.georgiou_value,
                        g.cell[table12[_i].na - 1][table12[_i].nd - 1]
                        .georgiou));
  ro_game_clear (&g);

  /* Undefined when his matrix has a cell of three comparisons.  */
  solve_bonuses (&g, table12[_i].bonus_a, table12[_i].bonus_d, 3);
  ck_assert (!g.has_georgiou_value);
  ro_game_clear (&g);
}
END_TEST

/* The value of one cell by brute force over every roll (at most 5 dice
   of at most 6 sides), straight from the rules: sort each side, add the
   bonuses to the top dice of the first comparison, +1 per comparison
   won, -1 per comparison lost, over comparisons * rolls.  */
static void
brute_value (mpq_t v, const ro_rules_t *r, unsigned na, unsigned nd)
{
  /* Enumerate every roll of at most 5 dice with at most 6 sides.  */
  unsigned long total = 1, sum = 0, neg = 0;
  unsigned m = na < nd ? na : nd;
  for (unsigned k = 0; k < na; k++)
    total *= r->attack_sides;
  for (unsigned k = 0; k < nd; k++)
    total *= r->defend_sides;
  for (unsigned long code = 0; code < total; code++)
    {
      unsigned a[5], d[5];
      unsigned long c = code;
      for (unsigned k = 0; k < na; k++, c /= r->attack_sides)
        a[k] = 1 + c % r->attack_sides;
      for (unsigned k = 0; k < nd; k++, c /= r->defend_sides)
        d[k] = 1 + c % r->defend_sides;
      /* sort descending (insertion) */
      for (unsigned x = 1; x < na; x++)
        for (unsigned y = x; y > 0 && a[y] > a[y - 1]; y--)
          { unsigned t = a[y]; a[y] = a[y - 1]; a[y - 1] = t; }
      for (unsigned x = 1; x < nd; x++)
        for (unsigned y = x; y > 0 && d[y] > d[y - 1]; y--)
          { unsigned t = d[y]; d[y] = d[y - 1]; d[y - 1] = t; }
      for (unsigned p = 0; p < m; p++)
        {
          long ea = (long) a[p] + (p == 0 ? r->attack_bonus : 0);
          long ed = (long) d[p] + (p == 0 ? r->defend_bonus : 0);
          int won = ea > ed || (ea == ed && r->ties == RO_TIES_ATTACKER);
          if (won)
            sum++;
          else
            neg++;
        }
    }
  mpz_set_si (mpq_numref (v), (long) sum - (long) neg);
  mpz_set_ui (mpq_denref (v), total * m);
  mpq_canonicalize (v);
}

/* Random small rule sets: every cell's value against brute force, and the
   saddle against the definition (maximin == minimax, and the saddle cell
   the minimum of its row and the maximum of its column).  */
START_TEST (test_random_rules)
{
  gmp_randstate_t st;
  test_rand_init (st, 7);
  mpq_t v;
  mpq_init (v);
  for (unsigned long it = 0; it < 40 * test_scale; it++)
    {
      ro_rules_t r;
      ro_game_t g;
      ro_rules_init (&r);
      r.attack_sides = r.defend_sides = test_rand_range (st, 2, 6);
      r.attack_dice = test_rand_range (st, 1, 3);
      r.defend_dice = test_rand_range (st, 1, 2);
      r.attack_bonus = (int) test_rand_range (st, 0, 4) - 2;
      r.defend_bonus = (int) test_rand_range (st, 0, 4) - 2;
      r.ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
      ro_game_init (&g);
      ck_assert_int_eq (ro_game_solve (&g, &r), RO_OK);
      for (unsigned i = 0; i < r.attack_dice; i++)
        for (unsigned j = 0; j < r.defend_dice; j++)
          {
            brute_value (v, &r, i + 1, j + 1);
            ck_assert_msg (mpq_equal (v, g.cell[i][j].value),
                           "cell %u v %u", i + 1, j + 1);
          }
      /* maximin <= minimax always; equality exactly with a saddle.  */
      ck_assert (mpq_cmp (g.maximin, g.minimax) <= 0);
      ck_assert_int_eq (g.has_saddle, mpq_equal (g.maximin, g.minimax));
      if (g.has_saddle)
        {
          unsigned si = g.saddle_attack - 1, sj = g.saddle_defend - 1;
          ck_assert (mpq_equal (g.cell[si][sj].value, g.maximin));
          for (unsigned j = 0; j < r.defend_dice; j++)
            ck_assert (mpq_cmp (g.cell[si][j].value, g.maximin) >= 0);
          for (unsigned i = 0; i < r.attack_dice; i++)
            ck_assert (mpq_cmp (g.cell[i][sj].value, g.maximin) <= 0);
        }
      ro_game_clear (&g);
    }
  mpq_clear (v);
  gmp_randclear (st);
}
END_TEST

/* Georgiou's own figures: gv = 0.0395 gives p = 0.51975 and
   (1 - p)/p = 0.48025/0.51975 = 19210/20790 = 1921/2079 (his 0.924); v = -1
   leaves p = 0 and no ratio.  */
START_TEST (test_model_by_hand)
{
  mpq_t v, p, r;
  mpq_inits (v, p, r, (mpq_ptr) 0);
  mpq_set_str (v, "395/10000", 10);
  mpq_canonicalize (v);
  ck_assert_int_eq (ro_game_model (p, r, v), 1);
  assert_q (p, "20790/40000", "p of 0.0395");
  assert_q (r, "1921/2079", "ratio of 0.0395");
  mpq_set_si (v, -1, 1);
  ck_assert_int_eq (ro_game_model (p, r, v), 0);
  assert_q (p, "0", "p of -1");
  mpq_clears (v, p, r, (mpq_ptr) 0);
}
END_TEST

START_TEST (test_errors)
{
  ro_rules_t r;
  ro_game_t g;
  ro_rules_init (&r);
  r.attack_sides = 1;
  ro_game_init (&g);
  ck_assert_int_eq (ro_game_solve (&g, &r), RO_ERULES);
  ro_game_clear (&g);
}
END_TEST

static Suite *
game_suite (void)
{
  Suite *s = suite_create ("game");
  TCase *tc = test_tcase_create ("georgiou");
  tcase_add_loop_test (tc, test_georgiou_gv_tables, 0,
                       sizeof gv_tables / sizeof gv_tables[0]);
  tcase_add_test (tc, test_georgiou_counts);
  tcase_add_loop_test (tc, test_georgiou_value, 0,
                       (int) (sizeof table12 / sizeof *table12));
  tcase_add_test (tc, test_standard_saddle);
  tcase_add_test (tc, test_model_by_hand);
  suite_add_tcase (s, tc);
  tc = test_tcase_create ("random");
  tcase_add_test (tc, test_random_rules);
  tcase_add_test (tc, test_errors);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_game", game_suite);
}
