package game

// A player's bag and equipment, and the item actions of the input frame.
// USE and DROP act on a press, judged against the previous frame's buttons
// and slot together: the frame redundancy and a starved server's coasting
// repeat frames, and a held key must not spend two items, while tapping 2
// with 1 still held is a second action, not a swallowed one.

// SetPlayerItems gives a player what it carries, as the server restored it,
// and rebuilds its stats for what it wears. It reports whether the player
// is here.
func (w *World) SetPlayerItems(id uint16, bag [BagSlots]Item, worn [EquipSlots]Item) bool {
	p := w.player(id)
	if p == nil {
		return false
	}
	p.bag, p.worn = bag, worn
	w.rebuild(p)
	return true
}

// PlayerItems is what a player carries: its bag and what it wears.
func (w *World) PlayerItems(id uint16) (bag [BagSlots]Item, worn [EquipSlots]Item, ok bool) {
	if p := w.player(id); p != nil {
		return p.bag, p.worn, true
	}
	return bag, worn, false
}

// SetPlayerUpgrades sets the upgrades a player's character holds (indices
// into Content.Upgrades) and rebuilds its stats. The world keeps a copy.
func (w *World) SetPlayerUpgrades(id uint16, upgrades []uint8) bool {
	p := w.player(id)
	if p == nil {
		return false
	}
	p.upgrades = append(p.upgrades[:0], upgrades...)
	w.rebuild(p)
	return true
}

// rebuild recomputes a player's stats from its class, its upgrades and
// what it wears (EffectiveStats), keeping its health within the new
// maximum.
func (w *World) rebuild(p *player) {
	p.stats = EffectiveStats(w.content, p.loadout())
	p.ab = EffectiveAbility(w.content, p.loadout())
	p.hp = min(p.hp, p.stats.MaxHP)
}

// loadout is what the player's stats are made of.
func (p *player) loadout() Loadout {
	return Loadout{Class: p.class, Upgrades: p.upgrades, Worn: WornDefs(&p.worn)}
}

func (p *player) freeBagSlot() int {
	for i, it := range p.bag {
		if it.Empty() {
			return i
		}
	}
	return -1
}

// useSlot uses the item in a slot: a consumable heals (and is spent; a
// player at full health spends nothing), bag equipment is put on (what was
// worn takes its place in the bag), worn equipment goes back to the bag.
// An empty or out-of-range slot does nothing.
func (w *World) useSlot(p *player, slot uint8) {
	switch {
	case int(slot) < BagSlots:
		w.useBagItem(p, int(slot))
	case int(slot) < BagSlots+EquipSlots:
		w.unequip(p, int(slot)-FirstEquipSlot)
	}
}

func (w *World) useBagItem(p *player, slot int) {
	it := p.bag[slot]
	if it.Empty() || int(it.Def) >= len(w.content.Items) {
		return
	}
	def := &w.content.Items[it.Def]
	if def.Kind == ItemConsumable {
		if p.hp >= p.stats.MaxHP {
			return
		}
		p.hp = min(p.hp+max(def.Heal, 0), p.stats.MaxHP)
		if it.More > 0 { // one of a stack: the rest stay in the slot
			p.bag[slot].More--
			w.emit(Event{Kind: EvItem, Reason: ItemSpent, ID: p.id, Item: p.bag[slot], HP: p.hp})
			return
		}
		p.bag[slot] = Item{}
		w.emit(Event{Kind: EvItem, Reason: ItemUsed, ID: p.id, Item: it, HP: p.hp})
		return
	}
	eq := def.Kind.EquipSlot()
	if eq < 0 || !def.WornBy(p.class) {
		return // another class's gear stays in the bag (the window says why)
	}
	p.bag[slot], p.worn[eq] = p.worn[eq], it
	w.rebuild(p)
	w.emit(Event{Kind: EvItem, Reason: ItemEquipped, ID: p.id, Item: it})
}

func (w *World) unequip(p *player, eq int) {
	it := p.worn[eq]
	slot := p.freeBagSlot()
	if it.Empty() || slot < 0 {
		return
	}
	p.bag[slot], p.worn[eq] = it, Item{}
	w.rebuild(p)
	w.emit(Event{Kind: EvItem, Reason: ItemUnequipped, ID: p.id, Item: it})
}

// dropSlot lays the item in a slot (bag or worn) on the ground, shared.
func (w *World) dropSlot(p *player, slot uint8) {
	var it *Item
	switch {
	case int(slot) < BagSlots:
		it = &p.bag[slot]
	case int(slot) < BagSlots+EquipSlots:
		it = &p.worn[int(slot)-FirstEquipSlot]
	default:
		return
	}
	if it.Empty() {
		return
	}
	dropped := *it
	*it = Item{}
	if int(slot) >= BagSlots {
		w.rebuild(p)
	}
	w.dropItem(p, dropped)
}
