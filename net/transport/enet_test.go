package transport

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/enet"
)

func TestENetConnect(t *testing.T) {
	p := newENetPair(t, 0xD0051, Config{})

	t.Run("the server sees the connect data", func(t *testing.T) {
		assert.EqualValues(t, 0xD0051, p.data)
	})
	t.Run("ENet peers are numbered after the local peer", func(t *testing.T) {
		assert.Greater(t, p.peer, LocalPeer)
	})
	t.Run("the server reports the port it bound", func(t *testing.T) {
		assert.True(t, strings.HasPrefix(p.srv.Addr(), "127.0.0.1:"), p.srv.Addr())
		assert.NotEqual(t, "127.0.0.1:0", p.srv.Addr())
	})
}

func TestENetReliableOrdered(t *testing.T) {
	// Ten thousand messages at once: far over what a server reads from one
	// peer in a tick (TestAFloodingPeerIsCutAtTheQueue), so unbounded here.
	const n = 10000
	p := newENetPair(t, 0, Config{MaxQueuedPerPeer: -1})
	msg := make([]byte, 40)
	for i := range n {
		binary.LittleEndian.PutUint32(msg, uint32(i))
		p.cli.Send(chEvents, msg)
		p.srv.Send(p.peer, chEvents, msg)
	}
	for _, side := range []struct {
		name string
		rec  *recorder
	}{{"client to server", p.srvRec}, {"server to client", p.cliRec}} {
		t.Run(side.name+": all 10,000 messages arrive complete and in order", func(t *testing.T) {
			got := side.rec.waitReceives(t, chEvents, n)
			require.Len(t, got, n)
			for i, m := range got {
				require.Len(t, m, len(msg))
				require.EqualValues(t, i, binary.LittleEndian.Uint32(m), "message %d", i)
			}
		})
	}
	t.Run("payload bytes are counted per peer", func(t *testing.T) {
		st := p.srv.Stats(p.peer)
		assert.EqualValues(t, n*len(msg), st.BytesIn)
		assert.EqualValues(t, n*len(msg), st.BytesOut)
		assert.EqualValues(t, n*len(msg), p.cli.Stats().BytesIn)
	})
	t.Run("RTT is measured", func(t *testing.T) {
		deadline := time.Now().Add(waitTimeout)
		for p.cli.Stats().RTT == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		assert.Positive(t, p.cli.Stats().RTT)
	})
}

func TestENetSequenced(t *testing.T) {
	p := newENetPair(t, 0, Config{})

	t.Run("snapshots arrive newest-wins: never out of order", func(t *testing.T) {
		seen := p.sequencedRun(t, 100)
		for i := 1; i < len(seen); i++ {
			require.Greater(t, seen[i], seen[i-1], "sequenced packets never go backwards")
		}
	})
	t.Run("a snapshot larger than the MTU is fragmented and arrives whole", func(t *testing.T) {
		big := make([]byte, 9000)
		for i := range big {
			big[i] = byte(i * 31)
		}
		p.srv.Send(p.peer, chSnapshot, big)
		// Small snapshots of the run above may still be in flight: skip them.
		ev := p.cliRec.waitFor(t, "the big snapshot", func(ev Event) bool {
			return ev.Kind == EventReceive && ev.Channel == chSnapshot && len(ev.Data) == len(big)
		})
		assert.True(t, bytes.Equal(big, ev.Data), "the reassembled bytes match")
	})
	t.Run("input frames reach the server", func(t *testing.T) {
		p.cli.Send(chInput, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
		got := p.srvRec.waitReceives(t, chInput, 1)
		assert.Equal(t, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, got[0])
	})
}

// sequencedRun streams numbered snapshots in bursts until the client has
// received want of them, and returns the numbers in arrival order.
func (p *enetPair) sequencedRun(t *testing.T, want int) []uint32 {
	msg := make([]byte, 200)
	var seen []uint32
	next := uint32(0)
	deadline := time.Now().Add(waitTimeout)
	for len(seen) < want {
		require.True(t, time.Now().Before(deadline), "only %d snapshots arrived", len(seen))
		for range 5 {
			binary.LittleEndian.PutUint32(msg, next)
			p.srv.Send(p.peer, chSnapshot, msg)
			next++
		}
		time.Sleep(time.Millisecond)
		for _, ev := range p.cli.Poll(nil) {
			if ev.Kind == EventReceive && ev.Channel == chSnapshot {
				seen = append(seen, binary.LittleEndian.Uint32(ev.Data))
			}
		}
	}
	return seen
}

func TestENetDisconnect(t *testing.T) {
	t.Run("a client disconnect is seen on both sides", func(t *testing.T) {
		p := newENetPair(t, 0, Config{})
		p.cli.Disconnect()
		p.srvRec.waitFor(t, "server-side disconnect", isKindFor(EventDisconnect, p.peer))
		p.cliRec.waitFor(t, "client-side disconnect", isKindFor(EventDisconnect, ServerPeer))
		assert.Zero(t, p.srv.Stats(p.peer), "a gone peer has no stats")
	})
	t.Run("a server disconnect-later delivers the queued reason first", func(t *testing.T) {
		p := newENetPair(t, 0, Config{})
		p.srv.Send(p.peer, chControl, []byte("reject: server full"))
		p.srv.Disconnect(p.peer, true)
		ev := p.cliRec.waitFor(t, "the reason", isKind(EventReceive))
		assert.Equal(t, []byte("reject: server full"), ev.Data)
		p.cliRec.waitFor(t, "client-side disconnect", isKind(EventDisconnect))
		p.srvRec.waitFor(t, "server-side disconnect", isKindFor(EventDisconnect, p.peer))
	})
	t.Run("a client that gives up while connecting still ends in a disconnect", func(t *testing.T) {
		srv := listen(t, Config{})
		cli := dial(t, srv.Addr(), 0, Config{})
		cli.Disconnect() // races the handshake: either way a disconnect must follow
		record(cli).waitFor(t, "client-side disconnect", isKind(EventDisconnect))
	})
	t.Run("closing the server disconnects its clients", func(t *testing.T) {
		p := newENetPair(t, 0, Config{})
		require.NoError(t, p.srv.Close())
		require.NoError(t, p.srv.Close(), "Close is idempotent")
		p.cliRec.waitFor(t, "client-side disconnect", isKind(EventDisconnect))
		assert.Empty(t, p.srv.Poll(nil), "a closed server reports nothing")
		p.srv.Send(p.peer, 0, []byte("x")) // must not panic
	})
	t.Run("closing the client disconnects it from the server", func(t *testing.T) {
		p := newENetPair(t, 0, Config{})
		require.NoError(t, p.cli.Close())
		p.srvRec.waitFor(t, "server-side disconnect", isKindFor(EventDisconnect, p.peer))
	})
}

func TestENetTimeouts(t *testing.T) {
	t.Parallel() // it mostly waits on ENet's timers: make test runs four at a time
	cfg := Config{Timeout: time.Second}

	t.Run("a client that vanishes without a word times out on the server", func(t *testing.T) {
		srv := listen(t, cfg)
		rec := record(srv)
		raw := enet.DefaultHostConfig()
		raw.Compress = true           // as every host of the transport does
		raw.Seal = &enet.SealConfig{} // and seals
		host, err := enet.NewHost(nil, raw)
		require.NoError(t, err)
		addr, err := resolve(srv.Addr())
		require.NoError(t, err)
		throughDoor(t, host, addr)
		_, err = host.Connect(addr, int(numChannels), 0)
		require.NoError(t, err)
		deadline := time.Now().Add(waitTimeout)
		var peer PeerID
		for peer == 0 && time.Now().Before(deadline) {
			_, err := host.Service(1)
			require.NoError(t, err)
			rec.pollOnce()
			for _, ev := range rec.events {
				if ev.Kind == EventConnect {
					peer = ev.Peer
				}
			}
		}
		require.NotZero(t, peer, "the raw client connects")
		host.Destroy() // gone: no disconnect is ever sent
		start := time.Now()
		rec.waitFor(t, "the timeout", isKindFor(EventDisconnect, peer))
		// ENet's own default would take at least 5 s; the configured 1 s
		// (plus a ping interval to notice) must have applied.
		assert.Less(t, time.Since(start), 4*time.Second)
	})
	t.Run("a dial to a silent port ends in a disconnect event", func(t *testing.T) {
		srv := listen(t, cfg)
		addr := srv.Addr()
		require.NoError(t, srv.Close())
		cli := dial(t, addr, 0, Config{Timeout: 300 * time.Millisecond})
		ev := record(cli).waitFor(t, "the failed connect", func(Event) bool { return true })
		assert.Equal(t, Event{Kind: EventDisconnect, Peer: ServerPeer}, ev)
	})
}

func TestENetIgnoresBadSends(t *testing.T) {
	p := newENetPair(t, 0, Config{MaxPacketSize: 1024})
	before := p.srv.Stats(p.peer).BytesOut
	tests := []struct {
		name string
		send func()
	}{
		{"an unknown peer is ignored", func() { p.srv.Send(p.peer+1000, 0, []byte("x")) }},
		{"a channel past the table is ignored", func() { p.srv.Send(p.peer, numChannels, []byte("x")) }},
		{"a packet over the size limit is ignored", func() { p.srv.Send(p.peer, 0, make([]byte, 1025)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.send()
			assert.Equal(t, before, p.srv.Stats(p.peer).BytesOut)
		})
	}
	t.Run("nothing ignored reaches the client", func(t *testing.T) {
		p.srv.Send(p.peer, chControl, []byte("ok"))
		ev := p.cliRec.waitFor(t, "the good packet", isKind(EventReceive))
		assert.Equal(t, []byte("ok"), ev.Data)
	})
}

func TestENetAddresses(t *testing.T) {
	tests := []struct{ name, addr string }{
		{"an address without a port is refused", "127.0.0.1"},
		{"a port beyond 65535 is refused", "127.0.0.1:70000"},
		{"an IPv6 address is refused", "[::1]:7777"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ListenENet(tt.addr, withChannels(Config{}))
			require.Error(t, err)
			_, err = DialENet(tt.addr, 0, withChannels(Config{}))
			require.Error(t, err)
		})
	}
	t.Run("a port already in use is refused", func(t *testing.T) {
		srv := listen(t, Config{})
		_, err := ListenENet(srv.Addr(), withChannels(Config{}))
		require.Error(t, err)
	})
	t.Run("a negative timeout is refused", func(t *testing.T) {
		_, err := ListenENet("127.0.0.1:0", withChannels(Config{Timeout: -1}))
		require.ErrorIs(t, err, ErrConfig)
	})
	t.Run("a config without a channel table is refused on both sides", func(t *testing.T) {
		_, err := ListenENet("127.0.0.1:0", Config{})
		require.ErrorIs(t, err, ErrConfig)
		_, err = DialENet("127.0.0.1:7777", 0, Config{})
		require.ErrorIs(t, err, ErrConfig)
	})
	t.Run("an unordered table of another length is refused", func(t *testing.T) {
		_, err := ListenENet("127.0.0.1:0", withChannels(Config{Unordered: []bool{false, false}}))
		require.ErrorIs(t, err, ErrConfig)
	})
	t.Run("a channel both reliable and unordered is refused", func(t *testing.T) {
		_, err := DialENet("127.0.0.1:7777", 0, withChannels(Config{Unordered: []bool{chControl: true, chInput: false}}))
		require.ErrorIs(t, err, ErrConfig)
	})
}

func TestENetPeerIDsAreNeverReused(t *testing.T) {
	srv := listen(t, Config{})
	rec := record(srv)
	seen := map[PeerID]bool{}
	for range 3 {
		cli := dial(t, srv.Addr(), 0, Config{})
		ev := rec.waitFor(t, "connect", isKind(EventConnect))
		require.False(t, seen[ev.Peer], "peer %d reused", ev.Peer)
		seen[ev.Peer] = true
		require.NoError(t, cli.Close())
		rec.waitFor(t, "disconnect", isKindFor(EventDisconnect, ev.Peer))
	}
}

// BenchmarkENetPoll measures one reliable message from client to server in
// steady state: the client's Send, both service goroutines and the
// server's Poll together allocate nothing.
func BenchmarkENetPoll(b *testing.B) {
	p := newENetPair(b, 0, Config{})
	msg := make([]byte, 64)
	evs := make([]Event, 0, 64)
	roundTrip := func() {
		p.cli.Send(chEvents, msg)
		for {
			evs = p.srv.Poll(evs[:0])
			if len(evs) > 0 {
				return
			}
			runtime.Gosched()
		}
	}
	for range 200 { // warm pools, queues and ENet's own lists
		roundTrip()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		roundTrip()
	}
}

// Sends made while held leave together: a held tick of many small packets
// costs a datagram or two, where unheld sends race the service goroutine.
func TestENetHeldSendsShareDatagrams(t *testing.T) {
	p := newENetPair(t, 0, Config{})
	before := p.srv.WireStats()
	p.srv.Hold()
	for i := range 20 {
		p.srv.Send(p.peer, chEvents, []byte{byte(i), 1, 2, 3})
		time.Sleep(time.Millisecond) // give the service goroutine every chance to send early
	}
	require.Equal(t, before.PacketsSent, p.srv.WireStats().PacketsSent, "nothing leaves while held")
	p.srv.Release()
	got := p.cliRec.waitReceives(t, chEvents, 20)
	require.Len(t, got, 20)
	for i, m := range got {
		require.Equal(t, byte(i), m[0], "in order")
	}
	sent := p.srv.WireStats().PacketsSent - before.PacketsSent
	require.LessOrEqual(t, sent, uint64(3), "twenty packets went out in %d datagrams", sent)
}

func TestAFloodingPeerIsCutAtTheQueue(t *testing.T) {
	srv := listen(t, Config{})
	cli := dial(t, srv.Addr(), 0, Config{})
	peer := acceptedPeer(t, srv)
	const n = 1000
	msg := make([]byte, 40)
	for i := range n {
		binary.LittleEndian.PutUint32(msg, uint32(i))
		cli.Send(chEvents, msg)
	}
	// Everything arrives before the server reads again: one tick's read
	// holds at most DefaultMaxQueuedPerPeer of it.
	require.Eventually(t, func() bool {
		w := srv.WireStats()
		return w.QueueDropped == n-DefaultMaxQueuedPerPeer
	}, 5*time.Second, 5*time.Millisecond, "the packets past the bound were dropped and counted")
	got, overflow := 0, Event{}
	for _, ev := range srv.Poll(nil) {
		switch {
		case ev.Kind == EventReceive && ev.Peer == peer:
			got++
		case ev.Kind == EventOverflow:
			overflow = ev
		}
	}
	assert.Equal(t, DefaultMaxQueuedPerPeer, got, "one read holds the bound")
	assert.Equal(t, Event{Kind: EventOverflow, Peer: peer, Dropped: n - DefaultMaxQueuedPerPeer}, overflow, "and says what was dropped")
	assert.EqualValues(t, (n-DefaultMaxQueuedPerPeer)*len(msg), srv.WireStats().QueueDroppedBytes)
	cli.Send(chEvents, msg)
	require.Eventually(t, func() bool {
		for _, ev := range srv.Poll(nil) {
			if ev.Kind == EventReceive {
				return true
			}
		}
		return false
	}, 5*time.Second, 5*time.Millisecond, "after a read the peer is heard again")
}

func TestHalfOpenHandshakesAreForgotten(t *testing.T) {
	t.Parallel() // it mostly waits on ENet's timers: make test runs four at a time
	srv := listen(t, Config{MaxPeers: 4})
	port, err := strconv.Atoi(srv.Addr()[strings.LastIndexByte(srv.Addr(), ':')+1:])
	require.NoError(t, err)
	to, err := enet.NewAddress("127.0.0.1", uint16(port))
	require.NoError(t, err)
	from, err := enet.NewAddress("127.0.0.2", 0)
	require.NoError(t, err)
	hc := enet.DefaultHostConfig()
	hc.PeerCount, hc.ChannelCount = 4, len(testChannels)
	hc.Seal = &enet.SealConfig{}
	forger, err := enet.NewHost(&from, hc)
	require.NoError(t, err)
	defer forger.Destroy()
	throughDoor(t, forger, to) // a forger that receives at its address: the door lets it in
	for range 4 {              // every slot, and never a word more
		_, err := forger.Connect(to, len(testChannels), 0)
		require.NoError(t, err)
	}
	forger.Flush()
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	cli := dial(t, srv.Addr(), 0, Config{})
	connected := func() bool {
		for _, ev := range cli.Poll(nil) {
			if ev.Kind == EventConnect {
				return true
			}
		}
		return false
	}
	require.Eventually(t, connected, 3*DefaultHalfOpenTimeout, 10*time.Millisecond,
		"the half-open slots were freed after DefaultHalfOpenTimeout, not ENet's 30 s")
	t.Logf("connected %v after four half-open handshakes took every slot", time.Since(start).Round(time.Millisecond))
}

// rawServedClient is a transport client dialled to a bare ENet host on
// loopback, which answers only while the test services it: a server that
// can be stalled at will.
func rawServedClient(t *testing.T) (*enet.Host, *ENetClient, *recorder) {
	t.Helper()
	la, err := enet.NewAddress("127.0.0.1", 0)
	require.NoError(t, err)
	raw := enet.DefaultHostConfig()
	raw.Compress = true // as every host of the transport does
	raw.Door = true     // and every server's
	raw.Seal = &enet.SealConfig{Identity: testIdentity(t)}
	host, err := enet.NewHost(&la, raw)
	require.NoError(t, err)
	t.Cleanup(host.Destroy)
	cli := dial(t, host.Address().String(), 0, Config{Timeout: time.Minute})
	return host, cli, record(cli)
}

// serviceFor services host for d, or until until (when given) accepts an
// event, and returns the events it saw.
func serviceFor(t *testing.T, host *enet.Host, d time.Duration, until func(enet.Event) bool) (got []enet.Event) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); {
		ev, err := host.Service(1)
		require.NoError(t, err)
		if ev.Type == enet.EventNone {
			continue
		}
		got = append(got, ev)
		if until != nil && until(ev) {
			break
		}
	}
	return got
}

// Quiet says how long a peer has been silent: ENet's pings keep an idle
// but live connection heard, and a host that stops answering goes quiet.
func TestENetQuiet(t *testing.T) {
	t.Parallel() // it mostly waits on ENet's timers: make test runs four at a time
	t.Run("an idle connection is kept heard by ENet's pings, on both sides", func(t *testing.T) {
		p := newENetPair(t, 0, Config{})
		time.Sleep(3 * time.Second) // nothing sent either way
		assert.Less(t, p.cli.Stats().Quiet, 2*time.Second)
		assert.Less(t, p.srv.Stats(p.peer).Quiet, 2*time.Second)
	})
	t.Run("a server that stops answering goes quiet, and its next packet is heard", func(t *testing.T) {
		host, cli, rec := rawServedClient(t)
		var peer *enet.Peer
		for _, ev := range serviceFor(t, host, waitTimeout, func(ev enet.Event) bool { return ev.Type == enet.EventConnect }) {
			if ev.Type == enet.EventConnect {
				peer = ev.Peer
			}
		}
		require.NotNil(t, peer, "the client connects")
		rec.waitFor(t, "client connect", isKindFor(EventConnect, ServerPeer))

		time.Sleep(2500 * time.Millisecond) // the host is stalled: nothing serviced, nothing acknowledged
		assert.Greater(t, cli.Stats().Quiet, 2*time.Second)

		require.NoError(t, peer.SendBytes([]byte{1, 2, 3}, 0, enet.Reliable))
		host.Flush()
		rec.waitReceives(t, 0, 1)
		assert.Less(t, cli.Stats().Quiet, time.Second, "a packet is a sign of life")
	})
}

// A reliable packet that goes unanswered is resent within about two round
// trips however often it was lost, not after waits that double each time.
func TestENetResendsAreCapped(t *testing.T) {
	t.Parallel() // it mostly waits on ENet's timers: make test runs four at a time
	host, cli, rec := rawServedClient(t)
	connected := false
	for _, ev := range serviceFor(t, host, time.Second, nil) {
		connected = connected || ev.Type == enet.EventConnect
	}
	require.True(t, connected, "the client connects")
	rec.waitFor(t, "client connect", isKindFor(EventConnect, ServerPeer))
	serviceFor(t, host, time.Second, nil) // a few pings settle the round-trip estimate
	rtt := cli.Stats().RTT

	cli.Send(0, []byte{7})      // channel 0 is reliable
	time.Sleep(6 * time.Second) // the host is stalled: every send of it is lost
	st := cli.Stats()
	t.Logf("round trip %v; after 6 s unanswered the resend timeout is %v", rtt, st.Resend)
	require.NotZero(t, st.Resend, "the packet is still in flight")
	// Uncapped, the timeout would have doubled past 4 s by now.
	assert.LessOrEqual(t, st.Resend, max(enet.ResendFloor, 2*st.RTT+time.Second))
	assert.Less(t, st.Resend, 2*time.Second)
}

func TestAPacketPastMaxIncomingArrivesAsItsSizeOnly(t *testing.T) {
	srv := listen(t, Config{MaxIncoming: 100})
	cli := dial(t, srv.Addr(), 0, Config{})
	peer := acceptedPeer(t, srv)
	cli.Send(chEvents, make([]byte, 100))
	cli.Send(chEvents, make([]byte, 24<<10)) // sent in fragments, reassembled by ENet
	var got []Event
	require.Eventually(t, func() bool {
		for _, ev := range srv.Poll(nil) {
			if ev.Peer == peer && (ev.Kind == EventReceive || ev.Kind == EventOversized) {
				got = append(got, Event{Kind: ev.Kind, Peer: ev.Peer, Channel: ev.Channel, Size: ev.Size, Data: slices.Clone(ev.Data)})
			}
		}
		return len(got) == 2
	}, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, []Event{
		{Kind: EventReceive, Peer: peer, Channel: chEvents, Data: make([]byte, 100)},
		{Kind: EventOversized, Peer: peer, Channel: chEvents, Size: 24 << 10},
	}, got, "a packet up to the bound is handed over; a longer one only says how long it was")
	assert.EqualValues(t, 100+24<<10, srv.Stats(peer).BytesIn, "both count as bytes in")
}

func TestReadHeap(t *testing.T) {
	newENetPair(t, 1, Config{})
	t.Run("a live ENet pair holds some of the C heap it reads", func(t *testing.T) {
		assert.NotZero(t, ReadHeap().InUse, "ENet allocates its hosts and peers in the C heap")
	})
}
