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
// replica reaches it, so the pool holds only bullets in flight and render
// draws the pool as it is.
type replica struct {
	pool      *game.BulletPool
	now       uint32 // the tick the pool is simulated to
	unborn    []game.BulletSpawn
	wallKills []game.WallKill
}

func newReplica() replica {
	return replica{pool: game.NewBulletPool(4096), unborn: make([]game.BulletSpawn, 0, 256)}
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
			b.unborn = append(b.unborn, s)
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
		if b.unborn[i].UID == uid {
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
	for _, s := range b.unborn {
		if int32(s.SpawnTick-b.now) > 0 {
			kept = append(kept, s)
			continue
		}
		b.pool.SpawnAt(s, b.now, g)
	}
	b.unborn = kept
}
