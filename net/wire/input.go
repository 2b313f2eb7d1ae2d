package wire

import "duskfall/game"

// InputFrameSize is the size of one input frame on the wire.
const InputFrameSize = 10

// inputHeaderSize is the type, the count and the acknowledgement.
const inputHeaderSize = 4

// AppendInput appends an Input packet carrying frames, oldest first with
// strictly rising ticks (the decoder refuses anything else), and ack: the
// tick of the newest snapshot the client holds, 0 for none, which lets the
// server send the next snapshot as a delta against it. Only the newest
// game.InputRedundancy frames fit, so the client may pass its whole
// unacknowledged window; with no frames nothing is appended.
//
// The acknowledgement travels as the ticks from the newest frame back to
// it, in a u16; one that cannot be said so (not before the newest frame,
// or 65,535 ticks or more behind it) is sent as none.
func AppendInput(b []byte, frames []game.Input, ack uint32) []byte {
	if len(frames) == 0 {
		return b
	}
	if len(frames) > game.InputRedundancy {
		frames = frames[len(frames)-game.InputRedundancy:]
	}
	b = append(b, uint8(MsgInput), uint8(len(frames)))
	b = AppendU16(b, ackAge(frames[len(frames)-1].Tick, ack))
	for i := range frames {
		f := &frames[i]
		b = AppendU32(b, f.Tick)
		b = append(b, uint8(f.MoveX), uint8(f.MoveY))
		b = AppendU16(b, f.Aim)
		b = append(b, f.Buttons, f.Slot)
	}
	return b
}

// ackAge is how many ticks before the newest frame the acknowledged
// snapshot was taken, 0 for none.
func ackAge(newest, ack uint32) uint16 {
	if ack == 0 || ack >= newest || newest-ack > 0xFFFF {
		return 0
	}
	return uint16(newest - ack)
}

// DecodeInput decodes an Input packet, appending its frames to dst[:0],
// and returns the snapshot tick it acknowledges (0 for none). The count
// must be 1..game.InputRedundancy and the ticks strictly rising (oldest
// first); whether the ticks are acceptable now is the server's input
// validation, not the codec's, and whether the acknowledged snapshot is
// one the server sent is the server's to look up. On error it returns
// dst[:0] and 0.
func DecodeInput(b []byte, dst []game.Input) ([]game.Input, uint32, error) {
	dst = dst[:0]
	r := NewReader(b)
	readType(&r, MsgInput)
	n := int(r.U8())
	age := r.U16()
	switch {
	case r.Err() != nil:
	case n == 0:
		r.Fail(ErrMalformed)
	case n > game.InputRedundancy:
		r.Fail(ErrTooLarge)
	}
	for i := 0; i < n && r.Err() == nil; i++ {
		f := game.Input{Tick: r.U32(), MoveX: r.I8(), MoveY: r.I8(), Aim: r.U16(), Buttons: r.U8(), Slot: r.U8()}
		if i > 0 && f.Tick <= dst[i-1].Tick {
			r.Fail(ErrMalformed)
		}
		dst = append(dst, f)
	}
	if r.Err() == nil && uint32(age) >= dst[len(dst)-1].Tick {
		r.Fail(ErrMalformed) // a tick before the first: no encoder writes it
	}
	if err := r.End(); err != nil {
		return dst[:0], 0, err
	}
	if age == 0 {
		return dst, 0, nil
	}
	return dst, dst[len(dst)-1].Tick - uint32(age), nil
}
