package render

import (
	"fmt"
	"image"
	"io"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/net/wire"
	"duskfall/profile"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// settingsPanel is the settings screen's list: the player's name, the
// window, the gamepad, the net graph and shake, and a key for every
// action. Up/Down (or the mouse) choose a row, Left/Right step a value,
// Enter toggles one or starts rebinding: the next key pressed becomes the
// action's (Esc cancels), and a line over the footer says what that did
// to the action that had the key, or why a key with a fixed meaning was
// refused, and otherwise which keys are fixed. Every change is applied
// and saved at once. The play scene shows it over the game, which goes
// on; the menu shows it as a scene of its own.
type settingsPanel struct {
	win      *hud.Window
	settings *profile.Settings
	keep     settingsKeeper
	logw     io.Writer // the rows chosen and keys bound, for the log
	rows     []settingRow
	sel      int
	binding  bool        // waiting for the key of rows[sel]
	keys     ui.Bindings // every action's key, as the rows show them
	said     string      // what the last rebinding or step did, until the choice moves
	noteFit  ui.Fitted
	name     *ui.TextField
	rects    []image.Rectangle // each row's place, for the mouse
	back     int               // index of the Back row
	blink    int
	lastName string

	list settingsList
	size windowAsk
}

// settingsList is the rows as shown. The list scrolls when the window is
// too short for every row: top is the first row shown and shown how many
// are; loose says the wheel moved the view, which then stays where it was
// put until the choice moves.
type settingsList struct {
	top, shown int
	loose      bool
	told       [2]int // the rows the log last said were shown, first and count
	more       string // the sign under a list with rows hidden, for signFor
	signFor    [2]int
	moreFit    ui.Fitted
	view       image.Rectangle // the rows shown, as wide as a row
}

// windowAsk is what the Window size row shows: the window's real size,
// which the player may have changed by dragging its edge. sized is the
// size it was last told for, asked the size a step asked for and asking
// how many frames more the step goes from that size, not the real one,
// while the window has not taken it yet.
type windowAsk struct {
	sized, asked image.Point
	asking       int
	words        cachedWords
}

// cachedWords are words made again only when what they say changes: the
// panel is drawn every frame.
type cachedWords struct {
	key   [4]float64
	words string
}

func (c *cachedWords) get(key [4]float64, words func() string) string {
	if key != c.key || c.words == "" {
		c.key, c.words = key, words()
	}
	return c.words
}

// settingRow is one line: its label, its value in words, and what Left,
// Right and Enter do to it (dir is -1, +1, or 0 for Enter).
type settingRow struct {
	label  string
	value  func() string
	change func(dir int)
	action int // the action a key row rebinds, -1 for others
}

// settingsKeeper is what the settings panel asks of the app besides the
// settings themselves: to save a change, to hand a new key or gamepad
// choice to the input, to keep a name, and the Graphics row's words (the
// Auto setting's state this session is the app's).
type settingsKeeper interface {
	saveSettings()
	applyInput()
	rename(name string)
	qualityWords() string
}

var _ settingsKeeper = (*app)(nil)

// newSettingsPanel opens the panel on the settings s, name being the
// player's.
func newSettingsPanel(win *hud.Window, s *profile.Settings, keep settingsKeeper, logw io.Writer, name string) *settingsPanel {
	p := &settingsPanel{win: win, settings: s, keep: keep, logw: logw, name: &ui.TextField{Label: "Name", MaxBytes: wire.MaxNameLen}}
	p.name.SetText(name)
	p.lastName = name
	onOff := func(v *bool, apply func()) (func() string, func(int)) {
		return func() string { return map[bool]string{true: "On", false: "Off"}[*v] },
			func(int) { *v = !*v; apply() }
	}
	display := func() { applyWindow(*s, false) }
	input := func() { keep.applyInput() }
	none := func() {}
	add := func(label string, value func() string, change func(int)) {
		p.rows = append(p.rows, settingRow{label: label, value: value, change: change, action: -1})
	}
	add("Name", func() string { return "" }, func(int) {})
	vol := func(v *float64) (func() string, func(int)) {
		return func() string { return fmt.Sprintf("%.0f %%", 100**v) }, func(dir int) { *v = ui.StepVolume(*v, dir) }
	}
	v0, c0 := vol(&s.MasterVolume)
	add("Master volume", v0, c0)
	v0, c0 = vol(&s.EffectsVolume)
	add("Effects volume", v0, c0)
	v0, c0 = vol(&s.MusicVolume)
	add("Music volume", v0, c0)
	v, c := onOff(&s.Fullscreen, display)
	add("Fullscreen (F11)", v, c)
	v, c = onOff(&s.Vsync, display)
	add("Vsync", v, c)
	add(LabelWindowSize, p.windowWords, p.stepWindow)
	add(LabelUIScale, func() string { return ui.UiScaleWords(s.UIScale, win.W, win.H) }, func(dir int) {
		s.UIScale = ui.NextUIScale(s.UIScale, dir)
		input()
	})
	v, c = onOff(&s.Gamepad, input)
	add("Gamepad", v, c)
	v, c = onOff(&s.NetGraph, none)
	add("Net graph at start", v, c)
	v, c = onOff(&s.ScreenShake, none)
	add("Screen shake", v, c)
	add(LabelBulletColours, func() string { return ui.PaletteName(s.BulletPalette) },
		func(dir int) { s.BulletPalette = ui.NextPalette(s.BulletPalette, dir) })
	add("Graphics", keep.qualityWords, func(dir int) { s.Quality = nextQuality(s.Quality, dir) })
	p.keys = ui.BindingsOf(s)
	for i, act := range ui.Actions {
		p.rows = append(p.rows, settingRow{label: act.Label, action: i,
			value: func() string { return ui.KeyName(p.keys[i]) }})
	}
	p.back = len(p.rows)
	p.rows = append(p.rows, settingRow{label: "Back", value: func() string { return "" }, action: -1})
	p.rects = make([]image.Rectangle, len(p.rows))
	return p
}

// Row geometry.
const (
	settingRowH = 30
	settingRowW = 560
)

// The list's view: under the title, over the footer. A window too short
// for every row scrolls the list within it: the wheel, Page Up and Page
// Down move the view, the chosen row is kept in view as Up and Down move
// it, a bar beside the rows and a line under them say which rows are
// shown, and rows outside the view are neither drawn nor pointed at.
const (
	settingsTitleY = 16
	settingsViewY  = 72 // the view's top, under the title
	settingsFootH  = 70 // room for the note's line and the footer's
	settingsNoteY  = 52 // the note's line, up from the window's bottom
	settingsBarW   = 6  // the scroll bar beside the rows
	settingsBarGap = 8  // between the rows and the bar
)

// All of it at the window's UI scale.
func (p *settingsPanel) layout() {
	k := ui.UiScale(p.win.W, p.win.H)
	rowH := ui.Px(settingRowH, k)
	n := len(p.rows)
	viewTop, viewBottom := ui.Px(settingsViewY, k), p.win.H-ui.Px(settingsFootH, k)
	top := max(viewTop, p.win.H/2-n*rowH/2)
	width := min(ui.Px(settingRowW, k), p.win.W-ui.Px(16, k))
	from := p.list.top
	p.list.top, p.list.shown = 0, n
	if top+n*rowH > viewBottom {
		viewBottom -= int(ui.GlyphH*k) + ui.Px(4, k) // the line saying which rows are shown
		top = viewTop
		p.list.shown = max(1, (viewBottom-viewTop)/rowH)
		sel := p.sel
		if p.list.loose {
			sel = -1
		}
		p.list.top = ui.ScrollTop(from, n, p.list.shown, sel, nil)
		width = min(width, p.win.W-2*ui.Px(settingsBarGap+settingsBarW+8, k)) // room for the bar
	}
	for i := range p.rows {
		p.rects[i] = ui.CentredRect(p.win.W, top+(i-p.list.top)*rowH, width, rowH-ui.Px(4, k))
	}
	p.list.view = image.Rect(p.rects[0].Min.X, top, p.rects[0].Max.X, top+p.list.shown*rowH)
	p.name.Rect = p.rects[0]
}

// scrolls says whether the list is longer than its view.
func (p *settingsPanel) scrolls() bool { return p.list.shown < len(p.rows) }

// inView says whether row i is among the rows shown.
func (p *settingsPanel) inView(i int) bool { return i >= p.list.top && i < p.list.top+p.list.shown }

// scroll moves the view by this frame's wheel notches and Page Up or Down.
func (p *settingsPanel) scroll(in *ui.FrameInput) {
	if in.Wheel == 0 && !in.PageUp && !in.PageDown {
		return
	}
	p.list.top, p.list.loose = ui.ScrollTop(p.list.top, len(p.rows), p.list.shown, -1, in), true
}

// tellRows says in the log which rows are shown when that changes:
// window tests follow the scrolling.
func (p *settingsPanel) tellRows() {
	if now := [2]int{p.list.top, p.list.shown}; now != p.list.told {
		p.list.told = now
		fmt.Fprintf(p.logw, "duskfall: settings rows %d-%d of %d shown\n", p.list.top+1, p.list.top+p.list.shown, len(p.rows))
	}
}

// sign is the line under a list with rows hidden: which rows are shown
// and which way the rest are, made again only when the view moves.
func (p *settingsPanel) sign() string {
	if now := [2]int{p.list.top, p.list.shown}; now != p.list.signFor || p.list.more == "" {
		p.list.signFor = now
		n, first, last := len(p.rows), p.list.top+1, p.list.top+p.list.shown
		switch {
		case first == 1:
			p.list.more = fmt.Sprintf("rows %d-%d of %d, more below: the wheel or Page Down scrolls", first, last, n)
		case last == n:
			p.list.more = fmt.Sprintf("rows %d-%d of %d, more above: the wheel or Page Up scrolls", first, last, n)
		default:
			p.list.more = fmt.Sprintf("rows %d-%d of %d, more above and below: the wheel scrolls", first, last, n)
		}
	}
	return p.list.more
}

// update runs a frame; true means the player left the panel.
func (p *settingsPanel) update(in *ui.FrameInput) (left bool) {
	was := p.sel
	defer func() {
		if left {
			fmt.Fprintln(p.logw, "duskfall: settings closed") // window tests know the panel is gone
		}
		if p.sel != was {
			// The words were about the row left.
			p.said = ""
			fmt.Fprintf(p.logw, "duskfall: settings at %s\n", p.rows[p.sel].label) // window tests follow the choice
		}
	}()
	if !p.binding {
		p.scroll(in)
	}
	p.layout()
	defer p.tellRows()
	p.tellSize()
	p.blink++
	if p.binding {
		p.takeKey(in)
		return false
	}
	if p.pointer(in) {
		back := p.press(0)
		if p.binding {
			// A key that went down in the click's own frame came with or
			// after the click: it is the new key, not one to lose.
			p.takeKey(in)
		}
		return back
	}
	switch {
	case in.MenuBack():
		p.commitName()
		return true
	case in.MenuUp():
		p.commitName()
		p.sel, p.list.loose = (p.sel+len(p.rows)-1)%len(p.rows), false
		p.layout()
	case in.MenuDown():
		p.commitName()
		p.sel, p.list.loose = (p.sel+1)%len(p.rows), false
		p.layout()
	case in.Left && p.sel != 0:
		return p.press(-1)
	case in.Right && p.sel != 0:
		return p.press(1)
	case in.MenuEnter():
		return p.press(0)
	case p.sel == 0:
		p.name.Edit(in)
	}
	return false
}

// pointer moves the choice to the row under the cursor; a click presses it.
func (p *settingsPanel) pointer(in *ui.FrameInput) bool {
	if !in.MouseMoved && !in.Click {
		return false
	}
	pt := image.Pt(in.MouseX, in.MouseY)
	for i, r := range p.rects {
		if pt.In(r) && p.inView(i) {
			p.sel = i
			return in.Click
		}
	}
	return false
}

// press acts on the chosen row; true means Back.
func (p *settingsPanel) press(dir int) bool {
	row := &p.rows[p.sel]
	switch {
	case p.sel == p.back:
		p.commitName()
		return true
	case p.sel == 0:
		p.commitName()
	case row.action >= 0:
		p.binding = dir == 0
		if p.binding {
			p.said = ""
			fmt.Fprintf(p.logw, "duskfall: settings waiting for a key for %s\n", ui.Actions[row.action].Id)
		}
	default:
		row.change(dir)
		p.keep.saveSettings()
		if row.label != LabelWindowSize { // the window takes its size later: tellSize says it
			fmt.Fprintf(p.logw, "duskfall: settings set %s: %s\n", row.label, row.value()) // window tests read the value shown
		}
	}
	return false
}

// takeKey binds the first key pressed to the chosen action and says what
// that did; Esc cancels. A key with a fixed meaning is refused in words,
// and the row goes on waiting for another.
func (p *settingsPanel) takeKey(in *ui.FrameInput) {
	for _, k := range in.Pressed {
		if k == ebiten.KeyEscape {
			p.binding = false
			return
		}
		act := p.rows[p.sel].action
		r := ui.Bind(p.settings, act, k)
		p.say(r.Words())
		if r.Refused != "" {
			return
		}
		p.binding = false
		p.keys = ui.BindingsOf(p.settings)
		p.keep.applyInput()
		p.keep.saveSettings()
		fmt.Fprintf(p.logw, "duskfall: bound %s to %s\n", ui.Actions[act].Id, r.Key)
		return
	}
}

// say puts words on the note's line, and in the log for window tests.
func (p *settingsPanel) say(words string) {
	p.said = words
	fmt.Fprintf(p.logw, "duskfall: settings says %s\n", words)
}

// The keys whose meaning is fixed, longest words first: the note's line
// shows the longest that fits the window.
var fixedKeysWords = [...]string{
	"Fixed keys: Esc pauses, F11 full screen, the arrow keys move, the mouse aims and fires, Shift with a bag slot's key drops it, 1-3 pick the keeper's cards",
	"Fixed: Esc pause, F11 full screen, arrows move, mouse aims and fires, Shift+slot key drops, 1-3 keeper",
	"Fixed: Esc, F11, arrows, mouse, Shift+slot key, 1-3 keeper",
}

// note is the line over the footer: what the last rebinding did, or on a
// key's row which keys are fixed.
func (p *settingsPanel) note(g *world.Graphics, width int, k float64) string {
	switch {
	case p.said != "":
		return p.noteFit.Get(&g.Graphics, p.said, width, k)
	case p.binding || p.rows[p.sel].action >= 0:
		for _, w := range fixedKeysWords {
			if g.Text.Advance(w, k) <= width {
				return w
			}
		}
		return p.noteFit.Get(&g.Graphics, fixedKeysWords[len(fixedKeysWords)-1], width, k)
	}
	return ""
}

// commitName keeps a valid name typed in the Name row, and restores the
// last one otherwise.
func (p *settingsPanel) commitName() {
	name := p.name.Text()
	if name == p.lastName {
		return
	}
	if checkName(name) != nil {
		p.name.SetText(p.lastName)
		return
	}
	p.lastName = name
	p.keep.rename(name) // chosen here: it wins over the command line's from now on
}

func (p *settingsPanel) draw(dst *ebiten.Image, g *world.Graphics) {
	p.layout()
	g.Boxes.Overlay(true)
	k := ui.UiScale(p.win.W, p.win.H)
	// Nearly opaque: over the pause menu, its words must not show through.
	g.Shapes.Rect(dst, 0, 0, float32(p.win.W), float32(p.win.H), ui.ColBackdrop8(0.94))
	for i, r := range p.rects {
		if !p.inView(i) {
			continue
		}
		fill, border := ui.ColButton, ui.ColBorder
		if i == p.sel {
			fill, border = ui.ColButtonOn, ui.ColBorderOn
		}
		ui.Frame(dst, g.Shapes, r, fill, border)
	}
	g.Shapes.Flush(dst)
	if p.scrolls() {
		p.drawScrollBar(dst, g, k)
	}
	g.Text.Draw(dst, "Settings", p.win.W/2, max(ui.Px(settingsTitleY, k), p.list.view.Min.Y-ui.Px(60, k)), 3*k, ui.AlignCenter, ui.ColTitle)
	for i, row := range p.rows {
		if !p.inView(i) {
			continue
		}
		r := p.rects[i]
		y := r.Min.Y + (r.Dy()-int(ui.GlyphH*k))/2
		if i == p.back {
			g.Text.Draw(dst, row.label, r.Min.X+r.Dx()/2, y, k, ui.AlignCenter, ui.ColText)
			continue
		}
		g.Text.Draw(dst, row.label, r.Min.X+ui.Px(12, k), y, k, ui.AlignLeft, ui.ColText)
		value := row.value()
		switch {
		case i == 0:
			value = p.name.Text()
			if p.sel == 0 && p.blink%60 < 36 {
				value += "|"
			}
		case p.binding && i == p.sel:
			value = "press a key (Esc cancels)"
		}
		g.Text.Draw(dst, value, r.Max.X-ui.Px(12, k), y, k, ui.AlignRight, ui.ColTitle)
		if row.label == LabelBulletColours {
			// The palette's bullets themselves, the players' shot last.
			g.Bullets.DrawSample(dst, float32(r.Min.X+ui.Px(170, k)), float32(r.Min.Y+r.Dy()/2))
		}
	}
	if p.scrolls() {
		g.Text.Draw(dst, p.list.moreFit.Get(&g.Graphics, p.sign(), p.win.W-ui.Px(16, k), k), p.win.W/2, p.list.view.Max.Y+ui.Px(2, k), k, ui.AlignCenter, ui.ColDim)
	}
	if note := p.note(g, p.win.W-ui.Px(24, k), k); note != "" {
		g.Text.Draw(dst, note, p.win.W/2, p.win.H-ui.Px(settingsNoteY, k), k, ui.AlignCenter, ui.ColText)
	}
	foot := "Up/Down choose, Left/Right change, Enter toggles or rebinds, Esc goes back"
	if g.Text.Advance(foot, k) > p.win.W-ui.Px(24, k) {
		foot = "Up/Down, Left/Right, Enter, Esc"
	}
	g.Text.Draw(dst, foot, p.win.W/2, p.win.H-ui.Px(30, k), k, ui.AlignCenter, ui.ColDim)
}

// drawScrollBar draws the bar beside the rows: its track as tall as the
// view, and a thumb as much of it as the rows shown are of all the rows,
// where they are among them.
func (p *settingsPanel) drawScrollBar(dst *ebiten.Image, g *world.Graphics, k float64) {
	track := p.scrollTrack(k)
	g.Boxes.Add("scroll bar", track)
	n := len(p.rows)
	th := max(ui.Px(12, k), track.Dy()*p.list.shown/n)
	ty := track.Min.Y + (track.Dy()-th)*p.list.top/max(1, n-p.list.shown)
	g.Shapes.Rect(dst, float32(track.Min.X), float32(track.Min.Y), float32(track.Dx()), float32(track.Dy()), hud.ColXPTrack)
	g.Shapes.Rect(dst, float32(track.Min.X), float32(ty), float32(track.Dx()), float32(th), ui.ColBorderOn)
	g.Shapes.Flush(dst)
}

// scrollTrack is the scroll bar's track: beside the rows, as tall as the
// view.
func (p *settingsPanel) scrollTrack(k float64) image.Rectangle {
	x := p.list.view.Max.X + ui.Px(settingsBarGap, k)
	return image.Rect(x, p.list.view.Min.Y, x+ui.Px(settingsBarW, k), p.list.view.Max.Y-ui.Px(4, k))
}

// LabelUIScale is the row choosing the UI scale.
const LabelUIScale = "UI scale"

// LabelWindowSize is the row showing the window's size and stepping it.
const LabelWindowSize = "Window size"

// LabelBulletColours is the row choosing the bullet palette; it shows the
// palette's bullets.
const LabelBulletColours = "Bullet colours"

// settingsScene is the panel opened from the main menu.
type settingsScene struct {
	win   *hud.Window
	mv    moves
	panel *settingsPanel
}

func newSettingsScene(win *hud.Window, mv moves, panel *settingsPanel) *settingsScene {
	return &settingsScene{win: win, mv: mv, panel: panel}
}

func (s *settingsScene) Update() error {
	if s.panel.update(s.win.In) {
		s.mv.toMenu()
	}
	return nil
}

func (s *settingsScene) Draw(screen *ebiten.Image) {
	screen.Fill(ui.ColBackdrop)
	s.panel.draw(screen, s.win.Gfx)
}

// SettingsRowOf is the place of the settings row labelled label, from the
// top (the name's row is 0), or -1: for tests that drive the window with
// the arrow keys.
func SettingsRowOf(label string) int {
	p := (&app{}).settingsPanel()
	for i, r := range p.rows {
		if r.label == label {
			return i
		}
	}
	return -1
}

// SettingsRowCenter is the centre of the settings row labelled label in a
// w×h window at the automatic UI scale, with the list's view starting at
// its first-th row (1 is the top; the log's "settings rows 12-23 of 23
// shown" says 12), and whether that row is shown there: for tests that
// scroll the list and click a row.
func SettingsRowCenter(label string, first, w, h int) (image.Point, bool) {
	a := &app{}
	a.W, a.H = w, h
	p := a.settingsPanel()
	p.list.top, p.list.loose = first-1, true
	p.layout()
	for i, r := range p.rows {
		if r.label == label && p.inView(i) {
			return p.rects[i].Min.Add(p.rects[i].Size().Div(2)), true
		}
	}
	return image.Point{}, false
}
