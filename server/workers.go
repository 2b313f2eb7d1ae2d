package server

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// workers step the instances' worlds at the same time, one per core. Each
// world is still stepped by one goroutine and touches nothing outside
// itself (game is pure; item ids come from each world's own block), so a
// world steps exactly as it would alone; what crosses instances (events to
// peers, transfers, store writes, sends) happens after every world has
// stepped, on the tick's goroutine, in the instances' fixed order. Runs
// stay reproducible.
//
// The tick's goroutine steps worlds too, and with one instance open, or
// one core, nothing is handed over at all. Worlds are handed out one at a
// time from a shared index, so a slow world does not hold up a whole
// share. The pool starts with the first tick that has two instances to
// step and stops at Shutdown.
type workers struct {
	n    int // goroutines besides the tick's
	wake []chan struct{}
	wg   sync.WaitGroup
	once sync.Once
	done atomic.Bool // stopped: every world steps on the tick's goroutine

	ins  []*instance // this tick's, set before the wake-up
	next atomic.Int64
}

// newWorkers sizes a pool for n parallel steppers in all; 0 means one per
// core (GOMAXPROCS).
func newWorkers(n int) *workers {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return &workers{n: n - 1}
}

// stepAll steps every instance's world once and returns when all have.
func (w *workers) stepAll(ins []*instance) {
	if w.n == 0 || len(ins) < 2 || w.done.Load() {
		for _, in := range ins {
			in.world.Step()
		}
		return
	}
	w.once.Do(w.start)
	w.ins = ins
	w.next.Store(0)
	helpers := min(w.n, len(ins)-1)
	w.wg.Add(helpers)
	for i := range helpers {
		w.wake[i] <- struct{}{}
	}
	w.share()
	w.wg.Wait()
	w.ins = nil
}

// share steps worlds until none is left to take.
func (w *workers) share() {
	for {
		i := int(w.next.Add(1) - 1)
		if i >= len(w.ins) {
			return
		}
		w.ins[i].world.Step()
	}
}

func (w *workers) start() {
	w.wake = make([]chan struct{}, w.n)
	for i := range w.wake {
		w.wake[i] = make(chan struct{}, 1)
		go func(wake chan struct{}) {
			for range wake {
				w.share()
				w.wg.Done()
			}
		}(w.wake[i])
	}
}

// stop ends the pool's goroutines, if it started them.
func (w *workers) stop() {
	w.done.Store(true)
	started := true
	w.once.Do(func() { started = false })
	if started {
		for _, c := range w.wake {
			close(c)
		}
	}
}
