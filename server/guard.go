package server

import (
	"fmt"

	"duskfall/game"
	"duskfall/net/wire"
)

// The door's guard (docs/NETCODE.md, "Holding the door"). A connection
// must say Hello within HelloTimeoutTicks; at most MaxPendingPerAddr
// connections from one address, and MaxPending in all, may be joining at
// once (the newest is refused); a welcomed peer that sends nothing for the
// idle timeout, or that stays on the roster without playing past the roster
// allowance, is disconnected in words, its character left as a body like
// any other disconnect; and every peer's incoming bytes and control
// messages are metered: what is over its allowance is dropped and counted,
// and a peer that keeps going over, or keeps sending garbage, is
// disconnected with the reason.

// Handshake and slot policy. The Hello deadline leaves an honest client on
// a lossy path four tries: ENet resends a lost Hello after about half a
// second (its round-trip estimate starts at 500 ms) and doubles the wait
// each time, so at 20 % loss a 2 s deadline refused 2 joins in 36; a
// hostile connection that never says Hello holds one of its address's
// MaxPendingPerAddr places for the deadline, no more.
const (
	HelloTimeoutTicks  = 5 * game.TickRate  // a connection must say Hello this soon
	MaxPendingPerAddr  = 4                  // joining at once from one address
	MaxPending         = 32                 // joining at once in all
	DefaultIdleTimeout = 15 * game.TickRate // a welcomed peer silent this long is disconnected
	// RosterAllowanceTicks is how long a peer may stay on the roster
	// without playing: its stays say it is there, not that it plays, and
	// six peers that only said so held a full server for good. Reading the
	// list and typing a name take far less; the game's own in-process
	// player is never held to it.
	RosterAllowanceTicks = 60 * game.TickRate
)

// Metering: a token bucket per peer for bytes and one for control
// messages (Hello, roster commands, upgrade choices); input frames, which
// a client sends every tick, are metered by bytes only.
const (
	bytesPerTick     = 256           // 15,360 B/s sustained: a client sends about 1 KB/s
	bytesBurst       = 16 << 10      // what a peer may send at once
	controlPerSecond = 8             // control messages a second, sustained
	controlBurst     = 16            //
	abuseWindow      = game.TickRate // drops and garbage are judged over this long
	abuseDrops       = 120           // dropped packets in a window that disconnect the peer
	abuseGarbage     = 60            // garbage packets in a window that disconnect the peer
)

// PeerSlots is how many connections the transport should accept for a
// server of maxPlayers players: the players and as many again (at least
// 16), so that handshakes in flight never starve players of a slot.
func PeerSlots(maxPlayers int) int {
	if maxPlayers <= 0 {
		maxPlayers = DefaultMaxPlayers
	}
	return maxPlayers + max(16, maxPlayers)
}

// meter is one peer's allowance.
type meter struct {
	bytes       int    // tokens, bytes
	control     int    // tokens, in 1/TickRate of a message
	last        uint32 // tick the buckets were last filled
	windowStart uint32
	drops       int // over the allowance in this window
	garbage     int // undecodable in this window
	heard       uint32
}

// controlUnit is one control message in the control bucket's units.
const controlUnit = game.TickRate

func newMeter(now uint32) meter {
	return meter{bytes: bytesBurst, control: controlBurst * controlUnit, last: now, windowStart: now, heard: now}
}

// allow takes a packet of n bytes (a control message when control) from
// the allowance, reporting whether it fits.
func (m *meter) allow(now uint32, n int, control bool) bool {
	if dt := int(now - m.last); dt > 0 {
		m.bytes = min(bytesBurst, m.bytes+dt*bytesPerTick)
		m.control = min(controlBurst*controlUnit, m.control+dt*controlPerSecond)
		m.last = now
	}
	if n > m.bytes || (control && m.control < controlUnit) {
		return false
	}
	m.bytes -= n
	if control {
		m.control -= controlUnit
	}
	return true
}

// abusive counts a drop or garbage in the window and reports whether the
// peer has gone over either limit.
func (m *meter) abusive(now uint32, garbage bool) (string, bool) {
	if garbage {
		return m.count(now, 0, 1)
	}
	return m.count(now, 1, 0)
}

// overLimit counts n packets dropped over the allowance at once.
func (m *meter) overLimit(now uint32, n int) (string, bool) { return m.count(now, n, 0) }

// count adds drops and garbage to this window's and judges the peer.
func (m *meter) count(now uint32, drops, garbage int) (string, bool) {
	if now-m.windowStart >= abuseWindow {
		m.windowStart, m.drops, m.garbage = now, 0, 0
	}
	m.drops += drops
	m.garbage += garbage
	switch {
	case m.drops >= abuseDrops:
		return "your game sent far more than a game sends: disconnected", true
	case m.garbage >= abuseGarbage:
		return "your game sent messages the server cannot read: disconnected (is it the same version?)", true
	}
	return "", false
}

// isControl says whether a packet is metered as a control message: all
// but input frames, judged by the type byte alone.
func isControl(b []byte) bool { return len(b) == 0 || wire.MsgType(b[0]) != wire.MsgInput }

// admit meters a received packet; false means it was dropped (and the
// peer perhaps disconnected).
func (s *Runtime) admit(p *peer, b []byte) bool {
	return s.admitSize(p, len(b), isControl(b))
}

// admitSize meters a received packet by its size.
func (s *Runtime) admitSize(p *peer, n int, control bool) bool {
	if p.meter.allow(s.tick, n, control) {
		return true
	}
	s.counters.RateLimited++
	if reason, kick := p.meter.abusive(s.tick, false); kick {
		s.kick(p, reason)
	}
	return false
}

// noteGarbage counts an undecodable packet against its peer.
func (s *Runtime) noteGarbage(p *peer) {
	s.counters.Garbage++
	if reason, kick := p.meter.abusive(s.tick, true); kick {
		s.kick(p, reason)
	}
}

// tooManyJoining says why a new connection from addr must wait, if it
// must: the newest is told to try again when its address, or the server,
// already has as many joining as allowed.
func (s *Runtime) tooManyJoining(from string) (string, bool) {
	total, same := 0, 0
	for _, q := range s.order {
		if q.state != peerHello && q.state != peerClaiming {
			continue
		}
		total++
		if from != "" && q.from == from {
			same++
		}
	}
	switch {
	case from != "" && same >= MaxPendingPerAddr:
		return fmt.Sprintf("%d connections from your address are still joining", same), true
	case total >= MaxPending:
		return "too many players are joining at once", true
	}
	return "", false
}

// idleTimeout is the configured idle limit in ticks; negative disables it.
func (s *Runtime) idleTimeout() int {
	switch {
	case s.cfg.IdleTimeoutTicks < 0:
		return -1
	case s.cfg.IdleTimeoutTicks == 0:
		return DefaultIdleTimeout
	}
	return s.cfg.IdleTimeoutTicks
}

// rosterAllowance is how long a peer may stay on the roster without
// playing, in ticks.
func (s *Runtime) rosterAllowance() int {
	if s.cfg.RosterAllowanceTicks > 0 {
		return s.cfg.RosterAllowanceTicks
	}
	return RosterAllowanceTicks
}

func (s *Runtime) helloTicks() int {
	if s.cfg.HelloTicks > 0 {
		return s.cfg.HelloTicks
	}
	return HelloTimeoutTicks
}

// expireSilentPeers refuses a connection that never said Hello in time
// and disconnects a welcomed one silent past the idle limit.
func (s *Runtime) expireSilentPeers() {
	idle := s.idleTimeout()
	for _, p := range s.order {
		switch {
		case p.state == peerHello && int(s.tick-p.since) > s.helloTicks():
			s.reject(p.id, fmt.Sprintf("no Hello within %d seconds", s.helloTicks()/game.TickRate))
		case idle > 0 && (p.state == peerRoster || p.state == peerPlaying) && int(s.tick-p.meter.heard) > idle:
			s.kick(p, fmt.Sprintf("you sent nothing for %d seconds: disconnected as idle", idle/game.TickRate))
		case idle > 0 && p.state == peerRoster && p.from != "" && int(s.tick-p.rosterAt)+p.rosterOwed > s.rosterAllowance():
			s.kick(p, fmt.Sprintf("you stayed on the character list for %d seconds without choosing: disconnected to free the seat",
				s.rosterAllowance()/game.TickRate))
		}
	}
}

// kick disconnects a peer with a reason it reads first. A playing
// character stays as a body and channels out, as after any disconnect.
func (s *Runtime) kick(p *peer, reason string) {
	if p.state == peerGone || p.state == peerLinkdead || s.peers[p.id] != p {
		return
	}
	s.counters.Kicked++
	b, err := wire.AppendReject(s.buf[:0], wire.Reject{Reason: reason})
	if err == nil {
		s.send(p, wire.MsgReject, b)
	}
	s.tr.Disconnect(p.id, true)
	s.log.Printf("disconnected peer %d (%s): %s", p.id, p.name, reason)
	s.onDisconnect(p.id)
}
