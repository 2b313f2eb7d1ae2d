package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/audio"

	"duskfall/client"
	"duskfall/game"
	"duskfall/internal/atomicfile"
	"duskfall/internal/waitgroup"
	"duskfall/levels"
	"duskfall/profile"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/sound"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// WindowTitle is the window's title, by which tests find it.
const WindowTitle = ui.WindowTitle

// Options are the command line's say in how the window starts.
type Options struct {
	Host bool   // go straight into Host and play
	Join string // go straight into joining this host:port
	Name string // player name for this run; empty means the saved one
	// Class is the class a character made on the way in gets (--class with
	// --host or --join); empty means the content's first.
	Class string
	Port  int // UDP port Host and play listens on
	// NoPortMap keeps Host and play off the home router for this run
	// (--upnp=false), whatever the main menu's Router switch says.
	NoPortMap bool
	Seed      uint64 // world seed when hosting
	// StartHost starts Host and play; main passes listen.Start, so render
	// never imports the server. Nil means the program cannot host.
	StartHost HostFunc
	// Content is what the window plays, hosting or joining (the built-in
	// content, or --content DIR): its clients' content, the hosted
	// server's, and the maps and names the window draws. Required.
	Content *levels.Pack
}

// Run opens the window and runs the game until the player quits or closes
// the window. A hosted or joined game still open then is closed.
func Run(opts Options) error {
	path, err := profile.SettingsPath()
	if err != nil {
		fmt.Fprintf(os.Stderr, "duskfall: settings will not be saved: %v\n", err)
	}
	a, err := newApp(opts, netStarter(opts.StartHost), os.Stderr, path)
	if err != nil {
		return err
	}
	a.shot.path = os.Getenv("DUSKFALL_SHOT")
	a.perfLog = os.Getenv("DUSKFALL_PERF") == "1"
	a.sound = sound.OpenSpeaker(os.Stderr)
	if _, quiet := a.sound.(sound.Silence); !quiet {
		a.music = sound.StartMusic(audio.CurrentContext(), a.settings.MusicLoudness)
	}
	ebiten.SetWindowTitle(WindowTitle)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowSizeLimits(settings.MinWindowWidth, settings.MinWindowHeight, -1, -1)
	settings.ApplyWindow(a.settings, true)
	ebiten.SetTPS(game.TickRate)
	// Draw clears the screen itself, unless the scene holds its last frame
	// (a hit-stop): Ebitengine must keep that frame for it.
	ebiten.SetScreenClearedEveryFrame(false)
	// A host's window steps the server: it must keep running when the
	// player switches to another window.
	ebiten.SetRunnableOnUnfocused(true)
	if path := os.Getenv("DUSKFALL_CPUPROFILE"); path != "" {
		stop := startCPUProfile(path, a.logw)
		defer stop()
	}
	err = ebiten.RunGame(a)
	a.lan.close()
	a.closeSession()
	a.waitClosed(exitCloseWait)
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}

// app is the ebiten.Game: the scene manager, the shared input and drawing
// resources, the settings and the open session.
type app struct {
	opts         Options
	choose       bool // the first launch: the player makes its first character (scene_first.go)
	settings     profile.Settings
	settingsPath string
	start        starter
	now          func() time.Time // the sessions' clock: see starter
	logw         io.Writer        // messages for the terminal: stderr

	hud.Window // the scenes' size, input and graphics
	col        ui.Collector
	scenes     sceneManager
	sess       session

	// closing counts sessions still saying goodbye on their own goroutine.
	closing sync.WaitGroup

	typed typedJoin // the join under way from the join screen
	clip  ui.Clipboard
	lan   lanSearch // games on the local network, for the join screen

	shot    screenshot     // DUSKFALL_SHOT
	sound   sound.Speaker  // silence until Run opens the device, and where there is none
	music   *sound.Jukebox // nil where there is no sound
	perfLog bool           // DUSKFALL_PERF=1: frames and ticks per second, and live bullets, every 5 s
	auto    autoQuality    // the Auto graphics setting's state this session
}

// newApp loads the settings from settingsPath ("" keeps them in memory
// only) and opens the first scene.
func newApp(opts Options, st starter, logw io.Writer, settingsPath string) (*app, error) {
	if opts.Content == nil {
		return nil, errors.New("render: Options.Content is nil: the window plays the content it is given")
	}
	a := &app{opts: opts, start: st, now: st.now, logw: logw, Window: hud.Window{W: ui.WindowWidth, H: ui.WindowHeight, In: &ui.FrameInput{}},
		settingsPath: settingsPath, sound: sound.Silence{}}
	if a.now == nil {
		a.now = time.Now
	}
	if err := a.loadSettings(); err != nil {
		return nil, err
	}
	switch {
	case opts.Host:
		a.hostAndPlay()
	case opts.Join != "":
		a.join(opts.Join)
	default:
		a.toMenu()
	}
	a.scenes.apply()
	return a, nil
}

// loadSettings reads the settings. A file that does not parse is set aside
// as settings.toml.bad (it holds the account token, so it is kept for the
// player to rescue) and defaults take its place: the player can still play.
func (a *app) loadSettings() error {
	s, changed, err := ui.LoadSettings(a.settingsPath)
	if err != nil {
		bad := a.settingsPath + ".bad"
		fmt.Fprintf(a.logw, "duskfall: %v; kept as %s, using defaults\n", err, filepath.Base(bad))
		if err := os.Rename(a.settingsPath, bad); err != nil {
			a.settingsPath = "" // never overwrite a file we could not set aside
		}
		if s, changed, err = ui.LoadSettings(""); err != nil {
			return err
		}
	}
	a.settings = s
	// No name of its own yet, and no --host or --join to go straight in:
	// the first launch.
	a.choose = !a.nameChosen() && !a.opts.Host && a.opts.Join == ""
	for _, w := range s.Warnings {
		fmt.Fprintf(a.logw, "duskfall: settings: %s\n", w)
	}
	if changed {
		a.saveSettings()
	}
	a.applyInput()
	return nil
}

// applyInput hands the input collector the keys and gamepad choice.
func (a *app) applyInput() {
	a.col.Keys = ui.BindingsOf(&a.settings)
	a.col.NoPads = !a.settings.Gamepad
	ui.ScaleChoice = a.settings.UIScale
}

// settingsKeeper is the app as the settings panel asks of it: to save a
// change, to hand a new key or gamepad choice to the input, to keep a
// name, and the Graphics row's words.
type settingsKeeper struct{ a *app }

var _ settings.Keeper = settingsKeeper{}

func (k settingsKeeper) SaveSettings()        { k.a.saveSettings() }
func (k settingsKeeper) ApplyInput()          { k.a.applyInput() }
func (k settingsKeeper) Rename(name string)   { k.a.rename(name) }
func (k settingsKeeper) QualityWords() string { return k.a.qualityWords() }

func (a *app) saveSettings() {
	if a.settingsPath == "" {
		return
	}
	if err := a.settings.Save(a.settingsPath); err != nil {
		fmt.Fprintf(a.logw, "duskfall: cannot save settings: %v\n", err)
	}
}

// playerName is the name this run plays under.
func (a *app) playerName() string {
	if a.opts.Name != "" {
		return a.opts.Name
	}
	return a.settings.Name
}

// nameChosen says whether the player has a name of its own: one given on
// the command line, or one kept in Settings that is not the made-up one.
func (a *app) nameChosen() bool {
	if a.opts.Name != "" {
		return true
	}
	s := &a.settings
	return s.Name != "" && (len(s.Token) < 4 || s.Name != "pilot-"+s.Token[:4])
}

// chosenName is the name the player chose, "" before the first launch
// asks it: what the window may show as theirs.
func (a *app) chosenName() string {
	if !a.nameChosen() {
		return ""
	}
	return a.playerName()
}

// clientConfig names the player and gives the account secret of that name:
// one per name, so two windows on one computer, each with its own --name,
// are two accounts. The player chooses the character on the roster scene;
// an account with none makes its first on the class scene.
func (a *app) clientConfig() client.Config {
	name := a.playerName()
	token, changed, err := a.settings.TokenFor(name)
	if err != nil {
		fmt.Fprintf(a.logw, "duskfall: no account secret for %q: %v\n", name, err)
	}
	if changed {
		a.saveSettings()
	}
	policy := client.RosterAsk // a name from the command line: a first join makes a character of that name
	if a.choose {
		policy = client.RosterChoose
	}
	cfg := client.Config{Content: a.opts.Content.Content, Name: name, Token: token, Roster: policy, Class: a.opts.Class}
	cfg.KnownServers = profile.KnownServers(a.settingsPath)
	return cfg
}

// Update is ebiten's fixed 60 Hz tick.
func (a *app) Update() error {
	a.In = a.col.Collect()
	if a.In.F11 {
		a.toggleFullscreen()
	}
	_, playing := a.scenes.current.(*playScene)
	if !playing && (a.In.Mouse.Click || a.In.MenuEnter()) {
		a.sound.Play(sound.SndClick, a.settings.EffectsLoudness())
	}
	err := a.scenes.update()
	a.playMusic()
	return err
}

// toggleFullscreen switches between the window and the whole screen, and
// remembers the choice.
func (a *app) toggleFullscreen() {
	a.settings.Fullscreen = !a.settings.Fullscreen
	settings.ApplyWindow(a.settings, false)
	a.saveSettings()
}

// frameHolder is a scene that may hold its last drawn frame on screen for
// a frame: the play scene's hit-stop.
type frameHolder interface{ holdFrame() bool }

// Draw draws the current scene, then takes the screenshot if one is due.
// A scene holding its frame is not drawn: the screen keeps the last one.
func (a *app) Draw(screen *ebiten.Image) {
	glow := a.highQuality()
	if a.Gfx == nil {
		a.Gfx = &world.Graphics{Graphics: ui.Graphics{Text: ui.NewTextCache(), Shapes: ui.NewShapeBatch()}, Bullets: world.NewBulletLayer(a.settings.BulletPalette, glow)}
		a.Gfx.Text.Boxes, a.Gfx.Shapes.Boxes = &a.Gfx.Boxes, &a.Gfx.Boxes
	}
	if h, ok := a.scenes.current.(frameHolder); ok && h.holdFrame() {
		return
	}
	screen.Clear()
	a.Gfx.Bullets.Follow(a.settings.BulletPalette, glow)
	a.Gfx.Text.BeginFrame()
	a.Gfx.Boxes.Reset()
	a.Gfx.Boxes.On = true // the play scene leaves the world's labels out
	a.scenes.draw(screen)
	if a.shot.due {
		a.shot.due = false
		if err := saveScreenshot(screen, a.shot.path); err != nil {
			fmt.Fprintf(a.logw, "duskfall: screenshot: %v\n", err)
		} else {
			fmt.Fprintf(a.logw, "duskfall: screenshot saved to %s\n", a.shot.path)
		}
	}
}

// Layout keeps one screen pixel per window pixel: a bigger window shows
// more of the world.
func (a *app) Layout(outsideW, outsideH int) (int, int) {
	a.W, a.H = max(outsideW, 1), max(outsideH, 1)
	return a.W, a.H
}

// exitCloseWait bounds how long the window, once closed, waits for open
// sessions to say goodbye: the transport's own linger is a second.
const exitCloseWait = 3 * time.Second

// closeSession leaves the game, if any. Saying goodbye over the network
// waits for the server's acknowledgement (up to a second), so it happens
// on its own goroutine: the frame never waits for it.
func (a *app) closeSession() {
	if a.sess == nil {
		return
	}
	sess := a.sess
	a.sess = nil
	a.closing.Add(1)
	go func() {
		defer a.closing.Done()
		sess.Close()
	}()
}

// waitClosed waits for the sessions being closed, at most limit, and says
// whether they all finished.
func (a *app) waitClosed(limit time.Duration) bool { return waitgroup.Within(&a.closing, limit) }

// screenshot is DUSKFALL_SHOT's: where the play screenshot goes ("" for
// none), and whether the next Draw takes it.
type screenshot struct {
	path string
	due  bool
}

// saveScreenshot writes the screen as a PNG, through a temporary file so a
// reader never sees half of it.
func saveScreenshot(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return atomicfile.Write(path, buf.Bytes(), 0o600)
}
