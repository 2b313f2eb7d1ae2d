package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// actorView is what drawing the actors needs of a frame: the camera, the
// frame count (idle motion, pulses), whether glows are drawn (high
// quality), and the own ship a planted enemy turns toward.
type actorView struct {
	cam     camera
	frame   int
	glow    bool
	self    game.Vec
	hasSelf bool
}

// Idle motion and telegraph timing.
const (
	idleStep     = 8    // frames per idle frame: 7.5 a second
	bobPx        = 1.6  // how far a common enemy bobs, px
	breathe      = 0.03 // how far it swells and shrinks, a share of its size
	partTurn     = 0.012
	bossPartTurn = 0.006
	turnRate     = 0.18 // share of the way to its new heading a facing kind turns per frame
	fxDotRadius  = 3.2  // u: the radius of fx_dot's bright middle
	maxCoreLight = 16   // u: a charge's core light grows with its actor up to this size, so a boss's stays a core
	forgetFrames = 30   // an enemy unseen this long is met afresh
	enemyNotes   = 256
)

// enemyNote is what the drawing remembers of an enemy between frames:
// where it was, which way it faces and when its telegraph began.
type enemyNote struct {
	id       uint16
	used     bool
	x, y     float64
	heading  float64
	teleFrom int
	wasTele  bool
	hitFrom  int // the frame its hit flash began
	wasHit   bool
	seen     int
}

// enemyMemory holds the notes in a fixed table by id, so nothing
// allocates; two enemies sharing a slot only cost each other a turn.
type enemyMemory [enemyNotes]enemyNote

// note updates and returns an enemy's note for this frame; hit says
// whether it was hit in the last few ticks.
func (m *enemyMemory) note(e client.Actor, v *actorView, hit bool) *enemyNote {
	n := &m[int(e.ID)%enemyNotes]
	if !n.used || n.id != e.ID || v.frame-n.seen > forgetFrames {
		*n = enemyNote{id: e.ID, used: true, x: e.Pos.X, y: e.Pos.Y, heading: math.Pi / 2, teleFrom: v.frame}
	}
	tele := e.Flags&game.EnemyTelegraph != 0
	if tele && !n.wasTele {
		n.teleFrom = v.frame
	}
	if hit && !n.wasHit {
		n.hitFrom = v.frame
	}
	n.wasTele, n.wasHit, n.seen = tele, hit, v.frame
	dx, dy := e.Pos.X-n.x, e.Pos.Y-n.y
	switch {
	case tele && v.hasSelf: // planted to fire: it turns to its mark
		n.heading = turnToward(n.heading, math.Atan2(v.self.Y-e.Pos.Y, v.self.X-e.Pos.X), turnRate)
	case dx*dx+dy*dy > 0.25:
		n.heading = turnToward(n.heading, math.Atan2(dy, dx), turnRate)
	}
	n.x, n.y = e.Pos.X, e.Pos.Y
	return n
}

// turnToward turns angle a a share k of the short way toward b.
func turnToward(a, b, k float64) float64 {
	d := math.Remainder(b-a, 2*math.Pi)
	return a + d*k
}

// phaseOf is an actor's own offset in its idle motion, so a crowd does
// not move in step.
func phaseOf(id uint16) float64 { return float64(id) * 2.399963 } // the golden angle

// Hit flashes: a hit adds the white silhouette at peak strength, fading
// over flashFade frames; under steady fire it flickers at that rate, so
// an enemy being worn down never stays white (docs/ART.md, rule 1). A
// boss, nearly always under fire, flashes fainter.
const (
	flashPeak     = 0.5
	bossFlashPeak = 0.3
	flashFade     = 8
)

// flashAlpha is an enemy's hit flash this frame, 0 when it is not hit.
func flashAlpha(n *enemyNote, k *kindArt, frame int) float32 {
	if !n.wasHit {
		return 0
	}
	peak := float32(flashPeak)
	if k.boss {
		peak = bossFlashPeak
	}
	age := (frame - n.hitFrom) % flashFade
	return peak * (1 - float32(age)/flashFade)
}

// drawEnemyArt draws an enemy from its art: glow, turning part and body
// with its idle motion, its telegraph's charge (the charge frame, light
// gathering at its core and a ring tightening on it) and its hit flash.
func drawEnemyArt(dst *ebiten.Image, a *actorArt, k *kindArt, e client.Actor, n *enemyNote, v *actorView) {
	x, y := v.cam.toScreen(e.Pos.X, e.Pos.Y)
	t, ph := float64(v.frame), phaseOf(e.ID)
	bob := float32(bobPx)
	if k.boss {
		bob *= 0.6 // heavy
	}
	y += bob * float32(math.Sin(t*0.07+ph))
	size := float32(1 + breathe*math.Sin(t*0.09+ph*1.3))
	angle := float32(0)
	if k.faces {
		angle = float32(n.heading)
	}
	tele := e.Flags&game.EnemyTelegraph != 0
	charge := float32(0)
	if tele {
		charge = float32(min(float64(v.frame-n.teleFrom)/float64(k.telegraphTick), 1))
	}
	l := k.layer
	if v.glow {
		l.glow.sprite(dst, k.glow, x, y, angle, 1, size*(1+0.15*charge), ui.RGBA{R: 1, G: 1, B: 1, A: 0.8 + 0.2*charge})
	}
	turn, dir := partTurn, 1.0
	if k.boss {
		turn = bossPartTurn
	}
	if e.ID%2 == 1 {
		dir = -1
	}
	l.body.sprite(dst, k.part, x, y, angle+float32(dir*(t*turn+ph)), 1, size, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	body := k.idle[(v.frame/idleStep+int(e.ID))%len(k.idle)]
	if tele {
		body = k.charge
	}
	l.body.sprite(dst, body, x, y, angle, 1, size, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	if tele {
		drawCharge(dst, a, k, x, y, charge, v)
	}
	if f := flashAlpha(n, k, v.frame); f > 0 {
		l.light.sprite(dst, k.flash, x, y, angle, 1, size, colHitFlash.Alpha(f))
	}
}

// drawCharge is a telegraph made visible on the sprite: warm light
// gathers at the core and a ring closes on the body as the charge grows
// (docs/ART.md, rule 5).
func drawCharge(dst *ebiten.Image, a *actorArt, k *kindArt, x, y, charge float32, v *actorView) {
	pulse := float32(0.5 + 0.5*math.Sin(float64(v.frame)*0.6))
	core := min(k.radius, maxCoreLight) * (0.3 + 0.35*charge) / fxDotRadius
	a.fx.light.sprite(dst, a.dot, x, y, 0, 1, core, colTelegraph.Alpha(0.3+0.4*charge+0.15*pulse))
	ring, scale := a.ringOf(k.radius * (2.3 - 1.15*charge))
	a.fx.light.sprite(dst, ring, x, y, 0, 1, scale, colChargeRing.Alpha(0.3+0.6*charge))
}

// shipLook is how a ship is drawn this frame.
type shipLook struct {
	tint           ui.RGBA
	dead, linkdead bool
	hurt           bool
	design         int // into actorArt.ship
}

// drawShipArt draws a ship from its design along its aim: its glow (an
// engine's flicker), its body in the player's tint and, when hurt, a red
// flash. The dead are a faint drifting ghost of the ship.
func drawShipArt(dst *ebiten.Image, a *actorArt, x, y float32, aim float64, id uint16, look shipLook, v *actorView) {
	d := &a.ship[min(look.design, len(a.ship)-1)]
	if look.dead {
		y += float32(2 * math.Sin(float64(v.frame)*0.1)) // a ghost drifts
		a.ships.body.sprite(dst, d.body, x, y, float32(aim), 1, 1, colGhost)
		return
	}
	c := look.tint
	if look.linkdead {
		c = c.Scale(0.5)
	} else if v.glow {
		flicker := float32(0.55 + 0.1*math.Sin(float64(v.frame)*0.5+phaseOf(id)))
		a.ships.glow.sprite(dst, d.glow, x, y, float32(aim), 1, 1, c.Alpha(flicker))
	}
	a.ships.body.sprite(dst, d.body, x, y, float32(aim), 1, 1, c)
	if look.hurt {
		a.ships.light.sprite(dst, d.flash, x, y, float32(aim), 1, 1, colHurtFlash)
	}
}

// Flash colours: a hit ship's red, a hit enemy's warm white; and a
// charge's closing ring, a deeper warm than its core so it reads as
// warm over any ground.
var (
	colChargeRing = ui.Rgb8(255, 180, 80, 1)
	colHurtFlash  = ui.Rgb8(255, 90, 80, 0.9)
	colHitFlash   = ui.Rgb8(255, 244, 225, 1)
)
