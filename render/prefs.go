package render

import (
	"fmt"
	"math"
	"sort"

	"github.com/BurntSushi/toml"
	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
)

// Graphics quality: high draws every light, glow and ambient motion; low
// leaves out what costs the most on a slow machine; auto, the default,
// starts high and drops to low for the session when the window cannot
// keep up (autoquality.go, docs/ART.md).
const (
	QualityAuto = "auto"
	QualityHigh = "high"
	QualityLow  = "low"
)

// knownPalette says whether id names a bullet palette of the embedded look.
func knownPalette(id string) bool {
	l, err := assets.Shared()
	if err != nil {
		return id == "standard"
	}
	return l.Palette(id).ID == id
}

// paletteName is the palette's name as Settings shows it.
func paletteName(id string) string {
	if l, err := assets.Shared(); err == nil {
		return l.Palette(id).Name
	}
	return id
}

// nextPalette is the palette after (dir +1) or before (-1) id, wrapping.
func nextPalette(id string, dir int) string {
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

// Window scale limits: the settings screen steps between them.
const (
	minWindowScale  = 0.5
	maxWindowScale  = 2.0
	windowScaleStep = 0.25
)

// fillPrefs puts defaults in for the preferences a file left out and for
// values out of range, noting each fallback in Warnings. It reports
// whether anything changed.
func (s *Settings) fillPrefs(md toml.MetaData) bool {
	changed := false
	def := func(key string, set func()) {
		if !md.IsDefined(key) {
			set()
			changed = true
		}
	}
	def("vsync", func() { s.Vsync = true })
	def("gamepad", func() { s.Gamepad = true })
	def("screen_shake", func() { s.ScreenShake = true })
	def("window_scale", func() { s.WindowScale = 1 })
	def("master_volume", func() { s.MasterVolume = 0.8 })
	def("effects_volume", func() { s.EffectsVolume = 1 })
	def("music_volume", func() { s.MusicVolume = 0.6 })
	def("bullet_palette", func() { s.BulletPalette = "standard" })
	def("quality", func() { s.Quality = QualityAuto })
	def("host_upnp", func() { s.HostUPnP = true })
	if !knownPalette(s.BulletPalette) {
		s.Warnings = append(s.Warnings, fmt.Sprintf("bullet_palette %q is not a palette: using standard", s.BulletPalette))
		s.BulletPalette, changed = "standard", true
	}
	if s.Quality != QualityAuto && s.Quality != QualityHigh && s.Quality != QualityLow {
		s.Warnings = append(s.Warnings, fmt.Sprintf("quality %q is not auto, high or low: using auto", s.Quality))
		s.Quality, changed = QualityAuto, true
	}
	for _, v := range []struct {
		key string
		p   *float64
		def float64
	}{{"master_volume", &s.MasterVolume, 0.8}, {"effects_volume", &s.EffectsVolume, 1}, {"music_volume", &s.MusicVolume, 0.6}} {
		if !(*v.p >= 0 && *v.p <= 1) {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s %v is outside 0 to 1: using %v", v.key, *v.p, v.def))
			*v.p, changed = v.def, true
		}
	}
	if !validUIScale(s.UIScale) {
		s.Warnings = append(s.Warnings, fmt.Sprintf("ui_scale %v is not 0 (auto), 0.75, 1, 1.25, 1.5 or 2: using auto", s.UIScale))
		s.UIScale, changed = 0, true
	}
	if md.IsDefined("window_scale") && !(s.WindowScale >= minWindowScale && s.WindowScale <= maxWindowScale) {
		s.Warnings = append(s.Warnings, fmt.Sprintf("window_scale %v is outside %v to %v: using 1", s.WindowScale, minWindowScale, maxWindowScale))
		s.WindowScale, changed = 1, true
	}
	for _, action := range sortedKeys(s.Keys) {
		name := s.Keys[action]
		var k ebiten.Key
		switch err := k.UnmarshalText([]byte(name)); {
		case actionIndex(action) < 0:
			s.Warnings = append(s.Warnings, fmt.Sprintf("keys: no action is called %q: dropped", action))
		case err != nil:
			s.Warnings = append(s.Warnings, fmt.Sprintf("keys: %s: no key is called %q: using the default", action, name))
		default:
			continue
		}
		delete(s.Keys, action)
		changed = true
	}
	return changed
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
	id, label string
	key       ebiten.Key // the default
}

// Actions, in the settings screen's order. The arrow keys also move, and
// the digits, Shift and Esc keep their meaning.
var actions = [...]action{
	{"up", "Move up", ebiten.KeyW},
	{"down", "Move down", ebiten.KeyS},
	{"left", "Move left", ebiten.KeyA},
	{"right", "Move right", ebiten.KeyD},
	{"interact", "Take, use a portal", ebiten.KeyE},
	{"leave", "Leave the dungeon (hold)", ebiten.KeyF},
	{"netgraph", "Net graph", ebiten.KeyF3},
	{"inventory", "Inventory", ebiten.KeyI},
	{"ability", "Class ability", ebiten.KeySpace},
}

// Indices into actions.
const (
	actUp = iota
	actDown
	actLeft
	actRight
	actInteract
	actLeave
	actNetGraph
	actInventory
	actAbility
	numActions
)

func actionIndex(id string) int {
	for i, a := range actions {
		if a.id == id {
			return i
		}
	}
	return -1
}

// bindings is the key of every action.
type bindings [numActions]ebiten.Key

// bindings is what the settings say, defaults where they are silent.
func (s *Settings) bindings() bindings {
	var b bindings
	for i, a := range actions {
		b[i] = a.key
		var k ebiten.Key
		if name, ok := s.Keys[a.id]; ok && k.UnmarshalText([]byte(name)) == nil {
			b[i] = k
		}
	}
	return b
}

// bind sets an action's key, keeping only the keys that differ from the
// defaults in the file. A key another action had swaps with it, so no key
// does two things.
func (s *Settings) bind(act int, k ebiten.Key) {
	b := s.bindings()
	for i := range b {
		if i != act && b[i] == k {
			b[i] = b[act]
		}
	}
	b[act] = k
	s.Keys = nil
	for i, a := range actions {
		if b[i] != a.key {
			if s.Keys == nil {
				s.Keys = map[string]string{}
			}
			s.Keys[a.id] = b[i].String()
		}
	}
}

// stepScale moves the window scale by one step up or down, within limits.
func stepScale(v float64, dir int) float64 {
	v = math.Round(v/windowScaleStep)*windowScaleStep + float64(dir)*windowScaleStep
	return min(max(v, minWindowScale), maxWindowScale)
}

// stepVolume moves a volume by a tenth, within 0 and 1.
func stepVolume(v float64, dir int) float64 {
	if dir == 0 {
		dir = 1
		if v >= 1 {
			return 0 // Enter at full wraps round to silence
		}
	}
	return min(max(math.Round(v*10+float64(dir))/10, 0), 1)
}

// volume is the effects' loudness: master times effects.
func (s *Settings) volume() float64 { return s.MasterVolume * s.EffectsVolume }
