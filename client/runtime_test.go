package client

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

// A hostile or broken server cannot crash a client: every packet that does
// not decode, or comes on the wrong channel, is dropped and counted.
func TestGarbageFromTheServerIsDroppedAndCounted(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion)
	rt := New(cli, Config{Name: "victim"})
	var inbox []transport.Event
	inbox = srv.Poll(inbox)
	rt.Receive() // connect: the client says Hello
	welcome := wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 10})
	enter, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 1, Dungeon: wire.DungeonNone, MapW: 20, MapH: 20, ServerTick: 10})
	require.NoError(t, err)
	srv.Send(transport.LocalPeer, wire.ChanControl, welcome)
	srv.Send(transport.LocalPeer, wire.ChanControl, enter)
	rt.Receive()
	require.Equal(t, StatePlaying, rt.State())

	garbage := [][]byte{
		{}, {0xff}, {0x00, 0x01},
		{byte(wire.MsgSnapshot), 1, 2},                         // a snapshot cut short
		{byte(wire.MsgEvents), 0, 0, 0, 0, 0x3D, 9},            // a compact spawn from nothing
		{byte(wire.MsgEvents), 0, 0, 0, 0, 0x07, 0, 0, 0, 0},   // an unknown event kind
		{byte(wire.MsgMapChunk), 0, 0},                         // a chunk with no tiles
		{byte(wire.MsgInput), 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // a client message from the server
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
