package game

import "slices"

// Flood is a breadth-first walk over a Grid's open tiles, four neighbours a
// step: the one flood the dungeon generator, the bots' route planner and the
// tests share. Keep one and walk it again: its slices are reused, so a
// caller that floods often does not allocate.
type Flood struct {
	// Dist holds each tile's steps from the source, row-major, -1 for a
	// tile not reached (or not yet, when the walk was stopped early).
	Dist []int32
	// Prev holds the index of the tile each reached tile was first reached
	// from; the source's is itself, a tile not reached has -1.
	Prev  []int32
	queue []int32
	w     int
}

// floodSteps is the order neighbours are tried in. Distances do not depend
// on it, but which of two equally near tiles comes first does, and with it
// the route a bot takes, so it stays fixed.
var floodSteps = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// Flood walks g breadth-first from tile (tx, ty) through every tile that is
// not solid (unknown tiles are open, as they are for prediction), into f.
// visit, if not nil, is called for each tile reached, nearest first and the
// source first at distance 0; returning false ends the walk there. A source
// outside the grid reaches nothing; a solid source is still left.
func (g *Grid) Flood(f *Flood, tx, ty int, visit func(tx, ty, dist int) bool) {
	f.reset(g.W, g.W*g.H)
	if tx < 0 || ty < 0 || tx >= g.W || ty >= g.H {
		return
	}
	start := int32(ty*g.W + tx)
	f.Dist[start], f.Prev[start] = 0, start
	f.queue = append(f.queue[:0], start)
	for head := 0; head < len(f.queue); head++ {
		cur := f.queue[head]
		cx, cy, d := int(cur)%g.W, int(cur)/g.W, f.Dist[cur]
		if visit != nil && !visit(cx, cy, int(d)) {
			return
		}
		for _, s := range floodSteps {
			nx, ny := cx+s[0], cy+s[1]
			if g.Solid(nx, ny) { // also everything outside the grid
				continue
			}
			if n := int32(ny*g.W + nx); f.Dist[n] < 0 {
				f.Dist[n], f.Prev[n] = d+1, cur
				f.queue = append(f.queue, n)
			}
		}
	}
}

// reset sizes f for a grid of size tiles, w wide, with nothing reached.
func (f *Flood) reset(w, size int) {
	f.w = w
	if cap(f.Dist) < size {
		f.Dist, f.Prev = make([]int32, size), make([]int32, size)
		f.queue = make([]int32, 0, size)
	}
	f.Dist, f.Prev = f.Dist[:size], f.Prev[:size]
	for i := range f.Dist {
		f.Dist[i], f.Prev[i] = -1, -1
	}
}

// PathTo appends to path the route the last walk found from its source to
// tile (tx, ty): first step first, the source left out, (tx, ty) last. It
// reports false, appending nothing, when the walk did not reach (tx, ty).
func (f *Flood) PathTo(tx, ty int, path [][2]int) ([][2]int, bool) {
	if tx < 0 || ty < 0 || tx >= f.w || ty*f.w+tx >= len(f.Dist) || f.Dist[ty*f.w+tx] < 0 {
		return path, false
	}
	n := len(path)
	for cur := int32(ty*f.w + tx); f.Prev[cur] != cur; cur = f.Prev[cur] {
		path = append(path, [2]int{int(cur) % f.w, int(cur) / f.w})
	}
	slices.Reverse(path[n:])
	return path, true
}
