package e2e

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/transport"
	"duskfall/net/wire"
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
	t.Parallel()
	srv, addr := hubServer(t)
	names := []string{"ann", "bo", "cy"}
	classes := []string{"sapper", "striker", ""} // Cy's character is made with the content's first
	first := builtinContent.Classes[0].ID
	clients := make([]*client.Runtime, 3)
	for i, n := range names {
		c, err := client.Dial(addr, client.Config{Content: builtinContent, Name: n, Class: classes[i]})
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

	// Each sees the others' ships as their classes: the Roster says which.
	for i, c := range clients {
		for j, other := range clients {
			want := classes[j]
			if want == "" {
				want = first
			}
			cl := c.PlayerClass(other.PlayerID())
			require.NotNil(t, cl, "%s knows %s's class", names[i], names[j])
			assert.Equal(t, want, cl.ID, "%s sees %s's class", names[i], names[j])
		}
	}

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
	t.Parallel()
	if testing.Short() {
		t.Skip("two floors of play")
	}
	// The run's structure is under test, not the bot's dodging: the delver
	// is sturdy enough that a death never sends it back to the first floor.
	content, err := levels.LoadContent()
	require.NoError(t, err)
	sturdy := *content
	sturdy.Player.MaxHP = 3000
	srv, addr := newServer(t, "hub", server.Config{Seed: 21, Content: &sturdy})
	t.Cleanup(func() { srv.Shutdown("test over") })
	rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: "delver"})
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
	require.Zero(t, rep.Deaths)
	require.Equal(t, 2, rep.DungeonsEntered, "the bot took a portal, then the way down")
	require.Equal(t, 1, rep.Descents, "it went down once")
	require.Equal(t, 2, rep.Deepest, "to the second floor")
	require.Equal(t, 1, rep.DungeonsCleared, "and came back through the exit")
	require.Equal(t, 1, srv.Instances(), "the cleared dungeon closed behind it")
}

// A server bound to one address answers there and nowhere else: 127.0.0.2
// stands in for another interface of the machine.
func TestAServerBoundToOneAddressAnswersOnlyThere(t *testing.T) {
	content, err := levels.LoadContent()
	require.NoError(t, err)
	hub, err := levels.LoadMap("hub", content)
	require.NoError(t, err)
	tr, err := transport.ListenENet("127.0.0.1:0", transport.Config{Reliable: wire.ReliableChannels(), Unordered: wire.UnorderedChannels()})
	require.NoError(t, err)
	srv, err := server.New(server.Config{Content: content, Map: hub, Seed: 3}, tr)
	require.NoError(t, err)
	defer srv.Shutdown("test over")
	_, port, _ := net.SplitHostPort(tr.Addr())
	try := func(host string) *client.Runtime {
		rt, err := client.Dial(net.JoinHostPort(host, port), client.Config{Content: builtinContent, Name: "probe" + host[len(host)-1:], HandshakeTimeout: 2 * time.Second})
		require.NoError(t, err)
		t.Cleanup(rt.Close)
		for i := 0; i < 3*game.TickRate && rt.State() != client.StatePlaying && rt.State() != client.StateFailed; i++ {
			srv.Step()
			rt.Frame(client.Intent{})
			time.Sleep(time.Second / game.TickRate)
		}
		return rt
	}
	assert.Equal(t, client.StatePlaying, try("127.0.0.1").State(), "the bound address answers")
	other := try("127.0.0.2")
	assert.Equal(t, client.StateFailed, other.State(), "another address of the machine does not")
	assert.Contains(t, other.Err().Error(), "nothing is listening on port", "the closed port is named in words")
}

// When the server shuts down, bots read why and their run ends at once
// with the report, rather than waiting out its duration.
func TestBotsReportAtOnceWhenTheServerShutsDown(t *testing.T) {
	srv, addr := hubServer(t)
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
				srv.Step()
				time.Sleep(time.Second / game.TickRate)
			}
		}
	}()
	done := make(chan []bots.Report, 1)
	go func() {
		reps, err := bots.RunBots(context.Background(), addr, 2, bots.ScriptWander, "quitter", 10*time.Minute)
		assert.NoError(t, err)
		done <- reps
	}()
	require.Eventually(t, func() bool { return srv.Players() == 2 }, 20*time.Second, 50*time.Millisecond)
	close(stop)
	time.Sleep(50 * time.Millisecond) // the stepping goroutine has stopped
	srv.Shutdown("the server is shutting down")
	var reps []bots.Report
	select {
	case reps = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the bots kept running after the server shut down")
	}
	require.Len(t, reps, 2)
	for _, r := range reps {
		assert.True(t, r.Connected)
		assert.Equal(t, "the server is shutting down", r.Error)
	}
}

// Bots of every class clear the Proving Grounds, each alone on its own
// server, with the content as it ships: the first floor to its boss and
// out by the exit. Deaths are allowed (a bot goes back in after the
// lockout); the floor must fall within the budget all the same.
func TestBotsOfEveryClassClearTheProvingGrounds(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a dungeon per class")
	}
	content, err := levels.LoadContent()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(content.Classes), 4)
	clearFloorOneByEveryClass(t, content, "", "the Proving Grounds", 31, 240)
}
