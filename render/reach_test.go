package render

import (
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

// The own ship lights the ground at least as far as the content's
// farthest-flying enemy bullet gets in 1.5 s (docs/ART.md, "Light and
// fog"). The flight is measured by the game's own bullet pool: each
// hostile kind's patterns, fired at their fastest, flown for 90 ticks or
// their life; the light by the window's light map, at both Graphics
// settings.
func TestTheShipLightsAsFarAsAnEnemyBulletFliesInASecondAndAHalf(t *testing.T) {
	pack, err := levels.Builtin()
	require.NoError(t, err)
	far, which := flownByThePool(t, pack.Content, 90)
	t.Logf("the farthest an enemy bullet flies in 1.5 s: %.0f u (%s)", far, which)
	require.Greater(t, far, 0.0)

	s, screen := groundScene(t)
	s.win.Gfx = &world.Graphics{Graphics: ui.Graphics{Shapes: ui.NewShapeBatch()}}
	drawGround(s, screen)
	self, ok := s.rt.Self()
	require.True(t, ok)
	gl := s.look.Ground
	require.NotEmpty(t, gl.Light.Lights)
	ship := gl.Light.Lights[0]
	require.Equal(t, [2]float64{self.Pos.X, self.Pos.Y}, [2]float64{ship.X, ship.Y}, "the first light is the own ship's")
	t.Logf("the own ship's light: radius %.0f u, lit (half its strength) to %.0f u", ship.Radius, world.LitReach(ship.Radius))

	for _, high := range []bool{true, false} {
		name := map[bool]string{true: "high", false: "low"}[high]
		t.Run("at "+name+" quality the ground that far away is lit", func(t *testing.T) {
			strength := [3]float32{0.4, 0.4, 0.4} // under the cap with the ambient, so the share reads true
			m := everywhereInSight(t, world.LightSource{Radius: ship.Radius, Colour: strength}, far, high)
			for _, d := range []float64{far / 2, far} {
				got := nodeAt(m, d, 0)
				if !high {
					assert.InDelta(t, 1, got, 1e-6, "low quality: ground in sight is lit whole, %.0f u away", d)
					continue
				}
				share := (got - world.AmbientLight) / strength[0]
				assert.GreaterOrEqual(t, share, float32(world.LitShare)-1e-3, "%.0f u away the light keeps %.2f of its strength", d, share)
			}
		})
	}
}

// flownByThePool is how far from its muzzle the farthest-flying bullet of
// any hostile kind of c gets in ticks, each pattern fired at its fastest
// (a shotgun's pellets at the top of their jitter) into a game.BulletPool
// over open ground and stepped as the server steps it, and that pattern.
func flownByThePool(t *testing.T, c *game.Content, ticks int) (float64, string) {
	grid := floorGrid(200, 200)
	from := game.TileCenter(100, 100)
	far, which := 0.0, ""
	for i := range c.Enemies {
		if !c.Enemies[i].Hostile {
			continue
		}
		c.Enemies[i].EachEmitter(func(_ int, em game.Emitter) {
			p := c.Patterns[em.Pattern]
			pool := game.NewBulletPool(1)
			pool.Spawn(game.MakeBulletSpawn(1, 0, from.X, from.Y, 0, p.Speed*(1+p.SpeedJitter), p.Accel, p.Turn,
				p.Radius, p.Life, p.BulletKind, game.TeamEnemy))
			x0, y0 := float64(pool.X[0]), float64(pool.Y[0])
			for tick := range ticks {
				if pool.Step(uint32(tick+1), grid, nil); pool.Len() == 0 {
					break
				}
				if d := math.Hypot(float64(pool.X[0])-x0, float64(pool.Y[0])-y0); d > far {
					far, which = d, c.Enemies[i].ID+"'s "+p.ID
				}
			}
		})
	}
	return far, which
}

// everywhereInSight is the light map of one light at the origin of an
// open field reaching at least span from it, every node of it in sight.
func everywhereInSight(t *testing.T, l world.LightSource, span float64, lit bool) *world.LightMap {
	t.Helper()
	n := int(max(l.Radius, span)/game.TileSize) + 2
	grid := floorGrid(2*n, 2*n)
	var m world.LightMap
	m.Build(&client.Fog{}, grid, game.Vec{}, -n, -n, n, n, true)
	for k := range m.Vis {
		m.Vis[k] = 1
	}
	for k := range m.Drawn {
		m.Drawn[k] = true
	}
	m.Add(l)
	m.Shine(lit)
	return &m
}

// nodeAt is the red channel of the first node at or past world point
// (x, y), x and y 0 or more: the ground at the point takes a blend of it
// and a nearer, brighter one.
func nodeAt(m *world.LightMap, x, y float64) float32 {
	i := int(math.Ceil(x/world.NodeSpan)) - m.Tx0*world.NodesPerTile
	j := int(math.Ceil(y/world.NodeSpan)) - m.Ty0*world.NodesPerTile
	return m.Node(i, j)[0]
}
