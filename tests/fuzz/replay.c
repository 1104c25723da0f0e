/* replay.c -- feed every file of a fuzz corpus to a fuzz target, without
   libFuzzer: make check runs the targets over their corpus this way.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int
replay_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    {
      fprintf (stderr, "replay: %s: %s\n", path, strerror (errno));
      return 1;
    }
  size_t alloc = 4096, n = 0, got;
  uint8_t *buf = malloc (alloc);
  while (buf && (got = fread (buf + n, 1, alloc - n, f)) > 0)
    if ((n += got) == alloc)
      {
        uint8_t *t = realloc (buf, alloc *= 2);
        if (t == NULL)
          free (buf);
        buf = t;
      }
  int bad = buf == NULL || ferror (f);
  fclose (f);
  if (bad)
    {
      fprintf (stderr, "replay: %s: cannot read\n", path);
      free (buf);
      return 1;
    }
  /* A copy of exactly the file's size, so that the sanitizers see a
     read past its end.  */
  uint8_t *data = malloc (n ? n : 1);
  if (data == NULL)
    return 1;
  memcpy (data, buf, n);
  free (buf);
  LLVMFuzzerTestOneInput (data, n);
  free (data);
  return 0;
}

/* replay [DIR-OR-FILE...]; without arguments, CORPUS_DIR.  */
int
main (int argc, char **argv)
{
  const char *deflt[] = { CORPUS_DIR };
  const char **args = argc > 1 ? (const char **) argv + 1 : deflt;
  int nargs = argc > 1 ? argc - 1 : 1;
  int failed = 0;
  size_t count = 0;

  /* The targets print what the program prints: keep the log short.  */
  if (freopen ("/dev/null", "w", stdout) == NULL)
    return 99;
  for (int i = 0; i < nargs; i++)
    {
      DIR *dir = opendir (args[i]);
      if (dir == NULL)
        {
          if (errno != ENOTDIR)
            {
              fprintf (stderr, "replay: %s: %s\n", args[i], strerror (errno));
              failed = 1;
              continue;
            }
          failed |= replay_file (args[i]);
          count++;
          continue;
        }
      struct dirent *e;
      while ((e = readdir (dir)) != NULL)
        {
          if (e->d_name[0] == '.')
            continue;
          size_t len = strlen (args[i]) + strlen (e->d_name) + 2;
          char *path = malloc (len);
          if (path == NULL)
            return 99;
          snprintf (path, len, "%s/%s", args[i], e->d_name);
          failed |= replay_file (path);
          count++;
          free (path);
        }
      closedir (dir);
    }
  fprintf (stderr, "replay: %zu inputs%s\n", count, failed ? ", failed" : "");
  return failed ? 1 : count == 0 ? 1 : 0;
}
