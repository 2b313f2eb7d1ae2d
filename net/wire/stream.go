package wire

import (
	"math"

	"duskfall/game"
)

// The events channel is reliable and ordered, so its packets form one
// stream per connection, and a spawn may be written relative to what came
// before it on that stream. EventEncoder and EventIter each keep the same
// state: a table of bullet templates (everything a spawn has but its uid,
// tick, position and direction), the last uid sent, and the last compact
// spawn. Three wire-only kinds use it; the iterator yields all of them as
// full EvBulletSpawn events, so nothing above the codec sees them:
//
//	0x3B despawn   a despawn by uid delta from the last spawned uid
//	0x3C template  slot, speed, accel, turn, radius, life, kind, team: defines a slot
//	0x3D short     a spawn from a template: slot, uid delta, tick offset, x, y, aim
//	0x3E sibling   the next bullet of the same volley: uid delta, aim
//
// A short spawn's velocity is game.BulletVelocity(aim, slot speed) and its
// position is on the spawn grid (1/8 u, two bytes each), which is exactly
// how the server built it (game.MakeBulletSpawn), so the replica still
// starts from identical bits. A spawn whose velocity is not of that
// form, or whose uid or tick will not fit the deltas, is written in full.
const (
	evShortDespawn   game.EventKind = 0x3B
	evBulletTemplate game.EventKind = 0x3C
	evBulletShort    game.EventKind = 0x3D
	evBulletSibling  game.EventKind = 0x3E
)

// TemplateSlots is the size of the template table each side keeps.
const TemplateSlots = 32

func isStreamKind(k game.EventKind) bool {
	return k >= evShortDespawn && k <= evBulletSibling
}

// template is a bullet's shared parameters, compared and stored as bits.
type template struct {
	speed, accel uint32 // float32 bits
	turn         int16
	radius, life uint16
	kind, team   uint8
	defined      bool
}

func templateOf(s *game.BulletSpawn, speed float32) template {
	return template{
		speed: math.Float32bits(speed), accel: math.Float32bits(s.Accel),
		turn: s.Turn, radius: s.Radius, life: s.Life, kind: s.Kind, team: s.Team, defined: true,
	}
}

// volley is the last compact spawn: a sibling repeats its slot, tick and
// position.
type volley struct {
	slot    uint8
	tick    uint32
	x, y    uint32 // float32 bits
	defined bool
}

// streamState is what both ends of an events stream remember.
type streamState struct {
	slots   [TemplateSlots]template
	victim  uint8 // the slot the next new template replaces
	lastUID uint32
	hasUID  bool
	prev    volley
}

func (st *streamState) reset() { *st = streamState{} }

// EventEncoder writes the events of one connection's stream, one packet at
// a time, compacting spawns against what it has already sent. Keep one per
// connection, for as long as the connection lasts.
type EventEncoder struct {
	b    []byte
	n    int
	tick uint32
	st   streamState
}

// spawnPlan is how Add will write a spawn.
type spawnPlan struct {
	kind     game.EventKind // EvBulletSpawn, evBulletShort or evBulletSibling
	slot     uint8
	newSlot  bool // a template must be defined first
	aim      uint16
	tmpl     template
	uidDelta uint32
}

// Begin starts a packet of the receiver's instance epoch for tick, appended
// to b (pass b[:0] to reuse b). The stream's state carries on from the
// previous packet.
func (e *EventEncoder) Begin(b []byte, epoch uint16, tick uint32) {
	e.b = AppendEventsHeader(b, epoch, tick)
	e.n, e.tick = 0, tick
}

// ResetStream forgets everything sent: for a new connection.
func (e *EventEncoder) ResetStream() { e.st.reset() }

// Size is how many bytes Add would append for ev.
func (e *EventEncoder) Size(ev *game.Event) int {
	if ev.Kind == game.EvBulletDespawn {
		if _, ok := e.despawnDelta(ev); ok {
			return 1 + EventPayloadSize(evShortDespawn)
		}
	}
	if ev.Kind != game.EvBulletSpawn {
		return 1 + EventPayloadSize(ev.Kind)
	}
	p := e.planSpawn(&ev.Bullet)
	n := 1 + EventPayloadSize(p.kind)
	if p.newSlot {
		n += 1 + EventPayloadSize(evBulletTemplate)
	}
	return n
}

// Add appends ev, refusing what AppendEvent refuses.
func (e *EventEncoder) Add(ev *game.Event) error {
	if d, ok := e.despawnDelta(ev); ok {
		if err := checkEvent(ev); err != nil {
			return err
		}
		e.b = append(AppendI16(append(e.b, uint8(evShortDespawn)), d), ev.Reason)
		e.n++
		return nil
	}
	if ev.Kind != game.EvBulletSpawn {
		b, err := AppendEvent(e.b, ev)
		if err != nil {
			return err
		}
		e.b = b
		e.n++
		return nil
	}
	if err := checkEvent(ev); err != nil {
		return err
	}
	e.addSpawn(&ev.Bullet, e.planSpawn(&ev.Bullet))
	e.n++
	return nil
}

// despawnDelta is a despawn's uid relative to the last spawned uid, when
// it fits the short form.
func (e *EventEncoder) despawnDelta(ev *game.Event) (int16, bool) {
	if ev.Kind != game.EvBulletDespawn || !e.st.hasUID {
		return 0, false
	}
	d := int32(ev.Bullet.UID - e.st.lastUID)
	return int16(d), d >= math.MinInt16 && d <= math.MaxInt16
}

// planSpawn picks the smallest form s can take on the stream as it stands.
func (e *EventEncoder) planSpawn(s *game.BulletSpawn) spawnPlan {
	full := spawnPlan{kind: game.EvBulletSpawn}
	aim, speed, ok := game.CanonicalVelocity(s.VX, s.VY)
	if !ok || !e.st.hasUID {
		return full
	}
	delta := s.UID - e.st.lastUID
	if delta == 0 || delta > math.MaxUint16 {
		return full
	}
	p := spawnPlan{kind: evBulletShort, aim: aim, tmpl: templateOf(s, speed), uidDelta: delta}
	p.slot, p.newSlot = e.st.find(p.tmpl)
	pv := &e.st.prev
	if !p.newSlot && pv.defined && pv.slot == p.slot && pv.tick == s.SpawnTick &&
		pv.x == math.Float32bits(s.X) && pv.y == math.Float32bits(s.Y) && delta <= math.MaxUint8 {
		p.kind = evBulletSibling
		return p
	}
	if off := int32(s.SpawnTick - e.tick); off < math.MinInt8 || off > math.MaxInt8 {
		return full
	}
	if _, ok := gridU16(s.X); !ok {
		return full
	}
	if _, ok := gridU16(s.Y); !ok {
		return full
	}
	return p
}

// find returns the slot holding t, or the slot a new template would take.
func (st *streamState) find(t template) (uint8, bool) {
	for i := range st.slots {
		if st.slots[i] == t {
			return uint8(i), false
		}
	}
	return st.victim, true
}

func (e *EventEncoder) addSpawn(s *game.BulletSpawn, p spawnPlan) {
	st := &e.st
	switch p.kind {
	case game.EvBulletSpawn:
		e.b = appendBullet(append(e.b, uint8(game.EvBulletSpawn)), s)
		st.prev.defined = false
	case evBulletSibling:
		e.b = AppendU16(append(e.b, uint8(evBulletSibling), uint8(p.uidDelta)), p.aim)
	case evBulletShort:
		if p.newSlot {
			e.b = appendTemplate(e.b, p.slot, &p.tmpl)
			st.slots[p.slot] = p.tmpl
			st.victim = (st.victim + 1) % TemplateSlots
		}
		e.b = append(e.b, uint8(evBulletShort), p.slot)
		e.b = AppendU16(e.b, uint16(p.uidDelta))
		e.b = append(e.b, uint8(int8(int32(s.SpawnTick-e.tick))))
		x, _ := gridU16(s.X)
		y, _ := gridU16(s.Y)
		e.b = AppendU16(AppendU16(e.b, x), y)
		e.b = AppendU16(e.b, p.aim)
		st.prev = volley{slot: p.slot, tick: s.SpawnTick, x: math.Float32bits(s.X), y: math.Float32bits(s.Y), defined: true}
	}
	st.lastUID, st.hasUID = s.UID, true
}

// gridU16 is v in spawn-grid steps, when v lies exactly on the grid inside
// what two bytes hold (0 to 8191.875 u).
func gridU16(v float32) (uint16, bool) {
	q := float64(v) * game.SpawnGridScale
	if !(q >= 0 && q <= math.MaxUint16) || q != math.Trunc(q) {
		return 0, false
	}
	return uint16(q), true
}

func appendTemplate(b []byte, slot uint8, t *template) []byte {
	b = append(b, uint8(evBulletTemplate), slot)
	b = AppendU32(AppendU32(b, t.speed), t.accel)
	b = AppendI16(b, t.turn)
	b = AppendU16(AppendU16(b, t.radius), t.life)
	return append(b, t.kind, t.team)
}

// Len is the size of the buffer so far; Count the events in the packet.
func (e *EventEncoder) Len() int   { return len(e.b) }
func (e *EventEncoder) Count() int { return e.n }

// Bytes is the packet; it stays valid until the next Begin.
func (e *EventEncoder) Bytes() []byte { return e.b }

// EventIter decodes the events of one connection's stream into a
// caller-owned game.Event, without allocating:
//
//	it.Reset(pkt)
//	for it.Next(&ev) { apply(ev) }
//	if it.Err() != nil { ... }
//
// Keep one per connection: compact spawns refer to earlier packets. Events
// yielded before an error were complete and valid; nothing after the error
// is yielded.
type EventIter struct {
	r     Reader
	epoch uint16
	tick  uint32
	st    streamState
}

// Reset starts iterating over packet b and reads its header; the stream's
// state carries on from the previous packet.
func (it *EventIter) Reset(b []byte) {
	it.r = NewReader(b)
	readType(&it.r, MsgEvents)
	it.epoch = it.r.U16()
	it.tick = it.r.U32()
}

// ResetStream forgets the stream's state: for a new connection.
func (it *EventIter) ResetStream() { it.st.reset() }

// Tick returns the tick of the packet's header (0 if it was unreadable).
func (it *EventIter) Tick() uint32 { return it.tick }

// Epoch returns the instance epoch of the packet's header: which of the
// receiver's instances its events belong to.
func (it *EventIter) Epoch() uint16 { return it.epoch }

// Err returns the error that stopped the iteration, or nil when the packet
// ended cleanly on an event boundary.
func (it *EventIter) Err() error { return it.r.Err() }

// Next decodes the next event into ev and reports whether there was one.
// ev is overwritten entirely: fields its kind does not use are zero.
func (it *EventIter) Next(ev *game.Event) bool {
	r := &it.r
	for r.Remaining() > 0 {
		kind := game.EventKind(r.U8())
		size := EventPayloadSize(kind)
		if size == 0 {
			r.Fail(ErrUnknownType)
			return false
		}
		if r.Remaining() < size {
			r.Fail(ErrShort)
			return false
		}
		*ev = game.Event{Kind: kind}
		var ok bool
		switch kind {
		case evBulletTemplate:
			if it.readTemplate() {
				continue // defines a slot; nothing to yield
			}
			return false
		case evBulletShort:
			ok = it.readShort(ev)
		case evBulletSibling:
			ok = it.readSibling(ev)
		case evShortDespawn:
			ok = it.readShortDespawn(ev)
		default:
			ok = it.readPlain(ev)
		}
		if !ok {
			return false
		}
		return true
	}
	return false
}

func (it *EventIter) readPlain(ev *game.Event) bool {
	readEventPayload(&it.r, ev)
	if err := checkEvent(ev); err != nil {
		it.r.Fail(err)
		return false
	}
	if ev.Kind == game.EvBulletSpawn {
		it.st.lastUID, it.st.hasUID = ev.Bullet.UID, true
		it.st.prev.defined = false
	}
	return true
}

func (it *EventIter) readTemplate() bool {
	r := &it.r
	slot := r.U8()
	t := template{speed: r.U32(), accel: r.U32(), turn: r.I16(), radius: r.U16(), life: r.U16(),
		kind: r.U8(), team: r.U8(), defined: true}
	speed, accel := math.Float32frombits(t.speed), math.Float32frombits(t.accel)
	if slot >= TemplateSlots || !finite(speed) || speed < 0 || !finite(accel) ||
		(t.team != game.TeamPlayer && t.team != game.TeamEnemy) || t.life == 0 || t.life > game.MaxBulletLife {
		r.Fail(ErrMalformed)
		return false
	}
	it.st.slots[slot] = t
	return true
}

func (it *EventIter) readShort(ev *game.Event) bool {
	r := &it.r
	slot, delta, off := r.U8(), r.U16(), int8(r.U8())
	x := float32(r.U16()) / game.SpawnGridScale
	y := float32(r.U16()) / game.SpawnGridScale
	aim := r.U16()
	if slot >= TemplateSlots || !it.st.slots[slot].defined || delta == 0 || !it.st.hasUID {
		r.Fail(ErrMalformed)
		return false
	}
	it.st.prev = volley{slot: slot, tick: it.tick + uint32(int32(off)), x: math.Float32bits(x), y: math.Float32bits(y), defined: true}
	it.spawnFrom(ev, uint32(delta), aim)
	return true
}

func (it *EventIter) readSibling(ev *game.Event) bool {
	r := &it.r
	delta, aim := r.U8(), r.U16()
	if !it.st.prev.defined || delta == 0 {
		r.Fail(ErrMalformed)
		return false
	}
	it.spawnFrom(ev, uint32(delta), aim)
	return true
}

func (it *EventIter) readShortDespawn(ev *game.Event) bool {
	r := &it.r
	d, reason := r.I16(), r.U8()
	if !it.st.hasUID {
		r.Fail(ErrMalformed)
		return false
	}
	*ev = game.Event{Kind: game.EvBulletDespawn, Reason: reason}
	ev.Bullet.UID = it.st.lastUID + uint32(int32(d))
	if err := checkEvent(ev); err != nil {
		r.Fail(err)
		return false
	}
	return true
}

// spawnFrom rebuilds a full spawn from the current volley and its template.
func (it *EventIter) spawnFrom(ev *game.Event, uidDelta uint32, aim uint16) {
	pv := &it.st.prev
	t := &it.st.slots[pv.slot]
	s := &ev.Bullet
	ev.Kind = game.EvBulletSpawn
	s.UID = it.st.lastUID + uidDelta
	s.SpawnTick = pv.tick
	s.X, s.Y = math.Float32frombits(pv.x), math.Float32frombits(pv.y)
	s.VX, s.VY = game.BulletVelocity(aim, math.Float32frombits(t.speed))
	s.Accel = math.Float32frombits(t.accel)
	s.Turn, s.Radius, s.Life, s.Kind, s.Team = t.turn, t.radius, t.life, t.kind, t.team
	it.st.lastUID = s.UID
}
