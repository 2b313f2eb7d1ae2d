package main

import (
	"image"
	"image/color"

	"duskfall/assets"
)

// pxCanvas is a small straight-alpha image painted with shapes. Shapes
// are tests on points in sub-pixel units (sub to a pixel); each pixel
// takes the share of its sub×sub samples a shape covers, so edges are
// smooth without any floating point: the same code writes the same bytes
// on every machine, as TestTheCommittedArtIsWhatArtgenWrites needs.
type pxCanvas struct {
	w, h int
	px   []paint
}

// paint is one pixel: a colour and its opacity, 0 to 255.
type paint struct {
	c assets.RGB
	a int
}

// sub is how many sample rows and columns a pixel has; shapes are given
// in units of 1/sub pixel, so 8*x is pixel x's left edge.
const sub = 8

// pxShape reports whether a sample point (in sub-pixel units) is inside.
type pxShape func(x, y int) bool

func pxNewCanvas(w, h int) *pxCanvas { return &pxCanvas{w: w, h: h, px: make([]paint, w*h)} }

// fill paints every pixel opaque c.
func (cv *pxCanvas) fill(c assets.RGB) {
	for i := range cv.px {
		cv.px[i] = paint{c, 255}
	}
}

// draw lays c at opacity alpha (0 to 255) over the pixels s covers, each
// by the share of its samples inside s.
func (cv *pxCanvas) draw(s pxShape, c assets.RGB, alpha int) {
	const step = sub / 4 // 4×4 samples a pixel, at sample centres
	for y := range cv.h {
		for x := range cv.w {
			n := 0
			for sy := range 4 {
				for sx := range 4 {
					if s(x*sub+step/2+sx*step, y*sub+step/2+sy*step) {
						n++
					}
				}
			}
			if n > 0 {
				cv.over(x, y, c, alpha*n/16)
			}
		}
	}
}

// over composites c at opacity a over pixel (x, y).
func (cv *pxCanvas) over(x, y int, c assets.RGB, a int) {
	p := &cv.px[y*cv.w+x]
	out := a + p.a*(255-a)/255
	if out == 0 {
		return
	}
	var rgb assets.RGB
	for i := range rgb {
		v := (int(c[i])*a*255 + int(p.c[i])*p.a*(255-a)) / (out * 255)
		rgb[i] = uint8(min(v, 255))
	}
	*p = paint{rgb, out}
}

// image is the canvas as an image.
func (cv *pxCanvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, cv.w, cv.h))
	for i, p := range cv.px {
		img.SetNRGBA(i%cv.w, i/cv.w, color.NRGBA{p.c[0], p.c[1], p.c[2], uint8(p.a)})
	}
	return img
}

// mix is c moved toward d by k/256 (0: c, 256: d), in whole numbers so it
// rounds alike everywhere.
func mix(c, d assets.RGB, k int) assets.RGB {
	var out assets.RGB
	for i := range out {
		out[i] = uint8((int(c[i])*(256-k) + int(d[i])*k + 128) / 256)
	}
	return out
}

// shade is c darkened to k/256 of itself.
func shade(c assets.RGB, k int) assets.RGB { return mix(assets.RGB{}, c, k) }

// Shapes. Coordinates and sizes are in sub-pixel units unless named px.

// rect is the box [x0, x1) × [y0, y1).
func rect(x0, y0, x1, y1 int) pxShape {
	return func(x, y int) bool { return x >= x0 && x < x1 && y >= y0 && y < y1 }
}

// rectPx is the box of whole pixels [x0, x1) × [y0, y1).
func rectPx(x0, y0, x1, y1 int) pxShape { return rect(x0*sub, y0*sub, x1*sub, y1*sub) }

// ellipse is the ellipse centred at (cx, cy) with half-axes rx, ry.
func ellipse(cx, cy, rx, ry int) pxShape {
	rx2, ry2 := int64(rx)*int64(rx), int64(ry)*int64(ry)
	return func(x, y int) bool {
		dx, dy := int64(x-cx), int64(y-cy)
		return dx*dx*ry2+dy*dy*rx2 <= rx2*ry2
	}
}

// pxDisc is the circle of radius r at (cx, cy).
func pxDisc(cx, cy, r int) pxShape { return ellipse(cx, cy, r, r) }

// pxCapsule is every point within r of the segment from (ax, ay) to (bx, by).
func pxCapsule(ax, ay, bx, by, r int) pxShape {
	abx, aby := int64(bx-ax), int64(by-ay)
	ab2, r2 := abx*abx+aby*aby, int64(r)*int64(r)
	return func(x, y int) bool {
		apx, apy := int64(x-ax), int64(y-ay)
		dot := apx*abx + apy*aby
		switch {
		case ab2 == 0 || dot <= 0:
			return apx*apx+apy*apy <= r2
		case dot >= ab2:
			bpx, bpy := int64(x-bx), int64(y-by)
			return bpx*bpx+bpy*bpy <= r2
		}
		cross := abx*apy - aby*apx
		return cross*cross <= r2*ab2
	}
}

// pxPolygon is the convex polygon through pts (in either winding).
func pxPolygon(pts ...[2]int) pxShape {
	return func(x, y int) bool {
		sign := 0
		for i, a := range pts {
			b := pts[(i+1)%len(pts)]
			c := int64(b[0]-a[0])*int64(y-a[1]) - int64(b[1]-a[1])*int64(x-a[0])
			switch {
			case c > 0 && sign < 0, c < 0 && sign > 0:
				return false
			case c > 0:
				sign = 1
			case c < 0:
				sign = -1
			}
		}
		return true
	}
}

// union is every point in any of ss.
func union(ss ...pxShape) pxShape {
	return func(x, y int) bool {
		for _, s := range ss {
			if s(x, y) {
				return true
			}
		}
		return false
	}
}

// minus is every point of s outside cut.
func minus(s, cut pxShape) pxShape { return func(x, y int) bool { return s(x, y) && !cut(x, y) } }

// wrapped is s repeated every period sub-pixel units both ways, so a
// shape that crosses a tile's edge comes back in at the opposite one and
// tiles of the same texture meet without a seam.
func wrapped(s pxShape, period int) pxShape {
	return func(x, y int) bool {
		for _, dy := range [3]int{-period, 0, period} {
			for _, dx := range [3]int{-period, 0, period} {
				if s(x+dx, y+dy) {
					return true
				}
			}
		}
		return false
	}
}

// crack is a jagged line of width w through pts: capsules end to end.
func crack(w int, pts ...[2]int) pxShape {
	ss := make([]pxShape, 0, len(pts)-1)
	for i := 1; i < len(pts); i++ {
		ss = append(ss, pxCapsule(pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1], w))
	}
	return union(ss...)
}
