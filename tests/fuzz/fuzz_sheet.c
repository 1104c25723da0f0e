/* fuzz_sheet.c -- fuzz target: ro_sheet_read, judging, and 'verify' */

#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

/* Battles up to this size are computed through 'verify': its exact
   values take milliseconds there, and the fuzzer looks for crashes, not
   for slow tables (verify's own bounds are tested elsewhere).  */
#define SMALL_BATTLE 8
#define SMALL_SHEET 64

static char tmpname[] = "/tmp/riskodds-fuzz-XXXXXX";
static int tmpfd = -1;

static void
remove_tmp (void)
{
  if (tmpfd >= 0)
    unlink (tmpname);
}

/* The input as a file, for 'verify', which reads its tables by name.  */
static int
write_tmp (const uint8_t *data, size_t size)
{
  if (tmpfd < 0)
    {
      tmpfd = mkstemp (tmpname);
      if (tmpfd < 0)
        return -1;
      atexit (remove_tmp);
    }
  if (ftruncate (tmpfd, 0) != 0)
    return -1;
  for (size_t done = 0; done < size;)
    {
      ssize_t w = pwrite (tmpfd, data + done, size - done, (off_t) done);
      if (w <= 0)
        return -1;
      done += (size_t) w;
    }
  return 0;
}

/* Judge every entry against a fixed value, by rounding and by a
   tolerance, as verify does: the values need not be right, only judged
   without a fault.  */
static void
judge_entries (const ro_sheet_t *sheet)
{
  mpq_t x, tol;
  ro_judgement_t j;
  mpq_init (x);
  mpq_init (tol);
  mpq_set_ui (x, 1955, 2592);
  mpq_set_ui (tol, 1, 20000);
  ro_judgement_init (&j);
  for (size_t i = 0; i < sheet->n; i++)
    {
      ro_judge (&j, &sheet->entry[i].number, x, NULL);
      ro_judge (&j, &sheet->entry[i].number, x, tol);
    }
  ro_judgement_clear (&j);
  mpq_clear (x);
  mpq_clear (tol);
}

static int
small (const ro_sheet_t *sheet)
{
  if (sheet->n > SMALL_SHEET)
    return 0;
  for (size_t i = 0; i < sheet->n; i++)
    if (sheet->entry[i].attackers > SMALL_BATTLE
        || sheet->entry[i].defenders > SMALL_BATTLE)
      return 0;
  return 1;
}

/* The ways the input is read: as it is, with --percent, and as the
   options of a headerless or transposed grid ask (--no-percent --across
   attackers --first-row 2 --first-column 2), which no input can say.  */
enum
{
  READ_PLAIN,
  READ_PERCENT,
  READ_PLACED,
  READ_WAYS
};

/* The program's path: 'riskodds verify [OPTIONS] FILE', read as WAY.  */
static void
verify (const uint8_t *data, size_t size, int way)
{
  cli_opts_t opts;
  fuzz_default_options (&opts);
  opts.percent = way == READ_PERCENT;
  if (way == READ_PLACED)
    {
      opts.no_percent = 1;
      opts.across = RO_ACROSS_ATTACKERS;
      opts.first_row = 2;
      opts.first_column = 2;
    }
  if (write_tmp (data, size) != 0)
    return;
  char *argv[] = { tmpname, NULL };
  cmd_verify (&opts, 1, argv);
  fflush (stdout);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  for (int way = READ_PLAIN; way < READ_WAYS; way++)
    {
      ro_read_options_t ro;
      ro_read_error_t err;
      ro_sheet_t sheet;
      ro_read_options_init (&ro);
      ro.percent = way == READ_PERCENT;
      if (way == READ_PLACED)
        {
          ro.across = RO_ACROSS_ATTACKERS;
          ro.first_row = 2;
          ro.first_column = 2;
        }
      ro_sheet_init (&sheet);
      int rc = ro_sheet_read (&sheet, (const char *) data, size, &ro, &err);
      int run = rc == RO_OK && small (&sheet);
      if (rc == RO_OK)
        judge_entries (&sheet);
      ro_sheet_clear (&sheet);
      if (run)
        verify (data, size, way);
    }
  return 0;
}
