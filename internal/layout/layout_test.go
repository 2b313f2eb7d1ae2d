package layout

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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

// moduleDeps maps every package of the module, found by go list rather than
// named here, to what it depends on transitively, so that a new package is
// held to the rules the day it is added.
func moduleDeps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", module+"/...").CombinedOutput()
	require.NoError(t, err, "go list %s/...: %s", module, out)
	all := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		all[f[0]] = f[1:]
	}
	return all
}

// moduleImports maps every package of the module to what it imports
// itself, for the rules about the arrows a package draws, not those it
// inherits: only net/transport reaches ENet directly.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", module+"/...").CombinedOutput()
	require.NoError(t, err, "go list %s/...: %s", module, out)
	all := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		all[f[0]] = f[1:]
	}
	return all
}

func isStd(p string) bool {
	first := strings.SplitN(p, "/", 2)[0]
	return !strings.Contains(first, ".") && first != module
}

// in says whether p is one of the module's packages pkgs or below them.
func in(p string, pkgs ...string) bool {
	for _, q := range pkgs {
		if p == module+"/"+q || strings.HasPrefix(p, module+"/"+q+"/") {
			return true
		}
	}
	return false
}

func isEbiten(d string) bool { return strings.Contains(d, "hajimehoshi/ebiten") }

func TestPackageBoundaries(t *testing.T) {
	all := moduleDeps(t)
	rules := []struct {
		name    string
		applies func(pkg string) bool
		banned  func(dep string) bool
	}{
		{"game imports only the standard library",
			func(p string) bool { return in(p, "game") },
			func(d string) bool { return !isStd(d) && d != module+"/game" }},
		{"only render and the main package import ebiten",
			func(p string) bool { return p != module && !in(p, "render") },
			isEbiten},
		{"server never imports client, bots or render",
			func(p string) bool { return in(p, "server") },
			func(d string) bool { return in(d, "client", "bots", "render") }},
		{"client never imports server, bots or render",
			func(p string) bool { return in(p, "client") },
			func(d string) bool { return in(d, "server", "bots", "render") }},
		{"bots never import server or render",
			func(p string) bool { return in(p, "bots") },
			func(d string) bool { return in(d, "server", "render") }},
		{"render never imports server, not even through listen",
			func(p string) bool { return in(p, "render") },
			func(d string) bool { return in(d, "server") }},
		{"the UI kit knows no scene, world, HUD, settings or sound: render/ui never imports render, render/world, render/hud, render/settings or render/sound",
			func(p string) bool { return in(p, "render/ui") },
			func(d string) bool {
				return d == module+"/render" || in(d, "render/world", "render/sound", "render/hud", "render/settings")
			}},
		{"the sound knows no scene, world, HUD, settings or widget: render/sound never imports render, render/world, render/hud, render/settings or render/ui",
			func(p string) bool { return in(p, "render/sound") },
			func(d string) bool {
				return d == module+"/render" || in(d, "render/world", "render/ui", "render/hud", "render/settings")
			}},
		{"the world's drawing knows no scene: render/world never imports render, render/hud, render/settings or render/sound",
			func(p string) bool { return in(p, "render/world") },
			func(d string) bool {
				return d == module+"/render" || in(d, "render/sound", "render/hud", "render/settings")
			}},
		{"the settings panel knows no scene: render/settings never imports render",
			func(p string) bool { return in(p, "render/settings") },
			func(d string) bool { return d == module+"/render" }},
		{"the HUD knows no scene: render/hud never imports render",
			func(p string) bool { return in(p, "render/hud") },
			func(d string) bool { return d == module+"/render" }},
		{"the profile is files, no window: profile never imports render or ebiten",
			func(p string) bool { return in(p, "profile") },
			func(d string) bool { return in(d, "render") || isEbiten(d) }},
		{"levels never imports net/wire: the bounds content and the wire share live in game",
			func(p string) bool { return in(p, "levels") },
			func(d string) bool { return in(d, "net/wire") }},
		{"net/transport never imports net/wire: the caller hands it the channel table",
			func(p string) bool { return in(p, "net/transport") && !in(p, "net/transport/netsim") },
			func(d string) bool { return d == module+"/net/wire" }},
	}
	t.Run("the walk finds every package, the new ones too", func(t *testing.T) {
		for _, p := range []string{"game", "levels", "net/wire", "server", "client", "bots", "listen", "render", "render/ui", "render/sound", "render/world", "render/hud", "render/settings", "profile"} {
			require.Contains(t, all, module+"/"+p)
		}
	})
	t.Run("the walk reads what each package depends on", func(t *testing.T) {
		require.True(t, slices.ContainsFunc(all[module+"/render"], isEbiten), "render should depend on ebiten")
	})
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			applied := 0
			for pkg, ds := range all {
				if !r.applies(pkg) {
					continue
				}
				applied++
				for _, d := range ds {
					require.False(t, r.banned(d), "%s depends on %s", pkg, d)
				}
			}
			require.NotZero(t, applied, "the rule applies to no package")
		})
	}
	t.Run("only net/transport imports net/enet: the server, the client and the program reach ENet through it", func(t *testing.T) {
		imports := moduleImports(t)
		require.Contains(t, imports[module+"/net/transport"], module+"/net/enet", "the walk reads each package's own imports")
		for pkg, ds := range imports {
			if pkg != module+"/net/transport" {
				require.NotContains(t, ds, module+"/net/enet", "%s imports net/enet", pkg)
			}
		}
	})
	t.Run("every program but the module's own lives under cmd/", func(t *testing.T) {
		out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}}", module+"/...").CombinedOutput()
		require.NoError(t, err, "go list %s/...: %s", module, out)
		programs := 0
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			pkg, name, _ := strings.Cut(line, " ")
			if name != "main" || pkg == module {
				continue
			}
			programs++
			require.True(t, in(pkg, "cmd"), "%s is a program outside cmd/", pkg)
		}
		require.NotZero(t, programs, "the walk finds the programs under cmd/")
	})
	t.Run("in the main package only gui.go (and the window's tests, gui*_test.go and journey*_test.go) imports the window", func(t *testing.T) {
		files, err := filepath.Glob("../../*.go")
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for _, f := range files {
			name := filepath.Base(f)
			windowTest := (strings.HasPrefix(name, "gui") || strings.HasPrefix(name, "journey")) && strings.HasSuffix(name, "_test.go")
			if name == "gui.go" || windowTest {
				continue
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range parsed.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				require.False(t, isEbiten(p) || in(p, "render"), "%s imports %s", f, p)
			}
		}
	})
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
		cmd := exec.Command(headlessBinary(t), "--server", "--port", "0", "--duration", "1s", "--data", t.TempDir())
		cmd.Env = append(os.Environ(), "DISPLAY=")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "listening on")
	})
}

func TestTheServerStopsCleanlyOnSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run("on "+sig.String(), func(t *testing.T) {
			cmd := exec.Command(headlessBinary(t), "--server", "--port", "0", "--data", t.TempDir())
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
		{"an address without a port exits 2", []string{"--bot", "1", "--join", "localhost"}, 2, `"localhost" has no port`},
		{"a garbled join code exits 2 and says what a code looks like", []string{"--bot", "1", "--join", "127.0.0.1:7777/abc"}, 2,
			"a slash and 32 letters and digits, such as 192.168.1.20:7777/"},
		{"an unknown script exits 2", []string{"--bot", "1", "--join", "127.0.0.1:1", "--script", "dance"}, 2, "unknown bot script"},
		{"a bot prefix that makes names over 16 bytes exits 2 at start-up", []string{"--bot", "12", "--join", "127.0.0.1:1", "--name", "abcdefghijklmn"}, 2,
			`--name "abcdefghijklmn": with 12 bots the last is named "abcdefghijklmn-12", 17 bytes, and a name is at most 16: use a prefix of at most 13 bytes`},
		{"a bot prefix no name may start with exits 2 at start-up", []string{"--bot", "2", "--join", "127.0.0.1:1", "--name", " lead"}, 2,
			`--name " lead": the bots would be named " lead-1" and on, which is no player's name`},
		{"two modes at once exit 2", []string{"--server", "--host"}, 2, "choose one of"},
		{"a player limit out of range exits 2", []string{"--server", "--max-players", "0"}, 2, "--max-players 0"},
		{"a negative new-account budget exits 2", []string{"--server", "--new-accounts-per-address", "-1"}, 2,
			"--new-accounts-per-address -1: want 0 (no new accounts over the network) to 1000000"},
		{"an account cap of none exits 2", []string{"--server", "--max-accounts", "0"}, 2, "--max-accounts 0: want 1 to 1000000"},
		{"help names the account limits", []string{"--help"}, 0, "-new-accounts-per-address"},
		{"the window modes explain the headless build", []string{"--join", "127.0.0.1:7777"}, 1, "no window"},
		{"a stray argument exits 2", []string{"serve"}, 2, "unexpected argument"},
		{"a password is for the server and bots", []string{"--join", "127.0.0.1:7777", "--password", "owl"}, 2, "--password is for --server and --bot"},
		{"metrics are for the server", []string{"--bot", "1", "--join", "127.0.0.1:7777", "--metrics", ":9777"}, 2, "--metrics is for --server"},
		{"a metrics address without a port exits 2", []string{"--server", "--metrics", "localhost"}, 2, `--metrics "localhost": want HOST:PORT`},
		{"a metrics port out of range exits 2", []string{"--server", "--metrics", ":70000"}, 2, "want HOST:PORT"},
		{"help names the metrics", []string{"--help"}, 0, "-metrics HOST:PORT"},
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

// moddedContent copies the built-in content into a folder, as a modder
// starts, and changes one file.
func moddedContent(t *testing.T, file, old, new string) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "levels")
	entries, err := os.ReadDir(src)
	require.NoError(t, err)
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".toml" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		require.NoError(t, err)
		if e.Name() == file {
			require.Contains(t, string(b), old)
			b = []byte(strings.Replace(string(b), old, new, 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
	}
	return dir
}

// --content DIR plays a modded folder: the server says what it plays, a
// bot given the same folder plays on it, one of the built-in content
// reports the refusal in words, and a folder that does not load stops the
// program at once with its file and key.
func TestPlayingAModdedFolder(t *testing.T) {
	dir := moddedContent(t, "enemies.toml", "hp = 60", "hp = 75")
	server := exec.Command(headlessBinary(t), "--server", "--content", dir, "--bind", "127.0.0.1", "--port", "0", "--data", t.TempDir())
	server.Env = append(os.Environ(), "DISPLAY=")
	var log syncBuffer
	server.Stdout, server.Stderr = &log, &log
	require.NoError(t, server.Start())
	t.Cleanup(func() {
		server.Process.Signal(syscall.SIGTERM)
		server.Wait()
	})
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "listening on") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	require.Contains(t, log.String(), "listening on")
	addr := strings.Fields(log.String()[strings.Index(log.String(), "listening on ")+len("listening on "):])[0]
	require.Contains(t, log.String(), "playing the "+dir+" content (hash ")
	bot := func(args ...string) (int, map[string]any) {
		cmd := exec.Command(headlessBinary(t), append([]string{"--bot", "1", "--join", addr, "--duration", "2s"}, args...)...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		var rep map[string]any
		require.NoError(t, json.Unmarshal([]byte(stdout.String()), &rep), "stdout %q, stderr %q", stdout.String(), stderr.String())
		return code, rep
	}
	t.Run("a bot given the same folder plays", func(t *testing.T) {
		code, rep := bot("--content", dir)
		assert.Equal(t, 0, code, "%v", rep)
		assert.Empty(t, rep["error"])
		assert.Equal(t, true, rep["connected"])
	})
	t.Run("a bot of the built-in content reports the refusal in words", func(t *testing.T) {
		code, rep := bot()
		assert.Equal(t, 1, code)
		assert.Contains(t, rep["error"], "this server plays different content (its hash ")
		assert.Contains(t, rep["error"], "--content DIR")
	})
	t.Run("a folder that does not load stops the program with its file and key", func(t *testing.T) {
		bad := moddedContent(t, "items.toml", `heal = 50`, "heal = 50\nhealing = 50")
		out, err := exec.Command(headlessBinary(t), "--server", "--content", bad, "--port", "0", "--data", t.TempDir()).CombinedOutput()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee)
		assert.Equal(t, 2, ee.ExitCode())
		assert.Contains(t, string(out), "--content "+bad+": items.toml: item.healing: unknown key")
		assert.NotContains(t, string(out), "listening on")
	})
}

// --check-content validates a content folder as the game loads it: the
// built-in one by default, a modder's folder when named.
func TestCheckContent(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		cmd := exec.Command(headlessBinary(t), append([]string{"--check-content"}, args...)...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return code, stdout.String(), stderr.String()
	}
	t.Run("the built-in content passes with a summary of what it holds", func(t *testing.T) {
		code, out, errOut := run()
		require.Equal(t, 0, code, errOut)
		var sum map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &sum))
		assert.Equal(t, true, sum["ok"])
		for _, k := range []string{"enemies", "bosses", "patterns", "dungeon_kinds", "items", "upgrades"} {
			assert.Greater(t, sum[k], 0.0, k)
		}
		assert.Contains(t, sum["maps"], "hub")
	})
	t.Run("a modder's untouched copy passes too", func(t *testing.T) {
		code, _, errOut := run(moddedContent(t, "enemies.toml", "hp = 60", "hp = 60"))
		assert.Equal(t, 0, code, errOut)
	})
	cases := []struct{ name, file, old, new, want string }{
		{"a value out of range", "enemies.toml", "hp = 60", "hp = -3", `enemies.toml: enemy "grunt": hp: -3 is outside`},
		{"a wrong type", "enemies.toml", "hp = 60", `hp = "lots"`, "enemies.toml: "},
		{"an unknown key", "items.toml", `heal = 50`, "heal = 50\nhealing = 50", `items.toml: item.healing: unknown key`},
		{"a map naming an unknown dungeon", "hub.toml", `portal = "proving_grounds"`, `portal = "nowhere"`, `hub.toml: legend "1": unknown dungeon "nowhere"`},
	}
	for _, tc := range cases {
		t.Run(tc.name+" fails with its file and key", func(t *testing.T) {
			code, out, errOut := run(moddedContent(t, tc.file, tc.old, tc.new))
			assert.Equal(t, 1, code, out)
			assert.Contains(t, errOut, tc.want)
		})
	}
	t.Run("with --content it checks that folder", func(t *testing.T) {
		dir := moddedContent(t, "enemies.toml", "hp = 60", "hp = 75")
		code, out, errOut := run("--content", dir)
		require.Equal(t, 0, code, errOut)
		var sum map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &sum))
		assert.Equal(t, dir, sum["source"])
		assert.Len(t, sum["hash"], 64)
	})
	t.Run("a folder that is not there is said so", func(t *testing.T) {
		code, _, errOut := run(filepath.Join(t.TempDir(), "missing"))
		assert.Equal(t, 1, code)
		assert.Contains(t, errOut, "not a content folder")
	})
}

// TestTheWindowBuildWithoutADisplay runs the normal build where there is no
// display: what needs none works, the rest says in one line what to run
// instead, and nothing prints a stack trace.
func TestTheWindowBuildWithoutADisplay(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "duskfall")
	out, err := exec.Command("go", "build", "-o", bin, module).CombinedOutput()
	require.NoError(t, err, "%s", out)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"--help prints the usage", []string{"--help"}, 0, "Usage:"},
		{"netsim runs", []string{"netsim", "--help"}, 0, "-loss"},
		{"--server points to the headless build", []string{"--server"}, 2, "run the headless build"},
		{"--bot points to the headless build", []string{"--bot", "1", "--join", "127.0.0.1:1"}, 2, "run the headless build"},
		{"the window says it needs a display", nil, 1, "the game window needs one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			cmd.Env = env
			out, _ := cmd.CombinedOutput()
			assert.Equal(t, tc.code, cmd.ProcessState.ExitCode(), "%s", out)
			assert.Contains(t, string(out), tc.says)
			assert.NotContains(t, string(out), "goroutine", "no stack trace")
			assert.NotContains(t, string(out), "panic")
		})
	}
}
