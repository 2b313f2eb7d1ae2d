package render

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
	sndShot       = iota // the own ship fires: soft and short, it repeats 7 times a second
	sndHitDealt          // a shot strikes an enemy
	sndHitTaken          // the own ship is hit
	sndEnemyDeath        // an enemy dies
	sndDeath             // a ship dies
	sndPickup            // an item taken
	sndPortal            // through a portal
	sndTelegraph         // a boss is about to fire
	sndPhase             // a boss enters a new phase
	sndLowHealth         // a heartbeat while health is low
	sndClick             // a menu button
	numSounds
)

// voice is one sound's recipe.
type voice struct {
	seconds    float64
	freq, to   float64 // Hz at the start and the end (a slide)
	wave       int     // waveSine, waveSquare, waveNoise
	attack     float64 // seconds
	volume     float64 // 0..1
	second     float64 // Hz of a second tone mixed in at half volume, 0 for none
	tremoloHz  float64 // a slow wobble of the volume, 0 for none
	pulses     int     // a heartbeat: this many thumps over the sound
	noiseShare float64 // share of noise mixed into a tone
}

// Wave shapes.
const (
	waveSine = iota
	waveSquare
	waveNoise
)

var voices = [numSounds]voice{
	sndShot:       {seconds: 0.05, freq: 880, to: 660, wave: waveSquare, attack: 0.002, volume: 0.12},
	sndHitDealt:   {seconds: 0.06, freq: 520, to: 300, wave: waveSquare, attack: 0.001, volume: 0.18, noiseShare: 0.3},
	sndHitTaken:   {seconds: 0.18, freq: 220, to: 90, wave: waveSquare, attack: 0.002, volume: 0.45, noiseShare: 0.5},
	sndEnemyDeath: {seconds: 0.25, freq: 300, to: 60, wave: waveNoise, attack: 0.002, volume: 0.35},
	sndDeath:      {seconds: 0.7, freq: 330, to: 55, wave: waveSquare, attack: 0.005, volume: 0.5, second: 165, noiseShare: 0.2},
	sndPickup:     {seconds: 0.14, freq: 660, to: 1320, wave: waveSine, attack: 0.003, volume: 0.35, second: 990},
	sndPortal:     {seconds: 0.6, freq: 220, to: 880, wave: waveSine, attack: 0.05, volume: 0.4, second: 330, tremoloHz: 12},
	sndTelegraph:  {seconds: 0.4, freq: 110, to: 220, wave: waveSine, attack: 0.1, volume: 0.45, second: 55, tremoloHz: 9},
	sndPhase:      {seconds: 1.1, freq: 70, to: 140, wave: waveSquare, attack: 0.2, volume: 0.5, second: 105, tremoloHz: 5, noiseShare: 0.15},
	sndLowHealth:  {seconds: 0.5, freq: 60, to: 45, wave: waveSine, attack: 0.004, volume: 0.55, pulses: 2},
	sndClick:      {seconds: 0.03, freq: 1200, to: 900, wave: waveSquare, attack: 0.001, volume: 0.15},
}

// synth renders a voice to PCM. It is deterministic: noise comes from a
// fixed-seed generator.
func synth(v voice) []byte {
	n := int(v.seconds * soundRate)
	out := make([]byte, 0, n*4)
	seed := uint32(0x9E3779B9)
	noise := func() float64 {
		seed = seed*1664525 + 1013904223
		return float64(int32(seed))/math.MaxInt32*0.5 + 0 // -0.5..0.5, doubled below
	}
	phase, phase2 := 0.0, 0.0
	for i := range n {
		t := float64(i) / soundRate
		k := t / v.seconds
		f := v.freq + (v.to-v.freq)*k
		phase += 2 * math.Pi * f / soundRate
		phase2 += 2 * math.Pi * v.second / soundRate
		s := wave(v.wave, phase, noise)
		if v.second > 0 {
			s = 0.67*s + 0.33*math.Sin(phase2)
		}
		if v.noiseShare > 0 {
			s = (1-v.noiseShare)*s + v.noiseShare*2*noise()
		}
		env := envelope(t, v)
		if v.tremoloHz > 0 {
			env *= 0.75 + 0.25*math.Sin(2*math.Pi*v.tremoloHz*t)
		}
		sample := int16(math.Round(math.Max(-1, math.Min(1, s*env*v.volume)) * 32767))
		out = binary.LittleEndian.AppendUint16(out, uint16(sample))
		out = binary.LittleEndian.AppendUint16(out, uint16(sample))
	}
	return out
}

func wave(kind int, phase float64, noise func() float64) float64 {
	switch kind {
	case waveSquare:
		if math.Sin(phase) >= 0 {
			return 0.6
		}
		return -0.6
	case waveNoise:
		return 2 * noise()
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
