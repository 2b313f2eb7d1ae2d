package e2e

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/transport/netsim"
	"duskfall/net/wire"
	"duskfall/server"
)

// builtinContent is the built-in content: what the tests' servers play
// unless a test brings its own, and so what their clients play.
var builtinContent = func() *game.Content {
	p, err := levels.Builtin()
	if err != nil {
		panic(err)
	}
	return p.Content
}()

// newServer makes a real server on a free loopback port, starting players
// on the named map, shut down when the test ends. cfg supplies the rest
// (seed, limits); its content and map are filled in.
func newServer(t *testing.T, mapName string, cfg server.Config) (*server.Runtime, string) {
	t.Helper()
	content := cfg.Content // a test may bring its own
	if content == nil {
		var err error
		content, err = levels.LoadContent()
		require.NoError(t, err)
	}
	start, err := levels.LoadMap(mapName, content)
	require.NoError(t, err)
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(), Unordered: wire.UnorderedChannels()})
	require.NoError(t, err)
	cfg.Content, cfg.Map = content, start
	srv, err := server.New(cfg, tr)
	require.NoError(t, err)
	return srv, tr.Addr()
}

// startServer runs a real server in the arena at 60 Hz until the test ends.
func startServer(t *testing.T) (*server.Runtime, string) {
	t.Helper()
	srv, addr := newServer(t, "arena", server.Config{Seed: 7})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		srv.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	return srv, addr
}

func TestThreeBotsPlayTogetherOverENet(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t)
	reports, err := bots.RunBots(context.Background(), addr, 3, bots.ScriptFight, "bot", 10*time.Second)
	require.NoError(t, err)
	require.Len(t, reports, 3)
	for _, r := range reports {
		t.Logf("%+v", r)
		require.True(t, r.Connected, "%s never joined", r.Name)
		require.Empty(t, r.Error, "%s failed", r.Name)
		require.Equal(t, 2, r.OthersSeen, "%s should have seen both other bots in its snapshots", r.Name)
		require.Greater(t, r.Snapshots, 100, "%s: snapshots arrive at 20 Hz", r.Name)
		require.Positive(t, r.BulletsSeen, "%s saw no bullet spawn", r.Name)
		require.Zero(t, r.Garbage, "%s dropped packets it could not decode", r.Name)
	}
}

func TestWrongProtocolVersionIsRefusedInWords(t *testing.T) {
	_, addr := startServer(t)
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "time-traveller", ProtocolVersion: 99})
	require.NoError(t, err)
	defer rt.Close()
	for range 5 * 60 {
		rt.Frame(client.Intent{})
		if rt.State() == client.StateFailed {
			break
		}
		time.Sleep(time.Second / 60)
	}
	require.Equal(t, client.StateFailed, rt.State())
	require.ErrorContains(t, rt.Err(), "refused")
	require.ErrorContains(t, rt.Err(), "protocol")
}

func TestHandshakeTimesOutInWordsWhenNobodyAnswers(t *testing.T) {
	now := time.Unix(0, 0)
	rt, err := client.Dial("127.0.0.1:9", client.Config{Content: builtinContent, Name: "lonely", Now: func() time.Time { return now }})
	require.NoError(t, err)
	defer rt.Close()
	rt.Frame(client.Intent{})
	now = now.Add(client.DefaultHandshakeTimeout + time.Second)
	rt.Frame(client.Intent{})
	require.Equal(t, client.StateFailed, rt.State())
	require.True(t, strings.Contains(rt.Err().Error(), "no answer") || strings.Contains(rt.Err().Error(), "could not connect"), rt.Err().Error())
}

// Reconciliation under a bad network: 100 ms round trip, 5% loss each way,
// ±10 ms jitter. Bots walk for 30 s; their prediction must never snap and
// must be corrected by less than 1 u on average.
func TestReconciliationOverABadNetwork(t *testing.T) {
	t.Parallel() // beside the real-time group's other light runs only (doc.go)
	if testing.Short() {
		t.Skip("30 s of play")
	}
	_, addr := startServer(t)
	proxy, err := netsim.Start("127.0.0.1:0", addr, netsim.Config{
		Loss: 5, Latency: 50 * time.Millisecond, Jitter: 10 * time.Millisecond, Seed: 42,
	})
	require.NoError(t, err)
	defer proxy.Close()
	reports, err := bots.RunBots(context.Background(), proxy.Addr(), 2, bots.ScriptWander, "walker", 30*time.Second)
	require.NoError(t, err)
	for _, r := range reports {
		t.Logf("%+v", r)
		require.Empty(t, r.Error)
		require.Greater(t, r.RTTms, 80.0, "the proxy should add about 100 ms of round trip")
		require.Zero(t, r.Snaps, "%s: prediction snapped", r.Name)
		require.Less(t, r.MeanCorrectionU, 1.0, "%s: mean correction", r.Name)
		require.Less(t, float64(r.Corrections), 0.1*float64(r.Snapshots),
			"%s: the ship is corrected on fewer than one snapshot in ten", r.Name)
	}
	t.Logf("netsim: %+v", proxy.Stats())
}

func TestAFullServerRefusesInWords(t *testing.T) {
	srv, addr := newServer(t, "arena", server.Config{Seed: 7, MaxPlayers: 1})
	defer srv.Shutdown("test over")
	first, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "first"})
	require.NoError(t, err)
	defer first.Close()
	second, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "second"})
	require.NoError(t, err)
	defer second.Close()
	for range 5 * 60 {
		first.Frame(client.Intent{})
		if first.State() == client.StatePlaying {
			second.Frame(client.Intent{})
		}
		srv.Step()
		time.Sleep(time.Second / 60)
		if second.State() == client.StateFailed {
			break
		}
	}
	require.Equal(t, client.StatePlaying, first.State())
	require.Equal(t, client.StateFailed, second.State())
	require.ErrorContains(t, second.Err(), "the server is full")
	require.Equal(t, 1, srv.Players())
}
