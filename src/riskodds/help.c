/* help.c -- riskodds --help, --version, and each subcommand's own help */

#include <config.h>

#include <string.h>

#include "options.h"

/* Each subcommand's help: its synopsis, what it prints, its own options
   and two examples.  The options every subcommand shares (the rules,
   the dice policies, --count, --digits, --format, -o, --max-memory,
   --progress) are
   described once, by riskodds --help.  */
typedef struct
{
  const char *name;
  const char *text;
} help_t;

static const help_t helps[] = {
  {"battle",
   "Usage: riskodds [OPTION]... A D\n"
   "The exact probability that A attacking armies conquer a territory\n"
   "held by D, as a reduced fraction and a correctly rounded decimal.\n"
   "\n"
   "Options of a battle:\n"
   "      --dist           also print how the battle ends: every end's\n"
   "                         probability and the cumulative sums\n"
   "      --stats          also print the expected armies left and lost,\n"
   "                         and their variances\n"
   "      --stop=K, --goal=G  stop (and lose) at K armies; stop (and win)\n"
   "                         when the defender is down to G\n"
   "      --method=M       the engine: 'auto' (default), 'strip' or\n"
   "                         'recursion'; the values are the same\n"
   "      --rounds=N       stop after N rounds: P(win), P(loss) and\n"
   "                         P(unresolved); --dist shows what is left\n"
   "      --places=N       N digits after the point instead of --digits\n"
   "      --percent        probabilities as percentages (not --stats'\n"
   "                         armies); the text marks a decimal that reads\n"
   "                         1 or 0 when the value is not\n"
   "  -f, --format=FMT     also 'tsv', 'markdown' and 'latex' (captioned\n"
   "                         with the rules), or from -o's extension: one\n"
   "                         table, that of --dist or --stats if given\n"
   "\n"
   "Examples:\n"
   "  riskodds --digits 100 18 6       McLoone's example to 100 digits\n"
   "  riskodds --percent --places 2 5 3  64.16%\n"
   "  riskodds --dist --stats 10 5     how 10 against 5 ends\n"
   "  riskodds --rounds 3 --dist 10 5  three rounds, and what is left\n"},
  {"round",
   "Usage: riskodds round [OPTION]...\n"
   "The exact outcome counts of one round of dice, for every number of\n"
   "attack and defence dice the rules allow: in how many of the equally\n"
   "likely rolls each side loses how many armies.\n"
   "\n"
   "Its own options: none beyond the rules and --defender wieringa or\n"
   "wieringa-rolled (an answer fixed per roll); --format text, csv,\n"
   "tsv, json, markdown or latex (captioned with the rules).\n"
   "\n"
   "Examples:\n"
   "  riskodds round                   the standard game's counts\n"
   "  riskodds round --format csv --defend-dice 3\n"
   "  riskodds round --defend-bonus -1 --clamp\n"
   "                                   Risk Legacy's ammo shortage\n"},
  {"game",
   "Usage: riskodds game [OPTION]...\n"
   "The one-round game matrix of Georgiou's analysis: the expected net\n"
   "result per round and per comparison for every number of dice, the\n"
   "saddle point, the game value, p = 1/2 + v/2 and the equilibrium\n"
   "force ratio.\n"
   "\n"
   "Its own options: none beyond the rules (no dice policies: the\n"
   "matrix is the choice).\n"
   "\n"
   "Examples:\n"
   "  riskodds game                    the standard game\n"
   "  riskodds game --attack-bonus 1   an attacking hero\n"},
  {"binomial",
   "Usage: riskodds binomial [OPTION]... A D\n"
   "Georgiou's binomial model (his Model 2) of the battle A against D\n"
   "beside its exact probability and the model's error; A and D may be\n"
   "ranges LO..HI, for a table.\n"
   "\n"
   "Its own options:\n"
   "      --game-value=V   'georgiou' (default), 'consistent', or an exact\n"
   "                         number such as 0.0395 or -1/3\n"
   "\n"
   "Examples:\n"
   "  riskodds binomial --count attackers 3..15 2..15\n"
   "  riskodds binomial --count attackers --game-value 0.0395 10 10\n"},
  {"chain",
   "Usage: riskodds chain [OPTION]... A D1 [D2]...\n"
   "A armies take territories of D1, D2, ... armies one after another,\n"
   "leaving one army in each: the probability of taking them all, how\n"
   "far the chain gets, and the armies that reach the last territory.\n"
   "\n"
   "Where the attack stops: the territory that holds and its defenders\n"
   "left.  A territory D:RULE=VALUE,... has rules of its own (the rule\n"
   "options without their dashes: sides, attack-sides, defend-sides,\n"
   "attack-dice, defend-dice, attack-bonus, defend-bonus,\n"
   "attack-bonus-dice, defend-bonus-dice, ties, attack-commanders,\n"
   "defend-commanders, defender, edition; clamp and defend-station alone),\n"
   "separated by commas with no spaces and none empty.  The army left in\n"
   "a territory taken is an ordinary one while the attacker has one: his\n"
   "commanders move on.\n"
   "\n"
   "Its own options: --stop=K applies to every battle (no --goal).\n"
   "      --stats          expected territories taken and armies lost\n"
   "      --policy-scope=S 'battle' (default): optimal dice weigh the\n"
   "                         battle's P(win); 'chain': P(taking the rest);\n"
   "                         'chain:K': P(taking at least K), then each\n"
   "                         battle's own\n"
   "      --rounds=N       stop after N rounds in all (moving on takes\n"
   "                         none): P(still fighting), and the stops\n"
   "                         include where the attack is still fighting\n"
   "      --places=N, --percent  decimals to N places, as percentages\n"
   "\n"
   "Examples:\n"
   "  riskodds chain 20 3 2 4 1        four territories in a row\n"
   "  riskodds chain --rounds 4 10 3 3  two territories, four rounds\n"
   "  riskodds chain 12 3 4:defend-dice=3,defend-bonus=1 2\n"
   "  riskodds chain --defender optimal --policy-scope chain 8 3 3\n"
   "  riskodds chain --defender optimal --policy-scope chain:2 8 3 3 2\n"
   "  riskodds chain --format json 12 3 3\n"},
  {"fortify",
   "Usage: riskodds fortify [OPTION]... --attackers=A D K\n"
   "Every split of D defending armies over a chain of K territories (at\n"
   "least 1 each) against the chain attack of A armies, ranked by the\n"
   "attacker's exact P(taking all K), then P(taking at least k): the best\n"
   "five of each (CSV: all).  C(D-1, K-1) chains; beyond 100000, the\n"
   "five best of each by a search over the territories (a dynamic\n"
   "program bounding each prefix; each split shown computed exactly,\n"
   "ties in lexicographic order as the exhaustive ranking), with\n"
   "--policy-scope battle only.\n"
   "\n"
   "Its own options:\n"
   "      --attackers=A    the attacking armies (required)\n"
   "      --policy-scope=S as in 'chain'\n"
   "\n"
   "Examples:\n"
   "  riskodds fortify --attackers 12 10 3\n"
   "  riskodds fortify --attackers 100 60 5\n"},
  {"needed",
   "Usage: riskodds needed [OPTION]... D | LO..HI | D1 D2...\n"
   "The smallest attack A with P(win) at least --target: against D, each\n"
   "D of LO..HI, or for taking the whole chain D1 D2 ...\n"
   "\n"
   "Its own options:\n"
   "      --target=P       the probability to reach (default 1/2), a\n"
   "                         decimal, a fraction or a percentage (90%),\n"
   "                         compared exactly\n"
   "      --method=M       'auto' (default), 'strip' (search battle by\n"
   "                         battle) or 'recursion' (one pass over the\n"
   "                         grid); the answers are the same; a chain\n"
   "                         always takes the recursion\n"
   "\n"
   "Examples:\n"
   "  riskodds needed 766              the armies for even odds\n"
   "  riskodds needed --target 0.9 1..10\n"},
  {"table",
   "Usage: riskodds table [OPTION]...\n"
   "P(win) for every battle of --attackers LO..HI against --defenders\n"
   "LO..HI, from one pass of the recursion: a reference table.\n"
   "\n"
   "Its own options:\n"
   "      --attackers=LO..HI  the attacker counts (default 1..10)\n"
   "      --defenders=LO..HI  the defender counts (default 1..10)\n"
   "      --places=N       N digits after the point instead of --digits\n"
   "      --percent        P(win) as percentages\n"
   "      --stats          (csv, tsv, json) expected armies left and lost\n"
   "      --layout=L       csv, tsv: 'long' (default; a battle per row) or\n"
   "                         'grid' (a row per A, a column per D)\n"
   "      --label=NAME     latex: the \\label (default\n"
   "                         tab:riskodds-aLO-HI-dLO-HI)\n"
   "      --latex-fit      latex: scale the tabular to \\textwidth with\n"
   "                         \\resizebox (needs \\usepackage{graphicx})\n"
   "      --method=M       'interval' (the default when only decimals are\n"
   "                         printed: certified enclosures, far faster) or\n"
   "                         'recursion' (every cell's exact fraction,\n"
   "                         rounded); the digits are the same\n"
   "      --threads=N      the threads of the grid (default: the processors\n"
   "                         available); the output is the same for any N\n"
   "      --rounds=N       P(win within N rounds); the long formats add\n"
   "                         P(unresolved) (one thread, exact recursion)\n"
   "  -f, --format=FMT     also 'tsv', 'markdown' and 'latex' (captioned\n"
   "                         with the rules), or from -o's extension\n"
   "\n"
   "Examples:\n"
   "  riskodds table --format csv --attackers 1..30 --defenders 1..30\n"
   "  riskodds table --format latex --places 3 -o table.tex\n"
   "  riskodds table --layout grid --format csv --places 4\n"
   "  riskodds table --format latex --latex-fit --places 2 --attackers 2..30\n"
   "  riskodds table --rounds 3 --format csv --attackers 2..6 --defenders 1..3\n"},
  {"batch",
   "Usage: riskodds batch [OPTION]... < QUESTIONS\n"
   "Answer many questions in one process: one a line on standard input,\n"
   "\"A D\" or a subcommand line (\"needed --target 0.9 766\"), either\n"
   "followed by options for that line alone; blank lines and lines\n"
   "starting with '#' are skipped.  The options given to batch hold for\n"
   "every line.  Each answer is one line: a CSV row of battles (line,\n"
   "attackers, defenders, count, win_exact, win_decimal, error), or with\n"
   "--format json one JSON object (the subcommand's own, with \"line\"\n"
   "first).  With --rounds N given to batch, the CSV rows have\n"
   "unresolved_exact and unresolved_decimal before error (a line may\n"
   "change N); without it, a line's --rounds is an error row.  A line\n"
   "that cannot be answered gets its error in the row or object, and\n"
   "the rest go on; exit status 1 when one did (a verify line with a\n"
   "wrong number too: its object is verify's report).  A line holds at\n"
   "most 65536 bytes (a longer one, or one with a NUL byte, is an error\n"
   "line); 'verify -' is refused, standard input being the questions.\n"
   "JSON strings are valid UTF-8: bytes that are not become \\ufffd.\n"
   "\n"
   "Its own options:\n"
   "  -f, --format=FMT     'csv' (default) or 'json' (JSON Lines: every\n"
   "                         subcommand; CSV rows are for battles)\n"
   "\n"
   "Examples:\n"
   "  riskodds batch < examples/questions.txt\n"
   "  riskodds batch --format json --sides 10 < examples/questions.txt\n"
   "  riskodds batch --rounds 3 < examples/questions.txt\n"},
  {"verify",
   "Usage: riskodds verify [OPTION]... FILE...\n"
   "  or:  riskodds verify --float [OPTION]...\n"
   "  or:  riskodds verify --samples N [OPTION]... FILE...\n"
   "Judge the numbers of published tables (FILE, or - for standard\n"
   "input) against the exact values: each is right when it is the exact\n"
   "value correctly rounded to the digits it shows.  With --float, show\n"
   "what double precision loses over a grid.  With --samples, judge\n"
   "simulated numbers, each the mean of N battles, by statistics.\n"
   "\n"
   "Its own options:\n"
   "      --tolerance=X    right also when within X of the exact value\n"
   "      --columns=A,D,V  the columns of a long table, by name or number;\n"
   "                         V:defender for a column of the defender's\n"
   "                         chance, judged against 1 - P(win)\n"
   "      --layout=L       'auto' (default), 'grid' or 'long'\n"
   "      --percent        numbers without '%' are percentages too\n"
   "      --no-percent     numbers without '%' are probabilities (by\n"
   "                         default, when all lie in [0, 100], some are\n"
   "                         above 1 and they fit as percentages, they\n"
   "                         are read so, with a note)\n"
   "      --across=SIDE    what a grid's columns count: 'attackers' or\n"
   "                         'defenders' (default: as its corner and labels\n"
   "                         say, else defenders; a note names the other\n"
   "                         side when it fits)\n"
   "      --first-row=N    a headerless grid (values only, a nested array\n"
   "                         as programs print it, an R matrix): the count\n"
   "                         of its first row (default: 1 or 2, and the\n"
   "                         side across, whichever makes most agree)\n"
   "      --first-column=N the count of its first column (default 1)\n"
   "      --float          double precision over --attackers x --defenders\n"
   "      --samples=N      every number is the mean of N simulated battles\n"
   "                         (a long table's 'samples' column may give a\n"
   "                         row its own): the exact binomial test at the\n"
   "                         count most favourable to it, Holm's correction\n"
   "                         over the file, a diagnosis under other rules\n"
   "                         when caught, the N that catches ties to the\n"
   "                         attacker with 99% power\n"
   "      --alpha=X        the family-wise level of --samples (0.001)\n"
   "      --method=M       'interval' (default: judged on certified\n"
   "                         enclosures, exactly where they cannot tell) or\n"
   "                         'recursion' (on exact values); the same report\n"
   "\n"
   "A disagreement is placed as FILE:LINE: field N (N the cell's place in\n"
   "its row, from 1); a file in percent gives its errors in percentage\n"
   "points.  Exit status 1 when a value disagrees.\n"
   "\n"
   "Examples:\n"
   "  riskodds verify published/mcloone-exact.txt\n"
   "  riskodds verify --count attackers published/osborne-table3.txt\n"
   "  riskodds verify --samples 100000 examples/simulated-honest.csv\n"},
  {"policy",
   "Usage: riskodds policy [OPTION]... A D\n"
   "The dice choices in every state of the battle A against D: where the\n"
   "attacker rolls fewer dice, the attack rolls the defender answers with\n"
   "fewer, where that departs from Wieringa's rules, and P(win) under\n"
   "each pair of policies (by default both sides optimal).\n"
   "\n"
   "Its own options: --defender and --attacker choose the policies shown.\n"
   "\n"
   "Examples:\n"
   "  riskodds policy 6 4              where the best choices lie\n"
   "  riskodds policy --defender wieringa --format csv 10 10\n"},
  {"plot",
   "Usage: riskodds plot KIND [OPTION]... [A D] -o FILE\n"
   "A figure in FILE, its format from the extension: .svg, .pdf or .png\n"
   "(case ignored).  KIND is one of:\n"
   "  heatmap  P(win) over --attackers x --defenders (default 1..30) on a\n"
   "           perceptually uniform colour scale, with a colour bar and\n"
   "           contours at --levels, labelled\n"
   "  dist     how the battle A D ends (operands A D): the ends' bars in\n"
   "           --dist's order, the cumulative curve, P(win) in the title;\n"
   "           with --rounds N also the battles going on after N rounds\n"
   "  policy   the share of the attack rolls the defender (optimal unless\n"
   "           --defender says otherwise) answers with fewer dice than he\n"
   "           may, over the grid (default 1..20); dots where the\n"
   "           (optimal) attacker rolls fewer dice; hatched: no choice\n"
   "  float    the error of P(win) in double precision against the exact\n"
   "           value, in ULPs on a log scale, as verify --float measures\n"
   "           it (default grid 1..100)\n"
   "\n"
   "Its own options:\n"
   "      --attackers=LO..HI, --defenders=LO..HI  the grid\n"
   "      --levels=L,...   heatmap: the contours (default 0.5,0.8,0.9;\n"
   "                         --levels= draws none)\n"
   "      --compare='OPTIONS'  heatmap: P(win) under the rule options and\n"
   "                         dice policies OPTIONS minus P(win) under the\n"
   "                         others, on a diverging scale\n"
   "      --palette=P      'viridis' (default) or 'grey'\n"
   "      --width=N, --height=N  the size: pixels (PNG) or points (SVG,\n"
   "                         PDF); default 640 x 480\n"
   "      --size=WxH       the size in pixels (1280x720), or in inches\n"
   "                         (4x3in) or centimetres (16x12cm) at --dpi;\n"
   "                         instead of --width and --height\n"
   "      --dpi=N          pixels an inch (default 72: a pixel a point, so\n"
   "                         a PNG is its SVG's drawing); a PNG of --size\n"
   "                         4x3in at --dpi 300 has 1200 x 900 pixels\n"
   "      --title=TEXT     the title, lines at newlines ('' for none)\n"
   "      --font=FAMILY, --font-size=PT  the text's font (sans-serif) and\n"
   "                         size (11 points at 640 x 480, scaled)\n"
   "      --theme=T        'light' (default) or 'dark' (light text on a\n"
   "                         dark page, for slides)\n"
   "\n"
   "Numbers in a figure are the correctly rounded decimals riskodds\n"
   "prints.  A build without cairo (libcairo2-dev) cannot plot.\n"
   "\n"
   "Examples:\n"
   "  riskodds plot heatmap -o odds.svg\n"
   "  riskodds plot heatmap --compare '--defend-bonus 1' -o hero.png\n"
   "  riskodds plot heatmap --levels 0.25,0.5,0.75 --count attackers -o odds.pdf\n"
   "  riskodds plot dist 10 5 -o end.pdf\n"
   "  riskodds plot policy --defender wieringa -o wieringa.png\n"
   "  riskodds plot float --attackers 1..60 --defenders 1..60 -o float.svg\n"
   "  riskodds plot heatmap --title 'P(conquest)' --size 1280x720 --font-size 18 -o slide.png\n"
   "  riskodds plot dist 10 5 --size 8x6cm --dpi 300 --font serif --title '' -o paper.png\n"
   "  riskodds plot heatmap --theme dark --size 1280x720 --font-size 18 -o dark.png\n"},
  {"editions",
   "Usage: riskodds editions [NAME]...\n"
   "List the editions and house rules that --edition NAME stands for\n"
   "(every one, or those named): each one's rule options and the\n"
   "rulebook or source they come from.  --edition NAME applies them to\n"
   "any subcommand that takes rule options; the rule options given\n"
   "explicitly win, before or after it.  In a chain, D:edition=NAME\n"
   "gives one territory an edition's rules.\n"
   "\n"
   "Its own options: --format text (default), csv or json; -o FILE.\n"
   "\n"
   "Examples:\n"
   "  riskodds editions\n"
   "  riskodds editions risiko legacy-bunker\n"
   "  riskodds --edition risiko 10 10\n"
   "  riskodds table --edition legacy-bunker --defend-dice 3\n"
   "  riskodds chain 12 2 4:edition=capital 2\n"},
  {"completion",
   "Usage: riskodds completion bash|zsh\n"
   "Print the shell's completion script for riskodds: it completes the\n"
   "subcommands, the options each subcommand takes, the words of the\n"
   "options' values (--defender optimal, --format json, ...), plot's\n"
   "kinds and verify's files.  It is made from the program's own tables\n"
   "of subcommands and options.  make install installs both (bash:\n"
   "bash-completion's directory; zsh: site-functions/_riskodds).\n"
   "\n"
   "Its own options: none.\n"
   "\n"
   "Examples:\n"
   "  source <(riskodds completion bash)   in this bash, at once\n"
   "  riskodds completion zsh > ~/.zfunc/_riskodds\n"
   "                                   for a zsh with ~/.zfunc in $fpath\n"},
};

static const char common[] =
  "\n"
  "Rule options (--sides, --attack-dice, --defend-dice, bonuses and their\n"
  "dice, --clamp, --ties, --attack-commanders, --defend-commanders,\n"
  "--defend-station, --edition NAME: riskodds editions lists them),\n"
  "dice policies (--defender, --attacker) and the common options (--count,\n"
  "--digits, --values (not for verify), --format, -o, --max-memory,\n"
  "--progress): see riskodds --help.\n";

int
cli_is_subcommand (const char *word)
{
  for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
    if (strcmp (word, helps[i].name) == 0 && strcmp (word, "battle") != 0)
      return 1;
  return 0;
}

int
cli_help (const char *sub)
{
  const char *name = *sub == '\0' ? "battle" : sub;
  for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
    if (strcmp (name, helps[i].name) == 0)
      {
        fputs (helps[i].text, stdout);
        /* completion and editions take none of them.  */
        if (strcmp (name, "completion") != 0
            && strcmp (name, "editions") != 0)
          fputs (common, stdout);
        return CLI_EXIT_OK;
      }
  return cli_usage_error ("no help for '%s': the subcommands are round, game, "
                          "binomial, chain, fortify, needed, table, verify, "
                          "policy and plot",
                          sub);
}

/* riskodds --help, in parts: the synopses; what riskodds computes and its
   subcommands; the option lines, from the option table; the examples
   and the exit status.  */
static void
usage_synopsis (void)
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
  or:  %s batch [OPTION]... < QUESTIONS\n\
  or:  %s editions [NAME]...\n\
  or:  %s completion bash|zsh\n",
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME,
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME, PACKAGE_NAME,
          PACKAGE_NAME, PACKAGE_NAME);
}

static void
usage_subcommands (void)
{
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
  editions  the editions and house rules --edition names: their rule\n\
            options and where they come from\n\
  completion  the completion script of bash or zsh: subcommands, their\n\
            options and the words of the options' values\n", stdout);
}

static void
usage_examples (void)
{
  fputs ("\n\
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

void
cli_usage (void)
{
  usage_synopsis ();
  usage_subcommands ();
  fputs ("\nRule options (defaults: the standard game):\n", stdout);
  cli_options_help (CLI_SECTION_RULES);
  fputs ("\n\
Dice policies (battles, chain, needed, table, verify, policy; round\n\
only --defender wieringa and wieringa-rolled):\n", stdout);
  cli_options_help (CLI_SECTION_POLICIES);
  fputs ("\nOptions:\n", stdout);
  cli_options_help (CLI_SECTION_MAIN);
  usage_examples ();
}

void
cli_version (void)
{
  printf ("%s (%s) %s\n", PACKAGE_NAME, PACKAGE_NAME, PACKAGE_VERSION);
  puts ("Copyright (C) 2026 the riskodds developers.\n\
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n\
This is free software: you are free to change and redistribute it.\n\
There is NO WARRANTY, to the extent permitted by law.");
}

/* --help: the help of the subcommand named on the command line (the
   first word that names one), else the whole usage.  */
void
cli_help_args (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (cli_is_subcommand (argv[i]))
      {
        cli_help (argv[i]);
        return;
      }
  cli_usage ();
}
