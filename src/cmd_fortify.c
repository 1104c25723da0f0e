/* cmd_fortify.c -- riskodds fortify: the defender's best split */

#include <config.h>

#include "cli.h"

int
cmd_fortify (const cli_opts_t *o, int argc, char **argv)
{
  (void) o; (void) argc; (void) argv;
  return cli_error ("not yet");
}
