package game

import "math"

// enemy is one enemy slot: it lives, dies and respawns at home.
type enemy struct {
	id        uint16 // its slot index, stable for the world's life
	kind      int
	def       *EnemyDef
	home      Vec
	pos       Vec
	hp        int16
	alive     bool
	respawnAt uint32
	target    Vec // wander destination
	hasTarget bool
	em0       int // first of its emitter states

	maxHP  int16 // its health when whole: the content's, or a boss's scaled to its party
	scaled bool  // a boss's health has been set for the party that found it

	poison      int16  // damage per pulse while poisoned
	poisonLeft  int    // pulses still to come
	poisonTimer int    // ticks to the next pulse
	poisonBy    uint16 // the player credited if the poison kills
}

// emitterState is one emitter's progress: its cooldown and any burst under
// way.
type emitterState struct {
	timer       int     // ticks until a new firing may start
	volleysLeft int     // volleys still to fire in this firing
	volleyTimer int     // ticks until the next of them
	volley      int     // index of the next volley within the firing
	aim         float64 // radians: the last aim, kept if the target leaves range
	phase       float64 // radians: a spiral's running rotation
}

// addEnemy creates the enemy for a map slot, alive at its home.
func (w *World) addEnemy(s EnemySpawn) {
	def := &w.content.Enemies[s.Kind]
	w.enemies = append(w.enemies, enemy{
		id: uint16(len(w.enemies)), kind: s.Kind, def: def, home: s.Pos, em0: len(w.emitters),
	})
	for range def.Emitters {
		w.emitters = append(w.emitters, emitterState{})
	}
	w.reviveEnemy(&w.enemies[len(w.enemies)-1])
}

// reviveEnemy puts an enemy back at its slot, whole, with its emitters'
// first firing at a random point in their cooldown so a room does not fire
// in unison.
func (w *World) reviveEnemy(e *enemy) {
	e.pos, e.hp, e.alive, e.hasTarget = e.home, e.def.MaxHP, true, false
	e.maxHP, e.scaled = e.def.MaxHP, false
	e.poisonLeft = 0
	for j := range e.def.Emitters {
		st := &w.emitters[e.em0+j]
		*st = emitterState{timer: w.rng.IntN(max(e.def.Emitters[j].Cooldown, 1))}
	}
}

// EachEnemy calls fn with every living enemy's snapshot record and its
// precise position, in slot order.
func (w *World) EachEnemy(fn func(EnemyState, Vec)) {
	for i := range w.enemies {
		if e := &w.enemies[i]; e.alive {
			fn(e.state(), e.pos)
		}
	}
}

// AppendEnemyStates appends every living enemy's snapshot record.
func (w *World) AppendEnemyStates(dst []EnemyState) []EnemyState {
	for i := range w.enemies {
		if e := &w.enemies[i]; e.alive {
			dst = append(dst, e.state())
		}
	}
	return dst
}

func (e *enemy) state() EnemyState {
	return EnemyState{ID: e.id, Kind: uint8(e.kind), X: float32(e.pos.X), Y: float32(e.pos.Y),
		HP: e.hp, MaxHP: e.maxHP}
}

// stepEnemies moves every living enemy and runs its emitters.
func (w *World) stepEnemies() {
	for i := range w.enemies {
		e := &w.enemies[i]
		if !e.alive {
			continue
		}
		if w.stepPoison(e) {
			continue
		}
		if e.def.Boss && !e.scaled {
			w.scaleBoss(e)
		}
		w.wander(e)
		for j := range e.def.Emitters {
			w.runEmitter(e, &w.emitters[e.em0+j], &e.def.Emitters[j])
		}
	}
}

// stepPoison deals a poisoned enemy its pulse when one is due and reports
// whether the poison killed it.
func (w *World) stepPoison(e *enemy) bool {
	if e.poisonLeft == 0 {
		return false
	}
	if e.poisonTimer--; e.poisonTimer > 0 {
		return false
	}
	e.poisonTimer, e.poisonLeft = PoisonPulseTicks, e.poisonLeft-1
	e.hp = max(e.hp-e.poison, 0)
	if e.hp > 0 {
		return false
	}
	w.killEnemy(e, e.poisonBy)
	return true
}

// wander walks an enemy towards a random destination near its slot, picking
// a new one on arrival or when a wall stops it.
func (w *World) wander(e *enemy) {
	speed := e.def.Speed
	if speed <= 0 {
		return
	}
	if !e.hasTarget || e.pos.Dist2(e.target) <= speed*speed {
		if e.hasTarget = w.pickWanderTarget(e); !e.hasTarget {
			return
		}
	}
	d := e.target.Sub(e.pos)
	next := MoveCircle(e.pos, d.Scale(speed/d.Len()), e.def.Radius, w.grid)
	if next.Dist2(e.pos) < speed*speed/4 {
		e.hasTarget = false // blocked: choose elsewhere next tick
	}
	e.pos = next
}

// pickWanderTarget tries a few random points within the leash that the
// enemy's circle fits at.
func (w *World) pickWanderTarget(e *enemy) bool {
	for range 4 {
		a, r := w.randAngle(), w.rng.Float64()*wanderLeash
		t := e.home.Add(Vec{math.Cos(a) * r, math.Sin(a) * r})
		if !w.grid.CircleSolid(t, e.def.Radius) {
			e.target = t
			return true
		}
	}
	return false
}

// nearestPlayer is the closest living player within rng of pos that pos
// has a line of sight to: an enemy never aggroes or fires through a wall.
func (w *World) nearestPlayer(pos Vec, rng float64) (Vec, bool) {
	best, found := rng*rng, false
	var at Vec
	for i := range w.players {
		p := &w.players[i]
		if d := p.pos.Dist2(pos); !p.dead && d <= best && w.grid.LineClear(pos, p.pos) {
			best, at, found = d, p.pos, true
		}
	}
	return at, found
}

// A boss's health in content is for a party of BossPartySize; the first
// time it sees a player it is scaled to the players in its world then,
// (1+n)/(1+BossPartySize) of it: a solo player faces two fifths of a
// four-player boss, eight players nine fifths.
const BossPartySize = 4

// bossHealth is a boss's whole health for a party of n.
func bossHealth(base int16, n int) int16 {
	n = max(n, 1)
	return int16(min(int(base)*(1+n)/(1+BossPartySize), 32767))
}

// scaleBoss sets a boss's health for the party the moment one of them is
// in its sight and reach: joining later does not make it easier or harder.
func (w *World) scaleBoss(e *enemy) {
	reach := 0.0
	for _, em := range e.def.Emitters {
		reach = max(reach, em.Range)
	}
	if _, seen := w.nearestPlayer(e.pos, reach); !seen {
		return
	}
	living := 0
	for i := range w.players {
		if !w.players[i].dead {
			living++
		}
	}
	scaled := bossHealth(e.def.MaxHP, living)
	e.hp = int16(max(int(e.hp)*int(scaled)/int(max(e.maxHP, 1)), 1)) // any wound it took keeps its share
	e.maxHP, e.scaled = scaled, true
}
