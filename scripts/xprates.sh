#!/usr/bin/env bash
# XP a floor by bots: for each dungeon kind and party size, a dedicated
# server on loopback with a fresh data folder and a fixed seed, and a party
# of new characters playing the dungeon script through that kind's hub
# portal until each has cleared one floor (--clears 1: walk to the portal,
# fight through the floor to its boss, leave by the exit). It prints one
# Markdown row a run, the bots' mean: the XP each earned from kills and from
# the clear (the bot report's xp_kills and xp_clears), the kills' share,
# the run's seconds (the walk to the portal and back included), deaths and
# the deepest floor a bot stood on (1: none took a way down)
# (docs/CONTENT.md, "Experience by bots").
#
#   scripts/xprates.sh                        # every kind, one bot and four
#   PARTIES="4" KINDS="0" scripts/xprates.sh
#   DUSKFALL=/path/to/duskfall scripts/xprates.sh   # a headless binary already built
#   ITEMS=ashwood_bow,padded_jerkin scripts/xprates.sh  # each character enters play with these
#                                             # (--enter-items): a bot takes no upgrades
set -euo pipefail
cd "$(dirname "$0")/.."
parties=${PARTIES:-"1 4"}
kinds=${KINDS:-"0 1 2"}
seed=${SEED:-7}
limit=${LIMIT:-300} # s: a run that has not cleared by then reports what it has
items=${ITEMS:-}
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

bin=${DUSKFALL:-}
if [ -z "$bin" ]; then
  bin=$tmp/duskfall
  ${GO:-go} build -tags headless -o "$bin" .
fi

row='def mean(f): (map(f) | add) / length | round;
  mean(.xp_kills) as $k | mean(.xp_clears) as $c |
  "| \($name) | \($n) | \($k) | \($c) | "
  + (if $k + $c > 0 then "\($k * 100 / ($k + $c) | round) %" else "—" end)
  + " | \(map(.dungeons_cleared) | add) of \($n) | \($secs) | \(map(.deaths) | add) | \(map(.deepest) | max) |"'

echo "| Dungeon | Party | XP from kills | XP from the clear | Kills' share | Cleared | Seconds | Deaths | Deepest |"
echo "|---|---|---|---|---|---|---|---|---|"
for kind in $kinds; do
  for n in $parties; do
    run=$tmp/run-$kind-$n
    mkdir -p "$run"
    port=$((20000 + RANDOM % 20000))
    "$bin" --server --bind 127.0.0.1 --port "$port" --data "$run/data" --seed "$seed" \
      --duration "$((limit + 30))s" ${items:+--enter-items "$items"} >"$run/server.log" 2>&1 &
    server=$!
    pids+=("$server")
    for _ in $(seq 50); do grep -q "listening on" "$run/server.log" && break; sleep 0.1; done
    start=$(date +%s)
    "$bin" --bot "$n" --join "127.0.0.1:$port" --script dungeon --portal "$kind" --clears 1 \
      --duration "${limit}s" >"$run/bots.json" 2>"$run/bots.err" || true
    secs=$(($(date +%s) - start))
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    name=$(grep -om1 'entered .* depth' "$run/server.log" | sed 's/^entered //; s/ depth$//' || true)
    jq -rs --arg name "${name:-portal $kind}" --argjson n "$n" --argjson secs "$secs" "$row" "$run/bots.json"
  done
done
