package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/portmap"
	"duskfall/profile"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/sound"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// shotAfterFrames is how long the play scene runs before the DUSKFALL_SHOT
// screenshot: long enough for the map, enemies and bullets to arrive.
const shotAfterFrames = 2 * game.TickRate

// playScene runs a session: input in, world and HUD out, and the pause
// menu. The game never pauses (it is online); the pause menu only stops
// the player's input.
type playScene struct {
	win *hud.Window
	mv  moves
	playEnv
	sess session
	rt   *client.Runtime
	look *world.Look

	aim      ui.Aimer
	inv      hud.Inventory
	labels   world.LabelPlacer // the frame's world labels, placed so none covers another
	said     ui.Transients     // what comes and goes, cut to the window (render/ui/placement.go)
	lastAim  float64
	focused  bool // the player holds focus: the hitbox is drawn
	netGraph bool
	view     playView
	pause    pauseMenu
	host     hostState
	clock    playClock
	marks    markFeed

	fx     *hud.Effects
	dir    *sound.Director // which sounds play
	hud    hud.Display
	items  *hud.Items
	keeper *hud.Keeper

	classOf func(uint16) *game.Class // s.rt.PlayerClass, made once for the world's view
	pf      hud.Frame                // what the HUD and the effects read of this frame (render/hud/frame.go)
}

// playView is where the play scene looks: the camera on the own ship, the
// zoom, and the image the world is drawn on when zoomed.
type playView struct {
	cam     world.Camera
	zoom    float64       // screen pixels per world unit (worldZoom)
	canvas  *ebiten.Image // the world drawn at zoom 1 when zoom is more, then scaled onto the screen
	viewer  game.Vec      // the own ship, the centre of the fog
	hasView bool
}

// pauseMenu is the pause menu over the game, its buttons and words, and
// the Settings opened from it.
type pauseMenu struct {
	open                                                 bool
	hubForm                                              *ui.Form // the menu in the hub: resume, disconnect
	dungeonForm                                          *ui.Form // the menu in a dungeon: resume, return to hub, disconnect
	resume, toHub, leave, setup, players, copyCode, quit *ui.Button
	hubButtons                                           []*ui.Button    // the menu's buttons in the hub, as hubForm holds them
	dungeonButtons                                       []*ui.Button    // and in a dungeon, as dungeonForm holds them
	at                                                   hud.PauseLayout // where the menu's words go (render/hud/pause_layout.go)
	cost                                                 pauseCost
	endWords                                             hostEndWords    // the host's words of End the game, made again only when the count changes
	endAsked                                             bool            // the host pressed End the game once with friends in it: the next press ends it
	quitAsked                                            bool            // the host pressed Quit once with friends in it: the next press quits
	quitting                                             bool            // Quit was chosen: the window closes
	returning                                            bool            // Return to hub was chosen: ESCAPE is held until the ship is out
	settings                                             *settings.Panel // the Settings, open over the game when not nil
}

// pauseCost is the words over the pause menu (pauseSays) wrapped to the
// window, made again only when the words, the window or the scale change.
type pauseCost struct {
	lines     []string
	words     string
	roomWords string // the words the layout keeps room for
	room      int    // their lines
	w, h      int
	k         float64
}

// hostState is what the play scene keeps of a game it hosts: the host's
// controls (nil in a joined game), the Players list, the port on the
// router and the join code's copy.
type hostState struct {
	ctl      hud.HostControls  // nil in a joined game
	players  *hud.PlayersPanel // the Players list, open over the game when not nil
	reach    portmap.Status    // the hosted game's port on the router, as last noted
	copied   atomic.Bool       // the clipboard's tool took the code
	copyDone atomic.Bool       // it answered, and noteCopy has not said so yet
}

// playClock counts the scene's frames.
type playClock struct {
	frames     int // updates since the scene opened
	playing    int // updates with the own ship in the world
	logged     bool
	bossHeard  int // the last frame a met boss was near, for the music
	abCooldown int // the own ability's cooldown as last noted (noteAbility)
}

// markFeed reads the hit marks for the feed (client.Runtime.HitsSince).
type markFeed struct {
	seen   int
	onMark func(client.HitMark) // s.friendFell, made once
}

// playEnv is what the play scene uses besides the window and the moves.
// The settings and keys are the app's own, read each frame: a change made
// in the Settings over the game shows at once.
type playEnv struct {
	settings    *profile.Settings // the bullet palette, shake, net graph and volume
	keys        *ui.Bindings      // the player's keys, as the HUD names them
	pack        *levels.Pack      // the maps and names the world is drawn with
	sound       sound.Speaker     // the sound effects' output
	quality     graphicsQuality   // whether the costly effects are drawn
	shot        *screenshot       // DUSKFALL_SHOT, taken once the world has arrived
	perfLog     bool              // DUSKFALL_PERF=1: frames and ticks per second, and live bullets, every 5 s
	now         func() time.Time
	logw        io.Writer
	newSettings func() *settings.Panel // the Settings, to open over the game
}

func newPlayScene(win *hud.Window, mv moves, sess session, env playEnv) *playScene {
	s := &playScene{
		win: win, mv: mv, playEnv: env, sess: sess, rt: sess.Runtime(), look: world.NewLook(env.pack, sess.Runtime().PlayerStats().Radius),
		fx:  hud.NewEffects(),
		dir: sound.NewDirector(env.sound, env.settings.EffectsLoudness),
	}
	s.pause.resume = &ui.Button{Label: LabelResume}
	s.pause.toHub = &ui.Button{Label: LabelReturnToHub}
	s.pause.leave = &ui.Button{Label: LabelDisconnect}
	s.pause.setup = &ui.Button{Label: LabelSettings}
	s.pause.players = &ui.Button{Label: hud.LabelPlayers}
	s.pause.copyCode = &ui.Button{Label: LabelCopyJoinCode}
	s.pause.quit = &ui.Button{Label: LabelQuit}
	s.host.ctl = sess.Controls()
	content, keeper := s.rt.Content(), keeperName(env.pack)
	s.items = hud.NewItems(content, keeper)
	s.items.Keys = env.keys // the bar labels each bag slot with its key
	s.keeper = hud.NewKeeper(content, keeper, s.rt)
	s.items.Logw, s.keeper.Logw, s.inv.Logw = env.logw, env.logw, env.logw
	if s.host.ctl != nil {
		s.pause.leave.Label = LabelEndGame // the host's leaving ends the game for everyone: the button says so
	}
	s.pause.hubButtons, s.pause.dungeonButtons = s.pauseButtons(false), s.pauseButtons(true)
	s.pause.hubForm = ui.NewForm(toAny(s.pause.hubButtons)...)
	s.pause.dungeonForm = ui.NewForm(toAny(s.pause.dungeonButtons)...)
	s.netGraph = env.settings.NetGraph
	s.hud.Where, s.hud.Code, s.hud.Reach = sess.Where(), sess.JoinCode(), reachWords(sess.Reach())
	s.layoutPause()
	s.marks.seen = s.rt.HitsSince(0, func(client.HitMark) {}) // deaths before the scene are old news
	s.marks.onMark = s.friendFell
	s.classOf = s.rt.PlayerClass
	return s
}

// friendFell puts a friend's death in the feed: "Ada fell to the Warden's
// Fury spiral" (docs/NETCODE.md, "Death").
func (s *playScene) friendFell(h client.HitMark) {
	if h.Event.ID == s.rt.PlayerID() {
		return
	}
	if words := s.rt.DeathWords(&h.Event); words != "" {
		s.items.Push(words, s.now())
	}
}

// pauseButtons is the pause menu's column, top down: in a dungeon Return
// to hub, and when hosting the Players list.
func (s *playScene) pauseButtons(inDungeon bool) []*ui.Button {
	bs := []*ui.Button{s.pause.resume}
	if inDungeon {
		bs = append(bs, s.pause.toHub)
	}
	if s.host.ctl != nil {
		bs = append(bs, s.pause.players, s.pause.copyCode)
	}
	return append(bs, s.pause.setup, s.pause.leave, s.pause.quit)
}

func toAny(bs []*ui.Button) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = b
	}
	return out
}

// layoutPause lays the pause menu of where the player is out for the
// window (render/hud/pause_layout.go), wrapping what leaving costs again only when the
// window or the scale changed.
func (s *playScene) layoutPause() {
	words, room := s.pauseSays()
	if k := ui.Scale(s.win.W, s.win.H); s.pause.cost.w != s.win.W || s.pause.cost.h != s.win.H || s.pause.cost.k != k || s.pause.cost.words != words || s.pause.cost.roomWords != room {
		s.pause.cost.w, s.pause.cost.h, s.pause.cost.k, s.pause.cost.words, s.pause.cost.roomWords = s.win.W, s.win.H, k, words, room
		width := hud.PauseCostWidth(s.win.W, s.win.H, k)
		s.pause.cost.lines, s.pause.cost.room = ui.Wrap(words, width), len(ui.Wrap(room, width))
	}
	bs := s.pause.hubButtons
	if s.inDungeon() {
		bs = s.pause.dungeonButtons
	}
	s.pause.at = hud.PauseColumn(s.win.W, s.win.H, s.pause.cost.room, bs)
}

// pauseSays is what the pause menu says over its buttons, and the words
// its layout keeps room for: in a dungeon what leaving costs, and to the
// host what ending the game does to the friends in it, with room for the
// question End the game asks, so the button does not move under a second
// press. A joiner in the hub is told nothing.
func (s *playScene) pauseSays() (words, room string) {
	friends := 0
	if s.host.ctl != nil {
		friends = s.host.ctl.Friends()
	}
	ask := askNone
	switch {
	case s.pause.endAsked:
		ask = askEnd
	case s.pause.quitAsked:
		ask = askQuit
	}
	e := s.pause.endWords.get(s.host.ctl != nil, s.inDungeon(), friends, ask)
	if s.host.ctl != nil {
		s.pause.leave.Label, s.pause.quit.Label = e.label, e.quitLabel
	}
	return e.words, e.room
}

// Which of the host's two ways out of the game asked first: End the game
// or Quit, each of which ends the game for the friends in it.
const (
	askNone = iota
	askEnd
	askQuit
)

// hostEndWords are the pause menu's words for where the player is, whether
// it hosts, how many friends are in and which way out has asked: made
// again only when one of those changes.
type hostEndWords struct {
	made                          bool
	hosting, inDungeon            bool
	friends                       int
	ask                           int
	words, room, label, quitLabel string
}

func (e *hostEndWords) get(hosting, inDungeon bool, friends int, ask int) *hostEndWords {
	if e.made && e.hosting == hosting && e.inDungeon == inDungeon && e.friends == friends && e.ask == ask {
		return e
	}
	e.made, e.hosting, e.inDungeon, e.friends, e.ask = true, hosting, inDungeon, friends, ask
	e.words, e.label, e.quitLabel = pauseWordsFor(hosting, inDungeon, friends, ask)
	e.room = pauseRoomFor(hosting, inDungeon, friends)
	return e
}

// pauseRoomFor is the longest of the words the menu may say over its
// buttons for this game, which its layout keeps room for.
func pauseRoomFor(hosting, inDungeon bool, friends int) string {
	room := ""
	for _, ask := range []int{askNone, askEnd, askQuit} {
		if words, _, _ := pauseWordsFor(hosting, inDungeon, friends, ask); len(words) > len(room) {
			room = words
		}
	}
	return room
}

// pauseWordsFor is what the pause menu says over its buttons, and the
// labels of End the game and Quit: a joiner hears what leaving a dungeon
// costs, the host what ending the game does to its friends.
func pauseWordsFor(hosting, inDungeon bool, friends int, ask int) (words, label, quitLabel string) {
	if !hosting {
		if inDungeon {
			return leaveCost, LabelDisconnect, LabelQuit
		}
		return "", LabelDisconnect, LabelQuit
	}
	line, label, quitLabel := hostEndLine(friends, ask)
	if inDungeon {
		return hostLeaveCost + " " + line, label, quitLabel
	}
	return line, label, quitLabel
}

// hostEndLine is what the host's menu says of ending the game, and the
// labels of End the game and Quit, for this many friends and the way out
// that asked, if one did.
func hostEndLine(friends int, ask int) (line, label, quitLabel string) {
	switch {
	case friends > 0 && ask == askEnd:
		return fmt.Sprintf("End the game for your %s too? They are told the host ended it. Press it again to end it; Esc keeps playing", friendsWords(friends)),
			fmt.Sprintf("Sure? End for %s", friendsWords(friends)), LabelQuit
	case friends > 0 && ask == askQuit:
		return fmt.Sprintf("Quit ends the game for your %s too: they are told the host ended it. Press it again to quit; Esc keeps playing", friendsWords(friends)),
			LabelEndGame, fmt.Sprintf("Sure? Quit for %s", friendsWords(friends))
	case friends == 1:
		return "End the game or Quit stops it for everyone: your friend is told the host ended it", LabelEndGame, LabelQuit
	case friends > 1:
		return fmt.Sprintf("End the game or Quit stops it for everyone: your %s are told the host ended it", friendsWords(friends)), LabelEndGame, LabelQuit
	}
	return "End the game stops the game you host; no friend is in it now", LabelEndGame, LabelQuit
}

// friendsWords is "1 friend" or "3 friends".
func friendsWords(n int) string {
	if n == 1 {
		return "1 friend"
	}
	return fmt.Sprintf("%d friends", n)
}

// inDungeon reports whether the player is in a dungeon: there, leaving
// costs the escape channel, and the menu says so.
func (s *playScene) inDungeon() bool {
	_, d := s.rt.Instance()
	return d != game.HubDungeon && s.rt.State() == client.StatePlaying
}

// menu is the pause menu for where the player is.
func (s *playScene) menu() *ui.Form {
	if s.inDungeon() {
		return s.pause.dungeonForm
	}
	return s.pause.hubForm
}

func (s *playScene) Update() error {
	in := s.win.In
	s.clock.frames++
	s.noteReach()
	s.noteCopy()
	if in.F3 {
		s.netGraph = !s.netGraph
	}
	invTook := !s.pause.open && !s.keeper.Open && s.updateInventory(in)
	panelTook := !s.pause.open && !invTook && s.keeper.Update(in, s.rt, s.win.W, s.win.H, s.clock.frames)
	if !panelTook && !invTook && s.updatePause(in) {
		if s.pause.quitting {
			s.mv.closeSession()
			return ebiten.Termination
		}
		return nil // left the game
	}
	it := s.intent(in, panelTook)
	s.sess.Frame(it)
	if st := s.rt.State(); st == client.StateFailed || st == client.StateClosed {
		s.mv.disconnected(failureText(s.rt))
		return nil
	}
	if s.rt.State() == client.StateRoster { // the character died in a dungeon
		if _, died := s.rt.LastDeath(); died && s.rt.Replay().Frozen() {
			s.mv.toDeath(s.sess)
			return nil
		}
		s.mv.toRoster(s.sess)
		return nil
	}
	s.marks.seen = s.rt.HitsSince(s.marks.seen, s.marks.onMark)
	s.fx.Update(s.frame())
	s.listen(it)
	s.follow()
	s.notePlaying()
	s.hud.Update(s.rt, s.clock.frames, s.look, s.sess)
	s.items.Update(s.rt, s.now(), !s.inDungeon())
	return nil
}

// updateInventory opens and closes the inventory screen: its key or the
// pad's select button toggles it, Esc closes it. It says whether it took
// this frame's keys.
func (s *playScene) updateInventory(in *ui.FrameInput) bool {
	s.inv.ScrollBy(in)
	switch {
	case in.Bag || in.Pad.Select:
		s.inv.Toggle()
		return true
	case s.inv.Open && (in.Back || in.Pad.B):
		s.inv.Open = false
		return true
	}
	return false
}

// updatePause opens, runs and closes the pause menu; true means the player
// disconnected.
func (s *playScene) updatePause(in *ui.FrameInput) bool {
	s.layoutPause()
	if !s.pause.open {
		if in.Back || in.Pad.Start {
			s.pause.open, s.pause.returning, s.pause.endAsked, s.pause.quitAsked, s.menu().Focus = true, false, false, false, 0
			fmt.Fprintln(s.logw, "duskfall: scene=pause")
		}
		return false
	}
	if s.pause.settings != nil {
		if s.pause.settings.Update(in) {
			s.pause.settings = nil
		}
		return false
	}
	if s.host.players != nil {
		if s.host.players.Update(in) {
			s.host.players = nil
		}
		return false
	}
	focus := s.menu().Focus
	pressed := s.menu().Update(in)
	if s.pause.endAsked && (s.menu().Focus != focus || (pressed != nil && pressed != s.pause.leave)) {
		s.pause.endAsked = false // the question is let go as the focus leaves it
	}
	if s.pause.quitAsked && (s.menu().Focus != focus || (pressed != nil && pressed != s.pause.quit)) {
		s.pause.quitAsked = false
	}
	switch pressed {
	case s.pause.copyCode:
		s.copyJoinCode()
	case s.pause.players:
		s.host.players = hud.NewPlayersPanel(s.win, s.logw, s.rt, s.host.ctl)
		fmt.Fprintln(s.logw, "duskfall: scene=players")
	case s.pause.setup:
		s.pause.settings = s.newSettings()
		fmt.Fprintln(s.logw, "duskfall: scene=settings")
	case s.pause.quit:
		if s.askToQuit() {
			break
		}
		s.pause.quitting = true
		return true
	case s.pause.resume:
		s.pause.open = false
	case s.pause.toHub:
		s.pause.open, s.pause.returning = false, true
	case s.pause.leave:
		if s.askToEnd() {
			break
		}
		s.mv.leaveToMenu()
		return true
	default:
		switch {
		case (s.pause.endAsked || s.pause.quitAsked) && in.MenuBack():
			s.pause.endAsked, s.pause.quitAsked = false, false // Esc takes the question back, the menu still open
		case in.MenuBack() || in.Pad.Start:
			s.pause.open = false
		}
	}
	s.layoutPause() // the words and the End button's label as the press left them
	return false
}

// askToEnd says whether the host's End the game asks first instead of
// ending: the first press with friends in the game, who would be sent
// back to their menu.
func (s *playScene) askToEnd() bool {
	if s.host.ctl == nil || s.pause.endAsked {
		return false
	}
	n := s.host.ctl.Friends()
	if n == 0 {
		return false
	}
	s.pause.endAsked = true
	fmt.Fprintf(s.logw, "duskfall: end the game? friends=%d\n", n)
	return true
}

// askToQuit is askToEnd for Quit: the window closing ends the hosted game
// as surely as End the game does.
func (s *playScene) askToQuit() bool {
	if s.host.ctl == nil || s.pause.quitAsked {
		return false
	}
	n := s.host.ctl.Friends()
	if n == 0 {
		return false
	}
	s.pause.quitAsked = true
	fmt.Fprintf(s.logw, "duskfall: quit? friends=%d\n", n)
	return true
}

// intent is the player's input, or only the last aim while paused. After
// Return to hub it holds ESCAPE, exactly as holding F does, until the ship
// is out of the dungeon: the menu has no way out of its own. While the
// upgrade panel has the input (panel), E, the number keys and clicks are
// its, never an Interact, an item's use or a shot.
func (s *playScene) intent(in *ui.FrameInput, panel bool) client.Intent {
	if s.pause.open {
		return client.Intent{Aim: s.lastAim}
	}
	if s.pause.returning && !s.inDungeon() {
		s.pause.returning = false
	}
	sx, sy := float64(s.win.W)/2, float64(s.win.H)/2
	if s.view.hasView {
		x, y := s.onScreen(s.view.viewer.X, s.view.viewer.Y)
		sx, sy = float64(x), float64(y)
	}
	it := s.aim.Intent(in, sx, sy)
	s.lastAim, s.focused = it.Aim, it.Focus
	s.items.ItemIntent(in, s.win.W, s.win.H, panel, s.inv.Open, &it)
	if panel {
		it.Interact = false
	}
	s.items.HintIntent(it, s.rt, s.now())
	it.Escape = it.Escape || s.pause.returning
	return it
}

// follow centres the camera on the predicted own ship, or on the map until
// the ship is placed.
func (s *playScene) follow() {
	if self, ok := s.rt.Self(); ok {
		s.view.viewer, s.view.hasView = self.Pos, true
	} else if g := s.rt.Grid(); g != nil && !s.view.hasView {
		w, h := g.Size()
		s.view.viewer = game.Vec{X: w / 2, Y: h / 2}
	}
	ox, oy := s.fx.ShakeOffset(s.clock.frames)
	s.view.zoom = worldZoom(s.win.W, s.win.H)
	vw, vh := int(math.Ceil(float64(s.win.W)/s.view.zoom)), int(math.Ceil(float64(s.win.H)/s.view.zoom))
	s.view.cam = world.CentredOn(s.view.viewer.X+ox, s.view.viewer.Y+oy+fieldShift(s.win.W, s.win.H)/s.view.zoom, vw, vh)
}

// LabelCopyJoinCode is the pause menu's button that copies the join code.
const LabelCopyJoinCode = "Copy join code"

// copyJoinCode puts the join code on the clipboard (the public one once
// the router opened the port) and says so, or says it could not.
func (s *playScene) copyJoinCode() {
	code := s.sess.JoinCode()
	ui.CopyText(code, func(ok bool) {
		s.host.copied.Store(ok)
		s.host.copyDone.Store(true)
	})
	fmt.Fprintf(s.logw, "duskfall: copying the join code %s\n", code)
}

// noteCopy says, once the clipboard's tool answered, whether the code went.
func (s *playScene) noteCopy() {
	if !s.host.copyDone.Swap(false) {
		return
	}
	if s.host.copied.Load() {
		s.items.Push("Join code copied: paste it to your friends", s.now())
		return
	}
	s.items.Push("No clipboard tool answered: read the join code off the top left", s.now())
}

// noteReach follows the hosted game's port on the home router: once a
// second, and when its state changes, the join code on the HUD, a toast
// and a log line.
func (s *playScene) noteReach() {
	if s.clock.frames%60 != 1 && s.host.reach.State != portmap.Looking {
		return // looking: every frame, so the answer shows as it comes
	}
	r := s.sess.Reach()
	if r.State == s.host.reach.State && r.External == s.host.reach.External {
		return
	}
	s.host.reach = r
	s.hud.Where, s.hud.Code, s.hud.Reach = s.sess.Where(), s.sess.JoinCode(), reachWords(r)
	s.hud.WhereKey = [3]int{-1} // the place line again, with the code
	if r.State == portmap.Looking || r.State == portmap.Off {
		return
	}
	s.items.Push(r.Short(), s.now())
	fmt.Fprintf(s.logw, "duskfall: port mapping: %s\n", r.Line())
	if r.State == portmap.Open {
		fmt.Fprintf(s.logw, "duskfall: join code %s\n", s.hud.Code)
	}
}

// worldZoom is how many screen pixels a world unit takes in a w×h window:
// 1 up to 1280×720, and as much more as the window is larger both ways,
// so a big screen shows the field bigger, not more of it (a 4K screen
// would show the ship 30 pixels wide in a sea of fog).
func worldZoom(w, h int) float64 {
	return max(1, min(float64(w)/ui.WindowWidth, float64(h)/ui.WindowHeight))
}

// onScreen maps a world point to the window, through the zoom.
func (s *playScene) onScreen(x, y float64) (float32, float32) {
	sx, sy := s.view.cam.ToScreen(x, y)
	z := float32(max(s.view.zoom, 1))
	return sx * z, sy * z
}

// worldTarget is the image the world is drawn on: the screen at zoom 1,
// else an image of the camera's size, made again only when that changes.
func (s *playScene) worldTarget(screen *ebiten.Image) *ebiten.Image {
	if s.view.zoom <= 1 {
		return screen
	}
	w, h := int(s.view.cam.W), int(s.view.cam.H)
	if s.view.canvas == nil || s.view.canvas.Bounds().Dx() != w || s.view.canvas.Bounds().Dy() != h {
		if s.view.canvas != nil {
			s.view.canvas.Deallocate()
		}
		s.view.canvas = ebiten.NewImage(w, h)
	}
	return s.view.canvas
}

// present scales the world onto the screen when it was drawn apart:
// whole zooms pixel for pixel, others smoothly.
func (s *playScene) present(screen, world *ebiten.Image) {
	if world == screen {
		return
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(s.view.zoom, s.view.zoom)
	if s.view.zoom != math.Trunc(s.view.zoom) {
		op.Filter = ebiten.FilterLinear
	}
	screen.DrawImage(world, &op)
}

// fieldShift is how far below the own ship the camera looks: half the
// height the bottom HUD covers, so the ship sits in the middle of the
// field left open and sees as far below as above it, never into bullets
// hidden under the item bar.
func fieldShift(w, h int) float64 {
	covered := h - (hud.BarRect(w, h).Min.Y - hud.XpLineUpAt(ui.Scale(w, h)))
	return float64(max(covered, 0)) / 2
}

// notePlaying prints the line GUI tests wait for and schedules the
// DUSKFALL_SHOT screenshot.
func (s *playScene) notePlaying() {
	if s.rt.State() != client.StatePlaying {
		return
	}
	if !s.clock.logged {
		s.clock.logged = true
		fmt.Fprintf(s.logw, "duskfall: scene=play players=%d\n", 1+len(s.rt.Players()))
		fmt.Fprintf(s.logw, "duskfall: %s\n", s.sess.Where())
		if code := s.sess.JoinCode(); code != "" {
			fmt.Fprintf(s.logw, "duskfall: join code %s\n", code)
		}
	}
	if s.clock.frames%game.TickRate == 0 {
		s.quality.judgeQuality(s.clock.playing, actualFPS())
	}
	if s.perfLog && s.clock.frames%(5*game.TickRate) == 0 {
		fmt.Fprintf(s.logw, "duskfall: fps=%.1f tps=%.1f bullets=%d\n", ebiten.ActualFPS(), ebiten.ActualTPS(), s.rt.Bullets().Len())
	}
	if self, ok := s.rt.Self(); ok {
		s.clock.playing++
		if s.clock.playing == 1 { // what the HUD shows of the character first, for window tests
			class := ""
			if cl := s.rt.Class(); cl != nil {
				class = cl.ID
			}
			fmt.Fprintf(s.logw, "duskfall: playing %s class=%s health=%d/%d\n", s.rt.Character().Name, class, self.HP, self.MaxHP)
		}
		if s.clock.playing == shotAfterFrames && s.shot.path != "" {
			s.shot.due = true
		}
		s.noteAbility(self)
	}
}

// noteAbility writes, for window tests, each use of the own ability as
// the HUD shows it (its cooldown starting) and the moment it is ready
// again, each with where the ship is: "duskfall: ability dash used at
// 612,1680".
func (s *playScene) noteAbility(self client.Actor) {
	ab, st := s.rt.Ability()
	if ab == nil {
		return
	}
	switch {
	case st.Cooldown > s.clock.abCooldown:
		fmt.Fprintf(s.logw, "duskfall: ability %s used at %.0f,%.0f\n", ab.Kind, self.Pos.X, self.Pos.Y)
	case st.Cooldown == 0 && s.clock.abCooldown > 0:
		fmt.Fprintf(s.logw, "duskfall: ability %s ready at %.0f,%.0f\n", ab.Kind, self.Pos.X, self.Pos.Y)
	}
	s.clock.abCooldown = st.Cooldown
}

// holdFrame says whether this frame repeats the last: a hit-stop.
func (s *playScene) holdFrame() bool { return s.fx.HoldFrame() }

func (s *playScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(color.Black) // unknown ground is black
	g.Boxes.On = false       // the world and what moves with it are not the layout's
	world := s.worldTarget(screen)
	world.Fill(color.Black)
	v := s.worldView()
	fr := s.frame()
	s.drawWorld(world, g, &v, fr)
	g.Shapes.Flush(world)
	g.Bullets.Draw(world, v.Bullets, v.Telegraphs, v.Cam, v.Fog)
	s.fx.Draw(world, g, fr)
	s.drawLevelUpRings(world, g)
	// The world's labels move and scale with the world, and keep out from
	// under the HUD as it was last drawn.
	// Under the pause menu they are left out: a name beside the menu's
	// words read as more of them.
	if !s.pause.open {
		s.labels.Avoid(g.Boxes.Last, s.view.zoom, world.Bounds())
		s.drawLabels(world, g)
		s.items.DrawLootLabels(world, g, fr, s.rt.Fog())
		s.keeper.DrawLabel(world, g, fr, s.rt.Fog())
	} else {
		s.labels.Reset()
	}
	s.present(screen, world)
	g.Boxes.On = true
	// Under a panel that dims the screen the HUD keeps its bars and slots
	// and leaves its words out: they would show through the panel's own.
	g.Text.Quiet = s.pause.open || s.keeper.Open
	s.hud.Draw(screen, g, fr, &v)
	if s.fx.BossSeen {
		s.fx.DrawBossMarker(screen, g, fr, s.fx.BossAt)
		g.Shapes.Flush(screen)
	}
	s.items.DrawHUD(screen, g, fr, s.keeper.Open)
	hud.DrawPortalPointers(screen, g, fr)
	g.Text.Quiet = false
	if s.inv.Open {
		s.inv.Refresh(s.items, s.rt.Sheet(), s.rt.Class(), s.keys[ui.ActAbility])
		tip, tipped := s.items.TipRect(g, fr)
		if tipped { // the tooltip goes over the panel: the panel's words under it are left out
			g.Text.Hole = tip
		}
		s.inv.Draw(screen, g, s.rt.Character().Name, *s.keys, s.win.W, s.win.H)
		g.Text.Hole = image.Rectangle{}
		if tipped {
			g.Boxes.Overlay(false)
			s.items.DrawTip(screen, g, fr)
		}
	}
	s.keeper.DrawPanel(screen, g, s.win.W, s.win.H)
	if s.pause.open && s.host.players == nil && s.pause.settings == nil { // those lists hide it
		s.drawPause(screen, g)
	}
	if s.pause.settings != nil {
		s.pause.settings.Draw(screen, g)
	}
	if s.host.players != nil {
		s.host.players.Draw(screen, g)
	}
	s.drawTransients(screen, g)
}

// worldView is this frame's world for the world's drawers (world.View):
// the runtime's view of it, the camera and the own ship as predicted.
func (s *playScene) worldView() world.View {
	v := world.View{Cam: s.view.cam, Frame: s.clock.frames, High: s.quality.highQuality(), Now: s.now(),
		Grid: s.rt.Grid(), Fog: s.rt.Fog(), Eye: s.view.viewer, SelfAim: s.lastAim, Focused: s.focused,
		Players: s.rt.Players(), ClassOf: s.classOf, Enemies: s.rt.Enemies(), Portals: s.rt.Portals(),
		Bullets: world.PoolColumns(s.rt.Bullets()), Telegraphs: s.rt.Telegraphs(), Abilities: s.rt.RecentAbilities()}
	v.Instance, v.Dungeon = s.rt.Instance()
	v.Depth = s.rt.Depth()
	v.Self, v.HasSelf = s.rt.Self()
	if _, st := s.rt.Ability(); st.Invulnerable() {
		v.Self.Flags |= game.PlayerShielded // the own shield or dash as predicted, not a snapshot late
	}
	if cl := s.rt.Class(); cl != nil {
		v.SelfShip = world.ShipDesign(cl.Ship)
	}
	return v
}

// drawWorld draws the world under the bullets: the ground and portals,
// what stands on the ground of the hub and the dungeons (the keeper,
// loot), then the actors.
func (s *playScene) drawWorld(world *ebiten.Image, g *world.Graphics, v *world.View, fr *hud.Frame) {
	s.look.NoteHits(s.rt, v)
	a, ok := s.look.DrawGround(world, g, v)
	if !ok {
		return
	}
	s.keeper.DrawFigure(world, a, g.Shapes, fr, v.Fog)
	s.items.DrawLoot(world, a, fr, v.Fog)
	s.look.DrawActors(world, g, a, v)
}

// drawLevelUpRings draws the level-up moment's rings at the own ship;
// its words go over the fight, on the screen.
func (s *playScene) drawLevelUpRings(world *ebiten.Image, g *world.Graphics) {
	if self, ok := s.rt.Self(); ok {
		x, y := s.view.cam.ToScreen(self.Pos.X, self.Pos.Y)
		s.items.Level.DrawRings(world, g.Shapes, x, y, s.now())
		g.Shapes.Flush(world)
	}
}

func (s *playScene) drawPause(screen *ebiten.Image, g *world.Graphics) {
	g.Boxes.Overlay(true)
	g.Shapes.Rect(screen, 0, 0, float32(s.win.W), float32(s.win.H), ui.ColDimScreen)
	ui.DrawFormShapes(screen, &g.Graphics, s.menu())
	g.Shapes.Flush(screen)
	// The title, the line under it and what leaving costs or ending the
	// game does, where the layout put them: clear of the HUD
	// (render/hud/pause_layout.go).
	k, l := ui.Scale(s.win.W, s.win.H), s.pause.at
	g.Text.Draw(screen, "Paused", s.win.W/2, l.TitleY, l.TitleScale, ui.AlignCenter, ui.ColTitle)
	if l.SubY >= 0 {
		g.Text.Draw(screen, "the game goes on around you", s.win.W/2, l.SubY, k, ui.AlignCenter, ui.ColDim)
	}
	if len(s.pause.cost.lines) > 0 {
		g.Text.DrawLines(screen, s.pause.cost.lines, s.win.W/2, l.CostY, k, ui.ColTitle)
	}
	ui.DrawFormTextAt(screen, &g.Graphics, s.menu(), 0, k)
}

// keeperName is the upgrade NPC's name, from the pack's hub map.
func keeperName(pack *levels.Pack) string {
	if hub, err := pack.Map("hub"); err == nil && hub.NPCName != "" {
		return hub.NPCName
	}
	return "the upgrade keeper"
}

// leaveCost is what the pause menu says in a dungeon, before the click.
const leaveCost = "Leaving takes a second wherever you stand, and you can still be hit: " +
	"Return to hub channels it here; Disconnect leaves your body to channel it alone."

// hostLeaveCost is leaveCost for the host, whose game ends when it leaves.
const hostLeaveCost = "Leaving takes a second wherever you stand, and you can still be hit: " +
	"Return to hub channels it here."

// Pause menu labels. A host's Disconnect reads LabelEndGame: its game
// ends for everyone when it leaves.
const (
	LabelResume      = "Resume"
	LabelReturnToHub = "Return to hub"
	LabelDisconnect  = "Disconnect to menu"
	LabelEndGame     = "End the game"
	// LabelPlayers is the host's button that opens the Players list.
	LabelPlayers = hud.LabelPlayers
)

// BarSlotCenter is the centre of slot i of the item bar (the bag's from
// 0, then the worn ones) in a w×h window, for tests that point at it.
func BarSlotCenter(i, w, h int) image.Point { return hud.BarSlotCenter(i, w, h) }

// PauseButtonCenter is the centre of a pause menu button in a w×h window,
// in the hub or (inDungeon) in a dungeon, hosting (with the Players list,
// and no friend in the game) or not, for tests that click it.
// LabelDisconnect and LabelEndGame both name the button that leaves,
// whatever it reads.
func PauseButtonCenter(label string, w, h int, inDungeon, hosting bool) (image.Point, bool) {
	return pauseButtonCenter(label, w, h, inDungeon, hosting, 0)
}

// PauseButtonCenterWithFriends is PauseButtonCenter for a host with this
// many friends in its game.
func PauseButtonCenterWithFriends(label string, w, h int, inDungeon bool, friends int) (image.Point, bool) {
	return pauseButtonCenter(label, w, h, inDungeon, true, friends)
}

func pauseButtonCenter(label string, w, h int, inDungeon, hosting bool, friends int) (image.Point, bool) {
	if label == LabelEndGame {
		label = LabelDisconnect
	}
	labels := []string{LabelResume}
	if inDungeon {
		labels = append(labels, LabelReturnToHub)
	}
	if hosting {
		labels = append(labels, hud.LabelPlayers, LabelCopyJoinCode) // as pauseButtons has them
	}
	labels = append(labels, LabelSettings, LabelDisconnect, LabelQuit)
	bs := make([]*ui.Button, len(labels))
	for i, l := range labels {
		bs[i] = &ui.Button{Label: l}
	}
	room := pauseRoomFor(hosting, inDungeon, friends)
	hud.PauseColumn(w, h, len(ui.Wrap(room, hud.PauseCostWidth(w, h, ui.Scale(w, h)))), bs)
	for _, b := range bs {
		if b.Label == label {
			return b.Rect.Min.Add(b.Rect.Size().Div(2)), true
		}
	}
	return image.Point{}, false
}

// listen tells the sound director what this frame brought.
func (s *playScene) listen(it client.Intent) {
	self, ok := s.rt.Self()
	alive := ok && self.Flags&game.PlayerDead == 0
	inst, _ := s.rt.Instance()
	firing := it.Fire && self.Flags&game.PlayerGrace == 0 // a ship in its arrival grace cannot shoot
	stats := s.rt.PlayerStats()
	if s.dir.Update(firing, stats.FireCooldown, self.HP, self.MaxHP, alive, inst) {
		s.fx.Punch.Muzzle(self.Pos, s.lastAim, stats.MuzzleOffset, true, s.clock.frames)
	}
	if sh := s.rt.Sheet(); sh.Known {
		s.dir.Sheet(sh.Action, sh.ActionAt.UnixNano())
	}
}

// keeperMark is where the minimap marks the keeper this frame.
func (s *playScene) keeperMark() hud.KeeperMark {
	at, found := s.keeper.Spot(s.rt, s.clock.frames)
	return hud.KeeperMark{At: at, Found: found, Owed: s.rt.Sheet().Owed > 0}
}

// frame fills the scene's playFrame from its state now and returns it.
func (s *playScene) frame() *hud.Frame {
	f := &s.pf
	*f = hud.Frame{W: s.win.W, H: s.win.H, Frame: s.clock.frames, Rt: s.rt, Look: s.look, Cam: s.view.cam, Zoom: s.view.zoom,
		High: s.quality.highQuality(), Aim: s.lastAim, Labels: &s.labels, Settings: s.settings, Keys: s.keys, Dir: s.dir,
		Display: &s.hud, Keeper: s.keeperMark(), Logw: s.logw, NetGraph: s.netGraph,
		InvOpen: s.inv.Open, Paused: s.pause.open, KeeperOpen: s.keeper.Open}
	return f
}
