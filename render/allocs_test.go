package render

import (
	"math"
	"runtime"
)

// allocsPerRun is the least of three measurements of f's allocations per
// run, taken after a collection. testing.AllocsPerRun counts the whole
// process's allocations: an image's finalizer or a goroutine an earlier
// test left behind can allocate during one measurement, never in all
// three, while f's own allocations show in each.
func allocsPerRun(runs int, f func()) float64 {
	runtime.GC()
	least := math.Inf(1)
	for range 3 {
		least = min(least, measureAllocs(runs, f))
	}
	return least
}
