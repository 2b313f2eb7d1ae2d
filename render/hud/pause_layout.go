package hud

import (
	"image"
	"math"

	"duskfall/render/ui"
)

// The pause menu's layout (docs/ART.md, "The HUD at any size"): its title,
// the line under it, in a dungeon what leaving costs, and its buttons,
// stacked in the room the HUD leaves: under the boss bar and the health
// and ability bars when they stand at the top, over the item bar, the XP
// bar and the health bars when they stand at the bottom, and, for the
// words, between the minimap's column and as far from the left edge. The
// HUD's bars, slots and minimap stay in view under the dimmed screen with
// nothing over them. A window too short for the roomy stack gets, in
// turn, shorter buttons, a smaller title, no line under it, still shorter
// buttons, and the buttons in two columns.

// pauseTier is one way to stack the menu, at scale 1: the title's scale,
// whether the line under it shows, a button's height, the gap between
// buttons, and the columns of buttons.
type pauseTier struct {
	title   float64
	sub     bool
	bh, gap int
	cols    int
}

// pauseTiers are the stacks tried, roomiest first; the first that fits is
// taken, the last when none does.
var pauseTiers = [...]pauseTier{
	{title: 4, sub: true, bh: ui.ButtonH, gap: ui.RowGap, cols: 1},
	{title: 4, sub: true, bh: CompactButtonH, gap: 6, cols: 1},
	{title: 2, sub: true, bh: CompactButtonH, gap: 6, cols: 1},
	{title: 2, sub: false, bh: CompactButtonH, gap: 6, cols: 1},
	{title: 2, sub: false, bh: tinyButtonH, gap: 4, cols: 1},
	{title: 2, sub: false, bh: CompactButtonH, gap: 6, cols: 2},
	{title: 2, sub: false, bh: tinyButtonH, gap: 4, cols: 2},
}

// compactButtonH is a short window's button; tinyButtonH the shortest,
// its words in the small large text (buttonTextScale) and a little room.
const (
	CompactButtonH = 36
	tinyButtonH    = 26
)

// Gaps of the stack at scale 1: under the title, under the line under it,
// under the cost lines; and the room kept clear of the HUD.
const (
	pauseTitleGap = 16
	pauseSubGap   = 8
	pauseCostGap  = 12
	pauseHUDGap   = 8
)

// PauseLayout is where the pause menu's words go; its buttons' rectangles
// are set on the buttons themselves.
type PauseLayout struct {
	TitleY     int
	TitleScale float64
	SubY       int // the line under the title; -1 when it is left out
	CostY      int // the first cost line's top
	lineH      int // a line of small words, cost lines apart
}

// pauseWords is how wide the pause menu's words may run in a w×h window
// at scale k: between the minimap's column and as far from the left edge,
// as the boss bar does.
func pauseWords(w, h int, k float64) (left, right int) {
	side := MinimapLeftRoom(w, h, k)
	if side*2 >= w-ui.Px(120, k) {
		side = ui.Px(12, k)
	}
	return side, w - side
}

// PauseCostWidth is the width in characters the cost lines are wrapped to
// in a w×h window at scale k.
func PauseCostWidth(w, h int, k float64) int {
	l, r := pauseWords(w, h, k)
	return max(20, (r-l)/int(ui.GlyphW*k+1))
}

// PauseColumn lays the pause menu out in a w×h window: the buttons, each
// given its rectangle, under the title and, in a dungeon, costLines lines
// of what leaving costs, in the room the HUD leaves (pauseHUD).
func PauseColumn(w, h, costLines int, bs []*ui.Button) PauseLayout {
	k := ui.Scale(w, h)
	var hud [4]image.Rectangle
	pauseHUD(w, h, k, &hud)
	lineH := int(ui.GlyphH*k) + 4
	for i, t := range pauseTiers {
		if l, ok := stackPause(w, h, k, t, costLines, lineH, bs, &hud); ok || i == len(pauseTiers)-1 {
			return l
		}
	}
	panic("unreachable")
}

// pauseHUD are the HUD's parts the pause menu keeps clear of, as the HUD
// draws them in a w×h window at scale k: the boss bar's panel (kept for
// whenever a boss is met), the minimap's largest box, the health and
// ability bars, and the item bar with the XP bar over it.
func pauseHUD(w, h int, k float64, out *[4]image.Rectangle) {
	bw := BossBarWidth(w, h, k)
	x, y := (w-bw)/2, ui.Px(BossBarY, k)
	out[0] = image.Rect(x-2, y-2, x+bw+2, y+ui.Px(10, k)+2)
	box := MinimapBoxWidth(w, h, k)
	out[1] = image.Rect(w-MinimapLeftRoom(w, h, k), 0, w, ui.Px(MinimapTop, k)+int(math.Ceil(float64(box*MinimapBoxH/MinimapBoxW)))+2*MinimapPad)
	hp := HpBarRect(w, h)
	out[2] = hp.Union(AbilityBarRect(hp, k))
	bar := BarRect(w, h)
	out[3] = image.Rect(bar.Min.X, bar.Min.Y-ui.Px(9, k), bar.Max.X, bar.Max.Y)
}

// stackPause stacks the menu by tier t and reports whether it fits clear
// of the HUD; the buttons are laid out either way.
func stackPause(w, h int, k float64, t pauseTier, costLines, lineH int, bs []*ui.Button, hud *[4]image.Rectangle) (PauseLayout, bool) {
	l := PauseLayout{TitleScale: t.title * k, SubY: -1, lineH: lineH}
	bh, gap, bw := ui.Px(t.bh, k), ui.Px(t.gap, k), ui.Px(ui.ButtonW, k)
	rows := (len(bs) + t.cols - 1) / t.cols
	colsW := t.cols*bw + (t.cols-1)*ui.Px(ui.RowGap, k)
	// The stack's height from its top: the title, the line under it, the
	// cost lines, the buttons.
	words := int(ui.GlyphH*l.TitleScale) + ui.Px(pauseTitleGap, k)
	if t.sub {
		words += lineH + ui.Px(pauseSubGap, k)
	}
	if costLines > 0 {
		words += costLines*lineH + ui.Px(pauseCostGap, k)
	}
	height := words + rows*(bh+gap) - gap
	left, right := pauseWords(w, h, k)
	span := image.Rect(min(left, (w-colsW)/2), 0, max(right, (w+colsW)/2), 0)
	top, bottom := ui.Px(4, k), h-ui.Px(4, k)
	for _, r := range hud {
		if r.Min.X >= span.Max.X || r.Max.X <= span.Min.X {
			continue // beside the stack
		}
		if r.Min.Y+r.Max.Y < h { // a part of the top
			top = max(top, r.Max.Y+ui.Px(pauseHUDGap, k))
		} else {
			bottom = min(bottom, r.Min.Y-ui.Px(pauseHUDGap, k))
		}
	}
	// A third of the room left above, two thirds below: the answers to
	// what the menu does (a join code copied) find room under it.
	y := top + max(0, bottom-top-height)/3
	l.TitleY = y
	y += int(ui.GlyphH*l.TitleScale) + ui.Px(pauseTitleGap, k)
	if t.sub {
		l.SubY = y
		y += lineH + ui.Px(pauseSubGap, k)
	}
	l.CostY = y
	if costLines > 0 {
		y += costLines*lineH + ui.Px(pauseCostGap, k)
	}
	x0 := (w - colsW) / 2
	for i, b := range bs {
		c, r := i/rows, i%rows // down the first column, then the next
		x := x0 + c*(bw+ui.Px(ui.RowGap, k))
		b.Rect = image.Rect(x, y+r*(bh+gap), x+bw, y+r*(bh+gap)+bh)
	}
	return l, height <= bottom-top
}
