/* main.c -- the riskodds program: its subcommands, by the word that names them */

#include <config.h>

#include "dispatch.h"

/* A command that names none of these is a battle, A D.  plot draws with
   cairo in a program of its own, riskodds-plot, which the launcher runs
   once the command line has passed riskodds's own checks; a riskodds
   configured without cairo says it cannot draw.  */
static const cli_sub_t subcommands[] = {
  {"", cmd_battle, NULL},
  {"round", cmd_round, NULL},
  {"game", cmd_game, NULL},
  {"binomial", cmd_binomial, NULL},
  {"chain", cmd_chain, NULL},
  {"needed", cmd_needed, NULL},
  {"table", cmd_table, NULL},
  {"fortify", cmd_fortify, NULL},
  {"verify", cmd_verify, NULL},
  {"policy", cmd_policy, NULL},
  {"editions", cmd_editions, NULL},
#ifdef HAVE_CAIRO
  {"plot", NULL, cmd_plot_launch},
#else
  {"plot", cmd_plot, NULL},
#endif
  {"batch", cli_batch, NULL},
  {"completion", cli_completion, NULL}
};

int
main (int argc, char **argv)
{
  return cli_main (argc, argv, subcommands,
                   sizeof subcommands / sizeof subcommands[0]);
}
