package main

import (
	"fmt"
	"math"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/levels"
)

// Every enemy kind of levels/enemies.toml has a design here, keyed by its
// id; its size comes from the content's radius. Each silhouette says what
// the kind does (docs/ART.md, "Actors").
var enemyDesigns = map[string]design{
	"grunt":   {body: drawGrunt, reach: 1.3, shards: 7},
	"turret":  {body: drawSentry, part: drawSentryBarrels, reach: 1.35, shards: 8},
	"stalker": {body: drawStalker, reach: 1.6, shards: 6, upward: true},
	"weaver":  {body: drawWeaver, part: drawWeaverArms, reach: 1.45, shards: 7},
	"wisp":    {body: drawWisp, reach: 1.75, shards: 6},
	"lancer":  {body: drawLancer, reach: 1.7, shards: 6, upward: true},
	"bloomer": {body: drawBloomer, reach: 1.35, shards: 8},
	"mite":    {body: drawMite, reach: 1.45, shards: 6, upward: true},
	"moth":    {body: drawMoth, reach: 1.6, shards: 6},
	"seer":    {body: drawSeer, part: drawSeerHalo, reach: 1.5, shards: 7},
	"comet":   {body: drawComet, reach: 2.0, shards: 6, upward: true},

	"sentinel": {body: drawSentinel, part: drawSentinelRing, reach: 1.55, shards: 14},
	"warden":   {body: drawWarden, part: drawWardenFlails, reach: 1.75, shards: 16},
	"regent":   {body: drawRegent, part: drawRegentTentacles, reach: 1.55, shards: 16},
	"orrery":   {body: drawOrrery, part: drawOrreryOrbits, reach: 1.6, shards: 16},
}

func init() {
	register("enemies", func(*assets.Look) ([]output, error) { return enemySheet(false) })
	register("bosses", func(*assets.Look) ([]output, error) { return enemySheet(true) })
}

// enemySheet draws the enemies sheet, or the bosses'; a kind of the
// content without a design is an error that names it.
func enemySheet(bosses bool) ([]output, error) {
	c, err := levels.LoadContent()
	if err != nil {
		return nil, err
	}
	name, width := assets.EnemiesSheet, 1024
	if bosses {
		name, width = assets.BossesSheet, 2048
	}
	s := newSheet("sprites", name, width)
	for _, e := range c.Enemies {
		if e.Boss != bosses {
			continue
		}
		d, err := enemyDesign(e)
		if err != nil {
			return nil, err
		}
		addActor(s, d)
	}
	return s.outputs()
}

// enemyDesign is the design for an enemy kind, sized by its content.
func enemyDesign(e game.EnemyDef) (design, error) {
	d, ok := enemyDesigns[e.ID]
	if e.EliteOf != "" {
		d, ok = enemyDesigns[e.EliteOf]
		d = eliteDesign(d)
	}
	if !ok {
		return design{}, fmt.Errorf("enemy kind %q has no art: give it a design in cmd/artgen (docs/ART.md)", e.ID)
	}
	d.id, d.radius = e.ID, e.Radius
	return d, nil
}

// The Grunt, the honest soldier: a helmet between broad pauldrons, a
// visor an eye scans along, and the three barrels of its aimed three-way.
func drawGrunt(c *canvas, p pen, at pose) {
	hue := chargeRims(hueEmber, at)
	for _, x := range []float64{-0.36, 0, 0.36} {
		hull(c, p, p.stroke(x, 0.5, x*1.2, 1.25, 0.22), hue)
	}
	hull(c, p, join(p.oval(-1.0, -0.12, 0.46, 0.28, -0.3), p.oval(1.0, -0.12, 0.46, 0.28, 0.3)), hue)
	hull(c, p, p.mirror(0, -0.92, 0.52, -0.76, 0.7, -0.12, 0.54, 0.56, 0.24, 0.86, 0, 0.88), hue)
	c.fill(p.stroke(-0.42, -0.28, 0.42, -0.28, 0.22), hue.times(0.28), 1)
	eye := 0.32 * cycle(at, 0)
	c.fill(p.stroke(eye-0.09, -0.28, eye+0.09, -0.28, 0.15), hue.toward(white, 0.3), 1)
	seam(c, p, p.stroke(-0.36, 0.12, 0.36, 0.12, 0.001), hue)
	heart(c, p, 0, 0.42, 0.19, hue, at)
}

// The Sentry stands where it was built: a squat armoured octagon, bolted
// and domed, over four heavy barrels that turn as it rings the room.
func drawSentry(c *canvas, p pen, at pose) {
	hue := chargeRims(hueAmber, at)
	hull(c, p, p.ngon(8, 0.92, math.Pi/8), hue)
	seam(c, p, p.ngon(8, 0.74, math.Pi/8), hue)
	for k := range 4 {
		a := math.Pi/4 + float64(k)*math.Pi/2
		c.fill(p.disc(0.6*math.Cos(a), 0.6*math.Sin(a), 0.09), hue.times(0.8), 1)
	}
	hull(c, p, p.disc(0, 0, 0.46), hue)
	seam(c, p, p.ring(0, 0, 0.3, 0.3), hue)
	heart(c, p, 0, 0, 0.18+0.03*cycle(at, 0), hue, at)
}

func drawSentryBarrels(c *canvas, p pen) {
	barrels := p.around(4, 0, func(q pen) shape { return q.poly(0.5, -0.24, 1.35, -0.17, 1.35, 0.17, 0.5, 0.24) })
	hull(c, p, barrels, hueAmber.times(0.85))
	for k := range 4 {
		a := float64(k) * math.Pi / 2
		c.fill(p.disc(1.22*math.Cos(a), 1.22*math.Sin(a), 0.08), hueAmber.times(0.3), 1)
	}
}

// The Stalker closes in fast: a narrow blade of an arrow with swept fins
// that flick as it runs.
func drawStalker(c *canvas, p pen, at pose) {
	hue := chargeRims(hueRose, at)
	flick := 0.1 * cycle(at, 0)
	hull(c, p, p.pair(0.22, 0.1, 0.95+flick, 0.95, 0.35, 0.55), hue)
	hull(c, p, p.mirror(0, -1.55, 0.3, -0.35, 0.42, 0.55, 0, 0.9), hue)
	seam(c, p, p.stroke(0, -1.1, 0, 0.45, 0.001), hue)
	heart(c, p, 0, 0.05, 0.19, hue, at)
}

// The Weaver keeps its distance and weaves spirals: an orb with beads
// circling inside it, over three curling arms that turn.
func drawWeaver(c *canvas, p pen, at pose) {
	hue := chargeRims(hueViolet, at)
	hull(c, p, p.disc(0, 0, 0.56), hue)
	for k := range 3 {
		a := 2*math.Pi*(float64(k)/3+at.phase/3) - math.Pi/2
		c.fill(p.disc(0.36*math.Cos(a), 0.36*math.Sin(a), 0.07), hue.toward(white, 0.2), 1)
	}
	heart(c, p, 0, 0, 0.2, hue, at)
}

func drawWeaverArms(c *canvas, p pen) {
	for k := range 3 {
		a := float64(k)*2*math.Pi/3 - math.Pi/2
		hull(c, p, p.arm(a, 0.3, 1.25, 1.9, 0.34, 0.1), hueViolet.times(0.9))
		end := a + 1.9
		c.fill(p.disc(1.27*math.Cos(end), 1.27*math.Sin(end), 0.11), hueViolet.toward(white, 0.3), 1)
	}
}

// The Wisp is a flame that circles you: tongues of fire around a hotter
// flame inside, flickering.
func drawWisp(c *canvas, p pen, at pose) {
	sway := 0.16 * cycle(at, 0)
	hull(c, p, flame(p.moved(0, 0.3), 1, sway), chargeRims(hueAmber, at))
	hull(c, p, flame(p.moved(0, 0.42), 0.58, -sway*0.7), chargeRims(hueFlare, at))
	heart(c, p, 0, 0.4, 0.2, hueFlare, at)
}

// flame is a tongue of fire rising from the pen's origin: a round base,
// a point that sways, and two side licks.
func flame(p pen, k, sway float64) shape {
	q := p.scaled(k)
	return grow(join(
		q.disc(0, 0, 0.55),
		q.poly(-0.55, 0, 0.55, 0, sway, -1.55),
		q.poly(0.2, -0.2, 0.6, -0.1, 0.72+sway*0.5, -0.95),
		q.poly(-0.2, -0.2, -0.6, -0.1, -0.7+sway*0.5, -0.85),
	), 0.06*q.r)
}

// The Lancer hangs back and throws bolts: a bow's crescent drawn back on
// a long bolt, its point along its way.
func drawLancer(c *canvas, p pen, at pose) {
	hue := chargeRims(hueGold, at)
	pull := 0.08 * (1 + cycle(at, 0))
	if at.charge {
		pull = 0.3 // drawn to the full before it looses
	}
	bow := cut(p.disc(0, 0.3, 1.0), p.disc(0, 0.62, 0.98))
	hull(c, p, bow, hue)
	c.fill(join(p.stroke(-0.95, 0.5, 0, 0.72+pull, 0.05), p.stroke(0.95, 0.5, 0, 0.72+pull, 0.05)), hue.times(0.8), 1)
	hull(c, p, p.pair(0.06, 0.55+pull, 0.32, 1.1+pull, 0.06, 0.95+pull), hue)
	hull(c, p, p.mirror(0, -1.7, 0.2, -1.15, 0.08, -1.12, 0.08, 0.98+pull, 0, 1.02+pull), hue)
	hull(c, p, p.mirror(0, -0.55, 0.36, -0.05, 0, 0.45), hue)
	heart(c, p, 0, -0.05, 0.17, hue, at)
}

// The Bloomer, a slow bulb whose rings open: six petals that open and
// close about a seeded heart.
func drawBloomer(c *canvas, p pen, at pose) {
	hue := chargeRims(hueCoral, at)
	open := 0.66 + 0.07*cycle(at, 0)
	petals := p.around(6, 0, func(q pen) shape { return q.oval(0, -open, 0.32, 0.48, 0) })
	hull(c, p, petals, hue)
	hull(c, p, p.disc(0, 0, 0.52), hue.times(0.9))
	for k := range 6 {
		a := float64(k)*math.Pi/3 + math.Pi/6
		c.fill(p.disc(0.34*math.Cos(a), 0.34*math.Sin(a), 0.06), hue.toward(white, 0.2), 1)
	}
	heart(c, p, 0, 0, 0.19, hue, at)
}

// The Mite is weak alone and comes in swarms: a tiny bug on six legs
// that scurry, with mandibles toward its way.
func drawMite(c *canvas, p pen, at pose) {
	hue := chargeRims(hueLime, at)
	// Hip, knee and foot of each right leg, front to back: the front legs
	// reach forward, the back ones back, as a bug's do.
	legs6 := [3][6]float64{
		{0.25, -0.35, 0.8, -0.62, 1.0, -1.05},
		{0.3, 0.05, 0.95, -0.05, 1.32, 0.2},
		{0.25, 0.4, 0.82, 0.62, 1.0, 1.08},
	}
	var legs []shape
	for j, l := range legs6 {
		step := 0.14 * cycle(at, float64(j%2)/2)
		for _, s := range []float64{-1, 1} {
			legs = append(legs,
				p.stroke(s*l[0], l[1], s*l[2], l[3]+step, 0.16),
				p.stroke(s*l[2], l[3]+step, s*l[4], l[5]+step, 0.13))
			step = -step // the two sides step in turn
		}
	}
	hull(c, p, join(legs...), hue.times(0.9))
	hull(c, p, p.pair(0.1, -0.75, 0.32, -1.2, 0.22, -0.72), hue)
	hull(c, p, join(p.oval(0, 0.3, 0.52, 0.68, 0), p.disc(0, -0.5, 0.36)), hue)
	heart(c, p, 0, 0.3, 0.22, hue, at)
}

// The Lantern Moth is harmless: soft translucent wings that flap, no
// hard rim, a lantern glowing in its body.
func drawMoth(c *canvas, p pen, at pose) {
	hue := hueMoth
	spread := 0.82 + 0.18*math.Cos(2*math.Pi*at.phase)
	for _, s := range []float64{-1, 1} {
		up := p.oval(s*0.72*spread, -0.28, 0.74*spread, 0.5, s*0.5)
		low := p.oval(s*0.52*spread, 0.42, 0.48*spread, 0.36, -s*0.4)
		for _, w := range []shape{up, low} {
			c.fill(w, hue.times(0.32), 0.8)
			c.line(w, hue.times(0.95), 1.6, 0.9)
		}
		c.fill(p.disc(s*0.8*spread, -0.3, 0.15), hue, 0.9)
	}
	c.line(join(p.stroke(0.08, -0.5, 0.36, -1.05, 0.001), p.stroke(-0.08, -0.5, -0.36, -1.05, 0.001)), hue.times(0.9), 1.3, 0.9)
	c.fill(p.oval(0, 0.1, 0.16, 0.62, 0), hue.times(0.6), 1)
	heart(c, p, 0, 0.42, 0.22, rgb(255, 226, 150), at)
}

// eliteDesign is an elite variant's design: its kind's, drawn over a
// crown of gold spikes that turns as it idles, so an elite is known at a
// glance as its kind made dangerous.
func eliteDesign(d design) design {
	body := d.body
	d.body = func(c *canvas, p pen, at pose) {
		crown := cut(p.star(10, 1.62, 1.2, 2*math.Pi*at.phase/10), p.disc(0, 0, 1.08))
		hull(c, p, crown, chargeRims(hueGold, at).times(0.9))
		body(c, p, at)
	}
	d.reach = max(d.reach, 1.7)
	d.shards = max(d.shards, 8)
	return d
}
