package main

import (
	"fmt"
	"hash/fnv"
	"image"
	"maps"
	"math/rand/v2"
	"slices"

	"duskfall/assets"
)

// Tile sets: one sheet per place with a look of its own, tiles/<id>.png,
// painted from the place's palette alone (floor tones, detail, wall face,
// top and edge, and darker shades and blends of them) so the ground stays
// as dark as docs/ART.md's readability rules need
// (TestEveryTileKeepsHostileBulletsReadable holds every pixel to it).
//
// The frames, as the window reads them (docs/ART.md, "Places"):
//
//	plain_0 … plain_N   plain floor, most of the ground
//	feature_0 … _N      floor with something on it (cracks, moss, bones…)
//	decor_0 … decor_3   paving (game.TileDecor), laid two tiles by two: the
//	                    quarters of one pattern, top-left, top-right,
//	                    bottom-left, bottom-right
//	npc                 the paving the upgrade keeper stands on
//	wall_M_V            a wall whose open sides are the bits of M (1 north,
//	                    2 east, 4 south, 8 west; open: not a wall), in
//	                    variant V (0 or 1); with the south open its lower
//	                    part is the face toward the viewer
//	shade_n, shade_w, shade_e   soft shadow a wall casts on the floor south
//	                    of it, east of it and west of it (black, translucent)

// Tile geometry: a tile is drawn one pixel a world unit, as the camera
// draws the world.
const (
	tileSide   = 32 // pixels, game.TileSize
	tilePeriod = tileSide * sub
	faceTop    = 20 // pixels: where a wall's face begins when its south is open
	wallMasks  = 16
	wallVars   = 2
	decorVars  = 4
)

// Open sides of a wall, the bits of its mask.
const (
	openN = 1 << iota
	openE
	openS
	openW
)

// tileStyle paints one place's tiles. Each painter gets a canvas already
// filled with a base colour and a generator seeded for that tile alone.
type tileStyle struct {
	plains   int                                                          // plain floor variants, the first of them
	features int                                                          // floor variants with a feature, after the plain
	floor    func(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand)    // floor variant v
	decor    func(cv *pxCanvas, p assets.Place, rng *rand.Rand)           // paving over two tiles by two
	npc      func(cv *pxCanvas, p assets.Place)                           // the keeper's paving
	wallTop  func(cv *pxCanvas, p assets.Place, v int)                    // a wall's top, seamless with its neighbours
	wallFace func(cv *pxCanvas, p assets.Place, v int)                    // a wall's face, seamless left and right
	rim      func(cv *pxCanvas, p assets.Place, open int, rng *rand.Rand) // the edges of a wall's top toward open ground
}

// tileStyles are the places that have tile sets, by place id. A place
// whose look is borrowed (places.toml's like) draws with its lender's.
var tileStyles = map[string]tileStyle{}

func init() { register("tiles", makeTileSets) }

func makeTileSets(l *assets.Look) ([]output, error) {
	var outs []output
	for _, id := range slices.Sorted(maps.Keys(tileStyles)) {
		p, ok := l.Place(id)
		if !ok {
			return nil, fmt.Errorf("tile style %q has no place in places.toml", id)
		}
		o, err := tileSet(p, tileStyles[id]).outputs()
		if err != nil {
			return nil, err
		}
		outs = append(outs, o...)
	}
	return outs, nil
}

// tileSet paints every frame of a place's tile set.
func tileSet(p assets.Place, st tileStyle) *sheetBuilder {
	sb := newSheet("tiles", p.ID, 17*(tileSide+2))
	add := func(name string, cv *pxCanvas) {
		sb.add(name, cv.image(), image.Pt(0, 0), 1)
	}
	for v := range st.plains + st.features {
		cv := pxNewCanvas(tileSide, tileSide)
		cv.fill(p.Floor[0])
		st.floor(cv, p, v, tileRand(p.ID, "floor", v))
		name := fmt.Sprintf("plain_%d", v)
		if v >= st.plains {
			name = fmt.Sprintf("feature_%d", v-st.plains)
		}
		add(name, cv)
	}
	paving := pxNewCanvas(2*tileSide, 2*tileSide)
	paving.fill(p.Floor[1])
	st.decor(paving, p, tileRand(p.ID, "decor", 0))
	for v := range decorVars {
		add(fmt.Sprintf("decor_%d", v), quarter(paving, v))
	}
	cv := pxNewCanvas(tileSide, tileSide)
	cv.fill(p.Floor[1])
	st.npc(cv, p)
	add("npc", cv)
	for m := range wallMasks {
		for v := range wallVars {
			add(fmt.Sprintf("wall_%d_%d", m, v), wallTile(p, st, m, v))
		}
	}
	for _, side := range []string{"n", "w", "e"} {
		add("shade_"+side, shadeTile(side))
	}
	return sb
}

// quarter is quarter q (0 top-left, 1 top-right, 2 bottom-left, 3
// bottom-right) of a canvas twice a tile each way.
func quarter(cv *pxCanvas, q int) *pxCanvas {
	out := pxNewCanvas(tileSide, tileSide)
	x0, y0 := (q%2)*tileSide, (q/2)*tileSide
	for y := range tileSide {
		copy(out.px[y*tileSide:(y+1)*tileSide], cv.px[(y0+y)*cv.w+x0:])
	}
	return out
}

// tileRand is the generator for one tile: the same place, kind and
// variant always draw the same tile.
func tileRand(place, kind string, v int) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(place + "/" + kind))
	return rand.New(rand.NewPCG(h.Sum64(), uint64(v)))
}

// wallTile is a wall with open sides m: its top everywhere, its face over
// the lower part when the south is open, the lit rim toward open ground.
func wallTile(p assets.Place, st tileStyle, m, v int) *pxCanvas {
	cv := pxNewCanvas(tileSide, tileSide)
	cv.fill(p.WallTop)
	st.wallTop(cv, p, v)
	if m&openS != 0 {
		face := pxNewCanvas(tileSide, tileSide)
		face.fill(p.WallFace)
		st.wallFace(face, p, v)
		copy(cv.px[faceTop*tileSide:], face.px[faceTop*tileSide:])
		// The face's foot meets the floor in a dark line, its sides in
		// shadow where the wall turns a corner.
		cv.draw(rectPx(0, tileSide-2, tileSide, tileSide), shade(p.WallFace, 110), 200)
		if m&openE != 0 {
			cv.draw(rectPx(tileSide-3, faceTop, tileSide, tileSide), shade(p.WallFace, 150), 170)
		}
		if m&openW != 0 {
			cv.draw(rectPx(0, faceTop, 3, tileSide), shade(p.WallFace, 150), 170)
		}
	}
	st.rim(cv, p, m, tileRand(p.ID, "rim", m*wallVars+v))
	return cv
}

// straightRim draws the top's edges toward open ground as a lit band, and
// the line where a top meets its face.
func straightRim(cv *pxCanvas, p assets.Place, m int, _ *rand.Rand) {
	bottom := tileSide
	if m&openS != 0 {
		bottom = faceTop
	}
	if m&openN != 0 {
		cv.draw(rectPx(0, 0, tileSide, 2), p.WallEdge, 255)
	}
	if m&openW != 0 {
		cv.draw(rectPx(0, 0, 2, bottom), p.WallEdge, 230)
	}
	if m&openE != 0 {
		cv.draw(rectPx(tileSide-2, 0, tileSide, bottom), shade(p.WallEdge, 200), 230)
	}
	if m&openS != 0 {
		cv.draw(rectPx(0, faceTop-2, tileSide, faceTop), p.WallEdge, 255)
		cv.draw(rectPx(0, faceTop, tileSide, faceTop+1), shade(p.WallFace, 150), 255)
	}
}

// shadeTile is the soft shadow a wall casts on the floor beside it.
func shadeTile(side string) *pxCanvas {
	cv := pxNewCanvas(tileSide, tileSide)
	const reach = 9 // pixels
	for i := range reach {
		a := 130 * (reach - i) * (reach - i) / (reach * reach)
		var s pxShape
		switch side {
		case "n":
			s = rectPx(0, i, tileSide, i+1)
		case "w":
			s = rectPx(i, 0, i+1, tileSide)
		default:
			s = rectPx(tileSide-1-i, 0, tileSide-i, tileSide)
		}
		cv.draw(s, assets.RGB{}, a*3/4)
	}
	return cv
}

// px is a pixel coordinate in sub-pixel units: the centre of pixel x when
// given x and a half.
func px(x int) int { return x * sub }

// jitter is a random offset in [-r, r].
func jitter(rng *rand.Rand, r int) int { return rng.IntN(2*r+1) - r }

// slab paints a bevelled stone over pixels [x0, x1) × [y0, y1): its tone,
// a lit edge top and left, a dark seam right and bottom, so slabs laid
// side by side read as separate stones.
func slab(cv *pxCanvas, x0, y0, x1, y1 int, tone, lit assets.RGB) {
	cv.draw(rectPx(x0, y0, x1, y1), tone, 255)
	cv.draw(rectPx(x0, y0, x1-1, y0+1), lit, 150)
	cv.draw(rectPx(x0, y0+1, x0+1, y1-1), lit, 110)
	cv.draw(rectPx(x0, y1-1, x1, y1), shade(tone, 150), 255)
	cv.draw(rectPx(x1-1, y0, x1, y1), shade(tone, 150), 255)
}

// specks scatters n single-pixel marks of colour c at opacity a, margin
// pixels in from the tile's edges.
func specks(cv *pxCanvas, rng *rand.Rand, n, margin int, c assets.RGB, a int) {
	for range n {
		x, y := margin+rng.IntN(cv.w-2*margin), margin+rng.IntN(cv.h-2*margin)
		cv.over(x, y, c, a)
	}
}

// jagged is a crack from (x0, y0) to (x1, y1) in pixels, bent at a few
// random points, as sub-pixel points.
func jagged(rng *rand.Rand, x0, y0, x1, y1, bends, wobble int) [][2]int {
	pts := [][2]int{{px(x0), px(y0)}}
	for i := 1; i <= bends; i++ {
		x := x0 + (x1-x0)*i/(bends+1)
		y := y0 + (y1-y0)*i/(bends+1)
		pts = append(pts, [2]int{px(x) + jitter(rng, wobble*sub), px(y) + jitter(rng, wobble*sub)})
	}
	return append(pts, [2]int{px(x1), px(y1)})
}

// drawCrack paints a crack through pts: a dark line with a lit lip below
// it, as a split in stone catches light on one side.
func drawCrack(cv *pxCanvas, pts [][2]int, dark, lit assets.RGB) {
	lip := make([][2]int, len(pts))
	for i, p := range pts {
		lip[i] = [2]int{p[0], p[1] + sub}
	}
	cv.draw(crack(sub/2, lip...), lit, 120)
	cv.draw(crack(sub*3/5, pts...), dark, 230)
}
