package render

import (
	"fmt"
	"image"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/net/wire"
)

// Main menu button labels, top to bottom.
const (
	LabelHostAndPlay = "Host and play"
	LabelJoin        = "Join"
	LabelSettings    = "Settings"
	LabelQuit        = "Quit"
)

// menuScene is the main menu: Host and play, Join, Settings, Quit.
type menuScene struct {
	a                          *app
	host, join, settings, quit *button
	port                       *textField // the UDP port Host and play opens
	password                   *textField // the password friends must give ("" none)
	private                    *button    // keeps the game off the local network's Join screens
	err                        string
	frames                     int
	form                       *form
	bg                         *backdrop
	footer                     string
}

func newMenuScene(a *app) *menuScene {
	s := &menuScene{
		a:        a,
		host:     &button{label: LabelHostAndPlay},
		join:     &button{label: LabelJoin},
		settings: &button{label: LabelSettings},
		quit:     &button{label: LabelQuit},
		bg:       newBackdrop(),
	}
	s.port = &textField{label: "Port", maxBytes: 5}
	s.port.SetText(strconv.Itoa(a.opts.Port))
	s.password = &textField{label: LabelHostPassword, maxBytes: wire.MaxPasswordLen, secret: true}
	s.password.SetText(a.settings.HostPassword)
	s.private = &button{small: true}
	s.setPrivate(a.settings.HostPrivate)
	// Row by row, each left to right: a button, then its option beside it.
	s.form = newForm(s.host, s.port, s.join, s.password, s.settings, s.private, s.quit)
	s.form.submit = s.host // Enter in the port or password field hosts
	s.footer = fmt.Sprintf("playing as %s - friends join you on the port beside Host and play", a.playerName())

	s.layout()
	return s
}

// mainMenuTop is where the first button sits on a screen h pixels high.
func mainMenuTop(h int) int { return h/2 - 40 }

func (s *menuScene) layout() {
	buttonColumn(s.a.w, mainMenuTop(s.a.h), s.host, s.join, s.settings, s.quit)
	// Host and play's options stand in a column at its right: the port
	// beside it, the password and the private switch under the port.
	r := s.host.rect
	s.port.rect = image.Rect(r.Max.X+12, r.Min.Y+(buttonH-fieldH)/2, r.Max.X+12+portFieldW, r.Min.Y+(buttonH+fieldH)/2)
	w := min(hostOptionW, max(portFieldW, s.a.w-r.Max.X-24))
	j := s.join.rect
	s.password.rect = image.Rect(r.Max.X+12, j.Min.Y+(buttonH-fieldH)/2, r.Max.X+12+w, j.Min.Y+(buttonH+fieldH)/2)
	t := s.settings.rect
	s.private.rect = image.Rect(r.Max.X+12, t.Min.Y+(buttonH-fieldH)/2, r.Max.X+12+w, t.Min.Y+(buttonH+fieldH)/2)
}

// portFieldW is the width of the main menu's port field; hostOptionW the
// most the password field and the private switch take.
const (
	portFieldW  = 110
	hostOptionW = 200
)

// Host and play's options on the main menu.
const (
	LabelHostPassword = "Password"
	LabelPrivateOn    = "Private: on"
	LabelPrivateOff   = "Private: off"
)

// hostOptionWords is the footer while a host option has the focus.
const hostOptionWords = "password: friends must type it - private: not listed on Join screens nearby"

// setPrivate sets the private switch and its words.
func (s *menuScene) setPrivate(on bool) {
	s.private.label = LabelPrivateOff
	if on {
		s.private.label = LabelPrivateOn
	}
}

// MainMenuButtonCenter is the centre of a main menu button in a w×h
// window, for tests that click it.
func MainMenuButtonCenter(label string, w, h int) (image.Point, bool) {
	bs := []*button{{label: LabelHostAndPlay}, {label: LabelJoin}, {label: LabelSettings}, {label: LabelQuit}}
	buttonColumn(w, mainMenuTop(h), bs...)
	for _, b := range bs {
		if b.label == label {
			return b.rect.Min.Add(b.rect.Size().Div(2)), true
		}
	}
	return image.Point{}, false
}

func (s *menuScene) Update() error {
	if s.frames++; s.frames == 1 {
		fmt.Fprintln(s.a.logw, "duskfall: scene=menu") // the menu takes input from here on (GUI tests wait for it)
	}
	s.layout()
	s.bg.update(s.a.w, s.a.h)
	switch s.form.update(s.a.in) {
	case s.host:
		port, err := strconv.Atoi(s.port.Text())
		if err != nil || port < 1 || port > 65535 {
			s.err = "The port is a number from 1 to 65535 (7777 unless another program has it)"
			return nil
		}
		s.a.opts.Port = port
		s.a.settings.HostPassword = s.password.Text()
		s.a.settings.HostPrivate = s.private.label == LabelPrivateOn
		s.a.saveSettings()
		if !s.a.nameChosen() {
			s.a.scenes.switchTo(newNameScene(s.a, s.a.hostAndPlay)) // the first launch asks a name first
			return nil
		}
		s.a.hostAndPlay()
	case s.private:
		s.setPrivate(s.private.label != LabelPrivateOn)
	case s.join:
		s.a.toJoin()
	case s.settings:
		s.a.scenes.switchTo(newSettingsScene(s.a))
	case s.quit:
		return ebiten.Termination
	}
	return nil
}

func (s *menuScene) Draw(screen *ebiten.Image) {
	g := s.a.gfx
	screen.Fill(colBackdrop)
	s.bg.draw(screen, g)
	// A card behind the title and buttons keeps them readable over the
	// backdrop.
	top := mainMenuTop(s.a.h)
	card := centredRect(s.a.w, top-220, min(s.a.w-8, buttonW+2*(s.password.rect.Dx()+24)), s.quit.rect.Max.Y+40-(top-220))
	frame(screen, g.shapes, card, rgb8(12, 11, 22, 0.8), rgb8(60, 54, 90, 0.9))
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	g.text.draw(screen, "DUSKFALL", s.a.w/2, top-190, 8, alignCenter, colTitle)
	g.text.draw(screen, "a co-op bullet hell", s.a.w/2, top-50, textScale, alignCenter, colDim)
	drawFormText(screen, g, s.form, s.frames)
	if s.err != "" {
		g.text.draw(screen, s.err, s.a.w/2, s.quit.rect.Max.Y+16, 1, alignCenter, colError)
	}
	// A band under the footer keeps it readable where the spirals pass.
	g.shapes.rect(screen, 0, float32(s.a.h-72), float32(s.a.w), 60, rgb8(8, 7, 14, 0.75))
	g.shapes.flush(screen)
	footer := s.footer
	if s.form.hasFocus(s.private) || s.form.hasFocus(s.password) {
		footer = hostOptionWords
	}
	g.text.draw(screen, footer, s.a.w/2, s.a.h-64, 1, alignCenter, colDim)
	g.text.draw(screen, "Up/Down and Enter, or click", s.a.w/2, s.a.h-40, 1, alignCenter, colDim)
}
