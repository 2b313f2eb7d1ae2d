package sound

import (
	"bytes"
	"encoding/binary"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
)

func TestTheSoundBank(t *testing.T) {
	a, b := makeSoundBank(), makeSoundBank()
	for id := range numSounds {
		v := voices[id]
		t.Run("sound "+string(rune('A'+id))+" is made, bounded and the same every time", func(t *testing.T) {
			pcm := a[id]
			require.NotEmpty(t, pcm)
			assert.Equal(t, int(v.seconds*soundRate)*4, len(pcm), "16-bit stereo for its length")
			assert.True(t, bytes.Equal(pcm, b[id]), "deterministic")
			peak := 0
			for i := 0; i+1 < len(pcm); i += 2 {
				s := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
				peak = max(peak, s, -s)
			}
			assert.Positive(t, peak, "not silent")
			assert.LessOrEqual(t, float64(peak), math.Ceil(v.volume*32767), "never louder than its volume, never clipped")
		})
	}
	t.Logf("the sound bank holds %d bytes of PCM", a.bytes())
}

// samples decodes the left channel of 16-bit stereo PCM to -1..1.
func samples(pcm []byte) []float64 {
	out := make([]float64, len(pcm)/4)
	for i := range out {
		out[i] = float64(int16(binary.LittleEndian.Uint16(pcm[4*i:]))) / 32768
	}
	return out
}

func energy(xs []float64) float64 {
	e := 0.0
	for _, x := range xs {
		e += x * x
	}
	return e
}

func TestTheShotSound(t *testing.T) {
	bank := makeSoundBank()
	for _, id := range shotVariants {
		s := samples(bank[id])
		t.Run("a shot variant is gone within 60 ms", func(t *testing.T) {
			assert.LessOrEqual(t, float64(len(s))/soundRate, 0.06)
		})
		t.Run("a shot variant spends nine tenths of its energy in its first 30 ms: crisp, not droning", func(t *testing.T) {
			head := s[:int(0.03*soundRate)]
			assert.Greater(t, energy(head)/energy(s), 0.9)
		})
		t.Run("a shot variant starts and ends in silence, so it never clicks", func(t *testing.T) {
			assert.Less(t, math.Abs(s[0]), 0.01)
			assert.Less(t, math.Abs(s[len(s)-1]), 0.01)
		})
	}
	t.Run("the variants differ, but only slightly in loudness", func(t *testing.T) {
		first := energy(samples(bank[sndShot]))
		for _, id := range shotVariants[1:] {
			assert.False(t, bytes.Equal(bank[sndShot], bank[id]))
			assert.InEpsilon(t, first, energy(samples(bank[id])), 0.25)
		}
	})
}

func TestAudioDevice(t *testing.T) {
	none := func(string) ([]string, error) { return nil, nil }
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	globbing := func(match string) func(string) ([]string, error) {
		return func(p string) ([]string, error) {
			if strings.Contains(p, match) {
				return []string{p}, nil
			}
			return nil, nil
		}
	}
	for _, tc := range []struct {
		name string
		goos string
		env  map[string]string
		glob func(string) ([]string, error)
		want bool
	}{
		{"a Linux box with no sound card and no sound server has none (as under Xvfb)", "linux", nil, none, false},
		{"an ALSA playback device is one", "linux", nil, globbing("/dev/snd"), true},
		{"a PulseAudio socket is one", "linux", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, globbing("pulse/native"), true},
		{"a PipeWire socket is one", "linux", map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, globbing("pipewire-0"), true},
		{"another system is trusted to have one", "windows", nil, none, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, hasAudioDevice(tc.goos, env(tc.env), tc.glob))
		})
	}
}

func TestTheSoundDirector(t *testing.T) {
	full := func() float64 { return 1 }
	newD := func() (*Director, *Log) {
		r := &Log{}
		return NewDirector(r, full), r
	}
	idle := func(d *Director, n int) {
		for range n {
			d.Update(false, 8, 100, 100, true, 1)
		}
	}
	t.Run("a hit on the own ship plays once; a hit on another ship does not", func(t *testing.T) {
		d, r := newD()
		idle(d, 1)
		d.OnMark(&game.Event{Kind: game.EvHit, Actor: game.ActorPlayer, ID: 1}, 1)
		d.OnMark(&game.Event{Kind: game.EvHit, Actor: game.ActorPlayer, ID: 2}, 1)
		assert.Equal(t, []int{sndHitTaken}, r.Played)
	})
	t.Run("a burst of hits in one frame is one sound", func(t *testing.T) {
		d, r := newD()
		idle(d, 1)
		for range 300 {
			d.OnMark(&game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 3}, 1)
		}
		assert.Equal(t, 1, r.Count(sndHitDealt))
		idle(d, soundGap[sndHitDealt])
		d.OnMark(&game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: 3}, 1)
		assert.Equal(t, 2, r.Count(sndHitDealt), "and plays again once its gap passed")
	})
	t.Run("shots sound at the fire rate while firing, taking the shot's variants in turn", func(t *testing.T) {
		d, r := newD()
		fired := 0
		for range 60 {
			if d.Update(true, 8, 100, 100, true, 1) {
				fired++
			}
		}
		shots := 0
		for _, v := range shotVariants {
			assert.Positive(t, r.Count(v), "variant %d plays", v)
			shots += r.Count(v)
		}
		assert.Equal(t, 60/8, shots)
		assert.Equal(t, 60/8, fired, "and the frames it fired on are told, for the muzzle flash")
	})
	t.Run("a fast weapon fires faster than its sound repeats", func(t *testing.T) {
		d, r := newD()
		fired := 0
		for range 60 {
			if d.Update(true, 2, 100, 100, true, 1) {
				fired++
			}
		}
		assert.Equal(t, 30, fired)
		assert.Equal(t, 10, len(r.Played), "one shot sound per gap")
	})
	t.Run("a kill cracks; a large one booms", func(t *testing.T) {
		d, r := newD()
		idle(d, 1)
		d.OnMark(&game.Event{Kind: game.EvDeath, Actor: game.ActorEnemy, ID: 3}, 1)
		assert.Empty(t, r.Played, "the effects, which know its size, say which")
		d.Kill(false)
		idle(d, soundGap[sndBigKill])
		d.Kill(true)
		assert.Equal(t, []int{sndEnemyDeath, sndBigKill}, r.Played)
	})
	t.Run("the heartbeat plays only under 30 % health", func(t *testing.T) {
		d, r := newD()
		for range 120 {
			d.Update(false, 8, 31, 100, true, 1)
		}
		assert.Zero(t, r.Count(sndLowHealth))
		for range 120 {
			d.Update(false, 8, 29, 100, true, 1)
		}
		assert.Equal(t, 120/soundGap[sndLowHealth]+1, r.Count(sndLowHealth))
	})
	t.Run("a portal sounds when the instance changes, not on arrival in the first", func(t *testing.T) {
		d, r := newD()
		d.Update(false, 8, 100, 100, true, 1)
		d.Update(false, 8, 100, 100, true, 1)
		assert.Zero(t, r.Count(sndPortal))
		d.Update(false, 8, 100, 100, true, 2)
		assert.Equal(t, 1, r.Count(sndPortal))
	})
	t.Run("a boss's telegraph sounds as it starts, its phase change over it", func(t *testing.T) {
		d, r := newD()
		idle(d, 1)
		d.Boss(true, false)
		assert.Equal(t, []int{sndTelegraph}, r.Played)
		idle(d, soundGap[sndTelegraph])
		d.Boss(true, true)
		assert.Equal(t, []int{sndTelegraph, sndPhase}, r.Played)
	})
	t.Run("an item taken sounds once per piece of news", func(t *testing.T) {
		d, r := newD()
		idle(d, 1)
		d.Sheet(wire.ActionPicked, 10)
		d.Sheet(wire.ActionPicked, 10)
		idle(d, soundGap[sndPickup])
		d.Sheet(wire.ActionUsed, 20)
		assert.Equal(t, 1, r.Count(sndPickup))
	})
	t.Run("nothing allocates while nothing plays", func(t *testing.T) {
		d := NewDirector(Silence{}, full)
		assert.Zero(t, allocsPerRun(100, func() {
			d.Update(false, 8, 100, 100, true, 1)
			d.Boss(false, false)
			d.Sheet(0, 0)
		}))
	})
}

func TestWithoutAnAudioDeviceTheGameIsSilentAndSaysSo(t *testing.T) {
	var log bytes.Buffer
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("PULSE_SERVER", "")
	if ok, _ := globAny("/dev/snd/pcmC*D*p"); ok {
		t.Skip("this machine has a sound card")
	}
	out := OpenSpeaker(&log)
	assert.IsType(t, Silence{}, out)
	assert.Equal(t, "duskfall: no audio device found: playing without sound\n", log.String())
	out.Play(sndShot, 1) // and playing on it is harmless
}

func globAny(p string) (bool, error) {
	m, err := filepath.Glob(p)
	return len(m) > 0, err
}

func BenchmarkSoundBank(b *testing.B) {
	var bank *soundBank
	for b.Loop() {
		bank = makeSoundBank()
	}
	b.ReportMetric(float64(bank.bytes()), "pcm_bytes")
}
