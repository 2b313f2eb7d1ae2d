package bots

import (
	"math"
	"time"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// itemHabits are what a bot does with items: it picks up what it walks
// over, drinks a potion when low, puts on gear for an empty slot and, with
// a full bag over something new, drops its last slot now and then, like a
// careless player. It counts what the server confirmed.
type itemHabits struct {
	picked, used, dropped int
	seen                  time.Time // the sheet action counted last
	lastPress             int       // frame of the last press: presses need a release between them
	lastDrop              int       // frame of the last drop
}

// dropEvery is how often, at most, a bot with a full bag drops something.
const dropEvery = 5 * game.TickRate

// lowHealth is the share of health under which a bot drinks.
const lowHealth = 0.4

// decide adds a pickup or a potion to in, and counts the sheet's news.
func (h *itemHabits) decide(rt *client.Runtime, self client.Actor, frame int, in *client.Intent) {
	sh := rt.Sheet()
	if sh.Known && sh.ActionAt.After(h.seen) {
		h.seen = sh.ActionAt
		switch sh.Action {
		case wire.ActionPicked:
			h.picked++
		case wire.ActionUsed:
			h.used++
		case wire.ActionDropped:
			h.dropped++
		}
	}
	if !sh.Known || frame-h.lastPress < 2 {
		return // the frame after a press is a release
	}
	if slot := h.potionSlot(sh, rt.Content().Items); slot >= 0 && float64(self.HP) < lowHealth*float64(max(self.MaxHP, 1)) {
		in.Use, in.Slot, h.lastPress = true, uint8(slot), frame
		return
	}
	if slot := gearToWear(sh, rt.Content().Items); slot >= 0 {
		in.Use, in.Slot, h.lastPress = true, uint8(slot), frame
		return
	}
	under := lootUnder(rt, self.Pos)
	switch {
	case in.Interact || !under || onPortal(rt, self.Pos):
		// On a portal a press that takes nothing (loot the bot still
		// sees but that was just taken, say) uses the portal: a way down
		// beside the boss's rations would take the bot deeper than it
		// meant to go. The dungeon script presses on the portal it wants.
	case hasRoom(sh):
		in.Interact, h.lastPress = true, frame
	case frame-h.lastDrop >= dropEvery:
		in.Drop, in.Slot, h.lastPress, h.lastDrop = true, game.BagSlots-1, frame, frame
	}
}

// gearToWear is a bag slot holding equipment for an empty worn slot, or -1.
func gearToWear(sh client.Sheet, items []game.ItemDef) int {
	for i, d := range sh.Bag {
		if d < 0 || d >= len(items) {
			continue
		}
		if eq := items[d].Kind.EquipSlot(); eq >= 0 && sh.Worn[eq] < 0 {
			return i
		}
	}
	return -1
}

func (h *itemHabits) potionSlot(sh client.Sheet, items []game.ItemDef) int {
	for i, d := range sh.Bag {
		if d >= 0 && d < len(items) && items[d].Kind == game.ItemConsumable {
			return i
		}
	}
	return -1
}

func hasRoom(sh client.Sheet) bool {
	for _, d := range sh.Bag {
		if d < 0 {
			return true
		}
	}
	return false
}

// lootUnder reports whether an item the bot may take lies within reach.
func lootUnder(rt *client.Runtime, pos game.Vec) bool {
	for _, l := range rt.Loot() {
		if math.Hypot(float64(l.X)-pos.X, float64(l.Y)-pos.Y) < game.PickupRadius-2 {
			return true
		}
	}
	return false
}

// onPortal says whether pos is close enough to a portal for a press to use it.
func onPortal(rt *client.Runtime, pos game.Vec) bool {
	for _, p := range rt.Portals() {
		if math.Hypot(p.Pos.X-pos.X, p.Pos.Y-pos.Y) <= game.PortalRadius+2 {
			return true
		}
	}
	return false
}
