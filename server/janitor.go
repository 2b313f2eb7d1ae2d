package server

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"

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
// for as long as the server runs quiet. So the janitor also collects, once
// the server is quiet, when the heap holds janitorGarbageOver more than the
// live heap the last collection found.
const (
	janitorEvery       = 5 * time.Second
	janitorFreeOver    = 256 << 10 // free heap bytes not yet returned
	janitorGarbageOver = 128 << 10 // heap bytes over the last collection's live heap
	janitorQuietAlloc  = 256 << 10 // bytes allocated in a pass, under which the server is quiet
	startCollections   = 4         // as the janitor starts: the collector's structures at their steady size
)

// cHeap is the C heap as the janitor last read it, for the status file:
// reading it takes glibc's arena locks, which the tick should not wait on.
var cHeap struct{ inUse, free atomic.Uint64 }

// runJanitor collects and returns free heap memory to the system every
// janitorEvery while it is worth it (worthReturning), and trims the C
// heap, until ctx ends.
func runJanitor(ctx context.Context) {
	sample := []metrics.Sample{
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/heap/allocs:bytes"},
	}
	// At the start: loading (content, maps) leaves garbage that a server
	// which allocates little might not collect for a minute, and the
	// collector's own structures grow over its first few cycles, most of a
	// megabyte, to the size they then keep (docs/NETCODE.md,
	// Memory). Both belong before the first player, not after a
	// flood that happens to start the first collection.
	for range startCollections {
		debug.FreeOSMemory()
	}
	metrics.Read(sample)
	last := readHeap(sample)
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(janitorEvery):
		}
		metrics.Read(sample)
		now := readHeap(sample)
		if now.worthReturning(last) {
			debug.FreeOSMemory()
		}
		last = now
		transport.ReleaseMemory()
		h := transport.ReadHeap()
		cHeap.inUse.Store(h.InUse)
		cHeap.free.Store(h.Free)
	}
}

// heapReading is what the janitor reads of Go's heap on a pass.
type heapReading struct {
	free    uint64 // free pages not yet returned to the system
	objects uint64 // live objects and garbage not yet collected
	live    uint64 // the live heap the last collection found (0 before one)
	allocs  uint64 // bytes allocated since the process started
}

func readHeap(s []metrics.Sample) heapReading {
	return heapReading{free: sampleBytes(s[0]), objects: sampleBytes(s[1]), live: sampleBytes(s[2]), allocs: sampleBytes(s[3])}
}

// worthReturning says whether a collection and a return are worth their
// cost now: free pages held past janitorFreeOver, or, once the server has
// gone quiet (less than janitorQuietAlloc allocated since the last pass),
// objects that outgrew the last collection's live heap by
// janitorGarbageOver. A busy server's own collections keep up with its
// garbage, and the janitor's would only add to them.
func (h heapReading) worthReturning(last heapReading) bool {
	quiet := h.allocs-last.allocs < janitorQuietAlloc
	return h.free > janitorFreeOver || (quiet && h.live > 0 && h.objects > h.live+janitorGarbageOver)
}
