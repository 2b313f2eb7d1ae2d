package main

import "math"

// shape is a region by its signed distance: negative inside, positive
// outside, in pixels; bounds holds every point with a negative distance.
type shape interface {
	dist(x, y float64) float64
	bounds() rectF
}

type rectF struct{ x0, y0, x1, y1 float64 }

func (a rectF) union(b rectF) rectF {
	return rectF{min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1)}
}

func (a rectF) grow(k float64) rectF { return rectF{a.x0 - k, a.y0 - k, a.x1 + k, a.y1 + k} }

type pt struct{ x, y float64 }

// circle is a disc.
type circle struct{ x, y, r float64 }

func disc(x, y, r float64) shape           { return circle{x, y, r} }
func (c circle) dist(x, y float64) float64 { return math.Hypot(x-c.x, y-c.y) - c.r }
func (c circle) bounds() rectF             { return rectF{c.x - c.r, c.y - c.r, c.x + c.r, c.y + c.r} }

// annulus is the band between two radii.
type annulus struct{ x, y, r0, r1 float64 }

func (a annulus) dist(x, y float64) float64 {
	return math.Abs(math.Hypot(x-a.x, y-a.y)-(a.r0+a.r1)/2) - (a.r1-a.r0)/2
}
func (a annulus) bounds() rectF { return rectF{a.x - a.r1, a.y - a.r1, a.x + a.r1, a.y + a.r1} }

// capsule is a segment thickened to radius r: a stroke with round ends.
type capsule struct {
	a, b pt
	r    float64
}

func (c capsule) dist(x, y float64) float64 { return segDist(x, y, c.a, c.b) - c.r }
func (c capsule) bounds() rectF {
	return rectF{min(c.a.x, c.b.x), min(c.a.y, c.b.y), max(c.a.x, c.b.x), max(c.a.y, c.b.y)}.grow(c.r)
}

// segDist is the distance from (x, y) to the segment ab.
func segDist(x, y float64, a, b pt) float64 {
	dx, dy := b.x-a.x, b.y-a.y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = min(max(((x-a.x)*dx+(y-a.y)*dy)/l, 0), 1)
	}
	return math.Hypot(x-a.x-t*dx, y-a.y-t*dy)
}

// polygon is a closed outline, inside by the even-odd rule.
type polygon struct {
	pts []pt
	box rectF
}

func newPolygon(pts []pt) polygon {
	b := rectF{pts[0].x, pts[0].y, pts[0].x, pts[0].y}
	for _, p := range pts {
		b = b.union(rectF{p.x, p.y, p.x, p.y})
	}
	return polygon{pts, b}
}

func (p polygon) dist(x, y float64) float64 {
	d, in := math.Inf(1), false
	for i, a := range p.pts {
		b := p.pts[(i+1)%len(p.pts)]
		d = min(d, segDist(x, y, a, b))
		if (a.y > y) != (b.y > y) && x < a.x+(y-a.y)*(b.x-a.x)/(b.y-a.y) {
			in = !in
		}
	}
	if in {
		return -d
	}
	return d
}
func (p polygon) bounds() rectF { return p.box }

// oval is an ellipse turned by ang; its distance is exact enough for
// anti-aliasing an edge.
type oval struct{ x, y, rx, ry, sin, cos float64 }

func (o oval) dist(x, y float64) float64 {
	dx, dy := x-o.x, y-o.y
	u, v := dx*o.cos+dy*o.sin, -dx*o.sin+dy*o.cos
	k := math.Hypot(u/o.rx, v/o.ry)
	if k == 0 {
		return -min(o.rx, o.ry)
	}
	// Scale the normalised distance by the gradient's length at the point.
	g := math.Hypot(u/(o.rx*o.rx), v/(o.ry*o.ry)) / k
	return (k - 1) / g
}
func (o oval) bounds() rectF {
	r := max(o.rx, o.ry)
	return rectF{o.x - r, o.y - r, o.x + r, o.y + r}
}

// joined is the union of shapes.
type joined []shape

func join(s ...shape) shape { return joined(s) }

func (j joined) dist(x, y float64) float64 {
	d := math.Inf(1)
	for _, s := range j {
		d = min(d, s.dist(x, y))
	}
	return d
}
func (j joined) bounds() rectF {
	b := j[0].bounds()
	for _, s := range j[1:] {
		b = b.union(s.bounds())
	}
	return b
}

// without is a with b cut out of it.
type without struct{ a, b shape }

func cut(a, b shape) shape                  { return without{a, b} }
func (w without) dist(x, y float64) float64 { return max(w.a.dist(x, y), -w.b.dist(x, y)) }
func (w without) bounds() rectF             { return w.a.bounds() }

// within is where a and b overlap.
type within struct{ a, b shape }

func meet(a, b shape) shape                { return within{a, b} }
func (w within) dist(x, y float64) float64 { return max(w.a.dist(x, y), w.b.dist(x, y)) }
func (w within) bounds() rectF             { return w.a.bounds() }

// grown is s swollen by k pixels (shrunk when k is negative), its
// corners rounded.
type grown struct {
	s shape
	k float64
}

func grow(s shape, k float64) shape       { return grown{s, k} }
func (g grown) dist(x, y float64) float64 { return g.s.dist(x, y) - g.k }
func (g grown) bounds() rectF             { return g.s.bounds().grow(max(g.k, 0)) }

// pen places shapes given in design units: x right, y down, one unit r
// pixels, about an origin, turned by ang. Designs are written once in
// units of an actor's radius and drawn at any size or turn.
type pen struct{ x, y, r, ang float64 }

// at is the design point (u, v) in pixels.
func (p pen) at(u, v float64) pt {
	s, c := math.Sincos(p.ang)
	return pt{p.x + (u*c-v*s)*p.r, p.y + (u*s+v*c)*p.r}
}

// turned is the pen turned a further a radians about its origin.
func (p pen) turned(a float64) pen { p.ang += a; return p }

// moved is the pen with its origin at design point (u, v).
func (p pen) moved(u, v float64) pen {
	o := p.at(u, v)
	p.x, p.y = o.x, o.y
	return p
}

// scaled is the pen with units k times larger.
func (p pen) scaled(k float64) pen { p.r *= k; return p }

func (p pen) disc(u, v, r float64) shape {
	o := p.at(u, v)
	return disc(o.x, o.y, r*p.r)
}

func (p pen) ring(u, v, r0, r1 float64) shape {
	o := p.at(u, v)
	return annulus{o.x, o.y, r0 * p.r, r1 * p.r}
}

// poly is the polygon through design points given as x, y pairs.
func (p pen) poly(uv ...float64) shape {
	pts := make([]pt, len(uv)/2)
	for i := range pts {
		pts[i] = p.at(uv[2*i], uv[2*i+1])
	}
	return newPolygon(pts)
}

// mirror is the polygon through the points given for its right half (x
// ≥ 0, top to bottom) and their mirror images: designs symmetric about
// the vertical axis are written once.
func (p pen) mirror(uv ...float64) shape {
	n := len(uv) / 2
	all := make([]float64, 0, 4*n)
	all = append(all, uv...)
	for i := n - 1; i >= 0; i-- {
		all = append(all, -uv[2*i], uv[2*i+1])
	}
	return p.poly(all...)
}

// stroke is a capsule from (u0, v0) to (u1, v1), w units wide.
func (p pen) stroke(u0, v0, u1, v1, w float64) shape {
	return capsule{p.at(u0, v0), p.at(u1, v1), w * p.r / 2}
}

func (p pen) oval(u, v, rx, ry, a float64) shape {
	o := p.at(u, v)
	s, c := math.Sincos(p.ang + a)
	return oval{o.x, o.y, rx * p.r, ry * p.r, s, c}
}

// star is an n-pointed star (a regular polygon when in is the apothem),
// its first point at angle a0.
func (p pen) star(n int, out, in, a0 float64) shape {
	uv := make([]float64, 0, 4*n)
	for k := range 2 * n {
		r := out
		if k%2 == 1 {
			r = in
		}
		s, c := math.Sincos(a0 + float64(k)*math.Pi/float64(n))
		uv = append(uv, c*r, s*r)
	}
	return p.poly(uv...)
}

// ngon is a regular polygon of n sides with corner radius r.
func (p pen) ngon(n int, r, a0 float64) shape {
	return p.star(n, r, r*math.Cos(math.Pi/float64(n)), a0)
}

// around is n copies of part, turned evenly about the pen's origin.
func (p pen) around(n int, a0 float64, part func(q pen) shape) shape {
	parts := make([]shape, n)
	for k := range n {
		parts[k] = part(p.turned(a0 + float64(k)*2*math.Pi/float64(n)))
	}
	return join(parts...)
}
