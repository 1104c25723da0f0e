/* verify_io.c -- what verify and verify --samples share: files, tables */

#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A table file is read whole; more than this is not a table anyone
   published, and reading it could take the memory the check needs.  */
#define VERIFY_FILE_MAX (256UL * 1024 * 1024)

/* Read FILE ("-" for standard input) into a new buffer.  */
int
cli_verify_slurp (char **text, size_t *len, const char *file)
{
  FILE *f = strcmp (file, "-") == 0 ? stdin : fopen (file, "rb");
  if (f == NULL)
    return cli_error ("%s: %s", file, strerror (errno));
  size_t alloc = 65536, n = 0;
  char *buf = malloc (alloc);
  int rc = buf ? CLI_EXIT_OK : cli_error ("out of memory");
  while (rc == CLI_EXIT_OK)
    {
      if (n == alloc)
        {
          char *t = alloc >= VERIFY_FILE_MAX ? NULL
            : realloc (buf, alloc *= 2);
          if (t == NULL)
            {
              rc = cli_error ("%s: larger than %lu MiB: not read", file,
                              VERIFY_FILE_MAX >> 20);
              break;
            }
          buf = t;
        }
      size_t got = fread (buf + n, 1, alloc - n, f);
      n += got;
      if (got == 0)
        {
          if (ferror (f))
            rc = cli_error ("%s: %s", file, strerror (errno));
          break;
        }
    }
  if (f != stdin)
    fclose (f);
  if (rc != CLI_EXIT_OK)
    {
      free (buf);
      return rc;
    }
  *text = buf;
  *len = n;
  return CLI_EXIT_OK;
}

/* The read options of O.  */
void
cli_verify_read_options (ro_read_options_t *ro, const cli_opts_t *o)
{
  ro_read_options_init (ro);
  ro->layout = o->layout;
  ro->columns = o->columns;
  ro->percent = o->percent;
  ro->across = o->across;
  ro->first_row = o->first_row;
  ro->first_column = o->first_column;
}

/* Read the LEN bytes of TEXT, FILE's, into SHEET as RO says: a located
   message when it is not a table.  */
int
cli_verify_read_sheet (const char *file, const char *text, size_t len,
                       const ro_read_options_t *ro, ro_sheet_t *sheet)
{
  ro_read_error_t err;
  int lrc = ro_sheet_read (sheet, text, len, ro, &err);
  if (lrc == RO_ENOMEM)
    return cli_error ("%s: out of memory", file);
  if (lrc != RO_OK && err.line == 0)
    return cli_usage_error ("%s: %s", file, err.message);
  if (lrc != RO_OK)
    return cli_error ("%s:%lu:%lu: %s", file, err.line, err.column,
                      err.message);
  return CLI_EXIT_OK;
}
