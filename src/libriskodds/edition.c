/* edition.c -- the editions and house rules by name: the rules each sets, and where they come from */

#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds-impl.h"

/* Only editions whose battle rules the rule fields state exactly; the
   README's "Editions and house rules" says what is left out (Legacy's
   missiles, Risk Europe's and Godstorm's other systems).  An edition's
   rules are written once, as the program's rule options (what
   'riskodds editions' shows); ro_edition_rules reads those words, so
   the program, Python and C callers all get the rules from this one
   line.  One more edition is a line here (and its name in the
   program's CLI_EDITION_WORDS, which its completion checks).  */
static const ro_edition_t editions[] = {
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
ro_edition_count (void)
{
  return sizeof editions / sizeof editions[0];
}

const ro_edition_t *
ro_edition_at (size_t i)
{
  return i < ro_edition_count () ? &editions[i] : NULL;
}

const ro_edition_t *
ro_edition_find (const char *name)
{
  for (size_t i = 0; name != NULL && i < ro_edition_count (); i++)
    if (strcmp (name, editions[i].name) == 0)
      return &editions[i];
  return NULL;
}

/* How a rule option's value is read into its field.  */
typedef enum
{
  WORD_SWITCH,                  /* no value: the int field becomes 1 */
  WORD_UNSIGNED,                /* a number from LO to HI */
  WORD_INT,                     /* a signed number from -HI to HI */
  WORD_ULONG,                   /* a number from 0 to HI */
  WORD_BONUS_DICE,              /* 1 to HI, or "all" */
  WORD_TIES                     /* "defender" or "attacker" */
} word_kind_t;

/* The rule options an edition may name, each with its field of
   ro_rules_t.  The dice policies (--defender, --attacker), the count
   convention and the thresholds are the user's choices, not an
   edition's.  */
static const struct
{
  const char *name;
  word_kind_t kind;
  size_t offset;
  long lo, hi;
} words[] = {
  {"attack-sides", WORD_UNSIGNED, offsetof (ro_rules_t, attack_sides),
   RO_SIDES_MIN, RO_SIDES_MAX},
  {"defend-sides", WORD_UNSIGNED, offsetof (ro_rules_t, defend_sides),
   RO_SIDES_MIN, RO_SIDES_MAX},
  {"attack-dice", WORD_UNSIGNED, offsetof (ro_rules_t, attack_dice), 1,
   RO_DICE_MAX},
  {"defend-dice", WORD_UNSIGNED, offsetof (ro_rules_t, defend_dice), 1,
   RO_DICE_MAX},
  {"attack-bonus", WORD_INT, offsetof (ro_rules_t, attack_bonus),
   -RO_BONUS_MAX, RO_BONUS_MAX},
  {"defend-bonus", WORD_INT, offsetof (ro_rules_t, defend_bonus),
   -RO_BONUS_MAX, RO_BONUS_MAX},
  {"attack-bonus-dice", WORD_BONUS_DICE,
   offsetof (ro_rules_t, attack_bonus_dice), 1, RO_DICE_MAX},
  {"defend-bonus-dice", WORD_BONUS_DICE,
   offsetof (ro_rules_t, defend_bonus_dice), 1, RO_DICE_MAX},
  {"clamp", WORD_SWITCH, offsetof (ro_rules_t, clamp), 0, 0},
  {"ties", WORD_TIES, offsetof (ro_rules_t, ties), 0, 0},
  {"attack-commanders", WORD_ULONG,
   offsetof (ro_rules_t, attack_commanders), 0, (long) RO_ARMIES_MAX},
  {"defend-commanders", WORD_ULONG,
   offsetof (ro_rules_t, defend_commanders), 0, (long) RO_ARMIES_MAX},
  {"defend-station", WORD_SWITCH, offsetof (ro_rules_t, defend_station),
   0, 0},
};

/* VALUE as a whole decimal number from LO to HI in *OUT; 0 or
   RO_EINVAL.  */
static int
word_number (long *out, const char *value, long lo, long hi)
{
  char *end;
  errno = 0;
  long l = strtol (value, &end, 10);
  if (end == value || *end != '\0' || errno != 0 || l < lo || l > hi)
    return RO_EINVAL;
  *out = l;
  return 0;
}

/* The option W (its index in words[]) with VALUE (NULL for a switch)
   set in RULES; 0 or RO_EINVAL.  */
static int
word_set (ro_rules_t *rules, size_t w, const char *value)
{
  char *field = (char *) rules + words[w].offset;
  long l = 0;
  switch (words[w].kind)
    {
    case WORD_SWITCH:
      *(int *) field = 1;
      return 0;
    case WORD_TIES:
      if (strcmp (value, "defender") != 0 && strcmp (value, "attacker") != 0)
        return RO_EINVAL;
      *(ro_ties_t *) field = strcmp (value, "attacker") == 0
        ? RO_TIES_ATTACKER : RO_TIES_DEFENDER;
      return 0;
    case WORD_BONUS_DICE:
      if (strcmp (value, "all") == 0)
        {
          *(unsigned *) field = RO_BONUS_DICE_ALL;
          return 0;
        }
      /* Else a number of dice.  */
      /* FALLTHROUGH */
    case WORD_UNSIGNED:
      if (word_number (&l, value, words[w].lo, words[w].hi) != 0)
        return RO_EINVAL;
      *(unsigned *) field = (unsigned) l;
      return 0;
    case WORD_INT:
      if (word_number (&l, value, words[w].lo, words[w].hi) != 0)
        return RO_EINVAL;
      *(int *) field = (int) l;
      return 0;
    case WORD_ULONG:
      if (word_number (&l, value, words[w].lo, words[w].hi) != 0)
        return RO_EINVAL;
      *(unsigned long *) field = (unsigned long) l;
      return 0;
    }
  return RO_EINVAL;
}

/* The index in words[] of the option "--NAME" W, or the table's size.  */
static size_t
word_index (const char *w, size_t len)
{
  size_t n = sizeof words / sizeof words[0];
  if (len < 3 || strncmp (w, "--", 2) != 0)
    return n;
  for (size_t i = 0; i < n; i++)
    if (strlen (words[i].name) == len - 2
        && strncmp (words[i].name, w + 2, len - 2) == 0)
      return i;
  return n;
}

int
ro_edition_rules (ro_rules_t *rules, const ro_edition_t *edition)
{
  if (rules == NULL || edition == NULL || edition->options == NULL)
    return RO_EINVAL;
  /* Set over a copy, so that RULES is left alone on a failure.  */
  ro_rules_t r = *rules;
  const char *p = edition->options;
  char value[32];
  while (*p != '\0')
    {
      size_t len = strcspn (p, " ");
      size_t w = word_index (p, len);
      if (w == sizeof words / sizeof words[0])
        return RO_EINVAL;
      p += len;
      p += strspn (p, " ");
      const char *v = NULL;
      if (words[w].kind != WORD_SWITCH)
        {
          len = strcspn (p, " ");
          if (len == 0 || len >= sizeof value)
            return RO_EINVAL;
          memcpy (value, p, len);
          value[len] = '\0';
          v = value;
          p += len;
          p += strspn (p, " ");
        }
      if (word_set (&r, w, v) != 0)
        return RO_EINVAL;
    }
  *rules = r;
  return 0;
}
