package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Menu geometry, in screen pixels.
const (
	buttonW   = 360
	buttonH   = 52
	fieldH    = 44
	rowGap    = 14
	labelGap  = 20 // room above a field for its label
	textScale = 2  // labels and field text: the bitmap font at 2×
)

// UI colours.
var (
	colText      = color.RGBA{235, 235, 245, 255}
	colDim       = color.RGBA{150, 150, 175, 255}
	colTitle     = color.RGBA{255, 196, 120, 255}
	colError     = color.RGBA{255, 110, 100, 255}
	colButton    = rgb8(34, 34, 52, 0.92)
	colButtonOn  = rgb8(84, 64, 140, 0.95)
	colSelection = rgb8(90, 110, 200, 0.7) // a text field's selected text
	colCaret     = rgb8(235, 235, 245, 1)
	colBorder    = rgb8(90, 90, 120, 1)
	colBorderOn  = rgb8(214, 190, 255, 1)
	colField     = rgb8(14, 14, 22, 0.95)
	colBackdrop  = color.RGBA{10, 9, 18, 255}
	colDimScreen = rgb8(0, 0, 0, 0.6)
)

// centredRect is a w×h rectangle centred horizontally on a screen of width
// screenW, with its top at y.
func centredRect(screenW, y, w, h int) image.Rectangle {
	x := (screenW - w) / 2
	return image.Rect(x, y, x+w, y+h)
}

// buttonColumn lays buttons out top to bottom from y and returns the y
// below the last.
func buttonColumn(screenW, y int, bs ...*button) int {
	for _, b := range bs {
		b.rect = centredRect(screenW, y, buttonW, buttonH)
		y += buttonH + rowGap
	}
	return y
}

// drawFormShapes draws the boxes of a form's widgets; drawFormText draws
// their words after the shapes are flushed, so text lands on top.
func drawFormShapes(dst *ebiten.Image, g *graphics, f *form) {
	for _, it := range f.order {
		r := rectOf(it)
		fill, border := colButton, colBorder
		if _, ok := it.(*textField); ok {
			fill = colField
		}
		if f.hasFocus(it) {
			border = colBorderOn
			if _, ok := it.(*button); ok {
				fill = colButtonOn
			}
		}
		frame(dst, g.shapes, r, fill, border)
	}
}

func drawFormText(dst *ebiten.Image, g *graphics, f *form, blink int) {
	drawFormTextAt(dst, g, f, blink, 1)
}

// drawFormTextAt is drawFormText with the buttons' words at UI scale k.
func drawFormTextAt(dst *ebiten.Image, g *graphics, f *form, blink int, k float64) {
	for _, it := range f.order {
		switch w := it.(type) {
		case *button:
			c := w.rect.Min.Add(w.rect.Size().Div(2))
			if w.small {
				g.text.draw(dst, w.label, c.X, c.Y-int(glyphH*k)/2, k, alignCenter, colText)
				continue
			}
			g.text.draw(dst, w.label, c.X, c.Y-int(glyphH*textScale*k)/2, textScale*k, alignCenter, colText)
		case *textField:
			g.text.draw(dst, w.label, w.rect.Min.X, w.rect.Min.Y-labelGap, 1, alignLeft, colDim)
			drawFieldText(dst, g, w, f.hasFocus(w), blink)
		}
	}
}

// frame fills r and outlines it two pixels wide.
func frame(dst *ebiten.Image, s *shapeBatch, r image.Rectangle, fill, border rgba) {
	x, y := float32(r.Min.X), float32(r.Min.Y)
	w, h := float32(r.Dx()), float32(r.Dy())
	s.boxes.add("panel", r)
	s.rect(dst, x, y, w, h, fill)
	s.rect(dst, x, y, w, 2, border)
	s.rect(dst, x, y+h-2, w, 2, border)
	s.rect(dst, x, y, 2, h, border)
	s.rect(dst, x+w-2, y, 2, h, border)
}

// drawFieldText draws a field's text and, when it has the focus, its
// caret (a thin bar where the next letter goes) or the selection of the
// whole.
func drawFieldText(dst *ebiten.Image, g *graphics, w *textField, focused bool, blink int) {
	x, y := w.rect.Min.X+10, w.rect.Min.Y+(fieldH-glyphH*textScale)/2
	text := w.Text()
	if w.secret {
		text = w.shown()
	}
	if focused && w.all {
		width := g.text.image(text, textScale).Bounds().Dx()
		g.shapes.rect(dst, float32(x-2), float32(y), float32(width+4), glyphH*textScale, colSelection)
		g.shapes.flush(dst)
	}
	g.text.draw(dst, text, x, y, textScale, alignLeft, colText)
	if focused && !w.all && blink%60 < 36 {
		cx := x + g.text.advance(string(w.text[:min(w.cur, len(w.text))]), textScale)
		if w.secret {
			cx = x + g.text.advance(w.shown()[:w.shownCaret()], textScale)
		}
		g.shapes.rect(dst, float32(cx), float32(y+2), 2, glyphH*textScale-4, colCaret)
		g.shapes.flush(dst)
	}
}

// colBackdrop8 is the menus' backdrop colour at opacity a.
func colBackdrop8(a float32) rgba {
	return rgb8(colBackdrop.R, colBackdrop.G, colBackdrop.B, a)
}

// drawLabelledField draws a field's label over it, then its text and caret.
func drawLabelledField(dst *ebiten.Image, g *graphics, f *textField, focused bool, blink int) {
	g.text.draw(dst, f.label, f.rect.Min.X, f.rect.Min.Y-labelGap, 1, alignLeft, colDim)
	drawFieldText(dst, g, f, focused, blink)
}
