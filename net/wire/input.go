package wire

import "duskfall/game"

// InputFrameSize is the size of one input frame on the wire.
const InputFrameSize = 10

// AppendInput appends an Input packet carrying frames, oldest first with
// strictly rising ticks (the decoder refuses anything else). Only
// the newest game.InputRedundancy frames fit, so the client may pass its
// whole unacknowledged window; with no frames nothing is appended.
func AppendInput(b []byte, frames []game.Input) []byte {
	if len(frames) == 0 {
		return b
	}
	if len(frames) > game.InputRedundancy {
		frames = frames[len(frames)-game.InputRedundancy:]
	}
	b = append(b, uint8(MsgInput), uint8(len(frames)))
	for i := range frames {
		f := &frames[i]
		b = AppendU32(b, f.Tick)
		b = append(b, uint8(f.MoveX), uint8(f.MoveY))
		b = AppendU16(b, f.Aim)
		b = append(b, f.Buttons, f.Slot)
	}
	return b
}

// DecodeInput decodes an Input packet, appending its frames to dst[:0].
// The count must be 1..game.InputRedundancy and the ticks strictly rising
// (oldest first); whether the ticks are acceptable now is the server's
// input validation, not the codec's. On error it returns dst[:0].
func DecodeInput(b []byte, dst []game.Input) ([]game.Input, error) {
	dst = dst[:0]
	r := NewReader(b)
	readType(&r, MsgInput)
	n := int(r.U8())
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
	if err := r.End(); err != nil {
		return dst[:0], err
	}
	return dst, nil
}
