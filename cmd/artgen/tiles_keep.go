package main

import (
	"math/rand/v2"

	"duskfall/assets"
)

// The Sunken Keep: wet flagstones with puddles, algae and drains, a
// drowned mosaic for paving, and masonry walls stained green by the water
// running down them.
func init() {
	tileStyles["sunken_keep"] = tileStyle{
		plains: 2, features: 5, floor: wetFloor, decor: drownedMosaic, npc: wellHead,
		wallTop: mossyTop, wallFace: stainedFace, rim: straightRim,
	}
}

func wetFloor(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand) {
	a := p.Floor[v%2]
	split := 10 + rng.IntN(12)
	slab(cv, 0, 0, 32, split, a, p.Detail)
	slab(cv, 0, split, 32, 32, p.Floor[(v+1)%2], p.Detail)
	switch v {
	case 0, 1: // a wet sheen along the stone
		cv.draw(pxCapsule(px(5+rng.IntN(6)), px(split+4), px(18+rng.IntN(8)), px(split+4), sub/2), p.Detail, 90)
	case 2: // a puddle with a glint
		x, y := px(11+rng.IntN(10)), px(11+rng.IntN(10))
		cv.draw(ellipse(x, y, px(9), px(5)), p.Detail, 255)
		cv.draw(ellipse(x, y, px(8), px(4)), shade(p.Floor[0], 150), 255)
		cv.draw(pxCapsule(x-px(4), y-px(1)-sub/2, x-px(1), y-px(2), sub/2), p.Detail, 220)
	case 3: // algae spreading from a seam
		for range 12 {
			x, y := px(2+rng.IntN(28)), px(split)+jitter(rng, px(5))
			cv.draw(pxDisc(x, y, px(1)+rng.IntN(px(2))), mix(p.Floor[1], p.Detail, 180), 230)
		}
	case 4: // a drain grate
		cv.draw(rectPx(9, 9, 23, 23), shade(p.Floor[0], 120), 255)
		for x := 11; x < 22; x += 3 {
			cv.draw(rectPx(x, 10, x+1, 22), p.Detail, 255)
		}
		cv.draw(minus(rectPx(8, 8, 24, 24), rectPx(9, 9, 23, 23)), p.Detail, 200)
	case 5: // a crack the water has found
		pts := jagged(rng, 3, 2, 24+rng.IntN(6), 30, 3, 2)
		drawCrack(cv, pts, shade(p.Floor[0], 110), p.Detail)
		for _, q := range pts[1 : len(pts)-1] {
			cv.draw(pxDisc(q[0]+sub, q[1], px(1)+sub/2), mix(p.Floor[1], p.Detail, 160), 220)
		}
	case 6: // ripple rings from a drip above
		x, y := px(12+rng.IntN(8)), px(12+rng.IntN(8))
		for _, r := range []int{3, 6, 9} {
			cv.draw(minus(ellipse(x, y, px(r), px(r)*3/5), ellipse(x, y, px(r)-sub*3/4, px(r)*3/5-sub*3/4)), p.Detail, 200-r*12)
		}
	}
}

// drownedMosaic is a floor of small square tesserae over two tiles by
// two, some lost, a ring of darker ones at its heart.
func drownedMosaic(cv *pxCanvas, p assets.Place, rng *rand.Rand) {
	cv.fill(shade(p.Floor[0], 170))
	for y := 0; y < 64; y += 8 {
		for x := 0; x < 64; x += 8 {
			if rng.IntN(9) == 0 {
				continue // a tessera lost to the water
			}
			dx, dy := x-28, y-28
			tone := p.Floor[(x/8+y/8)%2]
			if d := dx*dx + dy*dy; d > 12*12 && d < 22*22 {
				tone = p.Detail
			}
			slab(cv, x+1, y+1, x+8, y+8, tone, mix(tone, p.Detail, 128))
		}
	}
}

// wellHead is a round stone well cover the keeper stands on.
func wellHead(cv *pxCanvas, p assets.Place) {
	slab(cv, 0, 0, 32, 32, p.Floor[0], p.Detail)
	c := px(16)
	cv.draw(pxDisc(c, c, px(14)), p.Detail, 255)
	cv.draw(pxDisc(c, c, px(12)), shade(p.Floor[0], 140), 255)
	for i := range 4 {
		cv.draw(rectPx(9+i*4, 8, 10+i*4, 24), p.Floor[1], 255)
	}
}

// mossyTop is masonry seen from above, moss grown over its joints.
func mossyTop(cv *pxCanvas, p assets.Place, v int) {
	rng := tileRand(p.ID, "moss", v)
	joint := shade(p.WallTop, 180)
	cv.draw(rectPx(0, 15, 32, 16), joint, 255)
	cv.draw(rectPx(0, 31, 32, 32), joint, 255)
	cv.draw(rectPx(6+v*10, 0, 7+v*10, 15), joint, 255)
	cv.draw(rectPx(22-v*10, 16, 23-v*10, 31), joint, 255)
	for range 9 {
		x, y := rng.IntN(tilePeriod), px(15)+jitter(rng, px(2))
		if rng.IntN(2) == 0 {
			y = px(31) + jitter(rng, px(2))
		}
		cv.draw(wrapped(pxDisc(x, y, px(1)+rng.IntN(px(2))), tilePeriod), p.WallEdge, 200)
	}
}

// stainedFace is brick in courses, green streaks where water runs down,
// and a dark waterline at the foot.
func stainedFace(cv *pxCanvas, p assets.Place, v int) {
	mortar := shade(p.WallFace, 150)
	for row, y := range []int{faceTop + 1, faceTop + 5, faceTop + 9} {
		cv.draw(rectPx(0, y-1, 32, y), mortar, 255)
		off := (row*4 + v*6) % 8
		for x := off; x < 32; x += 8 {
			cv.draw(rectPx(x, y, x+1, y+3), mortar, 255)
		}
	}
	rng := tileRand(p.ID, "stains", v)
	for range 3 {
		x := px(2 + rng.IntN(28))
		length := px(4 + rng.IntN(7))
		cv.draw(pxCapsule(x, px(faceTop+1), x, px(faceTop+1)+length, sub*3/4+rng.IntN(sub/2)), p.WallTop, 200)
		cv.draw(pxDisc(x, px(faceTop+1)+length, sub), p.WallEdge, 200)
	}
	cv.draw(rectPx(0, 28, 32, 30), shade(p.WallFace, 120), 255)
	cv.draw(rectPx(0, 27, 32, 28), p.WallTop, 120)
}
