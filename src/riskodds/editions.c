/* editions.c -- the editions and house rules by name: the library's table, found or suggested */

#include <config.h>

#include "cli.h"
#include "editions.h"

/* The table is the library's (ro_edition_at); the program adds the
   usage error that suggests the nearest name.  */

const ro_edition_t *
cli_edition_find (const char *name)
{
  const ro_edition_t *e = ro_edition_find (name);
  const char *names[64];
  size_t n = 0;
  if (e != NULL)
    return e;
  for (size_t i = 0; i < ro_edition_count () && n < 64; i++)
    names[n++] = ro_edition_at (i)->name;
  const char *near = cli_suggest (name, names, n);
  if (near != NULL)
    cli_usage_error ("unknown edition '%s'; did you mean '%s'? ('riskodds "
                     "editions' lists them)", name, near);
  else
    cli_usage_error ("unknown edition '%s' (expected one of: %s; "
                     "'riskodds editions' lists them)", name,
                     CLI_EDITION_WORDS);
  return NULL;
}
