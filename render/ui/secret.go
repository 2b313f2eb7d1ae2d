package ui

import "strings"

// A secret field (a password) draws a star for each letter typed, as many
// as its box holds: the last ones typed, the caret among them.

// Shown is what a secret field draws.
func (f *TextField) Shown() string { return strings.Repeat("*", f.shownStars()) }

// shownStars is how many stars fit the box.
func (f *TextField) shownStars() int {
	fit := max((f.Rect.Dx()-20)/(GlyphW*TextScale), 1)
	return min(len(f.Runes), fit)
}

// shownCaret is the caret's place among the stars shown.
func (f *TextField) shownCaret() int {
	hidden := len(f.Runes) - f.shownStars()
	return min(max(f.cur-hidden, 0), f.shownStars())
}
