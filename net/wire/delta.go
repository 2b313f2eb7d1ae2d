package wire

import "encoding/binary"

// Snapshot deltas. A SnapshotDelta carries a Snapshot packet as the
// difference from an earlier one the receiver acknowledged (its base):
// the bytes of both after the type, epoch and tick are XORed, and the
// result is written as runs: a token byte, its high nibble a count of
// zero bytes to skip (0..15), its low nibble a count of literal bytes
// (0..15) that follow it. Positions past the base's end XOR with zero;
// zero bytes after the last run need no token. Most of a snapshot is the
// same as a tenth of a second ago (ids, kinds, health, flags, the high
// bytes of positions), so most of it is skipped.
//
// The header names the base by the low 16 bits of its tick and says how
// many ticks newer the snapshot is and how its length changed; the epoch
// and the whole ticks come from the base, which the receiver holds (a
// snapshot ring spans under two seconds, so 16 bits never meet twice).
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
	maxRun     = 15
)

// DeltaHeader is what a SnapshotDelta says about itself.
type DeltaHeader struct {
	BaseTick16 uint16 // the low 16 bits of the base's tick: SnapshotRing.GetTick16 finds it
	Age        uint32 // ticks from the base to the snapshot, 1..MaxBaseAge
	LenChange  int    // the snapshot's length minus the base's
	runsAt     int    // where the runs start
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
// room for len(full) bytes.
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
	for i := snapshotBodyAt; ; {
		zeros := 0
		for i+zeros < len(full) && xorAt(full, base, i+zeros) == 0 {
			zeros++
		}
		if i += zeros; i == len(full) {
			if len(b)-start >= len(full) {
				return b[:start], false // a snapshot shorter than a delta's header
			}
			return b, true
		}
		for ; zeros > maxRun; zeros -= maxRun {
			b = append(b, maxRun<<4)
		}
		lit := 0
		for i+lit < len(full) && lit < maxRun && xorAt(full, base, i+lit) != 0 {
			lit++
		}
		b = append(b, uint8(zeros<<4|lit))
		for ; lit > 0; lit-- {
			b = append(b, xorAt(full, base, i))
			i++
		}
		if len(b)-start >= len(full) {
			return b[:start], false
		}
	}
}

// xorAt is full[i] XOR base[i], the base read as zero past its end.
func xorAt(full, base []byte, i int) byte {
	if i < len(base) {
		return full[i] ^ base[i]
	}
	return full[i]
}

// ParseDeltaHeader reads a SnapshotDelta's header, so the receiver can find
// the base it names. The runs are checked by ApplySnapshotDelta.
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
	h.LenChange, h.runsAt = int(change), deltaLengthAt+n
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
// runs that reach past the snapshot's length, and any delta the encoder
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
	if err := applyRuns(dst[start:], d[h.runsAt:]); err != nil {
		return dst[:start], err
	}
	return dst, nil
}

// applyRuns XORs the runs into out, refusing any run the encoder would
// not have written, so that a delta that applies re-encodes to the same
// bytes: a pure skip other than 0xF0 or at the end, a skip of none after
// a short literal run or a pure skip, a zero literal byte.
func applyRuns(out, runs []byte) error {
	prev := -1 // the previous token's literal count; maxRun+1 after a pure skip
	for at := snapshotBodyAt; len(runs) > 0; {
		tok := runs[0]
		skip, lit := int(tok>>4), int(tok&maxRun)
		switch {
		case at+skip+lit > len(out):
			return ErrMalformed
		case lit == 0 && (skip != maxRun || len(runs) == 1):
			return ErrMalformed
		case skip == 0 && prev >= 0 && prev != maxRun:
			return ErrMalformed
		case 1+lit > len(runs):
			return ErrShort
		}
		at += skip
		for _, x := range runs[1 : 1+lit] {
			if x == 0 {
				return ErrMalformed
			}
			out[at] ^= x
			at++
		}
		prev = lit
		if lit == 0 {
			prev = maxRun + 1
		}
		runs = runs[1+lit:]
	}
	return nil
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
