package server

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
)

// The built-in content holds together: every pattern is fired by some
// enemy, every hostile kind really fires at a player in its sight and
// reach, and every dungeon kind's enemies and boss resolve to real kinds.
func TestTheContentHoldsTogether(t *testing.T) {
	c := content(t)
	t.Run("every pattern is fired by some enemy", func(t *testing.T) {
		fired := map[int]bool{}
		for _, e := range c.Enemies {
			e.EachEmitter(func(_ int, em game.Emitter) { fired[em.Pattern] = true })
		}
		for i, p := range c.Patterns {
			assert.True(t, fired[i], "pattern %q is fired by nobody", p.ID)
		}
	})
	t.Run("every dungeon kind's enemies and boss are real kinds, the boss a boss", func(t *testing.T) {
		for _, k := range c.Dungeons {
			require.Less(t, k.Boss, len(c.Enemies), k.ID)
			assert.True(t, c.Enemies[k.Boss].Boss, "%s: its boss %q is not a boss", k.ID, c.Enemies[k.Boss].ID)
			for _, e := range k.Enemies {
				assert.Less(t, e.Kind, len(c.Enemies), k.ID)
			}
		}
	})
	for kind, def := range c.Enemies {
		if !def.Hostile {
			continue
		}
		for phase, ph := range def.Phases {
			t.Run(fmt.Sprintf("%s fires at a player in its sight and reach in phase %d", def.Name, phase+1), func(t *testing.T) {
				assert.Positive(t, firesInPhase(t, c, kind, phase, ph), "%s never fired within its longest cooldown", def.ID)
			})
		}
	}
}

// firesInPhase stands a player beside one enemy of a kind, wounded into a
// phase, and counts the enemy bullets decided within that phase's longest
// cooldown and its telegraph.
func firesInPhase(t *testing.T, c *game.Content, kind, phase int, ph game.Phase) int {
	m := &game.Map{Name: "range", Grid: walledRoom(40, 20), PlayerSpawns: []game.Vec{game.TileCenter(17, 10)},
		EnemySpawns: []game.EnemySpawn{{Pos: game.TileCenter(20, 10), Kind: kind}}}
	w := game.NewWorld(m, c, 7)
	w.AddPlayer(1)
	if phase > 0 {
		w.Step() // a boss sets its health for the party first
		var hp, maxHP int16
		w.EachEnemy(func(e game.EnemyState, _ game.Vec) { hp, maxHP = e.HP, e.MaxHP })
		require.True(t, w.WoundEnemy(0, hp-int16(ph.Below*float64(maxHP))))
		w.EachEnemy(func(e game.EnemyState, _ game.Vec) {
			require.Equal(t, phase, int(e.Flags&game.EnemyPhaseMask), "wounded into phase %d", phase+1)
		})
	}
	longest := 0
	for _, em := range ph.Emitters {
		longest = max(longest, em.Cooldown)
	}
	spawns := 0
	for range longest + ph.Opening + c.Enemies[kind].Telegraph + game.SpawnGraceTicks + game.VolleyLeadTicks + 2 {
		w.QueueInput(1, game.Input{Tick: w.Tick() + 1})
		w.Step()
		for _, ev := range w.Events() {
			if ev.Kind == game.EvBulletSpawn && ev.Bullet.Team == game.TeamEnemy {
				spawns++
			}
		}
	}
	return spawns
}
