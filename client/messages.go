package client

import (
	"errors"
	"fmt"

	"duskfall/game"
	"duskfall/net/wire"
)

var errUnexpected = errors.New("client: message not expected on this channel")

// dispatch decodes one packet and applies it. An error means the packet was
// dropped; the caller counts it.
func (r *Runtime) dispatch(channel uint8, b []byte) error {
	t, err := wire.TypeOf(b)
	if err != nil {
		return err
	}
	if wire.ChannelOf(t) != channel {
		return errUnexpected
	}
	switch t {
	case wire.MsgWelcome:
		return r.onWelcome(b)
	case wire.MsgReject:
		return r.onReject(b)
	case wire.MsgRoster:
		return r.onRoster(b)
	case wire.MsgEnterInstance:
		return r.onEnterInstance(b)
	case wire.MsgMapChunk:
		return r.onMapChunk(b)
	case wire.MsgSnapshot:
		return r.onSnapshot(b)
	case wire.MsgEvents:
		return r.onEvents(b)
	}
	return errUnexpected
}

func (r *Runtime) onWelcome(b []byte) error {
	w, err := wire.ParseWelcome(b)
	if err != nil {
		return err
	}
	r.id = w.PeerID
	r.lead.est = w.ServerTick
	return nil
}

func (r *Runtime) onReject(b []byte) error {
	rej, err := wire.ParseReject(b)
	if err != nil {
		r.fail(errors.New("the server refused the connection"))
		return err
	}
	r.fail(fmt.Errorf("the server refused the connection: %s", rej.Reason))
	return nil
}

func (r *Runtime) onRoster(b []byte) error {
	ro, err := wire.ParseRoster(b)
	if err != nil {
		return err
	}
	clear(r.names)
	for _, e := range ro.Entries {
		r.names[e.ID] = e.Name
	}
	return nil
}

// onEnterInstance starts a fresh view of a world: no map known yet, no
// bullets, no prediction until the first snapshot places the ship.
func (r *Runtime) onEnterInstance(b []byte) error {
	e, err := wire.ParseEnterInstance(b)
	if err != nil {
		return err
	}
	r.instance, r.dungeon = e.Instance, e.Dungeon
	r.grid = game.NewGrid(int(e.MapW), int(e.MapH))
	r.portals = e.Portals
	r.bullets = game.NewBulletPool(4096)
	// A new world counts its own ticks: numbering starts over.
	r.lead = leadController{est: e.ServerTick, resyncs: r.lead.resyncs, late: r.lead.late, margin: r.lead.margin}
	r.bulletNow = e.ServerTick
	r.pending = r.pending[:0]
	r.pred = predictor{}
	r.history.reset()
	clear(r.seen)
	if r.state == StateJoining {
		r.state = StatePlaying
	}
	return nil
}

func (r *Runtime) onMapChunk(b []byte) error {
	c, err := wire.ParseMapChunk(b)
	if err != nil {
		return err
	}
	if r.grid == nil {
		return errUnexpected
	}
	x0, y0 := int(c.CX)*game.ChunkTiles, int(c.CY)*game.ChunkTiles
	for y := range game.ChunkTiles {
		for x := range game.ChunkTiles {
			tx, ty := x0+x, y0+y
			if tx < r.grid.W && ty < r.grid.H {
				r.grid.Tiles[ty*r.grid.W+tx] = c.Tiles[y*game.ChunkTiles+x]
			}
		}
	}
	return nil
}

func (r *Runtime) onSnapshot(b []byte) error {
	if err := wire.DecodeSnapshot(b, &r.snap); err != nil {
		return err
	}
	if r.state != StatePlaying {
		return nil
	}
	r.stats.Snapshots++
	r.netLoss.note(r.snap.Tick)
	if !r.history.push(&r.snap) {
		return nil // older than one we already hold: sequenced channels should not deliver it
	}
	for i := range r.snap.Players {
		if p := &r.snap.Players[i]; p.ID == r.id {
			r.reconcile(p)
			break
		}
	}
	rtt := r.tr.Stats().RTT.Seconds() * game.TickRate
	r.lead.onSnapshot(r.snap.Tick, r.snap.LastInputTick, rtt)
	r.stats.Resyncs = r.lead.resyncs
	r.stats.LateInputs = r.lead.late
	r.trimPendingFrom(r.lead.next)
	return nil
}

// trimPendingFrom forgets frames numbered from next on: after a re-sync
// those numbers will be sent again with new content.
func (r *Runtime) trimPendingFrom(next uint32) {
	for len(r.pending) > 0 && int32(r.pending[len(r.pending)-1].Tick-next) >= 0 {
		r.pending = r.pending[:len(r.pending)-1]
	}
}

func (r *Runtime) onEvents(b []byte) error {
	r.events.Reset(b)
	var ev game.Event
	for r.events.Next(&ev) {
		r.stats.Events++
		r.applyEvent(&ev)
	}
	return r.events.Err()
}

func (r *Runtime) applyEvent(ev *game.Event) {
	switch ev.Kind {
	case game.EvBulletSpawn:
		r.stats.BulletsSeen++
		if r.bulletNow == 0 {
			r.bulletNow = r.lead.est
		}
		r.bullets.SpawnAt(ev.Bullet, r.bulletNow, r.grid)
	case game.EvBulletDespawn:
		if ev.Reason == game.DespawnHit {
			r.noteStrike(ev.Bullet.UID)
		}
		r.bullets.Remove(ev.Bullet.UID)
	case game.EvHit, game.EvDeath:
		r.view.noteHit(ev)
	case game.EvPortalOpened:
		r.portals = append(r.portals, wire.Portal{
			TileX: uint16(ev.X / game.TileSize), TileY: uint16(ev.Y / game.TileSize), Dungeon: ev.Dungeon,
		})
	}
}

// strikeReach is how far from a player bullet that struck an enemy the
// enemy may be drawn: its radius, the bullet's, and the interpolation lag.
const strikeReach = 64

// noteStrike marks the enemy a player bullet struck, for the hit flash. The
// server sends no hit event for enemies (the despawn and the health in the
// snapshot say it all), so the client finds the nearest enemy it draws.
func (r *Runtime) noteStrike(uid uint32) {
	i, ok := r.bullets.Slot(uid)
	if !ok || r.bullets.Team[i] != game.TeamPlayer {
		return
	}
	bx, by := float64(r.bullets.X[i]), float64(r.bullets.Y[i])
	best, bestD := -1, float64(strikeReach*strikeReach)
	for j, e := range r.view.enemies {
		dx, dy := e.Pos.X-bx, e.Pos.Y-by
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = j, d
		}
	}
	if best >= 0 {
		r.view.noteHit(&game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: r.view.enemies[best].ID})
	}
}
