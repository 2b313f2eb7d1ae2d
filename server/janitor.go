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
//
// A burst's garbage can also outlast it: the tick allocates nothing, so
// after a flood of connections nothing may allocate enough to start the
// next collection, and the flood's dead objects stay in the heap, resident,
// for as long as the server runs quiet. So the janitor also collects when
// the heap holds janitorGarbageOver more than the live heap the last
// collection found.
const (
	janitorEvery       = 5 * time.Second
	janitorFreeOver    = 256 << 10 // free heap bytes not yet returned
	janitorGarbageOver = 128 << 10 // heap bytes over the last collection's live heap
)

// cHeap is the C heap as the janitor last read it, for the status file:
// reading it takes glibc's arena locks, which the tick should not wait on.
var cHeap struct{ inUse, free atomic.Uint64 }

// runJanitor returns free heap memory to the system every janitorEvery
// while more than janitorFreeOver of it is held, until ctx ends.
func runJanitor(ctx context.Context) {
	sample := []metrics.Sample{
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}
	// Once at the start: loading (content, maps) leaves garbage that a
	// server which allocates little might not collect for a minute, and
	// the first collection sets up the collector's own metadata, most of a
	// megabyte. Both belong before the first player, not after.
	for range 4 {
		debug.FreeOSMemory()
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(janitorEvery):
		}
		metrics.Read(sample)
		if heapWorthReturning(sample) {
			debug.FreeOSMemory()
		}
		transport.ReleaseMemory()
		inUse, free := enet.HeapCounts()
		cHeap.inUse.Store(inUse)
		cHeap.free.Store(free)
	}
}

// heapWorthReturning reads the janitor's samples: free pages held, or
// objects that outgrew the last collection's live heap, past their bounds.
func heapWorthReturning(s []metrics.Sample) bool {
	v := func(i int) uint64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[i].Value.Uint64()
	}
	free, objects, live := v(0), v(1), v(2)
	return free > janitorFreeOver || (live > 0 && objects > live+janitorGarbageOver)
}
