//go:build !headless

package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGUIDeathScreen plays the real window into a dungeon where it dies at
// once (a dedicated server with --enter and --enter-doomed) and checks the
// death screen's facts as the window states them: the killer in words, how
// long the bullet was on screen, what was lost and kept, a whole replay.
// Space and a click in its first second leave it up; Enter goes on to the
// roster.
func TestGUIDeathScreen(t *testing.T) {
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

	port := strconv.Itoa(freeUDPPort(t))
	srv := startGame(t, bin, "", filepath.Join(dir, "server"), "--server", "--bind", "127.0.0.1", "--port", port,
		"--data", filepath.Join(dir, "data"), "--enter", "proving_grounds", "--enter-doomed")
	srv.waitFor("server: ", guiWait)
	win := startGame(t, bin, "", filepath.Join(dir, "window"), "--join", "127.0.0.1:"+port, "--name", "Ada")
	wid := windowOf(t, win)
	w, h := windowSize(t, wid)
	win.waitFor("duskfall: scene=death", 2*guiWait)
	line := win.line("duskfall: scene=death")
	require.NotEmpty(t, line, "the window never showed the death screen; stderr:\n%s\nserver:\n%s", win.log(), srv.log())
	t.Run("Space and a click in its first second do not leave it", func(t *testing.T) {
		opened, _ := win.when("duskfall: scene=death")
		xdotool(t, "windowfocus", "--sync", wid)
		xdotool(t, "keydown", "space")
		time.Sleep(60 * time.Millisecond)
		xdotool(t, "keyup", "space")
		xdotool(t, "mousemove", "--window", wid, strconv.Itoa(w/2), strconv.Itoa(h/2), "click", "1")
		require.Less(t, time.Since(opened), 900*time.Millisecond, "pressed within the first second")
		time.Sleep(time.Until(opened.Add(1300 * time.Millisecond)))
		assert.False(t, win.saw("duskfall: scene=roster after death"), "the death screen stayed up")
	})

	t.Run("it names the enemy and its pattern, with right articles", func(t *testing.T) {
		m := regexp.MustCompile(`killed="Killed by ((a|an|the) [A-Z][\w ]*'s? [a-z][\w -]*) in the Proving Grounds"`).FindStringSubmatch(line)
		require.NotNil(t, m, line)
		assert.NotContains(t, line, "the The")
		assert.Contains(t, srv.log(), "Ada fell to "+m[1]+" in the Proving Grounds", "the server said the same")
	})
	t.Run("it says how long the killing bullet was on screen", func(t *testing.T) {
		assert.Regexp(t, `sight="That bullet was (on your screen for (only )?[0-9.]+ (seconds?|ms) before it hit|never on your screen before it hit)`, line)
	})
	t.Run("it says what a new character lost and kept: nothing", func(t *testing.T) {
		assert.Contains(t, line, `lost="Your bag was empty: nothing was lost."`)
		assert.Contains(t, line, `kept="Nothing was worn, so nothing else was kept."`)
	})
	t.Run("its replay holds frames from before the death", func(t *testing.T) {
		m := regexp.MustCompile(`replay_frames=(\d+)`).FindStringSubmatch(line)
		require.NotNil(t, m, line)
		n, _ := strconv.Atoi(m[1])
		assert.Positive(t, n)
	})
	if _, err := exec.LookPath("import"); err == nil {
		t.Run("the screen shows it", func(t *testing.T) {
			shot := filepath.Join(dir, "death.png")
			require.NoError(t, exec.Command("import", "-window", wid, shot).Run())
			f, err := os.Open(shot)
			require.NoError(t, err)
			defer f.Close()
			img, err := png.Decode(f)
			require.NoError(t, err)
			assert.Greater(t, distinctColours(img), 16, "a drawn screen, not a blank one")
			if os.Getenv("DUSKFALL_UPDATE_SHOTS") == "1" {
				copyFile(t, shot, filepath.Join("docs", "img", "death.png"))
			}
		})
	}
	t.Run("Enter goes on to the roster", func(t *testing.T) {
		deadline := time.Now().Add(guiWait)
		for !win.saw("duskfall: scene=roster after death") {
			require.True(t, time.Now().Before(deadline), "no roster after Enter; stderr:\n%s", win.log())
			xdotool(t, "windowfocus", "--sync", wid)
			xdotool(t, "keydown", "Return")
			time.Sleep(60 * time.Millisecond)
			xdotool(t, "keyup", "Return")
			win.waitFor("duskfall: scene=roster after death", time.Second)
		}
		assert.True(t, strings.Contains(win.log(), "scene=roster after death"))
	})
}
