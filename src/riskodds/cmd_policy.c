/* cmd_policy.c -- riskodds policy A D: the dice choices, state by state */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The choices of the policies asked for (by default both optimal) in
   every state of the battle A against D, and P(win) of the battle under
   each pair of policies.  */
typedef struct
{
  const cli_opts_t *o;
  ro_rules_t rules;
  unsigned long a, d;
  ro_plan_t plan;
  ro_rolls_t rolls[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  mpq_t win[3][2];              /* [defender][attacker] */
} policy_t;

static const ro_defender_t defenders[3] = {
  RO_DEFENDER_MAX, RO_DEFENDER_WIERINGA, RO_DEFENDER_OPTIMAL
};
static const ro_attacker_t attackers[2] = {
  RO_ATTACKER_MAX, RO_ATTACKER_OPTIMAL
};

static void
policy_init (policy_t *p, const cli_opts_t *o, unsigned long a,
             unsigned long d)
{
  p->o = o;
  p->rules = o->rules;
  if (!(o->policy_given & 1))
    p->rules.defender = RO_DEFENDER_OPTIMAL;
  if (!(o->policy_given & 2))
    p->rules.attacker = RO_ATTACKER_OPTIMAL;
  p->a = a;
  p->d = d;
  ro_plan_init (&p->plan);
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      ro_rolls_init (&p->rolls[na][nd]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      mpq_init (p->win[i][j]);
}

static void
policy_clear (policy_t *p)
{
  ro_plan_clear (&p->plan);
  for (unsigned na = 0; na <= RO_DICE_MAX; na++)
    for (unsigned nd = 0; nd <= RO_DICE_MAX; nd++)
      ro_rolls_clear (&p->rolls[na][nd]);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      mpq_clear (p->win[i][j]);
}

/* The time of a battle under each pair of policies, about, in units of
   the plain recursion's: measured at 300 against 300 (the plan of a
   pair costs as much as its battle).  For the progress meter.  */
static const double policy_cost[3][2] = { {1, 4}, {2, 5.5}, {19, 42} };

static double
rules_cost (const ro_rules_t *r)
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      if (r->defender == defenders[i] && r->attacker == attackers[j])
        return policy_cost[i][j];
  return policy_cost[2][1];
}

/* The plan, the roll classes it answers, and the six values: one run
   for the progress meter.  */
static int
policy_solve (policy_t *p)
{
  double total = rules_cost (&p->rules), lo = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      total += policy_cost[i][j];
  cli_meter_part (0, rules_cost (&p->rules) / total);
  lo = rules_cost (&p->rules);
  int rc = ro_plan_solve (&p->plan, &p->rules, p->a, p->d);
  for (unsigned na = 1; na <= p->rules.attack_dice && rc == RO_OK; na++)
    for (unsigned nd = 2; nd <= p->rules.defend_dice && rc == RO_OK; nd++)
      if (p->rules.defender != RO_DEFENDER_MAX)
        rc = ro_rolls (&p->rolls[na][nd], &p->rules, na, nd);
  for (int i = 0; i < 3 && rc == RO_OK; i++)
    for (int j = 0; j < 2 && rc == RO_OK; j++)
      {
        ro_rules_t r = p->rules;
        r.defender = defenders[i];
        r.attacker = attackers[j];
        cli_meter_part (lo / total, policy_cost[i][j] / total);
        lo += policy_cost[i][j];
        rc = ro_battle_win (p->win[i][j], &r, p->a, p->d);
      }
  cli_meter_end ();
  if (rc != RO_OK)
    return cli_error ("%lu against %lu: %s", p->a, p->d, ro_strerror (rc));
  return CLI_EXIT_OK;
}

/* The plan stays alive while the battle is fought under each pair of
   policies: refuse when the plan and the largest of those battles would
   not fit (the plan's estimate alone measured below the run: 3.1 MiB
   for 3.6 MiB at 300 v 300).  */
static int
check_policy_memory (const cli_opts_t *o, const ro_rules_t *rules,
                     unsigned long a, unsigned long d)
{
  double plan, most = 0, one;
  int lrc = ro_plan_memory (&plan, rules, a, d);
  for (int i = 0; i < 3 && lrc == RO_OK; i++)
    for (int j = 0; j < 2 && lrc == RO_OK; j++)
      {
        ro_rules_t r = *rules;
        r.defender = defenders[i];
        r.attacker = attackers[j];
        lrc = ro_battle_memory (&one, &r, a, d);
        most = one > most ? one : most;
      }
  if (lrc != RO_OK)
    return cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  char what[64];
  snprintf (what, sizeof what, "%lu against %lu", a, d);
  return cli_check_need (o, plan + most, what);
}

/* One roll class in a state: its dice, weight and the two answers.  */
typedef struct
{
  const unsigned char *top;
  unsigned shown;
  unsigned long weight;
  unsigned dice, wieringa;
} answer_t;

static void
answer_get (answer_t *x, const policy_t *p, const ro_choice_t *c,
            unsigned long a, unsigned long d, size_t i)
{
  const ro_rolls_t *r = &p->rolls[c->attack_dice][c->most_defend_dice];
  x->shown = r->shown;
  x->top = r->top + i * r->shown;
  x->weight = r->weight[i];
  x->dice = ro_plan_defend_dice (&p->plan, a, d, i);
  x->wieringa = ro_wieringa_dice (&p->rules, c->attack_dice, x->top, d);
}

/* Whether state (A, D) has defender answers to show: he may choose and
   some roll is answered with fewer dice, by him or by Wieringa.  */
static int
has_answers (const policy_t *p, const ro_choice_t *c, unsigned long a,
             unsigned long d)
{
  if (c->attack_dice == 0 || c->most_defend_dice < 2
      || p->rules.defender == RO_DEFENDER_MAX)
    return 0;
  for (size_t i = 0; i < c->rolls; i++)
    {
      answer_t x;
      answer_get (&x, p, c, a, d, i);
      if (x.dice < c->most_defend_dice || x.wieringa < c->most_defend_dice)
        return 1;
    }
  return 0;
}

/* The first attack count of the plan: 1 in the territory count.  */
static unsigned long
first_a (const policy_t *p)
{
  return p->rules.count == RO_COUNT_TERRITORY;
}

/* A roll's dice, "65" for dice of one digit, "10-9" otherwise, with
   ":N" when the defender may roll more than two dice.  */
static void
print_roll (FILE *out, const policy_t *p, const answer_t *x, unsigned n,
            unsigned most)
{
  for (unsigned j = 0; j < x->shown; j++)
    fprintf (out, "%s%u", j > 0 && p->rules.attack_sides > 9 ? "-" : "",
             x->top[j]);
  if (most > 2)
    fprintf (out, ":%u", n);
}

/* ------------------------------------------------------------------ */
/* Text                                                               */

static int
text_wins (const policy_t *p)
{
  const cli_opts_t *o = p->o;
  int w = CLI_DECIMAL_WIDTH (o);
  printf ("\nP(attacker wins) under each pair of policies, and the change "
          "from both sides\nrolling the most dice ('*': the policies "
          "below):\n  %-9s %-9s %-*s  %s\n", "defender", "attacker", w,
          "P(win)", "change");
  mpq_t change;
  mpq_init (change);
  int rc = CLI_EXIT_OK;
  for (int i = 0; i < 3 && rc == CLI_EXIT_OK; i++)
    for (int j = 0; j < 2 && rc == CLI_EXIT_OK; j++)
      {
        /* Decimals, or fractions with --values exact (one value per
           cell: cmd_policy refuses both).  */
        int exact = o->values == CLI_VALUES_EXACT;
        char *v = exact ? cli_fraction (p->win[i][j])
          : cli_decimal (p->win[i][j], o->digits);
        mpq_sub (change, p->win[i][j], p->win[0][0]);
        char *c = exact ? cli_fraction (change)
          : cli_decimal (change, o->digits);
        if (v == NULL || c == NULL)
          rc = CLI_EXIT_ERROR;
        else
          printf ("%c %-9s %-9s %-*s  %s\n",
                  defenders[i] == p->rules.defender
                  && attackers[j] == p->rules.attacker ? '*' : ' ',
                  cli_defender_name (defenders[i]),
                  cli_attacker_name (attackers[j]), w, v, c);
        free (v);
        free (c);
      }
  mpq_clear (change);
  return rc;
}

/* Whether state (A, D) is one where the attacker may choose (*CHOICE),
   and whether he rolls fewer dice than he may there.  */
static int
attacker_choice (const policy_t *p, unsigned long a, unsigned long d,
                 int *fewer)
{
  ro_choice_t c;
  ro_plan_choice (&c, &p->plan, a, d);
  *fewer = c.attack_dice < c.most_attack_dice;
  return c.attack_dice != 0 && c.most_attack_dice >= 2;
}

static void
text_attacker (const policy_t *p)
{
  if (p->rules.attacker == RO_ATTACKER_MAX)
    {
      puts ("The attacker (max) always rolls the most dice he may.");
      return;
    }
  unsigned long states = 0, fewer = 0;
  int f;
  for (unsigned long a = first_a (p); a <= p->a; a++)
    for (unsigned long d = 1; d <= p->d; d++)
      if (attacker_choice (p, a, d, &f))
        {
          states++;
          fewer += f;
        }
  printf ("The attacker (%s) rolls fewer than the most dice in %lu of the "
          "%lu states\nwhere he has a choice%s\n",
          cli_attacker_name (p->rules.attacker), fewer, states,
          fewer ? ":" : ".");
  if (fewer == 0)
    return;
  printf ("%5s %5s  %4s  %4s\n", "A", "D", "dice", "most");
  for (unsigned long a = first_a (p); a <= p->a; a++)
    for (unsigned long d = 1; d <= p->d; d++)
      if (attacker_choice (p, a, d, &f) && f)
        {
          ro_choice_t c;
          ro_plan_choice (&c, &p->plan, a, d);
          printf ("%5lu %5lu  %4u  %4u\n", a, d, c.attack_dice,
                  c.most_attack_dice);
        }
}

/* The rolls of state (A, D) answered with fewer dice, then those that
   Wieringa answers differently, with his number of dice.  */
static void
text_state (const policy_t *p, const ro_choice_t *c, unsigned long a,
            unsigned long d)
{
  unsigned most = c->most_defend_dice;
  printf ("%5lu %5lu  %u v %u ", a, d, c->attack_dice, most);
  for (size_t i = 0; i < c->rolls; i++)
    {
      answer_t x;
      answer_get (&x, p, c, a, d, i);
      if (x.dice < most)
        {
          putchar (' ');
          print_roll (stdout, p, &x, x.dice, most);
        }
    }
  if (p->rules.defender != RO_DEFENDER_OPTIMAL)
    {
      putchar ('\n');
      return;
    }
  fputs ("  |", stdout);
  int any = 0;
  for (size_t i = 0; i < c->rolls; i++)
    {
      answer_t x;
      answer_get (&x, p, c, a, d, i);
      if (x.dice != x.wieringa)
        {
          putchar (' ');
          print_roll (stdout, p, &x, x.wieringa, 3);  /* always ":N" */
          any = 1;
        }
    }
  puts (any ? "" : " -");
}

static void
text_defender (const policy_t *p)
{
  if (p->rules.defender == RO_DEFENDER_MAX)
    {
      puts ("The defender (max) always rolls the most dice he may.");
      return;
    }
  printf ("The defender's answers (%s): in each state A v D where he has "
          "a choice, the\nattack rolls he answers with fewer dice than he "
          "may roll, by the attacker's\nhighest dice, the only ones that "
          "matter", cli_defender_name (p->rules.defender));
  if (p->rules.defend_dice > 2)
    fputs (" (':N': with N dice)", stdout);
  if (p->rules.defender == RO_DEFENDER_OPTIMAL)
    fputs ("; after '|', the rolls\nWieringa's rules answer differently, "
           "and with how many dice", stdout);
  puts (".");
  printf ("%5s %5s  %-5s  %s\n", "A", "D", "dice", "answered with fewer "
          "dice");
  unsigned long shown = 0;
  for (unsigned long a = first_a (p); a <= p->a; a++)
    for (unsigned long d = 2; d <= p->d; d++)
      {
        ro_choice_t c;
        ro_plan_choice (&c, &p->plan, a, d);
        if (!has_answers (p, &c, a, d))
          continue;
        shown++;
        text_state (p, &c, a, d);
      }
  if (shown == 0)
    puts ("  (none: he rolls the most dice against every roll)");
}

static int
print_text (const policy_t *p)
{
  const ro_rules_t *r = &p->rules;
  printf ("Dice choices in every state of the battle %lu against %lu.\n",
          p->a, p->d);
  cli_print_rules_text (stdout, r);
  cli_print_count_text (stdout, r);
  if (r->defender == RO_DEFENDER_MAX)
    puts ("The defender rolls the most dice he may.");
  if (r->attacker == RO_ATTACKER_MAX)
    puts ("The attacker rolls the most dice he may.");
  int rc = text_wins (p);
  if (rc != CLI_EXIT_OK)
    return rc;
  putchar ('\n');
  text_attacker (p);
  putchar ('\n');
  text_defender (p);
  return CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* CSV and JSON                                                       */

static void
csv_roll (const policy_t *p, const answer_t *x)
{
  (void) p;
  for (unsigned j = 0; j < x->shown; j++)
    printf ("%s%u", j > 0 ? " " : "", x->top[j]);
}

/* One table: a row per state where the attacker rolls fewer dice, and
   a row per roll answered with fewer dice (by the policy or by
   Wieringa's rules).  */
static void
print_csv (const policy_t *p)
{
  cli_csv_edition_head (stdout, ',');
  puts ("side,attackers,defenders,attack_dice,most_attack_dice,"
        "most_defend_dice,roll,weight,defend_dice,wieringa_dice");
  for (unsigned long a = first_a (p); a <= p->a; a++)
    for (unsigned long d = 1; d <= p->d; d++)
      {
        ro_choice_t c;
        ro_plan_choice (&c, &p->plan, a, d);
        if (c.attack_dice == 0)
          continue;
        if (c.attack_dice < c.most_attack_dice)
          cli_csv_edition_field (stdout, ',');
        if (c.attack_dice < c.most_attack_dice)
          printf ("attacker,%lu,%lu,%u,%u,%u,,,,\n", a, d, c.attack_dice,
                  c.most_attack_dice, c.most_defend_dice);
        if (!has_answers (p, &c, a, d))
          continue;
        for (size_t i = 0; i < c.rolls; i++)
          {
            answer_t x;
            answer_get (&x, p, &c, a, d, i);
            if (x.dice == c.most_defend_dice
                && x.wieringa == c.most_defend_dice)
              continue;
            cli_csv_edition_field (stdout, ',');
            printf ("defender,%lu,%lu,%u,%u,%u,", a, d, c.attack_dice,
                    c.most_attack_dice, c.most_defend_dice);
            csv_roll (p, &x);
            printf (",%lu,%u,%u\n", x.weight, x.dice, x.wieringa);
          }
      }
}

static int
json_wins (const policy_t *p)
{
  mpq_t change;
  mpq_init (change);
  int rc = CLI_EXIT_OK;
  fputs ("\"win\":[", stdout);
  for (int i = 0; i < 3 && rc == CLI_EXIT_OK; i++)
    for (int j = 0; j < 2 && rc == CLI_EXIT_OK; j++)
      {
        cli_num_t v, c;
        cli_values_t kinds = cli_values (p->o, CLI_VALUES_BOTH);
        mpq_sub (change, p->win[i][j], p->win[0][0]);
        rc = cli_num_make (&v, p->win[i][j], p->o->digits, kinds);
        if (rc != CLI_EXIT_OK)
          break;
        rc = cli_num_make (&c, change, p->o->digits, kinds);
        if (rc == CLI_EXIT_OK)
          {
            printf ("%s{\"defender\":\"%s\",\"attacker\":\"%s\","
                    "\"win\":", i + j > 0 ? "," : "",
                    cli_defender_name (defenders[i]),
                    cli_attacker_name (attackers[j]));
            cli_num_json (stdout, &v);
            fputs (",\"change\":", stdout);
            cli_num_json (stdout, &c);
            putchar ('}');
            cli_num_clear (&c);
          }
        cli_num_clear (&v);
      }
  fputs ("]", stdout);
  mpq_clear (change);
  return rc;
}

static void
json_state (const policy_t *p, const ro_choice_t *c, unsigned long a,
            unsigned long d, int first)
{
  printf ("%s{\"attackers\":%lu,\"defenders\":%lu,\"attack_dice\":%u,"
          "\"most_attack_dice\":%u,\"most_defend_dice\":%u,\"rolls\":[",
          first ? "" : ",", a, d, c->attack_dice, c->most_attack_dice,
          c->most_defend_dice);
  int n = 0;
  size_t rolls = has_answers (p, c, a, d) ? c->rolls : 0;
  for (size_t i = 0; i < rolls; i++)
    {
      answer_t x;
      answer_get (&x, p, c, a, d, i);
      if (x.dice == c->most_defend_dice && x.wieringa == c->most_defend_dice)
        continue;
      printf ("%s{\"roll\":[", n++ ? "," : "");
      for (unsigned j = 0; j < x.shown; j++)
        printf ("%s%u", j ? "," : "", x.top[j]);
      printf ("],\"weight\":%lu,\"defend_dice\":%u,\"wieringa_dice\":%u}",
              x.weight, x.dice, x.wieringa);
    }
  fputs ("]}", stdout);
}

static int
print_json (const policy_t *p)
{
  printf ("{\"attackers\":%lu,\"defenders\":%lu,\"count\":\"%s\","
          "\"rules\":", p->a, p->d, cli_count_name (p->rules.count));
  cli_print_rules_json (stdout, &p->rules);
  printf (",\"digits\":%lu,", p->o->digits);
  int rc = json_wins (p);
  if (rc != CLI_EXIT_OK)
    return rc;
  fputs (",\"states\":[", stdout);
  int first = 1;
  for (unsigned long a = first_a (p); a <= p->a; a++)
    for (unsigned long d = 1; d <= p->d; d++)
      {
        ro_choice_t c;
        ro_plan_choice (&c, &p->plan, a, d);
        if (c.attack_dice == 0 || (c.attack_dice == c.most_attack_dice
                                   && !has_answers (p, &c, a, d)))
          continue;
        json_state (p, &c, a, d, first);
        first = 0;
      }
  puts ("]}");
  return CLI_EXIT_OK;
}

int
cmd_policy (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, d;
  int rc = cli_parse_battle (o, argc, argv, &a, &d);
  if (rc == CLI_EXIT_OK && o->values && o->format == CLI_FORMAT_CSV)
    rc = cli_usage_error ("--values: policy's CSV holds the choices, no "
                          "probabilities (P(win) is in the text and JSON)");
  if (rc == CLI_EXIT_OK && o->values == CLI_VALUES_BOTH
      && o->format == CLI_FORMAT_TEXT)
    rc = cli_usage_error ("--values both needs --format json: the text of "
                          "'policy' shows one value per cell");
  if (rc != CLI_EXIT_OK)
    return rc;
  policy_t p;
  policy_init (&p, o, a, d);
  cli_opts_t checked = *o;
  checked.rules = p.rules;
  rc = cli_check_plan_memory (&checked, a, d);
  if (rc == CLI_EXIT_OK)
    rc = check_policy_memory (o, &p.rules, a, d);
  if (rc == CLI_EXIT_OK)
    rc = policy_solve (&p);
  if (rc == CLI_EXIT_OK)
    {
      if (o->format == CLI_FORMAT_CSV)
        print_csv (&p);
      else if (o->format == CLI_FORMAT_JSON)
        rc = print_json (&p);
      else
        rc = print_text (&p);
    }
  policy_clear (&p);
  return rc;
}
