package render

import "math"

// camera maps world units to screen pixels at zoom 1: X, Y is the world
// point at the screen's top-left corner, W, H the screen size.
type camera struct {
	X, Y float64
	W, H float64
}

// centredOn puts the world point (x, y) in the middle of a w×h screen. The
// corner is rounded to whole pixels so tiles do not shimmer as it moves.
func centredOn(x, y float64, w, h int) camera {
	return camera{
		X: math.Round(x - float64(w)/2),
		Y: math.Round(y - float64(h)/2),
		W: float64(w), H: float64(h),
	}
}

// toScreen maps a world point to the screen.
func (c camera) toScreen(x, y float64) (float32, float32) {
	return float32(x - c.X), float32(y - c.Y)
}

// visible reports whether a circle of radius r at a world point touches
// the screen.
func (c camera) visible(x, y, r float64) bool {
	return x+r >= c.X && x-r <= c.X+c.W && y+r >= c.Y && y-r <= c.Y+c.H
}
