package render

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// scene is one screen of the game. Update reads this frame's input from
// the scene's window; Draw only draws. A scene holds the state it uses,
// never the app: the window, the moves it may ask for, and fields of its
// own for the rest (the app builds each scene: moves.go).
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

// moves are what a scene asks of the app: to change the scene, or to do
// what outlives the scene (keep a name, close the session). *app is the
// only one.
type moves interface {
	// The menus.
	toMenu()
	toJoin()
	toSettings()
	host(c hostChoice) // Host and play, as the main menu set it
	join(addr string)  // connect to addr, typed on the join screen
	rename(name string)

	// A join under way.
	joinReached()
	joinFailed(reason string)

	// A session's scenes follow its state.
	toPlay(sess session)
	toRoster(sess session)
	toClass(sess session)        // the first character, on the first launch
	toNewCharacter(sess session) // another, from the roster
	toDeath(sess session)
	disconnected(reason string)
	leaveToMenu()
	closeSession()
}
