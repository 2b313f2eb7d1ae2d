package server

import (
	"sync/atomic"
	"time"
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
