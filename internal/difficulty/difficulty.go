// Package difficulty measures what each threat asks of a player. It plays
// one enemy (or one phase of a boss) at a time in a walled hall, on a
// dungeon kind's floor depth, against one scripted player, and reports the
// damage per second the player takes while the threat lives (a run in
// which the player moves by its script but holds fire, so the threat is
// measured for the whole exposure) and the seconds the player needs to
// kill it (a second run, firing). The scripts are a player standing still,
// a fair dodger (a plausible new player: see Dodge) and the bots' fight
// rule (bots.Fight). It also plays whole boss fights for a party of one and
// of four at the levels a player reaches on the way (fights.go), the
// experience a run gives (xp.go) and what each upgrade card is worth
// (cards.go). Everything runs on game.World with its seeded RNG, so a row
// is the same on every machine; docs/CONTENT.md keeps the tables and how
// they were tuned from them.
package difficulty

import (
	"fmt"
	"math"
	"math/rand/v2"

	"duskfall/bots"
	"duskfall/client"
	"duskfall/game"
)

// Scripts a measurement can play.
const (
	Still = "still" // stands where it starts and never fires: the damage a room deals to a player who freezes
	// Dodge is a fair dodger, a plausible new player rather than a perfect
	// one: every quarter second (its reaction time) it looks at the five
	// hostile bullets nearest it within 160 u, takes each to fly straight
	// on (it does not read curls or acceleration), and picks among sixteen
	// directions and standing still the one whose next half second passes
	// farthest from their paths, leaning a little towards a wandering
	// direction of its own that changes every half second, away from
	// walls, and back towards the fight when it strays past 450 u of its
	// nearest enemy or inside 150 u. Three looks in ten it misses, keeping
	// its last move. It fires at the nearest enemy throughout.
	Dodge = "dodge"
	Fight = "fight" // the bots' fight rule: fire at the nearest enemy, back away inside 200 u, strafe round it beyond
)

// Scripts lists the scripts in table order.
var Scripts = []string{Still, Dodge, Fight}

// Measurement limits.
const (
	hallW, hallH = 36, 26             // tiles
	exposeTicks  = 30 * game.TickRate // how long damage is counted
	killCap      = 120 * game.TickRate
	sturdyHP     = 30000 // the measured player never dies, so a row is a rate
	dodgeTurn    = 30    // ticks between a dodger's changes of its own wandering direction
	dodgeThink   = 15    // ticks between a dodger's looks at the bullets: its reaction time, a quarter second
	dodgeSees    = 5     // the nearest bullets a dodger heeds
	dodgeLook    = 160.0 // u: how far a dodger looks
	dodgeLapse   = 0.3   // the share of looks a dodger misses, keeping its last move
	dodgeAhead   = 30    // ticks a dodger looks ahead
	startShare   = 0.8   // the player starts at this share of the enemy's aggro reach
)

// Row is one measurement.
type Row struct {
	Dungeon string  // the dungeon kind's name
	Depth   int     // the floor
	Enemy   string  // the kind's name
	Phase   string  // a boss's phase, as "2/3 Fury"; empty for an ordinary kind
	Script  string  // Still, Dodge or Fight
	DPS     float64 // damage per second taken over the exposure
	Lasts   float64 // seconds a whole new character (content's player hp) lasts at that rate; +Inf when untouched
	TTK     float64 // mean seconds the script took to kill it (or end the boss phase); 0 when a sample did not within two minutes, or it never fires
}

// Table measures every hostile kind of each dungeon kind's table and every
// phase of its boss, at each depth, with every script.
func Table(c *game.Content, depths []int) []Row {
	var rows []Row
	for _, k := range c.Dungeons {
		for _, d := range depths {
			for _, kind := range HostileKinds(c, &k) {
				for _, s := range Scripts {
					rows = append(rows, Measure(c, k.Name, kind, 0, d, s))
				}
			}
			for ph := range c.Enemies[k.Boss].Phases {
				for _, s := range Scripts {
					rows = append(rows, Measure(c, k.Name, k.Boss, ph, d, s))
				}
			}
		}
	}
	return rows
}

// HostileKinds lists the hostile kinds of a dungeon kind's table, once each,
// in table order.
func HostileKinds(c *game.Content, k *game.DungeonKind) []int {
	var kinds []int
	seen := map[int]bool{}
	for _, e := range k.Enemies {
		if !seen[e.Kind] && c.Enemies[e.Kind].Hostile {
			seen[e.Kind] = true
			kinds = append(kinds, e.Kind)
		}
	}
	return kinds
}

// Measure plays one enemy of kind, put into phase, on floor depth, against
// one player running script.
func Measure(c *game.Content, dungeon string, kind, phase, depth int, script string) Row {
	def := &c.Enemies[kind]
	row := Row{Dungeon: dungeon, Depth: depth, Enemy: def.Name, Script: script}
	if def.Boss {
		row.Phase = fmt.Sprintf("%d/%d %s", phase+1, len(def.Phases), def.Phases[phase].Name)
	}
	taken, killTicks, kills := 0, 0, 0
	for s := range Samples {
		seed := sampleSeed(kind*131+phase*17, s)
		exposed := newArena(c, []int{kind}, depth, 1, seed)
		exposed.enterPhase(phase)
		exposed.holdFire = true
		t, _, _ := exposed.run(script, phase, exposeTicks)
		taken += t
		fought := newArena(c, []int{kind}, depth, 1, seed)
		fought.enterPhase(phase)
		if _, ticks, killed := fought.run(script, phase, killCap); killed {
			killTicks, kills = killTicks+ticks, kills+1
		}
	}
	row.DPS = float64(taken) * game.TickRate / float64(exposeTicks*Samples)
	row.Lasts = lasts(float64(c.Player.MaxHP), row.DPS)
	if kills == Samples {
		row.TTK = float64(killTicks) / float64(kills) / game.TickRate
	}
	return row
}

// Room is what a group of ordinary enemies together deals to one player.
type Room struct {
	Dungeon string
	Depth   int
	Enemies []string // the kinds' names
	Script  string
	DPS     float64 // damage per second taken, holding fire (the room lives throughout)
	Lasts   float64 // seconds a new character lasts at that rate
}

// Rooms measures every pair of hostile kinds (a kind with itself too) of
// a dungeon kind's table standing together: a room of two, as the
// Proving Grounds' rooms hold one or two.
func Rooms(c *game.Content, k *game.DungeonKind, depth int, script string) []Room {
	kinds := HostileKinds(c, k)
	var rooms []Room
	for i, a := range kinds {
		for _, b := range kinds[i:] {
			r := Room{Dungeon: k.Name, Depth: depth, Enemies: []string{c.Enemies[a].Name, c.Enemies[b].Name}, Script: script}
			taken := 0
			for s := range Samples {
				ar := newArena(c, []int{a, b}, depth, 1, sampleSeed(a*131+b*7, s))
				ar.holdFire = true
				t, _, _ := ar.run(script, 0, exposeTicks)
				taken += t
			}
			r.DPS = float64(taken) * game.TickRate / float64(exposeTicks*Samples)
			r.Lasts = lasts(float64(c.Player.MaxHP), r.DPS)
			rooms = append(rooms, r)
		}
	}
	return rooms
}

func lasts(hp, dps float64) float64 {
	if dps <= 0 {
		return math.Inf(1)
	}
	return hp / dps
}

// sampleSeed is sample s of a measurement: the same seeds on every floor,
// so floors differ only in their numbers.
func sampleSeed(base, s int) uint64 { return uint64(base) + uint64(s)*0x9E3779B97F4A7C15 }

// Samples is how many seeds each row averages: one 30 s run of a random
// dodger is noisy.
const Samples = 6

// arena is one measurement's world: a hall, the enemies in the middle, the
// players round them within their reach and sight.
type arena struct {
	w        *game.World
	rng      *rand.Rand
	centre   game.Vec
	players  []scripted
	holdFire bool // the scripts move but never fire
	bullets  []seen
}

// scripted is one player's own script state.
type scripted struct {
	id     uint16
	wander float64 // the dodger's own direction
	moveX  float64 // the dodger's chosen move, held between looks
	moveY  float64
	phase  int // the fight rule's turn offset
}

// seen is a bullet a dodger heeds.
type seen struct {
	x, y, vx, vy, r, d2 float64
}

// newArena builds the hall with kinds at its centre and n players round
// them. Players are sturdy unless real is set by the caller afterwards.
func newArena(c *game.Content, kinds []int, depth, n int, seed uint64) *arena {
	return newArenaHP(c, kinds, depth, n, seed, sturdyHP)
}

func newArenaHP(c *game.Content, kinds []int, depth, n int, seed uint64, hp int16) *arena {
	sturdy := *c
	sturdy.Player.MaxHP = hp
	centre := game.TileCenter(hallW/2, hallH/2)
	aggro := 0.0
	for _, k := range kinds {
		aggro = max(aggro, c.Enemies[k].Aggro)
	}
	reach := math.Min(aggro*startShare, float64(hallW/2-2)*game.TileSize)
	m := &game.Map{Name: "difficulty hall", Grid: hall(), Depth: depth, NoRespawn: true}
	for i := range n {
		r := reach
		if i%2 == 1 {
			r = math.Min(reach, float64(hallH/2-2)*game.TileSize)
		}
		ang := float64(i) * math.Pi / 2
		m.PlayerSpawns = append(m.PlayerSpawns, centre.Add(game.Vec{X: r * math.Cos(ang), Y: r * math.Sin(ang)}))
	}
	for i, k := range kinds {
		off := game.Vec{Y: (float64(i) - float64(len(kinds)-1)/2) * 80}
		m.EnemySpawns = append(m.EnemySpawns, game.EnemySpawn{Pos: centre.Add(off), Kind: k})
	}
	a := &arena{w: game.NewWorld(m, &sturdy, seed), rng: rand.New(rand.NewPCG(seed, 7)), centre: centre}
	for i := range n {
		id := uint16(i + 1)
		a.w.AddPlayer(id)
		a.players = append(a.players, scripted{id: id, wander: a.rng.Float64() * 2 * math.Pi, phase: i * 37})
	}
	for range game.SpawnGraceTicks {
		a.step(nil)
	}
	return a
}

// enterPhase wounds a boss (the first enemy) to just inside a phase.
func (a *arena) enterPhase(phase int) {
	if phase == 0 {
		return
	}
	st, _ := a.firstEnemy()
	below := a.w.Content().Enemies[st.Kind].Phases[phase].Below
	a.w.WoundEnemy(st.ID, st.HP-int16(below*float64(st.MaxHP)))
}

// run plays the script for up to limit ticks or until every enemy dies or
// the first leaves the phase, and returns the damage the players took, the
// ticks played and whether the enemies died or the phase ended.
func (a *arena) run(script string, phase, limit int) (taken, ticks int, killed bool) {
	if script == Still && !a.holdFire {
		return 0, 0, false // standing still never fires: there is nothing to kill with
	}
	for ticks = 1; ticks <= limit; ticks++ {
		for _, ev := range a.step(func(p *scripted) client.Intent { return a.intent(script, p) }) {
			if ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer {
				taken += int(ev.Amount)
			}
		}
		st, alive := a.firstEnemy()
		if !alive || int(st.Flags&game.EnemyPhaseMask) != phase {
			return taken, ticks, true
		}
	}
	return taken, limit, false
}

// enemies lists the living enemies as the bots see them.
func (a *arena) enemies() []client.Actor {
	var out []client.Actor
	a.w.EachEnemy(func(e game.EnemyState, _ game.Vec) {
		if e.HP > 0 {
			out = append(out, client.Actor{ID: e.ID, Kind: e.Kind, Pos: game.Vec{X: float64(e.X), Y: float64(e.Y)}, HP: e.HP, MaxHP: e.MaxHP})
		}
	})
	return out
}

// intent is what the script does this tick for one player.
func (a *arena) intent(script string, p *scripted) client.Intent {
	var in client.Intent
	pos, ok := a.w.PlayerPos(p.id)
	if !ok {
		return in
	}
	enemies := a.enemies()
	switch script {
	case Dodge:
		a.dodge(p, pos, enemies, &in)
	case Fight:
		side := 1.0
		if ((int(a.w.Tick())+p.phase)/75)%2 == 1 {
			side = -1 // turns as the bots do
		}
		bots.Fight(pos, enemies, 2*game.BulletInterestCeiling, side, &in)
	}
	if a.holdFire {
		in.Fire = false
	}
	return in
}

// dodge is the fair dodger (see Dodge).
func (a *arena) dodge(p *scripted, pos game.Vec, enemies []client.Actor, in *client.Intent) {
	target, dist := game.Vec{}, math.Inf(1)
	for _, e := range enemies {
		if d := e.Pos.Sub(pos).Len(); d < dist {
			target, dist = e.Pos, d
		}
	}
	if !math.IsInf(dist, 1) {
		in.Aim, in.Fire = math.Atan2(target.Y-pos.Y, target.X-pos.X), true
	}
	tick := a.w.Tick()
	if tick%dodgeTurn == uint32(p.phase%dodgeTurn) {
		p.wander = a.rng.Float64() * 2 * math.Pi
	}
	if tick%dodgeThink == uint32(p.phase%dodgeThink) {
		if a.rng.Float64() >= dodgeLapse { // a missed look keeps the last move
			a.choose(p, pos, target, dist)
		}
	}
	in.MoveX, in.MoveY = p.moveX, p.moveY
}

// choose picks the dodger's move for its next look.
func (a *arena) choose(p *scripted, pos, target game.Vec, dist float64) {
	a.bullets = a.bullets[:0]
	b := a.w.Bullets()
	for i := range b.Len() {
		if b.Team[i] != game.TeamEnemy {
			continue
		}
		dx, dy := float64(b.X[i])-pos.X, float64(b.Y[i])-pos.Y
		if d2 := dx*dx + dy*dy; d2 <= dodgeLook*dodgeLook {
			a.bullets = append(a.bullets, seen{x: dx, y: dy, vx: float64(b.VX[i]), vy: float64(b.VY[i]), r: float64(b.Radius[i]), d2: d2})
		}
	}
	// The nearest few only: a new player does not read a whole screen.
	for i := 0; i < len(a.bullets) && i < dodgeSees; i++ {
		for j := i + 1; j < len(a.bullets); j++ {
			if a.bullets[j].d2 < a.bullets[i].d2 {
				a.bullets[i], a.bullets[j] = a.bullets[j], a.bullets[i]
			}
		}
	}
	heeded := a.bullets[:min(len(a.bullets), dodgeSees)]
	speed := a.w.PlayerStats(p.id).Speed
	radius := float64(a.w.Content().Player.Radius)
	best, bestScore := -1, math.Inf(-1)
	for c := -1; c < 16; c++ {
		mx, my := 0.0, 0.0
		if c >= 0 {
			ang := float64(c) * math.Pi / 8
			mx, my = math.Cos(ang), math.Sin(ang)
		}
		score := 0.0
		for _, bl := range heeded {
			clear := math.Inf(1)
			for t := 0.0; t <= dodgeAhead; t += 3 {
				ex, ey := bl.x+bl.vx*t-mx*speed*t, bl.y+bl.vy*t-my*speed*t
				clear = min(clear, math.Hypot(ex, ey)-bl.r-radius)
			}
			if clear < 24 {
				score -= (24 - clear) * (24 - clear)
			}
		}
		// Its own wandering, a little.
		score += 6 * (mx*math.Cos(p.wander) + my*math.Sin(p.wander))
		// Back towards the fight when it strays.
		if !math.IsInf(dist, 1) {
			tx, ty := (target.X-pos.X)/dist, (target.Y-pos.Y)/dist
			if dist > 450 {
				score += 60 * (mx*tx + my*ty)
			} else if dist < 150 {
				score -= 60 * (mx*tx + my*ty)
			}
		}
		// Away from walls.
		ahead := game.Vec{X: pos.X + mx*speed*dodgeAhead, Y: pos.Y + my*speed*dodgeAhead}
		if a.w.Grid().CircleSolid(ahead, radius+16) {
			score -= 200
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	p.moveX, p.moveY = 0, 0
	if best >= 0 {
		ang := float64(best) * math.Pi / 8
		p.moveX, p.moveY = math.Cos(ang), math.Sin(ang)
	}
}

// step queues each living player's intent (nil: none) and steps the world.
func (a *arena) step(intent func(*scripted) client.Intent) []game.Event {
	for i := range a.players {
		p := &a.players[i]
		var in client.Intent
		if intent != nil {
			in = intent(p)
		}
		a.w.QueueInput(p.id, in.Frame(a.w.Tick()+1))
	}
	a.w.Step()
	return a.w.Events()
}

func (a *arena) firstEnemy() (game.EnemyState, bool) {
	var st game.EnemyState
	found := false
	a.w.EachEnemy(func(e game.EnemyState, _ game.Vec) {
		if !found {
			st, found = e, true
		}
	})
	return st, found
}

// hall is the measuring room: open floor walled round.
func hall() *game.Grid {
	g := game.NewGrid(hallW, hallH)
	for y := range hallH {
		for x := range hallW {
			tile := game.TileFloor
			if x == 0 || y == 0 || x == hallW-1 || y == hallH-1 {
				tile = game.TileWall
			}
			g.Set(x, y, tile)
		}
	}
	return g
}
