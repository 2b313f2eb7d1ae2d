package netsim

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	packets   = 10000
	interval  = time.Millisecond // virtual time between two packets sent
	tolerance = 1.5              // percentage points
)

// arrival is one delivery in virtual time.
type arrival struct {
	seq int
	at  time.Duration
}

// runSim sends packets numbered 0..n-1 one interval apart and drains every
// delivery, recording when it came out.
func runSim(t *testing.T, cfg Config, n int) ([]arrival, Stats) {
	t.Helper()
	sim, err := NewSim[int](cfg)
	require.NoError(t, err)
	var out []arrival
	var due []int
	step := func(now time.Duration) {
		due = sim.Pop(now, due[:0])
		for _, seq := range due {
			out = append(out, arrival{seq, now})
		}
	}
	// Advance in steps of 100 µs so delivery times are observed precisely.
	const tick = 100 * time.Microsecond
	now := time.Duration(0)
	for i := range n {
		for ; now < time.Duration(i)*interval; now += tick {
			step(now)
		}
		sim.Push(now, i)
		step(now)
	}
	for sim.Len() > 0 {
		now += tick
		step(now)
	}
	return out, sim.Stats()
}

func pct(part, whole int) float64 { return 100 * float64(part) / float64(whole) }

func TestLossRate(t *testing.T) {
	for _, loss := range []float64{0, 1, 5, 20, 50} {
		t.Run("measured loss is within 1.5 points of "+ftoa(loss)+"%", func(t *testing.T) {
			out, st := runSim(t, Config{Loss: loss, Latency: 10 * time.Millisecond, Seed: 7}, packets)
			lost := packets - len(out)
			assert.InDelta(t, loss, pct(lost, packets), tolerance)
			assert.EqualValues(t, lost, st.Dropped)
			assert.EqualValues(t, packets, st.In)
			assert.EqualValues(t, len(out), st.Delivered)
		})
	}
	t.Run("total loss delivers nothing", func(t *testing.T) {
		out, _ := runSim(t, Config{Loss: 100, Seed: 1}, 1000)
		assert.Empty(t, out)
	})
}

func TestLatency(t *testing.T) {
	t.Run("without jitter every packet is delayed by exactly the latency", func(t *testing.T) {
		const latency = 37 * time.Millisecond
		out, _ := runSim(t, Config{Latency: latency, Seed: 3}, packets)
		require.Len(t, out, packets)
		for i, a := range out {
			require.Equal(t, i, a.seq, "constant delay keeps the order")
			require.Equal(t, latency, a.at-time.Duration(a.seq)*interval)
		}
	})
	t.Run("with jitter the delay stays within latency±jitter and averages the latency", func(t *testing.T) {
		const latency, jitter = 50 * time.Millisecond, 20 * time.Millisecond
		out, _ := runSim(t, Config{Latency: latency, Jitter: jitter, Seed: 4}, packets)
		require.Len(t, out, packets)
		var sum time.Duration
		lo, hi := time.Duration(math.MaxInt64), time.Duration(0)
		for _, a := range out {
			d := a.at - time.Duration(a.seq)*interval
			sum += d
			lo, hi = min(lo, d), max(hi, d)
		}
		// Deliveries are observed on a 100 µs grid, so allow one step late.
		assert.GreaterOrEqual(t, lo, latency-jitter)
		assert.LessOrEqual(t, hi, latency+jitter+100*time.Microsecond)
		mean := sum / time.Duration(len(out))
		assert.InDelta(t, float64(latency), float64(mean), float64(2*time.Millisecond))
		assert.Less(t, hi-lo, 2*jitter+time.Millisecond)
		assert.Greater(t, hi-lo, jitter, "the jitter really varies the delay")
	})
	t.Run("jitter larger than the latency never makes a negative delay", func(t *testing.T) {
		out, _ := runSim(t, Config{Latency: time.Millisecond, Jitter: 10 * time.Millisecond, Seed: 5}, 1000)
		for _, a := range out {
			require.GreaterOrEqual(t, a.at, time.Duration(a.seq)*interval)
		}
	})
}

func TestDuplication(t *testing.T) {
	for _, dup := range []float64{0, 2, 10, 30} {
		t.Run("measured duplication is within 1.5 points of "+ftoa(dup)+"%", func(t *testing.T) {
			out, st := runSim(t, Config{Dup: dup, Latency: 5 * time.Millisecond, Seed: 11}, packets)
			seen := map[int]int{}
			for _, a := range out {
				seen[a.seq]++
			}
			require.Len(t, seen, packets, "without loss every packet arrives")
			twice := 0
			for _, c := range seen {
				require.LessOrEqual(t, c, 2)
				if c == 2 {
					twice++
				}
			}
			assert.InDelta(t, dup, pct(twice, packets), tolerance)
			assert.EqualValues(t, twice, st.Duplicated)
		})
	}
}

func TestReordering(t *testing.T) {
	for _, reorder := range []float64{0, 3, 10, 25} {
		t.Run("measured reordering is within 1.5 points of "+ftoa(reorder)+"%", func(t *testing.T) {
			out, st := runSim(t, Config{Reorder: reorder, Latency: 30 * time.Millisecond, Seed: 13}, packets)
			require.Len(t, out, packets)
			// A packet is late if a packet sent after it arrived first.
			late, highest := 0, -1
			for _, a := range out {
				if a.seq < highest {
					late++
				}
				highest = max(highest, a.seq)
			}
			assert.InDelta(t, reorder, pct(late, packets), tolerance)
			assert.EqualValues(t, late, st.Reordered, "every held packet is overtaken")
		})
	}
}

func TestSimDeterminism(t *testing.T) {
	cfg := Config{Loss: 10, Dup: 5, Reorder: 5, Latency: 20 * time.Millisecond, Jitter: 5 * time.Millisecond, Seed: 99}
	a, _ := runSim(t, cfg, 2000)
	b, _ := runSim(t, cfg, 2000)
	assert.Equal(t, a, b, "the same seed replays the same schedule")
	cfg.Seed++
	c, _ := runSim(t, cfg, 2000)
	assert.NotEqual(t, a, c, "another seed makes other choices")
}

func TestSimSchedule(t *testing.T) {
	t.Run("deliveries due together keep their sending order", func(t *testing.T) {
		sim, err := NewSim[int](Config{})
		require.NoError(t, err)
		for i := range 100 {
			sim.Push(0, i)
		}
		got := sim.Pop(0, nil)
		want := make([]int, 100)
		for i := range want {
			want[i] = i
		}
		assert.Equal(t, want, got)
	})
	t.Run("nothing is delivered before it is due", func(t *testing.T) {
		sim, err := NewSim[string](Config{Latency: 10 * time.Millisecond})
		require.NoError(t, err)
		sim.Push(5*time.Millisecond, "x")
		next, ok := sim.Next()
		require.True(t, ok)
		assert.Equal(t, 15*time.Millisecond, next)
		assert.Empty(t, sim.Pop(15*time.Millisecond-1, nil))
		assert.Equal(t, []string{"x"}, sim.Pop(15*time.Millisecond, nil))
		_, ok = sim.Next()
		assert.False(t, ok)
	})
}

func TestConfigValidation(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"negative loss is refused", Config{Loss: -1}},
		{"loss above 100% is refused", Config{Loss: 100.5}},
		{"NaN duplication is refused", Config{Dup: math.NaN()}},
		{"reordering above 100% is refused", Config{Reorder: 101}},
		{"negative latency is refused", Config{Latency: -time.Millisecond}},
		{"negative jitter is refused", Config{Jitter: -1}},
		{"a negative reorder delay is refused", Config{ReorderDelay: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewSim[int](tt.cfg)
			require.ErrorIs(t, err, ErrConfig)
		})
	}
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// BenchmarkSim pushes one packet and pops what is due, in steady state.
func BenchmarkSim(b *testing.B) {
	sim, err := NewSim[int](Config{Loss: 2, Dup: 1, Reorder: 1, Latency: 30 * time.Millisecond, Jitter: 5 * time.Millisecond, Seed: 1})
	require.NoError(b, err)
	var due []int
	now := time.Duration(0)
	for i := range 1000 { // fill the schedule to its working size
		now += interval
		sim.Push(now, i)
		due = sim.Pop(now, due[:0])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now += interval
		sim.Push(now, i)
		due = sim.Pop(now, due[:0])
	}
}
