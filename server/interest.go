package server

import (
	"math"
	"slices"

	"duskfall/game"
	"duskfall/net/wire"
)

// bulletConcerns says whether a bullet at (x, y), with the given spawn
// record, could reach ground within FogViewRadius of the player at pos over
// its remaining life. The failure modes are not symmetric: a withheld
// bullet that later flies into view is invisible damage, so the rule errs
// long (speed, acceleration, no turning, capped at BulletInterestCeiling).
func bulletConcerns(spawn *game.BulletSpawn, x, y float64, now uint32, pos game.Vec) bool {
	reach := game.BulletReach(*spawn, now)
	d := math.Hypot(x-pos.X, y-pos.Y)
	return d <= reach+game.FogViewRadius
}

// queueEvents adds this tick's events, other than spawns, to every peer's
// pending packet. Spawns are told by tellBullets. Packets go out with the
// snapshot, every SnapshotInterval ticks: a tick's events ride the datagram
// the snapshot already pays for, instead of one datagram of headers each
// tick.
func (s *Runtime) queueEvents(in *instance) {
	evs := in.world.Events()
	now := in.world.Tick()
	for _, p := range in.peers {
		for i := range evs {
			if ev := &evs[i]; concerns(p, ev, now) {
				s.queueEvent(p, ev, now)
			}
		}
	}
}

// concerns is the per-peer rule for every event but spawns. A hit on an
// enemy is sent to nobody: the bullet's despawn (reason hit) already shows
// where it struck, and health rides the snapshot. A despawn goes only to
// the peers that were told of the bullet: the others never had it. A wall
// kill is not sent to a peer that has long known that wall: its replica
// runs the same integration against the same tile and drops the bullet on
// the same tick. Every other event goes to everyone in the instance.
func concerns(p *peer, ev *game.Event, now uint32) bool {
	switch {
	case ev.Kind >= game.EvServerOnly, ev.Kind == game.EvBulletSpawn:
		return false
	case ev.Kind == game.EvHit && ev.Actor == game.ActorEnemy:
		return false
	case ev.Kind == game.EvBulletDespawn:
		if ev.Tag&p.toldMask() == 0 {
			return false
		}
		return ev.Reason != game.DespawnWall || !p.knowsWallAt(ev.X, ev.Y, now)
	}
	return true
}

// tellBullets is the one place a bullet's spawn is sent: on every snapshot
// tick, each peer is told every live bullet that now concerns it and that
// it has not been told of yet. Fresh spawns, a player arriving mid-fight, a
// respawn and a player walking toward a slow ring all meet the same rule,
// so a bullet that can hit a player has been sent to it. A late spawn
// carries its own spawn tick, and the client fast-forwards it to where it
// is. Each peer's candidates go out in uid order, the order they were
// fired, so a volley still travels as one short spawn and its siblings.
func (s *Runtime) tellBullets(in *instance) {
	w := in.world
	pool := w.Bullets()
	now := w.Tick()
	for _, p := range in.peers {
		pos, ok := w.PlayerPos(p.player)
		if !ok {
			continue
		}
		mask := p.toldMask()
		s.tellOrder = s.tellOrder[:0]
		for i := range pool.Len() {
			if pool.Tag[i]&mask == 0 &&
				bulletConcerns(&pool.Record[i], float64(pool.X[i]), float64(pool.Y[i]), now, pos) {
				s.tellOrder = append(s.tellOrder, uint64(pool.UID[i])<<32|uint64(i))
			}
		}
		slices.Sort(s.tellOrder)
		var ev game.Event
		for _, k := range s.tellOrder {
			i := int(uint32(k))
			pool.Tag[i] |= mask
			ev = game.Event{Kind: game.EvBulletSpawn, Bullet: pool.Record[i]}
			s.queueEvent(p, &ev, now)
		}
	}
}

// WallKnownTicks is how long ago a chunk must have been sent before the
// server counts on the client having it: a reliable packet a second old
// has arrived unless the connection is failing.
const WallKnownTicks = game.TickRate

// knowsWallAt says whether the peer was sent the chunk holding (x, y) at
// least WallKnownTicks ago.
func (p *peer) knowsWallAt(x, y float32, now uint32) bool {
	if p.inst == nil || x < 0 || y < 0 {
		return false
	}
	span := float32(game.ChunkTiles * game.TileSize)
	cx, cy := int(x/span), int(y/span)
	if cx >= p.inst.chunksX || cy >= p.inst.chunksY {
		return false
	}
	sent := p.chunks[cy*p.inst.chunksX+cx]
	return sent != 0 && now >= sent-1+WallKnownTicks
}

// queueEvent appends ev to the peer's pending packet, sending the packet
// first when ev would push it past maxPacket.
func (s *Runtime) queueEvent(p *peer, ev *game.Event, now uint32) {
	if p.evOpen && p.ev.Len()+p.ev.Size(ev) > maxPacket {
		s.flushEvents(p)
	}
	if !p.evOpen {
		p.ev.Begin(p.evBuf[:0], p.epoch, now)
		p.evOpen = true
	}
	if p.ev.Add(ev) != nil {
		s.counters.Unencodable++
		return
	}
	s.counters.EventsOut[ev.Kind]++
}

// flushEvents sends the peer's pending packet, if it holds anything.
func (s *Runtime) flushEvents(p *peer) {
	if !p.evOpen {
		return
	}
	p.evOpen = false
	if p.ev.Count() == 0 {
		return
	}
	s.send(p, wire.MsgEvents, p.ev.Bytes())
	p.evBuf = p.ev.Bytes()[:0]
}

// sendSnapshot sends one peer its snapshot.
func (s *Runtime) sendSnapshot(p *peer) {
	if b := s.encodeSnapshot(p); b != nil {
		s.send(p, wire.MsgSnapshot, b)
	}
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
		if ok && within(pos, qpos, game.ActorInterestRadius) {
			if st, ok := w.PlayerState(q.player); ok {
				enc.AddPlayer(st)
			}
		}
	}
	enc.BeginEnemies()
	recs, at := p.inst.enemyRecords()
	for i := range at {
		if within(pos, at[i], game.ActorInterestRadius) {
			enc.AddEnemyRecord(recs[i*wire.EnemyRecordSize : (i+1)*wire.EnemyRecordSize])
		}
	}
	return enc.Finish()
}

func within(a, b game.Vec, r float64) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy <= r*r
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
	span := float64(game.ChunkTiles * game.TileSize)
	cx0 := max(0, int((pos.X-game.MapStreamRadius)/span))
	cy0 := max(0, int((pos.Y-game.MapStreamRadius)/span))
	cx1 := min(p.inst.chunksX-1, int((pos.X+game.MapStreamRadius)/span))
	cy1 := min(p.inst.chunksY-1, int((pos.Y+game.MapStreamRadius)/span))
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

// chunkWithin: the nearest point of the chunk's square is within the
// stream radius.
func chunkWithin(cx, cy int, pos game.Vec, span float64) bool {
	x0, y0 := float64(cx)*span, float64(cy)*span
	nx := math.Max(x0, math.Min(pos.X, x0+span))
	ny := math.Max(y0, math.Min(pos.Y, y0+span))
	return within(pos, game.Vec{X: nx, Y: ny}, game.MapStreamRadius)
}
