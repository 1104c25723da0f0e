/* cmd_battle.c -- riskodds A D: the exact odds of one battle */

#include <config.h>

#include <ctype.h>
#include <stdlib.h>

#include "cli.h"

/* The two results of a battle, ready to print.  */
typedef struct
{
  char *win_exact, *win_decimal, *lose_exact, *lose_decimal;
} battle_text_t;

static void
battle_text_clear (battle_text_t *t)
{
  ro_free_str (t->win_exact);
  ro_free_str (t->win_decimal);
  ro_free_str (t->lose_exact);
  ro_free_str (t->lose_decimal);
}

static int
battle_text_init (battle_text_t *t, const mpq_t win, unsigned long digits)
{
  mpq_t lose;
  mpq_init (lose);
  mpq_set_ui (lose, 1, 1);
  mpq_sub (lose, lose, win);
  t->win_exact = cli_fraction (win);
  t->win_decimal = cli_decimal (win, digits);
  t->lose_exact = cli_fraction (lose);
  t->lose_decimal = cli_decimal (lose, digits);
  mpq_clear (lose);
  if (t->win_exact && t->win_decimal && t->lose_exact && t->lose_decimal)
    return CLI_EXIT_OK;
  battle_text_clear (t);
  return CLI_EXIT_ERROR;
}

static void
print_text (const cli_opts_t *o, unsigned long a, unsigned long d,
            const battle_text_t *t)
{
  if (o->rules.count == RO_COUNT_TERRITORY)
    printf ("Attack from a territory of %lu %s (one stays behind) "
            "against %lu.\n", a, a == 1 ? "army" : "armies", d);
  else
    printf ("Attack with %lu fighting %s against %lu.\n", a,
            a == 1 ? "army" : "armies", d);
  cli_print_rules_text (stdout, &o->rules);
  printf ("\nAttacker conquers:\n  exact    %s\n  decimal  %s\n",
          t->win_exact, t->win_decimal);
  printf ("Defender holds:\n  exact    %s\n  decimal  %s\n",
          t->lose_exact, t->lose_decimal);
}

static void
print_csv (const cli_opts_t *o, unsigned long a, unsigned long d,
           const battle_text_t *t)
{
  puts ("attackers,defenders,count,win_exact,win_decimal,"
        "lose_exact,lose_decimal");
  printf ("%lu,%lu,%s,%s,%s,%s,%s\n", a, d, cli_count_name (o->rules.count),
          t->win_exact, t->win_decimal, t->lose_exact, t->lose_decimal);
}

static void
print_json (const cli_opts_t *o, unsigned long a, unsigned long d,
            const battle_text_t *t)
{
  printf ("{\"attackers\":%lu,\"defenders\":%lu,\"count\":\"%s\",\"rules\":",
          a, d, cli_count_name (o->rules.count));
  cli_print_rules_json (stdout, &o->rules);
  printf (",\"digits\":%lu,"
          "\"win\":{\"exact\":\"%s\",\"decimal\":\"%s\"},"
          "\"lose\":{\"exact\":\"%s\",\"decimal\":\"%s\"}}\n",
          o->digits, t->win_exact, t->win_decimal, t->lose_exact,
          t->lose_decimal);
}

/* Whether ARG reads as a word rather than a number: a mistyped
   subcommand.  */
static int
is_word (const char *arg)
{
  return isalpha ((unsigned char) arg[0]);
}

static int
parse_operands (const cli_opts_t *o, int argc, char **argv,
                unsigned long *a, unsigned long *d)
{
  if (argc == 0)
    return cli_usage_error ("missing operands A and D");
  if (is_word (argv[0]))
    return cli_usage_error ("unknown subcommand '%s' (the subcommands are "
                            "'round' and 'game'; a battle takes two "
                            "numbers, A D)", argv[0]);
  int rc = cli_parse_armies (a, argv[0], "attacking armies");
  if (rc != CLI_EXIT_OK)
    return rc;
  if (argc < 2)
    return cli_usage_error ("missing operand D (defending armies)");
  if (argc > 2)
    return cli_usage_error ("extra operand '%s'", argv[2]);
  rc = cli_parse_armies (d, argv[1], "defending armies");
  if (rc == CLI_EXIT_OK && *a == 0 && o->rules.count == RO_COUNT_TERRITORY)
    rc = cli_usage_error ("a territory holds at least 1 army: A must be at "
                          "least 1 with --count territory");
  return rc;
}

int
cmd_battle (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, d;
  int rc = parse_operands (o, argc, argv, &a, &d);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_memory (o, a, d);
  if (rc != CLI_EXIT_OK)
    return rc;

  mpq_t win;
  mpq_init (win);
  int lrc = ro_battle_win (win, &o->rules, a, d);
  battle_text_t t = { NULL, NULL, NULL, NULL };
  if (lrc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  else
    rc = battle_text_init (&t, win, o->digits);
  mpq_clear (win);
  if (rc != CLI_EXIT_OK)
    return rc;

  if (o->format == CLI_FORMAT_JSON)
    print_json (o, a, d, &t);
  else if (o->format == CLI_FORMAT_CSV)
    print_csv (o, a, d, &t);
  else
    print_text (o, a, d, &t);
  battle_text_clear (&t);
  return CLI_EXIT_OK;
}
