package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

func TestReadingTheFight(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	host := rec.session.(hostSession).h.(*routerSays).Host
	id := s.rt.PlayerID()
	hub := host.Server.World(id)
	t.Run("standing on a portal says which key takes it and where", func(t *testing.T) {
		hub.Teleport(id, hub.Portals()[0].Pos)
		for range 20 {
			h.press(ui.FrameInput{})
		}
		self, _ := s.rt.Self()
		assert.Equal(t, "Press E: enter "+s.look.PortalName(hub.Portals()[0].Dungeon), s.portalPrompt(self.Pos))
		assert.Empty(t, s.portalPrompt(game.Vec{X: -1000, Y: -1000}))
	})
	t.Run("the prompt names the key the player bound", func(t *testing.T) {
		ui.Bind(&h.a.settings, ui.ActInteract, ebiten.KeyG)
		h.a.applyInput()
		self, _ := s.rt.Self()
		assert.Contains(t, s.portalPrompt(self.Pos), "Press G: enter ")
		ui.Bind(&h.a.settings, ui.ActInteract, ebiten.KeyE)
		h.a.applyInput()
	})
	t.Run("a hit on the own ship floats its damage and shakes the screen, unless shake is off", func(t *testing.T) {
		require.True(t, hub.SetPlayerHealth(id, 100))
		f := s.fx
		f.OnMark(s.frame(), hitMark(game.EvHit, game.ActorPlayer, id, 12))
		assert.True(t, popShown(f, "12"))
		assert.Greater(t, f.Shake, 0.0)
		f.Shake = 0
		h.a.settings.ScreenShake = false
		f.OnMark(s.frame(), hitMark(game.EvHit, game.ActorPlayer, id, 9))
		assert.Zero(t, f.Shake)
		assert.True(t, popShown(f, "9"))
		h.a.settings.ScreenShake = true
	})
	t.Run("a shake fades", func(t *testing.T) {
		f := hud.NewEffects()
		f.Shake = hud.MaxShake
		for range 60 {
			f.Shake *= hud.ShakeDecay
		}
		x, y := f.ShakeOffset(7)
		assert.Zero(t, x)
		assert.Zero(t, y)
	})
	t.Run("an enemy's whole health follows the floor and, for a boss, the party", func(t *testing.T) {
		c := s.look.Content
		grunt, warden := kindOf(t, c, "grunt"), kindOf(t, c, "warden")
		assert.InDelta(t, float64(c.Enemies[grunt].MaxHP), s.look.WholeHealth(uint8(grunt), 1, 1), 0.01)
		assert.InDelta(t, float64(c.Enemies[grunt].MaxHP)*game.DepthHealth(3), s.look.WholeHealth(uint8(grunt), 3, 1), 0.01)
		assert.InDelta(t, float64(c.Enemies[warden].MaxHP)*2/5, s.look.WholeHealth(uint8(warden), 1, 1), 0.01)
	})
	t.Run("numbers are formatted once", func(t *testing.T) {
		f := hud.NewEffects()
		a := f.Number(42)
		assert.Zero(t, allocsPerRun(10, func() { _ = f.Number(42) }))
		assert.Equal(t, "42", a)
	})
}

func hitMark(kind game.EventKind, actor uint8, id uint16, amount int16) client.HitMark {
	return client.HitMark{Event: game.Event{Kind: kind, Actor: actor, ID: id, Amount: amount}}
}

func popShown(f *hud.Effects, text string) bool {
	for _, p := range f.Pops {
		if p.Alive && p.Text == text {
			return true
		}
	}
	return false
}

func kindOf(t *testing.T, c *game.Content, id string) int {
	for i, e := range c.Enemies {
		if e.ID == id {
			return i
		}
	}
	t.Fatalf("no enemy %q", id)
	return -1
}
