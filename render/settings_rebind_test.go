package render

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/profile"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// openSettings opens Settings from the main menu of a fresh harness, in
// a window of the default size, and lays it out.
func openSettings(t *testing.T) (*harness, *settings.Panel) {
	t.Helper()
	h := newHarness(t, Options{Port: 7777})
	for range 4 { // past Host and play, its port, Join and the host's password
		h.press(ui.FrameInput{Down: true})
	}
	h.press(ui.FrameInput{Enter: true})
	h.press(ui.FrameInput{}) // its first frame lays it out
	return h, sceneOf[*settingsScene](t, h).panel
}

// settingsRow is the row labelled label, which the test needs.
func settingsRow(t *testing.T, p *settings.Panel, label string) int {
	t.Helper()
	for i, r := range p.Rows {
		if r.Label == label {
			return i
		}
	}
	require.Failf(t, "no such row", "Settings has no row %q", label)
	return -1
}

// clickRow scrolls row i into view and clicks it, with keys pressed in
// the click's own frame.
func clickRow(h *harness, p *settings.Panel, i int, keys ...ebiten.Key) {
	for !p.InView(i) {
		h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
	}
	r := p.Rects[i]
	h.press(ui.FrameInput{Pressed: keys, Mouse: ui.Mouse{X: r.Min.X + 10, Y: r.Min.Y + 5, Moved: true, Click: true}})
}

// rebindRow starts rebinding the row labelled label with Enter.
func rebindRow(t *testing.T, h *harness, p *settings.Panel, label string) {
	t.Helper()
	i := settingsRow(t, p, label)
	for p.Sel != i {
		h.press(ui.FrameInput{Down: true})
	}
	h.press(ui.FrameInput{Enter: true})
	require.True(t, p.Binding, "waiting for the key of %q", label)
}

func TestSettingsRebindsEveryKeyAPlayerUses(t *testing.T) {
	t.Run("focus and each bag slot have a row, and play reads the key bound there", func(t *testing.T) {
		h, p := openSettings(t)
		rebindRow(t, h, p, "Focus (slower, hitbox shown)")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyControlLeft}})
		assert.Equal(t, ebiten.KeyControl, h.a.col.Keys[ui.ActFocus], "either Ctrl, as a player names it")
		assert.Equal(t, "Ctrl", p.Rows[settingsRow(t, p, "Focus (slower, hitbox shown)")].Value())
		for slot := 1; slot <= 8; slot++ {
			settingsRow(t, p, "Use bag slot "+string(rune('0'+slot)))
		}
		rebindRow(t, h, p, "Use bag slot 3")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyR}})
		assert.Equal(t, ebiten.KeyR, h.a.col.Keys[ui.ActSlot1+2])
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, map[string]string{"focus": "Control", "slot3": "R"}, saved.Keys)
	})
	t.Run("the focus key focuses, but not on the frame a bag slot's key goes down", func(t *testing.T) {
		var a ui.Aimer
		assert.True(t, a.Intent(&ui.FrameInput{Focus: true}, 640, 360).Focus)
		assert.False(t, a.Intent(&ui.FrameInput{Focus: true, Shift: true, Slot: 2}, 640, 360).Focus, "Shift+2 drops")
		assert.False(t, a.Intent(&ui.FrameInput{Shift: true}, 640, 360).Focus, "Shift focuses only while it is the focus key")
	})
	t.Run("a key another action had is said in words: W was Move up, Move up is now Space", func(t *testing.T) {
		h, p := openSettings(t)
		rebindRow(t, h, p, "Class ability")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyW}})
		assert.False(t, p.Binding)
		assert.Equal(t, "W was Move up: Move up is now Space", p.Said)
		assert.Contains(t, h.log.String(), "duskfall: settings says W was Move up: Move up is now Space\n")
		assert.Equal(t, ebiten.KeyW, h.a.col.Keys[ui.ActAbility])
		assert.Equal(t, ebiten.KeySpace, h.a.col.Keys[ui.ActUp])
		h.press(ui.FrameInput{Down: true})
		assert.Empty(t, p.Said, "the words go when the choice moves on")
	})
	t.Run("a key with a fixed meaning is refused in words, and the row waits for another", func(t *testing.T) {
		h, p := openSettings(t)
		rebindRow(t, h, p, "Inventory")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyF11}})
		assert.True(t, p.Binding, "still waiting")
		assert.Equal(t, "Inventory not bound: F11 always switches full screen", p.Said)
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyArrowUp}})
		assert.Contains(t, p.Said, "the arrow keys always move")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyB}})
		assert.False(t, p.Binding)
		assert.Equal(t, ebiten.KeyB, h.a.col.Keys[ui.ActInventory])
		assert.Equal(t, "Inventory is now B", p.Said)
	})
	t.Run("Shift uses no bag slot, given or by a swap: with a slot's key it drops", func(t *testing.T) {
		h, p := openSettings(t)
		rebindRow(t, h, p, "Use bag slot 1")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyShiftRight}})
		assert.True(t, p.Binding)
		assert.Contains(t, p.Said, "Shift cannot use a bag slot")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyEscape}})
		rebindRow(t, h, p, "Focus (slower, hitbox shown)")
		h.press(ui.FrameInput{Pressed: []ebiten.Key{ebiten.KeyDigit4}}) // slot 4 would get Shift
		assert.Equal(t, "Focus not bound: Bag slot 4 has 4 and cannot take Shift; give it another key first", p.Said)
		assert.Equal(t, ebiten.KeyShift, h.a.col.Keys[ui.ActFocus])
	})
	t.Run("a key row's note says which keys are fixed", func(t *testing.T) {
		h, p := openSettings(t)
		screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
		h.a.Draw(screen)
		assert.Empty(t, p.Note(h.a.Gfx, ui.WindowWidth, 1), "on the Name row")
		rebindRow(t, h, p, "Move up")
		note := p.Note(h.a.Gfx, ui.WindowWidth, 1)
		for _, fixed := range []string{"Esc", "F11", "arrow", "mouse", "Shift"} {
			assert.Contains(t, note, fixed)
		}
	})
	t.Run("a key pressed in the frame of the click that starts the wait is the new key", func(t *testing.T) {
		h, p := openSettings(t)
		i := settingsRow(t, p, "Take, use a portal")
		clickRow(h, p, i, ebiten.KeyG)
		assert.False(t, p.Binding, "bound at once")
		assert.Equal(t, ebiten.KeyG, h.a.col.Keys[ui.ActInteract])
		assert.Contains(t, h.log.String(), "duskfall: bound interact to G\n")
	})
	t.Run("a file's key that an action cannot have falls back with a warning", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "settings.toml")
		require.NoError(t, os.WriteFile(path, []byte("[keys]\nslot2 = \"Shift\"\nup = \"ArrowLeft\"\nability = \"Q\"\n"), 0o600))
		s, _, err := ui.LoadSettings(path)
		require.NoError(t, err)
		assert.Equal(t, map[string]string{"ability": "Q"}, s.Keys)
		assert.Len(t, s.Warnings, 2)
	})
}

func TestSettingsWindowSizeIsTheWindowsOwn(t *testing.T) {
	asked := []image.Point{}
	was := settings.ApplyWindow
	settings.ApplyWindow = func(s profile.Settings, sized bool) {
		if sized {
			asked = append(asked, settings.WindowSizeAt(s.WindowScale))
		}
	}
	defer func() { settings.ApplyWindow = was }()
	words := func(p *settings.Panel) string { return p.Rows[settingsRow(t, p, settings.LabelWindowSize)].Value() }

	t.Run("the row shows the window's real size in pixels, and a standard size's share of 1280×720", func(t *testing.T) {
		h, p := openSettings(t)
		assert.Equal(t, "1280×720 pixels, 100 % of 1280×720", words(p))
		defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
		h.a.Layout(640, 400) // dragged by its edge
		h.press(ui.FrameInput{})
		assert.Equal(t, "640×400 pixels, the smallest", words(p))
		assert.Contains(t, h.log.String(), "duskfall: settings window size 640×400\n")
		h.a.Layout(1000, 700)
		h.press(ui.FrameInput{})
		assert.Equal(t, "1000×700 pixels", words(p))
	})
	t.Run("Left and Right step from the real size to the next standard one, each one way only", func(t *testing.T) {
		h, p := openSettings(t)
		defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
		i := settingsRow(t, p, settings.LabelWindowSize)
		for p.Sel != i {
			h.press(ui.FrameInput{Down: true})
		}
		h.a.Layout(640, 400)
		h.press(ui.FrameInput{})
		asked = asked[:0]
		h.press(ui.FrameInput{Left: true})
		assert.Empty(t, asked, "nothing is smaller than 640×400")
		assert.Contains(t, p.Said, "640×400 is the smallest")
		h.press(ui.FrameInput{Right: true})
		assert.Equal(t, []image.Point{{960, 540}}, asked, "Right from 640×400 is larger, never 1280×720 at once")
		assert.Equal(t, 0.75, h.a.settings.WindowScale, "kept for the next launch")
		h.a.Layout(960, 540)
		h.press(ui.FrameInput{Right: true})
		h.a.Layout(1280, 720)
		h.press(ui.FrameInput{Left: true})
		h.press(ui.FrameInput{Left: true}) // before the window took 960×540: from the size asked
		assert.Equal(t, []image.Point{{960, 540}, {1280, 720}, {960, 540}, {640, 400}}, asked)
	})
	t.Run("a window between sizes steps to one inside it, or one that holds it", func(t *testing.T) {
		for _, c := range []struct {
			from        image.Point
			left, right float64
		}{
			{image.Pt(1000, 400), 0.5, 1},  // 960×540 is narrower but taller: neither way
			{image.Pt(1300, 800), 1, 1.25}, // a little over 1280×720
			{image.Pt(2560, 1440), 1.75, 0},
		} {
			l, _ := settings.NextWindowScale(c.from, -1)
			r, ok := settings.NextWindowScale(c.from, 1)
			assert.Equal(t, c.left, l, "Left from %v", c.from)
			if c.right == 0 {
				assert.False(t, ok, "nothing larger than %v", c.from)
			} else {
				assert.Equal(t, c.right, r, "Right from %v", c.from)
			}
		}
	})
	t.Run("full screen, the row shows and steps the size the window gets back", func(t *testing.T) {
		h, p := openSettings(t)
		h.a.settings.Fullscreen = true
		defer func() { h.a.settings.Fullscreen = false }()
		assert.Equal(t, "1280×720 pixels, 100 % of 1280×720 when windowed", words(p))
		i := settingsRow(t, p, settings.LabelWindowSize)
		for p.Sel != i {
			h.press(ui.FrameInput{Down: true})
		}
		h.press(ui.FrameInput{Right: true})
		assert.Equal(t, "1600×900 pixels, 125 % of 1280×720 when windowed", words(p))
	})
}

// TestSettingsUIScaleRowSteps walks the UI scale row as a player does:
// Right from Auto up to 200 %, then Left back down to Auto.
func TestSettingsUIScaleRowSteps(t *testing.T) {
	h, p := openSettings(t)
	defer func() { ui.ScaleChoice = 0 }()
	i := settingsRow(t, p, settings.LabelUIScale)
	for p.Sel != i {
		h.press(ui.FrameInput{Down: true})
	}
	var seen []string
	for _, in := range []ui.FrameInput{{Right: true}, {Right: true}, {Right: true}, {Right: true}, {Right: true}, {Right: true},
		{Left: true}, {Left: true}, {Left: true}, {Left: true}, {Left: true}, {Left: true}} {
		h.press(in)
		seen = append(seen, strings.SplitN(p.Rows[i].Value(), " (", 2)[0])
	}
	assert.Equal(t, []string{"75 %", "100 %", "125 %", "150 %", "200 %", "200 %",
		"150 %", "125 %", "100 %", "75 %", "Auto", "Auto"}, seen)
}

func TestTheBagSlotsKeysAreNamedTogether(t *testing.T) {
	b := ui.DefaultBindings()
	assert.Equal(t, "1-8", ui.SlotKeys(b))
	b[ui.ActSlot1] = ebiten.KeyZ
	assert.Equal(t, "Z/2-8", ui.SlotKeys(b))
	b[ui.ActSlot1+4] = ebiten.KeyQ
	assert.Equal(t, "Z/2-4/Q/6-8", ui.SlotKeys(b))
	b[ui.ActSlot1+2] = ebiten.KeyX
	assert.Equal(t, "Z/2/X/4/Q/6-8", ui.SlotKeys(b), "two digits in a row are each named")
	assert.Equal(t, "N1", ui.SlotKeyLabel(ebiten.KeyNumpad1))
	assert.Equal(t, "Spa", ui.SlotKeyLabel(ebiten.KeySpace), "three letters at most on a slot")
}
