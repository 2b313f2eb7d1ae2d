package client

import (
	"duskfall/net/wire"
	"testing"

	"github.com/stretchr/testify/assert"
)

// ticks returns the snapshot ticks from first for n snapshots, leaving out
// those whose index drop says to drop.
func ticks(first uint32, n int, drop func(i int) bool) []uint32 {
	var out []uint32
	for i := range n {
		if drop == nil || !drop(i) {
			out = append(out, first+uint32(i*wire.SnapshotInterval))
		}
	}
	return out
}

func concat(parts ...[]uint32) []uint32 {
	var out []uint32
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestSnapshotLoss(t *testing.T) {
	cases := []struct {
		name           string
		ticks          []uint32
		loss           float64
		expected, lost uint64
	}{
		{name: "every snapshot arriving is no loss",
			ticks: ticks(300, 80, nil), loss: 0, expected: 80},
		{name: "three in a hundred missing is 3 % loss",
			ticks: ticks(300, 100, func(i int) bool { return i%33 == 10 }), loss: 0.03, expected: 100, lost: 3},
		{name: "the window forgets losses older than five seconds",
			ticks: ticks(300, 100+lossWindowSlots, func(i int) bool { return i < 50 && i%10 == 5 }),
			loss:  0, expected: 100 + lossWindowSlots, lost: 5},
		{name: "a snapshot that arrives after a newer one stays lost",
			ticks: []uint32{300, 303, 309, 306, 312, 315, 318, 321, 324, 327}, loss: 0.1, expected: 10, lost: 1},
		{name: "a duplicate is not counted twice",
			ticks: []uint32{300, 303, 303, 306, 309}, loss: 0, expected: 4},
		{name: "a world whose ticks start over restarts the window",
			ticks: concat(ticks(3000, 50, func(i int) bool { return i%2 == 0 }), ticks(0, 20, nil)),
			loss:  0, expected: 49 + 20, lost: 24}, // counted from the first that arrived
		{name: "a jump back to a world far ahead restarts the window too",
			ticks: concat(ticks(0, 20, nil), ticks(90000, 20, func(i int) bool { return i == 19 })),
			loss:  0, expected: 39},
		{name: "world ticks that are not multiples of the interval count the same",
			ticks: ticks(301, 100, func(i int) bool { return i%20 == 7 }), loss: 0.05, expected: 100, lost: 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var l snapshotLoss
			for _, tick := range c.ticks {
				l.note(tick)
			}
			assert.InDelta(t, c.loss, l.Loss(), 1e-9)
			assert.Equal(t, c.expected, l.expected, "snapshots expected since the start")
			assert.Equal(t, c.lost, l.lost, "snapshots lost since the start")
		})
	}
}

func TestNotingASnapshotDoesNotAllocate(t *testing.T) {
	var l snapshotLoss
	tick := uint32(0)
	allocs := testing.AllocsPerRun(1000, func() {
		tick += wire.SnapshotInterval * uint32(1+tick%7)
		l.note(tick)
	})
	assert.Zero(t, allocs)
}
