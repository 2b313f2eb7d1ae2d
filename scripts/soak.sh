#!/usr/bin/env bash
# Soak test of the dedicated server: scripts/soak.sh [DURATION] (default 10m).
# Builds the headless binary into a temporary folder and runs the soak
# program (cmd/soak) against it: a server on 127.0.0.1 with a data
# folder, a status file and an item journal, and 64 bots as 16 processes
# of 4, wandering the hub, fighting, and going down and escaping from
# dungeons, with churn: at random (seeded) moments a bot process is
# SIGKILLed and started again under the same names, and processes whose
# time is up end and start again. It fails, naming the check, on:
#   - "panic" in the server's log;
#   - a tick p99 over 8 ms after warm-up (the first 20 %, at least 10 s):
#     more than 1 % of the steps since taking 8 ms or more (tick_hist);
#   - resident memory growing more than 10 % after warm-up (the floor of
#     the second half against the floor of the first);
#   - goroutines growing by more than the players explain;
#   - a server that does not stop cleanly on SIGTERM, or a store that does
#     not reopen;
#   - any item duplicated or lost (the journal audited move by move, and
#     checked against the characters stored).
# It prints one line of figures. SOAK_SEED picks the churn's moments;
# SOAK_DIR keeps the server's files (log, status, journal, samples.csv)
# in that folder; a failed run keeps them anyway and says where.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
duration=${1:-10m}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

$go build -tags headless -o "$tmp/duskfall" .
$go build -o "$tmp/soak" ./cmd/soak
args=(--bin "$tmp/duskfall" --duration "$duration" --seed "${SOAK_SEED:-1}")
[ -n "${SOAK_DIR:-}" ] && args+=(--dir "$SOAK_DIR")
"$tmp/soak" "${args[@]}"
