package client

import (
	"math"

	"duskfall/game"
	"duskfall/net/wire"
)

// Fog is the client's memory of the map (NETCODE.md, "Maps"): which tiles the
// own ship sees this frame and which it has ever seen. It is a rendering
// rule only; what the player may not know, the server never sends.
//
// A tile is visible when its centre lies within wire.FogViewRadius of the
// eye and a straight line from the eye reaches it without crossing a known
// wall. Tiles not streamed yet read as empty, so they never block sight;
// they become visible but not explored, and render draws them black.
// Visible known tiles are explored for good, until the grid changes (a new
// instance brings a new grid, and the memory starts over). A start map (the
// hub) is known ground: it hides nothing, and a player finds every portal
// of it at a glance, so every tile of it streamed is explored at once,
// seen or not (Know).
type Fog struct {
	grid     *game.Grid // the grid this memory belongs to
	gw, gh   int        // its size when the memory was sized for it
	w, h     int        // the size the memory covers (0 for a malformed grid)
	vis      []uint32   // per tile: the epoch in which it was last visible
	explored []bool
	epoch    uint32 // bumped by every Update; vis[i] == epoch means visible now
	revision uint32 // bumped whenever a tile becomes explored
	stale    bool   // a Runtime's view moved since the last Update
	known    bool   // the map is known ground: every tile streamed is explored
	learn    bool   // tiles arrived (or the memory was reset) since a known map was last explored
}

// Know makes the map known ground, or not: on known ground every tile
// streamed is explored at the next look, seen or not.
func (f *Fog) Know(known bool) {
	f.learn = f.learn || known && !f.known
	f.known = known
}

// Known says whether the map is known ground (Know).
func (f *Fog) Known() bool { return f.known }

// Learn notes that tiles arrived: known ground explores them at the next
// look.
func (f *Fog) Learn() { f.learn = true }

// exploreKnown explores every tile streamed of known ground, once tiles
// arrived.
func (f *Fog) exploreKnown(grid *game.Grid) {
	if !f.known || !f.learn || grid == nil {
		return
	}
	f.learn = false
	for i := range f.w * f.h {
		if !f.explored[i] && grid.Tiles[i] != game.TileUnknown {
			f.explored[i] = true
			f.revision++
		}
	}
}

// fogReach is how many tiles from the eye's tile a visible centre can lie.
var fogReach = int(math.Ceil(wire.FogViewRadius/game.TileSize)) + 1

// Update recomputes what the eye sees on grid and adds it to the explored
// memory. A grid other than the last one resets the memory first. It
// allocates only on such a reset.
func (f *Fog) Update(grid *game.Grid, eye game.Vec) {
	f.track(grid)
	if grid == nil {
		return
	}
	f.exploreKnown(grid)
	f.nextEpoch()
	ex, ey := eye.X/game.TileSize, eye.Y/game.TileSize
	cx, cy := int(math.Floor(ex)), int(math.Floor(ey))
	tx0, ty0 := max(cx-fogReach, 0), max(cy-fogReach, 0)
	tx1, ty1 := min(cx+fogReach, f.w-1), min(cy+fogReach, f.h-1)
	for ty := ty0; ty <= ty1; ty++ {
		for tx := tx0; tx <= tx1; tx++ {
			if inView(eye, tx, ty) && sightLine(grid, ex, ey, tx, ty) {
				f.vis[ty*f.w+tx] = f.epoch
			}
		}
	}
	f.lightWalls(grid, eye, tx0, ty0, tx1, ty1)
	f.remember(grid, tx0, ty0, tx1, ty1)
}

// Blind follows grid like Update but sees nothing this frame: the own ship
// is not placed yet (just arrived, or waiting for the first snapshot).
func (f *Fog) Blind(grid *game.Grid) {
	f.track(grid)
	f.exploreKnown(grid)
	f.nextEpoch()
}

// Reset forgets everything and sizes the memory for grid (nil: no map).
func (f *Fog) Reset(grid *game.Grid) {
	f.grid = grid
	f.gw, f.gh, f.w, f.h = 0, 0, 0, 0
	if grid != nil {
		f.gw, f.gh = grid.W, grid.H
		if grid.W > 0 && grid.H > 0 && len(grid.Tiles) >= grid.W*grid.H {
			f.w, f.h = grid.W, grid.H
		}
	}
	n := f.w * f.h
	if cap(f.vis) < n {
		f.vis, f.explored = make([]uint32, n), make([]bool, n)
	}
	f.vis, f.explored = f.vis[:n], f.explored[:n]
	clear(f.vis)
	clear(f.explored)
	f.epoch = 0
	f.revision++
	f.learn = true
}

// Visible reports whether tile (tx, ty) is in sight this frame.
func (f *Fog) Visible(tx, ty int) bool {
	if tx < 0 || ty < 0 || tx >= f.w || ty >= f.h {
		return false
	}
	return f.epoch != 0 && f.vis[ty*f.w+tx] == f.epoch
}

// Explored reports whether tile (tx, ty) is known and has ever been seen.
func (f *Fog) Explored(tx, ty int) bool {
	if tx < 0 || ty < 0 || tx >= f.w || ty >= f.h {
		return false
	}
	return f.explored[ty*f.w+tx]
}

// CanSee reports whether a point (an actor, a bullet) is in sight: its tile
// is visible.
func (f *Fog) CanSee(pos game.Vec) bool {
	return f.Visible(int(math.Floor(pos.X/game.TileSize)), int(math.Floor(pos.Y/game.TileSize)))
}

// Revision changes whenever the explored memory does (a tile explored, a
// reset), so a minimap redraws only when there is something new.
func (f *Fog) Revision() uint32 { return f.revision }

// Size is the size in tiles of the grid the memory belongs to.
func (f *Fog) Size() (w, h int) { return f.w, f.h }

// track resets the memory when the grid is not the one it belongs to.
func (f *Fog) track(grid *game.Grid) {
	if grid != f.grid || (grid != nil && (grid.W != f.gw || grid.H != f.gh)) {
		f.Reset(grid)
	}
}

// nextEpoch makes every tile invisible at once; on the (years away)
// wrap-around it clears the stamps so an old one cannot match again.
func (f *Fog) nextEpoch() {
	f.epoch++
	if f.epoch == 0 {
		clear(f.vis)
		f.epoch = 1
	}
}

// lightWalls shows a wall within the radius that borders a visible open
// tile. A ray to a wall's centre seen edge-on, along a corridor, crosses
// the wall's neighbours first, so without this the sides of a corridor
// and the corners of a room would vanish a few tiles away.
func (f *Fog) lightWalls(grid *game.Grid, eye game.Vec, tx0, ty0, tx1, ty1 int) {
	for ty := ty0; ty <= ty1; ty++ {
		for tx := tx0; tx <= tx1; tx++ {
			i := ty*f.w + tx
			if f.vis[i] == f.epoch || grid.Tiles[i] != game.TileWall || !inView(eye, tx, ty) {
				continue
			}
			if f.bordersOpenSight(grid, tx, ty) {
				f.vis[i] = f.epoch
			}
		}
	}
}

func (f *Fog) bordersOpenSight(grid *game.Grid, tx, ty int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := tx+dx, ty+dy
			if (dx != 0 || dy != 0) && f.Visible(nx, ny) && grid.Tiles[ny*f.w+nx] != game.TileWall {
				return true
			}
		}
	}
	return false
}

// remember marks the visible known tiles of the box explored.
func (f *Fog) remember(grid *game.Grid, tx0, ty0, tx1, ty1 int) {
	for ty := ty0; ty <= ty1; ty++ {
		for tx := tx0; tx <= tx1; tx++ {
			i := ty*f.w + tx
			if f.vis[i] == f.epoch && !f.explored[i] && grid.Tiles[i] != game.TileUnknown {
				f.explored[i] = true
				f.revision++
			}
		}
	}
}

// inView reports whether a tile's centre lies within the view radius.
func inView(eye game.Vec, tx, ty int) bool {
	c := game.TileCenter(tx, ty)
	dx, dy := c.X-eye.X, c.Y-eye.Y
	return dx*dx+dy*dy <= wire.FogViewRadius*wire.FogViewRadius
}

// sightLine walks the tiles a segment from the eye (ex, ey, in tiles)
// crosses to the centre of tile (tx, ty), grid cell by grid cell (DDA), and
// reports whether it arrives before a wall. The target itself may be a
// wall: a wall is seen when the line reaches it. Where the line passes
// exactly through a tile corner it is stopped only if both tiles beside
// the corner are walls.
func sightLine(grid *game.Grid, ex, ey float64, tx, ty int) bool {
	cx, cy := int(math.Floor(ex)), int(math.Floor(ey))
	dx, dy := float64(tx)+0.5-ex, float64(ty)+0.5-ey
	sx, nextX, stepX := axisWalk(ex, dx)
	sy, nextY, stepY := axisWalk(ey, dy)
	// Each step moves at least one tile toward the target; the bound only
	// guards against a float surprise turning this into an endless loop.
	for range abs(tx-cx) + abs(ty-cy) + 2 {
		if cx == tx && cy == ty {
			return true
		}
		switch {
		case nextX < nextY:
			cx, nextX = cx+sx, nextX+stepX
		case nextY < nextX:
			cy, nextY = cy+sy, nextY+stepY
		default:
			if grid.Solid(cx+sx, cy) && grid.Solid(cx, cy+sy) {
				return false
			}
			cx, nextX = cx+sx, nextX+stepX
			cy, nextY = cy+sy, nextY+stepY
		}
		if (cx != tx || cy != ty) && grid.Solid(cx, cy) {
			return false
		}
	}
	return cx == tx && cy == ty
}

// axisWalk sets up one axis of the DDA for a segment starting at p with
// extent d (both in tiles): the step direction, the segment parameter at
// which the first tile boundary is crossed, and the parameter per tile.
func axisWalk(p, d float64) (step int, next, delta float64) {
	switch {
	case d > 0:
		return 1, (math.Floor(p) + 1 - p) / d, 1 / d
	case d < 0:
		return -1, (p - math.Floor(p)) / -d, -1 / d
	}
	return 0, math.Inf(1), math.Inf(1)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Fog is the runtime's memory of the current map, brought up to date with
// the own ship's drawn position on the first call after each Receive, and
// reset when a new instance's grid arrives. Only what draws the world asks
// for it, so headless bots never pay for line of sight.
func (r *Runtime) Fog() *Fog {
	if r.fog.stale {
		r.fog.stale = false
		if self, ok := r.Self(); ok {
			r.fog.Update(r.grid, self.Pos)
		} else {
			r.fog.Blind(r.grid)
		}
	}
	return &r.fog
}

// invalidateFog notes that the view changed: the next Fog looks again.
func (r *Runtime) invalidateFog() { r.fog.stale = true }

// The hub is the one place a player returns to, and it does not change:
// its map and what the player explored of it are kept for the session,
// so the fog and the minimap do not start blank on every return. A
// dungeon is a new world each time and starts unknown.
type hubMemory struct {
	instance uint16 // the hub instance it is the memory of
	grid     *game.Grid
	explored []bool
}

// rememberHub keeps the hub's map and explored memory as the player leaves
// it for another instance.
func (r *Runtime) rememberHub() {
	if r.dungeon != game.HubDungeon || r.grid == nil || r.state != StatePlaying {
		return
	}
	f := &r.fog
	if f.grid != r.grid {
		return // never looked at: nothing to keep
	}
	r.hub.instance, r.hub.grid = r.instance, r.grid
	r.hub.explored = append(r.hub.explored[:0], f.explored...)
}

// recallHub gives back the hub's map and memory on entering the same hub
// instance again, its map the same size: the hub as it was.
func (r *Runtime) recallHub(e wire.EnterInstance) {
	m := &r.hub
	if e.Dungeon != game.HubDungeon || m.grid == nil || e.Instance != m.instance || m.grid.W != int(e.MapW) || m.grid.H != int(e.MapH) {
		return
	}
	r.grid = m.grid
	r.fog.Reset(r.grid)
	if len(m.explored) == len(r.fog.explored) {
		copy(r.fog.explored, m.explored)
	}
}
