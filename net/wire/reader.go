package wire

import (
	"encoding/binary"
	"math"
	"unicode/utf8"
)

// Reader reads little-endian fields from a packet with bounds checks.
// Its error is sticky: after the first failure every read returns zero and
// Err reports that first failure, so a decoder can read a whole layout and
// check once at the end instead of after every field.
type Reader struct {
	b   []byte
	off int
	err error
}

// NewReader returns a Reader over b. It returns a value so that a decoder's
// Reader lives on the stack.
func NewReader(b []byte) Reader { return Reader{b: b} }

// Err returns the first error met, or nil.
func (r *Reader) Err() error { return r.err }

// Remaining returns the number of unread bytes; zero after an error.
func (r *Reader) Remaining() int {
	if r.err != nil {
		return 0
	}
	return len(r.b) - r.off
}

// Fail records err as the Reader's error unless one is already recorded.
// Decoders use it to flag values that are present but forbidden.
func (r *Reader) Fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// End returns the Reader's error, or ErrMalformed if bytes are left over:
// every message has an exact length, and trailing bytes mean the sender and
// the receiver disagree on the layout.
func (r *Reader) End() error {
	if r.err != nil {
		return r.err
	}
	if r.off != len(r.b) {
		return ErrMalformed
	}
	return nil
}

// take returns the next n bytes, or nil after recording ErrShort.
func (r *Reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.off {
		r.err = ErrShort
		return nil
	}
	p := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return p
}

// Uvarint reads an unsigned varint in its shortest form, no larger than
// max: a longer form or a larger value is ErrMalformed, so every accepted
// value re-encodes to the same bytes.
func (r *Reader) Uvarint(max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	switch {
	case n == 0:
		r.err = ErrShort
		return 0
	case n < 0 || v > max || n != uvarintLen(v):
		r.err = ErrMalformed
		return 0
	}
	r.off += n
	return v
}

// uvarintLen is how many bytes binary.AppendUvarint writes for v.
func uvarintLen(v uint64) int {
	n := 1
	for ; v >= 0x80; v >>= 7 {
		n++
	}
	return n
}

// U8 reads one byte.
func (r *Reader) U8() uint8 {
	p := r.take(1)
	if p == nil {
		return 0
	}
	return p[0]
}

// I8 reads one signed byte.
func (r *Reader) I8() int8 { return int8(r.U8()) }

// U16 reads a little-endian uint16.
func (r *Reader) U16() uint16 {
	p := r.take(2)
	if p == nil {
		return 0
	}
	return binary.LittleEndian.Uint16(p)
}

// I16 reads a little-endian int16.
func (r *Reader) I16() int16 { return int16(r.U16()) }

// U32 reads a little-endian uint32.
func (r *Reader) U32() uint32 {
	p := r.take(4)
	if p == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(p)
}

// U64 reads a little-endian uint64.
func (r *Reader) U64() uint64 {
	p := r.take(8)
	if p == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(p)
}

// F32 reads an IEEE-754 float32 with its bits preserved (NaN included).
func (r *Reader) F32() float32 { return math.Float32frombits(r.U32()) }

// F32Finite reads a float32 and records ErrMalformed if it is a NaN or an
// infinity: no coordinate or velocity in Duskfall is either, and one would
// poison every computation it touched on the receiving side.
func (r *Reader) F32Finite() float32 {
	f := r.F32()
	if !finite(f) {
		r.Fail(ErrMalformed)
		return 0
	}
	return f
}

// Bytes returns the next n bytes. The result aliases the packet: copy it if
// it must outlive the packet buffer.
func (r *Reader) Bytes(n int) []byte { return r.take(n) }

// String reads a string with a u8 length prefix. Invalid UTF-8 records
// ErrMalformed.
func (r *Reader) String() string {
	n := int(r.U8())
	p := r.take(n)
	if p == nil {
		return ""
	}
	if !utf8.Valid(p) {
		r.Fail(ErrMalformed)
		return ""
	}
	return string(p)
}

func finite(f float32) bool {
	// The exponent is all ones for both NaN and the infinities.
	return math.Float32bits(f)&0x7f800000 != 0x7f800000
}
