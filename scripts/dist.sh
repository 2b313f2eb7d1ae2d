#!/usr/bin/env bash
# The download for players (make dist): a Linux x86-64 archive that runs
# where neither Go nor ENet's development files are installed.
#
#   dist/duskfall-VERSION-linux-x86_64.tar.gz, one folder of that name:
#     duskfall            the game
#     duskfall-server     the headless build (-tags headless): --server and
#                         --bot with no window, no X11, no sound
#     lib/libenet.so.7    the system's ENet, under its soname, with its
#     lib/LICENSE.enet    licence (which every copy carries)
#     duskfall.png        the icon, drawn now by cmd/artgen -icon
#     duskfall.desktop    the launcher entry, and install-desktop.sh,
#     install-desktop.sh  which puts it in the applications menu
#     README.txt          for players: playing, hosting, the ports, where
#                         saves and settings live, what the computer needs
#
# Both programs carry the run path $ORIGIN/lib (DT_RUNPATH: -ldflags -r),
# so the loader finds ENet beside them wherever the folder is, before the
# system's own folders; LD_LIBRARY_PATH still comes first, as a player who
# sets it asks. Only ENet is bundled: libX11, libasound and libGL come with
# every desktop, and glibc with every system (README.txt names the version
# the programs need, read from their symbols). The seal replaces libenet's
# enet_socket_send by defining it in the program (net/enet/intercept.c),
# which works with any libenet that calls it through the dynamic linker, as
# Debian's does; scripts/dist-check.sh proves a sealed join with the copy.
#
# VERSION is git describe's (--always --dirty) unless set. The compile is
# the Go cache's after a build; only the links and the icon cost time. The
# archive's path is the last line printed.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
version=${VERSION:-$(git describe --always --dirty 2>/dev/null || echo unknown)}
name=duskfall-$version-linux-x86_64
out=dist/$name.tar.gz

fail() {
  echo "dist: $*" >&2
  exit 1
}

[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] ||
  fail "this builds the Linux x86-64 archive, on Linux x86-64 (this is $(uname -s)/$(uname -m))"

# enet_library: the real file behind the libenet the programs link, by the
# name the loader asks for (its soname).
enet_library() {
  local lib
  lib=$(PATH=$PATH:/sbin:/usr/sbin ldconfig -p | awk '$1 == "libenet.so.7" && /x86-64/ { print $NF; exit }')
  [ -n "$lib" ] || fail "no libenet.so.7 for x86-64 in the loader's cache: install libenet7 (scripts/deps.sh)"
  readlink -f "$lib"
}

# glibc_needed FILE...: the newest glibc symbol version the files ask for.
glibc_needed() {
  objdump -T "$@" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
mkdir -p "$root/lib"

ldflags='-s -w -r $ORIGIN/lib' # no symbol table or DWARF: a third smaller; stack traces keep their lines
"$go" build -ldflags="$ldflags" -o "$root/duskfall" .
"$go" build -tags headless -ldflags="$ldflags" -o "$root/duskfall-server" .
"$go" run ./cmd/artgen -icon "$root/duskfall.png"

lib=$(enet_library)
for program in duskfall duskfall-server; do
  readelf -d "$root/$program" | grep -q 'NEEDED.*\[libenet\.so\.7\]' ||
    fail "$program does not link libenet.so.7: the bundled copy would not be the one it loads"
done
install -m 0644 "$lib" "$root/lib/libenet.so.7"
install -m 0644 /usr/share/doc/libenet7/copyright "$root/lib/LICENSE.enet" 2>/dev/null ||
  fail "no ENet licence at /usr/share/doc/libenet7/copyright: install libenet7"

glibc=$(glibc_needed "$root/duskfall" "$root/duskfall-server" "$root/lib/libenet.so.7")
sed -e "s/@VERSION@/$version/" -e "s/@GLIBC@/$glibc/" packaging/linux/README.txt >"$root/README.txt"
install -m 0644 packaging/linux/duskfall.desktop "$root/duskfall.desktop"
install -m 0755 packaging/linux/install-desktop.sh "$root/install-desktop.sh"

mkdir -p dist
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$out.tmp" "$name"
mv "$out.tmp" "$out"
echo "dist: $name: $(du -k "$out" | cut -f1) KB, ENet $(basename "$lib"), glibc $glibc or newer"
echo "$out"
