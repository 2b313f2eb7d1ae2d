package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// A hostile or broken server cannot crash a client: every packet that does
// not decode, or comes on the wrong channel, is dropped and counted.
func TestGarbageFromTheServerIsDroppedAndCounted(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "victim"})
	var inbox []transport.Event
	inbox = srv.Poll(inbox)
	rt.Receive() // connect: the client says Hello
	welcome := wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 10})
	enter, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 1, Dungeon: game.HubDungeon, MapW: 20, MapH: 20, ServerTick: 10})
	require.NoError(t, err)
	srv.Send(transport.LocalPeer, wire.ChanControl, welcome)
	srv.Send(transport.LocalPeer, wire.ChanControl, enter)
	rt.Receive()
	require.Equal(t, StatePlaying, rt.State())

	garbage := [][]byte{
		{}, {0xff}, {0x00, 0x01},
		{byte(wire.MsgSnapshot), 1, 2},                             // a snapshot cut short
		{byte(wire.MsgEvents), 0, 0, 0, 0, 0, 0, 0x3D, 9},          // a compact spawn from nothing
		{byte(wire.MsgEvents), 0, 0, 0, 0, 0, 0, 0x07, 0, 0, 0, 0}, // an unknown event kind
		{byte(wire.MsgMapChunk), 0, 0},                             // a chunk with no tiles
		{byte(wire.MsgInput), 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},     // a client message from the server
	}
	sent := 0
	for ch := range uint8(wire.NumChannels) {
		for _, g := range garbage {
			srv.Send(transport.LocalPeer, ch, g)
			sent++
		}
	}
	rt.Receive()
	require.Equal(t, sent, rt.Stats().Garbage)
	require.Equal(t, StatePlaying, rt.State(), "the client is still playing")
	require.NoError(t, rt.Err())
}

// The server sends no hit event for enemies; the client flashes the enemy
// nearest a player bullet that despawned on a hit.
func TestAStrikingBulletFlashesTheEnemyItHit(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "gunner"})
	rt.Receive()
	enter, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 1, Dungeon: game.HubDungeon, MapW: 20, MapH: 20, ServerTick: 10})
	require.NoError(t, err)
	srv.Send(transport.LocalPeer, wire.ChanControl, wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 10}))
	srv.Send(transport.LocalPeer, wire.ChanControl, enter)
	snap := wire.Snapshot{Tick: 10, LastInputTick: 0,
		Players: []game.PlayerState{{ID: 1, X: 300, Y: 300, HP: 100, MaxHP: 100}},
		Enemies: []game.EnemyState{{ID: 7, Kind: 0, X: 100, Y: 100, HP: 10, MaxHP: 20}, {ID: 8, X: 500, Y: 500, HP: 10, MaxHP: 20}}}
	srv.Send(transport.LocalPeer, wire.ChanSnapshot, wire.AppendSnapshot(nil, &snap))
	rt.Receive()
	require.Len(t, rt.Enemies(), 2)

	shot := game.MakeBulletSpawn(40, 10, 110, 100, 0, 4, 0, 0, 4, 60, 0, game.TeamPlayer)
	var enc wire.EventEncoder
	enc.Begin(nil, 0, 10)
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletSpawn, Bullet: shot}))
	require.NoError(t, enc.Add(&game.Event{Kind: game.EvBulletDespawn, Bullet: game.BulletSpawn{UID: 40}, Reason: game.DespawnHit}))
	srv.Send(transport.LocalPeer, wire.ChanEvents, enc.Bytes())
	rt.Receive()

	var hit []uint16
	var mark game.Event
	rt.RecentHits(6, func(h HitMark) { hit, mark = append(hit, h.Event.ID), h.Event })
	require.Equal(t, []uint16{7}, hit, "the enemy next to the bullet flashes, the far one does not")
	require.InDelta(t, 110, mark.X, 8, "the mark says where the shot struck, for its sparks")
	require.InDelta(t, 100, mark.Y, 1e-3)
	require.Greater(t, mark.Bullet.VX, float32(0), "and which way it flew")
	require.Zero(t, rt.Bullets().Len(), "and the bullet is gone")
}

// Prediction moves the ship with the content's player, the numbers the
// server of this build loads, not a copy of them.
func TestTheRuntimePredictsWithTheContentsPlayer(t *testing.T) {
	content := builtin(t)
	_, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "mover"})
	require.Equal(t, content.Player, rt.PlayerStats())
}
