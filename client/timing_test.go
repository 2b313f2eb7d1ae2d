package client

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/game"
	"duskfall/net/wire"
)

// TestInputTimingOrdering asserts, in one place, every relation between the
// input-timing constants of the client and the server. Two of them drifting
// apart once left a client whose every frame the server refused while the
// client believed its timing fine (docs/NETCODE.md, "Input").
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
		{"an enemy volley is shown for 100 ms before it flies over a 100 ms round trip with ±10 ms of jitter and 5 % loss",
			game.VolleyLeadTicks >= targetLead(6, max(marginOnPath(0.6), carriersFor(0.05)))+wire.SnapshotInterval-1+telegraphTicks},
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

// telegraphTicks is the least time a volley is drawn before it leaves the
// muzzle that the tie above asks for: 100 ms, the hit-visibility target
// (docs/NETCODE.md, "Hit visibility"), so a point-blank shot is seen in
// time even if it hits on its first tick of flight.
const telegraphTicks = 6

// marginOnPath is the margin the client aims with after 20 s of snapshots
// over a path whose one-way delay varies uniformly within ±jitter ticks:
// each snapshot is read at the first client frame after it arrives.
func marginOnPath(jitter float64) uint32 {
	rng := rand.New(rand.NewPCG(1, 2))
	var c leadController
	const base = 3.0 // ticks of one-way delay; only its variation matters
	for i := range 400 {
		sent := uint32(i * wire.SnapshotInterval)
		arrival := float64(sent) + base + (2*rng.Float64()-1)*jitter
		c.frame = uint32(math.Ceil(arrival))
		if i == 0 {
			c.offset = float64(int32(sent - c.frame))
		}
		c.follow(sent)
	}
	return max(c.marginNow(), jitterMargin)
}

func TestTheMarginCoversTheLossTheClientMeasures(t *testing.T) {
	cases := []struct {
		name string
		loss float64
		want uint32
	}{
		{"a clean path needs one packet per frame", 0, 1},
		{"1 % loss needs two packets in a row", 0.01, 2},
		{"5 % loss needs three", 0.05, 3},
		{"20 % loss needs five", 0.20, 5},
		{"past what a packet carries, no more count", 0.60, game.InputRedundancy},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k := carriersFor(tc.loss)
			assert.Equal(t, tc.want, k)
			if k < game.InputRedundancy {
				assert.LessOrEqual(t, math.Pow(tc.loss, float64(k)), frameLossTarget, "k packets lose the frame rarely enough")
			}
			if k > 1 {
				assert.Greater(t, math.Pow(tc.loss, float64(k-1)), frameLossTarget, "one packet fewer would not")
			}
		})
	}
	t.Run("the margin follows the measured loss", func(t *testing.T) {
		c := leadController{loss: 0.2}
		assert.Equal(t, uint32(5), c.marginNow())
	})
}

func TestAPathNotYetMeasuredStartsWithMoreThanTheLeastMargin(t *testing.T) {
	var c leadController
	c.frame = 100
	c.onSnapshot(90, 0, 6)
	assert.Greater(t, c.marginNow(), uint32(jitterMargin), "the first seconds' frames go with a margin for an unknown path")
	for range 200 { // 10 s of snapshots on a steady path
		c.frame += wire.SnapshotInterval
		c.follow(c.frame - 10)
	}
	assert.Equal(t, uint32(jitterMargin), max(c.marginNow(), jitterMargin), "a steady path brings it down to the least")
}
