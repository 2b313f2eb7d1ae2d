package ui

import (
	"math"

	"duskfall/client"
	"duskfall/game"
)

// Gamepad thresholds.
const (
	moveDeadzone = 0.2 // left stick: below this the ship does not drift
	aimDeadzone  = 0.35
	fireTrigger  = 0.5 // right trigger pulled past this fires
)

// Aimer remembers which device aimed last. The mouse aims from the ship's
// screen position to the cursor; the right stick aims where it points and
// keeps that aim when released, until the mouse moves again.
type Aimer struct {
	pad bool    // the stick aimed last
	aim float64 // the stick's last angle
}

// Intent maps a frame's keyboard, mouse and gamepad state to one intent.
// shipX, shipY is the own ship on screen.
func (a *Aimer) Intent(in *FrameInput, shipX, shipY float64) client.Intent {
	mx, my := in.Move[0], in.Move[1]
	if in.Pad.Present {
		sx, sy := deadzone(in.Pad.LX, in.Pad.LY, moveDeadzone)
		mx, my = mx+sx, my+sy
	}
	mx, my = game.ClampUnitDisc(mx, my)
	if in.Pad.Present && math.Hypot(in.Pad.RX, in.Pad.RY) >= aimDeadzone {
		a.pad, a.aim = true, math.Atan2(in.Pad.RY, in.Pad.RX)
	} else if in.Mouse.Moved || in.Mouse.Click {
		a.pad = false
	}
	aim := a.aim
	if !a.pad {
		aim = math.Atan2(float64(in.Mouse.Y)-shipY, float64(in.Mouse.X)-shipX)
	}
	return client.Intent{
		MoveX: mx, MoveY: my, Aim: aim,
		Fire:     in.Mouse.Held || (in.Pad.Present && in.Pad.Trigger > fireTrigger),
		Interact: in.Interact,
		Escape:   in.Escape,
		// The focus key focuses, but not on the frame a bag slot's key
		// goes down: Shift, focus's default, with a slot's key drops.
		Focus: (in.Focus && in.Slot == 0) || (in.Pad.Present && in.Pad.Focus),
		// The ability acts on the press; the server takes the edge.
		Ability: in.Ability || (in.Pad.Present && in.Pad.Ability),
	}
}

// deadzone zeroes a stick inside radius dz and rescales the rest, so the
// ship starts moving gently just outside it.
func deadzone(x, y, dz float64) (float64, float64) {
	l := math.Hypot(x, y)
	if l < dz {
		return 0, 0
	}
	k := math.Min(1, (l-dz)/(1-dz)) / l
	return x * k, y * k
}
