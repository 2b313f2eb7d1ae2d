package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
)

// World colours.
var (
	colFloorA     = rgb8(50, 54, 72, 1)
	colFloorB     = rgb8(57, 61, 81, 1)
	colPaveA      = rgb8(70, 64, 82, 1) // decorative paving: warmer stone, laid in larger squares
	colPaveB      = rgb8(78, 71, 91, 1)
	colWall       = rgb8(104, 94, 138, 1)
	colWallTop    = rgb8(164, 152, 204, 1)
	colSelf       = rgb8(236, 240, 255, 1)
	colFriend     = rgb8(150, 236, 170, 1)
	colGhost      = rgb8(200, 210, 230, 0.3)
	colShimmer    = rgb8(255, 232, 150, 1)
	colBarBack    = rgb8(0, 0, 0, 0.7)
	colEnemyHP    = rgb8(255, 80, 70, 1)
	colTelegraph  = rgb8(255, 236, 150, 1)
	colHitbox     = rgb8(255, 255, 255, 0.95)
	colFriendHP   = rgb8(110, 230, 120, 1)
	colPortal     = rgb8(180, 120, 255, 1)
	colPortalText = color.RGBA{220, 200, 255, 255}

	enemyColours = [...]rgba{
		rgb8(214, 92, 70, 1), rgb8(200, 120, 210, 1), rgb8(220, 180, 80, 1), rgb8(90, 170, 200, 1),
		rgb8(120, 190, 90, 1), rgb8(160, 110, 220, 1), rgb8(230, 140, 60, 1), rgb8(220, 90, 130, 1),
	}
)

// worldLook draws the world from a client runtime: tiles, portals,
// enemies, ships, then their names, each through the fog (fog.go): only
// what the own ship can see is drawn, besides the ground it remembers.
// Content gives enemy sizes and names; without it every enemy is drawn at
// a default size.
type worldLook struct {
	content      *game.Content
	playerRadius float32
	ground       *groundLook

	// Actors hit in the last few ticks flash; the marks are gathered once
	// per frame through a method value made once, so nothing allocates.
	flashes [32]flash
	nFlash  int
	noteHit func(client.HitMark)

	// escapeFrom is the frame each channelling ship was first drawn
	// channelling: its progress is drawn from there, over a second.
	escapeFrom map[uint16]int
	// prompts are the portal prompts, made once per destination and key.
	prompts   map[uint8]string
	promptKey ebiten.Key
}

// flash is one recently hit actor.
type flash struct {
	actor uint8
	id    uint16
}

// flashTicks is how long a hit actor flashes.
const flashTicks = 6

const defaultEnemyRadius = 14

// newWorldLook draws every ship with playerRadius, taken from the
// runtime's stats: every player is the same character.
func newWorldLook(playerRadius float64) *worldLook {
	c, _ := levels.Shared() // without content the world still draws, with default sizes
	w := &worldLook{content: c, playerRadius: float32(playerRadius), escapeFrom: map[uint16]int{}, ground: newGroundLook()}
	w.noteHit = w.addFlash
	return w
}

func (w *worldLook) addFlash(h client.HitMark) {
	if w.nFlash < len(w.flashes) {
		w.flashes[w.nFlash] = flash{actor: h.Event.Actor, id: h.Event.ID}
		w.nFlash++
	}
}

// flashing reports whether an actor was hit in the last flashTicks.
func (w *worldLook) flashing(actor uint8, id uint16) bool {
	for _, f := range w.flashes[:w.nFlash] {
		if f.actor == actor && f.id == id {
			return true
		}
	}
	return false
}

// enemyDef is the content for an enemy kind, if known.
func (w *worldLook) enemyDef(kind uint8) (game.EnemyDef, bool) {
	if w.content == nil || int(kind) >= len(w.content.Enemies) {
		return game.EnemyDef{}, false
	}
	return w.content.Enemies[kind], true
}

func (w *worldLook) enemyRadius(kind uint8) float32 {
	if d, ok := w.enemyDef(kind); ok && d.Radius > 0 {
		return float32(d.Radius)
	}
	return defaultEnemyRadius
}

func (w *worldLook) drawWorld(dst *ebiten.Image, g *graphics, s *playScene) {
	w.nFlash = 0
	s.rt.RecentHits(flashTicks, w.noteHit)
	fog := s.rt.Fog()
	w.drawTiles(dst, g.shapes, s, fog)
	w.drawPortals(dst, g.shapes, s, fog)
	s.keeper.drawFigure(dst, g.shapes, s, fog)
	s.items.drawLoot(dst, g.shapes, s, fog)
	for _, e := range s.rt.Enemies() {
		if fog.CanSee(e.Pos) {
			w.drawEnemy(dst, g.shapes, s, e)
		}
	}
	for _, p := range s.rt.Players() {
		if !fog.CanSee(p.Pos) {
			continue
		}
		w.drawShip(dst, g.shapes, s, p, p.Aim, colFriend)
		if s.cam.visible(p.Pos.X, p.Pos.Y, 40) && p.Flags&game.PlayerDead == 0 {
			x, y := s.cam.toScreen(p.Pos.X, p.Pos.Y)
			r := w.playerRadius
			hpBar(dst, g.shapes, x-r-2, y+r+8, 2*r+4, 3, p.HP, p.MaxHP, colFriendHP)
		}
	}
	if self, ok := s.rt.Self(); ok {
		w.drawShip(dst, g.shapes, s, self, s.lastAim, colSelf)
		if s.focused && self.Flags&game.PlayerDead == 0 {
			w.drawHitbox(dst, g.shapes, s, self)
		}
	}
}

// drawHitbox shows, while the player focuses, exactly what a bullet must
// touch to hit: the ship's collision circle, and its centre.
func (w *worldLook) drawHitbox(dst *ebiten.Image, sb *shapeBatch, s *playScene, self client.Actor) {
	x, y := s.cam.toScreen(self.Pos.X, self.Pos.Y)
	r := w.playerRadius
	sb.ring(dst, x, y, r-1.5, r, func(int) rgba { return colHitbox })
	sb.circle(dst, x, y, 2.5, colHitbox)
}

// drawTiles draws the ground: the place's tiles, lit, through the fog
// (ground.go).
func (w *worldLook) drawTiles(dst *ebiten.Image, sb *shapeBatch, s *playScene, fog *client.Fog) {
	w.ground.draw(dst, sb, s, fog)
}

// eachPortal calls fn with every portal whose tile passes known and whose
// centre is within margin of the screen, at its screen position.
func eachPortal(s *playScene, margin float64, known func(tx, ty int) bool, fn func(p game.Portal, x, y float32)) {
	for _, p := range s.rt.Portals() {
		if tx, ty := p.Tile(); !known(tx, ty) || !s.cam.visible(p.Pos.X, p.Pos.Y, margin) {
			continue
		}
		x, y := s.cam.toScreen(p.Pos.X, p.Pos.Y)
		fn(p, x, y)
	}
}

// drawPortals draws the portals on explored ground: pulsing in sight,
// still and dim where only remembered.
func (w *worldLook) drawPortals(dst *ebiten.Image, sb *shapeBatch, s *playScene, fog *client.Fog) {
	phase := float64(s.frames) * 0.08
	eachPortal(s, 40, fog.Explored, func(p game.Portal, x, y float32) {
		col, pulse := colPortal, float32(0.5+0.5*math.Sin(phase))
		if !fog.Visible(p.Tile()) {
			col, pulse = colPortal.scale(fogExplore), 0
		}
		sb.circle(dst, x, y, 14, col.alpha(0.35))
		sb.ring(dst, x, y, 16+3*pulse, 20+3*pulse, func(int) rgba { return col })
	})
}

func (w *worldLook) drawEnemy(dst *ebiten.Image, sb *shapeBatch, s *playScene, e client.Actor) {
	r := w.enemyRadius(e.Kind)
	if !s.cam.visible(e.Pos.X, e.Pos.Y, float64(r)+8) {
		return
	}
	x, y := s.cam.toScreen(e.Pos.X, e.Pos.Y)
	c := enemyColours[int(e.Kind)%len(enemyColours)]
	if w.flashing(game.ActorEnemy, e.ID) {
		c = rgb8(255, 255, 255, 1)
	}
	if e.Flags&game.EnemyTelegraph != 0 { // planted and about to fire: a hot ring that pulses
		pulse := float32(0.5 + 0.5*math.Sin(float64(s.frames)*0.6))
		sb.ring(dst, x, y, r*1.25, r*(1.45+0.2*pulse), func(int) rgba { return colTelegraph.alpha(0.55 + 0.45*pulse) })
	}
	w.silhouette(dst, sb, x, y, r, e.Kind, c)
	hpBar(dst, sb, x-r-3, y-r-10, 2*r+6, 4, e.HP, e.MaxHP, colEnemyHP)
}

// silhouette draws an enemy's body. Each kind has its own outline, picked
// from its place in the content so a modded kind gets one too: a boss is a
// spiked star, a stationary kind a square, every other kind a polygon of
// three to seven sides; the core is a disc.
func (w *worldLook) silhouette(dst *ebiten.Image, sb *shapeBatch, x, y, r float32, kind uint8, c rgba) {
	d, ok := w.enemyDef(kind)
	switch {
	case !ok:
		sb.circle(dst, x, y, r, c.scale(0.55))
	case d.Boss:
		star(dst, sb, x, y, r, r*0.7, 10, 0, c.scale(0.55))
	case d.Phases[0].Move == game.MoveStill:
		polygon(dst, sb, x, y, r*1.15, 4, math.Pi/4, c.scale(0.55))
	case d.Phases[0].Move == game.MoveWander:
		sb.circle(dst, x, y, r, c.scale(0.55))
	default:
		polygon(dst, sb, x, y, r*1.1, 3+int(kind)%5, -math.Pi/2, c.scale(0.55))
	}
	sb.circle(dst, x, y, r*0.62, c)
	sb.circle(dst, x, y, r*0.25, c.scale(0.4))
}

// polygon fills a regular polygon of n sides, its first corner at angle a0.
func polygon(dst *ebiten.Image, sb *shapeBatch, x, y, r float32, n int, a0 float64, c rgba) {
	star(dst, sb, x, y, r, r*float32(math.Cos(math.Pi/float64(n))), n, a0, c)
}

// star fills an n-pointed star with outer radius r and inner radius in;
// with in at the polygon's apothem it is a plain polygon. Its first point
// is at angle a0.
func star(dst *ebiten.Image, sb *shapeBatch, x, y, r, in float32, n int, a0 float64, c rgba) {
	step := math.Pi / float64(n)
	for k := range 2 * n {
		ra, rb := r, in
		if k%2 == 1 {
			ra, rb = in, r
		}
		s1, c1 := math.Sincos(a0 + float64(k)*step)
		s2, c2 := math.Sincos(a0 + float64(k+1)*step)
		sb.triangle(dst, x, y, x+float32(c1)*ra, y+float32(s1)*ra, x+float32(c2)*rb, y+float32(s2)*rb, c)
	}
}

// drawShip draws a ship: a disc with a nose toward its aim. Arrival grace
// is a shimmering ring; the dead are a faint ghost without a nose.
func (w *worldLook) drawShip(dst *ebiten.Image, sb *shapeBatch, s *playScene, p client.Actor, aim float64, c rgba) {
	r := w.playerRadius
	if !s.cam.visible(p.Pos.X, p.Pos.Y, float64(r)*2+4) {
		return
	}
	x, y := s.cam.toScreen(p.Pos.X, p.Pos.Y)
	if p.Flags&game.PlayerDead != 0 {
		y += float32(2 * math.Sin(float64(s.frames)*0.1)) // a ghost drifts
		sb.circle(dst, x, y, r, colGhost)
		sb.circle(dst, x, y, r*0.55, colGhost)
		return
	}
	if p.Flags&game.PlayerLinkdead != 0 {
		c = c.scale(0.5)
	}
	if w.flashing(game.ActorPlayer, p.ID) {
		c = rgb8(255, 90, 80, 1) // hurt
	}
	sn, cs := math.Sincos(aim)
	nose := func(k, turn float64) (float32, float32) {
		s2, c2 := math.Sincos(aim + turn)
		return x + float32(c2*k)*r, y + float32(s2*k)*r
	}
	bx, by := nose(1.05, 2.4)
	cx, cy := nose(1.05, -2.4)
	sb.triangle(dst, x+float32(cs*1.9)*r, y+float32(sn*1.9)*r, bx, by, cx, cy, c.scale(0.8))
	sb.circle(dst, x, y, r, c)
	sb.circle(dst, x, y, r*0.45, c.scale(0.45))
	if p.Flags&game.PlayerGrace != 0 {
		shimmer(dst, sb, x, y, r, s.frames)
	}
	w.drawEscape(dst, sb, s, p, x, y)
}

// drawEscape draws a channelling ship's escape as a ring filling over its
// second, for everyone near to see.
func (w *worldLook) drawEscape(dst *ebiten.Image, sb *shapeBatch, s *playScene, p client.Actor, x, y float32) {
	if p.Flags&game.PlayerEscaping == 0 {
		delete(w.escapeFrom, p.ID)
		return
	}
	from, ok := w.escapeFrom[p.ID]
	if !ok {
		from = s.frames
		w.escapeFrom[p.ID] = from
	}
	done := float64(s.frames-from) / game.EscapeTicks
	r := w.playerRadius
	sb.ring(dst, x, y, r*2.0, r*2.4, func(seg int) rgba {
		if float64(seg)/circleSegments <= done {
			return colPortal
		}
		return colPortal.alpha(0.2)
	})
}

// shimmer is the arrival-grace mark: a ring of light whose brightness
// runs around it.
func shimmer(dst *ebiten.Image, sb *shapeBatch, x, y, r float32, frame int) {
	t := float64(frame) * 0.12
	sb.ring(dst, x, y, r*1.45, r*1.8, func(seg int) rgba {
		a := 0.2 + 0.6*(0.5+0.5*math.Sin(float64(seg)*2*math.Pi*3/circleSegments-t))
		return colShimmer.alpha(float32(a))
	})
}

// hpBar is a small health bar.
func hpBar(dst *ebiten.Image, sb *shapeBatch, x, y, w, h float32, hp, maxHP int16, c rgba) {
	if maxHP <= 0 {
		return
	}
	f := float32(clamp01(float64(hp) / float64(maxHP)))
	sb.rect(dst, x-1, y-1, w+2, h+2, colBarBack)
	sb.rect(dst, x, y, w*f, h, c)
}

// drawLabels writes names over ships, after the bullets so they stay
// readable.
func (w *worldLook) drawLabels(dst *ebiten.Image, g *graphics, s *playScene) {
	r := float64(w.playerRadius)
	fog := s.rt.Fog()
	for _, p := range s.rt.Players() {
		if fog.CanSee(p.Pos) {
			w.label(dst, g, s, p, r, colText)
		}
	}
	if self, ok := s.rt.Self(); ok {
		w.label(dst, g, s, self, r, colDim)
	}
	w.portalLabels(dst, g, s, fog)
}

// portalLabels names what each portal in sight opens, so a player knows
// where a step leads before taking it.
func (w *worldLook) portalLabels(dst *ebiten.Image, g *graphics, s *playScene, fog *client.Fog) {
	_, here := s.rt.Instance()
	eachPortal(s, 80, fog.Visible, func(p game.Portal, x, y float32) {
		name := w.portalName(p.Dungeon)
		if here != game.HubDungeon && p.Dungeon == here {
			name = "Down to the next floor"
		}
		// Under the portal: names sit above ships, so a ship on it never covers the label.
		g.text.draw(dst, name, int(x), int(y)+26, 1, alignCenter, colPortalText)
	})
}

// portalPrompt is what a player standing on a portal reads: the key that
// takes it and where it leads, or "" away from every portal.
func (w *worldLook) portalPrompt(s *playScene, pos game.Vec) string {
	best, found := float64(game.PortalRadius*game.PortalRadius), -1
	for i, p := range s.rt.Portals() {
		if d := pos.Dist2(p.Pos); d <= best {
			best, found = d, i
		}
	}
	if found < 0 {
		return ""
	}
	p := s.rt.Portals()[found]
	_, here := s.rt.Instance()
	key := s.a.col.keys[actInteract]
	if w.prompts == nil || w.promptKey != key {
		w.prompts, w.promptKey = map[uint8]string{}, key
	}
	dest := p.Dungeon
	if here != game.HubDungeon && dest == here {
		dest = downMark
	}
	if text, ok := w.prompts[dest]; ok {
		return text
	}
	where := "enter " + w.portalName(p.Dungeon)
	switch {
	case dest == downMark:
		where = "go down to the next floor"
	case p.Dungeon == game.HubDungeon:
		where = "go back to the hub"
	}
	text := "Press " + key.String() + ": " + where
	w.prompts[dest] = text
	return text
}

// downMark keys the way down's prompt: no dungeon kind has this index.
const downMark = game.HubDungeon - 1

func (w *worldLook) portalName(dungeon uint8) string {
	switch {
	case dungeon == game.HubDungeon:
		return "Back to the hub"
	case w.content != nil && int(dungeon) < len(w.content.Dungeons):
		return w.content.Dungeons[dungeon].Name
	}
	return "A dungeon"
}

func (w *worldLook) label(dst *ebiten.Image, g *graphics, s *playScene, p client.Actor, r float64, c color.RGBA) {
	if !s.cam.visible(p.Pos.X, p.Pos.Y, r+40) {
		return
	}
	x, y := s.cam.toScreen(p.Pos.X, p.Pos.Y)
	name := s.rt.Name(p.ID)
	if name == "" {
		name = "?"
	}
	g.text.draw(dst, name, int(x), int(y)-int(r)-30, 1, alignCenter, c)
}
