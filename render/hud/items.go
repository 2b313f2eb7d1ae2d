package hud

import (
	"fmt"
	"image"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/ui"
)

// The character's things on screen: the inventory bar (keys 1–8 use a bag
// slot, Shift drops it; a click on a worn slot takes it off, Shift+click
// drops), tooltips with real numbers, loot on the ground, a line of
// feedback for each thing the server did, the XP bar and the banner of a
// cleared dungeon. All of it reads the client's sheet (client.Sheet): the
// server decides, the bar only asks. The upgrade keeper and its panel are
// in keeper.go; the drawing in items_draw.go.

// Bar layout and timings.
const (
	SlotSize   = 44
	slotGap    = 6
	wornGap    = 18 // between the bag and the worn slots
	BarSlots   = game.BagSlots + game.EquipSlots
	barBottom  = 30 // px from the screen's bottom to the slots' foot: the help line goes under
	barWidth   = BarSlots*SlotSize + (BarSlots-1)*slotGap + wornGap
	ToastShown = 2 * time.Second
	clearShown = 8 * time.Second
	keyFlash   = 8 // frames a slot lights up after its key
	// TipRest is how long the pointer rests on a slot of the bar in play,
	// the fire button up, before its tooltip comes up: aiming across the
	// bar in a fight brings none.
	TipRest = game.TickRate / 4
)

// wornNames are the worn slots, in order, and what goes in each.
var (
	wornNames    = [game.EquipSlots]string{"weapon", "armour", "charm"}
	wornArticles = [game.EquipSlots]string{"a weapon", "armour", "a charm"}
)

// toast is one line of feedback and when it appeared.
type toast struct {
	Text string
	at   time.Time
}

// tooltip is what hovering a slot shows: the item's name and kind, what it
// does in real numbers, its line of text and what a click does.
type tooltip struct {
	Title string
	kind  game.ItemKind // 0 for an empty slot
	Lines []string
	Said  int // how many of lines say what the thing does; the rest follow from it
	Text  string
	hint  string
	// width is the widest line's advance at scale widthK (0: not yet
	// measured), measured once a scale rather than every frame.
	width  int
	widthK float64
}

// Items is the play scene's part for items and XP.
type Items struct {
	content *game.Content
	keeper  string // the upgrade NPC's name, for the owed hint
	Class   uint8  // the class of the character in play: the base of every figure
	Logw    io.Writer
	words   itemWords

	// The bar and the mouse.
	Hover     int // the slot under the mouse, -1 none
	bar       barState
	SlotLabel [BarSlots]string
	Keys      *ui.Bindings              // the player's keys: a bag slot's label is its key
	labelled  [game.BagSlots]ebiten.Key // the keys the bag slots' labels name
	SlotsWord string                    // the bag slots' keys together: "1-8" at first

	said tipLog

	// Made from the sheet when it changes.
	seenAct  time.Time
	Level    levelUp // the level-up moment
	Toasts   [ui.ToastLines]toast
	xp       xpWords
	NextText string // the keeper's words with nothing owed, for the level in xp.key
	Tips     [BarSlots]tooltip
	tipFor   tipKey
	ClearAt  time.Time
	ClearTxt []string
}

// itemWords are made once per item def: its name, its initials for the
// slot, the pickup prompt.
type itemWords struct {
	names    []string
	initials []string
	takeText []string // the pickup prompts, for takeKey
	takeKey  ebiten.Key
	useKey   ebiten.Key // the interact key's name, for keyWord
	useWord  string
}

// barState is the bar under the mouse and the keys.
type barState struct {
	overBar bool // the mouse is over the bar (slots or the gaps between)
	shift   bool // Shift is held: clicks and keys drop
	swallow bool // a click went to the bar or a panel: the button fires nothing until let go
	keyed   int  // the slot last used by its key, lit for keyFlash frames
	keyedAt int
	frame   int
}

// tipLog is the tooltip of the slot pointed at, and what the log last
// said of it and of E's prompt.
type tipLog struct {
	restAt int  // the frame the pointer came to rest on hover
	firing bool // the fire button is held: in play no tooltip comes up
	tip    int  // the slot whose tooltip the log last named, -1 none
	title  string
	prompt string
}

// xpWords are the XP line's words, made again when its key changes.
type xpWords struct {
	key  [4]int
	text string
	owed string
}

// tipKey is what the tooltips were last made of: made again when it
// changes.
type tipKey struct {
	bag   [game.BagSlots]int
	stack [game.BagSlots]int
	worn  [game.EquipSlots]int
	ups   []uint8
	known bool
	class uint8
}

func NewItems(content *game.Content, keeper string) *Items {
	u := &Items{content: content, keeper: keeper, Hover: -1}
	u.bar.keyed, u.said.tip = -1, -1
	for _, it := range content.Items {
		u.words.names = append(u.words.names, it.Name)
		u.words.initials = append(u.words.initials, Initials(it.Name))
	}
	for i := range game.BagSlots {
		u.SlotLabel[i] = fmt.Sprint(i + 1)
	}
	// A worn slot has no key, so no key's label: a letter there ("W",
	// "A") read as one. Its mark (drawBarIcons) says what it takes.
	for i := range u.labelled {
		u.labelled[i] = ui.Actions[ui.ActSlot1+i].Key
	}
	u.SlotsWord = ui.SlotKeys(ui.DefaultBindings())
	return u
}

// labelSlots names each bag slot by its key, when Settings rebound one.
func (u *Items) labelSlots() {
	if u.Keys == nil || [game.BagSlots]ebiten.Key(u.Keys[ui.ActSlot1:]) == u.labelled {
		return
	}
	for i := range u.labelled {
		u.labelled[i] = u.Keys[ui.ActSlot1+i]
		u.SlotLabel[i] = ui.SlotKeyLabel(u.labelled[i])
	}
	u.SlotsWord = ui.SlotKeys(*u.Keys)
}

// Initials are the first letters of a name's first two words: what a slot
// has room for beside the icon.
func Initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r := []rune(w)
		b.WriteString(strings.ToUpper(string(r[0])))
		if b.Len() >= 2 {
			break
		}
	}
	return b.String()
}

// SlotRect is slot i of the bar (bag slots, then worn ones), centred at
// the bottom of a w×h screen, at the window's UI scale.
func SlotRect(i, w, h int) image.Rectangle {
	k := ui.Scale(w, h)
	size, gap := ui.Px(SlotSize, k), ui.Px(slotGap, k)
	width := BarSlots*size + (BarSlots-1)*gap + ui.Px(wornGap, k)
	x := (w-width)/2 + i*(size+gap)
	if i >= game.BagSlots {
		x += ui.Px(wornGap, k)
	}
	y := h - ui.Px(barBottom, k) - size
	return image.Rect(x, y, x+size, y+size)
}

// BarSlotCenter is the centre of slot i of the item bar (the bag's from
// 0, then the worn ones) in a w×h window, for tests that point at it.
func BarSlotCenter(i, w, h int) image.Point { return ui.Mid(SlotRect(i, w, h)) }

// BarRect is the whole bar, the gaps included: a click anywhere on it is
// the bar's.
func BarRect(w, h int) image.Rectangle {
	return image.Rectangle{Min: SlotRect(0, w, h).Min, Max: SlotRect(BarSlots-1, w, h).Max}.Inset(-ui.Px(4, ui.Scale(w, h)))
}

// SlotAt is the slot under (x, y), or -1.
func SlotAt(x, y, w, h int) int {
	p := image.Pt(x, y)
	for i := range BarSlots {
		if p.In(SlotRect(i, w, h)) {
			return i
		}
	}
	return -1
}

// ItemIntent adds this frame's item actions to it: a number key uses that
// bag slot (with Shift, drops it). The play field is the play field: a
// click anywhere, the bar included, fires, unless the inventory is open
// (bagOpen), when a click on a slot uses it (a worn one comes off) or,
// with Shift, drops it, and nothing fires. A click taken by the bar or a
// panel fires nothing until the button is let go, should the panel close
// while it is held. The server acts on a press, so a held key uses one
// item: Use and Drop are set on the press frame only. The slot under the
// pointer is noted for its tooltip (tipSlot) whether the inventory is
// open or not.
func (u *Items) ItemIntent(in *ui.FrameInput, w, h int, blocked, bagOpen bool, it *client.Intent) {
	u.bar.frame++
	u.labelSlots()
	u.bar.shift = in.Shift
	over := SlotAt(in.Mouse.X, in.Mouse.Y, w, h)
	if blocked {
		over = -1
	}
	if over != u.Hover {
		u.Hover, u.said.restAt = over, u.bar.frame
	}
	u.said.firing = in.Mouse.Held
	u.bar.overBar = bagOpen && image.Pt(in.Mouse.X, in.Mouse.Y).In(BarRect(w, h))
	if in.Mouse.Click && (u.bar.overBar || blocked || bagOpen) {
		u.bar.swallow = true
	}
	if !in.Mouse.Held {
		u.bar.swallow = false
	}
	if u.bar.swallow || blocked || bagOpen {
		it.Fire = false
	}
	switch {
	case blocked:
	case in.Slot >= 1 && in.Slot <= game.BagSlots:
		it.Use, it.Drop, it.Slot = !in.Shift, in.Shift, uint8(in.Slot-1)
		u.bar.keyed, u.bar.keyedAt = in.Slot-1, u.bar.frame
	case in.Mouse.Click && bagOpen && u.Hover >= 0:
		it.Use, it.Drop, it.Slot = !in.Shift, in.Shift, uint8(u.Hover)
	}
}

// TipSlot is the slot whose tooltip shows, -1 none: over the inventory
// (bagOpen) the slot under the pointer; in play the slot the pointer has
// rested on for tipRest frames with the fire button up.
func (u *Items) TipSlot(bagOpen bool) int {
	if bagOpen || (!u.said.firing && u.bar.frame-u.said.restAt >= TipRest) {
		return u.Hover
	}
	return -1
}

// SayTip writes the tooltip shown over the fight when it changes, for
// window tests: "duskfall: tooltip Feather Charm | Moves 13 % faster: … |
// Lighter on your feet.", or "duskfall: tooltip none" when it goes.
func (u *Items) SayTip(i int) {
	title := ""
	if i >= 0 {
		title = u.Tips[i].Title
	}
	if u.Logw == nil || (i == u.said.tip && title == u.said.title) {
		return
	}
	u.said.tip, u.said.title = i, title
	if i < 0 {
		fmt.Fprintln(u.Logw, "duskfall: tooltip none")
		return
	}
	t := &u.Tips[i]
	parts := append(append([]string{t.Title}, t.Lines...), t.Text)
	fmt.Fprintf(u.Logw, "duskfall: tooltip %s\n", strings.Join(parts, " | "))
}

// HintIntent explains a use the server will quietly ignore: an empty
// slot, a potion at full health, taking something off into a full bag.
func (u *Items) HintIntent(it client.Intent, rt *client.Runtime, now time.Time) {
	if !it.Use && !it.Drop {
		return
	}
	sh := rt.Sheet()
	if !sh.Known || int(it.Slot) >= BarSlots {
		return
	}
	def := slotDef(sh, int(it.Slot))
	self, placed := rt.Self()
	switch {
	case def < 0:
		u.Push(u.emptyText(int(it.Slot)), now)
	case it.Drop:
	case int(it.Slot) >= game.BagSlots && !slices.Contains(sh.Bag[:], -1):
		u.Push("No room in the bag to take it off", now)
	case u.kind(def) == game.ItemConsumable && placed && self.HP >= self.MaxHP:
		u.Push("Already at full health", now)
	case u.known(def) && !u.content.Items[def].WornBy(u.Class):
		u.Push(u.OnlyFor(def), now)
	}
}

func (u *Items) emptyText(slot int) string {
	if slot >= game.BagSlots {
		return "Nothing worn as " + wornNames[slot-game.BagSlots]
	}
	return "Slot " + u.SlotLabel[slot] + " is empty"
}

// Push shows a line of feedback below the ones already up.
func (u *Items) Push(text string, now time.Time) {
	copy(u.Toasts[:], u.Toasts[1:])
	u.Toasts[ui.ToastLines-1] = toast{Text: text, at: now}
	if u.Logw != nil {
		fmt.Fprintf(u.Logw, "duskfall: feedback %s\n", text) // window tests follow what the player is told
	}
}

// Update refreshes what follows the sheet: feedback for a new action, the
// XP line, the tooltips, the cleared banner. It allocates only when one
// of them changed.
func (u *Items) Update(rt *client.Runtime, now time.Time, inHub bool) {
	sh := rt.Sheet()
	u.NoteSheet(sh, now)
	u.Class = rt.Character().Class
	hub := 0
	if inHub {
		hub = 1
	}
	if k := [4]int{sh.Level, sh.XP, sh.Owed, hub}; k != u.xp.key || u.xp.text == "" {
		u.xp.key, u.xp.text, u.xp.owed, u.NextText = k, XpLine(sh), OwedLine(sh.Owed, u.keeper, inHub), NextUpgradeWords(sh.Level)
	}
	if !u.tipsFresh(sh) {
		u.tipFor.bag, u.tipFor.stack, u.tipFor.worn, u.tipFor.known, u.tipFor.class = sh.Bag, sh.Stack, sh.Worn, sh.Known, u.Class
		u.tipFor.ups = append(u.tipFor.ups[:0], sh.Upgrades...)
		for i := range BarSlots {
			u.Tips[i] = u.Tooltip(sh, i)
		}
	}
	if c, at := rt.Cleared(); at.After(u.ClearAt) {
		u.ClearAt, u.ClearTxt = at, u.ClearedLines(c)
	}
}

// NoteSheet turns a new action on the sheet into a line of feedback.
func (u *Items) NoteSheet(sh client.Sheet, now time.Time) {
	if !sh.Known || !sh.ActionAt.After(u.seenAct) {
		return
	}
	u.seenAct = sh.ActionAt
	if sh.Action == wire.ActionLevelled {
		u.Level.Start(sh, u.keeper, now)
	}
	if t := u.Feedback(sh); t != "" {
		u.Push(t, now)
	}
}

// tipsFresh reports whether the tooltips were made from these slots and
// upgrades, for this class: their numbers depend on all three.
func (u *Items) tipsFresh(sh client.Sheet) bool {
	return u.tipFor.known == sh.Known && u.tipFor.class == u.Class && u.tipFor.bag == sh.Bag && u.tipFor.stack == sh.Stack && u.tipFor.worn == sh.Worn && slices.Equal(u.tipFor.ups, sh.Upgrades)
}

// slotDef is the item def in bar slot i, or -1.
func slotDef(sh client.Sheet, i int) int {
	if i < game.BagSlots {
		return sh.Bag[i]
	}
	return sh.Worn[i-game.BagSlots]
}

func (u *Items) known(def int) bool { return def >= 0 && def < len(u.content.Items) }

func (u *Items) itemName(def int) string {
	if u.known(def) {
		return u.words.names[def]
	}
	return "something"
}

func (u *Items) kind(def int) game.ItemKind {
	if u.known(def) {
		return u.content.Items[def].Kind
	}
	return 0
}

// Feedback is the line shown for a sheet's action; a refused upgrade has
// none here (the server's notice says why, and the panel keeps it).
func (u *Items) Feedback(sh client.Sheet) string {
	name := u.itemName(sh.ActionItem)
	switch sh.Action {
	case wire.ActionPicked:
		return "Picked up " + name
	case wire.ActionUsed:
		if u.kind(sh.ActionItem) == game.ItemConsumable {
			return "Drank " + name
		}
		return "Used " + name
	case wire.ActionDropped:
		return "Dropped " + name
	case wire.ActionEquipped:
		return "Equipped " + name
	case wire.ActionUnequipped:
		return "Took off " + name
	case wire.ActionBagFull:
		return "Bag full: Shift+" + u.SlotsWord + " drops something"
	case wire.ActionLevelled:
		return fmt.Sprintf("Level %d!", sh.Level)
	case wire.ActionUpgraded:
		if sh.ActionItem >= 0 && sh.ActionItem < len(u.content.Upgrades) {
			return "Took " + u.content.Upgrades[sh.ActionItem].Name
		}
		return "Upgrade taken"
	}
	return ""
}

// XpLine is the words over the XP bar.
func XpLine(sh client.Sheet) string {
	switch {
	case !sh.Known:
		return ""
	case sh.Next == 0:
		return fmt.Sprintf("Level %d, max", sh.Level)
	}
	return fmt.Sprintf("Level %d   XP %d / %d", sh.Level, sh.XP, sh.Next)
}

// OwedLine reminds the player of upgrades waiting at the keeper.
func OwedLine(owed int, keeper string, inHub bool) string {
	if owed <= 0 {
		return ""
	}
	what := "Upgrade owed"
	if owed > 1 {
		what = fmt.Sprintf("%d upgrades owed", owed)
	}
	where := ""
	if !inHub {
		where = " in the hub"
	}
	return what + ": visit " + keeper + where
}

// Tooltip is slot i's tooltip: what the thing in it does, in figures made
// from its content (figures.go), then its flavour line. Equipment in the
// bag is compared with what the player would have on putting it on
// (whatever it replaces comes off); worn equipment with what the player
// would have without it.
func (u *Items) Tooltip(sh client.Sheet, i int) tooltip {
	def := slotDef(sh, i)
	if !u.known(def) {
		t := tooltip{Title: u.emptyText(i)}
		if i >= game.BagSlots {
			t.hint = "Put on " + wornArticles[i-game.BagSlots] + " from the bag: press its number"
		}
		return t
	}
	it := &u.content.Items[def]
	t := tooltip{Title: it.Name, kind: it.Kind, Text: it.Text}
	switch eq := it.Kind.EquipSlot(); {
	case eq >= 0 && !it.WornBy(u.Class):
		t.Lines, t.Said = []string{u.OnlyFor(def)}, 1
		t.hint = fmt.Sprintf("Shift+%s: drop", u.SlotLabel[i])
	case it.Kind == game.ItemConsumable:
		t.Lines, t.Said = []string{healWords(it.Heal)}, 1
		if i < game.BagSlots && sh.Stack[i] > 1 {
			t.Lines = append(t.Lines, fmt.Sprintf("%d in the stack, of %d it holds", sh.Stack[i], game.MaxStack))
		}
		t.hint = fmt.Sprintf("%s: drink   Shift+%s: drop", u.SlotLabel[i], u.SlotLabel[i])
	case eq < 0:
		t.hint = "Shift+click: drop"
	case i >= game.BagSlots:
		t.Lines, t.Said = itemLines(it.Mods, u.statsWearing(sh, eq, -1), u.statsWearing(sh, eq, def))
		t.Lines, t.Said = withAbilityLines(t.Lines, t.Said, u.abilityWearing(sh, eq, -1), u.abilityWearing(sh, eq, def))
		t.hint = "click: take off   Shift+click: drop"
	default:
		t.Lines, t.Said = itemLines(it.Mods, u.statsWearing(sh, -1, -1), u.statsWearing(sh, eq, def))
		t.Lines, t.Said = withAbilityLines(t.Lines, t.Said, u.abilityWearing(sh, -1, -1), u.abilityWearing(sh, eq, def))
		if was := sh.Worn[eq]; was >= 0 {
			t.Lines = append(t.Lines, "replaces "+u.itemName(was))
		}
		t.hint = fmt.Sprintf("%s: put on   Shift+%s: drop", u.SlotLabel[i], u.SlotLabel[i])
	}
	return t
}

// statsWearing is the player's stats from its class, upgrades and worn
// things, with worn slot eq holding def instead (-1: empty); eq -1
// changes nothing. It is the rule the server plays (game.EffectiveStats).
func (u *Items) statsWearing(sh client.Sheet, eq, def int) game.PlayerStats {
	return statsWearing(u.content, sh.Loadout(u.Class), eq, def)
}

// abilityWearing is the ability the player would play with worn slot eq
// holding def (game.EffectiveAbility), as statsWearing is its stats.
func (u *Items) abilityWearing(sh client.Sheet, eq, def int) game.Ability {
	l := sh.Loadout(u.Class)
	if eq >= 0 && eq < game.EquipSlots {
		l.Worn[eq] = def
	}
	return game.EffectiveAbility(u.content, l)
}

// OnlyFor says whose gear item def is: "Only a Corsair may put it on".
// The server leaves another class's gear in the bag (game.ItemDef.WornBy).
func (u *Items) OnlyFor(def int) string {
	var names []string
	for ci := range u.content.Classes {
		if u.content.Items[def].WornBy(uint8(ci)) {
			names = append(names, withArticle(u.content.Classes[ci].Name))
		}
	}
	return "Only " + strings.Join(names, " or ") + " may put it on"
}

// withArticle is a name with its indefinite article: "a Corsair", "an
// Arcanist".
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// ClearedLines is the banner of a cleared dungeon: its name, then a line
// per player.
func (u *Items) ClearedLines(c wire.Cleared) []string {
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
		// "found", not "took": the boss's ration is counted when it drops
		// for the player, and may still lie on the floor.
		found := "nothing"
		if len(items) > 0 {
			found = strings.Join(items, ", ")
		}
		lines = append(lines, fmt.Sprintf("%s: %d XP, %d kills, found %s", p.Name, p.XP, p.Kills, found))
	}
	return lines
}

// PromptFor says what the interact key (named use) does where the ship
// stands: choose an upgrade by the keeper with one owed (it opens the
// panel there), else take the item in reach, else explain the keeper with
// idle, the words for when the next upgrade comes (nextUpgradeWords).
func PromptFor(take string, nearKeeper bool, owed int, portal, use, idle string) string {
	switch {
	case nearKeeper && owed > 0:
		return use + ": choose an upgrade"
	case take != "":
		return take
	case portal != "":
		return portal
	case nearKeeper:
		return idle
	}
	return ""
}

// LootInReach is the pickup prompt for the nearest item within reach of
// pos, naming the interact key, or "".
func (u *Items) LootInReach(loot []wire.GroundLoot, pos game.Vec, key ebiten.Key) string {
	best, take := float64(game.PickupRadius*game.PickupRadius), ""
	texts := u.takeTexts(key)
	for _, l := range loot {
		dx, dy := float64(l.X)-pos.X, float64(l.Y)-pos.Y
		if d := dx*dx + dy*dy; d <= best && u.known(int(l.Def)) {
			best, take = d, texts[l.Def]
		}
	}
	return take
}

// takeTexts are the pickup prompts of every item for the interact key,
// made again only when the key changes.
func (u *Items) takeTexts(key ebiten.Key) []string {
	if u.words.takeText == nil || u.words.takeKey != key {
		u.words.takeText, u.words.takeKey = u.words.takeText[:0], key
		for _, name := range u.words.names {
			u.words.takeText = append(u.words.takeText, ui.KeyName(key)+": take "+name)
		}
	}
	return u.words.takeText
}
