package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQueueInputVerdicts(t *testing.T) {
	w := NewWorld(openMap(t), testContent(), 1)
	w.AddPlayer(1)
	for range 100 {
		w.Step()
	}
	require.Equal(t, InputAccepted, w.QueueInput(1, Input{Tick: 101}))
	w.Step() // consumes tick 101
	now := w.Tick()
	cases := []struct {
		name string
		id   uint16
		tick uint32
		want InputVerdict
	}{
		{"a frame for the next tick is accepted", 1, now + 1, InputAccepted},
		{"a redundant copy of a queued frame is a duplicate", 1, now + 1, InputDuplicate},
		{"a frame at the edge of the lead is accepted", 1, now + InputMaxLead, InputAccepted},
		{"a frame beyond the lead is from the future", 1, now + InputMaxLead + 1, InputFuture},
		{"the consumed tick again is a replay", 1, 101, InputReplay},
		{"an older tick than the consumed one is a replay", 1, 60, InputReplay},
		{"an unknown player is refused", 9, now + 2, InputUnknownPlayer},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, w.QueueInput(c.id, Input{Tick: c.tick})) })
	}
	t.Run("a frame older than InputMaxAge is stale", func(t *testing.T) {
		w2 := NewWorld(openMap(t), testContent(), 1)
		w2.AddPlayer(1)
		for range 100 {
			w2.Step()
		}
		assert.Equal(t, InputStale, w2.QueueInput(1, Input{Tick: 100 - InputMaxAge - 1}))
		assert.Equal(t, InputAccepted, w2.QueueInput(1, Input{Tick: 100 - InputMaxAge}))
	})
}

// A full queue keeps the frames needed soonest: an overflow drops the
// frame furthest ahead, so a burst can never push out the next tick's.
func TestQueueInputFloodDropsTheFurthestAhead(t *testing.T) {
	w := NewWorld(openMap(t), testContent(), 1)
	w.AddPlayer(1)
	for range 10 {
		w.Step()
	}
	edge := w.Tick() + InputMaxLead
	first := edge - InputQueueCap + 1
	for tick := first; tick <= edge; tick++ {
		require.Equal(t, InputAccepted, w.QueueInput(1, Input{Tick: tick}), "tick %d", tick)
	}
	assert.Equal(t, InputFlood, w.QueueInput(1, Input{Tick: first - 1}),
		"one more frame than the cap, sooner than all: it gets in and the furthest goes")
	for w.Tick() < edge-1 {
		w.Step()
	}
	assert.Equal(t, edge-1, w.LastInputTick(1), "every frame up to the furthest was consumed")
	w.Step()
	assert.Equal(t, edge-1, w.LastInputTick(1), "the furthest was the one dropped")
}

func TestInputConsumptionAndCoasting(t *testing.T) {
	w := NewWorld(openMap(t), testContent(), 1)
	w.AddPlayer(1)
	start, _ := w.PlayerPos(1)
	feed(w, 1, Input{MoveX: 100})
	w.Step()
	assert.Equal(t, uint32(1), w.LastInputTick(1), "the frame for the tick is consumed and acknowledged")
	for range InputMaxAge {
		w.Step()
	}
	pos, _ := w.PlayerPos(1)
	assert.InDelta(t, start.X+4*(1+InputMaxAge), pos.X, 1e-9, "it coasted on the last frame for InputMaxAge ticks")
	w.Step()
	w.Step()
	after, _ := w.PlayerPos(1)
	assert.Equal(t, pos, after, "then it stopped")
	assert.Equal(t, uint32(1), w.LastInputTick(1), "coasting acknowledges nothing")

	t.Run("a frame that arrives after its tick is not acknowledged", func(t *testing.T) {
		late := w.Tick()
		require.Equal(t, InputAccepted, w.QueueInput(1, Input{Tick: late, MoveY: 100}))
		w.Step()
		assert.Equal(t, uint32(1), w.LastInputTick(1))
	})
}
