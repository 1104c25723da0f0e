/* interval.c -- certified decimals of a grid, by interval arithmetic */

#include <config.h>

#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <mpfr.h>

#include "riskodds-impl.h"

/* A user who asks for ten digits of a million battles never sees their
   fractions, and turning fractions of a million bits into ten digits,
   cell after cell, is nearly all of an exact table's time.  Here the
   recursion of recursion.c runs on enclosures instead: every state holds a
   lower and an upper bound of its probability, binary floats of
   precision p, the lower one computed with every operation rounded
   downwards and the upper one upwards.  Every term is a product of
   non-negative numbers, so no interval arithmetic beyond directed
   rounding is needed, and the enclosures are rigorous whatever p is.

   A state's relative width grows by at most (outcomes + 1) ulps per
   round, so p = the bits of the digits asked for + log2 of the rounds +
   guard bits leaves almost every cell's enclosure inside one rounding
   interval of the decimal; a cell whose enclosure touches a rounding
   boundary (a value within 2^-guard of a tie, or exactly a tie) is
   settled by the exact engines (ro_engine_win), so that the text is
   always the one the exact value gives: ro_q_get_decimal's or
   ro_q_get_fixed's.  Exponents are MPFR's (down to about 10^-300000000),
   so values far below a double's range keep their digits; and a value
   within 10^-300 of 1 needs no 1 - P, since rounding to a fixed number
   of significant digits near 1 is an absolute question.  */

/* Guard bits beyond the digits and the growth: the chance that a cell
   needs the exact engines is about 2^-GUARD_BITS.  */
#define GUARD_BITS 24

/* A state's enclosure: lo <= P <= hi.  */
struct ro_enclosure
{
  mpfr_t lo, hi;
};
typedef struct ro_enclosure iv_t;

typedef struct
{
  const ro_model_t *model;
  unsigned long rows, cols;
  iv_t *cell;                   /* ring of ROWS rows of COLS states */
  /* The outcomes' probabilities, rounded down and up, per dice pair.  */
  mpfr_t p[RO_DICE_MAX + 1][RO_DICE_MAX + 1][RO_STEP_MAX][2];
  mpfr_prec_t prec;
} iv_solver_t;

static iv_t *
iv_cell (iv_solver_t *s, unsigned long f, unsigned long d)
{
  return &s->cell[(f % s->rows) * s->cols + d];
}

/* The step's outcome probabilities COUNT / (sides^na sides^nd), each
   correctly rounded down and up.  */
static void
iv_probabilities (iv_solver_t *s, unsigned na, unsigned nd)
{
  const ro_rules_t *r = &s->model->rules;
  const ro_step_t *st = &s->model->step[na][nd];
  mpq_t q;
  mpq_init (q);
  for (unsigned i = 0; i < st->n; i++)
    {
      mpz_set (mpq_numref (q), st->count[i]);
      mpz_ui_pow_ui (mpq_denref (q), r->attack_sides, na);
      mpz_t t;
      mpz_init (t);
      mpz_ui_pow_ui (t, r->defend_sides, nd);
      mpz_mul (mpq_denref (q), mpq_denref (q), t);
      mpz_clear (t);
      mpq_canonicalize (q);
      mpfr_init2 (s->p[na][nd][i][0], s->prec);
      mpfr_init2 (s->p[na][nd][i][1], s->prec);
      mpfr_set_q (s->p[na][nd][i][0], q, MPFR_RNDD);
      mpfr_set_q (s->p[na][nd][i][1], q, MPFR_RNDU);
    }
  mpq_clear (q);
}

static int
iv_open (iv_solver_t *s, const ro_model_t *model, unsigned long d,
         mpfr_prec_t prec)
{
  const ro_rules_t *r = &model->rules;
  s->model = model;
  s->prec = prec;
  s->rows = model->c.max_loss + 1;
  s->cols = d + 1;
  s->cell = malloc (s->rows * s->cols * sizeof *s->cell);
  if (s->cell == NULL)
    return RO_ENOMEM;
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpfr_inits2 (prec, s->cell[i].lo, s->cell[i].hi, (mpfr_ptr) 0);
  for (unsigned na = 1; na <= r->attack_dice; na++)
    for (unsigned nd = 1; nd <= r->defend_dice; nd++)
      iv_probabilities (s, na, nd);
  return RO_OK;
}

static void
iv_close (iv_solver_t *s)
{
  const ro_rules_t *r = &s->model->rules;
  for (unsigned long i = 0; i < s->rows * s->cols; i++)
    mpfr_clears (s->cell[i].lo, s->cell[i].hi, (mpfr_ptr) 0);
  free (s->cell);
  for (unsigned na = 1; na <= r->attack_dice; na++)
    for (unsigned nd = 1; nd <= r->defend_dice; nd++)
      for (unsigned i = 0; i < s->model->step[na][nd].n; i++)
        mpfr_clears (s->p[na][nd][i][0], s->p[na][nd][i][1], (mpfr_ptr) 0);
}

/* Enclose state (F, D) from its children, all of which are known: the
   same sum as recursion.c's ro_solve_state, each bound rounded its way.  */
static void
iv_state (iv_solver_t *s, unsigned long f, unsigned long d)
{
  iv_t *x = iv_cell (s, f, d);
  int end = ro_model_ended (s->model, f, d);
  if (end != 0)
    {
      mpfr_set_ui (x->lo, end > 0, MPFR_RNDN);
      mpfr_set_ui (x->hi, end > 0, MPFR_RNDN);
      return;
    }
  unsigned na = ro_model_attack_dice (s->model, f);
  unsigned nd = ro_model_defend_dice (s->model, d);
  const ro_step_t *st = &s->model->step[na][nd];
  mpfr_set_zero (x->lo, 1);
  mpfr_set_zero (x->hi, 1);
  for (unsigned i = 0; i < st->n; i++)
    {
      const iv_t *c = iv_cell (s, f - st->lose_a[i], d - st->lose_d[i]);
      if (mpfr_zero_p (c->hi))
        continue;
      mpfr_fma (x->lo, s->p[na][nd][i][0], c->lo, x->lo, MPFR_RNDD);
      mpfr_fma (x->hi, s->p[na][nd][i][1], c->hi, x->hi, MPFR_RNDU);
    }
}

/* The precision for FMT over a grid whose battles last at most ROUNDS
   rounds: the digits' bits, the enclosures' growth (a few ulps a round),
   the guard bits; a whole number of limbs, which costs MPFR no more.  */
static mpfr_prec_t
iv_precision (const ro_decimal_t *fmt, unsigned long rounds)
{
  double digits = (double) fmt->n + (fmt->scale == 100 ? 2 : 0);
  double bits = digits * 3.3219280948873623 + 8;
  for (unsigned long r = 2 * (rounds + 1) * (RO_STEP_MAX + 1); r > 1;
       r >>= 1)
    bits++;
  bits += GUARD_BITS;
  unsigned long limbs = (unsigned long) (bits / 64) + 1;
  return (mpfr_prec_t) (limbs * 64);
}

/* Work space for deciding cells.  */
typedef struct
{
  mpfr_t a, b, ta, tb, pow_lo, pow_hi;
  mpq_t q;
  mpz_t z;
  /* 10^k rounded down and up, for 0 <= k < n_pow, made as needed.  */
  mpfr_t (*pow10)[2];
  unsigned long n_pow;
  mpfr_prec_t prec;
} iv_decide_t;

static void
decide_init (iv_decide_t *w, const ro_decimal_t *fmt, mpfr_prec_t prec)
{
  mpfr_inits2 (prec, w->a, w->b, w->ta, w->tb, w->pow_lo, w->pow_hi,
               (mpfr_ptr) 0);
  w->pow10 = NULL;
  w->n_pow = 0;
  w->prec = prec;
  mpq_init (w->q);
  mpz_init (w->z);
  if (fmt->style == RO_DECIMAL_PLACES)
    {
      mpz_ui_pow_ui (w->z, 10, fmt->n);
      mpz_mul_ui (w->z, w->z, fmt->scale);
      mpfr_set_z (w->pow_lo, w->z, MPFR_RNDD);
      mpfr_set_z (w->pow_hi, w->z, MPFR_RNDU);
    }
  else
    {
      mpfr_set_ui (w->pow_lo, fmt->scale, MPFR_RNDD);
      mpfr_set_ui (w->pow_hi, fmt->scale, MPFR_RNDU);
    }
}

static void
decide_clear (iv_decide_t *w)
{
  mpfr_clears (w->a, w->b, w->ta, w->tb, w->pow_lo, w->pow_hi,
               (mpfr_ptr) 0);
  for (unsigned long k = 0; k < w->n_pow; k++)
    mpfr_clears (w->pow10[k][0], w->pow10[k][1], (mpfr_ptr) 0);
  free (w->pow10);
  mpq_clear (w->q);
  mpz_clear (w->z);
}

/* 10^K rounded down (UP 0) or up (UP 1), from the cache; NULL when
   out of memory.  */
static mpfr_srcptr
power_of_ten (iv_decide_t *w, unsigned long k, int up)
{
  if (k >= w->n_pow)
    {
      unsigned long n = k + 1 > 2 * w->n_pow ? k + 1 : 2 * w->n_pow;
      mpfr_t (*p)[2] = realloc (w->pow10, n * sizeof *p);
      if (p == NULL)
        return NULL;
      w->pow10 = p;
      for (unsigned long i = w->n_pow; i < n; i++)
        {
          mpfr_inits2 (w->prec, p[i][0], p[i][1], (mpfr_ptr) 0);
          mpfr_ui_pow_ui (p[i][0], 10, i, MPFR_RNDD);
          mpfr_ui_pow_ui (p[i][1], 10, i, MPFR_RNDU);
        }
      w->n_pow = n;
    }
  return w->pow10[k][up];
}

/* The most significant digits the fast path takes: N and 10 N fit an
   unsigned long and the precision (at least 128 bits).  */
#define FAST_DIGITS 18

/* The integers nearest W->a 10^K and W->b 10^K (the products rounded
   outwards) into W->ta and W->tb; 0 when out of memory.  */
static int
scaled_round (iv_decide_t *w, long k)
{
  mpfr_srcptr plo = power_of_ten (w, (unsigned long) k, 0);
  mpfr_srcptr phi = power_of_ten (w, (unsigned long) k, 1);
  if (plo == NULL || phi == NULL)
    return 0;
  mpfr_mul (w->ta, w->a, plo, MPFR_RNDD);
  mpfr_mul (w->tb, w->b, phi, MPFR_RNDU);
  mpfr_rint (w->ta, w->ta, MPFR_RNDN);
  mpfr_rint (w->tb, w->tb, MPFR_RNDN);
  return 1;
}

/* The N-digit decimals of W->a <= W->b (positive), when they agree: the
   integers nearest a 10^K and b 10^K for the K that puts them in
   [10^(N-1), 10^N], the products rounded outwards.  What mpfr_get_str
   does, without its generality: 0 when it cannot tell quickly (the two
   round differently, or lie in different decades), and the caller asks
   mpfr_get_str.  */
static int
fast_digits (char *out, long *exp, iv_decide_t *w, unsigned long n)
{
  unsigned long lo = 1;
  for (unsigned long i = 1; i < n; i++)
    lo *= 10;
  /* a >= 2^E >= 10^e10 with e10 about E log10 2: 10^K a is at least
     10^(N-1) and below 2 10^N, one decade too far at worst.  */
  long e = (long) mpfr_get_exp (w->a) - 1;
  long k = (long) n - 1 - (long) floor ((double) e * 0.30102999566398120);
  for (int tries = 0; tries < 2; tries++, k--)
    {
      if (k < 0 || !scaled_round (w, k))
        return 0;
      if (!mpfr_equal_p (w->ta, w->tb))
        return 0;
      unsigned long v = mpfr_get_ui (w->ta, MPFR_RNDN);
      /* 10^(N-1) may be a value just below it rounded up, whose digits
         are those of the decade below: left to mpfr_get_str.  */
      if (v <= lo)
        return 0;
      if (v > 10 * lo)
        continue;               /* the next decade: one power less */
      if (v == 10 * lo)
        {
          /* Rounded up to the next power of ten.  */
          v = lo;
          k--;
        }
      sprintf (out, "%lu", v);
      *exp = (long) n - k;
      return 1;
    }
  return 0;
}

/* The text of the value enclosed by X, into *STR, when every value of
   the enclosure has the same text; 0 and *STR NULL when it cannot tell,
   RO_ENOMEM.  The bounds are first widened by one ulp each: a rounding
   boundary anywhere in [lo, hi] is then strictly inside, where it makes
   the two ends round differently, so the two ends agree only when no
   boundary is in [lo, hi] and the tie rule never matters.  */
static int
decide (char **str, const iv_t *x, const ro_decimal_t *fmt, iv_decide_t *w)
{
  *str = NULL;
  if (mpfr_equal_p (x->lo, x->hi))
    {
      /* An exact binary value: its own exact text.  */
      mpfr_get_q (w->q, x->lo);
      return ro_q_get_decimal_as (str, w->q, fmt);
    }
  if (mpfr_zero_p (x->lo))
    return RO_OK;               /* 0 and a tiny value differ in form */
  if (fmt->style == RO_DECIMAL_DIGITS && fmt->scale == 1)
    {
      mpfr_set (w->a, x->lo, MPFR_RNDD);
      mpfr_set (w->b, x->hi, MPFR_RNDU);
    }
  else
    {
      mpfr_mul (w->a, x->lo, w->pow_lo, MPFR_RNDD);
      mpfr_mul (w->b, x->hi, w->pow_hi, MPFR_RNDU);
    }
  mpfr_nextbelow (w->a);
  mpfr_nextabove (w->b);
  if (fmt->style == RO_DECIMAL_PLACES)
    {
      /* The precision holds every integer up to 100 * 10^places.  */
      mpfr_rint (w->a, w->a, MPFR_RNDN);
      mpfr_rint (w->b, w->b, MPFR_RNDN);
      if (!mpfr_equal_p (w->a, w->b))
        return RO_OK;
      mpfr_get_z (w->z, w->a, MPFR_RNDN);
      return ro_format_fixed (str, w->z, fmt->n);
    }
  char buf[FAST_DIGITS + 2];
  long e10;
  if (fmt->n <= FAST_DIGITS)
    if (fast_digits (buf, &e10, w, fmt->n))
      {
        *str = ro_format_decimal_scaled (buf, e10, 0, fmt->scale);
        return *str == NULL ? RO_ENOMEM : RO_OK;
      }
  mpfr_exp_t ea, eb;
  char *sa = mpfr_get_str (NULL, &ea, 10, fmt->n, w->a, MPFR_RNDN);
  char *sb = mpfr_get_str (NULL, &eb, 10, fmt->n, w->b, MPFR_RNDN);
  int rc = RO_OK;
  if (sa == NULL || sb == NULL)
    rc = RO_ENOMEM;
  else if (ea == eb && strcmp (sa, sb) == 0)
    {
      *str = ro_format_decimal_scaled (sa, (long) ea, 0, fmt->scale);
      if (*str == NULL)
        rc = RO_ENOMEM;
    }
  if (sa != NULL)
    mpfr_free_str (sa);
  if (sb != NULL)
    mpfr_free_str (sb);
  return rc;
}

int
ro_interval_applies (const ro_rules_t *rules)
{
  return ro_rules_check (rules) == RO_OK && !ro_rules_optimizing (rules);
}

static int
check_format (const ro_decimal_t *fmt)
{
  if (fmt->scale != 1 && fmt->scale != 100)
    return RO_EINVAL;
  if (fmt->style == RO_DECIMAL_DIGITS)
    return fmt->n >= 1 && fmt->n <= RO_DIGITS_MAX ? RO_OK : RO_EINVAL;
  if (fmt->style == RO_DECIMAL_PLACES)
    return fmt->n <= RO_DIGITS_MAX ? RO_OK : RO_EINVAL;
  return RO_EINVAL;
}

/* The text of cell (A, D) with enclosure X: decided, or settled by the
   exact engines.  */
static int
cell_text (char **str, const ro_model_t *m, unsigned long a,
           unsigned long d, const iv_t *x, const ro_decimal_t *fmt,
           iv_decide_t *w, unsigned long *settled)
{
  int rc = decide (str, x, fmt, w);
  if (rc != RO_OK || *str != NULL)
    return rc;
  ++*settled;
  rc = ro_engine_win (w->q, m, ro_model_fighting (m, a), d, RO_METHOD_AUTO);
  if (rc == RO_OK)
    rc = ro_q_get_decimal_as (str, w->q, fmt);
  return rc;
}

/* A cell of the range and its enclosure, for the walk's user.  */
typedef int (*iv_cell_fn) (void *data, unsigned long a, unsigned long d,
                           const iv_t *x);

/* Walk the grid's rows upwards, as ro_battle_grid does, giving FN each
   cell of the range as soon as its row is complete.  */
static int
iv_grid (iv_solver_t *s, unsigned long a_lo, unsigned long a_hi,
         unsigned long d_lo, unsigned long d_hi, iv_cell_fn fn, void *data)
{
  unsigned long f_lo = ro_model_fighting (s->model, a_lo);
  unsigned long f_hi = ro_model_fighting (s->model, a_hi);
  int rc = RO_OK;
  /* Every state costs the same at a fixed precision: rows are units.  */
  ro_progress (0, (double) (f_hi + 1));
  for (unsigned long i = 0; i <= f_hi && rc == RO_OK; i++)
    {
      for (unsigned long j = 0; j <= d_hi; j++)
        iv_state (s, i, j);
      for (unsigned long j = d_lo; i >= f_lo && j <= d_hi && rc == RO_OK;
           j++)
        rc = fn (data, a_lo + (i - f_lo), j, iv_cell (s, i, j));
      ro_progress ((double) (i + 1), (double) (f_hi + 1));
    }
  return rc;
}

/* The enclosures' solver of model M at precision PREC over the grid up
   to A_HI against D_HI, walked by FN.  */
static int
iv_run (const ro_model_t *m, unsigned long a_lo, unsigned long a_hi,
        unsigned long d_lo, unsigned long d_hi, mpfr_prec_t prec,
        iv_cell_fn fn, void *data)
{
  iv_solver_t s;
  int rc = iv_open (&s, m, d_hi, prec);
  if (rc == RO_OK)
    {
      rc = iv_grid (&s, a_lo, a_hi, d_lo, d_hi, fn, data);
      iv_close (&s);
    }
  return rc;
}

/* The checks both walks make (those of ro_interval_applies, the rules
   checked once).  */
static int
iv_check (const ro_rules_t *rules, unsigned long a_lo, unsigned long a_hi,
          unsigned long d_lo, unsigned long d_hi)
{
  int rc = ro_check_grid (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc == RO_OK && ro_rules_optimizing (rules))
    rc = RO_EINVAL;
  return rc;
}

/* ro_battle_grid_decimal's walk: each cell's text, decided or settled
   by the exact engines, to the user's function.  */
typedef struct
{
  const ro_model_t *model;
  const ro_decimal_t *fmt;
  iv_decide_t w;
  ro_decimal_fn fn;
  void *data;
  unsigned long settled;
} text_walk_t;

static int
text_cell (void *data, unsigned long a, unsigned long d, const iv_t *x)
{
  text_walk_t *t = data;
  char *str;
  int rc = cell_text (&str, t->model, a, d, x, t->fmt, &t->w, &t->settled);
  if (rc == RO_OK)
    rc = t->fn (t->data, a, d, str);
  free (str);
  return rc;
}

int
ro_battle_grid_decimal (const ro_rules_t *rules, unsigned long a_lo,
                        unsigned long a_hi, unsigned long d_lo,
                        unsigned long d_hi, const ro_decimal_t *fmt,
                        ro_decimal_fn fn, void *data, unsigned long *settled)
{
  int rc = iv_check (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc == RO_OK)
    rc = check_format (fmt);
  if (rc != RO_OK)
    return rc;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  unsigned long f_hi = ro_model_fighting (&model, a_hi);
  mpfr_prec_t prec = iv_precision (fmt, f_hi + d_hi);
  text_walk_t t = { &model, fmt, .fn = fn, .data = data, .settled = 0 };
  decide_init (&t.w, fmt, prec);
  rc = iv_run (&model, a_lo, a_hi, d_lo, d_hi, prec, text_cell, &t);
  decide_clear (&t.w);
  ro_model_clear (&model);
  if (settled != NULL)
    *settled = t.settled;
  return rc;
}

/* ------------------------------------------------------------------ */
/* Enclosures for the program's own decisions                         */
/* ------------------------------------------------------------------ */

int
ro_enclosure_cmp_q (const ro_enclosure_t *e, const mpq_t q)
{
  if (mpfr_cmp_q (e->lo, q) > 0)
    return 1;
  if (mpfr_cmp_q (e->hi, q) < 0)
    return -1;
  return 0;
}

int
ro_enclosure_exact (mpq_t q, const ro_enclosure_t *e)
{
  if (!mpfr_equal_p (e->lo, e->hi))
    return 0;
  mpfr_get_q (q, e->lo);
  return 1;
}

int
ro_battle_grid_enclose (const ro_rules_t *rules, unsigned long a_lo,
                        unsigned long a_hi, unsigned long d_lo,
                        unsigned long d_hi, unsigned long digits,
                        ro_enclosure_fn fn, void *data)
{
  int rc = iv_check (rules, a_lo, a_hi, d_lo, d_hi);
  if (rc != RO_OK)
    return rc;
  if (digits < 1 || digits > RO_DIGITS_MAX)
    return RO_EINVAL;
  ro_model_t model;
  rc = ro_model_init (&model, rules);
  if (rc != RO_OK)
    return rc;
  unsigned long f_hi = ro_model_fighting (&model, a_hi);
  ro_decimal_t fmt = { RO_DECIMAL_DIGITS, digits, 1 };
  rc = iv_run (&model, a_lo, a_hi, d_lo, d_hi,
               iv_precision (&fmt, f_hi + d_hi), fn, data);
  ro_model_clear (&model);
  return rc;
}

int
ro_battle_grid_decimal_memory (double *bytes, const ro_rules_t *rules,
                               unsigned long a_hi, unsigned long d_hi,
                               const ro_decimal_t *fmt)
{
  int rc = check_format (fmt);
  if (rc != RO_OK)
    return rc;
  rc = ro_check_battle (rules, a_hi, d_hi);
  if (rc != RO_OK)
    return rc;
  unsigned long f_hi = ro_rules_fighting (rules, a_hi);
  double prec = (double) iv_precision (fmt, f_hi + d_hi);
  double rows = ro_rules_max_attacker_loss (rules) + 1;
  double cell = 2 * (sizeof (mpfr_t) + prec / 8 + 16);
  /* The ring, and a cell settled by the exact engines.  */
  double exact;
  rc = ro_engine_memory (&exact, rules, a_hi, d_hi, RO_METHOD_AUTO, 0);
  if (rc != RO_OK)
    return rc;
  *bytes = rows * (d_hi + 1.0) * cell + exact + 65536;
  return RO_OK;
}
