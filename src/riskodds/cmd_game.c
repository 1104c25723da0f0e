/* cmd_game.c -- riskodds game: the one-round game matrix and its saddle point */

#include <config.h>

#include <stdlib.h>

#include "cli.h"

/* The summary of the game on one scale: the game value v at the saddle,
   p = 1/2 + v/2 and the force ratio (1 - p) / p.  */
typedef struct
{
  cli_num_t v, p, ratio;
} model_text_t;

/* The model of game value V, P and RATIO (RATIO only when FINITE), as
   text.  */
static int
model_init (model_text_t *m, const mpq_t v, const mpq_t p, const mpq_t ratio,
            int finite, const cli_opts_t *o)
{
  cli_values_t kinds = cli_values (o, CLI_VALUES_BOTH);
  m->ratio.exact = m->ratio.decimal = NULL;
  int rc = cli_num_make (&m->v, v, o->digits, kinds);
  if (rc == CLI_EXIT_OK
      && (rc = cli_num_make (&m->p, p, o->digits, kinds)) != 0)
    cli_num_clear (&m->v);
  if (rc == CLI_EXIT_OK && finite
      && (rc = cli_num_make (&m->ratio, ratio, o->digits, kinds)) != 0)
    {
      cli_num_clear (&m->v);
      cli_num_clear (&m->p);
    }
  return rc;
}

/* The same model from risk3.m's gv, on Georgiou's scale.  */
static int
georgiou_model_init (model_text_t *m, const mpq_t gv, const cli_opts_t *o)
{
  mpq_t p, ratio;
  mpq_inits (p, ratio, (mpq_ptr) 0);
  int finite = ro_game_model (p, ratio, gv);
  int rc = model_init (m, gv, p, ratio, finite, o);
  mpq_clears (p, ratio, (mpq_ptr) 0);
  return rc;
}

static void
model_clear (model_text_t *m)
{
  cli_num_clear (&m->v);
  cli_num_clear (&m->p);
  cli_num_clear (&m->ratio);
}

/* A line of the text: LABEL, then N's fraction and decimal.  */
static void
print_line (const char *label, const cli_num_t *n)
{
  fputs (label, stdout);
  cli_text_pair (stdout, n, 24, 0);
  putchar ('\n');
}

static void
print_model_text (const char *title, const model_text_t *m)
{
  if (title != NULL)
    printf ("%s\n", title);
  print_line ("  game value v           ", &m->v);
  print_line ("  p = 1/2 + v/2          ", &m->p);
  if (cli_num_has (&m->ratio))
    print_line ("  force ratio (1-p)/p    ", &m->ratio);
  else
    puts ("  force ratio (1-p)/p    none: p = 0, no force wins");
}

static void
print_model_json (const char *key, const model_text_t *m)
{
  printf (",\"%s\":{\"value\":", key);
  cli_num_json (stdout, &m->v);
  fputs (",\"p\":", stdout);
  cli_num_json (stdout, &m->p);
  fputs (",\"force_ratio\":", stdout);
  if (cli_num_has (&m->ratio))
    cli_num_json (stdout, &m->ratio);
  else
    fputs ("null", stdout);
  fputc ('}', stdout);
}

/* One cell, in the chosen format.  */
static int
print_cell (const cli_opts_t *o, const ro_game_cell_t *c, int first)
{
  cli_num_t net, val, geo = { NULL, NULL };
  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  if (cli_num_make (&net, c->net, o->digits, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_num_make (&val, c->value, o->digits, v) != CLI_EXIT_OK
      || (c->has_georgiou
          && cli_num_make (&geo, c->georgiou, o->digits, v) != CLI_EXIT_OK))
    {
      cli_num_clear (&net);
      cli_num_clear (&val);
      return CLI_EXIT_ERROR;
    }
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_field (stdout, ',');
      printf ("%u,%u,%u", c->attack_dice, c->defend_dice, c->comparisons);
      cli_csv_fields (stdout, &net, v, ',');
      cli_csv_fields (stdout, &val, v, ',');
      cli_csv_fields (stdout, c->has_georgiou ? &geo : NULL, v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"attack_dice\":%u,\"defend_dice\":%u,\"comparisons\":%u,"
              "\"net\":", first ? "" : ",", c->attack_dice, c->defend_dice,
              c->comparisons);
      cli_num_json (stdout, &net);
      fputs (",\"value\":", stdout);
      cli_num_json (stdout, &val);
      fputs (",\"georgiou\":", stdout);
      if (c->has_georgiou)
        cli_num_json (stdout, &geo);
      else
        fputs ("null", stdout);
      fputc ('}', stdout);
    }
  else
    {
      printf ("%u v %u (%u comparison%s)\n", c->attack_dice, c->defend_dice,
              c->comparisons, c->comparisons == 1 ? "" : "s");
      print_line ("  net per round          ", &net);
      print_line ("  value per comparison   ", &val);
      if (c->has_georgiou)
        print_line ("  Georgiou's gv          ", &geo);
    }
  cli_num_clear (&net);
  cli_num_clear (&val);
  cli_num_clear (&geo);
  return CLI_EXIT_OK;
}

static void
print_header (const cli_opts_t *o)
{
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
      cli_csv_edition_head (stdout, ',');
      fputs ("attack_dice,defend_dice,comparisons", stdout);
      cli_csv_head (stdout, "net", v, ',');
      cli_csv_head (stdout, "value", v, ',');
      cli_csv_head (stdout, "georgiou", v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"digits\":%lu,\"cells\":[", o->digits);
    }
  else
    {
      fputs ("The one-round game (Georgiou): the attacker chooses the attack "
             "dice, the\ndefender the defence dice.  net: expected armies "
             "the defender loses minus\nthose the attacker loses in one "
             "round; value: net per comparison, the\nsame scale in every "
             "cell; Georgiou's gv: risk3.m's figure, equal to value\nwith "
             "one comparison but half of it with two.\n", stdout);
      cli_print_rules_text (stdout, &o->rules);
      fputc ('\n', stdout);
    }
}

/* The saddle point and the model on both scales.  */
static int
print_summary (const cli_opts_t *o, const ro_game_t *g)
{
  model_text_t mine, his;
  int saddle = g->has_saddle;
  const ro_game_cell_t *c = saddle
    ? &g->cell[g->saddle_attack - 1][g->saddle_defend - 1] : NULL;
  int his_ok = g->has_georgiou_value;
  cli_num_t lo, hi;

  cli_values_t v = cli_values (o, CLI_VALUES_BOTH);
  if (cli_num_make (&lo, g->maximin, o->digits, v) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_num_make (&hi, g->minimax, o->digits, v) != CLI_EXIT_OK)
    {
      cli_num_clear (&lo);
      return CLI_EXIT_ERROR;
    }
  if (saddle && model_init (&mine, c->value, g->p, g->force_ratio,
                            g->has_force_ratio, o) != CLI_EXIT_OK)
    saddle = his_ok = 0;
  if (his_ok && georgiou_model_init (&his, g->georgiou_value, o)
      != CLI_EXIT_OK)
    his_ok = 0;

  if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("],\"maximin\":", stdout);
      cli_num_json (stdout, &lo);
      fputs (",\"minimax\":", stdout);
      cli_num_json (stdout, &hi);
      if (saddle)
        {
          printf (",\"saddle\":{\"attack_dice\":%u,\"defend_dice\":%u}",
                  g->saddle_attack, g->saddle_defend);
          print_model_json ("model", &mine);
        }
      else
        fputs (",\"saddle\":null,\"model\":null", stdout);
      if (his_ok)
        {
          print_model_json ("georgiou_model", &his);
          printf (",\"georgiou_cell\":{\"attack_dice\":%u,"
                  "\"defend_dice\":%u}", g->georgiou_attack,
                  g->georgiou_defend);
        }
      else
        fputs (",\"georgiou_model\":null,\"georgiou_cell\":null", stdout);
      fputs ("}\n", stdout);
    }
  else if (o->format == CLI_FORMAT_TEXT)
    {
      print_line ("\nmaximin (attacker)       ", &lo);
      print_line ("minimax (defender)       ", &hi);
      if (saddle)
        {
          printf ("saddle point: %u attack dice v %u defence dice\n\n",
                  g->saddle_attack, g->saddle_defend);
          print_model_text ("Consistent scale (value per comparison):", &mine);
        }
      else
        puts ("no saddle point: the optimal strategies are mixed");
      if (his_ok)
        {
          printf ("Georgiou's scale (risk3.m's gv; his matrix, without cells "
                  "where the defender\nrolls more dice; the attacker "
                  "chooses first, so %u v %u):\n", g->georgiou_attack,
                  g->georgiou_defend);
          print_model_text (NULL, &his);
        }
    }
  if (saddle)
    model_clear (&mine);
  if (his_ok)
    model_clear (&his);
  cli_num_clear (&lo);
  cli_num_clear (&hi);
  return CLI_EXIT_OK;
}

int
cmd_game (const cli_opts_t *o, int argc, char **argv)
{
  if (argc > 0)
    return cli_usage_error ("game takes no operands: '%s'", argv[0]);

  if (cli_check_need (o, 0, "the counts of one round and their decimals") != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  ro_game_t g;
  ro_game_init (&g);
  int rc = ro_game_solve (&g, &o->rules);
  if (rc != RO_OK)
    {
      ro_game_clear (&g);
      return cli_error ("%s", ro_strerror (rc));
    }
  rc = CLI_EXIT_OK;
  print_header (o);
  for (unsigned i = 0; i < g.attack_dice && rc == CLI_EXIT_OK; i++)
    for (unsigned j = 0; j < g.defend_dice && rc == CLI_EXIT_OK; j++)
      rc = print_cell (o, &g.cell[i][j], i == 0 && j == 0);
  if (rc == CLI_EXIT_OK)
    rc = print_summary (o, &g);
  ro_game_clear (&g);
  return rc;
}
