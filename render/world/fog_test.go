package world

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// openFloor is a w×h field of floor with walls at the given tiles.
func openFloor(w, h int, walls ...[2]int) *game.Grid {
	g := game.NewGrid(w, h)
	for i := range g.Tiles {
		g.Tiles[i] = game.TileFloor
	}
	for _, t := range walls {
		g.Set(t[0], t[1], game.TileWall)
	}
	return g
}

// sightFrom is a fog that looked at g from the centre of tile (tx, ty).
func sightFrom(g *game.Grid, tx, ty int) (*client.Fog, game.Vec) {
	f := &client.Fog{}
	eye := game.TileCenter(tx, ty)
	f.Update(g, eye)
	return f, eye
}

// litFrom is the light map of the whole of g as seen from tile (tx, ty),
// softened and lit (lit false: sight plain).
func litFrom(g *game.Grid, f *client.Fog, eye game.Vec, lit bool, lights ...LightSource) *LightMap {
	var m LightMap
	m.Build(f, g, eye, 0, 0, g.W-1, g.H-1, true)
	for _, l := range lights {
		m.Add(l)
	}
	m.Shine(lit)
	return &m
}

// centre is the node at the centre of tile (tx, ty) of a map built from
// tile (0, 0).
func centre(m *LightMap, tx, ty int) [3]float32 {
	return m.Node(tx*NodesPerTile+1, ty*NodesPerTile+1)
}

func TestTheLightShowsTheFog(t *testing.T) {
	g := openFloor(40, 5, [2]int{3, 1})
	f, eye := sightFrom(g, 0, 2)
	f.Update(g, game.TileCenter(20, 2)) // explore the middle, then come back
	f.Update(g, eye)
	m := litFrom(g, f, eye, false)
	edge := int(wire.FogViewRadius / game.TileSize)
	cases := []struct {
		name   string
		tx, ty int
		check  func(t *testing.T, c [3]float32)
	}{
		{"ground near the eye is fully lit", 1, 2, func(t *testing.T, c [3]float32) { assert.InDelta(t, 1, c[0], 1e-6) }},
		{"ground at the edge of the view fades toward the remembered dim", edge, 2, func(t *testing.T, c [3]float32) {
			assert.Less(t, c[0], float32(0.6))
			assert.Greater(t, c[0], memoryTint[0])
		}},
		{"remembered ground out of sight is dim and cool", 25, 2, func(t *testing.T, c [3]float32) {
			assert.Equal(t, memoryTint, c)
			assert.Greater(t, c[2], c[0], "bluer than it is red")
		}},
		{"ground never in view is dark", 39, 2, func(t *testing.T, c [3]float32) { assert.Zero(t, c) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.check(t, centre(m, c.tx, c.ty)) })
	}
}

func TestTheEdgeOfSightIsSoft(t *testing.T) {
	g := openFloor(20, 20)
	for y := range 20 { // a wall down column 6 leaves the east half unseen
		g.Set(6, y, game.TileWall)
	}
	g.Set(3, 5, game.TileWall) // a pillar, the floor behind it unseen
	f, eye := sightFrom(g, 1, 5)
	m := litFrom(g, f, eye, false)
	t.Run("the light falls off across the edge of sight over more than a tile, never in one step", func(t *testing.T) {
		row := 10*NodesPerTile + 1 // a row with no pillar: the wall at 6 is seen, 7 on is not
		prev := m.Node(6*NodesPerTile+1, row)[0]
		for i := 6*NodesPerTile + 2; i <= 9*NodesPerTile; i++ {
			c := m.Node(i, row)[0]
			assert.LessOrEqual(t, c, prev+1e-6, "node %d", i)
			assert.Less(t, prev-c, float32(0.5), "node %d: a hard step", i)
			prev = c
		}
		assert.Zero(t, m.Node(9*NodesPerTile, row)[0], "two tiles past the wall it is dark")
	})
	t.Run("the floor behind a pillar is drawn, lit a little, not a black square", func(t *testing.T) {
		require.False(t, f.Visible(4, 5), "the pillar hides it")
		assert.True(t, m.tileDrawn(4, 5))
		assert.Greater(t, m.Node(4*NodesPerTile, 5*NodesPerTile+1)[0], float32(0.25), "its near edge")
	})
	t.Run("ground two tiles past sight and never seen is not drawn", func(t *testing.T) {
		assert.False(t, m.tileDrawn(8, 5))
	})
	t.Run("rebuilding for a smaller screen reuses the buffers", func(t *testing.T) {
		allocs := allocsPerRun(10, func() {
			m.Build(f, g, eye, 2, 2, 8, 8, true)
			m.Add(LightSource{100, 100, 200, [3]float32{1, 1, 1}})
			m.Shine(true)
		})
		assert.Zero(t, allocs)
	})
}

// Known ground (the hub) hides nothing: it is drawn whole, and within
// sight's reach the light falls behind pillars and across walls as on the
// open floor, with no shadow of sight; a dungeon's ground behind a wall
// stays unseen.
func TestKnownGroundIsLitWhole(t *testing.T) {
	g := openFloor(40, 20)
	for y := range 20 { // a wall down column 6: the east half behind it
		g.Set(6, y, game.TileWall)
	}
	known := &client.Fog{}
	known.Know(true)
	eye := game.TileCenter(1, 5)
	known.Update(g, eye)
	m := litFrom(g, known, eye, false)
	t.Run("ground behind a wall within sight's reach is lit like the open floor", func(t *testing.T) {
		require.False(t, known.Visible(8, 5), "the wall hides it")
		assert.InDelta(t, 1, centre(m, 8, 5)[0], 1e-6)
	})
	t.Run("ground past sight's reach is drawn, remembered", func(t *testing.T) {
		assert.True(t, m.tileDrawn(30, 5))
		assert.Equal(t, memoryTint, centre(m, 30, 5))
	})
	t.Run("a dungeon's ground behind the wall is not drawn", func(t *testing.T) {
		f, eye := sightFrom(g, 1, 5)
		assert.False(t, litFrom(g, f, eye, false).tileDrawn(9, 5))
	})
}

// The light only ever darkens or keeps the ground: however many lights
// overlap, no node is above 1 in any channel, so the tile sets' own
// colours (TestEveryTileKeepsHostileBulletsReadable) are the brightest
// the ground is drawn.
func TestTheLightNeverBrightensTheGround(t *testing.T) {
	g := openFloor(30, 20)
	f, eye := sightFrom(g, 10, 10)
	var lights []LightSource
	for i := range 40 {
		c := game.TileCenter(8+i%5, 8+i/5%5)
		lights = append(lights, LightSource{c.X, c.Y, 8 * game.TileSize, [3]float32{1, 0.9, 0.8}})
	}
	m := litFrom(g, f, eye, true, lights...)
	brightest := float32(0)
	for _, c := range m.rgb {
		brightest = max(brightest, c[0], c[1], c[2])
	}
	assert.LessOrEqual(t, brightest, float32(1))
	assert.InDelta(t, 1, brightest, 1e-6, "and the lights do reach it")
	t.Run("without lights, ground in sight is at the ambient level", func(t *testing.T) {
		m := litFrom(g, f, eye, true)
		assert.InDelta(t, AmbientLight, centre(m, 10, 10)[1], 1e-6)
	})
}

func TestBulletsThroughFog(t *testing.T) {
	looks := bulletLooks(true)
	g := openFloor(40, 23, [2]int{10, 5}, [2]int{10, 6}, [2]int{10, 4})
	f, _ := sightFrom(g, 5, 5)
	cam := Camera{W: 1280, H: 720}
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
			vs := appendBulletVertices(nil, PoolColumns(p), cam, looks, f)
			assert.Equal(t, c.drawn, len(vs) == 4)
			assert.Len(t, appendBulletVertices(nil, PoolColumns(p), cam, looks, nil), 4, "without a fog it is drawn")
		})
	}
	t.Run("a bullet at negative coordinates is not in sight", func(t *testing.T) {
		assert.False(t, BulletInSight(f, -3, 100))
		assert.False(t, BulletInSight(f, 100, -0.5))
	})
}

func TestBulletVerticesThroughFogAllocateNothing(t *testing.T) {
	p := fullScreenPool(2000)
	f, looks, cam := screenFog(), bulletLooks(true), Camera{W: 1280, H: 720}
	vs := appendBulletVertices(nil, PoolColumns(p), cam, looks, f)
	require.NotEmpty(t, vs)
	allocs := allocsPerRun(20, func() {
		vs = appendBulletVertices(vs[:0], PoolColumns(p), cam, looks, f)
	})
	assert.Zero(t, allocs)
}

// screenFog is the fog of a ship in the middle of an open 1280×720 screen
// at the origin: bullets within FogViewRadius of it are in sight.
func screenFog() *client.Fog {
	g := openFloor(1280/game.TileSize, 720/game.TileSize+1)
	f := &client.Fog{}
	f.Update(g, game.Vec{X: 640, Y: 360})
	return f
}

func BenchmarkBulletVertices10kNoFog(b *testing.B) {
	p := fullScreenPool(10000)
	looks := bulletLooks(true)
	cam := Camera{W: 1280, H: 720}
	vs := appendBulletVertices(nil, PoolColumns(p), cam, looks, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		vs = appendBulletVertices(vs[:0], PoolColumns(p), cam, looks, nil)
	}
	b.ReportMetric(float64(len(vs)/4), "quads")
}
