/* cmd_batch.c -- riskodds batch: many questions, one process */

#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* A script that asks a thousand questions should not start a thousand
   processes (about 1.3 ms each, against microseconds for a battle).
   batch reads one question per line from standard input -- "A D", or
   a subcommand line such as "needed --target 0.9 766", either followed
   by options for that line alone -- and answers each on one line of
   standard output: a CSV row for battles (the default), or with
   --format json one JSON object per line (JSON Lines), for battles and
   every subcommand.  The options given to batch itself hold for every
   line.  The CSV header is printed before any line is read, so its
   columns are fixed by batch's own options: with --rounds among them,
   two more (P(unresolved)) after win_decimal, and every row has them;
   without, a line's own --rounds has no column and is refused.  A line
   that cannot be answered gets a row or an object with its error, and
   the rest go on; the exit status is 1 when some line failed.

   The input is untrusted: a line holds at most BATCH_LINE_MAX bytes
   (a longer one is read to its end, discarded and answered with an
   error, so memory stays bounded), a NUL byte makes a line an error
   rather than cutting it short, and every JSON line is valid UTF-8
   (cli_json_string puts U+FFFD for bytes that are not).  */

/* The most words of a line.  */
#define BATCH_WORDS 64

/* The most bytes of a line, its newline not counted.  */
#define BATCH_LINE_MAX 65536

/* A line's error message: room for the whole line quoted in it, and
   more.  */
#define BATCH_MESSAGE_MAX (BATCH_LINE_MAX + 8192)

typedef struct
{
  const cli_opts_t *o;
  const cli_batch_hooks_t *hooks;
  FILE *in;
  unsigned long line;
  int rounds;                   /* the CSV rows have the columns of
                                   --rounds */
  char *message;                /* BATCH_MESSAGE_MAX bytes */
  FILE *answer;                 /* a JSON answer on its way (tmpfile) */
  size_t failed;
  const char *edition;          /* the batch's --edition: the CSV's first
                                   column (a line may name its own only
                                   when the batch names none), or NULL */
} batch_t;

/* What read_line found.  */
enum
{ LINE_OK, LINE_LONG, LINE_NUL, LINE_END, LINE_ERROR };

/* Read one line of IN into BUF (BATCH_LINE_MAX + 1 bytes), without its
   newline, and end it with a NUL.  A line longer than BATCH_LINE_MAX is
   read to its end and dropped (LINE_LONG); one holding a NUL byte is
   LINE_NUL.  LINE_END at the end of the input, LINE_ERROR when reading
   fails.  */
static int
read_line (FILE *in, char *buf)
{
  size_t n = 0;
  int c, nul = 0, any = 0;
  while ((c = getc (in)) != EOF)
    {
      any = 1;
      if (c == '\n')
        break;
      nul |= c == '\0';
      if (n < BATCH_LINE_MAX)
        buf[n] = (char) c;
      if (n <= BATCH_LINE_MAX)
        n++;
    }
  if (c == EOF && ferror (in))
    return LINE_ERROR;
  if (!any)
    return LINE_END;
  buf[n < BATCH_LINE_MAX ? n : BATCH_LINE_MAX] = '\0';
  return n > BATCH_LINE_MAX ? LINE_LONG : nul ? LINE_NUL : LINE_OK;
}

/* Split LINE in place into ARGV[1..] at blanks; ARGV[0] is the program's
   name, as getopt expects.  The number of words plus one, or -1 when
   there are too many.  */
static int
split (char *line, char **argv)
{
  int argc = 0;
  argv[argc++] = (char *) PACKAGE_NAME;
  for (char *w = strtok (line, " \t\r\n"); w; w = strtok (NULL, " \t\r\n"))
    {
      if (argc == BATCH_WORDS)
        return -1;
      argv[argc++] = w;
    }
  return argc;
}

/* The error of line B->line, in the format of the batch.  */
static void
print_error (batch_t *b)
{
  b->failed++;
  if (b->o->format == CLI_FORMAT_JSON)
    {
      printf ("{\"line\":%lu,\"error\":", b->line);
      cli_json_string (b->message);
      puts ("}");
      return;
    }
  if (b->edition != NULL)
    printf ("%s,", b->edition);
  printf ("%lu,,,,,,%s", b->line, b->rounds ? ",," : "");
  cli_csv_cell (b->message);
  putchar ('\n');
}

/* A battle as a CSV row: its own computation, no more than the row.
   Under --rounds, the forward pass of the battle stopped after them:
   P(win) and P(unresolved).  The decimals follow --digits, or --places
   and --percent, as one battle's do.  */
static int
battle_row (batch_t *b, const cli_opts_t *o, int nargs, char **args)
{
  unsigned long a, d;
  if (o->rounds && !b->rounds)
    return cli_usage_error ("--rounds on a line: this batch's CSV header "
                            "has no column for P(unresolved); give "
                            "--rounds to batch itself (a line may change "
                            "its N), or use --format json");
  int rc = cli_parse_battle (o, nargs, args, &a, &d);
  if (rc == CLI_EXIT_OK)
    rc = cli_check_battle_memory (o, a, d, 0);
  if (rc != CLI_EXIT_OK)
    return rc;
  mpq_t q;
  ro_dist_t dist;
  mpq_init (q);
  ro_dist_init (&dist);
  int lrc = o->rounds
    ? ro_battle_dist_rounds (&dist, &o->rules, a, d, o->rounds)
    : ro_battle_win_method (q, &o->rules, a, d, o->method);
  cli_num_t n = { NULL, NULL }, un = { NULL, NULL };
  if (lrc != RO_OK)
    rc = cli_error ("%lu against %lu: %s", a, d, ro_strerror (lrc));
  else
    rc = cli_prob_make (&n, o->rounds ? dist.win : q, o, CLI_VALUES_BOTH);
  if (rc == CLI_EXIT_OK && o->rounds)
    rc = cli_prob_make (&un, dist.unresolved, o, CLI_VALUES_BOTH);
  if (rc == CLI_EXIT_OK)
    {
      if (b->edition != NULL)
        printf ("%s,", b->edition);
      printf ("%lu,%lu,%lu,%s,%s,%s,", b->line, a, d,
              cli_count_name (o->rules.count), n.exact, n.decimal);
      if (b->rounds)
        printf ("%s,%s,", un.exact, un.decimal);
      putchar ('\n');
    }
  cli_num_clear (&n);
  cli_num_clear (&un);
  ro_dist_clear (&dist);
  mpq_clear (q);
  return rc;
}

/* The next LEFT bytes of the answer in F on standard output, its
   newlines dropped (the subcommands' strings hold none raw) and any byte
   that is not UTF-8 made "\ufffd" (they come out of JSON strings only).
   F is read in pieces: an answer may be far larger than memory
   allows.  */
static void
copy_answer (FILE *f, off_t left)
{
  char buf[65536 + 4];
  size_t keep = 0;
  for (;;)
    {
      size_t want = sizeof buf - keep;
      if ((off_t) want > left)
        want = (size_t) left;
      size_t got = fread (buf + keep, 1, want, f);
      left -= (off_t) got;
      size_t n = keep + got, i = 0, run = 0;
      int end = got == 0;
      /* BUF[RUN..I) is to be written as it is.  */
      while (i < n)
        {
          unsigned char c = (unsigned char) buf[i];
          long len = c < 0x80 ? 1 : cli_utf8_char (buf + i, n - i);
          if (len < 0 && !end)
            break;              /* cut by the end of the piece */
          if (len > 0 && c != '\n')
            {
              i += (size_t) len;
              continue;
            }
          fwrite (buf + run, 1, i - run, stdout);
          if (len <= 0)
            fputs ("\\ufffd", stdout);
          run = ++i;
        }
      fwrite (buf + run, 1, i - run, stdout);
      keep = n - i;
      memmove (buf, buf + i, keep);
      if (end)
        return;
    }
}

/* A new temporary file in $TMPDIR (or /tmp), already unlinked: it
   goes when it is closed, or when the program ends.  */
static FILE *
open_tmp (void)
{
  const char *dir = getenv ("TMPDIR");
  if (dir == NULL || *dir == '\0')
    dir = "/tmp";
  char *name = malloc (strlen (dir) + sizeof "/riskodds-batch-XXXXXX");
  if (name == NULL)
    return NULL;
  sprintf (name, "%s/riskodds-batch-XXXXXX", dir);
  int fd = mkstemp (name);
  FILE *f = NULL;
  if (fd >= 0)
    {
      unlink (name);
      if ((f = fdopen (fd, "w+")) == NULL)
        close (fd);
    }
  free (name);
  return f;
}

/* Take standard output into B->answer (a temporary file, written from
   its start: what an answer writes ends where ftello then says, and
   an earlier, longer answer's bytes after it are ignored) for the
   length of a subcommand: *SAVED gets the real one.  */
static int
answer_start (batch_t *b, FILE **saved)
{
  if (b->answer == NULL && (b->answer = open_tmp ()) == NULL)
    return cli_error ("cannot open a temporary file for the answer (in "
                      "$TMPDIR or /tmp): %s", strerror (errno));
  rewind (b->answer);
  fflush (stdout);
  *saved = stdout;
  stdout = b->answer;
  return CLI_EXIT_OK;
}

/* Any line as JSON: the subcommand's own JSON, made into one line, with
   the line number put first.  The answer goes to a temporary file, not
   to memory (a table's JSON can be hundreds of megabytes, and memory is
   for --max-memory), and out only when the subcommand answered (or
   verify found mismatches: its report is the answer) and every byte of
   it was written.  */
static int
json_line (batch_t *b, const cli_opts_t *o, const char *sub, int nargs,
           char **args)
{
  FILE *saved = stdout;
  int rc = answer_start (b, &saved);
  if (rc != CLI_EXIT_OK)
    return rc;
  rc = b->hooks->run (o, sub, nargs, args);
  int bad = fflush (b->answer) != 0 || ferror (b->answer);
  int e = errno;
  off_t size = ftello (b->answer);
  stdout = saved;
  if (!bad && size < 0)
    bad = 1, e = errno;
  if (bad)
    return cli_error ("cannot write this line's answer to a temporary "
                      "file: %s", strerror (e));
  if (rc != CLI_EXIT_OK && rc != CLI_EXIT_WRONG)
    return rc;
  rewind (b->answer);
  int c = EOF;
  while (size-- > 0 && ((c = getc (b->answer)) == ' ' || c == '\n'))
    ;
  if (size < 0 || c != '{')
    return cli_error ("'%s' printed no JSON object", *sub ? sub : "A D");
  while (size-- > 0 && (c = getc (b->answer)) == '\n')
    ;
  if (size < 0)
    return cli_error ("'%s' printed no whole JSON object",
                      *sub ? sub : "A D");
  printf ("{\"line\":%lu%s", b->line, c == '}' ? "" : ",");
  ungetc (c, b->answer);
  copy_answer (b->answer, size + 1);
  putchar ('\n');
  if (ferror (b->answer))
    return cli_error ("cannot read this line's answer back: %s",
                      strerror (errno));
  /* verify's mismatches: the line failed, its report is out.  */
  if (rc == CLI_EXIT_WRONG)
    b->failed++;
  return CLI_EXIT_OK;
}

/* Whether FILE, an operand of a line, is the batch's own input: "-",
   a name of standard input itself (/dev/stdin, /dev/fd/0,
   /proc/self/fd/0: refused whatever it is, as the manual says), or
   another name of a pipe, a FIFO or a terminal that is.  Reading it
   would eat the questions that follow.  (A regular file opened again
   by a name of its own is read from its start, apart from batch.)  */
static int
is_input (const batch_t *b, const char *file)
{
  static const char *const names[] = { "-", "/dev/stdin", "/dev/fd/0",
    "/proc/self/fd/0"
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (file, names[i]) == 0)
      return 1;
  struct stat in, st;
  int fd = fileno (b->in);
  return fd >= 0 && fstat (fd, &in) == 0 && !S_ISREG (in.st_mode)
    && stat (file, &st) == 0 && in.st_dev == st.st_dev
    && in.st_ino == st.st_ino;
}

/* A parsed line whose subcommand cannot be answered in this batch.  */
static int
refuse (const batch_t *b, const char *sub, int nargs, char **args)
{
  if (strcmp (sub, "verify") == 0)
    for (int i = 1; i < nargs; i++)
      if (is_input (b, args[i]))
        return cli_usage_error ("verify '%s': standard input holds the "
                                "batch's questions; give verify a file "
                                "name", args[i]);
  if (b->o->format != CLI_FORMAT_JSON && *sub != '\0')
    return cli_usage_error ("'%s' in a batch needs --format json (CSV "
                            "rows are for battles A D)", sub);
  return CLI_EXIT_OK;
}

/* Answer the words of one line, read whole.  */
static int
answer_words (batch_t *b, char *line)
{
  char *argv[BATCH_WORDS + 1];
  int argc = split (line, argv);
  if (argc == 1)
    return -1;                  /* blank */
  if (argc > 1 && argv[1][0] == '#')
    return -1;                  /* a comment */
  if (argc < 0)
    return cli_usage_error ("more than %d words on a line", BATCH_WORDS - 1);
  cli_opts_t o;
  const char *sub;
  int nargs;
  char **args;
  argv[argc] = NULL;
  /* The parser prints --help and --version (which the line then gets an
     error for): into the answer's file, never between the answers.
     Without that file, a battle's CSV row can still be answered (its
     message is forgotten).  */
  FILE *saved = stdout;
  answer_start (b, &saved);
  b->message[0] = '\0';
  int rc = b->hooks->parse (&o, b->o, argc, argv, &sub, &nargs, &args);
  stdout = saved;
  if (rc == CLI_EXIT_OK)
    rc = refuse (b, sub, nargs, args);
  if (rc == CLI_EXIT_OK && b->o->format == CLI_FORMAT_JSON)
    rc = json_line (b, &o, sub, nargs, args);
  else if (rc == CLI_EXIT_OK)
    rc = battle_row (b, &o, nargs, args);
  return rc;
}

/* Answer one line, as read_line found it (KIND).  */
static void
answer (batch_t *b, char *line, int kind)
{
  b->line++;                    /* answers name the line they answer */
  b->message[0] = '\0';
  cli_capture_messages (b->message, BATCH_MESSAGE_MAX);
  int rc;
  if (kind == LINE_LONG)
    rc = cli_error ("line %lu is longer than %d bytes: not read", b->line,
                    BATCH_LINE_MAX);
  else if (kind == LINE_NUL)
    rc = cli_error ("line %lu contains a NUL byte", b->line);
  else
    rc = answer_words (b, line);
  cli_capture_messages (NULL, 0);
  if (rc != CLI_EXIT_OK && rc != -1)
    {
      if (b->message[0] == '\0')
        snprintf (b->message, BATCH_MESSAGE_MAX, "cannot answer this line");
      print_error (b);
    }
}

int
cli_batch_stream (const cli_opts_t *o, FILE *in,
                  const cli_batch_hooks_t *hooks)
{
  batch_t b = { .o = o, .hooks = hooks, .in = in,
    .rounds = o->rounds != 0, .edition = cli_edition_name ()
  };
  char *line = malloc (BATCH_LINE_MAX + 1);
  b.message = malloc (BATCH_MESSAGE_MAX);
  if (line == NULL || b.message == NULL)
    {
      free (line);
      free (b.message);
      return cli_error ("out of memory");
    }
  if (o->format == CLI_FORMAT_CSV)
    cli_csv_edition_head (stdout, ',');
  if (o->format == CLI_FORMAT_CSV)
    printf ("line,attackers,defenders,count,win_exact,win_decimal,%s"
            "error\n", b.rounds ? "unresolved_exact,unresolved_decimal,"
            : "");
  int kind, rc = CLI_EXIT_OK;
  /* Waiting for a line is not working: no meter then.  */
  for (;;)
    {
      cli_meter_idle (1);
      kind = read_line (in, line);
      cli_meter_idle (0);
      if (kind == LINE_END)
        break;
      if (kind == LINE_ERROR)
        {
          rc = cli_error ("error reading the questions: %s",
                          strerror (errno));
          break;
        }
      answer (&b, line, kind);
      /* A reader at the other end of a pipe gets each answer at once;
         when there is none, or the disk is full, stop asking.  */
      if (fflush (stdout) != 0 || ferror (stdout))
        {
          rc = cli_error ("error writing output: %s", strerror (errno));
          break;
        }
    }
  if (b.answer != NULL)
    fclose (b.answer);
  free (line);
  free (b.message);
  if (rc == CLI_EXIT_OK && (fflush (stdout) != 0 || ferror (stdout)))
    rc = cli_error ("error writing output: %s", strerror (errno));
  if (rc != CLI_EXIT_OK)
    return rc;
  return b.failed ? CLI_EXIT_WRONG : CLI_EXIT_OK;
}

int
cmd_batch (const cli_opts_t *o, int argc, char **argv,
           const cli_batch_hooks_t *hooks)
{
  if (argc > 0)
    return cli_usage_error ("batch reads its questions from standard "
                            "input, one a line ('%s' is an operand)",
                            argv[0]);
  if (o->format != CLI_FORMAT_CSV && o->format != CLI_FORMAT_JSON)
    return cli_usage_error ("batch answers in --format csv (the default) "
                            "or json");
  return cli_batch_stream (o, stdin, hooks);
}
