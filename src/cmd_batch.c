/* cmd_batch.c -- riskodds batch: many questions, one process */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
   without, a line's own --rounds has no column and is refused.  A line that cannot be answered gets a row or an object with
   its error, and the rest go on; the exit status is 1 when some line
   failed.  */

/* The most words of a line.  */
#define BATCH_WORDS 64

typedef struct
{
  const cli_opts_t *o;
  const cli_batch_hooks_t *hooks;
  unsigned long line;
  int rounds;                   /* the CSV rows have the columns of
                                   --rounds */
  char message[512];
  size_t failed;
} batch_t;

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
  printf ("%lu,,,,,,%s", b->line, b->rounds ? ",," : "");
  cli_csv_cell (b->message);
  putchar ('\n');
}

/* A battle as a CSV row: its own computation, no more than the row.
   Under --rounds, the forward pass of the battle stopped after them:
   P(win) and P(unresolved).  */
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
    rc = cli_num_init (&n, o->rounds ? dist.win : q, o->digits);
  if (rc == CLI_EXIT_OK && o->rounds)
    rc = cli_num_init (&un, dist.unresolved, o->digits);
  if (rc == CLI_EXIT_OK)
    {
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

/* Any line as JSON: the subcommand's own JSON, made into one line (its
   strings hold no raw newline), with the line number put first.  */
static int
json_line (batch_t *b, const cli_opts_t *o, const char *sub, int nargs,
           char **args)
{
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream (&text, &len);
  if (mem == NULL)
    return cli_error ("out of memory");
  FILE *saved = stdout;
  stdout = mem;
  int rc = b->hooks->run (o, sub, nargs, args);
  fflush (mem);
  stdout = saved;
  fclose (mem);
  if (rc == CLI_EXIT_OK)
    {
      const char *p = text;
      while (*p == ' ' || *p == '\n')
        p++;
      if (*p != '{')
        rc = cli_error ("'%s' printed no JSON object", *sub ? sub : "A D");
      else
        {
          printf ("{\"line\":%lu%s", b->line, p[1] == '}' ? "" : ",");
          for (p++; *p; p++)
            if (*p != '\n')
              putchar (*p);
          putchar ('\n');
        }
    }
  free (text);
  return rc;
}

/* Answer one line: its words parsed over the batch's options.  */
static void
answer (batch_t *b, char *line)
{
  char *argv[BATCH_WORDS + 1];
  b->line++;                    /* answers name the line they answer */
  int argc = split (line, argv);
  if (argc == 1)
    return;                     /* blank */
  if (argc > 1 && argv[1][0] == '#')
    return;                     /* a comment */
  b->message[0] = '\0';
  cli_capture_messages (b->message, sizeof b->message);
  int rc;
  if (argc < 0)
    rc = cli_usage_error ("more than %d words on a line", BATCH_WORDS - 1);
  else
    {
      cli_opts_t o;
      const char *sub;
      int nargs;
      char **args;
      argv[argc] = NULL;
      rc = b->hooks->parse (&o, b->o, argc, argv, &sub, &nargs, &args);
      if (rc == CLI_EXIT_OK && b->o->format == CLI_FORMAT_JSON)
        rc = json_line (b, &o, sub, nargs, args);
      else if (rc == CLI_EXIT_OK && *sub != '\0')
        rc = cli_usage_error ("'%s' in a batch needs --format json (CSV "
                              "rows are for battles A D)", sub);
      else if (rc == CLI_EXIT_OK)
        rc = battle_row (b, &o, nargs, args);
    }
  cli_capture_messages (NULL, 0);
  if (rc != CLI_EXIT_OK)
    {
      if (b->message[0] == '\0')
        snprintf (b->message, sizeof b->message, "cannot answer this line");
      print_error (b);
    }
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
  batch_t b = { .o = o, .hooks = hooks, .rounds = o->rounds != 0 };
  if (o->format == CLI_FORMAT_CSV)
    printf ("line,attackers,defenders,count,win_exact,win_decimal,%s"
            "error\n", b.rounds ? "unresolved_exact,unresolved_decimal,"
            : "");
  char *line = NULL;
  size_t cap = 0;
  while (getline (&line, &cap, stdin) != -1)
    {
      answer (&b, line);
      /* A reader at the other end of a pipe gets each answer at once.  */
      fflush (stdout);
    }
  free (line);
  return b.failed ? CLI_EXIT_WRONG : CLI_EXIT_OK;
}
