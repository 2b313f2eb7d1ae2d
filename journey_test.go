//go:build !headless

package main

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The journeys (TestJourney…) play the real window under a display as a
// player does: they move the pointer, click, type, paste and turn the
// wheel with xdotool, and read only what the game writes to stderr and
// what the window shows; they never call the game's own functions. This
// file is their shared harness: one build of the game per test run, a
// player per window, and screenshots kept where DUSKFALL_JOURNEY_SHOTS
// names a folder, to look at.

var (
	journeyOnce sync.Once
	journeyBin  string
	journeyErr  error
)

// journeyBinary builds the game once for every journey of this run.
func journeyBinary(t *testing.T) string {
	t.Helper()
	journeyOnce.Do(func() {
		dir, err := os.MkdirTemp("", "duskfall-journey")
		if err != nil {
			journeyErr = err
			return
		}
		journeyBin = filepath.Join(dir, "duskfall")
		out, err := exec.Command("go", "build", "-o", journeyBin, ".").CombinedOutput()
		if err != nil {
			journeyErr = &buildError{out: string(out), err: err}
		}
	})
	require.NoError(t, journeyErr)
	return journeyBin
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

// needWindow skips a journey where no display or xdotool is at hand.
func needWindow(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("DISPLAY is not set: run under a display, e.g. xvfb-run -a go test .")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed")
	}
}

// player is one game window and the process behind it.
type player struct {
	t    *testing.T
	name string // for screenshots' file names
	dir  string // its config and data folders live here
	*gameProcess
	pid  int
	wid  string
	w, h int
}

// launch starts the game with its own config and data folders under dir
// (a folder kept between launches is the same player's machine) and
// waits for its window. args are the command line; the router is never
// asked for a port.
func launch(t *testing.T, name, dir string, args ...string) *player {
	t.Helper()
	bin := journeyBinary(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append(args, "--upnp=false")...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	g := &gameProcess{more: make(chan struct{}, 1), started: time.Now()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.read(stderr)
	}()
	p := &player{t: t, name: name, dir: dir, gameProcess: g, pid: cmd.Process.Pid}
	stop := func() {
		cancel()
		<-done
		_ = cmd.Wait()
	}
	t.Cleanup(stop)
	p.wid = p.window()
	p.w, p.h = windowSize(t, p.wid)
	return p
}

// window finds the window of this player's process.
func (p *player) window() string {
	p.t.Helper()
	deadline := time.Now().Add(guiWait)
	for {
		out, _ := exec.Command("xdotool", "search", "--pid", strconv.Itoa(p.pid), "--name", "Duskfall").Output()
		if ids := strings.Fields(string(out)); len(ids) > 0 {
			return ids[len(ids)-1]
		}
		require.True(p.t, time.Now().Before(deadline), "%s: no window; stderr:\n%s", p.name, p.log())
		time.Sleep(100 * time.Millisecond)
	}
}

// at moves the pointer to x, y in the window, as a hand does: it arrives,
// then rests a moment before anything is pressed.
func (p *player) at(x, y int) {
	xdotool(p.t, "mousemove", "--window", p.wid, strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(50 * time.Millisecond)
}

// click clicks the left button at x, y.
func (p *player) click(x, y int) {
	p.at(x, y)
	xdotool(p.t, "mousedown", "--window", p.wid, "1")
	time.Sleep(60 * time.Millisecond)
	xdotool(p.t, "mouseup", "--window", p.wid, "1")
	time.Sleep(40 * time.Millisecond)
}

// clickPoint clicks the centre of a point given as image.Point.
func (p *player) clickPoint(pt image.Point) { p.click(pt.X, pt.Y) }

// wheel turns the wheel at x, y: notches down when positive, up when
// negative.
func (p *player) wheel(x, y, notches int) {
	p.at(x, y)
	button := "5"
	if notches < 0 {
		button, notches = "4", -notches
	}
	for range notches {
		xdotool(p.t, "click", "--window", p.wid, button)
		time.Sleep(40 * time.Millisecond)
	}
}

// key presses each key in turn, held for a few frames as a finger holds
// it: the window reads keys once a frame, and a shorter tap can be missed.
// A key is an xdotool name: "Return", "Escape", "ctrl+v", "space", "1".
func (p *player) key(keys ...string) {
	p.focus()
	for _, k := range keys {
		xdotool(p.t, "keydown", k)
		time.Sleep(60 * time.Millisecond)
		xdotool(p.t, "keyup", k)
		time.Sleep(40 * time.Millisecond)
	}
}

// hold keeps a key down for d.
func (p *player) hold(k string, d time.Duration) {
	p.focus()
	xdotool(p.t, "keydown", k)
	time.Sleep(d)
	xdotool(p.t, "keyup", k)
}

// typeText types s, a character at a time, slowly enough that no
// character falls between two frames.
func (p *player) typeText(s string) {
	p.focus()
	xdotool(p.t, "type", "--delay", "40", s)
}

func (p *player) focus() {
	xdotool(p.t, "windowactivate", "--sync", p.wid)
	xdotool(p.t, "windowfocus", "--sync", p.wid)
}

// until waits for the n-th line starting with prefix, doing again (when
// not nil) each time two seconds pass without it: a click that landed
// before the window took input is given again.
func (p *player) until(prefix string, n int, again func()) {
	p.t.Helper()
	deadline := time.Now().Add(2 * guiWait)
	for p.count(prefix) < n {
		require.True(p.t, time.Now().Before(deadline), "%s never said %q; stderr:\n%s", p.name, prefix, p.log())
		if again != nil {
			again()
		}
		p.waitFor(prefix, 2*time.Second)
	}
}

// expect waits for a line starting with prefix without doing anything.
func (p *player) expect(prefix string) {
	p.t.Helper()
	p.until(prefix, 1, nil)
}

// screenshot saves the window as name.png in the test's folder, and in
// DUSKFALL_JOURNEY_SHOTS when that names a folder, and returns the image.
func (p *player) screenshot(name string) image.Image {
	p.t.Helper()
	if _, err := exec.LookPath("import"); err != nil {
		p.t.Logf("no screenshot %s: ImageMagick's import is not installed", name)
		return nil
	}
	path := filepath.Join(p.t.TempDir(), name+".png")
	require.NoError(p.t, exec.Command("import", "-window", p.wid, path).Run())
	if dir := os.Getenv("DUSKFALL_JOURNEY_SHOTS"); dir != "" {
		copyFile(p.t, path, filepath.Join(dir, p.t.Name()+"-"+p.name+"-"+name+".png"))
	}
	f, err := os.Open(path)
	require.NoError(p.t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(p.t, err)
	return img
}

// clipboardSet puts text on the display's clipboard, as a player who
// copied it elsewhere has; it stays until the test ends.
func clipboardSet(t *testing.T, text string) {
	t.Helper()
	path, err := exec.LookPath("xclip")
	if err != nil {
		t.Skip("xclip is not installed: scripts/deps.sh --test installs it")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, path, "-quiet", "-selection", "clipboard") // -quiet: in the foreground, serving until killed
	cmd.Stdin = strings.NewReader(text)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
}

// press is key on a bare X server: there (Xvfb with no window manager)
// windowactivate fails, and key with it, while windowfocus alone gives
// the window the keyboard.
func (p *player) press(keys ...string) {
	xdotool(p.t, "windowfocus", "--sync", p.wid)
	for _, k := range keys {
		xdotool(p.t, "keydown", k)
		time.Sleep(60 * time.Millisecond)
		xdotool(p.t, "keyup", k)
		time.Sleep(40 * time.Millisecond)
	}
}

// typeIn is typeText on a bare X server (see press).
func (p *player) typeIn(s string) {
	xdotool(p.t, "windowfocus", "--sync", p.wid)
	xdotool(p.t, "type", "--delay", "40", s)
}

// holdDown is hold on a bare X server (see press).
func (p *player) holdDown(k string, d time.Duration) {
	xdotool(p.t, "windowfocus", "--sync", p.wid)
	xdotool(p.t, "keydown", k)
	time.Sleep(d)
	xdotool(p.t, "keyup", k)
}
