package world

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render/ui"
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
		var l LabelPlacer
		exit := l.place(600, 400, 110, LabelDown) // "Back to the hub"
		down := l.place(640, 400, 170, LabelDown) // "Down to the next floor", a tile over
		apart(t, []image.Rectangle{exit, down})
		assert.Equal(t, 400, exit.Min.Y, "the first stays where it asked")
		assert.Greater(t, down.Min.Y, exit.Min.Y, "the second steps down, away from its portal's ship")
	})
	t.Run("four names on one spot stack upward, each readable", func(t *testing.T) {
		var l LabelPlacer
		var rs []image.Rectangle
		for range 4 {
			rs = append(rs, l.place(640, 300, 60, LabelUp))
		}
		apart(t, rs)
		for i := 1; i < len(rs); i++ {
			assert.Less(t, rs[i].Min.Y, rs[i-1].Min.Y)
		}
	})
	t.Run("labels that do not touch are left where they asked", func(t *testing.T) {
		var l LabelPlacer
		a := l.place(100, 100, 50, LabelUp)
		b := l.place(400, 100, 50, LabelUp)
		assert.Equal(t, 100, a.Min.Y)
		assert.Equal(t, 100, b.Min.Y)
	})
	t.Run("a new frame forgets the last", func(t *testing.T) {
		var l LabelPlacer
		l.place(100, 100, 50, LabelUp)
		l.Reset()
		assert.Equal(t, 100, l.place(100, 100, 50, LabelUp).Min.Y)
	})
	t.Run("a name keeps off a figure standing under it, stepping over it", func(t *testing.T) {
		var l LabelPlacer
		keeper := image.Rect(620, 260, 660, 312)
		l.KeepOff(keeper)
		r, ok := l.Placed(640, 280, 30, LabelUp)
		require.True(t, ok)
		assert.False(t, r.Overlaps(keeper))
		assert.Less(t, r.Max.Y, keeper.Min.Y, "over the figure, its way")
	})
	t.Run("a label stays inside the window and out from under the HUD at its edge", func(t *testing.T) {
		var l LabelPlacer
		l.Avoid([]ui.Box{{Name: "the place line", R: image.Rect(0, 0, 640, 20)}}, 1, image.Rect(0, 0, 640, 400))
		r, ok := l.Placed(40, -30, 120, LabelUp) // the keeper's name, its keeper at the window's top
		require.True(t, ok)
		assert.True(t, r.In(image.Rect(0, 0, 640, 400)), "%v inside the window", r)
		assert.GreaterOrEqual(t, r.Min.Y, 20, "%v under the place line, not under it", r)
		r, ok = l.Placed(630, 390, 60, LabelDown)
		require.True(t, ok)
		assert.True(t, r.In(image.Rect(0, 0, 640, 400)), "%v inside the window", r)
	})
	t.Run("a label with no clear spot either way is left out", func(t *testing.T) {
		var l LabelPlacer
		l.Avoid([]ui.Box{{Name: "inventory", R: image.Rect(0, 0, 640, 400)}}, 1, image.Rect(0, 0, 640, 400))
		_, ok := l.Placed(320, 200, 60, LabelUp)
		assert.False(t, ok)
		assert.Empty(t, l.Boxes)
	})
	t.Run("placing a frame's labels allocates nothing once warm", func(t *testing.T) {
		var l LabelPlacer
		frame := func() {
			l.Reset()
			l.KeepOff(image.Rect(600, 300, 640, 340))
			for i := range 8 {
				l.place(600+i*4, 300, 60, LabelUp)
			}
		}
		frame()
		assert.Zero(t, allocsPerRun(50, frame))
	})
}
