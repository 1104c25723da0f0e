/* dispatch.h -- the driver of a program of subcommands: riskodds, riskodds-plot */

#ifndef DISPATCH_H
#define DISPATCH_H

#include <stddef.h>

#include "cli.h"

/* A subcommand: the word that names it, and what runs it.  RUN gets the
   options and the operands after the word; the entry named "" gets the
   commands that name no other entry, with all their operands (a battle
   A D).  LAUNCH, when set, is called instead with the command line as
   it was given, once its options have been parsed and checked, before
   -o's file is opened and the meter started: another program does the
   work (riskodds plot runs riskodds-plot), and its status is the
   program's.  */
typedef struct
{
  const char *name;
  int (*run) (const cli_opts_t *opts, int argc, char **argv);
  int (*launch) (int argc, char **argv);
} cli_sub_t;

/* The whole program over the N subcommands SUBS: the defaults, the
   options parsed and checked, riskodds help and --help, -o's file, the
   meter, the subcommand run; the exit status.  SUBS must have an entry
   named "".  */
int cli_main (int argc, char **argv, const cli_sub_t *subs, size_t n);

/* The run of 'riskodds batch', whose lines are answered by the
   subcommands of the table (an entry of a table, as
   {"batch", cli_batch, NULL}: batch reads CSV by default and shows no
   meter).  */
int cli_batch (const cli_opts_t *opts, int argc, char **argv);

/* The run of 'riskodds completion bash|zsh' (completion.c): the
   shell's completion script, made from the subcommands of the table
   and the option table.  */
int cli_completion (const cli_opts_t *opts, int argc, char **argv);

/* The subcommands of the table given to cli_main (*N of them).  */
const cli_sub_t *cli_dispatch_table (size_t *n);

/* For a caller of cli_batch_stream (the fuzz target of batch): the
   subcommands that answer the lines, and batch's hooks over them.  */
void cli_dispatch_subcommands (const cli_sub_t *subs, size_t n);
extern const cli_batch_hooks_t cli_batch_hooks;

#endif /* DISPATCH_H */
