package main

import (
	"fmt"

	"duskfall/assets"
	"duskfall/levels"
)

// The players' ships are drawn white, pointing along +x, and tinted in
// play (the own ship and friends apart); each design has a glow and a
// flash. The keeper of the hub shares their sheet.

// shipDesigns draw each design of assets.ShipDesigns, pointing up in
// design units of the ship's radius.
var shipDesigns = map[string]func(c *canvas, p pen){
	"striker":    drawStriker,
	"warden":     drawWardenShip,
	"skirmisher": drawSkirmisher,
	"mystic":     drawMystic,
	"dart":       drawDart,
	"twin":       drawTwin,
}

// shipReach is how far any ship's art goes, in ship radii: the nose.
const shipReach = 2.0

func init() { register("ships", func(*assets.Look) ([]output, error) { return shipSheet() }) }

func shipSheet() ([]output, error) {
	c, err := levels.LoadContent()
	if err != nil {
		return nil, err
	}
	s := newSheet("sprites", assets.ShipsSheet, 512)
	for _, name := range assets.ShipDesigns {
		draw, ok := shipDesigns[name]
		if !ok {
			return nil, fmt.Errorf("ship design %q has no art: draw it in cmd/artgen (docs/ART.md)", name)
		}
		d := design{id: assets.Ship(name), radius: c.Player.Radius, reach: shipReach, upward: true}
		body, p := d.canvasFor()
		draw(body, p)
		addCropped(s, d.id, body)
		addCropped(s, assets.Glow(d.id), body.glow(d.sigma(), 1.2))
		addCropped(s, assets.Flash(d.id), body.silhouette())
	}
	addKeeper(s)
	return s.outputs()
}

// The Striker, every ship's today: a round hull with a long nose and swept
// wings, its cockpit a bright bead.
func drawStriker(c *canvas, p pen) {
	hull(c, p, p.pair(0.55, 0.05, 1.25, 0.95, 1.05, 1.15, 0.45, 0.75), hueShip)
	hull(c, p, join(p.disc(0, 0.15, 0.92), p.mirror(0, -1.95, 0.42, -0.55, 0, -0.2)), hueShip)
	seam(c, p, p.stroke(0, -1.55, 0, -0.85, 0.001), hueShip)
	shipCore(c, p, 0, 0.12, 0.34)
	engines(c, p, 0.25, 1.05)
}

// The Warden's ship: broad and heavy, a shield of a hull.
func drawWardenShip(c *canvas, p pen) {
	hull(c, p, p.mirror(0, -1.5, 0.55, -1.05, 1.3, -0.15, 1.35, 0.6, 0.65, 1.05, 0, 0.9), hueShip)
	seam(c, p, p.mirror(0, -1.15, 0.42, -0.82, 1.0, -0.1, 1.02, 0.45, 0.5, 0.78, 0, 0.66), hueShip)
	shipCore(c, p, 0, 0, 0.36)
	engines(c, p, 0.42, 1.0)
}

// The Skirmisher: slim and forked, two prongs ahead of a narrow hull.
func drawSkirmisher(c *canvas, p pen) {
	hull(c, p, p.mirror(0, -0.55, 0.22, -1.85, 0.46, -1.72, 0.5, -0.2, 0.95, 0.75, 0.4, 0.95, 0, 0.65), hueShip)
	seam(c, p, p.pair(0.32, -1.5, 0.36, -0.5), hueShip)
	shipCore(c, p, 0, 0.15, 0.28)
	engines(c, p, 0.35, 0.98)
}

// The Mystic: a round hull in a crescent, a small point ahead and an
// orbiting bead of light.
func drawMystic(c *canvas, p pen) {
	hull(c, p, cut(p.disc(0, 0.05, 1.3), p.disc(0, -0.35, 1.22)), hueShip)
	hull(c, p, join(p.disc(0, 0, 0.78), p.mirror(0, -1.75, 0.3, -0.6, 0, -0.5)), hueShip)
	c.fill(p.disc(0.95, -0.85, 0.14), white, 0.9)
	shipCore(c, p, 0, 0, 0.3)
}

// The Dart: a narrow arrowhead whose wings sweep far back past its stern,
// built to be somewhere else a moment from now; a streak down its spine.
func drawDart(c *canvas, p pen) {
	hull(c, p, p.mirror(0, -1.95, 0.3, -0.9, 1.2, 1.2, 0.85, 1.3, 0.3, 0.55, 0, 0.75), hueShip)
	seam(c, p, p.stroke(0, -1.5, 0, 0.4, 0.001), hueShip)
	seam(c, p, p.pair(0.45, 0.1, 0.95, 1.05), hueShip)
	shipCore(c, p, 0, -0.35, 0.24)
	engines(c, p, 0.2, 0.7)
}

// The Twin: two slender hulls side by side, joined by a bridge at the
// middle, as if the ship and its double flew as one.
func drawTwin(c *canvas, p pen) {
	hulls := p.pair(0.45, -1.6, 0.8, -0.75, 0.85, 0.95, 0.55, 1.15, 0.25, 0.8, 0.2, -0.7)
	hull(c, p, join(hulls, p.poly(-0.4, -0.2, 0.4, -0.2, 0.4, 0.3, -0.4, 0.3)), hueShip)
	seam(c, p, p.pair(0.52, -1.2, 0.55, 0.7), hueShip)
	shipCore(c, p, 0, 0.05, 0.26)
	engines(c, p, 0.55, 1.05)
}

// shipCore is a ship's cockpit: a white bead.
func shipCore(c *canvas, p pen, u, v, r float64) {
	o := p.at(u, v)
	c.core(o.x, o.y, r*p.r, white.times(0.75), white)
}

// engines are two small lights at the ship's stern, x apart from its
// middle, at depth y.
func engines(c *canvas, p pen, x, y float64) {
	for _, s := range []float64{-1, 1} {
		o := p.at(s*x, y)
		c.core(o.x, o.y, 0.13*p.r, white.times(0.6), white)
	}
}

// The keeper of the hub: a hooded figure in a long robe, a staff in its
// hand crowned with an orb. It stands upright; its orb pulses in play.
func addKeeper(s *sheetBuilder) {
	d := design{id: "keeper", radius: 16, reach: 2.2}
	c, p := d.canvasFor()
	hull(c, p, p.stroke(1.02, -1.6, 1.02, 1.08, 0.14), hueWood)
	robe := p.mirror(0, -0.78, 0.36, -0.64, 0.6, 0.1, 0.95, 1.05, 0, 0.96)
	hull(c, p, robe, hueKeeper.times(0.9))
	seam(c, p, meet(join(p.stroke(0, -0.4, 0, 1.0, 0.001), p.stroke(-0.3, 0.1, -0.45, 1.0, 0.001)), robe), hueKeeper)
	hull(c, p, p.stroke(0.28, -0.38, 0.92, 0.02, 0.3), hueKeeper.times(0.8))
	c.fill(p.disc(1.0, 0.02, 0.13), hueKeeper.toward(white, 0.3), 1)
	hood := join(p.disc(0, -0.98, 0.44), p.mirror(0, -1.72, 0.44, -1.02, 0.42, -0.66, 0, -0.72))
	hull(c, p, hood, hueKeeper)
	c.fill(p.oval(0, -0.92, 0.26, 0.21, 0), hueKeeper.times(0.1), 1)
	for _, x := range []float64{-0.1, 0.1} {
		c.fill(p.disc(x, -0.93, 0.045), hueKeeper.toward(white, 0.6), 1)
	}
	orb := p.at(1.02, -1.78)
	c.core(orb.x, orb.y, 0.26*p.r, hueKeeper, white)
	addCropped(s, "keeper", c)
	addCropped(s, assets.Glow("keeper"), c.glow(d.sigma(), 1.3))
}
