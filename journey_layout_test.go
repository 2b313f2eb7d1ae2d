//go:build !headless

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/render"
)

// settingsRows reads a "duskfall: settings rows 12-23 of 23 shown" line:
// the first and last rows shown, from 1, and how many there are.
func settingsRows(t *testing.T, line string) (first, last, n int) {
	t.Helper()
	_, err := fmt.Sscanf(line, "duskfall: settings rows %d-%d of %d shown", &first, &last, &n)
	require.NoError(t, err, "a rows line: %q", line)
	return first, last, n
}

// untilRows turns the wheel a notch at a time over (x, y), notches down
// when dir is positive, until the list says it shows row want (its first
// row when scrolling up, its last when scrolling down), and returns the
// first row shown then.
func (p *player) untilRows(x, y, dir, want int) int {
	p.t.Helper()
	const prefix = "duskfall: settings rows "
	for notch := 0; ; notch++ {
		first, last, _ := settingsRows(p.t, p.last(prefix))
		if (dir > 0 && last == want) || (dir < 0 && first == want) {
			return first
		}
		require.Less(p.t, notch, 20, "%s: the wheel never brought row %d into view; stderr:\n%s", p.name, want, p.log())
		seen := p.count(prefix)
		p.wheel(x, y, dir)
		for deadline := time.Now().Add(2 * time.Second); p.count(prefix) == seen && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// A player opens Settings from the main menu in the default window, where
// its rows do not all fit: the list says which rows it shows; the wheel
// turned over it brings the last rows into view, the row the pointer then
// rests on is chosen and a click on it starts rebinding its key; the
// wheel turned back brings the top again, and Esc leaves.
func TestJourneyScrollSettingsWithTheWheel(t *testing.T) {
	needWindow(t)
	p := launch(t, "player", t.TempDir(), "--name", "Wheeler")
	p.expect("duskfall: scene=menu")
	open, ok := render.MainMenuButtonCenter(render.LabelSettings, p.w, p.h)
	require.True(t, ok)
	p.until("duskfall: settings rows ", 1, func() { p.clickPoint(open) })
	first, last, n := settingsRows(t, p.last("duskfall: settings rows "))
	require.Equal(t, 1, first, "the list opens at its top")
	require.Less(t, last, n, "at %d×%d not every row fits: the list scrolls", p.w, p.h)
	p.screenshot("settings-top")

	// The wheel over the middle of the list, down until the last row shows.
	mid, ok := render.SettingsRowCenter("Name", 1, p.w, p.h)
	require.True(t, ok)
	cx, cy := mid.X, p.h/2
	first = p.untilRows(cx, cy, 1, n)
	p.screenshot("settings-scrolled")

	const lastSetting = "Class ability" // the last row with a choice; Back under it leaves
	row, ok := render.SettingsRowCenter(lastSetting, first, p.w, p.h)
	require.True(t, ok, "%q is in view with rows %d-%d shown", lastSetting, first, n)
	p.at(row.X, row.Y)
	p.expect("duskfall: settings at " + lastSetting)
	p.until("duskfall: settings waiting for a key for ability", 1, func() { p.click(row.X, row.Y) })
	p.key("Escape") // no new key: the rebinding is cancelled

	p.untilRows(cx, cy, -1, 1)
	require.True(t, strings.HasSuffix(p.last("duskfall: settings rows "), fmt.Sprintf("of %d shown", n)))
	p.screenshot("settings-top-again")
	p.until("duskfall: scene=menu", 2, func() { p.key("Escape") })
}

// A host plays in the smallest window: dragged down to 640×400, the
// corner's line still carries the whole join code the game logged, and
// the log says so (the shot shows it, clear of the world's labels).
func TestJourneyTheJoinCodeReadsInASmallWindow(t *testing.T) {
	needWindow(t)
	p := launch(t, "host", t.TempDir(), "--host", "--name", "Hosta", "--port", fmt.Sprint(freeUDPPort(t)))
	p.expect("duskfall: scene=play")
	p.expect("duskfall: join code ")
	code := strings.TrimPrefix(p.line("duskfall: join code "), "duskfall: join code ")
	require.NotEmpty(t, code)
	p.resize(640, 400)
	require.Equal(t, [2]int{640, 400}, [2]int{p.w, p.h}, "the window took the size")
	const small = " at 640×400"
	for deadline := time.Now().Add(guiWait); !strings.HasSuffix(p.last("duskfall: corner line "), small); {
		require.True(t, time.Now().Before(deadline), "the corner never chose its line for 640×400; stderr:\n%s", p.log())
		time.Sleep(50 * time.Millisecond)
	}
	line := p.last("duskfall: corner line ")
	require.Contains(t, line, "join code "+code+")", "the whole code is on the corner's line: %s", line)
	time.Sleep(300 * time.Millisecond) // a few frames at the new size: the labels step clear of the corner
	p.screenshot("corner-640x400")
}
