package world

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
)

// MaxQuadsPerCall is how many bullet quads one DrawTriangles call can
// index with uint16 indices.
const MaxQuadsPerCall = ui.MaxBatchVertices / 4

// QuadIndices indexes maxQuadsPerCall quads, quad q using vertices 4q to
// 4q+3. Every call indexes its own vertices from zero, so each uses a
// prefix of this one table and no indices are built per frame.
var QuadIndices = buildQuadIndices(MaxQuadsPerCall)

func buildQuadIndices(quads int) []uint16 {
	is := make([]uint16, 0, quads*6)
	for q := range quads {
		b := uint16(q * 4)
		is = append(is, b, b+1, b+2, b+1, b+3, b+2)
	}
	return is
}

// appendBulletVertices appends one textured quad per bullet on screen: the
// players' bullets first, so the enemies' are drawn over them and a threat
// is never hidden. The quad is the look's sprite, glow included, scaled by
// the bullet's radius. It reads the columns and allocates nothing once vs
// has grown to the peak bullet count. With a fog, only bullets on tiles in
// sight are drawn; a nil fog draws every bullet on screen.
func appendBulletVertices(vs []ebiten.Vertex, b BulletColumns, cam Camera, looks *[numLooks]look, fog *client.Fog) []ebiten.Vertex {
	vs = appendTeamVertices(vs, b, cam, looks, fog, true)
	return appendTeamVertices(vs, b, cam, looks, fog, false)
}

func appendTeamVertices(vs []ebiten.Vertex, b BulletColumns, cam Camera, looks *[numLooks]look, fog *client.Fog, players bool) []ebiten.Vertex {
	n := b.Len()
	xs, ys, rs := b.X[:n], b.Y[:n], b.Radius[:n]
	vxs, vys := b.VX[:n], b.VY[:n]
	kinds, teams := b.Kind[:n], b.Team[:n]
	ox, oy := float32(cam.X), float32(cam.Y)
	w, h := float32(cam.W), float32(cam.H)
	for i := range n {
		if (teams[i] == game.TeamPlayer) != players {
			continue
		}
		lk := &looks[lookIndex(teams[i], kinds[i])]
		half := rs[i] * lk.Half
		reach, speed := half, float32(0)
		if lk.Streak {
			speed = float32(math.Sqrt(float64(vxs[i]*vxs[i] + vys[i]*vys[i])))
			reach = half * streakTail * streakStretch(speed)
		}
		x, y := xs[i]-ox, ys[i]-oy
		if x+reach < 0 || y+reach < 0 || x-reach > w || y-reach > h {
			continue
		}
		if fog != nil && !BulletInSight(fog, xs[i], ys[i]) {
			continue
		}
		if lk.Streak {
			vs = appendStreak(vs, x, y, vxs[i], vys[i], speed, half, lk)
			continue
		}
		vs = appendQuad(vs, x, y, half, lk, 1)
	}
	return vs
}

// streakRefSpeed is the shot speed, in u per tick, at which a streak is
// drawn at its sprite's own proportions: the baseline character's shot.
const streakRefSpeed = 12

// streakStretch is how far a streak is drawn stretched along its flight at
// speed (u per tick): faster shots leave longer tails, within limits that
// keep the head legible.
func streakStretch(speed float32) float32 {
	return min(max(speed/streakRefSpeed, 0.5), 1.5)
}

// appendStreak appends a player's shot as a quad along its velocity (vx,
// vy, of length speed): the head's centre at screen point (x, y), the
// front half ahead of it and the tail streakTail fronts behind, stretched
// by the shot's speed.
func appendStreak(vs []ebiten.Vertex, x, y, vx, vy, speed, half float32, lk *look) []ebiten.Vertex {
	k := streakStretch(speed)
	dx, dy := float32(1), float32(0)
	if speed > 0 {
		dx, dy = vx/speed, vy/speed
	}
	front, back := half*k, half*k*streakTail
	nx, ny := -dy*half, dx*half // across, to the sprite's +across side
	tx, ty := x-dx*back, y-dy*back
	fx, fy := x+dx*front, y+dy*front
	sx0, sy0 := lk.SX, lk.SY
	sx1, sy1 := sx0+SpriteSize, sy0+SpriteSize
	return append(vs,
		ebiten.Vertex{DstX: tx - nx, DstY: ty - ny, SrcX: sx0, SrcY: sy0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		ebiten.Vertex{DstX: fx - nx, DstY: fy - ny, SrcX: sx1, SrcY: sy0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		ebiten.Vertex{DstX: tx + nx, DstY: ty + ny, SrcX: sx0, SrcY: sy1, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		ebiten.Vertex{DstX: fx + nx, DstY: fy + ny, SrcX: sx1, SrcY: sy1, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
	)
}

// appendQuad appends the look's sprite as a quad of half-size half around
// screen point (x, y), scaled by alpha (premultiplied: a faint sprite).
func appendQuad(vs []ebiten.Vertex, x, y, half float32, lk *look, alpha float32) []ebiten.Vertex {
	x0, y0, x1, y1 := x-half, y-half, x+half, y+half
	sx0, sy0 := lk.SX+lk.Inset, lk.SY+lk.Inset
	sx1, sy1 := lk.SX+SpriteSize-lk.Inset, lk.SY+SpriteSize-lk.Inset
	a := alpha
	return append(vs,
		ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: a, ColorG: a, ColorB: a, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: a, ColorG: a, ColorB: a, ColorA: a},
		ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: a, ColorG: a, ColorB: a, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: a, ColorG: a, ColorB: a, ColorA: a},
	)
}

// BulletLayer draws a bullet pool in batches from one atlas, drawn in the
// chosen bullet palette: it follows the settings, rebuilding the atlas
// when the palette or the Graphics quality changes.
type BulletLayer struct {
	Atlas   *ebiten.Image
	looks   *[numLooks]look
	style   AtlasStyle
	palette string // the palette id the atlas is drawn in
	glow    bool   // whether the atlas has glows
	vs      []ebiten.Vertex
	sample  []ebiten.Vertex // the palette's sample in Settings
	op      ebiten.DrawTrianglesOptions
	calls   int // DrawTriangles calls in the last draw, for the net graph
}

func NewBulletLayer(palette string, glow bool) *BulletLayer {
	l := &BulletLayer{vs: make([]ebiten.Vertex, 0, 4*4096)}
	l.op.Filter = ebiten.FilterLinear
	l.Follow(palette, glow)
	return l
}

// Follow redraws the atlas when the palette or the glows changed, so a
// change in Settings shows on the next frame.
func (l *BulletLayer) Follow(palette string, glow bool) {
	if l.Atlas != nil && palette == l.palette && glow == l.glow {
		return
	}
	if l.Atlas != nil {
		l.Atlas.Deallocate()
	}
	l.palette, l.glow = palette, glow
	l.style = PaletteStyle(palette, glow)
	l.Atlas = ebiten.NewImageFromImage(atlasPixels(l.style))
	l.looks = bulletLooks(glow)
}

// DrawSample draws a row of the palette's bullets at (x, y), its left
// end and middle: a hostile bullet of every kind, then a player's shot
// flying right, so Settings shows what the chosen palette looks like.
func (l *BulletLayer) DrawSample(dst *ebiten.Image, x, y float32) {
	const radius, pitch = 5, 17
	l.sample = l.sample[:0]
	for k := range KindsPerTeam {
		lk := &l.looks[lookIndex(game.TeamEnemy, uint8(k))]
		l.sample = appendQuad(l.sample, x+radius*2+float32(k)*pitch, y, radius*lk.Half, lk, 1)
	}
	lk := &l.looks[lookIndex(game.TeamPlayer, 0)]
	head := x + radius*2 + KindsPerTeam*pitch + radius*glowScale*streakTail
	l.sample = appendStreak(l.sample, head, y, streakRefSpeed, 0, streakRefSpeed, radius*lk.Half, lk)
	dst.DrawTriangles(l.sample, QuadIndices[:len(l.sample)/4*6], l.Atlas, &l.op)
}

// FriendlyColours are the friendly shots' hue and their white-hot head in
// the palette drawn, for the flashes of shots leaving and striking.
func (l *BulletLayer) FriendlyColours() (hue, hot ui.RGBA) {
	f, h := l.style.Friendly, l.style.Hot
	return ui.Rgb8(f.R, f.G, f.B, 1), ui.Rgb8(h.R, h.G, h.B, 1)
}

// Telegraph look: an announced bullet is drawn this far out from its muzzle
// along its direction, this transparent, so a volley shows where it will
// fly before it leaves.
const (
	telegraphReach = 12.0 // u
	telegraphAlpha = 0.45
)

// appendTelegraphVertices appends a faint quad per announced enemy bullet on
// screen and in sight, at its muzzle pushed out along its direction.
func appendTelegraphVertices(vs []ebiten.Vertex, tele []client.Telegraph, cam Camera, looks *[numLooks]look, fog *client.Fog) []ebiten.Vertex {
	ox, oy := float32(cam.X), float32(cam.Y)
	w, h := float32(cam.W), float32(cam.H)
	for i := range tele {
		s := &tele[i].Spawn
		lk := &looks[lookIndex(s.Team, s.Kind)]
		half := float32(s.Radius) / game.RadiusScale * lk.Half
		x, y := s.X, s.Y
		if speed := float32(math.Hypot(float64(s.VX), float64(s.VY))); speed > 0 {
			x, y = x+s.VX/speed*telegraphReach, y+s.VY/speed*telegraphReach
		}
		if fog != nil && !BulletInSight(fog, x, y) {
			continue
		}
		x, y = x-ox, y-oy
		if x+half < 0 || y+half < 0 || x-half > w || y-half > h {
			continue
		}
		vs = appendQuad(vs, x, y, half, lk, telegraphAlpha)
	}
	return vs
}

// Draw draws every bullet on screen and in sight, and the telegraphs of
// announced volleys under them: one DrawTriangles call per
// maxQuadsPerCall bullets, so one call up to 16,384 bullets.
func (l *BulletLayer) Draw(dst *ebiten.Image, b BulletColumns, tele []client.Telegraph, cam Camera, fog *client.Fog) {
	l.vs = appendTelegraphVertices(l.vs[:0], tele, cam, l.looks, fog)
	l.vs = appendBulletVertices(l.vs, b, cam, l.looks, fog)
	l.calls = 0
	for start := 0; start < len(l.vs); start += ui.MaxBatchVertices {
		end := min(start+ui.MaxBatchVertices, len(l.vs))
		dst.DrawTriangles(l.vs[start:end], QuadIndices[:(end-start)/4*6], l.Atlas, &l.op)
		l.calls++
	}
}
