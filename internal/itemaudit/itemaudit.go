// Package itemaudit follows every item id through a server's item journal
// (server.Config.ItemJournal, or the lines of --item-journal) and says
// where each one is: on a floor, carried, or gone for a journalled reason.
// A move from a place the item is not (taken twice, dropped by no one,
// minted twice) is a fault: the item was duplicated or lost. The
// conservation test and the soak run both audit with it.
package itemaudit

import (
	"fmt"

	"duskfall/game"
	"duskfall/server"
)

// Places an item can be in.
const (
	Ground  = "ground"
	Carried = "carried"
	Gone    = "gone: " // followed by why
)

// Audit is the state of every item id seen so far. Record is a
// server.Config.ItemJournal; it is not safe for concurrent use.
type Audit struct {
	Where  map[uint64]string // Ground, Carried or Gone+why
	Counts map[uint8]int     // moves by op (game.ItemMinted …)
	Faults []string          // moves from a place the item was not, in words
}

// New is an empty audit.
func New() *Audit {
	return &Audit{Where: map[uint64]string{}, Counts: map[uint8]int{}}
}

// Record applies one move.
func (a *Audit) Record(r server.ItemRecord) {
	a.Counts[r.Op]++
	id, was := r.Item.ID, a.Where[r.Item.ID]
	move := func(from, to string) {
		if was != from {
			a.Faults = append(a.Faults, fmt.Sprintf("tick %d: item %d op %d from %q, but it is %q", r.Tick, id, r.Op, from, was))
		}
		a.Where[id] = to
	}
	switch r.Op {
	case game.ItemMinted:
		move("", Ground)
	case game.ItemTaken:
		move(Ground, Carried)
	case game.ItemDropped:
		move(Carried, Ground)
	case game.ItemUsed:
		move(Carried, Gone+"used")
	case game.ItemStacked:
		move(Ground, Gone+"stacked") // its units joined a stack carried under that stack's id
	case game.ItemEquipped, game.ItemUnequipped, game.ItemSpent:
		move(Carried, Carried)
	case game.ItemDestroyed:
		move(Ground, Gone+r.Why)
	default:
		a.Faults = append(a.Faults, fmt.Sprintf("tick %d: item %d: unknown op %d", r.Tick, id, r.Op))
	}
}

// Count is how many items are in place now.
func (a *Audit) Count(place string) int {
	n := 0
	for _, w := range a.Where {
		if w == place {
			n++
		}
	}
	return n
}

// Compare checks the audit against what a stopped server's store holds:
// stored maps each carried item id to the character holding it. Every item
// the journal shows carried must be stored, every stored item must be
// carried, and nothing may be left on a floor. It returns the mismatches
// in words.
func (a *Audit) Compare(stored map[uint64]string) []string {
	var out []string
	for id, where := range a.Where {
		switch {
		case where == Carried && stored[id] == "":
			out = append(out, fmt.Sprintf("item %d was carried at the end but no stored character has it", id))
		case where == Ground:
			out = append(out, fmt.Sprintf("item %d is still on a floor after the server stopped", id))
		}
	}
	for id, who := range stored {
		if w := a.Where[id]; w != Carried {
			out = append(out, fmt.Sprintf("%s carries item %d, which the journal shows %q, not carried", who, id, w))
		}
	}
	return out
}
