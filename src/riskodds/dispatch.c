/* dispatch.c -- the driver of a program of subcommands: options, help, -o, meter, run */

#include <config.h>

#include <math.h>

#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "editions.h"
#include "options.h"

/* The subcommands of the program (cli_main's table).  */
static const cli_sub_t *subcommands;
static size_t n_subcommands;

void
cli_dispatch_subcommands (const cli_sub_t *subs, size_t n)
{
  subcommands = subs;
  n_subcommands = n;
}

const cli_sub_t *
cli_dispatch_table (size_t *n)
{
  *n = n_subcommands;
  return subcommands;
}

/* The entry of the subcommand SUB, and whether SUB named it (else it is
   the entry "", which takes every command that names no other).  */
static const cli_sub_t *
find (const char *sub, int *named)
{
  const cli_sub_t *fallback = NULL;
  *named = 0;
  for (size_t i = 0; i < n_subcommands; i++)
    if (*subcommands[i].name == '\0')
      fallback = &subcommands[i];
    else if (strcmp (sub, subcommands[i].name) == 0)
      {
        *named = 1;
        return &subcommands[i];
      }
  return fallback;
}

/* The headers of the outputs name the edition of O, or none.  */
static void
name_edition (const cli_opts_t *o)
{
  if (o->edition != NULL)
    cli_set_edition (o->edition->name, o->edition->title,
                     o->edition_changed);
  else
    cli_set_edition (NULL, NULL, 0);
}

/* Run SUB with the operands ARGS (the subcommand's name first, when it
   has one).  */
static int
run (const cli_opts_t *o, const char *sub, int nargs, char **args)
{
  int named;
  name_edition (o);
  const cli_sub_t *s = find (sub, &named);
  if (s == NULL || s->run == NULL)
    return cli_error ("'%s' does not answer a line of a batch", sub);
  return named ? s->run (o, nargs - 1, args + 1) : s->run (o, nargs, args);
}

/* The options of ARGV into OPTS, as a command line gives them: the
   negative operands refused first; --help and --version printed (*DONE
   set).  */
static int
parse_command_line (cli_opts_t *opts, int argc, char **argv, int *done)
{
  int rc = cli_check_negative_operands (argc, argv);
  if (rc == CLI_EXIT_OK)
    rc = cli_parse_options (opts, argc, argv, done);
  if (*done == 'h')
    cli_help_args (argc, argv);
  else if (*done == 'V')
    cli_version ();
  return rc;
}

/* The subcommand named by the operands ARGS: their first word when it
   starts with a letter, else "" (a battle's A).  */
static const char *
sub_of (int nargs, char **args)
{
  return nargs > 0 && isalpha ((unsigned char) args[0][0]) ? args[0] : "";
}

/* One line of 'riskodds batch' (cli_batch_hooks_t): its options over
   those of the batch, parsed afresh (optind 0 restarts getopt_long).  */
static int
batch_parse (cli_opts_t *opts, const cli_opts_t *base, int argc,
             char **argv, const char **sub, int *nargs, char ***args)
{
  int done = 0;
  *opts = *base;
  optind = 0;
  int rc = parse_command_line (opts, argc, argv, &done);
  if (rc != CLI_EXIT_OK)
    return rc;
  if (done)
    return cli_usage_error ("--help and --version do not answer a line of "
                            "a batch");
  if (opts->format != base->format)
    return cli_usage_error ("--format is the batch's, not a line's");
  if (opts->output != base->output)
    return cli_usage_error ("-o is the batch's, not a line's");
  *nargs = argc - optind;
  *args = argv + optind;
  *sub = sub_of (*nargs, *args);
  /* plot writes a figure to -o FILE, which is the batch's; completion
     a script, no answer.  */
  if (strcmp (*sub, "batch") == 0 || strcmp (*sub, "help") == 0
      || strcmp (*sub, "plot") == 0 || strcmp (*sub, "completion") == 0
      || strcmp (*sub, "editions") == 0)
    return cli_usage_error ("'%s' does not answer a line of a batch", *sub);
  return cli_check_applicable (opts, *sub);
}

const cli_batch_hooks_t cli_batch_hooks = { batch_parse, run };

int
cli_batch (const cli_opts_t *opts, int argc, char **argv)
{
  return cmd_batch (opts, argc, argv, &cli_batch_hooks);
}

/* The subcommand named on the command line, if any, for the hint of a
   usage error: options may come before it, so it is looked for before
   they are parsed (an option's argument is never a subcommand's name).  */
static void
guess_help_topic (int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    for (size_t k = 0; k < n_subcommands; k++)
      if (*subcommands[k].name != '\0'
          && strcmp (argv[i], subcommands[k].name) == 0)
        {
          cli_set_help_topic (subcommands[k].name);
          return;
        }
}

/* riskodds help [SUB] */
static int
help (int nargs, char **args)
{
  if (nargs > 2)
    return cli_usage_error ("'help' takes one subcommand");
  if (nargs == 2)
    return cli_help (args[1]);
  cli_usage ();
  return CLI_EXIT_OK;
}

/* A run foreseen beyond --max-time (the meter's OVERRUN): the message,
   then the program's exit, -o's temporary file removed.  */
static void
max_time_overrun (const char *estimate, const char *limit)
{
  cli_error ("this run would take about %s, more than the limit of %s "
             "(see --max-time)", estimate, limit);
  exit (cli_output_finish (CLI_EXIT_ERROR));
}

/* The command line's subcommand S, named when NAMED, with the options
   O and the operands ARGS, once the options are parsed: checked, then
   launched with the command line as given (ARGC, GIVEN), or run with
   -o's file and the meter.  */
static int
start (cli_opts_t *o, const cli_sub_t *s, int named, int nargs, char **args,
       int argc, char **given)
{
  const char *sub = named ? s->name : sub_of (nargs, args);
  int batch = named && s->run == cli_batch;
  if (batch)
    {
      /* CSV by default; the meter would only get in the way.  */
      if (!o->format_given)
        o->format = CLI_FORMAT_CSV;
      o->progress = -1;
    }
  int rc = batch ? CLI_EXIT_OK : cli_check_applicable (o, sub);
  if (rc == CLI_EXIT_OK && s->launch != NULL)
    return s->launch (argc, given);
  if (rc == CLI_EXIT_OK && o->output && strcmp (o->output, "-") != 0)
    rc = cli_output_start (o->output);
  if (rc != CLI_EXIT_OK)
    return rc;
  /* A batch's lines are each their own run: none ends the batch.  */
  cli_meter_limit (batch ? HUGE_VAL : o->max_time, o->max_time_given,
                   max_time_overrun);
  cli_meter_start (o->progress);
  name_edition (o);
  return named ? s->run (o, nargs - 1, args + 1) : s->run (o, nargs, args);
}

int
cli_main (int argc, char **argv, const cli_sub_t *subs, size_t n)
{
  cli_opts_t opts;
  int done = 0;

  cli_std_open ();
  cli_dispatch_subcommands (subs, n);
  cli_options_default (&opts);
  guess_help_topic (argc, argv);
  /* getopt_long moves the operands after the options: a launched
     program gets the command line as it was given.  */
  char **given = malloc ((size_t) (argc + 1) * sizeof *given);
  if (given == NULL)
    return cli_output_finish (cli_error ("out of memory"));
  memcpy (given, argv, (size_t) (argc + 1) * sizeof *given);
  int rc = parse_command_line (&opts, argc, argv, &done);
  if (rc == CLI_EXIT_OK && !done && opts.compare)
    rc = cli_parse_compare (&opts);
  if (rc == CLI_EXIT_OK && !done)
    {
      int nargs = argc - optind, named;
      char **args = argv + optind;
      if (strcmp (sub_of (nargs, args), "help") == 0)
        rc = help (nargs, args);
      else
        {
          const cli_sub_t *s = find (sub_of (nargs, args), &named);
          rc = start (&opts, s, named, nargs, args, argc, given);
        }
    }
  free (given);
  return cli_output_finish (rc);
}
