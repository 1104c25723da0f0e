/* cmd_plot.c -- riskodds plot KIND: figures of the odds */

#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plot.h"

/* Every figure's numbers come from the library's exact or certified
   values: P(win) over a grid from certified decimals of 17 significant
   digits (ro_battle_grid_decimal; a double holds them), or, where the
   dice depend on exact comparisons (the optimal policies), from the
   exact grid.  A number written in a figure is the library's correctly
   rounded decimal, as riskodds prints it.  */

#define PLOT_DIGITS 17

/* A grid of values, attackers along X (I = A - A_LO) and defenders along
   Y (J = D - D_LO), V[J * NX + I].  */
typedef struct
{
  unsigned long a[2], d[2];
  size_t nx, ny;
  double *v;
} grid_t;

/* The figure's size in FORMAT's units, pixels of a PNG, points of an
   SVG or a PDF: --size, or --width x --height (640 x 480 by default),
   at --dpi (riskodds checked them).  */
static void
figure_size (const cli_opts_t *o, plot_format_t format, double *w,
             double *h)
{
  cli_page_t page;
  if (cli_plot_page (o, &page) != CLI_EXIT_OK)
    page.width = page.height = page.px_width = page.px_height = 100;
  *w = format == PLOT_PNG ? page.px_width : page.width;
  *h = format == PLOT_PNG ? page.px_height : page.height;
}

/* The bytes of a figure of CELLS marks (cells, bars) in the format of
   -o FILE at --width x --height: a PNG's image surface, 4 bytes a pixel
   (written out as a stream: no copy of the file), and its contours'
   segments and paths (a smooth grid crosses a level in few cells: 24
   bytes a cell bound them; 1000 x 1000 cells measured 27 MiB in all);
   the recording of a vector figure (SVG, PDF), measured at about
   1.2 KiB a cell; and 16 MiB for cairo, fonts and zlib (a PNG of 640 x
   480 takes 5 MiB more than riskodds alone); *FORMAT gets the format.  */
static double
figure_memory (const cli_opts_t *o, double cells, plot_format_t *format)
{
  double w, h;
  if (o->output == NULL || plot_format_of_file (o->output, format) != 0)
    *format = PLOT_PNG;
  figure_size (o, *format, &w, &h);
  if (*format == PLOT_PNG)
    return (16 << 20) + 4 * w * h + 8 * h + 24 * cells;
  return (16 << 20) + 1536 * cells;
}

/* Refuse a figure of CELLS marks, whose values take GRIDS bytes beside
   it, when they would not fit in --max-memory with them; ENGINE is the
   larger estimate of the engines that compute the values, one after
   the other, each gone when the figure is drawn (0 when they are
   checked on their own).  */
static int
check_figure_memory (const cli_opts_t *o, double cells, double grids,
                     double engine)
{
  plot_format_t f;
  double need = fmax (figure_memory (o, cells, &f), engine) + grids;
  double w, h;
  figure_size (o, f, &w, &h);
  char what[128];
  snprintf (what, sizeof what, "%s of %.0f x %.0f %s and %.0f %s",
            f == PLOT_PNG ? "a PNG" : f == PLOT_SVG ? "an SVG" : "a PDF",
            w, h, f == PLOT_PNG ? "pixels" : "points", cells,
            cells == 1 ? "cell" : "cells");
  return cli_check_need (o, need, what);
}

static int
grid_alloc (grid_t *g)
{
  g->nx = g->a[1] - g->a[0] + 1;
  g->ny = g->d[1] - g->d[0] + 1;
  if (g->nx > 100000 || g->ny > 100000 || g->nx * g->ny > 25000000)
    return cli_usage_error ("a figure of %zu x %zu cells is too large to "
                            "draw (at most 25 million cells)", g->nx,
                            g->ny);
  g->v = malloc (g->nx * g->ny * sizeof *g->v);
  if (g->v == NULL)
    return cli_error ("out of memory");
  for (size_t k = 0; k < g->nx * g->ny; k++)
    g->v[k] = NAN;
  return CLI_EXIT_OK;
}

static double *
grid_cell (const grid_t *g, unsigned long a, unsigned long d)
{
  return &g->v[(d - g->d[0]) * g->nx + (a - g->a[0])];
}

static int
keep_decimal (void *data, unsigned long a, unsigned long d, const char *text)
{
  *grid_cell (data, a, d) = strtod (text, NULL);
  return 0;
}

/* Called from several threads at once: each writes its own cells.  */
static int
keep_exact (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  *grid_cell (data, a, d) = mpq_get_d (win);
  return 0;
}

/* P(win) of every cell of G under RULES.  */
static int
grid_win (const cli_opts_t *o, const ro_rules_t *rules, grid_t *g)
{
  cli_opts_t ro = *o;
  ro.rules = *rules;
  static const ro_decimal_t fmt = { RO_DECIMAL_DIGITS, PLOT_DIGITS, 1 };
  int rc;
  if (ro_interval_applies (rules))
    {
      rc = cli_check_decimal_memory (&ro, g->a[1], g->d[1], &fmt);
      if (rc != CLI_EXIT_OK)
        return rc;
      rc = ro_battle_grid_decimal (rules, g->a[0], g->a[1], g->d[0],
                                   g->d[1], &fmt, keep_decimal, g, NULL);
    }
  else
    {
      rc = cli_check_grid_memory (&ro, g->a[1], g->d[1]);
      if (rc != CLI_EXIT_OK)
        return rc;
      rc = ro_battle_grid_threads (rules, g->a[0], g->a[1], g->d[0],
                                   g->d[1], o->threads, keep_exact, NULL, g);
    }
  if (rc != RO_OK)
    return cli_error ("%s", ro_strerror (rc));
  return CLI_EXIT_OK;
}

/* The estimate of the engine grid_win uses under RULES up to (A, D); 0
   when there is none (grid_win's own check then says why).  */
static double
heatmap_engine (const cli_opts_t *o, const ro_rules_t *rules,
                unsigned long a, unsigned long d)
{
  static const ro_decimal_t fmt = { RO_DECIMAL_DIGITS, PLOT_DIGITS, 1 };
  double need;
  int rc = ro_interval_applies (rules)
    ? ro_battle_grid_decimal_memory (&need, rules, a, d, &fmt)
    : ro_battle_grid_memory (&need, rules, a, d, o->threads);
  return rc == RO_OK ? need : 0;
}

/* ------------------------------------------------------------------ */
/* Words                                                              */

/* The rules in a short phrase for a title: the EDITION that named
   them (NULL: none), what differs from the standard game, and how A
   counts.  Newly allocated.  */
static char *
rules_phrase_count (const ro_rules_t *r, int count, const char *edition)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream (&buf, &len);
  if (m == NULL)
    return NULL;
  const char *sep = "";
  if (edition != NULL)
    fprintf (m, "%s: ", edition);
  if (r->attack_sides != 6 || r->defend_sides != 6)
    {
      if (r->attack_sides == r->defend_sides)
        fprintf (m, "d%u dice", r->attack_sides);
      else
        fprintf (m, "d%u against d%u", r->attack_sides, r->defend_sides);
      sep = ", ";
    }
  if (r->attack_dice != 3 || r->defend_dice != 2)
    {
      fprintf (m, "%sup to %u attack and %u defence dice", sep,
               r->attack_dice, r->defend_dice);
      sep = ", ";
    }
  if (r->attack_bonus != 0)
    {
      fprintf (m, "%sattacker's highest die %+d", sep, r->attack_bonus);
      sep = ", ";
    }
  if (r->defend_bonus != 0)
    {
      fprintf (m, "%sdefender's highest die %+d", sep, r->defend_bonus);
      sep = ", ";
    }
  if (r->ties == RO_TIES_ATTACKER)
    {
      fprintf (m, "%sties to the attacker", sep);
      sep = ", ";
    }
  /* Risk 2210 A.D.'s d8: a station makes every defence die one, so the
     defender's commanders then change nothing.  */
  if (r->attack_commanders != 0)
    {
      fprintf (m, "%s%lu attacking commander%s", sep, r->attack_commanders,
               r->attack_commanders == 1 ? "" : "s");
      sep = ", ";
    }
  if (r->defend_station)
    {
      fprintf (m, "%sa space station", sep);
      sep = ", ";
    }
  else if (r->defend_commanders != 0)
    {
      fprintf (m, "%s%lu defending commander%s", sep, r->defend_commanders,
               r->defend_commanders == 1 ? "" : "s");
      sep = ", ";
    }
  if (r->defender != RO_DEFENDER_MAX)
    {
      fprintf (m, "%sdefender %s", sep, cli_defender_name (r->defender));
      sep = ", ";
    }
  if (r->attacker != RO_ATTACKER_MAX)
    {
      fprintf (m, "%sattacker %s", sep, cli_attacker_name (r->attacker));
      sep = ", ";
    }
  if (r->stop != 0)
    {
      fprintf (m, "%sstop at %lu", sep, r->stop);
      sep = ", ";
    }
  if (r->goal != 0)
    {
      fprintf (m, "%sgoal %lu", sep, r->goal);
      sep = ", ";
    }
  if (*sep == '\0')
    fputs ("standard rules", m);
  if (count)
    fprintf (m, "; A counts %s", r->count == RO_COUNT_TERRITORY
             ? "the territory's armies" : "the fighting armies");
  if (fclose (m) != 0)
    {
      free (buf);
      return NULL;
    }
  return buf;
}

static char *
rules_phrase (const ro_rules_t *r)
{
  return rules_phrase_count (r, 1, cli_edition_name ());
}

/* A title of lines built with printf; newly allocated.  */
static char *
make_title (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

static char *
make_title (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  char *s = n < 0 ? NULL : malloc ((size_t) n + 1);
  if (s != NULL)
    {
      va_start (ap, fmt);
      vsnprintf (s, (size_t) n + 1, fmt, ap);
      va_end (ap);
    }
  return s;
}

/* ------------------------------------------------------------------ */
/* Options                                                            */

/* The levels of --levels (by default 0.5, 0.8 and 0.9): numbers strictly
   between LO and HI, their text kept as the contours' labels.  */
typedef struct
{
  size_t n;
  double v[32];
  char *label[32];
} levels_t;

static void
levels_clear (levels_t *l)
{
  for (size_t k = 0; k < l->n; k++)
    free (l->label[k]);
  l->n = 0;
}

static int
parse_levels (levels_t *l, const char *arg, double lo, double hi)
{
  l->n = 0;
  if (arg == NULL || *arg == '\0')
    return CLI_EXIT_OK;         /* --levels= : no contours */
  /* One strict list (cli_split_list): "0.5," and " 0.5" are refused as
     ",0.5" and "0.5 " are, and each item a plain decimal ("0x0.8" is
     not one).  */
  char *copy, *item[32];
  size_t n;
  int bad = cli_split_list (&copy, item, 32, &n, arg) != 0;
  for (size_t k = 0; k < n && !bad; k++)
    {
      double v;
      bad = !cli_plain_decimal (&v, item[k]) || !(v > lo && v < hi);
      if (!bad && (l->label[l->n] = strdup (item[k])) == NULL)
        bad = 1;
      if (!bad)
        l->v[l->n++] = v;
    }
  free (copy);
  if (!bad)
    return CLI_EXIT_OK;
  levels_clear (l);
  return cli_usage_error ("invalid --levels '%s' (expected up to 32 numbers "
                          "between %g and %g, separated by commas)", arg, lo,
                          hi);
}

/* The figure's page: -o FILE's format, --width and --height.  */
static int
figure_open (plot_fig_t *fig, const cli_opts_t *o)
{
  plot_format_t format;
  if (o->output == NULL || strcmp (o->output, "-") == 0)
    return cli_usage_error ("plot writes a file: give -o FILE ending in "
                            ".svg, .pdf or .png");
  if (plot_format_of_file (o->output, &format) != 0)
    return cli_usage_error ("-o %s: plot writes .svg, .pdf or .png (the "
                            "extension names the format)", o->output);
  cli_page_t page;
  int rc = cli_plot_page (o, &page);
  if (rc != CLI_EXIT_OK)
    return rc;
  plot_set_theme (o->theme);
  if (plot_open (fig, format, page.width, page.height, page.px_width,
                 page.px_height, page.scale,
                 o->font ? o->font : "sans-serif") != 0)
    return cli_error ("cairo cannot start a figure of %g x %g", page.width,
                      page.height);
  if (o->font_size > 0)
    fig->font = o->font_size;
  fig->dpi = format == PLOT_PNG ? o->dpi : 0;
  return CLI_EXIT_OK;
}

static int
figure_close (plot_fig_t *fig, const char *area)
{
  if (plot_close (fig, area) != 0)
    return cli_error ("cairo failed to draw the figure");
  return CLI_EXIT_OK;
}

/* The PNG's "riskodds plot area" text: the rectangle of the cells in
   pixels and the values along its sides, for the tests to find cells.  */
static char *
area_text (const plot_fig_t *fig, const plot_area_t *a)
{
  double k = fig->scale;
  return make_title ("%.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g",
                     a->x0 * k, a->y0 * k, a->x1 * k, a->y1 * k, a->ux0,
                     a->ux1, a->uy0, a->uy1);
}

/* The title shown: --title's, else the figure's own OWN.  */
static const char *
shown_title (const cli_opts_t *o, const char *own)
{
  return o->title ? o->title : own;
}

/* The lines of TEXT (none when it is empty).  */
static int
title_lines (const char *text)
{
  int lines = *text != '\0';
  for (const char *p = text; *p; p++)
    lines += *p == '\n';
  return lines;
}

/* The PNG's and PDF's title: the one shown, else the figure's own.  */
static char *
meta_title (const cli_opts_t *o, const char *own)
{
  return strdup (o->title && *o->title ? o->title : own);
}

/* The cells of a grid in its area, X and Y ranges in cells.  */
static void
grid_area (plot_area_t *a, const grid_t *g)
{
  a->ux0 = (double) g->a[0] - 0.5;
  a->ux1 = (double) g->a[1] + 0.5;
  a->uy0 = (double) g->d[0] - 0.5;
  a->uy1 = (double) g->d[1] + 0.5;
}

static plot_rgb_t
scale_palette (void *data, double v)
{
  return plot_palette_color (*(const plot_palette_t *) data, v);
}

/* A palette over [LO, HI] (the exponents of a log scale).  */
typedef struct
{
  plot_palette_t palette;
  double lo, hi;
} log_scale_t;

static plot_rgb_t
scale_log (void *data, double v)
{
  const log_scale_t *l = data;
  return plot_palette_color (l->palette, (v - l->lo) / (l->hi - l->lo));
}

/* The diverging scale over [-MAX, MAX].  */
static plot_rgb_t
scale_diverging (void *data, double v)
{
  return plot_diverging_color (v / *(const double *) data);
}

/* A grid figure: cells coloured by SCALE, contours, axes, the colour
   bar from BLO to BHI (LOG: exponents) titled BAR_TITLE, and MARKS on
   it; then hook DECORATE, for the marks of a kind.  */
typedef struct
{
  const char *title, *bar_title;
  plot_scale_fn scale;
  void *data;
  double blo, bhi;
  int log;
  const levels_t *levels;
  void (*decorate) (plot_fig_t *, const plot_area_t *, void *);
  void *decorate_data;
} grid_figure_t;

static int
draw_grid_figure (const cli_opts_t *o, const grid_t *g,
                  const grid_figure_t *gf)
{
  plot_fig_t fig;
  plot_area_t a, bar;
  int rc = figure_open (&fig, o);
  if (rc != CLI_EXIT_OK)
    return rc;
  const char *title = shown_title (o, gf->title);
  fig.title = meta_title (o, gf->title);
  plot_layout (&fig, &a, &bar, title_lines (title));
  grid_area (&a, g);
  plot_cells (&fig, &a, g->v, g->nx, g->ny, gf->scale, gf->data);
  size_t nl = gf->levels ? gf->levels->n : 0;
  if (nl > 0 && plot_contours (&fig, &a, g->v, g->nx, g->ny, gf->levels->v,
                               gf->levels->label, nl) != 0)
    rc = cli_error ("out of memory");
  if (gf->decorate)
    gf->decorate (&fig, &a, gf->decorate_data);
  plot_axes (&fig, &a, 1, 1, o->rules.count == RO_COUNT_TERRITORY
             ? "A, attacking armies (the territory's)"
             : "A, attacking armies (fighting)", "D, defending armies");
  bar.uy0 = gf->blo;
  bar.uy1 = gf->bhi;
  plot_colorbar (&fig, &bar, gf->scale, gf->data, gf->log, gf->bar_title,
                 nl ? gf->levels->v : NULL, nl);
  plot_title (&fig, title);
  char *area = area_text (&fig, &a);
  int rc2 = figure_close (&fig, area);
  free (area);
  return rc != CLI_EXIT_OK ? rc : rc2;
}

/* ------------------------------------------------------------------ */
/* heatmap                                                            */

/* The end of a symmetric colour bar for differences up to MAX in size:
   the least round number at least MAX (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8
   times a power of ten), so that the colours use most of the scale
   whatever the data reach; 0.01 when nothing changes.  */
static double
nice_bound (double max)
{
  static const double mult[] = { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10 };
  if (!(max > 0))
    return 0.01;
  /* A hair under MAX, so that a difference of exactly a round number
     (-1/4 read back as -0.25000000000000006) keeps its bar.  */
  double m = max * (1 - 1e-9), p = pow (10, floor (log10 (m)));
  for (size_t k = 0; k < sizeof mult / sizeof *mult; k++)
    if (mult[k] * p >= m)
      return mult[k] * p;
  return 10 * p;
}

static int
plot_heatmap (const cli_opts_t *o, grid_t *g)
{
  levels_t levels = { 0 };
  plot_palette_t palette = (plot_palette_t) o->palette;
  int compare = o->compare != NULL;
  int rc = compare ? parse_levels (&levels, o->levels, -1, 1)
    : parse_levels (&levels, o->levels ? o->levels : "0.5,0.8,0.9", 0, 1);
  if (rc == CLI_EXIT_OK)
    rc = grid_win (o, &o->rules, g);
  double max = 0;
  grid_t h = *g;
  h.v = NULL;
  if (rc == CLI_EXIT_OK && compare)
    {
      rc = grid_alloc (&h);
      if (rc == CLI_EXIT_OK)
        rc = grid_win (o, &o->compare_rules, &h);
      for (size_t k = 0; rc == CLI_EXIT_OK && k < g->nx * g->ny; k++)
        {
          g->v[k] = h.v[k] - g->v[k];
          max = fmax (max, fabs (g->v[k]));
        }
      max = nice_bound (max);
    }
  char *phrase = rules_phrase_count (&o->rules, !compare,
                                     cli_edition_name ());
  char *phrase2 = compare ? rules_phrase_count (&o->compare_rules, 0,
                                                o->compare_edition) : NULL;
  char *title = NULL;
  if (rc == CLI_EXIT_OK && phrase && (!compare || phrase2))
    title = compare
      ? make_title ("What a change of rules does to P(attacker conquers)\n"
                    "P(win) with %s\nminus P(win) with %s; A counts %s",
                    phrase2, phrase, o->rules.count == RO_COUNT_TERRITORY
                    ? "the territory's armies" : "the fighting armies")
      : make_title ("P(attacker conquers territory)\n%s", phrase);
  if (rc == CLI_EXIT_OK && title == NULL)
    rc = cli_error ("out of memory");
  if (rc == CLI_EXIT_OK)
    {
      grid_figure_t gf = {
        title, compare ? "change in P(win)" : "P(win)",
        compare ? scale_diverging : scale_palette,
        compare ? (void *) &max : (void *) &palette,
        compare ? -max : 0, compare ? max : 1, 0, &levels, NULL, NULL
      };
      rc = draw_grid_figure (o, g, &gf);
    }
  free (title);
  free (phrase);
  free (phrase2);
  free (h.v);
  levels_clear (&levels);
  return rc;
}

/* ------------------------------------------------------------------ */
/* policy                                                             */

typedef struct
{
  const grid_t *g;
  unsigned char *fewer;         /* the attacker rolls fewer dice */
} policy_marks_t;

/* A white dot with a dark rim where the attacker rolls fewer dice than
   he may.  */
static void
mark_attacker (plot_fig_t *fig, const plot_area_t *a, void *data)
{
  policy_marks_t *m = data;
  const grid_t *g = m->g;
  cairo_t *cr = fig->cr;
  double cw = fabs (plot_x (a, 1) - plot_x (a, 0));
  double ch = fabs (plot_y (a, 1) - plot_y (a, 0));
  double r = fmax (1, 0.22 * fmin (cw, ch));
  for (size_t j = 0; j < g->ny; j++)
    for (size_t i = 0; i < g->nx; i++)
      if (m->fewer[j * g->nx + i])
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, plot_x (a, (double) (g->a[0] + i)),
                     plot_y (a, (double) (g->d[0] + j)), r, 0, 2 * M_PI);
        }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, fmax (0.5, r / 4));
  cairo_stroke (cr);
}

/* The share of the attack rolls in state (A, D) that the defender
   answers with fewer dice than he may (NaN when he has no choice), and
   whether the attacker rolls fewer dice than he may.  */
static int
policy_cell (const ro_plan_t *plan, ro_rolls_t rolls[][RO_DICE_MAX + 1],
             unsigned long a, unsigned long d, double *share, int *fewer)
{
  ro_choice_t c;
  *share = NAN;
  *fewer = 0;
  int rc = ro_plan_choice (&c, plan, a, d);
  if (rc != RO_OK || c.attack_dice == 0)
    return rc;
  *fewer = c.attack_dice < c.most_attack_dice;
  if (c.most_defend_dice < 2)
    return RO_OK;
  ro_rolls_t *r = &rolls[c.attack_dice][c.most_defend_dice];
  if (r->n == 0)
    {
      rc = ro_rolls (r, &plan->rules, c.attack_dice, c.most_defend_dice);
      if (rc != RO_OK)
        return rc;
    }
  double all = 0, less = 0;
  for (size_t i = 0; i < r->n; i++)
    {
      all += (double) r->weight[i];
      if (ro_plan_defend_dice (plan, a, d, i) < c.most_defend_dice)
        less += (double) r->weight[i];
    }
  *share = less / all;
  return RO_OK;
}

static int
plot_policy (const cli_opts_t *o, grid_t *g)
{
  ro_rules_t rules = o->rules;
  if (!(o->policy_given & 1))
    rules.defender = RO_DEFENDER_OPTIMAL;
  if (!(o->policy_given & 2))
    rules.attacker = RO_ATTACKER_OPTIMAL;
  if (rules.defender == RO_DEFENDER_WIERINGA_ROLLED)
    return cli_usage_error ("plot policy shows one answer per attack roll "
                            "class; --defender wieringa-rolled answers by "
                            "the order of the dice");
  cli_opts_t ro = *o;
  ro.rules = rules;
  int rc = cli_check_plan_memory (&ro, g->a[1], g->d[1]);
  if (rc != CLI_EXIT_OK)
    return rc;
  ro_plan_t plan;
  ro_rolls_t rolls[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  ro_plan_init (&plan);
  for (unsigned i = 0; i <= RO_DICE_MAX; i++)
    for (unsigned j = 0; j <= RO_DICE_MAX; j++)
      ro_rolls_init (&rolls[i][j]);
  policy_marks_t marks = { g, calloc (g->nx * g->ny, 1) };
  if (marks.fewer == NULL)
    rc = cli_error ("out of memory");
  int lrc = rc == CLI_EXIT_OK ? ro_plan_solve (&plan, &rules, g->a[1],
                                               g->d[1]) : RO_OK;
  size_t nfewer = 0;
  for (unsigned long d = g->d[0]; lrc == RO_OK && d <= g->d[1]; d++)
    for (unsigned long a = g->a[0]; lrc == RO_OK && a <= g->a[1]; a++)
      {
        int f;
        lrc = policy_cell (&plan, rolls, a, d, grid_cell (g, a, d), &f);
        marks.fewer[(d - g->d[0]) * g->nx + (a - g->a[0])] = f;
        nfewer += f;
      }
  if (rc == CLI_EXIT_OK && lrc != RO_OK)
    rc = cli_error ("%s", ro_strerror (lrc));
  char *phrase = rules_phrase (&rules), *title = NULL;
  if (rc == CLI_EXIT_OK && phrase)
    title = make_title ("Where the defender rolls fewer dice than he may\n"
                        "%s\nhatched: no choice%s", phrase, nfewer
                        ? "; dots: the attacker rolls fewer dice than he may"
                        : " (one defender, or no attack)");
  if (rc == CLI_EXIT_OK && title == NULL)
    rc = cli_error ("out of memory");
  if (rc == CLI_EXIT_OK)
    {
      plot_palette_t palette = (plot_palette_t) o->palette;
      grid_figure_t gf = {
        title, "share of the attack rolls", scale_palette, &palette,
        0, 1, 0, NULL, mark_attacker, &marks
      };
      rc = draw_grid_figure (o, g, &gf);
    }
  free (title);
  free (phrase);
  free (marks.fewer);
  ro_plan_clear (&plan);
  for (unsigned i = 0; i <= RO_DICE_MAX; i++)
    for (unsigned j = 0; j <= RO_DICE_MAX; j++)
      ro_rolls_clear (&rolls[i][j]);
  return rc;
}

/* ------------------------------------------------------------------ */
/* float                                                              */

typedef struct
{
  grid_t *g;
  double *twin;                 /* the doubles, as the grid's cells */
  mpq_t x, err, ulp;
  cli_worst_t worst;
} float_t_;

static int
keep_twin (void *data, unsigned long a, unsigned long d, double win)
{
  float_t_ *f = data;
  grid_t *g = f->g;
  f->twin[(d - g->d[0]) * g->nx + (a - g->a[0])] = win;
  return 0;
}

/* A cell's error in ULPs, as verify --float measures it, exactly; the
   cell keeps its log10 (-inf when the double is exact).  */
static int
twin_error (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  float_t_ *f = data;
  grid_t *g = f->g;
  double *cell = grid_cell (g, a, d);
  if (mpq_sgn (win) == 0)
    {
      *cell = f->twin[cell - g->v] == 0 ? -INFINITY : INFINITY;
      return 0;
    }
  mpq_set_d (f->x, f->twin[cell - g->v]);
  mpq_sub (f->err, f->x, win);
  mpq_abs (f->err, f->err);
  cli_ulp_of (f->ulp, win);
  mpq_div (f->err, f->err, f->ulp);
  cli_worst_update (&f->worst, f->err, a, d, 0);
  *cell = mpq_sgn (f->err) == 0 ? -INFINITY : log10 (mpq_get_d (f->err));
  return 0;
}

static int
plot_float (const cli_opts_t *o, grid_t *g)
{
  float_t_ f;
  f.g = g;
  f.twin = malloc (g->nx * g->ny * sizeof *f.twin);
  if (f.twin == NULL)
    return cli_error ("out of memory");
  mpq_inits (f.x, f.err, f.ulp, (mpq_ptr) 0);
  cli_worst_init (&f.worst);
  int rc = cli_check_memory (o, g->a[1], g->d[1]);
  int lrc = RO_OK;
  if (rc == CLI_EXIT_OK)
    lrc = ro_battle_grid_double (&o->rules, g->a[0], g->a[1], g->d[0],
                                 g->d[1], keep_twin, &f);
  if (rc == CLI_EXIT_OK && lrc == RO_OK)
    lrc = ro_battle_grid (&o->rules, g->a[0], g->a[1], g->d[0], g->d[1],
                          twin_error, &f);
  if (rc == CLI_EXIT_OK && lrc != RO_OK)
    rc = cli_error ("%s", lrc == RO_EINVAL ? "plot float measures the "
                    "double recursion of the standard dice policies "
                    "(--defender max, --attacker max)" : ro_strerror (lrc));
  char *worst = NULL, *phrase = NULL, *title = NULL;
  if (rc == CLI_EXIT_OK)
    {
      worst = f.worst.found ? cli_decimal (f.worst.size, 3) : strdup ("0");
      phrase = rules_phrase (&o->rules);
      if (worst && phrase)
        title = f.worst.found && mpq_sgn (f.worst.size) > 0
          ? make_title ("Error of P(win) in double precision, in ULPs\n"
                        "largest %s at %lu v %lu; %s", worst, f.worst.a,
                        f.worst.d, phrase)
          : make_title ("Error of P(win) in double precision, in ULPs\n"
                        "none; %s", phrase);
      if (title == NULL)
        rc = cli_error ("out of memory");
    }
  if (rc == CLI_EXIT_OK)
    {
      /* From 0.1 ULP (and the exact cells) up to the decade of the
         largest error, at least 10 ULPs.  */
      double hi = 1;
      for (size_t k = 0; k < g->nx * g->ny; k++)
        if (isfinite (g->v[k]))
          hi = fmax (hi, ceil (g->v[k] - 1e-9));
      for (size_t k = 0; k < g->nx * g->ny; k++)
        g->v[k] = fmin (fmax (g->v[k], -1), hi);
      log_scale_t ls = { (plot_palette_t) o->palette, -1, hi };
      grid_figure_t gf = {
        title, "error in ULPs (log scale)", scale_log, &ls,
        -1, hi, 1, NULL, NULL, NULL
      };
      rc = draw_grid_figure (o, g, &gf);
    }
  free (worst);
  free (phrase);
  free (title);
  free (f.twin);
  mpq_clears (f.x, f.err, f.ulp, (mpq_ptr) 0);
  cli_worst_clear (&f.worst);
  return rc;
}

/* ------------------------------------------------------------------ */
/* dist                                                               */

/* The bars' colours: the attacker's wins and the defender's holds, two
   far-apart colours of viridis, and the battles still going on after
   --rounds in a warm orange that neither is near.  */
static const plot_rgb_t win_color = { 0.208, 0.718, 0.475 };
static const plot_rgb_t hold_color = { 0.231, 0.322, 0.545 };
static const plot_rgb_t open_color = { 0.902, 0.541, 0.184 };

/* The group of an end: 0 the attacker's wins, 1 the battles still going
   on, 2 the defender's holds (--dist's order).  */
static int
end_group (const ro_outcome_t *e)
{
  return e->won ? 0 : e->unresolved ? 1 : 2;
}

/* Where the bars stand along X: in --dist's order, GAP bars' room left
   empty between groups.  POS gets each bar's place; returns the room
   of all.  */
static double
dist_places (const ro_dist_t *dist, double gap, double *pos)
{
  double x = 0;
  for (size_t k = 0; k < dist->n; k++)
    {
      if (k > 0 && end_group (&dist->outcome[k])
          != end_group (&dist->outcome[k - 1]))
        x += gap;
      pos[k] = x;
      x += 1;
    }
  return x;
}

/* A bar's label: the winner's armies left; for a battle still going on
   both sides', "A:D".  */
static void
end_label (char *buf, size_t size, const ro_outcome_t *e)
{
  if (e->unresolved)
    snprintf (buf, size, "%lu:%lu", e->attackers, e->defenders);
  else
    snprintf (buf, size, "%lu", e->won ? e->attackers : e->defenders);
}

static double
text_width (plot_fig_t *fig, const char *text, double size)
{
  cairo_text_extents_t te;
  cairo_save (fig->cr);
  cairo_set_font_size (fig->cr, size);
  cairo_text_extents (fig->cr, text, &te);
  cairo_restore (fig->cr);
  return te.x_advance;
}

/* Which bars of the group [K0, K1) get a label in LABEL: for wins and
   holds both ends of the group (where it starts and stops), then those
   between whose armies are a multiple of the least round step (1, 2,
   5, 10, 20 ...) that keeps labels GAP apart and that are GAP from the
   ends; for the battles going on (pairs, no round numbers) every so
   many from the first.  */
static void
group_labels (const ro_dist_t *dist, const double *pos, size_t k0,
              size_t k1, double bar, double gap, unsigned char *label)
{
  const ro_outcome_t *o = dist->outcome;
  double room = gap / bar;      /* bars between labels, at least */
  if (o[k0].unresolved)
    {
      size_t every = (size_t) ceil (room - 1e-9);
      for (size_t k = k0; k < k1; k++)
        label[k] = (k - k0) % (every ? every : 1) == 0;
      return;
    }
  unsigned long step = 1;
  for (int m = 0; (double) step < room; m = (m + 1) % 3)
    step = m == 1 ? step / 2 * 5 : step * 2;
  label[k0] = 1;
  if (k1 - 1 > k0)
    label[k1 - 1] = (pos[k1 - 1] - pos[k0]) * bar >= gap;
  unsigned long last = o[k0].won ? o[k0].attackers : o[k0].defenders;
  for (size_t k = k0 + 1; k + 1 < k1; k++)
    {
      unsigned long v = o[k].won ? o[k].attackers : o[k].defenders;
      label[k] = v % step == 0 && v != last
        && (pos[k] - pos[k0]) * bar >= gap
        && (pos[k1 - 1] - pos[k]) * bar >= gap;
      if (label[k])
        last = v;
    }
}

/* The room between groups, in bars: one at least, and enough for the
   last label of a group and the first of the next not to touch when
   the bars are narrow (at most a fifth of the bars, though).  WIDTH is
   the room of the bars in the figure's units.  */
static double
dist_gap (plot_fig_t *fig, const ro_dist_t *dist, double width)
{
  char buf[64];
  double wmax = 0, f = fig->font;
  size_t groups = 1;
  for (size_t k = 0; k < dist->n; k++)
    {
      end_label (buf, sizeof buf, &dist->outcome[k]);
      wmax = fmax (wmax, text_width (fig, buf, f));
      groups += k > 0 && end_group (&dist->outcome[k])
        != end_group (&dist->outcome[k - 1]);
    }
  double gap = 1, n = (double) dist->n;
  while (gap < fmax (1, n / 5) && (gap + 1) * width
         / (n + gap * (double) (groups - 1)) < wmax + 0.8 * f)
    gap++;
  return gap;
}

/* The ends of DIST as bars in A (X: the ends in --dist's order, Y:
   their probabilities), the cumulative sums as a line on the right
   scale (0 to 1).  ROUNDS: the limit of rounds, 0 for none.  */
static int
draw_dist (plot_fig_t *fig, const plot_area_t *a, const ro_dist_t *dist,
           const double *pos, unsigned long rounds)
{
  cairo_t *cr = fig->cr;
  double f = fig->font, cum = 0, bw = 0.8;
  char buf[64];
  unsigned char *label = calloc (dist->n + 1, 1);
  if (label == NULL)
    return -1;
  cairo_save (cr);
  for (size_t k = 0; k < dist->n; k++)
    {
      const ro_outcome_t *e = &dist->outcome[k];
      double p = mpq_get_d (e->p);
      plot_rgb_t c = e->won ? win_color : e->unresolved ? open_color
        : hold_color;
      cairo_set_source_rgb (cr, c.r, c.g, c.b);
      double x0 = plot_x (a, pos[k] - bw / 2);
      double x1 = plot_x (a, pos[k] + bw / 2);
      cairo_rectangle (cr, x0, plot_y (a, p), x1 - x0,
                       plot_y (a, 0) - plot_y (a, p));
      cairo_fill (cr);
    }
  /* The cumulative curve on the right scale: Y from 0 to 1 over the
     same height.  */
  plot_area_t right = *a;
  right.uy0 = 0;
  right.uy1 = 1;
  plot_set_rgb (cr, plot_ink ());
  cairo_set_line_width (cr, fmax (1, f / 8));
  for (size_t k = 0; k < dist->n; k++)
    {
      cum += mpq_get_d (dist->outcome[k].p);
      double x = plot_x (a, pos[k]), y = plot_y (&right, cum);
      if (k == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cum = 0;
  for (size_t k = 0; k < dist->n; k++)
    {
      cum += mpq_get_d (dist->outcome[k].p);
      cairo_new_sub_path (cr);
      cairo_arc (cr, plot_x (a, pos[k]), plot_y (&right, cum),
                 fmax (1.5, f / 5), 0, 2 * M_PI);
    }
  cairo_fill (cr);
  /* The right axis.  */
  cairo_set_line_width (cr, fmax (0.8, f / 12));
  for (int k = 0; k <= 5; k++)
    {
      double y = plot_y (&right, k / 5.0);
      cairo_move_to (cr, a->x1, y);
      cairo_line_to (cr, a->x1 + 0.4 * f, y);
      snprintf (buf, sizeof buf, "%.1f", k / 5.0);
      plot_text (fig, buf, a->x1 + 0.6 * f, y, 0, 0.5, f, 0, 0);
    }
  cairo_stroke (cr);
  plot_text (fig, "cumulative (line)", a->x1 + 3.2 * f,
             (a->y0 + a->y1) / 2, 0.5, 0, f, 1, 0);
  /* Each group's labels, then its name below, on a second row when the
     one before it is in the way.  */
  double bar = plot_x (a, 1) - plot_x (a, 0), prev_end = -INFINITY;
  for (size_t k0 = 0; k0 < dist->n;)
    {
      size_t k1 = k0 + 1;
      int g = end_group (&dist->outcome[k0]);
      while (k1 < dist->n && end_group (&dist->outcome[k1]) == g)
        k1++;
      double wmax = 0;
      for (size_t k = k0; k < k1; k++)
        {
          end_label (buf, sizeof buf, &dist->outcome[k]);
          wmax = fmax (wmax, text_width (fig, buf, f));
        }
      group_labels (dist, pos, k0, k1, bar, wmax + 0.8 * f, label);
      for (size_t k = k0; k < k1; k++)
        if (label[k])
          {
            double x = plot_x (a, pos[k]);
            cairo_move_to (cr, x, a->y1);
            cairo_line_to (cr, x, a->y1 + 0.4 * f);
            end_label (buf, sizeof buf, &dist->outcome[k]);
            plot_text (fig, buf, x, a->y1 + 0.6 * f, 0.5, 0, f, 0, 0);
          }
      cairo_stroke (cr);
      if (g == 1)
        snprintf (buf, sizeof buf, "still fighting after %lu %s: A:D left",
                  rounds, rounds == 1 ? "round" : "rounds");
      const char *name = g == 0 ? "attacker conquers: his armies left"
        : g == 1 ? buf : "defender holds: his armies left";
      double w = text_width (fig, name, f);
      double x = (plot_x (a, pos[k0]) + plot_x (a, pos[k1 - 1])) / 2;
      x = fmin (fmax (x, w / 2 + 0.5 * f), fig->width - w / 2 - 0.5 * f);
      int row = x - w / 2 < prev_end + f;
      plot_text (fig, name, x, a->y1 + (2 + 1.3 * row) * f, 0.5, 0, f, 0, 0);
      prev_end = row ? prev_end : x + w / 2;
      k0 = k1;
    }
  cairo_restore (cr);
  free (label);
  return 0;
}

/* A probability for a title: 4 places ("0.3627", "1.0000", "0.0000");
   one too small for them but not 0, to 2 significant digits.  */
static char *
title_probability (const mpq_t q)
{
  char *s;
  int rc;
  if (mpq_sgn (q) > 0 && mpq_cmp_si (q, 1, 20000) < 0)
    rc = ro_q_get_decimal (&s, q, 2);
  else
    rc = ro_q_get_fixed (&s, q, 4);
  return rc == RO_OK ? s : NULL;
}

static int
plot_dist (const cli_opts_t *o, int argc, char **argv)
{
  unsigned long a, d;
  int rc = cli_parse_battle (o, argc, argv, &a, &d);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_battle_memory (o, a, d, 1);
  /* A bar for each end, at most A + D + 1 of them, and their places.  */
  if (rc == CLI_EXIT_OK)
    rc = check_figure_memory (o, (double) a + d + 1,
                              16 * ((double) a + d + 2), 0);
  if (rc != CLI_EXIT_OK)
    return rc;
  ro_dist_t dist;
  ro_dist_init (&dist);
  int lrc = o->rounds
    ? ro_battle_dist_rounds (&dist, &o->rules, a, d, o->rounds)
    : ro_battle_dist_method (&dist, &o->rules, a, d, o->method);
  if (lrc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  char *win = NULL, *open = NULL, *phrase = NULL, *title = NULL;
  double *pos = NULL;
  if (rc == CLI_EXIT_OK)
    {
      win = title_probability (dist.win);
      open = title_probability (dist.unresolved);
      phrase = rules_phrase (&o->rules);
      pos = malloc ((dist.n + 1) * sizeof *pos);
      if (win && open && phrase && pos)
        title = o->rounds
          ? make_title ("How %lu against %lu stands after %lu %s at most"
                        "\nP(attacker conquers) = %s, P(still fighting) ="
                        " %s\n%s", a, d, o->rounds, o->rounds == 1
                        ? "round" : "rounds", win, open, phrase)
          : make_title ("How %lu against %lu ends: P(attacker "
                        "conquers) = %s\n%s", a, d, win, phrase);
      if (title == NULL)
        rc = cli_error ("out of memory");
    }
  plot_fig_t fig;
  if (rc == CLI_EXIT_OK)
    rc = figure_open (&fig, o);
  if (rc == CLI_EXIT_OK)
    {
      plot_area_t area;
      fig.title = meta_title (o, title);
      plot_layout (&fig, &area, NULL, o->title ? title_lines (o->title)
                   : o->rounds ? 3 : 2);
      area.x1 -= 4 * fig.font;
      area.y1 -= 1.2 * fig.font;
      double pmax = 0, first, step;
      for (size_t k = 0; k < dist.n; k++)
        pmax = fmax (pmax, mpq_get_d (dist.outcome[k].p));
      /* The probability axis to the first tick at or above the tallest
         bar, and never above 1.  */
      size_t nt = plot_ticks (0, pmax, 5, 0, &first, &step);
      area.ux0 = -0.6;
      area.ux1 = dist_places (&dist, dist_gap (&fig, &dist, area.x1
                                               - area.x0), pos) - 0.4;
      area.uy0 = 0;
      area.uy1 = first + (double) (nt - 1) * step;
      if (area.uy1 < pmax * (1 - 1e-9))
        area.uy1 += step;
      area.uy1 = fmin (area.uy1, 1);
      if (draw_dist (&fig, &area, &dist, pos, o->rounds) != 0)
        rc = cli_error ("out of memory");
      plot_axes (&fig, &area, -1, 0, NULL, "probability of the end (bars)");
      plot_title (&fig, shown_title (o, title));
      char *at = area_text (&fig, &area);
      int rc2 = figure_close (&fig, at);
      rc = rc != CLI_EXIT_OK ? rc : rc2;
      free (at);
    }
  free (pos);
  ro_free_str (win);
  ro_free_str (open);
  free (phrase);
  free (title);
  ro_dist_clear (&dist);
  return rc;
}

/* ------------------------------------------------------------------ */

int
cmd_plot (const cli_opts_t *o, int argc, char **argv)
{
  if (argc < 1)
    return cli_usage_error ("plot needs a kind: heatmap, dist, policy or "
                            "float");
  const char *kind = argv[0];
  if (strcmp (kind, "heatmap") != 0 && strcmp (kind, "policy") != 0
      && strcmp (kind, "float") != 0 && strcmp (kind, "dist") != 0)
    return cli_usage_error ("invalid plot kind '%s' (expected heatmap, "
                            "dist, policy or float)", kind);
  if (o->compare && strcmp (kind, "heatmap") != 0)
    return cli_usage_error ("--compare applies only to 'plot heatmap'");
  if (o->levels && strcmp (kind, "heatmap") != 0)
    return cli_usage_error ("--levels applies only to 'plot heatmap'");
  if (o->rounds && strcmp (kind, "dist") != 0)
    return cli_usage_error ("--rounds applies only to 'plot dist' (one "
                            "battle)");
  if (strcmp (kind, "dist") == 0)
    return plot_dist (o, argc - 1, argv + 1);
  if (argc > 1)
    return cli_usage_error ("plot %s takes no operands ('%s'); give the "
                            "grid with --attackers and --defenders", kind,
                            argv[1]);
  grid_t g;
  memset (&g, 0, sizeof g);
  int rc = cli_parse_grid_ranges (o, g.a, g.d, strcmp (kind, "float") == 0
                                  ? 100 : strcmp (kind, "policy") == 0
                                  ? 20 : 30);
  /* The grid's values (two grids to --compare) beside the figure, or
     beside a heatmap's engines.  */
  double cells = (g.a[1] - g.a[0] + 1.0) * (g.d[1] - g.d[0] + 1.0);
  double engine = 0;
  if (rc == CLI_EXIT_OK && strcmp (kind, "heatmap") == 0)
    engine = fmax (heatmap_engine (o, &o->rules, g.a[1], g.d[1]),
                   o->compare ? heatmap_engine (o, &o->compare_rules,
                                                g.a[1], g.d[1]) : 0);
  if (rc == CLI_EXIT_OK && cells <= 25000000)
    rc = check_figure_memory (o, cells, (o->compare ? 2 : 1) * cells
                              * sizeof (double), engine);
  if (rc == CLI_EXIT_OK)
    rc = grid_alloc (&g);
  if (rc == CLI_EXIT_OK)
    rc = strcmp (kind, "heatmap") == 0 ? plot_heatmap (o, &g)
      : strcmp (kind, "policy") == 0 ? plot_policy (o, &g)
      : plot_float (o, &g);
  free (g.v);
  return rc;
}
