package game

// Depth makes a floor harder and richer. A run goes down floor by floor
// through the way down a dead boss opens; each floor below the first adds
// to its enemies' health and their bullets' damage, its drop chances and
// the experience its kills give, and the generator puts one more enemy in
// each room every two floors. The factors are linear so that a table in
// docs/CONTENT.md can say what a floor asks of a player.
const (
	// MaxDepth is the deepest floor: its boss opens only the exit. It keeps
	// the scaled health and damage well inside an int16.
	MaxDepth = 9

	depthHealthStep = 0.35 // enemy health and experience, per floor below the first
	depthDamageStep = 0.20 // enemy bullet damage, per floor below the first
	depthLootStep   = 0.50 // drop chances, per floor below the first
)

// clampDepth reads 0 (a map that is not a dungeon floor) as 1.
func clampDepth(d int) int { return min(max(d, 1), MaxDepth) }

// DepthHealth multiplies enemy health and experience on floor d.
func DepthHealth(d int) float64 { return 1 + depthHealthStep*float64(clampDepth(d)-1) }

// DepthDamage multiplies enemy bullet damage on floor d.
func DepthDamage(d int) float64 { return 1 + depthDamageStep*float64(clampDepth(d)-1) }

// DepthLoot multiplies drop chances on floor d.
func DepthLoot(d int) float64 { return 1 + depthLootStep*float64(clampDepth(d)-1) }

// scaleI16 multiplies v by f, rounding, at least 1 and at most the int16
// limit.
func scaleI16(v int16, f float64) int16 {
	return int16(min(max(int(float64(v)*f+0.5), 1), 32767))
}
