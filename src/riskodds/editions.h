/* editions.h -- the editions and house rules that --edition names */

#ifndef EDITIONS_H
#define EDITIONS_H

#include <riskodds.h>

/* The editions are the library's table (ro_edition_count,
   ro_edition_at, ro_edition_rules): each holds the rule options that
   model its battles as words of the command line, which
   'riskodds editions' prints and ro_edition_rules reads.  */

/* The names of the editions, for the shell completion of --edition
   (options.c); the same as the table's, which riskodds completion
   checks.  */
#define CLI_EDITION_WORDS                                              \
  "standard risiko capital legacy-bunker legacy-fortification "         \
  "legacy-ammo-shortage lotr-leader lotr-leader-defending "             \
  "lotr-stronghold lotr-leader-stronghold zombies 2210-station "       \
  "2210-commander 2210-defending-commander"

/* The edition named NAME; NULL after a usage error that suggests the
   nearest name (or lists them all) when there is none.  */
const ro_edition_t *cli_edition_find (const char *name);

#endif /* EDITIONS_H */
