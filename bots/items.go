package bots

import (
	"math"
	"time"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// itemHabits are what a bot does with items: it picks up what it walks
// over and drinks a potion when low, like a careless player. It counts
// what the server confirmed.
type itemHabits struct {
	picked, used int
	seen         time.Time // the sheet action counted last
	lastPress    int       // frame of the last press: presses need a release between them
}

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
		}
	}
	if !sh.Known || frame-h.lastPress < 2 {
		return // the frame after a press is a release
	}
	if slot := h.potionSlot(sh); slot >= 0 && float64(self.HP) < lowHealth*float64(max(self.MaxHP, 1)) {
		in.Use, in.Slot, h.lastPress = true, uint8(slot), frame
		return
	}
	if !in.Interact && hasRoom(sh) && lootUnder(rt, self.Pos) {
		in.Interact, h.lastPress = true, frame
	}
}

func (h *itemHabits) potionSlot(sh client.Sheet) int {
	items := client.Content().Items
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
