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
