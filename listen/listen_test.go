package listen

import (
	"io"
	"log"
	"math"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/net/lan"
	"duskfall/server"
)

func startHost(t *testing.T) *Host {
	t.Helper()
	h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "host"}})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// scriptedIntent walks a figure that changes direction every half second,
// so walls and slides are part of the run.
func scriptedIntent(frame int) client.Intent {
	a := float64(frame/30) * 2.1
	return client.Intent{MoveX: math.Cos(a), MoveY: math.Sin(a), Aim: a}
}

func TestHostIsPlayerOne(t *testing.T) {
	h := startHost(t)
	for range 10 {
		h.Frame(client.Intent{})
	}
	require.Equal(t, client.StatePlaying, h.Client.State())
	require.Equal(t, uint16(1), h.Client.PlayerID())
	require.Equal(t, 1, h.Server.Players())
}

// The host's server steps in the host's frames, so a frame that stalls (a
// dragged window, a slow screenshot) stalls the server too: the silence it
// leaves is no lost connection, and the host plays on.
func TestAStalledHostFrameKeepsTheHostPlaying(t *testing.T) {
	now := time.Unix(1000, 0)
	h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3,
		Client: client.Config{Name: "host", Now: func() time.Time { return now }}})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	for range 10 {
		h.Frame(client.Intent{})
	}
	require.Equal(t, client.StatePlaying, h.Client.State())
	for range 6 { // snapshots go every few frames: some of these frames hear nothing
		now = now.Add(2 * client.QuietLimitPlaying)
		h.Frame(client.Intent{})
		require.Equal(t, client.StatePlaying, h.Client.State(), "%v", h.Client.Err())
	}
}

// On a listen server, input sampled in a frame is consumed by that frame's
// server step, so the host's predicted ship sits exactly on the
// authoritative one.
func TestHostPredictionMatchesTheServer(t *testing.T) {
	h := startHost(t)
	var sum float64
	n := 0
	moved := 0.0
	var last [2]float64
	for frame := range 600 + 30 {
		h.Frame(scriptedIntent(frame))
		pred, ok := h.Client.PredictedPos()
		if !ok {
			continue
		}
		auth, ok := h.Server.World(h.Client.PlayerID()).PlayerPos(h.Client.PlayerID())
		require.True(t, ok)
		sum += math.Hypot(pred.X-auth.X, pred.Y-auth.Y)
		if n > 0 {
			moved += math.Hypot(auth.X-last[0], auth.Y-last[1])
		}
		last = [2]float64{auth.X, auth.Y}
		n++
	}
	require.GreaterOrEqual(t, n, 600)
	require.Greater(t, moved, 500.0, "the script should really move the ship")
	mean := sum / float64(n)
	t.Logf("mean gap between predicted and authoritative position over %d ticks: %.6f u", n, mean)
	require.Less(t, mean, 0.01)
	require.Zero(t, h.Client.Stats().Snaps)
}

// Host and play with a data folder, as the window runs it: the first time
// the host plays at once, on a character made from the name; the next time
// the roster waits for the host's choice, with that character on it.
func TestHostAndPlayShowsTheRosterAfterTheFirstTime(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "hub", Seed: 3, DataDir: dir, Log: log.New(io.Discard, "", 0),
		Client: client.Config{Name: "Ava", Token: [16]byte{7}, Roster: client.RosterAsk}}
	frames := func(h *Host, done func() bool) {
		for range 600 { // the store answers from its own goroutine: give it ten seconds of frames
			if done() {
				return
			}
			h.Frame(client.Intent{})
			time.Sleep(time.Millisecond)
		}
	}

	first, err := Start(cfg)
	require.NoError(t, err)
	frames(first, func() bool { return first.Client.State() == client.StatePlaying })
	require.Equal(t, client.StatePlaying, first.Client.State(), "no clicks the first time: %v", first.Client.Err())
	require.Equal(t, "Ava", first.Client.Character().Name)
	first.Close()

	again, err := Start(cfg)
	require.NoError(t, err)
	defer again.Close()
	frames(again, func() bool { return again.Client.State() == client.StateRoster })
	require.Equal(t, client.StateRoster, again.Client.State(), "%v", again.Client.Err())
	for range 30 {
		again.Frame(client.Intent{})
	}
	assert.Equal(t, client.StateRoster, again.Client.State(), "the roster waits for the host's choice")
	ro := again.Client.Roster()
	require.Len(t, ro.Characters, 1)
	assert.Equal(t, "Ava", ro.Characters[0].Name)
}

func TestHostingOnAPortInUseSaysSoInWords(t *testing.T) {
	taken, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer taken.Close()
	addr := taken.LocalAddr().String()
	_, port, _ := net.SplitHostPort(addr)
	_, err = Start(Config{Content: builtin(t), Addr: addr, Map: "arena", Seed: 3, Client: client.Config{Name: "host"}})
	require.Error(t, err)
	assert.Equal(t, "port "+port+" is in use by another program (perhaps another Duskfall): choose another port", err.Error())
	assert.NotContains(t, err.Error(), "enet", "no internal layer shows")
}

// Host and play on a damaged store shows the host the dedicated server's
// sentence, and leaves the file and the port as they were for the next try.
func TestHostingOnADamagedStoreSaysSoInWords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, server.DataFile)
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	cfg := Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "hub", Seed: 3, DataDir: dir, Log: log.New(io.Discard, "", 0),
		Client: client.Config{Name: "Ava"}}

	_, err := Start(cfg)

	require.Error(t, err)
	assert.Equal(t, "the character store "+path+" is damaged (the file is empty): the server did not start; "+
		"move it aside to start a new store, or restore a backup of it", err.Error())
	require.NoError(t, os.Rename(path, path+".damaged"))
	h, err := Start(cfg)
	require.NoError(t, err, "moved aside, the next try starts a new store")
	h.Close()
}

func TestFriendsReadThatTheHostLeft(t *testing.T) {
	h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "host"}})
	require.NoError(t, err)
	friend, err := client.Dial(h.Addr(), client.Config{Content: builtin(t).Content, Name: "friend"})
	require.NoError(t, err)
	defer friend.Close()
	for range 600 {
		h.Frame(client.Intent{})
		friend.Frame(client.Intent{})
		if friend.State() == client.StatePlaying {
			break
		}
		time.Sleep(time.Millisecond)
	}
	require.Equal(t, client.StatePlaying, friend.State(), "%v", friend.Err())
	h.Close()
	for range 600 {
		friend.Frame(client.Intent{})
		if friend.State() == client.StateFailed {
			break
		}
		time.Sleep(time.Millisecond)
	}
	require.Error(t, friend.Err())
	assert.Equal(t, "the host ended the game", friend.Err().Error())
}

func TestAHostIsFoundOnTheNetwork(t *testing.T) {
	l, err := lan.Listen("127.0.0.1:0", nil)
	require.NoError(t, err)
	defer l.Close()
	h, err := Start(Config{Content: builtin(t), Addr: "127.0.0.1:0", Map: "arena", Seed: 3, Client: client.Config{Name: "Ava"},
		Announce: true, AnnounceTo: []string{l.Addr().String()}})
	require.NoError(t, err)
	defer h.Close()
	require.Eventually(t, func() bool { return len(l.Games()) == 1 }, 3*time.Second, 10*time.Millisecond)
	g := l.Games()[0]
	assert.Equal(t, h.Addr(), g.Addr, "the address a friend joins")
	assert.Equal(t, "Ava's game", g.Name)
	assert.Equal(t, h.Addr()+"/"+h.Fingerprint(), g.Code(), "the join code a friend joins by")
}
