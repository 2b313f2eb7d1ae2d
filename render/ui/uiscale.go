package ui

import (
	"fmt"
	"image"
	"math"

	"duskfall/profile"
)

// The UI scale: one factor for the HUD's and the in-game menus' text,
// bars, slots and paddings, 1 at 1280×720. Automatic, it follows the
// window: the largest step not over min(w/1280, h/720), and never under
// the smallest step, so 640×400 gets a compact HUD at 75 % and 2560×1440
// one at 200 %. The window is laid out in device-independent pixels (the
// screen is the window's size in them, app.Layout), so a monitor's own
// scale (a 200 % display) is already in those pixels: a 2560×1440 window
// on one is 1280×720 of them, and its HUD is as large on the glass as on a
// 100 % display of the same size. Settings can choose a scale instead; a
// choice larger than the window has room for is held to the largest that
// fits (1.5 times the automatic one), so nothing overlaps or leaves the
// window at any size.
var uiScaleSteps = [...]float64{0.75, 1, 1.25, 1.5, 2, 2.5, 3}

// ScaleChoice is the Settings choice the layout follows, 0 for Auto. The app
// sets it when the settings load or change (app.applyInput).
var ScaleChoice float64

// Scale is the UI scale for a w×h window.
func Scale(w, h int) float64 { return uiScaleFor(ScaleChoice, w, h) }

// uiScaleFor is the UI scale for a w×h window under the choice (0 Auto).
func uiScaleFor(choice float64, w, h int) float64 {
	fit := min(float64(w)/WindowWidth, float64(h)/WindowHeight)
	if choice <= 0 {
		return uiStepAtMost(fit)
	}
	return min(choice, uiStepAtMost(1.5*fit))
}

// uiStepAtMost is the largest step not over v, or the smallest step.
func uiStepAtMost(v float64) float64 {
	k := uiScaleSteps[0]
	for _, s := range uiScaleSteps {
		if s <= v+1e-9 {
			k = s
		}
	}
	return k
}

// Px is n layout pixels at scale k, rounded to whole screen pixels.
func Px(n int, k float64) int { return int(math.Round(float64(n) * k)) }

// Pxf is px as a float32, for shapes.
func Pxf(n int, k float64) float32 { return float32(Px(n, k)) }

// NextUIScale steps the choice in order, Auto then the scales from the
// smallest: Left and Right stop at the ends, so each moves one way only;
// Enter (dir 0) steps up and from the largest back to Auto.
func NextUIScale(v float64, dir int) float64 {
	i := 0
	for j, c := range profile.UIScaleChoices {
		if c == v {
			i = j
		}
	}
	n := len(profile.UIScaleChoices)
	if dir == 0 {
		return profile.UIScaleChoices[(i+1)%n]
	}
	return profile.UIScaleChoices[min(max(i+dir, 0), n-1)]
}

// ScaleWords is the Settings row's value: the choice, under Auto the
// scale it comes to in this window, and for a choice too large for the
// window the scale used instead.
func ScaleWords(v float64, w, h int) string {
	if v <= 0 {
		return fmt.Sprintf("Auto (%.0f %%)", 100*uiScaleFor(0, w, h))
	}
	if k := uiScaleFor(v, w, h); k != v {
		return fmt.Sprintf("%.0f %% (too large for this window: %.0f %% used)", 100*v, 100*k)
	}
	return fmt.Sprintf("%.0f %%", 100*v)
}

// The layout's boxes: every HUD and menu element drawn in a frame, by
// name, so a test can check that no two overlap and none leaves the
// window (TestNoHUDElementsOverlapAtAnySize), and so what comes and goes
// finds room among what is already drawn (placement.go). Text and framed
// panels are recorded as they are drawn while recording is on (the HUD
// and the menus, never the world's labels under them); bars, the minimap
// and the hotbar are recorded by their drawers. A box wholly inside
// another is its child (a label on its button, a slot in its bar) and may
// overlap it; any other overlap within a layer is a fault. A panel over
// the game (the pause menu, Settings, the inventory) opens a layer of its
// own: it may cover the HUD, but not the boxes kept in view under it (the
// item bar the inventory points at), and no text of any layer may lie on
// another's: a panel that dims the screen leaves the HUD's words out
// (textCache.quiet). The slices are reused: recording allocates nothing
// at steady state. The last frame's boxes are kept for the world's labels,
// which are drawn before the HUD and keep out from under it (render/world/labels.go).
type Box struct {
	Name  string
	R     image.Rectangle
	Layer int
	keep  bool // stays in view under a panel of a higher layer
	cover bool // its layer covers the whole screen (dims or hides what is under)
	Text  bool // words, which no other words may cover
	holds bool // a panel whose words are boxes of their own: what comes and goes may lie on it where they leave room (placement.go)
}

type Boxes struct {
	On    bool
	layer int
	cover bool // the layer under way covers the whole screen
	Boxes []Box
	Last  []Box // the last frame's
	near  []Box // room's scratch
}

// Reset keeps the frame's boxes as the last frame's, starts an empty
// record and stops recording.
func (b *Boxes) Reset() {
	b.Last, b.Boxes = b.Boxes, b.Last[:0]
	b.On, b.layer, b.cover = false, 0, false
}

// Add records r under name when recording is on.
func (b *Boxes) Add(name string, r image.Rectangle) { b.record(name, r, false, false) }

// AddKept records r as a box that stays in view under panels.
func (b *Boxes) AddKept(name string, r image.Rectangle) { b.record(name, r, true, false) }

// AddText records words drawn in r.
func (b *Boxes) AddText(s string, r image.Rectangle) { b.record(s, r, false, true) }

func (b *Boxes) record(name string, r image.Rectangle, keep, text bool) {
	if b == nil || !b.On || r.Empty() {
		return
	}
	b.Boxes = append(b.Boxes, Box{Name: name, R: r, Layer: b.layer, keep: keep, cover: b.cover, Text: text})
}

// Clear says whether r touches no box recorded so far this frame.
func (b *Boxes) Clear(r image.Rectangle) bool {
	for _, o := range b.Boxes {
		if o.R.Overlaps(r) {
			return false
		}
	}
	return true
}

// Holding marks the box recorded last as a panel that holds its words:
// every word drawn on it is recorded as it is drawn, so what comes and
// goes may lie on it where they leave room (Boxes.Room).
func (b *Boxes) Holding() {
	if b != nil && b.On && len(b.Boxes) > 0 {
		b.Boxes[len(b.Boxes)-1].holds = true
	}
}

// Overlay starts a panel's layer over what is drawn so far; screen says
// the panel dims or hides the whole screen under it (the pause menu,
// Settings), so nothing under it need stay in view.
func (b *Boxes) Overlay(screen bool) {
	if b != nil {
		b.layer++
		b.cover = screen
	}
}

// RectF is a rectangle from float coordinates, rounded outward.
func RectF(x, y, w, h float32) image.Rectangle {
	return image.Rect(int(math.Floor(float64(x))), int(math.Floor(float64(y))),
		int(math.Ceil(float64(x+w))), int(math.Ceil(float64(y+h))))
}

// LayoutFaults are the boxes that leave a w×h window, and the pairs that
// overlap in one layer (neither inside the other), words on words in any
// two layers, or where a panel covers a box kept in view: empty when the
// layout is sound.
func LayoutFaults(boxes []Box, w, h int) []string {
	var out []string
	win := image.Rect(0, 0, w, h)
	for _, b := range boxes {
		if !b.R.In(win) {
			out = append(out, fmt.Sprintf("%q %v leaves the %d×%d window", b.Name, b.R, w, h))
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if !a.R.Overlaps(b.R) {
				continue
			}
			switch {
			case a.Layer == b.Layer:
				if a.R.In(b.R) || b.R.In(a.R) {
					continue
				}
				out = append(out, fmt.Sprintf("%q %v overlaps %q %v", a.Name, a.R, b.Name, b.R))
			case a.Text && b.Text:
				out = append(out, fmt.Sprintf("%q %v is drawn over %q %v", b.Name, b.R, a.Name, a.R))
			case a.keep && b.Layer > a.Layer && !b.cover:
				out = append(out, fmt.Sprintf("%q %v covers %q %v, which stays in view", b.Name, b.R, a.Name, a.R))
			case b.keep && a.Layer > b.Layer && !a.cover:
				out = append(out, fmt.Sprintf("%q %v covers %q %v, which stays in view", a.Name, a.R, b.Name, b.R))
			}
		}
	}
	return out
}

// Window geometry.
const (
	WindowTitle  = "Duskfall"
	WindowWidth  = 1280
	WindowHeight = 720
)
