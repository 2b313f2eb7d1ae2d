package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phasedContent is testContent with its boss in three phases: whole, from
// half health (armoured, orbiting) and from a fifth (exposed, chasing).
func phasedContent() *Content {
	c := testContent()
	boss := &c.Enemies[kindBoss]
	first := boss.Phases[0]
	boss.Phases = []Phase{first,
		{Name: "armoured", Below: 0.5, Move: MoveOrbit, Speed: 1, Range: 150, DamageTaken: 0.5, Opening: 30,
			Emitters: []Emitter{{Pattern: patRing, Cooldown: 40, Range: 900}}},
		{Name: "exposed", Below: 0.2, Move: MoveChase, Speed: 2, Range: 100, DamageTaken: 2, Opening: 30,
			Emitters: []Emitter{{Pattern: patFan, Cooldown: 30, Range: 900}}},
	}
	return c
}

// bossHall is a walled room with the boss (enemy slot 0) in the middle and
// the player a few tiles west of it.
func bossHall(t *testing.T, c *Content) *World {
	m := asciiMap(t,
		"######################",
		"#....................#",
		"#....................#",
		"#....P.....0.........#",
		"#....................#",
		"#....................#",
		"######################",
	)
	m.EnemySpawns[0].Kind = kindBoss
	w := NewWorld(m, c, 3)
	w.AddPlayer(1)
	placePlayer(w, 1, m.PlayerSpawns[0]) // out of arrival grace
	stepN(w, 2)                          // it sees the player and sets its health for a party of one
	return w
}

func TestBossPhases(t *testing.T) {
	t.Run("a boss moves to each phase at its threshold, announcing it and opening with a telegraph", func(t *testing.T) {
		w := bossHall(t, phasedContent())
		e := &w.enemies[0]
		whole := e.maxHP
		w.WoundEnemy(0, whole/2-1) // just above half
		assert.Equal(t, 0, e.phase)
		w.WoundEnemy(0, 1) // exactly half: the second phase begins
		assert.Equal(t, 1, e.phase)
		assert.Equal(t, 30, e.windup, "it opens with the phase's telegraph")
		assert.Equal(t, EnemyTelegraph|1, e.state().Flags, "and its record says so")
		w.WoundEnemy(0, e.hp-whole/5)
		assert.Equal(t, 2, e.phase)
	})
	t.Run("a blow through two thresholds lands in the later phase", func(t *testing.T) {
		w := bossHall(t, phasedContent())
		w.WoundEnemy(0, w.enemies[0].maxHP*9/10)
		assert.Equal(t, 2, w.enemies[0].phase)
	})
	t.Run("each phase's damage multiplier scales what a hit deals", func(t *testing.T) {
		for _, tc := range []struct {
			name  string
			share float64 // health share before the hit
			want  int16   // damage dealt by a 10-damage shot
		}{
			{"whole: as dealt", 1, 10},
			{"armoured: half", 0.45, 5},
			{"exposed: double", 0.15, 20},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := bossHall(t, phasedContent())
				e := &w.enemies[0]
				w.WoundEnemy(0, e.maxHP-int16(tc.share*float64(e.maxHP)))
				before := e.hp
				w.spawnBullet(playerShot(w, e.pos.X, e.pos.Y), 1, 10)
				evs := stepN(w, 1)
				hits := eventsOf(evs, EvHit)
				require.Len(t, hits, 1)
				assert.Equal(t, tc.want, hits[0].Amount)
				assert.Equal(t, before-tc.want, e.hp)
			})
		}
	})
	t.Run("a phase fires only its own patterns", func(t *testing.T) {
		w := bossHall(t, phasedContent())
		w.WoundEnemy(0, w.enemies[0].maxHP*6/10)
		for _, ev := range stepN(w, 200) {
			if ev.Kind == EvBulletSpawn && ev.Bullet.Team == TeamEnemy {
				assert.Equal(t, uint8(0), ev.Bullet.Kind, "only the ring (bullet kind 0) in the armoured phase")
			}
		}
	})
}

func TestEnemyMinds(t *testing.T) {
	walker := func(t *testing.T, move MoveStyle, keep float64, playerX int) (*World, *enemy) {
		c := testContent()
		c.Enemies[kindWalker].Phases[0].Move = move
		c.Enemies[kindWalker].Phases[0].Range = keep
		c.Enemies[kindWalker].Leash = 300
		m := asciiMap(t,
			"##############################",
			"#............................#",
			"#............................#",
			"#............................#",
			"##############################",
		)
		m.PlayerSpawns = []Vec{TileCenter(playerX, 2)}
		m.EnemySpawns = []EnemySpawn{{Pos: TileCenter(15, 2), Kind: kindWalker}}
		w := NewWorld(m, c, 9)
		w.AddPlayer(1)
		placePlayer(w, 1, m.PlayerSpawns[0]) // out of arrival grace: enemies notice it
		return w, &w.enemies[0]
	}
	t.Run("a chaser closes in to its range", func(t *testing.T) {
		w, e := walker(t, MoveChase, 100, 5)
		start := e.pos.Sub(TileCenter(5, 2)).Len()
		stepN(w, 240)
		assert.True(t, e.foe)
		assert.Less(t, e.pos.Sub(TileCenter(5, 2)).Len(), start-100, "it came toward the player")
	})
	t.Run("a keeper backs away from a player inside its range", func(t *testing.T) {
		w, e := walker(t, MoveKeep, 300, 12)
		start := e.pos.Sub(TileCenter(12, 2)).Len()
		stepN(w, 120)
		assert.Greater(t, e.pos.Sub(TileCenter(12, 2)).Len(), start+30, "it gave ground")
	})
	t.Run("an enemy past its leash gives up and walks home", func(t *testing.T) {
		w, e := walker(t, MoveChase, 20, 2)
		e.pos = TileCenter(5, 2) // dragged far from its post at (15, 2), beyond the 300 u leash
		stepN(w, 2)
		assert.True(t, e.returning)
		assert.False(t, e.foe)
		for range 400 {
			if w.Step(); !e.returning {
				break
			}
			require.False(t, e.foe, "a returning enemy looks for nobody")
		}
		assert.False(t, e.returning)
		assert.Less(t, e.pos.Sub(e.home).Len(), homeReached+e.ph().Speed, "it went home, and only then looks about again")
	})
	t.Run("a telegraphing enemy stands still and fires only when the telegraph ends", func(t *testing.T) {
		w, e := walker(t, MoveChase, 100, 5)
		w.content.Enemies[kindWalker].Telegraph = 20
		for range 600 {
			w.Step()
			if e.windup > 0 {
				break
			}
		}
		require.Positive(t, e.windup, "it began a telegraph")
		at := e.pos
		evs := stepN(w, e.windup-1)
		assert.Zero(t, countEvents(evs, EvBulletSpawn, 0), "no bullet while it telegraphs")
		assert.Equal(t, at, e.pos, "planted")
		assert.Positive(t, countEvents(stepN(w, 1), EvBulletSpawn, 0), "the volley as it ends")
	})
	t.Run("the same seed moves every enemy alike", func(t *testing.T) {
		a, ea := walker(t, MoveOrbit, 120, 8)
		b, eb := walker(t, MoveOrbit, 120, 8)
		stepN(a, 300)
		stepN(b, 300)
		assert.Equal(t, ea.pos, eb.pos)
	})
}

func TestTheWayDown(t *testing.T) {
	t.Run("a boss's death on a floor above the deepest opens the exit and the way down beside it", func(t *testing.T) {
		w := dungeonWorld(t, true)
		w.mp.HasDown, w.mp.DownPos, w.mp.DownKind = true, TileCenter(17, 4), 3
		kill(w, 1)
		assert.Equal(t, []Portal{{Pos: TileCenter(17, 2), Dungeon: HubDungeon}, {Pos: TileCenter(17, 4), Dungeon: 3}}, w.Portals())
	})
	t.Run("a deeper floor's enemies are tougher and hit harder", func(t *testing.T) {
		for _, depth := range []int{1, 3} {
			m := arenaMap(t)
			m.Depth = depth
			w := NewWorld(m, testContent(), 1)
			e := &w.enemies[0]
			assert.Equal(t, scaleI16(e.def.MaxHP, DepthHealth(depth)), e.maxHP, "depth %d", depth)
			assert.Equal(t, DepthDamage(depth), w.dmgScale)
		}
		assert.Greater(t, DepthHealth(3), DepthHealth(1))
		assert.Greater(t, DepthLoot(3), DepthLoot(1))
	})
}
