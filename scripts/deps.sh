#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Duskfall needs, and only those missing.
#   scripts/deps.sh         build and play: ENet, pkg-config, X11/GL/ALSA headers
#   scripts/deps.sh --test  the same plus what the window tests need (Xvfb, xdotool, xclip, ImageMagick),
#                           the port-mapping lab (scripts/natlab.sh: miniupnpd, nftables, the UPnP and
#                           NAT-PMP clients, Python for its STUN answerer and UDP echo), and promtool,
#                           which scripts/smoke.sh runs on the server's /metrics
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

# promtool comes out of Debian's prometheus package, unpacked alone into the user's cache
# (scripts/smoke.sh looks there): installing the package would pull 330 MB and enable and start
# a Prometheus server on port 9090 at every boot. The download is apt's, checked against the
# archive's signed index; unpacked, promtool is one 48 MB file.
promtool_dir=${XDG_CACHE_HOME:-$HOME/.cache}/duskfall
need_promtool=false
if [ "${1:-}" = "--test" ] && ! command -v promtool >/dev/null && [ ! -x "$promtool_dir/promtool" ]; then
  need_promtool=true
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && ! $need_promtool && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
run() { echo "+ $*"; "$@"; }

# unpack_promtool fetches the prometheus package and keeps only its promtool.
unpack_promtool() {
  local deb
  deb=$(mktemp -d)
  if [ "$(id -u)" -eq 0 ]; then
    chown _apt "$deb" 2>/dev/null || true # apt downloads as _apt when run as root
  fi
  (cd "$deb" && run apt-get download -qq prometheus)
  mkdir -p "$promtool_dir"
  dpkg-deb --fsys-tarfile "$deb"/prometheus_*.deb | tar -xO ./usr/bin/promtool >"$promtool_dir/promtool.part"
  chmod 755 "$promtool_dir/promtool.part"
  mv "$promtool_dir/promtool.part" "$promtool_dir/promtool"
  rm -rf "$deb"
  echo "deps: $("$promtool_dir/promtool" --version 2>&1 | head -1), in $promtool_dir"
}

run $sudo apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  run $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if $need_promtool; then
  unpack_promtool
fi
