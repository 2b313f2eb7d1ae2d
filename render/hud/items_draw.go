package hud

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Item colours, by kind.
var (
	itemColours = [...]ui.RGBA{
		0:                   ui.Rgb8(160, 160, 170, 1),
		game.ItemConsumable: ui.Rgb8(230, 80, 110, 1),
		game.ItemWeapon:     ui.Rgb8(240, 200, 90, 1),
		game.ItemArmour:     ui.Rgb8(120, 170, 230, 1),
		game.ItemCharm:      ui.Rgb8(170, 120, 240, 1),
	}
	colMine      = ui.Rgb8(255, 215, 90, 1)
	colMineText  = color.RGBA{255, 215, 90, 255}
	colSlot      = ui.Rgb8(20, 20, 32, 0.9)
	colSlotHot   = ui.Rgb8(60, 60, 90, 0.95)
	colSlotKey   = ui.Rgb8(110, 96, 170, 0.95)
	colSlotDrop  = ui.Rgb8(200, 70, 60, 1)
	colXP        = ui.Rgb8(120, 190, 255, 1)
	colTipPanel  = ui.Rgb8(10, 10, 18, 0.94)
	ColTitleEdge = ui.Rgb8(255, 196, 120, 0.8)
	ColXPTrack   = ui.Rgb8(48, 48, 70, 0.95)
)

// Above the bar, bottom up: the XP line, E's prompt, the feedback lines.
const (
	promptUp = 60
	toastUp  = 100
)

// kindColour is the colour of an item kind, as text.
func kindColour(k game.ItemKind) color.RGBA {
	c := itemColours[0]
	if int(k) < len(itemColours) {
		c = itemColours[k]
	}
	return color.RGBA{uint8(c.R * 255), uint8(c.G * 255), uint8(c.B * 255), 255}
}

// DrawLoot draws the ground items in sight, bobbing on a dark plate that
// glows in the kind's colour; the player's own instanced ones wear a
// turning gold ring (and "yours", drawn with the labels).
func (u *Items) DrawLoot(dst *ebiten.Image, a *world.ActorArt, fr *Frame, fog *client.Fog) {
	for _, l := range fr.Rt.Loot() {
		at := game.Vec{X: float64(l.X), Y: float64(l.Y)}
		if !fog.CanSee(at) || !fr.Cam.Visible(at.X, at.Y, 24) {
			continue
		}
		x, y := fr.Cam.ToScreen(at.X, at.Y)
		kind := u.kind(int(l.Def))
		c := itemColours[0]
		if int(kind) < len(itemColours) {
			c = itemColours[kind]
		}
		pulse := float32(0.5 + 0.5*math.Sin(float64(fr.Frame)*0.06+float64(l.ID)))
		if fr.High {
			a.Loot.Glow.Sprite(dst, a.PlateGlow, x, y, 0, 1, 1, c.Alpha(0.35+0.2*pulse))
		}
		a.Loot.Body.Sprite(dst, a.Plate, x, y, 0, 1, 1, c)
		if l.Flags&wire.LootMine != 0 {
			a.Loot.Body.Sprite(dst, a.Mine, x, y, float32(fr.Frame)*0.02, 1, 1, colMine)
		}
		a.Loot.Body.Sprite(dst, a.Icon(int(l.Def), kind), x, y+lootBob(fr.Frame, l.ID), 0, 1, 1, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
	}
}

func lootBob(frame int, id uint16) float32 {
	return float32(2 * math.Sin(float64(frame)*0.08+float64(id)))
}

// DrawLootLabels writes "yours" under the player's own instanced items:
// nobody else sees them.
func (u *Items) DrawLootLabels(dst *ebiten.Image, g *world.Graphics, fr *Frame, fog *client.Fog) {
	for _, l := range fr.Rt.Loot() {
		at := game.Vec{X: float64(l.X), Y: float64(l.Y)}
		if l.Flags&wire.LootMine == 0 || !fog.CanSee(at) || !fr.Cam.Visible(at.X, at.Y, 40) {
			continue
		}
		x, y := fr.Cam.ToScreen(at.X, at.Y)
		fr.Labels.Draw(dst, g, "yours", int(x), int(y+lootBob(fr.Frame, l.ID))+15, world.LabelDown, colMineText)
	}
}

// DrawHUD draws the bar with the XP line over it, the slot whose tooltip
// shows lit. The tooltip itself goes over the inventory when it is open
// (drawTip), and over the fight with what comes and goes otherwise
// (drawPlayTip); the feedback and the cleared banner come and go too
// (render/ui/placement.go).
func (u *Items) DrawHUD(dst *ebiten.Image, g *world.Graphics, fr *Frame, panel bool) {
	sh := fr.Rt.Sheet()
	if !sh.Known {
		return
	}
	w, h := fr.W, fr.H
	lit := u.TipSlot(fr.InvOpen)
	if panel || fr.Paused {
		lit = -1
	}
	g.Boxes.AddKept("item bar", BarRect(w, h))
	u.drawBarShapes(dst, g.Shapes, sh, w, h, lit)
	g.Shapes.Flush(dst)
	u.drawBarIcons(dst, fr.Look, sh, w, h)
	u.drawBarText(dst, g, sh, w, h)
}

// DrawTip draws the tooltip of the slot under the mouse over the open
// inventory, if any.
func (u *Items) DrawTip(dst *ebiten.Image, g *world.Graphics, fr *Frame) {
	if r, ok := u.TipRect(g, fr); ok {
		u.drawTooltip(dst, g, &u.Tips[u.Hover], r, ui.Scale(fr.W, fr.H))
	}
}

// TipRect is where the tooltip of the slot under the mouse goes over the
// open inventory, and whether one shows: not while the game is paused. It
// rises clear of the inventory's footer, which says how to close it.
func (u *Items) TipRect(g *world.Graphics, fr *Frame) (image.Rectangle, bool) {
	if u.Hover < 0 || fr.Paused || !fr.InvOpen || !fr.Rt.Sheet().Known {
		return image.Rectangle{}, false
	}
	w, h := fr.W, fr.H
	k := ui.Scale(w, h)
	r := TooltipRect(g, &u.Tips[u.Hover], SlotRect(u.Hover, w, h), w, k)
	inv := InvRect(w, h)
	foot := inv.Max.Y - ui.Px(10, k) - int(ui.GlyphH*k) // the footer's top, as the inventory draws it
	r = r.Add(image.Pt(0, min(0, foot-ui.Px(6, k)-r.Max.Y)))
	r = r.Add(image.Pt(0, max(0, inv.Min.Y-r.Min.Y))) // never above the panel
	return r, true
}

// DrawPlayTip draws the tooltip of the bar slot the pointer rests on over
// the fight, when no panel is open: in the place nearest over its slot
// that is free of every box drawn so far (render/ui/placement.go), or, with no room
// this frame, not at all.
func (u *Items) DrawPlayTip(dst *ebiten.Image, g *world.Graphics, fr *Frame) {
	i := u.TipSlot(false)
	if i < 0 || fr.InvOpen || fr.Paused || fr.KeeperOpen || !fr.Rt.Sheet().Known {
		u.SayTip(-1)
		return
	}
	w, h := fr.W, fr.H
	k := ui.Scale(w, h)
	want := TooltipRect(g, &u.Tips[i], SlotRect(i, w, h), w, k)
	r, ok := g.Boxes.RoomAt("tooltip", want.Min.X, want.Dx(), want.Dy(), want.Min.Y, -1, w, h, ui.Px(ui.TransientGap, k))
	if !ok {
		u.SayTip(-1)
		return
	}
	u.drawTooltip(dst, g, &u.Tips[i], r, k)
	u.SayTip(i)
}

func (u *Items) drawBarShapes(dst *ebiten.Image, sb *ui.ShapeBatch, sh client.Sheet, w, h, lit int) {
	b := BarRect(w, h)
	sb.Rect(dst, float32(b.Min.X), float32(b.Min.Y), float32(b.Dx()), float32(b.Dy()), colPanel)
	for i := range BarSlots {
		r := SlotRect(i, w, h)
		def := slotDef(sh, i)
		fill, border := colSlot, ui.ColBorder
		switch {
		case i == u.bar.keyed && u.bar.frame-u.bar.keyedAt < keyFlash:
			fill = colSlotKey
		case i == lit:
			fill, border = colSlotHot, ui.ColBorderOn
			if u.bar.shift && def >= 0 {
				border = colSlotDrop
			}
		}
		if def >= 0 && i != lit {
			border = itemColours[u.kind(def)].Scale(0.6)
		}
		ui.Frame(dst, sb, r, fill, border)
	}
	k := ui.Scale(w, h)
	first, last := SlotRect(0, w, h), SlotRect(BarSlots-1, w, h)
	y, th := float32(b.Min.Y-ui.Px(9, k)), ui.Pxf(5, k)
	xw := float32(last.Max.X - first.Min.X)
	sb.Boxes.Add("XP bar", ui.RectF(float32(first.Min.X), y, xw, th))
	sb.Rect(dst, float32(first.Min.X), y, xw, th, ColXPTrack)
	if sh.Next > 0 {
		sb.Rect(dst, float32(first.Min.X), y, xw*float32(world.Clamp01(float64(sh.XP)/float64(sh.Next))), th, colXP)
	} else {
		sb.Rect(dst, float32(first.Min.X), y, xw, th, colMine)
	}
}

// slotIconScale is how much larger than on the ground an icon is drawn
// in a slot of the bar.
const slotIconScale = 1.35

// drawBarIcons draws each slot's icon from the loot sheet; an empty worn
// slot shows the mark of what it takes, faintly.
func (u *Items) drawBarIcons(dst *ebiten.Image, look *world.Look, sh client.Sheet, w, h int) {
	a, ok := look.ActorArt()
	if !ok {
		return
	}
	k := float32(ui.Scale(w, h))
	for i := range BarSlots {
		r := SlotRect(i, w, h)
		cx, cy := float32(r.Min.X+r.Dx()/2), float32(r.Min.Y+r.Dy()/2)
		switch def := slotDef(sh, i); {
		case def >= 0:
			a.Loot.Body.Sprite(dst, a.Icon(def, u.kind(def)), cx, cy-2*k, 0, 1, slotIconScale*k, ui.RGBA{R: 1, G: 1, B: 1, A: 1})
			if i >= game.BagSlots { // what the slot takes, small in its corner, where a bag slot names its key
				mark := a.Mark(game.ItemWeapon + game.ItemKind(i-game.BagSlots))
				q := float32(r.Dx()) / 5
				a.Loot.Body.Sprite(dst, mark, float32(r.Min.X)+q, float32(r.Min.Y)+q, 0, 1, 0.55*k, ui.RGBA{R: 1, G: 1, B: 1, A: 0.55})
			}
		case i >= game.BagSlots:
			mark := a.Mark(game.ItemWeapon + game.ItemKind(i-game.BagSlots))
			a.Loot.Body.Sprite(dst, mark, cx, cy, 0, 1, slotIconScale*k, ui.RGBA{R: 1, G: 1, B: 1, A: 0.2})
		}
	}
	a.Loot.Body.Flush(dst)
}

// XpLineUp is how far above the item bar the XP line sits.
const XpLineUp = 30

// stackWords are a stack's counts as a slot shows them, made once.
var stackWords = func() []string {
	w := make([]string, game.MaxStack+1)
	for n := range w {
		w[n] = fmt.Sprintf("×%d", n)
	}
	return w
}()

func (u *Items) drawBarText(dst *ebiten.Image, g *world.Graphics, sh client.Sheet, w, h int) {
	k := ui.Scale(w, h)
	pad, lh := ui.Px(3, k), int(ui.GlyphH*k)
	for i := range BarSlots {
		r := SlotRect(i, w, h)
		g.Text.Draw(dst, u.SlotLabel[i], r.Min.X+pad, r.Min.Y+2, k, ui.AlignLeft, ui.ColDim)
		if def := slotDef(sh, i); u.known(def) {
			g.Text.Draw(dst, u.words.initials[def], r.Max.X-pad, r.Max.Y-2-lh, k, ui.AlignRight, ui.ColText)
			if i < game.BagSlots && sh.Stack[i] > 1 {
				g.Text.Draw(dst, stackWords[min(sh.Stack[i], len(stackWords)-1)], r.Min.X+pad, r.Max.Y-2-lh, k, ui.AlignLeft, ui.ColTitle)
			}
		}
	}
	first, last := SlotRect(0, w, h), SlotRect(BarSlots-1, w, h)
	y := BarRect(w, h).Min.Y - XpLineUpAt(k)
	if !g.Text.Quiet && (u.xp.text != "" || u.xp.owed != "") {
		// The row is the XP line's across the bar: words beside its
		// words would read as one line with them (render/ui/placement.go).
		g.Boxes.Add("XP line", image.Rect(first.Min.X, y, last.Max.X, y+int(math.Ceil(ui.GlyphH*k))))
	}
	g.Text.Draw(dst, u.xp.text, first.Min.X, y, k, ui.AlignLeft, ui.ColText)
	g.Text.Draw(dst, u.xp.owed, last.Max.X, y, k, ui.AlignRight, ui.ColTitle)
}

// XpLineUpAt is xpLineUp at UI scale k.
func XpLineUpAt(k float64) int { return ui.Px(XpLineUp, k) }

// DrawToasts draws the feedback lines still up, newest lowest, each
// rising a little as it ages, each in the room left above the last
// (render/ui/placement.go), cut to the window.
func (u *Items) DrawToasts(dst *ebiten.Image, g *world.Graphics, fits *ui.Transients, now time.Time, w, h int) {
	k := ui.Scale(w, h)
	ts := 1.5 * k
	y := BarRect(w, h).Min.Y - ui.Px(toastUp, k)
	for i := ui.ToastLines - 1; i >= 0; i-- {
		t := &u.Toasts[i]
		age := now.Sub(t.at)
		if t.Text == "" || age < 0 || age >= ToastShown {
			continue
		}
		rise := int(12 * k * age.Seconds() / ToastShown.Seconds())
		line := fits.Toast[i].Get(&g.Graphics, t.Text, w-ui.Px(16, k), ts)
		r, ok := g.Boxes.Room("toast", g.Text.Advance(line, ts), int(ui.GlyphH*ts), y-rise, -1, w, h, ui.Px(ui.TransientGap, k))
		if !ok {
			return // no room above: the older lines wait
		}
		g.Text.Draw(dst, line, w/2, r.Min.Y, ts, ui.AlignCenter, ui.ColText)
		y = r.Min.Y - ui.Px(28, k) + rise
	}
}

// ToastUp reports whether a feedback line with this text is on screen.
func (u *Items) ToastUp(text string, now time.Time) bool {
	for _, t := range u.Toasts {
		if t.Text == text && now.Sub(t.at) < ToastShown {
			return true
		}
	}
	return false
}

// TooltipRect is a slot's tooltip's panel: over the slot, clear of the
// XP line and E's prompt, kept on screen.
func TooltipRect(g *world.Graphics, t *tooltip, slot image.Rectangle, w int, k float64) image.Rectangle {
	pad, lineH := ui.Px(10, k), ui.Px(18, k)
	n := 1 + len(t.Lines)
	for _, l := range [2]string{t.Text, t.hint} {
		if l != "" {
			n++
		}
	}
	pw, ph := t.measure(g, k)+2*pad, n*lineH+2*pad-ui.Px(4, k)
	x := min(max(slot.Min.X+slot.Dx()/2-pw/2, ui.Px(8, k)), w-ui.Px(8, k)-pw)
	y := slot.Min.Y - ui.Px(46, k) - ph
	return image.Rect(x, y, x+pw, y+ph)
}

// measure is the widest of the tooltip's lines at scale k, the title with
// room for the kind beside it, measured again only when k changes.
func (t *tooltip) measure(g *world.Graphics, k float64) int {
	if t.width > 0 && t.widthK == k {
		return t.width
	}
	width := g.Text.Advance(t.Title, k)
	if t.kind != 0 {
		width += ui.Px(90, k) // room for the kind on the right
	}
	for _, l := range t.Lines {
		width = max(width, g.Text.Advance(l, k))
	}
	for _, l := range [2]string{t.Text, t.hint} {
		if l != "" {
			width = max(width, g.Text.Advance(l, k))
		}
	}
	t.width, t.widthK = width, k
	return width
}

// drawTooltip draws a slot's tooltip in its panel r at UI scale k.
func (u *Items) drawTooltip(dst *ebiten.Image, g *world.Graphics, t *tooltip, r image.Rectangle, k float64) {
	pad, lineH := ui.Px(10, k), ui.Px(18, k)
	pw := r.Dx()
	border := ui.ColBorder
	if t.kind != 0 {
		border = itemColours[t.kind].Scale(0.7)
	}
	ui.Frame(dst, g.Shapes, r, colTipPanel, border)
	g.Shapes.Flush(dst)
	x, y := r.Min.X+pad, r.Min.Y+pad-2
	g.Text.Draw(dst, t.Title, x, y, k, ui.AlignLeft, kindColour(t.kind))
	if t.kind != 0 {
		g.Text.Draw(dst, t.kind.String(), x+pw-2*pad, y, k, ui.AlignRight, ui.ColDim)
	}
	for _, l := range t.Lines {
		y += lineH
		g.Text.Draw(dst, l, x, y, k, ui.AlignLeft, ui.ColText)
	}
	if t.Text != "" {
		y += lineH
		g.Text.Draw(dst, t.Text, x, y, k, ui.AlignLeft, ui.ColDim)
	}
	if t.hint != "" {
		y += lineH
		g.Text.Draw(dst, t.hint, x, y, k, ui.AlignLeft, ui.ColTitle)
	}
}

// DrawBanner draws the cleared banner for its eight seconds, high up,
// its lines cut to the window.
func (u *Items) DrawBanner(dst *ebiten.Image, g *world.Graphics, fits *ui.Transients, now time.Time, w, h int) {
	if len(u.ClearTxt) == 0 || now.Sub(u.ClearAt) >= clearShown {
		return
	}
	k := ui.Scale(w, h)
	top, titleScale, lineH := max(ui.Px(56, k), topHUDBottom(w, h)+ui.Px(8, k)), 3*k, int(ui.GlyphH*k)+4
	lines := fits.ClearedLines(&g.Graphics, u.ClearTxt, w-ui.Px(64, k), k)
	width := g.Text.Advance(u.ClearTxt[0], titleScale)
	for _, l := range lines {
		width = max(width, g.Text.Advance(l, k))
	}
	ph := int(ui.GlyphH*titleScale) + ui.Px(16, k) + lineH*(len(u.ClearTxt)-1) + ui.Px(12, k)
	r, ok := g.Boxes.Room("cleared", width+ui.Px(48, k), ph, top, 1, w, h, ui.Px(ui.TransientGap, k))
	if !ok {
		return // no room free of other words this frame (render/ui/placement.go)
	}
	top = r.Min.Y
	ui.Frame(dst, g.Shapes, r, colPanel, colMine.Scale(0.7))
	g.Shapes.Flush(dst)
	g.Text.Draw(dst, u.ClearTxt[0], w/2, top+ui.Px(6, k), titleScale, ui.AlignCenter, ui.ColTitle)
	g.Text.DrawLines(dst, lines, w/2, top+int(ui.GlyphH*titleScale)+ui.Px(10, k), k, ui.ColText)
}

// DrawPrompt says what E does where the ship stands, in a box over the
// XP line: a fixed place, clear of the names over ships and the keeper.
func (u *Items) DrawPrompt(dst *ebiten.Image, g *world.Graphics, fr *Frame, nearKeeper bool) {
	self, ok := fr.Rt.Self()
	if !ok || self.Flags&game.PlayerDead != 0 {
		return
	}
	use := fr.Keys[ui.ActInteract]
	msg := PromptFor(u.LootInReach(fr.Rt.Loot(), self.Pos, use), nearKeeper, fr.Rt.Sheet().Owed, fr.portalPrompt(self.Pos), u.KeyWord(use), u.NextText)
	u.sayPrompt(msg)
	if msg == "" {
		return
	}
	k := ui.Scale(fr.W, fr.H)
	y := BarRect(fr.W, fr.H).Min.Y - ui.Px(promptUp, k)
	tw := g.Text.Advance(msg, k)
	r, ok := g.Boxes.Room("prompt", tw+2*(ui.Px(12, k)), int(ui.GlyphH*k)+ui.Px(8, k), y-ui.Px(4, k), -1, fr.W, fr.H, ui.Px(ui.TransientGap, k))
	if !ok {
		return // a panel over the bar leaves it no room (render/ui/placement.go)
	}
	ui.Frame(dst, g.Shapes, r, colTipPanel, ColTitleEdge)
	g.Shapes.Flush(dst)
	g.Text.Draw(dst, msg, fr.W/2, r.Min.Y+ui.Px(4, k), k, ui.AlignCenter, ui.ColTitle)
}

// sayPrompt writes E's prompt when it changes, for window tests:
// "duskfall: prompt E: choose an upgrade"; nothing when it goes.
func (u *Items) sayPrompt(msg string) {
	if msg == u.said.prompt {
		return
	}
	u.said.prompt = msg
	if u.Logw != nil && msg != "" {
		fmt.Fprintf(u.Logw, "duskfall: prompt %s\n", msg)
	}
}

// KeyWord is keyName, kept for the last key asked so a prompt made every
// frame allocates nothing.
func (u *Items) KeyWord(k ebiten.Key) string {
	if u.words.useWord == "" || u.words.useKey != k {
		u.words.useKey, u.words.useWord = k, ui.KeyName(k)
	}
	return u.words.useWord
}
