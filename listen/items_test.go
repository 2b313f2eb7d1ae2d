package listen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// Item actions through the whole path: the host's client sends every frame
// with the two before it (redundancy), the server edges them against the
// previous frame's buttons and slot. A held key spends one potion; each
// fresh press spends one more; a new slot under a held key is a new press.
func TestItemUseUnderRedundancyAndHeldKeys(t *testing.T) {
	h := startHost(t)
	for range 10 {
		h.Frame(client.Intent{})
	}
	require.Equal(t, client.StatePlaying, h.Client.State())
	id := h.Client.PlayerID()
	w := h.Server.World(id)
	potion := -1
	for i, it := range w.Content().Items {
		if it.ID == "healing_potion" {
			potion = i
		}
	}
	require.GreaterOrEqual(t, potion, 0)
	var bag [game.BagSlots]game.Item
	for i := range 5 {
		bag[i] = game.Item{ID: uint64(900 + i), Def: uint16(potion)}
	}
	require.True(t, w.SetPlayerItems(id, bag, [game.EquipSlots]game.Item{}))
	potions := func() int {
		b, _, _ := w.PlayerItems(id)
		n := 0
		for _, it := range b {
			if !it.Empty() {
				n++
			}
		}
		return n
	}
	hold := func(in client.Intent, frames int) {
		for range frames {
			w.SetPlayerHealth(id, 5) // always thirsty, so every press that counts drinks
			h.Frame(in)
		}
	}
	t.Run("holding USE on a slot for a second drinks one potion", func(t *testing.T) {
		hold(client.Intent{Use: true, Slot: 0}, game.TickRate)
		hold(client.Intent{}, 5)
		assert.Equal(t, 4, potions())
	})
	t.Run("two presses drink two", func(t *testing.T) {
		hold(client.Intent{Use: true, Slot: 1}, 3)
		hold(client.Intent{}, 3)
		hold(client.Intent{Use: true, Slot: 2}, 3)
		hold(client.Intent{}, 3)
		assert.Equal(t, 2, potions())
	})
	t.Run("a new slot under a held USE drinks again", func(t *testing.T) {
		hold(client.Intent{Use: true, Slot: 3}, 10)
		hold(client.Intent{Use: true, Slot: 4}, 10)
		hold(client.Intent{}, 3)
		assert.Equal(t, 0, potions())
	})
	t.Run("the sheet told the player each drink", func(t *testing.T) {
		sh := h.Client.Sheet()
		require.True(t, sh.Known)
		assert.Equal(t, wire.ActionUsed, sh.Action)
		assert.Equal(t, potion, sh.ActionItem)
		assert.Equal(t, [game.BagSlots]int{-1, -1, -1, -1, -1, -1, -1, -1}, sh.Bag)
	})
}
