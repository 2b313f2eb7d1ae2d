package netsim

import (
	"encoding/binary"
	"net"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
)

// echoServer answers every UDP datagram with itself.
func echoServer(t *testing.T) string {
	t.Helper()
	conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	go func() {
		buf := make([]byte, maxDatagram)
		for {
			n, from, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				return
			}
			_, _ = conn.WriteToUDPAddrPort(buf[:n], from)
		}
	}()
	return conn.LocalAddr().String()
}

func startProxy(t *testing.T, target string, cfg Config) *Proxy {
	t.Helper()
	p, err := Start("127.0.0.1:0", target, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p
}

func udpClient(t *testing.T, addr string) *net.UDPConn {
	t.Helper()
	raddr, err := net.ResolveUDPAddr("udp", addr)
	require.NoError(t, err)
	c, err := net.DialUDP("udp", nil, raddr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// medianRTT sends n numbered datagrams one millisecond apart to addr and
// returns the median time until each came back.
func medianRTT(t *testing.T, addr string, n int) time.Duration {
	t.Helper()
	c := udpClient(t, addr)
	sent := make([]time.Time, n)
	var mu sync.Mutex
	var rtts []time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 64)
		for {
			c.SetReadDeadline(time.Now().Add(2 * time.Second))
			k, err := c.Read(buf)
			if err != nil {
				return
			}
			now := time.Now()
			if k != 8 {
				continue
			}
			seq := binary.LittleEndian.Uint64(buf)
			mu.Lock()
			if seq < uint64(n) {
				rtts = append(rtts, now.Sub(sent[seq]))
			}
			got := len(rtts)
			mu.Unlock()
			if got == n {
				return
			}
		}
	}()
	msg := make([]byte, 8)
	for i := range n {
		binary.LittleEndian.PutUint64(msg, uint64(i))
		mu.Lock()
		sent[i] = time.Now()
		mu.Unlock()
		_, err := c.Write(msg)
		require.NoError(t, err)
		time.Sleep(time.Millisecond)
	}
	<-done
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, rtts, n, "every echo came back")
	slices.Sort(rtts)
	return rtts[n/2]
}

func TestProxyLatencyOverRealSockets(t *testing.T) {
	const latency = 20 * time.Millisecond
	echo := echoServer(t)
	proxy := startProxy(t, echo, Config{Latency: latency, Seed: 1})

	direct := medianRTT(t, echo, 200)
	through := medianRTT(t, proxy.Addr(), 200)
	added := (through - direct) / 2 // the proxy delays both directions
	t.Logf("median RTT direct %v, through the proxy %v: %v added one way", direct, through, added)
	assert.InDelta(t, float64(latency), float64(added), float64(2*time.Millisecond))
	st := proxy.Stats()
	assert.EqualValues(t, 400, st.In, "both directions pass through the core")
	assert.EqualValues(t, 400, st.Delivered)
	assert.EqualValues(t, 1, st.Sessions)
}

func TestProxyKeepsClientsApart(t *testing.T) {
	proxy := startProxy(t, echoServer(t), Config{})
	a, b := udpClient(t, proxy.Addr()), udpClient(t, proxy.Addr())
	for i, c := range []*net.UDPConn{a, b, a, b} {
		msg := []byte{byte(i), 'x', 'y'}
		_, err := c.Write(msg)
		require.NoError(t, err)
		buf := make([]byte, 16)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		n, err := c.Read(buf)
		require.NoError(t, err)
		assert.Equal(t, msg, buf[:n], "each client gets its own answers, bytes unchanged")
	}
	assert.EqualValues(t, 2, proxy.Stats().Sessions)
	require.NoError(t, proxy.Close())
	require.NoError(t, proxy.Close(), "Close is idempotent")
}

func TestProxyStartErrors(t *testing.T) {
	tests := []struct {
		name           string
		listen, target string
		cfg            Config
	}{
		{"an invalid config is refused", "127.0.0.1:0", "127.0.0.1:9", Config{Loss: 200}},
		{"a target without a port is refused", "127.0.0.1:0", "127.0.0.1", Config{}},
		{"a listen address without a port is refused", "127.0.0.1", "127.0.0.1:9", Config{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Start(tt.listen, tt.target, tt.cfg)
			require.Error(t, err)
		})
	}
}

// proxyChannels is the channel table of the transports under test: one
// reliable channel is all the test needs.
var proxyChannels = []bool{chReliable: true}

const chReliable uint8 = 0

// TestENetThroughLossyProxy runs the real transport through the proxy: a
// client connects and reliable traffic in both directions arrives complete
// and in order despite 5% loss. The client sends as fast as it can, far over
// the per-peer queue bound a game server keeps, so the bound is off here.
func TestENetThroughLossyProxy(t *testing.T) {
	srv, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: proxyChannels, MaxQueuedPerPeer: -1})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	proxy := startProxy(t, srv.Addr(), Config{Loss: 5, Latency: 5 * time.Millisecond, Jitter: 2 * time.Millisecond, Seed: 42})
	cli, err := transport.DialENet(proxy.Addr(), 0xABCD, transport.Config{Reliable: proxyChannels})
	require.NoError(t, err)
	t.Cleanup(func() { cli.Close() })

	const n = 500
	var peer transport.PeerID
	var toServer, toClient []uint32
	sent := 0
	var evs []transport.Event
	deadline := time.Now().Add(30 * time.Second)
	for len(toServer) < n || len(toClient) < n {
		require.True(t, time.Now().Before(deadline), "server got %d, client got %d of %d", len(toServer), len(toClient), n)
		evs = srv.Poll(evs[:0])
		for _, ev := range evs {
			switch ev.Kind {
			case transport.EventConnect:
				require.EqualValues(t, 0xABCD, ev.ConnectData)
				peer = ev.Peer
			case transport.EventReceive:
				toServer = append(toServer, binary.LittleEndian.Uint32(ev.Data))
			case transport.EventDisconnect:
				t.Fatal("the server lost the client")
			}
		}
		evs = cli.Poll(evs[:0])
		for _, ev := range evs {
			switch ev.Kind {
			case transport.EventReceive:
				toClient = append(toClient, binary.LittleEndian.Uint32(ev.Data))
			case transport.EventDisconnect:
				t.Fatal("the client lost the server")
			}
		}
		if peer != 0 && sent < n { // a paced stream, like a game's ticks
			for range 10 {
				msg := binary.LittleEndian.AppendUint32(make([]byte, 0, 32), uint32(sent))
				msg = append(msg, make([]byte, 28)...)
				srv.Send(peer, chReliable, msg)
				cli.Send(chReliable, msg)
				sent++
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	want := make([]uint32, n)
	for i := range want {
		want[i] = uint32(i)
	}
	assert.Equal(t, want, toServer)
	assert.Equal(t, want, toClient)
	st := proxy.Stats()
	t.Logf("proxy: %+v", st)
	assert.Positive(t, st.Dropped, "the proxy really dropped packets")
	assert.InDelta(t, 5, pct(int(st.Dropped), int(st.In)), 5, "loss near the setting")
}
