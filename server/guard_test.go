package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// doorway is a transport a test plays by hand: connects from any address,
// packets from any peer; it keeps what the server sends and whom it
// disconnects.
type doorway struct {
	events       []transport.Event
	sent         map[transport.PeerID][][]byte
	disconnected map[transport.PeerID]bool
}

func newDoorway() *doorway {
	return &doorway{sent: map[transport.PeerID][][]byte{}, disconnected: map[transport.PeerID]bool{}}
}

func (d *doorway) Poll(dst []transport.Event) []transport.Event {
	dst = append(dst, d.events...)
	d.events = d.events[:0]
	return dst
}
func (d *doorway) Send(p transport.PeerID, _ uint8, b []byte) {
	d.sent[p] = append(d.sent[p], append([]byte(nil), b...))
}
func (d *doorway) Disconnect(p transport.PeerID, _ bool)      { d.disconnected[p] = true }
func (d *doorway) Stats(transport.PeerID) transport.PeerStats { return transport.PeerStats{} }
func (d *doorway) Addr() string                               { return "doorway" }
func (d *doorway) Close() error                               { return nil }
func (d *doorway) connect(p transport.PeerID, from string) {
	d.events = append(d.events, transport.Event{Kind: transport.EventConnect, Peer: p, ConnectData: wire.ProtocolVersion, From: from})
}
func (d *doorway) receive(p transport.PeerID, b []byte) {
	d.events = append(d.events, transport.Event{Kind: transport.EventReceive, Peer: p, Channel: wire.ChannelOf(wire.MsgType(b[0])), Data: b})
}

// refusal is the reason of the last Reject the server sent p, or "".
func (d *doorway) refusal(t *testing.T, p transport.PeerID) string {
	for i := len(d.sent[p]) - 1; i >= 0; i-- {
		if typ, _ := wire.TypeOf(d.sent[p][i]); typ == wire.MsgReject {
			r, err := wire.ParseReject(d.sent[p][i])
			require.NoError(t, err)
			return r.Reason
		}
	}
	return ""
}

func guardedServer(t *testing.T, cfg Config) (*Runtime, *doorway) {
	d := newDoorway()
	if cfg.Content == nil {
		cfg = hubConfig(t)
	}
	srv, err := New(cfg, d)
	require.NoError(t, err)
	return srv, d
}

func hello(t *testing.T, name string) []byte {
	b, err := wire.AppendHello(nil, wire.Hello{Name: name})
	require.NoError(t, err)
	return b
}

func TestTheDoor(t *testing.T) {
	t.Run("a connection that never says Hello is refused after two seconds", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, "203.0.113.5")
		for range HelloTimeoutTicks + 2 {
			srv.Step()
		}
		assert.Equal(t, "no Hello within 5 seconds", d.refusal(t, 1))
		assert.True(t, d.disconnected[1])
	})
	t.Run("the fifth connection joining at once from one address is refused, another address is not", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		for p := range transport.PeerID(MaxPendingPerAddr + 1) {
			d.connect(p+1, "203.0.113.5")
		}
		d.connect(99, "198.51.100.7")
		srv.Step()
		for p := range transport.PeerID(MaxPendingPerAddr) {
			assert.Empty(t, d.refusal(t, p+1))
		}
		assert.Contains(t, d.refusal(t, MaxPendingPerAddr+1), "still joining: try again in a moment")
		assert.Empty(t, d.refusal(t, 99))
	})
	t.Run("no more than MaxPending join at once in all", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		for p := range transport.PeerID(MaxPending + 1) {
			d.connect(p+1, "10.0.0."+string(rune('0'+p%10))+string(rune('0'+p/10)))
		}
		srv.Step()
		assert.Equal(t, "too many players are joining at once: try again in a moment", d.refusal(t, MaxPending+1))
		assert.Empty(t, d.refusal(t, MaxPending))
	})
	t.Run("a flood of control messages is dropped and counted, and the flooder disconnected with the reason", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, "203.0.113.5")
		d.receive(1, hello(t, "flooder"))
		srv.Step()
		srv.Step()
		for range abuseDrops + controlBurst {
			d.receive(1, []byte{byte(wire.MsgUpgradeChoice), 0})
		}
		srv.Step()
		assert.GreaterOrEqual(t, srv.Counters().RateLimited, abuseDrops)
		assert.Equal(t, 1, srv.Counters().Kicked)
		assert.Equal(t, "your game sent far more than a game sends: disconnected", d.refusal(t, 1))
		assert.True(t, d.disconnected[1])
	})
	t.Run("a peer sending garbage is disconnected with the reason", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, "203.0.113.5")
		srv.Step()
		for i := range abuseGarbage {
			d.receive(1, []byte{byte(wire.MsgInput), 3, 1, 2}) // an input cut short, under the allowance
			if i%4 == 3 {
				srv.Step()
			}
		}
		srv.Step()
		assert.Equal(t, abuseGarbage, srv.Counters().Garbage)
		assert.Contains(t, d.refusal(t, 1), "cannot read")
	})
	t.Run("a packet too long for any message is garbage, counted by its size", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, "203.0.113.5")
		srv.Step()
		for range 5 {
			// What the transport says of a packet past MaxIncoming: its size, not its bytes.
			d.events = append(d.events, transport.Event{Kind: transport.EventOversized, Peer: 1, Channel: wire.ChanInput, Size: wire.MaxClientMessage + 1})
		}
		srv.Step()
		assert.Equal(t, 5, srv.Counters().Garbage)
		assert.EqualValues(t, 5*(wire.MaxClientMessage+1), srv.Counters().BytesIn, "their size counts as bytes in")
		assert.False(t, d.disconnected[1], "five are not yet abuse")
	})
	t.Run("long packets past the byte allowance are dropped and counted by their size, and their sender disconnected", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.connect(1, "203.0.113.5")
		srv.Step()
		for range abuseDrops + 2 {
			d.events = append(d.events, transport.Event{Kind: transport.EventOversized, Peer: 1, Channel: wire.ChanEvents, Size: 24 << 10})
		}
		srv.Step()
		assert.GreaterOrEqual(t, srv.Counters().RateLimited, abuseDrops)
		assert.Equal(t, "your game sent far more than a game sends: disconnected", d.refusal(t, 1))
		assert.True(t, d.disconnected[1])
	})
	t.Run("a welcomed peer silent past the idle limit is disconnected in words, its character left as a body", func(t *testing.T) {
		c := content(t)
		lp := joinLocal(t, Config{Content: c, Map: walledRoomMap(), Seed: 5, IdleTimeoutTicks: 3 * game.TickRate})
		for range 3*game.TickRate + 2 {
			lp.step(t)
		}
		assert.Equal(t, 1, lp.srv.Counters().Kicked)
		assert.Equal(t, 1, lp.srv.Counters().Linkdead, "a body, as after any disconnect")
		assert.Contains(t, lp.order, wire.MsgReject)
	})
	t.Run("a player sending input is never idle", func(t *testing.T) {
		c := content(t)
		lp := joinLocal(t, Config{Content: c, Map: walledRoomMap(), Seed: 5, IdleTimeoutTicks: game.TickRate})
		for range 3 * game.TickRate {
			b := wire.AppendInput(nil, []game.Input{{Tick: lp.srv.Tick() + 2}}, 0)
			lp.cli.Send(wire.ChanInput, b)
			lp.step(t)
		}
		assert.Zero(t, lp.srv.Counters().Kicked)
		assert.Equal(t, 1, lp.srv.Players())
	})
}

func TestPeerSlotsLeaveRoomForHandshakes(t *testing.T) {
	assert.Equal(t, 8+16, PeerSlots(8))
	assert.Equal(t, 64+64, PeerSlots(64))
	assert.Equal(t, DefaultMaxPlayers*2, PeerSlots(0))
}

func walledRoomMap() *game.Map {
	return &game.Map{Name: "room", Grid: walledRoom(20, 12), PlayerSpawns: []game.Vec{game.TileCenter(5, 5)}}
}
