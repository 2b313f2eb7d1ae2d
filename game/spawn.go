package game

import "math"

// MakeBulletSpawn builds a bullet's wire record from float64 intent, rounding
// into exactly the fields the wire carries: float32 position and
// acceleration, Turn×TurnScale as int16, Radius×RadiusScale as uint16, and a
// velocity that is BulletVelocity of the angle in 1/65536 turns and the
// speed in float32, so the codec can send a volley as angles and one speed.
// The server simulates its own bullet from this record, never from the
// intent.
func MakeBulletSpawn(uid, tick uint32, x, y, angle, speed, accel, turn, radius float64,
	life uint16, kind, team uint8) BulletSpawn {
	vx, vy := BulletVelocity(AimFromAngle(angle), float32(speed))
	return BulletSpawn{
		UID: uid, SpawnTick: tick,
		X: SpawnGrid(x), Y: SpawnGrid(y),
		VX: vx, VY: vy,
		Accel:  float32(accel),
		Turn:   int16(clampRound(turn*TurnScale, math.MinInt16, math.MaxInt16)),
		Radius: uint16(clampRound(radius*RadiusScale, 0, math.MaxUint16)),
		Life:   life, Kind: kind, Team: team,
	}
}

// SpawnGridScale is the grid bullets spawn on: 1/8 u, far below what the eye
// can see, and what lets the codec send a spawn position in two bytes.
const SpawnGridScale = 8

// SpawnGrid rounds a spawn coordinate onto the spawn grid.
func SpawnGrid(v float64) float32 {
	return float32(math.Round(v*SpawnGridScale) / SpawnGridScale)
}

// BulletVelocity is the canonical velocity of a bullet fired at aim (1/65536
// turns) with speed (u per tick). Both the server and a replica that
// received only the aim and the speed compute it with this one function.
func BulletVelocity(aim uint16, speed float32) (vx, vy float32) {
	a := AimAngle(aim)
	s := float64(speed)
	return float32(s * math.Cos(a)), float32(s * math.Sin(a))
}

// CanonicalVelocity recovers the aim and speed a velocity was made from by
// BulletVelocity, and reports false for a velocity that was not.
func CanonicalVelocity(vx, vy float32) (aim uint16, speed float32, ok bool) {
	if vx == 0 && vy == 0 {
		return 0, 0, math.Float32bits(vx)|math.Float32bits(vy) == 0
	}
	s0 := float32(math.Hypot(float64(vx), float64(vy)))
	for _, s := range [3]float32{s0, math.Nextafter32(s0, 0), math.Nextafter32(s0, float32(math.Inf(1)))} {
		if a, ok := AimAtSpeed(vx, vy, s); ok {
			return a, s, true
		}
	}
	return 0, 0, false
}

// AimAtSpeed recovers the aim BulletVelocity gave (vx, vy) at speed, and
// reports false when no aim does. A velocity may come back from more than
// one speed a float32 step apart: a codec that knows the speed its volley
// was sent with asks for that one.
func AimAtSpeed(vx, vy, speed float32) (uint16, bool) {
	a0 := AimFromAngle(math.Atan2(float64(vy), float64(vx)))
	for _, d := range [3]uint16{0, 1, 0xFFFF} {
		x, y := BulletVelocity(a0+d, speed)
		if math.Float32bits(x) == math.Float32bits(vx) && math.Float32bits(y) == math.Float32bits(vy) {
			return a0 + d, true
		}
	}
	return 0, false
}

// clampRound rounds v to the nearest integer inside [lo, hi]; NaN gives 0
// clamped into range.
func clampRound(v, lo, hi float64) float64 {
	if math.IsNaN(v) {
		v = 0
	}
	return math.Min(math.Max(math.Round(v), lo), hi)
}

// BulletReach is the furthest distance (u) a bullet can still travel from
// tick now to the end of its life, at its speed and acceleration, plus its
// own radius; turning only shortens the displacement, so it is ignored. It is
// capped at BulletInterestCeiling. The server sends a spawn to a peer only
// if the bullet could reach ground that peer sees, so this errs long.
func BulletReach(s BulletSpawn, now uint32) float64 {
	from := max(int64(now), int64(s.SpawnTick))
	steps := int64(s.SpawnTick) + int64(s.Life) - 1 - from
	if steps <= 0 {
		return 0
	}
	a := float64(s.Accel)
	speed := math.Hypot(float64(s.VX), float64(s.VY)) + a*float64(from-int64(s.SpawnTick))
	if speed < 0 {
		speed = 0
	}
	if stop := speed / -a; a < 0 && stop < float64(steps) {
		steps = int64(stop) // it stops, and stays stopped
	}
	k := float64(steps)
	d := k*speed + a*k*(k+1)/2 + float64(s.Radius)/RadiusScale
	if !(d < BulletInterestCeiling) { // also catches NaN and +Inf
		return BulletInterestCeiling
	}
	return max(d, 0)
}
