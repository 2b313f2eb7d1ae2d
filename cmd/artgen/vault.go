package main

import "math"

// The Star Vault's kinds (docs/ART.md, "Actors"): an eye, a comet and
// the orrery that keeps the vault.

// The Seer holds its distance and stares: an open eye whose iris looks
// about, over a halo of eight rays that turns.
func drawSeer(c *canvas, p pen, at pose) {
	hue := chargeRims(hueRose, at)
	lid := meet(p.disc(0, 0.62, 1.02), p.disc(0, -0.62, 1.02))
	hull(c, p, lid, hue)
	look := 0.22 * cycle(at, 0)
	c.fill(p.disc(look, 0, 0.36), hue.times(0.25), 1)
	c.line(p.ring(look, 0, 0.36, 0.36), hue.toward(white, 0.2), max(1, p.r*0.05), 1)
	seam(c, p, p.stroke(-0.78, 0, -0.52, 0, 0.001), hue)
	seam(c, p, p.stroke(0.52, 0, 0.78, 0, 0.001), hue)
	heart(c, p, look, 0, 0.15, hue, at)
}

func drawSeerHalo(c *canvas, p pen) {
	hull(c, p, p.star(8, 1.45, 0.72, 0), hueRose.times(0.7))
	c.fill(p.ring(0, 0, 1.0, 1.06), hueRose.times(0.45), 1)
}

// The Comet dives past: a blazing head trailing a forked tail behind its
// way, the tail's tips flickering.
func drawComet(c *canvas, p pen, at pose) {
	hue := chargeRims(hueGold, at)
	sway := 0.14 * cycle(at, 0)
	tail := join(
		p.poly(-0.5, -0.15, 0.5, -0.15, 0.28+sway, 1.9),
		p.poly(-0.5, -0.1, -0.05, 0.2, -0.78+sway*0.6, 1.55),
		p.poly(0.5, -0.1, 0.05, 0.2, 0.78+sway*0.6, 1.55),
	)
	hull(c, p, tail, chargeRims(hueAmber, at).times(0.9))
	hull(c, p, p.disc(0, -0.5, 0.62), hue)
	seam(c, p, p.ring(0, -0.5, 0.4, 0.4), hue)
	heart(c, p, 0, -0.5, 0.22, hueFlare, at)
}

// The Orrery keeps the Star Vault: a brass sun banded by its equator and
// ringed by three tilted orbits, each with its planet, that turn.
func drawOrrery(c *canvas, p pen, at pose) {
	hue := chargeRims(hueAmber, at)
	hull(c, p, p.disc(0, 0, 0.78), hue)
	c.line(p.oval(0, 0, 0.78, 0.22, 0), hue.times(0.8), max(1, p.r*0.04), 0.9)
	c.line(p.oval(0, 0, 0.22, 0.78, 0), hue.times(0.6), max(1, p.r*0.03), 0.8)
	for k := range 8 {
		a := float64(k)*math.Pi/4 + 2*math.Pi*at.phase/8
		lit := 0.55 + 0.4*math.Cos(float64(k)-2*math.Pi*at.phase)
		c.fill(p.disc(0.6*math.Cos(a), 0.6*math.Sin(a), 0.05), hueGold.times(lit), 1)
	}
	heart(c, p, 0, 0, 0.24, hueFlare, at)
}

func drawOrreryOrbits(c *canvas, p pen) {
	for k := range 3 {
		a := float64(k) * math.Pi / 3
		rx, ry := 1.5, 0.62
		orbit := cut(p.oval(0, 0, rx, ry, a), p.oval(0, 0, rx-0.1, ry-0.1, a))
		c.fill(orbit, hueGold.times(0.7), 1)
		t := a + math.Pi/2 + float64(k)*2.1 // where its planet rides on the orbit
		u, v := rx*math.Cos(t), ry*math.Sin(t)
		pu, pv := u*math.Cos(a)-v*math.Sin(a), u*math.Sin(a)+v*math.Cos(a)
		planet := []colour{hueCoral, hueViolet, hueLime}[k]
		hull(c, p, p.disc(pu, pv, 0.2), planet)
		c.fill(p.disc(pu, pv, 0.07), planet.toward(white, 0.4), 1)
	}
}
