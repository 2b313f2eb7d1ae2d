package enet

/*
#include <malloc.h>
*/
import "C"

// The C heap: ENet allocates every packet it receives, reassembles or
// queues there, and glibc keeps the pages a flood of them took long after
// they are freed.

// HeapFree is how many bytes the C heap holds free (glibc's mallinfo2
// fordblks): memory taken once and not handed back.
func HeapFree() uint64 { return uint64(C.mallinfo2().fordblks) }

// HeapCounts is the C heap's bytes allocated (mallinfo2 uordblks: ENet's
// peers, channels and the packets it holds) and free (fordblks), from one
// walk of the heap's arenas.
func HeapCounts() (inUse, free uint64) {
	m := C.mallinfo2()
	return uint64(m.uordblks), uint64(m.fordblks)
}

// TrimHeap hands the C heap's free pages back to the system (malloc_trim).
// It holds the allocator's locks while it walks the heap, stalling every
// thread that allocates meanwhile: call it after a burst, not routinely.
func TrimHeap() { C.malloc_trim(0) }
