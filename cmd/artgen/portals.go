package main

import (
	"math"

	"duskfall/assets"
)

// Portals are drawn white and tinted in play with the place's accent
// (assets.Place.Accent): a frame, a swirl that turns inside it (drawn
// additively), and a glow. A portal into a dungeon has runes on its
// frame; the way back to the hub points out, the way down points in.

// portalRadius is a portal's drawn radius in world units.
const portalRadius = 22

func init() { register("portals", func(*assets.Look) ([]output, error) { return portalSheet() }) }

func portalSheet() ([]output, error) {
	s := newSheet("sprites", assets.PortalsSheet, 512)
	d := design{id: "portal", radius: portalRadius, reach: 1.2}
	for _, f := range []struct {
		name  string
		marks func(c *canvas, p pen)
	}{
		{"portal_frame", runes},
		{"portal_exit_frame", func(c *canvas, p pen) { chevrons(c, p, 1) }},
		{"portal_down_frame", func(c *canvas, p pen) { chevrons(c, p, -1) }},
	} {
		c, p := d.canvasFor()
		hull(c, p, p.ring(0, 0, 0.84, 1.0), white)
		seam(c, p, p.ring(0, 0, 0.74, 0.74), white)
		f.marks(c, p)
		addCropped(s, f.name, c)
	}
	swirl, p := d.canvasFor()
	for k := range 5 {
		a := float64(k) * 2 * math.Pi / 5
		swirl.glowFill(p.arm(a, 0.08, 0.78, 2.4, 0.2, 0.04), white, 0.55)
	}
	swirl.glowFill(p.disc(0, 0, 0.16), white, 0.8)
	addCropped(s, "portal_swirl", swirl)
	glow, p := d.canvasFor()
	glow.glowFill(p.disc(0, 0, 0.95), white, 0.5)
	addCropped(s, "portal_glow", glow.glow(d.sigma(), 1.5))
	return s.outputs()
}

// runes are twelve bright notches round the frame.
func runes(c *canvas, p pen) {
	for k := range 12 {
		q := p.turned(float64(k) * math.Pi / 6)
		w := 0.05
		if k%3 == 0 {
			w = 0.1
		}
		c.fill(q.stroke(0.87, 0, 0.97, 0, w), white, 1)
	}
}

// chevrons are four arrow heads on the frame, pointing out (dir 1) or in
// (dir -1).
func chevrons(c *canvas, p pen, dir float64) {
	for k := range 4 {
		q := p.turned(float64(k)*math.Pi/2 - math.Pi/2)
		tip, base := 1.2, 0.96
		if dir < 0 {
			tip, base = 0.62, 0.86
		}
		hull(c, q, q.poly(tip, 0, base, -0.2, base, 0.2), white)
	}
}
