/* fuzz.h -- what the fuzz targets and their replay program share */

#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "options.h"

/* The entry point libFuzzer calls, and the replay program too.  */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The options a command line starts from, with a fixed memory limit
   instead of a part of the machine's.  */
static inline void
fuzz_default_options (cli_opts_t *opts)
{
  cli_options_default (opts);
  opts->max_memory = 256.0 * 1024 * 1024;
}

#endif /* FUZZ_H */
