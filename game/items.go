package game

import "math"

// Items: what a player carries and what lies on the ground. The world owns
// every item while it is in play: a bag and equipment per player, and the
// ground loot. Every change is announced by a server-only EvItem event, so
// the server can save and journal it; clients learn their own sheet from
// the server and see ground loot in their snapshots.

// ItemKind says what an item is for.
type ItemKind uint8

// Item kinds. Equipment kinds name the slot they fill.
const (
	ItemConsumable ItemKind = iota + 1 // used up: heals
	ItemWeapon
	ItemArmour
	ItemCharm
)

var itemKindNames = [...]string{"", "consumable", "weapon", "armour", "charm"}

// String is the kind's content name.
func (k ItemKind) String() string {
	if int(k) < len(itemKindNames) && k != 0 {
		return itemKindNames[k]
	}
	return "unknown"
}

// ParseItemKind reads a kind's content name.
func ParseItemKind(s string) (ItemKind, bool) {
	for i, n := range itemKindNames {
		if i > 0 && n == s {
			return ItemKind(i), true
		}
	}
	return 0, false
}

// EquipSlot is the equipment slot an item of kind k fills, or -1.
func (k ItemKind) EquipSlot() int {
	switch k {
	case ItemWeapon:
		return EquipWeapon
	case ItemArmour:
		return EquipArmour
	case ItemCharm:
		return EquipCharm
	}
	return -1
}

// Bag and equipment sizes, and the slot numbers an input frame names: 0 to
// BagSlots-1 are the bag, then the equipment slots in order.
const (
	BagSlots    = 8
	EquipSlots  = 3
	EquipWeapon = 0
	EquipArmour = 1
	EquipCharm  = 2
	// FirstEquipSlot is the input frame's slot number of the weapon.
	FirstEquipSlot = BagSlots
	// MaxItemDefs bounds the item kinds: the wire names one in a byte,
	// with 0 for an empty slot.
	MaxItemDefs = 254
)

// ItemDef is one kind of item, loaded from content.
type ItemDef struct {
	ID, Name string
	Kind     ItemKind
	Heal     int16    // consumable: health restored
	Mods     StatMods // equipment: what wearing it changes
	Text     string   // one line a tooltip shows
	// Classes are the classes that may wear it, a bit per index into
	// Content.Classes; zero: every class. Class gear names one.
	Classes uint16
}

// WornBy reports whether a character of class may wear the item: any may
// wear common gear, only its class a class's own.
func (d *ItemDef) WornBy(class uint8) bool {
	return d.Classes == 0 || (class < MaxClasses && d.Classes&(1<<class) != 0)
}

// Item is one item in play. ID is unique across the server and its store
// for the item's whole life, so an audit can follow every item; zero means
// no item.
type Item struct {
	ID  uint64
	Def uint16 // index into Content.Items
	// More is how many more of its kind stack with it in one bag slot:
	// consumables stack up to MaxStack, and the stack is one item, with
	// one id, however many it holds.
	More uint8
}

// MaxStack is the most consumables of one kind a bag slot holds.
const MaxStack = 5

// Empty reports whether the slot holding it is free.
func (it Item) Empty() bool { return it.ID == 0 }

// Units is how many the item is: 1, or its stack's size.
func (it Item) Units() int { return 1 + int(it.More) }

// ItemIDs mints item ids. A server has one generator, started above every
// id its store holds, so ids never repeat; each of its worlds mints from a
// block of it (Block), so that worlds stepping at once never share a
// counter and every world's ids are the same however the steps interleave.
type ItemIDs struct{ next, end uint64 } // end 0: no end

// NewItemIDs starts a generator whose first id is first (at least 1).
func NewItemIDs(first uint64) *ItemIDs { return &ItemIDs{next: max(first, 1)} }

// Next returns a fresh id.
func (g *ItemIDs) Next() uint64 {
	id := g.next
	g.next++
	return id
}

// Block hands out the next n ids as a generator of their own.
func (g *ItemIDs) Block(n uint64) ItemIDs {
	b := ItemIDs{next: g.next, end: g.next + n}
	g.next += n
	return b
}

// Left is how many ids a block has left (a generator without an end: the
// most there can be).
func (g *ItemIDs) Left() uint64 {
	if g.end == 0 {
		return math.MaxUint64
	}
	return g.end - min(g.next, g.end)
}

// Item operations, in EvItem's Reason.
const (
	ItemMinted     uint8 = iota + 1 // a drop created it (on the ground)
	ItemTaken                       // ground → bag
	ItemDropped                     // bag or equipment → ground, world-shared
	ItemUsed                        // a consumable was used up
	ItemEquipped                    // bag → equipment (whatever was worn goes to the bag)
	ItemUnequipped                  // equipment → bag
	ItemDestroyed                   // gone from play: its owner left, the floor filled, the world closed
	ItemBagFull                     // a pickup found no room; nothing moved
	ItemStacked                     // ground → onto a stack of its kind in the bag: its id leaves play, its units join the stack
	ItemSpent                       // one of a stack was used up; the stack, one fewer, stays
)

// GroundItem is an item lying in the world. Owner 0 is world-shared; any
// other owner is the only player who sees it or may take it.
type GroundItem struct {
	Handle uint16 // the world's name for it in snapshots; reused only after 65536 drops
	Item   Item
	Pos    Vec
	Owner  uint16
}

// Loot rules.
const (
	PickupRadius  = 28  // u: how close a player's centre must be to an item's to take it
	MaxGroundLoot = 256 // a world's floor holds this many; the oldest shared item goes first
	dropScatter   = 18  // u: how far from its source a drop may land
)
