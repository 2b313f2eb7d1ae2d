#!/usr/bin/env bash
# The port-mapping lab: a home network behind a NAT router that runs the
# real miniupnpd, and a friend out on "the internet", in Linux network
# namespaces made for this run and removed after it (on exit, failure or
# interruption):
#
#   home 192.168.77.20 ── 192.168.77.1  router  203.0.113.1 ── 203.0.113.50 inet (the friend)
#        default route     masquerade out the WAN,             203.0.113.3 a STUN answerer
#        via the router    no port forwarded; miniupnpd        only route: 203.0.113.0/24
#                          on the LAN side
#
# The router forwards nothing inward on its own: only a mapping asked of
# miniupnpd, by UPnP IGD or by NAT-PMP, opens a port. Its checks:
#   0. the lab itself: SSDP multicast from home finds the router, upnpc and
#      natpmpc map a UDP port that an echo from the friend passes through,
#      and removing the mapping closes it again;
#   1. with no mapping, the friend's bot cannot join 203.0.113.1:7777;
#   2. UPnP: a server with --upnp reaches "open" by upnp at 203.0.113.1:7777,
#      the friend's bot joins it and plays, and SIGTERM removes the mapping;
#   3. refusal: a router with UPnP and NAT-PMP off: the server says
#      "refused" in words, and still serves its own network;
#   4. NAT-PMP: as 2, by natpmp.
# miniupnpd maps nothing while its WAN address lies in a reserved range, and
# the documentation ranges are reserved; so it learns its public address by
# STUN (ext_perform_stun), as routers behind a provider's NAT do, from a
# tiny STUN answerer in inet that reports 203.0.113.1 back.
#
#   scripts/natlab.sh            every check
#   scripts/natlab.sh 0 2        only those (the lab is built all the same)
# Where it cannot run (not root, no network namespaces, no miniupnpd and no
# way to install it) it says "natlab: skipped: why" and exits 0. It prints
# PASS or FAIL for each check and exits non-zero on any FAIL.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
start=$(date +%s)

skip() { echo "natlab: skipped: $*"; exit 0; }
[ "$(uname -s)" = Linux ] || skip "network namespaces are Linux's"
[ "$(id -u)" -eq 0 ] || skip "network namespaces need root"

tools=(ip nft miniupnpd upnpc natpmpc python3 timeout)
missing() {
  local t
  for t in "${tools[@]}"; do command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] || echo "$t"; done
}
if [ -n "$(missing)" ] && command -v apt-get >/dev/null 2>&1; then
  echo "natlab: missing $(missing | tr '\n' ' ')- installing the test packages"
  scripts/deps.sh --test || true
fi
[ -z "$(missing)" ] || skip "missing $(missing | tr '\n' ' ')(scripts/deps.sh --test installs them on Debian and Ubuntu)"
PATH=$PATH:/usr/sbin

# Namespaces and links are named after this run's process id, so two runs
# never collide; a run killed outright leaves its own behind, and the next
# run removes those of runs no longer alive.
pre=dkl-$$
home=$pre-home router=$pre-router inet=$pre-inet
lan=$pre-rl wan=$pre-rw   # the router's two sides
for ns in $(ip netns list 2>/dev/null | awk '{ print $1 }' | grep -E '^dkl-[0-9]+-(home|router|inet)$' || true); do
  p=${ns#dkl-}; p=${p%%-*}
  kill -0 "$p" 2>/dev/null || ip netns del "$ns" 2>/dev/null || true
done

tmp=$(mktemp -d)
pids=()
made=()
cleanup() {
  local p ns i
  trap - EXIT INT TERM
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for ((i = 0; i < 30; i++)); do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  # Anything still running inside the lab's namespaces is the lab's own.
  for ns in "${made[@]}"; do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null || true; done
  done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  for ns in "${made[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
  for i in "$pre-hl" "$lan" "$wan" "$pre-iw"; do ip link del "$i" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'echo "natlab: FAIL line $LINENO: $BASH_COMMAND (exit $?)"' ERR # set -e ends the lab: say where
trap 'echo "natlab: interrupted"; exit 130' INT
trap 'echo "natlab: terminated"; exit 143' TERM

failed=0
results=()
pass() { echo "natlab: PASS $*"; results+=("PASS $*"); }
fail() { echo "natlab: FAIL $*"; results+=("FAIL $*"); failed=1; }
say() { echo "natlab:      $*" | tr '\n' ' ' | sed 's/ *$//'; echo; }
in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

# --- the network ----------------------------------------------------------
ip netns add "$home" 2>"$tmp/netns.err" || skip "ip netns add was refused: $(head -c 200 "$tmp/netns.err")"
made+=("$home")
ip netns add "$router"; made+=("$router")
ip netns add "$inet"; made+=("$inet")
ip link add "$pre-hl" type veth peer name "$lan"
ip link add "$wan" type veth peer name "$pre-iw"
ip link set "$pre-hl" netns "$home"
ip link set "$lan" netns "$router"
ip link set "$wan" netns "$router"
ip link set "$pre-iw" netns "$inet"
for ns in "$home" "$router" "$inet"; do ip -n "$ns" link set lo up; done
ip -n "$home" addr add 192.168.77.20/24 dev "$pre-hl"
ip -n "$home" link set "$pre-hl" up
ip -n "$home" route add default via 192.168.77.1   # carries SSDP's multicast to the router too
ip -n "$router" addr add 192.168.77.1/24 dev "$lan"
ip -n "$router" addr add 203.0.113.1/24 dev "$wan"
ip -n "$router" link set "$lan" up
ip -n "$router" link set "$wan" up
in_ns "$router" sh -c "echo 1 >/proc/sys/net/ipv4/ip_forward" # the router forwards (no procps needed)
ip -n "$inet" addr add 203.0.113.50/24 dev "$pre-iw"
ip -n "$inet" addr add 203.0.113.3/24 dev "$pre-iw"
ip -n "$inet" link set "$pre-iw" up

# The router's firewall: LAN out to the WAN, masqueraded; back in only what
# answers it, and what miniupnpd's own chains (empty at first) let through.
# The same chains as the package's nft_init.sh, in one table of the lab's.
table=dkl
cat >"$tmp/router.nft" <<EOF
table inet $table {
  chain forward {
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    iifname "$lan" oifname "$wan" accept
    jump miniupnpd
  }
  chain miniupnpd { }
  chain prerouting {
    type nat hook prerouting priority -100; policy accept;
    jump prerouting_miniupnpd
  }
  chain postrouting {
    type nat hook postrouting priority 100; policy accept;
    jump postrouting_miniupnpd
    oifname "$wan" ip saddr 192.168.77.0/24 masquerade
  }
  chain prerouting_miniupnpd { }
  chain postrouting_miniupnpd { }
}
EOF
in_ns "$router" nft -f "$tmp/router.nft"

# rules: miniupnpd's chains, where its mappings live.
rules() {
  in_ns "$router" nft list chain inet $table miniupnpd
  in_ns "$router" nft list chain inet $table prerouting_miniupnpd
}
mapped() { rules >"$tmp/rules.txt"; grep -q "dport $1 " "$tmp/rules.txt"; }

# A tiny STUN answerer on the internet side (see the top), and a UDP echo
# and its prober for check 0. Each ends by itself.
cat >"$tmp/stun.py" <<'EOF'
import socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind((sys.argv[1], int(sys.argv[2])))
while True:  # answer every Binding Request with the XOR-MAPPED-ADDRESS it came from
    d, (ip, port) = s.recvfrom(2048)
    if len(d) < 20 or d[0:2] != b"\x00\x01":
        continue
    xip = struct.unpack("!I", socket.inet_aton(ip))[0] ^ 0x2112A442
    attr = struct.pack("!HHBBHI", 0x0020, 8, 0, 1, port ^ 0x2112, xip)
    s.sendto(struct.pack("!HH", 0x0101, len(attr)) + b"\x21\x12\xa4\x42" + d[8:20] + attr, (ip, port))
EOF
cat >"$tmp/udp.py" <<'EOF'
import socket, sys
mode, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
if mode == "echo":  # echo for a few seconds
    s.bind((host, port))
    s.settimeout(float(sys.argv[4]))
    try:
        while True:
            d, a = s.recvfrom(2048)
            s.sendto(b"echo " + d, a)
    except socket.timeout:
        pass
else:  # probe: three tries, a second each
    s.settimeout(1.0)
    for _ in range(3):
        s.sendto(b"hello", (host, port))
        try:
            d, a = s.recvfrom(2048)
            print("%s from %s:%d" % (d.decode(), a[0], a[1]))
            sys.exit(0)
        except socket.timeout:
            pass
    print("no answer")
    sys.exit(1)
EOF
ip netns exec "$inet" timeout 600 python3 "$tmp/stun.py" 203.0.113.3 3478 &
pids+=($!)

# --- miniupnpd ------------------------------------------------------------
mu_pid=
# router_up NAME UPNP NATPMP: miniupnpd with UPnP and NAT-PMP on (yes) or
# off (no), its chains and leases empty first. Returns non-zero, with its
# words in $tmp/NAME.miniupnpd.log, when it does not come up.
router_up() {
  local name=$1 upnp=$2 natpmp=$3 log=$tmp/$1.miniupnpd.log i
  for c in miniupnpd prerouting_miniupnpd postrouting_miniupnpd; do in_ns "$router" nft flush chain inet $table $c; done
  rm -f "$tmp/upnp.leases"
  : >"$log"
  cat >"$tmp/$name.miniupnpd.conf" <<EOF
ext_ifname=$wan
listening_ip=$lan
port=5000
enable_upnp=$upnp
enable_natpmp=$natpmp
secure_mode=yes
system_uptime=yes
notify_interval=60
clean_ruleset_interval=600
uuid=8f2d0b6a-3c1e-4d5f-9a7b-1e2c3d4f5a6b
friendly_name=Duskfall lab router
lease_file=$tmp/upnp.leases
ext_perform_stun=yes
ext_stun_host=203.0.113.3
ext_stun_port=3478
upnp_table_name=$table
upnp_nat_table_name=$table
upnp_forward_chain=miniupnpd
upnp_nat_chain=prerouting_miniupnpd
upnp_nat_postrouting_chain=postrouting_miniupnpd
allow 1024-65535 192.168.77.0/24 1024-65535
deny 0-65535 0.0.0.0/0 0-65535
EOF
  ip netns exec "$router" timeout 600 miniupnpd -f "$tmp/$name.miniupnpd.conf" -d -P "$tmp/miniupnpd.pid" >"$log" 2>&1 &
  mu_pid=$!
  pids+=("$mu_pid")
  for ((i = 0; i < 100; i++)); do
    grep -q "Listening for NAT-PMP\|HTTP listening on port" "$log" && break
    kill -0 "$mu_pid" 2>/dev/null || { mu_pid=; return 1; }
    sleep 0.1
  done
  grep -q "Port forwarding is now enabled" "$log" || return 1
  grep -q "Listening for NAT-PMP\|HTTP listening on port" "$log"
}
router_down() {
  [ -n "$mu_pid" ] || return 0
  kill "$mu_pid" 2>/dev/null || true
  wait "$mu_pid" 2>/dev/null || true
  mu_pid=
}

# --- the game -------------------------------------------------------------
"$go" build -tags headless -o "$tmp/duskfall" .
has_upnp=0
"$tmp/duskfall" --help 2>&1 | grep -q -- '-upnp' && has_upnp=1
srv_pid=
srv_log=
# server_up NAME FLAGS...: a dedicated server in home on 7777.
server_up() {
  local name=$1 i
  shift
  srv_log=$tmp/$name.server.log
  : >"$srv_log"
  ip netns exec "$home" timeout 600 "$tmp/duskfall" --server --port 7777 --data "$tmp/data" \
    --status-file "$tmp/$name.status.json" --announce=false "$@" >"$srv_log" 2>&1 &
  srv_pid=$!
  pids+=("$srv_pid")
  for ((i = 0; i < 100; i++)); do
    grep -q "listening on" "$srv_log" && return 0
    kill -0 "$srv_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
# server_down: SIGTERM, and how long it took to stop (at most 10 s).
server_down() {
  local i t0
  t0=$(date +%s.%N)
  kill -TERM "$srv_pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    kill -0 "$srv_pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$srv_pid" 2>/dev/null; then
    kill -9 "$srv_pid" 2>/dev/null || true
    wait "$srv_pid" 2>/dev/null || true
    return 1
  fi
  wait "$srv_pid" 2>/dev/null || true
  awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f s\n", b - a }'
}
# field FILE KEY: a key of the first JSON object in FILE ("" when none).
field() {
  python3 - "$1" "$2" <<'EOF' 2>/dev/null || true
import json, sys
try:
    with open(sys.argv[1]) as f:
        v = json.loads(f.readline()).get(sys.argv[2], "")
except Exception:
    v = ""
print(str(v).lower() if isinstance(v, bool) else v)
EOF
}
# wait_state NAME STATE SECS: until the status file says portmap_state STATE;
# prints the seconds it took.
wait_state() {
  local f=$tmp/$1.status.json i
  for ((i = 0; i < $3 * 10; i++)); do
    if [ "$(field "$f" portmap_state)" = "$2" ]; then echo "$((i / 10)).$((i % 10))"; return 0; fi
    sleep 0.1
  done
  return 1
}
# bot NS NAME JOIN SECS: one bot, its report in $tmp/NAME.json. Dials that
# find nothing end after about 15 s; timeout bounds the rest.
# It runs in the background, so an interruption need not wait for it.
bot() {
  local p
  ip netns exec "$1" timeout 40 "$tmp/duskfall" --bot 1 --join "$3" --name "$2" --duration "$4" \
    >"$tmp/$2.json" 2>"$tmp/$2.err" &
  p=$!
  pids+=("$p")
  wait "$p"
}
joined() { [ "$(field "$tmp/$1.json" connected)" = true ] && [ "$(field "$tmp/$1.json" snapshots)" -gt 0 ] 2>/dev/null; }
report() { echo "connected=$(field "$tmp/$1.json" connected) join_ms=$(field "$tmp/$1.json" join_ms) snapshots=$(field "$tmp/$1.json" snapshots)"; }
show() {
  local f
  for f in "$@"; do [ -s "$f" ] && { echo "--- ${f#$tmp/} (last lines) ---"; grep -v table_cb "$f" | tail -n 15; }; done
  return 0
}

checks=("$@")
run() { [ ${#checks[@]} -eq 0 ] || [[ " ${checks[*]} " == *" $1 "* ]]; }

echo "natlab: home 192.168.77.20 -- 192.168.77.1 router 203.0.113.1 -- 203.0.113.50 friend (namespaces $pre-*)"

# 0. The lab itself.
if run 0; then
  if ! router_up lab yes yes; then
    fail "0 lab: miniupnpd did not come up with a public address"; show "$tmp/lab.miniupnpd.log"
  else
    ok=1
    in_ns "$home" timeout 20 upnpc -i -s >"$tmp/upnpc-s.txt" 2>&1 || true
    if grep -q "desc: http://192.168.77.1:5000/rootDesc.xml" "$tmp/upnpc-s.txt"; then
      say "SSDP multicast from home found the router's IGD at http://192.168.77.1:5000/rootDesc.xml"
    else
      ok=0; say "SSDP from home found no router"; show "$tmp/upnpc-s.txt"
    fi
    ip netns exec "$inet" timeout 10 python3 "$tmp/udp.py" probe 203.0.113.1 7777 >"$tmp/probe0.txt" 2>&1 &&
      { ok=0; say "the friend reached home with no mapping: $(cat "$tmp/probe0.txt")"; }
    # UPnP, then NAT-PMP: map, echo through, remove, echo no more.
    for how in upnp natpmp; do
      if [ $how = upnp ]; then
        in_ns "$home" timeout 20 upnpc -i -a 192.168.77.20 7777 7777 UDP >"$tmp/map.txt" 2>&1 || true
      else
        in_ns "$home" timeout 20 natpmpc -g 192.168.77.1 -a 7777 7777 udp 60 >"$tmp/map.txt" 2>&1 || true
      fi
      if ! mapped 7777; then ok=0; say "$how: no rule for 7777 in the router"; show "$tmp/map.txt"; continue; fi
      ip netns exec "$home" timeout 10 python3 "$tmp/udp.py" echo 0.0.0.0 7777 4 &
      echo_pid=$!
      pids+=("$echo_pid")
      sleep 0.3
      if in_ns "$inet" timeout 10 python3 "$tmp/udp.py" probe 203.0.113.1 7777 >"$tmp/probe.txt" 2>&1; then
        say "$how: mapped 203.0.113.1:7777 -> 192.168.77.20:7777; the friend's datagram came back: $(cat "$tmp/probe.txt")"
      else
        ok=0; say "$how: mapped, but the friend's datagram found no echo"; show "$tmp/map.txt"
      fi
      kill "$echo_pid" 2>/dev/null || true
      wait "$echo_pid" 2>/dev/null || true
      if [ $how = upnp ]; then
        in_ns "$home" timeout 20 upnpc -i -d 7777 UDP >"$tmp/unmap.txt" 2>&1 || true
      else
        in_ns "$home" timeout 20 natpmpc -g 192.168.77.1 -a 7777 7777 udp 0 >"$tmp/unmap.txt" 2>&1 || true
      fi
      if mapped 7777; then ok=0; say "$how: the mapping stayed after its removal"; rules; fi
      ip netns exec "$home" timeout 10 python3 "$tmp/udp.py" echo 0.0.0.0 7777 4 &
      echo_pid=$!
      pids+=("$echo_pid")
      sleep 0.3
      if in_ns "$inet" timeout 10 python3 "$tmp/udp.py" probe 203.0.113.1 7777 >"$tmp/probe.txt" 2>&1; then
        ok=0; say "$how: removed, yet the friend still reached home"
      else
        say "$how: removed; the friend's datagrams go unanswered again"
      fi
      kill "$echo_pid" 2>/dev/null || true
      wait "$echo_pid" 2>/dev/null || true
    done
    if [ $ok -eq 1 ]; then pass "0 lab: SSDP finds the router; UPnP and NAT-PMP mappings forward UDP and close again"
    else fail "0 lab: the router does not map as a home router does"; show "$tmp/lab.miniupnpd.log"; fi
  fi
  router_down
fi

# 1. No mapping: the friend cannot join.
if run 1; then
  router_up closed yes yes || true   # a router that would map, were it asked
  if ! server_up closed; then
    fail "1 closed: the server did not start"; show "$srv_log"
  else
    t0=$(date +%s)
    if bot "$inet" friend-closed 203.0.113.1:7777 30s && joined friend-closed; then
      fail "1 closed: the friend joined 203.0.113.1:7777 with no mapping ($(report friend-closed))"
    elif mapped 7777; then
      fail "1 closed: the router has a rule for 7777 nobody asked for"
    else
      err=$(field "$tmp/friend-closed.json" error)
      err=${err%%. *}
      pass "1 closed: the friend's bot could not join 203.0.113.1:7777 ($(($(date +%s) - t0)) s): ${err:-$(tail -n1 "$tmp/friend-closed.err")}"
    fi
    server_down >/dev/null || fail "1 closed: the server did not stop on SIGTERM within 10 s"
  fi
  router_down
fi

# mapped_case N NAME METHOD UPNP NATPMP: checks 2 and 4.
mapped_case() {
  local n=$1 name=$2 method=$3 secs took gone
  if [ $has_upnp -eq 0 ]; then fail "$n $name: this duskfall has no --upnp flag"; return; fi
  if ! router_up "$name" "$4" "$5"; then fail "$n $name: miniupnpd did not come up"; show "$tmp/$name.miniupnpd.log"; return; fi
  if ! server_up "$name" --upnp; then fail "$n $name: the server did not start"; show "$srv_log"; router_down; return; fi
  if ! took=$(wait_state "$name" open 20); then
    fail "$n $name: the status never said open within 20 s (portmap_state=$(field "$tmp/$name.status.json" portmap_state), error: $(field "$tmp/$name.status.json" portmap_error))"
    show "$srv_log" "$tmp/$name.miniupnpd.log"
  else
    local m a
    m=$(field "$tmp/$name.status.json" portmap_method)
    a=$(field "$tmp/$name.status.json" public_addr)
    say "open after ${took} s: portmap_method=$m public_addr=$a"
    say "$(grep 'port mapping: ' "$srv_log" | grep -v Looking | head -n1 | sed 's/.*port mapping: /port mapping: /')"
    rules >"$tmp/rules.txt"
    say "router: $(grep -m1 'dnat' "$tmp/rules.txt" | sed 's/^[[:space:]]*//')"
    if [ "$m" != "$method" ] || [ "$a" != 203.0.113.1:7777 ]; then
      fail "$n $name: open, but by $m at $a, not by $method at 203.0.113.1:7777"
    elif ! grep -q 'port mapping: .*203\.0\.113\.1:7777' "$srv_log"; then
      fail "$n $name: no 'port mapping:' line names 203.0.113.1:7777"; show "$srv_log"
    elif ! bot "$inet" "friend-$name" 203.0.113.1:7777 5s || ! joined "friend-$name"; then
      fail "$n $name: the friend's bot did not join 203.0.113.1:7777 ($(report "friend-$name"), error: $(field "$tmp/friend-$name.json" error))"
      show "$srv_log" "$tmp/friend-$name.err"
    else
      say "the friend's bot joined 203.0.113.1:7777 and played: $(report "friend-$name")"
      if ! secs=$(server_down); then
        fail "$n $name: the server did not stop on SIGTERM within 10 s"
      else
        gone=1
        mapped 7777 && gone=0
        [ "$method" = upnp ] && grep -q '^UDP:7777:' "$tmp/upnp.leases" 2>/dev/null && gone=0
        if [ $gone -eq 1 ] && grep -q 'port mapping: removed' "$srv_log"; then
          pass "$n $name: open by $method at 203.0.113.1:7777 in ${took} s, the friend joined; SIGTERM (${secs}) removed the mapping"
        else
          fail "$n $name: after SIGTERM the router still maps 7777, or the server did not say it removed it"
          rules; show "$srv_log"
        fi
      fi
    fi
  fi
  if kill -0 "$srv_pid" 2>/dev/null; then server_down >/dev/null || true; fi
  router_down
}

if run 2; then mapped_case 2 upnp upnp yes no; fi

# 3. Refusal: a router with UPnP and NAT-PMP both off.
if run 3; then
  if [ $has_upnp -eq 0 ]; then
    fail "3 refused: this duskfall has no --upnp flag"
  else
    router_up refused no no || true
    say "miniupnpd with UPnP and NAT-PMP off: $(grep -v table_cb "$tmp/refused.miniupnpd.log" | tail -n1 | sed 's/^miniupnpd\[[0-9]*\]: //') (so no router answers either)"
    if ! server_up refused --upnp; then
      fail "3 refused: the server did not start"; show "$srv_log"
    elif ! took=$(wait_state refused refused 20); then
      fail "3 refused: the status never said refused within 20 s (portmap_state=$(field "$tmp/refused.status.json" portmap_state))"; show "$srv_log"
    else
      line=$(grep 'port mapping: ' "$srv_log" | grep -v Looking | head -n1 || true)
      say "refused after ${took} s: ${line#*port mapping: }"
      say "portmap_error: $(field "$tmp/refused.status.json" portmap_error)"
      if ! grep -q 'port mapping: .*\(not\|refus\|no router\|can.t\)' "$srv_log"; then
        fail "3 refused: no 'port mapping:' line says so in words"; show "$srv_log"
      elif ! bot "$home" neighbour 192.168.77.20:7777 4s || ! joined neighbour; then
        fail "3 refused: a bot on the LAN could not join 192.168.77.20:7777 ($(report neighbour))"; show "$srv_log" "$tmp/neighbour.err"
      elif ! secs=$(server_down); then
        fail "3 refused: the server did not stop on SIGTERM within 10 s"
      else
        pass "3 refused: refused in ${took} s, said in words; a LAN bot still joined 192.168.77.20:7777 ($(report neighbour)); stopped in ${secs}"
      fi
    fi
    if kill -0 "$srv_pid" 2>/dev/null; then server_down >/dev/null || true; fi
    router_down
  fi
fi

if run 4; then mapped_case 4 natpmp natpmp no yes; fi

# 5. Host and play's own path (the headless build's --host: listen.Start,
# the host as player 1), by UPnP: it has no status file, so its log says.
if run 5; then
  router_up hostplay yes no || fail "5 host and play: miniupnpd did not come up"
  srv_log=$tmp/hostplay.host.log
  : >"$srv_log"
  ip netns exec "$home" timeout 600 "$tmp/duskfall" --host --port 7777 --data "$tmp/hostdata" --name Hosta >"$srv_log" 2>&1 &
  srv_pid=$!
  pids+=("$srv_pid")
  took=
  for ((i = 0; i < 200; i++)); do
    if grep -q 'port mapping: Friends anywhere can join: 203\.0\.113\.1:7777' "$srv_log"; then took="$((i / 10)).$((i % 10))"; break; fi
    kill -0 "$srv_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$took" ]; then
    fail "5 host and play: no 'port mapping: Friends anywhere can join 203.0.113.1:7777' within 20 s"; show "$srv_log"
  elif ! bot "$inet" friend-host 203.0.113.1:7777 5s || ! joined friend-host; then
    fail "5 host and play: the friend's bot did not join 203.0.113.1:7777 ($(report friend-host))"; show "$srv_log" "$tmp/friend-host.err"
  elif ! secs=$(server_down); then
    fail "5 host and play: the host did not stop on SIGTERM within 10 s"
  elif mapped 7777 || ! grep -q 'port mapping: removed' "$srv_log"; then
    fail "5 host and play: after SIGTERM the router still maps 7777, or the host did not say it removed it"; rules; show "$srv_log"
  else
    say "the friend's bot joined Host and play at 203.0.113.1:7777: $(report friend-host)"
    pass "5 host and play: open by upnp in ${took} s, the friend joined the host's game; SIGTERM (${secs}) removed the mapping"
  fi
  if kill -0 "$srv_pid" 2>/dev/null; then server_down >/dev/null || true; fi
  router_down
fi

echo "natlab: summary ($(($(date +%s) - start)) s, build included):"
for r in "${results[@]}"; do echo "natlab:   $r"; done
if [ $failed -ne 0 ]; then echo "natlab: FAILED"; exit 1; fi
echo "natlab: all checks passed"
