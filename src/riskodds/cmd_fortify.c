/* cmd_fortify.c -- riskodds fortify: the defender's best split */

#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "cli.h"

/* How many splits the text and JSON show for each question: the best
   and its runners-up.  */
#define FORTIFY_SHOWN 5

static void
print_split (const ro_split_t *s, size_t k, const char *sep)
{
  for (size_t i = 0; i < k; i++)
    printf ("%s%lu", i ? sep : "", s->d[i]);
}

/* The splits ranked by P(taking at least J), ORDER from the best for
   the defender.  */
static int
print_ranking (const cli_opts_t *o, const ro_fortify_t *f, size_t j,
               const size_t *order, int first)
{
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  size_t shown = o->format == CLI_FORMAT_CSV ? f->n
    : f->n < FORTIFY_SHOWN ? f->n : FORTIFY_SHOWN;
  int rc = CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    printf ("%s{\"at_least\":%zu,\"ranking\":[", first ? "" : ",", j);
  else if (o->format == CLI_FORMAT_TEXT)
    {
      const char *const head[4] = {
        v & CLI_VALUES_DECIMAL ? "probability" : NULL, NULL,
        v & CLI_VALUES_EXACT ? "exact" : NULL, NULL
      };
      if (j == f->k)
        printf ("\nThe attacker takes all %zu:\n", f->k);
      else
        printf ("\nThe attacker takes at least %zu:\n", j);
      printf ("  %-5s%-*s", "rank", (int) (3 * f->k + 2), "split");
      cli_text_columns (o, head);
    }
  for (size_t r = 0; r < shown && rc == CLI_EXIT_OK; r++)
    {
      const ro_split_t *s = &f->split[order[r]];
      cli_num_t p;
      if ((rc = cli_num_make (&p, s->at_least[j - 1], o->digits, v))
          != CLI_EXIT_OK)
        break;
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"rank\":%zu,\"split\":[", r ? "," : "", r + 1);
          print_split (s, f->k, ",");
          fputs ("],", stdout);
          cli_num_json_keys (stdout, &p);
          putchar ('}');
        }
      else if (o->format == CLI_FORMAT_CSV)
        {
          cli_csv_edition_field (stdout, ',');
          printf ("%zu,%zu,", j, r + 1);
          print_split (s, f->k, " ");
          cli_csv_fields (stdout, &p, v, ',');
          putchar ('\n');
        }
      else
        {
          const char *const col[4] = { p.decimal, NULL, p.exact, NULL };
          printf ("  %-5zu", r + 1);
          int w = 0;
          for (size_t i = 0; i < f->k; i++)
            w += printf ("%s%lu", i ? " " : "", s->d[i]);
          printf ("%*s", (int) (3 * f->k + 2) - w, "");
          cli_text_columns (o, col);
        }
      cli_num_clear (&p);
    }
  if (o->format == CLI_FORMAT_JSON)
    fputs ("]}", stdout);
  return rc;
}

/* The header of the JSON and text outputs; SPLITS the count of splits
   (exact), COMPUTED how many were computed (all or SHOWN best).  */
static void
print_head (const cli_opts_t *o, unsigned long a, unsigned long total,
            unsigned long k, size_t t, const mpz_t splits, int search)
{
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("{\"attackers\":%lu,\"defenders\":%lu,\"territories\":%lu,"
              "\"count\":\"%s\",\"rules\":", a, total, k,
              cli_count_name (o->rules.count));
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"policy_scope\":\"%s\"",
              o->scope == RO_SCOPE_CHAIN ? "chain" : "battle");
      if (o->scope == RO_SCOPE_CHAIN)
        printf (",\"policy_target\":%zu", t);
      gmp_printf (",\"splits\":%Zd,", splits);
      if (search)
        printf ("\"search\":true,");
      printf ("\"digits\":%lu,\"best\":[", o->digits);
    }
  else if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_head (stdout, ',');
      fputs ("at_least,rank,split", stdout);
      cli_csv_head (stdout, "", cli_values (o, CLI_VALUES_BOTH), ',');
      putchar ('\n');
    }
  else
    {
      printf ("%lu defending armies over %lu %s, attacked in order\n"
              "by %lu %s (%s); ", total, k,
              k == 1 ? "territory" : "territories (at least 1 each)", a,
              a == 1 ? "army" : "armies",
              o->rules.count == RO_COUNT_TERRITORY
              ? "on the territory, one stays behind" : "that fight");
      if (search)
        gmp_printf ("%Zd splits:\nthe best found by a search over the "
                    "territories, each computed exactly.\n", splits);
      else if (mpz_cmp_ui (splits, 1) == 0)
        puts ("the one split computed exactly.");
      else
        gmp_printf ("every one of the %Zd splits computed exactly.\n",
                    splits);
      cli_print_rules_text (stdout, &o->rules);
      if (o->scope_target)
        printf ("--policy-scope chain:%zu: in every chain the optimal dice "
                "weigh P(taking at\nleast %zu), then each battle's own "
                "P(win).\n", t, t);
      printf ("The best splits for the defender, first to last territory "
              "attacked:\n");
    }
}

/* Beyond RO_FORTIFY_MAX splits: the FORTIFY_SHOWN best for each
   question by ro_fortify_best (each battle's policies), all K searched
   before anything is printed.  */
static int
fortify_search (const cli_opts_t *o, unsigned long a, unsigned long total,
                size_t k)
{
  double need;
  int lrc = ro_fortify_best_memory (&need, &o->rules, 1, a, total, k,
                                    FORTIFY_SHOWN * k);
  if (lrc != RO_OK)
    return cli_error ("%s", ro_strerror (lrc));
  int rc = cli_check_need (o, need, "fortify");
  if (rc != CLI_EXIT_OK)
    return rc;
  ro_fortify_t *f = malloc (k * sizeof *f);
  size_t order[FORTIFY_SHOWN];
  if (f == NULL)
    return cli_error ("out of memory");
  for (size_t j = 0; j < k; j++)
    ro_fortify_init (&f[j]);
  for (size_t j = k; j >= 1 && lrc == RO_OK; j--)
    lrc = ro_fortify_best (&f[j - 1], &o->rules, 1, a, total, k, j,
                           FORTIFY_SHOWN);
  if (lrc == RO_ERANGE)
    rc = cli_error ("fortify: more than 20000 splits of %lu over %zu tie, "
                    "or nearly, for the best: too many to rank exactly",
                    total, k);
  else if (lrc != RO_OK)
    rc = cli_error ("%s", ro_strerror (lrc));
  if (rc == CLI_EXIT_OK)
    {
      mpz_t splits;
      mpz_init (splits);
      mpz_bin_uiui (splits, total - 1, k - 1);
      print_head (o, a, total, k, k, splits, 1);
      mpz_clear (splits);
    }
  for (size_t t = 0; t < FORTIFY_SHOWN; t++)
    order[t] = t;
  for (size_t j = k; j >= 1 && rc == CLI_EXIT_OK; j--)
    rc = print_ranking (o, &f[j - 1], j, order, j == k);
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    puts ("]}");
  for (size_t j = 0; j < k; j++)
    ro_fortify_clear (&f[j]);
  free (f);
  return rc;
}

int
cmd_fortify (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, total, k;
  if (argc != 2)
    return cli_usage_error ("fortify needs D and K: the defending armies "
                            "and the territories to split them over, with "
                            "--attackers A");
  if (o->attackers == NULL)
    return cli_usage_error ("fortify needs the attack: --attackers A");
  int rc = cli_parse_armies (&a, o->attackers, "attacking armies");
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_armies (&total, argv[0], "defending armies");
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_armies (&k, argv[1], "territories");
  if (rc != CLI_EXIT_OK)
    return rc;
  if (k == 0 || total < k)
    return cli_usage_error ("fortify: %lu armies cannot hold %lu "
                            "territories with at least 1 army each",
                            total, k);
  if (a == 0 && o->rules.count == RO_COUNT_TERRITORY)
    return cli_usage_error ("a territory holds at least 1 army: A must be "
                            "at least 1 with --count territory");
  if (o->rules.goal != 0)
    return cli_usage_error ("--goal does not apply to fortify: each "
                            "territory must be taken");
  if (o->scope_target > k)
    return cli_usage_error ("--policy-scope chain:%lu: the chain has %lu "
                            "%s, fewer than %lu", o->scope_target, k,
                            k == 1 ? "territory" : "territories",
                            o->scope_target);
  /* The policies aim at taking at least T territories.  */
  size_t t = o->scope_target ? (size_t) o->scope_target : (size_t) k;
  double n;
  ro_fortify_count (&n, total, (size_t) k);
  if (n > RO_FORTIFY_MAX && o->scope == RO_SCOPE_CHAIN)
    return cli_error ("%lu armies over %lu territories make %.3g splits; "
                      "with --policy-scope chain fortify computes every "
                      "one, at most %d", total, k, n, RO_FORTIFY_MAX);
  /* The rules only: the memory is fortify's, below.  */
  cli_opts_t r = *o;
  r.max_memory = HUGE_VAL;
  rc = cli_check_plan_memory (&r, a, total - k + 1);
  if (rc != CLI_EXIT_OK)
    return rc;
  if (n > RO_FORTIFY_MAX)
    return fortify_search (o, a, total, (size_t) k);
  /* Every split's fractions, and one chain at a time (--policy-scope
     chain: with its K plans at once).  */
  double need;
  int lrc = ro_fortify_memory (&need, &o->rules, a, total, (size_t) k,
                               o->scope);
  if (lrc != RO_OK)
    return cli_error ("%s", ro_strerror (lrc));
  rc = cli_check_need (o, need, "fortify");
  if (rc != CLI_EXIT_OK)
    return rc;

  ro_fortify_t f;
  ro_fortify_init (&f);
  lrc = ro_fortify_target (&f, &o->rules, a, total, (size_t) k,
                               o->scope, t);
  if (lrc != RO_OK)
    {
      ro_fortify_clear (&f);
      return cli_error ("%s", ro_strerror (lrc));
    }
  size_t *order = malloc ((f.n ? f.n : 1) * sizeof *order);
  if (order == NULL)
    rc = cli_error ("out of memory");
  if (rc == CLI_EXIT_OK)
    {
      mpz_t splits;
      mpz_init_set_ui (splits, f.n);
      print_head (o, a, total, k, t, splits, 0);
      mpz_clear (splits);
    }
  for (size_t j = k; j >= 1 && rc == CLI_EXIT_OK; j--)
    {
      if (ro_fortify_rank (order, &f, j) != RO_OK)
        rc = cli_error ("out of memory");
      else
        rc = print_ranking (o, &f, j, order, j == k);
    }
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    puts ("]}");
  free (order);
  ro_fortify_clear (&f);
  return rc;
}
