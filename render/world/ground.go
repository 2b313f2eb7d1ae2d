package world

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
	Content *game.Content
	Starts  []startMap

	key   groundKey
	Place assets.Place // as it looks at this depth
	depth int
	scale float32 // the ground's brightness at this depth
	Tiles *tileSet

	Light     LightMap
	shipLight float64 // u: the radius of the own ship's light (reach.go)
	motes     ambientMotion
	lamps     []lamp
	Glow      *spriteBatch // additive: lanterns and ambient motion
	Failed    bool         // a sheet did not load: flat colours instead
}

// startMap is a map a server starts players in: the hub or a practice
// map. The server names none of them to the client (each is the hub
// marker), so the window tells them apart by their size.
type startMap struct {
	Id   string
	W, H int
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
	gl := &groundLook{Content: pack.Content, shipLight: shipLightFor(enemyBulletFlight(pack.Content, readTicks))}
	gl.look, _ = assets.Shared() // embedded and tested: without it the ground is flat
	for _, id := range []string{"hub", "arena", "boss_hall"} {
		if m, err := pack.Map(id); err == nil { // a modded folder may lack one
			gl.Starts = append(gl.Starts, startMap{id, m.Grid.W, m.Grid.H})
		}
	}
	return gl
}

// PlaceID is the id of the place a runtime is in: its dungeon kind's, or
// the start map's its grid has the size of, or the hub's.
func (gl *groundLook) PlaceID(dungeon uint8, grid *game.Grid) string {
	if dungeon != game.HubDungeon {
		if gl.Content != nil && int(dungeon) < len(gl.Content.Dungeons) {
			return gl.Content.Dungeons[dungeon].ID
		}
		return "hub"
	}
	for _, m := range gl.Starts {
		if m.W == grid.W && m.H == grid.H {
			return m.Id
		}
	}
	return "hub"
}

// follow looks the place up again when the instance, kind or depth
// changed.
func (gl *groundLook) follow(v *View, grid *game.Grid) {
	inst, dungeon := v.Instance, v.Dungeon
	key := groundKey{inst, dungeon, v.Depth, grid.W, grid.H}
	if key == gl.key && (gl.Tiles != nil || gl.Failed) {
		return
	}
	gl.key = key
	if gl.look == nil {
		gl.Failed = true
		return
	}
	p, ok := gl.look.Place(gl.PlaceID(dungeon, grid))
	if !ok {
		p, _ = gl.look.Place("hub")
	}
	gl.depth = max(v.Depth, 1)
	gl.Place = gl.look.DepthPlace(p, gl.depth)
	gl.scale = float32(gl.look.GroundScale(gl.depth))
	ts, err := loadTileSet(p.Tiles)
	gl.Tiles, gl.Failed = ts, err != nil
	gl.motes.reset(gl.Place, gl.depth)
}

// Draw draws the ground on screen and the light on it; the screen was
// cleared black, which is what unknown ground stays.
func (gl *groundLook) Draw(dst *ebiten.Image, sb *ui.ShapeBatch, v *View) {
	if !gl.Build(dst, sb, v) || gl.Failed {
		return
	}
	gl.Tiles.Batch.Flush(dst)
	gl.Tiles.Shades.Flush(dst)
	if gl.Glow != nil {
		gl.Glow.Flush(dst)
	}
}

// Build lights the ground for this frame and gathers its quads: the tiles
// and the walls' shadows in their batches, the lanterns and motion in the additive one (at high
// quality), or flat colours in sb should the tile set be missing. It
// reports whether there is a map to draw.
func (gl *groundLook) Build(dst *ebiten.Image, sb *ui.ShapeBatch, v *View) bool {
	grid, fog := v.Grid, v.Fog
	if grid == nil {
		return false
	}
	gl.follow(v, grid)
	high := v.High
	cam := v.Cam
	tx0, ty0 := int(math.Floor(cam.X/game.TileSize))-1, int(math.Floor(cam.Y/game.TileSize))-1
	tx1, ty1 := int(math.Floor((cam.X+cam.W)/game.TileSize))+1, int(math.Floor((cam.Y+cam.H)/game.TileSize))+1
	gl.Light.Build(fog, grid, v.Eye, tx0, ty0, tx1, ty1, high)
	if high {
		gl.gatherLights(v, grid, fog)
	}
	gl.Light.Shine(high)
	if gl.Failed {
		gl.drawFlat(dst, sb, v, grid)
		return true
	}
	gl.drawTiles(dst, v, grid, high)
	if b := gl.glowBatch(); high && b != nil {
		gl.drawLamps(dst, v)
		gl.motes.step(v.Frame, cam)
		gl.motes.draw(dst, b, cam, &gl.Light)
	}
	return true
}

// TileFrame is the frame tile (tx, ty) is drawn with.
func (gl *groundLook) TileFrame(grid *game.Grid, tx, ty int) assets.Frame {
	ts, h := gl.Tiles, tileHash(tx, ty)
	switch grid.At(tx, ty) {
	case game.TileWall:
		return ts.walls[WallMask(grid, tx, ty)][h>>7&1]
	case game.TileDecor:
		return ts.decor[tx&1|(ty&1)<<1]
	case game.TileNPC:
		return ts.npc
	}
	if h%100 < assets.PlainShare || len(ts.Features) == 0 {
		return ts.Plains[int(h>>8)%len(ts.Plains)]
	}
	return ts.Features[int(h>>9)%len(ts.Features)]
}

// WallMask is a wall's open sides: the bits of the neighbours that are
// not walls (1 north, 2 east, 4 south, 8 west). Ground not streamed yet
// counts as wall, so no rim faces the unknown.
func WallMask(grid *game.Grid, tx, ty int) int {
	open := func(x, y int) int {
		if t := grid.At(x, y); t != game.TileWall && t != game.TileUnknown {
			return 1
		}
		return 0
	}
	return open(tx, ty-1)*OpenN | open(tx+1, ty)*OpenE | open(tx, ty+1)*OpenS | open(tx-1, ty)*OpenW
}

// A wall's open sides, the bits of its mask and of its frame's name.
const (
	OpenN = 1 << iota
	OpenE
	OpenS
	OpenW
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
func (gl *groundLook) drawTiles(dst *ebiten.Image, v *View, grid *game.Grid, high bool) {
	m, ts := &gl.Light, gl.Tiles
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.Tx0+x, m.Ty0+y
			if !m.Drawn[y*m.tw+x] || grid.At(tx, ty) == game.TileUnknown {
				continue
			}
			sx, sy := v.Cam.ToScreen(float64(tx*game.TileSize), float64(ty*game.TileSize))
			parts := 1
			if high && m.curved(x, y) {
				parts = NodesPerTile
			}
			gl.drawLit(dst, ts.Batch, gl.TileFrame(grid, tx, ty), sx, sy, x, y, parts)
			if grid.At(tx, ty) == game.TileWall {
				continue
			}
			if grid.At(tx, ty-1) == game.TileWall {
				gl.drawLit(dst, ts.Shades, ts.shadeN, sx, sy, x, y, parts)
			}
			if grid.At(tx-1, ty) == game.TileWall {
				gl.drawLit(dst, ts.Shades, ts.shadeW, sx, sy, x, y, parts)
			}
			if grid.At(tx+1, ty) == game.TileWall {
				gl.drawLit(dst, ts.Shades, ts.shadeE, sx, sy, x, y, parts)
			}
		}
	}
}

// drawLit draws a tile-sized frame at screen (sx, sy), box tile (x, y),
// in parts×parts quads of batch b whose corners take the light of the
// nodes there.
func (gl *groundLook) drawLit(dst *ebiten.Image, b *spriteBatch, f assets.Frame, sx, sy float32, x, y int, parts int) {
	step := NodesPerTile / parts
	span := float32(game.TileSize / parts)
	src := float32(f.Rect.Dx() / parts)
	for py := range parts {
		for px := range parts {
			i, j := x*NodesPerTile+px*step, y*NodesPerTile+py*step
			b.quad4(dst,
				float32(f.Rect.Min.X)+float32(px)*src, float32(f.Rect.Min.Y)+float32(py)*src, src,
				sx+float32(px)*span, sy+float32(py)*span, span,
				gl.tint(i, j), gl.tint(i+step, j), gl.tint(i, j+step), gl.tint(i+step, j+step))
		}
	}
}

// tint is the colour of light node (i, j) at this depth.
func (gl *groundLook) tint(i, j int) ui.RGBA {
	c := gl.Light.Node(i, j)
	return ui.RGBA{R: c[0] * gl.scale, G: c[1] * gl.scale, B: c[2] * gl.scale, A: 1}
}

// quad4 appends a square of the sheet, side src pixels from (sx, sy),
// drawn side span at screen (dx, dy), its corners tinted tl, tr, bl, br.
func (b *spriteBatch) quad4(dst *ebiten.Image, sx, sy, src, dx, dy, span float32, tl, tr, bl, br ui.RGBA) {
	if len(b.Vs)+4 > ui.MaxBatchVertices {
		b.Flush(dst)
	}
	v := func(x, y, u, w float32, c ui.RGBA) ebiten.Vertex {
		return ebiten.Vertex{DstX: x, DstY: y, SrcX: u, SrcY: w, ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A}
	}
	b.Vs = append(b.Vs,
		v(dx, dy, sx, sy, tl), v(dx+span, dy, sx+src, sy, tr),
		v(dx, dy+span, sx, sy+src, bl), v(dx+span, dy+span, sx+src, sy+src, br))
}

// drawFlat is the ground without its tile set: flat palette colours in
// the same light, should the sheet ever fail to load.
func (gl *groundLook) drawFlat(dst *ebiten.Image, sb *ui.ShapeBatch, v *View, grid *game.Grid) {
	m := &gl.Light
	p := gl.Place
	for y := range m.th {
		for x := range m.tw {
			tx, ty := m.Tx0+x, m.Ty0+y
			t := grid.At(tx, ty)
			if !m.Drawn[y*m.tw+x] || t == game.TileUnknown {
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
			i, j := x*NodesPerTile, y*NodesPerTile
			sx, sy := v.Cam.ToScreen(float64(tx*game.TileSize), float64(ty*game.TileSize))
			sb.Rect4(dst, sx, sy, game.TileSize, game.TileSize, at(i, j), at(i+NodesPerTile, j),
				at(i, j+NodesPerTile), at(i+NodesPerTile, j+NodesPerTile))
		}
	}
}

// tileSet is a place's tile set on the GPU, its frames found once.
type tileSet struct {
	Batch                  *spriteBatch // the tiles, opaque: copied, not blended
	Shades                 *spriteBatch // the walls' shadows, blended over them
	Plains, Features       []assets.Frame
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
	ts := &tileSet{Batch: newSpriteBatch(sheet, false), Shades: newSpriteBatch(sheet, false), npc: sheet.frame("npc"),
		shadeN: sheet.frame("shade_n"), shadeW: sheet.frame("shade_w"), shadeE: sheet.frame("shade_e")}
	// Tiles land on whole pixels one to one (the camera rounds its
	// corner), so the nearest texel is the exact one, and a quarter of
	// the linear filter's reads under a software renderer. Every tile is
	// opaque: copied over what is under it, the screen is never read
	// back to blend them, which a software renderer does pixel by pixel.
	ts.Batch.op.Filter, ts.Shades.op.Filter = ebiten.FilterNearest, ebiten.FilterNearest
	ts.Batch.op.Blend = ebiten.BlendCopy
	ts.Plains, ts.Features = numbered(sheet, "plain_"), numbered(sheet, "feature_")
	if len(ts.Plains) == 0 {
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
func numbered(sheet *SpriteSheet, prefix string) []assets.Frame {
	var fs []assets.Frame
	for v := 0; ; v++ {
		f, ok := sheet.Frames[prefix+strconv.Itoa(v)]
		if !ok {
			return fs
		}
		fs = append(fs, f)
	}
}
