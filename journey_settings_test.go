//go:build !headless

package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/render"
)

// A player opens Settings and gives the class ability W, which moved the
// ship up: the screen says in words where Move up went. Then the player
// drags the window down to 640×400: the Window size row says so, Left
// finds nothing smaller and says that, Right goes one size up to
// 960×540, never back to 1280×720 at once. The UI scale row, Right after
// Right, climbs from Auto to 200 % and stops there, saying which choices
// are too large for the window; Left steps it back down.
func TestJourneyRebindAndResize(t *testing.T) {
	needWindow(t)
	p := launch(t, "player", t.TempDir(), "--name", "Rebinder")
	p.expect("duskfall: scene=menu")
	open, ok := render.MainMenuButtonCenter(render.LabelSettings, p.w, p.h)
	require.True(t, ok)
	p.until("duskfall: settings rows ", 1, func() { p.clickPoint(open) })
	p.expect(fmt.Sprintf("duskfall: settings window size %d×%d", p.w, p.h))

	// The ability's row, at the foot of the list: the wheel brings it up.
	_, _, n := settingsRows(t, p.last("duskfall: settings rows "))
	mid, ok := render.SettingsRowCenter("Name", 1, p.w, p.h)
	require.True(t, ok)
	first := p.untilRows(mid.X, p.h/2, 1, n)
	row, ok := render.SettingsRowCenter("Class ability", first, p.w, p.h)
	require.True(t, ok, "the ability's row is in view with rows %d-%d shown", first, n)
	p.until("duskfall: settings waiting for a key for ability", 1, func() { p.click(row.X, row.Y) })
	p.screenshot("waiting-for-a-key")
	// A key is pressed again where a frame missed it: the window reads
	// keys once a frame, and a busy machine drops a frame now and then.
	p.until("duskfall: bound ability to W", 1, func() { p.key("w") })
	p.expect("duskfall: settings says W was Move up: Move up is now Space")
	p.screenshot("rebound-words")

	// Dragged down to the smallest window.
	p.resize(640, 400)
	p.expect("duskfall: settings window size 640×400")
	first = p.untilRows(p.w/2, p.h/2, -1, 1)
	size, ok := render.SettingsRowCenter(render.LabelWindowSize, first, p.w, p.h)
	require.True(t, ok)
	p.at(size.X, size.Y)
	p.expect("duskfall: settings at " + render.LabelWindowSize)
	p.screenshot("window-640x400")
	p.until("duskfall: settings says 640×400 is the smallest window size", 1, func() { p.key("Left") })
	p.screenshot("nothing-smaller")
	p.until("duskfall: settings asks for a 960×540 window", 1, func() { p.key("Right") })
	p.expect("duskfall: settings window size 960×540")
	require.Zero(t, p.count("duskfall: settings asks for a 1280×720 window"), "one step up from 640×400 is 960×540")
	p.w, p.h = windowSize(t, p.wid)
	p.screenshot("window-960x540")

	// The UI scale, a step at a time: from Auto at the bottom to 200 % at
	// the top, and in a 960×540 window what is too large says so.
	scale, ok := render.SettingsRowCenter(render.LabelUIScale, first, p.w, p.h)
	require.True(t, ok)
	p.at(scale.X, scale.Y)
	p.expect("duskfall: settings at " + render.LabelUIScale)
	step := func(key, want string) {
		t.Helper()
		const set = "duskfall: settings set UI scale: "
		p.pressUntilNewLine(key, set)
		require.Equal(t, set+want, p.last(set))
	}
	const big = " (too large for this window: 100 % used)"
	for _, want := range []string{"75 %", "100 %", "125 %" + big, "150 %" + big, "200 %" + big, "200 %" + big} {
		step("Right", want)
	}
	p.screenshot("ui-scale-top")
	step("Left", "150 %"+big) // and down again, one step
	p.until("duskfall: scene=menu", 2, func() { p.key("Escape") })
}

// A host pauses, opens Settings and gives the first bag slot Z: back in
// play, Z uses that slot (the feedback line answers it) and the bar
// labels the slot Z.
func TestJourneyABagSlotKeyRebindsInPlay(t *testing.T) {
	needWindow(t)
	p := launch(t, "host", t.TempDir(), "--host", "--name", "Slotta", "--port", fmt.Sprint(freeUDPPort(t)))
	p.expect("duskfall: scene=play")
	p.until("duskfall: scene=pause", 1, func() { p.key("Escape") })
	open, ok := render.PauseButtonCenter(render.LabelSettings, p.w, p.h, false, true)
	require.True(t, ok)
	p.until("duskfall: settings rows ", 1, func() { p.clickPoint(open) })
	_, _, n := settingsRows(t, p.last("duskfall: settings rows "))
	first := p.untilRows(p.w/2, p.h/2, 1, n)
	row, ok := render.SettingsRowCenter("Use bag slot 1", first, p.w, p.h)
	require.True(t, ok)
	p.until("duskfall: settings waiting for a key for slot1", 1, func() { p.click(row.X, row.Y) })
	p.until("duskfall: bound slot1 to Z", 1, func() { p.key("z") })
	p.expect("duskfall: settings says Bag slot 1 is now Z")

	p.until("duskfall: settings closed", 1, func() { p.key("Escape") }) // onto the pause menu
	resume, ok := render.PauseButtonCenter(render.LabelResume, p.w, p.h, false, true)
	require.True(t, ok)
	p.clickPoint(resume)
	p.until("duskfall: feedback ", 1, func() { p.key("z") })
	t.Logf("Z in play: %s", p.last("duskfall: feedback "))
	p.screenshot("bar-slot-z")
}

// pressUntilNewLine presses key until a new line starting with prefix
// comes: a press the window missed (it reads keys once a frame) is made
// again, and one it took is never doubled.
func (p *player) pressUntilNewLine(key, prefix string) {
	p.t.Helper()
	seen := p.count(prefix)
	for tries := 0; p.count(prefix) == seen; tries++ {
		require.Less(p.t, tries, 10, "%s never answered %s with %q; stderr:\n%s", p.name, key, prefix, p.log())
		p.key(key)
		for deadline := time.Now().Add(1500 * time.Millisecond); p.count(prefix) == seen && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
	}
}
