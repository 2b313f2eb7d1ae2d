package server

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"duskfall/net/enet"
	"duskfall/net/transport"
)

// Memory a burst leaves behind, in Go's heap and in the C heap ENet
// allocates packets in. Go's collector frees a flood's garbage soon, but
// its scavenger hands the freed pages back to the system slowly, a little
// at a time, and a server that once took 20 MB for a burst of junk packets
// held them for minutes; glibc keeps what it freed unless asked
// (transport.ReleaseMemory asks, after a burst). The janitor, on its own goroutine
// (never the tick's), returns them once they are worth the collection it
// costs.
const (
	janitorEvery    = 5 * time.Second
	janitorFreeOver = 256 << 10 // free heap bytes not yet returned
)

// cHeap is the C heap as the janitor last read it, for the status file:
// reading it takes glibc's arena locks, which the tick should not wait on.
var cHeap struct{ inUse, free atomic.Uint64 }

// runJanitor returns free heap memory to the system every janitorEvery
// while more than janitorFreeOver of it is held, until ctx ends.
func runJanitor(ctx context.Context) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(janitorEvery):
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > janitorFreeOver {
			debug.FreeOSMemory()
		}
		transport.ReleaseMemory()
		inUse, free := enet.HeapCounts()
		cHeap.inUse.Store(inUse)
		cHeap.free.Store(free)
	}
}
