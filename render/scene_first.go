package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// The first launch: a player who has not chosen a name (Settings holds the
// one made up for it, and none came on the command line) is asked for one
// before Host and play, and a first character is made on the class scene,
// each class with its ship and its words. The name is typed once: the
// account takes it, and the first character too, shown on the cards where
// it may be changed but need not be (the cards, not the name, have the
// keys: Left/Right choose, Enter creates). Later launches go straight in.

// nameScene asks a first-time player's name, keeps it in Settings, then
// goes on to what was asked (Host and play).
type nameScene struct {
	win      *window
	mv       moves
	logw     io.Writer // window tests wait for the scene
	name     *textField
	ok, back *button
	form     *form
	err      string
	next     func()
	blink    int

	// Layout at the UI scale k: the title's top and scale, the question's
	// and the error's lines, the footer's.
	k                  float64
	title              float64
	titleY, askY, errY int
	footY              int
	errFit, footFit    fitted
}

func newNameScene(win *window, mv moves, next func()) *nameScene {
	s := &nameScene{win: win, mv: mv, next: next,
		name: &textField{label: "Your name", maxBytes: wire.MaxNameLen},
		ok:   &button{label: "Continue"}, back: &button{label: "Back"}}
	s.form = newForm(s.name, s.ok, s.back)
	s.form.submit = s.ok
	s.layout()
	return s
}

// layout stacks the screen at the window's UI scale: the welcome, the
// question, the field (its error under it), Continue and Back, centred in
// the room above the footer.
func (s *nameScene) layout() {
	w, h := s.win.w, s.win.h
	k := uiScale(w, h)
	s.k = k
	lh := int(glyphH*k) + px(4, k)
	s.footY = h - px(10, k) - lh
	bh, gap := px(buttonH, k), px(rowGap, k)
	s.title = 4 * k
	total := func() int {
		return int(glyphH*s.title) + px(20, k) + int(glyphH*textScale*k) + px(20, k) + px(labelGap, k) + px(fieldH, k) +
			px(8, k) + lh + px(8, k) + 2*bh + gap
	}
	if total() > s.footY-2*px(12, k) {
		s.title, bh, gap = 2.5*k, px(compactButtonH, k), px(6, k)
	}
	y := px(12, k) + max(0, (s.footY-2*px(12, k)-total())/2)
	s.titleY = y
	y += int(glyphH*s.title) + px(20, k)
	s.askY = y
	y += int(glyphH*textScale*k) + px(20, k) + px(labelGap, k)
	s.name.rect = centredRect(w, y, min(w-px(16, k), px(420, k)), px(fieldH, k))
	y += px(fieldH, k) + px(8, k)
	s.errY = y
	y += lh + px(8, k)
	s.ok.rect = centredRect(w, y, px(220, k), bh)
	s.back.rect = centredRect(w, y+bh+gap, px(220, k), bh)
}

func (s *nameScene) Update() error {
	if s.blink++; s.blink == 1 && s.logw != nil {
		fmt.Fprintln(s.logw, "duskfall: scene=name")
	}
	s.layout()
	if s.win.in.menuBack() {
		s.mv.toMenu()
		return nil
	}
	switch s.form.update(s.win.in) {
	case s.ok:
		name := s.name.Text()
		if err := checkName(name); err != nil {
			s.err = capitalize(err.Error())
			return nil
		}
		s.mv.rename(name)
		s.next()
	case s.back:
		s.mv.toMenu()
	}
	return nil
}

func (s *nameScene) Draw(screen *ebiten.Image) {
	g := s.win.gfx
	screen.Fill(colBackdrop)
	k := s.k
	drawFormShapes(screen, g, s.form)
	g.shapes.flush(screen)
	cx := s.win.w / 2
	g.text.draw(screen, "Welcome to Duskfall", cx, s.titleY, s.title, alignCenter, colTitle)
	g.text.draw(screen, "What should your friends call you?", cx, s.askY, textScale*k, alignCenter, colText)
	drawFormTextAt(screen, g, s.form, s.blink, k)
	if s.err != "" {
		g.text.draw(screen, s.errFit.get(g, s.err, s.win.w-px(16, k), k), cx, s.errY, k, alignCenter, colError)
	}
	g.text.draw(screen, s.footFit.get(g, nameFooter, s.win.w-px(16, k), k),
		cx, s.footY, k, alignCenter, colDim)
}

// nameFooter says where the name goes: the account, and the first
// character, named on the next screen without typing it again.
const nameFooter = "Your first character takes this name too (Settings keeps it). Enter to go on, Esc to go back."

// colAbilityText is a class card's ability line.
var colAbilityText = color.RGBA{150, 210, 255, 255}

// Class cards, in screen pixels.
const (
	classCardW   = 236
	classCardH   = 330
	classCardGap = 14
	classShipZ   = 3.2 // the ship drawn this many times its size in play
	cardChars    = (classCardW - 20) / glyphW
)

// classCard is one class on the class scene: a button the size of the card.
type classCard struct {
	class *game.Class
	pick  *button
	text  []string // its description as drawn: words, or none when the window leaves no room
	words []string // its description, wrapped to the card
	stats string   // "HP 100 · speed 240 · 3 shots"
	// statsFit is stats cut to the card.
	statsFit fitted
	power    []string // "Bomb: erases enemy bullets within 5.3 tiles (170 u) of you, every 15 s", wrapped
}

// classScene makes a character: its name (the player's, to begin with,
// on the first launch) and its class, chosen from cards showing each
// class's ship, words, stats and ability. Create sends it; the new
// character is played at once. Named already (the first launch), the
// scene opens with the chosen card in focus, so Enter creates with no
// second typing; unnamed (the roster's New character), the name field
// has the typing first. Left/Right choose the class in either case. Opened from the roster
// it has a Back to the roster; on the first launch Esc leaves to the menu.
type classScene struct {
	win    *window
	mv     moves
	logw   io.Writer // window tests follow the class chosen
	sess   session
	rt     *client.Runtime
	act    rosterActions
	name   *textField
	cards  []*classCard
	chosen int
	said   int // the class last written to the log, -1 none
	create *button
	back   *button // Back to the roster; nil on the first launch
	form   *form
	err    string
	sent   string // the name asked for, until the roster shows it
	blink  int
	frames int

	// Layout at the UI scale k: the cards' width (their words are wrapped
	// to it), the height of their ships' room, the title's top and scale,
	// the lines under it, under the name row and at the bottom.
	k                   float64
	cardW, shipH        int
	title               float64
	titleY, subY, noteY int
	footY               int
	subFit, noteFit     fitted
	footFit             fitted
}

func newClassScene(win *window, mv moves, sess session, name string, logw io.Writer) *classScene {
	s := &classScene{win: win, mv: mv, logw: logw, sess: sess, rt: sess.Runtime(), act: sess.Runtime(), said: -1,
		name:   &textField{label: "Your character's name", maxBytes: wire.MaxNameLen},
		create: &button{label: "Create and play"}}
	s.name.SetText(name)
	if c := sess.Runtime().Content(); c != nil {
		for i := range c.Classes {
			cl := &c.Classes[i]
			s.cards = append(s.cards, &classCard{class: cl, pick: &button{label: cl.Name},
				text: wrap(cl.Text, cardChars), stats: classStats(c, i), power: wrap(abilityWords(&cl.Ability), cardChars)})
		}
	}
	s.makeForm()
	if name != "" && len(s.cards) > 0 {
		s.form.focus = slices.Index(s.form.order, any(s.cards[s.chosen].pick))
	}
	s.layout()
	return s
}

// makeForm makes the form: the name, the cards, Create and, from the
// roster, Back.
func (s *classScene) makeForm() {
	order := []any{s.name}
	for _, k := range s.cards {
		order = append(order, k.pick)
	}
	order = append(order, s.create)
	if s.back != nil {
		order = append(order, s.back)
	}
	s.form = newForm(order...)
	s.form.submit = s.create
}

// fromRoster makes the scene the roster's New character: a Back returns
// there, Esc too.
func (s *classScene) fromRoster() {
	s.back = &button{label: "Back"}
	s.makeForm()
	s.layout()
}

// ClassCardCenter is the centre of class card i in a w×h window, and
// CreateAndPlayCenter that of Create and play, for content c, on the
// first launch or (fromRoster) from the roster, for tests that click them.
func ClassCardCenter(c *game.Content, i, w, h int) (image.Point, bool) {
	s := classLayout(c, w, h, false)
	if i < 0 || i >= len(s.cards) {
		return image.Point{}, false
	}
	return midOf(s.cards[i].pick.rect), true
}

// CreateAndPlayCenter: see ClassCardCenter.
func CreateAndPlayCenter(c *game.Content, w, h int, fromRoster bool) image.Point {
	return midOf(classLayout(c, w, h, fromRoster).create.rect)
}

// classLayout is the class scene for content c laid out in a w×h window,
// with no session: where its widgets are.
func classLayout(c *game.Content, w, h int, fromRoster bool) *classScene {
	s := &classScene{win: &window{w: w, h: h}, name: &textField{}, create: &button{}}
	for i := range c.Classes {
		cl := &c.Classes[i]
		s.cards = append(s.cards, &classCard{class: cl, pick: &button{}, power: wrap(abilityWords(&cl.Ability), cardChars)})
	}
	if fromRoster {
		s.back = &button{}
	}
	s.layout()
	return s
}

func midOf(r image.Rectangle) image.Point { return r.Min.Add(r.Size().Div(2)) }

// layout lays the class scene out at the window's UI scale: the title
// and the line under it, the row of cards, the name and Create, the
// waiting or error line, the footer. The cards take the height left, their
// ships drawn smaller in a short window; their words are wrapped again to
// the cards' width when it changes.
func (s *classScene) layout() {
	w, h := s.win.w, s.win.h
	k := uiScale(w, h)
	m := px(12, k)
	lh := int(glyphH*k) + px(4, k)
	n := max(len(s.cards), 1)
	gap := px(classCardGap, k)
	cw := min(px(classCardW, k), (w-2*m-(n-1)*gap)/n)
	if s.k != k || s.cardW != cw {
		s.k, s.cardW = k, cw
		chars := max(8, int(float64(cw-px(20, k))/(glyphW*k)))
		for _, c := range s.cards {
			c.words, c.power = wrap(c.class.Text, chars), wrap(abilityWords(&c.class.Ability), chars)
		}
	}
	power := s.powerLines()    // every card's stats line stands over the longest ability's words
	wordsBelow := func() int { // a card's words under its ship
		most := 0
		for _, c := range s.cards {
			most = max(most, int(glyphH*textScale*k)+px(10, k)+(len(c.text)+1+power)*lh+px(16, k)+px(10, k))
		}
		return most
	}
	for _, c := range s.cards {
		c.text = c.words
	}
	s.footY = h - px(10, k) - lh
	bottom := px(labelGap+cardsToLabel, k) + px(fieldH, k) + px(8, k) + lh + px(8, k) // the name row, and the line under it
	s.title = 4 * k
	head := func() int { return m + int(glyphH*s.title) + px(8, k) + lh + px(12, k) }
	shipFull := px(130, k)
	room := s.footY - bottom - head()
	if wordsBelow()+shipFull > room {
		s.title = 2.5 * k
		room = s.footY - bottom - head()
	}
	if wordsBelow()+px(48, k) > room {
		// Many narrow cards in a short window: the figures (stats and
		// ability) matter more than the description, which goes.
		for _, c := range s.cards {
			c.text = nil
		}
	}
	below := wordsBelow()
	ch := max(below+px(48, k), min(room, below+shipFull))
	s.shipH = ch - below
	y := m + max(0, (room-ch)/2)
	s.titleY = y
	y += int(glyphH*s.title) + px(8, k)
	s.subY = y
	y += lh + px(12, k)
	x0 := (w - n*cw - (n-1)*gap) / 2
	for i, c := range s.cards {
		x := x0 + i*(cw+gap)
		c.pick.rect = image.Rect(x, y, x+cw, y+ch)
	}
	y += ch + px(labelGap+cardsToLabel, k)
	fw := min(w-2*m, px(640, k))
	nx := (w - fw) / 2
	split, end := nx+fw*340/640, nx+fw
	if s.back != nil { // the name, Create and play, Back
		split, end = nx+fw*270/640, nx+fw*500/640
		s.back.rect = image.Rect(end+px(14, k), y, nx+fw, y+px(fieldH, k))
	}
	s.name.rect = image.Rect(nx, y, split, y+px(fieldH, k))
	s.create.rect = image.Rect(split+px(14, k), y, end, y+px(fieldH, k))
	s.noteY = y + px(fieldH, k) + px(8, k)
}

func (s *classScene) Update() error {
	s.blink++
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
	s.layout()
	s.watch()
	in := s.win.in
	if in.menuBack() {
		s.leave()
		return nil
	}
	if len(s.cards) > 0 && (in.Left || in.Right) {
		// Left/Right choose the class wherever the focus is, as the footer
		// says: a name of 16 bytes is mended with Backspace, not the caret.
		step := 1
		if in.Left {
			step = len(s.cards) - 1
		}
		s.choose((s.chosen + step) % len(s.cards))
		keys := *in
		keys.Left, keys.Right = false, false
		in = &keys
	}
	pressed := s.form.update(in)
	if s.card(pressed) >= 0 && in.menuEnter() && !in.Click {
		s.submit() // Enter on the cards creates the class chosen, as the footer says
	} else {
		s.press(pressed)
	}
	s.sayChosen()
	return nil
}

// choose chooses card i by the keys; a focus on the cards follows it, so
// the lit card is the one chosen.
func (s *classScene) choose(i int) {
	if s.card(s.form.focused()) >= 0 {
		s.form.focus = slices.Index(s.form.order, any(s.cards[i].pick))
	}
	s.chosen = i
}

// powerLines is the most lines any card's ability words take.
func (s *classScene) powerLines() int {
	n := 0
	for _, c := range s.cards {
		n = max(n, len(c.power))
	}
	return n
}

// cardsToLabel is the room between the cards and the name field's label
// beyond the usual label gap: the label touched the cards without it.
const cardsToLabel = 8

// card is the index of the card whose button w is, or -1.
func (s *classScene) card(w any) int {
	for i, c := range s.cards {
		if w == any(c.pick) {
			return i
		}
	}
	return -1
}

// leave goes back to the roster, from the roster, or else to the menu.
func (s *classScene) leave() {
	if s.back != nil {
		s.mv.toRoster(s.sess)
		return
	}
	s.mv.leaveToMenu()
}

// sayChosen writes the class chosen when it changes, for window tests.
func (s *classScene) sayChosen() {
	if s.logw == nil || s.chosen == s.said || s.chosen >= len(s.cards) {
		return
	}
	if s.said < 0 {
		fmt.Fprintln(s.logw, "duskfall: scene=class")
	}
	s.said = s.chosen
	fmt.Fprintf(s.logw, "duskfall: class chosen %s %s\n", s.cards[s.chosen].class.ID, s.cards[s.chosen].stats)
}

// press acts on a pressed card or Create.
func (s *classScene) press(b *button) {
	if b == nil {
		return
	}
	for i, k := range s.cards {
		if b == k.pick {
			s.chosen = i
			return
		}
	}
	switch b {
	case s.create:
		s.submit()
	case s.back:
		s.leave()
	}
}

// submit asks for the character; a name the server would refuse is
// explained here and nothing is sent.
func (s *classScene) submit() {
	if s.sent != "" || len(s.cards) == 0 {
		return
	}
	name := s.name.Text()
	if err := client.CheckName(name); err != nil {
		s.err = errWords(err)
		return
	}
	s.err = errWords(s.act.CreateCharacter(name, s.cards[s.chosen].class.ID))
	if s.err == "" {
		s.sent = name
	}
}

// watch follows the roster after Create: the new character is played as
// soon as it is listed; a refusal is shown and the player may try again.
func (s *classScene) watch() {
	v := s.rt.Roster()
	if s.sent == "" || v.Pending {
		return
	}
	if v.Cause == wire.CauseRefused {
		s.err, s.sent = capitalize(v.Note), ""
		return
	}
	for _, c := range v.Characters {
		if c.Name == s.sent {
			s.err = errWords(s.act.SelectCharacter(c.ID))
			return
		}
	}
}

func (s *classScene) Draw(screen *ebiten.Image) {
	g := s.win.gfx
	screen.Fill(colBackdrop)
	k := s.k
	for i, c := range s.cards {
		fill, border := colRow, colBorder
		if i == s.chosen {
			fill, border = colButton, colTitleEdge
		} else if s.form.hasFocus(c.pick) {
			border = colBorderOn
		}
		frame(screen, g.shapes, c.pick.rect, fill, border)
	}
	for _, it := range []any{s.name, s.create, s.back} {
		if it == any((*button)(nil)) {
			continue // no Back on the first launch
		}
		fill, border := colField, colBorder
		if it != any(s.name) {
			fill = colButton
		}
		if s.form.hasFocus(it) {
			border = colBorderOn
		}
		frame(screen, g.shapes, rectOf(it), fill, border)
	}
	g.shapes.flush(screen)
	s.drawShips(screen)
	cx := s.win.w / 2
	lh := int(glyphH*k) + px(4, k)
	g.text.draw(screen, "Make your character", cx, s.titleY, s.title, alignCenter, colTitle)
	g.text.draw(screen, s.subFit.get(g, "Choose a class: its ship, its gun and its ability are yours for good", s.win.w-px(16, k), k),
		cx, s.subY, k, alignCenter, colDim)
	for i, c := range s.cards {
		r := c.pick.rect
		col := colText
		if i == s.chosen {
			col = colTitle
		}
		mid := r.Min.X + r.Dx()/2
		y := r.Min.Y + s.shipH
		g.text.draw(screen, c.class.Name, mid, y, textScale*k, alignCenter, col)
		g.text.drawLines(screen, c.text, mid, y+int(glyphH*textScale*k)+px(10, k), k, colText)
		// Every card's stats line stands at one height, over the longest
		// ability's words, so the cards read across as a table.
		y = r.Max.Y - px(10, k) - s.powerLines()*lh
		g.text.draw(screen, c.statsFit.get(g, c.stats, r.Dx()-px(12, k), k), mid, y-lh-px(4, k), k, alignCenter, colDim)
		g.text.drawLines(screen, c.power, mid, y, k, colAbilityText)
	}
	drawLabelledField(screen, g, s.name, s.form.hasFocus(s.name), s.blink, k)
	for _, b := range []*button{s.create, s.back} {
		if b == nil {
			continue
		}
		m := midOf(b.rect)
		ts := buttonTextScale(b.rect.Dy()+px(8, k), k)
		g.text.draw(screen, b.label, m.X, m.Y-int(glyphH*ts)/2, ts, alignCenter, colText)
	}
	switch {
	case s.sent != "":
		g.text.draw(screen, s.noteFit.get(g, rosterWaiting, s.win.w-px(16, k), k), cx, s.noteY, k, alignCenter, colDim)
	case s.err != "":
		g.text.draw(screen, s.noteFit.get(g, s.err, s.win.w-px(16, k), k), cx, s.noteY, k, alignCenter, colError)
	}
	foot := "Left/Right or click to choose a class, Enter to create, Esc to leave"
	if s.back != nil {
		foot = "Left/Right or click to choose a class, Enter to create, Esc to go back"
	}
	g.text.draw(screen, s.footFit.get(g, foot, s.win.w-px(16, k), k), cx, s.footY, k, alignCenter, colDim)
}

// drawShips draws each card's ship large, turning slowly, in its design.
func (s *classScene) drawShips(dst *ebiten.Image) {
	art, err := artFor(s.rt.Content())
	if err != nil || len(art.ship) == 0 {
		return
	}
	aim := float32(-math.Pi/2 + 0.25*math.Sin(float64(s.frames)/50))
	z := float32(classShipZ * s.k * min(1, float64(s.shipH)/float64(px(130, s.k))))
	for i, k := range s.cards {
		r := k.pick.rect
		d := &art.ship[min(shipDesign(k.class.Ship), len(art.ship)-1)]
		x, y := float32(r.Min.X+r.Dx()/2), float32(r.Min.Y+s.shipH/2+px(4, s.k))
		c := colSelf
		if i != s.chosen {
			c = c.scale(0.7)
		}
		art.ships.glow.sprite(dst, d.glow, x, y, aim, 1, z, c.alpha(0.6))
		art.ships.body.sprite(dst, d.body, x, y, aim, 1, z, c)
	}
	art.flush(dst)
}
