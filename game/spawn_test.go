package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMakeBulletSpawnQuantizes(t *testing.T) {
	s := MakeBulletSpawn(5, 77, 10.25, 20.5, math.Pi/2, 3, 0.125, 0.01234, 6.03, 90, 2, TeamEnemy)
	assert.Equal(t, uint32(5), s.UID)
	assert.Equal(t, uint32(77), s.SpawnTick)
	assert.Equal(t, float32(10.25), s.X)
	assert.InDelta(t, 0, s.VX, 1e-6)
	assert.Equal(t, float32(3), s.VY)
	assert.Equal(t, int16(123), s.Turn, "0.01234 rad × 10000, rounded")
	assert.Equal(t, uint16(96), s.Radius, "6.03 u × 16, rounded")
	assert.Equal(t, uint16(90), s.Life)
	clamped := MakeBulletSpawn(1, 0, 0, 0, 0, 1, 0, 10, 5000, 1, 0, 0)
	assert.Equal(t, int16(math.MaxInt16), clamped.Turn, "an over-range turn clamps")
	assert.Equal(t, uint16(math.MaxUint16), clamped.Radius, "an over-range radius clamps")
}

func TestBulletReach(t *testing.T) {
	at := func(speed, accel float64, life uint16) BulletSpawn {
		s := MakeBulletSpawn(1, 100, 0, 0, 0, speed, accel, 0, 0, life, 0, 0)
		return s
	}
	cases := []struct {
		name string
		s    BulletSpawn
		now  uint32
		want float64
	}{
		{"a constant shot reaches speed × remaining moves", at(5, 0, 61), 100, 300},
		{"a shot half way through its life reaches half as far", at(5, 0, 61), 130, 150},
		{"a spawn from the future counts from its spawn tick", at(5, 0, 61), 90, 300},
		{"an accelerating shot sums its growing speed", at(1, 0.5, 5), 100, 4 + 0.5*4*5/2},
		{"a decelerating shot stops and goes no further", at(2, -0.5, 100), 100, 1.5 + 1 + 0.5},
		{"a dead shot reaches nowhere", at(5, 0, 61), 200, 0},
		{"a long fast shot is capped at the interest ceiling", at(60, 0, 600), 100, BulletInterestCeiling},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.InDelta(t, c.want, BulletReach(c.s, c.now), 1e-4) })
	}
	t.Run("the reach covers the distance the integration really flies", func(t *testing.T) {
		g := NewGrid(400, 400)
		s := MakeBulletSpawn(1, 0, 100, 6400, 0.2, 1.5, 0.03, 0.02, 4, 300, 0, 0)
		reach := BulletReach(s, 0)
		p := NewBulletPool(1)
		p.Spawn(s)
		far := 0.0
		for tick := uint32(1); p.Len() > 0; tick++ {
			far = max(far, math.Hypot(float64(p.X[0]-s.X), float64(p.Y[0]-s.Y)))
			p.Step(tick, g, nil)
		}
		assert.GreaterOrEqual(t, reach, far)
	})
}

func TestBulletVelocityIsRecoverable(t *testing.T) {
	t.Run("every spawn MakeBulletSpawn builds has a canonical velocity", func(t *testing.T) {
		for i := range 5000 {
			angle := float64(i) * 0.7919
			speed := 0.5 + float64(i%97)*0.13
			s := MakeBulletSpawn(1, 0, 0, 0, angle, speed, 0, 0, 4, 60, 0, TeamEnemy)
			aim, sp, ok := CanonicalVelocity(s.VX, s.VY)
			require.True(t, ok, "angle %v speed %v", angle, speed)
			vx, vy := BulletVelocity(aim, sp)
			require.Equal(t, math.Float32bits(s.VX), math.Float32bits(vx))
			require.Equal(t, math.Float32bits(s.VY), math.Float32bits(vy))
		}
	})
	t.Run("a bullet at rest is canonical", func(t *testing.T) {
		_, sp, ok := CanonicalVelocity(0, 0)
		require.True(t, ok)
		require.Zero(t, sp)
	})
	t.Run("an arbitrary velocity is not", func(t *testing.T) {
		_, _, ok := CanonicalVelocity(1.2345678, -3.3333333)
		require.False(t, ok)
	})
}
