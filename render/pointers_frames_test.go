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
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// Every way out of the hub is found at a glance (docs/ART.md, "The HUD at
// any size"): from the spawn and from the hub's far corners, at 640×400,
// 1280×720 and 2560×1440, each portal is explored ground (the minimap
// marks it), and either stands on the screen with its place's name under
// it or has a pointer at the field's edge, on the side toward it, naming
// its place.
func TestEveryHubPortalIsFoundAtAGlance(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	settle(t, h)
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	spawn, ok := s.rt.Self()
	require.True(t, ok)
	spots := []struct {
		name string
		at   game.Vec
	}{
		{"the spawn", spawn.Pos},
		{"the west bulge", game.TileCenter(1, 18)},
		{"the plaza's east side", game.TileCenter(44, 14)},
		{"before the Sunken Keep", game.TileCenter(30, 5)},
		{"where the Proving Grounds stands just past the window's edge", game.TileCenter(29, 6)},
	}
	defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
	for _, spot := range spots {
		require.True(t, w.Teleport(id, spot.at))
		for range 20 {
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		}
		for _, sz := range layoutSizes {
			t.Run(fmt.Sprintf("from %s at %d×%d", spot.name, sz.X, sz.Y), func(t *testing.T) {
				h.a.Layout(sz.X, sz.Y)
				h.press(ui.FrameInput{Mouse: ui.Mouse{X: sz.X / 2, Y: sz.Y / 3}})
				screen := ebiten.NewImage(sz.X, sz.Y)
				defer screen.Deallocate()
				var boxes []ui.Box
				inFrame(func() {
					h.a.Draw(screen)
					h.a.Draw(screen)
					boxes = append(boxes, h.a.Gfx.Boxes.Boxes...)
				})
				if d := os.Getenv("FRAMES_DIR"); d != "" {
					var frame *image.RGBA
					inFrame(func() { frame = readFrame(screen) })
					savePNG(filepath.Join(d, fmt.Sprintf("portals-%s-%dx%d.png", spot.name, sz.X, sz.Y)), frame)
				}
				self, _ := s.rt.Self()
				sx, sy := s.onScreen(self.Pos.X, self.Pos.Y)
				for _, p := range s.rt.Portals() {
					name := s.look.PortalName(p.Dungeon)
					assert.True(t, s.rt.Fog().Explored(p.Tile()), "%s is on the minimap", name)
					qx, qy := s.onScreen(p.Pos.X, p.Pos.Y)
					if hud.PortalInView(s.frame(), p) {
						named := slices.ContainsFunc(s.labels.Boxes, func(r image.Rectangle) bool {
							z := float32(max(s.view.zoom, 1))
							return r.Dx() == s.win.Gfx.Text.Advance(name, 1) && ui.Abs(int(float32(r.Min.X+r.Dx()/2)*z-qx)) <= int(2*z)
						})
						assert.True(t, named, "%s on the screen at (%.0f, %.0f) has its name under it", name, qx, qy)
						continue
					}
					assert.False(t, slices.ContainsFunc(s.labels.Boxes, func(r image.Rectangle) bool {
						return r.Dx() == s.win.Gfx.Text.Advance(name, 1)
					}), "%s out of the field is not named twice", name)
					i := slices.IndexFunc(boxes, func(b ui.Box) bool { return b.Text && b.Name == name })
					if !assert.GreaterOrEqual(t, i, 0, "%s off the screen at (%.0f, %.0f) has a pointer naming it", name, qx, qy) {
						continue
					}
					c := boxes[i].R.Min.Add(boxes[i].R.Size().Div(2))
					toward := (float32(c.X)-sx)*(qx-sx) + (float32(c.Y)-sy)*(qy-sy)
					assert.Greater(t, toward, float32(0), "the pointer to %s at %v stands on its side of the ship", name, boxes[i].R)
				}
			})
		}
	}
}
