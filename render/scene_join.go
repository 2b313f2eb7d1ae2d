package render

import (
	"errors"
	"fmt"
	"image"
	"net"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/net/wire"
)

// joinScene asks for a name and an address, remembers both, and connects.
type joinScene struct {
	a             *app
	name, addr    *textField
	password      *textField // the game's password, when it has one: beside the address
	connect, back *button
	games         []*button // games heard on the network, then servers joined lately: a click fills the address
	gameAddr      []string  // the address each of games fills in
	listed        string    // the addresses games was built from, to rebuild only on change
	form          *form
	err           string
	errY          int      // where the error's lines start (layout)
	errLines      []string // the error, wrapped to the window
	listY         int      // where the games, or the words about them, start
	blink         int
}

func newJoinScene(a *app) *joinScene {
	s := &joinScene{
		a:        a,
		name:     &textField{label: "Your name", maxBytes: wire.MaxNameLen},
		addr:     &textField{label: "Address or join code", maxBytes: 128},
		password: &textField{label: LabelJoinPassword, maxBytes: wire.MaxPasswordLen, secret: true},
		connect:  &button{label: "Connect"},
		back:     &button{label: "Back"},
	}
	s.name.SetText(a.playerName())
	s.addr.SetText(a.settings.LastAddress)
	if a.typedAddr != "" {
		s.addr.SetText(a.typedAddr) // back from a failed join: what was typed, to correct
		s.password.SetText(a.typedPassword)
		s.err = a.joinErr
	}
	s.listGames()
	return s
}

func (s *joinScene) layout() {
	y := s.a.h/2 - 120
	for _, f := range []*textField{s.name, s.addr} {
		y += labelGap
		f.rect = centredRect(s.a.w, y, buttonW+120, fieldH)
		y += fieldH + rowGap
	}
	// The password shares the address's row, at its right.
	row := s.addr.rect
	s.addr.rect.Max.X = row.Max.X - joinPasswordW - 12
	s.password.rect = image.Rect(row.Max.X-joinPasswordW, row.Min.Y, row.Max.X, row.Max.Y)
	y = buttonColumn(s.a.w, y+rowGap, s.connect, s.back) + labelGap
	// The error has its own place, under the buttons, and the list of
	// games makes room for it: it never covers the title or a field.
	s.errY, s.errLines = y, nil
	if s.err != "" {
		s.errLines = wrapFor(s.err, s.a.w, textScale)
		y += len(s.errLines)*(glyphH*textScale+4) + labelGap
	}
	s.listY = y
	for _, b := range s.games {
		b.rect = centredRect(s.a.w, y, buttonW+120, gameRowH)
		y += gameRowH + 6
	}
}

// joinPasswordW is the width of the join screen's password field.
const joinPasswordW = 170

// LabelJoinPassword is the join screen's password field.
const LabelJoinPassword = "Password, if any"

// joinFocus are the join screen's form places: its fields and buttons.
const (
	focusAddr     = 1
	focusPassword = 2
	focusConnect  = 3
)

// gameRowH is the height of a row in the join screen's list of games.
const gameRowH = 30

// maxListed is how many games the join screen lists.
const maxListed = 5

// listGames (re)builds the list of games: those heard on the local
// network first, then the servers joined lately, each address once.
func (s *joinScene) listGames() {
	var labels, addrs []string
	seen := map[string]bool{}
	for _, g := range s.a.lanGames() {
		if len(addrs) < maxListed && !seen[g.Addr] {
			seen[g.Addr] = true
			labels = append(labels, fmt.Sprintf("%s   %s   (%d of %d playing)", g.Name, g.Addr, g.Players, g.MaxPlayers))
			addrs = append(addrs, g.Addr)
		}
	}
	for _, r := range s.a.settings.Recent {
		if len(addrs) < maxListed && !seen[r] {
			seen[r] = true
			labels = append(labels, r+"   (joined before)")
			addrs = append(addrs, r)
		}
	}
	key := strings.Join(labels, "\n")
	if s.form != nil && key == s.listed {
		return
	}
	s.listed, s.gameAddr, s.games = key, addrs, s.games[:0]
	items := []any{s.name, s.addr, s.password, s.connect, s.back}
	for _, l := range labels {
		b := &button{label: l, small: true}
		s.games = append(s.games, b)
		items = append(items, b)
	}
	focus := focusAddr
	if passwordRefusal(s.err) {
		focus = focusPassword // refused for its password: the field to type it in
	}
	if s.form != nil {
		focus = min(s.form.focus, len(items)-1)
	}
	s.form = newForm(items...)
	s.form.submit = s.connect
	s.form.focus = focus
	s.layout()
}

func (s *joinScene) Update() error {
	s.blink++
	if s.blink%30 == 0 {
		s.listGames() // games come and go on the network
	}
	s.layout()
	if s.a.in.menuBack() {
		s.a.toMenu()
		return nil
	}
	if s.a.in.Paste && s.form.hasFocus(s.addr) {
		s.a.clip.request()
	}
	if text, ok := s.a.clip.take(); ok && s.form.hasFocus(s.addr) {
		s.addr.SetText(strings.TrimSpace(text))
	}
	switch b := s.form.update(s.a.in); {
	case b == s.connect:
		s.submit()
	case b == s.back:
		s.a.typedAddr, s.a.joinErr, s.a.typedPassword = "", "", ""
		s.a.toMenu()
	case b != nil:
		for i, g := range s.games {
			if g == b {
				s.addr.SetText(s.gameAddr[i]) // a game found or joined before
			}
		}
		s.form.focus = focusConnect
	}
	return nil
}

// submit checks the form, remembers it, and connects.
func (s *joinScene) submit() {
	name, addr := s.name.Text(), s.addr.Text()
	if err := checkName(name); err != nil {
		s.err = capitalize(err.Error())
		return
	}
	if err := checkAddress(addr); err != nil {
		s.err = capitalize(err.Error())
		return
	}
	s.err = ""
	s.a.settings.Name = name // the address is remembered once a join reaches the server
	s.a.opts.Name = ""       // the name typed here wins over the command line's from now on
	s.a.saveSettings()
	s.a.typedAddr, s.a.typedPassword = addr, s.password.Text()
	s.a.join(addr)
}

// passwordRefusal says whether a join was refused for its password (the
// server's words: server.NeedsPassword, server.WrongPassword).
func passwordRefusal(err string) bool {
	err = strings.ToLower(err)
	return strings.Contains(err, "needs a password") || strings.Contains(err, "wrong password")
}

func checkName(name string) error {
	if wire.ValidName(name) != nil {
		return errors.New("a name is 1 to 16 letters, with no spaces at either end")
	}
	return nil
}

func checkAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return errors.New("write the address as host:port, such as 127.0.0.1:7777")
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return errors.New("the port must be a number from 1 to 65535")
	}
	return nil
}

func (s *joinScene) Draw(screen *ebiten.Image) {
	g := s.a.gfx
	screen.Fill(colBackdrop)
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	g.text.draw(screen, "Join a game", s.a.w/2, s.name.rect.Min.Y-labelGap-80, 4, alignCenter, colTitle)
	drawFormText(screen, g, s.form, s.blink)
	if s.err != "" {
		s.layout() // the error may have come after this frame's layout
		g.text.drawLines(screen, s.errLines, s.a.w/2, s.errY, textScale, colError)
	}
	if len(s.games) > 0 {
		g.text.draw(screen, "Games on your network, and servers joined before: click one", s.a.w/2, s.games[0].rect.Min.Y-labelGap, 1, alignCenter, colDim)
	} else {
		g.text.draw(screen, s.a.lanWords(), s.a.w/2, s.listY, 1, alignCenter, colDim)
	}
	g.text.draw(screen, "Tab or Up/Down to move, Enter to connect, Ctrl+V to paste, Ctrl+A to select all, Esc to go back", s.a.w/2, s.a.h-40, 1, alignCenter, colDim)
}
