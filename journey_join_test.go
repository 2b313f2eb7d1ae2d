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

// A friend joins a hosted game the way the host tells them to: by its join
// code, given on the Join screen of a window opened without --join. A code
// whose key is another server's is refused there first, in words.

// TestJourneyJoinByTypedCode types the code into the Join screen.
func TestJourneyJoinByTypedCode(t *testing.T) {
	joinByCode(t, func(friend *player, code string) {
		friend.key("ctrl+a")
		friend.typeText(code)
	}, false)
}

// TestJourneyJoinByPastedCode pastes it with Ctrl+V, as a player who
// copied it from a message does; after the refusal the window is made
// as small as it goes, and the right code is pasted there.
func TestJourneyJoinByPastedCode(t *testing.T) {
	joinByCode(t, func(friend *player, code string) {
		pasted := friend.count("duskfall: join pasted ")
		clipboardSet(t, code)
		friend.until("duskfall: join pasted ", pasted+1, func() { friend.key("ctrl+v") })
		require.Equal(t, "duskfall: join pasted "+strconv.Itoa(len(code))+" characters", friend.last("duskfall: join pasted "))
	}, true)
}

// joinByCode hosts a game in one window and joins it from a second by its
// join code, given by give: first with another server's key, which the
// Join screen refuses in words, then the host's own. small shrinks the
// friend's window to the smallest size after the refusal.
func joinByCode(t *testing.T, give func(friend *player, code string), small bool) {
	needWindow(t)
	dir := t.TempDir()
	start := time.Now()
	host := launch(t, "host", filepath.Join(dir, "host"), "--port", strconv.Itoa(freeUDPPort(t)), "--name", "Hosta")
	host.expect("duskfall: scene=menu")
	hp, ok := render.MainMenuButtonCenter(render.LabelHostAndPlay, host.w, host.h)
	require.True(t, ok)
	host.until("duskfall: scene=play", 1, func() { host.clickPoint(hp) })
	host.expect("duskfall: join code ")
	code := strings.TrimPrefix(host.line("duskfall: join code "), "duskfall: join code ")
	addr, key, ok := strings.Cut(code, "/")
	require.True(t, ok, "the host's join code %q is an address and a key", code)

	friend := launch(t, "friend", filepath.Join(dir, "friend"), "--name", "Frienda")
	friend.expect("duskfall: scene=menu")
	jp, ok := render.MainMenuButtonCenter(render.LabelJoin, friend.w, friend.h)
	require.True(t, ok)
	friend.until("duskfall: scene=join", 1, func() { friend.clickPoint(jp) })

	// enter gives text in the address field, as it stands with the error
	// shown, and connects.
	enter := func(text, shown, shot string) {
		friend.clickPoint(render.JoinAddressCenter(friend.w, friend.h, shown))
		give(friend, text)
		time.Sleep(150 * time.Millisecond) // the last character drawn
		friend.screenshot(shot)
		friend.key("Return")
	}

	other := strings.Repeat("a", len(key))
	if other == key {
		other = strings.Repeat("b", len(key))
	}
	enter(addr+"/"+other, "", "wrong-code-typed")
	friend.expect("duskfall: join refused: ")
	refusal := strings.TrimPrefix(friend.line("duskfall: join refused: "), "duskfall: join refused: ")
	assert.Contains(t, refusal, "This server is not the one the join code names", "the refusal says in words it is another server")
	assert.Contains(t, refusal, key, "and names the key it showed")
	assert.NotContains(t, host.log(), "Frienda joined", "nothing of the friend reached the game")
	time.Sleep(150 * time.Millisecond)
	friend.screenshot("wrong-code-refused")
	if small {
		xdotool(t, "windowsize", friend.wid, strconv.Itoa(render.MinWindowWidth), strconv.Itoa(render.MinWindowHeight))
		require.Eventually(t, func() bool {
			friend.w, friend.h = windowSize(t, friend.wid)
			return friend.w == render.MinWindowWidth && friend.h == render.MinWindowHeight
		}, 5*time.Second, 100*time.Millisecond)
		time.Sleep(300 * time.Millisecond) // a frame at the new size
		friend.screenshot("wrong-code-refused-small")
	}

	enter(code, refusal, "right-code-given")
	friend.until("duskfall: scene=play", 1, nil)
	require.Eventually(t, func() bool { return strings.Contains(host.log(), "Frienda joined") },
		guiWait, 100*time.Millisecond, "the host's game saw the friend join:\n%s", host.log())
	assert.Equal(t, 1, friend.count("duskfall: join refused: "), "the right code was not refused:\n%s", friend.log())
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}
