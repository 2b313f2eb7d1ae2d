package render

import (
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
)

func spawn(p *game.BulletPool, uid uint32, x, y, radius float64, kind, team uint8) {
	p.Spawn(game.MakeBulletSpawn(uid, 0, x, y, 0, 0, 0, 0, radius, 600, kind, team))
}

var screenCam = camera{X: 1000, Y: 2000, W: 1280, H: 720}

func TestBulletVertices(t *testing.T) {
	looks := bulletLooks()
	t.Run("a bullet is a quad of its sprite, glow included, around its screen position", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 3, game.TeamEnemy)
		vs := appendBulletVertices(nil, p, screenCam, looks, nil)
		require.Len(t, vs, 4)
		lk := looks[lookIndex(game.TeamEnemy, 3)]
		half := float32(4 * glowScale)
		assert.Equal(t, [4]float32{100 - half, 50 - half, lk.SX, lk.SY}, [4]float32{vs[0].DstX, vs[0].DstY, vs[0].SrcX, vs[0].SrcY})
		assert.Equal(t, [4]float32{100 + half, 50 + half, lk.SX + spriteSize, lk.SY + spriteSize},
			[4]float32{vs[3].DstX, vs[3].DstY, vs[3].SrcX, vs[3].SrcY})
	})
	t.Run("player bullets come first so enemy bullets are drawn over them", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 0, game.TeamEnemy)
		spawn(p, 2, 1200, 2050, 4, 0, game.TeamPlayer)
		spawn(p, 3, 1300, 2050, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(nil, p, screenCam, looks, nil)
		require.Len(t, vs, 12)
		enemyCell := looks[lookIndex(game.TeamEnemy, 0)].SY
		playerCell := looks[lookIndex(game.TeamPlayer, 0)].SY
		assert.Equal(t, []float32{playerCell, enemyCell, enemyCell}, []float32{vs[0].SrcY, vs[4].SrcY, vs[8].SrcY})
		assert.InDelta(t, 200, (vs[0].DstX+vs[3].DstX)/2, 1e-3, "the player bullet's quad is centred on x = 200")
	})
	t.Run("bullets off screen are skipped, ones whose glow reaches in are kept", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 990, 2100, 4, 0, game.TeamEnemy) // 10 u left of the screen, glow 8 u: gone
		spawn(p, 2, 995, 2100, 4, 0, game.TeamEnemy) // 5 u left: its glow shows
		spawn(p, 3, 1500, 2800, 4, 0, game.TeamEnemy)
		spawn(p, 4, 1500, 1900, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(nil, p, screenCam, looks, nil)
		require.Len(t, vs, 4)
		assert.InDelta(t, -5+8, vs[3].DstX, 1e-3)
	})
	t.Run("vertices are appended to what the slice holds", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(make([]ebiten.Vertex, 2), p, screenCam, looks, nil)
		assert.Len(t, vs, 6)
	})
}

func TestLookIndex(t *testing.T) {
	cases := []struct {
		name       string
		team, kind uint8
		want       int
	}{
		{"player kind 0 is the first look", game.TeamPlayer, 0, 0},
		{"enemy kinds follow the player kinds", game.TeamEnemy, 2, kindsPerTeam + 2},
		{"kinds past the table wrap", game.TeamEnemy, kindsPerTeam + 1, kindsPerTeam + 1},
		{"an unknown team is drawn as a threat", 7, 0, kindsPerTeam},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, lookIndex(c.team, c.kind))
		})
	}
}

func TestQuadIndicesTableCoversOneCall(t *testing.T) {
	require.Len(t, quadIndices, maxQuadsPerCall*6)
	assert.Equal(t, []uint16{0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6}, quadIndices[:12])
	last := quadIndices[len(quadIndices)-6:]
	assert.Equal(t, uint16(maxBatchVertices-1), last[4], "the last quad uses the last 16-bit vertex index")
}

func TestBulletVerticesAllocateNothingOnceGrown(t *testing.T) {
	p := fullScreenPool(2000)
	looks := bulletLooks()
	vs := appendBulletVertices(nil, p, camera{W: 1280, H: 720}, looks, nil)
	allocs := testing.AllocsPerRun(20, func() {
		vs = appendBulletVertices(vs[:0], p, camera{W: 1280, H: 720}, looks, nil)
	})
	assert.Zero(t, allocs)
}

// lum is a pixel's brightness per unit alpha (straight colour).
func straight(c color.RGBA) (r, g, b, a float64) {
	if c.A == 0 {
		return 0, 0, 0, 0
	}
	a = float64(c.A) / 255
	return float64(c.R) / 255 / a, float64(c.G) / 255 / a, float64(c.B) / 255 / a, a
}

func saturation(c color.RGBA) float64 {
	r, g, b, _ := straight(c)
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if hi == 0 {
		return 0
	}
	return (hi - lo) / hi
}

func TestAtlasLooks(t *testing.T) {
	img := atlasPixels()
	looks := bulletLooks()
	at := func(i int, dx, dy float64) color.RGBA {
		lk := looks[i]
		return img.RGBAAt(int(lk.SX)+int(spriteSize/2+dx), int(lk.SY)+int(spriteSize/2+dy))
	}
	for k := range kindsPerTeam {
		enemy, player := lookIndex(game.TeamEnemy, uint8(k)), lookIndex(game.TeamPlayer, uint8(k))
		t.Run("enemy bullets have an opaque white core", func(t *testing.T) {
			assert.Equal(t, color.RGBA{255, 255, 255, 255}, at(enemy, 0, 0))
		})
		t.Run("enemy bullets have a saturated opaque rim inside the hit radius", func(t *testing.T) {
			rim := at(enemy, spriteHit*0.8, 0)
			assert.Equal(t, uint8(255), rim.A)
			assert.Greater(t, saturation(rim), 0.6)
		})
		t.Run("every sprite glows past its hit radius and fades out by the cell edge", func(t *testing.T) {
			for _, i := range []int{enemy, player} {
				assert.NotZero(t, at(i, spriteHit*1.3, 0).A)
				assert.Zero(t, at(i, spriteSize/2-1, 0).A)
			}
		})
		t.Run("player bullets are translucent and muted", func(t *testing.T) {
			for _, d := range []float64{0, spriteHit * 0.5, spriteHit * 0.8} {
				c := at(player, d, 0)
				assert.Less(t, c.A, uint8(150))
				assert.Less(t, saturation(c), 0.5)
			}
		})
	}
}

// fullScreenPool holds n bullets of every look spread over a 1280×720
// screen at the origin.
func fullScreenPool(n int) *game.BulletPool {
	rng := rand.New(rand.NewPCG(1, 2))
	p := game.NewBulletPool(n)
	for i := range n {
		team := game.TeamEnemy
		if i%4 == 0 {
			team = game.TeamPlayer
		}
		spawn(p, uint32(i+1), rng.Float64()*1280, rng.Float64()*720, 3+rng.Float64()*6, uint8(i%kindsPerTeam), team)
	}
	return p
}

// BenchmarkBulletVertices10k builds the vertices as the play scene does:
// each bullet on screen is also checked against the fog.
func BenchmarkBulletVertices10k(b *testing.B) {
	p := fullScreenPool(10000)
	looks := bulletLooks()
	cam := camera{W: 1280, H: 720}
	fog := screenFog()
	vs := appendBulletVertices(nil, p, cam, looks, fog)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		vs = appendBulletVertices(vs[:0], p, cam, looks, fog)
	}
	b.ReportMetric(float64(len(vs)/4), "quads")
}

func TestTelegraphVertices(t *testing.T) {
	looks := bulletLooks()
	tele := []client.Telegraph{
		{Spawn: game.MakeBulletSpawn(1, 50, 1100, 2050, 0, 3, 0, 0, 4, 600, 0, game.TeamEnemy)},         // flies +x
		{Spawn: game.MakeBulletSpawn(2, 50, 1100, 2050, math.Pi/2, 3, 0, 0, 4, 600, 0, game.TeamEnemy)}, // flies +y
		{Spawn: game.MakeBulletSpawn(3, 50, 900, 2050, 0, 3, 0, 0, 4, 600, 0, game.TeamEnemy)},          // off screen
	}
	vs := appendTelegraphVertices(nil, tele, screenCam, looks, nil)
	require.Len(t, vs, 8, "a quad for each announced bullet on screen")
	centre := func(q int) (float32, float32) {
		return (vs[4*q].DstX + vs[4*q+3].DstX) / 2, (vs[4*q].DstY + vs[4*q+3].DstY) / 2
	}
	x, y := centre(0)
	assert.InDelta(t, 100+telegraphReach, x, 1e-3, "pushed out along its direction")
	assert.InDelta(t, 50, y, 1e-3)
	x, y = centre(1)
	assert.InDelta(t, 100, x, 1e-3)
	assert.InDelta(t, 50+telegraphReach, y, 1e-3)
	assert.InDelta(t, telegraphAlpha, vs[0].ColorA, 1e-6, "faint: it has not left yet")
}
