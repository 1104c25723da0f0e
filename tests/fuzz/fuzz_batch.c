/* fuzz_batch.c -- fuzz target: the lines of 'riskodds batch' */

#include <config.h>

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dispatch.h"
#include "fuzz.h"

/* The subcommands a line may name, as riskodds's table has them (plot,
   batch and help are refused on a line).  */
static const cli_sub_t subcommands[] = {
  {"", cmd_battle, NULL}, {"round", cmd_round, NULL},
  {"game", cmd_game, NULL}, {"binomial", cmd_binomial, NULL},
  {"chain", cmd_chain, NULL}, {"needed", cmd_needed, NULL},
  {"table", cmd_table, NULL}, {"fortify", cmd_fortify, NULL},
  {"verify", cmd_verify, NULL}, {"policy", cmd_policy, NULL}
};

/* More than one overlong line (batch's cap is 64 KiB), less than would
   make every input slow.  */
#define FUZZ_BATCH_MAX (256 * 1024)

/* The JSON nesting the validator follows; the answers nest 5 deep.  */
#define JSON_DEPTH 32

/* A strict reader of one JSON text (RFC 8259) over [P, END): the bytes
   must be valid UTF-8 (cli_utf8_char, checked against Python's strict
   decoder by cli.test), the strings free of raw control characters.  */
typedef struct
{
  const char *p, *end;
} json_t;

static int json_value (json_t *j, int depth);

static void
json_space (json_t *j)
{
  while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r'))
    j->p++;
}

static int
json_word (json_t *j, const char *w)
{
  size_t n = strlen (w);
  if ((size_t) (j->end - j->p) < n || memcmp (j->p, w, n) != 0)
    return 0;
  j->p += n;
  return 1;
}

static int
json_digits (json_t *j)
{
  const char *s = j->p;
  while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
    j->p++;
  return j->p > s;
}

static int
json_number (json_t *j)
{
  if (j->p < j->end && *j->p == '-')
    j->p++;
  if (j->p < j->end && *j->p == '0')
    j->p++;
  else if (!json_digits (j))
    return 0;
  if (j->p < j->end && *j->p == '.' && (j->p++, !json_digits (j)))
    return 0;
  if (j->p < j->end && (*j->p == 'e' || *j->p == 'E'))
    {
      j->p++;
      if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
        j->p++;
      return json_digits (j);
    }
  return 1;
}

static int
json_string (json_t *j)
{
  if (j->p == j->end || *j->p++ != '"')
    return 0;
  while (j->p < j->end)
    {
      unsigned char c = (unsigned char) *j->p;
      if (c == '"')
        {
          j->p++;
          return 1;
        }
      if (c < 0x20)
        return 0;
      if (c == '\\')
        {
          if (++j->p == j->end)
            return 0;
          c = (unsigned char) *j->p++;
          if (c == 'u')
            for (int i = 0; i < 4; i++, j->p++)
              if (j->p == j->end || !isxdigit ((unsigned char) *j->p))
                return 0;
          if (c != 'u' && strchr ("\"\\/bfnrt", c) == NULL)
            return 0;
          continue;
        }
      long len = cli_utf8_char (j->p, (size_t) (j->end - j->p));
      if (len <= 0)
        return 0;
      j->p += len;
    }
  return 0;
}

/* An object or an array: OPEN, members or elements, CLOSE.  */
static int
json_members (json_t *j, int depth, char close)
{
  j->p++;
  json_space (j);
  if (j->p < j->end && *j->p == close)
    {
      j->p++;
      return 1;
    }
  for (;;)
    {
      json_space (j);
      if (close == '}')
        {
          if (!json_string (j))
            return 0;
          json_space (j);
          if (j->p == j->end || *j->p++ != ':')
            return 0;
        }
      if (!json_value (j, depth + 1))
        return 0;
      json_space (j);
      if (j->p == j->end)
        return 0;
      char c = *j->p++;
      if (c == close)
        return 1;
      if (c != ',')
        return 0;
    }
}

static int
json_value (json_t *j, int depth)
{
  json_space (j);
  if (j->p == j->end || depth > JSON_DEPTH)
    return 0;
  switch (*j->p)
    {
    case '{':
      return json_members (j, depth, '}');
    case '[':
      return json_members (j, depth, ']');
    case '"':
      return json_string (j);
    case 't':
      return json_word (j, "true");
    case 'f':
      return json_word (j, "false");
    case 'n':
      return json_word (j, "null");
    default:
      return json_number (j);
    }
}

/* Stop here: libFuzzer (and the replay, which then fails) reports it.  */
static void
fail (const char *what, const char *line, size_t len)
{
  fprintf (stderr, "fuzz_batch: %s: %.*s\n", what, (int) (len > 300 ? 300
                                                          : len), line);
  abort ();
}

/* OUT, what batch printed for an input of LINES lines, must be JSON
   Lines: each line one object whose first member is "line", the line
   it answers, in order and within the input.  */
static void
check_json_lines (const char *out, size_t size, unsigned long lines)
{
  unsigned long last = 0;
  if (size > 0 && out[size - 1] != '\n')
    fail ("the output does not end with a newline", out, size);
  for (const char *p = out, *end = out + size; p < end;)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      json_t j = { p, nl };
      if (!json_value (&j, 0) || (json_space (&j), j.p != nl))
        fail ("not a JSON line", p, (size_t) (nl - p));
      if (strncmp (p, "{\"line\":", 8) != 0)
        fail ("no line number first", p, (size_t) (nl - p));
      unsigned long n = strtoul (p + 8, NULL, 10);
      if (n <= last || n > lines)
        fail ("line number out of order", p, (size_t) (nl - p));
      last = n;
      p = nl + 1;
    }
}

/* Batch over DATA in FORMAT; its output (a temporary file) is returned
   in *OUT, *OUT_SIZE.  */
static int
run_batch (const uint8_t *data, size_t size, int format, char **out,
           size_t *out_size)
{
  FILE *in = fmemopen ((void *) data, size, "r");
  FILE *tmp = tmpfile ();
  if (in == NULL || tmp == NULL)
    abort ();
  cli_opts_t opts;
  fuzz_default_options (&opts);
  opts.format = format;
  opts.progress = -1;
  /* Small battles only: the fuzzer looks for faults, not slow tables.  */
  opts.max_memory = 4.0 * 1024 * 1024;
  cli_dispatch_subcommands (subcommands,
                            sizeof subcommands / sizeof subcommands[0]);
  fflush (stdout);
  FILE *saved = stdout;
  stdout = tmp;
  int rc = cli_batch_stream (&opts, in, &cli_batch_hooks);
  fflush (tmp);
  stdout = saved;
  fclose (in);
  long n = ftell (tmp);
  *out = malloc (n > 0 ? (size_t) n : 1);
  rewind (tmp);
  if (*out == NULL || n < 0 || fread (*out, 1, (size_t) n, tmp) != (size_t) n)
    abort ();
  *out_size = (size_t) n;
  fclose (tmp);
  return rc;
}

/* Whether [S, S + N) is valid UTF-8.  */
static int
utf8_ok (const char *s, size_t n)
{
  for (long len; n > 0; s += len, n -= (size_t) len)
    if ((len = cli_utf8_char (s, n)) <= 0)
      return 0;
  return 1;
}

/* A captured message longer than its buffer is cut at a character's
   boundary, with "...": the input's first line as the message, when it
   is UTF-8, into a buffer of 8 to 71 bytes (its first byte says).  */
static void
check_cut (const uint8_t *data, size_t size)
{
  const char *s = (const char *) data;
  size_t n = 0;
  while (n < size && n < 4096 && s[n] != '\n' && s[n] != '\0')
    n++;
  if (!utf8_ok (s, n))
    return;
  char msg[4097], buf[72];
  memcpy (msg, s, n);
  msg[n] = '\0';
  size_t cap = 8 + data[0] % 64;
  buf[0] = '\0';
  cli_capture_messages (buf, cap);
  cli_error ("%s", msg);
  cli_capture_messages (NULL, 0);
  size_t len = strlen (buf);
  if (n < cap ? strcmp (buf, msg) != 0
      : len < 3 || strcmp (buf + len - 3, "...") != 0
      || memcmp (buf, msg, len - 3) != 0 || !utf8_ok (buf, len)
      /* no more than one character less than fits */
      || len - 3 + 4 < cap - 4)
    fail ("a message cut wrong", buf, len);
}

/* The input is batch's standard input.  In JSON, every line of the
   output must be valid UTF-8 JSON numbering a line of the input; in CSV
   (which carries the input's bytes as they are) nothing may fail.  The
   exit status is 0 or 1: a line's error is an answer, not batch's.  */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0 || size > FUZZ_BATCH_MAX)
    return 0;
  unsigned long lines = data[size - 1] != '\n';
  for (size_t i = 0; i < size; i++)
    lines += data[i] == '\n';
  char *out;
  size_t out_size;
  int rc = run_batch (data, size, CLI_FORMAT_JSON, &out, &out_size);
  if (rc != CLI_EXIT_OK && rc != CLI_EXIT_WRONG)
    fail ("batch failed as a whole", out, out_size);
  check_json_lines (out, out_size, lines);
  free (out);
  check_cut (data, size);
  rc = run_batch (data, size, CLI_FORMAT_CSV, &out, &out_size);
  if (rc != CLI_EXIT_OK && rc != CLI_EXIT_WRONG)
    fail ("batch --format csv failed as a whole", out, out_size);
  free (out);
  return 0;
}
