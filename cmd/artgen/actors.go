package main

import (
	"hash/fnv"
	"image"
	"math"

	"duskfall/assets"
)

// frameScale is world units per pixel: sprites are drawn at 2× so they stay
// crisp when the window is scaled up.
const frameScale = 0.5

// pose is the moment of an actor a frame shows.
type pose struct {
	phase  float64 // 0..1 through its idle motion
	charge bool    // planted and charging its telegraph
}

// design is how one actor is drawn: body at a pose with a pen whose unit
// is the actor's radius, and perhaps a part under it that turns at draw
// time. reach is how far the art goes, in radii.
type design struct {
	id     string
	radius float64 // world units
	reach  float64
	body   func(c *canvas, p pen, at pose)
	part   func(c *canvas, p pen) // nil when the actor has none
	shards int
	upward bool // drawn pointing up in its design; turned to point along +x
}

// glowPad is the room, in pixels, a frame leaves around the art for its
// glow.
func (d design) glowPad() int { return int(math.Ceil(3*d.sigma())) + 2 }

// sigma is the glow's blur radius in pixels: wide enough to read as light
// around the body, narrow enough not to swallow a neighbour.
func (d design) sigma() float64 { return max(3, d.radius/frameScale*0.22) }

// canvasFor is a canvas the actor fits in with its glow, and its pen.
func (d design) canvasFor() (*canvas, pen) {
	unit := d.radius / frameScale
	half := int(math.Ceil(d.reach*unit)) + d.glowPad()
	c := newCanvas(2*half, 2*half)
	p := pen{x: float64(half), y: float64(half), r: unit}
	if d.upward {
		p.ang = math.Pi / 2
	}
	return c, p
}

// addActor draws every frame of an actor onto the sheet: its idle frames,
// its charge, its part, its glow, its flash and its shards.
func addActor(s *sheetBuilder, d design) {
	idle := make([]*canvas, assets.IdleFrames)
	for i := range idle {
		idle[i] = d.draw(pose{phase: float64(i) / assets.IdleFrames})
		addCropped(s, assets.Idle(d.id, i), idle[i])
	}
	addCropped(s, assets.Charge(d.id), d.draw(pose{charge: true}))
	whole, _ := d.canvasFor()
	if d.part != nil {
		part, p := d.canvasFor()
		d.part(part, p)
		addCropped(s, assets.Part(d.id), part)
		whole.composite(part)
	}
	whole.composite(idle[0])
	addCropped(s, assets.Glow(d.id), whole.glow(d.sigma(), 1.6))
	addCropped(s, assets.Flash(d.id), idle[0].silhouette())
	for i, shard := range shatter(whole, d.shards, seedOf(d.id)) {
		addCropped(s, assets.Shard(d.id, i), shard)
	}
}

// draw is the actor's body at a pose, on a canvas of its own.
func (d design) draw(at pose) *canvas {
	c, p := d.canvasFor()
	d.body(c, p, at)
	return c
}

// addCropped puts the opaque part of a canvas on the sheet, anchored at
// the canvas's centre: every frame of an actor lines up on its position.
func addCropped(s *sheetBuilder, name string, c *canvas) {
	b := c.opaqueBox()
	if b.x1 <= b.x0 {
		b = box{c.w/2 - 1, c.h/2 - 1, c.w/2 + 1, c.h/2 + 1} // nothing drawn: a clear speck
	}
	s.add(name, c.crop(b).image(), image.Pt(c.w/2-b.x0, c.h/2-b.y0), frameScale)
}

// seedOf is a name's fixed seed, so each actor breaks its own way, the
// same way every run.
func seedOf(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// rng is a small deterministic generator (splitmix64).
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// float is a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// shatter cuts an actor's art into n shards: each pixel goes to the
// nearest of n seeds spread around the centre, so the pieces are wedges
// with uneven edges, and a crack along each cut is lit, as if the light
// inside were escaping. Every shard keeps the canvas's size, so it lines
// up with the whole.
func shatter(c *canvas, n int, seed uint64) []*canvas {
	r := rng{seed}
	b := c.opaqueBox()
	cx, cy := float64(c.w)/2, float64(c.h)/2
	reach := max(float64(b.x1-b.x0), float64(b.y1-b.y0)) / 2
	seeds := make([]pt, n)
	a0 := r.float() * 2 * math.Pi
	for k := range seeds {
		a := a0 + (float64(k)+0.35*(r.float()-0.5))*2*math.Pi/float64(n)
		d := reach * (0.35 + 0.3*r.float())
		seeds[k] = pt{cx + d*math.Cos(a), cy + d*math.Sin(a)}
	}
	out := make([]*canvas, n)
	for k := range out {
		out[k] = newCanvas(c.w, c.h)
	}
	nearest := func(x, y float64) (int, float64) {
		best, bestD, second := 0, math.Inf(1), math.Inf(1)
		for k, s := range seeds {
			d := math.Hypot(x-s.x, y-s.y)
			if d < bestD {
				best, bestD, second = k, d, bestD
			} else if d < second {
				second = d
			}
		}
		return best, second - bestD
	}
	for y := b.y0; y < b.y1; y++ {
		for x := b.x0; x < b.x1; x++ {
			i := y*c.w + x
			if c.px[4*i+3] <= 0 {
				continue
			}
			k, margin := nearest(float64(x)+0.5, float64(y)+0.5)
			copy(out[k].px[4*i:4*i+4], c.px[4*i:4*i+4])
			if margin < 2.5 { // the crack: the shard's cut edge glows
				out[k].add(i, colour{1, 0.9, 0.7}, 0.45*(1-margin/2.5)*c.px[4*i+3])
			}
		}
	}
	return out
}
