/* riskodds-impl.h -- internal declarations shared by the library's files */

#ifndef RISKODDS_IMPL_H
#define RISKODDS_IMPL_H

#include <pthread.h>

#include "riskodds.h"

/* The most outcomes (attacker's loss, defender's loss) of one round
   under any defender policy: k + l = m for m = 1 .. RO_DICE_MAX.  */
#define RO_STEP_MAX 20

/* One round as a transition: N outcomes, in outcome i the attacker loses
   LOSE_A[i] armies and the defender LOSE_D[i], in COUNT[i] of the
   attack_sides^NA * defend_sides^ND equally likely cases.  */
typedef struct
{
  unsigned na, nd;
  unsigned n;
  unsigned char lose_a[RO_STEP_MAX], lose_d[RO_STEP_MAX];
  mpz_t count[RO_STEP_MAX];
} ro_step_t;

/* The attack roll classes of NA dice against up to ND defence dice and
   the outcome counts of each answer: class i answered with ND' dice
   makes the attacker lose K armies in ANSWER[(i * ND + ND' - 1) *
   (RO_DICE_MAX + 1) + K] of the defend_sides^ND' rolls.  */
typedef struct
{
  ro_rolls_t rolls;
  unsigned long *answer;
} ro_answers_t;

/* A rule set compiled (ro_rules_compile, rules.c): what the engines
   ask of the rules at every state, answered once where the rules
   entered the library, so that no engine calls back into rules.c.  */
typedef struct
{
  unsigned long base[2];        /* the bases of the engines' numbers: the
                                   sides, base[1] = 1 when both are the
                                   same */
  unsigned max_loss;            /* L: the most armies the attacker can
                                   lose in one round */
  unsigned long stop;           /* the fighting armies at or below which
                                   the attacker stops */
  unsigned long behind;         /* armies that never fight: 1 in the
                                   territory convention, 0 otherwise */
  int optimizing;               /* a choice depends on P(win) */
  int plain;                    /* both sides roll their most dice */
  double bits_per_army;         /* as ro_rules_bits_per_army */
} ro_compiled_t;

/* Mixed dice (rules.c): whether side S (0 attacker) rolls eight-sided
   dice for some but not all of the dice it may roll; E = RULES as the
   engines see them, a side of mixed dice on 24 sides (the base of its
   numbers), a side of eight-sided dice only on 8.  */
int ro_rules_side_mixed (const ro_rules_t *rules, int s);
void ro_rules_effective (ro_rules_t *e, const ro_rules_t *rules);

/* C = what the engines ask of RULES, which have been checked.  */
void ro_rules_compile (ro_compiled_t *c, const ro_rules_t *rules);

/* The transition model of a rule set, compiled once per call where the
   rules enter the library (ro_model_init) and read, never changed, by
   every engine below: the rules and their compiled answers, and the
   outcome counts of every (attack dice, defence dice) pair the battle
   can use.  round[na][nd] is valid for 1 <= na <= attack_dice and
   1 <= nd <= defend_dice.  step[na][nd] is the round under a defender
   policy that does not look ahead (max or Wieringa's), ND the most he
   may roll; answers[na][nd] are kept when the defender policy is not
   max.  */
typedef struct
{
  ro_rules_t rules;
  ro_compiled_t c;
  ro_round_t round[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  ro_step_t step[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  ro_answers_t answers[RO_DICE_MAX + 1][RO_DICE_MAX + 1];
  size_t most_rolls;            /* the most classes of any answers[][] */
} ro_model_t;

/* The model's answers to the questions the engines ask at every state,
   inline: the fighting armies of a count A; whether state (F fighting,
   D defending) is over (1 won: D at or below the goal; -1 lost: the
   attacker cannot roll or has reached his stop; 0 going on), as
   ro_rules_ended; the dice each side rolls there at most.  */
static inline unsigned long
ro_model_fighting (const ro_model_t *m, unsigned long a)
{
  return a < m->c.behind ? 0 : a - m->c.behind;
}

static inline int
ro_model_ended (const ro_model_t *m, unsigned long f, unsigned long d)
{
  if (d <= m->rules.goal)
    return 1;
  if (f == 0 || f <= m->c.stop)
    return -1;
  return 0;
}

static inline unsigned
ro_model_attack_dice (const ro_model_t *m, unsigned long f)
{
  return f < m->rules.attack_dice ? (unsigned) f : m->rules.attack_dice;
}

static inline unsigned
ro_model_defend_dice (const ro_model_t *m, unsigned long d)
{
  return d < m->rules.defend_dice ? (unsigned) d : m->rules.defend_dice;
}

/* Start FN (ARG) on a new thread in *ID with every signal blocked
   (threads.c); 1 when it started, 0 when the system refused one (the
   caller then does its work itself).  */
int ro_thread_start (pthread_t *id, void *(*fn) (void *), void *arg);

/* Tell the calling thread's progress function (ro_progress_set), if
   any, that DONE of TOTAL units of work are done.  Cheap when none is
   set; engines call it once per row or step, not per state.  */
void ro_progress (double done, double total);

/* The text ro_q_get_decimal makes (decimal.c) of a value whose DIGITS (from
   mpfr_get_str, no sign) and exponent E say 0.DIGITS * 10^E; NULL when
   out of memory.  */
char *ro_format_decimal (const char *digits, long e, int negative);
/* The same for a value times SCALE (1, or 100 for a percentage: fixed
   up to three integer digits, "100" not "1.0e+02") (decimal.c).  */
char *ro_format_decimal_scaled (const char *digits, long e, int negative,
                                unsigned long scale);

/* The text ro_q_get_fixed makes of the value SCALED / 10^PLACES.  */
int ro_format_fixed (char **str, const mpz_t scaled, unsigned long places);

/* One engine's run as a part of a longer call (a plan, then a forward
   pass; one territory of a chain): between ro_progress_part and
   ro_progress_part_end, the reports of this thread fill the share
   [LO, LO + SPAN) of what the enclosing part fills (LO + SPAN <= 1), so
   that the program sees one call going from 0 to its end.  Parts nest;
   each ro_progress_part_end restores *SAVED.  */
typedef struct
{
  double lo, span;
} ro_progress_part_t;
void ro_progress_part (ro_progress_part_t *saved, double lo, double span);
void ro_progress_part_end (const ro_progress_part_t *saved);

/* The units of work of the first K rows of a grid of D + 1 columns
   whose numbers grow linearly with the armies (row i, column j costs
   i + j + 1), for engines that walk rows of states.  */
double ro_progress_rows (double k, double d);

/* The share of the plan (ro_solver_plan) in a plan and the forward pass
   that reads it, as measured for an optimal defender.  */
#define RO_PROGRESS_PLAN 0.4

/* Sort the outcomes of DIST in the order ro_dist_t promises.  */
void ro_dist_sort (ro_dist_t *dist);

/* ro_round_count, ro_defender_can_win, ro_rolls and ro_rolls_answer
   for RULES already checked where they entered the library: the
   public functions check, then call these (dice.c, rolls.c).  */
int ro_round_count_valid (ro_round_t *round, const ro_rules_t *rules,
                          unsigned na, unsigned nd);
int ro_defender_can_win_valid (const ro_rules_t *rules);
int ro_rolls_valid (ro_rolls_t *rolls, const ro_rules_t *rules, unsigned na,
                    unsigned nd);
int ro_rolls_answer_valid (unsigned long *count, const ro_rules_t *rules,
                           unsigned na, const unsigned char *top,
                           unsigned nd);

/* The number of classes ro_rolls would make, RO_ROLLS_MAX + 1 when
   there are more than RO_ROLLS_MAX.  */
size_t ro_rolls_count (const ro_rules_t *rules, unsigned na, unsigned nd);

/* Whether a choice of RULES depends on P(win) (an optimal policy), so
   that every state has to be solved and a forward pass needs a plan.  */
int ro_rules_optimizing (const ro_rules_t *rules);

/* Whether both sides always roll the most dice allowed.  */
int ro_rules_plain (const ro_rules_t *rules);

/* The model of RULES, which have been checked (ro_rules_check) where
   they entered the library; the only call of a public function into
   the model layer, after which everything below takes the model.  In
   two steps when the caller decides something from the compiled rules
   alone (a battle over before a roll): ro_model_compile copies and
   compiles the rules (it allocates nothing and cannot fail),
   ro_model_count adds the counts (on failure nothing is left to clear;
   on success ro_model_clear).  ro_model_init does both.  */
int ro_model_init (ro_model_t *model, const ro_rules_t *rules);
void ro_model_compile (ro_model_t *model, const ro_rules_t *rules);
int ro_model_count (ro_model_t *model);
void ro_model_clear (ro_model_t *model);

/* What one die counts for (dice.c).  The dice of the attacker
   (DEFENDER 0) or the defender that the bonus is added to, at least 1 (a rule set zeroed by hand has 0: the
   highest die, as before the field existed).  */
unsigned ro_bonus_dice (const ro_rules_t *rules, int defender);

/* The value a die showing FACE counts for in the P-th comparison (from
   0, the highest dice) of the attacker (DEFENDER 0) or the defender:
   FACE, plus the side's bonus when P is among its bonus dice, kept on
   the faces when the rules clamp.  */
long ro_die_value (const ro_rules_t *rules, int defender, unsigned p,
                   unsigned face);

/* 1 when the attacker's die showing A wins the P-th comparison against
   the defender's showing D.  */
int ro_die_beats (const ro_rules_t *rules, unsigned p, unsigned a,
                  unsigned d);

/* The number of armies that can fight for a count A under RULES: A - 1
   in the territory convention, A in the attackers convention.  The
   solvers work on this "fighting" count only.  */
unsigned long ro_rules_fighting (const ro_rules_t *rules, unsigned long a);

/* The integer solver's state (solver.c): a probability N over
   base[0]^e[0] * base[1]^e[1], base[] the sides of the dice (one base,
   base[1] = 1, when both sides roll the same dice).  */
typedef struct
{
  mpz_t n;
  unsigned long e[2];
} ro_cell_t;

/* The policies' work space and the plan they record or read: plan.c's
   own, hung on a solver by ro_policy_open.  */
typedef struct ro_policy_work ro_policy_work_t;

typedef struct
{
  const ro_model_t *model;
  unsigned long base[2];
  unsigned long rows, cols;
  ro_cell_t *cell;
  mpz_t big;                    /* multiplier that does not fit a limb */
  ro_policy_work_t *policy;     /* NULL: every state rolls model->step */
} ro_solver_t;

/* The cell of state (F, D) in the ring of ROWS rows.  */
ro_cell_t *ro_solver_cell (ro_solver_t *s, unsigned long f, unsigned long d);

/* Rows for the most armies the attacker can lose in one round, plus one,
   of D + 1 states each.  */
int ro_solver_init (ro_solver_t *s, const ro_model_t *model, unsigned long d);
void ro_solver_clear (ro_solver_t *s);

/* The same with EXTRA more rows in the ring, for engines that keep
   several rows in flight at once (grid.c).  */
int ro_solver_init_rows (ro_solver_t *s, const ro_model_t *model,
                         unsigned long d, unsigned long extra);

/* V = a view of S (ro_solver_init'ed): the same model and ring, its own
   work space; cleared by ro_solver_view_clear (after ro_policy_close if
   the policies were opened on it), before S is.  */
void ro_solver_view (ro_solver_t *v, const ro_solver_t *s);
void ro_solver_view_clear (ro_solver_t *v);

/* Fill state (F, D) of S from its children, all of which are known
   (recursion.c); S's policy work space is open when the rules
   optimize.  */
void ro_solve_state (ro_solver_t *s, unsigned long f, unsigned long d);

/* The engine that METHOD names, or for RO_METHOD_AUTO the one that fits
   rules whose plain is PLAIN (ro_compiled_t): the strip when both sides
   roll their most dice, the recursion otherwise (recursion.c).  */
ro_method_t ro_engine_method (int plain, ro_method_t method);

/* The same for one battle's P(win), F fighting armies against D, when
   a round costs the attacker at most L armies: for RO_METHOD_AUTO the
   split engine from ro_split_crossover (L) armies in all (F + D), the
   strip below.  */
ro_method_t ro_engine_method_battle (int plain, unsigned l,
                                     ro_method_t method, unsigned long f,
                                     unsigned long d);

/* The armies in all (F + D) from which RO_METHOD_AUTO takes one
   battle's P(win) to the split when a round costs at most L armies:
   RO_SPLIT_CROSSOVER for 1 or 2 (measured against the strip:
   bench/million.sh, the split 1.3 times as fast at 2000 v 2000, 3.5
   times at 10000 v 10000; one threshold on the sum serves every shape:
   the split is no slower on very unequal battles either (user time, a
   loaded 2-core machine, the same fraction by hash; issue 28): 5 v 10^5
   0.63 s against the strip's 2.97 s, 10^5 v 3 0.52 s against 3.52 s,
   10^5 v 1000 0.68 s against 7.18 s, 1000 v 10^5 0.81 s against 5.76
   s, 5 v 10^6 10.8 s against 348 s; at the threshold both take a few
   hundredths of a second), and a multiple for wider rounds, whose band
   the split carries as a basis of up to 28 vectors while the strip's
   rows only grow by L: measured (processor time, both engines the same
   fraction by hash) the split was as fast as the strip at about 3000 v
   3000 for 3 v 3 dice, 6000 v 6000 for 4 v 3 dice of 8 sides, 24000 v
   24000 (extrapolated) for 4 v 4, and at 16000 v 16000 with 5 v 5 dice
   of 8 sides still 5.7 times as slow (23.2 s against 4.05 s; at 2000 v
   2000, 1.13 s against 0.06 s).  A build may set RO_SPLIT_CROSSOVER for
   its machine, as the WebAssembly one does (web/build.sh).  */
#ifndef RO_SPLIT_CROSSOVER
# define RO_SPLIT_CROSSOVER 4000
#endif
unsigned long ro_split_crossover (unsigned l);

/* P(win) of F fighting armies against D under model M by METHOD (which
   applies), 0 or 1 when the battle is over before a roll.  */
int ro_engine_win (mpq_t win, const ro_model_t *m, unsigned long f,
                   unsigned long d, ro_method_t method);

/* The memory of the battle A against D by METHOD, with its ends when
   ENDS (a distribution), as ro_battle_dist_memory, RULES checked.  */
int ro_engine_memory (double *bytes, const ro_rules_t *rules,
                      unsigned long a, unsigned long d, ro_method_t method,
                      int ends);

/* The exponents of the bases that one round of NA against ND dice adds to
   the denominator.  */
void ro_solver_round_exponents (unsigned long r[2], const ro_solver_t *s,
                                unsigned na, unsigned nd);

/* Arithmetic on numbers over powers of the bases (solver.c), shared by
   the engines; BIG is work space.  The exponents one round of NA against
   ND dice adds (BASE[1] = 1: one base).  */
void ro_round_exponents (unsigned long re[2], const unsigned long base[2],
                         unsigned na, unsigned nd);

/* The distinct primes of BASE[0] and BASE[1] (at most MAX; sides of
   at most 100 have at most 3 each) into PRIME, and their multiplicity
   in each base into MULT[I][0], MULT[I][1]; returns how many.  The
   engines keep their numbers over powers of these primes.  */
unsigned ro_base_primes (const unsigned long base[2], unsigned long *prime,
                         unsigned long (*mult)[2], unsigned max);

/* N *= BASE[0]^K[0] * BASE[1]^K[1].  */
void ro_mul_power (mpz_t n, const unsigned long base[2],
                   const unsigned long k[2], mpz_t big);

/* N += X * C * BASE[0]^K[0] * BASE[1]^K[1].  */
void ro_addmul_scaled (const unsigned long base[2], mpz_t big, mpz_t n,
                       const mpz_t x, const mpz_t c, const unsigned long k[2]);

/* CELL += X * C / BASE^RE, X over BASE^XE: both brought to the larger
   exponents, base by base; an empty CELL takes X's.  */
void ro_cell_add (const unsigned long base[2], mpz_t big, ro_cell_t *cell,
                  const mpz_t x, const unsigned long xe[2], const mpz_t c,
                  const unsigned long re[2]);

/* N += C * base[0]^K[0] * base[1]^K[1] * CHILD.  */
void ro_solver_add_scaled (ro_solver_t *s, mpz_t n, const mpz_t c,
                           const unsigned long k[2], const mpz_t child);

/* Fill state (F, D), not ended, from its children, all known, as round
   R says (the model's step of the state, or a policy's).  */
void ro_solver_state (ro_solver_t *s, unsigned long f, unsigned long d,
                      const ro_step_t *r);

/* Q = X's probability, reduced.  */
void ro_solver_get_q (mpq_t q, const ro_solver_t *s, const ro_cell_t *x);

/* Q = N / (P[0]^K[0] ... P[NP-1]^K[NP-1]), reduced by removing the
   primes P (distinct) from N: no gcd.  */
void ro_q_over_primes (mpq_t q, const mpz_t n, const unsigned long *p,
                       const unsigned long *k, int np);

void ro_step_init (ro_step_t *step);
void ro_step_clear (ro_step_t *step);

/* The outcome counts of roll class I of A answered with N1 dice:
   attacker's loss K at [K].  */
const unsigned long *ro_answers_count (const ro_answers_t *a, size_t i,
                                       unsigned n1);

/* Add to STEP (whose na and nd are set) WEIGHT attack rolls answered
   with N1 dice, whose outcome counts are CNT (of defend_sides^N1): each
   counted defend_sides^(nd - N1) times, over defend_sides^nd.  TMP is
   work space.  */
void ro_step_add_answer (ro_step_t *step, const ro_rules_t *rules,
                         unsigned n1, const unsigned long *cnt,
                         unsigned long weight, mpz_t tmp);

/* Give S (ro_solver_init'ed) the policies' work space, which
   ro_policy_state and the plans need; ro_policy_close takes it back and
   leaves S as ro_solver_init made it.  Nothing below plan.c knows the
   work space: whoever opens it closes it, before ro_solver_clear.  */
int ro_policy_open (ro_solver_t *s);
void ro_policy_close (ro_solver_t *s);

/* Solve state (F, D) under an optimizing policy from its children,
   recording the choices in S's plan when it has one (plan.c); S's
   policy work space is open.  */
void ro_policy_state (ro_solver_t *s, unsigned long f, unsigned long d);

/* The round that state (F, D) plays under the policies: a step of the
   model, or one made from the choices of S's plan.  */
const ro_step_t *ro_policy_step (ro_solver_t *s, unsigned long f,
                                 unsigned long d);

/* When the rules of S optimize, solve PLAN (ro_plan_init'ed) for F
   fighting armies against D and open S's policy work space to read its
   choices; otherwise leave both alone.  The caller ro_policy_close's S
   before clearing PLAN.  */
int ro_solver_plan (ro_solver_t *s, ro_plan_t *plan, unsigned long f,
                    unsigned long d);

/* ro_plan_solve for F fighting armies against D under model M as a
   battle of a chain: its won ends (f, 0) are worth WON[f - 1] (cells
   over the bases of a solver of M), the probability of taking the rest of the
   chain with f - 1 armies moving on, or 1 when WON is NULL (the last
   territory); so an optimizing policy chooses for the whole chain.
   OUT[0 .. F] gets the values of the states (f, D): the probability of
   taking this territory and the rest with f armies.  */
int ro_plan_solve_chain (ro_plan_t *plan, ro_cell_t *out, const ro_model_t *m,
                         unsigned long f, unsigned long d,
                         const ro_cell_t *won);

/* ro_plan_memory for RULES already checked.  */
int ro_plan_memory_valid (double *bytes, const ro_rules_t *rules,
                          unsigned long a, unsigned long d);

/* Open S's policy work space to read PLAN's choices (made for S's rules
   and at least S's states); ro_policy_close before clearing PLAN.  */
int ro_solver_use_plan (ro_solver_t *s, const ro_plan_t *plan);

/* The forward pass (forward.c): the battles against D0 that start with
   SEED[f] (an integer over a power of the bases, as the solver's cells)
   at f fighting armies, f < NSEED; END is called for every ended state
   with its probability, and a non-zero return stops the pass.  */
typedef int (*ro_end_fn) (void *data, int won, unsigned long f,
                          unsigned long d, const ro_solver_t *s,
                          const ro_cell_t *x);
int ro_forward (ro_solver_t *s, const ro_cell_t *seed, unsigned long nseed,
                unsigned long d0, ro_end_fn end, void *data);

/* RO_OK when A against D is a battle the solvers take under RULES.  */
int ro_check_battle (const ro_rules_t *rules, unsigned long a,
                     unsigned long d);

/* The bytes of the blank at P (before END), or that ends at END (after
   START): a space or tab, or a Unicode space in UTF-8 (U+00A0,
   U+2000..U+200A, U+202F, U+205F, U+3000), as text copied from a PDF
   holds; 0 when there is none (number.c).  */
size_t ro_blank_at (const char *p, const char *end);
size_t ro_blank_before (const char *start, const char *end);

/* Q = Q * 10^E, E of either sign (output.c).  */
void ro_q_mul_pow10 (mpq_ptr q, long e);

/* RO_OK when every battle of the grid A_LO..A_HI x D_LO..D_HI is one
   the solvers take (the checks and codes of ro_battle_grid).  */
int ro_check_grid (const ro_rules_t *rules, unsigned long a_lo,
                   unsigned long a_hi, unsigned long d_lo,
                   unsigned long d_hi);

/* The most armies the attacker can lose in one round.  */
unsigned ro_rules_max_attacker_loss (const ro_rules_t *rules);

/* The fighting armies at or below which the attacker stops: the
   fighting count of RULES->stop.  */
unsigned long ro_rules_stop_fighting (const ro_rules_t *rules);

/* Whether the battle is over in state (F fighting, D defending): 1 when
   the attacker has won (D at or below the goal), -1 when he has lost (he
   cannot roll or has reached his stop), 0 while it goes on.  */
int ro_rules_ended (const ro_rules_t *rules, unsigned long f,
                    unsigned long d);

/* The most bits per army lost that a numerator or denominator of the
   battle's probabilities can take (rules.c).  */
double ro_rules_bits_per_army (const ro_rules_t *rules);
double ro_rules_bits_per_army_upto (const ro_rules_t *rules, unsigned long f);

/* The recursion's memory for (A, D), as ro_battle_memory (solver.c).  */
int ro_solver_memory (double *bytes, const ro_rules_t *rules,
                      unsigned long a, unsigned long d);

/* The same with EXTRA more rows in the ring and VIEWS views of it
   (ro_solver_view), each with its own temporaries.  */
int ro_solver_memory_rows (double *bytes, const ro_rules_t *rules,
                           unsigned long a, unsigned long d,
                           unsigned long extra, unsigned long views);

/* The bytes of the limbs of an mpz of at most BITS bits, with the limb
   GMP may add and malloc's header (chain.c).  */
double ro_limb_bytes (double bits);

/* The peak of a chain's forward passes against D[0 .. K-1], DSUM[i]
   bounding the defenders of battles 0 .. i; WHOLE: the whole chain's
   plans alive throughout (chain.c).  */
int ro_chain_memory_bound (double *bytes, const ro_rules_t *rules,
                           unsigned long a, const unsigned long *d,
                           const unsigned long *dsum, size_t k, int whole);

/* The same for K battles of one RULES against at most D each, DSUM
   bounding the defenders up to each, in closed form (chain.c).  */
int ro_chain_memory_uniform (double *bytes, const ro_rules_t *rules,
                             unsigned long a, unsigned long d,
                             unsigned long dsum, double k, int whole);

/* The bytes of the ends of a distribution from F fighting armies
   against D (ro_dist_t's outcomes), engine apart (solver.c).  */
double ro_ends_memory (const ro_rules_t *rules, unsigned long f,
                       unsigned long d);

/* ro_battle_grid_threads on model M, the grid checked (grid.c).  */
int ro_grid_run (const ro_model_t *m, unsigned long a_lo, unsigned long a_hi,
                 unsigned long d_lo, unsigned long d_hi, unsigned threads,
                 ro_battle_fn fn, ro_grid_row_fn row, void *data);

/* The strip engine (strip.c): one battle of F fighting armies against
   D under MODEL, not over at the start, when both sides roll their most
   dice (MODEL->c.plain).  END, when not NULL, is called for every end of
   positive probability P (canonical), in no particular order, and a
   non-zero return stops the run and is returned; WIN, when not NULL,
   gets P(win).  */
typedef int (*ro_strip_end_fn) (void *data, int won, unsigned long f,
                                unsigned long d, const mpq_t p);
int ro_strip_solve (mpq_ptr win, const ro_model_t *model, unsigned long f,
                    unsigned long d, ro_strip_end_fn end, void *data);

/* The strip engine's memory for F against D, the ends kept too when
   ENDS (a distribution).  */
double ro_strip_memory (const ro_rules_t *rules, unsigned long f,
                        unsigned long d, int ends);

/* The split engine (split.c): P(win) of F fighting armies against D
   under MODEL (plain, not over at the start) by binary splitting along
   the edges of the full-dice region; battles outside its derivation
   (the start outside that region, one outcome a round, a stop or goal
   above 63) go to the strip engine.  */
int ro_split_solve (mpq_ptr win, const ro_model_t *model, unsigned long f,
                    unsigned long d);

/* The same on THREADS threads at most (0: ro_threads_available ()); it
   uses two at most, one for each edge, and the answer is the same.  */
int ro_split_solve_threads (mpq_ptr win, const ro_model_t *model,
                            unsigned long f, unsigned long d,
                            unsigned threads);

/* Whether ro_split_solve computes F against D itself (else it hands the
   battle to the strip engine).  */
int ro_split_takes (const ro_model_t *model, unsigned long f,
                    unsigned long d);

/* The sum over the wins (LOSS 0) or the losses (1) of P(end) times the
   attacker's armies left (DEFENDERS 0, counted as in ro_outcome_t) or
   the defender's (1) to the power POWER (1 or 2), for a battle
   ro_split_takes.  */
int ro_split_moment (mpq_t out, const ro_model_t *model, unsigned long f,
                     unsigned long d, int loss, int defenders,
                     unsigned power);

/* The split engine's memory for F against D; for its moments
   (ro_split_moment, one run at a time).  */
double ro_split_memory (const ro_rules_t *rules, unsigned long f,
                        unsigned long d);
double ro_split_stats_memory (const ro_rules_t *rules, unsigned long f,
                              unsigned long d);

/* W[i] = [z^(X - i)] G(z)^T for i = 0 .. L - 1, G = sum G[k] z^k
   (k = 0 .. L, not all zero), by the strip engine's blocks: started at
   the first T at which the window can be non-zero and advanced step by
   step (for the tests).  */
int ro_strip_powers (mpz_t *w, const mpz_t *g, unsigned L, long x,
                     unsigned long t);

/* ro_chain_scope_target for a chain already checked (chain.c; fortify.c
   checks its rules once for every split).  */
int ro_chain_scope_valid (ro_chain_t *c, const ro_rules_t *rules,
                          unsigned long a, const unsigned long *d, size_t k,
                          ro_scope_t scope, size_t target);

/* ro_chain_needed by its former search, one whole chain (ro_chain) per
   attack A = 1, 2, 3 ... (chain.c; for the tests).  */
int ro_chain_needed_search (unsigned long *out, const ro_rules_t *rules,
                            const unsigned long *d, size_t k,
                            const mpq_t target, unsigned long a_max);

#endif /* RISKODDS_IMPL_H */
