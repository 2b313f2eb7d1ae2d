package sound

import (
	"encoding/binary"
	"math"
)

// Every sound in Duskfall is made here, in code, once at start: short
// synthesized tones and noise bursts, 16-bit stereo PCM at soundRate. There
// are no sound files.

// soundRate is the audio context's sample rate.
const soundRate = 44100

// Sound ids.
const (
	sndShot       = iota // the own ship fires: crisp and short, it repeats 7 times a second
	sndHitDealt          // a shot strikes an enemy
	sndHitTaken          // the own ship is hit
	sndEnemyDeath        // an enemy dies
	sndDeath             // a ship dies
	sndPickup            // an item taken
	sndPortal            // through a portal
	sndTelegraph         // a boss is about to fire
	sndPhase             // a boss enters a new phase
	sndLowHealth         // a heartbeat while health is low
	SndClick             // a menu button
	sndShotB             // the shot, a shade lower: shots take turns so a volley never drones
	sndShotC             // the shot, a shade higher
	sndShotD             // the shot, between
	sndBigKill           // a large enemy or a boss dies: a deep boom
	SndLevelUp           // a level gained: a bright rising chime
	numSounds
)

// shotVariants are the shot's sounds, in the order a volley plays them.
var shotVariants = [...]int{sndShot, sndShotB, sndShotC, sndShotD}

// voice is one sound's recipe: a tone (or noise) that slides in pitch
// under an envelope, with optional layers mixed in.
type voice struct {
	seconds    float64
	freq, to   float64 // Hz at the start and the end (a slide)
	wave       int     // waveSine, waveSquare, waveNoise, waveTriangle
	attack     float64 // seconds
	volume     float64 // 0..1
	second     float64 // Hz of a second tone mixed in at half volume, 0 for none
	tremoloHz  float64 // a slow wobble of the volume, 0 for none
	pulses     int     // a heartbeat: this many thumps over the sound
	noiseShare float64 // share of noise mixed into a tone

	glide  bool    // the slide is exponential, as a struck thing's pitch falls
	decay  float64 // seconds: the envelope falls exponentially with this time constant (0: a slow power fall)
	click  float64 // share of a bright noise click over the first milliseconds: the sound's edge
	thump  float64 // share of a low sine body under the tone: its weight
	bodyHz float64 // the body's pitch at the start; it falls an octave
	seed   uint32  // the noise's seed, so variants differ in grain too
}

// Wave shapes.
const (
	waveSine = iota
	waveSquare
	waveNoise
	waveTriangle
)

// shotVoice is the shot at a pitch: a falling triangle "pew" with a click
// at its front and a touch of body, gone in under 60 ms so seven a second
// stay crisp and never tire the ear.
func shotVoice(pitch float64, seed uint32) voice {
	return voice{seconds: 0.055, freq: 1500 * pitch, to: 620 * pitch, wave: waveTriangle, glide: true,
		attack: 0.0015, decay: 0.016, volume: 0.13, click: 0.22, thump: 0.2, bodyHz: 190 * pitch, seed: seed}
}

var voices = [numSounds]voice{
	sndShot:       shotVoice(1, 1),
	sndShotB:      shotVoice(0.955, 2),
	sndShotC:      shotVoice(1.045, 3),
	sndShotD:      shotVoice(1.02, 4),
	sndHitDealt:   {seconds: 0.07, freq: 900, to: 320, wave: waveTriangle, glide: true, attack: 0.0008, decay: 0.018, volume: 0.2, noiseShare: 0.25, click: 0.35},
	sndHitTaken:   {seconds: 0.22, freq: 240, to: 80, wave: waveSquare, glide: true, attack: 0.002, decay: 0.07, volume: 0.45, noiseShare: 0.4, click: 0.3, thump: 0.35, bodyHz: 110},
	sndEnemyDeath: {seconds: 0.3, freq: 2400, to: 300, wave: waveNoise, glide: true, attack: 0.001, decay: 0.07, volume: 0.36, thump: 0.45, bodyHz: 140},
	sndBigKill:    {seconds: 0.9, freq: 1600, to: 120, wave: waveNoise, glide: true, attack: 0.002, decay: 0.25, volume: 0.55, thump: 0.55, bodyHz: 85, click: 0.2},
	sndDeath:      {seconds: 0.7, freq: 330, to: 55, wave: waveSquare, attack: 0.005, volume: 0.5, second: 165, noiseShare: 0.2},
	sndPickup:     {seconds: 0.14, freq: 660, to: 1320, wave: waveSine, attack: 0.003, volume: 0.35, second: 990},
	sndPortal:     {seconds: 0.6, freq: 220, to: 880, wave: waveSine, attack: 0.05, volume: 0.4, second: 330, tremoloHz: 12},
	sndTelegraph:  {seconds: 0.4, freq: 110, to: 220, wave: waveSine, attack: 0.1, volume: 0.45, second: 55, tremoloHz: 9},
	sndPhase:      {seconds: 1.1, freq: 70, to: 140, wave: waveSquare, attack: 0.2, volume: 0.5, second: 105, tremoloHz: 5, noiseShare: 0.15},
	sndLowHealth:  {seconds: 0.5, freq: 60, to: 45, wave: waveSine, attack: 0.004, volume: 0.55, pulses: 2},
	SndClick:      {seconds: 0.03, freq: 1200, to: 900, wave: waveSquare, attack: 0.001, volume: 0.15},
	SndLevelUp:    {seconds: 0.9, freq: 523, to: 1568, wave: waveTriangle, attack: 0.01, volume: 0.38, second: 784, tremoloHz: 16},
}

// synth renders a voice to PCM. It is deterministic: noise comes from a
// fixed-seed generator.
func synth(v voice) []byte {
	n := int(v.seconds * soundRate)
	out := make([]byte, 0, n*4)
	seed := uint32(0x9E3779B9) + v.seed*0x6D2B79F5
	noise := func() float64 {
		seed = seed*1664525 + 1013904223
		return float64(int32(seed))/math.MaxInt32*0.5 + 0 // -0.5..0.5, doubled below
	}
	phase, phase2, body := 0.0, 0.0, 0.0
	lowNoise := 0.0 // noise through a one-pole low-pass whose corner follows the slide
	// What falls exponentially is stepped by a constant factor a sample,
	// not recomputed: the bank is made before the window opens.
	glide, glideStep := v.freq, 1.0
	if v.glide && v.freq > 0 && v.to > 0 {
		glideStep = math.Pow(v.to/v.freq, 1/float64(n))
	}
	bodyHz, bodyStep := v.bodyHz, math.Pow(0.5, 1/float64(n)) // the body falls an octave
	click, clickStep := v.click, math.Exp(-1/(clickSeconds*soundRate))
	for i := range n {
		t := float64(i) / soundRate
		f := v.freq + (v.to-v.freq)*t/v.seconds
		if v.glide {
			f = glide
			glide *= glideStep
		}
		phase += 2 * math.Pi * f / soundRate
		phase2 += 2 * math.Pi * v.second / soundRate
		var s float64
		if v.wave == waveNoise && v.glide {
			lowNoise += (2*noise() - lowNoise) * math.Min(1, 2*math.Pi*f/soundRate)
			s = 1.6 * lowNoise
		} else {
			s = wave(v.wave, phase, noise)
		}
		if v.second > 0 {
			s = 0.67*s + 0.33*math.Sin(phase2)
		}
		if v.noiseShare > 0 {
			s = (1-v.noiseShare)*s + v.noiseShare*2*noise()
		}
		if v.thump > 0 {
			body += 2 * math.Pi * bodyHz / soundRate
			bodyHz *= bodyStep
			s = (1-v.thump)*s + v.thump*math.Sin(body)
		}
		if v.click > 0 {
			s += click * 2 * noise()
			click *= clickStep
		}
		env := envelope(t, v)
		if v.tremoloHz > 0 {
			env *= 0.75 + 0.25*math.Sin(2*math.Pi*v.tremoloHz*t)
		}
		sample := int16(math.Round(math.Max(-1, math.Min(1, s*env)) * v.volume * 32767))
		out = binary.LittleEndian.AppendUint16(out, uint16(sample))
		out = binary.LittleEndian.AppendUint16(out, uint16(sample))
	}
	return out
}

// clickSeconds is how fast a voice's click dies away (to 1/e).
const clickSeconds = 0.0025

func wave(kind int, phase float64, noise func() float64) float64 {
	switch kind {
	case waveSquare:
		if math.Sin(phase) >= 0 {
			return 0.6
		}
		return -0.6
	case waveNoise:
		return 2 * noise()
	case waveTriangle:
		return 2 / math.Pi * math.Asin(math.Sin(phase))
	}
	return math.Sin(phase)
}

// envelope rises over the attack and decays to silence at the end; a
// heartbeat thumps pulses times.
func envelope(t float64, v voice) float64 {
	if v.pulses > 0 {
		span := v.seconds / float64(v.pulses)
		u := math.Mod(t, span) / span
		return math.Exp(-u * 9)
	}
	rise := 1.0
	if v.attack > 0 && t < v.attack {
		rise = t / v.attack
	}
	if v.decay > 0 {
		return rise * math.Exp(-t/v.decay) * (1 - t/v.seconds)
	}
	return rise * math.Pow(1-t/v.seconds, 1.6)
}

// soundBank is every sound rendered.
type soundBank [numSounds][]byte

func makeSoundBank() *soundBank {
	var b soundBank
	for i, v := range voices {
		b[i] = synth(v)
	}
	return &b
}

// bytes is the PCM the bank holds.
func (b *soundBank) bytes() int {
	n := 0
	for _, s := range b {
		n += len(s)
	}
	return n
}
