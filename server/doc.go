// Package server is the authoritative side of Duskfall: peers, the
// handshake, input queues, instances, interest and per-peer encoding.
//
// One Step is one tick, and data flows through it in a fixed order:
//
//	transport.Poll ──▶ handshake (ch 0) / input frames (ch 3) ──▶ World.QueueInput
//	World.Step for every instance ──▶ tick events ──▶ per-peer event packets (ch 2),
//	                                  bullet spawns filtered by interest
//	every SnapshotInterval ticks ──▶ per-peer snapshots (ch 1): own record,
//	                                  actors within ActorInterestRadius, sent as
//	                                  deltas against the newest one the peer
//	                                  acknowledged in its input
//	map chunks within MapStreamRadius not yet sent ──▶ ch 0
//
// The server never reads a clock inside Step: Run drives Step at 60 Hz
// with a fixed-timestep accumulator and measures it, so tests can step a
// Runtime by hand; Hosted measures the steps of a loop of its own (Host
// and play's frames) as Run does. Nothing a client sends is trusted:
// every packet is decoded with bounds checks and a bad one is dropped and
// counted.
package server
