package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

// enemyAt is a snapshot at tick with one enemy (id 7) at x.
func enemyAt(tick uint32, x float32) *wire.Snapshot {
	return &wire.Snapshot{Tick: tick, Enemies: []game.EnemyState{{ID: 7, X: x, Y: 50, HP: 1, MaxHP: 1}}}
}

func TestSnapshotHistory(t *testing.T) {
	var h snapshotHistory
	h.init()
	require.True(t, h.push(enemyAt(30, 300)))
	require.True(t, h.push(enemyAt(33, 330)))
	t.Run("a snapshot not newer than the newest is refused", func(t *testing.T) {
		assert.False(t, h.push(enemyAt(33, 999)))
		assert.False(t, h.push(enemyAt(27, 999)))
		assert.Equal(t, uint32(33), h.newest().Tick)
	})
	cases := []struct {
		name      string
		at        float64
		a, b      uint32
		alpha     float64
		heldAtEnd bool
	}{
		{"a tick between two snapshots brackets them", 31.5, 30, 33, 0.5, false},
		{"a tick on a snapshot is that snapshot", 30, 30, 33, 0, false},
		{"a tick past the newest holds the newest: no extrapolation", 40, 33, 33, 0, true},
		{"a tick before the oldest holds the oldest", 10, 30, 30, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b, alpha := h.bracket(c.at)
			require.NotNil(t, a)
			assert.Equal(t, c.a, a.Tick)
			assert.Equal(t, c.b, b.Tick)
			assert.InDelta(t, c.alpha, alpha, 1e-9)
			assert.Equal(t, c.heldAtEnd, a == b)
		})
	}
	t.Run("the ring keeps the newest historyLen snapshots", func(t *testing.T) {
		for k := range uint32(2 * historyLen) {
			h.push(enemyAt(36+3*k, 0))
		}
		a, _, _ := h.bracket(0)
		assert.Equal(t, uint32(36+3*historyLen), a.Tick, "older ones have been overwritten")
	})
	t.Run("a reset forgets everything", func(t *testing.T) {
		h.reset()
		assert.Nil(t, h.newest())
		a, b, _ := h.bracket(50)
		assert.Nil(t, a)
		assert.Nil(t, b)
	})
}

// Remote actors are drawn InterpDelayTicks behind the server-tick
// estimate, blended between the snapshots either side.
func TestTheViewInterpolatesRemoteActors(t *testing.T) {
	r := &Runtime{names: map[uint16]string{}, seen: map[uint16]bool{}}
	r.history.init()
	r.history.push(enemyAt(30, 300))
	r.history.push(enemyAt(33, 330))
	r.history.push(enemyAt(36, 360))
	r.lead = leadController{frame: 0, offset: 31.5 + InterpDelayTicks} // drawn at tick 31.5
	r.view.build(r)
	require.Len(t, r.Enemies(), 1)
	assert.InDelta(t, 315, r.Enemies()[0].Pos.X, 1e-9)
	r.lead.offset = 50 + InterpDelayTicks
	r.view.build(r)
	assert.InDelta(t, 360, r.Enemies()[0].Pos.X, 1e-9, "past the newest snapshot the enemy holds")
}
