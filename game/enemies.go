package game

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
	em0       int // first of its emitter states

	maxHP  int16 // its health when whole: the content's for the floor, or a boss's scaled to its party
	scaled bool  // a boss's health has been set for the party that found it
	phase  int   // index into def.Phases

	mind // what it is doing: idling, fighting, walking home

	poison      int16  // damage per pulse while poisoned
	poisonLeft  int    // pulses still to come
	poisonTimer int    // ticks to the next pulse
	poisonBy    uint16 // the player credited if the poison kills

	// A boss's fight, for the clear's reward (clear.go): the ticks it has
	// been awake, what players dealt it, and each player's part.
	fightTicks int
	fightDealt int
	fighters   []fighter
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
	if def.Boss {
		w.enemies[len(w.enemies)-1].fighters = make([]fighter, 0, fightersCap)
	}
	for range def.EmitterSlots() {
		w.emitters = append(w.emitters, emitterState{})
	}
	w.reviveEnemy(&w.enemies[len(w.enemies)-1])
}

// reviveEnemy puts an enemy back at its slot, whole and idle, with its
// emitters' first firing at a random point in their cooldown so a room does
// not fire in unison.
func (w *World) reviveEnemy(e *enemy) {
	e.maxHP, e.scaled, e.phase = scaleI16(e.def.MaxHP, w.hpScale), false, 0
	e.pos, e.hp, e.alive = e.home, e.maxHP, true
	e.poisonLeft = 0
	e.fightTicks, e.fightDealt, e.fighters = 0, 0, e.fighters[:0]
	e.mind = mind{}
	w.resetEmitters(e, true)
}

// resetEmitters clears an enemy's emitter states for its current phase:
// staggered at random through their cooldowns, or ready at once.
func (w *World) resetEmitters(e *enemy, stagger bool) {
	ems := e.ph().Emitters
	for j := range e.def.EmitterSlots() {
		st := &w.emitters[e.em0+j]
		*st = emitterState{}
		if stagger && j < len(ems) {
			st.timer = w.rng.IntN(max(ems[j].Cooldown, 1))
		}
	}
}

// ph is the enemy's current phase.
func (e *enemy) ph() *Phase { return &e.def.Phases[e.phase] }

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

// EnemiesFighting is how many living enemies have noticed a player and
// fight it (or go where they last saw it).
func (w *World) EnemiesFighting() int {
	n := 0
	for i := range w.enemies {
		if e := &w.enemies[i]; e.alive && e.foe {
			n++
		}
	}
	return n
}

func (e *enemy) state() EnemyState {
	flags := uint8(min(e.phase, int(EnemyPhaseMask)))
	if e.windup > 0 {
		flags |= EnemyTelegraph
	}
	return EnemyState{ID: e.id, Kind: uint8(e.kind), X: float32(e.pos.X), Y: float32(e.pos.Y),
		HP: e.hp, MaxHP: e.maxHP, Flags: flags}
}

// stepEnemies runs every living enemy: poison, its mind and movement, then
// its emitters.
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
		if e.def.Boss && e.scaled {
			w.watchFight(e)
		}
		w.think(e)
		w.moveEnemy(e)
		w.runEmitters(e)
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
	w.creditBoss(e, e.poisonBy, w.woundEnemy(e, e.poison))
	if e.hp > 0 {
		return false
	}
	w.killEnemy(e, e.poisonBy)
	return true
}

// woundEnemy takes dmg, times its phase's damage multiplier, off an
// enemy's health, moves a boss on to the phase its health now calls for,
// and returns the damage dealt.
func (w *World) woundEnemy(e *enemy, dmg int16) int16 {
	if m := e.ph().DamageTaken; m != 1 && m > 0 {
		dmg = scaleI16(dmg, m)
	}
	dealt := min(dmg, e.hp)
	e.hp -= dealt
	if e.hp > 0 {
		w.advancePhase(e)
	}
	return dealt
}

// advancePhase moves an enemy through every phase whose threshold its
// health has fallen to. A new phase opens with its telegraph, its emitters
// ready to fire the moment the telegraph ends, and any burst cut short.
func (w *World) advancePhase(e *enemy) {
	moved := false
	for e.phase+1 < len(e.def.Phases) && float64(e.hp) <= e.def.Phases[e.phase+1].Below*float64(e.maxHP) {
		e.phase++
		moved = true
	}
	if !moved {
		return
	}
	w.resetEmitters(e, false)
	e.windup, e.release = max(e.ph().Opening, 0), false
	w.emit(Event{Kind: EvPhase, Actor: ActorEnemy, ID: e.id, Amount: int16(e.phase), HP: e.hp})
}

// nearestPlayer is the closest living player out of arrival grace within
// rng of pos that pos has a line of sight to: an enemy never aggroes or
// fires through a wall, and never notices, aims at or opens fire on a
// player who has just arrived (docs/CONTENT.md, "Safe arrivals").
func (w *World) nearestPlayer(pos Vec, rng float64) (Vec, bool) {
	best, found := rng*rng, false
	var at Vec
	for i := range w.players {
		p := &w.players[i]
		if d := p.pos.Dist2(pos); !p.dead && p.grace == 0 && d <= best && w.grid.LineClear(pos, p.pos) {
			best, at, found = d, p.pos, true
		}
	}
	return at, found
}

// target is what an enemy at pos within rng aims at and fights: the
// nearest standing decoy it can see there, before any player
// (AbilityDecoy: a decoy draws every enemy that could fire at it), or else
// the nearest player (nearestPlayer). A decoy falls with its ship.
func (w *World) target(pos Vec, rng float64) (Vec, bool) {
	if at, ok := w.nearestDecoy(pos, rng); ok {
		return at, true
	}
	return w.nearestPlayer(pos, rng)
}

// nearestDecoy is the closest standing decoy of a living player within rng
// of pos that pos has a line of sight to.
func (w *World) nearestDecoy(pos Vec, rng float64) (Vec, bool) {
	best, found := rng*rng, false
	var at Vec
	for i := range w.players {
		p := &w.players[i]
		if p.dead || w.tick >= p.decoyUntil {
			continue
		}
		if d := p.decoy.Dist2(pos); d <= best && w.grid.LineClear(pos, p.decoy) {
			best, at, found = d, p.decoy, true
		}
	}
	return at, found
}

// WoundEnemy takes dmg off a living enemy's health as a hit would, its
// phase's multiplier and phase changes included, crediting nobody and never
// killing it: tools and tests use it to put a boss into a phase. It reports
// whether the enemy lives.
func (w *World) WoundEnemy(id uint16, dmg int16) bool {
	if int(id) >= len(w.enemies) || !w.enemies[id].alive {
		return false
	}
	e := &w.enemies[id]
	e.hp = max(e.hp-dmg, 1)
	w.advancePhase(e)
	return true
}

// A boss's health in content is for a party of BossPartySize; the first
// time it sees a player it is scaled to the players in its world then,
// (1+n)/(1+BossPartySize) of it: a solo player faces two fifths of a
// four-player boss, eight players nine fifths.
const BossPartySize = 4

// bossHealth is a boss's whole health for a party of n.
func bossHealth(base int16, n int) int16 {
	n = max(n, 1)
	return int16(min(max(int(base)*(1+n)/(1+BossPartySize), 1), 32767))
}

// scaleBoss sets a boss's health for the party the moment one of them is
// in its sight and reach: joining later does not make it easier or harder.
func (w *World) scaleBoss(e *enemy) {
	if _, seen := w.nearestPlayer(e.pos, e.def.Aggro); !seen {
		return
	}
	living := 0
	for i := range w.players {
		if !w.players[i].dead {
			living++
		}
	}
	scaled := bossHealth(scaleI16(e.def.MaxHP, w.hpScale), living)
	e.hp = int16(max(int(e.hp)*int(scaled)/int(max(e.maxHP, 1)), 1)) // any wound it took keeps its share
	e.maxHP, e.scaled = scaled, true
}
