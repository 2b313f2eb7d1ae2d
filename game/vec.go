package game

import "math"

// Vec is a point or a displacement in world units (u).
type Vec struct{ X, Y float64 }

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b.
func (a Vec) Sub(b Vec) Vec { return Vec{a.X - b.X, a.Y - b.Y} }

// Scale returns a*k.
func (a Vec) Scale(k float64) Vec { return Vec{a.X * k, a.Y * k} }

// Len is the Euclidean length of a.
func (a Vec) Len() float64 { return math.Sqrt(a.X*a.X + a.Y*a.Y) }

// Dist2 is the squared distance between a and b; comparisons use it to avoid
// a square root.
func (a Vec) Dist2(b Vec) float64 {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

// AimAngle converts an input aim (1/65536 turns) to radians; 0 points along
// +X and angles grow towards +Y (down the screen).
func AimAngle(aim uint16) float64 { return float64(aim) * (2 * math.Pi / 65536) }

// AimFromAngle converts radians to an input aim, wrapping any angle into one
// turn. A non-finite angle aims along +X.
func AimFromAngle(rad float64) uint16 {
	turns := rad / (2 * math.Pi)
	if math.IsNaN(turns) || math.IsInf(turns, 0) {
		return 0
	}
	frac := turns - math.Floor(turns)
	return uint16(int64(math.Round(frac*65536)) & 0xFFFF)
}
