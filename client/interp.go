package client

import (
	"duskfall/game"
	"duskfall/net/wire"
)

// InterpDelayTicks is how far behind the server tick estimate remote actors
// are drawn: two snapshot intervals, so one lost snapshot still leaves a
// pair to interpolate between.
const InterpDelayTicks = 2 * wire.SnapshotInterval

const historyLen = 16

// snapshotHistory keeps the newest snapshots in a ring, each with its own
// slices so decoding the next one reuses memory instead of allocating.
type snapshotHistory struct {
	snaps [historyLen]wire.Snapshot
	n     int // how many are valid
	head  int // index of the newest
}

func (h *snapshotHistory) init() {
	for i := range h.snaps {
		h.snaps[i].Players = make([]game.PlayerState, 0, 16)
		h.snaps[i].Enemies = make([]game.EnemyState, 0, 128)
	}
}

func (h *snapshotHistory) reset() { h.n = 0 }

// push copies s in as the newest; it refuses a snapshot not newer than the
// newest held.
func (h *snapshotHistory) push(s *wire.Snapshot) bool {
	if h.n > 0 && int32(s.Tick-h.snaps[h.head].Tick) <= 0 {
		return false
	}
	h.head = (h.head + 1) % historyLen
	dst := &h.snaps[h.head]
	dst.Tick, dst.LastInputTick = s.Tick, s.LastInputTick
	dst.Players = append(dst.Players[:0], s.Players...)
	dst.Enemies = append(dst.Enemies[:0], s.Enemies...)
	h.n = min(h.n+1, historyLen)
	return true
}

func (h *snapshotHistory) newest() *wire.Snapshot {
	if h.n == 0 {
		return nil
	}
	return &h.snaps[h.head]
}

// bracket finds the snapshots either side of tick t and the blend between
// them. Before the oldest or after the newest it holds the end (no
// extrapolation: a guess that turns out wrong looks worse than a pause).
func (h *snapshotHistory) bracket(t float64) (a, b *wire.Snapshot, alpha float64) {
	newest := h.newest()
	if newest == nil {
		return nil, nil, 0
	}
	if t >= float64(newest.Tick) {
		return newest, newest, 0
	}
	for i := 1; i < h.n; i++ {
		older := &h.snaps[(h.head-i+historyLen)%historyLen]
		newer := &h.snaps[(h.head-i+1+historyLen)%historyLen]
		if t >= float64(older.Tick) {
			span := float64(newer.Tick - older.Tick)
			return older, newer, (t - float64(older.Tick)) / span
		}
	}
	oldest := &h.snaps[(h.head-h.n+1+historyLen)%historyLen]
	return oldest, oldest, 0
}

// Actor is one ship or enemy as render draws it this frame.
type Actor struct {
	ID    uint16
	Kind  uint8
	Pos   game.Vec
	Aim   float64 // radians
	HP    int16
	MaxHP int16
	Flags uint8
}

// HitMark is a recent hit or death, for a flash or a number on screen.
type HitMark struct {
	Event game.Event
	Tick  uint32
}

const hitMarks = 32

// view is what render reads: rebuilt once per Receive into reused slices.
type view struct {
	self    Actor
	hasSelf bool
	players []Actor
	enemies []Actor
	index   map[uint16]int
	hits    [hitMarks]HitMark
	hitN    int
	now     uint32
}

func (v *view) build(r *Runtime) {
	v.now = r.lead.est
	v.players, v.enemies = v.players[:0], v.enemies[:0]
	v.hasSelf = false
	a, b, alpha := r.history.bracket(r.lead.estimate() - InterpDelayTicks)
	if b == nil {
		return
	}
	if v.index == nil {
		v.index = make(map[uint16]int, 128)
	}
	v.buildPlayers(r, a, b, alpha)
	v.buildEnemies(a, b, alpha)
	if newest := r.history.newest(); newest != nil {
		v.placeSelf(r, newest)
	}
}

func (v *view) buildPlayers(r *Runtime, a, b *wire.Snapshot, alpha float64) {
	clear(v.index)
	for i, p := range a.Players {
		v.index[p.ID] = i
	}
	for _, p := range b.Players {
		if p.ID == r.id {
			continue
		}
		r.seen[p.ID] = true
		pos := vec32(p.X, p.Y)
		if i, ok := v.index[p.ID]; ok {
			pos = lerp(vec32(a.Players[i].X, a.Players[i].Y), pos, alpha)
		}
		v.players = append(v.players, Actor{ID: p.ID, Pos: pos, Aim: game.AimAngle(p.Aim),
			HP: p.HP, MaxHP: p.MaxHP, Flags: p.Flags})
	}
}

func (v *view) buildEnemies(a, b *wire.Snapshot, alpha float64) {
	clear(v.index)
	for i, e := range a.Enemies {
		v.index[e.ID] = i
	}
	for _, e := range b.Enemies {
		pos := vec32(e.X, e.Y)
		if i, ok := v.index[e.ID]; ok {
			pos = lerp(vec32(a.Enemies[i].X, a.Enemies[i].Y), pos, alpha)
		}
		v.enemies = append(v.enemies, Actor{ID: e.ID, Kind: e.Kind, Pos: pos, HP: e.HP, MaxHP: e.MaxHP, Flags: e.Flags})
	}
}

// placeSelf draws the own ship where prediction puts it, with the newest
// snapshot's health and flags.
func (v *view) placeSelf(r *Runtime, newest *wire.Snapshot) {
	for _, p := range newest.Players {
		if p.ID == r.id {
			v.self = Actor{ID: p.ID, Pos: r.pred.drawn(), Aim: game.AimAngle(p.Aim),
				HP: p.HP, MaxHP: p.MaxHP, Flags: p.Flags}
			v.hasSelf = r.pred.ready
			return
		}
	}
}

func (v *view) noteHit(ev *game.Event) {
	v.hits[v.hitN%hitMarks] = HitMark{Event: *ev, Tick: v.now}
	v.hitN++
}

func vec32(x, y float32) game.Vec { return game.Vec{X: float64(x), Y: float64(y)} }

func lerp(a, b game.Vec, t float64) game.Vec {
	return game.Vec{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
}

// Self is the own ship as drawn: predicted and smoothed.
func (r *Runtime) Self() (Actor, bool) { return r.view.self, r.view.hasSelf }

// Players are the other ships, interpolated InterpDelayTicks in the past.
// The slice is reused by the next Receive.
func (r *Runtime) Players() []Actor { return r.view.players }

// Enemies are the enemies in interest, interpolated like Players.
func (r *Runtime) Enemies() []Actor { return r.view.enemies }

// HitsSince calls fn, oldest first, for each hit or death noted after the
// first seen ones (at most the last 32) and returns the count to pass next
// time: effects that must happen once per hit use it.
func (r *Runtime) HitsSince(seen int, fn func(HitMark)) int {
	from := max(seen, r.view.hitN-hitMarks)
	for i := from; i < r.view.hitN; i++ {
		fn(r.view.hits[i%hitMarks])
	}
	return r.view.hitN
}

// RecentHits calls fn for each hit or death seen in the last maxAge ticks.
func (r *Runtime) RecentHits(maxAge uint32, fn func(HitMark)) {
	n := min(r.view.hitN, hitMarks)
	for i := range n {
		h := r.view.hits[(r.view.hitN-1-i)%hitMarks]
		if r.view.now-h.Tick > maxAge {
			return
		}
		fn(h)
	}
}
