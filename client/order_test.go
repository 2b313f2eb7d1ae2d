package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// orderClient is a client on an in-memory link whose server side the test
// writes by hand, in whatever order it likes.
func orderClient(t *testing.T) (*Runtime, *transport.LocalServer) {
	t.Helper()
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "orderly"})
	rt.Frame(Intent{}) // connect: the client says Hello
	return rt, srv
}

func enterInstance(t *testing.T, epoch uint16, tick uint32) []byte {
	t.Helper()
	b, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: epoch, Epoch: epoch,
		Dungeon: game.HubDungeon, MapW: 30, MapH: 30, ServerTick: tick})
	require.NoError(t, err)
	return b
}

func snapshotAt(epoch uint16, tick uint32, x float32) []byte {
	return wire.AppendSnapshot(nil, &wire.Snapshot{Epoch: epoch, Tick: tick,
		Players: []game.PlayerState{{ID: 1, X: x, Y: 300, HP: 100, MaxHP: 100}}})
}

// No message order crashes a client: a Welcome alone, a Welcome followed
// by frames of nothing before the instance, events and snapshots before
// any instance.
func TestNoMessageOrderCrashesTheClient(t *testing.T) {
	spawn := game.MakeBulletSpawn(5, 10, 100, 100, 0, 3, 0, 0, 4, 120, 0, game.TeamEnemy)
	var enc wire.EventEncoder
	enc.Begin(nil, 1, 10)
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletSpawn, Bullet: spawn}))
	events := append([]byte(nil), enc.Bytes()...)
	welcome := wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 500})
	cases := []struct {
		name   string
		before [][]byte // sent, then 20 frames pass, before the instance
	}{
		{"a server that sends only Welcome", [][]byte{welcome}},
		{"events before any instance", [][]byte{welcome, events}},
		{"a snapshot before any instance", [][]byte{welcome, snapshotAt(1, 500, 300)}},
	}
	for _, tc := range cases {
		t.Run(tc.name+" does not crash it", func(t *testing.T) {
			rt, srv := orderClient(t)
			for _, b := range tc.before {
				t, _ := wire.TypeOf(b)
				srv.Send(transport.LocalPeer, wire.ChannelOf(t), b)
			}
			for range 20 {
				rt.Frame(Intent{MoveX: 1})
			}
			require.Equal(t, StateJoining, rt.State())
			srv.Send(transport.LocalPeer, wire.ChanControl, enterInstance(t, 1, 510))
			srv.Send(transport.LocalPeer, wire.ChanSnapshot, snapshotAt(1, 510, 300))
			for range 20 {
				rt.Frame(Intent{MoveX: 1})
			}
			require.Equal(t, StatePlaying, rt.State())
		})
	}
}

// Snapshots and events travel on channels unordered against EnterInstance:
// a late packet of the world left behind is dropped, and one of the world
// entered that overtook its EnterInstance waits for it.
func TestPacketsOfAnotherInstanceAreDroppedOrHeld(t *testing.T) {
	rt, srv := orderClient(t)
	srv.Send(transport.LocalPeer, wire.ChanControl, wire.AppendWelcome(nil, wire.Welcome{PeerID: 1}))
	srv.Send(transport.LocalPeer, wire.ChanControl, enterInstance(t, 1, 900))
	srv.Send(transport.LocalPeer, wire.ChanSnapshot, snapshotAt(1, 900, 300))
	rt.Frame(Intent{})
	require.Equal(t, StatePlaying, rt.State())

	// The player takes a portal: the new world's bullet overtakes its
	// EnterInstance, and an old world's snapshot arrives after it.
	spawn := game.MakeBulletSpawn(7, 15, 200, 200, 0, 2, 0, 0, 4, 300, 0, game.TeamEnemy)
	var enc wire.EventEncoder
	enc.Begin(nil, 2, 12)
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletSpawn, Bullet: spawn}))
	srv.Send(transport.LocalPeer, wire.ChanEvents, enc.Bytes())
	rt.Frame(Intent{})
	require.Zero(t, rt.Bullets().Len(), "the bullet waits for its world")

	srv.Send(transport.LocalPeer, wire.ChanControl, enterInstance(t, 2, 10))
	srv.Send(transport.LocalPeer, wire.ChanSnapshot, snapshotAt(1, 903, 5000)) // the old world, late
	srv.Send(transport.LocalPeer, wire.ChanSnapshot, snapshotAt(2, 12, 300))
	for range 10 {
		rt.Frame(Intent{})
	}
	self, ok := rt.Self()
	require.True(t, ok)
	require.InDelta(t, 300, self.Pos.X, 1, "the old world's snapshot did not place the ship")
	require.Equal(t, 1, rt.Bullets().Len(), "the held bullet flies in the new world")
	st := rt.Stats()
	require.Equal(t, 2, st.OtherEpoch, "one early event packet and one late snapshot")
	require.Zero(t, st.Corrections)
}
