package game

import "slices"

// The boss's room is an arena, not a room: once the generator has chosen
// it (the room farthest from the entrance), it grows, a tile a side in
// turn, toward arenaSide tiles across, as far as it keeps roomGap walls
// from every other room and the map's border; its corners are cut into
// an octagon; four pillars to dodge behind stand on its diagonals when it
// is wide enough; and every way in is paved (TileDecor) for two tiles, so
// a player knows the fight is ahead before stepping into it. The boss
// waits, and the exit opens, at the arena's centre.
//
// New floor can open a shortcut, and a cut corner can close one: an
// arena is kept only if it is still the farthest room from the entrance
// and every floor tile is still reachable; otherwise it is tried smaller,
// down to the room as it was.
const (
	arenaSide       = 19 // tiles across an arena grows to, at most
	arenaPillarFrom = 3  // tiles from the centre a pillar may stand, at the nearest: room for the boss
	arenaPaving     = 2  // tiles of paving into each way in
)

// shapeArena makes the boss room an arena, as large as it can be. The
// corridors carved (g.corridor) are kept through any corner it cuts.
func (g *dungeonGen) shapeArena(boss, entrance int) {
	room := g.rooms[boss]
	before := slices.Clone(g.grid.Tiles)
	for side := arenaSide; side >= min(room.W, room.H); side-- {
		r := g.growArena(room, boss, side)
		g.carveArena(room, r)
		g.rooms[boss] = r
		if g.farthestFrom(entrance) == boss && g.allReached() {
			g.paveWaysIn(r)
			return
		}
		copy(g.grid.Tiles, before)
	}
	g.rooms[boss] = room
}

// growArena grows room a tile at a time on each side in turn, to at most
// side tiles across, while it fits.
func (g *dungeonGen) growArena(room Room, boss, side int) Room {
	r := room
	for grown := true; grown; {
		grown = false
		for _, d := range [4]Room{{X: -1, W: 1}, {W: 1}, {Y: -1, H: 1}, {H: 1}} {
			q := Room{X: r.X + d.X, Y: r.Y + d.Y, W: r.W + d.W, H: r.H + d.H}
			if q.W <= side && q.H <= side && g.arenaFits(q, boss) {
				r, grown = q, true
			}
		}
	}
	return r
}

// allReached reports whether the last measureFrom reached every tile
// that is not a wall.
func (g *dungeonGen) allReached() bool {
	for i, t := range g.grid.Tiles {
		if t != TileWall && g.flood.Dist[i] < 0 {
			return false
		}
	}
	return true
}

// arenaFits reports whether r lies inside the map's border and keeps
// roomGap walls from every room but the boss's own.
func (g *dungeonGen) arenaFits(r Room, boss int) bool {
	if r.X < 1 || r.Y < 1 || r.X+r.W > g.grid.W-1 || r.Y+r.H > g.grid.H-1 {
		return false
	}
	for i, q := range g.rooms {
		if i != boss && r.X < q.X+q.W+roomGap && q.X < r.X+r.W+roomGap && r.Y < q.Y+q.H+roomGap && q.Y < r.Y+r.H+roomGap {
			return false
		}
	}
	return true
}

// arenaCut is how many tiles an arena's corners are cut by along each
// edge: about two sevenths of its shorter side, near a regular octagon.
func arenaCut(r Room) int { return min(r.W, r.H) * 2 / 7 }

// inOctagon reports whether tile (x, y) of r lies inside its octagon.
func inOctagon(r Room, x, y int) bool {
	ex := min(x-r.X, r.X+r.W-1-x)
	ey := min(y-r.Y, r.Y+r.H-1-y)
	return ex >= 0 && ey >= 0 && ex+ey >= arenaCut(r)
}

// carveArena turns the octagon of r into floor and the room's own tiles
// outside it into wall (corridors through a cut corner stay), then raises
// the pillars.
func (g *dungeonGen) carveArena(room, r Room) {
	w := g.grid.W
	for y := r.Y; y < r.Y+r.H; y++ {
		for x := r.X; x < r.X+r.W; x++ {
			i := y*w + x
			switch {
			case inOctagon(r, x, y):
				g.grid.Tiles[i] = TileFloor
			case room.Contains(x, y) && !g.corridor[i]:
				g.grid.Tiles[i] = TileWall
			}
		}
	}
	g.raisePillars(r)
}

// raisePillars stands a pillar of two tiles by two on each diagonal of
// the arena, halfway out, where it and a ring of floor round it lie in
// the octagon: bullets and bodies go round it, never through, and it
// never cuts a way off.
func (g *dungeonGen) raisePillars(r Room) {
	cx, cy := r.Center()
	dx, dy := r.W/4, r.H/4
	if dx < arenaPillarFrom || dy < arenaPillarFrom {
		return
	}
	for _, s := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		x0, y0 := cx+s[0]*dx, cy+s[1]*dy
		if s[0] < 0 {
			x0--
		}
		if s[1] < 0 {
			y0--
		}
		if g.openAround(r, x0-1, y0-1, x0+2, y0+2) {
			for y := y0; y <= y0+1; y++ {
				for x := x0; x <= x0+1; x++ {
					g.grid.Set(x, y, TileWall)
				}
			}
		}
	}
}

// openAround reports whether every tile of [x0, x1] × [y0, y1] is floor
// inside r's octagon.
func (g *dungeonGen) openAround(r Room, x0, y0, x1, y1 int) bool {
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if !inOctagon(r, x, y) || g.grid.At(x, y) != TileFloor {
				return false
			}
		}
	}
	return true
}

// paveWaysIn paves each way into the arena: the floor just outside r that
// meets its floor, and arenaPaving tiles on out along the way.
func (g *dungeonGen) paveWaysIn(r Room) {
	steps := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	for y := r.Y; y < r.Y+r.H; y++ {
		for x := r.X; x < r.X+r.W; x++ {
			if g.grid.At(x, y) == TileWall {
				continue
			}
			for _, d := range steps {
				for k := 1; k <= arenaPaving; k++ {
					nx, ny := x+d[0]*k, y+d[1]*k
					if r.Contains(nx, ny) || g.grid.At(nx, ny) == TileWall {
						break
					}
					g.grid.Set(nx, ny, TileDecor)
				}
			}
		}
	}
}

// farthestFrom is the room whose centre is the most steps from room
// from's centre.
func (g *dungeonGen) farthestFrom(from int) int {
	g.measureFrom(g.rooms[from].Center())
	return g.farthestRoom()
}

// arenaSpawnTiles lists the arena's tiles with open floor all round them
// (clear of its walls and pillars by a tile), but its centre, where the
// boss stands.
func (g *dungeonGen) arenaSpawnTiles(r Room) {
	cx, cy := r.Center()
	g.cand = g.cand[:0]
	for y := r.Y + 1; y < r.Y+r.H-1; y++ {
		for x := r.X + 1; x < r.X+r.W-1; x++ {
			if (x != cx || y != cy) && g.openAll(x-1, y-1, x+1, y+1) {
				g.cand = append(g.cand, y*g.grid.W+x)
			}
		}
	}
}

// openAll reports whether no tile of [x0, x1] × [y0, y1] is a wall.
func (g *dungeonGen) openAll(x0, y0, x1, y1 int) bool {
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if g.grid.At(x, y) == TileWall {
				return false
			}
		}
	}
	return true
}
