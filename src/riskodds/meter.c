/* meter.c -- the progress meter of long runs, on standard error */

#include <config.h>

/* fopencookie */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* The library tells how far a long call has come (ro_progress_set);
   the meter turns that into one line on standard error, redrawn in
   place with '\r': "riskodds:  37% done, about 12 s left".  It shows
   only once a run has lasted DELAY seconds, redraws at most every
   REDRAW seconds, and is blanked out when the run ends and before
   anything else is written to the terminal, so that it never mixes with
   a message or with the output.  A run is one library call, or the
   calls a subcommand groups with cli_meter_part.  */

#define DELAY 1.0
#define REDRAW 0.2
#define ESTIMATE_AFTER 2.0      /* the first estimate worth telling */
#define LONG_RUN 60.0           /* estimates above this are told */
#define TICK 0.25               /* the ticker's wake-ups, real seconds */
#define REFRESH 1.0             /* the longest a shown line goes unchanged */

/* Never silent: a thread (the ticker) wakes every TICK and redraws the
   line when the library has said nothing for REFRESH, with the time
   gone by; when a run has passed the end its share foretold, or has
   told no share at all, the line says "working" and the time, never a
   number of seconds left that the run has already proved wrong.
   Between runs, while the program is busy (from cli_meter_start to
   cli_meter_end, but not while batch waits for its next line), the line
   says "working" too once DELAY has passed without output.  Everything
   below runs under LOCK.  */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct
{
  int on;
  double scale;                 /* RISKODDS_PROGRESS_SCALE: tests */
  double lo, span;              /* the part of the run the calls fill */
  int active;                   /* a run is under way */
  double start, last_draw, last;
  int told;                     /* the estimate was judged */
  size_t width;                 /* of the line shown, 0: none */
  int held;                     /* the library's reports ignored */
  int midline;                  /* the output on the meter's terminal
                                   has a line begun: no meter until it
                                   is ended, or '\r' would cut it */
  double last_report;           /* when the library last said something */
  double max_time;              /* --max-time, on the meter's clock */
  void (*overrun) (const char *, const char *); /* ends a run past it */
  double too_long;              /* a run's foreseen time beyond it, or 0 */
  int busy;                     /* the program is working */
  double since;                 /* since when */
  double quiet;                 /* since when, with no run and no output */
} m = { .span = 1, .scale = 1, .max_time = HUGE_VAL };

/* The width shown, for a signal handler; and what blanks it out.  */
static volatile sig_atomic_t shown;
static char blank[100];

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (t.tv_sec + t.tv_nsec / 1e9) * m.scale;
}

static void
meter_clear (void)
{
  if (m.width == 0)
    return;
  fprintf (stderr, "\r%*s\r", (int) m.width, "");
  fflush (stderr);
  m.width = 0;
  shown = 0;
}

void
cli_meter_clear (void)
{
  pthread_mutex_lock (&lock);
  meter_clear ();
  /* A message follows: the ticker waits before it draws again.  */
  m.last_draw = m.quiet = now ();
  pthread_mutex_unlock (&lock);
}

/* SECONDS for people: "12 s", "3 min", "2 h 5 min".  */
static void
duration (char *buf, size_t size, double seconds)
{
  double s = seconds + 0.5;
  if (s < 1)
    s = 1;                      /* "about 0 s" would be no estimate */
  if (s < 60)
    snprintf (buf, size, "%d s", (int) s);
  else if (s < 3600)
    snprintf (buf, size, "%d min", (int) (s / 60 + 0.5));
  else
    snprintf (buf, size, "%d h %d min", (int) (s / 3600),
              (int) (s / 60) % 60);
}

/* Say once, kept above the meter, that a run will take long.  */
static void
tell_estimate (double elapsed, double share)
{
  m.told = 1;
  if (share <= 0 || elapsed / share <= LONG_RUN)
    return;
  char t[32];
  duration (t, sizeof t, elapsed / share);
  meter_clear ();
  fprintf (stderr, "%s: this will take about %s\n", PACKAGE_NAME, t);
}

/* The line: SHARE done at SEEN seconds into the run, ELAPSED now.  The
   time left is what the rate so far gives from the last report, less
   the time since; once that is spent (the run is slower than its units
   said), or with no share yet, "working" and the time gone by: SHARE
   below 0 says no run, only the program busy.  */
static void
draw (double elapsed, double seen, double share)
{
  char line[96], t[32], e[32];
  int pct = (int) (share * 100);
  if (pct > 99)
    pct = 99;
  int n;
  double left = share > 0 ? seen * (1 - share) / share - (elapsed - seen)
    : -1;
  duration (e, sizeof e, elapsed);
  if (share < 0)
    n = snprintf (line, sizeof line, "%s: working, %s", PACKAGE_NAME, e);
  else if (share > 0 && left > 0)
    {
      duration (t, sizeof t, left);
      n = snprintf (line, sizeof line, "%s: %3d%% done, about %s left",
                    PACKAGE_NAME, pct, t);
    }
  else if (share > 0)
    n = snprintf (line, sizeof line, "%s: %3d%% done, working, %s",
                  PACKAGE_NAME, pct, e);
  else
    n = snprintf (line, sizeof line, "%s: working, %s", PACKAGE_NAME, e);
  size_t len = n > 0 ? (size_t) n : 0;
  /* Spaces over what a longer line left: no terminal codes needed.  */
  fprintf (stderr, "\r%s%*s", line,
           (int) (m.width > len ? m.width - len : 0), "");
  if (m.width > len)
    fprintf (stderr, "\r%s", line);
  fflush (stderr);
  m.width = len;
  shown = (sig_atomic_t) (len < sizeof blank - 2 ? len : sizeof blank - 2);
}

static void meter_report (double done, double total);

void
cli_meter_report (double done, double total)
{
  pthread_mutex_lock (&lock);
  meter_report (done, total);
  pthread_mutex_unlock (&lock);
}

static void
meter_report (double done, double total)
{
  if (!(total > 0) || (!m.on && m.max_time == HUGE_VAL))
    return;
  double share = m.lo + m.span * (done < total ? done / total : 1);
  double t = now ();
  m.last_report = t;
  /* A call that starts over is a new run; a share below the last by a
     rounding error (a part's end, lo + span * 1, against the next
     whole-call report i / n) is not: it restarted the clock of every
     split of fortify, which then never showed a meter.  */
  if (!m.active || share < m.last - 1e-9)
    {
      /* A new run (a call that starts over is a new one too).  */
      meter_clear ();
      m.active = 1;
      m.start = t;
      m.last_draw = 0;
      m.told = 0;
      m.last = share;
    }
  if (share > m.last)
    m.last = share;
  if (share >= 1)
    {
      meter_clear ();
      m.active = 0;
      m.quiet = t;
      return;
    }
  double elapsed = t - m.start;
  /* A run foreseen beyond --max-time ends: report () says so.  */
  if (elapsed >= ESTIMATE_AFTER && share > 0 && elapsed / share > m.max_time)
    {
      meter_clear ();
      m.too_long = elapsed / share;
      return;
    }
  if (!m.on || elapsed < DELAY || (m.width != 0 && t - m.last_draw < REDRAW)
      || m.midline)
    return;
  if (!m.told && elapsed >= ESTIMATE_AFTER && share > 0)
    tell_estimate (elapsed, share);
  draw (elapsed, elapsed, share);
  m.last_draw = t;
}

/* The ticker's turn: a run the library has said nothing of for REFRESH,
   or the program busy between runs for DELAY, is drawn anew.  */
static void
tick (void)
{
  if (!m.on || m.midline)
    return;
  double t = now ();
  if (t - m.last_draw < REFRESH)
    return;
  if (m.active)
    {
      double elapsed = t - m.start;
      if (elapsed >= DELAY && t - m.last_report >= REFRESH)
        {
          draw (elapsed, m.last_report - m.start, m.last);
          m.last_draw = t;
        }
    }
  else if (m.busy && t - m.quiet >= DELAY)
    {
      draw (t - m.since, 0, -1);
      m.last_draw = t;
    }
}

static void *
ticker (void *arg)
{
  (void) arg;
  struct timespec ts = { 0, (long) (TICK * 1e9) };
  for (;;)
    {
      nanosleep (&ts, NULL);
      pthread_mutex_lock (&lock);
      tick ();
      pthread_mutex_unlock (&lock);
    }
  return NULL;
}

void
cli_meter_idle (int idle)
{
  pthread_mutex_lock (&lock);
  if (idle)
    meter_clear ();
  m.busy = !idle;
  m.quiet = now ();
  if (!idle)
    m.since = m.quiet;
  pthread_mutex_unlock (&lock);
}

/* The library's hook: DONE of TOTAL of the current call.  A run
   foreseen beyond --max-time ends here, the library's call and all,
   by the dispatcher's OVERRUN (the program's own exit, -o's temporary
   file removed).  */
static void
report (void *data, double done, double total)
{
  (void) data;
  if (!m.held)
    cli_meter_report (done, total);
  if (m.too_long > 0)
    {
      char t[32], l[32];
      duration (t, sizeof t, m.too_long);
      duration (l, sizeof l, m.max_time);
      m.overrun (t, l);
    }
}

void
cli_meter_limit (double seconds, int given,
                 void (*overrun) (const char *estimate, const char *limit))
{
  m.overrun = overrun;
  const char *scale = getenv ("RISKODDS_PROGRESS_SCALE");
  if (scale != NULL && atof (scale) > 0)
    m.scale = atof (scale);
  /* The tests' clock makes short runs long: only a limit they give.  */
  if (m.scale != 1 && !given)
    seconds = HUGE_VAL;
  m.max_time = seconds;
}

void
cli_meter_hold (int hold)
{
  pthread_mutex_lock (&lock);
  m.held = hold;
  pthread_mutex_unlock (&lock);
}

void
cli_meter_part (double lo, double span)
{
  pthread_mutex_lock (&lock);
  m.lo = lo;
  m.span = span;
  pthread_mutex_unlock (&lock);
}

void
cli_meter_end (void)
{
  pthread_mutex_lock (&lock);
  m.lo = 0;
  m.span = 1;
  m.active = 0;
  m.busy = 0;
  meter_clear ();
  pthread_mutex_unlock (&lock);
}

#ifdef HAVE_FOPENCOOKIE
/* Standard output on the meter's terminal: the meter is blanked out
   before each write, so that the output starts at the left margin and
   no piece of the meter stays beside it.  */
static ssize_t
out_write (void *cookie, const char *buf, size_t size)
{
  (void) cookie;
  /* Under the lock: the ticker draws nothing between the blanking and
     the output.  */
  pthread_mutex_lock (&lock);
  meter_clear ();
  size_t done = 0;
  while (done < size)
    {
      ssize_t n = write (STDOUT_FILENO, buf + done, size - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      done += (size_t) n;
    }
  if (done > 0)
    m.midline = buf[done - 1] != '\n';
  m.quiet = now ();
  pthread_mutex_unlock (&lock);
  if (done < size && done == 0)
    return -1;
  return (ssize_t) done;
}

static int
share_terminal (void)
{
  cookie_io_functions_t io = { NULL, out_write, NULL, NULL };
  FILE *out = fopencookie (NULL, "w", io);
  if (out == NULL)
    return 0;
  setvbuf (out, NULL, _IOLBF, BUFSIZ);
  stdout = out;
  return 1;
}
#else
static int
share_terminal (void)
{
  return 0;
}
#endif

/* A signal that ends the program blanks the meter out first, so that
   the shell's prompt does not follow it on its line; then the handler
   that was there (cli.c's, which removes -o's temporary file) or the
   default action.  */
static struct sigaction old_action[4];
static const int stop_signals[4] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

static void
meter_abandon (int sig)
{
  if (shown > 0)
    {
      blank[shown + 1] = '\r';
      ssize_t n = write (STDERR_FILENO, blank, (size_t) shown + 2);
      (void) n;
    }
  for (int i = 0; i < 4; i++)
    if (stop_signals[i] == sig)
      sigaction (sig, &old_action[i], NULL);
  raise (sig);
}

static void
catch_signals (void)
{
  memset (blank, ' ', sizeof blank);
  blank[0] = '\r';
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = meter_abandon;
  sigemptyset (&sa.sa_mask);
  for (int i = 0; i < 4; i++)
    {
      sigaction (stop_signals[i], NULL, &old_action[i]);
      /* An ignored signal stays ignored (nohup).  */
      if (old_action[i].sa_handler != SIG_IGN)
        sigaction (stop_signals[i], &sa, NULL);
    }
}

void
cli_meter_start (int mode)
{
  m.on = mode > 0 || (mode == 0 && isatty (STDERR_FILENO));
  /* Output to the same screen goes through share_terminal; where that
     cannot be done the meter stays off unless --progress asks.  */
  if (m.on && isatty (STDOUT_FILENO) && !share_terminal () && mode == 0)
    m.on = 0;
  /* Off, the meter still foresees a run's time for --max-time.  */
  if (!m.on && m.max_time != HUGE_VAL)
    ro_progress_set (report, NULL);
  if (!m.on)
    return;
  const char *scale = getenv ("RISKODDS_PROGRESS_SCALE");
  if (scale != NULL && atof (scale) > 0)
    m.scale = atof (scale);
  catch_signals ();
  ro_progress_set (report, NULL);
  m.busy = 1;
  m.since = m.quiet = now ();
  /* Without the ticker the meter still follows the library's reports.  */
  pthread_t t;
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_BLOCK, &all, &old);  /* signals go to the caller */
  if (pthread_create (&t, NULL, ticker, NULL) == 0)
    pthread_detach (t);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
}
