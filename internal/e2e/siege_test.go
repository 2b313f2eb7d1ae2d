package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/server"
)

// siege is a dedicated server under attack: the real headless program in
// a process of its own, so that what an attack costs it (its tick, its
// resident memory) is its own and not the test's, whose bots and attacker
// share one process.
type siege struct {
	cmd    *exec.Cmd
	addr   string
	status string // the status file
	log    *syncBuffer
	exited chan struct{}
}

var (
	serverBinOnce sync.Once
	serverBin     string
	serverBinErr  error
)

// headlessServer builds the headless program once per test run.
func headlessServer(t *testing.T) string {
	t.Helper()
	serverBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "duskfall-e2e")
		if err != nil {
			serverBinErr = err
			return
		}
		serverBin = filepath.Join(dir, "duskfall-headless")
		out, err := exec.Command("go", "build", "-tags", "headless", "-o", serverBin, "duskfall").CombinedOutput()
		if err != nil {
			serverBinErr = &buildError{out: out, err: err}
		}
	})
	require.NoError(t, serverBinErr)
	return serverBin
}

type buildError struct {
	out []byte
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + string(e.out) }

func TestMain(m *testing.M) {
	code := m.Run()
	if serverBin != "" {
		os.RemoveAll(filepath.Dir(serverBin))
	}
	os.Exit(code)
}

var listeningOn = regexp.MustCompile(`listening on (\S+)`)

// startSiege runs the dedicated server on loopback with flags added to the
// defaults, and waits until it listens.
func startSiege(t *testing.T, flags ...string) *siege {
	t.Helper()
	dir := t.TempDir()
	s := &siege{status: filepath.Join(dir, "status.json"), log: &syncBuffer{}, exited: make(chan struct{})}
	args := append([]string{"--server", "--bind", "127.0.0.1", "--port", "0", "--data", dir,
		"--status-file", s.status}, flags...)
	s.cmd = exec.Command(headlessServer(t), args...)
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	require.NoError(t, s.cmd.Start())
	go func() {
		s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() {
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-s.exited
		}
		if t.Failed() {
			t.Logf("server log:\n%s", s.log.String())
		}
	})
	require.Eventually(t, func() bool { return listeningOn.MatchString(s.log.String()) }, 10*time.Second, 10*time.Millisecond,
		"the server did not start: %s", s.log.String())
	s.addr = listeningOn.FindStringSubmatch(s.log.String())[1]
	return s
}

// Status is the server's latest status file; the zero Status before the
// first is written.
func (s *siege) Status() server.Status {
	var st server.Status
	b, err := os.ReadFile(s.status)
	if err == nil {
		json.Unmarshal(b, &st)
	}
	return st
}

// statusSays waits up to three status files for ok to hold.
func (s *siege) statusSays(t *testing.T, what string, ok func(server.Status) bool) {
	t.Helper()
	assert.Eventually(t, func() bool { return ok(s.Status()) }, 3500*time.Millisecond, 50*time.Millisecond, "%s: %+v", what, s.Status())
}

// RSS is the server process's resident memory in bytes, from the kernel.
func (s *siege) RSS(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	require.FailNow(t, "no VmRSS in the server's /proc status")
	return 0
}

// tickWatch follows the status file while an attack runs: the worst
// per-second tick p99 it read, and the tick histogram at its start and end.
type tickWatch struct {
	stop        chan struct{}
	done        chan struct{}
	worst       float64
	seconds     int
	first, last server.Status
}

func (s *siege) watchTicks() *tickWatch {
	w := &tickWatch{stop: make(chan struct{}), done: make(chan struct{}), first: s.Status()}
	w.last = w.first
	go func() {
		defer close(w.done)
		for {
			select {
			case <-w.stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			st := s.Status()
			if st.Tick == w.last.Tick {
				continue
			}
			w.last = st
			w.seconds++
			w.worst = max(w.worst, st.TickMsP99)
		}
	}()
	return w
}

// end stops the watch and returns how many steps it saw and how many of
// them took overMs or more (overMs must be one of the histogram's bounds).
func (w *tickWatch) end(overMs float64) (steps, over uint64) {
	close(w.stop)
	<-w.done
	for i := range w.last.TickHist {
		n := w.last.TickHist[i] - w.first.TickHist[i]
		steps += n
		if i > 0 && server.TickHistBoundsMs[i-1] >= overMs {
			over += n
		}
	}
	return steps, over
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
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

// memoryLine is the kernel's account of the server's resident memory, for
// the log.
func (s *siege) memoryLine() string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	if err != nil {
		return err.Error()
	}
	var parts []string
	for _, line := range strings.Split(string(b), "\n") {
		for _, key := range []string{"VmRSS:", "RssAnon:", "RssFile:", "Threads:"} {
			if strings.HasPrefix(line, key) {
				parts = append(parts, strings.Join(strings.Fields(line), " "))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// botJoinsWithin runs a bot of the real program, in a process of its own
// like any player's game, and asserts that it joined and played within d:
// its run lasts d from its start, handshake included, and it must have
// reconciled snapshots in that time.
func (s *siege) botJoinsWithin(t *testing.T, name string, d time.Duration) {
	t.Helper()
	start := time.Now()
	out, err := exec.Command(headlessServer(t), "--bot", "1", "--join", s.addr, "--name", name,
		"--script", "wander", "--duration", d.String()).Output()
	took := time.Since(start)
	var r struct {
		Connected bool   `json:"connected"`
		Snapshots int    `json:"snapshots"`
		Error     string `json:"error"`
	}
	require.NoError(t, json.Unmarshal(bytes.TrimSpace(out), &r), "the bot's report: %s (%v)", out, err)
	t.Logf("a newcomer's bot: connected %v, %d snapshots in its %v (the process took %v)", r.Connected, r.Snapshots, d, took.Round(time.Millisecond))
	assert.True(t, r.Connected && r.Snapshots > 0 && r.Error == "", "a newcomer joins and plays within %v: %s", d, out)
}
