package hud

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// ColAbilityText is a class card's ability line, and the class's name
// on the inventory.
var ColAbilityText = color.RGBA{150, 210, 255, 255}

// The inventory screen: the whole character on one panel, opened and
// closed with its key (I by default) or Esc. The bag and what is worn, each
// thing named with what it does; the class, its ability and the ability's
// key; the character's level, XP and every stat
// as its class, upgrades and gear make it (the rule the server plays,
// game.EffectiveStats);
// and the upgrades it holds. The game goes on under it, and the ship still
// moves: it is read at a glance, not lived in.

// Inventory is the screen's state: whether it is open and its words,
// made from the sheet when the sheet changes, not every frame.
type Inventory struct {
	Open    bool
	made    sheetKey // the sheet the words were made from
	Left    []invLine
	Stat    []StatRow
	ups     []string
	Head    string
	Class   string // "Sapper.  Bomb (Space): erases enemy bullets within 5.3 tiles (170 u) of you, every 15 s"
	Foot    string // the closing words, for footKey
	footKey ebiten.Key
	// footShort is foot for a narrow window, footScroll for a short one.
	footShort, footScroll string
	// The columns' scroll in lines, its most and a page, from the last
	// frame drawn.
	Scroll, MaxScroll, Page int
	// fitted is left with its words cut to the columns of fitR at fitK,
	// made from the words of fitMade.
	fitted  []invLine
	fitR    image.Rectangle
	fitK    float64
	fitMade sheetKey

	Logw io.Writer // window tests read the figures shown
}

// invLine is a line of the carried column: a slot's name and what it holds.
type invLine struct {
	Slot, Name, What string
	empty, Header    bool
}

// sheetKey is what the panel's words depend on.
type sheetKey struct {
	known bool
	level int
	xp    int
	bag   [game.BagSlots]int
	stack [game.BagSlots]int
	worn  [game.EquipSlots]int
	ups   string
	class string
	key   ebiten.Key // the ability's key, which the class line names
}

func keyOf(sh client.Sheet, cl *game.Class, key ebiten.Key) sheetKey {
	k := sheetKey{known: sh.Known, level: sh.Level, xp: sh.XP, bag: sh.Bag, stack: sh.Stack, worn: sh.Worn, ups: string(sh.Upgrades), key: key}
	if cl != nil {
		k.class = cl.ID
	}
	return k
}

// Toggle opens or closes the panel.
func (p *Inventory) Toggle() { p.Open = !p.Open }

// Refresh remakes the words when the sheet, the class or the ability's key
// changed since they were made.
func (p *Inventory) Refresh(u *Items, sh client.Sheet, cl *game.Class, key ebiten.Key) {
	if k := keyOf(sh, cl, key); k != p.made || p.Head == "" {
		p.made = k
		p.Make(u, sh)
		p.Class = ClassLine(cl, key)
		p.say()
	}
}

// say writes the stats shown, for window tests: "duskfall: inventory
// damage 22 | max health 90 | … | DPS 102".
func (p *Inventory) say() {
	if p.Logw == nil {
		return
	}
	var b strings.Builder
	for i, row := range p.Stat {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(row.Label + " " + row.Value)
	}
	fmt.Fprintf(p.Logw, "duskfall: inventory %s\n", b.String())
}

// ClassLine names the class and what its ability does, on which key.
func ClassLine(cl *game.Class, key ebiten.Key) string {
	if cl == nil {
		return ""
	}
	words := AbilityWords(&cl.Ability)
	if name := cl.Ability.Name; name != "" && strings.HasPrefix(words, name) {
		words = name + " (" + ui.KeyName(key) + ")" + words[len(name):]
	}
	return cl.Name + ".  " + words
}

func (p *Inventory) Make(u *Items, sh client.Sheet) {
	p.Head = fmt.Sprintf("Level %d", sh.Level)
	if sh.Next > 0 {
		p.Head += fmt.Sprintf("   XP %d / %d", sh.XP, sh.Next)
	}
	p.Left = p.Left[:0]
	p.Left = append(p.Left, invLine{Name: "Bag", Header: true})
	for i := range game.BagSlots {
		l := u.invLine(sh, i, fmt.Sprint(i+1), "empty")
		if sh.Stack[i] > 1 {
			l.Name += fmt.Sprintf(" ×%d", sh.Stack[i])
		}
		p.Left = append(p.Left, l)
	}
	p.Left = append(p.Left, invLine{Name: "Worn", Header: true})
	for i := range game.EquipSlots {
		p.Left = append(p.Left, u.invLine(sh, game.BagSlots+i, wornNames[i], "no "+wornNames[i]))
	}
	p.Stat = OptionRows(u.statsWearing(sh, -1, -1), u.statsWearing(sh, -1, -1))
	p.ups = p.ups[:0]
	for _, i := range sh.Upgrades {
		if int(i) < len(u.content.Upgrades) {
			p.ups = append(p.ups, u.content.Upgrades[i].Name)
		}
	}
}

// invLine names what bar slot i holds and says what it does as its
// tooltip does, in one line (shortLines), then its flavour line, cut to
// the column where it is drawn.
func (u *Items) invLine(sh client.Sheet, i int, slot, none string) invLine {
	def := slotDef(sh, i)
	if !u.known(def) {
		return invLine{Slot: slot, Name: none, empty: true}
	}
	it := &u.content.Items[def]
	what := ""
	if t := u.Tooltip(sh, i); t.Said > 0 {
		what = shortLines(t.Lines, t.Said)
	}
	if it.Text != "" && what != "" {
		what += "  ·  "
	}
	return invLine{Slot: slot, Name: it.Name, What: what + it.Text}
}

// Panel measures at UI scale 1.
const (
	invW, invH = 900, 470
	invLineH   = 22
)

// InvRect is the panel at the window's UI scale: centred over the fight,
// narrowed to the window, shortened to end above the XP line, so the item
// bar it points at stays in view, and clear of the health and ability
// bars: under them when they are at the top left (a narrow window), above
// them when they sit beside the item bar and the panel reaches them.
func InvRect(w, h int) image.Rectangle {
	k := ui.Scale(w, h)
	m := ui.Px(8, k)
	top, bottom := m, BarRect(w, h).Min.Y-XpLineUpAt(k)-m
	hp := HpBarRect(w, h)
	bars := hp.Union(AbilityBarRect(hp, k))
	pw := min(ui.Px(invW, k), w-2*m)
	x := (w - pw) / 2
	switch {
	case bars.Min.Y < h/2:
		top = bars.Max.Y + m
	case bars.Min.X < x+pw && x < bars.Max.X:
		bottom = min(bottom, bars.Min.Y-m)
	}
	ph := min(ui.Px(invH, k), bottom-top)
	y := max(top, min((h-ph)/2, bottom-ph))
	return image.Rect(x, y, x+pw, y+ph)
}

// drawClass draws the class line on the title's row, between the name
// and the level, when the row has room for it (it has at 640×400 for any
// name), and on a row of its own below the title otherwise. It returns
// where the columns start.
func (p *Inventory) drawClass(g *world.Graphics, dst *ebiten.Image, name string, r image.Rectangle, x0, y int, k float64, lh int) int {
	if p.Class == "" {
		return y
	}
	gap := ui.Px(24, k)
	from := x0 + g.Text.Advance(name, ui.TextScale*k) + gap
	if from+g.Text.Advance(p.Class, k)+gap <= r.Max.X-gap-g.Text.Advance(p.Head, k) {
		g.Text.Draw(dst, p.Class, from, y-int(ui.GlyphH*ui.TextScale*k)-ui.Px(12, k)+ui.Px(4, k), k, ui.AlignLeft, ColAbilityText)
		return y
	}
	g.Text.Draw(dst, p.Class, x0, y, k, ui.AlignLeft, ColAbilityText)
	return y + lh + ui.Px(4, k)
}

// invCols are the panel's columns at scale k, from its left edge: the
// slot, the name, what it does, and the stats.
func invCols(r image.Rectangle, k float64) (slot, name, what, stats int) {
	x0 := r.Min.X + ui.Px(24, k)
	return x0 + ui.Px(8, k), x0 + ui.Px(80, k), x0 + ui.Px(240, k), r.Min.X + r.Dx()*62/100
}

// fitColumns cuts the carried column's names and what they do to their
// columns in r, when the words or the window changed.
func (p *Inventory) fitColumns(g *world.Graphics, r image.Rectangle, k float64) {
	if p.fitR == r && p.fitK == k && p.fitMade == p.made && p.fitted != nil {
		return
	}
	p.fitR, p.fitK, p.fitMade = r, k, p.made
	_, name, what, stats := invCols(r, k)
	p.fitted = p.fitted[:0]
	for _, l := range p.Left {
		if !l.Header {
			l.Name = ui.Fit(&g.Graphics, l.Name, what-name-ui.Px(8, k), k)
			l.What = ui.Fit(&g.Graphics, l.What, stats-what-ui.Px(16, k), k)
		}
		p.fitted = append(p.fitted, l)
	}
}

// Draw draws the panel over the fight.
func (p *Inventory) Draw(dst *ebiten.Image, g *world.Graphics, name string, keys ui.Bindings, w, h int) {
	if !p.Open {
		return
	}
	g.Boxes.Overlay(false)
	k := ui.Scale(w, h)
	lh := max(ui.Px(invLineH, k), int(ui.GlyphH*k)+2)
	r := InvRect(w, h)
	p.fitColumns(g, r, k)
	ui.Frame(dst, g.Shapes, r, colPanel.Alpha(0.94), ui.ColBorderOn)
	g.Boxes.Holding() // its words are recorded as drawn: feedback may lie where they leave room
	g.Shapes.Flush(dst)
	x0, y := r.Min.X+ui.Px(24, k), r.Min.Y+ui.Px(16, k)
	g.Text.Draw(dst, name, x0, y, ui.TextScale*k, ui.AlignLeft, ui.ColTitle)
	g.Text.Draw(dst, p.Head, r.Max.X-ui.Px(24, k), y+ui.Px(4, k), k, ui.AlignRight, ui.ColText)
	y += int(ui.GlyphH*ui.TextScale*k) + ui.Px(12, k)
	y = p.drawClass(g, dst, name, r, x0, y, k, lh)
	// The columns scroll together in the view between the class line and
	// the footer when the window is too short for them.
	footY := r.Max.Y - ui.Px(10, k) - int(ui.GlyphH*k)
	view := image.Rect(r.Min.X, y, r.Max.X, footY-ui.Px(6, k))
	p.Page = max(1, view.Dy()/lh-1)
	p.MaxScroll = max(0, (p.contentH(k, lh)-view.Dy()+lh-1)/lh)
	p.Scroll = min(max(p.Scroll, 0), p.MaxScroll)
	at := func(rel int) (int, bool) { // a line's top in the view, and whether it fits there
		y := view.Min.Y + rel - p.Scroll*lh
		return y, y >= view.Min.Y && y+int(ui.GlyphH*k) <= view.Max.Y
	}
	xs, xn, xw, x1 := invCols(r, k)
	rel := 0
	for i, l := range p.fitted {
		if l.Header {
			if i > 0 {
				rel += ui.Px(8, k)
			}
			if y, ok := at(rel); ok {
				g.Text.Draw(dst, l.Name, x0, y, k, ui.AlignLeft, ui.ColTitle)
			}
			rel += lh
			continue
		}
		if y, ok := at(rel); ok {
			c := ui.ColText
			if l.empty {
				c = ui.ColDim
			}
			g.Text.Draw(dst, l.Slot, xs, y, k, ui.AlignLeft, ui.ColDim)
			g.Text.Draw(dst, l.Name, xn, y, k, ui.AlignLeft, c)
			g.Text.Draw(dst, l.What, xw, y, k, ui.AlignLeft, ui.ColDim)
		}
		rel += lh
	}
	rel = 0
	line := func(s string, x int, c color.RGBA) {
		if y, ok := at(rel); ok {
			g.Text.Draw(dst, s, x, y, k, ui.AlignLeft, c)
		}
	}
	line("Stats", x1, ui.ColTitle)
	rel += lh
	for _, row := range p.Stat {
		if y, ok := at(rel); ok {
			g.Text.Draw(dst, row.Label, x1+ui.Px(8, k), y, k, ui.AlignLeft, ui.ColDim)
			g.Text.Draw(dst, row.Value, r.Max.X-ui.Px(24, k), y, k, ui.AlignRight, ui.ColText)
		}
		rel += lh
	}
	rel += ui.Px(8, k)
	line("Upgrades", x1, ui.ColTitle)
	rel += lh
	if len(p.ups) == 0 {
		line("none yet: a level brings one", x1+ui.Px(8, k), ui.ColDim)
	}
	for _, u := range p.ups {
		line(u, x1+ui.Px(8, k), ui.ColText)
		rel += lh
	}
	if p.footKey != keys[ui.ActInventory] || p.Foot == "" {
		p.footKey = keys[ui.ActInventory]
		p.Foot = ui.KeyName(p.footKey) + " or Esc closes   point at a slot of the bar below for more   click it to use, Shift+click to drop"
		p.footShort = ui.KeyName(p.footKey) + " or Esc closes   point at the bar below for more"
		p.footScroll = ui.KeyName(p.footKey) + " or Esc closes   wheel or Page Up/Down scrolls"
	}
	foot := p.Foot
	switch {
	case p.MaxScroll > 0:
		foot = p.footScroll
	case g.Text.Advance(foot, k) > r.Dx()-ui.Px(24, k):
		foot = p.footShort
	}
	g.Text.Draw(dst, foot, w/2, footY, k, ui.AlignCenter, ui.ColDim)
	more := ""
	switch {
	case p.MaxScroll == 0:
	case p.Scroll == 0:
		more = "more below"
	case p.Scroll == p.MaxScroll:
		more = "more above"
	default:
		more = "more above and below"
	}
	g.Text.Draw(dst, more, r.Max.X-ui.Px(24, k), footY, k, ui.AlignRight, ui.ColDim)
}

// contentH is the height of the taller column at scale k, lines lh apart.
func (p *Inventory) contentH(k float64, lh int) int {
	left := 0
	for i, l := range p.fitted {
		if l.Header && i > 0 {
			left += ui.Px(8, k)
		}
		left += lh
	}
	right := lh + len(p.Stat)*lh + ui.Px(8, k) + lh + max(1, len(p.ups))*lh
	return max(left, right)
}

// ScrollBy moves the columns by this frame's wheel notches and Page Up or
// Page Down, within what the last frame drew.
func (p *Inventory) ScrollBy(in *ui.FrameInput) {
	if !p.Open {
		return
	}
	p.Scroll -= int(in.Mouse.Wheel * 2)
	if in.PageUp {
		p.Scroll -= p.Page
	}
	if in.PageDown {
		p.Scroll += p.Page
	}
	p.Scroll = min(max(p.Scroll, 0), p.MaxScroll)
}
