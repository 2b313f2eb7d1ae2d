package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/server"
)

// hubServer is a server on loopback ENet that the test steps itself, so it
// can place players between ticks.
func hubServer(t *testing.T) (*server.Runtime, string) {
	t.Helper()
	srv, addr := newServer(t, "hub", server.Config{Seed: 21})
	t.Cleanup(func() { srv.Shutdown("test over") })
	return srv, addr
}

// frames runs n frames of every client and the server, 60 a second.
func frames(srv *server.Runtime, clients []*client.Runtime, intents []client.Intent, n int) {
	for range n {
		for i, c := range clients {
			c.SendInput(intents[i])
		}
		srv.Step()
		time.Sleep(time.Second / game.TickRate)
		for _, c := range clients {
			c.Receive()
		}
	}
}

func TestFriendsWhoTakeTheSamePortalMeetAndOthersDoNot(t *testing.T) {
	srv, addr := hubServer(t)
	names := []string{"ann", "bo", "cy"}
	clients := make([]*client.Runtime, 3)
	for i, n := range names {
		c, err := client.Dial(addr, client.Config{Name: n})
		require.NoError(t, err)
		t.Cleanup(c.Close)
		clients[i] = c
	}
	idle := make([]client.Intent, 3)
	for range 300 {
		frames(srv, clients, idle, 1)
		if clients[0].State() == client.StatePlaying && clients[1].State() == client.StatePlaying &&
			clients[2].State() == client.StatePlaying && srv.Players() == 3 {
			break
		}
	}
	require.Equal(t, 3, srv.Players())
	hubID, _ := clients[0].Instance()
	frames(srv, clients, idle, 30)

	// Ann and Bo stand on the first portal, Cy on the second, and all press
	// INTERACT. Nothing in what they send names a portal or a dungeon.
	w := srv.World(clients[0].PlayerID())
	portals := w.Portals()
	require.GreaterOrEqual(t, len(portals), 2)
	for i, c := range clients {
		require.True(t, w.Teleport(c.PlayerID(), portals[i/2].Pos))
	}
	press := []client.Intent{{Interact: true}, {Interact: true}, {Interact: true}}
	frames(srv, clients, press, 20)
	frames(srv, clients, idle, 120)

	ann, _ := clients[0].Instance()
	bo, _ := clients[1].Instance()
	cy, _ := clients[2].Instance()
	t.Logf("hub %d ann %d bo %d cy %d", hubID, ann, bo, cy)
	require.NotEqual(t, hubID, ann, "Ann left the hub")
	require.Equal(t, ann, bo, "Ann and Bo took the same portal and met")
	require.NotEqual(t, ann, cy, "Cy took another portal")
	require.Equal(t, 3, srv.Instances(), "the hub and two dungeons are open")

	frames(srv, clients, idle, 120)
	require.Equal(t, 1, clients[0].OthersSeen(), "Ann sees Bo")
	require.Equal(t, 1, clients[1].OthersSeen(), "Bo sees Ann")
	require.Zero(t, clients[2].OthersSeen(), "Cy receives nothing of their instance")
	for _, c := range clients {
		require.NoError(t, c.Err())
		require.Zero(t, c.Stats().Garbage)
	}

	// Cy leaves the game: nobody is in Cy's dungeon, so it closes.
	clients[2].Close()
	frames(srv, clients[:2], idle[:2], 120)
	require.Equal(t, 2, srv.Instances(), "an empty dungeon closes")
}

// The dungeon script plays a whole run: from the hub through a portal,
// across the Proving Grounds to its boss, down the way it opens to the
// second floor, across that to its boss, and out by the exit.
func TestADungeonBotDescendsAFloorAndComesBack(t *testing.T) {
	if testing.Short() {
		t.Skip("two floors of play")
	}
	srv, addr := hubServer(t)
	rt, err := client.Dial(addr, client.Config{Name: "delver"})
	require.NoError(t, err)
	defer rt.Close()
	bot, err := bots.NewBot(rt, "delver", bots.ScriptDungeon, 3)
	require.NoError(t, err)
	bot.Descend = 1
	var rep bots.Report
	for frame := 0; frame < 300*game.TickRate; frame++ {
		bot.Frame()
		srv.Step()
		time.Sleep(time.Second / game.TickRate / 2)
		if frame%game.TickRate == 0 {
			if rep = bot.Report(); rep.DungeonsCleared > 0 || rt.State() == client.StateFailed {
				break
			}
		}
	}
	rep = bot.Report()
	t.Logf("%+v", rep)
	require.Empty(t, rep.Error)
	require.Equal(t, 2, rep.DungeonsEntered, "the bot took a portal, then the way down")
	require.Equal(t, 1, rep.Descents, "it went down once")
	require.Equal(t, 2, rep.Deepest, "to the second floor")
	require.Equal(t, 1, rep.DungeonsCleared, "and came back through the exit")
	require.Equal(t, 1, srv.Instances(), "the cleared dungeon closed behind it")
}
