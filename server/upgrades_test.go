package server

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// the peer a local player plays through.
func (lp *localPlayer) peer(t *testing.T) *peer {
	t.Helper()
	for _, p := range lp.srv.order {
		if p.player == lp.id {
			return p
		}
	}
	t.Fatal("no peer")
	return nil
}

// earn gives the player's character xp as a kill would.
func (lp *localPlayer) earn(t *testing.T, xp int) {
	t.Helper()
	p := lp.peer(t)
	lp.srv.onXP(p.inst, &game.Event{Kind: game.EvXP, ID: p.player, Amount: int16(xp)})
}

// sheets collects the Inventory messages the player is sent.
func (lp *localPlayer) sheets(t *testing.T) *[]wire.Inventory {
	t.Helper()
	var got []wire.Inventory
	lp.tap = func(b []byte) {
		if typ, _ := wire.TypeOf(b); typ == wire.MsgInventory {
			var m wire.Inventory
			require.NoError(t, wire.DecodeInventory(b, &m))
			got = append(got, m)
		}
	}
	return &got
}

func (lp *localPlayer) choose(t *testing.T, i uint8) {
	t.Helper()
	lp.cli.Send(wire.ChanControl, wire.AppendUpgradeChoice(nil, wire.UpgradeChoice{Index: i}))
	lp.step(t)
}

func (lp *localPlayer) toNPC(t *testing.T) {
	t.Helper()
	m := lp.srv.hub.world.Map()
	require.True(t, m.HasNPC)
	lp.world().Teleport(lp.id, m.NPC.Add(game.Vec{X: game.TileSize}))
}

func TestUpgradeChoices(t *testing.T) {
	levelUp := game.XPToNext(1)
	t.Run("a choice with none owed is refused in words", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		lp.toNPC(t)
		lp.choose(t, 0)
		assert.Equal(t, 1, lp.srv.counters.UpgradesRefused)
		assert.Contains(t, lp.notice, "No upgrade is owed")
		assert.Empty(t, lp.peer(t).char.Upgrades)
	})
	t.Run("a level owes a choice of three, stored on the character", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		got := lp.sheets(t)
		lp.earn(t, levelUp)
		lp.step(t)
		c := lp.peer(t).char
		assert.Equal(t, 2, c.Level)
		assert.Len(t, c.Offer, 3)
		require.NotEmpty(t, *got)
		last := (*got)[len(*got)-1]
		assert.Equal(t, uint8(1), last.Owed)
		assert.Len(t, last.Offer, 3)
		assert.Equal(t, wire.ActionLevelled, last.Action)
	})
	t.Run("a choice away from the NPC is refused and the offer stands", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		lp.earn(t, levelUp)
		offer := append([]string(nil), lp.peer(t).char.Offer...)
		lp.choose(t, 0)
		assert.Equal(t, 1, lp.srv.counters.UpgradesRefused)
		assert.Contains(t, lp.notice, "the Keeper of Ways")
		assert.Equal(t, offer, lp.peer(t).char.Offer)
		assert.Empty(t, lp.peer(t).char.Upgrades)
	})
	t.Run("an index outside the offer is refused", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		lp.earn(t, levelUp)
		lp.toNPC(t)
		for _, i := range []uint8{3, 4, 255} {
			lp.choose(t, i)
		}
		assert.Equal(t, 3, lp.srv.counters.UpgradesRefused)
		assert.Empty(t, lp.peer(t).char.Upgrades)
	})
	t.Run("at the NPC, owed and on offer, the choice is taken and the stats change", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		lp.earn(t, levelUp)
		lp.toNPC(t)
		pick := lp.peer(t).char.Offer[1]
		before := lp.world().PlayerStats(lp.id)
		lp.choose(t, 1)
		c := lp.peer(t).char
		assert.Equal(t, []string{pick}, c.Upgrades)
		assert.Empty(t, c.Offer, "nothing more is owed")
		assert.NotEqual(t, before, lp.world().PlayerStats(lp.id))
		lp.choose(t, 0)
		assert.Equal(t, 1, lp.srv.counters.UpgradesRefused, "a second choice for one level is refused")
	})
	t.Run("closing the screen rerolls nothing: the offer is the same ticks later and after a rejoin", func(t *testing.T) {
		lp := joinLocal(t, hubConfig(t))
		lp.earn(t, levelUp)
		offer := append([]string(nil), lp.peer(t).char.Offer...)
		for range 3 * game.TickRate {
			lp.step(t)
		}
		assert.Equal(t, offer, lp.peer(t).char.Offer)
	})
	t.Run("a server restart rerolls nothing", func(t *testing.T) {
		dir := t.TempDir()
		open := func() Config {
			st, err := store.Open(filepath.Join(dir, DataFile))
			require.NoError(t, err)
			cfg := hubConfig(t)
			cfg.Store = st
			return cfg
		}
		lp := joinLocal(t, open())
		lp.earn(t, 3*levelUp)
		offer := append([]string(nil), lp.peer(t).char.Offer...)
		level := lp.peer(t).char.Level
		require.Len(t, offer, 3)
		lp.srv.Shutdown("restart")
		lp = joinLocal(t, open())
		c := lp.peer(t).char
		assert.Equal(t, level, c.Level)
		assert.Equal(t, offer, c.Offer, "the same three options after the restart")
		lp.srv.Shutdown("done")
	})
}
