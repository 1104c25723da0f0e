#!/bin/sh
# web/deps.sh -- GMP and MPFR built for WebAssembly with emscripten, once,
# into a cache folder outside the source tree keyed by the GMP, MPFR and
# emcc versions; later runs find it and print its path at once.
# The sources are Debian's own (apt-get source; bootstrap.sh adds the
# deb-src entry).  Prints the prefix (with include/ and lib/) on stdout.
set -e

: "${NODE_PATH:=/usr/share/nodejs}"
: "${EMCC_SKIP_SANITY_CHECK:=1}"
export NODE_PATH EMCC_SKIP_SANITY_CHECK

emcc_version=$(emcc --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p')
gmp_version=$(apt-cache showsrc gmp 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
mpfr_version=$(apt-cache showsrc mpfr4 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
if [ -z "$emcc_version" ] || [ -z "$gmp_version" ] || [ -z "$mpfr_version" ]; then
  echo "web/deps.sh: need emcc and deb-src entries for gmp and mpfr4 (run ./bootstrap.sh)" >&2
  exit 1
fi
# Debian's epoch (the "2:" of GMP) has no place in a file name.
gmp_version=${gmp_version#*:}
mpfr_version=${mpfr_version#*:}
# limb64: the one-line configure change below (ABI=longlong);
# RISKODDS_WEB_LIMB=32 builds GMP's generic 32-bit limbs instead, for
# web/bench.sh's comparison.
limb=${RISKODDS_WEB_LIMB:-64}
case $limb in
  64) abi=longlong ;;
  32) abi=standard ;;
  *) echo "web/deps.sh: RISKODDS_WEB_LIMB is 64 or 32" >&2; exit 1 ;;
esac
key="gmp-$gmp_version-mpfr-$mpfr_version-emcc-$emcc_version-limb$limb"
cache=${RISKODDS_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/riskodds-web}
prefix=$cache/$key
if [ -f "$prefix/lib/libmpfr.a" ] && [ -f "$prefix/lib/libgmp.a" ]; then
  echo "$prefix"
  exit 0
fi

jobs=${JOBS:-2}
work=$cache/build-$key.$$
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cd "$work"
echo "web/deps.sh: building GMP $gmp_version and MPFR $mpfr_version for wasm in $work (slow, once)" >&2
apt-get source --download-only gmp mpfr4 >&2
dpkg-source -x gmp_*.dsc gmp >&2
dpkg-source -x mpfr4_*.dsc mpfr >&2
build=$(gcc -dumpmachine)

cd gmp
# The +dfsg tarball lacks doc/, whose Makefile.in configure still lists.
mkdir -p doc
printf 'all:\ninstall:\ncheck:\nclean:\ndistclean:\n' > doc/Makefile.in
# 64-bit limbs for the generic host: wasm has 64-bit integers, and a limb
# twice as wide halves the time of the big multiplications.
sed -i 's/^abilist="standard"$/abilist="longlong standard"; limb_longlong=longlong/' configure
grep -q '^abilist="longlong standard"; limb_longlong=longlong$' configure
# configure cannot run a wasm program to see the double format; it has
# no flags of its own for emcc with this ABI: -O2 as for gcc.
emconfigure ./configure --host=none --build="$build" --disable-assembly \
  --enable-static --disable-shared --disable-cxx CC_FOR_BUILD=gcc \
  ABI=$abi CFLAGS=-O2 gmp_cv_c_double_format="IEEE little endian" \
  --prefix="$work/prefix" >&2
emmake make -j"$jobs" >&2
# GMP's own mpz and mpq tests under node, on the very build we install
# (each test one JavaScript file with its wasm inside, run by node).
testflags="LDFLAGS=-sSINGLE_FILE -sALLOW_MEMORY_GROWTH=1"
emmake make -j"$jobs" -C tests "$testflags" libtests.la >&2
emmake make -j"$jobs" -C tests/mpz "$testflags" LOG_COMPILER=node check >&2
emmake make -j"$jobs" -C tests/mpq "$testflags" LOG_COMPILER=node check >&2
emmake make install >&2
cd ..

cd mpfr
emconfigure ./configure --host=none --build="$build" \
  --enable-static --disable-shared --with-gmp="$work/prefix" CFLAGS=-O2 \
  --prefix="$work/prefix" >&2
emmake make -j"$jobs" >&2
emmake make install >&2
cd ..

rm -rf "$prefix"
mkdir -p "$(dirname "$prefix")"
mv "$work/prefix" "$prefix"
echo "$prefix"
