package client

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// quietLink is a client transport that connects and then reports how long
// it has heard nothing, as ENet's pings would measure it.
type quietLink struct {
	unanswered
	connected bool
	quiet     time.Duration
}

func (q *quietLink) Poll(dst []transport.Event) []transport.Event {
	if !q.connected {
		q.connected = true
		return append(dst, transport.Event{Kind: transport.EventConnect, Peer: transport.ServerPeer})
	}
	return dst
}

func (q *quietLink) Stats() transport.PeerStats { return transport.PeerStats{Quiet: q.quiet} }

func TestAQuietServerIsCalledLostInWords(t *testing.T) {
	t.Run("a playing client that hears no packet for 5 s gives up and says so", func(t *testing.T) {
		now := time.Unix(100, 0)
		srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		rt := New(cli, Config{Name: "listener", Now: func() time.Time { return now }})
		s := fakeServer{t: t, srv: srv}
		rt.Receive()
		s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
		s.enter(1, 16, 16)
		rt.Receive()
		require.Equal(t, StatePlaying, rt.State(), "%v", rt.Err())

		for tick := uint32(101); tick < 104; tick++ { // a packet every 4.9 s keeps it playing
			now = now.Add(4900 * time.Millisecond)
			s.send(snapshotAt(1, tick, 300))
			rt.Receive()
			require.Equal(t, StatePlaying, rt.State(), "%v", rt.Err())
		}
		now = now.Add(4900 * time.Millisecond)
		rt.Receive()
		require.Equal(t, StatePlaying, rt.State(), "4.9 s without a packet is not yet lost")
		now = now.Add(200 * time.Millisecond)
		rt.Receive()
		require.Equal(t, StateFailed, rt.State())
		assert.EqualError(t, rt.Err(), "the connection to the server was lost: nothing heard from it for 5 seconds")
		got := srv.Poll(nil)
		require.NotEmpty(t, got)
		assert.Equal(t, transport.EventDisconnect, got[len(got)-1].Kind, "the client hangs up")
	})
	t.Run("a joining client goes by the transport's own quiet, with the longer limit", func(t *testing.T) {
		link := &quietLink{}
		rt := New(link, Config{Name: "listener"})
		rt.Receive()
		require.Equal(t, StateJoining, rt.State())
		link.quiet = QuietLimitRoster - time.Millisecond
		rt.Receive()
		require.Equal(t, StateJoining, rt.State(), "not yet")
		link.quiet = QuietLimitRoster + time.Millisecond
		rt.Receive()
		require.Equal(t, StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), "nothing heard from it for 10 seconds")
		assert.Equal(t, 1, link.disconnects)
	})
}
