package game

import "strings"

// The words of a death (docs/NETCODE.md, "Death"): a death screen says
// "Killed by the Warden's Fury spiral", a friend's feed "Ada fell to a
// Sentry's ring", the roster "Ada fell in the Catacombs". Content names
// carry their own article when they have one ("The Warden", "The
// Catacombs"); the words lower it inside a sentence and never double it.

// KillerWords names what killed a player from its enemy kind and pattern
// indices (-1 when unknown) as a phrase for mid-sentence: "the Warden's Fury
// spiral", "a Grunt's three-way", "an Ember's dart", "Morg's whirl" (a boss
// named without an article is a proper name). Out-of-range indices, as a
// hostile peer may send, read as unknown.
func KillerWords(c *Content, kind, pattern int) string {
	var pat string
	if c != nil && pattern >= 0 && pattern < len(c.Patterns) {
		pat = c.Patterns[pattern].Name
	}
	if c == nil || kind < 0 || kind >= len(c.Enemies) {
		if pat != "" {
			return withArticle(pat)
		}
		return "a bullet from the dark"
	}
	who := enemyWords(&c.Enemies[kind])
	if pat == "" {
		return who
	}
	return possessive(who) + " " + pat
}

// enemyWords is an enemy kind's name with its article for mid-sentence:
// "the Warden", "a Grunt", "an Ember", "Morg".
func enemyWords(d *EnemyDef) string {
	name := strings.TrimSpace(d.Name)
	if rest, ok := cutThe(name); ok {
		return "the " + rest
	}
	if d.Boss || name == "" {
		return name
	}
	return withArticle(name)
}

// PlaceWords is a place's name for "in …": "the Catacombs" from "The
// Catacombs", "the Proving Grounds" from "Proving Grounds".
func PlaceWords(name string) string {
	name = strings.TrimSpace(name)
	if rest, ok := cutThe(name); ok {
		return "the " + rest
	}
	return "the " + name
}

// Capitalize raises the first letter of a phrase that opens a sentence.
func Capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// cutThe strips a leading "The " (any case).
func cutThe(name string) (string, bool) {
	if len(name) > 4 && strings.EqualFold(name[:4], "the ") {
		return name[4:], true
	}
	return name, false
}

// withArticle puts "a" or "an" before a common noun.
func withArticle(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case 'a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U':
		return "an " + s
	}
	return "a " + s
}

// possessive adds 's, or a bare apostrophe after a final s.
func possessive(s string) string {
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}
