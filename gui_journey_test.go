//go:build !headless

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render"
)

// TestGUIAPlayersJourney plays the real window under Xvfb with xdotool, as
// a player would: launch, Host and play, play, pause, Settings, rebind a
// key, back, Disconnect to menu; and a second window joins the first by
// the address the host shows. It logs how long the menu took to take
// input and Host and play took to reach the hub.
func TestGUIAPlayersJourney(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("DISPLAY is not set: run under a display, e.g. xvfb-run -a go test .")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "duskfall")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	port := freeUDPPort(t)
	host := startGame(t, bin, "", filepath.Join(dir, "host"), "--port", strconv.Itoa(port), "--name", "Hosta")
	host.waitFor("duskfall: scene=menu", guiWait)
	menuAt, ok := host.when("duskfall: scene=menu")
	require.True(t, ok, "the menu never took input:\n%s", host.log())
	t.Logf("launch to an interactive menu: %d ms", menuAt.Sub(host.started).Milliseconds())

	wid := windowOf(t, host)
	w, h := windowSize(t, wid)
	click := func(p [2]int) {
		xdotool(t, "mousemove", "--window", wid, strconv.Itoa(p[0]), strconv.Itoa(p[1]), "click", "1")
	}
	key := func(keys ...string) {
		xdotool(t, "windowfocus", "--sync", wid)
		for _, k := range keys {
			// Held for a few frames, as a finger holds it: the window reads
			// keys once a frame, and a tap shorter than one can be missed.
			xdotool(t, "keydown", k)
			time.Sleep(60 * time.Millisecond)
			xdotool(t, "keyup", k)
			time.Sleep(40 * time.Millisecond)
		}
	}
	until := func(g *gameProcess, prefix string, n int, again func()) {
		deadline := time.Now().Add(guiWait)
		for g.count(prefix) < n {
			require.True(t, time.Now().Before(deadline), "never saw %q; stderr:\n%s", prefix, g.log())
			if again != nil {
				again()
			}
			g.waitFor(prefix, 2*time.Second)
		}
	}

	p, ok := render.MainMenuButtonCenter(render.LabelHostAndPlay, w, h)
	require.True(t, ok)
	clicked := time.Now()
	until(host, "duskfall: scene=play", 1, func() { click([2]int{p.X, p.Y}) })
	playAt, _ := host.when("duskfall: scene=play")
	t.Logf("Host and play to the first hub frame: %d ms", playAt.Sub(clicked).Milliseconds())

	t.Run("Esc pauses, Settings opens, a key is rebound by pressing it", func(t *testing.T) {
		until(host, "duskfall: scene=pause", 1, func() { key("Escape") })
		sp, ok := render.PauseButtonCenter(render.LabelSettings, w, h, false, true)
		require.True(t, ok)
		until(host, "duskfall: scene=settings", 1, func() { click([2]int{sp.X, sp.Y}) })
		// Down until the window says the row is chosen: at a low frame rate
		// a key can go down and up between two frames and be missed.
		const target = "duskfall: settings at Take, use a portal"
		for tries := 0; host.last("duskfall: settings at ") != target; tries++ {
			require.Less(t, tries, 40, "never reached the row; stderr:\n%s", host.log())
			key("Down")
			host.waitFor(target, 150*time.Millisecond)
		}
		until(host, "duskfall: settings waiting for a key for interact", 1, func() { key("Return") })
		until(host, "duskfall: bound interact to G", 1, func() { key("g") })
		b, err := os.ReadFile(filepath.Join(dir, "host", "config", "duskfall", "settings.toml"))
		require.NoError(t, err)
		assert.Contains(t, string(b), `interact = "G"`, "saved")
	})
	t.Run("a second window joins by the address the host shows", func(t *testing.T) {
		where := host.line("duskfall: friends join ")
		require.NotEmpty(t, where, "the host shows where friends join:\n%s", host.log())
		addr := strings.Fields(strings.TrimPrefix(where, "duskfall: friends join "))[0]
		friend := startGame(t, bin, "", filepath.Join(dir, "friend"), "--join", addr, "--name", "Frienda")
		until(friend, "duskfall: scene=play", 1, nil)
		until(host, "server: ", 1, nil)
		require.Eventually(t, func() bool { return strings.Contains(host.log(), "Frienda joined") },
			guiWait, 100*time.Millisecond, "the host's server saw the friend:\n%s", host.log())
	})
	t.Run("Esc leaves Settings, and Disconnect to menu returns to the menu", func(t *testing.T) {
		key("Escape")
		dp, ok := render.PauseButtonCenter(render.LabelDisconnect, w, h, false, true)
		require.True(t, ok)
		until(host, "duskfall: scene=menu", 2, func() { click([2]int{dp.X, dp.Y}) })
	})
}

// windowOf is the window of the newest game process.
func windowOf(t *testing.T, _ *gameProcess) string {
	t.Helper()
	ids := strings.Fields(xdotool(t, "search", "--sync", "--name", render.WindowTitle))
	require.NotEmpty(t, ids)
	return ids[len(ids)-1]
}
