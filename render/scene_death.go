package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/render/hud"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// The death screen (docs/ART.md, "The death screen"): when the own ship
// dies in a dungeon the play scene gives way to it before the roster. It
// says what killed the ship, how long that bullet was on screen before it
// hit (the client's hit-visibility record), what the death cost and what it
// kept, plays the last three seconds back from the client's own replay ring
// at a third of their speed, over and over, drawn by the world's own
// drawers (render/world/worldview.go) with the killing bullet ringed, and counts the
// dungeon lockout down in words. Enter or Esc (the pad's A or B) goes on to
// the roster; for its first second nothing does, and the keys of the fight
// (fire, the ability, clicks) never do, so the presses of a player still
// fighting as the ship dies cannot skip what they came to read. Every
// string is made when the scene opens (the lockout's eleven lines too), so
// drawing allocates nothing.

// Death screen timing and geometry.
const (
	replaySpeed    = 1.0 / 3 // the replay plays at 0.33×
	replayHoldEnd  = game.TickRate
	replayBoxMaxW  = 960 // the box, in pixels at UI scale 1, its world drawn a unit a pixel as in play
	replayBoxH     = 420
	replayMinSpan  = 320.0 // u the box shows top to bottom at least: a short box zooms out
	deathLockWords = 11    // lockout lines precomputed: 10 s down to open
	// deathCalm is how many of the scene's frames (a second at the
	// window's 60 per second) pass before any key goes on: the fight's
	// keys are still being pressed as the screen opens.
	deathCalm = game.TickRate
)

// Death screen colours.
var (
	colReplayBox   = ui.Rgb8(0, 0, 0, 1) // unknown ground, as in play
	colReplayEdge  = ui.Rgb8(120, 60, 70, 1)
	colReplayMark  = ui.Rgb8(255, 230, 90, 1)
	colReplayHalo  = ui.Rgb8(0, 0, 0, 0.65) // under the ring, so it reads on any ground
	colReplayTrack = ui.Rgb8(90, 90, 120, 1)
)

// deathFill is the backdrop as the interface Fill takes, made once: a
// colour turned into one every frame would allocate.
var deathFill color.Color = ui.ColBackdrop

// deathFooter says how the screen is left.
const deathFooter = "Enter or Esc: choose a character"

// deathScene is the death screen over the session, which keeps running.
type deathScene struct {
	win     *hud.Window
	mv      moves
	now     func() time.Time // the lockout counts down by it
	logw    io.Writer
	quality graphicsQuality
	sess    session
	rt      *client.Runtime

	report client.DeathReport
	replay *client.Replay
	frames int // updates since the scene opened

	// The replay is drawn by the world's drawers, as the game drew it:
	// its own look (the light map, the enemies' memory), the world
	// image the camera's size, scaled into the box, and the frame's
	// bullets in columns.
	look    *world.Look
	world   *ebiten.Image
	bullets world.BulletColumns
	classOf func(uint16) *game.Class
	ship    int         // the own ship's design
	fog     *client.Fog // the sight of frame sightOf
	sightOf int

	killed   string // "Killed by the Warden's Fury spiral in the Catacombs"
	sight    string // "That bullet was on your screen for 1.4 seconds before it hit."
	lost     string // "Lost with your bag: Healing Potion, Healing Potion"
	kept     string // "Kept, as you wore it: Iron Sword"
	caption  string // the replay's caption
	lockWord [deathLockWords]string
	lockSecs int
	// fits are the killer, sight, caption, lost and kept lines cut to
	// the window.
	fits [5]ui.Fitted
}

// newDeathScene opens the death screen on the runtime's last death; pack
// and quality are the play scene's, for drawing the replay alike.
func newDeathScene(win *hud.Window, mv moves, sess session, now func() time.Time, logw io.Writer, pack *levels.Pack, quality graphicsQuality) *deathScene {
	rt := sess.Runtime()
	d, _ := rt.LastDeath()
	s := &deathScene{win: win, mv: mv, now: now, logw: logw, quality: quality, sess: sess, rt: rt, report: d, replay: rt.Replay(),
		lockSecs: -1, sightOf: -1, look: world.NewLook(pack, rt.PlayerStats().Radius)}
	s.classOf = rt.PlayerClass
	if cl := s.replay.Place().Class; cl != nil {
		s.ship = world.ShipDesign(cl.Ship)
	}
	c := rt.Content()
	s.killed, s.sight, s.lost, s.kept = deathWords(d, c)
	s.caption = "Your last " + secondsWords(s.replay.Len()) + " at 0.33×, over and over · the ringed bullet hit you"
	for i := range s.lockWord {
		s.lockWord[i] = lockoutWords("you", i)
	}
	fmt.Fprintf(logw, "duskfall: scene=death killed=%q sight=%q lost=%q kept=%q replay_frames=%d\n",
		s.killed, s.sight, s.lost, s.kept, s.replay.Len())
	return s
}

// deathWords are the death screen's lines of fact.
func deathWords(d client.DeathReport, c *game.Content) (killed, sight, lost, kept string) {
	killed = "Killed by " + d.Killer
	if d.Place != "" {
		killed += " in " + d.Place
	}
	switch {
	case !d.Seen:
		sight = "That bullet was never on your screen before it hit."
	case d.SeenTicks < client.SeenEnoughTicks:
		sight = fmt.Sprintf("That bullet was on your screen for only %s before it hit: too short to read.", secondsWords(d.SeenTicks))
	default:
		sight = fmt.Sprintf("That bullet was on your screen for %s before it hit.", secondsWords(d.SeenTicks))
	}
	if len(d.Lost) == 0 {
		lost = "Your bag was empty: nothing was lost."
	} else {
		lost = "Lost with your bag: " + itemList(d.Lost, c)
	}
	if len(d.Kept) == 0 {
		kept = "Nothing was worn, so nothing else was kept."
	} else {
		kept = "Kept, as you wore it: " + itemList(d.Kept, c)
	}
	return killed, sight, lost, kept
}

// secondsWords is a span of ticks in seconds: "1.4 seconds", "3 seconds",
// "1 second".
func secondsWords(ticks int) string {
	tenths := (ticks*10 + game.TickRate/2) / game.TickRate
	switch {
	case tenths == 10:
		return "1 second"
	case tenths < 1:
		return fmt.Sprintf("%d ms", ticks*1000/game.TickRate)
	case tenths%10 == 0:
		return fmt.Sprintf("%d seconds", tenths/10)
	}
	return fmt.Sprintf("%d.%d seconds", tenths/10, tenths%10)
}

// itemList names item defs with their counts, in the order each first
// appears: "2 Healing Potions, Iron Sword".
func itemList(defs []int, c *game.Content) string {
	var b strings.Builder
	for i, def := range defs {
		if slices.Contains(defs[:i], def) {
			continue // counted where it first appeared
		}
		n := 0
		for _, d := range defs[i:] {
			if d == def {
				n++
			}
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		switch {
		case c != nil && def >= 0 && def < len(c.Items):
			b.WriteString(ui.CountedName(c.Items[def].Name, n))
		case n == 1:
			b.WriteString("an unknown item")
		default:
			b.WriteString(ui.CountedName("unknown item", n))
		}
	}
	return b.String()
}

// lockoutWords counts the dungeon lockout of who ("you" on the death
// screen, the character's name on the roster) down in words.
func lockoutWords(who string, secs int) string {
	switch {
	case secs <= 0:
		return "The dungeons are open to " + who + " again."
	case secs == 1:
		return "The dungeons open to " + who + " again in 1 second."
	}
	return fmt.Sprintf("The dungeons open to %s again in %d seconds.", who, secs)
}

// lockSeconds is a lockout left in whole seconds, rounded up: it reads 0
// only once the server lets the character in.
func lockSeconds(left time.Duration) int { return int((left + time.Second - 1) / time.Second) }

// lockoutLeft is the whole seconds the dungeons stay closed to the
// character that died, from the roster the server sent (the clock the
// roster counts down by too); -1 while no roster tells of the death.
func (s *deathScene) lockoutLeft() int {
	v := s.rt.Roster()
	c, ok := v.Fallen()
	if !ok {
		return -1
	}
	return lockSeconds(v.LockoutLeft(&c, s.now()))
}

func (s *deathScene) Update() error {
	s.frames++
	s.sess.Frame(client.Intent{})
	switch s.rt.State() {
	case client.StatePlaying:
		s.mv.toPlay(s.sess)
		return nil
	case client.StateFailed, client.StateClosed:
		s.mv.disconnected(failureText(s.rt))
		return nil
	}
	s.lockSecs = min(s.lockoutLeft(), deathLockWords-1)
	if s.goesOn(s.win.In) {
		fmt.Fprintln(s.logw, "duskfall: scene=roster after death")
		s.mv.toRoster(s.sess)
	}
	return nil
}

// goesOn says whether this frame's input leaves for the roster: a fresh
// press of Enter or Esc (or the pad's A or B) once the calm is over. The
// presses are edge-triggered, so a key held down since before the death
// never counts; fire, the ability and clicks never go on at all.
func (s *deathScene) goesOn(in *ui.FrameInput) bool {
	if s.frames <= deathCalm {
		return false
	}
	return in.MenuEnter() || in.MenuBack()
}

// deathLayout is the death screen at the window's UI scale, top to
// bottom: the title, what killed the ship, how long its bullet was seen,
// the replay box (taking the height left, up to its full size), its track
// and caption, what was lost and kept, the lockout, and the way on.
type deathLayout struct {
	k                       float64
	titleY, killedY, sightY int
	box                     image.Rectangle
	captionY, lostY, keptY  int
	lockY, onY              int
}

func deathLayoutFor(w, h int) deathLayout {
	k := ui.Scale(w, h)
	l := deathLayout{k: k}
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	m := ui.Px(12, k)
	y := m
	l.titleY = y
	y += int(ui.GlyphH*4*k) + ui.Px(8, k)
	l.killedY = y
	y += int(ui.GlyphH*ui.TextScale*k) + ui.Px(8, k)
	l.sightY = y
	y += lh + ui.Px(12, k)
	under := ui.Px(7, k) + lh + ui.Px(10, k) + 2*lh + ui.Px(8, k) + int(ui.GlyphH*1.5*k) + ui.Px(8, k) + lh + m
	bh := max(ui.Px(60, k), min(ui.Px(replayBoxH, k), h-y-under))
	l.box = ui.CentredRect(w, y, min(w-2*m, ui.Px(replayBoxMaxW, k)), bh)
	y += bh + ui.Px(7, k) + ui.Px(4, k)
	l.captionY = y
	y += lh + ui.Px(10, k)
	l.lostY = y
	l.keptY = y + lh
	y += 2*lh + ui.Px(8, k)
	l.lockY = y
	l.onY = y + int(ui.GlyphH*1.5*k) + ui.Px(8, k)
	return l
}

// replayBox is where the replay is drawn.
func (s *deathScene) replayBox() image.Rectangle { return deathLayoutFor(s.win.W, s.win.H).box }

// replayClock is how many replay frames have played since the scene
// opened, at the replay's speed: it never turns back, so motion and pulses
// run on through the loops.
func (s *deathScene) replayClock() int { return int(float64(s.frames) * replaySpeed) }

// replayFrame is the frame the replay shows now: the replay plays through,
// holds its last frame (the death) a second, and plays again.
func (s *deathScene) replayFrame() (*client.ReplayFrame, int) {
	n := s.replay.Len()
	if n == 0 {
		return nil, 0
	}
	hold := int(replayHoldEnd * replaySpeed)
	i := min(s.replayClock()%(n+hold), n-1)
	return s.replay.Frame(i), i
}

func (s *deathScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(deathFill)
	cx := s.win.W / 2
	l := deathLayoutFor(s.win.W, s.win.H)
	k := l.k
	box := l.box
	ui.Frame(screen, g.Shapes, box, colReplayBox, colReplayEdge)
	g.Shapes.Flush(screen)
	f, i := s.replayFrame()
	if f != nil {
		s.drawReplay(screen, g, box, f, i)
		// How far the replay has played.
		w := float32(box.Dx()) * float32(i+1) / float32(s.replay.Len())
		th := max(2, ui.Pxf(3, k))
		g.Shapes.Rect(screen, float32(box.Min.X), float32(box.Max.Y+ui.Px(4, k)), float32(box.Dx()), th, colReplayTrack)
		g.Shapes.Rect(screen, float32(box.Min.X), float32(box.Max.Y+ui.Px(4, k)), w, th, colReplayMark)
	}
	g.Shapes.Flush(screen)

	width := s.win.W - ui.Px(16, k)
	g.Text.Draw(screen, "You fell", cx, l.titleY, 4*k, ui.AlignCenter, colDeathText)
	g.Text.Draw(screen, s.fits[0].Get(&g.Graphics, s.killed, width, ui.TextScale*k), cx, l.killedY, ui.TextScale*k, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(screen, s.fits[1].Get(&g.Graphics, s.sight, width, k), cx, l.sightY, k, ui.AlignCenter, ui.ColText)
	if f == nil {
		g.Text.Draw(screen, "No replay: the ship was never drawn here.", cx, box.Min.Y+box.Dy()/2-int(ui.GlyphH*k)/2, k, ui.AlignCenter, ui.ColDim)
	}
	g.Text.Draw(screen, s.fits[2].Get(&g.Graphics, s.caption, width, k), cx, l.captionY, k, ui.AlignCenter, ui.ColDim)
	g.Text.Draw(screen, s.fits[3].Get(&g.Graphics, s.lost, width, k), cx, l.lostY, k, ui.AlignCenter, colDeathText)
	g.Text.Draw(screen, s.fits[4].Get(&g.Graphics, s.kept, width, k), cx, l.keptY, k, ui.AlignCenter, ui.ColText)
	if s.lockSecs >= 0 {
		g.Text.Draw(screen, s.lockWord[s.lockSecs], cx, l.lockY, 1.5*k, ui.AlignCenter, colLockout)
	}
	footer := ui.ColDim // the calm: nothing goes on yet
	if s.frames > deathCalm {
		footer = ui.ColText
	}
	g.Text.Draw(screen, deathFooter, cx, l.onY, k, ui.AlignCenter, footer)
}

// replayView is replay frame i (f) as the world's drawers take it: its
// ship, friends, enemies and bullets, in the world the death left, seen
// as that frame's ship saw it, the camera on the ship. The box shows a
// world unit a pixel at UI scale 1, as the game does at 1280×720, and
// scales with the UI as the game's world zooms with the window; a box too
// short for replayMinSpan is zoomed out until it holds that much, so the
// enemy that fired is in it.
func (s *deathScene) replayView(box image.Rectangle, f *client.ReplayFrame, i int) world.View {
	pl := s.replay.Place()
	if i != s.sightOf {
		s.fog, s.sightOf = s.replay.Sight(i), i
	}
	s.bullets.Fill(f.Bullets)
	z := min(ui.Scale(s.win.W, s.win.H), float64(box.Dy())/replayMinSpan) // screen pixels a world unit
	vw, vh := max(int(math.Round(float64(box.Dx())/z)), 1), max(int(math.Round(float64(box.Dy())/z)), 1)
	return world.View{Cam: world.CentredOn(f.Self.Pos.X, f.Self.Pos.Y, vw, vh), Frame: s.replayClock(),
		High: s.quality.highQuality(), Grid: pl.Grid, Fog: s.fog, Eye: f.Self.Pos,
		Instance: pl.Instance, Dungeon: pl.Dungeon, Depth: pl.Depth,
		Self: f.Self, HasSelf: true, SelfAim: f.Self.Aim, SelfShip: s.ship,
		Players: f.Players, ClassOf: s.classOf, Enemies: f.Enemies, Portals: pl.Portals, Bullets: s.bullets}
}

// replayTarget is the image the replay's world is drawn on at zoom 1,
// the camera's size, made again only when that changes.
func (s *deathScene) replayTarget(cam world.Camera) *ebiten.Image {
	w, h := int(cam.W), int(cam.H)
	if s.world == nil || s.world.Bounds().Dx() != w || s.world.Bounds().Dy() != h {
		if s.world != nil {
			s.world.Deallocate()
		}
		s.world = ebiten.NewImage(w, h)
	}
	return s.world
}

// drawReplay draws replay frame i (f) in the box as the play scene draws
// the world (the ground in its light, portals, enemies, ships, bullets,
// through the fog), then rings the killing bullet.
func (s *deathScene) drawReplay(dst *ebiten.Image, g *world.Graphics, box image.Rectangle, f *client.ReplayFrame, i int) {
	if s.replay.Grid() == nil {
		return
	}
	v := s.replayView(box, f, i)
	world := s.replayTarget(v.Cam)
	world.Fill(color.Black)
	g.Boxes.On = false // the world is not the layout's
	if a, ok := s.look.DrawGround(world, g, &v); ok {
		s.look.DrawActors(world, g, a, &v)
	}
	g.Shapes.Flush(world)
	g.Bullets.Draw(world, v.Bullets, nil, v.Cam, v.Fog)
	s.ringKiller(world, g.Shapes, &v, f)
	g.Shapes.Flush(world)
	g.Boxes.On = true
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(float64(box.Dx())/v.Cam.W, float64(box.Dy())/v.Cam.H)
	op.GeoM.Translate(float64(box.Min.X), float64(box.Min.Y))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(world, &op)
	frameEdge(dst, g.Shapes, box, colReplayEdge)
}

// ringKiller rings the bullet that killed, in each frame that draws it
// (on camera and in sight): a dark band and a gold ring round it, pulsing
// a little, clear on any ground and among any bullets.
func (s *deathScene) ringKiller(dst *ebiten.Image, sb *ui.ShapeBatch, v *world.View, f *client.ReplayFrame) {
	for j := range f.Bullets {
		b := &f.Bullets[j]
		if b.UID != s.report.Bullet {
			continue
		}
		if !v.Cam.Visible(float64(b.X), float64(b.Y), float64(b.Radius)) || !world.BulletInSight(v.Fog, b.X, b.Y) {
			return
		}
		x, y := v.Cam.ToScreen(float64(b.X), float64(b.Y))
		r := b.Radius + 7 + 1.5*float32(math.Sin(float64(s.frames)*0.2))
		sb.Ring(dst, x, y, r-1, r+5, func(int) ui.RGBA { return colReplayHalo })
		sb.Ring(dst, x, y, r, r+3, func(int) ui.RGBA { return colReplayMark })
		return
	}
}

// frameEdge outlines r two pixels wide, over what was drawn in it.
func frameEdge(dst *ebiten.Image, s *ui.ShapeBatch, r image.Rectangle, border ui.RGBA) {
	x, y := float32(r.Min.X), float32(r.Min.Y)
	w, h := float32(r.Dx()), float32(r.Dy())
	s.Rect(dst, x, y, w, 2, border)
	s.Rect(dst, x, y+h-2, w, 2, border)
	s.Rect(dst, x, y, 2, h, border)
	s.Rect(dst, x+w-2, y, 2, h, border)
}
