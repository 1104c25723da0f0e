/* testutil.c -- what the Check suites share: seed, random numbers, main,
   rolls of dice and messages */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

unsigned long test_seed = TEST_DEFAULT_SEED;
unsigned long test_scale = 1;

/* The environment variable NAME as a number, or DFLT when it is unset,
   empty or not a number.  */
static unsigned long
env_ulong (const char *name, unsigned long dflt)
{
  const char *s = getenv (name);
  char *end;
  unsigned long v;

  if (s == NULL || *s == '\0')
    return dflt;
  v = strtoul (s, &end, 0);
  return *end == '\0' ? v : dflt;
}

void
test_rand_init (gmp_randstate_t st, unsigned long salt)
{
  gmp_randinit_default (st);
  gmp_randseed_ui (st, test_seed * 1000003UL + salt);
}

unsigned long
test_rand_range (gmp_randstate_t st, unsigned long lo, unsigned long hi)
{
  return lo + gmp_urandomm_ui (st, hi - lo + 1);
}

TCase *
test_tcase_create (const char *name)
{
  TCase *tc = tcase_create (name);

  tcase_set_timeout (tc, 60.0 * (double) test_scale);
  return tc;
}

int
test_main (const char *name, Suite *(*make_suite) (void))
{
  SRunner *sr;
  int failed;

  test_seed = env_ulong ("RO_TEST_SEED", TEST_DEFAULT_SEED);
  test_scale = env_ulong ("RO_TEST_SCALE", 1);
  if (test_scale == 0)
    test_scale = 1;
  printf ("%s: RO_TEST_SEED=%lu RO_TEST_SCALE=%lu\n", name, test_seed,
          test_scale);
  fflush (stdout);

  sr = srunner_create (make_suite ());
  srunner_run_all (sr, CK_NORMAL);
  failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed == 0 ? 0 : 1;
}

int
test_random_bonus (gmp_randstate_t st)
{
  unsigned long kind = test_rand_range (st, 0, 8);

  if (kind < 3)
    return 0;
  if (kind < 8)
    return (int) test_rand_range (st, 0, 6) - 3;
  return (int) test_rand_range (st, 0, 2 * RO_BONUS_MAX) - RO_BONUS_MAX;
}

long
test_round_e4 (const mpq_t q)
{
  mpz_t t;
  mpz_init (t);
  /* floor ((2 * 10^4 num + den) / (2 den)), for either sign.  */
  mpz_mul_ui (t, mpq_numref (q), 20000);
  mpz_add (t, t, mpq_denref (q));
  mpz_fdiv_q (t, t, mpq_denref (q));
  mpz_fdiv_q_2exp (t, t, 1);
  long r = mpz_get_si (t);
  mpz_clear (t);
  return r;
}

void
test_round_probs (mpq_t prob[6][6][6], const ro_rules_t *rules)
{
  ro_round_t r;
  ro_round_init (&r);
  for (unsigned na = 0; na < 6; na++)
    for (unsigned nd = 0; nd < 6; nd++)
      for (unsigned k = 0; k < 6; k++)
        mpq_init (prob[na][nd][k]);
  for (unsigned na = 1; na <= rules->attack_dice; na++)
    for (unsigned nd = 1; nd <= rules->defend_dice; nd++)
      {
        ck_assert_int_eq (ro_round_count (&r, rules, na, nd), RO_OK);
        for (unsigned k = 0; k <= r.comparisons; k++)
          {
            mpz_set (mpq_numref (prob[na][nd][k]), r.count[k]);
            mpz_set (mpq_denref (prob[na][nd][k]), r.total);
            mpq_canonicalize (prob[na][nd][k]);
          }
      }
  ro_round_clear (&r);
}

void
test_round_probs_clear (mpq_t prob[6][6][6])
{
  for (unsigned na = 0; na < 6; na++)
    for (unsigned nd = 0; nd < 6; nd++)
      for (unsigned k = 0; k < 6; k++)
        mpq_clear (prob[na][nd][k]);
}

unsigned
test_min_u (unsigned a, unsigned b)
{
  return a < b ? a : b;
}

unsigned long
test_pow_ul (unsigned long b, unsigned e)
{
  unsigned long r = 1;

  while (e-- > 0)
    r *= b;
  return r;
}

int
test_is_canonical (const mpq_t q)
{
  mpz_t g;
  int ok;

  if (mpz_sgn (mpq_denref (q)) <= 0)
    return 0;
  mpz_init (g);
  mpz_gcd (g, mpq_numref (q), mpq_denref (q));
  ok = mpz_cmp_ui (g, 1) == 0;
  mpz_clear (g);
  return ok;
}

const char *
test_count_name (ro_count_t c)
{
  return c == RO_COUNT_ATTACKERS ? "attackers" : "territory";
}

const char *
test_defender_name (ro_defender_t p)
{
  switch (p)
    {
    case RO_DEFENDER_MAX:
      return "max";
    case RO_DEFENDER_WIERINGA:
      return "wieringa";
    case RO_DEFENDER_WIERINGA_ROLLED:
      return "wieringa-rolled";
    case RO_DEFENDER_OPTIMAL:
      return "optimal";
    }
  return "?";
}

const char *
test_attacker_name (ro_attacker_t p)
{
  return p == RO_ATTACKER_OPTIMAL ? "optimal" : "max";
}

void
test_describe_rules (char *buf, size_t size, const ro_rules_t *r)
{
  int len;

  len = snprintf (buf, size, "d%u x%u %+d vs d%u x%u %+d, ties to %s, "
                  "%s count, stop %lu, goal %lu", r->attack_sides,
                  r->attack_dice, r->attack_bonus, r->defend_sides,
                  r->defend_dice, r->defend_bonus,
                  r->ties == RO_TIES_ATTACKER ? "attacker" : "defender",
                  test_count_name (r->count), r->stop, r->goal);
  /* The policies only where they change the dice rolled; a message cut
     short by SIZE stays cut.  */
  if (r->attacker != RO_ATTACKER_MAX && len >= 0 && (size_t) len < size)
    len += snprintf (buf + len, size - (size_t) len, ", attacker %s",
                     test_attacker_name (r->attacker));
  if (r->defender != RO_DEFENDER_MAX && len >= 0 && (size_t) len < size)
    snprintf (buf + len, size - (size_t) len, ", defender %s",
              test_defender_name (r->defender));
}

void
test_first_roll (unsigned *dice, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    dice[i] = 1;
}

int
test_next_roll (unsigned *dice, unsigned n, unsigned s)
{
  for (unsigned i = 0; i < n; i++)
    {
      if (++dice[i] <= s)
        return 1;
      dice[i] = 1;
    }
  return 0;
}

void
test_sort_desc (unsigned *v, const unsigned *dice, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    {
      unsigned j = i, x = dice[i];
      for (; j > 0 && v[j - 1] < x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

/* The comparisons the attacker loses when his sorted dice TOP (the
   first M) meet the defender's sorted W: the bonuses go to the first
   comparison only.  */
static unsigned
attack_losses (const ro_rules_t *r, const unsigned *top, const unsigned *w,
               unsigned m)
{
  unsigned lost = 0;

  for (unsigned c = 0; c < m; c++)
    {
      long x = (long) top[c] + (c == 0 ? r->attack_bonus : 0);
      long y = (long) w[c] + (c == 0 ? r->defend_bonus : 0);
      if (!(x > y || (r->ties == RO_TIES_ATTACKER && x == y)))
        lost++;
    }
  return lost;
}

unsigned long
test_defence_counts (unsigned long count[RO_DICE_MAX + 1],
                     const ro_rules_t *r, unsigned na, const unsigned *top,
                     unsigned nd)
{
  unsigned dice[RO_DICE_MAX], w[RO_DICE_MAX], m = test_min_u (na, nd);
  unsigned long total = 0;

  test_require_msg (nd >= 1 && nd <= RO_DICE_MAX,
                    "test_defence_counts: %u defence dice", nd);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    count[k] = 0;
  test_first_roll (dice, nd);
  do
    {
      test_sort_desc (w, dice, nd);
      count[attack_losses (r, top, w, m)]++;
      total++;
    }
  while (test_next_roll (dice, nd, r->defend_sides));
  return total;
}
