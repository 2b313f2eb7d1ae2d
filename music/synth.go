package music

import "math"

// song is a track being rendered: its loop, into which every note is
// added circularly, and a send to the reverb.
type song struct {
	form Form
	main []float32 // the dry mix
	room []float32 // what goes through the reverb, then joins main
	rng  uint32
}

func newSong(f Form, seed uint32) *song {
	n := f.Samples()
	return &song{form: f, main: make([]float32, n), room: make([]float32, n), rng: seed}
}

// at is the sample where beat (from 0, fractions allowed) of bar (from 0)
// begins.
func (s *song) at(bar int, beat float64) int {
	b := s.form.beat()
	return bar*s.form.BeatsPerBar*b + int(math.Round(beat*float64(b)))
}

// beats is a length of beats in samples.
func (s *song) beats(n float64) int { return int(math.Round(n * float64(s.form.beat()))) }

// random is the song's own generator: noise and the small unevenness of a
// played part, the same every render.
func (s *song) random() float64 {
	s.rng = s.rng*1664525 + 1013904223
	return float64(s.rng>>8) / (1 << 24)
}

func (s *song) noise() float64 { return 2*s.random() - 1 }

// put adds v at sample i of the loop, and send of it to the reverb.
func (s *song) put(i int, v, send float64) {
	n := len(s.main)
	i %= n
	if i < 0 {
		i += n
	}
	s.main[i] += float32(v)
	if send != 0 {
		s.room[i] += float32(v * send)
	}
}

// oscillator is a sine made by rotation: two multiplies a sample, and
// exact in pitch.
type oscillator struct{ s0, s1, k float64 }

func newOscillator(f float64) oscillator {
	w := 2 * math.Pi * f / Rate
	return oscillator{s0: 0, s1: -math.Sin(w), k: 2 * math.Cos(w)}
}

func (o *oscillator) next() float64 {
	v := o.k*o.s0 - o.s1
	o.s1, o.s0 = o.s0, v
	return o.s1
}

// saw is a band-limited sawtooth (polyBLEP): bright without the whistle
// of aliasing.
type saw struct{ phase, dt float64 }

func newSaw(f, phase float64) saw { return saw{phase: phase, dt: f / Rate} }

func (o *saw) next() float64 {
	t := o.phase
	v := 2*t - 1 - polyBLEP(t, o.dt)
	o.phase += o.dt
	if o.phase >= 1 {
		o.phase--
	}
	return v
}

// setFreq changes the pitch, keeping the phase: vibrato.
func (o *saw) setFreq(f float64) { o.dt = f / Rate }

func polyBLEP(t, dt float64) float64 {
	switch {
	case t < dt:
		t /= dt
		return t + t - t*t - 1
	case t > 1-dt:
		t = (t - 1) / dt
		return t*t + t + t + 1
	}
	return 0
}

// lowpass is a one-pole low-pass filter.
type lowpass struct{ y, a float64 }

func newLowpass(corner float64) lowpass { return lowpass{a: cornerCoeff(corner)} }

func cornerCoeff(corner float64) float64 { return 1 - math.Exp(-2*math.Pi*corner/Rate) }

func (f *lowpass) next(x float64) float64 {
	f.y += f.a * (x - f.y)
	return f.y
}

// decayPer is the per-sample factor that falls to 1/e in seconds.
func decayPer(seconds float64) float64 { return math.Exp(-1 / (seconds * Rate)) }

// Instruments. Each adds one note to the song at sample start; vel is its
// loudness, 0..1.

// pad is a warm sustained chord tone: two detuned saws and a sine an
// octave down, softened by a low-pass, swelling in and fading out.
func (s *song) pad(start, length int, note int, vel, bright, send float64) {
	f := hz(note)
	a, b := newSaw(f*1.004, s.random()), newSaw(f*0.996, s.random())
	sub := newOscillator(f / 2)
	lp1, lp2 := newLowpass(bright), newLowpass(bright)
	attack, release := int(0.45*Rate), int(1.1*Rate)
	fall := decayPer(0.35)
	env := 0.0
	for i := 0; i < length+release; i++ {
		switch {
		case i < attack:
			env = float64(i) / float64(attack)
			env *= env
		case i >= length:
			env *= fall
		default:
			env = 1
		}
		v := lp2.next(lp1.next(0.5*(a.next()+b.next()))) + 0.35*sub.next()
		s.put(start+i, v*env*vel, send)
	}
}

// stab is a short bright chord tone: a pad with no swell.
func (s *song) stab(start int, note int, vel, send float64) {
	f := hz(note)
	a, b := newSaw(f*1.006, s.random()), newSaw(f*0.994, s.random())
	lp := newLowpass(2600)
	env, fall := 1.0, decayPer(0.09)
	for i := 0; i < int(0.4*Rate); i++ {
		rise := min(1, float64(i)/(0.004*Rate))
		s.put(start+i, lp.next(0.5*(a.next()+b.next()))*env*rise*vel, send)
		env *= fall
	}
}

// pluck is a harp-like note: six harmonics struck together, the higher
// dying sooner, so it rings bright and mellows as it fades.
func (s *song) pluck(start int, note int, vel, ring, send float64) {
	f := hz(note)
	var oscs [6]oscillator
	var amps, falls [6]float64
	for k := range oscs {
		h := float64(k + 1)
		if f*h > 9000 {
			break
		}
		oscs[k] = newOscillator(f * h)
		amps[k] = 1 / math.Pow(h, 1.6)
		falls[k] = decayPer(ring / math.Pow(h, 0.8))
	}
	n := int(ring * 5 * Rate) // by then the note is 43 dB down
	for i := range n {
		if i%256 == 0 && !fadeOutHarmonics(&amps) {
			break
		}
		v := 0.0
		for k := range oscs {
			if amps[k] == 0 {
				continue
			}
			v += oscs[k].next() * amps[k]
			amps[k] *= falls[k]
		}
		rise := min(1, float64(i)/(0.002*Rate))
		s.put(start+i, 0.6*v*rise*vel, send)
	}
}

// fadeOutHarmonics silences the harmonics that have died away (60 dB
// down), so they cost nothing more, and says whether any still sounds.
func fadeOutHarmonics(amps *[6]float64) bool {
	sounding := false
	for k := range amps {
		if amps[k] < 1e-3 {
			amps[k] = 0
		}
		sounding = sounding || amps[k] > 0
	}
	return sounding
}

// bell is a soft struck bell: inharmonic partials with a long tail.
func (s *song) bell(start int, note int, vel, send float64) {
	f := hz(note)
	ratios := [4]float64{1, 2.0, 2.76, 5.4}
	gains := [4]float64{1, 0.25, 0.35, 0.12}
	ring := [4]float64{1.6, 1.0, 0.7, 0.3}
	var oscs [4]oscillator
	var falls [4]float64
	for k := range oscs {
		oscs[k], falls[k] = newOscillator(f*ratios[k]), decayPer(ring[k])
	}
	for i := range int(6 * Rate) {
		v := 0.0
		for k := range oscs {
			v += oscs[k].next() * gains[k]
			gains[k] *= falls[k]
		}
		rise := min(1, float64(i)/(0.003*Rate))
		s.put(start+i, 0.5*v*rise*vel, send)
	}
}

// bass is a round, plucked bass: a saw through a low-pass that closes as
// the note fades, over a sine at its root.
func (s *song) bass(start, length int, note int, vel, bright float64) {
	f := hz(note)
	o := newSaw(f, 0)
	sub := newOscillator(f)
	lp := newLowpass(bright)
	env, fall, fade := 1.0, decayPer(0.25), 1.0
	cut := decayPer(0.008)
	release := int(0.03 * Rate)
	for i := 0; i < length+release; i++ {
		rise := min(1, float64(i)/(0.003*Rate))
		if i >= length {
			env *= cut
		} else {
			env = 0.55 + 0.45*fade
			fade *= fall
		}
		if i%32 == 0 { // the filter follows the envelope; every 32 samples is smooth enough
			lp.a = cornerCoeff(bright * (0.4 + 0.6*env))
		}
		v := 0.6*lp.next(o.next()) + 0.4*sub.next()
		s.put(start+i, v*env*rise*vel, 0)
	}
}

// lead is a singing saw line with a slow vibrato, for a melody over the
// boss fight and the deep dungeon.
func (s *song) lead(start, length int, note int, vel, bright, send float64) {
	f := hz(note)
	a, b := newSaw(f, 0), newSaw(f*1.003, 0.5)
	lp := newLowpass(bright)
	release := int(0.12 * Rate)
	env := 0.0
	for i := 0; i < length+release; i++ {
		t := float64(i) / Rate
		depth := 0.006 * min(1, max(0, (t-0.15)/0.3))
		wob := 1 + depth*math.Sin(2*math.Pi*5.5*t)
		a.setFreq(f * wob)
		b.setFreq(f * 1.003 * wob)
		switch {
		case i < 529: // 12 ms
			env = float64(i) / (0.012 * Rate)
		case i >= length:
			env *= decayPer(0.04)
		default:
			env = 1
		}
		s.put(start+i, lp.next(0.5*(a.next()+b.next()))*env*vel, send)
	}
}

// kick is a drum's thump: a sine falling from 150 Hz to 45 Hz, with a
// click at its front.
func (s *song) kick(start int, vel float64) {
	phase, env := 0.0, 1.0
	fall := decayPer(0.09)
	for i := range int(0.4 * Rate) {
		t := float64(i) / Rate
		f := 45 + 105*math.Exp(-t/0.03)
		phase += 2 * math.Pi * f / Rate
		click := 0.4 * s.noise() * math.Exp(-t/0.002)
		s.put(start+i, (math.Sin(phase)+click)*env*vel, 0)
		env *= fall
	}
}

// snare is a crack of noise over a short tone.
func (s *song) snare(start int, vel, send float64) {
	tone := newOscillator(185)
	hp, soft := 0.0, newLowpass(5000) // the noise's hiss, taken off above 5 kHz
	n, t := decayPer(0.07), decayPer(0.05)
	ne, te := 1.0, 1.0
	for i := range int(0.3 * Rate) {
		x := s.noise()
		v := 0.9*soft.next(x-hp)*ne + 0.5*tone.next()*te
		hp = x
		s.put(start+i, v*vel, send)
		ne, te = ne*n, te*t
	}
}

// hat is a tick of bright noise; open rings longer.
func (s *song) hat(start int, vel float64, open bool) {
	ring := 0.018
	if open {
		ring = 0.12
	}
	fall := decayPer(ring)
	env, x1, x2 := 1.0, 0.0, 0.0
	for i := range int(ring * 6 * Rate) {
		x := s.noise()
		v := x - 2*x1 + x2 // a second difference: only the highs remain
		x2, x1 = x1, x
		s.put(start+i, 0.16*v*env*vel, 0.1)
		env *= fall
	}
}

// crash is a long wash of noise marking a new section.
func (s *song) crash(start int, vel float64) {
	fall := decayPer(0.5)
	env, x1, soft := 1.0, 0.0, newLowpass(7000)
	for i := range int(2.5 * Rate) {
		x := s.noise()
		s.put(start+i, 0.25*soft.next(x-x1)*env*vel, 0.3)
		x1 = x
		env *= fall
	}
}

// echo plays a note and its echoes, each a delay later and quieter:
// the echoes wrap round the loop like every other note.
func (s *song) echo(delay int, taps int, feedback float64, play func(start int, vel float64), start int, vel float64) {
	for k := 0; k <= taps; k++ {
		play(start+k*delay, vel*math.Pow(feedback, float64(k)))
	}
}

// reverb runs the room send through a small diffusing reverb (four
// all-passes and a damped feedback comb, each circular over the loop) and
// adds it to the mix at wet.
func (s *song) reverb(wet float64) {
	r := s.room
	circularComb(r, 1687, 0.78, 0.35)
	for _, d := range []int{347, 113, 37, 1051} {
		circularAllpass(r, d, 0.6)
	}
	for i := range s.main {
		s.main[i] += float32(wet) * r[i]
	}
}

// warmup is how much of the loop's end a circular filter runs over first,
// so its state at the loop's start is what the end left it: 4 s, by which
// any tail here has died away.
const warmup = 4 * Rate

// circularComb is a feedback comb with a low-pass in its loop, in place,
// as if the loop had always been playing.
func circularComb(x []float32, d int, g, damp float64) {
	n := len(x)
	line := make([]float64, d)
	pos, lp := 0, 0.0
	step := func(v float64) float64 {
		out := line[pos]
		lp += damp * (out - lp)
		line[pos] = v + g*lp
		pos = (pos + 1) % d
		return out
	}
	for i := n - min(warmup, n); i < n; i++ {
		step(float64(x[i]))
	}
	for i := range x {
		x[i] = float32(step(float64(x[i])))
	}
}

// circularAllpass is a Schroeder all-pass, in place, circular as the comb.
func circularAllpass(x []float32, d int, g float64) {
	n := len(x)
	line := make([]float64, d)
	pos := 0
	step := func(v float64) float64 {
		w := line[pos]
		u := v + g*w
		line[pos] = u
		pos = (pos + 1) % d
		return w - g*u
	}
	for i := n - min(warmup, n); i < n; i++ {
		step(float64(x[i]))
	}
	for i := range x {
		x[i] = float32(step(float64(x[i])))
	}
}

// Loudness: every track is brought to the same average level, its peaks
// rounded off softly rather than clipped.
const (
	targetRMS = 0.1 // -20 dBFS
	ceiling   = 0.9
)

// leadIn is how long before its first downbeat a track's samples begin:
// the loop is a circle, and starting it 10 ms early puts the seam between
// notes, never on the strike of a drum.
const leadIn = Rate / 100

// master levels the mix and turns it into 16-bit samples, from leadIn
// before the first downbeat round to it.
func (s *song) master() []int16 {
	sum := 0.0
	for _, v := range s.main {
		sum += float64(v) * float64(v)
	}
	rms := math.Sqrt(sum / float64(len(s.main)))
	gain := targetRMS / max(rms, 1e-9)
	n := len(s.main)
	out := make([]int16, n)
	for i := range out {
		v := float64(s.main[(i+n-leadIn)%n])
		out[i] = int16(math.Round(ceiling * math.Tanh(v*gain/ceiling) * 32767))
	}
	return out
}
