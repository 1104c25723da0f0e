/* cmd_float.c -- riskodds verify --float: what double precision loses */

#include <config.h>

#include "cli.h"

int
cmd_verify_float (const cli_opts_t *o, int argc, char **argv)
{
  (void) o; (void) argc; (void) argv;
  return cli_error ("not yet");
}
