package client

import (
	"time"

	"duskfall/game"
)

// Ability prediction (docs/NETCODE.md, "Abilities"). The server decides an
// ability from the input frame with game.StepAbility; the client runs the
// very same function over every frame it sends, with the same press edge
// and the grace its own snapshot record shows, so the cooldown it shows is
// the one the server keeps. An ability moves nothing, so position
// prediction is untouched. The server's EvAbility for the own ship is the
// word that counts: it confirms a use (AbilitiesUsed) and, should the
// prediction have missed or invented one (a lost frame the server coasted
// on, grace ending a tick apart), sets the cooldown from the tick it
// happened.

// abilityPredictor is the own ship's ability as the client predicts it.
type abilityPredictor struct {
	state game.AbilityState
	held  bool   // the ability bit of the previous frame: the press edge
	tick  uint32 // the newest frame stepped
	grace bool   // the own record's grace flag, from the latest snapshot
}

// step runs one sent frame through the ability rule.
func (a *abilityPredictor) step(f game.Input, ab *game.Ability, dead bool) {
	down := f.Buttons&game.BtnAbility != 0
	pressed := down && !a.held
	a.held, a.tick = down, f.Tick
	if dead {
		a.state = game.AbilityState{} // the server resets it on the respawn
		return
	}
	game.StepAbility(&a.state, pressed, a.grace, ab)
}

// confirm applies the server's EvAbility of tick at (0: unknown) for the
// own ship: the cooldown runs from that tick.
func (a *abilityPredictor) confirm(at uint32, ab *game.Ability) {
	if at == 0 || int32(a.tick-at) < 0 {
		return
	}
	since := int(a.tick - at)
	a.state.Cooldown = max(ab.Cooldown-since, 0)
	if ab.Kind == game.AbilityShield {
		a.state.Active = max(ab.Duration-since, 0)
	}
}

// AbilityUse is one ability the server announced, for the window's effect.
type AbilityUse struct {
	ID      uint16 // the player
	Ability game.Ability
	At      time.Time
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
	use := AbilityUse{ID: ev.ID, Ability: c.Classes[ev.Reason].Ability, At: r.cfg.Now()}
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
		r.ability.confirm(at, &cl.Ability)
	}
}

// Ability is the own ship's class ability (nil when content has none) and
// its predicted state: the cooldown left and a lasting effect's ticks.
func (r *Runtime) Ability() (*game.Ability, game.AbilityState) {
	cl := r.Class()
	if cl == nil {
		return nil, game.AbilityState{}
	}
	return &cl.Ability, r.ability.state
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
