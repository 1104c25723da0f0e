/* cmd_verify.c -- riskodds verify: published numbers against the exact ones */

#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A table file is read whole; more than this is not a table anyone
   published, and reading it could take the memory the check needs.  */
#define VERIFY_FILE_MAX (256UL * 1024 * 1024)

/* Read FILE ("-" for standard input) into a new buffer.  */
static int
slurp (char **text, size_t *len, const char *file)
{
  FILE *f = strcmp (file, "-") == 0 ? stdin : fopen (file, "rb");
  if (f == NULL)
    return cli_error ("%s: %s", file, strerror (errno));
  size_t alloc = 65536, n = 0;
  char *buf = malloc (alloc);
  int rc = buf ? CLI_EXIT_OK : cli_error ("out of memory");
  while (rc == CLI_EXIT_OK)
    {
      if (n == alloc)
        {
          char *t = alloc >= VERIFY_FILE_MAX ? NULL
            : realloc (buf, alloc *= 2);
          if (t == NULL)
            {
              rc = cli_error ("%s: larger than %lu MiB: not read", file,
                              VERIFY_FILE_MAX >> 20);
              break;
            }
          buf = t;
        }
      size_t got = fread (buf + n, 1, alloc - n, f);
      n += got;
      if (got == 0)
        {
          if (ferror (f))
            rc = cli_error ("%s: %s", file, strerror (errno));
          break;
        }
    }
  if (f != stdin)
    fclose (f);
  if (rc != CLI_EXIT_OK)
    {
      free (buf);
      return rc;
    }
  *text = buf;
  *len = n;
  return CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* Judging and the report                                             */

/* The texts of one disagreement, and the entry it is about.  */
typedef struct
{
  size_t at;
  char *correct, *exact, *error, *ulps;
} wrong_t;

typedef struct
{
  const cli_opts_t *o;
  const char *file;
  const ro_sheet_t *sheet;
  const mpq_t *tolerance;       /* NULL: correct rounding */
  size_t *order, next;          /* entries by battle, the next to match */
  size_t agree, disagree, above_one;
  cli_worst_t abs, rel;
  ro_judgement_t j;
  mpq_t size;
  wrong_t *wrong;               /* the disagreements, as found */
  size_t nwrong, walloc;
  int first_row;                /* for the JSON list */
} report_t;


/* The published number's correct form: X rounded to the unit in the
   last place of E (half to even), written with as many decimals as E
   shows, as a percentage when E is one and with E's decimal mark.  A
   fraction's correct form is X itself.  */
static char *
correct_text (const ro_entry_t *e, const mpq_t x, int percent)
{
  if (mpq_sgn (e->number.ulp) == 0)
    return cli_fraction (x);
  int pct = percent || strchr (e->text, '%') != NULL;
  int comma = strchr (e->text, ',') != NULL;
  mpq_t t;
  mpz_t r, rem;
  mpq_init (t);
  mpz_inits (r, rem, (mpz_ptr) 0);
  mpq_div (t, x, e->number.ulp);
  /* Round half to even: floor (t + 1/2), one back on an exact tie
     that lands on an odd number.  */
  mpz_mul_2exp (r, mpq_numref (t), 1);
  mpz_add (r, r, mpq_denref (t));
  mpz_mul_2exp (rem, mpq_denref (t), 1);
  int tie = mpz_divisible_p (r, rem);
  mpz_fdiv_q (r, r, rem);
  if (tie && mpz_odd_p (r))
    mpz_sub_ui (r, r, 1);
  mpq_set_z (t, r);
  mpq_mul (t, t, e->number.ulp);
  if (pct)
    {
      mpz_set_ui (rem, 100);
      mpz_mul (mpq_numref (t), mpq_numref (t), rem);
      mpq_canonicalize (t);
    }
  /* Decimals shown: the power of ten of the ulp (times 100 for %).  */
  mpq_t u;
  mpq_init (u);
  mpq_set (u, e->number.ulp);
  if (pct)
    {
      mpz_mul_ui (mpq_numref (u), mpq_numref (u), 100);
      mpq_canonicalize (u);
    }
  /* The denominator is 10^decimals; mpz_sizeinbase may count one digit
     too many, so check it against the power.  */
  size_t decimals = mpz_sizeinbase (mpq_denref (u), 10) - 1;
  mpz_ui_pow_ui (rem, 10, decimals);
  if (decimals > 0 && mpz_cmp (rem, mpq_denref (u)) > 0)
    mpz_ui_pow_ui (rem, 10, --decimals);
  mpq_clear (u);
  /* T * 10^decimals is an integer: print it and place the mark.  */
  mpz_mul (r, mpq_numref (t), rem);
  mpz_divexact (r, r, mpq_denref (t));
  int neg = mpz_sgn (r) < 0;
  mpz_abs (r, r);
  char *digits = mpz_get_str (NULL, 10, r);
  size_t nd = strlen (digits);
  size_t pad = nd <= decimals ? decimals + 1 - nd : 0;
  char *out = malloc (nd + pad + 4);
  if (out != NULL)
    {
      /* The digits, zero-padded to DECIMALS + 1, with the mark before
         the last DECIMALS of them.  */
      char *p = out;
      size_t whole = nd + pad - decimals;
      if (neg)
        *p++ = '-';
      for (size_t i = 0; i < nd + pad; i++)
        {
          if (i == whole)
            *p++ = comma ? ',' : '.';
          *p++ = i < pad ? '0' : digits[i - pad];
        }
      if (pct)
        *p++ = '%';
      *p = '\0';
    }
  free (digits);
  mpq_clear (t);
  mpz_clears (r, rem, (mpz_ptr) 0);
  if (out == NULL)
    cli_error ("out of memory");
  return out;
}

static void
wrong_clear (wrong_t *w)
{
  free (w->correct);
  ro_free_str (w->exact);
  ro_free_str (w->error);
  ro_free_str (w->ulps);
}

/* The texts of the disagreement of entry I with the exact X.  */
static int
wrong_init (wrong_t *w, const report_t *r, size_t i, const mpq_t x)
{
  const ro_entry_t *e = &r->sheet->entry[i];
  w->at = i;
  w->correct = correct_text (e, x, r->o->percent);
  w->exact = cli_decimal (x, r->o->digits);
  w->error = cli_decimal (r->j.error, 3);
  w->ulps = mpq_sgn (e->number.ulp) ? cli_decimal (r->j.ulps, 3) : NULL;
  if (w->correct && w->exact && w->error
      && (w->ulps || !mpq_sgn (e->number.ulp)))
    return CLI_EXIT_OK;
  wrong_clear (w);
  return CLI_EXIT_ERROR;
}

static void
json_string (const char *s)
{
  putchar ('"');
  for (; *s; s++)
    if (*s == '"' || *s == '\\')
      printf ("\\%c", *s);
    else if ((unsigned char) *s < 0x20)
      printf ("\\u%04x", (unsigned char) *s);
    else
      putchar (*s);
  putchar ('"');
}

/* CSV cells are quoted when they hold a comma or a quote.  */
static void
csv_cell (const char *s)
{
  if (strpbrk (s, ",\"\n") == NULL)
    {
      fputs (s, stdout);
      return;
    }
  putchar ('"');
  for (; *s; s++)
    {
      if (*s == '"')
        putchar ('"');
      putchar (*s);
    }
  putchar ('"');
}

static void
print_wrong (report_t *r, const wrong_t *w)
{
  const ro_entry_t *e = &r->sheet->entry[w->at];
  const cli_opts_t *o = r->o;
  if (o->format == CLI_FORMAT_CSV)
    {
      csv_cell (r->file);
      printf (",%lu,%lu,%lu,%lu,", e->line, e->column, e->attackers,
              e->defenders);
      csv_cell (e->text);
      putchar (',');
      csv_cell (w->correct);
      printf (",%s,%s,%s\n", w->exact, w->error, w->ulps ? w->ulps : "");
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"line\":%lu,\"column\":%lu,\"attackers\":%lu,"
              "\"defenders\":%lu,\"published\":", r->first_row ? "" : ",",
              e->line, e->column, e->attackers, e->defenders);
      json_string (e->text);
      fputs (",\"correct\":", stdout);
      json_string (w->correct);
      printf (",\"exact\":\"%s\",\"error\":\"%s\",\"ulps\":", w->exact,
              w->error);
      if (w->ulps)
        printf ("\"%s\"}", w->ulps);
      else
        fputs ("null}", stdout);
    }
  else
    {
      printf ("%s:%lu:%lu: %lu v %lu: %s should be %s (exact %s", r->file,
              e->line, e->column, e->attackers, e->defenders, e->text,
              w->correct, w->exact);
      if (w->ulps)
        printf ("; off by %s units in the last place", w->ulps);
      puts (")");
    }
  r->first_row = 0;
}

/* Judge entry I against the exact X; keep its texts when it is wrong.  */
static int
judge_one (report_t *r, size_t i, const mpq_t x)
{
  const ro_entry_t *e = &r->sheet->entry[i];
  ro_judge (&r->j, &e->number, x, r->tolerance ? *r->tolerance : NULL);
  mpq_abs (r->size, r->j.error);
  cli_worst_update (&r->abs, r->size, e->attackers, e->defenders, i);
  if (mpq_sgn (x) != 0)
    {
      mpq_div (r->size, r->size, x);
      cli_worst_update (&r->rel, r->size, e->attackers, e->defenders, i);
    }
  if (mpq_cmp_ui (e->number.value, 1, 1) > 0)
    r->above_one++;
  if (r->j.agree)
    {
      r->agree++;
      return CLI_EXIT_OK;
    }
  r->disagree++;
  if (r->nwrong == r->walloc)
    {
      size_t na = r->walloc ? 2 * r->walloc : 64;
      wrong_t *t = realloc (r->wrong, na * sizeof *t);
      if (t == NULL)
        return cli_error ("out of memory");
      r->wrong = t;
      r->walloc = na;
    }
  int rc = wrong_init (&r->wrong[r->nwrong], r, i, x);
  if (rc == CLI_EXIT_OK)
    r->nwrong++;
  return rc;
}

static const ro_sheet_t *sort_sheet;

/* What match_cell returns to stop the pass once every entry is judged:
   neither a library code (negative) nor an exit status.  */
#define ALL_JUDGED 100

/* Entries by battle, then by place in the text.  */
static int
by_battle (const void *x, const void *y)
{
  size_t i = *(const size_t *) x, j = *(const size_t *) y;
  const ro_entry_t *a = &sort_sheet->entry[i], *b = &sort_sheet->entry[j];
  if (a->attackers != b->attackers)
    return a->attackers < b->attackers ? -1 : 1;
  if (a->defenders != b->defenders)
    return a->defenders < b->defenders ? -1 : 1;
  return i < j ? -1 : i > j;
}

static int
by_place (const void *x, const void *y)
{
  size_t i = ((const wrong_t *) x)->at, j = ((const wrong_t *) y)->at;
  return i < j ? -1 : i > j;
}

/* Called by ro_battle_grid: judge the entries of this battle as its
   exact value comes, so that no exact value is kept.  */
static int
match_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  report_t *r = data;
  while (r->next < r->sheet->n)
    {
      size_t i = r->order[r->next];
      const ro_entry_t *e = &r->sheet->entry[i];
      if (e->attackers != a || e->defenders != d)
        break;
      int rc = judge_one (r, i, win);
      if (rc != CLI_EXIT_OK)
        return rc;
      r->next++;
    }
  return r->next == r->sheet->n ? ALL_JUDGED : 0;
}

/* Every battle of the sheet is one the rules allow: a located error
   otherwise.  The grid that covers them in *LO, *HI, within the memory
   limit (which also checks the rules).  */
static int
check_battles (const report_t *r, unsigned long lo[2], unsigned long hi[2])
{
  const cli_opts_t *o = r->o;
  lo[0] = lo[1] = ULONG_MAX;
  hi[0] = hi[1] = 0;
  for (size_t i = 0; i < r->sheet->n; i++)
    {
      const ro_entry_t *e = &r->sheet->entry[i];
      /* The reader bounds the counts and the rules are the same for all:
         an empty territory is the one battle that cannot be.  */
      if (e->attackers == 0 && o->rules.count == RO_COUNT_TERRITORY)
        return cli_error ("%s:%lu:%lu: no battle %lu against %lu under "
                          "--count %s (a territory holds at least one "
                          "army)", r->file, e->line, e->column,
                          e->attackers, e->defenders,
                          cli_count_name (o->rules.count));
      unsigned long v[2] = { e->attackers, e->defenders };
      for (int k = 0; k < 2; k++)
        {
          lo[k] = v[k] < lo[k] ? v[k] : lo[k];
          hi[k] = v[k] > hi[k] ? v[k] : hi[k];
        }
    }
  return cli_check_memory (o, hi[0], hi[1]);
}

/* Judge every entry in one pass of the recursion over the grid that
   covers them; the disagreements are then put back in text order.  */
static int
judge_all (report_t *r)
{
  unsigned long lo[2], hi[2];
  int rc = check_battles (r, lo, hi);
  if (rc != CLI_EXIT_OK)
    return rc;
  r->order = malloc (r->sheet->n * sizeof *r->order);
  if (r->order == NULL)
    return cli_error ("out of memory");
  for (size_t i = 0; i < r->sheet->n; i++)
    r->order[i] = i;
  sort_sheet = r->sheet;
  qsort (r->order, r->sheet->n, sizeof *r->order, by_battle);
  rc = ro_battle_grid (&r->o->rules, lo[0], hi[0], lo[1], hi[1],
                       match_cell, r);
  if (rc == ALL_JUDGED)
    rc = CLI_EXIT_OK;
  else if (rc < 0)
    rc = cli_error ("%s", ro_strerror (rc));
  qsort (r->wrong, r->nwrong, sizeof *r->wrong, by_place);
  return rc;
}

static const char *
layout_name (ro_layout_t layout)
{
  return layout == RO_LAYOUT_LONG ? "long" : "grid";
}

/* The worst error of a kind: text "0.0012 at 5 v 3 (line 6, column 20)",
   JSON {"value":…,"attackers":…}.  */
static int
print_worst (const report_t *r, const cli_worst_t *w, const char *name)
{
  const cli_opts_t *o = r->o;
  if (!w->found)
    {
      if (o->format == CLI_FORMAT_JSON)
        printf (",\"%s\":null", name);
      return CLI_EXIT_OK;
    }
  const ro_entry_t *e = &r->sheet->entry[w->at];
  char *v = cli_decimal (w->size, 3);
  if (v == NULL)
    return CLI_EXIT_ERROR;
  if (o->format == CLI_FORMAT_JSON)
    printf (",\"%s\":{\"value\":\"%s\",\"attackers\":%lu,\"defenders\":%lu,"
            "\"line\":%lu,\"column\":%lu}", name, v, e->attackers,
            e->defenders, e->line, e->column);
  else
    printf ("  %-22s %s at %lu v %lu (line %lu, column %lu)\n", name, v,
            e->attackers, e->defenders, e->line, e->column);
  ro_free_str (v);
  return CLI_EXIT_OK;
}

static int
print_summary (const report_t *r)
{
  const cli_opts_t *o = r->o;
  const ro_sheet_t *s = r->sheet;
  if (o->format == CLI_FORMAT_CSV)
    return CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    {
      printf ("],\"layout\":\"%s\",\"checked\":%zu,\"agree\":%zu,"
              "\"disagree\":%zu,\"skipped\":%zu", layout_name (s->layout),
              s->n, r->agree, r->disagree, s->skipped);
      int rc = print_worst (r, &r->abs, "worst_absolute_error");
      if (rc == CLI_EXIT_OK)
        rc = print_worst (r, &r->rel, "worst_relative_error");
      putchar ('}');
      return rc;
    }
  printf ("%s: %zu values checked (%s layout, %zu blank cell%s skipped): "
          "%zu agree, %zu disagree\n", r->file, s->n, layout_name (s->layout),
          s->skipped, s->skipped == 1 ? "" : "s", r->agree, r->disagree);
  int rc = print_worst (r, &r->abs, "worst absolute error");
  if (rc == CLI_EXIT_OK)
    rc = print_worst (r, &r->rel, "worst relative error");
  if (r->above_one > 0 && !r->o->percent)
    printf ("  note: %zu value%s above 1; if they are percentages without "
            "'%%', use --percent\n", r->above_one,
            r->above_one == 1 ? " is" : "s are");
  return rc;
}

/* Read FILE into SHEET: a located message when it is not a table.  */
static int
read_sheet (const cli_opts_t *o, const char *file, ro_sheet_t *sheet)
{
  char *text = NULL;
  size_t len = 0;
  int rc = slurp (&text, &len, file);
  if (rc != CLI_EXIT_OK)
    return rc;
  ro_read_options_t ro;
  ro_read_options_init (&ro);
  ro.layout = o->layout;
  ro.columns = o->columns;
  ro.percent = o->percent;
  ro_read_error_t err;
  int lrc = ro_sheet_read (sheet, text, len, &ro, &err);
  free (text);
  if (lrc == RO_ENOMEM)
    return cli_error ("%s: out of memory", file);
  if (lrc != RO_OK && err.line == 0)
    return cli_usage_error ("%s: %s", file, err.message);
  if (lrc != RO_OK)
    return cli_error ("%s:%lu:%lu: %s", file, err.line, err.column,
                      err.message);
  return CLI_EXIT_OK;
}

static void print_head (const cli_opts_t *o, const char *tol);

/* Read and judge one file, then report it (after the heading, the first
   time); *ANY_WRONG is set when a value disagrees.  Nothing is printed
   for a file that cannot be read or judged.  */
static int
verify_file (const cli_opts_t *o, const char *file, const mpq_t *tolerance,
             int *any_wrong, int *reported)
{
  ro_sheet_t sheet;
  report_t r;
  ro_sheet_init (&sheet);
  memset (&r, 0, sizeof r);
  r.o = o;
  r.file = file;
  r.sheet = &sheet;
  r.tolerance = tolerance;
  r.first_row = 1;
  cli_worst_init (&r.abs);
  cli_worst_init (&r.rel);
  mpq_init (r.size);
  ro_judgement_init (&r.j);

  int rc = read_sheet (o, file, &sheet);
  if (rc == CLI_EXIT_OK)
    rc = judge_all (&r);
  if (rc == CLI_EXIT_OK)
    {
      if (*reported == 0)
        print_head (o, o->tolerance);
      else if (o->format == CLI_FORMAT_TEXT)
        putchar ('\n');
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"file\":", *reported ? "," : "");
          json_string (file);
          fputs (",\"disagreements\":[", stdout);
        }
      ++*reported;
      for (size_t i = 0; i < r.nwrong; i++)
        print_wrong (&r, &r.wrong[i]);
      rc = print_summary (&r);
    }
  if (r.disagree > 0)
    *any_wrong = 1;
  for (size_t i = 0; i < r.nwrong; i++)
    wrong_clear (&r.wrong[i]);
  free (r.wrong);
  free (r.order);
  ro_judgement_clear (&r.j);
  cli_worst_clear (&r.abs);
  cli_worst_clear (&r.rel);
  mpq_clear (r.size);
  ro_sheet_clear (&sheet);
  return rc;
}

static int
parse_tolerance (mpq_t tol, const char *arg)
{
  if (ro_q_set_str (tol, arg) != RO_OK || mpq_sgn (tol) < 0)
    return cli_usage_error ("invalid --tolerance '%s' (expected a "
                            "non-negative decimal or fraction, such as 5e-5 "
                            "or 1/2000)", arg);
  return CLI_EXIT_OK;
}

static void
print_head (const cli_opts_t *o, const char *tol)
{
  if (o->format == CLI_FORMAT_CSV)
    puts ("file,line,column,attackers,defenders,published,correct,"
          "exact_decimal,error,ulps");
  else if (o->format == CLI_FORMAT_JSON)
    {
      fputs ("{\"rules\":", stdout);
      cli_print_rules_json (stdout, &o->rules);
      printf (",\"count\":\"%s\",\"judged_by\":", cli_count_name
              (o->rules.count));
      if (tol)
        {
          fputs ("\"tolerance\",\"tolerance\":", stdout);
          json_string (tol);
        }
      else
        fputs ("\"rounding\",\"tolerance\":null", stdout);
      fputs (",\"files\":[", stdout);
    }
  else
    {
      cli_print_rules_text (stdout, &o->rules);
      cli_print_count_text (stdout, &o->rules);
      if (tol)
        printf ("A value is right when it is within %s of the exact one.\n\n",
                tol);
      else
        puts ("A value is right when it is the exact one correctly rounded "
              "to the digits\nit shows (a fraction must be exact).\n");
    }
}

int
cmd_verify (const cli_opts_t *o, int argc, char **argv)
{
  if (o->float_mode)
    return cmd_verify_float (o, argc, argv);
  if (argc < 1)
    return cli_usage_error ("verify needs at least one FILE (- for "
                            "standard input)");
  mpq_t tol;
  mpq_init (tol);
  int rc = o->tolerance ? parse_tolerance (tol, o->tolerance) : CLI_EXIT_OK;
  int any_wrong = 0, reported = 0, failed = 0;
  /* A file that cannot be read is reported and the others are still
     checked; the exit status says so.  */
  for (int i = 0; rc == CLI_EXIT_OK && i < argc; i++)
    if (verify_file (o, argv[i], o->tolerance ? &tol : NULL, &any_wrong,
                     &reported) != CLI_EXIT_OK)
      failed = 1;
  if (reported && o->format == CLI_FORMAT_JSON)
    puts ("]}");
  mpq_clear (tol);
  if (rc != CLI_EXIT_OK || failed)
    return CLI_EXIT_ERROR;
  return any_wrong ? CLI_EXIT_WRONG : CLI_EXIT_OK;
}
