/* progress.c -- telling the program how far a long call has come */

#include <config.h>

#include "riskodds-impl.h"

/* The hook is per thread, so that two threads of one program can run
   calls with different meters (or none) and worker threads started by
   the engines never report: only the thread that made the call does.  */
static __thread ro_progress_fn progress_fn;
static __thread void *progress_data;

void
ro_progress_set (ro_progress_fn fn, void *data)
{
  progress_fn = fn;
  progress_data = data;
}

void
ro_progress (double done, double total)
{
  if (progress_fn != NULL && total > 0)
    progress_fn (progress_data, done, total);
}
