package wire_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/net/wire"
)

func TestReaderReadsLittleEndianFields(t *testing.T) {
	r := wire.NewReader(hx("ff fe ff 0100 feff 04030201 0000c0bf 03 616263 aabb"))
	assert.Equal(t, uint8(0xff), r.U8())
	assert.Equal(t, int8(-2), r.I8())
	assert.Equal(t, int8(-1), r.I8())
	assert.Equal(t, uint16(1), r.U16())
	assert.Equal(t, int16(-2), r.I16())
	assert.Equal(t, uint32(0x01020304), r.U32())
	assert.Equal(t, float32(-1.5), r.F32())
	assert.Equal(t, "abc", r.String())
	assert.Equal(t, 2, r.Remaining())
	assert.Equal(t, []byte{0xaa, 0xbb}, r.Bytes(2))
	assert.Equal(t, 0, r.Remaining())
	assert.NoError(t, r.End())
}

func TestReaderErrorsAreSticky(t *testing.T) {
	t.Run("after a short read every read returns zero", func(t *testing.T) {
		r := wire.NewReader(hx("0102 03"))
		assert.Equal(t, uint16(0x0201), r.U16())
		assert.Zero(t, r.U16(), "one byte left is not a u16")
		assert.Zero(t, r.U8(), "the byte that was left is no longer read")
		assert.Zero(t, r.U32())
		assert.Zero(t, r.F32())
		assert.Nil(t, r.Bytes(0))
		assert.Empty(t, r.String())
		assert.Zero(t, r.Remaining())
		assert.ErrorIs(t, r.Err(), wire.ErrShort)
		assert.ErrorIs(t, r.End(), wire.ErrShort)
	})
	t.Run("the first error is the one reported", func(t *testing.T) {
		r := wire.NewReader(hx("02 ffff"))
		assert.Empty(t, r.String())
		r.Fail(wire.ErrTooLarge)
		assert.ErrorIs(t, r.Err(), wire.ErrMalformed)
	})
	t.Run("a negative length is short, not a panic", func(t *testing.T) {
		r := wire.NewReader(hx("00"))
		assert.Nil(t, r.Bytes(-1))
		assert.ErrorIs(t, r.Err(), wire.ErrShort)
	})
}

func TestReaderFloats(t *testing.T) {
	t.Run("F32 keeps a NaN's bits", func(t *testing.T) {
		r := wire.NewReader(hx("0100c07f"))
		assert.Equal(t, uint32(0x7fc00001), math.Float32bits(r.F32()))
		assert.NoError(t, r.Err())
	})
	for _, tc := range []struct {
		name string
		hex  string
	}{{"a quiet NaN", "0000c07f"}, {"positive infinity", "0000807f"}, {"negative infinity", "000080ff"}} {
		t.Run("F32Finite refuses "+tc.name, func(t *testing.T) {
			r := wire.NewReader(hx(tc.hex))
			assert.Zero(t, r.F32Finite())
			assert.ErrorIs(t, r.Err(), wire.ErrMalformed)
		})
	}
	t.Run("F32Finite accepts the largest finite float and negative zero", func(t *testing.T) {
		r := wire.NewReader(hx("ffff7f7f 00000080"))
		assert.Equal(t, float32(math.MaxFloat32), r.F32Finite())
		assert.Equal(t, uint32(0x80000000), math.Float32bits(r.F32Finite()))
		assert.NoError(t, r.End())
	})
}

func TestReaderEndRefusesTrailingBytes(t *testing.T) {
	r := wire.NewReader(hx("01 02"))
	r.U8()
	assert.ErrorIs(t, r.End(), wire.ErrMalformed)
}

func TestReaderBytesAliasThePacket(t *testing.T) {
	pkt := hx("01 02 03")
	r := wire.NewReader(pkt)
	p := r.Bytes(2)
	pkt[0] = 9
	assert.Equal(t, byte(9), p[0])
	assert.Len(t, append(p, 7), 3)
	assert.Equal(t, byte(3), pkt[2], "appending to the result cannot overwrite the rest of the packet")
}

func TestAppendHelpers(t *testing.T) {
	b := wire.AppendU16(nil, 0x0102)
	b = wire.AppendI16(b, -2)
	b = wire.AppendU32(b, 0x01020304)
	b = wire.AppendF32(b, 0.5)
	b, err := wire.AppendString(b, "hé")
	require.NoError(t, err)
	assert.Equal(t, hx("0201 feff 04030201 0000003f 03 68c3a9"), b)

	long := string(make([]byte, wire.MaxStringLen+1))
	got, err := wire.AppendString(b, long)
	assert.ErrorIs(t, err, wire.ErrTooLarge)
	assert.Equal(t, b, got)
}
