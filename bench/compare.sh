#!/bin/sh
# bench/compare.sh -- two builds of riskodds side by side in one run: the
# start-up of a trivial battle and the engines of `make bench`, each
# timed as a whole process in alternating pairs (A B A B ...), so that a
# drift of the machine's speed falls on both.
#
# Usage: bench/compare.sh OLD NEW
#
# OLD and NEW are riskodds programs (an uninstalled build's libtool
# wrapper is resolved to the binary beside it, as bench.sh does).  For
# each case prints the median wall time of OLD and NEW over its pairs and
# the median of the pair-by-pair ratios NEW/OLD, and checks that both
# printed the same bytes (exit 1 when they differ).
#
# Environment:
#   RISKODDS_COMPARE_CASES  which cases (default: all): startup strip
#                           recursion table optimal
#   RISKODDS_COMPARE_PAIRS  pairs of the start-up case (default 40); the
#                           engines take 5 pairs each
set -e

if [ $# -ne 2 ]; then
  echo "usage: bench/compare.sh OLD NEW" >&2
  exit 2
fi

# A libtool wrapper script runs .libs/riskodds (or lt-riskodds) with the
# library's path set; time that binary with the same path instead.
resolve () {
  p=$1
  if [ -f "$p" ] && head -c 2 "$p" | grep -q '#!'; then
    d=$(dirname "$p")
    for b in "$d/.libs/lt-riskodds" "$d/.libs/riskodds"; do
      if [ -x "$b" ]; then
        lib=$(sed -n "s/^ *LD_LIBRARY_PATH=\"\([^\"]*\)\".*/\1/p" "$p" | head -n 1 | sed "s/:\$LD_LIBRARY_PATH\$//")
        echo "$b|$lib"
        return
      fi
    done
  fi
  echo "$p|"
}

old=$(resolve "$1")
new=$(resolve "$2")
cases=${RISKODDS_COMPARE_CASES:-startup strip recursion table optimal}
pairs=${RISKODDS_COMPARE_PAIRS:-40}

exec python3 - "$old" "$new" "$pairs" $cases <<'EOF'
import os, statistics, subprocess, sys, time

def prog(spec):
    path, lib = spec.split('|', 1)
    env = dict(os.environ)
    if lib:
        env['LD_LIBRARY_PATH'] = lib + (':' + env['LD_LIBRARY_PATH']
                                        if env.get('LD_LIBRARY_PATH') else '')
    return path, env

old, new = prog(sys.argv[1]), prog(sys.argv[2])
pairs = int(sys.argv[3])
CASES = {
    'startup': (['3', '2'], pairs),
    'strip': (['--method', 'strip', '--format', 'csv', '--values', 'exact',
               '20000', '20000'], 3),
    'recursion': (['--method', 'recursion', '--format', 'csv',
                   '--values', 'exact', '1500', '1500'], 5),
    'table': (['table', '--attackers', '1..1000', '--defenders', '1..1000',
               '--values', 'decimal', '--format', 'csv'], 5),
    'optimal': (['--defender', 'optimal', '--format', 'csv', '300', '300'],
                5),
}

def run(p, args):
    t = time.perf_counter()
    r = subprocess.run([p[0]] + args, env=p[1], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return time.perf_counter() - t, r.stdout, r.returncode

print('%-10s %12s %12s %10s' % ('case', 'old (s)', 'new (s)', 'new/old'))
status = 0
for name in sys.argv[4:]:
    args, n = CASES[name]
    run(old, args); run(new, args)          # warm the caches
    to, tn, ratio, same = [], [], [], True
    for _ in range(n):
        a, out_a, rc_a = run(old, args)
        b, out_b, rc_b = run(new, args)
        to.append(a); tn.append(b); ratio.append(b / a)
        same = same and out_a == out_b and rc_a == rc_b
    print('%-10s %12.4f %12.4f %10.3f%s' % (
        name, statistics.median(to), statistics.median(tn),
        statistics.median(ratio), '' if same else '  DIFFER'))
    sys.stdout.flush()
    if not same:
        status = 1
sys.exit(status)
EOF
