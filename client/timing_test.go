package client

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/game"
	"duskfall/net/wire"
)

// TestInputTimingOrdering asserts, in one place, every relation between the
// input-timing constants of the client and the server. Two of them drifting
// apart once left a client whose every frame the server refused while the
// client believed its timing fine (NETCODE.md, "Input timing").
func TestInputTimingOrdering(t *testing.T) {
	var c leadController
	c.newest, c.want = 1000, targetLead(1e9, maxMargin)
	cases := []struct {
		name string
		ok   bool
	}{
		{"the client's band starts at a lead of at least one tick", InputLeadMin >= 1},
		{"the longest lead the client aims for is inside its band",
			targetLead(1e9, maxMargin) <= InputLeadMax},
		{"the client's band plus its jitter tolerance is inside the server's window",
			InputLeadMax+jitterMargin < game.InputMaxLead},
		{"the furthest frame the client sends is one the server accepts",
			c.highest()-c.newest <= game.InputMaxLead},
		{"the server's queue holds its whole window plus one packet's redundant frames",
			game.InputQueueCap >= game.InputMaxLead+game.InputRedundancy},
		{"a lengthening of the lead still reaches the server whole", maxFill < game.InputRedundancy},
		{"the server coasts through a lost snapshot's worth of frames",
			game.InputMaxAge >= 2*wire.SnapshotInterval},
		{"a clock jump is confirmed before the ack-stall backstop fires", 2 < InputAckStallLimit},
		{"a stalled acknowledgement is noticed within a second",
			InputAckStallLimit*wire.SnapshotInterval <= game.TickRate},
		{"an enemy volley is announced early enough for a 100 ms round trip",
			game.VolleyLeadTicks >= targetLead(6, jitterMargin)+wire.SnapshotInterval-1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { assert.True(t, tc.ok) })
	}
}

func TestTheMarginCoversTheJitterTheClientMeasures(t *testing.T) {
	feed := func(spread func(i int) int32) leadController {
		var c leadController
		c.offset = 0
		for i := range 400 { // 20 s of snapshots
			c.frame += wire.SnapshotInterval
			c.follow(c.frame + uint32(spread(i)))
		}
		return c
	}
	cases := []struct {
		name    string
		spread  func(i int) int32
		atMost  uint32
		atLeast uint32
	}{
		{"a steady path keeps the least margin", func(int) int32 { return 0 }, jitterMargin, 0},
		{"a path whose samples wander a tick keeps a margin of a few ticks",
			func(i int) int32 { return int32(i%3) - 1 }, 6, 3},
		{"a path jittering two ticks either way is covered up to the most margin",
			func(i int) int32 { return int32(i*7%5) - 2 }, maxMargin, maxMargin},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := feed(tc.spread)
			got := max(c.marginNow(), jitterMargin) // targetLead never aims below jitterMargin
			assert.LessOrEqual(t, got, tc.atMost)
			assert.GreaterOrEqual(t, got, tc.atLeast)
		})
	}
}
