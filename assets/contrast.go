package assets

import "math"

// Vision is a way of seeing colour: full colour, or one of the three
// dichromacies, simulated with the matrices of Machado, Oliveira and
// Fernandes (2009) at full severity, applied to linear RGB.
type Vision int

const (
	Normal Vision = iota
	Protanopia
	Deuteranopia
	Tritanopia
)

// Visions are every way of seeing the readability rules hold for.
var Visions = []Vision{Normal, Protanopia, Deuteranopia, Tritanopia}

func (v Vision) String() string {
	return [...]string{"full colour", "protanopia", "deuteranopia", "tritanopia"}[v]
}

var visionMatrix = [...][3][3]float64{
	Normal:       {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	Protanopia:   {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	Deuteranopia: {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	Tritanopia:   {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

// Linear is c in linear RGB, 0 to 1, as v sees it.
func (c RGB) Linear(v Vision) [3]float64 {
	var in, out [3]float64
	for i := range c {
		in[i] = decode(c[i])
	}
	m := &visionMatrix[v]
	for i := range out {
		out[i] = min(1, max(0, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
	}
	return out
}

// Luminance is c's relative luminance (WCAG 2), 0 to 1, as v sees it.
func (c RGB) Luminance(v Vision) float64 {
	l := c.Linear(v)
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast is the WCAG 2 contrast ratio of a and b as v sees them: 1 for
// the same luminance, 21 for black on white.
func Contrast(a, b RGB, v Vision) float64 {
	la, lb := a.Luminance(v), b.Luminance(v)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// Distance is how far apart a and b look to v: the CIE76 difference of
// their CIELAB colours (about 2.3 is just noticeable; over 20 two colours
// are not mistaken for each other at a glance).
func Distance(a, b RGB, v Vision) float64 {
	la, lb := lab(a.Linear(v)), lab(b.Linear(v))
	return math.Sqrt(sq(la[0]-lb[0]) + sq(la[1]-lb[1]) + sq(la[2]-lb[2]))
}

func decode(b uint8) float64 {
	c := float64(b) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// lab converts linear sRGB (D65) to CIELAB.
func lab(l [3]float64) [3]float64 {
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	fx, fy, fz := labF(x), labF(y), labF(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

func labF(t float64) float64 {
	if t > 216.0/24389 {
		return math.Cbrt(t)
	}
	return (24389.0/27*t + 16) / 116
}

func sq(x float64) float64 { return x * x }

// Difference is how far apart a and b look to v by CIEDE2000 (Sharma, Wu
// and Dalal's formulation, 2005), the CIE's distance that weighs lightness,
// chroma and hue as the eye does, dark colours included: about 1 is just
// noticeable, 15 or more reads as another colour at a glance.
func Difference(a, b RGB, v Vision) float64 {
	return ciede2000(lab(a.Linear(v)), lab(b.Linear(v)))
}

func ciede2000(p, q [3]float64) float64 {
	const deg = math.Pi / 180
	cm := (math.Hypot(p[1], p[2]) + math.Hypot(q[1], q[2])) / 2
	g := 0.5 * (1 - chromaWeight(cm))
	ap, aq := (1+g)*p[1], (1+g)*q[1]
	cp, cq := math.Hypot(ap, p[2]), math.Hypot(aq, q[2])
	hp, hq := hueAngle(p[2], ap), hueAngle(q[2], aq)
	dh, hm := 0.0, hp+hq
	if cp*cq != 0 {
		dh, hm = hq-hp, (hp+hq)/2
		switch {
		case dh > 180:
			dh -= 360
		case dh < -180:
			dh += 360
		}
		if math.Abs(hp-hq) > 180 {
			hm += 180
			if hm >= 360 {
				hm -= 360
			}
		}
	}
	dL, dC := q[0]-p[0], cq-cp
	dH := 2 * math.Sqrt(cp*cq) * math.Sin(dh/2*deg)
	lm, cmp := (p[0]+q[0])/2, (cp+cq)/2
	t := 1 - 0.17*math.Cos((hm-30)*deg) + 0.24*math.Cos(2*hm*deg) + 0.32*math.Cos((3*hm+6)*deg) - 0.20*math.Cos((4*hm-63)*deg)
	sl := 1 + 0.015*sq(lm-50)/math.Sqrt(20+sq(lm-50))
	sc, sh := 1+0.045*cmp, 1+0.015*cmp*t
	rt := -math.Sin(60*math.Exp(-sq((hm-275)/25))*deg) * 2 * chromaWeight(cmp)
	return math.Sqrt(sq(dL/sl) + sq(dC/sc) + sq(dH/sh) + rt*(dC/sc)*(dH/sh))
}

// chromaWeight is CIEDE2000's √(C⁷/(C⁷+25⁷)).
func chromaWeight(c float64) float64 {
	c7 := math.Pow(c, 7)
	return math.Sqrt(c7 / (c7 + math.Pow(25, 7)))
}

// hueAngle is the hue of (a, b) in degrees, 0 to 360; 0 for a grey.
func hueAngle(b, a float64) float64 {
	if a == 0 && b == 0 {
		return 0
	}
	h := math.Atan2(b, a) / (math.Pi / 180)
	if h < 0 {
		h += 360
	}
	return h
}
