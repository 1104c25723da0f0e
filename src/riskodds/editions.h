/* editions.h -- the editions and house rules that --edition names */

#ifndef EDITIONS_H
#define EDITIONS_H

#include <stddef.h>

/* An edition: the rule options that model its battles, as words of the
   command line ("--defend-bonus 1 --clamp"; "" for none), and where its
   rules come from.  The options are parsed by their own parsers
   (options.c, cli_edition_apply), so an edition may use any rule option
   there is.  */
typedef struct cli_edition
{
  const char *name;             /* --edition NAME */
  const char *title;            /* a few words, in the outputs' headers */
  const char *options;          /* the rule options it stands for */
  const char *source;           /* the rulebook or where the rule is */
} cli_edition_t;

/* The names of the editions, for the shell completion of --edition
   (options.c); the same as the table's, which riskodds completion
   checks.  */
#define CLI_EDITION_WORDS                                              \
  "standard risiko capital legacy-bunker legacy-fortification "         \
  "legacy-ammo-shortage lotr-leader lotr-leader-defending "             \
  "lotr-stronghold lotr-leader-stronghold zombies 2210-station "       \
  "2210-commander 2210-defending-commander"

/* The editions, in the order 'riskodds editions' lists them.  */
size_t cli_editions_n (void);
const cli_edition_t *cli_edition_at (size_t i);

/* The edition named NAME; NULL after a usage error that suggests the
   nearest name (or lists them all) when there is none.  */
const cli_edition_t *cli_edition_find (const char *name);

#endif /* EDITIONS_H */
