package render

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Every prompt, hint and controls line names an action by the key it is
// bound to now (Settings rebinds them), through keyName: never a key
// written into the words.

// keyName is how a key is written for a player: "E", "F3", "Space",
// "Up" for the arrow, "1" for a digit key.
func keyName(k ebiten.Key) string {
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

// slotKeyLabel is a bag slot's key as its slot on the bar shows it: three
// letters at most ("N1" for the keypad's 1).
func slotKeyLabel(k ebiten.Key) string {
	s := keyName(k)
	if rest, ok := strings.CutPrefix(s, "Numpad"); ok {
		s = "N" + rest
	}
	if r := []rune(s); len(r) > 3 {
		s = string(r[:3])
	}
	return s
}

// slotKeys names the bag slots' keys together, a run of three or more
// digits in order as its ends: "1-8" at first, "Z/2-8" after Z took the
// first slot, "Z/X/C/V/B/N/M/Comma" when no digits are left.
func slotKeys(b bindings) string {
	keys := b[actSlot1:]
	var parts []string
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && isDigitKey(keys[i]) && keys[j] == keys[j-1]+1 && isDigitKey(keys[j]) {
			j++
		}
		if j-i < 3 {
			j = i + 1
			parts = append(parts, keyName(keys[i]))
		} else {
			parts = append(parts, keyName(keys[i])+"-"+keyName(keys[j-1]))
		}
		i = j
	}
	return strings.Join(parts, "/")
}

// isDigitKey says whether k is one of the number keys 0 to 9.
func isDigitKey(k ebiten.Key) bool { return k >= ebiten.KeyDigit0 && k <= ebiten.KeyDigit9 }

// defaultBindings is every action's key before Settings rebinds any.
func defaultBindings() bindings {
	var b bindings
	for i, a := range actions {
		b[i] = a.key
	}
	return b
}

// moveKeys names the four movement keys: "WASD" when each is one letter,
// else the four names.
func moveKeys(b bindings) string {
	keys := [4]string{keyName(b[actUp]), keyName(b[actLeft]), keyName(b[actDown]), keyName(b[actRight])}
	for _, k := range keys {
		if len(k) != 1 {
			return strings.Join(keys[:], "/")
		}
	}
	return strings.Join(keys[:], "")
}

// controlLines are the controls line for these keys, longest first: the
// HUD shows the longest that fits the window.
func controlLines(b bindings) [3]string {
	move, use, bag, leave := moveKeys(b), keyName(b[actInteract]), keyName(b[actInventory]), keyName(b[actLeave])
	ability, focus, slots := keyName(b[actAbility]), keyName(b[actFocus]), slotKeys(b)
	return [3]string{
		move + " move, mouse aim, click fire, " + focus + " focus, " + ability + " ability, " + use + " take/use, " + slots + " item, Shift+" + slots + " drop, " + bag + " inventory, hold " + leave + " leave dungeon, Esc menu",
		move + " move, click fire, " + use + " take/use, " + slots + " item, " + bag + " inventory, hold " + leave + " leave, Esc menu",
		move + ", click, " + use + ", " + slots + ", Esc",
	}
}

// keyWord is keyName, kept for the last key asked so a prompt made every
// frame allocates nothing.
func (u *itemsUI) keyWord(k ebiten.Key) string {
	if u.useWord == "" || u.useKey != k {
		u.useKey, u.useWord = k, keyName(k)
	}
	return u.useWord
}
