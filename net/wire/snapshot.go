package wire

import "duskfall/game"

// Snapshot is the state a peer sees at one tick: the players and enemies
// within its interest, and the newest input tick the server consumed from
// that peer (for reconciliation).
type Snapshot struct {
	Tick, LastInputTick uint32
	Players             []game.PlayerState
	Enemies             []game.EnemyState
}

// Record sizes and limits of a snapshot.
const (
	PlayerRecordSize = 17
	EnemyRecordSize  = 15
	MaxPlayers       = 255   // u8 count
	MaxEnemies       = 65535 // u16 count

	snapshotHeaderSize = 1 + 4 + 4 + 1 // type, tick, lastInputTick, player count
)

// SnapshotEncoder writes a snapshot record by record, so the server can
// encode each peer's filtered view straight from its world without
// building a Snapshot first. The counts are reserved up front and patched
// by Finish. It does not allocate when b has capacity for the whole
// snapshot. Use: Begin, AddPlayer*, BeginEnemies, AddEnemy*, Finish.
type SnapshotEncoder struct {
	b          []byte
	playersAt  int // offset of the player count byte
	enemiesAt  int // offset of the enemy count; 0 until BeginEnemies
	nPlayers   int
	nEnemies   int
	inProgress bool
}

// Begin starts a snapshot appended to b.
func (e *SnapshotEncoder) Begin(b []byte, tick, lastInputTick uint32) {
	b = append(b, uint8(MsgSnapshot))
	b = AppendU32(b, tick)
	b = AppendU32(b, lastInputTick)
	*e = SnapshotEncoder{b: append(b, 0), playersAt: len(b), inProgress: true}
}

// AddPlayer appends one player record. It reports false, and appends
// nothing, once MaxPlayers are written, after BeginEnemies, or outside
// Begin..Finish: the layout has no place for the record then.
func (e *SnapshotEncoder) AddPlayer(p game.PlayerState) bool {
	if !e.inProgress || e.enemiesAt != 0 || e.nPlayers == MaxPlayers {
		return false
	}
	b := AppendU16(e.b, p.ID)
	b = AppendF32(b, p.X)
	b = AppendF32(b, p.Y)
	b = AppendU16(b, p.Aim)
	b = AppendI16(b, p.HP)
	b = AppendI16(b, p.MaxHP)
	e.b = append(b, p.Flags)
	e.nPlayers++
	return true
}

// BeginEnemies closes the player list. Calling it is optional: the first
// AddEnemy or Finish closes it too.
func (e *SnapshotEncoder) BeginEnemies() {
	if !e.inProgress || e.enemiesAt != 0 {
		return
	}
	e.b[e.playersAt] = uint8(e.nPlayers)
	e.enemiesAt = len(e.b)
	e.b = AppendU16(e.b, 0)
}

// AddEnemy appends one enemy record; it reports false, and appends nothing,
// once MaxEnemies are written or outside Begin..Finish.
func (e *SnapshotEncoder) AddEnemy(x game.EnemyState) bool {
	if !e.inProgress || e.nEnemies == MaxEnemies {
		return false
	}
	e.BeginEnemies()
	b := AppendU16(e.b, x.ID)
	b = append(b, x.Kind)
	b = AppendF32(b, x.X)
	b = AppendF32(b, x.Y)
	b = AppendI16(b, x.HP)
	e.b = AppendI16(b, x.MaxHP)
	e.nEnemies++
	return true
}

// Finish patches the counts and returns the packet appended to the b given
// to Begin. The encoder is then idle until the next Begin.
func (e *SnapshotEncoder) Finish() []byte {
	if !e.inProgress {
		return e.b
	}
	e.BeginEnemies()
	putU16(e.b, e.enemiesAt, uint16(e.nEnemies))
	e.inProgress = false
	return e.b
}

// AppendSnapshot appends s. Records past MaxPlayers or MaxEnemies are left
// out, as the counts cannot express them.
func AppendSnapshot(b []byte, s *Snapshot) []byte {
	var e SnapshotEncoder
	e.Begin(b, s.Tick, s.LastInputTick)
	for i := range s.Players {
		e.AddPlayer(s.Players[i])
	}
	e.BeginEnemies()
	for i := range s.Enemies {
		e.AddEnemy(s.Enemies[i])
	}
	return e.Finish()
}

// DecodeSnapshot decodes a Snapshot packet into dst, reusing the capacity
// of its slices, so a client decoding into the same Snapshot every time
// does not allocate. Each count is checked against the bytes left before
// any slice grows. On error dst holds no records and must be discarded.
func DecodeSnapshot(b []byte, dst *Snapshot) error {
	err := decodeSnapshot(b, dst)
	if err != nil {
		*dst = Snapshot{Players: dst.Players[:0], Enemies: dst.Enemies[:0]}
	}
	return err
}

func decodeSnapshot(b []byte, dst *Snapshot) error {
	r := NewReader(b)
	readType(&r, MsgSnapshot)
	dst.Tick = r.U32()
	dst.LastInputTick = r.U32()
	n := int(r.U8())
	if n*PlayerRecordSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	dst.Players = resize(dst.Players, n)
	for i := range dst.Players {
		readPlayer(&r, &dst.Players[i])
	}
	n = int(r.U16())
	if n*EnemyRecordSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	dst.Enemies = resize(dst.Enemies, n)
	for i := range dst.Enemies {
		readEnemy(&r, &dst.Enemies[i])
	}
	return r.End()
}

func readPlayer(r *Reader, p *game.PlayerState) {
	p.ID = r.U16()
	p.X = r.F32Finite()
	p.Y = r.F32Finite()
	p.Aim = r.U16()
	p.HP = r.I16()
	p.MaxHP = r.I16()
	p.Flags = r.U8()
}

func readEnemy(r *Reader, x *game.EnemyState) {
	x.ID = r.U16()
	x.Kind = r.U8()
	x.X = r.F32Finite()
	x.Y = r.F32Finite()
	x.HP = r.I16()
	x.MaxHP = r.I16()
}

// resize returns s with length n, reusing its capacity when it suffices.
// Callers have bounded n by the packet size already.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
