package server

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTheTickHistogramCountsEveryStepInItsBucket(t *testing.T) {
	lp := newLoopStats(newLoopTimes())
	start := time.Unix(0, 0)
	for i, d := range []time.Duration{
		100 * time.Microsecond, 499 * time.Microsecond, // under 0.5 ms
		700 * time.Microsecond,                     // 0.5 to 1
		3 * time.Millisecond,                       // 2 to 4
		4 * time.Millisecond, 7 * time.Millisecond, // 4 to 8
		40 * time.Millisecond, // 16 and over
	} {
		lp.noteStep(start.Add(time.Duration(i)*tickStep), d)
	}
	assert.Equal(t, [len(TickHistBoundsMs) + 1]uint64{2, 1, 0, 1, 2, 0, 1}, lp.hist)
	t.Run("and keeps counting across status windows", func(t *testing.T) {
		lp.steps = lp.steps[:0]
		lp.noteStep(start.Add(time.Second), time.Microsecond)
		assert.EqualValues(t, 3, lp.hist[0])
	})
}
