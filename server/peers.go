package server

import (
	"fmt"
	"strings"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/server/store"
)

type peerState uint8

const (
	peerHello   peerState = iota // connected; waiting for Hello
	peerPlaying                  // welcomed, in an instance
	peerGone                     // refused; waiting for the transport to drop it
)

// peer is one connection.
type peer struct {
	id     transport.PeerID
	state  peerState
	player uint16 // player id, also sent as Welcome.PeerID
	name   string
	since  uint32 // tick the peer connected
	inst   *instance
	chunks []uint32 // per chunk of inst's map: the world tick it was sent at, plus one (0: not yet)
	epoch  uint16   // instance changes on this connection; stamped on snapshots and events
	bit    uint8    // this peer's bit in inst's bullet Tags: told of that bullet

	char    store.Character // the character played, when the server keeps a store
	hasChar bool

	ev     wire.EventEncoder // events waiting for the next snapshot tick
	evBuf  []byte
	evOpen bool
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
			return
		}
		if err := s.dispatch(p, ev.Channel, ev.Data); err != nil {
			s.counters.Garbage++
		}
	}
}

func (s *Runtime) onConnect(ev *transport.Event) {
	p := &peer{id: ev.Peer, since: s.tick, evBuf: make([]byte, 0, maxPacket+64)}
	s.peers[p.id] = p
	s.order = append(s.order, p)
	if err := wire.CheckVersion(ev.ConnectData); err != nil {
		s.reject(p.id, err.Error())
	}
}

// reject sends the reason, then disconnects after the queued packets: the
// refusal always arrives before the disconnect, so the client can show it.
func (s *Runtime) reject(id transport.PeerID, reason string) {
	p := s.peers[id]
	if p == nil || p.state == peerGone {
		return
	}
	s.counters.Rejected++
	b, err := wire.AppendReject(s.buf[:0], wire.Reject{Reason: reason})
	if err == nil {
		s.send(p, wire.MsgReject, b)
	}
	s.tr.Disconnect(id, true)
	s.leaveGame(p)
	p.state = peerGone
	s.log.Printf("refused peer %d: %s", id, reason)
}

func (s *Runtime) onDisconnect(id transport.PeerID) {
	p := s.peers[id]
	if p == nil {
		return
	}
	s.leaveGame(p)
	delete(s.peers, id)
	for i, q := range s.order {
		if q == p {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

// leaveGame takes a playing peer's player out of its world and tells the
// others.
func (s *Runtime) leaveGame(p *peer) {
	if p.state != peerPlaying {
		return
	}
	if s.chars != nil {
		s.saveCharacter(p)
	}
	p.inst.remove(p)
	s.ids.free(p.player)
	s.closeEmpty()
	p.state = peerHello
	s.log.Printf("%s (player %d) left", p.name, p.player)
	s.broadcastRoster()
}

func (s *Runtime) expireSilentPeers() {
	for _, p := range s.order {
		if p.state == peerHello && s.tick-p.since > HelloTimeoutTicks {
			s.reject(p.id, "no Hello within 5 seconds")
		}
	}
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
	}
	return fmt.Errorf("server: %v not expected now", t)
}

func (s *Runtime) onHello(p *peer, b []byte) error {
	h, err := wire.ParseHello(b)
	if err != nil {
		s.reject(p.id, "malformed Hello: "+err.Error())
		return err
	}
	if s.Players() >= s.cfg.MaxPlayers {
		s.reject(p.id, fmt.Sprintf("the server is full (%d players)", s.cfg.MaxPlayers))
		return nil
	}
	// The account's secret first: whoever does not hold it learns nothing
	// about who is playing.
	if why := s.join(p, h.Name, h.Token); why != "" {
		s.reject(p.id, why)
		return nil
	}
	if s.nameTaken(h.Name) {
		s.reject(p.id, fmt.Sprintf("the name %q is already playing", h.Name))
		return nil
	}
	id, ok := s.ids.take()
	if !ok {
		s.reject(p.id, "the server is full")
		return nil
	}
	p.player, p.name, p.state = id, h.Name, peerPlaying
	s.send(p, wire.MsgWelcome, wire.AppendWelcome(s.buf[:0], wire.Welcome{PeerID: id, ServerTick: s.tick}))
	s.hub.add(s, p)
	s.restore(p)
	s.broadcastRoster()
	s.log.Printf("%s joined as player %d", p.name, id)
	return nil
}

// nameTaken says whether a player of that name is playing. Names are one
// account whatever their letter case, as the store compares them.
func (s *Runtime) nameTaken(name string) bool {
	for _, q := range s.order {
		if q.state == peerPlaying && strings.EqualFold(q.name, name) {
			return true
		}
	}
	return false
}

func (s *Runtime) onInput(p *peer, b []byte) error {
	frames, err := wire.DecodeInput(b, s.frames[:0])
	s.frames = frames[:0]
	if err != nil {
		return err
	}
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
		if p.state == peerPlaying {
			s.roster.Entries = append(s.roster.Entries, wire.RosterEntry{ID: p.player, Name: p.name})
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
