/* options.h -- the program's options, one declaration each */

#ifndef OPTIONS_H
#define OPTIONS_H

#include <stddef.h>

#include "cli.h"

/* The subcommands, as the bits of the masks that say which of them take
   an option.  CLI_SUB_OTHER is a word that names none of them (a
   battle's misspelt operand): only the options every subcommand takes
   pass with it.  */
enum
{
  CLI_SUB_BATTLE = 1 << 0,
  CLI_SUB_ROUND = 1 << 1,
  CLI_SUB_GAME = 1 << 2,
  CLI_SUB_BINOMIAL = 1 << 3,
  CLI_SUB_CHAIN = 1 << 4,
  CLI_SUB_FORTIFY = 1 << 5,
  CLI_SUB_NEEDED = 1 << 6,
  CLI_SUB_TABLE = 1 << 7,
  CLI_SUB_VERIFY = 1 << 8,
  CLI_SUB_POLICY = 1 << 9,
  CLI_SUB_PLOT = 1 << 10,
  CLI_SUB_OTHER = 1 << 11,
  CLI_SUB_ALL = (1 << 12) - 1
};

/* Where an option's value lands.  */
typedef enum
{
  CLI_LAND_CALL,                /* PARSE (opts, value) */
  CLI_LAND_STRING,              /* the const char * at FIELD: the value */
  CLI_LAND_SET,                 /* the int at FIELD: VALUE (a switch) */
  CLI_LAND_HELP,                /* --help: parsing stops */
  CLI_LAND_VERSION              /* --version: likewise */
} cli_land_t;

/* The sections of riskodds --help that list options.  */
typedef enum
{
  CLI_SECTION_MAIN,             /* "Options" */
  CLI_SECTION_RULES,            /* "Rule options" */
  CLI_SECTION_POLICIES          /* "Dice policies" */
} cli_section_t;

/* What an option of the rules may also be: a rule of one territory of
   a chain (D:RULE=VALUE), a rule of plot's --compare.  */
#define CLI_OPT_TERRITORY 1
#define CLI_OPT_COMPARE 2

/* One option: its names, how its value is parsed and where it lands,
   which subcommands take it (another one refuses it with the message of
   its REFUSAL; options.c lists those), and its lines in --help.  */
typedef struct
{
  const char *name;             /* --NAME */
  char letter;                  /* -L, or 0 */
  const char *arg;              /* the value's name in --help ("N");
                                   NULL: the option takes none */
  int rank;                     /* its place among the names that "did
                                   you mean" weighs (see options.c) */
  cli_land_t land;
  size_t field;                 /* STRING, SET: offsetof (cli_opts_t) */
  int value;                    /* SET */
  int (*parse) (cli_opts_t *opts, const char *arg);     /* CALL */
  unsigned subs;                /* CLI_SUB_... that take it */
  int refusal;                  /* options.c's refusal, 0: none */
  /* Whether it is in effect (for the refusal): NULL, once given; else
     when its value is not the default (--stop 0 asks for nothing).  */
  int (*in_effect) (const cli_opts_t *opts);
  int flags;                    /* CLI_OPT_TERRITORY, CLI_OPT_COMPARE */
  cli_section_t section;
  /* Its description in --help, lines separated by '\n'; NULL: it is
     described with the option before it (--width=N, --height=N).  */
  const char *help;
  /* The words its value may be, separated by spaces, which the shell
     completion offers (riskodds completion checks that the parser takes
     each); NULL: a value of the user's.  */
  const char *words;
} cli_option_t;

/* The options of the rules of a battle and the dice policies
   (rules_opt.c), the first part of the program's options.  */
extern const cli_option_t cli_rule_options[];
extern const size_t cli_rule_options_n;

/* A whole number from LO to HI (signed when LO < 0) of the option
   --NAME into *OUT; the usage error "invalid --NAME 'ARG'" else.  */
int cli_parse_int (int *out, const char *arg, const char *name, long lo,
                   long hi);
int cli_parse_unsigned (unsigned *out, const char *arg, const char *name,
                        long lo, long hi);

/* The rules of edition E (the library's table) set in O's rules by
   ro_edition_rules; an error (a mistake in the table) else.  */
int cli_edition_apply (cli_opts_t *o, const ro_edition_t *e);

/* The options every command line starts from: the standard rules, 20
   digits, text, a memory limit of three quarters of the machine's.  */
void cli_options_default (cli_opts_t *opts);

/* Army counts are operands, so a negative one ("-10") would reach the
   parser as a cluster of unknown options: find it first, and say what
   it is.  */
int cli_check_negative_operands (int argc, char **argv);

/* Parse the options of ARGV (getopt_long: optind 0 starts afresh) into
   OPTS; on --help or --version, stop there with *DONE = 'h' or 'V' (the
   caller prints them).  Then optind is the first operand.  */
int cli_parse_options (cli_opts_t *opts, int argc, char **argv, int *done);

/* --compare 'OPTIONS' of OPTS into OPTS->compare_rules: the rules and
   dice policies of plot heatmap's second rule set, over the first.  */
int cli_parse_compare (cli_opts_t *opts);

/* Refuse the options that subcommand SUB ("" for a battle) does not
   take, and the combinations that ask for nothing; as a command line is
   checked before anything runs.  */
int cli_check_applicable (const cli_opts_t *opts, const char *sub);

/* The options, the rules first (N of them): the index I's.  */
size_t cli_options_n (void);
const cli_option_t *cli_option (size_t i);

/* The subcommand SUB ("" for a battle) as its CLI_SUB_ bit;
   CLI_SUB_OTHER when it names none of them.  */
unsigned cli_sub_bit (const char *sub);

/* Print the option lines of SECTION, as riskodds --help shows them.  */
void cli_options_help (cli_section_t section);

#endif /* OPTIONS_H */
