/* fuzz_number.c -- fuzz target: ro_number_parse, ro_q_set_str, ro_judge */

#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "riskodds.h"
#include "fuzz.h"

/* Judge N against a few exact values: one inside (0, 1), 0, 1, and the
   value itself (which must agree).  */
static void
judge (const ro_number_t *n)
{
  mpq_t x, tol;
  ro_judgement_t j;
  mpq_init (x);
  mpq_init (tol);
  mpq_set_ui (tol, 1, 1000);
  ro_judgement_init (&j);
  static const unsigned long xs[][2] = { {1955, 2592}, {0, 1}, {1, 1} };
  for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++)
    {
      mpq_set_ui (x, xs[k][0], xs[k][1]);
      ro_judge (&j, n, x, NULL);
      ro_judge (&j, n, x, tol);
    }
  ro_judge (&j, n, n->value, NULL);
  if (!j.agree)
    abort ();
  ro_judgement_clear (&j);
  mpq_clear (x);
  mpq_clear (tol);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* Numbers are cells of a table: longer ones are not read whole here
     (their digits only cost time).  */
  if (size > 4096)
    return 0;
  for (int percent = 0; percent <= 1; percent++)
    {
      ro_number_t n;
      size_t errpos = 0;
      ro_number_init (&n);
      int rc = ro_number_parse (&n, (const char *) data, size, percent,
                                &errpos);
      if (rc == RO_OK)
        judge (&n);
      else if (errpos > size)
        abort ();
      ro_number_clear (&n);
    }

  /* ro_q_set_str reads a NUL-terminated string.  */
  char *s = malloc (size + 1);
  if (s == NULL)
    return 0;
  memcpy (s, data, size);
  s[size] = '\0';
  mpq_t q;
  mpq_init (q);
  if (ro_q_set_str (q, s) == RO_OK && mpz_sgn (mpq_denref (q)) <= 0)
    abort ();
  mpq_clear (q);
  free (s);
  return 0;
}
