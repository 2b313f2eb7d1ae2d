#!/usr/bin/env bash
# The whole suite after make test's apt step and gofmt: what runs beside
# what, and how long each stage took. On two cores the suite is bounded by
# the tests that must have the machine to themselves and by the cold
# compile, so what mostly waits runs beside what computes, and what only
# computes and checks nothing against a clock (vet, builds, fuzzing, the
# drawn-frame tests) runs at the idle scheduling class beside tests that
# leave the CPU idle part of the time, taking only what they leave
# (chrt --idle: the kernel preempts an idle-class task as soon as anything
# else wakes):
#
#   1. everything is compiled (go build ./..., and the headless server,
#      which the labs below then only link), alone: on a fresh machine
#      this is most of the cold compile, and a compile beside the tests
#      of stage 2 starved them (a lock-stepped bot that clears the first
#      floor in 13 s of wall time ran out its 240 s of game time)
#   2. go test ./... but the real-time and window tests, two packages at
#      a time, the end-to-end and transport tests that mostly wait four
#      at a time (-parallel 4); beside it the port-mapping lab
#      (scripts/natlab.sh: needs root, else it says it skipped), the
#      smoke test of the real programs (scripts/smoke.sh) and the players'
#      archive's check (scripts/dist-check.sh: it links the archive at the
#      idle class, then unpacks and plays it), which mostly
#      wait, and at the idle class the builds the next stage runs (the
#      fuzzing binaries, the frame tests), then go vet, default and
#      headless (make check also vets the frames tag: a new tag set
#      re-vets every dependency, 21 s of two cores on a fresh machine,
#      for two test files that go test's own vet checks as they run)
#   3. TestHoldingTheDoor and TestProofsThatNeverConnectCannotShutTheDoor
#      (the door's sieges, which read the server's tick and memory), then
#      the door's session tests, which time a housemate's join to 1 s (one
#      took 1.04 s beside go test ./...), and
#      at the idle class beside them every fuzz
#      target for FUZZTIME, two at a time (scripts/fuzz.sh), and the
#      tests that read drawn frames back (frames)
#   4. the rest of the real-time group, alone: TestItemConservation, then
#      the four light ones together (internal/e2e/doc.go)
#   5. the window tests (TestGUI..., and the journeys, TestJourney...), in
#      two halves side by side, each on an X server of its own
#   6. the soak's 60-second form (scripts/soak.sh 60s), alone
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
# rebuild exactly through it), and TestItemConservation needs its bots to
# get far in a short run: they run alone, so busy cores do not stall their
# bots' frames (a stalled frame is a resync, and a snap). Even idle-class
# work beside them cost them: TestHitVisibility's bots took 9, 10 and 11
# hits in 20 s where alone they took 19 to 24, and TestItemConservation's
# bots minted 51 items where alone they mint 89 to 118.
# TestHoldingTheDoor's figures (its tick p99, its players' snaps and
# corrections, the server's memory) were the same with the idle-class
# work beside it as alone: worst p99 1.7 ms, 0 snaps.
door='^(TestHoldingTheDoor|TestProofsThatNeverConnectCannotShutTheDoor|TestOneAddressThatJoinsAndLeavesNeverLocksItsHousematesOut|TestSquattersThatDialAgainHoldNoSeat)$'
realtime='^(TestItemConservation|TestHitVisibility|TestReconciliationOverABadNetwork|TestSnapshotLossMatchesTheNetwork|TestDeltaSnapshotsRebuildExactlyOverABadNetwork)$'
window='^(TestGUI|TestJourney)'
# The frame tests are render's tests under the frames tag: every test in a
# file built with it (the package's other tests run with them, a few seconds).

# idle CMD...: CMD at the idle scheduling class, or at the lowest nice
# level where the idle class is refused.
idle() {
  if chrt --idle 0 true 2>/dev/null; then chrt --idle 0 "$@"; else nice -n 19 "$@"; fi
}

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

stage "the build"
run "$go" build ./...
run "$go" build -tags headless -o bin/duskfall-server .

stage "go test ./..., beside natlab, smoke, and vet and builds at the idle class"
scripts/natlab.sh & lab=$!
scripts/smoke.sh & smoke=$!
scripts/dist-check.sh & dist=$!
idle bash -c "set -e -x
  FUZZBUILDONLY=1 scripts/fuzz.sh
  $go test -c -tags frames -o /dev/null ./render
  $go vet ./...
  $go vet -tags headless ." & vet=$!
echo "go test ./... (but the real-time and window tests)"
scripts/with-display.sh "$go" test -count=1 -parallel 4 -timeout 15m -skip "$door|$realtime|$window" ./...
units=$?
wait "$lab" || fail "scripts/natlab.sh"
wait "$smoke" || fail "scripts/smoke.sh"
wait "$dist" || fail "scripts/dist-check.sh"
wait "$vet" || fail "go vet, or a build for the next stage"
[ "$units" -eq 0 ] || fail "go test ./..."

stage "the door's sieges, beside fuzzing and the frame tests at the idle class"
idle env FUZZTIME="$fuzztime" FUZZJOBS=2 FUZZPARALLEL=1 scripts/fuzz.sh & fuzz=$!
idle scripts/with-display.sh "$go" test -count=1 -tags frames ./render & drawn=$!
run "$go" test -count=1 -run "$door" ./internal/e2e
wait "$fuzz" || fail "scripts/fuzz.sh"
wait "$drawn" || fail "the frame tests (go test -tags frames ./render)"

stage "the rest of the real-time group"
run "$go" test -count=1 -parallel 4 -run "$realtime" ./internal/e2e

stage "the window tests"
# Two halves side by side, each on an X server of its own (a window's
# keyboard focus and clipboard are its display's): most of a journey is
# waiting on a window, and two halves take about two thirds of the time
# one run does. Without xvfb-run, one run on the caller's display.
if command -v xvfb-run >/dev/null 2>&1; then
  echo "go test -run '$window' . in two halves, each under its own Xvfb"
  xvfb-run -a -s "-screen 0 1280x800x24" "$go" test -count=1 -run '^(TestGUI|TestJourney[A-I])' . & half=$!
  sleep 2 # xvfb-run -a picks the first free display: the first half's must be taken
  xvfb-run -a -s "-screen 0 1280x800x24" "$go" test -count=1 -run '^TestJourney[J-Z]' . || fail "the window tests (TestJourney J-Z)"
  wait "$half" || fail "the window tests (TestGUI, TestJourney A-I)"
else
  run scripts/with-display.sh "$go" test -count=1 -run "$window" .
fi

stage "the soak"
run scripts/soak.sh 60s

stage ""
echo "suite: all passed"
summary
