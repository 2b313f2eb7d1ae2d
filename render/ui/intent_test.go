package ui

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKeyMove(t *testing.T) {
	cases := []struct {
		name                  string
		up, down, left, right bool
		want                  [2]float64
	}{
		{"nothing held stands still", false, false, false, false, [2]float64{0, 0}},
		{"W moves up the screen", true, false, false, false, [2]float64{0, -1}},
		{"D moves right", false, false, false, true, [2]float64{1, 0}},
		{"opposite keys cancel", true, true, true, false, [2]float64{-1, 0}},
		{"two keys move diagonally", false, true, false, true, [2]float64{1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, KeyMove(c.up, c.down, c.left, c.right))
		})
	}
}

func TestIntentMapping(t *testing.T) {
	const sx, sy = 640, 360 // the ship on screen
	cases := []struct {
		name     string
		in       FrameInput
		wantMove [2]float64
		wantAim  float64
		wantFire bool
	}{
		{"the mouse aims from the ship to the cursor",
			FrameInput{Mouse: Mouse{X: 740, Y: 360}}, [2]float64{}, 0, false},
		{"a cursor below the ship aims down",
			FrameInput{Mouse: Mouse{X: 640, Y: 500}}, [2]float64{}, math.Pi / 2, false},
		{"a diagonal key move is no faster than a straight one",
			FrameInput{Move: [2]float64{1, 1}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{math.Sqrt2 / 2, math.Sqrt2 / 2}, 0, false},
		{"the left button fires",
			FrameInput{Mouse: Mouse{X: 740, Y: 360, Held: true}}, [2]float64{}, 0, true},
		{"the left stick inside its dead zone does not drift",
			FrameInput{Pad: PadState{Present: true, LX: 0.15}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{}, 0, false},
		{"a full left stick moves at full speed",
			FrameInput{Pad: PadState{Present: true, LY: -1}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{0, -1}, 0, false},
		{"the right stick aims over the mouse",
			FrameInput{Pad: PadState{Present: true, RX: 0, RY: -0.9}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{}, -math.Pi / 2, false},
		{"the right trigger fires",
			FrameInput{Pad: PadState{Present: true, Trigger: 0.8}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{}, 0, true},
		{"a light touch on the trigger does not fire",
			FrameInput{Pad: PadState{Present: true, Trigger: 0.3}, Mouse: Mouse{X: 740, Y: 360}}, [2]float64{}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var a Aimer
			it := a.Intent(&c.in, sx, sy)
			assert.InDelta(t, c.wantMove[0], it.MoveX, 1e-9)
			assert.InDelta(t, c.wantMove[1], it.MoveY, 1e-9)
			assert.InDelta(t, c.wantAim, it.Aim, 1e-9)
			assert.Equal(t, c.wantFire, it.Fire)
		})
	}
}

func TestStickAimPersists(t *testing.T) {
	var a Aimer
	a.Intent(&FrameInput{Pad: PadState{Present: true, RX: -1}, Mouse: Mouse{X: 740, Y: 360}}, 640, 360)
	t.Run("a released stick keeps its aim while the mouse rests", func(t *testing.T) {
		it := a.Intent(&FrameInput{Pad: PadState{Present: true}, Mouse: Mouse{X: 740, Y: 360}}, 640, 360)
		assert.InDelta(t, math.Pi, it.Aim, 1e-9)
	})
	t.Run("moving the mouse takes the aim back", func(t *testing.T) {
		it := a.Intent(&FrameInput{Pad: PadState{Present: true}, Mouse: Mouse{X: 740, Y: 460, Moved: true}}, 640, 360)
		assert.InDelta(t, math.Pi/4, it.Aim, 1e-9)
	})
}

func TestDeadzoneRescalesSmoothly(t *testing.T) {
	x, y := deadzone(0.21, 0, moveDeadzone)
	assert.Less(t, math.Hypot(x, y), 0.05, "just past the dead zone the ship creeps")
	x, y = deadzone(0.6, 0.8, moveDeadzone)
	assert.InDelta(t, 1, math.Hypot(x, y), 1e-9, "a full deflection is full speed")
	assert.InDelta(t, 0.8/0.6, y/x, 1e-9, "the direction is kept")
}
