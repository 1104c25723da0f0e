/* threads.c -- the processors a computation may use, and its worker
   threads started apart from the caller's signals */

#ifndef _GNU_SOURCE
# define _GNU_SOURCE            /* sched_getaffinity, CPU_COUNT */
#endif
#include <config.h>

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include "riskodds-impl.h"

unsigned
ro_threads_available (void)
{
  long n = 0;
#ifdef HAVE_SCHED_GETAFFINITY
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0)
    n = CPU_COUNT (&set);
#endif
  if (n <= 0)
    n = sysconf (_SC_NPROCESSORS_ONLN);
  if (n <= 0)
    n = 1;
  return n > RO_THREADS_MAX ? RO_THREADS_MAX : (unsigned) n;
}

/* Every signal is blocked while the thread is made, and so in the thread
   itself: signals keep going to the caller's threads (the program's
   -o removes its temporary file on SIGINT in the thread that gets it).  */
int
ro_thread_start (pthread_t *id, void *(*fn) (void *), void *arg)
{
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  int ok = pthread_create (id, NULL, fn, arg) == 0;
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  return ok;
}
