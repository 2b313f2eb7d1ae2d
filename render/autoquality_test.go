package render

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/profile"
	"duskfall/render/settings"
)

func TestAutoQuality(t *testing.T) {
	second := func(a *app, playing int, fps float64) { a.judgeQuality(playing, fps) }
	t.Run("auto drops to low after three slow seconds of play, and stays low", func(t *testing.T) {
		a := &app{logw: io.Discard, settings: profile.Settings{Quality: profile.QualityAuto}}
		assert.True(t, a.highQuality())
		second(a, autoSettle, 40)
		second(a, autoSettle+60, 40)
		assert.True(t, a.highQuality(), "two slow seconds are not enough")
		second(a, autoSettle+120, 40)
		assert.False(t, a.highQuality())
		second(a, autoSettle+180, 60)
		assert.False(t, a.highQuality(), "it never climbs back on its own")
		assert.Equal(t, "Auto: low (the window drew 40 fps)", a.qualityWords())
	})
	t.Run("a fast second in between starts the count again", func(t *testing.T) {
		a := &app{logw: io.Discard, settings: profile.Settings{Quality: profile.QualityAuto}}
		for i, fps := range []float64{40, 40, 58, 40, 40} {
			second(a, autoSettle+60*i, fps)
		}
		assert.True(t, a.highQuality())
	})
	t.Run("the first seconds of play are not judged", func(t *testing.T) {
		a := &app{logw: io.Discard, settings: profile.Settings{Quality: profile.QualityAuto}}
		for i := range 4 {
			second(a, 60*i, 10)
		}
		assert.True(t, a.highQuality())
	})
	t.Run("high and low are pinned", func(t *testing.T) {
		for _, q := range []string{profile.QualityHigh, profile.QualityLow} {
			a := &app{logw: io.Discard, settings: profile.Settings{Quality: q}}
			for i := range 10 {
				second(a, autoSettle+60*i, 10)
			}
			assert.Equal(t, q == profile.QualityHigh, a.highQuality(), q)
		}
	})
	t.Run("the Graphics row steps auto, high, low in a ring", func(t *testing.T) {
		assert.Equal(t, profile.QualityHigh, settings.NextQuality(profile.QualityAuto, 1))
		assert.Equal(t, profile.QualityLow, settings.NextQuality(profile.QualityHigh, 1))
		assert.Equal(t, profile.QualityAuto, settings.NextQuality(profile.QualityLow, 1))
		assert.Equal(t, profile.QualityLow, settings.NextQuality(profile.QualityAuto, -1))
	})
}
