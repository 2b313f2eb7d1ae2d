package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// EffectiveStats is the one answer to what a character's stats are: the
// world plays the stats it gives, whatever the class, gear and upgrades.
func TestEffectiveStats(t *testing.T) {
	w, _ := classWorld(t)
	c := w.content
	c.Classes[1].Stats.MaxHP, c.Classes[1].Stats.Damage = 150, 20
	blade := NothingWorn()
	blade[EquipWeapon] = itemBlade
	cases := []struct {
		name string
		l    Loadout
	}{
		{"a class with nothing is its base", Loadout{Class: 1, Worn: NothingWorn()}},
		{"upgrades and a worn blade add to the class's base", Loadout{Class: 1, Upgrades: []uint8{upSharp, upSplit}, Worn: blade}},
		{"the other class", Loadout{Class: 0, Upgrades: []uint8{upScatter}, Worn: blade}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w.SetPlayerClass(1, tc.l.Class)
			w.SetPlayerUpgrades(1, tc.l.Upgrades)
			var worn [EquipSlots]Item
			for i, d := range tc.l.Worn {
				if d >= 0 {
					worn[i] = Item{ID: uint64(10 + i), Def: uint16(d)}
				}
			}
			w.SetPlayerItems(1, [BagSlots]Item{}, worn)
			assert.Equal(t, w.PlayerStats(1), EffectiveStats(c, tc.l))
		})
	}
	t.Run("a class's base is its own, not the baseline's", func(t *testing.T) {
		st := EffectiveStats(c, Loadout{Class: 1, Worn: NothingWorn()})
		assert.Equal(t, int16(150), st.MaxHP)
		assert.Equal(t, int16(20), st.Damage)
	})
	t.Run("a class content does not hold plays the baseline", func(t *testing.T) {
		assert.Equal(t, c.Player.MaxHP, EffectiveStats(c, Loadout{Class: 9, Worn: NothingWorn()}).MaxHP)
	})
	t.Run("an item content does not hold adds nothing", func(t *testing.T) {
		odd := NothingWorn()
		odd[EquipCharm] = 9999
		assert.Equal(t, EffectiveStats(c, Loadout{Worn: NothingWorn()}), EffectiveStats(c, Loadout{Worn: odd}))
	})
}
