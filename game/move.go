package game

import "math"

// PlayerStats is everything that decides how a player moves and shoots. The
// server's copy decides; the client's copy only predicts movement and shows
// real numbers.
type PlayerStats struct {
	Speed        float64 // u per tick (240 u/s is 4)
	Radius       float64 // u, the hitbox and the collision circle
	MaxHP        int16
	FireCooldown int     // ticks between shots
	BulletSpeed  float64 // u per tick
	BulletLife   uint16  // ticks
	BulletRadius float64 // u
	Damage       int16
	BulletKind   uint8
	MuzzleOffset float64 // u from the centre along the aim where shots appear

	// Built from upgrades and equipment (BuildStats); zero in the base.
	Shots  int     // bullets per shot, in a fan (0 reads as 1)
	Spread float64 // radians between a shot's bullets (0 reads as the default fan); a class sets it
	Split  uint8   // riders every bullet carries: see StatMods
	Pierce uint8
	Poison int16
}

// MoveVector sanitizes an input's move: hundredths to units, clamped to the
// unit disc, so no frame can express extra speed (not even (127, 127)).
func MoveVector(in Input) (x, y float64) {
	return ClampUnitDisc(float64(in.MoveX)/100, float64(in.MoveY)/100)
}

// ClampUnitDisc scales (x, y) down onto the unit circle if it lies outside,
// keeping its direction; inside it is returned as is. Every move passes
// through it (the device mapping, the input frame, the simulation), so a
// diagonal is never faster than a straight line.
func ClampUnitDisc(x, y float64) (float64, float64) {
	if l2 := x*x + y*y; l2 > 1 {
		l := math.Sqrt(l2)
		return x / l, y / l
	}
	return x, y
}

// FocusSpeedShare is the share of its speed a ship moves at while its
// player holds focus (BtnFocus).
const FocusSpeedShare = 0.45

// StepPlayer is the one movement function, used by the server and by client
// prediction. It sanitizes the move, scales it by stats.Speed (less while
// focused) and moves a circle of stats.Radius against g.Solid, X then Y, so
// a diagonal push into a wall keeps sliding along it; a nearly straight push
// that only clips a wall's corner rounds it (roundCorner). It is pure: the
// result depends on its arguments only.
func StepPlayer(pos Vec, in Input, stats PlayerStats, g *Grid) Vec {
	mx, my := MoveVector(in)
	speed := stats.Speed
	if in.Buttons&BtnFocus != 0 {
		speed *= FocusSpeedShare
	}
	d := Vec{mx * speed, my * speed}
	next := MoveCircle(pos, d, stats.Radius, g)
	return roundCorner(pos, next, d, stats.Radius, g)
}

// Corner rounding: a ship pushed nearly straight (its move within
// cornerAxisShare of one axis) whose rim clips a corner by at most
// cornerShare of its radius is steered sideways around it, by no more than
// the distance the corner cost it, so it never moves faster than its speed.
const (
	cornerShare     = 0.6
	cornerAxisShare = 0.9
	cornerProbe     = 1.0 // u: how far ahead the lane beside the corner must be open
)

// roundCorner steers a blocked, nearly straight move around the corner that
// blocked it, toward the nearer side where the way ahead is open.
func roundCorner(pos, next, d Vec, r float64, g *Grid) Vec {
	want := d.Len()
	moved := next.Sub(pos).Len()
	lost := want - moved
	if want == 0 || lost < want*0.25 {
		return next
	}
	ahead, side := Vec{X: float64(sign(d.X))}, Vec{Y: 1}
	if math.Abs(d.Y) > math.Abs(d.X) {
		ahead, side = Vec{Y: float64(sign(d.Y))}, Vec{X: 1}
	}
	if math.Abs(d.X*ahead.X+d.Y*ahead.Y) < cornerAxisShare*want {
		return next // a diagonal push: the axis slide already did its work
	}
	const steps = 8
	for k := 1; k <= steps; k++ {
		off := cornerShare * r * float64(k) / steps
		for _, s := range [2]float64{-1, 1} {
			probe := next.Add(side.Scale(s * off))
			if g.CircleSolid(probe, r) || g.CircleSolid(probe.Add(ahead.Scale(cornerProbe)), r) {
				continue
			}
			return MoveCircle(next, side.Scale(s*min(lost, off)), r, g)
		}
	}
	return next
}

// MoveCircle moves a circle of radius r by d with axis-separated collision:
// the X component is swept and stopped at the first solid tile, then the Y
// component from the new X. A circle never moves backwards, so one that
// starts overlapping a wall can still walk out of it.
func MoveCircle(pos, d Vec, r float64, g *Grid) Vec {
	pos.X = sweepAxis(pos.X, pos.Y, d.X, r, g, false)
	pos.Y = sweepAxis(pos.Y, pos.X, d.Y, r, g, true)
	return pos
}

// sweepAxis moves coordinate a by da along one axis (b is the other
// coordinate; yAxis says which is which) and returns where the circle stops.
// Only tiles wholly ahead of the centre can block: a tile the centre already
// spans is one the circle slides along, not into.
func sweepAxis(a, b, da, r float64, g *Grid, yAxis bool) float64 {
	if da == 0 {
		return a
	}
	to := a + da
	lo, hi := tileOf(min(a, to)-r), tileOf(max(a, to)+r)
	for tb := tileOf(b - r); tb <= tileOf(b+r); tb++ {
		gap := spanGap(b, tb)
		if gap >= r-contactSkin {
			continue
		}
		reach := math.Sqrt(r*r - gap*gap)
		for ta := lo; ta <= hi; ta++ {
			if !solidAxis(g, ta, tb, yAxis) {
				continue
			}
			to = limitAxis(a, to, float64(ta*TileSize), reach)
		}
	}
	return to
}

// limitAxis clamps a move from a towards to so the circle, which extends
// reach along the axis at this row, stops at the face of the tile starting
// at edge. Tiles behind or under the centre are ignored.
func limitAxis(a, to, edge, reach float64) float64 {
	if to > a {
		if edge >= a {
			to = max(min(to, edge-reach), a)
		}
		return to
	}
	if far := edge + TileSize; far <= a {
		to = min(max(to, far+reach), a)
	}
	return to
}

// solidAxis reads the grid with the axes swapped when sweeping along Y.
func solidAxis(g *Grid, ta, tb int, yAxis bool) bool {
	if yAxis {
		return g.Solid(tb, ta)
	}
	return g.Solid(ta, tb)
}
