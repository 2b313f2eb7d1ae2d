package client

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// TestAbilityPredictionAgreesWithTheServer feeds the same frames to a
// server world and to the client's ability predictor, the grace flag
// passed as the record of the tick before shows it, and holds the two
// ability states equal after every tick: presses under arrival grace,
// presses while cooling down, held buttons and fresh presses.
func TestAbilityPredictionAgreesWithTheServer(t *testing.T) {
	c := builtin(t)
	arena, err := levels.LoadMap("arena", c)
	require.NoError(t, err)
	for ci := range c.Classes {
		cl := &c.Classes[ci]
		t.Run("the "+cl.Name+"'s "+cl.Ability.Kind.String()+" is predicted bit for bit", func(t *testing.T) {
			w := game.NewWorld(arena, c, 7)
			w.AddPlayer(1)
			require.True(t, w.SetPlayerClass(1, uint8(ci)))
			var a abilityPredictor
			uses, predicted := 0, 0
			for tick := uint32(1); tick <= 3000; tick++ {
				st, ok := w.PlayerState(1)
				require.True(t, ok)
				a.grace = st.Flags&game.PlayerGrace != 0
				f := game.Input{Tick: tick}
				// A press every 97 ticks held for 3, and a burst of presses every other tick now and then.
				if tick%97 < 3 || (tick%500 > 400 && tick%2 == 0) {
					f.Buttons |= game.BtnAbility
				}
				before := a.state
				a.step(f, &cl.Ability, st.Flags&game.PlayerDead != 0)
				if a.state.Cooldown == cl.Ability.Cooldown && before.Cooldown != cl.Ability.Cooldown {
					predicted++
				}
				require.Equal(t, game.InputAccepted, w.QueueInput(1, f))
				w.Step()
				for _, ev := range w.Events() {
					if ev.Kind == game.EvAbility {
						uses++
					}
				}
				require.Equal(t, w.PlayerAbility(1), a.state, "tick %d", tick)
			}
			assert.Positive(t, uses)
			assert.Equal(t, uses, predicted, "every use predicted, none invented")
		})
	}
}

func TestAbilityConfirmation(t *testing.T) {
	bomb := game.Ability{Kind: game.AbilityBomb, Cooldown: 100, Radius: 50}
	t.Run("the server's word sets the cooldown from the tick it happened", func(t *testing.T) {
		a := abilityPredictor{tick: 50}
		a.confirm(40, &bomb)
		assert.Equal(t, 90, a.state.Cooldown)
	})
	t.Run("a word of unknown tick changes nothing", func(t *testing.T) {
		a := abilityPredictor{tick: 50, state: game.AbilityState{Cooldown: 3}}
		a.confirm(0, &bomb)
		assert.Equal(t, 3, a.state.Cooldown)
	})
}
