package hud

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// punchAt is a view of the punch at frame f, the camera at the origin.
func punchAt(f int) *PunchView {
	return &PunchView{Frame: f, Cam: world.Camera{W: 1280, H: 720}, Friendly: ui.Rgb8(150, 236, 255, 1),
		Hot: ui.Rgb8(224, 249, 255, 1), Glows: true, MuzzleOffset: 16}
}

// quads is how many quads the punch draws at frame f.
func (p *Punch) quads(f int) int {
	p.Build(punchAt(f))
	return len(p.Glow.Vs) / 4
}

func TestMuzzleFlashes(t *testing.T) {
	t.Run("a shot flashes at the ship's nose and the flash is gone within a few frames", func(t *testing.T) {
		var p Punch
		p.Muzzle(game.Vec{X: 100, Y: 100}, 0, 16, false, 10)
		assert.Equal(t, 2, p.quads(10), "a glow and a star")
		vs := p.Glow.Vs
		assert.InDelta(t, 116, (vs[0].DstX+vs[3].DstX)/2, 1e-3, "the glow sits at the nose, 16 u along the aim")
		assert.Equal(t, 2, p.quads(10+MuzzleFrames-1))
		assert.Zero(t, p.quads(10+MuzzleFrames))
	})
	t.Run("the own ship's flash rides its nose as it moves on", func(t *testing.T) {
		var p Punch
		p.Muzzle(game.Vec{X: 100, Y: 100}, 0, 16, true, 10)
		v := punchAt(12)
		v.Self, v.HasSelf, v.Aim = game.Vec{X: 140, Y: 100}, true, math.Pi/2
		p.Build(v)
		vs := p.Glow.Vs
		assert.InDelta(t, 140, (vs[0].DstX+vs[3].DstX)/2, 1e-3)
		assert.InDelta(t, 116, (vs[0].DstY+vs[3].DstY)/2, 1e-3, "at its nose along its aim now")
	})
	t.Run("without glows a flash is its star alone", func(t *testing.T) {
		var p Punch
		p.Muzzle(game.Vec{X: 100, Y: 100}, 0, 16, false, 10)
		v := punchAt(10)
		v.Glows = false
		p.Build(v)
		assert.Len(t, p.Glow.Vs, 4)
	})
}

// friendsShots is a pool holding a player's shot per (uid, x) pair.
func friendsShots(uids ...uint32) *game.BulletPool {
	pool := game.NewBulletPool(16)
	for _, uid := range uids {
		pool.Spawn(game.MakeBulletSpawn(uid, 0, 216, 100, 0, 12, 0, 0, 5, 50, 0, game.TeamPlayer))
	}
	return pool
}

func TestFriendsShotsFlashTheirMuzzles(t *testing.T) {
	friend := []client.Actor{{ID: 4, Pos: game.Vec{X: 200, Y: 100}}}
	far := game.Vec{X: 900, Y: 900}
	muzzles := func(p *Punch, frame int) int {
		n := 0
		for _, m := range p.Muzzles {
			if m.Born == frame {
				n++
			}
		}
		return n
	}
	t.Run("shots in flight at the first look were fired before: no flash", func(t *testing.T) {
		var p Punch
		p.NewShots(friendsShots(5, 6), 1, friend, far, true, 16, 10)
		assert.Zero(t, muzzles(&p, 10))
	})
	t.Run("a new shot near a friend flashes the friend's muzzle, once for a spread", func(t *testing.T) {
		var p Punch
		p.NewShots(friendsShots(5), 1, friend, far, true, 16, 10)
		p.NewShots(friendsShots(5, 7, 8, 9), 1, friend, far, true, 16, 11)
		assert.Equal(t, 1, muzzles(&p, 11))
		p.NewShots(friendsShots(5, 7, 8, 9), 1, friend, far, true, 16, 12)
		assert.Zero(t, muzzles(&p, 12), "shots already seen flash no more")
	})
	t.Run("the own ship's shots are not a friend's", func(t *testing.T) {
		var p Punch
		p.NewShots(friendsShots(5), 1, friend, far, true, 16, 10)
		p.NewShots(friendsShots(5, 7), 1, friend, game.Vec{X: 214, Y: 100}, true, 16, 11)
		assert.Zero(t, muzzles(&p, 11))
	})
	t.Run("watching for new shots allocates nothing", func(t *testing.T) {
		var p Punch
		pool := friendsShots(5, 7, 8, 9)
		frame := 10
		assert.Zero(t, allocsPerRun(50, func() {
			frame++
			p.NewShots(pool, 1, friend, far, true, 16, frame)
		}))
	})
	t.Run("a new instance starts a fresh look", func(t *testing.T) {
		var p Punch
		p.NewShots(friendsShots(50), 1, friend, far, true, 16, 10)
		p.NewShots(friendsShots(3), 2, friend, far, true, 16, 11)
		assert.Zero(t, muzzles(&p, 11), "uids of another instance say nothing of this one")
	})
}

func TestImpactSparks(t *testing.T) {
	t.Run("a strike throws sparks back from the way the shot flew", func(t *testing.T) {
		var p Punch
		p.Impact(500, 300, 12, 0, ui.Rgb8(255, 255, 255, 1), 6, 10)
		n := 0
		for _, sp := range p.Sparks {
			if sp.Life > 0 {
				n++
				assert.Negative(t, sp.Vx, "a shot flying +x throws its sparks back, -x")
			}
		}
		assert.Equal(t, 6, n)
	})
	t.Run("sparks slow, fade and are gone within half a second", func(t *testing.T) {
		var p Punch
		p.Impact(500, 300, 12, 0, ui.Rgb8(255, 255, 255, 1), 6, 10)
		assert.Equal(t, 7, p.quads(10), "a flash and six sparks")
		assert.Zero(t, p.quads(10+game.TickRate/2))
	})
	t.Run("the slots are a ring: a storm of hits reuses the oldest", func(t *testing.T) {
		var p Punch
		for f := range 200 {
			p.Impact(500, 300, 12, 0, ui.Rgb8(255, 255, 255, 1), 6, 10+f%3)
		}
		assert.LessOrEqual(t, p.quads(11), len(p.Sparks)+len(p.Flashes))
	})
}

func TestHitStop(t *testing.T) {
	t.Run("the blow's frame is drawn, then held for the frames asked", func(t *testing.T) {
		var h HitStop
		h.Begin(3, 100)
		assert.Equal(t, []bool{false, true, true, true, false}, []bool{h.Hold(), h.Hold(), h.Hold(), h.Hold(), h.Hold()})
	})
	t.Run("blows in a row do not stack into a stutter", func(t *testing.T) {
		var h HitStop
		h.Begin(3, 100)
		for h.Hold() || h.Pending > 0 {
		}
		h.Begin(3, 100+HitStopGap-1)
		assert.False(t, h.Hold())
		assert.False(t, h.Hold(), "too soon after the last")
		h.Begin(3, 100+HitStopGap)
		h.Hold()
		assert.True(t, h.Hold())
	})
	cases := []struct {
		name  string
		shake bool
		held  bool
	}{
		{"with Screen shake on, a heavy blow holds the frame", true, true},
		{"with Screen shake off, it never does", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fx := NewEffects()
			fr := &Frame{Settings: &profile.Settings{ScreenShake: c.shake}, Frame: 50}
			fx.AddHitStop(fr, 3)
			fx.AddShake(fr, 5)
			fx.HoldFrame()
			assert.Equal(t, c.held, fx.HoldFrame())
			assert.Equal(t, c.shake, fx.Shake > 0)
		})
	}
}

func TestTheHurtEdgeFollowsTheBlow(t *testing.T) {
	var p Punch
	p.HurtSelf(game.Vec{X: 10, Y: 10}, 0.05, 10)
	light := p.Hurt
	p.HurtSelf(game.Vec{X: 10, Y: 10}, 0.2, 11)
	assert.Greater(t, p.Hurt, light, "a harder hit reddens more")
	assert.LessOrEqual(t, p.Hurt, float32(1))
	v := punchAt(11)
	v.Self, v.HasSelf = game.Vec{X: 10, Y: 10}, true
	p.Build(v)
	require.NotEmpty(t, p.Glow.Vs, "the ship flashes")
}

// livePunch has every slot of every effect alive at frame 10.
func livePunch() *Punch {
	p := &Punch{}
	for range len(p.Muzzles) {
		p.Muzzle(game.Vec{X: 300, Y: 300}, 1, 16, false, 10)
	}
	for range len(p.Sparks) / 6 {
		p.Impact(400, 300, 12, 3, ui.Rgb8(255, 255, 255, 1), 6, 10)
	}
	for range len(p.Rings) {
		p.Kill(game.Vec{X: 600, Y: 300}, 20, ColKill, 10)
	}
	p.HurtSelf(game.Vec{X: 640, Y: 360}, 0.2, 10)
	return p
}

func TestThePunchDrawsWithoutAllocating(t *testing.T) {
	p := livePunch()
	v := punchAt(12)
	v.Self, v.HasSelf = game.Vec{X: 640, Y: 360}, true
	p.Build(v)
	assert.Zero(t, allocsPerRun(50, func() { p.Build(v) }))
	assert.LessOrEqual(t, len(p.Glow.Vs)/4, world.MaxQuadsPerCall, "one draw call holds it all")
}

// BenchmarkPunchVertices builds the quads of every effect slot alive at
// once: the most the punch ever draws in a frame.
func BenchmarkPunchVertices(b *testing.B) {
	p := livePunch()
	v := punchAt(12)
	v.Self, v.HasSelf = game.Vec{X: 640, Y: 360}, true
	b.ReportAllocs()
	for b.Loop() {
		p.Build(v)
	}
	b.ReportMetric(float64(len(p.Glow.Vs)/4), "quads")
}
