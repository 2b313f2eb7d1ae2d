package wire_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// The per-tick codecs must not allocate once the caller's buffers have
// grown; these tests hold that as behaviour (the benchmarks measure speed).

func eventPacket(spawns int) []byte {
	b := wire.AppendEventsHeader(nil, 1, 600)
	for i := range spawns {
		ev := bulletSpawn
		ev.Bullet.UID = uint32(i)
		b, _ = wire.AppendEvent(b, &ev)
	}
	b, _ = wire.AppendEvent(b, &despawn)
	b, _ = wire.AppendEvent(b, &hit)
	return b
}

func TestHotPathsDoNotAllocate(t *testing.T) {
	snap := sampleSnapshot(4, 60, 24)
	snapPkt := wire.AppendSnapshot(nil, snap)
	evPkt := eventPacket(100)
	frames := []game.Input{{Tick: 1}, {Tick: 2}, {Tick: 3}}
	inPkt := wire.AppendInput(nil, frames, 2)
	buf := make([]byte, 0, 4096)
	volleys := wardenVolleys()
	var enc wire.EventEncoder

	var dst wire.Snapshot
	require.NoError(t, wire.DecodeSnapshot(snapPkt, &dst)) // grow dst once
	inDst := make([]game.Input, 0, game.InputRedundancy)
	moved := *snap
	moved.Tick += 3
	moved.Players = slices.Clone(snap.Players)
	moved.Players[0].X += 0.5
	movedPkt := wire.AppendSnapshot(nil, &moved)
	deltaPkt, ok := wire.AppendSnapshotDelta(nil, movedPkt, snapPkt)
	require.True(t, ok)
	var ring wire.SnapshotRing
	for range wire.SnapshotRingSize {
		ring.Put(snapPkt)
	}

	cases := []struct {
		name string
		run  func()
	}{
		{"AppendSnapshot into a buffer with room", func() { _ = wire.AppendSnapshot(buf[:0], snap) }},
		{"the SnapshotEncoder into a buffer with room", func() {
			var e wire.SnapshotEncoder
			e.Begin(buf[:0], snap.Epoch, snap.Tick, snap.LastInputTick)
			for i := range snap.Players {
				e.AddPlayer(snap.Players[i])
			}
			e.BeginEnemies()
			for i := range snap.Enemies {
				e.AddEnemy(snap.Enemies[i])
			}
			e.BeginLoot()
			for i := range snap.Loot {
				e.AddLoot(snap.Loot[i])
			}
			_ = e.Finish()
		}},
		{"DecodeSnapshot into a Snapshot that has grown", func() { _ = wire.DecodeSnapshot(snapPkt, &dst) }},
		{"AppendEvent into a buffer with room", func() {
			b := wire.AppendEventsHeader(buf[:0], 1, 1)
			b, _ = wire.AppendEvent(b, &bulletSpawn)
			_, _ = wire.AppendEvent(b, &hit)
		}},
		{"an EventEncoder writing the Warden's volleys as fans", func() {
			enc.Begin(buf[:0], 1, 600)
			for i := range volleys {
				_ = enc.Add(&volleys[i])
			}
		}},
		{"EventIter over a packet", func() {
			var it wire.EventIter
			var ev game.Event
			for it.Reset(evPkt); it.Next(&ev); {
			}
		}},
		{"AppendInput into a buffer with room", func() { _ = wire.AppendInput(buf[:0], frames, 2) }},
		{"DecodeInput into a slice with room", func() { _, _, _ = wire.DecodeInput(inPkt, inDst) }},
		{"AppendSnapshotDelta into a buffer with room", func() { _, _ = wire.AppendSnapshotDelta(buf[:0], movedPkt, snapPkt) }},
		{"ApplySnapshotDelta into a buffer with room", func() { _, _ = wire.ApplySnapshotDelta(buf[:0], deltaPkt, snapPkt) }},
		{"a SnapshotRing whose slots have grown", func() {
			ring.Put(snapPkt)
			_ = ring.Get(snap.Epoch, snap.Tick)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name+" allocates nothing", func(t *testing.T) {
			assert.Zero(t, testing.AllocsPerRun(50, tc.run))
		})
	}
}
