package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// World labels (players' names, portals' destinations, "yours" over loot)
// are placed in one pass a frame, so none is drawn over another: each asks
// for its spot by its anchor, and one that would cover a label already
// placed steps away from its anchor a line at a time (names upward, portal
// and loot labels downward) until it is clear. Portals are placed first,
// then the own ship's name, then the rest: what a player reads most moves
// least. The HUD is drawn over the world, so a label also keeps out from
// under what the HUD drew in the last frame (its words, bars, minimap and
// panels); one still under it after its steps is left out, never drawn
// under the HUD's words.
type labelPlacer struct {
	boxes []image.Rectangle // placed this frame
	hud   []image.Rectangle // the HUD's last frame, in the world image's pixels
}

// Label steps: which way a crowded label moves, and how far it may.
const (
	labelUp       = -1
	labelDown     = 1
	maxLabelShift = 6 // lines; past that it is drawn where it ends up
	labelSpace    = 2 // pixels kept between labels
	labelH        = glyphH
)

// reset forgets the last frame's labels.
func (l *labelPlacer) reset() { l.boxes = l.boxes[:0] }

// avoid takes the boxes the HUD drew in the last frame on a screen the
// world image is scaled onto by zoom (worldZoom).
func (l *labelPlacer) avoid(hud []uiBox, zoom float64) {
	l.hud = l.hud[:0]
	z := max(zoom, 1)
	for _, b := range hud {
		l.hud = append(l.hud, image.Rect(int(math.Floor(float64(b.r.Min.X)/z)), int(math.Floor(float64(b.r.Min.Y)/z)),
			int(math.Ceil(float64(b.r.Max.X)/z)), int(math.Ceil(float64(b.r.Max.Y)/z))))
	}
}

// place finds a spot for a label of width w whose wished top centre is
// (x, y), stepping in dir while it covers a placed one or the HUD, and
// keeps it.
func (l *labelPlacer) place(x, y, w, dir int) image.Rectangle {
	r, _ := l.placed(x, y, w, dir)
	return r
}

// placed is place, and whether the spot is clear of the HUD; a spot under
// the HUD is not kept.
func (l *labelPlacer) placed(x, y, w, dir int) (image.Rectangle, bool) {
	r := image.Rect(x-w/2, y, x-w/2+w, y+labelH)
	for range maxLabelShift {
		if !l.covers(r, l.boxes) && !l.covers(r, l.hud) {
			break
		}
		r = r.Add(image.Pt(0, dir*(labelH+labelSpace)))
	}
	if l.covers(r, l.hud) {
		return r, false
	}
	l.boxes = append(l.boxes, r)
	return r, true
}

func (l *labelPlacer) covers(r image.Rectangle, boxes []image.Rectangle) bool {
	grown := r.Inset(-labelSpace / 2)
	for _, b := range boxes {
		if grown.Overlaps(b) {
			return true
		}
	}
	return false
}

// draw places text, its top centre wished at (x, y), and draws it there.
func (l *labelPlacer) draw(dst *ebiten.Image, g *graphics, text string, x, y, dir int, c color.RGBA) {
	if text == "" {
		return
	}
	w := g.text.image(text, 1).Bounds().Dx()
	if r, ok := l.placed(x, y, w, dir); ok {
		g.text.draw(dst, text, r.Min.X+w/2, r.Min.Y, 1, alignCenter, c)
	}
}
