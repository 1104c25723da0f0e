/* dist_io.c -- riskodds --dist / --stats: how a battle ends, exactly, printed */

#include <config.h>

#include <stdlib.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* The distribution                                                   */
/* ------------------------------------------------------------------ */

/* One row: the outcome's probability and the running total from the
   attacker's best end.  */
typedef struct
{
  cli_num_t p, cum;
} dist_row_t;

/* The kinds of value of the outcome's probability (--values; both by
   default), and of the running total: the same, except that the text
   (and its Markdown and LaTeX) shows it as a decimal only when it shows
   decimals at all (its fraction, as long as the outcome's, is not
   made).  */
static cli_values_t
dist_values (const cli_opts_t *o, cli_values_t *cum)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  *cum = cli_format_shown (o->format) && (v & CLI_VALUES_DECIMAL)
    ? CLI_VALUES_DECIMAL : v;
  return v;
}

static int
dist_row_init (dist_row_t *row, const mpq_t p, const mpq_t cum,
               const cli_opts_t *o)
{
  cli_values_t vc, v = dist_values (o, &vc);
  int rc = cli_prob_make_row (&row->p, p, o, v);
  if (rc != CLI_EXIT_OK)
    return rc;
  rc = cli_prob_make_row (&row->cum, cum, o, vc);
  if (rc != CLI_EXIT_OK)
    cli_num_clear (&row->p);
  return rc;
}

static void
dist_row_clear (dist_row_t *row)
{
  cli_num_clear (&row->p);
  cli_num_clear (&row->cum);
}

/* The headers of the columns of the text, and of Markdown and LaTeX,
   after the winner and the armies left, as the rows fill them (NULL
   where not shown): the decimals of the probability (DEC) and of the
   running total (CUM), the fraction of the probability (EXACT), and
   that of the running total (CUM again) when no decimal is shown.  */
static void
dist_columns (const char *col[4], const cli_opts_t *o, const char *dec,
              const char *cum, const char *exact)
{
  cli_values_t vc, v = dist_values (o, &vc);
  int d = (v & CLI_VALUES_DECIMAL) != 0;
  col[0] = d ? dec : NULL;
  col[1] = d ? cum : NULL;
  col[2] = v & CLI_VALUES_EXACT ? exact : NULL;
  col[3] = d ? NULL : cum;
}

static void
print_dist_row (const cli_opts_t *o, unsigned long a, unsigned long d,
                const ro_outcome_t *x, const dist_row_t *row, size_t i)
{
  const char *who = x->won ? "attacker" : x->unresolved ? "none"
    : "defender";
  cli_values_t vc, v = dist_values (o, &vc);
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_field (stdout, sep);
      printf ("%lu%c%lu%c%s%c%s%c%lu%c%lu", a, sep, d, sep,
              cli_count_name (o->rules.count), sep, who, sep, x->attackers,
              sep, x->defenders);
      cli_csv_fields (stdout, &row->p, v, sep);
      cli_csv_fields (stdout, &row->cum, vc, sep);
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"winner\":\"%s\",\"attackers_left\":%lu,"
              "\"defenders_left\":%lu,", i ? "," : "", who, x->attackers,
              x->defenders);
      cli_num_json_keys (stdout, &row->p);
      fputs (",\"cumulative\":", stdout);
      cli_num_json (stdout, &row->cum);
      fputc ('}', stdout);
    }
  else
    {
      const char *const col[4] = { row->p.decimal, row->cum.decimal,
        row->p.exact, row->cum.exact
      };
      if (o->format == CLI_FORMAT_TEXT)
        {
          printf ("  %-9s %7lu %7lu ", who, x->attackers, x->defenders);
          cli_text_columns (o, col);
          return;
        }
      char al[24], dl[24];
      snprintf (al, sizeof al, "%lu", x->attackers);
      snprintf (dl, sizeof dl, "%lu", x->defenders);
      const char *const cell[7] = { who, al, dl, col[0], col[1], col[2],
        col[3]
      };
      cli_doc_row (o->format, cell, 7);
    }
}

/* The header of the distribution: the text's, or the caption and the
   header of Markdown and LaTeX.  */
static int
print_dist_head (const cli_opts_t *o, unsigned long a, unsigned long d)
{
  const char *col[4];
  if (o->format == CLI_FORMAT_TEXT)
    {
      dist_columns (col, o, "probability", "cumulative", "exact");
      printf ("\nHow the battle ends (the attacker's armies counted as "
              "--count says; cumulative:\nthis end or a better one for the "
              "attacker):\n  %-9s %7s %7s ", "winner", "A left", "D left");
      cli_text_columns (o, col);
      return CLI_EXIT_OK;
    }
  char title[160];
  snprintf (title, sizeof title, "How the battle of %lu against %lu ends "
            "(cumulative: this end or a better one for the attacker).",
            a, d);
  char *caption = cli_heading (&o->rules, 1, title);
  if (caption == NULL)
    return CLI_EXIT_ERROR;
  dist_columns (col, o, "Probability", "Cumulative", "Exact");
  const char *const head[7] = { "Winner", "A left", "D left", col[0],
    col[1], col[2], col[3]
  };
  cli_doc_begin (o->format, caption, head, "lrrrrrr", 7);
  free (caption);
  return CLI_EXIT_OK;
}

/* Print DIST in the chosen format (JSON: the value of "distribution").  */
int
cli_print_dist (const cli_opts_t *o, unsigned long a, unsigned long d,
                const ro_dist_t *dist)
{
  int rc = CLI_EXIT_OK;
  cli_values_t vc, v = dist_values (o, &vc);
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_head (stdout, sep);
      printf ("attackers%cdefenders%ccount%cwinner%cattackers_left%c"
              "defenders_left", sep, sep, sep, sep, sep);
      cli_csv_head (stdout, "", v, sep);
      cli_csv_head (stdout, "cumulative", vc, sep);
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    fputc ('[', stdout);
  else
    rc = print_dist_head (o, a, d);
  mpq_t cum;
  mpq_init (cum);
  for (size_t i = 0; i < dist->n && rc == CLI_EXIT_OK; i++)
    {
      dist_row_t row;
      mpq_add (cum, cum, dist->outcome[i].p);
      rc = dist_row_init (&row, dist->outcome[i].p, cum, o);
      if (rc == CLI_EXIT_OK)
        {
          print_dist_row (o, a, d, &dist->outcome[i], &row, i);
          dist_row_clear (&row);
        }
    }
  mpq_clear (cum);
  if (o->format == CLI_FORMAT_JSON)
    fputc (']', stdout);
  else if (rc == CLI_EXIT_OK)
    {
      cli_rows_note (o);
      cli_doc_end (o->format);
    }
  return rc;
}

/* ------------------------------------------------------------------ */
/* Expectations and variances                                         */
/* ------------------------------------------------------------------ */

static const char *const condition_name[3] = { "all", "win", "loss" };
static const char *const condition_text[3] = {
  "every battle", "attacker wins", "defender holds"
};
static const char *const quantity_name[4] = {
  "attackers_left", "defenders_left", "attackers_lost", "defenders_lost"
};
static const char *const quantity_text[4] = {
  "attackers left", "defenders left", "attackers lost", "defenders lost"
};

/* The kinds of value of the statistics: --values, by default both in
   CSV, TSV and JSON and decimals in the text, Markdown and LaTeX (which
   show one value per cell, and so refuse both: see cmd_battle).  */
static cli_values_t
stats_values (const cli_opts_t *o)
{
  return cli_values (o, cli_format_shown (o->format) ? CLI_VALUES_DECIMAL
                     : CLI_VALUES_BOTH);
}

/* The mean and variance of quantity Q under condition C.  */
static void
stat_values (const ro_stats_t *st, int c, int q, const mpq_t **mean,
             const mpq_t **var)
{
  switch (q)
    {
    case 0:
      *mean = &st->attackers_left[c];
      *var = &st->attackers_left_var[c];
      break;
    case 1:
      *mean = &st->defenders_left[c];
      *var = &st->defenders_left_var[c];
      break;
    case 2:
      *mean = &st->attackers_lost[c];
      *var = &st->attackers_left_var[c];
      break;
    default:
      *mean = &st->defenders_lost[c];
      *var = &st->defenders_left_var[c];
      break;
    }
}

static int
print_stat (const cli_opts_t *o, unsigned long a, unsigned long d,
            const ro_stats_t *st, int c, int q)
{
  const mpq_t *mean, *var;
  cli_num_t m, v;
  cli_values_t kinds = stats_values (o);
  stat_values (st, c, q, &mean, &var);
  if (cli_value_make (&m, *mean, o, kinds) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_value_make (&v, *var, o, kinds) != CLI_EXIT_OK)
    {
      cli_num_clear (&m);
      return CLI_EXIT_ERROR;
    }
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_field (stdout, sep);
      printf ("%lu%c%lu%c%s%c%s%c%s", a, sep, d, sep,
              cli_count_name (o->rules.count), sep, condition_name[c], sep,
              quantity_name[q]);
      cli_csv_fields (stdout, &m, kinds, sep);
      cli_csv_fields (stdout, &v, kinds, sep);
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s\"%s\":{\"mean\":", q ? "," : "", quantity_name[q]);
      cli_num_json (stdout, &m);
      fputs (",\"variance\":", stdout);
      cli_num_json (stdout, &v);
      fputc ('}', stdout);
    }
  else if (o->format == CLI_FORMAT_TEXT)
    printf ("  %-15s %-15s %-*s %s\n", q ? "" : condition_text[c],
            quantity_name[q], CLI_DECIMAL_WIDTH (o),
            m.decimal ? m.decimal : m.exact, v.decimal ? v.decimal : v.exact);
  else
    {
      const char *const cell[4] = { q ? "" : condition_text[c],
        quantity_text[q], m.decimal ? m.decimal : m.exact,
        v.decimal ? v.decimal : v.exact
      };
      cli_doc_row (o->format, cell, 4);
    }
  cli_num_clear (&m);
  cli_num_clear (&v);
  return CLI_EXIT_OK;
}

/* The caption and the header of the statistics in Markdown and
   LaTeX.  */
static int
print_stats_head (const cli_opts_t *o, unsigned long a, unsigned long d)
{
  char title[160];
  snprintf (title, sizeof title, "Expected armies left and lost in the "
            "battle of %lu against %lu, and their variances (lost = start "
            "- left).", a, d);
  char *caption = cli_heading (&o->rules, 1, title);
  if (caption == NULL)
    return CLI_EXIT_ERROR;
  const char *const head[4] = { "Given", "Quantity", "Mean", "Variance" };
  cli_doc_begin (o->format, caption, head, "llrr", 4);
  free (caption);
  return CLI_EXIT_OK;
}

/* Print the statistics of DIST (JSON: the value of "stats").  */
int
cli_print_stats (const cli_opts_t *o, unsigned long a, unsigned long d,
                 const ro_dist_t *dist)
{
  ro_stats_t st;
  ro_stats_init (&st);
  ro_dist_stats (&st, dist, a, d);
  int rc = cli_print_stats_of (o, a, d, &st);
  ro_stats_clear (&st);
  return rc;
}

int
cli_print_stats_of (const cli_opts_t *o, unsigned long a, unsigned long d,
                    const ro_stats_t *st)
{
  int rc = CLI_EXIT_OK;
  char sep = cli_format_sep (o->format);
  if (o->format == CLI_FORMAT_CSV || o->format == CLI_FORMAT_TSV)
    {
      cli_csv_edition_head (stdout, sep);
      printf ("attackers%cdefenders%ccount%ccondition%cquantity", sep, sep,
              sep, sep);
      cli_csv_head (stdout, "mean", stats_values (o), sep);
      cli_csv_head (stdout, "variance", stats_values (o), sep);
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    fputc ('{', stdout);
  else if (cli_format_doc (o->format))
    rc = print_stats_head (o, a, d);
  else
    printf ("\nExpected armies (the attacker's counted as --count says; "
            "lost = start - left%s):\n  %-15s %-15s %-*s %s\n",
            stats_values (o) == CLI_VALUES_EXACT ? ""
            : ";\nfractions with --format csv or json", "given", "quantity",
            CLI_DECIMAL_WIDTH (o), "mean", "variance");
  for (int c = 0; c < 3 && rc == CLI_EXIT_OK; c++)
    {
      if (o->format == CLI_FORMAT_JSON)
        printf ("%s\"%s\":%s", c ? "," : "", condition_name[c],
                st->has[c] ? "{" : "null");
      else if (o->format == CLI_FORMAT_TEXT && !st->has[c])
        printf ("  %-15s (never happens)\n", condition_text[c]);
      else if (cli_format_doc (o->format) && !st->has[c])
        {
          const char *const cell[4] = { condition_text[c],
            "(never happens)", "", ""
          };
          cli_doc_row (o->format, cell, 4);
        }
      for (int q = 0; q < 4 && st->has[c] && rc == CLI_EXIT_OK; q++)
        rc = print_stat (o, a, d, st, c, q);
      if (o->format == CLI_FORMAT_JSON && st->has[c])
        fputc ('}', stdout);
    }
  if (o->format == CLI_FORMAT_JSON)
    fputc ('}', stdout);
  else if (rc == CLI_EXIT_OK)
    cli_doc_end (o->format);
  return rc;
}
