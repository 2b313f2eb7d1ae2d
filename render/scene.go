package render

import "github.com/hajimehoshi/ebiten/v2"

// scene is one screen of the game. Update reads the app's input for this
// frame; Draw only draws.
type scene interface {
	Update() error
	Draw(screen *ebiten.Image)
}

// sceneManager holds the current scene. A switch requested during an
// Update takes effect after it, so the new scene starts on a fresh frame
// and never sees the key press that opened it.
type sceneManager struct {
	current scene
	next    scene
}

// switchTo makes s current after this Update.
func (m *sceneManager) switchTo(s scene) { m.next = s }

// update runs the current scene, then applies a requested switch.
func (m *sceneManager) update() error {
	m.apply()
	err := m.current.Update()
	m.apply()
	return err
}

func (m *sceneManager) apply() {
	if m.next != nil {
		m.current, m.next = m.next, nil
	}
}

func (m *sceneManager) draw(screen *ebiten.Image) { m.current.Draw(screen) }

// window is what every scene lays out and draws with: the window's size,
// this frame's input and the shared graphics. The app owns the one window
// and scenes point to it, so a resize, the next frame's input and the
// graphics made on the first Draw are seen by all.
type window struct {
	w, h int
	in   *frameInput
	gfx  *graphics // nil until the first Draw
}
