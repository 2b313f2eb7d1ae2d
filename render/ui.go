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
		if r.Empty() {
			continue // scrolled out of view
		}
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

// drawFormTextAt draws a form's words at UI scale k: the buttons' labels,
// the fields' labels over them and their text.
func drawFormTextAt(dst *ebiten.Image, g *graphics, f *form, blink int, k float64) {
	for _, it := range f.order {
		switch w := it.(type) {
		case *button:
			if w.rect.Empty() {
				continue
			}
			c := w.rect.Min.Add(w.rect.Size().Div(2))
			if w.small {
				g.text.draw(dst, w.label, c.X, c.Y-int(glyphH*k)/2, k, alignCenter, colText)
				continue
			}
			g.text.draw(dst, w.label, c.X, c.Y-int(glyphH*buttonTextScale(w.rect.Dy(), k))/2, buttonTextScale(w.rect.Dy(), k), alignCenter, colText)
		case *textField:
			drawLabelledField(dst, g, w, f.hasFocus(w), blink, k)
		}
	}
}

// buttonTextScale is a button's words' scale at UI scale k: the large
// text, or the small one on a button too short for it (a compact column).
func buttonTextScale(h int, k float64) float64 {
	if float64(h) < glyphH*textScale*k+float64(px(8, k)) {
		return 1.25 * k
	}
	return textScale * k
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

// drawFieldText draws a field's text at UI scale k and, when it has the
// focus, its caret (a thin bar where the next letter goes) or the
// selection of the whole.
func drawFieldText(dst *ebiten.Image, g *graphics, w *textField, focused bool, blink int, k float64) {
	inner := w.rect.Dx() - 2*px(10, k)
	ts := w.textScale(g, fieldTextScale(w.rect.Dy(), k), inner, k)
	th := int(glyphH * ts)
	x, y := w.rect.Min.X+px(10, k), w.rect.Min.Y+(w.rect.Dy()-th)/2
	text, caret := w.shown(), ""
	switch {
	case !w.secret && !focused:
		text = string(w.text[:w.head(g, ts, inner)]) // its start: a code's address and port
	case !w.secret:
		from, to := w.view(g, ts, inner)
		text, caret = string(w.text[from:to]), string(w.text[from:min(w.cur, len(w.text))])
	default:
		caret = text[:w.shownCaret()]
	}
	if focused && w.all {
		width := g.text.image(text, ts).Bounds().Dx()
		g.shapes.rect(dst, float32(x-2), float32(y), float32(width+4), float32(th), colSelection)
		g.shapes.flush(dst)
	}
	g.text.draw(dst, text, x, y, ts, alignLeft, colText)
	if focused && !w.all && blink%60 < 36 {
		cx := x + g.text.advance(caret, ts)
		g.shapes.rect(dst, float32(cx), float32(y+2), max(2, pxf(2, k)), float32(th-4), colCaret)
		g.shapes.flush(dst)
	}
}

// textScale is the scale a field's text is drawn at: ts, or for a field
// that fits its text a smaller one, down to the small text (k), until
// the whole fits inner pixels.
func (f *textField) textScale(g *graphics, ts float64, inner int, k float64) float64 {
	if !f.fit || len(f.text) == 0 {
		return ts
	}
	s := string(f.text)
	for ts > k && g.text.advance(s, ts) > inner {
		ts = max(k, ts-0.125*k)
	}
	return ts
}

// head is how many runes of the field's text, from its start, fit inner
// pixels at scale ts.
func (f *textField) head(g *graphics, ts float64, inner int) int {
	to := len(f.text)
	for to > 0 && g.text.advance(string(f.text[:to]), ts) > inner {
		to--
	}
	return to
}

// view is the part of the field's text that fits inner pixels at scale
// ts, runes from to to: the caret stays in view, and what is shown moves
// only as far as the caret makes it (a join code is longer than the box).
func (f *textField) view(g *graphics, ts float64, inner int) (from, to int) {
	cur := min(f.cur, len(f.text))
	from = min(f.from, cur)
	for from > 0 && g.text.advance(string(f.text[from-1:]), ts) <= inner {
		from-- // room at the right, after a deletion or new text: show more of the start
	}
	for from < cur && g.text.advance(string(f.text[from:cur]), ts) > inner {
		from++
	}
	to = cur
	for to < len(f.text) && g.text.advance(string(f.text[from:to+1]), ts) <= inner {
		to++
	}
	f.from = from
	return from, to
}

// fieldTextScale is a field's text's scale at UI scale k, smaller in a
// field too short for the large text.
func fieldTextScale(h int, k float64) float64 {
	if float64(h) < glyphH*textScale*k+float64(px(4, k)) {
		return 1.25 * k
	}
	return textScale * k
}

// colBackdrop8 is the menus' backdrop colour at opacity a.
func colBackdrop8(a float32) rgba {
	return rgb8(colBackdrop.R, colBackdrop.G, colBackdrop.B, a)
}

// drawLabelledField draws a field's label over it, then its text and
// caret, at UI scale k.
func drawLabelledField(dst *ebiten.Image, g *graphics, f *textField, focused bool, blink int, k float64) {
	if f.rect.Empty() {
		return
	}
	if !f.inline {
		g.text.draw(dst, f.label, f.rect.Min.X, f.rect.Min.Y-px(labelGap, k), k, alignLeft, colDim)
	} else if len(f.text) == 0 {
		ts := fieldTextScale(f.rect.Dy(), k)
		g.text.draw(dst, f.label, f.rect.Min.X+px(10, k), f.rect.Min.Y+(f.rect.Dy()-int(glyphH*ts))/2, ts, alignLeft, colDim)
	}
	drawFieldText(dst, g, f, focused, blink, k)
}

// scrollTop is the first of n rows to show when shown fit in the view,
// from top as it was: moved by the wheel's notches and Page Up or Down
// (a page is shown-1 rows), then just enough to keep row sel (if not
// negative) in view, and never past either end.
func scrollTop(top, n, shown, sel int, in *frameInput) int {
	if in != nil {
		top -= int(in.Wheel * 2)
		page := max(1, shown-1)
		if in.PageUp {
			top -= page
		}
		if in.PageDown {
			top += page
		}
	}
	if sel >= 0 {
		top = min(top, sel)
		top = max(top, sel-shown+1)
	}
	return max(0, min(top, n-shown))
}

// fitted is a line cut to a width at a scale (fit), made again only when
// the words, the width or the scale change: drawing it allocates nothing.
type fitted struct {
	src, out string
	width    int
	k        float64
}

// get is s cut to width pixels at scale k.
func (f *fitted) get(g *graphics, s string, width int, k float64) string {
	if f.src != s || f.width != width || f.k != k || (f.out == "" && s != "") {
		f.src, f.width, f.k = s, width, k
		f.out = fit(g, s, width, k)
	}
	return f.out
}
