package server

import (
	"io"
	"sync"
	"sync/atomic"
	"time"

	"duskfall/internal/waitgroup"
)

// logQueue is how many log lines may wait for the writer.
const logQueue = 256

// asyncWriter is an io.Writer for the server's log that never blocks the
// tick: each line is queued for a goroutine that writes it out, and when
// the queue is full the line is dropped and counted. A terminal or a pipe
// that stops reading must not stop the world.
type asyncWriter struct {
	dst     io.Writer
	lines   chan []byte
	dropped atomic.Uint64
	done    atomic.Bool // the goroutine has finished: write directly
	stopped chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
}

func newAsyncWriter(dst io.Writer) *asyncWriter {
	w := &asyncWriter{dst: dst, lines: make(chan []byte, logQueue), stopped: make(chan struct{})}
	w.wg.Add(1)
	go w.run()
	return w
}

// Write queues a copy of p (log.Logger reuses its buffer). After Flush the
// loop is over and nothing is left to protect, so lines go straight out.
func (w *asyncWriter) Write(p []byte) (int, error) {
	if w.done.Load() {
		return w.dst.Write(p)
	}
	select {
	case w.lines <- append([]byte(nil), p...):
	default:
		w.dropped.Add(1)
	}
	return len(p), nil
}

func (w *asyncWriter) run() {
	defer w.wg.Done()
	for {
		select {
		case b := <-w.lines:
			w.dst.Write(b)
		case <-w.stopped:
			w.drain()
			return
		}
	}
}

// drain writes what is still queued.
func (w *asyncWriter) drain() {
	for {
		select {
		case b := <-w.lines:
			w.dst.Write(b)
		default:
			return
		}
	}
}

// Flush writes every line queued so far and stops the writer, waiting at
// most limit; later lines are queued until the queue fills, then dropped.
// It is idempotent.
func (w *asyncWriter) Flush(limit time.Duration) {
	w.once.Do(func() { close(w.stopped) })
	if waitgroup.Within(&w.wg, limit) {
		w.done.Store(true)
	}
}

// Dropped counts the lines dropped so far.
func (w *asyncWriter) Dropped() uint64 { return w.dropped.Load() }
