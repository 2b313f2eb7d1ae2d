package server

import (
	"bytes"
	"log"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/server/store"
)

// storedHub is a hub server config on a real store in dir, logging to buf.
func storedHub(t *testing.T, dir string, buf *bytes.Buffer) Config {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, DataFile))
	require.NoError(t, err)
	cfg := hubConfig(t)
	cfg.Store = st
	cfg.Log = log.New(buf, "", 0)
	return cfg
}

// intoDungeon moves the local player into the hub's first dungeon.
func intoDungeon(t *testing.T, lp *localPlayer) *instance {
	t.Helper()
	dest, err := lp.srv.dungeonBehind(lp.srv.hub, 0, 0)
	require.NoError(t, err)
	lp.srv.move(lp.peer(t), dest)
	return dest
}

// stored is the tester's character as the store holds it after a shutdown.
func stored(t *testing.T, dir string) store.Character {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, DataFile))
	require.NoError(t, err)
	defer st.Close()
	chars, err := st.Characters("tester")
	require.NoError(t, err)
	require.Len(t, chars, 1)
	return chars[0]
}

// peerChar is the id of the character the local player played last.
func (lp *localPlayer) peerChar(t *testing.T) uint64 {
	t.Helper()
	st, err := lp.srv.desk.led.(*storeLedger).st.Characters("tester")
	require.NoError(t, err)
	require.Len(t, st, 1)
	return st[0].ID
}

func TestLinkdeadBodies(t *testing.T) {
	t.Run("a solo player's disconnect leaves its body and the dungeon open, and it escapes with its things", func(t *testing.T) {
		dir, logs := t.TempDir(), &bytes.Buffer{}
		lp := joinLocal(t, storedHub(t, dir, logs))
		dest := intoDungeon(t, lp)
		w := dest.world
		potion := uint16(itemOf(w.Content(), "healing_potion"))
		w.SetPlayerItems(lp.id, [game.BagSlots]game.Item{{ID: 4242, Def: potion}}, [game.EquipSlots]game.Item{})
		require.NoError(t, lp.cli.Close())
		lp.step(t)
		assert.True(t, w.HasPlayer(lp.id), "the body is still there the tick after")
		assert.Contains(t, lp.srv.instances, dest, "its dungeon stays open")
		st, _ := w.PlayerState(lp.id)
		assert.NotZero(t, st.Flags&game.PlayerLinkdead)
		assert.Equal(t, 1, lp.srv.counters.Linkdead)
		for range game.EscapeTicks + 2 {
			lp.step(t)
		}
		assert.False(t, w.HasPlayer(lp.id), "resolved")
		assert.NotContains(t, lp.srv.instances, dest, "and then the dungeon closed")
		assert.Equal(t, 1, lp.srv.counters.Escapes)
		assert.Zero(t, lp.srv.linkdeadNow())
		lp.srv.Shutdown("done")
		assert.Contains(t, logs.String(), "lost its connection: its body channels out (linkdead)")
		c := stored(t, dir)
		assert.Equal(t, store.PlaceHub, c.Where.Kind, "it ended in the hub")
		assert.Positive(t, c.Health)
		require.Len(t, c.Inventory, 1)
		assert.Equal(t, uint64(4242), c.Inventory[0].ID, "with what it carried")
	})
	t.Run("a body that dies while linkdead is dead on its return", func(t *testing.T) {
		dir, logs := t.TempDir(), &bytes.Buffer{}
		lp := joinLocal(t, storedHub(t, dir, logs))
		dest := intoDungeon(t, lp)
		w := dest.world
		for range game.SpawnGraceTicks + 1 { // arrival grace over: the body can be hurt
			lp.step(t)
		}
		require.NoError(t, lp.cli.Close())
		lp.step(t)
		died := false
		for range game.EscapeTicks {
			w.SetPlayerHealth(lp.id, 1)
			standInFire(w, lp.id)
			lp.step(t)
			if !w.HasPlayer(lp.id) {
				died = true
				break
			}
		}
		require.True(t, died, "the body was taken out within its second")
		assert.Zero(t, lp.srv.counters.Escapes, "by death, not by the channel")
		char := lp.peerChar(t)
		assert.Positive(t, lp.srv.lockedOut(char), "locked out of dungeons, as any death is")
		back := &peer{id: 99, state: peerClaiming, account: "tester"}
		lp.srv.peers[back.id], lp.srv.order = back, append(lp.srv.order, back)
		lp.srv.welcome(back, []store.Character{{ID: char, Name: "tester"}}, nil)
		assert.Equal(t, peerRoster, back.state, "its return is welcome")
		assert.NotContains(t, lp.srv.diedAway, char, "and told, once, that its body fell")
		lp.srv.Shutdown("done")
		assert.Contains(t, logs.String(), "tester's body died")
		c := stored(t, dir)
		assert.Zero(t, c.Health, "dead")
		assert.Equal(t, store.PlaceHub, c.Where.Kind)
	})
	t.Run("returning while the body resolves waits for it, then takes the seat", func(t *testing.T) {
		dir, logs := t.TempDir(), &bytes.Buffer{}
		cfg := storedHub(t, dir, logs)
		lp := joinLocal(t, cfg)
		intoDungeon(t, lp)
		require.NoError(t, lp.cli.Close())
		lp.step(t)
		p := &peer{id: 99, state: peerClaiming, account: "tester"}
		lp.srv.peers[p.id], lp.srv.order = p, append(lp.srv.order, p)
		lp.srv.welcome(p, nil, nil)
		assert.Equal(t, peerClaiming, p.state, "parked while its body channels out")
		for i := 0; i < 3*game.EscapeTicks && p.state == peerClaiming; i++ {
			lp.step(t)
		}
		assert.Equal(t, peerRoster, p.state, "welcomed once the body has resolved")
		lp.srv.Shutdown("done")
		assert.Contains(t, logs.String(), "tester's body escaped")
	})
	t.Run("a return that waits past the limit is told to try again", func(t *testing.T) {
		dir, logs := t.TempDir(), &bytes.Buffer{}
		cfg := storedHub(t, dir, logs)
		lp := joinLocal(t, cfg)
		intoDungeon(t, lp)
		require.NoError(t, lp.cli.Close())
		lp.step(t)
		p := &peer{id: 99, state: peerClaiming, account: "tester"}
		lp.srv.peers[p.id], lp.srv.order = p, append(lp.srv.order, p)
		lp.srv.welcome(p, nil, nil)
		p.parkedAt = lp.srv.tick - parkedTicks - 1 // as if it had waited the limit out
		lp.srv.retryParked()
		assert.Equal(t, peerGone, p.state)
		lp.srv.Shutdown("done")
		assert.Contains(t, logs.String(), "asked peer 99 to try again in 1000 ms: tester is still leaving the dungeon (its connection closed a moment ago)")
	})

}

// standInFire puts a player where an enemy bullet will be next tick, or
// beside an enemy (which then fires) when none is in the air.
func standInFire(w *game.World, id uint16) {
	b := w.Bullets()
	for i := range b.Len() {
		if b.Team[i] == game.TeamEnemy && b.Born[i] < w.Tick() {
			w.Teleport(id, game.Vec{X: float64(b.X[i] + b.VX[i]), Y: float64(b.Y[i] + b.VY[i])})
			return
		}
	}
	w.EachEnemy(func(_ game.EnemyState, at game.Vec) { w.Teleport(id, at.Add(game.Vec{X: 40})) })
}
