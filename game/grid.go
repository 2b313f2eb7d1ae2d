package game

import "math"

// contactSkin is how far a circle may graze a tile before it counts as
// touching. Without it, the rounding error of a circle resting exactly
// against a wall would make the next tile of that wall block sliding.
const contactSkin = 1e-6

// Grid is a tile map, row-major, holding TileUnknown, TileFloor or TileWall.
// The map rectangle is W×H tiles of TileSize u, with its origin at (0, 0).
type Grid struct {
	W, H  int
	Tiles []uint8
}

// NewGrid returns a w×h grid of TileUnknown tiles (negative sizes read as 0).
func NewGrid(w, h int) *Grid {
	w, h = max(w, 0), max(h, 0)
	return &Grid{W: w, H: h, Tiles: make([]uint8, w*h)}
}

// At reads a tile. Anything outside the grid reads as TileWall, so the map
// edge stops movement like any wall.
func (g *Grid) At(tx, ty int) uint8 {
	if tx < 0 || ty < 0 || tx >= g.W || ty >= g.H {
		return TileWall
	}
	i := ty*g.W + tx
	if i >= len(g.Tiles) {
		return TileWall
	}
	return g.Tiles[i]
}

// Set writes a tile and reports whether (tx, ty) was inside the grid.
func (g *Grid) Set(tx, ty int, t uint8) bool {
	i := ty*g.W + tx
	if tx < 0 || ty < 0 || tx >= g.W || ty >= g.H || i >= len(g.Tiles) {
		return false
	}
	g.Tiles[i] = t
	return true
}

// Solid reports whether a tile blocks movement and bullets: walls and
// everything outside the grid. TileUnknown is not solid: a bullet crosses a
// region the client has not been streamed as the server's does; the
// client's own ship stops short of one instead (CircleNearUnknown).
func (g *Grid) Solid(tx, ty int) bool { return g.At(tx, ty) == TileWall }

// InBounds reports whether a world-unit point lies inside the map rectangle.
func (g *Grid) InBounds(x, y float64) bool {
	return x >= 0 && y >= 0 && x < float64(g.W*TileSize) && y < float64(g.H*TileSize)
}

// Size is the map rectangle's width and height in u.
func (g *Grid) Size() (w, h float64) {
	return float64(g.W * TileSize), float64(g.H * TileSize)
}

// CircleSolid reports whether a circle overlaps a solid tile (or the outside
// of the map). Level validation and enemy wandering use it to keep actors
// out of walls.
func (g *Grid) CircleSolid(c Vec, r float64) bool {
	for ty := tileOf(c.Y - r); ty <= tileOf(c.Y+r); ty++ {
		gy := spanGap(c.Y, ty)
		for tx := tileOf(c.X - r); tx <= tileOf(c.X+r); tx++ {
			if !g.Solid(tx, ty) {
				continue
			}
			gx := spanGap(c.X, tx)
			if gx*gx+gy*gy < (r-contactSkin)*(r-contactSkin) {
				return true
			}
		}
	}
	return false
}

// CircleNearUnknown reports whether a circle overlaps, or comes within
// margin of, a tile not streamed yet (TileUnknown). A client predicting
// its ship stops short of such tiles (client.Runtime.SendInput): what is
// there may be wall.
func (g *Grid) CircleNearUnknown(c Vec, r float64) bool {
	for ty := tileOf(c.Y - r); ty <= tileOf(c.Y+r); ty++ {
		gy := spanGap(c.Y, ty)
		for tx := tileOf(c.X - r); tx <= tileOf(c.X+r); tx++ {
			if g.At(tx, ty) != TileUnknown {
				continue
			}
			if gx := spanGap(c.X, tx); gx*gx+gy*gy < r*r {
				return true
			}
		}
	}
	return false
}

// TileCenter is the world position of a tile's centre.
func TileCenter(tx, ty int) Vec {
	return Vec{float64(tx*TileSize) + TileSize/2, float64(ty*TileSize) + TileSize/2}
}

// tileOf is the tile index holding world coordinate v (floor, so negative
// coordinates fall in negative tiles).
func tileOf(v float64) int { return int(math.Floor(v / TileSize)) }

// spanGap is the distance from coordinate v to tile t's span along one axis,
// zero when v lies within it.
func spanGap(v float64, t int) float64 {
	lo := float64(t * TileSize)
	hi := lo + TileSize
	switch {
	case v < lo:
		return lo - v
	case v > hi:
		return v - hi
	}
	return 0
}

// WalkDistances floods from tile (tx, ty) through every tile that is not
// solid and returns each tile's distance in steps (-1: unreachable), in a
// fresh slice. It is Grid.Flood for tools and tests, which measure generated
// dungeons with it.
func WalkDistances(g *Grid, tx, ty int) []int {
	var f Flood
	g.Flood(&f, tx, ty, nil)
	dist := make([]int, len(f.Dist))
	for i, d := range f.Dist {
		dist[i] = int(d)
	}
	return dist
}
