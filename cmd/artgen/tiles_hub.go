package main

import (
	"math/rand/v2"

	"duskfall/assets"
)

// The hub: plum flagstones, a plaza of inlaid paving, walls of dressed
// stone laid in courses.
func init() {
	tileStyles["hub"] = tileStyle{
		plains: 2, features: 5, floor: hubFloor, decor: hubPaving, npc: hubMedallion,
		wallTop: dressedTop, wallFace: ashlarFace, rim: straightRim,
	}
}

func hubFloor(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand) {
	a, b := p.Floor[v%2], p.Floor[(v+1)%2]
	switch v {
	case 0, 1: // one great slab
		slab(cv, 0, 0, 32, 32, a, p.Detail)
	case 2: // two half slabs
		slab(cv, 0, 0, 16, 32, a, p.Detail)
		slab(cv, 16, 0, 32, 32, b, p.Detail)
	case 3: // four small squares, chequered
		for q := range 4 {
			x, y := (q%2)*16, (q/2)*16
			tone := a
			if q == 1 || q == 2 {
				tone = b
			}
			slab(cv, x, y, x+16, y+16, tone, p.Detail)
		}
	case 4: // a cracked slab
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		drawCrack(cv, jagged(rng, 2, 4+rng.IntN(8), 30, 18+rng.IntN(10), 3, 2), shade(a, 140), p.Detail)
	case 5: // a slab with a chipped corner, worn smooth
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		cv.draw(pxPolygon([2]int{px(20), px(31)}, [2]int{px(31), px(31)}, [2]int{px(31), px(21)}), shade(a, 170), 255)
		cv.draw(pxCapsule(px(21), px(30), px(30), px(22), sub/3), p.Detail, 140)
	case 6: // a slab worn hollow where feet have turned on it
		slab(cv, 0, 0, 32, 32, a, p.Detail)
		cv.draw(ellipse(px(16)+jitter(rng, px(4)), px(16)+jitter(rng, px(4)), px(8), px(6)), shade(a, 200), 150)
	}
	specks(cv, rng, 5, 3, p.Detail, 70)
	specks(cv, rng, 5, 3, shade(a, 180), 120)
}

// hubPaving is the plaza: a diamond of smaller stones in a square frame,
// over two tiles by two.
func hubPaving(cv *pxCanvas, p assets.Place, _ *rand.Rand) {
	for y := 0; y < 64; y += 8 {
		for x := 0; x < 64; x += 8 {
			tone := p.Floor[((x+y)/8)%2]
			slab(cv, x, y, x+8, y+8, tone, p.Detail)
		}
	}
	c := px(32)
	cv.draw(pxPolygon([2]int{c, px(6)}, [2]int{px(58), c}, [2]int{c, px(58)}, [2]int{px(6), c}), shade(p.Detail, 200), 255)
	cv.draw(pxPolygon([2]int{c, px(9)}, [2]int{px(55), c}, [2]int{c, px(55)}, [2]int{px(9), c}), p.Floor[1], 255)
	cv.draw(pxPolygon([2]int{c, px(16)}, [2]int{px(48), c}, [2]int{c, px(48)}, [2]int{px(16), c}), p.Detail, 255)
	cv.draw(pxPolygon([2]int{c, px(19)}, [2]int{px(45), c}, [2]int{c, px(45)}, [2]int{px(19), c}), p.Floor[0], 255)
	cv.draw(pxDisc(c, c, px(5)), p.Detail, 255)
	cv.draw(pxDisc(c, c, px(3)), p.Floor[1], 255)
	frame := minus(rectPx(1, 1, 63, 63), rectPx(3, 3, 61, 61))
	cv.draw(frame, shade(p.Detail, 220), 255)
}

// hubMedallion is a round stone under the keeper: rings of detail.
func hubMedallion(cv *pxCanvas, p assets.Place) {
	slab(cv, 0, 0, 32, 32, p.Floor[1], p.Detail)
	c := px(16)
	cv.draw(pxDisc(c, c, px(14)), p.Detail, 255)
	cv.draw(pxDisc(c, c, px(12)), p.Floor[0], 255)
	cv.draw(pxDisc(c, c, px(8)), shade(p.Detail, 220), 255)
	cv.draw(pxDisc(c, c, px(6)), p.Floor[1], 255)
	for i := range 4 { // four notches, a compass
		d := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}[i]
		cv.draw(pxCapsule(c+d[0]*px(9), c+d[1]*px(9), c+d[0]*px(12), c+d[1]*px(12), sub), p.Detail, 255)
	}
}

// dressedTop is smooth stone in offset blocks, the joints faint.
func dressedTop(cv *pxCanvas, p assets.Place, v int) {
	joint := shade(p.WallTop, 200)
	off := 8 * v
	cv.draw(rectPx(0, 15, 32, 16), joint, 255)
	cv.draw(rectPx(0, 31, 32, 32), joint, 255)
	for _, x := range []int{(off + 4) % 32, (off + 20) % 32} {
		cv.draw(rectPx(x, 0, x+1, 15), joint, 255)
	}
	for _, x := range []int{(off + 12) % 32, (off + 28) % 32} {
		cv.draw(rectPx(x, 16, x+1, 31), joint, 255)
	}
	cv.draw(rectPx(0, 0, 32, 1), p.WallEdge, 60)
	cv.draw(rectPx(0, 16, 32, 17), p.WallEdge, 60)
}

// ashlarFace is the face in two courses of squared blocks, the mortar
// dark and each block lit along its top.
func ashlarFace(cv *pxCanvas, p assets.Place, v int) {
	mortar := shade(p.WallFace, 150)
	for row, y := range []int{faceTop + 1, faceTop + 6, faceTop + 11} {
		cv.draw(rectPx(0, y-1, 32, y), mortar, 255)
		if y >= 32 {
			break
		}
		cv.draw(rectPx(0, y, 32, y+1), p.WallTop, 110)
		off := (row*8 + v*4) % 16
		for x := off; x < 32; x += 16 {
			cv.draw(rectPx(x, y, x+1, y+5), mortar, 255)
		}
	}
}
