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
// blocked by a corner beside an opening is steered into it (roundCorner),
// and whatever a tile's corner point still blocks slides along it
// (slideCorner). It is pure: the result depends on its arguments only.
func StepPlayer(pos Vec, in Input, stats PlayerStats, g *Grid) Vec {
	mx, my := MoveVector(in)
	speed := stats.Speed
	if in.Buttons&BtnFocus != 0 {
		speed *= FocusSpeedShare
	}
	return moveShip(pos, Vec{mx * speed, my * speed}, stats.Radius, g)
}

// MoveShip is a ship's move for one tick, on the server and in prediction
// alike: a dash under way (dash, AbilityState.DashStep) carries it by its
// step whatever the frame asks, otherwise it walks by the frame
// (StepPlayer). Both meet walls and corners by the same rules, so a dash
// slides along a wall, is guided into a corridor's mouth and never
// passes through one.
func MoveShip(pos Vec, in Input, dash Vec, stats PlayerStats, g *Grid) Vec {
	if dash == (Vec{}) {
		return StepPlayer(pos, in, stats, g)
	}
	return moveShip(pos, dash, stats.Radius, g)
}

// moveShip moves a ship's circle of radius r by d: the axis-separated
// sweep, then the corner rules.
func moveShip(pos, d Vec, r float64, g *Grid) Vec {
	next := MoveCircle(pos, d, r, g)
	next = roundCorner(pos, next, d, r, g)
	return slideCorner(pos, next, d, r, g)
}

// Corner rounding: a ship pushed nearly straight (its move within
// cornerAxisShare of one axis) and blocked is steered sideways toward an
// open lane found within cornerReach of its radius, by no more than the
// distance the block cost it, so it never moves faster than its speed. A
// lane counts as open once the ship fits there and cornerProbe further on,
// so with a radius of 10 u a ship whose centre is up to 10.6 u beside an
// opening (one it overlaps at all, less a hair) is guided in: a one-tile
// corridor's mouth may be missed by 26.6 u from its middle, 0.83 of a
// tile. A ship whose centre is further over the wall is pushing into the
// wall, and stays.
const (
	cornerReach     = 1.5
	cornerAxisShare = 0.9
	cornerProbe     = 1.0 // u
	cornerSteps     = 12  // lanes tried on each side, nearest first
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
	for k := 1; k <= cornerSteps; k++ {
		off := cornerReach * r * float64(k) / cornerSteps
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

// slideCorner lets a push that a tile's corner point blocks slide round
// it, as a round body would: the axis-separated sweep stops both axes of a
// circle that meets a corner (a pillar's, a bend's) head on, so a diagonal
// push would otherwise stop dead there. What the sweep lost of the move is
// spent along the tangent at the touching point, scaled by how much of the
// push lies along it, so the whole step stays within the speed; a push
// square onto the point has no tangent part and stays.
func slideCorner(pos, next, d Vec, r float64, g *Grid) Vec {
	want := d.Len()
	left := want - next.Sub(pos).Len()
	if want == 0 || left <= contactSkin {
		return next
	}
	c, ok := touchedCorner(next, r, g)
	if !ok {
		return next
	}
	n := next.Sub(c)
	n = n.Scale(1 / n.Len())
	u := d.Scale(1 / want)
	into := u.X*n.X + u.Y*n.Y
	if into >= 0 {
		return next
	}
	to := next.Add(u.Sub(n.Scale(into)).Scale(left))
	if g.CircleSolid(to, r) {
		return next
	}
	return to
}

// cornerTouch is how near a corner point must be to the rim to count as
// touched: a sweep stops the circle exactly on it, up to rounding.
const cornerTouch = 1e-6

// touchedCorner finds the corner point of a solid tile that a circle at c
// touches, if it touches one and no tile's face: against a face the axis
// slide already moves as a round body would.
func touchedCorner(c Vec, r float64, g *Grid) (Vec, bool) {
	var corner Vec
	found := false
	for ty := tileOf(c.Y - r - cornerTouch); ty <= tileOf(c.Y+r+cornerTouch); ty++ {
		gy := spanGap(c.Y, ty)
		for tx := tileOf(c.X - r - cornerTouch); tx <= tileOf(c.X+r+cornerTouch); tx++ {
			gx := spanGap(c.X, tx)
			if !g.Solid(tx, ty) || gx*gx+gy*gy > (r+cornerTouch)*(r+cornerTouch) {
				continue
			}
			if gx == 0 || gy == 0 {
				return Vec{}, false
			}
			corner, found = Vec{X: nearEdge(c.X, tx), Y: nearEdge(c.Y, ty)}, true
		}
	}
	return corner, found
}

// nearEdge is the edge of tile t's span nearest coordinate v, outside it.
func nearEdge(v float64, t int) float64 {
	if lo := float64(t * TileSize); v < lo {
		return lo
	}
	return float64((t + 1) * TileSize)
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
