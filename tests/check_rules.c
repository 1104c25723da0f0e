/* check_rules.c -- tests of rule sets, dice per state and error messages */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "riskodds.h"
#include "testutil.h"

/* The five documented codes, in order.  */
static const int error_codes[] =
  { RO_OK, RO_EINVAL, RO_ERANGE, RO_ENOMEM, RO_ERULES };
#define N_ERROR_CODES (sizeof error_codes / sizeof error_codes[0])

/* Fill RULES by hand with the standard game of the header, without going
   through ro_rules_init, so that the two can be compared.  */
static void
standard_by_hand (ro_rules_t *rules, ro_count_t count)
{
  memset (rules, 0, sizeof *rules);
  rules->attack_sides = 6;
  rules->defend_sides = 6;
  rules->attack_dice = 3;
  rules->defend_dice = 2;
  rules->attack_bonus = 0;
  rules->defend_bonus = 0;
  rules->ties = RO_TIES_DEFENDER;
  rules->count = count;
}

START_TEST (test_init_standard)
{
  ro_rules_t r;

  /* Poison every field first: ro_rules_init must set all of them.  */
  memset (&r, 0xa5, sizeof r);
  ro_rules_init (&r);
  ck_assert_uint_eq (r.attack_sides, 6);
  ck_assert_uint_eq (r.defend_sides, 6);
  ck_assert_uint_eq (r.attack_dice, 3);
  ck_assert_uint_eq (r.defend_dice, 2);
  ck_assert_int_eq (r.attack_bonus, 0);
  ck_assert_int_eq (r.defend_bonus, 0);
  ck_assert_int_eq ((int) r.ties, (int) RO_TIES_DEFENDER);
  ck_assert_int_eq ((int) r.count, (int) RO_COUNT_TERRITORY);
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
  ck_assert_int_eq (ro_rules_is_standard (&r), 1);
}
END_TEST

START_TEST (test_constants)
{
  /* The limits the header promises; the other tests rely on them.  */
  ck_assert_int_eq (RO_SIDES_MIN, 2);
  ck_assert_int_eq (RO_SIDES_MAX, 100);
  ck_assert_int_eq (RO_DICE_MAX, 5);
  ck_assert_int_eq (RO_BONUS_MAX, 100);
  ck_assert_int_eq ((int) RO_COUNT_TERRITORY, 0);
  ck_assert_int_eq ((int) RO_COUNT_ATTACKERS, 1);
  ck_assert_int_eq ((int) RO_TIES_DEFENDER, 0);
  ck_assert_int_eq ((int) RO_TIES_ATTACKER, 1);
  ck_assert_int_eq (RO_OK, 0);
  ck_assert_int_lt (RO_EINVAL, 0);
  ck_assert_int_lt (RO_ERANGE, 0);
  ck_assert_int_lt (RO_ENOMEM, 0);
  ck_assert_int_lt (RO_ERULES, 0);
}
END_TEST

START_TEST (test_check_standard_by_hand)
{
  ro_rules_t r;

  standard_by_hand (&r, RO_COUNT_TERRITORY);
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
  standard_by_hand (&r, RO_COUNT_ATTACKERS);
  ck_assert_int_eq (ro_rules_check (&r), RO_OK);
}
END_TEST

/* The standard rule set with one field changed to VALUE: the sides
   (DICE = 0) or the dice (DICE = 1) of the attacker (SIDE = 0) or of the
   defender (SIDE = 1).  */
static void
standard_with (ro_rules_t *r, int dice, int side, unsigned value)
{
  ro_rules_init (r);
  if (dice && side == 0)
    r->attack_dice = value;
  else if (dice)
    r->defend_dice = value;
  else if (side == 0)
    r->attack_sides = value;
  else
    r->defend_sides = value;
}

/* Every value from 0 to LAST of that field, and UINT_MAX: valid exactly
   on [LO, HI].  */
static void
check_field_range (int dice, int side, unsigned lo, unsigned hi,
                   unsigned last)
{
  ro_rules_t r;
  unsigned v;

  for (v = 0; v <= last; v++)
    {
      int want = (v >= lo && v <= hi) ? RO_OK : RO_ERULES;

      standard_with (&r, dice, side, v);
      ck_assert_msg (ro_rules_check (&r) == want,
                     "%s_%s = %u: ro_rules_check gave %d, expected %d",
                     side == 0 ? "attack" : "defend", dice ? "dice" : "sides",
                     v, ro_rules_check (&r), want);
    }
  standard_with (&r, dice, side, UINT_MAX);
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
}

/* Every number of sides from 0 to 110 on either side (_i = 0: attacker,
   1: defender): valid exactly on [RO_SIDES_MIN, RO_SIDES_MAX].  */
START_TEST (test_check_sides)
{
  check_field_range (0, _i, 2, 100, 110);
}
END_TEST

/* Every number of dice from 0 to 12 on either side: valid exactly on
   [1, RO_DICE_MAX].  */
START_TEST (test_check_dice)
{
  check_field_range (1, _i, 1, 5, 12);
}
END_TEST

/* The extreme corners of the valid box are all accepted.  */
START_TEST (test_check_corners)
{
  static const unsigned sides[] = { 2, 100 };
  static const unsigned dice[] = { 1, 5 };
  ro_rules_t r;
  int i;

  for (i = 0; i < 64; i++)
    {
      ro_rules_init (&r);
      r.attack_sides = sides[i & 1];
      r.defend_sides = sides[(i >> 1) & 1];
      r.attack_dice = dice[(i >> 2) & 1];
      r.defend_dice = dice[(i >> 3) & 1];
      r.ties = (i >> 4) & 1 ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
      r.count = (i >> 5) & 1 ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;
      ck_assert_msg (ro_rules_check (&r) == RO_OK,
                     "sides %u/%u dice %u/%u ties %d count %d refused",
                     r.attack_sides, r.defend_sides, r.attack_dice,
                     r.defend_dice, (int) r.ties, (int) r.count);
    }
}
END_TEST

/* The standard rule set with bonuses AB and DB, in the count C.  */
static void
standard_with_bonus (ro_rules_t *r, int ab, int db, ro_count_t c)
{
  ro_rules_init (r);
  r->attack_bonus = ab;
  r->defend_bonus = db;
  r->count = c;
}

/* Every bonus from -110 to 110 on either side (_i = 0: attacker, 1:
   defender), the other side's bonus 0: valid exactly on [-RO_BONUS_MAX,
   RO_BONUS_MAX].  */
START_TEST (test_check_bonus_range)
{
  ro_rules_t r;
  int v;

  for (v = -110; v <= 110; v++)
    {
      int want = (v >= -100 && v <= 100) ? RO_OK : RO_ERULES;
      int ab = _i == 0 ? v : 0, db = _i == 0 ? 0 : v;

      standard_with_bonus (&r, ab, db, RO_COUNT_TERRITORY);
      ck_assert_msg (ro_rules_check (&r) == want,
                     "attack_bonus %d, defend_bonus %d: ro_rules_check gave "
                     "%d, expected %d", ab, db, ro_rules_check (&r), want);
    }
}
END_TEST

/* Bonuses within the limits are accepted on both sides at once, in both
   counts and with the other limits at their corners; one bonus outside
   them is refused whatever the other is.  */
START_TEST (test_check_bonus)
{
  static const int good[] = { 0, 1, -1, 2, -2, 6, -6, 99, -99, 100, -100 };
  static const int bad[] = { 101, -101, 1000, -1000, INT_MAX, INT_MIN,
                             INT_MAX - 1, INT_MIN + 1 };
  const size_t ngood = sizeof good / sizeof good[0];
  const size_t nbad = sizeof bad / sizeof bad[0];
  ro_rules_t r;
  size_t i, j;
  int c;

  for (c = 0; c <= 1; c++)
    {
      ro_count_t count = c ? RO_COUNT_ATTACKERS : RO_COUNT_TERRITORY;

      for (i = 0; i < ngood; i++)
        for (j = 0; j < ngood; j++)
          {
            standard_with_bonus (&r, good[i], good[j], count);
            ck_assert_msg (ro_rules_check (&r) == RO_OK,
                           "bonuses %d/%d refused", good[i], good[j]);
            /* the extreme dice and sides do not change that */
            r.attack_sides = r.defend_sides = RO_SIDES_MAX;
            r.attack_dice = r.defend_dice = RO_DICE_MAX;
            r.ties = RO_TIES_ATTACKER;
            ck_assert_msg (ro_rules_check (&r) == RO_OK,
                           "bonuses %d/%d refused with d100 x5", good[i],
                           good[j]);
            r.attack_sides = r.defend_sides = RO_SIDES_MIN;
            r.attack_dice = r.defend_dice = 1;
            ck_assert_msg (ro_rules_check (&r) == RO_OK,
                           "bonuses %d/%d refused with d2 x1", good[i],
                           good[j]);
          }
      for (i = 0; i < nbad; i++)
        {
          for (j = 0; j < ngood; j++)
            {
              standard_with_bonus (&r, bad[i], good[j], count);
              ck_assert_msg (ro_rules_check (&r) == RO_ERULES,
                             "attack_bonus %d (defend_bonus %d) accepted",
                             bad[i], good[j]);
              standard_with_bonus (&r, good[j], bad[i], count);
              ck_assert_msg (ro_rules_check (&r) == RO_ERULES,
                             "defend_bonus %d (attack_bonus %d) accepted",
                             bad[i], good[j]);
            }
          for (j = 0; j < nbad; j++)
            {
              standard_with_bonus (&r, bad[i], bad[j], count);
              ck_assert_msg (ro_rules_check (&r) == RO_ERULES,
                             "bonuses %d/%d accepted", bad[i], bad[j]);
            }
        }
    }
}
END_TEST

/* Enumerations outside their values are not "within the limits".  */
START_TEST (test_check_bad_enums)
{
  ro_rules_t r;

  ro_rules_init (&r);
  r.ties = (ro_ties_t) 2;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  ro_rules_init (&r);
  r.ties = (ro_ties_t) -1;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  ro_rules_init (&r);
  r.count = (ro_count_t) 2;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
  ro_rules_init (&r);
  r.count = (ro_count_t) -1;
  ck_assert_int_eq (ro_rules_check (&r), RO_ERULES);
}
END_TEST

/* Dice per state, territory count, by hand: A counts the army that stays
   behind, so the attacker rolls min(dice, A - 1).  */
struct dice_case
{
  unsigned max_dice;
  unsigned long armies;
  unsigned territory;  /* expected attack dice, territory count */
  unsigned attackers;  /* expected attack dice, attackers count */
  unsigned defend;     /* expected defend dice with max_dice allowed */
};

static const struct dice_case dice_cases[] = {
  /* standard attacker (3 dice) and defender (2 dice) */
  { 3, 0, 0, 0, 0 }, { 3, 1, 0, 1, 1 }, { 3, 2, 1, 2, 2 },
  { 3, 3, 2, 3, 3 }, { 3, 4, 3, 3, 3 }, { 3, 5, 3, 3, 3 },
  { 3, 100, 3, 3, 3 }, { 3, 100000000UL, 3, 3, 3 },
  { 2, 0, 0, 0, 0 }, { 2, 1, 0, 1, 1 }, { 2, 2, 1, 2, 2 },
  { 2, 3, 2, 2, 2 }, { 2, 4, 2, 2, 2 }, { 2, 1000, 2, 2, 2 },
  /* other maxima */
  { 1, 0, 0, 0, 0 }, { 1, 1, 0, 1, 1 }, { 1, 2, 1, 1, 1 },
  { 1, 7, 1, 1, 1 },
  { 4, 1, 0, 1, 1 }, { 4, 4, 3, 4, 4 }, { 4, 5, 4, 4, 4 },
  { 4, 6, 4, 4, 4 },
  { 5, 0, 0, 0, 0 }, { 5, 1, 0, 1, 1 }, { 5, 3, 2, 3, 3 },
  { 5, 5, 4, 5, 5 }, { 5, 6, 5, 5, 5 }, { 5, 99, 5, 5, 5 }
};
#define N_DICE_CASES (sizeof dice_cases / sizeof dice_cases[0])

START_TEST (test_dice_per_state)
{
  const struct dice_case *c = &dice_cases[_i];
  ro_rules_t r;
  unsigned got;

  ro_rules_init (&r);
  r.attack_dice = c->max_dice;
  r.defend_dice = c->max_dice;

  r.count = RO_COUNT_TERRITORY;
  got = ro_rules_attack_dice (&r, c->armies);
  ck_assert_msg (got == c->territory,
                 "territory, %u dice, A = %lu: attack dice %u, expected %u",
                 c->max_dice, c->armies, got, c->territory);
  /* The defender's dice do not depend on how A is counted.  */
  got = ro_rules_defend_dice (&r, c->armies);
  ck_assert_msg (got == c->defend,
                 "territory, %u dice, D = %lu: defend dice %u, expected %u",
                 c->max_dice, c->armies, got, c->defend);

  r.count = RO_COUNT_ATTACKERS;
  got = ro_rules_attack_dice (&r, c->armies);
  ck_assert_msg (got == c->attackers,
                 "attackers, %u dice, A = %lu: attack dice %u, expected %u",
                 c->max_dice, c->armies, got, c->attackers);
  got = ro_rules_defend_dice (&r, c->armies);
  ck_assert_msg (got == c->defend,
                 "attackers, %u dice, D = %lu: defend dice %u, expected %u",
                 c->max_dice, c->armies, got, c->defend);
}
END_TEST

/* The standard game, from the header's own sentences.  */
START_TEST (test_dice_standard)
{
  ro_rules_t r;
  unsigned long a;

  ro_rules_init (&r);
  for (a = 0; a <= 50; a++)
    {
      unsigned terr = a <= 1 ? 0 : (a - 1 < 3 ? (unsigned) a - 1 : 3);
      unsigned att = a < 3 ? (unsigned) a : 3;
      unsigned def = a < 2 ? (unsigned) a : 2;

      r.count = RO_COUNT_TERRITORY;
      ck_assert_uint_eq (ro_rules_attack_dice (&r, a), terr);
      ck_assert_uint_eq (ro_rules_defend_dice (&r, a), def);
      r.count = RO_COUNT_ATTACKERS;
      ck_assert_uint_eq (ro_rules_attack_dice (&r, a), att);
      ck_assert_uint_eq (ro_rules_defend_dice (&r, a), def);
    }
  r.count = RO_COUNT_TERRITORY;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, ULONG_MAX), 3);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, ULONG_MAX), 2);
  r.count = RO_COUNT_ATTACKERS;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, ULONG_MAX), 3);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, ULONG_MAX), 2);
}
END_TEST

/* Attack and defence maxima are independent.  */
START_TEST (test_dice_asymmetric)
{
  ro_rules_t r;

  ro_rules_init (&r);
  r.attack_dice = 1;
  r.defend_dice = 5;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 10), 1);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, 10), 5);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, 4), 4);
  r.attack_dice = 5;
  r.defend_dice = 1;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 10), 5);
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 5), 4);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, 10), 1);
  r.count = RO_COUNT_ATTACKERS;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 5), 5);
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 4), 4);
  /* The number of sides does not change the number of dice.  */
  r.attack_sides = 2;
  r.defend_sides = 100;
  ck_assert_uint_eq (ro_rules_attack_dice (&r, 4), 4);
  ck_assert_uint_eq (ro_rules_defend_dice (&r, 4), 1);
}
END_TEST

START_TEST (test_is_standard)
{
  ro_rules_t r;

  ro_rules_init (&r);
  ck_assert_int_eq (ro_rules_is_standard (&r), 1);
  r.count = RO_COUNT_ATTACKERS;
  ck_assert_int_eq (ro_rules_is_standard (&r), 1);
  standard_by_hand (&r, RO_COUNT_TERRITORY);
  ck_assert_int_eq (ro_rules_is_standard (&r), 1);
  standard_by_hand (&r, RO_COUNT_ATTACKERS);
  ck_assert_int_eq (ro_rules_is_standard (&r), 1);

#define NOT_STANDARD(field, value)                                      \
  do                                                                    \
    {                                                                   \
      ro_rules_init (&r);                                               \
      r.field = value;                                                  \
      ck_assert_msg (ro_rules_is_standard (&r) == 0,                    \
                     "standard with " #field " = " #value);             \
      r.count = RO_COUNT_ATTACKERS;                                     \
      ck_assert_msg (ro_rules_is_standard (&r) == 0,                    \
                     "standard (attackers) with " #field " = " #value); \
    }                                                                   \
  while (0)

  NOT_STANDARD (attack_sides, 5);
  NOT_STANDARD (attack_sides, 8);
  NOT_STANDARD (defend_sides, 5);
  NOT_STANDARD (defend_sides, 20);
  NOT_STANDARD (attack_dice, 2);
  NOT_STANDARD (attack_dice, 4);
  NOT_STANDARD (defend_dice, 1);
  NOT_STANDARD (defend_dice, 3);
  NOT_STANDARD (attack_bonus, 1);
  NOT_STANDARD (defend_bonus, -1);
  NOT_STANDARD (ties, RO_TIES_ATTACKER);
#undef NOT_STANDARD

  /* Swapping the dice counts is not the standard game either.  */
  ro_rules_init (&r);
  r.attack_dice = 2;
  r.defend_dice = 3;
  ck_assert_int_eq (ro_rules_is_standard (&r), 0);
}
END_TEST

START_TEST (test_strerror_known)
{
  size_t i, j;

  for (i = 0; i < N_ERROR_CODES; i++)
    {
      const char *m = ro_strerror (error_codes[i]);

      ck_assert_msg (m != NULL, "ro_strerror (%d) is NULL", error_codes[i]);
      ck_assert_msg (m[0] != '\0', "ro_strerror (%d) is empty",
                     error_codes[i]);
      /* A static message: asking twice gives the same text.  */
      ck_assert_str_eq (ro_strerror (error_codes[i]), m);
    }
  for (i = 0; i < N_ERROR_CODES; i++)
    for (j = i + 1; j < N_ERROR_CODES; j++)
      ck_assert_msg (strcmp (ro_strerror (error_codes[i]),
                             ro_strerror (error_codes[j])) != 0,
                     "codes %d and %d share the message \"%s\"",
                     error_codes[i], error_codes[j],
                     ro_strerror (error_codes[i]));
}
END_TEST

START_TEST (test_strerror_unknown)
{
  static const int unknown[] = { 1, 2, 42, -5, -6, -99, -1000,
                                 INT_MAX, INT_MIN };
  size_t i, j;

  for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
    {
      const char *m = ro_strerror (unknown[i]);

      ck_assert_msg (m != NULL, "ro_strerror (%d) is NULL", unknown[i]);
      ck_assert_msg (m[0] != '\0', "ro_strerror (%d) is empty", unknown[i]);
      /* An unknown code must not pass for one of the known ones.  */
      for (j = 0; j < N_ERROR_CODES; j++)
        ck_assert_msg (strcmp (m, ro_strerror (error_codes[j])) != 0,
                       "unknown code %d reads like code %d: \"%s\"",
                       unknown[i], error_codes[j], m);
    }
}
END_TEST

START_TEST (test_version)
{
  const char *v = ro_get_version ();
  const char *p;

  ck_assert_ptr_nonnull (v);
  /* "X.Y": digits, one dot, digits.  */
  p = v;
  ck_assert_msg (*p >= '0' && *p <= '9', "version \"%s\" is not X.Y", v);
  while (*p >= '0' && *p <= '9')
    p++;
  ck_assert_msg (*p == '.', "version \"%s\" is not X.Y", v);
  p++;
  ck_assert_msg (*p >= '0' && *p <= '9', "version \"%s\" is not X.Y", v);
  while (*p >= '0' && *p <= '9')
    p++;
  ck_assert_msg (*p == '\0', "version \"%s\" is not X.Y", v);
#ifdef PACKAGE_VERSION
  ck_assert_str_eq (v, PACKAGE_VERSION);
#endif
}
END_TEST

Suite *
rules_suite (void)
{
  Suite *s = suite_create ("rules");
  TCase *tc;

  tc = tcase_create ("init");
  tcase_add_test (tc, test_init_standard);
  tcase_add_test (tc, test_constants);
  tcase_add_test (tc, test_version);
  suite_add_tcase (s, tc);

  tc = tcase_create ("check");
  tcase_add_test (tc, test_check_standard_by_hand);
  tcase_add_loop_test (tc, test_check_sides, 0, 2);
  tcase_add_loop_test (tc, test_check_dice, 0, 2);
  tcase_add_test (tc, test_check_corners);
  tcase_add_loop_test (tc, test_check_bonus_range, 0, 2);
  tcase_add_test (tc, test_check_bonus);
  tcase_add_test (tc, test_check_bad_enums);
  suite_add_tcase (s, tc);

  tc = tcase_create ("dice");
  tcase_add_loop_test (tc, test_dice_per_state, 0, (int) N_DICE_CASES);
  tcase_add_test (tc, test_dice_standard);
  tcase_add_test (tc, test_dice_asymmetric);
  suite_add_tcase (s, tc);

  tc = tcase_create ("standard");
  tcase_add_test (tc, test_is_standard);
  suite_add_tcase (s, tc);

  tc = tcase_create ("strerror");
  tcase_add_test (tc, test_strerror_known);
  tcase_add_test (tc, test_strerror_unknown);
  suite_add_tcase (s, tc);

  return s;
}

int
main (void)
{
  return test_main ("check_rules", rules_suite);
}
