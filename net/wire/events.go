package wire

import (
	"math"

	"duskfall/game"
)

// An Events packet is a header (type, tick) followed by events until the
// end of the packet; each event is a kind byte and a payload whose size is
// fixed by the kind. There is no per-event length, so an unknown kind
// cannot be skipped: it ends the stream with ErrUnknownType.

// EventsHeaderSize is the size of an Events packet with no events.
const EventsHeaderSize = 1 + 4

// EvBulletSibling is a wire-only event kind: a bullet spawn that shares
// everything but its uid and velocity with the spawn before it in the same
// packet (a ring, fan or spiral volley). It carries the uid as a delta and
// the exact float32 velocity, 10 bytes on the wire instead of 37, and the
// iterator expands it back into an EvBulletSpawn, so nothing above the
// codec ever sees it.
const EvBulletSibling game.EventKind = 0x3F

// eventPayloadSize is indexed by kind; 0 marks a kind that is not on the
// wire. Kinds from game.EvServerOnly up are never on the wire.
var eventPayloadSize = [game.EvServerOnly]uint8{
	game.EvBulletSpawn:   36,
	game.EvBulletDespawn: 5,
	game.EvHit:           9,
	game.EvDeath:         5,
	game.EvPortalUsed:    4,
	EvBulletSibling:      9,
}

// EventPayloadSize returns the payload size of kind k (the kind byte not
// included), or 0 if k is not a wire kind.
func EventPayloadSize(k game.EventKind) int {
	if int(k) >= len(eventPayloadSize) {
		return 0
	}
	return int(eventPayloadSize[k])
}

// AppendEventsHeader starts an Events packet for tick.
func AppendEventsHeader(b []byte, tick uint32) []byte {
	return AppendU32(append(b, uint8(MsgEvents)), tick)
}

// AppendEvent appends one event after AppendEventsHeader or a previous
// event. Server-only kinds are refused with ErrServerOnly, kinds not on the
// wire with ErrUnknownType, and fields the decoder would refuse (a NaN
// coordinate, an unknown team, actor or despawn reason) with ErrMalformed;
// on error b is unchanged.
func AppendEvent(b []byte, ev *game.Event) ([]byte, error) {
	if ev.Kind == EvBulletSibling {
		return b, ErrUnknownType // only EventEncoder writes siblings, from full spawns
	}
	if err := checkEvent(ev); err != nil {
		return b, err
	}
	b = append(b, uint8(ev.Kind))
	switch ev.Kind {
	case game.EvBulletSpawn:
		b = appendBullet(b, &ev.Bullet)
	case game.EvBulletDespawn:
		b = append(AppendU32(b, ev.Bullet.UID), ev.Reason)
	case game.EvHit:
		b = AppendU16(append(b, ev.Actor), ev.ID)
		b = AppendU16(b, ev.Other)
		b = AppendI16(b, ev.Amount)
		b = AppendI16(b, ev.HP)
	case game.EvDeath:
		b = AppendU16(append(b, ev.Actor), ev.ID)
		b = AppendU16(b, ev.Other)
	case game.EvPortalUsed:
		b = append(AppendU16(b, ev.ID), ev.Portal, ev.Dungeon)
	}
	return b, nil
}

func appendBullet(b []byte, s *game.BulletSpawn) []byte {
	b = AppendU32(b, s.UID)
	b = AppendU32(b, s.SpawnTick)
	b = AppendF32(b, s.X)
	b = AppendF32(b, s.Y)
	b = AppendF32(b, s.VX)
	b = AppendF32(b, s.VY)
	b = AppendF32(b, s.Accel)
	b = AppendI16(b, s.Turn)
	b = AppendU16(b, s.Radius)
	b = AppendU16(b, s.Life)
	return append(b, s.Kind, s.Team)
}

// checkEvent holds the rules both the encoder and the decoder enforce, so
// whatever one accepts the other does too.
func checkEvent(ev *game.Event) error {
	if ev.Kind >= game.EvServerOnly {
		return ErrServerOnly
	}
	if EventPayloadSize(ev.Kind) == 0 {
		return ErrUnknownType
	}
	switch ev.Kind {
	case game.EvBulletSpawn:
		s := &ev.Bullet
		if !finite(s.X) || !finite(s.Y) || !finite(s.VX) || !finite(s.VY) || !finite(s.Accel) {
			return ErrMalformed
		}
		if s.Team != game.TeamPlayer && s.Team != game.TeamEnemy {
			return ErrMalformed
		}
	case game.EvBulletDespawn:
		if ev.Reason != game.DespawnHit && ev.Reason != game.DespawnWall {
			return ErrMalformed
		}
	case game.EvHit, game.EvDeath:
		if ev.Actor != game.ActorPlayer && ev.Actor != game.ActorEnemy {
			return ErrMalformed
		}
	}
	return nil
}

// EventIter decodes the events of one packet into a caller-owned
// game.Event, without allocating:
//
//	it.Reset(pkt)
//	for it.Next(&ev) { apply(ev) }
//	if it.Err() != nil { ... }
//
// Events yielded before an error were complete and valid; nothing after
// the error is yielded.
type EventIter struct {
	r       Reader
	tick    uint32
	prev    game.BulletSpawn // the last spawn, which a sibling extends
	hasPrev bool
}

// Reset starts iterating over packet b and reads its header.
func (it *EventIter) Reset(b []byte) {
	it.r = NewReader(b)
	it.hasPrev = false
	readType(&it.r, MsgEvents)
	it.tick = it.r.U32()
}

// Tick returns the tick of the packet's header (0 if it was unreadable).
func (it *EventIter) Tick() uint32 { return it.tick }

// Err returns the error that stopped the iteration, or nil when the packet
// ended cleanly on an event boundary.
func (it *EventIter) Err() error { return it.r.Err() }

// Next decodes the next event into ev and reports whether there was one.
// ev is overwritten entirely: fields its kind does not use are zero.
func (it *EventIter) Next(ev *game.Event) bool {
	r := &it.r
	if r.Remaining() == 0 {
		return false
	}
	kind := game.EventKind(r.U8())
	if EventPayloadSize(kind) == 0 {
		r.Fail(ErrUnknownType)
		return false
	}
	if r.Remaining() < EventPayloadSize(kind) {
		r.Fail(ErrShort)
		return false
	}
	if kind == EvBulletSibling {
		return it.nextSibling(ev)
	}
	*ev = game.Event{Kind: kind}
	readEventPayload(r, ev)
	if err := checkEvent(ev); err != nil {
		r.Fail(err)
		return false
	}
	if kind == game.EvBulletSpawn {
		if it.hasPrev && siblingOf(&it.prev, &ev.Bullet) {
			r.Fail(ErrMalformed) // not canonical: the encoder would have sent a sibling
			return false
		}
		it.prev, it.hasPrev = ev.Bullet, true
	}
	return true
}

// nextSibling expands a sibling into a full spawn from the previous one.
func (it *EventIter) nextSibling(ev *game.Event) bool {
	r := &it.r
	delta := r.U8()
	vx, vy := r.F32(), r.F32()
	if !it.hasPrev || delta == 0 || !finite(vx) || !finite(vy) {
		r.Fail(ErrMalformed)
		return false
	}
	s := it.prev
	s.UID += uint32(delta)
	s.VX, s.VY = vx, vy
	*ev = game.Event{Kind: game.EvBulletSpawn, Bullet: s}
	it.prev = s
	return true
}

// siblingOf says whether s can be sent as a sibling of prev: everything
// but the velocity identical to the bit, and a uid a little after prev's.
func siblingOf(prev, s *game.BulletSpawn) bool {
	d := s.UID - prev.UID
	return d >= 1 && d <= 255 &&
		s.SpawnTick == prev.SpawnTick &&
		sameBits(s.X, prev.X) && sameBits(s.Y, prev.Y) && sameBits(s.Accel, prev.Accel) &&
		s.Turn == prev.Turn && s.Radius == prev.Radius && s.Life == prev.Life &&
		s.Kind == prev.Kind && s.Team == prev.Team
}

func sameBits(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// EventEncoder builds one Events packet, sending each spawn that continues
// the spawn before it as a sibling. Use it for every packet a peer
// receives; AppendEvent writes every spawn in full.
type EventEncoder struct {
	b       []byte
	empty   int
	n       int
	prev    game.BulletSpawn
	hasPrev bool
}

// Begin starts a packet for tick, appended to b (pass b[:0] to reuse b).
func (e *EventEncoder) Begin(b []byte, tick uint32) {
	e.b = AppendEventsHeader(b, tick)
	e.empty, e.n, e.hasPrev = len(e.b), 0, false
}

// Size is how many bytes Add would append for ev.
func (e *EventEncoder) Size(ev *game.Event) int {
	if ev.Kind == game.EvBulletSpawn && e.hasPrev && siblingOf(&e.prev, &ev.Bullet) {
		return 1 + EventPayloadSize(EvBulletSibling)
	}
	return 1 + EventPayloadSize(ev.Kind)
}

// Add appends ev, refusing what AppendEvent refuses.
func (e *EventEncoder) Add(ev *game.Event) error {
	if ev.Kind == game.EvBulletSpawn && e.hasPrev && siblingOf(&e.prev, &ev.Bullet) {
		if err := checkEvent(ev); err != nil {
			return err
		}
		e.b = append(e.b, uint8(EvBulletSibling), uint8(ev.Bullet.UID-e.prev.UID))
		e.b = AppendF32(AppendF32(e.b, ev.Bullet.VX), ev.Bullet.VY)
		e.prev = ev.Bullet
		e.n++
		return nil
	}
	b, err := AppendEvent(e.b, ev)
	if err != nil {
		return err
	}
	e.b = b
	e.n++
	if ev.Kind == game.EvBulletSpawn {
		e.prev, e.hasPrev = ev.Bullet, true
	}
	return nil
}

// Len is the size of the buffer so far; Count the events in the packet.
func (e *EventEncoder) Len() int   { return len(e.b) }
func (e *EventEncoder) Count() int { return e.n }

// Bytes is the packet; it stays valid until the next Begin.
func (e *EventEncoder) Bytes() []byte { return e.b }

func readEventPayload(r *Reader, ev *game.Event) {
	switch ev.Kind {
	case game.EvBulletSpawn:
		readBullet(r, &ev.Bullet)
	case game.EvBulletDespawn:
		ev.Bullet.UID = r.U32()
		ev.Reason = r.U8()
	case game.EvHit:
		ev.Actor, ev.ID, ev.Other = r.U8(), r.U16(), r.U16()
		ev.Amount, ev.HP = r.I16(), r.I16()
	case game.EvDeath:
		ev.Actor, ev.ID, ev.Other = r.U8(), r.U16(), r.U16()
	case game.EvPortalUsed:
		ev.ID, ev.Portal, ev.Dungeon = r.U16(), r.U8(), r.U8()
	}
}

// readBullet reads raw floats: checkEvent refuses non-finite ones after,
// with the same rule the encoder applies.
func readBullet(r *Reader, s *game.BulletSpawn) {
	s.UID = r.U32()
	s.SpawnTick = r.U32()
	s.X, s.Y = r.F32(), r.F32()
	s.VX, s.VY = r.F32(), r.F32()
	s.Accel = r.F32()
	s.Turn = r.I16()
	s.Radius = r.U16()
	s.Life = r.U16()
	s.Kind = r.U8()
	s.Team = r.U8()
}
