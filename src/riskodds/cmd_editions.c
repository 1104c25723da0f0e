/* cmd_editions.c -- riskodds editions: the editions --edition names, their options and sources */

#include <config.h>

#include <string.h>

#include "cli.h"
#include "editions.h"

/* TEXT in lines of at most 79 columns, each after INDENT spaces (the
   first after the FIRST columns already printed), broken at spaces.  */
static void
print_wrapped (const char *text, int first, int indent)
{
  int col = first;
  const char *p = text;
  while (*p)
    {
      size_t len = strcspn (p, " ");
      if (col > indent && col + 1 + (int) len > 79)
        {
          printf ("\n%*s", indent, "");
          col = indent;
        }
      else if (col > indent)
        {
          putchar (' ');
          col++;
        }
      printf ("%.*s", (int) len, p);
      col += (int) len;
      p += len;
      while (*p == ' ')
        p++;
    }
  putchar ('\n');
}

static void
print_text (const ro_edition_t *e)
{
  printf ("%s\n  %s\n  options: %s\n  source:  ", e->name, e->title,
          *e->options ? e->options : "(none)");
  print_wrapped (e->source, 11, 11);
}

/* A CSV field: quoted when it holds a comma or a quote.  */
static void
csv_field (const char *s, char after)
{
  if (strpbrk (s, ",\"\n") == NULL)
    fputs (s, stdout);
  else
    {
      putchar ('"');
      for (const char *p = s; *p; p++)
        {
          if (*p == '"')
            putchar ('"');
          putchar (*p);
        }
      putchar ('"');
    }
  putchar (after);
}

/* A JSON string.  */
static void
json_string (const char *s)
{
  putchar ('"');
  for (const char *p = s; *p; p++)
    if (*p == '"' || *p == '\\')
      printf ("\\%c", *p);
    else
      putchar (*p);
  putchar ('"');
}

static void
print_json (const ro_edition_t *e)
{
  fputs ("{\"name\":", stdout);
  json_string (e->name);
  fputs (",\"title\":", stdout);
  json_string (e->title);
  fputs (",\"options\":", stdout);
  json_string (e->options);
  fputs (",\"source\":", stdout);
  json_string (e->source);
  putchar ('}');
}

/* Whether O holds rule options or an edition, which 'editions' would
   only ignore.  */
static int
rules_given (const cli_opts_t *o)
{
  ro_rules_t d;
  memset (&d, 0, sizeof d);
  ro_rules_init (&d);
  return o->edition != NULL || memcmp (&d, &o->rules, sizeof d) != 0;
}

/* riskodds editions [NAME...]: every edition, or those named.  */
int
cmd_editions (const cli_opts_t *o, int argc, char **argv)
{
  const ro_edition_t *list[64];
  size_t n = 0;
  if (rules_given (o))
    return cli_usage_error ("'editions' lists the editions and takes no "
                            "rule options; name editions after it to "
                            "list only those");
  if (o->format != CLI_FORMAT_TEXT && o->format != CLI_FORMAT_CSV
      && o->format != CLI_FORMAT_JSON)
    return cli_usage_error ("'editions' prints text, csv or json");
  for (int i = 0; i < argc; i++)
    if (n < 64 && (list[n++] = cli_edition_find (argv[i])) == NULL)
      return CLI_EXIT_ERROR;
  for (size_t i = 0; argc == 0 && i < ro_edition_count () && n < 64; i++)
    list[n++] = ro_edition_at (i);
  if (o->format == CLI_FORMAT_CSV)
    puts ("name,title,options,source");
  else if (o->format == CLI_FORMAT_JSON)
    putchar ('[');
  for (size_t i = 0; i < n; i++)
    if (o->format == CLI_FORMAT_CSV)
      {
        csv_field (list[i]->name, ',');
        csv_field (list[i]->title, ',');
        csv_field (list[i]->options, ',');
        csv_field (list[i]->source, '\n');
      }
    else if (o->format == CLI_FORMAT_JSON)
      {
        if (i > 0)
          putchar (',');
        print_json (list[i]);
      }
    else
      print_text (list[i]);
  if (o->format == CLI_FORMAT_JSON)
    puts ("]");
  return CLI_EXIT_OK;
}
