/* glue.c -- the page's program: riskodds's own command line, with the
   library's progress handed to JavaScript (the worker's progress bar) */

#include <emscripten.h>

#include "riskodds.h"

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
   the hook alone under --no-progress without --max-time, which the page
   passes.  */
__attribute__ ((constructor)) static void
web_progress_install (void)
{
  ro_progress_set (web_progress, NULL);
}
