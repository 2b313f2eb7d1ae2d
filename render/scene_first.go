package render

import (
	"fmt"
	"image"
	"io"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/settings"
	"duskfall/render/ui"
	"duskfall/render/world"
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
	win      *hud.Window
	mv       moves
	logw     io.Writer // window tests wait for the scene
	name     *ui.TextField
	ok, back *ui.Button
	form     *ui.Form
	err      string
	next     func()
	blink    int

	// Layout at the UI scale k: the title's top and scale, the question's
	// and the error's lines, the footer's.
	k                  float64
	title              float64
	titleY, askY, errY int
	footY              int
	errFit, footFit    ui.Fitted
}

func newNameScene(win *hud.Window, mv moves, next func()) *nameScene {
	s := &nameScene{win: win, mv: mv, next: next,
		name: &ui.TextField{Label: "Your name", MaxBytes: wire.MaxNameLen},
		ok:   &ui.Button{Label: "Continue"}, back: &ui.Button{Label: "Back"}}
	s.form = ui.NewForm(s.name, s.ok, s.back)
	s.form.Submit = s.ok
	s.layout()
	return s
}

// layout stacks the screen at the window's UI scale: the welcome, the
// question, the field (its error under it), Continue and Back, centred in
// the room above the footer.
func (s *nameScene) layout() {
	w, h := s.win.W, s.win.H
	k := ui.Scale(w, h)
	s.k = k
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	s.footY = h - ui.Px(10, k) - lh
	bh, gap := ui.Px(ui.ButtonH, k), ui.Px(ui.RowGap, k)
	s.title = 4 * k
	total := func() int {
		return int(ui.GlyphH*s.title) + ui.Px(20, k) + int(ui.GlyphH*ui.TextScale*k) + ui.Px(20, k) + ui.Px(ui.LabelGap, k) + ui.Px(ui.FieldH, k) +
			ui.Px(8, k) + lh + ui.Px(8, k) + 2*bh + gap
	}
	if total() > s.footY-2*ui.Px(12, k) {
		s.title, bh, gap = 2.5*k, ui.Px(hud.CompactButtonH, k), ui.Px(6, k)
	}
	y := ui.Px(12, k) + max(0, (s.footY-2*ui.Px(12, k)-total())/2)
	s.titleY = y
	y += int(ui.GlyphH*s.title) + ui.Px(20, k)
	s.askY = y
	y += int(ui.GlyphH*ui.TextScale*k) + ui.Px(20, k) + ui.Px(ui.LabelGap, k)
	s.name.Rect = ui.CentredRect(w, y, min(w-ui.Px(16, k), ui.Px(420, k)), ui.Px(ui.FieldH, k))
	y += ui.Px(ui.FieldH, k) + ui.Px(8, k)
	s.errY = y
	y += lh + ui.Px(8, k)
	s.ok.Rect = ui.CentredRect(w, y, ui.Px(220, k), bh)
	s.back.Rect = ui.CentredRect(w, y+bh+gap, ui.Px(220, k), bh)
}

func (s *nameScene) Update() error {
	if s.blink++; s.blink == 1 && s.logw != nil {
		fmt.Fprintln(s.logw, "duskfall: scene=name")
	}
	s.layout()
	if s.win.In.MenuBack() {
		s.mv.toMenu()
		return nil
	}
	switch s.form.Update(s.win.In) {
	case s.ok:
		name := s.name.Text()
		if err := settings.CheckName(name); err != nil {
			s.err = ui.Capitalize(err.Error())
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
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	k := s.k
	ui.DrawFormShapes(screen, &g.Graphics, s.form)
	g.Shapes.Flush(screen)
	cx := s.win.W / 2
	g.Text.Draw(screen, "Welcome to Duskfall", cx, s.titleY, s.title, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(screen, "What should your friends call you?", cx, s.askY, ui.TextScale*k, ui.AlignCenter, ui.ColText)
	ui.DrawFormTextAt(screen, &g.Graphics, s.form, s.blink, k)
	if s.err != "" {
		g.Text.Draw(screen, s.errFit.Get(&g.Graphics, s.err, s.win.W-ui.Px(16, k), k), cx, s.errY, k, ui.AlignCenter, ui.ColError)
	}
	g.Text.Draw(screen, s.footFit.Get(&g.Graphics, nameFooter, s.win.W-ui.Px(16, k), k),
		cx, s.footY, k, ui.AlignCenter, ui.ColDim)
}

// nameFooter says where the name goes: the account, and the first
// character, named on the next screen without typing it again.
const nameFooter = "Your first character takes this name too (Settings keeps it). Enter to go on, Esc to go back."

// Class cards, in screen pixels.
const (
	classCardW   = 236
	classCardH   = 330
	classCardGap = 14
	classShipZ   = 3.2 // the ship drawn this many times its size in play
	cardChars    = (classCardW - 20) / ui.GlyphW
)

// classCard is one class on the class scene: a button the size of the card.
type classCard struct {
	class *game.Class
	pick  *ui.Button
	text  []string // its description as drawn: words, or none when the window leaves no room
	words []string // its description, wrapped to the card
	stats string   // "HP 100 · speed 240 · 3 shots"
	// statsFit is stats cut to the card.
	statsFit ui.Fitted
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
	win    *hud.Window
	mv     moves
	logw   io.Writer // window tests follow the class chosen
	sess   session
	rt     *client.Runtime
	act    rosterActions
	name   *ui.TextField
	cards  []*classCard
	chosen int
	said   int // the class last written to the log, -1 none
	create *ui.Button
	back   *ui.Button // Back to the roster; nil on the first launch
	form   *ui.Form
	err    string
	sent   string // the name asked for, until the roster shows it
	blink  int
	frames int

	lay classPlaces
}

// classPlaces is the class scene's layout at the UI scale k: the cards'
// width (their words are wrapped to it), the height of their ships' room,
// the title's top and scale, the lines under it, under the name row and
// at the bottom.
type classPlaces struct {
	k                   float64
	cardW, shipH        int
	title               float64
	titleY, subY, noteY int
	footY               int
	subFit, noteFit     ui.Fitted
	footFit             ui.Fitted
}

func newClassScene(win *hud.Window, mv moves, sess session, name string, logw io.Writer) *classScene {
	s := &classScene{win: win, mv: mv, logw: logw, sess: sess, rt: sess.Runtime(), act: sess.Runtime(), said: -1,
		name:   &ui.TextField{Label: "Your character's name", MaxBytes: wire.MaxNameLen},
		create: &ui.Button{Label: "Create and play"}}
	s.name.SetText(name)
	if c := sess.Runtime().Content(); c != nil {
		for i := range c.Classes {
			cl := &c.Classes[i]
			s.cards = append(s.cards, &classCard{class: cl, pick: &ui.Button{Label: cl.Name},
				text: ui.Wrap(cl.Text, cardChars), stats: hud.ClassStats(c, i), power: ui.Wrap(hud.AbilityWords(&cl.Ability), cardChars)})
		}
	}
	s.makeForm()
	if name != "" && len(s.cards) > 0 {
		s.form.Focus = slices.Index(s.form.Order, any(s.cards[s.chosen].pick))
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
	s.form = ui.NewForm(order...)
	s.form.Submit = s.create
}

// fromRoster makes the scene the roster's New character: a Back returns
// there, Esc too.
func (s *classScene) fromRoster() {
	s.back = &ui.Button{Label: "Back"}
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
	return ui.Mid(s.cards[i].pick.Rect), true
}

// CreateAndPlayCenter: see ClassCardCenter.
func CreateAndPlayCenter(c *game.Content, w, h int, fromRoster bool) image.Point {
	return ui.Mid(classLayout(c, w, h, fromRoster).create.Rect)
}

// classLayout is the class scene for content c laid out in a w×h window,
// with no session: where its widgets are.
func classLayout(c *game.Content, w, h int, fromRoster bool) *classScene {
	s := &classScene{win: &hud.Window{W: w, H: h}, name: &ui.TextField{}, create: &ui.Button{}}
	for i := range c.Classes {
		cl := &c.Classes[i]
		s.cards = append(s.cards, &classCard{class: cl, pick: &ui.Button{}, power: ui.Wrap(hud.AbilityWords(&cl.Ability), cardChars)})
	}
	if fromRoster {
		s.back = &ui.Button{}
	}
	s.layout()
	return s
}

// layout lays the class scene out at the window's UI scale: the title
// and the line under it, the row of cards, the name and Create, the
// waiting or error line, the footer. The cards take the height left, their
// ships drawn smaller in a short window; their words are wrapped again to
// the cards' width when it changes.
func (s *classScene) layout() {
	w, h := s.win.W, s.win.H
	k := ui.Scale(w, h)
	m := ui.Px(12, k)
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	n := max(len(s.cards), 1)
	gap := ui.Px(classCardGap, k)
	cw := min(ui.Px(classCardW, k), (w-2*m-(n-1)*gap)/n)
	if s.lay.k != k || s.lay.cardW != cw {
		s.lay.k, s.lay.cardW = k, cw
		chars := max(8, int(float64(cw-ui.Px(20, k))/(ui.GlyphW*k)))
		for _, c := range s.cards {
			c.words, c.power = ui.Wrap(c.class.Text, chars), ui.Wrap(hud.AbilityWords(&c.class.Ability), chars)
		}
	}
	power := s.powerLines()    // every card's stats line stands over the longest ability's words
	wordsBelow := func() int { // a card's words under its ship
		most := 0
		for _, c := range s.cards {
			most = max(most, int(ui.GlyphH*ui.TextScale*k)+ui.Px(10, k)+(len(c.text)+1+power)*lh+ui.Px(16, k)+ui.Px(10, k))
		}
		return most
	}
	for _, c := range s.cards {
		c.text = c.words
	}
	s.lay.footY = h - ui.Px(10, k) - lh
	bottom := ui.Px(ui.LabelGap+cardsToLabel, k) + ui.Px(ui.FieldH, k) + ui.Px(8, k) + lh + ui.Px(8, k) // the name row, and the line under it
	s.lay.title = 4 * k
	head := func() int { return m + int(ui.GlyphH*s.lay.title) + ui.Px(8, k) + lh + ui.Px(12, k) }
	shipFull := ui.Px(130, k)
	room := s.lay.footY - bottom - head()
	if wordsBelow()+shipFull > room {
		s.lay.title = 2.5 * k
		room = s.lay.footY - bottom - head()
	}
	if wordsBelow()+ui.Px(48, k) > room {
		// Many narrow cards in a short window: the figures (stats and
		// ability) matter more than the description, which goes.
		for _, c := range s.cards {
			c.text = nil
		}
	}
	below := wordsBelow()
	ch := max(below+ui.Px(48, k), min(room, below+shipFull))
	s.lay.shipH = ch - below
	y := m + max(0, (room-ch)/2)
	s.lay.titleY = y
	y += int(ui.GlyphH*s.lay.title) + ui.Px(8, k)
	s.lay.subY = y
	y += lh + ui.Px(12, k)
	x0 := (w - n*cw - (n-1)*gap) / 2
	for i, c := range s.cards {
		x := x0 + i*(cw+gap)
		c.pick.Rect = image.Rect(x, y, x+cw, y+ch)
	}
	y += ch + ui.Px(ui.LabelGap+cardsToLabel, k)
	fw := min(w-2*m, ui.Px(640, k))
	nx := (w - fw) / 2
	split, end := nx+fw*340/640, nx+fw
	if s.back != nil { // the name, Create and play, Back
		split, end = nx+fw*270/640, nx+fw*500/640
		s.back.Rect = image.Rect(end+ui.Px(14, k), y, nx+fw, y+ui.Px(ui.FieldH, k))
	}
	s.name.Rect = image.Rect(nx, y, split, y+ui.Px(ui.FieldH, k))
	s.create.Rect = image.Rect(split+ui.Px(14, k), y, end, y+ui.Px(ui.FieldH, k))
	s.lay.noteY = y + ui.Px(ui.FieldH, k) + ui.Px(8, k)
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
	in := s.win.In
	if in.MenuBack() {
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
	pressed := s.form.Update(in)
	if s.card(pressed) >= 0 && in.MenuEnter() && !in.Mouse.Click {
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
	if s.card(s.form.Focused()) >= 0 {
		s.form.Focus = slices.Index(s.form.Order, any(s.cards[i].pick))
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
func (s *classScene) press(b *ui.Button) {
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
		s.err = ui.ErrWords(err)
		return
	}
	s.err = ui.ErrWords(s.act.CreateCharacter(name, s.cards[s.chosen].class.ID))
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
		s.err, s.sent = ui.Capitalize(v.Note), ""
		return
	}
	for _, c := range v.Characters {
		if c.Name == s.sent {
			s.err = ui.ErrWords(s.act.SelectCharacter(c.ID))
			return
		}
	}
}

func (s *classScene) Draw(screen *ebiten.Image) {
	g := s.win.Gfx
	screen.Fill(ui.ColBackdrop)
	k := s.lay.k
	for i, c := range s.cards {
		fill, border := colRow, ui.ColBorder
		if i == s.chosen {
			fill, border = ui.ColButton, hud.ColTitleEdge
		} else if s.form.HasFocus(c.pick) {
			border = ui.ColBorderOn
		}
		ui.Frame(screen, g.Shapes, c.pick.Rect, fill, border)
	}
	for _, it := range []any{s.name, s.create, s.back} {
		if it == any((*ui.Button)(nil)) {
			continue // no Back on the first launch
		}
		fill, border := ui.ColField, ui.ColBorder
		if it != any(s.name) {
			fill = ui.ColButton
		}
		if s.form.HasFocus(it) {
			border = ui.ColBorderOn
		}
		ui.Frame(screen, g.Shapes, ui.RectOf(it), fill, border)
	}
	g.Shapes.Flush(screen)
	s.drawShips(screen)
	cx := s.win.W / 2
	lh := int(ui.GlyphH*k) + ui.Px(4, k)
	g.Text.Draw(screen, "Make your character", cx, s.lay.titleY, s.lay.title, ui.AlignCenter, ui.ColTitle)
	g.Text.Draw(screen, s.lay.subFit.Get(&g.Graphics, "Choose a class: its ship, its gun and its ability are yours for good", s.win.W-ui.Px(16, k), k),
		cx, s.lay.subY, k, ui.AlignCenter, ui.ColDim)
	for i, c := range s.cards {
		r := c.pick.Rect
		col := ui.ColText
		if i == s.chosen {
			col = ui.ColTitle
		}
		mid := r.Min.X + r.Dx()/2
		y := r.Min.Y + s.lay.shipH
		g.Text.Draw(screen, c.class.Name, mid, y, ui.TextScale*k, ui.AlignCenter, col)
		g.Text.DrawLines(screen, c.text, mid, y+int(ui.GlyphH*ui.TextScale*k)+ui.Px(10, k), k, ui.ColText)
		// Every card's stats line stands at one height, over the longest
		// ability's words, so the cards read across as a table.
		y = r.Max.Y - ui.Px(10, k) - s.powerLines()*lh
		g.Text.Draw(screen, c.statsFit.Get(&g.Graphics, c.stats, r.Dx()-ui.Px(12, k), k), mid, y-lh-ui.Px(4, k), k, ui.AlignCenter, ui.ColDim)
		g.Text.DrawLines(screen, c.power, mid, y, k, hud.ColAbilityText)
	}
	ui.DrawLabelledField(screen, &g.Graphics, s.name, s.form.HasFocus(s.name), s.blink, k)
	for _, b := range []*ui.Button{s.create, s.back} {
		if b == nil {
			continue
		}
		m := ui.Mid(b.Rect)
		ts := ui.ButtonTextScale(b.Rect.Dy()+ui.Px(8, k), k)
		g.Text.Draw(screen, b.Label, m.X, m.Y-int(ui.GlyphH*ts)/2, ts, ui.AlignCenter, ui.ColText)
	}
	switch {
	case s.sent != "":
		g.Text.Draw(screen, s.lay.noteFit.Get(&g.Graphics, rosterWaiting, s.win.W-ui.Px(16, k), k), cx, s.lay.noteY, k, ui.AlignCenter, ui.ColDim)
	case s.err != "":
		g.Text.Draw(screen, s.lay.noteFit.Get(&g.Graphics, s.err, s.win.W-ui.Px(16, k), k), cx, s.lay.noteY, k, ui.AlignCenter, ui.ColError)
	}
	foot := "Left/Right or click to choose a class, Enter to create, Esc to leave"
	if s.back != nil {
		foot = "Left/Right or click to choose a class, Enter to create, Esc to go back"
	}
	g.Text.Draw(screen, s.lay.footFit.Get(&g.Graphics, foot, s.win.W-ui.Px(16, k), k), cx, s.lay.footY, k, ui.AlignCenter, ui.ColDim)
}

// drawShips draws each card's ship large, turning slowly, in its design.
func (s *classScene) drawShips(dst *ebiten.Image) {
	art, err := world.ArtFor(s.rt.Content())
	if err != nil || len(art.Ship) == 0 {
		return
	}
	aim := float32(-math.Pi/2 + 0.25*math.Sin(float64(s.frames)/50))
	z := float32(classShipZ * s.lay.k * min(1, float64(s.lay.shipH)/float64(ui.Px(130, s.lay.k))))
	for i, k := range s.cards {
		r := k.pick.Rect
		d := &art.Ship[min(world.ShipDesign(k.class.Ship), len(art.Ship)-1)]
		x, y := float32(r.Min.X+r.Dx()/2), float32(r.Min.Y+s.lay.shipH/2+ui.Px(4, s.lay.k))
		c := world.ColSelf
		if i != s.chosen {
			c = c.Scale(0.7)
		}
		art.Ships.Glow.Sprite(dst, d.Glow, x, y, aim, 1, z, c.Alpha(0.6))
		art.Ships.Body.Sprite(dst, d.Body, x, y, aim, 1, z, c)
	}
	art.Flush(dst)
}
