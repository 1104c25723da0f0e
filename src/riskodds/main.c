/* main.c -- the riskodds program: options, subcommand dispatch, exit status */

#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"

enum
{
  OPT_MAX_MEMORY = 256,
  OPT_SIDES,
  OPT_ATTACK_SIDES,
  OPT_DEFEND_SIDES,
  OPT_ATTACK_DICE,
  OPT_DEFEND_DICE,
  OPT_ATTACK_BONUS,
  OPT_DEFEND_BONUS,
  OPT_TIES,
  OPT_ATTACK_BONUS_DICE,
  OPT_DEFEND_BONUS_DICE,
  OPT_CLAMP,
  OPT_ROUNDS,
  OPT_GAME_VALUE,
  OPT_DIST,
  OPT_STATS,
  OPT_STOP,
  OPT_GOAL,
  OPT_TARGET,
  OPT_ATTACKERS,
  OPT_DEFENDERS,
  OPT_VALUES,
  OPT_TOLERANCE,
  OPT_COLUMNS,
  OPT_LAYOUT,
  OPT_PERCENT,
  OPT_NO_PERCENT,
  OPT_ACROSS,
  OPT_FIRST_ROW,
  OPT_FIRST_COLUMN,
  OPT_LABEL,
  OPT_LATEX_FIT,
  OPT_FLOAT,
  OPT_DEFENDER,
  OPT_ATTACKER,
  OPT_METHOD,
  OPT_PLACES,
  OPT_PROGRESS,
  OPT_NO_PROGRESS,
  OPT_THREADS,
  OPT_LEVELS,
  OPT_COMPARE,
  OPT_PALETTE,
  OPT_WIDTH,
  OPT_HEIGHT,
  OPT_POLICY_SCOPE
};

static const struct option long_options[] = {
  {"sides", required_argument, NULL, OPT_SIDES},
  {"attack-sides", required_argument, NULL, OPT_ATTACK_SIDES},
  {"defend-sides", required_argument, NULL, OPT_DEFEND_SIDES},
  {"attack-dice", required_argument, NULL, OPT_ATTACK_DICE},
  {"defend-dice", required_argument, NULL, OPT_DEFEND_DICE},
  {"attack-bonus", required_argument, NULL, OPT_ATTACK_BONUS},
  {"defend-bonus", required_argument, NULL, OPT_DEFEND_BONUS},
  {"ties", required_argument, NULL, OPT_TIES},
  {"attack-bonus-dice", required_argument, NULL, OPT_ATTACK_BONUS_DICE},
  {"defend-bonus-dice", required_argument, NULL, OPT_DEFEND_BONUS_DICE},
  {"clamp", no_argument, NULL, OPT_CLAMP},
  {"rounds", required_argument, NULL, OPT_ROUNDS},
  {"defender", required_argument, NULL, OPT_DEFENDER},
  {"attacker", required_argument, NULL, OPT_ATTACKER},
  {"method", required_argument, NULL, OPT_METHOD},
  {"threads", required_argument, NULL, OPT_THREADS},
  {"policy-scope", required_argument, NULL, OPT_POLICY_SCOPE},
  {"count", required_argument, NULL, 'c'},
  {"digits", required_argument, NULL, 'd'},
  {"format", required_argument, NULL, 'f'},
  {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
  {"game-value", required_argument, NULL, OPT_GAME_VALUE},
  {"dist", no_argument, NULL, OPT_DIST},
  {"stats", no_argument, NULL, OPT_STATS},
  {"stop", required_argument, NULL, OPT_STOP},
  {"goal", required_argument, NULL, OPT_GOAL},
  {"target", required_argument, NULL, OPT_TARGET},
  {"attackers", required_argument, NULL, OPT_ATTACKERS},
  {"defenders", required_argument, NULL, OPT_DEFENDERS},
  {"values", required_argument, NULL, OPT_VALUES},
  {"places", required_argument, NULL, OPT_PLACES},
  {"output", required_argument, NULL, 'o'},
  {"tolerance", required_argument, NULL, OPT_TOLERANCE},
  {"columns", required_argument, NULL, OPT_COLUMNS},
  {"layout", required_argument, NULL, OPT_LAYOUT},
  {"percent", no_argument, NULL, OPT_PERCENT},
  {"no-percent", no_argument, NULL, OPT_NO_PERCENT},
  {"across", required_argument, NULL, OPT_ACROSS},
  {"first-row", required_argument, NULL, OPT_FIRST_ROW},
  {"first-column", required_argument, NULL, OPT_FIRST_COLUMN},
  {"label", required_argument, NULL, OPT_LABEL},
  {"latex-fit", no_argument, NULL, OPT_LATEX_FIT},
  {"float", no_argument, NULL, OPT_FLOAT},
  {"progress", no_argument, NULL, OPT_PROGRESS},
  {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
  {"levels", required_argument, NULL, OPT_LEVELS},
  {"compare", required_argument, NULL, OPT_COMPARE},
  {"palette", required_argument, NULL, OPT_PALETTE},
  {"width", required_argument, NULL, OPT_WIDTH},
  {"height", required_argument, NULL, OPT_HEIGHT},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  {NULL, 0, NULL, 0}
};

static const char short_options[] = ":c:d:f:o:hV";

static void
usage (void)
{
  printf ("\
Usage: %s [OPTION]... A D\n\
  or:  %s round [OPTION]...\n\
  or:  %s game [OPTION]...\n\
  or:  %s binomial [OPTION]... A D\n\
  or:  %s chain [OPTION]... A D1 [D2]...\n\
  or:  %s fortify [OPTION]... --attackers=A D K\n\
  or:  %s needed [OPTION]... D | LO..HI | D1 D2...\n\
  or:  %s table [OPTION]...\n\
  or:  %s verify [OPTION]... FILE...\n\
  or:  %s verify --float [OPTION]...\n\
  or:  %s policy [OPTION]... A D\n\
  or:  %s plot heatmap|dist|policy|float [OPTION]... [A D] -o FILE\n\
  or:  %s batch [OPTION]... < QUESTIONS\n",
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME);
  fputs ("\
Compute exactly the odds of a Risk dice battle: the probability that A\n\
attacking armies conquer a territory held by D armies, as a reduced\n\
fraction and as a correctly rounded decimal.  A and D (and every count\n\
of armies) are whole numbers up to 100000000; a battle whose memory\n\
bound exceeds --max-memory is refused before it starts.\n\
\n\
Subcommands:\n\
  (none)    one battle, A against D\n\
  round     the exact outcome counts of one round of dice, for every\n\
            number of attack and defence dice\n\
  game      the one-round game matrix of Georgiou's analysis: expected net\n\
            result per round and per comparison, saddle point, game value,\n\
            a-priori probability p = 1/2 + v/2 and equilibrium force ratio\n\
  binomial  Georgiou's binomial model (his Model 2) of the battle A against\n\
            D beside its exact probability and the model's error; A and D\n\
            may be ranges LO..HI, for a table\n\
  chain     A armies take territories of D1, D2, ... armies one after\n\
            another, leaving one army in each: P(all taken), how far the\n\
            chain gets, the armies that reach the last territory and\n\
            where the attack stops; D:RULE=VALUE,... for a territory's\n\
            own rules (see 'riskodds help chain')\n\
  fortify   every split of D defending armies over K territories against\n\
            --attackers A, ranked by the attacker's P(taking all K)\n\
  needed    the smallest A with P(win) >= --target against D, each D of\n\
            LO..HI, or the whole chain D1 D2 ...\n\
  table     P(win) for every battle of --attackers LO..HI against\n\
            --defenders LO..HI, in one pass: a reference table\n\
  verify    judge the numbers of published tables (FILE, or - for\n\
            standard input) against the exact values; with --float,\n\
            show what double precision loses over a grid\n\
  policy    the dice choices in every state of the battle A against D:\n\
            the states where the attacker rolls fewer dice, the attack\n\
            rolls the defender answers with fewer, where that departs\n\
            from Wieringa's rules, and P(win) under each pair of\n\
            policies (by default both sides optimal)\n\
  plot      a figure in -o FILE (.svg, .pdf or .png): 'heatmap', P(win)\n\
            over --attackers x --defenders with contours; 'dist', how\n\
            the battle A D ends; 'policy', where the defender (optimal,\n\
            or --defender wieringa) rolls fewer dice; 'float', the error\n\
            of double precision in ULPs\n\
  batch     answer many questions in one process: one a line on\n\
            standard input (A D, or a subcommand line, each with its own\n\
            options), a CSV row each, or JSON Lines with --format json\n\
\n\
Rule options (defaults: the standard game):\n\
      --sides=N          faces of every die (6); 2 to 100\n\
      --attack-sides=N   faces of the attacker's dice only\n\
      --defend-sides=N   faces of the defender's dice only\n\
      --attack-dice=N    most dice the attacker rolls (3); 1 to 5\n\
      --defend-dice=N    most dice the defender rolls (2); 1 to 5\n\
      --attack-bonus=K   add K to the attacker's highest die (0;\n\
                           Georgiou's hero is 1), or to more of his dice\n\
                           with --attack-bonus-dice; -100 to 100,\n\
                           negative for penalties\n\
      --defend-bonus=K   the same for the defender (hero + fortress)\n\
      --attack-bonus-dice=N  add the attack bonus to the attacker's N\n\
                           highest dice (1 to 5, default 1), or 'all'\n\
      --defend-bonus-dice=N  the same for the defender ('all': Risk\n\
                           Legacy's fortification, +1 on both dice)\n\
      --clamp            keep a modified die on its faces, 1 to sides (a\n\
                           1 with -1 stays a 1; Risk Legacy); default: the\n\
                           sum is compared as it is\n\
      --ties=WHO         who wins a comparison of equal dice: 'defender'\n\
                           (default) or 'attacker'\n\
\n\
Dice policies (battles, chain, needed, table, verify, policy; round\n\
only --defender wieringa and wieringa-rolled):\n\
      --defender=P       how many dice the defender rolls, chosen after\n\
                           seeing the attack roll: 'max' (default; the\n\
                           most allowed), 'wieringa' (Wieringa's 2014\n\
                           rules: one army, one die; against one attack\n\
                           die, the most; the attacker's second-highest\n\
                           die above half the defender's sides (3 on a\n\
                           d6), one die; else the most), 'wieringa-rolled'\n\
                           (the same rules as his figures apply them: the\n\
                           second die as rolled), or 'optimal' (the dice\n\
                           that minimise the attacker's exact P(win);\n\
                           ties: the most)\n\
      --attacker=P       how many dice the attacker rolls, chosen before\n\
                           rolling: 'max' (default) or 'optimal' (the\n\
                           dice that maximise his exact P(win) against\n\
                           the defender's policy; ties: the most)\n\
      --policy-scope=S   in 'chain' and 'fortify', what the optimal\n\
                           policies weigh: 'battle' (default; the battle\n\
                           under way), 'chain' (P(taking the rest)) or\n\
                           'chain:K' (P(taking at least K territories))\n\
\n\
Options:\n\
  -c, --count=HOW      how A counts the attacking armies: 'territory'\n\
                         (default; A includes the army that must stay\n\
                         behind, so P(2,1) = 5/12) or 'attackers' (A counts\n\
                         only the armies that fight, so P(1,1) = 5/12)\n\
  -d, --digits=N       significant digits of decimals, correctly rounded\n\
                         to nearest, ties to even (default 20, at most\n\
                         1000000; round's CSV has no decimals)\n\
      --places=N       a battle, chain, table: N digits after the decimal\n\
                         point instead, correctly rounded the same way\n\
                         (0 to 1000000)\n\
  -f, --format=FMT     output format: 'text' (default), 'csv' or 'json';\n\
                         for a battle (with --dist or --stats: its\n\
                         table), round and table also 'tsv', 'markdown'\n\
                         or 'latex' (captioned with the rules)\n\
  -o, --output=FILE    write the output to FILE, atomically: a failed or\n\
                         interrupted run leaves FILE as it was; without\n\
                         --format, FILE's extension names the format\n\
                         (.csv .tsv .json .md .tex .txt; others: text)\n\
      --stop=K         the attacker stops (and loses) when his armies,\n\
                         counted as --count says, are down to K\n\
      --goal=G         the attacker stops (and wins) when the defender is\n\
                         down to G armies or fewer\n\
      --rounds=N       stop after N rounds (N >= 1): a battle's P(win),\n\
                         P(loss) and P(unresolved), and with --dist and\n\
                         --stats the armies left on both sides; a\n\
                         chain's N rounds in all; a table's P(win\n\
                         within N rounds)\n\
      --dist           also print the distribution of how the battle ends\n\
                         (armies left on each side), with cumulative sums\n\
      --stats          also print the expected armies left and lost, and\n\
                         their variances, overall and given win or loss;\n\
                         table (csv, tsv, json): expected armies left and\n\
                         lost over all battles, per battle\n\
      --target=P       the probability 'needed' must reach (default 1/2);\n\
                         a decimal, a fraction or a percentage (90%),\n\
                         compared exactly\n\
      --attackers=LO..HI  the attacker counts of table and verify --float\n\
                         (default 1..10; 1..100 for --float)\n\
      --defenders=LO..HI  the defender counts (the same defaults)\n\
      --values=WHICH   the values printed: 'exact', 'decimal' or 'both'\n\
                         (default both; decimal where a text shows one\n\
                         value per cell: table's grids, --stats, round,\n\
                         binomial, policy); a kind left out is a CSV\n\
                         column or JSON key left out; not for verify\n\
      --tolerance=X    verify: right also when within X of the exact\n\
                         value (always right when correctly rounded to\n\
                         the digits it shows)\n\
      --columns=A,D,V  verify: the attackers, defenders and value\n\
                         columns of a long table, by name or number;\n\
                         V:defender for the defender's chance\n\
      --layout=L       verify: 'auto' (default), 'grid' or 'long';\n\
                         table --format csv or tsv: 'long' (default) or\n\
                         'grid' (a row per A, a column per D)\n\
      --percent        verify: numbers without '%' are percentages too;\n\
                         a battle, chain, table: print the probabilities'\n\
                         decimals as percentages\n\
      --no-percent     verify: numbers without '%' are probabilities, even\n\
                         when all lie in [0, 100] and some are above 1\n\
      --across=SIDE    verify: the side a grid's columns count, 'attackers'\n\
                         or 'defenders' (default: as its labels say, else\n\
                         defenders; a headerless grid: the one that fits)\n\
      --first-row=N    verify: the count of a headerless grid's first row\n\
                         (default: 1 or 2, whichever fits)\n\
      --first-column=N verify: the count of its first column (default 1)\n\
      --label=NAME     table --format latex: the \\label (default\n\
                         tab:riskodds-aLO-HI-dLO-HI)\n\
      --latex-fit      table --format latex: scale the tabular to the\n\
                         page with \\resizebox (needs graphicx)\n\
      --float          verify: double precision against the exact values\n\
                         over the grid of --attackers and --defenders\n\
      --game-value=V   the game value of 'binomial': 'georgiou' (default;\n\
                         his scale and choice, as in his paper),\n\
                         'consistent' (the value per comparison), or an\n\
                         exact number such as 0.0395 or -1/3\n\
      --method=M       the engine of one battle: 'auto' (default: the\n\
                         fastest that applies), 'strip' (O(n^2), when both\n\
                         sides roll their most dice) or 'recursion' (every\n\
                         state, any rules); the values are the same;\n\
                         table, verify: 'interval' (the default where only\n\
                         decimals leave: certified enclosures, settled\n\
                         exactly where they cannot decide) or 'recursion'\n\
                         (every cell's fraction); the same output\n\
      --threads=N      the threads of table's exact grid, 1 to 256;\n\
                         default: the processors available; the output\n\
                         is the same for every N\n\
      --max-memory=SIZE  refuse a battle whose memory bound exceeds SIZE\n\
                         bytes; suffixes K, M, G, T (powers of 1024); at\n\
                         most, and by default three quarters of, the\n\
                         physical memory or ulimit -v/-d if lower\n\
      --progress       show how far a long run has come and the time\n\
                         left on standard error, a line redrawn in\n\
                         place (by default only when it is a terminal)\n\
      --no-progress    never show it\n\
      --levels=L,...   plot heatmap: the contours, at these P(win)\n\
                         (default 0.5,0.8,0.9; with --compare, changes\n\
                         of P(win), none by default)\n\
      --compare='OPTIONS'  plot heatmap: P(win) under the rules and dice\n\
                         policies OPTIONS (such as '--defend-bonus 1')\n\
                         minus P(win) under the others, on a diverging\n\
                         scale: what a house rule does to the odds\n\
      --palette=P      plot: the colour scale, 'viridis' (default) or\n\
                         'grey' (for print)\n\
      --width=N, --height=N  plot: the figure's size in pixels (PNG) or\n\
                         points (SVG, PDF); default 640 x 480\n\
  -h, --help           display this help and exit\n\
                         (riskodds help SUB, or SUB --help: one\n\
                         subcommand's options and examples)\n\
  -V, --version        display version information and exit\n\
\n\
By default the rules are the standard game: six-sided dice, the attacker\n\
rolls up to 3 dice, the defender up to 2, both always the most they may\n\
(see --defender, --attacker); the highest dice are compared in pairs and\n\
ties go to the defender.\n\
\n\
Examples:\n\
  riskodds 18 6                    P(18 armies conquer 6), 20 digits\n\
  riskodds --digits 100 18 6       the same to 100 digits\n\
  riskodds --count attackers 5 5   five fighting armies against five\n\
  riskodds --format json 10 10     one JSON object\n\
  riskodds round --format csv      one-round counts as CSV\n\
  riskodds --attack-bonus 1 10 10  an attacking hero (+1) at 10 against 10\n\
  riskodds --defend-dice 3 10 10   Italian RisiKo!: the defender rolls 3\n\
  riskodds --dist --stats 10 5     how 10 against 5 ends, and on average\n\
  riskodds --rounds 3 --dist 10 5  10 against 5 for three rounds at most\n\
  riskodds chain 20 3 2 4 1        taking four territories in a row\n\
  riskodds needed --target 0.9 1..10\n\
                                   the armies for 90% against 1 to 10\n\
  riskodds binomial --count attackers --game-value 0.0395 3..15 2..15\n\
                                   Georgiou's Table 3, with the exact odds\n\
  riskodds table --format csv --digits 50 --attackers 1..30 --defenders 1..30\n\
                                   a reference table, exact and 50 digits\n\
  riskodds verify --count attackers osborne.txt\n\
                                   check a published table\n\
  riskodds verify --float --attackers 1..200 --defenders 1..200\n\
                                   what double precision gets wrong\n\
  riskodds --defender optimal 10 10\n\
                                   a defender who picks his dice well\n\
  riskodds policy 6 4              where the best choices lie\n\
  riskodds plot heatmap --attackers 1..40 --defenders 1..40 -o odds.png\n\
                                   P(win) as a picture\n\
\n\
Exit status: 0 on success; 1 when verify finds a value that disagrees;\n\
2 for a usage error, invalid input (verify: FILE:LINE:COLUMN), a battle\n\
too large for the memory limit, or an error writing the output.\n\
\n\
See the riskodds(1) manual page for the output formats.\n", stdout);
  printf ("\nReport bugs to: %s\n", PACKAGE_BUGREPORT);
}

static void
version (void)
{
  printf ("%s (%s) %s\n", PACKAGE_NAME, PACKAGE_NAME, PACKAGE_VERSION);
  puts ("Copyright (C) 2026 the riskodds developers.\n\
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n\
This is free software: you are free to change and redistribute it.\n\
There is NO WARRANTY, to the extent permitted by law.");
}

static int
parse_defender (cli_opts_t *opts, const char *arg)
{
  if (strcmp (arg, "max") == 0)
    opts->rules.defender = RO_DEFENDER_MAX;
  else if (strcmp (arg, "wieringa") == 0)
    opts->rules.defender = RO_DEFENDER_WIERINGA;
  else if (strcmp (arg, "optimal") == 0)
    opts->rules.defender = RO_DEFENDER_OPTIMAL;
  else if (strcmp (arg, "wieringa-rolled") == 0)
    opts->rules.defender = RO_DEFENDER_WIERINGA_ROLLED;
  else
    return cli_usage_error ("invalid --defender '%s' (expected 'max', "
                            "'wieringa', 'wieringa-rolled' or 'optimal'%s)",
                            arg, isdigit ((unsigned char) arg[0])
                            ? "; the defender counts of a table are "
                              "--defenders LO..HI" : "");
  opts->policy_given |= 1;
  return CLI_EXIT_OK;
}

static int
parse_method (cli_opts_t *opts, const char *arg)
{
  opts->interval = CLI_INTERVAL_AUTO;
  if (strcmp (arg, "auto") == 0)
    opts->method = RO_METHOD_AUTO;
  else if (strcmp (arg, "strip") == 0)
    opts->method = RO_METHOD_STRIP;
  else if (strcmp (arg, "recursion") == 0)
    {
      opts->method = RO_METHOD_RECURSION;
      opts->interval = CLI_INTERVAL_NEVER;
    }
  else if (strcmp (arg, "interval") == 0)
    {
      opts->method = RO_METHOD_AUTO;
      opts->interval = CLI_INTERVAL_ALWAYS;
    }
  else
    return cli_usage_error ("invalid --method '%s' (expected 'auto', "
                            "'strip', 'recursion' or 'interval')", arg);
  return CLI_EXIT_OK;
}

static int
parse_attacker (cli_opts_t *opts, const char *arg)
{
  if (strcmp (arg, "max") == 0)
    opts->rules.attacker = RO_ATTACKER_MAX;
  else if (strcmp (arg, "optimal") == 0)
    opts->rules.attacker = RO_ATTACKER_OPTIMAL;
  else
    return cli_usage_error ("invalid --attacker '%s' (expected 'max' or "
                            "'optimal'%s)", arg, isdigit ((unsigned char) arg[0])
                            ? "; the attacker counts of a table are "
                              "--attackers LO..HI" : "");
  opts->policy_given |= 2;
  return CLI_EXIT_OK;
}

static int
parse_count (ro_rules_t *rules, const char *arg)
{
  if (strcmp (arg, "territory") == 0)
    rules->count = RO_COUNT_TERRITORY;
  else if (strcmp (arg, "attackers") == 0)
    rules->count = RO_COUNT_ATTACKERS;
  else
    return cli_usage_error ("invalid --count '%s' (expected 'territory' or "
                            "'attackers')", arg);
  return CLI_EXIT_OK;
}


/* A whole number, optionally signed when LO < 0, from LO to HI into *OUT;
   NAME is the option, for the message.  */
static int
parse_int (int *out, const char *arg, const char *name, long lo, long hi)
{
  char *end;
  errno = 0;
  long v = strtol (arg, &end, 10);
  int digit_first = isdigit ((unsigned char) arg[0])
    || (lo < 0 && (arg[0] == '-' || arg[0] == '+')
        && isdigit ((unsigned char) arg[1]));
  if (!digit_first || *end != '\0' || errno == ERANGE || v < lo || v > hi)
    return cli_usage_error ("invalid --%s '%s' (expected a whole number "
                            "from %ld to %ld)", name, arg, lo, hi);
  *out = (int) v;
  return CLI_EXIT_OK;
}

static int
parse_unsigned (unsigned *out, const char *arg, const char *name, long lo,
                long hi)
{
  int v = 0;
  int rc = parse_int (&v, arg, name, lo, hi);
  *out = (unsigned) v;
  return rc;
}

/* --policy-scope battle, chain or chain:K (the policies aim at taking
   at least K territories).  */
static int
parse_scope (cli_opts_t *opts, const char *arg)
{
  opts->scope_given = 1;
  opts->scope_target = 0;
  if (strcmp (arg, "battle") == 0)
    opts->scope = RO_SCOPE_BATTLE;
  else if (strcmp (arg, "chain") == 0)
    opts->scope = RO_SCOPE_CHAIN;
  else if (strncmp (arg, "chain:", 6) == 0)
    {
      char *end;
      errno = 0;
      unsigned long k = strtoul (arg + 6, &end, 10);
      if (!isdigit ((unsigned char) arg[6]) || *end != '\0' || errno != 0
          || k == 0)
        return cli_usage_error ("invalid --policy-scope '%s' (chain:K "
                                "needs a number of territories K of at "
                                "least 1)", arg);
      opts->scope = RO_SCOPE_CHAIN;
      opts->scope_target = k;
    }
  else
    return cli_usage_error ("invalid --policy-scope '%s' (expected "
                            "'battle', 'chain' or 'chain:K')", arg);
  return CLI_EXIT_OK;
}

static int
parse_ties (ro_ties_t *ties, const char *arg)
{
  if (strcmp (arg, "defender") == 0)
    *ties = RO_TIES_DEFENDER;
  else if (strcmp (arg, "attacker") == 0)
    *ties = RO_TIES_ATTACKER;
  else
    return cli_usage_error ("invalid --ties '%s' (expected 'defender' or "
                            "'attacker')", arg);
  return CLI_EXIT_OK;
}

/* A bonus's dice: a number from 1 to RO_DICE_MAX, or 'all'.  */
static int
parse_bonus_dice (unsigned *k, const char *arg, const char *name)
{
  if (strcmp (arg, "all") == 0)
    {
      *k = RO_BONUS_DICE_ALL;
      return CLI_EXIT_OK;
    }
  int v = 0;
  char *end;
  errno = 0;
  long l = strtol (arg, &end, 10);
  if (isdigit ((unsigned char) arg[0]) && *end == '\0' && errno == 0
      && l >= 1 && l <= RO_DICE_MAX)
    v = (int) l;
  else
    return cli_usage_error ("invalid --%s '%s' (expected a number of dice "
                            "from 1 to %d, or 'all')", name, arg,
                            RO_DICE_MAX);
  *k = (unsigned) v;
  return CLI_EXIT_OK;
}

/* The options that change the rules of the battle.  */
static int
parse_rule_option (ro_rules_t *r, int c, const char *arg)
{
  switch (c)
    {
    case OPT_SIDES:
      {
        int rc = parse_unsigned (&r->attack_sides, arg, "sides",
                                 RO_SIDES_MIN, RO_SIDES_MAX);
        r->defend_sides = r->attack_sides;
        return rc;
      }
    case OPT_ATTACK_SIDES:
      return parse_unsigned (&r->attack_sides, arg, "attack-sides",
                             RO_SIDES_MIN, RO_SIDES_MAX);
    case OPT_DEFEND_SIDES:
      return parse_unsigned (&r->defend_sides, arg, "defend-sides",
                             RO_SIDES_MIN, RO_SIDES_MAX);
    case OPT_ATTACK_DICE:
      return parse_unsigned (&r->attack_dice, arg, "attack-dice", 1,
                             RO_DICE_MAX);
    case OPT_DEFEND_DICE:
      return parse_unsigned (&r->defend_dice, arg, "defend-dice", 1,
                             RO_DICE_MAX);
    case OPT_ATTACK_BONUS:
      return parse_int (&r->attack_bonus, arg, "attack-bonus",
                        -RO_BONUS_MAX, RO_BONUS_MAX);
    case OPT_DEFEND_BONUS:
      return parse_int (&r->defend_bonus, arg, "defend-bonus",
                        -RO_BONUS_MAX, RO_BONUS_MAX);
    case OPT_ATTACK_BONUS_DICE:
      return parse_bonus_dice (&r->attack_bonus_dice, arg,
                               "attack-bonus-dice");
    case OPT_DEFEND_BONUS_DICE:
      return parse_bonus_dice (&r->defend_bonus_dice, arg,
                               "defend-bonus-dice");
    case OPT_CLAMP:
      r->clamp = 1;
      return CLI_EXIT_OK;
    default:
      return parse_ties (&r->ties, arg);
    }
}

/* The options of the rules of one battle, which a territory of a chain
   may carry (cli_parse_rule_word).  */
static const int territory_options[] = {
  OPT_SIDES, OPT_ATTACK_SIDES, OPT_DEFEND_SIDES, OPT_ATTACK_DICE,
  OPT_DEFEND_DICE, OPT_ATTACK_BONUS, OPT_DEFEND_BONUS,
  OPT_ATTACK_BONUS_DICE, OPT_DEFEND_BONUS_DICE, OPT_CLAMP, OPT_TIES,
  OPT_DEFENDER
};

/* NAME=VALUE of a territory of a chain ("defend-dice=3", with or
   without the leading "--") applied to RULES, by the parser of the
   options themselves, so the spellings and the checks are the same.  */
int
cli_parse_rule_word (ro_rules_t *rules, const char *word)
{
  const size_t nt = sizeof territory_options / sizeof territory_options[0];
  const char *names[sizeof territory_options / sizeof territory_options[0]];
  const char *w = strncmp (word, "--", 2) == 0 ? word + 2 : word;
  size_t len = strcspn (w, "=");
  if (len == 0)
    return cli_usage_error ("'%s' in a chain is no rule: a rule is "
                            "NAME=VALUE", word);
  size_t n = 0;
  for (const struct option *o = long_options; o->name; o++)
    for (size_t i = 0; i < nt; i++)
      if (o->val == territory_options[i])
        {
          names[n++] = o->name;
          if (strlen (o->name) != len || strncmp (o->name, w, len) != 0)
            continue;
          if (o->val == OPT_CLAMP)
            {
              /* A switch, as on the command line.  */
              if (w[len] != '\0')
                return cli_usage_error ("'%s' in a chain takes no value: "
                                        "clamp", word);
              rules->clamp = 1;
              return CLI_EXIT_OK;
            }
          if (w[len] != '=' || w[len + 1] == '\0')
            return cli_usage_error ("'%s' in a chain needs a value: "
                                    "%s=VALUE", word, o->name);
          if (o->val == OPT_DEFENDER)
            {
              cli_opts_t t;
              memset (&t, 0, sizeof t);
              t.rules = *rules;
              int rc = parse_defender (&t, w + len + 1);
              rules->defender = t.rules.defender;
              return rc;
            }
          return parse_rule_option (rules, o->val, w + len + 1);
        }
  char name[65];
  snprintf (name, sizeof name, "%.*s", (int) (len < 64 ? len : 64), w);
  const char *near = cli_suggest (name, names, n);
  if (near != NULL)
    return cli_usage_error ("'%s' is not a rule of a territory; did you "
                            "mean '%s'?", word, near);
  return cli_usage_error ("'%s' is not a rule of a territory (sides, "
                          "attack-sides, defend-sides, attack-dice, "
                          "defend-dice, attack-bonus, defend-bonus, "
                          "attack-bonus-dice, defend-bonus-dice, clamp, "
                          "ties, defender)", word);
}

static int
parse_palette (int *palette, const char *arg)
{
  if (strcmp (arg, "viridis") == 0)
    *palette = 0;
  else if (strcmp (arg, "grey") == 0 || strcmp (arg, "gray") == 0)
    *palette = 1;
  else
    return cli_usage_error ("invalid --palette '%s' (expected 'viridis' or "
                            "'grey')", arg);
  return CLI_EXIT_OK;
}

static int
parse_format (cli_format_t *format, const char *arg)
{
  if (strcmp (arg, "text") == 0)
    *format = CLI_FORMAT_TEXT;
  else if (strcmp (arg, "csv") == 0)
    *format = CLI_FORMAT_CSV;
  else if (strcmp (arg, "json") == 0)
    *format = CLI_FORMAT_JSON;
  else if (strcmp (arg, "tsv") == 0)
    *format = CLI_FORMAT_TSV;
  else if (strcmp (arg, "markdown") == 0)
    *format = CLI_FORMAT_MARKDOWN;
  else if (strcmp (arg, "latex") == 0)
    *format = CLI_FORMAT_LATEX;
  else
    return cli_usage_error ("invalid --format '%s' (expected 'text', 'csv', "
                            "'json', or for a battle, 'round' and 'table' "
                            "also 'tsv', 'markdown' or 'latex')", arg);
  return CLI_EXIT_OK;
}

static int
parse_values (cli_values_t *values, const char *arg)
{
  if (strcmp (arg, "exact") == 0)
    *values = CLI_VALUES_EXACT;
  else if (strcmp (arg, "decimal") == 0)
    *values = CLI_VALUES_DECIMAL;
  else if (strcmp (arg, "both") == 0)
    *values = CLI_VALUES_BOTH;
  else
    return cli_usage_error ("invalid --values '%s' (expected 'exact', "
                            "'decimal' or 'both')", arg);
  return CLI_EXIT_OK;
}

/* A LaTeX label: what \label and \ref take safely (letters, digits and
   ":-_.").  */
static int
parse_label (const char **label, const char *arg)
{
  if (*arg == '\0' || strspn (arg, "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-_.")
      != strlen (arg))
    return cli_usage_error ("invalid --label '%s' (letters, digits and "
                            "':-_.' only)", arg);
  *label = arg;
  return CLI_EXIT_OK;
}

static int
parse_layout (ro_layout_t *layout, const char *arg)
{
  if (strcmp (arg, "grid") == 0)
    *layout = RO_LAYOUT_GRID;
  else if (strcmp (arg, "long") == 0)
    *layout = RO_LAYOUT_LONG;
  else if (strcmp (arg, "auto") == 0)
    *layout = RO_LAYOUT_AUTO;
  else
    return cli_usage_error ("invalid --layout '%s' (expected 'auto', "
                            "'grid' or 'long')", arg);
  return CLI_EXIT_OK;
}

static int
parse_across (ro_across_t *across, const char *arg)
{
  if (strcmp (arg, "attackers") == 0)
    *across = RO_ACROSS_ATTACKERS;
  else if (strcmp (arg, "defenders") == 0)
    *across = RO_ACROSS_DEFENDERS;
  else
    return cli_usage_error ("invalid --across '%s' (expected 'attackers' "
                            "or 'defenders')", arg);
  return CLI_EXIT_OK;
}

/* --first-row and --first-column: an army count of at least 1.  */
static int
parse_first (unsigned long *out, const char *arg, const char *name)
{
  int rc = cli_parse_armies (out, arg, name);
  if (rc == CLI_EXIT_OK && *out == 0)
    return cli_usage_error ("%s must be at least 1", name);
  return rc;
}

/* The physical memory in bytes, or 0 when it cannot be told.  */
static double
physical_memory (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return 0;
  return (double) pages * (double) size;
}

/* The most memory the process may have: the physical memory, or less
   under a limit of its address space or data (ulimit -v, ulimit -d);
   0 when none can be told.  *WHAT says which.  */
static double
memory_ceiling (const char **what)
{
  static const int res[] = { RLIMIT_AS, RLIMIT_DATA };
  static const char *const names[] = { "address space limit (ulimit -v)",
    "data limit (ulimit -d)" };
  double ceiling = physical_memory ();
  *what = "physical memory";
  for (size_t i = 0; i < sizeof res / sizeof res[0]; i++)
    {
      struct rlimit rl;
      if (getrlimit (res[i], &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
          && (ceiling <= 0 || (double) rl.rlim_cur < ceiling))
        {
          ceiling = (double) rl.rlim_cur;
          *what = names[i];
        }
    }
  return ceiling;
}

/* Three quarters of the memory the process may have (the rest is for
   the program, its libraries and threads' stacks, which a ulimit -v
   counts too), or 4 GiB when it cannot be told: a user under ulimit -v
   is refused up front, with the estimate, rather than GMP aborting when
   an allocation fails.  */
static double
default_max_memory (void)
{
  const char *what;
  double ceiling = memory_ceiling (&what);
  return ceiling > 0 ? 0.75 * ceiling : 4.0 * 1024 * 1024 * 1024;
}

/* A whole number of bytes with an optional K, M, G or T (powers of 1024),
   at most the physical memory (or a ulimit below it): a larger limit
   would let GMP run out of memory, and GMP aborts when it does.  */
static int
parse_size (double *bytes, const char *arg)
{
  static const char units[] = "KMGT";
  const char *p = arg;
  double v = 0, mult = 1;
  while (isdigit ((unsigned char) *p))
    v = v * 10 + (*p++ - '0');
  const char *u = *p ? strchr (units, toupper ((unsigned char) *p)) : NULL;
  if (u != NULL)
    for (p++, mult = 1024; u > units; u--)
      mult *= 1024;
  if (p == arg || !isdigit ((unsigned char) arg[0]) || *p != '\0' || v == 0)
    return cli_usage_error ("invalid --max-memory '%s' (expected a whole "
                            "number of bytes, optionally followed by K, M, "
                            "G or T, such as 512M or 4G)", arg);
  const char *what;
  double ceiling = memory_ceiling (&what);
  if (ceiling > 0 && v * mult > ceiling)
    return cli_usage_error ("--max-memory %s is more than the %s: %.1f "
                            "GiB", arg, what,
                            ceiling / (1024.0 * 1024 * 1024));
  *bytes = v * mult;
  return CLI_EXIT_OK;
}

/* Report an option getopt_long refused, in our own words.  */
static int
bad_option (char **argv, int optopt_seen)
{
  const char *arg = argv[optind - 1];
  if (optopt_seen == 0 && strncmp (arg, "--", 2) == 0)
    {
      /* The nearest long option, compared without its "=VALUE".  */
      const char *names[sizeof long_options / sizeof long_options[0]];
      size_t n = 0;
      for (const struct option *o = long_options; o->name; o++)
        names[n++] = o->name;
      char word[65];
      size_t len = strcspn (arg + 2, "=");
      snprintf (word, sizeof word, "%.*s", (int) (len < 64 ? len : 64),
                arg + 2);
      const char *near = cli_suggest (word, names, n);
      if (near != NULL)
        return cli_usage_error ("unrecognized option '%s'; did you mean "
                                "'--%s'?", arg, near);
      return cli_usage_error ("unrecognized or ambiguous option '%s'", arg);
    }
  return cli_usage_error ("invalid option -- '%c'", optopt_seen);
}

/* Whether ARG is an option whose value is the next argument: "-d" or a
   long option (or an abbreviation getopt_long accepts) without "=".  */
static int
takes_next_argument (const char *arg)
{
  if (arg[0] == '-' && arg[1] != '-' && arg[1] != '\0')
    {
      size_t n = strlen (arg);
      const char *o = strchr (short_options, arg[n - 1]);
      return o != NULL && o[1] == ':' && strspn (arg + 1, "hV") == n - 2;
    }
  if (strncmp (arg, "--", 2) != 0 || strchr (arg, '=') != NULL)
    return 0;
  for (const struct option *o = long_options; o->name; o++)
    if (o->has_arg == required_argument
        && strncmp (o->name, arg + 2, strlen (arg + 2)) == 0)
      return 1;
  return 0;
}

/* --help: the help of the subcommand named on the command line (the
   first word that names one), else the whole usage.  Returns 1.  */
static int
help (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (cli_is_subcommand (argv[i]))
      {
        cli_help (argv[i]);
        return 1;
      }
  usage ();
  return 1;
}

/* Army counts are operands, so a negative one ("-10") would reach getopt
   as a cluster of unknown options: find it first and say what it is.  */
static int
check_negative_operands (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--") == 0)
        break;
      if (takes_next_argument (a))
        i++;
      else if (a[0] == '-' && isdigit ((unsigned char) a[1]))
        return cli_usage_error ("army counts must not be negative: '%s'", a);
    }
  return CLI_EXIT_OK;
}

static int
parse_options (cli_opts_t *opts, int argc, char **argv, int *done)
{
  int c, rc = CLI_EXIT_OK;
  opterr = 0;
  while (rc == CLI_EXIT_OK
         && (c = getopt_long (argc, argv, short_options, long_options,
                              NULL)) != -1)
    switch (c)
      {
      case 'c': rc = parse_count (&opts->rules, optarg); break;
      case 'd':
        {
          int digits = (int) opts->digits;
          rc = parse_int (&digits, optarg, "digits", 1, RO_DIGITS_MAX);
          opts->digits = (unsigned long) digits;
          opts->digits_given = 1;
        }
        break;
      case OPT_PLACES:
        {
          int places = 0;
          rc = parse_int (&places, optarg, "places", 0, RO_DIGITS_MAX);
          opts->places = (unsigned long) places;
          opts->places_given = 1;
        }
        break;
      case 'f':
        rc = parse_format (&opts->format, optarg);
        opts->format_given = 1;
        break;
      case OPT_MAX_MEMORY: rc = parse_size (&opts->max_memory, optarg); break;
      case OPT_GAME_VALUE: opts->game_value = optarg; break;
      case OPT_DIST: opts->dist = 1; break;
      case OPT_TARGET: opts->target = optarg; break;
      case OPT_STATS: opts->stats = 1; break;
      case OPT_ATTACKERS: opts->attackers = optarg; break;
      case OPT_DEFENDERS: opts->defenders = optarg; break;
      case OPT_VALUES: rc = parse_values (&opts->values, optarg); break;
      case 'o': opts->output = optarg; break;
      case OPT_TOLERANCE: opts->tolerance = optarg; break;
      case OPT_COLUMNS: opts->columns = optarg; break;
      case OPT_LAYOUT: rc = parse_layout (&opts->layout, optarg); break;
      case OPT_PERCENT: opts->percent = 1; break;
      case OPT_NO_PERCENT: opts->no_percent = 1; break;
      case OPT_ACROSS: rc = parse_across (&opts->across, optarg); break;
      case OPT_FIRST_ROW:
        rc = parse_first (&opts->first_row, optarg, "--first-row");
        break;
      case OPT_FIRST_COLUMN:
        rc = parse_first (&opts->first_column, optarg, "--first-column");
        break;
      case OPT_LABEL: rc = parse_label (&opts->label, optarg); break;
      case OPT_LATEX_FIT: opts->latex_fit = 1; break;
      case OPT_FLOAT: opts->float_mode = 1; break;
      case OPT_PROGRESS: opts->progress = 1; break;
      case OPT_NO_PROGRESS: opts->progress = -1; break;
      case OPT_DEFENDER: rc = parse_defender (opts, optarg); break;
      case OPT_ATTACKER: rc = parse_attacker (opts, optarg); break;
      case OPT_METHOD: rc = parse_method (opts, optarg); break;
      case OPT_POLICY_SCOPE: rc = parse_scope (opts, optarg); break;
      case OPT_THREADS:
        rc = parse_unsigned (&opts->threads, optarg, "threads", 1,
                             RO_THREADS_MAX);
        break;
      case OPT_LEVELS: opts->levels = optarg; break;
      case OPT_COMPARE: opts->compare = optarg; break;
      case OPT_PALETTE: rc = parse_palette (&opts->palette, optarg); break;
      case OPT_WIDTH:
        rc = parse_unsigned (&opts->width, optarg, "width", 100, 20000);
        break;
      case OPT_HEIGHT:
        rc = parse_unsigned (&opts->height, optarg, "height", 100, 20000);
        break;
      case OPT_STOP:
        rc = cli_parse_armies (&opts->rules.stop, optarg, "--stop");
        break;
      case OPT_GOAL:
        rc = cli_parse_armies (&opts->rules.goal, optarg, "--goal");
        break;
      case OPT_ROUNDS:
        rc = cli_parse_armies (&opts->rounds, optarg, "--rounds");
        if (rc == CLI_EXIT_OK && opts->rounds == 0)
          rc = cli_usage_error ("invalid --rounds '%s' (expected a number "
                                "of rounds, 1 or more)", optarg);
        break;
      case OPT_SIDES: case OPT_ATTACK_SIDES: case OPT_DEFEND_SIDES:
      case OPT_ATTACK_DICE: case OPT_DEFEND_DICE:
      case OPT_ATTACK_BONUS: case OPT_DEFEND_BONUS: case OPT_TIES:
      case OPT_ATTACK_BONUS_DICE: case OPT_DEFEND_BONUS_DICE: case OPT_CLAMP:
        rc = parse_rule_option (&opts->rules, c, optarg);
        break;
      case 'h': *done = help (argc, argv); return CLI_EXIT_OK;
      case 'V': version (); *done = 1; return CLI_EXIT_OK;
      case ':':
        return cli_usage_error ("option '%s' requires an argument",
                                argv[optind - 1]);
      default:
        return bad_option (argv, optopt);
      }
  /* Without --format, -o FILE's extension chooses the format (one that
     names none keeps the default); --format wins over the name.  */
  if (rc == CLI_EXIT_OK && !opts->format_given && opts->output != NULL
      && cli_format_of_file (opts->output, &opts->format,
                             &opts->format_ext) == 0)
    opts->format_ext = NULL;
  return rc;
}

/* --compare 'OPTIONS': the rule options and dice policies of the second
   rule set of plot heatmap, parsed by getopt_long as the command line
   is (after it, so that its state can be reset), over the first rule
   set.  */
static int
parse_compare (cli_opts_t *opts)
{
  char *copy = strdup (opts->compare);
  char *av[64];
  int ac = 0, rc = CLI_EXIT_OK, c, saved = optind;
  if (copy == NULL)
    return cli_error ("out of memory");
  av[ac++] = (char *) "--compare";
  for (char *t = strtok (copy, " \t\n"); t; t = strtok (NULL, " \t\n"))
    if (ac < 63)
      av[ac++] = t;
  av[ac] = NULL;
  cli_opts_t second = *opts;
  optind = 0;
  while (rc == CLI_EXIT_OK
         && (c = getopt_long (ac, av, short_options, long_options, NULL))
         != -1)
    switch (c)
      {
      case OPT_SIDES: case OPT_ATTACK_SIDES: case OPT_DEFEND_SIDES:
      case OPT_ATTACK_DICE: case OPT_DEFEND_DICE:
      case OPT_ATTACK_BONUS: case OPT_DEFEND_BONUS: case OPT_TIES:
        rc = parse_rule_option (&second.rules, c, optarg);
        break;
      case OPT_DEFENDER: rc = parse_defender (&second, optarg); break;
      case OPT_ATTACKER: rc = parse_attacker (&second, optarg); break;
      case ':':
        rc = cli_usage_error ("--compare: option '%s' requires an argument",
                              av[optind - 1]);
        break;
      default:
        rc = cli_usage_error ("--compare '%s': only the rule options and "
                              "the dice policies (--defender, --attacker) "
                              "may differ", opts->compare);
      }
  if (rc == CLI_EXIT_OK && (optind < ac || ac == 1))
    rc = cli_usage_error ("--compare '%s': expected rule options, such as "
                          "'--defend-bonus 1'", opts->compare);
  opts->compare_rules = second.rules;
  optind = saved;
  free (copy);
  return rc;
}

/* The dice policies apply wherever a battle is fought to its end, and
   Wieringa's defender also to one round (his choice does not depend on
   the state); 'game' and 'binomial' are one-round models, and 'verify
   --float' measures the double recursion of the standard policies.  */
static int
check_policies (const cli_opts_t *o, const char *sub)
{
  const ro_rules_t *r = &o->rules;
  int plain = r->defender == RO_DEFENDER_MAX
    && r->attacker == RO_ATTACKER_MAX;
  if (strcmp (sub, "policy") == 0
      && r->defender == RO_DEFENDER_WIERINGA_ROLLED)
    return cli_usage_error ("'policy' shows one answer per attack roll "
                            "class; --defender wieringa-rolled answers by "
                            "the order of the dice (see 'round')");
  if (strcmp (sub, "policy") == 0 || plain)
    return CLI_EXIT_OK;
  if (strcmp (sub, "game") == 0 || strcmp (sub, "binomial") == 0)
    return cli_usage_error ("--defender and --attacker do not apply to "
                            "'%s', a model of one round", sub);
  if (strcmp (sub, "verify") == 0 && o->float_mode)
    return cli_usage_error ("--defender and --attacker do not apply to "
                            "'verify --float', which measures the double "
                            "recursion of the standard dice");
  if (strcmp (sub, "round") == 0
      && (r->defender == RO_DEFENDER_OPTIMAL
          || r->attacker == RO_ATTACKER_OPTIMAL))
    return cli_usage_error ("an optimal choice depends on the armies on "
                            "both sides, not on one round: see 'riskodds "
                            "policy A D'");
  return CLI_EXIT_OK;
}

/* --rounds limits a battle A D (its own forward pass; plot dist draws
   it), a chain (a forward pass over the territories) and a table (the
   recursion with a round coordinate); the searches ('needed',
   'fortify'), the plans, plot's grids and the rest have no such pass.  */
static int
check_rounds (const cli_opts_t *o, const char *sub)
{
  if (o->rounds == 0)
    return CLI_EXIT_OK;
  if (*sub != '\0' && strcmp (sub, "chain") != 0
      && strcmp (sub, "table") != 0 && strcmp (sub, "plot") != 0)
    return cli_usage_error ("--rounds applies to a battle A D, 'chain', "
                            "'table' and 'plot dist'; '%s' does not take "
                            "it", sub);
  if (strcmp (sub, "table") == 0 && o->stats)
    return cli_usage_error ("--rounds and --stats: a table of battles "
                            "limited to N rounds shows P(win) and "
                            "P(unresolved) alone; --stats and --dist of one "
                            "battle A D take --rounds");
  if (o->scope_given && o->scope == RO_SCOPE_CHAIN)
    return cli_usage_error ("--rounds does not apply to --policy-scope "
                            "chain (its dice weigh the unlimited chain's "
                            "odds)");
  if (o->rules.defender == RO_DEFENDER_OPTIMAL
      || o->rules.attacker == RO_ATTACKER_OPTIMAL)
    return cli_usage_error ("--rounds does not apply to an optimal policy "
                            "(its choices depend on the unlimited "
                            "battle's P(win))");
  if (o->method != RO_METHOD_AUTO || o->interval != CLI_INTERVAL_AUTO)
    return cli_usage_error ("--rounds has its own engine (a forward pass "
                            "of N rounds, or for a table the recursion "
                            "with a round coordinate); --method does not "
                            "apply");
  return CLI_EXIT_OK;
}

/* --method chooses the engine of one battle: a battle A D and 'needed'
   (which searches battles one by one when the strip applies).  The
   others need every state (grids, chains, plans) or no battle at all,
   and only the recursion gives them.  */
static int
check_method (const cli_opts_t *o, const char *sub)
{
  if (o->interval == CLI_INTERVAL_ALWAYS && strcmp (sub, "table") != 0
      && strcmp (sub, "verify") != 0)
    return cli_usage_error ("--method interval works on grids ('table', "
                            "'verify'); '%s' does not take it",
                            *sub ? sub : "a battle");
  if (o->interval == CLI_INTERVAL_ALWAYS
      && !ro_interval_applies (&o->rules))
    return cli_usage_error ("--method interval does not apply to an "
                            "optimal policy (its dice depend on exact "
                            "comparisons of P(win))");
  if (o->method != RO_METHOD_STRIP)
    return CLI_EXIT_OK;
  if (*sub != '\0' && strcmp (sub, "needed") != 0)
    return cli_usage_error ("--method strip computes one battle (A D, or "
                            "'needed'); '%s' needs the recursion", sub);
  if (!ro_method_applies (&o->rules, RO_METHOD_STRIP))
    return cli_usage_error ("--method strip applies only when both sides "
                            "roll the most dice they may (--defender max, "
                            "--attacker max)");
  return CLI_EXIT_OK;
}

/* Options that belong to some subcommands only are refused elsewhere:
   silently ignoring one would print numbers for a question not asked.  */
static int
check_applicable (const cli_opts_t *o, const char *sub)
{
  int binomial = strcmp (sub, "binomial") == 0;
  int table = strcmp (sub, "table") == 0;
  int verify = strcmp (sub, "verify") == 0;
  int plot = strcmp (sub, "plot") == 0;
  if ((o->levels || o->compare || o->palette || o->width || o->height)
      && !plot)
    return cli_usage_error ("--levels, --compare, --palette, --width and "
                            "--height apply only to 'plot'");
  if (plot && o->format_given)
    return cli_usage_error ("plot takes its format from -o FILE's "
                            "extension (.svg, .pdf or .png), not --format");
  if (o->game_value != NULL && !binomial)
    return cli_usage_error ("--game-value applies only to 'binomial'");
  if (o->scope_given && strcmp (sub, "chain") != 0
      && strcmp (sub, "fortify") != 0)
    return cli_usage_error ("--policy-scope applies only to 'chain' and "
                            "'fortify'");
  if (o->scope == RO_SCOPE_CHAIN
      && o->rules.defender != RO_DEFENDER_OPTIMAL
      && o->rules.attacker != RO_ATTACKER_OPTIMAL)
    return cli_usage_error ("--policy-scope chain changes only optimal "
                            "dice: give --defender optimal or --attacker "
                            "optimal");
  if (o->target != NULL && strcmp (sub, "needed") != 0)
    return cli_usage_error ("--target applies only to 'needed'");
  if ((o->rules.stop != 0 || o->rules.goal != 0)
      && (strcmp (sub, "round") == 0 || strcmp (sub, "game") == 0
          || binomial))
    return cli_usage_error ("--stop and --goal apply to battles, chains, "
                            "tables and 'needed', not to '%s'", sub);
  if ((o->dist || (o->stats && !table && strcmp (sub, "chain") != 0))
      && *sub != '\0')
    return cli_usage_error ("--dist applies only to a battle A D, --stats "
                            "to a battle, 'chain' and 'table'");
  int fortify = strcmp (sub, "fortify") == 0;
  if ((o->attackers || o->defenders) && !table && !plot
      && !(verify && o->float_mode) && !(fortify && !o->defenders))
    return cli_usage_error ("--attackers and --defenders apply only to "
                            "'table', 'verify --float' and 'plot' (and "
                            "--attackers to 'fortify')");
  if (o->values && verify)
    return cli_usage_error ("--values does not apply to 'verify', which "
                            "prints the published numbers beside decimals");
  /* --places and --percent write the probabilities of a battle, a chain
     and a table.  */
  int decimals = table || *sub == '\0' || strcmp (sub, "chain") == 0;
  if (o->places_given && !decimals)
    return cli_usage_error ("--places applies only to a battle A D, "
                            "'chain' and 'table'");
  if (o->places_given && o->digits_given)
    return cli_usage_error ("--places and --digits: give one (decimal "
                            "places or significant digits)");
  if (o->places_given && o->values == CLI_VALUES_EXACT)
    return cli_usage_error ("--places rounds decimals; --values exact "
                            "prints none");
  if ((o->tolerance || o->columns || o->float_mode) && !verify)
    return cli_usage_error ("--tolerance, --columns and --float apply only "
                            "to 'verify'");
  if (o->layout && !verify && !table)
    return cli_usage_error ("--layout applies only to 'verify' (reading) "
                            "and 'table' (printing)");
  if ((o->label || o->latex_fit) && !(table && o->format == CLI_FORMAT_LATEX))
    return cli_usage_error ("--label and --latex-fit apply only to 'table' "
                            "--format latex");
  if (o->percent && !verify && !decimals)
    return cli_usage_error ("--percent applies to 'verify' (reading "
                            "percentages), and to a battle A D, 'chain' and "
                            "'table' (printing them)");
  if (o->percent && !verify && o->values == CLI_VALUES_EXACT)
    return cli_usage_error ("--percent prints the decimals as percentages; "
                            "--values exact prints none");
  if ((o->no_percent || o->across || o->first_row || o->first_column)
      && !verify)
    return cli_usage_error ("--no-percent, --across, --first-row and "
                            "--first-column apply only to 'verify'");
  if (o->percent && o->no_percent)
    return cli_usage_error ("--percent and --no-percent contradict each "
                            "other");
  if (o->float_mode && (o->no_percent || o->across || o->first_row
                        || o->first_column))
    return cli_usage_error ("--float checks double precision over a grid; "
                            "--no-percent, --across, --first-row and "
                            "--first-column are for reading files");
  if (o->float_mode && (o->tolerance || o->columns || o->layout
                        || o->percent))
    return cli_usage_error ("--float checks double precision over a grid; "
                            "--tolerance, --columns, --layout and --percent "
                            "are for reading files");
  /* TSV, Markdown and LaTeX are for the outputs that are one table.  */
  int tabular = table || *sub == '\0' || strcmp (sub, "round") == 0;
  if (o->format >= CLI_FORMAT_TSV && !tabular && o->format_ext != NULL)
    return cli_usage_error ("-o %s: '.%s' names the %s format, which '%s' "
                            "does not print (tsv, markdown and latex are "
                            "for 'table', 'round' and a battle A D); give "
                            "--format text, csv or json", o->output,
                            o->format_ext, cli_format_name (o->format), sub);
  if (o->format >= CLI_FORMAT_TSV && !tabular)
    return cli_usage_error ("--format tsv, markdown and latex apply only "
                            "to 'table', 'round' and a battle A D");
  int rc = check_policies (o, sub);
  if (rc == CLI_EXIT_OK)
    rc = check_rounds (o, sub);
  return rc == CLI_EXIT_OK ? check_method (o, sub) : rc;
}

/* The subcommands, by the word that names them.  */
static const struct
{
  const char *name;
  int (*run) (const cli_opts_t *, int, char **);
} subcommands[] = {
  {"round", cmd_round}, {"game", cmd_game}, {"binomial", cmd_binomial},
  {"chain", cmd_chain}, {"needed", cmd_needed}, {"table", cmd_table},
  {"fortify", cmd_fortify},
  {"verify", cmd_verify}, {"policy", cmd_policy}, {"plot", cmd_plot}
};

static int
run (const cli_opts_t *o, const char *sub, int nargs, char **args)
{
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
    if (strcmp (sub, subcommands[i].name) == 0)
      return subcommands[i].run (o, nargs - 1, args + 1);
  return cmd_battle (o, nargs, args);
}

/* One line of 'riskodds batch' (cli_batch_hooks_t): its options over
   those of the batch, parsed afresh (optind 0 restarts getopt_long).  */
static int
batch_parse (cli_opts_t *opts, const cli_opts_t *base, int argc,
             char **argv, const char **sub, int *nargs, char ***args)
{
  int done = 0;
  *opts = *base;
  optind = 0;
  int rc = check_negative_operands (argc, argv);
  if (rc == CLI_EXIT_OK)
    rc = parse_options (opts, argc, argv, &done);
  if (rc != CLI_EXIT_OK)
    return rc;
  if (done)
    return cli_usage_error ("--help and --version do not answer a line of "
                            "a batch");
  if (opts->format != base->format)
    return cli_usage_error ("--format is the batch's, not a line's");
  if (opts->output != base->output)
    return cli_usage_error ("-o is the batch's, not a line's");
  *nargs = argc - optind;
  *args = argv + optind;
  *sub = *nargs > 0 && isalpha ((unsigned char) (*args)[0][0])
    ? (*args)[0] : "";
  /* plot writes a figure to -o FILE, which is the batch's.  */
  if (strcmp (*sub, "batch") == 0 || strcmp (*sub, "help") == 0
      || strcmp (*sub, "plot") == 0)
    return cli_usage_error ("'%s' does not answer a line of a batch", *sub);
  return check_applicable (opts, *sub);
}

/* The subcommand named on the command line, if any, for the hint of a
   usage error: options may come before it, so it is looked for before
   they are parsed (an option's argument is never a subcommand's name).  */
static void
guess_help_topic (int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    {
      if (strcmp (argv[i], "batch") == 0)
        {
          cli_set_help_topic ("batch");
          return;
        }
      for (size_t k = 0; k < sizeof subcommands / sizeof subcommands[0]; k++)
        if (strcmp (argv[i], subcommands[k].name) == 0)
          {
            cli_set_help_topic (subcommands[k].name);
            return;
          }
    }
}

int
main (int argc, char **argv)
{
  cli_opts_t opts;
  int done = 0;

  cli_std_open ();
  memset (&opts, 0, sizeof opts);
  ro_rules_init (&opts.rules);
  opts.digits = 20;
  opts.format = CLI_FORMAT_TEXT;
  opts.max_memory = default_max_memory ();
  opts.layout = RO_LAYOUT_AUTO;

  guess_help_topic (argc, argv);
  int rc = check_negative_operands (argc, argv);
  if (rc == CLI_EXIT_OK)
    rc = parse_options (&opts, argc, argv, &done);
  if (rc == CLI_EXIT_OK && !done && opts.compare)
    rc = parse_compare (&opts);
  if (rc != CLI_EXIT_OK || done)
    return cli_output_finish (rc);

  int nargs = argc - optind;
  char **args = argv + optind;
  const char *sub = nargs > 0 && isalpha ((unsigned char) args[0][0])
    ? args[0] : "";
  if (strcmp (sub, "help") == 0)
    {
      /* riskodds help [SUB] */
      if (nargs > 2)
        rc = cli_usage_error ("'help' takes one subcommand");
      else if (nargs == 2)
        rc = cli_help (args[1]);
      else
        usage ();
      return cli_output_finish (rc);
    }
  int batch = strcmp (sub, "batch") == 0;
  if (batch)
    {
      /* CSV by default; the meter would only get in the way.  */
      if (!opts.format_given)
        opts.format = CLI_FORMAT_CSV;
      opts.progress = -1;
    }
  rc = batch ? CLI_EXIT_OK : check_applicable (&opts, sub);
  if (rc == CLI_EXIT_OK && opts.output && strcmp (opts.output, "-") != 0)
    rc = cli_output_start (opts.output);
  if (rc == CLI_EXIT_OK)
    {
      static const cli_batch_hooks_t hooks = { batch_parse, run };
      cli_meter_start (opts.progress);
      rc = batch ? cmd_batch (&opts, nargs - 1, args + 1, &hooks)
        : run (&opts, sub, nargs, args);
    }
  return cli_output_finish (rc);
}
