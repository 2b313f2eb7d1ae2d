package game

import (
	"math"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firing runs one stationary enemy with a single emitter of pat against a
// player at (400, 100) until its first firing is over, and returns the
// spawns of that firing grouped by tick.
func firing(t *testing.T, pat Pattern, rng float64) [][]BulletSpawn {
	c := testContent()
	c.Patterns = []Pattern{pat}
	c.Enemies = []EnemyDef{{ID: "e", Radius: 10, MaxHP: 10, Hostile: true, Aggro: rng,
		Phases: OnePhase(MoveStill, 0, 0, []Emitter{{Pattern: 0, Cooldown: 100, Range: rng}})}}
	w := NewWorld(asciiMap(t,
		"##############################",
		"#P...........................#",
		"#............................#",
		"#............................#",
		"#............................#",
		"#.............0..............#",
		"#............................#",
		"#............................#",
		"#............................#",
		"##############################",
	), c, 11)
	w.AddPlayer(1)
	placePlayer(w, 1, Vec{400, 100})
	p := &w.players[0]
	p.stats.MaxHP, p.hp = math.MaxInt16, math.MaxInt16 // never killed, so the target stays put
	var volleys [][]BulletSpawn
	for range 100 + max(pat.Volleys, 1)*(pat.VolleyDelay+1) {
		w.Step()
		var v []BulletSpawn
		for _, e := range eventsOf(w.Events(), EvBulletSpawn) {
			v = append(v, e.Bullet)
		}
		if len(v) > 0 {
			volleys = append(volleys, v)
		}
	}
	return volleys
}

func angleOf(s BulletSpawn) float64 { return math.Atan2(float64(s.VY), float64(s.VX)) }

func speedOf(s BulletSpawn) float64 { return math.Hypot(float64(s.VX), float64(s.VY)) }

// aimAt is the angle from the test enemy (tile 14,5) to the player.
func aimAt() float64 {
	e := TileCenter(14, 5)
	return math.Atan2(100-e.Y, 400-e.X)
}

func angleDiff(a, b float64) float64 { return math.Remainder(a-b, 2*math.Pi) }

func TestPatterns(t *testing.T) {
	deg := math.Pi / 180
	t.Run("a ring spreads Count bullets evenly, the first at the target", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternRing, Count: 8, Speed: 3, Radius: 5, Life: 60, Damage: 1, Volleys: 1}, 900)
		require.Len(t, v, 1)
		require.Len(t, v[0], 8)
		for k, s := range v[0] {
			assert.InDelta(t, 0, angleDiff(angleOf(s), aimAt()+float64(k)*math.Pi/4), angleQuantum)
		}
	})
	t.Run("a fan spreads Count bullets over Spread centred on the target", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternFan, Count: 5, Spread: 40 * deg, Speed: 3, Radius: 5, Life: 60, Damage: 1, Volleys: 1}, 900)
		require.Len(t, v, 1)
		require.Len(t, v[0], 5)
		assert.InDelta(t, 0, angleDiff(angleOf(v[0][0]), aimAt()-20*deg), angleQuantum)
		assert.InDelta(t, 0, angleDiff(angleOf(v[0][2]), aimAt()), angleQuantum)
		assert.InDelta(t, 0, angleDiff(angleOf(v[0][4]), aimAt()+20*deg), angleQuantum)
	})
	t.Run("a spiral rotates by SpinPerVolley every volley, VolleyDelay ticks apart", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternSpiral, Count: 3, Speed: 2, Radius: 5, Life: 60, Damage: 1,
			Volleys: 4, VolleyDelay: 3, SpinPerVolley: 10 * deg}, 900)
		require.Len(t, v, 4)
		for k := 1; k < 4; k++ {
			assert.Equal(t, uint32(3), v[k][0].SpawnTick-v[k-1][0].SpawnTick)
			assert.InDelta(t, 10*deg, angleDiff(angleOf(v[k][0]), angleOf(v[k-1][0])), angleQuantum)
		}
	})
	t.Run("a shotgun scatters within its cone and speed jitter", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternShotgun, Count: 12, Spread: 60 * deg, Speed: 4, Radius: 3, Life: 18,
			Damage: 1, Volleys: 1, SpeedJitter: 0.25}, 900)
		require.Len(t, v, 1)
		var angles []float64
		for _, s := range v[0] {
			d := angleDiff(angleOf(s), aimAt())
			assert.LessOrEqual(t, math.Abs(d), 30*deg+angleQuantum)
			assert.InDelta(t, 4, speedOf(s), 1+1e-5)
			angles = append(angles, d)
		}
		sort.Float64s(angles)
		assert.Greater(t, angles[len(angles)-1]-angles[0], 10*deg, "the pellets are not all on one line")
	})
	t.Run("a burst fires Volleys volleys re-aimed at the target", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternFan, Count: 1, Speed: 6, Radius: 4, Life: 60, Damage: 1,
			Volleys: 3, VolleyDelay: 5}, 900)
		require.Len(t, v, 3)
		for _, vol := range v {
			assert.InDelta(t, 0, angleDiff(angleOf(vol[0]), aimAt()), angleQuantum)
		}
		assert.Equal(t, uint32(10), v[2][0].SpawnTick-v[0][0].SpawnTick)
	})
	t.Run("accelerating and turning shots carry their Accel and Turn", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternRing, Count: 2, Speed: 1, Accel: 0.05, Turn: 0.02, Radius: 8, Life: 60,
			Damage: 1, Volleys: 1, BulletKind: 4}, 900)
		require.Len(t, v, 1)
		assert.Equal(t, float32(0.05), v[0][0].Accel)
		assert.Equal(t, int16(200), v[0][0].Turn)
		assert.Equal(t, uint16(128), v[0][0].Radius)
		assert.Equal(t, uint8(4), v[0][0].Kind)
	})
	t.Run("an emitter holds fire while no player is within range", func(t *testing.T) {
		v := firing(t, Pattern{Kind: PatternRing, Count: 8, Speed: 3, Radius: 5, Life: 60, Damage: 1, Volleys: 1}, 50)
		assert.Empty(t, v)
	})
}

// angleQuantum is how far a fired angle may sit from its intent: spawns
// carry angles in 1/65536 turns (half a step either way), and a spiral's
// difference of two angles may add both halves.
const angleQuantum = 2 * math.Pi / 65536
