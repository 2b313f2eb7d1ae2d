package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// The roster shows a character's health out of the most its world gives
// it, gear and upgrades included: the figure its HUD shows once it plays,
// not its class's bare base (a Vanguard with two Vigours and plate read
// 100/100 on the roster and 205/205 in play).
func TestTheRosterShowsTheHealthTheWorldPlays(t *testing.T) {
	cfg := hubConfig(t)
	ls, _ := transport.NewLocal(wire.ProtocolVersion, wire.NumChannels)
	s, err := New(cfg, ls)
	require.NoError(t, err)
	worn := func(slot int, kind string) store.ItemStack {
		return store.ItemStack{ID: uint64(100 + slot), Kind: kind, Count: 1, Slot: game.FirstEquipSlot + slot}
	}
	loadouts := []struct {
		name     string
		upgrades []string
		items    []store.ItemStack
		health   int
	}{
		{name: "just made", health: 0},
		{name: "back from a death with Vigour and plate", upgrades: []string{"vigour"},
			items: []store.ItemStack{worn(game.EquipArmour, "warden_plate")}, health: 0},
		{name: "with two Vigours and plate, unhurt", upgrades: []string{"vigour", "vigour"},
			items: []store.ItemStack{worn(game.EquipArmour, "warden_plate")}, health: 1000},
		{name: "with Fleet, a bow, a jerkin and a charm, hurt", upgrades: []string{"fleet", "sharpened"},
			items: []store.ItemStack{worn(game.EquipWeapon, "ashwood_bow"), worn(game.EquipArmour, "padded_jerkin"),
				worn(game.EquipCharm, "feather_charm")}, health: 37},
		{name: "with a potion in the bag, which adds nothing", upgrades: []string{"vigour"},
			items: []store.ItemStack{{ID: 7, Kind: "healing_potion", Count: 2, Slot: 0}}, health: 60},
	}
	for _, cl := range cfg.Content.Classes {
		for _, lo := range loadouts {
			t.Run(fmt.Sprintf("%s %s %s", article(cl.Name), cl.Name, lo.name), func(t *testing.T) {
				c := store.Character{ID: 1, Name: "Ava", Class: cl.ID, Level: 4, Upgrades: lo.upgrades,
					Inventory: lo.items, Health: lo.health}
				w := game.NewWorld(cfg.Map, cfg.Content, 1)
				w.AddPlayer(1)
				s.dress(w, 1, &c) // as bind does: equip, then restore
				heal(w, 1, &c)
				st, ok := w.PlayerState(1)
				require.True(t, ok)
				e := s.entryOf(&c)
				assert.Equal(t, int(st.MaxHP), int(e.MaxHealth), "the most health")
				assert.Equal(t, int(st.HP), int(e.Health), "the health")
				assert.Equal(t, cl.ID, cfg.Content.Classes[e.Class].ID, "the class")
				assert.Equal(t, w.PlayerStats(1), game.EffectiveStats(cfg.Content, s.loadout(&c)),
					"the world builds its stats with EffectiveStats from the same loadout")
			})
		}
	}
}

// article is "a" or "an" before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// --enter-levels raises a character as it enters play, each level owing
// an upgrade choice, with an offer on the table: the keeper's panel can be
// tried at once.
func TestEnterLevelsRaisesACharacterAsItEntersPlay(t *testing.T) {
	cfg := hubConfig(t)
	cfg.EnterLevels = 2
	lp := joinLocal(t, cfg)
	c := lp.peer(t).char
	assert.Equal(t, 3, c.Level)
	assert.Equal(t, 2, owed(&c))
	assert.Len(t, c.Offer, 3)
}

// --enter-items puts items in a character's bag as it enters play, each
// minted in the journal, one to a free slot; an item the content lacks is
// refused when the server is made.
func TestEnterItemsFillsTheBagAsACharacterEntersPlay(t *testing.T) {
	t.Run("the bag holds them, and the journal says each was minted", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.EnterItems = []string{"feather_charm", "healing_potion"}
		var minted []ItemRecord
		cfg.ItemJournal = func(r ItemRecord) {
			if r.Op == game.ItemMinted {
				minted = append(minted, r)
			}
		}
		lp := joinLocal(t, cfg)
		p := lp.peer(t)
		bag, _, ok := p.inst.world.PlayerItems(p.player)
		require.True(t, ok)
		for slot, id := range cfg.EnterItems {
			require.False(t, bag[slot].Empty(), "slot %d", slot)
			assert.Equal(t, id, cfg.Content.Items[bag[slot].Def].ID)
		}
		assert.True(t, bag[2].Empty())
		require.Len(t, minted, 2)
		assert.Equal(t, bag[0].ID, minted[0].Item.ID)
		assert.Equal(t, "--enter-items", minted[0].Why)
	})
	t.Run("an item the content lacks is refused in words", func(t *testing.T) {
		cfg := hubConfig(t)
		cfg.EnterItems = []string{"vorpal_blade"}
		_, err := New(cfg, newDoorway())
		assert.EqualError(t, err, `no item "vorpal_blade" in the content's items.toml`)
	})
}
