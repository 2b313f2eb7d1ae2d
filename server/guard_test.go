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
	d.events = append(d.events, transport.Event{Kind: transport.EventConnect, Peer: p, ConnectData: wire.ProtocolVersion, From: from, Channels: wire.NumChannels})
}
func (d *doorway) receive(p transport.PeerID, b []byte) {
	d.events = append(d.events, transport.Event{Kind: transport.EventReceive, Peer: p, Channel: wire.ChannelOf(wire.MsgType(b[0])), Data: b})
}

// wait is the reason and the wait of the last TryAgain the server sent p,
// or "".
func (d *doorway) wait(t *testing.T, p transport.PeerID) (string, uint16) {
	for i := len(d.sent[p]) - 1; i >= 0; i-- {
		if typ, _ := wire.TypeOf(d.sent[p][i]); typ == wire.MsgTryAgain {
			m, err := wire.ParseTryAgain(d.sent[p][i])
			require.NoError(t, err)
			return m.Reason, m.Retry
		}
	}
	return "", 0
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
	b, err := wire.AppendHello(nil, wire.Hello{Content: builtinHash, Name: name})
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
		why, retry := d.wait(t, MaxPendingPerAddr+1)
		assert.Equal(t, "4 connections from your address are still joining", why)
		assert.EqualValues(t, 500, retry, "told to try again in half a second")
		assert.Empty(t, d.refusal(t, MaxPendingPerAddr+1), "not refused for good")
		assert.True(t, d.disconnected[MaxPendingPerAddr+1])
		assert.Empty(t, d.refusal(t, 99))
		assert.Equal(t, 1, srv.Counters().Deferred)
	})
	t.Run("no more than MaxPending join at once in all", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		for p := range transport.PeerID(MaxPending + 1) {
			d.connect(p+1, "10.0.0."+string(rune('0'+p%10))+string(rune('0'+p/10)))
		}
		srv.Step()
		why, _ := d.wait(t, MaxPending+1)
		assert.Equal(t, "too many players are joining at once", why)
		why, _ = d.wait(t, MaxPending)
		assert.Empty(t, why)
	})
	t.Run("a connection with fewer channels than the protocol uses is refused in words", func(t *testing.T) {
		srv, d := guardedServer(t, Config{})
		d.events = append(d.events, transport.Event{Kind: transport.EventConnect, Peer: 1, ConnectData: wire.ProtocolVersion,
			From: "203.0.113.5", Channels: wire.NumChannels - 1})
		srv.Step()
		assert.Equal(t, "your game opened 3 channels; Duskfall needs 4", d.refusal(t, 1))
		assert.True(t, d.disconnected[1])
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

// Peers that only say they are still choosing hold their seats no longer
// than the roster allowance: six such peers filled a six-player server for
// good before it.
func TestTheRosterAllowanceFreesSeatsHeldByPeersThatNeverPlay(t *testing.T) {
	cfg := hubConfig(t)
	cfg.MaxPlayers = 6
	srv, d := guardedServer(t, cfg)
	stay, err := wire.AppendCharacterCommand(nil, wire.CharacterCommand{Op: wire.OpStay})
	require.NoError(t, err)
	for p := range transport.PeerID(6) {
		d.connect(p+1, "203.0.113.5")
		d.receive(p+1, hello(t, "holder"+string(rune('a'+p))))
		srv.Step()
		srv.Step() // the claim's answer
	}
	require.Equal(t, 6, srv.seated(), "six peers sit on the roster")
	for tick := 0; tick <= RosterAllowanceTicks; tick++ {
		if tick%(4*game.TickRate) == 0 {
			for p := range transport.PeerID(6) {
				d.receive(p+1, stay)
			}
		}
		srv.Step()
		if tick == RosterAllowanceTicks-game.TickRate {
			assert.Equal(t, 6, srv.seated(), "still seated a second before the allowance ends")
		}
	}
	for p := range transport.PeerID(6) {
		assert.Equal(t, "you stayed on the character list for 60 seconds without choosing: disconnected to free the seat",
			d.refusal(t, p+1))
		assert.True(t, d.disconnected[p+1])
	}
	assert.Zero(t, srv.seated())
	d.connect(7, "198.51.100.7")
	d.receive(7, hello(t, "newcomer"))
	srv.Step()
	srv.Step()
	assert.Empty(t, d.refusal(t, 7), "a seat is free for a player")
	assert.Equal(t, 1, srv.seated())
}
