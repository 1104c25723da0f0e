/* glue.c -- the page's program: riskodds's own command line, with the
   library's progress handed to JavaScript (the worker's progress bar) */

#include <emscripten.h>

#include "riskodds.h"
#include "cli.h"
#include "dispatch.h"

/* Module.onProgress is set by the worker (web/worker.js) before the run;
   it throttles what it posts to the page.  */
EM_JS (void, web_progress_post, (double done, double total), {
  if (Module["onProgress"])
    Module["onProgress"] (done, total);
});

static void
web_progress (void *data, double done, double total)
{
  (void) data;
  web_progress_post (done, total);
}

/* Before main: every run is a fresh instance of the module (web/worker.js),
   so the hook is set once per command line.  The program's meter leaves
   the hook alone under --no-progress --max-time none, which the page
   passes.  */
__attribute__ ((constructor)) static void
web_progress_install (void)
{
  ro_progress_set (web_progress, NULL);
}

/* batch answers its questions into a temporary file by reassigning
   stdout, which emscripten's C library declares constant; the page asks
   one question at a time, so cmd_batch.c stays out of it.  */
int
cmd_batch (const cli_opts_t *opts, int argc, char **argv,
           const cli_batch_hooks_t *hooks)
{
  (void) opts;
  (void) argc;
  (void) argv;
  (void) hooks;
  return cli_error ("batch is not part of the web page: ask one question "
                    "at a time");
}
