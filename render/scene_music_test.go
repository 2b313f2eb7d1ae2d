package render

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/music"
)

func TestTheHubPlaysTheHubsMusic(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	assert.Equal(t, music.Hub, s.musicTrack())
	s.fx.BossSeen = true
	assert.Equal(t, music.Boss, s.musicTrack(), "a boss met is a boss fight")
	s.fx.BossSeen = false
	s.clock.frames += bossLinger - 1
	assert.Equal(t, music.Boss, s.musicTrack(), "which lingers while the boss steps out of view")
	s.clock.frames++
	assert.Equal(t, music.Hub, s.musicTrack())
}
