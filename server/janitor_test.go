package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTheJanitorCollectsWhatABurstLeftOnceTheServerIsQuiet(t *testing.T) {
	const kb = 1 << 10
	last := heapReading{allocs: 10_000 * kb}
	cases := []struct {
		name string
		now  heapReading
		want bool
	}{
		{"a heap at its live size is left alone",
			heapReading{objects: 2_100 * kb, live: 2_000 * kb, allocs: last.allocs + 80*kb}, false},
		{"a quiet heap holding a burst's garbage is collected",
			heapReading{objects: 2_700 * kb, live: 2_000 * kb, allocs: last.allocs + 80*kb}, true},
		{"a busy heap is left to its own collections",
			heapReading{objects: 2_700 * kb, live: 2_000 * kb, allocs: last.allocs + 2_000*kb}, false},
		{"before the first collection there is no live heap to compare with",
			heapReading{objects: 2_700 * kb, allocs: last.allocs + 80*kb}, false},
		{"free pages past their bound are returned, busy or not",
			heapReading{free: 512 * kb, objects: 2_000 * kb, live: 2_000 * kb, allocs: last.allocs + 2_000*kb}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.now.worthReturning(last))
		})
	}
}
