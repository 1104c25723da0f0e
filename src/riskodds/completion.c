/* completion.c -- riskodds completion bash|zsh: the scripts, from the subcommand and option tables */

#include <config.h>

#include <stdio.h>
#include <string.h>

#include "dispatch.h"
#include "options.h"

/* The scripts know nothing of their own: the subcommands are the
   table's (main.c) and "help" (dispatch.c's), the options each takes
   are the masks of the option table (options.c, rules_opt.c), the words
   of a value its WORDS, checked here against the option's own parser.
   What the table cannot say (--rounds refused by 'game', the policies
   by 'binomial') is left to the program's refusal.  Both shells share
   one function, _riskodds_context, written in the shell language both
   read; it tells what the word under the cursor may be.  */

/* plot's kinds, as src/plot/cmd_plot.c takes them (riskodds-plot holds
   the figures; riskodds only launches it).  */
static const char plot_kinds[] = "heatmap dist policy float";

/* Whether WORD is made of the characters a script's quotes may hold
   as they are.  */
static int
plain (const char *word)
{
  return strspn (word, "abcdefghijklmnopqrstuvwxyz0123456789-:")
    == strlen (word);
}

/* Every word of every option's WORDS taken by its parser (an option
   whose value lands as a string has no parser to ask), and plain.  */
static int
check_words (void)
{
  for (size_t i = 0; i < cli_options_n (); i++)
    {
      const cli_option_t *e = cli_option (i);
      if (e->words == NULL)
        continue;
      char copy[256];
      snprintf (copy, sizeof copy, "%s", e->words);
      for (char *w = strtok (copy, " "); w; w = strtok (NULL, " "))
        {
          cli_opts_t t;
          cli_options_default (&t);
          if (!plain (w)
              || (e->land == CLI_LAND_CALL && e->parse (&t, w) != 0))
            return cli_error ("completion: the word '%s' of --%s is not "
                              "a value its parser takes", w, e->name);
        }
    }
  return CLI_EXIT_OK;
}

/* The names of the options of the subcommands MASK, separated by
   spaces: the long ones, then their letters; with ARG_ONLY, only those
   that take a value.  */
static void
print_options (unsigned mask, int arg_only)
{
  const char *sep = "";
  for (int letters = 0; letters < 2; letters++)
    for (size_t i = 0; i < cli_options_n (); i++)
      {
        const cli_option_t *e = cli_option (i);
        if (!(e->subs & mask) || (arg_only && e->arg == NULL)
            || (letters && !e->letter))
          continue;
        if (letters)
          printf ("%s-%c", sep, e->letter);
        else
          printf ("%s--%s", sep, e->name);
        sep = " ";
      }
}

/* The subcommand of entry S as a word of the script ("" is a battle),
   and the options it takes: batch's lines take every option.  */
static const char *
sub_word (const cli_sub_t *s)
{
  return *s->name ? s->name : "battle";
}

static unsigned
sub_mask (const cli_sub_t *s)
{
  return s->run == cli_batch ? CLI_SUB_ALL : cli_sub_bit (s->name);
}

/* _riskodds_names: the subcommands; _riskodds_options SUB: the options
   of SUB (none named yet: all of them) into _ro_list; _riskodds_value
   OPTION: the words of its value, or _ro_what=files.  */
static void
print_tables (const cli_sub_t *subs, size_t n)
{
  fputs ("_riskodds_names='", stdout);
  for (size_t i = 0; i < n; i++)
    if (*subs[i].name)
      printf ("%s ", subs[i].name);
  printf ("help'\n\n_riskodds_kinds='%s'\n\n_riskodds_takes_value=' ",
          plot_kinds);
  print_options (CLI_SUB_ALL, 1);
  fputs (" '\n\n_riskodds_options ()\n{\n  case $1 in\n", stdout);
  for (size_t i = 0; i < n; i++)
    {
      printf ("    %s) _ro_list='", sub_word (&subs[i]));
      print_options (sub_mask (&subs[i]), 0);
      fputs ("' ;;\n", stdout);
    }
  printf ("    help) _ro_list='");
  print_options (CLI_SUB_OTHER, 0);
  fputs ("' ;;\n    *) _ro_list='", stdout);
  print_options (CLI_SUB_ALL, 0);
  fputs ("' ;;\n  esac\n}\n\n_riskodds_value ()\n{\n  case $1 in\n",
         stdout);
  for (size_t i = 0; i < cli_options_n (); i++)
    {
      const cli_option_t *e = cli_option (i);
      int file = e->arg != NULL && strcmp (e->arg, "FILE") == 0;
      if (e->words == NULL && !file)
        continue;
      printf ("    --%s", e->name);
      if (e->letter)
        printf ("|-%c", e->letter);
      if (file)
        fputs (") _ro_what=files ;;\n", stdout);
      else
        printf (") _ro_list='%s' ;;\n", e->words);
    }
  fputs ("  esac\n}\n\n", stdout);
}

/* The function both shells run: CWORD, then the command line's words
   from the program's name; it sets _ro_what (words, files or none),
   _ro_list (the words), _ro_cur (the prefix they complete) and _ro_eq
   (set when the value is written after --OPTION= in the same word).  */
static const char context[] = "\
_riskodds_context ()\n\
{\n\
  local cword=$1 i=0 w sub= n=0 skip= vopt= ddash=\n\
  shift\n\
  _ro_what=none _ro_list= _ro_cur= _ro_eq=\n\
  for w in \"$@\"; do\n\
    if [ \"$i\" -eq \"$cword\" ]; then\n\
      _ro_cur=$w\n\
      break\n\
    fi\n\
    if [ \"$i\" -eq 0 ]; then\n\
      :\n\
    elif [ -n \"$skip\" ]; then\n\
      # An option's value; bash splits --OPTION=VALUE at the '='.\n\
      skip=\n\
      [ \"$w\" = = ] && skip=1\n\
    elif [ -z \"$ddash\" ] && [ \"$w\" = -- ]; then\n\
      ddash=1\n\
    elif [ -z \"$ddash\" ] && case $w in -?*) true ;; *) false ;; esac; then\n\
      case $_riskodds_takes_value in\n\
        *\" $w \"*) skip=1 vopt=$w ;;\n\
      esac\n\
    elif [ -z \"$sub\" ]; then\n\
      case \" $_riskodds_names \" in\n\
        *\" $w \"*) sub=$w ;;\n\
        *) sub=battle ;;\n\
      esac\n\
    else\n\
      n=$((n + 1))\n\
    fi\n\
    i=$((i + 1))\n\
  done\n\
  if [ -n \"$skip\" ]; then\n\
    [ \"$_ro_cur\" = = ] && _ro_cur=\n\
    _ro_what=words\n\
    _riskodds_value \"$vopt\"\n\
  elif [ -z \"$ddash\" ] && case $_ro_cur in --*=*) true ;; *) false ;; esac; then\n\
    _ro_what=words _ro_eq=1\n\
    _riskodds_value \"${_ro_cur%%=*}\"\n\
    _ro_cur=${_ro_cur#*=}\n\
  elif [ -z \"$ddash\" ] && case $_ro_cur in -*) true ;; *) false ;; esac; then\n\
    _ro_what=words\n\
    _riskodds_options \"$sub\"\n\
  elif [ -z \"$sub\" ]; then\n\
    _ro_what=words _ro_list=$_riskodds_names\n\
  elif [ \"$n\" -eq 0 ] && [ \"$sub\" = help ]; then\n\
    _ro_what=words _ro_list=$_riskodds_names\n\
  elif [ \"$n\" -eq 0 ] && [ \"$sub\" = completion ]; then\n\
    _ro_what=words _ro_list='bash zsh'\n\
  elif [ \"$n\" -eq 0 ] && [ \"$sub\" = plot ]; then\n\
    _ro_what=words _ro_list=$_riskodds_kinds\n\
  elif [ \"$sub\" = verify ]; then\n\
    _ro_what=files\n\
  fi\n\
}\n\
";

static const char bash_front[] = "\
_riskodds ()\n\
{\n\
  local IFS=$' \\t\\n'\n\
  _riskodds_context \"$COMP_CWORD\" \"${COMP_WORDS[@]}\"\n\
  case $_ro_what in\n\
    files)\n\
      COMPREPLY=($(compgen -f -- \"$_ro_cur\"))\n\
      compopt -o filenames 2>/dev/null ;;\n\
    words) COMPREPLY=($(compgen -W \"$_ro_list\" -- \"$_ro_cur\")) ;;\n\
    *) COMPREPLY=() ;;\n\
  esac\n\
  # The word is --OPTION=VALUE when '=' is no word break.\n\
  if [ -n \"$_ro_eq\" ] && [ ${#COMPREPLY[@]} -gt 0 ]; then\n\
    COMPREPLY=(\"${COMPREPLY[@]/#/${COMP_WORDS[COMP_CWORD]%%=*}=}\")\n\
  fi\n\
}\n\
complete -F _riskodds riskodds\n\
";

static const char zsh_front[] = "\
_riskodds ()\n\
{\n\
  _riskodds_context $((CURRENT - 1)) \"${words[@]}\"\n\
  case $_ro_what in\n\
    files) _files ;;\n\
    words)\n\
      [ -n \"$_ro_eq\" ] && compset -P '*='\n\
      compadd -- ${=_ro_list} ;;\n\
  esac\n\
}\n\
\n\
_riskodds \"$@\"\n\
";

/* The script of SHELL over the subcommands SUBS.  */
static void
print_script (const char *shell, const cli_sub_t *subs, size_t n)
{
  int zsh = strcmp (shell, "zsh") == 0;
  if (zsh)
    fputs ("#compdef riskodds\n", stdout);
  printf ("# %s completion for riskodds, made by 'riskodds completion %s'"
          "\n# from its tables of subcommands and options: do not edit.\n\n",
          shell, shell);
  print_tables (subs, n);
  fputs (context, stdout);
  fputs ("\n", stdout);
  fputs (zsh ? zsh_front : bash_front, stdout);
}

int
cli_completion (const cli_opts_t *opts, int argc, char **argv)
{
  (void) opts;
  if (argc != 1
      || (strcmp (argv[0], "bash") != 0 && strcmp (argv[0], "zsh") != 0))
    return cli_usage_error ("'completion' takes one shell: bash or zsh");
  int rc = check_words ();
  if (rc != CLI_EXIT_OK)
    return rc;
  size_t n;
  const cli_sub_t *subs = cli_dispatch_table (&n);
  print_script (argv[0], subs, n);
  return CLI_EXIT_OK;
}
