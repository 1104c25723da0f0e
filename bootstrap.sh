#!/bin/sh
# bootstrap.sh -- install the Debian build dependencies that are missing,
# then generate the configure script.  Run from the top of the source tree.
set -e

PACKAGES="build-essential libgmp-dev libmpfr-dev check autoconf automake libtool pkg-config
  python3 python3-venv python3-pip python3-setuptools python3-wheel
  libcairo2-dev librsvg2-bin time"

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

# m4/ is not in git: libtoolize fills it, but aclocal runs first and
# warns "couldn't open directory 'm4'" when it is missing.
mkdir -p m4
autoreconf --install --force
