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
		rt := New(cli, Config{Content: builtin(t), Name: "listener", Now: func() time.Time { return now }})
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
		rt := New(link, Config{Content: builtin(t), Name: "listener", Roster: RosterAsk, HandshakeTimeout: time.Hour})
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

// sentHello reports whether a Hello is among the packets a server polled.
func sentHello(evs []transport.Event) bool {
	for _, ev := range evs {
		if ev.Kind == transport.EventReceive && len(ev.Data) > 0 && wire.MsgType(ev.Data[0]) == wire.MsgHello {
			return true
		}
	}
	return false
}

func TestAJoinTheServerForgotIsDialledAgain(t *testing.T) {
	t.Run("a joining client that hears nothing for 3 s dials again and joins on the new connection", func(t *testing.T) {
		forgotten := &quietLink{}
		srv, fresh := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		dials := 0
		rt := New(forgotten, Config{Content: builtin(t), Name: "knocker", Roster: RosterAsk, HandshakeTimeout: time.Hour})
		rt.redial = func() (transport.Client, error) { dials++; return fresh, nil }
		rt.Receive()
		require.Equal(t, StateJoining, rt.State(), "connected, Hello sent")
		forgotten.quiet = JoinQuietRedial
		rt.Receive()
		require.Zero(t, dials, "3 s of silence is not yet a forgotten join")
		forgotten.quiet = JoinQuietRedial + time.Millisecond
		rt.Receive()
		require.Equal(t, 1, dials)
		assert.Equal(t, 1, forgotten.disconnects, "the forgotten connection is hung up")
		rt.Receive() // the new connection connects and says Hello
		require.True(t, sentHello(srv.Poll(nil)), "the Hello goes again, on the new connection")
		s := fakeServer{t: t, srv: srv}
		s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 3, ServerTick: 100}))
		s.send(characters(t))
		rt.Receive()
		assert.Equal(t, StateRoster, rt.State(), "%v", rt.Err())
		assert.Equal(t, 1, rt.Stats().Redials)
	})
	t.Run("it dials at most three times, then the handshake timeout decides", func(t *testing.T) {
		now := time.Unix(100, 0)
		links := []*quietLink{{}}
		rt := New(links[0], Config{Content: builtin(t), Name: "knocker", HandshakeTimeout: 15 * time.Second, Now: func() time.Time { return now }})
		rt.redial = func() (transport.Client, error) {
			links = append(links, &quietLink{})
			return links[len(links)-1], nil
		}
		for range 20 {
			rt.Receive()
			links[len(links)-1].quiet = time.Hour // every connection forgotten at once
			now = now.Add(time.Second)
		}
		assert.Len(t, links, 1+maxRedials)
		require.Equal(t, StateFailed, rt.State())
		assert.Contains(t, rt.Err().Error(), "no answer from the server within 15s")
	})
	t.Run("a client with no way to dial again (in process) waits out its timeout", func(t *testing.T) {
		link := &quietLink{}
		rt := New(link, Config{Content: builtin(t), Name: "host", HandshakeTimeout: time.Hour})
		rt.Receive()
		link.quiet = time.Hour
		rt.Receive()
		assert.Equal(t, StateJoining, rt.State())
		assert.Zero(t, link.disconnects)
	})
}
