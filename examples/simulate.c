/* simulate.c -- a seeded Monte Carlo simulator of Risk battles */

/* Usage: simulate [--ties-to-attacker] [--seed S] [--battles N]
                   [--attackers LO..HI] [--defenders LO..HI]

   Plays N battles (default 100000) for every attacker count A (default
   1..30) against every defender count D (default 1..20) under the
   standard rules, as riskodds computes them by default: A counts the
   armies in the attacking territory, one of which stays behind, so the
   attacker rolls min(3, A - 1) dice and has lost at A = 1; the defender
   rolls min(2, D); the highest dice meet, then the second highest; a tie
   goes to the defender.  The battle goes on until one side can no longer
   fight.  It prints a long CSV table "attackers,defenders,P(win)", the
   fraction of battles won rounded to 4 decimals (half to even, from the
   integer count), as simulators publish them.

   --ties-to-attacker plants a bug: a tie goes to the attacker.

   Reproducible: every cell has its own generator, splitmix64 started
   from a hash of S (default 2026), A and D, so a cell's numbers do not
   depend on the cells simulated before it.  A die is drawn without bias by
   rejection from 32 bits.  Plain C99, no library beyond the C library:
   built by tests/Makefile (not part of riskodds).  */

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  uint64_t s;
  uint64_t pool;                /* 32-bit halves not yet used */
  int left;
} rng_t;

static uint64_t
splitmix64 (uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint32_t
next32 (rng_t *r)
{
  if (r->left == 0)
    {
      r->pool = splitmix64 (&r->s);
      r->left = 2;
    }
  uint32_t v = (uint32_t) r->pool;
  r->pool >>= 32;
  r->left--;
  return v;
}

/* A die 1..6: 32-bit values at or above the largest multiple of 6 are
   drawn again, so every face has the same chance.  */
static int
die (rng_t *r)
{
  const uint32_t limit = UINT32_MAX - UINT32_MAX % 6;
  uint32_t v;
  do
    v = next32 (r);
  while (v >= limit);
  return (int) (v % 6) + 1;
}

/* N dice, highest first.  */
static void
roll (rng_t *r, int *d, int n)
{
  for (int i = 0; i < n; i++)
    {
      int v = die (r), j = i;
      for (; j > 0 && d[j - 1] < v; j--)
        d[j] = d[j - 1];
      d[j] = v;
    }
}

/* One battle of A (territory) against D: 1 when the attacker wins.  */
static int
battle (rng_t *r, long a, long d, int ties_to_attacker)
{
  int ad[3], dd[2];
  while (a > 1 && d > 0)
    {
      int na = a - 1 < 3 ? (int) (a - 1) : 3, nd = d < 2 ? (int) d : 2;
      roll (r, ad, na);
      roll (r, dd, nd);
      for (int i = 0; i < na && i < nd; i++)
        {
          if (ad[i] > dd[i] || (ties_to_attacker && ad[i] == dd[i]))
            d--;
          else
            a--;
        }
    }
  return d == 0;
}

static int
range (const char *s, long *lo, long *hi)
{
  char *end;
  *lo = strtol (s, &end, 10);
  if (strncmp (end, "..", 2) != 0)
    return -1;
  *hi = strtol (end + 2, &end, 10);
  return *end || *lo < 1 || *hi < *lo ? -1 : 0;
}

int
main (int argc, char **argv)
{
  int bug = 0;
  uint64_t seed = 2026;
  long battles = 100000, alo = 1, ahi = 30, dlo = 1, dhi = 20;
  for (int i = 1; i < argc; i++)
    {
      int more = i + 1 < argc;
      if (strcmp (argv[i], "--ties-to-attacker") == 0)
        bug = 1;
      else if (strcmp (argv[i], "--seed") == 0 && more)
        seed = strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--battles") == 0 && more)
        battles = strtol (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--attackers") == 0 && more
               && range (argv[i + 1], &alo, &ahi) == 0)
        i++;
      else if (strcmp (argv[i], "--defenders") == 0 && more
               && range (argv[i + 1], &dlo, &dhi) == 0)
        i++;
      else
        {
          fprintf (stderr, "simulate: bad argument '%s'\n", argv[i]);
          return 2;
        }
    }
  if (battles < 1)
    {
      fprintf (stderr, "simulate: --battles must be at least 1\n");
      return 2;
    }
  printf ("attackers,defenders,P(win)\n");
  for (long a = alo; a <= ahi; a++)
    for (long d = dlo; d <= dhi; d++)
      {
        /* The cell's state: the seed, A and D hashed in turn.  */
        uint64_t h = seed;
        h = splitmix64 (&h) ^ (uint64_t) a;
        h = splitmix64 (&h) ^ (uint64_t) d;
        rng_t r = { splitmix64 (&h), 0, 0 };
        long won = 0;
        for (long b = 0; b < battles; b++)
          won += battle (&r, a, d, bug);
        /* won / battles to 4 decimals, half to even, in integers.  */
        long long num = (long long) won * 10000, q = num / battles,
          rem = num % battles;
        if (2 * rem > battles || (2 * rem == battles && (q & 1)))
          q++;
        printf ("%ld,%ld,%lld.%04lld\n", a, d, q / 10000, q % 10000);
      }
  return 0;
}
