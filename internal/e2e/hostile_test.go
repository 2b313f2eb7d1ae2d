package e2e

import (
	"context"
	"log"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/enet"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
)

// attacker is a raw ENet host with ENet's own generous limits, not the
// project's transport: it can connect without saying Hello, send packets
// of megabytes and garbage on any channel.
type attacker struct {
	host  *enet.Host
	mu    sync.Mutex
	peers []*enet.Peer
	live  int // connected peers
	stop  chan struct{}
	done  chan struct{}
}

// newAttacker binds to 127.0.0.2, which stands in for another machine: the
// players it attacks connect from 127.0.0.1.
func newAttacker(t *testing.T, slots int) *attacker {
	t.Helper()
	from, err := enet.NewAddress("127.0.0.2", 0)
	require.NoError(t, err)
	h, err := enet.NewHost(&from, enet.HostConfig{PeerCount: slots, ChannelCount: wire.NumChannels,
		MaximumPacketSize: 8 << 20, MaximumWaitingData: 32 << 20, DuplicatePeers: slots, Compress: true})
	require.NoError(t, err)
	a := &attacker{host: h, stop: make(chan struct{}), done: make(chan struct{})}
	go a.service()
	t.Cleanup(a.close)
	return a
}

func (a *attacker) service() {
	defer close(a.done)
	for {
		select {
		case <-a.stop:
			return
		default:
		}
		a.mu.Lock()
		ev, err := a.host.Service(0)
		if err == nil {
			switch ev.Type {
			case enet.EventConnect:
				a.live++
			case enet.EventDisconnect:
				a.live--
			}
		}
		a.mu.Unlock()
		if err != nil || ev.Type == enet.EventNone {
			time.Sleep(time.Millisecond)
		}
	}
}

func (a *attacker) close() {
	close(a.stop)
	<-a.done
	a.host.Destroy()
}

// connect opens n connections to addr.
func (a *attacker) connect(t *testing.T, addr string, n int) {
	t.Helper()
	host, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	ea, err := enet.NewAddress(host, uint16(p))
	require.NoError(t, err)
	a.mu.Lock()
	defer a.mu.Unlock()
	for range n {
		peer, err := a.host.Connect(ea, wire.NumChannels, wire.ProtocolVersion)
		require.NoError(t, err)
		a.peers = append(a.peers, peer)
	}
}

// send sends b on ch from every peer, reliably.
func (a *attacker) send(b []byte, ch uint8) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, p := range a.peers {
		p.SendBytes(b, ch, enet.Reliable) // a refused peer's send fails: the attack goes on with the rest
	}
}

func (a *attacker) connected() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}

// runningServer is a dedicated server on loopback stepping in real time.
func runningServer(t *testing.T, edit func(*server.Config)) (*server.Runtime, string) {
	srv, tr := runningServerOn(t, edit)
	return srv, tr.Addr()
}

func runningServerOn(t *testing.T, edit func(*server.Config)) (*server.Runtime, *transport.ENetServer) {
	t.Helper()
	content, err := levels.LoadContent()
	require.NoError(t, err)
	hub, err := levels.LoadMap("hub", content)
	require.NoError(t, err)
	cfg := server.Config{Content: content, Map: hub, Seed: 9, Log: log.New(testWriter{t}, "server: ", 0)}
	if edit != nil {
		edit(&cfg)
	}
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(),
		Timeout: server.PeerTimeout, MaxPeers: server.PeerSlots(cfg.MaxPlayers)})
	require.NoError(t, err)
	srv, err := server.New(cfg, tr)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		tr.Close()
	})
	return srv, tr
}

// joinsWithin dials addr with a handshake timeout of d and drives the
// client until it plays or gives up.
func joinsWithin(t *testing.T, addr, name string, d time.Duration) *client.Runtime {
	t.Helper()
	rt, err := client.Dial(addr, client.Config{Name: name, HandshakeTimeout: d})
	require.NoError(t, err)
	t.Cleanup(rt.Close)
	for rt.State() != client.StatePlaying && rt.State() != client.StateFailed {
		rt.Frame(client.Intent{})
		time.Sleep(time.Second / game.TickRate)
	}
	return rt
}

// playFor drives the clients as fight bots for d: the bots' own driver,
// the one their reports and the reference figures come from.
func playFor(rts []*client.Runtime, d time.Duration) {
	bs := make([]*bots.Bot, len(rts))
	for i, rt := range rts {
		bs[i], _ = bots.NewBot(rt, rt.Character().Name, bots.ScriptFight, uint64(i+1))
	}
	bots.DriveBots(context.Background(), bs, d)
}

func TestHoldingTheDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("attacks in real time")
	}
	t.Run("a flood of connections that never say Hello does not keep a player out", func(t *testing.T) {
		_, addr := runningServer(t, nil)
		a := newAttacker(t, 120)
		a.connect(t, addr, 100)
		time.Sleep(200 * time.Millisecond) // the flood is under way
		rt := joinsWithin(t, addr, "player", 2*time.Second)
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
	})
	t.Run("huge packets on every channel cost the players nothing", func(t *testing.T) {
		srv, tr := runningServerOn(t, nil)
		addr := tr.Addr()
		players := []*client.Runtime{joinsWithin(t, addr, "ann", 5*time.Second), joinsWithin(t, addr, "bo", 5*time.Second)}
		a := newAttacker(t, 4)
		a.connect(t, addr, 2)
		require.Eventually(t, func() bool { return a.connected() == 2 }, 5*time.Second, 10*time.Millisecond)
		hello, err := wire.AppendHello(nil, wire.Hello{Name: "hulk"})
		require.NoError(t, err)
		a.send(hello, wire.ChanControl)
		playFor(players, time.Second) // past the first second's settling
		huge := make([]byte, 2<<20)
		huge[0] = byte(wire.MsgInput)
		// Two megabytes on every channel. The server refuses each fragment of
		// a packet over its limit and never acknowledges it, so the
		// attacker's own reliable window soon holds it back: what it sends,
		// the server drops unread.
		for ch := range uint8(wire.NumChannels) {
			a.send(huge, ch)
		}
		before := make([]client.Stats, len(players))
		for i, p := range players {
			before[i] = p.Stats()
		}
		playFor(players, 5*time.Second)
		for i, p := range players {
			st, was := p.Stats(), before[i]
			n := st.Corrections - was.Corrections
			mean := 0.0 // per reconciliation, as client.Stats.MeanCorrection
			if r := st.Reconciles - was.Reconciles; r > 0 {
				mean = (st.SumCorrection - was.SumCorrection) / float64(r)
			}
			t.Logf("%s during the attack: %d corrections, mean correction %.3f u, %d snaps", p.Character().Name, n, mean, st.Snaps-was.Snaps)
			assert.Equal(t, client.StatePlaying, p.State())
			assert.Zero(t, st.Snaps-was.Snaps, "no snaps")
			assert.Less(t, mean, 0.5, "mean correction")
		}
		t.Logf("counters during the attack: %+v", brief(srv.Counters()))
		t.Logf("the server's host read %d bytes in all", tr.WireStats().BytesReceived)
	})
	t.Run("a flood of raw datagrams is cut at the door and costs the players nothing", func(t *testing.T) {
		_, tr := runningServerOn(t, nil)
		players := []*client.Runtime{joinsWithin(t, tr.Addr(), "ann", 5*time.Second), joinsWithin(t, tr.Addr(), "bo", 5*time.Second)}
		spray, err := net.Dial("udp", tr.Addr())
		require.NoError(t, err)
		defer spray.Close()
		junk := make([]byte, 1200)
		stop := make(chan struct{})
		sent := make(chan int, 1)
		go func() {
			n := 0
			defer func() { sent <- n }()
			for {
				select {
				case <-stop:
					return
				default:
				}
				for range 200 { // about 10 MB/s, paced so the players' own datagrams still get through the kernel
					junk[0] = byte(n)
					spray.Write(junk)
					n++
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
		before := []client.Stats{players[0].Stats(), players[1].Stats()}
		playFor(players, 3*time.Second)
		close(stop)
		n := <-sent
		w := tr.WireStats()
		t.Logf("%d junk datagrams sent; the transport dropped %d (%d bytes) over the source's budget", n, w.SourceDropped, w.SourceDroppedBytes)
		assert.Greater(t, w.SourceDropped, uint64(n/2), "most of the flood never reached ENet")
		for i, p := range players {
			st := p.Stats()
			assert.Equal(t, client.StatePlaying, p.State())
			assert.Zero(t, st.Snaps-before[i].Snaps, "no snaps")
		}
	})
	t.Run("garbage on every channel from a joined peer is counted and the peer disconnected", func(t *testing.T) {
		srv, addr := runningServer(t, nil)
		player := joinsWithin(t, addr, "ann", 5*time.Second)
		// The player plays throughout: a second to settle, then through the attack.
		settled, played := make(chan client.Stats, 1), make(chan struct{})
		go func() {
			defer close(played)
			playFor([]*client.Runtime{player}, time.Second)
			settled <- player.Stats()
			playFor([]*client.Runtime{player}, 4*time.Second)
		}()
		before := <-settled
		a := newAttacker(t, 2)
		a.connect(t, addr, 1)
		require.Eventually(t, func() bool { return a.connected() == 1 }, 5*time.Second, 10*time.Millisecond)
		hello, err := wire.AppendHello(nil, wire.Hello{Name: "junk"})
		require.NoError(t, err)
		a.send(hello, wire.ChanControl)
		time.Sleep(100 * time.Millisecond)
		for i := range 3000 {
			a.send([]byte{byte(wire.MsgInput), 3, byte(i)}, uint8(i%wire.NumChannels))
		}
		require.Eventually(t, func() bool { return a.connected() == 0 }, 10*time.Second, 10*time.Millisecond, "the peer was disconnected")
		<-played
		c := srv.Counters()
		assert.Equal(t, 1, c.Kicked)
		assert.Positive(t, c.Garbage+c.RateLimited+c.LateDropped)
		assert.Zero(t, player.Stats().Snaps-before.Snaps, "no snaps for the player")
		t.Logf("counters: %+v", brief(c))
	})
	t.Run("idle squatters are disconnected and a player gets their seat", func(t *testing.T) {
		_, addr := runningServer(t, func(c *server.Config) { c.MaxPlayers, c.IdleTimeoutTicks = 4, 2*game.TickRate })
		a := newAttacker(t, 8)
		a.connect(t, addr, 4)
		require.Eventually(t, func() bool { return a.connected() == 4 }, 5*time.Second, 10*time.Millisecond)
		for i := range a.peers {
			hello, err := wire.AppendHello(nil, wire.Hello{Name: "squatter" + strconv.Itoa(i)})
			require.NoError(t, err)
			a.peers[i].SendBytes(hello, wire.ChanControl, enet.Reliable)
		}
		time.Sleep(500 * time.Millisecond)
		full := joinsWithin(t, addr, "early", 5*time.Second)
		require.Equal(t, client.StateFailed, full.State())
		assert.Contains(t, full.Err().Error(), "full")
		require.Eventually(t, func() bool { return a.connected() == 0 }, 10*time.Second, 50*time.Millisecond, "the squatters were disconnected")
		rt := joinsWithin(t, addr, "patient", 5*time.Second)
		assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
	})
}

// brief is the counters a hostile test reports.
func brief(c server.Counters) map[string]int {
	return map[string]int{"garbage": c.Garbage, "rate_limited": c.RateLimited, "kicked": c.Kicked,
		"late_dropped": c.LateDropped, "rejected": c.Rejected}
}

// testWriter sends a server's log to the test's.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
