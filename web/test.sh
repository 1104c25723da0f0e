#!/bin/sh
# web/test.sh -- the page's tests in headless Debian chromium (web/test.js),
# against the native program for the expected values.  Run by
# 'make check-web' after 'make web' and 'make'.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
# A relative WEB_DIST names a folder from here, not from web/.
if [ -n "$WEB_DIST" ]; then
  WEB_DIST=$(cd "$WEB_DIST" && pwd)
  export WEB_DIST
fi
: "${RISKODDS:=$top/src/riskodds/riskodds}"
export RISKODDS
if [ ! -f "$top/web/dist/index.html" ]; then
  echo "web/test.sh: no web/dist/index.html: run 'make web' first" >&2
  exit 1
fi
if [ ! -x "$RISKODDS" ]; then
  echo "web/test.sh: no $RISKODDS: run 'make' first" >&2
  exit 1
fi
cd "$top/web"
# playwright-core, as package-lock.json pins it (bootstrap.sh installs it).
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund
fi
exec node test.js
