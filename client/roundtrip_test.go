package client

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// pingingLink is the in-process link with ENet's two knobs a playing
// client touches: its own round trip and the spacing of its pings.
type pingingLink struct {
	*transport.LocalClient
	rtt   time.Duration
	every []time.Duration // each PingEvery asked, in order
}

func (l *pingingLink) Stats() transport.PeerStats {
	st := l.LocalClient.Stats()
	st.RTT = l.rtt
	return st
}

func (l *pingingLink) PingEvery(d time.Duration) { l.every = append(l.every, d) }

func TestAPlayingClientTakesTheServersRoundTripAndStopsPinging(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	link := &pingingLink{LocalClient: cli, rtt: 40 * time.Millisecond}
	rt := New(link, Config{Content: builtin(t), Name: "listener", Roster: RosterAsk})
	s := fakeServer{t: t, srv: srv}
	rt.Receive()
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
	s.send(characters(t))
	rt.Receive()
	require.Equal(t, StateRoster, rt.State(), "%v", rt.Err())

	t.Run("on the roster a RoundTrip is ignored and ENet pings as it does", func(t *testing.T) {
		s.send(wire.AppendRoundTrip(nil, wire.RoundTrip{Millis: 300}))
		rt.Receive()
		assert.Equal(t, 40*time.Millisecond, rt.Net().RTT)
		assert.Empty(t, link.every)
	})
	s.enter(1, 16, 16)
	rt.Receive()
	require.Equal(t, StatePlaying, rt.State(), "%v", rt.Err())

	t.Run("a playing client goes by ENet's round trip until the server tells it one", func(t *testing.T) {
		assert.Equal(t, 40*time.Millisecond, rt.Net().RTT)
		assert.Empty(t, link.every)
	})
	t.Run("the server's figure replaces ENet's and the pings are spaced out once", func(t *testing.T) {
		s.send(wire.AppendRoundTrip(nil, wire.RoundTrip{Millis: 120}))
		rt.Receive()
		assert.Equal(t, 120*time.Millisecond, rt.Net().RTT)
		s.send(wire.AppendRoundTrip(nil, wire.RoundTrip{Millis: 130}))
		rt.Receive()
		assert.Equal(t, 130*time.Millisecond, rt.Net().RTT)
		assert.Equal(t, []time.Duration{playingPingEvery}, link.every)
	})
	t.Run("back on the roster ENet pings again and its round trip counts", func(t *testing.T) {
		s.send(characters(t)) // the character died: its world is left behind
		rt.Receive()
		require.Equal(t, StateRoster, rt.State(), "%v", rt.Err())
		assert.Equal(t, []time.Duration{playingPingEvery, 0}, link.every)
		assert.Equal(t, 40*time.Millisecond, rt.Net().RTT)
	})
	t.Run("a malformed RoundTrip is dropped and counted", func(t *testing.T) {
		before := rt.Stats().Garbage
		s.send([]byte{byte(wire.MsgRoundTrip), 1})
		rt.Receive()
		assert.Equal(t, before+1, rt.Stats().Garbage)
	})
}
