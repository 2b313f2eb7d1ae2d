#!/usr/bin/env bash
# Smoke test of the real programs: builds the headless binary, starts a
# dedicated server with a status file and a data folder, and runs bots
# against it as separate processes. It checks that every way out of a
# dungeon runs the same channel:
#   - a bot SIGKILLed mid-dungeon is channelled out after about a second,
#     not dropped at once;
#   - a bot that disconnects through the call the menu's "Disconnect to
#     menu" uses (the client's Close) takes the same path;
#   - a bot holding ESCAPE arrives in the hub;
#   - a refused bot (a second session of one account) reads its reason;
#   - a scrape of /metrics with bots in a dungeon passes `promtool check
#     metrics` (docs/OPERATIONS.md, "Metric names").
# It prints each check and exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
  echo "smoke: FAILED: $*"
  echo "--- server log ---"; cat "$tmp/server.log"
  for f in "$tmp"/*.json; do [ -e "$f" ] && { echo "--- $f ---"; cat "$f"; }; done
  exit 1
}
ok() { echo "smoke: ok: $*"; }

# wait_for PATTERN SECONDS: until the server log has an extended regex.
wait_for() {
  local pattern=$1 secs=$2
  for ((i = 0; i < secs * 10; i++)); do
    grep -Eq "$pattern" "$tmp/server.log" && return 0
    sleep 0.1
  done
  fail "no server log line matching '$pattern' within ${secs}s"
}

# at PATTERN: the time of the first matching log line, in seconds since midnight.
at() {
  grep -Em1 "$1" "$tmp/server.log" | awk '{ split($3, t, ":"); print t[1] * 3600 + t[2] * 60 + t[3] }'
}

# promtool checks /metrics as Prometheus's own tools do; scripts/deps.sh --test puts it in the
# user's cache when the system has none.
promtool=$(command -v promtool || echo "${XDG_CACHE_HOME:-$HOME/.cache}/duskfall/promtool")
if [ ! -x "$promtool" ]; then
  echo "smoke: FAILED: no promtool to check /metrics with: scripts/deps.sh --test fetches it"
  exit 1
fi

$go build -tags headless -o "$tmp/duskfall" .
port=$((20000 + RANDOM % 20000))
"$tmp/duskfall" --server --port "$port" --data "$tmp/data" --status-file "$tmp/status.json" \
  --metrics 127.0.0.1:0 2>"$tmp/server.log" &
pids+=($!)
wait_for "listening on" 10
metrics=$(grep -Eom1 'http://[0-9.:]+/metrics' "$tmp/server.log") || fail "the server did not say where its metrics are"
join=127.0.0.1:$port
bot() { "$tmp/duskfall" --bot 1 --join "$join" "$@"; }

# 1. SIGKILL mid-dungeon: the body stays and channels out.
# Started directly, not through bot(): $! must be the bot's own process.
"$tmp/duskfall" --bot 1 --join "$join" --name killed --script dungeon --duration 60s >"$tmp/killed.json" 2>/dev/null &
killed=$!
pids+=("$killed")
wait_for "killed-1 entered" 30
kill -9 "$killed"
wait "$killed" 2>/dev/null || true
ok "killed-1 entered a dungeon and was SIGKILLed"
wait_for "killed-1 \(player [0-9]+\) lost its connection: its body channels out \(linkdead\)" 15
wait_for "killed-1's body (escaped|died)" 5
gap=$(awk -v a="$(at 'killed-1 \(player [0-9]+\) lost its connection')" -v b="$(at "killed-1's body")" 'BEGIN { printf "%.2f", b - a }')
awk -v g="$gap" 'BEGIN { exit !(g >= 0.9 && g < 3) }' || fail "the killed bot's body resolved ${gap}s after its connection closed, not after its second"
ok "its connection timed out and its body channelled for ${gap}s before it resolved"

# 2. The menu's call: the bot's run ends with the client's Close.
bot --name leaver --script dungeon --duration 12s >"$tmp/leaver.json" 2>/dev/null || fail "the leaving bot failed: $(cat "$tmp/leaver.json")"
grep -q "leaver-1 entered" "$tmp/server.log" || fail "leaver-1 never entered a dungeon"
wait_for "leaver-1 \(player [0-9]+\) lost its connection: its body channels out \(linkdead\)" 5
wait_for "leaver-1's body (escaped|died)" 5
gap=$(awk -v a="$(at 'leaver-1 \(player [0-9]+\) lost its connection')" -v b="$(at "leaver-1's body")" 'BEGIN { printf "%.2f", b - a }')
awk -v g="$gap" 'BEGIN { exit !(g >= 0.9 && g < 3) }' || fail "the leaving bot's body resolved after ${gap}s"
ok "a disconnect through the client's Close took the same path: body channelled for ${gap}s"

# 3. Holding ESCAPE in a dungeon arrives in the hub.
bot --name runner --script dungeon --leave-after 10s --duration 16s >"$tmp/runner.json" 2>/dev/null || fail "the runner failed: $(cat "$tmp/runner.json")"
grep -q '"escaped":true' "$tmp/runner.json" || fail "the runner did not escape: $(cat "$tmp/runner.json")"
grep -q "runner-1 escaped to the hub" "$tmp/server.log" || fail "no escape in the server log"
ok "a bot holding ESCAPE channelled out to the hub"

# 4. A second session of one account is refused, in words.
"$tmp/duskfall" --bot 1 --join "$join" --name dup --duration 12s >"$tmp/dup.json" 2>/dev/null &
pids+=($!)
wait_for "dup-1 plays" 10
if bot --name dup --duration 3s >"$tmp/dup2.json" 2>/dev/null; then fail "a second session of dup-1 was let in"; fi
grep -q 'already playing' "$tmp/dup2.json" || fail "the refused bot did not read why: $(cat "$tmp/dup2.json")"
ok "a second session was refused: $(grep -o '"error":.*' "$tmp/dup2.json" | cut -c1-110)"

# 5. A scrape taken with bots in a dungeon (and dup-1 still playing) passes promtool: names,
# units, types and help as Prometheus's conventions ask. promtool exits non-zero on a lint
# problem as on a parse error.
"$tmp/duskfall" --bot 4 --join "$join" --name crowd --script dungeon --duration 20s >"$tmp/crowd.json" 2>/dev/null &
pids+=($!)
for n in 1 2 3 4; do wait_for "crowd-$n entered" 30; done
sleep 1.1 # the gauges and counters come from the status snapshot, taken once a second
python3 -c 'import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1], timeout=5).read())' \
  "$metrics" >"$tmp/metrics.txt" || fail "no scrape of $metrics"
players=$(awk '$1 == "duskfall_players" { print $2 }' "$tmp/metrics.txt")
[ "${players:-0}" -ge 4 ] || fail "the scrape shows ${players:-no} players in play, not the crowd of four"
"$promtool" check metrics <"$tmp/metrics.txt" >"$tmp/promtool.txt" 2>&1 ||
  fail "promtool check metrics on $metrics: $(cat "$tmp/promtool.txt")"
ok "promtool check metrics passed on a scrape of $(grep -c '^[a-z]' "$tmp/metrics.txt") samples with $players players in play"

grep -q '"escapes"' "$tmp/status.json" || fail "the status file has no escapes field"
ok "status file: $(grep -o '"linkdead":[0-9]*,"escapes":[0-9]*' "$tmp/status.json" || grep -o '"escapes":[0-9]*' "$tmp/status.json")"
echo "smoke: all checks passed"
