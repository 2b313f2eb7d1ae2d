package hud

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render/ui"
	"duskfall/render/world"
)

func TestPortalPointersStandAtTheFieldsEdge(t *testing.T) {
	field := image.Rect(8, 30, 1272, 580)
	const k = 1.0
	edge := field.Inset(ui.Px(pointerInset, k))
	t.Run("a pointer stands where the line toward its portal leaves the field", func(t *testing.T) {
		tip, dx, dy, ok := edgePoint(edge, 640, 300, 640, -900)
		require.True(t, ok)
		assert.Equal(t, pt32{640, float32(edge.Min.Y)}, tip)
		assert.Equal(t, [2]float32{0, -1}, [2]float32{dx, dy})
		tip, _, _, ok = edgePoint(edge, 640, 300, 5000, 300)
		require.True(t, ok)
		assert.Equal(t, pt32{float32(edge.Max.X), 300}, tip)
		_, _, _, ok = edgePoint(edge, 640, 300, 640, 300)
		assert.False(t, ok, "a portal under the ship has no way to point")
	})
	t.Run("a place along the field's edge goes round its corners and back", func(t *testing.T) {
		r := image.Rect(0, 0, 100, 50)
		for _, c := range []struct {
			d    float32
			at   pt32
			side int
		}{{10, pt32{10, 0}, edgeTop}, {120, pt32{100, 20}, edgeRight}, {170, pt32{80, 50}, edgeBottom}, {280, pt32{0, 20}, edgeLeft}, {-20, pt32{0, 20}, edgeLeft}, {310, pt32{10, 0}, edgeTop}} {
			at, side := perimeterPoint(r, c.d)
			assert.Equal(t, c.at, at, "%v along", c.d)
			assert.Equal(t, c.side, side, "%v along", c.d)
		}
		for _, d := range []float32{10, 120, 170, 280} {
			at, _ := perimeterPoint(r, d)
			assert.InDelta(t, d, perimeterAt(r, at), 0.01)
		}
	})
	recording := func() *ui.Boxes { return &ui.Boxes{On: true} }
	t.Run("a free pointer points straight at its portal, its name inward of it", func(t *testing.T) {
		b := recording()
		p, ok := placePointer(b, field, k, 640, 300, 640, -900, 110)
		require.True(t, ok)
		assert.Equal(t, pt32{640, float32(edge.Min.Y)}, p.tip)
		assert.True(t, p.label.In(field))
		assert.Greater(t, p.label.Min.Y, int(p.tip.Y), "under the dart at the top edge")
		assert.Equal(t, "portal pointer", b.Boxes[len(b.Boxes)-1].Name)
	})
	t.Run("a pointer whose place the HUD holds slides along the edge, round the corner", func(t *testing.T) {
		b := recording()
		minimap := image.Rect(1060, 30, 1272, 190)
		b.Add("minimap", minimap)
		p, ok := placePointer(b, field, k, 640, 300, 1900, -200, 110)
		require.True(t, ok)
		dart := b.Boxes[len(b.Boxes)-1].R
		assert.False(t, dart.Overlaps(minimap), "the dart %v keeps off the minimap", dart)
		assert.False(t, p.label.Overlaps(minimap), "its name %v too", p.label)
		assert.True(t, p.label.In(field) && dart.In(field))
	})
	t.Run("a pointer with no room anywhere on the edge is left out", func(t *testing.T) {
		b := recording()
		b.Add("inventory", field)
		_, ok := placePointer(b, field, k, 640, 300, 640, -900, 110)
		assert.False(t, ok)
		assert.Len(t, b.Boxes, 1, "nothing recorded")
	})
	t.Run("placing the hub's pointers among a busy HUD allocates nothing once warm", func(t *testing.T) {
		b := &ui.Boxes{}
		frame := func() {
			b.Reset()
			b.On = true
			for i := range 60 {
				b.AddText("hud", image.Rect(i*20, (i*37)%700, i*20+60, (i*37)%700+16))
			}
			for _, q := range [3][2]float32{{-400, -900}, {640, -900}, {1900, -300}} {
				if p, ok := placePointer(b, field, k, 640, 300, q[0], q[1], 110); ok {
					b.AddText("name", p.label)
				}
			}
		}
		frame()
		frame()
		assert.Zero(t, allocsPerRun(20, frame))
	})
	t.Run("a pointer's name and colour cost nothing a frame", func(t *testing.T) {
		look := world.NewLook(builtin(t), 12)
		assert.Zero(t, allocsPerRun(20, func() {
			for d := range uint8(3) {
				_, _ = look.PortalName(d), look.PortalAccent(d)
			}
		}))
	})
}
