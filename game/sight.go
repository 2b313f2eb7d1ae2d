package game

import "math"

// LineClear reports whether the straight segment from a to b crosses no
// solid tile. It walks every tile the segment touches (a supercover walk),
// and where the segment passes exactly through a tile corner it needs both
// tiles beside the corner open: a diagonal crack between two walls is not a
// line of sight. Enemies aggro only on it, so no enemy fires at a player it
// cannot see.
func (g *Grid) LineClear(a, b Vec) bool {
	tx, ty := tileOf(a.X), tileOf(a.Y)
	ex, ey := tileOf(b.X), tileOf(b.Y)
	if g.Solid(tx, ty) || g.Solid(ex, ey) {
		return false
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	stepX, stepY := sign(dx), sign(dy)
	// Distances along the segment (as a fraction of it) to the next vertical
	// and horizontal tile border, and between two borders.
	nextX, deltaX := borderT(a.X, dx, tx, stepX)
	nextY, deltaY := borderT(a.Y, dy, ty, stepY)
	for n := abs(ex-tx) + abs(ey-ty); n > 0; n-- {
		switch {
		case math.Abs(nextX-nextY) < 1e-12: // through a corner: both neighbours must be open
			if g.Solid(tx+stepX, ty) || g.Solid(tx, ty+stepY) {
				return false
			}
			tx, ty = tx+stepX, ty+stepY
			nextX, nextY = nextX+deltaX, nextY+deltaY
			n-- // two steps in one
		case nextX < nextY:
			tx += stepX
			nextX += deltaX
		default:
			ty += stepY
			nextY += deltaY
		}
		if g.Solid(tx, ty) {
			return false
		}
	}
	return true
}

// borderT is the segment fraction at which coordinate v, moving by d over
// the whole segment, first crosses out of tile t, and the fraction one tile
// takes; +Inf when it does not move along this axis.
func borderT(v, d float64, t, step int) (next, delta float64) {
	if step == 0 {
		return math.Inf(1), math.Inf(1)
	}
	edge := float64(t * TileSize)
	if step > 0 {
		edge += TileSize
	}
	return (edge - v) / d, TileSize / math.Abs(d)
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
