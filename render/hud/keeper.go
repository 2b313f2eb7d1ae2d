package hud

import (
	"fmt"
	"image"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// The upgrade keeper: the NPC on the hub's TileNPC tile, drawn there and
// named, a dot on the minimap, and its panel. E beside it with a choice
// owed opens the panel (and sends no Interact that frame): the three
// options on offer, each with its numbers before → after. 1–3 or a click
// asks for one; the server checks and answers with the next sheet
// (ActionUpgraded: the panel shows the next offer while another upgrade is
// owed and closes after the last; ActionUpgradeRefused keeps it open with
// the server's words). While it is open the number keys are its own and
// never reach the bag. Esc closes it without a choice, and closing never
// rerolls: the offer is the server's. The game keeps running behind it.

// UpgradeChooser is what the panel asks of the runtime. *client.Runtime is
// one; tests put a recorder in its place to see which choices were sent.
type UpgradeChooser interface {
	ChooseUpgrade(i int) error
}

var _ UpgradeChooser = (*client.Runtime)(nil)

// Keeper geometry and timing.
const (
	keeperReach = 3 * game.TileSize // the server's NPCRadius
	keeperScan  = game.TickRate / 2 // frames between looks for its tile while not found
	askPatience = 2 * game.TickRate // frames the panel waits for an answer before it may ask again
	optionW     = 300
	optionGap   = 20
	optionLineH = 18
)

// Keeper colours.
var (
	colNPC      = ui.Rgb8(110, 220, 200, 1)
	colNPCOrb   = ui.Rgb8(200, 255, 245, 1)
	colNPCText  = ui.ColText
	colOptionOn = ui.Rgb8(40, 34, 64, 0.96)
)

// optionView is one upgrade option as the panel shows it: what it does in
// words and figures made from its stat keys (figures.go), its flavour
// line, and the stats before → after.
type optionView struct {
	Title   string   // "1  Sharpened"
	Does    []string // "Fires 29 % faster: 6.7 → 8.6 shots a second", a line a stat
	flavour string   // its content's text
	Text    []string // does, wrapped to the card
	flav    []string // flavour, wrapped to the card
	Rows    []StatRow
}

// Keeper finds the keeper, draws it and runs its panel.
type Keeper struct {
	Content *game.Content
	Act     UpgradeChooser
	name    string // "the Keeper of Ways"
	Label   string // "The Keeper of Ways", over its head
	tile    keeperTile

	Open    bool
	Options []optionView
	cards   keeperCards
	hover   int // the option under the mouse, -1 none

	// The choice sent and not yet answered, and the answer's words: a
	// refusal (in the error's colour), or what was taken while more are
	// owed (took).
	Asking  bool
	asked   keeperAsk
	Status  string
	took    bool
	wasNear bool // the ship stood in reach last frame

	Logw io.Writer // window tests follow the panel's openings and picks
}

// keeperTile is where the keeper's tile is in the current instance.
type keeperTile struct {
	inst    uint16
	at      game.Vec
	found   bool
	scanned int // the frame of the last look, -1 none yet
}

// keeperCards is the layout the options' words were wrapped for: the
// window's size, and the cards' size and scale for it, with the words
// fitted to them and what they were made of.
type keeperCards struct {
	cardH     int // the tallest option's height, at the layout's scale
	w, h      int
	cardW     int
	cardK     float64
	hint      ui.Fitted
	hintFor   string // the label hintWords was made for
	hintWords string
	statusFit ui.Fitted
	offerKey  []uint8
	upsKey    []uint8
	wornKey   [game.EquipSlots]int
}

// keeperAsk is the choice sent: when, and which.
type keeperAsk struct {
	frame int
	at    time.Time
	what  uint8
}

func NewKeeper(content *game.Content, name string, act UpgradeChooser) *Keeper {
	k := &Keeper{Content: content, Act: act, name: name, Label: ui.Capitalize(name), hover: -1}
	k.tile.scanned = -1
	return k
}

// Spot finds the keeper's tile in the streamed map, once per instance
// (and again every half second until its chunk arrives).
func (k *Keeper) Spot(rt *client.Runtime, frame int) (game.Vec, bool) {
	if inst, _ := rt.Instance(); inst != k.tile.inst {
		k.tile.inst, k.tile.found, k.tile.scanned = inst, false, -1
	}
	g := rt.Grid()
	if k.tile.found || g == nil || (k.tile.scanned >= 0 && frame-k.tile.scanned < keeperScan) {
		return k.tile.at, k.tile.found
	}
	k.tile.scanned = frame
	if i := slices.Index(g.Tiles, game.TileNPC); i >= 0 {
		k.tile.at, k.tile.found = game.TileCenter(i%g.W, i/g.W), true
	}
	return k.tile.at, k.tile.found
}

// Near reports whether the own ship stands within the keeper's reach.
func (k *Keeper) Near(rt *client.Runtime, frame int) bool {
	self, ok := rt.Self()
	at, found := k.Spot(rt, frame)
	return ok && found && self.Flags&game.PlayerDead == 0 && at.Dist2(self.Pos) <= keeperReach*keeperReach
}

// Update opens the panel on E beside the keeper with a choice owed, runs
// it, and reports whether it took this frame's input: then E, Esc, the
// number keys and clicks go nowhere else.
func (k *Keeper) Update(in *ui.FrameInput, rt *client.Runtime, w, h, frame int) bool {
	sh := rt.Sheet()
	near := k.Near(rt, frame)
	if near != k.wasNear {
		k.wasNear = near
		k.say("duskfall: keeper in reach=%t", near)
	}
	if !k.Open {
		if in.Interact && near && sh.Owed > 0 && len(sh.Offer) > 0 {
			k.Open, k.Status, k.took, k.Asking = true, "", false, false
			k.refresh(sh, rt)
			k.lay(w, h)
			k.say("duskfall: keeper open owed=%d", sh.Owed)
			return true
		}
		return false
	}
	k.answer(sh, rt, frame)
	if !k.Open {
		return true
	}
	k.refresh(sh, rt)
	k.hover = -1
	for i := range k.Options {
		if image.Pt(in.Mouse.X, in.Mouse.Y).In(k.optionRect(i, w, h)) {
			k.hover = i
		}
	}
	switch {
	case in.MenuBack() || in.Interact || !near || sh.Owed == 0:
		k.close()
	case k.Asking:
	case in.Digit >= 1 && in.Digit <= len(k.Options):
		k.choose(in.Digit-1, sh, frame)
	case in.Mouse.Click && k.hover >= 0:
		k.choose(k.hover, sh, frame)
	}
	return true
}

func (k *Keeper) close() {
	k.Open, k.Asking, k.Status, k.took = false, false, "", false
	k.say("duskfall: keeper closed")
}

// say writes a line for window tests, when there is a log.
func (k *Keeper) say(format string, args ...any) {
	if k.Logw != nil {
		fmt.Fprintf(k.Logw, format+"\n", args...)
	}
}

// choose asks the server for option i; the sheet it last sent is noted so
// the answer is known when it comes.
func (k *Keeper) choose(i int, sh client.Sheet, frame int) {
	k.Status, k.took = "", false
	if err := k.Act.ChooseUpgrade(i); err != nil {
		k.Status = ui.ErrWords(err)
		return
	}
	k.Asking, k.asked.frame, k.asked.at, k.asked.what = true, frame, sh.ActionAt, sh.Action
}

// answer reads the server's answer to the choice sent: a taken upgrade
// closes the panel when it was the last owed (the feedback line names it)
// and otherwise leaves it open on the next offer, saying what was taken;
// a refusal keeps it open with the server's words. Without an answer the
// panel may ask again after a while.
func (k *Keeper) answer(sh client.Sheet, rt *client.Runtime, frame int) {
	if !k.Asking {
		return
	}
	if sh.ActionAt.Equal(k.asked.at) && sh.Action == k.asked.what {
		if frame-k.asked.frame > askPatience {
			k.Asking = false
		}
		return
	}
	switch sh.Action {
	case wire.ActionUpgraded:
		k.Asking = false
		k.say("duskfall: keeper took %s owed=%d", k.upgradeName(sh.ActionItem), sh.Owed)
		if sh.Owed == 0 || len(sh.Offer) == 0 {
			k.close()
			return
		}
		k.Status, k.took = fmt.Sprintf("Took %s. %d more to choose.", k.upgradeName(sh.ActionItem), sh.Owed), true
	case wire.ActionUpgradeRefused:
		k.Asking = false
		if text, _ := rt.Notice(); text != "" {
			k.Status = text
		} else {
			k.Status = "The keeper did not take that choice."
		}
	default: // something else happened first (a pickup): keep waiting
		k.asked.at, k.asked.what = sh.ActionAt, sh.Action
	}
}

// upgradeName names upgrade i of the content.
func (k *Keeper) upgradeName(i int) string {
	if i >= 0 && i < len(k.Content.Upgrades) {
		return k.Content.Upgrades[i].Name
	}
	return "an upgrade"
}

// refresh makes the options' lines when the offer, the upgrades held or
// the worn things changed: the numbers depend on all three.
func (k *Keeper) refresh(sh client.Sheet, rt *client.Runtime) {
	if k.Options != nil && slices.Equal(k.cards.offerKey, sh.Offer) && slices.Equal(k.cards.upsKey, sh.Upgrades) && k.cards.wornKey == sh.Worn {
		return
	}
	k.cards.offerKey = append(k.cards.offerKey[:0], sh.Offer...)
	k.cards.upsKey = append(k.cards.upsKey[:0], sh.Upgrades...)
	k.cards.wornKey = sh.Worn
	k.cards.w = 0 // wrapped again for the window
	k.MakeOptions(sh.Loadout(rt.Character().Class), sh.Offer)
	k.sayCards()
}

// sayCards writes each card's words and figures, for window tests:
// "duskfall: keeper card 1  Quickdraw | Fires 29 % faster: … | DPS, one
// target 120 → 154".
func (k *Keeper) sayCards() {
	if k.Logw == nil {
		return
	}
	for _, o := range k.Options {
		parts := append([]string{o.Title}, o.Does...)
		for _, r := range o.Rows {
			if r.Changed {
				parts = append(parts, r.Label+" "+r.Value)
			}
		}
		k.say("duskfall: keeper card %s", strings.Join(parts, " | "))
	}
}

// MakeOptions makes a card per upgrade on offer to a character of loadout
// l: its stats now and with the upgrade, as the server would build them.
func (k *Keeper) MakeOptions(l game.Loadout, offer []uint8) {
	k.Options = k.Options[:0]
	now := game.EffectiveStats(k.Content, l)
	for i, up := range offer {
		k.Options = append(k.Options, k.option(i, up, now, statsTaking(k.Content, l, up)))
	}
}

// lay fits the cards to a w×h window at its UI scale: as wide as the room
// for three allows, their words wrapped again to that width.
func (k *Keeper) lay(w, h int) {
	if k.cards.w == w && k.cards.h == h {
		return
	}
	k.cards.w, k.cards.h = w, h
	s := ui.Scale(w, h)
	n := max(len(k.Options), 1)
	k.cards.cardK = s
	k.cards.cardW = min(ui.Px(optionW, s), (w-2*ui.Px(12, s)-(n-1)*ui.Px(optionGap, s))/n)
	chars := max(10, int(float64(k.cards.cardW-ui.Px(28, s))/(ui.GlyphW*s)))
	k.cards.cardH = 0
	for i := range k.Options {
		o := &k.Options[i]
		o.Text = o.Text[:0]
		for _, l := range o.Does {
			o.Text = append(o.Text, ui.Wrap(l, chars)...)
		}
		o.flav = ui.Wrap(o.flavour, chars)
		k.cards.cardH = max(k.cards.cardH, ui.Px(52, s)+k.lineH()*(len(o.Text)+len(o.flav)+len(o.Rows))+ui.Px(20, s))
	}
}

// lineH is a line of an option card at the layout's scale.
func (k *Keeper) lineH() int {
	return max(ui.Px(optionLineH, k.cards.cardK), int(ui.GlyphH*k.cards.cardK)+2)
}

// option is one upgrade option: its number and name, what it does to
// these stats, its flavour, and the stats now and after taking it.
func (k *Keeper) option(i int, up uint8, now, then game.PlayerStats) optionView {
	if int(up) >= len(k.Content.Upgrades) {
		return optionView{Title: fmt.Sprintf("%d  (unknown upgrade)", i+1)}
	}
	d := &k.Content.Upgrades[up]
	return optionView{Title: fmt.Sprintf("%d  %s", i+1, d.Name), Does: ChangeLines(d.Mods, now, then), flavour: d.Text,
		Rows: OptionRows(now, then)}
}

// optionRect is option i, the row of options centred on a w×h screen a
// little above the middle, with room above for the title and the hint and
// below for the answer's line.
func (k *Keeper) optionRect(i, w, h int) image.Rectangle {
	k.lay(w, h)
	s := k.cards.cardK
	n := max(len(k.Options), 1)
	gap := ui.Px(optionGap, s)
	x := (w-n*k.cards.cardW-(n-1)*gap)/2 + i*(k.cards.cardW+gap)
	above := ui.Px(12, s) + int(ui.GlyphH*ui.TextScale*s) + ui.Px(12, s) + int(ui.GlyphH*s) + ui.Px(12, s)
	below := ui.Px(12, s) + int(ui.GlyphH*s) + ui.Px(12, s)
	y := max(above, min(h/2-k.cards.cardH/2-ui.Px(40, s), h-below-k.cards.cardH))
	return image.Rect(x, y, x+k.cards.cardW, y+k.cards.cardH)
}

// DrawFigure draws the keeper on its tile when the tile is explored: lit
// in sight with its orb pulsing, dim where only remembered, with a halo
// while an upgrade is owed.
func (k *Keeper) DrawFigure(dst *ebiten.Image, a *world.ActorArt, sb *ui.ShapeBatch, fr *Frame, fog *client.Fog) {
	at, ok := k.Spot(fr.Rt, fr.Frame)
	tx, ty := int(at.X)/game.TileSize, int(at.Y)/game.TileSize
	if !ok || !fog.Explored(tx, ty) || !fr.Cam.Visible(at.X, at.Y, 40) {
		return
	}
	x, y := fr.Cam.ToScreen(at.X, at.Y)
	if !fog.Visible(tx, ty) {
		a.Ships.Body.Sprite(dst, a.Keeper, x, y, 0, 1, 1, ui.RGBA{R: world.FogExplore, G: world.FogExplore, B: world.FogExplore, A: 1})
		return
	}
	pulse := float32(0.5 + 0.5*math.Sin(float64(fr.Frame)*0.07))
	if fr.Rt.Sheet().Owed > 0 {
		sb.Ring(dst, x, y-4, 25+2*pulse, 28+2*pulse, func(int) ui.RGBA { return colMine.Alpha(0.55) })
	}
	if fr.High {
		a.Ships.Glow.Sprite(dst, a.KeeperGlow, x, y, 0, 1, 1, ui.RGBA{R: 1, G: 1, B: 1, A: 0.6 + 0.3*pulse})
	}
	a.Ships.Body.Sprite(dst, a.Keeper, x, y, 0, 1, 1, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	a.Fx.Light.Sprite(dst, a.Dot, x+keeperOrbX, y+keeperOrbY, 0, 1, 1.2+0.5*pulse, colNPCOrb.Alpha(0.5+0.4*pulse))
}

// FigureBox is where the keeper's figure stands on the world image this
// frame, when it is drawn.
func (k *Keeper) FigureBox(a *world.ActorArt, fr *Frame, fog *client.Fog) (image.Rectangle, bool) {
	at, ok := k.Spot(fr.Rt, fr.Frame)
	if !ok || !fog.Explored(int(at.X)/game.TileSize, int(at.Y)/game.TileSize) || !fr.Cam.Visible(at.X, at.Y, 40) {
		return image.Rectangle{}, false
	}
	x, y := fr.Cam.ToScreen(at.X, at.Y)
	return world.SpriteBox(a.Keeper, x, y), true
}

// Where the keeper's orb is drawn on its sprite, u from its tile's centre.
const keeperOrbX, keeperOrbY = 16.3, -28.5

// DrawLabel names the keeper over its head while it is in sight.
func (k *Keeper) DrawLabel(dst *ebiten.Image, g *world.Graphics, fr *Frame, fog *client.Fog) {
	if !k.tile.found || !fog.CanSee(k.tile.at) || !fr.Cam.Visible(k.tile.at.X, k.tile.at.Y, 80) {
		return
	}
	x, y := fr.Cam.ToScreen(k.tile.at.X, k.tile.at.Y)
	fr.Labels.Draw(dst, g, k.Label, int(x), int(y)-62, world.LabelUp, colNPCText) // placed with the others, clear of the HUD
}

// DrawPanel draws the open panel over the dimmed screen: a card per
// option, the numbers it changes lit, and the answer's words below.
func (k *Keeper) DrawPanel(dst *ebiten.Image, g *world.Graphics, w, h int) {
	if !k.Open {
		return
	}
	g.Boxes.Overlay(true)
	sb := g.Shapes
	sb.Rect(dst, 0, 0, float32(w), float32(h), ui.ColDimScreen)
	for i := range k.Options {
		fill, border := colPanel, ui.ColBorder
		if i == k.hover && !k.Asking {
			fill, border = colOptionOn, ui.ColBorderOn
		}
		ui.Frame(dst, sb, k.optionRect(i, w, h), fill, border)
	}
	sb.Flush(dst)
	sc := k.cards.cardK
	top := k.optionRect(0, w, h).Min.Y
	lh := int(ui.GlyphH*sc) + ui.Px(12, sc)
	g.Text.Draw(dst, "Choose an upgrade", w/2, top-lh-ui.Px(12, sc)-int(ui.GlyphH*ui.TextScale*sc), ui.TextScale*sc, ui.AlignCenter, ui.ColTitle)
	if k.cards.hintFor != k.Label {
		k.cards.hintFor, k.cards.hintWords = k.Label, k.Label+" offers three: 1-3 or click to choose, Esc to decide later"
	}
	g.Text.Draw(dst, k.cards.hint.Get(&g.Graphics, k.cards.hintWords, w-ui.Px(16, sc), sc), w/2, top-lh, sc, ui.AlignCenter, ui.ColDim)
	for i := range k.Options {
		k.drawOption(dst, g, &k.Options[i], k.optionRect(i, w, h))
	}
	status, c := k.Status, ui.ColError
	switch {
	case k.Asking:
		status, c = "The keeper considers your choice...", ui.ColDim
	case k.took:
		c = ui.ColText
	}
	g.Text.Draw(dst, k.cards.statusFit.Get(&g.Graphics, status, w-ui.Px(16, sc), sc), w/2, top+k.cards.cardH+ui.Px(12, sc), sc, ui.AlignCenter, c)
}

func (k *Keeper) drawOption(dst *ebiten.Image, g *world.Graphics, o *optionView, r image.Rectangle) {
	s := k.cards.cardK
	x, y := r.Min.X+ui.Px(14, s), r.Min.Y+ui.Px(12, s)
	g.Text.Draw(dst, o.Title, x, y, ui.TextScale*s, ui.AlignLeft, ui.ColTitle)
	y += ui.Px(40, s)
	lh := k.lineH()
	for _, l := range o.Text {
		g.Text.Draw(dst, l, x, y, s, ui.AlignLeft, ui.ColText)
		y += lh
	}
	for _, l := range o.flav {
		g.Text.Draw(dst, l, x, y, s, ui.AlignLeft, ui.ColDim)
		y += lh
	}
	y += ui.Px(10, s)
	for _, row := range o.Rows {
		lc, vc := ui.ColDim, ui.ColDim
		if row.Changed {
			lc, vc = ui.ColText, ui.ColTitle
		}
		g.Text.Draw(dst, row.Label, x, y, s, ui.AlignLeft, lc)
		g.Text.Draw(dst, row.Value, r.Max.X-ui.Px(14, s), y, s, ui.AlignRight, vc)
		y += lh
	}
}
