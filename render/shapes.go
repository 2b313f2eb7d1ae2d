package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// maxBatchVertices is how many vertices one DrawTriangles call can index
// with uint16 indices.
const maxBatchVertices = 1 << 16

// shapeBatch collects flat-coloured rectangles, triangles and polygons and
// draws them with as few DrawTriangles calls as the index width allows.
// Its slices are reused frame after frame.
type shapeBatch struct {
	src *ebiten.Image // one opaque white pixel
	vs  []ebiten.Vertex
	is  []uint16
	op  ebiten.DrawTrianglesOptions
	// boxes records framed panels while the layout is recorded.
	boxes *uiBoxes
}

// newShapeBatch uses the centre of a 3×3 white image as its source, so
// filtering never samples outside the white.
func newShapeBatch() *shapeBatch {
	white := ebiten.NewImage(3, 3)
	white.Fill(color.White)
	return &shapeBatch{
		src: white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image),
		vs:  make([]ebiten.Vertex, 0, 8192),
		is:  make([]uint16, 0, 12288),
	}
}

// rgba is a straight-alpha colour in 0..1.
type rgba struct{ R, G, B, A float32 }

func rgb8(r, g, b uint8, a float32) rgba {
	return rgba{float32(r) / 255, float32(g) / 255, float32(b) / 255, a}
}

func (c rgba) alpha(k float32) rgba { c.A *= k; return c }

func (c rgba) scale(k float32) rgba { c.R, c.G, c.B = c.R*k, c.G*k, c.B*k; return c }

// color is c for text drawing, premultiplied as color.RGBA is.
func (c rgba) color() color.RGBA {
	a := min(max(c.A, 0), 1)
	return color.RGBA{R: uint8(c.R * a * 255), G: uint8(c.G * a * 255), B: uint8(c.B * a * 255), A: uint8(a * 255)}
}

// fade is a text colour at a share of its opacity (premultiplied: every
// channel scales).
func fade(c color.RGBA, k float32) color.RGBA {
	k = min(max(k, 0), 1)
	return color.RGBA{R: uint8(float32(c.R) * k), G: uint8(float32(c.G) * k), B: uint8(float32(c.B) * k), A: uint8(float32(c.A) * k)}
}

// room makes sure n more vertices fit in the current call.
func (b *shapeBatch) room(dst *ebiten.Image, n int) {
	if len(b.vs)+n > maxBatchVertices {
		b.flush(dst)
	}
}

func (b *shapeBatch) vertex(x, y float32, c rgba) {
	b.vs = append(b.vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
		ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A})
}

// rect4 fills a rectangle whose corners have their own colours (top-left,
// top-right, bottom-left, bottom-right), for gradients such as fog.
func (b *shapeBatch) rect4(dst *ebiten.Image, x, y, w, h float32, tl, tr, bl, br rgba) {
	b.room(dst, 4)
	base := uint16(len(b.vs))
	b.vertex(x, y, tl)
	b.vertex(x+w, y, tr)
	b.vertex(x, y+h, bl)
	b.vertex(x+w, y+h, br)
	b.is = append(b.is, base, base+1, base+2, base+1, base+3, base+2)
}

func (b *shapeBatch) rect(dst *ebiten.Image, x, y, w, h float32, c rgba) {
	b.rect4(dst, x, y, w, h, c, c, c, c)
}

func (b *shapeBatch) triangle(dst *ebiten.Image, x0, y0, x1, y1, x2, y2 float32, c rgba) {
	b.room(dst, 3)
	base := uint16(len(b.vs))
	b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.is = append(b.is, base, base+1, base+2)
}

// circleSegments is enough for a smooth circle at the sizes ships are drawn.
const circleSegments = 20

// circle fills a disc as a fan.
func (b *shapeBatch) circle(dst *ebiten.Image, cx, cy, r float32, c rgba) {
	b.room(dst, circleSegments+1)
	base := uint16(len(b.vs))
	b.vertex(cx, cy, c)
	for i := range circleSegments {
		s, co := math.Sincos(float64(i) * 2 * math.Pi / circleSegments)
		b.vertex(cx+r*float32(co), cy+r*float32(s), c)
	}
	for i := range uint16(circleSegments) {
		b.is = append(b.is, base, base+1+i, base+1+(i+1)%circleSegments)
	}
}

// ring draws an annulus between r0 and r1; shade gives each of its
// segments a colour, so a ring can shimmer.
func (b *shapeBatch) ring(dst *ebiten.Image, cx, cy, r0, r1 float32, shade func(seg int) rgba) {
	b.room(dst, 4*circleSegments)
	for i := range circleSegments {
		s0, c0 := math.Sincos(float64(i) * 2 * math.Pi / circleSegments)
		s1, c1 := math.Sincos(float64(i+1) * 2 * math.Pi / circleSegments)
		c := shade(i)
		base := uint16(len(b.vs))
		b.vertex(cx+r0*float32(c0), cy+r0*float32(s0), c)
		b.vertex(cx+r1*float32(c0), cy+r1*float32(s0), c)
		b.vertex(cx+r0*float32(c1), cy+r0*float32(s1), c)
		b.vertex(cx+r1*float32(c1), cy+r1*float32(s1), c)
		b.is = append(b.is, base, base+1, base+2, base+1, base+3, base+2)
	}
}

// flush draws what was collected and empties the batch.
func (b *shapeBatch) flush(dst *ebiten.Image) {
	if len(b.is) > 0 {
		b.op.AntiAlias = false
		dst.DrawTriangles(b.vs, b.is, b.src, &b.op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}
