package main

import "duskfall/assets"

// Effects' pieces, drawn white and tinted in play: a spark (a streak along
// +x, for bursts), a thin ring (a telegraph's tightening ring, a shock
// wave) and a wide one for bosses, and a soft dot of light.

func init() { register("fx", func(*assets.Look) ([]output, error) { return fxSheet() }) }

func fxSheet() ([]output, error) {
	s := newSheet("sprites", assets.FXSheet, 256)
	d := design{id: "fx", radius: 4, reach: 1.5}
	spark, p := d.canvasFor()
	spark.glowFill(p.oval(0, 0, 1.4, 0.32, 0), white, 0.5)
	spark.glowFill(p.oval(0.2, 0, 0.8, 0.16, 0), white, 0.6)
	addCropped(s, "fx_spark", spark)

	ring := design{id: "fx", radius: 16, reach: 1.05}
	rc, p := ring.canvasFor()
	rc.glowFill(p.ring(0, 0, 0.9, 1.0), white, 0.9)
	rc.glowFill(p.ring(0, 0, 0.84, 1.0), white, 0.3)
	addCropped(s, "fx_ring", rc)

	// A wide ring keeps a thin band where a boss's ring would otherwise
	// swell into a smear.
	wide := design{id: "fx", radius: 64, reach: 1.02}
	wc, p := wide.canvasFor()
	wc.glowFill(p.ring(0, 0, 0.965, 1.0), white, 0.9)
	wc.glowFill(p.ring(0, 0, 0.94, 1.0), white, 0.3)
	addCropped(s, "fx_ring_wide", wc)

	dot := design{id: "fx", radius: 8, reach: 0.4}
	dc, p := dot.canvasFor()
	dc.glowFill(p.disc(0, 0, 0.4), white, 1)
	addCropped(s, "fx_dot", dc.glow(dot.sigma(), 2.2))
	return s.outputs()
}
