package ui

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTextFieldEditing(t *testing.T) {
	cases := []struct {
		name     string
		start    string
		maxBytes int
		in       FrameInput
		want     string
	}{
		{"typing appends printable characters", "ab", 16, FrameInput{Edit: EditKeys{Chars: []rune("c d")}}, "abc d"},
		{"control characters are dropped", "", 16, FrameInput{Edit: EditKeys{Chars: []rune{'a', '\t', '\n', 0x7f, 0x85, 'b'}}}, "ab"},
		{"characters the font cannot draw are dropped", "", 16, FrameInput{Edit: EditKeys{Chars: []rune("aé→b")}}, "aéb"},
		{"Greek and Cyrillic letters are kept", "", 16, FrameInput{Edit: EditKeys{Chars: []rune("Ωмир")}}, "Ωмир"},
		{"the byte limit stops typing", "abcd", 5, FrameInput{Edit: EditKeys{Chars: []rune("xyz")}}, "abcdx"},
		{"a two-byte letter does not squeeze past the limit", "abcd", 5, FrameInput{Edit: EditKeys{Chars: []rune("é")}}, "abcd"},
		{"backspace removes the last letter", "abé", 16, FrameInput{Edit: EditKeys{Backspace: true}}, "ab"},
		{"backspace on an empty field does nothing", "", 16, FrameInput{Edit: EditKeys{Backspace: true}}, ""},
		{"backspace applies before this frame's typing", "ab", 16, FrameInput{Edit: EditKeys{Backspace: true, Chars: []rune("c")}}, "ac"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &TextField{MaxBytes: c.maxBytes}
			f.SetText(c.start)
			f.Edit(&c.in)
			assert.Equal(t, c.want, f.Text())
		})
	}
}

func TestTextFieldKeys(t *testing.T) {
	cases := []struct {
		name  string
		start string
		keys  []FrameInput
		want  string
		cur   int
	}{
		{"the caret starts after the text", "abc", nil, "abc", 3},
		{"Left then typing inserts before the last letter", "abc", []FrameInput{{Left: true}, {Edit: EditKeys{Chars: []rune("X")}}}, "abXc", 3},
		{"Home then typing inserts at the start", "abc", []FrameInput{{Edit: EditKeys{Home: true}}, {Edit: EditKeys{Chars: []rune("X")}}}, "Xabc", 1},
		{"End after Home goes back to the end", "abc", []FrameInput{{Edit: EditKeys{Home: true}}, {Edit: EditKeys{End: true}}}, "abc", 3},
		{"Backspace takes the letter before the caret", "abc", []FrameInput{{Left: true}, {Edit: EditKeys{Backspace: true}}}, "ac", 1},
		{"Delete takes the letter after the caret", "abc", []FrameInput{{Edit: EditKeys{Home: true}}, {Edit: EditKeys{Delete: true}}}, "bc", 0},
		{"Ctrl+Left jumps to the start of the word", "127.0.0.1:7777", []FrameInput{{Left: true, Edit: EditKeys{Ctrl: true}}}, "127.0.0.1:7777", 10},
		{"Ctrl+Backspace takes the word before the caret", "my host:7777", []FrameInput{{Edit: EditKeys{Backspace: true, Ctrl: true}}}, "my host:", 8},
		{"Ctrl+Right from the start jumps past the first word", "my host", []FrameInput{{Edit: EditKeys{Home: true}}, {Right: true, Edit: EditKeys{Ctrl: true}}}, "my host", 2},
		{"Ctrl+A then typing replaces the whole", "example.org:7777", []FrameInput{{Edit: EditKeys{SelectAll: true}}, {Edit: EditKeys{Chars: []rune("10.0.0.2:7777")}}}, "10.0.0.2:7777", 13},
		{"Ctrl+A then Backspace clears it", "example.org:7777", []FrameInput{{Edit: EditKeys{SelectAll: true}}, {Edit: EditKeys{Backspace: true}}}, "", 0},
		{"Ctrl+A then an arrow keeps the text and drops the selection", "abc", []FrameInput{{Edit: EditKeys{SelectAll: true}}, {Left: true}, {Edit: EditKeys{Chars: []rune("X")}}}, "abXc", 3},
		{"the caret never leaves the text", "ab", []FrameInput{{Right: true}, {Right: true}, {Edit: EditKeys{Home: true}}, {Left: true}}, "ab", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &TextField{MaxBytes: 64}
			f.SetText(c.start)
			for i := range c.keys {
				f.Edit(&c.keys[i])
			}
			assert.Equal(t, c.want, f.Text())
			assert.Equal(t, c.cur, f.cur)
			assert.False(t, f.all && c.want != c.start, "no selection left after an edit")
		})
	}
}

// testForm is a name field, an address field, Connect and Back, stacked.
func testForm() (*Form, *TextField, *TextField, *Button, *Button) {
	name := &TextField{MaxBytes: 16, Rect: image.Rect(0, 0, 100, 40)}
	addr := &TextField{MaxBytes: 64, Rect: image.Rect(0, 50, 100, 90)}
	ok := &Button{Label: "Connect", Rect: image.Rect(0, 100, 100, 140)}
	back := &Button{Label: "Back", Rect: image.Rect(0, 150, 100, 190)}
	return NewForm(name, addr, ok, back), name, addr, ok, back
}

func TestFormKeyboard(t *testing.T) {
	t.Run("down moves the focus and wraps at the bottom", func(t *testing.T) {
		f, name, _, _, back := testForm()
		for range 3 {
			require.Nil(t, f.Update(&FrameInput{Down: true}))
		}
		assert.True(t, f.HasFocus(back))
		f.Update(&FrameInput{Down: true})
		assert.True(t, f.HasFocus(name))
	})
	t.Run("up wraps from the top to the bottom", func(t *testing.T) {
		f, _, _, _, back := testForm()
		f.Update(&FrameInput{Up: true})
		assert.True(t, f.HasFocus(back))
	})
	t.Run("tab and the d-pad move down too", func(t *testing.T) {
		f, _, addr, ok, _ := testForm()
		f.Update(&FrameInput{Tab: true})
		assert.True(t, f.HasFocus(addr))
		f.Update(&FrameInput{Pad: PadState{Down: true}})
		assert.True(t, f.HasFocus(ok))
	})
	t.Run("enter presses the focused button", func(t *testing.T) {
		f, _, _, _, back := testForm()
		f.Focus = 3
		assert.Same(t, back, f.Update(&FrameInput{Enter: true}))
	})
	t.Run("enter in a field presses the submit button", func(t *testing.T) {
		f, _, _, ok, _ := testForm()
		f.Submit = ok
		assert.Same(t, ok, f.Update(&FrameInput{Enter: true}))
	})
	t.Run("enter in a field without a submit button moves on", func(t *testing.T) {
		f, _, addr, _, _ := testForm()
		assert.Nil(t, f.Update(&FrameInput{Enter: true}))
		assert.True(t, f.HasFocus(addr))
	})
	t.Run("typing goes to the focused field only", func(t *testing.T) {
		f, name, addr, _, _ := testForm()
		f.Focus = 1
		f.Update(&FrameInput{Edit: EditKeys{Chars: []rune("host")}})
		assert.Equal(t, "host", addr.Text())
		assert.Empty(t, name.Text())
	})
	t.Run("a focused button ignores typing", func(t *testing.T) {
		f, name, addr, _, _ := testForm()
		f.Focus = 2
		f.Update(&FrameInput{Edit: EditKeys{Chars: []rune("x")}})
		assert.Empty(t, name.Text()+addr.Text())
	})
}

func TestFormMouse(t *testing.T) {
	t.Run("clicking a button presses it and focuses it", func(t *testing.T) {
		f, _, _, ok, _ := testForm()
		assert.Same(t, ok, f.Update(&FrameInput{Mouse: Mouse{X: 50, Y: 120, Click: true}}))
		assert.True(t, f.HasFocus(ok))
	})
	t.Run("hovering a button focuses it without pressing it", func(t *testing.T) {
		f, _, _, _, back := testForm()
		assert.Nil(t, f.Update(&FrameInput{Mouse: Mouse{X: 50, Y: 170, Moved: true}}))
		assert.True(t, f.HasFocus(back))
	})
	t.Run("hovering a field does not steal typing from the focused one", func(t *testing.T) {
		f, name, _, _, _ := testForm()
		f.Update(&FrameInput{Mouse: Mouse{X: 50, Y: 70, Moved: true}})
		assert.True(t, f.HasFocus(name))
	})
	t.Run("clicking a field focuses it", func(t *testing.T) {
		f, _, addr, _, _ := testForm()
		assert.Nil(t, f.Update(&FrameInput{Mouse: Mouse{X: 50, Y: 70, Click: true}}))
		assert.True(t, f.HasFocus(addr))
	})
	t.Run("a click outside every widget does nothing", func(t *testing.T) {
		f, name, _, _, _ := testForm()
		assert.Nil(t, f.Update(&FrameInput{Mouse: Mouse{X: 500, Y: 500, Click: true}}))
		assert.True(t, f.HasFocus(name))
	})
	t.Run("a resting cursor over a button does not take the focus back", func(t *testing.T) {
		f, name, _, _, _ := testForm()
		f.Update(&FrameInput{Mouse: Mouse{X: 50, Y: 120}}) // not moved, not clicked
		assert.True(t, f.HasFocus(name))
	})
}

func TestWrap(t *testing.T) {
	cases := []struct {
		name  string
		s     string
		width int
		want  []string
	}{
		{"short text stays on one line", "no answer", 20, []string{"no answer"}},
		{"lines break at spaces", "the server refused the connection", 12, []string{"the server", "refused the", "connection"}},
		{"a word longer than a line is cut", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"runs of spaces collapse", "a   b", 10, []string{"a b"}},
		{"empty text has no lines", "", 10, nil},
		{"a number keeps its unit on its line", "no hits for 1.5 s, every 10 s", 8,
			[]string{"no hits", "for", "1.5 s,", "every", "10 s"}},
		{"a unit of words stays with its number too", "Fires 33 % faster: 7.5 → 10 shots a second", 38,
			[]string{"Fires 33 % faster: 7.5 →", "10 shots a second"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Wrap(c.s, c.width))
		})
	}
}
