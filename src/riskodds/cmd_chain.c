/* cmd_chain.c -- riskodds chain: taking territories one after another */

#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* An error when a rule of the territory OPERAND, whose rules are LIST,
   is given twice: the last would win without a word.  */
static int
check_repeated (const char *operand, const char *list)
{
  for (const char *w = list; *w; )
    {
      size_t len = strcspn (w, "=,:");
      for (const char *v = w + strcspn (w, ",:"); *v; )
        {
          v++;
          if (strncmp (v, w, len) == 0 && strchr ("=,:", v[len]) != NULL)
            return cli_usage_error ("'%s': the rule '%.*s' is given twice",
                                    operand, (int) len, w);
          v += strcspn (v, ",:");
        }
      w += strcspn (w, ",:");
      if (*w)
        w++;
    }
  return CLI_EXIT_OK;
}

/* An error when the rules LIST of the territory OPERAND hold an empty
   word: a ',' or ':' at the start or the end, or two together
   ("3:sides=6," when the shell split "3:sides=6, 2").  */
static int
check_empty (const char *operand, const char *list)
{
  size_t n = strlen (list);
  int empty = n == 0 || strchr (",:", list[0]) != NULL
    || strchr (",:", list[n - 1]) != NULL;
  for (size_t i = 1; i < n && !empty; i++)
    empty = strchr (",:", list[i]) != NULL
      && strchr (",:", list[i - 1]) != NULL;
  if (empty)
    return cli_usage_error ("'%s': an empty rule (a ',' at the start or the "
                            "end, or two together); write "
                            "D:RULE=VALUE,RULE=VALUE, with no spaces",
                            operand);
  return CLI_EXIT_OK;
}

/* The operands D1 .. Dk of a chain, each "D" or "D:RULE=VALUE,..."
   (the rules of that territory over those of the options, e.g.
   "2:defend-dice=3,defend-bonus=1"), into new arrays *D and *RULES;
   *CUSTOM tells whether any territory has rules of its own.  */
static int
parse_territories (const cli_opts_t *o, int argc, char **argv,
                   unsigned long **d, ro_rules_t **rules, int *custom)
{
  *custom = 0;
  *d = malloc ((size_t) argc * sizeof **d);
  *rules = malloc ((size_t) argc * sizeof **rules);
  if (*d == NULL || *rules == NULL)
    return cli_error ("out of memory");
  int rc = CLI_EXIT_OK;
  for (int i = 0; i < argc && rc == CLI_EXIT_OK; i++)
    {
      (*rules)[i] = o->rules;
      const char *colon = strchr (argv[i], ':');
      size_t len = colon ? (size_t) (colon - argv[i]) : strlen (argv[i]);
      char *count = strndup (argv[i], len);
      if (count == NULL)
        return cli_error ("out of memory");
      if (colon == NULL && strchr (argv[i], '=') != NULL)
        rc = cli_usage_error ("'%s' is a rule without its territory: write "
                              "D:RULE=VALUE,RULE=VALUE, with no spaces",
                              argv[i]);
      else
        rc = cli_parse_armies (&(*d)[i], count, "defending armies");
      free (count);
      if (rc == CLI_EXIT_OK && (*d)[i] == 0)
        rc = cli_usage_error ("a territory in a chain holds at least 1 "
                              "army: '%s'", argv[i]);
      if (rc != CLI_EXIT_OK || colon == NULL)
        continue;
      *custom = 1;
      /* Rules separated by commas (or colons).  */
      char *list = strdup (colon + 1), *save = NULL;
      if (list == NULL)
        return cli_error ("out of memory");
      if (*list == '\0')
        rc = cli_usage_error ("'%s': no rule after ':' (D:RULE=VALUE,...)",
                              argv[i]);
      else if (strpbrk (list, "; ") != NULL)
        rc = cli_usage_error ("'%s': separate the rules of a territory with "
                              "',' (D:RULE=VALUE,RULE=VALUE)", argv[i]);
      else if ((rc = check_empty (argv[i], list)) == CLI_EXIT_OK)
        rc = check_repeated (argv[i], list);
      for (char *w = strtok_r (list, ",:", &save);
           w != NULL && rc == CLI_EXIT_OK; w = strtok_r (NULL, ",:", &save))
        rc = cli_parse_rule_word (&(*rules)[i], w);
      free (list);
      if (rc == CLI_EXIT_OK && cli_mixed_refusal (&(*rules)[i]) != NULL)
        rc = cli_usage_error ("'%s': %s", argv[i],
                              cli_mixed_refusal (&(*rules)[i]));
      if (rc == CLI_EXIT_OK && ro_rules_check (&(*rules)[i]) != RO_OK)
        rc = cli_usage_error ("'%s': %s", argv[i],
                              ro_strerror (RO_ERULES));
    }
  return rc;
}

/* The kinds of value --values asks for: both by default.  */
static cli_values_t
chain_values (const cli_opts_t *o)
{
  return cli_values (o, CLI_VALUES_BOTH);
}

/* The chain's operands as given, separated by SEP.  */
static void
print_operands (char **argv, int k, const char *sep)
{
  for (int i = 0; i < k; i++)
    printf ("%s%s", i ? sep : "", argv[i]);
}

/* P = P(taking at least T of C's territories).  */
static void
chain_at_least (mpq_t p, const ro_chain_t *c, size_t t)
{
  mpq_set_ui (p, 0, 1);
  for (size_t j = t; j <= c->k; j++)
    mpq_add (p, p, c->taken[j]);
}

/* *OUT = P(taking at least T of C's territories), made for V.  */
static int
num_at_least (cli_num_t *out, const cli_opts_t *o, const ro_chain_t *c,
              size_t t, cli_values_t v)
{
  mpq_t p;
  mpq_init (p);
  chain_at_least (p, c, t);
  int rc = cli_prob_make_hint (out, p, o, v);
  mpq_clear (p);
  return rc;
}

/* The chain's header; BY_BATTLE, when not NULL, is P(taking at least
   the policies' target: all by default) with the dice chosen battle by
   battle, beside the whole chain's.  */
static int
print_header (const cli_opts_t *o, unsigned long a, const unsigned long *d,
              int k, const ro_chain_t *c, char **argv,
              const ro_rules_t *rules, int custom, const ro_chain_t *by)
{
  cli_num_t all, ball = { NULL, NULL }, un = { NULL, NULL };
  cli_num_t aim = { NULL, NULL };
  cli_values_t v = chain_values (o);
  /* The policies aim at T territories; below K, P(at least T) is shown
     beside P(all).  */
  size_t t = o->scope_target ? (size_t) o->scope_target : (size_t) k;
  int part = by != NULL && t < (size_t) k;
  if (cli_prob_make_hint (&all, c->taken[c->k], o, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (part && num_at_least (&aim, o, c, t, v) != CLI_EXIT_OK)
    {
      cli_num_clear (&all);
      return CLI_EXIT_ERROR;
    }
  if (c->unresolved != NULL)
    {
      mpq_t sum;
      mpq_init (sum);
      for (size_t j = 0; j <= c->k; j++)
        mpq_add (sum, sum, c->unresolved[j]);
      int rc = cli_prob_make_hint (&un, sum, o, v);
      mpq_clear (sum);
      if (rc != CLI_EXIT_OK)
        {
          cli_num_clear (&all);
          cli_num_clear (&aim);
          return rc;
        }
    }
  if (by != NULL && num_at_least (&ball, o, by, t, v) != CLI_EXIT_OK)
    {
      cli_num_clear (&all);
      cli_num_clear (&aim);
      return CLI_EXIT_ERROR;
    }
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("{\"attackers\":%lu,\"defenders\":[", a);
      cli_print_chain (d, (size_t) k, ",");
      printf ("],\"count\":\"%s\",\"rules\":", cli_count_name (o->rules.count));
      cli_print_rules_json (stdout, &o->rules);
      if (custom)
        {
          fputs (",\"territory_rules\":[", stdout);
          for (int i = 0; i < k; i++)
            {
              if (i)
                putchar (',');
              cli_print_rules_json_only (stdout, &rules[i]);
            }
          putchar (']');
        }
      printf (",\"policy_scope\":\"%s\"", o->scope == RO_SCOPE_CHAIN
              ? "chain" : "battle");
      if (o->scope == RO_SCOPE_CHAIN)
        printf (",\"policy_target\":%zu", t);
      cli_print_decimal_json (stdout, o);
      fputs (",\"all\":", stdout);
      cli_num_json (stdout, &all);
      if (c->unresolved != NULL)
        {
          printf (",\"rounds\":%lu,\"unresolved\":", o->rounds);
          cli_num_json (stdout, &un);
        }
      if (part)
        {
          fputs (",\"at_least_target\":", stdout);
          cli_num_json (stdout, &aim);
          fputs (",\"at_least_target_battle_by_battle\":", stdout);
          cli_num_json (stdout, &ball);
        }
      else if (by != NULL)
        {
          fputs (",\"all_battle_by_battle\":", stdout);
          cli_num_json (stdout, &ball);
        }
    }
  else if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_head (stdout, ',');
      fputs ("kind,territories_taken,armies", stdout);
      cli_csv_head (stdout, "", v, ',');
      cli_csv_head (stdout, "at_least", v, ',');
      puts (",defenders");
      if (c->unresolved != NULL)
        {
          cli_csv_edition_field (stdout, ',');
          fputs ("unresolved,,", stdout);
          cli_csv_fields (stdout, &un, v, ',');
          cli_csv_fields (stdout, NULL, v, ',');
          puts (",");
        }
      if (by != NULL)
        {
          cli_csv_edition_field (stdout, ',');
          if (part)
            printf ("at_least_battle_by_battle,%zu,", t);
          else
            printf ("all_battle_by_battle,%d,", k);
          cli_csv_fields (stdout, &ball, v, ',');
          cli_csv_fields (stdout, NULL, v, ',');
          puts (",");
        }
    }
  else
    {
      printf ("Attack with %lu %s (%s) through %d %s holding ", a,
              a == 1 ? "army" : "armies",
              o->rules.count == RO_COUNT_TERRITORY
              ? "on the territory, one stays behind" : "that fight",
              k, k == 1 ? "territory" : "territories");
      print_operands (argv, k, " ");
      puts (";\none army stays in each conquered territory, the others "
            "move on.");
      cli_print_rules_text (stdout, &o->rules);
      for (int i = 0; custom && i < k; i++)
        if (strchr (argv[i], ':') != NULL)
          {
            /* Its own rules, in words: the options' with the rules it
               names changed.  */
            printf ("Territory %d (%lu): ", i + 1, d[i]);
            cli_print_rules_line (stdout, &rules[i]);
          }
      if (c->unresolved != NULL)
        printf ("The attack stops after %lu %s in all at most (taking a "
                "territory and moving on\ntakes none).\n", o->rounds,
                o->rounds == 1 ? "round" : "rounds");
      if (part)
        printf ("--policy-scope chain:%zu: the optimal dice weigh P(taking "
                "at least %zu\n%s), not the P(win) of the battle under way, "
                "until territory %zu\nfalls; each battle after it is fought "
                "for its own P(win).\n", t, t,
                t == 1 ? "territory" : "territories", t);
      else if (by != NULL)
        puts ("--policy-scope chain: the optimal dice weigh P(taking every "
              "territory still\nto fight), not the P(win) of the battle "
              "under way.");
      if (k == 1)
        puts ("\nThe territory taken:");
      else
        printf ("\nAll %d taken:\n", k);
      if (all.exact)
        printf ("  exact    %s\n", all.exact);
      if (all.decimal)
        printf ("  decimal  %s\n", all.decimal);
      if (c->unresolved != NULL)
        printf ("Still fighting when the rounds run out:\n%s%s%s%s%s%s",
                un.exact ? "  exact    " : "", un.exact ? un.exact : "",
                un.exact ? "\n" : "", un.decimal ? "  decimal  " : "",
                un.decimal ? un.decimal : "", un.decimal ? "\n" : "");
      if (part)
        printf ("At least %zu taken (the policies' aim):\n%s%s%s%s%s%s", t,
                aim.exact ? "  exact    " : "", aim.exact ? aim.exact : "",
                aim.exact ? "\n" : "", aim.decimal ? "  decimal  " : "",
                aim.decimal ? aim.decimal : "", aim.decimal ? "\n" : "");
      if (by != NULL)
        printf ("With the dice chosen battle by battle (each for its "
                "battle's own P(win)):\n%s%s%s%s%s",
                ball.exact ? "  exact    " : "", ball.exact ? ball.exact : "",
                ball.exact ? "\n" : "", ball.decimal ? "  decimal  " : "",
                ball.decimal ? ball.decimal : "");
      if (by != NULL && ball.decimal)
        putchar ('\n');
    }
  cli_num_clear (&all);
  cli_num_clear (&un);
  cli_num_clear (&aim);
  if (by != NULL)
    cli_num_clear (&ball);
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
      if ((rc = cli_prob_make_row (&p, c->taken[j], o, v)) != CLI_EXIT_OK)
        break;
      if ((rc = cli_prob_make_row (&at, cum, o, vat)) != CLI_EXIT_OK)
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
          cli_csv_edition_field (stdout, ',');
          printf ("taken,%zu,", j);
          cli_csv_fields (stdout, &p, v, ',');
          cli_csv_fields (stdout, &at, v, ',');
          puts (",");
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
  if (rc == CLI_EXIT_OK)
    cli_rows_note (o);
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
      printf ("\nArmies left in the last territory once it is taken:\n"
              "  %-6s", "armies");
      cli_text_columns (o, head);
    }
  for (size_t i = 0; i < c->n_armies && rc == CLI_EXIT_OK; i++)
    {
      cli_num_t p;
      if ((rc = cli_prob_make_row (&p, c->armies_p[i], o, v))
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
          cli_csv_edition_field (stdout, ',');
          printf ("armies,%zu,%lu", c->k, c->armies[i]);
          cli_csv_fields (stdout, &p, v, ',');
          cli_csv_fields (stdout, NULL, v, ',');
          puts (",0");
        }
      else
        {
          const char *const col[4] = { p.decimal, NULL, p.exact, NULL };
          printf ("  %-6lu", c->armies[i]);
          cli_text_columns (o, col);
        }
      cli_num_clear (&p);
    }
  if (rc == CLI_EXIT_OK)
    cli_rows_note (o);
  if (o->format == CLI_FORMAT_JSON)
    fputc (']', stdout);
  return rc;
}

/* Where the attack stops: the territory that held (numbered from 1)
   and its defenders left, with the attacker's armies left when --stop
   can leave him more than the one behind; with --rounds, also where
   he is still fighting when the rounds run out (CSV kind "fighting").  */
static int
print_stops (const cli_opts_t *o, const ro_chain_t *c)
{
  int rc = CLI_EXIT_OK;
  cli_values_t v = chain_values (o);
  int rounds = c->unresolved != NULL;
  int stop = o->rules.stop != 0 || rounds;
  if (o->format == CLI_FORMAT_JSON)
    fputs (",\"stops\":[", stdout);
  else if (o->format == CLI_FORMAT_TEXT)
    {
      const char *const head[4] = {
        v & CLI_VALUES_DECIMAL ? "probability" : NULL, NULL,
        v & CLI_VALUES_EXACT ? "exact" : NULL, NULL
      };
      printf ("\nWhere the attack stops (the territory that holds, its "
              "defenders left%s%s):\n  %-10s%-10s%s%s",
              stop ? ", the attacker's armies left" : "",
              rounds ? ";\n'fighting': the rounds ran out with that "
              "territory still fought for" : "", "territory", "defenders",
              stop ? "attackers " : "", rounds ? "state    " : "");
      cli_text_columns (o, head);
    }
  for (size_t i = 0; i < c->n_stops && rc == CLI_EXIT_OK; i++)
    {
      const ro_chain_stop_t *e = &c->stop[i];
      cli_num_t p;
      if ((rc = cli_prob_make_row (&p, e->p, o, v)) != CLI_EXIT_OK)
        break;
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"territory\":%zu,\"defenders\":%lu,"
                  "\"attackers\":%lu,", i ? "," : "", e->territory + 1,
                  e->defenders, e->attackers);
          if (rounds)
            printf ("\"unresolved\":%s,", e->unresolved ? "true" : "false");
          cli_num_json_keys (stdout, &p);
          putchar ('}');
        }
      else if (o->format == CLI_FORMAT_CSV)
        {
          cli_csv_edition_field (stdout, ',');
          printf ("%s,%zu,%lu", e->unresolved ? "fighting" : "stop",
                  e->territory, e->attackers);
          cli_csv_fields (stdout, &p, v, ',');
          cli_csv_fields (stdout, NULL, v, ',');
          printf (",%lu\n", e->defenders);
        }
      else
        {
          const char *const col[4] = { p.decimal, NULL, p.exact, NULL };
          printf ("  %-10zu%-10lu", e->territory + 1, e->defenders);
          if (stop)
            printf ("%-10lu", e->attackers);
          if (rounds)
            printf ("%-9s", e->unresolved ? "fighting" : "holds");
          cli_text_columns (o, col);
        }
      cli_num_clear (&p);
    }
  if (rc == CLI_EXIT_OK)
    cli_rows_note (o);
  if (o->format == CLI_FORMAT_JSON)
    fputc (']', stdout);
  return rc;
}

/* --stats of a chain: the expected territories taken and armies lost,
   with their variances.  CSV prints them alone, as a battle's.  */
static int
print_stats (const cli_opts_t *o, unsigned long a, const unsigned long *d,
             int k, const ro_chain_t *c)
{
  static const char *const name[3] = {
    "territories_taken", "attackers_lost", "defenders_lost"
  };
  ro_chain_stats_t st;
  ro_chain_stats_init (&st);
  int rc = ro_chain_stats (&st, c, &o->rules, a, d) == RO_OK
    ? CLI_EXIT_OK : cli_error ("%s", ro_strerror (RO_EINVAL));
  const mpq_t *mean[3] = { &st.taken, &st.attackers_lost,
    &st.defenders_lost
  };
  const mpq_t *var[3] = { &st.taken_var, &st.attackers_lost_var,
    &st.defenders_lost_var
  };
  cli_values_t kinds = cli_values (o, o->format == CLI_FORMAT_TEXT
                                   ? CLI_VALUES_DECIMAL : CLI_VALUES_BOTH);
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_head (stdout, ',');
      fputs ("attackers,defenders,count,quantity", stdout);
      cli_csv_head (stdout, "mean", kinds, ',');
      cli_csv_head (stdout, "variance", kinds, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    fputs (",\"stats\":{", stdout);
  else
    printf ("\nExpected (armies lost: killed by the dice, not those left "
            "behind%s):\n  %-18s %-*s %s\n",
            kinds == CLI_VALUES_EXACT ? ""
            : ";\nfractions with --format csv or json", "quantity",
            CLI_DECIMAL_WIDTH (o), "mean", "variance");
  for (int q = 0; q < 3 && rc == CLI_EXIT_OK; q++)
    {
      cli_num_t m, v;
      if ((rc = cli_value_make (&m, *mean[q], o, kinds))
          != CLI_EXIT_OK)
        break;
      if ((rc = cli_value_make (&v, *var[q], o, kinds))
          != CLI_EXIT_OK)
        {
          cli_num_clear (&m);
          break;
        }
      if (o->format == CLI_FORMAT_CSV)
        {
          cli_csv_edition_field (stdout, ',');
          printf ("%lu,", a);
          cli_print_chain (d, (size_t) k, " ");
          printf (",%s,%s", cli_count_name (o->rules.count), name[q]);
          cli_csv_fields (stdout, &m, kinds, ',');
          cli_csv_fields (stdout, &v, kinds, ',');
          putchar ('\n');
        }
      else if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s\"%s\":{\"mean\":", q ? "," : "", name[q]);
          cli_num_json (stdout, &m);
          fputs (",\"variance\":", stdout);
          cli_num_json (stdout, &v);
          putchar ('}');
        }
      else
        printf ("  %-18s %-*s %s\n", name[q], CLI_DECIMAL_WIDTH (o),
                m.decimal ? m.decimal : m.exact,
                v.decimal ? v.decimal : v.exact);
      cli_num_clear (&m);
      cli_num_clear (&v);
    }
  if (o->format == CLI_FORMAT_JSON)
    putchar ('}');
  ro_chain_stats_clear (&st);
  return rc;
}

/* Whether a territory's rules make its choices depend on P(win).  */
static int
optimizing_rules (const ro_rules_t *r)
{
  return r->defender == RO_DEFENDER_OPTIMAL
    || r->attacker == RO_ATTACKER_OPTIMAL;
}

/* A chain of --rounds is refused up front when its forward pass would
   not fit in --max-memory.  */
static int
check_rounds_memory (const cli_opts_t *o, unsigned long a,
                     const unsigned long *d, const ro_rules_t *rules, int k)
{
  double need;
  int lrc = ro_chain_rounds_memory (&need, rules, a, d, (size_t) k,
                                    o->rounds);
  if (lrc != RO_OK)
    return cli_error ("%s", ro_strerror (lrc));
  char what[64];
  snprintf (what, sizeof what, "a chain of %lu rounds", o->rounds);
  return cli_check_need (o, need, what);
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
  if (rc == CLI_EXIT_OK && o->scope_target > (unsigned long) argc - 1)
    rc = cli_usage_error ("--policy-scope chain:%lu: the chain has %d %s, "
                          "fewer than %lu", o->scope_target, argc - 1,
                          argc == 2 ? "territory" : "territories",
                          o->scope_target);
  if (rc != CLI_EXIT_OK)
    return rc;
  int k = argc - 1, custom;
  /* The policies aim at the first T territories.  */
  int t = o->scope_target ? (int) o->scope_target : k;
  unsigned long *d = NULL, dmax = 0;
  ro_rules_t *rules = NULL;
  rc = parse_territories (o, k, argv + 1, &d, &rules, &custom);
  for (int i = 0; i < k && rc == CLI_EXIT_OK; i++)
    {
      dmax = d[i] > dmax ? d[i] : dmax;
      cli_opts_t t = *o;
      t.rules = rules[i];
      /* The rules only: the memory is the whole chain's, below.  */
      t.max_memory = HUGE_VAL;
      if (!o->rounds)
        rc = cli_check_plan_memory (&t, a, d[i]);
      else if (optimizing_rules (&rules[i]))
        rc = cli_usage_error ("--rounds does not apply to an optimal "
                              "policy (its choices depend on the unlimited "
                              "battle's P(win)): territory %d", i + 1);
    }
  if (rc == CLI_EXIT_OK && o->rounds)
    rc = check_rounds_memory (o, a, d, rules, k);

  /* The whole chain's policies are compared with the battles' own.  */
  int compare = 0;
  for (int i = 0; i < t && rc == CLI_EXIT_OK; i++)
    compare |= o->scope == RO_SCOPE_CHAIN
      && (rules[i].attacker == RO_ATTACKER_OPTIMAL
          || rules[i].defender == RO_DEFENDER_OPTIMAL);
  /* The chain's seeds, engines and fractions (the whole chain's plans
     all alive at once); compared, the battles' own chain runs after it
     while its result is kept, fractions of no more than half of what
     the second chain's estimate counts (both arrays of seeds and the
     final fractions).  */
  if (rc == CLI_EXIT_OK && !o->rounds)
    {
      double need = 0, by = 0;
      int lrc = ro_chain_memory (&need, rules, a, d, (size_t) k, o->scope);
      if (lrc == RO_OK && compare)
        lrc = ro_chain_memory (&by, rules, a, d, (size_t) k,
                               RO_SCOPE_BATTLE);
      if (lrc == RO_OK)
        rc = cli_check_need (o, fmax (need, 1.5 * by), "the chain");
    }
  ro_chain_t c, by;
  ro_chain_init (&c);
  ro_chain_init (&by);
  if (rc == CLI_EXIT_OK)
    {
      int lrc = o->rounds
        ? ro_chain_rounds (&c, rules, a, d, (size_t) k, o->rounds)
        : ro_chain_scope_target (&c, rules, a, d, (size_t) k, o->scope,
                                 (size_t) t);
      if (lrc == RO_OK && compare)
        lrc = ro_chain_rules (&by, rules, a, d, (size_t) k);
      if (lrc == RO_EINVAL && o->scope == RO_SCOPE_CHAIN)
        rc = cli_error ("--policy-scope chain needs dice of the same "
                        "sides in every territory");
      else if (lrc != RO_OK)
        rc = cli_error ("%s", ro_strerror (lrc));
    }
  int stats_only = o->stats && o->format == CLI_FORMAT_CSV;
  if (rc == CLI_EXIT_OK && !stats_only)
    rc = print_header (o, a, d, k, &c, argv + 1, rules, custom,
                       compare ? &by : NULL);
  if (rc == CLI_EXIT_OK && !stats_only)
    rc = print_taken (o, &c);
  if (rc == CLI_EXIT_OK && !stats_only)
    rc = print_armies (o, &c);
  if (rc == CLI_EXIT_OK && !stats_only)
    rc = print_stops (o, &c);
  if (rc == CLI_EXIT_OK && o->stats)
    rc = print_stats (o, a, d, k, &c);
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    puts ("}");
  ro_chain_clear (&c);
  ro_chain_clear (&by);
  free (d);
  free (rules);
  return rc;
}
