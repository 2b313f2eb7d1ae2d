package assets

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A place is told at a glance by its ground (docs/ART.md, "Places"): the
// mean colour of each place's floor, as the window lays it (PlainShare of
// the tiles plain, the rest features), stands at least placeDifference
// (CIEDE2000) from every other place's on the first floor, and the hub's
// from each dungeon's at every depth's darkening, so a return to the hub
// reads as one however deep the dungeon was.
//
//	go test -run TestEveryPlaceIsToldApartByItsGround -v ./assets
func TestEveryPlaceIsToldApartByItsGround(t *testing.T) {
	const placeDifference = 15
	l, err := Shared()
	require.NoError(t, err)
	sheets := map[string]*Sheet{} // the places with a tile set of their own
	var ids []string
	for _, id := range l.PlaceIDs() {
		if l.Places[id].Tiles == id {
			s, err := LoadSheet(FS(), "tiles", id)
			require.NoError(t, err)
			sheets[id] = s
			ids = append(ids, id)
		}
	}
	require.Contains(t, sheets, "hub")
	require.GreaterOrEqual(t, len(ids), 4, "the hub and the three dungeon kinds at least")
	hub := meanFloor(t, sheets["hub"], 1)
	for _, id := range ids {
		c := meanFloor(t, sheets[id], 1)
		lab := lab(c.Linear(Normal))
		t.Logf("%s: mean floor %v, CIELAB %.1f %.1f %.1f", id, c, lab[0], lab[1], lab[2])
	}
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			t.Run("the first floor of "+a+" is told from "+b, func(t *testing.T) {
				ca, cb := meanFloor(t, sheets[a], 1), meanFloor(t, sheets[b], 1)
				d := Difference(ca, cb, Normal)
				t.Logf("ΔE00 %.1f", d)
				assert.GreaterOrEqual(t, d, float64(placeDifference), "%s %v against %s %v", a, ca, b, cb)
			})
		}
	}
	for _, id := range ids {
		if id == "hub" {
			continue
		}
		t.Run("the hub is told from "+id+" at every depth", func(t *testing.T) {
			for depth := 1; depth <= l.Depth.MaxFloors+1; depth++ {
				c := meanFloor(t, sheets[id], l.GroundScale(depth))
				d := Difference(hub, c, Normal)
				t.Logf("floor %d: ΔE00 %.1f", depth, d)
				assert.GreaterOrEqual(t, d, float64(placeDifference), "floor %d: the hub %v against %s %v", depth, hub, id, c)
			}
		})
	}
}

// meanFloor is the mean colour, in linear light, of the floor of tile set
// s as the window lays it, each pixel times k (a depth's darkening).
func meanFloor(t *testing.T, s *Sheet, k float64) RGB {
	var plain, feature [3]float64
	var np, nf float64
	for name, f := range s.Frames {
		isPlain := strings.HasPrefix(name, "plain_")
		if !isPlain && !strings.HasPrefix(name, "feature_") {
			continue
		}
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
				c := color.NRGBAModel.Convert(s.Image.At(x, y)).(color.NRGBA)
				lin := RGB{c.R, c.G, c.B}.Scale(k).Linear(Normal)
				sum, n := &feature, &nf
				if isPlain {
					sum, n = &plain, &np
				}
				for i := range sum {
					sum[i] += lin[i]
				}
				*n++
			}
		}
	}
	require.Positive(t, np, "%s has plain floor tiles", s.Name)
	require.Positive(t, nf, "%s has featured floor tiles", s.Name)
	share := PlainShare / 100.0
	var out RGB
	for i := range out {
		out[i] = encode(share*plain[i]/np + (1-share)*feature[i]/nf)
	}
	return out
}

// encode is a linear channel, 0 to 1, as an sRGB byte.
func encode(v float64) uint8 {
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(math.Round(min(1, max(0, v)) * 255))
}

// Difference is CIEDE2000: it gives the published test pairs' values
// (Sharma, Wu and Dalal, 2005, table 1).
func TestDifferenceIsCIEDE2000(t *testing.T) {
	pairs := []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, -1.3802, -84.2814}, [3]float64{50, 0, -82.7485}, 1.0000},
		{[3]float64{50, 2.5, 0}, [3]float64{50, 0, -2.5}, 4.3065},
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},
		{[3]float64{50, 2.5, 0}, [3]float64{50, 3.1736, 0.5854}, 1.0000},
		{[3]float64{50, -0.001, 2.49}, [3]float64{50, 0.0009, -2.49}, 4.8045},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{22.7233, 20.0904, -46.6940}, [3]float64{23.0331, 14.9730, -42.5619}, 2.0373},
		{[3]float64{6.7747, -0.2908, -2.4247}, [3]float64{5.8714, -0.0985, -2.2286}, 0.6377},
		{[3]float64{2.0776, 0.0795, -1.1350}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	}
	for _, p := range pairs {
		assert.InDelta(t, p.want, ciede2000(p.a, p.b), 1e-4, "%v against %v", p.a, p.b)
		assert.InDelta(t, p.want, ciede2000(p.b, p.a), 1e-4, "%v against %v, the other way", p.b, p.a)
	}
}
