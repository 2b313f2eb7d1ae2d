package game

// InputQueueCap is how many frames a player may have queued: every frame the
// server accepts ahead (InputMaxLead) plus one packet's redundant copies, so
// an honest client at the edge of the window never overflows it. A flood
// drops the frame furthest ahead, never the one needed next.
const InputQueueCap = InputMaxLead + InputRedundancy

// InputVerdict is QueueInput's decision on one frame; the server counts them.
type InputVerdict uint8

// Input verdicts.
const (
	InputAccepted      InputVerdict = iota // queued for its tick
	InputDuplicate                         // that tick is already queued (redundant copies are normal)
	InputReplay                            // tick already consumed
	InputStale                             // older than InputMaxAge ticks
	InputFuture                            // more than InputMaxLead ticks ahead
	InputFlood                             // queue full: the frame furthest ahead was dropped
	InputUnknownPlayer                     // no such player in this world
)

var verdictNames = [...]string{"accepted", "duplicate", "replay", "stale", "future", "flood", "unknown player"}

// String names the verdict for logs and counters.
func (v InputVerdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "invalid"
}

// QueueInput is the one audit point for input frames. It refuses a replay
// (tick at or before the last consumed), a stale frame (older than
// InputMaxAge) and a frame from the future (beyond InputMaxLead), then queues
// the frame in tick order. A full queue drops the frame furthest ahead.
func (w *World) QueueInput(id uint16, in Input) InputVerdict {
	p := w.player(id)
	switch {
	case p == nil:
		return InputUnknownPlayer
	case in.Tick <= p.lastTick:
		return InputReplay
	case int64(in.Tick) < int64(w.tick)-InputMaxAge:
		return InputStale
	case int64(in.Tick) > int64(w.tick)+InputMaxLead:
		return InputFuture
	}
	return p.queue.insert(in)
}

// inputQueue holds a player's pending frames sorted by tick, in a fixed
// array so queueing never allocates.
type inputQueue struct {
	buf [InputQueueCap]Input
	n   int
}

// insert places in by tick, refusing a tick already queued.
func (q *inputQueue) insert(in Input) InputVerdict {
	i := 0
	for i < q.n && q.buf[i].Tick < in.Tick {
		i++
	}
	if i < q.n && q.buf[i].Tick == in.Tick {
		return InputDuplicate
	}
	if q.n < len(q.buf) {
		copy(q.buf[i+1:q.n+1], q.buf[i:q.n])
		q.buf[i] = in
		q.n++
		return InputAccepted
	}
	if i < q.n { // drop the furthest, then insert at position i
		copy(q.buf[i+1:q.n], q.buf[i:q.n-1])
		q.buf[i] = in
	} // else the new frame is itself the furthest ahead, and is the one dropped
	return InputFlood
}

// take removes every frame older than tick and pops the one for tick. late
// is the newest frame that arrived too late for its own tick, if any.
func (q *inputQueue) take(tick uint32) (in, late Input, ok, hasLate bool) {
	i := 0
	for i < q.n && q.buf[i].Tick < tick {
		late, hasLate = q.buf[i], true
		i++
	}
	if i < q.n && q.buf[i].Tick == tick {
		in, ok = q.buf[i], true
		i++
	}
	copy(q.buf[:q.n-i], q.buf[i:q.n])
	q.n -= i
	return in, late, ok, hasLate
}

// clear empties the queue.
func (q *inputQueue) clear() { q.n = 0 }
