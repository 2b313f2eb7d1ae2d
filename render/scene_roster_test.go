package render

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/transport"
	"duskfall/net/wire"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// rosterCall is one command the scene sent.
type rosterCall struct {
	op   wire.CommandOp
	id   uint64
	name string
}

// rosterRecorder stands in for the runtime's commands.
type rosterRecorder struct {
	calls   []rosterCall
	classes []string // the class of each create
}

func (r *rosterRecorder) SelectCharacter(id uint64) error {
	r.calls = append(r.calls, rosterCall{wire.OpSelect, id, ""})
	return nil
}

func (r *rosterRecorder) CreateCharacter(name, class string) error {
	r.calls = append(r.calls, rosterCall{wire.OpCreate, 0, name})
	r.classes = append(r.classes, class)
	return nil
}

func (r *rosterRecorder) DeleteCharacter(id uint64, name string) error {
	r.calls = append(r.calls, rosterCall{wire.OpDelete, id, name})
	return nil
}

// sendControl plays the server's side of one control message.
func (f *fakeSession) sendControl(t *testing.T, typ wire.MsgType, b []byte, err error) {
	t.Helper()
	require.NoError(t, err)
	f.srv.Send(transport.LocalPeer, wire.ChannelOf(typ), b)
}

func (f *fakeSession) welcome(t *testing.T, c wire.Characters) {
	t.Helper()
	f.sendControl(t, wire.MsgWelcome, wire.AppendWelcome(nil, wire.Welcome{PeerID: 1, ServerTick: 100}), nil)
	b, err := wire.AppendCharacters(nil, c)
	f.sendControl(t, wire.MsgCharacters, b, err)
}

var twoCharacters = wire.Characters{Slots: 8, Entries: []wire.CharacterEntry{
	{ID: 1, Name: "Ava", Level: 3, Health: 80, MaxHealth: 100},
	{ID: 2, Name: "Bo", Level: 1, Health: 100, MaxHealth: 100, Where: wire.WhereDungeon, Lockout: 600},
}}

// rosterHarness joins a fake server that sends the roster c.
func rosterHarness(t *testing.T, c wire.Characters) (*harness, *rosterScene, *rosterRecorder) {
	t.Helper()
	h := newHarness(t, Options{Join: "127.0.0.1:7777"})
	h.press(ui.FrameInput{}) // the client says hello
	h.net.sessions[0].welcome(t, c)
	h.press(ui.FrameInput{})
	h.press(ui.FrameInput{})
	s := sceneOf[*rosterScene](t, h)
	rec := &rosterRecorder{}
	s.act = rec
	return h, s, rec
}

func TestRosterScene(t *testing.T) {
	t.Run("a returning account's roster opens after the handshake, one row per character", func(t *testing.T) {
		_, s, _ := rosterHarness(t, twoCharacters)
		require.Len(t, s.rows, 2)
		for _, r := range s.rows {
			assert.False(t, r.play.Rect.Empty(), "%s has a Play button", r.entry.Name)
			assert.False(t, r.del.Rect.Empty(), "%s has a Delete button", r.entry.Name)
			assert.True(t, r.rect.In(image.Rect(0, 0, s.win.W, s.win.H)), "%s is on screen", r.entry.Name)
		}
		assert.Equal(t, "Vanguard  ·  level 3  ·  health 80/100  ·  in the hub", s.rows[0].detail)
		assert.Contains(t, s.rows[1].detail, "returns to the hub")
	})
	t.Run("play sends a select of that character", func(t *testing.T) {
		_, s, rec := rosterHarness(t, twoCharacters)
		s.press(s.rows[1].play)
		assert.Equal(t, []rosterCall{{wire.OpSelect, 2, ""}}, rec.calls)
	})
	t.Run("delete asks first and only the confirming click deletes", func(t *testing.T) {
		_, s, rec := rosterHarness(t, twoCharacters)
		s.press(s.rows[0].del)
		assert.Empty(t, rec.calls, "the first click only asks")
		assert.Same(t, s.rows[0], s.asking)
		assert.Equal(t, "Delete Ava?", s.rows[0].ask)
		s.press(s.rows[0].keep)
		assert.Nil(t, s.asking, "Keep takes the question back")
		assert.Empty(t, rec.calls)
		s.press(s.rows[0].del)
		s.press(s.rows[0].sure)
		assert.Equal(t, []rosterCall{{wire.OpDelete, 1, "Ava"}}, rec.calls, "the name travels as the confirmation")
	})
	t.Run("New character opens the class cards; Back returns to the roster", func(t *testing.T) {
		h, s, rec := rosterHarness(t, twoCharacters)
		c := ui.Mid(s.create.Rect)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		cs := sceneOf[*classScene](t, h)
		assert.Empty(t, rec.calls, "nothing is made before its class is chosen")
		require.NotNil(t, cs.back)
		assert.Len(t, cs.cards, len(h.a.opts.Content.Content.Classes), "the same cards as the first launch")
		assert.Empty(t, cs.name.Text(), "the player names it")
		content := h.a.opts.Content.Content
		for i, card := range cs.cards {
			at, ok := ClassCardCenter(content, i, h.a.W, h.a.H)
			assert.True(t, ok)
			assert.Equal(t, ui.Mid(card.pick.Rect), at, "ClassCardCenter finds card %d", i)
		}
		assert.Equal(t, ui.Mid(cs.create.Rect), CreateAndPlayCenter(content, h.a.W, h.a.H, true), "CreateAndPlayCenter finds Create")
		at, ok := RosterButtonCenter(LabelNewCharacter, 0, len(s.rows), h.a.W, h.a.H)
		assert.True(t, ok)
		assert.Equal(t, c, at, "RosterButtonCenter finds New character")
		at, ok = RosterButtonCenter("Play", 1, len(s.rows), h.a.W, h.a.H)
		assert.True(t, ok)
		assert.Equal(t, ui.Mid(s.rows[1].play.Rect), at, "and a row's Play")
		b := ui.Mid(cs.back.Rect)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: b.X, Y: b.Y, Moved: true, Click: true}})
		sceneOf[*rosterScene](t, h)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		sceneOf[*classScene](t, h)
		h.press(ui.FrameInput{Back: true})
		sceneOf[*rosterScene](t, h)
	})
	t.Run("a character made from the roster has the class chosen on its card", func(t *testing.T) {
		h, s, rec := rosterHarness(t, twoCharacters)
		s.press(s.create)
		h.press(ui.FrameInput{})
		cs := sceneOf[*classScene](t, h)
		cs.act = rec
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("Cid")}})
		c := ui.Mid(cs.cards[3].pick.Rect)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		b := ui.Mid(cs.create.Rect)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: b.X, Y: b.Y, Moved: true, Click: true}})
		assert.Equal(t, []rosterCall{{wire.OpCreate, 0, "Cid"}}, rec.calls)
		assert.Equal(t, []string{cs.cards[3].class.ID}, rec.classes)
	})
	t.Run("each row names the character's class", func(t *testing.T) {
		withClass := wire.Characters{Slots: 8, Entries: []wire.CharacterEntry{
			{ID: 1, Name: "Ava", Level: 3, Health: 150, MaxHealth: 150, Class: 3}}}
		h, s, _ := rosterHarness(t, withClass)
		name := h.a.opts.Content.Content.Classes[3].Name
		assert.Equal(t, name+"  ·  level 3  ·  health 150/150  ·  in the hub", s.rows[0].detail)
		assert.Contains(t, h.log.String(), "duskfall: roster Ava class="+h.a.opts.Content.Content.Classes[3].ID+" level=3 health=150/150")
	})
	t.Run("a lockout counts down in seconds", func(t *testing.T) {
		h, s, _ := rosterHarness(t, twoCharacters)
		assert.Equal(t, "dungeons open in 10 seconds", s.rows[1].lockText)
		assert.Empty(t, s.rows[0].lockText)
		h.net.now = h.net.now.Add(4 * time.Second)
		h.press(ui.FrameInput{})
		assert.Equal(t, "dungeons open in 6 seconds", s.rows[1].lockText)
	})
	t.Run("a full account shows no create line", func(t *testing.T) {
		full := wire.Characters{Slots: 1, Entries: twoCharacters.Entries[:1]}
		_, s, _ := rosterHarness(t, full)
		assert.True(t, s.create.Rect.Empty())
		assert.Equal(t, "1 of 1 slots used", s.slots)
	})
	t.Run("a death in the play scene opens the roster with the server's words, the fallen character focused", func(t *testing.T) {
		h := newHarness(t, Options{Join: "127.0.0.1:7777"})
		h.press(ui.FrameInput{})
		sess := h.net.sessions[0]
		sess.welcome(t, twoCharacters)
		h.press(ui.FrameInput{})
		h.press(ui.FrameInput{})
		first := sceneOf[*rosterScene](t, h)
		first.press(first.rows[1].play) // Bo, the second row, played
		b, err := wire.AppendEnterInstance(nil, wire.EnterInstance{Instance: 1, Epoch: 1, Dungeon: game.HubDungeon,
			MapW: 8, MapH: 8, ServerTick: 100})
		sess.sendControl(t, wire.MsgEnterInstance, b, err)
		h.press(ui.FrameInput{})
		h.press(ui.FrameInput{})
		sceneOf[*playScene](t, h)
		entries := slices.Clone(twoCharacters.Entries)
		entries[1].Lockout = 10 * game.TickRate // the server's DeathLockoutTicks
		died := wire.Characters{Cause: wire.CauseDied, Note: "Bo fell in the Proving Grounds.", Slots: 8, Entries: entries}
		b, err = wire.AppendCharacters(nil, died)
		sess.sendControl(t, wire.MsgCharacters, b, err)
		h.press(ui.FrameInput{})
		h.press(ui.FrameInput{})
		s := sceneOf[*rosterScene](t, h)
		note := func() string { return strings.Join(s.note.lines, " ") }
		assert.Equal(t, "Bo fell in the Proving Grounds. The dungeons open to Bo again in 10 seconds.", note())
		require.Equal(t, 1, s.selected(), "the focus is on the character that fell, not the first row")

		h.net.now = h.net.now.Add(3500 * time.Millisecond)
		h.press(ui.FrameInput{})
		assert.Equal(t, "Bo fell in the Proving Grounds. The dungeons open to Bo again in 7 seconds.", note(), "the banner counts down")
		h.net.now = h.net.now.Add(7 * time.Second)
		h.press(ui.FrameInput{})
		assert.Equal(t, "Bo fell in the Proving Grounds. The dungeons are open to Bo again.", note(), "and says when they open")
		assert.Empty(t, s.rows[1].lockText, "the row's count is gone too")
		assert.Contains(t, h.log.String(), `duskfall: roster focus "Bo"`)
		assert.Contains(t, h.log.String(), `duskfall: roster note "Bo fell in the Proving Grounds. The dungeons are open to Bo again."`)

		rec := &rosterRecorder{}
		s.act = rec
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, []rosterCall{{wire.OpSelect, 2, ""}}, rec.calls, "Enter plays the character that fell")
	})
}

// Eight characters do not fit at 640×400: the wheel and Page Up/Down
// scroll the rows, and a key that moves the focus brings it back in view.
func TestTheRosterScrollsByTheWheel(t *testing.T) {
	eight := wire.Characters{Slots: 8}
	for i := range 8 {
		eight.Entries = append(eight.Entries, wire.CharacterEntry{ID: uint64(i + 1), Name: string(rune('A' + i)), Level: 1, Health: 100, MaxHealth: 100})
	}
	h, s, _ := rosterHarness(t, eight)
	defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
	h.a.Layout(settings.MinWindowWidth, settings.MinWindowHeight)
	h.press(ui.FrameInput{})
	require.Less(t, s.list.shown, 8, "not every row fits at 640×400")
	require.Zero(t, s.list.top)
	h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
	assert.Equal(t, min(2, 8-s.list.shown), s.list.top, "a notch down moves two rows, though the focus is on the first")
	h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -40}})
	assert.Equal(t, 8-s.list.shown, s.list.top, "many notches stop at the end")
	h.press(ui.FrameInput{PageUp: true})
	assert.Equal(t, max(0, 8-s.list.shown-max(1, s.list.shown-1)), s.list.top, "Page Up goes a page back")
	h.press(ui.FrameInput{Down: true})
	sel := s.selected()
	require.GreaterOrEqual(t, sel, 0)
	assert.True(t, sel >= s.list.top && sel < s.list.top+s.list.shown, "the focused row %d is in view again (rows %d to %d)", sel, s.list.top, s.list.top+s.list.shown-1)
}

// A click on a row's Play plays that row's character however long the
// pointer rested on it first, whatever the rows, the window and the
// scroll: hovering moves the focus, and the focus never moves the rows
// from under the pointer.
func TestARosterClickPlaysTheRowUnderThePointer(t *testing.T) {
	for _, n := range []int{2, 8} {
		for _, size := range [][2]int{{ui.WindowWidth, ui.WindowHeight}, {settings.MinWindowWidth, settings.MinWindowHeight}} {
			for _, wheel := range []float64{0, -1} {
				t.Run(fmt.Sprintf("%d rows at %dx%d, the wheel turned %v", n, size[0], size[1], -wheel), func(t *testing.T) {
					chars := wire.Characters{Slots: 8}
					for i := range n {
						chars.Entries = append(chars.Entries, wire.CharacterEntry{ID: uint64(i + 1), Name: string(rune('A' + i)), Level: 1, Health: 100, MaxHealth: 100})
					}
					h, s, rec := rosterHarness(t, chars)
					defer h.a.Layout(ui.WindowWidth, ui.WindowHeight)
					h.a.Layout(size[0], size[1])
					h.press(ui.FrameInput{Mouse: ui.Mouse{X: 1, Y: 1, Moved: true, Wheel: wheel}})
					for row := range n {
						for rest := 0; rest <= 12; rest += 4 { // frames between the pointer's arrival and the press
							r := s.rows[row]
							if r.play.Rect.Empty() {
								continue // scrolled out of view
							}
							rec.calls = nil
							c := ui.Mid(r.play.Rect)
							h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true}})
							for range rest {
								h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y}})
							}
							h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Click: true, Held: true}})
							assert.Equal(t, []rosterCall{{wire.OpSelect, uint64(row + 1), ""}}, rec.calls, "row %d after %d frames", row, rest)
							h.press(ui.FrameInput{Mouse: ui.Mouse{X: 1, Y: 1, Moved: true}})
						}
					}
				})
			}
		}
	}
}
