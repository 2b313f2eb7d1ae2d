package ui

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Every prompt, hint and controls line names an action by the key it is
// bound to now (Settings rebinds them), through keyName: never a key
// written into the words.

// KeyName is how a key is written for a player: "E", "F3", "Space",
// "Up" for the arrow, "1" for a digit key.
func KeyName(k ebiten.Key) string {
	s := k.String()
	switch {
	case strings.HasPrefix(s, "Digit"):
		return s[len("Digit"):]
	case strings.HasPrefix(s, "Arrow"):
		return s[len("Arrow"):]
	case k == ebiten.KeyControl:
		return "Ctrl"
	}
	return s
}

// SlotKeyLabel is a bag slot's key as its slot on the bar shows it: three
// letters at most ("N1" for the keypad's 1).
func SlotKeyLabel(k ebiten.Key) string {
	s := KeyName(k)
	if rest, ok := strings.CutPrefix(s, "Numpad"); ok {
		s = "N" + rest
	}
	if r := []rune(s); len(r) > 3 {
		s = string(r[:3])
	}
	return s
}

// SlotKeys names the bag slots' keys together, a run of three or more
// digits in order as its ends: "1-8" at first, "Z/2-8" after Z took the
// first slot, "Z/X/C/V/B/N/M/Comma" when no digits are left.
func SlotKeys(b Bindings) string {
	keys := b[ActSlot1:]
	var parts []string
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && isDigitKey(keys[i]) && keys[j] == keys[j-1]+1 && isDigitKey(keys[j]) {
			j++
		}
		if j-i < 3 {
			j = i + 1
			parts = append(parts, KeyName(keys[i]))
		} else {
			parts = append(parts, KeyName(keys[i])+"-"+KeyName(keys[j-1]))
		}
		i = j
	}
	return strings.Join(parts, "/")
}

// isDigitKey says whether k is one of the number keys 0 to 9.
func isDigitKey(k ebiten.Key) bool { return k >= ebiten.KeyDigit0 && k <= ebiten.KeyDigit9 }

// DefaultBindings is every action's key before Settings rebinds any.
func DefaultBindings() Bindings {
	var b Bindings
	for i, a := range Actions {
		b[i] = a.Key
	}
	return b
}

// moveKeys names the four movement keys: "WASD" when each is one letter,
// else the four names.
func moveKeys(b Bindings) string {
	keys := [4]string{KeyName(b[ActUp]), KeyName(b[ActLeft]), KeyName(b[ActDown]), KeyName(b[ActRight])}
	for _, k := range keys {
		if len(k) != 1 {
			return strings.Join(keys[:], "/")
		}
	}
	return strings.Join(keys[:], "")
}

// ControlLines are the controls line for these keys, longest first: the
// HUD shows the longest that fits the window.
func ControlLines(b Bindings) [3]string {
	move, use, bag, leave := moveKeys(b), KeyName(b[ActInteract]), KeyName(b[ActInventory]), KeyName(b[ActLeave])
	ability, focus, slots := KeyName(b[ActAbility]), KeyName(b[ActFocus]), SlotKeys(b)
	return [3]string{
		move + " move, mouse aim, click fire, " + focus + " focus, " + ability + " ability, " + use + " take/use, " + slots + " item, Shift+" + slots + " drop, " + bag + " inventory, hold " + leave + " leave dungeon, Esc menu",
		move + " move, click fire, " + use + " take/use, " + slots + " item, " + bag + " inventory, hold " + leave + " leave, Esc menu",
		move + ", click, " + use + ", " + slots + ", Esc",
	}
}
