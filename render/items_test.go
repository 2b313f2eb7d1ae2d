package render

import (
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/listen"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// itemDef is the def index of the item with this content ID.
func itemDef(t *testing.T, id string) int {
	t.Helper()
	for i, it := range builtin(t).Content.Items {
		if it.ID == id {
			return i
		}
	}
	t.Fatalf("no item %s", id)
	return -1
}

// emptySheet is a known sheet with nothing carried or worn.
func emptySheet() client.Sheet {
	sh := client.Sheet{Known: true, Level: 1, Next: 100, ActionItem: -1}
	for i := range sh.Bag {
		sh.Bag[i] = -1
	}
	for i := range sh.Worn {
		sh.Worn[i] = -1
	}
	return sh
}

// hostOf is the listen server behind a hosted harness.
func hostOf(rec *recorder) *listen.Host { return rec.session.(hostSession).h.(*routerSays).Host }

func TestInventoryBar(t *testing.T) {
	h, rec := hostedHarness(t)
	untilPlaying(t, h)
	// pressOnce presses one frame, then one with nothing, and returns the
	// intent the first one sent.
	pressOnce := func(in ui.FrameInput) client.Intent {
		t.Helper()
		n := len(rec.intents)
		h.press(in)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: in.Mouse.X, Y: in.Mouse.Y}})
		require.Len(t, rec.intents, n+2)
		return rec.intents[n]
	}
	mid := func(slot int) (int, int) {
		r := hud.SlotRect(slot, h.a.W, h.a.H)
		return r.Min.X + hud.SlotSize/2, r.Min.Y + hud.SlotSize/2
	}
	keys := []struct {
		name      string
		in        ui.FrameInput
		use, drop bool
		slot      uint8
	}{
		{"key 1 uses the first bag slot", ui.FrameInput{Slot: 1}, true, false, 0},
		{"Shift+3 drops the third", ui.FrameInput{Slot: 3, Shift: true}, false, true, 2},
		{"key 8 uses the last bag slot", ui.FrameInput{Slot: 8}, true, false, 7},
		{"key 9 is no slot and does nothing", ui.FrameInput{Digit: 9}, false, false, 0},
	}
	for _, tc := range keys {
		t.Run(tc.name, func(t *testing.T) {
			tc.in.Mouse.X, tc.in.Mouse.Y = 700, 300
			got := pressOnce(tc.in)
			assert.Equal(t, tc.use, got.Use, "use")
			assert.Equal(t, tc.drop, got.Drop, "drop")
			if tc.use || tc.drop {
				assert.Equal(t, tc.slot, got.Slot)
			}
		})
	}
	t.Run("a held key uses once: Use is sent on the press frame only, the server acts on the press", func(t *testing.T) {
		n := len(rec.intents)
		h.press(ui.FrameInput{Slot: 2, Mouse: ui.Mouse{X: 700, Y: 300}})
		for range 5 { // the key stays down: the collector reports no new press
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}})
		}
		var uses []bool
		for _, in := range rec.intents[n:] {
			uses = append(uses, in.Use)
		}
		assert.Equal(t, []bool{true, false, false, false, false, false}, uses)
	})
	s := sceneOf[*playScene](t, h)
	t.Run("with the inventory shut, a click on the bar fires and uses nothing: the field is the field", func(t *testing.T) {
		for _, slot := range []int{0, 4, game.FirstEquipSlot + game.EquipArmour} {
			x, y := mid(slot)
			got := pressOnce(ui.FrameInput{Mouse: ui.Mouse{X: x, Y: y, Click: true, Held: true}})
			assert.True(t, got.Fire, "slot %d", slot)
			assert.False(t, got.Use || got.Drop, "slot %d", slot)
		}
	})
	clicks := []struct {
		name      string
		slot      int
		shift     bool
		use, drop bool
	}{
		{"a click on a worn slot takes it off", game.FirstEquipSlot + game.EquipArmour, false, true, false},
		{"a click on a bag slot uses it", 4, false, true, false},
		{"Shift+click on a bag slot drops it", 5, true, false, true},
		{"Shift+click on a worn slot drops it", game.FirstEquipSlot + game.EquipWeapon, true, false, true},
	}
	for _, tc := range clicks {
		t.Run("with the inventory open, "+tc.name+", and does not fire", func(t *testing.T) {
			s.inv.Open = true
			defer func() { s.inv.Open = false }()
			x, y := mid(tc.slot)
			got := pressOnce(ui.FrameInput{Shift: tc.shift, Mouse: ui.Mouse{X: x, Y: y, Click: true, Held: true}})
			assert.Equal(t, tc.use, got.Use)
			assert.Equal(t, tc.drop, got.Drop)
			assert.Equal(t, uint8(tc.slot), got.Slot)
			assert.False(t, got.Fire)
		})
	}
	t.Run("a click taken by the open inventory fires nothing until let go, though it closes", func(t *testing.T) {
		s.inv.Open = true
		x, y := mid(0)
		n := len(rec.intents)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: x, Y: y, Click: true, Held: true}})
		h.press(ui.FrameInput{Bag: true, Mouse: ui.Mouse{X: 700, Y: 200, Held: true}}) // closed, still held
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 200, Held: true}})
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 200}})
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 200, Click: true, Held: true}})
		require.False(t, s.inv.Open)
		got := rec.intents[n:]
		assert.Equal(t, []bool{false, false, false, false, true}, []bool{got[0].Fire, got[1].Fire, got[2].Fire, got[3].Fire, got[4].Fire})
	})
	t.Run("a shot begun off the bar keeps firing as the mouse crosses it", func(t *testing.T) {
		x, y := mid(3)
		n := len(rec.intents)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 200, Click: true, Held: true}})
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: x, Y: y, Held: true}})
		assert.True(t, rec.intents[n].Fire)
		assert.True(t, rec.intents[n+1].Fire)
		h.press(ui.FrameInput{})
	})
	t.Run("the slots do not overlap and every one is found under the mouse", func(t *testing.T) {
		for i := range hud.BarSlots {
			r := hud.SlotRect(i, ui.WindowWidth, ui.WindowHeight)
			assert.Equal(t, i, hud.SlotAt(r.Min.X+hud.SlotSize/2, r.Min.Y+hud.SlotSize/2, ui.WindowWidth, ui.WindowHeight))
			assert.True(t, r.In(hud.BarRect(ui.WindowWidth, ui.WindowHeight)))
		}
		assert.Equal(t, -1, hud.SlotAt(5, 5, ui.WindowWidth, ui.WindowHeight))
	})
}

func TestItemsThroughTheServer(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	potion := itemDef(t, "healing_potion")
	require.True(t, w.SetPlayerItems(id, [game.BagSlots]game.Item{{ID: 9001, Def: uint16(potion)}}, [game.EquipSlots]game.Item{}))
	// until steps until the sheet's action is want.
	until := func(want uint8) {
		t.Helper()
		for range 30 {
			if s.rt.Sheet().Action == want {
				return
			}
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}})
		}
		t.Fatalf("the sheet never said %d; it says %d", want, s.rt.Sheet().Action)
	}
	now := func() time.Time { return s.now() }
	t.Run("Shift+1 drops the potion at the ship's feet, and says so", func(t *testing.T) {
		h.press(ui.FrameInput{Slot: 1, Shift: true, Mouse: ui.Mouse{X: 700, Y: 300}})
		until(wire.ActionDropped)
		assert.True(t, s.items.ToastUp("Dropped Healing Potion", now()))
		for i := 0; i < 10 && len(s.rt.Loot()) == 0; i++ { // the snapshot after the sheet shows it
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}})
		}
		require.Len(t, s.rt.Loot(), 1)
		self, _ := s.rt.Self()
		assert.Equal(t, "E: take Healing Potion", s.items.LootInReach(s.rt.Loot(), self.Pos, ebiten.KeyE))
	})
	t.Run("E takes it back", func(t *testing.T) {
		h.press(ui.FrameInput{Interact: true, Mouse: ui.Mouse{X: 700, Y: 300}})
		until(wire.ActionPicked)
		assert.True(t, s.items.ToastUp("Picked up Healing Potion", now()))
		assert.Equal(t, potion, s.rt.Sheet().Bag[0])
		assert.Equal(t, "Healing Potion", s.items.Tips[0].Title)
	})
	t.Run("at full health key 1 explains that the potion would be wasted", func(t *testing.T) {
		h.press(ui.FrameInput{Slot: 1, Mouse: ui.Mouse{X: 700, Y: 300}})
		assert.True(t, s.items.ToastUp("Already at full health", now()))
	})
	t.Run("hurt, key 1 drinks it", func(t *testing.T) {
		require.True(t, w.SetPlayerHealth(id, 40))
		h.press(ui.FrameInput{})
		h.press(ui.FrameInput{Slot: 1, Mouse: ui.Mouse{X: 700, Y: 300}})
		until(wire.ActionUsed)
		assert.True(t, s.items.ToastUp("Drank Healing Potion", now()))
		assert.Equal(t, -1, s.rt.Sheet().Bag[0])
	})
	t.Run("an empty slot says it is empty", func(t *testing.T) {
		h.press(ui.FrameInput{Slot: 1, Mouse: ui.Mouse{X: 700, Y: 300}})
		assert.True(t, s.items.ToastUp("Slot 1 is empty", now()))
	})
	t.Run("another class's gear says whose it is, and stays in the bag", func(t *testing.T) {
		require.NotEqual(t, "corsair", s.rt.Class().ID)
		vanes := itemDef(t, "slipstream_vanes")
		require.True(t, w.SetPlayerItems(id, [game.BagSlots]game.Item{{ID: 9002, Def: uint16(vanes)}}, [game.EquipSlots]game.Item{}))
		h.press(ui.FrameInput{Slot: 1, Shift: true, Mouse: ui.Mouse{X: 700, Y: 300}}) // dropped and taken back: the sheet now knows it
		until(wire.ActionDropped)
		for i := 0; i < 10 && len(s.rt.Loot()) == 0; i++ {
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}})
		}
		h.press(ui.FrameInput{Interact: true, Mouse: ui.Mouse{X: 700, Y: 300}})
		until(wire.ActionPicked)
		require.Equal(t, vanes, s.rt.Sheet().Bag[0])
		h.press(ui.FrameInput{Slot: 1, Mouse: ui.Mouse{X: 700, Y: 300}})
		assert.True(t, s.items.ToastUp("Only a Corsair may put it on", now()))
		for range 10 {
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}})
		}
		assert.Equal(t, vanes, s.rt.Sheet().Bag[0], "the server left it in the bag")
		assert.Equal(t, game.NothingWorn(), s.rt.Sheet().Worn)
	})
}

func TestItemWords(t *testing.T) {
	c := builtin(t).Content
	u := hud.NewItems(c, "the Keeper of Ways")
	sling, bow := itemDef(t, "hailstorm_sling"), itemDef(t, "ashwood_bow")
	jerkin := itemDef(t, "padded_jerkin")
	t.Run("tooltips give real numbers", func(t *testing.T) {
		cases := []struct {
			name string
			sh   func(*client.Sheet)
			slot int
			want []string
		}{
			{"a potion says what it heals", func(sh *client.Sheet) { sh.Bag[0] = itemDef(t, "healing_potion") }, 0,
				[]string{"restores 50 health"}},
			{"a quicker weapon says how much quicker, its shots a second before and after, and the damage a second",
				func(sh *client.Sheet) { sh.Bag[1] = sling }, 1,
				[]string{"-2 damage a bullet: 12 → 10", "Fires 33 % faster: 7.5 → 10 shots a second", "Damage a second, one target: 90 → 100"}},
			{"a weapon in the bag is compared with the one it replaces", func(sh *client.Sheet) {
				sh.Bag[2], sh.Worn[game.EquipWeapon] = bow, sling
			}, 2, []string{"+5 damage a bullet: 10 → 15", "Fires 25 % slower: 10 → 7.5 shots a second", "replaces Hailstorm Sling"}},
			{"worn armour is compared with wearing nothing", func(sh *client.Sheet) { sh.Worn[game.EquipArmour] = jerkin },
				game.FirstEquipSlot + game.EquipArmour, []string{"+20 max health: 100 → 120"}},
			{"a charm says how much faster the ship moves, in u/s", func(sh *client.Sheet) { sh.Bag[3] = itemDef(t, "feather_charm") }, 3,
				[]string{"Moves 13 % faster: 240 → 270 u/s"}},
			{"poison says its pulse and the damage a second it adds", func(sh *client.Sheet) { sh.Bag[4] = itemDef(t, "viper_fang") }, 4,
				[]string{"A hit poisons for 3 s, a pulse every 0.5 s: 0 → 3 a pulse", "Damage a second, one target: 90 → 96"}},
			{"a second bullet is an extra bullet a shot", func(sh *client.Sheet) { sh.Bag[5] = itemDef(t, "twinshot_repeater") }, 5,
				[]string{"+1 bullet a shot: 1 → 2", "Fires 27 % slower: 7.5 → 5.5 shots a second", "Damage a second, one target: 90 → 131"}},
			{"the numbers count the upgrades held", func(sh *client.Sheet) { sh.Bag[0], sh.Upgrades = bow, []uint8{0} }, 0,
				[]string{"+3 damage a bullet: 16 → 19"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				sh := emptySheet()
				tc.sh(&sh)
				tip := u.Tooltip(sh, tc.slot)
				for _, want := range tc.want {
					assert.Contains(t, tip.Lines, want)
				}
			})
		}
	})
	t.Run("an empty slot's tooltip says so", func(t *testing.T) {
		assert.Equal(t, "Slot 4 is empty", u.Tooltip(emptySheet(), 3).Title)
		assert.Equal(t, "Nothing worn as charm", u.Tooltip(emptySheet(), game.FirstEquipSlot+game.EquipCharm).Title)
	})
	t.Run("every action has its words", func(t *testing.T) {
		potion := itemDef(t, "healing_potion")
		cases := []struct {
			action uint8
			item   int
			level  int
			want   string
		}{
			{wire.ActionPicked, potion, 1, "Picked up Healing Potion"},
			{wire.ActionUsed, potion, 1, "Drank Healing Potion"},
			{wire.ActionDropped, potion, 1, "Dropped Healing Potion"},
			{wire.ActionEquipped, bow, 1, "Equipped Ashwood Bow"},
			{wire.ActionUnequipped, bow, 1, "Took off Ashwood Bow"},
			{wire.ActionBagFull, potion, 1, "Bag full: Shift+1-8 drops something"},
			{wire.ActionLevelled, -1, 3, "Level 3!"},
			{wire.ActionUpgraded, 0, 2, "Took " + c.Upgrades[0].Name},
			{wire.ActionUpgradeRefused, -1, 2, ""},
		}
		for _, tc := range cases {
			t.Run(tc.want, func(t *testing.T) {
				assert.Equal(t, tc.want, u.Feedback(client.Sheet{Action: tc.action, ActionItem: tc.item, Level: tc.level}))
			})
		}
	})
	t.Run("an item's initials fit its slot", func(t *testing.T) {
		assert.Equal(t, "HP", hud.Initials("Healing Potion"))
		assert.Equal(t, "WR", hud.Initials("Warden's Ration"))
		assert.Equal(t, "Z", hud.Initials("Zap"))
	})
	t.Run("the cleared banner names each player and what they found", func(t *testing.T) {
		lines := u.ClearedLines(wire.Cleared{Dungeon: 0, Players: []wire.ClearedPlayer{
			{Name: "Ava", XP: 120, Kills: 4, Items: []uint8{uint8(itemDef(t, "healing_potion")), uint8(bow)}},
			{Name: "Bo"},
		}})
		assert.Equal(t, []string{c.Dungeons[0].Name + " cleared", "Ava: 120 XP, 4 kills, found Healing Potion, Ashwood Bow",
			"Bo: 0 XP, 0 kills, found nothing"}, lines)
	})
}

func TestStatWords(t *testing.T) {
	c := builtin(t).Content
	base := c.Player
	t.Run("numbers are said to a tenth without a trailing zero", func(t *testing.T) {
		cases := []struct {
			v    float64
			want string
		}{{7.5, "7.5"}, {10, "10"}, {60.0 / 11, "5.5"}, {240, "240"}, {-24, "-24"}}
		for _, tc := range cases {
			assert.Equal(t, tc.want, hud.Num(tc.v))
		}
	})
	t.Run("a stat change is said in words a player reads, its figures before → after", func(t *testing.T) {
		cases := []struct {
			name  string
			mods  game.StatMods
			after func(*game.PlayerStats)
			want  string
		}{
			{"a fire cooldown 2 ticks shorter on a base of 8 is a third faster", game.StatMods{FireCooldown: -2},
				func(st *game.PlayerStats) { st.FireCooldown -= 2 }, "Fires 33 % faster: 7.5 → 10 shots a second"},
			{"3 ticks longer is slower", game.StatMods{FireCooldown: 3},
				func(st *game.PlayerStats) { st.FireCooldown += 3 }, "Fires 27 % slower: 7.5 → 5.5 shots a second"},
			{"damage +3", game.StatMods{Damage: 3}, func(st *game.PlayerStats) { st.Damage += 3 }, "+3 damage a bullet: 12 → 15"},
			{"bullet speed in u/s", game.StatMods{BulletSpeed: 2}, func(st *game.PlayerStats) { st.BulletSpeed += 2 },
				"Bullets fly 17 % faster: 720 → 840 u/s"},
			{"max health", game.StatMods{MaxHP: 25}, func(st *game.PlayerStats) { st.MaxHP += 25 }, "+25 max health: 100 → 125"},
			{"move speed in u/s", game.StatMods{Speed: -0.4}, func(st *game.PlayerStats) { st.Speed -= 0.4 },
				"Moves 10 % slower: 240 → 216 u/s"},
			{"a split says its bullets and what each deals", game.StatMods{Split: 2}, func(st *game.PlayerStats) { st.Split += 2 },
				"A hit splits off bullets of half its damage: 0 → 2 × 6"},
			{"pierce", game.StatMods{Pierce: 1}, func(st *game.PlayerStats) { st.Pierce++ },
				"Each bullet passes through more enemies: 0 → 1"},
			{"poison says its pulse, how often and how long", game.StatMods{Poison: 8}, func(st *game.PlayerStats) { st.Poison += 8 },
				"A hit poisons for 3 s, a pulse every 0.5 s: 0 → 8 a pulse"},
			{"a change held at a limit says so", game.StatMods{Split: 1}, func(*game.PlayerStats) {},
				"splits a hit: 0, already at its limit"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				after := base
				tc.after(&after)
				assert.Equal(t, []string{tc.want}, hud.ChangeLines(tc.mods, base, after))
			})
		}
	})
	t.Run("an upgrade option shows every main stat, the changed ones before → after, DPS last", func(t *testing.T) {
		then := game.BuildStats(base, []uint8{0}, nil, c) // Sharpened: +4 damage
		rows := hud.OptionRows(base, then)
		assert.Equal(t, hud.StatRow{Label: "damage", Value: "12 → 16", Changed: true}, rows[0])
		assert.Equal(t, hud.StatRow{Label: "fire rate (shots/s)", Value: "7.5"}, rows[1])
		assert.Equal(t, hud.StatRow{Label: "DPS, one target", Value: "90 → 120", Changed: true}, rows[len(rows)-1])
		assert.Len(t, rows, int(hud.StatShots)+2, "no riders on either side: none shown")
	})
	t.Run("a split is valued in the DPS, and shown beside it", func(t *testing.T) {
		then := game.BuildStats(base, []uint8{upgradeIndex(t, c, "splinter")}, nil, c) // one more bullet, each hit 2 weaker
		rows := hud.OptionRows(base, then)
		assert.Contains(t, rows, hud.StatRow{Label: "splits a hit", Value: "0 → 1 × 5", Changed: true})
		assert.Equal(t, hud.StatRow{Label: "DPS, one target", Value: "90 → 112", Changed: true}, rows[len(rows)-1],
			"(10 + 5) × 7.5 a second: the split bullet strikes the target it burst from")
	})
	t.Run("poison is valued at a pulse every half second, as it pulses under steady fire", func(t *testing.T) {
		then := game.BuildStats(base, []uint8{upgradeIndex(t, c, "venom")}, nil, c)
		rows := hud.OptionRows(base, then)
		assert.Contains(t, rows, hud.StatRow{Label: "poison every 0.5 s", Value: "0 → 8", Changed: true})
		assert.Equal(t, hud.StatRow{Label: "DPS, one target", Value: "90 → 106", Changed: true}, rows[len(rows)-1])
	})
	t.Run("a bomb says its reach in tiles and u, a shield how long it holds, both how often", func(t *testing.T) {
		cases := []struct {
			ab   game.Ability
			want string
		}{
			{game.Ability{Kind: game.AbilityBomb, Name: "Bomb", Cooldown: 900, Radius: 170},
				"Bomb: erases enemy bullets within 5.3 tiles (170 u) of you, every 15 s"},
			{game.Ability{Kind: game.AbilityBomb, Name: "Nova", Cooldown: 1200, Radius: 240},
				"Nova: erases enemy bullets within 7.5 tiles (240 u) of you, every 20 s"},
			{game.Ability{Kind: game.AbilityShield, Name: "Flicker", Cooldown: 360, Duration: 40},
				"Flicker: no hits for 0.7 s, every 6 s"},
		}
		for _, tc := range cases {
			assert.Equal(t, tc.want, hud.AbilityWords(&tc.ab))
		}
	})
}

// upgradeIndex is the index of upgrade id in c.
func upgradeIndex(t *testing.T, c *game.Content, id string) uint8 {
	t.Helper()
	i := slices.IndexFunc(c.Upgrades, func(u game.UpgradeDef) bool { return u.ID == id })
	require.GreaterOrEqual(t, i, 0, "no upgrade %q", id)
	return uint8(i)
}

func TestFeedbackLines(t *testing.T) {
	u := hud.NewItems(builtin(t).Content, "the Keeper of Ways")
	t0 := time.Unix(5000, 0)
	sheetAt := func(action uint8, at time.Time) client.Sheet {
		sh := emptySheet()
		sh.Action, sh.ActionItem, sh.ActionAt, sh.Level = action, -1, at, 4
		return sh
	}
	t.Run("a new action shows its line for two seconds", func(t *testing.T) {
		u.NoteSheet(sheetAt(wire.ActionLevelled, t0), t0)
		assert.True(t, u.ToastUp("Level 4!", t0.Add(hud.ToastShown-time.Millisecond)))
		assert.False(t, u.ToastUp("Level 4!", t0.Add(hud.ToastShown)))
	})
	t.Run("the same sheet again adds nothing", func(t *testing.T) {
		before := u.Toasts
		u.NoteSheet(sheetAt(wire.ActionLevelled, t0), t0.Add(time.Second))
		assert.Equal(t, before, u.Toasts)
	})
	t.Run("lines stack, and a fourth pushes the oldest out", func(t *testing.T) {
		for i, a := range []uint8{wire.ActionBagFull, wire.ActionUpgradeRefused, wire.ActionLevelled, wire.ActionBagFull} {
			at := t0.Add(time.Duration(i+1) * time.Second)
			u.NoteSheet(sheetAt(a, at), at)
		}
		var texts []string
		for _, t := range u.Toasts {
			texts = append(texts, t.Text)
		}
		assert.Equal(t, []string{"Bag full: Shift+1-8 drops something", "Level 4!", "Bag full: Shift+1-8 drops something"}, texts,
			"a refusal has no line here: the server's notice says why")
	})
	t.Run("the XP line and the owed hint", func(t *testing.T) {
		cases := []struct {
			name string
			sh   client.Sheet
			hub  bool
			xp   string
			owed string
		}{
			{"a new character", client.Sheet{Known: true, Level: 1, Next: 100}, true, "Level 1   XP 0 / 100", ""},
			{"one upgrade owed, in the hub", client.Sheet{Known: true, Level: 2, XP: 30, Next: 150, Owed: 1}, true,
				"Level 2   XP 30 / 150", "Upgrade owed: visit the Keeper of Ways"},
			{"two owed, in a dungeon", client.Sheet{Known: true, Level: 3, Next: 200, Owed: 2}, false,
				"Level 3   XP 0 / 200", "2 upgrades owed: visit the Keeper of Ways in the hub"},
			{"at the cap", client.Sheet{Known: true, Level: 50}, true, "Level 50, max", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				assert.Equal(t, tc.xp, hud.XpLine(tc.sh))
				assert.Equal(t, tc.owed, hud.OwedLine(tc.sh.Owed, "the Keeper of Ways", tc.hub))
			})
		}
	})
	t.Run("E's prompt", func(t *testing.T) {
		cases := []struct {
			name   string
			take   string
			keeper bool
			owed   int
			want   string
		}{
			{"nothing near says nothing", "", false, 0, ""},
			{"an item in reach can be taken", "E: take Healing Potion", false, 0, "E: take Healing Potion"},
			{"the keeper with a choice owed opens the panel", "E: take Healing Potion", true, 1, "E: choose an upgrade"},
			{"the keeper with nothing owed says when the next comes", "", true, 0, "No upgrade to choose now: the next comes at level 5"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				assert.Equal(t, tc.want, hud.PromptFor(tc.take, tc.keeper, tc.owed, "", "E", hud.NextUpgradeWords(4)))
			})
		}
		assert.Equal(t, "No upgrade to choose now: level 50 is the last", hud.NextUpgradeWords(game.MaxLevel))
	})
	t.Run("an item is in reach within the pickup radius only", func(t *testing.T) {
		potion := uint8(itemDef(t, "healing_potion"))
		loot := []wire.GroundLoot{{ID: 1, Def: potion, X: 100 + game.PickupRadius + 1, Y: 100}}
		assert.Empty(t, u.LootInReach(loot, game.Vec{X: 100, Y: 100}, ebiten.KeyE))
		loot = append(loot, wire.GroundLoot{ID: 2, Def: potion, X: 100, Y: 100 + game.PickupRadius - 1})
		assert.Equal(t, "E: take Healing Potion", u.LootInReach(loot, game.Vec{X: 100, Y: 100}, ebiten.KeyE))
	})
}
