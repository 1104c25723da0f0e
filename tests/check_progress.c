/* check_progress.c -- tests of the progress hook: what every long call
   tells, and that it tells nothing else */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "riskodds.h"
#include "testutil.h"

/* What a hook saw: its reports as shares of the whole, and whether they
   kept the contract of ro_progress_set (TOTAL > 0, DONE in [0, TOTAL]
   and never going back within one call).  */
typedef struct
{
  size_t n;
  double first, last, before_last;
  int bad_total, backwards, out_of_range;
} seen_t;

static void
hook (void *data, double done, double total)
{
  seen_t *s = data;
  if (!(total > 0))
    {
      s->bad_total = 1;
      return;
    }
  double share = done / total;
  if (share < 0 || share > 1)
    s->out_of_range = 1;
  if (s->n == 0)
    s->first = share;
  else if (share < s->last)
    s->backwards = 1;
  if (share < 1)
    s->before_last = share;
  s->last = share;
  s->n++;
}

static void
seen_start (seen_t *s)
{
  s->n = 0;
  s->first = s->last = s->before_last = -1;
  s->bad_total = s->backwards = s->out_of_range = 0;
  ro_progress_set (hook, s);
}

/* One call told its start (0), its end (1), and more than those, in
   order.  */
static void
seen_check (const seen_t *s, const char *what)
{
  ro_progress_set (NULL, NULL);
  ck_assert_msg (!s->bad_total && !s->out_of_range,
                 "%s: a report out of the contract", what);
  ck_assert_msg (s->n > 2, "%s: %zu reports", what, s->n);
  ck_assert_msg (s->first == 0, "%s: first share %g", what, s->first);
  ck_assert_msg (s->last == 1, "%s: last share %g", what, s->last);
  ck_assert_msg (!s->backwards, "%s: the share went back", what);
}

static void
rules_of (ro_rules_t *r, int i)
{
  ro_rules_init (r);
  if (i == 1)
    r->defender = RO_DEFENDER_OPTIMAL;
  else if (i == 2)
    r->attacker = RO_ATTACKER_OPTIMAL;
  else if (i == 3)
    r->defend_dice = 3;
}

START_TEST (test_battle)
{
  ro_rules_t r;
  rules_of (&r, _i);
  seen_t s;
  mpq_t w;
  mpq_init (w);
  seen_start (&s);
  ck_assert_int_eq (ro_battle_win_method (w, &r, 30, 25,
                                          RO_METHOD_RECURSION), RO_OK);
  seen_check (&s, "recursion");
  if (ro_method_applies (&r, RO_METHOD_STRIP))
    {
      /* Inside the full-dice region, and from either band.  */
      static const unsigned long ad[3][2] = { {40, 35}, {2, 30}, {40, 1} };
      for (int k = 0; k < 3; k++)
        {
          seen_start (&s);
          ck_assert_int_eq (ro_battle_win_method (w, &r, ad[k][0], ad[k][1],
                                                  RO_METHOD_STRIP), RO_OK);
          ck_assert_msg (s.n == 0 || (s.first == 0 && s.last == 1),
                         "strip %lu v %lu", ad[k][0], ad[k][1]);
          if (k == 0)
            seen_check (&s, "strip");
          ro_progress_set (NULL, NULL);
        }
    }
  mpq_clear (w);
}
END_TEST

START_TEST (test_dist)
{
  ro_rules_t r;
  rules_of (&r, _i);
  seen_t s;
  ro_dist_t dist;
  ro_stats_t st;
  ro_dist_init (&dist);
  ro_stats_init (&st);
  seen_start (&s);
  ck_assert_int_eq (ro_battle_dist_method (&dist, &r, 20, 15,
                                           RO_METHOD_RECURSION), RO_OK);
  seen_check (&s, "dist, recursion");
  if (ro_method_applies (&r, RO_METHOD_STRIP))
    {
      seen_start (&s);
      ck_assert_int_eq (ro_battle_dist_method (&dist, &r, 20, 15,
                                               RO_METHOD_STRIP), RO_OK);
      seen_check (&s, "dist, strip");
    }
  seen_start (&s);
  ck_assert_int_eq (ro_dist_stats (&st, &dist, 20, 15), RO_OK);
  seen_check (&s, "stats");
  ro_stats_clear (&st);
  ro_dist_clear (&dist);
}
END_TEST

START_TEST (test_chain_plan)
{
  ro_rules_t r;
  rules_of (&r, _i);
  seen_t s;
  static const unsigned long d[3] = { 4, 2, 5 };
  ro_chain_t c;
  ro_chain_init (&c);
  seen_start (&s);
  ck_assert_int_eq (ro_chain (&c, &r, 25, d, 3), RO_OK);
  seen_check (&s, "chain");
  ro_chain_clear (&c);
  ro_plan_t p;
  ro_plan_init (&p);
  seen_start (&s);
  ck_assert_int_eq (ro_plan_solve (&p, &r, 15, 12), RO_OK);
  seen_check (&s, "plan");
  ro_plan_clear (&p);
}
END_TEST

/* needed over a range of defenders: one pass of the recursion that
   stops where the last defender count finds its attackers, far below
   the most attackers it may search (10000).  Its reports must follow
   that pass: the last share before the end at least a half (it was
   about 0.01, and the meter said 0% done to the end).  */
START_TEST (test_needed_range)
{
  ro_rules_t r;
  ro_rules_init (&r);
  mpq_t half;
  mpq_init (half);
  mpq_set_ui (half, 1, 2);
  unsigned long out[200];
  seen_t s;
  seen_start (&s);
  ck_assert_int_eq (ro_needed (out, &r, 1, 200, half, 10000), RO_OK);
  seen_check (&s, "needed 1..200");
  ck_assert_msg (s.before_last >= 0.5, "needed 1..200: %g before the end",
                 s.before_last);
  mpq_clear (half);
}
END_TEST

/* No hook, no report; a hook is the setting thread's only.  */
static void *
other_thread (void *arg)
{
  mpq_t w;
  mpq_init (w);
  ro_rules_t r;
  ro_rules_init (&r);
  *(int *) arg = ro_battle_win_method (w, &r, 30, 25, RO_METHOD_RECURSION);
  mpq_clear (w);
  return NULL;
}

/* The split engine runs its two edges on two threads, and only the
   caller's reports: its reports must still cover the whole run, not
   stop at the caller's edge's share (issue 28: a balanced battle stood
   at 50% when it ended, a very unequal one at 1% all along).  The last
   share below 1 is at least 3/4 of the way, balanced or unequal, on
   one thread or two.  */
START_TEST (test_split)
{
  static const unsigned long ad[3][2] = { {3000, 3000}, {3000, 60},
  {60, 3000}
  };
  ro_rules_t r;
  ro_rules_init (&r);
  mpq_t w;
  mpq_init (w);
  seen_t s;
  seen_start (&s);
  ck_assert_int_eq (ro_battle_win_method (w, &r, ad[_i][0], ad[_i][1],
                                          RO_METHOD_SPLIT), RO_OK);
  seen_check (&s, "split");
  ck_assert_msg (s.before_last >= 0.75, "split %lu v %lu: the last share "
                 "below 1 was %g", ad[_i][0], ad[_i][1], s.before_last);
  mpq_clear (w);
}
END_TEST

START_TEST (test_per_thread)
{
  seen_t s;
  seen_start (&s);
  pthread_t t;
  int rc = -1;
  ck_assert_int_eq (pthread_create (&t, NULL, other_thread, &rc), 0);
  ck_assert_int_eq (pthread_join (t, NULL), 0);
  ck_assert_int_eq (rc, RO_OK);
  ck_assert_msg (s.n == 0, "another thread's call reported %zu times", s.n);
  ro_progress_set (NULL, NULL);
  mpq_t w;
  mpq_init (w);
  ro_rules_t r;
  ro_rules_init (&r);
  ck_assert_int_eq (ro_battle_win_method (w, &r, 30, 25,
                                          RO_METHOD_RECURSION), RO_OK);
  ck_assert_msg (s.n == 0, "reports after the hook was removed");
  mpq_clear (w);
}
END_TEST

static Suite *
progress_suite (void)
{
  Suite *s = suite_create ("progress");
  TCase *tc = test_tcase_create ("engines");
  tcase_add_loop_test (tc, test_battle, 0, 4);
  tcase_add_loop_test (tc, test_dist, 0, 4);
  tcase_add_loop_test (tc, test_chain_plan, 0, 4);
  tcase_add_loop_test (tc, test_split, 0, 3);
  tcase_add_test (tc, test_per_thread);
  tcase_add_test (tc, test_needed_range);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_progress", progress_suite);
}
