#!/bin/sh
# bootstrap.sh -- install the Debian build dependencies that are missing,
# then generate the configure script.  Run from the top of the source tree.
set -e

PACKAGES="build-essential libgmp-dev libmpfr-dev check autoconf automake libtool pkg-config
  python3 python3-venv python3-pip python3-setuptools python3-wheel
  libcairo2-dev librsvg2-bin time
  emscripten chromium dpkg-dev"
# The page (make web, make check-web): emscripten, chromium, node and npm
# (a node from elsewhere, with its own npm, will do), dpkg-dev for
# 'apt-get source' of GMP and MPFR.
command -v node >/dev/null 2>&1 || PACKAGES="$PACKAGES nodejs"
command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES npm"

missing=
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done

if [ -n "$missing" ]; then
  echo "bootstrap.sh: installing missing Debian packages:$missing"
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=sudo
  else
    echo "bootstrap.sh: need root or sudo to install:$missing" >&2
    exit 1
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

# web/deps.sh builds Debian's own GMP and MPFR sources for wasm: a
# deb-src entry for the archive apt already uses, when there is none.
if ! apt-cache showsrc gmp 2>/dev/null | grep -q '^Version:'; then
  echo "bootstrap.sh: adding deb-src entries for apt-get source gmp mpfr4"
  SUDO=
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      $SUDO tee /etc/apt/sources.list.d/riskodds-deb-src.sources >/dev/null
  else
    sed -n 's/^deb \(.*debian.*\)/deb-src \1/p' /etc/apt/sources.list |
      $SUDO tee /etc/apt/sources.list.d/riskodds-deb-src.list >/dev/null
  fi
  $SUDO apt-get update -qq
fi

# playwright-core for the page's browser tests, as web/package-lock.json
# pins it.
if [ ! -d web/node_modules/playwright-core ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

# m4/ is not in git: libtoolize fills it, but aclocal runs first and
# warns "couldn't open directory 'm4'" when it is missing.
mkdir -p m4
autoreconf --install --force
