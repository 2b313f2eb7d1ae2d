package music

import "math"

// Silence is no track: a fader told to want it fades every track out.
const Silence Track = -1

// FadeSeconds is how long a crossfade takes.
const FadeSeconds = 1.5

// Fader crossfades between the tracks: the wanted one rises while the
// others fall, each over FadeSeconds, at equal power so the music neither
// dips nor swells on the way. A change of mind mid-fade turns back from
// where the levels are. The zero Fader is silent and wants nothing.
type Fader struct {
	level [NumTracks]float64 // 0..1, moving linearly
	want  Track
	set   bool
}

// Want makes t the track to fade to.
func (f *Fader) Want(t Track) { f.want, f.set = t, true }

// Wanted is the track being faded to, or Silence.
func (f *Fader) Wanted() Track {
	if !f.set {
		return Silence
	}
	return f.want
}

// Step moves every level dt seconds along its fade.
func (f *Fader) Step(dt float64) {
	d := dt / FadeSeconds
	for t := range f.level {
		if f.set && Track(t) == f.want {
			f.level[t] = min(1, f.level[t]+d)
		} else {
			f.level[t] = max(0, f.level[t]-d)
		}
	}
}

// Gain is track t's gain now, 0..1: its level on a quarter sine, so two
// tracks crossing keep their summed power.
func (f *Fader) Gain(t Track) float64 {
	if t < 0 || t >= NumTracks {
		return 0
	}
	return math.Sin(f.level[t] * math.Pi / 2)
}
