package render

import (
	"fmt"
	"image"
	"io"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/net/lan"
	"duskfall/net/seal"
	"duskfall/net/wire"
	"duskfall/profile"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// joinScene asks for a name and an address or join code, remembers both,
// and connects.
type joinScene struct {
	win           *hud.Window
	mv            moves
	logw          io.Writer
	saved         *profile.Settings // the last address joined and the servers joined lately
	typed         *typedJoin        // the join typed here, kept after it failed
	lan           *lanSearch
	clip          *ui.Clipboard
	pinned        func(addr string) string // the fingerprint pinned for an address (known_servers), "" for none
	name, addr    *ui.TextField
	password      *ui.TextField // the game's password, when it has one: under the address
	addrSeen      string        // the address as the last frame left it: an edit clears the error
	connect, back *ui.Button
	list          joinList
	form          *ui.Form
	fault         joinFault
	frames        int
	blink         int
	lay           joinLayout
}

// joinList is the games heard on the network, then the servers joined
// lately, as buttons: a click fills the address.
type joinList struct {
	buttons    []*ui.Button
	addr       []string // the address or join code each button fills in
	heard      []bool   // whether it is a join code heard on the network (pick)
	listed     string   // the addresses the buttons were built from, to rebuild only on change
	y          int      // where the games, or the words about them, start
	top, shown int      // the first game shown and how many are
	loose      bool     // the wheel moved the games: the view no longer follows the focus until it moves
}

// joinFault is the error the join screen shows and how it is laid out.
type joinFault struct {
	text  string
	said  string // the error last written to the log
	y     int    // where the error's lines start (layout)
	lines []string
	k     float64      // the scale lines were wrapped at
	wraps [2]errorWrap // the error at full size and at the smaller one
}

// joinLayout is the UI scale, the title's top and scale and the footer's
// line.
type joinLayout struct {
	k             float64
	titleY, footY int
	title         float64
	footer        string // what footer was made from
	footK         float64
	footW         int
}

// newJoinScene opens the join screen with the player's name, and the
// address last joined or, back from a failed join, the one typed.
func newJoinScene(win *hud.Window, mv moves, logw io.Writer, saved *profile.Settings, name string, typed *typedJoin, lan *lanSearch, clip *ui.Clipboard,
	pinned func(addr string) string) *joinScene {
	s := &joinScene{
		win: win, mv: mv, logw: logw, saved: saved, typed: typed, lan: lan, clip: clip, pinned: pinned,
		name:     &ui.TextField{Label: "Your name", MaxBytes: wire.MaxNameLen},
		addr:     &ui.TextField{Label: "Address or join code", MaxBytes: 128, Fit: true},
		password: &ui.TextField{Label: LabelJoinPassword, MaxBytes: wire.MaxPasswordLen, Secret: true},
		connect:  &ui.Button{Label: "Connect"},
		back:     &ui.Button{Label: "Back"},
	}
	s.name.SetText(name)
	s.addr.SetText(saved.LastAddress)
	if typed.addr != "" {
		s.addr.SetText(typed.addr) // back from a failed join: what was typed, to correct
		s.password.SetText(typed.password)
		s.fault.text = typed.err
	}
	s.addrSeen = s.addr.Text()
	s.listGames()
	return s
}

// layout lays the screen out at the window's UI scale, top to bottom:
// the title (smaller in a short window), the name, the address as wide as
// the window lets it be (a whole join code reads in it), the password,
// Connect and Back side by side, the error in its own place, the games,
// and the footer at the bottom. The games scroll in the room left,
// keeping the focused one in view.
func (s *joinScene) layout() {
	w, h := s.win.W, s.win.H
	k := ui.Scale(w, h)
	s.lay.k = k
	fw := min(w-ui.Px(16, k), ui.Px(ui.ButtonW+120, k))
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	s.lay.footY = h - ui.Px(10, k) - lh
	s.lay.title = 4 * k
	errH := s.wrapError(0, w, ui.TextScale*k, k)
	form := 3*(ui.Px(ui.LabelGap, k)+ui.Px(ui.FieldH, k)+ui.Px(ui.RowGap, k)) + ui.Px(ui.ButtonH, k) + ui.Px(ui.RowGap, k)
	over := func() bool {
		return ui.Px(12, k)+int(ui.GlyphH*s.lay.title)+ui.Px(16, k)+form+errH+lh+ui.Px(gameRowH, k) > s.lay.footY
	}
	if over() {
		s.lay.title = 2.5 * k // a short window: the title gives way to the list
	}
	if over() {
		errH = s.wrapError(1, w, k, k) // and a long error to a smaller hand, over neither the list nor the footer
	}
	y := ui.Px(12, k)
	if roomy := h/2 - ui.Px(120, k) - ui.Px(80, k); roomy > y && s.lay.title == 4*k {
		y = min(roomy, y+max(0, (s.lay.footY-y-(int(ui.GlyphH*s.lay.title)+ui.Px(16, k)+form+errH+lh+maxListed*(ui.Px(gameRowH, k)+ui.Px(6, k))))/2))
	}
	s.lay.titleY = y
	y += int(ui.GlyphH*s.lay.title) + ui.Px(16, k)
	for _, f := range []*ui.TextField{s.name, s.addr, s.password} {
		y += ui.Px(ui.LabelGap, k)
		f.Rect = ui.CentredRect(w, y, fw, ui.Px(ui.FieldH, k))
		y += ui.Px(ui.FieldH, k) + ui.Px(ui.RowGap, k)
	}
	// The address takes the row's whole width: a join code is long, and
	// the digits of its address and port tell two games apart.
	s.addr.Rect = ui.CentredRect(w, s.addr.Rect.Min.Y, min(w-ui.Px(16, k), ui.Px(joinAddressW, k)), ui.Px(ui.FieldH, k))
	bw := (fw - ui.Px(ui.RowGap, k)) / 2
	x0 := (w - fw) / 2
	s.connect.Rect = image.Rect(x0, y, x0+bw, y+ui.Px(ui.ButtonH, k))
	s.back.Rect = image.Rect(x0+fw-bw, y, x0+fw, y+ui.Px(ui.ButtonH, k))
	y += ui.Px(ui.ButtonH, k) + ui.Px(ui.RowGap, k)
	// The error has its own place, under the buttons, and the list of
	// games makes room for it: it never covers the title or a field.
	s.fault.y = y
	y += errH
	s.list.y = y
	y += lh // the list's heading
	pitch := ui.Px(gameRowH, k) + ui.Px(6, k)
	shown := max(1, (s.lay.footY-ui.Px(6, k)-y+ui.Px(6, k))/pitch)
	sel := s.form.Focus - 5 // the games follow the five widgets
	if sel < 0 || s.list.loose {
		sel = -1
	}
	s.list.top = ui.ScrollTop(s.list.top, len(s.list.buttons), shown, sel, nil)
	s.list.shown = min(shown, len(s.list.buttons))
	for i, b := range s.list.buttons {
		if i < s.list.top || i >= s.list.top+shown {
			b.Rect = image.Rectangle{}
			continue
		}
		b.Rect = ui.CentredRect(w, y+(i-s.list.top)*pitch, fw, ui.Px(gameRowH, k))
	}
}

// errorWrap is the error wrapped to a width at a scale, made again only
// when one of them changes.
type errorWrap struct {
	src   string
	w     int
	scale float64
	lines []string
}

// wrapError makes the error, if any, the one drawn: wrapped to the window
// at scale es, kept in the i-th wrap; it says how tall the error stands.
func (s *joinScene) wrapError(i, w int, es, k float64) int {
	if s.fault.text == "" {
		s.fault.lines = nil
		return 0
	}
	c := &s.fault.wraps[i]
	if c.src != s.fault.text || c.w != w || c.scale != es {
		c.src, c.w, c.scale = s.fault.text, w, es
		c.lines = ui.Wrap(s.fault.text, max(20, (w-ui.Px(48, k))/int(ui.GlyphW*es+1)))
	}
	s.fault.lines, s.fault.k = c.lines, es
	return len(c.lines)*(int(ui.GlyphH*es)+4) + ui.Px(8, k)
}

// JoinAddressCenter is the centre of the Join screen's address field in a
// w×h window while it shows the error shown ("" none; the words of its
// "duskfall: join refused:" line), for tests that click it.
func JoinAddressCenter(w, h int, shown string) image.Point {
	s := &joinScene{win: &hud.Window{W: w, H: h}, fault: joinFault{text: shown},
		name: &ui.TextField{}, addr: &ui.TextField{}, password: &ui.TextField{}, connect: &ui.Button{}, back: &ui.Button{}}
	s.form = ui.NewForm(s.name, s.addr, s.password, s.connect, s.back)
	s.layout()
	return s.addr.Rect.Min.Add(s.addr.Rect.Size().Div(2))
}

// joinAddressW is the width of the join screen's address field, when the
// window has it: a whole join code of an IPv4 address and a port,
// "192.168.100.200:65535/" and 32 letters, in the fields' text.
const joinAddressW = 760

// LabelJoinPassword is the join screen's password field.
const LabelJoinPassword = "Password, if any"

// joinFocus are the join screen's form places: its fields and buttons.
const (
	focusName     = 0
	focusAddr     = 1
	focusPassword = 2
	focusConnect  = 3
)

// gameRowH is the height of a row in the join screen's list of games.
const gameRowH = 30

// maxListed is how many games the join screen lists.
const maxListed = 5

// listGames (re)builds the list of games: those heard on the local
// network first, then the servers joined lately, each address once. A
// game fills in its join code when one is known: the one it was joined by
// before, else the one its host announced (net/lan).
func (s *joinScene) listGames() {
	var labels, fills []string
	var heard []bool
	seen := map[string]bool{}
	before := map[string]string{} // address → the code or address it was joined by
	for _, r := range s.saved.Recent {
		if addr := profile.ServerAddr(r); before[addr] == "" {
			before[addr] = r
		}
	}
	for _, g := range s.lan.games() {
		if len(fills) < maxListed && !seen[g.Addr] {
			seen[g.Addr] = true
			labels = append(labels, fmt.Sprintf("%s   %s   (%d of %d playing)", g.Name, g.Addr, g.Players, g.MaxPlayers))
			fill, announced := lanFill(g, before[g.Addr])
			fills, heard = append(fills, fill), append(heard, announced)
		}
	}
	for _, r := range s.saved.Recent {
		if addr := profile.ServerAddr(r); len(fills) < maxListed && !seen[addr] {
			seen[addr] = true
			labels = append(labels, recentLabel(r))
			fills, heard = append(fills, r), append(heard, false)
		}
	}
	key := strings.Join(labels, "\n") + strings.Join(fills, "\n")
	if s.form != nil && key == s.list.listed {
		return
	}
	s.list.listed, s.list.addr, s.list.heard, s.list.buttons = key, fills, heard, s.list.buttons[:0]
	items := []any{s.name, s.addr, s.password, s.connect, s.back}
	for _, l := range labels {
		b := &ui.Button{Label: l, Small: true}
		s.list.buttons = append(s.list.buttons, b)
		items = append(items, b)
	}
	focus := focusAddr
	if s.name.Text() == "" {
		focus = focusName // a first launch: the name comes first
	}
	if passwordRefusal(s.fault.text) {
		focus = focusPassword // refused for its password: the field to type it in
	}
	if s.form != nil {
		focus = min(s.form.Focus, len(items)-1)
	}
	s.form = ui.NewForm(items...)
	s.form.Submit = s.connect
	s.form.Focus = focus
	s.layout()
}

// lanFill is what a game heard on the network fills in: the code or
// address it was joined by before, when it was; else the join code its
// host announced (announced true), or its bare address from an older host.
func lanFill(g lan.Game, before string) (fill string, announced bool) {
	if before != "" {
		return before, false
	}
	return g.Code(), g.Fingerprint != ""
}

// recentLabel is a server joined before as its row reads: the address, and
// whether the key is checked by the code it was joined by.
func recentLabel(r string) string {
	if t, err := seal.ParseTarget(r); err == nil && t.Fingerprint != "" {
		return t.Addr() + "   (joined before by its join code)"
	}
	return profile.ServerAddr(r) + "   (joined before)"
}

// pick is what the i-th game fills in. An announcement is anyone's word
// on the network: when the address already has a key pinned
// (known_servers) and the announced one differs, the bare address is
// filled, so the pin checks the server and says in words if it changed.
func (s *joinScene) pick(i int) string {
	fill := s.list.addr[i]
	if !s.list.heard[i] || s.pinned == nil {
		return fill
	}
	t, err := seal.ParseTarget(fill)
	if err != nil {
		return fill
	}
	if pin := s.pinned(t.Addr()); pin != "" && pin != t.Fingerprint {
		return t.Addr()
	}
	return fill
}

// noteState writes the lines window tests follow: when the screen first
// takes input, and each error it shows.
func (s *joinScene) noteState() {
	if s.frames++; s.frames == 1 {
		fmt.Fprintln(s.logw, "duskfall: scene=join")
	}
	if s.fault.text != s.fault.said {
		s.fault.said = s.fault.text
		if s.fault.text != "" {
			fmt.Fprintf(s.logw, "duskfall: join refused: %s\n", s.fault.text)
		}
	}
}

func (s *joinScene) Update() error {
	s.blink++
	if s.blink%30 == 0 {
		s.listGames() // games come and go on the network
	}
	s.layout()
	if s.win.In.MenuBack() {
		s.mv.toMenu()
		return nil
	}
	defer s.noteState() // after this frame's submit
	if s.win.In.Edit.Paste && s.form.HasFocus(s.addr) {
		s.clip.Request()
	}
	if text, ok := s.clip.Take(); ok && s.form.HasFocus(s.addr) {
		s.addr.SetText(strings.TrimSpace(text))
		fmt.Fprintf(s.logw, "duskfall: join pasted %d characters\n", len(s.addr.Text())) // the count alone: a clipboard is not the log's
	}
	defer s.clearStaleError() // after this frame's typing and picks
	if in := s.win.In; in.Mouse.Wheel != 0 || in.PageUp || in.PageDown {
		s.list.top, s.list.loose = ui.ScrollTop(s.list.top, len(s.list.buttons), s.list.shown, -1, in), true
	}
	before := s.form.Focus
	switch b := s.form.Update(s.win.In); {
	case b == s.connect:
		s.submit()
	case b == s.back:
		*s.typed = typedJoin{}
		s.mv.toMenu()
	case b != nil:
		for i, g := range s.list.buttons {
			if g == b {
				s.addr.SetText(s.pick(i)) // a game found or joined before
			}
		}
		s.form.Focus = focusConnect
	}
	if s.form.Focus != before {
		s.list.loose = false // the view follows the focus again
	}
	s.layout() // the focus may have moved to a game out of view
	return nil
}

// clearStaleError lets the last try's error go once the address it was
// about is edited, pasted over or picked from the list: a red line under
// a new address would read as that address's fault.
func (s *joinScene) clearStaleError() {
	if text := s.addr.Text(); text != s.addrSeen {
		s.addrSeen = text
		if s.fault.text != "" {
			s.fault.text, s.fault.said = "", "" // the same words again, after another try, are logged again
			fmt.Fprintln(s.logw, "duskfall: join error cleared")
		}
	}
}

// submit checks the form, remembers it, and connects. The address or
// join code is read as --join and the client read it (seal.ParseTarget),
// and kept in its own form: the key in lower case, no spaces.
func (s *joinScene) submit() {
	name := s.name.Text()
	if err := settings.CheckName(name); err != nil {
		s.fault.text = ui.Capitalize(err.Error())
		return
	}
	target, err := seal.ParseTarget(s.addr.Text())
	if err != nil {
		s.fault.text = ui.Capitalize(err.Error())
		return
	}
	s.fault.text = ""
	s.mv.rename(name) // the address is remembered once a join reaches the server
	s.typed.addr, s.typed.password = target.String(), s.password.Text()
	s.mv.join(target.String())
}

// passwordRefusal says whether a join was refused for its password (the
// server's words: server.NeedsPassword, server.WrongPassword).
func passwordRefusal(err string) bool {
	err = strings.ToLower(err)
	return strings.Contains(err, "needs a password") || strings.Contains(err, "wrong password")
}

// joinHelp is the Join screen's footer, and its shorter forms for
// narrower windows.
var joinHelp = [...]string{
	"Tab or Up/Down to move, Enter to connect, Ctrl+V to paste, Ctrl+A to select all, Esc to go back",
	"Tab or Up/Down, Enter connects, Ctrl+V pastes, Esc goes back",
	"Enter connects, Esc goes back",
}

func (s *joinScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	if s.fault.text != "" && (s.fault.lines == nil || s.fault.wraps[0].src != s.fault.text) {
		s.layout() // the error came after this frame's layout
	}
	k := s.lay.k
	ui.DrawFormShapes(screen, &g.Graphics, s.form)
	g.Shapes.Flush(screen)
	g.Text.Draw(screen, "Join a game", s.win.W/2, s.lay.titleY, s.lay.title, ui.AlignCenter, ui.ColTitle)
	ui.DrawFormTextAt(screen, &g.Graphics, s.form, s.blink, k)
	if s.fault.text != "" {
		g.Text.DrawLines(screen, s.fault.lines, s.win.W/2, s.fault.y, s.fault.k, ui.ColError)
	}
	if len(s.list.buttons) > 0 {
		head, short := "Games on your network, and servers joined before: click one", "Games, and servers joined before"
		if s.list.shown < len(s.list.buttons) { // some are hidden: say so, and how to see them
			head, short = "Games on your network, and servers joined before: more by the wheel or Up/Down", "More games by the wheel or Up/Down"
		}
		if g.Text.Advance(head, k) > s.win.W-ui.Px(16, k) {
			head = short
		}
		g.Text.Draw(screen, head, s.win.W/2, s.list.y, k, ui.AlignCenter, ui.ColDim)
	} else {
		g.Text.Draw(screen, s.lan.words(), s.win.W/2, s.list.y, k, ui.AlignCenter, ui.ColDim)
	}
	if s.lay.footK != k || s.lay.footW != s.win.W || s.lay.footer == "" {
		s.lay.footK, s.lay.footW = k, s.win.W
		s.lay.footer = joinHelp[len(joinHelp)-1]
		for _, l := range joinHelp {
			if g.Text.Advance(l, k) <= s.win.W-ui.Px(16, k) {
				s.lay.footer = l
				break
			}
		}
	}
	g.Text.Draw(screen, s.lay.footer, s.win.W/2, s.lay.footY, k, ui.AlignCenter, ui.ColDim)
}
