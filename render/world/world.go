package world

import (
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/render/ui"
)

// World colours.
var (
	colFloorA     = ui.Rgb8(50, 54, 72, 1)
	colFloorB     = ui.Rgb8(57, 61, 81, 1)
	colPaveA      = ui.Rgb8(70, 64, 82, 1) // decorative paving: warmer stone, laid in larger squares
	colPaveB      = ui.Rgb8(78, 71, 91, 1)
	colWall       = ui.Rgb8(104, 94, 138, 1)
	colWallTop    = ui.Rgb8(164, 152, 204, 1)
	ColSelf       = ui.Rgb8(236, 240, 255, 1)
	ColFriend     = ui.Rgb8(150, 236, 170, 1)
	colGhost      = ui.Rgb8(200, 210, 230, 0.3)
	colShimmer    = ui.Rgb8(255, 232, 150, 1)
	colBarBack    = ui.Rgb8(0, 0, 0, 0.7)
	colEnemyHP    = ui.Rgb8(255, 80, 70, 1)
	colTelegraph  = ui.Rgb8(255, 236, 150, 1)
	colHitbox     = ui.Rgb8(255, 255, 255, 0.95)
	colFriendHP   = ui.Rgb8(110, 230, 120, 1)
	ColPortal     = ui.Rgb8(180, 120, 255, 1)
	ColPortalText = color.RGBA{220, 200, 255, 255}
	ColShield     = ui.Rgb8(150, 230, 255, 0.9) // a shield's ring around a ship, and the ability bar while one holds
)

// Look draws the world from a client runtime: tiles, portals,
// enemies, ships, then their names, each through the fog (fog.go): only
// what the own ship can see is drawn, besides the ground it remembers.
// Content gives enemy sizes and names; without it every enemy is drawn at
// a default size. The actors are drawn from their sprite sheets
// (actors.go); kinds without art are plain discs.
type Look struct {
	Content      *game.Content
	PlayerRadius float32
	Ground       *groundLook

	// The actors' art, its view of this frame, what it remembers of each
	// enemy and the deaths breaking apart.
	art    *ActorArt
	artErr error
	View   ActorView
	memory EnemyMemory
	Deaths *DeathFX
	// reaches is how far each enemy kind's longest emitter reaches, for
	// the enemies out of sight (sensed.go).
	reaches []float64

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

const DefaultEnemyRadius = 14

// NewLook draws the world of pack's content, every ship with
// playerRadius, taken from the runtime's stats: every player is the same
// character.
func NewLook(pack *levels.Pack, playerRadius float64) *Look {
	w := &Look{Content: pack.Content, PlayerRadius: float32(playerRadius), escapeFrom: map[uint16]int{}, Deaths: NewDeathFX(),
		Ground: newGroundLook(pack)}
	w.noteHit = w.addFlash
	return w
}

func (w *Look) addFlash(h client.HitMark) {
	if w.nFlash < len(w.flashes) {
		w.flashes[w.nFlash] = flash{actor: h.Event.Actor, id: h.Event.ID}
		w.nFlash++
	}
}

// flashing reports whether an actor was hit in the last flashTicks.
func (w *Look) flashing(actor uint8, id uint16) bool {
	for _, f := range w.flashes[:w.nFlash] {
		if f.actor == actor && f.id == id {
			return true
		}
	}
	return false
}

// EnemyDef is the content for an enemy kind, if known.
func (w *Look) EnemyDef(kind uint8) (game.EnemyDef, bool) {
	if w.Content == nil || int(kind) >= len(w.Content.Enemies) {
		return game.EnemyDef{}, false
	}
	return w.Content.Enemies[kind], true
}

func (w *Look) EnemyRadius(kind uint8) float32 {
	if d, ok := w.EnemyDef(kind); ok && d.Radius > 0 {
		return float32(d.Radius)
	}
	return DefaultEnemyRadius
}

// NoteHits reads what the runtime heard this frame for the actors'
// looks: the hits that flash an actor and the deaths that break one
// apart. The play scene calls it before drawing; a replay has none.
func (w *Look) NoteHits(rt *client.Runtime, v *View) {
	w.nFlash = 0
	rt.RecentHits(flashTicks, w.noteHit)
	if a, ok := w.ActorArt(); ok {
		w.Deaths.update(rt, a, &w.memory, v.Fog, v.Frame)
	}
}

// DrawGround draws the ground under everything else: the tiles in their
// light, then the portals; it returns the actors' art for what stands on
// the ground, or false (said on screen) when the art did not load.
func (w *Look) DrawGround(dst *ebiten.Image, g *Graphics, v *View) (*ActorArt, bool) {
	w.drawTiles(dst, g.Shapes, v)
	g.Shapes.Flush(dst) // the ground, under everything drawn from the sheets
	a, ok := w.ActorArt()
	if !ok {
		g.Text.Draw(dst, w.artErr.Error(), int(v.Cam.W)/2, 8, 1, ui.AlignCenter, ui.ColError)
		return nil, false
	}
	w.beginView(v)
	w.drawPortals(dst, a, g.Shapes, v)
	return a, true
}

// DrawActors draws the enemies, the deaths breaking apart, the other
// ships and the own, over the ground drawGround drew.
func (w *Look) DrawActors(dst *ebiten.Image, g *Graphics, a *ActorArt, v *View) {
	fog := v.Fog
	for _, e := range v.Enemies {
		if fog.CanSee(e.Pos) && !w.Deaths.Hidden(e.ID, v.Frame) {
			w.drawEnemy(dst, a, g.Shapes, v, e)
		}
	}
	w.DrawSensed(dst, a, g.Shapes, v.Enemies, fog, v.Grid)
	w.Deaths.Draw(dst, a, &w.View)
	w.drawDecoys(dst, a, g.Shapes, v)
	for _, p := range v.Players {
		if !fog.CanSee(p.Pos) {
			continue
		}
		w.drawShip(dst, a, g.Shapes, v, p, p.Aim, ColFriend, v.shipOf(p.ID))
		if v.Cam.Visible(p.Pos.X, p.Pos.Y, 40) && p.Flags&game.PlayerDead == 0 {
			x, y := v.Cam.ToScreen(p.Pos.X, p.Pos.Y)
			r := w.PlayerRadius
			hpBar(dst, g.Shapes, x-r-2, y+r+8, 2*r+4, 3, p.HP, p.MaxHP, colFriendHP)
		}
	}
	if v.HasSelf {
		self := v.Self
		w.drawShip(dst, a, g.Shapes, v, self, v.SelfAim, ColSelf, v.SelfShip)
		if v.Focused && self.Flags&game.PlayerDead == 0 {
			w.drawHitbox(dst, g.Shapes, v, self)
		}
	}
	w.drawBombs(dst, g.Shapes, v)
	a.Flush(dst) // the shapes (bars, rings, the hitbox) go over it, flushed by the caller
}

// bombWave is how long a bomb's wave takes to reach its radius.
const bombWave = 350 * time.Millisecond

// drawBombs draws each bomb announced lately as a wave of light running
// out from its ship to the radius it erased.
func (w *Look) drawBombs(dst *ebiten.Image, sb *ui.ShapeBatch, v *View) {
	now := v.Now
	for _, u := range v.Abilities {
		age := now.Sub(u.At)
		if u.Ability.Kind != game.AbilityBomb || age < 0 || age >= bombWave {
			continue
		}
		at, ok := v.playerPos(u.ID)
		if !ok || !v.Cam.Visible(at.X, at.Y, u.Ability.Radius) {
			continue
		}
		t := float32(age) / float32(bombWave)
		x, y := v.Cam.ToScreen(at.X, at.Y)
		r := float32(u.Ability.Radius) * (0.25 + 0.75*t)
		c := ColShield.Alpha(0.85 * (1 - t))
		sb.Ring(dst, x, y, r-6, r, func(int) ui.RGBA { return c })
	}
}

// drawDecoys draws each decoy standing (docs/NETCODE.md, "Abilities"):
// its ship's double, pale and flickering, where the ship was when it
// was left, with a ring pulsing out from it, for as long as it stands
// and its ship lives.
func (w *Look) drawDecoys(dst *ebiten.Image, a *ActorArt, sb *ui.ShapeBatch, v *View) {
	for _, u := range v.Abilities {
		age := v.Now.Sub(u.At)
		lasts := time.Duration(u.Ability.Duration) * time.Second / game.TickRate
		if u.Ability.Kind != game.AbilityDecoy || age < 0 || age >= lasts || !v.Fog.CanSee(u.Pos) ||
			!v.Cam.Visible(u.Pos.X, u.Pos.Y, 60) || v.playerDead(u.ID) {
			continue
		}
		design := v.SelfShip
		if !v.HasSelf || u.ID != v.Self.ID {
			design = v.shipOf(u.ID)
		}
		x, y := v.Cam.ToScreen(u.Pos.X, u.Pos.Y)
		flicker := 0.45 + 0.2*float32(math.Sin(float64(v.Frame)*0.45))
		DrawShipArt(dst, a, x, y, -math.Pi/2, u.ID, ShipLook{Tint: colDecoy.Alpha(flicker), design: design}, &w.View)
		t := float32(age%decoyPulse) / float32(decoyPulse)
		r := w.PlayerRadius * (1.2 + 1.6*t)
		c := colDecoy.Alpha(0.7 * (1 - t))
		sb.Ring(dst, x, y, r-2, r, func(int) ui.RGBA { return c })
	}
}

// decoyPulse is how often a decoy's ring pulses out.
const decoyPulse = 700 * time.Millisecond

// colDecoy is a decoy's light: a colder, paler blue than a friend's ship.
var colDecoy = ui.Rgb8(170, 190, 255, 1)

// ActorArt is the shared art, loaded on first use; a failure is kept to
// be said on screen.
func (w *Look) ActorArt() (*ActorArt, bool) {
	if w.art == nil && w.artErr == nil {
		w.art, w.artErr = ArtFor(w.Content)
	}
	return w.art, w.art != nil
}

// beginView notes what drawing the actors needs of this frame.
func (w *Look) beginView(v *View) {
	w.View = ActorView{Cam: v.Cam, Frame: v.Frame, Glow: v.High, Self: v.Self.Pos, HasSelf: v.HasSelf}
}

// drawHitbox shows, while the player focuses, exactly what a bullet must
// touch to hit: the ship's collision circle, and its centre.
func (w *Look) drawHitbox(dst *ebiten.Image, sb *ui.ShapeBatch, v *View, self client.Actor) {
	x, y := v.Cam.ToScreen(self.Pos.X, self.Pos.Y)
	r := w.PlayerRadius
	sb.Ring(dst, x, y, r-1.5, r, func(int) ui.RGBA { return colHitbox })
	sb.Circle(dst, x, y, 2.5, colHitbox)
}

// drawTiles draws the ground: the place's tiles, lit, through the fog
// (ground.go).
func (w *Look) drawTiles(dst *ebiten.Image, sb *ui.ShapeBatch, v *View) {
	w.Ground.Draw(dst, sb, v)
}

// EachPortal calls fn with every portal whose tile passes known and whose
// centre is within margin of the camera's view, at its screen position.
func EachPortal(portals []game.Portal, cam Camera, margin float64, known func(tx, ty int) bool, fn func(p game.Portal, x, y float32)) {
	for _, p := range portals {
		if tx, ty := p.Tile(); !known(tx, ty) || !cam.Visible(p.Pos.X, p.Pos.Y, margin) {
			continue
		}
		x, y := cam.ToScreen(p.Pos.X, p.Pos.Y)
		fn(p, x, y)
	}
}

// drawPortals draws the portals on explored ground in their
// destination's accent: a glow and a swirl turning inside the frame,
// pulsing, in sight, and in the hub wherever they stand, beacons to the
// ways out; the frame alone, still and dim, where only remembered. The way
// back to the hub and the way down have frames of their own.
func (w *Look) drawPortals(dst *ebiten.Image, a *ActorArt, sb *ui.ShapeBatch, v *View) {
	t, fog := float64(v.Frame), v.Fog
	here := v.Dungeon
	EachPortal(v.Portals, v.Cam, 40, fog.Explored, func(p game.Portal, x, y float32) {
		col, frame := w.PortalAccent(p.Dungeon), a.PortalFrame
		switch {
		case p.Dungeon == game.HubDungeon:
			frame = a.PortalExit
		case here != game.HubDungeon && p.Dungeon == here:
			frame = a.PortalDown
		}
		if !fog.Visible(p.Tile()) && here != game.HubDungeon {
			a.portals.Body.Sprite(dst, frame, x, y, 0, 1, 1, col.Scale(FogExplore))
			return
		}
		pulse := float32(0.5 + 0.5*math.Sin(t*0.08))
		if w.View.Glow {
			a.portals.Glow.Sprite(dst, a.PortalGlow, x, y, 0, 1, 1+0.08*pulse, col.Alpha(0.55+0.25*pulse))
		}
		a.portals.Light.Sprite(dst, a.PortalSwirl, x, y, float32(-t*0.05), 1, 0.92+0.06*pulse, col.Alpha(0.7+0.3*pulse))
		a.portals.Body.Sprite(dst, frame, x, y, 0, 1, 1, col)
	})
}

// PortalAccent is the accent of the place a portal leads to
// (assets.Place.Accent), or the old portal violet without one.
func (w *Look) PortalAccent(dungeon uint8) ui.RGBA {
	id := "hub"
	if dungeon != game.HubDungeon {
		if w.Content == nil || int(dungeon) >= len(w.Content.Dungeons) {
			return ColPortal
		}
		id = w.Content.Dungeons[dungeon].ID
	}
	look, err := assets.Shared()
	if err != nil {
		return ColPortal
	}
	p, ok := look.Place(id)
	if !ok {
		return ColPortal
	}
	return ui.Rgb8(p.Accent[0], p.Accent[1], p.Accent[2], 1)
}

// drawEnemy draws an enemy from its art, its health bar over it; a kind
// without art is a plain disc.
func (w *Look) drawEnemy(dst *ebiten.Image, a *ActorArt, sb *ui.ShapeBatch, v *View, e client.Actor) {
	r := w.EnemyRadius(e.Kind)
	if !v.Cam.Visible(e.Pos.X, e.Pos.Y, float64(r)*2.5) {
		return
	}
	flashing := w.flashing(game.ActorEnemy, e.ID)
	n := w.memory.Note(e, &w.View, flashing)
	x, y := v.Cam.ToScreen(e.Pos.X, e.Pos.Y)
	if k, ok := a.Kind(e.Kind); ok {
		DrawEnemyArt(dst, a, k, e, n, &w.View)
	} else {
		c := colEnemyHP
		if flashing {
			c = ui.Rgb8(255, 255, 255, 1)
		}
		sb.Circle(dst, x, y, r, c.Scale(0.55))
	}
	hpBar(dst, sb, x-r-3, y-r-10, 2*r+6, 4, e.HP, e.MaxHP, colEnemyHP)
}

// drawShip draws a ship from its design along its aim, in its tint.
// Arrival grace is a shimmering ring; the dead are a faint ghost;
// the linkdead are dimmed; a hit flashes it red.
func (w *Look) drawShip(dst *ebiten.Image, a *ActorArt, sb *ui.ShapeBatch, v *View, p client.Actor, aim float64, c ui.RGBA, design int) {
	r := w.PlayerRadius
	if !v.Cam.Visible(p.Pos.X, p.Pos.Y, float64(r)*2+4) {
		return
	}
	x, y := v.Cam.ToScreen(p.Pos.X, p.Pos.Y)
	look := ShipLook{Tint: c, dead: p.Flags&game.PlayerDead != 0, linkdead: p.Flags&game.PlayerLinkdead != 0,
		Hurt: w.flashing(game.ActorPlayer, p.ID), design: design}
	DrawShipArt(dst, a, x, y, aim, p.ID, look, &w.View)
	if look.dead {
		return
	}
	if p.Flags&game.PlayerGrace != 0 {
		shimmer(dst, sb, x, y, r, v.Frame)
	}
	if p.Flags&game.PlayerShielded != 0 {
		c := ColShield.Alpha(0.55 + 0.25*float32(math.Sin(float64(v.Frame)*0.3)))
		sb.Ring(dst, x, y, r*1.9, r*2.2, func(int) ui.RGBA { return c })
	}
	w.drawEscape(dst, sb, v.Frame, p, x, y)
}

// drawEscape draws a channelling ship's escape as a ring filling over its
// second, for everyone near to see.
func (w *Look) drawEscape(dst *ebiten.Image, sb *ui.ShapeBatch, frame int, p client.Actor, x, y float32) {
	if p.Flags&game.PlayerEscaping == 0 {
		delete(w.escapeFrom, p.ID)
		return
	}
	from, ok := w.escapeFrom[p.ID]
	if !ok {
		from = frame
		w.escapeFrom[p.ID] = from
	}
	done := float64(frame-from) / game.EscapeTicks
	r := w.PlayerRadius
	sb.Ring(dst, x, y, r*2.0, r*2.4, func(seg int) ui.RGBA {
		if float64(seg)/ui.CircleSegments <= done {
			return ColPortal
		}
		return ColPortal.Alpha(0.2)
	})
}

// shimmer is the arrival-grace mark: a ring of light whose brightness
// runs around it.
func shimmer(dst *ebiten.Image, sb *ui.ShapeBatch, x, y, r float32, frame int) {
	t := float64(frame) * 0.12
	sb.Ring(dst, x, y, r*1.45, r*1.8, func(seg int) ui.RGBA {
		a := 0.2 + 0.6*(0.5+0.5*math.Sin(float64(seg)*2*math.Pi*3/ui.CircleSegments-t))
		return colShimmer.Alpha(float32(a))
	})
}

// hpBar is a small health bar.
func hpBar(dst *ebiten.Image, sb *ui.ShapeBatch, x, y, w, h float32, hp, maxHP int16, c ui.RGBA) {
	if maxHP <= 0 {
		return
	}
	f := float32(Clamp01(float64(hp) / float64(maxHP)))
	sb.Rect(dst, x-1, y-1, w+2, h+2, colBarBack)
	sb.Rect(dst, x, y, w*f, h, c)
}

// PortalBoxes tells keepOff where each portal's frame stands on explored
// ground in the camera's view, at zoom 1, for the labels to keep off it.
func (w *Look) PortalBoxes(portals []game.Portal, cam Camera, fog *client.Fog, keepOff func(image.Rectangle)) {
	a, ok := w.ActorArt()
	if !ok {
		return
	}
	EachPortal(portals, cam, 40, fog.Explored, func(_ game.Portal, x, y float32) {
		keepOff(SpriteBox(a.PortalFrame, x, y))
	})
}

// SpriteBox is where frame f lands drawn at (x, y) at zoom 1: its anchor
// there.
func SpriteBox(f assets.Frame, x, y float32) image.Rectangle {
	k := float32(f.Scale)
	x0, y0 := x-float32(f.Anchor.X-f.Rect.Min.X)*k, y-float32(f.Anchor.Y-f.Rect.Min.Y)*k
	return ui.RectF(x0, y0, float32(f.Rect.Dx())*k, float32(f.Rect.Dy())*k)
}

// PortalPrompt is what a player standing at pos reads of the portals of
// a place (here: its dungeon kind, game.HubDungeon in the hub): the key
// that takes one and where it leads, or "" away from every portal.
func (w *Look) PortalPrompt(portals []game.Portal, here uint8, key ebiten.Key, pos game.Vec) string {
	best, found := float64(game.PortalRadius*game.PortalRadius), -1
	for i, p := range portals {
		if d := pos.Dist2(p.Pos); d <= best {
			best, found = d, i
		}
	}
	if found < 0 {
		return ""
	}
	p := portals[found]
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
	where := "enter " + w.PortalName(p.Dungeon)
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

func (w *Look) PortalName(dungeon uint8) string {
	switch {
	case dungeon == game.HubDungeon:
		return "Back to the hub"
	case w.Content != nil && int(dungeon) < len(w.Content.Dungeons):
		return w.Content.Dungeons[dungeon].Name
	}
	return "A dungeon"
}

// ShipDesign is the index of a class's ship design in assets.ShipDesigns
// (the first for a name it does not hold).
func ShipDesign(ship string) int {
	for i, d := range assets.ShipDesigns {
		if d == ship {
			return i
		}
	}
	return 0
}

// WholeHealth is an enemy kind's whole health on a floor, for a party of n
// when it is a boss.
func (w *Look) WholeHealth(kind uint8, depth, n int) float64 {
	d, ok := w.EnemyDef(kind)
	if !ok {
		return 0
	}
	hp := float64(d.MaxHP) * game.DepthHealth(depth)
	if d.Boss {
		hp = hp * float64(1+n) / (1 + game.BossPartySize)
	}
	return hp
}
