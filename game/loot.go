package game

import "math"

// Loot on the ground, and how it gets there: enemy drops by loot table
// scaled by the map's multiplier, room loot rolled at a dungeon's loot
// slots, the instanced ration every boss kill leaves each player present,
// what a player drops, and a dead player's bag in a dungeon.

// SetItemIDs makes the world mint item ids from g, which the server shares
// between all its worlds. Without it a world mints its own from 1.
func (w *World) SetItemIDs(g *ItemIDs) { w.itemIDs = g }

// GroundLoot is the loot lying in the world, oldest first. The slice is the
// world's own: read it, do not change it.
func (w *World) GroundLoot() []GroundItem { return w.loot }

// VisibleTo reports whether player id may see (and take) the item: it is
// shared, or instanced to that player.
func (g *GroundItem) VisibleTo(id uint16) bool { return g.Owner == 0 || g.Owner == id }

func (w *World) lootMult() float64 {
	if w.mp.LootMult > 0 {
		return w.mp.LootMult
	}
	return 1
}

// rollLoot drops each entry of table at pos with its chance times the
// map's multiplier.
func (w *World) rollLoot(table []LootDrop, pos Vec, owner uint16) {
	m := w.lootMult()
	for _, d := range table {
		if d.Item < 0 || d.Item >= len(w.content.Items) {
			continue
		}
		if w.rng.Float64() < min(d.Chance*m, 1) {
			w.mint(uint16(d.Item), pos, owner)
		}
	}
}

// mint creates an item and lays it near pos.
func (w *World) mint(def uint16, pos Vec, owner uint16) {
	if w.itemIDs == nil {
		w.itemIDs = NewItemIDs(1)
	}
	it := Item{ID: w.itemIDs.Next(), Def: def}
	at := w.scatter(pos)
	w.emit(Event{Kind: EvItem, Reason: ItemMinted, ID: owner, Item: it, X: float32(at.X), Y: float32(at.Y)})
	w.lay(it, at, owner)
}

// scatter is a spot near pos, on floor when one is found.
func (w *World) scatter(pos Vec) Vec {
	for range 4 {
		a, r := w.randAngle(), w.rng.Float64()*dropScatter
		at := pos.Add(Vec{math.Cos(a) * r, math.Sin(a) * r})
		if !w.grid.CircleSolid(at, 4) {
			return at
		}
	}
	return pos
}

// lay puts an item on the floor. A full floor first destroys its oldest
// shared item (or, with none, its oldest), so the floor is bounded.
func (w *World) lay(it Item, at Vec, owner uint16) {
	if len(w.loot) >= MaxGroundLoot {
		victim := 0
		for i := range w.loot {
			if w.loot[i].Owner == 0 {
				victim = i
				break
			}
		}
		w.destroyLoot(victim)
	}
	w.nextHandle++
	w.loot = append(w.loot, GroundItem{Handle: w.nextHandle, Item: it, Pos: at, Owner: owner})
}

// destroyLoot removes ground item i from play.
func (w *World) destroyLoot(i int) {
	g := w.loot[i]
	w.emit(Event{Kind: EvItem, Reason: ItemDestroyed, ID: g.Owner, Item: g.Item, X: float32(g.Pos.X), Y: float32(g.Pos.Y)})
	w.loot = append(w.loot[:i], w.loot[i+1:]...)
}

// onEnemyDeath drops the enemy's loot, shares an ordinary kill's XP with
// the players near or pays a boss's clear to those who fought it
// (clear.go), and, for a boss, gives each player present a ration of their
// own.
func (w *World) onEnemyDeath(e *enemy) {
	w.rollLoot(e.def.Loot, e.pos, 0)
	if e.def.Boss {
		w.payClear(e)
	} else if xp := int16(KillXP(e.def, w.mp.Depth, w.mp.XPMult)); xp > 0 {
		for i := range w.players {
			if p := &w.players[i]; !p.dead && within2(p.pos, e.pos, XPShareRadius) {
				w.emit(Event{Kind: EvXP, Reason: XPFromKill, ID: p.id, Amount: xp, Other: e.id})
			}
		}
	}
	if !e.def.Boss || w.content.Ration < 0 || w.content.Ration >= len(w.content.Items) {
		return
	}
	for i := range w.players {
		if p := &w.players[i]; !p.dead {
			w.mint(uint16(w.content.Ration), e.pos, p.id)
		}
	}
}

func within2(a, b Vec, r float64) bool { return a.Dist2(b) <= r*r }

// seedRoomLoot rolls the room loot table at every loot slot, once, on the
// world's first tick (so the server has set its id generator by then).
func (w *World) seedRoomLoot() {
	w.seeded = true
	for _, at := range w.mp.LootSlots {
		w.rollLoot(w.content.RoomLoot, at, 0)
	}
}

// pickup takes the nearest item within reach that the player may take into
// the first free bag slot. It reports whether something was taken; a full
// bag takes nothing (and says so) so INTERACT can still use a portal.
func (w *World) pickup(p *player) bool {
	best, found := float64(PickupRadius*PickupRadius), -1
	for i := range w.loot {
		g := &w.loot[i]
		if d := g.Pos.Dist2(p.pos); g.VisibleTo(p.id) && d <= best && (found < 0 || d < best) {
			best, found = d, i
		}
	}
	if found < 0 {
		return false
	}
	g := w.loot[found]
	if stack := w.stackFor(p, g.Item); stack >= 0 {
		p.bag[stack].More += uint8(g.Item.Units())
		w.loot = append(w.loot[:found], w.loot[found+1:]...)
		w.emit(Event{Kind: EvItem, Reason: ItemStacked, ID: p.id, Item: g.Item, X: float32(g.Pos.X), Y: float32(g.Pos.Y)})
		return true
	}
	slot := p.freeBagSlot()
	if slot < 0 {
		w.emit(Event{Kind: EvItem, Reason: ItemBagFull, ID: p.id, Item: g.Item})
		return false
	}
	p.bag[slot] = g.Item
	w.loot = append(w.loot[:found], w.loot[found+1:]...)
	w.emit(Event{Kind: EvItem, Reason: ItemTaken, ID: p.id, Item: g.Item, X: float32(g.Pos.X), Y: float32(g.Pos.Y)})
	return true
}

// stackFor is the bag slot whose stack it can join whole: a consumable of
// the same kind with room for all of it; -1 for none. A stack that would
// overflow is not split: the item takes a slot of its own.
func (w *World) stackFor(p *player, it Item) int {
	if int(it.Def) >= len(w.content.Items) || w.content.Items[it.Def].Kind != ItemConsumable {
		return -1
	}
	for i, b := range p.bag {
		if !b.Empty() && b.Def == it.Def && b.Units()+it.Units() <= MaxStack {
			return i
		}
	}
	return -1
}

// dropItem lays a carried item at the player's feet, world-shared whatever
// it was before.
func (w *World) dropItem(p *player, it Item) {
	w.emit(Event{Kind: EvItem, Reason: ItemDropped, ID: p.id, Item: it, X: float32(p.pos.X), Y: float32(p.pos.Y)})
	w.lay(it, w.scatter(p.pos), 0)
}

// dropBag scatters a dead player's bag (not what it wears) as shared loot.
func (w *World) dropBag(p *player) {
	for i, it := range p.bag {
		if !it.Empty() {
			w.dropItem(p, it)
			p.bag[i] = Item{}
		}
	}
}

// forgetOwned takes the ground loot instanced to a leaving player out of
// play (nobody else may see or take it) and appends it to gone.
func (w *World) forgetOwned(id uint16, gone []Item) []Item {
	kept := w.loot[:0]
	for _, g := range w.loot {
		if g.Owner == id {
			gone = append(gone, g.Item)
			continue
		}
		kept = append(kept, g)
	}
	clear(w.loot[len(kept):])
	w.loot = kept
	return gone
}
