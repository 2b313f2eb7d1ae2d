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
	}
	return s
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
	ability := keyName(b[actAbility])
	return [3]string{
		move + " move, mouse aim, click fire, Shift focus, " + ability + " ability, " + use + " take/use, 1-8 item, Shift+1-8 drop, " + bag + " inventory, hold " + leave + " leave dungeon, Esc menu",
		move + " move, click fire, " + use + " take/use, 1-8 item, " + bag + " inventory, hold " + leave + " leave, Esc menu",
		move + ", click, " + use + ", 1-8, Esc",
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
