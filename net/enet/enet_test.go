package enet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddress(t *testing.T) {
	tests := []struct {
		name string
		host string
		port uint16
		want string
	}{
		{"a dotted address keeps its bytes and port", "127.0.0.1", 7777, "127.0.0.1:7777"},
		{"an empty host means any interface", "", 80, "0.0.0.0:80"},
		{"localhost resolves through ENet", "localhost", 1, "127.0.0.1:1"},
		{"an IPv4-mapped IPv6 literal is unmapped", "::ffff:10.1.2.3", 9, "10.1.2.3:9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := NewAddress(tt.host, tt.port)
			require.NoError(t, err)
			assert.Equal(t, tt.want, a.String())
			assert.Equal(t, tt.port, a.Port())
		})
	}
	t.Run("an IPv6 address is refused because ENet 1.3 is IPv4 only", func(t *testing.T) {
		_, err := NewAddress("::1", 1)
		require.ErrorIs(t, err, ErrAddress)
	})
	t.Run("a listen address is any interface", func(t *testing.T) {
		assert.Equal(t, "0.0.0.0:5", NewListenAddress(5).String())
	})
}

func TestHostConfigValidation(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*HostConfig)
	}{
		{"zero peers is refused", func(c *HostConfig) { c.PeerCount = 0 }},
		{"more peers than ENet can number is refused", func(c *HostConfig) { c.PeerCount = MaxPeerCount + 1 }},
		{"zero channels is refused", func(c *HostConfig) { c.ChannelCount = 0 }},
		{"more than 255 channels is refused", func(c *HostConfig) { c.ChannelCount = 256 }},
		{"a zero packet size is refused", func(c *HostConfig) { c.MaximumPacketSize = 0 }},
		{"waiting data below one packet is refused", func(c *HostConfig) { c.MaximumWaitingData = c.MaximumPacketSize - 1 }},
		{"zero duplicate peers is refused", func(c *HostConfig) { c.DuplicatePeers = 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultHostConfig()
			tt.modify(&cfg)
			h, err := NewHost(nil, cfg)
			require.ErrorIs(t, err, ErrConfig)
			assert.Nil(t, h)
		})
	}
	t.Run("the defaults are accepted and applied to the C host", func(t *testing.T) {
		h, err := NewHost(nil, DefaultHostConfig())
		require.NoError(t, err)
		defer h.Destroy()
		assert.EqualValues(t, 256<<10, h.ptr.maximumPacketSize)
		assert.EqualValues(t, 1<<20, h.ptr.maximumWaitingData)
		assert.EqualValues(t, 4, h.ptr.duplicatePeers)
	})
}

// pair is a loopback server and a client connected to it.
type pair struct {
	server, client *Host
	sp, cp         *Peer // server's handle on the client, client's handle on the server
	connectData    uint32
}

func newServer(t *testing.T) *Host {
	t.Helper()
	addr, err := NewAddress("127.0.0.1", 0)
	require.NoError(t, err)
	h, err := NewHost(&addr, DefaultHostConfig())
	require.NoError(t, err)
	t.Cleanup(h.Destroy)
	require.NotZero(t, h.Address().Port(), "the bound port is reported")
	return h
}

func newPair(t *testing.T, data uint32) *pair {
	t.Helper()
	p := &pair{server: newServer(t)}
	var err error
	p.client, err = NewHost(nil, DefaultHostConfig())
	require.NoError(t, err)
	t.Cleanup(p.client.Destroy)
	p.cp, err = p.client.Connect(p.server.Address(), 4, data)
	require.NoError(t, err)
	// The two connect events may come in either order.
	deadline := time.Now().Add(5 * time.Second)
	clientUp := false
	for (p.sp == nil || !clientUp) && time.Now().Before(deadline) {
		ev, err := p.server.Service(1)
		require.NoError(t, err)
		if ev.Type == EventConnect {
			p.sp, p.connectData = ev.Peer, ev.Data
		}
		ev, err = p.client.Service(1)
		require.NoError(t, err)
		if ev.Type == EventConnect {
			require.Same(t, p.cp, ev.Peer, "the client's handle is the one Connect returned")
			clientUp = true
		}
	}
	require.True(t, p.sp != nil && clientUp, "both sides connect")
	return p
}

// pumpUntil services both hosts until want arrives on host on; other events
// on either host fail the test unless they are EventNone.
func pumpUntil(t *testing.T, a, b *Host, want EventType, on *Host) Event {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, h := range []*Host{a, b} {
			if h.ptr == nil {
				continue
			}
			ev, err := h.Service(1)
			require.NoError(t, err)
			if ev.Type == EventNone {
				continue
			}
			if h == on && ev.Type == want {
				return ev
			}
			t.Fatalf("unexpected %v event", ev.Type)
		}
	}
	t.Fatalf("no %v event within the deadline", want)
	return Event{}
}

func TestLoopbackSession(t *testing.T) {
	p := newPair(t, 0xC0FFEE)

	t.Run("the server sees the connect data", func(t *testing.T) {
		assert.EqualValues(t, 0xC0FFEE, p.connectData)
		assert.Equal(t, p.cp.ConnectID(), p.sp.ConnectID(), "both sides agree on the connection")
		assert.True(t, p.sp.Connected())
		assert.Equal(t, "127.0.0.1", p.sp.Address().String()[:9])
	})
	t.Run("a packet crosses on its channel with its bytes intact", func(t *testing.T) {
		require.NoError(t, p.cp.SendBytes([]byte("hello"), 2, Reliable))
		ev := pumpUntil(t, p.server, p.client, EventReceive, p.server)
		assert.Equal(t, []byte("hello"), ev.Packet)
		assert.EqualValues(t, 2, ev.ChannelID)
		assert.Same(t, p.sp, ev.Peer, "the same handle names the peer in every event")
	})
	t.Run("an empty packet arrives empty", func(t *testing.T) {
		require.NoError(t, p.sp.SendBytes(nil, 0, Reliable))
		ev := pumpUntil(t, p.server, p.client, EventReceive, p.client)
		assert.Empty(t, ev.Packet)
	})
	t.Run("a packet larger than the MTU is fragmented and reassembled", func(t *testing.T) {
		big := make([]byte, 20000)
		for i := range big {
			big[i] = byte(i * 7)
		}
		require.NoError(t, p.sp.SendBytes(big, 1, UnreliableFragment))
		ev := pumpUntil(t, p.server, p.client, EventReceive, p.client)
		assert.Equal(t, big, ev.Packet)
	})
	t.Run("a packet above the size limit is refused", func(t *testing.T) {
		err := p.cp.SendBytes(make([]byte, 256<<10+1), 2, Reliable)
		require.ErrorIs(t, err, ErrSend)
	})
	t.Run("a channel the connection lacks is refused", func(t *testing.T) {
		require.ErrorIs(t, p.cp.SendBytes([]byte{1}, 9, Reliable), ErrSend)
	})
	t.Run("traffic counters and RTT are populated", func(t *testing.T) {
		assert.Positive(t, p.client.TotalSentBytes())
		assert.Positive(t, p.client.TotalSentPackets())
		assert.Positive(t, p.server.TotalReceivedBytes())
		assert.Positive(t, p.server.TotalReceivedPackets())
		assert.Positive(t, p.cp.RTT())
		assert.GreaterOrEqual(t, p.cp.PacketLoss(), 0.0)
	})
	t.Run("a disconnect is seen on both sides with its data", func(t *testing.T) {
		p.cp.Disconnect(77)
		ev := pumpUntil(t, p.server, p.client, EventDisconnect, p.server)
		assert.Same(t, p.sp, ev.Peer)
		assert.EqualValues(t, 77, ev.Data)
		ev = pumpUntil(t, p.server, p.client, EventDisconnect, p.client)
		assert.Same(t, p.cp, ev.Peer)
	})
	t.Run("a handle of an ended connection refuses use", func(t *testing.T) {
		require.ErrorIs(t, p.sp.SendBytes([]byte{1}, 0, Reliable), ErrPeerGone)
		require.ErrorIs(t, p.cp.SendBytes([]byte{1}, 0, Reliable), ErrPeerGone)
		assert.False(t, p.sp.Connected())
		assert.Zero(t, p.sp.RTT())
	})
}

func TestDisconnectLaterDeliversQueuedPackets(t *testing.T) {
	p := newPair(t, 0)
	require.NoError(t, p.sp.SendBytes([]byte("refused: full"), 0, Reliable))
	p.sp.DisconnectLater(3)
	ev := pumpUntil(t, p.server, p.client, EventReceive, p.client)
	assert.Equal(t, []byte("refused: full"), ev.Packet)
	ev = pumpUntil(t, p.server, p.client, EventDisconnect, p.client)
	assert.EqualValues(t, 3, ev.Data)
}

func TestUnresponsivePeerTimesOut(t *testing.T) {
	p := newPair(t, 0)
	p.sp.SetTimeout(0, 500, 500)
	p.client.Destroy() // no disconnect is sent: the client just vanishes
	ev := pumpUntil(t, p.server, p.client, EventDisconnect, p.server)
	assert.Same(t, p.sp, ev.Peer)
}

func TestDisconnectNowNeedsNoEvent(t *testing.T) {
	p := newPair(t, 0)
	p.cp.DisconnectNow(5)
	require.ErrorIs(t, p.cp.SendBytes([]byte{1}, 0, Reliable), ErrPeerGone, "the handle is retired at once")
	ev := pumpUntil(t, p.server, p.client, EventDisconnect, p.server)
	assert.EqualValues(t, 5, ev.Data, "the other side still hears about it")
}

func TestDisconnectWhileConnectingEndsAtOnce(t *testing.T) {
	server := newServer(t)
	client, err := NewHost(nil, DefaultHostConfig())
	require.NoError(t, err)
	defer client.Destroy()
	peer, err := client.Connect(server.Address(), 4, 0)
	require.NoError(t, err)
	require.True(t, peer.Alive())
	peer.Disconnect(0)
	assert.False(t, peer.Alive(), "ENet resets a connecting peer without an event")
	require.ErrorIs(t, peer.SendBytes([]byte{1}, 0, Reliable), ErrPeerGone)
}

func TestUseAfterDestroy(t *testing.T) {
	p := newPair(t, 0)
	require.True(t, p.sp.Alive())
	p.server.Destroy()
	p.server.Destroy()
	assert.False(t, p.sp.Alive())
	_, err := p.server.Service(0)
	require.ErrorIs(t, err, ErrHostDestroyed)
	require.ErrorIs(t, p.sp.SendBytes([]byte{1}, 0, Reliable), ErrHostDestroyed)
	_, err = p.server.Connect(p.client.Address(), 1, 0)
	require.ErrorIs(t, err, ErrHostDestroyed)
	p.sp.Disconnect(0)
	p.sp.DisconnectNow(0)
	p.server.Flush()
	assert.Equal(t, Address{}, p.server.Address())
	assert.Equal(t, Address{}, p.sp.Address())
}

func TestConnectFailsWhenNobodyAnswers(t *testing.T) {
	silent := newServer(t)
	addr := silent.Address()
	silent.Destroy() // the port is now closed

	client, err := NewHost(nil, DefaultHostConfig())
	require.NoError(t, err)
	defer client.Destroy()
	peer, err := client.Connect(addr, 4, 0)
	require.NoError(t, err)
	peer.SetTimeout(0, 300, 300)
	ev := pumpUntil(t, client, client, EventDisconnect, client)
	assert.Same(t, peer, ev.Peer)
}

func TestConnectWithoutFreeSlot(t *testing.T) {
	cfg := DefaultHostConfig()
	cfg.PeerCount = 1
	client, err := NewHost(nil, cfg)
	require.NoError(t, err)
	defer client.Destroy()
	addr, _ := NewAddress("127.0.0.1", 9)
	_, err = client.Connect(addr, 1, 0)
	require.NoError(t, err)
	_, err = client.Connect(addr, 1, 0)
	require.ErrorIs(t, err, ErrNoPeerSlot)
	_, err = client.Connect(addr, 0, 0)
	require.ErrorIs(t, err, ErrConfig)
}

// BenchmarkSendReceive sends one reliable packet and services both hosts
// until it arrives: the binding itself allocates nothing per packet.
func BenchmarkSendReceive(b *testing.B) {
	addr, _ := NewAddress("127.0.0.1", 0)
	server, err := NewHost(&addr, DefaultHostConfig())
	require.NoError(b, err)
	defer server.Destroy()
	client, err := NewHost(nil, DefaultHostConfig())
	require.NoError(b, err)
	defer client.Destroy()
	peer, err := client.Connect(server.Address(), 4, 0)
	require.NoError(b, err)
	next := func(h *Host, want EventType) Event {
		for {
			other := client
			if h == client {
				other = server
			}
			if _, err := other.Service(0); err != nil {
				b.Fatal(err)
			}
			ev, err := h.Service(0)
			if err != nil {
				b.Fatal(err)
			}
			if ev.Type == want {
				return ev
			}
		}
	}
	next(server, EventConnect)
	for !peer.Connected() {
		next(client, EventConnect)
	}
	msg := make([]byte, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := peer.SendBytes(msg, 2, Reliable); err != nil {
			b.Fatal(err)
		}
		next(server, EventReceive)
	}
}

// The transport reads the dropped counters every service: reading them
// must cost no allocation.
func TestReadingTheDroppedCountersAllocatesNothing(t *testing.T) {
	h := newServer(t)
	allocs := testing.AllocsPerRun(100, func() { h.DroppedIncoming() })
	assert.Zero(t, allocs)
}
