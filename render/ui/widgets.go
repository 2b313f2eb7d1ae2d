package ui

import (
	"image"
	"unicode/utf8"
)

// Button is a clickable label.
type Button struct {
	Label string
	Rect  image.Rectangle
	Small bool // a list row: its label in the small text
}

// TextField is a one-line text input. It accepts the letters the font can
// draw (Latin, Greek and Cyrillic, no control characters) and keeps
// at most maxBytes bytes of UTF-8, the limit the wire puts on names.
type TextField struct {
	Label    string
	Runes    []rune
	MaxBytes int
	Rect     image.Rectangle
	cur      int  // the caret, a rune index: 0 before the first letter, len(text) after the last
	all      bool // Ctrl+A selected the whole: typing replaces it, Backspace or Delete clears it
	Secret   bool // a password: drawn as dots, and never pasted into from elsewhere
	Inline   bool // the label stands inside the field, dimmed, while it is empty: a column with no room above
	Fit      bool // a long text takes a smaller hand (down to the small text) before it scrolls: a join code reads whole
	from     int  // the first rune shown, when the text is wider than the box
}

// Text is the field's content.
func (f *TextField) Text() string { return string(f.Runes) }

// SetText replaces the content, dropping what the field would refuse.
func (f *TextField) SetText(s string) {
	f.Runes, f.cur, f.all = f.Runes[:0], 0, false
	for _, r := range s {
		f.insert(r)
	}
}

// Edit applies this frame's typing, as text fields everywhere do: the
// arrows move the caret (with Ctrl, a word at a time), Home and End go to
// either end, Backspace and Delete take the letter before or after it
// (with Ctrl, the word), Ctrl+A selects the whole so what is typed next
// replaces it.
func (f *TextField) Edit(in *FrameInput) {
	f.cur = min(max(f.cur, 0), len(f.Runes))
	switch {
	case in.Edit.SelectAll:
		f.all = len(f.Runes) > 0
		return
	case f.all && (in.Edit.Backspace || in.Edit.Delete || len(in.Edit.Chars) > 0):
		f.Runes, f.cur, f.all = f.Runes[:0], 0, false
		if in.Edit.Backspace || in.Edit.Delete {
			return
		}
	case f.all && (in.Left || in.Right || in.Edit.Home || in.Edit.End):
		f.all = false
	}
	switch {
	case in.Edit.Home:
		f.cur = 0
	case in.Edit.End:
		f.cur = len(f.Runes)
	case in.Left:
		f.cur = f.step(-1, in.Edit.Ctrl)
	case in.Right:
		f.cur = f.step(1, in.Edit.Ctrl)
	case in.Edit.Backspace:
		f.cut(f.step(-1, in.Edit.Ctrl), f.cur)
	case in.Edit.Delete:
		f.cut(f.cur, f.step(1, in.Edit.Ctrl))
	}
	for _, r := range in.Edit.Chars {
		f.insert(r)
	}
}

// step is the caret moved one letter in dir, or with words to the start
// of the word before it (or past the end of the word after it).
func (f *TextField) step(dir int, words bool) int {
	at := min(max(f.cur+dir, 0), len(f.Runes))
	if !words {
		return at
	}
	at = f.cur
	space := func(i int) bool { return f.Runes[i] == ' ' || f.Runes[i] == '.' || f.Runes[i] == ':' }
	if dir < 0 {
		for at > 0 && space(at-1) {
			at--
		}
		for at > 0 && !space(at-1) {
			at--
		}
		return at
	}
	for at < len(f.Runes) && space(at) {
		at++
	}
	for at < len(f.Runes) && !space(at) {
		at++
	}
	return at
}

// cut removes the letters from a to b (rune indices, a ≤ b) and leaves
// the caret at a.
func (f *TextField) cut(a, b int) {
	if a >= b {
		return
	}
	f.Runes = append(f.Runes[:a], f.Runes[b:]...)
	f.cur = a
}

// maxFieldRune is the last letter a field takes: Go Regular draws Latin,
// Greek and Cyrillic (up to U+04FF); past that a name would show as boxes.
const maxFieldRune = 0x04FF

func (f *TextField) insert(r rune) {
	if r < 0x20 || (r >= 0x7f && r < 0xa0) || r > maxFieldRune {
		return
	}
	if f.MaxBytes > 0 && f.bytes()+utf8.RuneLen(r) > f.MaxBytes {
		return
	}
	f.cur = min(max(f.cur, 0), len(f.Runes))
	f.Runes = append(f.Runes, 0)
	copy(f.Runes[f.cur+1:], f.Runes[f.cur:])
	f.Runes[f.cur] = r
	f.cur++
}

func (f *TextField) bytes() int {
	n := 0
	for _, r := range f.Runes {
		n += utf8.RuneLen(r)
	}
	return n
}

// Form is a column of focusable widgets: buttons and text fields. Up/Down
// (and Tab, and the d-pad) move the focus, the mouse focuses what it hovers
// or clicks, Enter presses the focused button. Enter in a text field
// presses the submit button, so a filled-in form is sent from the keyboard.
type Form struct {
	Order  []any // *button or *textField, top to bottom
	Focus  int
	Submit *Button
}

// NewForm makes a form of buttons and text fields, focused on the first.
func NewForm(items ...any) *Form {
	for _, it := range items {
		switch it.(type) {
		case *Button, *TextField:
		default:
			panic("form: not a widget") // a programming error, caught by any test that opens the scene
		}
	}
	return &Form{Order: items}
}

func RectOf(it any) image.Rectangle {
	if b, ok := it.(*Button); ok {
		return b.Rect
	}
	return it.(*TextField).Rect
}

// Focused is the focused widget.
func (f *Form) Focused() any { return f.Order[f.Focus] }

// HasFocus reports whether it is the focused widget.
func (f *Form) HasFocus(it any) bool { return f.Focused() == it }

// Update applies a frame's input and returns the pressed button, if any.
func (f *Form) Update(in *FrameInput) *Button {
	if pressed := f.pointer(in); pressed != nil {
		return pressed
	}
	switch {
	case in.MenuUp():
		f.Focus = (f.Focus + len(f.Order) - 1) % len(f.Order)
	case in.MenuDown():
		f.Focus = (f.Focus + 1) % len(f.Order)
	case in.MenuEnter():
		return f.enter()
	}
	if fld, ok := f.Focused().(*TextField); ok {
		fld.Edit(in)
	}
	return nil
}

// pointer handles the mouse: hovering focuses, clicking presses a button
// or focuses a field.
func (f *Form) pointer(in *FrameInput) *Button {
	if !in.Mouse.Moved && !in.Mouse.Click {
		return nil
	}
	pt := image.Pt(in.Mouse.X, in.Mouse.Y)
	for i, it := range f.Order {
		if !pt.In(RectOf(it)) {
			continue
		}
		if b, ok := it.(*Button); ok && in.Mouse.Click {
			f.Focus = i
			return b
		}
		if _, isField := it.(*TextField); !isField || in.Mouse.Click {
			f.Focus = i // hovering a field does not steal typing from another
		}
	}
	return nil
}

func (f *Form) enter() *Button {
	switch w := f.Focused().(type) {
	case *Button:
		return w
	case *TextField:
		if f.Submit != nil {
			return f.Submit
		}
		f.Focus = (f.Focus + 1) % len(f.Order)
	}
	return nil
}
