package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server"
	"duskfall/server/store"
)

// storedServer is a real server on loopback ENet keeping its characters in
// dir, started in the hub.
func storedServer(t *testing.T, dir string) (*server.Runtime, string) {
	t.Helper()
	return storedServerWith(t, dir, transport.Config{}, nil)
}

// storedServerWith is storedServer with its transport's settings (the
// channel table is filled in) and a last say on its config.
func storedServerWith(t *testing.T, dir string, net transport.Config, edit func(*server.Config)) (*server.Runtime, string) {
	t.Helper()
	srv, tr := serverOn(t, "127.0.0.1:0", dir, net, edit)
	return srv, tr.Addr()
}

// serverOn is a real server on loopback ENet at addr (port 0 picks one),
// started in the hub, keeping its characters in dir, with its transport's
// settings (the channel table is filled in) and a last say on its config;
// it returns the transport too.
func serverOn(t *testing.T, addr, dir string, net transport.Config, edit func(*server.Config)) (*server.Runtime, *transport.ENetServer) {
	t.Helper()
	content, err := levels.LoadContent()
	require.NoError(t, err)
	hub, err := levels.LoadMap("hub", content)
	require.NoError(t, err)
	st, err := server.OpenStore(dir)
	require.NoError(t, err)
	net.Reliable = wire.ReliableChannels()
	net.Unordered = wire.UnorderedChannels()
	tr, err := transport.ListenENet(addr, net)
	require.NoError(t, err)
	cfg := server.Config{Content: content, Map: hub, Seed: 3, Store: st}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := server.New(cfg, tr)
	require.NoError(t, err)
	return srv, tr
}

// play runs the clients and the server in step until done says so or 5 s
// of game time pass.
func play(srv *server.Runtime, done func() bool, clients ...*client.Runtime) {
	for range 5 * game.TickRate {
		for _, c := range clients {
			c.Frame(client.Intent{})
		}
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
		if done() {
			return
		}
	}
}

func dialAs(t *testing.T, addr, name string, token byte) *client.Runtime {
	t.Helper()
	var tok [16]byte
	for i := range tok {
		tok[i] = token
	}
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: name, Token: tok})
	require.NoError(t, err)
	t.Cleanup(rt.Close)
	return rt
}

func TestAccounts(t *testing.T) {
	dir := t.TempDir()
	srv, addr := storedServer(t, dir)
	owner := dialAs(t, addr, "Ava", 1)
	play(srv, func() bool { return owner.State() == client.StatePlaying }, owner)
	require.Equal(t, client.StatePlaying, owner.State())

	t.Run("a second session of a playing account is refused, the newcomer not the incumbent", func(t *testing.T) {
		twin := dialAs(t, addr, "Ava", 1)
		play(srv, func() bool { return twin.State() == client.StateFailed }, owner, twin)
		require.Equal(t, client.StateFailed, twin.State())
		require.ErrorContains(t, twin.Err(), "already playing")
		require.Equal(t, client.StatePlaying, owner.State())
		// Told to try again, in case the incumbent was a game just killed;
		// again if the incumbent's input had not been heard for two ticks
		// when the retry came, which a busy machine makes happen.
		assert.GreaterOrEqual(t, twin.Stats().JoinRetries, 1, "told to try again before the refusal")
	})
	t.Run("the same account in other letters is the same session", func(t *testing.T) {
		twin := dialAs(t, addr, "AVA", 1)
		play(srv, func() bool { return twin.State() == client.StateFailed }, owner, twin)
		require.Equal(t, client.StateFailed, twin.State())
		require.ErrorContains(t, twin.Err(), "already playing")
	})
	t.Run("another player's token is refused with its reason", func(t *testing.T) {
		thief := dialAs(t, addr, "ava", 2) // names are compared without regard to case
		play(srv, func() bool { return thief.State() == client.StateFailed }, owner, thief)
		require.Equal(t, client.StateFailed, thief.State())
		require.ErrorContains(t, thief.Err(), "that name belongs to another player")
	})

	// Ava is hurt, then the server stops and starts again on the same data.
	w := srv.World(owner.PlayerID())
	require.NotNil(t, w)
	require.True(t, w.SetPlayerHealth(owner.PlayerID(), 37))
	srv.Shutdown("the server is restarting")
	play(srv, func() bool { return owner.State() == client.StateFailed }, owner)

	st, err := store.Open(dir + "/" + server.DataFile)
	require.NoError(t, err)
	chars, err := st.Characters("Ava")
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.Len(t, chars, 1, "the first join made a character from the name")
	require.Equal(t, "Ava", chars[0].Name)
	require.Equal(t, 37, chars[0].Health)
	require.Equal(t, 1, chars[0].Level)
	require.Equal(t, store.PlaceHub, chars[0].Where.Kind)

	t.Run("after a restart the same name with its own token gets its character back", func(t *testing.T) {
		srv2, addr2 := storedServer(t, dir)
		defer srv2.Shutdown("test over")
		back := dialAs(t, addr2, "Ava", 1)
		play(srv2, func() bool { return back.State() == client.StatePlaying }, back)
		require.Equal(t, client.StatePlaying, back.State())
		st, ok := srv2.World(back.PlayerID()).PlayerState(back.PlayerID())
		require.True(t, ok)
		require.Equal(t, int16(37), st.HP, "with the health it left with")
	})
}

// A game that crashes and comes back at once takes its seat again as soon
// as the old connection's body has left, instead of being refused as a
// second session until the transport notices the dead connection.
func TestACrashedGameComesBackAtOnce(t *testing.T) {
	t.Parallel()
	srv, addr := storedServer(t, t.TempDir())
	defer srv.Shutdown("test over")
	crashed := dialAs(t, addr, "Ava", 1)
	play(srv, func() bool { return crashed.State() == client.StatePlaying }, crashed)
	require.Equal(t, client.StatePlaying, crashed.State())
	// The game freezes: it sends nothing more and never says goodbye.
	for range game.TickRate + game.TickRate/2 {
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
	}
	back := dialAs(t, addr, "Ava", 1)
	play(srv, func() bool { return back.State() == client.StatePlaying || back.State() == client.StateFailed }, back)
	require.Equal(t, client.StatePlaying, back.State(), "%v", back.Err())
	assert.Equal(t, 1, srv.Counters().Kicked, "the frozen connection was replaced")
}
