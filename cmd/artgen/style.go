package main

import "math"

// The hues actors are drawn in. Enemies take the hostile family's warm
// hues (docs/ART.md, rules 3 and 5) or soft ones of their own, never the
// players' cyan; players' ships are drawn white and tinted in play.
var (
	hueEmber  = rgb(255, 124, 84)
	hueRose   = rgb(255, 116, 204)
	hueGold   = rgb(255, 214, 60)
	hueAmber  = rgb(255, 158, 40)
	hueLime   = rgb(170, 255, 70)
	hueViolet = rgb(200, 140, 255)
	hueCoral  = rgb(255, 140, 160)
	hueFlare  = rgb(255, 236, 190)
	hueMoth   = rgb(236, 204, 170)
	hueWood   = rgb(170, 120, 80)
	hueHot    = rgb(255, 236, 150) // the telegraph's warm light, as render's colTelegraph
	hueShip   = rgb(255, 255, 255)
	hueKeeper = rgb(110, 220, 200)
)

// rimOf is a body's rim width in pixels: about a world unit, a little
// more on large actors so bosses keep their weight.
func rimOf(p pen) float64 { return max(1.7, p.r*0.075) }

// hull lays a body part in the style: dark inside, a bright rim.
func hull(c *canvas, p pen, s shape, hue colour) { c.lit(s, hue, rimOf(p)) }

// seam is a thin line of light on a body: a panel edge, a vein.
func seam(c *canvas, p pen, s shape, hue colour) { c.line(s, hue.times(0.75), max(1, p.r*0.045), 0.9) }

// heart is an actor's core at design point (u, v), radius r units. While
// it charges its telegraph the core swells and burns toward the warm
// telegraph light (docs/ART.md, rule 5).
func heart(c *canvas, p pen, u, v, r float64, hue colour, at pose) {
	hot := hue.toward(white, 0.4)
	if at.charge {
		r *= 1.6
		hue, hot = hue.toward(hueHot, 0.6), white.toward(hueHot, 0.3)
	}
	o := p.at(u, v)
	c.core(o.x, o.y, r*p.r, hue.times(0.85), hot)
}

// chargeRims brightens a charging body's rims: the whole actor gathers
// light before it fires.
func chargeRims(hue colour, at pose) colour {
	if at.charge {
		return hue.toward(hueHot, 0.35)
	}
	return hue
}

// pair is a polygon given by its right-hand points and its mirror image,
// as two separate pieces (wings, fins, legs).
func (p pen) pair(uv ...float64) shape {
	left := make([]float64, len(uv))
	for i := 0; i < len(uv); i += 2 {
		left[i], left[i+1] = -uv[i], uv[i+1]
	}
	return join(p.poly(uv...), p.poly(left...))
}

// arm is a tapering curve of capsules from radius r0 to r1 about the
// pen's origin, starting at angle a0 and turning by twist radians along
// its length: spiral arms, tentacles, a swirl.
func (p pen) arm(a0, r0, r1, twist, w0, w1 float64) shape {
	const steps = 24
	parts := make([]shape, 0, steps)
	at := func(t float64) (float64, float64) {
		r, a := r0+(r1-r0)*t, a0+twist*t*t
		return r * math.Cos(a), r * math.Sin(a)
	}
	for k := range steps {
		t0, t1 := float64(k)/steps, float64(k+1)/steps
		u0, v0 := at(t0)
		u1, v1 := at(t1)
		parts = append(parts, p.stroke(u0, v0, u1, v1, w0+(w1-w0)*t0))
	}
	return join(parts...)
}

// cycle is a wave through the idle motion: 0 at its start, back to 0 at
// its end, so the frames loop.
func cycle(at pose, shift float64) float64 { return math.Sin(2 * math.Pi * (at.phase + shift)) }
