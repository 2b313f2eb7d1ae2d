package game

// Elites (docs/CONTENT.md, "Elites"): on floor EliteDepth and deeper a
// share of the places of every kind that has an elite variant are taken by
// that variant instead: more health, an extra pattern, a richer drop. The
// world draws each place's choice from its own seeded generator as it is
// built, so a floor's elites are the server's alone and replay exactly;
// shallower floors draw nothing, and are built as they always were.
const (
	// EliteDepth is the first floor elites walk.
	EliteDepth = 4
	// EliteShare is the chance that a place of a kind with an elite
	// variant holds the variant on such a floor.
	EliteShare = 0.3
)

// eliteKind is the kind that fills a place of kind k on floor depth: its
// elite variant for EliteShare of the places on deep floors, else k.
func (w *World) eliteKind(k, depth int) int {
	if depth < EliteDepth || k < 0 || k >= len(w.content.Enemies) {
		return k
	}
	e := w.content.Enemies[k].Elite
	if e <= 0 || e >= len(w.content.Enemies) {
		return k
	}
	if w.rng.Float64() < EliteShare {
		return e
	}
	return k
}
