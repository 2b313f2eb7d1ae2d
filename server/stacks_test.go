package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/server/store"
)

func TestStacksAreSavedAndRestored(t *testing.T) {
	srv, _ := guardedServer(t, Config{})
	potion, ok := srv.itemDef["healing_potion"]
	require.True(t, ok, "the content has a health potion")
	var bag [game.BagSlots]game.Item
	var worn [game.EquipSlots]game.Item
	bag[0] = game.Item{ID: 11, Def: potion, More: 3}
	bag[2] = game.Item{ID: 12, Def: potion}
	saved := srv.stackItems(nil, bag, worn)
	t.Run("a stack is saved as one item with its count", func(t *testing.T) {
		require.Len(t, saved, 2)
		assert.Equal(t, store.ItemStack{ID: 11, Kind: "healing_potion", Count: 4, Slot: 0}, saved[0])
		assert.Equal(t, 1, saved[1].Count)
	})
	t.Run("it comes back as it went", func(t *testing.T) {
		back, _ := srv.itemSlots(&store.Character{Name: "Ada", Inventory: saved})
		assert.Equal(t, bag, back)
	})
	t.Run("a count from before stacks, or past the most a stack holds, is read sanely", func(t *testing.T) {
		back, _ := srv.itemSlots(&store.Character{Name: "Ada", Inventory: []store.ItemStack{
			{ID: 1, Kind: "healing_potion", Count: 0, Slot: 0},
			{ID: 2, Kind: "healing_potion", Count: 200, Slot: 1},
		}})
		assert.Equal(t, 1, back[0].Units())
		assert.Equal(t, game.MaxStack, back[1].Units())
	})
}
