package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// The lights of a place (docs/ART.md, "Places"): the own ship carries the
// place's light, as far as the content's bullets ask (reach.go); other
// ships a smaller one; portals, the keeper and a
// boss arena's threshold glow; lanterns hang on some wall faces, by a
// rule on their position; an enemy about to fire glows warm.
const (
	friendLightRadius = 4 * game.TileSize
	portalLightRadius = 4 * game.TileSize
	keeperLightRadius = 4 * game.TileSize
	lampLightRadius   = 4 * game.TileSize
	doorLightRadius   = 2.5 * game.TileSize
	warnLightRadius   = 3 * game.TileSize

	shipLightStrength = 0.55 // the place's light at the own ship, over the ambient

	lampEvery = 4 // a lantern hangs on at most one face tile in this many along a row
)

var (
	portalLight = [3]float32{0.7, 0.47, 1}  // the portals' violet
	warnLight   = [3]float32{1, 0.55, 0.25} // a telegraph's warm glow
)

// gatherLights puts this frame's lights on the light map and notes the
// lanterns to draw.
func (gl *groundLook) gatherLights(v *View, grid *game.Grid, fog *client.Fog) {
	m := &gl.Light
	light := unit(gl.Place.Light)
	if self, ok := v.Self, v.HasSelf; ok && self.Flags&game.PlayerDead == 0 {
		m.Add(LightSource{self.Pos.X, self.Pos.Y, gl.shipLight, scale3(light, shipLightStrength)})
	}
	for _, p := range v.Players {
		if fog.CanSee(p.Pos) && p.Flags&game.PlayerDead == 0 {
			m.Add(LightSource{p.Pos.X, p.Pos.Y, friendLightRadius, scale3(light, 0.3)})
		}
	}
	for _, p := range v.Portals {
		if fog.CanSee(p.Pos) {
			m.Add(LightSource{p.Pos.X, p.Pos.Y, portalLightRadius, scale3(portalLight, 0.45)})
		}
	}
	pulse := float32(0.75 + 0.25*math.Sin(float64(v.Frame)*0.6))
	for _, e := range v.Enemies {
		if e.Flags&game.EnemyTelegraph != 0 && fog.CanSee(e.Pos) {
			m.Add(LightSource{e.Pos.X, e.Pos.Y, warnLightRadius, scale3(warnLight, 0.5*pulse)})
		}
	}
	gl.gatherTileLights(v.Frame, grid, fog, light)
}

// gatherTileLights finds the lights the tiles in sight hold: the keeper's
// stone, a dungeon's paving (the threshold of its boss arena) and the
// lanterns on wall faces.
func (gl *groundLook) gatherTileLights(frame int, grid *game.Grid, fog *client.Fog, light [3]float32) {
	m := &gl.Light
	gl.lamps = gl.lamps[:0]
	accent := unit(gl.Place.Accent)
	inDungeon := gl.key.dungeon != game.HubDungeon
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.Tx0+x, m.Ty0+y
			if m.seen[y*m.tw+x] == 0 {
				continue
			}
			c := game.TileCenter(tx, ty)
			switch t := grid.At(tx, ty); {
			case t == game.TileNPC:
				m.Add(LightSource{c.X, c.Y, keeperLightRadius, scale3(accent, 0.4)})
			case t == game.TileDecor && inDungeon:
				m.Add(LightSource{c.X, c.Y, doorLightRadius, scale3(accent, 0.3)})
			case t == game.TileWall && lanternAt(grid, tx, ty):
				flicker := lampFlicker(frame, tx, ty)
				l := lamp{x: float32(c.X), y: float32(c.Y) + lampDrop, flicker: flicker, sight: m.seen[y*m.tw+x]}
				gl.lamps = append(gl.lamps, l)
				m.Add(LightSource{c.X, c.Y + lampDrop + game.TileSize/2, lampLightRadius, scale3(light, 0.5*flicker)})
			}
		}
	}
}

// lampDrop is how far below a wall tile's centre its lantern hangs: on
// the face toward the viewer.
const lampDrop = 7

// lanternAt reports whether a lantern hangs on wall tile (tx, ty): only
// on a face in a straight run (walls either side, open ground in front),
// spaced along the row and scattered by the tile's hash.
func lanternAt(grid *game.Grid, tx, ty int) bool {
	if ((tx%lampEvery)+lampEvery)%lampEvery != 1 || tileHash(tx, ty)%3 == 0 {
		return false
	}
	front := grid.At(tx, ty+1)
	return front != game.TileWall && front != game.TileUnknown &&
		grid.At(tx-1, ty) == game.TileWall && grid.At(tx+1, ty) == game.TileWall
}

// lampFlicker is a lantern's brightness this frame, 0.8 to 1: two slow
// waves out of step from lantern to lantern.
func lampFlicker(frame, tx, ty int) float32 {
	ph := float64(tileHash(tx, ty)%628) / 100
	t := float64(frame)
	return float32(0.9 + 0.06*math.Sin(t*0.21+ph) + 0.04*math.Sin(t*0.53+2*ph))
}

// drawLamps draws the lanterns' flames, and their halo on the wall.
func (gl *groundLook) drawLamps(dst *ebiten.Image, v *View) {
	b := gl.glowBatch()
	if b == nil {
		return
	}
	flame, halo := b.sheet.frame("flame"), b.sheet.frame("halo")
	light := unit(gl.Place.Light)
	for _, l := range gl.lamps {
		x, y := v.Cam.ToScreen(float64(l.x), float64(l.y))
		a := l.sight * l.flicker
		b.Sprite(dst, halo, x, y, 0, 1, 0.45, glowTint(light, 0.3*a))
		b.Sprite(dst, flame, x, y, 0, 1, 0.8+0.2*l.flicker, glowTint(light, 0.9*a))
	}
}

// glowBatch is the additive batch of the ambient sheet, loaded on first
// use; nil if it did not load (the lanterns and motes are left out).
func (gl *groundLook) glowBatch() *spriteBatch {
	if gl.Glow == nil {
		sheet, err := loadAmbientSheet()
		if err != nil {
			return nil
		}
		gl.Glow = newSpriteBatch(sheet, true)
	}
	return gl.Glow
}

var ambientSheet *SpriteSheet

func loadAmbientSheet() (*SpriteSheet, error) {
	if ambientSheet == nil {
		s, err := loadSheet("sprites", "ambient")
		if err != nil {
			return nil, err
		}
		ambientSheet = s
	}
	return ambientSheet, nil
}

// glowTint is light c at strength a, for an additive sprite.
func glowTint(c [3]float32, a float32) ui.RGBA { return ui.RGBA{R: c[0], G: c[1], B: c[2], A: a} }

// unit is an sRGB colour as channels 0 to 1.
func unit(c assets.RGB) [3]float32 {
	return [3]float32{float32(c[0]) / 255, float32(c[1]) / 255, float32(c[2]) / 255}
}

func scale3(c [3]float32, k float32) [3]float32 { return [3]float32{c[0] * k, c[1] * k, c[2] * k} }
