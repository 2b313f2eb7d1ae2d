package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// picture builds a grid from rows of "#" wall, "." floor and "?" unknown;
// the eye is the centre of the "@" tile (floor).
func picture(t *testing.T, rows ...string) (*game.Grid, game.Vec) {
	t.Helper()
	g := game.NewGrid(len(rows[0]), len(rows))
	var eye game.Vec
	for y, row := range rows {
		require.Len(t, row, g.W, "row %d", y)
		for x, c := range row {
			switch c {
			case '#':
				g.Set(x, y, game.TileWall)
			case '.':
				g.Set(x, y, game.TileFloor)
			case '@':
				g.Set(x, y, game.TileFloor)
				eye = game.TileCenter(x, y)
			case '?':
			default:
				t.Fatalf("unknown tile %q", c)
			}
		}
	}
	return g, eye
}

// openGrid is a w×h field of floor.
func openGrid(w, h int) *game.Grid {
	g := game.NewGrid(w, h)
	for i := range g.Tiles {
		g.Tiles[i] = game.TileFloor
	}
	return g
}

func TestFogLineOfSight(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		tx, ty  int
		visible bool
	}{
		{"a floor tile in the open is seen", []string{
			"@....",
		}, 4, 0, true},
		{"a wall between the eye and a tile hides it", []string{
			"@.#..",
		}, 4, 0, false},
		{"a wall the line reaches is itself seen", []string{
			"@.#..",
		}, 2, 0, true},
		{"the second layer of a thick wall is hidden", []string{
			"@.##.",
		}, 3, 0, false},
		{"unknown tiles do not block sight", []string{
			"@.??.",
		}, 4, 0, true},
		{"a tile behind a wall's corner is hidden", []string{
			"@....",
			"..#..",
			".....",
			".....",
		}, 4, 3, false},
		{"a gap beside a pillar still shows the tile past it", []string{
			"@....",
			"...#.",
			".....",
		}, 4, 0, true},
		{"a tile seen only through two diagonal walls is hidden", []string{
			"@#...",
			"#....",
			".....",
		}, 2, 2, false},
		{"a corner touched by a single wall does not block", []string{
			"@#...",
			".....",
			".....",
		}, 2, 2, true},
		{"the side wall of a long corridor is seen far along it", []string{
			"###############",
			"@..............",
			"###############",
		}, 13, 0, true},
		{"a room's corner is seen from inside", []string{
			"#######",
			"#.....#",
			"#.....#",
			"#....@#",
			"#######",
		}, 0, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, eye := picture(t, c.rows...)
			var f Fog
			f.Update(g, eye)
			assert.Equal(t, c.visible, f.Visible(c.tx, c.ty))
		})
	}
}

func TestFogRadius(t *testing.T) {
	g := openGrid(40, 3)
	eye := game.TileCenter(0, 1)
	var f Fog
	f.Update(g, eye)
	last := int(wire.FogViewRadius / game.TileSize) // centres up to 14 tiles away lie inside 460 u
	t.Run("a tile whose centre is within the radius is seen", func(t *testing.T) {
		assert.True(t, f.Visible(last, 1))
	})
	t.Run("a tile past the radius is hidden", func(t *testing.T) {
		assert.False(t, f.Visible(last+1, 1))
		assert.False(t, f.Explored(last+1, 1))
	})
	t.Run("a point inside the view can be seen, one past it cannot", func(t *testing.T) {
		assert.True(t, f.CanSee(game.Vec{X: eye.X + 400, Y: eye.Y}))
		assert.False(t, f.CanSee(game.Vec{X: eye.X + 500, Y: eye.Y}))
	})
	t.Run("tiles and points off the map are never seen", func(t *testing.T) {
		assert.False(t, f.Visible(-1, 1))
		assert.False(t, f.Explored(0, 3))
		assert.False(t, f.CanSee(game.Vec{X: -1, Y: eye.Y}))
	})
}

func TestFogMemory(t *testing.T) {
	t.Run("an explored tile stays explored after the eye moves away", func(t *testing.T) {
		g := openGrid(60, 3)
		var f Fog
		f.Update(g, game.TileCenter(0, 1))
		f.Update(g, game.TileCenter(59, 1))
		assert.False(t, f.Visible(2, 1))
		assert.True(t, f.Explored(2, 1))
		assert.True(t, f.Visible(58, 1))
	})
	t.Run("unknown tiles in sight are visible but not explored", func(t *testing.T) {
		g, eye := picture(t, "@.??.")
		var f Fog
		f.Update(g, eye)
		assert.True(t, f.Visible(2, 0))
		assert.False(t, f.Explored(2, 0), "nothing is known of it yet")
		assert.True(t, f.Explored(4, 0))
	})
	t.Run("a tile streamed after it was seen is explored the next time it is in sight", func(t *testing.T) {
		g, eye := picture(t, "@.??.")
		var f Fog
		f.Update(g, eye)
		g.Set(2, 0, game.TileFloor)
		f.Update(g, eye)
		assert.True(t, f.Explored(2, 0))
	})
	t.Run("a blind frame sees nothing and forgets nothing", func(t *testing.T) {
		g, eye := picture(t, "@....")
		var f Fog
		f.Update(g, eye)
		f.Blind(g)
		assert.False(t, f.Visible(1, 0))
		assert.True(t, f.Explored(1, 0))
	})
	t.Run("a new grid, as entering an instance brings, clears the memory", func(t *testing.T) {
		g, eye := picture(t, "@....")
		var f Fog
		f.Update(g, eye)
		next, _ := picture(t, ".....")
		f.Blind(next)
		assert.False(t, f.Explored(1, 0))
		assert.False(t, f.Visible(1, 0))
	})
	t.Run("a reset clears the memory of the same grid", func(t *testing.T) {
		g, eye := picture(t, "@....")
		var f Fog
		f.Update(g, eye)
		f.Reset(g)
		assert.False(t, f.Explored(1, 0))
	})
	t.Run("the revision moves only when something new is explored", func(t *testing.T) {
		g, eye := picture(t, "@....")
		var f Fog
		f.Update(g, eye)
		r := f.Revision()
		f.Update(g, eye)
		assert.Equal(t, r, f.Revision())
		f.Update(g, game.Vec{X: eye.X + 32, Y: eye.Y})
		assert.Equal(t, r, f.Revision(), "the same tiles again")
		f.Reset(g)
		assert.NotEqual(t, r, f.Revision())
	})
	t.Run("no grid means nothing seen and nothing explored", func(t *testing.T) {
		var f Fog
		f.Update(nil, game.Vec{})
		assert.False(t, f.Visible(0, 0))
		assert.False(t, f.Explored(0, 0))
	})
	t.Run("a grid with fewer tiles than its size claims is never read", func(t *testing.T) {
		g := &game.Grid{W: 8, H: 8, Tiles: make([]uint8, 10)}
		var f Fog
		assert.NotPanics(t, func() { f.Update(g, game.Vec{X: 16, Y: 16}) })
		assert.False(t, f.Visible(0, 0))
	})
}

func TestFogUpdateAllocatesNothing(t *testing.T) {
	g := dungeonGrid()
	var f Fog
	eye := game.TileCenter(30, 30)
	f.Update(g, eye)
	allocs := testing.AllocsPerRun(50, func() {
		eye.X += 3
		f.Update(g, eye)
	})
	assert.Zero(t, allocs)
}

// dungeonGrid is a 120×90 map (the largest dungeon's size) of floor with a
// pillar every four tiles, so rays are both blocked and free.
func dungeonGrid() *game.Grid {
	g := openGrid(120, 90)
	for y := 0; y < g.H; y += 4 {
		for x := 0; x < g.W; x += 4 {
			g.Set(x, y, game.TileWall)
		}
	}
	return g
}

func BenchmarkFogUpdate(b *testing.B) {
	g := dungeonGrid()
	var f Fog
	eye := game.TileCenter(60, 45)
	f.Update(g, eye)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		f.Update(g, game.Vec{X: eye.X + float64(i%64), Y: eye.Y})
	}
}

// fakeServer is the server end of an in-memory pair, played by hand.
type fakeServer struct {
	t   *testing.T
	srv *transport.LocalServer
}

func (s fakeServer) send(b []byte) {
	s.srv.Send(transport.LocalPeer, wire.ChannelOf(wire.MsgType(b[0])), b)
}

func (s fakeServer) enter(instance uint16, w, h uint16) {
	b, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: instance, Dungeon: game.HubDungeon, MapW: w, MapH: h, ServerTick: 100})
	require.NoError(s.t, err)
	s.send(b)
}

// floorChunk streams chunk (0, 0) as floor with a wall column at tile x 4.
func (s fakeServer) floorChunk() {
	c := wire.MapChunk{}
	for i := range c.Tiles {
		c.Tiles[i] = game.TileFloor
		if i%wire.ChunkTiles == 4 {
			c.Tiles[i] = game.TileWall
		}
	}
	s.send(wire.AppendMapChunk(nil, c))
}

func (s fakeServer) place(tick uint32, id uint16, at game.Vec) {
	snap := wire.Snapshot{Tick: tick, Players: []game.PlayerState{
		{ID: id, X: float32(at.X), Y: float32(at.Y), HP: 10, MaxHP: 10},
	}}
	s.send(wire.AppendSnapshot(nil, &snap))
}

func TestRuntimeKeepsFog(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "eye"})
	s := fakeServer{t: t, srv: srv}
	rt.Receive() // connect: the hello goes out
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
	s.enter(1, 16, 16)
	s.floorChunk()
	rt.Receive()
	require.Equal(t, StatePlaying, rt.State(), "%v", rt.Err())

	t.Run("a runtime nobody draws spends nothing on sight", func(t *testing.T) {
		assert.Zero(t, rt.fog.epoch, "no line of sight was computed")
	})
	t.Run("nothing is seen before the own ship is placed", func(t *testing.T) {
		assert.False(t, rt.Fog().Visible(1, 1))
	})
	s.place(101, 7, game.TileCenter(1, 1))
	rt.Receive()
	t.Run("the own ship sees up to the wall and not past it", func(t *testing.T) {
		f := rt.Fog()
		assert.True(t, f.Visible(3, 1))
		assert.True(t, f.Visible(4, 1), "the wall itself")
		assert.False(t, f.Visible(6, 1))
		assert.True(t, f.Explored(3, 1))
	})
	t.Run("entering an instance forgets the old map", func(t *testing.T) {
		s.enter(2, 16, 16)
		rt.Receive()
		assert.False(t, rt.Fog().Explored(3, 1))
		assert.False(t, rt.Fog().Visible(3, 1))
	})
}

func TestTheHubIsRememberedAcrossReturns(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "eye"})
	s := fakeServer{t: t, srv: srv}
	rt.Receive()
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
	s.enter(1, 16, 16)
	s.floorChunk()
	s.place(101, 7, game.TileCenter(1, 1))
	rt.Receive()
	require.True(t, rt.Fog().Explored(3, 1), "the hub was explored")
	dungeon, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 2, Dungeon: 0, Depth: 1, MapW: 16, MapH: 16, ServerTick: 200})
	require.NoError(t, err)
	s.send(dungeon)
	rt.Receive()
	t.Run("a dungeon starts unknown", func(t *testing.T) {
		assert.False(t, rt.Fog().Explored(3, 1))
		assert.Equal(t, uint8(game.TileUnknown), rt.Grid().At(3, 1))
	})
	s.enter(1, 16, 16)
	rt.Receive()
	t.Run("back in the hub, what was explored is remembered, map and all", func(t *testing.T) {
		assert.True(t, rt.Fog().Explored(3, 1))
		assert.Equal(t, uint8(game.TileFloor), rt.Grid().At(3, 1), "its tiles are known before a chunk streams")
		assert.False(t, rt.Fog().Visible(3, 1), "remembered, not seen: nothing is in sight until the ship is placed")
	})
}

// A start map (the hub) is known ground: every tile of it streamed is
// explored at once, seen or not, so its far corners and every portal are
// on the minimap from the start and nothing of it is drawn black; a
// dungeon's tiles are explored only as they are seen.
func TestAStartMapIsKnownGround(t *testing.T) {
	srv, cli := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	rt := New(cli, Config{Content: builtin(t), Name: "eye"})
	s := fakeServer{t: t, srv: srv}
	rt.Receive()
	s.send(wire.AppendWelcome(nil, wire.Welcome{PeerID: 7, ServerTick: 100}))
	s.enter(1, 16, 16)
	s.floorChunk()
	rt.Receive()
	t.Run("the hub's streamed tiles are explored before the ship is placed", func(t *testing.T) {
		assert.True(t, rt.Fog().Explored(6, 1))
		assert.False(t, rt.Fog().Visible(6, 1))
	})
	s.place(101, 7, game.TileCenter(1, 1))
	rt.Receive()
	t.Run("ground behind a wall is known, not seen", func(t *testing.T) {
		f := rt.Fog()
		assert.True(t, f.Explored(6, 1))
		assert.False(t, f.Visible(6, 1), "the wall still hides what stands there")
		assert.False(t, f.Explored(1, 20), "a tile never streamed is not known")
	})
	dungeon, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 2, Dungeon: 0, Depth: 1, MapW: 16, MapH: 16, ServerTick: 200})
	require.NoError(t, err)
	s.send(dungeon)
	s.floorChunk()
	s.place(201, 7, game.TileCenter(1, 1))
	rt.Receive()
	t.Run("a dungeon's ground behind a wall is not explored", func(t *testing.T) {
		f := rt.Fog()
		assert.True(t, f.Explored(3, 1), "in sight")
		assert.False(t, f.Explored(6, 1), "behind the wall")
	})
}

func TestKnownGroundIsExploredAsItStreams(t *testing.T) {
	g, eye := picture(t, "@.#..??")
	var f Fog
	f.Know(true)
	f.Update(g, eye)
	assert.True(t, f.Explored(4, 0), "behind the wall")
	assert.False(t, f.Explored(5, 0), "not streamed yet")
	rev := f.Revision()
	g.Set(5, 0, game.TileFloor)
	f.Update(g, eye)
	assert.False(t, f.Explored(5, 0), "a tile that arrives waits for the runtime's word")
	f.Learn()
	f.Update(g, eye)
	assert.True(t, f.Explored(5, 0))
	assert.NotEqual(t, rev, f.Revision(), "the minimap paints it")
	t.Run("exploring known ground allocates nothing", func(t *testing.T) {
		assert.Zero(t, testing.AllocsPerRun(20, func() { f.Learn(); f.Update(g, eye) }))
	})
}
