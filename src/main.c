/* main.c -- the riskodds program: options, subcommand dispatch, exit status */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum
{
  OPT_MAX_MEMORY = 256
};

static const struct option long_options[] = {
  {"count", required_argument, NULL, 'c'},
  {"digits", required_argument, NULL, 'd'},
  {"format", required_argument, NULL, 'f'},
  {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static const char short_options[] = ":c:d:f:hV";

static void
usage (void)
{
  printf ("\
Usage: %s [OPTION]... A D\n\
  or:  %s round [OPTION]...\n", PACKAGE_NAME, PACKAGE_NAME);
  fputs ("\
Compute exactly the odds of a Risk dice battle: the probability that A\n\
attacking armies conquer a territory held by D armies, as a reduced\n\
fraction and as a correctly rounded decimal.\n\
\n\
Subcommands:\n\
  (none)    one battle, A against D\n\
  round     the exact outcome counts of one round of dice, for every\n\
            number of attack and defence dice\n\
\n\
Options:\n\
  -c, --count=HOW      how A counts the attacking armies: 'territory'\n\
                         (default; A includes the army that must stay\n\
                         behind, so P(2,1) = 5/12) or 'attackers' (A counts\n\
                         only the armies that fight, so P(1,1) = 5/12)\n\
  -d, --digits=N       significant digits of decimals, correctly rounded\n\
                         to nearest, ties to even (default 20, at most\n\
                         1000000)\n\
  -f, --format=FMT     output format: 'text' (default), 'csv' or 'json'\n\
      --max-memory=SIZE  refuse a battle estimated to need more memory\n\
                         than SIZE bytes; suffixes K, M, G, T (powers of\n\
                         1024); default three quarters of physical memory\n\
  -h, --help           display this help and exit\n\
  -V, --version        display version information and exit\n\
\n\
The rules are the standard game: six-sided dice, the attacker rolls up to\n\
3 dice, the defender up to 2, both always the most they may; the highest\n\
dice are compared in pairs and ties go to the defender.\n\
\n\
Examples:\n\
  riskodds 18 6                  P(18 armies conquer 6), 20 digits\n\
  riskodds --digits 100 18 6     the same to 100 digits\n\
  riskodds --count attackers 5 5 five fighting armies against five\n\
  riskodds --format json 10 10   one JSON object\n\
  riskodds round --format csv    one-round counts as CSV\n\
\n\
Exit status: 0 on success; 2 for a usage error, invalid input, a battle\n\
too large for the memory limit, or an error writing the output.\n\
\n\
See the riskodds(1) manual page for the output formats.\n", stdout);
}

static void
version (void)
{
  printf ("%s (%s) %s\n", PACKAGE_NAME, PACKAGE_NAME, PACKAGE_VERSION);
  puts ("Copyright (C) 2026 the riskodds developers.\n\
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n\
This is free software: you are free to change and redistribute it.\n\
There is NO WARRANTY, to the extent permitted by law.");
}

static int
parse_count (ro_rules_t *rules, const char *arg)
{
  if (strcmp (arg, "territory") == 0)
    rules->count = RO_COUNT_TERRITORY;
  else if (strcmp (arg, "attackers") == 0)
    rules->count = RO_COUNT_ATTACKERS;
  else
    return cli_usage_error ("invalid --count '%s' (expected 'territory' or "
                            "'attackers')", arg);
  return CLI_EXIT_OK;
}

static int
parse_digits (unsigned long *digits, const char *arg)
{
  char *end;
  errno = 0;
  unsigned long v = strtoul (arg, &end, 10);
  if (!isdigit ((unsigned char) arg[0]) || *end != '\0' || errno == ERANGE
      || v < 1 || v > RO_DIGITS_MAX)
    return cli_usage_error ("invalid --digits '%s' (expected a whole number "
                            "from 1 to %lu)", arg, RO_DIGITS_MAX);
  *digits = v;
  return CLI_EXIT_OK;
}

static int
parse_format (cli_format_t *format, const char *arg)
{
  if (strcmp (arg, "text") == 0)
    *format = CLI_FORMAT_TEXT;
  else if (strcmp (arg, "csv") == 0)
    *format = CLI_FORMAT_CSV;
  else if (strcmp (arg, "json") == 0)
    *format = CLI_FORMAT_JSON;
  else
    return cli_usage_error ("invalid --format '%s' (expected 'text', 'csv' "
                            "or 'json')", arg);
  return CLI_EXIT_OK;
}

static int
parse_size (double *bytes, const char *arg)
{
  char *end;
  errno = 0;
  double v = strtod (arg, &end);
  double mult = 1;
  switch (toupper ((unsigned char) *end))
    {
    case 'K': mult = 1024.0; end++; break;
    case 'M': mult = 1024.0 * 1024; end++; break;
    case 'G': mult = 1024.0 * 1024 * 1024; end++; break;
    case 'T': mult = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
  if (!isdigit ((unsigned char) arg[0]) || *end != '\0' || errno == ERANGE
      || !(v > 0))
    return cli_usage_error ("invalid --max-memory '%s' (expected a size such "
                            "as 512M or 4G)", arg);
  *bytes = v * mult;
  return CLI_EXIT_OK;
}

/* Three quarters of physical memory, or 4 GiB when it cannot be told.  */
static double
default_max_memory (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return 4.0 * 1024 * 1024 * 1024;
  return 0.75 * (double) pages * (double) size;
}

/* Report an option getopt_long refused, in our own words.  */
static int
bad_option (char **argv, int optopt_seen)
{
  const char *arg = argv[optind - 1];
  if (optopt_seen != 0 && isdigit (optopt_seen))
    return cli_usage_error ("army counts must not be negative: '%s'", arg);
  if (strncmp (arg, "--", 2) == 0)
    return cli_usage_error ("unrecognized or incomplete option '%s'", arg);
  return cli_usage_error ("invalid option -- '%c'", optopt_seen);
}

static int
parse_options (cli_opts_t *opts, int argc, char **argv, int *done)
{
  int c, rc = CLI_EXIT_OK;
  opterr = 0;
  while (rc == CLI_EXIT_OK
         && (c = getopt_long (argc, argv, short_options, long_options,
                              NULL)) != -1)
    switch (c)
      {
      case 'c': rc = parse_count (&opts->rules, optarg); break;
      case 'd': rc = parse_digits (&opts->digits, optarg); break;
      case 'f': rc = parse_format (&opts->format, optarg); break;
      case OPT_MAX_MEMORY: rc = parse_size (&opts->max_memory, optarg); break;
      case 'h': usage (); *done = 1; return CLI_EXIT_OK;
      case 'V': version (); *done = 1; return CLI_EXIT_OK;
      case ':':
        return cli_usage_error ("option '%s' requires an argument",
                                argv[optind - 1]);
      default:
        return bad_option (argv, optopt);
      }
  return rc;
}

/* Flush stdout and report a failed write: a full disk or a closed pipe
   must not pass for success.  */
static int
close_stdout (int status)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      cli_error ("error writing output: %s", strerror (errno));
      return CLI_EXIT_ERROR;
    }
  return status;
}

int
main (int argc, char **argv)
{
  cli_opts_t opts;
  int done = 0;

  ro_rules_init (&opts.rules);
  opts.digits = 20;
  opts.format = CLI_FORMAT_TEXT;
  opts.max_memory = default_max_memory ();

  int rc = parse_options (&opts, argc, argv, &done);
  if (rc != CLI_EXIT_OK || done)
    return close_stdout (rc);

  int nargs = argc - optind;
  char **args = argv + optind;
  if (nargs > 0 && strcmp (args[0], "round") == 0)
    rc = cmd_round (&opts, nargs - 1, args + 1);
  else
    rc = cmd_battle (&opts, nargs, args);
  return close_stdout (rc);
}
