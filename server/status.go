package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Status is the JSON object the status file holds, rewritten once a second.
type Status struct {
	Players      int     `json:"players"`
	Tick         uint32  `json:"tick"`
	TickMsP50    float64 `json:"tick_ms_p50"`
	TickMsP99    float64 `json:"tick_ms_p99"`
	BytesInPerS  float64 `json:"bytes_in_per_s"`
	BytesOutPerS float64 `json:"bytes_out_per_s"`
	Instances    int     `json:"instances"`
	Garbage      int     `json:"garbage"`
	Rejected     int     `json:"rejected"`
	Unencodable  int     `json:"unencodable"`
}

// statusWriter keeps the step times of the last second and the byte
// counters at the last write.
type statusWriter struct {
	path     string
	steps    []time.Duration
	sorted   []time.Duration
	lastIn   uint64
	lastOut  uint64
	lastTick uint32
}

func newStatusWriter(path string) *statusWriter {
	return &statusWriter{path: path, steps: make([]time.Duration, 0, 256), sorted: make([]time.Duration, 0, 256)}
}

func (w *statusWriter) noteStep(d time.Duration) {
	if len(w.steps) == cap(w.steps) {
		w.steps = w.steps[:0]
	}
	w.steps = append(w.steps, d)
}

func (w *statusWriter) status(s *Runtime, elapsed time.Duration) Status {
	c := s.Counters()
	secs := elapsed.Seconds()
	st := Status{
		Players:      s.Players(),
		Tick:         s.Tick(),
		BytesInPerS:  float64(c.BytesIn-w.lastIn) / secs,
		BytesOutPerS: float64(c.BytesOut-w.lastOut) / secs,
		Instances:    s.Instances(),
		Garbage:      c.Garbage,
		Rejected:     c.Rejected,
		Unencodable:  c.Unencodable,
	}
	w.lastIn, w.lastOut = c.BytesIn, c.BytesOut
	w.sorted = append(w.sorted[:0], w.steps...)
	slices.Sort(w.sorted)
	st.TickMsP50 = percentileMs(w.sorted, 0.50)
	st.TickMsP99 = percentileMs(w.sorted, 0.99)
	w.steps = w.steps[:0]
	return st
}

func percentileMs(sorted []time.Duration, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, int(q*float64(len(sorted))))
	return float64(sorted[i].Microseconds()) / 1000
}

// write replaces the file atomically, so a reader never sees half of it.
func (w *statusWriter) write(s *Runtime, elapsed time.Duration) {
	st := w.status(s, elapsed)
	if w.path == "" {
		return
	}
	b, err := json.Marshal(st)
	if err != nil {
		return
	}
	tmp := filepath.Join(filepath.Dir(w.path), "."+filepath.Base(w.path)+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		s.log.Printf("status file: %v", err)
		return
	}
	if err := os.Rename(tmp, w.path); err != nil {
		s.log.Printf("status file: %v", err)
	}
}
