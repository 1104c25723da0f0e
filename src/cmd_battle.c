/* cmd_battle.c -- riskodds A D: the exact odds of one battle */

#include <config.h>

#include <ctype.h>
#include <stdlib.h>

#include "cli.h"

/* The two results of a battle, ready to print.  */
typedef struct
{
  cli_num_t win, lose;
} battle_text_t;

/* The kinds of value --values asks for (both by default).  */
static int
battle_text_init (battle_text_t *t, const mpq_t win, const cli_opts_t *o)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  mpq_t lose;
  mpq_init (lose);
  mpq_set_ui (lose, 1, 1);
  mpq_sub (lose, lose, win);
  int rc = cli_num_make (&t->win, win, o->digits, v);
  if (rc == CLI_EXIT_OK
      && (rc = cli_num_make (&t->lose, lose, o->digits, v)) != 0)
    cli_num_clear (&t->win);
  mpq_clear (lose);
  return rc;
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
  const char *title[2] = { "\nAttacker conquers", "Defender holds" };
  const cli_num_t *n[2] = { &t->win, &t->lose };
  for (int i = 0; i < 2; i++)
    {
      printf ("%s:\n", title[i]);
      if (n[i]->exact)
        printf ("  exact    %s\n", n[i]->exact);
      if (n[i]->decimal)
        printf ("  decimal  %s\n", n[i]->decimal);
    }
}

static void
print_csv (const cli_opts_t *o, unsigned long a, unsigned long d,
           const battle_text_t *t)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  fputs ("attackers,defenders,count", stdout);
  cli_csv_head (stdout, "win", v, ',');
  cli_csv_head (stdout, "lose", v, ',');
  printf ("\n%lu,%lu,%s", a, d, cli_count_name (o->rules.count));
  cli_csv_fields (stdout, &t->win, v, ',');
  cli_csv_fields (stdout, &t->lose, v, ',');
  putchar ('\n');
}

/* The JSON object, without its closing brace: --dist and --stats add
   their keys.  */
static void
print_json (const cli_opts_t *o, unsigned long a, unsigned long d,
            const battle_text_t *t)
{
  printf ("{\"attackers\":%lu,\"defenders\":%lu,\"count\":\"%s\",\"rules\":",
          a, d, cli_count_name (o->rules.count));
  cli_print_rules_json (stdout, &o->rules);
  printf (",\"digits\":%lu,\"win\":", o->digits);
  cli_num_json (stdout, &t->win);
  fputs (",\"lose\":", stdout);
  cli_num_json (stdout, &t->lose);
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
                            "round, game, binomial, chain, needed, table, "
                            "verify and policy; a battle takes two numbers, "
                            "A D)", argv[0]);
  return cli_parse_battle (o, argc, argv, a, d);
}

/* With --dist or --stats: P(win) from the distribution, then the
   distribution and the statistics.  A CSV file holds one table.  */
static int
print_battle (const cli_opts_t *o, unsigned long a, unsigned long d,
              const battle_text_t *t, const ro_dist_t *dist)
{
  int rc = CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    {
      print_json (o, a, d, t);
      if (o->dist)
        {
          fputs (",\"distribution\":", stdout);
          rc = cli_print_dist (o, a, d, dist);
        }
      if (o->stats && rc == CLI_EXIT_OK)
        {
          fputs (",\"stats\":", stdout);
          rc = cli_print_stats (o, a, d, dist);
        }
      fputs ("}\n", stdout);
      return rc;
    }
  if (o->format == CLI_FORMAT_CSV)
    {
      if (o->dist)
        return cli_print_dist (o, a, d, dist);
      if (o->stats)
        return cli_print_stats (o, a, d, dist);
      print_csv (o, a, d, t);
      return CLI_EXIT_OK;
    }
  print_text (o, a, d, t);
  if (o->dist)
    rc = cli_print_dist (o, a, d, dist);
  if (o->stats && rc == CLI_EXIT_OK)
    rc = cli_print_stats (o, a, d, dist);
  return rc;
}

int
cmd_battle (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, d;
  int rc = parse_operands (o, argc, argv, &a, &d);
  if (rc == CLI_EXIT_OK && o->dist && o->stats
      && o->format == CLI_FORMAT_CSV)
    rc = cli_usage_error ("a CSV file holds one table: give --dist or "
                          "--stats, or use --format json");
  if (rc == CLI_EXIT_OK && o->stats)
    rc = cli_values_one (o, "the text of --stats");
  if (rc == CLI_EXIT_OK)
    rc = cli_check_battle_memory (o, a, d, o->dist || o->stats);
  if (rc != CLI_EXIT_OK)
    return rc;

  mpq_t win;
  ro_dist_t dist;
  mpq_init (win);
  ro_dist_init (&dist);
  int lrc = o->dist || o->stats
    ? ro_battle_dist_method (&dist, &o->rules, a, d, o->method)
    : ro_battle_win_method (win, &o->rules, a, d, o->method);
  battle_text_t t;
  if (lrc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  else
    rc = battle_text_init (&t, o->dist || o->stats ? dist.win : win, o);
  mpq_clear (win);
  if (rc == CLI_EXIT_OK)
    {
      rc = print_battle (o, a, d, &t, &dist);
      cli_num_clear (&t.win);
      cli_num_clear (&t.lose);
    }
  ro_dist_clear (&dist);
  return rc;
}
