package hud

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/ui"
	"duskfall/render/world"
)

// Punch is what makes shots and hits felt (docs/ART.md, "Shots, hits and
// sound"): a flash at a ship's nose when it fires, sparks where a shot
// strikes, a flash and a red edge on the screen when the own ship is hit,
// a shockwave where something dies, and, for the heaviest blows, a brief
// hit-stop. Every effect lives in a fixed ring of slots and draws from the
// bullet atlas in one additive call, so a frame allocates nothing.
type Punch struct {
	Muzzles [24]muzzleFlash
	Sparks  [160]spark
	Flashes [32]impactFlash
	Rings   [12]shockwave
	next    struct{ muzzle, spark, flash, ring int }
	rng     uint32

	hurtAt int     // frame the own ship was last hit
	Hurt   float32 // how hard, 0..1
	Stop   HitStop
	shots  shotWatch
	Glow   glowBatch
}

// muzzleFlash is the bloom at a ship's nose as a shot leaves.
type muzzleFlash struct {
	x, y, dx, dy float64 // world position and aim
	Born         int
	own          bool // the own ship's: drawn a little larger
}

// spark is one fleck flying from an impact, slowing as it goes.
type spark struct {
	x, y, Vx, vy float64 // world position at birth and velocity, u per frame
	born, Life   int
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
	MuzzleFrames = 5
	flashFrames  = 6
	ringFrames   = 18
	hurtFrames   = 20
	sparkDrag    = 0.86 // a spark keeps this share of its speed each frame
)

// Colours of the blows that are not the shots' own.
var (
	colHurtGlow = ui.Rgb8(255, 170, 150, 1)
	colHurtEdge = ui.Rgb8(150, 16, 24, 1)
	ColKill     = ui.Rgb8(255, 236, 200, 1)
)

// random is a cheap deterministic generator for the sparks' scatter.
func (p *Punch) random() float64 {
	p.rng = p.rng*1664525 + 1013904223
	return float64(p.rng>>8) / (1 << 24)
}

// Muzzle adds a flash at a ship's nose: pos is the ship, aim its angle.
func (p *Punch) Muzzle(pos game.Vec, aim, muzzleOffset float64, own bool, frame int) {
	s, c := math.Sincos(aim)
	m := &p.Muzzles[p.next.muzzle%len(p.Muzzles)]
	p.next.muzzle++
	*m = muzzleFlash{x: pos.X + c*muzzleOffset, y: pos.Y + s*muzzleOffset, dx: c, dy: s, Born: frame, own: own}
}

// Impact is a shot striking at (x, y) while flying along (vx, vy): a
// flash and sparks thrown back and aside from the way it flew.
func (p *Punch) Impact(x, y float64, vx, vy float32, col ui.RGBA, n int, frame int) {
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
func (p *Punch) burstSparks(x, y float64, n int, speed float64, col ui.RGBA, frame int) {
	for k := range n {
		a := (float64(k) + p.random()*0.8) * 2 * math.Pi / float64(n)
		v := speed * (0.6 + 0.6*p.random())
		p.addSpark(x, y, math.Cos(a)*v, math.Sin(a)*v, 10+int(p.random()*10), col, frame)
	}
}

func (p *Punch) addSpark(x, y, vx, vy float64, life int, col ui.RGBA, frame int) {
	p.Sparks[p.next.spark%len(p.Sparks)] = spark{x: x, y: y, Vx: vx, vy: vy, born: frame, Life: life, col: col}
	p.next.spark++
}

func (p *Punch) addFlash(x, y float64, size float32, col ui.RGBA, frame int) {
	p.Flashes[p.next.flash%len(p.Flashes)] = impactFlash{x: x, y: y, born: frame, size: size, col: col}
	p.next.flash++
}

// Kill is a death's punch: a shockwave, a flash and sparks, scaled by the
// size of what died.
func (p *Punch) Kill(at game.Vec, radius float32, col ui.RGBA, frame int) {
	p.Rings[p.next.ring%len(p.Rings)] = shockwave{x: at.X, y: at.Y, born: frame, radius: radius, col: col}
	p.next.ring++
	p.addFlash(at.X, at.Y, radius*1.4, col, frame)
	p.burstSparks(at.X, at.Y, 8+int(radius/3), 3+float64(radius)/8, col, frame)
}

// HurtSelf notes a hit on the own ship, damage a share of its health.
func (p *Punch) HurtSelf(at game.Vec, share float64, frame int) {
	p.hurtAt = frame
	p.Hurt = float32(min(1, 0.35+share*4))
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
func (p *Punch) friendsFired(rt *client.Runtime, muzzleOffset float64, frame int) {
	inst, _ := rt.Instance()
	self, hasSelf := rt.Self()
	p.NewShots(rt.Bullets(), inst, rt.Players(), self.Pos, hasSelf, muzzleOffset, frame)
}

// NewShots flashes the friends whose shots in pool are new since the last
// look in this instance; at the first look, what flies was fired before.
func (p *Punch) NewShots(pool *game.BulletPool, inst uint16, friends []client.Actor, self game.Vec, hasSelf bool, muzzleOffset float64, frame int) {
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
func (p *Punch) flashFriendNear(friends []client.Actor, self game.Vec, hasSelf bool, x, y float32, muzzleOffset float64, frame int) {
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
	p.Muzzle(f.Pos, f.Aim, muzzleOffset, false, frame)
}

func distSq(v game.Vec, x, y float32) float64 {
	dx, dy := v.X-float64(x), v.Y-float64(y)
	return dx*dx + dy*dy
}

// HitStop holds the drawn frame for a few frames after a heavy blow: the
// world freezes on screen while the simulation runs on (docs/ART.md).
type HitStop struct {
	Pending int  // frames still to hold
	impact  bool // the frame showing the blow is drawn: holding starts after it
	last    int  // frame the last hit-stop began, so blows in a row do not stack
}

// HitStopGap is the fewest frames between two hit-stops: a fight of heavy
// blows must not stutter.
const HitStopGap = 30

// Begin asks for a hit-stop of n drawn frames.
func (h *HitStop) Begin(n, frame int) {
	if h.Pending > 0 || (h.last > 0 && frame-h.last < HitStopGap) {
		return
	}
	h.Pending, h.impact, h.last = n, false, frame
}

// Hold says whether this drawn frame repeats the last one: the frame that
// shows the blow is drawn first, then held.
func (h *HitStop) Hold() bool {
	if h.Pending <= 0 {
		return false
	}
	if !h.impact {
		h.impact = true
		return false
	}
	h.Pending--
	return true
}

// PunchView is what the punch's light is drawn from: the frame, the
// camera and the own ship as drawn.
type PunchView struct {
	Frame        int
	Cam          world.Camera
	Self         game.Vec
	HasSelf      bool
	Aim          float64 // the own ship's aim, as drawn
	MuzzleOffset float64
	Friendly     ui.RGBA // the friendly shots' hue in the palette drawn
	Hot          ui.RGBA // and their white-hot head
	Glows        bool    // the Graphics setting draws glows
}

// draw draws the punch's light over the world and the bullets, as the
// view has them.
func (p *Punch) draw(dst *ebiten.Image, g *world.Graphics, v *PunchView) {
	p.Build(v)
	p.Glow.flush(dst, g.Bullets.Atlas)
	if v.Glows {
		p.drawHurtEdge(dst, g.Shapes, v.Frame, float32(v.Cam.W), float32(v.Cam.H))
	}
}

// Build fills the glow batch with every live effect's quads.
func (p *Punch) Build(v *PunchView) {
	b := &p.Glow
	b.begin()
	for i := range p.Muzzles {
		p.drawMuzzle(b, &p.Muzzles[i], v)
	}
	for i := range p.Sparks {
		p.drawSpark(b, &p.Sparks[i], v)
	}
	for i := range p.Flashes {
		p.drawFlash(b, &p.Flashes[i], v)
	}
	for i := range p.Rings {
		p.drawRing(b, &p.Rings[i], v)
	}
	p.drawHurtFlash(b, v)
}

func (p *Punch) drawMuzzle(b *glowBatch, m *muzzleFlash, v *PunchView) {
	age := v.Frame - m.Born
	if age < 0 || age >= MuzzleFrames || m.Born == 0 {
		return
	}
	t := float32(age) / MuzzleFrames
	x, y := v.Cam.ToScreen(m.x, m.y)
	dx, dy := float32(m.dx), float32(m.dy)
	size := float32(11)
	if m.own && v.HasSelf {
		// The own ship moves on while its flash shows: the flash rides its nose.
		sn, cs := math.Sincos(v.Aim)
		x, y = v.Cam.ToScreen(v.Self.X+cs*v.MuzzleOffset, v.Self.Y+sn*v.MuzzleOffset)
		dx, dy, size = float32(cs), float32(sn), 14
	}
	fade := (1 - t) * (1 - t)
	if v.Glows {
		b.sprite(world.CellGlow, x, y, size*2.4, v.Friendly.Alpha(0.7*fade))
	}
	// The star's long ray points along the shot, the short one across.
	b.quad(world.CellStar, x+dx*size*0.4, y+dy*size*0.4, dx, dy, size*(1.6-0.6*t), size*0.8, v.Hot.Alpha(fade))
}

func (p *Punch) drawSpark(b *glowBatch, sp *spark, v *PunchView) {
	age := v.Frame - sp.born
	if sp.Life == 0 || age < 0 || age >= sp.Life {
		return
	}
	keep := math.Pow(sparkDrag, float64(age))
	travelled := (1 - keep) / (1 - sparkDrag)
	x, y := v.Cam.ToScreen(sp.x+sp.Vx*travelled, sp.y+sp.vy*travelled)
	speed0 := math.Hypot(sp.Vx, sp.vy)
	if speed0 == 0 {
		return
	}
	dx, dy := float32(sp.Vx/speed0), float32(sp.vy/speed0)
	length := float32(3 + speed0*keep*2.5)
	t := float32(age) / float32(sp.Life)
	// The streak's head is at the front of its cell: push the quad back so
	// the head sits where the spark is.
	b.quad(world.CellSpark, x-dx*length*0.7, y-dy*length*0.7, dx, dy, length, 3, sp.col.Alpha(1-t*t))
}

func (p *Punch) drawFlash(b *glowBatch, f *impactFlash, v *PunchView) {
	age := v.Frame - f.born
	if f.size == 0 || age < 0 || age >= flashFrames {
		return
	}
	t := float32(age) / flashFrames
	x, y := v.Cam.ToScreen(f.x, f.y)
	b.sprite(world.CellGlow, x, y, f.size*(1+0.6*t), f.col.Alpha((1-t)*(1-t)))
}

func (p *Punch) drawRing(b *glowBatch, r *shockwave, v *PunchView) {
	age := v.Frame - r.born
	if r.radius == 0 || age < 0 || age >= ringFrames {
		return
	}
	t := float32(age) / ringFrames
	x, y := v.Cam.ToScreen(r.x, r.y)
	// The ring's line sits at 3/4 of the quad's half-width: it opens from
	// the body's edge to three times the body.
	b.sprite(world.CellRing, x, y, r.radius*(1.3+3*t)/0.75, r.col.Alpha(0.8*(1-t)))
}

// drawHurtFlash lights the own ship for a moment after it is hit.
func (p *Punch) drawHurtFlash(b *glowBatch, v *PunchView) {
	age := v.Frame - p.hurtAt
	if p.hurtAt == 0 || age < 0 || age >= flashFrames || !v.HasSelf {
		return
	}
	t := float32(age) / flashFrames
	x, y := v.Cam.ToScreen(v.Self.X, v.Self.Y)
	b.sprite(world.CellGlow, x, y, 26, colHurtGlow.Alpha(0.9*p.Hurt*(1-t)))
}

// drawHurtEdge reddens the screen's edges after a hit on the own ship, as
// strongly as the hit was hard, fading within hurtFrames.
func (p *Punch) drawHurtEdge(dst *ebiten.Image, sb *ui.ShapeBatch, frame int, w, h float32) {
	age := frame - p.hurtAt
	if p.hurtAt == 0 || age < 0 || age >= hurtFrames {
		return
	}
	k := 1 - float32(age)/hurtFrames
	drawEdgeGlow(dst, sb, w, h, colHurtEdge.Alpha(0.6*p.Hurt*k*k))
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
	Vs []ebiten.Vertex
	op ebiten.DrawTrianglesOptions
}

func (b *glowBatch) begin() {
	if b.Vs == nil {
		b.Vs = make([]ebiten.Vertex, 0, 4*256)
		b.op.Blend = ebiten.BlendLighter
		b.op.Filter = ebiten.FilterLinear
		b.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	}
	b.Vs = b.Vs[:0]
}

// sprite adds cell as an upright quad of half-size half round (x, y).
func (b *glowBatch) sprite(cell int, x, y, half float32, c ui.RGBA) {
	b.quad(cell, x, y, 1, 0, half, half, c)
}

// quad adds cell centred on (x, y), its length along the unit direction
// (dx, dy) and its width across, as half-sizes.
func (b *glowBatch) quad(cell int, x, y, dx, dy, long, wide float32, c ui.RGBA) {
	if c.A <= 0 || len(b.Vs)+4 > ui.MaxBatchVertices {
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
	b.Vs = append(b.Vs,
		v(x-ax-nx, y-ay-ny, sx0, sy0), v(x+ax-nx, y+ay-ny, sx1, sy0),
		v(x-ax+nx, y-ay+ny, sx0, sy1), v(x+ax+nx, y+ay+ny, sx1, sy1))
}

func (b *glowBatch) flush(dst, atlas *ebiten.Image) {
	if len(b.Vs) > 0 {
		dst.DrawTriangles(b.Vs, world.QuadIndices[:len(b.Vs)/4*6], atlas, &b.op)
	}
	b.Vs = b.Vs[:0]
}

// HoldFrame says whether this frame repeats the last: a hit-stop.
func (f *Effects) HoldFrame() bool { return f.Punch.Stop.Hold() }
