package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"duskfall/game"
)

// FrameInput is everything the scenes read from the devices in one Update.
// It is collected once per frame so scenes and widgets are plain logic that
// tests drive by filling one in.
type FrameInput struct {
	Mouse Mouse

	Up, Down, Enter, Back, Tab bool         // edge-triggered
	Left, Right                bool         // arrow keys went down: a setting's value steps
	Pressed                    []ebiten.Key // every key that went down this frame (rebinding reads it)
	Edit                       EditKeys

	Move     [2]float64 // WASD / arrows, each component -1, 0 or 1
	Interact bool       // E went down
	F3       bool       // F3 went down
	Digit    int        // 1 to 9: that number key went down this frame (the keeper's cards); 0: none
	Slot     int        // 1 to 8: that bag slot's key went down this frame; 0: none
	Shift    bool       // a Shift key is held: with a slot's key, it drops
	Focus    bool       // the focus key is held
	Escape   bool       // F is held: the escape channel
	F11      bool       // F11 went down: fullscreen on or off
	Bag      bool       // the inventory key (I) went down
	Ability  bool       // the ability key (Space) is held: the server acts on its press

	// Scrolling a list longer than its window: Page Up and Page Down went
	// down (the wheel is the mouse's).
	PageUp, PageDown bool

	Pad PadState
}

// Mouse is the pointer this frame.
type Mouse struct {
	X, Y  int
	Moved bool    // the cursor moved since the last frame
	Click bool    // left button went down this frame
	Held  bool    // left button is down
	Wheel float64 // the wheel's notches this frame, positive up
}

// EditKeys are the keys that edit text this frame.
type EditKeys struct {
	Chars     []rune
	Backspace bool // went down (repeats)
	// Home, End and Delete went down (Delete repeats), Ctrl (or Cmd) is
	// held, Ctrl+A went down, Ctrl+V or Shift+Insert went down.
	Home, End, Delete, Ctrl, SelectAll, Paste bool
}

// PadState is the first gamepad with a standard layout, if any.
type PadState struct {
	Present        bool
	LX, LY, RX, RY float64 // sticks, -1..1, +y down
	Trigger        float64 // right trigger, 0..1
	Up, Down, A, B bool    // d-pad and face buttons, edge-triggered, for menus
	Start          bool    // the start button went down: the pause menu
	Select         bool    // the select (back) button went down: the inventory
	Focus          bool    // the left shoulder button is held: focus
	Ability        bool    // the right shoulder button is held: the class's ability
}

// The number keys 1 to 9, on the row and on the keypad.
var (
	digitKeys = [...]ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4,
		ebiten.KeyDigit5, ebiten.KeyDigit6, ebiten.KeyDigit7, ebiten.KeyDigit8, ebiten.KeyDigit9}
	numpadKeys = [...]ebiten.Key{ebiten.KeyNumpad1, ebiten.KeyNumpad2, ebiten.KeyNumpad3, ebiten.KeyNumpad4,
		ebiten.KeyNumpad5, ebiten.KeyNumpad6, ebiten.KeyNumpad7, ebiten.KeyNumpad8, ebiten.KeyNumpad9}
)

// Key repeat for Backspace: a first delay, then a steady rate, in ticks.
const (
	repeatDelay = 24
	repeatEvery = 3
)

// Collector reads the devices into a frameInput, reusing its buffers.
type Collector struct {
	in     FrameInput
	pads   []ebiten.GamepadID
	lastX  int
	lastY  int
	Keys   Bindings // the player's keys (settings)
	NoPads bool     // the settings turned the gamepad off
}

// Collect reads this frame's input. The result is valid until the next call.
func (c *Collector) Collect() *FrameInput {
	in := &c.in
	chars := ebiten.AppendInputChars(in.Edit.Chars[:0])
	pressed := inpututil.AppendJustPressedKeys(in.Pressed[:0])
	*in = FrameInput{Pressed: pressed, Edit: EditKeys{Chars: chars}}
	k := &c.Keys
	in.Mouse.X, in.Mouse.Y = ebiten.CursorPosition()
	in.Mouse.Moved = in.Mouse.X != c.lastX || in.Mouse.Y != c.lastY
	c.lastX, c.lastY = in.Mouse.X, in.Mouse.Y
	in.Mouse.Click = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	in.Mouse.Held = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.Up = justPressed(ebiten.KeyArrowUp)
	in.Down = justPressed(ebiten.KeyArrowDown)
	in.Left = justPressed(ebiten.KeyArrowLeft)
	in.Right = justPressed(ebiten.KeyArrowRight)
	in.Enter = justPressed(ebiten.KeyEnter) || justPressed(ebiten.KeyNumpadEnter)
	in.Back = justPressed(ebiten.KeyEscape)
	in.Tab = justPressed(ebiten.KeyTab)
	in.Edit.Backspace = repeating(ebiten.KeyBackspace)
	in.Move = KeyMove(held(k[ActUp]) || held(ebiten.KeyArrowUp), held(k[ActDown]) || held(ebiten.KeyArrowDown),
		held(k[ActLeft]) || held(ebiten.KeyArrowLeft), held(k[ActRight]) || held(ebiten.KeyArrowRight))
	in.Interact = justPressed(k[ActInteract])
	in.F3 = justPressed(k[ActNetGraph])
	in.Bag = justPressed(k[ActInventory])
	in.Ability = held(k[ActAbility])
	for i, k := range digitKeys {
		if justPressed(k) || justPressed(numpadKeys[i]) {
			in.Digit = i + 1
		}
	}
	in.Slot = slotPressed(k)
	in.Shift = held(ebiten.KeyShiftLeft) || held(ebiten.KeyShiftRight)
	in.Focus = held(k[ActFocus])
	in.Escape = held(k[ActLeave])
	ctrl := held(ebiten.KeyControlLeft) || held(ebiten.KeyControlRight) || held(ebiten.KeyMetaLeft) || held(ebiten.KeyMetaRight)
	in.Edit.Ctrl, in.Edit.SelectAll = ctrl, ctrl && justPressed(ebiten.KeyA)
	in.Edit.Home, in.Edit.End, in.Edit.Delete = justPressed(ebiten.KeyHome), justPressed(ebiten.KeyEnd), repeating(ebiten.KeyDelete)
	_, in.Mouse.Wheel = ebiten.Wheel()
	in.PageUp, in.PageDown = repeating(ebiten.KeyPageUp), repeating(ebiten.KeyPageDown)
	in.Edit.Paste = (ctrl && justPressed(ebiten.KeyV)) || (in.Shift && justPressed(ebiten.KeyInsert))
	in.F11 = justPressed(ebiten.KeyF11)
	c.collectPad()
	return in
}

func (c *Collector) collectPad() {
	if c.NoPads {
		return
	}
	c.pads = ebiten.AppendGamepadIDs(c.pads[:0])
	for _, id := range c.pads {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		p := &c.in.Pad
		p.Present = true
		p.LX = ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickHorizontal)
		p.LY = ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisLeftStickVertical)
		p.RX = ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisRightStickHorizontal)
		p.RY = ebiten.StandardGamepadAxisValue(id, ebiten.StandardGamepadAxisRightStickVertical)
		p.Trigger = ebiten.StandardGamepadButtonValue(id, ebiten.StandardGamepadButtonFrontBottomRight)
		p.Up = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonLeftTop)
		p.Down = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonLeftBottom)
		p.A = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonRightBottom)
		p.B = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonRightRight)
		p.Start = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonCenterRight)
		p.Select = inpututil.IsStandardGamepadButtonJustPressed(id, ebiten.StandardGamepadButtonCenterLeft)
		p.Focus = ebiten.IsStandardGamepadButtonPressed(id, ebiten.StandardGamepadButtonFrontTopLeft)
		p.Ability = ebiten.IsStandardGamepadButtonPressed(id, ebiten.StandardGamepadButtonFrontTopRight)
		return
	}
}

// slotPressed is the bag slot, 1 to 8, whose key went down this frame,
// or 0: the slot's own key, or the keypad's digit while no action has it.
func slotPressed(k *Bindings) int {
	for i := range game.BagSlots {
		if justPressed(k[ActSlot1+i]) || (justPressed(numpadKeys[i]) && !k.has(numpadKeys[i])) {
			return i + 1
		}
	}
	return 0
}

// has says whether some action is bound to key.
func (b *Bindings) has(key ebiten.Key) bool {
	for _, k := range b {
		if k == key {
			return true
		}
	}
	return false
}

func held(k ebiten.Key) bool        { return ebiten.IsKeyPressed(k) }
func justPressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }

func repeating(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d >= repeatDelay && (d-repeatDelay)%repeatEvery == 0)
}

// KeyMove turns four held direction keys into a move vector; opposite keys
// cancel.
func KeyMove(up, down, left, right bool) [2]float64 {
	var m [2]float64
	if left {
		m[0]--
	}
	if right {
		m[0]++
	}
	if up {
		m[1]--
	}
	if down {
		m[1]++
	}
	return m
}

// menuNav folds the keyboard and the gamepad into the menu's four actions.
func (in *FrameInput) MenuUp() bool    { return in.Up || in.Pad.Up }
func (in *FrameInput) MenuDown() bool  { return in.Down || in.Pad.Down || in.Tab }
func (in *FrameInput) MenuEnter() bool { return in.Enter || in.Pad.A }
func (in *FrameInput) MenuBack() bool  { return in.Back || in.Pad.B }
