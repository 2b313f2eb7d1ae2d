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
