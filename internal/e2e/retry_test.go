package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/net/enet"
	"duskfall/net/wire"
	"duskfall/server"
)

// Refusals that time lifts are retried (wire.TryAgain): eight games dialled
// at the same instant from one address, twice the server's limit of
// joins in flight per address, are all in the game soon after, the four
// over the limit having been told to try again and having done so.
func TestGamesOverTheJoiningLimitTryAgainAndGetIn(t *testing.T) {
	srv, addr := storedServer(t, t.TempDir())
	defer srv.Shutdown("test over")
	n := 2 * server.MaxPendingPerAddr
	rts := make([]*client.Runtime, n)
	for i := range rts {
		rts[i] = dialAs(t, addr, fmt.Sprintf("Crowd%d", i+1), byte(i+1))
	}
	allIn := func() bool {
		for _, rt := range rts {
			if rt.State() != client.StatePlaying {
				return false
			}
		}
		return true
	}
	for range 10 * game.TickRate {
		for _, rt := range rts {
			rt.Frame(client.Intent{})
		}
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
		if allIn() {
			break
		}
	}
	retries := 0
	for _, rt := range rts {
		require.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
		retries += rt.Stats().JoinRetries
	}
	assert.GreaterOrEqual(t, srv.Counters().Deferred, server.MaxPendingPerAddr, "the ones over the limit were told to try again")
	assert.Equal(t, srv.Counters().Deferred, retries, "and each tried again")
	assert.Zero(t, srv.Counters().Rejected, "nobody was refused for good")
}

// The command line's bots join all of them from one machine against the
// default limits: `--bot 8` dials them a little apart, and any the server
// asks to wait try again.
func TestEightBotsInOneProcessAllJoin(t *testing.T) {
	t.Parallel()
	s := startSiege(t)
	reps, _ := runBotProcess(t, s.addr, "--bot", "8", "--name", "crowd", "--duration", "2s")
	require.Len(t, reps, 8)
	for _, r := range reps {
		assert.True(t, r.Connected, "%s: %s", r.Name, r.Error)
		assert.Empty(t, r.Error, r.Name)
	}
}

// A game killed and relaunched at once is back in the game within 2 s:
// the new connection is asked to try again while the old one goes quiet,
// then replaces it (docs/NETCODE.md, "Handshake").
func TestABotKilledAndRelaunchedAtOnceIsBackWithinTwoSeconds(t *testing.T) {
	s := startSiege(t)
	first := exec.Command(headlessServer(t), "--bot", "1", "--join", s.addr, "--name", "phoenix", "--duration", "60s")
	require.NoError(t, first.Start())
	require.Eventually(t, func() bool { return strings.Contains(s.log.String(), "phoenix-1 plays") }, 10*time.Second, 10*time.Millisecond,
		"the first bot never played: %s", s.log.String())
	time.Sleep(300 * time.Millisecond) // a moment of play
	require.NoError(t, first.Process.Signal(syscall.SIGKILL))
	first.Wait()
	reps, code := runBotProcess(t, s.addr, "--bot", "1", "--name", "phoenix", "--duration", "3s")
	require.Len(t, reps, 1)
	r := reps[0]
	t.Logf("relaunched: %+v", r)
	require.Zero(t, code, r.Error)
	assert.True(t, r.Connected)
	assert.Positive(t, r.JoinMs)
	assert.LessOrEqual(t, r.JoinMs, 2000.0, "back in the game within 2 s of the relaunch")
}

// runBotProcess runs the program's --bot mode against addr and returns
// its reports and exit status.
func runBotProcess(t *testing.T, addr string, args ...string) ([]bots.Report, int) {
	t.Helper()
	cmd := exec.Command(headlessServer(t), append(args, "--join", addr)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	var reps []bots.Report
	dec := json.NewDecoder(&out)
	for dec.More() {
		var r bots.Report
		require.NoError(t, dec.Decode(&r), errs.String())
		reps = append(reps, r)
	}
	return reps, code
}

// A peer that connects with fewer channels than the protocol uses is
// refused at the door in words, not seated to wait for snapshots on a
// channel it does not have.
func TestAConnectWithTooFewChannelsIsRefusedInWords(t *testing.T) {
	srv, addr := storedServer(t, t.TempDir())
	defer srv.Shutdown("test over")
	from, err := enet.NewAddress("127.0.0.2", 0)
	require.NoError(t, err)
	h, err := enet.NewHost(&from, enet.HostConfig{PeerCount: 1, ChannelCount: 2, Compress: true,
		MaximumPacketSize: 1 << 16, MaximumWaitingData: 1 << 20, DuplicatePeers: 1,
		Seal: &enet.SealConfig{}, Version: wire.ProtocolVersion})
	require.NoError(t, err)
	defer h.Destroy()
	throughDoor(t, h, enetAddr(t, addr), nil)
	_, err = h.Connect(enetAddr(t, addr), 2, wire.ProtocolVersion)
	require.NoError(t, err)
	var reason string
	for i := 0; i < 3*game.TickRate && reason == ""; i++ {
		srv.Step()
		for {
			ev, err := h.Service(0)
			require.NoError(t, err)
			if ev.Type == enet.EventNone {
				break
			}
			if ev.Type == enet.EventReceive {
				rej, err := wire.ParseReject(ev.Packet)
				require.NoError(t, err)
				reason = rej.Reason
			}
		}
		time.Sleep(time.Second / game.TickRate)
	}
	assert.Equal(t, "your game opened 2 channels; Duskfall needs 4", reason)
	assert.Zero(t, srv.Players()+srv.Counters().Deferred)
	assert.Equal(t, 1, srv.Counters().Rejected)
}
