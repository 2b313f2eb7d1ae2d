package render

import (
	"math"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// Fog (NETCODE.md, "Maps") as drawn: tiles in sight are clear, fading toward the
// edge of the view over fogFade; explored tiles out of sight are dim;
// tiles never seen, and tiles not streamed yet, are black. What is in
// sight is the client's decision (client.Fog); this file only shades it.
const (
	fogFade    = 96   // u over which sight fades out at the edge of the view
	fogExplore = 0.35 // brightness of explored ground out of sight
)

// fogShade holds the light of every tile around the screen for one frame,
// so each tile corner can blend its four tiles without asking the fog
// again. Its buffer is reused; it grows only with the window.
type fogShade struct {
	light  []float32 // row-major, w×h, for tiles x0.. and y0..
	x0, y0 int
	w, h   int
}

// build computes the light of tiles tx0..tx1 × ty0..ty1 plus a border of
// one, so the corners of the outermost tiles have all four neighbours.
func (s *fogShade) build(f *client.Fog, eye game.Vec, tx0, ty0, tx1, ty1 int) {
	s.x0, s.y0 = tx0-1, ty0-1
	s.w, s.h = max(tx1-tx0+3, 0), max(ty1-ty0+3, 0)
	n := s.w * s.h
	if cap(s.light) < n {
		s.light = make([]float32, n)
	}
	s.light = s.light[:n]
	for y := range s.h {
		for x := range s.w {
			s.light[y*s.w+x] = tileLight(f, eye, s.x0+x, s.y0+y)
		}
	}
}

// tileLight is a tile's brightness: faded by distance in sight, dim when
// only remembered, 0 when never seen.
func tileLight(f *client.Fog, eye game.Vec, tx, ty int) float32 {
	switch {
	case f.Visible(tx, ty):
		c := game.TileCenter(tx, ty)
		d := math.Hypot(c.X-eye.X, c.Y-eye.Y)
		t := clamp01((d - (wire.FogViewRadius - fogFade)) / fogFade)
		return float32(1 - t*(1-fogExplore))
	case f.Explored(tx, ty):
		return fogExplore
	}
	return 0
}

// tile is the light of one tile; outside the built box it is dark.
func (s *fogShade) tile(tx, ty int) float32 {
	x, y := tx-s.x0, ty-s.y0
	if x < 0 || y < 0 || x >= s.w || y >= s.h {
		return 0
	}
	return s.light[y*s.w+x]
}

// corner is the light at the top-left corner of tile (tx, ty): the mean of
// the four tiles that meet there, so light ends in a soft edge instead of
// a staircase of squares.
func (s *fogShade) corner(tx, ty int) float32 {
	return (s.tile(tx-1, ty-1) + s.tile(tx, ty-1) + s.tile(tx-1, ty) + s.tile(tx, ty)) / 4
}

// bulletInSight reports whether a bullet at world (x, y) is on a visible
// tile. It is the fog test of the bullet vertex build, so it stays a few
// comparisons: no floor call, since negative coordinates are off the map.
func bulletInSight(f *client.Fog, x, y float32) bool {
	if x < 0 || y < 0 {
		return false
	}
	return f.Visible(int(x*(1.0/game.TileSize)), int(y*(1.0/game.TileSize)))
}
