package ui

import (
	"image"
)

// What comes and goes over the fight (docs/ART.md, "The HUD at any
// size"): E's prompt, the tooltip of the bar slot pointed at, the ship's
// state, the boss banner, the server's last sentence, the level-up words,
// the cleared panel and the feedback lines.
// They are drawn last, over the HUD and over a panel that leaves room (the
// inventory, the keeper's panel, and of them the pause menu shows only the
// sentence and the feedback, answers to what it does), in that order,
// what a player must act on first, each in the place nearest where it always
// stood that is free of every box the frame has drawn so far, its own
// included (Boxes.Room): the XP line's row across the bar is one box, so
// nothing stands beside its words, and the inventory's panel holds its
// words, so the feedback of what the bag does lies on it where they leave
// room. One that finds no room this frame is left out,
// never drawn over other words, and drawn again once room frees. Under
// Settings or the Players list they wait.

// TransientGap is the room kept around each, at scale 1.
const TransientGap = 6

// Transients holds the transient lines cut to the window, so placing them
// allocates nothing at steady state.
type Transients struct {
	Toast   [ToastLines]Fitted
	Notice  Fitted
	Status  Fitted
	cleared []Fitted // the cleared panel's lines under its title
	lines   []string
}

// ClearedLines are the cleared panel's lines under its title, each cut to
// width at scale k.
func (t *Transients) ClearedLines(g *Graphics, txt []string, width int, k float64) []string {
	for len(t.cleared) < len(txt)-1 {
		t.cleared = append(t.cleared, Fitted{})
	}
	t.lines = t.lines[:0]
	for i, l := range txt[1:] {
		t.lines = append(t.lines, t.cleared[i].Get(g, l, width, k))
	}
	return t.lines
}

// Room finds a place for a block w×h centred across a screen sw×sh,
// wished with its top at y: of the places where it touches no box
// recorded so far (within gap), the nearest to y, on a tie the one in dir
// (1 down, -1 up). A panel that holds its words (Boxes.AddHolding: the
// inventory) is in the way only of a block that would cross its edge: the
// block may lie on it, within gap of nothing, where its words, each a box
// of its own, leave room. A free place is the wished one or lies just
// past some box, or just inside a holding panel's edge, so those are the
// places tried. The place is recorded under name; false when none lies
// between the screen's edges.
func (b *Boxes) Room(name string, w, h, y, dir, sw, sh, gap int) (image.Rectangle, bool) {
	return b.RoomAt(name, sw/2-w/2, w, h, y, dir, sw, sh, gap) // as text centred on the screen lands
}

// RoomAt is room for a block whose left edge stands at x: a bar slot's
// tooltip, over its slot.
func (b *Boxes) RoomAt(name string, x, w, h, y, dir, sw, sh, gap int) (image.Rectangle, bool) {
	if b == nil || x < 0 || x+w > sw || h > sh {
		return image.Rectangle{}, false
	}
	b.near = b.near[:0] // the boxes level with the block: only they can be in its way
	for _, o := range b.Boxes {
		if o.R.Min.X < x+w+gap && x-gap < o.R.Max.X {
			b.near = append(b.near, o)
		}
	}
	best, found, bestCost := 0, false, 0
	try := func(top int) {
		if top < 0 || top+h > sh || inTheWay(b.near, image.Rect(x-gap, top-gap, x+w+gap, top+h+gap)) {
			return
		}
		cost := 2 * Abs(top-y)
		if (top-y)*dir < 0 {
			cost++ // against the way it would rather move
		}
		if !found || cost < bestCost {
			best, found, bestCost = top, true, cost
		}
	}
	try(y)
	for _, o := range b.near {
		try(o.R.Max.Y + gap)
		try(o.R.Min.Y - gap - h)
		if o.holds {
			try(o.R.Min.Y + gap)
			try(o.R.Max.Y - gap - h)
		}
	}
	if !found {
		return image.Rectangle{}, false
	}
	r := image.Rect(x, best, x+w, best+h)
	b.Add(name, r)
	return r, true
}

// inTheWay says whether a block r (its gap included) touches a box: any
// box it overlaps, but a holding panel only when r crosses its edge.
func inTheWay(boxes []Box, r image.Rectangle) bool {
	for _, o := range boxes {
		if o.R.Overlaps(r) && !(o.holds && r.In(o.R)) {
			return true
		}
	}
	return false
}

func Abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ToastLines are the feedback lines on screen at once, newest lowest.
const ToastLines = 3
