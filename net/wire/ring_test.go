package wire_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

// A player who takes a portal holds snapshots of the instance left behind
// for a while; a delta of the new instance must be rebuilt on a base of
// the new one even when an old snapshot's tick shares its 16 bits and is
// newer.
func TestARingFindsADeltasBaseInItsOwnEpoch(t *testing.T) {
	var ring wire.SnapshotRing
	hub := wire.AppendSnapshot(nil, &wire.Snapshot{Epoch: 1, Tick: 0x10000 + 40})
	dungeon := wire.AppendSnapshot(nil, &wire.Snapshot{Epoch: 2, Tick: 40})
	ring.Put(hub)
	ring.Put(dungeon)

	assert.Equal(t, dungeon, ring.GetTick16(2, 40), "the dungeon's snapshot, not the hub's newer one")
	assert.Equal(t, hub, ring.GetTick16(1, 40), "the hub's, asked by its epoch")
	assert.Nil(t, ring.GetTick16(3, 40), "no snapshot of an epoch the ring never held")
	assert.Nil(t, ring.GetTick16(2, 41), "nor of a tick it never held")

	newer := wire.AppendSnapshot(nil, &wire.Snapshot{Epoch: 2, Tick: 0x10000 + 40})
	ring.Put(newer)
	require.Equal(t, newer, ring.GetTick16(2, 40), "of one epoch, the newest tick with those bits")
}
