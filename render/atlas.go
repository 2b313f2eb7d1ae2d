package render

import (
	"image"
	"image/color"
	"math"

	"duskfall/game"
)

// Bullet looks: one per team and kind. Kinds beyond kindsPerTeam wrap, and
// any team that is not the players' is drawn as a threat.
const (
	kindsPerTeam = 8
	numLooks     = 2 * kindsPerTeam

	spriteSize  = 64               // pixels of one atlas cell
	spriteHit   = spriteSize / 4.0 // pixels of the hit radius inside a cell
	glowScale   = 2.0              // a sprite's half-width is glowScale × its hit radius
	atlasColumn = 4
)

// look is where a bullet's sprite sits in the atlas and how big its quad
// is relative to the bullet's radius.
type look struct {
	SX, SY float32 // top-left of the cell
	Half   float32 // quad half-width per unit of bullet radius
}

// lookIndex picks a bullet's look from its team and kind.
func lookIndex(team, kind uint8) int {
	t := 1
	if team == game.TeamPlayer {
		t = 0
	}
	return t*kindsPerTeam + int(kind%kindsPerTeam)
}

// Enemy bullets are bright and saturated with a white core: they are the
// threats. Player bullets are muted and translucent so they never hide one.
var (
	enemyHues = [kindsPerTeam]color.RGBA{
		{255, 64, 48, 255}, {255, 48, 208, 255}, {255, 224, 32, 255}, {32, 224, 255, 255},
		{96, 255, 64, 255}, {176, 96, 255, 255}, {255, 144, 16, 255}, {255, 72, 120, 255},
	}
	playerHues = [kindsPerTeam]color.RGBA{
		{120, 170, 230, 255}, {120, 210, 190, 255}, {190, 170, 230, 255}, {200, 200, 150, 255},
		{150, 200, 140, 255}, {220, 160, 140, 255}, {140, 190, 220, 255}, {200, 160, 200, 255},
	}
)

// bulletLooks is the atlas layout: look i sits in cell i, row-major.
func bulletLooks() *[numLooks]look {
	var ls [numLooks]look
	for i := range ls {
		ls[i] = look{
			SX:   float32(i%atlasColumn) * spriteSize,
			SY:   float32(i/atlasColumn) * spriteSize,
			Half: glowScale,
		}
	}
	return &ls
}

// atlasPixels draws every look's sprite, premultiplied, into one image. It
// needs no display, so tests can check the sprites.
func atlasPixels() *image.RGBA {
	rows := (numLooks + atlasColumn - 1) / atlasColumn
	img := image.NewRGBA(image.Rect(0, 0, atlasColumn*spriteSize, rows*spriteSize))
	for i := range numLooks {
		ox, oy := (i%atlasColumn)*spriteSize, (i/atlasColumn)*spriteSize
		enemy := i >= kindsPerTeam
		hue := playerHues[i%kindsPerTeam]
		if enemy {
			hue = enemyHues[i%kindsPerTeam]
		}
		for y := range spriteSize {
			for x := range spriteSize {
				dx := float64(x) + 0.5 - spriteSize/2
				dy := float64(y) + 0.5 - spriteSize/2
				t := math.Hypot(dx, dy) / spriteHit // 1 at the hit radius
				img.SetRGBA(ox+x, oy+y, bulletPixel(t, hue, enemy))
			}
		}
	}
	return img
}

// bulletPixel is the sprite at distance t from the centre, in hit radii.
func bulletPixel(t float64, hue color.RGBA, enemy bool) color.RGBA {
	if enemy {
		// White core, saturated rim up to the hit radius, a thin dark edge
		// just outside it (so a bullet reads over any floor, light or dark),
		// then a glow.
		core := 1 - smoothstep(0.45, 0.62, t)
		body := 1 - smoothstep(0.94, 1.06, t)
		edge := smoothstep(0.96, 1.04, t) * (1 - smoothstep(1.14, 1.26, t))
		glow := 0.55 * sq(clamp01(1-(t-1)/(glowScale-1)))
		c := mix(mix(hue, color.RGBA{255, 255, 255, 255}, core), color.RGBA{10, 6, 16, 255}, 0.85*edge)
		return premul(c, math.Max(math.Max(body, 0.8*edge), glow))
	}
	// Muted, translucent, a soft lighter centre and a faint glow.
	body := 0.5 * (1 - smoothstep(0.8, 1.0, t))
	glow := 0.12 * sq(clamp01(1-(t-1)/(glowScale-1)))
	centre := 0.35 * (1 - smoothstep(0.0, 0.6, t))
	return premul(mix(hue, color.RGBA{230, 235, 245, 255}, centre), math.Max(body, glow))
}

func premul(c color.RGBA, a float64) color.RGBA {
	a = clamp01(a)
	return color.RGBA{
		R: uint8(math.Round(float64(c.R) * a)), G: uint8(math.Round(float64(c.G) * a)),
		B: uint8(math.Round(float64(c.B) * a)), A: uint8(math.Round(255 * a)),
	}
}

func mix(a, b color.RGBA, k float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*k)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

func clamp01(x float64) float64 { return math.Min(1, math.Max(0, x)) }

func sq(x float64) float64 { return x * x }
