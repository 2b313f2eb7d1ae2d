package client

import (
	"time"

	"duskfall/game"
)

// Ability prediction (docs/NETCODE.md, "Abilities"). The server decides an
// ability from the input frame with game.StepAbility; the client runs the
// very same function over every frame it sends, with the same press edge
// and the grace its own snapshot record shows, so the cooldown it shows is
// the one the server keeps. The step comes before the frame's move, as on
// the server: a dash moves the ship from the tick it is pressed
// (game.MoveShip), and the move each frame's dash made is kept by tick so
// that reconciliation replays the frames still in flight with the dash
// they were predicted with. The server's EvAbility for the own ship is the
// word that counts: it confirms a use (AbilitiesUsed) and, should the
// prediction have missed or invented one (a lost frame the server coasted
// on, grace ending a tick apart), sets the cooldown and the lasting effect
// from the tick it happened; the ship's place is then set right by the
// snapshots, as any misprediction is.

// abilityPredictor is the own ship's ability as the client predicts it.
type abilityPredictor struct {
	state game.AbilityState
	held  bool   // the ability bit of the previous frame: the press edge
	tick  uint32 // the newest frame stepped
	grace bool   // the own record's grace flag, from the latest snapshot
	dash  [dashMemory]dashAt
}

// dashAt is the dash move one frame was predicted with (zero: none).
type dashAt struct {
	tick uint32
	step game.Vec
}

// dashMemory is how many frames' dash moves are kept: as many as frames
// may be pending.
const dashMemory = 256

// step runs one sent frame through the ability rule and returns the dash
// move the frame makes (zero when no dash is under way).
func (a *abilityPredictor) step(f game.Input, ab *game.Ability, dead bool) game.Vec {
	down := f.Buttons&game.BtnAbility != 0
	pressed := down && !a.held
	a.held, a.tick = down, f.Tick
	if dead {
		a.state = game.AbilityState{} // the server resets it on the respawn
	} else {
		game.StepAbility(&a.state, pressed, a.grace, f, ab)
	}
	step := a.state.DashStep()
	a.dash[f.Tick%dashMemory] = dashAt{tick: f.Tick, step: step}
	return step
}

// dashOf is the dash move frame tick was predicted with.
func (a *abilityPredictor) dashOf(tick uint32) game.Vec {
	if d := a.dash[tick%dashMemory]; d.tick == tick {
		return d.step
	}
	return game.Vec{}
}

// confirm applies the server's EvAbility of tick at (0: unknown) for the
// own ship: the cooldown and any lasting effect run from that tick.
func (a *abilityPredictor) confirm(at uint32, ab *game.Ability) {
	if at == 0 || int32(a.tick-at) < 0 {
		return
	}
	since := int(a.tick - at)
	a.state.Cooldown = max(ab.Cooldown-since, 0)
	a.state.Buffered = false
	active, guard := ab.Lasting()
	a.state.Active, a.state.Guard = max(active-since, 0), max(guard-since, 0)
}

// AbilityUse is one ability the server announced, for the window's effect.
type AbilityUse struct {
	ID      uint16 // the player
	Ability game.Ability
	At      time.Time
	Pos     game.Vec // where the ship was as it used it: where a decoy stands
}

// maxAbilityUses is how many recent uses the client keeps for effects.
const maxAbilityUses = 8

// noteAbility records an EvAbility: any player's, for the effect; the own
// ship's also confirms the prediction.
func (r *Runtime) noteAbility(ev *game.Event, at uint32) {
	c := r.cfg.Content
	if int(ev.Reason) >= len(c.Classes) {
		return // a class this build does not have: nothing to show
	}
	use := AbilityUse{ID: ev.ID, Ability: c.Classes[ev.Reason].Ability, At: r.cfg.Now(),
		Pos: game.Vec{X: float64(ev.X), Y: float64(ev.Y)}}
	if ev.ID == r.id && r.Class() != nil {
		use.Ability = r.pab // the own gear's reach and length; a friend's are its class's (the event names no gear)
	}
	if len(r.abilityUses) == maxAbilityUses {
		copy(r.abilityUses, r.abilityUses[1:])
		r.abilityUses = r.abilityUses[:maxAbilityUses-1]
	}
	r.abilityUses = append(r.abilityUses, use)
	if ev.ID != r.id {
		return
	}
	r.stats.AbilitiesUsed++
	if cl := r.Class(); cl != nil {
		r.ability.confirm(at, &r.pab)
	}
}

// Ability is the own ship's class ability as its gear changes it (nil
// when content has none) and its predicted state: the cooldown left and a
// lasting effect's ticks.
func (r *Runtime) Ability() (*game.Ability, game.AbilityState) {
	if r.Class() == nil {
		return nil, game.AbilityState{}
	}
	return &r.pab, r.ability.state
}

// RecentAbilities is the abilities announced lately, oldest first; the
// slice is the client's and valid until the next Receive.
func (r *Runtime) RecentAbilities() []AbilityUse { return r.abilityUses }

// PlayerPos is where a ship is drawn: the own ship's, or another's as
// interpolated; false for a ship not in view.
func (r *Runtime) PlayerPos(id uint16) (game.Vec, bool) {
	if r.view.hasSelf && id == r.id {
		return r.view.self.Pos, true
	}
	for _, p := range r.view.players {
		if p.ID == id {
			return p.Pos, true
		}
	}
	return game.Vec{}, false
}

// noAbility is the ability of no character.
var noAbility game.Ability
