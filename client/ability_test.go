package client

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// withNewAbilities is content with two classes more, on the first's
// stats: a dash and a decoy, as a class of each would carry them; and
// vanes, the dasher's gear, that carry its dash further and sooner.
func withNewAbilities(c *game.Content) *game.Content {
	cc := *c
	base := c.Classes[0]
	dash, decoy := base, base
	dash.ID, dash.Name, dash.Ship = "test_dasher", "Dasher", "test_dasher"
	dash.Ability = game.Ability{Kind: game.AbilityDash, Name: "Dash", Cooldown: 180, Distance: 150, Duration: 10, Invulnerable: 8}
	decoy.ID, decoy.Name, decoy.Ship = "test_lurer", "Lurer", "test_lurer"
	decoy.Ability = game.Ability{Kind: game.AbilityDecoy, Name: "Decoy", Cooldown: 720, Duration: 240}
	cc.Classes = append(append([]game.Class(nil), c.Classes...), dash, decoy)
	cc.Items = append(append([]game.ItemDef(nil), c.Items...), game.ItemDef{ID: "test_vanes", Name: "Vanes", Kind: game.ItemCharm,
		Classes: 1 << (len(cc.Classes) - 2), Mods: game.StatMods{Ability: game.AbilityMods{Distance: 60, Cooldown: -40, Duration: 2}}})
	return &cc
}

// wanderFrame walks a slow circle, aiming ahead: a dash pressed on it
// goes where the ship walks, and one now and then (move let go) where it
// aims.
func wanderFrame(tick uint32) game.Input {
	a := float64(tick) / 70
	f := game.Input{Tick: tick, MoveX: int8(math.Round(math.Cos(a) * 100)), MoveY: int8(math.Round(math.Sin(a) * 100)),
		Aim: game.AimFromAngle(a)}
	if tick%600 < 150 {
		f.MoveX, f.MoveY = 0, 0
	}
	return f
}

// TestAbilityPredictionAgreesWithTheServer feeds the same frames to a
// server world and to the client's predictors as SendInput runs them (the
// ability step, then the move with the dash it made), the grace flag
// passed as the record of the tick before shows it, and holds the two
// ability states and the ship's place equal, bit for bit, after every
// tick: presses under arrival grace, presses while cooling down and in the
// input buffer, held buttons and fresh presses, dashes into the arena's
// walls.
func TestAbilityPredictionAgreesWithTheServer(t *testing.T) {
	c := withNewAbilities(builtin(t))
	arena, err := levels.LoadMap("arena", c)
	require.NoError(t, err)
	quiet := *arena
	quiet.EnemySpawns = nil // the ship walks everywhere: nothing here kills it
	for ci := range c.Classes {
		cl := &c.Classes[ci]
		t.Run("the "+cl.Name+"'s "+cl.Ability.Kind.String()+" is predicted bit for bit", func(t *testing.T) {
			w := game.NewWorld(&quiet, c, 7)
			w.AddPlayer(1)
			require.True(t, w.SetPlayerClass(1, uint8(ci)))
			ab := cl.Ability
			if cl.ID == "test_dasher" { // it wears its vanes: the ability the server plays is the gear's
				var worn [game.EquipSlots]game.Item
				worn[game.ItemCharm.EquipSlot()] = game.Item{ID: 9, Def: uint16(len(c.Items) - 1)}
				require.True(t, w.SetPlayerItems(1, [game.BagSlots]game.Item{}, worn))
				ab = game.EffectiveAbility(c, game.Loadout{Class: uint8(ci), Worn: game.WornDefs(&worn)})
				require.NotEqual(t, cl.Ability, ab)
				require.Equal(t, ab, w.PlayerAbilityOf(1))
			}
			var a abilityPredictor
			var p predictor
			start, _ := w.PlayerPos(1)
			p.pos = start
			uses, predicted, buffered := 0, 0, 0
			for tick := uint32(1); tick <= 3000; tick++ {
				st, ok := w.PlayerState(1)
				require.True(t, ok)
				a.grace = st.Flags&game.PlayerGrace != 0
				f := wanderFrame(tick)
				// A press every 97 ticks held for 3, and a burst of presses every other tick now and then.
				if tick%97 < 3 || (tick%500 > 400 && tick%2 == 0) {
					f.Buttons |= game.BtnAbility
				}
				// And, every other cooldown, a press 4 ticks early: the input buffer keeps it.
				if a.state.Cooldown == 4 && (tick/64)%2 == 0 {
					f.Buttons |= game.BtnAbility
				}
				before := a.state
				p.step(f, a.step(f, &ab, st.Flags&game.PlayerDead != 0), w.PlayerStats(1), w.Grid())
				if a.state.Cooldown == ab.Cooldown && before.Cooldown != ab.Cooldown {
					predicted++
					if f.Buttons&game.BtnAbility == 0 {
						buffered++
					}
				}
				require.Equal(t, game.InputAccepted, w.QueueInput(1, f))
				w.Step()
				for _, ev := range w.Events() {
					if ev.Kind == game.EvAbility {
						uses++
					}
				}
				require.Equal(t, w.PlayerAbility(1), a.state, "tick %d", tick)
				auth, _ := w.PlayerPos(1)
				require.Equal(t, auth, p.pos, "tick %d: the predicted ship is the server's", tick)
			}
			assert.Positive(t, uses)
			assert.Equal(t, uses, predicted, "every use predicted, none invented")
			t.Logf("%d uses, %d of them from the input buffer", uses, buffered)
			assert.Positive(t, buffered, "some presses were kept by the input buffer")
		})
	}
}

func TestADashInFlightIsReplayedAsPredicted(t *testing.T) {
	dash := game.Ability{Kind: game.AbilityDash, Cooldown: 180, Distance: 150, Duration: 10, Invulnerable: 8}
	r := predictingClient()
	for tick := uint32(1); tick <= 8; tick++ {
		f := east(tick)
		if tick == 3 {
			f.Buttons |= game.BtnAbility
		}
		r.pending = append(r.pending, f)
		r.pred.step(f, r.ability.step(f, &dash, false), r.pstats, r.grid)
	}
	require.InDelta(t, 100+2*4+6*15, r.pred.pos.X, 1e-9, "two steps of walk, six of dash")
	r.serverSays(100+2*4+3*15, 5, 0) // the server has the dash three ticks in
	assert.InDelta(t, 100+2*4+6*15, r.pred.pos.X, 1e-9, "the three frames in flight replay the dash")
	assert.Zero(t, r.stats.Corrections)
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
