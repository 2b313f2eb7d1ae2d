package levels_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
)

// Safe arrivals (docs/CONTENT.md, "Safe arrivals"), over every dungeon kind
// of the built-in content and its first five floors.
const arrivalFloors = 5

func TestNoEnemyWaitsNearAnArrival(t *testing.T) {
	c := loadContent(t)
	const seeds = 200 // 3,000 dungeons of the built-in content in about 1.5 s
	for i := range c.Dungeons {
		k := &c.Dungeons[i]
		t.Run(k.ID+" places every enemy, its boss too, 8 tiles or more from every arrival point and out of its sight", func(t *testing.T) {
			for depth := 1; depth <= arrivalFloors; depth++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					d, err := game.GenerateDungeon(k, seed, depth)
					require.NoError(t, err, "depth %d seed %d", depth, seed)
					g := d.Map.Grid
					require.NotEmpty(t, d.Map.PlayerSpawns)
					for _, s := range d.Map.EnemySpawns {
						for _, a := range d.Map.PlayerSpawns {
							where := fmt.Sprintf("depth %d seed %d: %s at %v, arrival at %v", depth, seed, c.Enemies[s.Kind].ID, s.Pos, a)
							require.GreaterOrEqual(t, s.Pos.Sub(a).Len(), 8.0*game.TileSize, where)
							require.False(t, g.LineClear(s.Pos, a), "%s: in sight", where)
						}
					}
				}
			}
		})
	}
}

func TestAPlayerStandingAtTheArrivalIsLeftAlone(t *testing.T) {
	c := loadContent(t)
	const seeds = 6 // 90 arrivals, 10 s each, in about 1 s
	for i := range c.Dungeons {
		k := &c.Dungeons[i]
		t.Run(k.ID+": no enemy targets, shoots at or hurts a still arrival in its grace, nor notices it for 10 s", func(t *testing.T) {
			for depth := 1; depth <= arrivalFloors; depth++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					d, err := game.GenerateDungeon(k, seed, depth)
					require.NoError(t, err)
					w := game.NewWorld(d.Map, c, seed)
					w.AddPlayer(1)
					whole, _ := w.PlayerState(1)
					require.NotZero(t, whole.Flags&game.PlayerGrace, "it arrives under grace")
					for tick := 1; tick <= 10*game.TickRate; tick++ {
						w.Step()
						where := fmt.Sprintf("depth %d seed %d tick %d", depth, seed, tick)
						if tick < game.SpawnGraceTicks {
							st, _ := w.PlayerState(1)
							require.NotZero(t, st.Flags&game.PlayerGrace, "%s: still under grace", where)
						}
						require.Zero(t, w.EnemiesFighting(), "%s: an enemy targets it", where)
						for _, ev := range w.Events() {
							require.False(t, ev.Kind == game.EvBulletSpawn && ev.Bullet.Team == game.TeamEnemy, "%s: an enemy fires", where)
							require.False(t, ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer, "%s: it is hit", where)
						}
						w.EachEnemy(func(e game.EnemyState, _ game.Vec) {
							require.Zero(t, e.Flags&game.EnemyTelegraph, "%s: enemy %d telegraphs", where, e.ID)
						})
					}
					st, _ := w.PlayerState(1)
					require.Equal(t, whole.HP, st.HP, "depth %d seed %d", depth, seed)
				}
			}
		})
	}
}

// TestArrivalDamageTable prints docs/CONTENT.md's table of what a player
// who arrives and stands still loses in its first 10 s. It uses nothing
// newer than the table's first version, so it runs on older code alike.
func TestArrivalDamageTable(t *testing.T) {
	if testing.Short() {
		t.Skip("the table is printed for docs/CONTENT.md; TestAPlayerStandingAtTheArrivalIsLeftAlone checks it")
	}
	const seeds = 100
	c := loadContent(t)
	var b strings.Builder
	b.WriteString("| Dungeon | Floor | Arrivals hit | Killed | HP lost, mean | HP lost, worst 10 % | First hit (s) |\n|---|---|---|---|---|---|---|\n")
	for i := range c.Dungeons {
		k := &c.Dungeons[i]
		for depth := 1; depth <= arrivalFloors; depth++ {
			var lost []int
			hit, killed, first := 0, 0, math.Inf(1)
			for seed := uint64(1); seed <= seeds; seed++ {
				d, err := game.GenerateDungeon(k, seed, depth)
				require.NoError(t, err)
				loss, dead, at := standStill(d.Map, c, seed, 10*game.TickRate)
				lost = append(lost, loss)
				if loss > 0 {
					hit++
					first = math.Min(first, at)
				}
				if dead {
					killed++
				}
			}
			slices.Sort(lost)
			sum := 0
			for _, l := range lost {
				sum += l
			}
			worst := lost[len(lost)*9/10:]
			worstSum := 0
			for _, l := range worst {
				worstSum += l
			}
			firstHit := "—"
			if hit > 0 {
				firstHit = fmt.Sprintf("%.1f", first)
			}
			fmt.Fprintf(&b, "| %s | %d | %d of %d | %d | %.1f | %.0f | %s |\n", k.Name, depth, hit, seeds, killed,
				float64(sum)/seeds, float64(worstSum)/float64(len(worst)), firstHit)
		}
	}
	t.Log("\n" + b.String())
}

// standStill puts a new player into a fresh world of m and lets it stand
// for ticks: the health it lost (all of it if it died), whether it died,
// and the second of its first hit.
func standStill(m *game.Map, c *game.Content, seed uint64, ticks int) (lost int, dead bool, firstHit float64) {
	w := game.NewWorld(m, c, seed)
	w.AddPlayer(1)
	whole, _ := w.PlayerState(1)
	firstHit = math.Inf(1)
	for tick := 1; tick <= ticks; tick++ {
		w.Step()
		st, _ := w.PlayerState(1)
		if st.HP < whole.HP && math.IsInf(firstHit, 1) {
			firstHit = float64(tick) / game.TickRate
		}
		if st.Flags&game.PlayerDead != 0 {
			return int(whole.HP), true, firstHit
		}
	}
	st, _ := w.PlayerState(1)
	return int(whole.HP - st.HP), false, firstHit
}
