package assets

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ground as drawn stays dark (docs/ART.md, rule 2): every pixel of
// every tile set, at every depth's darkening, stands 3:1 under every
// hostile hue of every bullet palette, for every way of seeing. The
// window's light only ever multiplies the ground by at most 1 (render
// caps it, TestTheLightNeverBrightensTheGround), so a tile's own pixels
// are the brightest that ground is ever drawn. Translucent pixels (the
// shadows walls cast) are held to it as if opaque.
func TestEveryTileKeepsHostileBulletsReadable(t *testing.T) {
	l, err := Shared()
	require.NoError(t, err)
	names, err := Sheets(FS(), "tiles")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, name := range names {
		s, err := LoadSheet(FS(), "tiles", name)
		require.NoError(t, err)
		colours := opaqueColours(s.Image)
		for depth := 1; depth <= l.Depth.MaxFloors+1; depth++ {
			k := l.GroundScale(depth)
			for _, v := range Visions {
				dimmest, hue := dimmestHostile(l, v)
				worst, at := 21.0, RGB{}
				for c := range colours {
					if r := Contrast(hue, c.Scale(k), v); r < worst {
						worst, at = r, c
					}
				}
				if depth == 1 {
					t.Logf("tiles/%s.png, %v: the brightest pixel %v stands %.2f:1", name, v, at, worst)
				}
				assert.GreaterOrEqual(t, worst, 3.0, "tiles/%s.png on floor %d, %v: pixel %v stands %.2f:1 under the dimmest hostile hue %v (%s)",
					name, depth, v, at, worst, hue, dimmest)
			}
		}
	}
}

// Every place has a tile set to be drawn with.
func TestEveryPlaceHasATileSet(t *testing.T) {
	l, err := Shared()
	require.NoError(t, err)
	for _, id := range l.PlaceIDs() {
		p := l.Places[id]
		s, err := LoadSheet(FS(), "tiles", p.Tiles)
		require.NoError(t, err, "%s draws with tiles/%s", id, p.Tiles)
		for _, f := range []string{"plain_0", "plain_1", "feature_0", "decor_0", "decor_3", "npc", "wall_0_0", "wall_15_1", "shade_n"} {
			_, ok := s.Frame(f)
			assert.True(t, ok, "tiles/%s has %s", p.Tiles, f)
		}
	}
}

// Every tile but the shadows is opaque to its last pixel: the window
// copies tiles onto the screen without blending them.
func TestEveryTileIsOpaque(t *testing.T) {
	names, err := Sheets(FS(), "tiles")
	require.NoError(t, err)
	for _, name := range names {
		s, err := LoadSheet(FS(), "tiles", name)
		require.NoError(t, err)
		for fname, f := range s.Frames {
			if strings.HasPrefix(fname, "shade_") {
				continue
			}
			for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
				for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
					if _, _, _, a := s.Image.At(x, y).RGBA(); a != 0xffff {
						t.Fatalf("tiles/%s.png: %s has a translucent pixel at (%d, %d)", name, fname, x, y)
					}
				}
			}
		}
	}
}

// opaqueColours are the distinct colours of an image's pixels that are
// not fully transparent.
func opaqueColours(img image.Image) map[RGB]bool {
	out := map[RGB]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if c.A > 0 {
				out[RGB{c.R, c.G, c.B}] = true
			}
		}
	}
	return out
}

// dimmestHostile is the hostile hue of least luminance to v across every
// palette: the one the ground must stand 3:1 under (a darker ground only
// stands further under the brighter hues).
func dimmestHostile(l *Look, v Vision) (string, RGB) {
	name, hue := "", RGB{255, 255, 255}
	for _, p := range l.Palettes {
		for _, h := range p.Hostile {
			if h.Luminance(v) < hue.Luminance(v) {
				name, hue = p.Name, h
			}
		}
	}
	return name, hue
}
