//go:build !headless

package main

import (
	"bufio"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/render"
)

// The GUI test runs the real window under a display (Xvfb in CI), clicks
// "Host and play" with xdotool and waits for the game to say it is
// playing and to save its screenshot.
const guiWait = 20 * time.Second

func TestGUIHostAndPlay(t *testing.T) {
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

	shot := filepath.Join(dir, "shot.png")
	proc := startGame(t, bin, shot, dir)
	wid := xdotool(t, "search", "--sync", "--name", render.WindowTitle)
	wid = strings.Fields(wid)[0]
	w, h := windowSize(t, wid)
	p, ok := render.MainMenuButtonCenter(render.LabelHostAndPlay, w, h)
	require.True(t, ok)

	// The window can appear a moment before the game reads input, so the
	// click is repeated until the game answers.
	deadline := time.Now().Add(guiWait)
	for !proc.saw("duskfall: scene=play players=1") {
		require.True(t, time.Now().Before(deadline), "no play scene after the click; stderr:\n%s", proc.log())
		xdotool(t, "mousemove", "--window", wid, strconv.Itoa(p.X), strconv.Itoa(p.Y), "click", "1")
		proc.waitFor("duskfall: scene=play", 3*time.Second)
	}
	waitForFile(t, shot, deadline, proc)

	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err, "the screenshot is a PNG")
	b := img.Bounds()
	require.Equal(t, [2]int{w, h}, [2]int{b.Dx(), b.Dy()}, "the screenshot is the whole window")
	require.Greater(t, distinctColours(img), 32, "the screenshot shows a drawn world, not a blank window")

	if os.Getenv("DUSKFALL_UPDATE_SHOTS") == "1" {
		copyFile(t, shot, filepath.Join("docs", "img", "play.png"))
	}
}

// gameProcess is the running binary and what it wrote to stderr.
type gameProcess struct {
	mu      sync.Mutex
	lines   []string
	at      []time.Time // when each line arrived
	more    chan struct{}
	started time.Time
}

func startGame(t *testing.T, bin, shot, dir string, args ...string) *gameProcess {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if len(args) == 0 {
		args = []string{"--port", strconv.Itoa(freeUDPPort(t)), "--name", "Tester"} // a name given: no first-launch walk-through
	}
	// A test never asks the machine's real router for a port: the window
	// would (the Router switch is on by default).
	args = append(args, "--upnp=false")
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "DUSKFALL_SHOT="+shot, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"))
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	g := &gameProcess{more: make(chan struct{}, 1), started: time.Now()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.read(stderr)
	}()
	t.Cleanup(func() {
		cancel() // kills the game
		<-done
		_ = cmd.Wait()
	})
	return g
}

func (g *gameProcess) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		g.mu.Lock()
		g.lines = append(g.lines, sc.Text())
		g.at = append(g.at, time.Now())
		g.mu.Unlock()
		select {
		case g.more <- struct{}{}:
		default:
		}
	}
}

func (g *gameProcess) saw(prefix string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, l := range g.lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// when is when the first line starting with prefix arrived.
func (g *gameProcess) when(prefix string) (time.Time, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, l := range g.lines {
		if strings.HasPrefix(l, prefix) {
			return g.at[i], true
		}
	}
	return time.Time{}, false
}

// count is how many lines start with prefix.
func (g *gameProcess) count(prefix string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, l := range g.lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// last is the last line starting with prefix, or "".
func (g *gameProcess) last(prefix string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := len(g.lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(g.lines[i], prefix) {
			return g.lines[i]
		}
	}
	return ""
}

// line is the first line starting with prefix.
func (g *gameProcess) line(prefix string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, l := range g.lines {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func (g *gameProcess) waitFor(prefix string, d time.Duration) {
	timeout := time.After(d)
	for !g.saw(prefix) {
		select {
		case <-g.more:
		case <-timeout:
			return
		}
	}
}

func (g *gameProcess) log() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return strings.Join(g.lines, "\n")
}

func xdotool(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guiWait)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", args...).Output()
	require.NoError(t, err, "xdotool %v", args)
	return string(out)
}

// windowSize reads the window's size, which a window manager may have
// changed from the one the game asked for.
func windowSize(t *testing.T, wid string) (int, int) {
	t.Helper()
	var w, h int
	for _, l := range strings.Split(xdotool(t, "getwindowgeometry", "--shell", wid), "\n") {
		if v, ok := strings.CutPrefix(l, "WIDTH="); ok {
			w, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(l, "HEIGHT="); ok {
			h, _ = strconv.Atoi(v)
		}
	}
	require.Positive(t, w)
	require.Positive(t, h)
	return w, h
}

func freeUDPPort(t *testing.T) int {
	t.Helper()
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

func waitForFile(t *testing.T, path string, deadline time.Time, g *gameProcess) {
	t.Helper()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		require.True(t, time.Now().Before(deadline), "no screenshot at %s; stderr:\n%s", path, g.log())
		time.Sleep(100 * time.Millisecond)
	}
}

func distinctColours(img image.Image) int {
	seen := map[color.Color]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			seen[img.At(x, y)] = true
		}
	}
	return len(seen)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, b, 0o644))
}
