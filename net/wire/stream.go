package wire

import (
	"math"

	"duskfall/game"
)

// The events channel is reliable and ordered, so its packets form one
// stream per connection, and a packet may be written relative to what came
// before it on that stream. EventEncoder and EventIter each keep the same
// state: the previous packet's tick and epoch (each header is a change from
// them), a table of bullet templates (everything a spawn has but its uid,
// tick, position and direction), the last uid sent, and the last compact
// spawn with the aim of its volley's newest bullet. Ten wire-only kinds use
// it; the iterator yields all of them as full EvBulletSpawn, EvBulletDespawn
// or EvHit events, so nothing above the codec sees them:
//
//	0x36 short hit     a hit whose bullet is a uid delta and whose tick an offset
//	0x37 near          a short spawn whose uid delta fits a byte
//	0x38 near wall     a wall despawn whose uid delta fits a signed byte
//	0x39 near hit      a hit despawn whose uid delta fits a signed byte
//	0x3A wall despawn  a despawn by a wall, by uid delta from the last spawned uid
//	0x3B hit despawn   a despawn by a hit, the same way
//	0x3C template      slot, speed, accel, turn, radius, life, kind, team: defines a slot
//	0x3D short         a spawn from a template: slot, uid delta, tick offset, x, y, aim
//	0x3E sibling       the next bullet of the same volley: uid delta, aim
//	0x3F fan           the next n bullets of the same volley, uids one apart,
//	                   aims stepping evenly (a ring, a fan): n, step, phase
//
// A short spawn's velocity is game.BulletVelocity(aim, slot speed) and its
// position is on the spawn grid (1/8 u, two bytes each), which is exactly
// how the server built it (game.MakeBulletSpawn), so the replica still
// starts from identical bits. A spawn whose velocity is not of that
// form, or whose uid or tick will not fit the deltas, is written in full.
//
// A fan's i-th bullet (i = 1..n) has the aim a0 + ⌊(i·step + phase) / 65536⌋
// (mod 65536), a0 being the aim of the bullet before the fan: step and
// phase are fixed point with 16 fraction bits, fine enough to give back
// exactly the aims game.AimFromAngle rounded from an even spread. The
// encoder writes a sibling first and folds it, and each sibling after it
// that the same step and phase give back, into one fan (fanFit).
const (
	evHitShort        game.EventKind = 0x36
	evBulletNear      game.EventKind = 0x37
	evNearDespawnWall game.EventKind = 0x38
	evNearDespawnHit  game.EventKind = 0x39
	evDespawnWall     game.EventKind = 0x3A
	evDespawnHit      game.EventKind = 0x3B
	evBulletTemplate  game.EventKind = 0x3C
	evBulletShort     game.EventKind = 0x3D
	evBulletSibling   game.EventKind = 0x3E
	evBulletFan       game.EventKind = 0x3F
)

// TemplateSlots is the size of the template table each side keeps.
const TemplateSlots = 32

func isStreamKind(k game.EventKind) bool {
	return k >= evHitShort && k <= evBulletFan
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
// position. aim is its newest bullet's: a fan steps on from it.
type volley struct {
	slot    uint8
	tick    uint32
	x, y    uint32 // float32 bits
	aim     uint16
	defined bool
}

// streamState is what both ends of an events stream remember.
type streamState struct {
	head    headerState
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
	head headerState // this packet's tick and epoch: the stream's once an event is in
	st   streamState
	fan  fanFit
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
	e.head = headerState{tick: tick, epoch: epoch}
	e.b = appendEventsHeader(b, e.st.head, epoch, tick)
	e.n = 0
	e.fan.close()
}

// added counts an event written. The first one commits the packet's
// header to the stream: a packet left empty is never sent, so the next
// header must not count from it.
func (e *EventEncoder) added() {
	if e.n == 0 {
		e.st.head = e.head
	}
	e.n++
}

// ResetStream forgets everything sent: for a new connection.
func (e *EventEncoder) ResetStream() { e.st.reset() }

// Size is the most Add would append for ev: a sibling may take nothing,
// folded into the fan before it, or turn that fan's one sibling into a
// fan of two for the same four bytes.
func (e *EventEncoder) Size(ev *game.Event) int {
	switch ev.Kind {
	case game.EvBulletDespawn, game.EvHit:
		return 1 + EventPayloadSize(e.shortForm(ev).kind)
	case game.EvBulletSpawn:
		p := e.planSpawn(&ev.Bullet)
		n := 1 + EventPayloadSize(p.kind)
		if p.newSlot {
			n += 1 + EventPayloadSize(evBulletTemplate)
		}
		return n
	}
	return 1 + EventPayloadSize(ev.Kind)
}

// Add appends ev, refusing what AppendEvent refuses.
func (e *EventEncoder) Add(ev *game.Event) error {
	if err := checkEvent(ev); err != nil {
		return err
	}
	switch f := e.shortForm(ev); {
	case f.kind != ev.Kind:
		e.addShortForm(ev, f)
	case ev.Kind == game.EvBulletSpawn:
		e.addSpawn(&ev.Bullet, e.planSpawn(&ev.Bullet))
		e.added()
		return nil
	default:
		b, err := AppendEvent(e.b, ev)
		if err != nil {
			return err
		}
		e.b = b
	}
	e.fan.close()
	e.added()
	return nil
}

// shortPlan is how a despawn or a hit goes on the stream: its own kind
// (written as AppendEvent writes it), or a short form naming its bullet by
// uid delta from the last spawned uid.
type shortPlan struct {
	kind    game.EventKind
	uidDiff int32
	tickOff int32 // a hit's: from this packet's tick
}

// shortForm picks the smallest form of a despawn or a hit; any other
// event keeps its kind.
func (e *EventEncoder) shortForm(ev *game.Event) shortPlan {
	plain := shortPlan{kind: ev.Kind}
	if !e.st.hasUID || (ev.Kind != game.EvBulletDespawn && ev.Kind != game.EvHit) || ev.Reason == game.DespawnErased {
		return plain
	}
	d := int32(ev.Bullet.UID - e.st.lastUID)
	p := shortPlan{uidDiff: d}
	switch {
	case ev.Kind == game.EvHit:
		p.kind, p.tickOff = evHitShort, int32(ev.Tick-e.head.tick)
		if d < math.MinInt16 || d > math.MaxInt16 || p.tickOff < math.MinInt8 || p.tickOff > math.MaxInt8 {
			return plain
		}
	case d >= math.MinInt8 && d <= math.MaxInt8:
		p.kind = evNearDespawnWall
		if ev.Reason == game.DespawnHit {
			p.kind = evNearDespawnHit
		}
	case d >= math.MinInt16 && d <= math.MaxInt16:
		p.kind = evDespawnWall
		if ev.Reason == game.DespawnHit {
			p.kind = evDespawnHit
		}
	default:
		return plain
	}
	return p
}

func (e *EventEncoder) addShortForm(ev *game.Event, p shortPlan) {
	e.b = append(e.b, uint8(p.kind))
	switch p.kind {
	case evNearDespawnWall, evNearDespawnHit:
		e.b = append(e.b, uint8(int8(p.uidDiff)))
	case evDespawnWall, evDespawnHit:
		e.b = AppendI16(e.b, int16(p.uidDiff))
	case evHitShort:
		e.b = AppendU16(append(e.b, ev.Actor), ev.ID)
		e.b = AppendU16(e.b, ev.Other)
		e.b = AppendI16(e.b, ev.Amount)
		e.b = AppendI16(e.b, ev.HP)
		e.b = AppendI16(e.b, int16(p.uidDiff))
		e.b = append(e.b, uint8(int8(p.tickOff)))
	}
}

// planSpawn picks the smallest form s can take on the stream as it stands.
func (e *EventEncoder) planSpawn(s *game.BulletSpawn) spawnPlan {
	full := spawnPlan{kind: game.EvBulletSpawn}
	aim, speed, ok := game.CanonicalVelocity(s.VX, s.VY)
	if !ok || !e.st.hasUID {
		return full
	}
	if pv := &e.st.prev; pv.defined {
		// A velocity may come back from two speeds a float32 step apart:
		// keep the volley's own when it gives this one too, or the volley
		// would flip between templates and go as short spawns.
		if vs := e.st.slots[pv.slot].speed; vs != math.Float32bits(speed) {
			if a, ok := game.AimAtSpeed(s.VX, s.VY, math.Float32frombits(vs)); ok {
				aim, speed = a, math.Float32frombits(vs)
			}
		}
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
	if off := int32(s.SpawnTick - e.head.tick); off < math.MinInt8 || off > math.MaxInt8 {
		return full
	}
	if delta <= math.MaxUint8 {
		p.kind = evBulletNear
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
		e.fan.close()
	case evBulletSibling:
		e.addSibling(p)
		st.prev.aim = p.aim
	case evBulletShort, evBulletNear:
		if p.newSlot {
			e.b = appendTemplate(e.b, p.slot, &p.tmpl)
			st.slots[p.slot] = p.tmpl
			st.victim = (st.victim + 1) % TemplateSlots
		}
		e.b = append(e.b, uint8(p.kind), p.slot)
		if p.kind == evBulletNear {
			e.b = append(e.b, uint8(p.uidDelta))
		} else {
			e.b = AppendU16(e.b, uint16(p.uidDelta))
		}
		e.b = append(e.b, uint8(int8(int32(s.SpawnTick-e.head.tick))))
		x, _ := gridU16(s.X)
		y, _ := gridU16(s.Y)
		e.b = AppendU16(AppendU16(e.b, x), y)
		e.b = AppendU16(e.b, p.aim)
		st.prev = volley{slot: p.slot, tick: s.SpawnTick, x: math.Float32bits(s.X), y: math.Float32bits(s.Y), aim: p.aim, defined: true}
		e.fan.close()
	}
	st.lastUID, st.hasUID = s.UID, true
}

// addSibling writes the volley's next bullet: folded into the fan (or the
// lone sibling) just written when one step and phase give back its aim
// too, as a sibling of its own otherwise.
func (e *EventEncoder) addSibling(p spawnPlan) {
	f := &e.fan
	if p.uidDelta == 1 && f.open() && f.extend(p.aim-e.st.prev.aim) {
		if f.n == 2 {
			e.b = e.b[:f.at] // the lone sibling becomes a fan of two
			e.b = append(e.b, uint8(evBulletFan), 0, 0, 0, 0, 0, 0, 0)
		}
		e.b[f.at+1] = uint8(f.n)
		putU32(e.b, f.at+2, f.step)
		putU16(e.b, f.at+6, f.phase)
		return
	}
	f.close()
	if p.uidDelta == 1 {
		f.start(len(e.b), p.aim-e.st.prev.aim)
	}
	e.b = AppendU16(append(e.b, uint8(evBulletSibling), uint8(p.uidDelta)), p.aim)
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
	r    Reader
	head headerState // this packet's tick and epoch
	st   streamState
	fan  fanYield
}

// fanYield is a fan the iterator is part way through.
type fanYield struct {
	left, i int
	step    uint32
	phase   uint16
	a0      uint16
}

// Reset starts iterating over packet b and reads its header; the stream's
// state carries on from the previous packet.
func (it *EventIter) Reset(b []byte) {
	it.r = NewReader(b)
	it.fan = fanYield{}
	readType(&it.r, MsgEvents)
	it.head = readEventsHeader(&it.r, it.st.head)
	if it.r.Err() == nil {
		it.st.head = it.head
	}
}

// ResetStream forgets the stream's state: for a new connection.
func (it *EventIter) ResetStream() { it.st.reset() }

// Tick returns the tick of the packet's header (the previous packet's if
// the header was unreadable).
func (it *EventIter) Tick() uint32 { return it.head.tick }

// Epoch returns the instance epoch of the packet's header: which of the
// receiver's instances its events belong to.
func (it *EventIter) Epoch() uint16 { return it.head.epoch }

// Err returns the error that stopped the iteration, or nil when the packet
// ended cleanly on an event boundary.
func (it *EventIter) Err() error { return it.r.Err() }

// Next decodes the next event into ev and reports whether there was one.
// ev is overwritten entirely: fields its kind does not use are zero.
func (it *EventIter) Next(ev *game.Event) bool {
	r := &it.r
	if it.fan.left > 0 && r.Err() == nil {
		it.fanNext(ev)
		return true
	}
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
		case evBulletShort, evBulletNear:
			ok = it.readShort(ev, kind)
		case evHitShort:
			ok = it.readHitShort(ev)
		case evBulletSibling:
			ok = it.readSibling(ev)
		case evBulletFan:
			ok = it.readFan(ev)
		case evDespawnWall, evDespawnHit, evNearDespawnWall, evNearDespawnHit:
			ok = it.readShortDespawn(ev, kind)
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

func (it *EventIter) readShort(ev *game.Event, kind game.EventKind) bool {
	r := &it.r
	slot := r.U8()
	var delta uint16
	if kind == evBulletNear {
		delta = uint16(r.U8())
	} else {
		delta = r.U16()
	}
	off := int8(r.U8())
	x := float32(r.U16()) / game.SpawnGridScale
	y := float32(r.U16()) / game.SpawnGridScale
	aim := r.U16()
	if slot >= TemplateSlots || !it.st.slots[slot].defined || delta == 0 || !it.st.hasUID {
		r.Fail(ErrMalformed)
		return false
	}
	it.st.prev = volley{slot: slot, tick: it.head.tick + uint32(int32(off)), x: math.Float32bits(x), y: math.Float32bits(y), defined: true}
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

// readFan reads a fan and yields its first bullet; Next yields the rest.
func (it *EventIter) readFan(ev *game.Event) bool {
	r := &it.r
	n, step, phase := r.U8(), r.U32(), r.U16()
	if !it.st.prev.defined || n == 0 {
		r.Fail(ErrMalformed)
		return false
	}
	it.fan = fanYield{left: int(n), step: step, phase: phase, a0: it.st.prev.aim}
	it.fanNext(ev)
	return true
}

// fanNext yields the fan's next bullet: the next uid, the next aim.
func (it *EventIter) fanNext(ev *game.Event) {
	f := &it.fan
	f.i++
	f.left--
	*ev = game.Event{}
	it.spawnFrom(ev, 1, f.a0+fanTurn(f.i, f.step, f.phase))
}

func (it *EventIter) readShortDespawn(ev *game.Event, kind game.EventKind) bool {
	r := &it.r
	var d int16
	if kind == evNearDespawnWall || kind == evNearDespawnHit {
		d = int16(r.I8())
	} else {
		d = r.I16()
	}
	if !it.st.hasUID {
		r.Fail(ErrMalformed)
		return false
	}
	reason := game.DespawnWall
	if kind == evDespawnHit || kind == evNearDespawnHit {
		reason = game.DespawnHit
	}
	*ev = game.Event{Kind: game.EvBulletDespawn, Reason: reason}
	ev.Bullet.UID = it.st.lastUID + uint32(int32(d))
	return true
}

// readHitShort reads a hit whose bullet is named by uid delta and whose
// tick is an offset from the packet's.
func (it *EventIter) readHitShort(ev *game.Event) bool {
	r := &it.r
	*ev = game.Event{Kind: game.EvHit}
	ev.Actor, ev.ID, ev.Other = r.U8(), r.U16(), r.U16()
	ev.Amount, ev.HP = r.I16(), r.I16()
	d, off := r.I16(), r.I8()
	if !it.st.hasUID {
		r.Fail(ErrMalformed)
		return false
	}
	ev.Bullet.UID = it.st.lastUID + uint32(int32(d))
	ev.Tick = it.head.tick + uint32(int32(off))
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
	pv.aim = aim
}
