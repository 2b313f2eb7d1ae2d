#!/usr/bin/env bash
# Budgets that guard themselves: runs the benchmarks and bandwidth tests
# behind docs/PERFORMANCE.md's targets, prints one line per budget with the
# measured value, the target and their ratio, and exits non-zero when any
# budget is missed.
#
#   scripts/budgets.sh            every budget
#   BENCHTIME=2s scripts/budgets.sh   longer benchmark runs (default 1s)
#
# Speed depends on the machine and on what else runs on it: run it on an
# otherwise idle machine. The bandwidth tests play 12 s each in real time.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
benchtime=${BENCHTIME:-1s}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

$go test -run '^$' -bench '^(BenchmarkReferencePeakTick|BenchmarkEncodeSnapshotPerPeer)$' -benchmem -benchtime "$benchtime" ./server >>"$out"
$go test -run '^$' -bench '^BenchmarkWorldStep10kBullets$' -benchmem -benchtime "$benchtime" ./game >>"$out"
$go test -count=1 -run '^(TestBandwidthReferencePeak|TestBandwidthTenfoldPeak)$' -v ./server >>"$out" || true

# bench NAME UNIT: the value a benchmark line reports in UNIT.
bench() {
  awk -v name="$1" -v unit="$2" '$1 ~ "^"name"(-[0-9]+)?$" { for (i = 2; i < NF; i++) if ($(i+1) == unit) { print $i; exit } }' "$out"
}

# bandwidth TEST: the bytes_per_s_per_client a bandwidth test printed.
bandwidth() {
  awk -v name="$1" '/^=== RUN/ { last = "" }
    /^bytes_per_s_per_client=/ { split($0, kv, "="); last = kv[2] }
    $0 ~ "^--- (PASS|FAIL): "name" " { print last; exit }' "$out"
}

misses=0
# budget NAME MEASURED TARGET UNIT: one line; a missing figure is a miss.
budget() {
  local name=$1 measured=$2 target=$3 unit=$4
  if [ -z "$measured" ]; then
    printf '%-34s measured=%-10s target=%-8s ratio=%-6s MISS (no figure: see the output above)\n' "$name" "none" "$target" "-"
    misses=$((misses + 1))
    return
  fi
  local verdict ratio
  ratio=$(awk -v m="$measured" -v t="$target" 'BEGIN { if (t == 0) print (m == 0 ? "0.00" : "inf"); else printf "%.2f", m / t }')
  verdict=$(awk -v m="$measured" -v t="$target" 'BEGIN { print (m <= t ? "ok" : "MISS") }')
  [ "$verdict" = ok ] || misses=$((misses + 1))
  printf '%-34s measured=%-10s target=%-8s ratio=%-6s %s\n' "$name" "$measured$unit" "$target$unit" "$ratio" "$verdict"
}

budget "reference-peak tick" "$(awk -v n="$(bench BenchmarkReferencePeakTick ns/op)" 'BEGIN { if (n != "") printf "%.1f", n / 1000 }')" 20 µs
budget "reference-peak tick allocations" "$(bench BenchmarkReferencePeakTick allocs/op)" 0 ""
budget "10,000-bullet tick" "$(awk -v n="$(bench BenchmarkWorldStep10kBullets ns/op)" 'BEGIN { if (n != "") printf "%.1f", n / 1000 }')" 1000 µs
budget "10,000-bullet tick allocations" "$(bench BenchmarkWorldStep10kBullets allocs/op)" 0 ""
budget "per-peer snapshot encode" "$(awk -v n="$(bench BenchmarkEncodeSnapshotPerPeer ns/peer)" 'BEGIN { if (n != "") printf "%.2f", n / 1000 }')" 2 µs
budget "per-peer encode allocations" "$(bench BenchmarkEncodeSnapshotPerPeer allocs/op)" 0 ""
budget "bandwidth at the reference peak" "$(bandwidth TestBandwidthReferencePeak)" 2500 " B/s"
budget "bandwidth at ten times the peak" "$(bandwidth TestBandwidthTenfoldPeak)" 8000 " B/s"

if [ "$misses" -gt 0 ]; then
  echo "budgets: $misses missed"
  exit 1
fi
echo "budgets: all met"
