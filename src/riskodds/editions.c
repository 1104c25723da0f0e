/* editions.c -- the editions and house rules by name: their rule options and sources */

#include <config.h>

#include <string.h>

#include "cli.h"
#include "editions.h"

/* Only editions whose battle rules the rule options state exactly; the
   README's "Editions and house rules" says what is left out (Legacy's
   missiles, Risk Europe's and Godstorm's other systems).  An edition is a list of option words: one more is a
   line here and its name in CLI_EDITION_WORDS.  */
static const cli_edition_t editions[] = {
  {"standard", "the standard game", "",
   "Risk (Parker Brothers 1959, Hasbro): up to 3 attack and 2 defence "
   "dice, ties to the defender"},
  {"risiko", "RisiKo!, three defence dice", "--defend-dice 3",
   "RisiKo! (Editrice Giochi, Italy): the defender rolls up to 3 dice"},
  {"capital", "a capital defended with three dice", "--defend-dice 3",
   "house rule: a capital's defender rolls up to 3 dice (in a chain, "
   "D:edition=capital for the capital alone)"},
  {"legacy-bunker", "Risk Legacy's bunker", "--defend-bonus 1 --clamp",
   "Risk Legacy (Hasbro 2011), bunker: +1 on the defender's highest "
   "die; dice stay on their faces"},
  {"legacy-fortification", "Risk Legacy's fortification",
   "--defend-bonus 1 --defend-bonus-dice all --clamp",
   "Risk Legacy (Hasbro 2011), fortification: +1 on both defence dice; "
   "dice stay on their faces"},
  {"legacy-ammo-shortage", "Risk Legacy's ammo shortage",
   "--defend-bonus -1 --clamp",
   "Risk Legacy (Hasbro 2011), ammo shortage: -1 on the defender's "
   "highest die, a 1 stays a 1"},
  {"lotr-leader", "The Lord of the Rings, an attacking leader",
   "--attack-bonus 1",
   "The Lord of the Rings Risk (Hasbro 2002): a leader adds 1 to the "
   "highest die; Georgiou's hero (risk3.m, 2004), not clamped"},
  {"lotr-leader-defending", "The Lord of the Rings, a defending leader",
   "--defend-bonus 1",
   "The Lord of the Rings Risk (Hasbro 2002): a leader adds 1 to the "
   "defender's highest die; Georgiou's hero"},
  {"lotr-stronghold", "The Lord of the Rings, a stronghold",
   "--defend-bonus 1",
   "The Lord of the Rings Risk (Hasbro 2002): a stronghold adds 1 to the "
   "defender's highest die; Georgiou's fortress"},
  {"lotr-leader-stronghold",
   "The Lord of the Rings, a defending leader in a stronghold",
   "--defend-bonus 2",
   "The Lord of the Rings Risk (Hasbro 2002): leader and stronghold add "
   "up, +2 on the defender's highest die (Georgiou's hero and fortress)"},
  {"zombies", "zombies win ties", "--ties attacker",
   "house rule: the zombies attack, and win a comparison of equal dice"},
  {"2210-station", "Risk 2210 A.D., a space station", "--defend-station",
   "Risk 2210 A.D. (Avalon Hill 2001): every die defending a territory "
   "with a space station is eight-sided"},
  {"2210-commander", "Risk 2210 A.D., an attacking commander",
   "--attack-commanders 1",
   "Risk 2210 A.D. (Avalon Hill 2001): a commander rolls an eight-sided "
   "die in place of a six-sided one, and is lost last"},
  {"2210-defending-commander", "Risk 2210 A.D., a defending commander",
   "--defend-commanders 1",
   "Risk 2210 A.D. (Avalon Hill 2001): every commander defends with an "
   "eight-sided die, and is lost last"},
};

size_t
cli_editions_n (void)
{
  return sizeof editions / sizeof editions[0];
}

const cli_edition_t *
cli_edition_at (size_t i)
{
  return &editions[i];
}

const cli_edition_t *
cli_edition_find (const char *name)
{
  const char *names[sizeof editions / sizeof editions[0]];
  for (size_t i = 0; i < cli_editions_n (); i++)
    {
      if (strcmp (name, editions[i].name) == 0)
        return &editions[i];
      names[i] = editions[i].name;
    }
  const char *near = cli_suggest (name, names, cli_editions_n ());
  if (near != NULL)
    cli_usage_error ("unknown edition '%s'; did you mean '%s'? ('riskodds "
                     "editions' lists them)", name, near);
  else
    cli_usage_error ("unknown edition '%s' (expected one of: %s; "
                     "'riskodds editions' lists them)", name,
                     CLI_EDITION_WORDS);
  return NULL;
}
