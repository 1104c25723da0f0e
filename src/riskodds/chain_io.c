/* chain_io.c -- a chain's defender counts, read and printed (chain, needed) */

#include <config.h>

#include <stdlib.h>

#include "cli.h"

/* Parse the defender counts D1 .. Dk (each at least 1) into a new array.  */
unsigned long *
cli_parse_chain (int argc, char **argv)
{
  unsigned long *d = malloc ((size_t) argc * sizeof *d);
  if (d == NULL)
    {
      cli_error ("out of memory");
      return NULL;
    }
  for (int i = 0; i < argc; i++)
    if (cli_parse_armies (&d[i], argv[i], "defending armies") != CLI_EXIT_OK
        || (d[i] == 0
            && cli_usage_error ("a territory in a chain holds at least 1 "
                                "army: '%s'", argv[i])))
      {
        free (d);
        return NULL;
      }
  return d;
}

/* D1 .. Dk separated by SEP.  */
void
cli_print_chain (const unsigned long *d, size_t k, const char *sep)
{
  for (size_t i = 0; i < k; i++)
    printf ("%s%lu", i ? sep : "", d[i]);
}
