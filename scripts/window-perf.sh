#!/usr/bin/env bash
# Measures the game window in the boss hall: frames per second under the
# display it is given (Xvfb's software GL in CI), the live bullets on the
# client, and the window's resident memory. A dedicated server runs the
# boss hall; three fight bots and the window join it.
#
#   DISPLAY=:99 scripts/window-perf.sh [SECONDS]
#   QUALITY=low DISPLAY=:99 scripts/window-perf.sh [SECONDS]   the same at the low graphics setting
#   PROFILE=/tmp/win.prof DISPLAY=:99 scripts/window-perf.sh 40   and the window's CPU profile (its first 30 s)
set -euo pipefail
secs=${1:-30}
go=${GO:-go}
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
$go build -o "$tmp/duskfall" .
port=$((20000 + RANDOM % 20000))
"$tmp/duskfall" --server --map boss_hall --port "$port" --data "$tmp/data" >"$tmp/server.log" 2>&1 &
sleep 1
if [ -n "${QUALITY:-}" ]; then
  mkdir -p "$tmp/config/duskfall"
  printf 'quality = "%s"\n' "$QUALITY" >"$tmp/config/duskfall/settings.toml"
fi
"$tmp/duskfall" --bot 3 --join "127.0.0.1:$port" --script fight --duration "$((secs + 10))s" >"$tmp/bots.json" 2>/dev/null &
DUSKFALL_PERF=1 DUSKFALL_CPUPROFILE="${PROFILE:-}" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/xdata" \
  "$tmp/duskfall" --join "127.0.0.1:$port" --name watcher 2>"$tmp/window.log" &
win=$!
peak=0
for _ in $(seq "$secs"); do
  sleep 1
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$win/status" 2>/dev/null || echo 0)
  [ "$rss" -gt "$peak" ] && peak=$rss
done
grep 'duskfall: fps=' "$tmp/window.log" | tail -n +2 | awk -v peak="$peak" '
  { split($2, f, "="); split($4, b, "="); fps += f[2]; n++; if (b[2] > maxb) maxb = b[2]; sumb += b[2] }
  END { if (n == 0) { print "no measurements"; exit 1 }
        printf "window_fps_mean=%.1f bullets_mean=%.0f bullets_max=%d rss_peak_mb=%.0f samples=%d\n", fps/n, sumb/n, maxb, peak/1024, n }'
