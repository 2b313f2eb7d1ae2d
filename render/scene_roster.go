package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// rosterActions is what the roster scene asks of the runtime: the three
// roster commands. *client.Runtime is one; tests put a recorder in its
// place to see which commands a click sends.
type rosterActions interface {
	SelectCharacter(id uint64) error
	CreateCharacter(name, class string) error
	DeleteCharacter(id uint64, name string) error
}

var _ rosterActions = (*client.Runtime)(nil)

// Roster geometry, in screen pixels.
const (
	rosterRowH    = 58
	rosterRowGap  = 6
	rosterRowMaxW = 920
	rosterBtnW    = 112
	rosterBtnH    = 40
	rosterCreateW = 260
)

// Roster colours.
var (
	colRow        = ui.Rgb8(22, 20, 36, 0.95)
	colButtonOff  = ui.Rgb8(26, 26, 36, 0.7)
	colDeleteOn   = ui.Rgb8(150, 44, 44, 0.95)
	colDeathBand  = ui.Rgb8(80, 16, 22, 0.9)
	colDeathEdge  = ui.Rgb8(210, 80, 80, 1)
	colDeathText  = color.RGBA{255, 150, 140, 255}
	colLockout    = ui.ColTitle
	rosterConfirm = "This cannot be undone."
	rosterWaiting = "Waiting for the server…"
)

// LabelNewCharacter is the roster's button that opens the class cards.
const LabelNewCharacter = "New character"

// rosterRow is one character: its entry, its words and its buttons. While
// the player is asked to confirm a delete, sure and keep take the places of
// play and del.
type rosterRow struct {
	entry      wire.CharacterEntry
	detail     string // "Arcanist · level 3 · health 80/100 · in the hub"
	ask        string // "Delete Ava?"
	rect       image.Rectangle
	play, del  *ui.Button
	sure, keep *ui.Button
	lockSecs   int
	lockText   string    // "dungeons open in 12 seconds", "" when free
	detailFit  ui.Fitted // detail cut to the room beside the buttons
}

// rosterScene is the character roster: one row per character (its class,
// level and health) with Play and Delete, New character (the class cards,
// as on the first launch) and Leave. It drives the session like the
// connecting scene (nothing is played until a character is chosen) and
// opens the play scene once the chosen character is in the world.
type rosterScene struct {
	win   *hud.Window
	mv    moves
	now   func() time.Time // the lockouts count down by it
	first bool             // the first launch: an account with no character makes one on the class scene
	logw  io.Writer        // window tests follow the roster's characters
	sess  session
	rt    *client.Runtime
	act   rosterActions

	view    client.RosterView // the roster shown, its entries copied
	built   bool
	pending bool
	rows    []*rosterRow
	byID    map[uint64]*rosterRow
	asking  *rosterRow // the row asking "Delete …?", if any

	create *ui.Button // New character
	leave  *ui.Button
	form   *ui.Form
	list   rosterList
	note   rosterNote
	said   rosterSaid
	k      float64 // the UI scale of the layout
	fits   [4]ui.Fitted
	slots  string // "2 of 5 slots used"
	full   string // slots, and what to do when there is no room
	err    string // why the last Play or Delete was not sent
}

// rosterList is the rows as laid out: the form's widgets by screen line
// (for Up/Down), the first row shown, how many fit and where they start.
type rosterList struct {
	lines [][]any
	top   int  // the first row shown
	loose bool // the wheel moved the rows: the view no longer follows the focus until it moves
	shown int  // how many rows fit
	y     int  // the first shown row's top
}

// rosterNote is the server's note, and after a death the fallen
// character's lockout counting down, wrapped to the window.
type rosterNote struct {
	text      string
	fallen    wire.CharacterEntry
	hasFallen bool // the roster tells of a death: the note counts fallen's lockout down
	secs      int  // the seconds the note's count shows
	lines     []string
	scale     float64 // the note's scale before the UI scale: large, or small when it runs to more lines
	k         float64 // the UI scale and width the note was wrapped at
	w         int
}

// rosterSaid is the note and the focused row as last written for window
// tests.
type rosterSaid struct {
	note string
	sel  string
}

func newRosterScene(win *hud.Window, mv moves, sess session, now func() time.Time, first bool, logw io.Writer) *rosterScene {
	s := &rosterScene{
		win: win, mv: mv, now: now, first: first, logw: logw, sess: sess, rt: sess.Runtime(), act: sess.Runtime(),
		byID:   map[uint64]*rosterRow{},
		create: &ui.Button{Label: LabelNewCharacter},
		leave:  &ui.Button{Label: "Leave"},
	}
	s.refresh()
	s.layout()
	return s
}

func (s *rosterScene) Update() error {
	s.sess.Frame(client.Intent{})
	switch s.rt.State() {
	case client.StatePlaying:
		s.mv.toPlay(s.sess)
		return nil
	case client.StateFailed, client.StateClosed:
		s.mv.disconnected(failureText(s.rt))
		return nil
	}
	s.refresh()
	if s.first && len(s.rows) == 0 && !s.pending && s.view.Cause == wire.CauseList {
		// An account with no character: make the first, with its class.
		s.mv.toClass(s.sess)
		return nil
	}
	s.layout()
	in := s.win.In
	if in.MenuBack() {
		if s.asking != nil {
			s.keepAsked()
		} else {
			s.mv.leaveToMenu()
		}
		return nil
	}
	if in.Mouse.Wheel != 0 || in.PageUp || in.PageDown {
		s.list.top, s.list.loose = ui.ScrollTop(s.list.top, len(s.rows), s.list.shown, -1, in), true
	}
	before := s.form.Focused()
	s.press(s.navigate(in))
	if s.form.Focused() != before {
		s.list.loose = false // the view follows the focus again
	}
	s.layout() // the focus may have moved to a row out of view
	s.countDown()
	return nil
}

// refresh takes the runtime's roster when it changed: rows are rebuilt
// (keeping each character's buttons, so the focus stays on them) and a
// confirmation in progress is dropped.
func (s *rosterScene) refresh() {
	v := s.rt.Roster()
	s.pending = v.Pending
	if s.built && v.At.Equal(s.view.At) && v.Cause == s.view.Cause && v.Note == s.view.Note &&
		v.Slots == s.view.Slots && slices.Equal(v.Characters, s.view.Characters) {
		return
	}
	s.built = true
	v.Characters = slices.Clone(v.Characters)
	s.view = v
	s.asking, s.err = nil, ""
	s.rows = s.rows[:0]
	byID := make(map[uint64]*rosterRow, len(v.Characters))
	for _, c := range v.Characters {
		r := s.byID[c.ID]
		if r == nil {
			r = &rosterRow{play: &ui.Button{Label: "Play"}, del: &ui.Button{Label: "Delete"},
				sure: &ui.Button{Label: "Delete"}, keep: &ui.Button{Label: "Keep"}, lockSecs: -1}
		}
		if r.entry != c {
			r.entry, r.lockSecs = c, -1
			r.detail = hud.RosterDetail(s.rt.Content(), &c)
			r.ask = fmt.Sprintf("Delete %s?", c.Name)
		}
		byID[c.ID] = r
		s.rows = append(s.rows, r)
	}
	s.say(v)
	s.byID = byID
	s.slots = fmt.Sprintf("%d of %d slots used", len(v.Characters), v.Slots)
	s.full = s.slots + ": delete a character to make room for another"
	s.note.fallen, s.note.hasFallen = v.Fallen()
	s.note.secs = -1
	s.note.text = v.Note
	s.note.k = 0 // wrapped again for the window
	var want any
	if r := byID[s.note.fallen.ID]; s.note.hasFallen && r != nil {
		want = r.play // after a death, Enter plays the character that fell
	}
	s.rebuild(want)
	s.countDown()
}

// say writes the roster shown, a line per character, for window tests.
func (s *rosterScene) say(v client.RosterView) {
	if s.logw == nil || v.Pending {
		return
	}
	c := s.rt.Content()
	fmt.Fprintf(s.logw, "duskfall: scene=roster characters=%d\n", len(v.Characters))
	for _, e := range v.Characters {
		class := ""
		if int(e.Class) < len(c.Classes) {
			class = c.Classes[e.Class].ID
		}
		fmt.Fprintf(s.logw, "duskfall: roster %s class=%s level=%d health=%d/%d\n", e.Name, class, e.Level, e.Health, e.MaxHealth)
	}
}

// room says whether the account may make another character.
func (s *rosterScene) room() bool { return len(s.view.Characters) < s.view.Slots }

// rebuild makes the form from the rows, keeping the focused widget if it
// is still there, else focusing want, else the first Play (or the name
// field, or Leave).
func (s *rosterScene) rebuild(want any) {
	var keep any
	if s.form != nil {
		keep = s.form.Focused()
	}
	s.list.lines = s.list.lines[:0]
	var order []any
	for _, r := range s.rows {
		line := []any{r.play, r.del}
		if r == s.asking {
			line = []any{r.sure, r.keep}
		}
		s.list.lines = append(s.list.lines, line)
		order = append(order, line...)
	}
	if s.room() {
		s.list.lines = append(s.list.lines, []any{s.create})
		order = append(order, s.create)
	}
	s.list.lines = append(s.list.lines, []any{s.leave})
	order = append(order, s.leave)
	s.form = ui.NewForm(order...)
	for _, w := range []any{want, keep} {
		if i := slices.Index(order, w); w != nil && i >= 0 {
			s.form.Focus = i
			return
		}
	}
	// The first row to play, or else what there is to do.
	s.form.Focus = 0
}

// navigate runs the form and Up/Down: those move between lines (rows, the
// create line, Leave), keeping the column, so Up/Down walks the Play
// buttons and Enter plays the character chosen. Tab still walks every
// widget in turn.
func (s *rosterScene) navigate(in *ui.FrameInput) *ui.Button {
	step := 0
	switch {
	case in.Up || in.Pad.Up:
		step = -1
	case in.Down || in.Pad.Down:
		step = 1
	}
	nav := *in
	nav.Up, nav.Down, nav.Pad.Up, nav.Pad.Down = false, false, false, false
	pressed := s.form.Update(&nav)
	if pressed == nil && step != 0 {
		s.moveLine(step)
	}
	return pressed
}

// moveLine moves the focus step lines up or down, wrapping.
func (s *rosterScene) moveLine(step int) {
	line, col := s.focusLine()
	n := len(s.list.lines)
	line = (line + step + n) % n
	w := s.list.lines[line][min(col, len(s.list.lines[line])-1)]
	s.form.Focus = slices.Index(s.form.Order, w)
}

// focusLine is the line and column of the focused widget.
func (s *rosterScene) focusLine() (int, int) {
	f := s.form.Focused()
	for i, l := range s.list.lines {
		if j := slices.Index(l, f); j >= 0 {
			return i, j
		}
	}
	return 0, 0
}

// selected is the row of the focused widget, or -1.
func (s *rosterScene) selected() int {
	if line, _ := s.focusLine(); line < len(s.rows) {
		return line
	}
	return -1
}

// active says whether a button does anything now: while a command is
// unanswered only Leave and Keep (which send nothing) do.
func (s *rosterScene) active(b *ui.Button) bool {
	if !s.pending || b == s.leave {
		return true
	}
	return s.asking != nil && b == s.asking.keep
}

// press acts on a pressed button.
func (s *rosterScene) press(b *ui.Button) {
	if b == nil || !s.active(b) {
		return
	}
	switch b {
	case s.leave:
		s.mv.leaveToMenu()
		return
	case s.create:
		s.mv.toNewCharacter(s.sess) // its name and class on the cards
		return
	}
	for _, r := range s.rows {
		switch b {
		case r.play:
			s.err = ui.ErrWords(s.act.SelectCharacter(r.entry.ID))
		case r.del:
			s.asking = r
			s.rebuild(r.keep) // the safe answer has the focus
		case r.sure:
			s.err = ui.ErrWords(s.act.DeleteCharacter(r.entry.ID, r.entry.Name))
		case r.keep:
			s.keepAsked()
		default:
			continue
		}
		return
	}
}

// keepAsked answers a delete's question with Keep.
func (s *rosterScene) keepAsked() {
	r := s.asking
	s.asking = nil
	s.rebuild(r.del)
}

// countDown refreshes the lockout words of each row and of the note, once
// a second, all from the one clock the death screen reads too
// (client.RosterView.LockoutLeft).
func (s *rosterScene) countDown() {
	now := s.now()
	if s.note.hasFallen {
		if secs := lockSeconds(s.view.LockoutLeft(&s.note.fallen, now)); secs != s.note.secs {
			s.note.secs = secs
			s.note.text = joinSentences(s.view.Note, lockoutWords(s.note.fallen.Name, secs))
			s.note.k = 0 // wrapped again
			s.wrapNote()
		}
	}
	s.sayNote()
	for _, r := range s.rows {
		left := s.view.LockoutLeft(&r.entry, now)
		secs := lockSeconds(left)
		if secs == r.lockSecs {
			continue
		}
		r.lockSecs, r.lockText = secs, ""
		if secs > 0 {
			r.lockText = fmt.Sprintf("dungeons open in %d seconds", secs)
			if secs == 1 {
				r.lockText = "dungeons open in 1 second"
			}
		}
	}
}

// wrapNote wraps the server's note to the window at its UI scale, in the
// large text when it fits one line.
func (s *rosterScene) wrapNote() {
	k := ui.Scale(s.win.W, s.win.H)
	if s.note.k == k && s.note.w == s.win.W {
		return
	}
	s.note.k, s.note.w = k, s.win.W
	w := min(s.win.W, ui.Px(rosterRowMaxW+80, k))
	s.note.scale = ui.TextScale
	s.note.lines = ui.WrapFor(s.note.text, w, s.note.scale*k)
	if len(s.note.lines) > 1 {
		s.note.scale = 1
		s.note.lines = ui.WrapFor(s.note.text, w, s.note.scale*k)
	}
}

// joinSentences puts b after a, a space between them when both are there.
func joinSentences(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

// sayNote writes the note and the focused character when either changed,
// for window tests: the lockout counting down, the focus after a death.
func (s *rosterScene) sayNote() {
	if s.logw == nil || s.pending {
		return
	}
	if s.note.text != s.said.note {
		s.said.note = s.note.text
		fmt.Fprintf(s.logw, "duskfall: roster note %q\n", s.note.text)
	}
	sel := ""
	if i := s.selected(); i >= 0 {
		sel = s.rows[i].entry.Name
	}
	if sel != s.said.sel {
		s.said.sel = sel
		fmt.Fprintf(s.logw, "duskfall: roster focus %q\n", sel)
	}
}

// Layout, at the window's UI scale: the title and the server's note at
// the top, the rows below, then the waiting or error line, the create line
// and Leave at the bottom. The rows scroll between them.
func (s *rosterScene) titleY() int { return ui.Px(16, s.k) }

func (s *rosterScene) noteY() int { return s.titleY() + int(ui.GlyphH*s.title()) + ui.Px(8, s.k) }

// title is the title's scale: smaller in a short window.
func (s *rosterScene) title() float64 {
	if s.win.H < ui.Px(560, s.k) {
		return 2.5 * s.k
	}
	return 4 * s.k
}

func (s *rosterScene) listTop() int {
	if len(s.note.lines) == 0 {
		return s.noteY() + ui.Px(16, s.k)
	}
	return s.noteY() + s.noteHeight() + ui.Px(20, s.k)
}

func (s *rosterScene) noteHeight() int {
	return len(s.note.lines) * (int(ui.GlyphH*s.note.scale*s.k) + 4)
}

func (s *rosterScene) rowWidth() int { return min(s.win.W-ui.Px(24, s.k), ui.Px(rosterRowMaxW, s.k)) }

func (s *rosterScene) layout() {
	w, h := s.win.W, s.win.H
	k := ui.Scale(w, h)
	s.k = k
	s.wrapNote()
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	bh := ui.Px(ui.ButtonH, k)
	if h < ui.Px(560, k) {
		bh = ui.Px(hud.CompactButtonH, k)
	}
	s.leave.Rect = ui.CentredRect(w, h-ui.Px(10, k)-lh-ui.Px(8, k)-bh, ui.Px(220, k), bh)
	createTop := s.leave.Rect.Min.Y - ui.Px(12, k) - lh - ui.Px(ui.FieldH, k)
	s.create.Rect = ui.CentredRect(w, createTop, min(ui.Px(rosterCreateW, k), w-ui.Px(24, k)), ui.Px(ui.FieldH, k))
	if !s.room() {
		s.create.Rect = image.Rectangle{}
	}
	listBottom := s.statusY() - lh - ui.Px(4, k) // room for "more below"
	rowH, btnH, btnW := ui.Px(rosterRowH, k), ui.Px(rosterBtnH, k), ui.Px(rosterBtnW, k)
	pitch := rowH + ui.Px(rosterRowGap, k)
	top := s.listTop() + lh // room for "more above"
	s.list.shown = max(1, (listBottom-top+ui.Px(rosterRowGap, k))/pitch)
	if len(s.rows) <= max(1, (listBottom-s.listTop()+ui.Px(rosterRowGap, k))/pitch) {
		top = s.listTop() // all fit: no words above or below
		s.list.shown = len(s.rows)
	}
	s.list.y = top
	sel := s.selected()
	if s.list.loose {
		sel = -1
	}
	s.list.top = ui.ScrollTop(s.list.top, len(s.rows), s.list.shown, sel, nil)
	rowW := s.rowWidth()
	x0 := (w - rowW) / 2
	for i, r := range s.rows {
		if i < s.list.top || i >= s.list.top+s.list.shown {
			r.rect, r.play.Rect, r.del.Rect, r.sure.Rect, r.keep.Rect = image.Rectangle{}, image.Rectangle{},
				image.Rectangle{}, image.Rectangle{}, image.Rectangle{}
			continue
		}
		y := top + (i-s.list.top)*pitch
		r.rect = image.Rect(x0, y, x0+rowW, y+rowH)
		by := y + (rowH-btnH)/2
		dx := x0 + rowW - ui.Px(10, k) - btnW
		pl := dx - ui.Px(10, k) - btnW
		r.play.Rect = image.Rect(pl, by, pl+btnW, by+btnH)
		r.del.Rect = image.Rect(dx, by, dx+btnW, by+btnH)
		r.sure.Rect, r.keep.Rect = r.play.Rect, r.del.Rect
	}
}

// RosterButtonCenter is the centre of a roster button in a w×h window
// listing n characters with no note from the server: row's Play or Delete
// (label "Play" or "Delete"), or New character or Leave (row ignored),
// for tests that click them.
func RosterButtonCenter(label string, row, n, w, h int) (image.Point, bool) {
	s := &rosterScene{win: &hud.Window{W: w, H: h}, view: client.RosterView{Slots: serverSlots, Characters: make([]wire.CharacterEntry, n)},
		create: &ui.Button{Label: LabelNewCharacter}, leave: &ui.Button{Label: "Leave"}}
	for range n {
		s.rows = append(s.rows, &rosterRow{play: &ui.Button{}, del: &ui.Button{}, sure: &ui.Button{}, keep: &ui.Button{}})
	}
	s.rebuild(nil)
	s.layout()
	var b *ui.Button
	switch {
	case label == LabelNewCharacter:
		b = s.create
	case label == "Leave":
		b = s.leave
	case row < 0 || row >= n:
	case label == "Play":
		b = s.rows[row].play
	case label == "Delete":
		b = s.rows[row].del
	}
	if b == nil || b.Rect.Empty() {
		return image.Point{}, false
	}
	return ui.Mid(b.Rect), true
}

// serverSlots is how many characters a server lets an account hold
// (store.MaxCharactersPerAccount; render imports no server package).
const serverSlots = 8

// statusY is the line between the rows and the create line: waiting, or
// why the last command was not sent.
func (s *rosterScene) statusY() int {
	return s.leave.Rect.Min.Y - ui.Px(12, s.k) - int(ui.GlyphH*s.k) - ui.Px(4, s.k) - ui.Px(ui.FieldH, s.k) - ui.Px(ui.LabelGap, s.k) - ui.Px(8, s.k) - int(ui.GlyphH*s.k)
}

// status is that line's words and colour.
func (s *rosterScene) status() (string, color.RGBA) {
	switch {
	case s.pending:
		return rosterWaiting, ui.ColDim
	case s.err != "":
		return s.err, ui.ColError
	case len(s.rows) == 0:
		return "No characters yet: press " + LabelNewCharacter + " to make one.", ui.ColDim
	}
	return "", color.RGBA{}
}

func (s *rosterScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	k := s.k
	cx := s.win.W / 2
	rowW := s.rowWidth()
	died := s.view.Cause == wire.CauseDied && len(s.note.lines) > 0
	if died {
		band := ui.CentredRect(s.win.W, s.noteY()-ui.Px(8, k), rowW, s.noteHeight()+ui.Px(12, k))
		ui.Frame(screen, g.Shapes, band, colDeathBand, colDeathEdge)
	}
	sel := s.selected()
	for i, r := range s.rows {
		if r.rect.Empty() {
			continue
		}
		border := ui.ColBorder
		if i == sel {
			border = ui.ColBorderOn
		}
		ui.Frame(screen, g.Shapes, r.rect, colRow, border)
	}
	s.drawButtonShapes(screen, g)
	g.Shapes.Flush(screen)

	g.Text.Draw(screen, "Choose a character", cx, s.titleY(), s.title(), ui.AlignCenter, ui.ColTitle)
	if len(s.note.lines) > 0 {
		c := ui.ColText
		switch s.view.Cause {
		case wire.CauseDied:
			c = colDeathText
		case wire.CauseRefused:
			c = ui.ColError
		}
		g.Text.DrawLines(screen, s.note.lines, cx, s.noteY(), s.note.scale*k, c)
	}
	for _, r := range s.rows {
		s.drawRowText(screen, g, r)
	}
	if s.list.top > 0 {
		g.Text.Draw(screen, "more above (Up)", cx, s.list.y-int(ui.GlyphH*k)-ui.Px(4, k), k, ui.AlignCenter, ui.ColDim)
	}
	if s.list.top+s.list.shown < len(s.rows) {
		g.Text.Draw(screen, "more below (Down)", cx, s.list.y+s.list.shown*(ui.Px(rosterRowH, k)+ui.Px(rosterRowGap, k)), k, ui.AlignCenter, ui.ColDim)
	}
	if msg, c := s.status(); msg != "" {
		g.Text.Draw(screen, s.fits[0].Get(&g.Graphics, msg, s.win.W-ui.Px(16, k), k), cx, s.statusY(), k, ui.AlignCenter, c)
	}
	s.drawCreateText(screen, g)
	s.drawButtonText(screen, g)
	g.Text.Draw(screen, s.fits[1].Get(&g.Graphics, "Up/Down to choose, Enter to play, Tab to move between buttons, Esc to leave", s.win.W-ui.Px(16, k), k),
		cx, s.win.H-ui.Px(10, k)-int(ui.GlyphH*k)-ui.Px(4, k), k, ui.AlignCenter, ui.ColDim)
}

func (s *rosterScene) drawRowText(dst *ebiten.Image, g *world.Graphics, r *rosterRow) {
	if r.rect.Empty() {
		return
	}
	k := s.k
	x, y := r.rect.Min.X+ui.Px(16, k), r.rect.Min.Y
	if r == s.asking {
		g.Text.Draw(dst, r.ask, x, y+ui.Px(6, k), ui.TextScale*k, ui.AlignLeft, ui.ColError)
		g.Text.Draw(dst, rosterConfirm, x, y+ui.Px(38, k), k, ui.AlignLeft, ui.ColText)
		return
	}
	g.Text.Draw(dst, r.entry.Name, x, y+ui.Px(6, k), ui.TextScale*k, ui.AlignLeft, ui.ColText)
	g.Text.Draw(dst, r.detailFit.Get(&g.Graphics, r.detail, r.play.Rect.Min.X-ui.Px(16, k)-x, k), x, y+ui.Px(38, k), k, ui.AlignLeft, ui.ColDim)
	if r.lockText != "" {
		g.Text.Draw(dst, r.lockText, r.play.Rect.Min.X-ui.Px(16, k), y+(r.rect.Dy()-int(ui.GlyphH*k))/2, k, ui.AlignRight, colLockout)
	}
}

func (s *rosterScene) drawCreateText(dst *ebiten.Image, g *world.Graphics) {
	k := s.k
	cx := s.win.W / 2
	if !s.room() {
		g.Text.Draw(dst, s.fits[2].Get(&g.Graphics, s.full, s.win.W-ui.Px(16, k), k), cx, s.statusY()+int(ui.GlyphH*k)+ui.Px(ui.LabelGap, k), k, ui.AlignCenter, ui.ColDim)
		return
	}
	g.Text.Draw(dst, s.slots, cx, s.create.Rect.Min.Y-ui.Px(ui.LabelGap, k), k, ui.AlignCenter, ui.ColDim)
}

// drawButtonShapes draws the boxes of the form's widgets that are shown:
// the focused one lit, the inactive ones dimmed, a confirming Delete red.
func (s *rosterScene) drawButtonShapes(dst *ebiten.Image, g *world.Graphics) {
	for _, it := range s.form.Order {
		r := ui.RectOf(it)
		if r.Empty() {
			continue
		}
		fill, border := ui.ColButton, ui.ColBorder
		b, isButton := it.(*ui.Button)
		switch {
		case !isButton:
			fill = ui.ColField
		case !s.active(b):
			fill = colButtonOff
		case s.asking != nil && b == s.asking.sure:
			fill = colDeleteOn
		}
		if s.form.HasFocus(it) {
			border = ui.ColBorderOn
			if isButton && s.active(b) && fill != colDeleteOn {
				fill = ui.ColButtonOn
			}
		}
		ui.Frame(dst, g.Shapes, r, fill, border)
	}
}

func (s *rosterScene) drawButtonText(dst *ebiten.Image, g *world.Graphics) {
	k := s.k
	for _, it := range s.form.Order {
		w := it.(*ui.Button)
		if w.Rect.Empty() {
			continue
		}
		c := ui.ColText
		if !s.active(w) {
			c = ui.ColDim
		}
		ts := ui.ButtonTextScale(w.Rect.Dy(), k)
		m := w.Rect.Min.Add(w.Rect.Size().Div(2))
		g.Text.Draw(dst, w.Label, m.X, m.Y-int(ui.GlyphH*ts)/2, ts, ui.AlignCenter, c)
	}
}
