package store

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
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
	// ErrNameLooksTaken refuses a new account or character name that a
	// player could not tell from one already held (see SameName).
	ErrNameLooksTaken = errors.New("that name looks like another player's name")
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

// SameKey says whether two names are filed under one key: equal but for
// letter case (foldName), so one account, or one character's name.
// Identity rests on it: a token checked for one name is good for the
// other.
func SameKey(a, b string) bool { return strings.EqualFold(a, b) }

// SameName says whether a player could take one name for the other: one
// key, or look-alikes (one skeleton). A new account or character whose
// name is the same as one another holds is refused; two held before this
// rule existed both keep working.
func SameName(a, b string) bool { return SameKey(a, b) || skeleton(a) == skeleton(b) }

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

// skeleton is what a name looks like, so that names a player cannot tell
// apart have one skeleton: compatibility decomposition (NFKD: fullwidth
// and mathematical letters, ligatures, superscripts become the letters
// they are drawn as, and an accented letter its base and its marks),
// invisible code points dropped, letter case folded, and every letter in
// lookalikes replaced by the Latin letter it is drawn like. Marks stay: ā
// is not a. docs/NETCODE.md (Accounts) says what is left out and why.
func skeleton(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range norm.NFKD.String(name) {
		if invisible(r) {
			continue
		}
		r = caseless(r)
		if l, ok := lookalikes[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// caseless maps every form of a letter to one small letter: the members of
// a case-folding orbit, and letters with one capital (µ and μ, ı and i).
func caseless(r rune) rune { return unicode.ToLower(unicode.ToUpper(smallestFold(r))) }

// invisible reports code points that draw nothing and that checkName lets
// through: variation selectors, the combining grapheme joiner, Hangul
// fillers and the rest of Unicode's other default-ignorables.
func invisible(r rune) bool {
	return unicode.Is(unicode.Variation_Selector, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// lookalikes maps letters of other alphabets, in their folded small form,
// to the Latin small letter they are drawn like: a subset of the
// confusables of Unicode TR39 for Cyrillic, Greek and Latin letters. Where
// a letter's capital and small forms look like two different Latin letters
// (Greek Η and η, H and n), the capital decides: the game's font (Go
// Regular) draws the capitals with the very outlines of the Latin ones,
// which TestTheFontsLookAlikesAreOneName checks.
var lookalikes = map[rune]rune{
	// Cyrillic.
	'а': 'a', 'в': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'ԍ': 'g', 'н': 'h', 'һ': 'h', 'і': 'i',
	'ӏ': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'т': 't',
	'ѵ': 'v', 'ԝ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y',
	// Greek.
	'α': 'a', 'β': 'b', 'ϲ': 'c', 'ε': 'e', 'η': 'h', 'ι': 'i', 'ϳ': 'j', 'κ': 'k', 'μ': 'm',
	'ν': 'n', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'χ': 'x', 'γ': 'y', 'υ': 'y', 'ζ': 'z',
	// Latin letters outside the basic alphabet: IPA forms, the dental
	// click, and the small capitals, which read as capitals. (Dotless ı
	// needs no entry: its capital is I.)
	'ɩ': 'i', 'ɑ': 'a', 'ɡ': 'g', 'ǀ': 'l',
	'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e', 'ɢ': 'g', 'ʜ': 'h', 'ɪ': 'i', 'ᴊ': 'j',
	'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ꜱ': 's', 'ᴛ': 't',
	'ᴜ': 'u', 'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z',
}
