/* cmd_binomial.c -- riskodds binomial: Georgiou's Model 2 beside the exact odds */

#include <config.h>

#include <math.h>
#include <string.h>

#include "cli.h"

/* The game value the model runs on, and where it came from.  */
typedef struct
{
  mpq_t v, p;
  const char *source;           /* "georgiou", "consistent" or "given" */
  unsigned attack_dice, defend_dice;    /* its cell; 0 for "given" */
} model_value_t;

/* V from the one-round game: Georgiou's value (his scale, his matrix, the
   attacker choosing first) or the consistent one (value per comparison,
   the attacker's maximin, which is the saddle value when there is one).  */
static int
value_from_game (model_value_t *m, const cli_opts_t *o, int georgiou)
{
  ro_game_t g;
  ro_game_init (&g);
  int lrc = ro_game_solve (&g, &o->rules), rc = CLI_EXIT_OK;
  if (lrc != RO_OK)
    rc = cli_error ("%s", ro_strerror (lrc));
  else if (georgiou && !g.has_georgiou_value)
    rc = cli_error ("Georgiou's game value is not defined when a round "
                    "compares more than two dice; use --game-value "
                    "consistent or give a value");
  else if (georgiou)
    {
      mpq_set (m->v, g.georgiou_value);
      m->attack_dice = g.georgiou_attack;
      m->defend_dice = g.georgiou_defend;
    }
  else
    {
      mpq_set (m->v, g.maximin);
      m->attack_dice = g.saddle_attack;
      m->defend_dice = g.saddle_defend;
    }
  ro_game_clear (&g);
  return rc;
}

/* The game value of --game-value (default "georgiou") and p = 1/2 + v/2.  */
static int
model_value_init (model_value_t *m, const cli_opts_t *o)
{
  const char *arg = o->game_value ? o->game_value : "georgiou";
  int rc = CLI_EXIT_OK;
  mpq_inits (m->v, m->p, (mpq_ptr) 0);
  m->attack_dice = m->defend_dice = 0;
  if (strcmp (arg, "georgiou") == 0 || strcmp (arg, "consistent") == 0)
    {
      m->source = arg;
      rc = value_from_game (m, o, arg[0] == 'g');
    }
  else
    {
      m->source = "given";
      if (ro_q_set_str (m->v, arg) != RO_OK)
        rc = cli_usage_error ("invalid --game-value '%s' (expected "
                              "'georgiou', 'consistent', a decimal such as "
                              "0.0395 or a fraction such as -1/3)", arg);
      else if (mpq_cmp_si (m->v, -1, 1) < 0 || mpq_cmp_si (m->v, 1, 1) > 0)
        rc = cli_usage_error ("--game-value %s is outside -1..1 (p = 1/2 + "
                              "v/2 must be a probability)", arg);
    }
  if (rc == CLI_EXIT_OK)
    {
      mpq_t ratio;
      mpq_init (ratio);
      ro_game_model (m->p, ratio, m->v);
      mpq_clear (ratio);
    }
  else
    mpq_clears (m->v, m->p, (mpq_ptr) 0);
  return rc;
}

static void
model_value_clear (model_value_t *m)
{
  mpq_clears (m->v, m->p, (mpq_ptr) 0);
}

/* The model's numbers have up to Z = A + D - 1 times the bits of p's
   denominator; a handful of them are alive at once.  */
static int
check_model_memory (const cli_opts_t *o, const mpq_t p, unsigned long a,
                    unsigned long d)
{
  double bits = (double) mpz_sizeinbase (mpq_denref (p), 2);
  double need = 8.0 * ((double) a + d) * bits / 8 + 65536;
  char what[96];
  snprintf (what, sizeof what, "the binomial model at %lu against %lu", a, d);
  return cli_check_need (o, need, what);
}

/* What the per-cell printer needs.  */
typedef struct
{
  const cli_opts_t *o;
  const model_value_t *m;
  int first;
  int width;                    /* of a decimal column in text */
  mpq_t worst;                  /* the error of largest size so far */
  mpq_t worst_abs, abs;         /* its size; scratch */
  unsigned long worst_a, worst_d;
} table_t;

/* The kinds of value of the cells: --values, by default decimals in the
   text (one value per cell, so that it refuses both) and both in CSV
   and JSON.  */
static cli_values_t
cell_values (const cli_opts_t *o)
{
  return cli_values (o, o->format == CLI_FORMAT_TEXT ? CLI_VALUES_DECIMAL
                     : CLI_VALUES_BOTH);
}

static void
print_header (const table_t *t)
{
  const cli_opts_t *o = t->o;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_values_t v = cell_values (o);
      cli_csv_edition_head (stdout, ',');
      fputs ("attackers,defenders,count", stdout);
      cli_csv_head (stdout, "model", v, ',');
      cli_csv_head (stdout, "win", v, ',');
      cli_csv_head (stdout, "error", v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_TEXT)
    printf ("%5s %5s  %-*s %-*s %s\n", "A", "D", t->width, "model",
            t->width, "win", "error (model - win)");
}

static int
print_value_text (const cli_opts_t *o, const model_value_t *m)
{
  cli_num_t v, p;
  cli_values_t kinds = cli_values (o, CLI_VALUES_BOTH);
  if (cli_num_make (&v, m->v, o->digits, kinds) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  if (cli_num_make (&p, m->p, o->digits, kinds) != CLI_EXIT_OK)
    {
      cli_num_clear (&v);
      return CLI_EXIT_ERROR;
    }
  if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"count\":\"%s\",\"digits\":%lu,\"game_value\":{\"source\":"
              "\"%s\",\"attack_dice\":", cli_count_name (o->rules.count),
              o->digits, m->source);
      if (m->attack_dice)
        printf ("%u,\"defend_dice\":%u", m->attack_dice, m->defend_dice);
      else
        fputs ("null,\"defend_dice\":null", stdout);
      fputs (",\"value\":", stdout);
      cli_num_json (stdout, &v);
      fputs ("},\"p\":", stdout);
      cli_num_json (stdout, &p);
      fputs (",\"cells\":[", stdout);
    }
  else if (o->format == CLI_FORMAT_TEXT)
    {
      fputs ("Georgiou's binomial model (his Model 2): each of the Z = N + D "
             "- 1 rounds\nis won by the attacker with probability p, and he "
             "conquers with at least\nD wins; N counts the armies that "
             "fight.  Beside it, the exact probability\nof the same battle "
             "and the error of the model.\n", stdout);
      cli_print_rules_text (stdout, &o->rules);
      if (o->rules.count == RO_COUNT_TERRITORY)
        puts ("A counts the armies on the territory: N = A - 1 "
              "(--count attackers for N = A, as Georgiou counts).");
      else
        puts ("A counts the armies that fight: N = A, as Georgiou counts.");
      fputs ("game value v           ", stdout);
      cli_text_pair (stdout, &v, 24, 0);
      printf ("  (%s", m->source);
      if (m->attack_dice)
        printf (", at %u v %u", m->attack_dice, m->defend_dice);
      fputs (")\np = 1/2 + v/2          ", stdout);
      cli_text_pair (stdout, &p, 24, 0);
      fputs ("\n\n", stdout);
    }
  cli_num_clear (&v);
  cli_num_clear (&p);
  return CLI_EXIT_OK;
}

/* The three numbers of one cell.  */
typedef struct
{
  cli_num_t model, win, error;
} cell_text_t;

static void
cell_text_clear (cell_text_t *c)
{
  cli_num_clear (&c->model);
  cli_num_clear (&c->win);
  cli_num_clear (&c->error);
}

static int
cell_text_init (cell_text_t *c, const mpq_t model, const mpq_t win,
                const cli_opts_t *o)
{
  cli_values_t v = cell_values (o);
  mpq_t err;
  mpq_init (err);
  mpq_sub (err, model, win);
  c->win.exact = c->win.decimal = c->error.exact = c->error.decimal = NULL;
  int rc = cli_num_make (&c->model, model, o->digits, v);
  if (rc == CLI_EXIT_OK)
    rc = cli_num_make (&c->win, win, o->digits, v);
  if (rc == CLI_EXIT_OK)
    rc = cli_num_make (&c->error, err, o->digits, v);
  if (rc != CLI_EXIT_OK)
    cell_text_clear (c);
  mpq_clear (err);
  return rc;
}

static void
print_cell (table_t *t, unsigned long a, unsigned long d,
            const cell_text_t *c)
{
  const cli_opts_t *o = t->o;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_values_t v = cell_values (o);
      cli_csv_edition_field (stdout, ',');
      printf ("%lu,%lu,%s", a, d, cli_count_name (o->rules.count));
      cli_csv_fields (stdout, &c->model, v, ',');
      cli_csv_fields (stdout, &c->win, v, ',');
      cli_csv_fields (stdout, &c->error, v, ',');
      putchar ('\n');
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"attackers\":%lu,\"defenders\":%lu,\"model\":",
              t->first ? "" : ",", a, d);
      cli_num_json (stdout, &c->model);
      fputs (",\"win\":", stdout);
      cli_num_json (stdout, &c->win);
      fputs (",\"error\":", stdout);
      cli_num_json (stdout, &c->error);
      fputc ('}', stdout);
    }
  else if (c->model.decimal)
    printf ("%5lu %5lu  %-*s %-*s %s\n", a, d, t->width, c->model.decimal,
            t->width, c->win.decimal, c->error.decimal);
  else
    printf ("%5lu %5lu  %-*s %-*s %s\n", a, d, t->width, c->model.exact,
            t->width, c->win.exact, c->error.exact);
  t->first = 0;
}

/* Called by ro_battle_grid for every cell with the exact P(win).  */
static int
visit_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  table_t *t = data;
  unsigned long n = a;
  if (t->o->rules.count == RO_COUNT_TERRITORY)
    n = a - 1;
  mpq_t model;
  mpq_init (model);
  int rc = ro_binomial_win (model, t->m->p, n, d);
  cell_text_t c;
  if (rc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (rc));
  else
    rc = cell_text_init (&c, model, win, t->o);
  /* The signed error where its size is largest.  */
  mpq_sub (model, model, win);
  mpq_abs (t->abs, model);
  if (mpq_cmp (t->worst_abs, t->abs) < 0)
    {
      mpq_set (t->worst_abs, t->abs);
      mpq_set (t->worst, model);
      t->worst_a = a;
      t->worst_d = d;
    }
  mpq_clear (model);
  if (rc != CLI_EXIT_OK)
    return rc;
  print_cell (t, a, d, &c);
  cell_text_clear (&c);
  return CLI_EXIT_OK;
}

/* The largest error over the table, and where.  */
static int
print_worst (const table_t *t)
{
  if (t->first)
    return CLI_EXIT_OK;
  if (mpq_sgn (t->worst) == 0)
    {
      puts ("\nlargest error  0: the model is exact on every cell");
      return CLI_EXIT_OK;
    }
  char *dec = cell_values (t->o) & CLI_VALUES_DECIMAL
    ? cli_decimal (t->worst, t->o->digits) : cli_fraction (t->worst);
  if (dec == NULL)
    return CLI_EXIT_ERROR;
  printf ("\nlargest error  %s  at %lu v %lu\n", dec, t->worst_a,
          t->worst_d);
  ro_free_str (dec);
  return CLI_EXIT_OK;
}

static int
parse_operands (const cli_opts_t *o, int argc, char **argv,
                unsigned long a[2], unsigned long d[2])
{
  if (argc < 2)
    return cli_usage_error ("binomial needs two operands, A and D (each a "
                            "number or a range LO..HI)");
  if (argc > 2)
    return cli_usage_error ("extra operand '%s'", argv[2]);
  int rc = cli_parse_range (&a[0], &a[1], argv[0], "attacking armies");
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_range (&d[0], &d[1], argv[1], "defending armies");
  if (rc == CLI_EXIT_OK && a[0] == 0 && o->rules.count == RO_COUNT_TERRITORY)
    rc = cli_usage_error ("a territory holds at least 1 army: A must be at "
                          "least 1 with --count territory");
  return rc;
}

int
cmd_binomial (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a[2], d[2];
  model_value_t m;
  int rc = parse_operands (o, argc, argv, a, d);
  if (rc == CLI_EXIT_OK)
    rc = cli_values_one (o, "the text of 'binomial'");
  if (rc == CLI_EXIT_OK)
    rc = cli_check_memory (o, a[1], d[1]);
  if (rc != CLI_EXIT_OK || (rc = model_value_init (&m, o)) != CLI_EXIT_OK)
    return rc;
  rc = check_model_memory (o, m.p, a[1], d[1]);

  table_t t = { .o = o, .m = &m, .first = 1, .width = CLI_DECIMAL_WIDTH (o) };
  mpq_inits (t.worst, t.worst_abs, t.abs, (mpq_ptr) 0);
  if (rc == CLI_EXIT_OK)
    rc = print_value_text (o, &m);
  if (rc == CLI_EXIT_OK)
    {
      print_header (&t);
      rc = ro_battle_grid (&o->rules, a[0], a[1], d[0], d[1], visit_cell, &t);
      /* A negative status is the library's; a positive one is
         visit_cell's, already reported.  */
      if (rc < 0)
        rc = cli_error ("%s", ro_strerror (rc));
    }
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    fputs ("]}\n", stdout);
  else if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_TEXT)
    rc = print_worst (&t);
  mpq_clears (t.worst, t.worst_abs, t.abs, (mpq_ptr) 0);
  model_value_clear (&m);
  return rc;
}
