package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/render/ui"
)

// The actors are drawn from the sprite sheets cmd/artgen makes
// (docs/ART.md, "Actors"): ships, enemies and bosses, loot, portals, the
// keeper and the pieces of effects. Each sheet is a layer of three
// batches, flushed in order: its glows (additive, left out at low
// quality), its bodies, and its light (additive: hit flashes, charges,
// swirls). The layers go down ground up: portals, loot, enemies, bosses,
// ships, effects.

// artLayer is one sheet and its three batches.
type artLayer struct {
	sheet             *spriteSheet
	glow, body, light *spriteBatch
}

func newArtLayer(s *spriteSheet) *artLayer {
	return &artLayer{sheet: s, glow: newSpriteBatch(s, true), body: newSpriteBatch(s, false), light: newSpriteBatch(s, true)}
}

func (l *artLayer) frame(name string) assets.Frame { return l.sheet.frame(name) }

// flush draws the layer's batches in order.
func (l *artLayer) flush(dst *ebiten.Image) {
	l.glow.flush(dst)
	l.body.flush(dst)
	l.light.flush(dst)
}

// reset empties the batches without drawing them (benchmarks).
func (l *artLayer) reset() {
	for _, b := range [...]*spriteBatch{l.glow, l.body, l.light} {
		b.vs = b.vs[:0]
	}
}

// kindArt is one enemy kind's frames, found once by name.
type kindArt struct {
	layer         *artLayer
	idle          [assets.IdleFrames]assets.Frame
	charge, glow  assets.Frame
	flash, part   assets.Frame
	shards        []shardArt
	hue           ui.RGBA // its light, for the sparks of its death
	radius        float32 // u, its content radius
	faces         bool    // turned toward where it moves
	boss, ok      bool
	telegraphTick int // how long it charges, for the tightening ring
}

// shardArt is a piece of a body and where its middle lies from the
// body's position, in world units, before any turn.
type shardArt struct {
	frame  assets.Frame
	dx, dy float32
}

// shipArt is one ship design's frames.
type shipArt struct {
	body, glow, flash assets.Frame
}

// actorArt is every actor's art, loaded once.
type actorArt struct {
	portals, loot, enemies, bosses, ships, fx *artLayer

	kinds []kindArt       // by enemy kind
	ship  []shipArt       // by assets.ShipDesigns
	icons []assets.Frame  // by item def
	marks [5]assets.Frame // by item kind: its mark

	// Frames used every draw, found once.
	keeper, keeperGlow                  assets.Frame
	plate, plateGlow, mine              assets.Frame
	portalFrame, portalExit, portalDown assets.Frame
	portalSwirl, portalGlow             assets.Frame
	spark, ring, wideRing, dot          assets.Frame
}

// layers are the art's layers in the order they are drawn.
func (a *actorArt) layers() [6]*artLayer {
	return [...]*artLayer{a.portals, a.loot, a.enemies, a.bosses, a.ships, a.fx}
}

// flush draws every layer, ground up.
func (a *actorArt) flush(dst *ebiten.Image) {
	for _, l := range a.layers() {
		l.flush(dst)
	}
}

// artCache keeps the actors' art of each content played, loaded on first
// use: the sheets go to the GPU once, and a process plays one content, or
// two at most (a modded folder after the built-in one).
var artCache struct {
	sync.Mutex
	art map[*game.Content]loadedArt
}

type loadedArt struct {
	art *actorArt
	err error
}

// artFor is the actors' art for content c, loaded once.
func artFor(c *game.Content) (*actorArt, error) {
	artCache.Lock()
	defer artCache.Unlock()
	if got, ok := artCache.art[c]; ok {
		return got.art, got.err
	}
	a, err := loadActorArt(c, loadSheet)
	if artCache.art == nil {
		artCache.art = map[*game.Content]loadedArt{}
	}
	artCache.art[c] = loadedArt{a, err}
	return a, err
}

// loadActorArt loads the actors' sheets with load and finds every
// frame the content needs. Tests pass a loader that keeps the sheets off
// the GPU.
func loadActorArt(c *game.Content, load func(dir, name string) (*spriteSheet, error)) (*actorArt, error) {
	a := &actorArt{}
	for _, l := range []struct {
		to   **artLayer
		name string
	}{
		{&a.portals, assets.PortalsSheet}, {&a.loot, assets.LootSheet}, {&a.enemies, assets.EnemiesSheet},
		{&a.bosses, assets.BossesSheet}, {&a.ships, assets.ShipsSheet}, {&a.fx, assets.FXSheet},
	} {
		s, err := load("sprites", l.name)
		if err != nil {
			return nil, fmt.Errorf("the %s art does not load: %w", l.name, err)
		}
		*l.to = newArtLayer(s)
	}
	for _, e := range c.Enemies {
		a.kinds = append(a.kinds, a.kindArtOf(e))
	}
	for _, d := range assets.ShipDesigns {
		id := assets.Ship(d)
		a.ship = append(a.ship, shipArt{a.ships.frame(id), a.ships.frame(assets.Glow(id)), a.ships.frame(assets.Flash(id))})
	}
	for _, it := range c.Items {
		a.icons = append(a.icons, a.loot.frame(assets.Icon(it.ID)))
	}
	for k := range a.marks {
		a.marks[k] = a.loot.frame(assets.KindIcon(game.ItemKind(k).String()))
	}
	a.keeper, a.keeperGlow = a.ships.frame("keeper"), a.ships.frame(assets.Glow("keeper"))
	a.plate, a.plateGlow, a.mine = a.loot.frame("loot_plate"), a.loot.frame("loot_glow"), a.loot.frame("loot_mine")
	a.portalFrame, a.portalExit, a.portalDown = a.portals.frame("portal_frame"), a.portals.frame("portal_exit_frame"), a.portals.frame("portal_down_frame")
	a.portalSwirl, a.portalGlow = a.portals.frame("portal_swirl"), a.portals.frame("portal_glow")
	a.spark, a.ring, a.wideRing, a.dot = a.fx.frame("fx_spark"), a.fx.frame("fx_ring"), a.fx.frame("fx_ring_wide"), a.fx.frame("fx_dot")
	for _, l := range a.layers() {
		l.sheet.pixels = nil // the hues are read: the GPU has the pixels
	}
	return a, nil
}

// kindArtOf finds an enemy kind's frames on its sheet.
func (a *actorArt) kindArtOf(e game.EnemyDef) kindArt {
	l := a.enemies
	if e.Boss {
		l = a.bosses
	}
	k := kindArt{layer: l, radius: float32(e.Radius), faces: assets.FacesItsWay(e.ID), boss: e.Boss, telegraphTick: max(e.Telegraph, 1)}
	for i := range k.idle {
		k.idle[i] = l.frame(assets.Idle(e.ID, i))
	}
	k.charge, k.glow = l.frame(assets.Charge(e.ID)), l.frame(assets.Glow(e.ID))
	k.flash, k.part = l.frame(assets.Flash(e.ID)), l.frame(assets.Part(e.ID))
	for i := 0; ; i++ {
		f, ok := l.sheet.frames[assets.Shard(e.ID, i)]
		if !ok {
			break
		}
		cx := float32(f.Rect.Min.X+f.Rect.Max.X)/2 - float32(f.Anchor.X)
		cy := float32(f.Rect.Min.Y+f.Rect.Max.Y)/2 - float32(f.Anchor.Y)
		k.shards = append(k.shards, shardArt{frame: f, dx: cx * float32(f.Scale), dy: cy * float32(f.Scale)})
	}
	k.ok = !k.idle[0].Rect.Empty()
	k.hue = frameHue(l.sheet, k.idle[0])
	return k
}

// frameHue is a frame's light: the mean colour of its pixels weighted by
// their brightness, brought to full brightness. Sheets kept off the GPU
// for tests have their pixels; uploaded ones keep theirs until then.
func frameHue(s *spriteSheet, f assets.Frame) ui.RGBA {
	if s.pixels == nil || f.Rect.Empty() {
		return ui.Rgb8(255, 230, 160, 1)
	}
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(s.pixels.At(x, y)).(color.NRGBA) }
	if img, ok := s.pixels.(*image.NRGBA); ok { // as PNGs with alpha decode
		at = img.NRGBAAt
	}
	var r, g, b float64
	for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
		for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
			c := at(x, y)
			w := float64(c.A) / 255 * float64(max(c.R, c.G, c.B)) / 255
			r, g, b = r+float64(c.R)*w, g+float64(c.G)*w, b+float64(c.B)*w
		}
	}
	top := math.Max(r, math.Max(g, b))
	if top == 0 {
		return ui.Rgb8(255, 230, 160, 1)
	}
	return ui.RGBA{R: float32(r / top), G: float32(g / top), B: float32(b / top), A: 1}
}

// ringOf is the ring frame to draw a ring of radius r (u) with, and its
// scale: the wide ring past wideRingFrom, so a boss's ring stays thin.
func (a *actorArt) ringOf(r float32) (assets.Frame, float32) {
	if r > wideRingFrom {
		return a.wideRing, r / fxWideRingRadius
	}
	return a.ring, r / fxRingRadius
}

// Ring sizes, u: the radii fx_ring and fx_ring_wide are drawn at, and
// the radius from which the wide one is used.
const (
	fxRingRadius     = 16
	fxWideRingRadius = 64
	wideRingFrom     = 40
)

// kind is the art of an enemy kind, and whether it has any.
func (a *actorArt) kind(k uint8) (*kindArt, bool) {
	if int(k) >= len(a.kinds) || !a.kinds[k].ok {
		return nil, false
	}
	return &a.kinds[k], true
}

// icon is an item's icon, or its kind's mark when it has none.
func (a *actorArt) icon(def int, kind game.ItemKind) assets.Frame {
	if def >= 0 && def < len(a.icons) && !a.icons[def].Rect.Empty() {
		return a.icons[def]
	}
	return a.mark(kind)
}

// mark is an item kind's mark.
func (a *actorArt) mark(kind game.ItemKind) assets.Frame {
	if int(kind) < len(a.marks) {
		return a.marks[kind]
	}
	return assets.Frame{}
}
