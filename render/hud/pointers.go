package hud

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Pointers to the hub's portals (docs/ART.md, "The HUD at any size"): in
// the hub every portal is a way out a player is looking for, and the hub
// is wider than the window, so each portal whose centre is out of the open
// field (off the screen, or under the HUD) has a pointer at the field's
// edge, on the line from the own ship toward it, in its place's accent,
// its place named beside it. A pointer is part of the HUD: it keeps clear
// of every box the HUD drew before it, sliding along the edge when one is
// in the way, and is left out when none leaves it room; what comes and
// goes keeps clear of it in turn (render/ui/placement.go). Panels over the game (the
// inventory, the keeper's, the pause menu) hide the pointers.

// Pointer measures at scale 1: a dart (an arrowhead with a notch, which
// reads as a direction at a glance, where the sensed enemies' near
// equilateral pips need not) and its dark rim.
const (
	pointerInset = 10  // px from the field's edge to a pointer's tip
	dartLength   = 18  // px from the tip to the wings
	dartHalf     = 8   // px from the axis to a wing
	dartNotch    = 0.6 // of the length, where the notch between the wings lies
	dartRim      = 2   // px of dark rim round the dart
	pointerGap   = 4   // px between the dart and its name, and kept round both
	pointerSlide = 12  // px a crowded pointer slides along its edge per try
	pointerTries = 40  // slides each way before it is left out
)

// DrawPortalPointers draws the pointers to the hub's portals out of the
// open field.
func DrawPortalPointers(dst *ebiten.Image, g *world.Graphics, fr *Frame) {
	if _, here := fr.Rt.Instance(); here != game.HubDungeon || fr.InvOpen || fr.KeeperOpen || fr.Paused {
		return
	}
	self, ok := fr.Rt.Self()
	if !ok {
		return
	}
	w, h := fr.W, fr.H
	k := ui.Scale(w, h)
	field := pointerField(w, h, k)
	sx, sy := fr.OnScreen(self.Pos.X, self.Pos.Y)
	for _, p := range fr.Rt.Portals() {
		if PortalInView(fr, p) {
			continue // the portal and its own label are there
		}
		qx, qy := fr.OnScreen(p.Pos.X, p.Pos.Y)
		drawPointer(dst, g, fr.Look, field, k, sx, sy, qx, qy, p.Dungeon)
	}
	g.Shapes.Flush(dst)
}

// PortalInView says whether a hub portal stands in the open field, where
// its own label names it; one out of it has a pointer instead.
func PortalInView(fr *Frame, p game.Portal) bool {
	x, y := fr.OnScreen(p.Pos.X, p.Pos.Y)
	return image.Pt(int(x), int(y)).In(pointerField(fr.W, fr.H, ui.Scale(fr.W, fr.H)))
}

// pointerField is the open field of a w×h window at scale k, where
// pointers stand: under the top line, over the XP line, inset from the
// sides.
func pointerField(w, h int, k float64) image.Rectangle {
	top := ui.Px(8, k) + int(ui.GlyphH*k) + ui.Px(pointerGap, k)
	bottom := BarRect(w, h).Min.Y - XpLineUpAt(k) - ui.Px(pointerGap, k)
	return image.Rect(ui.Px(8, k), top, w-ui.Px(8, k), bottom)
}

// drawPointer draws the pointer from the own ship at (sx, sy) toward a
// portal at (qx, qy), both on the screen's pixels, and its place's name,
// where placePointer finds them room.
func drawPointer(dst *ebiten.Image, g *world.Graphics, look *world.Look, field image.Rectangle, k float64, sx, sy, qx, qy float32, dungeon uint8) {
	name := look.PortalName(dungeon)
	pt, ok := placePointer(&g.Boxes, field, k, sx, sy, qx, qy, g.Text.Advance(name, k))
	if !ok {
		return
	}
	rim := ui.Pxf(dartRim, k)
	dart(dst, g.Shapes, pt.tip.X+pt.dx*rim, pt.tip.Y+pt.dy*rim, pt.dx, pt.dy, ui.Pxf(dartLength, k)+2*rim, ui.Pxf(dartHalf, k)+rim, world.ColSensedFill)
	dart(dst, g.Shapes, pt.tip.X, pt.tip.Y, pt.dx, pt.dy, ui.Pxf(dartLength, k), ui.Pxf(dartHalf, k), look.PortalAccent(dungeon))
	g.Shapes.Flush(dst)
	g.Text.Draw(dst, name, pt.label.Min.X, pt.label.Min.Y, k, ui.AlignLeft, world.ColPortalText)
}

// pointer is where a pointer stands: its dart's tip, the way it points,
// and its name's box.
type pointer struct {
	tip    pt32
	dx, dy float32
	label  image.Rectangle
}

// placePointer finds room for the pointer from (sx, sy) toward (qx, qy)
// with a name tw wide, in field at scale k: where the line between them
// leaves the field or, when a box recorded so far is in the way there, the
// nearest spot along the field's edge, round its corners, that is free. It
// records the dart's box; false when there is no room.
func placePointer(boxes *ui.Boxes, field image.Rectangle, k float64, sx, sy, qx, qy float32, tw int) (pointer, bool) {
	edge := field.Inset(ui.Px(pointerInset, k))
	tip, dx, dy, ok := edgePoint(edge, sx, sy, qx, qy)
	if !ok {
		return pointer{}, false
	}
	th := int(ui.GlyphH * k)
	from := perimeterAt(edge, tip)
	for try := 0; try <= 2*pointerTries; try++ {
		off := float32((try+1)/2*pointerSlide) * float32(k)
		if try%2 == 1 {
			off = -off
		}
		at, side := perimeterPoint(edge, from+off)
		dartBox, label := pointerBoxes(at, dx, dy, float32(k), side, tw, th, k)
		if !label.In(field) || !dartBox.In(field) || !boxes.Clear(dartBox.Union(label).Inset(-ui.Px(pointerGap, k))) {
			continue
		}
		// Its name is kept too, so the next pointer's name keeps a gap
		// from it: two names end to end read as one ("The Catacombs The
		// Sunken Keep").
		boxes.Add("portal pointer", dartBox.Union(label))
		return pointer{tip: at, dx: dx, dy: dy, label: label}, true
	}
	return pointer{}, false
}

// The field's edges, as perimeterPoint names them.
const (
	edgeTop = iota
	edgeRight
	edgeBottom
	edgeLeft
)

// perimeterAt is how far along r's edge, clockwise from its top left
// corner, the point p on it lies.
func perimeterAt(r image.Rectangle, p pt32) float32 {
	w, h := float32(r.Dx()), float32(r.Dy())
	x, y := p.X-float32(r.Min.X), p.Y-float32(r.Min.Y)
	switch {
	case y <= 0.5:
		return x
	case x >= w-0.5:
		return w + y
	case y >= h-0.5:
		return 2*w + h - x
	}
	return 2*w + 2*h - y
}

// perimeterPoint is the point d along r's edge, clockwise from its top
// left corner (wrapping round), and the edge it lies on.
func perimeterPoint(r image.Rectangle, d float32) (pt32, int) {
	w, h := float32(r.Dx()), float32(r.Dy())
	total := 2 * (w + h)
	d = float32(math.Mod(float64(d), float64(total)))
	if d < 0 {
		d += total
	}
	x0, y0 := float32(r.Min.X), float32(r.Min.Y)
	switch {
	case d < w:
		return pt32{x0 + d, y0}, edgeTop
	case d < w+h:
		return pt32{x0 + w, y0 + d - w}, edgeRight
	case d < 2*w+h:
		return pt32{x0 + 2*w + h - d, y0 + h}, edgeBottom
	}
	return pt32{x0, y0 + total - d}, edgeLeft
}

// dart draws an arrowhead with its tip at (x, y) pointing along unit
// (dx, dy): l from the tip to its wings, each half off the axis, the notch
// between them dartNotch of the way back.
func dart(dst *ebiten.Image, sb *ui.ShapeBatch, x, y, dx, dy, l, half float32, c ui.RGBA) {
	bx, by := x-dx*l, y-dy*l // the wings' midpoint
	nx, ny := x-dx*l*dartNotch, y-dy*l*dartNotch
	sb.Triangle(dst, x, y, bx-dy*half, by+dx*half, nx, ny, c)
	sb.Triangle(dst, x, y, nx, ny, bx+dy*half, by-dx*half, c)
}

// pointerBoxes are a pointer's dart, its tip at at on the field's edge
// side, pointing along (dx, dy) at scale sc, its dark rim included, and
// its name's box tw×th beside it, on the field's side of it.
func pointerBoxes(at pt32, dx, dy, sc float32, side, tw, th int, k float64) (dartBox, label image.Rectangle) {
	rim := dartRim * sc
	l, half := dartLength*sc+2*rim, dartHalf*sc+rim
	tx, ty := at.X+dx*rim, at.Y+dy*rim
	bx, by := tx-dx*l, ty-dy*l
	x0, x1 := min(tx, bx-dy*half, bx+dy*half), max(tx, bx-dy*half, bx+dy*half)
	y0, y1 := min(ty, by+dx*half, by-dx*half), max(ty, by+dx*half, by-dx*half)
	dartBox = ui.RectF(x0, y0, x1-x0, y1-y0)
	gap := ui.Px(pointerGap, k)
	x, y := (dartBox.Min.X+dartBox.Max.X)/2-tw/2, (dartBox.Min.Y+dartBox.Max.Y)/2-th/2
	switch side { // inward of the dart
	case edgeTop:
		y = dartBox.Max.Y + gap
	case edgeBottom:
		y = dartBox.Min.Y - gap - th
	case edgeLeft:
		x = dartBox.Max.X + gap
	default:
		x = dartBox.Min.X - gap - tw
	}
	return dartBox, image.Rect(x, y, x+tw, y+th)
}

// pt32 is a point on the screen in float pixels.
type pt32 struct{ X, Y float32 }

// edgePoint is where the line from (sx, sy) toward (qx, qy) leaves the
// rectangle r, and its direction; false when the two points are one.
func edgePoint(r image.Rectangle, sx, sy, qx, qy float32) (pt32, float32, float32, bool) {
	ux, uy := float64(qx-sx), float64(qy-sy)
	d := math.Hypot(ux, uy)
	if d == 0 {
		return pt32{}, 0, 0, false
	}
	ux, uy = ux/d, uy/d
	// From a ship outside the field (never, but a tiny window) start at
	// the field's nearest point.
	x0 := min(max(float64(sx), float64(r.Min.X)), float64(r.Max.X))
	y0 := min(max(float64(sy), float64(r.Min.Y)), float64(r.Max.Y))
	t := math.Inf(1)
	for _, e := range [4][2]float64{{ux, float64(r.Max.X) - x0}, {-ux, x0 - float64(r.Min.X)}, {uy, float64(r.Max.Y) - y0}, {-uy, y0 - float64(r.Min.Y)}} {
		if e[0] > 1e-9 {
			t = min(t, e[1]/e[0])
		}
	}
	if math.IsInf(t, 1) {
		return pt32{}, 0, 0, false
	}
	return pt32{float32(x0 + ux*t), float32(y0 + uy*t)}, float32(ux), float32(uy), true
}
