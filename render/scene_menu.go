package render

import (
	"fmt"
	"image"
	"io"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
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
	win                        *hud.Window
	mv                         moves
	logw                       io.Writer
	host, join, settings, quit *ui.Button
	port                       *ui.TextField // the UDP port Host and play opens
	password                   *ui.TextField // the password friends must give ("" none)
	private                    *ui.Button    // keeps the game off the local network's Join screens
	router                     *ui.Button    // opens the port on the home router (UPnP, NAT-PMP)
	err                        string
	frames                     int
	form                       *ui.Form
	bg                         *world.Backdrop
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
func newMenuScene(win *hud.Window, mv moves, logw io.Writer, c hostChoice, name string) *menuScene {
	s := &menuScene{
		win:      win,
		mv:       mv,
		logw:     logw,
		host:     &ui.Button{Label: LabelHostAndPlay},
		join:     &ui.Button{Label: LabelJoin},
		settings: &ui.Button{Label: LabelSettings},
		quit:     &ui.Button{Label: LabelQuit},
		bg:       world.NewBackdrop(),
	}
	s.port = &ui.TextField{Label: "Port", MaxBytes: 5}
	s.port.SetText(strconv.Itoa(c.port))
	s.password = &ui.TextField{Label: LabelHostPassword, MaxBytes: wire.MaxPasswordLen, Secret: true, Inline: true}
	s.password.SetText(c.password)
	s.private = &ui.Button{Small: true}
	s.setPrivate(c.private)
	s.router = &ui.Button{Small: true}
	s.setRouter(c.router)
	// Row by row, each left to right: a button, then its option beside it;
	// the Router switch before Quit.
	s.form = ui.NewForm(s.host, s.port, s.join, s.password, s.settings, s.private, s.router, s.quit) // Quit last: Up from the top lands on it
	s.form.Submit = s.host                                                                           // Enter in the port or password field hosts
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
	k := ui.Scale(w, h)
	l := menuLayout{k: k, titleScale: 8 * k, buttonH: ui.Px(ui.ButtonH, k), gap: ui.Px(ui.RowGap, k)}
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	l.footY = h - ui.Px(12, k) - 2*lh
	room := l.footY - ui.Px(12, k) - ui.Px(12, k)
	total := func() int {
		return int(ui.GlyphH*l.titleScale) + ui.Px(8, k) + int(ui.GlyphH*ui.TextScale*k) + ui.Px(20, k) +
			4*l.buttonH + 3*l.gap + ui.Px(8, k) + lh + 2*ui.Px(16, k)
	}
	if total() > room {
		l.titleScale, l.buttonH, l.gap = 5*k, ui.Px(hud.CompactButtonH, k), ui.Px(6, k)
	}
	y := ui.Px(12, k) + max(0, (room-total())/2)
	cardTop := y
	y += ui.Px(16, k)
	l.titleY = y
	y += int(ui.GlyphH*l.titleScale) + ui.Px(8, k)
	l.subY = y
	y += int(ui.GlyphH*ui.TextScale*k) + ui.Px(20, k)
	l.buttonY = y
	y += 4*l.buttonH + 3*l.gap + ui.Px(8, k)
	l.errY = y
	// As wide as the buttons and Host and play's options beside them,
	// on both sides.
	l.card = ui.CentredRect(w, cardTop, min(w-ui.Px(16, k), ui.Px(ui.ButtonW+2*(12+hostOptionW+16), k)), y+lh+ui.Px(16, k)-cardTop)
	return l
}

// column lays the four buttons out.
func (l menuLayout) column(w int, bs ...*ui.Button) {
	y := l.buttonY
	for _, b := range bs {
		b.Rect = ui.CentredRect(w, y, ui.Px(ui.ButtonW, l.k), l.buttonH)
		y += l.buttonH + l.gap
	}
}

func (s *menuScene) layout() {
	l := mainMenuLayout(s.win.W, s.win.H)
	l.column(s.win.W, s.host, s.join, s.settings, s.quit)
	// Host and play's options stand in a column at its right: the port
	// beside it, the password and the private switch under the port.
	k := l.k
	r := s.host.Rect
	fh := min(ui.Px(ui.FieldH, k), r.Dy())
	x := r.Max.X + ui.Px(12, k)
	w := min(ui.Px(hostOptionW, k), max(ui.Px(portFieldW, k), s.win.W-x-ui.Px(12, k)))
	beside := func(row image.Rectangle, width int) image.Rectangle {
		return image.Rect(x, row.Min.Y+(row.Dy()-fh)/2, x+width, row.Min.Y+(row.Dy()+fh)/2)
	}
	s.port.Rect = beside(r, ui.Px(portFieldW, k))
	s.password.Rect = beside(s.join.Rect, w)
	s.private.Rect = beside(s.settings.Rect, w)
	s.router.Rect = beside(s.quit.Rect, w)
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
	s.router.Label = LabelRouterOff
	if on {
		s.router.Label = LabelRouterOn
	}
}

// setPrivate sets the private switch and its words.
func (s *menuScene) setPrivate(on bool) {
	s.private.Label = LabelPrivateOff
	if on {
		s.private.Label = LabelPrivateOn
	}
}

// MainMenuButtonCenter is the centre of a main menu button in a w×h
// window, for tests that click it.
func MainMenuButtonCenter(label string, w, h int) (image.Point, bool) {
	bs := []*ui.Button{{Label: LabelHostAndPlay}, {Label: LabelJoin}, {Label: LabelSettings}, {Label: LabelQuit}}
	mainMenuLayout(w, h).column(w, bs...)
	for _, b := range bs {
		if b.Label == label {
			return b.Rect.Min.Add(b.Rect.Size().Div(2)), true
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
	s.bg.Update(s.win.W, s.win.H)
	switch s.form.Update(s.win.In) {
	case s.host:
		port, err := strconv.Atoi(s.port.Text())
		if err != nil || port < 1 || port > 65535 {
			s.errFit = ""
			s.err = "The port is a number from 1 to 65535 (7777 unless another program has it)"
			return nil
		}
		s.mv.host(hostChoice{port: port, password: s.password.Text(),
			private: s.private.Label == LabelPrivateOn, router: s.router.Label == LabelRouterOn})
	case s.private:
		s.setPrivate(s.private.Label != LabelPrivateOn)
	case s.router:
		s.setRouter(s.router.Label != LabelRouterOn)
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
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	s.bg.Draw(screen, g)
	l := mainMenuLayout(s.win.W, s.win.H)
	k := l.k
	// A card behind the title and buttons keeps them readable over the
	// backdrop.
	ui.Frame(screen, g.Shapes, l.card, ui.Rgb8(12, 11, 22, 0.8), ui.Rgb8(60, 54, 90, 0.9))
	ui.DrawFormShapes(screen, &g.Graphics, s.form)
	g.Shapes.Flush(screen)
	g.Text.Draw(screen, "DUSKFALL", s.win.W/2, l.titleY, l.titleScale, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(screen, "a co-op bullet hell", s.win.W/2, l.subY, ui.TextScale*k, ui.AlignCenter, ui.ColDim)
	ui.DrawFormTextAt(screen, &g.Graphics, s.form, s.frames, k)
	if s.err != "" {
		if s.errK != k || s.errW != s.win.W || s.errFit == "" {
			s.errK, s.errW = k, s.win.W
			s.errFit = ui.Fit(&g.Graphics, s.err, l.card.Dx()-ui.Px(16, k), k)
		}
		g.Text.Draw(screen, s.errFit, s.win.W/2, l.errY, k, ui.AlignCenter, ui.ColError)
	}
	// A band under the footer keeps it readable where the spirals pass.
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	g.Shapes.Rect(screen, 0, float32(l.footY-ui.Px(6, k)), float32(s.win.W), float32(2*lh+ui.Px(10, k)), ui.Rgb8(8, 7, 14, 0.75))
	g.Shapes.Flush(screen)
	footer := s.footer
	if s.form.HasFocus(s.private) || s.form.HasFocus(s.password) {
		footer = hostOptionWords
	}
	if s.form.HasFocus(s.router) {
		footer = routerWords
	}
	if s.footK != k || s.footW != s.win.W || s.footFor != footer {
		s.footK, s.footW, s.footFor = k, s.win.W, footer
		s.footFit = ui.Fit(&g.Graphics, footer, s.win.W-ui.Px(16, k), k)
	}
	g.Text.Draw(screen, s.footFit, s.win.W/2, l.footY, k, ui.AlignCenter, ui.ColDim)
	g.Text.Draw(screen, "Up/Down and Enter, or click", s.win.W/2, l.footY+lh, k, ui.AlignCenter, ui.ColDim)
}
