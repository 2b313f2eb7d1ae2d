package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/listen"
	"duskfall/net/wire"
)

func TestInventoryBar(t *testing.T) {
	t.Run("key 1 uses the first slot and Shift+3 drops the third, on the press frame only", func(t *testing.T) {
		h, rec := hostedHarness(t)
		untilPlaying(t, h)
		n := len(rec.intents)
		h.press(frameInput{Digit: 1, MouseX: 700, MouseY: 300})
		h.press(frameInput{MouseX: 700, MouseY: 300})
		h.press(frameInput{Digit: 3, Shift: true, MouseX: 700, MouseY: 300})
		got := rec.intents[n:]
		require.Len(t, got, 3)
		assert.True(t, got[0].Use)
		assert.Equal(t, uint8(0), got[0].Slot)
		assert.False(t, got[1].Use || got[1].Drop, "the server acts on the press: nothing more is sent")
		assert.True(t, got[2].Drop)
		assert.False(t, got[2].Use)
		assert.Equal(t, uint8(2), got[2].Slot)
	})
	t.Run("a click on a worn slot takes it off and never fires", func(t *testing.T) {
		h, rec := hostedHarness(t)
		untilPlaying(t, h)
		r := slotRect(game.FirstEquipSlot+game.EquipArmour, h.a.w, h.a.h)
		n := len(rec.intents)
		h.press(frameInput{MouseX: r.Min.X + 5, MouseY: r.Min.Y + 5, Click: true, FireHeld: true})
		got := rec.intents[n]
		assert.True(t, got.Use)
		assert.Equal(t, uint8(game.FirstEquipSlot+game.EquipArmour), got.Slot)
		assert.False(t, got.Fire)
	})
	t.Run("the slots do not overlap and every one is found under the mouse", func(t *testing.T) {
		for i := range barSlots {
			r := slotRect(i, WindowWidth, WindowHeight)
			assert.Equal(t, i, slotAt(r.Min.X+slotSize/2, r.Min.Y+slotSize/2, WindowWidth, WindowHeight))
		}
		assert.Equal(t, -1, slotAt(5, 5, WindowWidth, WindowHeight))
	})
}

func TestItemWords(t *testing.T) {
	u := newItemsUI()
	c := u.content
	find := func(id string) int {
		for i := range c.Items {
			if c.Items[i].ID == id {
				return i
			}
		}
		t.Fatalf("no item %s", id)
		return -1
	}
	base := c.Player
	t.Run("tooltips give real numbers", func(t *testing.T) {
		cases := []struct {
			item string
			want string
		}{
			{"healing_potion", "restores 50 health"},
			{"hailstorm_sling", "7.5 → 10.0 shots/s"},
			{"ashwood_bow", "damage +3 per bullet (12 → 15)"},
			{"padded_jerkin", "max health +20 (100 → 120)"},
			{"feather_charm", "move speed +30 u/s"},
			{"viper_fang", "hits poison: 3 damage, 6 times"},
		}
		for _, tc := range cases {
			assert.Contains(t, u.tooltip(find(tc.item), base), tc.want, tc.item)
		}
	})
	t.Run("every action has its words", func(t *testing.T) {
		potion := find("healing_potion")
		cases := []struct {
			action uint8
			item   int
			want   string
		}{
			{wire.ActionPicked, potion, "Picked up Healing Potion"},
			{wire.ActionUsed, potion, "Used Healing Potion"},
			{wire.ActionDropped, potion, "Dropped Healing Potion"},
			{wire.ActionEquipped, find("ashwood_bow"), "Equipped Ashwood Bow"},
			{wire.ActionUnequipped, find("ashwood_bow"), "Took off Ashwood Bow"},
			{wire.ActionBagFull, potion, "Bag full: drop something first (Shift+1-8)"},
			{wire.ActionUpgraded, 0, "Took " + c.Upgrades[0].Name},
		}
		for _, tc := range cases {
			assert.Equal(t, tc.want, u.feedback(client.Sheet{Action: tc.action, ActionItem: tc.item}))
		}
		assert.Equal(t, "Level 3! An upgrade awaits at the keeper", u.feedback(client.Sheet{Action: wire.ActionLevelled, Level: 3}))
	})
	t.Run("an upgrade option shows before and after, and DPS", func(t *testing.T) {
		sharp := uint8(0)
		then := game.BuildStats(base, []uint8{sharp}, nil, c)
		lines := u.optionLines(sharp, base, then)
		assert.Equal(t, c.Upgrades[sharp].Name, lines[0])
		assert.Contains(t, lines, "damage 12 → 16")
		assert.Contains(t, lines[len(lines)-1], "DPS 90 → 120")
	})
	t.Run("the cleared banner names each player and what they took", func(t *testing.T) {
		lines := u.clearedLines(wire.Cleared{Dungeon: 0, Players: []wire.ClearedPlayer{
			{Name: "Ava", XP: 120, Kills: 4, Items: []uint8{uint8(find("healing_potion"))}},
			{Name: "Bo"},
		}})
		assert.Equal(t, []string{c.Dungeons[0].Name + " cleared", "Ava: 120 XP, 4 kills, took Healing Potion",
			"Bo: 0 XP, 0 kills, took nothing"}, lines)
	})
}

func TestUpgradePanel(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	host := rec.session.(hostSession).h.(*listen.Host)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	// Stand by the keeper with a level's choice owed (XP as a kill gives it).
	var npc game.Vec
	g := w.Grid()
	for i, tile := range g.Tiles {
		if tile == game.TileNPC {
			npc = game.TileCenter(i%g.W, i/g.W)
		}
	}
	require.NotZero(t, npc, "the hub has its keeper")
	w.Teleport(id, npc.Add(game.Vec{X: game.TileSize}))
	host.Server.GrantXP(id, game.XPToNext(1))
	for range 30 {
		h.press(frameInput{})
	}
	require.Equal(t, 1, s.rt.Sheet().Owed)
	t.Run("E by the keeper opens the panel instead of interacting", func(t *testing.T) {
		n := len(rec.intents)
		h.press(frameInput{Interact: true})
		require.True(t, s.items.panel)
		assert.False(t, rec.intents[n].Interact)
		h.press(frameInput{})
		assert.Len(t, s.items.offer, 3, "three options with their numbers")
	})
	t.Run("Esc closes it without a choice, and the game is not paused", func(t *testing.T) {
		offer := append([]uint8(nil), s.rt.Sheet().Offer...)
		h.press(frameInput{Back: true})
		assert.False(t, s.items.panel)
		assert.False(t, s.paused)
		for range 5 {
			h.press(frameInput{})
		}
		assert.Equal(t, offer, s.rt.Sheet().Offer, "closing is not a reroll")
		assert.Equal(t, 1, s.rt.Sheet().Owed)
	})
	t.Run("pressing 2 in the panel takes the second option", func(t *testing.T) {
		want := s.rt.Sheet().Offer[1]
		h.press(frameInput{Interact: true})
		require.True(t, s.items.panel)
		h.press(frameInput{Digit: 2})
		for range 5 {
			h.press(frameInput{})
		}
		sh := s.rt.Sheet()
		assert.Equal(t, []uint8{want}, sh.Upgrades)
		assert.Zero(t, sh.Owed)
		assert.False(t, s.items.panel, "nothing more owed: the panel closes")
		assert.Equal(t, "Took "+s.items.content.Upgrades[want].Name, s.items.toast)
	})

}
