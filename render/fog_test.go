package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// floorGrid is a w×h field of floor with walls at the given tiles.
func floorGrid(w, h int, walls ...[2]int) *game.Grid {
	g := game.NewGrid(w, h)
	for i := range g.Tiles {
		g.Tiles[i] = game.TileFloor
	}
	for _, t := range walls {
		g.Set(t[0], t[1], game.TileWall)
	}
	return g
}

// seenFrom is a fog that looked at g from the centre of tile (tx, ty).
func seenFrom(g *game.Grid, tx, ty int) (*client.Fog, game.Vec) {
	f := &client.Fog{}
	eye := game.TileCenter(tx, ty)
	f.Update(g, eye)
	return f, eye
}

func TestTileLight(t *testing.T) {
	g := floorGrid(40, 3, [2]int{3, 0})
	f, eye := seenFrom(g, 0, 1)
	f.Update(g, game.TileCenter(20, 1)) // explore the middle, then come back
	f.Update(g, eye)
	edge := int(wire.FogViewRadius / game.TileSize)
	cases := []struct {
		name   string
		tx, ty int
		check  func(t *testing.T, light float32)
	}{
		{"ground near the eye is fully lit", 2, 1, func(t *testing.T, l float32) { assert.Equal(t, float32(1), l) }},
		{"ground at the edge of the view fades toward the explored dim", edge, 1, func(t *testing.T, l float32) {
			assert.Less(t, l, float32(0.6))
			assert.Greater(t, l, float32(fogExplore))
		}},
		{"remembered ground out of sight is dim", 25, 1, func(t *testing.T, l float32) { assert.Equal(t, float32(fogExplore), l) }},
		{"ground behind a wall, never seen, is dark", 4, 0, func(t *testing.T, l float32) { assert.Zero(t, l) }},
		{"ground never in view is dark", 39, 1, func(t *testing.T, l float32) { assert.Zero(t, l) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, tileLight(f, eye, c.tx, c.ty))
		})
	}
}

func TestFogShadeCorners(t *testing.T) {
	g := floorGrid(12, 12)
	for y := range 12 { // a wall down column 6 leaves the east half unseen
		g.Set(6, y, game.TileWall)
	}
	f, eye := seenFrom(g, 2, 5)
	var s fogShade
	s.build(f, eye, 0, 0, 11, 11)
	t.Run("a corner among lit tiles is lit", func(t *testing.T) {
		assert.Equal(t, float32(1), s.corner(3, 5))
	})
	t.Run("a corner between lit and unseen tiles is half lit", func(t *testing.T) {
		assert.InDelta(t, 0.5, s.corner(7, 5), 1e-6, "tiles 6 (a seen wall) and 7 (unseen) meet there")
	})
	t.Run("a corner of unseen tiles is dark", func(t *testing.T) {
		assert.Zero(t, s.corner(9, 5))
	})
	t.Run("tiles outside the built box are dark", func(t *testing.T) {
		assert.Zero(t, s.tile(-5, 5))
		assert.Zero(t, s.tile(20, 5))
	})
	t.Run("rebuilding for a smaller screen reuses the buffer", func(t *testing.T) {
		allocs := testing.AllocsPerRun(10, func() { s.build(f, eye, 2, 2, 8, 8) })
		assert.Zero(t, allocs)
	})
}

func TestBulletsThroughFog(t *testing.T) {
	looks := bulletLooks(true)
	g := floorGrid(40, 23, [2]int{10, 5}, [2]int{10, 6}, [2]int{10, 4})
	f, _ := seenFrom(g, 5, 5)
	cam := camera{W: 1280, H: 720}
	at := func(tx, ty int) (float64, float64) { c := game.TileCenter(tx, ty); return c.X, c.Y }
	cases := []struct {
		name  string
		tx    int
		drawn bool
	}{
		{"a bullet in sight is drawn", 8, true},
		{"a bullet behind a wall is not", 12, false},
		{"a bullet past the view radius is not", 5 + 16, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := game.NewBulletPool(4)
			x, y := at(c.tx, 5)
			spawn(p, 1, x, y, 4, 0, game.TeamEnemy)
			vs := appendBulletVertices(nil, p, cam, looks, f)
			assert.Equal(t, c.drawn, len(vs) == 4)
			assert.Len(t, appendBulletVertices(nil, p, cam, looks, nil), 4, "without a fog it is drawn")
		})
	}
	t.Run("a bullet at negative coordinates is not in sight", func(t *testing.T) {
		assert.False(t, bulletInSight(f, -3, 100))
		assert.False(t, bulletInSight(f, 100, -0.5))
	})
}

func TestBulletVerticesThroughFogAllocateNothing(t *testing.T) {
	p := fullScreenPool(2000)
	f, looks, cam := screenFog(), bulletLooks(true), camera{W: 1280, H: 720}
	vs := appendBulletVertices(nil, p, cam, looks, f)
	require.NotEmpty(t, vs)
	allocs := testing.AllocsPerRun(20, func() {
		vs = appendBulletVertices(vs[:0], p, cam, looks, f)
	})
	assert.Zero(t, allocs)
}

// screenFog is the fog of a ship in the middle of an open 1280×720 screen
// at the origin: bullets within FogViewRadius of it are in sight.
func screenFog() *client.Fog {
	g := floorGrid(1280/game.TileSize, 720/game.TileSize+1)
	f := &client.Fog{}
	f.Update(g, game.Vec{X: 640, Y: 360})
	return f
}

func BenchmarkBulletVertices10kNoFog(b *testing.B) {
	p := fullScreenPool(10000)
	looks := bulletLooks(true)
	cam := camera{W: 1280, H: 720}
	vs := appendBulletVertices(nil, p, cam, looks, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		vs = appendBulletVertices(vs[:0], p, cam, looks, nil)
	}
	b.ReportMetric(float64(len(vs)/4), "quads")
}
