/* riskodds.h -- exact odds of Risk dice battles: the public interface

   Every name this header exports starts with "ro_" (functions, types) or
   "RO_" (macros, constants); both prefixes are reserved for the library.

   Conventions, as in MPFR and GMP: output arguments come first, then the
   inputs; every type that owns memory has an _init/_clear pair; functions
   return 0 on success or a negative RO_E... code (see ro_strerror); the
   library never prints and never exits.  Rationals leave the library
   canonical, like GMP's mpq_t.  */

#ifndef RISKODDS_H
#define RISKODDS_H

#include <stddef.h>
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

#define RO_OK        0
#define RO_EINVAL   (-1)   /* an argument is outside its domain */
#define RO_ERANGE   (-2)   /* a number is too large for the library */
#define RO_ENOMEM   (-3)   /* the computation would not fit in memory */
#define RO_ERULES   (-4)   /* the rule set is inconsistent */

/* A static English message for an RO_E... code (never NULL).  */
const char *ro_strerror (int code);

/* ------------------------------------------------------------------ */
/* Rules                                                              */
/* ------------------------------------------------------------------ */

/* How the attacking army is counted.  */
typedef enum
{
  /* A counts every army in the attacking territory, one of which must
     stay behind: the attacker rolls min(dice, A-1) and has lost at A = 1.
     McLoone, Wieringa, Mittal.  P(2,1) = 5/12.  */
  RO_COUNT_TERRITORY = 0,
  /* A counts only the armies that fight: the attacker rolls min(dice, A)
     and has lost at A = 0.  Tan, Osborne, Hillier.  P(1,1) = 5/12.  */
  RO_COUNT_ATTACKERS = 1
} ro_count_t;

/* Who wins a comparison of equal dice.  */
typedef enum
{
  RO_TIES_DEFENDER = 0,
  RO_TIES_ATTACKER = 1
} ro_ties_t;

/* How many dice the defender rolls.  He always decides after seeing the
   attacker's roll (seed 001, Wieringa).  */
typedef enum
{
  /* The most dice allowed: min(defend_dice, D).  */
  RO_DEFENDER_MAX = 0,
  /* Wieringa's rules (seed 001, section 2), evaluated in order: (1) one
     army, one die; (2) the attacker rolled one die: the most dice; (3)
     the attacker's second-highest die shows more than half the
     defender's sides (more than 3 on a d6): one die; (4) the most
     dice.  */
  RO_DEFENDER_WIERINGA = 1,
  /* The number of dice, 1 up to the most allowed, that minimises the
     attacker's exact probability of winning the whole battle given his
     roll; between equally good choices, the most dice.  */
  RO_DEFENDER_OPTIMAL = 2,
  /* Wieringa's rules as the figures of seed 001 apply them: rule (3)
     looks at the attacker's second die in the order rolled, not at his
     second-highest (all 239 values of his Figure 4 follow from this, 82
     from the rules as stated).  */
  RO_DEFENDER_WIERINGA_ROLLED = 3
} ro_defender_t;

/* How many dice the attacker rolls.  He decides before rolling.  */
typedef enum
{
  RO_ATTACKER_MAX = 0,          /* the most allowed */
  /* The number of dice, 1 up to the most allowed, that maximises his
     exact probability of winning the whole battle against the defender's
     policy; between equally good choices, the most dice.  */
  RO_ATTACKER_OPTIMAL = 1
} ro_attacker_t;

/* Limits of the rule parameters the library accepts.  */
#define RO_SIDES_MIN   2
#define RO_SIDES_MAX   100
#define RO_DICE_MAX    5
#define RO_BONUS_MAX   100
#define RO_BONUS_DICE_ALL RO_DICE_MAX  /* the bonus on every die */
#define RO_ARMIES_MAX  100000000UL
/* The most attack rolls a defender policy other than RO_DEFENDER_MAX may
   have to tell apart, summed over every number of dice (see ro_rolls and
   ro_rules_rolls): 100-sided dice, 3 attack and 2 defence dice have
   10500.  */
#define RO_ROLLS_MAX   100000UL

/* A rule set.  Initialise with ro_rules_init (the standard game), then
   change fields; ro_rules_check tells whether the result is usable.  */
typedef struct
{
  unsigned attack_sides;   /* faces of each attacking die (6) */
  unsigned defend_sides;   /* faces of each defending die (6) */
  unsigned attack_dice;    /* most dice the attacker rolls (3) */
  unsigned defend_dice;    /* most dice the defender rolls (2) */
  int attack_bonus;        /* added to the attacker's highest die (0);
                              Georgiou's hero is +1, Risk Legacy's
                              penalties < 0 */
  int defend_bonus;        /* the same for the defender: hero + fortress */
  /* How many of a side's highest dice its bonus is added to (1, or 0:
     the highest only, in the first comparison; RO_BONUS_DICE_ALL, or any
     number at least the dice rolled: every die).  Each side's dice are
     sorted by what they show, the bonus is added to the K highest, and
     the i-th highest die of one side meets the i-th highest of the
     other: a penalty does not re-sort the dice.  */
  unsigned attack_bonus_dice;
  unsigned defend_bonus_dice;
  /* 1: a modified die stays on its faces, 1 .. sides (Risk Legacy: a 1
     with -1 is still a 1, a 6 with +1 still a 6); 0 (the default, and
     Georgiou's): the sum is compared as it is.  */
  int clamp;
  ro_ties_t ties;          /* RO_TIES_DEFENDER */
  ro_count_t count;        /* RO_COUNT_TERRITORY */
  unsigned long stop;      /* the attacker stops (and has lost) once his
                              armies, counted as COUNT says, are down to
                              STOP or fewer (0: he fights while he can
                              roll) */
  unsigned long goal;      /* the attacker is satisfied (and has won) once
                              the defender is down to GOAL or fewer (0);
                              a round that reaches both STOP and GOAL is
                              won: the goal is checked first */
  ro_defender_t defender;  /* RO_DEFENDER_MAX */
  ro_attacker_t attacker;  /* RO_ATTACKER_MAX */
  /* Risk 2210 A.D.'s mixed dice (0, 0, 0: none).  ATTACK_COMMANDERS
     (DEFEND_COMMANDERS) of the side's armies are commanders: each rolls
     an eight-sided die in place of a six-sided one while it fights, and
     is lost last, when no other army of the side is left.  With U
     armies, min(C, U) commanders are left, so a side rolling K dice
     rolls min(C, K) eight-sided dice and the rest six-sided: an army
     rolls its commanders' dice first, a d8 never being worse than a
     d6.  The army that stays behind in the territory convention is an
     ordinary one while there is one, so the fighting armies hold
     min(C, F) commanders and the count is min(C, K) there too.
     DEFEND_STATION 1: a space station, every defence die eight-sided.
     A side with commanders or a station rolls six-sided ordinary dice
     (its sides must be 6), no clamp; when some but not all of a side's
     dice can be eight-sided (0 < C < its most dice), the defender
     rolls the most dice (RO_DEFENDER_MAX).  Dice are compared highest
     against highest whatever their sides, ties as TIES says.  */
  unsigned long attack_commanders;
  unsigned long defend_commanders;
  int defend_station;
} ro_rules_t;

/* The faces of a commander's die, and of every die under a station.  */
#define RO_COMMANDER_SIDES 8

/* How many of the N dice the attacker (DEFENDER 0) or the defender
   rolls are a commander's (or a station's) eight-sided dice under
   RULES: min(commanders, N), N under a station.  */
unsigned ro_rules_eight_sided (const ro_rules_t *rules, int defender,
                               unsigned n);

/* The standard game: d6, 3 attack dice, 2 defence dice, ties to the
   defender, territory count.  */
void ro_rules_init (ro_rules_t *rules);

/* 0 when RULES is within the limits above (bonuses from -RO_BONUS_MAX to
   RO_BONUS_MAX on 0 to RO_BONUS_DICE_ALL dice, clamp 0 or 1, stop and
   goal at most RO_ARMIES_MAX), RO_ERULES otherwise.  */
int ro_rules_check (const ro_rules_t *rules);

/* 1 when RULES is the standard game in either counting convention (the
   stop and goal thresholds and the dice policies are not looked at).  */
int ro_rules_is_standard (const ro_rules_t *rules);

/* The number of dice each side rolls in state (A, D) under RULES, with A
   counted as RULES->count says; 0 when that side cannot roll.  */
unsigned ro_rules_attack_dice (const ro_rules_t *rules, unsigned long a);
unsigned ro_rules_defend_dice (const ro_rules_t *rules, unsigned long d);

/* ------------------------------------------------------------------ */
/* Editions: the rules of an edition or house rule, by name           */
/* ------------------------------------------------------------------ */

/* An edition or house rule (the program's --edition NAME): the rules
   it sets, written as the program's rule options ("--defend-bonus 1
   --clamp"; "" for the standard game), and where they come from.  Only
   editions whose battle rules the rule fields state exactly.  */
typedef struct
{
  const char *name;        /* "legacy-bunker" */
  const char *title;       /* a few words: "Risk Legacy's bunker" */
  const char *options;     /* the rules it sets, as rule options */
  const char *source;      /* the rulebook, or where the rule is from */
} ro_edition_t;

/* How many editions there are (14), and the I-th of them in the order
   'riskodds editions' lists them (NULL when I >= the count).  */
size_t ro_edition_count (void);
const ro_edition_t *ro_edition_at (size_t i);

/* The edition called NAME, or NULL (also for NAME NULL).  */
const ro_edition_t *ro_edition_find (const char *name);

/* The rules EDITION sets, set in RULES over what it holds: every other
   field is left as it is, so that rules given explicitly are set after
   it (they win).  0, or RO_EINVAL (RULES untouched) for a NULL
   argument or options the library cannot read.  */
int ro_edition_rules (ro_rules_t *rules, const ro_edition_t *edition);

/* ------------------------------------------------------------------ */
/* Dice: exact outcome counts of one round                            */
/* ------------------------------------------------------------------ */

/* The outcome of one round in which the attacker rolls NA dice and the
   defender ND: min(NA, ND) comparisons are made.  count[k] is the number
   of the TOTAL equally likely ordered rolls in which the attacker loses k
   armies and the defender loses (comparisons - k), for k = 0 ..
   comparisons.  TOTAL = attack_sides^NA * defend_sides^ND, or under
   mixed dice (commanders, a station) the product of every die's faces:
   8^X * 6^(NA - X) * 8^Y * 6^(ND - Y), X and Y the eight-sided dice of
   each side (ro_rules_eight_sided).  */
typedef struct
{
  unsigned attack_dice;
  unsigned defend_dice;
  unsigned comparisons;
  mpz_t total;
  mpz_t count[RO_DICE_MAX + 1];
} ro_round_t;

void ro_round_init (ro_round_t *round);
void ro_round_clear (ro_round_t *round);

/* Count the outcomes of one round of NA against ND dice under RULES.
   1 <= NA <= rules->attack_dice, 1 <= ND <= rules->defend_dice.  The
   count runs over the sorted order statistics, not over every roll, so it
   is fast for every allowed rule set.  */
int ro_round_count (ro_round_t *round, const ro_rules_t *rules,
                    unsigned na, unsigned nd);

/* An upper estimate in *BYTES of the memory counting the rounds of
   RULES takes (ro_round_count of its largest dice; every battle's model
   counts them all): two tables of the sweep over the faces, which grow
   as the faces to the power of the dice a bonus applies to when it
   applies to some of them only (40-sided dice, 5 against 5, a bonus on
   3 of the attacker's: 1.4 GB).  Standard dice: a few KiB.  */
int ro_dice_memory (double *bytes, const ro_rules_t *rules);

/* 1 when, in every round of any dice either side may roll, the
   defender wins every comparison with positive probability: the
   attacker can then lose every round until he cannot roll, and no
   battle against more defenders than the goal, nor any chain, is won
   with certainty: P(win) < 1 for every attack.  Under bonuses on the
   highest dice alone this is whether he wins the first comparison of
   one die against one with positive probability.  0 otherwise (a large
   attack bonus: some round always costs the defender an army).  A
   negative code for invalid RULES.  */
int ro_defender_can_win (const ro_rules_t *rules);

/* One round of NA attack dice against a defender who may roll up to
   ND and chooses as RULES->defender says, when his choice does not
   depend on the armies (all but RO_DEFENDER_OPTIMAL, for which
   RO_EINVAL): COUNT[K][L] is the number of the
   TOTAL = attack_sides^NA * defend_sides^ND equally likely cases in
   which the attacker loses K armies and the defender L.  The caller
   initialises COUNT and TOTAL.  */
int ro_round_policy (mpz_t count[RO_DICE_MAX + 1][RO_DICE_MAX + 1],
                     mpz_t total, const ro_rules_t *rules, unsigned na,
                     unsigned nd);

/* ------------------------------------------------------------------ */
/* Policies: which attack rolls a defender tells apart                */
/* ------------------------------------------------------------------ */

/* When the attacker rolls NA dice against a defender who may roll up to
   ND, only the attacker's SHOWN = min(NA, ND) highest dice can matter,
   whatever the defender rolls; the rolls with the same highest dice form
   one class.  Classes are listed by their highest dice, descending
   lexicographically (6 6 first); weight[i] is the number of the
   attack_sides^NA ordered rolls in class i.  */
typedef struct
{
  unsigned attack_dice, defend_dice, shown;
  size_t n;
  unsigned char *top;           /* class i: top[i*shown .. i*shown+shown-1] */
  unsigned long *weight;
} ro_rolls_t;

void ro_rolls_init (ro_rolls_t *rolls);
void ro_rolls_clear (ro_rolls_t *rolls);

/* The classes of NA attack dice against up to ND defence dice under
   RULES (1 <= NA <= attack_dice, 1 <= ND <= defend_dice).  RO_ERANGE when
   there would be more than RO_ROLLS_MAX of them.  */
int ro_rolls (ro_rolls_t *rolls, const ro_rules_t *rules, unsigned na,
              unsigned nd);

/* The classes of every (NA, ND) pair of RULES together: what
   RO_ROLLS_MAX bounds for a defender policy other than RO_DEFENDER_MAX
   (RO_ROLLS_MAX + 1 when there are more).  For
   RO_DEFENDER_WIERINGA_ROLLED, whose answer depends on the order of the
   dice, the ordered attack rolls of every NA when they are more.  */
size_t ro_rules_rolls (const ro_rules_t *rules);

/* The number of ordered rolls of ND defence dice (of defend_sides^ND) in
   which the attacker, whose highest dice are TOP[0 .. min(NA, ND) - 1]
   (descending, NA dice rolled), loses K armies and the defender
   min(NA, ND) - K: COUNT[K], K = 0 .. min(NA, ND).  */
int ro_rolls_answer (unsigned long *count, const ro_rules_t *rules,
                     unsigned na, const unsigned char *top, unsigned nd);

/* The dice Wieringa's defender rolls, holding D armies, against the
   attacker's NA dice whose highest are TOP (descending, min(NA, 2)
   values at least): rules (1) to (4) of ro_defender_t.  */
unsigned ro_wieringa_dice (const ro_rules_t *rules, unsigned na,
                           const unsigned char *top, unsigned long d);

/* ------------------------------------------------------------------ */
/* Battle: the exact probability that the attacker conquers           */
/* ------------------------------------------------------------------ */

/* P(attacker conquers) for a battle that starts with A attacking and D
   defending armies (A counted as RULES->count says), each side rolling
   the dice its policy chooses (RULES->defender, RULES->attacker; by
   default the most allowed), fought to the end, by the fastest engine
   that applies (see ro_method_t and ro_battle_win_method).  The result is a
   canonical rational.  D = 0 gives 1; an attacker who cannot roll gives 0;
   A = 0 under RO_COUNT_TERRITORY is RO_EINVAL (a territory holds at least
   one army).  */
int ro_battle_win (mpq_t win, const ro_rules_t *rules,
                   unsigned long a, unsigned long d);

/* P(attacker conquers) for every battle of a grid: A from A_LO to A_HI
   (counted as RULES->count says) and D from D_LO to D_HI, all from one
   pass of the recursion.  FN is called once per cell, A ascending and D
   ascending within each A, with the canonical P(win); a non-zero return
   from FN stops the pass and is returned.  Memory is that of
   ro_battle_win (A_HI, D_HI).  */
typedef int (*ro_battle_fn) (void *data, unsigned long a, unsigned long d,
                             const mpq_t win);
int ro_battle_grid (const ro_rules_t *rules, unsigned long a_lo,
                    unsigned long a_hi, unsigned long d_lo,
                    unsigned long d_hi, ro_battle_fn fn, void *data);

/* The same grid on THREADS threads (0: ro_threads_available ()), with
   the same values whatever THREADS is: rows of states are cut into
   blocks of columns, and a block is solved once the block to its left
   and the rows below it are, each state by the same operations as on
   one thread.  FN is called once per cell with the canonical P(win),
   but with more than one thread concurrently from several threads
   (each reduces and reports the cells it solved), and in no particular
   order among the rows in flight: it must be thread-safe.  ROW, when
   not NULL, is called from the calling thread only, once per A,
   ascending, after FN has returned for every cell of A; FN is called
   for no cell of A + W before ROW has returned for A, W being
   ro_battle_grid_window (RULES, D_HI, THREADS), so a caller can keep W
   rows of results (in a ring indexed by A modulo W) and write them out
   in order from ROW.  With one thread FN is called on the calling
   thread, in the order of ro_battle_grid, which is this with one thread
   and no ROW.  A non-zero return from FN or ROW stops the pass: the
   calls of FN in flight on other threads return, every thread is
   joined, and the first non-zero return is returned.  THREADS above
   RO_THREADS_MAX is RO_EINVAL; if the system gives fewer threads than
   asked, the pass runs on those it gives.  The optimal policies run on
   every thread, each with its own work space.  Memory: see
   ro_battle_grid_memory.  */
#define RO_THREADS_MAX 256
typedef int (*ro_grid_row_fn) (void *data, unsigned long a);
int ro_battle_grid_threads (const ro_rules_t *rules, unsigned long a_lo,
                            unsigned long a_hi, unsigned long d_lo,
                            unsigned long d_hi, unsigned threads,
                            ro_battle_fn fn, ro_grid_row_fn row, void *data);

/* The rows of results in flight in ro_battle_grid_threads (at least
   1); THREADS as there, RO_THREADS_MAX at most.  */
unsigned long ro_battle_grid_window (const ro_rules_t *rules,
                                     unsigned long d_hi, unsigned threads);

/* An upper estimate of the memory of ro_battle_grid_threads up to
   (A, D) on THREADS threads, in *BYTES: the ring of rows grows with the
   rows in flight, and each thread has its own temporaries.  With one
   thread it is ro_battle_memory_method (RULES, A, D,
   RO_METHOD_RECURSION).  */
int ro_battle_grid_memory (double *bytes, const ro_rules_t *rules,
                           unsigned long a, unsigned long d,
                           unsigned threads);

/* The processors this process may run on (its CPU affinity, else the
   processors online), at least 1 and at most RO_THREADS_MAX.  */
unsigned ro_threads_available (void);

/* An upper estimate, in bytes, of the memory ro_battle_win needs for
   (A, D), with the engine it picks; stored in *BYTES.  Lets a caller
   refuse a battle up front instead of running out of memory (GMP aborts
   when allocation fails).  */
int ro_battle_memory (double *bytes, const ro_rules_t *rules,
                      unsigned long a, unsigned long d);

/* ------------------------------------------------------------------ */
/* Engines: how one battle is computed                                */
/* ------------------------------------------------------------------ */

/* Every engine gives the same exact values; they differ in what they
   apply to and in what they cost.  */
typedef enum
{
  /* The fastest engine that applies to the rules: the strip when it
     does, the recursion otherwise; for one battle's P(win) of 4000
     armies or more in all, the split where the strip applies (every
     shape, very unequal battles too).  A distribution and its
     distribution (ro_battle_dist) never uses the split; the statistics
     do through ro_battle_stats.  */
  RO_METHOD_AUTO = 0,
  /* Every state (A', D') with A' <= A, D' <= D, backward for P(win) and
     forward for the distribution: O(A D) states of O(A + D) limbs.
     Applies to every rule set, and gives grids (ro_battle_grid) and the
     dice policies their values.  */
  RO_METHOD_RECURSION = 1,
  /* One battle in O((A + D)^2) time and O(A + D) memory: the states
     where both sides roll their most dice are summed in closed form, as
     powers of one polynomial, and only a band of bounded width along
     their edges is walked.  Applies when both sides always roll the most
     dice allowed (RO_DEFENDER_MAX, RO_ATTACKER_MAX), with any dice,
     bonuses, ties, count, stop and goal.  */
  RO_METHOD_STRIP = 2,
  /* One battle's P(win) in quasi-linear time, O(M(n) log n) for n = A + D
     and M(n) the time of a product of n-digit integers: the strip's sums
     along the edges of the full-dice region by binary splitting (a
     product tree of small polynomial matrices).  Applies where the strip
     does; a battle that starts outside the full-dice region, whose
     rounds there have one outcome, or whose stop or goal is above 63 is
     left to the strip engine, as are the ends of a distribution.
     RO_METHOD_AUTO uses it for one battle's P(win) from 4000 armies in
     all (both sides together).  */
  RO_METHOD_SPLIT = 3
} ro_method_t;

/* 1 when METHOD can compute the battles of RULES (RO_METHOD_AUTO and
   RO_METHOD_RECURSION always can), 0 otherwise.  */
int ro_method_applies (const ro_rules_t *rules, ro_method_t method);

/* The engine RO_METHOD_AUTO uses for RULES (METHOD itself otherwise).  */
ro_method_t ro_method_choose (const ro_rules_t *rules, ro_method_t method);

/* ro_battle_win, ro_battle_dist and ro_battle_memory with the engine
   METHOD; RO_EINVAL when it does not apply to RULES.  */
int ro_battle_win_method (mpq_t win, const ro_rules_t *rules,
                          unsigned long a, unsigned long d,
                          ro_method_t method);
int ro_battle_memory_method (double *bytes, const ro_rules_t *rules,
                             unsigned long a, unsigned long d,
                             ro_method_t method);

/* The memory ro_battle_dist_method needs: the engine's, and the ends it
   returns (about A + D fractions of the size of P(win)).  */
int ro_battle_dist_memory (double *bytes, const ro_rules_t *rules,
                           unsigned long a, unsigned long d,
                           ro_method_t method);

/* The same grid in double precision: the recursion of ro_battle_win
   with every probability a double (the round probabilities rounded once
   from their exact counts), as every floating-point calculator computes
   it.  It exists to measure what double precision loses against the
   exact values; never report its values as exact.  FN is called as in
   ro_battle_grid.  Memory: like ro_battle_win, a ring of rows of D_HI + 1
   doubles (see ro_battle_memory_double).  Only for the standard dice
   policies (RO_DEFENDER_MAX, RO_ATTACKER_MAX): RO_EINVAL otherwise.  */
typedef int (*ro_battle_double_fn) (void *data, unsigned long a,
                                    unsigned long d, double win);
int ro_battle_grid_double (const ro_rules_t *rules, unsigned long a_lo,
                           unsigned long a_hi, unsigned long d_lo,
                           unsigned long d_hi, ro_battle_double_fn fn,
                           void *data);
int ro_battle_memory_double (double *bytes, const ro_rules_t *rules,
                             unsigned long a, unsigned long d);

/* ------------------------------------------------------------------ */
/* Plan: the choices of the dice policies, state by state             */
/* ------------------------------------------------------------------ */

/* Every battle function above and below follows RULES->defender and
   RULES->attacker.  Under RO_DEFENDER_OPTIMAL or RO_ATTACKER_OPTIMAL a
   choice depends on the P(win) of the states a round can lead to, all
   compared exactly; a plan records the choices made in every state of
   a battle, for the forward passes (ro_battle_dist, ro_chain) and for
   showing them.  A choice depends only on its state, not on the battle
   it is part of.  */
typedef struct
{
  ro_rules_t rules;
  unsigned long attackers, defenders;   /* the battle planned */
  mpq_t win;                            /* its P(win) */
  void *impl;
} ro_plan_t;

void ro_plan_init (ro_plan_t *plan);
void ro_plan_clear (ro_plan_t *plan);

/* Plan every state of the battle A against D (A counted as
   RULES->count says): the states (A', D') with A' <= A, D' <= D.  The
   plan's memory is about (A + 1) (D + 1) bytes per attack roll class
   (see ro_plan_memory).  Errors as ro_battle_win, and RO_ERANGE as
   ro_rolls.  */
int ro_plan_solve (ro_plan_t *plan, const ro_rules_t *rules,
                   unsigned long a, unsigned long d);

/* An upper estimate of the bytes ro_plan_solve needs, as
   ro_battle_memory.  */
int ro_plan_memory (double *bytes, const ro_rules_t *rules,
                    unsigned long a, unsigned long d);

/* The choices in state (A, D) of a plan.  */
typedef struct
{
  unsigned attack_dice;       /* the dice the attacker rolls; 0 when the
                                 battle is over in this state */
  unsigned most_attack_dice;  /* the most he may roll */
  unsigned most_defend_dice;  /* the most the defender may roll */
  unsigned shown;             /* min(attack_dice, most_defend_dice) */
  size_t rolls;               /* the classes of the attacker's roll, as
                                 ro_rolls (attack_dice, most_defend_dice)
                                 lists them */
} ro_choice_t;

/* *CHOICE for state (A, D), A <= plan->attackers and D <=
   plan->defenders, else RO_EINVAL.  */
int ro_plan_choice (ro_choice_t *choice, const ro_plan_t *plan,
                    unsigned long a, unsigned long d);

/* The defender's answer in state (A, D) to roll class I (I < rolls):
   the number of dice he rolls; 0 when the state has no such class, and
   under RO_DEFENDER_WIERINGA_ROLLED, whose answer is not one per class.
   The class's dice and weight are those of ro_rolls.  */
unsigned ro_plan_defend_dice (const ro_plan_t *plan, unsigned long a,
                              unsigned long d, size_t i);

/* ------------------------------------------------------------------ */
/* Distribution: how a battle ends                                    */
/* ------------------------------------------------------------------ */

/* One way a battle can end.  */
typedef struct
{
  int won;                 /* 1: the attacker conquered (or reached the
                              goal); 0: the defender held, or the battle
                              goes on (UNRESOLVED) */
  int unresolved;          /* 1: a battle limited to a number of rounds
                              (ro_battle_dist_rounds) still going on
                              after them; 0 otherwise */
  unsigned long attackers; /* the attacker's armies left, counted as
                              rules->count says (with the territory count,
                              the army that stayed behind included) */
  unsigned long defenders; /* the defender's armies left */
  mpq_t p;                 /* its exact probability, canonical */
} ro_outcome_t;

/* Every end of positive probability, the attacker's best first: his wins
   by armies left, most first (then by defenders left, fewest first, when
   a goal lets him win with defenders left); then, in a battle limited
   to a number of rounds, the states still fighting after them, by the
   attacker's armies left, most first, then the defender's, fewest
   first; then the defender's holds by defenders left, fewest first.
   The probabilities sum exactly to 1, WIN is the sum over the wins
   (ro_battle_win's value) and UNRESOLVED the sum over the battles going
   on (0 but for ro_battle_dist_rounds).  */
typedef struct
{
  size_t n;
  ro_outcome_t *outcome;
  mpq_t win;
  mpq_t unresolved;
} ro_dist_t;

void ro_dist_init (ro_dist_t *dist);
void ro_dist_clear (ro_dist_t *dist);

/* The distribution of the end of the battle A against D under RULES
   (stop and goal included), on integers, with no matrix inverted: by the
   fastest engine that applies (see ro_method_t; the recursion's is a
   forward pass over the states), or by METHOD.  Needs the memory of
   ro_battle_dist_memory.  Errors as ro_battle_win.  */
int ro_battle_dist (ro_dist_t *dist, const ro_rules_t *rules,
                    unsigned long a, unsigned long d);
int ro_battle_dist_method (ro_dist_t *dist, const ro_rules_t *rules,
                           unsigned long a, unsigned long d,
                           ro_method_t method);

/* The battle A against D fought for at most ROUNDS rounds (at least 1;
   "attack three times and see"): DIST gets every state of positive
   probability once they are over, the battle's ends (WON 1, or 0 when
   the defender held) and the states still fighting (UNRESOLVED 1, WON
   0), with the armies left on both sides.  P(loss) = 1 - WIN -
   DIST->unresolved.  With ROUNDS = 1 the outcomes are those of one round
   (ro_round_count); with ROUNDS at least the armies of both sides (every
   round costs one) nothing is left unresolved and DIST is
   ro_battle_dist's.  One forward pass of ROUNDS steps over the states,
   on integers over one denominator.  The optimal policies, whose
   choices depend on the unlimited battle's P(win), are RO_EINVAL; so is
   ROUNDS = 0.  Errors otherwise as ro_battle_dist.  */
int ro_battle_dist_rounds (ro_dist_t *dist, const ro_rules_t *rules,
                           unsigned long a, unsigned long d,
                           unsigned long rounds);

/* An upper estimate of the bytes ro_battle_dist_rounds needs.  */
int ro_battle_rounds_memory (double *bytes, const ro_rules_t *rules,
                             unsigned long a, unsigned long d,
                             unsigned long rounds);

/* P(the attacker conquers within ROUNDS rounds) for every battle of a
   grid, as ro_battle_grid: FN (DATA, A, D, WIN, UNRESOLVED) once per
   cell, A ascending and D ascending within each A, with canonical
   rationals; UNRESOLVED, P(the battle still going on after ROUNDS
   rounds), when asked for (UNRESOLVED non-zero), else NULL.  P(loss) =
   1 - WIN - UNRESOLVED.  One backward pass of the recursion with a
   round coordinate (ROUNDS steps, at most A_HI + D_HI) over every state
   up to the corner, on integers over one denominator.  The optimal
   policies are RO_EINVAL, as in ro_battle_dist_rounds; so are ROUNDS =
   0 and an empty range.  A non-zero return from FN stops the pass and is
   returned.  */
typedef int (*ro_rounds_fn) (void *data, unsigned long a, unsigned long d,
                             const mpq_t win, const mpq_t unresolved);
int ro_battle_grid_rounds (const ro_rules_t *rules, unsigned long a_lo,
                           unsigned long a_hi, unsigned long d_lo,
                           unsigned long d_hi, unsigned long rounds,
                           int unresolved, ro_rounds_fn fn, void *data);

/* An upper estimate of the bytes ro_battle_grid_rounds needs up to the
   corner (A, D).  */
int ro_battle_grid_rounds_memory (double *bytes, const ro_rules_t *rules,
                                  unsigned long a, unsigned long d,
                                  unsigned long rounds, int unresolved);

/* Expectations over a distribution: unconditional, given that the
   attacker wins, given that he loses (the defender held: not a battle
   still going on after a limit of rounds, which counts in the
   unconditional values only).  */
enum
{
  RO_GIVEN_ANY = 0,
  RO_GIVEN_WIN = 1,
  RO_GIVEN_LOSS = 2
};

/* For each condition c: has[c] is 0 when the condition has probability 0
   (the values are then not set); otherwise the expected armies left of
   each side (the attacker's counted as in ro_outcome_t), their variances,
   and the expected armies each side lost (its start minus its expected
   armies left).  */
typedef struct
{
  int has[3];
  mpq_t attackers_left[3], attackers_left_var[3];
  mpq_t defenders_left[3], defenders_left_var[3];
  mpq_t attackers_lost[3], defenders_lost[3];
} ro_stats_t;

void ro_stats_init (ro_stats_t *stats);
void ro_stats_clear (ro_stats_t *stats);

/* STATS of DIST, the distribution of the battle A against D.  */
int ro_dist_stats (ro_stats_t *stats, const ro_dist_t *dist,
                   unsigned long a, unsigned long d);

/* STATS of the battle A against D by METHOD, with no distribution where
   the split engine takes the battle (RO_METHOD_AUTO: where it would for
   ro_battle_win, 4000 armies or more in all): each sum of ro_dist_stats
   is a sum over the split's exits; elsewhere ro_battle_dist_method
   then ro_dist_stats.  The same values either way.  WIN, unless NULL,
   gets P(win).  Errors as ro_battle_dist_method.  */
int ro_battle_stats (ro_stats_t *stats, mpq_ptr win, const ro_rules_t *rules,
                     unsigned long a, unsigned long d);
int ro_battle_stats_method (ro_stats_t *stats, mpq_ptr win,
                            const ro_rules_t *rules, unsigned long a,
                            unsigned long d, ro_method_t method);

/* The memory ro_battle_stats_method needs: the split engine's where it
   takes the battle, else ro_battle_dist_memory's.  */
int ro_battle_stats_memory (double *bytes, const ro_rules_t *rules,
                            unsigned long a, unsigned long d,
                            ro_method_t method);

/* ------------------------------------------------------------------ */
/* Chain: conquering territories one after another                    */
/* ------------------------------------------------------------------ */

/* The attacker attacks territory 1 (D[0] armies) with A armies (counted
   as rules->count says); each time he conquers one he leaves one army in
   it and moves all the others on against the next.  taken[j] is the
   probability that exactly j of the K territories fall (j = 0 .. K), so
   taken[K] is the probability of taking them all; when he does,
   armies[i] armies reach the last territory with probability
   armies_p[i] (most first).  rules->stop applies to every battle; a goal
   is refused (RO_EINVAL), as is a territory of no armies.  */
/* Where a chain stops: territory (0 .. K-1) held, with DEFENDERS of
   its armies left, the attacker having ATTACKERS left (counted as
   rules->count says, the army behind him included: 1 in the territory
   count and 0 in the attackers count unless --stop stopped him early),
   with probability P.  */
typedef struct
{
  size_t territory;
  unsigned long attackers;
  unsigned long defenders;
  mpq_t p;
  int unresolved;               /* 1: still fighting for the territory
                                   when the rounds of ro_chain_rounds run
                                   out; 0: the territory held */
} ro_chain_stop_t;

typedef struct
{
  size_t k;
  mpq_t *taken;
  size_t n_armies;
  unsigned long *armies;
  mpq_t *armies_p;
  /* Every stop of positive probability, by territory, then by
     defenders left (fewest first), then by attackers left (most
     first); their sum is 1 - taken[K], and the sum of those of
     territory j is taken[j].  */
  size_t n_stops;
  ro_chain_stop_t *stop;
  /* NULL but from ro_chain_rounds: unresolved[j] (j = 0 .. K) is the
     part of taken[j] still fighting for territory j + 1 when the rounds
     run out (unresolved[K] = 0), the sum of the unresolved stops of
     territory j.  */
  mpq_t *unresolved;
} ro_chain_t;

void ro_chain_init (ro_chain_t *chain);
void ro_chain_clear (ro_chain_t *chain);
int ro_chain (ro_chain_t *chain, const ro_rules_t *rules, unsigned long a,
              const unsigned long *d, size_t k);

/* The same with rules of its own for each territory: RULES[i] is the
   rule set of the battle for territory i (its dice, sides, bonuses,
   ties and the defender's policy).  The attacker's count and stop are
   his own, the same in every territory (RO_EINVAL otherwise); dice of
   different sides in different territories are fine.  */
int ro_chain_rules (ro_chain_t *chain, const ro_rules_t *rules,
                    unsigned long a, const unsigned long *d, size_t k);

/* The chain of ro_chain_rules, the attack stopped after ROUNDS rounds
   in all (at least 1; conquering a territory and moving on takes no
   round): taken[j] is then P(exactly j territories taken when the
   attack ends or the rounds run out), the stops include the states
   still fighting (UNRESOLVED 1, with the armies left on both sides),
   and chain->unresolved[j] says how much of taken[j] is still
   fighting.  One forward pass of ROUNDS steps (at most the armies of
   both sides) over the states (territory, attackers, defenders), on
   integers over one denominator (a common multiple of the rounds' of
   every territory).  The optimal policies are RO_EINVAL (their choices
   weigh the unlimited battle's odds); so is ROUNDS = 0.  */
int ro_chain_rounds (ro_chain_t *chain, const ro_rules_t *rules,
                     unsigned long a, const unsigned long *d, size_t k,
                     unsigned long rounds);

/* An upper estimate of the bytes ro_chain_rounds needs.  */
int ro_chain_rounds_memory (double *bytes, const ro_rules_t *rules,
                            unsigned long a, const unsigned long *d,
                            size_t k, unsigned long rounds);

/* Whose odds an optimizing dice policy (RO_DEFENDER_OPTIMAL,
   RO_ATTACKER_OPTIMAL) weighs in a chain.  */
typedef enum
{
  /* Each battle's own: the attacker maximises, the defender minimises
     the probability of winning the battle under way (ro_chain).  */
  RO_SCOPE_BATTLE = 0,
  /* The whole chain's: the attacker maximises, the defender minimises
     the probability of taking every territory still to fight, both
     seeing the armies of the battle under way and the defenders of the
     territories after it.  Every territory then rolls dice of the same
     sides (RO_EINVAL otherwise).  */
  RO_SCOPE_CHAIN = 1
} ro_scope_t;

/* ro_chain_rules with the policies' choices made for SCOPE.  */
int ro_chain_scope (ro_chain_t *chain, const ro_rules_t *rules,
                    unsigned long a, const unsigned long *d, size_t k,
                    ro_scope_t scope);

/* The same with RO_SCOPE_CHAIN's objective P(taking at least TARGET of
   the K territories) (1 <= TARGET <= K, RO_EINVAL otherwise): the
   attacker maximises it, the defender minimises it, in the first TARGET
   battles; once the TARGET-th territory falls the objective is met, so
   the battles after it are fought with each battle's own choices (as
   RO_SCOPE_BATTLE).  TARGET = K is ro_chain_scope; under RO_SCOPE_BATTLE
   TARGET changes nothing.  Only the first TARGET territories need dice
   of the same sides.  */
int ro_chain_scope_target (ro_chain_t *chain, const ro_rules_t *rules,
                           unsigned long a, const unsigned long *d,
                           size_t k, ro_scope_t scope, size_t target);

/* An upper estimate of the bytes ro_chain_scope_target (and so ro_chain,
   ro_chain_rules, ro_chain_scope) needs for A against D[0 .. K-1] under
   RULES[0 .. K-1] with SCOPE: the seeds of two battles at once, the
   numbers' limbs counted (a seed's numerator grows by up to
   ro_rules_bits_per_army bits per army lost before it), a battle's
   engine and plan (all K plans under RO_SCOPE_CHAIN with an optimizing
   policy), the stops, and the final armies' fractions.  Errors as
   ro_chain_scope.  */
int ro_chain_memory (double *bytes, const ro_rules_t *rules,
                     unsigned long a, const unsigned long *d, size_t k,
                     ro_scope_t scope);

/* Expectations over a chain of A against D[0 .. K-1]: the territories
   taken, the attacking armies lost (killed by the dice: the armies
   left behind in the conquered territories are not lost) and the
   defending armies lost, each with its variance; unconditional.  */
typedef struct
{
  mpq_t taken, taken_var;
  mpq_t attackers_lost, attackers_lost_var;
  mpq_t defenders_lost, defenders_lost_var;
} ro_chain_stats_t;

void ro_chain_stats_init (ro_chain_stats_t *stats);
void ro_chain_stats_clear (ro_chain_stats_t *stats);
int ro_chain_stats (ro_chain_stats_t *stats, const ro_chain_t *chain,
                    const ro_rules_t *rules, unsigned long a,
                    const unsigned long *d);

/* ------------------------------------------------------------------ */
/* Fortify: the defender's best split of his armies over a chain      */
/* ------------------------------------------------------------------ */

/* One split: D[0 .. K-1] armies (each at least 1) on the territories of
   the chain in the order they are attacked; at_least[j - 1] is the
   attacker's exact probability of taking at least j of them (j = 1 ..
   K; at_least[K - 1] is P(taking all)).  */
typedef struct
{
  unsigned long *d;
  mpq_t *at_least;
} ro_split_t;

/* Every split of TOTAL armies over K territories, in lexicographic
   order of D (1 1 .. TOTAL-K+1 first).  */
typedef struct
{
  size_t k;
  unsigned long total;
  size_t n;
  ro_split_t *split;
} ro_fortify_t;

/* The most splits ro_fortify computes.  */
#define RO_FORTIFY_MAX 100000

void ro_fortify_init (ro_fortify_t *f);
void ro_fortify_clear (ro_fortify_t *f);

/* *N = the number of splits of TOTAL over K, C(TOTAL - 1, K - 1) (as a
   double: it may be huge); RO_EINVAL when K = 0 or TOTAL < K.  */
int ro_fortify_count (double *n, unsigned long total, size_t k);

/* Every split of TOTAL defending armies over K territories against the
   chain attack of A armies under RULES (ro_chain_scope with SCOPE, one
   chain per split): exhaustive, C(TOTAL - 1, K - 1) chains, RO_ERANGE
   above RO_FORTIFY_MAX of them.  */
int ro_fortify (ro_fortify_t *f, const ro_rules_t *rules, unsigned long a,
                unsigned long total, size_t k, ro_scope_t scope);

/* The same with each chain's policies aiming at P(taking at least
   TARGET) (ro_chain_scope_target; 1 <= TARGET <= K).  */
int ro_fortify_target (ro_fortify_t *f, const ro_rules_t *rules,
                       unsigned long a, unsigned long total, size_t k,
                       ro_scope_t scope, size_t target);

/* ORDER[0 .. f->n - 1] = the splits' indices from the best for the
   defender to the worst by P(taking at least J) (1 <= J <= K), equal
   values in lexicographic order.  */
int ro_fortify_rank (size_t *order, const ro_fortify_t *f, size_t j);

/* An upper estimate of the bytes ro_fortify_target needs (and the K
   rankings of ro_fortify_rank, one at a time): one chain's peak
   (ro_chain_memory, bounded over every split) and every split's K
   fractions, whose numbers have up to (A + TOTAL) times the bits per
   army.  RO_ERANGE above RO_FORTIFY_MAX splits, errors as
   ro_fortify.  */
int ro_fortify_memory (double *bytes, const ro_rules_t *rules,
                       unsigned long a, unsigned long total, size_t k,
                       ro_scope_t scope);

/* The N splits (all of them when fewer) best for the defender by
   P(taking at least J) (1 <= J <= K), without enumerating them: F's
   splits best first, each with its K exact values as ro_fortify's,
   equal values in lexicographic order -- the first N of ro_fortify_rank
   (F, J) under the same rules.  RULES[0 .. NRULES-1]: NRULES = 1, the
   same rules in every territory, or K, the rules of each territory
   (ro_chain_rules; count and stop the same in all, no goal).  Each
   battle's policies choose for that battle (RO_SCOPE_BATTLE).  A branch
   and bound over the first J territories: the bound is the dynamic
   program over (armies arriving, defenders left) of a defender who
   could place each territory's armies after seeing those arriving;
   the prefixes are walked in doubles, and every prefix whose double
   is near the N-th best is computed exactly and ranked exactly.
   RO_ERANGE when more than 20000 prefixes tie (or nearly tie) there.  */
int ro_fortify_best (ro_fortify_t *f, const ro_rules_t *rules, size_t nrules,
                     unsigned long a, unsigned long total, size_t k,
                     size_t j, size_t n);

/* An upper estimate of the bytes ro_fortify_best needs for any J: the
   search's tables (each rule set's (TOTAL - K + 2) (F + 1)^2 doubles,
   and J (TOTAL - K + 2) (F + 1) (TOTAL + 1) for the bound, F the
   attacker's fighting armies), one battle's plan, one chain, the N
   splits' fractions.  */
int ro_fortify_best_memory (double *bytes, const ro_rules_t *rules,
                            size_t nrules, unsigned long a,
                            unsigned long total, size_t k, size_t n);

/* The smallest attack A (counted as rules->count says, at most A_MAX)
   with P(win) >= TARGET (0 <= TARGET <= 1, compared exactly), for each D
   from D_LO to D_HI: OUT[D - D_LO], all from one pass of the recursion
   that stops when every D has its answer.  RO_ERANGE when some D needs
   more than A_MAX (its OUT is then 0 and meaningless: check P).  */
int ro_needed (unsigned long *out, const ro_rules_t *rules,
               unsigned long d_lo, unsigned long d_hi, const mpq_t target,
               unsigned long a_max);

/* The same by METHOD.  RO_METHOD_AUTO (ro_needed) searches each D of a
   short range (fewer than 8) battle by battle with the strip engine when
   it applies -- P(win) never decreases with A when both sides roll their
   most dice, so O(log A) battles find the answer -- and otherwise makes
   one pass of the recursion over the grid; RO_METHOD_STRIP searches
   every D so, RO_METHOD_RECURSION always makes the pass.  The answers
   are the same.  */
int ro_needed_method (unsigned long *out, const ro_rules_t *rules,
                      unsigned long d_lo, unsigned long d_hi,
                      const mpq_t target, unsigned long a_max,
                      ro_method_t method);

/* The memory ro_needed_method needs, with the engine it picks.  */
int ro_needed_memory (double *bytes, const ro_rules_t *rules,
                      unsigned long d_lo, unsigned long d_hi,
                      unsigned long a_max, ro_method_t method);

/* The same for taking the whole chain D[0 .. K-1]: *OUT, or RO_ERANGE
   when no attack up to A_MAX armies reaches TARGET.  */
int ro_chain_needed (unsigned long *out, const ro_rules_t *rules,
                     const unsigned long *d, size_t k, const mpq_t target,
                     unsigned long a_max);

/* ------------------------------------------------------------------ */
/* Game: the one-round game matrix (Georgiou's analysis)              */
/* ------------------------------------------------------------------ */

/* One cell of the game matrix: the attacker rolls attack_dice, the
   defender defend_dice.  */
typedef struct
{
  unsigned attack_dice, defend_dice, comparisons;
  mpq_t net;             /* E[defender losses - attacker losses], one round */
  mpq_t value;           /* net / comparisons: the expected +1/-1 of one
                            comparison, on one scale for every cell */
  int has_georgiou;      /* 1 when risk3.m defines the cell (<= 2 comparisons) */
  mpq_t georgiou;        /* risk3.m's gv: equal to value for one
                            comparison but value / 2 for two */
} ro_game_cell_t;

/* The game matrix of a rule set: rows 1 .. attack_dice, columns 1 ..
   defend_dice, cell[na-1][nd-1].  The saddle point and the game value are
   taken on the consistent scale (value); Georgiou's a-priori probability
   is p = 1/2 + v/2 and his equilibrium force ratio (Model 1) is
   (1 - p) / p.  */
typedef struct
{
  unsigned attack_dice, defend_dice;
  ro_game_cell_t cell[RO_DICE_MAX][RO_DICE_MAX];
  mpq_t maximin;         /* the attacker's best row minimum */
  mpq_t minimax;         /* the defender's best column maximum */
  int has_saddle;        /* 1 when maximin == minimax */
  unsigned saddle_attack, saddle_defend;  /* the saddle cell, when any */
  mpq_t p;               /* 1/2 + v/2, v the game value (saddle only) */
  int has_force_ratio;   /* 0 when p = 0 (the defender always wins) */
  mpq_t force_ratio;     /* (1 - p) / p (saddle and p > 0 only) */
  /* Georgiou's own game value: risk3.m's gv, over his matrix (only the
     cells where the defender rolls no more dice than the attacker; he
     takes 1 v 2 to be against the rules), for the attacker who chooses
     first -- the best row minimum, which is his saddle value when he has
     one and his 1 v 1 choice for the +1 hero when he has none.  Defined
     only when every such cell has a gv (no more than two comparisons).  */
  int has_georgiou_value;
  mpq_t georgiou_value;
  unsigned georgiou_attack, georgiou_defend;  /* the cell it comes from */
} ro_game_t;

void ro_game_init (ro_game_t *game);
void ro_game_clear (ro_game_t *game);

/* Fill GAME for RULES (the counting convention does not matter).  */
int ro_game_solve (ro_game_t *game, const ro_rules_t *rules);

/* Georgiou's model for a game value V (on any scale): P = 1/2 + V/2 and
   FORCE_RATIO = (1 - P) / P.  Returns 1, or 0 (FORCE_RATIO set to 0) when
   P = 0 and no force ratio exists.  */
int ro_game_model (mpq_t p, mpq_t force_ratio, const mpq_t v);

/* ------------------------------------------------------------------ */
/* Binomial: Georgiou's Model 2                                       */
/* ------------------------------------------------------------------ */

/* Georgiou's binomial approximation of a battle of A fighting armies
   against D: every one of the Z = A + D - 1 rounds is won by the attacker
   with probability P, independently, and the attacker conquers when he
   wins at least D of them: WIN = P(Bin(Z, P) >= D), exactly.  (It is also
   the probability that D successes come before A failures.)  D = 0 gives
   1, A = 0 with D > 0 gives 0.  0 <= P <= 1, else RO_EINVAL; A or D over
   RO_ARMIES_MAX: RO_ERANGE.  */
int ro_binomial_win (mpq_t win, const mpq_t p, unsigned long a,
                     unsigned long d);

/* ------------------------------------------------------------------ */
/* The exact binomial test: a simulated probability judged            */
/* ------------------------------------------------------------------ */

/* The most battles a simulated estimate may be the mean of.  */
#define RO_SAMPLES_MAX 1000000000000UL

/* A certified p-value: its common logarithm lies in [LOG10_LO,
   LOG10_HI] (0 for a p-value of 1; -HUGE_VAL for one of exactly 0).
   The bounds come from MPFR enclosures rounded outwards at every step
   and are about 2^-60 apart relatively; a p-value far below the
   smallest double (10^-1000000 at N = 10^9) is still resolved.  */
typedef struct
{
  double log10_lo, log10_hi;
} ro_pvalue_t;

/* The two-sided p-value of the exact binomial test of K successes in N
   trials of probability P: twice the smaller of P(X <= K) and
   P(X >= K), at most 1 (the "central" test, Clopper and Pearson's; never
   a normal approximation).  0 <= P <= 1 and K <= N, else RO_EINVAL; N of
   0 or above RO_SAMPLES_MAX: RO_ERANGE.  */
int ro_binomial_test (ro_pvalue_t *pv, const mpq_t p, unsigned long n,
                      unsigned long k);

/* The most favourable count for P among K_LO .. K_HI (a published,
   rounded estimate stands for each of them): the one whose p-value is
   the largest, in *K (the p-value is unimodal in K, its top at the
   median, floor (N P) or ceil (N P): these and the ends are tried).
   K_LO <= K_HI <= N, else RO_EINVAL.  */
int ro_binomial_test_best (ro_pvalue_t *pv, unsigned long *k,
                           const mpq_t p, unsigned long n,
                           unsigned long k_lo, unsigned long k_hi);

/* ------------------------------------------------------------------ */
/* Output: correctly rounded decimals                                 */
/* ------------------------------------------------------------------ */

#define RO_DIGITS_MAX 1000000UL

/* Store in *STR a newly allocated string holding the canonical rational
   Q to DIGITS significant decimal digits (1 <= DIGITS <= RO_DIGITS_MAX),
   correctly rounded to nearest, ties to even, from the exact value: never
   a double rounding.  A rounded magnitude of at least 1e-6 whose integer
   part needs no more than DIGITS digits is written in fixed notation
   ("0.0068788457864443089637", "1.0000000000000000000", "12345" to 5
   digits); any other in scientific notation with at least two exponent
   digits ("5.4210108624275221700e-20", "1.2e-07", "4e-21" for one digit,
   "1.23e+04" for 12345 to 3 digits, "1e+01" for 19/2 to one digit: no
   zero is printed that is not a significant digit).  Exactly 0 is "0"; a negative Q
   gets a leading '-'.  Free *STR with ro_free_str.  */
int ro_q_get_decimal (char **str, const mpq_t q, unsigned long digits);

/* Store in *STR a newly allocated string holding the rational Q with
   PLACES digits after the decimal point (0 <= PLACES <= RO_DIGITS_MAX;
   none and no point for 0), correctly rounded to nearest, ties to even,
   from the exact value by integer arithmetic: the integer nearest to
   Q * 10^PLACES, written with its point.  Always fixed notation
   ("0.417" for 5/12 to 3 places, "0.12" for 1/8 and "0.38" for 3/8 to
   2, "1.00", "0.00" for 1/1000 to 2, "12346" for 12345.5 to 0); a '-'
   only when the rounded value is negative.  Free with ro_free_str.  */
int ro_q_get_fixed (char **str, const mpq_t q, unsigned long places);

/* An upper estimate in *BYTES of the reduced fractions "n/d" of P(win)
   for every battle of A_LO .. A_HI against D_LO .. D_HI under RULES, as
   text, one string each (a table held whole): the fraction of a battle
   that can lose F fighting armies and D defenders has at most
   (F + D) ro_rules_bits_per_army bits in its denominator, and no more
   in its numerator.  */
int ro_grid_fractions_memory (double *bytes, const ro_rules_t *rules,
                              unsigned long a_lo, unsigned long a_hi,
                              unsigned long d_lo, unsigned long d_hi);

/* Store in *STR a newly allocated string holding Q as a reduced fraction
   "n/d", or "n" when the denominator is 1.  Free with ro_free_str.  */
int ro_q_get_fraction (char **str, const mpq_t q);

void ro_free_str (char *str);

/* Set Q to the exact value of the number STR: a fraction "n/d" (the
   numerator optionally signed, d > 0), or a decimal "[+-]digits[.digits]"
   or "[+-].digits", optionally followed by "e[+-]N", |N| <= RO_DIGITS_MAX.
   Nothing else (no blanks): RO_EINVAL; an exponent out of range:
   RO_ERANGE.  "0.0395" is exactly 79/2000, never a double.  */
int ro_q_set_str (mpq_t q, const char *str);

/* ------------------------------------------------------------------ */
/* Published numbers: reading tables as papers and programs print them */
/* ------------------------------------------------------------------ */

/* A number as published: the exact value of its text and the unit in
   the last place it shows.  "0.754" is 377/500 with ulp 1/1000;
   "75.42%" and "75,42 %" are 3771/5000 with ulp 1/10000; "1.2e-07" has
   ulp 1e-8; a fraction "1955/2592" (or "1955 2592", a stacked fraction
   flattened by text extraction) is exact: ulp 0.  */
typedef struct
{
  mpq_t value;
  mpq_t ulp;
} ro_number_t;

void ro_number_init (ro_number_t *n);
void ro_number_clear (ro_number_t *n);

/* Parse the LEN bytes at S (blanks around are ignored) into N: an
   optional sign ('+', '-' or the Unicode minus U+2212, in the exponent
   too), digits with an optional '.' or ',' decimal mark (".754"
   allowed), an optional exponent "e[+-]N", an optional '%' (after
   optional blanks); or a fraction "n/d" or "n d".  A blank is a space,
   a tab or a Unicode space in UTF-8 (U+00A0 no-break, U+2000 to U+200A
   such as the thin U+2009, U+202F narrow no-break, U+205F, U+3000), as
   text copied out of a PDF holds: "41,67\u00a0%" is 4167/10000.  On RO_EINVAL (not a number) or RO_ERANGE (an exponent
   beyond RO_DIGITS_MAX), *ERRPOS is the offset of the first byte that
   does not fit.  PERCENT non-zero reads every number as a percentage,
   with or without its '%'.  */
int ro_number_parse (ro_number_t *n, const char *s, size_t len,
                     int percent, size_t *errpos);

/* How a published number compares with the exact value X.  */
typedef struct
{
  int agree;       /* 1 when it is right */
  mpq_t error;     /* published - exact */
  mpq_t ulps;      /* error / ulp; 0 for an exact fraction */
} ro_judgement_t;

void ro_judgement_init (ro_judgement_t *j);
void ro_judgement_clear (ro_judgement_t *j);

/* Judge N against X.  N is right when it is X correctly rounded to the
   unit in its last place: |N - X| <= ulp/2 (so at an exact tie either
   neighbour is right; a fraction must equal X); with a TOLERANCE (not
   NULL), also when |N - X| <= TOLERANCE, so that one table may mix
   doubles of 17 digits and values rounded to 2.  */
void ro_judge (ro_judgement_t *j, const ro_number_t *n, const mpq_t x,
               const mpq_t tolerance);

/* One value read from a published table: the battle it is for, the
   number, where it stands in the text (1-based line and column, in
   bytes), the text itself, and its FIELD: the 1-based place of its cell
   in its row (CSV, TSV, Markdown or LaTeX cells; between blanks, words),
   as a spreadsheet or a reader counts them.  */
typedef struct
{
  unsigned long attackers, defenders;
  ro_number_t number;
  unsigned long line, column;
  char *text;
  unsigned long field;
} ro_entry_t;

typedef enum
{
  RO_LAYOUT_AUTO = 0,
  RO_LAYOUT_GRID,   /* first row the defender counts, first column the
                       attacker counts */
  RO_LAYOUT_LONG    /* one battle per row: attackers, defenders, value */
} ro_layout_t;

/* Which side a grid's columns count: the defenders (every paper's
   grid: a first row of defender counts, attackers down) or the
   attackers (attackers across, defenders down).  */
typedef enum
{
  RO_ACROSS_AUTO = 0,           /* as the corner and labels say; the
                                   defenders when nothing does */
  RO_ACROSS_DEFENDERS,
  RO_ACROSS_ATTACKERS
} ro_across_t;

/* What decided how a grid was read.  */
typedef enum
{
  RO_SAID_NOTHING = 0,          /* nothing: the default was taken */
  RO_SAID_OPTION,               /* the read options */
  RO_SAID_LABELS                /* the text: its corner ("D\A"), its
                                   labels ("Attack with 3" over a column,
                                   "D" before a rule row), a title line
                                   over the columns ("Attackers") */
} ro_said_t;

/* The kind of text a table came in.  */
typedef enum
{
  RO_TEXT_TABLE = 0,            /* rows of cells, one a line */
  RO_TEXT_BRACKETS,             /* a nested array as programs print it:
                                   [[0.417 0.106] [0.754 0.363]] (Clojure),
                                   [[0.417, 0.106], [0.754, 0.363]]
                                   (Python, JavaScript, JSON) */
  RO_TEXT_NUMPY,                /* numpy's array([[...], [...]]) */
  RO_TEXT_R                     /* R's printed matrix: [,1] over the
                                   columns, [1,] before the rows */
} ro_text_t;

/* How to read a table.  COLUMNS, for the long layout, names the
   attackers, defenders and value columns ("attackers,defenders,win" or
   "1,2,4"); NULL detects them from the header.  The value column may
   end in ":defender" (its numbers are the defender's chance, 1 - P(win))
   or ":attacker" (P(win), whatever its header says).  ACROSS says which
   side a grid's columns count.  FIRST_ROW and FIRST_COLUMN are the army
   counts of the first row and the first column of a grid without labels
   (a headerless grid, a nested array, an R matrix); 0 means 1.  */
typedef struct
{
  ro_layout_t layout;
  const char *columns;
  int percent;                  /* as in ro_number_parse */
  ro_across_t across;
  unsigned long first_row, first_column;
} ro_read_options_t;

void ro_read_options_init (ro_read_options_t *options);

/* The values of one table, in the order of the text.  */
typedef struct
{
  size_t n, alloc;
  ro_entry_t *entry;
  ro_layout_t layout;           /* the layout found */
  char delimiter;               /* '\t', ',', ';', '|', '&' or ' ' */
  size_t skipped;               /* blank, "-" and "n/a" cells */
  /* What the numbers are (all zero for a grid read without PERCENT): */
  int percent;                  /* read as percentages: PERCENT, or a
                                   '%' or "percent" in the header of the
                                   value column */
  int defender;                 /* the defender's chance, 1 - P(win): the
                                   value column's header names his win
                                   ("defender wins", "hold", "P(loss)")
                                   or COLUMNS says ":defender" */
  size_t value_column;          /* long layout: the value column, from 1 */
  /* How a grid was read (RO_ACROSS_DEFENDERS and RO_SAID_NOTHING for a
     long table): */
  ro_across_t across;           /* what its columns count */
  ro_said_t across_said;        /* and what said so */
  int headerless;               /* no labels: its first row is data (a
                                   grid of values only, a nested array,
                                   an R matrix, whose [1,] and [,1] are
                                   places, not army counts) */
  unsigned long first_row, first_column;  /* the counts of a headerless
                                   grid's first row and column */
  ro_text_t text;               /* the kind of text */
  size_t rule_rows;             /* rule rows skipped ("|---+---|",
                                   "D |-------+-------|") */
  int bare_percent;             /* every number lies in [0, 100], some
                                   above 1, none shows a '%' or is a
                                   fraction, and they were not read as
                                   percentages: they may be percentages
                                   without their '%' */
} ro_sheet_t;

/* Where and why a text could not be read.  */
typedef struct
{
  unsigned long line, column;
  char message[200];
} ro_read_error_t;

void ro_sheet_init (ro_sheet_t *sheet);
void ro_sheet_clear (ro_sheet_t *sheet);

/* Read the LEN bytes of TEXT (a whole file; NUL bytes are an error) as
   a table into SHEET: a grid (a header row of defender counts, a first
   column of attacker counts; corner and labels such as "A\D", "X \ Y",
   "Attack with 3", "Defend with 1" tolerated) or a long table with a
   header naming the attackers, defenders and value columns (in words
   such as "Attacking armies", "Defenders", "Attacker win %", "P(win)",
   "Defender holds"; see the manual's "Checking published numbers").
   Cells are separated by tabs, ';', '|' (Markdown), '&' (LaTeX), ','
   (CSV, with "quoted" cells) or blanks.  Blank lines, lines starting
   with '#', rule rows (of '-', '=', '+', '|', ':' and blanks, after at
   most a word: "D |----+----|") and LaTeX commands are skipped.  A
   grid's corner, labels and rule rows may say that the attackers go
   across (OPTIONS->across otherwise; see ro_said_t).  A grid whose first
   row is data (numbers that are not all counts) has no labels: its
   cells are read as attackers FIRST_ROW.. down and defenders
   FIRST_COLUMN.. across (or transposed, with RO_ACROSS_ATTACKERS).  So
   are nested arrays as programs print them and R's printed matrices
   (see ro_text_t).
   RO_EINVAL with *ERR set when the text is not such a table, or when
   its numbers would hold more than 256 MiB.  */
int ro_sheet_read (ro_sheet_t *sheet, const char *text, size_t len,
                   const ro_read_options_t *options, ro_read_error_t *err);

/* ------------------------------------------------------------------ */
/* Certified decimals of a grid                                       */
/* ------------------------------------------------------------------ */

/* How a probability is written: DIGITS significant digits (as
   ro_q_get_decimal) or PLACES after the point (as ro_q_get_fixed), of
   the value times SCALE (1, or 100 for a percentage).  */
typedef enum
{
  RO_DECIMAL_DIGITS,
  RO_DECIMAL_PLACES
} ro_decimal_style_t;

typedef struct
{
  ro_decimal_style_t style;
  unsigned long n;              /* the digits or the places */
  unsigned long scale;          /* 1 or 100 */
} ro_decimal_t;

/* The text of Q as FMT says, from the exact value.  A percentage (SCALE
   100) to DIGITS digits that rounds to at most three integer digits is
   written in fixed notation whatever DIGITS: "100", "50", not "1.0e+02"
   (ro_q_get_decimal's rule otherwise).  */
int ro_q_get_decimal_as (char **str, const mpq_t q, const ro_decimal_t *fmt);

/* An upper estimate in *BYTES of what ro_q_get_decimal_as needs under
   FMT beyond Q itself, for a Q of at most BITS bits in its numerator and
   its denominator: the binary enclosures (or the scaled integer), MPFR's
   and GMP's scratch space, the digits and the text.  A --digits of
   10^6 needs about 10 MB; every memory estimate of a computation that
   prints decimals adds it.  */
int ro_decimal_memory (double *bytes, const ro_decimal_t *fmt, double bits);

/* Whether ro_battle_grid_decimal takes RULES: every rule set whose dice
   do not depend on P(win) (not the optimal policies).  */
int ro_interval_applies (const ro_rules_t *rules);

/* The grid of ro_battle_grid, but as text: FN (DATA, A, D, TEXT) gets
   for every cell, in the same order, exactly the text that
   ro_q_get_decimal_as would make of the exact P(win).  The recursion
   runs on enclosures in binary floating point with directed rounding
   (MPFR), whose precision follows from FMT and the battles' length; a
   cell whose enclosure does not decide its text (a value at or next to
   a rounding boundary) is settled by ro_battle_win.  *SETTLED (when not
   NULL) gets the number of such cells.  RO_EINVAL for rules where
   ro_interval_applies is false.  */
typedef int (*ro_decimal_fn) (void *data, unsigned long a, unsigned long d,
                              const char *text);
int ro_battle_grid_decimal (const ro_rules_t *rules, unsigned long a_lo,
                            unsigned long a_hi, unsigned long d_lo,
                            unsigned long d_hi, const ro_decimal_t *fmt,
                            ro_decimal_fn fn, void *data,
                            unsigned long *settled);

/* The enclosures themselves, for programs that judge numbers rather
   than print them (riskodds verify): FN (DATA, A, D, E) gets every cell
   of the grid, in ro_battle_grid's order, with an enclosure E of its
   P(win) (valid during the call only) narrow enough for about DIGITS
   significant digits; the two functions below read it.  MPFR stays
   inside the library.  Errors as ro_battle_grid_decimal.  */
typedef struct ro_enclosure ro_enclosure_t;
typedef int (*ro_enclosure_fn) (void *data, unsigned long a,
                                unsigned long d, const ro_enclosure_t *e);
int ro_battle_grid_enclose (const ro_rules_t *rules, unsigned long a_lo,
                            unsigned long a_hi, unsigned long d_lo,
                            unsigned long d_hi, unsigned long digits,
                            ro_enclosure_fn fn, void *data);

/* 1 when every value of E is above Q, -1 when every value is below Q,
   0 when Q is in E (the enclosure cannot tell).  */
int ro_enclosure_cmp_q (const ro_enclosure_t *e, const mpq_t q);

/* 1 and Q = the value when E is a single point (an exact value such as
   0, 1 or a dyadic probability), 0 otherwise.  */
int ro_enclosure_exact (mpq_t q, const ro_enclosure_t *e);

/* An upper estimate of the bytes ro_battle_grid_decimal needs up to
   A_HI against D_HI (with one cell settled exactly).  */
int ro_battle_grid_decimal_memory (double *bytes, const ro_rules_t *rules,
                                   unsigned long a_hi, unsigned long d_hi,
                                   const ro_decimal_t *fmt);

/* ------------------------------------------------------------------ */
/* Progress                                                           */
/* ------------------------------------------------------------------ */

/* A program that shows how far a long call has come sets FN here; the
   library then calls FN (DATA, DONE, TOTAL) now and then during the
   calls this thread makes (grids, strips, forward passes, policies),
   DONE out of TOTAL in the engine's own units of work (TOTAL > 0, DONE
   non-decreasing within one call, about proportional to the time
   spent), from this thread only: DONE = 0 when a long call starts, and
   DONE = TOTAL when it has finished its work (a call that fails may
   stop short).  Engines report once per row or step, so a meter should
   itself limit how often it redraws.  FN NULL (the default) turns it
   off.  FN must not call back into the library.  The setting is the
   calling thread's own.  */
typedef void (*ro_progress_fn) (void *data, double done, double total);
void ro_progress_set (ro_progress_fn fn, void *data);

/* ------------------------------------------------------------------ */
/* Version                                                            */
/* ------------------------------------------------------------------ */

/* The library's version, "X.Y".  */
const char *ro_get_version (void);

#ifdef __cplusplus
}
#endif

#endif /* RISKODDS_H */
