#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Duskfall needs, and only those missing.
#   scripts/deps.sh         build and play: ENet, pkg-config, X11/GL/ALSA headers
#   scripts/deps.sh --test  the same plus what the window tests need (Xvfb, xdotool, xclip, ImageMagick) and
#                           the port-mapping lab (scripts/natlab.sh: miniupnpd, nftables, the UPnP and
#                           NAT-PMP clients, Python for its STUN answerer and UDP echo)
set -euo pipefail

build=(libenet-dev pkg-config libc6-dev gcc libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev
       libxrandr-dev libxxf86vm-dev libasound2-dev)
test=(xvfb libgl1-mesa-dri xauth xdotool xclip imagemagick
      iproute2 miniupnpd-nftables nftables miniupnpc natpmpc python3)

want=("${build[@]}")
[ "${1:-}" = "--test" ] && want+=("${test[@]}")

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "deps: not a Debian or Ubuntu system; install ENet and the X11/GL headers yourself (see README)." >&2
  exit 0
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
run() { echo "+ $*"; "$@"; }
run $sudo apt-get update -qq
run $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
