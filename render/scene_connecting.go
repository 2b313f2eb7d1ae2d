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
	a      *app
	sess   session
	title  string
	reason string // why it failed; "" while connecting
	back   *button
	form   *form
	frames int
}

func newConnectingScene(a *app, sess session, title string) *connectingScene {
	s := &connectingScene{a: a, sess: sess, title: title, back: &button{label: "Back"}}
	s.form = newForm(s.back)
	s.layout()
	return s
}

// newFailedScene shows a failure with a Back button to the main menu.
func newFailedScene(a *app, title, reason string) *connectingScene {
	s := newConnectingScene(a, nil, title)
	s.reason = capitalize(reason)
	return s
}

func (s *connectingScene) layout() {
	buttonColumn(s.a.w, s.a.h/2+60, s.back)
}

func (s *connectingScene) Update() error {
	s.layout()
	s.frames++
	if s.sess != nil && s.reason == "" {
		s.sess.Frame(client.Intent{})
		rt := s.sess.Runtime()
		switch rt.State() {
		case client.StatePlaying:
			s.a.joinReached()
			s.a.scenes.switchTo(newPlayScene(s.a, s.sess))
			return nil
		case client.StateRoster:
			s.a.joinReached()
			if rt.Roster().Pending { // a first join making and playing its character: no choice to show
				s.title = "Joined: making your character..."
				break
			}
			s.a.scenes.switchTo(newRosterScene(s.a, s.sess))
			return nil
		case client.StateFailed, client.StateClosed:
			s.a.closeSession()
			if s.a.typedAddr != "" { // a join from the join screen: back there, the address kept
				s.a.joinFailed(failureText(rt))
				return nil
			}
			s.reason = failureText(rt)
			s.title = "Not connected"
		}
	}
	if s.form.update(s.a.in) == s.back || s.a.in.menuBack() {
		if s.a.typedAddr != "" && s.sess != nil { // cancelling a join from the join screen: back there
			s.a.closeSession()
			s.a.joinErr = ""
			s.a.toJoin()
			return nil
		}
		s.a.leaveToMenu() // while connecting, Back cancels
	}
	return nil
}

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
	g := s.a.gfx
	screen.Fill(colBackdrop)
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	cx, cy := s.a.w/2, s.a.h/2
	if s.reason != "" {
		lines := wrapFor(s.reason, s.a.w, textScale)
		// Long reasons grow upward, so they never run into the Back button,
		// and push the title up with them.
		top := cy - 30 - (len(lines)-1)*(glyphH*textScale+4)
		g.text.draw(screen, s.title, cx, max(0, min(cy-140, top-4*glyphH-12)), 4, alignCenter, colTitle)
		g.text.drawLines(screen, lines, cx, top, textScale, colError)
	} else {
		g.text.draw(screen, s.title, cx, cy-140, 4, alignCenter, colTitle)
		g.text.draw(screen, s.progress(), cx, cy-30, textScale, alignCenter, colText)
		g.text.draw(screen, s.countdown(), cx, cy+10, 1, alignCenter, colDim)
	}
	drawFormText(screen, g, s.form, 0)
}
