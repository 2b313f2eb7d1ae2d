package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/transport"
	"duskfall/net/wire"
)

func TestTheSheetsSayWhereTheXPCameFrom(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "ada"})
	s := fakeServer{t: t, srv: srv}
	rt.Receive()
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
	s.enter(1, 16, 16)
	sheets := []wire.Inventory{
		{Level: 1, XP: 40, Next: 100, XPKills: 40},
		{Level: 1, XP: 64, Next: 100, XPKills: 24},
		{Level: 2, XP: 200, Next: 283, Owed: 1, Action: wire.ActionLevelled, XPKills: 36, XPClears: 200},
		{Level: 2, XP: 200, Next: 283, Owed: 1}, // a sheet for another change earns nothing
	}
	for _, m := range sheets {
		b, err := wire.AppendInventory(nil, m)
		require.NoError(t, err)
		s.send(b)
	}
	rt.Receive()
	require.True(t, rt.Sheet().Known, "%v", rt.Err())
	kills, clears := rt.XPEarned()
	assert.Equal(t, 100, kills, "every sheet's kills, summed")
	assert.Equal(t, 200, clears, "and its clears")
	assert.Zero(t, rt.Sheet().XPKills, "the last sheet earned nothing")
}
