package server

import (
	"time"

	"duskfall/server/store"
)

// Every way out of a world runs the same channel (NETCODE.md, "Leaving"):
// holding ESCAPE, the menu's Return to hub (which holds ESCAPE for the
// player), and a closed connection, whether the player chose Disconnect
// or the process died. There is no "I am leaving cleanly" message: a
// connection that closes while its character plays leaves a linkdead body
// in the world, holding ESCAPE and still killable, for the same second
// everyone pays. Only when the body resolves (its channel completes, or it
// dies) is the peer forgotten and the character saved where it ended. An
// instance with a body resolving stays open: the body is one of its peers.

// PeerTimeout is how long a dedicated server waits on a silent connection
// before it counts it closed (a killed process, a pulled cable) and its body
// starts channelling out. ENet's own adaptive timeout runs to 30 s: that
// long a body standing in a dungeon would be an escape from nothing.
const PeerTimeout = 5 * time.Second

// goLinkdead is the one place a closed connection of a playing character
// goes, whatever closed it.
func (s *Runtime) goLinkdead(p *peer) {
	p.state = peerLinkdead
	if p.out != nil {
		p.out.evOpen = false
	}
	p.inst.world.SetLinkdead(p.player)
	s.counters.Linkdead++
	s.log.Printf("%s (player %d) lost its connection: its body channels out (linkdead)", p.char.Name, p.player)
}

// escape is a completed escape channel, applied after every world stepped.
type escape struct {
	in     *instance
	player uint16
}

// applyEscapes takes out whoever completed the channel this tick: a
// playing character goes to the hub with everything it carries; a
// linkdead body is saved in the hub, with its things, and forgotten.
func (s *Runtime) applyEscapes() {
	for _, e := range s.escapes {
		p := s.peerOf(e.in, e.player)
		if p == nil {
			continue
		}
		s.counters.Escapes++
		if p.state == peerLinkdead {
			s.resolveLinkdead(p, false)
			continue
		}
		s.log.Printf("%s escaped to the hub", p.char.Name)
		s.move(p, s.hub)
		s.notify(p, "Back in the hub, with everything you carried out.")
	}
	s.escapes = s.escapes[:0]
	s.closeEmpty()
}

// resolveLinkdead saves a body's character where it ended (dead: with no
// health, in the hub; escaped: in the hub, with what it carries) and
// forgets its peer.
func (s *Runtime) resolveLinkdead(p *peer, died bool) {
	s.saveCharacter(p, true)
	if !died {
		p.char.Where = store.Place{Kind: store.PlaceHub}
		s.desk.stage(p.char)
		s.recent[p.char.ID] = recentSave{c: p.char, tick: s.tick}
	}
	how := "escaped"
	if died {
		how = "died"
	}
	s.log.Printf("%s's body %s (player %d): the character is saved and the seat free", p.char.Name, how, p.player)
	p.inst.remove(s, p)
	s.ids.free(p.player)
	s.noteDeparture(p)
	p.state, p.hasChar = peerGone, false
	s.dropOrder(p)
	s.broadcastRoster()
}

// dropOrder takes a peer out of the connect order.
func (s *Runtime) dropOrder(p *peer) {
	for i, q := range s.order {
		if q == p {
			s.order = append(s.order[:i], s.order[i+1:]...)
			return
		}
	}
}

// linkdeadNow counts the bodies resolving.
func (s *Runtime) linkdeadNow() int {
	n := 0
	for _, p := range s.order {
		if p.state == peerLinkdead {
			n++
		}
	}
	return n
}

// hears says whether a peer is sent anything: a linkdead body has nobody
// to send to.
func (p *peer) hears() bool { return p.state == peerPlaying }
