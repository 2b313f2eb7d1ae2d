package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
)

// The character's things on screen: the inventory bar (keys 1–8 use a bag
// slot, Shift drops it; a click on a worn slot takes it off, Shift+click
// drops), tooltips with real numbers, loot on the ground (the player's own
// instanced items ringed in gold), feedback for what the server did, the XP
// bar, the upgrade NPC and its panel, and the banner of a cleared dungeon.
// All of it reads the client's sheet (client.Sheet); the server decides.

// Item colours, by kind.
var (
	itemColours = [...]rgba{
		game.ItemConsumable: rgb8(230, 80, 110, 1),
		game.ItemWeapon:     rgb8(240, 200, 90, 1),
		game.ItemArmour:     rgb8(120, 170, 230, 1),
		game.ItemCharm:      rgb8(170, 120, 240, 1),
	}
	colMine    = rgb8(255, 215, 90, 1)
	colSlot    = rgb8(20, 20, 32, 0.85)
	colSlotHot = rgb8(60, 60, 90, 0.95)
	colXP      = rgb8(120, 190, 255, 1)
	colNPC     = rgb8(110, 220, 200, 1)
	colNPCText = color.RGBA{140, 235, 215, 255}
)

// Bar layout.
const (
	slotSize   = 40
	slotGap    = 6
	wornGap    = 18 // between the bag and the worn slots
	barSlots   = game.BagSlots + game.EquipSlots
	toastShown = 2 * time.Second
	clearShown = 8 * time.Second
	npcReach   = 3 * game.TileSize // the server's NPCRadius
)

// itemsUI is the play scene's part for items, XP and upgrades.
type itemsUI struct {
	content  *game.Content
	npcName  string
	hover    int // slot under the mouse, -1 none
	panel    bool
	toast    string
	toastAt  time.Time
	seenAct  time.Time
	clearAt  time.Time
	clearTxt []string
	xpText   string
	xpKey    [3]int
	tips     [barSlots][]string
	tipKey   client.Sheet
	offer    [][]string // the upgrade panel's lines per option
	offerKey string
	npcInst  uint16
	npcAt    game.Vec
	npcOK    bool
	npcScan  int
}

func newItemsUI() *itemsUI {
	u := &itemsUI{content: client.Content(), hover: -1, npcScan: -1}
	if hub, err := levels.LoadMap("hub", u.content); err == nil {
		u.npcName = hub.NPCName
	}
	if u.npcName == "" {
		u.npcName = "the upgrade keeper"
	}
	return u
}

// slotRect is slot i of the bar (bag slots, then worn ones), centred at
// the bottom of a w×h screen.
func slotRect(i, w, h int) image.Rectangle {
	total := barSlots*slotSize + (barSlots-1)*slotGap + wornGap
	x := (w-total)/2 + i*(slotSize+slotGap)
	if i >= game.BagSlots {
		x += wornGap
	}
	y := h - 170
	return image.Rect(x, y, x+slotSize, y+slotSize)
}

// slotAt is the slot under (x, y), or -1.
func slotAt(x, y, w, h int) int {
	p := image.Pt(x, y)
	for i := range barSlots {
		if p.In(slotRect(i, w, h)) {
			return i
		}
	}
	return -1
}

// itemIntent adds this frame's item actions to it: a number key uses that
// bag slot (with Shift, drops it); a click on a slot uses it (a worn one
// comes off) or, with Shift, drops it. A click on the bar never fires.
func (u *itemsUI) itemIntent(in *frameInput, w, h int, it *client.Intent) {
	u.hover = slotAt(in.MouseX, in.MouseY, w, h)
	if u.hover >= 0 {
		it.Fire = false
	}
	switch {
	case u.panel:
	case in.Digit >= 1 && in.Digit <= game.BagSlots:
		it.Use, it.Drop, it.Slot = !in.Shift, in.Shift, uint8(in.Digit-1)
	case in.Click && u.hover >= 0:
		it.Use, it.Drop, it.Slot = !in.Shift, in.Shift, uint8(u.hover)
	}
}

// npcSpot finds the upgrade NPC's tile in the streamed map, once per
// instance (and again every half second until its chunk arrives).
func (u *itemsUI) npcSpot(rt *client.Runtime, frame int) (game.Vec, bool) {
	inst, _ := rt.Instance()
	if inst != u.npcInst {
		u.npcInst, u.npcOK, u.npcScan = inst, false, -1
	}
	g := rt.Grid()
	if u.npcOK || g == nil || (u.npcScan >= 0 && frame-u.npcScan < game.TickRate/2) {
		return u.npcAt, u.npcOK
	}
	u.npcScan = frame
	for i, t := range g.Tiles {
		if t == game.TileNPC {
			u.npcAt, u.npcOK = game.TileCenter(i%g.W, i/g.W), true
			break
		}
	}
	return u.npcAt, u.npcOK
}

// nearNPC reports whether the own ship stands within reach of the NPC.
func (u *itemsUI) nearNPC(rt *client.Runtime, frame int) bool {
	self, ok := rt.Self()
	at, found := u.npcSpot(rt, frame)
	return ok && found && at.Dist2(self.Pos) <= npcReach*npcReach
}

// updatePanel opens the upgrade panel on E by the NPC with a choice owed,
// runs it, and reports whether it took this frame's input (so E and Esc go
// nowhere else).
func (u *itemsUI) updatePanel(in *frameInput, rt *client.Runtime, w, h, frame int) bool {
	sh := rt.Sheet()
	near := u.nearNPC(rt, frame)
	if !u.panel {
		if in.Interact && near && sh.Owed > 0 {
			u.panel = true
			return true
		}
		return false
	}
	switch {
	case in.Back || in.Interact || !near:
		u.panel = false
	case in.Digit >= 1 && in.Digit <= len(sh.Offer):
		_ = rt.ChooseUpgrade(in.Digit - 1)
	case in.Click:
		for i := range sh.Offer {
			if image.Pt(in.MouseX, in.MouseY).In(optionRect(i, w, h)) {
				_ = rt.ChooseUpgrade(i)
			}
		}
	}
	if sh.Owed == 0 || len(sh.Offer) == 0 {
		u.panel = false
	}
	return true
}

// optionRect is the upgrade panel's option i.
func optionRect(i, w, h int) image.Rectangle {
	const ow, oh, gap = 300, 250, 20
	x := (w-3*ow-2*gap)/2 + i*(ow+gap)
	y := h/2 - oh/2
	return image.Rect(x, y, x+ow, y+oh)
}

// update refreshes the text that follows the sheet: feedback for a new
// action, the XP line, tooltips, the cleared banner.
func (u *itemsUI) update(rt *client.Runtime, now time.Time) {
	sh := rt.Sheet()
	if sh.Known && sh.ActionAt.After(u.seenAct) {
		u.seenAct = sh.ActionAt
		if t := u.feedback(sh); t != "" {
			u.toast, u.toastAt = t, now
		}
	}
	if k := [3]int{sh.Level, sh.XP, sh.Owed}; k != u.xpKey || u.xpText == "" {
		u.xpKey, u.xpText = k, xpLine(sh)
	}
	if !sameSlots(sh, u.tipKey) {
		u.tipKey = sh
		st := rt.PlayerStats()
		for i := range barSlots {
			u.tips[i] = u.tooltip(slotDef(sh, i), st)
		}
	}
	if c, at := rt.Cleared(); at.After(u.clearAt) {
		u.clearAt, u.clearTxt = at, u.clearedLines(c)
	}
	if key := fmt.Sprint(sh.Offer, sh.Upgrades, sh.Worn); u.panel && key != u.offerKey {
		u.offerKey = key
		u.offer = u.offer[:0]
		for _, up := range sh.Offer {
			u.offer = append(u.offer, u.optionLines(up, rt.PlayerStats(), rt.StatsWith(up)))
		}
	}
}

func sameSlots(a, b client.Sheet) bool {
	return a.Bag == b.Bag && a.Worn == b.Worn && a.Known == b.Known
}

// slotDef is the item def in bar slot i, or -1.
func slotDef(sh client.Sheet, i int) int {
	if i < game.BagSlots {
		return sh.Bag[i]
	}
	return sh.Worn[i-game.BagSlots]
}

func (u *itemsUI) itemName(def int) string {
	if def >= 0 && def < len(u.content.Items) {
		return u.content.Items[def].Name
	}
	return "something"
}

// feedback is the line shown for a sheet's action.
func (u *itemsUI) feedback(sh client.Sheet) string {
	name := u.itemName(sh.ActionItem)
	switch sh.Action {
	case wire.ActionPicked:
		return "Picked up " + name
	case wire.ActionUsed:
		return "Used " + name
	case wire.ActionDropped:
		return "Dropped " + name
	case wire.ActionEquipped:
		return "Equipped " + name
	case wire.ActionUnequipped:
		return "Took off " + name
	case wire.ActionBagFull:
		return "Bag full: drop something first (Shift+1-8)"
	case wire.ActionLevelled:
		return fmt.Sprintf("Level %d! An upgrade awaits at the keeper", sh.Level)
	case wire.ActionUpgraded:
		if sh.ActionItem >= 0 && sh.ActionItem < len(u.content.Upgrades) {
			return "Took " + u.content.Upgrades[sh.ActionItem].Name
		}
		return "Upgrade taken"
	}
	return ""
}

func xpLine(sh client.Sheet) string {
	switch {
	case !sh.Known:
		return ""
	case sh.Next == 0:
		return fmt.Sprintf("Level %d, the most there is", sh.Level)
	}
	return fmt.Sprintf("Level %d   XP %d / %d", sh.Level, sh.XP, sh.Next)
}

// tooltip is an item's lines: name and kind, what it does in real numbers
// against the current stats, and its text.
func (u *itemsUI) tooltip(def int, st game.PlayerStats) []string {
	if def < 0 || def >= len(u.content.Items) {
		return nil
	}
	it := &u.content.Items[def]
	lines := []string{fmt.Sprintf("%s (%s)", it.Name, it.Kind)}
	if it.Kind == game.ItemConsumable {
		lines = append(lines, fmt.Sprintf("restores %d health", it.Heal))
	}
	lines = append(lines, modLines(it.Mods, st)...)
	if it.Text != "" {
		lines = append(lines, it.Text)
	}
	return lines
}

// shotsPerSecond is the fire rate of a cooldown in ticks.
func shotsPerSecond(cooldown int) float64 {
	return float64(game.TickRate) / float64(max(cooldown, game.MinFireCooldown))
}

// modLines says what stat changes do, in player units, with the current
// value beside the new one where a rate is involved.
func modLines(m game.StatMods, st game.PlayerStats) []string {
	var out []string
	add := func(ok bool, format string, args ...any) {
		if ok {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	add(m.Damage != 0, "damage %+d per bullet (%d → %d)", m.Damage, st.Damage, max(st.Damage+m.Damage, 1))
	add(m.FireCooldown != 0, "%.1f → %.1f shots/s", shotsPerSecond(st.FireCooldown), shotsPerSecond(st.FireCooldown+m.FireCooldown))
	add(m.BulletSpeed != 0, "bullet speed %+.0f u/s", m.BulletSpeed*game.TickRate)
	add(m.MaxHP != 0, "max health %+d (%d → %d)", m.MaxHP, st.MaxHP, st.MaxHP+m.MaxHP)
	add(m.Speed != 0, "move speed %+.0f u/s", m.Speed*game.TickRate)
	add(m.Shots != 0, "%+d bullet per shot", m.Shots)
	add(m.Split != 0, "hits split into %d more bullets", m.Split)
	add(m.Pierce != 0, "bullets pass through %d more enemies", m.Pierce)
	add(m.Poison != 0, "hits poison: %d damage, %d times", m.Poison, game.PoisonPulses)
	return out
}

// optionLines is one upgrade option: its name, text, and every number it
// changes, before → after, DPS last.
func (u *itemsUI) optionLines(up uint8, now, then game.PlayerStats) []string {
	if int(up) >= len(u.content.Upgrades) {
		return []string{"(unknown upgrade)"}
	}
	d := &u.content.Upgrades[up]
	lines := []string{d.Name, d.Text}
	add := func(changed bool, label, before, after string) {
		if changed {
			lines = append(lines, fmt.Sprintf("%s %s → %s", label, before, after))
		}
	}
	add(now.Damage != then.Damage, "damage", fmt.Sprint(now.Damage), fmt.Sprint(then.Damage))
	add(now.FireCooldown != then.FireCooldown, "shots/s", fmt.Sprintf("%.1f", shotsPerSecond(now.FireCooldown)),
		fmt.Sprintf("%.1f", shotsPerSecond(then.FireCooldown)))
	add(now.BulletSpeed != then.BulletSpeed, "bullet u/s", fmt.Sprintf("%.0f", now.BulletSpeed*game.TickRate),
		fmt.Sprintf("%.0f", then.BulletSpeed*game.TickRate))
	add(now.MaxHP != then.MaxHP, "max health", fmt.Sprint(now.MaxHP), fmt.Sprint(then.MaxHP))
	add(now.Speed != then.Speed, "move u/s", fmt.Sprintf("%.0f", now.Speed*game.TickRate), fmt.Sprintf("%.0f", then.Speed*game.TickRate))
	add(now.Shots != then.Shots, "bullets a shot", fmt.Sprint(now.Shots), fmt.Sprint(then.Shots))
	add(now.Split != then.Split, "split", fmt.Sprint(now.Split), fmt.Sprint(then.Split))
	add(now.Pierce != then.Pierce, "pierce", fmt.Sprint(now.Pierce), fmt.Sprint(then.Pierce))
	add(now.Poison != then.Poison, "poison", fmt.Sprint(now.Poison), fmt.Sprint(then.Poison))
	lines = append(lines, fmt.Sprintf("DPS %.0f → %.0f", now.DPS(), then.DPS()))
	return lines
}

// clearedLines is the banner of a cleared dungeon.
func (u *itemsUI) clearedLines(c wire.Cleared) []string {
	name := "The dungeon"
	if int(c.Dungeon) < len(u.content.Dungeons) {
		name = u.content.Dungeons[c.Dungeon].Name
	}
	lines := []string{name + " cleared"}
	for _, p := range c.Players {
		var items []string
		for _, d := range p.Items {
			items = append(items, u.itemName(int(d)))
		}
		took := "nothing"
		if len(items) > 0 {
			took = strings.Join(items, ", ")
		}
		lines = append(lines, fmt.Sprintf("%s: %d XP, %d kills, took %s", p.Name, p.XP, p.Kills, took))
	}
	return lines
}

// drawLoot draws the ground items in sight; the player's own instanced
// ones wear a gold ring.
func (u *itemsUI) drawLoot(dst *ebiten.Image, sb *shapeBatch, s *playScene, fog *client.Fog) {
	for _, l := range s.rt.Loot() {
		at := game.Vec{X: float64(l.X), Y: float64(l.Y)}
		if !fog.CanSee(at) || !s.cam.visible(at.X, at.Y, 20) {
			continue
		}
		x, y := s.cam.toScreen(at.X, at.Y)
		bob := float32(2 * math.Sin(float64(s.frames)*0.08+float64(l.ID)))
		if l.Flags&wire.LootMine != 0 {
			sb.ring(dst, x, y+bob, 11, 13, func(int) rgba { return colMine })
		}
		u.icon(dst, sb, int(l.Def), x, y+bob, 8)
	}
}

// icon is an item's mark: a shape by kind, in the kind's colour.
func (u *itemsUI) icon(dst *ebiten.Image, sb *shapeBatch, def int, x, y, r float32) {
	kind := game.ItemConsumable
	if def >= 0 && def < len(u.content.Items) {
		kind = u.content.Items[def].Kind
	}
	c := itemColours[kind]
	switch kind {
	case game.ItemWeapon:
		sb.triangle(dst, x, y-r, x-r*0.7, y+r, x+r*0.7, y+r, c)
	case game.ItemArmour:
		sb.rect(dst, x-r*0.8, y-r*0.8, r*1.6, r*1.6, c)
	case game.ItemCharm:
		sb.triangle(dst, x, y-r, x-r, y, x+r, y, c)
		sb.triangle(dst, x, y+r, x-r, y, x+r, y, c)
	default:
		sb.circle(dst, x, y, r*0.8, c)
		sb.rect(dst, x-r*0.25, y-r*1.2, r*0.5, r*0.5, c.scale(0.7))
	}
}

// drawNPC draws the upgrade NPC where the streamed map shows its tile.
func (u *itemsUI) drawNPC(dst *ebiten.Image, sb *shapeBatch, s *playScene, fog *client.Fog) (game.Vec, bool) {
	at, ok := u.npcSpot(s.rt, s.frames)
	if !ok || !fog.CanSee(at) || !s.cam.visible(at.X, at.Y, 30) {
		return game.Vec{}, false
	}
	x, y := s.cam.toScreen(at.X, at.Y)
	sb.circle(dst, x, y+6, 12, colNPC.scale(0.5))
	sb.circle(dst, x, y-6, 7, colNPC)
	sb.triangle(dst, x, y-22, x-8, y-10, x+8, y-10, colNPC.scale(0.8))
	return at, true
}

// drawHUD draws the bar, the XP line, the prompts, the feedback, the
// tooltip under the mouse, the cleared banner and the upgrade panel.
func (u *itemsUI) drawHUD(dst *ebiten.Image, g *graphics, s *playScene) {
	sh := s.rt.Sheet()
	if !sh.Known {
		return
	}
	w, h := s.a.w, s.a.h
	now := s.a.now()
	sb := g.shapes
	for i := range barSlots {
		r := slotRect(i, w, h)
		c := colSlot
		if i == u.hover {
			c = colSlotHot
		}
		sb.rect(dst, float32(r.Min.X), float32(r.Min.Y), slotSize, slotSize, c)
		if d := slotDef(sh, i); d >= 0 {
			u.icon(dst, sb, d, float32(r.Min.X+slotSize/2), float32(r.Min.Y+slotSize/2), 11)
		}
	}
	first := slotRect(0, w, h)
	last := slotRect(barSlots-1, w, h)
	xpw := float32(last.Max.X - first.Min.X)
	sb.rect(dst, float32(first.Min.X), float32(first.Max.Y+6), xpw, 5, colPanel)
	if sh.Next > 0 {
		sb.rect(dst, float32(first.Min.X), float32(first.Max.Y+6), xpw*float32(clamp01(float64(sh.XP)/float64(sh.Next))), 5, colXP)
	}
	if u.panel {
		sb.rect(dst, 0, 0, float32(w), float32(h), colDimScreen)
		for i := range sh.Offer {
			r := optionRect(i, w, h)
			sb.rect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colPanel)
		}
	}
	g.shapes.flush(dst)
	for i := range barSlots {
		r := slotRect(i, w, h)
		label := fmt.Sprint(i + 1)
		if i >= game.BagSlots {
			label = [...]string{"W", "A", "C"}[i-game.BagSlots]
		}
		g.text.draw(dst, label, r.Min.X+3, r.Min.Y+2, 1, alignLeft, colDim)
	}
	g.text.draw(dst, u.xpText, first.Min.X, first.Max.Y+14, 1, alignLeft, colText)
	if sh.Owed > 0 {
		g.text.draw(dst, "Upgrade owed: see "+u.npcName+" in the hub", last.Max.X, first.Max.Y+14, 1, alignRight, colTitle)
	}
	u.drawPrompt(dst, g, s, sh)
	if u.toast != "" && now.Sub(u.toastAt) < toastShown {
		g.text.draw(dst, u.toast, w/2, first.Min.Y-34, textScale, alignCenter, colText)
	}
	if u.hover >= 0 && !u.panel {
		r := slotRect(u.hover, w, h)
		g.text.drawLines(dst, u.tips[u.hover], r.Min.X, r.Min.Y-20-16*len(u.tips[u.hover]), 1, colText)
	}
	if len(u.clearTxt) > 0 && now.Sub(u.clearAt) < clearShown {
		g.text.draw(dst, u.clearTxt[0], w/2, h/6, 3, alignCenter, colTitle)
		g.text.drawLines(dst, u.clearTxt[1:], w/2-220, h/6+56, 1, colText)
	}
	if u.panel {
		u.drawPanel(dst, g, w, h)
	}
}

// drawPrompt says what E does here: take the item underfoot, or choose an
// upgrade by the NPC.
func (u *itemsUI) drawPrompt(dst *ebiten.Image, g *graphics, s *playScene, sh client.Sheet) {
	self, ok := s.rt.Self()
	if !ok || u.panel {
		return
	}
	msg := ""
	for _, l := range s.rt.Loot() {
		if math.Hypot(float64(l.X)-self.Pos.X, float64(l.Y)-self.Pos.Y) <= game.PickupRadius {
			msg = "E: take " + u.itemName(int(l.Def))
			break
		}
	}
	if msg == "" && u.nearNPC(s.rt, s.frames) {
		msg = "Nothing owed yet: level up to choose an upgrade"
		if sh.Owed > 0 {
			msg = "E: choose an upgrade"
		}
	}
	if msg != "" {
		g.text.draw(dst, msg, s.a.w/2, s.a.h/2+40, 1, alignCenter, colTitle)
	}
}

func (u *itemsUI) drawPanel(dst *ebiten.Image, g *graphics, w, h int) {
	g.text.draw(dst, "Choose an upgrade (1-3 or click, Esc to decide later)", w/2, optionRect(0, w, h).Min.Y-40, 1, alignCenter, colTitle)
	for i, lines := range u.offer {
		r := optionRect(i, w, h)
		if len(lines) == 0 {
			continue
		}
		g.text.draw(dst, fmt.Sprintf("%d  %s", i+1, lines[0]), r.Min.X+12, r.Min.Y+12, textScale, alignLeft, colTitle)
		g.text.drawLines(dst, lines[1:], r.Min.X+12, r.Min.Y+56, 1, colText)
	}
}

// npcLabel names the NPC over its head.
func (u *itemsUI) npcLabel(dst *ebiten.Image, g *graphics, s *playScene, at game.Vec) {
	x, y := s.cam.toScreen(at.X, at.Y)
	g.text.draw(dst, u.npcName, int(x), int(y)-48, 1, alignCenter, colNPCText)
}
