package game

import "math"

// cellGrid is the uniform grid hits are resolved through. Each tick the
// world lists actors with the cells their circle (grown by the largest bullet
// radius) covers, then build counting-sorts them into flat buckets, so a
// bullet only tests the actors listed in its own cell. All storage is reused
// from tick to tick.
type cellGrid struct {
	cw, ch int
	start  []int32 // bucket c is items[start[c]:start[c+1]]
	fill   []int32 // write cursor per bucket during build
	items  []int32 // actor indices
	spans  []cellSpan
}

// cellSpan is one actor's rectangle of cells, inclusive.
type cellSpan struct{ x0, y0, x1, y1, item int32 }

// init sizes the grid to cover a map of mw×mh u.
func (c *cellGrid) init(mw, mh float64) {
	c.cw = max(int(mw+hitCellSize-1)/hitCellSize, 1)
	c.ch = max(int(mh+hitCellSize-1)/hitCellSize, 1)
	c.start = make([]int32, c.cw*c.ch+1)
	c.fill = make([]int32, c.cw*c.ch)
	c.items = make([]int32, 0, 256)
	c.spans = make([]cellSpan, 0, 64)
}

// reset forgets last tick's actors.
func (c *cellGrid) reset() { c.spans = c.spans[:0] }

// add lists actor item as a circle at pos of radius r.
func (c *cellGrid) add(pos Vec, r float64, item int) {
	c.spans = append(c.spans, cellSpan{
		x0: c.clampX(pos.X - r), y0: c.clampY(pos.Y - r),
		x1: c.clampX(pos.X + r), y1: c.clampY(pos.Y + r), item: int32(item),
	})
}

// build sorts the listed actors into their buckets, in listing order.
func (c *cellGrid) build() {
	clear(c.start)
	for _, s := range c.spans {
		for y := s.y0; y <= s.y1; y++ {
			for x := s.x0; x <= s.x1; x++ {
				c.start[int(y)*c.cw+int(x)+1]++
			}
		}
	}
	for i := 1; i < len(c.start); i++ {
		c.start[i] += c.start[i-1]
	}
	copy(c.fill, c.start)
	total := int(c.start[len(c.start)-1])
	if cap(c.items) < total {
		c.items = make([]int32, total, 2*total)
	}
	c.items = c.items[:total]
	for _, s := range c.spans {
		for y := s.y0; y <= s.y1; y++ {
			for x := s.x0; x <= s.x1; x++ {
				b := int(y)*c.cw + int(x)
				c.items[c.fill[b]] = s.item
				c.fill[b]++
			}
		}
	}
}

// at lists the actors whose cells include point (x, y).
func (c *cellGrid) at(x, y float32) []int32 {
	b := int(c.clampY(float64(y)))*c.cw + int(c.clampX(float64(x)))
	return c.items[c.start[b]:c.start[b+1]]
}

func (c *cellGrid) clampX(v float64) int32 { return clampCell(v, c.cw) }
func (c *cellGrid) clampY(v float64) int32 { return clampCell(v, c.ch) }

// clampCell is the cell holding coordinate v, clamped into [0, n).
func clampCell(v float64, n int) int32 {
	if !(v >= 0) { // also catches NaN
		return 0
	}
	return int32(min(int(v)/hitCellSize, n-1))
}

// resolveHits tests every bullet against the actors of the other team near
// it and applies the first overlap. Living players out of grace and living
// enemies are listed; a bullet that hits is consumed.
func (w *World) resolveHits() {
	reach := float64(w.bullets.MaxRadius())
	w.playerCells.reset()
	for i := range w.players {
		if p := &w.players[i]; !p.dead && p.grace == 0 && !p.ability.Invulnerable() {
			w.playerCells.add(p.pos, p.stats.Radius+reach, i)
		}
	}
	w.enemyCells.reset()
	for i := range w.enemies {
		if e := &w.enemies[i]; e.alive {
			w.enemyCells.add(e.pos, e.def.Radius+reach, i)
		}
	}
	w.playerCells.build()
	w.enemyCells.build()
	b := w.bullets
	for i := 0; i < b.Len(); {
		if w.tick < b.Born[i] || !w.hitBullet(i) {
			i++ // an announced volley hits nothing before its spawn tick
		}
	}
}

// hitBullet applies bullet i's hit, if any, and reports whether it was
// consumed (its slot then holds another bullet). A piercing bullet that
// passes through is not consumed.
func (w *World) hitBullet(i int) bool {
	b := w.bullets
	if b.Team[i] == TeamPlayer {
		if e := w.enemyHitBy(i); e >= 0 {
			return w.hitEnemy(i, &w.enemies[e])
		}
		return false
	}
	if p := w.playerHitBy(i); p >= 0 {
		w.hitPlayer(i, &w.players[p])
		return true
	}
	return false
}

// enemyHitBy picks the enemy a player bullet hits: an overlapping boss
// first, otherwise the first overlapping enemy in slot order; -1 for none.
func (w *World) enemyHitBy(i int) int {
	b := w.bullets
	x, y, r := b.X[i], b.Y[i], b.Radius[i]
	hit, passed := -1, int(b.Riders[i].LastHit)-1
	for _, k := range w.enemyCells.at(x, y) {
		e := &w.enemies[k]
		if !e.alive || int(k) == passed || !overlaps(x, y, r, e.pos, e.def.Radius) {
			continue
		}
		if e.def.Boss {
			return int(k)
		}
		if hit < 0 {
			hit = int(k)
		}
	}
	return hit
}

// playerHitBy picks the first living, unprotected player an enemy bullet
// overlaps; -1 for none.
func (w *World) playerHitBy(i int) int {
	b := w.bullets
	x, y, r := b.X[i], b.Y[i], b.Radius[i]
	for _, k := range w.playerCells.at(x, y) {
		p := &w.players[k]
		if !p.dead && p.grace == 0 && !p.ability.Invulnerable() && overlaps(x, y, r, p.pos, p.stats.Radius) {
			return int(k)
		}
	}
	return -1
}

// overlaps is the circle-vs-circle test, strict so touching is a miss.
func overlaps(x, y, r float32, c Vec, cr float64) bool {
	dx, dy := float64(x)-c.X, float64(y)-c.Y
	rr := float64(r) + cr
	return dx*dx+dy*dy < rr*rr
}

// consume removes bullet i after a hit and announces the despawn; it
// returns the bullet's uid, owner and damage.
func (w *World) consume(i int) (uid uint32, owner uint16, damage int16) {
	b := w.bullets
	uid, owner, damage = b.UID[i], b.Owner[i], b.Damage[i]
	w.emit(Event{Kind: EvBulletDespawn, Bullet: BulletSpawn{UID: uid}, Reason: DespawnHit, Tag: b.Tag[i]})
	b.removeAt(i)
	return uid, owner, damage
}

// hitEnemy applies a player bullet to an enemy, crediting the shooter, and
// reports whether the bullet was consumed. Its riders act here: a piercing
// bullet flies on (and never hits that enemy again), poison stays on the
// enemy, a splitting bullet fans out new bullets from the hit point.
func (w *World) hitEnemy(i int, e *enemy) bool {
	b := w.bullets
	r, at, vel := b.Riders[i], Vec{float64(b.X[i]), float64(b.Y[i])}, Vec{float64(b.VX[i]), float64(b.VY[i])}
	var uid uint32
	var owner uint16
	var dmg int16
	pierced := r.Pierce > 0
	if pierced {
		uid, owner, dmg = b.UID[i], b.Owner[i], b.Damage[i]
		b.Riders[i].Pierce--
		b.Riders[i].LastHit = e.id + 1
	} else {
		uid, owner, dmg = w.consume(i)
	}
	dmg = w.woundEnemy(e, dmg)
	w.creditBoss(e, owner, dmg)
	w.emit(Event{Kind: EvHit, Actor: ActorEnemy, ID: e.id, Other: owner, Amount: dmg, HP: e.hp,
		Bullet: BulletSpawn{UID: uid}, Tick: w.tick})
	if r.Poison > 0 {
		if e.poisonLeft == 0 { // a fresh dose; a hit on a poisoned enemy renews the dose but not the clock, or steady fire would never let it pulse
			e.poisonTimer = PoisonPulseTicks
		}
		e.poison, e.poisonLeft, e.poisonBy = max(e.poison, r.Poison), PoisonPulses, owner
	}
	if r.Split > 0 {
		w.split(at, vel, owner, dmg, int(r.Split))
	}
	if e.hp == 0 {
		w.killEnemy(e, owner)
	}
	return !pierced
}

// split fans n new player bullets out of a hit, each carrying half the
// damage (SplitDamage) and no riders. They spawn on the next tick, so this
// tick's hits never see them; they start inside the struck enemy, so on
// one target they strike it too (DamageRate).
func (w *World) split(at, vel Vec, owner uint16, dmg int16, n int) {
	speed := vel.Len()
	if speed == 0 {
		return
	}
	a := math.Atan2(vel.Y, vel.X)
	const fan = 100 * math.Pi / 180
	for k := range n {
		b := a - fan/2 + fan*(float64(k)+0.5)/float64(n)
		s := MakeBulletSpawn(w.newUID(), w.tick+1, at.X, at.Y, b, speed, 0, 0, splitRadius, splitLife, splitKind, TeamPlayer)
		w.spawnBullet(s, owner, SplitDamage(dmg))
	}
}

// The bullets a split makes.
const (
	splitRadius = 3.5
	splitLife   = 24
	splitKind   = 5
)

// killEnemy takes an enemy out, announces it, and drops what it drops.
func (w *World) killEnemy(e *enemy, by uint16) {
	e.alive, e.respawnAt, e.poisonLeft = false, w.tick+EnemyRespawnTicks, 0
	w.emit(Event{Kind: EvDeath, Actor: ActorEnemy, ID: e.id, Other: by})
	w.onEnemyDeath(e)
}

// hitPlayer applies an enemy bullet to a player. There are no invulnerability
// frames: every overlapping bullet deals its damage.
//
// A death names its cause (docs/NETCODE.md, "Death"): the enemy that fired
// the killing bullet, its kind + 1 in HP and the pattern + 1 in Amount (0:
// unknown), and the bullet in Bullet.UID.
func (w *World) hitPlayer(i int, p *player) {
	pattern := w.bullets.Riders[i].Pattern
	uid, owner, dmg := w.consume(i)
	p.hp = max(p.hp-dmg, 0)
	w.emit(Event{Kind: EvHit, Actor: ActorPlayer, ID: p.id, Amount: dmg, HP: p.hp,
		Bullet: BulletSpawn{UID: uid}, Tick: w.tick})
	if p.hp > 0 {
		return
	}
	p.dead, p.respawnAt, p.grace = true, w.tick+PlayerRespawnTicks, 0
	var kind int16
	if int(owner) < len(w.enemies) {
		kind = int16(w.enemies[owner].kind + 1)
	}
	w.emit(Event{Kind: EvDeath, Actor: ActorPlayer, ID: p.id, Other: owner, HP: kind, Amount: int16(pattern),
		Bullet: BulletSpawn{UID: uid}, Tick: w.tick})
	if w.mp.HasExit {
		w.dropBag(p) // a death in a dungeon costs the bag; the practice maps keep it
	}
}
