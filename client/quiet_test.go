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
	deliver   [][]byte // control packets the next Poll hands over
}

func (q *quietLink) Poll(dst []transport.Event) []transport.Event {
	if !q.connected {
		q.connected = true
		return append(dst, transport.Event{Kind: transport.EventConnect, Peer: transport.ServerPeer})
	}
	for _, b := range q.deliver {
		dst = append(dst, transport.Event{Kind: transport.EventReceive, Peer: transport.ServerPeer, Channel: wire.ChanControl, Data: b})
	}
	q.deliver = nil
	return dst
}

// characters is a roster of one character, for a client to wait on.
func characters(t *testing.T) []byte {
	t.Helper()
	b, err := wire.AppendCharacters(nil, wire.Characters{Slots: 8, Entries: []wire.CharacterEntry{
		{ID: 1, Name: "Ava", Level: 2, Health: 100, MaxHealth: 100}}})
	require.NoError(t, err)
	return b
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
	t.Run("a client on the roster goes by the transport's own quiet, with the longer limit", func(t *testing.T) {
		link := &quietLink{}
		rt := New(link, Config{Name: "listener", Roster: RosterAsk, HandshakeTimeout: time.Hour})
		rt.Receive()
		require.Equal(t, StateJoining, rt.State())
		link.quiet = time.Hour
		rt.Receive()
		require.Equal(t, StateJoining, rt.State(), "while joining, the handshake timeout decides")
		link.deliver = [][]byte{wire.AppendWelcome(nil, wire.Welcome{PeerID: 3, ServerTick: 100}), characters(t)}
		link.quiet = QuietLimitRoster - time.Millisecond
		rt.Receive()
		require.Equal(t, StateRoster, rt.State(), "%v", rt.Err())
		link.quiet = QuietLimitRoster + time.Millisecond
		rt.Receive()
		require.Equal(t, StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), "nothing heard from it for 20 seconds")
		assert.Equal(t, 1, link.disconnects)
	})
}
