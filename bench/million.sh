#!/bin/sh
# bench/million.sh -- the split engine against the strip, side by side in
# one run: P(win) of one battle at 10^4 and 10^5 a side (the same
# fraction, compared by hash), the split alone at 10^6 (time, peak
# memory, the --max-memory estimate, and the time of 50 decimals alone,
# --values decimal --digits 50 --format csv, which must not exceed the
# fraction's),
# and very unequal battles.
#
# Usage: bench/million.sh [REPS]   (best of REPS runs, default 3)
#
# Each run is `riskodds --method M --format csv A D` (the exact fraction
# printed in full, so the times include writing it); the hash is that of
# win_exact.  Exits 1 if two engines' fractions differ.
#
# Environment:
#   RISKODDS               the program (default ./src/riskodds/riskodds)
#   RISKODDS_BENCH_PAIRS   the battles timed by both engines, A:D each
#                          (default 10000:10000 100000:100000 5:1000000
#                          1000000:3 1000000:10000; the strip alone takes
#                          minutes on the unequal ones)
#   RISKODDS_BENCH_ALONE   the battles timed by the split alone (default
#                          1000000:1000000)

reps=${1:-3}
R=${RISKODDS:-./src/riskodds/riskodds}
pairs=${RISKODDS_BENCH_PAIRS:-"10000:10000 100000:100000 5:1000000 1000000:3 1000000:10000"}
alone=${RISKODDS_BENCH_ALONE:-"1000000:1000000"}
tmp=${TMPDIR:-/tmp}/million.$$
trap 'rm -f "$tmp".*' EXIT
status=0

# best M A D [OPTION...]: the best of $reps wall times (s) and the peak
# RSS (KiB) of that run, and the hash of win_exact, in $best $rss $hash
# (by default the run prints the CSV of the exact fraction; OPTIONs
# replace --format csv).
best ()
{
  best=; rss=; hash=
  m=$1 a=$2 d=$3
  shift 3
  [ $# -gt 0 ] || set -- --format csv
  i=0
  while [ $i -lt "$reps" ]; do
    /usr/bin/time -f '%e %M' -o "$tmp.time" "$R" --method "$m" \
      "$@" "$a" "$d" > "$tmp.out" || return 1
    read -r t m < "$tmp.time"
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then
      best=$t; rss=$m
    fi
    i=$((i + 1))
  done
  hash=$(sed -n 2p "$tmp.out" | cut -d, -f4 | md5sum | cut -c1-12)
}

printf '%-18s %10s %10s %8s %10s %10s  %s\n' battle strip_s split_s ratio \
  strip_MiB split_MiB "win_exact hash"
for p in $pairs; do
  a=${p%:*}; d=${p#*:}
  best strip "$a" "$d"; ts=$best; ms=$rss; hs=$hash
  best split "$a" "$d"; tp=$best; mp=$rss; hp=$hash
  ratio=$(echo "scale=1; $ts / ($tp + 0.005)" | bc)
  same=same
  [ "$hs" = "$hp" ] || { same="DIFFER $hs"; status=1; }
  printf '%-18s %10s %10s %8s %10s %10s  %s %s\n' "$a v $d" "$ts" "$tp" \
    "$ratio" $((ms / 1024)) $((mp / 1024)) "$hp" "$same"
done
for p in $alone; do
  a=${p%:*}; d=${p#*:}
  best split "$a" "$d"
  est=$("$R" --method split --max-memory 1 "$a" "$d" 2>&1 | head -1)
  printf '%-18s %10s %10s %8s %10s %10s  %s\n' "$a v $d" - "$best" - - \
    $((rss / 1024)) "$hash"
  printf '  estimate: %s\n' "$est"
  frac=$best
  best split "$a" "$d" --values decimal --digits 50 --format csv
  printf '  --values decimal --digits 50: %s s (the fraction: %s s): %s\n' \
    "$best" "$frac" "$(sed -n 2p "$tmp.out")"
done
exit $status
