package client

import (
	"math"

	"duskfall/game"
)

// The player's intent: what it wants this frame, whatever the device, as
// the input frame the server reads, and the one-frame presses a frame the
// lead controller holds back must not swallow (lead.go).

// Intent is what the player wants this frame, whatever the device:
// render maps keyboard, mouse and gamepad to it; a Bot writes it directly.
type Intent struct {
	MoveX, MoveY float64 // desired direction; clamped to the unit disc
	Aim          float64 // radians, 0 = +x, growing clockwise on screen (+y down)
	Fire         bool
	Interact     bool
	Escape       bool
	// Item actions on slot Slot (0 to 7 the bag, 8 to 10 worn): the server
	// acts on a press, so holding them spends nothing more.
	Use, Drop bool
	Slot      uint8
	// Focus slows the ship to game.FocusSpeedShare, for threading dense
	// patterns; the window draws the hitbox meanwhile.
	Focus bool
	// Ability asks for the class's ability (game.StepAbility): the server
	// acts on the press, so holding it does nothing more.
	Ability bool
}

// Frame turns an intent into the input frame numbered tick.
func (in Intent) Frame(tick uint32) game.Input {
	mx, my := game.ClampUnitDisc(in.MoveX, in.MoveY)
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
	if in.Use {
		buttons |= game.BtnUse
	}
	if in.Drop {
		buttons |= game.BtnDrop
	}
	if in.Focus {
		buttons |= game.BtnFocus
	}
	if in.Ability {
		buttons |= game.BtnAbility
	}
	return game.Input{
		Slot:    in.Slot,
		Tick:    tick,
		MoveX:   int8(math.Round(mx * 100)),
		MoveY:   int8(math.Round(my * 100)),
		Aim:     game.AimFromAngle(in.Aim),
		Buttons: buttons,
	}
}

// presses are an intent's one-frame actions: INTERACT, and USE or DROP on
// a slot.
type presses struct {
	interact, use, drop, ability bool
	slot                         uint8
}

func pressesOf(in Intent) presses {
	return presses{interact: in.Interact, use: in.Use, drop: in.Drop, slot: in.Slot, ability: in.Ability}
}

// into adds carried presses to this frame's intent, once. A carried item
// action keeps its slot unless this frame acts on its own.
func (c *presses) into(in Intent) Intent {
	in.Interact = in.Interact || c.interact
	in.Ability = in.Ability || c.ability
	if (c.use || c.drop) && !in.Use && !in.Drop {
		in.Use, in.Drop, in.Slot = c.use, c.drop, c.slot
	}
	*c = presses{}
	return in
}
