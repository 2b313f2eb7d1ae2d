package hud

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

func TestLayoutMinimap(t *testing.T) {
	cases := []struct {
		name         string
		w, h         int
		wantScale    float32
		wantW, wantH float32
	}{
		{"the hub (50×36) is drawn four pixels a tile", 50, 36, 4, 200, 144},
		{"the largest dungeon (120×90) shrinks to fit the box", 120, 90, 5.0 / 3, 200, 150},
		{"a tall map fits the box's height", 20, 100, 1.5, 30, 150},
		{"a tiny map is not blown up past the largest scale", 10, 8, minimapMaxScale, 40, 32},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := layoutMinimap(1280, 720, 1, c.w, c.h)
			assert.InDelta(t, c.wantScale, l.scale, 1e-5)
			assert.InDelta(t, c.wantW, l.w, 1e-3)
			assert.InDelta(t, c.wantH, l.h, 1e-3)
			assert.InDelta(t, 1280-minimapMargin-MinimapPad, l.x+l.w, 1e-3, "its right edge keeps the margin")
			assert.Equal(t, float32(MinimapTop+MinimapPad), l.y)
			assert.Equal(t, l.y+l.h+MinimapPad, l.bottom())
		})
	}
	t.Run("it scales with the window: no larger a share of a small window than of 1280×720", func(t *testing.T) {
		defer func() { ui.ScaleChoice = 0 }()
		share := func(w, h int) float64 {
			l := layoutMinimap(w, h, ui.Scale(w, h), 120, 90) // the largest dungeon fills the box
			return float64(l.w*l.h) / float64(w*h)
		}
		base := share(1280, 720)
		for _, sz := range [][2]int{{640, 400}, {800, 600}, {1920, 1080}, {2560, 1440}} {
			assert.LessOrEqualf(t, share(sz[0], sz[1]), base*1.0001, "at %d×%d", sz[0], sz[1])
		}
		l := layoutMinimap(640, 400, ui.Scale(640, 400), 120, 90)
		assert.InDelta(t, 100, l.w, 0.5, "half of 1280×720's box at 640×400")
		ui.ScaleChoice = 2 // a large UI scale chosen in Settings does not blow the map up past the window's share
		assert.LessOrEqual(t, share(1280, 720), base*1.0001)
	})
	t.Run("a world point lands on its tile's pixels", func(t *testing.T) {
		l := layoutMinimap(1280, 720, 1, 50, 36)
		x, y := l.at(game.TileCenter(5, 2))
		assert.InDelta(t, l.x+4*5.5, x, 1e-4)
		assert.InDelta(t, l.y+4*2.5, y, 1e-4)
	})
}

// pixel is the RGBA of tile (tx, ty) in a minimap buffer.
func pixel(pix []byte, w, tx, ty int) [4]byte {
	i := 4 * (ty*w + tx)
	return [4]byte(pix[i : i+4])
}

func TestPaintMinimap(t *testing.T) {
	g := floorGrid(30, 3, [2]int{2, 1})
	g.Set(1, 0, game.TileDecor)
	g.Set(3, 2, game.TileUnknown)
	f, _ := seenFrom(g, 0, 1)
	pix := make([]byte, 4*g.W*g.H)
	for i := range pix {
		pix[i] = 0xAB // stale pixels must all be overwritten
	}
	paintMinimap(pix, g, f)
	cases := []struct {
		name   string
		tx, ty int
		want   [4]byte
	}{
		{"explored floor is drawn", 0, 1, mapFloor},
		{"explored paving is drawn as paving", 1, 0, mapDecor},
		{"an explored wall is drawn as wall", 2, 1, mapWall},
		{"ground never seen is transparent", 29, 1, [4]byte{}},
		{"ground behind a wall is transparent", 4, 1, [4]byte{}},
		{"a tile in sight but not streamed is transparent", 3, 2, [4]byte{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, pixel(pix, g.W, c.tx, c.ty))
		})
	}
}

func TestMinimapRefresh(t *testing.T) {
	g := floorGrid(60, 4)
	f := &client.Fog{}
	f.Update(g, game.TileCenter(0, 1))
	var m minimap
	t.Run("it has nothing to show without a map", func(t *testing.T) {
		var blank client.Fog
		assert.False(t, m.refresh(nil, &blank, 0))
	})
	require.True(t, m.refresh(g, f, 100))
	t.Run("the first refresh sizes the image to the map and paints it", func(t *testing.T) {
		assert.Equal(t, 60, m.img.Bounds().Dx())
		assert.Equal(t, 4, m.img.Bounds().Dy())
		assert.Equal(t, f.Revision(), m.rev)
		assert.Equal(t, mapFloor, pixel(m.pix, 60, 3, 1))
	})
	f.Update(g, game.TileCenter(30, 1)) // explores new ground
	t.Run("new ground waits for the next repaint slot", func(t *testing.T) {
		m.refresh(g, f, 100+minimapEvery-1)
		assert.NotEqual(t, f.Revision(), m.rev)
		assert.Equal(t, [4]byte{}, pixel(m.pix, 60, 40, 1))
	})
	t.Run("then it is painted", func(t *testing.T) {
		m.refresh(g, f, 100+minimapEvery)
		assert.Equal(t, f.Revision(), m.rev)
		assert.Equal(t, mapFloor, pixel(m.pix, 60, 40, 1))
	})
	t.Run("nothing new is not repainted and costs nothing", func(t *testing.T) {
		next := m.next
		m.refresh(g, f, next+100)
		assert.Equal(t, next, m.next, "no repaint was scheduled")
		frame := 1000
		allocs := allocsPerRun(20, func() {
			frame++
			m.refresh(g, f, frame)
		})
		assert.Zero(t, allocs)
	})
	t.Run("a map of another size gets an image of its size", func(t *testing.T) {
		g2 := floorGrid(20, 10)
		f.Update(g2, game.TileCenter(1, 1))
		require.True(t, m.refresh(g2, f, 2000))
		assert.Equal(t, 20, m.img.Bounds().Dx())
		assert.Equal(t, f.Revision(), m.rev)
	})
	t.Run("a grid that does not match the fog is not painted from it", func(t *testing.T) {
		assert.False(t, m.refresh(floorGrid(7, 7), f, 3000))
	})
}
