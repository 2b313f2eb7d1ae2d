package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/assets"
	"duskfall/game"
	"duskfall/levels"
	"duskfall/render/ui"
)

// groundLook draws the ground of the place the player is in (docs/ART.md,
// "Places"): the place's tile set, each tile's variant picked by a hash of
// its position, walls autotiled by their open sides, lit by the light map
// through the fog; then its lanterns and the motion in its air. Deeper
// floors draw darker, their light redder.
type groundLook struct {
	look    *assets.Look
	content *game.Content
	starts  []startMap

	key   groundKey
	place assets.Place // as it looks at this depth
	depth int
	scale float32 // the ground's brightness at this depth
	tiles *tileSet

	light     lightMap
	shipLight float64 // u: the radius of the own ship's light (reach.go)
	motes     ambientMotion
	lamps     []lamp
	glow      *spriteBatch // additive: lanterns and ambient motion
	failed    bool         // a sheet did not load: flat colours instead
}

// startMap is a map a server starts players in: the hub or a practice
// map. The server names none of them to the client (each is the hub
// marker), so the window tells them apart by their size.
type startMap struct {
	id   string
	w, h int
}

// groundKey is what decides the look: a new instance, kind or depth
// looks again.
type groundKey struct {
	instance uint16
	dungeon  uint8
	depth    int
	w, h     int
}

// lamp is a lantern on a wall face in sight this frame.
type lamp struct {
	x, y    float32 // world
	flicker float32
	sight   float32
}

// newGroundLook looks up the ground of pack's places; its start maps
// are told apart by their size.
func newGroundLook(pack *levels.Pack) *groundLook {
	gl := &groundLook{content: pack.Content, shipLight: shipLightFor(enemyBulletFlight(pack.Content, readTicks))}
	gl.look, _ = assets.Shared() // embedded and tested: without it the ground is flat
	for _, id := range []string{"hub", "arena", "boss_hall"} {
		if m, err := pack.Map(id); err == nil { // a modded folder may lack one
			gl.starts = append(gl.starts, startMap{id, m.Grid.W, m.Grid.H})
		}
	}
	return gl
}

// placeID is the id of the place a runtime is in: its dungeon kind's, or
// the start map's its grid has the size of, or the hub's.
func (gl *groundLook) placeID(dungeon uint8, grid *game.Grid) string {
	if dungeon != game.HubDungeon {
		if gl.content != nil && int(dungeon) < len(gl.content.Dungeons) {
			return gl.content.Dungeons[dungeon].ID
		}
		return "hub"
	}
	for _, m := range gl.starts {
		if m.w == grid.W && m.h == grid.H {
			return m.id
		}
	}
	return "hub"
}

// follow looks the place up again when the instance, kind or depth
// changed.
func (gl *groundLook) follow(v *worldView, grid *game.Grid) {
	inst, dungeon := v.instance, v.dungeon
	key := groundKey{inst, dungeon, v.depth, grid.W, grid.H}
	if key == gl.key && (gl.tiles != nil || gl.failed) {
		return
	}
	gl.key = key
	if gl.look == nil {
		gl.failed = true
		return
	}
	p, ok := gl.look.Place(gl.placeID(dungeon, grid))
	if !ok {
		p, _ = gl.look.Place("hub")
	}
	gl.depth = max(v.depth, 1)
	gl.place = gl.look.DepthPlace(p, gl.depth)
	gl.scale = float32(gl.look.GroundScale(gl.depth))
	ts, err := loadTileSet(p.Tiles)
	gl.tiles, gl.failed = ts, err != nil
	gl.motes.reset(gl.place, gl.depth)
}

// draw draws the ground on screen and the light on it; the screen was
// cleared black, which is what unknown ground stays.
func (gl *groundLook) draw(dst *ebiten.Image, sb *ui.ShapeBatch, v *worldView) {
	if !gl.build(dst, sb, v) || gl.failed {
		return
	}
	gl.tiles.batch.flush(dst)
	gl.tiles.shades.flush(dst)
	if gl.glow != nil {
		gl.glow.flush(dst)
	}
}

// build lights the ground for this frame and gathers its quads: the tiles
// and the walls' shadows in their batches, the lanterns and motion in the additive one (at high
// quality), or flat colours in sb should the tile set be missing. It
// reports whether there is a map to draw.
func (gl *groundLook) build(dst *ebiten.Image, sb *ui.ShapeBatch, v *worldView) bool {
	grid, fog := v.grid, v.fog
	if grid == nil {
		return false
	}
	gl.follow(v, grid)
	high := v.high
	cam := v.cam
	tx0, ty0 := int(math.Floor(cam.X/game.TileSize))-1, int(math.Floor(cam.Y/game.TileSize))-1
	tx1, ty1 := int(math.Floor((cam.X+cam.W)/game.TileSize))+1, int(math.Floor((cam.Y+cam.H)/game.TileSize))+1
	gl.light.build(fog, grid, v.eye, tx0, ty0, tx1, ty1, high)
	if high {
		gl.gatherLights(v, grid, fog)
	}
	gl.light.shine(high)
	if gl.failed {
		gl.drawFlat(dst, sb, v, grid)
		return true
	}
	gl.drawTiles(dst, v, grid, high)
	if b := gl.glowBatch(); high && b != nil {
		gl.drawLamps(dst, v)
		gl.motes.step(v.frame, cam)
		gl.motes.draw(dst, b, cam, &gl.light)
	}
	return true
}

// tileFrame is the frame tile (tx, ty) is drawn with.
func (gl *groundLook) tileFrame(grid *game.Grid, tx, ty int) assets.Frame {
	ts, h := gl.tiles, tileHash(tx, ty)
	switch grid.At(tx, ty) {
	case game.TileWall:
		return ts.walls[wallMask(grid, tx, ty)][h>>7&1]
	case game.TileDecor:
		return ts.decor[tx&1|(ty&1)<<1]
	case game.TileNPC:
		return ts.npc
	}
	if h%100 < assets.PlainShare || len(ts.features) == 0 {
		return ts.plains[int(h>>8)%len(ts.plains)]
	}
	return ts.features[int(h>>9)%len(ts.features)]
}

// wallMask is a wall's open sides: the bits of the neighbours that are
// not walls (1 north, 2 east, 4 south, 8 west). Ground not streamed yet
// counts as wall, so no rim faces the unknown.
func wallMask(grid *game.Grid, tx, ty int) int {
	open := func(x, y int) int {
		if t := grid.At(x, y); t != game.TileWall && t != game.TileUnknown {
			return 1
		}
		return 0
	}
	return open(tx, ty-1)*openN | open(tx+1, ty)*openE | open(tx, ty+1)*openS | open(tx-1, ty)*openW
}

// A wall's open sides, the bits of its mask and of its frame's name.
const (
	openN = 1 << iota
	openE
	openS
	openW
)

// tileHash scatters tile positions, so variants fall without a pattern.
func tileHash(tx, ty int) uint32 {
	h := uint32(tx)*0x8da6b343 ^ uint32(ty)*0xd8163841
	h ^= h >> 13
	h *= 0x5bd1e995
	return h ^ h>>15
}

// drawTiles lays every drawn tile of the box, each in quads between the
// light nodes, and the shadows walls cast on the floor beside them. At
// high quality a tile whose light bends within it (the edge of sight, a
// light's rim) is drawn in its four quarters; elsewhere, and at low
// quality, one quad between its corners is the same light for a quarter
// of the vertices.
func (gl *groundLook) drawTiles(dst *ebiten.Image, v *worldView, grid *game.Grid, high bool) {
	m, ts := &gl.light, gl.tiles
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.tx0+x, m.ty0+y
			if !m.drawn[y*m.tw+x] || grid.At(tx, ty) == game.TileUnknown {
				continue
			}
			sx, sy := v.cam.toScreen(float64(tx*game.TileSize), float64(ty*game.TileSize))
			parts := 1
			if high && m.curved(x, y) {
				parts = nodesPerTile
			}
			gl.drawLit(dst, ts.batch, gl.tileFrame(grid, tx, ty), sx, sy, x, y, parts)
			if grid.At(tx, ty) == game.TileWall {
				continue
			}
			if grid.At(tx, ty-1) == game.TileWall {
				gl.drawLit(dst, ts.shades, ts.shadeN, sx, sy, x, y, parts)
			}
			if grid.At(tx-1, ty) == game.TileWall {
				gl.drawLit(dst, ts.shades, ts.shadeW, sx, sy, x, y, parts)
			}
			if grid.At(tx+1, ty) == game.TileWall {
				gl.drawLit(dst, ts.shades, ts.shadeE, sx, sy, x, y, parts)
			}
		}
	}
}

// drawLit draws a tile-sized frame at screen (sx, sy), box tile (x, y),
// in parts×parts quads of batch b whose corners take the light of the
// nodes there.
func (gl *groundLook) drawLit(dst *ebiten.Image, b *spriteBatch, f assets.Frame, sx, sy float32, x, y int, parts int) {
	step := nodesPerTile / parts
	span := float32(game.TileSize / parts)
	src := float32(f.Rect.Dx() / parts)
	for py := range parts {
		for px := range parts {
			i, j := x*nodesPerTile+px*step, y*nodesPerTile+py*step
			b.quad4(dst,
				float32(f.Rect.Min.X)+float32(px)*src, float32(f.Rect.Min.Y)+float32(py)*src, src,
				sx+float32(px)*span, sy+float32(py)*span, span,
				gl.tint(i, j), gl.tint(i+step, j), gl.tint(i, j+step), gl.tint(i+step, j+step))
		}
	}
}

// tint is the colour of light node (i, j) at this depth.
func (gl *groundLook) tint(i, j int) ui.RGBA {
	c := gl.light.node(i, j)
	return ui.RGBA{R: c[0] * gl.scale, G: c[1] * gl.scale, B: c[2] * gl.scale, A: 1}
}

// quad4 appends a square of the sheet, side src pixels from (sx, sy),
// drawn side span at screen (dx, dy), its corners tinted tl, tr, bl, br.
func (b *spriteBatch) quad4(dst *ebiten.Image, sx, sy, src, dx, dy, span float32, tl, tr, bl, br ui.RGBA) {
	if len(b.vs)+4 > ui.MaxBatchVertices {
		b.flush(dst)
	}
	v := func(x, y, u, w float32, c ui.RGBA) ebiten.Vertex {
		return ebiten.Vertex{DstX: x, DstY: y, SrcX: u, SrcY: w, ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A}
	}
	b.vs = append(b.vs,
		v(dx, dy, sx, sy, tl), v(dx+span, dy, sx+src, sy, tr),
		v(dx, dy+span, sx, sy+src, bl), v(dx+span, dy+span, sx+src, sy+src, br))
}

// drawFlat is the ground without its tile set: flat palette colours in
// the same light, should the sheet ever fail to load.
func (gl *groundLook) drawFlat(dst *ebiten.Image, sb *ui.ShapeBatch, v *worldView, grid *game.Grid) {
	m := &gl.light
	p := gl.place
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.tx0+x, m.ty0+y
			t := grid.At(tx, ty)
			if !m.drawn[y*m.tw+x] || t == game.TileUnknown {
				continue
			}
			c := p.Floor[(tx+ty)&1]
			if t == game.TileWall {
				c = p.WallTop
			}
			base := ui.Rgb8(c[0], c[1], c[2], 1)
			at := func(i, j int) ui.RGBA {
				n := gl.tint(i, j)
				return ui.RGBA{R: base.R * n.R, G: base.G * n.G, B: base.B * n.B, A: 1}
			}
			i, j := x*nodesPerTile, y*nodesPerTile
			sx, sy := v.cam.toScreen(float64(tx*game.TileSize), float64(ty*game.TileSize))
			sb.Rect4(dst, sx, sy, game.TileSize, game.TileSize, at(i, j), at(i+nodesPerTile, j),
				at(i, j+nodesPerTile), at(i+nodesPerTile, j+nodesPerTile))
		}
	}
}

// tileSet is a place's tile set on the GPU, its frames found once.
type tileSet struct {
	batch                  *spriteBatch // the tiles, opaque: copied, not blended
	shades                 *spriteBatch // the walls' shadows, blended over them
	plains, features       []assets.Frame
	decor                  [4]assets.Frame
	npc                    assets.Frame
	walls                  [16][2]assets.Frame
	shadeN, shadeW, shadeE assets.Frame
}

// tileSets are the tile sets loaded so far, by name: each is uploaded
// once per run.
var tileSets = map[string]*tileSet{}

func loadTileSet(name string) (*tileSet, error) {
	if ts, ok := tileSets[name]; ok {
		return ts, nil
	}
	sheet, err := loadSheet("tiles", name)
	if err != nil {
		return nil, err
	}
	ts := &tileSet{batch: newSpriteBatch(sheet, false), shades: newSpriteBatch(sheet, false), npc: sheet.frame("npc"),
		shadeN: sheet.frame("shade_n"), shadeW: sheet.frame("shade_w"), shadeE: sheet.frame("shade_e")}
	// Tiles land on whole pixels one to one (the camera rounds its
	// corner), so the nearest texel is the exact one, and a quarter of
	// the linear filter's reads under a software renderer. Every tile is
	// opaque: copied over what is under it, the screen is never read
	// back to blend them, which a software renderer does pixel by pixel.
	ts.batch.op.Filter, ts.shades.op.Filter = ebiten.FilterNearest, ebiten.FilterNearest
	ts.batch.op.Blend = ebiten.BlendCopy
	ts.plains, ts.features = numbered(sheet, "plain_"), numbered(sheet, "feature_")
	if len(ts.plains) == 0 {
		return nil, fmt.Errorf("tiles/%s has no plain_0", name)
	}
	for v := range ts.decor {
		ts.decor[v] = sheet.frame(fmt.Sprintf("decor_%d", v))
	}
	for m := range ts.walls {
		for v := range ts.walls[m] {
			ts.walls[m][v] = sheet.frame(fmt.Sprintf("wall_%d_%d", m, v))
		}
	}
	tileSets[name] = ts
	return ts, nil
}

// numbered are the frames prefix0, prefix1, … up to the first missing.
func numbered(sheet *spriteSheet, prefix string) []assets.Frame {
	var fs []assets.Frame
	for v := 0; ; v++ {
		f, ok := sheet.frames[prefix+strconv.Itoa(v)]
		if !ok {
			return fs
		}
		fs = append(fs, f)
	}
}
