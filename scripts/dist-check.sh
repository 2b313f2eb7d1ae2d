#!/usr/bin/env bash
# Checks the players' archive (scripts/dist.sh) as a player's machine runs
# it, one with neither Go nor ENet's development files:
#   - it unpacks into an empty folder and holds every file dist.sh puts in;
#   - the system's libenet and the Go toolchain are hidden: in a private
#     mount namespace (unshare -m as root, a user namespace otherwise), an
#     empty file is bound over the real libenet and an empty folder over
#     Go's, so a program that reached for either would not start. Where no
#     namespace can be made it says so and checks the rest;
#   - with LD_LIBRARY_PATH unset, ldd resolves every library of both
#     programs, libenet to the folder's lib/, and the game answers --help;
#   - its dedicated server starts, a bot joins it by the join code the server
#     logs (a sealed join: the copy's enet_socket_send is replaced as the
#     system's is, net/enet/intercept.c) and plays, and the server stops
#     cleanly;
#   - install-desktop.sh writes a launcher entry for the unpacked game.
#
#   scripts/dist-check.sh [ARCHIVE]   without ARCHIVE it builds one first,
#                                     at the idle scheduling class
# It prints each check and exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "dist-check: FAILED: $*"
  [ -s "${log:-}" ] && { echo "--- server log ---"; cat "$log"; }
  exit 1
}
ok() { echo "dist-check: ok: $*"; }

# player CMD...: CMD as a player's shell runs it: no Go, no LD_LIBRARY_PATH,
# no display, a home of its own (as_player, set by within).
player() { "${as_player[@]}" "$@"; }

# system_libenet: every libenet file the loader could find, by the
# loader's cache and in the usual folders, each once.
system_libenet() {
  { PATH=$PATH:/sbin:/usr/sbin ldconfig -p | awk '/libenet/ { print $NF }'
    ls /usr/lib/*/libenet.so* /lib/*/libenet.so* /usr/lib/libenet.so* /usr/local/lib/libenet.so* 2>/dev/null
  } | xargs -r readlink -f | sort -u
}

# hide_from_this_namespace GOROOT: binds an empty file over every libenet
# of the system and an empty folder over Go's; only this process and its
# children see it.
hide_from_this_namespace() {
  local goroot=$1 empty=$tmp/empty f hidden=()
  : >"$empty"
  for f in $(system_libenet); do
    mount --bind "$empty" "$f" || fail "could not hide $f"
    hidden+=("$f")
  done
  for f in $(system_libenet); do
    [ -s "$f" ] && fail "the system's $f is still there to load"
  done
  if [ -n "$goroot" ] && [ -d "$goroot" ]; then
    mount -t tmpfs -o ro,size=4k none "$goroot" || fail "could not hide Go at $goroot"
    [ ! -e "$goroot/bin/go" ] || fail "Go is still at $goroot"
  fi
  ok "hidden from the programs: ${hidden[*]:-no libenet (the system has none)}, ${goroot:-no Go (none on PATH)}"
}

# check_libraries DIR PROGRAM: every library resolves, libenet to DIR/lib.
check_libraries() {
  local dir=$1 program=$2 libs enet
  readelf -d "$dir/$program" | grep -q 'RUNPATH.*\[\$ORIGIN/lib\]' || fail "$program has no run path \$ORIGIN/lib"
  libs=$(player ldd "$dir/$program") || fail "ldd $program: $libs"
  ! grep -q 'not found' <<<"$libs" || fail "$program: a library is not found:"$'\n'"$libs"
  enet=$(awk '$1 == "libenet.so.7" { print $3 }' <<<"$libs")
  [ "$(readlink -f "$enet")" = "$dir/lib/libenet.so.7" ] || fail "$program loads libenet from ${enet:-nowhere}, not the archive's lib/"
  ok "$program: $(grep -c '=>' <<<"$libs") libraries resolve, libenet to the archive's lib/libenet.so.7"
}

# wait_for PATTERN SECONDS: until the server log has an extended regex.
wait_for() {
  for ((i = 0; i < $2 * 10; i++)); do
    grep -sEq "$1" "$log" && return 0
    sleep 0.1
  done
  fail "no server log line matching '$1' within $2 s"
}

# check_server_and_bot DIR: the dedicated server, a bot joining it by its
# code, and a clean stop.
check_server_and_bot() {
  local dir=$1 code report
  # Started in a subshell that execs it: $! is the server's own process.
  (exec "${as_player[@]}" "$dir/duskfall-server" --server --port 0 --bind 127.0.0.1 \
    --data "$tmp/data" --duration 60s 2>"$log" </dev/null) &
  server=$!
  trap 'set +e; kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT # server: global, for this trap
  wait_for 'friends join by the code ' 20
  code=$(grep -Eom1 'friends join by the code [^ ]+' "$log" | awk '{ print $NF }')
  ok "the server listens; its join code is $code"
  report=$(player "$dir/duskfall-server" --bot 1 --join "$code" --name dist --duration 5s 2>"$tmp/bot.log") ||
    fail "the bot failed: $report $(cat "$tmp/bot.log")"
  grep -q '"connected":true' <<<"$report" || fail "the bot never reached a world: $report"
  ok "a bot joined by the code and played: $(grep -o '"snapshots":[0-9]*' <<<"$report")"
  kill -TERM "$server"
  wait "$server" || fail "the server exited with status $?"
  grep -q 'stopped at tick' "$log" || fail "the server did not say it stopped"
  ok "the server stopped cleanly on SIGTERM"
}

# check_launcher DIR: install-desktop.sh's entry starts the unpacked game.
check_launcher() {
  local dir=$1 entry=$tmp/home/.local/share/applications/duskfall.desktop
  player "$dir/install-desktop.sh" >/dev/null || fail "install-desktop.sh failed"
  grep -qxF "Exec=\"$dir/duskfall\"" "$entry" || fail "the launcher's Exec is not the unpacked game: $(grep Exec "$entry")"
  grep -qxF "Icon=$dir/duskfall.png" "$entry" || fail "the launcher's icon is not the unpacked one: $(grep Icon "$entry")"
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$entry" || fail "desktop-file-validate refused the entry"
  fi
  player "$dir/install-desktop.sh" --remove >/dev/null && [ ! -e "$entry" ] || fail "install-desktop.sh --remove left the entry"
  ok "install-desktop.sh adds a launcher for the unpacked game and removes it"
}

# within DIR TMP GOROOT HIDE: the checks of the unpacked folder DIR, in a
# namespace of their own when HIDE is 1.
within() {
  local dir=$1
  tmp=$2 log=$2/server.log
  as_player=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$tmp/home" LANG=C.UTF-8)
  mkdir -p "$tmp/home"
  if [ "$4" = 1 ]; then hide_from_this_namespace "$3"; fi
  check_libraries "$dir" duskfall
  check_libraries "$dir" duskfall-server
  player "$dir/duskfall" --help >/dev/null 2>&1 || fail "the game does not start: $(player "$dir/duskfall" --help 2>&1 | head -3)"
  ok "the game starts and answers --help"
  check_server_and_bot "$dir"
  check_launcher "$dir"
}

trap 'exit 143' TERM INT # a stopped check still runs its EXIT trap: no server or folder outlives it

if [ "${1:-}" = "--within" ]; then
  shift
  within "$@"
  exit 0
fi

# idle CMD...: CMD at the idle scheduling class, or at the lowest nice
# level where the idle class is refused (as scripts/suite.sh).
idle() {
  if chrt --idle 0 true 2>/dev/null; then chrt --idle 0 "$@"; else nice -n 19 "$@"; fi
}

archive=${1:-}
if [ -z "$archive" ]; then
  built=$(idle scripts/dist.sh) || fail "scripts/dist.sh"
  echo "$built"
  archive=$(tail -1 <<<"$built")
fi
[ -f "$archive" ] || fail "no archive at $archive"

tmp=$(mktemp -d -t dist-check.XXXXXX)
inner=
# cleanup stops the checks, when they still run, and removes the folder.
cleanup() {
  set +e
  [ -n "$inner" ] && kill "$inner" 2>/dev/null && wait "$inner" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir "$tmp/unpacked"
tar -C "$tmp/unpacked" -xzf "$archive"
dir=$(find "$tmp/unpacked" -mindepth 1 -maxdepth 1 -type d)
[ "$(echo "$dir" | wc -l)" = 1 ] || fail "the archive holds $(echo "$dir" | wc -l) folders, not one"
dir=$(readlink -f "$dir")
for f in duskfall duskfall-server lib/libenet.so.7 lib/LICENSE.enet duskfall.png duskfall.desktop install-desktop.sh README.txt; do
  [ -e "$dir/$f" ] || fail "the archive has no $f"
done
! grep -q '@[A-Z]*@' "$dir/README.txt" || fail "README.txt has a blank left unfilled: $(grep -o '@[A-Z]*@' "$dir/README.txt")"
ok "$(basename "$archive") unpacks into one folder with every file dist.sh puts in"

# within, in a mount namespace of its own where one can be made. unshare
# execs it, so $inner is the checks' own process, and stopping this script
# stops them.
goroot=$("${GO:-go}" env GOROOT 2>/dev/null || true)
if unshare -m true 2>/dev/null; then
  unshare -m "$0" --within "$dir" "$tmp" "$goroot" 1 &
elif unshare -rm true 2>/dev/null; then
  unshare -rm "$0" --within "$dir" "$tmp" "$goroot" 1 &
else
  echo "dist-check: no mount namespace here: the system's libenet stays visible, and ldd alone shows the archive's is the one loaded"
  "$0" --within "$dir" "$tmp" "$goroot" 0 &
fi
inner=$!
wait "$inner" || exit 1
inner=
echo "dist-check: all checks passed"
