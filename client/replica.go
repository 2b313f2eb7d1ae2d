package client

import "duskfall/game"

// Timeline chooses the tick the bullet replica is drawn at.
type Timeline uint8

const (
	// TimelinePredicted draws bullets at the own ship's predicted tick, the
	// tick the server will judge the ship at: a bullet drawn touching the
	// ship is a hit there, a near miss on screen a miss there. It is the
	// default (NETCODE.md, "One display timeline").
	TimelinePredicted Timeline = iota
	// TimelineServer draws bullets at the server-tick estimate, the newest
	// tick the client has heard of: behind the predicted ship by the input
	// lead. Kept for measurement.
	TimelineServer
)

// replica is the client's copy of the bullets: a pool simulated by the
// same BulletPool.Step as the server's, from the spawns it was told of.
// Bullets announced before their spawn tick wait in unborn until the
// replica reaches it, so the pool holds only bullets in flight; render
// draws the unborn ones as the volley's telegraph at the muzzle.
type replica struct {
	pool      *game.BulletPool
	now       uint32 // the tick the pool is simulated to
	unborn    []Telegraph
	wallKills []game.WallKill
}

// Telegraph is an enemy bullet announced before it flies: render draws it
// at the muzzle until its spawn tick, so a volley is read before it leaves.
type Telegraph struct {
	Spawn game.BulletSpawn
	tag   uint64 // the pool Tag it takes when it flies (the hit measure's mark)
}

func newReplica() replica {
	return replica{pool: game.NewBulletPool(4096), unborn: make([]Telegraph, 0, 256)}
}

// reset empties the replica for a world whose clock stands at tick.
func (b *replica) reset(tick uint32) {
	b.pool.Clear()
	b.unborn = b.unborn[:0]
	b.now = tick
}

// spawn adds a told bullet: fast-forwarded to now when it is already in
// flight, held until its tick when it is announced ahead.
func (b *replica) spawn(s game.BulletSpawn, g *game.Grid) {
	if int32(s.SpawnTick-b.now) > 0 {
		if len(b.unborn) < game.MaxBullets {
			b.unborn = append(b.unborn, Telegraph{Spawn: s})
		}
		return
	}
	b.pool.SpawnAt(s, b.now, g)
}

// remove drops a bullet, in flight or still unborn.
func (b *replica) remove(uid uint32) {
	if b.pool.Remove(uid) {
		return
	}
	for i := range b.unborn {
		if b.unborn[i].Spawn.UID == uid {
			b.unborn = append(b.unborn[:i], b.unborn[i+1:]...)
			return
		}
	}
}

// stepTo simulates the replica forward to tick, one tick at a time,
// letting each unborn bullet fly on its spawn tick. It never goes back: a
// bullet pool cannot be rewound, so a display tick that steps back waits
// for the replica instead.
func (b *replica) stepTo(tick uint32, g *game.Grid) {
	for int32(tick-b.now) > 0 {
		b.now++
		b.wallKills = b.pool.Step(b.now, g, b.wallKills[:0])
		b.hatch(g)
	}
}

// hatch moves the unborn bullets whose spawn tick has come into the pool.
func (b *replica) hatch(g *game.Grid) {
	kept := b.unborn[:0]
	for _, t := range b.unborn {
		if int32(t.Spawn.SpawnTick-b.now) > 0 {
			kept = append(kept, t)
			continue
		}
		if i := b.pool.SpawnAt(t.Spawn, b.now, g); i >= 0 {
			b.pool.Tag[i] = t.tag
		}
	}
	b.unborn = kept
}
