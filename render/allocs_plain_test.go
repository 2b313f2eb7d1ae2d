//go:build !frames

package render

import "testing"

// measureAllocs is testing.AllocsPerRun; under the frames tag it runs
// inside the game's frame (allocs_frames_test.go).
func measureAllocs(runs int, f func()) float64 { return testing.AllocsPerRun(runs, f) }
