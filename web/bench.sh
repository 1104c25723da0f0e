#!/bin/sh
# web/bench.sh -- the page in headless chromium against the native program,
# whole process, for P(1000, 1000) and the 30 x 20 table (web/bench.js).
# After 'make' and 'make web'; RUNS=N repeats (default 7), WEB_DIST=DIR
# another build of the page (such as one with 32-bit limbs).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
# A relative WEB_DIST names a folder from here, not from web/.
if [ -n "$WEB_DIST" ]; then
  WEB_DIST=$(cd "$WEB_DIST" && pwd)
  export WEB_DIST
fi
cd "$top/web"
exec node bench.js
