package wire

import (
	"encoding/binary"
	"math/bits"
)

// Snapshot deltas. A SnapshotDelta carries a Snapshot packet as the
// difference from an earlier one the receiver acknowledged (its base):
// the bytes of both after the type, epoch and tick are XORed (positions
// past the base's end XOR with zero), and only the nonzero bytes travel,
// with bits saying where they go. The XORed bytes are taken in groups of
// eight and the groups in blocks of eight (64 bytes): each block is a
// byte of group bits, then, for each group whose bit is set, a mask byte
// of its nonzero bytes and those bytes. Blocks after the last that
// changed are left out. Most of a snapshot is the same as a tenth of a
// second ago (ids, kinds, health, flags, the high bytes of positions):
// a changed byte costs itself and a bit, wherever it lies, and 64
// unchanged bytes cost at most one byte.
//
// The header names the base by the low 16 bits of its tick and says how
// many ticks newer the snapshot is and how its length changed; the epoch
// and the whole ticks come from the base, which the receiver holds (a
// snapshot ring spans under two seconds, so 16 bits never name two
// snapshots of one instance).
//
// The receiver rebuilds the whole Snapshot packet and decodes it as if it
// had come whole: a delta changes how a snapshot travels, never what it
// says, and a rebuilt snapshot is held to every rule a whole one is.

// Delta sizes and limits.
const (
	deltaLengthAt  = 1 + 2 + 1 // type, base tick, age: the length's change follows
	snapshotBodyAt = 1 + 2 + 4 // a snapshot's bytes after type, epoch and tick
	// MaxBaseAge is the oldest base a delta can name, in ticks.
	MaxBaseAge = 255
	groupLen   = 8            // XORed bytes a mask byte covers
	blockLen   = 8 * groupLen // XORed bytes a block's group bits cover
)

// DeltaHeader is what a SnapshotDelta says about itself.
type DeltaHeader struct {
	BaseTick16 uint16 // the low 16 bits of the base's tick: SnapshotRing.GetTick16 finds it
	Age        uint32 // ticks from the base to the snapshot, 1..MaxBaseAge
	LenChange  int    // the snapshot's length minus the base's
	changesAt  int    // where the blocks start
}

// snapshotHead reads the epoch and tick of a Snapshot packet.
func snapshotHead(b []byte) (epoch uint16, tick uint32, ok bool) {
	if len(b) < snapshotBodyAt || MsgType(b[0]) != MsgSnapshot {
		return 0, 0, false
	}
	return binary.LittleEndian.Uint16(b[1:]), binary.LittleEndian.Uint32(b[3:]), true
}

// AppendSnapshotDelta appends a SnapshotDelta saying full (a Snapshot
// packet) against base (an earlier Snapshot packet of the same epoch,
// 1..MaxBaseAge ticks older). It reports false, with b unchanged, when
// the two cannot be paired that way or when the delta would not be
// shorter than full: then send full. It does not allocate when b has
// room for len(full) + groupLen + 1 bytes (it gives up one group past
// the length it must stay under).
func AppendSnapshotDelta(b, full, base []byte) ([]byte, bool) {
	epoch, tick, ok := snapshotHead(full)
	baseEpoch, baseTick, baseOK := snapshotHead(base)
	if !ok || !baseOK || epoch != baseEpoch || baseTick >= tick || tick-baseTick > MaxBaseAge || len(full) <= snapshotBodyAt || len(full) > 0xFFFF || len(base) > 0xFFFF {
		return b, false
	}
	start := len(b)
	b = append(b, uint8(MsgSnapshotDelta))
	b = AppendU16(b, uint16(baseTick))
	b = append(b, uint8(tick-baseTick))
	b = binary.AppendVarint(b, int64(len(full)-len(base)))
	end := len(b) // the delta's end: after the last block that changed
	for blk := snapshotBodyAt; blk < len(full); blk += blockLen {
		bitsAt := len(b)
		b = append(b, 0)
		for g := range blockLen / groupLen {
			from := blk + g*groupLen
			if from >= len(full) {
				break
			}
			var changed bool
			if b, changed = appendGroup(b, full, base, from); changed {
				b[bitsAt] |= 1 << g
			}
			if len(b)-start >= len(full) {
				return b[:start], false
			}
		}
		if b[bitsAt] != 0 {
			end = len(b)
		}
	}
	return b[:end], true
}

// appendGroup appends the mask and nonzero bytes of the group of XORed
// bytes starting at from, or nothing when all of them are zero.
func appendGroup(b, full, base []byte, from int) ([]byte, bool) {
	x := xorGroup(full, base, from)
	if x == 0 {
		return b, false
	}
	mask := nonzeroBytes(x)
	b = append(b, mask)
	for m := mask; m != 0; m &= m - 1 {
		b = append(b, byte(x>>(8*bits.TrailingZeros8(m))))
	}
	return b, true
}

// xorGroup is the group of XORed bytes from from as a little-endian word,
// zero past full's end.
func xorGroup(full, base []byte, from int) uint64 {
	if from+groupLen <= len(full) && from+groupLen <= len(base) {
		return binary.LittleEndian.Uint64(full[from:]) ^ binary.LittleEndian.Uint64(base[from:])
	}
	var x uint64
	for j := range min(groupLen, len(full)-from) {
		x |= uint64(xorAt(full, base, from+j)) << (8 * j)
	}
	return x
}

// nonzeroBytes has bit j set when byte j of x is nonzero: each byte's bits
// are folded into its lowest, and a multiply gathers the eight lowest bits
// into the top byte (no two partial products meet there).
func nonzeroBytes(x uint64) byte {
	x |= x >> 4
	x |= x >> 2
	x |= x >> 1
	x &= 0x0101010101010101
	return byte((x * 0x0102040810204080) >> 56)
}

// xorAt is full[i] XOR base[i], the base read as zero past its end.
func xorAt(full, base []byte, i int) byte {
	if i < len(base) {
		return full[i] ^ base[i]
	}
	return full[i]
}

// ParseDeltaHeader reads a SnapshotDelta's header, so the receiver can find
// the base it names. The blocks are checked by ApplySnapshotDelta.
func ParseDeltaHeader(b []byte) (DeltaHeader, error) {
	r := NewReader(b)
	readType(&r, MsgSnapshotDelta)
	h := DeltaHeader{BaseTick16: r.U16(), Age: uint32(r.U8())}
	if r.Err() != nil {
		return DeltaHeader{}, r.Err()
	}
	change, n := binary.Varint(b[deltaLengthAt:])
	switch {
	case n == 0:
		return DeltaHeader{}, ErrShort
	case n < 0 || change < -0xFFFF || change > 0xFFFF || n != varintLen(change):
		return DeltaHeader{}, ErrMalformed // too long, or not as short as it could be
	case h.Age == 0:
		return DeltaHeader{}, ErrMalformed
	}
	h.LenChange, h.changesAt = int(change), deltaLengthAt+n
	return h, nil
}

// varintLen is how many bytes binary.AppendVarint writes for v.
func varintLen(v int64) int {
	var buf [binary.MaxVarintLen64]byte
	return len(binary.AppendVarint(buf[:0], v))
}

// ApplySnapshotDelta rebuilds the Snapshot packet the delta d says from
// base, the receiver's copy of the snapshot at d's BaseTick, and appends
// it to dst. It refuses a base of another epoch or tick (ErrWrongBase),
// changes that reach past the snapshot's length, and any delta the encoder
// would not have written (so every delta that applies re-encodes to the
// same bytes). The result still has to pass DecodeSnapshot. On error dst
// is returned as it was given.
func ApplySnapshotDelta(dst, d, base []byte) ([]byte, error) {
	h, err := ParseDeltaHeader(d)
	if err != nil {
		return dst, err
	}
	epoch, baseTick, ok := snapshotHead(base)
	if !ok || uint16(baseTick) != h.BaseTick16 {
		return dst, ErrWrongBase
	}
	length := len(base) + h.LenChange
	switch {
	case baseTick+h.Age < baseTick || length <= snapshotBodyAt || length > 0xFFFF:
		return dst, ErrMalformed
	case len(d) >= length:
		return dst, ErrMalformed // no shorter than the snapshot: no server sends it
	}
	start := len(dst)
	dst = append(dst, uint8(MsgSnapshot))
	dst = AppendU16(dst, epoch)
	dst = AppendU32(dst, baseTick+h.Age)
	if len(base) < length {
		dst = append(dst, base[snapshotBodyAt:]...)
		for range length - len(base) {
			dst = append(dst, 0)
		}
	} else {
		dst = append(dst, base[snapshotBodyAt:length]...)
	}
	if err := applyChanges(dst[start:], d[h.changesAt:]); err != nil {
		return dst[:start], err
	}
	return dst, nil
}

// applyChanges XORs the blocks into out, refusing any the encoder would
// not have written, so that a delta that applies re-encodes to the same
// bytes: a last block with no group bits, a group with an empty mask, a
// zero byte, a bit for a byte past the snapshot's length.
func applyChanges(out, blocks []byte) error {
	for blk := snapshotBodyAt; len(blocks) > 0; blk += blockLen {
		groups := blocks[0]
		switch {
		case blk >= len(out):
			return ErrMalformed
		case groups == 0 && len(blocks) == 1:
			return ErrMalformed
		}
		blocks = blocks[1:]
		for g := range blockLen / groupLen {
			if groups&(1<<g) == 0 {
				continue
			}
			var err error
			if blocks, err = applyGroup(out, blocks, blk+g*groupLen); err != nil {
				return err
			}
		}
	}
	return nil
}

// applyGroup XORs one group's bytes into out from at, returning what
// follows them.
func applyGroup(out, b []byte, at int) ([]byte, error) {
	if len(b) == 0 {
		return nil, ErrShort
	}
	mask, n := b[0], bits.OnesCount8(b[0])
	switch {
	case mask == 0 || at+groupLen-bits.LeadingZeros8(mask) > len(out):
		return nil, ErrMalformed
	case 1+n > len(b):
		return nil, ErrShort
	}
	for i, m := 1, mask; m != 0; i, m = i+1, m&(m-1) {
		if b[i] == 0 {
			return nil, ErrMalformed
		}
		out[at+bits.TrailingZeros8(m)] ^= b[i]
	}
	return b[1+n:], nil
}

// SnapshotRingSize is how many snapshots a SnapshotRing holds: 1.6 s of
// them at 20 Hz, longer than any round trip a game is playable over.
const SnapshotRingSize = 32

// SnapshotRing holds the newest SnapshotRingSize Snapshot packets of one
// connection, findable by epoch and tick: the server keeps what it sent to
// a peer, the client what it received, so that either end can find the
// base a delta names. Put copies the packet into a slot's own buffer, so
// the ring stops allocating once its slots have grown.
type SnapshotRing struct {
	slots [SnapshotRingSize][]byte
	next  int
}

// Put keeps a copy of pkt, a Snapshot packet, in place of the oldest.
// Anything else is ignored.
func (r *SnapshotRing) Put(pkt []byte) {
	if _, _, ok := snapshotHead(pkt); !ok {
		return
	}
	r.slots[r.next] = append(r.slots[r.next][:0], pkt...)
	r.next = (r.next + 1) % SnapshotRingSize
}

// GetTick16 returns the newest held snapshot of epoch whose tick's low 16
// bits are tick16 (a delta's base), or nil. A delta names no epoch: it is
// of the instance the receiver is in, and the ring still holds snapshots
// of the one it left, whose ticks may share those 16 bits. The bytes stay
// valid until the SnapshotRingSize-th Put after this one.
func (r *SnapshotRing) GetTick16(epoch, tick16 uint16) []byte {
	var found []byte
	var newest uint32
	for _, b := range r.slots {
		if e, t, ok := snapshotHead(b); ok && e == epoch && uint16(t) == tick16 && (found == nil || int32(t-newest) > 0) {
			found, newest = b, t
		}
	}
	return found
}

// Get returns the held snapshot of that epoch and tick, or nil. The
// bytes stay valid until the SnapshotRingSize-th Put after this one.
func (r *SnapshotRing) Get(epoch uint16, tick uint32) []byte {
	for _, b := range r.slots {
		if e, t, ok := snapshotHead(b); ok && e == epoch && t == tick {
			return b
		}
	}
	return nil
}

// Reset forgets every snapshot, keeping the buffers.
func (r *SnapshotRing) Reset() {
	for i := range r.slots {
		r.slots[i] = r.slots[i][:0]
	}
	r.next = 0
}
