//go:build !headless

package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render"
)

// A character with things in its bag and an upgrade owed reads what each
// does in figures: resting the pointer on a slot of the bar in play shows
// its tooltip (the Feather Charm's speed, the Repeater's fire rate and
// damage a second), the keeper's cards say what each upgrade does in
// shots a second and damage a second rather than ticks, and once the
// upgrade is taken the keeper's prompt says when the next one comes.
func TestJourneyReadingTheNumbers(t *testing.T) {
	needWindow(t)
	start := time.Now()
	dir := t.TempDir()
	port := strconv.Itoa(freeUDPPort(t))
	srv := startGame(t, journeyBinary(t), "", filepath.Join(dir, "server"), "--server", "--bind", "127.0.0.1", "--port", port,
		"--data", filepath.Join(dir, "data"), "--enter-levels", "1", "--enter-items", "feather_charm,twinshot_repeater")
	srv.waitFor("server: ", guiWait)
	p := launch(t, "kit", filepath.Join(dir, "window"), "--join", "127.0.0.1:"+port, "--name", "Kit")
	p.expect("duskfall: playing Kit class=vanguard")
	time.Sleep(300 * time.Millisecond) // the sheet and the court's map streamed in

	// The pointer rests on the bar's first two slots in turn, the inventory
	// closed, and each says what it does.
	charm := render.BarSlotCenter(0, p.w, p.h)
	p.at(charm.X, charm.Y)
	p.expect("duskfall: tooltip Feather Charm")
	assert.Equal(t, "duskfall: tooltip Feather Charm | Moves 13 % faster: 240 → 270 u/s | Lighter on your feet.",
		p.last("duskfall: tooltip Feather Charm"))
	time.Sleep(200 * time.Millisecond)
	p.screenshot("charm-tooltip")
	repeater := render.BarSlotCenter(1, p.w, p.h)
	p.at(repeater.X, repeater.Y)
	p.expect("duskfall: tooltip Twinshot Repeater")
	assert.Contains(t, p.last("duskfall: tooltip Twinshot Repeater"), "Fires 27 % slower: 7.5 → 5.5 shots a second")
	assert.Contains(t, p.last("duskfall: tooltip Twinshot Repeater"), "Damage a second, one target: 90 → 131")
	time.Sleep(200 * time.Millisecond)
	p.screenshot("repeater-tooltip")
	p.at(p.w/2, p.h/4)
	p.expect("duskfall: tooltip none")

	p.key("i")
	p.expect("duskfall: inventory ")
	time.Sleep(300 * time.Millisecond)
	p.screenshot("inventory")
	p.key("i")

	// The first spawn of the hub's court is five tiles left of the keeper
	// and three below it: up two tiles, then right a step at a time until
	// it is in reach.
	p.hold("w", 250*time.Millisecond)
	for tries := 0; p.last("duskfall: keeper in reach=") != "duskfall: keeper in reach=true"; tries++ {
		require.Less(t, tries, 25, "never reached the keeper:\n%s", p.log())
		p.hold("d", 100*time.Millisecond)
		time.Sleep(150 * time.Millisecond)
	}
	p.key("e")
	p.expect("duskfall: keeper open owed=1")
	require.Equal(t, 3, p.count("duskfall: keeper card "), "three cards:\n%s", p.log())
	for _, line := range strings.Split(p.log(), "\n") {
		if strings.HasPrefix(line, "duskfall: keeper card ") {
			assert.NotContains(t, line, "tick", "a card in a player's words: %q", line)
			assert.Contains(t, line, ": ", "a card says what it does in figures: %q", line)
		}
	}
	time.Sleep(300 * time.Millisecond)
	p.screenshot("keeper-cards")

	p.key("1")
	p.expect("duskfall: keeper took ")
	p.expect("duskfall: keeper closed")
	p.expect("duskfall: prompt No upgrade to choose now: the next comes at level 3")
	time.Sleep(300 * time.Millisecond)
	p.screenshot("keeper-nothing-owed")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}
