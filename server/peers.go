package server

import (
	"fmt"
	"time"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

type peerState uint8

const (
	peerHello    peerState = iota // connected; waiting for Hello
	peerClaiming                  // Hello taken; the desk is claiming its account
	peerRoster                    // welcomed; choosing a character
	peerPlaying                   // playing a character, in an instance
	peerLinkdead                  // its connection closed while playing: the body channels out (linkdead.go)
	peerGone                      // refused or disconnected: answers for it are dropped
)

// peer is one connection.
type peer struct {
	id       transport.PeerID
	state    peerState
	player   uint16 // player id, also sent as Welcome.PeerID
	account  string // the account name the Hello claimed
	name     string // the name others see: the character's, once one is played
	since    uint32 // tick the peer connected
	rosterAt uint32 // tick it last came to the roster (welcomed, or back after a death)
	// rosterOwed is the roster time its account had spent when it was
	// welcomed (rosterclock.go): the allowance is the account's.
	rosterOwed int
	from       string // its IP address, for the per-address limits ("" on the in-process link)
	meter      meter  // its allowance of bytes and control messages (guard.go)

	parked   []store.Character // claimed, waiting for its account's old body to leave (roster.go, park)
	isParked bool
	parkedAt uint32
	inst     *instance
	chunks   []uint32 // per chunk of inst's map: the world tick it was sent at, plus one (0: not yet)
	epoch    uint16   // instance changes on this connection; stamped on snapshots and events
	bit      uint8    // this peer's bit in inst's bullet Tags: told of that bullet

	char    store.Character // the character played
	hasChar bool
	roster  []store.Character // the account's characters, as the server last knows them
	busy    bool              // a create or delete is with the desk
	selects pace
	changes pace
	pacedAt uint32 // tick+1 of the last answer to a paced command

	run                    runStats // what it earned in the dungeon it is in
	sheetDirty             bool     // its sheet changed this tick
	sheetAction, sheetItem uint8
	xpKills, xpClears      uint32 // XP earned since its last sheet, from kills and from clears: the next sheet tells them
	refusedAt              uint32 // tick+1 of the last answer to a refused upgrade choice
	lootSig                uint64 // signature of the loot list last sent (lootUnsent: none yet)
	lootRepeat, lootAge    int    // list sends still owed after a change; snapshots since the last list

	out *sendState // made when the first event or snapshot is sent to it (outbox)

	// The newest snapshot it acknowledged in its input (0: none since it
	// entered its instance): the next snapshot goes as a delta against that
	// one (outbox.go, sendSnapshot).
	acked uint32
}

// sendState is what sending to a peer takes: its events stream and the
// snapshots sent to it. A few kilobytes, so a connection gets it when it
// is first sent something, not when it connects: a flood of connections
// that never play costs the server little.
type sendState struct {
	ev     wire.EventEncoder // events waiting for the next snapshot tick
	evBuf  []byte
	evOpen bool
	sent   wire.SnapshotRing // the snapshots sent, the bases of deltas
}

// outbox is the peer's send state, made on first use.
func (p *peer) outbox() *sendState {
	if p.out == nil {
		p.out = &sendState{evBuf: make([]byte, 0, maxPacket+64)}
	}
	return p.out
}

// acknowledge notes that the peer holds the snapshot of that tick, if it is
// newer than the one it acknowledged before and one this connection was sent
// in its current instance: anything else (a reordered packet, a forged or
// stale tick) leaves the base as it was.
func (p *peer) acknowledge(tick uint32) {
	if tick != 0 && p.out != nil && (p.acked == 0 || int32(tick-p.acked) > 0) && p.out.sent.Get(p.epoch, tick) != nil {
		p.acked = tick
	}
}

// toldMask is the peer's bit in its instance's bullet Tags.
func (p *peer) toldMask() uint64 { return 1 << p.bit }

// idPool hands out the smallest free player id, from 1: the listen
// server's own client connects first and so is player 1.
type idPool struct{ used map[uint16]bool }

func (p *idPool) take() (uint16, bool) {
	if p.used == nil {
		p.used = make(map[uint16]bool)
	}
	for id := uint16(1); id != 0; id++ {
		if !p.used[id] {
			p.used[id] = true
			return id, true
		}
	}
	return 0, false
}

func (p *idPool) free(id uint16) { delete(p.used, id) }

func (s *Runtime) handle(ev *transport.Event) {
	switch ev.Kind {
	case transport.EventConnect:
		s.onConnect(ev)
	case transport.EventDisconnect:
		s.onDisconnect(ev.Peer)
	case transport.EventReceive:
		s.counters.BytesIn += uint64(len(ev.Data))
		p := s.peers[ev.Peer]
		if p == nil || p.state == peerGone {
			s.counters.LateDropped++ // from a peer already refused: dropped, counted
			return
		}
		if !s.admit(p, ev.Data) {
			return
		}
		if err := s.dispatch(p, ev.Channel, ev.Data); err != nil {
			s.noteGarbage(p)
			return
		}
		p.meter.heard = s.tick
	case transport.EventOversized:
		// Longer than any message a client sends: garbage, metered by its
		// size, its bytes never read (transport.Config.MaxIncoming).
		s.counters.BytesIn += uint64(ev.Size)
		p := s.peers[ev.Peer]
		if p == nil || p.state == peerGone {
			s.counters.LateDropped++
			return
		}
		if s.admitSize(p, ev.Size, ev.Channel != wire.ChanInput) {
			s.noteGarbage(p)
		}
	case transport.EventOverflow:
		// The transport dropped what one tick cannot read from this peer:
		// each counts against it as a packet over its allowance would.
		if p := s.peers[ev.Peer]; p != nil && p.state != peerGone {
			s.counters.RateLimited += ev.Dropped
			if reason, kick := p.meter.overLimit(s.tick, ev.Dropped); kick {
				s.kick(p, reason)
			}
		}
	}
}

func (s *Runtime) onConnect(ev *transport.Event) {
	reason, busy := s.tooManyJoining(ev.From)
	p := &peer{id: ev.Peer, since: s.tick, from: ev.From, meter: newMeter(s.tick)}
	s.peers[p.id] = p
	s.order = append(s.order, p)
	switch err := wire.CheckVersion(ev.ConnectData); {
	case err != nil:
		s.reject(p.id, err.Error())
	case ev.Channels < wire.NumChannels:
		// Snapshots, events and input travel on channels it does not have:
		// seated, it would hold a place and never see the game.
		s.reject(p.id, fmt.Sprintf("your game opened %d channels; Duskfall needs %d", ev.Channels, wire.NumChannels))
	case busy:
		s.tryAgain(p.id, reason, retryJoining)
	}
}

// How long a client is told to wait before it dials again after a refusal
// that time lifts (wire.TryAgain); it doubles the wait on each further one.
const (
	retryJoining  = 500 * time.Millisecond // too many joining at once: one finishes within a round trip or two
	retryReplaced = 300 * time.Millisecond // the account's old connection is going quiet (SuspectSilentTicks)
	retryBusy     = time.Second            // the desk's queue was full, or a body is still leaving
)

// reject sends the reason, then disconnects after the queued packets: the
// refusal always arrives before the disconnect, so the client can show it.
func (s *Runtime) reject(id transport.PeerID, reason string) {
	b, err := wire.AppendReject(s.buf[:0], wire.Reject{Reason: reason})
	if s.turnAway(id, wire.MsgReject, b, err) {
		s.counters.Rejected++
		s.log.Printf("refused peer %d: %s", id, reason)
	}
}

// tryAgain refuses a connection for now: its client waits retry, or
// longer, and dials again (wire.TryAgain).
func (s *Runtime) tryAgain(id transport.PeerID, reason string, retry time.Duration) {
	ms := uint16(min(max(retry.Milliseconds(), 1), 1<<16-1))
	b, err := wire.AppendTryAgain(s.buf[:0], wire.TryAgain{Retry: ms, Reason: reason})
	if s.turnAway(id, wire.MsgTryAgain, b, err) {
		s.counters.Deferred++
		s.log.Printf("asked peer %d to try again in %d ms: %s", id, ms, reason)
	}
}

// turnAway sends a refusal, disconnects after it, and forgets the peer;
// false when the peer was already gone.
func (s *Runtime) turnAway(id transport.PeerID, t wire.MsgType, b []byte, err error) bool {
	p := s.peers[id]
	if p == nil || p.state == peerGone {
		return false
	}
	if err == nil {
		s.send(p, t, b)
	}
	s.tr.Disconnect(id, true)
	s.leaveGame(p)
	p.state = peerGone
	return true
}

// onDisconnect handles a closed connection, however it closed: a playing
// character's body stays and channels out (goLinkdead); anyone else leaves
// at once.
func (s *Runtime) onDisconnect(id transport.PeerID) {
	p := s.peers[id]
	if p == nil {
		return
	}
	delete(s.peers, id)
	if p.state == peerPlaying && p.inst != nil {
		s.goLinkdead(p)
		return
	}
	if present(p) {
		s.noteDeparture(p)
	}
	s.leaveGame(p)
	p.state = peerGone
	s.dropOrder(p)
}

// leaveGame takes a leaving peer's character out of its world (saving it)
// and frees its player id.
func (s *Runtime) leaveGame(p *peer) {
	switch p.state {
	case peerPlaying:
		s.saveCharacter(p, true)
		p.inst.remove(s, p)
		s.closeEmpty()
		s.broadcastRoster()
		s.log.Printf("%s (player %d) left", p.name, p.player)
	case peerRoster:
		s.chargeRoster(p)
		s.log.Printf("%s (player %d) left from the roster", p.account, p.player)
	default:
		return
	}
	s.ids.free(p.player)
	p.state, p.hasChar = peerHello, false
}

func (s *Runtime) dispatch(p *peer, channel uint8, b []byte) error {
	t, err := wire.TypeOf(b)
	if err != nil {
		return err
	}
	if wire.ChannelOf(t) != channel {
		return fmt.Errorf("server: %v on channel %d", t, channel)
	}
	switch {
	case t == wire.MsgHello && p.state == peerHello:
		return s.onHello(p, b)
	case t == wire.MsgInput && p.state == peerPlaying:
		return s.onInput(p, b)
	case t == wire.MsgInput && p.state == peerRoster:
		s.counters.InputStale++ // sent before the client learnt its character had left play
		return nil
	case t == wire.MsgCharacterCommand && (p.state == peerRoster || p.state == peerPlaying):
		return s.onCommand(p, b)
	case t == wire.MsgUpgradeChoice && p.state == peerPlaying:
		return s.onUpgradeChoice(p, b)
	}
	return fmt.Errorf("server: %v not expected now", t)
}

func (s *Runtime) onInput(p *peer, b []byte) error {
	frames, ack, err := wire.DecodeInput(b, s.frames[:0])
	s.frames = frames[:0]
	if err != nil {
		return err
	}
	p.acknowledge(ack)
	for i, f := range frames {
		v := p.inst.world.QueueInput(p.player, f)
		if v == game.InputReplay && i < len(frames)-1 {
			continue // a redundant copy of a frame already consumed: the copy did its job
		}
		s.countVerdict(v)
	}
	return nil
}

func (s *Runtime) countVerdict(v game.InputVerdict) {
	switch v {
	case game.InputReplay:
		s.counters.InputReplay++
	case game.InputStale:
		s.counters.InputStale++
	case game.InputFuture:
		s.counters.InputFuture++
	case game.InputFlood:
		s.counters.InputFlood++
	}
}

func (s *Runtime) broadcastRoster() {
	s.roster.Entries = s.roster.Entries[:0]
	for _, p := range s.order {
		if p.state == peerPlaying || p.state == peerLinkdead { // a body is still seen, and named
			s.roster.Entries = append(s.roster.Entries, wire.RosterEntry{ID: p.player, Class: s.classIndex(&p.char), Name: p.name})
		}
	}
	b, err := wire.AppendRoster(s.buf[:0], s.roster)
	if err != nil {
		return
	}
	for _, p := range s.order {
		if p.state == peerPlaying {
			s.send(p, wire.MsgRoster, b)
		}
	}
}
