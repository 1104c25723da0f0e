/* cli.c -- error messages, number parsing and shared output of the program */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static char *capture;
static size_t capture_size;

void
cli_capture_messages (char *buf, size_t size)
{
  capture = buf;
  capture_size = size;
}

long
cli_utf8_char (const char *s, size_t avail)
{
  const unsigned char *u = (const unsigned char *) s;
  if (avail == 0)
    return -1;
  if (u[0] < 0x80)
    return 1;
  /* The second byte's range rules out overlong forms, the surrogates
     (U+D800..DFFF) and code points past U+10FFFF.  */
  long n;
  unsigned lo = 0x80, hi = 0xBF;
  if (u[0] >= 0xC2 && u[0] <= 0xDF)
    n = 2;
  else if (u[0] >= 0xE0 && u[0] <= 0xEF)
    {
      n = 3;
      lo = u[0] == 0xE0 ? 0xA0 : lo;
      hi = u[0] == 0xED ? 0x9F : hi;
    }
  else if (u[0] >= 0xF0 && u[0] <= 0xF4)
    {
      n = 4;
      lo = u[0] == 0xF0 ? 0x90 : lo;
      hi = u[0] == 0xF4 ? 0x8F : hi;
    }
  else
    return 0;
  for (long i = 1; i < n; i++)
    {
      if ((size_t) i >= avail)
        return -1;
      if (i == 1 ? u[1] < lo || u[1] > hi : (u[i] & 0xC0) != 0x80)
        return 0;
    }
  return n;
}

/* Cut the message S, which filled all SIZE bytes of its buffer, to end
   with "..." at a character's boundary (never inside a UTF-8
   sequence).  */
static void
cut_message (char *s, size_t size)
{
  if (size < 8)
    return;
  size_t end = size - 4;        /* room for "..." and the NUL */
  /* Back over the continuation bytes of the character cut at END, and
     over its lead byte too when it needs more than is left.  */
  size_t i = end;
  while (i > 0 && end - i < 4 && ((unsigned char) s[i] & 0xC0) == 0x80)
    i--;
  long len = cli_utf8_char (s + i, end - i);
  end = len > 0 ? i + (size_t) len : i;
  memcpy (s + end, "...", 4);
}

static void
vmessage (const char *fmt, va_list ap)
{
  if (capture != NULL)
    {
      /* The first message is the one that says what went wrong.  */
      if (capture[0] == '\0'
          && vsnprintf (capture, capture_size, fmt, ap) >= (int) capture_size)
        cut_message (capture, capture_size);
      return;
    }
  fflush (stdout);
  cli_meter_clear ();
  fputs (PACKAGE_NAME ": ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
}

int
cli_error (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (fmt, ap);
  va_end (ap);
  return CLI_EXIT_ERROR;
}

/* The subcommand of the command line, when one is known: a usage error
   then points to its own help first.  */
static const char *help_topic;

void
cli_set_help_topic (const char *sub)
{
  help_topic = sub;
}

int
cli_usage_error (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (fmt, ap);
  va_end (ap);
  if (capture != NULL)
    return CLI_EXIT_ERROR;
  if (help_topic != NULL)
    fprintf (stderr, "Try '" PACKAGE_NAME " help %s' or '" PACKAGE_NAME
             " --help' for more information.\n", help_topic);
  else
    fputs ("Try '" PACKAGE_NAME " --help' for more information.\n",
           stderr);
  return CLI_EXIT_ERROR;
}

/* The optimal string alignment distance between A and B (insertions,
   deletions, substitutions and swaps of neighbours, each 1), or a
   number above LIMIT once it exceeds LIMIT.  */
static size_t
edit_distance (const char *a, const char *b, size_t limit)
{
  size_t n = strlen (a), m = strlen (b);
  if (n > 64 || m > 64 || (n > m ? n - m : m - n) > limit)
    return limit + 1;
  size_t d[65][65];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++)
      {
        size_t cost = a[i - 1] != b[j - 1];
        size_t v = d[i - 1][j - 1] + cost;
        if (d[i - 1][j] + 1 < v)
          v = d[i - 1][j] + 1;
        if (d[i][j - 1] + 1 < v)
          v = d[i][j - 1] + 1;
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
            && d[i - 2][j - 2] + 1 < v)
          v = d[i - 2][j - 2] + 1;
        d[i][j] = v;
      }
  return d[n][m];
}

const char *
cli_suggest (const char *word, const char *const *choices, size_t n)
{
  /* One slip in a short word, two in a longer one: further than that
     the guess is more likely wrong than helpful.  */
  size_t limit = strlen (word) <= 4 ? 1 : 2, best = limit + 1;
  const char *pick = NULL;
  for (size_t i = 0; i < n; i++)
    {
      size_t k = edit_distance (word, choices[i], limit);
      if (k < best)
        {
          best = k;
          pick = choices[i];
        }
    }
  return pick;
}

/* The formats by name, in the order of cli_format_t, and the extensions
   of -o that name them.  */
static const char *const format_name[] = {
  "text", "csv", "json", "tsv", "markdown", "latex"
};

static const struct
{
  const char *ext;
  cli_format_t format;
} format_ext[] = {
  {"csv", CLI_FORMAT_CSV}, {"tsv", CLI_FORMAT_TSV},
  {"json", CLI_FORMAT_JSON}, {"md", CLI_FORMAT_MARKDOWN},
  {"markdown", CLI_FORMAT_MARKDOWN}, {"tex", CLI_FORMAT_LATEX},
  {"latex", CLI_FORMAT_LATEX}, {"txt", CLI_FORMAT_TEXT},
  {"text", CLI_FORMAT_TEXT}
};

const char *
cli_format_name (cli_format_t format)
{
  return format_name[format];
}

int
cli_format_doc (cli_format_t format)
{
  return format == CLI_FORMAT_MARKDOWN || format == CLI_FORMAT_LATEX;
}

int
cli_format_shown (cli_format_t format)
{
  return format == CLI_FORMAT_TEXT || cli_format_doc (format);
}

char
cli_format_sep (cli_format_t format)
{
  return format == CLI_FORMAT_TSV ? '\t' : ',';
}

/* Whether A and B are the same word, case ignored.  */
static int
same_word (const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if (tolower ((unsigned char) *a) != tolower ((unsigned char) *b))
      return 0;
  return *a == *b;
}

int
cli_format_of_file (const char *file, cli_format_t *format,
                    const char **ext)
{
  const char *base = strrchr (file, '/');
  base = base ? base + 1 : file;
  /* A leading dot makes a hidden file, not an extension.  */
  const char *dot = strrchr (base, '.');
  if (dot == NULL || dot == base)
    return 0;
  for (size_t i = 0; i < sizeof format_ext / sizeof format_ext[0]; i++)
    if (same_word (dot + 1, format_ext[i].ext))
      {
        *format = format_ext[i].format;
        *ext = dot + 1;
        return 1;
      }
  return 0;
}

int
cli_parse_armies (unsigned long *out, const char *arg, const char *what)
{
  if (arg[0] == '-' && isdigit ((unsigned char) arg[1]))
    return cli_usage_error ("%s must not be negative: '%s'", what, arg);
  for (const char *p = arg; *p; p++)
    if (!isdigit ((unsigned char) *p))
      return cli_usage_error ("%s must be a whole number: '%s'", what, arg);
  if (*arg == '\0')
    return cli_usage_error ("%s must be a whole number: ''", what);
  errno = 0;
  unsigned long v = strtoul (arg, NULL, 10);
  if (errno == ERANGE || v > RO_ARMIES_MAX)
    return cli_usage_error ("%s '%s' is too large (at most %lu)", what, arg,
                            RO_ARMIES_MAX);
  *out = v;
  return CLI_EXIT_OK;
}

int
cli_parse_battle (const cli_opts_t *o, int argc, char **argv,
                  unsigned long *a, unsigned long *d)
{
  if (argc == 0)
    return cli_usage_error ("missing operands A and D");
  int rc = cli_parse_armies (a, argv[0], "attacking armies");
  if (rc != CLI_EXIT_OK)
    return rc;
  if (argc < 2)
    return cli_usage_error ("missing operand D (defending armies)");
  if (argc > 2)
    return cli_usage_error ("extra operand '%s'", argv[2]);
  rc = cli_parse_armies (d, argv[1], "defending armies");
  if (rc == CLI_EXIT_OK && *a == 0 && o->rules.count == RO_COUNT_TERRITORY)
    rc = cli_usage_error ("a territory holds at least 1 army: A must be at "
                          "least 1 with --count territory");
  return rc;
}

int
cli_parse_range (unsigned long *lo, unsigned long *hi, const char *arg,
                 const char *what)
{
  const char *dots = strstr (arg, "..");
  size_t digits = strspn (arg, "0123456789");
  if (dots == NULL && digits > 0 && arg[digits] != '\0'
      && strchr ("-:,", arg[digits]) != NULL
      && isdigit ((unsigned char) arg[digits + 1]))
    return cli_usage_error ("%s takes a whole number or a range LO..HI: "
                            "'%s' (write %.*s..%s)", what, arg, (int) digits,
                            arg, arg + digits + 1);
  if (dots == NULL)
    {
      int rc = cli_parse_armies (lo, arg, what);
      *hi = *lo;
      return rc;
    }
  char *first = strndup (arg, (size_t) (dots - arg));
  if (first == NULL)
    return cli_error ("out of memory");
  int rc = cli_parse_armies (lo, first, what);
  free (first);
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_armies (hi, dots + 2, what);
  if (rc == CLI_EXIT_OK && *lo > *hi)
    rc = cli_usage_error ("%s: empty range '%s' (LO..HI needs LO <= HI)",
                          what, arg);
  return rc;
}

int
cli_split_list (char **copy, char **item, size_t max, size_t *n,
                const char *arg)
{
  *n = 0;
  *copy = strdup (arg);
  if (*copy == NULL)
    return -1;
  char *p = *copy;
  for (;;)
    {
      size_t len = strcspn (p, ",");
      if (len == 0 || *n == max || isspace ((unsigned char) p[0])
          || isspace ((unsigned char) p[len - 1]))
        return -1;
      item[(*n)++] = p;
      if (p[len] == '\0')
        return 0;
      p[len] = '\0';
      p += len + 1;
    }
}

int
cli_plain_decimal (double *v, const char *text)
{
  const char *p = text + (*text == '-');
  size_t whole = strspn (p, "0123456789"), frac = 0;
  if (p[whole] == '.')
    frac = strspn (p + whole + 1, "0123456789");
  size_t len = whole + (p[whole] == '.' ? 1 + frac : 0);
  if (p[len] != '\0' || (whole == 0 && frac == 0))
    return 0;
  *v = strtod (text, NULL);
  return 1;
}

/* SIZE in bytes as a human figure with the exact bytes beside it, e.g.
   "3.2 TiB (3518437208883 bytes)", or "512 bytes" below a KiB.  */
static void
human_bytes (char *buf, size_t n, double size)
{
  static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
    "PiB", "EiB"
  };
  int u = 0;
  double v = size;
  while (v >= 1024 && u < 6)
    {
      v /= 1024;
      u++;
    }
  if (u == 0)
    snprintf (buf, n, "%.0f byte%s", size, size == 1 ? "" : "s");
  else if (size < 1e18)
    snprintf (buf, n, "%.1f %s (%.0f bytes)", v, unit[u], ceil (size));
  else
    snprintf (buf, n, "%.1f %s (%.3g bytes)", v, unit[u], size);
}

double
cli_address_space_used (void)
{
  FILE *f = fopen ("/proc/self/statm", "r");
  unsigned long pages = 0;
  long size = sysconf (_SC_PAGESIZE);
  if (f == NULL)
    return 0;
  if (fscanf (f, "%lu", &pages) != 1 || size <= 0)
    pages = 0;
  fclose (f);
  return (double) pages * (double) size;
}

double
cli_output_memory (const cli_opts_t *opts)
{
  if (opts->values == CLI_VALUES_EXACT)
    return 0;
  ro_decimal_t fmt = {
    .style = opts->places_given ? RO_DECIMAL_PLACES : RO_DECIMAL_DIGITS,
    .n = opts->places_given ? opts->places : opts->digits,
    .scale = 1
  };
  double bytes;
  return ro_decimal_memory (&bytes, &fmt, 0) == RO_OK ? bytes : 0;
}

int
cli_check_need_note (const cli_opts_t *opts, double need, const char *what,
                     const char *note)
{
  double dice;
  need += cli_output_memory (opts);
  if (ro_dice_memory (&dice, &opts->rules) == RO_OK)
    need += dice;
  if (need <= opts->max_memory)
    return CLI_EXIT_OK;
  char hn[64], hl[64];
  human_bytes (hn, sizeof hn, need);
  human_bytes (hl, sizeof hl, opts->max_memory);
  return cli_error ("%s would need up to %s of memory, more than the limit "
                    "of %s (see --max-memory)%s", what, hn, hl,
                    note ? note : "");
}

int
cli_check_need (const cli_opts_t *opts, double need, const char *what)
{
  return cli_check_need_note (opts, need, what, NULL);
}

/* Refuse rules whose defender has too many attack rolls to tell
   apart, saying how many.  */
static int
check_rolls (const ro_rules_t *r)
{
  size_t n = ro_rules_rolls (r);
  if (r->defender == RO_DEFENDER_MAX || n <= RO_ROLLS_MAX)
    return CLI_EXIT_OK;
  return cli_error ("--defender %s with d%u attack dice (up to %u) against "
                    "up to %u defence dice has more than %lu attack rolls "
                    "to tell apart (the most allowed)",
                    cli_defender_name (r->defender), r->attack_sides,
                    r->attack_dice, r->defend_dice, RO_ROLLS_MAX);
}

/* What a computation is, for its memory estimate.  */
enum
{
  MEMORY_GRID,                  /* every state: the recursion */
  MEMORY_THREADS,               /* the same on --threads threads */
  MEMORY_PLAN,                  /* every state, with a plan of choices */
  MEMORY_BATTLE,                /* one battle, by --method */
  MEMORY_DIST,                  /* one battle's ends, by --method */
  MEMORY_STATS,                 /* one battle's statistics, by --method */
  MEMORY_DECIMALS,              /* enclosures of a grid */
  MEMORY_ROUNDS,                /* one battle of --rounds */
  MEMORY_GRID_ROUNDS            /* a grid of --rounds */
};

static int
check_memory (const cli_opts_t *opts, unsigned long a, unsigned long d,
              int kind, const ro_decimal_t *fmt)
{
  double need;
  const ro_rules_t *r = &opts->rules;
  int rc = check_rolls (r);
  if (rc != CLI_EXIT_OK)
    return rc;
  if (kind == MEMORY_PLAN)
    rc = ro_plan_memory (&need, r, a, d);
  else if (kind == MEMORY_BATTLE)
    rc = ro_battle_memory_method (&need, r, a, d, opts->method);
  else if (kind == MEMORY_DIST)
    rc = ro_battle_dist_memory (&need, r, a, d, opts->method);
  else if (kind == MEMORY_STATS)
    rc = ro_battle_stats_memory (&need, r, a, d, opts->method);
  else if (kind == MEMORY_DECIMALS)
    rc = ro_battle_grid_decimal_memory (&need, r, a, d, fmt);
  else if (kind == MEMORY_ROUNDS)
    rc = ro_battle_rounds_memory (&need, r, a, d, opts->rounds);
  else if (kind == MEMORY_GRID_ROUNDS)
    rc = ro_battle_grid_rounds_memory (&need, r, a, d, opts->rounds, 1);
  else if (kind == MEMORY_THREADS)
    rc = ro_battle_grid_memory (&need, r, a, d, opts->threads);
  else
    rc = ro_battle_memory_method (&need, r, a, d, RO_METHOD_RECURSION);
  if (rc != RO_OK)
    return cli_error ("%lu against %lu: %s", a, d, ro_strerror (rc));
  char what[64];
  snprintf (what, sizeof what, "%lu against %lu", a, d);
  return cli_check_need (opts, need, what);
}

int
cli_check_memory (const cli_opts_t *opts, unsigned long a, unsigned long d)
{
  return check_memory (opts, a, d, MEMORY_GRID, NULL);
}

int
cli_check_grid_memory (const cli_opts_t *opts, unsigned long a,
                       unsigned long d)
{
  return check_memory (opts, a, d, opts->rounds ? MEMORY_GRID_ROUNDS
                       : MEMORY_THREADS, NULL);
}

/* Whether the rules make every state's choice depend on P(win).  */
static int
optimizing (const ro_rules_t *r)
{
  return r->defender == RO_DEFENDER_OPTIMAL
    || r->attacker == RO_ATTACKER_OPTIMAL;
}

int
cli_check_plan_memory (const cli_opts_t *opts, unsigned long a,
                       unsigned long d)
{
  return check_memory (opts, a, d,
                       optimizing (&opts->rules) ? MEMORY_PLAN : MEMORY_GRID,
                       NULL);
}

int
cli_check_battle_memory (const cli_opts_t *opts, unsigned long a,
                         unsigned long d, int dist)
{
  if (opts->rounds)
    return check_memory (opts, a, d, MEMORY_ROUNDS, NULL);
  if (dist && optimizing (&opts->rules))
    return check_memory (opts, a, d, MEMORY_PLAN, NULL);
  return check_memory (opts, a, d, dist == 2 ? MEMORY_STATS
                       : dist ? MEMORY_DIST : MEMORY_BATTLE, NULL);
}

int
cli_check_decimal_memory (const cli_opts_t *opts, unsigned long a,
                          unsigned long d, const ro_decimal_t *fmt)
{
  return check_memory (opts, a, d, MEMORY_DECIMALS, fmt);
}

int
cli_grid_ranges (const cli_opts_t *o, unsigned long a[2],
                 unsigned long d[2], unsigned long hi_default)
{
  int rc = cli_parse_grid_ranges (o, a, d, hi_default);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_memory (o, a[1], d[1]);
  return rc;
}

int
cli_parse_grid_ranges (const cli_opts_t *o, unsigned long a[2],
                       unsigned long d[2], unsigned long hi_default)
{
  int rc = CLI_EXIT_OK;
  a[0] = d[0] = 1;
  a[1] = d[1] = hi_default;
  if (o->attackers)
    rc = cli_parse_range (&a[0], &a[1], o->attackers, "--attackers");
  if (rc == CLI_EXIT_OK && o->defenders)
    rc = cli_parse_range (&d[0], &d[1], o->defenders, "--defenders");
  if (rc == CLI_EXIT_OK && a[0] == 0 && o->rules.count == RO_COUNT_TERRITORY)
    rc = cli_usage_error ("a territory holds at least 1 army: --attackers "
                          "must start at 1 or more with --count territory");
  return rc;
}

char *
cli_fraction (const mpq_t q)
{
  char *s;
  if (ro_q_get_fraction (&s, q) != RO_OK)
    {
      cli_error ("out of memory");
      return NULL;
    }
  return s;
}

char *
cli_decimal (const mpq_t q, unsigned long digits)
{
  char *s;
  int rc = ro_q_get_decimal (&s, q, digits);
  if (rc != RO_OK)
    {
      cli_error ("%s", ro_strerror (rc));
      return NULL;
    }
  return s;
}

int
cli_num_init (cli_num_t *n, const mpq_t q, unsigned long digits)
{
  n->exact = cli_fraction (q);
  n->decimal = n->exact ? cli_decimal (q, digits) : NULL;
  if (n->decimal != NULL)
    return CLI_EXIT_OK;
  cli_num_clear (n);
  return CLI_EXIT_ERROR;
}

void
cli_num_clear (cli_num_t *n)
{
  ro_free_str (n->exact);
  ro_free_str (n->decimal);
  n->exact = n->decimal = NULL;
}

void
cli_num_json_keys (FILE *out, const cli_num_t *n)
{
  if (n->exact != NULL)
    fprintf (out, "\"exact\":\"%s\"%s", n->exact, n->decimal ? "," : "");
  if (n->decimal != NULL)
    fprintf (out, "\"decimal\":\"%s\"", n->decimal);
}

void
cli_num_json (FILE *out, const cli_num_t *n)
{
  fputc ('{', out);
  cli_num_json_keys (out, n);
  fputc ('}', out);
}

cli_values_t
cli_values (const cli_opts_t *o, cli_values_t def)
{
  return o->values != CLI_VALUES_DEFAULT ? o->values : def;
}

int
cli_values_one (const cli_opts_t *o, const char *what)
{
  if (o->values != CLI_VALUES_BOTH || !cli_format_shown (o->format))
    return CLI_EXIT_OK;
  if (cli_format_doc (o->format))
    return cli_usage_error ("--values both does not apply to --format %s: "
                            "like %s, it shows one value per cell (use "
                            "csv, tsv or json)", cli_format_name (o->format),
                            what);
  return cli_usage_error ("--values both needs --format csv or json: %s "
                          "shows one value per cell", what);
}

int
cli_num_make (cli_num_t *n, const mpq_t q, unsigned long digits,
              cli_values_t v)
{
  n->exact = n->decimal = NULL;
  if ((v & CLI_VALUES_EXACT) && (n->exact = cli_fraction (q)) == NULL)
    return CLI_EXIT_ERROR;
  if ((v & CLI_VALUES_DECIMAL)
      && (n->decimal = cli_decimal (q, digits)) == NULL)
    {
      cli_num_clear (n);
      return CLI_EXIT_ERROR;
    }
  return CLI_EXIT_OK;
}

char *
cli_decimal_opts (const mpq_t q, const cli_opts_t *opts, int prob)
{
  int percent = prob && opts->percent;
  ro_decimal_t fmt = {
    .style = opts->places_given ? RO_DECIMAL_PLACES : RO_DECIMAL_DIGITS,
    .n = opts->places_given ? opts->places : opts->digits,
    .scale = percent ? 100 : 1
  };
  char *s;
  int rc = ro_q_get_decimal_as (&s, q, &fmt);
  if (rc != RO_OK)
    {
      cli_error ("%s", ro_strerror (rc));
      return NULL;
    }
  if (!percent)
    return s;
  char *p = malloc (strlen (s) + 2);
  if (p == NULL)
    cli_error ("out of memory");
  else
    sprintf (p, "%s%%", s);
  ro_free_str (s);
  return p;
}

static int
num_make_opts (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
               cli_values_t v, int prob)
{
  n->exact = n->decimal = NULL;
  if ((v & CLI_VALUES_EXACT) && (n->exact = cli_fraction (q)) == NULL)
    return CLI_EXIT_ERROR;
  if ((v & CLI_VALUES_DECIMAL)
      && (n->decimal = cli_decimal_opts (q, opts, prob)) == NULL)
    {
      cli_num_clear (n);
      return CLI_EXIT_ERROR;
    }
  return CLI_EXIT_OK;
}

int
cli_prob_make (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
               cli_values_t v)
{
  return num_make_opts (n, q, opts, v, 1);
}

int
cli_value_make (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                cli_values_t v)
{
  return num_make_opts (n, q, opts, v, 0);
}

/* The value the decimal TEXT reads (a trailing '%' taken as 1/100),
   compared with the integer K: 1 when equal, 0 when not or unreadable.  */
static int
reads_as (const char *text, unsigned long k)
{
  size_t len = strlen (text);
  int percent = len > 0 && text[len - 1] == '%';
  char *t = strdup (text);
  if (t == NULL)
    return 0;
  if (percent)
    t[len - 1] = '\0';
  mpq_t x;
  mpq_init (x);
  int eq = ro_q_set_str (x, t) == RO_OK
    && mpq_cmp_ui (x, percent ? 100 * k : k, 1) == 0;
  mpq_clear (x);
  free (t);
  return eq;
}

/* In the text format only: when N's decimal of the probability Q reads
   exactly 1 (100%) or 0 but Q is not, append the hint that
   cli_prob_make_hint describes.  */
static int
num_hint (cli_num_t *n, const mpq_t q, const cli_opts_t *opts)
{
  if (opts->format != CLI_FORMAT_TEXT || n->decimal == NULL)
    return CLI_EXIT_OK;
  int one = mpq_cmp_ui (q, 1, 1) != 0 && reads_as (n->decimal, 1);
  int zero = mpq_sgn (q) != 0 && reads_as (n->decimal, 0);
  if (!one && !zero)
    return CLI_EXIT_OK;
  /* The distance to the rounded value, to as many significant digits as
     the decimal asks for (--places N: N, at least one).  */
  cli_opts_t o = *opts;
  if (o.places_given)
    o.digits = o.places ? o.places : 1;
  o.places_given = 0;
  mpq_t r;
  mpq_init (r);
  if (one)
    {
      mpq_set_ui (r, 1, 1);
      mpq_sub (r, r, q);
    }
  else
    mpq_set (r, q);
  char *dist = cli_decimal_opts (r, &o, 1);
  mpq_clear (r);
  if (dist == NULL)
    return CLI_EXIT_ERROR;
  const char *whole = o.percent ? "100%" : "1", *nil = o.percent ? "0%" : "0";
  size_t len = strlen (n->decimal) + strlen (dist) + 40;
  char *s = malloc (len);
  if (s == NULL)
    {
      ro_free_str (dist);
      return cli_error ("out of memory");
    }
  if (one)
    snprintf (s, len, "%s (rounds to %s; %s - P = %s)", n->decimal, whole,
              whole, dist);
  else
    snprintf (s, len, "%s (rounds to %s; P = %s)", n->decimal, nil, dist);
  ro_free_str (dist);
  ro_free_str (n->decimal);
  n->decimal = s;
  return CLI_EXIT_OK;
}

int
cli_prob_make_hint (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                    cli_values_t v)
{
  int rc = cli_prob_make (n, q, opts, v);
  if (rc == CLI_EXIT_OK && (rc = num_hint (n, q, opts)) != CLI_EXIT_OK)
    cli_num_clear (n);
  return rc;
}

/* A row marked by cli_prob_make_row since the last cli_rows_note.  */
static int rows_marked;

int
cli_prob_make_row (cli_num_t *n, const mpq_t q, const cli_opts_t *opts,
                   cli_values_t v)
{
  int rc = cli_prob_make (n, q, opts, v);
  if (rc != CLI_EXIT_OK || opts->format != CLI_FORMAT_TEXT
      || n->decimal == NULL)
    return rc;
  if (!((mpq_cmp_ui (q, 1, 1) != 0 && reads_as (n->decimal, 1))
        || (mpq_sgn (q) != 0 && reads_as (n->decimal, 0))))
    return CLI_EXIT_OK;
  char *s = malloc (strlen (n->decimal) + 2);
  if (s == NULL)
    {
      cli_num_clear (n);
      return cli_error ("out of memory");
    }
  sprintf (s, "~%s", n->decimal);
  ro_free_str (n->decimal);
  n->decimal = s;
  rows_marked = 1;
  return CLI_EXIT_OK;
}

void
cli_rows_note (const cli_opts_t *opts)
{
  if (rows_marked && opts->format == CLI_FORMAT_TEXT)
    printf ("  (~: rounds to %s or %s but is not exactly that; "
            "more digits show how far)\n", opts->percent ? "100%" : "1",
            opts->percent ? "0%" : "0");
  rows_marked = 0;
}

void
cli_print_decimal_json (FILE *out, const cli_opts_t *opts)
{
  fprintf (out, ",\"%s\":%lu%s", opts->places_given ? "places" : "digits",
           opts->places_given ? opts->places : opts->digits,
           opts->percent ? ",\"percent\":true" : "");
}

int
cli_num_has (const cli_num_t *n)
{
  return n->exact != NULL || n->decimal != NULL;
}

void
cli_csv_head (FILE *out, const char *prefix, cli_values_t v, char sep)
{
  const char *under = *prefix ? "_" : "";
  if (v & CLI_VALUES_EXACT)
    fprintf (out, "%c%s%sexact", sep, prefix, under);
  if (v & CLI_VALUES_DECIMAL)
    fprintf (out, "%c%s%sdecimal", sep, prefix, under);
}

void
cli_csv_fields (FILE *out, const cli_num_t *n, cli_values_t v, char sep)
{
  if (v & CLI_VALUES_EXACT)
    fprintf (out, "%c%s", sep, n && n->exact ? n->exact : "");
  if (v & CLI_VALUES_DECIMAL)
    fprintf (out, "%c%s", sep, n && n->decimal ? n->decimal : "");
}

void
cli_text_columns (const cli_opts_t *o, const char *const col[4])
{
  int last = 3;
  while (last > 0 && col[last] == NULL)
    last--;
  for (int i = 0; i <= last; i++)
    if (col[i] != NULL)
      printf (" %-*s", i < 2 && i < last ? CLI_DECIMAL_WIDTH (o) : 0,
              col[i]);
  putchar ('\n');
}

void
cli_text_pair (FILE *out, const cli_num_t *n, int width, int decimal_first)
{
  if (n->exact != NULL && n->decimal != NULL)
    fprintf (out, "%-*s %s", width, decimal_first ? n->decimal : n->exact,
             decimal_first ? n->exact : n->decimal);
  else
    fputs (n->exact ? n->exact : n->decimal, out);
}

const char *
cli_count_name (ro_count_t count)
{
  return count == RO_COUNT_ATTACKERS ? "attackers" : "territory";
}

const char *
cli_ties_name (ro_ties_t ties)
{
  return ties == RO_TIES_ATTACKER ? "attacker" : "defender";
}

int
cli_rules_bonus_plain (const ro_rules_t *r)
{
  if (r->attack_bonus == 0 && r->defend_bonus == 0)
    return 0;
  return !r->clamp && r->attack_bonus_dice <= 1 && r->defend_bonus_dice <= 1;
}

/* "+1 on the attacker's highest die", "... 2 highest dice", "+1 on
   every die of the defender" (a scope of at least the most dice he may
   roll).  */
static void
print_bonus (FILE *out, const char *who, int bonus, unsigned k,
             unsigned most)
{
  if (k >= most && k > 1)
    fprintf (out, " %+d on every die of the %s", bonus, who);
  else if (k <= 1)
    fprintf (out, " %+d on the %s's highest die", bonus, who);
  else
    fprintf (out, " %+d on the %s's %u highest dice", bonus, who, k);
}

/* Risk 2210 A.D.'s commanders and station, when there are any.  */
static void
print_commanders (FILE *out, const char *who, unsigned long c)
{
  fprintf (out, "The %s has %lu commander%s (each a d8 in place of a d6, "
           "lost last).\n", who, c, c == 1 ? "" : "s");
}

static void
print_mixed (FILE *out, const ro_rules_t *r)
{
  if (r->attack_commanders != 0)
    print_commanders (out, "attacker", r->attack_commanders);
  if (r->defend_station)
    fputs ("The defender has a space station: every defence die is a "
           "d8.\n", out);
  else if (r->defend_commanders != 0)
    print_commanders (out, "defender", r->defend_commanders);
}

/* The edition the command line named (--edition), or NULL: the
   outputs' headers name it (cli_set_edition).  */
static const char *edition_name, *edition_title;
static int edition_changed;

void
cli_set_edition (const char *name, const char *title, int changed)
{
  edition_name = name;
  edition_title = title;
  edition_changed = changed;
}

const char *
cli_edition_name (void)
{
  return edition_name;
}

void
cli_csv_edition_head (FILE *out, char sep)
{
  if (edition_name != NULL)
    fprintf (out, "edition%c", sep);
}

void
cli_csv_edition_field (FILE *out, char sep)
{
  if (edition_name != NULL)
    fprintf (out, "%s%c", edition_name, sep);
}

void
cli_print_rules_text (FILE *out, const ro_rules_t *r)
{
  if (edition_name != NULL)
    fprintf (out, "Edition: %s (%s)%s.\n", edition_name, edition_title,
             edition_changed ? ", with rule options given over it" : "");
  cli_print_rules_line (out, r);
}

void
cli_print_rules_line (FILE *out, const ro_rules_t *r)
{
  if (ro_rules_is_standard (r))
    fputs ("Standard rules: ", out);
  else
    fputs ("Rules: ", out);
  if (r->attack_sides == r->defend_sides)
    fprintf (out, "%u-sided dice", r->attack_sides);
  else
    fprintf (out, "d%u against d%u", r->attack_sides, r->defend_sides);
  fprintf (out, ", up to %u attack and %u defence dice, ties to the %s",
           r->attack_dice, r->defend_dice, cli_ties_name (r->ties));
  if (cli_rules_bonus_plain (r))
    fprintf (out, ", highest die %+d for the attacker and %+d for the "
             "defender", r->attack_bonus, r->defend_bonus);
  else if (r->attack_bonus != 0 || r->defend_bonus != 0)
    {
      fputc (',', out);
      if (r->attack_bonus != 0)
        print_bonus (out, "attacker", r->attack_bonus, r->attack_bonus_dice,
                     r->attack_dice);
      if (r->attack_bonus != 0 && r->defend_bonus != 0)
        fputs (" and", out);
      if (r->defend_bonus != 0)
        print_bonus (out, "defender", r->defend_bonus, r->defend_bonus_dice,
                     r->defend_dice);
      if (r->clamp)
        fputs (", modified dice kept on their faces", out);
    }
  fputs (".\n", out);
  print_mixed (out, r);
  if (r->stop != 0)
    fprintf (out, "The attacker stops when he is down to %lu %s (%s).\n",
             r->stop, r->stop == 1 ? "army" : "armies",
             r->count == RO_COUNT_TERRITORY ? "counting the territory"
             : "counting the fighting armies");
  if (r->goal != 0)
    fprintf (out, "The attacker is satisfied when the defender is down to "
             "%lu.\n", r->goal);
  if (r->defender == RO_DEFENDER_WIERINGA)
    fputs ("The defender chooses his dice by Wieringa's rules, after seeing "
           "the attack roll.\n", out);
  else if (r->defender == RO_DEFENDER_WIERINGA_ROLLED)
    fputs ("The defender chooses his dice by Wieringa's rules as his "
           "figures apply them\n(rule 3 reads the attacker's second die "
           "as rolled, not his second-highest).\n", out);
  else if (r->defender == RO_DEFENDER_OPTIMAL)
    fputs ("The defender chooses his dice after seeing the attack roll, to "
           "minimise the\nattacker's P(win) (between equal choices, the "
           "most dice).\n", out);
  if (r->attacker == RO_ATTACKER_OPTIMAL)
    fputs ("The attacker chooses his dice before rolling, to maximise his "
           "P(win) (between\nequal choices, the most dice).\n", out);
}

const char *
cli_defender_name (ro_defender_t defender)
{
  return defender == RO_DEFENDER_WIERINGA ? "wieringa"
    : defender == RO_DEFENDER_WIERINGA_ROLLED ? "wieringa-rolled"
    : defender == RO_DEFENDER_OPTIMAL ? "optimal" : "max";
}

const char *
cli_attacker_name (ro_attacker_t attacker)
{
  return attacker == RO_ATTACKER_OPTIMAL ? "optimal" : "max";
}

void
cli_print_count_text (FILE *out, const ro_rules_t *rules)
{
  fprintf (out, "A counts %s.\n", rules->count == RO_COUNT_TERRITORY
           ? "the armies on the territory (one stays behind)"
           : "the armies that fight");
}

char *
cli_heading (const ro_rules_t *rules, int count, const char *title)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream (&buf, &len);
  if (m == NULL)
    {
      cli_error ("out of memory");
      return NULL;
    }
  fprintf (m, "%s\n", title);
  cli_print_rules_text (m, rules);
  if (count)
    cli_print_count_text (m, rules);
  if (fclose (m) != 0)
    {
      free (buf);
      cli_error ("out of memory");
      return NULL;
    }
  return buf;
}

/* S in LaTeX's text mode: its special characters escaped (the wording
   of the rules has none today; a caption or a cell must not break the
   document if it ever does); NEWLINE (or nothing, when NULL) in place
   of each newline but a last one.  */
static void
latex_text (const char *s, const char *newline)
{
  for (const char *p = s; *p; p++)
    if (*p == '\n')
      {
        if (p[1] != '\0' && newline != NULL)
          fputs (newline, stdout);
      }
    else if (*p == '\\')
      fputs ("\\textbackslash{}", stdout);
    else if (*p == '~' || *p == '^')
      printf ("\\%c{}", *p);
    else if (strchr ("#$%&_{}", *p) != NULL)
      printf ("\\%c", *p);
    else
      putchar (*p);
}

void
cli_latex_value (const char *s)
{
  const char *slash = strchr (s, '/');
  if (slash == NULL)
    latex_text (s, NULL);
  else
    printf ("$\\frac{%.*s}{%s}$", (int) (slash - s), s, slash + 1);
}

void
cli_doc_open (cli_format_t format, const char *heading)
{
  if (format == CLI_FORMAT_LATEX)
    {
      fputs ("\\begin{table}\n\\centering\n\\caption{", stdout);
      latex_text (heading, " ");
      puts ("}");
      return;
    }
  fputs ("#### ", stdout);
  for (const char *p = heading; *p; p++)
    if (*p != '\n')
      putchar (*p);
    else if (p[1] != '\0')
      putchar (' ');
  puts ("\n");
}

/* One row of the CELL[I] that are not NULL ("" for an empty cell): in
   LaTeX, fractions as $\frac{n}{d}$ and the other cells escaped.  */
void
cli_doc_row (cli_format_t format, const char *const *cell, size_t n)
{
  int latex = format == CLI_FORMAT_LATEX, first = 1;
  for (size_t i = 0; i < n; i++)
    if (cell[i] != NULL)
      {
        if (latex)
          {
            fputs (first ? "" : " & ", stdout);
            cli_latex_value (cell[i]);
          }
        else
          printf ("| %s ", cell[i]);
        first = 0;
      }
  puts (latex ? " \\\\" : "|");
}

void
cli_doc_begin (cli_format_t format, const char *heading,
               const char *const *head, const char *align, size_t n)
{
  int latex = format == CLI_FORMAT_LATEX;
  cli_doc_open (format, heading);
  if (latex)
    fputs ("\\begin{tabular}{", stdout);
  for (size_t i = 0; i < n && latex; i++)
    if (head[i] != NULL)
      putchar (align[i]);
  if (latex)
    puts ("}");
  /* The header: words without a '/', which LaTeX would take for a
     fraction.  */
  cli_doc_row (format, head, n);
  if (latex)
    puts ("\\hline");
  for (size_t i = 0; i < n && !latex; i++)
    if (head[i] != NULL)
      fputs (align[i] == 'l' ? "|:---" : "|---:", stdout);
  if (!latex)
    puts ("|");
}

void
cli_doc_end (cli_format_t format)
{
  if (format == CLI_FORMAT_LATEX)
    puts ("\\end{tabular}\n\\end{table}");
}

void
cli_worst_init (cli_worst_t *w)
{
  mpq_init (w->size);
  w->a = w->d = 0;
  w->at = 0;
  w->found = 0;
}

void
cli_worst_clear (cli_worst_t *w)
{
  mpq_clear (w->size);
}

void
cli_worst_update (cli_worst_t *w, const mpq_t size, unsigned long a,
                  unsigned long d, size_t at)
{
  if (!w->found || mpq_cmp (size, w->size) > 0)
    {
      mpq_set (w->size, size);
      w->a = a;
      w->d = d;
      w->at = at;
      w->found = 1;
    }
}

/* The keys of the rules object, without its braces.  */
static void
rules_json_keys (FILE *out, const ro_rules_t *r)
{
  fprintf (out, "\"attack_sides\":%u,\"defend_sides\":%u,"
           "\"attack_dice\":%u,\"defend_dice\":%u,"
           "\"attack_bonus\":%d,\"defend_bonus\":%d,"
           "\"attack_bonus_dice\":%u,\"defend_bonus_dice\":%u,"
           "\"clamp\":%s,\"ties\":\"%s\","
           "\"stop\":%lu,\"goal\":%lu,\"defender\":\"%s\","
           "\"attacker\":\"%s\"",
           r->attack_sides, r->defend_sides, r->attack_dice, r->defend_dice,
           r->attack_bonus, r->defend_bonus,
           r->attack_bonus_dice ? r->attack_bonus_dice : 1,
           r->defend_bonus_dice ? r->defend_bonus_dice : 1,
           r->clamp ? "true" : "false", cli_ties_name (r->ties),
           r->stop, r->goal, cli_defender_name (r->defender),
           cli_attacker_name (r->attacker));
  /* Only when there are any: the rules of old print as they did.  */
  if (r->attack_commanders != 0 || r->defend_commanders != 0
      || r->defend_station)
    fprintf (out, ",\"attack_commanders\":%lu,\"defend_commanders\":%lu,"
             "\"defend_station\":%s", r->attack_commanders,
             r->defend_commanders, r->defend_station ? "true" : "false");
}

/* The rules object, with the key "edition" last when --edition named
   one (the names of the editions need no escaping).  */
void
cli_print_rules_json (FILE *out, const ro_rules_t *r)
{
  putc ('{', out);
  rules_json_keys (out, r);
  if (edition_name != NULL)
    fprintf (out, ",\"edition\":\"%s\"", edition_name);
  putc ('}', out);
}

void
cli_print_rules_json_only (FILE *out, const ro_rules_t *r)
{
  putc ('{', out);
  rules_json_keys (out, r);
  putc ('}', out);
}

/* ------------------------------------------------------------------ */
/* The standard descriptors                                           */

void
cli_std_open (void)
{
  /* Reading a closed standard input fails, and so does writing a closed
     standard output or error: /dev/null opened the other way round
     keeps that (as gnulib's stdopen), and keeps files opened later, as
     -o's temporary file, off descriptors 0-2.  */
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
    if (fcntl (fd, F_GETFD) < 0 && errno == EBADF)
      {
        int nfd = open ("/dev/null", fd == STDIN_FILENO ? O_WRONLY
                        : O_RDONLY);
        if (nfd >= 0 && nfd != fd)
          {
            /* Not expected: those below FD are open by now.  */
            dup2 (nfd, fd);
            close (nfd);
          }
      }
}

/* ------------------------------------------------------------------ */
/* -o FILE, written atomically                                        */

/* The temporary file while one is open, for the signal handler too.  */
static char *volatile output_tmp;
static char *output_file;

/* A signal that ends the program removes the temporary file first, so
   an interrupted run leaves nothing behind.  */
static void
output_abandon (int sig)
{
  if (output_tmp != NULL)
    unlink (output_tmp);
  signal (sig, SIG_DFL);
  raise (sig);
}

/* FILE is not a regular file (a device, a FIFO): there is nothing to
   replace atomically, so write to it as it is.  */
static int
output_direct (const char *file)
{
  fflush (stdout);
  if (freopen (file, "w", stdout) == NULL)
    return cli_error ("%s: %s", file, strerror (errno));
  return CLI_EXIT_OK;
}

int
cli_output_start (const char *file)
{
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ };
  struct stat st;
  if (*file == '\0')
    return cli_usage_error ("-o needs a file name");
  /* A name of standard output itself (/dev/stdout, /dev/fd/1, its file
     by name) is standard output: written through as it is, never
     replaced, so that '>> f' still appends and a pipe stays one.  */
  struct stat out;
  if (stat (file, &st) == 0 && fstat (STDOUT_FILENO, &out) == 0
      && st.st_dev == out.st_dev && st.st_ino == out.st_ino)
    return CLI_EXIT_OK;
  /* A pipe, a FIFO or a device, by any name (/dev/stderr is a symbolic
     link to "pipe:[...]" in a pipeline): written to as it is.  */
  if (stat (file, &st) == 0 && !S_ISREG (st.st_mode)
      && !S_ISDIR (st.st_mode))
    return output_direct (file);
  /* A symbolic link stays one: the file it points to is replaced.  */
  char *real = NULL;
  if (lstat (file, &st) == 0 && S_ISLNK (st.st_mode))
    {
      if ((real = realpath (file, NULL)) == NULL)
        return cli_error ("%s: a symbolic link to nothing: %s", file,
                          strerror (errno));
      file = real;
    }
  if (stat (file, &st) == 0 && S_ISDIR (st.st_mode))
    {
      int rc = cli_error ("%s: is a directory", file);
      free (real);
      return rc;
    }
  if (stat (file, &st) == 0 && !S_ISREG (st.st_mode))
    {
      int rc = output_direct (file);
      free (real);
      return rc;
    }
  /* Beside FILE, so that the final rename stays on one file system.  */
  char *tmp = malloc (strlen (file) + sizeof ".XXXXXX");
  if (tmp == NULL)
    return cli_error ("out of memory");
  sprintf (tmp, "%s.XXXXXX", file);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      int e = errno;
      free (tmp);
      int rc = cli_error ("%s: cannot write beside it: %s", file,
                          strerror (e));
      free (real);
      return rc;
    }
  fflush (stdout);
  output_tmp = tmp;
  output_file = real ? real : strdup (file);
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    signal (sigs[i], output_abandon);
  if (dup2 (fd, STDOUT_FILENO) < 0)
    {
      close (fd);
      return cli_output_finish (cli_error ("%s: %s", file,
                                           strerror (errno)));
    }
  close (fd);
  return CLI_EXIT_OK;
}

/* The mode a new file gets (0666 less the umask), or that of the file
   it replaces.  */
static mode_t
output_mode (const char *file)
{
  struct stat st;
  if (stat (file, &st) == 0)
    return st.st_mode & 07777;
  mode_t mask = umask (0);
  umask (mask);
  return 0666 & ~mask;
}

/* Flush standard output and report a failed write: a full disk or a
   closed pipe must not pass for success.  */
static int
close_output (int status)
{
  if ((fflush (stdout) != 0 || ferror (stdout)) && status != CLI_EXIT_ERROR)
    return cli_error ("error writing output: %s", strerror (errno));
  return status;
}

int
cli_output_finish (int status)
{
  cli_meter_end ();
  char *tmp = output_tmp;
  if (tmp == NULL)
    return close_output (status);
  int wrote = fflush (stdout) == 0 && !ferror (stdout);
  if (!wrote && status != CLI_EXIT_ERROR)
    status = cli_error ("%s: %s", output_file, strerror (errno));
  if (status != CLI_EXIT_ERROR
      && (fsync (STDOUT_FILENO) != 0
          || fchmod (STDOUT_FILENO, output_mode (output_file)) != 0
          || rename (tmp, output_file) != 0))
    status = cli_error ("%s: %s", output_file, strerror (errno));
  if (status == CLI_EXIT_ERROR)
    unlink (tmp);
  output_tmp = NULL;
  free (tmp);
  free (output_file);
  return status;
}

void
cli_csv_cell (const char *s)
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

/* The LEFT bytes of S as a JSON string (cli_json_string).  */
static void
json_string_n (const char *s, size_t left)
{
  putchar ('"');
  while (left > 0)
    {
      long len = cli_utf8_char (s, left);
      if (len <= 0)
        {
          /* Not UTF-8 (a file name, a word of a batch's line): JSON
             text must be, so the byte becomes U+FFFD.  */
          fputs ("\\ufffd", stdout);
          len = 1;
        }
      else if (*s == '"' || *s == '\\')
        printf ("\\%c", *s);
      else if ((unsigned char) *s < 0x20 || *s == 0x7f)
        printf ("\\u%04x", (unsigned) (unsigned char) *s);
      else
        fwrite (s, 1, (size_t) len, stdout);
      s += len;
      left -= (size_t) len;
    }
  putchar ('"');
}

void
cli_json_string (const char *s)
{
  json_string_n (s, strlen (s));
}

void
cli_json_notes (const char *text)
{
  int k = 0;
  fputs (",\"notes\":[", stdout);
  for (const char *line = text; line != NULL && *line != '\0';)
    {
      const char *end = strchr (line, '\n');
      size_t len = end != NULL ? (size_t) (end - line) : strlen (line);
      if (len >= 8 && strncmp (line, "  note: ", 8) == 0)
        {
          if (k++ > 0)
            putchar (',');
          json_string_n (line + 8, len - 8);
        }
      line = end != NULL ? end + 1 : NULL;
    }
  putchar (']');
}

/* A side of plot's page: V in UNIT at DPI into *PX pixels and *PT
   points; NAME for the message.  */
static int
page_side (double v, int unit, double dpi, const char *name, unsigned *px,
           double *pt)
{
  double inches = unit == CLI_UNIT_IN ? v : unit == CLI_UNIT_CM ? v / 2.54
    : v / dpi;
  double p = unit == CLI_UNIT_PX ? v : floor (inches * dpi + 0.5);
  if (!(p >= 100 && p <= 20000))
    return cli_usage_error ("the figure's %s is %.0f pixels at %.0f dpi "
                            "(expected 100 to 20000)", name, p, dpi);
  *px = (unsigned) p;
  *pt = unit == CLI_UNIT_PX ? v * 72 / dpi : inches * 72;
  return CLI_EXIT_OK;
}

int
cli_plot_page (const cli_opts_t *o, cli_page_t *page)
{
  double dpi = o->dpi ? o->dpi : 72;
  double w = o->width ? o->width : 640, h = o->height ? o->height : 480;
  int unit = CLI_UNIT_PX;
  if (o->size_unit)
    {
      w = o->size_w;
      h = o->size_h;
      unit = o->size_unit;
    }
  page->scale = dpi / 72;
  int rc = page_side (w, unit, dpi, "width", &page->px_width, &page->width);
  if (rc == CLI_EXIT_OK)
    rc = page_side (h, unit, dpi, "height", &page->px_height,
                    &page->height);
  return rc;
}
