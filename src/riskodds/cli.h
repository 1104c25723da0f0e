/* cli.h -- what the riskodds program's files share: options and output */

#ifndef CLI_H
#define CLI_H

#include <stdio.h>
#include <gmp.h>

#include "riskodds.h"

/* Exit statuses, documented in --help and the manual page.  */
#define CLI_EXIT_OK 0
#define CLI_EXIT_WRONG 1         /* verify: a value disagrees */
#define CLI_EXIT_ERROR 2

typedef enum
{
  CLI_FORMAT_TEXT = 0,
  CLI_FORMAT_CSV,
  CLI_FORMAT_JSON,
  CLI_FORMAT_TSV,               /* tables: table, round, a battle */
  CLI_FORMAT_MARKDOWN,          /* the same */
  CLI_FORMAT_LATEX              /* the same */
} cli_format_t;

/* Which values of P(win) 'table' prints (a bit mask).  */
typedef enum
{
  CLI_VALUES_DEFAULT = 0,
  CLI_VALUES_EXACT = 1,
  CLI_VALUES_DECIMAL = 2,
  CLI_VALUES_BOTH = 3
} cli_values_t;

/* Whether a grid whose decimals alone leave the program computes them
   on certified enclosures (ro_battle_grid_decimal): by default when the
   rules allow, always (--method interval), never (--method
   recursion).  */
typedef enum
{
  CLI_INTERVAL_AUTO,
  CLI_INTERVAL_ALWAYS,
  CLI_INTERVAL_NEVER
} cli_interval_t;

/* The most options options.c's table may hold (a getopt table and a
   flag each in cli_opts_t's GIVEN); 65 by wave 3.  */
#define CLI_MAX_OPTIONS 128

/* Options as parsed from the command line, shared by every subcommand.  */
typedef struct
{
  ro_rules_t rules;
  unsigned long digits;         /* significant digits of decimals */
  int digits_given;             /* --digits given */
  unsigned long places;         /* --places of table: fixed places */
  int places_given;             /* --places given: instead of digits */
  cli_format_t format;
  int format_given;             /* --format given: -o's extension not read */
  const char *format_ext;       /* the extension of -o that chose the
                                   format (without its '.'), or NULL */
  double max_memory;            /* bytes a computation may take */
  double max_time;              /* seconds a run may be foreseen to take */
  int max_time_given;           /* --max-time given */
  const char *game_value;       /* --game-value, NULL when not given */
  int dist;                     /* --dist: the distribution of the end */
  int stats;                    /* --stats: expectations and variances */
  const char *target;           /* --target of 'needed', NULL: 1/2 */
  const char *attackers;        /* --attackers LO..HI of table, verify */
  const char *defenders;        /* --defenders LO..HI */
  cli_values_t values;          /* --values of table */
  const char *output;           /* -o FILE, NULL: standard output */
  const char *tolerance;        /* --tolerance of verify, NULL: rounding */
  const char *columns;          /* --columns of verify */
  ro_layout_t layout;           /* --layout of verify and table */
  int percent;                  /* --percent of verify; of the outputs:
                                   probabilities as percentages */
  int no_percent;               /* --no-percent of verify: never read
                                   bare numbers as percentages */
  ro_across_t across;           /* --across of verify */
  unsigned long first_row;      /* --first-row of verify, 0: tried */
  unsigned long first_column;   /* --first-column of verify, 0: 1 */
  const char *label;            /* --label of table's LaTeX, NULL: made
                                   from the ranges */
  int latex_fit;                /* --latex-fit: \resizebox the tabular */
  int float_mode;               /* --float of verify */
  unsigned long samples;        /* --samples N of verify, 0: by digits */
  const char *alpha;            /* --alpha of verify --samples, NULL:
                                   0.001 */
  int policy_given;             /* 1: --defender given, 2: --attacker */
  ro_method_t method;           /* --method of one battle */
  cli_interval_t interval;      /* --method interval, recursion of grids */
  int progress;                 /* 1 --progress, -1 --no-progress */
  unsigned threads;             /* --threads of the grids, 0: the
                                   processors available */
  const char *levels;           /* --levels of plot heatmap, NULL: the
                                   default */
  const char *compare;          /* --compare RULES of plot heatmap */
  ro_rules_t compare_rules;     /* the rules --compare gives */
  const char *compare_edition;  /* the --edition in them, NULL: none */
  int palette;                  /* --palette: a plot_palette_t */
  int theme;                    /* --theme of plot: 0 light, 1 dark */
  unsigned width, height;       /* --width, --height of plot, 0: default */
  const char *title;            /* --title of plot, NULL: the figure's own,
                                   "": none */
  double size_w, size_h;        /* --size WxH of plot, in SIZE_UNIT */
  int size_unit;                /* 0: no --size; a cli_unit_t */
  unsigned dpi;                 /* --dpi of plot, 0: 72 (a pixel a point) */
  const char *font;             /* --font FAMILY of plot, NULL: sans-serif */
  double font_size;             /* --font-size PT of plot, 0: scaled with
                                   the figure */
  ro_scope_t scope;             /* --policy-scope of chain, fortify */
  int scope_given;
  unsigned long scope_target;   /* K of --policy-scope chain:K, 0: every
                                   territory */
  unsigned long rounds;         /* --rounds of a battle, 0: no limit */
  const ro_edition_t *edition;  /* --edition, NULL: none */
  int edition_changed;          /* rule options given over it */
  unsigned char given[CLI_MAX_OPTIONS];  /* the options given, 1 each in
                                   the order of options.c's table */
} cli_opts_t;

/* The units of plot --size.  */
typedef enum
{
  CLI_UNIT_PX = 1,
  CLI_UNIT_IN,
  CLI_UNIT_CM
} cli_unit_t;

/* A plot's page: its size in points (the units it is drawn in), in
   pixels (a PNG's), and the pixels a point (--dpi / 72).  */
typedef struct
{
  double width, height;
  unsigned px_width, px_height;
  double scale;
} cli_page_t;

/* The page of plot's --size or --width and --height (640 x 480 pixels
   by default) at --dpi (72 by default: a pixel a point, so that a PNG
   and an SVG are the same drawing); a usage error when it is not 100 to
   20000 pixels a side.  */
int cli_plot_page (const cli_opts_t *o, cli_page_t *page);

/* The choice among the N CHOICES nearest WORD (a slip or two of the
   keyboard away), or NULL when none is near: for "did you mean".  */
const char *cli_suggest (const char *word, const char *const *choices,
                         size_t n);

/* The format that the extension of FILE names (case ignored: csv, tsv,
   json, md or markdown, tex or latex, txt or text) into *FORMAT, and
   the extension into *EXT; 0 when FILE has no such extension.  */
int cli_format_of_file (const char *file, cli_format_t *format,
                        const char **ext);

/* The word --format takes for FORMAT.  */
const char *cli_format_name (cli_format_t format);

/* Whether FORMAT is Markdown or LaTeX: a captioned table for a document,
   with the columns of the text (one value per cell where the text shows
   one).  */
int cli_format_doc (cli_format_t format);

/* Whether FORMAT is for people: the text, Markdown or LaTeX.  */
int cli_format_shown (cli_format_t format);

/* The field separator of CSV (',') and TSV (a tab).  */
char cli_format_sep (cli_format_t format);

/* Print "riskodds: MESSAGE" on stderr; return CLI_EXIT_ERROR.  */
int cli_error (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Name SUB (a subcommand, static storage) in the hint of later usage
   errors: "Try 'riskodds help SUB' or ...".  NULL for none.  */
void cli_set_help_topic (const char *sub);

/* The same as cli_error, followed by the hint to try the help.  */
int cli_usage_error (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Parse a count of armies (a decimal integer, no sign) into *OUT; on
   failure print an error naming WHAT and return CLI_EXIT_ERROR.  */
int cli_parse_armies (unsigned long *out, const char *arg, const char *what);

/* The operands A D of a battle into *A and *D: two counts of armies,
   A at least 1 in the territory count.  */
int cli_parse_battle (const cli_opts_t *opts, int argc, char **argv,
                      unsigned long *a, unsigned long *d);

/* Parse a count "N" or a range "LO..HI" (LO <= HI) of armies into *LO and
   *HI; on failure print an error naming WHAT and return CLI_EXIT_ERROR.  */
/* The items of a comma-separated list ARG, at most MAX of them, into
   ITEM[] (pointers into COPY, a newly allocated copy of ARG the caller
   frees): *N of them.  Strict: no item may be empty (",0.5", "0.5,",
   "0.5,,0.8") and none may have spaces around it; -1 for those, and
   for more than MAX items.  */
int cli_split_list (char **copy, char **item, size_t max, size_t *n,
                    const char *arg);

/* Whether TEXT is a plain decimal number, [-]DIGITS[.DIGITS] or
   [-].DIGITS, and its value in *V: no sign '+', no spaces, no exponent,
   no hexadecimal (strtod takes "0x0.8" and " 0.5"), no inf or nan.  */
int cli_plain_decimal (double *v, const char *text);

int cli_parse_range (unsigned long *lo, unsigned long *hi, const char *arg,
                     const char *what);

/* The grid of --attackers and --defenders into A and D ([LO, HI]; each
   1..HI_DEFAULT when not given), checked for the count convention and
   the memory limit.  */
int cli_grid_ranges (const cli_opts_t *opts, unsigned long a[2],
                     unsigned long d[2], unsigned long hi_default);

/* The same without the memory limit, which the caller checks for the
   engine it uses.  */
int cli_parse_grid_ranges (const cli_opts_t *opts, unsigned long a[2],
                           unsigned long d[2], unsigned long hi_default);

/* Refuse a grid of certified decimals up to (A, D) in FMT
   (ro_battle_grid_decimal) whose estimated memory exceeds the limit.  */
int cli_check_decimal_memory (const cli_opts_t *opts, unsigned long a,
                              unsigned long d, const ro_decimal_t *fmt);

/* Refuse a computation, WHAT (e.g. "the chain"), whose estimated NEED
   of memory in bytes exceeds the limit, naming both.  */
int cli_check_need (const cli_opts_t *opts, double need, const char *what);

/* The same with NOTE (e.g. "; --threads 1 holds fewer rows") after the
   message.  Both add cli_output_memory to NEED, and the counting of the
   rules' rounds (ro_dice_memory), which every model does first.  */
int cli_check_need_note (const cli_opts_t *opts, double need,
                         const char *what, const char *note);

/* The bytes of address space the process has mapped now (the program,
   its libraries: about 5 MiB at its start), 0 when it cannot be told:
   what a ulimit -v has already spent before any computation.  */
double cli_address_space_used (void);

/* The bytes one decimal of the output takes to make at --digits or
   --places (ro_decimal_memory): 10 MB at --digits 1000000.  Every
   estimate of a computation whose values are printed adds it.  */
double cli_output_memory (const cli_opts_t *opts);

/* Refuse a grid of battles up to (A, D), which the recursion computes,
   whose estimated memory exceeds the limit.  */
int cli_check_memory (const cli_opts_t *opts, unsigned long a,
                      unsigned long d);

/* The same for the grid on --threads threads (ro_battle_grid_threads),
   whose ring holds more rows.  */
int cli_check_grid_memory (const cli_opts_t *opts, unsigned long a,
                           unsigned long d);

/* The same for one battle by the engine of --method (the one that
   --method auto picks by default), and its ends when DIST is 1, or its
   statistics alone (ro_battle_stats_method) when DIST is 2.  */
int cli_check_battle_memory (const cli_opts_t *opts, unsigned long a,
                             unsigned long d, int dist);

/* The same for a computation that needs a plan of the dice choices
   (--dist, --stats, chain, policy) when the rules optimize.  */
int cli_check_plan_memory (const cli_opts_t *opts, unsigned long a,
                           unsigned long d);

/* Newly allocated exact fraction / decimal of Q; NULL after printing an
   error (only when memory runs out).  */
char *cli_fraction (const mpq_t q);
char *cli_decimal (const mpq_t q, unsigned long digits);

/* The width of a text column of decimals at --digits: the digits, a
   sign, "0." and up to five more zeros (fixed notation stops at 1e-6;
   below, "e-NN" is shorter); at --places, "100." and the places and a
   '%', and never narrower than a column's header ("probability").  */
#define CLI_DECIMAL_WIDTH(opts) \
  ((opts)->places_given ? ((opts)->places < 4 ? 12 : (int) (opts)->places \
                           + 8) : (int) (opts)->digits + 8)

/* A rational ready to print: its reduced fraction and its decimal.  */
typedef struct
{
  char *exact, *decimal;
} cli_num_t;

/* Fill N from Q; CLI_EXIT_ERROR (after a message) when memory runs out.  */
int cli_num_init (cli_num_t *n, const mpq_t q, unsigned long digits);
void cli_num_clear (cli_num_t *n);

/* {"exact":"…","decimal":"…"} on OUT, with the kinds N holds.  */
void cli_num_json (FILE *out, const cli_num_t *n);

/* --values: the kinds of value an output prints.  */

/* --values, or DEF (the output's own default) when it was not given.  */
cli_values_t cli_values (const cli_opts_t *opts, cli_values_t def);

/* Refuse --values both where the text, and so its Markdown and LaTeX,
   shows one value per cell; WHAT names that text, for the message.  */
int cli_values_one (const cli_opts_t *opts, const char *what);

/* Fill N with the kinds of V only, the others NULL (cli_num_init makes
   both); CLI_EXIT_ERROR (after a message) when memory runs out.  */
int cli_num_make (cli_num_t *n, const mpq_t q, unsigned long digits,
                  cli_values_t v);

/* The decimal of Q as the options say: --places fixed places, or
   --digits significant digits; with PROB (Q is a probability) and
   --percent, of 100 Q (rounded once, from the exact value) followed by
   '%'.  NULL after a message when memory runs out.  */
char *cli_decimal_opts (const mpq_t q, const cli_opts_t *opts, int prob);

/* cli_num_make with the decimal of cli_decimal_opts: cli_prob_make for
   a probability (--percent applies), cli_value_make for any other
   number (expected armies, variances: --places alone).  */
int cli_prob_make (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                   cli_values_t v);
int cli_value_make (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                    cli_values_t v);

/* cli_prob_make, and in the text format only: when N's decimal of the
   probability Q reads exactly 1 (100%) or 0 but Q is not, a hint with
   the distance correctly rounded appended, " (rounds to 1; 1 - P =
   5.62e-14)" or " (rounds to 0; P = 5.62e-14)", to --digits
   significant digits (with --places, as many as the places, at least
   1).  CSV and JSON keep their numbers plain.  N is left empty on
   failure (CLI_EXIT_ERROR, after a message).  */
int cli_prob_make_hint (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                        cli_values_t v);

/* cli_prob_make for a row of a text table (a chain's territories, a
   distribution's ends): in the text format only, a decimal that reads
   exactly 1 (100%) or 0 when Q is not gets a '~' before it ("~1.00"),
   and cli_rows_note then says what the mark means.  */
int cli_prob_make_row (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                       cli_values_t v);

/* After a text table whose rows cli_prob_make_row made: when one was
   marked, a line saying what '~' means; the mark is then forgotten.  */
void cli_rows_note (const cli_opts_t *opts);

/* The JSON keys that say how the decimals are written, after a comma:
   "digits":N, or "places":N with --places; then "percent":true with
   --percent.  */
void cli_print_decimal_json (FILE *out, const cli_opts_t *opts);

/* Whether N holds a value.  */
int cli_num_has (const cli_num_t *n);

/* The keys "exact":"…","decimal":"…" that N holds, without braces.  */
void cli_num_json_keys (FILE *out, const cli_num_t *n);

/* CSV: the columns of the kinds of V, each after SEP: PREFIX_exact and
   PREFIX_decimal, or exact and decimal when PREFIX is "".  */
void cli_csv_head (FILE *out, const char *prefix, cli_values_t v, char sep);

/* CSV: the fields of the kinds of V, each after SEP, from N; empty
   fields when N is NULL.  */
void cli_csv_fields (FILE *out, const cli_num_t *n, cli_values_t v,
                     char sep);

/* Text: the columns of a row (or its header) of a distribution: COL[0]
   and COL[1] the decimals of a probability and of a running total, each
   padded to the width of a decimal when more follows, COL[2] and COL[3]
   their fractions; the NULL ones left out; then the newline.  */
void cli_text_columns (const cli_opts_t *opts, const char *const col[4]);

/* Text: when N holds both, its exact value padded to WIDTH and its
   decimal (the decimal first when DECIMAL_FIRST), else the one it
   holds.  */
void cli_text_pair (FILE *out, const cli_num_t *n, int width,
                    int decimal_first);

/* Human descriptions of the rules and the counting convention: with
   --edition, a line "Edition: NAME (TITLE)." before the rules (which
   adds when rule options were given over it).  */
void cli_print_rules_text (FILE *out, const ro_rules_t *rules);

/* The rules alone, without the edition (a territory's own rules).  */
void cli_print_rules_line (FILE *out, const ro_rules_t *rules);

/* The edition of the command line (--edition), named in the headers of
   the outputs from now on: its NAME and TITLE, or NULL for none, and
   whether rule options were CHANGED over it (the
   dispatcher sets it before a subcommand runs, for each line of a
   batch).  */
void cli_set_edition (const char *name, const char *title, int changed);

/* The NAME of cli_set_edition, or NULL: the outputs whose CSV gets an
   "edition" column.  */
const char *cli_edition_name (void);

/* CSV and TSV: "edition" and SEP before the first column of the header,
   and the name and SEP before each row's, when an edition is named;
   nothing else.  */
void cli_csv_edition_head (FILE *out, char sep);
void cli_csv_edition_field (FILE *out, char sep);
const char *cli_count_name (ro_count_t count);
const char *cli_ties_name (ro_ties_t ties);

/* 1 when R has a bonus and it is the classic one, on each side's
   highest die, unclamped: the rules line keeps its classic words.  */
int cli_rules_bonus_plain (const ro_rules_t *r);
const char *cli_defender_name (ro_defender_t defender);
const char *cli_attacker_name (ro_attacker_t attacker);

/* "A counts the armies ...": the counting convention, in a sentence.  */
void cli_print_count_text (FILE *out, const ro_rules_t *rules);

/* What a table shows, in lines: TITLE (a line, or more), the rules
   and, when COUNT, the counting convention; the heading of a text and
   the caption of Markdown and LaTeX.  Newly allocated; NULL after a
   message when memory runs out.  */
char *cli_heading (const ro_rules_t *rules, int count, const char *title);

/* Markdown and LaTeX tables.  cli_doc_open: the caption, HEADING on one
   line: a heading line "#### ..." and a blank line above a Markdown
   table (Markdown has no caption of its own; verify skips a heading as
   it skips the text's "# " lines, where it would read Pandoc's "Table: "
   line as a row), and \begin{table}, \centering and \caption{...} in
   LaTeX, its special characters escaped.  */
void cli_doc_open (cli_format_t format, const char *heading);

/* One row of the CELL[I] that are not NULL ("" for an empty cell): in
   LaTeX, fractions as $\frac{n}{d}$ and the other cells escaped.  */
void cli_doc_row (cli_format_t format, const char *const *cell, size_t n);

/* The top of a table: cli_doc_open, then (LaTeX) the tabular
   environment, then the header row of the HEAD[I] that are not NULL
   (words), each column aligned as ALIGN[I] says ('l' or 'r'), and the
   rule below it.  */
void cli_doc_begin (cli_format_t format, const char *heading,
                    const char *const *head, const char *align, size_t n);

/* The end of the table: \end{tabular} and \end{table} in LaTeX.  */
void cli_doc_end (cli_format_t format);

/* A LaTeX cell: a fraction n/d as $\frac{n}{d}$, other text escaped.  */
void cli_latex_value (const char *s);

/* The worst of one kind of error over a grid or a table, and where: the
   battle A v D and, for a table, the entry AT.  */
typedef struct
{
  mpq_t size;
  unsigned long a, d;
  size_t at;
  int found;
} cli_worst_t;

void cli_worst_init (cli_worst_t *w);
void cli_worst_clear (cli_worst_t *w);

/* Keep SIZE and its place when it is the first or larger than so far.  */
void cli_worst_update (cli_worst_t *w, const mpq_t size, unsigned long a,
                       unsigned long d, size_t at);

/* The "rules" object of the JSON outputs, with an "edition" key when
   --edition named one; without it (a territory's own rules).  */
void cli_print_rules_json (FILE *out, const ro_rules_t *rules);
void cli_print_rules_json_only (FILE *out, const ro_rules_t *rules);

/* The distribution of a battle's end and its statistics, in the chosen
   format (for JSON, the values of "distribution" and "stats").  */
int cli_print_dist (const cli_opts_t *opts, unsigned long a, unsigned long d,
                    const ro_dist_t *dist);
int cli_print_stats (const cli_opts_t *opts, unsigned long a,
                     unsigned long d, const ro_dist_t *dist);

/* The statistics ST of the battle A against D, as cli_print_stats.  */
int cli_print_stats_of (const cli_opts_t *opts, unsigned long a,
                        unsigned long d, const ro_stats_t *st);

/* The defender counts of a chain, each at least 1, in a new array (NULL
   after a message); printing them separated by SEP.  */
unsigned long *cli_parse_chain (int argc, char **argv);
void cli_print_chain (const unsigned long *d, size_t k, const char *sep);

/* One rule option NAME=VALUE of a territory of a chain (the long
   options of the battle's rules, "--" optional) applied to RULES; an
   error message and CLI_EXIT_ERROR when it is not one.  */
int cli_parse_rule_word (ro_rules_t *rules, const char *word);

/* The message for a refused combination of mixed dice (commanders, a
   station) with other rules, NULL when there is none (rules_opt.c).  */
const char *cli_mixed_refusal (const ro_rules_t *rules);

/* Whether a side of RULES rolls d8 and d6 mixed (fewer commanders than
   its most dice).  */
int cli_mixed_dice (const ro_rules_t *rules);

/* Subcommands: ARGV holds only the operands.  */
int cmd_battle (const cli_opts_t *opts, int argc, char **argv);
int cmd_round (const cli_opts_t *opts, int argc, char **argv);
int cmd_game (const cli_opts_t *opts, int argc, char **argv);
int cmd_binomial (const cli_opts_t *opts, int argc, char **argv);
int cmd_chain (const cli_opts_t *opts, int argc, char **argv);
int cmd_fortify (const cli_opts_t *opts, int argc, char **argv);
int cmd_needed (const cli_opts_t *opts, int argc, char **argv);
int cmd_table (const cli_opts_t *opts, int argc, char **argv);

/* What batch needs of dispatch.c, which owns the option parser and the
   subcommands: PARSE one line's words ARGV (ARGV[0] the program's name)
   over the options BASE into *OPTS, checked as main checks a command
   line, with the subcommand's name in *SUB ("" for a battle) and its
   operands in *NARGS, *ARGS as RUN takes them; RUN answers it.  */
typedef struct
{
  int (*parse) (cli_opts_t *opts, const cli_opts_t *base, int argc,
                char **argv, const char **sub, int *nargs, char ***args);
  int (*run) (const cli_opts_t *opts, const char *sub, int nargs,
              char **args);
} cli_batch_hooks_t;
int cmd_batch (const cli_opts_t *opts, int argc, char **argv,
               const cli_batch_hooks_t *hooks);
/* The lines of IN answered as batch answers them (after its checks of
   OPTS): cmd_batch calls it on standard input, the fuzz target on its
   bytes.  */
int cli_batch_stream (const cli_opts_t *opts, FILE *in,
                      const cli_batch_hooks_t *hooks);

/* Messages (cli_error, cli_usage_error) go into BUF, the first one of
   SIZE bytes at most, instead of standard error, until called with
   NULL: batch answers a line's error on standard output.  A longer
   message is cut at a character's boundary and ends with "...".  */
void cli_capture_messages (char *buf, size_t size);
int cmd_verify (const cli_opts_t *opts, int argc, char **argv);
int cmd_verify_float (const cli_opts_t *opts, int argc, char **argv);
/* verify --samples (verify_samples.c), and what it shares with verify
   (verify_io.c): a file read whole, the read options, the table read
   with a located message.  */
int cli_verify_slurp (char **text, size_t *len, const char *file);
void cli_verify_read_options (ro_read_options_t *ro, const cli_opts_t *o);
int cli_verify_read_sheet (const char *file, const char *text, size_t len,
                           const ro_read_options_t *ro, ro_sheet_t *sheet);
/* How verify reads a table (cmd_verify.c): where it places a
   headerless grid, its note on that and, for JSON, the keys that say
   how the text was read; handed down to verify --samples, which sits
   below it.  */
typedef int cli_verify_reading_fn (const cli_opts_t *o, const char *file,
                                   const char *text, size_t len,
                                   ro_read_options_t *ro, ro_sheet_t *sheet,
                                   char **note, char **keys);
int cli_verify_has_samples (const ro_sheet_t *s, const char *text,
                            size_t len);
int cmd_verify_samples (const cli_opts_t *opts, int argc, char **argv,
                        cli_verify_reading_fn *reading);
int cmd_policy (const cli_opts_t *opts, int argc, char **argv);
int cmd_editions (const cli_opts_t *opts, int argc, char **argv);

/* T = the unit in the last place of a double near the positive Q (as
   verify --float and plot float measure errors in ULPs); ulp.c.  */
void cli_ulp_of (mpq_t t, const mpq_t q);

/* riskodds plot: the figures (src/plot/cmd_plot.c, in riskodds-plot);
   riskodds's launcher of riskodds-plot, or without cairo, its refusal
   (src/riskodds/cmd_plot.c).  */
int cmd_plot (const cli_opts_t *opts, int argc, char **argv);
int cmd_plot_launch (int argc, char **argv);

/* Open /dev/null on whichever of descriptors 0, 1 and 2 are closed,
   the wrong way round, so that reading or writing them still fails
   (EBADF) while files opened later never land on them.  Called first
   thing in main.  */
void cli_std_open (void);

/* -o FILE: standard output goes to a new temporary file beside FILE,
   which replaces FILE only when the command succeeds, so that a failed
   or interrupted run leaves no partial file and never clobbers a good
   one.  cli_output_finish, called at the end of every run, flushes
   standard output, renames the temporary file (STATUS 0 or 1 and every
   write went well) or removes it, and returns the final status.  */
int cli_output_start (const char *file);
int cli_output_finish (int status);

/* The progress meter of long runs on standard error (meter.c).
   cli_meter_start: MODE 1 (--progress) shows it, -1 (--no-progress)
   never, 0 when standard error is a terminal; it installs the library's
   progress hook, and when the output goes to the same terminal, lets
   every write to it blank the meter out first.  Called once, after -o
   has taken standard output.  cli_meter_clear blanks the meter out (a
   message follows; cli_error does it).  cli_meter_part: the library
   calls that follow, up to the next cli_meter_part or cli_meter_end,
   fill the share [LO, LO + SPAN) of one run, for a subcommand that
   makes several long calls; cli_meter_end ends that run, each call is
   again a run of its own.  */
void cli_meter_start (int mode);
void cli_meter_clear (void);
void cli_meter_part (double lo, double span);
void cli_meter_end (void);

/* For a subcommand that knows its work better than the calls it makes
   do: cli_meter_hold (1) makes the meter ignore the library's reports,
   (0) heeds them again; cli_meter_report tells DONE of TOTAL of the run
   in the subcommand's own units, held or not.  */
void cli_meter_hold (int hold);

/* cli_meter_idle (1): the program waits for its input (batch between
   lines), and the meter says nothing; (0): it works again, and after a
   second with no run and no output the meter says "working" and for
   how long.  */
void cli_meter_idle (int idle);

/* The longest a run may be foreseen to take, SECONDS (HUGE_VAL: no
   limit): once the meter's estimate of a run's whole time, two seconds
   in or later, exceeds it, the run ends with a message naming the
   estimate and --max-time, exit status 2 (-o's file is not written).
   GIVEN: --max-time was given; a RISKODDS_PROGRESS_SCALE (tests) lifts
   the default.  OVERRUN, called with the estimate and the limit as
   text, ends the program (the meter stays below the output's code).
   Called before cli_meter_start.  */
void cli_meter_limit (double seconds, int given,
                      void (*overrun) (const char *estimate,
                                       const char *limit));
void cli_meter_report (double done, double total);

/* help.c: whether WORD names a subcommand; print the help of SUB
   ("" or "battle": one battle), or an error for an unknown one.  */
int cli_is_subcommand (const char *word);
int cli_help (const char *sub);

/* riskodds --help; the help that --help on the command line ARGV asks
   for (the first subcommand it names, else riskodds --help); riskodds
   --version.  */
void cli_usage (void);
void cli_help_args (int argc, char **argv);
void cli_version (void);

/* S on standard output as one CSV cell: quoted, its quotes doubled, when
   it holds a comma, a quote or a newline.  */
void cli_csv_cell (const char *s);

/* S on standard output as a JSON string, quotes, backslashes and
   control characters escaped, each byte that is not part of a valid
   UTF-8 character as \ufffd (U+FFFD): the output is valid UTF-8 JSON
   whatever S holds.  */
void cli_json_string (const char *s);

/* ,"notes":[...] on standard output: each line of TEXT (NULL: none)
   that starts with "  note: ", as a JSON string without it, in order:
   a text report's notes for a program.  */
void cli_json_notes (const char *text);

/* The length (1 to 4) of the UTF-8 character that starts S, of which
   AVAIL bytes can be read; 0 when the bytes there are not one (a stray
   continuation byte, an overlong form, a surrogate, past U+10FFFF), -1
   when they begin one that AVAIL cuts short.  */
long cli_utf8_char (const char *s, size_t avail);

#endif /* CLI_H */
