/* cmd_verify.c -- riskodds verify: published numbers against the exact ones */

#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* Judging and the report                                             */

/* The texts of one disagreement, and the entry it is about; for the
   text report of a number in percent, the exact value and the error in
   percent too (NULL otherwise).  */
typedef struct
{
  size_t at;
  char *correct, *exact, *error, *ulps;
  char *exact_pct, *error_pct;
} wrong_t;

/* A note about a reading needs this many values to mean something: with
   fewer, one lucky value would steer the user to a convention.  */
#define NOTE_VALUES_MIN 4

/* One way of placing a headerless grid's cells, and how many of its
   values agree so (-1: it could not be judged).  */
typedef struct
{
  ro_across_t across;
  unsigned long first_row, first_column;
  long agree;
} place_t;

/* What verify chose where the text left the reading open, and how the
   other choices fared, for the notes.  */
typedef struct
{
  int nplaces;                  /* the placings of a headerless grid */
  place_t place[4];             /* tried, the first the default */
  int chosen;                   /* the one read */
  int percent;                  /* bare numbers read as percentages */
  size_t prob_agree;            /* how many agreed as probabilities */
  int transposed;               /* the other orientation was tried */
  size_t transposed_agree;      /* how many agreed in it */
} reading_t;

typedef struct
{
  const cli_opts_t *o;
  const char *file;
  const ro_sheet_t *sheet;
  const reading_t *rd;          /* what was chosen (NULL in a trial) */
  int trial;                    /* only count what agrees: no texts, no
                                   other count, no memory refusal */
  const mpq_t *tolerance;       /* NULL: correct rounding */
  size_t *order, next;          /* entries by battle, the next to match */
  size_t n_order;               /* how many of them this walk matches */
  size_t *all;                  /* every entry by battle */
  unsigned char *need;          /* readings left to the exact value */
  unsigned long digits;         /* the most significant digits shown */
  mpq_t b[2];                   /* the bounds of an agreeing value */
  size_t agree, disagree, above_one;
  cli_worst_t abs, rel;         /* among the disagreements */
  ro_judgement_t j;
  mpq_t size, x;
  wrong_t *wrong;               /* the disagreements, as found */
  size_t nwrong, walloc;
  int first_row;                /* for the JSON list */
  int percent;                  /* the file is in percent: --percent, its
                                   header, or a '%' on every number; the
                                   text report's errors in points */
  /* The other readings of a table that disagrees, tried for a hint:
     OTHER_PERCENT, OTHER_COUNT, both, and the other side's chance; how
     many numbers agree under each, when it was tried.  */
  int pass;                     /* 0: as asked; 1: under the other count */
  int tried[4];
  size_t other_agree[4];
  mpq_t y;                      /* the other side's chance */
  ro_number_t pct;              /* a number read as a percentage */
  int samples;                  /* a column is headed 'samples' */
} report_t;

enum
{
  OTHER_PERCENT = 0,            /* every number a percentage */
  OTHER_COUNT = 1,              /* under the other --count */
  OTHER_BOTH = 2,
  OTHER_CHANCE = 3,             /* the other side's chance, 1 - x */
  AS_ASKED = 4                  /* the reading asked for, in pass 0 */
};

/* The readings of an entry, as bits (1 << reading).  */
#define ALL_READINGS 0x1f


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
  ro_free_str (w->exact_pct);
  ro_free_str (w->error_pct);
}

/* Whether entry E is a percentage: the sheet's numbers are, or E shows
   its '%'.  */
static int
is_percent (const report_t *r, const ro_entry_t *e)
{
  return r->sheet->percent || strchr (e->text, '%') != NULL;
}

/* X times 100 to DIGITS significant digits: a probability in percent.  */
static char *
percent_decimal (const mpq_t x, unsigned long digits)
{
  mpq_t t;
  mpq_init (t);
  mpz_mul_ui (mpq_numref (t), mpq_numref (x), 100);
  mpz_set (mpq_denref (t), mpq_denref (x));
  mpq_canonicalize (t);
  char *s = cli_decimal (t, digits);
  mpq_clear (t);
  return s;
}

/* The texts of the disagreement of entry I with the exact X.  */
static int
wrong_init (wrong_t *w, const report_t *r, size_t i, const mpq_t x)
{
  const ro_entry_t *e = &r->sheet->entry[i];
  w->at = i;
  w->correct = correct_text (e, x, r->sheet->percent);
  if (w->correct != NULL && strcmp (w->correct, e->text) == 0)
    {
      /* Never "0.83 should be 0.83": show the exact value instead, to
         as many digits as it takes to differ.  */
      free (w->correct);
      w->correct = cli_decimal (x, r->o->digits);
    }
  w->exact = cli_decimal (x, r->o->digits);
  w->error = cli_decimal (r->j.error, 3);
  w->ulps = mpq_sgn (e->number.ulp) ? cli_decimal (r->j.ulps, 3) : NULL;
  int pct = is_percent (r, e) && r->o->format == CLI_FORMAT_TEXT;
  w->exact_pct = pct ? percent_decimal (x, r->o->digits) : NULL;
  w->error_pct = pct ? percent_decimal (r->j.error, 3) : NULL;
  if (w->correct && w->exact && w->error
      && (w->ulps || !mpq_sgn (e->number.ulp))
      && (!pct || (w->exact_pct && w->error_pct)))
    return CLI_EXIT_OK;
  wrong_clear (w);
  return CLI_EXIT_ERROR;
}

static void
print_wrong (report_t *r, const wrong_t *w)
{
  const ro_entry_t *e = &r->sheet->entry[w->at];
  const cli_opts_t *o = r->o;
  if (o->format == CLI_FORMAT_CSV)
    {
      cli_csv_edition_field (stdout, ',');
      cli_csv_cell (r->file);
      printf (",%lu,%lu,%lu,%lu,", e->line, e->field, e->attackers,
              e->defenders);
      cli_csv_cell (e->text);
      putchar (',');
      cli_csv_cell (w->correct);
      printf (",%s,%s,%s\n", w->exact, w->error, w->ulps ? w->ulps : "");
    }
  else if (o->format == CLI_FORMAT_JSON)
    {
      printf ("%s{\"line\":%lu,\"field\":%lu,\"attackers\":%lu,"
              "\"defenders\":%lu,\"published\":", r->first_row ? "" : ",",
              e->line, e->field, e->attackers, e->defenders);
      cli_json_string (e->text);
      fputs (",\"correct\":", stdout);
      cli_json_string (w->correct);
      printf (",\"exact\":\"%s\",\"error\":\"%s\",\"ulps\":", w->exact,
              w->error);
      if (w->ulps)
        printf ("\"%s\"}", w->ulps);
      else
        fputs ("null}", stdout);
    }
  else
    {
      /* In percent, the exact value and the error in the file's units:
         "(exact 36.27%; off by 0.935 percentage points, 9.35 units in
         the last place)".  */
      printf ("%s:%lu: field %lu: %lu v %lu: %s should be %s (exact ",
              r->file, e->line, e->field, e->attackers, e->defenders,
              e->text, w->correct);
      if (w->exact_pct)
        printf ("%s%%; off by %s percentage points", w->exact_pct,
                w->error_pct);
      else
        fputs (w->exact, stdout);
      if (w->ulps)
        printf ("%s %s units in the last place",
                w->exact_pct ? "," : "; off by", w->ulps);
      puts (")");
    }
  r->first_row = 0;
}

/* Entry E's number read as a percentage: itself when it shows '%' or
   is a fraction (which --percent refuses), else in R->pct.  */
static const ro_number_t *
as_percent (report_t *r, const ro_entry_t *e)
{
  if (mpq_sgn (e->number.ulp) == 0 || strchr (e->text, '%') != NULL)
    return &e->number;
  mpq_t *q[2] = { &r->pct.value, &r->pct.ulp };
  const mpq_t *from[2] = { &e->number.value, &e->number.ulp };
  for (int k = 0; k < 2; k++)
    {
      mpq_set (*q[k], *from[k]);
      mpz_mul_ui (mpq_denref (*q[k]), mpq_denref (*q[k]), 100);
      mpq_canonicalize (*q[k]);
    }
  return &r->pct;
}

/* Judge entry I in the other reading K against X: only count.  */
static void
judge_other (report_t *r, int k, size_t i, const mpq_t x)
{
  const ro_entry_t *e = &r->sheet->entry[i];
  const ro_number_t *n = k == OTHER_COUNT || k == OTHER_CHANCE ? &e->number
    : as_percent (r, e);
  if (k == OTHER_CHANCE)
    {
      mpq_set_ui (r->y, 1, 1);
      mpq_sub (r->y, r->y, x);
      x = r->y;
    }
  ro_judge (&r->j, n, x, r->tolerance ? *r->tolerance : NULL);
  r->other_agree[k] += r->j.agree != 0;
}

/* Judge entry I against the exact X; keep its texts and its errors when
   it is wrong.  */
static int
judge_one (report_t *r, size_t i, const mpq_t x)
{
  const ro_entry_t *e = &r->sheet->entry[i];
  ro_judge (&r->j, &e->number, x, r->tolerance ? *r->tolerance : NULL);
  if (r->j.agree)
    {
      r->agree++;
      return CLI_EXIT_OK;
    }
  r->disagree++;
  if (r->trial)
    return CLI_EXIT_OK;
  /* The worst errors are those of the numbers that disagree: a number
     that agrees is as close as the digits it shows allow.  */
  mpq_abs (r->size, r->j.error);
  cli_worst_update (&r->abs, r->size, e->attackers, e->defenders, i);
  if (mpq_sgn (x) != 0)
    {
      mpq_div (r->size, r->size, x);
      cli_worst_update (&r->rel, r->size, e->attackers, e->defenders, i);
    }
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

/* The readings of this pass: as asked, and the others tried.  */
static int
pass_readings (const report_t *r, int k[3])
{
  int n = 0;
  k[n++] = r->pass == 0 ? AS_ASKED : OTHER_COUNT;
  if (r->tried[OTHER_PERCENT])
    k[n++] = r->pass == 0 ? OTHER_PERCENT : OTHER_BOTH;
  if (r->pass == 0)
    k[n++] = OTHER_CHANCE;
  return n;
}

/* Judge entry I against X in this pass, in the readings of MASK: as
   asked, and in the other readings tried.  */
static int
judge_entry (report_t *r, size_t i, const mpq_t x, unsigned mask)
{
  int k[3], n = pass_readings (r, k), rc = CLI_EXIT_OK;
  for (int m = 0; m < n && rc == CLI_EXIT_OK; m++)
    if (mask & (1u << k[m]))
      {
        if (k[m] == AS_ASKED)
          rc = judge_one (r, i, x);
        else
          judge_other (r, k[m], i, x);
      }
  return rc;
}

/* Reading K of entry I against the enclosure E of P(win): 1 when every
   value in E agrees, -1 when none does, 0 when E cannot tell (or the
   number is a fraction, which only the exact value judges).  A number N
   agrees with X when N - H <= X <= N + H, H half its unit in the last
   place or the tolerance; read as the other side's chance, when
   1 - N - H <= P <= 1 - N + H.  */
static int
decide_reading (report_t *r, int k, size_t i, const ro_enclosure_t *e)
{
  const ro_entry_t *en = &r->sheet->entry[i];
  const ro_number_t *n = k == AS_ASKED || k == OTHER_COUNT
    || k == OTHER_CHANCE ? &en->number : as_percent (r, en);
  /* Within half an ulp (nothing for a fraction), or the tolerance when
     it is wider: a tolerance adds to correct rounding.  */
  mpq_div_2exp (r->size, n->ulp, 1);
  if (r->tolerance != NULL && mpq_cmp (*r->tolerance, r->size) > 0)
    mpq_set (r->size, *r->tolerance);
  if (mpq_sgn (r->size) == 0)
    return 0;
  mpq_sub (r->b[0], n->value, r->size);
  mpq_add (r->b[1], n->value, r->size);
  if (r->sheet->defender != (k == OTHER_CHANCE))
    {
      /* [1 - b1, 1 - b0].  */
      mpq_swap (r->b[0], r->b[1]);
      for (int j = 0; j < 2; j++)
        {
          mpq_neg (r->b[j], r->b[j]);
          mpz_add (mpq_numref (r->b[j]), mpq_numref (r->b[j]),
                   mpq_denref (r->b[j]));
        }
    }
  int lo = ro_enclosure_cmp_q (e, r->b[0]), hi = ro_enclosure_cmp_q (e, r->b[1]);
  if (lo > 0 && hi < 0)
    return 1;
  if (lo < 0 || hi > 0)
    return -1;
  return 0;
}

/* Called by ro_battle_grid_enclose: judge the readings of this battle's
   entries that its enclosure decides, and leave the rest in R->need for
   the exact value.  A number that disagrees is left too, for the exact
   error the report shows.  */
static int
match_enclosure (void *data, unsigned long a, unsigned long d,
                 const ro_enclosure_t *e)
{
  report_t *r = data;
  int k[3], n = pass_readings (r, k);
  while (r->next < r->n_order)
    {
      size_t i = r->order[r->next];
      const ro_entry_t *en = &r->sheet->entry[i];
      if (en->attackers != a || en->defenders != d)
        break;
      for (int m = 0; m < n; m++)
        {
          int v = decide_reading (r, k[m], i, e);
          if (v > 0 && k[m] == AS_ASKED)
            r->agree++;
          else if (v > 0)
            r->other_agree[k[m]]++;
          if (v == 0 || (v < 0 && k[m] == AS_ASKED))
            r->need[i] |= (unsigned char) (1u << k[m]);
        }
      r->next++;
    }
  return r->next == r->n_order ? ALL_JUDGED : 0;
}

/* Called by ro_battle_grid: judge the entries of this battle as its
   exact value comes, so that no exact value is kept.  A column of the
   defender's chance is judged against 1 - P.  */
static int
match_cell (void *data, unsigned long a, unsigned long d, const mpq_t win)
{
  report_t *r = data;
  if (r->sheet->defender)
    {
      mpq_set_ui (r->x, 1, 1);
      mpq_sub (r->x, r->x, win);
    }
  else
    mpq_set (r->x, win);
  while (r->next < r->n_order)
    {
      size_t i = r->order[r->next];
      const ro_entry_t *e = &r->sheet->entry[i];
      if (e->attackers != a || e->defenders != d)
        break;
      int rc = judge_entry (r, i, r->x, r->need ? r->need[i] : ALL_READINGS);
      if (rc != CLI_EXIT_OK)
        return rc;
      r->next++;
    }
  return r->next == r->n_order ? ALL_JUDGED : 0;
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
        return cli_error ("%s:%lu: field %lu: no battle %lu against %lu "
                          "under --count %s (a territory holds at least one "
                          "army)", r->file, e->line, e->field,
                          e->attackers, e->defenders,
                          cli_count_name (o->rules.count));
      unsigned long v[2] = { e->attackers, e->defenders };
      for (int k = 0; k < 2; k++)
        {
          lo[k] = v[k] < lo[k] ? v[k] : lo[k];
          hi[k] = v[k] > hi[k] ? v[k] : hi[k];
        }
    }
  return CLI_EXIT_OK;
}

/* Whether the passes under RULES judge on enclosures first.  */
static int
enclosing (const report_t *r, const ro_rules_t *rules)
{
  return r->o->interval != CLI_INTERVAL_NEVER && ro_interval_applies (rules);
}

/* The memory limit, for the engine of the first pass.  */
static int
check_grid_memory (const report_t *r, const unsigned long hi[2])
{
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, r->digits, 1 };
  if (enclosing (r, &r->o->rules))
    return cli_check_decimal_memory (r->o, hi[0], hi[1], &fmt);
  return cli_check_memory (r->o, hi[0], hi[1]);
}

/* The other count convention than the one asked for.  */
static ro_count_t
other_count (ro_count_t count)
{
  return count == RO_COUNT_TERRITORY ? RO_COUNT_ATTACKERS
    : RO_COUNT_TERRITORY;
}

/* The exact values of the readings the enclosures left, either battle
   by battle (ro_battle_win: the strip engine where it applies) or by one
   exact pass over the grid that covers them, whichever costs less: the
   strip's battle about (A + D)^2 steps, the recursion's A D (A + D), the
   grid's the same at its corner, twice over for its reductions.  R->order
   is narrowed to the entries left.  */
static int
judge_left (report_t *r, const ro_rules_t *rules)
{
  size_t n = 0;
  unsigned long lo[2] = { ULONG_MAX, ULONG_MAX }, hi[2] = { 0, 0 };
  double each = 0;
  int strip = ro_method_applies (rules, RO_METHOD_STRIP);
  for (size_t m = 0; m < r->sheet->n; m++)
    {
      size_t i = r->all[m];
      if (r->need[i] == 0)
        continue;
      const ro_entry_t *e = &r->sheet->entry[i];
      double a = (double) e->attackers, d = (double) e->defenders;
      each += strip ? (a + d + 1) * (a + d + 1) : (a + 1) * (d + 1) * (a + d);
      unsigned long v[2] = { e->attackers, e->defenders };
      for (int k = 0; k < 2; k++)
        {
          lo[k] = v[k] < lo[k] ? v[k] : lo[k];
          hi[k] = v[k] > hi[k] ? v[k] : hi[k];
        }
      r->order[n++] = i;
    }
  r->n_order = n;
  r->next = 0;
  if (n == 0)
    return ALL_JUDGED;
  double grid = 2.0 * (hi[0] + 1.0) * (hi[1] + 1.0) * (hi[0] + hi[1]);
  if (grid < each)
    return ro_battle_grid (rules, lo[0], hi[0], lo[1], hi[1], match_cell, r);
  for (size_t m = 0; m < n; m++)
    {
      size_t i = r->order[m];
      const ro_entry_t *e = &r->sheet->entry[i];
      int rc = ro_battle_win (r->x, rules, e->attackers, e->defenders);
      if (rc != RO_OK)
        return rc;
      if (r->sheet->defender)
        {
          mpq_neg (r->x, r->x);
          mpz_add (mpq_numref (r->x), mpq_numref (r->x), mpq_denref (r->x));
        }
      rc = judge_entry (r, i, r->x, r->need[i]);
      if (rc != CLI_EXIT_OK)
        return rc;
    }
  return ALL_JUDGED;
}

/* Judge every entry in this pass (R->pass) under RULES over the grid LO
   .. HI: where the rules allow, on enclosures first (a number is judged
   by whether all of its battle's enclosure lies within half its last
   unit, or all outside), then exactly for the readings they leave;
   otherwise, and with --method recursion, on the exact values.
   ALL_JUDGED, or an error.  */
static int
judge_pass (report_t *r, const ro_rules_t *rules, const unsigned long lo[2],
            const unsigned long hi[2])
{
  r->next = 0;
  r->n_order = r->sheet->n;
  memcpy (r->order, r->all, r->sheet->n * sizeof *r->order);
  if (!enclosing (r, rules))
    {
      free (r->need);
      r->need = NULL;
      return ro_battle_grid (rules, lo[0], hi[0], lo[1], hi[1], match_cell,
                             r);
    }
  memset (r->need, 0, r->sheet->n);
  int rc = ro_battle_grid_enclose (rules, lo[0], hi[0], lo[1], hi[1],
                                   r->digits, match_enclosure, r);
  return rc == ALL_JUDGED ? judge_left (r, rules) : rc;
}

/* When a table disagrees, the commonest cause is the other army count:
   judge every entry again under it, only counting what agrees (a second
   pass over the same grid).  Not tried when that count cannot hold the
   table's battles (a territory of 0 armies) or would need more memory
   than the limit; a pass that fails gives no hint, and the report
   stands.  */
static void
judge_other_count (report_t *r, const unsigned long lo[2],
                   const unsigned long hi[2])
{
  ro_rules_t rules = r->o->rules;
  double need;
  rules.count = other_count (rules.count);
  if ((rules.count == RO_COUNT_TERRITORY && lo[0] == 0)
      || ro_battle_memory_method (&need, &rules, hi[0], hi[1],
                                  RO_METHOD_RECURSION) != RO_OK
      || need + cli_output_memory (r->o) > r->o->max_memory)
    return;
  r->pass = 1;
  int rc = judge_pass (r, &rules, lo, hi);
  r->tried[OTHER_COUNT] = rc == ALL_JUDGED;
  r->tried[OTHER_BOTH] = rc == ALL_JUDGED && r->tried[OTHER_PERCENT];
}

/* The most significant digits any number of the sheet shows (its value
   over its last unit, or the tolerance's), which the enclosures have to
   resolve; at least a double's 17.  */
static unsigned long
sheet_digits (report_t *r)
{
  size_t most = 17;
  for (size_t i = 0; i < r->sheet->n; i++)
    {
      const ro_number_t *n = &r->sheet->entry[i].number;
      if (mpq_sgn (n->ulp) == 0)
        continue;
      mpq_div (r->size, n->value, n->ulp);
      size_t k = mpz_sizeinbase (mpq_numref (r->size), 10)
        + mpz_sizeinbase (mpq_denref (r->size), 10) + 2;
      most = k > most ? k : most;
    }
  if (r->tolerance != NULL && mpq_sgn (*r->tolerance) > 0)
    {
      size_t k = mpz_sizeinbase (mpq_denref (*r->tolerance), 10) + 2;
      most = k > most ? k : most;
    }
  return most > RO_DIGITS_MAX ? RO_DIGITS_MAX : (unsigned long) most;
}

/* Judge every entry in one pass over the grid that covers them; the
   disagreements are then put back in text order.  */
static int
judge_all (report_t *r)
{
  unsigned long lo[2], hi[2];
  r->digits = sheet_digits (r);
  int rc = check_battles (r, lo, hi);
  if (rc == CLI_EXIT_OK && !r->trial)
    rc = check_grid_memory (r, hi);
  if (rc != CLI_EXIT_OK)
    return rc;
  size_t n = r->sheet->n;
  r->order = malloc (n * sizeof *r->order);
  r->all = malloc (n * sizeof *r->all);
  r->need = malloc (n);
  if (r->order == NULL || r->all == NULL || r->need == NULL)
    return cli_error ("out of memory");
  for (size_t i = 0; i < n; i++)
    r->all[i] = i;
  sort_sheet = r->sheet;
  qsort (r->all, n, sizeof *r->all, by_battle);
  r->percent = 1;
  for (size_t i = 0; i < n; i++)
    {
      const ro_entry_t *e = &r->sheet->entry[i];
      r->above_one += mpq_cmp_ui (e->number.value, 1, 1) > 0;
      r->percent &= is_percent (r, e);
    }
  /* Numbers above 1 may be percentages without their '%'.  */
  r->tried[OTHER_PERCENT] = r->above_one > 0 && !r->sheet->percent;
  /* A column of the other side's chance, mislabelled.  */
  r->tried[OTHER_CHANCE] = 1;
  rc = judge_pass (r, &r->o->rules, lo, hi);
  if (rc == ALL_JUDGED)
    {
      rc = CLI_EXIT_OK;
      if (r->disagree > 0 && !r->trial)
        judge_other_count (r, lo, hi);
    }
  else if (rc < 0)
    rc = cli_error ("%s", ro_strerror (rc));
  if (r->nwrong > 1)             /* r->wrong is NULL when all agree */
    qsort (r->wrong, r->nwrong, sizeof *r->wrong, by_place);
  return rc;
}

static const char *
layout_name (ro_layout_t layout)
{
  return layout == RO_LAYOUT_LONG ? "long" : "grid";
}

/* The worst error of a kind: text "0.0012 at 5 v 3 (line 6, field 4)",
   JSON {"value":…,"attackers":…}.  POINTS: the size is an absolute
   error, which the text of a file in percent gives in percentage
   points ("0.12 percentage points").  */
static int
print_worst (const report_t *r, const cli_worst_t *w, const char *name,
             int points)
{
  const cli_opts_t *o = r->o;
  if (!w->found)
    {
      if (o->format == CLI_FORMAT_JSON)
        printf (",\"%s\":null", name);
      return CLI_EXIT_OK;
    }
  const ro_entry_t *e = &r->sheet->entry[w->at];
  points = points && r->percent && o->format == CLI_FORMAT_TEXT;
  char *v = points ? percent_decimal (w->size, 3) : cli_decimal (w->size, 3);
  if (v == NULL)
    return CLI_EXIT_ERROR;
  if (o->format == CLI_FORMAT_JSON)
    printf (",\"%s\":{\"value\":\"%s\",\"attackers\":%lu,\"defenders\":%lu,"
            "\"line\":%lu,\"field\":%lu}", name, v, e->attackers,
            e->defenders, e->line, e->field);
  else
    printf ("  %-22s %s%s at %lu v %lu (line %lu, field %lu)\n", name, v,
            points ? " percentage points" : "", e->attackers, e->defenders,
            e->line, e->field);
  ro_free_str (v);
  return CLI_EXIT_OK;
}

/* The other reading under which the most numbers agree, when it
   leaves at most half as many disagreements as the reading asked for:
   OTHER_..., or -1.  */
static int
any_best_reading (const report_t *r)
{
  int best = -1;
  for (int k = 0; k < 4; k++)
    if (r->tried[k] && r->other_agree[k] > r->agree
        && (best < 0 || r->other_agree[k] > r->other_agree[best]))
      best = k;
  if (best >= 0 && 2 * (r->sheet->n - r->other_agree[best]) > r->disagree)
    return -1;
  return best;
}

/* The same, when the table holds enough values for a note to mean
   something (and a note from the values of a trial never does).  */
static int
best_reading (const report_t *r)
{
  return r->sheet->n < NOTE_VALUES_MIN ? -1 : any_best_reading (r);
}

/* Whether, when some values disagree, the attackers across make all
   agree, or leave at most half as many disagreements.  */
static int
transposed_fits (const report_t *r)
{
  const reading_t *rd = r->rd;
  return rd != NULL && rd->transposed && rd->transposed_agree > r->agree
    && 2 * (r->sheet->n - rd->transposed_agree) <= r->disagree;
}

/* "attackers 2.. down, defenders 1.. across" for a headerless grid
   placed by P.  */
static void
place_text (char *buf, size_t size, const place_t *p)
{
  int down = p->across != RO_ACROSS_ATTACKERS;
  snprintf (buf, size, "attackers %lu.. %s, defenders %lu.. %s",
            down ? p->first_row : p->first_column, down ? "down" : "across",
            down ? p->first_column : p->first_row, down ? "across" : "down");
}

/* How a grid without labels was placed, and why.  */
static void
print_place_note (FILE *out, const report_t *r)
{
  static const char *const kind[] = {
    "no labels: its first row is data",
    "a nested array, without labels",
    "numpy's array, without labels",
    "an R matrix, whose [1,] and [,1] count places, not armies"
  };
  const ro_sheet_t *s = r->sheet;
  const reading_t *rd = r->rd;
  place_t p = { s->across, s->first_row, s->first_column, 0 };
  char buf[96];
  place_text (buf, sizeof buf, &p);
  fprintf (out, "  note: %s; read as %s\n", kind[s->text], buf);
  if (rd->nplaces < 2)
    return;
  if (s->n < NOTE_VALUES_MIN)
    {
      fprintf (out, "  note: only %zu value%s: too few to tell which side goes "
              "across or where the counts start (--across, --first-row, "
              "--first-column)\n", s->n, s->n == 1 ? "" : "s");
      return;
    }
  /* "of 600 values, 32 agree with attackers 1.. down, 600 with
     attackers 2.. down, ..."; a placing that holds a battle the count
     cannot (0 armies on a territory) "cannot be".  */
  fprintf (out, "  note: of %zu values,", s->n);
  for (int k = 0; k < rd->nplaces; k++)
    {
      place_text (buf, sizeof buf, &rd->place[k]);
      *strchr (buf, ',') = '\0';
      if (rd->place[k].agree < 0)
        fprintf (out, "%s %s cannot be", k ? "," : "", buf);
      else
        fprintf (out, "%s %ld %s %s", k ? "," : "", rd->place[k].agree,
                k ? "with" : "agree with", buf);
    }
  fputs (" (--across, --first-row and --first-column choose)\n", out);
}

/* What verify chose where the text left the reading open: the places of
   a grid without labels, the orientation its labels gave, bare numbers
   read as percentages.  */
static void
print_reading_notes (FILE *out, const report_t *r)
{
  const ro_sheet_t *s = r->sheet;
  const reading_t *rd = r->rd;
  if (s->layout == RO_LAYOUT_GRID && s->headerless)
    print_place_note (out, r);
  else if (s->layout == RO_LAYOUT_GRID && s->across_said == RO_SAID_LABELS
           && s->across == RO_ACROSS_ATTACKERS)
    fputs ("  note: read with the attackers across and the defenders down, "
          "as the grid's labels say\n", out);
  if (rd->percent)
    fprintf (out, "  note: read as percentages, as every value lies in "
             "[0, 100] and some are above 1: %zu agree so, %zu as "
             "probabilities (--no-percent)\n", r->agree, rd->prob_agree);
}

/* What the value column was taken to hold, and why, when it is not
   plain: the defender's chance, or percentages its header asked for.  */
static void
print_value_note (FILE *out, const report_t *r)
{
  const ro_sheet_t *s = r->sheet;
  const char *c = r->o->columns;
  size_t n = c ? strlen (c) : 0;
  int pct = s->percent && !r->o->percent && !r->rd->percent;
  int given = n > 9 && strcasecmp (c + n - 9, ":defender") == 0;
  if (!s->defender && !pct)
    return;
  fprintf (out, "  note: column %zu read as %s%s%s, as %s\n",
           s->value_column, s->defender ? "the defender's chance, 1 - P" : "",
           s->defender && pct ? ", and as " : "", pct ? "percentages" : "",
           !given ? "its header says" : pct ? "--columns and its header say"
           : "--columns says");
}

/* The notes after the counts: what the value column holds, and the
   reading that would make the numbers agree.  */
static void
print_notes (FILE *out, const report_t *r, int best)
{
  const ro_sheet_t *s = r->sheet;
  print_value_note (out, r);
  print_reading_notes (out, r);
  /* Values above 1 suggest percentages only when some disagree and
     reading them so (in either count) makes more agree.  */
  int pct_helps = r->tried[OTHER_PERCENT]
    && (r->other_agree[OTHER_PERCENT] > r->agree
        || (r->tried[OTHER_BOTH] && r->other_agree[OTHER_BOTH] > r->agree));
  if (s->n < NOTE_VALUES_MIN)
    {
      /* One value that agrees under another count says nothing of the
         count: the rule may be what is wrong.  */
      if (r->disagree > 0 && (any_best_reading (r) >= 0 || pct_helps
                              || transposed_fits (r)))
        fprintf (out, "  note: only %zu value%s: too few to tell the army "
                 "count, the orientation, percentages or 1 - P from the "
                 "numbers\n", s->n, s->n == 1 ? "" : "s");
      return;
    }
  if (transposed_fits (r))
    {
      if (r->rd->transposed_agree == s->n)
        fprintf (out, "  note: all %zu values agree", s->n);
      else
        fprintf (out, "  note: %zu of %zu values agree",
                 r->rd->transposed_agree, s->n);
      fputs (" with the attackers across: read with --across attackers\n",
             out);
    }
  if (best >= 0)
    {
      if (r->other_agree[best] == s->n)
        fprintf (out, "  note: all %zu values agree", s->n);
      else
        fprintf (out, "  note: %zu of %zu values agree",
                 r->other_agree[best], s->n);
      if (best == OTHER_CHANCE)
        fprintf (out, " as the %s's chance%s\n",
                 s->defender ? "attacker" : "defender",
                 s->layout != RO_LAYOUT_LONG ? ""
                 : s->defender ? " (--columns A,D,V:attacker)"
                 : ", 1 - P (--columns A,D,V:defender)");
      else
        {
          if (best != OTHER_PERCENT)
            fprintf (out, " with --count %s", cli_count_name
                     (other_count (r->o->rules.count)));
          fprintf (out, "%s\n", best == OTHER_COUNT ? ""
                   : best == OTHER_BOTH ? " --percent" : " with --percent");
        }
    }
  if (r->disagree > 0 && pct_helps && best != OTHER_PERCENT
      && best != OTHER_BOTH)
    fprintf (out, "  note: %zu value%s above 1; if they are percentages "
             "without '%%', use --percent\n", r->above_one,
             r->above_one == 1 ? " is" : "s are");
}

/* The note of a column headed 'samples': the numbers look simulated,
   and their digits are not meant to be exact.  */
static void
print_samples_note (FILE *out)
{
  fputs ("  note: a column is headed 'samples': if the numbers are "
         "simulated means, judge them by statistics with --samples N "
         "(the column gives each row its N; N is for empty cells)\n", out);
}

/* "attackers_down" or "attackers_across": how a grid placed by ACROSS
   was read.  */
static const char *
orientation_name (ro_across_t across)
{
  return across == RO_ACROSS_ATTACKERS ? "attackers_across"
    : "attackers_down";
}

/* What decided a grid's orientation: its labels, --across, the values
   (a headerless grid placed where the most agree), or nothing (the
   default, attackers down).  */
static const char *
orientation_by (const report_t *r)
{
  const ro_sheet_t *s = r->sheet;
  if (s->headerless)
    return r->o->across != RO_ACROSS_AUTO ? "option"
      : r->rd->nplaces >= 2 ? "values" : "default";
  return s->across_said == RO_SAID_LABELS ? "labels"
    : s->across_said == RO_SAID_OPTION ? "option" : "default";
}

/* The army counts of the first attackers and the first defenders of a
   headerless grid placed by P.  */
static void
place_firsts (const place_t *p, unsigned long *a, unsigned long *d)
{
  int down = p->across != RO_ACROSS_ATTACKERS;
  *a = down ? p->first_row : p->first_column;
  *d = down ? p->first_column : p->first_row;
  /* 0 stands for 1, as in ro_read_options_t.  */
  *a += *a == 0;
  *d += *d == 0;
}

/* The keys of a grid's reading in a file's JSON object: its
   orientation and what decided it, and for a grid without labels the
   army counts of its first attackers and defenders and the placings
   tried (null for a long table, or what does not apply).  */
static void
print_grid_json (FILE *out, const report_t *r)
{
  const ro_sheet_t *s = r->sheet;
  const reading_t *rd = r->rd;
  unsigned long a, d;
  if (s->layout != RO_LAYOUT_GRID)
    {
      fputs (",\"orientation\":null,\"orientation_by\":null,"
             "\"first_attackers\":null,\"first_defenders\":null,"
             "\"placings\":null", out);
      return;
    }
  fprintf (out, ",\"orientation\":\"%s\",\"orientation_by\":\"%s\"",
           orientation_name (s->across), orientation_by (r));
  if (!s->headerless)
    fputs (",\"first_attackers\":null,\"first_defenders\":null", out);
  else
    {
      place_t p = { s->across, s->first_row, s->first_column, 0 };
      place_firsts (&p, &a, &d);
      fprintf (out, ",\"first_attackers\":%lu,\"first_defenders\":%lu", a,
               d);
    }
  if (!s->headerless || rd->nplaces < 2)
    {
      fputs (",\"placings\":null", out);
      return;
    }
  fputs (",\"placings\":[", out);
  for (int k = 0; k < rd->nplaces; k++)
    {
      place_firsts (&rd->place[k], &a, &d);
      fprintf (out, "%s{\"orientation\":\"%s\",\"first_attackers\":%lu,"
               "\"first_defenders\":%lu,\"agree\":", k ? "," : "",
               orientation_name (rd->place[k].across), a, d);
      if (rd->place[k].agree < 0)
        fputs ("null}", out);
      else
        fprintf (out, "%ld}", rd->place[k].agree);
    }
  putc (']', out);
}

/* "attackers_range":[LO,HI] and the defenders', over the values read
   (null when there are none).  */
static void
print_ranges_json (FILE *out, const ro_sheet_t *s)
{
  unsigned long lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
  for (size_t i = 0; i < s->n; i++)
    {
      unsigned long v[2] = { s->entry[i].attackers, s->entry[i].defenders };
      for (int k = 0; k < 2; k++)
        {
          if (i == 0 || v[k] < lo[k])
            lo[k] = v[k];
          if (i == 0 || v[k] > hi[k])
            hi[k] = v[k];
        }
    }
  if (s->n == 0)
    fputs (",\"attackers_range\":null,\"defenders_range\":null", out);
  else
    fprintf (out, ",\"attackers_range\":[%lu,%lu],\"defenders_range\":"
             "[%lu,%lu]", lo[0], hi[0], lo[1], hi[1]);
}

/* What WRITE writes of R, in *BUF (malloc'd).  */
static int
write_string (char **buf, void (*write) (FILE *, const report_t *),
              const report_t *r)
{
  size_t n = 0;
  FILE *m = open_memstream (buf, &n);
  if (m == NULL)
    return cli_error ("out of memory");
  write (m, r);
  if (fclose (m) != 0)
    {
      free (*buf);
      *buf = NULL;
      return cli_error ("out of memory");
    }
  return CLI_EXIT_OK;
}

/* The notes the text report prints after a file's counts: print_notes's,
   with the reading best_reading names, and the samples column's.  */
static void
write_notes (FILE *out, const report_t *r)
{
  print_notes (out, r, best_reading (r));
  if (r->samples)
    print_samples_note (out);
}

/* "notes": the notes of the text report, each a string without its
   "  note: ", in the same order.  */
static int
print_notes_json (const report_t *r)
{
  char *buf = NULL;
  int rc = write_string (&buf, write_notes, r);
  if (rc == CLI_EXIT_OK)
    cli_json_notes (buf);
  free (buf);
  return rc;
}

/* The keys of a file's JSON object that say how its text was read, but
   its notes: the kind of text, the grid's reading, the battles' ranges,
   why the numbers are percentages, a samples column.  Plain verify and
   verify --samples (by samples_reading) both write them here.  */
static void
print_reading_keys_json (FILE *out, const report_t *r)
{
  static const char *const text[] = { "table", "brackets", "numpy", "r" };
  const ro_sheet_t *s = r->sheet;
  fprintf (out, ",\"text\":\"%s\",\"headerless\":%s", text[s->text],
           s->headerless ? "true" : "false");
  print_grid_json (out, r);
  print_ranges_json (out, s);
  fprintf (out, ",\"percent_by\":%s", r->o->percent ? "\"option\""
           : r->rd->percent ? "\"values\"" : s->percent ? "\"header\""
           : "null");
  fprintf (out, ",\"samples_column\":%s", r->samples ? "true" : "false");
}

/* The keys of a file's JSON object that say how its text was read,
   after those of its judgement: everything the text report's notes
   say, as values and as the notes' sentences.  */
static int
print_reading_json (const report_t *r)
{
  print_reading_keys_json (stdout, r);
  return print_notes_json (r);
}

/* The end of a file's JSON object, after its disagreements.  */
static int
print_summary_json (const report_t *r, int best)
{
  const ro_sheet_t *s = r->sheet;
  ro_count_t count = r->o->rules.count;
  printf ("],\"layout\":\"%s\",", layout_name (s->layout));
  if (s->layout == RO_LAYOUT_LONG)
    printf ("\"value_column\":%zu,", s->value_column);
  printf ("\"chance\":\"%s\",\"percent\":%s,\"checked\":%zu,"
          "\"agree\":%zu,\"disagree\":%zu,\"skipped\":%zu",
          s->defender ? "defender" : "attacker",
          s->percent ? "true" : "false", s->n, r->agree, r->disagree,
          s->skipped);
  int rc = print_worst (r, &r->abs, "worst_absolute_error", 1);
  if (rc == CLI_EXIT_OK)
    rc = print_worst (r, &r->rel, "worst_relative_error", 0);
  if (best < 0)
    fputs (",\"other_reading\":null", stdout);
  else
    printf (",\"other_reading\":{\"count\":\"%s\",\"percent\":%s,"
            "\"chance\":\"%s\",\"agree\":%zu}", cli_count_name
            (best == OTHER_PERCENT || best == OTHER_CHANCE ? count
             : other_count (count)),
            best == OTHER_COUNT || best == OTHER_CHANCE ? "false" : "true",
            (best == OTHER_CHANCE) != (s->defender != 0) ? "defender"
            : "attacker", r->other_agree[best]);
  if (rc == CLI_EXIT_OK)
    rc = print_reading_json (r);
  putchar ('}');
  return rc;
}

static int
print_summary (const report_t *r)
{
  const cli_opts_t *o = r->o;
  const ro_sheet_t *s = r->sheet;
  int best = best_reading (r);
  if (o->format == CLI_FORMAT_CSV)
    return CLI_EXIT_OK;
  if (o->format == CLI_FORMAT_JSON)
    return print_summary_json (r, best);
  printf ("%s: %zu values checked (%s layout, %zu blank cell%s skipped): "
          "%zu agree, %zu disagree\n", r->file, s->n, layout_name (s->layout),
          s->skipped, s->skipped == 1 ? "" : "s", r->agree, r->disagree);
  int rc = print_worst (r, &r->abs, "worst absolute error", 1);
  if (rc == CLI_EXIT_OK)
    rc = print_worst (r, &r->rel, "worst relative error", 0);
  print_notes (stdout, r, best);
  if (rc == CLI_EXIT_OK && r->samples)
    print_samples_note (stdout);
  return rc;
}

static void
report_init (report_t *r, const cli_opts_t *o, const char *file,
             const ro_sheet_t *sheet, const mpq_t *tolerance)
{
  memset (r, 0, sizeof *r);
  r->o = o;
  r->file = file;
  r->sheet = sheet;
  r->tolerance = tolerance;
  r->first_row = 1;
  cli_worst_init (&r->abs);
  cli_worst_init (&r->rel);
  mpq_inits (r->size, r->x, r->y, r->b[0], r->b[1], (mpq_ptr) 0);
  ro_number_init (&r->pct);
  ro_judgement_init (&r->j);
}

static void
report_clear (report_t *r)
{
  for (size_t i = 0; i < r->nwrong; i++)
    wrong_clear (&r->wrong[i]);
  free (r->wrong);
  free (r->order);
  free (r->all);
  free (r->need);
  ro_judgement_clear (&r->j);
  cli_worst_clear (&r->abs);
  cli_worst_clear (&r->rel);
  mpq_clears (r->size, r->x, r->y, r->b[0], r->b[1], (mpq_ptr) 0);
  ro_number_clear (&r->pct);
}

/* Whether verify may read the bare numbers of SHEET as percentages: they
   look like them and no option said otherwise.  */
static int
may_be_percent (const cli_opts_t *o, const ro_sheet_t *sheet)
{
  return sheet->bare_percent && !o->percent && !o->no_percent;
}

/* How many values of TEXT read as RO says agree, judged quietly, or -1
   when the reading cannot be judged (a battle the count cannot hold,
   more memory than the limit): the most of as probabilities and, when
   they may be, as percentages.  */
static long
trial (const cli_opts_t *o, const char *text, size_t len,
       const ro_read_options_t *ro, const mpq_t *tolerance)
{
  ro_sheet_t sheet;
  ro_read_error_t err;
  report_t r;
  long agree = -1;
  double need;
  ro_sheet_init (&sheet);
  if (ro_sheet_read (&sheet, text, len, ro, &err) != RO_OK)
    return -1;
  unsigned long hi[2] = { 0, 0 };
  int fits = 1;
  for (size_t i = 0; i < sheet.n; i++)
    {
      const ro_entry_t *e = &sheet.entry[i];
      fits &= e->attackers > 0 || o->rules.count != RO_COUNT_TERRITORY;
      hi[0] = e->attackers > hi[0] ? e->attackers : hi[0];
      hi[1] = e->defenders > hi[1] ? e->defenders : hi[1];
    }
  if (!fits || ro_battle_memory_method (&need, &o->rules, hi[0], hi[1],
                                        RO_METHOD_RECURSION) != RO_OK
      || need > o->max_memory)
    {
      ro_sheet_clear (&sheet);
      return -1;
    }
  report_init (&r, o, "", &sheet, tolerance);
  r.trial = 1;
  if (judge_all (&r) == CLI_EXIT_OK)
    {
      agree = (long) r.agree;
      if (may_be_percent (o, &sheet) && r.tried[OTHER_PERCENT]
          && (long) r.other_agree[OTHER_PERCENT] > agree)
        agree = (long) r.other_agree[OTHER_PERCENT];
    }
  report_clear (&r);
  ro_sheet_clear (&sheet);
  return agree;
}

/* The placings of a headerless grid that verify tries when the options
   leave them open: both orientations, and the attackers' counts from 1
   or from 2 (a program of the other army count, or one that left out a
   territory's hopeless single army).  */
static int
placings (place_t *p, const cli_opts_t *o)
{
  static const ro_across_t sides[2] = { RO_ACROSS_DEFENDERS,
    RO_ACROSS_ATTACKERS
  };
  int n = 0;
  for (int k = 0; k < 2; k++)
    {
      if (o->across != RO_ACROSS_AUTO && o->across != sides[k])
        continue;
      int down = sides[k] == RO_ACROSS_DEFENDERS;
      unsigned long given = down ? o->first_row : o->first_column;
      for (unsigned long start = 1; start <= 2; start++)
        {
          if (given && start == 2)
            break;
          p[n].across = sides[k];
          p[n].first_row = down ? (given ? given : start) : o->first_row;
          p[n].first_column = down ? o->first_column : (given ? given
                                                        : start);
          p[n++].agree = -1;
        }
    }
  return n;
}

/* A headerless grid: judge it quietly in every placing the options
   leave open and read it into SHEET in the one where the most values
   agree (the first, attackers 1.. down, on a tie).  */
static int
choose_placing (const cli_opts_t *o, const char *file, const char *text,
                size_t len, ro_read_options_t *ro, ro_sheet_t *sheet,
                const mpq_t *tolerance, reading_t *rd)
{
  rd->nplaces = placings (rd->place, o);
  rd->chosen = 0;
  if (rd->nplaces < 2)
    return CLI_EXIT_OK;
  for (int k = 0; k < rd->nplaces; k++)
    {
      ro->across = rd->place[k].across;
      ro->first_row = rd->place[k].first_row;
      ro->first_column = rd->place[k].first_column;
      rd->place[k].agree = trial (o, text, len, ro, tolerance);
      if (rd->place[k].agree > rd->place[rd->chosen].agree)
        rd->chosen = k;
    }
  ro->across = rd->place[rd->chosen].across;
  ro->first_row = rd->place[rd->chosen].first_row;
  ro->first_column = rd->place[rd->chosen].first_column;
  return cli_verify_read_sheet (file, text, len, ro, sheet);
}

/* For verify --samples, which sits below this file and calls nothing
   above it: SHEET (read by RO) read as verify reads it, and what verify
   says of the reading.  A headerless grid is placed as verify places it
   -- the placing where the most values agree with the exact ones by
   their digits, a choice of structure made before any test, so the
   tests are not shopped among placings -- and read so; *NOTE gets the
   lines that say how (malloc'd; NULL for any other table).  For
   --format json, *KEYS gets the keys of verify's file object that say
   how the text was read, but its notes, as verify writes them
   (malloc'd; NULL otherwise).  */
static int
samples_reading (const cli_opts_t *o, const char *file, const char *text,
                 size_t len, ro_read_options_t *ro, ro_sheet_t *sheet,
                 char **note, char **keys)
{
  reading_t rd;
  memset (&rd, 0, sizeof rd);
  *note = *keys = NULL;
  int rc = CLI_EXIT_OK;
  if (sheet->headerless)
    rc = choose_placing (o, file, text, len, ro, sheet, NULL, &rd);
  if (rc != CLI_EXIT_OK)
    return rc;
  report_t r;
  report_init (&r, o, file, sheet, NULL);
  r.rd = &rd;
  r.samples = cli_verify_has_samples (sheet, text, len);
  if (sheet->headerless)
    rc = write_string (note, print_place_note, &r);
  if (rc == CLI_EXIT_OK && o->format == CLI_FORMAT_JSON)
    rc = write_string (keys, print_reading_keys_json, &r);
  report_clear (&r);
  return rc;
}

/* Judge SHEET into R; then, when its bare numbers may be percentages
   and reading them so fits -- all of them agree, or at most half as
   many disagree, as for the notes of the other readings -- read them so
   (into SHEET) and judge again.  */
static int
judge_reading (report_t *r, const char *text, size_t len,
               ro_read_options_t *ro, ro_sheet_t *sheet, reading_t *rd)
{
  int rc = judge_all (r);
  size_t pct = r->other_agree[OTHER_PERCENT];
  if (rc != CLI_EXIT_OK || !may_be_percent (r->o, sheet)
      || sheet->n < NOTE_VALUES_MIN || !r->tried[OTHER_PERCENT]
      || pct <= r->agree || 2 * (sheet->n - pct) > r->disagree)
    return rc;
  const cli_opts_t *o = r->o;
  const char *file = r->file;
  const mpq_t *tol = r->tolerance;
  rd->percent = 1;
  rd->prob_agree = r->agree;
  ro->percent = 1;
  report_clear (r);
  report_init (r, o, file, sheet, tol);
  r->rd = rd;
  rc = cli_verify_read_sheet (file, text, len, ro, sheet);
  return rc == CLI_EXIT_OK ? judge_all (r) : rc;
}

/* A grid whose labels say nothing of its orientation, when some of its
   values disagree: how many agree with the attackers across.  */
static void
try_transposed (const report_t *r, const char *text, size_t len,
                const ro_read_options_t *ro, reading_t *rd)
{
  const ro_sheet_t *s = r->sheet;
  if (s->layout != RO_LAYOUT_GRID || s->headerless
      || s->across_said != RO_SAID_NOTHING || r->disagree == 0)
    return;
  ro_read_options_t t = *ro;
  t.across = RO_ACROSS_ATTACKERS;
  long agree = trial (r->o, text, len, &t, r->tolerance);
  rd->transposed = agree >= 0;
  rd->transposed_agree = agree >= 0 ? (size_t) agree : 0;
}

static void print_head (const cli_opts_t *o, const char *tol);

/* Read and judge the LEN bytes of TEXT, FILE's, then report them
   (after the heading, the first time); *ANY_WRONG is set when a value
   disagrees.  Nothing is printed for a file that cannot be read or
   judged.  */
static int
verify_text (const cli_opts_t *o, const char *file, const char *text,
             size_t len, const mpq_t *tolerance, int *any_wrong,
             int *reported)
{
  ro_sheet_t sheet;
  ro_read_options_t ro;
  reading_t rd;
  report_t r;
  ro_sheet_init (&sheet);
  memset (&rd, 0, sizeof rd);
  cli_verify_read_options (&ro, o);
  report_init (&r, o, file, &sheet, tolerance);
  r.rd = &rd;

  int rc = cli_verify_read_sheet (file, text, len, &ro, &sheet);
  if (rc == CLI_EXIT_OK && sheet.headerless)
    rc = choose_placing (o, file, text, len, &ro, &sheet, tolerance, &rd);
  if (rc == CLI_EXIT_OK)
    rc = judge_reading (&r, text, len, &ro, &sheet, &rd);
  if (rc == CLI_EXIT_OK)
    {
      try_transposed (&r, text, len, &ro, &rd);
      if (*reported == 0)
        print_head (o, o->tolerance);
      else if (o->format == CLI_FORMAT_TEXT)
        putchar ('\n');
      if (o->format == CLI_FORMAT_JSON)
        {
          printf ("%s{\"file\":", *reported ? "," : "");
          cli_json_string (file);
          fputs (",\"disagreements\":[", stdout);
        }
      ++*reported;
      for (size_t i = 0; i < r.nwrong; i++)
        print_wrong (&r, &r.wrong[i]);
      /* A column of sample sizes says the numbers are simulated: their
         digits are not meant to be exact (a note).  */
      r.samples = o->format != CLI_FORMAT_CSV
        && cli_verify_has_samples (&sheet, text, len);
      rc = print_summary (&r);
    }
  if (r.disagree > 0)
    *any_wrong = 1;
  report_clear (&r);
  ro_sheet_clear (&sheet);
  return rc;
}

/* Read and judge one file.  */
static int
verify_file (const cli_opts_t *o, const char *file, const mpq_t *tolerance,
             int *any_wrong, int *reported)
{
  char *text = NULL;
  size_t len = 0;
  int rc = cli_verify_slurp (&text, &len, file);
  if (rc != CLI_EXIT_OK)
    return rc;
  rc = verify_text (o, file, text, len, tolerance, any_wrong, reported);
  free (text);
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
    cli_csv_edition_head (stdout, ',');
  if (o->format == CLI_FORMAT_CSV)
    puts ("file,line,field,attackers,defenders,published,correct,"
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
          cli_json_string (tol);
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
        printf ("A value is right when it is the exact one correctly rounded "
                "to the digits\nit shows (a fraction must be exact), or "
                "within %s of it.\n\n", tol);
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
  if (o->samples)
    return cmd_verify_samples (o, argc, argv, samples_reading);
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
