package ui

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"
)

// Text is set in Go Regular (Latin, Greek and Cyrillic, so players' names
// read as they were typed) at textSize pixels for scale 1, on lines glyphH
// pixels tall; glyphW is an average advance, used only to wrap long
// messages.
const (
	textSize = 13
	GlyphW   = 7
	GlyphH   = 16
)

// maxCachedTexts bounds the text cache; HUD numbers change, labels do not.
const maxCachedTexts = 512

// textKey is one string at one scale: each is set once, at its own size,
// so titles are as crisp as labels.
type textKey struct {
	s     string
	scale float64
}

// textCache sets each distinct string once into a small image and draws
// that image tinted. Strings that change (numbers in the HUD) are refreshed
// by their owners at a readable rate, so the cache stays small; it is
// emptied at the start of a frame when it grows past its bound.
type textCache struct {
	imgs   map[textKey]*ebiten.Image
	source *text.GoTextFaceSource
	faces  map[float64]*text.GoTextFace
	op     ebiten.DrawImageOptions
	dop    text.DrawOptions
	// boxes records each string drawn while the layout is recorded.
	Boxes *Boxes
	// quiet leaves words out: the HUD's, under a panel that dims the
	// screen, where they would show through the panel's own.
	Quiet bool
	// hole leaves out the words that would lie under it: the place of a
	// panel drawn over them next (a tooltip over the inventory).
	Hole image.Rectangle
}

func NewTextCache() *textCache {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic("render: the embedded Go Regular font does not load: " + err.Error())
	}
	return &textCache{imgs: make(map[textKey]*ebiten.Image, 64), source: src, faces: map[float64]*text.GoTextFace{}}
}

// BeginFrame evicts everything when the cache is over its bound. It runs
// before anything is drawn, so no image queued this frame is disposed.
func (t *textCache) BeginFrame() {
	if len(t.imgs) <= maxCachedTexts {
		return
	}
	for k, img := range t.imgs {
		img.Dispose()
		delete(t.imgs, k)
	}
}

func (t *textCache) face(scale float64) *text.GoTextFace {
	f, ok := t.faces[scale]
	if !ok {
		f = &text.GoTextFace{Source: t.source, Size: textSize * scale}
		t.faces[scale] = f
	}
	return f
}

// Image is s set at scale, white, its top at the image's top.
func (t *textCache) Image(s string, scale float64) *ebiten.Image {
	k := textKey{s, scale}
	if img, ok := t.imgs[k]; ok {
		return img
	}
	f := t.face(scale)
	w := int(math.Ceil(text.Advance(s, f)))
	h := int(math.Ceil(GlyphH * scale))
	img := ebiten.NewImage(max(w, 1), max(h, 1))
	t.dop.GeoM.Reset()
	t.dop.GeoM.Translate(0, (float64(h)-f.Metrics().HAscent-f.Metrics().HDescent)/2)
	t.dop.ColorScale.Reset()
	text.Draw(img, s, f, &t.dop)
	t.imgs[k] = img
	return img
}

// Advance is how wide s is set at scale, in pixels, without setting it.
func (t *textCache) Advance(s string, scale float64) int {
	return int(math.Ceil(text.Advance(s, t.face(scale))))
}

// Text alignment relative to the x given to draw.
const (
	AlignLeft = iota
	AlignCenter
	AlignRight
)

// Draw draws s with its top at y, tinted c, at scale, aligned at x. A dark
// shadow one scaled pixel down-right keeps it readable on any background.
func (t *textCache) Draw(dst *ebiten.Image, s string, x, y int, scale float64, align int, c color.RGBA) {
	if s == "" || t.Quiet {
		return
	}
	img := t.Image(s, scale)
	switch w := img.Bounds().Dx(); align {
	case AlignCenter:
		x -= w / 2
	case AlignRight:
		x -= w
	}
	r := image.Rect(x, y, x+img.Bounds().Dx(), y+img.Bounds().Dy())
	if r.Overlaps(t.Hole) {
		return
	}
	t.Boxes.AddText(s, r)
	shadow := max(1, scale/2)
	t.blit(dst, img, float64(x)+shadow, float64(y)+shadow, color.RGBA{0, 0, 0, 200})
	t.blit(dst, img, float64(x), float64(y), c)
}

// blit draws img tinted c (premultiplied, as color.RGBA is). c is taken
// as the concrete type, not color.Color: an interface would put each
// frame's every label on the heap.
func (t *textCache) blit(dst, img *ebiten.Image, x, y float64, c color.RGBA) {
	t.op.GeoM.Reset()
	t.op.GeoM.Translate(math.Round(x), math.Round(y))
	t.op.ColorScale.Reset()
	t.op.ColorScale.Scale(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255)
	dst.DrawImage(img, &t.op)
}

// Wrap breaks s into lines of at most width characters at spaces; a word
// longer than a line is cut, and a number keeps its unit on its line
// ("every 15 s", never "every 15" over "s").
func Wrap(s string, width int) []string {
	width = max(width, 1)
	var lines []string
	line := []rune{}
	for _, word := range unitsKept(strings.Fields(s)) {
		w := []rune(word)
		for len(w) > width {
			if len(line) > 0 {
				lines, line = append(lines, string(line)), line[:0]
			}
			lines, w = append(lines, string(w[:width])), w[width:]
		}
		if len(line) > 0 && len(line)+1+len(w) > width {
			lines, line = append(lines, string(line)), line[:0]
		}
		if len(line) > 0 {
			line = append(line, ' ')
		}
		line = append(line, w...)
	}
	if len(line) > 0 {
		lines = append(lines, string(line))
	}
	return lines
}

// unitsKept joins each unit to the number before it, so the two wrap as
// one word.
func unitsKept(words []string) []string {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		if n := len(out); n > 0 && strings.ContainsAny(out[n-1][len(out[n-1])-1:], "0123456789") {
			if k := unitAt(words[i:]); k > 0 {
				out[n-1] += " " + strings.Join(words[i:i+k], " ")
				i += k - 1
				continue
			}
		}
		out = append(out, words[i])
	}
	return out
}

// units are the units a figure is said in, a word or a few.
var units = [][]string{{"s"}, {"u"}, {"%"}, {"u/s"}, {"tiles"}, {"shots", "a", "second"}, {"a", "pulse"}}

// unitAt is how many of words, from the first, are a unit (punctuation
// after it aside), or 0.
func unitAt(words []string) int {
	for _, u := range units {
		if len(words) < len(u) {
			continue
		}
		match := true
		for k, w := range u {
			got := words[k]
			if k == len(u)-1 {
				got = strings.TrimRight(got, ",.:;)")
			}
			match = match && got == w
		}
		if match {
			return len(u)
		}
	}
	return 0
}

// DrawLines draws lines centred at x from y down, at scale, and returns
// the y below them.
func (t *textCache) DrawLines(dst *ebiten.Image, lines []string, x, y int, scale float64, c color.RGBA) int {
	for _, l := range lines {
		t.Draw(dst, l, x, y, scale, AlignCenter, c)
		y += int(GlyphH*scale) + 4
	}
	return y
}

// WrapFor wraps s to fit a screen w pixels wide at scale, with margins.
func WrapFor(s string, w int, scale float64) []string {
	return Wrap(s, (w-80)/int(GlyphW*scale))
}

// Capitalize is s with its first letter in upper case: an error's words
// as the sentence a player reads.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ErrWords is an error as a sentence, or "" for none.
func ErrWords(err error) string {
	if err == nil {
		return ""
	}
	return Capitalize(err.Error())
}
