package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// soak runs the server and the fleet for the configured time, stops them,
// and checks what they left. It returns the figures, and every failed
// check, in words, as its error.
func soak(c config, dir string) (string, error) {
	players := c.procs * c.perProc
	s, err := startServer(c.bin, dir, players)
	if s != nil {
		defer s.kill() // on every way out: no server outlives the soak
	}
	if err != nil {
		return "", err
	}
	f := newFleet(c, s.addr)
	ctx, cancel := context.WithTimeout(context.Background(), c.duration)
	defer cancel()
	fleetDone := make(chan struct{})
	go func() { f.run(ctx); close(fleetDone) }()
	samples, early := sampleUntil(ctx, s)
	cancel()
	<-fleetDone                 // every bot process has ended: their goodbyes are sent
	time.Sleep(2 * time.Second) // bodies of the last killed bots channel out
	var fails []string
	if err := writeSamples(filepath.Join(dir, "samples.csv"), samples); err != nil {
		fails = append(fails, "samples: "+err.Error())
	}
	if early != nil {
		fails = append(fails, "server: "+early.Error())
	}
	h, hf := judge(samples, warmUp(c.duration))
	fails = append(fails, hf...)
	if err := s.stop(20 * time.Second); err != nil {
		fails = append(fails, "shutdown: "+err.Error())
	}
	fails = append(fails, logFailures(s.log())...)
	it, itf := auditItems(s, f.names())
	fails = append(fails, itf...)
	if h.peakPlayers < players/2 {
		fails = append(fails, fmt.Sprintf("load: at most %d of %d bots played at once", h.peakPlayers, players))
	}
	fig := figures(c, h, &f.t, it)
	if len(fails) > 0 {
		return "", fmt.Errorf("%d checks failed:\n  %s\nsoak: figures: %s", len(fails), strings.Join(fails, "\n  "), fig)
	}
	return fig, nil
}

// logFailures are the server log's signs of trouble: a panic, and item
// moves the journal dropped (an audit of such a journal cannot pass).
func logFailures(log string) []string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(strings.ToLower(line), "panic") || strings.Contains(line, "moves dropped") {
			out = append(out, "server log: "+line)
		}
	}
	return out
}

// figures is the run in one line.
func figures(c config, h health, t *tally, it items) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return fmt.Sprintf("soak: duration %s, bots %d (%d processes), joins %d, kills %d, peak players %d, "+
		"reports %d (deaths %d, escapes %d, dungeons entered %d, bot errors %d%s), "+
		"steps of 8 ms or more after warm-up %d of %d (%.2f %%), max tick p99 of a second %.2f ms, rss floor %d KiB in the first half after warm-up -> %d KiB in the second (%+.1f %%), "+
		"heap %d -> %d KiB, goroutines %d -> %d (players %d -> %d), "+
		"items minted %d carried %d gone %d (stored %d, %d moves), machine load %s",
		c.duration, c.procs*c.perProc, c.procs, t.joins, t.kills, h.peakPlayers,
		t.reports, t.deaths, t.escapes, t.dungeons, sum(t.botErrors), errorList(t.botErrors),
		h.slowSteps, h.steps, 100*float64(h.slowSteps)/float64(max(h.steps, 1)), h.maxP99, h.warmRSS, h.endRSS, growth(h.warmRSS, h.endRSS),
		h.heapWarm, h.heapEnd, h.warmGor, h.endGor, h.warmPl, h.endPl,
		it.minted, it.carried, it.gone, it.stored, it.moves, loadAvg())
}

// loadAvg is the machine's load averages over 1, 5 and 15 minutes: tick
// times are wall time, and other work on the machine shows in them.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// errorList names the bots' errors, most frequent first, for the figures.
func errorList(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d× %q", m[k], k))
	}
	return ": " + strings.Join(parts, ", ")
}
