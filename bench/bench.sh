#!/bin/sh
# bench/bench.sh -- time riskodds against its peers, side by side, and its
# two engines against each other, in one run.
#
# Usage: bench/bench.sh [--peers-only | --engines-only] [SIZE...]
#
# Peers (SIZE..., default 100 200 400): for each SIZE N, times
# `riskodds --format csv N N`, the Python fractions peer and (when gp is
# installed) the PARI/GP peer, checks that every peer's reduced fraction
# equals riskodds' win_exact, and prints a table; then the dice policies'
# cost against the standard recursion at the largest SIZE.
#
# Engines: times `riskodds --method recursion` and `--method strip` on
# N v N for N = 400 1000 2000 5000 (the recursion alone takes about 50 s at
# 5000) and checks that both print the same win_exact; then the strip engine
# alone on 10000 v 10000 and 20000 v 20000, and both engines on 100 v 20000,
# with the peak memory when /usr/bin/time is there; `needed` over a
# chain by the former search (one whole chain per attack) against its
# backward pass, checking that both find the same attack.  Then the
# decimal tables 1..N x 1..N (--digits 10) by the exact recursion and by
# the certified enclosures, whose bytes must be the same.
#
# Threads (with the engines): times the exact table N x N (`table
# --values exact --format csv -o FILE`, N = 1000 by default, about 60 s
# on one thread) with --threads 1 and --threads 2, and checks that both
# files are the same.
#
# Batch (with the engines): N battles (A, D from 1 to 40) asked as N
# invocations of `riskodds --format csv A D` and as N lines of one
# `riskodds batch`, checking that both give the same win_exact.
#
# Exits 1 if any answer disagrees (a peer's MISMATCH or the engines'
# DIFFER, the threads' DIFFER), 2 on a usage or setup error.
#
# Environment:
#   RISKODDS        the program to time (default ./src/riskodds/riskodds relative to
#                   the current directory, else `riskodds` on PATH)
#   RISKODDS_PEERS  directory holding peer_fractions.py and peer.gp
#                   (default: bench/peers in the source tree, beside this
#                   script)
#   RISKODDS_BENCH_PARTS
#                   which parts to run: all (default), peers or engines;
#                   --peers-only and --engines-only override it (`make bench`
#                   takes no arguments: RISKODDS_BENCH_PARTS=engines make bench)
#   RISKODDS_BENCH_ENGINES
#                   the N of the engines table (default 400 1000 2000 5000)
#   RISKODDS_BENCH_STRIP
#                   the N of the strip-alone table (default 10000 20000)
#   RISKODDS_BENCH_DECIMALS
#                   the N of the decimal tables 1..N x 1..N timed by
#                   --method recursion and --method interval (default 300
#                   1000; the recursion takes about a minute at 1000)
#   RISKODDS_BENCH_CHAIN
#                   the chain of the needed line (default 3 200 2, where
#                   the former search takes a few seconds)
#   RISKODDS_BENCH_THREADS
#                   the N of the threads' table (default 1000)
#   RISKODDS_BENCH_BATCH
#                   how many questions the batch line asks (default 2000:
#                   about 7 s as separate invocations)
#   RISKODDS_BENCH_HUGE
#                   set to 1 to add 100000 v 100000 to the strip-alone
#                   table (about 40 to 60 s)
#   PYTHON          Python 3 interpreter (default python3)
#   GP              PARI/GP interpreter (default gp; skipped if not found)
#
# Run from the source tree (bench/bench.sh) or via `make bench` from a build
# directory.  Not part of `make check`: timings are not tests.

set -u

me=bench.sh
usage_text() {
    cat <<USAGE
usage: $0 [--peers-only | --engines-only] [SIZE...]
  SIZE...         the peers' battles SIZE v SIZE (positive integers;
                  default 100 200 400)
  --peers-only    only riskodds against the Python and PARI/GP peers
  --engines-only  only --method recursion against --method strip
                  (400 1000 2000 5000), the strip engine alone (10000
                  20000; 100000 too with RISKODDS_BENCH_HUGE=1) and
                  100 v 20000 by both; then the exact table
                  1000 x 1000 on one thread and on two
USAGE
}
usage() {
    usage_text >&2
    exit 2
}
die() {
    echo "$me: $*" >&2
    exit 2
}

# check_sizes WHAT N...: every N a positive integer, else a usage error.
check_sizes() {
    what=$1
    shift
    for n in "$@"; do
        case $n in
            ''|*[!0-9]*|0|0*) echo "$me: $what: '$n' is not a positive integer" >&2
                              usage ;;
        esac
    done
}

parts=${RISKODDS_BENCH_PARTS:-all}
case $parts in
    all|peers|engines) ;;
    *) die "RISKODDS_BENCH_PARTS=$parts: expected all, peers or engines" ;;
esac
opt_parts=
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage_text; exit 0 ;;
        --peers-only|--engines-only)
            p=${1#--}
            p=${p%-only}
            [ -z "$opt_parts" ] || [ "$opt_parts" = "$p" ] || usage
            opt_parts=$p
            shift ;;
        --) shift; break ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ -z "$opt_parts" ] || parts=$opt_parts
case $parts in
    all) run_peers=1; run_engines=1 ;;
    peers) run_peers=1; run_engines=0 ;;
    engines) run_peers=0; run_engines=1
             [ $# -eq 0 ] || { echo "$me: SIZE is for the peers, not with the engines only" >&2; usage; } ;;
esac
[ $# -gt 0 ] || set -- 100 200 400
check_sizes SIZE "$@"

engine_sizes=${RISKODDS_BENCH_ENGINES:-400 1000 2000 5000}
chain_d=${RISKODDS_BENCH_CHAIN:-3 200 2}
strip_sizes=${RISKODDS_BENCH_STRIP:-10000 20000}
decimal_sizes=${RISKODDS_BENCH_DECIMALS:-300 1000}
if [ "${RISKODDS_BENCH_HUGE:-0}" = 1 ]; then
    strip_sizes="$strip_sizes 100000"
fi
# shellcheck disable=SC2086
check_sizes RISKODDS_BENCH_ENGINES $engine_sizes
# shellcheck disable=SC2086
check_sizes RISKODDS_BENCH_STRIP $strip_sizes
# shellcheck disable=SC2086
check_sizes RISKODDS_BENCH_DECIMALS $decimal_sizes
# shellcheck disable=SC2086
check_sizes RISKODDS_BENCH_CHAIN $chain_d
threads_size=${RISKODDS_BENCH_THREADS:-1000}
check_sizes RISKODDS_BENCH_THREADS "$threads_size"
batch_size=${RISKODDS_BENCH_BATCH:-2000}
check_sizes RISKODDS_BENCH_BATCH "$batch_size"

# --- locate the program -----------------------------------------------------
if [ -n "${RISKODDS-}" ]; then
    prog=$RISKODDS
elif [ -x ./src/riskodds/riskodds ]; then
    prog=./src/riskodds/riskodds
elif command -v riskodds >/dev/null 2>&1; then
    prog=$(command -v riskodds)
else
    die "cannot find riskodds: set RISKODDS, run from the (build) tree top, or put it on PATH"
fi
[ -x "$prog" ] || command -v "$prog" >/dev/null 2>&1 \
    || die "RISKODDS=$prog is not executable"

# An uninstalled build's src/riskodds/riskodds is libtool's wrapper script, whose
# shell start-up (about 12 ms) would swamp the small sizes: time the real
# binary beside it instead, with the library's path the wrapper sets (the
# library is in src/libriskodds/.libs since the layout issue, not beside
# the program: the path of old found no libriskodds.so.3).
if head -n 5 "$prog" 2>/dev/null | grep -q 'temporary wrapper script'; then
    real=$(dirname "$prog")/.libs/riskodds
    if [ -x "$real" ]; then
        lib=$(sed -n 's/^ *LD_LIBRARY_PATH="\([^"]*\)".*/\1/p' "$prog" \
              | head -n 1 | sed 's/:\$LD_LIBRARY_PATH$//')
        prog=$real
        LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
        export LD_LIBRARY_PATH
    fi
fi

# --- locate the peers ---------------------------------------------------------
if [ "$run_peers" = 1 ]; then
    script_dir=$(cd "$(dirname "$0")" && pwd) || die "cannot resolve $0"
    peers=${RISKODDS_PEERS:-$script_dir/peers}
    [ -d "$peers" ] || die "peer directory $peers not found (set RISKODDS_PEERS)"
    peers=$(cd "$peers" && pwd)
    py_peer=$peers/peer_fractions.py
    gp_peer=$peers/peer.gp
    [ -r "$py_peer" ] || die "missing $py_peer"
fi

PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null 2>&1 || die "python3 is required (set PYTHON)"

GP=${GP:-gp}
if [ "$run_peers" = 1 ] && command -v "$GP" >/dev/null 2>&1 && [ -r "$gp_peer" ]; then
    have_gp=1
else
    have_gp=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/riskodds-bench.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Peak memory: GNU time's %M (peak resident set, KiB), when /usr/bin/time
# is there and understands it.
if [ "$run_engines" = 1 ] && [ -x /usr/bin/time ] \
   && /usr/bin/time -f '%e %M' -o "$tmp/mem" true 2>/dev/null \
   && [ -s "$tmp/mem" ]; then
    have_mem=1
else
    have_mem=0
fi

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

# field4 FILE OUT: riskodds' win_exact (CSV line 2, field 4) from FILE to OUT.
field4() {
    sed -n 2p "$1" | cut -d, -f4 >"$2"
    [ -s "$2" ] && [ "$(wc -c <"$2")" -gt 1 ]
}

# timemem OUT ARGS...: time `riskodds ARGS` (as timeit does) into $t and
# its peak resident memory, in MiB, into $mem (n/a without /usr/bin/time;
# the last run's when it ran more than once).
timemem() {
    tm_out=$1
    shift
    if [ $have_mem = 1 ]; then
        t=$(timeit "$tm_out" "$tmp/empty" /usr/bin/time -f '%e %M' -o "$tmp/mem" \
                "$prog" "$@") || return 1
        mem=$(tail -n 1 "$tmp/mem" | awk '{ printf "%.1f", $2 / 1024 }')
    else
        t=$(timeit "$tm_out" "$tmp/empty" "$prog" "$@") || return 1
        mem=n/a
    fi
}

# --- header -----------------------------------------------------------------------
echo "riskodds benchmark"
echo "machine:  $(uname -m), $(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs ($(uname -sr))"
echo "program:  $prog"
if head -n 5 "$prog" 2>/dev/null | grep -q 'temporary wrapper script'; then
    echo "          (a libtool wrapper script: its times include a shell start-up)"
fi
if [ "$run_peers" = 1 ]; then
    echo "python:   $("$PYTHON" --version 2>&1) running $py_peer"
    if [ $have_gp = 1 ]; then
        echo "gp:       PARI/GP $("$GP" --version-short 2>/dev/null) running $gp_peer"
    else
        echo "gp:       not installed (apt-get install pari-gp), gp columns are n/a"
    fi
fi
if [ "$run_engines" = 1 ]; then
    if [ $have_mem = 1 ]; then
        echo "memory:   peak resident set by /usr/bin/time (%M), in MiB"
    else
        echo "memory:   unavailable (no GNU /usr/bin/time), memory columns are n/a"
    fi
fi
echo "Wall-clock seconds, best of up to 5 runs for runs under 1 s, else one run;"
echo "process start-up included.  Ratios, not absolute times, are what matter:"
echo "these machines are noisy."

: >"$tmp/empty"
status=0

# --- riskodds against the peers ---------------------------------------------------
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
        peer_status=1
        { echo "$me: size $n: $2 peer disagrees with riskodds"
          echo "  riskodds: $win"
          printf '  %-9s %s\n' "$2:" "$peer_frac"; } >&2
    fi
}

peers_part() {  # SIZE...
    echo
    echo "Peers, N against N:"
    fmt='%6s  %12s  %12s  %9s  %12s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$fmt" size riskodds_s python_s py/ro gp_s gp/ro check
    # shellcheck disable=SC2059
    printf "$fmt" ------ ------------ ------------ --------- ------------ --------- -----

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
    # recursion (--method recursion: the default, strip, is not one that
    # policies can use), riskodds alone, at the largest size.
    t_std=$(timeit "$tmp/pol.out" "$tmp/empty" "$prog" --method recursion \
                --format csv "$n" "$n") \
        || die "riskodds --method recursion $n $n failed"
    echo
    echo "Dice policies, riskodds alone, $n against $n (seconds; x: times the standard recursion):"
    printf '  %-38s %12s  x%s\n' "--method recursion (the standard)" "$t_std" "1.0"
    for pol in "--defender wieringa" "--defender optimal" \
               "--defender optimal --attacker optimal"; do
        # shellcheck disable=SC2086
        t_pol=$(timeit "$tmp/pol.out" "$tmp/empty" "$prog" $pol --format csv "$n" "$n") \
            || die "riskodds $pol $n $n failed"
        printf '  %-38s %12s  x%s\n' "$pol" "$t_pol" "$(ratio "$t_pol" "$t_std")"
    done
}

# --- needed over a chain: the former search against the backward pass --------
# chain_search.py PROG TARGET D...: what `needed` did for a chain before its
# backward pass: a whole chain (`riskodds chain`) for A = 1, 2, 3 ... until
# one takes it with P >= TARGET (exactly); prints that A.  Each attack is one
# process here, not one call: the search time includes a millisecond or so
# of start-up per attack.
cat >"$tmp/chain_search.py" <<'EOF'
import subprocess, sys
from fractions import Fraction
prog, target, d = sys.argv[1], Fraction(sys.argv[2]), sys.argv[3:]
a = 1
while True:
    out = subprocess.run([prog, "chain", "--format", "csv", "--values", "exact",
                          str(a)] + d, stdout=subprocess.PIPE, check=True).stdout
    line = out.decode().splitlines()[1]     # taken,K,,exact,at_least_exact
    if Fraction(line.split(",")[3]) >= target:
        print(a)
        break
    a += 1
EOF

# --- the two engines ----------------------------------------------------------------
# same_win A D: MATCH when --method recursion ($tmp/rec.out) and --method
# strip ($tmp/strip.out) printed the same win_exact, else DIFFER (status 1).
same_win() {
    field4 "$tmp/rec.out" "$tmp/rec.frac" \
        || die "riskodds --method recursion $1 $2 printed no win_exact"
    field4 "$tmp/strip.out" "$tmp/strip.frac" \
        || die "riskodds --method strip $1 $2 printed no win_exact"
    if cmp -s "$tmp/rec.frac" "$tmp/strip.frac"; then
        echo MATCH
    else
        echo DIFFER
        echo "$me: $1 v $2: --method recursion and --method strip print different win_exact" >&2
        return 1
    fi
}

# engine_check RC: same_win's exit status: 1 (DIFFER) sets status 1, and
# its die (2) ends the script.
engine_check() {
    case $1 in
        0) ;;
        1) status=1; engine_status=1 ;;
        *) exit 2 ;;
    esac
}

engines_part() {
    echo
    echo "Engines, N against N, --method recursion against --method strip:"
    efmt='%6s  %12s  %12s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$efmt" size recursion_s strip_s rec/strip check
    # shellcheck disable=SC2059
    printf "$efmt" ------ ------------ ------------ --------- -----
    for n in $engine_sizes; do
        t_rec=$(timeit "$tmp/rec.out" "$tmp/empty" "$prog" --method recursion \
                    --format csv "$n" "$n") \
            || die "riskodds --method recursion $n $n failed"
        t_strip=$(timeit "$tmp/strip.out" "$tmp/empty" "$prog" --method strip \
                      --format csv "$n" "$n") \
            || die "riskodds --method strip $n $n failed"
        check=$(same_win "$n" "$n")
        engine_check $?
        # shellcheck disable=SC2059
        printf "$efmt" "$n" "$t_rec" "$t_strip" "$(ratio "$t_rec" "$t_strip")" "$check"
    done

    echo
    echo "Strip alone, N against N, --method strip (peak memory in MiB):"
    sfmt='%6s  %12s  %9s\n'
    # shellcheck disable=SC2059
    printf "$sfmt" size strip_s peak_MiB
    # shellcheck disable=SC2059
    printf "$sfmt" ------ ------------ ---------
    for n in $strip_sizes; do
        timemem "$tmp/strip.out" --method strip --format csv "$n" "$n" \
            || die "riskodds --method strip $n $n failed"
        field4 "$tmp/strip.out" "$tmp/strip.frac" \
            || die "riskodds --method strip $n $n printed no win_exact"
        # shellcheck disable=SC2059
        printf "$sfmt" "$n" "$t" "$mem"
    done

    a=100 d=20000
    echo
    echo "Both engines, $a against $d (peak memory in MiB):"
    lfmt='%12s  %12s  %9s  %12s  %9s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$lfmt" battle recursion_s rec_MiB strip_s strip_MiB rec/strip check
    # shellcheck disable=SC2059
    printf "$lfmt" ------------ ------------ --------- ------------ --------- --------- -----
    timemem "$tmp/rec.out" --method recursion --format csv $a $d \
        || die "riskodds --method recursion $a $d failed"
    t_rec=$t mem_rec=$mem
    timemem "$tmp/strip.out" --method strip --format csv $a $d \
        || die "riskodds --method strip $a $d failed"
    check=$(same_win $a $d)
    engine_check $?
    # shellcheck disable=SC2059
    printf "$lfmt" "$a v $d" "$t_rec" "$mem_rec" "$t" "$mem" \
        "$(ratio "$t_rec" "$t")" "$check"

    # shellcheck disable=SC2086
    set -- $chain_d
    echo
    echo "needed over the chain $*, target 1/2: the former search (a chain per"
    echo "attack A = 1, 2, 3 ...) against one backward pass per territory:"
    cfmt='%12s  %12s  %12s  %11s  %s\n'
    # shellcheck disable=SC2059
    printf "$cfmt" chain search_s pass_s search/pass check
    # shellcheck disable=SC2059
    printf "$cfmt" ------------ ------------ ------------ ----------- -----
    t_search=$(timeit "$tmp/search.out" "$tmp/empty" "$PYTHON" \
                   "$tmp/chain_search.py" "$prog" 1/2 "$@") \
        || die "the former search over the chain $* failed"
    t_pass=$(timeit "$tmp/pass.out" "$tmp/empty" "$prog" needed --format csv \
                 --values exact "$@") \
        || die "riskodds needed $* failed"
    if [ "$(cat "$tmp/search.out")" = "$(sed -n 2p "$tmp/pass.out" | cut -d, -f2)" ]; then
        check=MATCH
    else
        check=DIFFER
        echo "$me: needed $*: the search and the pass find different attacks" >&2
        engine_check 1
    fi
    # shellcheck disable=SC2059
    printf "$cfmt" "$*" "$t_search" "$t_pass" "$(ratio "$t_search" "$t_pass")" "$check"
}

# --- decimal tables: certified enclosures against exact fractions -----------------
decimals_part() {
    echo
    echo "Decimal tables 1..N x 1..N, --values decimal --digits 10 --format csv,"
    echo "--method recursion"
    echo "(every cell's exact fraction, rounded) against --method interval"
    echo "(certified enclosures), same bytes required:"
    dfmt='%6s  %12s  %12s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$dfmt" size recursion_s interval_s rec/int check
    # shellcheck disable=SC2059
    printf "$dfmt" ------ ------------ ------------ --------- -----
    for n in $decimal_sizes; do
        t_rec=$(timeit "$tmp/drec.out" "$tmp/empty" "$prog" table --method recursion \
                    --attackers "1..$n" --defenders "1..$n" --values decimal --digits 10 --format csv) \
            || die "riskodds table --method recursion 1..$n failed"
        t_int=$(timeit "$tmp/dint.out" "$tmp/empty" "$prog" table --method interval \
                    --attackers "1..$n" --defenders "1..$n" --values decimal --digits 10 --format csv) \
            || die "riskodds table --method interval 1..$n failed"
        if cmp -s "$tmp/drec.out" "$tmp/dint.out"; then
            check=MATCH
        else
            check=DIFFER status=1 engine_status=1
        fi
        # shellcheck disable=SC2059
        printf "$dfmt" "$n" "$t_rec" "$t_int" "$(ratio "$t_rec" "$t_int")" "$check"
    done

    echo
    echo "verify of that table (N x N decimals, all right), --method"
    echo "recursion (exact values) against --method interval (enclosures),"
    echo "same report required:"
    # shellcheck disable=SC2059
    printf "$dfmt" size recursion_s interval_s rec/int check
    # shellcheck disable=SC2059
    printf "$dfmt" ------ ------------ ------------ --------- -----
    for n in $decimal_sizes; do
        "$prog" table --attackers "1..$n" --defenders "1..$n" --values decimal \
            --digits 10 --format csv >"$tmp/sheet.csv" \
            || die "riskodds table 1..$n failed"
        t_rec=$(timeit "$tmp/vrec.out" "$tmp/empty" "$prog" verify --method recursion \
                    "$tmp/sheet.csv") || die "riskodds verify --method recursion failed"
        t_int=$(timeit "$tmp/vint.out" "$tmp/empty" "$prog" verify --method interval \
                    "$tmp/sheet.csv") || die "riskodds verify --method interval failed"
        if [ -s "$tmp/vrec.out" ] && cmp -s "$tmp/vrec.out" "$tmp/vint.out"; then
            check=MATCH
        else
            check=DIFFER status=1 engine_status=1
        fi
        # shellcheck disable=SC2059
        printf "$dfmt" "$n" "$t_rec" "$t_int" "$(ratio "$t_rec" "$t_int")" "$check"
    done
}

# --- the exact grid on one thread and on two ----------------------------------------
# The table's cells are solved, reduced and written out as text by every
# thread; the ratio is what two processors gain (it needs both free).
threads_part() {
    n=$threads_size
    echo
    echo "Exact table, N x N, table --values exact --format csv -o FILE, --threads 1 against 2:"
    tfmt='%6s  %12s  %12s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$tfmt" size threads1_s threads2_s t1/t2 check
    # shellcheck disable=SC2059
    printf "$tfmt" ------ ------------ ------------ --------- -----
    for t in 1 2; do
        tt=$(timeit "$tmp/t.out" "$tmp/empty" "$prog" table --threads $t \
                 --values exact --format csv --attackers "1..$n" \
                 --defenders "1..$n" -o "$tmp/table.csv") \
            || die "riskodds table --threads $t ($n x $n) failed"
        sum=$(cksum <"$tmp/table.csv")
        rm -f "$tmp/table.csv"
        eval "t_$t=\$tt sum_$t=\$sum"
    done
    if [ "$sum_1" = "$sum_2" ]; then
        check=SAME
    else
        check=DIFFER
        status=1
        thread_status=1
        echo "$me: $n x $n: --threads 1 and --threads 2 wrote different tables" >&2
    fi
    # shellcheck disable=SC2059
    printf "$tfmt" "$n" "$t_1" "$t_2" \
        "$(awk -v a="$t_1" -v b="$t_2" 'BEGIN { printf "%.2f", a / b }')" "$check"
}

# --- many questions: one process each against one batch ------------------------
# What a script pays per question: the start of a process against a line
# of one process's input.
batch_part() {
    n=$batch_size
    echo
    echo "$n battles (A, D in 1..40): $n invocations against one riskodds batch:"
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
                             print 1 + (i * 7) % 40, 1 + (i * 13) % 40 }' \
        >"$tmp/questions"
    cat >"$tmp/one.sh" <<'ONE'
while read -r a d; do
    "$1" --format csv "$a" "$d" | sed -n 2p | cut -d, -f4
done <"$2"
ONE
    t_many=$(timeit "$tmp/many.out" "$tmp/empty" sh "$tmp/one.sh" "$prog" \
                 "$tmp/questions") || die "riskodds, one invocation a question, failed"
    t_batch=$(timeit "$tmp/batch.out" "$tmp/questions" "$prog" batch) \
        || die "riskodds batch failed"
    sed 1d "$tmp/batch.out" | cut -d, -f5 >"$tmp/batch.win"
    if cmp -s "$tmp/many.out" "$tmp/batch.win"; then
        check=SAME
    else
        check=DIFFER
        status=1
        batch_status=1
        echo "$me: batch and separate invocations gave different answers" >&2
    fi
    bfmt='%9s  %14s  %10s  %9s  %s\n'
    # shellcheck disable=SC2059
    printf "$bfmt" questions invocations_s batch_s ratio check
    # shellcheck disable=SC2059
    printf "$bfmt" --------- -------------- ---------- --------- -----
    # shellcheck disable=SC2059
    printf "$bfmt" "$n" "$t_many" "$t_batch" "$(ratio "$t_many" "$t_batch")" "$check"
}

peer_status=0
engine_status=0
thread_status=0
batch_status=0
[ "$run_peers" = 0 ] || peers_part "$@"
[ "$run_engines" = 0 ] || engines_part
[ "$run_engines" = 0 ] || decimals_part
[ "$run_engines" = 0 ] || threads_part
[ "$run_engines" = 0 ] || batch_part

echo
if [ "$run_peers" = 1 ]; then
    if [ $peer_status = 0 ]; then
        echo "All peers MATCH riskodds' exact fractions."
    else
        echo "MISMATCH: a peer's fraction differs from riskodds (details above)." >&2
    fi
fi
if [ "$run_engines" = 1 ]; then
    if [ $engine_status = 0 ]; then
        echo "Both engines print the same exact fractions (MATCH)."
    else
        echo "DIFFER: the engines' fractions differ (details above)." >&2
    fi
    if [ $thread_status = 0 ]; then
        echo "One thread and two write the same table (SAME)."
    else
        echo "DIFFER: one thread and two wrote different tables." >&2
    fi
    if [ $batch_status = 0 ]; then
        echo "Batch and separate invocations give the same answers (SAME)."
    else
        echo "DIFFER: batch and separate invocations disagree." >&2
    fi
fi
exit $status
