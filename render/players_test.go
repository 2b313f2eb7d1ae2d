package render

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/server"
)

// hostAddr is the address friends join the harness's hosted game at.
func hostAddr(t *testing.T, rec *recorder) string {
	t.Helper()
	hs, ok := rec.session.(hostSession)
	require.True(t, ok, "a hosted session")
	return hs.h.Addr()
}

// friendJoins dials the hosted game as name and steps the window until the
// host's roster lists it playing.
func friendJoins(t *testing.T, h *harness, rec *recorder, name string) *client.Runtime {
	t.Helper()
	f, err := client.Dial(hostAddr(t, rec), client.Config{Content: builtin(t).Content, Name: name})
	require.NoError(t, err)
	t.Cleanup(f.Close)
	stepWith(t, h, func() bool { return f.State() == client.StatePlaying && h.a.sess.Runtime().Name(f.PlayerID()) == name }, f)
	return f
}

// stepWith steps the window and the friends until done, at most 600 frames.
func stepWith(t *testing.T, h *harness, done func() bool, friends ...*client.Runtime) {
	t.Helper()
	for range 600 {
		if done() {
			return
		}
		h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 360}})
		for _, f := range friends {
			f.Frame(client.Intent{})
		}
		time.Sleep(2 * time.Millisecond) // the friends' packets cross a real socket
	}
	require.True(t, done(), "never happened; log:\n%s", h.log)
}

// click presses the mouse at the centre of r.
func click(h *harness, r image.Rectangle) {
	c := r.Min.Add(r.Size().Div(2))
	h.press(ui.FrameInput{Mouse: ui.Mouse{X: c.X, Y: c.Y, Moved: true, Click: true}})
}

// openPlayers pauses and opens the Players list, clicking where the menu
// puts it.
func openPlayers(t *testing.T, h *harness, s *playScene) *hud.PlayersPanel {
	t.Helper()
	h.press(ui.FrameInput{Back: true})
	require.True(t, s.pause.open)
	p, ok := PauseButtonCenter(hud.LabelPlayers, h.a.W, h.a.H, false, true)
	require.True(t, ok)
	h.press(ui.FrameInput{Mouse: ui.Mouse{X: p.X, Y: p.Y, Moved: true, Click: true}})
	require.NotNil(t, s.host.players, "the Players list opened")
	return s.host.players
}

// rowOf is the Players list's row of the named player.
func rowOf(t *testing.T, p *hud.PlayersPanel, name string) hud.PlayerRow {
	t.Helper()
	for _, r := range p.Rows {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("%s is not listed", name)
	return hud.PlayerRow{}
}

func TestThePlayersList(t *testing.T) {
	t.Run("it lists the friends but not the host, and Kick removes one with words it reads", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		kate := friendJoins(t, h, rec, "kate")
		p := openPlayers(t, h, s)
		require.Len(t, p.Rows, 1, "the host is not listed")
		click(h, rowOf(t, p, "kate").Kick.Rect)
		assert.Equal(t, hud.LabelKickConfirm, rowOf(t, p, "kate").Kick.Label)
		assert.Equal(t, "Kick kate? Enter or click again to kick; Esc cancels", p.Said)
		click(h, rowOf(t, p, "kate").Kick.Rect)
		assert.Equal(t, "kicked kate", p.Said)
		stepWith(t, h, func() bool { return kate.State() == client.StateFailed }, kate)
		assert.EqualError(t, kate.Err(), server.KickedWords)
		assert.Contains(t, h.log.String(), "duskfall: players: kicked kate")

		again := friendJoins(t, h, rec, "kate")
		assert.Equal(t, client.StatePlaying, again.State(), "a kicked player may come back")
	})
	t.Run("Ban asks once more, then bans: the friend reads why and cannot come back", func(t *testing.T) {
		h, rec := hostedHarness(t)
		s := untilPlaying(t, h)
		bob := friendJoins(t, h, rec, "bob")
		p := openPlayers(t, h, s)
		click(h, rowOf(t, p, "bob").Ban.Rect)
		assert.Equal(t, hud.LabelBanConfirm, rowOf(t, p, "bob").Ban.Label)
		assert.Equal(t, client.StatePlaying, bob.State(), "one press does not ban")
		click(h, rowOf(t, p, "bob").Ban.Rect)
		assert.Contains(t, p.Said, "banned bob")
		stepWith(t, h, func() bool { return bob.State() == client.StateFailed }, bob)
		assert.Contains(t, bob.Err().Error(), server.BannedWords)

		back, err := client.Dial(hostAddr(t, rec), client.Config{Content: builtin(t).Content, Name: "bob"})
		require.NoError(t, err)
		defer back.Close()
		stepWith(t, h, func() bool { return back.State() == client.StateFailed }, back)
		assert.Contains(t, back.Err().Error(), "refused the connection: "+server.BannedWords)
	})
	t.Run("with no friends in the game it says so, and Back returns to the menu", func(t *testing.T) {
		h, _ := hostedHarness(t)
		s := untilPlaying(t, h)
		p := openPlayers(t, h, s)
		assert.Empty(t, p.Rows)
		click(h, p.Back.Rect)
		assert.Nil(t, s.host.players)
		assert.True(t, s.pause.open)
	})
	t.Run("a joined game's pause menu has no Players list", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		sess := h.net.session(client.Config{Content: builtin(t).Content, Name: "x"})
		s := h.a.playScene(sess)
		assert.NotContains(t, s.pause.hubForm.Order, any(s.pause.players))
		assert.NotContains(t, s.pause.dungeonForm.Order, any(s.pause.players))
	})
}

func TestThePlayersListAsksBeforeItRemovesAnyone(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	bob := friendJoins(t, h, rec, "bob")
	p := openPlayers(t, h, s)
	row := func() hud.PlayerRow { return rowOf(t, p, "bob") }
	t.Run("it opens with Back focused, so Enter out of habit kicks no one", func(t *testing.T) {
		assert.Same(t, p.Back, p.Form.Focused())
		h.press(ui.FrameInput{Enter: true})
		assert.Nil(t, s.host.players, "Enter closed the list")
		assert.Equal(t, client.StatePlaying, bob.State())
		assert.NotContains(t, h.log.String(), "kicked")
		require.True(t, s.pause.open, "back in the pause menu")
		click(h, s.pause.players.Rect)
		require.NotNil(t, s.host.players)
		p = s.host.players
	})
	t.Run("Enter on Kick asks, and Esc lets the question go, the list still open", func(t *testing.T) {
		for i := 0; i < 10 && p.Form.Focused() != any(row().Kick); i++ {
			h.press(ui.FrameInput{Up: true})
		}
		require.Same(t, row().Kick, p.Form.Focused())
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, hud.LabelKickConfirm, row().Kick.Label)
		assert.Equal(t, "Kick bob? Enter or click again to kick; Esc cancels", p.Said)
		h.press(ui.FrameInput{Back: true})
		assert.Same(t, p, s.host.players, "the list is still open")
		assert.Equal(t, hud.LabelKick, row().Kick.Label)
		assert.Empty(t, p.Said)
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, hud.LabelKickConfirm, row().Kick.Label, "asked again")
	})
	t.Run("the question goes when the focus leaves it", func(t *testing.T) {
		h.press(ui.FrameInput{Down: true})
		assert.Same(t, row().Ban, p.Form.Focused())
		assert.Equal(t, hud.LabelKick, row().Kick.Label)
		h.press(ui.FrameInput{Up: true})
		h.press(ui.FrameInput{Enter: true})
		require.Equal(t, hud.LabelKickConfirm, row().Kick.Label)
	})
	t.Run("a second Enter kicks", func(t *testing.T) {
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, "kicked bob", p.Said)
		stepWith(t, h, func() bool { return bob.State() == client.StateFailed }, bob)
	})
}

func TestThePlayersListSaysWhoEachFriendIsAndWhere(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	kate := friendJoins(t, h, rec, "kate")
	host := hostOf(rec)
	p := openPlayers(t, h, s)
	assert.Equal(t, "Vanguard  ·  level 1  ·  in the hub", rowOf(t, p, "kate").About)
	require.True(t, host.Server.GrantXP(kate.PlayerID(), 500))
	stepWith(t, h, func() bool { return rowOf(t, p, "kate").About == "Vanguard  ·  level 3  ·  in the hub" }, kate)
}

func TestHostOptions(t *testing.T) {
	t.Run("the password and the private switch beside Host and play are what it hosts with, and are kept", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		m := sceneOf[*menuScene](t, h)
		typeInto(h, m.password, "owl")
		assert.Equal(t, "***", m.password.Shown(), "a password is drawn as stars")
		click(h, m.private.Rect)
		assert.Equal(t, LabelPrivateOn, m.private.Label)
		click(h, m.host.Rect)
		require.Len(t, h.net.hosts, 1)
		assert.Equal(t, "owl", h.net.hosts[0].Password)
		assert.True(t, h.net.hosts[0].Private)
		saved, _, err := ui.LoadSettings(h.path)
		require.NoError(t, err)
		assert.Equal(t, "owl", saved.HostPassword)
		assert.True(t, saved.HostPrivate)

		next, err := newApp(Options{Content: builtin(t), Port: 7777}, h.net.starter(), h.log, h.path)
		require.NoError(t, err)
		m2 := next.scenes.current.(*menuScene)
		assert.Equal(t, "owl", m2.password.Text(), "the next launch offers them again")
		assert.Equal(t, LabelPrivateOn, m2.private.Label)
	})
	t.Run("by default a game has no password and is announced", func(t *testing.T) {
		h := newHarness(t, Options{Port: 7777})
		h.press(ui.FrameInput{Enter: true})
		require.Len(t, h.net.hosts, 1)
		assert.Empty(t, h.net.hosts[0].Password)
		assert.False(t, h.net.hosts[0].Private)
	})
}

func TestJoinPassword(t *testing.T) {
	t.Run("the password typed goes in the Hello", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "10.0.0.9:7777")
		typeInto(h, s.password, "owl")
		click(h, s.connect.Rect)
		assert.Equal(t, []string{"owl"}, h.net.passes)
	})
	t.Run("a refusal for the password returns with the password field to type it in", func(t *testing.T) {
		h, s := openJoin(t)
		typeInto(h, s.addr, "10.0.0.9:7777")
		click(h, s.connect.Rect)
		h.press(ui.FrameInput{})
		h.net.sessions[0].reject(t, server.NeedsPassword)
		h.press(ui.FrameInput{})
		j := sceneOf[*joinScene](t, h)
		assert.Equal(t, "The server refused the connection: this game needs a password", j.fault.text)
		assert.Equal(t, focusPassword, j.form.Focus)
		h.press(ui.FrameInput{Edit: ui.EditKeys{Chars: []rune("owl")}})
		h.press(ui.FrameInput{Enter: true})
		assert.Equal(t, []string{"", "owl"}, h.net.passes)
		assert.Equal(t, []string{"10.0.0.9:7777", "10.0.0.9:7777"}, h.net.dials)
	})
}

func TestUnbanFromThePlayersList(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	bob := friendJoins(t, h, rec, "bob")
	p := openPlayers(t, h, s)
	click(h, rowOf(t, p, "bob").Ban.Rect)
	click(h, rowOf(t, p, "bob").Ban.Rect)
	stepWith(t, h, func() bool { return bob.State() == client.StateFailed && len(p.Banned) == 1 }, bob)
	require.Equal(t, "bob", p.Banned[0].Account, "the ban is listed with its Unban")
	click(h, p.Banned[0].Unban.Rect)
	assert.Equal(t, "unbanned bob", p.Said)
	h.press(ui.FrameInput{})
	assert.Empty(t, p.Banned)
	back := friendJoins(t, h, rec, "bob")
	assert.Equal(t, client.StatePlaying, back.State(), "unbanned, bob comes back")
}

// PauseButtonCenter, which window tests click by, puts every button of a
// hosted game's pause menu where the menu itself does.
func TestPauseButtonCenterMatchesThePauseMenu(t *testing.T) {
	h, _ := hostedHarness(t)
	play := untilPlaying(t, h)
	play.layoutPause()
	for _, b := range play.pauseButtons(false) {
		p, ok := PauseButtonCenter(b.Label, h.a.W, h.a.H, false, true)
		require.True(t, ok, b.Label)
		assert.Equal(t, b.Rect.Min.Add(b.Rect.Size().Div(2)), p, b.Label)
	}
}

// manyBans stands in for a host whose list of bans has grown long.
type manyBans struct {
	hud.HostControls
	accounts []string
}

func (m manyBans) Banned() []string { return m.accounts }

func TestThePlayersListScrollsInASmallWindow(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	h.a.Layout(640, 400)
	p := openPlayers(t, h, s)
	var accounts []string
	for i := range 30 {
		accounts = append(accounts, fmt.Sprintf("griefer%02d", i))
	}
	p.Ctl = manyBans{HostControls: p.Ctl, accounts: accounts}
	h.press(ui.FrameInput{})
	require.Len(t, p.Banned, 30)
	window := image.Rect(0, 0, 640, 400)
	shownRows := func() []string {
		var names []string
		for _, r := range p.Banned {
			if r.Row.Empty() {
				continue
			}
			assert.True(t, r.Row.In(window), "%s's row %v is inside the window", r.Account, r.Row)
			assert.False(t, r.Row.Overlaps(p.Back.Rect), "%s's row clears Back", r.Account)
			names = append(names, r.Account)
		}
		return names
	}
	t.Run("only the rows that fit are shown, and Back stays in the window", func(t *testing.T) {
		first := shownRows()
		require.NotEmpty(t, first)
		assert.Less(t, len(first), 30)
		assert.Equal(t, "griefer00", first[0])
		assert.True(t, p.Back.Rect.In(window), "Back %v", p.Back.Rect)
	})
	t.Run("the wheel scrolls to the last ban", func(t *testing.T) {
		for range 20 {
			h.press(ui.FrameInput{Mouse: ui.Mouse{Wheel: -1}})
		}
		rows := shownRows()
		assert.Equal(t, "griefer29", rows[len(rows)-1])
		click(h, p.Banned[29].Unban.Rect)
		assert.Equal(t, "griefer29 is not banned", p.Said, "the click reached the row drawn there")
	})
	t.Run("the keys bring the focused row into view", func(t *testing.T) {
		for i := 0; i < 40 && p.Form.Focus != 0; i++ {
			h.press(ui.FrameInput{Up: true})
		}
		require.Zero(t, p.Form.Focus)
		assert.Equal(t, "griefer00", shownRows()[0], "the focus went to the first Unban, and the view with it")
	})
}
