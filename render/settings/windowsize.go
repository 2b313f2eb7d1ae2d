package settings

import (
	"fmt"
	"image"
	"math"

	"duskfall/render/ui"
)

// The Window size row of Settings shows the window's real size, the one
// the player may have dragged it to, and steps from it to the next
// standard size: 1280×720 times one of windowScales, the smallest held to
// the least window (640×400). Left goes to the largest standard size that
// fits inside the window and Right to the smallest that holds it, so a
// step never makes the window larger one way and smaller the other, and
// the setting kept (window_scale) is the size chosen, the one the next
// launch opens at.
var windowScales = [...]float64{0.5, 0.75, 1, 1.25, 1.5, 1.75, 2}

// WindowSizeAt is the window's size at a window scale, in the
// device-independent pixels the window is laid out in.
func WindowSizeAt(scale float64) image.Point {
	w, h := int(math.Round(ui.WindowWidth*scale)), int(math.Round(ui.WindowHeight*scale))
	return image.Pt(max(w, MinWindowWidth), max(h, MinWindowHeight))
}

// NextWindowScale is the standard size after from in dir (-1 smaller, +1
// larger), as its scale; false when from is at that end.
func NextWindowScale(from image.Point, dir int) (float64, bool) {
	best, found := 0.0, false
	for _, sc := range windowScales {
		sz := WindowSizeAt(sc)
		if sz == from {
			continue
		}
		inside := sz.X <= from.X && sz.Y <= from.Y
		holds := sz.X >= from.X && sz.Y >= from.Y
		switch {
		case dir < 0 && inside && (!found || sc > best):
			best, found = sc, true
		case dir > 0 && holds && (!found || sc < best):
			best, found = sc, true
		}
	}
	return best, found
}

// windowSizeWords says a window size in pixels, and when it is a standard
// one what share of 1280×720 it is.
func windowSizeWords(sz image.Point) string {
	switch {
	case sz == WindowSizeAt(windowScales[0]):
		return fmt.Sprintf("%d×%d pixels, the smallest", sz.X, sz.Y)
	case sz.X*ui.WindowHeight == sz.Y*ui.WindowWidth:
		return fmt.Sprintf("%d×%d pixels, %.0f %% of %d×%d", sz.X, sz.Y, 100*float64(sz.X)/ui.WindowWidth, ui.WindowWidth, ui.WindowHeight)
	}
	return fmt.Sprintf("%d×%d pixels", sz.X, sz.Y)
}

// windowWords is the Window size row's value: the window as it is, or,
// full screen, the size it has when windowed.
func (p *Panel) windowWords() string {
	s := p.settings
	full := 0.0
	if s.Fullscreen {
		full = 1
	}
	return p.size.words.get([4]float64{float64(p.win.W), float64(p.win.H), full, s.WindowScale}, func() string {
		if s.Fullscreen {
			return windowSizeWords(WindowSizeAt(s.WindowScale)) + " when windowed"
		}
		return windowSizeWords(image.Pt(p.win.W, p.win.H))
	})
}

// stepWindow moves the window to the next standard size in dir (Enter:
// larger), from the size it has, or from the one the last step asked for
// while the window has not taken it yet; full screen, it changes the size
// the window gets back.
func (p *Panel) stepWindow(dir int) {
	if dir == 0 {
		dir = 1
	}
	s := p.settings
	from := image.Pt(p.win.W, p.win.H)
	switch {
	case s.Fullscreen:
		from = WindowSizeAt(s.WindowScale)
	case p.size.asking > 0:
		from = p.size.asked
	}
	scale, ok := NextWindowScale(from, dir)
	if !ok {
		end := "smallest"
		if dir > 0 {
			end = "largest"
		}
		p.say(fmt.Sprintf("%d×%d is the %s window size here; drag the window's edge for another", from.X, from.Y, end))
		return
	}
	p.Said = ""
	s.WindowScale = scale
	ApplyWindow(*s, true)
	p.size.asked, p.size.asking = WindowSizeAt(scale), windowStepFrames
	fmt.Fprintf(p.logw, "duskfall: settings asks for a %d×%d window\n", p.size.asked.X, p.size.asked.Y)
}

// windowStepFrames is how long a step goes on from the size it asked for
// rather than the window's: time enough for the window to take it.
const windowStepFrames = 30

// tellSize says in the log the window's size when Settings opens and
// whenever it changes while open: window tests read the size the row
// shows.
func (p *Panel) tellSize() {
	now := image.Pt(p.win.W, p.win.H)
	if p.size.asking > 0 {
		p.size.asking--
		if now == p.size.asked {
			p.size.asking = 0
		}
	}
	if now != p.size.sized {
		p.size.sized = now
		fmt.Fprintf(p.logw, "duskfall: settings window size %d×%d\n", now.X, now.Y)
	}
}
