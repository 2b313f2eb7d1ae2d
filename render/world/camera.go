package world

import "math"

// Camera maps world units to screen pixels at zoom 1: X, Y is the world
// point at the screen's top-left corner, W, H the screen size.
type Camera struct {
	X, Y float64
	W, H float64
}

// CentredOn puts the world point (x, y) in the middle of a w×h screen. The
// corner is rounded to whole pixels so tiles do not shimmer as it moves.
func CentredOn(x, y float64, w, h int) Camera {
	return Camera{
		X: math.Round(x - float64(w)/2),
		Y: math.Round(y - float64(h)/2),
		W: float64(w), H: float64(h),
	}
}

// ToScreen maps a world point to the screen.
func (c Camera) ToScreen(x, y float64) (float32, float32) {
	return float32(x - c.X), float32(y - c.Y)
}

// Visible reports whether a circle of radius r at a world point touches
// the screen.
func (c Camera) Visible(x, y, r float64) bool {
	return x+r >= c.X && x-r <= c.X+c.W && y+r >= c.Y && y-r <= c.Y+c.H
}
