package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// An enemy is seen before it can fire at the own ship (docs/ART.md,
// "Light and fog"): every hostile kind, anywhere within its longest
// emitter's range in a clear line, is drawn whole in sight, outlined on
// the screen out of sight, or pointed at by a pip inside the open field
// off the screen or under the bottom HUD, in windows of 640×400, 1280×720 and 2560×1440. Nothing
// is shown through a wall.
func TestAnEnemyIsSeenBeforeItCanFire(t *testing.T) {
	pack, err := levels.Builtin()
	require.NoError(t, err)
	c := pack.Content
	grid := floorGrid(120, 120)
	self := game.TileCenter(60, 60)
	fog := &client.Fog{}
	fog.Update(grid, self)
	for _, size := range [][2]int{{640, 400}, {1280, 720}, {2560, 1440}} {
		v := shipView(self, size[0], size[1])
		t.Run(fmt.Sprintf("at %d×%d every hostile kind in range is seen", size[0], size[1]), func(t *testing.T) {
			counts := map[string]int{}
			for i := range c.Enemies {
				if !c.Enemies[i].Hostile {
					continue
				}
				reach := c.Enemies[i].Reach()
				for turn := range 32 {
					a := float64(turn) * math.Pi / 16
					for _, share := range []float64{0.25, 0.5, 0.75, 1} {
						pos := game.Vec{X: self.X + reach*share*math.Cos(a), Y: self.Y + reach*share*math.Sin(a)}
						how := seenAs(t, client.Actor{Kind: uint8(i), Pos: pos}, reach, fog, grid, &v)
						counts[how]++
						assert.NotEqual(t, "unseen", how, "%s %.0f u away at %.0f°", c.Enemies[i].ID, reach*share, a*180/math.Pi)
					}
				}
			}
			t.Logf("%v", counts)
		})
	}
	t.Run("an enemy behind a wall is neither outlined nor pointed at", func(t *testing.T) {
		g := floorGrid(120, 120)
		for y := range 120 {
			g.Set(66, y, game.TileWall)
		}
		f := &client.Fog{}
		f.Update(g, self)
		v := shipView(self, 1280, 720)
		for _, dx := range []float64{300, 500, 700} {
			e := client.Actor{Pos: game.Vec{X: self.X + dx, Y: self.Y}}
			assert.Equal(t, world.Unsensed, world.Sense(e, 720, f, g, &v), "%.0f u east, behind the wall", dx)
		}
	})
	t.Run("an enemy off the screen and out of its range is not pointed at", func(t *testing.T) {
		v := shipView(self, 1280, 720)
		e := client.Actor{Pos: game.Vec{X: self.X, Y: self.Y - 500}}
		assert.Equal(t, world.Unsensed, world.Sense(e, 450, fog, grid, &v))
		assert.Equal(t, world.Pointed, world.Sense(e, 520, fog, grid, &v))
	})
	t.Run("drawing them allocates nothing once warm", func(t *testing.T) {
		a, c := testArt(t)
		w := &world.Look{Content: c, Deaths: world.NewDeathFX(), View: shipView(self, 1280, 720)}
		var enemies []client.Actor
		for i := range c.Enemies { // every kind outlined, charging, and pointed at
			enemies = append(enemies,
				client.Actor{ID: uint16(2 * i), Kind: uint8(i), Pos: game.Vec{X: self.X - 560, Y: self.Y + float64(8*i)}, Flags: game.EnemyTelegraph},
				client.Actor{ID: uint16(2*i + 1), Kind: uint8(i), Pos: game.Vec{X: self.X + float64(16*i), Y: self.Y - 420}})
		}
		sb := ui.NewShapeBatch()
		w.DrawSensed(nil, a, sb, enemies, fog, grid)
		assert.NotEmpty(t, a.Enemies.Body.Vs, "outlines drawn")
		assert.NotEmpty(t, sb.Vs, "pips drawn")
		frame := func() {
			w.View.Frame++
			w.DrawSensed(nil, a, sb, enemies, fog, grid)
			for _, l := range a.Layers() {
				l.Reset()
			}
			sb.Vs, sb.Is = sb.Vs[:0], sb.Is[:0]
		}
		frame()
		assert.Zero(t, allocsPerRun(50, frame))
	})
}

// shipView is the actors' view of a w×h window whose own ship is at self,
// its camera placed as the play scene places it.
func shipView(self game.Vec, w, h int) world.ActorView {
	zoom := worldZoom(w, h)
	vw, vh := int(math.Ceil(float64(w)/zoom)), int(math.Ceil(float64(h)/zoom))
	return world.ActorView{Cam: world.CentredOn(self.X, self.Y+fieldShift(w, h)/zoom, vw, vh), Self: self, HasSelf: true}
}

// seenAs is how an enemy is shown: "in sight" (drawn whole on the
// screen, above the bottom HUD), "outlined", "pip" (its tip checked inside
// the open field) or "unseen".
func seenAs(t *testing.T, e client.Actor, reach float64, fog *client.Fog, grid *game.Grid, v *world.ActorView) string {
	_, sy := v.Cam.ToScreen(v.Self.X, v.Self.Y)
	if _, y := v.Cam.ToScreen(e.Pos.X, e.Pos.Y); fog.CanSee(e.Pos) && v.Cam.Visible(e.Pos.X, e.Pos.Y, 0) && y <= 2*sy {
		return "in sight"
	}
	switch world.Sense(e, reach, fog, grid, v) {
	case world.Outlined:
		return "outlined"
	case world.Pointed:
		x, y, _, _, ok := world.PipAt(v, e.Pos)
		assert.True(t, ok && x >= 0 && y >= 0 && float64(x) <= v.Cam.W && y <= 2*sy, "a pip at %.0f, %.0f", x, y)
		return "pip"
	}
	return "unseen"
}
