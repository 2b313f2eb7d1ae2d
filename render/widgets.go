package render

import (
	"image"
	"unicode/utf8"
)

// button is a clickable label.
type button struct {
	label string
	rect  image.Rectangle
	small bool // a list row: its label in the small text
}

// textField is a one-line text input. It accepts the letters the font can
// draw (Latin, Greek and Cyrillic, no control characters) and keeps
// at most maxBytes bytes of UTF-8, the limit the wire puts on names.
type textField struct {
	label    string
	text     []rune
	maxBytes int
	rect     image.Rectangle
}

// Text is the field's content.
func (f *textField) Text() string { return string(f.text) }

// SetText replaces the content, dropping what the field would refuse.
func (f *textField) SetText(s string) {
	f.text = f.text[:0]
	for _, r := range s {
		f.insert(r)
	}
}

// edit applies this frame's typing.
func (f *textField) edit(in *frameInput) {
	if in.Backspace && len(f.text) > 0 {
		f.text = f.text[:len(f.text)-1]
	}
	for _, r := range in.Chars {
		f.insert(r)
	}
}

// maxFieldRune is the last letter a field takes: Go Regular draws Latin,
// Greek and Cyrillic (up to U+04FF); past that a name would show as boxes.
const maxFieldRune = 0x04FF

func (f *textField) insert(r rune) {
	if r < 0x20 || (r >= 0x7f && r < 0xa0) || r > maxFieldRune {
		return
	}
	if f.maxBytes > 0 && f.bytes()+utf8.RuneLen(r) > f.maxBytes {
		return
	}
	f.text = append(f.text, r)
}

func (f *textField) bytes() int {
	n := 0
	for _, r := range f.text {
		n += utf8.RuneLen(r)
	}
	return n
}

// form is a column of focusable widgets: buttons and text fields. Up/Down
// (and Tab, and the d-pad) move the focus, the mouse focuses what it hovers
// or clicks, Enter presses the focused button. Enter in a text field
// presses the submit button, so a filled-in form is sent from the keyboard.
type form struct {
	order  []any // *button or *textField, top to bottom
	focus  int
	submit *button
}

// newForm makes a form of buttons and text fields, focused on the first.
func newForm(items ...any) *form {
	for _, it := range items {
		switch it.(type) {
		case *button, *textField:
		default:
			panic("form: not a widget") // a programming error, caught by any test that opens the scene
		}
	}
	return &form{order: items}
}

func rectOf(it any) image.Rectangle {
	if b, ok := it.(*button); ok {
		return b.rect
	}
	return it.(*textField).rect
}

// focused is the focused widget.
func (f *form) focused() any { return f.order[f.focus] }

// hasFocus reports whether it is the focused widget.
func (f *form) hasFocus(it any) bool { return f.focused() == it }

// update applies a frame's input and returns the pressed button, if any.
func (f *form) update(in *frameInput) *button {
	if pressed := f.pointer(in); pressed != nil {
		return pressed
	}
	switch {
	case in.menuUp():
		f.focus = (f.focus + len(f.order) - 1) % len(f.order)
	case in.menuDown():
		f.focus = (f.focus + 1) % len(f.order)
	case in.menuEnter():
		return f.enter()
	}
	if fld, ok := f.focused().(*textField); ok {
		fld.edit(in)
	}
	return nil
}

// pointer handles the mouse: hovering focuses, clicking presses a button
// or focuses a field.
func (f *form) pointer(in *frameInput) *button {
	if !in.MouseMoved && !in.Click {
		return nil
	}
	pt := image.Pt(in.MouseX, in.MouseY)
	for i, it := range f.order {
		if !pt.In(rectOf(it)) {
			continue
		}
		if b, ok := it.(*button); ok && in.Click {
			f.focus = i
			return b
		}
		if _, isField := it.(*textField); !isField || in.Click {
			f.focus = i // hovering a field does not steal typing from another
		}
	}
	return nil
}

func (f *form) enter() *button {
	switch w := f.focused().(type) {
	case *button:
		return w
	case *textField:
		if f.submit != nil {
			return f.submit
		}
		f.focus = (f.focus + 1) % len(f.order)
	}
	return nil
}
