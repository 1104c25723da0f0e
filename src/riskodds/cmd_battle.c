/* cmd_battle.c -- riskodds A D: the exact odds of one battle */

#include <config.h>

#include <ctype.h>
#include <stdlib.h>

#include "cli.h"

/* The results of a battle, ready to print: the win, the loss and,
   under --rounds, the battles still going on.  */
typedef struct
{
  cli_num_t win, lose, open;
} battle_text_t;

static void
battle_text_clear (battle_text_t *t)
{
  cli_num_clear (&t->win);
  cli_num_clear (&t->lose);
  cli_num_clear (&t->open);
}

/* The kinds of value --values asks for (both by default).  OPEN is
   P(unresolved), NULL without --rounds.  */
static int
battle_text_init (battle_text_t *t, const mpq_t win, const mpq_t open,
                  const cli_opts_t *o)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  mpq_t lose;
  mpq_init (lose);
  mpq_set_ui (lose, 1, 1);
  mpq_sub (lose, lose, win);
  if (open != NULL)
    mpq_sub (lose, lose, open);
  t->win.exact = t->win.decimal = NULL;
  t->lose.exact = t->lose.decimal = NULL;
  t->open.exact = t->open.decimal = NULL;
  /* The text says when a decimal reads 1 or 0 but the value is not.  */
  int rc = cli_prob_make_hint (&t->win, win, o, v);
  if (rc == CLI_EXIT_OK)
    rc = cli_prob_make_hint (&t->lose, lose, o, v);
  if (rc == CLI_EXIT_OK && open != NULL)
    rc = cli_prob_make_hint (&t->open, open, o, v);
  if (rc != CLI_EXIT_OK)
    battle_text_clear (t);
  mpq_clear (lose);
  return rc;
}

/* The battle in a sentence, for the text and the caption.  */
static void
battle_title (char *buf, size_t n, const cli_opts_t *o, unsigned long a,
              unsigned long d)
{
  if (o->rules.count == RO_COUNT_TERRITORY)
    snprintf (buf, n, "Attack from a territory of %lu %s (one stays behind) "
              "against %lu.", a, a == 1 ? "army" : "armies", d);
  else
    snprintf (buf, n, "Attack with %lu fighting %s against %lu.", a,
              a == 1 ? "army" : "armies", d);
}

static const char *const result_name[3] = {
  "Attacker conquers", "Defender holds", "Unresolved"
};

/* The results printed: 3 under --rounds.  */
static int
results (const cli_opts_t *o)
{
  return o->rounds ? 3 : 2;
}

static void
print_text (const cli_opts_t *o, unsigned long a, unsigned long d,
            const battle_text_t *t)
{
  char title[160];
  battle_title (title, sizeof title, o, a, d);
  puts (title);
  cli_print_rules_text (stdout, &o->rules);
  if (o->rounds)
    printf ("The battle stops after %lu %s at most.\n", o->rounds,
            o->rounds == 1 ? "round" : "rounds");
  const cli_num_t *n[3] = { &t->win, &t->lose, &t->open };
  for (int i = 0; i < results (o); i++)
    {
      printf ("%s%s:\n", i ? "" : "\n", result_name[i]);
      if (n[i]->exact)
        printf ("  exact    %s\n", n[i]->exact);
      if (n[i]->decimal)
        printf ("  decimal  %s\n", n[i]->decimal);
    }
}

/* CSV and TSV: a header and one record.  */
static void
print_csv (const cli_opts_t *o, unsigned long a, unsigned long d,
           const battle_text_t *t)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  char sep = cli_format_sep (o->format);
  cli_csv_edition_head (stdout, sep);
  printf ("attackers%cdefenders%ccount", sep, sep);
  cli_csv_head (stdout, "win", v, sep);
  cli_csv_head (stdout, "lose", v, sep);
  if (o->rounds)
    cli_csv_head (stdout, "unresolved", v, sep);
  putchar ('\n');
  cli_csv_edition_field (stdout, sep);
  printf ("%lu%c%lu%c%s", a, sep, d, sep, cli_count_name (o->rules.count));
  cli_csv_fields (stdout, &t->win, v, sep);
  cli_csv_fields (stdout, &t->lose, v, sep);
  if (o->rounds)
    cli_csv_fields (stdout, &t->open, v, sep);
  putchar ('\n');
}

/* Markdown and LaTeX: the text's two results, a row each, its exact and
   decimal values in columns, under the battle and the rules.  */
static int
print_doc (const cli_opts_t *o, unsigned long a, unsigned long d,
           const battle_text_t *t)
{
  char title[160];
  battle_title (title, sizeof title, o, a, d);
  char *caption = cli_heading (&o->rules, 0, title);
  if (caption == NULL)
    return CLI_EXIT_ERROR;
  const char *const head[3] = { "Outcome", t->win.exact ? "Exact" : NULL,
    t->win.decimal ? "Decimal" : NULL
  };
  cli_doc_begin (o->format, caption, head, "lrr", 3);
  free (caption);
  const cli_num_t *n[3] = { &t->win, &t->lose, &t->open };
  for (int i = 0; i < results (o); i++)
    {
      const char *const cell[3] = { result_name[i], n[i]->exact,
        n[i]->decimal
      };
      cli_doc_row (o->format, cell, 3);
    }
  cli_doc_end (o->format);
  return CLI_EXIT_OK;
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
  cli_print_decimal_json (stdout, o);
  fputs (",\"win\":", stdout);
  cli_num_json (stdout, &t->win);
  fputs (",\"lose\":", stdout);
  cli_num_json (stdout, &t->lose);
  if (o->rounds)
    {
      printf (",\"rounds\":%lu,\"unresolved\":", o->rounds);
      cli_num_json (stdout, &t->open);
    }
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
    {
      static const char *const subs[] = {
        "round", "game", "binomial", "chain", "fortify", "needed", "table",
        "verify", "policy", "plot", "batch", "help"
      };
      const char *near = cli_suggest (argv[0], subs, sizeof subs
                                      / sizeof subs[0]);
      if (near != NULL)
        return cli_usage_error ("unknown subcommand '%s'; did you mean "
                                "'%s'?", argv[0], near);
      return cli_usage_error ("unknown subcommand '%s' (the subcommands are "
                              "round, game, binomial, chain, fortify, needed, "
                              "table, verify, policy, plot and batch; a "
                              "battle takes two numbers, A D)", argv[0]);
    }
  return cli_parse_battle (o, argc, argv, a, d);
}

/* The statistics: ST when given (--stats alone), else DIST's.  */
static int
print_stats (const cli_opts_t *o, unsigned long a, unsigned long d,
             const ro_dist_t *dist, const ro_stats_t *st)
{
  if (st != NULL)
    return cli_print_stats_of (o, a, d, st);
  return cli_print_stats (o, a, d, dist);
}

/* With --dist or --stats: P(win) from the distribution, then the
   distribution and the statistics.  A CSV, TSV, Markdown or LaTeX file
   holds one table (the one asked for: --dist or --stats replaces the
   table of P(win), whose value the distribution carries).  */
static int
print_battle (const cli_opts_t *o, unsigned long a, unsigned long d,
              const battle_text_t *t, const ro_dist_t *dist,
              const ro_stats_t *st)
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
          rc = print_stats (o, a, d, dist, st);
        }
      fputs ("}\n", stdout);
      return rc;
    }
  if (o->format != CLI_FORMAT_TEXT)
    {
      if (o->dist)
        return cli_print_dist (o, a, d, dist);
      if (o->stats)
        return print_stats (o, a, d, dist, st);
      if (cli_format_doc (o->format))
        return print_doc (o, a, d, t);
      print_csv (o, a, d, t);
      return CLI_EXIT_OK;
    }
  print_text (o, a, d, t);
  if (o->dist)
    rc = cli_print_dist (o, a, d, dist);
  if (o->stats && rc == CLI_EXIT_OK)
    rc = print_stats (o, a, d, dist, st);
  return rc;
}

/* --stats without --dist or --rounds: the statistics need no
   distribution (ro_battle_stats_method; the split engine's sums for
   large battles).  */
static int
stats_alone (const cli_opts_t *o)
{
  return o->stats && !o->dist && !o->rounds;
}

int
cmd_battle (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, d;
  int rc = parse_operands (o, argc, argv, &a, &d);
  static const char *const file_name[] = { "", "CSV", "", "TSV",
    "Markdown", "LaTeX"
  };
  if (rc == CLI_EXIT_OK && o->dist && o->stats
      && o->format != CLI_FORMAT_TEXT && o->format != CLI_FORMAT_JSON)
    rc = cli_usage_error ("a %s file holds one table: give --dist or "
                          "--stats, or use --format json",
                          file_name[o->format]);
  if (rc == CLI_EXIT_OK && o->stats)
    rc = cli_values_one (o, "the text of --stats");
  if (rc == CLI_EXIT_OK)
    rc = cli_check_battle_memory (o, a, d, stats_alone (o) ? 2
                                  : o->dist || o->stats);
  if (rc != CLI_EXIT_OK)
    return rc;

  mpq_t win;
  ro_dist_t dist;
  ro_stats_t st;
  mpq_init (win);
  ro_dist_init (&dist);
  ro_stats_init (&st);
  int alone = stats_alone (o);
  int by_dist = (o->dist || o->stats || o->rounds) && !alone;
  int lrc;
  if (alone)
    lrc = ro_battle_stats_method (&st, win, &o->rules, a, d, o->method);
  else if (o->rounds)
    lrc = ro_battle_dist_rounds (&dist, &o->rules, a, d, o->rounds);
  else if (by_dist)
    lrc = ro_battle_dist_method (&dist, &o->rules, a, d, o->method);
  else
    lrc = ro_battle_win_method (win, &o->rules, a, d, o->method);
  battle_text_t t;
  if (lrc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  else
    rc = battle_text_init (&t, by_dist ? dist.win : win,
                           o->rounds ? dist.unresolved : NULL, o);
  mpq_clear (win);
  if (rc == CLI_EXIT_OK)
    {
      rc = print_battle (o, a, d, &t, &dist, alone ? &st : NULL);
      battle_text_clear (&t);
    }
  ro_dist_clear (&dist);
  ro_stats_clear (&st);
  return rc;
}
