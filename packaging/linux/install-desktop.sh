#!/bin/sh
# Adds Duskfall to the applications menu: a launcher entry for the game in
# this folder, with its icon. Run it again after moving the folder.
#   ./install-desktop.sh           add the entry
#   ./install-desktop.sh --remove  take it out again
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps=${XDG_DATA_HOME:-$HOME/.local/share}/applications
entry=$apps/duskfall.desktop

if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry"
  echo "removed $entry"
  exit 0
fi

# A desktop entry's strings escape a backslash as \\; its Exec line quotes
# the program's path, and inside the quotes escapes \ " ` $ with a
# backslash (then \ again as a string) and writes % as %%.
string=$(printf '%s' "$here" | sed 's/\\/\\\\/g')
program=$(printf '%s' "$here/duskfall" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')

mkdir -p "$apps"
{
  while IFS= read -r line; do
    case $line in
      Exec=*) printf 'Exec="%s"\n' "$program" ;;
      Icon=*) printf 'Icon=%s/duskfall.png\n' "$string" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done <"$here/duskfall.desktop"
  printf 'Path=%s\n' "$string"
} >"$entry"
echo "added $entry"
