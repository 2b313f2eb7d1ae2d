//go:build !headless

package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render"
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

	// In the fight: Space held for the ability until well after the ship
	// has died, and the left button clicking from the moment it dies. (Not
	// before: the ship, doomed in sight of one enemy, shot that enemy dead
	// when the clicks above it happened to aim its way, and lived on.)
	ada.focus()
	ada.at(ada.w/2, ada.h/3)
	xdotool(t, "keydown", "space")
	deadline := time.Now().Add(2 * guiWait)
	for !ada.saw("duskfall: scene=death") {
		require.True(t, time.Now().Before(deadline), "the ship never died; stderr:\n%s\nserver:\n%s", ada.log(), srv.log())
		time.Sleep(20 * time.Millisecond)
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

	// The roster's banner counts the lockout down from where the death
	// screen left it, on the same clock, and says when the dungeons open.
	ada.expect("duskfall: roster note ")
	ada.screenshot("roster-counting")
	open := untilNote(t, ada, "The dungeons are open to Ada again.", died.Add(lockout+3*time.Second))
	ada.screenshot("roster-open")
	counts := lockoutCounts(t, ada, "Ada")
	require.NotEmpty(t, counts, "the banner counted the lockout down:\n%s", ada.log())
	assert.LessOrEqual(t, counts[0], 8, "the count goes on from the death screen's, not from a fresh 10: %v", counts)
	assert.IsDecreasing(t, counts, "one count, down to open: %v", counts)
	assert.Regexp(t, `^Ada fell to .+ in the Proving Grounds\. The dungeons are open to Ada again\.$`, open)
	opened, _ := ada.when(`duskfall: roster note "` + open)
	assert.WithinDuration(t, died.Add(lockout), opened, 1500*time.Millisecond, "the banner opens when the server's lockout ends")
	assert.Equal(t, `duskfall: roster focus "Ada"`, ada.last("duskfall: roster focus"))

	ada.until("duskfall: scene=play", 2, func() { ada.key("Return") }) // the fallen character's Play has the focus
	ada.screenshot("flying-again")
	t.Logf("died %.1f s in; flew again %.1f s in", died.Sub(ada.started).Seconds(), time.Since(ada.started).Seconds())
}

// lockout is how long a death keeps a character out of the dungeons
// (the server's DeathLockoutTicks).
const lockout = 10 * time.Second

// noteLine reads the roster's banner out of its log line.
var noteLine = regexp.MustCompile(`^duskfall: roster note (".*")$`)

// untilNote waits until the roster's banner holds words, and returns it.
func untilNote(t *testing.T, p *player, words string, deadline time.Time) string {
	t.Helper()
	for {
		if m := noteLine.FindStringSubmatch(p.last("duskfall: roster note ")); m != nil {
			note, err := strconv.Unquote(m[1])
			require.NoError(t, err)
			if strings.Contains(note, words) {
				return note
			}
		}
		require.True(t, time.Now().Before(deadline), "the roster's banner never said %q:\n%s", words, p.log())
		time.Sleep(50 * time.Millisecond)
	}
}

// lockoutCounts is every count of who's lockout the roster's banner
// showed, in order.
func lockoutCounts(t *testing.T, p *player, who string) []int {
	t.Helper()
	count := regexp.MustCompile(`The dungeons open to ` + who + ` again in (\d+) seconds?\.\\?"$`)
	var counts []int
	for _, l := range strings.Split(p.log(), "\n") {
		if m := count.FindStringSubmatch(l); m != nil && strings.HasPrefix(l, "duskfall: roster note ") {
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			counts = append(counts, n)
		}
	}
	return counts
}

// TestJourneyTheRosterAfterADeathIsOnTheOneWhoFell: a player with two
// characters dies with the second. Back on the roster its banner names
// the one who fell and counts its lockout down, the focus is on it, and
// Enter flies it again at once, in the hub while the dungeons are closed
// to it (a dedicated server whose dungeon kills at once).
func TestJourneyTheRosterAfterADeathIsOnTheOneWhoFell(t *testing.T) {
	needWindow(t)
	start := time.Now()
	bin := journeyBinary(t)
	c := journeyContent(t)
	dir := t.TempDir()
	port := strconv.Itoa(freeUDPPort(t))
	srv := startGame(t, bin, "", filepath.Join(dir, "server"), "--server", "--bind", "127.0.0.1", "--port", port,
		"--data", filepath.Join(dir, "data"), "--enter", "proving_grounds", "--enter-doomed")
	srv.waitFor("server: ", guiWait)
	p := launch(t, "ada", filepath.Join(dir, "ada"), "--join", "127.0.0.1:"+port, "--name", "Ada")
	p.readDeath(1) // Ada, made from the name and sent in, falls

	newChar, ok := render.RosterButtonCenter(render.LabelNewCharacter, 0, 1, p.w, p.h)
	require.True(t, ok)
	p.until("duskfall: scene=class", 1, func() { p.clickPoint(newChar) })
	p.makeCharacter(c, "Bea", "sapper", true, 2)
	p.readDeath(2) // and Bea, sent in, falls

	time.Sleep(300 * time.Millisecond) // drawn
	p.screenshot("roster-bea-fell")
	p.until("duskfall: playing ", 3, func() { p.key("Return") }) // Enter, as soon as the roster shows
	assert.True(t, strings.HasPrefix(p.last("duskfall: playing "), "duskfall: playing Bea "),
		"Enter on the roster after Bea's death flies Bea, not the first row: %s", p.last("duskfall: playing "))
	assert.Equal(t, `duskfall: roster focus "Bea"`, p.last("duskfall: roster focus"), "the focus was on the one who fell")
	note := p.last("duskfall: roster note ")
	assert.Regexp(t, `^duskfall: roster note "Bea fell to .+ in the Proving Grounds\. The dungeons open to Bea again in \d+ seconds?\."$`, note,
		"the banner names the one who fell and counts its lockout")
	p.expect("duskfall: scene=play")
	time.Sleep(500 * time.Millisecond) // drawn, the server's words on the closed dungeon shown
	p.screenshot("bea-in-the-hub")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// readDeath waits for the n-th death screen, reads it past its calm and
// presses Enter until the roster opens.
func (p *player) readDeath(n int) {
	p.t.Helper()
	p.until("duskfall: scene=death", n, nil)
	time.Sleep(1200 * time.Millisecond) // the first second takes no key
	p.until("duskfall: scene=roster after death", n, func() { p.key("Return") })
}
