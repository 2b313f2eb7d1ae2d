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
//
// The lead drifts when the client's frames and the server's ticks do not
// keep the same pace. A lead grown too long is shortened by holding back
// one frame; a lead too short is lengthened by sending two frames in one
// update, both with this update's intent and both predicted, so the
// numbering never has a gap the server would coast through while the
// client predicted nothing.
//
// The margin over the round trip adapts: a snapshot whose acknowledged
// input is older than its tick says the frame for that tick arrived too
// late (the server coasted through it), so the margin grows by a tick; a
// long run of snapshots with every frame on time lets it shrink back. A
// jittery network or a loaded machine costs a little more latency instead
// of a correction every few seconds.
type leadController struct {
	est      uint32 // server tick estimate
	next     uint32 // number of the next frame to send
	extra    uint32 // frames to send on top of the next one, to lengthen the lead
	margin   uint32 // ticks of lead beyond the round trip
	onTime   int    // snapshots in a row with the frame for their tick consumed
	late     int    // snapshots that showed a frame arriving too late
	first    uint32 // the first frame number sent, 0 before any
	synced   bool
	hold     bool // send no new frame this update, to shrink the lead by one
	resyncs  int
	lastAck  uint32
	stallCnt int
}

// Margins over the round trip, in ticks: the least kept, the most grown
// to, and how many on-time snapshots in a row (5 s) earn a tick back.
const (
	jitterMargin   = 2
	maxMargin      = 8
	marginDecayRun = 100
)

// maxFill is how many frames one update may add to lengthen the lead: every
// input packet carries the last InputRedundancy frames, so a fill this
// size still reaches the server whole.
const maxFill = game.InputRedundancy - 1

func targetLead(rttTicks float64, margin uint32) uint32 {
	if rttTicks <= 0 {
		return 1
	}
	lead := 1 + uint32(math.Ceil(rttTicks)) + max(margin, jitterMargin)
	return min(max(lead, game.InputLeadMin), game.InputLeadMax)
}

// adapt grows the margin when the frame for a snapshot's tick was not
// there in time, and shrinks it after a long run of frames that were.
func (c *leadController) adapt(tick, lastInput uint32) {
	if lastInput == tick {
		c.onTime++
		if c.onTime >= marginDecayRun && c.margin > jitterMargin {
			c.margin--
			c.onTime = 0
		}
		return
	}
	c.late++
	c.onTime = 0
	c.margin = min(max(c.margin, jitterMargin)+1, maxMargin)
}

// onSnapshot re-anchors the estimate on a newer snapshot and checks the
// lead and the acknowledgement for drift.
func (c *leadController) onSnapshot(tick, lastInput uint32, rttTicks float64) {
	if c.synced && int32(tick-c.est) <= 0 && tick != c.est {
		return // an older snapshot says nothing new about the clock
	}
	c.est = tick
	if c.synced && rttTicks > 0 && c.first != 0 && int32(lastInput-c.first) >= 0 {
		c.adapt(tick, lastInput) // once the server consumes our frames at all
	}
	want := targetLead(rttTicks, c.margin)
	if !c.synced {
		c.synced = true
		c.lastAck = lastInput
		c.resync(want)
		return
	}
	lead := int32(c.next + c.extra - c.est)
	switch {
	case lead < 1 || lead > game.InputLeadMax:
		c.resync(want)
	case lead > int32(want)+jitterMargin:
		c.hold = true
	case lead < int32(want)-jitterMargin && c.extra < maxFill:
		c.extra++
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

// resync sets the lead to want. A small step forward is filled with frames
// like any lengthening; a larger one, or a step back, renumbers.
func (c *leadController) resync(want uint32) {
	next := c.est + want
	if int32(next-c.lastAck) <= 0 {
		// A number the server consumed would be refused as a replay.
		next = c.lastAck + 1
	}
	if gap := int32(next - c.next); c.resyncs > 0 && gap > 0 && gap <= maxFill {
		c.extra = uint32(gap)
	} else {
		c.next, c.extra = next, 0
	}
	c.resyncs++
}

// take returns the numbers of this update's frames, first to first+n-1:
// usually one, none while a frame is held back, more while the lead is
// being lengthened. It advances the estimate by the one tick the server
// steps each update.
func (c *leadController) take() (first uint32, n int) {
	defer func() { c.est++ }()
	if !c.synced {
		return 0, 0
	}
	if c.hold {
		c.hold = false
		return 0, 0
	}
	if int32(c.next-c.est) < 1 {
		c.next = c.est + 1 // behind the server: these numbers would be stale
	}
	first, n = c.next, 1+int(c.extra)
	if c.first == 0 {
		c.first = first
	}
	c.next += uint32(n)
	c.extra = 0
	return first, n
}
