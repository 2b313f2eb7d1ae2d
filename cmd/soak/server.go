package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"duskfall/server"
)

// serverProc is the dedicated server under soak and the files it writes.
type serverProc struct {
	cmd     *exec.Cmd
	addr    string
	dataDir string
	status  string // the status file
	journal string // the item journal
	logPath string
	exited  chan struct{} // closed when the process has exited
	waitErr error         // its exit, once exited is closed
}

// startServer starts the server on a free port of 127.0.0.1 and waits for
// it to listen.
func startServer(bin, dir string, maxPlayers int) (*serverProc, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &serverProc{
		addr:    net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
		dataDir: filepath.Join(dir, "data"),
		status:  filepath.Join(dir, "status.json"),
		journal: filepath.Join(dir, "items.jsonl"),
		logPath: filepath.Join(dir, "server.log"),
		exited:  make(chan struct{}),
	}
	logf, err := os.Create(s.logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close() // the child holds its own descriptor
	s.cmd = exec.Command(bin, "--server", "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--data", s.dataDir, "--status-file", s.status, "--item-journal", s.journal,
		// Every bot comes from 127.0.0.1, and a SIGKILLed process's
		// connections hold their ENet peers until the server's peer
		// timeout, while the process is already dialling again: the
		// address needs the server's every slot, not one per player.
		"--max-players", strconv.Itoa(maxPlayers), "--per-address", strconv.Itoa(server.PeerSlots(maxPlayers)))
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start the server: %w", err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		close(s.exited)
	}()
	return s, s.awaitListening(15 * time.Second)
}

// freePort asks the kernel for a UDP port nobody holds. Another process
// could take it before the server binds it; the server then says so and
// the soak fails in words.
func freePort() (int, error) {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("cannot find a free UDP port: %w", err)
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port, nil
}

// awaitListening waits for the log's "listening on" line.
func (s *serverProc) awaitListening(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if strings.Contains(s.log(), "listening on") {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("the server exited before it listened (%v): %s", s.waitErr, lastLines(s.log(), 5))
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("the server did not listen within %s", limit)
}

// log is the server's log so far.
func (s *serverProc) log() string {
	b, _ := os.ReadFile(s.logPath)
	return string(b)
}

// alive says whether the server still runs.
func (s *serverProc) alive() bool {
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

// stop sends SIGTERM and waits for a clean exit: status 0 within limit.
func (s *serverProc) stop(limit time.Duration) error {
	if !s.alive() {
		return fmt.Errorf("the server had already exited: %v", s.waitErr)
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-s.exited:
	case <-time.After(limit):
		s.kill()
		return fmt.Errorf("the server did not exit within %s of SIGTERM", limit)
	}
	if s.waitErr != nil {
		return fmt.Errorf("the server exited with %v after SIGTERM", s.waitErr)
	}
	return nil
}

// kill ends the server at once; for failures, so no process outlives the soak.
func (s *serverProc) kill() {
	if s.alive() {
		s.cmd.Process.Kill()
		<-s.exited
	}
}

// rssKB is the server's resident memory from /proc, in KiB: all of it,
// and the anonymous part (the heaps, Go's and C's, and stacks; the rest is
// mapped files: the binary's pages and the store's).
func (s *serverProc) rssKB() (rss, anon int, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0, err
	}
	found := 0
	for _, line := range strings.Split(string(b), "\n") {
		for name, dst := range map[string]*int{"VmRSS:": &rss, "RssAnon:": &anon} {
			if rest, ok := strings.CutPrefix(line, name); ok {
				if *dst, err = strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB")); err != nil {
					return 0, 0, err
				}
				found++
			}
		}
	}
	if found != 2 {
		return 0, 0, errors.New("no VmRSS or RssAnon line in /proc/PID/status")
	}
	return rss, anon, nil
}

// lastLines is the last n lines of s, for an error message.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}
