package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
)

// connectingScene drives a session through the handshake and shows its
// progress. On success it opens the play scene; on failure it shows the
// reason in words with a Back button. It also shows a failure that
// happened before any session existed (a port in use, an address that does
// not resolve): then sess is nil.
type connectingScene struct {
	win    *window
	mv     moves
	typed  *typedJoin // the join typed on the join screen, if this is one; nil with no session
	sess   session
	title  string
	reason string // why it failed; "" while connecting
	back   *button
	form   *form
	frames int
	// The reason wrapped to the window, for the scale and width it was
	// wrapped at.
	lines     []string
	reasonFor string
	reasonK   float64
	reasonW   int
}

func newConnectingScene(win *window, mv moves, typed *typedJoin, sess session, title string) *connectingScene {
	s := &connectingScene{win: win, mv: mv, typed: typed, sess: sess, title: title, back: &button{label: "Back"}}
	s.form = newForm(s.back)
	s.layout()
	return s
}

// newFailedScene shows a failure with a Back button to the main menu.
func newFailedScene(win *window, mv moves, title, reason string) *connectingScene {
	s := newConnectingScene(win, mv, nil, nil, title)
	s.reason = capitalize(reason)
	return s
}

// layout puts Back under the middle at the window's UI scale, and never
// under the bottom edge.
func (s *connectingScene) layout() {
	k := uiScale(s.win.w, s.win.h)
	y := min(s.win.h/2+px(60, k), s.win.h-px(16, k)-px(buttonH, k))
	s.back.rect = centredRect(s.win.w, y, px(buttonW, k), px(buttonH, k))
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
	if s.form.update(s.win.in) == s.back || s.win.in.menuBack() {
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
		return capitalize(err.Error())
	}
	return "The connection was closed."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
	g := s.win.gfx
	screen.Fill(colBackdrop)
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	k := uiScale(s.win.w, s.win.h)
	cx, cy := s.win.w/2, s.win.h/2
	top := px(12, k)
	title := 4 * k
	if g.text.advance(s.title, title) > s.win.w-px(16, k) {
		title = textScale * k
	}
	g.text.draw(screen, s.title, cx, max(top, cy-px(140, k)), title, alignCenter, colTitle)
	if s.reason != "" {
		if s.reasonK != k || s.reasonW != s.win.w || s.reasonFor != s.reason {
			s.reasonK, s.reasonW, s.reasonFor = k, s.win.w, s.reason
			s.lines = wrap(s.reason, max(20, (s.win.w-px(48, k))/int(glyphW*textScale*k+1)))
		}
		// Long reasons grow upward from just over Back, and stay under the
		// title.
		lh := int(glyphH*textScale*k) + 4
		y := max(max(top, cy-px(140, k))+int(glyphH*title)+px(12, k), s.back.rect.Min.Y-px(20, k)-len(s.lines)*lh)
		g.text.drawLines(screen, s.lines, cx, y, textScale*k, colError)
	} else {
		g.text.draw(screen, s.progress(), cx, cy-px(30, k), textScale*k, alignCenter, colText)
		g.text.draw(screen, s.countdown(), cx, cy+px(10, k), k, alignCenter, colDim)
	}
	drawFormTextAt(screen, g, s.form, 0, k)
}
