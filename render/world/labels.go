package world

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/render/ui"
)

// World labels (players' names, portals' destinations, "yours" over loot)
// are placed in one pass a frame, so none is drawn over another: each asks
// for its spot by its anchor, and one that would cover a label already
// placed steps away from its anchor a line at a time (names upward, portal
// and loot labels downward) until it is clear. Portals are placed first,
// then the own ship's name, then the rest: what a player reads most moves
// least. A label also keeps off the figures that stand in the world (the
// keeper, the portals' frames), so no figure hides a name and no name a
// figure, and inside the window. The HUD is drawn over the world, so a
// label also keeps out from under what the HUD drew in the last frame
// (its words, bars, minimap and panels). A label with no clear spot
// within its steps tries the other way, past its anchor; one with none
// either way is left out, never drawn over other words, under the HUD's
// or across the window's edge.
type LabelPlacer struct {
	Boxes []image.Rectangle // placed this frame
	solid []image.Rectangle // the figures this frame's labels keep off
	Hud   []image.Rectangle // the HUD's last frame, in the world image's pixels
	view  image.Rectangle   // the world image: labels stay inside; empty for no bound
}

// Label steps: which way a crowded label moves, and how far it may.
const (
	LabelUp       = -1
	LabelDown     = 1
	maxLabelShift = 6 // lines each way
	labelSpace    = 2 // pixels kept between labels
	labelH        = ui.GlyphH
)

// Reset forgets the last frame's labels and figures.
func (l *LabelPlacer) Reset() { l.Boxes, l.solid = l.Boxes[:0], l.solid[:0] }

// KeepOff notes a figure drawn at r this frame: labels keep off it.
func (l *LabelPlacer) KeepOff(r image.Rectangle) { l.solid = append(l.solid, r) }

// Avoid takes the boxes the HUD drew in the last frame on a screen the
// world image, view, is scaled onto by zoom (worldZoom).
func (l *LabelPlacer) Avoid(hud []ui.Box, zoom float64, view image.Rectangle) {
	l.Hud = l.Hud[:0]
	l.view = view
	z := max(zoom, 1)
	for _, b := range hud {
		l.Hud = append(l.Hud, image.Rect(int(math.Floor(float64(b.R.Min.X)/z)), int(math.Floor(float64(b.R.Min.Y)/z)),
			int(math.Ceil(float64(b.R.Max.X)/z)), int(math.Ceil(float64(b.R.Max.Y)/z))))
	}
}

// place finds a spot for a label of width w whose wished top centre is
// (x, y), stepping in dir while it covers a placed one, a figure or the
// HUD, and keeps it.
func (l *LabelPlacer) place(x, y, w, dir int) image.Rectangle {
	r, _ := l.Placed(x, y, w, dir)
	return r
}

// Placed is place, and whether a clear spot was found; only a clear spot
// is kept.
func (l *LabelPlacer) Placed(x, y, w, dir int) (image.Rectangle, bool) {
	wished := l.inside(image.Rect(x-w/2, y, x-w/2+w, y+labelH))
	for _, d := range [2]int{dir, -dir} {
		r := wished
		for step := 0; step <= maxLabelShift; step++ {
			if step > 0 {
				r = l.inside(wished.Add(image.Pt(0, d*step*(labelH+labelSpace))))
			}
			if !l.covers(r, l.Boxes) && !l.covers(r, l.solid) && !l.covers(r, l.Hud) {
				l.Boxes = append(l.Boxes, r)
				return r, true
			}
		}
	}
	return wished, false
}

// inside moves r into the view, when there is one.
func (l *LabelPlacer) inside(r image.Rectangle) image.Rectangle {
	v := l.view
	if v.Empty() {
		return r
	}
	dx := max(v.Min.X-r.Min.X, 0) + min(v.Max.X-r.Max.X, 0)
	dy := max(v.Min.Y-r.Min.Y, 0) + min(v.Max.Y-r.Max.Y, 0)
	return r.Add(image.Pt(dx, dy))
}

func (l *LabelPlacer) covers(r image.Rectangle, boxes []image.Rectangle) bool {
	grown := r.Inset(-labelSpace / 2)
	for _, b := range boxes {
		if grown.Overlaps(b) {
			return true
		}
	}
	return false
}

// Draw places text, its top centre wished at (x, y), and draws it there.
func (l *LabelPlacer) Draw(dst *ebiten.Image, g *Graphics, text string, x, y, dir int, c color.RGBA) {
	if text == "" {
		return
	}
	w := g.Text.Image(text, 1).Bounds().Dx()
	if r, ok := l.Placed(x, y, w, dir); ok {
		g.Text.Draw(dst, text, r.Min.X+w/2, r.Min.Y, 1, ui.AlignCenter, c)
	}
}
