/* fuzz_options.c -- fuzz target: the program's option parser */

#include <config.h>

#include <ctype.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz.h"
#include "options.h"

#define MAX_ARGS 64

/* The input is an argument vector, one argument per line (without the
   program's name): "--digits\n100\n18\n6".  Only the options are parsed
   and checked, as main does before it runs anything; the operands of a
   battle are parsed too.  Nothing is computed.  */
int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 4096)
    return 0;
  char *buf = malloc (size + 1);
  if (buf == NULL)
    return 0;
  memcpy (buf, data, size);
  buf[size] = '\0';

  char *argv[MAX_ARGS + 2];
  int argc = 0;
  argv[argc++] = (char *) "riskodds";
  for (char *p = buf; argc <= MAX_ARGS;)
    {
      char *nl = strchr (p, '\n');
      argv[argc++] = p;
      if (nl == NULL)
        break;
      *nl = '\0';
      p = nl + 1;
    }
  argv[argc] = NULL;

  cli_opts_t opts;
  fuzz_default_options (&opts);
  int done = 0;
  optind = 0;                   /* getopt_long starts afresh */
  int rc = cli_check_negative_operands (argc, argv);
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_options (&opts, argc, argv, &done);
  if (rc == CLI_EXIT_OK && !done)
    {
      int nargs = argc - optind;
      char **args = argv + optind;
      const char *sub = nargs > 0 && isalpha ((unsigned char) args[0][0])
        ? args[0] : "";
      rc = cli_check_applicable (&opts, sub);
      unsigned long a, d;
      if (rc == CLI_EXIT_OK && *sub == '\0')
        cli_parse_battle (&opts, nargs, args, &a, &d);
    }
  fflush (stdout);
  free (buf);
  return 0;
}
