package render

import (
	"fmt"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

func TestTheInventoryScreen(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	for range 20 {
		h.press(ui.FrameInput{})
	}
	require.True(t, s.rt.Sheet().Known, "the sheet arrived")
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)

	t.Run("its key opens it over the game, which goes on", func(t *testing.T) {
		h.press(ui.FrameInput{Bag: true})
		require.True(t, s.inv.Open)
		tick := s.rt.ServerTick()
		for range 3 {
			h.press(ui.FrameInput{})
		}
		assert.Greater(t, s.rt.ServerTick(), tick)
		assert.NotPanics(t, func() { h.a.Draw(screen) })
	})
	t.Run("it names every bag slot and worn slot, and every stat", func(t *testing.T) {
		var slots, headers []string
		for _, l := range s.inv.Left {
			if l.Header {
				headers = append(headers, l.Name)
				continue
			}
			slots = append(slots, l.Slot)
		}
		assert.Equal(t, []string{"Bag", "Worn"}, headers)
		assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "weapon", "armour", "charm"}, slots)
		var labels []string
		for _, r := range s.inv.Stat {
			labels = append(labels, r.Label)
		}
		assert.Contains(t, labels, "damage")
		assert.Contains(t, labels, "max health")
		assert.Contains(t, labels, "DPS, one target")
		assert.Equal(t, "Level 1   XP 0 / 100", s.inv.Head)
	})
	t.Run("it names the class, its ability and the ability's key", func(t *testing.T) {
		require.NotNil(t, s.rt.Class())
		h.a.Draw(screen)
		assert.Equal(t, "Vanguard.  Shield (Space): no hits for 1.5 s, every 10 s", s.inv.Class)
		was := s.keys[ui.ActAbility]
		defer func() { s.keys[ui.ActAbility] = was }()
		s.keys[ui.ActAbility] = ebiten.KeyB
		h.a.Draw(screen)
		assert.Equal(t, "Vanguard.  Shield (B): no hits for 1.5 s, every 10 s", s.inv.Class, "a rebound key is named")
	})
	t.Run("a click while it is open is not a shot", func(t *testing.T) {
		n := len(rec.intents)
		h.press(ui.FrameInput{Mouse: ui.Mouse{Click: true, Held: true, X: 640, Y: 300}})
		require.Len(t, rec.intents, n+1)
		assert.False(t, rec.intents[n].Fire)
	})
	t.Run("Esc closes it without opening the pause menu", func(t *testing.T) {
		h.press(ui.FrameInput{Back: true})
		assert.False(t, s.inv.Open)
		assert.False(t, s.pause.open)
	})
	t.Run("the pad's select button toggles it too", func(t *testing.T) {
		h.press(ui.FrameInput{Pad: ui.PadState{Present: true, Select: true}})
		assert.True(t, s.inv.Open)
		h.press(ui.FrameInput{Pad: ui.PadState{Present: true, Select: true}})
		assert.False(t, s.inv.Open)
	})
	t.Run("in the smallest window its rows scroll by the wheel and by the page keys, within their ends", func(t *testing.T) {
		h.press(ui.FrameInput{Bag: true})
		require.True(t, s.inv.Open)
		defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
		h.a.Layout(settings.MinWindowWidth, settings.MinWindowHeight)
		small := ebiten.NewImage(settings.MinWindowWidth, settings.MinWindowHeight)
		h.a.Draw(small)
		require.Positive(t, s.inv.MaxScroll, "the rows do not all fit at 640×400")
		steps := []struct {
			name string
			in   ui.FrameInput
			want func() int
		}{
			{"a notch down moves two lines", ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}}, func() int { return min(2, s.inv.MaxScroll) }},
			{"Page Up goes back to the top", ui.FrameInput{PageUp: true}, func() int { return 0 }},
			{"Page Down goes a page on", ui.FrameInput{PageDown: true}, func() int { return min(s.inv.Page, s.inv.MaxScroll) }},
			{"many notches stop at the end", ui.FrameInput{Mouse: ui.Mouse{Wheel: -40}}, func() int { return s.inv.MaxScroll }},
			{"many notches up stop at the top", ui.FrameInput{Mouse: ui.Mouse{Wheel: 40}}, func() int { return 0 }},
		}
		for _, st := range steps {
			h.press(st.in)
			h.a.Draw(small)
			assert.Equal(t, st.want(), s.inv.Scroll, st.name)
		}
		h.a.Layout(ui.WindowWidth, ui.WindowHeight)
		h.a.Draw(screen)
		assert.Zero(t, s.inv.MaxScroll, "at 1280×720 every row fits")
		h.press(ui.FrameInput{Bag: true})
	})
}

func TestTheInventoryPanelLeavesTheBarsInView(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{640, 400}, {800, 600}, {1024, 640}, {1280, 720}, {1920, 1080}, {2560, 1440}, {3840, 2160}} {
		t.Run(fmt.Sprintf("at %d×%d it covers neither the health bar nor the ability bar, and stays in the window", sz.w, sz.h), func(t *testing.T) {
			r := hud.InvRect(sz.w, sz.h)
			hp := hud.HpBarRect(sz.w, sz.h)
			ab := hud.AbilityBarRect(hp, ui.Scale(sz.w, sz.h))
			assert.False(t, r.Overlaps(hp), "panel %v, health bar %v", r, hp)
			assert.False(t, r.Overlaps(ab), "panel %v, ability bar %v", r, ab)
			assert.False(t, r.Overlaps(hud.BarRect(sz.w, sz.h)), "panel %v, item bar %v", r, hud.BarRect(sz.w, sz.h))
			assert.True(t, r.In(image.Rect(0, 0, sz.w, sz.h)), "panel %v", r)
			assert.Greater(t, r.Dy(), sz.h/3, "the panel keeps a third of the window")
		})
	}
}
