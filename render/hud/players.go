package hud

import (
	"fmt"
	"image"
	"io"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// The host's Players list, opened from the pause menu of Host and play:
// every other player in the game with its class, level and place, each
// with Kick and Ban, then the accounts banned, each with Unban. The host
// itself is not listed: it cannot remove itself. The list opens with Back
// focused, so an Enter pressed out of habit removes no one, and Kick and
// Ban each ask once more before they act (Esc or another button lets the
// question go). Each press is answered in one line under the list, the
// server's own words ("kicked kate"). docs/NETCODE.md (Host controls).

// HostControls is a hosted game's say over its players (listen.Host).
type HostControls interface {
	// About is a player's class, level and place in a line ("Arcanist
	// ·  level 3  ·  The Catacombs, floor 2"); "" when not known.
	About(player uint16) string
	// Friends counts the players besides the host's own: those ending the
	// game sends back to their menu.
	Friends() int
	KickPlayer(player uint16) string
	BanPlayer(player uint16) string
	Banned() []string // the accounts banned, oldest first
	Unban(account string) string
}

// Players list labels.
const (
	LabelPlayers     = "Players"
	LabelKick        = "Kick"
	LabelKickConfirm = "Sure? Kick"
	LabelBan         = "Ban"
	LabelBanConfirm  = "Sure? Ban"
	LabelBack        = "Back"
	LabelUnban       = "Unban"
	LabelBanned      = "Banned"
)

// bannedRow is one banned account and its Unban.
type bannedRow struct {
	Account string
	Row     image.Rectangle
	Unban   *ui.Button
}

// PlayerRow is one listed player and its buttons.
type PlayerRow struct {
	id        uint16
	Name      string
	About     string    // its class, level and place (hostControls.About)
	shown     ui.Fitted // about, cut to the row
	row       image.Rectangle
	Kick, Ban *ui.Button
}

type PlayersPanel struct {
	win     *Window
	logw    io.Writer // the answers, for the log
	rt      *client.Runtime
	Ctl     HostControls
	Rows    []PlayerRow
	Banned  []bannedRow
	Back    *ui.Button
	Form    *ui.Form
	listed  string     // the roster the rows were built from, to rebuild only on change
	confirm *ui.Button // the Kick or Ban waiting for its second press (nil: none)
	Said    string     // the answer to the last press, or the question asked
	frames  int        // updates since it opened: the rows' places are read again now and then
	top     int        // where the list hangs from (layout)
	scroll  int        // the first row shown when the rows do not all fit
	shown   int        // how many rows are shown
	hintY   int        // where the scrolling hint is drawn; -1: every row fits
	loose   bool       // scrolled by the wheel: the view no longer follows the focus
	hint    ui.Fitted  // the scrolling hint, cut to the window
}

func NewPlayersPanel(win *Window, logw io.Writer, rt *client.Runtime, ctl HostControls) *PlayersPanel {
	p := &PlayersPanel{win: win, logw: logw, rt: rt, Ctl: ctl, Back: &ui.Button{Label: LabelBack}}
	p.refresh()
	return p
}

// refresh rebuilds the rows when the roster changed.
func (p *PlayersPanel) refresh() {
	ids, bans := p.rt.Others(), p.Ctl.Banned()
	var key strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&key, "%d=%s\n", id, p.rt.Name(id))
	}
	for _, b := range bans {
		fmt.Fprintf(&key, "ban=%s\n", b)
	}
	if p.Form != nil && key.String() == p.listed {
		return
	}
	p.listed = key.String()
	asked := p.confirmed()
	p.confirm = nil
	focus := -1 // Back: the safe place to open on
	if p.Form != nil {
		focus = p.Form.Focus
	}
	p.Rows = p.Rows[:0]
	var items []any
	for _, id := range ids {
		r := PlayerRow{id: id, Name: p.rt.Name(id), About: p.Ctl.About(id),
			Kick: &ui.Button{Label: LabelKick, Small: true}, Ban: &ui.Button{Label: LabelBan, Small: true}}
		switch {
		case asked.id == id && asked.ban:
			p.confirm, r.Ban.Label = r.Ban, LabelBanConfirm
		case asked.id == id && asked.kick:
			p.confirm, r.Kick.Label = r.Kick, LabelKickConfirm
		}
		p.Rows = append(p.Rows, r)
		items = append(items, r.Kick, r.Ban)
	}
	p.Banned = p.Banned[:0]
	for _, b := range bans {
		r := bannedRow{Account: b, Unban: &ui.Button{Label: LabelUnban, Small: true}}
		p.Banned = append(p.Banned, r)
		items = append(items, r.Unban)
	}
	items = append(items, p.Back)
	p.Form = ui.NewForm(items...)
	if focus < 0 || focus >= len(items) {
		focus = len(items) - 1
	}
	p.Form.Focus = focus
	p.layout()
}

// question is the Kick or Ban waiting for its second press: whose, and
// which.
type question struct {
	id        uint16
	kick, ban bool
}

// confirmed is the question the list asks now, if any.
func (p *PlayersPanel) confirmed() question {
	for _, r := range p.Rows {
		switch p.confirm {
		case r.Kick:
			return question{id: r.id, kick: true}
		case r.Ban:
			return question{id: r.id, ban: true}
		}
	}
	return question{}
}

// refreshAbout reads each row's class, level and place again: they change
// as the friends play.
func (p *PlayersPanel) refreshAbout() {
	for i := range p.Rows {
		p.Rows[i].About = p.Ctl.About(p.Rows[i].id)
	}
}

// Row geometry at UI scale 1.
const (
	playersRowW = 600
	playersRowH = 52 // two lines: the name, and its class, level and place
	playersBtnW = 110
)

func (p *PlayersPanel) layout() {
	k := ui.Scale(p.win.W, p.win.H)
	rw, rh, gap := min(ui.Px(playersRowW, k), p.win.W-ui.Px(16, k)), ui.Px(playersRowH, k), ui.Px(8, k)
	// The list hangs from a fixed top: a row that leaves moves the rows
	// under it up, never the ones above, so a second click lands where
	// the first aimed.
	y := max(ui.Px(90, k), p.win.H/4)
	p.top = y
	if len(p.Rows) == 0 {
		y += ui.Px(40, k) // room for the words saying no one is here
	}
	heading := 0
	if len(p.Banned) > 0 {
		heading = ui.Px(30, k) // the Banned heading, above the first banned row shown
	}
	// The rows scroll in the room between the top and Back with the
	// answer under it, keeping the focused row in view.
	pitch, n := rh+gap, len(p.Rows)+len(p.Banned)
	below := ui.Px(22, k) + ui.Px(12, k) + ui.Px(CompactButtonH, k) + ui.Px(16, k) + int(ui.GlyphH*k) + ui.Px(8, k)
	shown := max(1, (p.win.H-below-y-heading+gap)/pitch)
	sel := p.focusedRow()
	if p.loose {
		sel = -1
	}
	p.scroll = ui.ScrollTop(p.scroll, n, shown, sel, nil)
	p.shown = min(shown, n)
	bw, inset := ui.Px(playersBtnW, k), ui.Px(4, k)
	at := func(i int) (image.Rectangle, image.Rectangle, bool) {
		if i < p.scroll || i >= p.scroll+shown {
			return image.Rectangle{}, image.Rectangle{}, false
		}
		ry := y + (i-p.scroll)*pitch
		if i >= len(p.Rows) {
			ry += heading
		}
		row := ui.CentredRect(p.win.W, ry, rw, rh)
		return row, image.Rect(row.Max.X-inset-bw, row.Min.Y+inset, row.Max.X-inset, row.Max.Y-inset), true
	}
	end := y
	for i := range p.Rows {
		r := &p.Rows[i]
		var ok bool
		r.row, r.Ban.Rect, ok = at(i)
		r.Kick.Rect = image.Rectangle{}
		if ok {
			r.Kick.Rect = r.Ban.Rect.Sub(image.Pt(bw+inset*2, 0))
			end = r.row.Max.Y + gap
		}
	}
	for i := range p.Banned {
		r := &p.Banned[i]
		var ok bool
		if r.Row, r.Unban.Rect, ok = at(len(p.Rows) + i); ok {
			end = r.Row.Max.Y + gap
		}
	}
	p.hintY = -1
	if p.shown < n {
		p.hintY = end
		end += ui.Px(22, k) // the line saying how to scroll
	}
	p.Back.Rect = ui.CentredRect(p.win.W, end+ui.Px(12, k), ui.Px(ui.ButtonW, k), ui.Px(CompactButtonH, k))
}

// focusedRow is the list row (players, then banned) holding the focused
// button, or -1 when Back has the focus.
func (p *PlayersPanel) focusedRow() int {
	if p.Form == nil {
		return -1
	}
	f := p.Form.Focus
	switch {
	case f < 2*len(p.Rows):
		return f / 2 // each player row has Kick and Ban
	case f < 2*len(p.Rows)+len(p.Banned):
		return len(p.Rows) + f - 2*len(p.Rows)
	}
	return -1
}

// Update runs the list; true means it closed.
func (p *PlayersPanel) Update(in *ui.FrameInput) bool {
	p.refresh()
	if p.frames++; p.frames%30 == 0 {
		p.refreshAbout()
	}
	if in.Mouse.Wheel != 0 || in.PageUp || in.PageDown {
		p.scroll, p.loose = ui.ScrollTop(p.scroll, len(p.Rows)+len(p.Banned), p.shown, -1, in), true
	}
	p.layout()
	before := p.Form.Focus
	pressed := p.Form.Update(in)
	if p.Form.Focus != before {
		p.loose = false // the view follows the focus again
		p.layout()
		if p.confirm != nil && p.Form.Focused() != any(p.confirm) {
			p.ask(nil, "") // the question is let go as the focus leaves it
		}
	}
	switch {
	case pressed == nil && in.MenuBack() && p.confirm != nil:
		p.ask(nil, "") // Esc takes the question back, not the list
		return false
	case pressed == p.Back, pressed == nil && in.MenuBack():
		return true
	case pressed == nil:
		return false
	}
	for _, b := range p.Banned {
		if pressed == b.Unban {
			p.ask(nil, "")
			p.answer(p.Ctl.Unban(b.Account))
		}
	}
	for i := range p.Rows {
		r := &p.Rows[i]
		switch {
		case pressed != r.Kick && pressed != r.Ban:
			continue
		case pressed != p.confirm:
			p.ask(pressed, r.question(pressed == r.Ban))
		case pressed == r.Kick:
			p.ask(nil, "")
			p.answer(p.Ctl.KickPlayer(r.id))
		default:
			p.ask(nil, "")
			p.answer(p.Ctl.BanPlayer(r.id))
		}
	}
	return false
}

// question is what the list asks before it kicks or bans r.
func (r *PlayerRow) question(ban bool) string {
	if ban {
		return fmt.Sprintf("Ban %s by account and by address? Enter or click again to ban; Esc cancels", r.Name)
	}
	return fmt.Sprintf("Kick %s? Enter or click again to kick; Esc cancels", r.Name)
}

// ask makes b the button waiting for its second press, asking words (nil
// and "": no question), and labels the buttons so.
func (p *PlayersPanel) ask(b *ui.Button, words string) {
	if p.confirm != nil && b == nil {
		p.Said = "" // the question let go
	}
	p.confirm = b
	if b != nil {
		p.Said = words
		fmt.Fprintf(p.logw, "duskfall: players: asked: %s\n", words)
	}
	for i := range p.Rows {
		r := &p.Rows[i]
		r.Kick.Label, r.Ban.Label = LabelKick, LabelBan
		switch p.confirm {
		case r.Kick:
			r.Kick.Label = LabelKickConfirm
		case r.Ban:
			r.Ban.Label = LabelBanConfirm
		}
	}
}

// answer shows and logs the server's answer to a press.
func (p *PlayersPanel) answer(words string) {
	p.Said = words
	fmt.Fprintf(p.logw, "duskfall: players: %s\n", words) // window tests follow the answers
}

func (p *PlayersPanel) Draw(dst *ebiten.Image, g *world.Graphics) {
	p.layout()
	g.Boxes.Overlay(true)
	k := ui.Scale(p.win.W, p.win.H)
	g.Shapes.Rect(dst, 0, 0, float32(p.win.W), float32(p.win.H), ui.ColBackdrop8(0.94))
	for _, r := range p.Rows {
		if !r.row.Empty() {
			ui.Frame(dst, g.Shapes, r.row, ui.ColBackdrop8(0.6), ui.ColBorder)
		}
	}
	for _, r := range p.Banned {
		if !r.Row.Empty() {
			ui.Frame(dst, g.Shapes, r.Row, ui.ColBackdrop8(0.6), ui.ColBorder)
		}
	}
	ui.DrawFormShapes(dst, &g.Graphics, p.Form)
	g.Shapes.Flush(dst)
	top := p.top
	titleY := max(ui.Px(8, k), top-ui.Px(84, k))
	g.Text.Draw(dst, LabelPlayers, p.win.W/2, titleY, 3*k, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(dst, "Kick removes a player, who may come back; Ban keeps its account and address out",
		p.win.W/2, max(titleY+int(3*k*ui.GlyphH)+ui.Px(4, k), top-ui.Px(28, k)), k, ui.AlignCenter, ui.ColDim)
	for i := range p.Rows {
		r := &p.Rows[i]
		if r.row.Empty() {
			continue
		}
		x, room := r.row.Min.X+ui.Px(12, k), r.Kick.Rect.Min.X-r.row.Min.X-ui.Px(20, k)
		y := r.row.Min.Y + (r.row.Dy()-2*int(ui.GlyphH*k)-ui.Px(2, k))/2
		g.Text.Draw(dst, r.Name, x, y, k, ui.AlignLeft, ui.ColText)
		g.Text.Draw(dst, r.shown.Get(&g.Graphics, r.About, room, k), x, y+int(ui.GlyphH*k)+ui.Px(2, k), k, ui.AlignLeft, ui.ColDim)
	}
	if len(p.Rows) == 0 {
		g.Text.Draw(dst, "No one else is in the game", p.win.W/2, top+ui.Px(12, k), k, ui.AlignCenter, ui.ColDim)
	}
	headed := false
	for _, r := range p.Banned {
		if r.Row.Empty() {
			continue
		}
		if !headed {
			g.Text.Draw(dst, LabelBanned, r.Row.Min.X, r.Row.Min.Y-ui.Px(24, k), k, ui.AlignLeft, ui.ColDim)
			headed = true
		}
		g.Text.Draw(dst, r.Account, r.Row.Min.X+ui.Px(12, k), r.Row.Min.Y+(r.Row.Dy()-int(ui.GlyphH*k))/2, k, ui.AlignLeft, ui.ColText)
	}
	if p.hintY >= 0 {
		g.Text.Draw(dst, p.hint.Get(&g.Graphics, fmt.Sprintf("%d–%d of %d: the wheel or Page Up/Down scrolls", p.scroll+1, p.scroll+p.shown, len(p.Rows)+len(p.Banned)), p.win.W-ui.Px(16, k), k),
			p.win.W/2, p.hintY, k, ui.AlignCenter, ui.ColDim)
	}
	ui.DrawFormTextAt(dst, &g.Graphics, p.Form, 0, k)
	if p.Said != "" {
		g.Text.Draw(dst, ui.Capitalize(p.Said), p.win.W/2, p.Back.Rect.Max.Y+ui.Px(16, k), k, ui.AlignCenter, ui.ColTitle)
	}
}
