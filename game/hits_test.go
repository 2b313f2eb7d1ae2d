package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quietContent is testContent with the boss's emitters removed, so targets
// fire nothing of their own.
func quietContent() *Content {
	c := testContent()
	c.Enemies[kindBoss].Phases[0].Emitters = nil
	return c
}

// targetWorld has one player far away on the left and, on the right, a
// dummy in slot 0 and a boss in slot 1, both moved by the test.
func targetWorld(t *testing.T) *World {
	w := NewWorld(asciiMap(t,
		"####################",
		"#P...............02#",
		"#..................#",
		"#..................#",
		"####################",
	), quietContent(), 1)
	w.AddPlayer(1)
	placePlayer(w, 1, Vec{48, 48})
	return w
}

func playerShot(w *World, x, y float64) BulletSpawn {
	return MakeBulletSpawn(w.newUID(), w.Tick(), x, y, 0, 0, 0, 0, 4, 60, 0, TeamPlayer)
}

func TestHitRules(t *testing.T) {
	t.Run("two bullets in one tick are two hits: no invulnerability frames", func(t *testing.T) {
		w := targetWorld(t)
		w.spawnBullet(enemyBullet(w, 48, 48, 4), 0, 10)
		w.spawnBullet(enemyBullet(w, 50, 46, 4), 0, 15)
		w.Step()
		hits := eventsOf(w.Events(), EvHit)
		require.Len(t, hits, 2)
		assert.Equal(t, int16(90), hits[0].HP)
		assert.Equal(t, int16(75), hits[1].HP)
		assert.Equal(t, 2, countEvents(w.Events(), EvBulletDespawn, DespawnHit))
		assert.Zero(t, w.Bullets().Len())
	})
	t.Run("arrival grace blocks damage and firing", func(t *testing.T) {
		w := targetWorld(t)
		placePlayer(w, 1, Vec{200, 100}) // clear of the shared spawn point
		w.AddPlayer(2)
		pos, _ := w.PlayerPos(2)
		w.spawnBullet(enemyBullet(w, pos.X, pos.Y, 4), 0, 10)
		feed(w, 2, Input{Buttons: BtnFire})
		w.Step()
		assert.Empty(t, eventsOf(w.Events(), EvHit))
		assert.Empty(t, eventsOf(w.Events(), EvBulletSpawn), "no shot under grace")
		assert.Equal(t, 1, w.Bullets().Len(), "the bullet passes through, unconsumed")
		st, _ := w.PlayerState(2)
		assert.Equal(t, PlayerGrace, st.Flags&PlayerGrace)
		assert.Equal(t, st.MaxHP, st.HP)
	})
	t.Run("grace lasts exactly SpawnGraceTicks", func(t *testing.T) {
		w := targetWorld(t)
		w.AddPlayer(2)
		for range SpawnGraceTicks - 1 {
			feed(w, 2, Input{Buttons: BtnFire})
			w.Step()
			require.Empty(t, eventsOf(w.Events(), EvBulletSpawn))
		}
		feed(w, 2, Input{Buttons: BtnFire})
		w.Step()
		require.Empty(t, eventsOf(w.Events(), EvBulletSpawn), "the last protected tick")
		feed(w, 2, Input{Buttons: BtnFire})
		w.Step()
		assert.Len(t, eventsOf(w.Events(), EvBulletSpawn), 1, "the first free tick fires")
	})
	t.Run("a player bullet over a boss and an enemy hits the boss", func(t *testing.T) {
		w := targetWorld(t)
		w.enemies[0].pos, w.enemies[1].pos = Vec{300, 80}, Vec{330, 80}
		w.spawnBullet(playerShot(w, 310, 80), 1, 10)
		w.Step()
		hits := eventsOf(w.Events(), EvHit)
		require.Len(t, hits, 1)
		assert.Equal(t, uint16(1), hits[0].ID, "the boss, though the dummy is first in slot order")
		assert.Equal(t, uint16(1), hits[0].Other, "credited to the shooter")
	})
	t.Run("without a boss the first overlapping enemy is hit and the bullet is consumed", func(t *testing.T) {
		w := NewWorld(asciiMap(t, "########", "#P..04.#", "########"), quietContent(), 1)
		w.AddPlayer(1)
		w.enemies[0].pos, w.enemies[1].pos = Vec{150, 48}, Vec{160, 48}
		w.spawnBullet(playerShot(w, 155, 48), 1, 10)
		w.Step()
		hits := eventsOf(w.Events(), EvHit)
		require.Len(t, hits, 1, "the first overlap consumes the bullet")
		assert.Equal(t, uint16(0), hits[0].ID)
		assert.Equal(t, []Event{{Kind: EvBulletDespawn, Bullet: BulletSpawn{UID: 1}, Reason: DespawnHit}},
			eventsOf(w.Events(), EvBulletDespawn))
		assert.Zero(t, w.Bullets().Len())
	})
	t.Run("an enemy overlapping a player does no damage: there is no contact damage", func(t *testing.T) {
		w := targetWorld(t)
		w.enemies[1].pos = Vec{48, 48}
		stepN(w, 60)
		st, _ := w.PlayerState(1)
		assert.Equal(t, st.MaxHP, st.HP)
	})
	t.Run("bullets of a team pass through their own side", func(t *testing.T) {
		w := targetWorld(t)
		w.spawnBullet(playerShot(w, 48, 48), 1, 10)
		w.enemies[0].pos = Vec{300, 100}
		w.spawnBullet(enemyBullet(w, 300, 100, 4), 0, 10)
		w.Step()
		assert.Empty(t, eventsOf(w.Events(), EvHit))
		assert.Equal(t, 2, w.Bullets().Len())
	})
	t.Run("a bullet entering a wall is announced as a wall despawn", func(t *testing.T) {
		w := targetWorld(t)
		w.spawnBullet(MakeBulletSpawn(w.newUID(), w.Tick(), 100, 40, -1.5707963, 10, 0, 0, 4, 60, 0, TeamEnemy), 0, 10)
		evs := stepN(w, 2)
		assert.Equal(t, 1, countEvents(evs, EvBulletDespawn, DespawnWall))
	})
}

func TestHitsAreFoundAcrossCells(t *testing.T) {
	// A large enemy straddling several 64 u cells is hit by a bullet in any of them.
	for _, off := range []Vec{{-28, 0}, {28, 0}, {0, -28}, {0, 28}, {-20, -20}, {20, 20}} {
		w := NewWorld(asciiMap(t, "##########", "#P.......#", "#........#", "#.....4..#", "#........#", "##########"), quietContent(), 1)
		w.AddPlayer(1)
		c := Vec{192, 128} // a cell corner
		w.enemies[0].pos = c
		w.spawnBullet(playerShot(w, c.X+off.X, c.Y+off.Y), 1, 5)
		w.Step()
		assert.Len(t, eventsOf(w.Events(), EvHit), 1, "offset %v", off)
	}
}
