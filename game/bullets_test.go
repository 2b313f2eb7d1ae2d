package game

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corridorMap is 10×3 tiles: walls along the top and bottom rows, open at
// both ends, with one wall block at tx=7 in the middle row.
func corridorMap(t testing.TB) *Grid {
	return asciiMap(t,
		"##########",
		".......#..",
		"##########",
	).Grid
}

func TestBulletDeaths(t *testing.T) {
	g := corridorMap(t)
	cases := []struct {
		name      string
		x, angle  float64
		speed     float64
		life      uint16
		steps     int
		wallKills int
	}{
		{"a bullet dies silently when its life is over", 48, 0, 0.5, 10, 10, 0},
		{"a bullet that leaves the map dies silently, not as a wall kill", 40, math.Pi, 6, 100, 10, 0},
		{"a bullet that enters a wall reports a wall kill", 200, 0, 6, 100, 10, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := NewBulletPool(8)
			s := MakeBulletSpawn(7, 0, c.x, 48, c.angle, c.speed, 0, 0, 4, c.life, 0, TeamEnemy)
			require.Equal(t, 0, p.Spawn(s))
			var kills []WallKill
			for tick := uint32(1); tick <= uint32(c.steps); tick++ {
				kills = p.Step(tick, g, kills)
			}
			assert.Equal(t, 0, p.Len(), "it died")
			assert.Len(t, kills, c.wallKills)
			if c.wallKills > 0 {
				assert.Equal(t, uint32(7), kills[0].UID)
			}
		})
	}
}

func TestBulletLifetimeIsExact(t *testing.T) {
	g := NewGrid(100, 100)
	p := NewBulletPool(8)
	p.Spawn(MakeBulletSpawn(1, 10, 50, 50, 0, 1, 0, 0, 4, 5, 0, TeamEnemy))
	for tick := uint32(11); tick < 15; tick++ {
		p.Step(tick, g, nil)
		require.Equal(t, 1, p.Len(), "alive at tick %d", tick)
	}
	p.Step(15, g, nil)
	assert.Equal(t, 0, p.Len(), "dead at SpawnTick+Life")
}

func TestBulletIntegration(t *testing.T) {
	g := NewGrid(200, 200) // open, 6400 u across
	t.Run("acceleration adds to the speed every tick, before the move", func(t *testing.T) {
		p := NewBulletPool(4)
		p.Spawn(MakeBulletSpawn(1, 0, 100, 100, 0, 2, 0.5, 0, 4, 100, 0, 0))
		for tick := uint32(1); tick <= 4; tick++ {
			p.Step(tick, g, nil)
		}
		assert.InDelta(t, 4.0, p.VX[0], 1e-5, "2 + 4×0.5")
		assert.InDelta(t, 100+2.5+3+3.5+4, p.X[0], 1e-4)
		assert.Zero(t, p.VY[0])
	})
	t.Run("deceleration stops a bullet and it stays stopped", func(t *testing.T) {
		p := NewBulletPool(4)
		p.Spawn(MakeBulletSpawn(1, 0, 100, 100, 0, 1, -0.4, 0, 4, 100, 0, 0))
		for tick := uint32(1); tick <= 10; tick++ {
			p.Step(tick, g, nil)
		}
		assert.Zero(t, p.VX[0])
		assert.InDelta(t, 100+0.6+0.2, p.X[0], 1e-5, "it never reversed")
	})
	t.Run("turning rotates the velocity by Turn each tick and keeps the speed", func(t *testing.T) {
		p := NewBulletPool(4)
		s := MakeBulletSpawn(1, 0, 3200, 3200, 0, 3, 0, math.Pi/40, 4, 1000, 0, 0)
		p.Spawn(s)
		turn := float64(s.Turn) / TurnScale
		for tick := uint32(1); tick <= 20; tick++ {
			p.Step(tick, g, nil)
		}
		ang := math.Atan2(float64(p.VY[0]), float64(p.VX[0]))
		assert.InDelta(t, 20*turn, ang, 1e-4)
		assert.InDelta(t, 3, math.Hypot(float64(p.VX[0]), float64(p.VY[0])), 1e-4)
		for tick := uint32(21); tick <= 80; tick++ { // a full circle of 80 ticks
			p.Step(tick, g, nil)
		}
		assert.InDelta(t, 3200, p.X[0], 1.0, "a turning shot closes its loop")
		assert.InDelta(t, 3200, p.Y[0], 1.0)
	})
}

func TestSpawnAtMatchesSteppingBitForBit(t *testing.T) {
	g := NewGrid(200, 200)
	records := []BulletSpawn{
		MakeBulletSpawn(1, 100, 3000, 3000, 0.3, 4.5, 0, 0, 5, 300, 1, TeamEnemy),
		MakeBulletSpawn(2, 100, 3000, 3000, 2.1, 1.1, 0.037, 0, 5, 300, 1, TeamEnemy),
		MakeBulletSpawn(3, 100, 3000, 3000, -1.7, 2.3, 0.011, 0.031, 6, 300, 2, TeamEnemy),
		MakeBulletSpawn(4, 100, 3000, 3000, 1.0, 5, -0.021, -0.017, 3, 300, 3, TeamPlayer),
	}
	for _, n := range []uint32{0, 1, 7, 60, 299} {
		server, replica := NewBulletPool(8), NewBulletPool(8)
		for _, s := range records {
			server.Spawn(s)
		}
		for tick := uint32(101); tick <= 100+n; tick++ {
			server.Step(tick, g, nil)
		}
		for _, s := range records {
			replica.SpawnAt(s, 100+n, nil)
		}
		t.Run("fast-forwarding a replica matches the server after "+strconv.Itoa(int(n))+" ticks", func(t *testing.T) {
			require.Equal(t, server.Len(), replica.Len())
			for i := range server.UID {
				j, ok := replica.Slot(server.UID[i])
				require.True(t, ok)
				assert.Equal(t, math.Float32bits(server.X[i]), math.Float32bits(replica.X[j]))
				assert.Equal(t, math.Float32bits(server.Y[i]), math.Float32bits(replica.Y[j]))
				assert.Equal(t, math.Float32bits(server.VX[i]), math.Float32bits(replica.VX[j]))
				assert.Equal(t, math.Float32bits(server.VY[i]), math.Float32bits(replica.VY[j]))
			}
		})
	}
	t.Run("a replica whose bullet is already dead is not added", func(t *testing.T) {
		p := NewBulletPool(4)
		assert.Equal(t, -1, p.SpawnAt(records[0], 400, nil))
		assert.Zero(t, p.Len())
	})
	t.Run("a spawn from the replica's future waits for its tick", func(t *testing.T) {
		p := NewBulletPool(4)
		require.Equal(t, 0, p.SpawnAt(records[0], 98, nil))
		p.Step(99, g, nil)
		p.Step(100, g, nil)
		assert.Equal(t, records[0].X, p.X[0], "it has not moved before its spawn tick")
		p.Step(101, g, nil)
		assert.NotEqual(t, records[0].X, p.X[0])
	})
}

func TestBulletPoolBookkeeping(t *testing.T) {
	g := NewGrid(50, 50)
	t.Run("a duplicate uid is refused", func(t *testing.T) {
		p := NewBulletPool(4)
		s := MakeBulletSpawn(9, 0, 10, 10, 0, 1, 0, 0, 4, 10, 0, 0)
		assert.Equal(t, 0, p.Spawn(s))
		assert.Equal(t, -1, p.Spawn(s))
	})
	t.Run("remove finds a bullet after others were swapped around", func(t *testing.T) {
		p := NewBulletPool(4)
		for uid := uint32(1); uid <= 40; uid++ {
			p.Spawn(MakeBulletSpawn(uid, 0, 100, 100, 0, 0, 0, 0, 4, 10, 0, 0))
		}
		for uid := uint32(1); uid <= 40; uid += 3 {
			require.True(t, p.Remove(uid))
		}
		assert.False(t, p.Remove(1), "already gone")
		for i, uid := range p.UID {
			slot, ok := p.Slot(uid)
			require.True(t, ok)
			assert.Equal(t, i, slot)
			assert.Equal(t, uid, p.Record[i].UID, "riders moved with the bullet")
		}
	})
	t.Run("a hostile record with NaN velocity dies silently", func(t *testing.T) {
		p := NewBulletPool(4)
		s := MakeBulletSpawn(1, 0, 100, 100, 0, 1, 0, 0, 4, 10, 0, 0)
		s.VX = float32(math.NaN())
		p.Spawn(s)
		kills := p.Step(1, g, nil)
		assert.Zero(t, p.Len())
		assert.Empty(t, kills)
	})
	t.Run("a pool grows past its initial capacity", func(t *testing.T) {
		p := NewBulletPool(16)
		for uid := uint32(1); uid <= 1000; uid++ {
			require.GreaterOrEqual(t, p.Spawn(MakeBulletSpawn(uid, 0, 100, 100, 0, 0, 0, 0, 4, 10, 0, 0)), 0)
		}
		assert.Equal(t, 1000, p.Len())
	})
}

func TestUIDIndexAgreesWithAMap(t *testing.T) {
	var x uidIndex
	x.init(8)
	ref := map[uint32]int{}
	r := rand.New(rand.NewPCG(1, 2))
	for op := range 20000 {
		k := uint32(r.IntN(300)) * 7919 // collide in the table on purpose
		switch r.IntN(3) {
		case 0, 1:
			x.put(k, op)
			ref[k] = op
		case 2:
			x.del(k)
			delete(ref, k)
		}
	}
	require.Equal(t, len(ref), x.n)
	for k, v := range ref {
		got, ok := x.get(k)
		require.True(t, ok, "key %d", k)
		require.Equal(t, v, got)
	}
	for k := uint32(0); k < 300*7919; k += 7919 {
		_, ok := x.get(k)
		_, want := ref[k]
		require.Equal(t, want, ok, "key %d", k)
	}
}
