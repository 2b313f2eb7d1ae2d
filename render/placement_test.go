package render

import (
	"fmt"
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render/ui"
	"duskfall/render/world"
)

func TestWhatComesAndGoesFindsRoom(t *testing.T) {
	const sw, sh, gap = 1280, 720, 6
	recording := func(rs ...image.Rectangle) *ui.Boxes {
		b := &ui.Boxes{On: true}
		for i, r := range rs {
			b.Add(fmt.Sprint("box ", i), r)
		}
		return b
	}
	t.Run("a free wished place is taken as it is, and recorded", func(t *testing.T) {
		b := recording()
		r, ok := b.Room("banner", 200, 40, 100, 1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, image.Rect(540, 100, 740, 140), r)
		assert.Equal(t, "banner", b.Boxes[len(b.Boxes)-1].Name)
	})
	t.Run("a block in the way moves it to the nearest free place, the way it would rather go on a tie", func(t *testing.T) {
		b := recording(image.Rect(0, 90, sw, 130))
		r, ok := b.Room("banner", 200, 40, 90, 1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 130+gap, r.Min.Y, "just under the block: as near as just over it, and down is its way")
		r, ok = b.Room("toast", 200, 20, 100, -1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 90-gap, r.Max.Y, "up, its way, just over the block")
	})
	t.Run("the nearer free place wins over the way it would rather go", func(t *testing.T) {
		b := recording(image.Rect(0, 100, sw, 300))
		r, ok := b.Room("banner", 200, 40, 120, 1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 100-gap-40, r.Min.Y, "over the block is 26 rows away, under it 186")
	})
	t.Run("words beside the block's columns are not in its way", func(t *testing.T) {
		b := recording(image.Rect(0, 100, 300, 140), image.Rect(1000, 100, sw, 140))
		r, ok := b.Room("banner", 200, 40, 100, 1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 100, r.Min.Y)
	})
	t.Run("with no room anywhere it is left out", func(t *testing.T) {
		b := recording(image.Rect(0, 0, sw, 300), image.Rect(0, 320, sw, sh))
		_, ok := b.Room("banner", 200, 40, 100, 1, sw, sh, gap)
		assert.False(t, ok, "the 20-row gap is too small")
		_, ok = b.Room("wide", sw+2, 10, 305, 1, sw, sh, 0)
		assert.False(t, ok, "wider than the screen")
		assert.Len(t, b.Boxes, 2, "nothing recorded")
	})
	t.Run("blocks placed one after another never overlap", func(t *testing.T) {
		b := recording(image.Rect(0, 0, sw, 30), image.Rect(0, 600, sw, sh))
		var placed []image.Rectangle
		for i := range 12 {
			if r, ok := b.Room("line", 300+20*i, 30, 200, 1-2*(i%2), sw, sh, gap); ok {
				placed = append(placed, r)
			}
		}
		require.NotEmpty(t, placed)
		for i, a := range placed {
			for _, c := range placed[i+1:] {
				assert.False(t, a.Inset(-gap/2).Overlaps(c), "%v and %v", a, c)
			}
			assert.True(t, a.Min.Y >= 30 && a.Max.Y <= 600, "%v between the top and bottom HUD", a)
		}
	})
	t.Run("a panel that holds its words takes a block where they leave room, never across its edge", func(t *testing.T) {
		b := recording()
		b.Add("inventory", image.Rect(200, 100, 1080, 600))
		b.Holding()
		b.AddText("Stats", image.Rect(300, 120, 900, 480))
		b.AddText("footer", image.Rect(300, 570, 900, 586))
		b.Add("XP line", image.Rect(360, 612, 920, 628))
		r, ok := b.Room("toast", 300, 24, 540, -1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 540, r.Min.Y, "on the panel, where its words leave room")
		r, ok = b.Room("toast", 300, 24, 540, -1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, image.Rect(490, 540-gap-24, 790, 540-gap), r, "the next just over it, clear of the panel's words")
		r, ok = b.Room("toast", 300, 24, 590, -1, sw, sh, gap)
		require.True(t, ok)
		assert.True(t, r.Max.Y <= 600-gap || r.Min.Y >= 628+gap, "never across the panel's edge or level with the XP line: %v", r)
	})
	t.Run("a panel that does not hold its words keeps every block off it", func(t *testing.T) {
		b := recording(image.Rect(200, 100, 1080, 600))
		r, ok := b.Room("toast", 300, 24, 540, -1, sw, sh, gap)
		require.True(t, ok)
		assert.Equal(t, 600+gap, r.Min.Y, "just under the panel")
	})
	t.Run("placing a frame's blocks among a busy HUD allocates nothing once warm", func(t *testing.T) {
		b := &ui.Boxes{}
		frame := func() {
			b.Reset()
			b.On = true
			for i := range 120 {
				b.AddText("hud", image.Rect(i*10, (i*37)%700, i*10+60, (i*37)%700+16))
			}
			for i := range 8 {
				b.Room("transient", 400, 40, 100+i*30, 1, sw, sh, gap)
			}
		}
		frame()
		frame()
		assert.Zero(t, allocsPerRun(20, frame))
	})
}

func TestLayoutFaultsFindWordsOnWords(t *testing.T) {
	b := &ui.Boxes{On: true}
	b.AddText("Paused", image.Rect(500, 100, 700, 150))
	b.Overlay(true)
	b.AddText("The Fury begins", image.Rect(450, 120, 800, 170))
	faults := ui.LayoutFaults(b.Boxes, 1280, 720)
	require.Len(t, faults, 1, "words on words are a fault in any two layers, a dimming panel's included")
	assert.Contains(t, faults[0], "is drawn over")
	b.Reset()
	b.On = true
	b.Add("panel", image.Rect(400, 80, 900, 200))
	b.Overlay(true)
	b.AddText("Paused", image.Rect(500, 100, 700, 150))
	assert.Empty(t, ui.LayoutFaults(b.Boxes, 1280, 720), "words over a panel of a lower layer are not")
}

func TestTheLastFramesBoxesAreKeptForTheLabels(t *testing.T) {
	b := &ui.Boxes{On: true}
	b.Add("inventory", image.Rect(200, 100, 1080, 600))
	b.Reset()
	require.Len(t, b.Last, 1)
	var l world.LabelPlacer
	l.Avoid(b.Last, 2, image.Rectangle{}) // the world drawn at zoom 2: half the screen's pixels
	assert.Equal(t, image.Rect(100, 50, 540, 300), l.Hud[0])
	_, ok := l.Placed(320, 150, 60, world.LabelUp)
	assert.False(t, ok, "a label still under the HUD after its steps is left out")
	r, ok := l.Placed(320, 60, 60, world.LabelUp)
	assert.True(t, ok, "a label that can step clear of it is drawn")
	assert.False(t, r.Overlaps(l.Hud[0]))
	assert.Len(t, l.Boxes, 1, "only the one drawn is kept")
}
