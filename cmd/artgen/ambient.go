package main

import (
	"image"

	"duskfall/assets"
)

// The ambient sheet, sprites/ambient.png: what moves in a place's air and
// the lanterns on its walls, all white light the window tints with the
// place's light colour and adds to what is under it (docs/ART.md,
// "Places"). Drawn at 2×, half a world unit a pixel.
//
//	mote     a soft round speck: dust, pollen
//	spark    a bright point with a short soft tail upward: embers
//	streak   a falling drop, drawn long
//	ring     the ring a drop leaves on the water, seen slant
//	flame    a lantern's flame
//	halo     the soft light round a flame, on the wall it hangs on
func init() { register("ambient", makeAmbient) }

const spriteScale = 0.5 // world units a pixel: sprites are drawn at 2×

func makeAmbient(*assets.Look) ([]output, error) {
	sb := newSheet("sprites", "ambient", 128)
	white := assets.RGB{255, 255, 255}
	add := func(name string, w, h int, paint func(cv *pxCanvas)) {
		cv := pxNewCanvas(w, h)
		paint(cv)
		sb.add(name, cv.image(), image.Pt(w/2, h/2), spriteScale)
	}
	add("mote", 16, 16, func(cv *pxCanvas) { softDisc(cv, 8, 8, 8, white) })
	add("spark", 12, 20, func(cv *pxCanvas) {
		softDisc(cv, 6, 14, 6, white)
		cv.draw(pxCapsule(px(6), px(6), px(6), px(14), sub), white, 110)
		cv.draw(pxDisc(px(6), px(14), px(2)), white, 255)
	})
	add("streak", 6, 24, func(cv *pxCanvas) {
		cv.draw(pxCapsule(px(3), px(3), px(3), px(20), sub), white, 150)
		cv.draw(pxDisc(px(3), px(20), px(2)), white, 255)
	})
	add("ring", 48, 24, func(cv *pxCanvas) {
		cv.draw(minus(ellipse(px(24), px(12), px(22), px(10)), ellipse(px(24), px(12), px(20), px(8))), white, 255)
	})
	add("flame", 16, 24, func(cv *pxCanvas) {
		softDisc(cv, 8, 15, 8, white)
		cv.draw(union(pxDisc(px(8), px(16), px(4)), pxPolygon([2]int{px(4), px(15)}, [2]int{px(8), px(3)}, [2]int{px(12), px(15)})), white, 230)
		cv.draw(pxDisc(px(8), px(17), px(2)), white, 255)
	})
	add("halo", 64, 64, func(cv *pxCanvas) { softDisc(cv, 32, 32, 32, white) })
	return sb.outputs()
}

// softDisc is light falling off from the centre (cx, cy) to nothing at
// radius r (pixels): opacity (1 - d²/r²)², in whole numbers.
func softDisc(cv *pxCanvas, cx, cy, r int, c assets.RGB) {
	r2 := r * r * 4
	for y := range cv.h {
		for x := range cv.w {
			dx, dy := 2*x+1-2*cx, 2*y+1-2*cy
			d2 := dx*dx + dy*dy
			if d2 >= r2 {
				continue
			}
			k := r2 - d2 // (1 - d²/r²) scaled by r2
			cv.over(x, y, c, 255*k/r2*k/r2)
		}
	}
}
