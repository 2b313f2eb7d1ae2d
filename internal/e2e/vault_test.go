package e2e

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/server"
)

// Bots of every class clear the Star Vault's first floor, each alone on
// its own server that sends it straight in (Config.Enter, the --enter
// flag): the floor to its boss, the Orrery, and out by the exit, within
// the budget, with the content as it ships (docs/CONTENT.md, "The Star
// Vault").
func TestBotsOfEveryClassClearTheStarVault(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a dungeon per class")
	}
	content, err := levels.LoadContent()
	require.NoError(t, err)
	clearFloorOneByEveryClass(t, content, "star_vault", "the Star Vault", 71, 300)
}

// Bots of every class clear the first floor of every dungeon kind, each
// alone: what docs/CONTENT.md's "Every class alone" table gives. It is a
// measurement of a few minutes, run by DUSKFALL_MEASURE=1 (make test runs
// the Proving Grounds' and the Star Vault's tests instead).
func TestBotsOfEveryClassClearEveryDungeon(t *testing.T) {
	if os.Getenv("DUSKFALL_MEASURE") == "" {
		t.Skip("a measurement: DUSKFALL_MEASURE=1")
	}
	content, err := levels.LoadContent()
	require.NoError(t, err)
	for _, d := range content.Dungeons {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			clearFloorOneByEveryClass(t, content, d.ID, d.Name, 71, 300)
		})
	}
}

// clearFloorOneByEveryClass runs a bot of each class alone on its own
// server that sends it straight into kind (Config.Enter, the --enter
// flag; "" leaves it to walk from the hub), and holds that each clears
// the first floor and leaves by the exit within budget seconds of game
// time.
func clearFloorOneByEveryClass(t *testing.T, content *game.Content, kind, name string, seed uint64, budget int) {
	type run struct {
		class string
		srv   *server.Runtime
		rt    *client.Runtime
		bot   *bots.Bot
		done  bool
		ticks int
	}
	runs := make([]*run, len(content.Classes))
	for i, cl := range content.Classes {
		srv, addr := newServer(t, "hub", server.Config{Seed: seed + uint64(i), Content: content, Enter: kind})
		t.Cleanup(func() { srv.Shutdown("test over") })
		who := "solo-" + cl.ID
		rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: who, Class: cl.ID})
		require.NoError(t, err)
		t.Cleanup(rt.Close)
		bot, err := bots.NewBot(rt, who, bots.ScriptDungeon, uint64(i+1))
		require.NoError(t, err)
		runs[i] = &run{class: cl.ID, srv: srv, rt: rt, bot: bot}
	}
	left := len(runs)
	for frame := 0; frame < budget*game.TickRate && left > 0; frame++ {
		for _, r := range runs {
			if r.done {
				continue
			}
			r.bot.Frame()
			r.srv.Step()
			r.ticks++
			if frame%game.TickRate == 0 {
				if rep := r.bot.Report(); rep.DungeonsCleared > 0 || r.rt.State() == client.StateFailed {
					r.done = true
					left--
				}
			}
		}
		time.Sleep(time.Second / game.TickRate / 2)
	}
	for _, r := range runs {
		t.Run("the "+r.class+" bot clears "+name+"'s first floor and leaves by the exit", func(t *testing.T) {
			rep := r.bot.Report()
			t.Logf("%s: level %d, %d deaths, %d abilities used, %d s of game time, %d dungeons entered",
				r.class, rep.Level, rep.Deaths, rep.AbilitiesUsed, r.ticks/game.TickRate, rep.DungeonsEntered)
			require.Empty(t, rep.Error)
			assert.Equal(t, r.class, rep.Class)
			assert.Equal(t, 1, rep.DungeonsCleared, "%s fell", name)
		})
	}
}
