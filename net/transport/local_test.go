package transport

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocalPair(t *testing.T) {
	t.Run("each side starts with a connect event and the server sees the connect data", func(t *testing.T) {
		srv, cli := NewLocal(0xD05C, int(numChannels))
		assert.Equal(t, []Event{{Kind: EventConnect, Peer: LocalPeer, ConnectData: 0xD05C, Channels: int(numChannels)}}, srv.Poll(nil))
		assert.Equal(t, []Event{{Kind: EventConnect, Peer: ServerPeer}}, cli.Poll(nil))
		assert.Empty(t, srv.Poll(nil), "events are delivered once")
	})

	tests := []struct {
		name string
		send func(srv *LocalServer, cli *LocalClient, ch uint8, msg []byte)
		poll func(srv *LocalServer, cli *LocalClient) []Event
		from PeerID
	}{
		{
			name: "client to server bytes arrive identical and in order",
			send: func(_ *LocalServer, cli *LocalClient, ch uint8, msg []byte) { cli.Send(ch, msg) },
			poll: func(srv *LocalServer, _ *LocalClient) []Event { return srv.Poll(nil) },
			from: LocalPeer,
		},
		{
			name: "server to client bytes arrive identical and in order",
			send: func(srv *LocalServer, _ *LocalClient, ch uint8, msg []byte) { srv.Send(LocalPeer, ch, msg) },
			poll: func(_ *LocalServer, cli *LocalClient) []Event { return cli.Poll(nil) },
			from: ServerPeer,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, cli := NewLocal(0, int(numChannels))
			srv.Poll(nil)
			cli.Poll(nil)
			var want []Event
			msg := make([]byte, 0, 64)
			for i := range 300 {
				ch := uint8(i % int(numChannels))
				msg = fmt.Appendf(msg[:0], "message %d on %d", i, ch)
				tt.send(srv, cli, ch, msg)
				want = append(want, Event{Kind: EventReceive, Peer: tt.from, Channel: ch, Data: []byte(string(msg))})
			}
			msg[0] = 'X' // the transport copied: changing the caller's buffer changes nothing
			assert.Equal(t, want, tt.poll(srv, cli))
		})
	}

	t.Run("disconnecting from either side tells both and stops traffic", func(t *testing.T) {
		for _, byServer := range []bool{true, false} {
			srv, cli := NewLocal(0, int(numChannels))
			srv.Poll(nil)
			cli.Poll(nil)
			if byServer {
				srv.Disconnect(LocalPeer, true)
			} else {
				cli.Disconnect()
			}
			cli.Send(0, []byte("late"))
			srv.Send(LocalPeer, 0, []byte("late"))
			assert.Equal(t, []Event{{Kind: EventDisconnect, Peer: LocalPeer}}, srv.Poll(nil))
			assert.Equal(t, []Event{{Kind: EventDisconnect, Peer: ServerPeer}}, cli.Poll(nil))
			assert.Zero(t, srv.Stats(LocalPeer))
		}
	})
	t.Run("closing one side disconnects the other and silences the closed one", func(t *testing.T) {
		srv, cli := NewLocal(0, int(numChannels))
		require.NoError(t, cli.Close())
		require.NoError(t, cli.Close())
		assert.Empty(t, cli.Poll(nil))
		evs := srv.Poll(nil)
		require.Len(t, evs, 2)
		assert.Equal(t, Event{Kind: EventDisconnect, Peer: LocalPeer}, evs[1])
		require.NoError(t, srv.Close())
	})
	t.Run("unknown peers and channels are ignored", func(t *testing.T) {
		srv, cli := NewLocal(0, int(numChannels))
		srv.Poll(nil)
		cli.Poll(nil)
		srv.Send(7, 0, []byte("x"))
		srv.Send(LocalPeer, numChannels, []byte("x"))
		cli.Send(numChannels, []byte("x"))
		srv.Disconnect(7, false)
		assert.Empty(t, cli.Poll(nil))
		assert.Empty(t, srv.Poll(nil))
		assert.Zero(t, srv.Stats(7))
		assert.Equal(t, "local", srv.Addr())
	})
	t.Run("payload bytes are counted on both sides", func(t *testing.T) {
		srv, cli := NewLocal(0, int(numChannels))
		cli.Send(3, make([]byte, 10))
		cli.Send(3, make([]byte, 5))
		srv.Send(LocalPeer, 1, make([]byte, 100))
		assert.Equal(t, PeerStats{BytesIn: 15, BytesOut: 100}, srv.Stats(LocalPeer))
		assert.Equal(t, PeerStats{BytesIn: 100, BytesOut: 15}, cli.Stats())
	})
	t.Run("a payload stays intact until the next poll even as more traffic arrives", func(t *testing.T) {
		srv, cli := NewLocal(0, int(numChannels))
		srv.Poll(nil)
		cli.Send(2, []byte("first"))
		evs := srv.Poll(nil)
		for range 50 {
			cli.Send(2, []byte("overwrite?"))
		}
		assert.Equal(t, []byte("first"), evs[0].Data)
	})
}

func BenchmarkLocalSend(b *testing.B) {
	srv, cli := NewLocal(0, int(numChannels))
	msg := make([]byte, 64)
	evs := srv.Poll(make([]Event, 0, 16))
	for range 10 { // warm the pool and the inbox
		cli.Send(3, msg)
		evs = srv.Poll(evs[:0])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cli.Send(3, msg)
		evs = srv.Poll(evs[:0])
		if len(evs) != 1 {
			b.Fatalf("got %d events", len(evs))
		}
	}
}
