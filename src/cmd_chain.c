/* cmd_chain.c -- riskodds chain: taking territories one after another */

#include <config.h>

#include <stdlib.h>

#include "cli.h"

/* Parse the defender counts D1 .. Dk (each at least 1) into a new array.  */
unsigned long *
cli_parse_chain (int argc, char **argv)
{
  unsigned long *d = malloc ((size_t) argc * sizeof *d);
  if (d == NULL)
    {
      cli_error ("out of memory");
      return NULL;
    }
  for (int i = 0; i < argc; i++)
    if (cli_parse_armies (&d[i], argv[i], "defending armies") != CLI_EXIT_OK
        || (d[i] == 0
            && cli_usage_error ("a territory in a chain holds at least 1 "
                                "army: '%s'", argv[i])))
      {
        free (d);
        return NULL;
      }
  return d;
}

/* D1 .. Dk separated by SEP.  */
void
cli_print_chain (const unsigned long *d, size_t k, const char *sep)
{
  for (size_t i = 0; i < k; i++)
    printf ("%s%lu", i ? sep : "", d[i]);
}

/* The kinds of value --values asks for: both by default.  */
static cli_values_t
chain_values (const cli_opts_t *o)
{
  return cli_values (o, CLI_VALUES_BOTH);
}

static int
print_header (const cli_opts_t *o, unsigned long a, const unsigned long *d,
              int k, const ro_chain_t *c)
{
  cli_num_t all;
  cli_values_t v = chain_values (o);
  if (cli_num_make (&all, c->taken[c->k], o->digits, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("{\"attackers\":%lu,\"defenders\":[", a);
      cli_print_chain (d, (size_t) k, ",");
      printf ("],\"count\":\"%s\",\"rules\":", cli_count_name (o->rules.count));
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"digits\":%lu,\"all\":", o->digits);
      cli_num_json (stdout, &all);
    }
  else if (o->format == CLI_FORMAT_CSV)
    {
      fputs ("kind,territories_taken,armies", stdout);
      cli_csv_head (stdout, "", v, ',');
      cli_csv_head (stdout, "at_least", v, ',');
      putchar ('\n');
    }
  else
    {
      printf ("Attack with %lu %s (%s) through %d %s holding ", a,
              a == 1 ? "army" : "armies",
              o->rules.count == RO_COUNT_TERRITORY
              ? "on the territory, one stays behind" : "that fight",
              k, k == 1 ? "territory" : "territories");
      cli_print_chain (d, (size_t) k, " ");
      puts (";\none army stays in each conquered territory, the others "
            "move on.");
      cli_print_rules_text (stdout, &o->rules);
      printf ("\nAll %d taken:\n", k);
      if (all.exact)
        printf ("  exact    %s\n", all.exact);
      if (all.decimal)
        printf ("  decimal  %s\n", all.decimal);
    }
  cli_num_clear (&all);
  return CLI_EXIT_OK;
}

/* How far the chain gets, the most first, with P(at least that far).
   The text shows that as a decimal only when it shows decimals at all.  */
static int
print_taken (const cli_opts_t *o, const ro_chain_t *c)
{
  int rc = CLI_EXIT_OK;
  cli_values_t v = chain_values (o), vat = v;
  int dec = (v & CLI_VALUES_DECIMAL) != 0;
  if (o->format == CLI_FORMAT_TEXT && dec)
    vat = CLI_VALUES_DECIMAL;
  mpq_t cum;
  mpq_init (cum);
  if (o->format == CLI_FORMAT_JSON)
    fputs (",\"taken\":[", stdout);
  else if (o->format == CLI_FORMAT_TEXT)
    {
      const char *const head[4] = {
        dec ? "probability" : NULL, dec ? "at least" : NULL,
        v & CLI_VALUES_EXACT ? "exact" : NULL, dec ? NULL : "at least"
      };
      printf ("\nHow far the chain gets:\n  %-6s", "taken");
      cli_text_columns (o, head);
    }
  for (size_t j = c->k + 1; j-- > 0 && rc == CLI_EXIT_OK;)
    {
      cli_num_t p, at;
      mpq_add (cum, cum, c->taken[j]);
      if ((rc = cli_num_make (&p, c->taken[j], o->digits, v)) != CLI_EXIT_OK)
        break;
      if ((rc = cli_num_make (&at, cum, o->digits, vat)) != CLI_EXIT_OK)
        {
          cli_num_clear (&p);
          break;
        }
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"territories\":%zu,", j == c->k ? "" : ",", j);
          cli_num_json_keys (stdout, &p);
          fputs (",\"at_least\":", stdout);
          cli_num_json (stdout, &at);
          fputc ('}', stdout);
        }
      else if (o->format == CLI_FORMAT_CSV)
        {
          printf ("taken,%zu,", j);
          cli_csv_fields (stdout, &p, v, ',');
          cli_csv_fields (stdout, &at, v, ',');
          putchar ('\n');
        }
      else
        {
          const char *const col[4] = { p.decimal, at.decimal, p.exact,
            at.exact
          };
          printf ("  %-6zu", j);
          cli_text_columns (o, col);
        }
      cli_num_clear (&p);
      cli_num_clear (&at);
    }
  mpq_clear (cum);
  if (o->format == CLI_FORMAT_JSON)
    fputc (']', stdout);
  return rc;
}

/* The armies that reach the last territory when all are taken.  */
static int
print_armies (const cli_opts_t *o, const ro_chain_t *c)
{
  int rc = CLI_EXIT_OK;
  cli_values_t v = chain_values (o);
  if (o->format == CLI_FORMAT_JSON)
    fputs (",\"armies\":[", stdout);
  else if (o->format == CLI_FORMAT_TEXT)
    {
      const char *const head[4] = {
        v & CLI_VALUES_DECIMAL ? "probability" : NULL, NULL,
        v & CLI_VALUES_EXACT ? "exact" : NULL, NULL
      };
      printf ("\nArmies that reach the last territory (all taken):\n"
              "  %-6s", "armies");
      cli_text_columns (o, head);
    }
  for (size_t i = 0; i < c->n_armies && rc == CLI_EXIT_OK; i++)
    {
      cli_num_t p;
      if ((rc = cli_num_make (&p, c->armies_p[i], o->digits, v))
          != CLI_EXIT_OK)
        break;
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"armies\":%lu,", i ? "," : "", c->armies[i]);
          cli_num_json_keys (stdout, &p);
          putchar ('}');
        }
      else if (o->format == CLI_FORMAT_CSV)
        {
          printf ("armies,%zu,%lu", c->k, c->armies[i]);
          cli_csv_fields (stdout, &p, v, ',');
          cli_csv_fields (stdout, NULL, v, ',');
          putchar ('\n');
        }
      else
        {
          const char *const col[4] = { p.decimal, NULL, p.exact, NULL };
          printf ("  %-6lu", c->armies[i]);
          cli_text_columns (o, col);
        }
      cli_num_clear (&p);
    }
  if (o->format == CLI_FORMAT_JSON)
    fputs ("]}\n", stdout);
  return rc;
}

int
cmd_chain (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a;
  if (argc < 2)
    return cli_usage_error ("chain needs A and at least one defender count: "
                            "chain A D1 [D2 ...]");
  int rc = cli_parse_armies (&a, argv[0], "attacking armies");
  if (rc == CLI_EXIT_OK && a == 0 && o->rules.count == RO_COUNT_TERRITORY)
    rc = cli_usage_error ("a territory holds at least 1 army: A must be at "
                          "least 1 with --count territory");
  if (rc == CLI_EXIT_OK && o->rules.goal != 0)
    rc = cli_usage_error ("--goal does not apply to a chain: each territory "
                          "must be taken");
  if (rc != CLI_EXIT_OK)
    return rc;
  unsigned long *d = cli_parse_chain (argc - 1, argv + 1), dmax = 0;
  if (d == NULL)
    return CLI_EXIT_ERROR;
  for (int i = 0; i < argc - 1; i++)
    dmax = d[i] > dmax ? d[i] : dmax;
  rc = cli_check_plan_memory (o, a, dmax);

  ro_chain_t c;
  ro_chain_init (&c);
  if (rc == CLI_EXIT_OK)
    {
      int lrc = ro_chain (&c, &o->rules, a, d, (size_t) argc - 1);
      if (lrc != RO_OK)
        rc = cli_error ("%s", ro_strerror (lrc));
    }
  if (rc == CLI_EXIT_OK)
    rc = print_header (o, a, d, argc - 1, &c);
  if (rc == CLI_EXIT_OK)
    rc = print_taken (o, &c);
  if (rc == CLI_EXIT_OK)
    rc = print_armies (o, &c);
  ro_chain_clear (&c);
  free (d);
  return rc;
}
