package ui

import (
	"fmt"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/profile"
)

// checkKeys drops the key names the settings file gives that name no
// action, no key or a key the action cannot have, noting each in
// Warnings: the file keeps keys by name, and only the window knows keys.
// It reports whether anything changed.
func checkKeys(s *profile.Settings) bool {
	changed := false
	for _, action := range sortedKeys(s.Keys) {
		name := s.Keys[action]
		var k ebiten.Key
		switch err := k.UnmarshalText([]byte(name)); {
		case actionIndex(action) < 0:
			s.Warnings = append(s.Warnings, fmt.Sprintf("keys: no action is called %q: dropped", action))
		case err != nil:
			s.Warnings = append(s.Warnings, fmt.Sprintf("keys: %s: no key is called %q: using the default", action, name))
		case fixedKey(actionIndex(action), k) != "":
			s.Warnings = append(s.Warnings, fmt.Sprintf("keys: %s: %s: using the default", action, fixedKey(actionIndex(action), k)))
		default:
			continue
		}
		delete(s.Keys, action)
		changed = true
	}
	return changed
}

// LoadSettings is LoadSettings with the key names checked (checkKeys).
func LoadSettings(path string) (profile.Settings, bool, error) {
	s, changed, err := profile.LoadSettings(path)
	if err != nil {
		return s, changed, err
	}
	if checkKeys(&s) {
		changed = true
	}
	return s, changed, nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// An action is something a key does in play; the settings screen rebinds
// each by pressing the new key.
type action struct {
	Id, Label string
	name      string     // in Settings' words about a rebinding: the label, shorter
	Key       ebiten.Key // the default
}

// Actions, in the settings screen's order. The arrow keys also move, and
// Esc, F11, Shift with a bag slot's key and the mouse keep their meaning
// (fixedKey); the keypad's 1 to 8 also use the bag slots while no action
// has them.
var Actions = [...]action{
	{"up", "Move up", "Move up", ebiten.KeyW},
	{"down", "Move down", "Move down", ebiten.KeyS},
	{"left", "Move left", "Move left", ebiten.KeyA},
	{"right", "Move right", "Move right", ebiten.KeyD},
	{"interact", "Take, use a portal", "Take, use a portal", ebiten.KeyE},
	{"leave", "Leave the dungeon (hold)", "Leave the dungeon", ebiten.KeyF},
	{"netgraph", "Net graph", "Net graph", ebiten.KeyF3},
	{"inventory", "Inventory", "Inventory", ebiten.KeyI},
	{"ability", "Class ability", "Class ability", ebiten.KeySpace},
	{"focus", "Focus (slower, hitbox shown)", "Focus", ebiten.KeyShift}, // either Shift
	{"slot1", "Use bag slot 1", "Bag slot 1", ebiten.KeyDigit1},
	{"slot2", "Use bag slot 2", "Bag slot 2", ebiten.KeyDigit2},
	{"slot3", "Use bag slot 3", "Bag slot 3", ebiten.KeyDigit3},
	{"slot4", "Use bag slot 4", "Bag slot 4", ebiten.KeyDigit4},
	{"slot5", "Use bag slot 5", "Bag slot 5", ebiten.KeyDigit5},
	{"slot6", "Use bag slot 6", "Bag slot 6", ebiten.KeyDigit6},
	{"slot7", "Use bag slot 7", "Bag slot 7", ebiten.KeyDigit7},
	{"slot8", "Use bag slot 8", "Bag slot 8", ebiten.KeyDigit8},
}

// Indices into actions.
const (
	ActUp = iota
	ActDown
	ActLeft
	ActRight
	ActInteract
	ActLeave
	ActNetGraph
	ActInventory
	ActAbility
	ActFocus
	ActSlot1   // the bag slots' keys, slot i at actSlot1+i
	NumActions = ActSlot1 + game.BagSlots
)

func actionIndex(id string) int {
	for i, a := range Actions {
		if a.Id == id {
			return i
		}
	}
	return -1
}

// isSlot says whether action i uses a bag slot.
func isSlot(i int) bool { return i >= ActSlot1 && i < ActSlot1+game.BagSlots }

// Bindings is the key of every action.
type Bindings [NumActions]ebiten.Key

// BindingsOf is what the settings say, defaults where they are silent.
func BindingsOf(s *profile.Settings) Bindings {
	var b Bindings
	for i, a := range Actions {
		b[i] = a.Key
		var k ebiten.Key
		if name, ok := s.Keys[a.Id]; ok && k.UnmarshalText([]byte(name)) == nil {
			b[i] = k
		}
	}
	return b
}

// bindKey is a key as Settings binds it: either Shift, Ctrl, Alt or Meta,
// whichever side was pressed, as a player names them.
func bindKey(k ebiten.Key) ebiten.Key {
	switch k {
	case ebiten.KeyShiftLeft, ebiten.KeyShiftRight:
		return ebiten.KeyShift
	case ebiten.KeyControlLeft, ebiten.KeyControlRight:
		return ebiten.KeyControl
	case ebiten.KeyAltLeft, ebiten.KeyAltRight:
		return ebiten.KeyAlt
	case ebiten.KeyMetaLeft, ebiten.KeyMetaRight:
		return ebiten.KeyMeta
	}
	return k
}

// fixedKey says why key k cannot do action act, in words a player reads
// on the Settings screen, or "" when it can. Esc never gets here: it
// cancels the rebinding.
func fixedKey(act int, k ebiten.Key) string {
	switch k = bindKey(k); {
	case k == ebiten.KeyF11:
		return "F11 always switches full screen"
	case k == ebiten.KeyArrowUp || k == ebiten.KeyArrowDown || k == ebiten.KeyArrowLeft || k == ebiten.KeyArrowRight:
		return "the arrow keys always move"
	case k == ebiten.KeyShift && isSlot(act):
		return "Shift cannot use a bag slot: with a slot's key it drops the item"
	}
	return ""
}

// A rebinding is what binding a key did, for the words Settings shows.
type rebinding struct {
	act      int        // the action given the key
	Key      ebiten.Key // the key, as bound
	was      int        // the action that had the key and now has act's old one, or -1
	old      ebiten.Key // act's old key, now was's
	Refused  string     // why the key was not bound, or ""
	unchange bool       // the action had that key already
}

// Words is what Settings says of it: "W was Move up: Move up is now
// Space", "Inventory is now B", or why the key was refused.
func (r rebinding) Words() string {
	key, act := KeyName(r.Key), Actions[r.act].name
	switch {
	case r.Refused != "":
		return fmt.Sprintf("%s not bound: %s", act, r.Refused)
	case r.unchange:
		return fmt.Sprintf("%s stays %s", act, key)
	case r.was >= 0:
		was := Actions[r.was].name
		return fmt.Sprintf("%s was %s: %s is now %s", key, was, was, KeyName(r.old))
	}
	return fmt.Sprintf("%s is now %s", act, key)
}

// Bind gives action act the key k in the settings s, keeping only the keys that differ
// from the defaults in the file. The action that had k takes act's old
// key, so no key does two things; the result says so. A key that cannot
// do act, or whose move would give the other action a key it cannot
// have, is refused.
func Bind(s *profile.Settings, act int, k ebiten.Key) rebinding {
	k = bindKey(k)
	b := BindingsOf(s)
	r := rebinding{act: act, Key: k, was: -1, old: b[act]}
	if r.Refused = fixedKey(act, k); r.Refused != "" {
		return r
	}
	if bindKey(b[act]) == k {
		r.unchange = true
		return r
	}
	for i := range b {
		if i != act && bindKey(b[i]) == k {
			r.was = i
		}
	}
	if r.was >= 0 {
		if fixedKey(r.was, b[act]) != "" {
			r.Refused = fmt.Sprintf("%s has %s and cannot take %s; give it another key first",
				Actions[r.was].name, KeyName(k), KeyName(b[act]))
			r.was = -1
			return r
		}
		b[r.was] = b[act]
	}
	b[act] = k
	s.Keys = nil
	for i, a := range Actions {
		if b[i] != a.Key {
			if s.Keys == nil {
				s.Keys = map[string]string{}
			}
			s.Keys[a.Id] = b[i].String()
		}
	}
	return r
}

// PaletteName is the palette's name as Settings shows it.
func PaletteName(id string) string {
	if l, err := assets.Shared(); err == nil {
		return l.Palette(id).Name
	}
	return id
}

// NextPalette is the palette after (dir +1) or before (-1) id, wrapping.
func NextPalette(id string, dir int) string {
	l, err := assets.Shared()
	if err != nil || len(l.Palettes) == 0 {
		return id
	}
	i := 0
	for j, p := range l.Palettes {
		if p.ID == id {
			i = j
		}
	}
	if dir == 0 {
		dir = 1
	}
	n := len(l.Palettes)
	return l.Palettes[((i+dir)%n+n)%n].ID
}

// StepVolume moves a volume by a tenth, within 0 and 1.
func StepVolume(v float64, dir int) float64 {
	if dir == 0 {
		dir = 1
		if v >= 1 {
			return 0 // Enter at full wraps round to silence
		}
	}
	return min(max(math.Round(v*10+float64(dir))/10, 0), 1)
}
