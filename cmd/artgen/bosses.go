package main

import "math"

// Bosses are large and layered: a body over a part that turns, with more
// detail than any common kind, so one is known at a glance across a hall.

// The Sentinel keeps the Proving Grounds: a standing diamond with a
// watching eye, ringed by a thin watch ring on which four lamps turn.
func drawSentinel(c *canvas, p pen, at pose) {
	hue := chargeRims(hueGold, at)
	keep := p.mirror(0, -1.2, 0.78, 0, 0, 1.2)
	hull(c, p, keep, hue)
	seam(c, p, p.mirror(0, -0.98, 0.62, 0, 0, 0.98), hue)
	for _, y := range []float64{-0.72, 0.72} {
		c.fill(p.disc(0, y, 0.06), hue.times(0.85), 1)
	}
	lens := meet(p.disc(0, 0.42, 0.66), p.disc(0, -0.42, 0.66))
	c.fill(lens, hue.times(0.2), 1)
	c.line(lens, hue.times(0.85), rimOf(p), 1)
	heart(c, p, 0.14*cycle(at, 0), 0, 0.16, hue, at)
}

func drawSentinelRing(c *canvas, p pen) {
	hull(c, p, p.ring(0, 0, 1.26, 1.38), hueAmber.times(0.9))
	for k := range 4 {
		a := float64(k)*math.Pi/2 + math.Pi/4
		lamp := p.moved(1.32*math.Cos(a), 1.32*math.Sin(a))
		hull(c, p, lamp.ngon(4, 0.22, a), hueGold)
		c.fill(lamp.disc(0, 0, 0.07), hueGold.toward(white, 0.4), 1)
	}
}

// The Warden, the Catacombs' jailer: a heavy riveted shield with a cage
// of bars over a keyhole heart, swinging two spiked flails on chains.
func drawWarden(c *canvas, p pen, at pose) {
	hue := chargeRims(hueEmber, at)
	shield := grow(p.mirror(0, -1.0, 0.9, -0.92, 0.86, 0.15, 0.5, 0.75, 0, 1.08), 0.04*p.r)
	hull(c, p, shield, hue.times(0.85))
	for k := range 5 {
		x := -0.6 + 0.3*float64(k)
		lit := 0.5 + 0.5*math.Cos(float64(k)-2*math.Pi*at.phase) // the rivets light in turn
		c.fill(p.disc(x, -0.8, 0.05), hue.times(0.5+0.45*lit), 1)
	}
	cage := p.disc(0, -0.05, 0.58)
	hull(c, p, cage, hue)
	inside := p.disc(0, -0.05, 0.5)
	heart(c, p, 0, -0.16, 0.17, hue, at)
	c.fill(meet(p.poly(-0.08, -0.1, 0.08, -0.1, 0.13, 0.2, -0.13, 0.2), inside), hue.toward(white, 0.25), 0.9)
	for _, x := range []float64{-0.38, -0.19, 0.19, 0.38} {
		c.fill(meet(p.stroke(x, -0.9, x, 0.9, 0.08), inside), hue.times(0.9), 1)
	}
	c.fill(meet(p.stroke(-0.9, 0.3, 0.9, 0.3, 0.08), inside), hue.times(0.9), 1)
}

func drawWardenFlails(c *canvas, p pen) {
	for _, s := range []float64{-1, 1} {
		links := make([]shape, 0, 7)
		for k := range 7 {
			t := float64(k) / 6
			links = append(links, p.ring(s*(0.8+0.42*t), 0.12+0.3*t*t, 0.045, 0.08))
		}
		c.fill(join(links...), hueEmber.times(0.75), 1)
		ball := p.moved(s*1.36, 0.56)
		hull(c, p, join(ball.star(8, 0.34, 0.2, 0), ball.disc(0, 0, 0.22)), hueEmber.times(0.9))
		c.fill(ball.disc(0, 0, 0.07), hueEmber.toward(white, 0.3), 1)
	}
}

// The Drowned Regent, the Sunken Keep's sovereign: a crowned bell with
// slit eyes and tide rings, over eight tentacles that curl and turn.
func drawRegent(c *canvas, p pen, at pose) {
	hue := chargeRims(hueViolet, at)
	frill := p.around(12, 0, func(q pen) shape { return q.disc(0, -0.78, 0.14) })
	hull(c, p, join(p.disc(0, 0.05, 0.84), frill), hue)
	for k, r := range []float64{0.5, 0.62} {
		c.line(p.ring(0, 0.05, r, r), hue.times(0.55+0.2*cycle(at, float64(k)/2)), max(1, p.r*0.03), 0.8)
	}
	crown := p.mirror(0, -1.34, 0.12, -0.94, 0.3, -1.2, 0.42, -0.9, 0.62, -1.06, 0.64, -0.58, 0, -0.5)
	hull(c, p, crown, chargeRims(hueGold, at))
	for _, g := range [][2]float64{{0, -1.2}, {0.3, -1.08}, {-0.3, -1.08}, {0.6, -0.95}, {-0.6, -0.95}} {
		c.fill(p.disc(g[0], g[1], 0.05), hueGold.toward(white, 0.3), 1)
	}
	for _, s := range []float64{-1, 1} {
		c.fill(p.oval(s*0.3, -0.08, 0.17, 0.06, s*0.35), hueCoral.toward(white, 0.25), 1)
	}
	heart(c, p, 0, 0.38, 0.18, hueCoral, at)
}

func drawRegentTentacles(c *canvas, p pen) {
	for k := range 8 {
		a := float64(k)*math.Pi/4 + math.Pi/8
		hull(c, p, p.arm(a, 0.55, 1.45, 1.1, 0.26, 0.07), hueRose.times(0.85))
	}
}
