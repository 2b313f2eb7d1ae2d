package render

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
)

// The inventory screen: the whole character on one panel, opened and
// closed with its key (I by default) or Esc. The bag and what is worn, each
// thing named with what it does; the class, its ability and the ability's
// key; the character's level, XP and every stat
// as its upgrades and gear make it (the rule the server uses, BuildStats);
// and the upgrades it holds. The game goes on under it, and the ship still
// moves: it is read at a glance, not lived in.

// inventoryPanel is the screen's state: whether it is open and its words,
// made from the sheet when the sheet changes, not every frame.
type inventoryPanel struct {
	open    bool
	made    sheetKey // the sheet the words were made from
	left    []invLine
	stat    []statRow
	ups     []string
	head    string
	class   string // "Sapper. Bomb (Q): erases bullets near you, every 15 s"
	foot    string // the closing words, for footKey
	footKey ebiten.Key
}

// invLine is a line of the carried column: a slot's name and what it holds.
type invLine struct {
	slot, name, what string
	empty, header    bool
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

// toggle opens or closes the panel.
func (p *inventoryPanel) toggle() { p.open = !p.open }

// refresh remakes the words when the sheet, the class or the ability's key
// changed since they were made.
func (p *inventoryPanel) refresh(u *itemsUI, sh client.Sheet, cl *game.Class, key ebiten.Key) {
	if k := keyOf(sh, cl, key); k != p.made || p.head == "" {
		p.made = k
		p.make(u, sh)
		p.class = classLine(cl, key)
	}
}

// classLine names the class and what its ability does, on which key.
func classLine(cl *game.Class, key ebiten.Key) string {
	if cl == nil {
		return ""
	}
	words := abilityWords(&cl.Ability)
	if name := cl.Ability.Name; name != "" && strings.HasPrefix(words, name) {
		words = name + " (" + keyName(key) + ")" + words[len(name):]
	}
	return cl.Name + ".  " + words
}

func (p *inventoryPanel) make(u *itemsUI, sh client.Sheet) {
	p.head = fmt.Sprintf("Level %d", sh.Level)
	if sh.Next > 0 {
		p.head += fmt.Sprintf("   XP %d / %d", sh.XP, sh.Next)
	}
	p.left = p.left[:0]
	p.left = append(p.left, invLine{name: "Bag", header: true})
	for i := range game.BagSlots {
		l := u.invLine(sh.Bag[i], fmt.Sprint(i+1), "empty")
		if sh.Stack[i] > 1 {
			l.name += fmt.Sprintf(" ×%d", sh.Stack[i])
		}
		p.left = append(p.left, l)
	}
	p.left = append(p.left, invLine{name: "Worn", header: true})
	for i := range game.EquipSlots {
		p.left = append(p.left, u.invLine(sh.Worn[i], wornNames[i], "no "+wornNames[i]))
	}
	p.stat = optionRows(u.statsWearing(sh, -1, -1), u.statsWearing(sh, -1, -1))
	p.ups = p.ups[:0]
	for _, i := range sh.Upgrades {
		if int(i) < len(u.content.Upgrades) {
			p.ups = append(p.ups, u.content.Upgrades[i].Name)
		}
	}
}

// invLine names what def is (-1 for nothing) and says what it does.
func (u *itemsUI) invLine(def int, slot, none string) invLine {
	if !u.known(def) {
		return invLine{slot: slot, name: none, empty: true}
	}
	it := &u.content.Items[def]
	what := it.Text
	switch {
	case it.Kind == game.ItemConsumable:
		what = fmt.Sprintf("restores %d health", it.Heal)
	case what == "":
		what = strings.Join(statLines(it.Mods, u.statsWearing(client.Sheet{}, -1, -1), u.statsWearing(client.Sheet{}, it.Kind.EquipSlot(), def)), ", ")
	}
	return invLine{slot: slot, name: it.Name, what: what}
}

// Panel measures.
const (
	invW, invH = 900, 492
	invLineH   = 22
)

func invRect(w, h int) image.Rectangle { return centredRect(w, (h-invH)/2, invW, invH) }

// draw draws the panel over the fight.
func (p *inventoryPanel) draw(dst *ebiten.Image, g *graphics, name string, keys bindings, w, h int) {
	if !p.open {
		return
	}
	r := invRect(w, h)
	frame(dst, g.shapes, r, colPanel.alpha(0.94), colBorderOn)
	g.shapes.flush(dst)
	x0, y := r.Min.X+24, r.Min.Y+16
	g.text.draw(dst, name, x0, y, textScale, alignLeft, colTitle)
	g.text.draw(dst, p.head, r.Max.X-24, y+4, 1, alignRight, colText)
	g.text.draw(dst, p.class, x0, y+38, 1, alignLeft, colAbilityText)
	y += 66
	top := y
	for _, l := range p.left {
		if l.header {
			if y != top {
				y += 8
			}
			g.text.draw(dst, l.name, x0, y, 1, alignLeft, colTitle)
			y += invLineH
			continue
		}
		c := colText
		if l.empty {
			c = colDim
		}
		g.text.draw(dst, l.slot, x0+8, y, 1, alignLeft, colDim)
		g.text.draw(dst, l.name, x0+80, y, 1, alignLeft, c)
		g.text.draw(dst, l.what, x0+240, y, 1, alignLeft, colDim)
		y += invLineH
	}
	x1, y := r.Min.X+invW*62/100, top
	g.text.draw(dst, "Stats", x1, y, 1, alignLeft, colTitle)
	y += invLineH
	for _, row := range p.stat {
		g.text.draw(dst, row.label, x1+8, y, 1, alignLeft, colDim)
		g.text.draw(dst, row.value, r.Max.X-24, y, 1, alignRight, colText)
		y += invLineH
	}
	y += 8
	g.text.draw(dst, "Upgrades", x1, y, 1, alignLeft, colTitle)
	y += invLineH
	if len(p.ups) == 0 {
		g.text.draw(dst, "none yet: a level brings one", x1+8, y, 1, alignLeft, colDim)
	}
	for _, u := range p.ups {
		g.text.draw(dst, u, x1+8, y, 1, alignLeft, colText)
		y += invLineH
	}
	if p.footKey != keys[actInventory] || p.foot == "" {
		p.footKey = keys[actInventory]
		p.foot = keyName(p.footKey) + " or Esc closes   point at a slot of the bar below for more   click it to use, Shift+click to drop"
	}
	g.text.draw(dst, p.foot, w/2, r.Max.Y-28, 1, alignCenter, colDim)
}
