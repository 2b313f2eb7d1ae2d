package game

import "math"

// MakeBulletSpawn builds a bullet's wire record from float64 intent, rounding
// into exactly the fields the wire carries: float32 position, velocity and
// acceleration, Turn×TurnScale as int16, Radius×RadiusScale as uint16. The
// server simulates its own bullet from this record, never from the intent.
func MakeBulletSpawn(uid, tick uint32, x, y, angle, speed, accel, turn, radius float64,
	life uint16, kind, team uint8) BulletSpawn {
	return BulletSpawn{
		UID: uid, SpawnTick: tick,
		X: float32(x), Y: float32(y),
		VX: float32(math.Cos(angle) * speed), VY: float32(math.Sin(angle) * speed),
		Accel:  float32(accel),
		Turn:   int16(clampRound(turn*TurnScale, math.MinInt16, math.MaxInt16)),
		Radius: uint16(clampRound(radius*RadiusScale, 0, math.MaxUint16)),
		Life:   life, Kind: kind, Team: team,
	}
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
