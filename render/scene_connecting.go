package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// connectingScene drives a session through the handshake and shows its
// progress. On success it opens the play scene; on failure it shows the
// reason in words with a Back button. It also shows a failure that
// happened before any session existed (a port in use, an address that does
// not resolve): then sess is nil.
type connectingScene struct {
	win    *hud.Window
	mv     moves
	typed  *typedJoin // the join typed on the join screen, if this is one; nil with no session
	sess   session
	title  string
	reason string // why it failed; "" while connecting
	back   *ui.Button
	form   *ui.Form
	frames int
	// The reason wrapped to the window, for the scale and width it was
	// wrapped at.
	lines     []string
	reasonFor string
	reasonK   float64
	reasonW   int
}

func newConnectingScene(win *hud.Window, mv moves, typed *typedJoin, sess session, title string) *connectingScene {
	s := &connectingScene{win: win, mv: mv, typed: typed, sess: sess, title: title, back: &ui.Button{Label: "Back"}}
	s.form = ui.NewForm(s.back)
	s.layout()
	return s
}

// newFailedScene shows a failure with a Back button to the main menu.
func newFailedScene(win *hud.Window, mv moves, title, reason string) *connectingScene {
	s := newConnectingScene(win, mv, nil, nil, title)
	s.reason = ui.Capitalize(reason)
	return s
}

// layout puts Back under the middle at the window's UI scale, and never
// under the bottom edge.
func (s *connectingScene) layout() {
	k := ui.Scale(s.win.W, s.win.H)
	y := min(s.win.H/2+ui.Px(60, k), s.win.H-ui.Px(16, k)-ui.Px(ui.ButtonH, k))
	s.back.Rect = ui.CentredRect(s.win.W, y, ui.Px(ui.ButtonW, k), ui.Px(ui.ButtonH, k))
}

func (s *connectingScene) Update() error {
	s.layout()
	s.frames++
	if s.sess != nil && s.reason == "" {
		s.sess.Frame(client.Intent{})
		rt := s.sess.Runtime()
		switch rt.State() {
		case client.StatePlaying:
			s.mv.joinReached()
			s.mv.toPlay(s.sess)
			return nil
		case client.StateRoster:
			s.mv.joinReached()
			if rt.Roster().Pending { // a first join making and playing its character: no choice to show
				s.title = "Joined: making your character..."
				break
			}
			s.mv.toRoster(s.sess)
			return nil
		case client.StateFailed, client.StateClosed:
			s.mv.closeSession()
			if s.fromJoinScreen() { // back there, the address kept
				s.mv.joinFailed(failureText(rt))
				return nil
			}
			s.reason = failureText(rt)
			s.title = "Not connected"
		}
	}
	if s.form.Update(s.win.In) == s.back || s.win.In.MenuBack() {
		if s.sess != nil && s.fromJoinScreen() { // cancelling a join from the join screen: back there
			s.mv.closeSession()
			s.typed.err = ""
			s.mv.toJoin()
			return nil
		}
		s.mv.leaveToMenu() // while connecting, Back cancels
	}
	return nil
}

// fromJoinScreen says whether this is a join typed on the join screen,
// which its failure and its Back return to.
func (s *connectingScene) fromJoinScreen() bool { return s.typed != nil && s.typed.addr != "" }

// failureText is the runtime's reason, or a plain one if it gave none.
func failureText(rt *client.Runtime) string {
	if err := rt.Err(); err != nil {
		return ui.Capitalize(err.Error())
	}
	return "The connection was closed."
}

// progress says where the handshake is.
func (s *connectingScene) progress() string {
	dots := strings.Repeat(".", 1+s.frames/20%3)
	if s.sess == nil {
		return ""
	}
	if h := s.sess.Runtime().Handshake(); h.Waiting != "" {
		return fmt.Sprintf("The server says %s: trying again in %.1f s%s", h.Waiting, h.RetryIn.Seconds(), dots)
	}
	switch s.sess.Runtime().State() {
	case client.StateConnecting:
		return "Waiting for the server to answer" + dots
	case client.StateJoining:
		return "Connected, joining the game" + dots
	}
	return ""
}

// countdown says which step of the join this is, how long it has taken and
// how long the client keeps trying, so a slow network reads as progress
// rather than a hang.
func (s *connectingScene) countdown() string {
	if s.sess == nil {
		return fmt.Sprintf("%d s", s.frames/game.TickRate)
	}
	hs := s.sess.Runtime().Handshake()
	step := "step 1 of 2, connecting"
	if hs.Stage == client.StateJoining {
		step = "step 2 of 2, joining"
	}
	return fmt.Sprintf("%s: %d s, trying %d s more (Back cancels)", step,
		int(hs.Elapsed/time.Second), int((hs.Left+time.Second-1)/time.Second))
}

func (s *connectingScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	ui.DrawFormShapes(screen, &g.Graphics, s.form)
	g.Shapes.Flush(screen)
	k := ui.Scale(s.win.W, s.win.H)
	cx, cy := s.win.W/2, s.win.H/2
	top := ui.Px(12, k)
	title := 4 * k
	if g.Text.Advance(s.title, title) > s.win.W-ui.Px(16, k) {
		title = ui.TextScale * k
	}
	g.Text.Draw(screen, s.title, cx, max(top, cy-ui.Px(140, k)), title, ui.AlignCenter, ui.ColTitle)
	if s.reason != "" {
		if s.reasonK != k || s.reasonW != s.win.W || s.reasonFor != s.reason {
			s.reasonK, s.reasonW, s.reasonFor = k, s.win.W, s.reason
			s.lines = ui.Wrap(s.reason, max(20, (s.win.W-ui.Px(48, k))/int(ui.GlyphW*ui.TextScale*k+1)))
		}
		// Long reasons grow upward from just over Back, and stay under the
		// title.
		lh := int(ui.GlyphH*ui.TextScale*k) + 4
		y := max(max(top, cy-ui.Px(140, k))+int(ui.GlyphH*title)+ui.Px(12, k), s.back.Rect.Min.Y-ui.Px(20, k)-len(s.lines)*lh)
		g.Text.DrawLines(screen, s.lines, cx, y, ui.TextScale*k, ui.ColError)
	} else {
		g.Text.Draw(screen, s.progress(), cx, cy-ui.Px(30, k), ui.TextScale*k, ui.AlignCenter, ui.ColText)
		g.Text.Draw(screen, s.countdown(), cx, cy+ui.Px(10, k), k, ui.AlignCenter, ui.ColDim)
	}
	ui.DrawFormTextAt(screen, &g.Graphics, s.form, 0, k)
}
