/* options.c -- the program's options: one table drives parsing, refusal and --help */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "editions.h"
#include "options.h"

/* Each option is declared once, in cli_rule_options (rules_opt.c: the
   rules and the dice policies) or in options below (the rest); the
   parser, the refusal of an option a subcommand does not take and the
   option lines of riskodds --help are made from those declarations.  An
   option's index is its place in the two, the rules first: the bit of
   cli_opts_t's GIVEN, and getopt_long's value (256 + index) when it has
   no letter.  RANK is its place in the getopt table of old, whose order
   "did you mean" still weighs the names in: of two names as near to a
   misspelling, the one ranked first is suggested.  */

/* ------------------------------------------------------------------ */
/* Where the values land                                              */
/* ------------------------------------------------------------------ */

static int
opt_count (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "territory") == 0)
    o->rules.count = RO_COUNT_TERRITORY;
  else if (strcmp (arg, "attackers") == 0)
    o->rules.count = RO_COUNT_ATTACKERS;
  else
    return cli_usage_error ("invalid --count '%s' (expected 'territory' or "
                            "'attackers')", arg);
  return CLI_EXIT_OK;
}

static int
opt_digits (cli_opts_t *o, const char *arg)
{
  int digits = (int) o->digits;
  int rc = cli_parse_int (&digits, arg, "digits", 1, RO_DIGITS_MAX);
  o->digits = (unsigned long) digits;
  o->digits_given = 1;
  return rc;
}

static int
opt_places (cli_opts_t *o, const char *arg)
{
  int places = 0;
  int rc = cli_parse_int (&places, arg, "places", 0, RO_DIGITS_MAX);
  o->places = (unsigned long) places;
  o->places_given = 1;
  return rc;
}

static int
opt_format (cli_opts_t *o, const char *arg)
{
  static const char *const names[] = {
    "text", "csv", "json", "tsv", "markdown", "latex"
  };
  o->format_given = 1;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (arg, names[i]) == 0)
      {
        o->format = (cli_format_t) i;
        return CLI_EXIT_OK;
      }
  return cli_usage_error ("invalid --format '%s' (expected 'text', 'csv', "
                          "'json', or for a battle, 'round' and 'table' "
                          "also 'tsv', 'markdown' or 'latex')", arg);
}

static int
opt_stop (cli_opts_t *o, const char *arg)
{
  return cli_parse_armies (&o->rules.stop, arg, "--stop");
}

static int
opt_goal (cli_opts_t *o, const char *arg)
{
  return cli_parse_armies (&o->rules.goal, arg, "--goal");
}

static int
opt_rounds (cli_opts_t *o, const char *arg)
{
  int rc = cli_parse_armies (&o->rounds, arg, "--rounds");
  if (rc == CLI_EXIT_OK && o->rounds == 0)
    rc = cli_usage_error ("invalid --rounds '%s' (expected a number of "
                          "rounds, 1 or more)", arg);
  return rc;
}

static int
opt_values (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "exact") == 0)
    o->values = CLI_VALUES_EXACT;
  else if (strcmp (arg, "decimal") == 0)
    o->values = CLI_VALUES_DECIMAL;
  else if (strcmp (arg, "both") == 0)
    o->values = CLI_VALUES_BOTH;
  else
    return cli_usage_error ("invalid --values '%s' (expected 'exact', "
                            "'decimal' or 'both')", arg);
  return CLI_EXIT_OK;
}

static int
opt_layout (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "grid") == 0)
    o->layout = RO_LAYOUT_GRID;
  else if (strcmp (arg, "long") == 0)
    o->layout = RO_LAYOUT_LONG;
  else if (strcmp (arg, "auto") == 0)
    o->layout = RO_LAYOUT_AUTO;
  else
    return cli_usage_error ("invalid --layout '%s' (expected 'auto', "
                            "'grid' or 'long')", arg);
  return CLI_EXIT_OK;
}

/* --across of verify: what a grid's columns count.  */
static int
opt_across (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "attackers") == 0)
    o->across = RO_ACROSS_ATTACKERS;
  else if (strcmp (arg, "defenders") == 0)
    o->across = RO_ACROSS_DEFENDERS;
  else
    return cli_usage_error ("invalid --across '%s' (expected 'attackers' "
                            "or 'defenders')", arg);
  return CLI_EXIT_OK;
}

/* --first-row and --first-column of a headerless grid: an army count of
   at least 1 (0 in cli_opts_t says none was given).  */
static int
parse_first (unsigned long *out, const char *arg, const char *name)
{
  int rc = cli_parse_armies (out, arg, name);
  if (rc == CLI_EXIT_OK && *out == 0)
    return cli_usage_error ("%s must be at least 1", name);
  return rc;
}

static int
opt_first_row (cli_opts_t *o, const char *arg)
{
  return parse_first (&o->first_row, arg, "--first-row");
}

static int
opt_first_column (cli_opts_t *o, const char *arg)
{
  return parse_first (&o->first_column, arg, "--first-column");
}

/* --samples N: the battles each simulated number is the mean of.  */
static int
opt_samples (cli_opts_t *o, const char *arg)
{
  char *end;
  errno = 0;
  unsigned long n = strtoul (arg, &end, 10);
  if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || errno != 0 || n == 0
      || n > RO_SAMPLES_MAX)
    return cli_usage_error ("invalid --samples '%s' (expected the battles "
                            "simulated per number, 1 to %lu)", arg,
                            RO_SAMPLES_MAX);
  o->samples = n;
  return CLI_EXIT_OK;
}

/* A LaTeX label: what \label and \ref take safely (letters, digits and
   ":-_.").  */
static int
opt_label (cli_opts_t *o, const char *arg)
{
  if (*arg == '\0' || strspn (arg, "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-_.")
      != strlen (arg))
    return cli_usage_error ("invalid --label '%s' (letters, digits and "
                            "':-_.' only)", arg);
  o->label = arg;
  return CLI_EXIT_OK;
}

static int
opt_method (cli_opts_t *o, const char *arg)
{
  o->interval = CLI_INTERVAL_AUTO;
  if (strcmp (arg, "auto") == 0)
    o->method = RO_METHOD_AUTO;
  else if (strcmp (arg, "strip") == 0)
    o->method = RO_METHOD_STRIP;
  else if (strcmp (arg, "split") == 0)
    o->method = RO_METHOD_SPLIT;
  else if (strcmp (arg, "recursion") == 0)
    {
      o->method = RO_METHOD_RECURSION;
      o->interval = CLI_INTERVAL_NEVER;
    }
  else if (strcmp (arg, "interval") == 0)
    {
      o->method = RO_METHOD_AUTO;
      o->interval = CLI_INTERVAL_ALWAYS;
    }
  else
    return cli_usage_error ("invalid --method '%s' (expected 'auto', "
                            "'strip', 'split', 'recursion' or "
                            "'interval')", arg);
  return CLI_EXIT_OK;
}

static int
opt_threads (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->threads, arg, "threads", 1,
                             RO_THREADS_MAX);
}

/* --policy-scope battle, chain or chain:K (the policies aim at taking
   at least K territories).  */
static int
opt_scope (cli_opts_t *o, const char *arg)
{
  o->scope_given = 1;
  o->scope_target = 0;
  if (strcmp (arg, "battle") == 0)
    o->scope = RO_SCOPE_BATTLE;
  else if (strcmp (arg, "chain") == 0)
    o->scope = RO_SCOPE_CHAIN;
  else if (strncmp (arg, "chain:", 6) == 0)
    {
      char *end;
      errno = 0;
      unsigned long k = strtoul (arg + 6, &end, 10);
      if (!isdigit ((unsigned char) arg[6]) || *end != '\0' || errno != 0
          || k == 0)
        return cli_usage_error ("invalid --policy-scope '%s' (chain:K "
                                "needs a number of territories K of at "
                                "least 1)", arg);
      o->scope = RO_SCOPE_CHAIN;
      o->scope_target = k;
    }
  else
    return cli_usage_error ("invalid --policy-scope '%s' (expected "
                            "'battle', 'chain' or 'chain:K')", arg);
  return CLI_EXIT_OK;
}

static int
opt_palette (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "viridis") == 0)
    o->palette = 0;
  else if (strcmp (arg, "grey") == 0 || strcmp (arg, "gray") == 0)
    o->palette = 1;
  else
    return cli_usage_error ("invalid --palette '%s' (expected 'viridis' or "
                            "'grey')", arg);
  return CLI_EXIT_OK;
}

/* --theme of plot: 'light' (the default) or 'dark' (slides).  */
static int
opt_theme (cli_opts_t *o, const char *arg)
{
  if (strcmp (arg, "light") == 0)
    o->theme = 0;
  else if (strcmp (arg, "dark") == 0)
    o->theme = 1;
  else
    return cli_usage_error ("invalid --theme '%s' (expected 'light' or "
                            "'dark')", arg);
  return CLI_EXIT_OK;
}

static int
opt_width (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->width, arg, "width", 100, 20000);
}

static int
opt_height (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->height, arg, "height", 100, 20000);
}

/* --size WxH of plot: pixels, or inches or centimetres with 'in' or
   'cm' after H (pixels may say 'px').  */
static int
opt_size (cli_opts_t *o, const char *arg)
{
  char *end;
  errno = 0;
  double w = strtod (arg, &end), h = 0;
  int ok = end != arg && *end == 'x' && isdigit ((unsigned char) *arg);
  if (ok)
    {
      const char *p = end + 1;
      ok = isdigit ((unsigned char) *p);
      h = strtod (p, &end);
    }
  int unit = 0;
  if (ok && (*end == '\0' || strcmp (end, "px") == 0))
    unit = CLI_UNIT_PX;
  else if (ok && strcmp (end, "in") == 0)
    unit = CLI_UNIT_IN;
  else if (ok && strcmp (end, "cm") == 0)
    unit = CLI_UNIT_CM;
  if (unit == CLI_UNIT_PX && (w != floor (w) || h != floor (h)))
    unit = 0;
  if (unit == 0 || errno != 0 || !(w > 0 && w <= 1e6 && h > 0 && h <= 1e6))
    return cli_usage_error ("invalid --size '%s' (expected WxH: pixels, "
                            "such as 1280x720, or inches or centimetres, "
                            "such as 4x3in or 16x12cm)", arg);
  o->size_w = w;
  o->size_h = h;
  o->size_unit = unit;
  return CLI_EXIT_OK;
}

static int
opt_dpi (cli_opts_t *o, const char *arg)
{
  return cli_parse_unsigned (&o->dpi, arg, "dpi", 10, 2400);
}

static int
opt_font_size (cli_opts_t *o, const char *arg)
{
  char *end;
  errno = 0;
  double v = strtod (arg, &end);
  if (end == arg || *end != '\0' || errno != 0 || !(v >= 4 && v <= 200))
    return cli_usage_error ("invalid --font-size '%s' (expected points, "
                            "4 to 200)", arg);
  o->font_size = v;
  return CLI_EXIT_OK;
}

static int
opt_font (cli_opts_t *o, const char *arg)
{
  if (*arg == '\0')
    return cli_usage_error ("invalid --font '' (expected a font family, "
                            "such as 'serif' or 'DejaVu Sans')");
  o->font = arg;
  return CLI_EXIT_OK;
}

/* --edition NAME: the edition's rule options were applied before the
   others were parsed (cli_parse_options); here the name is checked and
   kept for the outputs' headers.  One edition a command line: a batch's
   lines take the batch's.  */
static int
opt_edition (cli_opts_t *o, const char *arg)
{
  const ro_edition_t *e = cli_edition_find (arg);
  if (e == NULL)
    return CLI_EXIT_ERROR;
  if (o->edition != NULL)
    return cli_usage_error ("--edition %s: an edition is given already "
                            "(%s); give one", arg, o->edition->name);
  o->edition = e;
  return CLI_EXIT_OK;
}

/* The physical memory in bytes, or 0 when it cannot be told.  */
static double
physical_memory (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return 0;
  return (double) pages * (double) size;
}

/* The most memory the process may have: the physical memory, or less
   under a limit of its address space or data (ulimit -v, ulimit -d);
   0 when none can be told.  *WHAT says which.  */
static double
memory_ceiling (const char **what)
{
  static const int res[] = { RLIMIT_AS, RLIMIT_DATA };
  static const char *const names[] = { "address space limit (ulimit -v)",
    "data limit (ulimit -d)" };
  double ceiling = physical_memory ();
  *what = "physical memory";
  for (size_t i = 0; i < sizeof res / sizeof res[0]; i++)
    {
      struct rlimit rl;
      if (getrlimit (res[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
          && (ceiling <= 0 || (double) rl.rlim_cur < ceiling))
        {
          ceiling = (double) rl.rlim_cur;
          *what = names[i];
          /* The address space the program and its libraries hold is
             spent already: 20 MB of ulimit -v leave about 15.  */
          if (res[i] == RLIMIT_AS)
            ceiling = fmax (ceiling - cli_address_space_used (), 1);
        }
    }
  return ceiling;
}

/* A whole number of bytes with an optional K, M, G or T (powers of 1024),
   at most the physical memory (or a ulimit below it): a larger limit
   would let GMP run out of memory, and GMP aborts when it does.  */
static int
opt_max_memory (cli_opts_t *o, const char *arg)
{
  static const char units[] = "KMGT";
  const char *p = arg;
  double v = 0, mult = 1;
  while (isdigit ((unsigned char) *p))
    v = v * 10 + (*p++ - '0');
  const char *u = *p ? strchr (units, toupper ((unsigned char) *p)) : NULL;
  if (u != NULL)
    for (p++, mult = 1024; u > units; u--)
      mult *= 1024;
  if (p == arg || !isdigit ((unsigned char) arg[0]) || *p != '\0' || v == 0)
    return cli_usage_error ("invalid --max-memory '%s' (expected a whole "
                            "number of bytes, optionally followed by K, M, "
                            "G or T, such as 512M or 4G)", arg);
  const char *what;
  double ceiling = memory_ceiling (&what);
  if (ceiling > 0 && v * mult > ceiling)
    return cli_usage_error ("--max-memory %s is more than the %s: %.1f "
                            "GiB", arg, what,
                            ceiling / (1024.0 * 1024 * 1024));
  o->max_memory = v * mult;
  return CLI_EXIT_OK;
}

/* A duration, a number of seconds with an optional unit s, m (minutes),
   h or d, or "none": the longest time a run may be foreseen to take.  */
static int
opt_max_time (cli_opts_t *o, const char *arg)
{
  static const struct
  {
    char unit;
    double seconds;
  } units[] = { {'s', 1}, {'m', 60}, {'h', 3600}, {'d', 86400} };
  o->max_time_given = 1;
  if (strcmp (arg, "none") == 0)
    {
      o->max_time = HUGE_VAL;
      return CLI_EXIT_OK;
    }
  const char *p = arg;
  double v = 0, mult = 1;
  while (isdigit ((unsigned char) *p))
    v = v * 10 + (*p++ - '0');
  for (size_t i = 0; *p && p > arg && i < sizeof units / sizeof units[0]; i++)
    if (tolower ((unsigned char) *p) == units[i].unit)
      {
        mult = units[i].seconds;
        p++;
        break;
      }
  if (p == arg || *p != '\0' || v == 0)
    return cli_usage_error ("invalid --max-time '%s' (expected a whole "
                            "number of seconds, optionally followed by s, "
                            "m, h or d, such as 90m or 48h; or 'none')",
                            arg);
  o->max_time = v * mult;
  return CLI_EXIT_OK;
}

/* Three quarters of the memory the process may have (the rest is for
   the program, its libraries and threads' stacks, which a ulimit -v
   counts too), or 4 GiB when it cannot be told: a user under ulimit -v
   is refused up front, with the estimate, rather than GMP aborting when
   an allocation fails.  */
void
cli_options_default (cli_opts_t *opts)
{
  const char *what;
  double ceiling = memory_ceiling (&what);
  memset (opts, 0, sizeof *opts);
  ro_rules_init (&opts->rules);
  opts->digits = 20;
  opts->format = CLI_FORMAT_TEXT;
  opts->max_memory = ceiling > 0 ? 0.75 * ceiling : 4.0 * 1024 * 1024 * 1024;
  /* Beyond reason: a run foreseen to take more than four days.  */
  opts->max_time = 96 * 3600.0;
  opts->layout = RO_LAYOUT_AUTO;
}

/* The options whose refusal asks more than their being given: --stop 0,
   --goal 0, --layout auto and --palette viridis ask for nothing.  */
static int
stop_set (const cli_opts_t *o)
{
  return o->rules.stop != 0;
}

static int
goal_set (const cli_opts_t *o)
{
  return o->rules.goal != 0;
}

static int
layout_set (const cli_opts_t *o)
{
  return o->layout != RO_LAYOUT_AUTO;
}

static int
palette_set (const cli_opts_t *o)
{
  return o->palette != 0;
}

/* ------------------------------------------------------------------ */
/* The table                                                          */
/* ------------------------------------------------------------------ */

/* The refusals of options, in the order they are checked: an option
   whose subcommands do not include the one named gets its refusal's
   message (%s: the subcommand); so do the REFUSE conditions, which no
   option's mask can say.  */
enum
{
  R_NONE,
  R_PLOT,
  R_PLOT_FORMAT,
  R_GAME_VALUE,
  R_SCOPE,
  R_SCOPE_OPTIMAL,
  R_TARGET,
  R_STOP_GOAL,
  R_DIST_STATS,
  R_GRID,
  R_VALUES,
  R_PLACES,
  R_PLACES_DIGITS,
  R_PLACES_EXACT,
  R_VERIFY,
  R_LAYOUT,
  R_LATEX,
  R_PERCENT,
  R_PERCENT_EXACT,
  R_READING,
  R_PERCENT_BOTH,
  R_FLOAT_READING,
  R_FLOAT_FILES,
  R_SAMPLES,
  R_ALPHA_SAMPLES,
  R_SAMPLES_FLOAT,
  R_SAMPLES_TOLERANCE,
  R_PLOT_PAGE,
  R_PLOT_SIZE,
  R_THEME,
  R_COUNT
};

/* The outputs whose probabilities --places and --percent write; the
   subcommands with battles to stop; the grids.  */
#define DECIMALS (CLI_SUB_BATTLE | CLI_SUB_CHAIN | CLI_SUB_TABLE)
#define BATTLES (CLI_SUB_ALL & ~(CLI_SUB_ROUND | CLI_SUB_GAME \
                                 | CLI_SUB_BINOMIAL))
#define GRIDS (CLI_SUB_TABLE | CLI_SUB_PLOT | CLI_SUB_VERIFY)

#define OPT(n, l, a, r) .name = n, .letter = l, .arg = a, .rank = r
#define CALL(fn) .land = CLI_LAND_CALL, .parse = fn
#define STRING(f) .land = CLI_LAND_STRING, .field = offsetof (cli_opts_t, f)
#define SET(f, v) .land = CLI_LAND_SET, .field = offsetof (cli_opts_t, f), \
    .value = v
#define LAND_HELP .land = CLI_LAND_HELP
#define LAND_VERSION .land = CLI_LAND_VERSION

static const cli_option_t options[] = {
  {OPT ("edition", 0, "NAME", 58), CALL (opt_edition),
   .subs = CLI_SUB_ALL, .flags = CLI_OPT_COMPARE,
   .section = CLI_SECTION_RULES,
   .help = "the rule options of an edition or house rule\n"
   "  ('riskodds editions' lists them: risiko,\n"
   "  legacy-bunker, lotr-leader, zombies, ...);\n"
   "  the rule options given explicitly win,\n"
   "  before or after it",
   .words = CLI_EDITION_WORDS},
  {OPT ("policy-scope", 0, "S", 16), CALL (opt_scope),
   .subs = CLI_SUB_CHAIN | CLI_SUB_FORTIFY, .refusal = R_SCOPE,
   .section = CLI_SECTION_POLICIES,
   .help = "in 'chain' and 'fortify', what the optimal\n"
   "  policies weigh: 'battle' (default; the battle\n"
   "  under way), 'chain' (P(taking the rest)) or\n"
   "  'chain:K' (P(taking at least K territories))",
   .words = "battle chain"},
  {OPT ("count", 'c', "HOW", 17), CALL (opt_count),
   .subs = CLI_SUB_ALL,
   .help = "how A counts the attacking armies: 'territory'\n"
   "  (default; A includes the army that must stay\n"
   "  behind, so P(2,1) = 5/12) or 'attackers' (A counts\n"
   "  only the armies that fight, so P(1,1) = 5/12)",
   .words = "territory attackers"},
  {OPT ("digits", 'd', "N", 18), CALL (opt_digits),
   .subs = CLI_SUB_ALL,
   .help = "significant digits of decimals, correctly rounded\n"
   "  to nearest, ties to even (default 20, at most\n"
   "  1000000; round's CSV has no decimals)"},
  {OPT ("places", 0, "N", 30), CALL (opt_places),
   .subs = DECIMALS, .refusal = R_PLACES,
   .help = "a battle, chain, table: N digits after the decimal\n"
   "  point instead, correctly rounded the same way\n"
   "  (0 to 1000000)"},
  {OPT ("format", 'f', "FMT", 19), CALL (opt_format),
   .subs = CLI_SUB_ALL & ~CLI_SUB_PLOT, .refusal = R_PLOT_FORMAT,
   .help = "output format: 'text' (default), 'csv' or 'json';\n"
   "  for a battle (with --dist or --stats: its\n"
   "  table), round and table also 'tsv', 'markdown'\n"
   "  or 'latex' (captioned with the rules)",
   .words = "text csv json tsv markdown latex"},
  {OPT ("output", 'o', "FILE", 31), STRING (output),
   .subs = CLI_SUB_ALL,
   .help = "write the output to FILE, atomically: a failed or\n"
   "  interrupted run leaves FILE as it was; without\n"
   "  --format, FILE's extension names the format\n"
   "  (.csv .tsv .json .md .tex .txt; others: text)"},
  {OPT ("stop", 0, "K", 24), CALL (opt_stop),
   .subs = BATTLES, .refusal = R_STOP_GOAL, .in_effect = stop_set,
   .help = "the attacker stops (and loses) when his armies,\n"
   "  counted as --count says, are down to K"},
  {OPT ("goal", 0, "G", 25), CALL (opt_goal),
   .subs = BATTLES, .refusal = R_STOP_GOAL, .in_effect = goal_set,
   .help = "the attacker stops (and wins) when the defender is\n"
   "  down to G armies or fewer"},
  {OPT ("rounds", 0, "N", 11), CALL (opt_rounds),
   .subs = CLI_SUB_ALL,
   .help = "stop after N rounds (N >= 1): a battle's P(win),\n"
   "  P(loss) and P(unresolved), and with --dist and\n"
   "  --stats the armies left on both sides; a\n"
   "  chain's N rounds in all; a table's P(win\n"
   "  within N rounds)"},
  {OPT ("dist", 0, NULL, 22), SET (dist, 1),
   .subs = CLI_SUB_BATTLE, .refusal = R_DIST_STATS,
   .help = "also print the distribution of how the battle ends\n"
   "  (armies left on each side), with cumulative sums"},
  {OPT ("stats", 0, NULL, 23), SET (stats, 1),
   .subs = CLI_SUB_BATTLE | CLI_SUB_CHAIN | CLI_SUB_TABLE,
   .refusal = R_DIST_STATS,
   .help = "also print the expected armies left and lost, and\n"
   "  their variances, overall and given win or loss;\n"
   "  table (csv, tsv, json): expected armies left and\n"
   "  lost over all battles, per battle"},
  {OPT ("target", 0, "P", 26), STRING (target),
   .subs = CLI_SUB_NEEDED, .refusal = R_TARGET,
   .help = "the probability 'needed' must reach (default 1/2);\n"
   "  a decimal, a fraction or a percentage (90%),\n"
   "  compared exactly"},
  {OPT ("attackers", 0, "LO..HI", 27), STRING (attackers),
   .subs = GRIDS | CLI_SUB_FORTIFY, .refusal = R_GRID,
   .help = "the attacker counts of table and verify --float\n"
   "  (default 1..10; 1..100 for --float)"},
  {OPT ("defenders", 0, "LO..HI", 28), STRING (defenders),
   .subs = GRIDS, .refusal = R_GRID,
   .help = "the defender counts (the same defaults)"},
  {OPT ("values", 0, "WHICH", 29), CALL (opt_values),
   .subs = CLI_SUB_ALL & ~CLI_SUB_VERIFY, .refusal = R_VALUES,
   .help = "the values printed: 'exact', 'decimal' or 'both'\n"
   "  (default both; decimal where a text shows one\n"
   "  value per cell: table's grids, --stats, round,\n"
   "  binomial, policy); a kind left out is a CSV\n"
   "  column or JSON key left out; not for verify",
   .words = "exact decimal both"},
  {OPT ("tolerance", 0, "X", 32), STRING (tolerance),
   .subs = CLI_SUB_VERIFY, .refusal = R_VERIFY,
   .help = "verify: right also when within X of the exact\n"
   "  value (always right when correctly rounded to\n"
   "  the digits it shows)"},
  {OPT ("columns", 0, "A,D,V", 33), STRING (columns),
   .subs = CLI_SUB_VERIFY, .refusal = R_VERIFY,
   .help = "verify: the attackers, defenders and value\n"
   "  columns of a long table, by name or number;\n"
   "  V:defender for the defender's chance"},
  {OPT ("layout", 0, "L", 34), CALL (opt_layout),
   .subs = CLI_SUB_VERIFY | CLI_SUB_TABLE, .refusal = R_LAYOUT,
   .in_effect = layout_set,
   .help = "verify: 'auto' (default), 'grid' or 'long';\n"
   "  table --format csv or tsv: 'long' (default) or\n"
   "  'grid' (a row per A, a column per D)",
   .words = "auto grid long"},
  {OPT ("percent", 0, NULL, 35), SET (percent, 1),
   .subs = DECIMALS | CLI_SUB_VERIFY, .refusal = R_PERCENT,
   .help = "verify: numbers without '%' are percentages too;\n"
   "  a battle, chain, table: print the probabilities'\n"
   "  decimals as percentages"},
  {OPT ("no-percent", 0, NULL, 36), SET (no_percent, 1),
   .subs = CLI_SUB_VERIFY, .refusal = R_READING,
   .help = "verify: numbers without '%' are probabilities, even\n"
   "  when all lie in [0, 100] and some are above 1"},
  {OPT ("across", 0, "SIDE", 37), CALL (opt_across),
   .subs = CLI_SUB_VERIFY, .refusal = R_READING,
   .help = "verify: the side a grid's columns count, 'attackers'\n"
   "  or 'defenders' (default: as its labels say, else\n"
   "  defenders; a headerless grid: the one that fits)",
   .words = "attackers defenders"},
  {OPT ("first-row", 0, "N", 38), CALL (opt_first_row),
   .subs = CLI_SUB_VERIFY, .refusal = R_READING,
   .help = "verify: the count of a headerless grid's first row\n"
   "  (default: 1 or 2, whichever fits)"},
  {OPT ("first-column", 0, "N", 39), CALL (opt_first_column),
   .subs = CLI_SUB_VERIFY, .refusal = R_READING,
   .help = "verify: the count of its first column (default 1)"},
  {OPT ("label", 0, "NAME", 40), CALL (opt_label),
   .subs = CLI_SUB_TABLE, .refusal = R_LATEX,
   .help = "table --format latex: the \\label (default\n"
   "  tab:riskodds-aLO-HI-dLO-HI)"},
  {OPT ("latex-fit", 0, NULL, 41), SET (latex_fit, 1),
   .subs = CLI_SUB_TABLE, .refusal = R_LATEX,
   .help = "table --format latex: scale the tabular to the\n"
   "  page with \\resizebox (needs graphicx)"},
  {OPT ("float", 0, NULL, 42), SET (float_mode, 1),
   .subs = CLI_SUB_VERIFY, .refusal = R_VERIFY,
   .help = "verify: double precision against the exact values\n"
   "  over the grid of --attackers and --defenders"},
  {OPT ("samples", 0, "N", 58), CALL (opt_samples),
   .subs = CLI_SUB_VERIFY, .refusal = R_SAMPLES,
   .help = "verify: every number is the mean of N simulated\n"
   "  battles (a 'samples' column may say so per row):\n"
   "  judged by the exact binomial test, Holm's\n"
   "  correction over the file; a file caught is\n"
   "  re-tested under other rules for a diagnosis"},
  {OPT ("alpha", 0, "X", 59), STRING (alpha),
   .subs = CLI_SUB_VERIFY, .refusal = R_SAMPLES,
   .help = "verify --samples: the family-wise level of a file\n"
   "  (default 0.001; 0 < X < 1)"},
  {OPT ("game-value", 0, "V", 21), STRING (game_value),
   .subs = CLI_SUB_BINOMIAL, .refusal = R_GAME_VALUE,
   .help = "the game value of 'binomial': 'georgiou' (default;\n"
   "  his scale and choice, as in his paper),\n"
   "  'consistent' (the value per comparison), or an\n"
   "  exact number such as 0.0395 or -1/3",
   .words = "georgiou consistent"},
  {OPT ("method", 0, "M", 14), CALL (opt_method),
   .subs = CLI_SUB_ALL,
   .help = "the engine of one battle: 'auto' (default: the\n"
   "  fastest that applies), 'strip' (O(n^2), when both\n"
   "  sides roll their most dice), 'split' (P(win) in\n"
   "  quasi-linear time where the strip applies) or\n"
   "  'recursion' (every state, any rules); the values\n"
   "  are the same;\n"
   "  table, verify: 'interval' (the default where only\n"
   "  decimals leave: certified enclosures, settled\n"
   "  exactly where they cannot decide) or 'recursion'\n"
   "  (every cell's fraction); the same output",
   .words = "auto strip split recursion interval"},
  {OPT ("threads", 0, "N", 15), CALL (opt_threads),
   .subs = CLI_SUB_ALL,
   .help = "the threads of table's exact grid, 1 to 256;\n"
   "  default: the processors available; the output\n"
   "  is the same for every N"},
  {OPT ("max-memory", 0, "SIZE", 20), CALL (opt_max_memory),
   .subs = CLI_SUB_ALL,
   .help = "refuse a battle whose memory bound exceeds SIZE\n"
   "  bytes; suffixes K, M, G, T (powers of 1024); at\n"
   "  most, and by default three quarters of, the\n"
   "  physical memory or ulimit -v/-d if lower"},
  {OPT ("max-time", 0, "TIME", 52), CALL (opt_max_time),
   .subs = CLI_SUB_ALL,
   .help = "end a run whose estimate of its time, two\n"
   "  seconds in, exceeds TIME: seconds, or with m,\n"
   "  h or d (default 96h); 'none' for no limit"},
  {OPT ("progress", 0, NULL, 43), SET (progress, 1),
   .subs = CLI_SUB_ALL,
   .help = "show how far a long run has come and the time\n"
   "  left on standard error, a line redrawn in\n"
   "  place (by default only when it is a terminal)"},
  {OPT ("no-progress", 0, NULL, 44), SET (progress, -1),
   .subs = CLI_SUB_ALL,
   .help = "never show it"},
  {OPT ("levels", 0, "L,...", 45), STRING (levels),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT,
   .help = "plot heatmap: the contours, at these P(win)\n"
   "  (default 0.5,0.8,0.9; with --compare, changes\n"
   "  of P(win), none by default)"},
  {OPT ("compare", 0, "'OPTIONS'", 46), STRING (compare),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT,
   .help = "plot heatmap: P(win) under the rules and dice\n"
   "  policies OPTIONS (such as '--defend-bonus 1')\n"
   "  minus P(win) under the others, on a diverging\n"
   "  scale: what a house rule does to the odds"},
  {OPT ("palette", 0, "P", 47), CALL (opt_palette),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT, .in_effect = palette_set,
   .help = "plot: the colour scale, 'viridis' (default) or\n"
   "  'grey' (for print)",
   .words = "viridis grey"},
  {OPT ("theme", 0, "T", 59), CALL (opt_theme),
   .subs = CLI_SUB_PLOT, .refusal = R_THEME,
   .help = "plot: 'light' (default; black on white) or 'dark'\n"
   "  (light grey on dark grey, for slides); the\n"
   "  data's colours are the same",
   .words = "light dark"},
  {OPT ("width", 0, "N", 48), CALL (opt_width),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT,
   .help = "plot: the figure's size in pixels (PNG) or\n"
   "  points (SVG, PDF); default 640 x 480"},
  {OPT ("height", 0, "N", 49), CALL (opt_height),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT},
  {OPT ("size", 0, "WxH", 53), CALL (opt_size),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT_PAGE,
   .help = "plot: the figure's size in pixels (1280x720), or\n"
   "  inches (4x3in) or centimetres (16x12cm) at\n"
   "  --dpi; instead of --width and --height"},
  {OPT ("dpi", 0, "N", 54), CALL (opt_dpi),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT_PAGE,
   .help = "plot: pixels an inch (10 to 2400; default 72, a\n"
   "  pixel a point): a PNG's resolution, and the\n"
   "  pixels of a size in in or cm"},
  {OPT ("title", 0, "TEXT", 55), STRING (title),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT_PAGE,
   .help = "plot: the title, its lines at newlines (the first\n"
   "  bold); '' for none; default: what and the rules"},
  {OPT ("font", 0, "FAMILY", 56), CALL (opt_font),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT_PAGE,
   .help = "plot: the font family of the text (default\n"
   "  'sans-serif'; 'serif', 'DejaVu Sans', ...)"},
  {OPT ("font-size", 0, "PT", 57), CALL (opt_font_size),
   .subs = CLI_SUB_PLOT, .refusal = R_PLOT_PAGE,
   .help = "plot: the size of the axes' text in points (the\n"
   "  title's first line 1.25 times it); default: 11\n"
   "  at 640 x 480, scaled with the figure"},
  {OPT ("help", 'h', NULL, 50), LAND_HELP,
   .subs = CLI_SUB_ALL,
   .help = "display this help and exit\n"
   "  (riskodds help SUB, or SUB --help: one\n"
   "  subcommand's options and examples)"},
  {OPT ("version", 'V', NULL, 51), LAND_VERSION,
   .subs = CLI_SUB_ALL,
   .help = "display version information and exit"},
};

/* Every option, the rules first: GIVEN has a bit for each.  */
#define N_OPTIONS (cli_rule_options_n + sizeof options / sizeof options[0])
#define MAX_OPTIONS CLI_MAX_OPTIONS

/* The option of index I.  */
static const cli_option_t *
option_at (size_t i)
{
  return i < cli_rule_options_n ? &cli_rule_options[i]
    : &options[i - cli_rule_options_n];
}

size_t
cli_options_n (void)
{
  return N_OPTIONS;
}

const cli_option_t *
cli_option (size_t i)
{
  return option_at (i);
}

/* getopt_long's tables, made from the options once: the long options
   (their value 256 + index, or the letter), the short ones (":c:d:..."
   : the leading ':' reports a missing value as ':') and the letters
   that take no value.  */
static struct option long_options[MAX_OPTIONS + 1];
static char short_options[32] = ":", short_switches[16];

static void
make_getopt_tables (void)
{
  if (long_options[0].name != NULL)
    return;
  /* A table grown past MAX_OPTIONS would overrun long_options, the
     names of ranked_names and cli_opts_t's GIVEN: a programming error,
     caught by every test that parses an option.  */
  if (N_OPTIONS > MAX_OPTIONS)
    {
      fprintf (stderr, "riskodds: internal error: %zu options, more than "
               "MAX_OPTIONS (%d)\n", (size_t) N_OPTIONS, MAX_OPTIONS);
      abort ();
    }
  size_t n = 0;
  for (size_t i = 0; i < N_OPTIONS; i++)
    {
      const cli_option_t *e = option_at (i);
      long_options[i].name = e->name;
      long_options[i].has_arg = e->arg ? required_argument : no_argument;
      long_options[i].val = e->letter ? e->letter : 256 + (int) i;
      if (e->letter && e->arg)
        {
          short_options[strlen (short_options)] = e->letter;
          short_options[strlen (short_options)] = ':';
        }
      else if (e->letter)
        {
          short_options[strlen (short_options)] = e->letter;
          short_switches[n++] = e->letter;
        }
    }
}

/* The index of the option getopt_long returned as C.  */
static size_t
option_index (int c)
{
  if (c >= 256)
    return (size_t) c - 256;
  size_t i = 0;
  while (i < N_OPTIONS && option_at (i)->letter != c)
    i++;
  return i;
}

/* The names of the options in the order of their rank.  */
static size_t
ranked_names (const char **names)
{
  size_t n = 0;
  for (int rank = 0; rank < (int) N_OPTIONS; rank++)
    for (size_t i = 0; i < N_OPTIONS; i++)
      if (option_at (i)->rank == rank)
        names[n++] = option_at (i)->name;
  return n;
}

/* ------------------------------------------------------------------ */
/* Parsing                                                            */
/* ------------------------------------------------------------------ */

/* Report an option getopt_long refused, in our own words.  */
static int
bad_option (char **argv, int optopt_seen)
{
  const char *arg = argv[optind - 1];
  if (optopt_seen == 0 && strncmp (arg, "--", 2) == 0)
    {
      /* The nearest long option, compared without its "=VALUE".  */
      const char *names[MAX_OPTIONS];
      size_t n = ranked_names (names);
      char word[65];
      size_t len = strcspn (arg + 2, "=");
      snprintf (word, sizeof word, "%.*s", (int) (len < 64 ? len : 64),
                arg + 2);
      const char *near = cli_suggest (word, names, n);
      if (near != NULL)
        return cli_usage_error ("unrecognized option '%s'; did you mean "
                                "'--%s'?", arg, near);
      return cli_usage_error ("unrecognized or ambiguous option '%s'", arg);
    }
  /* A switch given a value ("--dist=1"): getopt_long refuses it with
     optopt the switch's value, 256 and up (the message of old printed
     that number's low byte as a character, often an invisible one).  */
  if (optopt_seen >= 256 && (size_t) optopt_seen - 256 < N_OPTIONS)
    return cli_usage_error ("option '--%s' doesn't allow an argument",
                            option_at ((size_t) optopt_seen - 256)->name);
  return cli_usage_error ("invalid option -- '%c'", optopt_seen);
}

/* Whether ARG is an option whose value is the next argument: "-d" or a
   long option (or an abbreviation getopt_long accepts) without "=".  */
static int
takes_next_argument (const char *arg)
{
  if (arg[0] == '-' && arg[1] != '-' && arg[1] != '\0')
    {
      size_t n = strlen (arg);
      const char *o = strchr (short_options, arg[n - 1]);
      return o != NULL && o[1] == ':' && strspn (arg + 1, short_switches)
        == n - 2;
    }
  if (strncmp (arg, "--", 2) != 0 || strchr (arg, '=') != NULL)
    return 0;
  for (const struct option *o = long_options; o->name; o++)
    if (o->has_arg == required_argument
        && strncmp (o->name, arg + 2, strlen (arg + 2)) == 0)
      return 1;
  return 0;
}

int
cli_check_negative_operands (int argc, char **argv)
{
  make_getopt_tables ();
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--") == 0)
        break;
      if (takes_next_argument (a))
        i++;
      else if (a[0] == '-' && isdigit ((unsigned char) a[1]))
        return cli_usage_error ("army counts must not be negative: '%s'", a);
    }
  return CLI_EXIT_OK;
}

/* The value ARG of option E into OPTS, where E says it lands.  */
static int
land (cli_opts_t *opts, const cli_option_t *e, const char *arg)
{
  char *field = (char *) opts + e->field;
  switch (e->land)
    {
    case CLI_LAND_STRING:
      *(const char **) (void *) field = arg;
      return CLI_EXIT_OK;
    case CLI_LAND_SET:
      *(int *) (void *) field = e->value;
      return CLI_EXIT_OK;
    default:
      return e->parse (opts, arg);
    }
}

/* The value of the first --edition of ARGV (ARGC words), or NULL: read
   by getopt_long as the parse will read it (abbreviations, "=VALUE"),
   over a copy, before the parse.  */
static const char *
edition_given (int argc, char **argv)
{
  char **copy = malloc ((size_t) (argc + 1) * sizeof *copy);
  const char *name = NULL;
  int c;
  if (copy == NULL)
    return NULL;
  memcpy (copy, argv, (size_t) (argc + 1) * sizeof *copy);
  opterr = 0;
  optind = 0;
  while (name == NULL
         && (c = getopt_long (argc, copy, short_options, long_options,
                              NULL)) != -1)
    if (c >= 256 && option_index (c) < N_OPTIONS
        && strcmp (option_at (option_index (c))->name, "edition") == 0)
      name = optarg;
  optind = 0;
  free (copy);
  return name;
}

/* An edition stands for rule options, and the rule options given
   explicitly win wherever they stand: the edition's are applied first,
   before ARGV's are parsed over them.  An unknown name is left to the
   parse, which reports it in its place among the options.  */
static int
apply_edition_first (cli_opts_t *opts, int argc, char **argv)
{
  const char *name = edition_given (argc, argv);
  const ro_edition_t *e = ro_edition_find (name);
  if (name == NULL)
    return CLI_EXIT_OK;
  return e != NULL ? cli_edition_apply (opts, e) : CLI_EXIT_OK;
}

int
cli_parse_options (cli_opts_t *opts, int argc, char **argv, int *done)
{
  int c, rc = CLI_EXIT_OK, explicit_rule = 0;
  make_getopt_tables ();
  if (apply_edition_first (opts, argc, argv) != CLI_EXIT_OK)
    return CLI_EXIT_ERROR;
  opterr = 0;
  while (rc == CLI_EXIT_OK
         && (c = getopt_long (argc, argv, short_options, long_options,
                              NULL)) != -1)
    {
      if (c == ':')
        return cli_usage_error ("option '%s' requires an argument",
                                argv[optind - 1]);
      size_t i = option_index (c);
      if (c == '?' || i == N_OPTIONS)
        return bad_option (argv, optopt);
      const cli_option_t *e = option_at (i);
      if (e->land == CLI_LAND_HELP || e->land == CLI_LAND_VERSION)
        {
          *done = e->land == CLI_LAND_HELP ? 'h' : 'V';
          return CLI_EXIT_OK;
        }
      rc = land (opts, e, optarg);
      if (rc == CLI_EXIT_OK)
        opts->given[i] = 1;
      if (i < cli_rule_options_n && e->section == CLI_SECTION_RULES)
        explicit_rule = 1;
    }
  /* The headers say that the rules are not the edition's alone.  */
  if (opts->edition != NULL && explicit_rule)
    opts->edition_changed = 1;
  /* Without --format, -o FILE's extension chooses the format (one that
     names none keeps the default); --format wins over the name.  */
  if (rc == CLI_EXIT_OK && !opts->format_given && opts->output != NULL
      && cli_format_of_file (opts->output, &opts->format,
                             &opts->format_ext) == 0)
    opts->format_ext = NULL;
  return rc;
}

/* --compare 'OPTIONS': the rule options and dice policies of the second
   rule set of plot heatmap, parsed by getopt_long as the command line
   is (after it, so that its state can be reset), over the first rule
   set.  */
int
cli_parse_compare (cli_opts_t *opts)
{
  char *copy = strdup (opts->compare);
  char *av[64];
  int ac = 0, rc = CLI_EXIT_OK, c, saved = optind;
  if (copy == NULL)
    return cli_error ("out of memory");
  av[ac++] = (char *) "--compare";
  for (char *t = strtok (copy, " \t\n"); t; t = strtok (NULL, " \t\n"))
    if (ac < 63)
      av[ac++] = t;
  av[ac] = NULL;
  cli_opts_t second = *opts;
  make_getopt_tables ();
  /* An edition in them applies over the first rule set, under the
     rule options beside it.  */
  second.edition = NULL;
  rc = apply_edition_first (&second, ac, av);
  optind = 0;
  while (rc == CLI_EXIT_OK
         && (c = getopt_long (ac, av, short_options, long_options, NULL))
         != -1)
    {
      size_t i = option_index (c);
      if (c == ':')
        rc = cli_usage_error ("--compare: option '%s' requires an argument",
                              av[optind - 1]);
      else if (i < N_OPTIONS && (option_at (i)->flags & CLI_OPT_COMPARE))
        rc = land (&second, option_at (i), optarg);
      else
        rc = cli_usage_error ("--compare '%s': only the rule options and "
                              "the dice policies (--defender, --attacker) "
                              "may differ", opts->compare);
    }
  if (rc == CLI_EXIT_OK && (optind < ac || ac == 1))
    rc = cli_usage_error ("--compare '%s': expected rule options, such as "
                          "'--defend-bonus 1'", opts->compare);
  opts->compare_rules = second.rules;
  opts->compare_edition = second.edition ? second.edition->name : NULL;
  optind = saved;
  free (copy);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Refusal                                                            */
/* ------------------------------------------------------------------ */

unsigned
cli_sub_bit (const char *sub)
{
  static const char *const names[] = {
    "", "round", "game", "binomial", "chain", "fortify", "needed", "table",
    "verify", "policy", "plot"
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (sub, names[i]) == 0)
      return 1u << i;
  return CLI_SUB_OTHER;
}

/* The conditions of the refusals that the masks cannot say.  */
static int
scope_not_optimal (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->scope == RO_SCOPE_CHAIN
    && o->rules.defender != RO_DEFENDER_OPTIMAL
    && o->rules.attacker != RO_ATTACKER_OPTIMAL;
}

/* verify takes the grid of --float only.  */
static int
grid_not_float (const cli_opts_t *o, unsigned sub)
{
  return (o->attackers || o->defenders) && sub == CLI_SUB_VERIFY
    && !o->float_mode;
}

static int
places_and_digits (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->places_given && o->digits_given;
}

static int
places_exact (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->places_given && o->values == CLI_VALUES_EXACT;
}

static int
latex_not_latex (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return (o->label || o->latex_fit) && o->format != CLI_FORMAT_LATEX;
}

static int
percent_exact (const cli_opts_t *o, unsigned sub)
{
  return o->percent && sub != CLI_SUB_VERIFY
    && o->values == CLI_VALUES_EXACT;
}

static int
float_and_files (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->float_mode && (o->tolerance || o->columns || o->layout
                           || o->percent);
}

static int
percent_and_no_percent (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->percent && o->no_percent;
}

/* --float reads no file: the options of reading one ask for nothing.  */
static int
float_and_reading (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->float_mode && (o->no_percent || o->across || o->first_row
                           || o->first_column);
}

/* --samples is a way of judging of its own; --alpha is its level.
   Each conflict is refused in its own words, so that the message names
   the option that is wrong.  */
static int
alpha_without_samples (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->samples == 0 && o->alpha != NULL;
}

static int
samples_and_float (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->samples && o->float_mode;
}

static int
samples_and_tolerance (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->samples && o->tolerance != NULL;
}

/* --size says what --width and --height say.  */
static int
size_and_width (const cli_opts_t *o, unsigned sub)
{
  (void) sub;
  return o->size_unit != 0 && (o->width != 0 || o->height != 0);
}

static const struct
{
  const char *message;
  int (*refuse) (const cli_opts_t *o, unsigned sub);
} refusals[R_COUNT] = {
  [R_PLOT] = {"--levels, --compare, --palette, --width and --height apply "
              "only to 'plot'", NULL},
  [R_PLOT_FORMAT] = {"plot takes its format from -o FILE's extension "
                     "(.svg, .pdf or .png), not --format", NULL},
  [R_GAME_VALUE] = {"--game-value applies only to 'binomial'", NULL},
  [R_SCOPE] = {"--policy-scope applies only to 'chain' and 'fortify'",
               NULL},
  [R_SCOPE_OPTIMAL] = {"--policy-scope chain changes only optimal dice: "
                       "give --defender optimal or --attacker optimal",
                       scope_not_optimal},
  [R_TARGET] = {"--target applies only to 'needed'", NULL},
  [R_STOP_GOAL] = {"--stop and --goal apply to battles, chains, tables and "
                   "'needed', not to '%s'", NULL},
  [R_DIST_STATS] = {"--dist applies only to a battle A D, --stats to a "
                    "battle, 'chain' and 'table'", NULL},
  [R_GRID] = {"--attackers and --defenders apply only to 'table', 'verify "
              "--float' and 'plot' (and --attackers to 'fortify')",
              grid_not_float},
  [R_VALUES] = {"--values does not apply to 'verify', which prints the "
                "published numbers beside decimals", NULL},
  [R_PLACES] = {"--places applies only to a battle A D, 'chain' and "
                "'table'", NULL},
  [R_PLACES_DIGITS] = {"--places and --digits: give one (decimal places or "
                       "significant digits)", places_and_digits},
  [R_PLACES_EXACT] = {"--places rounds decimals; --values exact prints "
                      "none", places_exact},
  [R_VERIFY] = {"--tolerance, --columns and --float apply only to "
                "'verify'", NULL},
  [R_LAYOUT] = {"--layout applies only to 'verify' (reading) and 'table' "
                "(printing)", NULL},
  [R_LATEX] = {"--label and --latex-fit apply only to 'table' --format "
               "latex", latex_not_latex},
  [R_PERCENT] = {"--percent applies to 'verify' (reading percentages), "
                 "and to a battle A D, 'chain' and 'table' (printing "
                 "them)", NULL},
  [R_PERCENT_EXACT] = {"--percent prints the decimals as percentages; "
                       "--values exact prints none", percent_exact},
  [R_READING] = {"--no-percent, --across, --first-row and --first-column "
                 "apply only to 'verify'", NULL},
  [R_PERCENT_BOTH] = {"--percent and --no-percent contradict each other",
                      percent_and_no_percent},
  [R_FLOAT_READING] = {"--float checks double precision over a grid; "
                       "--no-percent, --across, --first-row and "
                       "--first-column are for reading files",
                       float_and_reading},
  [R_FLOAT_FILES] = {"--float checks double precision over a grid; "
                     "--tolerance, --columns, --layout and --percent are "
                     "for reading files", float_and_files},
  [R_SAMPLES] = {"--samples and --alpha apply only to 'verify'", NULL},
  [R_ALPHA_SAMPLES] = {"--alpha is the level of --samples' tests: it "
                       "needs --samples N", alpha_without_samples},
  [R_SAMPLES_FLOAT] = {"--samples judges the simulated numbers of files; "
                       "--float checks double precision over a grid: give "
                       "one", samples_and_float},
  [R_SAMPLES_TOLERANCE] = {"--samples judges simulated numbers by "
                           "statistics; --tolerance is for computed "
                           "tables: give one", samples_and_tolerance},
  [R_PLOT_PAGE] = {"--size, --dpi, --title, --font and --font-size apply "
                   "only to 'plot'", NULL},
  [R_PLOT_SIZE] = {"--size and --width/--height: give one (--size WxH "
                   "says both)", size_and_width},
  [R_THEME] = {"--theme applies only to 'plot'", NULL},
};

/* Whether R refuses an option that OPTS hold, or its condition holds,
   for the subcommand of bit SUB.  */
static int
refused (const cli_opts_t *o, int r, unsigned sub)
{
  for (size_t i = 0; i < N_OPTIONS; i++)
    {
      const cli_option_t *e = option_at (i);
      if (e->refusal == r && !(e->subs & sub)
          && (e->in_effect ? e->in_effect (o)
              : o->given[i] != 0))
        return 1;
    }
  return refusals[r].refuse != NULL && refusals[r].refuse (o, sub);
}

/* TSV, Markdown and LaTeX are for the outputs that are one table.  */
static int
check_format (const cli_opts_t *o, const char *sub, unsigned bit)
{
  if (o->format < CLI_FORMAT_TSV
      || (bit & (CLI_SUB_TABLE | CLI_SUB_BATTLE | CLI_SUB_ROUND)))
    return CLI_EXIT_OK;
  if (o->format_ext != NULL)
    return cli_usage_error ("-o %s: '.%s' names the %s format, which '%s' "
                            "does not print (tsv, markdown and latex are "
                            "for 'table', 'round' and a battle A D); give "
                            "--format text, csv or json", o->output,
                            o->format_ext, cli_format_name (o->format), sub);
  return cli_usage_error ("--format tsv, markdown and latex apply only "
                          "to 'table', 'round' and a battle A D");
}

/* The dice policies apply wherever a battle is fought to its end, and
   Wieringa's defender also to one round (his choice does not depend on
   the state); 'game' and 'binomial' are one-round models, and 'verify
   --float' measures the double recursion of the standard policies.  */
static int
check_policies (const cli_opts_t *o, const char *sub)
{
  const ro_rules_t *r = &o->rules;
  int plain = r->defender == RO_DEFENDER_MAX
    && r->attacker == RO_ATTACKER_MAX;
  if (strcmp (sub, "policy") == 0
      && r->defender == RO_DEFENDER_WIERINGA_ROLLED)
    return cli_usage_error ("'policy' shows one answer per attack roll "
                            "class; --defender wieringa-rolled answers by "
                            "the order of the dice (see 'round')");
  if (strcmp (sub, "policy") == 0 || plain)
    return CLI_EXIT_OK;
  if (strcmp (sub, "game") == 0 || strcmp (sub, "binomial") == 0)
    return cli_usage_error ("--defender and --attacker do not apply to "
                            "'%s', a model of one round", sub);
  if (strcmp (sub, "verify") == 0 && o->float_mode)
    return cli_usage_error ("--defender and --attacker do not apply to "
                            "'verify --float', which measures the double "
                            "recursion of the standard dice");
  if (strcmp (sub, "round") == 0
      && (r->defender == RO_DEFENDER_OPTIMAL
          || r->attacker == RO_ATTACKER_OPTIMAL))
    return cli_usage_error ("an optimal choice depends on the armies on "
                            "both sides, not on one round: see 'riskodds "
                            "policy A D'");
  return CLI_EXIT_OK;
}

/* --rounds limits a battle A D (its own forward pass; plot dist draws
   it), a chain (a forward pass over the territories) and a table (the
   recursion with a round coordinate); the searches ('needed',
   'fortify'), the plans, plot's grids and the rest have no such pass.  */
static int
check_rounds (const cli_opts_t *o, const char *sub)
{
  if (o->rounds == 0)
    return CLI_EXIT_OK;
  if (*sub != '\0' && strcmp (sub, "chain") != 0
      && strcmp (sub, "table") != 0 && strcmp (sub, "plot") != 0)
    return cli_usage_error ("--rounds applies to a battle A D, 'chain', "
                            "'table' and 'plot dist'; '%s' does not take "
                            "it", sub);
  if (strcmp (sub, "table") == 0 && o->stats)
    return cli_usage_error ("--rounds and --stats: a table of battles "
                            "limited to N rounds shows P(win) and "
                            "P(unresolved) alone; --stats and --dist of one "
                            "battle A D take --rounds");
  if (o->scope_given && o->scope == RO_SCOPE_CHAIN)
    return cli_usage_error ("--rounds does not apply to --policy-scope "
                            "chain (its dice weigh the unlimited chain's "
                            "odds)");
  if (o->rules.defender == RO_DEFENDER_OPTIMAL
      || o->rules.attacker == RO_ATTACKER_OPTIMAL)
    return cli_usage_error ("--rounds does not apply to an optimal policy "
                            "(its choices depend on the unlimited "
                            "battle's P(win))");
  if (o->method != RO_METHOD_AUTO || o->interval != CLI_INTERVAL_AUTO)
    return cli_usage_error ("--rounds has its own engine (a forward pass "
                            "of N rounds, or for a table the recursion "
                            "with a round coordinate); --method does not "
                            "apply");
  return CLI_EXIT_OK;
}

/* --method chooses the engine of one battle: a battle A D and 'needed'
   (which searches battles one by one when the strip applies).  The
   others need every state (grids, chains, plans) or no battle at all,
   and only the recursion gives them.  */
static int
check_method (const cli_opts_t *o, const char *sub)
{
  if (o->interval == CLI_INTERVAL_ALWAYS && strcmp (sub, "table") != 0
      && strcmp (sub, "verify") != 0)
    return cli_usage_error ("--method interval works on grids ('table', "
                            "'verify'); '%s' does not take it",
                            *sub ? sub : "a battle");
  if (o->interval == CLI_INTERVAL_ALWAYS
      && !ro_interval_applies (&o->rules))
    return cli_usage_error ("--method interval does not apply to an "
                            "optimal policy (its dice depend on exact "
                            "comparisons of P(win))");
  if (o->method == RO_METHOD_SPLIT)
    {
      if (*sub != '\0')
        return cli_usage_error ("--method split computes one battle "
                                "(A D); '%s' needs another engine", sub);
      if (!ro_method_applies (&o->rules, RO_METHOD_SPLIT))
        return cli_usage_error ("--method split applies only when both "
                                "sides roll the most dice they may "
                                "(--defender max, --attacker max)");
      return CLI_EXIT_OK;
    }
  if (o->method != RO_METHOD_STRIP)
    return CLI_EXIT_OK;
  if (*sub != '\0' && strcmp (sub, "needed") != 0)
    return cli_usage_error ("--method strip computes one battle (A D, or "
                            "'needed'); '%s' needs the recursion", sub);
  if (!ro_method_applies (&o->rules, RO_METHOD_STRIP))
    return cli_usage_error ("--method strip applies only when both sides "
                            "roll the most dice they may (--defender max, "
                            "--attacker max)");
  return CLI_EXIT_OK;
}

/* Options that belong to some subcommands only are refused elsewhere:
   silently ignoring one would print numbers for a question not asked.  */
int
cli_check_applicable (const cli_opts_t *o, const char *sub)
{
  unsigned bit = cli_sub_bit (sub);
  for (int r = R_NONE + 1; r < R_COUNT; r++)
    if (refused (o, r, bit))
      return cli_usage_error (refusals[r].message, sub);
  int rc = check_format (o, sub, bit);
  if (rc == CLI_EXIT_OK)
    rc = check_policies (o, sub);
  if (rc == CLI_EXIT_OK)
    rc = check_rounds (o, sub);
  if (rc == CLI_EXIT_OK && cli_mixed_refusal (&o->rules) != NULL)
    rc = cli_usage_error ("%s", cli_mixed_refusal (&o->rules));
  if (rc == CLI_EXIT_OK && strcmp (sub, "policy") == 0
      && cli_mixed_dice (&o->rules))
    rc = cli_usage_error ("'policy' shows the answers to each class of "
                          "attack rolls of one kind of dice; with d8 and "
                          "d6 mixed on a side (fewer commanders than its "
                          "most dice) there are none: the battle's odds "
                          "take --attacker optimal");
  if (rc == CLI_EXIT_OK)
    rc = check_method (o, sub);
  cli_page_t page;
  if (rc == CLI_EXIT_OK && (bit & CLI_SUB_PLOT))
    rc = cli_plot_page (o, &page);
  return rc;
}

/* ------------------------------------------------------------------ */
/* --help                                                             */
/* ------------------------------------------------------------------ */

/* The column of the descriptions: the rules' and policies' are indented
   further, being fewer and longer.  */
static int
help_column (cli_section_t section)
{
  return section == CLI_SECTION_MAIN ? 23 : 25;
}

/* "--digits=N" into BUF.  */
static int
help_name (char *buf, size_t size, const cli_option_t *e)
{
  return snprintf (buf, size, "--%s%s%s", e->name, e->arg ? "=" : "",
                   e->arg ? e->arg : "");
}

void
cli_options_help (cli_section_t section)
{
  int col = help_column (section);
  for (size_t i = 0; i < N_OPTIONS; i++)
    {
      const cli_option_t *e = option_at (i);
      if (e->section != section || e->help == NULL)
        continue;
      char left[128], name[64];
      int n = e->letter ? snprintf (left, sizeof left, "  -%c, ", e->letter)
        : snprintf (left, sizeof left, "      ");
      help_name (name, sizeof name, e);
      n += snprintf (left + n, sizeof left - n, "%s", name);
      /* The options described with this one.  */
      for (size_t k = i + 1; k < N_OPTIONS && option_at (k)->help == NULL;
           k++)
        {
          help_name (name, sizeof name, option_at (k));
          n += snprintf (left + n, sizeof left - n, ", %s", name);
        }
      /* The description starts at the column when the names leave a
         space before it (--first-column=N), else two spaces on.  */
      printf ("%s%*s", left, n < col ? col - n : 2, "");
      for (const char *l = e->help; *l; )
        {
          size_t len = strcspn (l, "\n");
          printf ("%.*s\n", (int) len, l);
          l += len;
          if (*l == '\n' && *++l)
            printf ("%*s", col, "");
        }
    }
}
