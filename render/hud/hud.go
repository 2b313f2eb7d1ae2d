package hud

import (
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// HUD colours.
var (
	colHP      = ui.Rgb8(46, 150, 72, 1)
	colHPLow   = ui.Rgb8(190, 50, 44, 1)
	colPanel   = ui.Rgb8(8, 8, 14, 0.78)
	colGraph   = ui.Rgb8(120, 200, 255, 0.9)
	colBossBar = ui.Rgb8(230, 60, 90, 1)
	colBossHot = ui.Rgb8(255, 235, 140, 1) // the bar while the boss telegraphs
	colMark    = ui.Rgb8(240, 240, 250, 0.9)
	colAbility = ui.Rgb8(120, 190, 255, 1) // the ability bar while it fills
	colReady   = ui.Rgb8(255, 215, 110, 1) // the ability bar when it is ready
)

// The HUD's text changes at a readable rate, not every frame, so its
// strings are formatted twice a second (and health when it changes).
const (
	HudRefresh = game.TickRate / 2
	graphLen   = 120 // ping samples in the net graph, one per frame
	graphH     = 40  // pixels for graphMaxMS
	graphMaxMS = 200
)

// hpBarUp is how far above the screen's bottom the health bar's top is
// at scale 1: level with the inventory bar's slots.
const hpBarUp = barBottom + SlotSize/2 + 13

// Display holds the formatted text and the net graph's history.
type Display struct {
	help       [3]string // the controls line, longest first, for helpKeys
	helpKeys   ui.Bindings
	Where      string
	health     healthWords
	PingText   string
	GraphLines [7]string
	graph      netGraph
	mini       minimap
	BossMet    bossRef // the boss the player has laid eyes on
	boss       bossBarWords
	WhereKey   [3]int    // instance, dungeon, depth that h.place describes
	Place      string    // where the player is: "The Catacombs, depth 2"
	PlaceLine  string    // the place and the game (h.where), as drawn
	Code       string    // the join code of a game this process hosts
	Reach      string    // the router's answer in few words, part of where (reachWords)
	PlaceLines [5]string // the place line's forms, longest first (makePlaceLines)
	PlaceFor   int       // the window width and scale placeLine was chosen for
	ab         abilityWords
}

// healthWords are the health bar's words, made again when the health
// changes.
type healthWords struct {
	hp, maxHP int16
	text      string
}

// netGraph is the F3 overlay's state: its panel's width for its lines at
// its scale (0 to measure), the world seed line (made once), the ping
// ring indexed by frame and the byte counts of the last refresh.
type netGraph struct {
	w       int
	k       float64
	seed    string
	ping    [graphLen]float32 // ms
	lastIn  uint64
	lastOut uint64
}

// bossBarWords are the boss bar's words, made again only when their key
// changes.
type bossBarWords struct {
	key   bossLabelKey
	label string
}

// abilityWords are the ability bar's words, made again only when their
// key changes.
type abilityWords struct {
	key  abilityLabelKey
	text string
}

// abilityLabelKey is what the ability bar's words depend on.
type abilityLabelKey struct {
	ab   *game.Ability
	secs int // whole seconds of cooldown left, rounded up; 0 ready
	key  ebiten.Key
}

// bossLabelKey is what the boss bar's words depend on.
type bossLabelKey struct {
	kind  uint8
	phase uint8
	ok    bool
}

// bossRef names one enemy of one instance.
type bossRef struct {
	instance uint16
	id       uint16
	Ok       bool
}

func (h *Display) Update(rt *client.Runtime, frame int, look *world.Look, sess seeder) {
	h.updatePlace(rt, look)
	net := rt.Net()
	h.graph.ping[frame%graphLen] = float32(net.RTT) / float32(time.Millisecond)
	if self, ok := rt.Self(); ok && (self.HP != h.health.hp || self.MaxHP != h.health.maxHP || h.health.text == "") {
		h.health.hp, h.health.maxHP = self.HP, self.MaxHP
		h.health.text = HpLine(rt.Character().Name, self.HP, self.MaxHP)
	}
	if frame%HudRefresh != 0 {
		return
	}
	secs := float64(HudRefresh) / game.TickRate
	kbIn := float64(net.BytesIn-h.graph.lastIn) / 1024 / secs
	kbOut := float64(net.BytesOut-h.graph.lastOut) / 1024 / secs
	h.graph.lastIn, h.graph.lastOut = net.BytesIn, net.BytesOut
	ms := net.RTT.Milliseconds()
	h.PingText = fmt.Sprintf("ping %d ms", ms)
	st := rt.Stats()
	if h.graph.seed == "" {
		h.graph.seed = seedWords(sess)
	}
	h.graph.w = 0 // measured again for the new lines
	h.GraphLines = [7]string{
		// Snapshot loss is what the player sees; ENet's figure counts
		// reliable packets only and reads near 0 on a lossy link.
		fmt.Sprintf("loss %.1f %% (snapshots)   %.1f %% (reliable)", 100*rt.SnapshotLoss(), 100*net.Loss),
		fmt.Sprintf("ping %d ms   in %.1f KB/s   out %.1f KB/s", ms, kbIn, kbOut),
		fmt.Sprintf("pending frames %d   resyncs %d", rt.PendingFrames(), st.Resyncs),
		fmt.Sprintf("corrections %d (snaps %d, mean %.2f u)", st.Corrections, st.Snaps, st.MeanCorrection()),
		fmt.Sprintf("bullets %d   fps %.0f   tps %.0f", rt.Bullets().Len(), ebiten.ActualFPS(), ebiten.ActualTPS()),
		fmt.Sprintf("hits %d: unseen %d, seen <100 ms %d, drawn as miss %d",
			st.Hits.Taken, st.Hits.Unseen, st.Hits.SeenUnder, st.Hits.DrawnAsMiss),
		h.graph.seed,
	}
}

// seeder is what the HUD asks of the session: the hosted world's seed,
// when it hosts.
type seeder interface{ Seed() (uint64, bool) }

// seedWords is the overlay's world seed line: the hosted world's, which
// --seed makes again (it reads 0x… as well as decimal), or a joined
// game's word that its host has it.
func seedWords(sess seeder) string {
	if seed, ok := sess.Seed(); ok {
		return fmt.Sprintf("world seed %#x", seed)
	}
	return "world seed: on the host's F3"
}

// updatePlace names the place the player is in, with its depth in a
// dungeon, and the game it is in, when they change.
func (h *Display) updatePlace(rt *client.Runtime, look *world.Look) {
	inst, dungeon := rt.Instance()
	key := [3]int{int(inst), int(dungeon)<<8 | min(len(rt.Portals()), 1), rt.Depth()}
	if key == h.WhereKey && h.Place != "" {
		return
	}
	h.WhereKey = key
	switch {
	case inst == 0:
		h.Place = ""
	case dungeon == game.HubDungeon && len(rt.Portals()) == 0:
		h.Place = "Practice" // the arena or the boss hall: a start map with no way out
	case dungeon == game.HubDungeon:
		h.Place = "The hub"
	default:
		h.Place = fmt.Sprintf("%s, depth %d", look.PortalName(dungeon), rt.Depth())
	}
	h.MakePlaceLines()
}

// MakePlaceLines makes the place line's forms, longest first, for
// fitPlace to choose from: the place with the game's words and the join
// code; with the router's answer and the code (the code holds an
// address); with the code alone; with the game's words alone; alone.
func (h *Display) MakePlaceLines() {
	l := &h.PlaceLines
	*l = [5]string{h.Place, h.Place, h.Place, h.Place, h.Place}
	if h.Where != "" {
		l[3] = h.Place + "   (" + h.Where + ")"
		l[0], l[1], l[2] = l[3], l[3], l[3]
	}
	if h.Code != "" {
		l[0] = h.Place + "   (" + h.Where + "; join code " + h.Code + ")"
		l[1] = h.Place + "   (join code " + h.Code + ")"
		if h.Reach != "" {
			l[1] = h.Place + "   (" + h.Reach + "; join code " + h.Code + ")"
		}
		l[2] = h.Place + "   (join code " + h.Code + ")"
	}
	h.PlaceFor = 0
}

// cornerShade is the dark behind the corners' words: a ship or a bullet
// passing under them leaves them readable.
var cornerShade = ui.RGBA{R: 0, G: 0, B: 0, A: 0.6}

// backCorners shades the room of the place line and the ping under them.
func (h *Display) backCorners(dst *ebiten.Image, g *world.Graphics, w int, k float64) {
	if g.Text.Quiet {
		return
	}
	pad, top, lineH := ui.Px(6, k), ui.Px(4, k), float32(ui.GlyphH*k)+float32(ui.Px(8, k))
	if h.PlaceLine != "" {
		g.Shapes.Rect(dst, float32(ui.Px(12, k)-pad), float32(top), float32(g.Text.Advance(h.PlaceLine, k)+2*pad), lineH, cornerShade)
	}
	if h.PingText != "" {
		pw := g.Text.Advance(h.PingText, k) + 2*pad
		g.Shapes.Rect(dst, float32(w-ui.Px(12, k)+pad-pw), float32(top), float32(pw), lineH, cornerShade)
	}
}

// FitPlace chooses the longest place line that leaves room for the ping
// in a window w wide at UI scale k: the join code gives way last (with it
// alone the line reads whole at 640×400). It reports whether it chose
// again: the words or the window changed.
func (h *Display) FitPlace(g *world.Graphics, w int, k float64) bool {
	key := w*1000 + int(k*100)
	if key == h.PlaceFor {
		return false
	}
	h.PlaceFor = key
	room := w - ui.Px(12, k)*2 - g.Text.Advance(h.PingText, k) - ui.Px(24, k)
	h.PlaceLine = h.PlaceLines[len(h.PlaceLines)-1]
	for _, l := range h.PlaceLines[:len(h.PlaceLines)-1] {
		if g.Text.Advance(l, k) <= room {
			h.PlaceLine = l
			break
		}
	}
	return true
}

func (h *Display) Draw(dst *ebiten.Image, g *world.Graphics, fr *Frame, v *world.View) {
	w := float32(fr.W)
	k := ui.Scale(fr.W, fr.H)
	graphTop := ui.Pxf(32, k) // the net graph goes under the minimap, if any
	if l, ok := h.mini.draw(dst, g, v, fr.Keeper, fr.W, fr.H); ok {
		graphTop = l.bottom() + ui.Pxf(8, k)
	}
	self, ok := fr.Rt.Self()
	if ok {
		frac := float32(0)
		if self.MaxHP > 0 {
			frac = float32(world.Clamp01(float64(self.HP) / float64(self.MaxHP)))
		}
		c := colHP
		if frac < 0.3 {
			c = colHPLow
		}
		r := HpBarRect(fr.W, fr.H)
		g.Boxes.AddKept("health bar", r) // the inventory leaves it in view
		g.Shapes.Rect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colPanel)
		g.Shapes.Rect(dst, float32(r.Min.X+2), float32(r.Min.Y+2), float32(r.Dx()-4)*frac, float32(r.Dy()-4), c)
	}
	abOK := ok && h.drawAbilityBar(dst, g, fr)
	boss := h.drawBossBar(dst, g, fr)
	graph := fr.NetGraph && !fr.InvOpen && !fr.Paused // the inventory would cover its words, the pause menu hide them
	if graph {
		h.drawGraphShapes(dst, g, w, graphTop, fr.Frame, k)
	}
	placeChanged := h.FitPlace(g, fr.W, k)
	h.backCorners(dst, g, fr.W, k)
	g.Shapes.Flush(dst)
	if ok {
		r := HpBarRect(fr.W, fr.H)
		g.Text.Draw(dst, h.health.text, r.Min.X+ui.Px(10, k), r.Min.Y+(r.Dy()-int(ui.GlyphH*k))/2, k, ui.AlignLeft, ui.ColText)
		if abOK {
			a := AbilityBarRect(r, k)
			c := ui.ColText
			if h.ab.key.secs == 0 {
				c = ui.ColBackdrop // dark on the gold of a ready bar
			}
			g.Text.Draw(dst, h.ab.text, a.Min.X+ui.Px(10, k), a.Min.Y+(a.Dy()-int(ui.GlyphH*k))/2, k, ui.AlignLeft, c)
		}
	}
	if boss != "" {
		// under the bar: the corners' text stays clear
		g.Text.Draw(dst, boss, fr.W/2, bossBarBottom(k)+ui.Px(4, k), k, ui.AlignCenter, ui.ColText)
	}
	if placeChanged && h.PlaceLine != "" {
		fmt.Fprintf(fr.Logw, "duskfall: corner line %q at %d×%d\n", h.PlaceLine, fr.W, fr.H) // window tests read what the corner shows
	}
	g.Text.Draw(dst, h.PlaceLine, ui.Px(12, k), ui.Px(8, k), k, ui.AlignLeft, ui.ColDim)
	g.Text.Draw(dst, h.PingText, fr.W-ui.Px(12, k), ui.Px(8, k), k, ui.AlignRight, ui.ColDim)
	g.Text.Draw(dst, h.HelpLine(g, *fr.Keys, fr.W, k), fr.W/2, fr.H-ui.Px(22, k), k, ui.AlignCenter, ui.ColDim)
	if graph {
		x := fr.W - ui.Px(12, k) - h.graph.w + ui.Px(10, k)
		for i, l := range h.GraphLines {
			g.Text.Draw(dst, l, x, int(graphTop)+ui.Px(8, k)+i*ui.Px(graphLineH, k), k, ui.AlignLeft, ui.ColText)
		}
	}
}

// StatusLine is the words for the own ship's flags: down, or in its
// arrival grace where there is something to be shielded from (the hub has
// no enemies, and its grace is only the rule's).
func StatusLine(flags uint8, inDungeon bool) string {
	switch {
	case flags&game.PlayerDead != 0:
		return "You are down. Respawning soon..."
	case flags&game.PlayerGrace != 0 && inDungeon:
		return "Arrival grace: you cannot be hit, and cannot shoot yet"
	}
	return ""
}

// drawBossBar draws the bar of the first boss the player has seen across
// the top and returns its name. A boss behind a wall it was never seen past
// stays a secret, like any enemy out of sight; once met, its bar stays while
// it is in range, so a pillar between the two does not make it flicker.
func (h *Display) drawBossBar(dst *ebiten.Image, g *world.Graphics, fr *Frame) string {
	fog := fr.Rt.Fog()
	inst, _ := fr.Rt.Instance()
	for _, e := range fr.Rt.Enemies() {
		d, ok := fr.Look.EnemyDef(e.Kind)
		if !ok || !d.Boss || e.MaxHP <= 0 {
			continue
		}
		met := h.BossMet.Ok && h.BossMet.instance == inst && h.BossMet.id == e.ID
		if !met && !fog.CanSee(e.Pos) {
			continue
		}
		h.BossMet = bossRef{instance: inst, id: e.ID, Ok: true}
		k := ui.Scale(fr.W, fr.H)
		bw := BossBarWidth(fr.W, fr.H, k)
		x := float32(fr.W-bw) / 2
		y, bh := ui.Pxf(BossBarY, k), ui.Pxf(10, k)
		g.Boxes.Add("boss bar", ui.RectF(x-2, y-2, float32(bw+4), bh+4))
		g.Shapes.Rect(dst, x-2, y-2, float32(bw+4), bh+4, colPanel)
		bar := colBossBar
		if e.Flags&game.EnemyTelegraph != 0 && fr.Frame/4%2 == 0 {
			bar = colBossHot // it is about to fire: the bar flashes with it
		}
		g.Shapes.Rect(dst, x, y, float32(bw)*float32(world.Clamp01(float64(e.HP)/float64(e.MaxHP))), bh, bar)
		for _, ph := range d.Phases[1:] {
			g.Shapes.Rect(dst, x+float32(bw)*float32(ph.Below)-1, y-2, 2, bh+4, colMark) // where the next phases begin
		}
		return h.bossWords(e.Kind, e.Flags&game.EnemyPhaseMask, &d)
	}
	return ""
}

// bossWords is the boss bar's caption: the name, and with phases the one
// under way, as "The Warden: Fury (2 of 3)".
func (h *Display) bossWords(kind, phase uint8, d *game.EnemyDef) string {
	key := bossLabelKey{kind: kind, phase: phase, ok: true}
	if key == h.boss.key {
		return h.boss.label
	}
	h.boss.key = key
	h.boss.label = d.Name
	if n := len(d.Phases); n > 1 && int(phase) < n {
		name := d.Phases[phase].Name
		if name == "" {
			name = "phase"
		}
		h.boss.label = fmt.Sprintf("%s: %s (%d of %d)", d.Name, name, phase+1, n)
	}
	return h.boss.label
}

// graphLineH is a line of the net graph's text at scale 1.
const graphLineH = 16

// drawGraphShapes draws the net graph's panel at UI scale k, as wide as
// its longest line, and its ping history, newest on the right.
func (h *Display) drawGraphShapes(dst *ebiten.Image, g *world.Graphics, w, top float32, frame int, k float64) {
	if h.graph.w == 0 || h.graph.k != k {
		h.graph.k, h.graph.w = k, ui.Px(332, k)
		for _, l := range h.GraphLines {
			h.graph.w = max(h.graph.w, g.Text.Advance(l, k)+ui.Px(20, k))
		}
	}
	pw := float32(h.graph.w)
	x0 := w - ui.Pxf(12, k) - pw
	textH := float32(ui.Px(graphLineH, k)*len(h.GraphLines) + ui.Px(16, k)) // the lines of text above the ping history
	gh := ui.Pxf(graphH, k)
	g.Boxes.Add("net graph", ui.RectF(x0, top, pw, textH+gh))
	g.Shapes.Rect(dst, x0, top, pw, textH+gh, colPanel)
	base := top + textH + gh - ui.Pxf(6, k)
	step := (pw - ui.Pxf(16, k)) / graphLen
	for i := range graphLen {
		v := min(h.graph.ping[(frame+1+i)%graphLen], graphMaxMS)
		bh := max(1, v/graphMaxMS*gh)
		g.Shapes.Rect(dst, x0+ui.Pxf(8, k)+float32(i)*step, base-bh, max(1, step*0.75), bh, colGraph)
	}
}

// BossBarY is the boss bar's top at scale 1.
const BossBarY = 28

// bossBarBottom is the first row under the boss bar's panel at scale k.
func bossBarBottom(k float64) int { return ui.Px(BossBarY, k) + ui.Px(10, k) + 2 }

// AbilityBarRect is the ability's bar: just above the health bar, as wide.
func AbilityBarRect(hp image.Rectangle, k float64) image.Rectangle {
	return image.Rect(hp.Min.X, hp.Min.Y-ui.Px(24, k), hp.Max.X, hp.Min.Y-ui.Px(4, k))
}

// drawAbilityBar draws the class ability's cooldown as a bar that fills
// toward ready (a shield's bar empties while it is up), and makes its words
// when they change: the ability's name, then its key when ready or the
// seconds left. It reports whether there is an ability to show.
func (h *Display) drawAbilityBar(dst *ebiten.Image, g *world.Graphics, fr *Frame) bool {
	ab, st := fr.Rt.Ability()
	if ab == nil || ab.Cooldown <= 0 {
		return false
	}
	r := AbilityBarRect(HpBarRect(fr.W, fr.H), ui.Scale(fr.W, fr.H))
	g.Boxes.AddKept("ability bar", r)
	frac := float32(1 - float64(st.Cooldown)/float64(ab.Cooldown))
	c := colAbility
	switch {
	case st.Active > 0 && ab.Duration > 0:
		frac, c = float32(st.Active)/float32(ab.Duration), world.ColShield
	case st.Cooldown == 0:
		c = colReady
	}
	g.Shapes.Rect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colPanel)
	g.Shapes.Rect(dst, float32(r.Min.X+2), float32(r.Min.Y+2), float32(r.Dx()-4)*frac, float32(r.Dy()-4), c)
	key := abilityLabelKey{ab: ab, secs: (st.Cooldown + game.TickRate - 1) / game.TickRate, key: fr.Keys[ui.ActAbility]}
	if key != h.ab.key || h.ab.text == "" {
		h.ab.key = key
		if key.secs == 0 {
			h.ab.text = fmt.Sprintf("%s: ready [%s]", ab.Name, key.key)
		} else {
			h.ab.text = fmt.Sprintf("%s: %d s", ab.Name, key.secs)
		}
	}
	return true
}

// BossBarWidth keeps the boss bar clear of the minimap and the corners'
// words at any width: between the minimap's left edge and as far from the
// left edge, at most 480 layout pixels.
func BossBarWidth(w, h int, k float64) int {
	return max(ui.Px(120, k), min(ui.Px(480, k), w-2*(MinimapLeftRoom(w, h, k)+ui.Px(16, k))))
}

// HpBarRect is the health bar: bottom left beside the item bar when the
// window is wide enough, otherwise at the top left under the boss bar's
// name and the place line.
func HpBarRect(w, h int) image.Rectangle {
	k := ui.Scale(w, h)
	bw, bh := ui.Px(324, k), ui.Px(26, k)
	if BarRect(w, h).Min.X >= ui.Px(14+12, k)+bw {
		x, y := ui.Px(14, k), h-ui.Px(hpBarUp, k)
		return image.Rect(x, y, x+bw, y+bh)
	}
	bw = min(bw, w-MinimapLeftRoom(w, h, k)-2*ui.Px(12, k))
	top := bossBarBottom(k) + ui.Px(4, k) + int(ui.GlyphH*k) + ui.Px(8, k) + ui.Px(24, k) // the boss's name, then the ability bar
	return image.Rect(ui.Px(12, k), top, ui.Px(12, k)+bw, top+bh)
}

// topHUDBottom is the first row under the HUD at the top of the screen in
// its middle: under the health bar when it is at the top left, otherwise
// under the boss bar's name. Banners and the level-up words go below it.
func topHUDBottom(w, h int) int {
	k := ui.Scale(w, h)
	if r := HpBarRect(w, h); r.Min.Y < h/2 {
		return r.Max.Y
	}
	return bossBarBottom(k) + ui.Px(4, k) + int(ui.GlyphH*k)
}

// HelpLine is the longest controls line that fits the window, for the
// keys bound now; the lines are made again only when a key changes.
func (h *Display) HelpLine(g *world.Graphics, keys ui.Bindings, w int, k float64) string {
	if keys != h.helpKeys || h.help[0] == "" {
		h.helpKeys, h.help = keys, ui.ControlLines(keys)
	}
	for _, l := range h.help {
		if g.Text.Advance(l, k) <= w-ui.Px(24, k) {
			return l
		}
	}
	return h.help[len(h.help)-1]
}
