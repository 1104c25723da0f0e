/* rules_opt.c -- the rule options and dice policies: their values, and a chain's D:RULE=VALUE */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "editions.h"
#include "options.h"

/* A whole number, optionally signed when LO < 0, from LO to HI into *OUT;
   NAME is the option, for the message.  */
int
cli_parse_int (int *out, const char *arg, const char *name, long lo, long hi)
{
  char *end;
  errno = 0;
  long v = strtol (arg, &end, 10);
  int digit_first = isdigit ((unsigned char) arg[0])
    || (lo < 0 && (arg[0] == '-' || arg[0] == '+')
        && isdigit ((unsigned char) arg[1]));
  if (!digit_first || *end != '\0' || errno == ERANGE || v < lo || v > hi)
    return cli_usage_error ("invalid --%s '%s' (expected a whole number "
                            "from %ld to %ld)", name, arg, lo, hi);
  *out = (int) v;
  return CLI_EXIT_OK;
}

int
cli_parse_unsigned (unsigned *out, const char *arg, const char *name,
                    long lo, long hi)
{
  int v = 0;
  int rc = cli_parse_int (&v, arg, name, lo, hi);
  *out = (unsigned) v;
  return rc;
}

static int
opt_sides (cli_opts_t *o, const char *arg)
{
  int rc = cli_parse_unsigned (&o->rules.attack_sides, arg, "sides",
                               RO_SIDES_MIN, RO_SIDES_MAX);
  o->rules.defend_sides = o->rules.attack_sides;
  return rc;
}

static int
opt_attack_sides (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->rules.attack_sides, arg, "attack-sides",
                             RO_SIDES_MIN, RO_SIDES_MAX);
}

static int
opt_defend_sides (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->rules.defend_sides, arg, "defend-sides",
                             RO_SIDES_MIN, RO_SIDES_MAX);
}

static int
opt_attack_dice (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->rules.attack_dice, arg, "attack-dice", 1,
                             RO_DICE_MAX);
}

static int
opt_defend_dice (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->rules.defend_dice, arg, "defend-dice", 1,
                             RO_DICE_MAX);
}

static int
opt_attack_bonus (cli_opts_t *o, const char *arg)
{
  return cli_parse_int (&o->rules.attack_bonus, arg, "attack-bonus",
                        -RO_BONUS_MAX, RO_BONUS_MAX);
}

static int
opt_defend_bonus (cli_opts_t *o, const char *arg)
{
  return cli_parse_int (&o->rules.defend_bonus, arg, "defend-bonus",
                        -RO_BONUS_MAX, RO_BONUS_MAX);
}

/* A bonus's dice: a number from 1 to RO_DICE_MAX, or 'all'.  */
static int
parse_bonus_dice (unsigned *k, const char *arg, const char *name)
{
  if (strcmp (arg, "all") == 0)
    {
      *k = RO_BONUS_DICE_ALL;
      return CLI_EXIT_OK;
    }
  char *end;
  errno = 0;
  long l = strtol (arg, &end, 10);
  if (!isdigit ((unsigned char) arg[0]) || *end != '\0' || errno != 0
      || l < 1 || l > RO_DICE_MAX)
    return cli_usage_error ("invalid --%s '%s' (expected a number of dice "
                            "from 1 to %d, or 'all')", name, arg,
                            RO_DICE_MAX);
  *k = (unsigned) l;
  return CLI_EXIT_OK;
}

static int
opt_attack_bonus_dice (cli_opts_t *o, const char *arg)
{
  return parse_bonus_dice (&o->rules.attack_bonus_dice, arg,
                           "attack-bonus-dice");
}

static int
opt_defend_bonus_dice (cli_opts_t *o, const char *arg)
{
  return parse_bonus_dice (&o->rules.defend_bonus_dice, arg,
                           "defend-bonus-dice");
}

static int
opt_clamp (cli_opts_t *o, const char *arg)
{
  (void) arg;
  o->rules.clamp = 1;
  return CLI_EXIT_OK;
}

static int
opt_commanders (unsigned long *out, const char *arg, const char *name)
{
  int v = 0;
  int rc = cli_parse_int (&v, arg, name, 0, (long) RO_ARMIES_MAX);
  *out = (unsigned long) v;
  return rc;
}

static int
opt_attack_commanders (cli_opts_t *o, const char *arg)
{
  return opt_commanders (&o->rules.attack_commanders, arg,
                         "attack-commanders");
}

static int
opt_defend_commanders (cli_opts_t *o, const char *arg)
{
  return opt_commanders (&o->rules.defend_commanders, arg,
                         "defend-commanders");
}

static int
opt_defend_station (cli_opts_t *o, const char *arg)
{
  (void) arg;
  o->rules.defend_station = 1;
  return CLI_EXIT_OK;
}

int
cli_mixed_dice (const ro_rules_t *r)
{
  unsigned ax = ro_rules_eight_sided (r, 0, r->attack_dice);
  unsigned dx = ro_rules_eight_sided (r, 1, r->defend_dice);
  return (ax > 0 && ax < r->attack_dice) || (dx > 0 && dx < r->defend_dice);
}

/* What the library refuses of mixed dice (ro_rules_check), said for
   the user: NULL when RULES are fine.  */
const char *
cli_mixed_refusal (const ro_rules_t *r)
{
  int att = r->attack_commanders != 0;
  int def = r->defend_commanders != 0 || r->defend_station;
  if (att && r->attack_sides != 6)
    return "--attack-commanders: a commander's d8 replaces one of the "
      "attacker's six-sided dice; his dice must be six-sided (no "
      "--sides or --attack-sides)";
  if (def && r->defend_sides != 6)
    return "--defend-commanders and --defend-station: eight-sided dice "
      "replace the defender's six-sided ones; his dice must be six-sided "
      "(no --sides or --defend-sides)";
  if ((att || def) && r->clamp)
    return "--clamp keeps a modified die on its faces, which differ "
      "between a d8 and a d6: not defined with commanders or a station";
  if (cli_mixed_dice (r) && r->defender != RO_DEFENDER_MAX)
    return "--defender wieringa, wieringa-rolled and optimal tell the "
      "attack rolls apart by their faces: with fewer commanders than a "
      "side's most dice (d8 and d6 mixed), only --defender max";
  return NULL;
}

static int
opt_ties (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "defender") == 0)
    o->rules.ties = RO_TIES_DEFENDER;
  else if (strcmp (arg, "attacker") == 0)
    o->rules.ties = RO_TIES_ATTACKER;
  else
    return cli_usage_error ("invalid --ties '%s' (expected 'defender' or "
                            "'attacker')", arg);
  return CLI_EXIT_OK;
}

static int
opt_defender (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "max") == 0)
    o->rules.defender = RO_DEFENDER_MAX;
  else if (strcmp (arg, "wieringa") == 0)
    o->rules.defender = RO_DEFENDER_WIERINGA;
  else if (strcmp (arg, "optimal") == 0)
    o->rules.defender = RO_DEFENDER_OPTIMAL;
  else if (strcmp (arg, "wieringa-rolled") == 0)
    o->rules.defender = RO_DEFENDER_WIERINGA_ROLLED;
  else
    return cli_usage_error ("invalid --defender '%s' (expected 'max', "
                            "'wieringa', 'wieringa-rolled' or 'optimal'%s)",
                            arg, isdigit ((unsigned char) arg[0])
                            ? "; the defender counts of a table are "
                              "--defenders LO..HI" : "");
  o->policy_given |= 1;
  return CLI_EXIT_OK;
}

static int
opt_attacker (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "max") == 0)
    o->rules.attacker = RO_ATTACKER_MAX;
  else if (strcmp (arg, "optimal") == 0)
    o->rules.attacker = RO_ATTACKER_OPTIMAL;
  else
    return cli_usage_error ("invalid --attacker '%s' (expected 'max' or "
                            "'optimal'%s)", arg,
                            isdigit ((unsigned char) arg[0])
                            ? "; the attacker counts of a table are "
                              "--attackers LO..HI" : "");
  o->policy_given |= 2;
  return CLI_EXIT_OK;
}

/* Every subcommand takes the rules (the dice policies are checked by
   options.c, per subcommand and per policy).  */
#define RULE(n, r, a, fn, fl, sec)                                      \
  .name = n, .rank = r, .arg = a, .land = CLI_LAND_CALL, .parse = fn,   \
  .subs = CLI_SUB_ALL, .flags = fl, .section = sec
#define BOTH (CLI_OPT_TERRITORY | CLI_OPT_COMPARE)

const cli_option_t cli_rule_options[] = {
  {RULE ("sides", 0, "N", opt_sides, BOTH, CLI_SECTION_RULES),
   .help = "faces of every die (6); 2 to 100"},
  {RULE ("attack-sides", 1, "N", opt_attack_sides, BOTH, CLI_SECTION_RULES),
   .help = "faces of the attacker's dice only"},
  {RULE ("defend-sides", 2, "N", opt_defend_sides, BOTH, CLI_SECTION_RULES),
   .help = "faces of the defender's dice only"},
  {RULE ("attack-dice", 3, "N", opt_attack_dice, BOTH, CLI_SECTION_RULES),
   .help = "most dice the attacker rolls (3); 1 to 5"},
  {RULE ("defend-dice", 4, "N", opt_defend_dice, BOTH, CLI_SECTION_RULES),
   .help = "most dice the defender rolls (2); 1 to 5"},
  {RULE ("attack-bonus", 5, "K", opt_attack_bonus, BOTH, CLI_SECTION_RULES),
   .help = "add K to the attacker's highest die (0;\n"
   "  Georgiou's hero is 1), or to more of his dice\n"
   "  with --attack-bonus-dice; -100 to 100,\n"
   "  negative for penalties"},
  {RULE ("defend-bonus", 6, "K", opt_defend_bonus, BOTH, CLI_SECTION_RULES),
   .help = "the same for the defender (hero + fortress)"},
  /* Neither in --compare, which compares the rules of old.  */
  {RULE ("attack-bonus-dice", 8, "N", opt_attack_bonus_dice,
         CLI_OPT_TERRITORY, CLI_SECTION_RULES),
   .help = "add the attack bonus to the attacker's N\n"
   "  highest dice (1 to 5, default 1), or 'all'"},
  {RULE ("defend-bonus-dice", 9, "N", opt_defend_bonus_dice,
         CLI_OPT_TERRITORY, CLI_SECTION_RULES),
   .help = "the same for the defender ('all': Risk\n"
   "  Legacy's fortification, +1 on both dice)"},
  {RULE ("clamp", 10, NULL, opt_clamp, CLI_OPT_TERRITORY, CLI_SECTION_RULES),
   .help = "keep a modified die on its faces, 1 to sides (a\n"
   "  1 with -1 stays a 1; Risk Legacy); default: the\n"
   "  sum is compared as it is"},
  {RULE ("ties", 7, "WHO", opt_ties, BOTH, CLI_SECTION_RULES),
   .help = "who wins a comparison of equal dice: 'defender'\n"
   "  (default) or 'attacker'",
   .words = "defender attacker"},
  {RULE ("attack-commanders", 33, "N", opt_attack_commanders,
         CLI_OPT_TERRITORY, CLI_SECTION_RULES),
   .help = "Risk 2210 A.D.: N of the attacking armies are\n"
   "  commanders, each rolling a d8 in place of a d6\n"
   "  while it fights (min(N, dice) of the dice are\n"
   "  d8), lost last (0)"},
  {RULE ("defend-commanders", 45, "N", opt_defend_commanders,
         CLI_OPT_TERRITORY, CLI_SECTION_RULES),
   .help = "the same for the defending armies"},
  {RULE ("defend-station", 58, NULL, opt_defend_station, CLI_OPT_TERRITORY,
         CLI_SECTION_RULES),
   .help = "Risk 2210 A.D.'s space station: every defence die\n"
   "  is a d8"},
  {RULE ("defender", 12, "P", opt_defender, BOTH, CLI_SECTION_POLICIES),
   .help = "how many dice the defender rolls, chosen after\n"
   "  seeing the attack roll: 'max' (default; the\n"
   "  most allowed), 'wieringa' (Wieringa's 2014\n"
   "  rules: one army, one die; against one attack\n"
   "  die, the most; the attacker's second-highest\n"
   "  die above half the defender's sides (3 on a\n"
   "  d6), one die; else the most), 'wieringa-rolled'\n"
   "  (the same rules as his figures apply them: the\n"
   "  second die as rolled), or 'optimal' (the dice\n"
   "  that minimise the attacker's exact P(win);\n"
   "  ties: the most)",
   .words = "max wieringa wieringa-rolled optimal"},
  {RULE ("attacker", 13, "P", opt_attacker, CLI_OPT_COMPARE,
         CLI_SECTION_POLICIES),
   .help = "how many dice the attacker rolls, chosen before\n"
   "  rolling: 'max' (default) or 'optimal' (the\n"
   "  dice that maximise his exact P(win) against\n"
   "  the defender's policy; ties: the most)",
   .words = "max optimal"},
};

const size_t cli_rule_options_n
  = sizeof cli_rule_options / sizeof cli_rule_options[0];

/* The names of a territory's rules, in the order of their rank (the
   order "did you mean" weighs them in); their number.  */
static size_t
territory_names (const char **names)
{
  size_t n = 0;
  for (int rank = 0; rank < 64; rank++)
    for (size_t i = 0; i < cli_rule_options_n; i++)
      if (cli_rule_options[i].rank == rank
          && (cli_rule_options[i].flags & CLI_OPT_TERRITORY))
        names[n++] = cli_rule_options[i].name;
  return n;
}

/* A word that names no rule of a territory: the nearest name, or the
   whole list.  */
static int
no_rule (const char *word, const char *w, size_t len)
{
  const char *names[sizeof cli_rule_options / sizeof cli_rule_options[0]];
  size_t n = territory_names (names);
  char name[65];
  snprintf (name, sizeof name, "%.*s", (int) (len < 64 ? len : 64), w);
  const char *near = cli_suggest (name, names, n);
  if (near != NULL)
    return cli_usage_error ("'%s' is not a rule of a territory; did you "
                            "mean '%s'?", word, near);
  return cli_usage_error ("'%s' is not a rule of a territory (sides, "
                          "attack-sides, defend-sides, attack-dice, "
                          "defend-dice, attack-bonus, defend-bonus, "
                          "attack-bonus-dice, defend-bonus-dice, clamp, "
                          "ties, attack-commanders, defend-commanders, "
                          "defend-station, defender)", word);
}

static int territory_edition (ro_rules_t *rules, const char *name);

/* NAME=VALUE of a territory of a chain ("defend-dice=3", with or
   without the leading "--") applied to RULES, by the parsers of the
   options themselves, so the spellings and the checks are the same.  */
int
cli_parse_rule_word (ro_rules_t *rules, const char *word)
{
  const char *w = strncmp (word, "--", 2) == 0 ? word + 2 : word;
  size_t len = strcspn (w, "=");
  if (len == 0)
    return cli_usage_error ("'%s' in a chain is no rule: a rule is "
                            "NAME=VALUE", word);
  if (len == 7 && strncmp (w, "edition", 7) == 0)
    {
      if (w[len] != '=' || w[len + 1] == '\0')
        return cli_usage_error ("'%s' in a chain needs a value: "
                                "edition=NAME", word);
      return territory_edition (rules, w + len + 1);
    }
  for (size_t i = 0; i < cli_rule_options_n; i++)
    {
      const cli_option_t *e = &cli_rule_options[i];
      if (!(e->flags & CLI_OPT_TERRITORY) || strlen (e->name) != len
          || strncmp (e->name, w, len) != 0)
        continue;
      /* A switch, as on the command line.  */
      if (e->arg == NULL && w[len] != '\0')
        return cli_usage_error ("'%s' in a chain takes no value: %s", word,
                                e->name);
      if (e->arg != NULL && (w[len] != '=' || w[len + 1] == '\0'))
        return cli_usage_error ("'%s' in a chain needs a value: %s=VALUE",
                                word, e->name);
      cli_opts_t t;
      memset (&t, 0, sizeof t);
      t.rules = *rules;
      int rc = e->parse (&t, e->arg ? w + len + 1 : NULL);
      *rules = t.rules;
      return rc;
    }
  return no_rule (word, w, len);
}

int
cli_edition_apply (cli_opts_t *o, const ro_edition_t *e)
{
  if (ro_edition_rules (&o->rules, e) != 0)
    return cli_error ("edition '%s': its rule options '%s' cannot be read",
                      e->name, e->options);
  return CLI_EXIT_OK;
}

/* edition=NAME of a territory: its rule options over RULES.  */
static int
territory_edition (ro_rules_t *rules, const char *name)
{
  const ro_edition_t *e = cli_edition_find (name);
  if (e == NULL)
    return CLI_EXIT_ERROR;
  cli_opts_t t;
  memset (&t, 0, sizeof t);
  t.rules = *rules;
  int rc = cli_edition_apply (&t, e);
  *rules = t.rules;
  return rc;
}
