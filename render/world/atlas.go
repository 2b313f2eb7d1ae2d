package world

import (
	"image"
	"image/color"
	"math"

	"duskfall/assets"
	"duskfall/game"
)

// Bullet looks: one per team and kind. Kinds beyond kindsPerTeam wrap, and
// any team that is not the players' is drawn as a threat.
const (
	KindsPerTeam = 8
	numLooks     = 2 * KindsPerTeam

	SpriteSize  = 64               // pixels of one atlas cell
	spriteHit   = SpriteSize / 4.0 // pixels of the hit radius inside a cell
	glowScale   = 2.0              // a sprite's half-width is glowScale × its hit radius
	atlasColumn = 4
)

// Effect cells follow the bullet looks in the same atlas, so a frame's
// flashes and sparks draw from the texture the bullets already bound.
const (
	CellGlow  = numLooks + iota // a soft white disc: muzzle flashes, hit flashes
	CellSpark                   // a white streak, head to the right: sparks
	CellRing                    // a thin white ring: a kill's shockwave
	CellStar                    // a four-pointed white star: the muzzle's bloom
	numCells
)

// look is where a bullet's sprite sits in the atlas and how big its quad
// is relative to the bullet's radius.
type look struct {
	SX, SY float32 // top-left of the cell
	Half   float32 // quad half-width per unit of bullet radius
	Inset  float32 // cell pixels left out on each side: a bare sprite's quad samples only its middle
	Streak bool    // drawn stretched along the flight, head first (the players' shots)
}

// lookIndex picks a bullet's look from its team and kind.
func lookIndex(team, kind uint8) int {
	t := 1
	if team == game.TeamPlayer {
		t = 0
	}
	return t*KindsPerTeam + int(kind%KindsPerTeam)
}

// AtlasStyle is what an atlas is drawn from: a bullet palette's hues and
// whether glows are drawn (the Graphics setting: low leaves them out).
type AtlasStyle struct {
	hostile  [KindsPerTeam]color.RGBA
	Friendly color.RGBA
	Hot      color.RGBA // the friendly shot's white-hot head
	glow     bool
}

// styleOf is the atlas style of a bullet palette. The friendly head is as
// close to white as docs/ART.md's rule 3 lets it be: far from every
// hostile hue, under every way of seeing the palette is held to.
func styleOf(p assets.BulletPalette, glow bool) AtlasStyle {
	st := AtlasStyle{Friendly: rgbaOf(p.Friendly), glow: glow}
	for k := range st.hostile {
		st.hostile[k] = rgbaOf(p.Hostile[k%len(p.Hostile)])
	}
	st.Hot = rgbaOf(hottestFriendly(p, visionsHeldFor(p)))
	return st
}

// visionsHeldFor are the ways of seeing under which a palette keeps the
// friendly shots apart from the hostile ones (docs/ART.md rule 3): full
// colour for the standard palette, every simulation for the colour-blind.
func visionsHeldFor(p assets.BulletPalette) []assets.Vision {
	if p.ID == colourBlindPalette {
		return assets.Visions
	}
	return []assets.Vision{assets.Normal}
}

// colourBlindPalette is the id of the palette for colour-blind eyes.
const colourBlindPalette = "colourblind"

// friendlyMargin is how far, in CIELAB, the friendly shot's hot head keeps
// from every hostile hue: the rule's 20 and room for the rounding of
// translucent pixels.
const friendlyMargin = 22

// hottestFriendly is the friendly hue at its brightest (its strongest
// channel full), mixed toward white as far as it can go (at most 70 %)
// while staying friendlyMargin from every hostile hue. A palette with a
// near-white hostile hue, as the colour-blind one has, gets a head that is
// only a brighter shade of the friendly hue.
func hottestFriendly(p assets.BulletPalette, vs []assets.Vision) assets.RGB {
	white := assets.RGB{255, 255, 255}
	f := p.Friendly
	brightest := f.Scale(255 / float64(max(f[0], f[1], f[2], 1)))
	for _, base := range []assets.RGB{brightest, f} {
		for k := 0.7; k >= 0; k -= 0.05 {
			if c := base.Mix(white, max(k, 0)); farFromHostile(c, p, vs, friendlyMargin) {
				return c
			}
		}
	}
	return f
}

// farFromHostile says whether c is at least d from every hostile hue of p
// under every vision in vs.
func farFromHostile(c assets.RGB, p assets.BulletPalette, vs []assets.Vision, d float64) bool {
	for _, h := range p.Hostile {
		for _, v := range vs {
			if assets.Distance(c, h, v) < d {
				return false
			}
		}
	}
	return true
}

func rgbaOf(c assets.RGB) color.RGBA { return color.RGBA{c[0], c[1], c[2], 255} }

// PaletteStyle is the atlas style of the palette with that id, or of the
// standard palette when the look cannot be read.
func PaletteStyle(id string, glow bool) AtlasStyle {
	l, err := assets.Shared()
	if err != nil {
		return styleOf(fallbackPalette, glow)
	}
	return styleOf(l.Palette(id), glow)
}

// fallbackPalette is docs/ART.md's standard palette, for a build whose
// places.toml does not load (the assets tests refuse such a file).
var fallbackPalette = assets.BulletPalette{ID: "standard", Name: "Standard",
	Hostile: []assets.RGB{{255, 124, 84}, {255, 116, 204}, {255, 214, 60}, {255, 158, 40},
		{170, 255, 70}, {200, 140, 255}, {255, 140, 160}, {255, 236, 190}},
	Friendly: assets.RGB{150, 236, 255}}

// Without glows (the low Graphics setting) a hostile sprite's quad ends
// just past its dark rim: far fewer pixels to fill for every bullet.
const bareScale = 1.35

// bulletLooks is the atlas layout: look i sits in cell i, row-major. The
// players' looks are streaks.
func bulletLooks(glow bool) *[numLooks]look {
	var ls [numLooks]look
	for i := range ls {
		ls[i] = look{SX: CellX(i), SY: CellY(i), Half: glowScale, Streak: i < KindsPerTeam}
		if !glow && !ls[i].Streak {
			// The quad shrinks to the rim and samples the cell's middle
			// only, so the hit radius is drawn at the bullet's radius.
			ls[i].Half = bareScale
			ls[i].Inset = SpriteSize/2 - bareScale*spriteHit
		}
	}
	return &ls
}

func CellX(i int) float32 { return float32(i%atlasColumn) * SpriteSize }
func CellY(i int) float32 { return float32(i/atlasColumn) * SpriteSize }

// atlasPixels draws every look's sprite and the effect cells,
// premultiplied, into one image. It needs no display, so tests can check
// the sprites.
func atlasPixels(st AtlasStyle) *image.RGBA {
	rows := (numCells + atlasColumn - 1) / atlasColumn
	img := image.NewRGBA(image.Rect(0, 0, atlasColumn*SpriteSize, rows*SpriteSize))
	for i := range numCells {
		paint := cellPainter(i, st)
		ox, oy := int(CellX(i)), int(CellY(i))
		for y := range SpriteSize {
			for x := range SpriteSize {
				img.SetRGBA(ox+x, oy+y, paint(float64(x)+0.5, float64(y)+0.5))
			}
		}
	}
	return img
}

// cellPainter is the pixel function of cell i, over cell coordinates.
func cellPainter(i int, st AtlasStyle) func(x, y float64) color.RGBA {
	radial := func(f func(t float64) color.RGBA) func(x, y float64) color.RGBA {
		return func(x, y float64) color.RGBA {
			return f(math.Hypot(x-SpriteSize/2, y-SpriteSize/2) / spriteHit) // 1 at the hit radius
		}
	}
	switch {
	case i < KindsPerTeam:
		return func(x, y float64) color.RGBA { return streakPixel(x/SpriteSize, (y-SpriteSize/2)/(SpriteSize/2), st) }
	case i < numLooks:
		hue := st.hostile[i%KindsPerTeam]
		return radial(func(t float64) color.RGBA { return hostilePixel(t, hue, st.glow) })
	case i == CellGlow:
		return radial(glowPixel)
	case i == CellSpark:
		return func(x, y float64) color.RGBA { return sparkPixel(x/SpriteSize, (y-SpriteSize/2)/(SpriteSize/2)) }
	case i == CellRing:
		return radial(ringPixel)
	}
	return radial0(starPixel)
}

// radial0 hands f the offset from the cell's centre in half-cells.
func radial0(f func(dx, dy float64) color.RGBA) func(x, y float64) color.RGBA {
	return func(x, y float64) color.RGBA {
		return f((x-SpriteSize/2)/(SpriteSize/2), (y-SpriteSize/2)/(SpriteSize/2))
	}
}

// hostilePixel is a hostile sprite at distance t from the centre, in hit
// radii: a white core, a saturated body up to the hit radius, a thin dark
// edge just outside it (so a bullet reads over any floor, light or dark),
// then a glow (docs/ART.md rule 1).
func hostilePixel(t float64, hue color.RGBA, glowOn bool) color.RGBA {
	core := 1 - smoothstep(0.45, 0.62, t)
	body := 1 - smoothstep(0.94, 1.06, t)
	edge := smoothstep(0.96, 1.04, t) * (1 - smoothstep(1.14, 1.26, t))
	glow := 0.0
	if glowOn {
		glow = 0.55 * sq(Clamp01(1-(t-1)/(glowScale-1)))
	}
	c := mix(mix(hue, color.RGBA{255, 255, 255, 255}, core), color.RGBA{10, 6, 16, 255}, 0.85*edge)
	return premul(c, math.Max(math.Max(body, 0.8*edge), glow))
}

// The friendly streak's shape, in the cell's own measures: along runs from
// the tail's end (0) to the front (1), across from -1 to 1.
const (
	streakHead = 0.75 // where along the head's centre sits
	streakTail = 3.0  // the tail's length in head-fronts (the cell's last quarter)
)

// streakPixel is the players' shot: a white-hot head and a tail fading
// behind it, in the friendly hue, with a faint glow and never a dark rim
// (docs/ART.md rule 3). along and across are cell measures; a is the
// distance along from the head's centre and c across, in units the quad
// draws at the same world size for a shot at the reference speed.
func streakPixel(along, across float64, st AtlasStyle) color.RGBA {
	a := (along - streakHead) / (1 - streakHead)
	c := math.Abs(across)
	fade := Clamp01(1 + a/streakTail) // 1 at the head, 0 at the tail's end
	if a > 0 {
		fade = 1
	}
	head := math.Hypot(a, c) // the hit radius is at 0.5
	hot := 1 - smoothstep(0.2, 0.34, head)
	body := 1 - smoothstep(0.4, 0.54, head)
	if a < 0 {
		w := 0.4 * math.Sqrt(fade) // the tail narrows toward its end
		hot = math.Max(hot, fade*fade*(1-smoothstep(0.25*w, 0.55*w, c)))
		body = math.Max(body, math.Pow(fade, 1.2)*(1-smoothstep(0.55*w, w, c)))
	}
	glow := 0.0
	if st.glow {
		axis := math.Hypot(math.Max(a, 0)+math.Min(a+streakTail, 0), c) // distance from the streak's spine
		glow = 0.4 * sq(Clamp01(1-axis)) * math.Sqrt(fade)
	}
	col := mix(st.Friendly, st.Hot, hot)
	return premul(col, math.Max(0.95*math.Max(body, hot), glow))
}

// glowPixel is a soft white disc fading to nothing at the cell's edge.
func glowPixel(t float64) color.RGBA {
	r := t / glowScale // 1 at the cell's edge
	a := sq(Clamp01(1-r)) * (0.6 + 0.4*(1-smoothstep(0, 0.25, r)))
	return premul(color.RGBA{255, 255, 255, 255}, a)
}

// sparkPixel is a white streak whose bright head is at the right.
func sparkPixel(along, across float64) color.RGBA {
	head := 0.85
	fade := Clamp01(along / head)
	if along > head {
		fade = Clamp01(1 - (along-head)/(1-head))
	}
	w := 0.45 * fade
	return premul(color.RGBA{255, 255, 255, 255}, fade*fade*(1-smoothstep(0.3*w, w+0.02, math.Abs(across))))
}

// ringPixel is a thin white ring at 3/4 of the cell's half-width.
func ringPixel(t float64) color.RGBA {
	r := t / glowScale
	return premul(color.RGBA{255, 255, 255, 255}, 1-smoothstep(0, 0.12, math.Abs(r-0.75)))
}

// starPixel is a four-pointed star: two thin crossed rays over a soft
// centre, the bloom of a shot leaving the muzzle.
func starPixel(dx, dy float64) color.RGBA {
	r := math.Hypot(dx, dy)
	ray := func(u, v float64) float64 {
		return (1 - smoothstep(0, 0.09*(1-math.Abs(u))+0.01, math.Abs(v))) * Clamp01(1-math.Abs(u))
	}
	centre := sq(Clamp01(1 - r/0.45))
	return premul(color.RGBA{255, 255, 255, 255}, math.Max(math.Max(ray(dx, dy), ray(dy, dx)), centre))
}

func premul(c color.RGBA, a float64) color.RGBA {
	a = Clamp01(a)
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
	t := Clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

func Clamp01(x float64) float64 { return math.Min(1, math.Max(0, x)) }

func sq(x float64) float64 { return x * x }
