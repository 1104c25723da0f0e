/* check_chain.c -- tests of chains of territories and of the armies
   needed */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>

#include "riskodds-impl.h"      /* ro_chain_needed_search */
#include "testutil.h"

#define MAXA 12
#define MAXK 4

/* The reference: every path of rounds through the whole chain followed
   one by one, each with the product of its rounds' probabilities (the
   one-round counts from ro_round_count, which check_dice tests against
   every roll).  taken[j] and, when all K fall, armies[f] (the armies that
   move into the last territory).  */
typedef struct
{
  ro_rules_t rules;
  const unsigned long *d;
  size_t k;
  unsigned long f_stop;
  mpq_t round[6][6][6];
  mpq_t taken[MAXK + 1];
  mpq_t armies[MAXA + 1];
} ref_t;

static void
ref_init (ref_t *ref, const ro_rules_t *rules, const unsigned long *d,
          size_t k)
{
  ref->rules = *rules;
  ref->d = d;
  ref->k = k;
  ref->f_stop = rules->count == RO_COUNT_ATTACKERS ? rules->stop
    : rules->stop ? rules->stop - 1 : 0;
  test_round_probs (ref->round, rules);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_init (ref->taken[j]);
  for (size_t f = 0; f <= MAXA; f++)
    mpq_init (ref->armies[f]);
}

static void
ref_clear (ref_t *ref)
{
  test_round_probs_clear (ref->round);
  for (size_t j = 0; j <= MAXK; j++)
    mpq_clear (ref->taken[j]);
  for (size_t f = 0; f <= MAXA; f++)
    mpq_clear (ref->armies[f]);
}

/* Territory I holds D defenders; the attacker has F fighting armies.  */
static void
ref_paths (ref_t *ref, size_t i, unsigned long f, unsigned long d,
           const mpq_t p)
{
  if (d == 0)
    {
      if (i + 1 == ref->k)
        {
          mpq_add (ref->taken[ref->k], ref->taken[ref->k], p);
          mpq_add (ref->armies[f], ref->armies[f], p);
        }
      else
        ref_paths (ref, i + 1, f - 1, ref->d[i + 1], p);
      return;
    }
  if (f == 0 || f <= ref->f_stop)
    {
      mpq_add (ref->taken[i], ref->taken[i], p);
      return;
    }
  unsigned na = f < ref->rules.attack_dice ? f : ref->rules.attack_dice;
  unsigned nd = d < ref->rules.defend_dice ? d : ref->rules.defend_dice;
  unsigned m = na < nd ? na : nd;
  mpq_t q;
  mpq_init (q);
  for (unsigned j = 0; j <= m; j++)
    if (mpq_sgn (ref->round[na][nd][j]) != 0)
      {
        mpq_mul (q, p, ref->round[na][nd][j]);
        ref_paths (ref, i, f - j, d - (m - j), q);
      }
  mpq_clear (q);
}

static void
check_chain (const ro_rules_t *rules, unsigned long a,
             const unsigned long *d, size_t k)
{
  ref_t ref;
  ro_chain_t c;
  mpq_t one, sum;
  ref_init (&ref, rules, d, k);
  mpq_inits (one, sum, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  unsigned long f0 = rules->count == RO_COUNT_ATTACKERS ? a : a - 1;
  ref_paths (&ref, 0, f0, d[0], one);

  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain (&c, rules, a, d, k), RO_OK);
  ck_assert_uint_eq (c.k, k);
  for (size_t j = 0; j <= k; j++)
    {
      ck_assert_msg (mpq_equal (c.taken[j], ref.taken[j]), "a = %lu, k = %zu,"
                     " stop %lu: taken[%zu] = %s, the reference %s", a, k,
                     rules->stop, j, mpq_get_str (NULL, 10, c.taken[j]),
                     mpq_get_str (NULL, 10, ref.taken[j]));
      mpq_add (sum, sum, c.taken[j]);
    }
  ck_assert (mpq_equal (sum, one));
  mpq_set_ui (sum, 0, 1);
  size_t nonzero = 0;
  for (size_t f = 0; f <= MAXA; f++)
    nonzero += mpq_sgn (ref.armies[f]) != 0;
  ck_assert_uint_eq (c.n_armies, nonzero);
  for (size_t i = 0; i < c.n_armies; i++)
    {
      ck_assert (c.armies[i] <= MAXA);
      ck_assert (i == 0 || c.armies[i] < c.armies[i - 1]);
      ck_assert (mpq_equal (c.armies_p[i], ref.armies[c.armies[i]]));
      mpq_add (sum, sum, c.armies_p[i]);
    }
  ck_assert (mpq_equal (sum, c.taken[k]));
  ro_chain_clear (&c);
  mpq_clears (one, sum, (mpq_ptr) 0);
  ref_clear (&ref);
}

START_TEST (test_reference)
{
  gmp_randstate_t st;
  ro_rules_t r;
  test_rand_init (st, 50);
  for (unsigned long it = 0; it < 120 * test_scale; it++)
    {
      unsigned long d[MAXK];
      size_t k = test_rand_range (st, 1, 3);
      ro_rules_init (&r);
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r.stop = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 3);
      if (test_rand_range (st, 0, 3) == 0)
        {
          r.attack_bonus = test_random_bonus (st);
          r.defend_dice = test_rand_range (st, 1, 3);
          r.attack_sides = test_rand_range (st, 2, 8);
        }
      for (size_t i = 0; i < k; i++)
        d[i] = test_rand_range (st, 1, 3);
      check_chain (&r, test_rand_range (st, 1, 8), d, k);
    }
  gmp_randclear (st);
}
END_TEST

/* Risk 2210 A.D.'s mixed dice: the commanders and the station hold in
   every territory, and the reference's rounds (ro_round_count, which
   check_dice tests against every roll of d8 and d6) follow the dice
   each state rolls, min(C, K) of them d8.  */
START_TEST (test_reference_mixed)
{
  gmp_randstate_t st;
  ro_rules_t r;
  test_rand_init (st, 51);
  for (unsigned long it = 0; it < 60 * test_scale; it++)
    {
      unsigned long d[MAXK];
      size_t k = test_rand_range (st, 1, 3);
      ro_rules_init (&r);
      r.count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
        : RO_COUNT_TERRITORY;
      r.attack_commanders = test_rand_range (st, 0, 3);
      r.defend_commanders = test_rand_range (st, 0, 2);
      r.defend_station = test_rand_range (st, 0, 3) == 0;
      for (size_t i = 0; i < k; i++)
        d[i] = test_rand_range (st, 1, 3);
      check_chain (&r, test_rand_range (st, 1, 9), d, k);
    }
  gmp_randclear (st);
}
END_TEST

/* A chain of one territory is the battle itself.  */
START_TEST (test_one_is_battle)
{
  ro_rules_t r;
  ro_chain_t c;
  mpq_t w;
  ro_rules_init (&r);
  r.count = _i % 2 ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  r.stop = _i / 2 ? 4 : 0;
  ro_chain_init (&c);
  mpq_init (w);
  for (unsigned long a = 1; a <= 25; a++)
    for (unsigned long d = 1; d <= 25; d++)
      {
        ck_assert_int_eq (ro_chain (&c, &r, a, &d, 1), RO_OK);
        ck_assert_int_eq (ro_battle_win (w, &r, a, d), RO_OK);
        ck_assert_msg (mpq_equal (w, c.taken[1]), "%lu v %lu", a, d);
      }
  mpq_clear (w);
  ro_chain_clear (&c);
}
END_TEST

START_TEST (test_chain_errors)
{
  ro_rules_t r;
  ro_chain_t c;
  unsigned long d[] = { 3, 0, 2 };
  ro_rules_init (&r);
  ro_chain_init (&c);
  ck_assert_int_eq (ro_chain (&c, &r, 5, d, 0), RO_EINVAL);
  ck_assert_int_eq (ro_chain (&c, &r, 5, d, 3), RO_EINVAL);
  ck_assert_int_eq (ro_chain (&c, &r, 0, d, 1), RO_EINVAL);
  r.goal = 1;
  ck_assert_int_eq (ro_chain (&c, &r, 5, d, 1), RO_EINVAL);
  ro_chain_clear (&c);
}
END_TEST

/* The bytes of the limbs of Q.  */
static double
q_bytes (const mpq_t q)
{
  return (double) (mpz_size (mpq_numref (q)) + mpz_size (mpq_denref (q)))
    * sizeof (mp_limb_t);
}

/* ro_chain_memory bounds at least what the chain's result holds (its
   fractions' limbs, counted here from the result itself), with sides
   changing or not; and ro_fortify_memory every split's fractions.  */
START_TEST (test_memory)
{
  ro_rules_t r[3];
  unsigned long d[3] = { 30, 20, 40 };
  for (int i = 0; i < 3; i++)
    ro_rules_init (&r[i]);
  if (_i == 1)
    r[1].attack_sides = r[1].defend_sides = 8;
  if (_i == 2)
    r[2].defend_sides = 10;
  ro_chain_t c;
  ro_chain_init (&c);
  double bytes, held = 0;
  ck_assert_int_eq (ro_chain_memory (&bytes, r, 300, d, 3, RO_SCOPE_BATTLE),
                    RO_OK);
  ck_assert_int_eq (ro_chain_rules (&c, r, 300, d, 3), RO_OK);
  for (size_t i = 0; i < c.n_armies; i++)
    held += q_bytes (c.armies_p[i]);
  for (size_t i = 0; i < c.n_stops; i++)
    held += q_bytes (c.stop[i].p);
  ck_assert_msg (held > 0 && bytes >= held, "%g bytes for %g held", bytes,
                 held);
  ro_chain_clear (&c);
  ck_assert_int_eq (ro_chain_memory (&bytes, r, 300, d, 0, RO_SCOPE_BATTLE),
                    RO_EINVAL);
  d[1] = 0;
  ck_assert_int_eq (ro_chain_memory (&bytes, r, 300, d, 3, RO_SCOPE_BATTLE),
                    RO_EINVAL);

  ro_fortify_t f;
  ro_fortify_init (&f);
  ck_assert_int_eq (ro_fortify_memory (&bytes, &r[0], 40, 12, 3,
                                       RO_SCOPE_BATTLE), RO_OK);
  ck_assert_int_eq (ro_fortify (&f, &r[0], 40, 12, 3, RO_SCOPE_BATTLE),
                    RO_OK);
  held = 0;
  for (size_t i = 0; i < f.n; i++)
    for (size_t j = 0; j < f.k; j++)
      held += q_bytes (f.split[i].at_least[j]);
  ck_assert_msg (held > 0 && bytes >= held, "%g bytes for %g held", bytes,
                 held);
  ro_fortify_clear (&f);
  ck_assert_int_eq (ro_fortify_memory (&bytes, &r[0], 40, 2, 3,
                                       RO_SCOPE_BATTLE), RO_EINVAL);
  ck_assert_int_eq (ro_fortify_memory (&bytes, &r[0], 40, 1000, 10,
                                       RO_SCOPE_BATTLE), RO_ERANGE);
}
END_TEST

/* The smallest attack against each D by a plain scan of ro_battle_win,
   for several targets, among them targets equal to an exact P (which
   must be reached, not missed by rounding) and just above one.  */
START_TEST (test_needed)
{
  ro_rules_t r;
  mpq_t t, w, eps;
  unsigned long out[12];
  ro_rules_init (&r);
  r.count = _i ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
  mpq_inits (t, w, eps, (mpq_ptr) 0);
  mpz_ui_pow_ui (mpq_denref (eps), 10, 60);
  mpz_set_ui (mpq_numref (eps), 1);
  for (int which = 0; which < 5; which++)
    {
      if (which == 0)
        mpq_set_ui (t, 1, 2);
      else if (which == 1)
        mpq_set_ui (t, 9, 10);
      else if (which == 2)
        mpq_set_ui (t, 99, 100);
      else
        {
          ck_assert_int_eq (ro_battle_win (t, &r, 9, 6), RO_OK);
          if (which == 4)
            mpq_add (t, t, eps);
        }
      ck_assert_int_eq (ro_needed (out, &r, 1, 12, t, 1000), RO_OK);
      for (unsigned long d = 1; d <= 12; d++)
        {
          unsigned long a = r.count == RO_COUNT_TERRITORY;
          for (;; a++)
            {
              ck_assert_int_eq (ro_battle_win (w, &r, a, d), RO_OK);
              if (mpq_cmp (w, t) >= 0)
                break;
            }
          ck_assert_msg (out[d - 1] == a, "target %d, D = %lu: %lu, the "
                         "scan %lu", which, d, out[d - 1], a);
        }
      if (which == 3)
        ck_assert_uint_le (out[5], 9);
      if (which == 4)
        ck_assert_uint_gt (out[5], 9);
    }
  /* Out of reach.  */
  mpq_set_ui (t, 1, 1);
  ck_assert_int_eq (ro_needed (out, &r, 1, 3, t, 50), RO_ERANGE);
  mpq_set_si (t, -1, 2);
  ck_assert_int_eq (ro_needed (out, &r, 1, 3, t, 50), RO_EINVAL);
  mpq_clears (t, w, eps, (mpq_ptr) 0);
}
END_TEST

/* The smallest attack that takes a chain, by a scan of the path
   reference.  */
START_TEST (test_chain_needed)
{
  ro_rules_t r;
  unsigned long d[] = { 2, 1, 2 }, got;
  mpq_t t, one;
  ro_rules_init (&r);
  mpq_inits (t, one, (mpq_ptr) 0);
  mpq_set_ui (one, 1, 1);
  mpq_set_ui (t, 7, 10);
  ck_assert_int_eq (ro_chain_needed (&got, &r, d, 3, t, 100), RO_OK);
  unsigned long a = 1;
  for (;; a++)
    {
      ref_t ref;
      ref_init (&ref, &r, d, 3);
      ref_paths (&ref, 0, a - 1, d[0], one);
      int reached = mpq_cmp (ref.taken[3], t) >= 0;
      ref_clear (&ref);
      if (reached)
        break;
    }
  ck_assert_uint_eq (got, a);
  mpq_set_ui (t, 1, 1);
  ck_assert_int_eq (ro_chain_needed (&got, &r, d, 3, t, 20), RO_ERANGE);
  mpq_clears (t, one, (mpq_ptr) 0);
}
END_TEST

/* The smallest attack up to A_MAX that takes the chain D[0 .. K-1] with
   at least TARGET, by the path reference (plain rules only): 0 when none
   does.  */
static unsigned long
ref_needed (const ro_rules_t *rules, const unsigned long *d, size_t k,
            const mpq_t target, unsigned long a_max)
{
  mpq_t one;
  mpq_init (one);
  mpq_set_ui (one, 1, 1);
  unsigned long found = 0;
  for (unsigned long a = rules->count == RO_COUNT_TERRITORY;
       a <= a_max && found == 0; a++)
    {
      ref_t ref;
      ref_init (&ref, rules, d, k);
      ref_paths (&ref, 0, rules->count == RO_COUNT_ATTACKERS ? a : a - 1,
                 d[0], one);
      if (mpq_cmp (ref.taken[k], target) >= 0)
        found = a + (a == 0);   /* 0 is "none": A = 0 is told apart below */
      ref_clear (&ref);
    }
  mpq_clear (one);
  return found;
}

/* A target for a chain: one of its exact probabilities (which must be
   reached, not missed), just above one, 0, 1, or a random fraction.  */
static void
random_target (mpq_t t, gmp_randstate_t st, const ro_rules_t *r,
               const unsigned long *d, size_t k, unsigned long a_max)
{
  unsigned long which = test_rand_range (st, 0, 9);
  if (which <= 4)
    {
      ro_chain_t c;
      ro_chain_init (&c);
      ck_assert_int_eq (ro_chain (&c, r, test_rand_range (st, 1, a_max), d,
                                  k), RO_OK);
      mpq_set (t, c.taken[k]);
      ro_chain_clear (&c);
      if (which == 4)
        {
          mpq_t eps;
          mpq_init (eps);
          mpz_ui_pow_ui (mpq_denref (eps), 10, 40);
          mpz_set_ui (mpq_numref (eps), 1);
          mpq_add (t, t, eps);
          if (mpq_cmp_ui (t, 1, 1) > 0)
            mpq_set_ui (t, 1, 1);
          mpq_clear (eps);
        }
    }
  else if (which == 5)
    mpq_set_ui (t, 0, 1);
  else if (which == 6)
    mpq_set_ui (t, 1, 1);
  else
    {
      unsigned long q = test_rand_range (st, 2, 1000);
      mpq_set_ui (t, test_rand_range (st, 1, q - 1), q);
      mpq_canonicalize (t);
    }
}

/* Random small rules: sides, dice, ties, bonuses, count and stop.  */
static void
random_rules (ro_rules_t *r, gmp_randstate_t st)
{
  ro_rules_init (r);
  r->count = test_rand_range (st, 0, 1) ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
  r->stop = test_rand_range (st, 0, 2) ? 0 : test_rand_range (st, 1, 3);
  if (test_rand_range (st, 0, 1))
    {
      r->attack_bonus = test_random_bonus (st);
      r->defend_bonus = test_rand_range (st, 0, 3) ? 0
        : test_random_bonus (st);
      r->attack_dice = test_rand_range (st, 1, 3);
      r->defend_dice = test_rand_range (st, 1, 3);
      r->attack_sides = test_rand_range (st, 2, 8);
      r->defend_sides = test_rand_range (st, 2, 8);
      r->ties = test_rand_range (st, 0, 1) ? RO_TIES_ATTACKER
        : RO_TIES_DEFENDER;
    }
}

/* The backward pass against the plain path reference, on tiny chains and
   random rules and targets.  */
START_TEST (test_chain_needed_reference)
{
  gmp_randstate_t st;
  ro_rules_t r;
  mpq_t t;
  mpq_init (t);
  test_rand_init (st, 51);
  for (unsigned long it = 0; it < 60 * test_scale; it++)
    {
      unsigned long d[MAXK], got = 0, a_max = test_rand_range (st, 2, 10);
      size_t k = test_rand_range (st, 1, 3);
      random_rules (&r, st);
      for (size_t i = 0; i < k; i++)
        d[i] = test_rand_range (st, 1, 3);
      random_target (t, st, &r, d, k, a_max);
      unsigned long want = ref_needed (&r, d, k, t, a_max);
      int rc = ro_chain_needed (&got, &r, d, k, t, a_max);
      char rules[512];
      test_describe_rules (rules, sizeof rules, &r);
      if (want == 0)
        ck_assert_msg (rc == RO_ERANGE, "it %lu (%s): %d, A = %lu; the "
                       "reference: none", it, rules, rc, got);
      else
        {
          ck_assert_msg (rc == RO_OK, "it %lu (%s): %d; the reference %lu",
                         it, rules, rc, want);
          /* ref_needed writes A = 0 as 1: only 0 targets make it.  */
          if (got == 0)
            ck_assert (want == 1 && mpq_sgn (t) == 0);
          else
            ck_assert_msg (got == want, "it %lu (%s): A = %lu, the "
                           "reference %lu", it, rules, got, want);
        }
    }
  mpq_clear (t);
  gmp_randclear (st);
}
END_TEST

/* The backward pass against the former search (a whole chain per A),
   under every policy too, where P need not grow with A.  */
START_TEST (test_chain_needed_search)
{
  static const ro_defender_t defenders[] = {
    RO_DEFENDER_MAX, RO_DEFENDER_WIERINGA, RO_DEFENDER_OPTIMAL,
    RO_DEFENDER_WIERINGA_ROLLED
  };
  gmp_randstate_t st;
  ro_rules_t r;
  mpq_t t;
  mpq_init (t);
  test_rand_init (st, 52);
  for (unsigned long it = 0; it < 80 * test_scale; it++)
    {
      unsigned long d[MAXK], got = 0, old = 0;
      unsigned long a_max = test_rand_range (st, 2, 40);
      size_t k = test_rand_range (st, 1, MAXK);
      random_rules (&r, st);
      r.defender = defenders[test_rand_range (st, 0, 3)];
      r.attacker = test_rand_range (st, 0, 2) ? RO_ATTACKER_MAX
        : RO_ATTACKER_OPTIMAL;
      for (size_t i = 0; i < k; i++)
        d[i] = test_rand_range (st, 1, 8);
      random_target (t, st, &r, d, k, a_max);
      int rc = ro_chain_needed (&got, &r, d, k, t, a_max);
      int rc_old = ro_chain_needed_search (&old, &r, d, k, t, a_max);
      char rules[512];
      test_describe_rules (rules, sizeof rules, &r);
      ck_assert_msg (rc == rc_old, "it %lu (%s): %d, the search %d", it,
                     rules, rc, rc_old);
      ck_assert_msg (rc != RO_OK || got == old, "it %lu (%s): A = %lu, the "
                     "search %lu", it, rules, got, old);
    }
  mpq_clear (t);
  gmp_randclear (st);
}
END_TEST

/* Certainty: hand cases of the first comparison (1 + attack bonus on
   the attacker's worst top die against the defender's best), and what
   follows from them.  */
START_TEST (test_certainty)
{
  ro_rules_t r;
  mpq_t one;
  unsigned long d[] = { 3, 4 }, got, out[3];
  mpq_init (one);
  mpq_set_ui (one, 1, 1);
  ro_rules_init (&r);
  ck_assert_int_eq (ro_defender_can_win (&r), 1);
  /* Refused at once, whatever the armies allowed.  */
  ck_assert_int_eq (ro_chain_needed (&got, &r, d, 2, one, 100000000),
                    RO_ERANGE);
  ck_assert_int_eq (ro_needed (out, &r, 1, 3, one, 100000000), RO_ERANGE);
  r.goal = 2;
  ck_assert_int_eq (ro_needed (out, &r, 1, 3, one, 100000000), RO_ERANGE);
  ck_assert_uint_eq (out[0], 1);
  ck_assert_uint_eq (out[1], 1);
  /* Nothing to win against: every D at or below the goal.  */
  ck_assert_int_eq (ro_needed (out, &r, 1, 2, one, 100), RO_OK);
  r.goal = 0;
  r.attack_bonus = 5;           /* 6 against 6: a tie, the defender's */
  ck_assert_int_eq (ro_defender_can_win (&r), 1);
  r.ties = RO_TIES_ATTACKER;    /* now the attacker's */
  ck_assert_int_eq (ro_defender_can_win (&r), 0);
  r.ties = RO_TIES_DEFENDER;
  r.attack_bonus = 6;           /* 7 beats 6 */
  ck_assert_int_eq (ro_defender_can_win (&r), 0);
  /* The first comparisons are all won, the later ones are not.  By
     hand: a round of na dice costs the attacker at most na - 1 armies,
     so he never loses his last and wins every battle; against 3 he
     loses at most 1 in each of the two rounds against 2 defence dice
     while he rolls 2 or more, so f = 4 fighting armies arrive with 2 at
     worst and move 1 on, which takes the 4; f = 3 may arrive with 1 and
     move none on: A = 5 armies on the territory.  */
  ck_assert_int_eq (ro_chain_needed (&got, &r, d, 2, one, 100), RO_OK);
  ck_assert_uint_eq (got, 5);
  ck_assert_int_eq (ro_chain_needed_search (&got, &r, d, 2, one, 100),
                    RO_OK);
  ck_assert_uint_eq (got, 5);
  r.attack_bonus = 0;
  r.defend_bonus = -6;          /* 1 beats 0 */
  ck_assert_int_eq (ro_defender_can_win (&r), 0);
  r.defend_bonus = 0;
  r.attack_sides = 2;
  r.defend_sides = 8;
  r.attack_bonus = 7;           /* 8 against 8 */
  ck_assert_int_eq (ro_defender_can_win (&r), 1);
  r.attack_bonus = 8;
  ck_assert_int_eq (ro_defender_can_win (&r), 0);
  r.attack_sides = 1;
  ck_assert_int_lt (ro_defender_can_win (&r), 0);
  mpq_clear (one);
}
END_TEST

static Suite *
chain_suite (void)
{
  Suite *s = suite_create ("chain");
  TCase *tc = test_tcase_create ("chain");
  tcase_add_test (tc, test_reference);
  tcase_add_test (tc, test_reference_mixed);
  tcase_add_loop_test (tc, test_one_is_battle, 0, 4);
  tcase_add_test (tc, test_chain_errors);
  tcase_add_loop_test (tc, test_memory, 0, 3);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("needed");
  tcase_add_loop_test (tc, test_needed, 0, 2);
  tcase_add_test (tc, test_chain_needed);
  tcase_add_test (tc, test_chain_needed_reference);
  tcase_add_test (tc, test_chain_needed_search);
  tcase_add_test (tc, test_certainty);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_chain", chain_suite);
}
