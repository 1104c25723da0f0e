/* cmd_table.c -- riskodds table: P(win) over a grid of battles */

#include <config.h>

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The whole grid comes from one pass of the recursion on --threads
   threads (ro_battle_grid_threads).  The threads turn the cells they
   solve into text (make_cell, the fractions and decimals cost more than
   the recursion) into a ring of rows, and the calling thread prints
   each row once it is complete (print_row), A ascending and D ascending
   within each A, so every format but the aligned text grid of fractions
   is printed as it comes; that one is held until its column widths are
   known.  */

typedef struct
{
  const cli_opts_t *o;
  unsigned long a[2], d[2];
  cli_values_t values;
  int grid;                     /* one row per A, one column per D */
  int first;
  int width;                    /* text grid of decimals */
  char **held;                  /* text grid of fractions */
  double held_bytes;            /* their estimate (hold_grid) */
  double work, done;            /* --stats: progress, in stats_work */
  unsigned long window;         /* rows of text in flight */
  cli_num_t *rows;              /* their cells: row A at (A % WINDOW) */
} table_t;

/* The quantities of a long table: P(win), and with --stats the expected
   armies left and lost over all battles (ro_dist_stats, RO_GIVEN_ANY);
   with --rounds, P(win) and P(unresolved).  */
enum { N_QUANTITIES = 5 };
static const char *const quantity_name[N_QUANTITIES] = {
  "win", "attackers_left", "defenders_left", "attackers_lost",
  "defenders_lost"
};
static const char *const rounds_name[2] = { "win", "unresolved" };

/* The quantities of each cell of a long table, and their names.  */
static size_t
quantities (const cli_opts_t *o, const char *const **name)
{
  *name = o->rounds ? rounds_name : quantity_name;
  return o->rounds ? 2 : o->stats ? N_QUANTITIES : 1;
}

static int
is_grid_format (cli_format_t f)
{
  return f == CLI_FORMAT_TEXT || f == CLI_FORMAT_MARKDOWN
    || f == CLI_FORMAT_LATEX;
}

/* CSV and TSV: long by default, a grid with --layout grid.  */
static int
is_sep_format (cli_format_t f)
{
  return f == CLI_FORMAT_CSV || f == CLI_FORMAT_TSV;
}

/* LaTeX tables wider than this many columns of values get a comment
   that names --latex-fit: a page of \textwidth holds about ten columns
   of four places at the document's size.  */
enum { LATEX_WIDE = 10 };

/* After the caption: the \label (--label, or one made from the
   ranges), and the \resizebox of --latex-fit, or for a wide table a
   comment that offers it.  */
static void
print_latex_label (const table_t *t)
{
  const cli_opts_t *o = t->o;
  unsigned long cols = t->d[1] - t->d[0] + 1;
  if (o->label != NULL)
    printf ("\\label{%s}\n", o->label);
  else
    printf ("\\label{tab:riskodds-a%lu-%lu-d%lu-%lu}\n", t->a[0], t->a[1],
            t->d[0], t->d[1]);
  if (o->latex_fit)
    puts ("% \\resizebox needs \\usepackage{graphicx}\n"
          "\\resizebox{\\textwidth}{!}{%");
  else if (cols > LATEX_WIDE)
    printf ("%% %lu columns may not fit the page: riskodds table "
            "--latex-fit scales\n%% the tabular to \\textwidth "
            "(\\resizebox, from \\usepackage{graphicx})\n", cols);
}

/* What the table shows, the rules and the count, in lines: the heading
   of the text grid and the caption of Markdown and LaTeX.  NULL (after
   a message) when memory runs out.  */
static char *
heading_text (const table_t *t)
{
  char title[96];
  if (t->o->rounds)
    snprintf (title, sizeof title, "P(attacker conquers within %lu "
              "round%s).", t->o->rounds, t->o->rounds == 1 ? "" : "s");
  return cli_heading (&t->o->rules, 1,
                      t->o->rounds ? title : "P(attacker conquers).");
}

/* Heading lines of the text grid start with "# ", so that the grid reads
   back (riskodds verify skips them).  */
static void
print_text_heading (const table_t *t)
{
  char *buf = heading_text (t);
  if (buf == NULL)
    return;
  for (char *line = strtok (buf, "\n"); line; line = strtok (NULL, "\n"))
    printf ("# %s\n", line);
  free (buf);
}

/* The caption (cli_doc_open) of Markdown and LaTeX, then the header of
   the grid.  */
static int
print_grid_header (const table_t *t)
{
  const cli_opts_t *o = t->o;
  if (cli_format_doc (o->format))
    {
      char *caption = heading_text (t);
      if (caption == NULL)
        return CLI_EXIT_ERROR;
      cli_doc_open (o->format, caption);
      free (caption);
    }
  if (o->format == CLI_FORMAT_LATEX)
    {
      print_latex_label (t);
      /* The columns are right-aligned, which lines the decimals up on
         their point when --places gives every one the same places.  */
      fputs ("\\begin{tabular}{r|", stdout);
      for (unsigned long d = t->d[0]; d <= t->d[1]; d++)
        putchar ('r');
      fputs ("}\n$A \\backslash D$", stdout);
    }
  else if (o->format == CLI_FORMAT_MARKDOWN)
    fputs ("| A\\D", stdout);
  else if (is_sep_format (o->format))
    fputs ("A\\D", stdout);
  else if (t->held == NULL)
    printf ("%5s", "A\\D");
  for (unsigned long d = t->d[0]; d <= t->d[1]; d++)
    if (o->format == CLI_FORMAT_LATEX)
      printf (" & %lu", d);
    else if (o->format == CLI_FORMAT_MARKDOWN)
      printf (" | %lu", d);
    else if (is_sep_format (o->format))
      printf ("%c%lu", cli_format_sep (o->format), d);
    else if (t->held == NULL)
      printf (" %*lu", t->width, d);
  if (o->format == CLI_FORMAT_LATEX)
    puts (" \\\\\n\\hline");
  else if (o->format == CLI_FORMAT_MARKDOWN)
    {
      fputs (" |\n|---:", stdout);
      for (unsigned long d = t->d[0]; d <= t->d[1]; d++)
        fputs ("|---:", stdout);
      puts ("|");
    }
  else if (t->held == NULL)
    putchar ('\n');
  return CLI_EXIT_OK;
}

static int
print_header (const table_t *t)
{
  const cli_opts_t *o = t->o;
  const char *sep = o->format == CLI_FORMAT_TSV ? "\t" : ",";
  if (o->format == CLI_FORMAT_TEXT)
    print_text_heading (t);
  if (t->grid)
    return print_grid_header (t);
  if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"count\":\"%s\",\"%s\":%lu,%s\"attackers\":[%lu,%lu],"
              "\"defenders\":[%lu,%lu],",
              cli_count_name (o->rules.count),
              o->places_given ? "places" : "digits",
              o->places_given ? o->places : o->digits,
              o->percent ? "\"percent\":true," : "", t->a[0], t->a[1],
              t->d[0], t->d[1]);
      if (o->rounds)
        printf ("\"rounds\":%lu,", o->rounds);
      fputs ("\"cells\":[", stdout);
    }
  else
    {
      const char *const *name;
      size_t nq = quantities (o, &name);
      cli_csv_edition_head (stdout, *sep);
      printf ("attackers%sdefenders%scount", sep, sep);
      for (size_t i = 0; i < nq; i++)
        {
          if (t->values & CLI_VALUES_EXACT)
            printf ("%s%s_exact", sep, name[i]);
          if (t->values & CLI_VALUES_DECIMAL)
            printf ("%s%s_decimal", sep, name[i]);
        }
      putchar ('\n');
    }
  return CLI_EXIT_OK;
}

/* One cell of a grid.  */
static int
grid_cell (table_t *t, unsigned long a, unsigned long d, const char *v)
{
  const cli_opts_t *o = t->o;
  if (t->held != NULL)
    {
      size_t i = (a - t->a[0]) * (t->d[1] - t->d[0] + 1) + (d - t->d[0]);
      t->held[i] = strdup (v);
      return t->held[i] ? CLI_EXIT_OK : cli_error ("out of memory");
    }
  if (d == t->d[0])
    {
      if (o->format == CLI_FORMAT_MARKDOWN)
        printf ("| %lu", a);
      else if (o->format == CLI_FORMAT_TEXT)
        printf ("%5lu", a);
      else
        printf ("%lu", a);
    }
  if (o->format == CLI_FORMAT_LATEX)
    {
      fputs (" & ", stdout);
      cli_latex_value (v);
    }
  else if (o->format == CLI_FORMAT_MARKDOWN)
    printf (" | %s", v);
  else if (is_sep_format (o->format))
    printf ("%c%s", cli_format_sep (o->format), v);
  else
    printf (" %*s", t->width, v);
  if (d == t->d[1])
    puts (o->format == CLI_FORMAT_LATEX ? " \\\\"
          : o->format == CLI_FORMAT_MARKDOWN ? " |" : "");
  return CLI_EXIT_OK;
}

/* One cell of a long table: N[0] is P(win), N[1..] the --stats, or
   P(unresolved) with --rounds.  */
static void
long_cell (table_t *t, unsigned long a, unsigned long d, const cli_num_t *n)
{
  const cli_opts_t *o = t->o;
  const char *const *name;
  size_t nq = quantities (o, &name);
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"attackers\":%lu,\"defenders\":%lu",
              t->first ? "" : ",", a, d);
      for (size_t i = 0; i < nq; i++)
        {
          printf (",\"%s\":{", name[i]);
          if (t->values & CLI_VALUES_EXACT)
            printf ("\"exact\":\"%s\"%s", n[i].exact,
                    t->values & CLI_VALUES_DECIMAL ? "," : "");
          if (t->values & CLI_VALUES_DECIMAL)
            printf ("\"decimal\":\"%s\"", n[i].decimal);
          putchar ('}');
        }
      putchar ('}');
    }
  else
    {
      char sep = o->format == CLI_FORMAT_TSV ? '\t' : ',';
      cli_csv_edition_field (stdout, sep);
      printf ("%lu%c%lu%c%s", a, sep, d, sep,
              cli_count_name (o->rules.count));
      for (size_t i = 0; i < nq; i++)
        {
          if (t->values & CLI_VALUES_EXACT)
            printf ("%c%s", sep, n[i].exact);
          if (t->values & CLI_VALUES_DECIMAL)
            printf ("%c%s", sep, n[i].decimal);
        }
      putchar ('\n');
    }
  t->first = 0;
}

/* With --percent, the decimal D of 100 Q followed by the percent sign
   (which the LaTeX rows escape), in place of D.  */
static char *
percent_text (char *d)
{
  const char *sign = "%";
  char *p = d ? malloc (strlen (d) + strlen (sign) + 1) : NULL;
  if (p != NULL)
    {
      strcpy (p, d);
      strcat (p, sign);
    }
  else if (d != NULL)
    cli_error ("out of memory");
  ro_free_str (d);
  return p;
}

/* N as --values asks for Q, a probability when PROB (--percent applies
   to P(win) and P(unresolved), not to the armies of --stats).  */
static int
num_set (table_t *t, cli_num_t *n, const mpq_t q, int prob)
{
  n->exact = n->decimal = NULL;
  if (t->values & CLI_VALUES_EXACT)
    n->exact = cli_fraction (q);
  if (t->values & CLI_VALUES_DECIMAL)
    n->decimal = cli_decimal_opts (q, t->o, prob);
  if (((t->values & CLI_VALUES_EXACT) && n->exact == NULL)
      || ((t->values & CLI_VALUES_DECIMAL) && n->decimal == NULL))
    return CLI_EXIT_ERROR;
  return CLI_EXIT_OK;
}

/* The time of the --stats of A against D, about, in the units of the
   meter: measured, a fixed cost (the engine's set-up) as large as that
   of the numbers of 80 against 0, then the square of the armies (the
   strip's steps, or a forward pass over states of numbers as wide as
   the armies; a/d * (a + d) is far from the time here).  With --stats
   these passes are nearly all of a table's time: the meter follows them
   instead of the calls, held (cli_meter_hold).  */
static double
stats_work (unsigned long a, unsigned long d)
{
  double n = a + d + 2.0;
  return 6400 + n * n;
}

static void
stats_progress_start (table_t *t)
{
  t->work = t->done = 0;
  for (unsigned long a = t->a[0]; a <= t->a[1]; a++)
    for (unsigned long d = t->d[0]; d <= t->d[1]; d++)
      t->work += stats_work (a, d);
  cli_meter_hold (1);
  cli_meter_report (0, t->work);
}

/* The --stats of A against D: the battle's own forward pass (each
   start has its own distribution of ends).  */
static int
stats_nums (table_t *t, cli_num_t *n, unsigned long a, unsigned long d)
{
  ro_dist_t dist;
  ro_stats_t st;
  ro_dist_init (&dist);
  ro_stats_init (&st);
  int rc = ro_battle_dist (&dist, &t->o->rules, a, d);
  if (rc == RO_OK)
    rc = ro_dist_stats (&st, &dist, a, d);
  if (rc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (rc));
  const mpq_t *q[N_QUANTITIES - 1] = {
    &st.attackers_left[RO_GIVEN_ANY], &st.defenders_left[RO_GIVEN_ANY],
    &st.attackers_lost[RO_GIVEN_ANY], &st.defenders_lost[RO_GIVEN_ANY]
  };
  for (size_t i = 0; rc == CLI_EXIT_OK && i < N_QUANTITIES - 1; i++)
    rc = num_set (t, &n[i + 1], *q[i], 0);
  ro_stats_clear (&st);
  ro_dist_clear (&dist);
  return rc;
}

/* The cells of row A in the ring of rows, N_QUANTITIES per cell.  */
static cli_num_t *
row_cells (const table_t *t, unsigned long a)
{
  size_t cols = t->d[1] - t->d[0] + 1;
  return t->rows + (a % t->window) * cols * N_QUANTITIES;
}

/* The text of one cell, on whichever thread solved it: the cells of a
   row are each written by one thread, and read by print_row only once
   every one of them is.  */
static int
make_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  table_t *t = data;
  cli_num_t *n = row_cells (t, a) + (d - t->d[0]) * N_QUANTITIES;
  int rc = num_set (t, &n[0], win, 1);
  if (rc == CLI_EXIT_OK && t->o->stats)
    rc = stats_nums (t, n, a, d);
  return rc;
}

/* Row A, complete: printed, and its text freed.  */
static int
print_row (void *data, unsigned long a)
{
  table_t *t = data;
  cli_num_t *n = row_cells (t, a);
  int rc = CLI_EXIT_OK;
  for (unsigned long d = t->d[0]; d <= t->d[1]; d++, n += N_QUANTITIES)
    {
      if (rc == CLI_EXIT_OK && t->grid)
        rc = grid_cell (t, a, d, n[0].exact ? n[0].exact : n[0].decimal);
      else if (rc == CLI_EXIT_OK)
        long_cell (t, a, d, n);
      for (size_t i = 0; i < N_QUANTITIES; i++)
        cli_num_clear (&n[i]);
      /* The meter follows the stats' passes, row by row, from this
         thread alone.  */
      if (t->o->stats)
        t->done += stats_work (a, d);
    }
  if (t->o->stats)
    cli_meter_report (t->done, t->work);
  return rc;
}

/* The ring of rows of text; refused up front when the rows in flight
   could hold more than the memory limit beside the grid itself (a row
   of fractions is at most about the size of the solver's rows, as in
   hold_grid).  One thread prints each row as soon as it has made it.  */
static int
rows_open (table_t *t)
{
  const cli_opts_t *o = t->o;
  size_t cols = t->d[1] - t->d[0] + 1;
  unsigned threads = o->threads ? o->threads : ro_threads_available ();
  t->window = ro_battle_grid_window (&o->rules, t->d[1], threads);
  if (o->rounds)
    t->window = 1;              /* rows come in order, one at a time */
  double flight = threads == 1 || o->rounds ? 1 : (double) t->window;
  const char *const *names;
  double nq = (double) quantities (o, &names);
  double grid = 0, row = 64.0 * (double) cols * nq;
  /* A row of decimals: each as wide as --digits or --places make it
     (a million digits each at --digits 1000000).  */
  if (t->values & CLI_VALUES_DECIMAL)
    row += (double) cols * nq * (CLI_DECIMAL_WIDTH (o) + 24);
  /* A row of fractions: the texts of its cells, the last row's the
     longest.  */
  double fractions;
  if (t->values & CLI_VALUES_EXACT
      && ro_grid_fractions_memory (&fractions, &o->rules, t->a[1], t->a[1],
                                   t->d[0], t->d[1]) == RO_OK)
    row += fractions;
  if (o->rounds)
    {
      if (ro_battle_grid_rounds_memory (&grid, &o->rules, t->a[1], t->d[1],
                                        o->rounds, !t->grid) != RO_OK)
        grid = 0;
    }
  else if (ro_battle_grid_memory (&grid, &o->rules, t->a[1], t->d[1],
                                  threads) != RO_OK)
    grid = 0;
  /* No more rows in flight than the table has rows of fractions (an
     attacker with no army to fight has 0s and 1s); a text grid takes
     each cell's text from its row as the row is done, so on one thread
     the rows in flight hold no more than one row beside the grid's
     texts (on several, the texts the workers made stay in their own
     arenas: measured on 1 .. 2 against 10000, a row more).  */
  unsigned long none = o->rules.count == RO_COUNT_TERRITORY ? 1 : 0;
  unsigned long a0 = t->a[0] + (t->a[0] <= none);
  flight = fmin (flight, a0 <= t->a[1] ? (double) (t->a[1] - a0 + 1) : 1);
  if (t->held != NULL && threads == 1)
    flight -= 1;
  double need = grid + flight * row + t->held_bytes;
  char what[160];
  snprintf (what, sizeof what, "a table from %lu to %lu against %lu to %lu "
            "on %u thread%s", t->a[0], t->a[1], t->d[0], t->d[1], threads,
            threads == 1 ? "" : "s");
  int rc = cli_check_need_note (o, need, what, threads == 1 ? NULL
                                : "; --threads 1 holds fewer rows");
  if (rc != CLI_EXIT_OK)
    return rc;
  t->rows = calloc (t->window * cols * N_QUANTITIES, sizeof *t->rows);
  return t->rows ? CLI_EXIT_OK : cli_error ("out of memory");
}

static void
rows_close (table_t *t)
{
  if (t->rows == NULL)
    return;
  size_t n = t->window * (t->d[1] - t->d[0] + 1) * N_QUANTITIES;
  for (size_t i = 0; i < n; i++)
    cli_num_clear (&t->rows[i]);
  free (t->rows);
}

/* A cell whose decimal TEXT came certified (ro_battle_grid_decimal):
   printed as print_row prints it.  */
static int
visit_text (void *data, unsigned long a, unsigned long d, const char *text)
{
  table_t *t = data;
  cli_num_t n[N_QUANTITIES];
  memset (n, 0, sizeof n);
  n[0].decimal = malloc (strlen (text) + 1);
  if (n[0].decimal == NULL)
    return cli_error ("out of memory");
  strcpy (n[0].decimal, text);
  if (t->o->percent && (n[0].decimal = percent_text (n[0].decimal)) == NULL)
    return CLI_EXIT_ERROR;
  int rc = CLI_EXIT_OK;
  if (t->grid)
    rc = grid_cell (t, a, d, n[0].decimal);
  else
    long_cell (t, a, d, n);
  cli_num_clear (&n[0]);
  return rc;
}

/* Decimals alone leave the table (no fractions, no --stats): they come
   from enclosures, unless --method recursion, or a policy that compares
   P(win) exactly, says otherwise.  */
static int
certified (const table_t *t, ro_decimal_t *fmt)
{
  const cli_opts_t *o = t->o;
  if (t->values != CLI_VALUES_DECIMAL || o->stats || o->rounds
      || o->interval == CLI_INTERVAL_NEVER
      || !ro_interval_applies (&o->rules))
    return 0;
  fmt->style = o->places_given ? RO_DECIMAL_PLACES : RO_DECIMAL_DIGITS;
  fmt->n = o->places_given ? o->places : o->digits;
  fmt->scale = o->percent ? 100 : 1;
  return 1;
}

/* One cell of a table limited to --rounds: its text, and the row
   printed once complete (the cells come in order, on this thread).  */
static int
rounds_cell (void *data, unsigned long a, unsigned long d, const mpq_t win,
             const mpq_t unresolved)
{
  table_t *t = data;
  cli_num_t *n = row_cells (t, a) + (d - t->d[0]) * N_QUANTITIES;
  int rc = num_set (t, &n[0], win, 1);
  if (rc == CLI_EXIT_OK && unresolved != NULL)
    rc = num_set (t, &n[1], unresolved, 1);
  if (rc == CLI_EXIT_OK && d == t->d[1])
    rc = print_row (t, a);
  return rc;
}

/* The table's cells, by the engine that fits.  */
static int
table_cells (table_t *t)
{
  const cli_opts_t *o = t->o;
  ro_decimal_t fmt;
  if (o->rounds)
    return ro_battle_grid_rounds (&o->rules, t->a[0], t->a[1], t->d[0],
                                  t->d[1], o->rounds, !t->grid, rounds_cell,
                                  t);
  if (certified (t, &fmt))
    return ro_battle_grid_decimal (&o->rules, t->a[0], t->a[1], t->d[0],
                                   t->d[1], &fmt, visit_text, t, NULL);
  return ro_battle_grid_threads (&o->rules, t->a[0], t->a[1], t->d[0],
                                 t->d[1], o->threads, make_cell, print_row,
                                 t);
}

/* The held text grid of fractions, each column as wide as its widest
   cell.  */
static void
print_held (const table_t *t)
{
  size_t cols = t->d[1] - t->d[0] + 1, rows = t->a[1] - t->a[0] + 1;
  int *w = calloc (cols, sizeof *w);
  if (w == NULL)
    {
      cli_error ("out of memory");
      return;
    }
  for (size_t i = 0; i < rows * cols; i++)
    {
      int l = (int) strlen (t->held[i]);
      w[i % cols] = l > w[i % cols] ? l : w[i % cols];
    }
  printf ("%5s", "A\\D");
  for (size_t j = 0; j < cols; j++)
    printf (" %*lu", w[j], t->d[0] + j);
  putchar ('\n');
  for (size_t i = 0; i < rows; i++)
    {
      printf ("%5lu", t->a[0] + i);
      for (size_t j = 0; j < cols; j++)
        printf (" %*s", w[j], t->held[i * cols + j]);
      putchar ('\n');
    }
  free (w);
}

/* The text grid of fractions holds every cell's text: refuse it up front
   when that would not fit (ro_grid_fractions_memory: the texts' sizes
   from the armies each battle can lose); rows_open adds it to the
   grid's own.  */
static int
hold_grid (table_t *t)
{
  const cli_opts_t *o = t->o;
  double need, cells = (double) (t->a[1] - t->a[0] + 1)
    * (double) (t->d[1] - t->d[0] + 1);
  if (ro_grid_fractions_memory (&need, &o->rules, t->a[0], t->a[1], t->d[0],
                                t->d[1]) != RO_OK)
    need = 16 * cells;
  t->held_bytes = need;
  char what[160];
  snprintf (what, sizeof what, "a text grid of fractions from %lu to %lu "
            "against %lu to %lu", t->a[0], t->a[1], t->d[0], t->d[1]);
  int rc = cli_check_need_note (o, need, what, "; --format csv prints it "
                                "as it comes");
  if (rc != CLI_EXIT_OK)
    return rc;
  t->held = calloc ((size_t) cells, sizeof *t->held);
  return t->held ? CLI_EXIT_OK : cli_error ("out of memory");
}

static void
free_held (table_t *t)
{
  if (t->held == NULL)
    return;
  size_t n = (t->a[1] - t->a[0] + 1) * (t->d[1] - t->d[0] + 1);
  for (size_t i = 0; i < n; i++)
    free (t->held[i]);
  free (t->held);
}

static void
print_footer (const table_t *t)
{
  if (t->held != NULL)
    print_held (t);
  else if (t->o->format == CLI_FORMAT_LATEX)
    printf ("\\end{tabular}%s\n\\end{table}\n", t->o->latex_fit ? "}" : "");
  else if (t->o->format == CLI_FORMAT_JSON)
    puts ("]}");
}

int
cmd_table (const cli_opts_t *o, int argc, char **argv)
{
  /* A decimal at --places is "0." and the places, never an exponent.  */
  table_t t = { .o = o, .first = 1,
    .width = (o->places_given ? (int) o->places + 4
              : CLI_DECIMAL_WIDTH (o) - 2) + (o->percent ? 4 : 0)
  };
  if (argc > 0)
    return cli_usage_error ("table takes no operands ('%s'); give the "
                            "ranges with --attackers LO..HI and --defenders "
                            "LO..HI", argv[0]);
  if (o->layout == RO_LAYOUT_LONG && is_grid_format (o->format))
    return cli_usage_error ("--layout long needs --format csv, tsv or json "
                            "(text, markdown and latex print grids)");
  if (o->layout == RO_LAYOUT_GRID && o->format == CLI_FORMAT_JSON)
    return cli_usage_error ("--layout grid applies to csv and tsv (json "
                            "lists the cells; text, markdown and latex "
                            "print grids already)");
  t.grid = is_grid_format (o->format) || o->layout == RO_LAYOUT_GRID;
  t.values = o->values ? o->values
    : t.grid ? CLI_VALUES_DECIMAL : CLI_VALUES_BOTH;
  if (t.grid && o->stats)
    return cli_usage_error ("--stats needs the long layout (csv, tsv or "
                            "json, without --layout grid): a grid shows one "
                            "value per cell");
  if (t.grid && t.values == CLI_VALUES_BOTH)
    return cli_usage_error ("--values both needs the long layout (csv, tsv "
                            "or json, without --layout grid): a grid shows "
                            "one value per cell");
  if (o->interval == CLI_INTERVAL_ALWAYS
      && (t.values != CLI_VALUES_DECIMAL || o->stats))
    return cli_usage_error ("--method interval computes decimals alone; "
                            "give --values decimal (the fractions%s need "
                            "the exact recursion)",
                            o->stats ? " and --stats" : "");
  ro_decimal_t fmt;
  int rc = cli_parse_grid_ranges (o, t.a, t.d, 10);
  if (rc == CLI_EXIT_OK)
    rc = certified (&t, &fmt)
      ? cli_check_decimal_memory (o, t.a[1], t.d[1], &fmt)
      : o->rounds ? CLI_EXIT_OK  /* rows_open: with P(unresolved) or not */
      : cli_check_grid_memory (o, t.a[1], t.d[1]);
  /* --stats runs each battle's own forward pass, and so its plan.  */
  if (rc == CLI_EXIT_OK && o->stats)
    rc = cli_check_plan_memory (o, t.a[1], t.d[1]);
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_TEXT
      && t.values == CLI_VALUES_EXACT)
    rc = hold_grid (&t);
  if (rc == CLI_EXIT_OK && !certified (&t, &fmt))
    rc = rows_open (&t);
  if (rc == CLI_EXIT_OK)
    rc = print_header (&t);
  if (rc == CLI_EXIT_OK && o->stats)
    stats_progress_start (&t);
  if (rc == CLI_EXIT_OK)
    rc = table_cells (&t);
  cli_meter_hold (0);
  if (rc < 0)
    rc = cli_error ("%s", ro_strerror (rc));
  if (rc == CLI_EXIT_OK)
    print_footer (&t);
  rows_close (&t);
  free_held (&t);
  return rc;
}
