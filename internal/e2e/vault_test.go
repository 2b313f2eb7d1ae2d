package e2e

import (
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
		srv, addr := newServer(t, "hub", server.Config{Seed: uint64(71 + i), Content: content, Enter: "star_vault"})
		t.Cleanup(func() { srv.Shutdown("test over") })
		name := "vault-" + cl.ID
		rt, err := client.Dial(addr, client.Config{Content: builtinContent, Name: name, Class: cl.ID})
		require.NoError(t, err)
		t.Cleanup(rt.Close)
		bot, err := bots.NewBot(rt, name, bots.ScriptDungeon, uint64(i+1))
		require.NoError(t, err)
		runs[i] = &run{class: cl.ID, srv: srv, rt: rt, bot: bot}
	}
	left := len(runs)
	for frame := 0; frame < 300*game.TickRate && left > 0; frame++ {
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
		t.Run("a "+r.class+" clears the Star Vault's first floor and leaves by the exit", func(t *testing.T) {
			rep := r.bot.Report()
			t.Logf("%s: level %d, %d deaths, %d abilities used, %d s of game time, %d dungeons entered",
				r.class, rep.Level, rep.Deaths, rep.AbilitiesUsed, r.ticks/game.TickRate, rep.DungeonsEntered)
			require.Empty(t, rep.Error)
			assert.Equal(t, 1, rep.DungeonsCleared, "the Star Vault fell")
		})
	}
}
