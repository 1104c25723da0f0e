/* verify_float.c -- riskodds verify --float: what double precision loses */

#include <config.h>

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "cli.h"

/* Every floating-point calculator runs the same recursion in double.
   Here it runs beside the exact one over a grid (ro_battle_grid_double,
   the library's double twin), and every cell's double is compared with
   the exact rational: errors in absolute, relative and ULP terms, the
   cells where the double is not the exact value correctly rounded, and
   where it fails outright -- a probability that underflows to 0, or one
   so near 1 that it becomes 1 and the defender's chance is lost.  */

/* A count of failing cells, and the first one.  */
typedef struct
{
  unsigned long n, a, d;
} failures_t;

typedef struct
{
  const cli_opts_t *o;
  unsigned long a[2], d[2];
  double *twin;                 /* the doubles, A-major */
  cli_worst_t abs, rel, ulps;
  failures_t not_rounded, underflow, one;
  unsigned long cells;
  mpq_t x, err, t;
  mpfr_t cr;
} twin_report_t;

static int
keep_double (void *data, unsigned long a, unsigned long d, double win)
{
  twin_report_t *f = data;
  f->twin[(a - f->a[0]) * (f->d[1] - f->d[0] + 1) + (d - f->d[0])] = win;
  return 0;
}

static void
fail_count (failures_t *fl, unsigned long a, unsigned long d)
{
  if (fl->n++ == 0)
    {
      fl->a = a;
      fl->d = d;
    }
}

/* Compare one cell's double with the exact WIN.  */
static int
compare_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  twin_report_t *f = data;
  double x = f->twin[(a - f->a[0]) * (f->d[1] - f->d[0] + 1)
                     + (d - f->d[0])];
  f->cells++;
  mpq_set_d (f->x, x);          /* exact: a double is a dyadic rational */
  mpq_sub (f->err, f->x, win);
  mpq_abs (f->err, f->err);
  cli_worst_update (&f->abs, f->err, a, d, 0);
  mpfr_set_q (f->cr, win, MPFR_RNDN);
  if (mpfr_get_d (f->cr, MPFR_RNDN) != x)
    fail_count (&f->not_rounded, a, d);
  if (mpq_sgn (win) > 0)
    {
      mpq_div (f->t, f->err, win);
      cli_worst_update (&f->rel, f->t, a, d, 0);
      cli_ulp_of (f->t, win);
      mpq_div (f->t, f->err, f->t);
      cli_worst_update (&f->ulps, f->t, a, d, 0);
      if (x == 0)
        fail_count (&f->underflow, a, d);
    }
  if (x == 1.0 && mpq_cmp_ui (win, 1, 1) < 0)
    fail_count (&f->one, a, d);
  if (f->o->format == CLI_FORMAT_CSV)
    {
      char *e = cli_decimal (win, f->o->digits);
      char *ea = cli_decimal (f->err, 3);
      if (e == NULL || ea == NULL)
        {
          ro_free_str (e);
          ro_free_str (ea);
          return CLI_EXIT_ERROR;
        }
      cli_csv_edition_field (stdout, ',');
      printf ("%lu,%lu,%s,%.17g,%s\n", a, d, e, x, ea);
      ro_free_str (e);
      ro_free_str (ea);
    }
  return 0;
}

static int
print_worst (const twin_report_t *f, const cli_worst_t *w,
             const char *key, const char *label)
{
  if (!w->found)
    return CLI_EXIT_OK;
  char *v = cli_decimal (w->size, 3);
  if (v == NULL)
    return CLI_EXIT_ERROR;
  if (f->o->format == CLI_FORMAT_JSON)
    printf (",\"%s\":{\"value\":\"%s\",\"attackers\":%lu,\"defenders\":%lu}",
            key, v, w->a, w->d);
  else
    printf ("  %-26s %s at %lu v %lu\n", label, v, w->a, w->d);
  ro_free_str (v);
  return CLI_EXIT_OK;
}

static void
print_failures (const twin_report_t *f, const failures_t *fl, const char *key,
                const char *label)
{
  if (f->o->format == CLI_FORMAT_JSON)
    {
      printf (",\"%s\":{\"cells\":%lu", key, fl->n);
      if (fl->n)
        printf (",\"first\":{\"attackers\":%lu,\"defenders\":%lu}", fl->a,
                fl->d);
      putchar ('}');
      return;
    }
  printf ("  %-26s %lu of %lu cells", label, fl->n, f->cells);
  if (fl->n)
    printf (", the first at %lu v %lu", fl->a, fl->d);
  putchar ('\n');
}

static int
print_summary (const twin_report_t *f)
{
  const cli_opts_t *o = f->o;
  if (o->format == CLI_FORMAT_CSV)
    return CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"count\":\"%s\",\"attackers\":[%lu,%lu],\"defenders\":"
              "[%lu,%lu],\"cells\":%lu", cli_count_name (o->rules.count),
              f->a[0], f->a[1], f->d[0], f->d[1], f->cells);
    }
  else
    {
      puts ("P(attacker conquers) computed in double precision (the "
            "recursion every\nfloating-point calculator runs) against the "
            "exact values.");
      cli_print_rules_text (stdout, &o->rules);
      printf ("A from %lu to %lu (%s), D from %lu to %lu: %lu cells.\n\n",
              f->a[0], f->a[1], cli_count_name (o->rules.count), f->d[0],
              f->d[1], f->cells);
    }
  int rc = print_worst (f, &f->abs, "max_absolute_error",
                        "largest absolute error");
  if (rc == CLI_EXIT_OK)
    rc = print_worst (f, &f->rel, "max_relative_error",
                      "largest relative error");
  if (rc == CLI_EXIT_OK)
    rc = print_worst (f, &f->ulps, "max_ulps", "largest error in ULPs");
  print_failures (f, &f->not_rounded, "not_correctly_rounded",
                  "not correctly rounded");
  print_failures (f, &f->underflow, "underflow_to_zero",
                  "P > 0 underflows to 0");
  print_failures (f, &f->one, "rounded_to_one", "P < 1 becomes 1");
  if (o->format == CLI_FORMAT_JSON)
    puts ("}");
  else if (f->one.n > 0)
    puts ("\nWhere P < 1 becomes 1, 1 - P (the defender's chance) is 0 "
          "in double precision.");
  return rc;
}

/* The grid of --attackers and --defenders (defaults 1..100), within the
   memory limit for both passes: the double grid's values are all kept
   while the exact pass runs (the two checked apart measured 0.7 times
   the run at 800 x 800).  */
static int
float_ranges (twin_report_t *f)
{
  const cli_opts_t *o = f->o;
  int rc = cli_grid_ranges (o, f->a, f->d, 100);
  double need, exact;
  if (rc == CLI_EXIT_OK
      && ro_battle_memory_double (&need, &o->rules, f->a[1], f->d[1])
      == RO_OK
      && ro_battle_memory_method (&exact, &o->rules, f->a[1], f->d[1],
                                  RO_METHOD_RECURSION) == RO_OK)
    {
      need += 8.0 * (double) (f->a[1] - f->a[0] + 1)
        * (double) (f->d[1] - f->d[0] + 1) + exact;
      rc = cli_check_need (o, need, "the double grid beside the exact one");
    }
  return rc;
}

int
cmd_verify_float (const cli_opts_t *o, int argc, char **argv)
{
  twin_report_t f;
  memset (&f, 0, sizeof f);
  f.o = o;
  if (argc > 0)
    return cli_usage_error ("verify --float reads no files ('%s'); give "
                            "the grid with --attackers and --defenders",
                            argv[0]);
  int rc = float_ranges (&f);
  if (rc != CLI_EXIT_OK)
    return rc;
  size_t n = (f.a[1] - f.a[0] + 1) * (f.d[1] - f.d[0] + 1);
  f.twin = malloc (n * sizeof *f.twin);
  if (f.twin == NULL)
    return cli_error ("out of memory");
  cli_worst_init (&f.abs);
  cli_worst_init (&f.rel);
  cli_worst_init (&f.ulps);
  mpq_inits (f.x, f.err, f.t, (mpq_ptr) 0);
  mpfr_init2 (f.cr, DBL_MANT_DIG);
  rc = ro_battle_grid_double (&o->rules, f.a[0], f.a[1], f.d[0], f.d[1],
                              keep_double, &f);
  if (rc == RO_OK && o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_head (stdout, ',');
      puts ("attackers,defenders,exact_decimal,double,abs_error");
    }
  if (rc == RO_OK)
    rc = ro_battle_grid (&o->rules, f.a[0], f.a[1], f.d[0], f.d[1],
                         compare_cell, &f);
  if (rc < 0)
    rc = cli_error ("%s", ro_strerror (rc));
  if (rc == CLI_EXIT_OK)
    rc = print_summary (&f);
  mpfr_clear (f.cr);
  cli_worst_clear (&f.abs);
  cli_worst_clear (&f.rel);
  cli_worst_clear (&f.ulps);
  mpq_clears (f.x, f.err, f.t, (mpq_ptr) 0);
  free (f.twin);
  return rc;
}
