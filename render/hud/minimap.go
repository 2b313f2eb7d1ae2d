package hud

import (
	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// The minimap sits in the top-right corner, under the ping line: one pixel
// per tile in an image scaled to fit minimapBoxW × minimapBoxH.
const (
	MinimapBoxW     = 200 // px
	MinimapBoxH     = 150 // px
	minimapMaxScale = 4   // px per tile: a small map is not blown up further
	minimapMargin   = 12  // px from the screen's right edge
	MinimapTop      = 30  // px from the screen's top
	MinimapPad      = 4   // px of panel around the map
	minimapEvery    = 6   // frames between repaints at most: 10 Hz
)

// Minimap colours, as RGBA bytes for the pixel buffer.
var (
	mapFloor = [4]byte{58, 62, 86, 255}
	mapDecor = [4]byte{66, 70, 96, 255}
	mapWall  = [4]byte{150, 138, 190, 255}
)

// minimap shows the explored tiles of the map. Its image and pixel buffer
// are made once per map size and reused; the pixels are rewritten only
// when the fog explored something new, and at most every minimapEvery
// frames, so walking costs a repaint ten times a second, standing nothing.
type minimap struct {
	img     *ebiten.Image
	pix     []byte
	w, h    int    // the map in tiles, as the image holds it
	rev     uint32 // the fog revision the pixels show
	painted bool
	next    int // the first frame a repaint may happen
	op      ebiten.DrawImageOptions
}

// refresh brings the pixels up to date with the fog at a low rate and
// reports whether there is a map to show.
func (m *minimap) refresh(grid *game.Grid, fog *client.Fog, frame int) bool {
	w, h := fog.Size()
	if grid == nil || w == 0 || h == 0 || grid.W != w || grid.H != h {
		return false
	}
	if w != m.w || h != m.h {
		m.resize(w, h)
	}
	if m.painted && (fog.Revision() == m.rev || frame < m.next) {
		return true
	}
	paintMinimap(m.pix, grid, fog)
	m.img.WritePixels(m.pix)
	m.rev, m.painted, m.next = fog.Revision(), true, frame+minimapEvery
	return true
}

// resize makes the image for a map of a new size: on entering an
// instance, never per frame.
func (m *minimap) resize(w, h int) {
	if m.img != nil {
		m.img.Deallocate()
	}
	m.img = ebiten.NewImage(w, h)
	if cap(m.pix) < 4*w*h {
		m.pix = make([]byte, 4*w*h)
	}
	m.pix = m.pix[:4*w*h]
	m.w, m.h, m.painted = w, h, false
}

// paintMinimap writes one RGBA pixel per tile: explored ground by kind,
// everything else transparent, so the panel behind shows through.
func paintMinimap(pix []byte, grid *game.Grid, fog *client.Fog) {
	for ty := range grid.H {
		for tx := range grid.W {
			c := [4]byte{}
			if fog.Explored(tx, ty) {
				c = tileColour(grid.At(tx, ty))
			}
			i := 4 * (ty*grid.W + tx)
			copy(pix[i:i+4], c[:])
		}
	}
}

func tileColour(t uint8) [4]byte {
	switch t {
	case game.TileWall:
		return mapWall
	case game.TileDecor, game.TileNPC:
		return mapDecor
	case game.TileFloor:
		return mapFloor
	}
	return [4]byte{}
}

// minimapLayout is where the minimap goes on a screen: its top-left
// corner, its size and its pixels per tile.
type minimapLayout struct {
	x, y, w, h, scale float32
}

// layoutMinimap fits a w×h-tile map into the box at the top right of a
// screenW×screenH screen at UI scale k, keeping its proportions.
func layoutMinimap(screenW, screenH int, k float64, w, h int) minimapLayout {
	boxW := MinimapBoxWidth(screenW, screenH, k)
	boxH := boxW * MinimapBoxH / MinimapBoxW
	scale := min(boxW/float32(w), boxH/float32(h), minimapMaxScale*float32(k))
	mw, mh := scale*float32(w), scale*float32(h)
	return minimapLayout{x: float32(screenW) - ui.Pxf(minimapMargin, k) - MinimapPad - mw, y: ui.Pxf(MinimapTop, k) + MinimapPad,
		w: mw, h: mh, scale: scale}
}

// MinimapBoxWidth is the minimap's box on a screenW×screenH screen at UI
// scale k: the box at 1280×720 scaled as the window is (by the lesser of
// its width over 1280 and its height over 720), so it covers the same
// share of any window's field, and at most the UI scale's.
func MinimapBoxWidth(screenW, screenH int, k float64) float32 {
	fit := min(float32(screenW)/ui.WindowWidth, float32(screenH)/ui.WindowHeight)
	return float32(MinimapBoxW) * min(float32(k), fit)
}

// MinimapLeftRoom is how far from the screen's right edge the minimap's
// panel reaches at its widest: what the top's middle keeps clear of.
func MinimapLeftRoom(screenW, screenH int, k float64) int {
	return ui.Px(minimapMargin, k) + int(MinimapBoxWidth(screenW, screenH, k)) + 2*MinimapPad + 1
}

// at maps a world point to the screen.
func (l minimapLayout) at(p game.Vec) (float32, float32) {
	k := l.scale / game.TileSize
	return l.x + float32(p.X)*k, l.y + float32(p.Y)*k
}

// bottom is the first screen row under the minimap's panel.
func (l minimapLayout) bottom() float32 { return l.y + l.h + MinimapPad }

// KeeperMark is where the minimap marks the upgrade keeper, and whether
// an upgrade is owed (its mark rings then).
type KeeperMark struct {
	At          game.Vec
	Found, Owed bool
}

// draw draws the panel, the map and its markers in a w×h window, from the
// frame's view of the world: portals (a dungeon's on explored ground, the
// hub's all), the upgrade keeper, other ships in sight and the own ship.
// It reports the layout it used, or false when there is no map yet.
func (m *minimap) draw(dst *ebiten.Image, g *world.Graphics, v *world.View, keeper KeeperMark, w, h int) (minimapLayout, bool) {
	if !m.refresh(v.Grid, v.Fog, v.Frame) {
		return minimapLayout{}, false
	}
	l := layoutMinimap(w, h, ui.Scale(w, h), m.w, m.h)
	g.Boxes.Add("minimap", ui.RectF(l.x-MinimapPad, l.y-MinimapPad, l.w+2*MinimapPad, l.h+2*MinimapPad))
	g.Shapes.Rect(dst, l.x-MinimapPad, l.y-MinimapPad, l.w+2*MinimapPad, l.h+2*MinimapPad, colPanel)
	g.Shapes.Flush(dst)
	m.op.GeoM.Reset()
	m.op.GeoM.Scale(float64(l.scale), float64(l.scale))
	m.op.GeoM.Translate(float64(l.x), float64(l.y))
	dst.DrawImage(m.img, &m.op)
	m.drawMarkers(dst, g.Shapes, v, keeper, l)
	g.Shapes.Flush(dst)
	return l, true
}

func (m *minimap) drawMarkers(dst *ebiten.Image, sb *ui.ShapeBatch, v *world.View, keeper KeeperMark, l minimapLayout) {
	fog := v.Fog
	for _, p := range v.Portals {
		// A dungeon's portals are marked once found; the hub's from the
		// start: it is known ground, and every way out is to be found at
		// a glance.
		tx, ty := p.Tile()
		if fog.Explored(tx, ty) || v.Dungeon == game.HubDungeon {
			x, y := l.at(game.TileCenter(tx, ty))
			sb.Circle(dst, x, y, 4, world.ColPortal)
		}
	}
	// The keeper is marked before its corner is explored, and rings while
	// an upgrade is owed: a new player is told where to go.
	if keeper.Found {
		x, y := l.at(keeper.At)
		if keeper.Owed {
			k := float32(v.Frame%60) / 60
			sb.Ring(dst, x, y, 4+6*k, 5.5+6*k, func(int) ui.RGBA { return colNPC.Alpha(1 - k) })
		}
		sb.Circle(dst, x, y, 4, ui.Rgb8(0, 0, 0, 0.8))
		sb.Circle(dst, x, y, 3, colNPC)
	}
	for _, p := range v.Players {
		if fog.CanSee(p.Pos) {
			x, y := l.at(p.Pos)
			sb.Circle(dst, x, y, 2.5, world.ColFriend)
		}
	}
	if v.HasSelf {
		x, y := l.at(v.Self.Pos)
		sb.Circle(dst, x, y, 4, ui.Rgb8(0, 0, 0, 0.8))
		sb.Circle(dst, x, y, 3, world.ColSelf)
	}
}
