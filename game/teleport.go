package game

// Teleport puts a live player at pos, for tools and tests that need a
// player somewhere without walking there. It reports false for an unknown
// player. The simulation itself never teleports anyone.
func (w *World) Teleport(id uint16, pos Vec) bool {
	p := w.player(id)
	if p == nil {
		return false
	}
	p.pos = pos
	return true
}
