package client

import (
	"errors"
	"time"

	"duskfall/game"
	"duskfall/net/wire"
)

// The character sheet: what the server says the player carries and has
// earned (wire.Inventory), the loot in sight (the snapshot's loot section)
// and the banner of a cleared dungeon (wire.Cleared). The client decides
// none of it; it rebuilds its own stats from the sheet only so prediction
// moves the ship at the speed the server does and the upgrade screen shows
// real numbers.

// Sheet is the player's character sheet as last sent.
type Sheet struct {
	Known    bool // a sheet arrived since the character entered play
	Level    int
	XP, Next int // XP into this level, and what the next needs (0 at the cap)
	Owed     int // upgrade choices owed
	// What this sheet says was earned since the one before it: XP from
	// kills, and from clears (a boss's reward to those who fought it).
	XPKills, XPClears int
	Bag               [game.BagSlots]int
	Stack             [game.BagSlots]int   // how many each bag slot holds: 0 empty, 1, or a stack's size
	Worn              [game.EquipSlots]int // item def indices; -1 for an empty slot
	Upgrades          []uint8              // held upgrades, indices into Content.Upgrades
	Offer             []uint8              // the upgrade offer on the table
	// The last thing that happened to the sheet (a wire.Action… word), the
	// item def (or upgrade index) it concerned, -1 for none, and when it
	// arrived: the HUD's feedback.
	Action     uint8
	ActionItem int
	ActionAt   time.Time
}

// sheetState is the Runtime's sheet, ground loot and cleared banner.
type sheetState struct {
	sheet     Sheet
	inv       wire.Inventory // decode scratch
	loot      []wire.GroundLoot
	cleared   wire.Cleared
	clearedAt time.Time

	xpKills, xpClears int // every sheet's, summed since the runtime was made
}

// Sheet is the character sheet as last sent.
func (r *Runtime) Sheet() Sheet { return r.sheet.sheet }

// Loot is the ground loot in sight in the last snapshot: shared items and
// the player's own instanced ones (Flags&wire.LootMine). The slice is
// reused by the next snapshot.
func (r *Runtime) Loot() []wire.GroundLoot { return r.sheet.loot }

// XPEarned is the XP the server has said the player earned since this
// runtime was made, from kills and from clears, whichever character it
// played.
func (r *Runtime) XPEarned() (kills, clears int) { return r.sheet.xpKills, r.sheet.xpClears }

// Cleared is the last dungeon-cleared banner and when it arrived (zero
// time: none).
func (r *Runtime) Cleared() (wire.Cleared, time.Time) { return r.sheet.cleared, r.sheet.clearedAt }

// ErrNotPlaying refuses a choice made with no character in play.
var ErrNotPlaying = errors.New("client: no character in play")

// ChooseUpgrade asks for option i of the offer. The server checks it is
// owed, on offer, and that the player stands at the upgrade NPC; its
// answer is the next sheet (ActionUpgraded or ActionUpgradeRefused) and,
// on a refusal, a Notice saying why.
func (r *Runtime) ChooseUpgrade(i int) error {
	if r.state != StatePlaying {
		return ErrNotPlaying
	}
	if i < 0 || i > 255 {
		return errors.New("client: no such option")
	}
	b := wire.AppendUpgradeChoice(r.sendBuf[:0], wire.UpgradeChoice{Index: uint8(i)})
	r.tr.Send(wire.ChannelOf(wire.MsgUpgradeChoice), b)
	return nil
}

func (r *Runtime) onInventory(b []byte) error {
	m := &r.sheet.inv
	if err := wire.DecodeInventory(b, m); err != nil {
		return err
	}
	s := &r.sheet.sheet
	s.Known, s.Level, s.XP, s.Next, s.Owed = true, int(m.Level), int(m.XP), int(m.Next), int(m.Owed)
	s.XPKills, s.XPClears = int(m.XPKills), int(m.XPClears)
	r.sheet.xpKills += s.XPKills
	r.sheet.xpClears += s.XPClears
	fillSlots(s.Bag[:], m.Bag)
	fillStacks(s.Stack[:], s.Bag[:], m.Stacks)
	fillSlots(s.Worn[:], m.Equip)
	s.Upgrades = append(s.Upgrades[:0], m.Upgrades...)
	s.Offer = append(s.Offer[:0], m.Offer...)
	if m.Action != wire.ActionNone {
		s.Action, s.ActionItem, s.ActionAt = m.Action, int(m.Item)-1, r.cfg.Now()
		if m.Action == wire.ActionUpgraded {
			s.ActionItem = int(m.Item)
		}
	}
	r.pstats, r.pab = r.buildStats()
	return nil
}

// fillSlots turns the wire's def+1 bytes into def indices, -1 for empty.
func fillSlots(dst []int, src []uint8) {
	for i := range dst {
		dst[i] = -1
		if i < len(src) {
			dst[i] = int(src[i]) - 1
		}
	}
}

// fillStacks is each bag slot's count: the wire's, or 1 for a filled slot
// when the server told none.
func fillStacks(dst, bag []int, src []uint8) {
	for i := range dst {
		switch {
		case i < len(src):
			dst[i] = int(src[i])
		case bag[i] >= 0:
			dst[i] = 1
		default:
			dst[i] = 0
		}
	}
}

// buildStats is the player's stats and ability as the server builds them, from the
// class played and the sheet's upgrades and worn items.
func (r *Runtime) buildStats() (game.PlayerStats, game.Ability) {
	l := r.Loadout()
	return game.EffectiveStats(r.cfg.Content, l), game.EffectiveAbility(r.cfg.Content, l)
}

// Loadout is what the stats of the character in play are made of: its
// class, and the upgrades and worn items its sheet lists.
func (r *Runtime) Loadout() game.Loadout {
	return r.sheet.sheet.Loadout(r.roster.playing.Class)
}

// Loadout is the sheet's upgrades and worn items on a character of class;
// a sheet not yet sent wears nothing.
func (s Sheet) Loadout(class uint8) game.Loadout {
	l := game.Loadout{Class: class, Upgrades: s.Upgrades, Worn: s.Worn}
	if !s.Known {
		l.Worn = game.NothingWorn()
	}
	return l
}

func (r *Runtime) onCleared(b []byte) error {
	if err := wire.DecodeCleared(b, &r.sheet.cleared); err != nil {
		return err
	}
	r.sheet.clearedAt = r.cfg.Now()
	return nil
}

// Class is the class of the character in play (nil when content has none):
// its ability and base stats, as the server's content holds them.
func (r *Runtime) Class() *game.Class {
	c := r.cfg.Content
	if i := int(r.roster.playing.Class); i < len(c.Classes) {
		return &c.Classes[i]
	}
	return nil
}

// PlayerClass is the class another player's character plays, as the
// server's Roster names it (nil when unknown or content has none), so a
// friend's ship is drawn as theirs.
func (r *Runtime) PlayerClass(id uint16) *game.Class {
	c := r.cfg.Content
	if i, ok := r.classes[id]; ok && int(i) < len(c.Classes) {
		return &c.Classes[i]
	}
	return nil
}
