package render

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// A slot of the item bar pointed at in play, the inventory closed, shows
// the tooltip the inventory shows, placed over the fight with what comes
// and goes: once the pointer rests there a moment with the fire button
// up, clear of every word and box drawn, at every window size. A click
// there is still a shot, and uses nothing.
func TestTheBarTooltipInPlay(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	id := s.rt.PlayerID()
	w := hostOf(rec).Server.World(id)
	bag, worn, ok := w.PlayerItems(id)
	require.True(t, ok)
	charm := slices.IndexFunc(s.rt.Content().Items, func(it game.ItemDef) bool { return it.ID == "feather_charm" })
	require.GreaterOrEqual(t, charm, 0)
	bag[1] = game.Item{ID: 990002, Def: uint16(charm)}
	require.True(t, w.SetPlayerItems(id, bag, worn))
	hostOf(rec).Server.GrantXP(id, 1) // the sheet goes out again, with the bag
	for n := 0; s.rt.Sheet().Bag[1] != charm; n++ {
		require.Less(t, n, 120, "the sheet shows the charm")
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
	}
	over := func(in ui.FrameInput) ui.FrameInput {
		c := hud.SlotRect(1, s.win.W, s.win.H)
		in.Mouse.X, in.Mouse.Y, in.Mouse.Moved = c.Min.X+c.Dx()/2, c.Min.Y+c.Dy()/2, true
		return in
	}
	rest := func(in ui.FrameInput) {
		for range hud.TipRest + 1 {
			h.press(over(in))
		}
	}
	drawn := func() []ui.Box {
		screen := ebiten.NewImage(s.win.W, s.win.H)
		defer screen.Deallocate()
		h.a.Draw(screen)
		return append([]ui.Box(nil), h.a.Gfx.Boxes.Boxes...)
	}
	named := func(boxes []ui.Box, name string) (image.Rectangle, bool) {
		for _, b := range boxes {
			if b.Name == name {
				return b.R, true
			}
		}
		return image.Rectangle{}, false
	}

	t.Run("passing over the bar shows nothing", func(t *testing.T) {
		h.press(over(ui.FrameInput{}))
		assert.Equal(t, -1, s.items.TipSlot(false))
		_, shown := named(drawn(), "tooltip")
		assert.False(t, shown)
	})
	t.Run("firing over the bar shows nothing, however long", func(t *testing.T) {
		rest(ui.FrameInput{Mouse: ui.Mouse{Held: true}})
		assert.Equal(t, -1, s.items.TipSlot(false))
	})
	t.Run("resting on a slot shows its tooltip, with its figures and its flavour, and logs it once", func(t *testing.T) {
		rest(ui.FrameInput{})
		require.Equal(t, 1, s.items.TipSlot(false))
		tip := s.items.Tips[1]
		assert.Equal(t, "Feather Charm", tip.Title)
		assert.Contains(t, tip.Lines, "Moves 13 % faster: 240 → 270 u/s")
		assert.Equal(t, "Lighter on your feet.", tip.Text)
		_, shown := named(drawn(), "tooltip")
		assert.True(t, shown)
		drawn()
		assert.Equal(t, 1, strings.Count(h.log.String(), "duskfall: tooltip Feather Charm | Moves 13 % faster: 240 → 270 u/s | Lighter on your feet.\n"), h.log.String())
	})
	t.Run("placing it allocates nothing once warm: its size, its room among the boxes, its log line", func(t *testing.T) {
		rest(ui.FrameInput{})
		drawn()
		g := h.a.Gfx
		tip, k := &s.items.Tips[1], ui.Scale(s.win.W, s.win.H)
		place := func() {
			g.Boxes.Reset()
			g.Boxes.On = true
			r := hud.TooltipRect(g, tip, hud.SlotRect(1, s.win.W, s.win.H), s.win.W, k)
			g.Boxes.RoomAt("tooltip", r.Min.X, r.Dx(), r.Dy(), r.Min.Y, -1, s.win.W, s.win.H, ui.Px(ui.TransientGap, k))
			s.items.SayTip(s.items.TipSlot(false))
		}
		place()
		assert.Zero(t, allocsPerRun(20, place), "(drawing the panel and its words is Ebitengine's, measured in the frame)")
	})
	t.Run("a click on the slot in play is a shot and uses nothing", func(t *testing.T) {
		n := len(rec.intents)
		h.press(over(ui.FrameInput{Mouse: ui.Mouse{Click: true, Held: true}}))
		got := rec.intents[n]
		assert.True(t, got.Fire)
		assert.False(t, got.Use || got.Drop)
	})
	for _, sz := range tipSizes() {
		t.Run(fmt.Sprintf("at %d×%d it stands over its slot, on no other box", sz.X, sz.Y), func(t *testing.T) {
			h.a.Layout(sz.X, sz.Y)
			defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
			rest(ui.FrameInput{})
			s.items.Push("Picked up Feather Charm", s.now()) // a feedback line wants the room above the bar too
			boxes := drawn()
			r, shown := named(boxes, "tooltip")
			require.True(t, shown, "boxes: %v", boxes)
			slot := hud.SlotRect(1, sz.X, sz.Y)
			assert.LessOrEqual(t, r.Max.Y, slot.Min.Y, "over its slot")
			assert.Empty(t, ui.LayoutFaults(boxes, sz.X, sz.Y))
		})
	}
	t.Run("in the inventory it goes over the panel as before", func(t *testing.T) {
		s.inv.Open = true
		defer func() { s.inv.Open = false }()
		h.press(over(ui.FrameInput{}))
		assert.Equal(t, 1, s.items.TipSlot(true), "no rest needed over the inventory")
		_, ok := s.items.TipRect(h.a.Gfx, s.frame())
		assert.True(t, ok)
		_, shown := named(drawn(), "tooltip")
		assert.False(t, shown, "not placed over the fight as well")
	})
}

// tipSizes are the windows a layout is checked at: the smallest the
// window allows, the default, and 1440p.
func tipSizes() []image.Point { return []image.Point{{640, 400}, {1280, 720}, {2560, 1440}} }
