// Package music makes Duskfall's music: four loops, for the hub, the
// dungeons, boss fights and the Star Vault, synthesized in code from scores written here
// (docs/ART.md, "Music"). There are no music files. A track is rendered
// once, off the frame, into mono 16-bit samples a whole number of bars
// long; every note that rings past the loop's end wraps round to its
// start, so the loop has no seam. The package needs no display and no
// audio device: the window plays what it renders, tests read it.
package music

import "math"

// Rate is every track's sample rate: the window's audio context's.
const Rate = 44100

// Track is one loop.
type Track int

// The tracks, by where they play.
const (
	Hub     Track = iota // calm and warm: the hub and the menus
	Dungeon              // tense and driving: a dungeon, a practice map
	Boss                 // urgent: a boss fight
	Vault                // glassy and wary: the Star Vault's own
	NumTracks
)

func (t Track) String() string {
	switch t {
	case Hub:
		return "hub"
	case Dungeon:
		return "dungeon"
	case Boss:
		return "boss"
	case Vault:
		return "vault"
	}
	return "silence"
}

// Render synthesizes track t: mono samples at Rate, a whole number of bars
// long, whose last sample runs on into its first. The same track renders
// to the same samples every time.
func Render(t Track) []int16 {
	s := scoreOf(t)
	return s.master()
}

// Form is a track's shape: its tempo and length.
type Form struct {
	BPM, BeatsPerBar, Bars int
}

// Samples is the loop's length in samples.
func (f Form) Samples() int { return f.Bars * f.BeatsPerBar * f.beat() }

// Seconds is the loop's length.
func (f Form) Seconds() float64 { return float64(f.Samples()) / Rate }

// beat is a beat in samples. Every tempo here divides the rate's minute
// exactly, so bars fall on whole samples and the loop closes exactly.
func (f Form) beat() int { return Rate * 60 / f.BPM }

// FormOf is track t's form.
func FormOf(t Track) Form { return forms[t] }

var forms = [NumTracks]Form{
	Hub:     {BPM: 80, BeatsPerBar: 4, Bars: 20},  // 60 s
	Dungeon: {BPM: 120, BeatsPerBar: 4, Bars: 32}, // 64 s
	Boss:    {BPM: 150, BeatsPerBar: 4, Bars: 40}, // 64 s
	Vault:   {BPM: 112, BeatsPerBar: 4, Bars: 30}, // 64 s
}

// placeTracks are the dungeon kinds with music of their own, by the id of
// their place (levels/dungeons.toml); every other plays Dungeon's.
var placeTracks = map[string]Track{"star_vault": Vault}

// ForDungeon is the track a dungeon kind's floors play, by its id.
func ForDungeon(id string) Track {
	if t, ok := placeTracks[id]; ok {
		return t
	}
	return Dungeon
}

// hz is the frequency of MIDI note n.
func hz(n int) float64 { return 440 * math.Pow(2, float64(n-69)/12) }
