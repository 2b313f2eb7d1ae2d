package client

import (
	"duskfall/game"
	"duskfall/net/wire"
)

// lossWindowSlots is how many snapshot slots the loss figure covers: about
// five seconds at one snapshot every wire.SnapshotInterval ticks.
const lossWindowSlots = 5 * game.TickRate / wire.SnapshotInterval

// lateSlack is how far back a snapshot tick may go and still be a late
// arrival rather than a world whose ticks started over.
const lateSlack = 10 * wire.SnapshotInterval

// snapshotLoss measures the loss a player experiences: snapshots the
// server sent (one every SnapshotInterval ticks, each stamped with its
// tick) against the ones that arrived in time to be used. ENet's own loss
// figure only counts reliable packets and read 0.1 % while a proxy
// dropped 3 %. A snapshot arriving after a newer one is useless (ENet's
// sequenced channel drops it anyway), so it stays counted as lost.
//
// The window is a ring of one flag per slot, so noting never allocates.
type snapshotLoss struct {
	got      [lossWindowSlots]bool
	last     uint32 // slot of the newest snapshot
	started  bool
	filled   int // slots the window covers so far, up to lossWindowSlots
	received int // flags set within the window

	expected, lost uint64 // since the start, for the bots' report
}

// note counts a snapshot stamped with tick.
func (l *snapshotLoss) note(tick uint32) {
	slot := tick / wire.SnapshotInterval
	switch {
	case !l.started:
		l.restart(slot)
	case slot == l.last:
		return // a duplicate
	case slot < l.last && l.last-slot <= lateSlack/wire.SnapshotInterval:
		return // late: already counted lost when a newer one came first
	case slot < l.last || slot-l.last > lossWindowSlots:
		// A new world counts its ticks from its own start, and a jump
		// longer than the window is one too (back to the hub, say).
		l.restart(slot)
	default:
		l.advance(slot)
	}
}

// restart begins the window at slot.
func (l *snapshotLoss) restart(slot uint32) {
	l.got = [lossWindowSlots]bool{}
	l.started, l.last = true, slot
	l.filled, l.received = 0, 0
	l.mark(slot)
}

// advance moves the window to slot: the slots in between were lost.
func (l *snapshotLoss) advance(slot uint32) {
	for s := l.last + 1; s < slot; s++ {
		l.evict(s)
		l.lost++
		l.expected++
	}
	l.last = slot
	l.mark(slot)
}

// evict opens slot s in the ring, forgetting the slot it replaces.
func (l *snapshotLoss) evict(s uint32) {
	i := s % lossWindowSlots
	if l.filled == lossWindowSlots {
		if l.got[i] {
			l.received--
		}
	} else {
		l.filled++
	}
	l.got[i] = false
}

// mark records that slot arrived.
func (l *snapshotLoss) mark(slot uint32) {
	l.evict(slot)
	l.got[slot%lossWindowSlots] = true
	l.received++
	l.expected++
}

// Loss is the share of the window's snapshots that never arrived, 0 to 1.
func (l *snapshotLoss) Loss() float64 {
	if l.filled == 0 {
		return 0
	}
	return 1 - float64(l.received)/float64(l.filled)
}

// SnapshotLoss is the share of the server's snapshots that did not arrive
// in time over the last five seconds, 0 to 1: the loss the player sees.
func (r *Runtime) SnapshotLoss() float64 { return r.netLoss.Loss() }

// LossShare is the share of the snapshots expected since joining that
// never arrived, 0 to 1.
func (s Stats) LossShare() float64 {
	if s.SnapshotsExpected == 0 {
		return 0
	}
	return float64(s.SnapshotsLost) / float64(s.SnapshotsExpected)
}
