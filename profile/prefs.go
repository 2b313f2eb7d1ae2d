package profile

import (
	"fmt"

	"github.com/BurntSushi/toml"

	"duskfall/assets"
)

// Graphics quality: high draws every light, glow and ambient motion; low
// leaves out what costs the most on a slow machine; auto, the default,
// starts high and drops to low for the session when the window cannot
// keep up (render/autoquality.go, docs/ART.md).
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

// Window scale limits: a file's window_scale must lie between them
// (Settings steps through windowScales, render/windowsize.go).
const (
	minWindowScale = 0.5
	maxWindowScale = 2.0
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
	return changed
}

// EffectsLoudness is the effects' loudness: master times effects.
func (s *Settings) EffectsLoudness() float64 { return s.MasterVolume * s.EffectsVolume }

// MusicLoudness is the music's loudness: master times music.
func (s *Settings) MusicLoudness() float64 { return s.MasterVolume * s.MusicVolume }

// UIScaleChoices are the Settings choices, in order; 0 is Auto.
var UIScaleChoices = [...]float64{0, 0.75, 1, 1.25, 1.5, 2}

// validUIScale says whether v is one of the Settings choices.
func validUIScale(v float64) bool {
	for _, c := range UIScaleChoices {
		if v == c {
			return true
		}
	}
	return false
}
