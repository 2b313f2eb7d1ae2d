package ui

import (
	"strconv"
	"strings"
)

// CountedName is n of the item called name, in words: "Iron Sword",
// "2 Healing Potions", "3 Warden's Rations".
func CountedName(name string, n int) string {
	if n == 1 {
		return name
	}
	return strconv.Itoa(n) + " " + PluralName(name)
}

// PluralName is an item's name for more than one, by the English rule for
// its last word: "Potion" → "Potions", "Glass" → "Glasses", "Ruby" →
// "Rubies".
func PluralName(name string) string {
	lower := strings.ToLower(name)
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "z"),
		strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return name + "es"
	case len(lower) > 1 && strings.HasSuffix(lower, "y") && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}
