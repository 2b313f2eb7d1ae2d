package main

import (
	"math/rand/v2"

	"duskfall/assets"
)

// The Star Vault: polished lapis slabs flecked with stars and crossed by
// the lines of constellations, brass-ringed star charts for paving, and
// walls of glazed blue brick with veins of light in the glaze.
func init() {
	tileStyles["star_vault"] = tileStyle{
		plains: 2, features: 5, floor: lapisFloor, decor: starChart, npc: orreryStone,
		wallTop: glazedTop, wallFace: glazedFace, rim: straightRim,
	}
}

func lapisFloor(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand) {
	a, b := p.Floor[v%2], p.Floor[(v+1)%2]
	switch v {
	case 0, 1: // one great slab
		slab(cv, 0, 0, 32, 32, a, p.Detail)
	case 2: // a constellation scratched into the stone
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		pts := [][2]int{}
		for range 4 {
			pts = append(pts, [2]int{px(4 + rng.IntN(24)), px(4 + rng.IntN(24))})
		}
		for i := 1; i < len(pts); i++ {
			cv.draw(pxCapsule(pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1], sub/4), p.Detail, 110)
		}
		for _, q := range pts {
			cv.draw(pxDisc(q[0], q[1], sub), p.Detail, 255)
		}
	case 3: // two half slabs, the seam inlaid
		slab(cv, 0, 0, 32, 16, a, p.Detail)
		slab(cv, 0, 16, 32, 32, b, p.Detail)
		cv.draw(rectPx(0, 15, 32, 16), shade(p.Detail, 200), 200)
	case 4: // a crack through the glaze
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		drawCrack(cv, jagged(rng, 3, 2+rng.IntN(6), 29, 20+rng.IntN(10), 3, 2), shade(a, 130), p.Detail)
	case 5: // a brass ring set in the stone
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		x, y := px(12+rng.IntN(8)), px(12+rng.IntN(8))
		cv.draw(minus(pxDisc(x, y, px(7)), pxDisc(x, y, px(6))), p.Detail, 220)
		cv.draw(pxDisc(x, y, sub), p.Detail, 255)
	case 6: // a star-shaped chip, worn smooth
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		x, y := px(10+rng.IntN(12)), px(10+rng.IntN(12))
		cv.draw(pxPolygon([2]int{x, y - px(4)}, [2]int{x + px(1), y - px(1)}, [2]int{x + px(4), y},
			[2]int{x + px(1), y + px(1)}, [2]int{x, y + px(4)}, [2]int{x - px(1), y + px(1)},
			[2]int{x - px(4), y}, [2]int{x - px(1), y - px(1)}), shade(a, 150), 255)
	}
	specks(cv, rng, 4, 2, p.Detail, 200) // the flecks of gold in lapis, a sky's stars
	specks(cv, rng, 6, 3, shade(a, 170), 120)
}

// starChart is a paved star chart over two tiles by two: a brass ring
// with its hours marked, an inner ring and a star at its heart.
func starChart(cv *pxCanvas, p assets.Place, _ *rand.Rand) {
	for y := 0; y < 64; y += 16 {
		for x := 0; x < 64; x += 16 {
			slab(cv, x, y, x+16, y+16, p.Floor[((x+y)/16)%2], p.Detail)
		}
	}
	c := px(32)
	cv.draw(minus(pxDisc(c, c, px(27)), pxDisc(c, c, px(25))), p.Detail, 255)
	cv.draw(minus(pxDisc(c, c, px(15)), pxDisc(c, c, px(14))), p.Detail, 220)
	for _, d := range [][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		cv.draw(pxCapsule(c+d[0]*px(17), c+d[1]*px(17), c+d[0]*px(24), c+d[1]*px(24), sub), p.Detail, 255)
	}
	cv.draw(pxPolygon([2]int{c, c - px(9)}, [2]int{c + px(2), c - px(2)}, [2]int{c + px(9), c},
		[2]int{c + px(2), c + px(2)}, [2]int{c, c + px(9)}, [2]int{c - px(2), c + px(2)},
		[2]int{c - px(9), c}, [2]int{c - px(2), c - px(2)}), p.Detail, 255)
	cv.draw(pxDisc(c, c, px(2)), p.Floor[0], 255)
}

// orreryStone is the keeper's stone: nested rings with a planet on each.
func orreryStone(cv *pxCanvas, p assets.Place) {
	slab(cv, 0, 0, 32, 32, p.Floor[1], p.Detail)
	c := px(16)
	for i, r := range []int{13, 9, 5} {
		cv.draw(minus(pxDisc(c, c, px(r)), pxDisc(c, c, px(r)-sub)), p.Detail, 230)
		x := [3]int{c + px(r), c, c - px(r)}[i]
		y := [3]int{c, c - px(r), c}[i]
		cv.draw(pxDisc(x, y, px(2)), p.Detail, 255)
	}
	cv.draw(pxDisc(c, c, px(2)), p.Detail, 255)
}

// glazedTop is glazed brick seen from above, a vein of light through the
// glaze.
func glazedTop(cv *pxCanvas, p assets.Place, v int) {
	joint := shade(p.WallTop, 170)
	cv.draw(rectPx(0, 15, 32, 16), joint, 255)
	cv.draw(rectPx(0, 31, 32, 32), joint, 255)
	cv.draw(rectPx((10+v*8)%32, 0, (10+v*8)%32+1, 15), joint, 255)
	cv.draw(rectPx((26+v*8)%32, 16, (26+v*8)%32+1, 31), joint, 255)
	rng := tileRand(p.ID, "veins", v)
	pts := jagged(rng, 0, 4+rng.IntN(8), 32, 4+rng.IntN(8), 3, 2)
	for i := 1; i < len(pts); i++ {
		cv.draw(wrapped(pxCapsule(pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1], sub/3), tilePeriod), p.WallEdge, 150)
	}
}

// glazedFace is the face in narrow courses of glazed brick, each lit
// along its top, and a dark plinth at the foot.
func glazedFace(cv *pxCanvas, p assets.Place, v int) {
	mortar := shade(p.WallFace, 140)
	for row, y := range []int{faceTop + 1, faceTop + 4, faceTop + 7, faceTop + 10} {
		cv.draw(rectPx(0, y-1, 32, y), mortar, 255)
		cv.draw(rectPx(0, y, 32, y+1), p.WallTop, 90)
		off := (row*5 + v*3) % 10
		for x := off; x < 32; x += 10 {
			cv.draw(rectPx(x, y, x+1, y+3), mortar, 255)
		}
	}
	cv.draw(rectPx(0, 29, 32, 32), shade(p.WallFace, 120), 255)
}
