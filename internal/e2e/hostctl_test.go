package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/server"
)

// operated is a dedicated server in a process of its own whose console
// the test types into: the real program, its stdin a pipe.
type operated struct {
	cmd     *exec.Cmd
	addr    string
	status  string
	typed   io.WriteCloser
	answers chan string // stdout, a line at a time
	log     *syncBuffer // stderr
	exited  chan struct{}
	code    int
}

// startOperated runs the dedicated server on dir with flags added, and
// waits until it listens.
func startOperated(t *testing.T, dir string, flags ...string) *operated {
	t.Helper()
	o := &operated{status: filepath.Join(dir, "status.json"), answers: make(chan string, 16), log: &syncBuffer{}, exited: make(chan struct{})}
	args := append([]string{"--server", "--bind", "127.0.0.1", "--port", "0", "--data", dir, "--status-file", o.status}, flags...)
	o.cmd = exec.Command(headlessServer(t), args...)
	o.cmd.Stderr = o.log
	var err error
	o.typed, err = o.cmd.StdinPipe()
	require.NoError(t, err)
	out, err := o.cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, o.cmd.Start())
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			o.answers <- sc.Text()
		}
		close(o.answers)
	}()
	go func() {
		o.cmd.Wait()
		o.code = o.cmd.ProcessState.ExitCode()
		close(o.exited)
	}()
	t.Cleanup(func() {
		o.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-o.exited:
		case <-time.After(5 * time.Second):
			o.cmd.Process.Kill()
			<-o.exited
		}
		if t.Failed() {
			t.Logf("server log:\n%s", o.log.String())
		}
	})
	require.Eventually(t, func() bool { return listeningOn.MatchString(o.log.String()) }, 10*time.Second, 10*time.Millisecond,
		"the server did not start: %s", o.log.String())
	o.addr = listeningOn.FindStringSubmatch(o.log.String())[1]
	return o
}

// say types a console line and returns the one line it is answered with.
func (o *operated) say(t *testing.T, line string) string {
	t.Helper()
	_, err := io.WriteString(o.typed, line+"\n")
	require.NoError(t, err)
	select {
	case a, ok := <-o.answers:
		require.True(t, ok, "the console closed its output")
		return a
	case <-time.After(10 * time.Second):
		require.FailNow(t, "no answer to "+line)
		return ""
	}
}

func (o *operated) statusNow() server.Status {
	var st server.Status
	if b, err := os.ReadFile(o.status); err == nil {
		json.Unmarshal(b, &st)
	}
	return st
}

// joiner dials addr as name with its own token and a password.
func joiner(t *testing.T, addr, name string, token byte, password string) *client.Runtime {
	t.Helper()
	var tok [16]byte
	for i := range tok {
		tok[i] = token
	}
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: name, Token: tok, Password: password})
	require.NoError(t, err)
	t.Cleanup(rt.Close)
	return rt
}

// settled runs the clients until each plays or has failed, at most 15 s.
func settled(t *testing.T, clients ...*client.Runtime) {
	t.Helper()
	for range 15 * game.TickRate {
		done := true
		for _, c := range clients {
			c.Frame(client.Intent{})
			if s := c.State(); s != client.StatePlaying && s != client.StateFailed {
				done = false
			}
		}
		if done {
			return
		}
		time.Sleep(time.Second / game.TickRate)
	}
}

// until runs the clients until done, at most 15 s.
func until(done func() bool, clients ...*client.Runtime) {
	for range 15 * game.TickRate {
		for _, c := range clients {
			c.Frame(client.Intent{})
		}
		if done() {
			return
		}
		time.Sleep(time.Second / game.TickRate)
	}
}

// The operator's console on the real program: every command answered in
// one line on stdout, a password asked of every player, kick and ban read
// by the player removed, a ban kept over a restart, and the end of stdin
// ending the console but not the server.
func TestTheOperatorsConsole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	op := startOperated(t, dir, "--password", "owl")
	outer := t

	t.Run("a player without the password, or with a wrong one, is refused in words", func(t *testing.T) {
		for _, c := range []struct{ name, password, words string }{
			{"nopass", "", "the server refused the connection: " + server.NeedsPassword},
			{"wrongpass", "hawk", "the server refused the connection: " + server.WrongPassword},
		} {
			rt := joiner(t, op.addr, c.name, 9, c.password)
			settled(t, rt)
			require.Equal(t, client.StateFailed, rt.State(), c.name)
			assert.EqualError(t, rt.Err(), c.words)
		}
	})
	kate := joiner(t, op.addr, "kate", 1, "owl")
	settled(t, kate)
	require.Equal(t, client.StatePlaying, kate.State(), "%v", kate.Err())

	t.Run("list names each player and where it is", func(t *testing.T) {
		assert.Equal(t, "1 player: kate (hub)", op.say(t, "list"))
	})
	t.Run("say reaches the players", func(t *testing.T) {
		assert.Equal(t, "said to 1 player", op.say(t, "say the server restarts at noon"))
		until(func() bool { n, _ := kate.Notice(); return n != "" }, kate)
		n, _ := kate.Notice()
		assert.Equal(t, "Host: the server restarts at noon", n)
	})
	t.Run("save answers once the store has written", func(t *testing.T) {
		assert.Equal(t, "saved 1 character", op.say(t, "save"))
	})
	t.Run("kick: the player reads why, and may come back", func(t *testing.T) {
		assert.Equal(t, "kicked kate", op.say(t, "kick kate"))
		until(func() bool { return kate.State() == client.StateFailed }, kate)
		assert.EqualError(t, kate.Err(), server.KickedWords)
		back := joiner(outer, op.addr, "kate", 1, "owl") // plays on into the next subtest
		settled(t, back)
		assert.Equal(t, client.StatePlaying, back.State(), "%v", back.Err())
		kate = back
	})
	t.Run("ban: the player reads why and is refused by account and by address", func(t *testing.T) {
		assert.Equal(t, "banned kate (account kate, address 127.0.0.1)", op.say(t, "ban kate griefing"))
		until(func() bool { return kate.State() == client.StateFailed }, kate)
		assert.Contains(t, kate.Err().Error(), server.BannedWords+": griefing (since ")
		for _, c := range []struct {
			name  string
			token byte
		}{{"kate", 1}, {"kate-alt", 2}} {
			again := joiner(t, op.addr, c.name, c.token, "owl")
			settled(t, again)
			require.Equal(t, client.StateFailed, again.State(), c.name)
			assert.Contains(t, again.Err().Error(), "the server refused the connection: "+server.BannedWords, c.name)
		}
	})
	t.Run("the status file counts kicks, bans and refusals", func(t *testing.T) {
		assert.Eventually(t, func() bool {
			st := op.statusNow()
			return st.HostKicks == 1 && st.Bans == 1 && st.BanRefused == 2 && st.PasswordRefused == 2
		}, 5*time.Second, 50*time.Millisecond, "%+v", op.statusNow())
	})
	t.Run("an unknown command is answered with the commands", func(t *testing.T) {
		assert.Equal(t, `no command "dance"; `+server.ConsoleHelp, op.say(t, "dance"))
	})
	t.Run("stop shuts the server down cleanly", func(t *testing.T) {
		assert.Equal(t, "stopping", op.say(t, "stop"))
		select {
		case <-op.exited:
		case <-time.After(10 * time.Second):
			require.FailNow(t, "the server did not stop")
		}
		assert.Equal(t, 0, op.code)
		assert.Contains(t, op.log.String(), "stopped at tick")
	})

	again := startOperated(t, dir)
	t.Run("the ban holds after a restart on the same store", func(t *testing.T) {
		rt := joiner(t, again.addr, "kate", 1, "")
		settled(t, rt)
		require.Equal(t, client.StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), server.BannedWords+": griefing")
	})
	t.Run("unban lifts it by account and by address", func(t *testing.T) {
		assert.Equal(t, "unbanned kate", again.say(t, "unban kate"))
		assert.Equal(t, "kate is not banned", again.say(t, "unban kate"))
		rt := joiner(t, again.addr, "kate", 1, "")
		settled(t, rt)
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
	})
	t.Run("the end of stdin ends the console, not the server", func(t *testing.T) {
		require.NoError(t, again.typed.Close())
		rt := joiner(t, again.addr, "bob", 3, "")
		settled(t, rt)
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
		select {
		case <-again.exited:
			require.FailNow(t, "the server stopped when its input ended")
		default:
		}
	})
}

// A guesser over real ENet: each wrong password is refused in words, and
// once its address has spent the burst even the right one waits.
func TestWrongPasswordsArePacedOverENet(t *testing.T) {
	srv, addr := newServer(t, "arena", server.Config{Seed: 7, Password: "owl"})
	defer srv.Shutdown("test over")
	try := func(name, password string) *client.Runtime {
		rt := joiner(t, addr, name, byte(len(name)), password)
		for range 5 * game.TickRate {
			rt.Frame(client.Intent{})
			srv.Step()
			if s := rt.State(); s == client.StatePlaying || s == client.StateFailed {
				break
			}
			time.Sleep(time.Second / game.TickRate)
		}
		return rt
	}
	for i, guess := range []string{"a", "bb", "ccc", "dddd", "eeeee"} {
		rt := try("guesser"+guess, guess)
		require.Equal(t, client.StateFailed, rt.State(), "guess %d", i)
		assert.EqualError(t, rt.Err(), "the server refused the connection: "+server.WrongPassword)
	}
	rt := try("owlkeeper", "owl")
	require.Equal(t, client.StateFailed, rt.State())
	assert.Contains(t, rt.Err().Error(), "too many wrong passwords from your address: wait")
	c := srv.Counters()
	assert.Equal(t, 5, c.PasswordRefused)
	assert.Equal(t, 1, c.PasswordPaced)
}
