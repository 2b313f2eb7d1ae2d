package server

import (
	"bytes"
	"context"
	"io"
	"log"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
)

// virtualClock drives Run without waiting: sleeping advances the clock.
// It can stall the loop once, as a blocked write or a swapped-out process
// would, and ends the run at a virtual deadline. Only Run's goroutine
// touches it.
type virtualClock struct {
	t       time.Time
	start   time.Time
	sleeps  int
	stallAt int           // the sleep that oversleeps; 0 never
	stall   time.Duration // by how much
	end     time.Duration // virtual run time after which stop is called
	stop    context.CancelFunc
}

func newVirtualClock(end time.Duration, stop context.CancelFunc) *virtualClock {
	t := time.Unix(1000, 0)
	return &virtualClock{t: t, start: t, end: end, stop: stop}
}

func (c *virtualClock) now() time.Time { return c.t }

func (c *virtualClock) sleep(d time.Duration) {
	c.sleeps++
	if c.sleeps == c.stallAt {
		d += c.stall
	}
	c.t = c.t.Add(max(d, 0))
	if c.t.Sub(c.start) >= c.end {
		c.stop()
	}
}

// loopServer is a server on an in-memory transport with no players whose
// Run is driven by clock.
func loopServer(t *testing.T, clock *virtualClock, write func(Status) error) *Runtime {
	t.Helper()
	c := content(t)
	srv, _ := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	s, err := New(Config{Content: c, Map: corridor(t, c, 40), Seed: 1}, srv)
	require.NoError(t, err)
	s.now, s.sleep, s.writeStatus = clock.now, clock.sleep, write
	return s
}

// runWithin runs s until its clock stops it and fails the test if that
// takes longer than limit of real time: the loop is stuck.
func runWithin(t *testing.T, s *Runtime, ctx context.Context, limit time.Duration) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		s.Run(ctx)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("Run did not finish within %v: the loop is stuck", limit)
	}
}

// A stall between Steps used to be invisible: Step itself stayed quick, so
// tick_ms_p99 read 0.16 ms during a 0.87 s pause, and the ticks the loop
// then dropped were not counted anywhere.
func TestTheStatusShowsAStalledLoop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clock := newVirtualClock(5*time.Second, cancel)
	clock.stallAt, clock.stall = 100, 870*time.Millisecond // about 1.7 s in
	var got []Status
	s := loopServer(t, clock, func(st Status) error { got = append(got, st); return nil })
	runWithin(t, s, ctx, 10*time.Second)

	// Four virtual seconds, four snapshots: the queue holds four, so none
	// was dropped and got (written by the finished writer) is complete.
	require.Len(t, got, 4)
	step := float64(tickStep.Microseconds()) / 1000
	t.Run("the second before the stall shows an even loop", func(t *testing.T) {
		assert.InDelta(t, step, got[0].LoopMsP50, 0.01)
		assert.InDelta(t, step, got[0].LoopMsMax, 0.01)
		assert.Zero(t, got[0].SkippedTicks)
	})
	t.Run("the second of the stall shows the gap between Steps and the ticks skipped", func(t *testing.T) {
		assert.GreaterOrEqual(t, got[1].LoopMsMax, 870.0)
		assert.InDelta(t, step, got[1].LoopMsP50, 0.01, "the other gaps were even")
		assert.Zero(t, got[1].TickMsP99, "Step itself was never slow: only the loop shows the stall")
		assert.Equal(t, uint64(870*time.Millisecond/tickStep), got[1].SkippedTicks, "every whole tick of the stall is counted")
	})
	t.Run("afterwards the loop is even again and the skipped count stays", func(t *testing.T) {
		assert.InDelta(t, step, got[3].LoopMsMax, 0.01)
		assert.Equal(t, got[1].SkippedTicks, got[3].SkippedTicks, "skipped_ticks is cumulative")
	})
	t.Run("the status and log queues kept up", func(t *testing.T) {
		assert.Zero(t, got[3].StatusDropped)
		assert.Zero(t, got[3].LogDropped)
	})
	t.Run("the metrics' histograms hold every step and every interval, the stall among them", func(t *testing.T) {
		steps, intervals := histogramOf(t, s.vitals.times.step), histogramOf(t, s.vitals.times.interval)
		assert.EqualValues(t, s.Tick(), steps.GetSampleCount(), "every step is observed")
		assert.Equal(t, steps.GetSampleCount()-1, intervals.GetSampleCount(), "an interval between each two")
		assert.Equal(t, steps.GetSampleCount(), countUpTo(t, steps, 0.00025), "the virtual clock stands still in a step")
		even := countUpTo(t, intervals, 0.017) - countUpTo(t, intervals, 0.016)
		assert.Equal(t, intervals.GetSampleCount()-1, even, "every interval but one is 1/60 s")
		assert.EqualValues(t, 1, countUpTo(t, intervals, 1)-countUpTo(t, intervals, 0.25), "the stall")
		assert.InDelta(t, float64(intervals.GetSampleCount()-1)*tickStep.Seconds()+(870*time.Millisecond+tickStep).Seconds(),
			intervals.GetSampleSum(), 1e-6, "the intervals add up to the run")
	})
}

// histogramOf reads a histogram as a scrape would.
func histogramOf(t *testing.T, h prometheus.Histogram) *dto.Histogram {
	t.Helper()
	var m dto.Metric
	require.NoError(t, h.Write(&m))
	return m.GetHistogram()
}

// countUpTo is a histogram's cumulative count at the bucket bound le.
func countUpTo(t *testing.T, h *dto.Histogram, le float64) uint64 {
	t.Helper()
	for _, b := range h.GetBucket() {
		if b.GetUpperBound() == le {
			return b.GetCumulativeCount()
		}
	}
	t.Fatalf("no bucket bounded at %v", le)
	return 0
}

// A rename once blocked the tick for 57 ms. Now a status writer that never
// returns costs snapshots, not ticks.
func TestABlockedStatusWriterDoesNotStopTheTicks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const run = 10 * time.Second
	clock := newVirtualClock(run, cancel)
	release := make(chan struct{})
	defer close(release)
	entered := make(chan struct{}, 1)
	s := loopServer(t, clock, func(Status) error {
		select {
		case entered <- struct{}{}:
		default:
		}
		<-release
		return nil
	})
	runWithin(t, s, ctx, 10*time.Second)
	select {
	case <-entered:
	default:
		t.Fatal("the status writer was never called")
	}
	assert.GreaterOrEqual(t, s.Tick(), uint32(run/tickStep)-1, "the loop stepped through the whole run")
}

// blockingWriter blocks every Write until released.
type blockingWriter struct {
	release chan struct{}
	mu      sync.Mutex
	buf     bytes.Buffer
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	<-w.release
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *blockingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func TestTheLogNeverBlocksTheTick(t *testing.T) {
	t.Run("a log whose reader stopped reading drops lines and counts them", func(t *testing.T) {
		dst := &blockingWriter{release: make(chan struct{})}
		w := newAsyncWriter(dst)
		lg := log.New(w, "", 0)
		const lines = logQueue + 50
		for i := range lines {
			lg.Printf("line %d", i) // returns although nothing is written
		}
		// The goroutine holds one line and the queue logQueue; the rest
		// were dropped.
		assert.InDelta(t, lines-logQueue-1, w.Dropped(), 1)
		close(dst.release)
		w.Flush(time.Second)
		assert.Contains(t, dst.String(), "line 0\n")
		assert.Equal(t, uint64(lines)-w.Dropped(), uint64(bytes.Count([]byte(dst.String()), []byte("\n"))))
	})
	t.Run("flush writes the last lines, and lines after it go straight out", func(t *testing.T) {
		var dst bytes.Buffer
		w := newAsyncWriter(&dst)
		io.WriteString(w, "stopping\n")
		w.Flush(time.Second)
		io.WriteString(w, "stopped\n")
		assert.Equal(t, "stopping\nstopped\n", dst.String())
		assert.Zero(t, w.Dropped())
	})
	t.Run("the server's own log goes through the asynchronous writer", func(t *testing.T) {
		c := content(t)
		srv, _ := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
		var dst bytes.Buffer
		s, err := New(Config{Content: c, Map: corridor(t, c, 40), Log: log.New(&dst, "server: ", 0)}, srv)
		require.NoError(t, err)
		require.NotNil(t, s.logw)
		s.log.Printf("hello %d", game.TickRate)
		s.Shutdown("test over")
		assert.Equal(t, "server: world seed 0x0 (--seed 0 makes this world again)\nserver: hello 60\n", dst.String(), "Shutdown flushed it")
	})
}
