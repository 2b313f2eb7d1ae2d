//go:build frames

package render

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
	"duskfall/profile"
	"duskfall/render/ui"
)

// An enemy out of sight but in a clear line to the own ship reads against
// the dark (docs/ART.md, "Light and fog"): in a hosted hub, each hostile
// kind is put where the window shows but sight does not reach, the frame
// is drawn as the window draws it and read back, and the outline drawn
// there stands at least 3:1 against the brightest ground round it, for
// every way of seeing and at both Graphics settings: half the pixels it
// brightens do, the rest being its anti-aliased edges.
//
//	scripts/with-display.sh go test -tags frames -run TestAnEnemyOutOfSightReadsAgainstTheDark -v ./render
func TestAnEnemyOutOfSightReadsAgainstTheDark(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	for range 30 {
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
	}
	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	h.a.Draw(screen)
	at, ok := outOfSightSpot(s)
	require.True(t, ok, "the hub has open ground on the screen past sight")
	a, ok := s.look.ActorArt()
	require.True(t, ok)
	for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
		h.a.settings.Quality = q
		for i, d := range s.look.Content.Enemies {
			if !d.Hostile {
				continue
			}
			t.Run(fmt.Sprintf("a %s out of sight at %s quality", d.ID, q), func(t *testing.T) {
				e := client.Actor{ID: 60000, Kind: uint8(i), Pos: at}
				h.a.Draw(screen)
				before := readFrame(screen)
				s.look.DrawSensed(screen, a, s.win.Gfx.Shapes, []client.Actor{e}, s.rt.Fog(), s.rt.Grid())
				a.Flush(screen)
				s.win.Gfx.Shapes.Flush(screen)
				after := readFrame(screen)
				if d := os.Getenv("FRAMES_DIR"); d != "" {
					savePNG(filepath.Join(d, fmt.Sprintf("sensed-%s-%s.png", q, s.look.Content.Enemies[i].ID)), after)
				}
				x, y := s.view.cam.ToScreen(at.X, at.Y)
				r := int(d.Radius*2) + 6
				var ground assets.RGB
				var rim []assets.RGB
				for py := int(y) - r; py <= int(y)+r; py++ {
					for px := int(x) - r; px <= int(x)+r; px++ {
						i := before.PixOffset(px, py)
						b := assets.RGB{before.Pix[i], before.Pix[i+1], before.Pix[i+2]}
						c := assets.RGB{after.Pix[i], after.Pix[i+1], after.Pix[i+2]}
						if b.Luminance(assets.Normal) > ground.Luminance(assets.Normal) {
							ground = b
						}
						if c.Luminance(assets.Normal) > b.Luminance(assets.Normal)+0.01 {
							rim = append(rim, c)
						}
					}
				}
				require.NotEmpty(t, rim, "the enemy is drawn")
				for _, v := range assets.Visions {
					slices.SortFunc(rim, func(p, q assets.RGB) int {
						return cmpFloat(p.Luminance(v), q.Luminance(v))
					})
					half := rim[len(rim)/2]
					c := assets.Contrast(half, ground, v)
					t.Logf("%v: %d outline pixels, half at least %v, %.2f:1 against the ground's brightest %v", v, len(rim), half, c, ground)
					assert.GreaterOrEqual(t, c, 3.0, "%v", v)
				}
			})
		}
	}
}

// outOfSightSpot is a point of open ground on the screen, clear of the
// HUD, out of sight and in a clear line to the own ship.
func outOfSightSpot(s *playScene) (game.Vec, bool) {
	self, _ := s.rt.Self()
	grid, fog := s.rt.Grid(), s.rt.Fog()
	for dy := 0.0; dy <= 120; dy += 16 {
		for _, sign := range []float64{1, -1} {
			for dx := 600.0; dx >= 470; dx -= 8 {
				p := game.Vec{X: self.Pos.X + sign*dx, Y: self.Pos.Y + dy}
				x, y := s.view.cam.ToScreen(p.X, p.Y)
				if x < 60 || x > ui.WindowWidth-60 || y < 220 || y > 560 {
					continue
				}
				if !fog.CanSee(p) && grid.LineClear(p, self.Pos) && !grid.CircleSolid(p, 24) {
					return p, true
				}
			}
		}
	}
	return game.Vec{}, false
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
