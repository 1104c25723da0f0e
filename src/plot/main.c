/* main.c -- riskodds-plot: the figures of riskodds plot, which riskodds runs */

#include <config.h>

#include "dispatch.h"

/* riskodds runs this program with its own command line once it has
   checked the options (src/riskodds/cmd_plot.c): the driver is the same,
   and so are the checks and the messages ("riskodds: ...").  */
static int
not_plot (const cli_opts_t *opts, int argc, char **argv)
{
  (void) opts;
  (void) argc;
  (void) argv;
  return cli_error ("riskodds-plot only draws the figures of 'riskodds "
                    "plot'");
}

static const cli_sub_t subcommands[] = {
  {"", not_plot, NULL},
  {"plot", cmd_plot, NULL}
};

int
main (int argc, char **argv)
{
  return cli_main (argc, argv, subcommands,
                   sizeof subcommands / sizeof subcommands[0]);
}
