package game

import "math"

// The clear's reward (docs/CONTENT.md, "The clear's reward"). A boss's xp
// is the reward for clearing its floor, and it follows the fight: when the
// boss dies, each living player in its world is paid the boss's xp (grown
// with the floor, as a kill's is) times its part in the fight. A part is
// the larger of two shares, neither above 1:
//
//   - time: the ticks the player was in the fight (alive, out of arrival
//     grace, in the boss's reach and sight: where the boss could fire at
//     it) over the ticks the boss was awake (since it first saw a player);
//   - damage: what it dealt the boss, over an even split among the living
//     players of what every player dealt it.
//
// A part under ClearMinPart pays nothing: a player who walked in for the
// fight's last few seconds, or fired a few shots from the doorway, did not
// fight it. Nor does a player who joined the fight (first came into the
// boss's reach and sight, or first hit it) in its last ClearLateTicks and
// after its first half: in a short fight a late second is a large share,
// and a player there from the fight's first half fought a fight that short.
// The dead are paid nothing, as before.

// ClearMinPart is the least part of a fight that is paid.
const ClearMinPart = 0.25

// ClearLateTicks is how late in a fight a player may join and be paid, if
// it joined after the fight's first half: 3 s.
const ClearLateTicks = 3 * TickRate

// FightPart is what one player did in a boss fight.
type FightPart struct {
	Dealt  int // damage it dealt the boss, poison included
	Ticks  int // ticks it was in the fight: alive, out of grace, in the boss's reach and sight
	Joined int // the fight's ticks when it joined: first in the fight, or first hit the boss
}

// Fight is a whole boss fight, as the shares need it.
type Fight struct {
	Ticks int // ticks the boss was awake, from first seeing a player to its death
	Dealt int // damage every player dealt it
	Party int // the living players paid: the even split's divisor
}

// ClearPart is a player's part of a fight, 0 or from ClearMinPart to 1.
func ClearPart(p FightPart, f Fight) float64 {
	if f.Ticks-p.Joined < ClearLateTicks && 2*p.Joined > f.Ticks {
		return 0 // it joined in the last seconds of a fight it missed the first half of
	}
	time := float64(p.Ticks) / float64(max(f.Ticks, 1))
	damage := 0.0
	if f.Dealt > 0 {
		damage = float64(p.Dealt) * float64(max(f.Party, 1)) / float64(f.Dealt)
	}
	part := min(max(time, damage), 1)
	if part < ClearMinPart {
		return 0
	}
	return part
}

// ClearXP is the clear's reward for a part of the fight against the boss
// def on floor depth: its xp grown with the floor, times the part, rounded.
func ClearXP(def *EnemyDef, depth int, part float64) int {
	if def.XP <= 0 || part <= 0 {
		return 0
	}
	full := scaleI16(int16(min(def.XP, math.MaxInt16)), DepthHealth(depth))
	return int(float64(full)*min(part, 1) + 0.5)
}

// fighter is one player's part in a boss's fight, kept on the boss.
type fighter struct {
	id uint16
	FightPart
}

// fightersCap is the fighters a boss has room for before its list grows:
// a party of eight never allocates during a fight.
const fightersCap = 8

// fighterOf is player id's part of boss e's fight, added when new: it
// joins the fight now.
func (e *enemy) fighterOf(id uint16) *FightPart {
	for i := range e.fighters {
		if e.fighters[i].id == id {
			return &e.fighters[i].FightPart
		}
	}
	e.fighters = append(e.fighters, fighter{id: id, FightPart: FightPart{Joined: e.fightTicks}})
	return &e.fighters[len(e.fighters)-1].FightPart
}

// partOf is player id's part of boss e's fight, zero when it had none.
func (e *enemy) partOf(id uint16) FightPart {
	for i := range e.fighters {
		if e.fighters[i].id == id {
			return e.fighters[i].FightPart
		}
	}
	return FightPart{}
}

// creditBoss notes damage a player dealt a boss.
func (w *World) creditBoss(e *enemy, by uint16, dealt int16) {
	if !e.def.Boss || dealt <= 0 {
		return
	}
	e.fightDealt += int(dealt)
	e.fighterOf(by).Dealt += int(dealt)
}

// watchFight counts a tick of an awake boss's fight, and a tick in it for
// every player the boss could fire at.
func (w *World) watchFight(e *enemy) {
	e.fightTicks++
	reach := e.def.Aggro * e.def.Aggro
	for i := range w.players {
		p := &w.players[i]
		if !p.dead && p.grace == 0 && p.pos.Dist2(e.pos) <= reach && w.grid.LineClear(e.pos, p.pos) {
			e.fighterOf(p.id).Ticks++
		}
	}
}

// payClear pays each living player its part of the clear's reward.
func (w *World) payClear(e *enemy) {
	living := 0
	for i := range w.players {
		if !w.players[i].dead {
			living++
		}
	}
	f := Fight{Ticks: e.fightTicks, Dealt: e.fightDealt, Party: living}
	for i := range w.players {
		p := &w.players[i]
		if p.dead {
			continue
		}
		if xp := ClearXP(e.def, w.mp.Depth, ClearPart(e.partOf(p.id), f)); xp > 0 {
			w.emit(Event{Kind: EvXP, Reason: XPFromClear, ID: p.id, Amount: int16(xp), Other: e.id})
		}
	}
}
