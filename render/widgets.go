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
	cur      int  // the caret, a rune index: 0 before the first letter, len(text) after the last
	all      bool // Ctrl+A selected the whole: typing replaces it, Backspace or Delete clears it
	secret   bool // a password: drawn as dots, and never pasted into from elsewhere
	inline   bool // the label stands inside the field, dimmed, while it is empty: a column with no room above
	fit      bool // a long text takes a smaller hand (down to the small text) before it scrolls: a join code reads whole
	from     int  // the first rune shown, when the text is wider than the box
}

// Text is the field's content.
func (f *textField) Text() string { return string(f.text) }

// SetText replaces the content, dropping what the field would refuse.
func (f *textField) SetText(s string) {
	f.text, f.cur, f.all = f.text[:0], 0, false
	for _, r := range s {
		f.insert(r)
	}
}

// edit applies this frame's typing, as text fields everywhere do: the
// arrows move the caret (with Ctrl, a word at a time), Home and End go to
// either end, Backspace and Delete take the letter before or after it
// (with Ctrl, the word), Ctrl+A selects the whole so what is typed next
// replaces it.
func (f *textField) edit(in *frameInput) {
	f.cur = min(max(f.cur, 0), len(f.text))
	switch {
	case in.SelectAll:
		f.all = len(f.text) > 0
		return
	case f.all && (in.Backspace || in.Delete || len(in.Chars) > 0):
		f.text, f.cur, f.all = f.text[:0], 0, false
		if in.Backspace || in.Delete {
			return
		}
	case f.all && (in.Left || in.Right || in.Home || in.End):
		f.all = false
	}
	switch {
	case in.Home:
		f.cur = 0
	case in.End:
		f.cur = len(f.text)
	case in.Left:
		f.cur = f.step(-1, in.Ctrl)
	case in.Right:
		f.cur = f.step(1, in.Ctrl)
	case in.Backspace:
		f.cut(f.step(-1, in.Ctrl), f.cur)
	case in.Delete:
		f.cut(f.cur, f.step(1, in.Ctrl))
	}
	for _, r := range in.Chars {
		f.insert(r)
	}
}

// step is the caret moved one letter in dir, or with words to the start
// of the word before it (or past the end of the word after it).
func (f *textField) step(dir int, words bool) int {
	at := min(max(f.cur+dir, 0), len(f.text))
	if !words {
		return at
	}
	at = f.cur
	space := func(i int) bool { return f.text[i] == ' ' || f.text[i] == '.' || f.text[i] == ':' }
	if dir < 0 {
		for at > 0 && space(at-1) {
			at--
		}
		for at > 0 && !space(at-1) {
			at--
		}
		return at
	}
	for at < len(f.text) && space(at) {
		at++
	}
	for at < len(f.text) && !space(at) {
		at++
	}
	return at
}

// cut removes the letters from a to b (rune indices, a ≤ b) and leaves
// the caret at a.
func (f *textField) cut(a, b int) {
	if a >= b {
		return
	}
	f.text = append(f.text[:a], f.text[b:]...)
	f.cur = a
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
	f.cur = min(max(f.cur, 0), len(f.text))
	f.text = append(f.text, 0)
	copy(f.text[f.cur+1:], f.text[f.cur:])
	f.text[f.cur] = r
	f.cur++
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
