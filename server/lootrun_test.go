package server

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
)

// runLoot is what one cleared dungeon dropped: items by def, shared and
// instanced, and its enemies.
type runLoot struct {
	shared, own map[string]int
	enemies     int
}

// clearDungeon generates a dungeon of kind from seed and has four players
// kill everything in it, standing beside each enemy in turn, kept alive;
// it returns what dropped.
func clearDungeon(t *testing.T, c *game.Content, kind int, seed uint64) runLoot {
	d, err := game.GenerateDungeon(&c.Dungeons[kind], seed, 1)
	require.NoError(t, err)
	w := game.NewWorld(d.Map, c, seed)
	ids := []uint16{1, 2, 3, 4}
	for _, id := range ids {
		w.AddPlayer(id)
	}
	out := runLoot{shared: map[string]int{}, own: map[string]int{}, enemies: len(d.Map.EnemySpawns)}
	for range 200 * game.TickRate {
		target, alive := game.Vec{}, false
		w.EachEnemy(func(_ game.EnemyState, at game.Vec) {
			if !alive {
				target, alive = at, true
			}
		})
		if !alive {
			break
		}
		for i, id := range ids {
			a := float64(i) * math.Pi / 2
			spot := target.Add(game.Vec{X: 70 * math.Cos(a), Y: 70 * math.Sin(a)})
			if w.Grid().CircleSolid(spot, 10) {
				spot = target
			}
			w.Teleport(id, spot)
			w.SetPlayerHealth(id, 1000)
			w.QueueInput(id, game.Input{Tick: w.Tick() + 1, Aim: game.AimFromAngle(a + math.Pi), Buttons: game.BtnFire})
		}
		w.Step()
		for _, ev := range w.Events() {
			if ev.Kind == game.EvItem && ev.Reason == game.ItemMinted {
				name := c.Items[ev.Item.Def].ID
				if ev.ID == 0 {
					out.shared[name]++
				} else {
					out.own[name]++
				}
			}
		}
	}
	require.Empty(t, w.AppendEnemyStates(nil), "%s seed %d: every enemy died", c.Dungeons[kind].Name, seed)
	return out
}

// TestLootPerRun clears ten dungeons of each kind with four players and
// reports what each player can expect from a run, by item kind: the
// numbers docs/PERFORMANCE.md gives. It checks the rules the numbers
// rest on: the players at the kill get their rations, and the Proving
// Grounds' multiplier really drops several times as much per enemy.
func TestLootPerRun(t *testing.T) {
	if testing.Short() {
		t.Skip("clears thirty dungeons")
	}
	c := content(t)
	const runs, players = 10, 4
	perEnemy := map[string]float64{}
	for kind := range c.Dungeons {
		k := &c.Dungeons[kind]
		byKind := map[string]float64{}
		enemies, rations := 0, 0
		for seed := range uint64(runs) {
			r := clearDungeon(t, c, kind, seed+1)
			enemies += r.enemies
			rations += r.own["wardens_ration"]
			for id, n := range r.shared {
				byKind[c.Items[itemOf(c, id)].Kind.String()] += float64(n)
			}
		}
		// A ration for every player alive at the boss's death (this harness
		// keeps them topped up, but a boss's volley can still kill one).
		assert.LessOrEqual(t, rations, runs*players, k.Name)
		assert.Greater(t, rations, runs*players/2, "%s: rations for the players at the kill", k.Name)
		var parts []string
		total := 0.0
		for kindName, n := range byKind {
			parts = append(parts, fmt.Sprintf("%s %.2f", kindName, n/runs/players))
			total += n
		}
		sort.Strings(parts)
		perEnemy[k.ID] = total / float64(enemies)
		t.Logf("%s (×%g): per player per run: %s, plus %.2f rations; %.1f enemies a run, %.3f shared drops per enemy",
			k.Name, k.LootMultiplier, strings.Join(parts, ", "), float64(rations)/runs/players, float64(enemies)/runs, perEnemy[k.ID])
	}
	assert.Greater(t, perEnemy["proving_grounds"], 4*perEnemy["catacombs"], "the Proving Grounds drop several times as much")
}

func itemOf(c *game.Content, id string) int {
	for i := range c.Items {
		if c.Items[i].ID == id {
			return i
		}
	}
	return -1
}
