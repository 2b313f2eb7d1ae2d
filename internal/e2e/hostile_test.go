package e2e

import (
	"context"
	"encoding/binary"
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
	"duskfall/net/enet"
	"duskfall/net/wire"
	"duskfall/server"
)

// attacker is a raw ENet host with ENet's own generous limits, not the
// project's transport: it can connect without saying Hello, send packets
// of megabytes and garbage on any channel.
type attacker struct {
	host  *enet.Host
	mu    sync.Mutex
	door  time.Time // when it last proved its address at the server's door
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
		MaximumPacketSize: 8 << 20, MaximumWaitingData: 32 << 20, DuplicatePeers: slots, Compress: true,
		Seal: &enet.SealConfig{}, Version: wire.ProtocolVersion}) // through the door as a client is
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
	ea := enetAddr(t, addr)
	a.throughDoor(t, ea)
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

// throughDoor proves the attacker's address at the door of the server at
// to, unless it did so lately: it receives there, so the door lets it in.
func (a *attacker) throughDoor(t *testing.T, to enet.Address) {
	t.Helper()
	if time.Since(a.door) < enet.DoorProvenFor/2 {
		return
	}
	throughDoor(t, a.host, to, &a.mu)
	a.door = time.Now()
}

// throughDoor knocks at the door of the server at to, sends its cookie
// back and waits for the sealed session, as a client's transport does, so
// that h's connects get in. h is
// serviced here, unless mu is given: then another goroutine services it,
// and mu guards it.
func throughDoor(t *testing.T, h *enet.Host, to enet.Address, mu *sync.Mutex) {
	t.Helper()
	var next time.Time
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		if mu != nil {
			mu.Lock()
		}
		var err error
		if time.Now().After(next) {
			err = h.Knock(to)
			next = time.Now().Add(100 * time.Millisecond)
		}
		if mu == nil && err == nil {
			_, err = h.Service(1)
		}
		proven := false
		if err == nil {
			_, err = h.Prove(to)
		}
		if err == nil {
			proven, err = h.SealState(to)
		}
		if mu != nil {
			mu.Unlock()
			time.Sleep(time.Millisecond)
		}
		require.NoError(t, err)
		if proven {
			return
		}
	}
	t.Fatalf("no cookie from the door at %s", to)
}

func (a *attacker) connected() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.live
}

// joinsWithin dials addr with a handshake timeout of d and drives the
// client until it plays or gives up.
func joinsWithin(t *testing.T, addr, name string, d time.Duration) *client.Runtime {
	t.Helper()
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: name, HandshakeTimeout: d})
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

// siegeCase is one attack on a dedicated server. Every case is measured
// the same way (see TestHoldingTheDoor); attack starts it and returns what
// ends it, join (when set) replaces the standard newcomer, and check adds
// the case's own assertions once the attack is over.
type siegeCase struct {
	name   string
	flags  []string
	attack func(t *testing.T, s *siege) (stop func())
	join   func(t *testing.T, s *siege)
	check  func(t *testing.T, s *siege)
}

// The limits every attack is held to (issue 15, docs/NETCODE.md "Holding the door").
const (
	siegeJoinWithin    = 2 * time.Second
	siegeMeanCorrMax   = 0.5 // u, per reconciliation
	siegeTickP99Max    = 4.0 // ms
	siegeMemoryReturns = 1.10
	siegeMemoryWait    = 30 * time.Second
)

// TestHoldingTheDoor attacks the real dedicated server, in a process of its
// own, over real ENet on loopback, with two players playing throughout.
// For each attack: a newcomer joins within 2 s while it runs; the players
// see no snaps and a mean correction under 0.5 u; no second of the
// server's status shows a tick p99 of 4 ms or more; and once the attack
// stops, the server's resident memory comes back within 10 % of what it
// was before.
func TestHoldingTheDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("attacks in real time")
	}
	for _, c := range siegeCases() {
		t.Run(c.name, func(t *testing.T) { runSiege(t, c) })
	}
}

func runSiege(t *testing.T, c siegeCase) {
	s := startSiege(t, c.flags...)
	players := []*client.Runtime{joinsWithin(t, s.addr, "ann", 5*time.Second), joinsWithin(t, s.addr, "bo", 5*time.Second)}
	for _, p := range players {
		require.Equal(t, client.StatePlaying, p.State(), "%v", p.Err())
	}
	playFor(players, time.Second) // both settled in the hub, the server warm
	rssBefore, mapBefore := s.RSS(t), s.memoryLine()
	t.Logf("before the attack: %.1f MB resident; status %+v", mb(rssBefore), brief(s.Status()))
	before := statsOf(players)
	watch := s.watchTicks()
	// The players play on while the attack is set up: an attack that takes
	// a moment to start (peers to connect and say Hello) must not be a
	// moment in which they send nothing.
	played := make(chan struct{})
	go func() {
		defer close(played)
		playFor(players, 5*time.Second)
	}()
	stop := c.attack(t, s)
	time.Sleep(300 * time.Millisecond) // the attack is under way
	if c.join != nil {
		c.join(t, s)
	} else {
		s.botJoinsWithin(t, "newcomer", siegeJoinWithin)
	}
	<-played
	stop()
	steps, slow := watch.end(siegeTickP99Max)
	for i, p := range players {
		assertUnharmed(t, p, before[i])
	}
	t.Logf("ticks: %d of %d steps took %v ms or more; the worst second's p99 was %.3f ms", slow, steps, siegeTickP99Max, watch.worst)
	assert.GreaterOrEqual(t, watch.seconds, 3, "the status file was read through the attack")
	assert.GreaterOrEqual(t, steps, uint64(3*game.TickRate), "the server stepped through the attack")
	assert.Less(t, float64(slow), float64(steps)/100, "tick p99 under %v ms: fewer than 1 %% of steps that slow", siegeTickP99Max)
	if c.check != nil {
		c.check(t, s)
	}
	rssAfter := memoryComesBack(t, s, players, rssBefore)
	t.Logf("resident memory: %.1f MB before, %.1f MB after; status %+v", mb(rssBefore), mb(rssAfter), brief(s.Status()))
	assert.LessOrEqual(t, float64(rssAfter), float64(rssBefore)*siegeMemoryReturns, "the server's memory came back: %s (before: %s)", s.memoryLine(), mapBefore)
}

// memoryComesBack lets the players play until the server's resident memory
// is back within bounds, or siegeMemoryWait passes, and returns the last
// reading.
func memoryComesBack(t *testing.T, s *siege, players []*client.Runtime, before int64) int64 {
	deadline := time.Now().Add(siegeMemoryWait)
	for {
		rss := s.RSS(t)
		if float64(rss) <= float64(before)*siegeMemoryReturns || time.Now().After(deadline) {
			return rss
		}
		playFor(players, time.Second)
	}
}

func statsOf(players []*client.Runtime) []client.Stats {
	st := make([]client.Stats, len(players))
	for i, p := range players {
		st[i] = p.Stats()
	}
	return st
}

// assertUnharmed holds a player to the limits since was: still playing, no
// snaps, a small mean correction.
func assertUnharmed(t *testing.T, p *client.Runtime, was client.Stats) {
	t.Helper()
	st := p.Stats()
	mean := 0.0 // per reconciliation, as client.Stats.MeanCorrection
	if r := st.Reconciles - was.Reconciles; r > 0 {
		mean = (st.SumCorrection - was.SumCorrection) / float64(r)
	}
	t.Logf("%s during the attack: %d corrections, mean correction %.3f u, %d snaps (late inputs %d, resyncs %d, clock jumps %d, held frames %d, max correction %.1f u)",
		p.Character().Name, st.Corrections-was.Corrections, mean, st.Snaps-was.Snaps, st.LateInputs-was.LateInputs,
		st.Resyncs-was.Resyncs, st.ClockJumps-was.ClockJumps, st.HeldFrames-was.HeldFrames, st.MaxCorrection)
	assert.Equal(t, client.StatePlaying, p.State(), "%v", p.Err())
	assert.Zero(t, st.Snaps-was.Snaps, "no snaps")
	assert.Less(t, mean, siegeMeanCorrMax, "mean correction")
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// every runs f every period until the returned stop is called; stop waits
// for the last run.
func every(period time.Duration, f func()) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			f()
			select {
			case <-quit:
				return
			case <-time.After(period):
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}

func hello(t *testing.T, name string, token byte) []byte {
	t.Helper()
	var tok [wire.TokenLen]byte
	for i := range tok {
		tok[i] = token
	}
	b, err := wire.AppendHello(nil, wire.Hello{Content: builtinContent.Hash, Name: name, Token: tok})
	require.NoError(t, err)
	return b
}

// joinedAttacker is an attacker with n connections that said Hello.
func joinedAttacker(t *testing.T, s *siege, n int) *attacker {
	a := newAttacker(t, n+2)
	a.connect(t, s.addr, n)
	require.Eventually(t, func() bool { return a.connected() == n }, 5*time.Second, 10*time.Millisecond)
	for i, p := range a.peers {
		p.SendBytes(hello(t, "hulk"+strconv.Itoa(i), 7), wire.ChanControl, enet.Reliable)
	}
	time.Sleep(100 * time.Millisecond)
	return a
}

// halfOpen sends n ENet CONNECTs from ip to addr and never answers the
// server's reply: the handshake stays half open on the server's side.
func halfOpen(t *testing.T, ip, addr string, n int) {
	from, err := enet.NewAddress(ip, 0)
	require.NoError(t, err)
	hc := enet.DefaultHostConfig()
	hc.PeerCount, hc.ChannelCount, hc.DuplicatePeers, hc.Compress = n, wire.NumChannels, n, true
	hc.Seal, hc.Version = &enet.SealConfig{}, wire.ProtocolVersion
	h, err := enet.NewHost(&from, hc)
	require.NoError(t, err)
	to := enetAddr(t, addr)
	throughDoor(t, h, to, nil) // it receives at its address: the door lets it in
	for range n {
		_, err := h.Connect(to, wire.NumChannels, wire.ProtocolVersion)
		require.NoError(t, err)
	}
	h.Flush()
	t.Cleanup(h.Destroy)
}

// forgedJoinWithin is how soon a player joins while forged connects flood
// the server (issue 29).
const forgedJoinWithin = time.Second

// forgedConnects sends perSecond ENet CONNECTs a second to addr from n
// source addresses (127.0.1.0 onwards, every one a socket of its own) and
// never answers what comes back: a flood of forged connects, as from
// addresses the sender does not hold. It returns what stops it.
func forgedConnects(t *testing.T, addr string, n, perSecond int) (stop func()) {
	t.Helper()
	to, err := net.ResolveUDPAddr("udp4", addr)
	require.NoError(t, err)
	socks := make([]*net.UDPConn, n)
	for i := range socks {
		socks[i], err = net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 1+byte(i/256), byte(i%256))})
		require.NoError(t, err)
	}
	const period = 10 * time.Millisecond
	perTurn := perSecond * int(period) / int(time.Second)
	sent := 0
	stopSending := every(period, func() {
		for range perTurn {
			socks[sent%n].WriteToUDP(forgedConnect(uint32(sent)), to)
			sent++
		}
	})
	return func() {
		stopSending()
		for _, c := range socks {
			c.Close()
		}
		t.Logf("%d forged connects sent from %d addresses", sent, n)
	}
}

// forgedConnect is an ENet CONNECT as a client sends it uncompressed: the
// header addressed to no peer yet (0xFFF) with a sent time, then the one
// command.
func forgedConnect(connectID uint32) []byte {
	b := make([]byte, 52)
	binary.BigEndian.PutUint16(b[0:], 0xFFF|0x8000)
	binary.BigEndian.PutUint16(b[2:], uint16(connectID))
	b[4], b[5] = 2|0x80, 0xFF // CONNECT, to be acknowledged; no channel
	binary.BigEndian.PutUint16(b[6:], 1)
	b[10], b[11] = 0xFF, 0xFF                                    // session IDs: any
	binary.BigEndian.PutUint32(b[12:], 1392)                     // MTU
	binary.BigEndian.PutUint32(b[16:], 32768)                    // window
	binary.BigEndian.PutUint32(b[20:], uint32(wire.NumChannels)) // channels
	binary.BigEndian.PutUint32(b[32:], 5000)                     // throttle interval
	binary.BigEndian.PutUint32(b[36:], 2)
	binary.BigEndian.PutUint32(b[40:], 2)
	binary.BigEndian.PutUint32(b[44:], connectID)
	binary.BigEndian.PutUint32(b[48:], wire.ProtocolVersion)
	return b
}

func enetAddr(t *testing.T, addr string) enet.Address {
	t.Helper()
	host, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	ea, err := enet.NewAddress(host, uint16(p))
	require.NoError(t, err)
	return ea
}

func siegeCases() []siegeCase {
	return []siegeCase{
		{
			name: "control: two peers choosing a character",
			attack: func(t *testing.T, s *siege) func() {
				joinedAttacker(t, s, 2)
				return func() {}
			},
		},
		{
			name: "a flood of connections that never say Hello",
			attack: func(t *testing.T, s *siege) func() {
				a := newAttacker(t, 1000)
				return every(250*time.Millisecond, func() { a.connect(t, s.addr, 25) })
			},
		},
		{
			name: "half-open connects from another address, renewed all the time",
			attack: func(t *testing.T, s *siege) func() {
				return every(500*time.Millisecond, func() { halfOpen(t, "127.0.0.2", s.addr, 40) })
			},
		},
		{
			name: "half-open connects from the players' own address",
			attack: func(t *testing.T, s *siege) func() {
				halfOpen(t, "127.0.0.1", s.addr, 40)
				return func() {}
			},
			// ENet holds at most 32 connections from one address: a burst from
			// the players' own address fills them until its handshakes expire.
			join: func(t *testing.T, s *siege) {
				start := time.Now()
				newcomer := joinsWithin(t, s.addr, "newcomer", 5*time.Second)
				t.Logf("a newcomer from the attacked address joined after %v", time.Since(start).Round(time.Millisecond))
				assert.Equal(t, client.StatePlaying, newcomer.State(), "%v", newcomer.Err())
				newcomer.Close()
			},
		},
		{
			name: "huge packets on every channel",
			attack: func(t *testing.T, s *siege) func() {
				a := joinedAttacker(t, s, 2)
				huge := make([]byte, 2<<20)
				huge[0] = byte(wire.MsgInput)
				return every(time.Second, func() {
					for ch := range uint8(wire.NumChannels) {
						a.send(huge, ch)
					}
				})
			},
		},
		{
			name: "fragmented packets on every channel, reliable and not",
			attack: func(t *testing.T, s *siege) func() {
				a := joinedAttacker(t, s, 2)
				frag := make([]byte, 24<<10) // under the packet limit, about twenty fragments each
				frag[0] = byte(wire.MsgInput)
				n := 0
				return every(20*time.Millisecond, func() {
					a.mu.Lock()
					defer a.mu.Unlock()
					for _, p := range a.peers {
						frag[1] = byte(n)
						p.SendBytes(frag, uint8(n%wire.NumChannels), enet.Reliable)
						p.SendBytes(frag, uint8(n%wire.NumChannels), enet.UnreliableFragment)
						n++
					}
				})
			},
		},
		{
			name: "garbage on every channel from a joined peer",
			attack: func(t *testing.T, s *siege) func() {
				a := joinedAttacker(t, s, 1)
				for i := range 3000 {
					a.send([]byte{byte(wire.MsgInput), 3, byte(i)}, uint8(i%wire.NumChannels))
				}
				return func() {
					assert.Eventually(t, func() bool { return a.connected() == 0 }, 5*time.Second, 10*time.Millisecond, "the garbage sender was disconnected")
				}
			},
			check: func(t *testing.T, s *siege) {
				s.statusSays(t, "the garbage sender was counted and kicked", func(st server.Status) bool {
					return st.Kicked >= 1 && st.Garbage+st.RateLimited+st.LateDropped+int(st.QueueDropped) > 0
				})
			},
		},
		{
			name: "a flood of raw datagrams",
			attack: func(t *testing.T, s *siege) func() {
				spray, err := net.Dial("udp", s.addr)
				require.NoError(t, err)
				junk := make([]byte, 1200)
				n := 0
				stop := every(20*time.Millisecond, func() {
					for range 200 { // about 10 MB/s, paced so the players' own datagrams still get through the kernel
						junk[0] = byte(n)
						spray.Write(junk)
						n++
					}
				})
				return func() {
					stop()
					spray.Close()
					s.statusSays(t, "most of the flood never reached ENet", func(st server.Status) bool { return st.SourceDropped > uint64(n/2) })
					st := s.Status()
					t.Logf("%d junk datagrams sent; %d (%d bytes) dropped at the door", n, st.SourceDropped, st.SourceDroppedBytes)
				}
			},
		},
		{
			name: "wrong protocol versions",
			attack: func(t *testing.T, s *siege) func() {
				a := newAttacker(t, 400)
				to := enetAddr(t, s.addr)
				return every(100*time.Millisecond, func() {
					a.throughDoor(t, to)
					a.mu.Lock()
					defer a.mu.Unlock()
					for range 5 {
						if p, err := a.host.Connect(to, wire.NumChannels, wire.ProtocolVersion+1); err == nil {
							a.peers = append(a.peers, p)
						}
					}
				})
			},
			check: func(t *testing.T, s *siege) {
				s.statusSays(t, "the wrong versions were refused", func(st server.Status) bool { return st.Rejected > 0 })
			},
		},
		{
			name: "a second session of a playing account, again and again",
			attack: func(t *testing.T, s *siege) func() {
				a := newAttacker(t, 400)
				return every(100*time.Millisecond, func() {
					n := len(a.peers)
					a.connect(t, s.addr, 3)
					time.Sleep(30 * time.Millisecond)
					a.mu.Lock()
					defer a.mu.Unlock()
					for _, p := range a.peers[n:] {
						p.SendBytes(hello(t, "ann", 0), wire.ChanControl, enet.Reliable)
					}
				})
			},
			check: func(t *testing.T, s *siege) {
				s.statusSays(t, "the second sessions were refused", func(st server.Status) bool { return st.Rejected > 0 })
			},
		},
		{
			name: "a game that freezes and comes back at once",
			attack: func(t *testing.T, s *siege) func() {
				frozen := joinsWithin(t, s.addr, "cy", 5*time.Second)
				require.Equal(t, client.StatePlaying, frozen.State(), "%v", frozen.Err())
				playFor([]*client.Runtime{frozen}, 500*time.Millisecond)
				// It sends nothing more and never says goodbye; a moment later
				// (a restart takes longer than that) it dials again.
				time.Sleep(300 * time.Millisecond)
				start := time.Now()
				back := joinsWithin(t, s.addr, "cy", siegeJoinWithin)
				t.Logf("the frozen game was back %v after it dialled again", time.Since(start).Round(time.Millisecond))
				assert.Equal(t, client.StatePlaying, back.State(), "%v", back.Err())
				return func() {}
			},
		},
		{
			name:  "forged connects from 256 addresses, 1,000 a second",
			flags: []string{"--max-players", "8"},
			attack: func(t *testing.T, s *siege) func() {
				return forgedConnects(t, s.addr, 256, 1000)
			},
			// Each forged connect used to take a peer slot until its
			// handshake expired: with 8 players, testers saw no one get in
			// for 10 s. The door drops them unread, and a player joins at once.
			join: func(t *testing.T, s *siege) {
				start := time.Now()
				rt := joinsWithin(t, s.addr, "newcomer", forgedJoinWithin)
				took := time.Since(start)
				t.Logf("a player joined %v into the flood", took.Round(time.Millisecond))
				require.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
				assert.Less(t, took, forgedJoinWithin)
				rt.Close()
			},
			check: func(t *testing.T, s *siege) {
				s.statusSays(t, "the forged connects were dropped at the door", func(st server.Status) bool { return st.DoorDropped > 0 })
				st := s.Status()
				t.Logf("door: %d connects dropped, %d sources proven", st.DoorDropped, st.DoorProven)
			},
		},
		{
			name:  "idle squatters in every seat",
			flags: []string{"--max-players", "6", "--idle-kick", "2s"},
			attack: func(t *testing.T, s *siege) func() {
				joinedAttacker(t, s, 4)
				return func() {}
			},
			// The seats are full until the squatters' idle limit: a newcomer
			// reads why at once, and gets a seat within 2 s once they are gone.
			join: func(t *testing.T, s *siege) {
				full := joinsWithin(t, s.addr, "early", siegeJoinWithin)
				require.Equal(t, client.StateFailed, full.State())
				assert.Contains(t, full.Err().Error(), "full")
				require.Eventually(t, func() bool { return s.Status().Kicked >= 4 }, 5*time.Second, 50*time.Millisecond, "the squatters were disconnected")
				rt := joinsWithin(t, s.addr, "patient", siegeJoinWithin)
				assert.Equal(t, client.StatePlaying, rt.State(), "%v", rt.Err())
				rt.Close()
			},
		},
	}
}

// brief is the counters a hostile test reports.
func brief(c server.Status) map[string]any {
	return map[string]any{"garbage": c.Garbage, "rate_limited": c.RateLimited, "kicked": c.Kicked,
		"late_dropped": c.LateDropped, "rejected": c.Rejected, "source_dropped": c.SourceDropped,
		"heap_kib": c.HeapBytes >> 10, "c_heap_in_use_kib": c.CHeapInUse >> 10, "c_heap_free_kib": c.CHeapFree >> 10,
		"go_held_kib": c.GoHeld >> 10, "go_stacks_kib": c.GoStacks >> 10, "go_runtime_kib": c.GoRuntime >> 10}
}

// testWriter sends a server's log to the test's.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
