#!/usr/bin/env bash
# Takes the README's screenshots from the real window under Xvfb: the main
# menu, Settings, the hub, each dungeon kind, a boss fight and a dense fight. Each
# scene is a dedicated server (--enter for a dungeon kind, --map boss_hall
# for the boss), fight bots for company and the window joined to it; the
# player walks and fires by xdotool, and the screen is taken with
# ImageMagick's import. Writes docs/img/*.png.
#
#   scripts/screenshots.sh [OUTDIR]
#   SCENES="hub boss" scripts/screenshots.sh [OUTDIR]   only those
#   SHOTS_DISPLAY=:N scripts/screenshots.sh [OUTDIR]    on a display already
#                                                       running, each shot of the window alone
set -euo pipefail
out=${1:-docs/img}
go=${GO:-go}
tmp=$(mktemp -d)
display=${SHOTS_DISPLAY:-":$((200 + RANDOM % 100))"}
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
$go build -o "$tmp/duskfall" .
$go build -tags headless -o "$tmp/server" .
if [ -z "${SHOTS_DISPLAY:-}" ]; then
  Xvfb "$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
  sleep 1
fi
export DISPLAY=$display
mkdir -p "$out"

# window starts the game window with a fresh profile, joined to port $1
# when one is given.
window() {
  local args=(--name Vesper)
  [ -n "${1:-}" ] && args+=(--join "127.0.0.1:$1")
  XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/xdata" "$tmp/duskfall" "${args[@]}" >"$tmp/window.log" 2>&1 &
  win=$!
}

# settle waits for the window to open; on a display the script did not
# start it moves it to the corner, where the clicks below are aimed.
settle() {
  sleep 3
  [ -n "${SHOTS_DISPLAY:-}" ] && xdotool windowmove "$(xdotool search --pid "$win" | tail -1)" 0 0
  return 0
}

# shot FILE takes the screen, or the game's window alone on a display
# the script did not start.
shot() {
  if [ -z "${SHOTS_DISPLAY:-}" ]; then
    import -window root "$1"
  else
    import -window "$(xdotool search --pid "$win" | tail -1)" "$1"
  fi
}

# scene NAME WALK STAY SERVER_FLAGS... runs a server with the flags, three
# fight bots and the window, walks firing toward the mouse (WALK: seconds
# east, or steps KEY:SECONDS,KEY:SECONDS, or 0), keeps firing for STAY
# more, and takes NAME.png.
scene() {
  local name=$1 walk=$2 stay=$3
  shift 3
  wanted "$name" || return 0
  local port=$((20000 + RANDOM % 20000))
  "$tmp/server" --server --bind 127.0.0.1 --port "$port" --data "$tmp/data-$name" "$@" >"$tmp/server.log" 2>&1 &
  local srv=$!
  sleep 0.5
  "$tmp/server" --bot 3 --join "127.0.0.1:$port" --script fight --name ally --duration 60s >/dev/null 2>&1 &
  local bots=$!
  window "$port"
  settle
  xdotool mousemove 900 300 mousedown 1
  local step
  for step in ${walk//,/ }; do
    [ "$step" = 0 ] && continue
    case $step in *:*) ;; *) step="d:$step" ;; esac
    xdotool keydown "${step%%:*}"
    sleep "${step#*:}"
    xdotool keyup "${step%%:*}"
  done
  sleep "$stay"
  shot "$out/$name.png"
  xdotool mouseup 1
  kill "$win" "$bots" "$srv" 2>/dev/null || true
  wait "$win" "$bots" "$srv" 2>/dev/null || true
  echo "screenshots: $out/$name.png"
}

# wanted says whether SCENES (all when unset) names the scene.
wanted() {
  [ -z "${SCENES:-}" ] && return 0
  case " $SCENES " in *" $1 "*) return 0 ;; esac
  return 1
}

if wanted menu; then
  window ""
  settle
  shot "$out/menu.png"
  kill "$win"; wait "$win" 2>/dev/null || true
  echo "screenshots: $out/menu.png"
fi
if wanted settings; then
  window ""
  settle
  xdotool mousemove 640 447 click 1 # Settings, the main menu's third button at 1280x720
  sleep 1
  shot "$out/settings.png"
  kill "$win"; wait "$win" 2>/dev/null || true
  echo "screenshots: $out/settings.png"
fi

scene hub a:0.6,w:3.2 0.5
scene proving_grounds 1.5 0.4 --enter proving_grounds
scene catacombs 1.5 0.4 --enter catacombs
scene sunken_keep 1.5 0.4 --enter sunken_keep
scene boss 0 2 --map boss_hall
scene fight 0 9 --map boss_hall
