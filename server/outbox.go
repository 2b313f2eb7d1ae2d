package server

// This file holds the per-peer outbox: how what the interest rules of
// interest.go allow is queued and sent. Events gather in one pending packet
// per peer (queueEvents, queueEvent) that leaves with the snapshot
// (flushEvents, sendSnapshot, encodeSnapshot); map chunks stream out a few
// per tick (streamChunks).

import (
	"duskfall/game"
	"duskfall/net/wire"
)

// queueEvents adds this tick's events, other than spawns, to every peer's
// pending packet. Spawns are told by tellBullets. Packets go out with the
// snapshot, every SnapshotInterval ticks: a tick's events ride the datagram
// the snapshot already pays for, instead of one datagram of headers each
// tick.
func (s *Runtime) queueEvents(in *instance) {
	evs := in.world.Events()
	now := in.world.Tick()
	for _, p := range in.peers {
		if !p.hears() {
			continue
		}
		for i := range evs {
			if ev := &evs[i]; concerns(p, ev, now) {
				s.queueEvent(p, ev, now)
			}
		}
	}
}

// queueEvent appends ev to the peer's pending packet, sending the packet
// first when ev would push it past maxPacket.
func (s *Runtime) queueEvent(p *peer, ev *game.Event, now uint32) {
	o := p.outbox()
	if o.evOpen && o.ev.Len()+o.ev.Size(ev) > maxPacket {
		s.flushEvents(p)
	}
	if !o.evOpen {
		o.ev.Begin(o.evBuf[:0], p.epoch, now)
		o.evOpen = true
	}
	if o.ev.Add(ev) != nil {
		s.counters.Unencodable++
		return
	}
	s.counters.EventsOut[ev.Kind]++
}

// flushEvents sends the peer's pending packet, if it holds anything.
func (s *Runtime) flushEvents(p *peer) {
	o := p.out
	if o == nil || !o.evOpen {
		return
	}
	o.evOpen = false
	if o.ev.Count() == 0 {
		return
	}
	s.send(p, wire.MsgEvents, o.ev.Bytes())
	o.evBuf = o.ev.Bytes()[:0]
}

// sendSnapshot sends one peer its snapshot: as a delta against the newest
// one it acknowledged when it holds one and the delta is shorter, whole
// otherwise (docs/NETCODE.md, Snapshot deltas).
func (s *Runtime) sendSnapshot(p *peer) {
	if t, b := s.snapshotFor(p); b != nil {
		s.send(p, t, b)
	}
}

// roundTripEvery is how often a playing peer hears its round trip, in
// ticks: once a second, and a multiple of wire.SnapshotInterval so that
// the message rides a snapshot's datagram instead of paying for its own.
const roundTripEvery = game.TickRate

// tellRoundTrip tells a playing peer, once a second, the round trip the
// transport measures to it: the peer acknowledges the events sent with
// nearly every snapshot, so the server's figure is fresh, and a client
// told it need not ping for one of its own, whose acknowledgements would
// cost the server two datagrams a second (docs/NETCODE.md, "The round
// trip").
func (s *Runtime) tellRoundTrip(p *peer) {
	if s.tick%roundTripEvery != 0 {
		return
	}
	ms := min(s.tr.Stats(p.id).RTT.Milliseconds(), wire.MaxRoundTripMillis)
	s.rttBuf = wire.AppendRoundTrip(s.rttBuf[:0], wire.RoundTrip{Millis: uint16(ms)})
	s.send(p, wire.MsgRoundTrip, s.rttBuf)
}

// snapshotFor encodes the peer's snapshot, keeps it as a base for the
// deltas to come, and returns what to send: the delta or the whole.
func (s *Runtime) snapshotFor(p *peer) (wire.MsgType, []byte) {
	full := s.encodeSnapshot(p)
	if full == nil {
		return 0, nil
	}
	o := p.outbox()
	o.sent.Put(full)
	if s.cfg.SnapshotTap != nil {
		s.cfg.SnapshotTap(p.player, full)
	}
	if base := o.sent.Get(p.epoch, p.acked); p.acked != 0 && base != nil {
		if d, ok := wire.AppendSnapshotDelta(s.deltaBuf[:0], full, base); ok {
			s.deltaBuf = d
			s.counters.SnapshotDeltas++
			return wire.MsgSnapshotDelta, d
		}
	}
	s.counters.SnapshotsWhole++
	return wire.MsgSnapshot, full
}

// encodeSnapshot encodes one peer's snapshot into s.buf: its own record
// always, the other players and the enemies within ActorInterestRadius.
func (s *Runtime) encodeSnapshot(p *peer) []byte {
	w := p.inst.world
	pos, ok := w.PlayerPos(p.player)
	if !ok {
		return nil
	}
	enc := &s.snapEnc
	enc.Begin(s.buf[:0], p.epoch, w.Tick(), w.LastInputTick(p.player))
	if self, ok := w.PlayerState(p.player); ok {
		enc.AddPlayer(self)
	}
	for _, q := range p.inst.peers {
		if q == p {
			continue
		}
		qpos, ok := w.PlayerPos(q.player)
		if ok && within(pos, qpos, ActorInterestRadius) {
			if st, ok := w.PlayerState(q.player); ok {
				enc.AddPlayer(st)
			}
		}
	}
	enc.BeginEnemies()
	recs, at := p.inst.enemyRecords()
	for i := range at {
		if within(pos, at[i], ActorInterestRadius) {
			enc.AddEnemyRecord(recs[i*wire.EnemyRecordSize : (i+1)*wire.EnemyRecordSize])
		}
	}
	s.encodeLoot(p, w, pos)
	return enc.Finish()
}

// streamChunks sends the chunks within MapStreamRadius of the player that
// it has not had this visit, a few per tick so a fresh arrival does not
// burst the reliable channel.
func (s *Runtime) streamChunks(p *peer) {
	const perTick = 8
	w := p.inst.world
	pos, ok := w.PlayerPos(p.player)
	if !ok {
		return
	}
	g := w.Grid()
	span := float64(wire.ChunkTiles * game.TileSize)
	cx0 := max(0, int((pos.X-MapStreamRadius)/span))
	cy0 := max(0, int((pos.Y-MapStreamRadius)/span))
	cx1 := min(p.inst.chunksX-1, int((pos.X+MapStreamRadius)/span))
	cy1 := min(p.inst.chunksY-1, int((pos.Y+MapStreamRadius)/span))
	sent := 0
	for cy := cy0; cy <= cy1 && sent < perTick; cy++ {
		for cx := cx0; cx <= cx1 && sent < perTick; cx++ {
			i := cy*p.inst.chunksX + cx
			if p.chunks[i] != 0 || !chunkWithin(cx, cy, pos, span) {
				continue
			}
			p.chunks[i] = w.Tick() + 1
			s.send(p, wire.MsgMapChunk, wire.AppendMapChunk(s.buf[:0], wire.ChunkOf(g, cx, cy)))
			sent++
		}
	}
}

// lootRecord is a ground item as the receiver's snapshot carries it.
func lootRecord(g *game.GroundItem, receiver uint16) wire.GroundLoot {
	var flags uint8
	if g.Owner == receiver {
		flags = wire.LootMine
	}
	return wire.GroundLoot{ID: g.Handle, Def: uint8(g.Item.Def), X: float32(g.Pos.X), Y: float32(g.Pos.Y), Flags: flags}
}

// Loot in snapshots. Items lie still, so a peer's list goes out when what
// it may see changes (and in the lootRepeats snapshots after, in case one
// is lost) and otherwise once every lootRefresh snapshots; in between, a
// snapshot says "keep the list you have" in one byte. Three copies of a
// change all lost is rare enough (one in a thousand at 10% loss) that the
// refresh can be slow: twelve items refreshed every second would cost a
// hundred bytes a second, every five seconds twenty.
const (
	lootRepeats = 3
	lootRefresh = 5 * game.TickRate / wire.SnapshotInterval // every five seconds
)

// lootUnsent is a signature no list has: a peer arriving in a world is
// sent its list at once.
const lootUnsent = ^uint64(0)

// encodeLoot writes the peer's loot section: the items it may see near it,
// or a keep-the-last marker when nothing changed.
func (s *Runtime) encodeLoot(p *peer, w *game.World, pos game.Vec) {
	enc := &s.snapEnc
	loot := w.GroundLoot()
	sig := uint64(14695981039346656037)
	for i := range loot {
		if g := &loot[i]; seesLoot(p, g, pos) {
			sig = (sig ^ uint64(g.Handle)<<1 ^ uint64(b2u(g.Owner == p.player))) * 1099511628211
		}
	}
	if sig != p.lootSig {
		p.lootSig, p.lootRepeat = sig, lootRepeats
	}
	if p.lootRepeat == 0 && p.lootAge < lootRefresh {
		p.lootAge++
		enc.KeepLoot()
		return
	}
	p.lootRepeat = max(p.lootRepeat-1, 0)
	p.lootAge = 0
	enc.BeginLoot()
	for i := range loot {
		if g := &loot[i]; seesLoot(p, g, pos) {
			enc.AddLoot(lootRecord(g, p.player))
		}
	}
}

// seesLoot says whether a ground item goes in the peer's snapshot. Another
// player's instanced item is never described to it, not even as a
// position: a modified client has nothing to reveal.
func seesLoot(p *peer, g *game.GroundItem, pos game.Vec) bool {
	return g.VisibleTo(p.player) && within(pos, g.Pos, ActorInterestRadius)
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
