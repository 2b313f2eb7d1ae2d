package transport

// Buffer pool limits: enough to absorb bursts without holding on to much.
const (
	minBufCap     = 256       // smallest buffer made, so small packets share sizes
	maxPooledCap  = 16 << 10  // larger buffers are left to the collector
	maxPooledSize = 256 << 10 // total bytes the pool may hold: a burst's worth is garbage, not a reserve
)

// bufPool recycles byte buffers. It has no lock: its owner's mutex guards it.
type bufPool struct {
	free  [][]byte
	bytes int
}

func (p *bufPool) get(n int) []byte {
	if k := len(p.free); k > 0 {
		b := p.free[k-1]
		p.free[k-1] = nil
		p.free = p.free[:k-1]
		p.bytes -= cap(b)
		if cap(b) >= n {
			return b[:n]
		}
	}
	return make([]byte, n, max(n, minBufCap))
}

func (p *bufPool) put(b []byte) {
	if cap(b) > maxPooledCap || p.bytes+cap(b) > maxPooledSize {
		return
	}
	p.free = append(p.free, b[:0])
	p.bytes += cap(b)
}

// copyOf returns a pooled copy of data.
func (p *bufPool) copyOf(data []byte) []byte {
	b := p.get(len(data))
	copy(b, data)
	return b
}

// inbox is a double-buffered event queue. The producer appends to pending;
// swap hands pending to the consumer and gives the producer the batch the
// consumer finished with, so steady state allocates nothing. It has no lock:
// its owner's mutex guards it, and only one goroutine may consume.
type inbox struct {
	pending []Event
	spare   []Event
	lent    [][]byte // payload buffers of the last batch, still in the caller's hands
}

// push queues ev; a receive's payload is copied into a pooled buffer.
func (q *inbox) push(ev Event, payload []byte, pool *bufPool) {
	if ev.Kind == EventReceive {
		ev.Data = pool.copyOf(payload)
	}
	q.pending = append(q.pending, ev)
}

// swap returns the pending batch. Its payloads stay valid until the next
// swap, which first returns them to the pool.
func (q *inbox) swap(pool *bufPool) []Event {
	for i, b := range q.lent {
		pool.put(b)
		q.lent[i] = nil
	}
	q.lent = q.lent[:0]
	batch := q.pending
	q.pending = q.spare[:0]
	q.spare = batch
	for i := range batch {
		if batch[i].Data != nil {
			q.lent = append(q.lent, batch[i].Data)
		}
	}
	return batch
}
