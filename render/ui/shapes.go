package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// MaxBatchVertices is how many vertices one DrawTriangles call can index
// with uint16 indices.
const MaxBatchVertices = 1 << 16

// ShapeBatch collects flat-coloured rectangles, triangles and polygons and
// draws them with as few DrawTriangles calls as the index width allows.
// Its slices are reused frame after frame.
type ShapeBatch struct {
	src *ebiten.Image // one opaque white pixel
	Vs  []ebiten.Vertex
	Is  []uint16
	op  ebiten.DrawTrianglesOptions
	// boxes records framed panels while the layout is recorded.
	Boxes *Boxes
}

// NewShapeBatch uses the centre of a 3×3 white image as its source, so
// filtering never samples outside the white.
func NewShapeBatch() *ShapeBatch {
	white := ebiten.NewImage(3, 3)
	white.Fill(color.White)
	return &ShapeBatch{
		src: white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image),
		Vs:  make([]ebiten.Vertex, 0, 8192),
		Is:  make([]uint16, 0, 12288),
	}
}

// RGBA is a straight-alpha colour in 0..1.
type RGBA struct{ R, G, B, A float32 }

func Rgb8(r, g, b uint8, a float32) RGBA {
	return RGBA{float32(r) / 255, float32(g) / 255, float32(b) / 255, a}
}

func (c RGBA) Alpha(k float32) RGBA { c.A *= k; return c }

func (c RGBA) Scale(k float32) RGBA { c.R, c.G, c.B = c.R*k, c.G*k, c.B*k; return c }

// Color is c for text drawing, premultiplied as color.RGBA is.
func (c RGBA) Color() color.RGBA {
	a := min(max(c.A, 0), 1)
	return color.RGBA{R: uint8(c.R * a * 255), G: uint8(c.G * a * 255), B: uint8(c.B * a * 255), A: uint8(a * 255)}
}

// Fade is a text colour at a share of its opacity (premultiplied: every
// channel scales).
func Fade(c color.RGBA, k float32) color.RGBA {
	k = min(max(k, 0), 1)
	return color.RGBA{R: uint8(float32(c.R) * k), G: uint8(float32(c.G) * k), B: uint8(float32(c.B) * k), A: uint8(float32(c.A) * k)}
}

// room makes sure n more vertices fit in the current call.
func (b *ShapeBatch) room(dst *ebiten.Image, n int) {
	if len(b.Vs)+n > MaxBatchVertices {
		b.Flush(dst)
	}
}

func (b *ShapeBatch) vertex(x, y float32, c RGBA) {
	b.Vs = append(b.Vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
		ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A})
}

// Rect4 fills a rectangle whose corners have their own colours (top-left,
// top-right, bottom-left, bottom-right), for gradients such as fog.
func (b *ShapeBatch) Rect4(dst *ebiten.Image, x, y, w, h float32, tl, tr, bl, br RGBA) {
	b.room(dst, 4)
	base := uint16(len(b.Vs))
	b.vertex(x, y, tl)
	b.vertex(x+w, y, tr)
	b.vertex(x, y+h, bl)
	b.vertex(x+w, y+h, br)
	b.Is = append(b.Is, base, base+1, base+2, base+1, base+3, base+2)
}

func (b *ShapeBatch) Rect(dst *ebiten.Image, x, y, w, h float32, c RGBA) {
	b.Rect4(dst, x, y, w, h, c, c, c, c)
}

func (b *ShapeBatch) Triangle(dst *ebiten.Image, x0, y0, x1, y1, x2, y2 float32, c RGBA) {
	b.room(dst, 3)
	base := uint16(len(b.Vs))
	b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.Is = append(b.Is, base, base+1, base+2)
}

// CircleSegments is enough for a smooth circle at the sizes ships are drawn.
const CircleSegments = 20

// Circle fills a disc as a fan.
func (b *ShapeBatch) Circle(dst *ebiten.Image, cx, cy, r float32, c RGBA) {
	b.room(dst, CircleSegments+1)
	base := uint16(len(b.Vs))
	b.vertex(cx, cy, c)
	for i := range CircleSegments {
		s, co := math.Sincos(float64(i) * 2 * math.Pi / CircleSegments)
		b.vertex(cx+r*float32(co), cy+r*float32(s), c)
	}
	for i := range uint16(CircleSegments) {
		b.Is = append(b.Is, base, base+1+i, base+1+(i+1)%CircleSegments)
	}
}

// Ring draws an annulus between r0 and r1; shade gives each of its
// segments a colour, so a ring can shimmer.
func (b *ShapeBatch) Ring(dst *ebiten.Image, cx, cy, r0, r1 float32, shade func(seg int) RGBA) {
	b.room(dst, 4*CircleSegments)
	for i := range CircleSegments {
		s0, c0 := math.Sincos(float64(i) * 2 * math.Pi / CircleSegments)
		s1, c1 := math.Sincos(float64(i+1) * 2 * math.Pi / CircleSegments)
		c := shade(i)
		base := uint16(len(b.Vs))
		b.vertex(cx+r0*float32(c0), cy+r0*float32(s0), c)
		b.vertex(cx+r1*float32(c0), cy+r1*float32(s0), c)
		b.vertex(cx+r0*float32(c1), cy+r0*float32(s1), c)
		b.vertex(cx+r1*float32(c1), cy+r1*float32(s1), c)
		b.Is = append(b.Is, base, base+1, base+2, base+1, base+3, base+2)
	}
}

// Flush draws what was collected and empties the batch.
func (b *ShapeBatch) Flush(dst *ebiten.Image) {
	if len(b.Is) > 0 {
		b.op.AntiAlias = false
		dst.DrawTriangles(b.Vs, b.Is, b.src, &b.op)
	}
	b.Vs, b.Is = b.Vs[:0], b.Is[:0]
}

// Mid is the middle of r.
func Mid(r image.Rectangle) image.Point { return r.Min.Add(r.Size().Div(2)) }
