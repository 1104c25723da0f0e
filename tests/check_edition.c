/* check_edition.c -- tests of the editions by name (ro_edition_*) */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include <check.h>

#include "riskodds.h"
#include "testutil.h"

/* A base no edition touches (ten-sided attack dice, a stop, the
   attackers counted), so that the fields an edition leaves alone show
   as left alone.  */
static void
base_rules (ro_rules_t *r)
{
  memset (r, 0, sizeof *r);
  ro_rules_init (r);
  r->attack_sides = 10;
  r->stop = 3;
  r->count = RO_COUNT_ATTACKERS;
}

/* The editions and their rules, from the README's table "Editions and
   house rules" (the rulebooks), written here field by field.  */
static void
expected (ro_rules_t *r, const char *name)
{
  base_rules (r);
  if (strcmp (name, "risiko") == 0 || strcmp (name, "capital") == 0)
    r->defend_dice = 3;
  else if (strcmp (name, "legacy-bunker") == 0)
    r->defend_bonus = 1, r->clamp = 1;
  else if (strcmp (name, "legacy-fortification") == 0)
    r->defend_bonus = 1, r->defend_bonus_dice = RO_BONUS_DICE_ALL,
      r->clamp = 1;
  else if (strcmp (name, "legacy-ammo-shortage") == 0)
    r->defend_bonus = -1, r->clamp = 1;
  else if (strcmp (name, "lotr-leader") == 0)
    r->attack_bonus = 1;
  else if (strcmp (name, "lotr-leader-defending") == 0
           || strcmp (name, "lotr-stronghold") == 0)
    r->defend_bonus = 1;
  else if (strcmp (name, "lotr-leader-stronghold") == 0)
    r->defend_bonus = 2;
  else if (strcmp (name, "zombies") == 0)
    r->ties = RO_TIES_ATTACKER;
  else if (strcmp (name, "2210-station") == 0)
    r->defend_station = 1;
  else if (strcmp (name, "2210-commander") == 0)
    r->attack_commanders = 1;
  else if (strcmp (name, "2210-defending-commander") == 0)
    r->defend_commanders = 1;
  else
    ck_assert_str_eq (name, "standard");
}

static void
assert_rules_eq (const ro_rules_t *got, const ro_rules_t *want,
                 const char *name)
{
#define SAME(f) ck_assert_msg (got->f == want->f, "%s: " #f, name)
  SAME (attack_sides); SAME (defend_sides); SAME (attack_dice);
  SAME (defend_dice); SAME (attack_bonus); SAME (defend_bonus);
  SAME (attack_bonus_dice); SAME (defend_bonus_dice); SAME (clamp);
  SAME (ties); SAME (count); SAME (stop); SAME (goal); SAME (defender);
  SAME (attacker); SAME (attack_commanders); SAME (defend_commanders);
  SAME (defend_station);
#undef SAME
}

static const char *const names[] = {
  "standard", "risiko", "capital", "legacy-bunker",
  "legacy-fortification", "legacy-ammo-shortage", "lotr-leader",
  "lotr-leader-defending", "lotr-stronghold", "lotr-leader-stronghold",
  "zombies", "2210-station", "2210-commander", "2210-defending-commander"
};
#define N_NAMES (sizeof names / sizeof names[0])

/* The table holds the README's editions, in its order, each found by
   its name, with a title and a source.  */
START_TEST (test_table)
{
  ck_assert_uint_eq (ro_edition_count (), N_NAMES);
  for (size_t i = 0; i < N_NAMES; i++)
    {
      const ro_edition_t *e = ro_edition_at (i);
      ck_assert_ptr_nonnull (e);
      ck_assert_str_eq (e->name, names[i]);
      ck_assert_ptr_eq (ro_edition_find (names[i]), e);
      ck_assert (e->title != NULL && *e->title != '\0');
      ck_assert (e->source != NULL && *e->source != '\0');
      ck_assert_ptr_nonnull (e->options);
    }
  ck_assert_ptr_null (ro_edition_at (N_NAMES));
  ck_assert_ptr_null (ro_edition_find ("no-such-edition"));
  ck_assert_ptr_null (ro_edition_find ("Risiko"));
  ck_assert_ptr_null (ro_edition_find (""));
  ck_assert_ptr_null (ro_edition_find (NULL));
}
END_TEST

/* Each edition sets its fields over the base, the others untouched,
   and over the standard game gives rules the library accepts.  */
START_TEST (test_rules)
{
  const ro_edition_t *e = ro_edition_find (names[_i]);
  ro_rules_t got, want;
  ck_assert_ptr_nonnull (e);
  base_rules (&got);
  ck_assert_int_eq (ro_edition_rules (&got, e), 0);
  expected (&want, names[_i]);
  assert_rules_eq (&got, &want, names[_i]);
  memset (&got, 0, sizeof got);
  ro_rules_init (&got);
  ck_assert_int_eq (ro_edition_rules (&got, e), 0);
  ck_assert_int_eq (ro_rules_check (&got), 0);
}
END_TEST

/* Options the library cannot read: RO_EINVAL, the rules untouched.  */
START_TEST (test_bad_options)
{
  static const char *const bad[] = {
    "--no-such-rule 1", "--defend-dice", "--defend-dice 9",
    "--defend-dice three", "--ties nobody", "defend-dice 3",
    "--defend-bonus 101", "--defend-bonus-dice 0", "--clamp --sides",
    "--attack-commanders -1", "--defend-dice 3x"
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      ro_edition_t e = { "bad", "bad", bad[i], "a test" };
      ro_rules_t got, want;
      base_rules (&got);
      base_rules (&want);
      ck_assert_msg (ro_edition_rules (&got, &e) == RO_EINVAL, "%s", bad[i]);
      assert_rules_eq (&got, &want, bad[i]);
    }
  ro_rules_t r;
  base_rules (&r);
  ck_assert_int_eq (ro_edition_rules (NULL, ro_edition_at (0)), RO_EINVAL);
  ck_assert_int_eq (ro_edition_rules (&r, NULL), RO_EINVAL);
  /* Words the table does not use yet read as the program reads them.  */
  ro_edition_t e = { "good", "good",
                     "--attack-dice 2  --defend-sides 8 "
                     "--attack-bonus-dice 2 --ties defender", "a test" };
  ro_rules_t want;
  base_rules (&want);
  want.attack_dice = 2;
  want.defend_sides = 8;
  want.attack_bonus_dice = 2;
  r.ties = RO_TIES_ATTACKER;
  ck_assert_int_eq (ro_edition_rules (&r, &e), 0);
  assert_rules_eq (&r, &want, "good");
}
END_TEST

static Suite *
edition_suite (void)
{
  Suite *s = suite_create ("edition");
  TCase *tc = tcase_create ("table");
  tcase_add_test (tc, test_table);
  tcase_add_loop_test (tc, test_rules, 0, (int) N_NAMES);
  tcase_add_test (tc, test_bad_options);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_edition", edition_suite);
}
