package client

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"duskfall/game"
	"duskfall/net/wire"
)

var (
	errUnexpected = errors.New("client: message not expected on this channel")
	errRefused    = errors.New("the server refused the connection")
)

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
	case wire.MsgTryAgain:
		return r.onTryAgain(b)
	case wire.MsgRoster:
		return r.onRoster(b)
	case wire.MsgEnterInstance:
		return r.onEnterInstance(b)
	case wire.MsgMapChunk:
		return r.onMapChunk(b)
	case wire.MsgCharacters:
		return r.onCharacters(b)
	case wire.MsgNotice:
		return r.onNotice(b)
	case wire.MsgSnapshot:
		return r.onSnapshot(b)
	case wire.MsgSnapshotDelta:
		return r.onSnapshotDelta(b)
	case wire.MsgEvents:
		return r.onEvents(b)
	case wire.MsgInventory:
		return r.onInventory(b)
	case wire.MsgCleared:
		return r.onCleared(b)
	case wire.MsgRoundTrip:
		return r.onRoundTrip(b)
	}
	return errUnexpected
}

func (r *Runtime) onWelcome(b []byte) error {
	w, err := wire.ParseWelcome(b)
	if err != nil {
		return err
	}
	r.id = w.PeerID
	return nil
}

func (r *Runtime) onReject(b []byte) error {
	rej, err := wire.ParseReject(b)
	if err != nil {
		r.fail(errRefused)
		return err
	}
	if r.state == StateRoster || r.state == StatePlaying {
		r.fail(errors.New(rej.Reason)) // the session ended ("the host ended the game"): not a refusal
		return nil
	}
	r.fail(fmt.Errorf("the server refused the connection: %s", refusalWords(rej.Reason)))
	return nil
}

// refusalWords is a Reject's reason as a player reads it: the version
// mismatch the protocol states as "server speaks protocol S, client speaks
// C" (net/wire/doc.go) says what to do about it; every other reason is the
// server's own words.
func refusalWords(reason string) string {
	var srv, cli uint32
	if n, _ := fmt.Sscanf(reason, "server speaks protocol %d, client speaks %d", &srv, &cli); n != 2 {
		return reason
	}
	older := "this game is the newer: your friend needs to update Duskfall"
	if srv > cli {
		older = "this game is the older: update Duskfall"
	}
	return fmt.Sprintf("it runs another version of Duskfall (protocol %d, this game %d); %s", srv, cli, older)
}

func (r *Runtime) onRoster(b []byte) error {
	ro, err := wire.ParseRoster(b)
	if err != nil {
		return err
	}
	clear(r.names)
	clear(r.classes)
	for _, e := range ro.Entries {
		r.names[e.ID] = e.Name
		r.classes[e.ID] = e.Class
	}
	return nil
}

// onEnterInstance starts a fresh view of a world: no map known yet, no
// bullets, no prediction until the first snapshot places the ship. Events
// of this instance that overtook it on their own channel are applied now.
func (r *Runtime) onEnterInstance(b []byte) error {
	e, err := wire.ParseEnterInstance(b)
	if err != nil {
		return err
	}
	if r.state != StateJoining && r.state != StateRoster && r.state != StatePlaying {
		return nil
	}
	r.roster.view.Pending = false
	if r.stats.JoinTime == 0 {
		r.stats.JoinTime = max(r.cfg.Now().Sub(r.started), time.Nanosecond)
	}
	r.rememberHub()
	r.instance, r.dungeon, r.depth, r.epoch = e.Instance, e.Dungeon, int(e.Depth), e.Epoch
	r.acked = 0 // ticks of another world: nothing here to build on yet
	// A start map (the hub) is known ground: its tiles are explored as
	// they stream in (Fog).
	r.fog.Know(e.Dungeon == game.HubDungeon)
	r.grid = game.NewGrid(int(e.MapW), int(e.MapH))
	r.recallHub(e)
	r.portals = e.Portals
	r.sheet.loot = r.sheet.loot[:0]
	r.bullets.reset(e.ServerTick)
	r.sight.reset()
	r.replay.reset()
	// A new world counts its own ticks: numbering starts over.
	r.lead = leadController{est: e.ServerTick, resyncs: r.lead.resyncs, late: r.lead.late,
		margin: r.lead.margin, jumps: r.lead.jumps, held: r.lead.held}
	r.pending = r.pending[:0]
	r.pred = predictor{}
	r.history.reset()
	clear(r.seen)
	r.state = StatePlaying
	if r.earlyOf == r.epoch {
		for i := range r.early {
			r.applyEvent(&r.early[i])
		}
	}
	r.early = r.early[:0]
	return nil
}

// epochAge says where a packet's epoch stands against the current one:
// negative for an instance the client has left, positive for one it has
// not entered yet.
func (r *Runtime) epochAge(epoch uint16) int16 { return int16(epoch - r.epoch) }

func (r *Runtime) onMapChunk(b []byte) error {
	c, err := wire.ParseMapChunk(b)
	if err != nil {
		return err
	}
	if r.grid == nil {
		return errUnexpected
	}
	wire.CopyChunk(r.grid, &c)
	r.fog.Learn()
	r.invalidateFog()
	return nil
}

func (r *Runtime) onSnapshot(b []byte) error {
	if err := wire.DecodeSnapshot(b, &r.snap); err != nil {
		return err
	}
	if r.state != StatePlaying {
		return nil
	}
	if r.snap.Epoch != r.epoch {
		r.stats.OtherEpoch++ // a world left behind, or one whose EnterInstance is still on its way
		return nil
	}
	r.stats.Snapshots++
	r.netLoss.note(r.snap.Tick)
	if !r.history.push(&r.snap) {
		return nil // older than one we already hold: sequenced channels should not deliver it
	}
	r.held.Put(b)
	r.acked = r.snap.Tick
	if r.cfg.SnapshotTap != nil {
		r.cfg.SnapshotTap(b)
	}
	if !r.snap.LootKept {
		r.sheet.loot = append(r.sheet.loot[:0], r.snap.Loot...)
	}
	for i := range r.snap.Players {
		if p := &r.snap.Players[i]; p.ID == r.id {
			r.reconcile(p)
			break
		}
	}
	rtt := r.roundTrip(r.tr.Stats()).Seconds() * game.TickRate
	r.lead.loss = r.netLoss.Loss()
	r.lead.onSnapshot(r.snap.Tick, r.snap.LastInputTick, rtt)
	r.stats.Resyncs = r.lead.resyncs
	r.stats.LateInputs = r.lead.late
	r.stats.ClockJumps = r.lead.jumps
	r.stats.HeldFrames = r.lead.held
	r.trimPendingFrom(r.lead.next)
	return nil
}

// onSnapshotDelta rebuilds a snapshot from the one it names, which the
// client acknowledged, and takes it as if it had come whole. A delta whose
// base the client no longer holds (it acknowledged it long ago, or the
// packet is a forgery) is dropped and counted: the next snapshot is built
// on a newer acknowledgement, or comes whole.
func (r *Runtime) onSnapshotDelta(b []byte) error {
	h, err := wire.ParseDeltaHeader(b)
	if err != nil {
		return err
	}
	if r.state != StatePlaying {
		return nil
	}
	// The base is of the snapshot's instance: onSnapshot drops a rebuilt
	// snapshot of one left behind, as it drops a whole one.
	base := r.held.GetTick16(r.epoch, h.BaseTick16)
	if base == nil {
		r.stats.DeltasWithoutBase++
		return nil
	}
	full, err := wire.ApplySnapshotDelta(r.rebuilt[:0], b, base)
	if err != nil {
		return err
	}
	r.rebuilt = full
	r.stats.SnapshotDeltas++
	// The server built it on the newest acknowledgement it heard from the
	// client: the stall backstop reads from it whether the client is heard.
	r.lead.heard(binary.LittleEndian.Uint32(full[3:7]) - h.Age)
	return r.onSnapshot(full)
}

// trimPendingFrom forgets frames numbered from next on: after a re-sync
// those numbers will be sent again with new content.
func (r *Runtime) trimPendingFrom(next uint32) {
	for len(r.pending) > 0 && int32(r.pending[len(r.pending)-1].Tick-next) >= 0 {
		r.pending = r.pending[:len(r.pending)-1]
	}
}

// onEvents decodes every packet of the stream, whatever its epoch: the
// stream's state runs across packets. Events of the current instance are
// applied; those of an instance left behind are dropped; those of one not
// entered yet (their packet overtook the EnterInstance) wait for it.
func (r *Runtime) onEvents(b []byte) error {
	r.events.Reset(b)
	var ev game.Event
	age := r.epochAge(r.events.Epoch())
	if age != 0 {
		r.stats.OtherEpoch++
	}
	if age > 0 && r.earlyOf != r.events.Epoch() {
		r.early, r.earlyOf = r.early[:0], r.events.Epoch()
	}
	for r.events.Next(&ev) {
		r.stats.Events++
		switch {
		case age == 0 && r.grid != nil:
			r.evTick = r.events.Tick()
			r.applyEvent(&ev)
			r.evTick = 0
		case age > 0 && len(r.early) < maxEarlyEvents:
			r.early = append(r.early, ev)
			r.stats.HeldEvents++
		case age > 0:
			r.stats.Garbage++
		}
	}
	return r.events.Err()
}

func (r *Runtime) applyEvent(ev *game.Event) {
	switch ev.Kind {
	case game.EvBulletSpawn:
		r.stats.BulletsSeen++
		r.bullets.spawn(ev.Bullet, r.grid)
	case game.EvBulletDespawn:
		if ev.Reason == game.DespawnHit {
			r.noteStrike(ev.Bullet.UID)
		}
		r.bullets.remove(ev.Bullet.UID)
	case game.EvHit, game.EvDeath:
		if ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer && ev.ID == r.id {
			r.sight.judge(&r.stats.Hits, ev.Bullet.UID, ev.Tick, r.pstats.Radius, r.grid)
		}
		if ev.Kind == game.EvDeath && ev.Actor == game.ActorPlayer && ev.ID == r.id {
			r.noteOwnDeath(ev)
		}
		r.view.noteHit(ev)
	case game.EvAbility:
		r.noteAbility(ev, r.evTick)
	case game.EvPortalOpened:
		at := game.Portal{Pos: game.Vec{X: float64(ev.X), Y: float64(ev.Y)}}
		tx, ty := at.Tile()
		r.portals = append(r.portals, game.Portal{Pos: game.TileCenter(tx, ty), Dungeon: ev.Dungeon})
	}
}

// strikeReach is how far from a player bullet that struck an enemy the
// enemy may be drawn: its radius, the bullet's, and the interpolation lag.
const strikeReach = 64

// noteStrike marks the enemy a player bullet struck, for the hit flash. The
// server sends no hit event for enemies (the despawn and the health in the
// snapshot say it all), so the client finds the nearest enemy it draws.
func (r *Runtime) noteStrike(uid uint32) {
	pool := r.bullets.pool
	i, ok := pool.Slot(uid)
	if !ok || pool.Team[i] != game.TeamPlayer {
		return
	}
	bx, by := float64(pool.X[i]), float64(pool.Y[i])
	best, bestD := -1, float64(strikeReach*strikeReach)
	for j, e := range r.view.enemies {
		dx, dy := e.Pos.X-bx, e.Pos.Y-by
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = j, d
		}
	}
	if best >= 0 {
		// Where and how the shot struck, for the impact's sparks.
		r.view.noteHit(&game.Event{Kind: game.EvHit, Actor: game.ActorEnemy, ID: r.view.enemies[best].ID,
			X: pool.X[i], Y: pool.Y[i], Bullet: game.BulletSpawn{UID: uid, VX: pool.VX[i], VY: pool.VY[i]}})
	}
}
