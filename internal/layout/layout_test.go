package layout

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const module = "duskfall"

// deps lists every package pkg depends on, transitively, for the given tags.
func deps(t *testing.T, pkg string, tags ...string) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	out, err := exec.Command("go", append(args, pkg)...).CombinedOutput()
	require.NoError(t, err, "go list -deps %s: %s", pkg, out)
	return strings.Fields(string(out))
}

func isStd(p string) bool {
	first := strings.SplitN(p, "/", 2)[0]
	return !strings.Contains(first, ".") && first != module
}

func TestPackageBoundaries(t *testing.T) {
	noEbiten := []string{"game", "levels", "net/wire", "net/enet", "net/transport", "net/transport/netsim", "server", "client", "listen"}
	cases := []struct {
		name   string
		pkg    string
		banned func(dep string) bool
	}{
		{"game imports only the standard library", "game", func(d string) bool {
			return !isStd(d) && d != module+"/game"
		}},
		{"server never imports client", "server", func(d string) bool {
			return d == module+"/client" || strings.HasPrefix(d, module+"/client/")
		}},
		{"client never imports server", "client", func(d string) bool {
			return d == module+"/server" || strings.HasPrefix(d, module+"/server/")
		}},
		{"net/transport never imports net/wire: the caller hands it the channel table", "net/transport", func(d string) bool {
			return d == module+"/net/wire"
		}},
	}
	for _, p := range noEbiten {
		cases = append(cases, struct {
			name   string
			pkg    string
			banned func(string) bool
		}{p + " never imports ebiten", p, func(d string) bool { return strings.Contains(d, "hajimehoshi/ebiten") }})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, d := range deps(t, module+"/"+c.pkg) {
				require.False(t, c.banned(d), "%s depends on %s", c.pkg, d)
			}
		})
	}
}

func TestGameUsesNoClockOrGlobalRand(t *testing.T) {
	files, err := filepath.Glob("../../game/*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, banned := range []string{"time.Now", "time.Since", "rand.Int", "rand.Float", "rand.Shuffle", "\"os\""} {
			require.NotContains(t, string(src), banned, "%s uses %s: the simulation takes time only from its tick and randomness only from its own RNG", f, banned)
		}
	}
}

func TestHeadlessBuildLeavesTheWindowOut(t *testing.T) {
	t.Run("the headless build does not depend on ebiten", func(t *testing.T) {
		for _, d := range deps(t, module, "headless") {
			require.NotContains(t, d, "hajimehoshi/ebiten")
		}
	})
	t.Run("the headless binary links no X11 library", func(t *testing.T) {
		if _, err := exec.LookPath("ldd"); err != nil {
			t.Skip("ldd not available")
		}
		out, err := exec.Command("ldd", headlessBinary(t)).CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.NotContains(t, string(out), "libX11")
		require.Contains(t, string(out), "libenet", "the binary should link the system ENet library")
	})
	t.Run("the headless server runs with no display", func(t *testing.T) {
		cmd := exec.Command(headlessBinary(t), "--server", "--port", "0", "--duration", "1s")
		cmd.Env = append(os.Environ(), "DISPLAY=")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "listening on")
	})
}

func TestTheServerStopsCleanlyOnSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run("on "+sig.String(), func(t *testing.T) {
			cmd := exec.Command(headlessBinary(t), "--server", "--port", "0")
			var out syncBuffer
			cmd.Stdout, cmd.Stderr = &out, &out
			require.NoError(t, cmd.Start())
			deadline := time.Now().Add(10 * time.Second)
			for !strings.Contains(out.String(), "listening on") && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			require.Contains(t, out.String(), "listening on")
			require.NoError(t, cmd.Process.Signal(sig))
			require.NoError(t, cmd.Wait(), "%s", out.String())
			require.Contains(t, out.String(), "stopped at tick")
		})
	}
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var headlessBin string

// headlessBinary builds the headless program once per test run.
func headlessBinary(t *testing.T) string {
	t.Helper()
	if headlessBin != "" {
		return headlessBin
	}
	dir, err := os.MkdirTemp("", "duskfall-layout")
	require.NoError(t, err)
	bin := filepath.Join(dir, "duskfall-headless")
	out, err := exec.Command("go", "build", "-tags", "headless", "-o", bin, module).CombinedOutput()
	require.NoError(t, err, "%s", out)
	headlessBin = bin
	return bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if headlessBin != "" {
		os.RemoveAll(filepath.Dir(headlessBin))
	}
	os.Exit(code)
}

func TestCommandLine(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantText string
	}{
		{"help lists every mode", []string{"--help"}, 0, "--server"},
		{"help names the bot mode", []string{"--help"}, 0, "--bot N --join HOST:PORT"},
		{"help names netsim", []string{"--help"}, 0, "netsim"},
		{"an unknown flag exits 2", []string{"--warp-speed"}, 2, "flag provided but not defined"},
		{"a port out of range exits 2", []string{"--server", "--port", "70000"}, 2, "not a port number"},
		{"a bad duration exits 2", []string{"--server", "--duration", "soon"}, 2, "invalid value"},
		{"bots without an address exit 2", []string{"--bot", "2"}, 2, "--bot needs --join"},
		{"an address without a port exits 2", []string{"--bot", "1", "--join", "localhost"}, 2, "want HOST:PORT"},
		{"an unknown script exits 2", []string{"--bot", "1", "--join", "127.0.0.1:1", "--script", "dance"}, 2, "unknown bot script"},
		{"two modes at once exit 2", []string{"--server", "--host"}, 2, "choose one of"},
		{"a player limit out of range exits 2", []string{"--server", "--max-players", "0"}, 2, "--max-players 0"},
		{"the window modes explain the headless build", []string{"--host"}, 1, "no window"},
		{"a stray argument exits 2", []string{"serve"}, 2, "unexpected argument"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(headlessBinary(t), c.args...)
			cmd.Env = append(os.Environ(), "DISPLAY=")
			out, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else {
				require.NoError(t, err)
			}
			require.Equal(t, c.wantCode, code, "%s", out)
			require.Contains(t, string(out), c.wantText)
		})
	}
}
