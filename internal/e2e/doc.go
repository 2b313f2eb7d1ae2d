// Package e2e is a test-only package: end-to-end tests of a real server on
// loopback ENet with bot clients, with and without a netsim proxy between
// them. It has no code of its own, and nothing imports it.
//
// The tests that wait far more than they work (lock-stepped runs through
// a dungeon, processes killed and started again, bots playing for
// seconds) call t.Parallel, each on its own server on a free port, so the
// package takes its longest test's time rather than their sum; make test
// runs them four at a time (-parallel 4). The tests that measure what
// players see in real time (make test's REALTIME group) run apart from
// everything else. Within that group, the two that load the machine
// (TestHoldingTheDoor's floods, TestItemConservation's bots racing through
// the game) run first, one at a time; the four that each drive one to
// three bots through a netsim proxy (TestHitVisibility,
// TestReconciliationOverABadNetwork, TestSnapshotLossMatchesTheNetwork,
// TestDeltaSnapshotsRebuildExactlyOverABadNetwork) call t.Parallel and
// then run together, as go test runs parallel tests after the sequential
// ones.
package e2e
