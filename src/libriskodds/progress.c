/* progress.c -- telling the program how far a long call has come */

#include <config.h>

#include "riskodds-impl.h"

/* The hook is per thread, so that two threads of one program can run
   calls with different meters (or none) and worker threads started by
   the engines never report: only the thread that made the call does.  */
static __thread ro_progress_fn progress_fn;
static __thread void *progress_data;

/* The share of the whole call that the engine now reporting fills:
   [part_lo, part_lo + part_span) of [0, 1]; the whole call (0, 1)
   unless a caller made the engine one part of a longer call.  */
static __thread double part_lo;
static __thread double part_span = 1;

/* The last share a part reported: where one part ends and the next
   begins, part_lo + part_span * 1 and the next part_lo are the same
   share computed two ways, and may differ in the last bit.  */
static __thread double part_last;

void
ro_progress_set (ro_progress_fn fn, void *data)
{
  progress_fn = fn;
  progress_data = data;
}

void
ro_progress (double done, double total)
{
  if (progress_fn == NULL || !(total > 0))
    return;
  if (done > total)
    done = total;
  /* A whole call passes its own units on; a part is scaled into the
     whole, as shares of 1.  */
  if (part_lo == 0 && part_span == 1)
    progress_fn (progress_data, done, total);
  else
    {
      double share = part_lo + part_span * (done / total);
      /* A part may be scaled past the whole (a pass that stops before
         its last row, its share scaled to end there): never past 1.  */
      if (share > 1)
        share = 1;
      /* No step back by a rounding error (a new call starts at 0, far
         below).  */
      if (share < part_last && part_last - share < 1e-9)
        share = part_last;
      part_last = share;
      progress_fn (progress_data, share, 1);
    }
}

void
ro_progress_part (ro_progress_part_t *saved, double lo, double span)
{
  saved->lo = part_lo;
  saved->span = part_span;
  part_lo += part_span * lo;
  part_span *= span;
}

void
ro_progress_part_end (const ro_progress_part_t *saved)
{
  part_lo = saved->lo;
  part_span = saved->span;
}

/* Cell (i, j) of such a grid costs about i + j + 1: its numbers have
   about i + j words' worth of rounds in them, and a cell is a few
   multiply-adds of those numbers by small ones.  Rows 0 .. K - 1 sum
   to (D + 1) K (K + D + 1) / 2.  */
double
ro_progress_rows (double k, double d)
{
  return (d + 1) * k * (k + d + 1) / 2;
}
