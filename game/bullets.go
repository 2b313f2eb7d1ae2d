package game

import "math"

// MaxBullets caps a pool, so a flood of spawn events cannot grow a replica
// without bound. It is far above any pattern's peak.
const MaxBullets = 1 << 17

// BulletPool holds live bullets as a struct of arrays (slot i of every slice
// is one bullet) in float32, the precision of the wire. Removal swaps the last
// bullet into the freed slot; a uid index finds a bullet's slot. Slices grow
// with the live count and are reused after, so a steady fight allocates
// nothing.
//
// Everything the integration reads is derived from the BulletSpawn record
// alone, which is kept in Record, so a replica built from a decoded copy is
// bit-identical to the server's bullet.
type BulletPool struct {
	UID        []uint32
	X, Y       []float32 // u
	VX, VY     []float32 // u per tick
	Accel      []float32 // u per tick², along the velocity
	CosT, SinT []float32 // the per-tick turn, as a rotation
	Radius     []float32 // u
	Born       []uint32  // spawn tick: a bullet first moves on the tick after
	Die        []uint32  // tick at which it dies
	Kind, Team []uint8
	Record     []BulletSpawn // the original wire record

	// Server-only riders: zero on a replica, which never resolves a hit.
	// They live on the bullet, not the shooter: a shot in flight keeps
	// what it was fired with.
	Owner  []uint16 // the player or enemy id that fired it
	Damage []int16
	Riders []Riders

	// Tag is free for whoever owns the pool, zero at spawn: the server
	// keeps the set of peers told of the bullet in it, a client whether it
	// has drawn the bullet in sight yet.
	Tag []uint64

	index     uidIndex
	maxRadius float32
}

// Riders are what upgrades add to a player's bullet, resolved on hits only.
type Riders struct {
	Split   uint8  // on a hit, this many new bullets fan out from the hit point
	Pierce  uint8  // enemies it may still pass through
	Poison  int16  // damage per pulse left on the enemy it hits
	LastHit uint16 // enemy id + 1 it last passed through: a piercing bullet hits each enemy once
	Pattern uint16 // an enemy bullet: the index + 1 of the pattern that fired it, named in a death
}

// NewBulletPool preallocates room for capacity live bullets.
func NewBulletPool(capacity int) *BulletPool {
	capacity = max(capacity, 16)
	p := &BulletPool{
		UID: make([]uint32, 0, capacity),
		X:   make([]float32, 0, capacity), Y: make([]float32, 0, capacity),
		VX: make([]float32, 0, capacity), VY: make([]float32, 0, capacity),
		Accel: make([]float32, 0, capacity),
		CosT:  make([]float32, 0, capacity), SinT: make([]float32, 0, capacity),
		Radius: make([]float32, 0, capacity),
		Born:   make([]uint32, 0, capacity), Die: make([]uint32, 0, capacity),
		Kind: make([]uint8, 0, capacity), Team: make([]uint8, 0, capacity),
		Record: make([]BulletSpawn, 0, capacity),
		Owner:  make([]uint16, 0, capacity), Damage: make([]int16, 0, capacity),
		Riders: make([]Riders, 0, capacity),
		Tag:    make([]uint64, 0, capacity),
	}
	p.index.init(capacity)
	return p
}

// Len is the number of live bullets.
func (p *BulletPool) Len() int { return len(p.UID) }

// MaxRadius is the largest radius ever spawned into the pool; hit resolution
// sizes its search by it.
func (p *BulletPool) MaxRadius() float32 { return p.maxRadius }

// Slot returns a live bullet's slot.
func (p *BulletPool) Slot(uid uint32) (int, bool) { return p.index.get(uid) }

// Spawn adds a bullet from its wire-exact record at its spawn position and
// returns its slot, or -1 if the uid is already live or the pool is full.
func (p *BulletPool) Spawn(s BulletSpawn) int {
	if len(p.UID) >= MaxBullets {
		return -1
	}
	if _, dup := p.index.get(s.UID); dup {
		return -1
	}
	turn := float64(s.Turn) / TurnScale
	radius := float32(s.Radius) / RadiusScale
	slot := len(p.UID)
	p.UID = append(p.UID, s.UID)
	p.X, p.Y = append(p.X, s.X), append(p.Y, s.Y)
	p.VX, p.VY = append(p.VX, s.VX), append(p.VY, s.VY)
	p.Accel = append(p.Accel, s.Accel)
	p.CosT = append(p.CosT, float32(math.Cos(turn)))
	p.SinT = append(p.SinT, float32(math.Sin(turn)))
	p.Radius = append(p.Radius, radius)
	p.Born = append(p.Born, s.SpawnTick)
	p.Die = append(p.Die, s.SpawnTick+uint32(s.Life))
	p.Kind, p.Team = append(p.Kind, s.Kind), append(p.Team, s.Team)
	p.Record = append(p.Record, s)
	p.Owner, p.Damage = append(p.Owner, 0), append(p.Damage, 0)
	p.Riders = append(p.Riders, Riders{})
	p.Tag = append(p.Tag, 0)
	p.index.put(s.UID, slot)
	p.maxRadius = max(p.maxRadius, radius)
	return slot
}

// SpawnAt spawns a replica and fast-forwards it from s.SpawnTick to now with
// the same per-tick integration and the same deaths Step applies, so it
// lands exactly where the server's bullet is, or is not added (-1) when the
// server's bullet is already dead by now: of old age, off the map, or in a
// wall this pool's grid knows. A wall it does not know is the server's to
// announce.
func (p *BulletPool) SpawnAt(s BulletSpawn, now uint32, g *Grid) int {
	if int64(now) >= int64(s.SpawnTick)+int64(s.Life) {
		return -1
	}
	slot := p.Spawn(s)
	if slot < 0 {
		return -1
	}
	for t := int64(s.SpawnTick); t < int64(now); t++ {
		p.advance(slot)
		if g != nil && p.outOrWall(slot, g) {
			p.removeAt(slot)
			return -1
		}
	}
	return slot
}

// outOrWall says whether bullet i has left the map or entered a solid tile.
func (p *BulletPool) outOrWall(i int, g *Grid) bool {
	gw, gh := float32(g.W*TileSize), float32(g.H*TileSize)
	x, y := p.X[i], p.Y[i]
	if !(x >= 0 && y >= 0 && x < gw && y < gh) {
		return true
	}
	return g.Solid(int(x)/TileSize, int(y)/TileSize)
}

// Remove drops a live bullet by uid and reports whether it was live.
func (p *BulletPool) Remove(uid uint32) bool {
	slot, ok := p.index.get(uid)
	if ok {
		p.removeAt(slot)
	}
	return ok
}

// Clear drops every bullet, keeping the storage.
func (p *BulletPool) Clear() {
	for len(p.UID) > 0 {
		p.removeAt(len(p.UID) - 1)
	}
}

// Step advances every bullet one tick, to tick now. A bullet whose life is
// over dies silently; one that leaves the map dies silently too, and that is
// checked before the tiles because outside tiles read as wall. One that
// enters a solid tile dies and is appended to wallKills, which the
// server turns into despawns (a client cannot derive a wall it was never
// streamed). A bullet whose spawn tick is now or later does not move yet:
// an announced volley waits in the pool, unborn, until its spawn tick.
// g must not be nil.
func (p *BulletPool) Step(now uint32, g *Grid, wallKills []WallKill) []WallKill {
	gw, gh := float32(g.W*TileSize), float32(g.H*TileSize)
	for i := 0; i < len(p.UID); {
		if now >= p.Die[i] {
			p.removeAt(i)
			continue
		}
		if now <= p.Born[i] {
			i++
			continue
		}
		p.advance(i)
		x, y := p.X[i], p.Y[i]
		if !(x >= 0 && y >= 0 && x < gw && y < gh) { // also catches NaN
			p.removeAt(i)
			continue
		}
		if g.Solid(int(x)/TileSize, int(y)/TileSize) {
			wallKills = append(wallKills, WallKill{UID: p.UID[i], X: x, Y: y, Tag: p.Tag[i]})
			p.removeAt(i)
			continue
		}
		i++
	}
	return wallKills
}

// advance integrates one bullet by one tick: turn the velocity, change its
// speed by Accel along it, then move. Every product is rounded to float32
// explicitly so no build may fuse it into a multiply-add: server and replica
// stay bit-identical whatever they were compiled for.
func (p *BulletPool) advance(i int) {
	vx, vy := p.VX[i], p.VY[i]
	c, s := p.CosT[i], p.SinT[i]
	vx, vy = float32(vx*c)-float32(vy*s), float32(vx*s)+float32(vy*c)
	if a := p.Accel[i]; a != 0 {
		vx, vy = accelerate(vx, vy, a)
	}
	p.VX[i], p.VY[i] = vx, vy
	p.X[i] += vx
	p.Y[i] += vy
}

// accelerate adds a to the speed of (vx, vy), keeping its direction. A bullet
// decelerated to a standstill stays stopped rather than reversing.
func accelerate(vx, vy, a float32) (float32, float32) {
	speed := float32(math.Sqrt(float64(float32(vx*vx) + float32(vy*vy))))
	if speed == 0 {
		return vx, vy
	}
	next := speed + a
	if next <= 0 {
		return 0, 0
	}
	k := next / speed
	return float32(vx * k), float32(vy * k)
}

// WallKill is a bullet that died in a wall: the server announces it unless
// the peer knows that wall and so kills the bullet on its own.
type WallKill struct {
	UID  uint32
	X, Y float32 // where it died
	Tag  uint64  // the bullet's Tag when it died
}

// removeAt swap-removes slot i, keeping the uid index in step.
func (p *BulletPool) removeAt(i int) {
	uid, last := p.UID[i], len(p.UID)-1
	p.UID = swapDrop(p.UID, i)
	p.X, p.Y = swapDrop(p.X, i), swapDrop(p.Y, i)
	p.VX, p.VY = swapDrop(p.VX, i), swapDrop(p.VY, i)
	p.Accel = swapDrop(p.Accel, i)
	p.CosT, p.SinT = swapDrop(p.CosT, i), swapDrop(p.SinT, i)
	p.Radius = swapDrop(p.Radius, i)
	p.Born, p.Die = swapDrop(p.Born, i), swapDrop(p.Die, i)
	p.Kind, p.Team = swapDrop(p.Kind, i), swapDrop(p.Team, i)
	p.Record = swapDrop(p.Record, i)
	p.Owner, p.Damage = swapDrop(p.Owner, i), swapDrop(p.Damage, i)
	p.Riders = swapDrop(p.Riders, i)
	p.Tag = swapDrop(p.Tag, i)
	p.index.del(uid)
	if i != last {
		p.index.put(p.UID[i], i)
	}
}

// swapDrop moves the last element into i and shortens the slice.
func swapDrop[T any](s []T, i int) []T {
	last := len(s) - 1
	s[i] = s[last]
	return s[:last]
}
