#!/usr/bin/env bash
# Joins over a bad network: a dedicated server on the hub, and RUNS short
# runs of four bots each that join it through the netsim proxy at 20 %
# loss, 150 ms one way (30 ms jitter, 1 % duplication, 2 % reordering),
# play for 6 s and leave. A join is where a client knows the least of the
# map; it prints the sessions, how many joined, the snaps and the largest
# correction, and the frames held at tiles not streamed yet.
# docs/history/NETCODE-notes.md keeps its runs' figures.
#
#   scripts/joins.sh [RUNS]
set -euo pipefail
runs=${1:-16}
go=${GO:-go}
tmp=$(mktemp -d)
keep=${KEEP:-}
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
$go build -tags headless -o "$tmp/duskfall" .
port=$((20000 + RANDOM % 20000))
proxy=$((port + 1))
"$tmp/duskfall" --server --map hub --port "$port" --bind 127.0.0.1 --data "$tmp/data" >"$tmp/server.log" 2>&1 &
"$tmp/duskfall" netsim --listen "127.0.0.1:$proxy" --target "127.0.0.1:$port" --loss 20 --latency 150ms \
  --jitter 30ms --dup 1 --reorder 2 --seed 7 >/dev/null 2>&1 &
sleep 1
for i in $(seq 1 "$runs"); do
  "$tmp/duskfall" --bot 4 --join "127.0.0.1:$proxy" --script wander --name "j$i" --duration 6s >>"$tmp/bots.json" 2>/dev/null || true
done
[ -n "$keep" ] && cp "$tmp/bots.json" "$keep"
python3 - "$tmp/bots.json" <<'PY'
import json, sys
reps = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
joined = [r for r in reps if r.get("connected")]
def total(k): return sum(r.get(k, 0) for r in reps)
print(f"sessions {len(reps)}, joined {len(joined)}, snaps {total('snaps')}, "
      f"largest correction {max((r.get('max_correction_u', 0) for r in reps), default=0)} u, "
      f"frames held at unknown tiles {total('held_at_unknown')}, "
      f"mean join {sum(r.get('join_ms', 0) for r in joined) / max(len(joined), 1):.0f} ms")
PY
