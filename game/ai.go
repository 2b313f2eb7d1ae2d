package game

import "math"

// An enemy's mind. Every moving kind idles about its post until a player
// (or a player's decoy, which it prefers: target) comes within its Aggro
// reach in its line of sight (never through a wall or the crack where two
// walls meet). Then it fights in its phase's style: a chaser closes to its
// range and strafes, a keeper holds its range, an orbiter circles. It
// remembers where it last saw its foe for forgetTicks and goes there;
// after that, or once it is Leash from its post, it walks home and only
// looks for a new foe when it gets there. Before each firing it plants and
// telegraphs for its kind's Telegraph ticks; it stays planted through the
// volley lead, so bullets leave the spot it glowed at. Every choice draws
// on the world's RNG, so a replay moves every enemy alike.

// AI tuning.
const (
	forgetTicks      = 2 * TickRate // how long a foe out of sight is still chased
	idleSpeedShare   = 0.5          // idling walks at half the phase's speed
	idleLeash        = 160.0        // u: how far an idle enemy strolls from its post
	homeReached      = 24.0         // u: close enough to its post to look around again
	strafeMinTicks   = 50           // a strafe holds one direction at least this long
	strafeExtraTicks = 100          // and up to this much longer
	keepNear         = 0.75         // a keeper backs off inside this share of its range
	keepFar          = 1.15         // and closes in beyond this share
	chaseSlack       = 1.1          // a chaser closes in beyond this share of its range
)

// mind is an enemy's state of mind; the zero value is idle at its post.
type mind struct {
	foe        bool    // it has a target
	foePos     Vec     // where it last saw its target
	seenAt     uint32  // the tick it last saw a target
	returning  bool    // walking home after giving up
	wanderTo   Vec     // idle destination
	wandering  bool    // it has an idle destination
	strafe     float64 // +1 or -1: the way it strafes
	strafeLeft int     // ticks before it may turn its strafe
	windup     int     // ticks of telegraph left before its held firings start
	release    bool    // the telegraph ended this tick: held firings start now
	plantedTo  uint32  // it stands still until this tick (the volley lead)
}

// think updates what an enemy is doing from what it can see.
func (w *World) think(e *enemy) {
	if e.def.Aggro <= 0 || e.ph().Move == MoveWander {
		return
	}
	if e.returning {
		if e.pos.Dist2(e.home) > homeReached*homeReached {
			return
		}
		e.returning = false
	}
	if at, ok := w.target(e.pos, e.def.Aggro); ok {
		e.foe, e.foePos, e.seenAt = true, at, w.tick
	} else if e.foe && w.tick-e.seenAt > forgetTicks {
		e.foe, e.returning = false, true
	}
	if e.foe && e.def.Leash > 0 && e.pos.Dist2(e.home) > e.def.Leash*e.def.Leash {
		e.foe, e.returning = false, true
	}
}

// moveEnemy moves an enemy one tick by what it is doing.
func (w *World) moveEnemy(e *enemy) {
	ph := e.ph()
	if ph.Speed <= 0 || ph.Move == MoveStill || e.windup > 0 || w.tick < e.plantedTo {
		return
	}
	switch {
	case ph.Move == MoveWander || (!e.foe && !e.returning):
		w.idle(e, ph.Speed*idleSpeedShare)
	case e.returning:
		w.step(e, e.home.Sub(e.pos), ph.Speed)
	default:
		w.step(e, w.fightHeading(e, ph), ph.Speed)
	}
}

// fightHeading is where an enemy with a foe wants to go, by its style.
func (w *World) fightHeading(e *enemy, ph *Phase) Vec {
	to := e.foePos.Sub(e.pos)
	dist := to.Len()
	if dist < 1e-6 {
		return Vec{}
	}
	toward := to.Scale(1 / dist)
	if w.tick-e.seenAt > 0 {
		return toward // lost sight: go where it was last seen
	}
	side := w.strafeDir(e, toward)
	switch ph.Move {
	case MoveChase:
		if dist > ph.Range*chaseSlack {
			return toward
		}
		return side
	case MoveKeep:
		switch {
		case dist < ph.Range*keepNear:
			return toward.Scale(-1).Add(side.Scale(0.5))
		case dist > ph.Range*keepFar:
			return toward
		}
		return side
	case MoveOrbit:
		radial := math.Max(-1, math.Min(1, (dist-ph.Range)/math.Max(ph.Range, 1)))
		return side.Add(toward.Scale(radial * 2))
	}
	return Vec{}
}

// strafeDir is the sideways direction an enemy strafes in, turning it now
// and then at random.
func (w *World) strafeDir(e *enemy, toward Vec) Vec {
	if e.strafeLeft--; e.strafeLeft <= 0 || e.strafe == 0 {
		e.strafe = 1
		if w.rng.IntN(2) == 0 {
			e.strafe = -1
		}
		e.strafeLeft = strafeMinTicks + w.rng.IntN(strafeExtraTicks)
	}
	return Vec{-toward.Y * e.strafe, toward.X * e.strafe}
}

// step moves an enemy up to speed along heading, sliding along walls. A
// strafe that a wall stops turns round.
func (w *World) step(e *enemy, heading Vec, speed float64) {
	l := heading.Len()
	if l < 1e-6 {
		return
	}
	next := MoveCircle(e.pos, heading.Scale(speed/l), e.def.Radius, w.grid)
	if next.Dist2(e.pos) < speed*speed/4 {
		e.strafe, e.wandering = -e.strafe, false
	}
	e.pos = next
}

// idle strolls an enemy towards a random spot near its post, choosing a new
// one on arrival or when a wall stops it. A stroll from a quiet spot that
// would step out of it, into sight of a quiet arrival, stops there and
// picks another way.
func (w *World) idle(e *enemy, speed float64) {
	if !e.wandering || e.pos.Dist2(e.wanderTo) <= speed*speed {
		if e.wandering = w.pickWanderTarget(e); !e.wandering {
			return
		}
	}
	from := e.pos
	w.step(e, e.wanderTo.Sub(e.pos), speed)
	if !w.mayStroll(e.pos) && w.mayStroll(from) {
		e.pos, e.wandering = from, false
	}
}

// pickWanderTarget tries a few random points near its post that the
// enemy's circle fits at and that leave a quiet arrival alone.
func (w *World) pickWanderTarget(e *enemy) bool {
	for range 4 {
		a, r := w.randAngle(), w.rng.Float64()*idleLeash
		t := e.home.Add(Vec{math.Cos(a) * r, math.Sin(a) * r})
		if !w.grid.CircleSolid(t, e.def.Radius) && w.mayStroll(t) {
			e.wanderTo = t
			return true
		}
	}
	return false
}

// runEmitters counts down a telegraph under way and runs the phase's
// emitters. Firings that find their cooldown over and a player in reach
// wait for a telegraph, then start together when it ends.
func (w *World) runEmitters(e *enemy) {
	if e.windup > 0 {
		e.windup--
		e.release = e.windup == 0
	}
	ems := e.ph().Emitters
	for j := range ems {
		w.runEmitter(e, &w.emitters[e.em0+j], &ems[j])
	}
	if e.release {
		e.release = false
		e.plantedTo = w.tick + w.volleyLead
	}
}

// mayStartFiring reports whether an emitter ready to fire may start now:
// at once for a kind without a telegraph, otherwise when a telegraph ends.
// A ready emitter with no telegraph under way starts one.
func (w *World) mayStartFiring(e *enemy) bool {
	if e.def.Telegraph <= 0 || e.release {
		return e.windup == 0
	}
	if e.windup == 0 {
		e.windup = e.def.Telegraph
	}
	return false
}
