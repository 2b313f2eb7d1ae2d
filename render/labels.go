package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// World labels (players' names, portals' destinations, "yours" over loot)
// are placed in one pass a frame, so none is drawn over another: each asks
// for its spot by its anchor, and one that would cover a label already
// placed steps away from its anchor a line at a time (names upward, portal
// and loot labels downward) until it is clear. Portals are placed first,
// then the own ship's name, then the rest: what a player reads most moves
// least.
type labelPlacer struct {
	boxes []image.Rectangle // placed this frame
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

// place finds a spot for a label of width w whose wished top centre is
// (x, y), stepping in dir while it covers a placed one, and keeps it.
func (l *labelPlacer) place(x, y, w, dir int) image.Rectangle {
	r := image.Rect(x-w/2, y, x-w/2+w, y+labelH)
	for range maxLabelShift {
		if !l.covers(r) {
			break
		}
		r = r.Add(image.Pt(0, dir*(labelH+labelSpace)))
	}
	l.boxes = append(l.boxes, r)
	return r
}

func (l *labelPlacer) covers(r image.Rectangle) bool {
	grown := r.Inset(-labelSpace / 2)
	for _, b := range l.boxes {
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
	r := l.place(x, y, w, dir)
	g.text.draw(dst, text, r.Min.X+w/2, r.Min.Y, 1, alignCenter, c)
}
