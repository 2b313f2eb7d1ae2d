package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"duskfall/server"
)

// sample is one second of the server: its status file and resident memory.
type sample struct {
	at     time.Duration // since the bots started
	st     server.Status
	rssKB  int
	anonKB int // of rssKB, anonymous memory
}

// Thresholds of the checks.
const (
	maxTickP99Ms = 8.0  // one of server.TickHistBoundsMs: the run's p99 is read from tick_hist
	maxRSSGrowth = 0.10 // of the resident memory's floor in the first half after warm-up
	medianOf     = 5    // samples in each median, so one noisy second decides nothing
)

// warmUp is how long the run settles before its figures count: a fifth of
// it, at least 10 s (the first joins, the first dungeons generated, the
// heap grown to its working size).
func warmUp(d time.Duration) time.Duration { return max(10*time.Second, d/5) }

// sampleUntil reads the server once a second until ctx ends or the server
// exits; it says why it stopped early, if it did.
func sampleUntil(ctx context.Context, s *serverProc) ([]sample, error) {
	start := time.Now()
	var out []sample
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return out, nil
		case <-s.exited:
			return out, fmt.Errorf("the server exited during the run (%v): %s", s.waitErr, lastLines(s.log(), 5))
		case <-tick.C:
		}
		if sm, ok := read(s, time.Since(start)); ok {
			out = append(out, sm)
		}
	}
}

// read is one sample; a status file caught mid-replace cannot happen (it
// is replaced atomically), but one not yet written can, and is skipped.
func read(s *serverProc, at time.Duration) (sample, bool) {
	b, err := os.ReadFile(s.status)
	if err != nil {
		return sample{}, false
	}
	sm := sample{at: at}
	if json.Unmarshal(b, &sm.st) != nil {
		return sample{}, false
	}
	if sm.rssKB, sm.anonKB, err = s.rssKB(); err != nil {
		return sample{}, false
	}
	return sm, true
}

// writeSamples keeps the samples as a table beside the server's files,
// for a look at a failed run's seconds.
func writeSamples(path string, samples []sample) error {
	var b strings.Builder
	b.WriteString("t_s,players,instances,tick_ms_p50,tick_ms_p99,loop_ms_max,rss_kib,rss_anon_kib,heap_kib,goroutines,linkdead,skipped_ticks\n")
	for _, s := range samples {
		fmt.Fprintf(&b, "%.0f,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%d,%d,%d\n", s.at.Seconds(), s.st.Players, s.st.Instances,
			s.st.TickMsP50, s.st.TickMsP99, s.st.LoopMsMax, s.rssKB, s.anonKB, s.st.HeapBytes/1024, s.st.Goroutines, s.st.Linkdead, s.st.SkippedTicks)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// health is what the samples say, at the end of warm-up and at the end.
type health struct {
	// The resident memory's floor (KiB): its lowest in the first half of
	// the run after warm-up and in the second. The Go heap grows to twice
	// what is live between collections, so resident memory is a sawtooth
	// (teeth of 20 to 30 s in a soak) and a reading at one moment says where
	// the collector was; what a leak raises is the floor the collector
	// falls back to, and each half spans a collection or more.
	warmRSS, endRSS int
	warmGor, endGor int // goroutines, medians
	warmPl, endPl   int // players, medians
	maxP99          float64
	maxP99At        time.Duration
	peakPlayers     int
	overP99         int // samples (seconds) after warm-up whose p99 is over maxTickP99Ms
	// Steps after warm-up, and how many of them took maxTickP99Ms or
	// more, from the status file's tick_hist: more than 1 % of them over
	// is a run's tick p99 over the budget.
	steps, slowSteps  uint64
	warm, afterWarm   int // samples in each part
	heapWarm, heapEnd int // KiB in use in the heap, medians: what the memory growth is made of
}

// judge sums up the samples and lists the checks they fail, in words.
func judge(samples []sample, warm time.Duration) (health, []string) {
	var h health
	var before, after []sample
	for _, sm := range samples {
		h.peakPlayers = max(h.peakPlayers, sm.st.Players)
		if sm.at <= warm {
			before = append(before, sm)
			continue
		}
		after = append(after, sm)
		if sm.st.TickMsP99 > h.maxP99 {
			h.maxP99, h.maxP99At = sm.st.TickMsP99, sm.at
		}
		if sm.st.TickMsP99 > maxTickP99Ms {
			h.overP99++
		}
	}
	h.warm, h.afterWarm = len(before), len(after)
	if len(before) < medianOf || len(after) < medianOf {
		return h, []string{fmt.Sprintf("samples: %d in warm-up and %d after, want %d of each", len(before), len(after), medianOf)}
	}
	w, e := before[len(before)-medianOf:], after[len(after)-medianOf:]
	h.steps, h.slowSteps = slowSince(before[len(before)-1].st, after[len(after)-1].st, maxTickP99Ms)
	half := len(after) / 2
	h.warmRSS, h.endRSS = lowest(after[:half], rssOf), lowest(after[half:], rssOf)
	h.warmGor, h.endGor = median(w, func(s sample) int { return s.st.Goroutines }), median(e, func(s sample) int { return s.st.Goroutines })
	h.warmPl, h.endPl = median(w, func(s sample) int { return s.st.Players }), median(e, func(s sample) int { return s.st.Players })
	heap := func(s sample) int { return int(s.st.HeapBytes / 1024) }
	h.heapWarm, h.heapEnd = median(w, heap), median(e, heap)
	return h, h.failures()
}

// slowSince counts the steps between two status readings, and those of
// them that took overMs or more (overMs must be one of the histogram's
// bounds). A second's own p99 is over 60 steps, its slowest but one: a
// run judged by its worst second fails on any one step a busy machine
// preempted, so the check is the run's p99, as the hostile suite's is.
func slowSince(first, last server.Status, overMs float64) (steps, slow uint64) {
	for i := range last.TickHist {
		n := last.TickHist[i] - first.TickHist[i]
		steps += n
		if i > 0 && server.TickHistBoundsMs[i-1] >= overMs {
			slow += n
		}
	}
	return steps, slow
}

// failures are the checks h fails.
func (h health) failures() []string {
	var out []string
	if h.steps == 0 || h.slowSteps*100 > h.steps {
		out = append(out, fmt.Sprintf("tick p99: %d of %d steps after warm-up took %.0f ms or more, over 1 %% (%d seconds' p99 over it, the worst %.2f ms at %s)",
			h.slowSteps, h.steps, maxTickP99Ms, h.overP99, h.maxP99, h.maxP99At.Round(time.Second)))
	}
	if float64(h.endRSS) > float64(h.warmRSS)*(1+maxRSSGrowth) {
		out = append(out, fmt.Sprintf("memory: resident at least %d KiB in the second half after warm-up, %d KiB in the first: grew %.1f %%, more than %.0f %%",
			h.endRSS, h.warmRSS, growth(h.warmRSS, h.endRSS), maxRSSGrowth*100))
	}
	if slack := goroutineSlack(h.warmPl, h.endPl); h.endGor > h.warmGor+slack {
		out = append(out, fmt.Sprintf("goroutines: %d at the end, %d after warm-up: more than the slack of %d",
			h.endGor, h.warmGor, slack))
	}
	return out
}

// goroutineSlack is how many more goroutines the end may have than the end
// of warm-up without counting as a leak. The server runs a fixed set (the
// loop, the status and log writers, the store's desk, the journal's
// writer); the runtime adds a few of its own now and then (a finalizer, a
// timer's, the scavenger waking). A goroutine per connection would grow
// with the players, so the players more at the end than after warm-up are
// allowed one each: only growth the players do not explain is a leak.
func goroutineSlack(warmPlayers, endPlayers int) int {
	return 4 + max(0, endPlayers-warmPlayers)
}

func rssOf(s sample) int { return s.rssKB }

// lowest is the least of f over samples, which are not empty.
func lowest(samples []sample, f func(sample) int) int {
	low := f(samples[0])
	for _, s := range samples[1:] {
		low = min(low, f(s))
	}
	return low
}

func growth(from, to int) float64 {
	if from == 0 {
		return 0
	}
	return 100 * float64(to-from) / float64(from)
}

// median of f over samples.
func median(samples []sample, f func(sample) int) int {
	v := make([]int, len(samples))
	for i, s := range samples {
		v[i] = f(s)
	}
	slices.Sort(v)
	return v[len(v)/2]
}
