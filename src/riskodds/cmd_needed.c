/* cmd_needed.c -- riskodds needed: the smallest attack that is likely enough */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The search goes no further: beyond it the user wants a table.  */
#define NEEDED_MAX 10000UL

/* --target as verify reads numbers: 0.9, 9/10, 90% or 90 %, exactly.  */
static int
parse_target (mpq_t t, const cli_opts_t *o)
{
  const char *arg = o->target ? o->target : "1/2";
  ro_number_t n;
  ro_number_init (&n);
  int rc = ro_number_parse (&n, arg, strlen (arg), 0, NULL);
  if (rc == RO_OK)
    mpq_set (t, n.value);
  ro_number_clear (&n);
  if (rc != RO_OK)
    return cli_usage_error ("invalid --target '%s' (expected a probability "
                            "such as 0.9, 9/10 or 90%%)", arg);
  if (mpq_sgn (t) < 0 || mpq_cmp_ui (t, 1, 1) > 0)
    return cli_usage_error ("--target %s is not a probability (0 to 1, or "
                            "0%% to 100%%)", arg);
  return CLI_EXIT_OK;
}

/* An operand such as 0.9, 9/10 or 90% is a target given in the wrong
   place: say where it goes rather than that it is not a whole number.  */
static int
check_operands (int argc, char **argv)
{
  for (int i = 0; i < argc; i++)
    if (strpbrk (argv[i], "./%") != NULL && strstr (argv[i], "..") == NULL)
      return cli_usage_error ("'%s' looks like a probability: needed takes "
                              "the defenders as operands and the "
                              "probability as --target (riskodds needed "
                              "--target %s D)", argv[i], argv[i]);
  return CLI_EXIT_OK;
}

/* A target of 1 against a defender who can win a comparison is refused
   before any battle is computed (ro_defender_can_win): no attack is
   certain to win.  ANY_DEFENDED is 0 when every battle asked is over
   before a roll (all D at or below the goal).  */
static int
check_certainty (const cli_opts_t *o, const mpq_t target, int any_defended)
{
  if (mpq_cmp_ui (target, 1, 1) != 0 || !any_defended)
    return CLI_EXIT_OK;
  int lrc = ro_defender_can_win (&o->rules);
  if (lrc < 0)
    return cli_error ("%s", ro_strerror (lrc));
  if (lrc == 0)
    return CLI_EXIT_OK;
  return cli_error ("--target 1 cannot be reached: the defender wins "
                    "every comparison of a round with positive "
                    "probability, so no attack is certain to win");
}

/* One answer: the attack, its exact P(win) for the defenders D (one
   battle when K is 1).  */
static int
print_answer (const cli_opts_t *o, const unsigned long *d, size_t k,
              unsigned long a, const mpq_t win, int first)
{
  cli_num_t w;
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  if (cli_num_make (&w, win, o->digits, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_field (stdout, ',');
      cli_print_chain (d, k, " ");
      printf (",%lu,%s", a, cli_count_name (o->rules.count));
      cli_csv_fields (stdout, &w, v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"defenders\":%s", first ? "" : ",", k > 1 ? "[" : "");
      cli_print_chain (d, k, ",");
      printf ("%s,\"attackers\":%lu,\"win\":", k > 1 ? "]" : "", a);
      cli_num_json (stdout, &w);
      fputc ('}', stdout);
    }
  else
    {
      /* The defenders as one column: "5", or "3 2 4 1" for a chain.  */
      char *col = NULL;
      size_t len = 0;
      FILE *m = open_memstream (&col, &len);
      for (size_t i = 0; m != NULL && i < k; i++)
        fprintf (m, "%s%lu", i ? " " : "", d[i]);
      if (m == NULL || fclose (m) != 0)
        {
          cli_num_clear (&w);
          return cli_error ("out of memory");
        }
      printf ("  %-8s %8lu  ", col, a);
      cli_text_pair (stdout, &w, CLI_DECIMAL_WIDTH (o), 1);
      putchar ('\n');
      free (col);
    }
  cli_num_clear (&w);
  return CLI_EXIT_OK;
}

static int
print_header (const cli_opts_t *o, const mpq_t target)
{
  cli_num_t t;
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  if (cli_num_make (&t, target, o->digits, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_head (stdout, ',');
      fputs ("defenders,attackers,count", stdout);
      cli_csv_head (stdout, "win", v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("{\"count\":\"%s\",\"rules\":", cli_count_name (o->rules.count));
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"digits\":%lu,\"target\":", o->digits);
      cli_num_json (stdout, &t);
      fputs (",\"needed\":[", stdout);
    }
  else
    {
      printf ("The smallest attack A (%s) with P(win) >= %s",
              o->rules.count == RO_COUNT_TERRITORY
              ? "the armies on the territory, one of which stays behind"
              : "the armies that attack", t.exact ? t.exact : t.decimal);
      if (t.exact && t.decimal)
        printf (" (%s)", t.decimal);
      puts (".");
      cli_print_rules_text (stdout, &o->rules);
      printf ("\n  %-8s %8s  ", "D", "A");
      if (v == CLI_VALUES_BOTH)
        printf ("%-*s %s\n", CLI_DECIMAL_WIDTH (o), "P(win)", "exact");
      else
        puts ("P(win)");
    }
  cli_num_clear (&t);
  return CLI_EXIT_OK;
}

/* Refuse the search when its engine's memory estimate exceeds the
   limit, with that estimate (the recursion's over the whole grid, which
   the refusal used to print, is tens of times the strip's search).  */
static int
check_needed_memory (const cli_opts_t *o, unsigned long d_lo,
                     unsigned long d_hi)
{
  double need;
  int lrc = ro_needed_memory (&need, &o->rules, d_lo, d_hi, NEEDED_MAX,
                              o->method);
  if (lrc != RO_OK)
    return cli_error ("%s", ro_strerror (lrc));
  char what[96];
  snprintf (what, sizeof what, "the search up to %lu against %lu",
            NEEDED_MAX, d_hi);
  return cli_check_need (o, need, what);
}

/* Defenders from D_LO to D_HI: each searched with the strip engine, or
   all in one pass of the recursion (see ro_needed_method).  */
static int
needed_range (const cli_opts_t *o, const mpq_t target, unsigned long d_lo,
              unsigned long d_hi)
{
  int rc = check_certainty (o, target, d_hi > o->rules.goal);
  if (rc == CLI_EXIT_OK)
    rc = check_needed_memory (o, d_lo, d_hi);
  if (rc != CLI_EXIT_OK)
    return rc;
  unsigned long *out = malloc ((d_hi - d_lo + 1) * sizeof *out);
  if (out == NULL)
    return cli_error ("out of memory");
  int lrc = ro_needed_method (out, &o->rules, d_lo, d_hi, target, NEEDED_MAX,
                              o->method);
  if (lrc == RO_ERANGE)
    rc = cli_error ("no attack of up to %lu armies reaches the target "
                    "against every D from %lu to %lu", NEEDED_MAX, d_lo,
                    d_hi);
  else if (lrc != RO_OK)
    rc = cli_error ("%s", ro_strerror (lrc));
  if (rc == CLI_EXIT_OK)
    rc = print_header (o, target);
  mpq_t win;
  mpq_init (win);
  for (unsigned long d = d_lo; d <= d_hi && rc == CLI_EXIT_OK; d++)
    {
      unsigned long a = out[d - d_lo];
      lrc = ro_battle_win (win, &o->rules, a, d);
      rc = lrc == RO_OK ? print_answer (o, &d, 1, a, win, d == d_lo)
        : cli_error ("%s", ro_strerror (lrc));
    }
  mpq_clear (win);
  free (out);
  return rc;
}

static int
needed_chain (const cli_opts_t *o, const mpq_t target, const unsigned long *d,
              size_t k)
{
  unsigned long dmax = 0, a = 0;
  if (o->method == RO_METHOD_STRIP)
    return cli_usage_error ("--method strip searches one battle at a time; "
                            "taking a chain needs the recursion");
  for (size_t i = 0; i < k; i++)
    dmax = d[i] > dmax ? d[i] : dmax;
  int rc = check_certainty (o, target, 1);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_memory (o, NEEDED_MAX, dmax);
  if (rc != CLI_EXIT_OK)
    return rc;
  int lrc = ro_chain_needed (&a, &o->rules, d, k, target, NEEDED_MAX);
  if (lrc == RO_ERANGE)
    return cli_error ("no attack of up to %lu armies takes the chain with "
                      "the target probability", NEEDED_MAX);
  if (lrc != RO_OK)
    return cli_error ("%s", ro_strerror (lrc));
  ro_chain_t c;
  ro_chain_init (&c);
  lrc = ro_chain (&c, &o->rules, a, d, k);
  rc = lrc == RO_OK ? print_header (o, target)
    : cli_error ("%s", ro_strerror (lrc));
  if (rc == CLI_EXIT_OK)
    rc = print_answer (o, d, k, a, c.taken[k], 1);
  ro_chain_clear (&c);
  return rc;
}

int
cmd_needed (const cli_opts_t *o, int argc, char **argv)
{
  if (argc == 0)
    return cli_usage_error ("needed takes the defenders: D, a range LO..HI, "
                            "or a chain D1 D2 ...");
  int rc = check_operands (argc, argv);
  if (rc != CLI_EXIT_OK)
    return rc;
  mpq_t target;
  mpq_init (target);
  rc = parse_target (target, o);
  if (rc == CLI_EXIT_OK && argc == 1)
    {
      unsigned long lo, hi;
      rc = cli_parse_range (&lo, &hi, argv[0], "defending armies");
      if (rc == CLI_EXIT_OK)
        rc = needed_range (o, target, lo, hi);
    }
  else if (rc == CLI_EXIT_OK)
    {
      if (o->rules.goal != 0)
        rc = cli_usage_error ("--goal does not apply to a chain: each "
                              "territory must be taken");
      unsigned long *d = rc ? NULL : cli_parse_chain (argc, argv);
      if (d == NULL)
        rc = CLI_EXIT_ERROR;
      else
        rc = needed_chain (o, target, d, (size_t) argc);
      free (d);
    }
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    fputs ("]}\n", stdout);
  mpq_clear (target);
  return rc;
}
