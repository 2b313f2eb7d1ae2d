package world

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

func spawn(p *game.BulletPool, uid uint32, x, y, radius float64, kind, team uint8) {
	p.Spawn(game.MakeBulletSpawn(uid, 0, x, y, 0, 0, 0, 0, radius, 600, kind, team))
}

var screenCam = Camera{X: 1000, Y: 2000, W: 1280, H: 720}

func TestBulletVertices(t *testing.T) {
	looks := bulletLooks(true)
	t.Run("a bullet is a quad of its sprite, glow included, around its screen position", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 3, game.TeamEnemy)
		vs := appendBulletVertices(nil, PoolColumns(p), screenCam, looks, nil)
		require.Len(t, vs, 4)
		lk := looks[lookIndex(game.TeamEnemy, 3)]
		half := float32(4 * glowScale)
		assert.Equal(t, [4]float32{100 - half, 50 - half, lk.SX, lk.SY}, [4]float32{vs[0].DstX, vs[0].DstY, vs[0].SrcX, vs[0].SrcY})
		assert.Equal(t, [4]float32{100 + half, 50 + half, lk.SX + SpriteSize, lk.SY + SpriteSize},
			[4]float32{vs[3].DstX, vs[3].DstY, vs[3].SrcX, vs[3].SrcY})
	})
	t.Run("player bullets come first so enemy bullets are drawn over them", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 0, game.TeamEnemy)
		spawn(p, 2, 1200, 2050, 4, 0, game.TeamPlayer)
		spawn(p, 3, 1300, 2050, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(nil, PoolColumns(p), screenCam, looks, nil)
		require.Len(t, vs, 12)
		enemyCell := looks[lookIndex(game.TeamEnemy, 0)].SY
		playerCell := looks[lookIndex(game.TeamPlayer, 0)].SY
		assert.Equal(t, []float32{playerCell, enemyCell, enemyCell}, []float32{vs[0].SrcY, vs[4].SrcY, vs[8].SrcY})
		head := (streakHead*(vs[1].DstX+vs[3].DstX) + (1-streakHead)*(vs[0].DstX+vs[2].DstX)) / 2
		assert.InDelta(t, 200, head, 1e-3, "the player bullet's head is at x = 200")
	})
	t.Run("a player's shot is a streak along its flight, its tail behind its head", func(t *testing.T) {
		p := game.NewBulletPool(16)
		p.Spawn(game.MakeBulletSpawn(1, 0, 1100, 2050, math.Pi/2, streakRefSpeed, 0, 0, 5, 600, 0, game.TeamPlayer)) // flies +y
		vs := appendBulletVertices(nil, PoolColumns(p), screenCam, looks, nil)
		require.Len(t, vs, 4)
		half := float32(5 * glowScale)
		tail, front := (vs[0].DstY+vs[2].DstY)/2, (vs[1].DstY+vs[3].DstY)/2
		assert.InDelta(t, 50-half*streakTail, tail, 1e-3, "the tail trails behind, against the flight")
		assert.InDelta(t, 50+half, front, 1e-3, "the front is a head's half-width ahead")
		assert.InDelta(t, 100, (vs[0].DstX+vs[1].DstX+vs[2].DstX+vs[3].DstX)/4, 1e-3, "and it is centred across on the shot")
		assert.InDelta(t, 2*half, math.Abs(float64(vs[2].DstX-vs[0].DstX)), 1e-3, "its width is the sprite's")
	})
	t.Run("a faster shot leaves a longer tail, within limits", func(t *testing.T) {
		length := func(speed float64) float32 {
			p := game.NewBulletPool(16)
			p.Spawn(game.MakeBulletSpawn(1, 0, 1100, 2050, 0, speed, 0, 0, 5, 600, 0, game.TeamPlayer))
			vs := appendBulletVertices(nil, PoolColumns(p), screenCam, looks, nil)
			return vs[1].DstX - vs[0].DstX
		}
		assert.Greater(t, length(16), length(12))
		assert.Greater(t, length(12), length(8))
		assert.Equal(t, length(100), length(40), "a very fast shot's streak stops growing")
	})
	t.Run("bullets off screen are skipped, ones whose glow reaches in are kept", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 990, 2100, 4, 0, game.TeamEnemy) // 10 u left of the screen, glow 8 u: gone
		spawn(p, 2, 995, 2100, 4, 0, game.TeamEnemy) // 5 u left: its glow shows
		spawn(p, 3, 1500, 2800, 4, 0, game.TeamEnemy)
		spawn(p, 4, 1500, 1900, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(nil, PoolColumns(p), screenCam, looks, nil)
		require.Len(t, vs, 4)
		assert.InDelta(t, -5+8, vs[3].DstX, 1e-3)
	})
	t.Run("vertices are appended to what the slice holds", func(t *testing.T) {
		p := game.NewBulletPool(16)
		spawn(p, 1, 1100, 2050, 4, 0, game.TeamEnemy)
		vs := appendBulletVertices(make([]ebiten.Vertex, 2), PoolColumns(p), screenCam, looks, nil)
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
		{"enemy kinds follow the player kinds", game.TeamEnemy, 2, KindsPerTeam + 2},
		{"kinds past the table wrap", game.TeamEnemy, KindsPerTeam + 1, KindsPerTeam + 1},
		{"an unknown team is drawn as a threat", 7, 0, KindsPerTeam},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, lookIndex(c.team, c.kind))
		})
	}
}

func TestQuadIndicesTableCoversOneCall(t *testing.T) {
	require.Len(t, QuadIndices, MaxQuadsPerCall*6)
	assert.Equal(t, []uint16{0, 1, 2, 1, 3, 2, 4, 5, 6, 5, 7, 6}, QuadIndices[:12])
	last := QuadIndices[len(QuadIndices)-6:]
	assert.Equal(t, uint16(ui.MaxBatchVertices-1), last[4], "the last quad uses the last 16-bit vertex index")
}

func TestBulletVerticesAllocateNothingOnceGrown(t *testing.T) {
	p := fullScreenPool(2000)
	looks := bulletLooks(true)
	vs := appendBulletVertices(nil, PoolColumns(p), Camera{W: 1280, H: 720}, looks, nil)
	allocs := allocsPerRun(20, func() {
		vs = appendBulletVertices(vs[:0], PoolColumns(p), Camera{W: 1280, H: 720}, looks, nil)
	})
	assert.Zero(t, allocs)
}

// straight is a premultiplied pixel's colour per unit alpha, and its alpha.
func straight(c color.RGBA) (r, g, b, a float64) {
	if c.A == 0 {
		return 0, 0, 0, 0
	}
	a = float64(c.A) / 255
	return float64(c.R) / 255 / a, float64(c.G) / 255 / a, float64(c.B) / 255 / a, a
}

// straightRGB is a premultiplied pixel's colour as sRGB bytes.
func straightRGB(c color.RGBA) assets.RGB {
	r, g, b, _ := straight(c)
	byteOf := func(v float64) uint8 { return uint8(math.Round(min(1, v) * 255)) }
	return assets.RGB{byteOf(r), byteOf(g), byteOf(b)}
}

func saturation(c color.RGBA) float64 {
	r, g, b, _ := straight(c)
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if hi == 0 {
		return 0
	}
	return (hi - lo) / hi
}

// bulletPalettes are the embedded bullet bulletPalettes, standard first.
func bulletPalettes(t *testing.T) []assets.BulletPalette {
	t.Helper()
	l, err := assets.Shared()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(l.Palettes), 2)
	return l.Palettes
}

// cellAt is a pixel of atlas cell i, dx, dy from the cell's centre.
func cellAt(img *image.RGBA, i int, dx, dy float64) color.RGBA {
	return img.RGBAAt(int(CellX(i))+int(SpriteSize/2+dx), int(CellY(i))+int(SpriteSize/2+dy))
}

func TestHostileBulletsTakeTheirPalettesHues(t *testing.T) {
	for _, p := range bulletPalettes(t) {
		img := atlasPixels(styleOf(p, true))
		for k := range KindsPerTeam {
			i := lookIndex(game.TeamEnemy, uint8(k))
			hue := p.Hostile[k%len(p.Hostile)]
			t.Run(p.Name+" kind "+string(rune('0'+k))+" has an opaque white core", func(t *testing.T) {
				assert.Equal(t, color.RGBA{255, 255, 255, 255}, cellAt(img, i, 0, 0))
			})
			t.Run(p.Name+" kind "+string(rune('0'+k))+" has a body in the palette's hue for its kind", func(t *testing.T) {
				body := cellAt(img, i, spriteHit*0.8, 0)
				assert.Equal(t, uint8(255), body.A)
				assert.Equal(t, hue, straightRGB(body))
			})
			t.Run(p.Name+" kind "+string(rune('0'+k))+" has a thin dark rim just outside its hit radius", func(t *testing.T) {
				rim := straightRGB(cellAt(img, i, spriteHit*1.1, 0))
				assert.Less(t, rim.Luminance(assets.Normal), 0.25*hue.Luminance(assets.Normal))
			})
			t.Run(p.Name+" kind "+string(rune('0'+k))+" glows past its rim and fades out by the cell's edge", func(t *testing.T) {
				assert.NotZero(t, cellAt(img, i, spriteHit*1.4, 0).A)
				assert.Zero(t, cellAt(img, i, SpriteSize/2-1, 0).A)
			})
		}
	}
	t.Run("without glows a hostile sprite ends at its rim, and its quad with it", func(t *testing.T) {
		img := atlasPixels(styleOf(bulletPalettes(t)[0], false))
		i := lookIndex(game.TeamEnemy, 0)
		assert.Zero(t, cellAt(img, i, spriteHit*1.3, 0).A)
		assert.Equal(t, float32(bareScale), bulletLooks(false)[i].Half)
	})
	t.Run("without glows the hit radius is still drawn at the bullet's radius", func(t *testing.T) {
		for _, glow := range []bool{true, false} {
			p := game.NewBulletPool(4)
			spawn(p, 1, 1100, 2050, 6, 2, game.TeamEnemy)
			vs := appendBulletVertices(nil, PoolColumns(p), screenCam, bulletLooks(glow), nil)
			require.Len(t, vs, 4)
			texelsPerPixel := (vs[1].SrcX - vs[0].SrcX) / (vs[1].DstX - vs[0].DstX)
			assert.InDelta(t, spriteHit/6, texelsPerPixel, 1e-4, "glow %v: the cell's hit radius spans the bullet's 6 pixels", glow)
			assert.InDelta(t, 100, (vs[0].DstX+vs[1].DstX)/2, 1e-4, "glow %v: centred on the bullet", glow)
		}
	})
}

// shotPixels are the friendly streak's pixels opaque enough for their
// colour to be read from their bytes: fainter ones are glow, whose colour
// rounding blurs (a pixel of alpha 1/255 has no colour to speak of).
func shotPixels(img *image.RGBA) []color.RGBA {
	var px []color.RGBA
	i := lookIndex(game.TeamPlayer, 0)
	for y := range SpriteSize {
		for x := range SpriteSize {
			c := img.RGBAAt(int(CellX(i))+x, int(CellY(i))+y)
			if c.A >= minReadableAlpha {
				px = append(px, c)
			}
		}
	}
	return px
}

// minReadableAlpha is the least alpha whose pixel's colour is read for
// docs/ART.md rule 3: at 1/4 a channel's rounding moves it by 2 levels at
// most, about 1.5 in CIELAB.
const minReadableAlpha = 64

func TestThePlayersShotIsNeverInAHostileHue(t *testing.T) {
	cases := []struct {
		name    string
		palette int
		visions []assets.Vision
	}{
		{"in full colour with the standard palette", 0, []assets.Vision{assets.Normal}},
		{"with the colour-blind palette under every way of seeing", 1, assets.Visions},
	}
	for _, c := range cases {
		p := bulletPalettes(t)[c.palette]
		px := shotPixels(atlasPixels(styleOf(p, true)))
		require.NotEmpty(t, px)
		t.Run("every pixel of the players' shot is at least 20 from every hostile hue "+c.name, func(t *testing.T) {
			closest := math.Inf(1)
			for _, v := range c.visions {
				for _, h := range p.Hostile {
					for _, q := range px {
						closest = min(closest, assets.Distance(straightRGB(q), h, v))
					}
				}
			}
			assert.GreaterOrEqual(t, closest, 20.0)
			t.Logf("closest: %.1f", closest)
		})
		t.Run("the players' shot has no dark rim: no pixel is darker than its hue "+c.name, func(t *testing.T) {
			floor := 0.95 * p.Friendly.Luminance(assets.Normal)
			for _, q := range px {
				require.GreaterOrEqual(t, straightRGB(q).Luminance(assets.Normal), floor, "pixel %v", q)
			}
		})
	}
}

func TestThePlayersShotIsAStreak(t *testing.T) {
	for _, p := range bulletPalettes(t) {
		img := atlasPixels(styleOf(p, true))
		i := lookIndex(game.TeamPlayer, 0)
		along := func(u float64) color.RGBA { return cellAt(img, i, (u-0.5)*SpriteSize, 0) }
		t.Run(p.Name+": its head is white-hot: nearly opaque and lighter than its hue", func(t *testing.T) {
			head := along(streakHead)
			assert.Greater(t, head.A, uint8(230))
			assert.Greater(t, straightRGB(head).Luminance(assets.Normal), p.Friendly.Luminance(assets.Normal))
		})
		t.Run(p.Name+": its tail fades toward its end", func(t *testing.T) {
			last := along(streakHead - 0.05).A
			for u := streakHead - 0.15; u > 0.05; u -= 0.1 {
				a := along(u).A
				assert.Less(t, a, last, "at %.2f", u)
				last = a
			}
		})
		t.Run(p.Name+": its body is the palette's friendly hue", func(t *testing.T) {
			body := cellAt(img, i, (streakHead-0.5)*SpriteSize, 0.3*SpriteSize/2)
			assert.Less(t, assets.Distance(straightRGB(body), p.Friendly, assets.Normal), 8.0)
		})
		t.Run(p.Name+": it is narrower across than it is long", func(t *testing.T) {
			assert.Zero(t, cellAt(img, i, (streakHead-0.5)*SpriteSize, SpriteSize/2-2).A)
			assert.NotZero(t, along(0.3).A)
		})
	}
	t.Run("the friendly hue changes with the palette", func(t *testing.T) {
		ps := bulletPalettes(t)
		assert.NotEqual(t, styleOf(ps[0], true).Friendly, styleOf(ps[1], true).Friendly)
	})
}

func TestTheBulletLayerFollowsThePaletteChosen(t *testing.T) {
	ps := bulletPalettes(t)
	l := NewBulletLayer(ps[0].ID, true)
	first := l.Atlas
	l.Follow(ps[0].ID, true)
	assert.Same(t, first, l.Atlas, "the same palette keeps the atlas")
	l.Follow(ps[1].ID, true)
	assert.NotSame(t, first, l.Atlas, "another palette draws a new one")
	img := atlasPixels(l.style)
	for k := range KindsPerTeam {
		body := cellAt(img, lookIndex(game.TeamEnemy, uint8(k)), spriteHit*0.8, 0)
		assert.Equal(t, ps[1].Hostile[k%len(ps[1].Hostile)], straightRGB(body), "kind %d", k)
	}
	l.Follow(ps[1].ID, false)
	assert.Equal(t, float32(bareScale), l.looks[lookIndex(game.TeamEnemy, 0)].Half, "the low Graphics setting drops the glows")
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
		spawn(p, uint32(i+1), rng.Float64()*1280, rng.Float64()*720, 3+rng.Float64()*6, uint8(i%KindsPerTeam), team)
	}
	return p
}

// BenchmarkBulletVertices10k builds the vertices as the play scene does:
// each bullet on screen is also checked against the fog.
func BenchmarkBulletVertices10k(b *testing.B) {
	p := fullScreenPool(10000)
	looks := bulletLooks(true)
	cam := Camera{W: 1280, H: 720}
	fog := screenFog()
	vs := appendBulletVertices(nil, PoolColumns(p), cam, looks, fog)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		vs = appendBulletVertices(vs[:0], PoolColumns(p), cam, looks, fog)
	}
	b.ReportMetric(float64(len(vs)/4), "quads")
}

func TestTelegraphVertices(t *testing.T) {
	looks := bulletLooks(true)
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
