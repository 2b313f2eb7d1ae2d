package hud

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Effects make the fight readable: a number where damage lands (red on a
// ship, pale gold on an enemy), a burst where something dies, a spark where
// a shot strikes, the screen shaking when the own ship is hit or a boss
// changes phase (when the settings allow), a banner when a boss is first
// met and when it changes phase, and an arrow at the screen's edge toward
// a boss the player has met that is off screen. Every effect lives in a
// fixed array, so the draw loop allocates nothing once the numbers it
// shows have been formatted once.
type Effects struct {
	Pops              [48]pop
	bursts            [32]burst
	seen              int              // hit marks already turned into effects (client.Runtime.HitsSince)
	hp                map[uint16]int16 // each enemy's health share at the last frame, for its damage numbers
	inst              uint16           // the instance hp describes
	Shake             float64          // px, decaying
	digits            [1000]string     // "1".."999", formatted once each
	Banner, BannerSub string           // the boss banner
	BannerUntil       int              // frame it goes
	bossKey           bossLabelKey
	BossAt            game.Vec // the met boss, when bossSeen
	BossSeen          bool
	bossTele          bool // the met boss was telegraphing last frame
	onMarkFn          func(client.HitMark)
	Punch             Punch       // flashes, sparks and hit-stops (punch.go)
	shotHues          shotColours // the friendly shots' colours, for their sparks
}

// pop is a floating damage number.
type pop struct {
	x, y  float64 // world position
	Text  string
	col   ui.RGBA
	born  int // frame
	Alive bool
}

// burst is an expanding ring of sparks.
type burst struct {
	x, y   float64
	radius float32
	col    ui.RGBA
	born   int
	sparks int
	alive  bool
}

// Effect timings, in frames, and sizes.
const (
	popFrames   = 45
	burstFrames = 24
	bannerShown = 150
	MaxShake    = 10.0 // px
	ShakeDecay  = 0.85 // per frame
)

var (
	colHurt  = ui.Rgb8(255, 96, 86, 1)
	colDealt = ui.Rgb8(255, 230, 160, 1)
)

func NewEffects() *Effects { return &Effects{hp: map[uint16]int16{}} }

// Update turns this frame's news into effects.
func (f *Effects) Update(fr *Frame) {
	f.Shake *= ShakeDecay
	f.seen = fr.Rt.HitsSince(f.seen, f.onMarkOf(fr))
	f.Punch.friendsFired(fr.Rt, fr.Rt.PlayerStats().MuzzleOffset, fr.Frame)
	f.enemyNumbers(fr)
	f.followBoss(fr)
}

// onMarkOf is onMark bound to the scene, made once.
func (f *Effects) onMarkOf(fr *Frame) func(client.HitMark) {
	if f.onMarkFn == nil {
		f.onMarkFn = func(h client.HitMark) { f.OnMark(fr, h) }
	}
	return f.onMarkFn
}

// followBoss finds the boss the HUD has met: its banner and its marker.
func (f *Effects) followBoss(fr *Frame) {
	f.BossSeen = false
	met := fr.Display.BossMet
	if inst, _ := fr.Rt.Instance(); !met.Ok || met.instance != inst {
		return
	}
	for _, e := range fr.Rt.Enemies() {
		if e.ID != met.id {
			continue
		}
		d, ok := fr.Look.EnemyDef(e.Kind)
		if !ok {
			return
		}
		f.BossAt, f.BossSeen = e.Pos, true
		phase := e.Flags & game.EnemyPhaseMask
		changed := f.bossKey.ok && f.bossKey.kind == e.Kind && f.bossKey.phase != phase
		tele := e.Flags&game.EnemyTelegraph != 0
		if fr.Dir != nil {
			fr.Dir.Boss(tele && !f.bossTele, changed)
		}
		f.bossTele = tele
		f.noteBoss(fr, e.Kind, phase, &d, fr.Display.bossWords(e.Kind, phase, &d))
		return
	}
}

// OnMark is one hit or death.
func (f *Effects) OnMark(fr *Frame, h client.HitMark) {
	ev := &h.Event
	if fr.Dir != nil {
		fr.Dir.OnMark(ev, fr.Rt.PlayerID())
	}
	pos, ok := actorPos(fr, ev.Actor, ev.ID)
	if !ok {
		return
	}
	switch {
	case ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer:
		f.addPop(pos, f.Number(int(ev.Amount)), colHurt, fr.Frame)
		if ev.ID == fr.Rt.PlayerID() {
			f.AddShake(fr, float64(ev.Amount)*0.6)
			f.hurtSelf(fr, pos, ev.Amount)
		}
	case ev.Kind == game.EvHit:
		f.strike(fr, pos, ev)
	case ev.Kind == game.EvDeath && ev.Actor == game.ActorEnemy:
		f.killed(fr, pos, ev.ID) // the body's shards are its sprite's (render/world/deaths.go)
	case ev.Kind == game.EvDeath:
		f.addBurst(pos, 40, 18, colHurt, fr.Frame)
	}
}

// enemyNumbers shows the damage each visible enemy took since the last
// frame, from its health share and the health its kind has on this floor.
// A boss, whose share steps are too coarse, shows its wounds on its bar.
func (f *Effects) enemyNumbers(fr *Frame) {
	if inst, _ := fr.Rt.Instance(); inst != f.inst {
		clear(f.hp)
		f.inst = inst
	}
	for _, e := range fr.Rt.Enemies() {
		last, ok := f.hp[e.ID]
		f.hp[e.ID] = e.HP
		if !ok || e.HP >= last || e.MaxHP <= 0 {
			continue
		}
		whole := fr.Look.WholeHealth(e.Kind, fr.Rt.Depth(), 1+len(fr.Rt.Players()))
		if whole > maxNumberedHealth {
			continue // a share of 255 is too coarse to say a hit's damage: the bar shows it
		}
		if dmg := int(math.Round(float64(last-e.HP) / float64(e.MaxHP) * whole)); dmg > 0 {
			f.addPop(e.Pos, f.Number(dmg), colDealt, fr.Frame)
		}
	}
}

// maxNumberedHealth is the most health an enemy may have for its damage
// numbers to be read from its health share: a share step is then at most
// 4 HP.
const maxNumberedHealth = 4 * 255

func actorPos(fr *Frame, actor uint8, id uint16) (game.Vec, bool) {
	if actor == game.ActorEnemy {
		for _, e := range fr.Rt.Enemies() {
			if e.ID == id {
				return e.Pos, true
			}
		}
		return game.Vec{}, false
	}
	if self, ok := fr.Rt.Self(); ok && id == fr.Rt.PlayerID() {
		return self.Pos, true
	}
	for _, p := range fr.Rt.Players() {
		if p.ID == id {
			return p.Pos, true
		}
	}
	return game.Vec{}, false
}

// Number is n as text, formatted once.
func (f *Effects) Number(n int) string {
	if n <= 0 || n >= len(f.digits) {
		return strconv.Itoa(n)
	}
	if f.digits[n] == "" {
		f.digits[n] = strconv.Itoa(n)
	}
	return f.digits[n]
}

func (f *Effects) addPop(at game.Vec, text string, c ui.RGBA, frame int) {
	slot := &f.Pops[0]
	for i := range f.Pops {
		if p := &f.Pops[i]; !p.Alive || p.born < slot.born {
			slot = p
			if !p.Alive {
				break
			}
		}
	}
	// Numbers landing together fan out sideways rather than stack.
	jitter := float64(frame%5-2) * 6
	*slot = pop{x: at.X + jitter, y: at.Y - 18, Text: text, col: c, born: frame, Alive: true}
}

func (f *Effects) addBurst(at game.Vec, r float32, sparks int, c ui.RGBA, frame int) {
	slot := &f.bursts[0]
	for i := range f.bursts {
		if b := &f.bursts[i]; !b.alive || b.born < slot.born {
			slot = b
			if !b.alive {
				break
			}
		}
	}
	*slot = burst{x: at.X, y: at.Y, radius: r, col: c, born: frame, sparks: sparks, alive: true}
}

// strike is a player's shot striking an enemy: sparks where it struck, in
// the shot's own colours, thrown back from the way it flew.
func (f *Effects) strike(fr *Frame, enemyAt game.Vec, ev *game.Event) {
	x, y := float64(ev.X), float64(ev.Y)
	if ev.X == 0 && ev.Y == 0 {
		x, y = enemyAt.X, enemyAt.Y
	}
	_, hot := f.shotHues.of(fr.Settings.BulletPalette)
	f.Punch.Impact(x, y, ev.Bullet.VX, ev.Bullet.VY, hot, 6, fr.Frame)
}

// heavyHitShare is the share of the own ship's health a hit must take to
// be heavy: a hit-stop marks it (docs/ART.md).
const heavyHitShare = 0.12

// hurtSelf is a hit on the own ship: its flash and the red edge, and a
// hit-stop when the blow is heavy.
func (f *Effects) hurtSelf(fr *Frame, at game.Vec, amount int16) {
	self, _ := fr.Rt.Self()
	share := float64(amount) / float64(max(self.MaxHP, 1))
	f.Punch.HurtSelf(at, share, fr.Frame)
	if share >= heavyHitShare {
		f.AddHitStop(fr, 3)
	}
}

// Kills of enemies at least this big (u) shake the screen.
const largeEnemyRadius = 16

// killed is an enemy's death: its shockwave, and for a large one a shake,
// for a boss a hit-stop too.
func (f *Effects) killed(fr *Frame, at game.Vec, id uint16) {
	radius, boss := float32(world.DefaultEnemyRadius), false
	if e, ok := enemyByID(fr, id); ok {
		radius = fr.Look.EnemyRadius(e.Kind)
		d, _ := fr.Look.EnemyDef(e.Kind)
		boss = d.Boss
	}
	f.Punch.Kill(at, radius, ColKill, fr.Frame)
	switch {
	case boss:
		f.AddShake(fr, 9)
		f.AddHitStop(fr, 4)
	case radius >= largeEnemyRadius:
		f.AddShake(fr, 3)
	}
	if fr.Dir != nil {
		fr.Dir.Kill(boss || radius >= largeEnemyRadius)
	}
}

func enemyByID(fr *Frame, id uint16) (client.Actor, bool) {
	for _, e := range fr.Rt.Enemies() {
		if e.ID == id {
			return e, true
		}
	}
	return client.Actor{}, false
}

// AddHitStop holds the drawn world for n frames, if the player wants the
// screen's punch at all: the Screen shake setting governs both.
func (f *Effects) AddHitStop(fr *Frame, n int) {
	if fr.Settings.ScreenShake {
		f.Punch.Stop.Begin(n, fr.Frame)
	}
}

// shotColours are the friendly shots' hue and hot head in a palette,
// worked out once per palette chosen.
type shotColours struct {
	palette       string
	known         bool
	friendly, hot ui.RGBA
}

func (c *shotColours) of(palette string) (friendly, hot ui.RGBA) {
	if !c.known || c.palette != palette {
		st := world.PaletteStyle(palette, true)
		c.palette, c.known = palette, true
		c.friendly = ui.Rgb8(st.Friendly.R, st.Friendly.G, st.Friendly.B, 1)
		c.hot = ui.Rgb8(st.Hot.R, st.Hot.G, st.Hot.B, 1)
	}
	return c.friendly, c.hot
}

// AddShake adds to the shake, if the player wants shake at all.
func (f *Effects) AddShake(fr *Frame, px float64) {
	if fr.Settings.ScreenShake {
		f.Shake = math.Min(MaxShake, f.Shake+px)
	}
}

// ShakeOffset is this frame's camera offset.
func (f *Effects) ShakeOffset(frame int) (float64, float64) {
	if f.Shake < 0.3 {
		return 0, 0
	}
	t := float64(frame)
	return f.Shake * math.Sin(t*1.9), f.Shake * math.Cos(t*2.3)
}

// noteBoss shows the banner when a boss is first met or changes phase.
func (f *Effects) noteBoss(fr *Frame, kind, phase uint8, d *game.EnemyDef, label string) {
	key := bossLabelKey{kind: kind, phase: phase, ok: true}
	if key == f.bossKey {
		return
	}
	first := !f.bossKey.ok || f.bossKey.kind != kind
	f.bossKey = key
	f.BannerUntil = fr.Frame + bannerShown
	f.Banner, f.BannerSub = d.Name, label
	if !first {
		f.Banner = "The " + phaseWord(d, phase) + " begins"
		f.AddShake(fr, 6)
		f.AddHitStop(fr, 4)
	}
}

func phaseWord(d *game.EnemyDef, phase uint8) string {
	if int(phase) < len(d.Phases) && d.Phases[phase].Name != "" {
		return d.Phases[phase].Name
	}
	return "next phase"
}

// Draw draws the sparks and numbers over the world.
func (f *Effects) Draw(dst *ebiten.Image, g *world.Graphics, fr *Frame) {
	pv := fr.punchView(g)
	f.Punch.draw(dst, g, &pv)
	for i := range f.bursts {
		b := &f.bursts[i]
		age := fr.Frame - b.born
		if !b.alive || age > burstFrames {
			b.alive = false
			continue
		}
		t := float32(age) / burstFrames
		x, y := fr.Cam.ToScreen(b.x, b.y)
		for k := range b.sparks {
			a := float64(k) * 2 * math.Pi / float64(b.sparks)
			r := b.radius * (0.3 + t)
			g.Shapes.Circle(dst, x+float32(math.Cos(a))*r, y+float32(math.Sin(a))*r, 3*(1-t)+1, b.col.Alpha(1-t))
		}
	}
	g.Shapes.Flush(dst)
	for i := range f.Pops {
		p := &f.Pops[i]
		age := fr.Frame - p.born
		if !p.Alive || age > popFrames {
			p.Alive = false
			continue
		}
		x, y := fr.Cam.ToScreen(p.x, p.y-float64(age)*0.8)
		g.Text.Draw(dst, p.Text, int(x), int(y), 1, ui.AlignCenter, p.col.Alpha(1-float32(age)/popFrames).Color())
	}
}

// DrawBanner draws the boss banner while it shows.
func (f *Effects) DrawBanner(dst *ebiten.Image, g *world.Graphics, fr *Frame) {
	left := f.BannerUntil - fr.Frame
	if left <= 0 {
		return
	}
	a := float32(min(1, float64(left)/30))
	k := ui.Scale(fr.W, fr.H)
	y := max(fr.H/4-ui.Px(20, k), topHUDBottom(fr.W, fr.H)+ui.Px(8, k))
	bw := max(g.Text.Advance(f.Banner, 3*k), g.Text.Advance(f.BannerSub, k))
	r, ok := g.Boxes.Room("boss banner", bw, ui.Px(50, k)+int(ui.GlyphH*k), y, 1, fr.W, fr.H, ui.Px(ui.TransientGap, k))
	if !ok {
		return // no room free of other words this frame (render/ui/placement.go)
	}
	g.Text.Draw(dst, f.Banner, fr.W/2, r.Min.Y, 3*k, ui.AlignCenter, ui.Fade(ui.ColTitle, a))
	g.Text.Draw(dst, f.BannerSub, fr.W/2, r.Min.Y+ui.Px(50, k), k, ui.AlignCenter, ui.Fade(ui.ColText, a))
}

// DrawBossMarker points from the screen's edge toward the boss the player
// has met when it is off screen.
func (f *Effects) DrawBossMarker(dst *ebiten.Image, g *world.Graphics, fr *Frame, at game.Vec) {
	x, y := fr.OnScreen(at.X, at.Y)
	w, h := float32(fr.W), float32(fr.H)
	const margin = 36
	if x >= 0 && y >= 0 && x <= w && y <= h {
		return
	}
	cx, cy := w/2, h/2
	dx, dy := x-cx, y-cy
	scale := min((cx-margin)/max(float32(math.Abs(float64(dx))), 1), (cy-margin)/max(float32(math.Abs(float64(dy))), 1))
	px, py := cx+dx*scale, cy+dy*scale
	a := math.Atan2(float64(dy), float64(dx))
	tip := func(r float32, turn float64) (float32, float32) {
		s2, c2 := math.Sincos(a + turn)
		return px + float32(c2)*r, py + float32(s2)*r
	}
	x1, y1 := tip(18, 0)
	x2, y2 := tip(12, 2.5)
	x3, y3 := tip(12, -2.5)
	g.Shapes.Triangle(dst, x1, y1, x2, y2, x3, y3, colBossBar)
}
