package world

import (
	"math"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// The light over the ground (docs/ART.md, "Places"): a lattice of nodes
// half a tile apart over the screen, each holding the colour the ground
// there is multiplied by. The ground's tiles are drawn in quads between
// the nodes with the nodes' colours at their corners, so the light is
// smooth across the screen and costs no drawing pass of its own.
//
// A node mixes two things: the light in sight (an ambient level plus the
// lights near it: the own ship, other ships, portals, the keeper,
// lanterns, telegraphing enemies), and the dim, cool memory of explored
// ground, by how much of it is in sight. Sight is softened: the tiles in
// sight are averaged onto the nodes around them and blurred, so the edge
// of sight is a feathered fall-off over about a tile, and the ground
// just past it (behind a pillar, round a corner) is lit a little instead
// of being cut off in black squares.
//
// Where drawn ground meets ground never seen, the light goes out at
// their shared edge, so that edge too is a fade, not a line.
//
// No node is ever above 1 in any channel: the light only darkens or keeps
// the ground, never brightens it past the tile set's own colours, which
// TestEveryTileKeepsHostileBulletsReadable holds readable.
const (
	NodesPerTile = 2
	NodeSpan     = game.TileSize / NodesPerTile // u between nodes

	AmbientLight = 0.55 // ground in sight, far from any light
	fogFade      = 96   // u over which sight fades out at the edge of the view
	// FogExplore is how bright remembered ground is, out of sight;
	// portals and the keeper there are drawn this dim too.
	FogExplore = 0.35
)

// memoryTint is the colour remembered ground is multiplied by: dim and
// cool, told apart from ground in sight at a glance.
var memoryTint = [3]float32{FogExplore * 0.8, FogExplore * 0.86, FogExplore * 1.1}

// LightSource is one light: where, how far it reaches, and its colour
// times its strength (channels 0 to 1).
type LightSource struct {
	X, Y   float64    // world
	Radius float64    // u: the light is gone there
	Colour [3]float32 // its strength in each channel
}

// LightMap is the light of the tiles around the screen for one frame. Its
// buffers are reused; they grow only with the window.
type LightMap struct {
	Tx0, Ty0 int // the first tile of the box
	tw, th   int // tiles in the box
	nw, nh   int // nodes: nodesPerTile a tile and one more each way

	seen  []float32 // per tile: in sight (1), faded near the view's edge, or 0
	known []float32 // per tile: explored (1) or not (0)
	Drawn []bool    // per tile: explored, or beside a tile in sight

	Vis, mem, tmp []float32    // per node: share in sight, share remembered
	rgb           [][3]float32 // per node: the final colour
	Lights        []LightSource
	lit           bool // lights and ambient are shone; without, sight is plain 1
}

// Build reads the fog for tiles tx0..tx1 × ty0..ty1 (the screen and a
// tile round it) and softens sight and memory onto the nodes. soft blurs
// them; without it the edge is only as soft as a tile's corners.
func (m *LightMap) Build(f *client.Fog, grid *game.Grid, eye game.Vec, tx0, ty0, tx1, ty1 int, soft bool) {
	m.Tx0, m.Ty0 = tx0, ty0
	m.tw, m.th = max(tx1-tx0+1, 0), max(ty1-ty0+1, 0)
	m.nw, m.nh = m.tw*NodesPerTile+1, m.th*NodesPerTile+1
	nt, nn := m.tw*m.th, m.nw*m.nh
	m.seen, m.known, m.Drawn = grow(m.seen, nt), grow(m.known, nt), grow(m.Drawn, nt)
	m.Vis, m.mem, m.tmp = grow(m.Vis, nn), grow(m.mem, nn), grow(m.tmp, nn)
	m.rgb = grow(m.rgb, nn)
	m.Lights = m.Lights[:0]
	m.readFog(f, grid, eye)
	m.spread(m.Vis, m.seen)
	m.spread(m.mem, m.known)
	if soft {
		m.blur(m.Vis)
		m.blur(m.mem)
	}
}

// grow is s with length n, reallocated only when its capacity is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// readFog fills the per-tile arrays: sight faded by distance, memory,
// and which tiles are drawn (the explored ones and every known tile
// beside one in sight). Known ground (the hub, client.Fog.Know) hides
// nothing, so the light falls on all of it within sight's reach, round
// pillars and over walls alike: no shadow of sight darkens it.
func (m *LightMap) readFog(f *client.Fog, grid *game.Grid, eye game.Vec) {
	open := f.Known()
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.Tx0+x, m.Ty0+y
			i := y*m.tw + x
			m.seen[i], m.known[i] = 0, b2f(f.Explored(tx, ty))
			if f.Visible(tx, ty) || open && m.known[i] > 0 {
				c := game.TileCenter(tx, ty)
				d := math.Hypot(c.X-eye.X, c.Y-eye.Y)
				m.seen[i] = float32(1 - Clamp01((d-(wire.FogViewRadius-fogFade))/fogFade))
			}
		}
	}
	for y := range m.th {
		for x := range m.tw {
			i := y*m.tw + x
			m.Drawn[i] = m.known[i] > 0 || (m.besideSight(x, y) && grid.At(m.Tx0+x, m.Ty0+y) != game.TileUnknown)
		}
	}
}

// besideSight reports whether box tile (x, y) or one of its eight
// neighbours is in sight.
func (m *LightMap) besideSight(x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if nx >= 0 && ny >= 0 && nx < m.tw && ny < m.th && m.seen[ny*m.tw+nx] > 0 {
				return true
			}
		}
	}
	return false
}

// spread sets each node to the mean of the tile values over the tiles it
// touches: four at a tile corner, two on an edge, one at a centre; tiles
// outside the box count as 0.
func (m *LightMap) spread(dst, tile []float32) {
	at := func(tx, ty int) float32 {
		if tx < 0 || ty < 0 || tx >= m.tw || ty >= m.th {
			return 0
		}
		return tile[ty*m.tw+tx]
	}
	for j := range m.nh {
		ty := j / NodesPerTile
		for i := range m.nw {
			tx := i / NodesPerTile
			switch {
			case i%NodesPerTile == 1 && j%NodesPerTile == 1: // a tile's centre
				dst[j*m.nw+i] = at(tx, ty)
			case j%NodesPerTile == 1: // the edge between two tiles of a row
				dst[j*m.nw+i] = (at(tx-1, ty) + at(tx, ty)) / 2
			case i%NodesPerTile == 1: // the edge between two tiles of a column
				dst[j*m.nw+i] = (at(tx, ty-1) + at(tx, ty)) / 2
			default: // the corner of four
				dst[j*m.nw+i] = (at(tx-1, ty-1) + at(tx, ty-1) + at(tx-1, ty) + at(tx, ty)) / 4
			}
		}
	}
}

// blur softens a node field with a 1-2-1 filter each way; the box's
// outer nodes keep their values.
func (m *LightMap) blur(f []float32) {
	w, h := m.nw, m.nh
	copy(m.tmp, f)
	for j := range h {
		for i := 1; i < w-1; i++ {
			k := j*w + i
			m.tmp[k] = (f[k-1] + 2*f[k] + f[k+1]) / 4
		}
	}
	for j := 1; j < h-1; j++ {
		for i := range w {
			k := j*w + i
			f[k] = (m.tmp[k-w] + 2*m.tmp[k] + m.tmp[k+w]) / 4
		}
	}
}

// Add puts a light on the map for this frame.
func (m *LightMap) Add(l LightSource) { m.Lights = append(m.Lights, l) }

// Shine works out every node's colour: in sight, the ambient level and
// each light added, capped at 1; remembered, the memory tint; mixed by
// how much of the node is in sight. lit false leaves sight a plain 1,
// lights and all ignored (low quality).
func (m *LightMap) Shine(lit bool) {
	m.lit = lit
	base := float32(1)
	if lit {
		base = AmbientLight
	}
	for k := range m.rgb {
		m.rgb[k] = [3]float32{base, base, base}
	}
	if lit {
		for _, l := range m.Lights {
			m.addLight(l)
		}
	}
	for k, c := range m.rgb {
		v, e := m.Vis[k], m.mem[k]
		for ch := range c {
			in := min(c[ch], 1)
			m.rgb[k][ch] = v*in + (1-v)*e*memoryTint[ch]
		}
	}
	m.darkenUndrawn()
}

// darkenUndrawn puts out every node of a tile that is not drawn, its
// corners and edges too: the drawn tiles beside it fade to black at
// their shared edge instead of stopping at it in a hard line.
func (m *LightMap) darkenUndrawn() {
	for y := range m.th {
		for x := range m.tw {
			if m.Drawn[y*m.tw+x] {
				continue
			}
			for j := y * NodesPerTile; j <= (y+1)*NodesPerTile; j++ {
				for i := x * NodesPerTile; i <= (x+1)*NodesPerTile; i++ {
					m.rgb[j*m.nw+i] = [3]float32{}
				}
			}
		}
	}
}

// addLight adds a light to the nodes it reaches, falling off smoothly as
// (1 - d²/r²)².
func (m *LightMap) addLight(l LightSource) {
	x0, y0 := float64(m.Tx0*game.TileSize), float64(m.Ty0*game.TileSize)
	i0 := max(int(math.Floor((l.X-l.Radius-x0)/NodeSpan)), 0)
	i1 := min(int(math.Ceil((l.X+l.Radius-x0)/NodeSpan)), m.nw-1)
	j0 := max(int(math.Floor((l.Y-l.Radius-y0)/NodeSpan)), 0)
	j1 := min(int(math.Ceil((l.Y+l.Radius-y0)/NodeSpan)), m.nh-1)
	r2 := l.Radius * l.Radius
	for j := j0; j <= j1; j++ {
		dy := y0 + float64(j*NodeSpan) - l.Y
		for i := i0; i <= i1; i++ {
			dx := x0 + float64(i*NodeSpan) - l.X
			d2 := dx*dx + dy*dy
			if d2 >= r2 {
				continue
			}
			k := float32(1 - d2/r2)
			k *= k
			c := &m.rgb[j*m.nw+i]
			c[0] += l.Colour[0] * k
			c[1] += l.Colour[1] * k
			c[2] += l.Colour[2] * k
		}
	}
}

// curveLimit is how far a tile's inner nodes may stray from the blend of
// its corners (in any channel, 0 to 1) and still be drawn as one quad: a
// few levels of the dark ground, under what the eye can tell.
const curveLimit = 0.03

// curved reports whether the light bends within box tile (x, y): one of
// its edge or centre nodes strays from the blend of its corners.
func (m *LightMap) curved(x, y int) bool {
	i, j := x*NodesPerTile, y*NodesPerTile
	at := func(di, dj int) [3]float32 { return m.rgb[(j+dj)*m.nw+i+di] }
	tl, tr, bl, br := at(0, 0), at(2, 0), at(0, 2), at(2, 2)
	for ch := range 3 {
		far := func(mid, a, b float32) bool { return abs32(mid-(a+b)/2) > curveLimit }
		if far(at(1, 0)[ch], tl[ch], tr[ch]) || far(at(0, 1)[ch], tl[ch], bl[ch]) ||
			far(at(2, 1)[ch], tr[ch], br[ch]) || far(at(1, 2)[ch], bl[ch], br[ch]) ||
			far(at(1, 1)[ch], (tl[ch]+br[ch])/2, (tr[ch]+bl[ch])/2) {
			return true
		}
	}
	return false
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// Node is the colour of node (i, j) of the box; outside it, dark.
func (m *LightMap) Node(i, j int) [3]float32 {
	if i < 0 || j < 0 || i >= m.nw || j >= m.nh {
		return [3]float32{}
	}
	return m.rgb[j*m.nw+i]
}

// tileDrawn reports whether tile (tx, ty) is drawn: explored, or beside
// a tile in sight.
func (m *LightMap) tileDrawn(tx, ty int) bool {
	x, y := tx-m.Tx0, ty-m.Ty0
	return x >= 0 && y >= 0 && x < m.tw && y < m.th && m.Drawn[y*m.tw+x]
}

// sightAt is how much of world point (x, y) is in sight, 0 to 1, at the
// nearest node: ambient motion fades out with it.
func (m *LightMap) sightAt(x, y float64) float32 {
	i := int(math.Round(x/NodeSpan)) - m.Tx0*NodesPerTile
	j := int(math.Round(y/NodeSpan)) - m.Ty0*NodesPerTile
	if i < 0 || j < 0 || i >= m.nw || j >= m.nh {
		return 0
	}
	return m.Vis[j*m.nw+i]
}
