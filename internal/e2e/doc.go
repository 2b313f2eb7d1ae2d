// Package e2e is a test-only package: end-to-end tests of a real server on
// loopback ENet with bot clients, with and without a netsim proxy between
// them. It has no code of its own, and nothing imports it.
//
// The tests that wait far more than they work (lock-stepped runs through
// a dungeon, processes killed and started again, bots playing for
// seconds) call t.Parallel, each on its own server on a free port, so the
// package takes its longest test's time rather than their sum; make test
// runs them four at a time (-parallel 4). The tests that measure what
// players see in real time (make test's real-time group) run apart from
// everything else (scripts/suite.sh says what runs beside what).
// TestHoldingTheDoor and TestProofsThatNeverConnectCannotShutTheDoor,
// which read the server's tick and memory, run with only idle-class work
// beside them;
// TestItemConservation, whose bots race through the game and load the
// machine, runs next; then the four that each drive one to three bots
// through a netsim proxy (TestHitVisibility,
// TestReconciliationOverABadNetwork, TestSnapshotLossMatchesTheNetwork,
// TestDeltaSnapshotsRebuildExactlyOverABadNetwork) run together: they call
// t.Parallel, and go test runs parallel tests after the sequential ones.
package e2e
