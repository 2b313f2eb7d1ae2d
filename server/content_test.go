package server

import (
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
			for _, em := range e.Emitters {
				fired[em.Pattern] = true
			}
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
		t.Run(def.Name+" fires at a player in its sight and reach", func(t *testing.T) {
			m := &game.Map{Name: "range", Grid: walledRoom(40, 20), PlayerSpawns: []game.Vec{game.TileCenter(18, 10)},
				EnemySpawns: []game.EnemySpawn{{Pos: game.TileCenter(20, 10), Kind: kind}}}
			w := game.NewWorld(m, c, 7)
			w.AddPlayer(1)
			spawns := 0
			longest := 0
			for _, em := range def.Emitters {
				longest = max(longest, em.Cooldown)
			}
			for range longest + game.SpawnGraceTicks + game.VolleyLeadTicks + 2 {
				w.QueueInput(1, game.Input{Tick: w.Tick() + 1})
				w.Step()
				for _, ev := range w.Events() {
					if ev.Kind == game.EvBulletSpawn && ev.Bullet.Team == game.TeamEnemy {
						spawns++
					}
				}
			}
			assert.Positive(t, spawns, "%s never fired within its longest cooldown", def.ID)
		})
	}
}
