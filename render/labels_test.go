package render

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWorldLabelsNeverCollide(t *testing.T) {
	apart := func(t *testing.T, rs []image.Rectangle) {
		for i := range rs {
			for j := i + 1; j < len(rs); j++ {
				assert.False(t, rs[i].Overlaps(rs[j]), "labels %d %v and %d %v overlap", i, rs[i], j, rs[j])
			}
		}
	}
	t.Run("two portals side by side keep their labels apart", func(t *testing.T) {
		var l labelPlacer
		exit := l.place(600, 400, 110, labelDown) // "Back to the hub"
		down := l.place(640, 400, 170, labelDown) // "Down to the next floor", a tile over
		apart(t, []image.Rectangle{exit, down})
		assert.Equal(t, 400, exit.Min.Y, "the first stays where it asked")
		assert.Greater(t, down.Min.Y, exit.Min.Y, "the second steps down, away from its portal's ship")
	})
	t.Run("four names on one spot stack upward, each readable", func(t *testing.T) {
		var l labelPlacer
		var rs []image.Rectangle
		for range 4 {
			rs = append(rs, l.place(640, 300, 60, labelUp))
		}
		apart(t, rs)
		for i := 1; i < len(rs); i++ {
			assert.Less(t, rs[i].Min.Y, rs[i-1].Min.Y)
		}
	})
	t.Run("labels that do not touch are left where they asked", func(t *testing.T) {
		var l labelPlacer
		a := l.place(100, 100, 50, labelUp)
		b := l.place(400, 100, 50, labelUp)
		assert.Equal(t, 100, a.Min.Y)
		assert.Equal(t, 100, b.Min.Y)
	})
	t.Run("a new frame forgets the last", func(t *testing.T) {
		var l labelPlacer
		l.place(100, 100, 50, labelUp)
		l.reset()
		assert.Equal(t, 100, l.place(100, 100, 50, labelUp).Min.Y)
	})
	t.Run("placing a frame's labels allocates nothing once warm", func(t *testing.T) {
		var l labelPlacer
		frame := func() {
			l.reset()
			for i := range 8 {
				l.place(600+i*4, 300, 60, labelUp)
			}
		}
		frame()
		assert.Zero(t, testing.AllocsPerRun(50, frame))
	})
}
