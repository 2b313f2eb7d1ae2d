package render

import (
	"fmt"
	"log"
	"strconv"

	"duskfall/net/lan"
	"duskfall/profile"
	"duskfall/render/settings"
	"duskfall/render/ui"
)

// The app builds every scene, handing each the state it uses (scene.go),
// and makes the moves the scenes ask for.

var _ moves = (*app)(nil)

func (a *app) menuScene() *menuScene {
	return newMenuScene(&a.Window, a, a.logw, a.hostChoice(), a.chosenName())
}

func (a *app) joinScene() *joinScene {
	return newJoinScene(&a.Window, a, a.logw, &a.settings, a.chosenName(), &a.typed, &a.lan, &a.clip, a.pinned)
}

func (a *app) settingsPanel() *settings.Panel {
	return settings.NewPanel(&a.Window, &a.settings, settingsKeeper{a}, a.logw, a.playerName())
}

func (a *app) connectingScene(sess session, title string) *connectingScene {
	return newConnectingScene(&a.Window, a, &a.typed, sess, title)
}

func (a *app) failedScene(title, reason string) *connectingScene {
	fmt.Fprintf(a.logw, "duskfall: scene=failed %s: %s\n", title, ui.Capitalize(reason)) // window tests read why
	return newFailedScene(&a.Window, a, title, reason)
}

func (a *app) rosterScene(sess session) *rosterScene {
	return newRosterScene(&a.Window, a, sess, a.now, a.choose, a.logw)
}

func (a *app) classScene(sess session, name string) *classScene {
	return newClassScene(&a.Window, a, sess, name, a.logw)
}

func (a *app) deathScene(sess session) *deathScene {
	return newDeathScene(&a.Window, a, sess, a.now, a.logw, a.opts.Content, a)
}

func (a *app) playScene(sess session) *playScene {
	return newPlayScene(&a.Window, a, sess, playEnv{
		settings: &a.settings, keys: &a.col.Keys, pack: a.opts.Content, sound: a.sound, quality: a,
		shot: &a.shot, perfLog: a.perfLog, now: a.now, logw: a.logw, newSettings: a.settingsPanel,
	})
}

// The moves.

func (a *app) toMenu() { a.scenes.switchTo(a.menuScene()) }

func (a *app) toJoin() { a.scenes.switchTo(a.joinScene()) }

func (a *app) toSettings() { a.scenes.switchTo(newSettingsScene(&a.Window, a, a.settingsPanel())) }

func (a *app) toPlay(sess session) { a.scenes.switchTo(a.playScene(sess)) }

func (a *app) toRoster(sess session) { a.scenes.switchTo(a.rosterScene(sess)) }

// toClass makes the first character, named after the player to begin with.
func (a *app) toClass(sess session) { a.scenes.switchTo(a.classScene(sess, a.playerName())) }

// toNewCharacter opens the class cards from the roster's New character:
// the player names the character there, and Back (or Esc) returns to the
// roster.
func (a *app) toNewCharacter(sess session) {
	s := a.classScene(sess, "")
	s.fromRoster()
	a.scenes.switchTo(s)
}

func (a *app) toDeath(sess session) { a.scenes.switchTo(a.deathScene(sess)) }

// disconnected closes the session that ended and says why.
func (a *app) disconnected(reason string) {
	a.closeSession()
	a.scenes.switchTo(a.failedScene("Disconnected", reason))
}

// leaveToMenu closes the session and returns to the main menu.
func (a *app) leaveToMenu() {
	a.closeSession()
	a.toMenu()
}

// hostChoice is Host and play as the main menu sets it: the port, the
// password friends must give, and the private and router switches.
type hostChoice struct {
	port            int
	password        string
	private, router bool
}

// hostChoice is the main menu's Host and play as kept: the router switch
// is off for a run started with the port mapping turned off.
func (a *app) hostChoice() hostChoice {
	s := &a.settings
	return hostChoice{port: a.opts.Port, password: s.HostPassword, private: s.HostPrivate, router: s.HostUPnP && !a.opts.NoPortMap}
}

// host keeps the main menu's choices and starts Host and play; the first
// launch asks the player's name first.
func (a *app) host(c hostChoice) {
	a.opts.Port = c.port
	a.settings.HostPassword, a.settings.HostPrivate, a.settings.HostUPnP = c.password, c.private, c.router
	a.opts.NoPortMap = false // the switch says, from now on
	a.saveSettings()
	if !a.nameChosen() {
		ns := newNameScene(&a.Window, a, a.hostAndPlay)
		ns.logw = a.logw
		a.scenes.switchTo(ns)
		return
	}
	a.hostAndPlay()
}

// rename keeps the name the player chose in the window: saved, and winning
// over the command line's from now on.
func (a *app) rename(name string) {
	a.settings.Name = name
	a.opts.Name = ""
	a.saveSettings()
}

// hostAndPlay starts a listen server on the configured port and joins it.
func (a *app) hostAndPlay() {
	sess, err := a.start.host(HostRequest{Content: a.opts.Content, Port: a.opts.Port, Seed: a.opts.Seed, Client: a.clientConfig(),
		Log: log.New(a.logw, "server: ", log.LstdFlags), Password: a.settings.HostPassword, Private: a.settings.HostPrivate,
		MapPort: a.settings.HostUPnP && !a.opts.NoPortMap})
	if err != nil {
		a.scenes.switchTo(a.failedScene("Host and play", err.Error()))
		return
	}
	a.sess = sess
	a.scenes.switchTo(a.connectingScene(sess, "Starting the game"))
}

// join connects to a friend's game by its address or join code.
func (a *app) join(addr string) {
	cfg := a.clientConfig()
	cfg.Password = a.typed.password
	sess, err := a.start.dial(addr, cfg)
	if err != nil {
		a.joinFailed(err.Error())
		return
	}
	a.sess = sess
	a.scenes.switchTo(a.connectingScene(sess, "Connecting to "+profile.ServerAddr(addr)))
}

// pinned is the fingerprint known_servers pins for addr, "" for none.
func (a *app) pinned(addr string) string {
	k := profile.KnownServers(a.settingsPath)
	if k == nil {
		return ""
	}
	fp, _ := k.Pinned(addr) // an unreadable file pins nothing here; the join says why
	return fp
}

// typedJoin is the join under way from the join screen, kept (not saved)
// so a failed join returns to the join screen with it: the address or join
// code as read, the password as typed, and why it failed.
type typedJoin struct {
	addr, password, err string
}

// joinFailed returns to the join screen, the address as typed and the
// reason shown, when a join from it failed; otherwise (--join) it shows the
// failure with a Back to the menu.
func (a *app) joinFailed(reason string) {
	if a.typed.addr == "" {
		a.scenes.switchTo(a.failedScene("Join", reason))
		return
	}
	a.typed.err = ui.Capitalize(reason)
	a.toJoin()
}

// joinReached remembers the address of a join that reached the server: the
// join screen offers it next time, and lists it among the recent servers.
func (a *app) joinReached() {
	if a.typed.addr == "" {
		return
	}
	a.settings.RememberServer(a.typed.addr)
	a.typed = typedJoin{}
	a.saveSettings()
}

// lanSearch hears games announced on the local network, for the join
// screen; it starts listening when first asked (err says why it could not).
type lanSearch struct {
	l   *lan.Listener
	err error
	on  bool
	// listen starts l; nil listens on the real discovery port (tests
	// listen on loopback instead).
	listen func() (*lan.Listener, error)
}

// games is what the join screen lists from the local network.
func (s *lanSearch) games() []lan.Game {
	if !s.on {
		s.on = true
		listen := s.listen
		if listen == nil {
			listen = listenLAN
		}
		s.l, s.err = listen()
	}
	if s.l == nil {
		return nil
	}
	return s.l.Games()
}

// words says what the join screen's search of the network found.
func (s *lanSearch) words() string {
	if s.err != nil {
		return "Cannot look for games on the network here: type the address"
	}
	return "Looking for games on your network..."
}

// close stops listening, if it started.
func (s *lanSearch) close() {
	if s.l != nil {
		s.l.Close()
	}
}

// listenLAN listens on the discovery port.
func listenLAN() (*lan.Listener, error) { return lan.Listen(":"+strconv.Itoa(lan.DiscoveryPort), nil) }
