/* grid.c -- every battle of a grid from one pass of the recursion, on
   one thread or several */

#include <config.h>

#include <pthread.h>
#include <stdlib.h>

#include "riskodds-impl.h"

/* State (f, d) of the recursion depends only on states (f - k, d - l)
   with k + l >= 1, k <= L (the most armies the attacker can lose in a
   round) and l >= 0: on the L rows below, and on its own row to the
   left.  So the columns 0..D_HI are cut into blocks, and block b of
   row f can be solved as soon as block b - 1 of row f and block b of
   row f - 1 are: a wavefront, one thread on block b of row f while
   another is on block b + 1 of row f - 1.  The thread that solved a
   block then reduces its reported cells and hands them to the caller's
   cell function, because the reduction (a gcd per cell) and the
   caller's conversion to text cost more than the recursion itself.
   The calling thread is one of the threads, and the only one to call
   the row function, in order, as rows are complete.

   The ring of rows (solver.c) holds R = L + 1 + LAG rows.  Row f
   overwrites row f - R, so it waits until every block has solved row
   f - R + L (the last row that reads it) and the row function has had
   row f - R, which also bounds the rows whose cells are reported but
   not yet through the row function to R (ro_battle_grid_window).
   Block 0 can run LAG rows ahead of the last block.

   Each state is computed by the same operations on the same children
   whatever the number of threads, so every value is identical.  */

/* How a grid is cut: THREADS threads (the caller's included) over
   BLOCKS blocks of columns, with a ring LAG rows longer than one
   thread needs.  */
typedef struct
{
  unsigned threads;
  unsigned long blocks, lag;
} shape_t;

/* THREADS 0 means the processors available.  One thread takes the
   whole row as one block, the order of the plain recursion.  More
   take four blocks per thread, so that a thread finds a block ready
   while the wavefront fills and the blocks' unequal costs (a cell costs
   about f + d) even out.  */
static void
grid_shape (shape_t *sh, unsigned long d_hi, unsigned threads)
{
  unsigned long cols = d_hi + 1;
  if (threads == 0)
    threads = ro_threads_available ();
  sh->blocks = threads <= 1 ? 1 : 4UL * threads;
  if (sh->blocks > cols)
    sh->blocks = cols;
  sh->threads = threads < sh->blocks ? threads : (unsigned) sh->blocks;
  sh->lag = sh->blocks > 1 ? sh->blocks : 0;
}

typedef struct grid grid_t;

/* A thread's own part: a view of the ring with its own work space, and
   the reduced value of the cell it reports.  */
typedef struct
{
  grid_t *g;
  ro_solver_t s;
  mpq_t win;
  pthread_t id;
  int started;
} worker_t;

struct grid
{
  const ro_model_t *model;
  ro_solver_t ring;
  shape_t sh;
  unsigned long a_lo, a_hi, f_lo, f_hi, d_lo, d_hi, L;
  unsigned long *first;         /* block b: columns first[b]..first[b+1]-1 */
  unsigned long *done;          /* block b has solved the rows below done[b] */
  unsigned char *busy;          /* block b's next row is being solved */
  unsigned long *left;          /* row f >= f_lo: its blocks still to
                                   report, at f % rows */
  unsigned long reporting;      /* blocks with reported columns */
  unsigned long next;           /* the next row for the row function */
  int rc;                       /* the first non-zero return */
  int stop;                     /* every row is through: threads leave */
  ro_battle_fn fn;
  ro_grid_row_fn row;
  void *data;
  worker_t *w;
  pthread_mutex_t lock;
  pthread_cond_t cond;
};

/* Whether the pass is stopping, read by a thread reporting cells
   without the lock (it is written under the lock).  */
static int
stopping (grid_t *g)
{
  return __atomic_load_n (&g->rc, __ATOMIC_RELAXED) != 0;
}

static void
set_rc (grid_t *g, int rc)
{
  if (rc != 0 && g->rc == 0)
    __atomic_store_n (&g->rc, rc, __ATOMIC_RELAXED);
}

/* A block whose next row can be solved now, under the lock: the one
   furthest behind first, as the last blocks hold the rest back; -1
   when none can.  */
static long
pick (const grid_t *g)
{
  unsigned long rows = g->ring.rows, last = g->sh.blocks - 1;
  for (unsigned long b = g->sh.blocks; b-- > 0;)
    {
      unsigned long f = g->done[b];
      if (g->busy[b] || f > g->f_hi)
        continue;
      if (b > 0 && g->done[b - 1] <= f)
        continue;               /* its left neighbour first */
      if (f >= rows)
        {
          unsigned long old = f - rows;     /* the row F overwrites */
          if (g->done[last] <= old + g->L)
            continue;           /* still read by a block behind */
          if (old >= g->f_lo && g->next <= old)
            continue;           /* not yet through the row function */
        }
      return (long) b;
    }
  return -1;
}

/* Solve the next row of block B and report its cells, on W's view;
   called and returns with the lock held.  */
static void
run_block (grid_t *g, worker_t *w, unsigned long b)
{
  unsigned long f = g->done[b];
  g->busy[b] = 1;
  pthread_mutex_unlock (&g->lock);
  for (unsigned long j = g->first[b]; j < g->first[b + 1]; j++)
    ro_solve_state (&w->s, f, j);
  pthread_mutex_lock (&g->lock);
  g->done[b] = f + 1;
  g->busy[b] = 0;
  pthread_cond_broadcast (&g->cond);

  unsigned long lo = g->first[b] > g->d_lo ? g->first[b] : g->d_lo;
  unsigned long hi = g->first[b + 1] <= g->d_hi ? g->first[b + 1]
    : g->d_hi + 1;
  if (f < g->f_lo || lo >= hi)
    return;
  pthread_mutex_unlock (&g->lock);
  int rc = 0;
  for (unsigned long j = lo; j < hi && rc == 0 && !stopping (g); j++)
    {
      ro_solver_get_q (w->win, &w->s, ro_solver_cell (&w->s, f, j));
      rc = g->fn (g->data, g->a_lo + (f - g->f_lo), j, w->win);
    }
  pthread_mutex_lock (&g->lock);
  set_rc (g, rc);
  if (--g->left[f % g->ring.rows] == 0)
    pthread_cond_broadcast (&g->cond);
}

/* A thread other than the caller's: blocks until the pass is over.  */
static void *
work (void *arg)
{
  worker_t *w = arg;
  grid_t *g = w->g;
  pthread_mutex_lock (&g->lock);
  while (!g->stop && g->rc == 0)
    {
      long b = pick (g);
      if (b >= 0)
        run_block (g, w, (unsigned long) b);
      else
        pthread_cond_wait (&g->cond, &g->lock);
    }
  pthread_mutex_unlock (&g->lock);
  return NULL;
}

/* The calling thread: the row function for every complete row, in
   order, and blocks in between; then the others are told to leave.  */
static void
lead (grid_t *g, worker_t *w)
{
  ro_progress (0, ro_progress_rows ((double) g->f_hi + 1, (double) g->d_hi));
  pthread_mutex_lock (&g->lock);
  while (g->rc == 0 && g->next <= g->f_hi)
    {
      unsigned long f = g->next;
      if (g->left[f % g->ring.rows] == 0)
        {
          pthread_mutex_unlock (&g->lock);
          int rc = g->row ? g->row (g->data, g->a_lo + (f - g->f_lo)) : 0;
          /* Rows cost more as the numbers grow: rows of units.  */
          ro_progress (ro_progress_rows ((double) f + 1, (double) g->d_hi),
                       ro_progress_rows ((double) g->f_hi + 1,
                                         (double) g->d_hi));
          pthread_mutex_lock (&g->lock);
          set_rc (g, rc);
          g->left[f % g->ring.rows] = g->reporting;
          g->next = f + 1;
          pthread_cond_broadcast (&g->cond);
          continue;
        }
      long b = pick (g);
      if (b >= 0)
        run_block (g, w, (unsigned long) b);
      else
        pthread_cond_wait (&g->cond, &g->lock);
    }
  g->stop = 1;
  pthread_cond_broadcast (&g->cond);
  pthread_mutex_unlock (&g->lock);
}

/* Start the other threads with every signal blocked, so that signals
   keep going to the caller's threads; a thread the system refuses is
   done without (the others and the caller share its work).  */
static void
start_workers (grid_t *g)
{
  for (unsigned t = 1; t < g->sh.threads; t++)
    g->w[t].started = ro_thread_start (&g->w[t].id, work, &g->w[t]);
}

static void
join_workers (grid_t *g)
{
  for (unsigned t = 1; t < g->sh.threads; t++)
    if (g->w[t].started)
      pthread_join (g->w[t].id, NULL);
}

static void
grid_free (grid_t *g)
{
  free (g->first);
  free (g->done);
  free (g->busy);
  free (g->left);
  free (g->w);
}

/* One view's parts: a view of the ring, its reduced value, and the
   policies' work space when the rules optimize.  */
static void
view_close (worker_t *w)
{
  ro_policy_close (&w->s);
  ro_solver_view_clear (&w->s);
  mpq_clear (w->win);
}

/* A view of the ring for each thread; on failure none is left.  */
static int
views_open (grid_t *g)
{
  int rc = RO_OK;
  unsigned t;
  for (t = 0; t < g->sh.threads; t++)
    {
      worker_t *w = &g->w[t];
      w->g = g;
      ro_solver_view (&w->s, &g->ring);
      mpq_init (w->win);
      if (g->model->c.optimizing)
        rc = ro_policy_open (&w->s);
      if (rc != RO_OK)
        {
          view_close (w);
          break;
        }
    }
  if (rc != RO_OK)
    while (t-- > 0)
      view_close (&g->w[t]);
  return rc;
}

static void
views_close (grid_t *g)
{
  for (unsigned t = 0; t < g->sh.threads; t++)
    view_close (&g->w[t]);
}

/* The blocks, the counters and the threads' parts of G (whose shape is
   set); on failure nothing is left to free.  */
static int
grid_alloc (grid_t *g)
{
  unsigned long nb = g->sh.blocks, rows = g->ring.rows;
  g->first = malloc ((nb + 1) * sizeof *g->first);
  g->done = calloc (nb, sizeof *g->done);
  g->busy = calloc (nb, 1);
  g->left = malloc (rows * sizeof *g->left);
  g->w = calloc (g->sh.threads, sizeof *g->w);
  if (!g->first || !g->done || !g->busy || !g->left || !g->w)
    {
      grid_free (g);
      return RO_ENOMEM;
    }
  unsigned long cols = g->d_hi + 1;
  g->reporting = 0;
  for (unsigned long b = 0; b <= nb; b++)
    g->first[b] = b * (cols / nb) + (b < cols % nb ? b : cols % nb);
  for (unsigned long b = 0; b < nb; b++)
    g->reporting += g->first[b + 1] > g->d_lo && g->first[b] <= g->d_hi;
  for (unsigned long i = 0; i < rows; i++)
    g->left[i] = g->reporting;
  return RO_OK;
}

/* The ring of G's model, with the rows in flight.  */
static int
grid_open (grid_t *g)
{
  int rc = ro_solver_init_rows (&g->ring, g->model, g->d_hi, g->sh.lag);
  if (rc != RO_OK)
    return rc;
  g->L = g->model->c.max_loss;
  g->f_lo = ro_model_fighting (g->model, g->a_lo);
  g->f_hi = ro_model_fighting (g->model, g->a_hi);
  g->next = g->f_lo;
  rc = grid_alloc (g);
  if (rc == RO_OK)
    {
      rc = views_open (g);
      if (rc != RO_OK)
        grid_free (g);
    }
  if (rc != RO_OK)
    ro_solver_clear (&g->ring);
  return rc;
}

static void
grid_close (grid_t *g)
{
  views_close (g);
  grid_free (g);
  ro_solver_clear (&g->ring);
}

int
ro_battle_grid_threads (const ro_rules_t *rules, unsigned long a_lo,
                        unsigned long a_hi, unsigned long d_lo,
                        unsigned long d_hi, unsigned threads,
                        ro_battle_fn fn, ro_grid_row_fn row, void *data)
{
  if (threads > RO_THREADS_MAX)
    return RO_EINVAL;
  int rc = ro_check_grid (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc != RO_OK)
    return rc;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  rc = ro_grid_run (&model, a_lo, a_hi, d_lo, d_hi, threads, fn, row, data);
  ro_model_clear (&model);
  return rc;
}

int
ro_grid_run (const ro_model_t *model, unsigned long a_lo, unsigned long a_hi,
             unsigned long d_lo, unsigned long d_hi, unsigned threads,
             ro_battle_fn fn, ro_grid_row_fn row, void *data)
{
  grid_t g = { .model = model, .a_lo = a_lo, .a_hi = a_hi, .d_lo = d_lo,
    .d_hi = d_hi, .fn = fn, .row = row, .data = data
  };
  grid_shape (&g.sh, d_hi, threads);
  int rc = grid_open (&g);
  if (rc != RO_OK)
    return rc;
  /* With one thread no other thread starts and the lock is never
     contended, but the same code runs.  */
  pthread_mutex_init (&g.lock, NULL);
  pthread_cond_init (&g.cond, NULL);
  start_workers (&g);
  lead (&g, &g.w[0]);
  join_workers (&g);
  pthread_cond_destroy (&g.cond);
  pthread_mutex_destroy (&g.lock);
  rc = g.rc;
  grid_close (&g);
  return rc;
}

int
ro_battle_grid (const ro_rules_t *rules, unsigned long a_lo,
                unsigned long a_hi, unsigned long d_lo, unsigned long d_hi,
                ro_battle_fn fn, void *data)
{
  return ro_battle_grid_threads (rules, a_lo, a_hi, d_lo, d_hi, 1, fn, NULL,
                                 data);
}

unsigned long
ro_battle_grid_window (const ro_rules_t *rules, unsigned long d_hi,
                       unsigned threads)
{
  shape_t sh;
  grid_shape (&sh, d_hi, threads > RO_THREADS_MAX ? RO_THREADS_MAX : threads);
  return ro_rules_max_attacker_loss (rules) + 1 + sh.lag;
}

int
ro_battle_grid_memory (double *bytes, const ro_rules_t *rules,
                       unsigned long a, unsigned long d, unsigned threads)
{
  if (threads > RO_THREADS_MAX)
    return RO_EINVAL;
  int rc = ro_check_battle (rules, a, d);
  if (rc != RO_OK)
    return rc;
  shape_t sh;
  grid_shape (&sh, d, threads);
  return ro_solver_memory_rows (bytes, rules, a, d, sh.lag, sh.threads - 1);
}
