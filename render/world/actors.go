package world

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

// ArtLayer is one sheet and its three batches.
type ArtLayer struct {
	sheet             *SpriteSheet
	Glow, Body, Light *spriteBatch
}

func newArtLayer(s *SpriteSheet) *ArtLayer {
	return &ArtLayer{sheet: s, Glow: newSpriteBatch(s, true), Body: newSpriteBatch(s, false), Light: newSpriteBatch(s, true)}
}

func (l *ArtLayer) frame(name string) assets.Frame { return l.sheet.frame(name) }

// flush draws the layer's batches in order.
func (l *ArtLayer) flush(dst *ebiten.Image) {
	l.Glow.Flush(dst)
	l.Body.Flush(dst)
	l.Light.Flush(dst)
}

// Reset empties the batches without drawing them (benchmarks).
func (l *ArtLayer) Reset() {
	for _, b := range [...]*spriteBatch{l.Glow, l.Body, l.Light} {
		b.Vs = b.Vs[:0]
	}
}

// kindArt is one enemy kind's frames, found once by name.
type kindArt struct {
	Layer         *ArtLayer
	Idle          [assets.IdleFrames]assets.Frame
	Charge, Glow  assets.Frame
	Flash, part   assets.Frame
	Shards        []shardArt
	Hue           ui.RGBA // its light, for the sparks of its death
	Radius        float32 // u, its content radius
	faces         bool    // turned toward where it moves
	Boss, ok      bool
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
	Body, Glow, Flash assets.Frame
}

// ActorArt is every actor's art, loaded once.
type ActorArt struct {
	portals, Loot, Enemies, Bosses, Ships, Fx *ArtLayer

	kinds []kindArt       // by enemy kind
	Ship  []shipArt       // by assets.ShipDesigns
	icons []assets.Frame  // by item def
	marks [5]assets.Frame // by item kind: its mark

	// Frames used every draw, found once.
	Keeper, KeeperGlow                  assets.Frame
	Plate, PlateGlow, Mine              assets.Frame
	PortalFrame, PortalExit, PortalDown assets.Frame
	PortalSwirl, PortalGlow             assets.Frame
	Spark, Ring, WideRing, Dot          assets.Frame
}

// Layers are the art's layers in the order they are drawn.
func (a *ActorArt) Layers() [6]*ArtLayer {
	return [...]*ArtLayer{a.portals, a.Loot, a.Enemies, a.Bosses, a.Ships, a.Fx}
}

// Flush draws every layer, ground up.
func (a *ActorArt) Flush(dst *ebiten.Image) {
	for _, l := range a.Layers() {
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
	art *ActorArt
	err error
}

// ArtFor is the actors' art for content c, loaded once.
func ArtFor(c *game.Content) (*ActorArt, error) {
	artCache.Lock()
	defer artCache.Unlock()
	if got, ok := artCache.art[c]; ok {
		return got.art, got.err
	}
	a, err := LoadActorArt(c, loadSheet)
	if artCache.art == nil {
		artCache.art = map[*game.Content]loadedArt{}
	}
	artCache.art[c] = loadedArt{a, err}
	return a, err
}

// LoadActorArt loads the actors' sheets with load and finds every
// frame the content needs. Tests pass a loader that keeps the sheets off
// the GPU.
func LoadActorArt(c *game.Content, load func(dir, name string) (*SpriteSheet, error)) (*ActorArt, error) {
	a := &ActorArt{}
	for _, l := range []struct {
		to   **ArtLayer
		name string
	}{
		{&a.portals, assets.PortalsSheet}, {&a.Loot, assets.LootSheet}, {&a.Enemies, assets.EnemiesSheet},
		{&a.Bosses, assets.BossesSheet}, {&a.Ships, assets.ShipsSheet}, {&a.Fx, assets.FXSheet},
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
		a.Ship = append(a.Ship, shipArt{a.Ships.frame(id), a.Ships.frame(assets.Glow(id)), a.Ships.frame(assets.Flash(id))})
	}
	for _, it := range c.Items {
		a.icons = append(a.icons, a.Loot.frame(assets.Icon(it.ID)))
	}
	for k := range a.marks {
		a.marks[k] = a.Loot.frame(assets.KindIcon(game.ItemKind(k).String()))
	}
	a.Keeper, a.KeeperGlow = a.Ships.frame("keeper"), a.Ships.frame(assets.Glow("keeper"))
	a.Plate, a.PlateGlow, a.Mine = a.Loot.frame("loot_plate"), a.Loot.frame("loot_glow"), a.Loot.frame("loot_mine")
	a.PortalFrame, a.PortalExit, a.PortalDown = a.portals.frame("portal_frame"), a.portals.frame("portal_exit_frame"), a.portals.frame("portal_down_frame")
	a.PortalSwirl, a.PortalGlow = a.portals.frame("portal_swirl"), a.portals.frame("portal_glow")
	a.Spark, a.Ring, a.WideRing, a.Dot = a.Fx.frame("fx_spark"), a.Fx.frame("fx_ring"), a.Fx.frame("fx_ring_wide"), a.Fx.frame("fx_dot")
	for _, l := range a.Layers() {
		l.sheet.Pixels = nil // the hues are read: the GPU has the pixels
	}
	return a, nil
}

// kindArtOf finds an enemy kind's frames on its sheet.
func (a *ActorArt) kindArtOf(e game.EnemyDef) kindArt {
	l := a.Enemies
	if e.Boss {
		l = a.Bosses
	}
	k := kindArt{Layer: l, Radius: float32(e.Radius), faces: assets.FacesItsWay(e.ID), Boss: e.Boss, telegraphTick: max(e.Telegraph, 1)}
	for i := range k.Idle {
		k.Idle[i] = l.frame(assets.Idle(e.ID, i))
	}
	k.Charge, k.Glow = l.frame(assets.Charge(e.ID)), l.frame(assets.Glow(e.ID))
	k.Flash, k.part = l.frame(assets.Flash(e.ID)), l.frame(assets.Part(e.ID))
	for i := 0; ; i++ {
		f, ok := l.sheet.Frames[assets.Shard(e.ID, i)]
		if !ok {
			break
		}
		cx := float32(f.Rect.Min.X+f.Rect.Max.X)/2 - float32(f.Anchor.X)
		cy := float32(f.Rect.Min.Y+f.Rect.Max.Y)/2 - float32(f.Anchor.Y)
		k.Shards = append(k.Shards, shardArt{frame: f, dx: cx * float32(f.Scale), dy: cy * float32(f.Scale)})
	}
	k.ok = !k.Idle[0].Rect.Empty()
	k.Hue = frameHue(l.sheet, k.Idle[0])
	return k
}

// frameHue is a frame's light: the mean colour of its pixels weighted by
// their brightness, brought to full brightness. Sheets kept off the GPU
// for tests have their pixels; uploaded ones keep theirs until then.
func frameHue(s *SpriteSheet, f assets.Frame) ui.RGBA {
	if s.Pixels == nil || f.Rect.Empty() {
		return ui.Rgb8(255, 230, 160, 1)
	}
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(s.Pixels.At(x, y)).(color.NRGBA) }
	if img, ok := s.Pixels.(*image.NRGBA); ok { // as PNGs with alpha decode
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
func (a *ActorArt) ringOf(r float32) (assets.Frame, float32) {
	if r > wideRingFrom {
		return a.WideRing, r / fxWideRingRadius
	}
	return a.Ring, r / fxRingRadius
}

// Ring sizes, u: the radii fx_ring and fx_ring_wide are drawn at, and
// the radius from which the wide one is used.
const (
	fxRingRadius     = 16
	fxWideRingRadius = 64
	wideRingFrom     = 40
)

// Kind is the art of an enemy kind, and whether it has any.
func (a *ActorArt) Kind(k uint8) (*kindArt, bool) {
	if int(k) >= len(a.kinds) || !a.kinds[k].ok {
		return nil, false
	}
	return &a.kinds[k], true
}

// Icon is an item's icon, or its kind's mark when it has none.
func (a *ActorArt) Icon(def int, kind game.ItemKind) assets.Frame {
	if def >= 0 && def < len(a.icons) && !a.icons[def].Rect.Empty() {
		return a.icons[def]
	}
	return a.Mark(kind)
}

// Mark is an item kind's mark.
func (a *ActorArt) Mark(kind game.ItemKind) assets.Frame {
	if int(kind) < len(a.marks) {
		return a.marks[kind]
	}
	return assets.Frame{}
}
