package client

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// doors hands out a new in-memory connection for each dial and keeps the
// server ends, so a test can answer each one.
type doors struct{ servers []*transport.LocalServer }

func (d *doors) dial() (transport.Client, error) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	d.servers = append(d.servers, srv)
	return cli, nil
}

// sayTryAgain answers the newest connection's Hello with a TryAgain.
func (d *doors) sayTryAgain(t *testing.T, ms uint16, why string) {
	t.Helper()
	b, err := wire.AppendTryAgain(nil, wire.TryAgain{Retry: ms, Reason: why})
	require.NoError(t, err)
	srv := d.servers[len(d.servers)-1]
	srv.Send(transport.LocalPeer, wire.ChanControl, b)
	srv.Disconnect(transport.LocalPeer, true)
}

func TestARefusalThatTimeLiftsIsTriedAgain(t *testing.T) {
	now := time.Unix(100, 0)
	d := &doors{}
	first, err := d.dial()
	require.NoError(t, err)
	rt := New(first, Config{Content: builtin(t), Name: "kate", Now: func() time.Time { return now }})
	rt.redial = d.dial
	rt.Receive()
	require.Equal(t, StateJoining, rt.State())

	t.Run("the client waits what the server asked, showing why, and dials again", func(t *testing.T) {
		d.sayTryAgain(t, 300, `the name "kate" is already playing`)
		rt.Receive()
		require.Equal(t, StateJoining, rt.State(), "neither failed nor joined: waiting")
		h := rt.Handshake()
		assert.Equal(t, `the name "kate" is already playing`, h.Waiting)
		assert.Equal(t, 300*time.Millisecond, h.RetryIn)
		now = now.Add(299 * time.Millisecond)
		rt.Receive()
		require.Len(t, d.servers, 1, "not before the wait is over")
		now = now.Add(time.Millisecond)
		rt.Receive()
		require.Len(t, d.servers, 2, "dialled again")
		rt.Receive() // the new connection connects and says Hello
		assert.Equal(t, StateJoining, rt.State())
		assert.Empty(t, rt.Handshake().Waiting)
		assert.Equal(t, 1, rt.Stats().JoinRetries)
		assert.Zero(t, rt.Stats().Redials, "a retry the server asked for is not a redial of a silent join")
	})
	t.Run("a further refusal doubles the wait", func(t *testing.T) {
		d.sayTryAgain(t, 100, "4 connections from your address are still joining")
		rt.Receive()
		assert.Equal(t, 600*time.Millisecond, rt.Handshake().RetryIn)
	})
	t.Run("a refusal that lasts past the handshake timeout fails with the server's reason", func(t *testing.T) {
		for rt.State() != StateFailed {
			now = now.Add(50 * time.Millisecond)
			rt.Receive()
			if rt.state == StateJoining && !rt.waiting() {
				d.sayTryAgain(t, 500, "4 connections from your address are still joining")
			}
		}
		assert.ErrorContains(t, rt.Err(), "the server refused the connection: 4 connections from your address are still joining (still so after")
		assert.LessOrEqual(t, now.Sub(time.Unix(100, 0)), DefaultHandshakeTimeout+100*time.Millisecond)
	})
}

// busyDoor is a dial the server's door had no room for: its one event is
// the transport's busy ending.
type busyDoor struct{ told bool }

func (b *busyDoor) Poll(dst []transport.Event) []transport.Event {
	if b.told {
		return dst
	}
	b.told = true
	wait := 400 * time.Millisecond
	return append(dst, transport.Event{Kind: transport.EventDisconnect, Peer: transport.ServerPeer, Busy: wait, Reason: transport.BusyWords(wait)})
}
func (b *busyDoor) Send(uint8, []byte)         {}
func (b *busyDoor) Disconnect()                {}
func (b *busyDoor) Stats() transport.PeerStats { return transport.PeerStats{} }
func (b *busyDoor) Close() error               { return nil }

func TestADoorWithNoRoomIsTriedAgainInWords(t *testing.T) {
	t.Run("the client shows why, waits what the door asked and dials again", func(t *testing.T) {
		now := time.Unix(100, 0)
		d := &doors{}
		rt := New(&busyDoor{}, Config{Content: builtin(t), Name: "kate", Now: func() time.Time { return now }})
		rt.redial = d.dial
		rt.Receive()
		require.Equal(t, StateConnecting, rt.State(), "neither failed nor joined: waiting")
		h := rt.Handshake()
		assert.Equal(t, "it is busy", h.Waiting)
		assert.Equal(t, 400*time.Millisecond, h.RetryIn)
		now = now.Add(400 * time.Millisecond)
		rt.Receive()
		require.Len(t, d.servers, 1, "dialled again")
		rt.Receive()
		assert.Equal(t, StateJoining, rt.State())
		assert.Equal(t, 1, rt.Stats().JoinRetries)
	})
	t.Run("a client that cannot dial again fails with the door's words", func(t *testing.T) {
		rt := New(&busyDoor{}, Config{Content: builtin(t), Name: "kate"})
		rt.Receive()
		require.Equal(t, StateFailed, rt.State())
		assert.EqualError(t, rt.Err(), "the server is busy, try again in 1 s")
	})
	t.Run("a door busy past the handshake timeout fails saying so", func(t *testing.T) {
		now := time.Unix(100, 0)
		rt := New(&busyDoor{}, Config{Content: builtin(t), Name: "kate", Now: func() time.Time { return now }})
		rt.redial = func() (transport.Client, error) { return &busyDoor{}, nil }
		for rt.State() != StateFailed {
			now = now.Add(50 * time.Millisecond)
			rt.Receive()
		}
		assert.ErrorContains(t, rt.Err(), "the server refused the connection: it is busy (still so after")
	})
}
