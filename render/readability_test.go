//go:build frames

package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
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

// The tests of this file read drawn frames back from the GPU, which needs
// a running game: TestMain runs them inside one, and the file is built
// only with the frames tag (make test runs it under a display) so the
// rest of the package's tests do not open a window.
//
//	scripts/with-display.sh go test -tags frames -run TestHostileBulletsContrastInEveryPlace ./render
func TestMain(m *testing.M) {
	loop = &testLoop{m: m, done: make(chan int, 1), work: make(chan func())}
	ebiten.SetWindowSize(ui.WindowWidth, ui.WindowHeight)
	ebiten.SetWindowTitle("duskfall frames test")
	if err := ebiten.RunGame(loop); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(loop.code)
}

// testLoop runs the package's tests on their own goroutine while the game
// runs, and ends the game when they are done. Work sent to it runs inside
// the game's frame, as the window's own drawing does.
type testLoop struct {
	m       *testing.M
	started bool
	done    chan int
	code    int
	work    chan func()
}

var loop *testLoop

func (l *testLoop) Update() error {
	if !l.started {
		l.started = true
		go func() { l.done <- l.m.Run() }()
	}
	select {
	case l.code = <-l.done:
		return ebiten.Termination
	case f := <-l.work:
		f()
		return nil
	default:
		return nil
	}
}

// inFrame runs f inside the game's next frame and waits for it.
func inFrame(f func()) {
	ran := make(chan struct{})
	loop.work <- func() { f(); close(ran) }
	<-ran
}

func (l *testLoop) Draw(*ebiten.Image) {}

func (l *testLoop) Layout(w, h int) (int, int) { return w, h }

// The readability rule measured in the frame a player sees (docs/ART.md):
// in each dungeon kind, a dense fight drawn by the real play scene, with
// its tiles, light and bullet layer, at both Graphics settings and in
// every bullet palette, every hostile bullet's body as drawn stands at
// least 3:1 against every floor and wall pixel of that frame, in full
// colour and under protanopia, deuteranopia and tritanopia.
func TestHostileBulletsContrastInEveryPlace(t *testing.T) {
	kinds := dungeonKinds(t)
	require.NotEmpty(t, kinds)
	for _, kind := range kinds {
		t.Run("a dense fight in "+kind+" keeps every hostile bullet readable", func(t *testing.T) {
			h, _ := hostedHarnessEntering(t, kind)
			s := untilInDungeon(t, h, kind)
			screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
			for _, p := range palettes(t) {
				for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
					h.a.settings.BulletPalette, h.a.settings.Quality = p.ID, q
					ground := groundColours(t, s, screen)
					bodies, bullets := fightBodies(t, h, s, screen)
					require.GreaterOrEqual(t, bullets, 100, "the fight is dense: bullets in sight")
					for _, v := range assets.Visions {
						worst, b, g := worstContrast(bodies, ground, v)
						t.Logf("%s, %s palette, %s graphics, %v: worst %.2f:1 (bullet %v on ground %v; %d bullet samples, %d ground colours)",
							kind, p.Name, q, v, worst, b, g, len(bodies), len(ground))
						assert.GreaterOrEqual(t, worst, 3.0, "%s, %s palette, %s graphics, %v: bullet %v on ground %v", kind, p.Name, q, v, b, g)
					}
				}
			}
		})
	}
}

// dungeonKinds are the ids of the content's dungeon kinds.
func dungeonKinds(t *testing.T) []string {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	var ids []string
	for _, d := range s.look.Ground.Content.Dungeons {
		ids = append(ids, d.ID)
	}
	return ids
}

// untilInDungeon steps until the player stands in the dungeon kind and its
// ground is drawn as that place, then lets the map stream in around it.
func untilInDungeon(t testing.TB, h *harness, kind string) *playScene {
	t.Helper()
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	for range 600 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		h.a.Draw(screen)
		s, ok := h.a.scenes.current.(*playScene)
		if !ok || !s.inDungeon() || s.look.Ground.Place.ID != kind {
			continue
		}
		for i := 0; i < 90 || graced(s); i++ { // the map streams in; the arrival grace's words leave the middle
			require.Less(t, i, 1200, "the arrival grace ends")
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		}
		return s
	}
	t.Fatalf("never stood in %s; scene %T, log:\n%s", kind, h.a.scenes.current, h.log)
	return nil
}

// graced says whether the own ship is in its arrival grace.
func graced(s *playScene) bool {
	self, _ := s.rt.Self()
	return self.Flags&game.PlayerGrace != 0
}

// groundColours are the colours of the floor and walls of the frame as the
// play scene draws them: the ground layer alone, lit, with nothing on it.
func groundColours(t *testing.T, s *playScene, screen *ebiten.Image) map[assets.RGB]bool {
	screen.Fill(color.Black)
	gl := s.look.Ground
	v := s.worldView()
	require.True(t, gl.Build(screen, s.win.Gfx.Shapes, &v))
	require.False(t, gl.Failed, "the place's tile set loads")
	gl.Tiles.Batch.Flush(screen)
	gl.Tiles.Shades.Flush(screen)
	if gl.Glow != nil {
		gl.Glow.Vs = gl.Glow.Vs[:0] // lantern flames and motes are lights, not floor or wall
	}
	px := readFrame(screen)
	if d := os.Getenv("FRAMES_DIR"); d != "" {
		savePNG(filepath.Join(d, fmt.Sprintf("%s-%s-%s-ground.png", s.look.Ground.Place.ID, s.settings.BulletPalette, s.settings.Quality)), px)
	}
	grid := s.rt.Grid()
	colours := map[assets.RGB]bool{}
	for y := 0; y < ui.WindowHeight; y++ {
		for x := 0; x < ui.WindowWidth; x++ {
			wx, wy := s.view.cam.X+float64(x), s.view.cam.Y+float64(y)
			tx, ty := int(math.Floor(wx/game.TileSize)), int(math.Floor(wy/game.TileSize))
			if tx < 0 || ty < 0 || tx >= grid.W || ty >= grid.H || !s.rt.Fog().Explored(tx, ty) {
				continue // never seen: drawn black
			}
			i := px.PixOffset(x, y)
			colours[assets.RGB{px.Pix[i], px.Pix[i+1], px.Pix[i+2]}] = true
		}
	}
	return colours
}

// fightBodies fills the view with hostile bullets of every kind, draws the
// whole frame as the window does, and reads each bullet's body back: the
// pixels inside its saturated ring, between the white core and the dark
// rim. Bullets sit on a jittered grid, close but not on top of each other,
// clear of the HUD at the screen's edges and of the own ship and its name.
func fightBodies(t testing.TB, h *harness, s *playScene, screen *ebiten.Image) (bodies []assets.RGB, bullets int) {
	t.Helper()
	pool := s.rt.Bullets()
	pool.Clear()
	fog := s.rt.Fog()
	self, _ := s.rt.Self()
	fx, fy := s.view.cam.ToScreen(self.Pos.X, self.Pos.Y)
	sx, sy := float64(fx), float64(fy)
	type placed struct{ x, y, r float64 }
	var shots []placed
	uid := uint32(1 << 30)
	for row := range 20 {
		for col := range 30 { // clear of the minimap at the top right
			x := 150 + float64(col)*30 + float64((row*7+col*3)%9) - 4
			y := 110 + float64(row)*25 + float64((row*5+col*11)%7) - 3
			if math.Hypot(x-sx, y-sy) < 70 {
				continue
			}
			wx, wy := s.view.cam.X+x, s.view.cam.Y+y
			if !fog.CanSee(game.Vec{X: wx, Y: wy}) {
				continue
			}
			r := 4 + float64((row+col)%5)
			uid++
			pool.Spawn(game.MakeBulletSpawn(uid, 0, wx, wy, 0, 0, 0, 0, r, 600, uint8((row+col)%world.KindsPerTeam), game.TeamEnemy))
			shots = append(shots, placed{x, y, r})
		}
	}
	h.a.Draw(screen)
	px := readFrame(screen)
	if d := os.Getenv("FRAMES_DIR"); d != "" {
		savePNG(filepath.Join(d, fmt.Sprintf("%s-%s-%s.png", s.look.Ground.Place.ID, h.a.settings.BulletPalette, h.a.settings.Quality)), px)
	}
	for _, b := range shots {
		// The body's ring: the core ends at 0.62 hit radii and the dark rim
		// starts at 0.94; a pixel counts when its centre is well inside.
		for y := int(b.y - b.r); y <= int(b.y+b.r); y++ {
			for x := int(b.x - b.r); x <= int(b.x+b.r); x++ {
				d := math.Hypot(float64(x)+0.5-b.x, float64(y)+0.5-b.y) / b.r
				if d < 0.7 || d > 0.86 {
					continue
				}
				i := px.PixOffset(x, y)
				bodies = append(bodies, assets.RGB{px.Pix[i], px.Pix[i+1], px.Pix[i+2]})
			}
		}
	}
	pool.Clear()
	return bodies, len(shots)
}

// readFrame reads the image's pixels back.
func readFrame(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	px := image.NewRGBA(b)
	img.ReadPixels(px.Pix)
	return px
}

// worstContrast is the least contrast between any body and any ground
// colour as v sees them, and the pair.
func worstContrast(bodies []assets.RGB, ground map[assets.RGB]bool, v assets.Vision) (float64, assets.RGB, assets.RGB) {
	type lum struct {
		c assets.RGB
		l float64
	}
	var gs []lum
	for c := range ground {
		gs = append(gs, lum{c, c.Luminance(v)})
	}
	worst, wb, wg := math.Inf(1), assets.RGB{}, assets.RGB{}
	seen := map[assets.RGB]bool{}
	for _, b := range bodies {
		if seen[b] {
			continue
		}
		seen[b] = true
		lb := b.Luminance(v)
		for _, g := range gs {
			if r := (max(lb, g.l) + 0.05) / (min(lb, g.l) + 0.05); r < worst {
				worst, wb, wg = r, b, g.c
			}
		}
	}
	return worst, wb, wg
}

func savePNG(path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	// Fastest compression: a 2560×1440 frame at the default level took
	// about a second to write, most of the layout test's time.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	enc.Encode(f, img)
}

// BenchmarkPlayFrame draws whole frames of a dense fight in the Catacombs
// as the window does (ground, actors, 300 bullets, effects, HUD), each
// inside the running game's frame as the window's Draw is: the frame's
// allocations at steady state, Ebitengine's own included.
//
//	scripts/with-display.sh go test -tags frames -run '^$' -bench PlayFrame -benchmem ./render
func BenchmarkPlayFrame(b *testing.B) {
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		b.Run(q, func(b *testing.B) {
			h, _ := hostedHarnessEntering(b, "catacombs")
			s := untilInDungeon(b, h, "catacombs")
			h.a.settings.Quality = q
			screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
			fightBodies(b, h, s, screen) // warms the atlas and the batches
			pool := s.rt.Bullets()
			self, _ := s.rt.Self()
			for i := range 300 {
				a := float64(i) * 0.7
				d := 60 + float64(i%40)*6
				pool.Spawn(game.MakeBulletSpawn(uint32(1<<29+i), 0, self.Pos.X+d*math.Cos(a), self.Pos.Y+d*math.Sin(a), 0, 0, 0, 0, 6, 600, uint8(i%world.KindsPerTeam), game.TeamEnemy))
			}
			draw := func() { h.a.Draw(screen) }
			for range 30 {
				inFrame(draw)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				inFrame(draw)
			}
		})
	}
}
