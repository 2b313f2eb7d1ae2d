package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// Enemies out of sight (docs/ART.md, "Light and fog"). Sight ends at
// wire.FogViewRadius, the window shows further, and an enemy fires from
// as far as its longest emitter's range, so an enemy could otherwise fire
// from the dark. An enemy the client knows of that stands in a clear line
// to the own ship (the line it needs to fire, game.Grid.LineClear) but out
// of sight is drawn as an outline in its hue round a dark silhouette, its
// charge shown as in sight; one off the screen or under the bottom HUD
// (in sight or not, as in a small window) that could fire at the own ship
// now, in a clear line and in its range, is a pip at the edge of the open
// field pointing at it. Nothing shows through a wall: no enemy fires
// through one.

// Sensing is how an enemy out of sight is shown.
type Sensing uint8

const (
	Unsensed Sensing = iota // drawn whole, in sight; or not at all
	Outlined                // in the open field, out of sight, in a clear line
	Pointed                 // out of the open field, in a clear line and in range
)

// Sense says how enemy e, whose longest emitter reaches reach, is shown
// from the own ship of view v, besides being drawn whole on the screen in
// sight.
func Sense(e client.Actor, reach float64, fog *client.Fog, grid *game.Grid, v *ActorView) Sensing {
	if !v.HasSelf || grid == nil {
		return Unsensed
	}
	inField := inOpenField(v, e.Pos)
	if inField && fog.CanSee(e.Pos) || !grid.LineClear(e.Pos, v.Self) {
		return Unsensed
	}
	if inField {
		return Outlined
	}
	if r := reach + senseMargin; e.Pos.Dist2(v.Self) <= r*r {
		return Pointed
	}
	return Unsensed
}

// inOpenField reports whether a world point is on the screen above the
// bottom HUD. The ship sits in the middle of the field the bottom HUD
// leaves open (fieldShift), so that field ends twice the ship's height
// down.
func inOpenField(v *ActorView, pos game.Vec) bool {
	_, sy := v.Cam.ToScreen(v.Self.X, v.Self.Y)
	_, y := v.Cam.ToScreen(pos.X, pos.Y)
	return v.Cam.Visible(pos.X, pos.Y, 0) && y <= 2*sy
}

// How the outline and the pip are drawn.
const (
	// senseMargin is how far past its range an enemy is pointed at
	// already: the view of it is a snapshot behind the server's.
	senseMargin = game.TileSize

	outlinePx   = 1.6  // px: the outline's width round the silhouette
	outlineGlow = 0.9  // the outline's alpha
	pipInset    = 14   // px from the field's edge to a pip's tip
	pipLength   = 11   // px from a pip's tip to its base
	pipHalf     = 6.5  // px: half a pip's base
	pipRim      = 1.45 // the dark pip under it, this much larger
)

// outlineAt are the directions the silhouette is laid round itself in the
// enemy's hue before the dark silhouette covers its middle.
var outlineAt = [8][2]float32{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {0.71, 0.71}, {-0.71, 0.71}, {0.71, -0.71}, {-0.71, -0.71}}

var ColSensedFill = ui.Rgb8(8, 6, 10, 1) // the silhouette's dark middle

// DrawSensed draws the enemies out of sight that stand in a clear line
// to the own ship: outlined on the screen, a pip at its edge off it.
func (w *Look) DrawSensed(dst *ebiten.Image, a *ActorArt, sb *ui.ShapeBatch, enemies []client.Actor, fog *client.Fog, grid *game.Grid) {
	w.noteReaches()
	for _, e := range enemies {
		k, ok := a.Kind(e.Kind)
		if !ok || int(e.Kind) >= len(w.reaches) || w.Deaths.Hidden(e.ID, w.View.Frame) {
			continue
		}
		switch Sense(e, w.reaches[e.Kind], fog, grid, &w.View) {
		case Outlined:
			w.drawOutline(dst, a, k, e)
		case Pointed:
			w.drawPip(dst, sb, k, e)
		}
	}
}

// noteReaches finds, once, how far each enemy kind's longest emitter
// reaches.
func (w *Look) noteReaches() {
	if w.Content == nil || len(w.reaches) == len(w.Content.Enemies) {
		return
	}
	w.reaches = make([]float64, len(w.Content.Enemies))
	for i := range w.Content.Enemies {
		w.reaches[i] = w.Content.Enemies[i].Reach()
	}
}

// drawOutline draws an enemy out of sight: its silhouette laid round
// itself in its hue, covered in the middle by the silhouette in the dark,
// and, while it telegraphs, its charge.
func (w *Look) drawOutline(dst *ebiten.Image, a *ActorArt, k *kindArt, e client.Actor) {
	v := &w.View
	n := w.memory.Note(e, v, false)
	x, y := v.Cam.ToScreen(e.Pos.X, e.Pos.Y)
	angle := float32(0)
	if k.faces {
		angle = float32(n.Heading)
	}
	rim := k.Hue.Alpha(outlineGlow)
	for _, o := range outlineAt {
		k.Layer.Body.Sprite(dst, k.Flash, x+o[0]*outlinePx, y+o[1]*outlinePx, angle, 1, 1, rim)
	}
	k.Layer.Body.Sprite(dst, k.Flash, x, y, angle, 1, 1, ColSensedFill)
	if e.Flags&game.EnemyTelegraph != 0 {
		charge := float32(min(float64(v.Frame-n.TeleFrom)/float64(k.telegraphTick), 1))
		drawCharge(dst, a, k, x, y, charge, v)
	}
}

// drawPip draws a pip at the edge of the open field, on the line from
// the own ship to an enemy off the screen, pointing at it: in the
// enemy's hue over a dark rim, the telegraph's colour while it charges.
func (w *Look) drawPip(dst *ebiten.Image, sb *ui.ShapeBatch, k *kindArt, e client.Actor) {
	v := &w.View
	x, y, dx, dy, ok := PipAt(v, e.Pos)
	if !ok {
		return
	}
	c := k.Hue.Alpha(outlineGlow)
	if e.Flags&game.EnemyTelegraph != 0 {
		c = colTelegraph.Alpha(0.7 + 0.3*float32(math.Sin(float64(v.Frame)*0.6)))
	}
	pip(dst, sb, x, y, dx, dy, pipRim, ColSensedFill)
	pip(dst, sb, x, y, dx, dy, 1, c)
}

// PipAt is where the pip for an enemy at pos has its tip, on the screen,
// and which way it points: pipInset inside the edge of the open field, on
// the line from the own ship to the enemy.
func PipAt(v *ActorView, pos game.Vec) (x, y, dx, dy float32, ok bool) {
	sx, sy := v.Cam.ToScreen(v.Self.X, v.Self.Y)
	ex, ey := v.Cam.ToScreen(pos.X, pos.Y)
	ux, uy := float64(ex-sx), float64(ey-sy)
	d := math.Hypot(ux, uy)
	if d == 0 {
		return 0, 0, 0, 0, false
	}
	ux, uy = ux/d, uy/d
	right, bottom := v.Cam.W-pipInset, 2*float64(sy)-pipInset
	t := math.Inf(1)
	for _, edge := range [4][2]float64{{ux, right - float64(sx)}, {-ux, float64(sx) - pipInset}, {uy, bottom - float64(sy)}, {-uy, float64(sy) - pipInset}} {
		if edge[0] > 1e-9 {
			t = min(t, edge[1]/edge[0])
		}
	}
	if math.IsInf(t, 1) || t <= 0 {
		return 0, 0, 0, 0, false
	}
	return float32(float64(sx) + ux*t), float32(float64(sy) + uy*t), float32(ux), float32(uy), true
}

// pip is a triangle with its tip at (x, y) pointing along unit (dx, dy),
// scale times the pip's size, its base centred behind the tip.
func pip(dst *ebiten.Image, sb *ui.ShapeBatch, x, y, dx, dy, scale float32, c ui.RGBA) {
	l, h := pipLength*scale, pipHalf*scale
	tx, ty := x+dx*(scale-1)*pipLength/2, y+dy*(scale-1)*pipLength/2 // the rim's tip a little further out
	bx, by := tx-dx*l, ty-dy*l
	sb.Triangle(dst, tx, ty, bx-dy*h, by+dx*h, bx+dy*h, by-dx*h, c)
}
