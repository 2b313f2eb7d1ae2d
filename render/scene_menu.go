package render

import (
	"fmt"
	"image"
	"io"
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
	win                        *window
	mv                         moves
	logw                       io.Writer
	host, join, settings, quit *button
	port                       *textField // the UDP port Host and play opens
	password                   *textField // the password friends must give ("" none)
	private                    *button    // keeps the game off the local network's Join screens
	router                     *button    // opens the port on the home router (UPnP, NAT-PMP)
	err                        string
	frames                     int
	form                       *form
	bg                         *backdrop
	footer                     string
	// The footer and the error cut to the window, for the scale and
	// width they were cut at.
	footFit, errFit string
	footFor         string // the footer footFit was cut from
	footK, errK     float64
	footW, errW     int
}

// newMenuScene opens the main menu with Host and play's options as
// chosen before; name is the one the player chose, for the footer, "" when
// none is chosen yet (the first launch: Host and play asks it).
func newMenuScene(win *window, mv moves, logw io.Writer, c hostChoice, name string) *menuScene {
	s := &menuScene{
		win:      win,
		mv:       mv,
		logw:     logw,
		host:     &button{label: LabelHostAndPlay},
		join:     &button{label: LabelJoin},
		settings: &button{label: LabelSettings},
		quit:     &button{label: LabelQuit},
		bg:       newBackdrop(),
	}
	s.port = &textField{label: "Port", maxBytes: 5}
	s.port.SetText(strconv.Itoa(c.port))
	s.password = &textField{label: LabelHostPassword, maxBytes: wire.MaxPasswordLen, secret: true, inline: true}
	s.password.SetText(c.password)
	s.private = &button{small: true}
	s.setPrivate(c.private)
	s.router = &button{small: true}
	s.setRouter(c.router)
	// Row by row, each left to right: a button, then its option beside it;
	// the Router switch before Quit.
	s.form = newForm(s.host, s.port, s.join, s.password, s.settings, s.private, s.router, s.quit) // Quit last: Up from the top lands on it
	s.form.submit = s.host                                                                        // Enter in the port or password field hosts
	s.footer = menuFooter(name)

	s.layout()
	return s
}

// menuFooter is the main menu's first footer line: who plays, or on the
// first launch that Host and play asks, never a name made up for the
// player as if it were theirs.
func menuFooter(name string) string {
	if name == "" {
		return "Host and play asks your name first - friends join you on the port beside it"
	}
	return fmt.Sprintf("playing as %s - friends join you on the port beside Host and play", name)
}

// menuLayout is the main menu laid out for a w×h window at its UI scale,
// top to bottom: the title, the line under it, the buttons, a line for an
// error, and the footer's two lines at the bottom. A window too short for
// the roomy layout gets a smaller title and shorter buttons; either is
// centred in the room above the footer.
type menuLayout struct {
	k                float64
	titleY, subY     int
	titleScale       float64
	buttonY, buttonH int
	gap              int
	errY             int
	footY            int // the footer's first line
	card             image.Rectangle
}

func mainMenuLayout(w, h int) menuLayout {
	k := uiScale(w, h)
	l := menuLayout{k: k, titleScale: 8 * k, buttonH: px(buttonH, k), gap: px(rowGap, k)}
	lh := int(glyphH*k) + px(4, k)
	l.footY = h - px(12, k) - 2*lh
	room := l.footY - px(12, k) - px(12, k)
	total := func() int {
		return int(glyphH*l.titleScale) + px(8, k) + int(glyphH*textScale*k) + px(20, k) +
			4*l.buttonH + 3*l.gap + px(8, k) + lh + 2*px(16, k)
	}
	if total() > room {
		l.titleScale, l.buttonH, l.gap = 5*k, px(compactButtonH, k), px(6, k)
	}
	y := px(12, k) + max(0, (room-total())/2)
	cardTop := y
	y += px(16, k)
	l.titleY = y
	y += int(glyphH*l.titleScale) + px(8, k)
	l.subY = y
	y += int(glyphH*textScale*k) + px(20, k)
	l.buttonY = y
	y += 4*l.buttonH + 3*l.gap + px(8, k)
	l.errY = y
	// As wide as the buttons and Host and play's options beside them,
	// on both sides.
	l.card = centredRect(w, cardTop, min(w-px(16, k), px(buttonW+2*(12+hostOptionW+16), k)), y+lh+px(16, k)-cardTop)
	return l
}

// column lays the four buttons out.
func (l menuLayout) column(w int, bs ...*button) {
	y := l.buttonY
	for _, b := range bs {
		b.rect = centredRect(w, y, px(buttonW, l.k), l.buttonH)
		y += l.buttonH + l.gap
	}
}

func (s *menuScene) layout() {
	l := mainMenuLayout(s.win.w, s.win.h)
	l.column(s.win.w, s.host, s.join, s.settings, s.quit)
	// Host and play's options stand in a column at its right: the port
	// beside it, the password and the private switch under the port.
	k := l.k
	r := s.host.rect
	fh := min(px(fieldH, k), r.Dy())
	x := r.Max.X + px(12, k)
	w := min(px(hostOptionW, k), max(px(portFieldW, k), s.win.w-x-px(12, k)))
	beside := func(row image.Rectangle, width int) image.Rectangle {
		return image.Rect(x, row.Min.Y+(row.Dy()-fh)/2, x+width, row.Min.Y+(row.Dy()+fh)/2)
	}
	s.port.rect = beside(r, px(portFieldW, k))
	s.password.rect = beside(s.join.rect, w)
	s.private.rect = beside(s.settings.rect, w)
	s.router.rect = beside(s.quit.rect, w)
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

// The Router switch's words.
const (
	LabelRouterOn  = "Router: open port"
	LabelRouterOff = "Router: leave closed"
)

// routerWords is the footer while the Router switch has the focus.
const routerWords = "router: opens the port on your home router (UPnP or NAT-PMP), so friends anywhere can join"

// setRouter sets the Router switch and its words.
func (s *menuScene) setRouter(on bool) {
	s.router.label = LabelRouterOff
	if on {
		s.router.label = LabelRouterOn
	}
}

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
	mainMenuLayout(w, h).column(w, bs...)
	for _, b := range bs {
		if b.label == label {
			return b.rect.Min.Add(b.rect.Size().Div(2)), true
		}
	}
	return image.Point{}, false
}

func (s *menuScene) Update() error {
	if s.frames++; s.frames == 1 {
		fmt.Fprintln(s.logw, "duskfall: scene=menu") // the menu takes input from here on (GUI tests wait for it)
		fmt.Fprintf(s.logw, "duskfall: menu says %q\n", s.footer)
	}
	s.layout()
	s.bg.update(s.win.w, s.win.h)
	switch s.form.update(s.win.in) {
	case s.host:
		port, err := strconv.Atoi(s.port.Text())
		if err != nil || port < 1 || port > 65535 {
			s.errFit = ""
			s.err = "The port is a number from 1 to 65535 (7777 unless another program has it)"
			return nil
		}
		s.mv.host(hostChoice{port: port, password: s.password.Text(),
			private: s.private.label == LabelPrivateOn, router: s.router.label == LabelRouterOn})
	case s.private:
		s.setPrivate(s.private.label != LabelPrivateOn)
	case s.router:
		s.setRouter(s.router.label != LabelRouterOn)
	case s.join:
		s.mv.toJoin()
	case s.settings:
		s.mv.toSettings()
	case s.quit:
		return ebiten.Termination
	}
	return nil
}

func (s *menuScene) Draw(screen *ebiten.Image) {
	g := s.win.gfx
	screen.Fill(colBackdrop)
	s.bg.draw(screen, g)
	l := mainMenuLayout(s.win.w, s.win.h)
	k := l.k
	// A card behind the title and buttons keeps them readable over the
	// backdrop.
	frame(screen, g.shapes, l.card, rgb8(12, 11, 22, 0.8), rgb8(60, 54, 90, 0.9))
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	g.text.draw(screen, "DUSKFALL", s.win.w/2, l.titleY, l.titleScale, alignCenter, colTitle)
	g.text.draw(screen, "a co-op bullet hell", s.win.w/2, l.subY, textScale*k, alignCenter, colDim)
	drawFormTextAt(screen, g, s.form, s.frames, k)
	if s.err != "" {
		if s.errK != k || s.errW != s.win.w || s.errFit == "" {
			s.errK, s.errW = k, s.win.w
			s.errFit = fit(g, s.err, l.card.Dx()-px(16, k), k)
		}
		g.text.draw(screen, s.errFit, s.win.w/2, l.errY, k, alignCenter, colError)
	}
	// A band under the footer keeps it readable where the spirals pass.
	lh := int(glyphH*k) + px(4, k)
	g.shapes.rect(screen, 0, float32(l.footY-px(6, k)), float32(s.win.w), float32(2*lh+px(10, k)), rgb8(8, 7, 14, 0.75))
	g.shapes.flush(screen)
	footer := s.footer
	if s.form.hasFocus(s.private) || s.form.hasFocus(s.password) {
		footer = hostOptionWords
	}
	if s.form.hasFocus(s.router) {
		footer = routerWords
	}
	if s.footK != k || s.footW != s.win.w || s.footFor != footer {
		s.footK, s.footW, s.footFor = k, s.win.w, footer
		s.footFit = fit(g, footer, s.win.w-px(16, k), k)
	}
	g.text.draw(screen, s.footFit, s.win.w/2, l.footY, k, alignCenter, colDim)
	g.text.draw(screen, "Up/Down and Enter, or click", s.win.w/2, l.footY+lh, k, alignCenter, colDim)
}
