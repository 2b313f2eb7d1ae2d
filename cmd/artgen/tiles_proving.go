package main

import (
	"math/rand/v2"

	"duskfall/assets"
)

// The Proving Grounds: mossy turf with tufts, pebbles and clover, old
// worn paving, and clipped hedges for walls.
func init() {
	tileStyles["proving_grounds"] = tileStyle{
		plains: 4, features: 5, floor: turfFloor, decor: wornPaving, npc: stoneCircle,
		wallTop: hedgeTop, wallFace: hedgeFace, rim: hedgeRim,
	}
}

func turfFloor(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand) {
	// Turf has no seams: every variant starts from the same ground, and
	// what lies on it keeps a few pixels off the tile's edges.
	blotches(cv, rng, 2+v%2, p.Floor[1])
	switch v {
	case 4: // pebbles
		for range 4 + rng.IntN(3) {
			x, y := px(6+rng.IntN(20)), px(6+rng.IntN(20))
			rx, ry := px(1)+rng.IntN(sub*2), px(1)+rng.IntN(sub)
			cv.draw(ellipse(x, y+sub/2, rx, ry), shade(p.Floor[0], 150), 255)
			cv.draw(ellipse(x, y, rx, ry), p.Detail, 255)
			cv.draw(ellipse(x-sub/2, y-sub/2, rx/2, ry/2), p.WallEdge, 130)
		}
	case 5: // a moss cushion
		cx, cy := px(10+rng.IntN(12)), px(10+rng.IntN(12))
		for range 14 {
			x, y := cx+jitter(rng, px(7)), cy+jitter(rng, px(6))
			r := px(2) + rng.IntN(sub*2)
			cv.draw(pxDisc(x, y+sub/2, r), shade(p.Floor[1], 170), 255)
			cv.draw(pxDisc(x, y, r), p.Floor[1], 255)
			cv.draw(pxDisc(x-sub/2, y-sub/2, r/2), p.Detail, 200)
		}
	case 6: // a patch of bare earth
		cx, cy := px(16)+jitter(rng, px(3)), px(16)+jitter(rng, px(3))
		cv.draw(ellipse(cx, cy, px(10), px(7)), shade(p.Floor[0], 225), 200)
		cv.draw(ellipse(cx+px(2), cy+sub, px(2), px(1)+sub/2), p.Detail, 255)
		specks(cv, rng, 6, 8, p.Detail, 140)
	case 7: // clover
		for range 3 {
			x, y := px(7+rng.IntN(18)), px(7+rng.IntN(18))
			for _, d := range [3][2]int{{0, -2}, {-2, 1}, {2, 1}} {
				cv.draw(pxDisc(x+d[0]*sub, y+d[1]*sub, px(2)), p.Detail, 255)
			}
		}
	case 8: // a fallen twig
		x0, y0 := px(6+rng.IntN(6)), px(8+rng.IntN(16))
		x1, y1 := px(22+rng.IntN(6)), px(8+rng.IntN(16))
		cv.draw(pxCapsule(x0, y0+sub, x1, y1+sub, sub), shade(p.Floor[0], 140), 255)
		cv.draw(pxCapsule(x0, y0, x1, y1, sub), p.Detail, 255)
		cv.draw(pxCapsule((x0+x1)/2, (y0+y1)/2, (x0+x1)/2+px(3), (y0+y1)/2-px(4), sub*2/3), p.Detail, 255)
	}
	tufts(cv, rng, 2+rng.IntN(3), p)
}

// blotches lays a few soft patches of a second tone, inside the tile.
func blotches(cv *pxCanvas, rng *rand.Rand, n int, c assets.RGB) {
	for range n {
		x, y := px(8+rng.IntN(16)), px(8+rng.IntN(16))
		cv.draw(ellipse(x, y, px(4+rng.IntN(4)), px(3+rng.IntN(3))), c, 140)
	}
}

// tufts are blades of grass: a few short strokes of different lengths
// and leans from one root.
func tufts(cv *pxCanvas, rng *rand.Rand, n int, p assets.Place) {
	for range n {
		x, y := px(4+rng.IntN(24)), px(6+rng.IntN(22))
		for range 2 + rng.IntN(3) {
			dx, h := jitter(rng, px(2)), px(2)+rng.IntN(px(3))
			cv.draw(pxCapsule(x, y, x+dx, y-h, sub/3), p.Detail, 150+rng.IntN(90))
		}
	}
}

// wornPaving is a path of irregular flat stones with turf between them.
func wornPaving(cv *pxCanvas, p assets.Place, rng *rand.Rand) {
	cv.fill(p.Floor[0])
	for gy := range 4 {
		for gx := range 4 {
			x0, y0 := gx*16+1+rng.IntN(2), gy*16+1+rng.IntN(2)
			x1, y1 := gx*16+14+rng.IntN(2), gy*16+14+rng.IntN(2)
			cut := 2 + rng.IntN(3)
			stone := pxPolygon([2]int{px(x0 + cut), px(y0)}, [2]int{px(x1), px(y0)}, [2]int{px(x1), px(y1 - cut)},
				[2]int{px(x1 - cut), px(y1)}, [2]int{px(x0), px(y1)}, [2]int{px(x0), px(y0 + cut)})
			cv.draw(stone, shade(p.Floor[1], 150), 255)
			cv.draw(func(x, y int) bool { return stone(x+sub, y+sub) }, p.Floor[1], 255)
			cv.draw(func(x, y int) bool { return stone(x+sub, y+sub) && !stone(x+2*sub, y+2*sub) }, p.Detail, 200)
		}
	}
}

// stoneCircle is a ring of flat stones round a worn centre.
func stoneCircle(cv *pxCanvas, p assets.Place) {
	cv.fill(p.Floor[0])
	c := px(16)
	cv.draw(pxDisc(c, c, px(13)), p.Detail, 255)
	cv.draw(pxDisc(c, c, px(11)), p.Floor[1], 255)
	cv.draw(pxDisc(c, c, px(6)), shade(p.Floor[1], 190), 255)
}

// hedgeTop is a hedge seen from above: leaf clusters lit from the
// top-left, repeating every tile so a row of hedges is one hedge.
func hedgeTop(cv *pxCanvas, p assets.Place, v int) {
	rng := tileRand(p.ID, "hedge", v)
	cv.draw(rectPx(0, 0, 32, 32), shade(p.WallTop, 210), 255)
	for range 16 {
		x, y, r := rng.IntN(tilePeriod), rng.IntN(tilePeriod), px(4)+rng.IntN(px(3))
		cv.draw(wrapped(pxDisc(x+sub, y+sub, r), tilePeriod), p.WallFace, 255)
		cv.draw(wrapped(pxDisc(x, y, r), tilePeriod), p.WallTop, 255)
		cv.draw(wrapped(minus(pxDisc(x-sub/2, y-sub/2, r*2/3), pxDisc(x+sub, y+sub, r*2/3)), tilePeriod), p.WallEdge, 150)
	}
}

// hedgeFace is the hedge's side: dense upright leaves over dark stems.
func hedgeFace(cv *pxCanvas, p assets.Place, v int) {
	rng := tileRand(p.ID, "hedge face", v)
	for range 22 {
		x := rng.IntN(tilePeriod)
		y := px(faceTop + 1 + rng.IntN(8))
		cv.draw(wrapped(ellipse(x, y, px(2), px(3)), tilePeriod), shade(p.WallTop, 230), 255)
		cv.draw(wrapped(ellipse(x-sub/2, y-sub, px(1), px(1)), tilePeriod), p.WallTop, 160)
	}
	for x := 2 + v*3; x < 32; x += 6 {
		cv.draw(rectPx(x, 28, x+1, 31), shade(p.WallFace, 140), 255)
	}
}

// hedgeRim trims the hedge's top where it meets open ground with a
// scalloped lit edge instead of a straight one.
func hedgeRim(cv *pxCanvas, p assets.Place, m int, rng *rand.Rand) {
	scallops := func(along func(t int) (x, y int)) {
		for t := 2; t < 32; t += 5 + rng.IntN(2) {
			x, y := along(t)
			cv.draw(pxDisc(x, y, px(2)+rng.IntN(sub)), p.WallEdge, 170)
		}
	}
	bottom := 32
	if m&openS != 0 {
		bottom = faceTop
	}
	if m&openN != 0 {
		scallops(func(t int) (int, int) { return px(t), px(1) })
	}
	if m&openW != 0 {
		scallops(func(t int) (int, int) { return px(1), px(t * bottom / 32) })
	}
	if m&openE != 0 {
		cv.draw(rectPx(30, 0, 32, bottom), shade(p.WallTop, 200), 200)
	}
	if m&openS != 0 {
		scallops(func(t int) (int, int) { return px(t), px(faceTop - 2) })
		cv.draw(rectPx(0, faceTop, 32, faceTop+1), shade(p.WallFace, 160), 255)
	}
}
