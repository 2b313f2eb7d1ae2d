package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/render/ui"
)

// untilScene steps until the current scene is a T.
func untilScene[T any](t *testing.T, h *harness) T {
	t.Helper()
	for range 200 {
		if s, ok := h.a.scenes.current.(T); ok {
			return s
		}
		h.press(ui.FrameInput{})
	}
	var zero T
	t.Fatalf("never reached %T; scene %T, log:\n%s", zero, h.a.scenes.current, h.log)
	return zero
}

func TestTheFirstLaunch(t *testing.T) {
	t.Run("Host and play asks a name, keeps it, then makes the character with its class", func(t *testing.T) {
		h, _ := hostedHarnessWith(t, "", Options{Seed: 5, Port: 7777}) // the harness hosts on a free port whatever this says
		require.True(t, h.a.choose, "no name of its own: the first launch")
		untilScene[*menuScene](t, h)
		h.press(ui.FrameInput{Enter: true}) // Host and play has the focus
		ns := untilScene[*nameScene](t, h)
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("Ada")}})
		assert.Equal(t, "Ada", ns.name.Text())
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, "Ada", h.a.settings.Name, "the name is kept in Settings")
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, "Ada", saved.Name, "and saved")

		cs := untilScene[*classScene](t, h)
		h.press(ui.FrameInput{}) // laid out
		require.Len(t, cs.cards, len(h.a.opts.Content.Content.Classes), "every class has its card")
		assert.Equal(t, "Ada", cs.name.Text(), "the character is named after the player to begin with")
		for _, k := range cs.cards {
			assert.NotEmpty(t, k.text, "%s has its description", k.class.Name)
			assert.NotEmpty(t, k.power, "%s says its ability", k.class.Name)
		}
		r := cs.cards[1].pick.Rect.Min
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: r.X + 10, Y: r.Y + 10, Click: true}})
		assert.Equal(t, 1, cs.chosen, "a click chooses a class")
		h.press(ui.FrameInput{Right: true})
		assert.Equal(t, 2, cs.chosen, "Right chooses the next")
		want := cs.cards[2].class
		b := cs.create.Rect.Min
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: b.X + 4, Y: b.Y + 4, Click: true}})

		play := untilPlaying(t, h)
		assert.Equal(t, "Ada", play.rt.Character().Name)
		require.NotNil(t, play.rt.Class())
		assert.Equal(t, want.ID, play.rt.Class().ID, "the character plays the class chosen")
		ab, _ := play.rt.Ability()
		require.NotNil(t, ab)
		assert.Equal(t, want.Ability.Name, ab.Name)
	})
	t.Run("the name is typed once: the cards open on a class, Left/Right choose, Enter creates and plays", func(t *testing.T) {
		h, _ := hostedHarnessWith(t, "", Options{Seed: 5, Port: 7777})
		m := untilScene[*menuScene](t, h)
		assert.NotContains(t, m.footer, h.a.settings.Name, "the menu shows no made-up name as the player's")
		assert.Contains(t, m.footer, "Host and play asks your name")
		h.press(ui.FrameInput{Enter: true})
		untilScene[*nameScene](t, h)
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("Ada")}})
		h.press(ui.FrameInput{Enter: true})

		cs := untilScene[*classScene](t, h)
		h.press(ui.FrameInput{})
		assert.Equal(t, "Ada", cs.name.Text(), "named already")
		assert.False(t, cs.form.HasFocus(cs.name), "no second typing: the name field does not take the keys")
		for range 3 {
			h.press(ui.FrameInput{Right: true})
			h.press(ui.FrameInput{})
		}
		require.Equal(t, 3, cs.chosen, "Right, three times, chooses the fourth class")
		assert.True(t, cs.form.HasFocus(cs.cards[3].pick), "the lit card is the one chosen")
		want := cs.cards[3].class
		h.press(ui.FrameInput{Enter: true})

		play := untilPlaying(t, h)
		assert.Equal(t, "Ada", play.rt.Character().Name)
		require.NotNil(t, play.rt.Class())
		assert.Equal(t, want.ID, play.rt.Class().ID, "Enter made the class chosen")
		m2 := h.a.menuScene()
		assert.Equal(t, "playing as Ada - friends join you on the port beside Host and play", m2.footer, "once chosen, the menu names the player")
	})
	t.Run("from the roster the name has the typing first and Left/Right still choose the class", func(t *testing.T) {
		h, s, _ := rosterHarness(t, twoCharacters)
		c := ui.Mid(s.create.Rect)
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
		cs := sceneOf[*classScene](t, h)
		assert.True(t, cs.form.HasFocus(cs.name))
		h.press(ui.FrameInput{Right: true})
		assert.Equal(t, 1, cs.chosen, "Right on an empty name chooses the next class")
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("Bea")}})
		h.press(ui.FrameInput{Right: true})
		h.press(ui.FrameInput{Left: true})
		h.press(ui.FrameInput{Left: true})
		assert.Zero(t, cs.chosen, "with a name typed the arrows still choose")
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("2")}})
		assert.Equal(t, "Bea2", cs.name.Text(), "and the caret stayed at the end")
		assert.True(t, cs.form.HasFocus(cs.name))
	})
	t.Run("a later launch goes straight in, asking nothing", func(t *testing.T) {
		h := newHarness(t, Options{})
		assert.False(t, h.a.choose)
		assert.True(t, h.a.nameChosen())
	})
}
