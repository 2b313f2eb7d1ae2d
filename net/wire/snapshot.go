package wire

import (
	"math"

	"duskfall/game"
)

// Snapshot is the state a peer sees at one tick: the players and enemies
// within its interest, and the newest input tick the server consumed from
// that peer (for reconciliation).
//
// Players[0] is the receiver's own record, in full precision: the client
// reconciles its prediction against it. Every other record is compact:
// positions in quarter units, aim in 1/256 turns, health as a share of
// 255 (HP 0..255 over MaxHP 255). Those are drawn, interpolated, never
// predicted from, and the compact form is what keeps a snapshot small
// enough for 20 Hz. The decoder yields compact records already quantized,
// so a decoded snapshot re-encodes to the same bytes.
type Snapshot struct {
	Epoch               uint16 // the receiver's instance epoch (EnterInstance.Epoch)
	Tick, LastInputTick uint32
	Players             []game.PlayerState
	Enemies             []game.EnemyState
	// Loot is the ground loot the receiver may see near it. Items do not
	// move, so a server sends the list only when it changed, and again
	// now and then to repair a lost snapshot: LootKept says this snapshot
	// has no list and the receiver keeps the one it has.
	Loot     []GroundLoot
	LootKept bool
}

// GroundLoot is one item on the ground as a snapshot carries it.
type GroundLoot struct {
	ID    uint16 // the world's handle for it
	Def   uint8  // item definition index
	X, Y  float32
	Flags uint8 // LootMine
}

// LootMine marks an item instanced to the receiver: nobody else sees it.
const LootMine uint8 = 1

// Record sizes and limits of a snapshot.
const (
	PlayerRecordSize = 17 // the receiver's own record
	OtherRecordSize  = 9  // every other player
	EnemyRecordSize  = 9
	LootRecordSize   = 8
	MaxLoot          = 254 // u8 count; 255 is lootKeptMark
	lootKeptMark     = 255
	ShareMax         = 255   // MaxHP of a compact record: HP is a share of it
	MaxPlayers       = 255   // u8 count
	MaxEnemies       = 65535 // u16 count

	snapshotHeaderSize = 1 + 2 + 4 + 1 + 1 // type, epoch, tick, input age, player count

	// NoInputAge is the input age of a snapshot whose receiver has no input
	// consumed within the last 254 ticks: LastInputTick decodes as 0.
	NoInputAge = 255
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
	lootAt     int // offset of the loot count; 0 until BeginLoot
	nPlayers   int
	nEnemies   int
	nLoot      int
	lootKept   bool
	inProgress bool
}

// Begin starts a snapshot of the receiver's instance epoch, appended to b.
func (e *SnapshotEncoder) Begin(b []byte, epoch uint16, tick, lastInputTick uint32) {
	b = append(b, uint8(MsgSnapshot))
	b = AppendU16(b, epoch)
	b = AppendU32(b, tick)
	b = append(b, inputAge(tick, lastInputTick))
	*e = SnapshotEncoder{b: append(b, 0), playersAt: len(b), inProgress: true}
}

// AddPlayer appends one player record. It reports false, and appends
// nothing, once MaxPlayers are written, after BeginEnemies, or outside
// Begin..Finish: the layout has no place for the record then.
func (e *SnapshotEncoder) AddPlayer(p game.PlayerState) bool {
	if !e.inProgress || e.enemiesAt != 0 || e.nPlayers == MaxPlayers {
		return false
	}
	if e.nPlayers == 0 {
		e.b = appendOwnPlayer(e.b, &p)
	} else {
		e.b = appendOtherPlayer(e.b, &p)
	}
	e.nPlayers++
	return true
}

func appendOwnPlayer(b []byte, p *game.PlayerState) []byte {
	b = AppendU16(b, p.ID)
	b = AppendF32(b, p.X)
	b = AppendF32(b, p.Y)
	b = AppendU16(b, p.Aim)
	b = AppendI16(b, p.HP)
	b = AppendI16(b, p.MaxHP)
	return append(b, p.Flags)
}

func appendOtherPlayer(b []byte, p *game.PlayerState) []byte {
	b = AppendU16(b, p.ID)
	b = AppendU16(AppendU16(b, Quarter(p.X)), Quarter(p.Y))
	return append(b, uint8(p.Aim>>8), Share(p.HP, p.MaxHP), p.Flags)
}

// Quarter is a position in quarter units, clamped to what a u16 holds
// (0 to 16383.75 u: maps of up to 512 tiles).
func Quarter(v float32) uint16 {
	q := math.Round(float64(v) * 4)
	if !(q > 0) { // also NaN
		return 0
	}
	return uint16(min(q, math.MaxUint16))
}

// Share is hp as a share of maxHP in 1..255, 0 only for none left.
func Share(hp, maxHP int16) uint8 {
	if hp <= 0 || maxHP <= 0 {
		return 0
	}
	return uint8(min(math.Ceil(float64(hp)*ShareMax/float64(maxHP)), ShareMax))
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
// once MaxEnemies are written, after BeginLoot, or outside Begin..Finish.
func (e *SnapshotEncoder) AddEnemy(x game.EnemyState) bool {
	if !e.inProgress || e.nEnemies == MaxEnemies || e.lootAt != 0 {
		return false
	}
	e.BeginEnemies()
	e.b = AppendEnemyRecord(e.b, x)
	e.nEnemies++
	return true
}

// AppendEnemyRecord appends one enemy's record as a snapshot carries it.
// Every peer gets the same bytes for the same enemy, so a server can
// encode each enemy once per tick and hand the record to AddEnemyRecord.
func AppendEnemyRecord(b []byte, x game.EnemyState) []byte {
	b = append(AppendU16(b, x.ID), x.Kind)
	b = AppendU16(AppendU16(b, Quarter(x.X)), Quarter(x.Y))
	return append(b, Share(x.HP, x.MaxHP), x.Flags)
}

// AddEnemyRecord appends a record made by AppendEnemyRecord; it reports
// false, and appends nothing, when AddEnemy would, or when rec is not one
// record long.
func (e *SnapshotEncoder) AddEnemyRecord(rec []byte) bool {
	if !e.inProgress || e.nEnemies == MaxEnemies || len(rec) != EnemyRecordSize || e.lootAt != 0 {
		return false
	}
	e.BeginEnemies()
	e.b = append(e.b, rec...)
	e.nEnemies++
	return true
}

// BeginLoot closes the enemy list. Calling it is optional: the first
// AddLoot, KeepLoot or Finish closes it too.
func (e *SnapshotEncoder) BeginLoot() {
	if !e.inProgress || e.lootAt != 0 {
		return
	}
	e.BeginEnemies()
	putU16(e.b, e.enemiesAt, uint16(e.nEnemies))
	e.lootAt = len(e.b)
	e.b = append(e.b, 0)
}

// AddLoot appends one ground item; it reports false, and appends nothing,
// once MaxLoot are written, after KeepLoot, or outside Begin..Finish.
func (e *SnapshotEncoder) AddLoot(l GroundLoot) bool {
	if !e.inProgress || e.nLoot == MaxLoot || e.lootKept {
		return false
	}
	e.BeginLoot()
	e.b = AppendU16(e.b, l.ID)
	e.b = append(e.b, l.Def)
	e.b = AppendU16(AppendU16(e.b, Quarter(l.X)), Quarter(l.Y))
	e.b = append(e.b, l.Flags&LootMine)
	e.nLoot++
	return true
}

// KeepLoot says this snapshot has no loot list: the receiver keeps the one
// it has. It does nothing once a loot record is written.
func (e *SnapshotEncoder) KeepLoot() {
	if !e.inProgress || e.nLoot > 0 {
		return
	}
	e.BeginLoot()
	e.lootKept = true
}

// Finish patches the counts and returns the packet appended to the b given
// to Begin. The encoder is then idle until the next Begin.
func (e *SnapshotEncoder) Finish() []byte {
	if !e.inProgress {
		return e.b
	}
	e.BeginLoot()
	e.b[e.lootAt] = uint8(e.nLoot)
	if e.lootKept {
		e.b[e.lootAt] = lootKeptMark
	}
	e.inProgress = false
	return e.b
}

// AppendSnapshot appends s. Records past MaxPlayers or MaxEnemies are left
// out, as the counts cannot express them.
func AppendSnapshot(b []byte, s *Snapshot) []byte {
	var e SnapshotEncoder
	e.Begin(b, s.Epoch, s.Tick, s.LastInputTick)
	for i := range s.Players {
		e.AddPlayer(s.Players[i])
	}
	e.BeginEnemies()
	for i := range s.Enemies {
		e.AddEnemy(s.Enemies[i])
	}
	if s.LootKept {
		e.KeepLoot()
	}
	for i := range s.Loot {
		e.AddLoot(s.Loot[i])
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
		*dst = Snapshot{Players: dst.Players[:0], Enemies: dst.Enemies[:0], Loot: dst.Loot[:0]}
	}
	return err
}

func decodeSnapshot(b []byte, dst *Snapshot) error {
	r := NewReader(b)
	readType(&r, MsgSnapshot)
	dst.Epoch = r.U16()
	dst.Tick = r.U32()
	dst.LastInputTick = lastInputOf(&r, dst.Tick, r.U8())
	n := int(r.U8())
	if n > 0 && PlayerRecordSize+(n-1)*OtherRecordSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	dst.Players = resize(dst.Players, n)
	var seen idSet
	for i := range dst.Players {
		if i == 0 {
			readOwnPlayer(&r, &dst.Players[i])
		} else {
			readOtherPlayer(&r, &dst.Players[i])
		}
		if id := dst.Players[i].ID; id == 0 || !seen.add(id) {
			r.Fail(ErrMalformed) // player ids start at 1, one record each
		}
	}
	n = int(r.U16())
	if n*EnemyRecordSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	dst.Enemies = resize(dst.Enemies, n)
	for i := range dst.Players {
		seen.remove(dst.Players[i].ID) // enemies count their ids apart
	}
	for i := range dst.Enemies {
		readEnemy(&r, &dst.Enemies[i])
		if !seen.add(dst.Enemies[i].ID) {
			r.Fail(ErrMalformed) // one record an enemy
		}
	}
	return decodeLoot(&r, dst)
}

// idSet is a set of u16 ids, 8 KB kept on the decoder's stack: a
// snapshot's lists are checked for a repeated id in one pass, with no
// allocation, however long a hostile packet makes them.
type idSet [1 << 16 / 64]uint64

// remove takes id out of the set.
func (s *idSet) remove(id uint16) { s[id/64] &^= uint64(1) << (id % 64) }

// add puts id in the set and reports whether it was not in it already.
func (s *idSet) add(id uint16) bool {
	word, bit := id/64, uint64(1)<<(id%64)
	if s[word]&bit != 0 {
		return false
	}
	s[word] |= bit
	return true
}

func decodeLoot(r *Reader, dst *Snapshot) error {
	n := int(r.U8())
	dst.LootKept = n == lootKeptMark
	if dst.LootKept {
		n = 0
	}
	if n*LootRecordSize > r.Remaining() {
		r.Fail(ErrShort)
	}
	if r.Err() != nil {
		return r.Err()
	}
	dst.Loot = resize(dst.Loot, n)
	for i := range dst.Loot {
		l := &dst.Loot[i]
		l.ID, l.Def = r.U16(), r.U8()
		l.X, l.Y = float32(r.U16())/4, float32(r.U16())/4
		if l.Flags = r.U8(); l.Flags&^LootMine != 0 {
			r.Fail(ErrMalformed)
		}
	}
	return r.End()
}

// inputAge is how many ticks before tick the last input was consumed:
// reconciliation needs only recent ticks, so one byte carries it.
func inputAge(tick, last uint32) uint8 {
	if last > tick || tick-last >= NoInputAge {
		return NoInputAge
	}
	return uint8(tick - last)
}

// lastInputOf undoes inputAge, refusing ages only a forged packet has, so
// every accepted snapshot re-encodes to the same bytes.
func lastInputOf(r *Reader, tick uint32, age uint8) uint32 {
	switch {
	case age == NoInputAge && tick >= NoInputAge:
		return 0
	case age == NoInputAge || uint32(age) > tick:
		r.Fail(ErrMalformed)
		return 0
	}
	return tick - uint32(age)
}

func readOtherPlayer(r *Reader, p *game.PlayerState) {
	p.ID = r.U16()
	p.X, p.Y = float32(r.U16())/4, float32(r.U16())/4
	p.Aim = uint16(r.U8()) << 8
	p.HP, p.MaxHP = int16(r.U8()), ShareMax
	p.Flags = r.U8()
}

func readOwnPlayer(r *Reader, p *game.PlayerState) {
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
	x.X, x.Y = float32(r.U16())/4, float32(r.U16())/4
	x.HP, x.MaxHP = int16(r.U8()), ShareMax
	x.Flags = r.U8()
}

// resize returns s with length n, reusing its capacity when it suffices.
// Callers have bounded n by the packet size already.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
