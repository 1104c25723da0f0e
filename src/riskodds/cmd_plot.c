/* cmd_plot.c -- riskodds plot: runs riskodds-plot, which draws with cairo */

#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifdef HAVE_CAIRO

/* riskodds itself links no cairo: the figures are drawn by
   riskodds-plot, which gets the command line as it was given once
   riskodds has checked its options (its help, its errors are
   riskodds's).  Where it is: $RISKODDS_PLOT (for tests); beside a
   riskodds run from the build tree (src/riskodds/riskodds, which libtool
   runs as src/riskodds/.libs/riskodds, and src/plot/riskodds-plot);
   else where make install put it.  */

#define PLOT_PROGRAM "riskodds-plot"

/* The build tree's riskodds-plot into BUF when this riskodds runs from
   a build tree (and that one can be run); 0 else.  */
static int
build_tree_program (char *buf, size_t size)
{
  char exe[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return 0;
  exe[n] = '\0';
  char *slash = strrchr (exe, '/');
  if (slash == NULL)
    return 0;
  *slash = '\0';
  size_t len = strlen (exe);
  if (len >= 6 && strcmp (exe + len - 6, "/.libs") == 0)
    exe[len - 6] = '\0';
  int w = snprintf (buf, size, "%s/../plot/" PLOT_PROGRAM, exe);
  return w > 0 && (size_t) w < size && access (buf, X_OK) == 0;
}

int
cmd_plot_launch (int argc, char **argv)
{
  (void) argc;
  char path[PATH_MAX + 32];
  const char *env = getenv ("RISKODDS_PLOT");
  if (env != NULL && *env != '\0')
    snprintf (path, sizeof path, "%s", env);
  else if (!build_tree_program (path, sizeof path))
    snprintf (path, sizeof path, "%s", PKGLIBEXECDIR "/" PLOT_PROGRAM);
  fflush (NULL);
  execv (path, argv);
  return cli_error ("cannot run %s: %s", path, strerror (errno));
}

#else /* !HAVE_CAIRO */

int
cmd_plot (const cli_opts_t *o, int argc, char **argv)
{
  (void) o;
  (void) argc;
  (void) argv;
  return cli_error ("this riskodds has no plotting: cairo was missing when "
                    "it was configured (Debian: apt-get install "
                    "libcairo2-dev, then ./configure and make again)");
}

#endif /* HAVE_CAIRO */
