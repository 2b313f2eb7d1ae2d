package render

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

// hostControls is a hosted game's say over its players (listen.Host).
type hostControls interface {
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
	account string
	row     image.Rectangle
	unban   *ui.Button
}

// playerRow is one listed player and its buttons.
type playerRow struct {
	id        uint16
	name      string
	about     string    // its class, level and place (hostControls.About)
	shown     ui.Fitted // about, cut to the row
	row       image.Rectangle
	kick, ban *ui.Button
}

type playersPanel struct {
	win     *window
	logw    io.Writer // the answers, for the log
	rt      *client.Runtime
	ctl     hostControls
	rows    []playerRow
	banned  []bannedRow
	back    *ui.Button
	form    *ui.Form
	listed  string     // the roster the rows were built from, to rebuild only on change
	confirm *ui.Button // the Kick or Ban waiting for its second press (nil: none)
	said    string     // the answer to the last press, or the question asked
	frames  int        // updates since it opened: the rows' places are read again now and then
	top     int        // where the list hangs from (layout)
	scroll  int        // the first row shown when the rows do not all fit
	shown   int        // how many rows are shown
	hintY   int        // where the scrolling hint is drawn; -1: every row fits
	loose   bool       // scrolled by the wheel: the view no longer follows the focus
	hint    ui.Fitted  // the scrolling hint, cut to the window
}

func newPlayersPanel(win *window, logw io.Writer, rt *client.Runtime, ctl hostControls) *playersPanel {
	p := &playersPanel{win: win, logw: logw, rt: rt, ctl: ctl, back: &ui.Button{Label: LabelBack}}
	p.refresh()
	return p
}

// refresh rebuilds the rows when the roster changed.
func (p *playersPanel) refresh() {
	ids, bans := p.rt.Others(), p.ctl.Banned()
	var key strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&key, "%d=%s\n", id, p.rt.Name(id))
	}
	for _, b := range bans {
		fmt.Fprintf(&key, "ban=%s\n", b)
	}
	if p.form != nil && key.String() == p.listed {
		return
	}
	p.listed = key.String()
	asked := p.confirmed()
	p.confirm = nil
	focus := -1 // Back: the safe place to open on
	if p.form != nil {
		focus = p.form.Focus
	}
	p.rows = p.rows[:0]
	var items []any
	for _, id := range ids {
		r := playerRow{id: id, name: p.rt.Name(id), about: p.ctl.About(id),
			kick: &ui.Button{Label: LabelKick, Small: true}, ban: &ui.Button{Label: LabelBan, Small: true}}
		switch {
		case asked.id == id && asked.ban:
			p.confirm, r.ban.Label = r.ban, LabelBanConfirm
		case asked.id == id && asked.kick:
			p.confirm, r.kick.Label = r.kick, LabelKickConfirm
		}
		p.rows = append(p.rows, r)
		items = append(items, r.kick, r.ban)
	}
	p.banned = p.banned[:0]
	for _, b := range bans {
		r := bannedRow{account: b, unban: &ui.Button{Label: LabelUnban, Small: true}}
		p.banned = append(p.banned, r)
		items = append(items, r.unban)
	}
	items = append(items, p.back)
	p.form = ui.NewForm(items...)
	if focus < 0 || focus >= len(items) {
		focus = len(items) - 1
	}
	p.form.Focus = focus
	p.layout()
}

// question is the Kick or Ban waiting for its second press: whose, and
// which.
type question struct {
	id        uint16
	kick, ban bool
}

// confirmed is the question the list asks now, if any.
func (p *playersPanel) confirmed() question {
	for _, r := range p.rows {
		switch p.confirm {
		case r.kick:
			return question{id: r.id, kick: true}
		case r.ban:
			return question{id: r.id, ban: true}
		}
	}
	return question{}
}

// refreshAbout reads each row's class, level and place again: they change
// as the friends play.
func (p *playersPanel) refreshAbout() {
	for i := range p.rows {
		p.rows[i].about = p.ctl.About(p.rows[i].id)
	}
}

// Row geometry at UI scale 1.
const (
	playersRowW = 600
	playersRowH = 52 // two lines: the name, and its class, level and place
	playersBtnW = 110
)

func (p *playersPanel) layout() {
	k := ui.UiScale(p.win.w, p.win.h)
	rw, rh, gap := min(ui.Px(playersRowW, k), p.win.w-ui.Px(16, k)), ui.Px(playersRowH, k), ui.Px(8, k)
	// The list hangs from a fixed top: a row that leaves moves the rows
	// under it up, never the ones above, so a second click lands where
	// the first aimed.
	y := max(ui.Px(90, k), p.win.h/4)
	p.top = y
	if len(p.rows) == 0 {
		y += ui.Px(40, k) // room for the words saying no one is here
	}
	heading := 0
	if len(p.banned) > 0 {
		heading = ui.Px(30, k) // the Banned heading, above the first banned row shown
	}
	// The rows scroll in the room between the top and Back with the
	// answer under it, keeping the focused row in view.
	pitch, n := rh+gap, len(p.rows)+len(p.banned)
	below := ui.Px(22, k) + ui.Px(12, k) + ui.Px(compactButtonH, k) + ui.Px(16, k) + int(ui.GlyphH*k) + ui.Px(8, k)
	shown := max(1, (p.win.h-below-y-heading+gap)/pitch)
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
		if i >= len(p.rows) {
			ry += heading
		}
		row := ui.CentredRect(p.win.w, ry, rw, rh)
		return row, image.Rect(row.Max.X-inset-bw, row.Min.Y+inset, row.Max.X-inset, row.Max.Y-inset), true
	}
	end := y
	for i := range p.rows {
		r := &p.rows[i]
		var ok bool
		r.row, r.ban.Rect, ok = at(i)
		r.kick.Rect = image.Rectangle{}
		if ok {
			r.kick.Rect = r.ban.Rect.Sub(image.Pt(bw+inset*2, 0))
			end = r.row.Max.Y + gap
		}
	}
	for i := range p.banned {
		r := &p.banned[i]
		var ok bool
		if r.row, r.unban.Rect, ok = at(len(p.rows) + i); ok {
			end = r.row.Max.Y + gap
		}
	}
	p.hintY = -1
	if p.shown < n {
		p.hintY = end
		end += ui.Px(22, k) // the line saying how to scroll
	}
	p.back.Rect = ui.CentredRect(p.win.w, end+ui.Px(12, k), ui.Px(ui.ButtonW, k), ui.Px(compactButtonH, k))
}

// focusedRow is the list row (players, then banned) holding the focused
// button, or -1 when Back has the focus.
func (p *playersPanel) focusedRow() int {
	if p.form == nil {
		return -1
	}
	f := p.form.Focus
	switch {
	case f < 2*len(p.rows):
		return f / 2 // each player row has Kick and Ban
	case f < 2*len(p.rows)+len(p.banned):
		return len(p.rows) + f - 2*len(p.rows)
	}
	return -1
}

// update runs the list; true means it closed.
func (p *playersPanel) update(in *ui.FrameInput) bool {
	p.refresh()
	if p.frames++; p.frames%30 == 0 {
		p.refreshAbout()
	}
	if in.Wheel != 0 || in.PageUp || in.PageDown {
		p.scroll, p.loose = ui.ScrollTop(p.scroll, len(p.rows)+len(p.banned), p.shown, -1, in), true
	}
	p.layout()
	before := p.form.Focus
	pressed := p.form.Update(in)
	if p.form.Focus != before {
		p.loose = false // the view follows the focus again
		p.layout()
		if p.confirm != nil && p.form.Focused() != any(p.confirm) {
			p.ask(nil, "") // the question is let go as the focus leaves it
		}
	}
	switch {
	case pressed == nil && in.MenuBack() && p.confirm != nil:
		p.ask(nil, "") // Esc takes the question back, not the list
		return false
	case pressed == p.back, pressed == nil && in.MenuBack():
		return true
	case pressed == nil:
		return false
	}
	for _, b := range p.banned {
		if pressed == b.unban {
			p.ask(nil, "")
			p.answer(p.ctl.Unban(b.account))
		}
	}
	for i := range p.rows {
		r := &p.rows[i]
		switch {
		case pressed != r.kick && pressed != r.ban:
			continue
		case pressed != p.confirm:
			p.ask(pressed, r.question(pressed == r.ban))
		case pressed == r.kick:
			p.ask(nil, "")
			p.answer(p.ctl.KickPlayer(r.id))
		default:
			p.ask(nil, "")
			p.answer(p.ctl.BanPlayer(r.id))
		}
	}
	return false
}

// question is what the list asks before it kicks or bans r.
func (r *playerRow) question(ban bool) string {
	if ban {
		return fmt.Sprintf("Ban %s by account and by address? Enter or click again to ban; Esc cancels", r.name)
	}
	return fmt.Sprintf("Kick %s? Enter or click again to kick; Esc cancels", r.name)
}

// ask makes b the button waiting for its second press, asking words (nil
// and "": no question), and labels the buttons so.
func (p *playersPanel) ask(b *ui.Button, words string) {
	if p.confirm != nil && b == nil {
		p.said = "" // the question let go
	}
	p.confirm = b
	if b != nil {
		p.said = words
		fmt.Fprintf(p.logw, "duskfall: players: asked: %s\n", words)
	}
	for i := range p.rows {
		r := &p.rows[i]
		r.kick.Label, r.ban.Label = LabelKick, LabelBan
		switch p.confirm {
		case r.kick:
			r.kick.Label = LabelKickConfirm
		case r.ban:
			r.ban.Label = LabelBanConfirm
		}
	}
}

// answer shows and logs the server's answer to a press.
func (p *playersPanel) answer(words string) {
	p.said = words
	fmt.Fprintf(p.logw, "duskfall: players: %s\n", words) // window tests follow the answers
}

func (p *playersPanel) draw(dst *ebiten.Image, g *world.Graphics) {
	p.layout()
	g.Boxes.Overlay(true)
	k := ui.UiScale(p.win.w, p.win.h)
	g.Shapes.Rect(dst, 0, 0, float32(p.win.w), float32(p.win.h), ui.ColBackdrop8(0.94))
	for _, r := range p.rows {
		if !r.row.Empty() {
			ui.Frame(dst, g.Shapes, r.row, ui.ColBackdrop8(0.6), ui.ColBorder)
		}
	}
	for _, r := range p.banned {
		if !r.row.Empty() {
			ui.Frame(dst, g.Shapes, r.row, ui.ColBackdrop8(0.6), ui.ColBorder)
		}
	}
	ui.DrawFormShapes(dst, &g.Graphics, p.form)
	g.Shapes.Flush(dst)
	top := p.top
	titleY := max(ui.Px(8, k), top-ui.Px(84, k))
	g.Text.Draw(dst, LabelPlayers, p.win.w/2, titleY, 3*k, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(dst, "Kick removes a player, who may come back; Ban keeps its account and address out",
		p.win.w/2, max(titleY+int(3*k*ui.GlyphH)+ui.Px(4, k), top-ui.Px(28, k)), k, ui.AlignCenter, ui.ColDim)
	for i := range p.rows {
		r := &p.rows[i]
		if r.row.Empty() {
			continue
		}
		x, room := r.row.Min.X+ui.Px(12, k), r.kick.Rect.Min.X-r.row.Min.X-ui.Px(20, k)
		y := r.row.Min.Y + (r.row.Dy()-2*int(ui.GlyphH*k)-ui.Px(2, k))/2
		g.Text.Draw(dst, r.name, x, y, k, ui.AlignLeft, ui.ColText)
		g.Text.Draw(dst, r.shown.Get(&g.Graphics, r.about, room, k), x, y+int(ui.GlyphH*k)+ui.Px(2, k), k, ui.AlignLeft, ui.ColDim)
	}
	if len(p.rows) == 0 {
		g.Text.Draw(dst, "No one else is in the game", p.win.w/2, top+ui.Px(12, k), k, ui.AlignCenter, ui.ColDim)
	}
	headed := false
	for _, r := range p.banned {
		if r.row.Empty() {
			continue
		}
		if !headed {
			g.Text.Draw(dst, LabelBanned, r.row.Min.X, r.row.Min.Y-ui.Px(24, k), k, ui.AlignLeft, ui.ColDim)
			headed = true
		}
		g.Text.Draw(dst, r.account, r.row.Min.X+ui.Px(12, k), r.row.Min.Y+(r.row.Dy()-int(ui.GlyphH*k))/2, k, ui.AlignLeft, ui.ColText)
	}
	if p.hintY >= 0 {
		g.Text.Draw(dst, p.hint.Get(&g.Graphics, fmt.Sprintf("%d–%d of %d: the wheel or Page Up/Down scrolls", p.scroll+1, p.scroll+p.shown, len(p.rows)+len(p.banned)), p.win.w-ui.Px(16, k), k),
			p.win.w/2, p.hintY, k, ui.AlignCenter, ui.ColDim)
	}
	ui.DrawFormTextAt(dst, &g.Graphics, p.form, 0, k)
	if p.said != "" {
		g.Text.Draw(dst, ui.Capitalize(p.said), p.win.w/2, p.back.Rect.Max.Y+ui.Px(16, k), k, ui.AlignCenter, ui.ColTitle)
	}
}
