package render

import (
	"duskfall/profile"
	"fmt"
	"image"
	"math"
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

// uiChoice is the Settings choice the layout follows, 0 for Auto. The app
// sets it when the settings load or change (app.applyInput).
var uiChoice float64

// uiScale is the UI scale for a w×h window.
func uiScale(w, h int) float64 { return uiScaleFor(uiChoice, w, h) }

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

// px is n layout pixels at scale k, rounded to whole screen pixels.
func px(n int, k float64) int { return int(math.Round(float64(n) * k)) }

// pxf is px as a float32, for shapes.
func pxf(n int, k float64) float32 { return float32(px(n, k)) }

// nextUIScale steps the choice in order, Auto then the scales from the
// smallest: Left and Right stop at the ends, so each moves one way only;
// Enter (dir 0) steps up and from the largest back to Auto.
func nextUIScale(v float64, dir int) float64 {
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

// uiScaleWords is the Settings row's value: the choice, under Auto the
// scale it comes to in this window, and for a choice too large for the
// window the scale used instead.
func uiScaleWords(v float64, w, h int) string {
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
// which are drawn before the HUD and keep out from under it (labels.go).
type uiBox struct {
	name  string
	r     image.Rectangle
	layer int
	keep  bool // stays in view under a panel of a higher layer
	cover bool // its layer covers the whole screen (dims or hides what is under)
	text  bool // words, which no other words may cover
	holds bool // a panel whose words are boxes of their own: what comes and goes may lie on it where they leave room (placement.go)
}

type uiBoxes struct {
	on    bool
	layer int
	cover bool // the layer under way covers the whole screen
	boxes []uiBox
	last  []uiBox // the last frame's
	near  []uiBox // room's scratch
}

// reset keeps the frame's boxes as the last frame's, starts an empty
// record and stops recording.
func (b *uiBoxes) reset() {
	b.last, b.boxes = b.boxes, b.last[:0]
	b.on, b.layer, b.cover = false, 0, false
}

// add records r under name when recording is on.
func (b *uiBoxes) add(name string, r image.Rectangle) { b.record(name, r, false, false) }

// addKept records r as a box that stays in view under panels.
func (b *uiBoxes) addKept(name string, r image.Rectangle) { b.record(name, r, true, false) }

// addText records words drawn in r.
func (b *uiBoxes) addText(s string, r image.Rectangle) { b.record(s, r, false, true) }

func (b *uiBoxes) record(name string, r image.Rectangle, keep, text bool) {
	if b == nil || !b.on || r.Empty() {
		return
	}
	b.boxes = append(b.boxes, uiBox{name: name, r: r, layer: b.layer, keep: keep, cover: b.cover, text: text})
}

// clear says whether r touches no box recorded so far this frame.
func (b *uiBoxes) clear(r image.Rectangle) bool {
	for _, o := range b.boxes {
		if o.r.Overlaps(r) {
			return false
		}
	}
	return true
}

// holding marks the box recorded last as a panel that holds its words:
// every word drawn on it is recorded as it is drawn, so what comes and
// goes may lie on it where they leave room (uiBoxes.room).
func (b *uiBoxes) holding() {
	if b != nil && b.on && len(b.boxes) > 0 {
		b.boxes[len(b.boxes)-1].holds = true
	}
}

// overlay starts a panel's layer over what is drawn so far; screen says
// the panel dims or hides the whole screen under it (the pause menu,
// Settings), so nothing under it need stay in view.
func (b *uiBoxes) overlay(screen bool) {
	if b != nil {
		b.layer++
		b.cover = screen
	}
}

// rectF is a rectangle from float coordinates, rounded outward.
func rectF(x, y, w, h float32) image.Rectangle {
	return image.Rect(int(math.Floor(float64(x))), int(math.Floor(float64(y))),
		int(math.Ceil(float64(x+w))), int(math.Ceil(float64(y+h))))
}

// layoutFaults are the boxes that leave a w×h window, and the pairs that
// overlap in one layer (neither inside the other), words on words in any
// two layers, or where a panel covers a box kept in view: empty when the
// layout is sound.
func layoutFaults(boxes []uiBox, w, h int) []string {
	var out []string
	win := image.Rect(0, 0, w, h)
	for _, b := range boxes {
		if !b.r.In(win) {
			out = append(out, fmt.Sprintf("%q %v leaves the %d×%d window", b.name, b.r, w, h))
		}
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if !a.r.Overlaps(b.r) {
				continue
			}
			switch {
			case a.layer == b.layer:
				if a.r.In(b.r) || b.r.In(a.r) {
					continue
				}
				out = append(out, fmt.Sprintf("%q %v overlaps %q %v", a.name, a.r, b.name, b.r))
			case a.text && b.text:
				out = append(out, fmt.Sprintf("%q %v is drawn over %q %v", b.name, b.r, a.name, a.r))
			case a.keep && b.layer > a.layer && !b.cover:
				out = append(out, fmt.Sprintf("%q %v covers %q %v, which stays in view", b.name, b.r, a.name, a.r))
			case b.keep && a.layer > b.layer && !a.cover:
				out = append(out, fmt.Sprintf("%q %v covers %q %v, which stays in view", a.name, a.r, b.name, b.r))
			}
		}
	}
	return out
}
