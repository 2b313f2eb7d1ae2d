package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/server"
)

// playWith runs one client with an intent and the server in step until
// done says so or limit ticks pass.
func playWith(srv *server.Runtime, rt *client.Runtime, in func() client.Intent, done func() bool, limit int) {
	for range limit {
		rt.Frame(in())
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
		if done() {
			return
		}
	}
}

// A player with the window's policy, over real ENet and a real store: a
// first join plays at once; a death in a dungeon brings the roster back
// with the words and the lockout; the character plays again in the hub,
// and a portal refuses it, in words, until the lockout is over.
func TestDeathReturnsThePlayerToTheRoster(t *testing.T) {
	t.Parallel()
	srv, addr := storedServer(t, t.TempDir())
	defer srv.Shutdown("test over")
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "Bo", Token: [16]byte{9}, Roster: client.RosterAsk})
	require.NoError(t, err)
	defer rt.Close()
	idle := func() client.Intent { return client.Intent{} }
	playWith(srv, rt, idle, func() bool { return rt.State() == client.StatePlaying }, 5*game.TickRate)
	require.Equal(t, client.StatePlaying, rt.State(), "a first join plays at once: %v", rt.Err())
	id := rt.PlayerID()

	// Through the hub's first portal, then left at 1 health on the enemies.
	hub := srv.World(id)
	portal := hub.Portals()[0].Pos
	interact := func() client.Intent {
		if w := srv.World(id); w == hub {
			w.Teleport(id, portal)
		}
		return client.Intent{Interact: true}
	}
	inDungeon := func() bool { _, d := rt.Instance(); return d != game.HubDungeon }
	playWith(srv, rt, interact, inDungeon, 5*game.TickRate)
	require.True(t, inDungeon(), "through the portal")
	doomed := func() client.Intent {
		if w := srv.World(id); w != nil && w != hub {
			w.SetPlayerHealth(id, 1)
			w.EachEnemy(func(_ game.EnemyState, at game.Vec) { w.Teleport(id, at) })
		}
		return client.Intent{}
	}
	playWith(srv, rt, doomed, func() bool { return rt.State() == client.StateRoster }, 60*game.TickRate)
	require.Equal(t, client.StateRoster, rt.State(), "the death returned the player to the roster")

	ro := rt.Roster()
	assert.Equal(t, wire.CauseDied, ro.Cause)
	assert.Regexp(t, `^Bo fell to .+ in the Proving Grounds\.`, ro.Note, "the note names what killed Bo, and where")
	require.Len(t, ro.Characters, 1)
	assert.Greater(t, ro.LockoutLeft(&ro.Characters[0], ro.At), 9*time.Second)
	assert.Nil(t, rt.Grid(), "the world is left behind")

	require.NoError(t, rt.SelectCharacter(ro.Characters[0].ID))
	playWith(srv, rt, idle, func() bool { return rt.State() == client.StatePlaying }, 5*game.TickRate)
	require.Equal(t, client.StatePlaying, rt.State(), "the character plays again, in the hub")
	_, d := rt.Instance()
	require.Equal(t, uint8(game.HubDungeon), d)

	hub = srv.World(id)
	playWith(srv, rt, interact, func() bool { text, _ := rt.Notice(); return text != "" }, 2*game.TickRate)
	text, _ := rt.Notice()
	assert.Contains(t, text, "Bo cannot enter a dungeon for")
	assert.False(t, inDungeon(), "the lockout keeps the character out")
}
