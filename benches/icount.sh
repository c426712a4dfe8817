#!/usr/bin/env bash
# Instruction counts of fixed workloads (benches/benches/icount.rs) under valgrind's callgrind,
# compared with benches/icount-baseline.txt: fails when a count rises more than the tolerance.
# Counts, unlike wall-clock times, do not depend on the load of a shared machine; they do
# depend on the compiler and the build settings, so the baseline is recorded with the CI's
# toolchain and the bench profile.
#
#   benches/icount.sh            compare (tolerance ICOUNT_TOLERANCE percent, default 3)
#   benches/icount.sh --update   record the current counts as the baseline
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=benches/icount-baseline.txt
tolerance=${ICOUNT_TOLERANCE:-3}

command -v valgrind >/dev/null || { echo "icount: valgrind is not installed" >&2; exit 1; }
bin=$(cargo bench -p benches --bench icount --no-run --message-format=json 2>/dev/null |
    grep -o '"executable":"[^"]*icount[^"]*"' | tail -1 | cut -d'"' -f4)
[ -x "$bin" ] || { echo "icount: could not build the icount bench" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for w in $("$bin"); do
    f="$out/${w//\//_}"
    valgrind --tool=callgrind --callgrind-out-file="$f.cg" "$bin" "$w" >"$f.txt" 2>"$f.log" ||
        { cat "$f.log" >&2; exit 1; }
    printf '%s %s\n' "$w" "$(awk '/^(summary|totals):/ {print $2; exit}' "$f.cg")"
done >"$out/counts"

if [ "${1:-}" = "--update" ]; then
    cp "$out/counts" "$baseline"
    cat "$baseline"
    exit 0
fi

status=0
while read -r w now; do
    was=$(awk -v w="$w" '$1 == w {print $2}' "$baseline")
    if [ -z "$was" ]; then
        echo "$w: $now instructions (no baseline)"
        status=1
        continue
    fi
    change=$(awk -v a="$was" -v b="$now" 'BEGIN {printf "%+.2f", (b - a) * 100 / a}')
    verdict=ok
    if awk -v c="$change" -v t="$tolerance" 'BEGIN {exit !(c > t)}'; then
        verdict="REGRESSION (more than +$tolerance%)"
        status=1
    elif awk -v c="$change" -v t="$tolerance" 'BEGIN {exit !(c < -t)}'; then
        verdict="faster: record it with benches/icount.sh --update"
    fi
    printf '%-26s %13s instructions, baseline %13s, %s%%  %s\n' "$w" "$now" "$was" "$change" "$verdict"
done <"$out/counts"
exit $status
