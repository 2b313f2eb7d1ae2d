#!/usr/bin/env bash
# The impairment matrix: a dedicated server on loopback, and four bots that
# reach it through the netsim proxy at every combination of loss
# {0, 5, 20} % and one-way delay {0, 50, 150} ms, each with jitter of a
# fifth of the delay, 1 % duplication and 2 % reordering. For each
# condition it prints one row: snaps, mean correction, resyncs, the
# server's bytes out per client and second, and the hit-visibility counts.
# docs/history/NETCODE-notes.md keeps its runs' tables.
#
#   scripts/impair.sh [SECONDS_PER_CONDITION]
set -euo pipefail
secs=${1:-20}
go=${GO:-go}
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
$go build -tags headless -o "$tmp/duskfall" .
bots=4
printf '| loss %% | delay ms | bots in | snaps | mean correction u | resyncs | B/s per client | hits | unseen | seen < 100 ms | drawn as miss |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for loss in 0 5 20; do
  for delay in 0 50 150; do
    port=$((20000 + RANDOM % 20000))
    proxy=$((port + 1))
    "$tmp/duskfall" --server --map arena --port "$port" --bind 127.0.0.1 --data "$tmp/data-$loss-$delay" \
      --status-file "$tmp/status.json" >"$tmp/server.log" 2>&1 &
    server=$!
    jitter=$((delay / 5))
    "$tmp/duskfall" netsim --listen "127.0.0.1:$proxy" --target "127.0.0.1:$port" --loss "$loss" \
      --latency "${delay}ms" --jitter "${jitter}ms" --dup 1 --reorder 2 --seed 7 >/dev/null 2>&1 &
    sim=$!
    sleep 1
    "$tmp/duskfall" --bot "$bots" --join "127.0.0.1:$proxy" --script wander --name "m$loss-$delay" \
      --duration "${secs}s" >"$tmp/bots.json" 2>/dev/null &
    botsrun=$!
    sleep $((secs - 2)) # the server's status while every bot still plays
    out=$(awk -F'"bytes_out_per_s":' 'NF > 1 { split($2, a, ","); print a[1] }' "$tmp/status.json" 2>/dev/null || echo 0)
    wait "$botsrun" || true
    kill "$sim" "$server" 2>/dev/null || true
    wait "$sim" "$server" 2>/dev/null || true
    python3 - "$tmp/bots.json" "$loss" "$delay" "$out" "$bots" <<'PY'
import json, sys
path, loss, delay, out, n = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4] or 0), int(sys.argv[5])
reps = [json.loads(l) for l in open(path) if l.strip()]
joined = sum(1 for r in reps if r.get("connected") and not r.get("error"))
def total(k): return sum(r.get(k, 0) for r in reps)
mean = sum(r.get("mean_correction_u", 0) for r in reps) / max(len(reps), 1)
print(f"| {loss} | {delay} | {joined}/{n} | {total('snaps')} | {mean:.3f} | {total('resyncs')} | {out / max(joined, 1):.0f} | "
      f"{total('hits_taken')} | {total('hits_unseen')} | {total('hits_seen_under_100ms')} | {total('hits_drawn_as_miss')} |")
PY
  done
done
