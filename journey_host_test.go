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

// A host copies its join code for friends, ends the game and hosts again
// on the same port; then quits, and the next launch hosts on it too. The
// clipboard's tool the copy started lives on in the background, holding
// the clipboard: it must not hold the game's port with it.
func TestJourneyCopyTheCodeThenHostAgain(t *testing.T) {
	needWindow(t)
	if _, err := exec.LookPath("xclip"); err != nil {
		t.Skip("xclip is not installed: scripts/deps.sh --test installs it")
	}
	start := time.Now()
	dir := filepath.Join(t.TempDir(), "host")
	port := strconv.Itoa(freeUDPPort(t))
	p := launch(t, "host", dir, "--port", port, "--name", "Hosta")
	p.expect("duskfall: scene=menu")
	p.hostAndPlay("duskfall: scene=play", 1)
	p.expect("duskfall: join code ")
	code := strings.TrimPrefix(p.line("duskfall: join code "), "duskfall: join code ")

	p.key("Escape")
	p.until("duskfall: scene=pause", 1, nil)
	cp, ok := render.PauseButtonCenter(render.LabelCopyJoinCode, p.w, p.h, false, true)
	require.True(t, ok)
	p.until("duskfall: feedback Join code copied", 1, func() { p.clickPoint(cp) })
	out, err := exec.Command("xclip", "-selection", "clipboard", "-o").Output()
	require.NoError(t, err)
	assert.Equal(t, code, strings.TrimSpace(string(out)), "the clipboard holds the join code")
	p.screenshot("copied")
	t.Cleanup(func() { giveUpTheClipboard(t, dir) })

	end, ok := render.PauseButtonCenter(render.LabelEndGame, p.w, p.h, false, true)
	require.True(t, ok)
	p.until("duskfall: scene=menu", 2, func() { p.clickPoint(end) })
	require.NotEmpty(t, clipboardTools(dir), "the clipboard's tool the copy started still runs, holding the clipboard")
	p.hostAgain(1)
	time.Sleep(300 * time.Millisecond) // a frame of play drawn
	p.screenshot("hosting-again")

	p.key("Escape")
	p.until("duskfall: scene=pause", 2, nil)
	p.key("Up", "Return") // from Resume up to Quit, the last button: the window is gone before a click's release
	require.Eventually(t, func() bool { return exited(p.pid) }, guiWait, 100*time.Millisecond, "Quit ends the game")

	again := launch(t, "relaunched", dir, "--port", port, "--name", "Hosta")
	again.expect("duskfall: scene=menu")
	again.hostAgain(0)
	time.Sleep(300 * time.Millisecond)
	again.screenshot("relaunched-hosting")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// hostAgain clicks Host and play with a character made before: the roster
// shows, unless the port could not be opened, and Enter plays the
// character. played is how many times this process played before.
func (p *player) hostAgain(played int) {
	p.t.Helper()
	rosters, failed := p.count("duskfall: scene=roster "), p.count("duskfall: scene=failed ")
	hp, ok := render.MainMenuButtonCenter(render.LabelHostAndPlay, p.w, p.h)
	require.True(p.t, ok)
	answered := func() bool {
		return p.count("duskfall: scene=roster ") > rosters || p.count("duskfall: scene=failed ") > failed
	}
	deadline := time.Now().Add(guiWait)
	for !answered() {
		require.True(p.t, time.Now().Before(deadline), "%s: Host and play answered nothing:\n%s", p.name, p.log())
		p.clickPoint(hp)
		for wait := time.Now().Add(2 * time.Second); !answered() && time.Now().Before(wait); {
			time.Sleep(50 * time.Millisecond) // a click that landed before the menu took input is given again
		}
	}
	if p.count("duskfall: scene=failed ") > failed {
		p.screenshot("host-failed")
		require.Fail(p.t, "Host and play failed", "%s", p.last("duskfall: scene=failed "))
	}
	p.until("duskfall: scene=play", played+1, func() { p.key("Return") })
}

// exited says whether the process has ended: gone, or a zombie waiting for
// the test to reap it.
func exited(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(fields) > 0 && fields[0] == "Z"
}

// clipboardTools are the clipboard's tools (xclip) the games under dir
// started: they carry the game's environment, its folders with it.
func clipboardTools(dir string) []int {
	var pids []int
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, c := range procs {
		cmd, err := os.ReadFile(c)
		if err != nil || !strings.HasPrefix(string(cmd), "xclip\x00") {
			continue
		}
		env, err := os.ReadFile(filepath.Join(filepath.Dir(c), "environ"))
		if err == nil && strings.Contains(string(env), "XDG_CONFIG_HOME="+filepath.Join(dir, "config")) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(c)))
			pids = append(pids, pid)
		}
	}
	return pids
}

// giveUpTheClipboard takes the clipboard from the games' tools under dir,
// as a player copying something else does, so they end.
func giveUpTheClipboard(t *testing.T, dir string) {
	path, err := exec.LookPath("xclip")
	if err != nil {
		return
	}
	taker := exec.Command(path, "-quiet", "-selection", "clipboard")
	taker.Stdin = strings.NewReader("the journey is over")
	if taker.Start() != nil {
		return
	}
	defer func() {
		_ = taker.Process.Kill()
		_ = taker.Wait()
	}()
	assert.Eventually(t, func() bool { return len(clipboardTools(dir)) == 0 }, 5*time.Second, 50*time.Millisecond,
		"the games' clipboard tools end once another program takes the clipboard")
}

// A host with a friend in the game opens Players: it reads the friend's
// class, level and place, Enter out of habit removes no one, and Kick
// asks before it acts. Then End the game asks, naming the friend it ends
// the game for, and the second click sends the friend back to its menu
// with the host's words.
func TestJourneyHostAsksBeforeRemovingAFriend(t *testing.T) {
	needWindow(t)
	start := time.Now()
	dir := t.TempDir()
	host := launch(t, "host", filepath.Join(dir, "host"), "--port", strconv.Itoa(freeUDPPort(t)), "--name", "Hosta")
	host.expect("duskfall: scene=menu")
	host.hostAndPlay("duskfall: scene=play", 1)
	host.expect("duskfall: join code ")
	code := strings.TrimPrefix(host.line("duskfall: join code "), "duskfall: join code ")
	friend := launch(t, "friend", filepath.Join(dir, "friend"), "--join", code, "--name", "Frienda")
	friend.expect("duskfall: scene=play")
	require.Eventually(t, func() bool { return strings.Contains(host.log(), "Frienda joined") }, guiWait, 100*time.Millisecond)

	host.key("Escape")
	host.until("duskfall: scene=pause", 1, nil)
	players, ok := render.PauseButtonCenterWithFriends(render.LabelPlayers, host.w, host.h, false, 1)
	require.True(t, ok)
	host.until("duskfall: scene=players", 1, func() { host.clickPoint(players) })
	time.Sleep(300 * time.Millisecond)
	host.shotOnTop("players")
	host.press("Return") // Back has the focus: the list closes
	host.until("duskfall: scene=players", 2, func() { host.clickPoint(players) })
	assert.NotContains(t, host.log(), "duskfall: players: kicked", "Enter kicked no one")

	host.press("Up", "Up", "Return") // from Back up past Ban to Kick, and press it
	host.expect("duskfall: players: asked: Kick Frienda? Enter or click again to kick; Esc cancels")
	time.Sleep(150 * time.Millisecond)
	host.shotOnTop("kick-asked")
	host.press("Escape", "Return") // the question let go, the list still open on Kick: asked again
	host.until("duskfall: players: asked: Kick Frienda?", 2, nil)
	host.press("Escape", "Escape") // the question, then the list
	assert.NotContains(t, host.log(), "duskfall: players: kicked")

	end, ok := render.PauseButtonCenterWithFriends(render.LabelEndGame, host.w, host.h, false, 1)
	require.True(t, ok)
	host.until("duskfall: end the game? friends=1", 1, func() { host.clickPoint(end) })
	time.Sleep(150 * time.Millisecond)
	host.shotOnTop("end-asked")
	assert.False(t, friend.saw("duskfall: scene=failed"), "one click ends nothing:\n%s", friend.log())
	host.until("duskfall: scene=menu", 2, func() { host.clickPoint(end) })
	friend.expect("duskfall: scene=failed Disconnected: The host ended the game")
	time.Sleep(300 * time.Millisecond)
	friend.shotOnTop("host-left")
	t.Logf("the journey took %.1f s", time.Since(start).Seconds())
}

// shotOnTop raises the window over the other player's, which shares the
// screen, and takes its screenshot.
func (p *player) shotOnTop(name string) {
	p.t.Helper()
	xdotool(p.t, "windowraise", p.wid)
	time.Sleep(200 * time.Millisecond) // a frame drawn where it shows
	p.screenshot(name)
}

// press presses each key in turn, held long enough that a window drawing
// few frames a second (two windows on a busy machine) reads every one.
func (p *player) press(keys ...string) {
	for _, k := range keys {
		p.hold(k, 150*time.Millisecond)
		time.Sleep(100 * time.Millisecond)
	}
}
