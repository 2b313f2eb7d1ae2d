package main

import (
	"image"
	"math"
)

// The luminous vector style (docs/ART.md) is drawn here from signed
// distance shapes: every edge is anti-aliased by its distance to the pixel
// centre, so bodies stay crisp at any size, and a rim is simply the band
// just inside an edge. Colours are sRGB in 0..1; a canvas holds
// premultiplied colour, as light adds up.

// colour is an sRGB colour, each channel 0..1.
type colour struct{ r, g, b float64 }

func rgb(r, g, b uint8) colour { return colour{float64(r) / 255, float64(g) / 255, float64(b) / 255} }

var white = colour{1, 1, 1}

// times scales the colour's brightness.
func (c colour) times(k float64) colour { return colour{c.r * k, c.g * k, c.b * k} }

// toward moves c toward d by k (0: c, 1: d).
func (c colour) toward(d colour, k float64) colour {
	return colour{c.r + (d.r-c.r)*k, c.g + (d.g-c.g)*k, c.b + (d.b-c.b)*k}
}

// canvas is a premultiplied RGBA float image whose pixel (x, y) covers
// [x, x+1) × [y, y+1): shapes are sampled at pixel centres.
type canvas struct {
	w, h int
	px   []float64 // r, g, b, a per pixel, premultiplied
}

func newCanvas(w, h int) *canvas {
	return &canvas{w: w, h: h, px: make([]float64, 4*w*h)}
}

// box is a pixel rectangle [x0, x1) × [y0, y1).
type box struct{ x0, y0, x1, y1 int }

// clip is the part of b on the canvas.
func (c *canvas) clip(b box) box {
	return box{max(b.x0, 0), max(b.y0, 0), min(b.x1, c.w), min(b.y1, c.h)}
}

// coverage is how much of a pixel a shape at signed distance d covers.
func coverage(d float64) float64 { return min(max(0.5-d, 0), 1) }

// over puts colour col at opacity a over pixel i.
func (c *canvas) over(i int, col colour, a float64) {
	if a <= 0 {
		return
	}
	p := c.px[4*i : 4*i+4]
	k := 1 - a
	p[0] = col.r*a + p[0]*k
	p[1] = col.g*a + p[1]*k
	p[2] = col.b*a + p[2]*k
	p[3] = a + p[3]*k
}

// add adds light col at strength a to pixel i, keeping alpha at most 1.
func (c *canvas) add(i int, col colour, a float64) {
	if a <= 0 {
		return
	}
	p := c.px[4*i : 4*i+4]
	p[0] += col.r * a
	p[1] += col.g * a
	p[2] += col.b * a
	p[3] = min(1, p[3]+a)
}

// paint calls fn for every pixel near s with its signed distance; fn
// says what to lay there and how.
func (c *canvas) paint(s shape, pad float64, fn func(i int, x, y, d float64)) {
	b := s.bounds()
	r := c.clip(box{int(math.Floor(b.x0 - pad - 1)), int(math.Floor(b.y0 - pad - 1)),
		int(math.Ceil(b.x1+pad+1)) + 1, int(math.Ceil(b.y1+pad+1)) + 1})
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			fn(y*c.w+x, px, py, s.dist(px, py))
		}
	}
}

// fill lays s in one colour at opacity a.
func (c *canvas) fill(s shape, col colour, a float64) {
	c.paint(s, 0, func(i int, _, _, d float64) { c.over(i, col, a*coverage(d)) })
}

// glowFill adds light col inside s, at strength a.
func (c *canvas) glowFill(s shape, col colour, a float64) {
	c.paint(s, 0, func(i int, _, _, d float64) { c.add(i, col, a*coverage(d)) })
}

// lit lays s as the style's body: a dark interior that warms toward its
// edge and a bright rim of width rim just inside the edge.
func (c *canvas) lit(s shape, hue colour, rim float64) {
	dark, warm, edge := hue.times(0.13), hue.times(0.34), hue.times(0.92)
	c.paint(s, 0, func(i int, _, _, d float64) {
		a := coverage(d)
		if a <= 0 {
			return
		}
		depth := -d // how far inside the edge
		col := dark.toward(warm, math.Exp(-max(depth-rim, 0)/5))
		col = col.toward(edge, min(max(rim+0.5-depth, 0), 1))
		c.over(i, col, a)
	})
}

// line lays the outline of s, w wide and centred on its edge.
func (c *canvas) line(s shape, col colour, w, a float64) {
	c.paint(s, w, func(i int, _, _, d float64) { c.over(i, col, a*coverage(math.Abs(d)-w/2)) })
}

// core is a lit disc: bright toward its centre, hue at its edge.
func (c *canvas) core(x, y, r float64, hue, hot colour) {
	s := disc(x, y, r)
	c.paint(s, 0, func(i int, px, py, d float64) {
		t := math.Hypot(px-x, py-y) / r
		c.over(i, hue.toward(hot, max(0, 1-t*t)), coverage(d))
	})
}

// alphaAt is pixel (x, y)'s opacity.
func (c *canvas) alphaAt(x, y int) float64 { return c.px[4*(y*c.w+x)+3] }

// image is the canvas as straight-alpha 8-bit sRGB.
func (c *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
	for i := range c.w * c.h {
		p := c.px[4*i : 4*i+4]
		a := min(p[3], 1)
		if a < 0.5/255 {
			continue
		}
		byteOf := func(v float64) uint8 { return uint8(min(max(v/a, 0), 1)*255 + 0.5) }
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2] = byteOf(p[0]), byteOf(p[1]), byteOf(p[2])
		img.Pix[4*i+3] = uint8(a*255 + 0.5)
	}
	return img
}

// silhouette is the canvas's shape in white: what a hit flash adds.
func (c *canvas) silhouette() *canvas {
	s := newCanvas(c.w, c.h)
	for i := range c.w * c.h {
		a := c.px[4*i+3]
		s.px[4*i], s.px[4*i+1], s.px[4*i+2], s.px[4*i+3] = a, a, a, a
	}
	return s
}

// glow is the canvas's light spread by a blur of radius sigma: each
// pixel gives off its colour in proportion to its brightness, so rims and
// cores shine and dark interiors do not. strength scales it.
func (c *canvas) glow(sigma, strength float64) *canvas {
	g := newCanvas(c.w, c.h)
	for i := range c.w * c.h {
		p := c.px[4*i : 4*i+4]
		lum := (0.3*p[0] + 0.55*p[1] + 0.15*p[2])
		k := strength * lum
		g.px[4*i], g.px[4*i+1], g.px[4*i+2] = p[0]*k, p[1]*k, p[2]*k
	}
	g.blur(sigma)
	for i := range c.w * c.h {
		p := g.px[4*i : 4*i+4]
		p[3] = min(1, max(p[0], p[1], p[2]))
	}
	return g
}

// blur is a separable Gaussian blur of the colour channels.
func (c *canvas) blur(sigma float64) {
	r := int(math.Ceil(3 * sigma))
	kernel := make([]float64, 2*r+1)
	sum := 0.0
	for k := range kernel {
		x := float64(k - r)
		kernel[k] = math.Exp(-x * x / (2 * sigma * sigma))
		sum += kernel[k]
	}
	for k := range kernel {
		kernel[k] /= sum
	}
	tmp := make([]float64, len(c.px))
	pass := func(src, dst []float64, dx, dy int) {
		for y := range c.h {
			for x := range c.w {
				var acc [3]float64
				for k, wt := range kernel {
					sx, sy := x+(k-r)*dx, y+(k-r)*dy
					if sx < 0 || sy < 0 || sx >= c.w || sy >= c.h {
						continue
					}
					j := 4 * (sy*c.w + sx)
					acc[0] += src[j] * wt
					acc[1] += src[j+1] * wt
					acc[2] += src[j+2] * wt
				}
				j := 4 * (y*c.w + x)
				dst[j], dst[j+1], dst[j+2] = acc[0], acc[1], acc[2]
			}
		}
	}
	pass(c.px, tmp, 1, 0)
	pass(tmp, c.px, 0, 1)
}

// composite lays o over c (same size).
func (c *canvas) composite(o *canvas) {
	for i := range c.w * c.h {
		q := o.px[4*i : 4*i+4]
		if q[3] <= 0 {
			continue
		}
		p := c.px[4*i : 4*i+4]
		k := 1 - q[3]
		p[0], p[1], p[2], p[3] = q[0]+p[0]*k, q[1]+p[1]*k, q[2]+p[2]*k, q[3]+p[3]*k
	}
}

// crop is the part of c inside b, as a new canvas.
func (c *canvas) crop(b box) *canvas {
	o := newCanvas(b.x1-b.x0, b.y1-b.y0)
	for y := b.y0; y < b.y1; y++ {
		copy(o.px[4*(y-b.y0)*o.w:4*(y-b.y0+1)*o.w], c.px[4*(y*c.w+b.x0):4*(y*c.w+b.x1)])
	}
	return o
}

// opaqueBox is the smallest box holding every pixel of c with any
// opacity, or an empty box.
func (c *canvas) opaqueBox() box {
	b := box{c.w, c.h, 0, 0}
	for y := range c.h {
		for x := range c.w {
			if c.alphaAt(x, y) >= 0.5/255 {
				b = box{min(b.x0, x), min(b.y0, y), max(b.x1, x+1), max(b.y1, y+1)}
			}
		}
	}
	return b
}
