//go:build !headless

package main

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJourneyDieReadAndFlyAgain: a player fighting in a dungeon dies with
// Space held down and the mouse still clicking. The death screen stays up
// through it all: nothing they press in its first second, and nothing they
// hold, takes it away. They read it, press Enter, reach the roster, play the
// same character again and fly (a dedicated server whose dungeon kills at
// once: --enter proving_grounds --enter-doomed).
func TestJourneyDieReadAndFlyAgain(t *testing.T) {
	needWindow(t)
	bin := journeyBinary(t)
	dir := t.TempDir()
	port := strconv.Itoa(freeUDPPort(t))
	srv := startGame(t, bin, "", filepath.Join(dir, "server"), "--server", "--bind", "127.0.0.1", "--port", port,
		"--data", filepath.Join(dir, "data"), "--enter", "proving_grounds", "--enter-doomed")
	srv.waitFor("server: ", guiWait)
	ada := launch(t, "ada", filepath.Join(dir, "ada"), "--join", "127.0.0.1:"+port, "--name", "Ada")
	ada.expect("duskfall: scene=play")

	// In the fight: Space held for the ability, the left button clicking
	// away above the ship, until well after the ship has died.
	ada.focus()
	ada.at(ada.w/2, ada.h/3)
	xdotool(t, "keydown", "space")
	deadline := time.Now().Add(2 * guiWait)
	for !ada.saw("duskfall: scene=death") {
		require.True(t, time.Now().Before(deadline), "the ship never died; stderr:\n%s\nserver:\n%s", ada.log(), srv.log())
		ada.tap()
	}
	died, _ := ada.when("duskfall: scene=death")
	for time.Since(died) < 700*time.Millisecond {
		ada.tap() // still clicking as the screen opens: its first second
	}
	xdotool(t, "mousedown", "--window", ada.wid, "1") // and then holding the button down, Space still held
	time.Sleep(time.Until(died.Add(1200 * time.Millisecond)))
	assert.False(t, ada.saw("duskfall: scene=roster after death"), "clicks and Space in its first second leave the death screen up")
	time.Sleep(time.Until(died.Add(2500 * time.Millisecond)))
	assert.False(t, ada.saw("duskfall: scene=roster after death"), "keys held since the death never leave it")
	ada.screenshot("death-screen") // read while the replay plays, the keys still held
	xdotool(t, "mouseup", "--window", ada.wid, "1")
	xdotool(t, "keyup", "space")
	require.False(t, ada.saw("duskfall: scene=roster after death"), "still reading")

	ada.until("duskfall: scene=roster after death", 1, func() { ada.key("Return") })
	ada.until("duskfall: scene=play", 2, func() { ada.key("Return") }) // the roster's first Play has the focus
	ada.screenshot("flying-again")
	t.Logf("died %.1f s in; flew again %.1f s in", died.Sub(ada.started).Seconds(), time.Since(ada.started).Seconds())
}
