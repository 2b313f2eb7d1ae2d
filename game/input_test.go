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

func TestQueueInputFloodDropsTheOldest(t *testing.T) {
	w := NewWorld(openMap(t), testContent(), 1)
	w.AddPlayer(1)
	for k := range uint32(InputQueueCap) {
		require.Equal(t, InputAccepted, w.QueueInput(1, Input{Tick: 2 + k}))
	}
	assert.Equal(t, InputFlood, w.QueueInput(1, Input{Tick: 2 + InputQueueCap}), "one more than the cap")
	assert.Equal(t, InputFlood, w.QueueInput(1, Input{Tick: 1}), "an even older frame is itself dropped")
	w.Step() // tick 1: its frame was dropped
	assert.Equal(t, uint32(0), w.LastInputTick(1))
	w.Step() // tick 2: dropped as the oldest by the flood
	assert.Equal(t, uint32(0), w.LastInputTick(1))
	w.Step() // tick 3 survived
	assert.Equal(t, uint32(3), w.LastInputTick(1))
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
