package main

import (
	"math/rand/v2"

	"duskfall/assets"
)

// The Catacombs: small squares of umber stone, bones and skulls in the dust, tomb
// slabs for paving, and crypt walls stacked with bones.
func init() {
	tileStyles["catacombs"] = tileStyle{
		plains: 2, features: 5, floor: slateFloor, decor: tombSlab, npc: sealStone,
		wallTop: cryptTop, wallFace: boneFace, rim: straightRim,
	}
}

func slateFloor(cv *pxCanvas, p assets.Place, v int, rng *rand.Rand) {
	for q := range 4 {
		x, y := (q%2)*16, (q/2)*16
		slab(cv, x, y, x+16, y+16, p.Floor[(q+v+rng.IntN(2))%2], p.Detail)
	}
	bone := p.Detail
	switch v {
	case 2: // crossed bones
		cx, cy := px(12+rng.IntN(8)), px(12+rng.IntN(8))
		drawBone(cv, cx-px(6), cy-px(4), cx+px(6), cy+px(4), bone, shade(p.Floor[0], 150))
		drawBone(cv, cx-px(6), cy+px(4), cx+px(6), cy-px(4), bone, shade(p.Floor[0], 150))
	case 3: // a skull
		drawSkull(cv, px(12+rng.IntN(8)), px(13+rng.IntN(6)), px(5), bone, shade(p.Floor[0], 120))
	case 4: // cracked slate
		drawCrack(cv, jagged(rng, 1, 3+rng.IntN(10), 31, 14+rng.IntN(16), 4, 2), shade(p.Floor[0], 120), p.Detail)
	case 5: // bone splinters and dust
		for range 3 {
			x, y := px(5+rng.IntN(22)), px(5+rng.IntN(22))
			dx, dy := jitter(rng, px(4)), jitter(rng, px(3))
			cv.draw(pxCapsule(x, y, x+dx, y+dy, sub*2/3), bone, 230)
		}
		specks(cv, rng, 14, 2, p.Detail, 90)
	case 6: // a wax puddle where a candle burned down
		x, y := px(10+rng.IntN(12)), px(10+rng.IntN(12))
		cv.draw(ellipse(x, y, px(5), px(3)), shade(p.Detail, 230), 255)
		cv.draw(ellipse(x, y-sub, px(2), px(2)), p.Detail, 255)
		cv.draw(ellipse(x, y-px(2), sub, px(1)), shade(p.Floor[0], 120), 255)
	}
	specks(cv, rng, 6, 1, shade(p.Floor[0], 160), 150)
}

// drawBone is a long bone from (ax, ay) to (bx, by): a shaft with a knob
// at each end, over its shadow.
func drawBone(cv *pxCanvas, ax, ay, bx, by int, bone, shadow assets.RGB) {
	bones := func(dy int) pxShape {
		return union(pxCapsule(ax, ay+dy, bx, by+dy, sub),
			pxDisc(ax-sub/2, ay+dy, px(1)+sub/3), pxDisc(ax+sub/2, ay+dy+sub, px(1)+sub/3),
			pxDisc(bx+sub/2, by+dy, px(1)+sub/3), pxDisc(bx-sub/2, by+dy-sub, px(1)+sub/3))
	}
	cv.draw(bones(sub), shadow, 255)
	cv.draw(bones(0), bone, 255)
}

// drawSkull is a skull at (x, y) of radius r: a dome, a jaw, two dark
// sockets.
func drawSkull(cv *pxCanvas, x, y, r int, bone, dark assets.RGB) {
	cv.draw(union(pxDisc(x, y+sub, r), rect(x-r*3/5, y+sub, x+r*3/5, y+r+sub*3/2)), dark, 255)
	cv.draw(union(pxDisc(x, y, r), rect(x-r*3/5, y, x+r*3/5, y+r+sub/2)), bone, 255)
	cv.draw(pxDisc(x-r*2/5, y+r/6, r*3/10), dark, 255)
	cv.draw(pxDisc(x+r*2/5, y+r/6, r*3/10), dark, 255)
	cv.draw(pxPolygon([2]int{x, y + r/2}, [2]int{x - r/6, y + r*3/4}, [2]int{x + r/6, y + r*3/4}), dark, 255)
}

// tombSlab is a grave slab over two tiles by two: a bordered stone with a
// cross carved in it.
func tombSlab(cv *pxCanvas, p assets.Place, _ *rand.Rand) {
	cv.fill(p.Floor[0])
	slab(cv, 3, 3, 61, 61, p.Floor[1], p.Detail)
	frame := minus(rectPx(7, 7, 57, 57), rectPx(9, 9, 55, 55))
	cv.draw(frame, shade(p.Floor[1], 150), 255)
	cross := union(rectPx(29, 14, 35, 50), rectPx(19, 24, 45, 30))
	cv.draw(func(x, y int) bool { return cross(x-sub, y-sub) }, p.Detail, 255)
	cv.draw(cross, shade(p.Floor[1], 140), 255)
}

// sealStone is a round stone seal, ringed, with a skull carved at its
// middle.
func sealStone(cv *pxCanvas, p assets.Place) {
	slab(cv, 0, 0, 32, 32, p.Floor[0], p.Detail)
	c := px(16)
	cv.draw(pxDisc(c, c, px(14)), shade(p.Floor[0], 150), 255)
	cv.draw(pxDisc(c, c, px(13)), p.Floor[1], 255)
	cv.draw(minus(pxDisc(c, c, px(11)), pxDisc(c, c, px(10))), p.Detail, 255)
	drawSkull(cv, c, c-sub, px(4), p.Detail, shade(p.Floor[1], 130))
}

// cryptTop is the top of a crypt wall: heavy dark slabs, irregular,
// darker than the hub's dressed stone.
func cryptTop(cv *pxCanvas, p assets.Place, v int) {
	cv.fill(mix(p.WallFace, p.WallTop, 150))
	joint := shade(p.WallTop, 150)
	cv.draw(rectPx(0, 19-v*6, 32, 20-v*6), joint, 255)
	cv.draw(rectPx(0, 31, 32, 32), joint, 255)
	cv.draw(rectPx(10+v*9, 0, 11+v*9, 19-v*6), joint, 255)
	cv.draw(rectPx(24-v*7, 20-v*6, 25-v*7, 31), joint, 255)
	cv.draw(rectPx(0, 0, 32, 1), p.WallEdge, 50)
}

// boneFace is the crypt's face: a course of long bones laid end-on above
// a row of skulls, the gaps between them black.
func boneFace(cv *pxCanvas, p assets.Place, v int) {
	gap := shade(p.WallFace, 90)
	cv.draw(rectPx(0, faceTop+1, 32, 32), gap, 255)
	bone, dark := p.WallEdge, shade(p.WallFace, 140)
	for x := -8 + v*3; x < 40; x += 8 {
		cv.draw(wrapped(pxCapsule(px(x), px(faceTop+2)+sub/2, px(x+6), px(faceTop+2)+sub/2, sub*3/4), tilePeriod), shade(bone, 210), 255)
		cv.draw(wrapped(pxDisc(px(x+6)+sub/2, px(faceTop+2)+sub/2, px(1)+sub/4), tilePeriod), bone, 255)
	}
	for x := 4 + v*4; x < 32+4; x += 8 {
		drawSkull(cv, px(x%32), px(faceTop+7), px(3)+sub/2, bone, dark)
		if x%32 < 4 { // the skull cut by the tile's left edge comes back at its right
			drawSkull(cv, px(x%32+32), px(faceTop+7), px(3)+sub/2, bone, dark)
		}
	}
}
