//go:build frames

package render

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// A name is read whatever stands by it (docs/ART.md, "The HUD at any
// size"): in a hosted hub the own ship stands where its name would fall on
// the keeper's figure, then on each portal's frame, the frame is drawn as
// the window draws it and read back: the name keeps off the figure, and
// its letters are there, in the name's colour, as they are drawn alone.
func TestWorldLabelsAreDrawnOverTheSprites(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	settle(t, h)
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	g := w.Grid()
	keeper := slices.Index(g.Tiles, game.TileNPC)
	require.GreaterOrEqual(t, keeper, 0, "the hub has its keeper")
	under := []struct {
		what string
		at   game.Vec
	}{
		{"the keeper", game.TileCenter(keeper%g.W, keeper/g.W)},
	}
	for _, p := range w.Portals() {
		under = append(under, struct {
			what string
			at   game.Vec
		}{fmt.Sprintf("the portal to dungeon %d", p.Dungeon), p.Pos})
	}
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	defer screen.Deallocate()
	name := s.rt.Character().Name
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		h.a.settings.Quality = q
		for _, u := range under {
			t.Run(fmt.Sprintf("the own name over %s at %s quality", u.what, q), func(t *testing.T) {
				// The name's top stands 30 u above the ship's top edge: the
				// ship a tile under the figure puts it across the figure.
				require.True(t, w.Teleport(id, u.at.Add(game.Vec{Y: 36})))
				for range 20 {
					h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
				}
				var frame *image.RGBA
				inFrame(func() {
					h.a.Draw(screen)
					frame = readFrame(screen)
				})
				if d := os.Getenv("FRAMES_DIR"); d != "" {
					savePNG(filepath.Join(d, "label-over-"+u.what+"-"+q+".png"), frame)
				}
				self, ok := s.rt.Self()
				require.True(t, ok)
				x, _ := s.view.cam.ToScreen(self.Pos.X, self.Pos.Y)
				var r image.Rectangle
				found := false
				for _, b := range s.labels.Boxes {
					if b.Dx() == s.win.Gfx.Text.Advance(name, 1) && ui.Abs(b.Min.X+b.Dx()/2-int(x)) <= 1 {
						r, found = b, true
					}
				}
				require.True(t, found, "the own name is drawn over the ship (labels %v)", s.labels.Boxes)
				a, ok := s.look.ActorArt()
				require.True(t, ok)
				fx, fy := s.view.cam.ToScreen(u.at.X, u.at.Y)
				figure := world.SpriteBox(a.PortalFrame, fx, fy)
				if u.what == "the keeper" {
					figure = world.SpriteBox(a.Keeper, fx, fy)
				}
				assert.False(t, r.Overlaps(figure), "the name %v keeps off %s %v", r, u.what, figure)
				letters, shown := nameLetters(s.win.Gfx.Text.Image(name, 1)), 0
				for _, p := range letters {
					c := frame.RGBAAt(r.Min.X+p.X, r.Min.Y+p.Y)
					if near(c.R, ui.ColDim.R) && near(c.G, ui.ColDim.G) && near(c.B, ui.ColDim.B) {
						shown++
					}
				}
				assert.GreaterOrEqual(t, shown*10, len(letters)*9, "%d of the name's %d solid pixels show in its colour at %v", shown, len(letters), r)
			})
		}
	}
}

// nameLetters are the solid pixels of a label's image: its letters'
// cores, which nothing may cover.
func nameLetters(img *ebiten.Image) []image.Point {
	var pts []image.Point
	var rgba *image.RGBA
	inFrame(func() { rgba = readFrame(img) })
	b := rgba.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgba.RGBAAt(x, y).A >= 250 {
				pts = append(pts, image.Pt(x-b.Min.X, y-b.Min.Y))
			}
		}
	}
	return pts
}

// near says whether two channel values are within a shade of each other.
func near(a, b uint8) bool { return ui.Abs(int(a)-int(b)) <= 24 }
