package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// The settings rows the window tests find by their labels, and the
// smallest window the HUD is laid out for (render/settings).
const (
	LabelUIScale       = settings.LabelUIScale
	LabelWindowSize    = settings.LabelWindowSize
	LabelBulletColours = settings.LabelBulletColours
	MinWindowWidth     = settings.MinWindowWidth
	MinWindowHeight    = settings.MinWindowHeight
)

// settingsScene is the panel opened from the main menu.
type settingsScene struct {
	win   *hud.Window
	mv    moves
	panel *settings.Panel
}

func newSettingsScene(win *hud.Window, mv moves, panel *settings.Panel) *settingsScene {
	return &settingsScene{win: win, mv: mv, panel: panel}
}

func (s *settingsScene) Update() error {
	if s.panel.Update(s.win.In) {
		s.mv.toMenu()
	}
	return nil
}

func (s *settingsScene) Draw(screen *ebiten.Image) {
	screen.Fill(ui.ColBackdrop)
	s.panel.Draw(screen, s.win.Gfx)
}

// SettingsRowOf is the place of the settings row labelled label, from the
// top (the name's row is 0), or -1: for tests that drive the window with
// the arrow keys.
func SettingsRowOf(label string) int {
	p := (&app{}).settingsPanel()
	for i, r := range p.Rows {
		if r.Label == label {
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
	p.List.Top, p.List.Loose = first-1, true
	p.Layout()
	for i, r := range p.Rows {
		if r.Label == label && p.InView(i) {
			return p.Rects[i].Min.Add(p.Rects[i].Size().Div(2)), true
		}
	}
	return image.Point{}, false
}
