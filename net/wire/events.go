package wire

import (
	"encoding/binary"

	"duskfall/game"
)

// An Events packet is a header (type, the change of tick and epoch since
// the stream's previous packet) followed by events until the end of the
// packet; each event is a kind byte and a payload whose size is fixed by
// the kind. There is no per-event length, so an unknown kind cannot be
// skipped: it ends the stream with ErrUnknownType.

// MaxEventsHeaderSize is the most an Events packet's header takes: type,
// the change (a varint of up to 5 bytes), a new epoch.
const MaxEventsHeaderSize = 1 + 5 + 2

// maxHeaderChange is the largest change a header carries: a zigzagged
// int32 tick change shifted over the epoch flag.
const maxHeaderChange = 1<<33 - 1

// eventPayloadSize is indexed by kind; 0 marks a kind that is not on the
// wire. Kinds from game.EvServerOnly up are never on the wire.
var eventPayloadSize = [game.EvServerOnly]uint8{
	game.EvBulletSpawn:   36,
	game.EvBulletDespawn: 5,
	game.EvHit:           17,
	game.EvDeath:         13,
	game.EvPortalUsed:    4,
	game.EvPortalOpened:  10,
	game.EvAbility:       11,
	evHitShort:           12,
	evBulletNear:         9,
	evNearDespawnWall:    1,
	evNearDespawnHit:     1,
	evDespawnWall:        2,
	evDespawnHit:         2,
	evBulletTemplate:     17,
	evBulletShort:        10,
	evBulletSibling:      3,
	evBulletFan:          7,
}

// EventPayloadSize returns the payload size of kind k (the kind byte not
// included), or 0 if k is not a wire kind.
func EventPayloadSize(k game.EventKind) int {
	if int(k) >= len(eventPayloadSize) {
		return 0
	}
	return int(eventPayloadSize[k])
}

// AppendEventsHeader starts the first Events packet of a stream: of an
// instance epoch, for tick. The packets after it carry their header as a
// change from the one before (EventEncoder.Begin).
func AppendEventsHeader(b []byte, epoch uint16, tick uint32) []byte {
	return appendEventsHeader(b, headerState{}, epoch, tick)
}

// headerState is the tick and epoch of a stream's previous packet: the
// next packet's header says how it differs. A stream starts at tick 0 of
// epoch 0.
type headerState struct {
	tick  uint32
	epoch uint16
}

// appendEventsHeader writes the type, then a varint of the tick's change
// as a zigzagged int32, shifted left over a flag for a new epoch, then the
// new epoch if the flag is set. A packet three ticks after the previous
// one in the same instance has a two-byte header.
func appendEventsHeader(b []byte, prev headerState, epoch uint16, tick uint32) []byte {
	d := int32(tick - prev.tick)
	change := uint64(uint32(d<<1^d>>31)) << 1
	if epoch != prev.epoch {
		change |= 1
	}
	b = binary.AppendUvarint(append(b, uint8(MsgEvents)), change)
	if epoch != prev.epoch {
		b = AppendU16(b, epoch)
	}
	return b
}

// readEventsHeader reads a header written against prev, after the type.
func readEventsHeader(r *Reader, prev headerState) headerState {
	change := r.Uvarint(maxHeaderChange)
	z := uint32(change >> 1)
	next := headerState{tick: prev.tick + uint32(int32(z>>1)^-int32(z&1)), epoch: prev.epoch}
	if change&1 != 0 {
		if next.epoch = r.U16(); next.epoch == prev.epoch {
			r.Fail(ErrMalformed) // a new epoch that is not new: not the shortest form
		}
	}
	return next
}

// AppendEvent appends one event after AppendEventsHeader or a previous
// event. Server-only kinds are refused with ErrServerOnly, kinds not on the
// wire with ErrUnknownType, and fields the decoder would refuse (a NaN
// coordinate, an unknown team, actor or despawn reason) with ErrMalformed;
// on error b is unchanged.
func AppendEvent(b []byte, ev *game.Event) ([]byte, error) {
	if isStreamKind(ev.Kind) {
		return b, ErrUnknownType // only EventEncoder writes these, from full spawns
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
		b = AppendU32(b, ev.Bullet.UID)
		b = AppendU32(b, ev.Tick)
	case game.EvDeath:
		b = AppendU16(append(b, ev.Actor), ev.ID)
		b = AppendU16(b, ev.Other)
		b = AppendI16(b, ev.Amount)
		b = AppendI16(b, ev.HP)
		b = AppendU32(b, ev.Bullet.UID)
	case game.EvPortalUsed:
		b = append(AppendU16(b, ev.ID), ev.Portal, ev.Dungeon)
	case game.EvPortalOpened:
		b = AppendF32(AppendF32(append(b, ev.Portal, ev.Dungeon), ev.X), ev.Y)
	case game.EvAbility:
		b = AppendF32(AppendF32(append(AppendU16(b, ev.ID), ev.Reason), ev.X), ev.Y)
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
		if s.Life == 0 || s.Life > game.MaxBulletLife {
			return ErrMalformed // no content fires it; a replica would fast-forward it for long
		}
	case game.EvBulletDespawn:
		if ev.Reason != game.DespawnHit && ev.Reason != game.DespawnWall && ev.Reason != game.DespawnErased {
			return ErrMalformed
		}
	case game.EvAbility:
		if ev.Reason >= game.MaxClasses || !finite(ev.X) || !finite(ev.Y) {
			return ErrMalformed
		}
	case game.EvPortalOpened:
		if !finite(ev.X) || !finite(ev.Y) {
			return ErrMalformed
		}
	case game.EvHit, game.EvDeath:
		if ev.Actor != game.ActorPlayer && ev.Actor != game.ActorEnemy {
			return ErrMalformed
		}
	}
	return nil
}

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
		ev.Bullet.UID, ev.Tick = r.U32(), r.U32()
	case game.EvDeath:
		ev.Actor, ev.ID, ev.Other = r.U8(), r.U16(), r.U16()
		ev.Amount, ev.HP, ev.Bullet.UID = r.I16(), r.I16(), r.U32()
	case game.EvPortalUsed:
		ev.ID, ev.Portal, ev.Dungeon = r.U16(), r.U8(), r.U8()
	case game.EvPortalOpened:
		ev.Portal, ev.Dungeon = r.U8(), r.U8()
		ev.X, ev.Y = r.F32(), r.F32()
	case game.EvAbility:
		ev.ID, ev.Reason = r.U16(), r.U8()
		ev.X, ev.Y = r.F32(), r.F32()
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
