package server

import (
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Phase is where a Runtime's Run stands.
type Phase int32

const (
	// PhaseIdle: Run has not started (a Runtime stepped by hand stays here).
	PhaseIdle Phase = iota
	// PhaseRunning: Run steps the server at 60 Hz.
	PhaseRunning
	// PhaseStopping: Run's context ended or the console said stop; the
	// server says goodbye to its peers and closes.
	PhaseStopping
	// PhaseStopped: Run returned.
	PhaseStopped
)

func (p Phase) String() string {
	switch p {
	case PhaseRunning:
		return "running"
	case PhaseStopping:
		return "stopping"
	case PhaseStopped:
		return "stopped"
	}
	return "idle"
}

// Vitals is what any goroutine may read of a Runtime while its loop runs:
// for health checks and metrics (server/opsweb), which must never hold up
// a tick. Run writes them with atomic stores only.
type Vitals struct {
	Phase      Phase
	LastStep   time.Time // when the loop's latest Step started, by Run's clock; zero before the first
	MaxPlayers int
	// Status is the latest status snapshot, the one the status file is
	// written from (its port mapping read now); HasStatus is false until
	// Run took the first, a second after it started.
	Status    Status
	HasStatus bool
}

// vitals are the Runtime's side of Vitals.
type vitals struct {
	phase    atomic.Int32
	lastStep atomic.Int64 // UnixNano; 0 before the first Step
	status   atomic.Pointer[Status]
	times    loopTimes
}

// loopTimes are the loop's timings as Prometheus histograms, observed on
// every Step: a histogram's Observe only adds to atomic counters, so the
// tick stays free of allocations and locks, and a scrape reads them on
// its own goroutine. docs/OPERATIONS.md, "Metric names", lists them.
type loopTimes struct {
	step     prometheus.Histogram // how long each Step took
	interval prometheus.Histogram // from each Step's start to the next's
}

// The buckets, in seconds. A step has 16.7 ms at 60 Hz and usually takes
// well under 2; the bounds double from a quarter of a millisecond to
// past the budget, as the status file's tick_hist does from 0.5 ms. An
// interval is 16.7 ms when all is well: millisecond bounds around it show
// the timer's jitter, wider ones the stalls, up to the second after which
// /healthz calls the loop stalled.
var (
	stepBuckets     = []float64{0.00025, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.25}
	intervalBuckets = []float64{0.001, 0.005, 0.010, 0.015, 0.016, 0.017, 0.018, 0.020, 0.025, 0.033, 0.050, 0.100, 0.250, 1}
)

func newLoopTimes() loopTimes {
	return loopTimes{
		step: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "duskfall_tick_duration_seconds",
			Help:    "How long each tick's step took: reading the network, simulating every world, sending the snapshots.",
			Buckets: stepBuckets,
		}),
		interval: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "duskfall_tick_interval_seconds",
			Help:    "Time from one tick's start to the next's: 1/60 s while the loop keeps time; more when it stalls between steps.",
			Buckets: intervalBuckets,
		}),
	}
}

// LoopHistograms are the loop's timings, for a Prometheus registry: how
// long each step took, and the time between consecutive steps' starts.
func (s *Runtime) LoopHistograms() []prometheus.Collector {
	return []prometheus.Collector{s.vitals.times.step, s.vitals.times.interval}
}

// Vitals reads the loop's vitals; safe on any goroutine.
func (s *Runtime) Vitals() Vitals {
	v := Vitals{Phase: Phase(s.vitals.phase.Load()), MaxPlayers: s.cfg.MaxPlayers}
	if ns := s.vitals.lastStep.Load(); ns != 0 {
		v.LastStep = time.Unix(0, ns)
	}
	if st := s.vitals.status.Load(); st != nil {
		v.Status, v.HasStatus = *st, true
		if s.cfg.PortMap != nil {
			v.Status.notePortMap(s.cfg.PortMap())
		}
	}
	return v
}

// publishStatus keeps st for Vitals: one small allocation a second, on
// the loop, so a stuck status writer never leaves the metrics stale.
func (v *vitals) publishStatus(st Status) {
	p := new(Status)
	*p = st
	v.status.Store(p)
}
