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
            int finite, unsigned long digits)
{
  m->ratio.exact = m->ratio.decimal = NULL;
  int rc = cli_num_init (&m->v, v, digits);
  if (rc == CLI_EXIT_OK && (rc = cli_num_init (&m->p, p, digits)) != 0)
    cli_num_clear (&m->v);
  if (rc == CLI_EXIT_OK && finite
      && (rc = cli_num_init (&m->ratio, ratio, digits)) != 0)
    {
      cli_num_clear (&m->v);
      cli_num_clear (&m->p);
    }
  return rc;
}

/* The same model from risk3.m's gv, on Georgiou's scale.  */
static int
georgiou_model_init (model_text_t *m, const mpq_t gv, unsigned long digits)
{
  mpq_t p, ratio;
  mpq_inits (p, ratio, (mpq_ptr) 0);
  int finite = ro_game_model (p, ratio, gv);
  int rc = model_init (m, gv, p, ratio, finite, digits);
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

static void
print_model_text (const char *title, const model_text_t *m)
{
  if (title != NULL)
    printf ("%s\n", title);
  printf ("  game value v           %-24s %s\n", m->v.exact, m->v.decimal);
  printf ("  p = 1/2 + v/2          %-24s %s\n", m->p.exact, m->p.decimal);
  if (m->ratio.exact)
    printf ("  force ratio (1-p)/p    %-24s %s\n", m->ratio.exact,
            m->ratio.decimal);
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
  if (m->ratio.exact)
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
  if (cli_num_init (&net, c->net, o->digits) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_num_init (&val, c->value, o->digits) != CLI_EXIT_OK
      || (c->has_georgiou
          && cli_num_init (&geo, c->georgiou, o->digits) != CLI_EXIT_OK))
    {
      cli_num_clear (&net);
      cli_num_clear (&val);
      return CLI_EXIT_ERROR;
    }
  if (o->format == CLI_FORMAT_CSV)
    printf ("%u,%u,%u,%s,%s,%s,%s,%s,%s\n", c->attack_dice, c->defend_dice,
            c->comparisons, net.exact, net.decimal, val.exact, val.decimal,
            geo.exact ? geo.exact : "", geo.decimal ? geo.decimal : "");
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"attack_dice\":%u,\"defend_dice\":%u,\"comparisons\":%u,"
              "\"net\":", first ? "" : ",", c->attack_dice, c->defend_dice,
              c->comparisons);
      cli_num_json (stdout, &net);
      fputs (",\"value\":", stdout);
      cli_num_json (stdout, &val);
      fputs (",\"georgiou\":", stdout);
      if (geo.exact)
        cli_num_json (stdout, &geo);
      else
        fputs ("null", stdout);
      fputc ('}', stdout);
    }
  else
    {
      printf ("%u v %u (%u comparison%s)\n", c->attack_dice, c->defend_dice,
              c->comparisons, c->comparisons == 1 ? "" : "s");
      printf ("  net per round          %-24s %s\n", net.exact, net.decimal);
      printf ("  value per comparison   %-24s %s\n", val.exact, val.decimal);
      if (geo.exact)
        printf ("  Georgiou's gv          %-24s %s\n", geo.exact, geo.decimal);
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
    puts ("attack_dice,defend_dice,comparisons,net_exact,net_decimal,"
          "value_exact,value_decimal,georgiou_exact,georgiou_decimal");
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

  if (cli_num_init (&lo, g->maximin, o->digits) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_num_init (&hi, g->minimax, o->digits) != CLI_EXIT_OK)
    {
      cli_num_clear (&lo);
      return CLI_EXIT_ERROR;
    }
  if (saddle && model_init (&mine, c->value, g->p, g->force_ratio,
                            g->has_force_ratio, o->digits) != CLI_EXIT_OK)
    saddle = his_ok = 0;
  if (his_ok && georgiou_model_init (&his, g->georgiou_value, o->digits)
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
      printf ("\nmaximin (attacker)       %-24s %s\n", lo.exact, lo.decimal);
      printf ("minimax (defender)       %-24s %s\n", hi.exact, hi.decimal);
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
