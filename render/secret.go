package render

import "strings"

// A secret field (a password) draws a star for each letter typed, as many
// as its box holds: the last ones typed, the caret among them.

// shown is what a secret field draws.
func (f *textField) shown() string { return strings.Repeat("*", f.shownStars()) }

// shownStars is how many stars fit the box.
func (f *textField) shownStars() int {
	fit := max((f.rect.Dx()-20)/(glyphW*textScale), 1)
	return min(len(f.text), fit)
}

// shownCaret is the caret's place among the stars shown.
func (f *textField) shownCaret() int {
	hidden := len(f.text) - f.shownStars()
	return min(max(f.cur-hidden, 0), f.shownStars())
}
