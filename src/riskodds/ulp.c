/* ulp.c -- the unit in the last place of a double near an exact value */

#include <config.h>

#include <float.h>

#include "cli.h"

/* T = the unit in the last place of a double near the positive Q:
   2^(e - 52) for 2^e <= Q < 2^(e+1), and never below 2^-1074 (the
   subnormals' spacing).  */
void
cli_ulp_of (mpq_t t, const mpq_t q)
{
  long e = (long) mpz_sizeinbase (mpq_numref (q), 2)
    - (long) mpz_sizeinbase (mpq_denref (q), 2);
  /* Q >= 2^e exactly when num >= den * 2^e.  */
  mpz_t l, r;
  mpz_inits (l, r, (mpz_ptr) 0);
  if (e >= 0)
    {
      mpz_set (l, mpq_numref (q));
      mpz_mul_2exp (r, mpq_denref (q), (unsigned long) e);
    }
  else
    {
      mpz_mul_2exp (l, mpq_numref (q), (unsigned long) -e);
      mpz_set (r, mpq_denref (q));
    }
  if (mpz_cmp (l, r) < 0)
    e--;
  mpz_clears (l, r, (mpz_ptr) 0);
  e -= DBL_MANT_DIG - 1;
  if (e < DBL_MIN_EXP - DBL_MANT_DIG)
    e = DBL_MIN_EXP - DBL_MANT_DIG;
  mpq_set_ui (t, 1, 1);
  if (e >= 0)
    mpq_mul_2exp (t, t, (unsigned long) e);
  else
    mpq_div_2exp (t, t, (unsigned long) -e);
}
