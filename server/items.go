package server

import (
	"fmt"
	"math/rand/v2"

	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
	"duskfall/server/store"
)

// Items, XP and upgrades in play. The worlds move items (pickup, use, drop,
// drops on kills) and announce each move with a server-only EvItem event;
// the server keeps the character record in step (saved with the rest of
// the character), journals every move when asked, and sends the player its
// own sheet (wire.Inventory) whenever it changed. XP comes from the worlds'
// EvXP events; levels owe upgrade choices, offered three at a time and
// accepted only at the hub's upgrade NPC.

// NPCRadius is how close to the upgrade NPC a player must stand to choose.
const NPCRadius = 3 * game.TileSize

// ItemRecord is one item move, as the journal (Config.ItemJournal) gets it.
type ItemRecord struct {
	Tick   uint32
	Op     uint8     // game.ItemMinted … game.ItemDestroyed
	Item   game.Item //
	Player uint16    // who moved it, or who owns it on the ground (0: shared)
	Why    string    // for ItemDestroyed: why it left play
}

// itemSlots turns a character's saved items into a bag and worn slots.
// Items of a kind the content no longer has are logged and left out.
func (s *Runtime) itemSlots(c *store.Character) (bag [game.BagSlots]game.Item, worn [game.EquipSlots]game.Item) {
	for _, st := range c.Inventory {
		def, ok := s.itemDef[st.Kind]
		switch {
		case !ok:
			s.log.Printf("%s carries item %d of unknown kind %q: left out", c.Name, st.ID, st.Kind)
		case st.Slot >= 0 && st.Slot < game.BagSlots && bag[st.Slot].Empty():
			bag[st.Slot] = game.Item{ID: st.ID, Def: def, More: stackMore(st.Count)}
		case st.Slot >= game.FirstEquipSlot && st.Slot < game.FirstEquipSlot+game.EquipSlots && worn[st.Slot-game.FirstEquipSlot].Empty():
			worn[st.Slot-game.FirstEquipSlot] = game.Item{ID: st.ID, Def: def}
		default:
			s.log.Printf("%s carries item %d in slot %d, which is taken or unknown: left out", c.Name, st.ID, st.Slot)
		}
	}
	return bag, worn
}

// stackMore is a saved stack's count as an item's More: a count of 0 or
// 1 (every item before stacks) is one, and none holds past game.MaxStack.
func stackMore(count int) uint8 {
	return uint8(min(max(count, 1), game.MaxStack) - 1)
}

// stackItems is the saved form of a bag and worn slots.
func (s *Runtime) stackItems(dst []store.ItemStack, bag [game.BagSlots]game.Item, worn [game.EquipSlots]game.Item) []store.ItemStack {
	dst = dst[:0]
	add := func(slot int, it game.Item) {
		if !it.Empty() && int(it.Def) < len(s.cfg.Content.Items) {
			dst = append(dst, store.ItemStack{ID: it.ID, Kind: s.cfg.Content.Items[it.Def].ID, Count: it.Units(), Slot: slot})
		}
	}
	for i, it := range bag {
		add(i, it)
	}
	for i, it := range worn {
		add(game.FirstEquipSlot+i, it)
	}
	return dst
}

// upgradeIndices resolves a character's upgrade ids against the content.
func (s *Runtime) upgradeIndices(ids []string) []uint8 {
	out := make([]uint8, 0, len(ids))
	for _, id := range ids {
		if i, ok := s.upgradeDef[id]; ok {
			out = append(out, i)
		}
	}
	return out
}

// loadout is what a saved character's stats are made of, as the world
// builds them once equip has given it the character: its class, its
// upgrades and the kinds it wears (the first item of a slot, as
// itemSlots takes them).
func (s *Runtime) loadout(c *store.Character) game.Loadout {
	l := game.Loadout{Class: s.classIndex(c), Upgrades: s.upgradeIndices(c.Upgrades), Worn: game.NothingWorn()}
	for _, st := range c.Inventory {
		eq := st.Slot - game.FirstEquipSlot
		if def, ok := s.itemDef[st.Kind]; ok && eq >= 0 && eq < game.EquipSlots && l.Worn[eq] < 0 {
			l.Worn[eq] = int(def)
		}
	}
	return l
}

// equip gives the world the character's items and upgrades.
func (s *Runtime) equip(p *peer) { s.dress(p.inst.world, p.player, &p.char) }

// dress gives player id of world w the character's class, upgrades and
// items: the stats the world then builds are the ones it plays.
func (s *Runtime) dress(w *game.World, id uint16, c *store.Character) {
	bag, worn := s.itemSlots(c)
	w.SetPlayerClass(id, s.classIndex(c))
	w.SetPlayerUpgrades(id, s.upgradeIndices(c.Upgrades))
	w.SetPlayerItems(id, bag, worn)
}

// takeItems reads what the character carries now into its record.
func (s *Runtime) takeItems(p *peer) {
	if bag, worn, ok := p.inst.world.PlayerItems(p.player); ok {
		p.char.Inventory = s.stackItems(p.char.Inventory, bag, worn)
	}
}

// journal records one item move for counters and the journal.
func (s *Runtime) journal(op uint8, it game.Item, player uint16, why string) {
	switch op {
	case game.ItemMinted:
		s.counters.ItemsMinted++
	case game.ItemTaken, game.ItemStacked:
		s.counters.ItemsTaken++
	case game.ItemUsed, game.ItemSpent:
		s.counters.ItemsUsed++
	case game.ItemDropped:
		s.counters.ItemsDropped++
	case game.ItemDestroyed:
		s.counters.ItemsDestroyed++
	}
	if s.cfg.ItemJournal != nil {
		s.cfg.ItemJournal(ItemRecord{Tick: s.tick, Op: op, Item: it, Player: player, Why: why})
	}
}

// destroyAll takes every ground item of a world out of play, journalled.
func (s *Runtime) destroyAll(in *instance, why string) {
	for _, g := range in.world.GroundLoot() {
		s.journal(game.ItemDestroyed, g.Item, g.Owner, why)
	}
}

// onItem applies one EvItem of a world's tick.
func (s *Runtime) onItem(in *instance, ev *game.Event) {
	why := ""
	if ev.Reason == game.ItemDestroyed {
		why = "the floor was full"
	}
	if ev.Reason != game.ItemBagFull {
		s.journal(ev.Reason, ev.Item, ev.ID, why)
	}
	p := s.peerOf(in, ev.ID)
	if p == nil || ev.Reason == game.ItemMinted || ev.Reason == game.ItemDestroyed {
		if p != nil && ev.Reason == game.ItemMinted {
			p.run.items = append(p.run.items, uint8(ev.Item.Def)) // a ration of its own
		}
		return
	}
	if (ev.Reason == game.ItemTaken || ev.Reason == game.ItemStacked) && in.dungeon != game.HubDungeon {
		p.run.items = append(p.run.items, uint8(ev.Item.Def))
	}
	if ev.Reason != game.ItemBagFull {
		// Staged on the tick the item moved: a drop and the pickup that
		// follows commit in order, each with the character it touched, so a
		// crash never finds the item in two bags (docs/NETCODE.md, "Loot, items and upgrades").
		s.saveCharacter(p, false)
	}
	s.touchSheet(p, itemAction(ev.Reason), uint8(ev.Item.Def)+1)
}

// itemAction is the sheet's word for an item operation.
func itemAction(op uint8) uint8 {
	switch op {
	case game.ItemTaken, game.ItemStacked:
		return wire.ActionPicked
	case game.ItemUsed, game.ItemSpent:
		return wire.ActionUsed
	case game.ItemDropped:
		return wire.ActionDropped
	case game.ItemEquipped:
		return wire.ActionEquipped
	case game.ItemUnequipped:
		return wire.ActionUnequipped
	case game.ItemBagFull:
		return wire.ActionBagFull
	}
	return wire.ActionNone
}

// onXP credits a kill's XP, or a clear's, to the character, levelling it
// and rolling an offer when one becomes owed. The next sheet tells the
// player what came from which.
func (s *Runtime) onXP(in *instance, ev *game.Event) {
	p := s.peerOf(in, ev.ID)
	if p == nil || !p.hasChar {
		return
	}
	p.run.xp += int(ev.Amount)
	if ev.Reason == game.XPFromClear {
		p.xpClears += uint32(max(ev.Amount, 0))
		s.log.Printf("%s earned %d XP of the clear", p.char.Name, ev.Amount)
	} else {
		p.xpKills += uint32(max(ev.Amount, 0))
	}
	level, into, gained := game.GainXP(p.char.Level, p.char.XP, int(ev.Amount))
	p.char.Level, p.char.XP = level, into
	action := wire.ActionNone
	if gained > 0 {
		action = wire.ActionLevelled
		s.rollOffer(p)
		s.log.Printf("%s reached level %d", p.char.Name, level)
	}
	s.touchSheet(p, action, 0)
}

// owed is how many upgrade choices the character is owed: one per level
// gained, less those taken.
func owed(c *store.Character) int { return max(c.Level-1-len(c.Upgrades), 0) }

// rollOffer puts three upgrades on the table when a choice is owed and none
// is offered. The offer is stored on the character, so closing the screen
// or a restart never rerolls it.
func (s *Runtime) rollOffer(p *peer) {
	if owed(&p.char) == 0 || len(p.char.Offer) > 0 {
		return
	}
	held := map[string]int{}
	for _, u := range p.char.Upgrades {
		held[u]++
	}
	var open []string
	for _, u := range s.cfg.Content.Upgrades {
		if held[u.ID] < u.Max {
			open = append(open, u.ID)
		}
	}
	s.rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	p.char.Offer = append([]string(nil), open[:min(wire.MaxOffer, len(open))]...)
	s.saveCharacter(p, false)
}

// onUpgradeChoice takes an upgrade from the character's offer, if one is
// owed, the index names one of the offer's options and the player stands
// at the hub's upgrade NPC. Anything else is refused in words.
func (s *Runtime) onUpgradeChoice(p *peer, b []byte) error {
	var m wire.UpgradeChoice
	if err := wire.DecodeUpgradeChoice(b, &m); err != nil {
		return err
	}
	if why := s.upgradeRefusal(p, int(m.Index)); why != "" {
		s.counters.UpgradesRefused++
		if p.refusedAt != s.tick+1 { // a flood is answered once a tick
			p.refusedAt = s.tick + 1
			s.notify(p, why)
			s.touchSheet(p, wire.ActionUpgradeRefused, 0)
		}
		return nil
	}
	id := p.char.Offer[m.Index]
	p.char.Upgrades = append(p.char.Upgrades, id)
	p.char.Offer = nil
	s.rollOffer(p)
	p.inst.world.SetPlayerUpgrades(p.player, s.upgradeIndices(p.char.Upgrades))
	s.counters.UpgradesTaken++
	s.saveCharacter(p, false)
	s.touchSheet(p, wire.ActionUpgraded, s.upgradeDef[id])
	s.log.Printf("%s took %s", p.char.Name, id)
	return nil
}

func (s *Runtime) upgradeRefusal(p *peer, index int) string {
	pos, ok := p.inst.world.PlayerPos(p.player)
	npc := s.hub.world.Map()
	switch {
	case owed(&p.char) == 0:
		return "No upgrade is owed: level up first."
	case index >= len(p.char.Offer):
		return "That upgrade is not on offer."
	case p.inst != s.hub || !npc.HasNPC || !ok || !within(pos, npc.NPC, NPCRadius):
		return fmt.Sprintf("Upgrades are chosen beside %s, in the hub.", npc.NPCName)
	case int(s.upgradeDef[p.char.Offer[index]]) >= len(s.cfg.Content.Upgrades):
		return "That upgrade no longer exists."
	}
	return ""
}

// touchSheet marks the player's sheet for sending at the end of the tick,
// with what just happened.
func (s *Runtime) touchSheet(p *peer, action, item uint8) {
	p.sheetDirty = true
	if action != wire.ActionNone || p.sheetAction == wire.ActionNone {
		p.sheetAction, p.sheetItem = action, item
	}
}

// sendSheets sends every changed sheet.
func (s *Runtime) sendSheets() {
	for _, p := range s.order {
		if p.state == peerPlaying && p.sheetDirty {
			s.sendSheet(p)
		}
	}
}

func (s *Runtime) sendSheet(p *peer) {
	p.sheetDirty = false
	m := &s.sheet
	*m = wire.Inventory{Level: uint8(min(max(p.char.Level, 1), 255)), XP: uint32(p.char.XP),
		Next: uint32(game.XPToNext(p.char.Level)), Owed: uint8(min(owed(&p.char), 255)),
		Bag: m.Bag[:0], Equip: m.Equip[:0], Upgrades: m.Upgrades[:0], Offer: m.Offer[:0],
		Action: p.sheetAction, Item: p.sheetItem, Stacks: m.Stacks[:0], XPKills: p.xpKills, XPClears: p.xpClears}
	if bag, worn, ok := p.inst.world.PlayerItems(p.player); ok {
		for _, it := range bag {
			m.Bag = append(m.Bag, slotByte(it))
			m.Stacks = append(m.Stacks, stackByte(it))
		}
		for _, it := range worn {
			m.Equip = append(m.Equip, slotByte(it))
		}
	}
	m.Upgrades = append(m.Upgrades, s.upgradeIndices(p.char.Upgrades)...)
	if len(m.Upgrades) > wire.MaxUpgrades {
		m.Upgrades = m.Upgrades[:wire.MaxUpgrades]
	}
	m.Offer = append(m.Offer, s.upgradeIndices(p.char.Offer)...)
	p.sheetAction, p.sheetItem = wire.ActionNone, 0
	p.xpKills, p.xpClears = 0, 0
	b, err := wire.AppendInventory(s.buf[:0], *m)
	if err != nil {
		s.log.Printf("cannot describe %s's sheet: %v", p.char.Name, err)
		return
	}
	s.send(p, wire.MsgInventory, b)
}

func slotByte(it game.Item) uint8 {
	if it.Empty() {
		return 0
	}
	return uint8(it.Def) + 1
}

// stackByte is a bag slot's stack on the wire: how many it holds, 0 for
// an empty slot.
func stackByte(it game.Item) uint8 {
	if it.Empty() {
		return 0
	}
	return uint8(it.Units())
}

// runStats is what a player earned in the dungeon it is in, for the
// banner when the dungeon is cleared.
type runStats struct {
	xp    int
	kills int
	items []uint8
}

// announceClear tells everyone in a cleared dungeon what each of them
// earned there.
func (s *Runtime) announceClear(in *instance) {
	m := wire.Cleared{Dungeon: in.dungeon}
	for _, p := range in.peers {
		if len(m.Players) == wire.MaxClearedPlayers {
			break
		}
		items := p.run.items
		if len(items) > wire.MaxClearedItems {
			items = items[:wire.MaxClearedItems]
		}
		m.Players = append(m.Players, wire.ClearedPlayer{Name: p.name, XP: uint32(p.run.xp),
			Kills: uint16(min(p.run.kills, 65535)), Items: items})
	}
	b, err := wire.AppendCleared(s.buf[:0], m)
	if err != nil {
		s.log.Printf("cannot describe the clearing of instance %d: %v", in.id, err)
		return
	}
	for _, p := range in.peers {
		s.send(p, wire.MsgCleared, b)
	}
	s.log.Printf("%s (instance %d) cleared by %d players", s.cfg.Content.Dungeons[in.dungeon].Name, in.id, len(in.peers))
}

// itemIndex maps content ids to indices for loading characters.
func itemIndex(c *game.Content) (items map[string]uint16, ups map[string]uint8) {
	items, ups = make(map[string]uint16, len(c.Items)), make(map[string]uint8, len(c.Upgrades))
	for i, it := range c.Items {
		items[it.ID] = uint16(i)
	}
	for i, u := range c.Upgrades {
		ups[u.ID] = uint8(i)
	}
	return items, ups
}

// newItemIDs starts the server's item ids above any the store's file could
// have handed out before: the file's boot count in the high bits.
func newItemIDs(st *store.Store) *game.ItemIDs {
	if st == nil {
		return game.NewItemIDs(1)
	}
	return game.NewItemIDs(st.Boot()<<40 | 1)
}

func newServerRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5DEECE66D)) }

// GrantXP gives a playing character xp as a kill would, for tests and
// tools; it reports whether the player is in play.
func (s *Runtime) GrantXP(player uint16, xp int) bool {
	for _, p := range s.order {
		if p.player == player && p.state == peerPlaying {
			s.onXP(p.inst, &game.Event{Kind: game.EvXP, ID: player, Amount: int16(min(max(xp, 0), 1<<15-1))})
			return true
		}
	}
	return false
}

// classIndex is the character's class as an index into the content's
// classes: the first class for a character made before classes, or one
// whose class the content no longer has.
func (s *Runtime) classIndex(c *store.Character) uint8 {
	i, _ := levels.ClassIndex(s.cfg.Content, c.Class)
	return i
}
