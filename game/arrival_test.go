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
