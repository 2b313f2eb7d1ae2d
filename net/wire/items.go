package wire

// The character sheet and its choices: Inventory tells a playing client
// its own character's level, XP, bag, worn items, upgrades and the upgrade
// offer, whenever they change, with the action that changed them (for
// feedback). UpgradeChoice is the client's one word about upgrades: which
// of the offer's options it wants; the server, not the codec, decides
// whether that option exists. Cleared is the banner of a cleared dungeon:
// what each player there earned. Ground loot is not here: it rides the
// snapshot (snapshot.go).

// Limits of the sheet messages.
const (
	MaxBagSlots       = 16
	MaxEquipSlots     = 4
	MaxUpgrades       = 64
	MaxOffer          = 3
	MaxClearedPlayers = 32
	MaxClearedItems   = 32
	MaxStackUnits     = 99 // the most of one item a bag slot's stack may say it holds
)

// Inventory actions: what just happened to the sheet.
const (
	ActionNone           uint8 = 0
	ActionPicked         uint8 = 1 // Item: def + 1 of what was picked up
	ActionUsed           uint8 = 2
	ActionDropped        uint8 = 3
	ActionEquipped       uint8 = 4
	ActionUnequipped     uint8 = 5
	ActionBagFull        uint8 = 6 // a pickup found no room
	ActionLevelled       uint8 = 7
	ActionUpgraded       uint8 = 8 // Item: the upgrade index taken
	ActionUpgradeRefused uint8 = 9 // a Notice says why
	actionCount                = 10
)

// Inventory is the receiving player's character sheet. Bag and Equip hold
// item def + 1 per slot, 0 for an empty slot; Upgrades and Offer hold
// upgrade indices. Stacks is empty or one byte per bag slot: how many of
// its item the slot holds (consumables stack), 0 for an empty slot.
// XPKills and XPClears are the XP earned since the previous sheet, from
// kills and from clears (the boss's reward to those who fought it): XP
// says where the character stands, these where its XP came from.
type Inventory struct {
	Level    uint8 // 1..255
	XP, Next uint32
	Owed     uint8 // upgrade choices owed
	Bag      []uint8
	Equip    []uint8
	Upgrades []uint8
	Offer    []uint8
	Action   uint8
	Item     uint8
	Stacks   []uint8
	XPKills  uint32
	XPClears uint32
}

// inventoryMin is an Inventory with every list empty.
const inventoryMin = 1 + 1 + 4 + 4 + 1 + 4 + 2 + 1 + 8

func checkInventory(m *Inventory) error {
	switch {
	case m.Level == 0 || m.Action >= actionCount || (m.Next != 0 && m.XP >= m.Next):
		return ErrMalformed
	case len(m.Bag) > MaxBagSlots || len(m.Equip) > MaxEquipSlots || len(m.Upgrades) > MaxUpgrades || len(m.Offer) > MaxOffer:
		return ErrTooLarge
	case len(m.Stacks) != 0 && len(m.Stacks) != len(m.Bag):
		return ErrMalformed
	}
	for i, n := range m.Stacks {
		if n > MaxStackUnits || (n == 0) != (m.Bag[i] == 0) {
			return ErrMalformed
		}
	}
	return nil
}

// AppendInventory appends an Inventory; on error b is unchanged.
func AppendInventory(b []byte, m Inventory) ([]byte, error) {
	if err := checkInventory(&m); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgInventory), m.Level)
	b = AppendU32(AppendU32(b, m.XP), m.Next)
	b = append(b, m.Owed)
	for _, list := range [][]uint8{m.Bag, m.Equip, m.Upgrades, m.Offer} {
		b = append(append(b, uint8(len(list))), list...)
	}
	b = append(b, m.Action, m.Item, uint8(len(m.Stacks)))
	b = append(b, m.Stacks...)
	return AppendU32(AppendU32(b, m.XPKills), m.XPClears), nil
}

// DecodeInventory decodes an Inventory into dst, reusing its lists'
// capacity. On error dst is left as it was.
func DecodeInventory(b []byte, dst *Inventory) error {
	r := NewReader(b)
	readType(&r, MsgInventory)
	if r.Err() == nil && len(b) < inventoryMin {
		r.Fail(ErrShort)
	}
	// The lists alias the packet until the whole message has checked out,
	// so a refused packet writes nothing into dst's arrays.
	m := Inventory{Level: r.U8(), XP: r.U32(), Next: r.U32(), Owed: r.U8()}
	m.Bag = readList(&r, MaxBagSlots)
	m.Equip = readList(&r, MaxEquipSlots)
	m.Upgrades = readList(&r, MaxUpgrades)
	m.Offer = readList(&r, MaxOffer)
	m.Action, m.Item = r.U8(), r.U8()
	m.Stacks = readList(&r, MaxBagSlots)
	m.XPKills, m.XPClears = r.U32(), r.U32()
	if err := r.End(); err != nil {
		return err
	}
	if err := checkInventory(&m); err != nil {
		return err
	}
	m.Bag = append(dst.Bag[:0], m.Bag...)
	m.Equip = append(dst.Equip[:0], m.Equip...)
	m.Upgrades = append(dst.Upgrades[:0], m.Upgrades...)
	m.Offer = append(dst.Offer[:0], m.Offer...)
	m.Stacks = append(dst.Stacks[:0], m.Stacks...)
	*dst = m
	return nil
}

// readList reads a u8 count (at most limit) and that many bytes. The
// result aliases the packet: copy it before the packet buffer is reused.
func readList(r *Reader, limit int) []uint8 {
	n := int(r.U8())
	if r.Err() == nil && n > limit {
		r.Fail(ErrTooLarge)
	}
	return r.take(n)
}

// UpgradeChoice asks for one option of the upgrade offer.
type UpgradeChoice struct{ Index uint8 }

// AppendUpgradeChoice appends an UpgradeChoice.
func AppendUpgradeChoice(b []byte, m UpgradeChoice) []byte {
	return append(b, uint8(MsgUpgradeChoice), m.Index)
}

// DecodeUpgradeChoice decodes an UpgradeChoice packet.
func DecodeUpgradeChoice(b []byte, dst *UpgradeChoice) error {
	r := NewReader(b)
	readType(&r, MsgUpgradeChoice)
	m := UpgradeChoice{Index: r.U8()}
	if err := r.End(); err != nil {
		return err
	}
	*dst = m
	return nil
}

// ClearedPlayer is what one player earned in a cleared dungeon.
type ClearedPlayer struct {
	Name  string
	XP    uint32
	Kills uint16
	Items []uint8 // item defs picked up there (and the ration the boss left)
}

// Cleared is the banner of a cleared dungeon.
type Cleared struct {
	Dungeon uint8
	Players []ClearedPlayer
}

// clearedPlayerMin is the smallest entry: a one-byte name, no items.
const clearedPlayerMin = 2 + 4 + 2 + 1

func checkCleared(m *Cleared) error {
	if len(m.Players) > MaxClearedPlayers {
		return ErrTooLarge
	}
	for i := range m.Players {
		if len(m.Players[i].Items) > MaxClearedItems {
			return ErrTooLarge
		}
		if err := ValidName(m.Players[i].Name); err != nil {
			return err
		}
	}
	return nil
}

// AppendCleared appends a Cleared; on error b is unchanged.
func AppendCleared(b []byte, m Cleared) ([]byte, error) {
	if err := checkCleared(&m); err != nil {
		return b, err
	}
	b = append(b, uint8(MsgCleared), m.Dungeon, uint8(len(m.Players)))
	for _, p := range m.Players {
		b, _ = AppendString(b, p.Name)
		b = AppendU16(AppendU32(b, p.XP), p.Kills)
		b = append(append(b, uint8(len(p.Items))), p.Items...)
	}
	return b, nil
}

// DecodeCleared decodes a Cleared packet into dst.
func DecodeCleared(b []byte, dst *Cleared) error {
	r := NewReader(b)
	readType(&r, MsgCleared)
	m := Cleared{Dungeon: r.U8()}
	n := int(r.U8())
	if r.Err() == nil && n > MaxClearedPlayers {
		r.Fail(ErrTooLarge)
	}
	if r.Err() == nil && n*clearedPlayerMin > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	m.Players = make([]ClearedPlayer, n)
	for i := range m.Players {
		p := &m.Players[i]
		p.Name, p.XP, p.Kills = readName(&r), r.U32(), r.U16()
		p.Items = append([]uint8(nil), readList(&r, MaxClearedItems)...)
	}
	if err := r.End(); err != nil {
		return err
	}
	*dst = m
	return nil
}
