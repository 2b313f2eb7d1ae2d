package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// floodMap is a corridor bending round a wall, an unknown tile on the way,
// and a sealed pocket at the bottom right.
func floodMap(t *testing.T) *Grid {
	return asciiMap(t,
		"....#",
		"### #",
		"....#",
		"###.#",
		"....#",
		"####.",
	).Grid
}

func TestFloodDistances(t *testing.T) {
	g := floodMap(t)
	var f Flood
	g.Flood(&f, 0, 0, nil)
	cases := []struct {
		name   string
		tx, ty int
		dist   int32
	}{
		{"the source is zero steps away", 0, 0, 0},
		{"a tile along the corridor counts its steps", 3, 0, 3},
		{"an unknown tile is walked through like floor", 3, 1, 4},
		{"the way round the bend is counted, not the straight line", 0, 2, 8},
		{"the far end of the corridor is the farthest", 0, 4, 10},
		{"a wall is never reached", 4, 0, -1},
		{"a sealed pocket is never reached", 4, 5, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.dist, f.Dist[c.ty*g.W+c.tx])
		})
	}
}

func TestFloodVisits(t *testing.T) {
	g := floodMap(t)
	cases := []struct {
		name    string
		tx, ty  int
		stopAt  int // visits allowed before visit returns false; -1: never stop
		visited [][3]int
	}{
		{"it visits the source first, then the tiles nearest first", 0, 0, 3,
			[][3]int{{0, 0, 0}, {1, 0, 1}, {2, 0, 2}}},
		{"it tries the neighbour to the right before the one to the left", 1, 2, 3,
			[][3]int{{1, 2, 0}, {2, 2, 1}, {0, 2, 1}}},
		{"a source outside the grid visits nothing", -1, 0, -1, nil},
		{"a sealed tile visits only itself", 4, 5, -1, [][3]int{{4, 5, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f Flood
			var got [][3]int
			g.Flood(&f, c.tx, c.ty, func(x, y, d int) bool {
				got = append(got, [3]int{x, y, d})
				return c.stopAt < 0 || len(got) < c.stopAt
			})
			assert.Equal(t, c.visited, got)
		})
	}
}

func TestFloodPaths(t *testing.T) {
	g := floodMap(t)
	var f Flood
	g.Flood(&f, 2, 2, nil)
	cases := []struct {
		name   string
		tx, ty int
		path   [][2]int
		ok     bool
	}{
		{"a route lists every step after the source, the goal last", 3, 4, [][2]int{{3, 2}, {3, 3}, {3, 4}}, true},
		{"a route to the source itself is empty", 2, 2, nil, true},
		{"there is no route into a wall", 4, 2, nil, false},
		{"there is no route outside the grid", 9, 9, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, ok := f.PathTo(c.tx, c.ty, nil)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.path, path)
		})
	}
	t.Run("a route is appended after what the slice already holds", func(t *testing.T) {
		path, ok := f.PathTo(3, 3, [][2]int{{9, 9}})
		require.True(t, ok)
		assert.Equal(t, [][2]int{{9, 9}, {3, 2}, {3, 3}}, path)
	})
}

func TestFloodReuse(t *testing.T) {
	t.Run("a second walk forgets the first", func(t *testing.T) {
		g := floodMap(t)
		var f Flood
		g.Flood(&f, 0, 0, nil)
		g.Flood(&f, 4, 5, nil)
		assert.Equal(t, int32(-1), f.Dist[0])
		assert.Equal(t, int32(0), f.Dist[5*g.W+4])
	})
	t.Run("a walk on a larger grid grows the buffers", func(t *testing.T) {
		var f Flood
		floodMap(t).Flood(&f, 0, 0, nil)
		big := NewGrid(20, 20)
		big.Flood(&f, 0, 0, nil)
		assert.Equal(t, int32(38), f.Dist[len(f.Dist)-1])
	})
	t.Run("walking the same grid again allocates nothing", func(t *testing.T) {
		g := floodMap(t)
		var f Flood
		g.Flood(&f, 0, 0, nil)
		allocs := testing.AllocsPerRun(10, func() { g.Flood(&f, 0, 0, nil) })
		assert.Zero(t, allocs)
	})
}
