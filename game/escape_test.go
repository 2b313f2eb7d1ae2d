package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holdEscape feeds player 1 a held ESCAPE for n ticks, returning the events.
func holdEscape(w *World, n int) []Event {
	var evs []Event
	for range n {
		feed(w, 1, Input{Buttons: BtnEscape})
		w.Step()
		evs = append(evs, w.Events()...)
	}
	return evs
}

func TestTheEscapeChannel(t *testing.T) {
	t.Run("holding ESCAPE in a dungeon completes in exactly EscapeTicks, under fire", func(t *testing.T) {
		w := dungeonWorld(t, true)
		pos, _ := w.PlayerPos(1)
		var evs []Event
		for i := range EscapeTicks {
			if i%10 == 0 { // a bullet on the player every ten ticks: damage does not interrupt
				w.spawnBullet(enemyBullet(w, pos.X, pos.Y, 6), 0, 5)
			}
			feed(w, 1, Input{Buttons: BtnEscape})
			w.Step()
			evs = append(evs, w.Events()...)
			if i < EscapeTicks-1 {
				require.Empty(t, eventsOf(w.Events(), EvEscaped), "tick %d", i+1)
			}
		}
		assert.Positive(t, len(eventsOf(evs, EvHit)), "it was hit while channelling")
		assert.Equal(t, []Event{{Kind: EvEscaped, ID: 1}}, eventsOf(evs, EvEscaped))
	})
	t.Run("the snapshot says who is channelling", func(t *testing.T) {
		w := dungeonWorld(t, true)
		holdEscape(w, 5)
		st, _ := w.PlayerState(1)
		assert.NotZero(t, st.Flags&PlayerEscaping)
		assert.Equal(t, 5, w.Escaping(1))
	})
	t.Run("letting go cancels it, and it starts over", func(t *testing.T) {
		w := dungeonWorld(t, true)
		evs := holdEscape(w, EscapeTicks-5)
		feed(w, 1, Input{})
		w.Step()
		evs = append(evs, holdEscape(w, EscapeTicks-1)...)
		assert.Empty(t, eventsOf(evs, EvEscaped))
		assert.Len(t, eventsOf(holdEscape(w, 1), EvEscaped), 1)
	})
	t.Run("death ends it", func(t *testing.T) {
		w := dungeonWorld(t, true)
		holdEscape(w, 30)
		pos, _ := w.PlayerPos(1)
		w.spawnBullet(enemyBullet(w, pos.X, pos.Y, 6), 0, 1000)
		evs := holdEscape(w, EscapeTicks)
		require.Len(t, eventsOf(evs, EvDeath), 1)
		assert.Empty(t, eventsOf(evs, EvEscaped))
	})
	t.Run("outside a dungeon ESCAPE leads nowhere for a living player", func(t *testing.T) {
		w := dungeonWorld(t, false)
		assert.Empty(t, eventsOf(holdEscape(w, 2*EscapeTicks), EvEscaped))
	})
	t.Run("a linkdead body holds ESCAPE by itself, anywhere, and does nothing else", func(t *testing.T) {
		w := dungeonWorld(t, false)
		require.True(t, w.SetLinkdead(1))
		before, _ := w.PlayerPos(1)
		var evs []Event
		for range EscapeTicks {
			feed(w, 1, Input{MoveX: 100, Buttons: BtnFire}) // frames still in flight are ignored
			w.Step()
			evs = append(evs, w.Events()...)
		}
		after, _ := w.PlayerPos(1)
		assert.Equal(t, before, after)
		assert.Zero(t, countEvents(evs, EvBulletSpawn, 0))
		assert.Equal(t, []Event{{Kind: EvEscaped, ID: 1}}, eventsOf(evs, EvEscaped))
		st, _ := w.PlayerState(1)
		assert.NotZero(t, st.Flags&PlayerLinkdead)
	})
}
