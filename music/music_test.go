package music

import (
	"crypto/sha256"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rendered holds each track rendered once for the tests that only read it.
var rendered = sync.OnceValue(func() [NumTracks][]int16 {
	var out [NumTracks][]int16
	for t := range NumTracks {
		out[t] = Render(t)
	}
	return out
})

func level(xs []int16) float64 {
	sum := 0.0
	for _, x := range xs {
		v := float64(x) / 32768
		sum += v * v
	}
	return math.Sqrt(sum / float64(len(xs)))
}

func dB(v float64) float64 { return 20 * math.Log10(v) }

func step(xs []int16, i int) float64 { return math.Abs(float64(xs[i+1]) - float64(xs[i])) }

func TestTracks(t *testing.T) {
	for tr := range NumTracks {
		pcm := rendered()[tr]
		form := FormOf(tr)
		t.Run("the "+tr.String()+" track is a whole number of bars, about a minute long", func(t *testing.T) {
			assert.Len(t, pcm, form.Samples())
			assert.InDelta(t, 60, form.Seconds(), 5)
			assert.Zero(t, Rate*60%form.BPM, "a beat is a whole number of samples")
		})
		t.Run("the "+tr.String()+" track's last sample runs on into its first no rougher than the music around the seam", func(t *testing.T) {
			const near = Rate / 20 // 50 ms each side
			roughest := 0.0
			for i := range near {
				roughest = max(roughest, step(pcm, i), step(pcm, len(pcm)-2-i))
			}
			seam := math.Abs(float64(pcm[0]) - float64(pcm[len(pcm)-1]))
			assert.LessOrEqual(t, seam, roughest)
			t.Logf("seam step %.0f, roughest step near it %.0f (of 32768)", seam, roughest)
		})
		t.Run("the "+tr.String()+" track sounds up to its seam and from it: notes ring on across, no gap", func(t *testing.T) {
			const span = Rate / 20
			whole := dB(level(pcm))
			assert.Greater(t, dB(level(pcm[len(pcm)-span:])), whole-12, "the last 50 ms")
			assert.Greater(t, dB(level(pcm[:span])), whole-12, "the first 50 ms")
		})
		t.Run("the "+tr.String()+" track is levelled to -20 dBFS and never clips", func(t *testing.T) {
			assert.InDelta(t, -20, dB(level(pcm)), 1)
			peak := 0
			for _, x := range pcm {
				peak = max(peak, int(x), -int(x))
			}
			assert.Less(t, peak, 32000)
		})
		t.Run("the "+tr.String()+" track never falls silent for a bar", func(t *testing.T) {
			bar := form.Samples() / form.Bars
			for b := range form.Bars {
				assert.Greater(t, dB(level(pcm[b*bar:(b+1)*bar])), -40.0, "bar %d", b+1)
			}
		})
	}
	t.Run("the hub is slower than a dungeon, and a dungeon slower than a boss fight", func(t *testing.T) {
		assert.Less(t, FormOf(Hub).BPM, FormOf(Dungeon).BPM)
		assert.Less(t, FormOf(Dungeon).BPM, FormOf(Boss).BPM)
	})
}

func TestTracksAreTheSameEveryTime(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every track a second time")
	}
	for tr := range NumTracks {
		t.Run("the "+tr.String()+" track renders to the same samples every time", func(t *testing.T) {
			first := sha256.Sum256(bytesOf(rendered()[tr]))
			again := sha256.Sum256(bytesOf(Render(tr)))
			require.Equal(t, first, again)
		})
	}
}

func bytesOf(xs []int16) []byte {
	b := make([]byte, 0, 2*len(xs))
	for _, x := range xs {
		b = append(b, byte(x), byte(uint16(x)>>8))
	}
	return b
}

func TestTheTracksHoldSensibleMemory(t *testing.T) {
	total := 0
	for tr := range NumTracks {
		total += 2 * FormOf(tr).Samples()
	}
	// About a minute of mono 16-bit a loop, four loops: a tenth of the
	// window's resident budget (docs/PERFORMANCE.md).
	assert.Less(t, total, 24<<20, "every track's samples together, mono 16-bit")
	t.Logf("the tracks hold %.1f MB of samples", float64(total)/(1<<20))
}

func TestTheFader(t *testing.T) {
	const frame = 1.0 / 60
	steps := func(f *Fader, seconds float64) {
		for range int(math.Round(seconds / frame)) {
			f.Step(frame)
		}
	}
	t.Run("a fader starts silent and fades the wanted track in", func(t *testing.T) {
		var f Fader
		assert.Zero(t, f.Gain(Hub))
		f.Want(Hub)
		steps(&f, FadeSeconds)
		assert.InDelta(t, 1, f.Gain(Hub), 1e-9)
	})
	t.Run("a change of track crossfades over FadeSeconds at equal power", func(t *testing.T) {
		var f Fader
		f.Want(Hub)
		steps(&f, FadeSeconds)
		f.Want(Boss)
		steps(&f, FadeSeconds/2)
		h, b := f.Gain(Hub), f.Gain(Boss)
		assert.InDelta(t, 1, h*h+b*b, 0.05, "the sum of powers holds: no dip in the middle")
		assert.InDelta(t, h, b, 0.05, "halfway, both at the same level")
		steps(&f, FadeSeconds/2)
		assert.Zero(t, f.Gain(Hub))
		assert.InDelta(t, 1, f.Gain(Boss), 1e-9)
	})
	t.Run("no frame moves a gain by more than its share of the fade", func(t *testing.T) {
		var f Fader
		f.Want(Dungeon)
		steps(&f, FadeSeconds)
		f.Want(Boss)
		last := [NumTracks]float64{f.Gain(Hub), f.Gain(Dungeon), f.Gain(Boss)}
		for range int(2 * FadeSeconds / frame) {
			f.Step(frame)
			for tr := range NumTracks {
				assert.LessOrEqual(t, math.Abs(f.Gain(tr)-last[tr]), math.Pi/2*frame/FadeSeconds+1e-9)
				last[tr] = f.Gain(tr)
			}
		}
	})
	t.Run("changing one's mind mid-fade turns back from where it is, without a jump", func(t *testing.T) {
		var f Fader
		f.Want(Hub)
		steps(&f, FadeSeconds)
		f.Want(Dungeon)
		steps(&f, FadeSeconds/4)
		h, d := f.Gain(Hub), f.Gain(Dungeon)
		f.Want(Hub)
		f.Step(frame)
		assert.InDelta(t, h, f.Gain(Hub), 0.05)
		assert.InDelta(t, d, f.Gain(Dungeon), 0.05)
		steps(&f, FadeSeconds)
		assert.InDelta(t, 1, f.Gain(Hub), 1e-9)
		assert.Zero(t, f.Gain(Dungeon))
	})
	t.Run("silence fades everything out", func(t *testing.T) {
		var f Fader
		f.Want(Boss)
		steps(&f, FadeSeconds)
		f.Want(Silence)
		steps(&f, FadeSeconds)
		for tr := range NumTracks {
			assert.Zero(t, f.Gain(tr))
		}
	})
	t.Run("mixing two tracks through a crossfade leaves no click", func(t *testing.T) {
		hub, dungeon := rendered()[Hub], rendered()[Dungeon]
		var f Fader
		f.Want(Hub)
		steps(&f, FadeSeconds)
		f.Want(Dungeon)
		perFrame := Rate / 60
		out := make([]float64, 0, int(2*FadeSeconds*Rate))
		for i := 0; len(out) < cap(out); i++ {
			h, d := f.Gain(Hub), f.Gain(Dungeon)
			for k := range perFrame {
				j := i*perFrame + k
				out = append(out, h*float64(hub[j])+d*float64(dungeon[j]))
			}
			f.Step(frame)
		}
		mixed := make([]int16, len(out))
		for i, v := range out {
			mixed[i] = int16(max(-32768, min(32767, v)))
		}
		roughest := 0.0
		for i := range len(mixed) - 1 {
			roughest = max(roughest, step(mixed, i))
		}
		alone := 0.0
		for i := range len(mixed) - 1 {
			alone = max(alone, step(hub, i), step(dungeon, i))
		}
		assert.LessOrEqual(t, roughest, alone*1.05, "the mix is no rougher than its tracks")
	})
}

func TestTracksDiffer(t *testing.T) {
	r := rendered()
	assert.False(t, slices.Equal(r[Hub][:Rate], r[Dungeon][:Rate]))
	assert.False(t, slices.Equal(r[Dungeon][:Rate], r[Boss][:Rate]))
}

func BenchmarkRender(b *testing.B) {
	for tr := range NumTracks {
		b.Run(tr.String(), func(b *testing.B) {
			for b.Loop() {
				Render(tr)
			}
			b.ReportMetric(float64(2*FormOf(tr).Samples()), "pcm_bytes")
		})
	}
}

func TestTheStarVaultPlaysItsOwnTrack(t *testing.T) {
	assert.Equal(t, Vault, ForDungeon("star_vault"), "the Star Vault has music of its own")
	for _, id := range []string{"proving_grounds", "catacombs", "sunken_keep", ""} {
		assert.Equal(t, Dungeon, ForDungeon(id), "%q plays the dungeons' track", id)
	}
}
