package music

// The scores. Chords are MIDI notes, voiced close so one chord moves to
// the next by small steps; a track's last bar leads back to its first, so
// the loop comes round as a cadence, never a cut.

func scoreOf(t Track) *song {
	switch t {
	case Hub:
		return hub()
	case Dungeon:
		return dungeon()
	case Vault:
		return vault()
	}
	return boss()
}

// chord is a voicing and the bass note under it.
type chord struct {
	notes [4]int
	root  int
}

// phrase is a melody: notes with their start and length in beats, the
// start counted from the phrase's first bar.
type phrase []struct {
	note        int
	start, span float64
}

// play plays a phrase from bar with inst.
func (s *song) play(p phrase, bar int, inst func(start, length, note int)) {
	for _, n := range p {
		inst(s.at(bar, n.start), s.beats(n.span), n.note)
	}
}

// hub is calm and warm: D major at 80 beats a minute, a soft pad, a round
// bass, a harp arpeggio that comes and goes and a bell melody over the
// middle. No drums: the hub is where a player rests.
func hub() *song {
	s := newSong(forms[Hub], 0x48554221)
	prog := [4]chord{
		{[4]int{50, 54, 57, 61}, 38}, // Dmaj7
		{[4]int{50, 54, 57, 59}, 35}, // Bm7
		{[4]int{50, 54, 55, 59}, 31}, // Gmaj7
		{[4]int{52, 57, 59, 61}, 33}, // A, with a suspended ninth
	}
	arp := [8]int{0, 1, 2, 3, 4, 3, 2, 1} // up and down the chord; 4 is the root an octave up
	for bar := range s.form.Bars {
		c := prog[bar%4]
		for _, n := range c.notes {
			s.pad(s.at(bar, 0), s.beats(4), n, 0.09, 1200, 0.5)
		}
		s.bass(s.at(bar, 0), s.beats(2.5), c.root, 0.55, 420)
		s.bass(s.at(bar, 2.5), s.beats(1.5), c.root+7, 0.3, 420)
		step, from, to := 0.5, 4, 16 // eighths from bar 5 to bar 16, then quarters
		if bar >= to {
			step = 1
		}
		if bar < from {
			continue
		}
		for k := 0; float64(k)*step < 4; k++ {
			i := arp[k%len(arp)]
			note := c.notes[i%4] + 12 + 12*(i/4)
			vel := 0.2 * (0.85 + 0.3*s.random())
			s.echo(s.beats(0.75), 2, 0.35, func(at int, v float64) { s.pluck(at, note, v, 0.9, 0.4) },
				s.at(bar, float64(k)*step), vel)
		}
	}
	bell := func(start, length, note int) { s.bell(start, note, 0.3, 0.6) }
	s.play(hubCall, 8, bell)
	s.play(hubAnswer, 12, bell)
	s.reverb(0.4)
	return s
}

// The hub's bell melody, in D major's pentatonic and a passing G: a call
// over bars 9-12 and its answer over 13-16.
var (
	hubCall = phrase{
		{78, 0, 1.5}, {76, 1.5, 0.5}, {74, 2, 2},
		{71, 4, 1}, {74, 5, 1}, {78, 6, 2},
		{79, 8, 1.5}, {78, 9.5, 0.5}, {74, 10, 2},
		{76, 12, 2}, {69, 14, 2},
	}
	hubAnswer = phrase{
		{81, 0, 1.5}, {78, 1.5, 0.5}, {76, 2, 1}, {74, 3, 1},
		{78, 4, 2}, {71, 6, 2},
		{74, 8, 1}, {76, 9, 1}, {78, 10, 1}, {79, 11, 1},
		{76, 12, 3}, {73, 15, 1},
	}
)

// dungeon is tense and driving: A minor at 120, a bass pulsing in eighths
// under a four-square beat, a sixteenth-note ostinato from bar 9, and a
// high line rubbing a half step against the chords in the second half.
func dungeon() *song {
	s := newSong(forms[Dungeon], 0x44554E47)
	am := chord{[4]int{45, 52, 57, 60}, 33}
	f := chord{[4]int{45, 48, 53, 57}, 29}
	g := chord{[4]int{43, 50, 55, 59}, 31}
	dm := chord{[4]int{45, 50, 53, 57}, 26}
	e := chord{[4]int{44, 47, 52, 56}, 28}
	prog := [8]chord{am, am, f, g, am, am, dm, e}
	ostinato := [16]int{0, 2, 3, 2, 1, 2, 3, 2, 0, 2, 3, 2, 1, 3, 2, 3}
	for bar := range s.form.Bars {
		c := prog[bar%8]
		intro := bar < 4
		for _, n := range c.notes {
			s.pad(s.at(bar, 0), s.beats(4), n, 0.07, 700, 0.4)
		}
		bright := 700.0
		if intro {
			bright = 320
		}
		for k := range 8 {
			note := c.root + 12
			if k%4 == 3 {
				note += 12 // the octave jump that drives the pulse
			}
			s.bass(s.at(bar, float64(k)*0.5), s.beats(0.42), note, 0.42-0.08*float64(k%2), bright)
		}
		s.dungeonDrums(bar, intro)
		if bar >= 8 {
			for k, i := range ostinato {
				note := c.notes[i] + 12
				vel := 0.28 * (0.8 + 0.4*s.random())
				if k%4 == 0 {
					vel *= 1.3
				}
				s.echo(s.beats(0.75), 2, 0.3, func(at int, v float64) { s.pluck(at, note, v, 0.18, 0.25) },
					s.at(bar, float64(k)*0.25), vel)
			}
		}
	}
	line := func(start, length, note int) { s.lead(start, length, note, 0.14, 1800, 0.5) }
	s.play(dungeonLine, 16, line)
	s.play(dungeonClimb, 24, line)
	s.crash(s.at(0, 0), 0.5)
	s.crash(s.at(16, 0), 0.5)
	s.reverb(0.3)
	return s
}

// dungeonDrums is a bar of the dungeon's beat: kick and hats alone in the
// intro, then a backbeat, sixteenth hats in the second half and a fill at
// the end of every eight bars.
func (s *song) dungeonDrums(bar int, intro bool) {
	kicks := []float64{0, 2}
	if !intro {
		kicks = []float64{0, 1.5, 2}
	}
	for _, b := range kicks {
		s.kick(s.at(bar, b), 0.75)
	}
	hat := 0.5
	if bar >= 16 {
		hat = 0.25
	}
	for b := 0.0; b < 4; b += hat {
		vel := 0.35
		if int(b*4)%4 == 2 { // the off-beat eighth leans forward
			vel = 0.55
		}
		s.hat(s.at(bar, b), vel, false)
	}
	if intro {
		return
	}
	s.snare(s.at(bar, 1), 0.6, 0.25)
	if bar%8 == 7 {
		for k := range 4 {
			s.snare(s.at(bar, 3+0.25*float64(k)), 0.3+0.1*float64(k), 0.25)
		}
		return
	}
	s.snare(s.at(bar, 3), 0.6, 0.25)
}

// The dungeon's high line: held notes leaning on the chords' edges over
// bars 17-24, then climbing over 25-32 to lead back to the start.
var (
	dungeonLine = phrase{
		{76, 0, 8}, {77, 8, 4}, {74, 12, 4},
		{72, 16, 4}, {71, 20, 4}, {69, 24, 4}, {68, 28, 4},
	}
	dungeonClimb = phrase{
		{81, 0, 4}, {79, 4, 2}, {76, 6, 2},
		{84, 8, 4}, {81, 12, 2}, {79, 14, 2},
		{76, 16, 3}, {77, 19, 1}, {76, 20, 4},
		{77, 24, 4}, {76, 28, 2}, {80, 30, 2},
	}
)

// boss is urgent: E minor at 150 with a Phrygian F and a major B pulling
// home, sixteenth-note bass, four-on-the-floor kicks, off-beat chord stabs
// and a lead motif; a breakdown before the last section lifts it an
// octave.
func boss() *song {
	s := newSong(forms[Boss], 0x424F5353)
	chords := [5]chord{
		{[4]int{40, 47, 52, 55}, 40}, // Em
		{[4]int{43, 48, 52, 55}, 36}, // C
		{[4]int{45, 50, 54, 57}, 38}, // D
		{[4]int{45, 48, 53, 57}, 41}, // F, the Phrygian step above home
		{[4]int{42, 47, 51, 54}, 35}, // B, pulling home
	}
	// The lead's motif over each chord, in eighths.
	motifs := [5][8]int{
		{76, 79, 83, 81, 79, 78, 79, 76},
		{76, 79, 84, 83, 79, 76, 74, 76},
		{78, 81, 86, 84, 81, 78, 76, 78},
		{77, 81, 84, 83, 81, 79, 81, 77},
		{75, 78, 83, 81, 78, 75, 76, 78},
	}
	prog := [8]int{0, 0, 1, 2, 0, 0, 3, 4}
	bassline := [16]int{0, 0, 12, 0, 0, 0, 12, 0, 0, 12, 0, 0, 12, 0, 7, 0}
	for bar := range s.form.Bars {
		ch := chords[prog[bar%8]]
		breakdown := bar >= 24 && bar < 28
		swell := 0.07
		if breakdown {
			swell = 0.12 // the breakdown leans on the chords
		}
		for _, n := range ch.notes {
			s.pad(s.at(bar, 0), s.beats(4), n, swell, 900, 0.4)
		}
		for k, up := range bassline {
			vel := 0.32
			if k%4 == 0 {
				vel = 0.45
			}
			if breakdown && k%4 != 0 {
				continue // the breakdown keeps only the beat's bass
			}
			s.bass(s.at(bar, float64(k)*0.25), s.beats(0.22), ch.root+up, vel, 900)
		}
		if !breakdown {
			for _, at := range []float64{0.5, 1.5, 2.5, 3.5} {
				for _, n := range ch.notes {
					s.stab(s.at(bar, at), n+12, 0.09, 0.3)
				}
			}
		}
		s.bossDrums(bar, breakdown)
		if bar >= 8 && !breakdown && (bar < 28 || bar >= 32) {
			up := 0
			if bar >= 32 {
				up = 12
			}
			for k, n := range motifs[prog[bar%8]] {
				s.lead(s.at(bar, float64(k)*0.5), s.beats(0.45), n+up, 0.18, 2600, 0.35)
			}
		}
	}
	for _, bar := range []int{0, 8, 16, 32} {
		s.crash(s.at(bar, 0), 0.6)
	}
	s.reverb(0.25)
	return s
}

// bossDrums is a bar of the boss's beat: a kick on every beat, a backbeat
// snare, sixteenth hats with an open one before each bar, a roll at every
// eighth bar's end, and snares rising in eighths as the breakdown builds.
func (s *song) bossDrums(bar int, breakdown bool) {
	build := bar >= 28 && bar < 32
	for k := range 16 {
		at := float64(k) * 0.25
		vel := 0.3
		if k%2 == 1 {
			vel = 0.45
		}
		s.hat(s.at(bar, at), vel, k == 14)
	}
	if breakdown {
		s.kick(s.at(bar, 0), 0.6) // half time: the fight holds its breath
		s.kick(s.at(bar, 2), 0.6)
		return
	}
	for beat := range 4 {
		s.kick(s.at(bar, float64(beat)), 0.8)
	}
	switch {
	case build:
		steps := 8 * (1 + (bar-28)/2) // eighths, then sixteenths
		for k := range steps {
			rise := float64((bar-28)*steps+k) / float64(4*steps)
			s.snare(s.at(bar, 4*float64(k)/float64(steps)), 0.25+0.45*rise, 0.2)
		}
	case bar%8 == 7:
		s.snare(s.at(bar, 1), 0.65, 0.25)
		for k := range 8 {
			s.snare(s.at(bar, 2+0.25*float64(k)), 0.3+0.06*float64(k), 0.25)
		}
	default:
		s.snare(s.at(bar, 1), 0.65, 0.25)
		s.snare(s.at(bar, 3), 0.65, 0.25)
	}
}

// vault is the Star Vault's: glassy and wary, F sharp minor at 112 with a
// raised sixth (Dorian) that keeps it from settling. A held pad, a bass
// that pulses in dotted eighths, a celesta of bells turning over the
// chords in triplets, brushed hats and a rim of snare, and from bar 11 a
// slow high line that answers itself an octave down.
func vault() *song {
	s := newSong(forms[Vault], 0x56415554)
	fsm := chord{[4]int{49, 54, 57, 61}, 30}  // F#m
	b := chord{[4]int{51, 54, 59, 63}, 35}    // B, the Dorian sixth's chord
	dmaj := chord{[4]int{50, 54, 57, 61}, 26} // Dmaj7
	e := chord{[4]int{52, 56, 59, 64}, 28}    // E
	cs := chord{[4]int{49, 53, 56, 61}, 25}   // C#, the dominant that leads home
	prog := [6]chord{fsm, b, fsm, dmaj, e, cs}
	pulse := [6]float64{0, 0.75, 1.5, 2, 2.75, 3.5} // dotted eighths against the beat
	for bar := range s.form.Bars {
		c := prog[bar%len(prog)]
		for _, n := range c.notes {
			s.pad(s.at(bar, 0), s.beats(4), n, 0.08, 900, 0.55)
		}
		for k, at := range pulse {
			s.bass(s.at(bar, at), s.beats(0.6), c.root+12*(k%2), 0.36, 520)
		}
		if bar >= 2 {
			for k := range 12 { // triplet eighths up and down the chord
				i := [12]int{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1}[k]
				note := c.notes[i] + 24
				vel := 0.16 * (0.85 + 0.3*s.random())
				s.echo(s.beats(2.0/3), 2, 0.35, func(at int, v float64) { s.bell(at, note, v, 0.6) },
					s.at(bar, float64(k)/3), vel)
			}
		}
		s.vaultDrums(bar)
	}
	line := func(start, length, note int) { s.lead(start, length, note, 0.12, 1500, 0.6) }
	s.play(vaultLine, 10, line)
	s.play(vaultAnswer, 20, line)
	s.crash(s.at(0, 0), 0.4)
	s.crash(s.at(12, 0), 0.4)
	s.reverb(0.45)
	return s
}

// vaultDrums is a bar of the vault's beat: a soft kick on one and the
// and of two, brushed eighth hats, a snare's rim on three, and a roll
// at every sixth bar's end.
func (s *song) vaultDrums(bar int) {
	s.kick(s.at(bar, 0), 0.6)
	s.kick(s.at(bar, 2.5), 0.45)
	for k := range 8 {
		s.hat(s.at(bar, float64(k)*0.5), 0.22+0.12*float64(k%2), k == 7 && bar%2 == 1)
	}
	if bar < 4 {
		return
	}
	s.snare(s.at(bar, 3), 0.35, 0.4)
	if bar%6 == 5 {
		for k := range 3 {
			s.snare(s.at(bar, 3+float64(k+1)/4), 0.2+0.08*float64(k), 0.4)
		}
	}
}

// The vault's high line, over bars 11-20 and, an octave down, its answer
// over bars 21-30, which leans on the C# to lead back to the start.
var (
	vaultLine = phrase{
		{73, 0, 3}, {75, 3, 1}, {76, 4, 4},
		{78, 8, 2}, {76, 10, 2}, {75, 12, 4},
		{73, 16, 4}, {69, 20, 2}, {71, 22, 2},
		{76, 24, 3}, {75, 27, 1}, {73, 28, 4},
		{80, 32, 4}, {78, 36, 4},
	}
	vaultAnswer = phrase{
		{61, 0, 3}, {63, 3, 1}, {64, 4, 4},
		{66, 8, 2}, {64, 10, 2}, {63, 12, 4},
		{61, 16, 4}, {57, 20, 2}, {59, 22, 2},
		{64, 24, 3}, {63, 27, 1}, {61, 28, 4},
		{68, 32, 4}, {65, 36, 4},
	}
)
