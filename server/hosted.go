package server

import "sync"

// Hosted steps a Runtime from a loop of its own (Host and play steps its
// server in the host's frames, listen.Host.Frame) and keeps what Run
// keeps: the vitals that the health checks and metrics read
// (server/opsweb), and the status once a second, for its file when one is
// configured. It starts no memory janitor (janitor.go): that is a
// dedicated server's policy, and a window's process keeps its own, so a
// hosted status reads no C heap. Step and Stop belong to the loop's
// goroutine.
type Hosted struct {
	s    *Runtime
	l    *loop
	stop sync.Once
}

// Hosted marks the server running, stepped by the caller's loop.
func (s *Runtime) Hosted() *Hosted {
	return &Hosted{s: s, l: s.startLoop()}
}

// Step runs one tick, timed as Run times its ticks, and takes the status
// when a second has passed.
func (h *Hosted) Step() {
	h.s.timedStep(h.l.lp)
	h.s.statusEverySecond(h.l, h.s.now())
}

// Stop says goodbye to every peer with reason and marks the server
// stopped; only the first call does anything.
func (h *Hosted) Stop(reason string) {
	h.stop.Do(func() { h.s.endLoop(h.l, reason) })
}
