package world

import (
	"math"

	"duskfall/game"
)

// How far the own ship's light reaches (docs/ART.md, "Light and fog"): a
// player should see a hostile bullet coming for readTicks before it can
// arrive, so the ship lights the ground, at litShare of its strength or
// more, as far as the content's farthest-flying enemy bullet gets in that
// time. The radius is worked out from the content when the window loads
// it, so a faster pattern widens the light with it.
const (
	readTicks = 90 // 1.5 s at 60 ticks a second

	// LitShare is the share of a light's strength at its centre that
	// ground must get from it to count as lit by it.
	LitShare = 0.5

	// minShipLight is the own ship's light when the content's bullets
	// are all slow: seven tiles.
	minShipLight = 7 * game.TileSize
)

// enemyBulletFlight is how far from its muzzle the farthest-flying bullet
// of any hostile kind of c gets in ticks (its life, if shorter): each
// pattern's speed, a shotgun's fastest pellet's, changing by its
// acceleration every tick as the bullet pool moves it. A turning bullet
// is counted along its path, which is never shorter than the straight
// line.
func enemyBulletFlight(c *game.Content, ticks int) float64 {
	far := 0.0
	if c == nil {
		return far
	}
	for i := range c.Enemies {
		if !c.Enemies[i].Hostile {
			continue
		}
		c.Enemies[i].EachEmitter(func(_ int, em game.Emitter) {
			if em.Pattern >= 0 && em.Pattern < len(c.Patterns) {
				far = max(far, patternFlight(&c.Patterns[em.Pattern], ticks))
			}
		})
	}
	return far
}

// patternFlight is the path a pattern's fastest bullet flies in ticks.
func patternFlight(p *game.Pattern, ticks int) float64 {
	v, d := p.Speed*(1+p.SpeedJitter), 0.0
	for range min(ticks, int(p.Life)) {
		v = max(v+p.Accel, 0) // game.BulletPool speeds a bullet up, then moves it
		d += v
	}
	return d
}

// shipLightFor is the radius of the own ship's light that lights ground
// reach away at litShare of its strength, and at least minShipLight. The
// light map's nodes are nodeSpan apart and ground between them takes
// their blend, so it lights the node past reach that much too.
func shipLightFor(reach float64) float64 {
	return max(minShipLight, (reach+NodeSpan)/LitReach(1))
}

// LitReach is how far a light of radius r lights the ground at litShare
// of its strength: lights fall off as (1 − d²/r²)² (light.go, addLight).
func LitReach(r float64) float64 {
	return r * math.Sqrt(1-math.Sqrt(LitShare))
}
