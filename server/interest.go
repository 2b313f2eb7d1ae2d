package server

// This file holds the interest rules: who is told what. Which bullets
// concern a peer (bulletConcerns, tellBullets), which events it needs
// (concerns), what it can be trusted to know already (knowsWallAt), and
// which actors and map chunks are near enough to send (within,
// chunkWithin). outbox.go queues and sends what these rules allow.

import (
	"math"
	"slices"

	"duskfall/game"
	"duskfall/net/wire"
)

// Interest radii (NETCODE.md, "Interest" and "Maps").
const (
	ActorInterestRadius = 800 // u: actors further from a peer's player are not in its snapshot
	MapStreamRadius     = 900 // u: chunks within this of the player are streamed to it
)

// bulletConcerns says whether a bullet at (x, y), with the given spawn
// record, could reach ground within FogViewRadius of the player at pos over
// its remaining life. The failure modes are not symmetric: a withheld
// bullet that later flies into view is invisible damage, so the rule errs
// long (speed, acceleration, no turning, capped at BulletInterestCeiling).
func bulletConcerns(spawn *game.BulletSpawn, x, y float64, now uint32, pos game.Vec) bool {
	reach := game.BulletReach(*spawn, now)
	d := math.Hypot(x-pos.X, y-pos.Y)
	return d <= reach+wire.FogViewRadius
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
		if !ok || !p.hears() {
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
	span := float32(wire.ChunkTiles * game.TileSize)
	cx, cy := int(x/span), int(y/span)
	if cx >= p.inst.chunksX || cy >= p.inst.chunksY {
		return false
	}
	sent := p.chunks[cy*p.inst.chunksX+cx]
	return sent != 0 && now >= sent-1+WallKnownTicks
}

func within(a, b game.Vec, r float64) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy <= r*r
}

// chunkWithin: the nearest point of the chunk's square is within the
// stream radius.
func chunkWithin(cx, cy int, pos game.Vec, span float64) bool {
	x0, y0 := float64(cx)*span, float64(cy)*span
	nx := math.Max(x0, math.Min(pos.X, x0+span))
	ny := math.Max(y0, math.Min(pos.Y, y0+span))
	return within(pos, game.Vec{X: nx, Y: ny}, MapStreamRadius)
}
