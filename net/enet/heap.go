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

// HeapInUse is how many bytes of the C heap are allocated (mallinfo2
// uordblks): ENet's peers, channels and the packets it holds.
func HeapInUse() uint64 { return uint64(C.mallinfo2().uordblks) }

// TrimHeap hands the C heap's free pages back to the system (malloc_trim).
// It holds the allocator's locks while it walks the heap, stalling every
// thread that allocates meanwhile: call it after a burst, not routinely.
func TrimHeap() { C.malloc_trim(0) }
