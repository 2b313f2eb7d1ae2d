package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// ActorView is what drawing the actors needs of a frame: the camera, the
// frame count (idle motion, pulses), whether glows are drawn (high
// quality), and the own ship a planted enemy turns toward.
type ActorView struct {
	Cam     Camera
	Frame   int
	Glow    bool
	Self    game.Vec
	HasSelf bool
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

// EnemyNote is what the drawing remembers of an enemy between frames:
// where it was, which way it faces and when its telegraph began.
type EnemyNote struct {
	id       uint16
	used     bool
	x, y     float64
	Heading  float64
	TeleFrom int
	wasTele  bool
	HitFrom  int // the frame its hit flash began
	WasHit   bool
	seen     int
}

// EnemyMemory holds the notes in a fixed table by id, so nothing
// allocates; two enemies sharing a slot only cost each other a turn.
type EnemyMemory [enemyNotes]EnemyNote

// Note updates and returns an enemy's note for this frame; hit says
// whether it was hit in the last few ticks.
func (m *EnemyMemory) Note(e client.Actor, v *ActorView, hit bool) *EnemyNote {
	n := &m[int(e.ID)%enemyNotes]
	if !n.used || n.id != e.ID || v.Frame-n.seen > forgetFrames {
		*n = EnemyNote{id: e.ID, used: true, x: e.Pos.X, y: e.Pos.Y, Heading: math.Pi / 2, TeleFrom: v.Frame}
	}
	tele := e.Flags&game.EnemyTelegraph != 0
	if tele && !n.wasTele {
		n.TeleFrom = v.Frame
	}
	if hit && !n.WasHit {
		n.HitFrom = v.Frame
	}
	n.wasTele, n.WasHit, n.seen = tele, hit, v.Frame
	dx, dy := e.Pos.X-n.x, e.Pos.Y-n.y
	switch {
	case tele && v.HasSelf: // planted to fire: it turns to its mark
		n.Heading = turnToward(n.Heading, math.Atan2(v.Self.Y-e.Pos.Y, v.Self.X-e.Pos.X), turnRate)
	case dx*dx+dy*dy > 0.25:
		n.Heading = turnToward(n.Heading, math.Atan2(dy, dx), turnRate)
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
	FlashPeak     = 0.5
	BossFlashPeak = 0.3
	FlashFade     = 8
)

// FlashAlpha is an enemy's hit flash this frame, 0 when it is not hit.
func FlashAlpha(n *EnemyNote, k *kindArt, frame int) float32 {
	if !n.WasHit {
		return 0
	}
	peak := float32(FlashPeak)
	if k.Boss {
		peak = BossFlashPeak
	}
	age := (frame - n.HitFrom) % FlashFade
	return peak * (1 - float32(age)/FlashFade)
}

// DrawEnemyArt draws an enemy from its art: glow, turning part and body
// with its idle motion, its telegraph's charge (the charge frame, light
// gathering at its core and a ring tightening on it) and its hit flash.
func DrawEnemyArt(dst *ebiten.Image, a *ActorArt, k *kindArt, e client.Actor, n *EnemyNote, v *ActorView) {
	x, y := v.Cam.ToScreen(e.Pos.X, e.Pos.Y)
	t, ph := float64(v.Frame), phaseOf(e.ID)
	bob := float32(bobPx)
	if k.Boss {
		bob *= 0.6 // heavy
	}
	y += bob * float32(math.Sin(t*0.07+ph))
	size := float32(1 + breathe*math.Sin(t*0.09+ph*1.3))
	angle := float32(0)
	if k.faces {
		angle = float32(n.Heading)
	}
	tele := e.Flags&game.EnemyTelegraph != 0
	charge := float32(0)
	if tele {
		charge = float32(min(float64(v.Frame-n.TeleFrom)/float64(k.telegraphTick), 1))
	}
	l := k.Layer
	if v.Glow {
		l.Glow.Sprite(dst, k.Glow, x, y, angle, 1, size*(1+0.15*charge), ui.RGBA{R: 1, G: 1, B: 1, A: 0.8 + 0.2*charge})
	}
	turn, dir := partTurn, 1.0
	if k.Boss {
		turn = bossPartTurn
	}
	if e.ID%2 == 1 {
		dir = -1
	}
	l.Body.Sprite(dst, k.part, x, y, angle+float32(dir*(t*turn+ph)), 1, size, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	body := k.Idle[(v.Frame/idleStep+int(e.ID))%len(k.Idle)]
	if tele {
		body = k.Charge
	}
	l.Body.Sprite(dst, body, x, y, angle, 1, size, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	if tele {
		drawCharge(dst, a, k, x, y, charge, v)
	}
	if f := FlashAlpha(n, k, v.Frame); f > 0 {
		l.Light.Sprite(dst, k.Flash, x, y, angle, 1, size, colHitFlash.Alpha(f))
	}
}

// drawCharge is a telegraph made visible on the sprite: warm light
// gathers at the core and a ring closes on the body as the charge grows
// (docs/ART.md, rule 5).
func drawCharge(dst *ebiten.Image, a *ActorArt, k *kindArt, x, y, charge float32, v *ActorView) {
	pulse := float32(0.5 + 0.5*math.Sin(float64(v.Frame)*0.6))
	core := min(k.Radius, maxCoreLight) * (0.3 + 0.35*charge) / fxDotRadius
	a.Fx.Light.Sprite(dst, a.Dot, x, y, 0, 1, core, colTelegraph.Alpha(0.3+0.4*charge+0.15*pulse))
	ring, scale := a.ringOf(k.Radius * (2.3 - 1.15*charge))
	a.Fx.Light.Sprite(dst, ring, x, y, 0, 1, scale, colChargeRing.Alpha(0.3+0.6*charge))
}

// ShipLook is how a ship is drawn this frame.
type ShipLook struct {
	Tint           ui.RGBA
	dead, linkdead bool
	Hurt           bool
	design         int // into actorArt.ship
}

// DrawShipArt draws a ship from its design along its aim: its glow (an
// engine's flicker), its body in the player's tint and, when hurt, a red
// flash. The dead are a faint drifting ghost of the ship.
func DrawShipArt(dst *ebiten.Image, a *ActorArt, x, y float32, aim float64, id uint16, look ShipLook, v *ActorView) {
	d := &a.Ship[min(look.design, len(a.Ship)-1)]
	if look.dead {
		y += float32(2 * math.Sin(float64(v.Frame)*0.1)) // a ghost drifts
		a.Ships.Body.Sprite(dst, d.Body, x, y, float32(aim), 1, 1, colGhost)
		return
	}
	c := look.Tint
	if look.linkdead {
		c = c.Scale(0.5)
	} else if v.Glow {
		flicker := float32(0.55 + 0.1*math.Sin(float64(v.Frame)*0.5+phaseOf(id)))
		a.Ships.Glow.Sprite(dst, d.Glow, x, y, float32(aim), 1, 1, c.Alpha(flicker))
	}
	a.Ships.Body.Sprite(dst, d.Body, x, y, float32(aim), 1, 1, c)
	if look.Hurt {
		a.Ships.Light.Sprite(dst, d.Flash, x, y, float32(aim), 1, 1, colHurtFlash)
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
