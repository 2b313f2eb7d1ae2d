package server

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
)

func TestTheLoopKeepsItsVitalsForOtherGoroutines(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clock := newVirtualClock(3*time.Second, cancel)
	var got []Status
	s := loopServer(t, clock, func(st Status) error { got = append(got, st); return nil })

	before := s.Vitals()
	assert.Equal(t, PhaseIdle, before.Phase, "a server not yet run is idle")
	assert.False(t, before.HasStatus)
	assert.True(t, before.LastStep.IsZero())

	runWithin(t, s, ctx, 10*time.Second)
	require.Len(t, got, 2)
	after := s.Vitals()
	t.Run("each status is stamped with the loop's time, in UTC to the millisecond", func(t *testing.T) {
		last := clock.start
		for _, st := range got {
			since := st.Updated.Sub(last) // last is truncated too: within a ms
			assert.GreaterOrEqual(t, since, time.Second-time.Millisecond, "taken once a second is up")
			assert.Less(t, since, time.Second+tickStep+time.Millisecond, "by the first loop turn after it")
			assert.Equal(t, st.Updated, st.Updated.Truncate(time.Millisecond))
			assert.Equal(t, time.UTC, st.Updated.Location())
			last = st.Updated
		}
		b, err := json.Marshal(got[0])
		require.NoError(t, err)
		assert.Contains(t, string(b), `{"updated":"1970-01-01T00:16:41.016Z",`, "RFC 3339, first in the file")
	})
	t.Run("the vitals hold the latest status the writer was given", func(t *testing.T) {
		require.True(t, after.HasStatus)
		assert.Equal(t, got[len(got)-1], after.Status)
		assert.Equal(t, DefaultMaxPlayers, after.MaxPlayers)
		assert.Equal(t, DefaultMaxPlayers, after.Status.MaxPlayers)
	})
	t.Run("the vitals hold when the last step started, by the loop's clock", func(t *testing.T) {
		assert.False(t, after.LastStep.Before(clock.start.Add(2*time.Second)))
		assert.False(t, after.LastStep.After(clock.t))
	})
	t.Run("a loop that returned is stopped", func(t *testing.T) {
		assert.Equal(t, PhaseStopped, after.Phase)
	})
}

// The loop times every step into the metrics' histograms; that must not
// cost the tick an allocation (CONTRIBUTING.md: no allocations on hot
// paths). The fight is BenchmarkServerStepDenseFight's, stepped as Run
// steps it.
func TestATimedTickOfAFightAllocatesNothing(t *testing.T) {
	content, m := denseArena(t)
	s, err := New(Config{Content: content, Map: m, Seed: 99}, &discardServer{})
	require.NoError(t, err)
	ids := []uint16{1, 2, 3, 4}
	for _, id := range ids {
		p := &peer{id: transport.PeerID(id), player: id, state: peerPlaying}
		s.peers[p.id], s.order = p, append(s.order, p)
		s.hub.add(s, p)
	}
	lp := newLoopStats(s.vitals.times)
	tick := func() {
		for _, id := range ids {
			s.hub.world.QueueInput(id, botInput(id, s.hub.world.Tick()+1))
		}
		s.timedStep(lp)
	}
	for range 300 { // into the fight, every buffer grown
		tick()
	}
	assert.Zero(t, testing.AllocsPerRun(200, tick))
	assert.EqualValues(t, 300+201, histogramOf(t, s.vitals.times.step).GetSampleCount(), "every step was observed")
}
