package client

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/game"
)

func TestHeldBackPressesAreCarried(t *testing.T) {
	t.Run("a USE in a held-back frame reaches the next frame with its slot", func(t *testing.T) {
		c := pressesOf(Intent{Use: true, Slot: 5})
		in := c.into(Intent{MoveX: 1})
		assert.True(t, in.Use)
		assert.Equal(t, uint8(5), in.Slot)
		assert.Equal(t, 1.0, in.MoveX)
		assert.Equal(t, presses{}, c, "carried once")
	})
	t.Run("a frame's own item action wins over a carried one", func(t *testing.T) {
		c := pressesOf(Intent{Use: true, Slot: 5})
		in := c.into(Intent{Drop: true, Slot: 2})
		assert.False(t, in.Use)
		assert.True(t, in.Drop)
		assert.Equal(t, uint8(2), in.Slot)
	})
	t.Run("an INTERACT is carried too", func(t *testing.T) {
		c := pressesOf(Intent{Interact: true})
		assert.True(t, c.into(Intent{}).Interact)
	})
	t.Run("the frame carries USE and DROP as buttons and the slot as its byte", func(t *testing.T) {
		f := Intent{Use: true, Drop: true, Slot: 9}.Frame(7)
		assert.Equal(t, game.BtnUse|game.BtnDrop, f.Buttons)
		assert.Equal(t, uint8(9), f.Slot)
	})
}
