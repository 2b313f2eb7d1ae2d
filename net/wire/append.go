package wire

import (
	"encoding/binary"
	"math"
)

// Append helpers: each appends one little-endian field to b and returns the
// extended slice, in the style of encoding/binary's Append functions. With
// enough capacity in b they never allocate.

// MaxStringLen is the longest string a u8 length prefix can carry.
const MaxStringLen = 255

// AppendU16 appends v as a little-endian uint16.
func AppendU16(b []byte, v uint16) []byte { return binary.LittleEndian.AppendUint16(b, v) }

// AppendI16 appends v as a little-endian int16.
func AppendI16(b []byte, v int16) []byte { return AppendU16(b, uint16(v)) }

// AppendU32 appends v as a little-endian uint32.
func AppendU32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }

// AppendU64 appends v as a little-endian uint64.
func AppendU64(b []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(b, v) }

// AppendF32 appends the IEEE-754 bits of v, little-endian.
func AppendF32(b []byte, v float32) []byte { return AppendU32(b, math.Float32bits(v)) }

// AppendString appends s with a u8 length prefix. A string longer than
// MaxStringLen cannot be framed: it returns ErrTooLarge and b unchanged.
// Content rules (UTF-8, per-field limits) are the message encoders' job.
func AppendString(b []byte, s string) ([]byte, error) {
	if len(s) > MaxStringLen {
		return b, ErrTooLarge
	}
	b = append(b, uint8(len(s)))
	return append(b, s...), nil
}

// putU16 overwrites a uint16 already reserved at b[at:], used to patch
// counts once they are known.
func putU16(b []byte, at int, v uint16) { binary.LittleEndian.PutUint16(b[at:], v) }

// putU32 overwrites a uint32 already reserved at b[at:].
func putU32(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }
