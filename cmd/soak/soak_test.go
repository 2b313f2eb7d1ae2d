package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/server"
)

// steady is n seconds of samples from second first on, all alike.
func steady(first, n, rss, gor, players int, p99 float64) []sample {
	out := make([]sample, n)
	for i := range out {
		out[i] = sample{at: time.Duration(first+i) * time.Second, rssKB: rss,
			st: server.Status{Goroutines: gor, Players: players, TickMsP99: p99}}
	}
	return out
}

// counted fills in the status files' step histograms: each second, 60
// steps, one of them as slow as the second's p99 and the rest fast.
func counted(s []sample) []sample {
	var hist [len(server.TickHistBoundsMs) + 1]uint64
	for i := range s {
		hist[0] += 59
		b := len(server.TickHistBoundsMs)
		for j, bound := range server.TickHistBoundsMs {
			if s[i].st.TickMsP99 < bound {
				b = j
				break
			}
		}
		hist[b]++
		s[i].st.TickHist = hist
	}
	return s
}

func TestJudgePassesASteadyRun(t *testing.T) {
	s := append(steady(1, 12, 9000, 8, 60, 1), steady(13, 24, 10000, 10, 60, 7.9)...)
	s = append(s, steady(37, 24, 10900, 10, 60, 7.9)...)
	h, fails := judge(counted(s), 12*time.Second)
	assert.Empty(t, fails)
	assert.Equal(t, 10000, h.warmRSS, "the floor after warm-up, not during it")
	assert.Equal(t, 10900, h.endRSS)
	assert.InDelta(t, 7.9, h.maxP99, 1e-9)
}

func TestJudgeNamesEachFailedCheck(t *testing.T) {
	s := append(steady(1, 12, 10000, 8, 60, 50), steady(13, 12, 10000, 8, 60, 2)...)
	s = append(s, steady(25, 36, 11200, 13, 60, 2)...)
	for i := 24; i < len(s); i++ {
		s[i].st.TickMsP99 = 9 // one step a second over 8 ms for 36 s of the 48 after warm-up: 1.25 %
	}
	s[30].st.TickMsP99 = 20
	_, fails := judge(counted(s), 12*time.Second)
	require.Len(t, fails, 3)
	assert.True(t, strings.HasPrefix(fails[0], "tick p99: 36 of 2880 steps after warm-up took 8 ms or more, over 1 % (36 seconds' p99 over it, the worst 20.00 ms at 31s)"), fails[0]) // warm-up's 50 ms do not count
	assert.Contains(t, fails[1], "memory:")
	assert.Contains(t, fails[2], "goroutines: 13 at the end, 8 after warm-up")
}

func TestOneSlowSecondDoesNotMakeARunsP99(t *testing.T) {
	s := append(steady(1, 12, 10000, 8, 60, 1), steady(13, 48, 10000, 8, 60, 1)...)
	s[20].st.TickMsP99, s[40].st.TickMsP99 = 14, 30 // two preempted steps in 2,880
	h, fails := judge(counted(s), 12*time.Second)
	assert.Empty(t, fails)
	assert.Equal(t, 2, h.overP99, "the seconds are still counted")
	assert.InDelta(t, 30, h.maxP99, 1e-9)
}

func TestGoroutinesMayGrowWithThePlayers(t *testing.T) {
	s := append(steady(1, 12, 10000, 8, 40, 1), steady(13, 48, 10000, 30, 60, 1)...)
	_, fails := judge(counted(s), 12*time.Second)
	assert.Empty(t, fails, "20 more players allow 20 more goroutines")
}

func TestJudgeWantsSamplesOnBothSides(t *testing.T) {
	_, fails := judge(counted(steady(1, 12, 10000, 8, 60, 1)), 12*time.Second)
	require.Len(t, fails, 1)
	assert.Contains(t, fails[0], "0 after")
}

// The Go heap grows to twice what is live between collections: resident
// memory climbs and falls back. A sawtooth that returns to its floor is not
// growth, however high its teeth; a floor that rises is.
func TestMemoryIsJudgedByTheFloorTheCollectorReturnsTo(t *testing.T) {
	sawtooth := func(floor int) []sample {
		s := steady(1, 60, floor, 8, 60, 1)
		for i := range s {
			s[i].rssKB = floor + floor*(i%20)/20 // back to the floor every 20 s
		}
		return s
	}
	t.Run("a sawtooth that returns to the same floor passes", func(t *testing.T) {
		_, fails := judge(counted(sawtooth(10000)), 12*time.Second)
		assert.Empty(t, fails)
	})
	t.Run("a floor that rises by more than a tenth fails", func(t *testing.T) {
		s := sawtooth(10000)
		for i := 36; i < 60; i++ {
			s[i].rssKB += 1200
		}
		_, fails := judge(counted(s), 12*time.Second)
		require.Len(t, fails, 1)
		assert.Contains(t, fails[0], "memory: resident at least 11200 KiB")
	})
}

func TestMedianIgnoresOneNoisySecond(t *testing.T) {
	s := steady(1, 5, 10000, 8, 60, 1)
	s[2].rssKB = 90000
	assert.Equal(t, 10000, median(s, func(s sample) int { return s.rssKB }))
}

func TestLogFailuresFindPanicsAndDroppedMoves(t *testing.T) {
	log := "server: listening on x\npanic: runtime error\nserver: item journal: 3 moves dropped because its writer was behind\nserver: ok\n"
	assert.Len(t, logFailures(log), 2)
}
