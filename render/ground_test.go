package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// groundScene is a hosted hub with the own ship placed and a screen to
// draw the ground on. The game is closed once the ship stands: its server
// and connection, left running, would allocate beside the frame whose
// allocations are counted (AllocsPerRun counts the whole process's).
func groundScene(t testing.TB) (*playScene, *ebiten.Image) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	for range 10 {
		h.press(ui.FrameInput{})
	}
	h.closeAndWait()
	return s, ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
}

// drawGround draws one frame's ground, as the play scene does.
func drawGround(s *playScene, screen *ebiten.Image) {
	s.clock.frames++
	v := s.worldView()
	s.look.Ground.Draw(screen, s.win.Gfx.Shapes, &v)
	s.win.Gfx.Shapes.Flush(screen)
}

// buildGround does a frame's ground work short of handing it to the GPU.
func buildGround(s *playScene, screen *ebiten.Image) {
	s.clock.frames++
	gl := s.look.Ground
	v := s.worldView()
	gl.Build(screen, s.win.Gfx.Shapes, &v)
	gl.Tiles.Batch.Vs = gl.Tiles.Batch.Vs[:0]
	gl.Tiles.Shades.Vs = gl.Tiles.Shades.Vs[:0]
	gl.Glow.Vs = gl.Glow.Vs[:0]
}

func TestTheGround(t *testing.T) {
	s, screen := groundScene(t)
	s.win.Gfx = &world.Graphics{Graphics: ui.Graphics{Shapes: ui.NewShapeBatch()}}
	drawGround(s, screen)
	gl := s.look.Ground
	t.Run("the hub is drawn with the hub's tile set", func(t *testing.T) {
		assert.Equal(t, "hub", gl.Place.ID)
		require.NotNil(t, gl.Tiles)
		assert.False(t, gl.Failed)
	})
	t.Run("a dungeon kind is its own place, darker and redder deeper down", func(t *testing.T) {
		c := gl.Content
		for i, d := range c.Dungeons {
			assert.Equal(t, d.ID, gl.PlaceID(uint8(i), s.rt.Grid()))
		}
		look, _ := assets.Shared()
		p, _ := look.Place("catacombs")
		deep := look.DepthPlace(p, 3)
		assert.Less(t, deep.Floor[0][0], p.Floor[0][0])
		assert.Greater(t, look.GroundScale(1), look.GroundScale(3))
	})
	t.Run("a practice map is told by its size", func(t *testing.T) {
		for _, m := range gl.Starts {
			assert.Equal(t, m.Id, gl.PlaceID(game.HubDungeon, game.NewGrid(m.W, m.H)))
		}
		assert.Equal(t, "hub", gl.PlaceID(game.HubDungeon, game.NewGrid(7, 9)), "an unknown start map looks like the hub")
	})
	t.Run("floor variants are scattered, mostly plain, every one in use", func(t *testing.T) {
		g := floorGrid(64, 64)
		seen := map[assets.Frame]int{}
		for ty := range 64 {
			for tx := range 64 {
				seen[gl.TileFrame(g, tx, ty)]++
			}
		}
		assert.Len(t, seen, len(gl.Tiles.Plains)+len(gl.Tiles.Features))
		plain := 0
		for _, f := range gl.Tiles.Plains {
			plain += seen[f]
		}
		assert.InDelta(t, assets.PlainShare, 100*plain/(64*64), 4)
	})
	t.Run("walls are autotiled by their open sides", func(t *testing.T) {
		g := floorGrid(5, 5, [2]int{2, 2}, [2]int{2, 1}, [2]int{3, 2})
		assert.Equal(t, world.OpenS|world.OpenW, world.WallMask(g, 2, 2))
		assert.Equal(t, world.OpenN|world.OpenE|world.OpenW, world.WallMask(g, 2, 1))
		g.Set(2, 3, game.TileUnknown)
		assert.Equal(t, world.OpenW, world.WallMask(g, 2, 2), "nothing faces ground not streamed yet")
	})
	// Ebitengine's own DrawTriangles keeps what it is given until a frame
	// ends, which a test never reaches; the ground's work up to it is
	// what is held to nothing.
	t.Run("a frame's ground allocates nothing", func(t *testing.T) {
		allocs := allocsPerRun(20, func() { buildGround(s, screen) })
		assert.Zero(t, allocs)
	})
	t.Run("and at low quality neither", func(t *testing.T) {
		s.settings.Quality = profile.QualityLow
		defer func() { s.settings.Quality = profile.QualityHigh }()
		allocs := allocsPerRun(20, func() { buildGround(s, screen) })
		assert.Zero(t, allocs)
	})
}

// The ground of one frame in the hub, lit, with lanterns and dust, handed
// to Ebitengine; its DrawTriangles allocates here only because a test
// never ends a frame (BenchmarkGroundBuild is the ground's own work).
func BenchmarkGround(b *testing.B) {
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		b.Run(q, func(b *testing.B) {
			s, screen := groundScene(b)
			s.win.Gfx = &world.Graphics{Graphics: ui.Graphics{Shapes: ui.NewShapeBatch()}}
			s.settings.Quality = q
			drawGround(s, screen)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				drawGround(s, screen)
			}
		})
	}
}

// The ground's own work of one frame, short of the GPU: the light map,
// the lights, every tile's quads, the lanterns and the motes.
func BenchmarkGroundBuild(b *testing.B) {
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		b.Run(q, func(b *testing.B) {
			s, screen := groundScene(b)
			s.win.Gfx = &world.Graphics{Graphics: ui.Graphics{Shapes: ui.NewShapeBatch()}}
			s.settings.Quality = profile.QualityHigh
			drawGround(s, screen)
			s.settings.Quality = q
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				buildGround(s, screen)
			}
		})
	}
}
