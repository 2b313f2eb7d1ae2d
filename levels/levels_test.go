package levels_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

func loadArena(t *testing.T) (*game.Content, *game.Map) {
	t.Helper()
	c, err := levels.LoadContent()
	require.NoError(t, err)
	m, err := levels.LoadMap("arena", c)
	require.NoError(t, err)
	return c, m
}

func TestEveryHostileEnemyHasAnEmitter(t *testing.T) {
	c, _ := loadArena(t)
	for _, e := range c.Enemies {
		if e.Hostile {
			for i, ph := range e.Phases {
				assert.NotEmpty(t, ph.Emitters, "%s in phase %d would have nothing but contact to threaten with", e.ID, i+1)
			}
		}
	}
}

func TestContentCoversThePatternVocabulary(t *testing.T) {
	c, _ := loadArena(t)
	kinds := map[game.PatternKind]bool{}
	radii, looks := map[float64]bool{}, map[uint8]bool{}
	var burst, accel, turn bool
	for _, p := range c.Patterns {
		kinds[p.Kind] = true
		radii[p.Radius], looks[p.BulletKind] = true, true
		burst = burst || p.Volleys > 1
		accel = accel || p.Accel != 0
		turn = turn || p.Turn != 0
	}
	for _, k := range []game.PatternKind{game.PatternRing, game.PatternFan, game.PatternSpiral, game.PatternShotgun} {
		assert.True(t, kinds[k], "a %s pattern", k)
	}
	assert.True(t, burst, "a burst")
	assert.True(t, accel, "an accelerating shot")
	assert.True(t, turn, "a turning shot")
	assert.GreaterOrEqual(t, len(radii), 3, "several radii")
	assert.GreaterOrEqual(t, len(looks), 3, "several bullet kinds")
}

func TestEveryPatternIsFiredBySomeone(t *testing.T) {
	c, _ := loadArena(t)
	used := map[int]bool{}
	for _, e := range c.Enemies {
		e.EachEmitter(func(_ int, em game.Emitter) { used[em.Pattern] = true })
	}
	for i, p := range c.Patterns {
		assert.True(t, used[i], "pattern %q is dead content", p.ID)
	}
}

func TestTheInterestCeilingCoversTheLongestShot(t *testing.T) {
	c, _ := loadArena(t)
	check := func(id string, s game.BulletSpawn) {
		assert.Less(t, game.BulletReach(s, s.SpawnTick), float64(game.BulletInterestCeiling),
			"%s reaches the ceiling, so peers could miss it", id)
	}
	for _, p := range c.Patterns {
		check(p.ID, game.MakeBulletSpawn(1, 0, 0, 0, 0, p.Speed*(1+p.SpeedJitter), p.Accel, 0, p.Radius, p.Life, 0, 0))
	}
	pl := c.Player
	check("player", game.MakeBulletSpawn(1, 0, 0, 0, 0, pl.BulletSpeed, 0, 0, pl.BulletRadius, pl.BulletLife, 0, 0))
}

func TestArena(t *testing.T) {
	c, m := loadArena(t)
	assert.Equal(t, 60, m.Grid.W)
	assert.Equal(t, 40, m.Grid.H)
	assert.GreaterOrEqual(t, len(m.PlayerSpawns), 4)
	bosses, walls := 0, 0
	for _, s := range m.EnemySpawns {
		if c.Enemies[s.Kind].Boss {
			bosses++
		}
	}
	for _, tile := range m.Grid.Tiles {
		if tile == game.TileWall {
			walls++
		}
	}
	assert.Equal(t, 1, bosses, "one boss holds the arena")
	assert.Greater(t, walls, 2*(60+40), "inner walls and cover, not just a border")
	t.Run("a fight in the arena runs with every actor out of the walls", func(t *testing.T) {
		w := game.NewWorld(m, c, 9)
		for id := uint16(1); id <= 4; id++ {
			w.AddPlayer(id)
		}
		spawns := 0
		for range 600 {
			for id := uint16(1); id <= 4; id++ {
				a := float64(w.Tick()) / 50
				w.QueueInput(id, game.Input{Tick: w.Tick() + 1, MoveX: 100, MoveY: int8(60 * math.Sin(a)),
					Buttons: game.BtnFire})
			}
			w.Step()
			for _, e := range w.Events() {
				if e.Kind == game.EvBulletSpawn && e.Bullet.Team == game.TeamEnemy {
					spawns++
				}
			}
			w.EachEnemy(func(s game.EnemyState, pos game.Vec) {
				require.False(t, m.Grid.CircleSolid(pos, c.Enemies[s.Kind].Radius), "%s in a wall", c.Enemies[s.Kind].ID)
			})
		}
		assert.Positive(t, spawns, "the enemies fought back")
	})
}

func TestBuiltinContent(t *testing.T) {
	first, err := levels.Builtin()
	require.NoError(t, err)
	fresh, err := levels.LoadContent()
	require.NoError(t, err)
	t.Run("every call returns the same loaded copy", func(t *testing.T) {
		again, err := levels.Builtin()
		require.NoError(t, err)
		assert.Same(t, first, again)
	})
	t.Run("the shared copy is what a fresh load gives", func(t *testing.T) {
		assert.Equal(t, fresh, first.Content)
	})
	t.Run("its maps load against its content", func(t *testing.T) {
		hub, err := first.Map("hub")
		require.NoError(t, err)
		assert.NotEmpty(t, hub.PlayerSpawns)
	})
}
