package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArrivalGraceKeepsEnemiesOff(t *testing.T) {
	// A turret (slot 0) in reach and sight of both spawn points.
	turretRoom := func(t *testing.T) *World {
		return NewWorld(asciiMap(t,
			"####################",
			"#..................#",
			"#.P.......1.....P..#",
			"#..................#",
			"####################",
		), testContent(), 5)
	}
	t.Run("no enemy notices, telegraphs at or fires on a player under arrival grace", func(t *testing.T) {
		w := turretRoom(t)
		w.AddPlayer(1)
		for tick := 1; tick < SpawnGraceTicks; tick++ {
			evs := stepN(w, 1)
			require.Zero(t, countEvents(evs, EvBulletSpawn, 0), "tick %d: a shot", tick)
			require.False(t, w.enemies[0].foe, "tick %d: noticed", tick)
			require.Zero(t, w.enemies[0].windup, "tick %d: a telegraph", tick)
		}
		evs := stepN(w, 60)
		assert.True(t, w.enemies[0].foe, "its grace over, the player is noticed")
		assert.Positive(t, countEvents(evs, EvBulletSpawn, 0), "and fired on")
	})
	t.Run("with a player out of grace in reach, an enemy aims only at that one", func(t *testing.T) {
		w := turretRoom(t)
		w.AddPlayer(1)
		far := TileCenter(17, 2)
		placePlayer(w, 1, far) // out of grace, farther from the turret
		w.AddPlayer(2)         // at the nearer spawn, under grace
		near, _ := w.PlayerPos(2)
		require.Less(t, near.Dist2(w.enemies[0].pos), far.Dist2(w.enemies[0].pos))
		var rings []BulletSpawn
		for range SpawnGraceTicks - 1 {
			for _, ev := range stepN(w, 1) {
				if ev.Kind == EvBulletSpawn && ev.Bullet.Kind == 0 { // the ring: its first bullet flies at the target
					rings = append(rings, ev.Bullet)
				}
			}
		}
		assert.Equal(t, far, w.enemies[0].foePos, "its foe is the one out of grace")
		require.NotEmpty(t, rings)
		from := w.enemies[0].pos
		toFar := math.Atan2(far.Y-from.Y, far.X-from.X)
		assert.InDelta(t, 0, angleDiff(angleOf(rings[0]), toFar), 1e-3, "the ring's first bullet flies at the player out of grace")
	})
}

// quietRoom is two rooms joined by a corridor, the players' spawn in the
// west one and a chaser idling at its post in the east one, below the
// line of sight the corridor opens into it: out of the spawn's sight, but
// a stroll away from it.
func quietRoom(t *testing.T, quiet bool) *World {
	m := asciiMap(t,
		"##############################",
		"#.......######...............#",
		"#.......######...............#",
		"#..P.........................#",
		"#.......######...............#",
		"#.......######...............#",
		"##############...............#",
		"##############......3........#",
		"##############...............#",
		"##############################",
	)
	m.QuietArrival = quiet
	c := testContent()
	c.Enemies[kindWalker].Phases[0].Move = MoveChase // it idles about its post when it has no foe
	return NewWorld(m, c, 8)
}

func TestAQuietArrivalIsNotStrolledInto(t *testing.T) {
	spawn := []Vec{TileCenter(3, 3)}
	// ticks counts the ticks the enemy spent where it could notice a
	// player standing at the spawn.
	ticks := func(quiet bool) (noticing int) {
		w := quietRoom(t, quiet)
		e := &w.enemies[0]
		reach := e.def.Aggro
		require.True(t, QuietSpot(w.Grid(), e.home, spawn, math.Inf(1)), "its post is a quiet spot")
		for range 60 * TickRate {
			w.Step()
			if !QuietSpot(w.Grid(), e.pos, spawn, reach) {
				noticing++
			}
		}
		return noticing
	}
	t.Run("an idle enemy strolls where it could notice an arrival on a map whose arrivals are not quiet", func(t *testing.T) {
		assert.Positive(t, ticks(false))
	})
	t.Run("and never on a map whose arrivals are", func(t *testing.T) {
		assert.Zero(t, ticks(true))
	})
}

func TestQuietSpot(t *testing.T) {
	g := asciiMap(t,
		"######################",
		"#....#...............#",
		"#....#...............#",
		"#....................#",
		"######################",
	).Grid
	corner, open := TileCenter(1, 1), TileCenter(1, 3) // behind the wall, and along the open row
	for _, tc := range []struct {
		name     string
		from, at Vec
		sight    float64
		quiet    bool
	}{
		{"8 tiles off in sight: loud", open, TileCenter(9, 3), math.Inf(1), false},
		{"6 tiles off behind a wall: loud, too near", corner, TileCenter(7, 1), math.Inf(1), false},
		{"11 tiles off behind a wall: quiet", corner, TileCenter(12, 1), math.Inf(1), true},
		{"in sight 10 tiles off, within a sight of 10 tiles: loud", open, TileCenter(11, 3), 10 * TileSize, false},
		{"in sight 19 tiles off, beyond a sight of 10 tiles: quiet", open, TileCenter(20, 3), 10 * TileSize, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.quiet, QuietSpot(g, tc.at, []Vec{tc.from}, tc.sight))
		})
	}
}

func TestADungeonWhoseBossSeesTheEntranceIsRefused(t *testing.T) {
	// Two rooms in a row, in a map one room high, joined by a corridor as
	// high as the spawns' rows: the boss always sees where players land.
	k := DungeonKind{ID: "hall", Name: "Hall", Width: 60, Height: 7, RoomsMin: 2, RoomsMax: 2, RoomMin: 5, RoomMax: 5,
		CorridorWidth: 3, Boss: kindBoss, LootMultiplier: 1, Enemies: []DungeonEnemy{{Kind: kindTurret, Weight: 1}}}
	require.NoError(t, k.Check())
	for seed := uint64(1); seed <= 5; seed++ {
		_, err := GenerateDungeon(&k, seed, 1)
		assert.ErrorIs(t, err, ErrDungeonExposed, "seed %d", seed)
	}
}
