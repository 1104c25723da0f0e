#!/bin/sh
# bench/bench.sh -- time riskodds against its peers, side by side, in one run.
#
# Usage: bench/bench.sh [SIZE...]          (default sizes: 100 200 400)
#
# For each SIZE N, times `riskodds --format csv N N`, the Python fractions
# peer and (when gp is installed) the PARI/GP peer, checks that every peer's
# reduced fraction equals riskodds' win_exact, and prints a table.  Exits 1
# if any answer disagrees, 2 on a usage or setup error.
#
# Environment:
#   RISKODDS        the program to time (default ./src/riskodds relative to
#                   the current directory, else `riskodds` on PATH)
#   RISKODDS_PEERS  directory holding peer_fractions.py and peer.gp
#                   (default: ../shared/bench relative to the source tree top)
#   PYTHON          Python 3 interpreter (default python3)
#   GP              PARI/GP interpreter (default gp; skipped if not found)
#
# Run from the source tree (bench/bench.sh) or via `make bench` from a build
# directory.  Not part of `make check`: timings are not tests.

set -u

me=bench.sh
usage() {
    echo "usage: $0 [SIZE...]   (positive integers; default 100 200 400)" >&2
    exit 2
}
die() {
    echo "$me: $*" >&2
    exit 2
}

case ${1-} in
    -h|--help) usage ;;
esac
[ $# -gt 0 ] || set -- 100 200 400
for n in "$@"; do
    case $n in
        ''|*[!0-9]*|0|0*) usage ;;
    esac
done

# --- locate the program -----------------------------------------------------
if [ -n "${RISKODDS-}" ]; then
    prog=$RISKODDS
elif [ -x ./src/riskodds ]; then
    prog=./src/riskodds
elif command -v riskodds >/dev/null 2>&1; then
    prog=$(command -v riskodds)
else
    die "cannot find riskodds: set RISKODDS, run from the (build) tree top, or put it on PATH"
fi
[ -x "$prog" ] || command -v "$prog" >/dev/null 2>&1 \
    || die "RISKODDS=$prog is not executable"

# An uninstalled build's src/riskodds is libtool's wrapper script, whose
# shell start-up (about 12 ms) would swamp the small sizes: time the real
# binary beside it instead.
if head -n 5 "$prog" 2>/dev/null | grep -q 'temporary wrapper script'; then
    real=$(dirname "$prog")/.libs/riskodds
    if [ -x "$real" ]; then
        prog=$real
        LD_LIBRARY_PATH=$(cd "$(dirname "$real")" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
    fi
fi

# --- locate the peers ---------------------------------------------------------
script_dir=$(cd "$(dirname "$0")" && pwd) || die "cannot resolve $0"
srctop=$(cd "$script_dir/.." && pwd)
peers=${RISKODDS_PEERS:-$srctop/../shared/bench}
[ -d "$peers" ] || die "peer directory $peers not found (set RISKODDS_PEERS)"
peers=$(cd "$peers" && pwd)
py_peer=$peers/peer_fractions.py
gp_peer=$peers/peer.gp
[ -r "$py_peer" ] || die "missing $py_peer"

PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null 2>&1 || die "python3 is required (set PYTHON)"

GP=${GP:-gp}
if command -v "$GP" >/dev/null 2>&1 && [ -r "$gp_peer" ]; then
    have_gp=1
else
    have_gp=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/riskodds-bench.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- timing wrapper -------------------------------------------------------------
# timer.py OUT IN CMD...: runs CMD with stdin from IN and stdout to OUT,
# repeating while it is fast (best of up to 5 runs within ~2 s of total
# time; anything slower than 1 s runs once), and prints the best wall-clock
# time in seconds.  Exits non-zero, with CMD's stderr, if CMD fails.
cat >"$tmp/timer.py" <<'EOF'
import subprocess, sys, time
out, inp, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
best, total, runs = None, 0.0, 0
while True:
    with open(inp, "rb") as fi, open(out, "wb") as fo:
        t0 = time.perf_counter()
        r = subprocess.run(cmd, stdin=fi, stdout=fo, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode(errors="replace"))
        sys.exit("command failed (exit %d): %s" % (r.returncode, " ".join(cmd)))
    runs += 1
    total += dt
    best = dt if best is None else min(best, dt)
    if runs >= 5 or dt >= 1.0 or total >= 2.0:
        break
print("%.6f" % best)
EOF

timeit() {  # OUT IN CMD...
    "$PYTHON" "$tmp/timer.py" "$@"
}

# Normalize a fraction: drop whitespace and gp's line continuations, and
# write an integer n as n (a peer might print n/1).
# shellcheck disable=SC1003
norm() {
    tr -d ' \t\r\n\\' <"$1" | sed 's:/1$::'
}

ratio() {  # NUM DEN
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }'
}

# --- header -----------------------------------------------------------------------
echo "riskodds benchmark"
echo "machine:  $(uname -m), $(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs ($(uname -sr))"
echo "program:  $prog"
if head -n 5 "$prog" 2>/dev/null | grep -q 'temporary wrapper script'; then
    echo "          (a libtool wrapper script: its times include a shell start-up)"
fi
echo "python:   $("$PYTHON" --version 2>&1) running $py_peer"
if [ $have_gp = 1 ]; then
    echo "gp:       PARI/GP $("$GP" --version-short 2>/dev/null) running $gp_peer"
else
    echo "gp:       not installed (apt-get install pari-gp), gp columns are n/a"
fi
echo "Wall-clock seconds, best of up to 5 runs for runs under 1 s, else one run;"
echo "process start-up included.  Ratios, not absolute times, are what matter:"
echo "these machines are noisy."
echo

fmt='%6s  %12s  %12s  %9s  %12s  %9s  %s\n'
# shellcheck disable=SC2059
printf "$fmt" size riskodds_s python_s py/ro gp_s gp/ro check
# shellcheck disable=SC2059
printf "$fmt" ------ ------------ ------------ --------- ------------ --------- -----

# compare_peer TAG NAME FILE: append MATCH(TAG) or MISMATCH(TAG) to $check
# as the peer's fraction in FILE equals riskodds' $win; on a mismatch show
# both and set status 1.
compare_peer() {
    peer_frac=$(norm "$3")
    if [ "$peer_frac" = "$win" ]; then
        check="${check:+$check }MATCH($1)"
    else
        check="${check:+$check }MISMATCH($1)"
        status=1
        { echo "$me: size $n: $2 peer disagrees with riskodds"
          echo "  riskodds: $win"
          printf '  %-9s %s\n' "$2:" "$peer_frac"; } >&2
    fi
}

status=0
: >"$tmp/empty"
for n in "$@"; do
    t_ro=$(timeit "$tmp/ro.out" "$tmp/empty" "$prog" --format csv "$n" "$n") \
        || die "riskodds $n $n failed"
    # line 2, field 4: win_exact
    win=$(sed -n 2p "$tmp/ro.out" | cut -d, -f4)
    [ -n "$win" ] || die "riskodds $n $n printed no win_exact"
    printf '%s\n' "$win" >"$tmp/ro.frac"
    win=$(norm "$tmp/ro.frac")

    check=
    t_py=$(timeit "$tmp/py.out" "$tmp/empty" "$PYTHON" "$py_peer" "$n" "$n") \
        || die "python peer $n $n failed"
    compare_peer py python "$tmp/py.out"
    r_py=$(ratio "$t_py" "$t_ro")

    if [ $have_gp = 1 ]; then
        echo "print(pbattle($n,$n))" >"$tmp/gp.in"
        t_gp=$(timeit "$tmp/gp.out" "$tmp/gp.in" "$GP" -q -s 1000000000 "$gp_peer") \
            || die "gp peer $n $n failed"
        compare_peer gp gp "$tmp/gp.out"
        r_gp=$(ratio "$t_gp" "$t_ro")
    else
        t_gp=n/a
        r_gp=n/a
    fi
    # shellcheck disable=SC2059
    printf "$fmt" "$n" "$t_ro" "$t_py" "$r_py" "$t_gp" "$r_gp" "$check"
done

# The dice policies have no peer: their cost against the standard
# recursion, riskodds alone, at the largest size.
echo
echo "Dice policies, riskodds alone, $n against $n (seconds; x: times the standard):"
for pol in "--defender wieringa" "--defender optimal" \
           "--defender optimal --attacker optimal"; do
    # shellcheck disable=SC2086
    t_pol=$(timeit "$tmp/pol.out" "$tmp/empty" "$prog" $pol --format csv "$n" "$n") \
        || die "riskodds $pol $n $n failed"
    printf '  %-38s %12s  x%s\n' "$pol" "$t_pol" "$(ratio "$t_pol" "$t_ro")"
done

echo
if [ $status = 0 ]; then
    echo "All peers MATCH riskodds' exact fractions."
else
    echo "MISMATCH: a peer's fraction differs from riskodds (details above)." >&2
fi
exit $status
