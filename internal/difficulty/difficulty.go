// Package difficulty measures what each threat asks of a player. It plays
// one enemy (or one phase of a boss) at a time in a walled hall, on a
// dungeon kind's floor depth, against one scripted player, and reports the
// damage per second the player takes while the threat lives (a run in
// which the player moves by its script but holds fire, so the threat is
// measured for the whole exposure) and the seconds the player needs to
// kill it (a second run, firing). The scripts are a player standing still, one dodging at random
// while firing, and the bots' fight rule (bots.Fight). Everything runs on
// game.World with its seeded RNG, so a row is the same on every machine;
// docs/CONTENT.md keeps the table and how it was tuned from it.
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
	Dodge = "dodge" // walks in a new random direction every half second, firing at the enemy
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
	dodgeTurn    = 30    // ticks between a dodger's turns
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
			seen := map[int]bool{}
			for _, e := range k.Enemies {
				if seen[e.Kind] || !c.Enemies[e.Kind].Hostile {
					continue
				}
				seen[e.Kind] = true
				for _, s := range Scripts {
					rows = append(rows, Measure(c, k.Name, e.Kind, 0, d, s))
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
		// The same seeds on every floor: the same play, only the floor's numbers differ.
		seed := uint64(kind*131+phase*17) + uint64(s)*0x9E3779B97F4A7C15
		exposed := newArena(c, kind, depth, seed)
		exposed.enterPhase(phase)
		exposed.holdFire = true
		t, _, _ := exposed.run(script, phase, exposeTicks)
		taken += t
		fought := newArena(c, kind, depth, seed)
		fought.enterPhase(phase)
		if _, ticks, killed := fought.run(script, phase, killCap); killed {
			killTicks, kills = killTicks+ticks, kills+1
		}
	}
	row.DPS = float64(taken) * game.TickRate / float64(exposeTicks*Samples)
	row.Lasts = math.Inf(1)
	if row.DPS > 0 {
		row.Lasts = float64(c.Player.MaxHP) / row.DPS
	}
	if kills == Samples {
		row.TTK = float64(killTicks) / float64(kills) / game.TickRate
	}
	return row
}

// Samples is how many seeds each row averages: one 30 s run of a random
// dodger is noisy.
const Samples = 6

// arena is one measurement's world: a hall, the enemy in the middle, the
// player within its reach and sight.
type arena struct {
	w        *game.World
	rng      *rand.Rand
	enemy    game.Vec
	dir      float64
	holdFire bool // the script moves but never fires
}

func newArena(c *game.Content, kind, depth int, seed uint64) *arena {
	sturdy := *c
	sturdy.Player.MaxHP = sturdyHP
	def := &c.Enemies[kind]
	centre := game.TileCenter(hallW/2, hallH/2)
	reach := math.Min(def.Aggro*startShare, float64(hallW/2-2)*game.TileSize)
	m := &game.Map{Name: "difficulty hall", Grid: hall(), Depth: depth,
		PlayerSpawns: []game.Vec{centre.Add(game.Vec{X: reach})},
		EnemySpawns:  []game.EnemySpawn{{Pos: centre, Kind: kind}}}
	a := &arena{w: game.NewWorld(m, &sturdy, seed), rng: rand.New(rand.NewPCG(seed, 7)), enemy: centre}
	a.w.AddPlayer(1)
	for range game.SpawnGraceTicks {
		a.step(client.Intent{})
	}
	return a
}

// enterPhase wounds a boss to just inside a phase.
func (a *arena) enterPhase(phase int) {
	if phase == 0 {
		return
	}
	hp, maxHP := a.enemyHealth()
	below := a.w.Content().Enemies[a.kind()].Phases[phase].Below
	a.w.WoundEnemy(0, hp-int16(below*float64(maxHP)))
}

// run plays the script for up to limit ticks or until the enemy dies or
// leaves the phase, and returns the damage the player took, the ticks
// played and whether the enemy died or left the phase.
func (a *arena) run(script string, phase, limit int) (taken, ticks int, killed bool) {
	if script == Still && !a.holdFire {
		return 0, 0, false // standing still never fires: there is nothing to kill with
	}
	for ticks = 1; ticks <= limit; ticks++ {
		for _, ev := range a.step(a.intent(script)) {
			if ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer {
				taken += int(ev.Amount)
			}
		}
		st, alive := a.enemyState()
		if !alive || int(st.Flags&game.EnemyPhaseMask) != phase {
			return taken, ticks, true
		}
	}
	return taken, limit, false
}

// intent is what the script does this tick.
func (a *arena) intent(script string) client.Intent {
	var in client.Intent
	pos, _ := a.w.PlayerPos(1)
	st, alive := a.enemyState()
	switch script {
	case Dodge:
		if a.w.Tick()%dodgeTurn == 0 {
			a.dir = a.rng.Float64() * 2 * math.Pi
		}
		in.MoveX, in.MoveY = math.Cos(a.dir), math.Sin(a.dir)
		if alive {
			in.Aim, in.Fire = math.Atan2(float64(st.Y)-pos.Y, float64(st.X)-pos.X), true
		}
	case Fight:
		if alive {
			enemies := []client.Actor{{ID: st.ID, Kind: st.Kind, Pos: game.Vec{X: float64(st.X), Y: float64(st.Y)}, HP: st.HP, MaxHP: st.MaxHP}}
			side := 1.0
			if (a.w.Tick()/75)%2 == 1 {
				side = -1 // turns as the bots do
			}
			bots.Fight(pos, enemies, 2*game.BulletInterestCeiling, side, &in)
		}
	}
	if a.holdFire {
		in.Fire = false
	}
	return in
}

func (a *arena) step(in client.Intent) []game.Event {
	a.w.QueueInput(1, in.Frame(a.w.Tick()+1))
	a.w.Step()
	return a.w.Events()
}

func (a *arena) kind() int {
	st, _ := a.enemyState()
	return int(st.Kind)
}

func (a *arena) enemyState() (game.EnemyState, bool) {
	var st game.EnemyState
	found := false
	a.w.EachEnemy(func(e game.EnemyState, _ game.Vec) { st, found = e, true })
	return st, found
}

func (a *arena) enemyHealth() (hp, maxHP int16) {
	st, _ := a.enemyState()
	return st.HP, st.MaxHP
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
