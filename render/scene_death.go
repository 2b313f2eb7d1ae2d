package render

import (
	"fmt"
	"image"
	"io"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
)

// The death screen (docs/ART.md, "The death screen"): when the own ship
// dies in a dungeon the play scene gives way to it before the roster. It
// says what killed the ship, how long that bullet was on screen before it
// hit (the client's hit-visibility record), what the death cost and what it
// kept, plays the last three seconds back from the client's own replay ring
// at a third of their speed with the killing bullet ringed, and counts the
// dungeon lockout down in words. Enter, Space, a click or the pad's A goes on
// to the roster at once; the roster follows by itself a second after the
// replay ends. Every string is made when the scene opens (the lockout's
// eleven lines too), so drawing allocates nothing.

// Death screen timing and geometry.
const (
	replaySpeed    = 1.0 / 3 // the replay plays at 0.33×
	replayHoldEnd  = game.TickRate
	replayBoxMaxW  = 760
	replayBoxH     = 330
	replayWorldW   = 1000.0 // u across the replay box
	deathLockWords = 11     // lockout lines precomputed: 10 s down to open
)

// Death screen colours.
var (
	colReplayBox   = rgb8(14, 12, 24, 1)
	colReplayEdge  = rgb8(120, 60, 70, 1)
	colReplaySelf  = rgb8(120, 230, 255, 1)
	colReplayMate  = rgb8(110, 200, 150, 1)
	colReplayFoe   = rgb8(200, 90, 90, 1)
	colReplayShot  = rgb8(255, 120, 170, 1)
	colReplayOwn   = rgb8(120, 220, 255, 0.8)
	colReplayMark  = rgb8(255, 230, 90, 1)
	colReplayTrack = rgb8(90, 90, 120, 1)
	colReplayWall  = rgb8(48, 44, 66, 1)
)

// deathScene is the death screen over the session, which keeps running.
type deathScene struct {
	win  *window
	mv   moves
	now  func() time.Time // the lockout counts down by it
	logw io.Writer
	sess session
	rt   *client.Runtime

	report client.DeathReport
	replay *client.Replay
	frames int // updates since the scene opened

	killed   string // "Killed by the Warden's Fury spiral in the Catacombs"
	sight    string // "That bullet was on your screen for 1.4 seconds before it hit."
	lost     string // "Lost with your bag: Healing Potion, Healing Potion"
	kept     string // "Kept, as you wore it: Iron Sword"
	caption  string // the replay's caption
	lockWord [deathLockWords]string
	lockSecs int
	// fits are the killer, sight, caption, lost and kept lines cut to
	// the window.
	fits [5]fitted
}

// newDeathScene opens the death screen on the runtime's last death.
func newDeathScene(win *window, mv moves, sess session, now func() time.Time, logw io.Writer) *deathScene {
	rt := sess.Runtime()
	d, _ := rt.LastDeath()
	s := &deathScene{win: win, mv: mv, now: now, logw: logw, sess: sess, rt: rt, report: d, replay: rt.Replay(), lockSecs: -1}
	c := rt.Content()
	s.killed, s.sight, s.lost, s.kept = deathWords(d, c)
	s.caption = "Your last 3 seconds at 0.33× · the ringed bullet hit you · Enter or Space skips"
	for i := range s.lockWord {
		s.lockWord[i] = lockoutWords(i)
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

// secondsWords is a span of ticks in seconds: "1.4 seconds", "1 second".
func secondsWords(ticks int) string {
	tenths := (ticks*10 + game.TickRate/2) / game.TickRate
	if tenths == 10 {
		return "1 second"
	}
	if tenths < 1 {
		return fmt.Sprintf("%d ms", ticks*1000/game.TickRate)
	}
	return fmt.Sprintf("%d.%d seconds", tenths/10, tenths%10)
}

// itemList names item defs: "Healing Potion ×3, Iron Sword".
func itemList(defs []int, c *game.Content) string {
	var b strings.Builder
	for i := 0; i < len(defs); {
		n := 1
		for i+n < len(defs) && defs[i+n] == defs[i] {
			n++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		name := "an unknown item"
		if c != nil && defs[i] >= 0 && defs[i] < len(c.Items) {
			name = c.Items[defs[i]].Name
		}
		b.WriteString(name)
		if n > 1 {
			fmt.Fprintf(&b, " ×%d", n)
		}
		i += n
	}
	return b.String()
}

// lockoutWords counts the dungeon lockout down in words.
func lockoutWords(secs int) string {
	switch {
	case secs <= 0:
		return "The dungeons are open to you again."
	case secs == 1:
		return "The dungeons open to you again in 1 second."
	}
	return fmt.Sprintf("The dungeons open to you again in %d seconds.", secs)
}

// replayDone reports whether the replay has played to its end.
func (s *deathScene) replayDone() bool {
	return float64(s.frames)*replaySpeed >= float64(s.replay.Len())
}

// lockoutLeft is the whole seconds the dungeons stay closed to the
// character that died, from the roster the server sent.
func (s *deathScene) lockoutLeft() int {
	v := s.rt.Roster()
	now := s.now()
	var left time.Duration
	for i := range v.Characters {
		left = max(left, v.LockoutLeft(&v.Characters[i], now))
	}
	return int((left + time.Second - 1) / time.Second)
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
	in := s.win.in
	skip := in.menuEnter() || in.Click || in.menuBack() || pressed(in, ebiten.KeySpace)
	if skip || (s.replayDone() && float64(s.frames)*replaySpeed >= float64(s.replay.Len()+replayHoldEnd*replaySpeed)) {
		fmt.Fprintln(s.logw, "duskfall: scene=roster after death")
		s.mv.toRoster(s.sess)
	}
	return nil
}

// pressed says whether key went down this frame.
func pressed(in *frameInput, key ebiten.Key) bool {
	for _, k := range in.Pressed {
		if k == key {
			return true
		}
	}
	return false
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
	k := uiScale(w, h)
	l := deathLayout{k: k}
	lh := int(glyphH*k) + px(4, k)
	m := px(12, k)
	y := m
	l.titleY = y
	y += int(glyphH*4*k) + px(8, k)
	l.killedY = y
	y += int(glyphH*textScale*k) + px(8, k)
	l.sightY = y
	y += lh + px(12, k)
	under := px(7, k) + lh + px(10, k) + 2*lh + px(8, k) + int(glyphH*1.5*k) + px(8, k) + lh + m
	bh := max(px(60, k), min(px(replayBoxH, k), h-y-under))
	l.box = centredRect(w, y, min(w-2*m, px(replayBoxMaxW, k)), bh)
	y += bh + px(7, k) + px(4, k)
	l.captionY = y
	y += lh + px(10, k)
	l.lostY = y
	l.keptY = y + lh
	y += 2*lh + px(8, k)
	l.lockY = y
	l.onY = y + int(glyphH*1.5*k) + px(8, k)
	return l
}

// replayBox is where the replay is drawn.
func (s *deathScene) replayBox() image.Rectangle { return deathLayoutFor(s.win.w, s.win.h).box }

// replayFrame is the frame the replay shows now.
func (s *deathScene) replayFrame() (*client.ReplayFrame, int) {
	n := s.replay.Len()
	if n == 0 {
		return nil, 0
	}
	i := min(int(float64(s.frames)*replaySpeed), n-1)
	return s.replay.Frame(i), i
}

func (s *deathScene) Draw(screen *ebiten.Image) {
	g := s.win.gfx
	screen.Fill(colBackdrop)
	cx := s.win.w / 2
	l := deathLayoutFor(s.win.w, s.win.h)
	k := l.k
	box := l.box
	frame(screen, g.shapes, box, colReplayBox, colReplayEdge)
	f, i := s.replayFrame()
	if f != nil {
		s.drawReplay(screen, g, box, f)
		// How far the replay has played.
		w := float32(box.Dx()) * float32(i+1) / float32(s.replay.Len())
		th := max(2, pxf(3, k))
		g.shapes.rect(screen, float32(box.Min.X), float32(box.Max.Y+px(4, k)), float32(box.Dx()), th, colReplayTrack)
		g.shapes.rect(screen, float32(box.Min.X), float32(box.Max.Y+px(4, k)), w, th, colReplayMark)
	}
	g.shapes.flush(screen)

	width := s.win.w - px(16, k)
	g.text.draw(screen, "You fell", cx, l.titleY, 4*k, alignCenter, colDeathText)
	g.text.draw(screen, s.fits[0].get(g, s.killed, width, textScale*k), cx, l.killedY, textScale*k, alignCenter, colTitle)
	g.text.draw(screen, s.fits[1].get(g, s.sight, width, k), cx, l.sightY, k, alignCenter, colText)
	if f == nil {
		g.text.draw(screen, "No replay: the ship was never drawn here.", cx, box.Min.Y+box.Dy()/2-int(glyphH*k)/2, k, alignCenter, colDim)
	}
	g.text.draw(screen, s.fits[2].get(g, s.caption, width, k), cx, l.captionY, k, alignCenter, colDim)
	g.text.draw(screen, s.fits[3].get(g, s.lost, width, k), cx, l.lostY, k, alignCenter, colDeathText)
	g.text.draw(screen, s.fits[4].get(g, s.kept, width, k), cx, l.keptY, k, alignCenter, colText)
	if s.lockSecs >= 0 {
		g.text.draw(screen, s.lockWord[s.lockSecs], cx, l.lockY, 1.5*k, alignCenter, colLockout)
	}
	g.text.draw(screen, "Enter: choose a character", cx, l.onY, k, alignCenter, colDim)
}

// drawWalls draws the walls the client knew inside the box, as the
// replay centres them on the ship at (cx, cy) scaled by sc.
func (s *deathScene) drawWalls(dst *ebiten.Image, g *graphics, grid *game.Grid, box image.Rectangle, cx, cy, sc float32) {
	ox, oy := float32(box.Min.X+box.Dx()/2), float32(box.Min.Y+box.Dy()/2)
	half := float32(box.Dx()) / 2 / sc
	halfH := float32(box.Dy()) / 2 / sc
	t0x, t1x := int((cx-half)/game.TileSize), int((cx+half)/game.TileSize)
	t0y, t1y := int((cy-halfH)/game.TileSize), int((cy+halfH)/game.TileSize)
	ts := float32(game.TileSize) * sc
	for ty := max(t0y, 0); ty <= t1y; ty++ {
		for tx := max(t0x, 0); tx <= t1x; tx++ {
			if !grid.Solid(tx, ty) {
				continue
			}
			x, y := ox+(float32(tx*game.TileSize)-cx)*sc, oy+(float32(ty*game.TileSize)-cy)*sc
			x0, y0 := max(x, float32(box.Min.X+1)), max(y, float32(box.Min.Y+1))
			x1, y1 := min(x+ts, float32(box.Max.X-1)), min(y+ts, float32(box.Max.Y-1))
			if x1 > x0 && y1 > y0 {
				g.shapes.rect(dst, x0, y0, x1-x0, y1-y0, colReplayWall)
			}
		}
	}
}

// drawReplay draws one recorded frame in the box, centred on the ship:
// enemies, friends, bullets, the ship, and a ring round the killing bullet.
func (s *deathScene) drawReplay(dst *ebiten.Image, g *graphics, box image.Rectangle, f *client.ReplayFrame) {
	sc := float32(box.Dx()) / replayWorldW
	ox, oy := float32(box.Min.X+box.Dx()/2), float32(box.Min.Y+box.Dy()/2)
	cx, cy := float32(f.Self.Pos.X), float32(f.Self.Pos.Y)
	at := func(x, y float32) (float32, float32, bool) {
		sx, sy := ox+(x-cx)*sc, oy+(y-cy)*sc
		return sx, sy, sx > float32(box.Min.X)+4 && sx < float32(box.Max.X)-4 && sy > float32(box.Min.Y)+4 && sy < float32(box.Max.Y)-4
	}
	if grid := s.replay.Grid(); grid != nil {
		s.drawWalls(dst, g, grid, box, cx, cy, sc)
	}
	for _, e := range f.Enemies {
		if x, y, ok := at(float32(e.Pos.X), float32(e.Pos.Y)); ok {
			g.shapes.circle(dst, x, y, max(14*sc, 4), colReplayFoe)
		}
	}
	for _, p := range f.Players {
		if x, y, ok := at(float32(p.Pos.X), float32(p.Pos.Y)); ok {
			g.shapes.circle(dst, x, y, max(10*sc, 3), colReplayMate)
		}
	}
	var mx, my float32
	marked := false
	for _, b := range f.Bullets {
		x, y, ok := at(b.X, b.Y)
		if !ok {
			continue
		}
		c := colReplayShot
		if b.Team == game.TeamPlayer {
			c = colReplayOwn
		}
		g.shapes.circle(dst, x, y, max(b.Radius*sc, 1.5), c)
		if b.UID == s.report.Bullet {
			mx, my, marked = x, y, true
		}
	}
	g.shapes.circle(dst, ox, oy, max(10*sc, 4), colReplaySelf)
	if marked {
		g.shapes.ring(dst, mx, my, 9, 12, func(int) rgba { return colReplayMark })
	}
}
