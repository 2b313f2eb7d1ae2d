// Package client is the player's side of the network model: the handshake,
// input frames, prediction and reconciliation of the own ship, interpolation
// of everyone else, the bullet replica and the map-chunk cache.
//
// Data flows one way through a Runtime each frame:
//
//	Intent ──SendInput──▶ game.Input frame ──▶ predicted own position
//	                         └─▶ wire.AppendInput (last 6 frames, game.InputRedundancy; newest snapshot held) ──▶ transport ch 3
//	transport ──Receive──▶ ch 0 control (Welcome, Reject, Roster, EnterInstance, MapChunk)
//	                      ch 1 snapshots (deltas rebuilt on the held one they name)
//	                                     ──▶ reconcile own ship, buffer for interpolation
//	                      ch 2 events    ──▶ bullet replica (spawn fast-forwarded, despawn)
//
// The client never decides an outcome. It predicts only its own movement,
// through the same game.StepPlayer the server runs, and takes the server's
// word for everything else. Render reads a Runtime (and its Fog, the memory
// of which tiles the player has seen); package bots drives one headlessly
// through the same public API.
package client
