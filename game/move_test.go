package game

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMoveVectorClampsToUnitDisc(t *testing.T) {
	cases := []struct {
		name   string
		mx, my int8
		x, y   float64
	}{
		{"full right is one unit", 100, 0, 1, 0},
		{"half up is half a unit", 0, -50, 0, -0.5},
		{"over-range right is clamped to one unit", 127, 0, 1, 0},
		{"(127,127) is clamped to the unit diagonal", 127, 127, math.Sqrt2 / 2, math.Sqrt2 / 2},
		{"(-128,-128) is clamped to the unit diagonal", -128, -128, -math.Sqrt2 / 2, -math.Sqrt2 / 2},
		{"a short diagonal is untouched", 30, 40, 0.3, 0.4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, y := MoveVector(Input{MoveX: c.mx, MoveY: c.my})
			assert.InDelta(t, c.x, x, 1e-12)
			assert.InDelta(t, c.y, y, 1e-12)
			assert.LessOrEqual(t, x*x+y*y, 1+1e-12)
		})
	}
}

func TestClampUnitDisc(t *testing.T) {
	cases := []struct {
		name         string
		x, y         float64
		wantX, wantY float64
	}{
		{"a point inside the disc is untouched", 0.3, -0.4, 0.3, -0.4},
		{"a point on the circle is untouched", 0, 1, 0, 1},
		{"a long straight move is cut to one", -5, 0, -1, 0},
		{"a full diagonal keeps its direction at length one", 1, 1, math.Sqrt2 / 2, math.Sqrt2 / 2},
		{"no move stays no move", 0, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, y := ClampUnitDisc(c.x, c.y)
			assert.InDelta(t, c.wantX, x, 1e-12)
			assert.InDelta(t, c.wantY, y, 1e-12)
		})
	}
}

func TestStepPlayerInOpenSpace(t *testing.T) {
	g := openMap(t).Grid
	st := testStats()
	start := Vec{300, 200}
	cases := []struct {
		name   string
		in     Input
		moved  float64
		dx, dy float64
	}{
		{"full right moves 4 u", Input{MoveX: 100}, 4, 4, 0},
		{"full up moves 4 u", Input{MoveY: -100}, 4, 0, -4},
		{"(127,127) moves 4 u, not more", Input{MoveX: 127, MoveY: 127}, 4, 4 / math.Sqrt2, 4 / math.Sqrt2},
		{"no input stays put", Input{}, 0, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := StepPlayer(start, c.in, st, g)
			assert.InDelta(t, c.moved, got.Sub(start).Len(), 1e-9)
			assert.InDelta(t, c.dx, got.X-start.X, 1e-9)
			assert.InDelta(t, c.dy, got.Y-start.Y, 1e-9)
		})
	}
}

func TestStepPlayerAgainstWalls(t *testing.T) {
	// A wall column at tx=5 (x 160..192) from ty=0 to ty=9.
	m := asciiMap(t,
		"..........",
		".....#....",
		".....#....",
		".....#....",
		".....#....",
		".....#....",
		".....#....",
		".....#....",
		".....#....",
		"..........",
	)
	st := testStats()
	st.Radius = 10.3 // not a round number, so resting contact carries rounding error
	t.Run("moving diagonally into a wall keeps the parallel component", func(t *testing.T) {
		pos := Vec{160 - st.Radius, 100}
		got := StepPlayer(pos, Input{MoveX: 100, MoveY: 100}, st, m.Grid)
		assert.InDelta(t, pos.X, got.X, 1e-9, "the wall stops X")
		assert.InDelta(t, 4/math.Sqrt2, got.Y-pos.Y, 1e-9, "Y keeps its share")
	})
	t.Run("sliding along a wall of many tiles never sticks at a tile seam", func(t *testing.T) {
		pos := Vec{149, 40}
		for range 50 {
			pos = StepPlayer(pos, Input{MoveX: 100, MoveY: 100}, st, m.Grid)
		}
		assert.LessOrEqual(t, pos.X, 160-st.Radius+1e-9)
		assert.Greater(t, pos.Y, 40+50*2.8-1, "it slid the full distance down the wall")
	})
	t.Run("pushing into a wall for many ticks never passes through", func(t *testing.T) {
		pos := Vec{100, 150}
		for range 200 {
			pos = StepPlayer(pos, Input{MoveX: 127}, st, m.Grid)
			require.False(t, m.Grid.CircleSolid(pos, st.Radius), "at %v", pos)
		}
		assert.InDelta(t, 160-st.Radius, pos.X, 1e-9, "it rests against the face")
	})
	t.Run("the map edge stops like a wall", func(t *testing.T) {
		pos := Vec{20, 20}
		for range 20 {
			pos = StepPlayer(pos, Input{MoveX: -100, MoveY: -100}, st, m.Grid)
		}
		assert.InDelta(t, st.Radius, pos.X, 1e-9)
		assert.InDelta(t, st.Radius, pos.Y, 1e-9)
	})
	t.Run("rounding a wall's end slides around its corner", func(t *testing.T) {
		pos := Vec{150, 300}
		for range 40 {
			pos = StepPlayer(pos, Input{MoveX: 100, MoveY: 100}, st, m.Grid)
		}
		assert.Greater(t, pos.X, 192.0, "it got past the wall's end")
		assert.False(t, m.Grid.CircleSolid(pos, st.Radius))
	})
}

func TestStepPlayerTreatsUnknownAsOpen(t *testing.T) {
	g := NewGrid(10, 10) // all TileUnknown: a client that has not been streamed yet
	got := StepPlayer(Vec{100, 100}, Input{MoveX: 100}, testStats(), g)
	assert.Equal(t, Vec{104, 100}, got)
}

func TestRoundingCorners(t *testing.T) {
	// A corridor two tiles wide opens south out of a room's floor: its
	// west wall's corner is at tile (4, 3).
	g := asciiMap(t,
		"##########",
		"#........#",
		"#........#",
		"####..####",
		"####..####",
		"####..####",
		"##########",
	).Grid
	stats := testStats()
	down := Input{MoveY: 100}
	t.Run("a ship pushing straight down with its rim on the corridor's corner slides into the corridor", func(t *testing.T) {
		// Centre 4 u west of the corner's edge: the rim overlaps the wall by 6 u.
		pos := Vec{X: 4*TileSize + 6, Y: 2*TileSize + 16}
		for range 30 {
			pos = StepPlayer(pos, down, stats, g)
		}
		assert.Greater(t, pos.Y, 4.0*TileSize, "it went down the corridor")
		assert.False(t, g.CircleSolid(pos, stats.Radius))
	})
	t.Run("a ship pushed squarely into a flat wall stays", func(t *testing.T) {
		pos := Vec{X: 2*TileSize + 16, Y: 2*TileSize + 16}
		for range 30 {
			pos = StepPlayer(pos, down, stats, g)
		}
		assert.InDelta(t, 2*TileSize+16, pos.X, 1e-9, "not steered along the wall")
		assert.Less(t, pos.Y, 3.0*TileSize)
	})
	t.Run("a ship whose middle meets the wall is not steered: only a rim that clips a corner is", func(t *testing.T) {
		pos := Vec{X: 3*TileSize + 16, Y: 2*TileSize + 16} // 16 u from the corner: its centre is over the wall
		for range 30 {
			pos = StepPlayer(pos, down, stats, g)
		}
		assert.InDelta(t, 3*TileSize+16, pos.X, 1e-9)
	})
	t.Run("a diagonal push into a wall still slides along it", func(t *testing.T) {
		pos := Vec{X: 2*TileSize + 16, Y: 2*TileSize + 16}
		next := StepPlayer(pos, Input{MoveX: 70, MoveY: 70}, stats, g)
		assert.Greater(t, next.X, pos.X)
	})
	t.Run("no move is faster than the speed, and no ship ends in a wall", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for range 20000 {
			pos := Vec{X: 32 + rng.Float64()*256, Y: 32 + rng.Float64()*160}
			if g.CircleSolid(pos, stats.Radius) {
				continue
			}
			in := Input{MoveX: int8(rng.IntN(201) - 100), MoveY: int8(rng.IntN(201) - 100)}
			if rng.IntN(2) == 0 {
				in.Buttons = BtnFocus
			}
			next := StepPlayer(pos, in, stats, g)
			require.LessOrEqual(t, next.Sub(pos).Len(), stats.Speed+1e-9, "from %v by %+v", pos, in)
			require.False(t, g.CircleSolid(next, stats.Radius), "from %v by %+v to %v", pos, in, next)
		}
	})
	t.Run("a focused ship moves at the focus share of its speed", func(t *testing.T) {
		pos := Vec{X: 2*TileSize + 16, Y: 1*TileSize + 16}
		free := StepPlayer(pos, Input{MoveX: 100}, stats, g)
		focused := StepPlayer(pos, Input{MoveX: 100, Buttons: BtnFocus}, stats, g)
		assert.InDelta(t, stats.Speed, free.X-pos.X, 1e-9)
		assert.InDelta(t, stats.Speed*FocusSpeedShare, focused.X-pos.X, 1e-9)
	})
}

func BenchmarkStepPlayerRoundingACorner(b *testing.B) {
	g := asciiMap(b,
		"##########",
		"#........#",
		"#........#",
		"####..####",
		"####..####",
		"##########",
	).Grid
	stats := testStats()
	pos := Vec{X: 4*TileSize + 6, Y: 2*TileSize + 16}
	b.ReportAllocs()
	for b.Loop() {
		_ = StepPlayer(pos, Input{MoveY: 100}, stats, g)
	}
}

func TestSlidingRoundPillarsAndIntoTunnels(t *testing.T) {
	// A pillar of two tiles by two in a room, and a one-tile tunnel leaving
	// the room south at tile column 8.
	g := asciiMap(t,
		"############",
		"#..........#",
		"#..........#",
		"#...##.....#",
		"#...##.....#",
		"#..........#",
		"#..........#",
		"########.###",
		"########.###",
		"############",
	).Grid
	stats := testStats()
	pillar := Vec{X: 4 * TileSize, Y: 3 * TileSize} // its top-left corner point
	t.Run("a diagonal push onto a pillar's corner slides round it instead of stopping dead", func(t *testing.T) {
		// Centre up-left of the corner point, a little off its diagonal:
		// it meets the point head on, nearer the pillar's top than its side.
		pos := pillar.Add(Vec{X: -16, Y: -20})
		in := Input{MoveX: 70, MoveY: 70}
		for range 60 {
			next := StepPlayer(pos, in, stats, g)
			require.LessOrEqual(t, next.Sub(pos).Len(), stats.Speed+1e-9)
			require.False(t, g.CircleSolid(next, stats.Radius), "at %v", next)
			pos = next
		}
		assert.Greater(t, pos.X, pillar.X+2*TileSize, "it went over the pillar's top, past its far side")
	})
	t.Run("a push square onto a corner point has nothing to slide along and stays", func(t *testing.T) {
		pos := pillar.Sub(Vec{X: stats.Radius / math.Sqrt2, Y: stats.Radius / math.Sqrt2})
		next := StepPlayer(pos, Input{MoveX: 70, MoveY: 70}, stats, g)
		assert.InDelta(t, 0, next.Sub(pos).Len(), 1e-6)
	})
	t.Run("a straight push that misses a one-tile tunnel by 0.75 of a tile is guided in", func(t *testing.T) {
		for _, off := range []float64{-24, -20, -12, 0, 12, 20, 24} {
			pos := Vec{X: 8*TileSize + 16 + off, Y: 5*TileSize + 16}
			for range 40 {
				pos = StepPlayer(pos, Input{MoveY: 100}, stats, g)
				require.False(t, g.CircleSolid(pos, stats.Radius), "at %v", pos)
			}
			assert.Greater(t, pos.Y, 8.0*TileSize, "from %v u off the tunnel's middle", off)
		}
	})
	t.Run("a straight push with its centre over the wall beside the tunnel stays", func(t *testing.T) {
		pos := Vec{X: 8*TileSize + 16 + 28, Y: 5*TileSize + 16} // 12 u over the wall
		for range 40 {
			pos = StepPlayer(pos, Input{MoveY: 100}, stats, g)
		}
		assert.InDelta(t, 8*TileSize+16+28, pos.X, 1e-9)
	})
	t.Run("no move round a pillar is faster than the speed, and no ship ends in a wall", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for range 20000 {
			pos := Vec{X: 32 + rng.Float64()*320, Y: 32 + rng.Float64()*192}
			if g.CircleSolid(pos, stats.Radius) {
				continue
			}
			in := Input{MoveX: int8(rng.IntN(201) - 100), MoveY: int8(rng.IntN(201) - 100)}
			next := StepPlayer(pos, in, stats, g)
			require.LessOrEqual(t, next.Sub(pos).Len(), stats.Speed+1e-9, "from %v by %+v", pos, in)
			require.False(t, g.CircleSolid(next, stats.Radius), "from %v by %+v to %v", pos, in, next)
			assert.Equal(t, next, StepPlayer(pos, in, stats, g), "the same step twice gives the same place")
		}
	})
}

func BenchmarkStepPlayerSlidingRoundAPillar(b *testing.B) {
	g := asciiMap(b,
		"########",
		"#......#",
		"#..##..#",
		"#..##..#",
		"#......#",
		"########",
	).Grid
	stats := testStats()
	pos := Vec{X: 3*TileSize - 9, Y: 2*TileSize - 5}
	b.ReportAllocs()
	for b.Loop() {
		_ = StepPlayer(pos, Input{MoveX: 70, MoveY: 70}, stats, g)
	}
}
