package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// punch is what makes shots and hits felt (docs/ART.md, "Shots, hits and
// sound"): a flash at a ship's nose when it fires, sparks where a shot
// strikes, a flash and a red edge on the screen when the own ship is hit,
// a shockwave where something dies, and, for the heaviest blows, a brief
// hit-stop. Every effect lives in a fixed ring of slots and draws from the
// bullet atlas in one additive call, so a frame allocates nothing.
type punch struct {
	muzzles [24]muzzleFlash
	sparks  [160]spark
	flashes [32]impactFlash
	rings   [12]shockwave
	next    struct{ muzzle, spark, flash, ring int }
	rng     uint32

	hurtAt int     // frame the own ship was last hit
	hurt   float32 // how hard, 0..1
	stop   hitStop
	shots  shotWatch
	glow   glowBatch
}

// muzzleFlash is the bloom at a ship's nose as a shot leaves.
type muzzleFlash struct {
	x, y, dx, dy float64 // world position and aim
	born         int
	own          bool // the own ship's: drawn a little larger
}

// spark is one fleck flying from an impact, slowing as it goes.
type spark struct {
	x, y, vx, vy float64 // world position at birth and velocity, u per frame
	born, life   int
	col          ui.RGBA
}

// impactFlash is the brief glow where a shot strikes.
type impactFlash struct {
	x, y float64
	born int
	size float32
	col  ui.RGBA
}

// shockwave is a kill's expanding ring.
type shockwave struct {
	x, y   float64
	born   int
	radius float32
	col    ui.RGBA
}

// Effect lifetimes, in frames: all well inside docs/ART.md's half second.
const (
	muzzleFrames = 5
	flashFrames  = 6
	ringFrames   = 18
	hurtFrames   = 20
	sparkDrag    = 0.86 // a spark keeps this share of its speed each frame
)

// Colours of the blows that are not the shots' own.
var (
	colHurtGlow = ui.Rgb8(255, 170, 150, 1)
	colHurtEdge = ui.Rgb8(150, 16, 24, 1)
	colKill     = ui.Rgb8(255, 236, 200, 1)
)

// random is a cheap deterministic generator for the sparks' scatter.
func (p *punch) random() float64 {
	p.rng = p.rng*1664525 + 1013904223
	return float64(p.rng>>8) / (1 << 24)
}

// muzzle adds a flash at a ship's nose: pos is the ship, aim its angle.
func (p *punch) muzzle(pos game.Vec, aim, muzzleOffset float64, own bool, frame int) {
	s, c := math.Sincos(aim)
	m := &p.muzzles[p.next.muzzle%len(p.muzzles)]
	p.next.muzzle++
	*m = muzzleFlash{x: pos.X + c*muzzleOffset, y: pos.Y + s*muzzleOffset, dx: c, dy: s, born: frame, own: own}
}

// impact is a shot striking at (x, y) while flying along (vx, vy): a
// flash and sparks thrown back and aside from the way it flew.
func (p *punch) impact(x, y float64, vx, vy float32, col ui.RGBA, n int, frame int) {
	back := math.Atan2(-float64(vy), -float64(vx))
	if vx == 0 && vy == 0 {
		back = p.random() * 2 * math.Pi
	}
	p.addFlash(x, y, 12, col, frame)
	for range n {
		a := back + (p.random()-0.5)*2.2
		speed := 3 + p.random()*4
		p.addSpark(x, y, math.Cos(a)*speed, math.Sin(a)*speed, 8+int(p.random()*7), col, frame)
	}
}

// burstSparks throws n sparks all round (x, y).
func (p *punch) burstSparks(x, y float64, n int, speed float64, col ui.RGBA, frame int) {
	for k := range n {
		a := (float64(k) + p.random()*0.8) * 2 * math.Pi / float64(n)
		v := speed * (0.6 + 0.6*p.random())
		p.addSpark(x, y, math.Cos(a)*v, math.Sin(a)*v, 10+int(p.random()*10), col, frame)
	}
}

func (p *punch) addSpark(x, y, vx, vy float64, life int, col ui.RGBA, frame int) {
	p.sparks[p.next.spark%len(p.sparks)] = spark{x: x, y: y, vx: vx, vy: vy, born: frame, life: life, col: col}
	p.next.spark++
}

func (p *punch) addFlash(x, y float64, size float32, col ui.RGBA, frame int) {
	p.flashes[p.next.flash%len(p.flashes)] = impactFlash{x: x, y: y, born: frame, size: size, col: col}
	p.next.flash++
}

// kill is a death's punch: a shockwave, a flash and sparks, scaled by the
// size of what died.
func (p *punch) kill(at game.Vec, radius float32, col ui.RGBA, frame int) {
	p.rings[p.next.ring%len(p.rings)] = shockwave{x: at.X, y: at.Y, born: frame, radius: radius, col: col}
	p.next.ring++
	p.addFlash(at.X, at.Y, radius*1.4, col, frame)
	p.burstSparks(at.X, at.Y, 8+int(radius/3), 3+float64(radius)/8, col, frame)
}

// hurtSelf notes a hit on the own ship, damage a share of its health.
func (p *punch) hurtSelf(at game.Vec, share float64, frame int) {
	p.hurtAt = frame
	p.hurt = float32(min(1, 0.35+share*4))
	p.burstSparks(at.X, at.Y, 6, 3, colHurtGlow, frame)
}

// shotWatch finds the shots other ships fired since the last frame: the
// replica's newest player bullets, by uid, which only grows.
type shotWatch struct {
	instance uint16
	newest   uint32 // the highest player-bullet uid seen
	known    bool
	lastOf   [8]struct {
		id    uint16
		frame int
	} // each friend's last flash, so a spread shot flashes once
}

// friendsFired adds a muzzle flash for each friend whose shot appeared in
// the replica since the last frame. The own ship's shots are flashed as
// the fire button fires them (punch.muzzle), ahead of the server.
func (p *punch) friendsFired(rt *client.Runtime, muzzleOffset float64, frame int) {
	inst, _ := rt.Instance()
	self, hasSelf := rt.Self()
	p.newShots(rt.Bullets(), inst, rt.Players(), self.Pos, hasSelf, muzzleOffset, frame)
}

// newShots flashes the friends whose shots in pool are new since the last
// look in this instance; at the first look, what flies was fired before.
func (p *punch) newShots(pool *game.BulletPool, inst uint16, friends []client.Actor, self game.Vec, hasSelf bool, muzzleOffset float64, frame int) {
	w := &p.shots
	if inst != w.instance {
		w.instance, w.known = inst, false
	}
	newest := w.newest
	if !w.known {
		newest = 0
	}
	for i := range pool.Len() {
		uid := pool.UID[i]
		if pool.Team[i] != game.TeamPlayer {
			continue
		}
		if !w.known {
			newest = max(newest, uid)
			continue
		}
		if int32(uid-w.newest) <= 0 {
			continue
		}
		if int32(uid-newest) > 0 {
			newest = uid
		}
		p.flashFriendNear(friends, self, hasSelf, pool.Record[i].X, pool.Record[i].Y, muzzleOffset, frame)
	}
	w.newest, w.known = newest, true
}

// friendShotReach is how far from a friend's drawn ship its shot may
// appear: its muzzle, and the interpolation delay between the two.
const friendShotReach = 64

// flashFriendNear flashes the muzzle of the friend nearest where a shot
// appeared, unless the own ship is nearer (its flash came with the fire
// button) or the friend flashed this frame already.
func (p *punch) flashFriendNear(friends []client.Actor, self game.Vec, hasSelf bool, x, y float32, muzzleOffset float64, frame int) {
	best, bestD := -1, float64(friendShotReach*friendShotReach)
	for j := range friends {
		if d := distSq(friends[j].Pos, x, y); d < bestD {
			best, bestD = j, d
		}
	}
	if best < 0 || (hasSelf && distSq(self, x, y) < bestD) {
		return
	}
	f := &friends[best]
	slot := &p.shots.lastOf[int(f.ID)%len(p.shots.lastOf)]
	if slot.id == f.ID && frame-slot.frame < 2 {
		return
	}
	slot.id, slot.frame = f.ID, frame
	p.muzzle(f.Pos, f.Aim, muzzleOffset, false, frame)
}

func distSq(v game.Vec, x, y float32) float64 {
	dx, dy := v.X-float64(x), v.Y-float64(y)
	return dx*dx + dy*dy
}

// hitStop holds the drawn frame for a few frames after a heavy blow: the
// world freezes on screen while the simulation runs on (docs/ART.md).
type hitStop struct {
	pending int  // frames still to hold
	impact  bool // the frame showing the blow is drawn: holding starts after it
	last    int  // frame the last hit-stop began, so blows in a row do not stack
}

// hitStopGap is the fewest frames between two hit-stops: a fight of heavy
// blows must not stutter.
const hitStopGap = 30

// begin asks for a hit-stop of n drawn frames.
func (h *hitStop) begin(n, frame int) {
	if h.pending > 0 || (h.last > 0 && frame-h.last < hitStopGap) {
		return
	}
	h.pending, h.impact, h.last = n, false, frame
}

// hold says whether this drawn frame repeats the last one: the frame that
// shows the blow is drawn first, then held.
func (h *hitStop) hold() bool {
	if h.pending <= 0 {
		return false
	}
	if !h.impact {
		h.impact = true
		return false
	}
	h.pending--
	return true
}

// punchView is what the punch's light is drawn from: the frame, the
// camera and the own ship as drawn.
type punchView struct {
	frame        int
	cam          world.Camera
	self         game.Vec
	hasSelf      bool
	aim          float64 // the own ship's aim, as drawn
	muzzleOffset float64
	friendly     ui.RGBA // the friendly shots' hue in the palette drawn
	hot          ui.RGBA // and their white-hot head
	glows        bool    // the Graphics setting draws glows
}

// draw draws the punch's light over the world and the bullets, as the
// view has them.
func (p *punch) draw(dst *ebiten.Image, g *world.Graphics, v *punchView) {
	p.build(v)
	p.glow.flush(dst, g.Bullets.Atlas)
	if v.glows {
		p.drawHurtEdge(dst, g.Shapes, v.frame, float32(v.cam.W), float32(v.cam.H))
	}
}

// build fills the glow batch with every live effect's quads.
func (p *punch) build(v *punchView) {
	b := &p.glow
	b.begin()
	for i := range p.muzzles {
		p.drawMuzzle(b, &p.muzzles[i], v)
	}
	for i := range p.sparks {
		p.drawSpark(b, &p.sparks[i], v)
	}
	for i := range p.flashes {
		p.drawFlash(b, &p.flashes[i], v)
	}
	for i := range p.rings {
		p.drawRing(b, &p.rings[i], v)
	}
	p.drawHurtFlash(b, v)
}

func (p *punch) drawMuzzle(b *glowBatch, m *muzzleFlash, v *punchView) {
	age := v.frame - m.born
	if age < 0 || age >= muzzleFrames || m.born == 0 {
		return
	}
	t := float32(age) / muzzleFrames
	x, y := v.cam.ToScreen(m.x, m.y)
	dx, dy := float32(m.dx), float32(m.dy)
	size := float32(11)
	if m.own && v.hasSelf {
		// The own ship moves on while its flash shows: the flash rides its nose.
		sn, cs := math.Sincos(v.aim)
		x, y = v.cam.ToScreen(v.self.X+cs*v.muzzleOffset, v.self.Y+sn*v.muzzleOffset)
		dx, dy, size = float32(cs), float32(sn), 14
	}
	fade := (1 - t) * (1 - t)
	if v.glows {
		b.sprite(world.CellGlow, x, y, size*2.4, v.friendly.Alpha(0.7*fade))
	}
	// The star's long ray points along the shot, the short one across.
	b.quad(world.CellStar, x+dx*size*0.4, y+dy*size*0.4, dx, dy, size*(1.6-0.6*t), size*0.8, v.hot.Alpha(fade))
}

func (p *punch) drawSpark(b *glowBatch, sp *spark, v *punchView) {
	age := v.frame - sp.born
	if sp.life == 0 || age < 0 || age >= sp.life {
		return
	}
	keep := math.Pow(sparkDrag, float64(age))
	travelled := (1 - keep) / (1 - sparkDrag)
	x, y := v.cam.ToScreen(sp.x+sp.vx*travelled, sp.y+sp.vy*travelled)
	speed0 := math.Hypot(sp.vx, sp.vy)
	if speed0 == 0 {
		return
	}
	dx, dy := float32(sp.vx/speed0), float32(sp.vy/speed0)
	length := float32(3 + speed0*keep*2.5)
	t := float32(age) / float32(sp.life)
	// The streak's head is at the front of its cell: push the quad back so
	// the head sits where the spark is.
	b.quad(world.CellSpark, x-dx*length*0.7, y-dy*length*0.7, dx, dy, length, 3, sp.col.Alpha(1-t*t))
}

func (p *punch) drawFlash(b *glowBatch, f *impactFlash, v *punchView) {
	age := v.frame - f.born
	if f.size == 0 || age < 0 || age >= flashFrames {
		return
	}
	t := float32(age) / flashFrames
	x, y := v.cam.ToScreen(f.x, f.y)
	b.sprite(world.CellGlow, x, y, f.size*(1+0.6*t), f.col.Alpha((1-t)*(1-t)))
}

func (p *punch) drawRing(b *glowBatch, r *shockwave, v *punchView) {
	age := v.frame - r.born
	if r.radius == 0 || age < 0 || age >= ringFrames {
		return
	}
	t := float32(age) / ringFrames
	x, y := v.cam.ToScreen(r.x, r.y)
	// The ring's line sits at 3/4 of the quad's half-width: it opens from
	// the body's edge to three times the body.
	b.sprite(world.CellRing, x, y, r.radius*(1.3+3*t)/0.75, r.col.Alpha(0.8*(1-t)))
}

// drawHurtFlash lights the own ship for a moment after it is hit.
func (p *punch) drawHurtFlash(b *glowBatch, v *punchView) {
	age := v.frame - p.hurtAt
	if p.hurtAt == 0 || age < 0 || age >= flashFrames || !v.hasSelf {
		return
	}
	t := float32(age) / flashFrames
	x, y := v.cam.ToScreen(v.self.X, v.self.Y)
	b.sprite(world.CellGlow, x, y, 26, colHurtGlow.Alpha(0.9*p.hurt*(1-t)))
}

// drawHurtEdge reddens the screen's edges after a hit on the own ship, as
// strongly as the hit was hard, fading within hurtFrames.
func (p *punch) drawHurtEdge(dst *ebiten.Image, sb *ui.ShapeBatch, frame int, w, h float32) {
	age := frame - p.hurtAt
	if p.hurtAt == 0 || age < 0 || age >= hurtFrames {
		return
	}
	k := 1 - float32(age)/hurtFrames
	drawEdgeGlow(dst, sb, w, h, colHurtEdge.Alpha(0.6*p.hurt*k*k))
	sb.Flush(dst)
}

// drawEdgeGlow shades a band round the screen's edge, c at the edge fading
// to nothing inward: an outer band falls steeply, an inner one gently, so
// the shade looks round rather than ruled. The bands are thin (7.5 % of
// the screen's height in all): every pixel they cover is blended once
// more, and under software GL a screen-wide shade costs as much as the
// world (docs/PERFORMANCE.md).
func drawEdgeGlow(dst *ebiten.Image, sb *ui.ShapeBatch, w, h float32, c ui.RGBA) {
	none := c.Alpha(0)
	mid := c.Alpha(0.35)
	outer, inner := 0.025*min(w, h), 0.05*min(w, h)
	band := func(x, y, bw, bh float32, from, to ui.RGBA, horizontal bool) {
		if horizontal { // from at the top, to at the bottom
			sb.Rect4(dst, x, y, bw, bh, from, from, to, to)
		} else { // from at the left, to at the right
			sb.Rect4(dst, x, y, bw, bh, from, to, from, to)
		}
	}
	band(0, 0, w, outer, c, mid, true)
	band(0, outer, w, inner, mid, none, true)
	band(0, h-outer, w, outer, mid, c, true)
	band(0, h-outer-inner, w, inner, none, mid, true)
	band(0, 0, outer, h, c, mid, false)
	band(outer, 0, inner, h, mid, none, false)
	band(w-outer, 0, outer, h, mid, c, false)
	band(w-outer-inner, 0, inner, h, none, mid, false)
}

// glowBatch collects additive quads textured from the bullet atlas's cells
// and draws them in one call: light adds to what is under it.
type glowBatch struct {
	vs []ebiten.Vertex
	op ebiten.DrawTrianglesOptions
}

func (b *glowBatch) begin() {
	if b.vs == nil {
		b.vs = make([]ebiten.Vertex, 0, 4*256)
		b.op.Blend = ebiten.BlendLighter
		b.op.Filter = ebiten.FilterLinear
		b.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	}
	b.vs = b.vs[:0]
}

// sprite adds cell as an upright quad of half-size half round (x, y).
func (b *glowBatch) sprite(cell int, x, y, half float32, c ui.RGBA) {
	b.quad(cell, x, y, 1, 0, half, half, c)
}

// quad adds cell centred on (x, y), its length along the unit direction
// (dx, dy) and its width across, as half-sizes.
func (b *glowBatch) quad(cell int, x, y, dx, dy, long, wide float32, c ui.RGBA) {
	if c.A <= 0 || len(b.vs)+4 > ui.MaxBatchVertices {
		return
	}
	ax, ay := dx*long, dy*long
	nx, ny := -dy*wide, dx*wide
	sx0, sy0 := world.CellX(cell), world.CellY(cell)
	sx1, sy1 := sx0+world.SpriteSize, sy0+world.SpriteSize
	r, g, bl, a := c.R*c.A, c.G*c.A, c.B*c.A, c.A
	v := func(px, py, sx, sy float32) ebiten.Vertex {
		return ebiten.Vertex{DstX: px, DstY: py, SrcX: sx, SrcY: sy, ColorR: r, ColorG: g, ColorB: bl, ColorA: a}
	}
	b.vs = append(b.vs,
		v(x-ax-nx, y-ay-ny, sx0, sy0), v(x+ax-nx, y+ay-ny, sx1, sy0),
		v(x-ax+nx, y-ay+ny, sx0, sy1), v(x+ax+nx, y+ay+ny, sx1, sy1))
}

func (b *glowBatch) flush(dst, atlas *ebiten.Image) {
	if len(b.vs) > 0 {
		dst.DrawTriangles(b.vs, world.QuadIndices[:len(b.vs)/4*6], atlas, &b.op)
	}
	b.vs = b.vs[:0]
}
