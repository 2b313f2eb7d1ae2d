package client

import (
	"math"

	"duskfall/game"
	"duskfall/net/wire"
)

// The hit-visibility measure: a bullet hell is fair when every bullet that
// hits you was on your screen first, where the server judged it. For each
// hit on the own ship the client records whether the bullet was drawn in
// sight before the hit, for how long, and how far from touching the ship
// it was drawn in the frame that showed the ship at the hit's tick.

// Thresholds of the measure.
const (
	// SeenEnoughTicks is how long (100 ms) a bullet must have been drawn
	// in sight before it hits for the hit to count as readable.
	SeenEnoughTicks = game.TickRate / 10
	// DrawnMissSlack is how far (u) from touching the ship a bullet may be
	// drawn, in the frame showing the hit's tick, before the hit counts as
	// one the player saw as a miss.
	DrawnMissSlack = 2.0
)

const (
	shownFrames = 128  // frames remembered: two seconds, longer than any hit takes to be heard of
	seenBullets = 4096 // enemy bullets remembered from the frame they were first drawn in sight
	seenMark    = 1    // a replica bullet's Tag once it has been drawn in sight (the tick is in the ring)
)

// frameShown is what one frame drew: the own ship at its tick and place,
// and the tick the bullets were drawn at.
type frameShown struct {
	ship    uint32
	pos     game.Vec
	bullets uint32
	ok      bool
}

// seenBullet is an enemy bullet drawn in sight: its record, and the ship
// tick of the frame that first drew it. It is remembered past the
// replica's own end for it: drawn ahead of the server, a bullet that hit
// the ship may have flown on into a wall on screen before the hit is heard
// of.
type seenBullet struct {
	rec  game.BulletSpawn
	seen uint32
}

// hitSight keeps what the measure needs.
type hitSight struct {
	frames  [shownFrames]frameShown
	frameN  int
	seen    []seenBullet // a ring of seenBullets
	seenN   int
	scratch *game.BulletPool
}

// HitStats are the measure's counts over the client's life.
type HitStats struct {
	Taken        int     // hits on the own ship
	Unseen       int     // never drawn in sight before the hit
	SeenUnder    int     // drawn in sight, but for less than SeenEnoughTicks
	DrawnAsMiss  int     // drawn more than DrawnMissSlack from touching in the frame of the hit
	SumSeenTicks int     // ticks each seen bullet was in sight before its hit, summed
	MaxGap       float64 // the largest drawn gap at a hit, u
}

// MeanSeenMs is how long, on average, a bullet that hit was drawn in sight
// before it hit, over the hits whose bullet was seen at all.
func (s HitStats) MeanSeenMs() float64 {
	seen := s.Taken - s.Unseen
	if seen == 0 {
		return 0
	}
	return float64(s.SumSeenTicks) / float64(seen) * 1000 / game.TickRate
}

// noteFrame records what this frame drew and marks the enemy bullets in
// sight for the first time with the ship's tick: those in flight, and the
// announced ones drawn as a telegraph at the muzzle.
func (h *hitSight) noteFrame(ship uint32, pos game.Vec, b *replica) {
	h.frames[h.frameN%shownFrames] = frameShown{ship: ship, pos: pos, bullets: b.now, ok: true}
	h.frameN++
	p := b.pool
	for i := range p.Len() {
		if p.Tag[i] == 0 && p.Team[i] == game.TeamEnemy && inSight(pos, p.X[i], p.Y[i]) {
			p.Tag[i] = seenMark
			h.remember(seenBullet{rec: p.Record[i], seen: ship})
		}
	}
	for i := range b.unborn {
		t := &b.unborn[i]
		if t.tag == 0 && t.Spawn.Team == game.TeamEnemy && inSight(pos, t.Spawn.X, t.Spawn.Y) {
			t.tag = seenMark
			h.remember(seenBullet{rec: t.Spawn, seen: ship})
		}
	}
}

// inSight says whether a bullet at (x, y) is drawn for a ship at pos: within
// the fog's view radius.
func inSight(pos game.Vec, x, y float32) bool {
	dx, dy := float64(x)-pos.X, float64(y)-pos.Y
	return dx*dx+dy*dy <= wire.FogViewRadius*wire.FogViewRadius
}

func (h *hitSight) remember(s seenBullet) {
	if h.seen == nil {
		h.seen = make([]seenBullet, seenBullets)
	}
	h.seen[h.seenN%seenBullets] = s
	h.seenN++
}

// judge classifies one hit on the own ship by bullet uid at tick.
func (h *hitSight) judge(st *HitStats, uid, tick uint32, shipRadius float64, g *game.Grid) {
	st.Taken++
	gb, ok := h.find(uid)
	if !ok || int32(tick-gb.seen) < 0 {
		st.Unseen++ // never drawn in sight, or only after the frame of the hit
		return
	}
	seen := int32(tick - gb.seen)
	if seen < SeenEnoughTicks {
		st.SeenUnder++
	}
	st.SumSeenTicks += int(max(seen, 0))
	gap, drawn := h.drawnGap(gb, tick, shipRadius, g)
	if !drawn || gap > DrawnMissSlack {
		st.DrawnAsMiss++
	}
	if drawn {
		st.MaxGap = max(st.MaxGap, gap)
	}
}

func (h *hitSight) find(uid uint32) (seenBullet, bool) {
	for i := range min(h.seenN, seenBullets) {
		if s := h.seen[(h.seenN-1-i)%seenBullets]; s.rec.UID == uid {
			return s, true
		}
	}
	return seenBullet{}, false
}

// drawnGap is how far from touching the ship the bullet was drawn in the
// newest frame that showed the ship at or before tick: the bullet is
// simulated afresh from its record to that frame's bullet tick, exactly as
// the replica had it. drawn is false when no such frame is remembered or
// the bullet was not in flight in it.
func (h *hitSight) drawnGap(gb seenBullet, tick uint32, shipRadius float64, g *game.Grid) (gap float64, drawn bool) {
	f, ok := h.frameAt(tick)
	if !ok || int32(f.bullets-gb.rec.SpawnTick) < 0 {
		return 0, false
	}
	if h.scratch == nil {
		h.scratch = game.NewBulletPool(16)
	}
	h.scratch.Clear()
	i := h.scratch.SpawnAt(gb.rec, f.bullets, g)
	if i < 0 {
		return 0, false
	}
	d := math.Hypot(float64(h.scratch.X[i])-f.pos.X, float64(h.scratch.Y[i])-f.pos.Y)
	return max(d-float64(h.scratch.Radius[i])-shipRadius, 0), true
}

// frameAt is the newest remembered frame whose ship tick is at most tick.
func (h *hitSight) frameAt(tick uint32) (frameShown, bool) {
	for i := range min(h.frameN, shownFrames) {
		f := h.frames[(h.frameN-1-i)%shownFrames]
		if f.ok && int32(f.ship-tick) <= 0 {
			return f, true
		}
	}
	return frameShown{}, false
}

// reset forgets the frames and bullets of a world the client left.
func (h *hitSight) reset() {
	h.frames = [shownFrames]frameShown{}
	h.frameN, h.seenN = 0, 0
}
