package client

import (
	"math"

	"duskfall/game"
)

// Intent is what the player wants this frame, whatever the device:
// render maps keyboard, mouse and gamepad to it; a Bot writes it directly.
type Intent struct {
	MoveX, MoveY float64 // desired direction; clamped to the unit disc
	Aim          float64 // radians, 0 = +x, growing clockwise on screen (+y down)
	Fire         bool
	Interact     bool
	Escape       bool
}

// Frame turns an intent into the input frame numbered tick.
func (in Intent) Frame(tick uint32) game.Input {
	mx, my := in.MoveX, in.MoveY
	if l := math.Hypot(mx, my); l > 1 {
		mx, my = mx/l, my/l
	}
	var buttons uint8
	if in.Fire {
		buttons |= game.BtnFire
	}
	if in.Interact {
		buttons |= game.BtnInteract
	}
	if in.Escape {
		buttons |= game.BtnEscape
	}
	return game.Input{
		Tick:    tick,
		MoveX:   int8(math.Round(mx * 100)),
		MoveY:   int8(math.Round(my * 100)),
		Aim:     game.AimFromAngle(in.Aim),
		Buttons: buttons,
	}
}

// leadController numbers input frames ahead of the server.
//
// est is the client's estimate of the server's current tick: the newest
// snapshot's tick, advanced by one each frame until the next snapshot. On a
// listen server this is exact. A frame must reach the server before it
// simulates that tick, so frames are numbered est + 1 + the round trip in
// ticks + a jitter margin. On a listen server (no round trip) the lead is
// exactly 1: the frame sampled this update is consumed by this update's
// server step, so the host's ship is never a tick ahead of the authoritative
// one.
type leadController struct {
	est      uint32 // server tick estimate
	next     uint32 // number of the next frame to send
	synced   bool
	hold     bool // send no new frame this update, to shrink the lead by one
	resyncs  int
	lastAck  uint32
	stallCnt int
}

// jitterMargin is the extra lead, in ticks, that absorbs network jitter.
const jitterMargin = 2

func targetLead(rttTicks float64) uint32 {
	if rttTicks <= 0 {
		return 1
	}
	lead := 1 + uint32(math.Ceil(rttTicks)) + jitterMargin
	return min(max(lead, game.InputLeadMin), game.InputLeadMax)
}

// onSnapshot re-anchors the estimate on a newer snapshot and checks the
// lead and the acknowledgement for drift.
func (c *leadController) onSnapshot(tick, lastInput uint32, rttTicks float64) {
	if c.synced && int32(tick-c.est) <= 0 && tick != c.est {
		return // an older snapshot says nothing new about the clock
	}
	c.est = tick
	want := targetLead(rttTicks)
	if !c.synced {
		c.synced = true
		c.lastAck = lastInput
		c.resync(want)
		return
	}
	lead := int32(c.next - c.est)
	switch {
	case lead < 1 || lead > game.InputLeadMax:
		c.resync(want)
	case lead > int32(want)+jitterMargin:
		c.hold = true
	case lead < int32(want)-jitterMargin:
		c.next++ // skip a number; the server coasts one tick on the previous frame
	}
	c.checkStall(lastInput, want)
}

// checkStall is the backstop: a lead that looks right to the client can
// still be outside the server's window, and then nothing is acknowledged.
func (c *leadController) checkStall(lastInput, want uint32) {
	if lastInput != c.lastAck {
		c.lastAck, c.stallCnt = lastInput, 0
		return
	}
	c.stallCnt++
	if c.stallCnt >= game.InputAckStallLimit {
		c.stallCnt = 0
		c.resync(want)
	}
}

func (c *leadController) resync(want uint32) {
	next := c.est + want
	if int32(next-c.lastAck) <= 0 {
		// A number the server consumed would be refused as a replay.
		next = c.lastAck + 1
	}
	c.next = next
	c.resyncs++
}

// take returns the number for this frame's input, or false when the
// controller holds a frame back to shrink its lead. It advances the
// estimate by the one tick the server steps each frame.
func (c *leadController) take() (uint32, bool) {
	defer func() { c.est++ }()
	if !c.synced {
		return 0, false
	}
	if c.hold {
		c.hold = false
		return 0, false
	}
	if int32(c.next-c.est) < 1 {
		c.next = c.est + 1
	}
	n := c.next
	c.next++
	return n, true
}
