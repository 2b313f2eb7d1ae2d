#!/usr/bin/env bash
# The whole suite after make test's apt step and gofmt: what runs beside
# what, and how long each stage took. On two cores the suite is bounded by
# what must have the machine to itself (the real-time group, the window,
# the drawn frames, the soak) and by the cold compile, so everything that
# mostly waits runs beside something that computes:
#
#   1. the headless server is built (the labs below then only link it)
#   2. vet, while beside it the port-mapping lab (scripts/natlab.sh: needs
#      root, else it says it skipped) and the smoke test of the real
#      programs (scripts/smoke.sh) run, which mostly wait
#   3. go test ./... but the real-time and window tests, four packages at a
#      time (-p 4), the end-to-end and transport tests that mostly wait
#      four at a time (-parallel 4), and beside it every fuzz target for
#      FUZZTIME on one core (scripts/fuzz.sh); the lab and the smoke test
#      are waited for at the end of this stage
#   4. the real-time e2e group (REALTIME), apart from everything else
#   5. the window tests (TestGUI...), alone
#   6. the tests that read drawn frames back (FRAMES), alone
#   7. the soak's 60-second form (scripts/soak.sh 60s), alone
#
# The window and frame tests run under Xvfb when DISPLAY is unset.
set -uo pipefail
cd "$(dirname "$0")/.."
trap 'kill $(jobs -p) 2>/dev/null' EXIT # a failed stage stops what runs beside it
go=${GO:-go}
fuzztime=${FUZZTIME:-3s}

# TestHitVisibility and TestReconciliationOverABadNetwork measure what
# players see through real sockets and bot clients in real time, over a
# simulated bad network (TestSnapshotLossMatchesTheNetwork counts its lost
# snapshots; TestDeltaSnapshotsRebuildExactlyOverABadNetwork that deltas
# rebuild exactly through it), TestHoldingTheDoor what attacks cost them,
# and TestItemConservation needs its bots to get far in a short run: they
# run apart from the rest, so two busy cores do not stall their bots'
# frames (a stalled frame is a resync, and a snap). Within the group the
# two that load the machine run first, one at a time, and the four light
# ones (a few bots each, through a netsim proxy) together after them
# (internal/e2e/doc.go). The window tests run two game windows under
# software GL, and the frame tests (built with the frames tag) run the
# render package's tests inside a running game: both load the machine.
realtime='^(TestHitVisibility|TestReconciliationOverABadNetwork|TestSnapshotLossMatchesTheNetwork|TestDeltaSnapshotsRebuildExactlyOverABadNetwork|TestHoldingTheDoor|TestItemConservation)$'
window='^TestGUI'
frames='^(TestHostileBulletsContrastInEveryPlace|TestNoHUDElementsOverlapAtAnySize)$'

times=()
t0=$(date +%s)
suite_start=$t0
# stage NAME: closes the previous stage's clock and starts NAME's.
stage() {
  local now
  now=$(date +%s)
  [ -n "${current:-}" ] && times+=("$current: $((now - t0)) s")
  current=$1 t0=$now
  [ -n "$current" ] && echo "suite: $current"
}
# run CMD...: echoes and runs CMD; a failure ends the suite with the times so far.
run() {
  echo "$*"
  "$@" || fail "$*"
}
fail() {
  stage ""
  echo "suite: FAILED: $1"
  summary
  exit 1
}
summary() {
  local line
  for line in "${times[@]}"; do echo "suite:   $line"; done
  echo "suite: $(($(date +%s) - suite_start)) s in all"
}

stage "the headless server"
run "$go" build -tags headless -o bin/duskfall-server .

stage "vet, beside natlab and smoke"
scripts/natlab.sh & lab=$!
scripts/smoke.sh & smoke=$!
run "$go" vet ./...
run "$go" vet -tags headless .
run "$go" vet -tags frames ./render

stage "go test ./..., beside fuzzing (natlab and smoke waited for)"
FUZZTIME=$fuzztime FUZZJOBS=1 FUZZPARALLEL=1 scripts/fuzz.sh & fuzz=$!
echo "go test ./... (but the real-time and window tests)"
scripts/with-display.sh "$go" test -count=1 -p 4 -parallel 4 -timeout 15m -skip "$realtime|$window" ./...
units=$?
wait "$lab" || fail "scripts/natlab.sh"
wait "$smoke" || fail "scripts/smoke.sh"
wait "$fuzz" || fail "scripts/fuzz.sh"
[ "$units" -eq 0 ] || fail "go test ./..."

stage "the real-time group"
run "$go" test -count=1 -parallel 4 -run "$realtime" ./internal/e2e

stage "the window tests"
run scripts/with-display.sh "$go" test -count=1 -run "$window" .

stage "the frame tests"
run scripts/with-display.sh "$go" test -count=1 -tags frames -run "$frames" ./render

stage "the soak"
run scripts/soak.sh 60s

stage ""
echo "suite: all passed"
summary
