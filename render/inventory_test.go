package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheInventoryScreen(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	for range 20 {
		h.press(frameInput{})
	}
	require.True(t, s.rt.Sheet().Known, "the sheet arrived")
	screen := ebiten.NewImage(WindowWidth, WindowHeight)

	t.Run("its key opens it over the game, which goes on", func(t *testing.T) {
		h.press(frameInput{Bag: true})
		require.True(t, s.inv.open)
		tick := s.rt.ServerTick()
		for range 3 {
			h.press(frameInput{})
		}
		assert.Greater(t, s.rt.ServerTick(), tick)
		assert.NotPanics(t, func() { h.a.Draw(screen) })
	})
	t.Run("it names every bag slot and worn slot, and every stat", func(t *testing.T) {
		var slots, headers []string
		for _, l := range s.inv.left {
			if l.header {
				headers = append(headers, l.name)
				continue
			}
			slots = append(slots, l.slot)
		}
		assert.Equal(t, []string{"Bag", "Worn"}, headers)
		assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "weapon", "armour", "charm"}, slots)
		var labels []string
		for _, r := range s.inv.stat {
			labels = append(labels, r.label)
		}
		assert.Contains(t, labels, "damage")
		assert.Contains(t, labels, "max health")
		assert.Contains(t, labels, "DPS")
		assert.Equal(t, "Level 1   XP 0 / 100", s.inv.head)
	})
	t.Run("it names the class, its ability and the ability's key", func(t *testing.T) {
		require.NotNil(t, s.rt.Class())
		h.a.Draw(screen)
		assert.Equal(t, "Vanguard.  Shield (Space): no hits for 1.5 s, every 10 s", s.inv.class)
		was := s.a.col.keys[actAbility]
		defer func() { s.a.col.keys[actAbility] = was }()
		s.a.col.keys[actAbility] = ebiten.KeyB
		h.a.Draw(screen)
		assert.Equal(t, "Vanguard.  Shield (B): no hits for 1.5 s, every 10 s", s.inv.class, "a rebound key is named")
	})
	t.Run("a click while it is open is not a shot", func(t *testing.T) {
		n := len(rec.intents)
		h.press(frameInput{Click: true, FireHeld: true, MouseX: 640, MouseY: 300})
		require.Len(t, rec.intents, n+1)
		assert.False(t, rec.intents[n].Fire)
	})
	t.Run("Esc closes it without opening the pause menu", func(t *testing.T) {
		h.press(frameInput{Back: true})
		assert.False(t, s.inv.open)
		assert.False(t, s.paused)
	})
	t.Run("the pad's select button toggles it too", func(t *testing.T) {
		h.press(frameInput{Pad: padState{Present: true, Select: true}})
		assert.True(t, s.inv.open)
		h.press(frameInput{Pad: padState{Present: true, Select: true}})
		assert.False(t, s.inv.open)
	})
}
