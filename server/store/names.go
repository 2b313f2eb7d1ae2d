package store

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameBytes bounds account and character names, so one fits a HUD label
// and a hostile client cannot make the store hold large keys.
const MaxNameBytes = 16

// Name errors: each says in words what a player must change.
var (
	ErrNameEmpty    = errors.New("a name needs at least one character")
	ErrNameTooLong  = errors.New("a name is at most 16 bytes")
	ErrNameNotUTF8  = errors.New("a name must be valid UTF-8 text")
	ErrNameControl  = errors.New("a name cannot hold control or formatting characters")
	ErrNameSpaceEnd = errors.New("a name cannot start or end with a space")
)

// checkName is the one rule for account and character names.
func checkName(name string) error {
	switch {
	case name == "":
		return ErrNameEmpty
	case len(name) > MaxNameBytes:
		return ErrNameTooLong
	case !utf8.ValidString(name):
		return ErrNameNotUTF8
	}
	for _, r := range name {
		// Separators other than the plain space (tabs, line and paragraph
		// separators, no-break spaces) render as gaps or breaks that make two
		// names look alike, so they count with the invisible characters.
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || (unicode.IsSpace(r) && r != ' ') {
			return ErrNameControl
		}
	}
	if strings.TrimSpace(name) != name {
		return ErrNameSpaceEnd
	}
	return nil
}

// foldName maps every rune to the smallest member of its case-folding orbit,
// so names that strings.EqualFold calls equal get the same key.
func foldName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		b.WriteRune(smallestFold(r))
	}
	return b.String()
}

func smallestFold(r rune) rune {
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
