package sound

import (
	"math"
	"runtime"
	"testing"
)

// allocsPerRun is the least of three measurements of f's allocations per
// run, taken after a collection, as render's tests count theirs:
// testing.AllocsPerRun counts the whole process's allocations, and a
// finalizer or a goroutine an earlier test left behind can allocate
// during one measurement, never in all three.
func allocsPerRun(runs int, f func()) float64 {
	runtime.GC()
	least := math.Inf(1)
	for range 3 {
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}
