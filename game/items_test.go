package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// itemWorld is an open room with players 1 and 2, out of grace, apart.
func itemWorld(t *testing.T) *World {
	t.Helper()
	w := NewWorld(openMap(t), testContent(), 3)
	w.AddPlayer(1)
	w.AddPlayer(2)
	placePlayer(w, 1, TileCenter(3, 3))
	placePlayer(w, 2, TileCenter(15, 8))
	return w
}

// give puts items of the given defs in a player's bag, in order.
func give(w *World, id uint16, defs ...uint16) {
	var bag [BagSlots]Item
	for i, d := range defs {
		bag[i] = Item{ID: uint64(1000 + i), Def: d}
	}
	w.SetPlayerItems(id, bag, [EquipSlots]Item{})
}

// frames sends one frame per tick for player 1, and every frame again
// twice (the client's redundancy), then steps; it returns the events.
func frames(w *World, ins ...Input) []Event {
	var evs []Event
	for _, in := range ins {
		in.Tick = w.Tick() + 1
		for range InputRedundancy {
			w.QueueInput(1, in)
		}
		w.Step()
		evs = append(evs, w.Events()...)
	}
	return evs
}

func repeat(in Input, n int) []Input {
	out := make([]Input, n)
	for i := range out {
		out[i] = in
	}
	return out
}

func itemEvents(evs []Event, op uint8) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == EvItem && e.Reason == op {
			out = append(out, e)
		}
	}
	return out
}

func TestItemUseIsEdgeTriggered(t *testing.T) {
	hurt := func(w *World) { w.player(1).hp = 10 }
	t.Run("a held USE spends exactly one item, however the frames repeat", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemPotion, itemPotion)
		hurt(w)
		evs := frames(w, repeat(Input{Buttons: BtnUse, Slot: 0}, 30)...)
		assert.Len(t, itemEvents(evs, ItemUsed), 1)
		bag, _, _ := w.PlayerItems(1)
		assert.True(t, bag[0].Empty())
		assert.False(t, bag[1].Empty())
	})
	t.Run("a starved server coasting on a USE frame spends one item", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemPotion)
		hurt(w)
		evs := frames(w, Input{Buttons: BtnUse, Slot: 1})
		evs = append(evs, stepN(w, 20)...) // no frames: the last is coasted on
		assert.Len(t, itemEvents(evs, ItemUsed), 1)
	})
	t.Run("each press spends one", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemPotion, itemPotion)
		hurt(w)
		press := append(repeat(Input{Buttons: BtnUse, Slot: 2}, 3), repeat(Input{Slot: 2}, 2)...)
		evs := frames(w, append(press, press...)...)
		assert.Len(t, itemEvents(evs, ItemUsed), 1, "the second press found slot 2 empty")
		hurt(w)
		evs = frames(w, append(repeat(Input{Buttons: BtnUse, Slot: 0}, 2), Input{}, Input{Buttons: BtnUse, Slot: 1})...)
		assert.Len(t, itemEvents(evs, ItemUsed), 2)
	})
	t.Run("a new slot under a held USE is a second action, not a swallowed one", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemPotion)
		w.player(1).hp = 5
		evs := frames(w, append(repeat(Input{Buttons: BtnUse, Slot: 0}, 4), repeat(Input{Buttons: BtnUse, Slot: 1}, 4)...)...)
		assert.Len(t, itemEvents(evs, ItemUsed), 2)
	})
	t.Run("a held DROP drops one item", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemPotion)
		evs := frames(w, repeat(Input{Buttons: BtnDrop, Slot: 0}, 20)...)
		assert.Len(t, itemEvents(evs, ItemDropped), 1)
		assert.Len(t, w.GroundLoot(), 1)
	})
	t.Run("a potion at full health is not spent", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion)
		evs := frames(w, Input{Buttons: BtnUse, Slot: 0})
		assert.Empty(t, itemEvents(evs, ItemUsed))
	})
	t.Run("slots out of range and empty slots do nothing", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion)
		hurt(w)
		evs := frames(w, Input{Buttons: BtnUse, Slot: 7}, Input{Buttons: BtnUse, Slot: 200}, Input{Buttons: BtnDrop, Slot: 11},
			Input{Buttons: BtnDrop, Slot: 255})
		assert.Empty(t, itemEvents(evs, ItemUsed))
		assert.Empty(t, itemEvents(evs, ItemDropped))
	})
}

func TestEquipment(t *testing.T) {
	t.Run("using a weapon wears it and its stats apply; using the worn slot takes it off", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemBlade)
		base := w.PlayerStats(1).Damage
		frames(w, Input{Buttons: BtnUse, Slot: 0})
		_, worn, _ := w.PlayerItems(1)
		assert.Equal(t, uint16(itemBlade), worn[EquipWeapon].Def)
		assert.Equal(t, base+5, w.PlayerStats(1).Damage)
		frames(w, Input{}, Input{Buttons: BtnUse, Slot: FirstEquipSlot + EquipWeapon})
		bag, worn, _ := w.PlayerItems(1)
		assert.True(t, worn[EquipWeapon].Empty())
		assert.Equal(t, uint16(itemBlade), bag[0].Def)
		assert.Equal(t, base, w.PlayerStats(1).Damage)
	})
	t.Run("wearing a second armour swaps the first into the bag", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPlate, itemPlate)
		frames(w, Input{Buttons: BtnUse, Slot: 0}, Input{}, Input{Buttons: BtnUse, Slot: 1})
		bag, worn, _ := w.PlayerItems(1)
		assert.Equal(t, uint64(1001), worn[EquipArmour].ID)
		assert.Equal(t, uint64(1000), bag[1].ID)
		assert.True(t, bag[0].Empty())
	})
	t.Run("dropping worn armour lowers the maximum health and clamps health", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPlate)
		frames(w, Input{Buttons: BtnUse, Slot: 0})
		w.player(1).hp = 120
		frames(w, Input{Buttons: BtnDrop, Slot: FirstEquipSlot + EquipArmour})
		st, _ := w.PlayerState(1)
		assert.Equal(t, int16(100), st.MaxHP)
		assert.Equal(t, int16(100), st.HP)
	})
}

func TestPickup(t *testing.T) {
	t.Run("INTERACT takes the nearest visible item into the first free slot", func(t *testing.T) {
		w := itemWorld(t)
		w.mint(itemPotion, TileCenter(3, 3), 0)
		evs := frames(w, Input{Buttons: BtnInteract})
		require.Len(t, itemEvents(evs, ItemTaken), 1)
		bag, _, _ := w.PlayerItems(1)
		assert.Equal(t, uint16(itemPotion), bag[0].Def)
		assert.Empty(t, w.GroundLoot())
	})
	t.Run("another player's instanced item is neither seen nor taken", func(t *testing.T) {
		w := itemWorld(t)
		w.mint(itemRation, TileCenter(3, 3), 2)
		evs := frames(w, Input{Buttons: BtnInteract})
		assert.Empty(t, itemEvents(evs, ItemTaken))
		require.Len(t, w.GroundLoot(), 1)
		assert.False(t, w.GroundLoot()[0].VisibleTo(1))
		assert.True(t, w.GroundLoot()[0].VisibleTo(2))
	})
	t.Run("a dropped instanced item becomes shared", func(t *testing.T) {
		w := itemWorld(t)
		w.mint(itemRation, TileCenter(3, 3), 1)
		frames(w, Input{Buttons: BtnInteract}, Input{}, Input{Buttons: BtnDrop, Slot: 0})
		require.Len(t, w.GroundLoot(), 1)
		assert.Zero(t, w.GroundLoot()[0].Owner)
	})
	t.Run("loot wins INTERACT over a portal only when something is taken", func(t *testing.T) {
		m := openMap(t)
		m.Portals = []Portal{{Pos: TileCenter(3, 3), Dungeon: 0}}
		w := NewWorld(m, testContent(), 3)
		w.AddPlayer(1)
		placePlayer(w, 1, TileCenter(3, 3))
		w.mint(itemPotion, TileCenter(3, 3), 0)
		evs := frames(w, Input{Buttons: BtnInteract})
		assert.Len(t, itemEvents(evs, ItemTaken), 1)
		assert.Empty(t, eventsOf(evs, EvTransfer), "the pickup took the press")
		var full [BagSlots]Item
		for i := range full {
			full[i] = Item{ID: uint64(50 + i), Def: itemPotion, More: MaxStack - 1} // every stack whole
		}
		w.SetPlayerItems(1, full, [EquipSlots]Item{})
		w.mint(itemPotion, TileCenter(3, 3), 0)
		evs = frames(w, Input{}, Input{Buttons: BtnInteract})
		assert.Len(t, itemEvents(evs, ItemBagFull), 1)
		assert.Len(t, eventsOf(evs, EvTransfer), 1, "a full bag does not block the portal")
	})
	t.Run("a player leaving takes its instanced loot out of play", func(t *testing.T) {
		w := itemWorld(t)
		w.mint(itemRation, TileCenter(9, 9), 1)
		w.mint(itemRation, TileCenter(9, 9), 2)
		w.mint(itemPotion, TileCenter(9, 9), 0)
		gone := w.RemovePlayer(1, nil)
		require.Len(t, gone, 1)
		assert.Len(t, w.GroundLoot(), 2)
		for _, g := range w.GroundLoot() {
			assert.NotEqual(t, uint16(1), g.Owner)
		}
	})
	t.Run("a full floor destroys its oldest shared item, never silently", func(t *testing.T) {
		w := itemWorld(t)
		w.mint(itemRation, TileCenter(9, 9), 1)
		for range MaxGroundLoot {
			w.mint(itemPotion, TileCenter(9, 9), 0)
		}
		w.mint(itemPotion, TileCenter(9, 9), 0)
		assert.Len(t, w.GroundLoot(), MaxGroundLoot)
		assert.Len(t, itemEvents(w.Events(), ItemDestroyed), 2)
		assert.Equal(t, uint16(1), w.GroundLoot()[0].Owner, "the instanced ration stayed")
	})
}

func TestDropsAndDeaths(t *testing.T) {
	t.Run("every boss kill leaves each living player a ration of their own", func(t *testing.T) {
		w := dungeonWorld(t, true)
		w.AddPlayer(2)
		evs := kill(w, 1)
		minted := itemEvents(evs, ItemMinted)
		require.Len(t, minted, 2)
		owners := map[uint16]bool{}
		for _, g := range w.GroundLoot() {
			assert.Equal(t, uint16(itemRation), g.Item.Def)
			owners[g.Owner] = true
		}
		assert.Equal(t, map[uint16]bool{1: true, 2: true}, owners)
	})
	t.Run("a kill's XP goes to the players near it", func(t *testing.T) {
		c := quietContent()
		c.Enemies[kindDummy].XP = 7
		m := asciiMap(t,
			"##################################################",
			"#P.............0.................................#",
			"#...............................................P#",
			"##################################################",
		)
		w := NewWorld(m, c, 1)
		w.AddPlayer(1)
		w.AddPlayer(2)
		placePlayer(w, 1, TileCenter(1, 1))
		placePlayer(w, 2, TileCenter(48, 2))
		evs := kill(w, 0)
		xp := eventsOf(evs, EvXP)
		require.Len(t, xp, 1, "player 2 is over 900 u away")
		assert.Equal(t, Event{Kind: EvXP, Reason: XPFromKill, ID: 1, Amount: 7, Other: 0}, xp[0])
	})
	t.Run("a death in a dungeon drops the bag as shared loot and keeps what is worn", func(t *testing.T) {
		w := dungeonWorld(t, true)
		give(w, 1, itemPotion, itemBlade, itemPlate)
		frames(w, Input{Buttons: BtnUse, Slot: 2})
		w.spawnBullet(enemyBullet(w, TileCenter(1, 1).X, TileCenter(1, 1).Y, 6), 0, 1000)
		evs := stepN(w, 2)
		require.Len(t, eventsOf(evs, EvDeath), 1)
		assert.Len(t, itemEvents(evs, ItemDropped), 2)
		bag, worn, _ := w.PlayerItems(1)
		assert.Equal(t, [BagSlots]Item{}, bag)
		assert.Equal(t, uint16(itemPlate), worn[EquipArmour].Def)
		for _, g := range w.GroundLoot() {
			assert.Zero(t, g.Owner)
		}
	})
	t.Run("outside a dungeon a death keeps the bag", func(t *testing.T) {
		w := dungeonWorld(t, false)
		give(w, 1, itemPotion)
		w.spawnBullet(enemyBullet(w, TileCenter(1, 1).X, TileCenter(1, 1).Y, 6), 0, 1000)
		stepN(w, 2)
		bag, _, _ := w.PlayerItems(1)
		assert.False(t, bag[0].Empty())
	})
	t.Run("the loot multiplier scales drops about tenfold", func(t *testing.T) {
		drops := func(mult float64) int {
			c := quietContent()
			c.Enemies[kindDummy].Loot = []LootDrop{{Item: itemPotion, Chance: 0.05}}
			m := asciiMap(t, "#####", "#P.0#", "#####")
			m.LootMult = mult
			w := NewWorld(m, c, 9)
			n := 0
			for range 2000 {
				for _, e := range kill(w, 0) {
					if e.Kind == EvItem && e.Reason == ItemMinted {
						n++
					}
				}
				w.enemies[0].alive, w.enemies[0].hp = true, 50
				w.loot = w.loot[:0]
			}
			return n
		}
		one, ten := drops(1), drops(10)
		t.Logf("2000 kills at a 5%% chance: %d drops at ×1, %d at ×10", one, ten)
		assert.InDelta(t, 100, one, 40)
		assert.InDelta(t, 1000, ten, 120)
	})
	t.Run("ids never repeat across worlds sharing a generator", func(t *testing.T) {
		ids := NewItemIDs(500)
		a, b := itemWorld(t), itemWorld(t)
		a.SetItemIDs(ids)
		b.SetItemIDs(ids)
		a.mint(itemPotion, Vec{100, 100}, 0)
		b.mint(itemPotion, Vec{100, 100}, 0)
		assert.Equal(t, uint64(500), a.GroundLoot()[0].Item.ID)
		assert.Equal(t, uint64(501), b.GroundLoot()[0].Item.ID)
	})
}

func TestRiders(t *testing.T) {
	withUpgrades := func(t *testing.T, ups ...uint8) *World {
		w := targetWorld(t)
		w.enemies[1].pos = Vec{-2000, -2000} // the boss out of the way: only the dummy is hit
		w.SetPlayerUpgrades(1, ups)
		return w
	}
	fire := func(w *World, at Vec) { // a slow shot from just left of at
		st := w.PlayerStats(1)
		w.spawnShot(MakeBulletSpawn(w.newUID(), w.Tick(), at.X-2, at.Y, 0, 0.5, 0, 0, 4, 60, 0, TeamPlayer), 1, &st)
	}
	t.Run("a piercing bullet passes through an enemy once and flies on", func(t *testing.T) {
		w := withUpgrades(t, upPierce)
		e := &w.enemies[0]
		fire(w, e.pos)
		evs := stepN(w, 10)
		assert.Len(t, eventsOf(evs, EvHit), 1, "one hit, though it overlapped for several ticks")
		assert.Zero(t, countEvents(evs, EvBulletDespawn, DespawnHit))
	})
	t.Run("a splitting bullet fans new bullets out of the hit, on the next tick", func(t *testing.T) {
		w := withUpgrades(t, upSplit)
		fire(w, w.enemies[0].pos)
		w.Step()
		spawns := eventsOf(w.Events(), EvBulletSpawn)
		require.Len(t, spawns, 2)
		for _, s := range spawns {
			assert.Equal(t, w.Tick()+1, s.Bullet.SpawnTick)
			assert.Equal(t, TeamPlayer, s.Bullet.Team)
		}
	})
	t.Run("poison keeps hurting after the hit and its kill is credited", func(t *testing.T) {
		w := withUpgrades(t, upVenom)
		e := &w.enemies[0]
		fire(w, e.pos)
		w.Step()
		after := e.hp
		e.pos = Vec{-1000, -1000} // out of the way of anything else
		evs := stepN(w, PoisonPulseTicks*PoisonPulses+1)
		assert.Equal(t, after-4*PoisonPulses, e.hp)
		e.hp, e.poisonLeft, e.poisonTimer = 3, 1, 1
		evs = stepN(w, 2)
		assert.Equal(t, []Event{{Kind: EvDeath, Actor: ActorEnemy, ID: 0, Other: 1}}, eventsOf(evs, EvDeath))
	})
	t.Run("poison pulses on its own clock under steady fire, a hit renewing the dose", func(t *testing.T) {
		w := withUpgrades(t, upVenom)
		e := &w.enemies[0]
		e.hp, e.maxHP = 30000, 30000 // it outlives the volley
		hits, pulses := 0, 0
		for range 3 * PoisonPulseTicks { // a hit every 8 ticks, faster than a pulse comes
			if w.Tick()%8 == 0 {
				fire(w, e.pos)
			}
			before := e.hp
			w.Step()
			hit := len(eventsOf(w.Events(), EvHit))
			hits += hit
			if hit == 0 && e.hp < before {
				pulses++
			}
		}
		require.Positive(t, hits)
		assert.GreaterOrEqual(t, pulses, 2, "steady fire does not hold the poison's clock back")
		assert.Equal(t, PoisonPulses, e.poisonLeft, "and the dose is renewed by the last hit")
	})
	t.Run("a shot in flight keeps what it was fired with", func(t *testing.T) {
		w := withUpgrades(t, upPierce)
		fire(w, w.enemies[0].pos)
		w.SetPlayerUpgrades(1, nil) // the upgrade goes; the bullet already in the air still pierces
		evs := stepN(w, 10)
		assert.Len(t, eventsOf(evs, EvHit), 1)
		assert.Zero(t, countEvents(evs, EvBulletDespawn, DespawnHit), "it passed through, as fired")
		plain := withUpgrades(t)
		fire(plain, plain.enemies[0].pos)
		plain.SetPlayerUpgrades(1, []uint8{upPierce}) // and an upgrade taken now does not reach back
		assert.Equal(t, 1, countEvents(stepN(plain, 10), EvBulletDespawn, DespawnHit))
	})
}

func TestBuildStats(t *testing.T) {
	c := testContent()
	base := c.Player
	t.Run("upgrades and worn items add up", func(t *testing.T) {
		worn := [EquipSlots]Item{EquipWeapon: {ID: 1, Def: itemBlade}, EquipArmour: {ID: 2, Def: itemPlate}}
		st := BuildStats(base, []uint8{upSharp, upSharp, upScatter, upSplit}, &worn, c)
		assert.Equal(t, base.Damage+4+4+5, st.Damage)
		assert.Equal(t, base.MaxHP+20, st.MaxHP)
		assert.Equal(t, 2, st.Shots)
		assert.Equal(t, uint8(2), st.Split)
	})
	t.Run("unknown upgrades and items are skipped", func(t *testing.T) {
		worn := [EquipSlots]Item{{ID: 1, Def: 999}}
		st := BuildStats(base, []uint8{200}, &worn, c)
		assert.Equal(t, base.Damage, st.Damage)
	})
	t.Run("limits hold however many upgrades stack", func(t *testing.T) {
		many := make([]uint8, 60)
		for i := range many {
			many[i] = upScatter
		}
		assert.Equal(t, MaxShots, BuildStats(base, many, nil, c).Shots)
	})
	t.Run("XP carries over levels and stops at the cap", func(t *testing.T) {
		l, into, gained := GainXP(1, 0, XPToNext(1)+XPToNext(2)+5)
		assert.Equal(t, []int{3, 5, 2}, []int{l, into, gained})
		l, into, _ = GainXP(MaxLevel-1, 0, 1<<30)
		assert.Equal(t, []int{MaxLevel, 0}, []int{l, into})
	})
	t.Run("each level asks more than the last: 100, 283, 520, 800", func(t *testing.T) {
		assert.Equal(t, []int{100, 283, 520, 800}, []int{XPToNext(1), XPToNext(2), XPToNext(3), XPToNext(4)})
		assert.Zero(t, XPToNext(MaxLevel))
	})
}

func TestConsumablesStack(t *testing.T) {
	hurt := func(w *World) { w.player(1).hp = 10 }
	take := func(w *World, def uint16) []Event {
		w.mint(def, w.player(1).pos, 0)
		return frames(w, Input{}, Input{Buttons: BtnInteract})
	}
	t.Run("a potion picked up joins the potions already carried, in one slot", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion)
		evs := take(w, itemPotion)
		require.Len(t, itemEvents(evs, ItemStacked), 1)
		assert.Empty(t, itemEvents(evs, ItemTaken))
		bag, _, _ := w.PlayerItems(1)
		assert.Equal(t, 2, bag[0].Units())
		assert.Equal(t, uint64(1000), bag[0].ID, "the stack keeps its id")
		assert.True(t, bag[1].Empty())
	})
	t.Run("a stack holds MaxStack, and the next takes a slot of its own", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion)
		for range MaxStack - 1 {
			take(w, itemPotion)
		}
		evs := take(w, itemPotion)
		require.Len(t, itemEvents(evs, ItemTaken), 1)
		bag, _, _ := w.PlayerItems(1)
		assert.Equal(t, MaxStack, bag[0].Units())
		assert.Equal(t, 1, bag[1].Units())
	})
	t.Run("other kinds and equipment never stack", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion, itemBlade)
		take(w, itemRation)
		take(w, itemBlade)
		bag, _, _ := w.PlayerItems(1)
		for i := range 4 {
			assert.Equal(t, 1, bag[i].Units(), "slot %d", i)
		}
	})
	t.Run("drinking from a stack spends one and keeps the rest", func(t *testing.T) {
		w := itemWorld(t)
		var bag [BagSlots]Item
		bag[0] = Item{ID: 7, Def: itemPotion, More: 2}
		w.SetPlayerItems(1, bag, [EquipSlots]Item{})
		hurt(w)
		evs := frames(w, Input{Buttons: BtnUse, Slot: 0})
		require.Len(t, itemEvents(evs, ItemSpent), 1)
		assert.Empty(t, itemEvents(evs, ItemUsed))
		got, _, _ := w.PlayerItems(1)
		assert.Equal(t, Item{ID: 7, Def: itemPotion, More: 1}, got[0])
		assert.Greater(t, w.player(1).hp, int16(10), "it healed")
	})
	t.Run("the last of a stack is used up as a single one is", func(t *testing.T) {
		w := itemWorld(t)
		give(w, 1, itemPotion)
		hurt(w)
		evs := frames(w, Input{Buttons: BtnUse, Slot: 0})
		require.Len(t, itemEvents(evs, ItemUsed), 1)
		got, _, _ := w.PlayerItems(1)
		assert.True(t, got[0].Empty())
	})
	t.Run("a stack dropped lies whole and is taken whole", func(t *testing.T) {
		w := itemWorld(t)
		var bag [BagSlots]Item
		bag[0] = Item{ID: 7, Def: itemPotion, More: 2}
		w.SetPlayerItems(1, bag, [EquipSlots]Item{})
		frames(w, Input{Buttons: BtnDrop, Slot: 0})
		require.Len(t, w.GroundLoot(), 1)
		assert.Equal(t, 3, w.GroundLoot()[0].Item.Units())
		evs := frames(w, Input{}, Input{Buttons: BtnInteract})
		require.Len(t, itemEvents(evs, ItemTaken), 1)
		got, _, _ := w.PlayerItems(1)
		assert.Equal(t, Item{ID: 7, Def: itemPotion, More: 2}, got[0])
	})
}
