package render

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
)

// The built-in bitmap font: 6×16 pixels a glyph, Latin-1 only. It is drawn
// scaled for titles and buttons.
const (
	glyphW = 6
	glyphH = 16
)

// maxCachedTexts bounds the text cache; HUD numbers change, labels do not.
const maxCachedTexts = 512

// textCache renders each distinct string once into a small image and draws
// that image scaled and tinted. Strings that change (numbers in the HUD)
// are refreshed by their owners at a readable rate, so the cache stays
// small; it is emptied at the start of a frame when it grows past its
// bound.
type textCache struct {
	imgs map[string]*ebiten.Image
	op   ebiten.DrawImageOptions
}

func newTextCache() *textCache {
	return &textCache{imgs: make(map[string]*ebiten.Image, 64)}
}

// beginFrame evicts everything when the cache is over its bound. It runs
// before anything is drawn, so no image queued this frame is disposed.
func (t *textCache) beginFrame() {
	if len(t.imgs) <= maxCachedTexts {
		return
	}
	for k, img := range t.imgs {
		img.Dispose()
		delete(t.imgs, k)
	}
}

func (t *textCache) image(s string) *ebiten.Image {
	if img, ok := t.imgs[s]; ok {
		return img
	}
	img := ebiten.NewImage(max(textWidth(s, 1), 1), glyphH)
	ebitenutil.DebugPrintAt(img, s, -1, 0) // DebugPrintAt shifts one pixel right
	t.imgs[s] = img
	return img
}

// textWidth is the width of s in pixels at scale.
func textWidth(s string, scale float64) int {
	n := 0
	for range s {
		n++
	}
	return int(float64(n*glyphW) * scale)
}

// Text alignment relative to the x given to draw.
const (
	alignLeft = iota
	alignCenter
	alignRight
)

// draw draws s with its top at y, tinted c, scaled, aligned at x. A dark
// shadow one scaled pixel down-right keeps it readable on any background.
func (t *textCache) draw(dst *ebiten.Image, s string, x, y int, scale float64, align int, c color.Color) {
	if s == "" {
		return
	}
	switch align {
	case alignCenter:
		x -= textWidth(s, scale) / 2
	case alignRight:
		x -= textWidth(s, scale)
	}
	img := t.image(s)
	shadow := max(1, scale/2)
	t.blit(dst, img, float64(x)+shadow, float64(y)+shadow, scale, color.RGBA{0, 0, 0, 200})
	t.blit(dst, img, float64(x), float64(y), scale, c)
}

func (t *textCache) blit(dst, img *ebiten.Image, x, y, scale float64, c color.Color) {
	t.op.GeoM.Reset()
	t.op.GeoM.Scale(scale, scale)
	t.op.GeoM.Translate(x, y)
	t.op.ColorScale.Reset()
	t.op.ColorScale.ScaleWithColor(c)
	t.op.Filter = ebiten.FilterNearest
	dst.DrawImage(img, &t.op)
}

// wrap breaks s into lines of at most width characters at spaces; a word
// longer than a line is cut.
func wrap(s string, width int) []string {
	width = max(width, 1)
	var lines []string
	line := []rune{}
	for _, word := range strings.Fields(s) {
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

// drawLines draws lines centred at x from y down, at scale, and returns
// the y below them.
func (t *textCache) drawLines(dst *ebiten.Image, lines []string, x, y int, scale float64, c color.Color) int {
	for _, l := range lines {
		t.draw(dst, l, x, y, scale, alignCenter, c)
		y += int(glyphH*scale) + 4
	}
	return y
}

// wrapFor wraps s to fit a screen w pixels wide at scale, with margins.
func wrapFor(s string, w int, scale float64) []string {
	return wrap(s, (w-80)/int(glyphW*scale))
}
