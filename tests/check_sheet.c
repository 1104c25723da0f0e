/* check_sheet.c -- tests of reading published tables (ro_sheet_read) */

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <gmp.h>

#include "riskodds.h"
#include "testutil.h"

/* Every expected entry below -- battle, value, line and byte column --
   is counted by hand from the text written next to it, or recorded by
   the test while it writes a random table; none comes from
   ro_sheet_read.  */

#define BOM "\xef\xbb\xbf"

/* Q = the canonical value of the rational S.  */
static void
q_of (mpq_t q, const char *s)
{
  ck_assert_msg (mpq_set_str (q, s, 10) == 0, "bad rational in test: %s", s);
  mpq_canonicalize (q);
}

/* One expected entry.  */
typedef struct
{
  unsigned long a, d;
  const char *value, *ulp;
  unsigned long line, col;
  const char *text;
  unsigned long field;          /* the cell's place in its row; 0: not
                                   checked */
} want_t;

/* SHEET holds exactly the N entries of WANT, in order.  */
static void
check_entries (const ro_sheet_t *sheet, const want_t *want, size_t n,
               const char *name)
{
  mpq_t v, u;
  mpq_inits (v, u, (mpq_ptr) 0);
  ck_assert_msg (sheet->n == n, "%s: %zu entries, expected %zu", name,
                 sheet->n, n);
  for (size_t i = 0; i < n; i++)
    {
      const ro_entry_t *e = &sheet->entry[i];
      const want_t *w = &want[i];
      q_of (v, w->value);
      q_of (u, w->ulp);
      ck_assert_msg (e->attackers == w->a && e->defenders == w->d,
                     "%s, entry %zu: %lu v %lu, expected %lu v %lu", name, i,
                     e->attackers, e->defenders, w->a, w->d);
      ck_assert_msg (mpq_equal (e->number.value, v), "%s, entry %zu: value "
                     "%s, expected %s", name, i,
                     mpq_get_str (NULL, 10, e->number.value), w->value);
      ck_assert_msg (mpq_equal (e->number.ulp, u), "%s, entry %zu: ulp %s, "
                     "expected %s", name, i,
                     mpq_get_str (NULL, 10, e->number.ulp), w->ulp);
      ck_assert_msg (e->line == w->line && e->column == w->col,
                     "%s, entry %zu: at %lu:%lu, expected %lu:%lu", name, i,
                     e->line, e->column, w->line, w->col);
      ck_assert_msg (w->field == 0 || e->field == w->field,
                     "%s, entry %zu: field %lu, expected %lu", name, i,
                     e->field, w->field);
      ck_assert_msg (e->text != NULL && strcmp (e->text, w->text) == 0,
                     "%s, entry %zu: text '%s', expected '%s'", name, i,
                     e->text ? e->text : "(null)", w->text);
    }
  mpq_clears (v, u, (mpq_ptr) 0);
}

/* ------------------------------------------------------------------ */
/* Tables as published                                                */
/* ------------------------------------------------------------------ */

/* Georgiou: tabs, an "A\D" corner, percentages with a decimal comma.
   Here and in the next two tables, the last number of an entry is its
   field, counted by hand (the '-' cells count too).  */
static const char georgiou[] =
  "# Georgiou, Table 3\n"
  "A\\D\t2\t3\t4\n"
  "3\t71,65%\t53,70%\t38,15%\n"
  "4\t83,62%\t-\t54,31%\n";
static const want_t want_georgiou[] = {
  {3, 2, "7165/10000", "1/10000", 3, 3, "71,65%", 2},
  {3, 3, "5370/10000", "1/10000", 3, 10, "53,70%", 3},
  {3, 4, "3815/10000", "1/10000", 3, 17, "38,15%", 4},
  {4, 2, "8362/10000", "1/10000", 4, 3, "83,62%", 2},
  {4, 4, "5431/10000", "1/10000", 4, 12, "54,31%", 4},
};

/* McLoone (Mathematica's Text@Grid): '|', no corner cell, labels of
   words and a count, stacked fractions flattened to "n d", a trailing
   empty cell.  */
static const char mcloone[] =
  "Defend with 1 | Defend with 2 | Defend with 3 | |\n"
  "Attack with 2 | 5 12 | 275 2592 | |\n"
  "Attack with 3 | 1955 2592 | | 692225 3359232 |\n";
static const want_t want_mcloone[] = {
  {2, 1, "5/12", "0", 2, 17, "5 12", 2},
  {2, 2, "275/2592", "0", 2, 24, "275 2592", 3},
  {3, 1, "1955/2592", "0", 3, 17, "1955 2592", 2},
  {3, 3, "692225/3359232", "0", 3, 31, "692225 3359232", 4},
};

/* Wieringa: blanks, an "X \ Y" corner of three words, "-" cells.  */
static const char wieringa[] =
  "X \\ Y 1 2 3\n"
  "1 0.42 - -\n"
  "2 0.75 0.36 -\n"
  "3 0.92 0.66 0.47\n";
static const want_t want_wieringa[] = {
  {1, 1, "42/100", "1/100", 2, 3, "0.42", 2},
  {2, 1, "75/100", "1/100", 3, 3, "0.75", 2},
  {2, 2, "36/100", "1/100", 3, 8, "0.36", 3},
  {3, 1, "92/100", "1/100", 4, 3, "0.92", 2},
  {3, 2, "66/100", "1/100", 4, 8, "0.66", 3},
  {3, 3, "47/100", "1/100", 4, 13, "0.47", 4},
};

/* The same with an "A \ D" corner.  */
static const char spaced_corner[] =
  "A \\ D 1 2\n"
  "1 0.417 0.106\n";
static const want_t want_spaced_corner[] = {
  {1, 1, "417/1000", "1/1000", 2, 3, "0.417"},
  {1, 2, "106/1000", "1/1000", 2, 9, "0.106"},
};

/* Osborne: blanks, "A=1:" labels.  */
static const char osborne[] =
  "A\\D 1 2 3\n"
  "A=1: 0.417 0.106 0.027\n"
  "A=2: 0.754 - 0.206\n";
static const want_t want_osborne[] = {
  {1, 1, "417/1000", "1/1000", 2, 6, "0.417"},
  {1, 2, "106/1000", "1/1000", 2, 12, "0.106"},
  {1, 3, "27/1000", "1/1000", 2, 18, "0.027"},
  {2, 1, "754/1000", "1/1000", 3, 6, "0.754"},
  {2, 3, "206/1000", "1/1000", 3, 14, "0.206"},
};

/* Blanks, labels of several words on both sides.  */
static const char worded[] =
  "Defend with 1  Defend with 2\n"
  "Attack with 3  0.5  -\n";
static const want_t want_worded[] = {
  {3, 1, "1/2", "1/10", 2, 16, "0.5"},
};

/* Markdown, with a rule row of alignments.  */
static const char markdown[] =
  "| A\\D | 1 | 2 |\n"
  "|---|:---:|---:|\n"
  "| 1 | 0.417 | 0.106 |\n"
  "| 2 | 0.754 | n/a |\n";
static const want_t want_markdown[] = {
  {1, 1, "417/1000", "1/1000", 3, 7, "0.417"},
  {1, 2, "106/1000", "1/1000", 3, 15, "0.106"},
  {2, 1, "754/1000", "1/1000", 4, 7, "0.754"},
};

/* LaTeX: a tabular with \hline, \frac and "{,}" and "\%".  */
static const char latex[] =
  "\\begin{tabular}{c|cc}\n"
  "\\hline\n"
  "$A \\backslash D$ & 1 & 2 \\\\ \\hline\n"
  "1 & $\\frac{5}{12}$ & $\\frac{275}{2592}$ \\\\\n"
  "2 & 75{,}42\\% & -- \\\\\n"
  "\\hline\n"
  "\\end{tabular}\n";
static const want_t want_latex[] = {
  {1, 1, "5/12", "0", 4, 5, "$\\frac{5}{12}$"},
  {1, 2, "275/2592", "0", 4, 22, "$\\frac{275}{2592}$"},
  {2, 1, "7542/10000", "1/10000", 5, 5, "75{,}42\\%"},
};

/* CSV, long, with "quoted" cells (one with a decimal comma).  */
static const char csv_long[] =
  "attackers,defenders,win\n"
  "1,1,0.4167\n"
  "\"2\",\"1\",\"0.7539\"\n"
  "3,2,\"0,3627\"\n";
static const want_t want_csv_long[] = {
  {1, 1, "4167/10000", "1/10000", 2, 5, "0.4167"},
  {2, 1, "7539/10000", "1/10000", 3, 10, "0.7539"},
  {3, 2, "3627/10000", "1/10000", 4, 6, "0,3627"},
};

/* CSV, long, the value column found by its name among others.  */
static const char csv_named[] =
  "Attackers,Defenders,P(loss),P(win)\n"
  "3,2,0.2926,0.3717\n";
static const want_t want_csv_named[] = {
  {3, 2, "3717/10000", "1/10000", 2, 12, "0.3717"},
};

/* CSV, long, the value the one column of three left unnamed.  */
static const char csv_unnamed[] =
  "chance,attackers,defenders\n"
  "0.37,3,2\n";
static const want_t want_csv_unnamed[] = {
  {3, 2, "37/100", "1/100", 2, 1, "0.37"},
};

/* TSV, long, with a missing value.  */
static const char tsv_long[] =
  "attackers\tdefenders\tprobability\n"
  "3\t2\t0.3717\n"
  "10\t10\t-\n";
static const want_t want_tsv_long[] = {
  {3, 2, "3717/10000", "1/10000", 2, 5, "0.3717"},
};

/* CSV, long, Unicode spaces around cells and before '%' (issue 14,
   item 4): U+00A0, U+202F, U+2009, U+3000.  */
static const char csv_unicode[] =
  "attackers,defenders,win\n"
  "3,2,\xc2\xa0" "37.17\xe2\x80\xaf%\n"
  "4,2,0.48\xe2\x80\x89\n"
  "5,2,\xe3\x80\x80" "0.5\n";
static const want_t want_csv_unicode[] = {
  {3, 2, "3717/10000", "1/10000", 2, 7, "37.17\xe2\x80\xaf%"},
  {4, 2, "48/100", "1/100", 3, 5, "0.48"},
  {5, 2, "1/2", "1/10", 4, 8, "0.5"},
};

/* Long, without a header.  */
static const char headerless[] = "3,2,0.36\n4,2,0.48\n";
static const want_t want_headerless[] = {
  {3, 2, "36/100", "1/100", 1, 5, "0.36"},
  {4, 2, "48/100", "1/100", 2, 5, "0.48"},
};

/* Long, columns given by the caller.  */
static const char semicolons[] =
  "id;atk;dfn;lose;win\n"
  "r1;3;2;0.29;0.37\n"
  "r2;4;2;0.2;0.48\n";
static const want_t want_semicolons[] = {
  {3, 2, "37/100", "1/100", 2, 13, "0.37"},
  {4, 2, "48/100", "1/100", 3, 12, "0.48"},
};
static const char headerless4[] = "3,2,0.29,0.37\n4,2,0.2,0.48\n";
static const want_t want_headerless4[] = {
  {3, 2, "37/100", "1/100", 1, 10, "0.37"},
  {4, 2, "48/100", "1/100", 2, 9, "0.48"},
};

/* A byte order mark, CRLF, comments and a blank line.  */
static const char crlf[] =
  BOM "# comment\r\n"
  "attackers,defenders,win\r\n"
  "# another\r\n"
  "3,2,0.36\r\n"
  "\r\n"
  "4,3,0.47\r\n";
static const want_t want_crlf[] = {
  {3, 2, "36/100", "1/100", 4, 5, "0.36"},
  {4, 3, "47/100", "1/100", 6, 5, "0.47"},
};

/* Old Mac line ends (a lone CR), no newline at the end.  */
static const char cr_only[] =
  "attackers\tdefenders\twin\r3\t2\t0.36\r\r4\t3\t0.47";
static const want_t want_cr_only[] = {
  {3, 2, "36/100", "1/100", 2, 5, "0.36"},
  {4, 3, "47/100", "1/100", 4, 5, "0.47"},
};

/* A byte order mark before a grid's header.  */
static const char bom_grid[] = BOM "A\\D\t1\n1\t0.4167\n";
static const want_t want_bom_grid[] = {
  {1, 1, "4167/10000", "1/10000", 2, 3, "0.4167"},
};

/* PERCENT: numbers without '%' are percentages.  */
static const char percent_grid[] = "A\\D\t1\t2\n1\t41.67\t10,6%\n";
static const want_t want_percent_grid[] = {
  {1, 1, "4167/10000", "1/10000", 2, 3, "41.67"},
  {1, 2, "106/1000", "1/1000", 2, 9, "10,6%"},
};

/* A grid without a corner, told to be a grid (its first row alone
   could be a row of a long table).  */
static const char cornerless[] = "1,2,3\n1,0.41,0.1,0.02\n";
static const want_t want_cornerless[] = {
  {1, 1, "41/100", "1/100", 2, 3, "0.41"},
  {1, 2, "1/10", "1/10", 2, 8, "0.1"},
  {1, 3, "2/100", "1/100", 2, 12, "0.02"},
};

/* The largest army count.  */
static const char armies_max[] =
  "attackers,defenders,win\n100000000,100000000,1/2\n";
static const want_t want_armies_max[] = {
  {RO_ARMIES_MAX, RO_ARMIES_MAX, "1/2", "0", 2, 21, "1/2"},
};

/* Headers in words, as people head a CSV (issue 13): the counts named
   "Attacking armies" and "Defending armies", the values a percentage
   by the header's '%'.  */
static const char worded_header[] =
  "Attacking armies,Defending armies,Attacker win %\n"
  "2,1,41.67\n"
  "3,2,36.27\n";
static const want_t want_worded_header[] = {
  {2, 1, "4167/10000", "1/10000", 2, 5, "41.67"},
  {3, 2, "3627/10000", "1/10000", 3, 5, "36.27"},
};

/* The defender's chance, named so, the counts in the other order: the
   value is read as it stands and the sheet says whose chance it is.  */
static const char defender_holds[] =
  "Defending armies\tAttackers\tDefender holds\n"
  "1\t2\t7/12\n";
static const want_t want_defender_holds[] = {
  {2, 1, "7/12", "0", 2, 5, "7/12"},
};

/* Both chances: the attacker's is the value, wherever it stands.  */
static const char both_chances[] =
  "A;D;P(D wins);P(A wins)\n"
  "3;2;0.64;0.36\n";
static const want_t want_both_chances[] = {
  {3, 2, "36/100", "1/100", 2, 10, "0.36"},
};

/* Only the defender's: P(loss) is the attacker's loss.  */
static const char only_loss[] =
  "attackers,defenders,P(loss)\n"
  "2,1,0.5833\n";
static const want_t want_only_loss[] = {
  {2, 1, "5833/10000", "1/10000", 2, 5, "0.5833"},
};

/* A verb of losing: the defender's loss is the attacker's win.  */
static const char defender_loses[] =
  "Attackers;Defenders;Rounds;Defender loses\n"
  "2;1;1;0.4167\n";
static const want_t want_defender_loses[] = {
  {2, 1, "4167/10000", "1/10000", 2, 7, "0.4167"},
};

/* A column about a side that counts no armies at the start, and the
   percent in words.  */
static const char not_counts[] =
  "Attacker dice,Attacking armies,Expected attackers left,"
  "Defending armies,Win percentage\n"
  "3,2,1.2,1,41.7\n";
static const want_t want_not_counts[] = {
  {2, 1, "417/1000", "1/1000", 2, 11, "41.7"},
};

/* The third of three, named for the defender.  */
static const char third_defender[] =
  "attackers,defenders,defender\n"
  "2,1,0.58\n";
static const want_t want_third_defender[] = {
  {2, 1, "58/100", "1/100", 2, 5, "0.58"},
};

/* Columns chosen by the caller among both sides' chances.  */
static const char two_sides[] =
  "att,def,win,lose\n"
  "2,1,0.4167,0.5833\n";
static const want_t want_two_sides_lose[] = {
  {2, 1, "5833/10000", "1/10000", 2, 12, "0.5833"},
};
static const want_t want_two_sides_win[] = {
  {2, 1, "4167/10000", "1/10000", 2, 5, "0.4167"},
};

#define WANT(w) w, sizeof w / sizeof *w

static const struct
{
  const char *name, *text;
  ro_layout_t force;
  const char *columns;
  int percent;
  ro_layout_t layout;
  char delim;
  size_t skipped;
  const want_t *want;
  size_t n;
  /* What the sheet says of its numbers: percentages, the defender's
     chance, the value column (0 for a grid).  */
  int pct, defender;
  size_t value_column;
} read_cases[] = {
  {"georgiou", georgiou, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, '\t', 1,
   WANT (want_georgiou), 0, 0, 0},
  {"mcloone", mcloone, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, '|', 1,
   WANT (want_mcloone), 0, 0, 0},
  {"wieringa", wieringa, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, ' ', 3,
   WANT (want_wieringa), 0, 0, 0},
  {"spaced corner", spaced_corner, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID,
   ' ', 0, WANT (want_spaced_corner), 0, 0, 0},
  {"osborne", osborne, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, ' ', 1,
   WANT (want_osborne), 0, 0, 0},
  {"worded", worded, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, ' ', 1,
   WANT (want_worded), 0, 0, 0},
  {"markdown", markdown, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, '|', 1,
   WANT (want_markdown), 0, 0, 0},
  {"latex", latex, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, '&', 1,
   WANT (want_latex), 0, 0, 0},
  {"csv long", csv_long, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_csv_long), 0, 0, 3},
  {"csv named", csv_named, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_csv_named), 0, 0, 4},
  {"csv unnamed", csv_unnamed, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',',
   0, WANT (want_csv_unnamed), 0, 0, 1},
  {"tsv long", tsv_long, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, '\t', 1,
   WANT (want_tsv_long), 0, 0, 3},
  {"csv unicode spaces", csv_unicode, RO_LAYOUT_AUTO, NULL, 0,
   RO_LAYOUT_LONG, ',', 0, WANT (want_csv_unicode), 0, 0, 3},
  {"headerless", headerless, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',',
   0, WANT (want_headerless), 0, 0, 3},
  {"forced long", headerless, RO_LAYOUT_LONG, NULL, 0, RO_LAYOUT_LONG, ',',
   0, WANT (want_headerless), 0, 0, 3},
  {"columns by name", semicolons, RO_LAYOUT_AUTO, "atk,dfn,win", 0,
   RO_LAYOUT_LONG, ';', 0, WANT (want_semicolons), 0, 0, 5},
  {"columns by case", semicolons, RO_LAYOUT_AUTO, "ATK,Dfn,WIN", 0,
   RO_LAYOUT_LONG, ';', 0, WANT (want_semicolons), 0, 0, 5},
  {"columns by number", semicolons, RO_LAYOUT_AUTO, "2,3,5", 0,
   RO_LAYOUT_LONG, ';', 0, WANT (want_semicolons), 0, 0, 5},
  {"columns headerless", headerless4, RO_LAYOUT_AUTO, "1,2,4", 0,
   RO_LAYOUT_LONG, ',', 0, WANT (want_headerless4), 0, 0, 4},
  {"crlf", crlf, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_crlf), 0, 0, 3},
  {"cr only", cr_only, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, '\t', 0,
   WANT (want_cr_only), 0, 0, 3},
  {"bom grid", bom_grid, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_GRID, '\t', 0,
   WANT (want_bom_grid), 0, 0, 0},
  {"percent", percent_grid, RO_LAYOUT_AUTO, NULL, 1, RO_LAYOUT_GRID, '\t',
   0, WANT (want_percent_grid), 1, 0, 0},
  {"cornerless", cornerless, RO_LAYOUT_GRID, NULL, 0, RO_LAYOUT_GRID, ',',
   0, WANT (want_cornerless), 0, 0, 0},
  {"armies max", armies_max, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',',
   0, WANT (want_armies_max), 0, 0, 3},
  {"worded header", worded_header, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG,
   ',', 0, WANT (want_worded_header), 1, 0, 3},
  {"worded header, forced long", worded_header, RO_LAYOUT_LONG, NULL, 0,
   RO_LAYOUT_LONG, ',', 0, WANT (want_worded_header), 1, 0, 3},
  {"defender holds", defender_holds, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG,
   '\t', 0, WANT (want_defender_holds), 0, 1, 3},
  {"both chances", both_chances, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG,
   ';', 0, WANT (want_both_chances), 0, 0, 4},
  {"only loss", only_loss, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_only_loss), 0, 1, 3},
  {"defender loses", defender_loses, RO_LAYOUT_AUTO, NULL, 0,
   RO_LAYOUT_LONG, ';', 0, WANT (want_defender_loses), 0, 0, 4},
  {"not counts", not_counts, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_not_counts), 1, 0, 5},
  {"third defender", third_defender, RO_LAYOUT_AUTO, NULL, 0, RO_LAYOUT_LONG,
   ',', 0, WANT (want_third_defender), 0, 1, 3},
  {"columns: lose by name", two_sides, RO_LAYOUT_AUTO, "att,def,lose", 0,
   RO_LAYOUT_LONG, ',', 0, WANT (want_two_sides_lose), 0, 1, 4},
  {"columns: :defender", two_sides, RO_LAYOUT_AUTO, "1,2,4:defender", 0,
   RO_LAYOUT_LONG, ',', 0, WANT (want_two_sides_lose), 0, 1, 4},
  {"columns: :attacker overrides", two_sides, RO_LAYOUT_AUTO,
   "1,2,lose:Attacker", 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_two_sides_lose), 0, 0, 4},
  {"columns: :defender of win", two_sides, RO_LAYOUT_AUTO,
   "att,def,win:defender", 0, RO_LAYOUT_LONG, ',', 0,
   WANT (want_two_sides_win), 0, 1, 3},
  {"columns: headerless :defender", headerless, RO_LAYOUT_AUTO,
   "1,2,3:defender", 0, RO_LAYOUT_LONG, ',', 0, WANT (want_headerless), 0, 1,
   3},
};

#define N_READ_CASES (sizeof read_cases / sizeof *read_cases)

START_TEST (test_read)
{
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  const char *t = read_cases[_i].text;
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);
  o.layout = read_cases[_i].force;
  o.columns = read_cases[_i].columns;
  o.percent = read_cases[_i].percent;
  /* Read twice into the same sheet: the second read replaces the
     first.  */
  for (int k = 0; k < 2; k++)
    {
      int rc = ro_sheet_read (&sheet, t, strlen (t), &o, &err);
      ck_assert_msg (rc == RO_OK, "%s: rc %d at %lu:%lu: %s",
                     read_cases[_i].name, rc, err.line, err.column,
                     err.message);
      ck_assert_msg (sheet.layout == read_cases[_i].layout,
                     "%s: layout %d, expected %d", read_cases[_i].name,
                     (int) sheet.layout, (int) read_cases[_i].layout);
      ck_assert_msg (sheet.delimiter == read_cases[_i].delim,
                     "%s: delimiter '%c', expected '%c'", read_cases[_i].name,
                     sheet.delimiter, read_cases[_i].delim);
      ck_assert_msg (sheet.skipped == read_cases[_i].skipped,
                     "%s: %zu skipped, expected %zu", read_cases[_i].name,
                     sheet.skipped, read_cases[_i].skipped);
      check_entries (&sheet, read_cases[_i].want, read_cases[_i].n,
                     read_cases[_i].name);
      ck_assert_msg (sheet.percent == read_cases[_i].pct
                     && sheet.defender == read_cases[_i].defender
                     && sheet.value_column == read_cases[_i].value_column,
                     "%s: percent %d, defender %d, value column %zu; "
                     "expected %d, %d, %zu", read_cases[_i].name,
                     sheet.percent, sheet.defender, sheet.value_column,
                     read_cases[_i].pct, read_cases[_i].defender,
                     read_cases[_i].value_column);
    }
  ro_sheet_clear (&sheet);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Tables as programs and people publish them (issue 33)              */
/* ------------------------------------------------------------------ */

/* org-mode, as Clojure's print-table leaves it: a corner "A" (which says
   nothing: papers put it over either side), a rule row whose label "D"
   stands in the column of the row labels, so the attackers go across;
   percentages without '%'.  Columns counted by hand: "   1 | 41.67 |
   75.42 |" has 41.67 at 8 and 75.42 at 16.  */
static const char org_across[] =
  "   A |     2 |     3 |\n"
  "D    |-------+-------|\n"
  "   1 | 41.67 | 75.42 |\n"
  "   2 | 10.61 | 36.27 |\n";
static const want_t want_org_across[] = {
  {2, 1, "4167/100", "1/100", 3, 8, "41.67", 2},
  {3, 1, "7542/100", "1/100", 3, 16, "75.42", 3},
  {2, 2, "1061/100", "1/100", 4, 8, "10.61", 2},
  {3, 2, "3627/100", "1/100", 4, 16, "36.27", 3},
};

/* A corner "D\A" names the rows' side before the '\'.  */
static const char corner_across[] = "D\\A\t2\t3\n1\t0.417\t0.754\n";
static const want_t want_corner_across[] = {
  {2, 1, "417/1000", "1/1000", 2, 3, "0.417", 2},
  {3, 1, "754/1000", "1/1000", 2, 9, "0.754", 3},
};

/* A title over the columns, then a header of counts.  */
static const char title_across[] =
  "Attacking armies\n" "  2 3\n" "1 0.417 0.754\n";
static const want_t want_title_across[] = {
  {2, 1, "417/1000", "1/1000", 3, 3, "0.417", 2},
  {3, 1, "754/1000", "1/1000", 3, 9, "0.754", 3},
};

/* "A\D": the labels say the papers' way.  */
static const char corner_down[] = "A\\D\t1\n2\t0.417\n";
static const want_t want_corner_down[] = {
  {2, 1, "417/1000", "1/1000", 2, 3, "0.417", 2},
};
/* The same forced the other way by the options: 2 is a defender count.  */
static const want_t want_corner_forced[] = {
  {1, 2, "417/1000", "1/1000", 2, 3, "0.417", 2},
};

/* An empty corner and bare counts: nothing says.  A rule of '=' only.  */
static const char unsaid[] = ",1,2\n=====\n2,0.417,0.106\n";
static const want_t want_unsaid[] = {
  {2, 1, "417/1000", "1/1000", 3, 3, "0.417", 2},
  {2, 2, "106/1000", "1/1000", 3, 9, "0.106", 3},
};

/* No labels at all: the first row is data.  */
static const char bare_csv[] = "0.417,0.106\n0.754,0.363\n";
static const want_t want_bare_csv[] = {
  {1, 1, "417/1000", "1/1000", 1, 1, "0.417", 1},
  {1, 2, "106/1000", "1/1000", 1, 7, "0.106", 2},
  {2, 1, "754/1000", "1/1000", 2, 1, "0.754", 1},
  {2, 2, "363/1000", "1/1000", 2, 7, "0.363", 2},
};
/* Rows from 2, attackers across: row 2 + I, column 1 + J is the battle
   1 + J v 2 + I.  */
static const want_t want_bare_csv_moved[] = {
  {1, 2, "417/1000", "1/1000", 1, 1, "0.417", 1},
  {2, 2, "106/1000", "1/1000", 1, 7, "0.106", 2},
  {1, 3, "754/1000", "1/1000", 2, 1, "0.754", 1},
  {2, 3, "363/1000", "1/1000", 2, 7, "0.363", 2},
};

/* A territory grid's row of 1 attacker, all 0, is data too.  */
static const char zeros_first[] = "0 0\n0.417 0.106\n";
static const want_t want_zeros_first[] = {
  {1, 1, "0", "1", 1, 1, "0", 1},
  {1, 2, "0", "1", 1, 3, "0", 2},
  {2, 1, "417/1000", "1/1000", 2, 1, "0.417", 1},
  {2, 2, "106/1000", "1/1000", 2, 7, "0.106", 2},
};

/* Clojure: no commas, a row a line.  */
static const char clojure[] = "[[0.417 0.106]\n [0.754 0.363]]\n";
static const want_t want_clojure[] = {
  {1, 1, "417/1000", "1/1000", 1, 3, "0.417", 1},
  {1, 2, "106/1000", "1/1000", 1, 9, "0.106", 2},
  {2, 1, "754/1000", "1/1000", 2, 3, "0.754", 1},
  {2, 2, "363/1000", "1/1000", 2, 9, "0.363", 2},
};

/* Python, JSON: commas, one line, NaN and null skipped.  */
static const char python[] =
  "[[0.4167, 0.1061], [0.7542, 0.3627], [NaN, null]]";
static const want_t want_python[] = {
  {1, 1, "4167/10000", "1/10000", 1, 3, "0.4167", 1},
  {1, 2, "1061/10000", "1/10000", 1, 11, "0.1061", 2},
  {2, 1, "7542/10000", "1/10000", 1, 21, "0.7542", 1},
  {2, 2, "3627/10000", "1/10000", 1, 29, "0.3627", 2},
};

/* numpy: "array(" and its wrapped rows.  */
static const char numpy[] =
  "array([[4.1666667e-01, 1.0609568e-01],\n"
  "       [7.5424383e-01, 3.6265432e-01]])\n";
static const want_t want_numpy[] = {
  {1, 1, "41666667/100000000", "1/100000000", 1, 9, "4.1666667e-01", 1},
  {1, 2, "10609568/100000000", "1/100000000", 1, 24, "1.0609568e-01", 2},
  {2, 1, "75424383/100000000", "1/100000000", 2, 9, "7.5424383e-01", 1},
  {2, 2, "36265432/100000000", "1/100000000", 2, 24, "3.6265432e-01", 2},
};

/* R, wrapped: a second block of columns under its own header.  */
static const char rmatrix[] =
  "     [,1]  [,2]\n"
  "[1,] 0.000 0.000\n"
  "[2,] 0.417 0.106\n"
  "      [,3]\n"
  "[1,] 0.000\n"
  "[2,] 0.027\n";
static const want_t want_rmatrix[] = {
  {1, 1, "0", "1/1000", 2, 6, "0.000", 2},
  {1, 2, "0", "1/1000", 2, 12, "0.000", 3},
  {2, 1, "417/1000", "1/1000", 3, 6, "0.417", 2},
  {2, 2, "106/1000", "1/1000", 3, 12, "0.106", 3},
  {1, 3, "0", "1/1000", 5, 6, "0.000", 2},
  {2, 3, "27/1000", "1/1000", 6, 6, "0.027", 2},
};

static const struct
{
  const char *name, *text;
  ro_across_t across;           /* the options */
  unsigned long first_row, first_column;
  const want_t *want;
  size_t n;
  /* What the sheet says.  */
  ro_across_t s_across;
  ro_said_t said;
  int headerless;
  unsigned long s_first_row, s_first_column;
  ro_text_t kind;
  char delim;
  size_t rules, skipped;
  int bare_percent;
} shape_cases[] = {
  {"org, attackers across", org_across, RO_ACROSS_AUTO, 0, 0,
   WANT (want_org_across), RO_ACROSS_ATTACKERS, RO_SAID_LABELS, 0, 0, 0,
   RO_TEXT_TABLE, '|', 1, 0, 1},
  {"corner D\\A", corner_across, RO_ACROSS_AUTO, 0, 0,
   WANT (want_corner_across), RO_ACROSS_ATTACKERS, RO_SAID_LABELS, 0, 0, 0,
   RO_TEXT_TABLE, '\t', 0, 0, 0},
  {"title over the columns", title_across, RO_ACROSS_AUTO, 0, 0,
   WANT (want_title_across), RO_ACROSS_ATTACKERS, RO_SAID_LABELS, 0, 0, 0,
   RO_TEXT_TABLE, ' ', 0, 0, 0},
  {"corner A\\D", corner_down, RO_ACROSS_AUTO, 0, 0,
   WANT (want_corner_down), RO_ACROSS_DEFENDERS, RO_SAID_LABELS, 0, 0, 0,
   RO_TEXT_TABLE, '\t', 0, 0, 0},
  {"corner A\\D, --across attackers", corner_down, RO_ACROSS_ATTACKERS, 0,
   0, WANT (want_corner_forced), RO_ACROSS_ATTACKERS, RO_SAID_OPTION, 0, 0,
   0, RO_TEXT_TABLE, '\t', 0, 0, 0},
  {"nothing said", unsaid, RO_ACROSS_AUTO, 0, 0, WANT (want_unsaid),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 0, 0, 0, RO_TEXT_TABLE, ',', 1, 0,
   0},
  {"headerless csv", bare_csv, RO_ACROSS_AUTO, 0, 0, WANT (want_bare_csv),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1, RO_TEXT_TABLE, ',', 0, 0,
   0},
  {"headerless csv, moved", bare_csv, RO_ACROSS_ATTACKERS, 2, 0,
   WANT (want_bare_csv_moved), RO_ACROSS_ATTACKERS, RO_SAID_OPTION, 1, 2, 1,
   RO_TEXT_TABLE, ',', 0, 0, 0},
  {"zeros first", zeros_first, RO_ACROSS_AUTO, 0, 0,
   WANT (want_zeros_first), RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1,
   RO_TEXT_TABLE, ' ', 0, 0, 0},
  {"clojure", clojure, RO_ACROSS_AUTO, 0, 0, WANT (want_clojure),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1, RO_TEXT_BRACKETS, ' ', 0,
   0, 0},
  {"python", python, RO_ACROSS_AUTO, 0, 0, WANT (want_python),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1, RO_TEXT_BRACKETS, ',', 0,
   2, 0},
  {"numpy", numpy, RO_ACROSS_AUTO, 0, 0, WANT (want_numpy),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1, RO_TEXT_NUMPY, ',', 0, 0,
   0},
  {"r matrix", rmatrix, RO_ACROSS_AUTO, 0, 0, WANT (want_rmatrix),
   RO_ACROSS_DEFENDERS, RO_SAID_NOTHING, 1, 1, 1, RO_TEXT_R, ' ', 0, 0, 0},
};

#define N_SHAPE_CASES (sizeof shape_cases / sizeof *shape_cases)

START_TEST (test_shapes)
{
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  const char *t = shape_cases[_i].text, *name = shape_cases[_i].name;
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);
  o.across = shape_cases[_i].across;
  o.first_row = shape_cases[_i].first_row;
  o.first_column = shape_cases[_i].first_column;
  int rc = ro_sheet_read (&sheet, t, strlen (t), &o, &err);
  ck_assert_msg (rc == RO_OK, "%s: rc %d at %lu:%lu: %s", name, rc,
                 err.line, err.column, err.message);
  check_entries (&sheet, shape_cases[_i].want, shape_cases[_i].n, name);
  ck_assert_msg (sheet.layout == RO_LAYOUT_GRID, "%s: not a grid", name);
  ck_assert_msg (sheet.across == shape_cases[_i].s_across
                 && sheet.across_said == shape_cases[_i].said,
                 "%s: across %d said %d, expected %d said %d", name,
                 (int) sheet.across, (int) sheet.across_said,
                 (int) shape_cases[_i].s_across, (int) shape_cases[_i].said);
  ck_assert_msg (sheet.headerless == shape_cases[_i].headerless
                 && sheet.first_row == shape_cases[_i].s_first_row
                 && sheet.first_column == shape_cases[_i].s_first_column,
                 "%s: headerless %d from %lu, %lu; expected %d from %lu, "
                 "%lu", name, sheet.headerless, sheet.first_row,
                 sheet.first_column, shape_cases[_i].headerless,
                 shape_cases[_i].s_first_row,
                 shape_cases[_i].s_first_column);
  ck_assert_msg (sheet.text == shape_cases[_i].kind
                 && sheet.delimiter == shape_cases[_i].delim,
                 "%s: text %d delimiter '%c', expected %d '%c'", name,
                 (int) sheet.text, sheet.delimiter,
                 (int) shape_cases[_i].kind, shape_cases[_i].delim);
  ck_assert_msg (sheet.rule_rows == shape_cases[_i].rules
                 && sheet.skipped == shape_cases[_i].skipped
                 && sheet.bare_percent == shape_cases[_i].bare_percent,
                 "%s: %zu rule rows, %zu skipped, bare percent %d; "
                 "expected %zu, %zu, %d", name, sheet.rule_rows,
                 sheet.skipped, sheet.bare_percent, shape_cases[_i].rules,
                 shape_cases[_i].skipped, shape_cases[_i].bare_percent);
  ro_sheet_clear (&sheet);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Texts that are not tables                                          */
/* ------------------------------------------------------------------ */

/* Each is RO_EINVAL at LINE:COL with a message that says WHY.  LEN 0
   means strlen (TEXT).  */
static const struct
{
  const char *name, *text;
  size_t len;
  ro_layout_t force;
  const char *columns;
  unsigned long line, col;
  const char *why;
} bad_cases[] = {
  {"empty", "", 0, RO_LAYOUT_AUTO, NULL, 1, 1, "empty"},
  {"blank lines", "\n\n  \t\n\r\n", 0, RO_LAYOUT_AUTO, NULL, 1, 1, "empty"},
  {"only comments", "# a\n# b\n\n", 0, RO_LAYOUT_AUTO, NULL, 1, 1, "empty"},
  {"only a bom", BOM, 0, RO_LAYOUT_AUTO, NULL, 1, 1, "empty"},
  {"nul", "A\\D\t1\n1\t0.5\n2\t0\0.5\n", 19, RO_LAYOUT_AUTO, NULL, 3, 4,
   "NUL"},
  {"nul first", "\0", 1, RO_LAYOUT_AUTO, NULL, 1, 1, "NUL"},
  {"nul after comments", "# a\r\n#\0b\r\n", 10, RO_LAYOUT_AUTO, NULL, 2, 2,
   "NUL"},
  {"more values", "A\\D\t1\t2\n3\t0.1\t0.2\t0.3\n", 0, RO_LAYOUT_AUTO, NULL,
   2, 11, "more values"},
  {"more values, blanks", "A\\D 1\n3 0.1 0.2\n", 0, RO_LAYOUT_AUTO, NULL, 2,
   7, "more values"},
  {"row label of two numbers", "A\\D\t1\t2\n3 4\t0.1\t0.2\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 3, "one attacker count"},
  {"column label of two numbers", "A\\D\t1 2\t3\n1\t0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 7, "one defender count"},
  {"row label without a count", "A\\D\t1\nfoo\t0.5\n", 0, RO_LAYOUT_AUTO,
   NULL, 2, 1, "no attacker count"},
  {"huge row label", "A\\D\t1\n99999999999999999999\t0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 1, "one attacker count"},
  {"huge column label", "A\\D\t99999999999999999999\n1\t0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 5, "one defender count"},
  {"row label over the maximum", "A\\D\t1\n100000001\t0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 1, "one attacker count"},
  {"huge attackers", "attackers,defenders,win\n99999999999999999999,1,0.5\n",
   0, RO_LAYOUT_AUTO, NULL, 2, 1, "attackers"},
  {"attackers over the maximum",
   "attackers,defenders,win\n100000001,1,0.5\n", 0, RO_LAYOUT_AUTO, NULL, 2,
   1, "attackers"},
  {"defenders over the maximum",
   "attackers,defenders,win\n1,100000001,0.5\n", 0, RO_LAYOUT_AUTO, NULL, 2,
   3, "defenders"},
  {"attackers not a count", "attackers,defenders,win\n3.5,2,0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 1, "attackers"},
  {"defenders not a count", "attackers,defenders,win\n3,x,0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 3, "defenders"},
  {"value abc", "A\\D\t1\n1\tabc\n", 0, RO_LAYOUT_AUTO, NULL, 2, 3,
   "not a number"},
  {"value with junk", "A\\D\t1\n1\t 0.5x\n", 0, RO_LAYOUT_AUTO, NULL, 2, 7,
   "not a number"},
  {"long value abc", "a,d,p\n3,2,abc\n", 0, RO_LAYOUT_AUTO, NULL, 2, 5,
   "not a number"},
  {"latex value", "A & 1 \\\\\n1 & $\\frac{5}{0}$ \\\\\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 5, "not a number"},
  {"value out of range", "A\\D\t1\n1\t1e9999999\n", 0, RO_LAYOUT_AUTO,
   NULL, 2, 4, "too large"},
  {"long value out of range", "a,d,p\n3,2,0.5e-9999999\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 8, "too large"},
  {"unterminated quote", "attackers,defenders,win\n3,\"2,0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 2, 9, "cells"},
  {"too few cells", "attackers,defenders,win\n3,2\n", 0, RO_LAYOUT_AUTO,
   NULL, 2, 4, "cells"},
  {"deep quotes, count", "attackers,defenders,win\n\"\"\"3\"\"\",2,0.5\n",
   0, RO_LAYOUT_AUTO, NULL, 2, 2, "attackers"},
  {"deep quotes, value", "attackers,defenders,win\n3,2,\"\"\"0.5\"\"\"\n",
   0, RO_LAYOUT_AUTO, NULL, 2, 6, "not a number"},
  {"only a long header", "attackers,defenders,win\n", 0, RO_LAYOUT_AUTO,
   NULL, 1, 1, "no values"},
  {"only a grid header", "A\\D\t1\t2\n", 0, RO_LAYOUT_AUTO, NULL, 1, 1,
   "no values"},
  {"only missing values", "A\\D\t1\n1\t-\n2\tn/a\n", 0, RO_LAYOUT_AUTO,
   NULL, 1, 1, "no values"},
  {"header without counts", "foo\tbar\tbaz\n1\t0.5\t0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 5, "without a defender count"},
  {"blank header without counts", "foo bar baz\n1 0.5 0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 1, "no defender counts"},
  {"forced grid of a long header", "attackers,defenders,win\n3,2,0.5\n", 0,
   RO_LAYOUT_GRID, NULL, 1, 11, "without a defender count"},
  {"long without a value column", "attackers,defenders\n3,2\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 1, "which column"},
  {"long with unnamed values", "attackers,defenders,loss,other\n3,2,.1,.2\n",
   0, RO_LAYOUT_AUTO, NULL, 1, 1, "which column"},
  {"long without defenders", "attackers,wins,win\n3,2,0.5\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 1, "no attackers and defenders"},
  {"forced long of a grid", "A\\D\t1\t2\n1\t0.5\t0.1\n", 0, RO_LAYOUT_LONG,
   NULL, 1, 1, "no attackers and defenders"},
  {"columns: no such name", "attackers,defenders,win\n3,2,0.5\n", 0,
   RO_LAYOUT_AUTO, "attackers,defenders,nope", 0, 0, "no column"},
  {"columns: names without a header", "3,2,0.5\n", 0, RO_LAYOUT_AUTO,
   "attackers,defenders,win", 0, 0, "no column"},
  {"columns: zero", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "0,1,2", 0, 0,
   "no column"},
  {"columns: two", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "1,2", 0, 0,
   "three columns"},
  {"columns: four", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "1,2,3,4", 0, 0,
   "three columns"},
  {"columns: empty", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "", 0, 0, "no column"},
  {"columns: beyond the row", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "1,2,9", 1, 8,
   "cells"},
  {"columns: huge number", "3,2,0.5\n", 0, RO_LAYOUT_AUTO,
   "1,2,99999999999999999999999", 1, 8, "cells"},
  {"columns: unknown side", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "1,2,3:both", 0,
   0, "no column"},
  {"columns: only a side", "3,2,0.5\n", 0, RO_LAYOUT_AUTO, "1,2,:defender",
   0, 0, "no column"},
  {"worded, one side", "Attacking armies,Attacker win %\n3,50\n", 0,
   RO_LAYOUT_AUTO, NULL, 1, 1, "no attackers and defenders"},
  {"dice are not armies", "Attacker dice,Defender dice,P\n3,2,0.37\n", 0,
   RO_LAYOUT_LONG, NULL, 1, 1, "no attackers and defenders"},
  {"array nested deeper", "[[0.417 [0.1]]]", 0, RO_LAYOUT_AUTO, NULL, 1, 9,
   "nested deeper"},
  {"array not closed", "[[0.417 0.106]\n", 0, RO_LAYOUT_AUTO, NULL, 2, 1,
   "not closed"},
  {"array of words", "[[0.417 x]]", 0, RO_LAYOUT_AUTO, NULL, 1, 9,
   "not a number"},
  {"array number outside a row", "[[0.417], 5]", 0, RO_LAYOUT_AUTO, NULL, 1,
   11, "outside the rows"},
  {"array and more", "[[0.4]] junk", 0, RO_LAYOUT_AUTO, NULL, 1, 9,
   "text after"},
  {"numpy not closed", "array([[0.4]]", 0, RO_LAYOUT_AUTO, NULL, 1, 14,
   "not closed"},
  {"R row without its index", "     [,1]\n1 0.5\n", 0, RO_LAYOUT_AUTO,
   NULL, 2, 1, "[1,]"},
  {"losses are no chance", "Attacking armies,Defending armies,Attacker "
   "losses,Defender losses\n3,2,1,1\n", 0, RO_LAYOUT_AUTO, NULL, 1, 1,
   "which column"},
};

#define N_BAD_CASES (sizeof bad_cases / sizeof *bad_cases)

START_TEST (test_bad)
{
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  const char *t = bad_cases[_i].text, *name = bad_cases[_i].name;
  size_t len = bad_cases[_i].len ? bad_cases[_i].len : strlen (t);
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);
  o.layout = bad_cases[_i].force;
  o.columns = bad_cases[_i].columns;
  /* A sheet that holds a table before: it is emptied.  */
  int rc = ro_sheet_read (&sheet, headerless, strlen (headerless), &o, &err);
  rc = ro_sheet_read (&sheet, t, len, &o, &err);
  ck_assert_msg (rc == RO_EINVAL, "%s: rc %d, expected RO_EINVAL", name, rc);
  ck_assert_msg (err.line == bad_cases[_i].line
                 && err.column == bad_cases[_i].col,
                 "%s: at %lu:%lu, expected %lu:%lu (%s)", name, err.line,
                 err.column, bad_cases[_i].line, bad_cases[_i].col,
                 err.message);
  ck_assert_msg (memchr (err.message, '\0', sizeof err.message) != NULL,
                 "%s: message not terminated", name);
  ck_assert_msg (strstr (err.message, bad_cases[_i].why) != NULL,
                 "%s: message '%s' does not say '%s'", name, err.message,
                 bad_cases[_i].why);
  ck_assert_msg (sheet.n == 0, "%s: %zu entries left after a failure", name,
                 sheet.n);
  ro_sheet_clear (&sheet);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Sizes                                                              */
/* ------------------------------------------------------------------ */

/* A one-megabyte cell, a one-megabyte header of 250000 counts, and one
   row of 250000 values.  */
START_TEST (test_long_lines)
{
  size_t big = 1 << 20, cols = 250000;
  char *s = malloc (4 * big + 64), *p;
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  ck_assert_msg (s != NULL, "out of memory in the test");
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);

  /* A value cell of a megabyte of 'x': not a number, quoted short.  */
  p = s + sprintf (s, "A\\D\t1\n1\t");
  memset (p, 'x', big);
  p += big;
  *p++ = '\n';
  int rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_EINVAL && err.line == 2 && err.column == 3,
                 "1 MB cell: rc %d at %lu:%lu", rc, err.line, err.column);
  ck_assert_msg (strlen (err.message) < sizeof err.message
                 && strstr (err.message, "xxx...") != NULL,
                 "1 MB cell: message '%s'", err.message);

  /* A megabyte of digits: one huge row label.  */
  p = s + sprintf (s, "A\\D\t1\n");
  memset (p, '7', big);
  p += big;
  p += sprintf (p, "\t0.5\n");
  rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_EINVAL && err.line == 2 && err.column == 1,
                 "1 MB label: rc %d at %lu:%lu", rc, err.line, err.column);

  /* A megabyte of digits as a value: more digits than RO_DIGITS_MAX.  */
  p = s + sprintf (s, "A\\D\t1\n1\t");
  memset (p, '7', big);
  p += big;
  rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_EINVAL && err.line == 2 && err.column >= 3
                 && err.column <= big + 3, "1 MB value: rc %d at %lu:%lu",
                 rc, err.line, err.column);

  /* 250000 columns: "A\D\t1\t2..." then "1\t0.5\t0.5...".  */
  p = s + sprintf (s, "A\\D");
  for (size_t j = 1; j <= cols; j++)
    p += sprintf (p, "\t%zu", j);
  p += sprintf (p, "\n7");
  for (size_t j = 1; j <= cols; j++)
    p += sprintf (p, "\t0.5");
  rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_OK, "%zu columns: rc %d at %lu:%lu: %s", cols, rc,
                 err.line, err.column, err.message);
  ck_assert_msg (sheet.n == cols, "%zu columns: %zu entries", cols, sheet.n);
  for (size_t j = 0; j < cols; j++)
    {
      const ro_entry_t *e = &sheet.entry[j];
      ck_assert_msg (e->attackers == 7 && e->defenders == j + 1
                     && e->line == 2 && e->column == 3 + 4 * j
                     && mpq_cmp_ui (e->number.value, 1, 2) == 0,
                     "%zu columns, entry %zu: %lu v %lu at %lu:%lu", cols,
                     j, e->attackers, e->defenders, e->line, e->column);
    }
  ro_sheet_clear (&sheet);
  free (s);
}
END_TEST

/* 100000 rows, long and as a grid.  */
START_TEST (test_many_rows)
{
  size_t rows = 100000;
  char *s = malloc (rows * 40 + 64), *p;
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  ck_assert_msg (s != NULL, "out of memory in the test");
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);

  p = s + sprintf (s, "attackers,defenders,win\n");
  for (size_t i = 0; i < rows; i++)
    p += sprintf (p, "%zu,%zu,0.%04zu\n", i + 1, i % 7 + 1, i % 10000);
  int rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_OK, "long: rc %d at %lu:%lu: %s", rc, err.line,
                 err.column, err.message);
  ck_assert_msg (sheet.n == rows, "long: %zu entries", sheet.n);
  for (size_t i = 0; i < rows; i++)
    {
      const ro_entry_t *e = &sheet.entry[i];
      /* "I+1,D," is the value's column less one.  */
      unsigned long col = (unsigned long) snprintf (NULL, 0, "%zu,%zu,",
                                                    i + 1, i % 7 + 1) + 1;
      ck_assert_msg (e->attackers == i + 1 && e->defenders == i % 7 + 1
                     && e->line == i + 2 && e->column == col
                     && mpq_cmp_ui (e->number.value, i % 10000, 10000) == 0,
                     "long, row %zu: %lu v %lu at %lu:%lu", i, e->attackers,
                     e->defenders, e->line, e->column);
    }

  p = s + sprintf (s, "A\\D\t1\t2\n");
  for (size_t i = 0; i < rows; i++)
    p += sprintf (p, "%zu\t%s\t1/%zu\n", i + 1, i % 3 ? "0.5" : "-", i + 1);
  rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_OK, "grid: rc %d at %lu:%lu: %s", rc, err.line,
                 err.column, err.message);
  ck_assert_msg (sheet.skipped == (rows + 2) / 3, "grid: %zu skipped",
                 sheet.skipped);
  ck_assert_msg (sheet.n == 2 * rows - sheet.skipped, "grid: %zu entries",
                 sheet.n);
  const ro_entry_t *e = &sheet.entry[sheet.n - 1];
  ck_assert_msg (e->attackers == rows && e->defenders == 2
                 && e->line == rows + 1
                 && mpq_cmp_ui (e->number.value, 1, rows) == 0,
                 "grid: last entry %lu v %lu at line %lu", e->attackers,
                 e->defenders, e->line);
  ro_sheet_clear (&sheet);
  free (s);
}
END_TEST

/* A cell quoted in a message keeps its UTF-8 characters whole (a minus
   sign, U+2212, is E2 88 92) and never ends inside one: 38 'x' and the
   minus would make 41 bytes, over the 40 quoted, so the minus goes with
   the rest; bytes that are no character become '?'.  */
START_TEST (test_quote_utf8)
{
  static const struct
  {
    const char *cell, *quoted;
  } cases[] = {
    {"\xe2\x88\x92" "abc", "'\xe2\x88\x92" "abc'"},
    {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x88\x92yy",
     "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"},
    {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x88\x92yy",
     "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x88\x92...'"},
    {"a\xff\xe2\x88" "b", "'a???b'"},
    {"a\xc2\x85" "b\xed\xa0\x80", "'a??b???'"},
  };
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  char text[128];
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      int n = snprintf (text, sizeof text, "A\\D 1\n3 %s\n", cases[i].cell);
      int rc = ro_sheet_read (&sheet, text, (size_t) n, &o, &err);
      ck_assert_msg (rc == RO_EINVAL && strstr (err.message, cases[i].quoted),
                     "case %zu: rc %d, message '%s', expected it to hold %s",
                     i, rc, err.message, cases[i].quoted);
    }
  ro_sheet_clear (&sheet);
}
END_TEST

/* Cells in thousands of quotes.  */
START_TEST (test_deep_quotes)
{
  size_t depth = 10000;
  char *s = malloc (4 * depth + 64), *p;
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  ck_assert_msg (s != NULL, "out of memory in the test");
  ro_sheet_init (&sheet);
  ro_read_options_init (&o);
  for (size_t which = 0; which < 2; which++)
    {
      /* An odd number of quotes keeps the ',' of "0,5" inside.  */
      p = s + sprintf (s, "attackers,defenders,win\n3,2,");
      memset (p, '"', depth + which);
      p += depth + which;
      p += sprintf (p, "%s", which ? "0,5" : "0.5");
      memset (p, '"', depth + which);
      p += depth + which;
      *p++ = '\n';
      int rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
      /* One pair of quotes is taken off; the rest is no number.  */
      ck_assert_msg (rc == RO_EINVAL && err.line == 2 && err.column == 6,
                     "%zu quotes: rc %d at %lu:%lu", depth, rc, err.line,
                     err.column);
      ck_assert_msg (err.message[0] != '\0', "%zu quotes: no message", depth);
    }
  /* An odd number of quotes: the rest of the line is one cell.  */
  p = s + sprintf (s, "attackers,defenders,win\n3,");
  memset (p, '"', depth + 1);
  p += depth + 1;
  p += sprintf (p, ",2,0.5\n");
  int rc = ro_sheet_read (&sheet, s, (size_t) (p - s), &o, &err);
  ck_assert_msg (rc == RO_EINVAL && err.line == 2
                 && err.column == 3 + depth + 1 + 6,
                 "odd quotes: rc %d at %lu:%lu", rc, err.line, err.column);
  ro_sheet_clear (&sheet);
  free (s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Random tables                                                      */
/* ------------------------------------------------------------------ */

/* A growing text, with the expected entries of the table written.  */
typedef struct
{
  char *s;
  size_t n, cap;
  unsigned long line;
  size_t line_start;
  want_t *want;
  char (*value)[64];            /* the expected value of each entry */
  char (*cell)[64];             /* and its text */
  char (*ulp)[16];              /* and its ulp */
  size_t nwant, skipped;
  int no_comma;                 /* no decimal commas */
} table_t;

static void
tput (table_t *t, const char *s)
{
  size_t k = strlen (s);
  if (t->n + k + 1 > t->cap)
    {
      t->cap = 2 * (t->n + k + 1);
      t->s = realloc (t->s, t->cap);
      ck_assert_msg (t->s != NULL, "out of memory in the test");
    }
  memcpy (t->s + t->n, s, k + 1);
  t->n += k;
}

/* The byte column where the next byte goes.  */
static unsigned long
tcol (const table_t *t)
{
  return (unsigned long) (t->n - t->line_start) + 1;
}

static void
tnewline (table_t *t, const char *eol)
{
  tput (t, eol);
  t->line++;
  t->line_start = t->n;
}

/* Up to MOST spaces: a tab would be taken for the delimiter.  */
static void
tblanks (table_t *t, gmp_randstate_t st, unsigned long most)
{
  for (unsigned long k = test_rand_range (st, 0, most); k > 0; k--)
    tput (t, " ");
}

/* A random published value, as it stands in a table delimited by DELIM:
   its text CELL, and its value VALUE and ulp ULP as rationals, from the
   integers printed.  */
static void
random_value (char *cell, char *value, char *ulp, gmp_randstate_t st,
              char delim, int no_comma)
{
  unsigned long kind = test_rand_range (st, 0, 5);
  unsigned long k = test_rand_range (st, 1, 6), v, p = 1;
  for (unsigned long i = 0; i < k; i++)
    p *= 10;
  v = test_rand_range (st, 0, p);
  int comma = !no_comma && delim != '&' && test_rand_range (st, 0, 2) == 0;
  switch (kind)
    {
    case 0:                    /* a fraction */
      {
        unsigned long den = test_rand_range (st, 1, 100000);
        unsigned long num = test_rand_range (st, 0, den);
        if (delim == '&')
          sprintf (cell, "$\\frac{%lu}{%lu}$", num, den);
        else
          sprintf (cell, "%lu%s%lu", num,
                   delim == ' ' || test_rand_range (st, 0, 1) ? "/" : " ",
                   den);
        sprintf (value, "%lu/%lu", num, den);
        strcpy (ulp, "0");
        return;
      }
    case 1:                    /* a percentage, k - 2 places */
      if (k < 3)
        k = 3, p = 1000, v %= 1001;
      sprintf (cell, "%lu%c%0*lu%s%s", v / (p / 100), comma ? ',' : '.',
               (int) k - 2, v % (p / 100), test_rand_range (st, 0, 1)
               && delim != ' ' ? " " : "", delim == '&' ? "\\%" : "%");
      break;
    case 2:                    /* with an exponent, d.ddde-1 */
      sprintf (cell, "%lu%c%0*lue-1", v / (p / 10), comma ? ',' : '.',
               (int) k - 1, v % (p / 10));
      if (k == 1)
        sprintf (cell, "%lue-1", v);
      break;
    default:                   /* 0.dddd */
      sprintf (cell, "%lu%c%0*lu", v / p, comma ? ',' : '.', (int) k, v % p);
      break;
    }
  sprintf (value, "%lu/%lu", v, p);
  sprintf (ulp, "1/%lu", p);
}

/* Write one value cell of A v D, the FIELD'th cell of its row, at the
   cursor: its text, or a missing mark.  */
static void
write_value (table_t *t, gmp_randstate_t st, char delim, unsigned long a,
             unsigned long d, unsigned long field)
{
  char cell[64], value[64], ulp[64];
  if (test_rand_range (st, 0, 7) == 0)
    {
      static const char *const missing[] = { "-", "--", "n/a", "NA", "?" };
      tput (t, missing[test_rand_range (st, 0, 4)]);
      t->skipped++;
      return;
    }
  random_value (cell, value, ulp, st, delim, t->no_comma);
  int quote = (delim == ',' || delim == ';') && test_rand_range (st, 0, 3)
    == 0;
  if (delim == ',' && strchr (cell, ','))
    quote = 1;
  if (quote)
    tput (t, "\"");
  ck_assert_msg (t->nwant < 64, "too many values in a random table");
  want_t *w = &t->want[t->nwant];
  strcpy (t->value[t->nwant], value);
  strcpy (t->cell[t->nwant], cell);
  strcpy (t->ulp[t->nwant], ulp);
  w->a = a;
  w->d = d;
  w->value = t->value[t->nwant];
  w->ulp = t->ulp[t->nwant];
  w->line = t->line;
  w->col = tcol (t);
  w->text = t->cell[t->nwant];
  w->field = field;
  t->nwant++;
  tput (t, cell);
  if (quote)
    tput (t, "\"");
}

/* Between cells: the delimiter, with blanks around it unless it is one
   itself.  */
static void
write_delim (table_t *t, gmp_randstate_t st, char delim)
{
  char s[2] = { delim, '\0' };
  if (delim == ' ')
    {
      tput (t, " ");
      tblanks (t, st, 2);
      return;
    }
  tblanks (t, st, 1);
  tput (t, s);
  tblanks (t, st, 1);
}

/* Comments and blank lines, sometimes.  */
static void
write_noise (table_t *t, gmp_randstate_t st, const char *eol)
{
  while (test_rand_range (st, 0, 5) == 0)
    {
      if (test_rand_range (st, 0, 1))
        tput (t, "# a comment, 1 2 3 | & ;");
      tnewline (t, eol);
    }
}

static const char delims[] = "\t|&;, ";

/* A random grid: first row the defender counts, then one row per
   attacker count.  */
static void
random_grid (table_t *t, gmp_randstate_t st, char delim, const char *eol)
{
  unsigned long nd = test_rand_range (st, 1, 6), na = test_rand_range (st, 1,
                                                                       6);
  unsigned long dc[6];
  char buf[64];
  int md = delim == '|' && test_rand_range (st, 0, 1);
  write_noise (t, st, eol);
  /* The corner: a label, an empty cell, or none at all as in McLoone's
     grid (whose column labels then say "Defend with": a first row of
     bare counts "1|2|3" could be the first row of a long table).  */
  int corner = 1;
  if (md)
    tput (t, "| ");
  if (delim == '&')
    tput (t, "$A \\backslash D$");
  else if (delim == ' ')
    {
      static const char *const corners[] = { "X \\ Y", "A\\D", "A \\ D" };
      tput (t, corners[test_rand_range (st, 0, 2)]);
    }
  else if (test_rand_range (st, 0, 2))
    tput (t, "A\\D");
  else if (delim == '|' || delim == '\t')
    {
      /* One label alone would hold no delimiter.  */
      if (md || nd > 1)
        corner = 0;
      else
        tput (t, "A\\D");
    }
  /* else an empty corner cell before the first delimiter */
  for (unsigned long j = 0; j < nd; j++)
    {
      dc[j] = test_rand_range (st, 1, 1000);
      if (j > 0 || corner)
        write_delim (t, st, delim);
      sprintf (buf, !corner || (delim != ',' && delim != ';'
                                && test_rand_range (st, 0, 1))
               ? "Defend with %lu" : "%lu", dc[j]);
      tput (t, buf);
    }
  if (md)
    tput (t, " |");
  if (delim == '&')
    tput (t, " \\\\ \\hline");
  tnewline (t, eol);
  if (md)
    {
      tput (t, "|---");
      for (unsigned long j = 0; j < nd; j++)
        tput (t, test_rand_range (st, 0, 1) ? "|:--:" : "|---");
      tput (t, "|");
      tnewline (t, eol);
    }
  for (unsigned long i = 0; i < na; i++)
    {
      unsigned long a = test_rand_range (st, 1, 100000);
      unsigned long nv = test_rand_range (st, 1, nd);
      write_noise (t, st, eol);
      if (md)
        tput (t, "| ");
      static const char *const labels[] = { "%lu", "Attack with %lu",
        "A=%lu:"
      };
      unsigned long k = test_rand_range (st, 0, 2);
      sprintf (buf, labels[k], a);
      tput (t, buf);
      /* The label is one cell, or between blanks as many as its words
         (a Markdown row's opening '|' starts none).  */
      unsigned long label_fields = delim == ' ' && k == 1 ? 3 : 1;
      for (unsigned long j = 0; j < nv; j++)
        {
          write_delim (t, st, delim);
          write_value (t, st, delim, a, dc[j], label_fields + j + 1);
        }
      if (md)
        tput (t, " |");
      if (delim == '&')
        tput (t, " \\\\");
      tnewline (t, eol);
    }
}

/* A random long table: the attackers, defenders and value columns among
   others, named by the header (or, HEADERLESS, in the first three
   columns).  */
static void
random_long (table_t *t, gmp_randstate_t st, char delim, const char *eol,
             int headerless)
{
  static const char *const an[] = { "attackers", "Attackers", "a", "att",
    "A"
  };
  static const char *const dn[] = { "defenders", "Defenders", "d", "def",
    "D"
  };
  static const char *const vn[] = { "win", "P(win)", "prob", "value",
    "p_win"
  };
  unsigned long ncol = headerless ? 3 : test_rand_range (st, 3, 5);
  int role[5];                  /* 0 attackers, 1 defenders, 2 value, 3 loss */
  for (unsigned long j = 0; j < ncol; j++)
    role[j] = j < 3 ? (int) j : 3;
  if (!headerless)
    for (unsigned long j = ncol - 1; j > 0; j--)
      {
        unsigned long r = test_rand_range (st, 0, j);
        int x = role[j];
        role[j] = role[r];
        role[r] = x;
      }
  write_noise (t, st, eol);
  if (!headerless)
    {
      for (unsigned long j = 0; j < ncol; j++)
        {
          if (j > 0)
            write_delim (t, st, delim);
          tput (t, role[j] == 0 ? an[test_rand_range (st, 0, 4)]
                : role[j] == 1 ? dn[test_rand_range (st, 0, 4)]
                : role[j] == 2 ? vn[test_rand_range (st, 0, 4)] : "loss");
        }
      tnewline (t, eol);
    }
  for (unsigned long i = test_rand_range (st, 1, 8); i > 0; i--)
    {
      unsigned long a = test_rand_range (st, 1, 1000);
      unsigned long d = test_rand_range (st, 1, 1000);
      char buf[32];
      write_noise (t, st, eol);
      for (unsigned long j = 0; j < ncol; j++)
        {
          if (j > 0)
            write_delim (t, st, delim);
          if (role[j] == 2)
            write_value (t, st, delim, a, d, j + 1);
          else
            {
              sprintf (buf, "%lu", role[j] == 0 ? a : role[j] == 1 ? d : 7);
              tput (t, buf);
            }
        }
      tnewline (t, eol);
    }
}

START_TEST (test_random_tables)
{
  gmp_randstate_t st;
  ro_sheet_t sheet;
  ro_read_options_t o;
  ro_read_error_t err;
  table_t t = { NULL, 0, 0, 1, 0, NULL, NULL, NULL, NULL, 0, 0, 0 };
  unsigned long iters = 3000 * test_scale;
  t.want = malloc (64 * sizeof *t.want);
  t.value = malloc (64 * sizeof *t.value);
  t.cell = malloc (64 * sizeof *t.cell);
  t.ulp = malloc (64 * sizeof *t.ulp);
  ck_assert_msg (t.want && t.value && t.cell && t.ulp,
                 "out of memory in the test");
  test_rand_init (st, 1);
  ro_sheet_init (&sheet);
  for (unsigned long i = 0; i < iters; i++)
    {
      static const char *const eols[] = { "\n", "\r\n", "\r" };
      const char *eol = eols[test_rand_range (st, 0, 2)];
      char delim = delims[test_rand_range (st, 0, sizeof delims - 2)];
      int grid = delim == '&' || delim == '|' || test_rand_range (st, 0, 1);
      int headerless = !grid && test_rand_range (st, 0, 3) == 0;
      t.n = 0;
      t.line = 1;
      t.line_start = 0;
      t.nwant = t.skipped = 0;
      /* Blanks between the cells of a first row with "0,5" in it: that
         is a CSV row "a b 0" and "5", as far as anyone can tell.  */
      t.no_comma = headerless && delim == ' ';
      tput (&t, "");
      if (test_rand_range (st, 0, 5) == 0)
        {
          tput (&t, BOM);
          t.line_start = t.n;   /* columns count after the mark */
        }
      if (grid)
        random_grid (&t, st, delim, eol);
      else
        random_long (&t, st, delim, eol, headerless);
      ro_read_options_init (&o);
      int rc = ro_sheet_read (&sheet, t.s, t.n, &o, &err);
      if (t.nwant == 0)
        {
          ck_assert_msg (rc == RO_EINVAL, "table %lu without values: rc %d",
                         i, rc);
          continue;
        }
      ck_assert_msg (rc == RO_OK, "table %lu: rc %d at %lu:%lu: %s\n%s", i,
                     rc, err.line, err.column, err.message, t.s);
      ck_assert_msg (sheet.layout == (grid ? RO_LAYOUT_GRID : RO_LAYOUT_LONG),
                     "table %lu: layout %d\n%s", i, (int) sheet.layout, t.s);
      ck_assert_msg (sheet.delimiter == delim, "table %lu: delimiter '%c', "
                     "expected '%c'\n%s", i, sheet.delimiter, delim, t.s);
      ck_assert_msg (sheet.skipped == t.skipped, "table %lu: %zu skipped, "
                     "expected %zu\n%s", i, sheet.skipped, t.skipped, t.s);
      char name[48];
      snprintf (name, sizeof name, "random table %lu", i);
      check_entries (&sheet, t.want, t.nwant, name);
    }
  ro_sheet_clear (&sheet);
  gmp_randclear (st);
  free (t.s);
  free (t.want);
  free (t.value);
  free (t.cell);
  free (t.ulp);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Garbage                                                            */
/* ------------------------------------------------------------------ */

/* The lines of TEXT as ro_sheet_read promises to count them: ends at
   "\r\n", "\r" or "\n", the columns of line 1 after a byte order mark.
   START[L] and LEN[L] for line L (1-based); the number of lines.  */
static size_t
split_lines (const char *s, size_t len, size_t *start, size_t *llen,
             size_t most)
{
  size_t p = len >= 3 && memcmp (s, BOM, 3) == 0 ? 3 : 0, n = 0;
  while (p < len && n + 1 < most)
    {
      size_t e = p;
      while (e < len && s[e] != '\n' && s[e] != '\r')
        e++;
      n++;
      start[n] = p;
      llen[n] = e - p;
      if (e + 1 < len && s[e] == '\r' && s[e + 1] == '\n')
        e++;
      p = e + 1;
    }
  return n;
}

/* Whatever ro_sheet_read makes of the LEN bytes at S under O is sound:
   RO_OK with entries that stand where they say, or RO_EINVAL with a
   place inside the text and a message.  */
static void
check_sound (const char *s, size_t len, const ro_read_options_t *o,
             const char *what)
{
  ro_sheet_t sheet;
  ro_read_error_t err;
  size_t start[1200], llen[1200];
  size_t lines = split_lines (s, len, start, llen, 1200);
  ck_assert_msg (len < 1000, "test text too long");
  ro_sheet_init (&sheet);
  int rc = ro_sheet_read (&sheet, s, len, o, &err);
  ck_assert_msg (rc == RO_OK || rc == RO_EINVAL, "%s: rc %d", what, rc);
  if (rc == RO_OK)
    {
      ck_assert_msg (sheet.n > 0, "%s: RO_OK without entries", what);
      ck_assert_msg (memchr (s, '\0', len) == NULL, "%s: a NUL accepted",
                     what);
      for (size_t i = 0; i < sheet.n; i++)
        {
          const ro_entry_t *e = &sheet.entry[i];
          size_t tl = strlen (e->text);
          ck_assert_msg (e->line >= 1 && e->line <= lines && e->column >= 1
                         && e->column - 1 + tl <= llen[e->line],
                         "%s: entry %zu at %lu:%lu (%zu bytes) outside the "
                         "text", what, i, e->line, e->column, tl);
          ck_assert_msg (memcmp (s + start[e->line] + e->column - 1, e->text,
                                 tl) == 0,
                         "%s: entry %zu text '%s' is not at %lu:%lu", what,
                         i, e->text, e->line, e->column);
          ck_assert_msg (e->attackers <= RO_ARMIES_MAX
                         && e->defenders <= RO_ARMIES_MAX,
                         "%s: entry %zu: %lu v %lu", what, i, e->attackers,
                         e->defenders);
        }
    }
  else
    {
      ck_assert_msg (err.message[0] != '\0'
                     && memchr (err.message, '\0', sizeof err.message),
                     "%s: no message", what);
      ck_assert_msg (sheet.n == 0, "%s: entries after a failure", what);
      if (err.line == 0)
        ck_assert_msg (o->columns != NULL && err.column == 0,
                       "%s: line 0 without --columns", what);
      else if (err.line != 1 || err.column != 1)
        {
          /* (1:1 also stands for the whole text, even an empty one.)
             A NUL ends a line early for the reader, not for the count
             of lines here: its column still lies inside the line.  */
          ck_assert_msg (err.line <= lines && err.column >= 1
                         && err.column <= llen[err.line] + 1,
                         "%s: error at %lu:%lu outside the text (%zu lines): "
                         "%s", what, err.line, err.column, lines,
                         err.message);
        }
    }
  ro_sheet_clear (&sheet);
}

/* Random options, now and then.  */
static void
random_options (ro_read_options_t *o, gmp_randstate_t st)
{
  static const char *const cols[] = { "1,2,3", "3,1,2", "a,d,p",
    "attackers,defenders,win", "1,2,9", "x"
  };
  ro_read_options_init (o);
  if (test_rand_range (st, 0, 3) == 0)
    o->layout = (ro_layout_t) test_rand_range (st, 0, 2);
  if (test_rand_range (st, 0, 4) == 0)
    o->columns = cols[test_rand_range (st, 0, 5)];
  o->percent = test_rand_range (st, 0, 4) == 0;
}

/* Random bytes, mostly of the kind tables are made of.  */
START_TEST (test_garbage)
{
  static const char alphabet[] = "0123456789012345 \t\n\r|&;,\"'.,%-+/\\$"
    "{}#eE=:axdADpwin\xe2\x88\x92\xef\xbb\xbf";
  gmp_randstate_t st;
  ro_read_options_t o;
  char buf[600], what[32];
  unsigned long iters = 5000 * test_scale;
  test_rand_init (st, 2);
  for (unsigned long i = 0; i < iters; i++)
    {
      size_t len = test_rand_range (st, 0, sizeof buf - 1);
      int raw = test_rand_range (st, 0, 3) == 0;
      for (size_t k = 0; k < len; k++)
        buf[k] = raw || test_rand_range (st, 0, 30) == 0
          ? (char) test_rand_range (st, 0, 255)
          : alphabet[test_rand_range (st, 0, sizeof alphabet - 2)];
      random_options (&o, st);
      snprintf (what, sizeof what, "garbage %lu", i);
      check_sound (buf, len, &o, what);
    }
  gmp_randclear (st);
}
END_TEST

/* The tables of test_read with a few bytes changed, inserted or
   removed.  */
START_TEST (test_mutants)
{
  gmp_randstate_t st;
  ro_read_options_t o;
  char buf[1000], what[48];
  unsigned long iters = 5000 * test_scale;
  static const char alphabet[] = "0123456789 \t\n\r|&;,\"%-\\$#\0";
  test_rand_init (st, 3);
  for (unsigned long i = 0; i < iters; i++)
    {
      size_t c = test_rand_range (st, 0, N_READ_CASES - 1);
      size_t len = strlen (read_cases[c].text);
      memcpy (buf, read_cases[c].text, len);
      for (unsigned long m = test_rand_range (st, 1, 4); m > 0; m--)
        {
          size_t at = test_rand_range (st, 0, len);
          char b = test_rand_range (st, 0, 3) == 0
            ? (char) test_rand_range (st, 0, 255)
            : alphabet[test_rand_range (st, 0, sizeof alphabet - 1)];
          switch (test_rand_range (st, 0, 2))
            {
            case 0:            /* change */
              if (at < len)
                buf[at] = b;
              break;
            case 1:            /* insert */
              memmove (buf + at + 1, buf + at, len - at);
              buf[at] = b;
              len++;
              break;
            default:           /* remove */
              if (at < len)
                {
                  memmove (buf + at, buf + at + 1, len - at - 1);
                  len--;
                }
              break;
            }
        }
      ro_read_options_init (&o);
      o.layout = read_cases[c].force;
      o.columns = read_cases[c].columns;
      o.percent = read_cases[c].percent;
      if (test_rand_range (st, 0, 4) == 0)
        random_options (&o, st);
      snprintf (what, sizeof what, "mutant %lu of %s", i,
                read_cases[c].name);
      check_sound (buf, len, &o, what);
    }
  gmp_randclear (st);
}
END_TEST

static Suite *
sheet_suite (void)
{
  Suite *s = suite_create ("sheet");
  TCase *tc = test_tcase_create ("published");
  tcase_add_loop_test (tc, test_read, 0, (int) N_READ_CASES);
  tcase_add_loop_test (tc, test_shapes, 0, (int) N_SHAPE_CASES);
  tcase_add_test (tc, test_random_tables);
  suite_add_tcase (s, tc);

  tc = test_tcase_create ("hostile");
  tcase_add_loop_test (tc, test_bad, 0, (int) N_BAD_CASES);
  tcase_add_test (tc, test_long_lines);
  tcase_add_test (tc, test_many_rows);
  tcase_add_test (tc, test_deep_quotes);
  tcase_add_test (tc, test_quote_utf8);
  tcase_add_test (tc, test_garbage);
  tcase_add_test (tc, test_mutants);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return test_main ("check_sheet", sheet_suite);
}
