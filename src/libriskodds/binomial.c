/* binomial.c -- Georgiou's Model 2: P(Bin(A + D - 1, p) >= D), exactly */

#include <config.h>

#include "riskodds-impl.h"

/* With p = n/q and m = q - n, the attacker wins x >= D of the Z rounds:

     P = sum_{x=D}^{Z} C(Z,x) n^x m^(Z-x) / q^Z.

   Writing x = Z - k, k = 0 .. A - 1 (the rounds he loses), every term has
   the factor n^D:

     P = n^D sum_{k=0}^{A-1} C(Z,k) n^(A-1-k) m^k / q^Z,

   so the sum runs over the A terms on integers, each one obtained from the
   last by exact small multiplications and divisions, and the fraction is
   reduced once.  */
static void
tail_sum (mpz_t s, const mpz_t n, const mpz_t m, unsigned long a,
          unsigned long z)
{
  mpz_t c, pn, pm, t;
  mpz_inits (c, pn, pm, t, (mpz_ptr) 0);
  mpz_set_ui (c, 1);            /* C(Z, k) */
  mpz_pow_ui (pn, n, a - 1);    /* n^(A-1-k) */
  mpz_set_ui (pm, 1);           /* m^k */
  mpz_set_ui (s, 0);
  for (unsigned long k = 0; k < a; k++)
    {
      if (k > 0)
        {
          mpz_mul_ui (c, c, z - k + 1);
          mpz_divexact_ui (c, c, k);
          mpz_divexact (pn, pn, n);
          mpz_mul (pm, pm, m);
        }
      mpz_mul (t, pn, pm);
      mpz_addmul (s, t, c);
    }
  mpz_clears (c, pn, pm, t, (mpz_ptr) 0);
}

int
ro_binomial_win (mpq_t win, const mpq_t p, unsigned long a, unsigned long d)
{
  if (mpq_sgn (p) < 0 || mpq_cmp_ui (p, 1, 1) > 0)
    return RO_EINVAL;
  if (a > RO_ARMIES_MAX || d > RO_ARMIES_MAX)
    return RO_ERANGE;
  /* Certain outcomes, including p = 0 and p = 1, where a power of zero
     would otherwise have to be divided by.  */
  if (d == 0 || a == 0 || mpq_sgn (p) == 0 || mpq_cmp_ui (p, 1, 1) == 0)
    {
      int won = d == 0 || (a > 0 && mpq_sgn (p) > 0);
      mpq_set_ui (win, won, 1);
      return RO_OK;
    }

  /* P is copied first: WIN and P may be the same variable.  */
  unsigned long z = a + d - 1;
  mpz_t n, q, m, t;
  mpz_inits (n, q, m, t, (mpz_ptr) 0);
  mpz_set (n, mpq_numref (p));
  mpz_set (q, mpq_denref (p));
  mpz_sub (m, q, n);
  tail_sum (mpq_numref (win), n, m, a, z);
  mpz_pow_ui (t, n, d);
  mpz_mul (mpq_numref (win), mpq_numref (win), t);
  mpz_pow_ui (mpq_denref (win), q, z);
  mpq_canonicalize (win);
  mpz_clears (n, q, m, t, (mpz_ptr) 0);
  return RO_OK;
}
