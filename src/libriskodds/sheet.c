/* sheet.c -- reading tables of probabilities as people publish them */

#include <config.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds-impl.h"

/* A table comes as a whole text: a grid like every paper's (a header row
   of defender counts, one row per attacker count) or a long table (one
   battle per row).  The text is untrusted -- copied out of PDFs, typed by
   hand, or anything at all -- so every byte is looked at through bounds
   and every failure names its line and column.  */

/* A cell of a row: LEN bytes at S, starting at byte column COL of its
   line (1-based), the FIELD'th cell of its row (1-based: the first
   after a Markdown row's opening '|').  */
typedef struct
{
  const char *s;
  size_t len;
  unsigned long col, field;
} cell_t;

typedef struct
{
  cell_t *cell;
  size_t n, alloc;
} row_t;

/* The sides of a battle, as a header or a label names them.  */
enum
{
  SIDE_NONE = 0,
  SIDE_ATTACKER = 1,
  SIDE_DEFENDER = 2
};

static int words_side (const char *s, size_t len);

/* What reading needs all along.  */
typedef struct
{
  ro_sheet_t *sheet;
  const ro_read_options_t *o;
  ro_read_error_t *err;
  char delim;
  unsigned long line;
  const char *line_start;
  double bytes;                 /* what the entries hold so far */
  int percent;                  /* read the values as percentages */
  /* A grid's orientation: what its labels said of the columns and the
     rows (SIDE_...), decided once, at its first row of values; SWAP
     when the attackers go across.  */
  int col_side, row_side;
  int decided, swap;
  unsigned long first_row, first_column;  /* a headerless grid's */
} reader_t;

/* The most the numbers of one table may hold: a few kilobytes of
   "1e-999999" cells would otherwise ask for gigabytes (and GMP aborts
   when memory runs out).  */
#define SHEET_BYTES_MAX (256.0 * 1024 * 1024)

/* The bytes the limbs of Q take.  */
static double
q_bytes (const mpq_t q)
{
  return (double) (mpz_size (mpq_numref (q)) + mpz_size (mpq_denref (q)))
    * sizeof (mp_limb_t);
}

void
ro_read_options_init (ro_read_options_t *options)
{
  options->layout = RO_LAYOUT_AUTO;
  options->columns = NULL;
  options->percent = 0;
  options->across = RO_ACROSS_AUTO;
  options->first_row = options->first_column = 0;
}

void
ro_sheet_init (ro_sheet_t *sheet)
{
  sheet->n = sheet->alloc = 0;
  sheet->entry = NULL;
  sheet->layout = RO_LAYOUT_AUTO;
  sheet->delimiter = ' ';
  sheet->skipped = 0;
  sheet->percent = sheet->defender = 0;
  sheet->value_column = 0;
  sheet->across = RO_ACROSS_DEFENDERS;
  sheet->across_said = RO_SAID_NOTHING;
  sheet->headerless = 0;
  sheet->first_row = sheet->first_column = 0;
  sheet->text = RO_TEXT_TABLE;
  sheet->rule_rows = 0;
  sheet->bare_percent = 0;
}

void
ro_sheet_clear (ro_sheet_t *sheet)
{
  for (size_t i = 0; i < sheet->n; i++)
    {
      ro_number_clear (&sheet->entry[i].number);
      free (sheet->entry[i].text);
    }
  free (sheet->entry);
  ro_sheet_init (sheet);
}

/* Record an error at column COL of the current line.  The message may
   quote the input: QUOTE makes it printable and short.  */
static int
fail (reader_t *r, unsigned long col, const char *fmt, ...)
{
  va_list ap;
  r->err->line = r->line;
  r->err->column = col;
  va_start (ap, fmt);
  vsnprintf (r->err->message, sizeof r->err->message, fmt, ap);
  va_end (ap);
  return RO_EINVAL;
}

/* The length of the well-formed UTF-8 character of 2 to 4 bytes at S
   (of LEFT bytes), or 0: no overlong forms, surrogates, code points
   beyond U+10FFFF or C1 controls.  */
static size_t
utf8_char (const unsigned char *s, size_t left)
{
  size_t k = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef
    ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
  if (k == 0 || k > left)
    return 0;
  for (size_t i = 1; i < k; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)
      || (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)
      || (s[0] == 0xc2 && s[1] < 0xa0))
    return 0;
  return k;
}

/* At most 40 bytes of [S, S + LEN) in BUF (of 48), for a message:
   input is untrusted and may hold control bytes, which become '?'.  A
   well-formed UTF-8 character ("\xe2\x88\x92" for a minus sign, a
   no-break space) is kept whole or, when it would cross the 40, left
   out with the rest: a message never ends inside one.  */
static const char *
quote (char *buf, const char *s, size_t len)
{
  const unsigned char *u = (const unsigned char *) s;
  size_t i = 0, o = 0;
  while (i < len)
    {
      size_t k = u[i] < 0x80 ? 1 : utf8_char (u + i, len - i);
      if (o + (k ? k : 1) > 40)
        break;
      if (k > 1)
        {
          memcpy (buf + o, s + i, k);
          o += k, i += k;
          continue;
        }
      buf[o++] = k == 1 && isprint (u[i]) ? s[i] : '?';
      i++;
    }
  if (i < len)
    buf[o++] = '.', buf[o++] = '.', buf[o++] = '.';
  buf[o] = '\0';
  return buf;
}

static int
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* Trim blanks, Unicode spaces among them (a no-break space copied out
   of a PDF), and the CSV quotes around a cell, off C.  */
static void
trim (cell_t *c)
{
  size_t k;
  while ((k = ro_blank_at (c->s, c->s + c->len)) > 0)
    c->s += k, c->len -= k, c->col += k;
  while ((k = ro_blank_before (c->s, c->s + c->len)) > 0)
    c->len -= k;
  if (c->len >= 2 && c->s[0] == '"' && c->s[c->len - 1] == '"')
    c->s++, c->len -= 2, c->col++;
}

static int
row_push (row_t *row, const char *line, const char *s, size_t len)
{
  if (row->n == row->alloc)
    {
      size_t na = row->alloc ? 2 * row->alloc : 16;
      cell_t *c = realloc (row->cell, na * sizeof *c);
      if (c == NULL)
        return RO_ENOMEM;
      row->cell = c;
      row->alloc = na;
    }
  cell_t *c = &row->cell[row->n++];
  c->s = s;
  c->len = len;
  c->col = (unsigned long) (s - line) + 1;
  c->field = (unsigned long) row->n;
  trim (c);
  return RO_OK;
}

/* Split the LEN bytes at S, part of the line that starts at LINE, at
   DELIM into ROW; ' ' splits at runs of blanks; ',' and ';' respect
   "quoted" cells.  */
static int
split (row_t *row, const char *line, const char *s0, size_t len, char delim)
{
  const char *p = s0, *end = s0 + len;
  row->n = 0;
  if (delim == ' ')
    {
      for (;;)
        {
          while (p < end && is_blank (*p))
            p++;
          if (p == end)
            return RO_OK;
          const char *s = p;
          while (p < end && !is_blank (*p))
            p++;
          if (row_push (row, line, s, (size_t) (p - s)) != RO_OK)
            return RO_ENOMEM;
        }
    }
  for (;;)
    {
      const char *s = p;
      int quoted = 0;
      while (p < end && (*p != delim || quoted))
        {
          if (*p == '"' && (delim == ',' || delim == ';'))
            quoted = !quoted;
          p++;
        }
      if (row_push (row, line, s, (size_t) (p - s)) != RO_OK)
        return RO_ENOMEM;
      if (p == end)
        return RO_OK;
      p++;
    }
}

/* Whether C is empty or says "no value": "-", dashes, "n/a", "NA".  */
static int
is_missing (const cell_t *c)
{
  static const char *const words[] = {
    "", "-", "--", "\xe2\x80\x93", "\xe2\x80\x94", "n/a", "na", "nan",
    "none", ".", "?", "null", "nil"
  };
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strlen (words[i]) == c->len
        && strncasecmp (words[i], c->s, c->len) == 0)
      return 1;
  return 0;
}

/* The one run of digits in C as an army count in *OUT: 0 when found,
   1 when C holds no digit, -1 when it holds two runs or too large a
   number (*COL is then where).  */
static int
label_count (unsigned long *out, const cell_t *c, unsigned long *col)
{
  size_t i = 0, runs = 0;
  unsigned long v = 0;
  while (i < c->len)
    {
      if (!isdigit ((unsigned char) c->s[i]))
        {
          i++;
          continue;
        }
      *col = c->col + i;
      if (++runs > 1)
        return -1;
      v = 0;
      while (i < c->len && isdigit ((unsigned char) c->s[i]))
        {
          if (v > RO_ARMIES_MAX)
            return -1;
          v = v * 10 + (unsigned long) (c->s[i++] - '0');
        }
      if (v > RO_ARMIES_MAX)
        return -1;
    }
  *out = v;
  return runs == 0;
}

/* Whether the whole of C is a count of armies, into *OUT.  */
static int
is_count (unsigned long *out, const cell_t *c)
{
  unsigned long col;
  if (c->len == 0 || c->len > 9)
    return 0;
  for (size_t i = 0; i < c->len; i++)
    if (!isdigit ((unsigned char) c->s[i]))
      return 0;
  return label_count (out, c, &col) == 0;
}

/* LaTeX cells: "$\frac{5}{12}$", "75{,}42\%" -- rewrite to plain text
   in a new string (NULL when memory runs out).  */
static char *
latex_plain (const cell_t *c, size_t *len)
{
  char *out = malloc (c->len + 1);
  size_t n = 0;
  if (out == NULL)
    return NULL;
  for (size_t i = 0; i < c->len; i++)
    {
      const char *p = c->s + i;
      size_t left = c->len - i;
      if (*p == '$' || *p == '{' || *p == '}')
        {
          /* "}{" between the parts of a fraction is its bar.  */
          if (*p == '}' && left > 1 && p[1] == '{')
            out[n++] = '/', i++;
          continue;
        }
      if (*p == '\\' && left > 1 && !isalpha ((unsigned char) p[1]))
        {
          if (p[1] == '%')
            out[n++] = '%';
          i++;
          continue;
        }
      if (*p == '\\')
        {
          while (i + 1 < c->len && isalpha ((unsigned char) c->s[i + 1]))
            i++;
          continue;
        }
      out[n++] = *p;
    }
  out[n] = '\0';
  *len = n;
  return out;
}

static int
sheet_push (ro_sheet_t *s, ro_entry_t **e)
{
  if (s->n == s->alloc)
    {
      size_t na = s->alloc ? 2 * s->alloc : 64;
      ro_entry_t *t = realloc (s->entry, na * sizeof *t);
      if (t == NULL)
        return RO_ENOMEM;
      s->entry = t;
      s->alloc = na;
    }
  *e = &s->entry[s->n];
  return RO_OK;
}

/* Read the value cell C of battle A v D, or count it as skipped.  */
static int
take_value (reader_t *r, const cell_t *c, unsigned long a, unsigned long d)
{
  char q[48];
  ro_entry_t *e;
  if (is_missing (c))
    {
      r->sheet->skipped++;
      return RO_OK;
    }
  if (sheet_push (r->sheet, &e) != RO_OK)
    return RO_ENOMEM;
  size_t len = c->len, pos = 0;
  const char *s = c->s;
  char *plain = NULL;
  if (r->delim == '&' && (s = plain = latex_plain (c, &len)) == NULL)
    return RO_ENOMEM;
  ro_number_init (&e->number);
  int rc = ro_number_parse (&e->number, s, len, r->percent, &pos);
  free (plain);
  if (rc == RO_OK && (e->text = malloc (c->len + 1)) == NULL)
    rc = RO_ENOMEM;
  if (rc != RO_OK)
    {
      ro_number_clear (&e->number);
      if (rc == RO_ENOMEM)
        return rc;
      unsigned long col = c->col + (r->delim == '&' ? 0 : pos);
      if (rc == RO_ERANGE)
        return fail (r, col, "number too large (more than %lu digits, or "
                     "an exponent beyond that): '%s'", RO_DIGITS_MAX,
                     quote (q, c->s, c->len));
      return fail (r, col, "not a number: '%s'", quote (q, c->s, c->len));
    }
  r->bytes += q_bytes (e->number.value) + q_bytes (e->number.ulp)
    + (double) c->len + sizeof *e;
  if (r->bytes > SHEET_BYTES_MAX)
    {
      ro_number_clear (&e->number);
      free (e->text);
      return fail (r, c->col, "the table's numbers would take more than "
                   "%.0f MiB", SHEET_BYTES_MAX / (1024 * 1024));
    }
  memcpy (e->text, c->s, c->len);
  e->text[c->len] = '\0';
  e->attackers = a;
  e->defenders = d;
  e->line = r->line;
  e->column = c->col;
  e->field = c->field;
  r->sheet->n++;
  return RO_OK;
}

/* ------------------------------------------------------------------ */
/* Lines                                                              */

/* Whether the LEN bytes at S are a rule: '-', '=', '+', '|', ':' and
   blanks, with a '-' or a '=' (Markdown's "|---|:--:|", org-mode's and
   psql's "|----+----|", "=====").  */
static int
is_rule (const char *s, size_t len)
{
  size_t lines = 0;
  for (size_t i = 0; i < len; i++)
    if (s[i] == '-' || s[i] == '=')
      lines++;
    else if (!strchr ("|:+ \t", s[i]))
      return 0;
  return lines > 0;
}

/* Whether a line carries no cells: a comment, LaTeX's commands, a rule,
   or a rule after one word of letters ("D  |-------+-------|", as
   Clojure's print-table and org-mode leave the label of the rows), whose
   side (SIDE_...) is then in *SIDE.  */
static int
is_noise (const char *s, size_t len, int *side)
{
  *side = 0;
  if (len == 0 || s[0] == '#' || s[0] == '%')
    return 1;
  /* A LaTeX command line (\hline, \begin{tabular}); one that holds
     cells (\midrule 2 & 0.42) is a row.  */
  if (s[0] == '\\')
    return memchr (s, '&', len) == NULL;
  if (is_rule (s, len))
    return 1;
  size_t w = 0;
  while (w < len && isalpha ((unsigned char) s[w]))
    w++;
  /* The rule must be one: at least three of its lines, so that "D -"
     stays a row of a missing value.  */
  size_t lines = 0;
  for (size_t i = w; i < len; i++)
    lines += s[i] == '-' || s[i] == '=';
  if (w == 0 || w > 12 || lines < 3 || !is_rule (s + w, len - w))
    return 0;
  *side = words_side (s, w);
  return 1;
}

/* The text of a row: blanks and a Markdown table's outer '|' cut off.  */
static void
row_text (const char **s, size_t *len, char delim)
{
  const char *p = *s, *end = *s + *len;
  while (p < end && is_blank (*p))
    p++;
  while (end > p && (is_blank (end[-1]) || end[-1] == '\r'))
    end--;
  if (delim == '|')
    {
      if (p < end && *p == '|')
        p++;
      if (end > p && end[-1] == '|')
        end--;
    }
  *s = p;
  *len = (size_t) (end - p);
}

/* The delimiter of a table, told by its first row.  */
static char
find_delimiter (const char *s, size_t len)
{
  static const char order[] = "\t|&;,";
  for (const char *d = order; *d; d++)
    if (memchr (s, *d, len) != NULL)
      return *d;
  return ' ';
}

/* Drop the empty cells at the end of ROW (a trailing delimiter).  */
static void
drop_trailing_empty (row_t *row)
{
  while (row->n > 0 && row->cell[row->n - 1].len == 0)
    row->n--;
}

/* ------------------------------------------------------------------ */
/* Grids                                                              */

typedef struct
{
  unsigned long *d;
  size_t n;
} header_t;

/* The sides the labels of a header name, into R: a corner split by
   '\' or '/' ("A\D", "X \ Y", "D/A") names the rows' side before it and
   the columns' after it; words in the column labels ("Attack with 3"),
   or between blanks after the first count, name the columns'.  A corner
   of one word ("A") says nothing: papers put it over either.  FIRST is
   the first cell with a count.  */
static void
header_sides (reader_t *r, const row_t *row, size_t first)
{
  int cols = 0;
  if (first > 0)
    {
      const char *b = row->cell[0].s;
      const char *e = row->cell[first - 1].s + row->cell[first - 1].len;
      const char *sep = b;
      while (sep < e && *sep != '\\' && *sep != '/')
        sep++;
      if (sep < e)
        {
          r->row_side = words_side (b, (size_t) (sep - b));
          cols |= words_side (sep + 1, (size_t) (e - sep - 1));
        }
    }
  for (size_t i = first; i < row->n; i++)
    cols |= words_side (row->cell[i].s, row->cell[i].len);
  r->col_side = cols == SIDE_ATTACKER || cols == SIDE_DEFENDER ? cols : 0;
}

/* The header of a grid: one defender count per column (one attacker
   count when the attackers go across).  A first cell without a digit is
   the corner ("A\D", "X \ Y", empty); between blanks, words around the
   counts are labels ("Defend with 1").  */
static int
grid_header (reader_t *r, header_t *h, const row_t *row)
{
  size_t first = row->n;
  free (h->d);
  h->d = malloc ((row->n + 1) * sizeof *h->d);
  h->n = 0;
  if (h->d == NULL)
    return RO_ENOMEM;
  for (size_t i = 0; i < row->n; i++)
    {
      const cell_t *c = &row->cell[i];
      unsigned long v, col = c->col;
      int k = label_count (&v, c, &col);
      if (k < 0)
        return fail (r, col, "a column label must hold one %s count",
                     r->col_side == SIDE_ATTACKER ? "attacker" : "defender");
      if (k == 0)
        {
          h->d[h->n++] = v;
          first = first < i ? first : i;
        }
      else if (r->delim != ' ' && i > 0)
        return fail (r, c->col, "a column label without a defender count");
    }
  if (h->n == 0)
    return fail (r, 1, "no defender counts in the first row (a grid's "
                 "first row holds them; a long table names its columns "
                 "attackers, defenders and a value)");
  int title = r->col_side;
  header_sides (r, row, first);
  if (r->col_side == 0)
    r->col_side = title;
  return RO_OK;
}

/* Fix the orientation of the grid, at its first row of values: the
   options', else the labels', else the papers' (defenders across).  */
static void
decide_across (reader_t *r)
{
  ro_sheet_t *s = r->sheet;
  if (r->decided)
    return;
  r->decided = 1;
  s->across = RO_ACROSS_DEFENDERS;
  s->across_said = RO_SAID_NOTHING;
  if (r->o->across != RO_ACROSS_AUTO)
    {
      s->across = r->o->across;
      s->across_said = RO_SAID_OPTION;
    }
  else if (r->col_side == SIDE_ATTACKER || r->row_side == SIDE_DEFENDER)
    {
      s->across = RO_ACROSS_ATTACKERS;
      s->across_said = RO_SAID_LABELS;
    }
  else if (r->col_side == SIDE_DEFENDER || r->row_side == SIDE_ATTACKER)
    s->across_said = RO_SAID_LABELS;
  r->swap = s->across == RO_ACROSS_ATTACKERS;
}

/* Take cell C of the grid's row counted ROW and column counted COL: the
   battle ROW v COL, or COL v ROW when the attackers go across.  */
static int
take_grid_value (reader_t *r, const cell_t *c, unsigned long row,
                 unsigned long col)
{
  decide_across (r);
  return take_value (r, c, r->swap ? col : row, r->swap ? row : col);
}

/* One row of a grid: its label (the attacker count), then the values
   column by column.  Between blanks the label may be several words
   ("Attack with 3"): it runs to its first count.  */
static int
grid_row (reader_t *r, const header_t *h, const row_t *row)
{
  unsigned long a, col = row->cell[0].col;
  size_t first = 1;
  int k = label_count (&a, &row->cell[0], &col);
  if (r->delim == ' ')
    {
      while (k == 1 && first < row->n)
        k = label_count (&a, &row->cell[first++], &col);
      if (k != 0)
        return fail (r, row->cell[0].col, "no attacker count at the start "
                     "of the row");
    }
  if (k != 0)
    return fail (r, col, k < 0 ? "a row label must hold one attacker count"
                 : "no attacker count at the start of the row");
  if (row->n - first > h->n)
    return fail (r, row->cell[first + h->n].col, "more values than the %zu "
                 "defender counts of the first row", h->n);
  if (!r->decided && r->row_side == 0)
    {
      const char *e = row->cell[first - 1].s + row->cell[first - 1].len;
      r->row_side = words_side (row->cell[0].s,
                                (size_t) (e - row->cell[0].s));
    }
  for (size_t i = first; i < row->n; i++)
    {
      int rc = take_grid_value (r, &row->cell[i], a, h->d[i - first]);
      if (rc != RO_OK)
        return rc;
    }
  return RO_OK;
}

/* The place of the cell in row I, column J (from 0) of a grid without
   labels: its row's and column's counts, from FIRST_ROW and
   FIRST_COLUMN.  */
static int
take_place (reader_t *r, const cell_t *c, unsigned long i, unsigned long j)
{
  if (i > RO_ARMIES_MAX - r->first_row || j > RO_ARMIES_MAX - r->first_column)
    return fail (r, c->col, "more rows or columns than %lu armies",
                 (unsigned long) RO_ARMIES_MAX);
  return take_grid_value (r, c, r->first_row + i, r->first_column + j);
}

/* Whether ROW, the first of a grid, is data: every cell a number, and
   not all of them counts (a header of counts), unless all are 0 (a
   territory grid's row of 1 attacker).  */
static int
is_headerless (const row_t *row)
{
  int counts = 1, zeros = 1;
  unsigned long v;
  ro_number_t n;
  if (row->n == 0)
    return 0;
  ro_number_init (&n);
  for (size_t i = 0; i < row->n; i++)
    {
      const cell_t *c = &row->cell[i];
      if (c->len == 0 || c->len > 64
          || ro_number_parse (&n, c->s, c->len, 0, NULL) != RO_OK)
        {
          ro_number_clear (&n);
          return 0;
        }
      if (!is_count (&v, c))
        counts = 0;
      zeros &= mpq_sgn (n.value) == 0;
    }
  ro_number_clear (&n);
  return !counts || (zeros && row->n >= 2);
}

/* Whether C is an R matrix's index: "[,K]" of a column (ROW 0) or
   "[K,]" of a row (ROW 1), K >= 1 in *K.  */
static int
r_index (unsigned long *k, const cell_t *c, int row)
{
  const char *p = c->s, *e = c->s + c->len;
  if (c->len < 4 || p[0] != '[' || e[-1] != ']')
    return 0;
  p++, e--;
  if (row ? e[-1] != ',' : p[0] != ',')
    return 0;
  if (row)
    e--;
  else
    p++;
  cell_t d = { p, (size_t) (e - p), c->col, c->field };
  return is_count (k, &d) && *k >= 1;
}

/* Whether ROW is the header of an R matrix (of a block of its columns,
   when R wraps a wide one): "[,1] [,2] ...", into H as places from 0.  */
static int
r_header (header_t *h, const row_t *row)
{
  unsigned long k;
  if (row->n == 0)
    return 0;
  for (size_t i = 0; i < row->n; i++)
    if (!r_index (&k, &row->cell[i], 0))
      return 0;
  if (h == NULL)
    return 1;
  for (size_t i = 0; i < row->n; i++)
    {
      r_index (&k, &row->cell[i], 0);
      h->d[i] = k - 1;
    }
  h->n = row->n;
  return 1;
}

/* A row of an R matrix: "[I,]" and the values of the columns of H.  */
static int
r_row (reader_t *r, const header_t *h, const row_t *row)
{
  unsigned long i;
  if (!r_index (&i, &row->cell[0], 1))
    return fail (r, row->cell[0].col, "a row of an R matrix starts with "
                 "its index, [1,]");
  if (row->n - 1 > h->n)
    return fail (r, row->cell[1 + h->n].col, "more values than the %zu "
                 "columns of the matrix's header", h->n);
  for (size_t j = 1; j < row->n; j++)
    {
      int rc = take_place (r, &row->cell[j], i - 1, h->d[j - 1]);
      if (rc != RO_OK)
        return rc;
    }
  return RO_OK;
}

/* A row of a headerless grid, the I'th (from 0): values only.  */
static int
headerless_row (reader_t *r, unsigned long i, const row_t *row)
{
  for (size_t j = 0; j < row->n; j++)
    {
      int rc = take_place (r, &row->cell[j], i, j);
      if (rc != RO_OK)
        return rc;
    }
  return RO_OK;
}

/* ------------------------------------------------------------------ */
/* Long tables                                                        */

typedef struct
{
  size_t a, d, v;               /* 0-based column of each */
  size_t need;                  /* cells a row must have */
} columns_t;

/* What a header cell says.  Its words are its runs of letters and
   digits, in lower case: "Attacker win %" is "attacker", "win" and a
   '%'; "p_defender_wins" is "p", "defender", "wins".  */

typedef struct
{
  int count;                    /* SIDE_...: whose armies it counts */
  int value;                    /* it names a chance */
  int defender;                 /* the defender's chance: 1 - P(win) */
  int percent;                  /* it says '%' or "percent" */
} heading_t;

/* Whether the LEN bytes at W are a word of LIST, which holds words
   separated by blanks; one that ends in '*' is a prefix.  */
static int
word_is (const char *w, size_t len, const char *list)
{
  while (*list)
    {
      size_t k = strcspn (list, " "), m = k;
      int prefix = list[k - 1] == '*';
      m -= prefix;
      if ((prefix ? len >= m : len == m) && memcmp (w, list, m) == 0)
        return 1;
      list += k + (list[k] == ' ');
    }
  return 0;
}

/* The words of a header, by what they say.  A verb of losing turns the
   chance to the other side; holding is the defender's.  The sides'
   letters (a, d, x, y) count only when no word names a side.  */
static const char lose_words[] = "los* defeat* fail*";
static const char win_words[] = "win* won conquer* captur* succe* victor* "
  "beat*";
static const char hold_words[] = "hold* repel* repuls*";
static const char chance_words[] = "p pr pct odds prob* chance* likel* "
  "percent* value*";
static const char percent_words[] = "pct percent*";
static const char attacker_words[] = "att* atk";
static const char defender_words[] = "def* dfn";
static const char attacker_letters[] = "a x wa";
static const char defender_letters[] = "d y wd";
/* Columns that are about a side but count no armies at the start.  */
static const char not_count_words[] = "expect* mean* aver* avg left* "
  "remain* surviv* los* lost kill* casualt* sd std* var* devia* dice die* "
  "roll* round* turn*";

/* The side the words of the LEN bytes at S name (runs of letters, case
   ignored: "Attack with 3", "A=1:", "Defenders"), SIDE_NONE when they
   name none or both.  */
/* The run of letters at I of the LEN bytes at S, lower case and cut
   to 16 bytes, into W (its length *N); returns where it ends (I when
   S[I] is no letter).  */
static size_t
letters_at (const char *s, size_t len, size_t i, char w[16], size_t *n)
{
  size_t j;
  *n = 0;
  for (j = i; j < len && isalpha ((unsigned char) s[j]); j++)
    if (*n < 16)
      w[(*n)++] = (char) tolower ((unsigned char) s[j]);
  return j;
}

static int
words_side (const char *s, size_t len)
{
  int sides = 0;
  for (size_t i = 0, j; i < len; i = j)
    {
      char w[16];
      size_t n;
      j = letters_at (s, len, i, w, &n);
      if (j == i)
        {
          j++;
          continue;
        }
      if (word_is (w, n, attacker_words) || word_is (w, n, attacker_letters))
        sides |= SIDE_ATTACKER;
      else if (word_is (w, n, defender_words)
               || word_is (w, n, defender_letters))
        sides |= SIDE_DEFENDER;
    }
  return sides == SIDE_ATTACKER || sides == SIDE_DEFENDER ? sides
    : SIDE_NONE;
}

/* Whether the LEN bytes at S are a title over a grid's columns, such
   as "Attackers" or "Number of defending armies": no digit, words that
   name one side, and no other words than "armies", "number", "of"...;
   its side is in *SIDE.  */
static int
is_title (const char *s, size_t len, int *side)
{
  static const char filler[] = "armies army number numbers of count counts "
    "with the in";
  int named = 0;
  for (size_t i = 0, j; i < len; i = j)
    {
      if (isdigit ((unsigned char) s[i]))
        return 0;
      char w[16];
      size_t n;
      j = letters_at (s, len, i, w, &n);
      if (j == i)
        {
          j++;
          continue;
        }
      if (words_side (s + i, j - i) != SIDE_NONE)
        named = 1;
      else if (!word_is (w, n, filler))
        return 0;
    }
  *side = words_side (s, len);
  return named && *side != SIDE_NONE;
}

/* What the words of a header cell said so far: the first side named
   and all of them ([1] by words, [0] by letters), and the kinds of
   words met.  */
typedef struct
{
  int first[2], all[2];
  int win, lose, hold, chance, not_count;
} words_t;

/* Take the word W of LEN bytes into T (and H's percent).  */
static void
one_word (words_t *t, heading_t *h, const char *w, size_t len)
{
  int side = 0, by_word = 0;
  if (word_is (w, len, lose_words))
    {
      /* "Defender loses" is a chance; "Attacker losses" are armies.  */
      t->lose = 1;
      t->chance |= word_is (w, len, "lose loses");
    }
  else if (word_is (w, len, win_words))
    t->win = 1;
  else if (word_is (w, len, hold_words))
    t->hold = 1;
  else if (word_is (w, len, chance_words))
    t->chance = 1;
  else if (word_is (w, len, attacker_words))
    side = SIDE_ATTACKER, by_word = 1;
  else if (word_is (w, len, defender_words))
    side = SIDE_DEFENDER, by_word = 1;
  else if (word_is (w, len, attacker_letters))
    side = SIDE_ATTACKER;
  else if (word_is (w, len, defender_letters))
    side = SIDE_DEFENDER;
  if (word_is (w, len, percent_words))
    h->percent = 1;
  if (word_is (w, len, not_count_words))
    t->not_count = 1;
  if (side && !t->first[by_word])
    t->first[by_word] = side;
  t->all[by_word] |= side;
}

/* What the header cell C says, into H.  A count names one side and no
   chance ("Attacking armies", "Defenders", "d"); a chance says "win",
   "prob", "value", "chance", "odds", "p", "hold", "loses" or '%'
   ("Attacker win %", "P(win)", "P(defender wins)", "Defender holds").  */
static void
heading (heading_t *h, const cell_t *c)
{
  char low[80];
  size_t n = c->len < sizeof low - 1 ? c->len : sizeof low - 1;
  words_t t;
  memset (&t, 0, sizeof t);
  memset (h, 0, sizeof *h);
  for (size_t i = 0; i < n; i++)
    low[i] = (char) tolower ((unsigned char) c->s[i]);
  low[n] = '\0';
  h->percent = strchr (low, '%') != NULL;
  for (size_t i = 0, j; i < n; i = j)
    {
      for (j = i; j < n && isalnum ((unsigned char) low[j]); j++)
        ;
      if (j > i)
        one_word (&t, h, low + i, j - i);
      else
        j++;
    }
  /* "pwin", "winprob": the words of the first versions, anywhere.  */
  t.win |= strstr (low, "win") != NULL;
  h->value = t.win || t.hold || t.chance || h->percent
    || strstr (low, "prob") || strstr (low, "value");
  int by_word = t.all[1] != 0, sides = t.all[by_word];
  int subject = t.first[by_word] ? t.first[by_word] : SIDE_ATTACKER;
  if (!h->value && !t.not_count && !t.lose
      && (sides == SIDE_ATTACKER || sides == SIDE_DEFENDER))
    h->count = sides;
  h->defender = t.hold || ((subject == SIDE_DEFENDER) != t.lose);
}

/* The index of the column named NAME (a header name or a 1-based
   number) in *OUT.  */
static int
column_named (size_t *out, const row_t *header, const char *name,
              size_t len)
{
  char *end;
  unsigned long k = strtoul (name, &end, 10);
  if (len > 0 && isdigit ((unsigned char) name[0])
      && (size_t) (end - name) == len)
    {
      *out = (size_t) k - 1;
      return k >= 1;
    }
  for (size_t i = 0; header != NULL && i < header->n; i++)
    if (header->cell[i].len == len
        && strncasecmp (header->cell[i].s, name, len) == 0)
      {
        *out = i;
        return 1;
      }
  return 0;
}

/* The side a --columns value column ends with, cut off *LEN:
   ":defender" 1, ":attacker" 0, none -1.  */
static int
value_side (const char *name, size_t *len)
{
  static const char *const suffix[2] = { ":attacker", ":defender" };
  for (int k = 0; k < 2; k++)
    {
      size_t m = strlen (suffix[k]);
      if (*len > m && strncasecmp (name + *len - m, suffix[k], m) == 0)
        {
          *len -= m;
          return k;
        }
    }
  return -1;
}

/* What the value column V says it holds, when there is a HEADER: the
   defender's chance, percentages.  SIDE, when not -1, overrides the
   header's side.  */
static void
value_kind (reader_t *r, const row_t *header, size_t v, int side)
{
  heading_t h;
  memset (&h, 0, sizeof h);
  if (header != NULL && v < header->n)
    heading (&h, &header->cell[v]);
  r->sheet->defender = side >= 0 ? side : h.defender;
  r->percent |= h.percent;
}

/* The columns of --columns "A,D,V[:defender|:attacker]".  */
static int
columns_given (reader_t *r, columns_t *k, const row_t *header)
{
  size_t *dst[3] = { &k->a, &k->d, &k->v };
  const char *p = r->o->columns;
  int side = -1;
  for (int i = 0; i < 3; i++)
    {
      size_t len = strcspn (p, ","), next = len;
      if (i == 2)
        side = value_side (p, &len);
      if (!column_named (dst[i], header, p, len))
        {
          r->line = 0;
          return fail (r, 0, "no column '%.*s' (columns are 1-based "
                       "numbers or the header's names)", (int) len, p);
        }
      p += next;
      if ((i < 2 && *p != ',') || (i == 2 && *p != '\0'))
        {
          r->line = 0;
          return fail (r, 0, "--columns needs three columns, "
                       "attackers,defenders,value (the value may end in "
                       ":defender)");
        }
      p++;
    }
  value_kind (r, header, k->v, side);
  return RO_OK;
}

/* The columns from a header naming them: the attackers and defenders
   are the first counts of each side; the value is the first column of
   the attacker's chance, else the first of the defender's, else the
   third of three.  */
static int
columns_found (reader_t *r, columns_t *k, const row_t *header)
{
  int fa = 0, fd = 0, fv = 0, fw = 0;
  size_t w = 0;
  for (size_t i = 0; i < header->n; i++)
    {
      heading_t h;
      heading (&h, &header->cell[i]);
      if (!fa && h.count == SIDE_ATTACKER)
        k->a = i, fa = 1;
      else if (!fd && h.count == SIDE_DEFENDER)
        k->d = i, fd = 1;
      else if (!fv && h.value && !h.defender)
        k->v = i, fv = 1;
      else if (!fw && h.value && h.defender)
        w = i, fw = 1;
    }
  if (!fv && fw)
    k->v = w, fv = 1;
  if (!fv && header->n == 3 && fa && fd)
    k->v = 3 - k->a - k->d, fv = 1;
  if (!fa || !fd)
    return fail (r, 1, "no attackers and defenders columns in the header");
  if (!fv)
    return fail (r, 1, "which column holds the values?  Name it with "
                 "--columns attackers,defenders,NAME");
  value_kind (r, header, k->v, -1);
  return RO_OK;
}

/* One row of a long table.  */
static int
long_row (reader_t *r, const columns_t *k, const row_t *row)
{
  unsigned long a, d;
  if (row->n < k->need)
    return fail (r, row->n ? row->cell[row->n - 1].col
                 + row->cell[row->n - 1].len : 1,
                 "%zu cells, expected at least %zu", row->n, k->need);
  if (!is_count (&a, &row->cell[k->a]))
    return fail (r, row->cell[k->a].col, "not a count of attackers");
  if (!is_count (&d, &row->cell[k->d]))
    return fail (r, row->cell[k->d].col, "not a count of defenders");
  return take_value (r, &row->cell[k->v], a, d);
}

/* Whether the first row is itself data: counts, counts, a number.  */
static int
is_data_row (const row_t *row)
{
  unsigned long x;
  return row->n >= 3 && is_count (&x, &row->cell[0])
    && is_count (&x, &row->cell[1]);
}

/* ------------------------------------------------------------------ */
/* The whole text                                                     */

/* What the first row decides: the layout and where the cells are.  */
typedef struct
{
  int started;
  header_t grid;
  columns_t cols;
  int headerless;               /* a grid of values only */
  int r_matrix;                 /* an R matrix: [,K] and [I,] */
  unsigned long rows;           /* rows of values so far (headerless) */
} plan_t;

/* A grid without labels: ROW, its first, is data or an R header.  */
static int
plan_headerless (reader_t *r, plan_t *p, row_t *row)
{
  ro_sheet_t *s = r->sheet;
  s->headerless = 1;
  s->first_row = r->first_row;
  s->first_column = r->first_column;
  if (p->r_matrix)
    {
      s->text = RO_TEXT_R;
      free (p->grid.d);
      if ((p->grid.d = malloc (row->n * sizeof *p->grid.d)) == NULL)
        return RO_ENOMEM;
      r_header (&p->grid, row);
      return RO_OK;
    }
  return headerless_row (r, p->rows++, row);
}

static int
plan_first_row (reader_t *r, plan_t *p, row_t *row)
{
  ro_sheet_t *s = r->sheet;
  int named = 0, counts = 0;
  /* A long table's header names a count of attackers ("Attacking
     armies"); a grid's corner may name both sides ("A \ D"), or one
     ("Attacker"), but a grid's first row holds defender counts, and a
     long table's header none.  */
  for (size_t i = 0; i < row->n; i++)
    {
      unsigned long v, col;
      heading_t h;
      heading (&h, &row->cell[i]);
      named |= h.count == SIDE_ATTACKER;
      counts |= label_count (&v, &row->cell[i], &col) == 0;
    }
  s->layout = r->o->layout;
  if (s->layout == RO_LAYOUT_AUTO)
    s->layout = r->o->columns || (named && !counts)
      || (is_data_row (row) && row->n <= 4)
      ? RO_LAYOUT_LONG : RO_LAYOUT_GRID;
  if (s->layout == RO_LAYOUT_GRID)
    {
      drop_trailing_empty (row);
      p->r_matrix = r_header (NULL, row);
      p->headerless = p->r_matrix || is_headerless (row);
      if (p->headerless)
        return plan_headerless (r, p, row);
      return grid_header (r, &p->grid, row);
    }
  int data = is_data_row (row), rc;
  p->cols.a = 0, p->cols.d = 1, p->cols.v = 2;
  if (r->o->columns)
    rc = columns_given (r, &p->cols, data ? NULL : row);
  else
    rc = data ? RO_OK : columns_found (r, &p->cols, row);
  if (rc != RO_OK)
    return rc;
  size_t m = p->cols.a > p->cols.d ? p->cols.a : p->cols.d;
  p->cols.need = (m > p->cols.v ? m : p->cols.v) + 1;
  s->value_column = p->cols.v + 1;
  return data ? long_row (r, &p->cols, row) : RO_OK;
}

/* Whether the LEN bytes at S are a line without cells (see is_noise);
   a rule row is counted, and its label of the rows taken.  */
static int
skip_line (reader_t *r, const char *s, size_t len)
{
  int side;
  if (!is_noise (s, len, &side))
    return 0;
  if (len > 0 && s[0] != '#' && s[0] != '%' && s[0] != '\\')
    r->sheet->rule_rows++;
  if (side != SIDE_NONE && !r->decided)
    r->row_side = side;
  return 1;
}

/* One row: the LEN bytes at S, part of the line that starts at LINE.  */
static int
read_row (reader_t *r, plan_t *p, row_t *row, const char *line,
          const char *s, size_t len)
{
  row_text (&s, &len, r->delim);
  if (skip_line (r, s, len))
    return RO_OK;
  if (split (row, line, s, len, r->delim) != RO_OK)
    return RO_ENOMEM;
  if (!p->started)
    {
      p->started = 1;
      return plan_first_row (r, p, row);
    }
  if (r->sheet->layout == RO_LAYOUT_LONG)
    return long_row (r, &p->cols, row);
  drop_trailing_empty (row);
  if (row->n == 0)
    return RO_OK;
  if (p->r_matrix)
    return r_header (&p->grid, row) ? RO_OK : r_row (r, &p->grid, row);
  if (p->headerless)
    return headerless_row (r, p->rows++, row);
  return grid_row (r, &p->grid, row);
}

static int
read_line (reader_t *r, plan_t *p, row_t *row, const char *s, size_t len)
{
  if (!p->started)
    {
      const char *t = s;
      size_t n = len;
      int side;
      row_text (&t, &n, ' ');
      if (skip_line (r, t, n))
        return RO_OK;
      /* A title over the columns ("Attackers") before the header.  */
      if (is_title (t, n, &side))
        {
          r->col_side = side;
          return RO_OK;
        }
      /* R's header "[,1] [,2]" holds commas, but its cells are
         separated by blanks.  */
      if (split (row, s, t, n, ' ') != RO_OK)
        return RO_ENOMEM;
      r->delim = r->sheet->delimiter = r_header (NULL, row) ? ' '
        : find_delimiter (t, n);
    }
  if (r->delim != '&')
    return read_row (r, p, row, s, s, len);
  /* LaTeX: each "\\" ends a row, and a line may hold several; what
     follows the last one (\hline) is a row of its own, or noise.  */
  const char *q = s, *end = s + len;
  while (q < end)
    {
      const char *t = q;
      while (t + 1 < end && !(t[0] == '\\' && t[1] == '\\'))
        t++;
      if (t + 1 >= end)
        t = end;
      int rc = read_row (r, p, row, s, q, (size_t) (t - q));
      if (rc != RO_OK)
        return rc;
      q = t == end ? end : t + 2;
    }
  return RO_OK;
}

/* ------------------------------------------------------------------ */
/* Nested arrays as programs print them                               */

/* Skip blanks and line ends from *P, counting the lines into R.  */
static void
skip_space (reader_t *r, const char **p, const char *end)
{
  while (*p < end && (is_blank (**p) || **p == '\n' || **p == '\r'))
    {
      if (**p == '\n' || (**p == '\r' && !(*p + 1 < end && (*p)[1] == '\n')))
        {
          r->line++;
          r->line_start = *p + 1;
        }
      (*p)++;
    }
}

/* The kind of nested array the text at P is, and where its outer '['
   is (*AT): numpy's "array([[", "np.array([[", or "[[" with blanks or
   line ends between; RO_TEXT_TABLE when it is none.  */
static ro_text_t
literal_kind (const char *p, const char *end, const char **at)
{
  static const char *const numpy[] = { "array(", "np.array(",
    "numpy.array(" };
  ro_text_t kind = RO_TEXT_BRACKETS;
  while (p < end && (is_blank (*p) || *p == '\n' || *p == '\r'))
    p++;
  for (int k = 0; k < 3; k++)
    {
      size_t m = strlen (numpy[k]);
      if ((size_t) (end - p) > m && memcmp (p, numpy[k], m) == 0)
        {
          p += m;
          kind = RO_TEXT_NUMPY;
          break;
        }
    }
  *at = p;
  if (p == end || *p != '[')
    return RO_TEXT_TABLE;
  for (p++; p < end && (is_blank (*p) || *p == '\n' || *p == '\r'); p++)
    ;
  return p < end && *p == '[' ? kind : RO_TEXT_TABLE;
}

/* What may follow a nested array: blanks, a ';', and for numpy the
   rest of the call, ", dtype=float64)".  */
static int
literal_end (reader_t *r, const char *p, const char *end)
{
  skip_space (r, &p, end);
  if (r->sheet->text == RO_TEXT_NUMPY)
    {
      if (p < end && *p == ',')
        {
          p++;
          skip_space (r, &p, end);
          if ((size_t) (end - p) > 6 && memcmp (p, "dtype=", 6) == 0)
            for (p += 6; p < end && (isalnum ((unsigned char) *p)
                                     || *p == '.' || *p == '_'); p++)
              ;
          skip_space (r, &p, end);
        }
      if (p == end || *p != ')')
        return fail (r, (unsigned long) (p - r->line_start) + 1,
                     "numpy's array( is not closed");
      p++;
    }
  skip_space (r, &p, end);
  if (p < end && *p == ';')
    p++;
  skip_space (r, &p, end);
  if (p < end)
    return fail (r, (unsigned long) (p - r->line_start) + 1,
                 "text after the end of the array");
  return RO_OK;
}

/* Read the nested array at P (its outer '[') to END: rows of numbers
   in brackets, separated by commas or blanks, over any number of
   lines.  Each number's field is its place in its row.  */
static int
read_literal (reader_t *r, const char *p, const char *end)
{
  int depth = 0;
  unsigned long i = 0, j = 0;
  char q[48];
  while (p < end)
    {
      skip_space (r, &p, end);
      if (p == end)
        break;
      unsigned long col = (unsigned long) (p - r->line_start) + 1;
      if (*p == '\0')
        return fail (r, col, "a NUL byte: this is not a text file");
      if (*p == ',')
        {
          p++;
          continue;
        }
      if (*p == '[')
        {
          if (++depth > 2)
            return fail (r, col, "an array nested deeper than rows of "
                         "numbers");
          j = 0;
          p++;
          continue;
        }
      if (*p == ']')
        {
          p++;
          i += depth == 2;
          if (--depth == 0)
            return literal_end (r, p, end);
          continue;
        }
      const char *t = p;
      while (p < end && !strchr (" \t\r\n,[]()", *p) && *p != '\0')
        p++;
      if (p == t)
        return fail (r, col, "not a number in an array: '%c'", *p);
      if (depth != 2)
        return fail (r, col, "a number outside the rows of the array: "
                     "'%s'", quote (q, t, (size_t) (p - t)));
      cell_t c = { t, (size_t) (p - t), col, j + 1 };
      int rc = take_place (r, &c, i, j++);
      if (rc != RO_OK)
        return rc;
    }
  return fail (r, (unsigned long) (p - r->line_start) + 1,
               "the array is not closed: a ']' is missing");
}

/* Whether the values of SHEET may be percentages without their '%':
   all in [0, 100], some above 1, none a fraction or with a '%'.  */
static int
bare_percent (const ro_sheet_t *s)
{
  int above = 0;
  for (size_t i = 0; i < s->n; i++)
    {
      const ro_entry_t *e = &s->entry[i];
      if (mpq_sgn (e->number.ulp) == 0 || strchr (e->text, '%') != NULL
          || mpq_sgn (e->number.value) < 0
          || mpq_cmp_ui (e->number.value, 100, 1) > 0)
        return 0;
      above |= mpq_cmp_ui (e->number.value, 1, 1) > 0;
    }
  return above;
}

/* The exponent of "e[+-]N" at P (after a digit or a point), at most
   RO_DIGITS_MAX, or 0 when there is none or the parser refuses it (a
   larger one is refused before anything is built).  */
static double
exponent_at (const char *p, const char *end)
{
  if (p + 1 < end && (p[1] == '+' || p[1] == '-'))
    p++;
  else if (end - p > 3 && memcmp (p + 1, "\xe2\x88\x92", 3) == 0)
    p += 3;
  double v = 0;
  for (p++; p < end && isdigit ((unsigned char) *p) && v <= RO_DIGITS_MAX;
       p++)
    v = v * 10 + (*p - '0');
  return v <= RO_DIGITS_MAX ? v : 0;
}

/* Refuse, before any number is built, a text whose numbers would take
   more than SHEET_BYTES_MAX: a number's value and ulp have at most as
   many decimal digits as it shows plus its exponent's magnitude (and 2
   for a percentage), log2(10)/8 bytes each.  A few kilobytes of
   "1e-999999" are refused here, at the cell that crosses the bound,
   without the gigabytes of building them.  */
static int
check_size (reader_t *r, const char *p, const char *end)
{
  double digits = 0;
  r->line = 1;
  r->line_start = p;
  for (const char *q = p; q < end && *q != '\0'; q++)
    {
      if (*q == '\n' || (*q == '\r' && !(q + 1 < end && q[1] == '\n')))
        {
          r->line++;
          r->line_start = q + 1;
        }
      else if (isdigit ((unsigned char) *q))
        digits++;
      else if ((*q == 'e' || *q == 'E') && q > p
               && (isdigit ((unsigned char) q[-1]) || q[-1] == '.'))
        digits += exponent_at (q, end) + 4;
      if (2 * digits * (3.3219280948873623 / 8) > SHEET_BYTES_MAX)
        return fail (r, (unsigned long) (q - r->line_start) + 1,
                     "the table's numbers would take more than %.0f MiB",
                     SHEET_BYTES_MAX / (1024 * 1024));
    }
  r->line = 0;
  return RO_OK;
}

int
ro_sheet_read (ro_sheet_t *sheet, const char *text, size_t len,
               const ro_read_options_t *options, ro_read_error_t *err)
{
  reader_t r = { sheet, options, err, ' ', 0, text, 0, options->percent,
    0, 0, 0, 0, options->first_row ? options->first_row : 1,
    options->first_column ? options->first_column : 1
  };
  plan_t plan = { 0, { NULL, 0 }, { 0, 1, 2, 3 }, 0, 0, 0 };
  row_t row = { NULL, 0, 0 };
  const char *p = text, *end = text + len;
  int rc = RO_OK;

  ro_sheet_clear (sheet);
  err->line = err->column = 0;
  err->message[0] = '\0';
  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;                     /* a UTF-8 byte order mark */
  rc = check_size (&r, p, end);
  const char *at;
  ro_text_t kind = options->layout == RO_LAYOUT_LONG ? RO_TEXT_TABLE
    : literal_kind (p, end, &at);
  if (rc == RO_OK && kind != RO_TEXT_TABLE)
    {
      /* The whole text is one array, a grid without labels.  */
      sheet->text = kind;
      sheet->layout = RO_LAYOUT_GRID;
      sheet->headerless = plan.started = 1;
      sheet->first_row = r.first_row;
      sheet->first_column = r.first_column;
      sheet->delimiter = memchr (at, ',', (size_t) (end - at)) ? ',' : ' ';
      r.line = 1;
      r.line_start = p;
      skip_space (&r, &p, end);
      rc = read_literal (&r, at, end);
      p = end;
    }
  while (rc == RO_OK && p < end)
    {
      const char *eol = p;
      while (eol < end && *eol != '\n' && *eol != '\r' && *eol != '\0')
        eol++;
      r.line++;
      r.line_start = p;
      if (eol < end && *eol == '\0')
        rc = fail (&r, (unsigned long) (eol - p) + 1,
                   "a NUL byte: this is not a text file");
      else
        rc = read_line (&r, &plan, &row, p, (size_t) (eol - p));
      if (eol < end && *eol == '\r' && eol + 1 < end && eol[1] == '\n')
        eol++;
      p = eol + 1;
    }
  if (rc == RO_OK && !plan.started)
    {
      r.line = 1;
      rc = fail (&r, 1, "no table: the text is empty");
    }
  else if (rc == RO_OK && sheet->n == 0)
    {
      r.line = 1;
      rc = fail (&r, 1, "no values to check in the table");
    }
  free (plan.grid.d);
  free (row.cell);
  if (rc != RO_OK)
    ro_sheet_clear (sheet);
  else
    {
      sheet->percent = r.percent;
      sheet->bare_percent = !r.percent && bare_percent (sheet);
      if (sheet->layout == RO_LAYOUT_LONG)
        {
          sheet->across = RO_ACROSS_DEFENDERS;
          sheet->across_said = RO_SAID_NOTHING;
        }
    }
  return rc;
}
