package ui

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUIScale(t *testing.T) {
	defer func() { ScaleChoice = 0 }()
	t.Run("Auto follows the window, in steps, never under 75 %", func(t *testing.T) {
		ScaleChoice = 0
		for _, c := range []struct {
			w, h int
			want float64
		}{{640, 400, 0.75}, {1024, 600, 0.75}, {1280, 720, 1}, {1600, 900, 1.25}, {1920, 1080, 1.5},
			{2560, 1440, 2}, {3840, 2160, 3}, {2560, 720, 1}} {
			assert.Equal(t, c.want, Scale(c.w, c.h), "%d×%d", c.w, c.h)
		}
	})
	t.Run("a choice is held to what the window has room for", func(t *testing.T) {
		ScaleChoice = 2
		assert.Equal(t, 2.0, Scale(2560, 1440))
		assert.Equal(t, 1.5, Scale(1280, 720))
		assert.Equal(t, 0.75, Scale(640, 400))
		ScaleChoice = 0.75
		assert.Equal(t, 0.75, Scale(2560, 1440))
	})
	t.Run("Settings steps through Auto and the scales in order, Right up and Left down, stopping at the ends", func(t *testing.T) {
		var right, left []float64
		for v, i := 0.0, 0; i < 7; i++ {
			v = NextUIScale(v, 1)
			right = append(right, v)
		}
		for v, i := 2.0, 0; i < 7; i++ {
			v = NextUIScale(v, -1)
			left = append(left, v)
		}
		assert.Equal(t, []float64{0.75, 1, 1.25, 1.5, 2, 2, 2}, right, "Right from Auto")
		assert.Equal(t, []float64{1.5, 1.25, 1, 0.75, 0, 0, 0}, left, "Left from 200 %: Auto at the end")
		assert.Equal(t, 0.0, NextUIScale(2, 0), "Enter from the largest goes round to Auto")
		assert.Equal(t, 1.25, NextUIScale(1, 0), "Enter steps up")
	})
	t.Run("the UI scale row says Auto's scale, and when a choice is too large for the window", func(t *testing.T) {
		assert.Equal(t, "Auto (75 %)", ScaleWords(0, 640, 400))
		assert.Equal(t, "150 %", ScaleWords(1.5, 1280, 720))
		assert.Equal(t, "200 % (too large for this window: 150 % used)", ScaleWords(2, 1280, 720))
	})
	t.Run("the layout check finds what leaves the window and what overlaps", func(t *testing.T) {
		boxes := []Box{
			{Name: "bar", R: image.Rect(0, 0, 100, 20)},
			{Name: "label", R: image.Rect(10, 2, 60, 18)},  // inside the bar: its child
			{Name: "ping", R: image.Rect(90, 10, 140, 26)}, // half over the bar
			{Name: "item bar", R: image.Rect(0, 80, 100, 100), keep: true},
			{Name: "panel", R: image.Rect(0, 50, 100, 90), Layer: 1},             // over the item bar
			{Name: "menu", R: image.Rect(0, 0, 100, 100), Layer: 2, cover: true}, // covers all: fine
			{Name: "help", R: image.Rect(-5, 100, 50, 116)},
		}
		assert.Len(t, LayoutFaults(boxes, 200, 110), 3)
	})
}
