package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/net/wire"
)

// The first launch: a player who has not chosen a name (Settings holds the
// one made up for it, and none came on the command line) is asked for one
// before Host and play, and a first character is made on the class scene,
// its name and its class, each class with its ship and its words. Later
// launches go straight in.

// nameChosen says whether the player has a name of its own: one given on
// the command line, or one kept in Settings that is not the made-up one.
func (a *app) nameChosen() bool {
	if a.opts.Name != "" {
		return true
	}
	s := &a.settings
	return s.Name != "" && (len(s.Token) < 4 || s.Name != "pilot-"+s.Token[:4])
}

// nameScene asks a first-time player's name, keeps it in Settings, then
// goes on to what was asked (Host and play).
type nameScene struct {
	a        *app
	name     *textField
	ok, back *button
	form     *form
	err      string
	next     func()
	blink    int
}

func newNameScene(a *app, next func()) *nameScene {
	s := &nameScene{a: a, next: next,
		name: &textField{label: "Your name", maxBytes: wire.MaxNameLen},
		ok:   &button{label: "Continue"}, back: &button{label: "Back"}}
	s.form = newForm(s.name, s.ok, s.back)
	s.form.submit = s.ok
	return s
}

func (s *nameScene) layout() {
	w, h := s.a.w, s.a.h
	s.name.rect = centredRect(w, h/2-20, 420, fieldH)
	s.ok.rect = centredRect(w, h/2+50, 220, buttonH)
	s.back.rect = centredRect(w, h/2+50+buttonH+14, 220, buttonH)
}

func (s *nameScene) Update() error {
	s.blink++
	s.layout()
	if s.a.in.menuBack() {
		s.a.scenes.switchTo(newMenuScene(s.a))
		return nil
	}
	switch s.form.update(s.a.in) {
	case s.ok:
		name := s.name.Text()
		if err := checkName(name); err != nil {
			s.err = capitalize(err.Error())
			return nil
		}
		s.a.settings.Name = name
		s.a.saveSettings()
		s.next()
	case s.back:
		s.a.scenes.switchTo(newMenuScene(s.a))
	}
	return nil
}

func (s *nameScene) Draw(screen *ebiten.Image) {
	g := s.a.gfx
	screen.Fill(colBackdrop)
	for _, it := range s.form.order {
		fill := colButton
		if _, field := it.(*textField); field {
			fill = colField
		}
		border := colBorder
		if s.form.hasFocus(it) {
			border = colBorderOn
		}
		frame(screen, g.shapes, rectOf(it), fill, border)
	}
	g.shapes.flush(screen)
	cx := s.a.w / 2
	g.text.draw(screen, "Welcome to Duskfall", cx, s.a.h/2-190, 4, alignCenter, colTitle)
	g.text.draw(screen, "What should your friends call you?", cx, s.a.h/2-110, textScale, alignCenter, colText)
	drawLabelledField(screen, g, s.name, s.form.hasFocus(s.name), s.blink)
	for _, b := range []*button{s.ok, s.back} {
		m := b.rect.Min.Add(b.rect.Size().Div(2))
		g.text.draw(screen, b.label, m.X, m.Y-glyphH*textScale/2, textScale, alignCenter, colText)
	}
	if s.err != "" {
		g.text.draw(screen, s.err, cx, s.name.rect.Max.Y+8, 1, alignCenter, colError)
	}
	g.text.draw(screen, "Kept in Settings, where you can change it. Enter to go on, Esc to go back.",
		cx, s.a.h-28, 1, alignCenter, colDim)
}

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
	text  []string // its description, wrapped to the card
	stats string   // "HP 100 · speed 240 · 3 shots"
	power []string // "Bomb: erases bullets near you, every 15 s", wrapped
}

// classScene makes a character: its name (the player's, to begin with)
// and its class, chosen from cards showing each class's ship, words,
// stats and ability. Create sends it; the new character is played at once.
type classScene struct {
	a      *app
	sess   session
	rt     *client.Runtime
	act    rosterActions
	name   *textField
	cards  []*classCard
	chosen int
	create *button
	form   *form
	err    string
	sent   string // the name asked for, until the roster shows it
	blink  int
	frames int
}

func newClassScene(a *app, sess session, name string) *classScene {
	s := &classScene{a: a, sess: sess, rt: sess.Runtime(), act: sess.Runtime(),
		name:   &textField{label: "Your character's name", maxBytes: wire.MaxNameLen},
		create: &button{label: "Create and play"}}
	s.name.SetText(name)
	c, err := levels.Shared()
	if err == nil {
		for i := range c.Classes {
			cl := &c.Classes[i]
			s.cards = append(s.cards, &classCard{class: cl, pick: &button{label: cl.Name},
				text: wrap(cl.Text, cardChars), stats: classStats(cl), power: wrap(abilityWords(&cl.Ability), cardChars)})
		}
	}
	order := []any{s.name}
	for _, k := range s.cards {
		order = append(order, k.pick)
	}
	s.form = newForm(append(order, s.create)...)
	s.form.submit = s.create
	return s
}

// classStats says a class's numbers in a line.
func classStats(cl *game.Class) string {
	st := &cl.Stats
	return fmt.Sprintf("HP %d · speed %.0f · %d×%d dmg", st.MaxHP, st.Speed*game.TickRate, max(st.Shots, 1), st.Damage)
}

// abilityWords says what an ability does and how often.
func abilityWords(ab *game.Ability) string {
	every := fmt.Sprintf("every %d s", (ab.Cooldown+game.TickRate-1)/game.TickRate)
	switch ab.Kind {
	case game.AbilityBomb:
		return fmt.Sprintf("%s: erases bullets near you, %s", ab.Name, every)
	case game.AbilityShield:
		return fmt.Sprintf("%s: no hits for %.1f s, %s", ab.Name, float64(ab.Duration)/game.TickRate, every)
	}
	return ab.Name
}

func (s *classScene) layout() {
	w, h := s.a.w, s.a.h
	n := max(len(s.cards), 1)
	cw := min(classCardW, (w-40-(n-1)*classCardGap)/n)
	x0 := (w - n*cw - (n-1)*classCardGap) / 2
	top := 150
	for i, k := range s.cards {
		x := x0 + i*(cw+classCardGap)
		k.pick.rect = image.Rect(x, top, x+cw, top+classCardH)
	}
	y := top + classCardH + 30 + labelGap
	s.name.rect = image.Rect(w/2-320, y, w/2+20, y+fieldH)
	s.create.rect = image.Rect(w/2+34, y, w/2+320, y+fieldH)
	_ = h
}

func (s *classScene) Update() error {
	s.blink++
	s.frames++
	s.sess.Frame(client.Intent{})
	switch s.rt.State() {
	case client.StatePlaying:
		s.a.scenes.switchTo(newPlayScene(s.a, s.sess))
		return nil
	case client.StateFailed, client.StateClosed:
		reason := failureText(s.rt)
		s.a.closeSession()
		s.a.scenes.switchTo(newFailedScene(s.a, "Disconnected", reason))
		return nil
	}
	s.layout()
	s.watch()
	in := s.a.in
	if in.menuBack() {
		s.a.leaveToMenu()
		return nil
	}
	if !s.form.hasFocus(s.name) {
		switch {
		case in.Left:
			s.chosen = (s.chosen + len(s.cards) - 1) % max(len(s.cards), 1)
		case in.Right:
			s.chosen = (s.chosen + 1) % max(len(s.cards), 1)
		}
	}
	s.press(s.form.update(in))
	return nil
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
	if b == s.create {
		s.submit()
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
	g := s.a.gfx
	screen.Fill(colBackdrop)
	for i, k := range s.cards {
		fill, border := colRow, colBorder
		if i == s.chosen {
			fill, border = colButton, colTitleEdge
		} else if s.form.hasFocus(k.pick) {
			border = colBorderOn
		}
		frame(screen, g.shapes, k.pick.rect, fill, border)
	}
	for _, it := range []any{s.name, s.create} {
		fill, border := colField, colBorder
		if it == any(s.create) {
			fill = colButton
		}
		if s.form.hasFocus(it) {
			border = colBorderOn
		}
		frame(screen, g.shapes, rectOf(it), fill, border)
	}
	g.shapes.flush(screen)
	s.drawShips(screen)
	cx := s.a.w / 2
	g.text.draw(screen, "Make your character", cx, 30, 4, alignCenter, colTitle)
	g.text.draw(screen, "Choose a class: its ship, its gun and its ability are yours for good", cx, 104, 1, alignCenter, colDim)
	for i, k := range s.cards {
		r := k.pick.rect
		c := colText
		if i == s.chosen {
			c = colTitle
		}
		g.text.draw(screen, k.class.Name, r.Min.X+r.Dx()/2, r.Min.Y+146, textScale, alignCenter, c)
		g.text.drawLines(screen, k.text, r.Min.X+r.Dx()/2, r.Min.Y+188, 1, colText)
		g.text.draw(screen, k.stats, r.Min.X+r.Dx()/2, r.Max.Y-78, 1, alignCenter, colDim)
		g.text.drawLines(screen, k.power, r.Min.X+r.Dx()/2, r.Max.Y-54, 1, colAbilityText)
	}
	drawLabelledField(screen, g, s.name, s.form.hasFocus(s.name), s.blink)
	m := s.create.rect.Min.Add(s.create.rect.Size().Div(2))
	g.text.draw(screen, s.create.label, m.X, m.Y-glyphH*textScale/2, textScale, alignCenter, colText)
	switch {
	case s.sent != "":
		g.text.draw(screen, rosterWaiting, cx, s.name.rect.Max.Y+14, 1, alignCenter, colDim)
	case s.err != "":
		g.text.draw(screen, s.err, cx, s.name.rect.Max.Y+14, 1, alignCenter, colError)
	}
	g.text.draw(screen, "Left/Right or click to choose a class, Enter to create, Esc to leave",
		cx, s.a.h-28, 1, alignCenter, colDim)
}

// drawShips draws each card's ship large, turning slowly, in its design.
func (s *classScene) drawShips(dst *ebiten.Image) {
	art, err := sharedArt()
	if err != nil || len(art.ship) == 0 {
		return
	}
	aim := float32(-math.Pi/2 + 0.25*math.Sin(float64(s.frames)/50))
	for i, k := range s.cards {
		r := k.pick.rect
		d := &art.ship[min(shipDesign(k.class.Ship), len(art.ship)-1)]
		x, y := float32(r.Min.X+r.Dx()/2), float32(r.Min.Y+70)
		c := colSelf
		if i != s.chosen {
			c = c.scale(0.7)
		}
		art.ships.glow.sprite(dst, d.glow, x, y, aim, 1, classShipZ, c.alpha(0.6))
		art.ships.body.sprite(dst, d.body, x, y, aim, 1, classShipZ, c)
	}
	art.flush(dst)
}
