//go:build frames

package render

import "testing"

// measureAllocs is testing.AllocsPerRun run inside the game's frame: the
// game loop these tests run beside draws frames of its own, and inside
// its Update nothing else of it runs.
func measureAllocs(runs int, f func()) float64 {
	var n float64
	inFrame(func() { n = testing.AllocsPerRun(runs, f) })
	return n
}
