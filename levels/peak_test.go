package levels_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// bossRoom is a walled 40×30-tile hall with the boss in the middle and four
// player spawns around it, 7 tiles out.
func bossRoom(t *testing.T, c *game.Content) *game.Map {
	boss := -1
	for i, e := range c.Enemies {
		if e.ID == "warden" {
			boss = i
		}
	}
	require.GreaterOrEqual(t, boss, 0, "the content has a boss")
	g := game.NewGrid(40, 30)
	for y := range 30 {
		for x := range 40 {
			tile := game.TileFloor
			if x == 0 || y == 0 || x == 39 || y == 29 {
				tile = game.TileWall
			}
			g.Set(x, y, tile)
		}
	}
	m := &game.Map{Name: "boss room", Grid: g,
		EnemySpawns: []game.EnemySpawn{{Pos: game.TileCenter(20, 15), Kind: boss}}}
	for _, d := range [][2]int{{-7, 0}, {7, 0}, {0, -7}, {0, 7}} {
		m.PlayerSpawns = append(m.PlayerSpawns, game.TileCenter(20+d[0], 15+d[1]))
	}
	return m
}

// bossFight plays four players strafing around the boss and firing at it,
// and returns the peak and mean live bullet counts.
func bossFight(t *testing.T, ticks int) (peak int, mean float64) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	m := bossRoom(t, c)
	w := game.NewWorld(m, c, 1)
	for id := uint16(1); id <= 4; id++ {
		w.AddPlayer(id)
	}
	centre := game.TileCenter(20, 15)
	total := 0
	for range ticks {
		for id := uint16(1); id <= 4; id++ {
			pos, _ := w.PlayerPos(id)
			to := centre.Sub(pos)
			a := math.Atan2(to.Y, to.X)
			w.QueueInput(id, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnFire, Aim: game.AimFromAngle(a),
				MoveX: int8(60 * math.Cos(a+math.Pi/2)), MoveY: int8(60 * math.Sin(a+math.Pi/2))})
		}
		w.Step()
		n := w.Bullets().Len()
		peak = max(peak, n)
		total += n
	}
	return peak, float64(total) / float64(ticks)
}

func TestBossFightPeaksNearTheReference(t *testing.T) {
	peak, mean := bossFight(t, 1800)
	t.Logf("boss fight, four players, 30 s: peak %d live bullets, mean %.0f", peak, mean)
	require.GreaterOrEqual(t, peak, 250, "the boss fight is dense enough to be a bullet hell")
	require.LessOrEqual(t, peak, 500, "and stays near the ~350 bullets the netcode budget assumes")
}

// BenchmarkDeepestFloorTick steps the largest dungeon kind's deepest floor
// with every room but the entrance populated (depth adds enemies to each)
// and four players, one in each of four rooms, strafing and firing, after
// ten seconds of play so the fights are under way.
func BenchmarkDeepestFloorTick(b *testing.B) {
	c, err := levels.LoadContent()
	require.NoError(b, err)
	var largest *game.DungeonKind
	for i := range c.Dungeons {
		if k := &c.Dungeons[i]; largest == nil || k.Width*k.Height > largest.Width*largest.Height {
			largest = k
		}
	}
	d, err := game.GenerateDungeon(largest, 1, game.MaxDepth)
	require.NoError(b, err)
	w := game.NewWorld(d.Map, c, 1)
	for id := uint16(1); id <= 4; id++ {
		w.AddPlayer(id)
		room := d.Rooms[(d.Entrance+int(id)*len(d.Rooms)/5)%len(d.Rooms)]
		w.Teleport(id, room.CenterPos())
	}
	step := func() {
		for id := uint16(1); id <= 4; id++ {
			a := float64(w.Tick())/40 + float64(id)
			w.QueueInput(id, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnFire, Aim: game.AimFromAngle(-a),
				MoveX: int8(80 * math.Cos(a)), MoveY: int8(80 * math.Sin(a))})
		}
		w.Step()
	}
	for range 10 * game.TickRate {
		step()
	}
	living := 0
	w.EachEnemy(func(game.EnemyState, game.Vec) { living++ })
	bullets := w.Bullets().Len()
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
	b.ReportMetric(float64(living), "enemies")
	b.ReportMetric(float64(bullets), "bullets")
}
