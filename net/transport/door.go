package transport

import (
	"fmt"
	"time"

	"duskfall/net/enet"
)

const (
	// KnockEvery paces a client's knocks until the door's cookie comes, and
	// its proofs until the server answers its CONNECT: a lost knock,
	// cookie or proof costs a quarter of a second.
	KnockEvery = 250 * time.Millisecond
	// DefaultKnockTimeout bounds the wait for a cookie when the Config
	// sets no Timeout.
	DefaultKnockTimeout = 10 * time.Second
)

// knock is a client's way through the server's door (enet.Host.Knock).
type knock struct {
	to       enet.Address
	channels int
	data     uint32
	next     time.Time // the next knock or proof
	deadline time.Time // no cookie by then: the dial fails
	peer     *enet.Peer
	proving  bool // a proof has gone: the server's hello, or the next proof, is due
}

// knock knocks, proves and connects, each when due; a server rotates its
// door's secret instead.
func (e *endpoint) knock() {
	if !e.rotateAt.IsZero() {
		if now := time.Now(); now.After(e.rotateAt) {
			_ = e.host.RotateDoor() // a door host always has a door
			e.rotateAt = now.Add(enet.DoorRotateEvery)
		}
		return
	}
	k := e.door
	if k == nil {
		return
	}
	now := time.Now()
	if k.peer != nil {
		if now.After(k.next) {
			_, _ = e.host.Prove(k.to) // until ENet connects, or gives up
			k.next = now.Add(KnockEvery)
		}
		return
	}
	if d := e.host.BusyFor(); d > 0 {
		e.door = nil
		e.mu.Lock()
		e.in.push(Event{Kind: EventDisconnect, Peer: ServerPeer, Busy: d, Reason: BusyWords(d)}, nil, &e.pool)
		e.mu.Unlock()
		return
	}
	if v := e.host.RefusedBy(); v != 0 {
		e.door = nil
		e.mu.Lock()
		e.in.push(Event{Kind: EventDisconnect, Peer: ServerPeer, ServerVersion: v}, nil, &e.pool)
		e.mu.Unlock()
		return
	}
	sealed, err := e.host.SealState(k.to)
	switch {
	case err != nil:
		e.leaveDoorWith(err.Error())
		return
	case sealed:
		peer, err := e.host.Connect(k.to, k.channels, k.data)
		if err != nil {
			e.leaveDoor()
			return
		}
		k.peer, k.next = peer, now.Add(KnockEvery)
		e.track(peer, ServerPeer)
		return
	case now.After(k.deadline):
		e.leaveDoor()
		return
	case k.proving && !now.After(k.next):
		return // the server's hello is on its way
	}
	if sent, err := e.host.Prove(k.to); sent && err == nil {
		k.proving, k.next = true, now.Add(KnockEvery) // again if no hello comes
		return
	}
	if now.After(k.next) {
		_ = e.host.Knock(k.to) // a socket error is another lost knock
		k.next = now.Add(KnockEvery)
	}
}

// BusyWords says that a server's door had no room for a dial, and when to
// try again, in a player's words.
func BusyWords(wait time.Duration) string {
	return fmt.Sprintf("the server is busy, try again in %d s", int((wait+time.Second-1)/time.Second))
}

// leaveDoor gives up a dial that never got through the door: it ends, as
// every dial does, in EventDisconnect.
func (e *endpoint) leaveDoor() { e.leaveDoorWith("") }

// leaveDoorWith gives up a dial for a reason a player can read.
func (e *endpoint) leaveDoorWith(reason string) {
	e.door = nil
	e.mu.Lock()
	e.in.push(Event{Kind: EventDisconnect, Peer: ServerPeer, Reason: reason}, nil, &e.pool)
	e.mu.Unlock()
}
