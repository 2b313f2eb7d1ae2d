package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

func TestAPlayingPeerIsToldItsRoundTripOnceASecondBesideASnapshot(t *testing.T) {
	c := content(t)
	lp := joinLocal(t, Config{Content: c, Map: corridor(t, c, 200), Seed: 3, IdleTimeoutTicks: -1})
	lp.order = lp.order[:0]
	for range 5 * game.TickRate {
		lp.step(t)
	}
	told := 0
	for i, typ := range lp.order {
		if typ != wire.MsgRoundTrip {
			continue
		}
		told++
		require.Positive(t, i)
		assert.Contains(t, []wire.MsgType{wire.MsgSnapshot, wire.MsgSnapshotDelta}, lp.order[i-1],
			"a RoundTrip is sent right after a snapshot, to ride its datagram")
	}
	assert.Equal(t, 5, told, "five seconds of play, five RoundTrips")
}
