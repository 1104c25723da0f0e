/* fuzz.h -- what the fuzz targets and their replay program share */

#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"

/* The entry point libFuzzer calls, and the replay program too.  */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The options main starts from (a fixed memory limit instead of a part
   of the machine's).  */
static inline void
fuzz_default_options (cli_opts_t *opts)
{
  memset (opts, 0, sizeof *opts);
  ro_rules_init (&opts->rules);
  opts->digits = 20;
  opts->format = CLI_FORMAT_TEXT;
  opts->max_memory = 256.0 * 1024 * 1024;
  opts->layout = RO_LAYOUT_AUTO;
}

#endif /* FUZZ_H */
