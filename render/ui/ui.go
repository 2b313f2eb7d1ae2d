package ui

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Menu geometry, in screen pixels.
const (
	ButtonW   = 360
	ButtonH   = 52
	FieldH    = 44
	RowGap    = 14
	LabelGap  = 20 // room above a field for its label
	TextScale = 2  // labels and field text: the bitmap font at 2×
)

// UI colours.
var (
	ColText      = color.RGBA{235, 235, 245, 255}
	ColDim       = color.RGBA{150, 150, 175, 255}
	ColTitle     = color.RGBA{255, 196, 120, 255}
	ColError     = color.RGBA{255, 110, 100, 255}
	ColButton    = Rgb8(34, 34, 52, 0.92)
	ColButtonOn  = Rgb8(84, 64, 140, 0.95)
	colSelection = Rgb8(90, 110, 200, 0.7) // a text field's selected text
	colCaret     = Rgb8(235, 235, 245, 1)
	ColBorder    = Rgb8(90, 90, 120, 1)
	ColBorderOn  = Rgb8(214, 190, 255, 1)
	ColField     = Rgb8(14, 14, 22, 0.95)
	ColBackdrop  = color.RGBA{10, 9, 18, 255}
	ColDimScreen = Rgb8(0, 0, 0, 0.6)
)

// CentredRect is a w×h rectangle centred horizontally on a screen of width
// screenW, with its top at y.
func CentredRect(screenW, y, w, h int) image.Rectangle {
	x := (screenW - w) / 2
	return image.Rect(x, y, x+w, y+h)
}

// buttonColumn lays buttons out top to bottom from y and returns the y
// below the last.
func buttonColumn(screenW, y int, bs ...*Button) int {
	for _, b := range bs {
		b.Rect = CentredRect(screenW, y, ButtonW, ButtonH)
		y += ButtonH + RowGap
	}
	return y
}

// DrawFormShapes draws the boxes of a form's widgets; drawFormText draws
// their words after the shapes are flushed, so text lands on top.
func DrawFormShapes(dst *ebiten.Image, g *Graphics, f *Form) {
	for _, it := range f.Order {
		r := RectOf(it)
		if r.Empty() {
			continue // scrolled out of view
		}
		fill, border := ColButton, ColBorder
		if _, ok := it.(*TextField); ok {
			fill = ColField
		}
		if f.HasFocus(it) {
			border = ColBorderOn
			if _, ok := it.(*Button); ok {
				fill = ColButtonOn
			}
		}
		Frame(dst, g.Shapes, r, fill, border)
	}
}

// DrawFormTextAt draws a form's words at UI scale k: the buttons' labels,
// the fields' labels over them and their text.
func DrawFormTextAt(dst *ebiten.Image, g *Graphics, f *Form, blink int, k float64) {
	for _, it := range f.Order {
		switch w := it.(type) {
		case *Button:
			if w.Rect.Empty() {
				continue
			}
			c := w.Rect.Min.Add(w.Rect.Size().Div(2))
			if w.Small {
				g.Text.Draw(dst, w.Label, c.X, c.Y-int(GlyphH*k)/2, k, AlignCenter, ColText)
				continue
			}
			g.Text.Draw(dst, w.Label, c.X, c.Y-int(GlyphH*ButtonTextScale(w.Rect.Dy(), k))/2, ButtonTextScale(w.Rect.Dy(), k), AlignCenter, ColText)
		case *TextField:
			DrawLabelledField(dst, g, w, f.HasFocus(w), blink, k)
		}
	}
}

// ButtonTextScale is a button's words' scale at UI scale k: the large
// text, or the small one on a button too short for it (a compact column).
func ButtonTextScale(h int, k float64) float64 {
	if float64(h) < GlyphH*TextScale*k+float64(Px(8, k)) {
		return 1.25 * k
	}
	return TextScale * k
}

// Frame fills r and outlines it two pixels wide.
func Frame(dst *ebiten.Image, s *ShapeBatch, r image.Rectangle, fill, border RGBA) {
	x, y := float32(r.Min.X), float32(r.Min.Y)
	w, h := float32(r.Dx()), float32(r.Dy())
	s.Boxes.Add("panel", r)
	s.Rect(dst, x, y, w, h, fill)
	s.Rect(dst, x, y, w, 2, border)
	s.Rect(dst, x, y+h-2, w, 2, border)
	s.Rect(dst, x, y, 2, h, border)
	s.Rect(dst, x+w-2, y, 2, h, border)
}

// drawFieldText draws a field's text at UI scale k and, when it has the
// focus, its caret (a thin bar where the next letter goes) or the
// selection of the whole.
func drawFieldText(dst *ebiten.Image, g *Graphics, w *TextField, focused bool, blink int, k float64) {
	inner := w.Rect.Dx() - 2*Px(10, k)
	ts := w.TextScale(g, FieldTextScale(w.Rect.Dy(), k), inner, k)
	th := int(GlyphH * ts)
	x, y := w.Rect.Min.X+Px(10, k), w.Rect.Min.Y+(w.Rect.Dy()-th)/2
	text, caret := w.Shown(), ""
	switch {
	case !w.Secret && !focused:
		text = string(w.Runes[:w.head(g, ts, inner)]) // its start: a code's address and port
	case !w.Secret:
		from, to := w.View(g, ts, inner)
		text, caret = string(w.Runes[from:to]), string(w.Runes[from:min(w.cur, len(w.Runes))])
	default:
		caret = text[:w.shownCaret()]
	}
	if focused && w.all {
		width := g.Text.Image(text, ts).Bounds().Dx()
		g.Shapes.Rect(dst, float32(x-2), float32(y), float32(width+4), float32(th), colSelection)
		g.Shapes.Flush(dst)
	}
	g.Text.Draw(dst, text, x, y, ts, AlignLeft, ColText)
	if focused && !w.all && blink%60 < 36 {
		cx := x + g.Text.Advance(caret, ts)
		g.Shapes.Rect(dst, float32(cx), float32(y+2), max(2, Pxf(2, k)), float32(th-4), colCaret)
		g.Shapes.Flush(dst)
	}
}

// TextScale is the scale a field's text is drawn at: ts, or for a field
// that fits its text a smaller one, down to the small text (k), until
// the whole fits inner pixels.
func (f *TextField) TextScale(g *Graphics, ts float64, inner int, k float64) float64 {
	if !f.Fit || len(f.Runes) == 0 {
		return ts
	}
	s := string(f.Runes)
	for ts > k && g.Text.Advance(s, ts) > inner {
		ts = max(k, ts-0.125*k)
	}
	return ts
}

// head is how many runes of the field's text, from its start, fit inner
// pixels at scale ts.
func (f *TextField) head(g *Graphics, ts float64, inner int) int {
	to := len(f.Runes)
	for to > 0 && g.Text.Advance(string(f.Runes[:to]), ts) > inner {
		to--
	}
	return to
}

// View is the part of the field's text that fits inner pixels at scale
// ts, runes from to to: the caret stays in view, and what is shown moves
// only as far as the caret makes it (a join code is longer than the box).
func (f *TextField) View(g *Graphics, ts float64, inner int) (from, to int) {
	cur := min(f.cur, len(f.Runes))
	from = min(f.from, cur)
	for from > 0 && g.Text.Advance(string(f.Runes[from-1:]), ts) <= inner {
		from-- // room at the right, after a deletion or new text: show more of the start
	}
	for from < cur && g.Text.Advance(string(f.Runes[from:cur]), ts) > inner {
		from++
	}
	to = cur
	for to < len(f.Runes) && g.Text.Advance(string(f.Runes[from:to+1]), ts) <= inner {
		to++
	}
	f.from = from
	return from, to
}

// FieldTextScale is a field's text's scale at UI scale k, smaller in a
// field too short for the large text.
func FieldTextScale(h int, k float64) float64 {
	if float64(h) < GlyphH*TextScale*k+float64(Px(4, k)) {
		return 1.25 * k
	}
	return TextScale * k
}

// ColBackdrop8 is the menus' backdrop colour at opacity a.
func ColBackdrop8(a float32) RGBA {
	return Rgb8(ColBackdrop.R, ColBackdrop.G, ColBackdrop.B, a)
}

// DrawLabelledField draws a field's label over it, then its text and
// caret, at UI scale k.
func DrawLabelledField(dst *ebiten.Image, g *Graphics, f *TextField, focused bool, blink int, k float64) {
	if f.Rect.Empty() {
		return
	}
	if !f.Inline {
		g.Text.Draw(dst, f.Label, f.Rect.Min.X, f.Rect.Min.Y-Px(LabelGap, k), k, AlignLeft, ColDim)
	} else if len(f.Runes) == 0 {
		ts := FieldTextScale(f.Rect.Dy(), k)
		g.Text.Draw(dst, f.Label, f.Rect.Min.X+Px(10, k), f.Rect.Min.Y+(f.Rect.Dy()-int(GlyphH*ts))/2, ts, AlignLeft, ColDim)
	}
	drawFieldText(dst, g, f, focused, blink, k)
}

// ScrollTop is the first of n rows to show when shown fit in the view,
// from top as it was: moved by the wheel's notches and Page Up or Down
// (a page is shown-1 rows), then just enough to keep row sel (if not
// negative) in view, and never past either end.
func ScrollTop(top, n, shown, sel int, in *FrameInput) int {
	if in != nil {
		top -= int(in.Mouse.Wheel * 2)
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

// Fitted is a line cut to a width at a scale (fit), made again only when
// the words, the width or the scale change: drawing it allocates nothing.
type Fitted struct {
	src, out string
	width    int
	k        float64
}

// Get is s cut to width pixels at scale k.
func (f *Fitted) Get(g *Graphics, s string, width int, k float64) string {
	if f.src != s || f.width != width || f.k != k || (f.out == "" && s != "") {
		f.src, f.width, f.k = s, width, k
		f.out = Fit(g, s, width, k)
	}
	return f.out
}

// Fit is s cut with an ellipsis to at most width pixels at scale k. It
// runs when the words are made, not every frame.
func Fit(g *Graphics, s string, width int, k float64) string {
	if g.Text.Advance(s, k) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && g.Text.Advance(string(r)+"…", k) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// Graphics are the drawing resources the menus and the HUD share: the text
// and shapes of the frame, and the boxes laid out in it.
type Graphics struct {
	Text   *textCache
	Shapes *ShapeBatch
	Boxes  Boxes // the frame's HUD and menu boxes, as laid out
}
