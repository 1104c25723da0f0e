/* cmd_round.c -- riskodds round: exact outcome counts of one round */

#include <config.h>

#include <stdlib.h>

#include "cli.h"

/* One outcome's figures as strings: the count, the total, and the
   probability count/total reduced and as a decimal.  */
typedef struct
{
  char *count, *total;
  cli_num_t p;
} outcome_text_t;

static void
outcome_clear (outcome_text_t *t)
{
  free (t->count);
  free (t->total);
  cli_num_clear (&t->p);
}

/* The kinds of value of the probabilities: --values, or by default the
   decimal in the text, Markdown and LaTeX, both in JSON and none in CSV
   and TSV (whose counts are exact; --values adds the columns).  */
static cli_values_t
round_values (const cli_opts_t *o)
{
  return cli_values (o, cli_format_shown (o->format) ? CLI_VALUES_DECIMAL
                     : o->format == CLI_FORMAT_JSON ? CLI_VALUES_BOTH
                     : CLI_VALUES_DEFAULT);
}

static int
outcome_init (outcome_text_t *t, const ro_round_t *r, unsigned k,
              const cli_opts_t *o)
{
  mpq_t p;
  mpq_init (p);
  mpz_set (mpq_numref (p), r->count[k]);
  mpz_set (mpq_denref (p), r->total);
  mpq_canonicalize (p);
  int rc = cli_num_make (&t->p, p, o->digits, round_values (o));
  mpq_clear (p);
  if (rc != CLI_EXIT_OK)
    return rc;
  t->count = mpz_get_str (NULL, 10, r->count[k]);
  t->total = mpz_get_str (NULL, 10, r->total);
  return CLI_EXIT_OK;
}

/* What the text says above its table, which Markdown and LaTeX take
   for their caption.  */
static const char round_title[] =
  "One round of dice: the number of the equally likely rolls (of total)\n"
  "in which the attacker and the defender lose the armies shown.";

/* The caption and the header of Markdown and LaTeX.  */
static int
print_doc_header (const cli_opts_t *o)
{
  char *caption = cli_heading (&o->rules, 0, round_title);
  if (caption == NULL)
    return CLI_EXIT_ERROR;
  const char *const head[7] = { "Attack dice", "Defend dice",
    "Attacker losses", "Defender losses", "Count", "Total", "Probability"
  };
  cli_doc_begin (o->format, caption, head, "rrrrrrr", 7);
  free (caption);
  return CLI_EXIT_OK;
}

static int
print_header (const cli_opts_t *o)
{
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_head (stdout, sep);
      printf ("attack_dice%cdefend_dice%cattacker_losses%cdefender_losses%c"
              "count%ctotal", sep, sep, sep, sep, sep);
      cli_csv_head (stdout, "", round_values (o), sep);
      putchar ('\n');
    }
  else if (cli_format_doc (o->format))
    return print_doc_header (o);
  else if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"digits\":%lu,\"rounds\":[", o->digits);
    }
  else
    {
      puts (round_title);
      cli_print_rules_text (stdout, &o->rules);
      printf ("\n%6s %6s %8s %8s %10s %10s  %s\n", "attack", "defend",
              "attacker", "defender", "count", "total", "probability");
      printf ("%6s %6s %8s %8s\n", "dice", "dice", "losses", "losses");
    }
  return CLI_EXIT_OK;
}

static void
print_outcome (const cli_opts_t *o, const ro_round_t *r, unsigned k,
               const outcome_text_t *t, int first_outcome)
{
  unsigned na = r->attack_dice, nd = r->defend_dice;
  unsigned dl = r->comparisons - k;
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_field (stdout, sep);
      printf ("%u%c%u%c%u%c%u%c%s%c%s", na, sep, nd, sep, k, sep, dl, sep,
              t->count, sep, t->total);
      cli_csv_fields (stdout, &t->p, round_values (o), sep);
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"attacker_losses\":%u,\"defender_losses\":%u,"
              "\"count\":\"%s\",", first_outcome ? "" : ",", k, dl,
              t->count);
      cli_num_json_keys (stdout, &t->p);
      putchar ('}');
    }
  else if (o->format == CLI_FORMAT_TEXT)
    printf ("%6u %6u %8u %8u %10s %10s  %s\n", na, nd, k, dl, t->count,
            t->total, t->p.decimal ? t->p.decimal : t->p.exact);
  else
    {
      char dice[4][12];
      const unsigned n[4] = { na, nd, k, dl };
      for (int i = 0; i < 4; i++)
        snprintf (dice[i], sizeof dice[i], "%u", n[i]);
      const char *const cell[7] = { dice[0], dice[1], dice[2], dice[3],
        t->count, t->total, t->p.decimal ? t->p.decimal : t->p.exact
      };
      cli_doc_row (o->format, cell, 7);
    }
}

static int
print_round (const cli_opts_t *o, const ro_round_t *r, int first_round)
{
  if (o->format == CLI_FORMAT_JSON)
    {
      char *total = mpz_get_str (NULL, 10, r->total);
      printf ("%s{\"attack_dice\":%u,\"defend_dice\":%u,"
              "\"comparisons\":%u,\"total\":\"%s\",\"outcomes\":[",
              first_round ? "" : ",", r->attack_dice, r->defend_dice,
              r->comparisons, total);
      free (total);
    }
  /* Best outcome for the attacker first, as the seeds list them.  */
  for (unsigned k = 0; k <= r->comparisons; k++)
    {
      outcome_text_t t;
      if (outcome_init (&t, r, k, o) != CLI_EXIT_OK)
        return CLI_EXIT_ERROR;
      print_outcome (o, r, k, &t, k == 0);
      outcome_clear (&t);
    }
  if (o->format == CLI_FORMAT_JSON)
    fputs ("]}", stdout);
  return CLI_EXIT_OK;
}

/* One round against Wieringa's defender, who may roll up to ND dice:
   every outcome that can happen, the attacker's best first.  */
static int
print_policy_round (const cli_opts_t *o, unsigned na, unsigned nd,
                    int first_round)
{
  mpz_t count[RO_DICE_MAX + 1][RO_DICE_MAX + 1], total;
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_init (count[k][l]);
  mpz_init (total);
  int rc = CLI_EXIT_OK, lrc, n = 0;
  if ((lrc = ro_round_policy (count, total, &o->rules, na, nd)) != RO_OK)
    rc = cli_error ("%s", ro_strerror (lrc));
  char *tot = rc == CLI_EXIT_OK ? mpz_get_str (NULL, 10, total) : NULL;
  if (tot != NULL && o->format == CLI_FORMAT_JSON)
    printf ("%s{\"attack_dice\":%u,\"defend_dice\":%u,\"total\":\"%s\","
            "\"outcomes\":[", first_round ? "" : ",", na, nd, tot);
  for (unsigned k = 0; k <= RO_DICE_MAX && tot != NULL; k++)
    for (unsigned l = RO_DICE_MAX + 1; l-- > 0 && rc == CLI_EXIT_OK;)
      {
        if (mpz_sgn (count[k][l]) == 0)
          continue;
        ro_round_t r;           /* one outcome, as print_outcome takes it */
        ro_round_init (&r);
        r.attack_dice = na;
        r.defend_dice = nd;
        r.comparisons = k + l;
        mpz_set (r.count[k], count[k][l]);
        mpz_set (r.total, total);
        outcome_text_t t;
        rc = outcome_init (&t, &r, k, o);
        if (rc == CLI_EXIT_OK)
          {
            print_outcome (o, &r, k, &t, n++ == 0);
            outcome_clear (&t);
          }
        ro_round_clear (&r);
      }
  if (tot != NULL && o->format == CLI_FORMAT_JSON)
    fputs ("]}", stdout);
  free (tot);
  for (unsigned k = 0; k <= RO_DICE_MAX; k++)
    for (unsigned l = 0; l <= RO_DICE_MAX; l++)
      mpz_clear (count[k][l]);
  mpz_clear (total);
  return rc;
}

int
cmd_round (const cli_opts_t *o, int argc, char **argv)
{
  if (argc > 0)
    return cli_usage_error ("round takes no operands: '%s'", argv[0]);
  if (cli_values_one (o, "the text of 'round'") != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;

  if (cli_check_need (o, 0, "the counts of one round and their decimals") != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  int rc = CLI_EXIT_OK, first = 1;
  ro_round_t r;
  ro_round_init (&r);
  rc = print_header (o);
  for (unsigned na = 1; na <= o->rules.attack_dice && rc == CLI_EXIT_OK;
       na++)
    for (unsigned nd = 1; nd <= o->rules.defend_dice && rc == CLI_EXIT_OK;
         nd++)
      {
        if (o->rules.defender != RO_DEFENDER_MAX)
          {
            rc = print_policy_round (o, na, nd, first);
            first = 0;
            continue;
          }
        int lrc = ro_round_count (&r, &o->rules, na, nd);
        if (lrc != RO_OK)
          rc = cli_error ("%s", ro_strerror (lrc));
        else
          rc = print_round (o, &r, first);
        first = 0;
      }
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    fputs ("]}\n", stdout);
  else if (rc == CLI_EXIT_OK)
    cli_doc_end (o->format);
  ro_round_clear (&r);
  return rc;
}
