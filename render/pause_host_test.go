package render

import (
	"image"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/render/ui"
)

// frameInputAt is a click at the middle of r.
func frameInputAt(r image.Rectangle) ui.FrameInput {
	c := r.Min.Add(r.Size().Div(2))
	return ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}}
}

// The host's way out of the pause menu ends the game for everyone in it:
// its button says so, the menu says what happens to the friends, and
// with friends in the game it asks once more, naming how many.
func TestTheHostsPauseMenuSaysItEndsTheGame(t *testing.T) {
	t.Run("a joiner's button still reads Disconnect to menu", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		sess := h.net.session(client.Config{Content: builtin(t).Content, Name: "x"})
		s := h.a.playScene(sess)
		assert.Equal(t, LabelDisconnect, s.pause.leave.Label)
		words, _ := s.pauseSays()
		assert.Empty(t, words, "in the hub a joiner is told nothing over the menu")
	})
	t.Run("alone, the host's End the game says no friend is in it, and ends at once", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		assert.Equal(t, LabelEndGame, s.pause.leave.Label)
		words, _ := s.pauseSays()
		assert.Equal(t, "End the game stops the game you host; no friend is in it now", words)
		assert.NotContains(t, strings.Join(s.pause.cost.lines, " "), "Disconnect")
		click(h, s.pause.leave.Rect)
		sceneOf[*menuScene](t, h)
		require.True(t, h.a.waitClosed(3*time.Second))
		assert.True(t, rec.closed.Load())
	})
	t.Run("with a friend, the first press asks for how many, Esc takes it back, and a second press ends it for them", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		kate := friendJoins(t, h, rec, "kate")
		h.press(ui.FrameInput{Back: true})
		require.True(t, s.pause.open)
		assert.Equal(t, "End the game or Quit stops it for everyone: your friend is told the host ended it", strings.Join(s.pause.cost.lines, " "))

		before := s.pause.leave.Rect
		click(h, s.pause.leave.Rect)
		require.True(t, s.pause.open, "one press ends nothing")
		assert.Equal(t, "Sure? End for 1 friend", s.pause.leave.Label)
		assert.Equal(t, before, s.pause.leave.Rect, "the button stands still for the second press")
		at, ok := PauseButtonCenterWithFriends(LabelEndGame, h.a.W, h.a.H, false, 1)
		require.True(t, ok)
		assert.Equal(t, s.pause.leave.Rect.Min.Add(s.pause.leave.Rect.Size().Div(2)), at, "where tests click it")
		assert.Contains(t, strings.Join(s.pause.cost.lines, " "), "End the game for your 1 friend too? They are told the host ended it")
		assert.Contains(t, h.log.String(), "duskfall: end the game? friends=1")
		assert.Equal(t, client.StatePlaying, kate.State())

		h.press(ui.FrameInput{Back: true})
		assert.True(t, s.pause.open, "Esc takes the question back, the menu still open")
		assert.Equal(t, LabelEndGame, s.pause.leave.Label)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: s.pause.resume.Rect.Min.X + 4, Y: s.pause.resume.Rect.Min.Y + 4, Moved: true}})
		click(h, s.pause.leave.Rect)
		require.Equal(t, "Sure? End for 1 friend", s.pause.leave.Label, "asked again")
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: s.pause.resume.Rect.Min.X + 4, Y: s.pause.resume.Rect.Min.Y + 4, Moved: true}})
		assert.Equal(t, LabelEndGame, s.pause.leave.Label, "the question goes as the pointer leaves it")

		click(h, s.pause.leave.Rect)
		click(h, s.pause.leave.Rect)
		sceneOf[*menuScene](t, h)
		require.True(t, h.a.waitClosed(3*time.Second))
		for i := 0; i < 300 && kate.State() == client.StatePlaying; i++ {
			kate.Frame(client.Intent{})
			time.Sleep(5 * time.Millisecond)
		}
		require.Equal(t, client.StateFailed, kate.State(), "the friend's game ended")
		assert.Contains(t, kate.Err().Error(), "the host ended the game")
	})
	t.Run("in a dungeon the host is told what leaving costs, and not that its body channels alone", func(t *testing.T) {
		h, rec := hostedHarnessEntering(t, "proving_grounds")
		s := untilPlaying(t, h)
		for i := 0; i < 120 && !s.inDungeon(); i++ {
			h.press(ui.FrameInput{})
		}
		require.True(t, s.inDungeon())
		friendJoins(t, h, rec, "kate")
		h.press(ui.FrameInput{Back: true})
		words := strings.Join(s.pause.cost.lines, " ")
		assert.Contains(t, words, "Return to hub channels it here.")
		assert.Contains(t, words, "your friend is told the host ended it")
		assert.NotContains(t, words, "Disconnect leaves your body")
	})
	t.Run("with a friend, Quit asks too, names how many, and a second press closes the window", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		kate := friendJoins(t, h, rec, "kate")
		h.press(ui.FrameInput{Back: true})
		require.True(t, s.pause.open)
		before := s.pause.quit.Rect
		click(h, s.pause.quit.Rect)
		require.True(t, s.pause.open, "one press quits nothing")
		assert.False(t, s.pause.quitting)
		assert.Equal(t, "Sure? Quit for 1 friend", s.pause.quit.Label)
		assert.Equal(t, LabelEndGame, s.pause.leave.Label, "End the game does not ask as well")
		assert.Equal(t, before, s.pause.quit.Rect, "the button stands still for the second press")
		assert.Contains(t, strings.Join(s.pause.cost.lines, " "), "Quit ends the game for your 1 friend too")
		assert.Contains(t, h.log.String(), "duskfall: quit? friends=1")
		assert.Equal(t, client.StatePlaying, kate.State())

		h.press(ui.FrameInput{Back: true})
		assert.True(t, s.pause.open, "Esc takes the question back, the menu still open")
		assert.Equal(t, LabelQuit, s.pause.quit.Label)

		click(h, s.pause.quit.Rect)
		assert.ErrorIs(t, h.step(frameInputAt(s.pause.quit.Rect)), ebiten.Termination, "the second press closes the window")
	})
	t.Run("alone, Quit closes the window at once", func(t *testing.T) {
		h, _ := hostedHarness(t)
		s := untilPlaying(t, h)
		h.press(ui.FrameInput{Back: true})
		assert.ErrorIs(t, h.step(frameInputAt(s.pause.quit.Rect)), ebiten.Termination)
	})
}
