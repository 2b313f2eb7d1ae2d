package settings

import (
	"errors"
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

// Panel is the settings screen's list: the player's name, the
// window, the gamepad, the net graph and shake, and a key for every
// action. Up/Down (or the mouse) choose a row, Left/Right step a value,
// Enter toggles one or starts rebinding: the next key pressed becomes the
// action's (Esc cancels), and a line over the footer says what that did
// to the action that had the key, or why a key with a fixed meaning was
// refused, and otherwise which keys are fixed. Every change is applied
// and saved at once. The play scene shows it over the game, which goes
// on; the menu shows it as a scene of its own.
type Panel struct {
	win      *hud.Window
	settings *profile.Settings
	keep     Keeper
	logw     io.Writer // the rows chosen and keys bound, for the log
	Rows     []settingRow
	Sel      int
	Binding  bool        // waiting for the key of rows[sel]
	keys     ui.Bindings // every action's key, as the rows show them
	Said     string      // what the last rebinding or step did, until the choice moves
	noteFit  ui.Fitted
	Name     *ui.TextField
	Rects    []image.Rectangle // each row's place, for the mouse
	Back     int               // index of the Back row
	blink    int
	lastName string

	List settingsList
	size windowAsk
}

// settingsList is the rows as shown. The list scrolls when the window is
// too short for every row: top is the first row shown and shown how many
// are; loose says the wheel moved the view, which then stays where it was
// put until the choice moves.
type settingsList struct {
	Top, Shown int
	Loose      bool
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
	Label  string
	Value  func() string
	change func(dir int)
	action int // the action a key row rebinds, -1 for others
}

// Keeper is what the settings panel asks of the app besides the
// settings themselves: to save a change, to hand a new key or gamepad
// choice to the input, to keep a name, and the Graphics row's words (the
// Auto setting's state this session is the app's).
type Keeper interface {
	SaveSettings()
	ApplyInput()
	Rename(name string)
	QualityWords() string
}

// NewPanel opens the panel on the settings s, name being the
// player's.
func NewPanel(win *hud.Window, s *profile.Settings, keep Keeper, logw io.Writer, name string) *Panel {
	p := &Panel{win: win, settings: s, keep: keep, logw: logw, Name: &ui.TextField{Label: "Name", MaxBytes: wire.MaxNameLen}}
	p.Name.SetText(name)
	p.lastName = name
	onOff := func(v *bool, apply func()) (func() string, func(int)) {
		return func() string { return map[bool]string{true: "On", false: "Off"}[*v] },
			func(int) { *v = !*v; apply() }
	}
	display := func() { ApplyWindow(*s, false) }
	input := func() { keep.ApplyInput() }
	none := func() {}
	add := func(label string, value func() string, change func(int)) {
		p.Rows = append(p.Rows, settingRow{Label: label, Value: value, change: change, action: -1})
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
	add(LabelUIScale, func() string { return ui.ScaleWords(s.UIScale, win.W, win.H) }, func(dir int) {
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
	add("Graphics", keep.QualityWords, func(dir int) { s.Quality = NextQuality(s.Quality, dir) })
	p.keys = ui.BindingsOf(s)
	for i, act := range ui.Actions {
		p.Rows = append(p.Rows, settingRow{Label: act.Label, action: i,
			Value: func() string { return ui.KeyName(p.keys[i]) }})
	}
	p.Back = len(p.Rows)
	p.Rows = append(p.Rows, settingRow{Label: "Back", Value: func() string { return "" }, action: -1})
	p.Rects = make([]image.Rectangle, len(p.Rows))
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
func (p *Panel) Layout() {
	k := ui.Scale(p.win.W, p.win.H)
	rowH := ui.Px(settingRowH, k)
	n := len(p.Rows)
	viewTop, viewBottom := ui.Px(settingsViewY, k), p.win.H-ui.Px(settingsFootH, k)
	top := max(viewTop, p.win.H/2-n*rowH/2)
	width := min(ui.Px(settingRowW, k), p.win.W-ui.Px(16, k))
	from := p.List.Top
	p.List.Top, p.List.Shown = 0, n
	if top+n*rowH > viewBottom {
		viewBottom -= int(ui.GlyphH*k) + ui.Px(4, k) // the line saying which rows are shown
		top = viewTop
		p.List.Shown = max(1, (viewBottom-viewTop)/rowH)
		sel := p.Sel
		if p.List.Loose {
			sel = -1
		}
		p.List.Top = ui.ScrollTop(from, n, p.List.Shown, sel, nil)
		width = min(width, p.win.W-2*ui.Px(settingsBarGap+settingsBarW+8, k)) // room for the bar
	}
	for i := range p.Rows {
		p.Rects[i] = ui.CentredRect(p.win.W, top+(i-p.List.Top)*rowH, width, rowH-ui.Px(4, k))
	}
	p.List.view = image.Rect(p.Rects[0].Min.X, top, p.Rects[0].Max.X, top+p.List.Shown*rowH)
	p.Name.Rect = p.Rects[0]
}

// Scrolls says whether the list is longer than its view.
func (p *Panel) Scrolls() bool { return p.List.Shown < len(p.Rows) }

// InView says whether row i is among the rows shown.
func (p *Panel) InView(i int) bool { return i >= p.List.Top && i < p.List.Top+p.List.Shown }

// scroll moves the view by this frame's wheel notches and Page Up or Down.
func (p *Panel) scroll(in *ui.FrameInput) {
	if in.Mouse.Wheel == 0 && !in.PageUp && !in.PageDown {
		return
	}
	p.List.Top, p.List.Loose = ui.ScrollTop(p.List.Top, len(p.Rows), p.List.Shown, -1, in), true
}

// tellRows says in the log which rows are shown when that changes:
// window tests follow the scrolling.
func (p *Panel) tellRows() {
	if now := [2]int{p.List.Top, p.List.Shown}; now != p.List.told {
		p.List.told = now
		fmt.Fprintf(p.logw, "duskfall: settings rows %d-%d of %d shown\n", p.List.Top+1, p.List.Top+p.List.Shown, len(p.Rows))
	}
}

// Sign is the line under a list with rows hidden: which rows are shown
// and which way the rest are, made again only when the view moves.
func (p *Panel) Sign() string {
	if now := [2]int{p.List.Top, p.List.Shown}; now != p.List.signFor || p.List.more == "" {
		p.List.signFor = now
		n, first, last := len(p.Rows), p.List.Top+1, p.List.Top+p.List.Shown
		switch {
		case first == 1:
			p.List.more = fmt.Sprintf("rows %d-%d of %d, more below: the wheel or Page Down scrolls", first, last, n)
		case last == n:
			p.List.more = fmt.Sprintf("rows %d-%d of %d, more above: the wheel or Page Up scrolls", first, last, n)
		default:
			p.List.more = fmt.Sprintf("rows %d-%d of %d, more above and below: the wheel scrolls", first, last, n)
		}
	}
	return p.List.more
}

// Update runs a frame; true means the player left the panel.
func (p *Panel) Update(in *ui.FrameInput) (left bool) {
	was := p.Sel
	defer func() {
		if left {
			fmt.Fprintln(p.logw, "duskfall: settings closed") // window tests know the panel is gone
		}
		if p.Sel != was {
			// The words were about the row left.
			p.Said = ""
			fmt.Fprintf(p.logw, "duskfall: settings at %s\n", p.Rows[p.Sel].Label) // window tests follow the choice
		}
	}()
	if !p.Binding {
		p.scroll(in)
	}
	p.Layout()
	defer p.tellRows()
	p.tellSize()
	p.blink++
	if p.Binding {
		p.takeKey(in)
		return false
	}
	if p.pointer(in) {
		back := p.press(0)
		if p.Binding {
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
		p.Sel, p.List.Loose = (p.Sel+len(p.Rows)-1)%len(p.Rows), false
		p.Layout()
	case in.MenuDown():
		p.commitName()
		p.Sel, p.List.Loose = (p.Sel+1)%len(p.Rows), false
		p.Layout()
	case in.Left && p.Sel != 0:
		return p.press(-1)
	case in.Right && p.Sel != 0:
		return p.press(1)
	case in.MenuEnter():
		return p.press(0)
	case p.Sel == 0:
		p.Name.Edit(in)
	}
	return false
}

// pointer moves the choice to the row under the cursor; a click presses it.
func (p *Panel) pointer(in *ui.FrameInput) bool {
	if !in.Mouse.Moved && !in.Mouse.Click {
		return false
	}
	pt := image.Pt(in.Mouse.X, in.Mouse.Y)
	for i, r := range p.Rects {
		if pt.In(r) && p.InView(i) {
			p.Sel = i
			return in.Mouse.Click
		}
	}
	return false
}

// press acts on the chosen row; true means Back.
func (p *Panel) press(dir int) bool {
	row := &p.Rows[p.Sel]
	switch {
	case p.Sel == p.Back:
		p.commitName()
		return true
	case p.Sel == 0:
		p.commitName()
	case row.action >= 0:
		p.Binding = dir == 0
		if p.Binding {
			p.Said = ""
			fmt.Fprintf(p.logw, "duskfall: settings waiting for a key for %s\n", ui.Actions[row.action].Id)
		}
	default:
		row.change(dir)
		p.keep.SaveSettings()
		if row.Label != LabelWindowSize { // the window takes its size later: tellSize says it
			fmt.Fprintf(p.logw, "duskfall: settings set %s: %s\n", row.Label, row.Value()) // window tests read the value shown
		}
	}
	return false
}

// takeKey binds the first key pressed to the chosen action and says what
// that did; Esc cancels. A key with a fixed meaning is refused in words,
// and the row goes on waiting for another.
func (p *Panel) takeKey(in *ui.FrameInput) {
	for _, k := range in.Pressed {
		if k == ebiten.KeyEscape {
			p.Binding = false
			return
		}
		act := p.Rows[p.Sel].action
		r := ui.Bind(p.settings, act, k)
		p.say(r.Words())
		if r.Refused != "" {
			return
		}
		p.Binding = false
		p.keys = ui.BindingsOf(p.settings)
		p.keep.ApplyInput()
		p.keep.SaveSettings()
		fmt.Fprintf(p.logw, "duskfall: bound %s to %s\n", ui.Actions[act].Id, r.Key)
		return
	}
}

// say puts words on the note's line, and in the log for window tests.
func (p *Panel) say(words string) {
	p.Said = words
	fmt.Fprintf(p.logw, "duskfall: settings says %s\n", words)
}

// The keys whose meaning is fixed, longest words first: the note's line
// shows the longest that fits the window.
var fixedKeysWords = [...]string{
	"Fixed keys: Esc pauses, F11 full screen, the arrow keys move, the mouse aims and fires, Shift with a bag slot's key drops it, 1-3 pick the keeper's cards",
	"Fixed: Esc pause, F11 full screen, arrows move, mouse aims and fires, Shift+slot key drops, 1-3 keeper",
	"Fixed: Esc, F11, arrows, mouse, Shift+slot key, 1-3 keeper",
}

// Note is the line over the footer: what the last rebinding did, or on a
// key's row which keys are fixed.
func (p *Panel) Note(g *world.Graphics, width int, k float64) string {
	switch {
	case p.Said != "":
		return p.noteFit.Get(&g.Graphics, p.Said, width, k)
	case p.Binding || p.Rows[p.Sel].action >= 0:
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
func (p *Panel) commitName() {
	name := p.Name.Text()
	if name == p.lastName {
		return
	}
	if CheckName(name) != nil {
		p.Name.SetText(p.lastName)
		return
	}
	p.lastName = name
	p.keep.Rename(name) // chosen here: it wins over the command line's from now on
}

func (p *Panel) Draw(dst *ebiten.Image, g *world.Graphics) {
	p.Layout()
	g.Boxes.Overlay(true)
	k := ui.Scale(p.win.W, p.win.H)
	// Nearly opaque: over the pause menu, its words must not show through.
	g.Shapes.Rect(dst, 0, 0, float32(p.win.W), float32(p.win.H), ui.ColBackdrop8(0.94))
	for i, r := range p.Rects {
		if !p.InView(i) {
			continue
		}
		fill, border := ui.ColButton, ui.ColBorder
		if i == p.Sel {
			fill, border = ui.ColButtonOn, ui.ColBorderOn
		}
		ui.Frame(dst, g.Shapes, r, fill, border)
	}
	g.Shapes.Flush(dst)
	if p.Scrolls() {
		p.drawScrollBar(dst, g, k)
	}
	g.Text.Draw(dst, "Settings", p.win.W/2, max(ui.Px(settingsTitleY, k), p.List.view.Min.Y-ui.Px(60, k)), 3*k, ui.AlignCenter, ui.ColTitle)
	for i, row := range p.Rows {
		if !p.InView(i) {
			continue
		}
		r := p.Rects[i]
		y := r.Min.Y + (r.Dy()-int(ui.GlyphH*k))/2
		if i == p.Back {
			g.Text.Draw(dst, row.Label, r.Min.X+r.Dx()/2, y, k, ui.AlignCenter, ui.ColText)
			continue
		}
		g.Text.Draw(dst, row.Label, r.Min.X+ui.Px(12, k), y, k, ui.AlignLeft, ui.ColText)
		value := row.Value()
		switch {
		case i == 0:
			value = p.Name.Text()
			if p.Sel == 0 && p.blink%60 < 36 {
				value += "|"
			}
		case p.Binding && i == p.Sel:
			value = "press a key (Esc cancels)"
		}
		g.Text.Draw(dst, value, r.Max.X-ui.Px(12, k), y, k, ui.AlignRight, ui.ColTitle)
		if row.Label == LabelBulletColours {
			// The palette's bullets themselves, the players' shot last.
			g.Bullets.DrawSample(dst, float32(r.Min.X+ui.Px(170, k)), float32(r.Min.Y+r.Dy()/2))
		}
	}
	if p.Scrolls() {
		g.Text.Draw(dst, p.List.moreFit.Get(&g.Graphics, p.Sign(), p.win.W-ui.Px(16, k), k), p.win.W/2, p.List.view.Max.Y+ui.Px(2, k), k, ui.AlignCenter, ui.ColDim)
	}
	if note := p.Note(g, p.win.W-ui.Px(24, k), k); note != "" {
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
func (p *Panel) drawScrollBar(dst *ebiten.Image, g *world.Graphics, k float64) {
	track := p.scrollTrack(k)
	g.Boxes.Add("scroll bar", track)
	n := len(p.Rows)
	th := max(ui.Px(12, k), track.Dy()*p.List.Shown/n)
	ty := track.Min.Y + (track.Dy()-th)*p.List.Top/max(1, n-p.List.Shown)
	g.Shapes.Rect(dst, float32(track.Min.X), float32(track.Min.Y), float32(track.Dx()), float32(track.Dy()), hud.ColXPTrack)
	g.Shapes.Rect(dst, float32(track.Min.X), float32(ty), float32(track.Dx()), float32(th), ui.ColBorderOn)
	g.Shapes.Flush(dst)
}

// scrollTrack is the scroll bar's track: beside the rows, as tall as the
// view.
func (p *Panel) scrollTrack(k float64) image.Rectangle {
	x := p.List.view.Max.X + ui.Px(settingsBarGap, k)
	return image.Rect(x, p.List.view.Min.Y, x+ui.Px(settingsBarW, k), p.List.view.Max.Y-ui.Px(4, k))
}

// LabelUIScale is the row choosing the UI scale.
const LabelUIScale = "UI scale"

// LabelWindowSize is the row showing the window's size and stepping it.
const LabelWindowSize = "Window size"

// LabelBulletColours is the row choosing the bullet palette; it shows the
// palette's bullets.
const LabelBulletColours = "Bullet colours"

// NextQuality steps the Graphics row: auto, high, low, in a ring.
func NextQuality(q string, dir int) string {
	ring := []string{profile.QualityAuto, profile.QualityHigh, profile.QualityLow}
	i := 0
	for j, r := range ring {
		if r == q {
			i = j
		}
	}
	if dir == 0 {
		dir = 1
	}
	return ring[((i+dir)%len(ring)+len(ring))%len(ring)]
}

// CheckName says why a name may not be played under, or nil.
func CheckName(name string) error {
	if wire.ValidName(name) != nil {
		return errors.New("a name is 1 to 16 letters, with no spaces at either end")
	}
	return nil
}

// The smallest window the HUD is laid out for.
const (
	MinWindowWidth  = 640
	MinWindowHeight = 400
)

// ApplyWindow sets fullscreen, vsync and, when sized, the window's size
// from the settings. Tests replace it: they run no window.
var ApplyWindow = func(s profile.Settings, sized bool) {
	ebiten.SetFullscreen(s.Fullscreen)
	ebiten.SetVsyncEnabled(s.Vsync)
	if sized {
		ebiten.SetWindowSize(int(ui.WindowWidth*s.WindowScale), int(ui.WindowHeight*s.WindowScale))
	}
}
