package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// choiceRecorder notes the choices the panel sends and passes them on to
// the runtime, or sends another index in their place (to be refused).
type choiceRecorder struct {
	next    hud.UpgradeChooser
	calls   []int
	replace int // -1: send the choice as made
}

func (c *choiceRecorder) ChooseUpgrade(i int) error {
	c.calls = append(c.calls, i)
	if c.replace >= 0 {
		i = c.replace
	}
	return c.next.ChooseUpgrade(i)
}

func TestUpgradePanel(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	choices := &choiceRecorder{next: s.keeper.Act, replace: -1}
	s.keeper.Act = choices
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	var keeper game.Vec
	g := w.Grid()
	if i := slices.Index(g.Tiles, game.TileNPC); i >= 0 {
		keeper = game.TileCenter(i%g.W, i/g.W)
	}
	require.NotZero(t, keeper, "the hub has its keeper")
	w.Teleport(id, keeper.Add(game.Vec{X: game.TileSize}))
	steps := func(n int) {
		for range n {
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 40}})
		}
	}
	steps(10)
	t.Run("the keeper is found on its tile, and the ship is beside it", func(t *testing.T) {
		at, ok := s.keeper.Spot(s.rt, s.clock.frames)
		require.True(t, ok)
		assert.Equal(t, keeper, at)
		assert.True(t, s.keeper.Near(s.rt, s.clock.frames))
		assert.Equal(t, "The Keeper of Ways", s.keeper.Label)
	})
	t.Run("with nothing owed E is the usual interact and opens nothing", func(t *testing.T) {
		n := len(rec.intents)
		h.press(ui.FrameInput{Interact: true})
		assert.False(t, s.keeper.Open)
		assert.True(t, rec.intents[n].Interact)
	})
	host.Server.GrantXP(id, game.XPToNext(1))
	steps(30)
	require.Equal(t, 1, s.rt.Sheet().Owed)
	require.Len(t, s.rt.Sheet().Offer, 3)
	t.Run("E by the keeper with a choice owed opens the panel instead of interacting", func(t *testing.T) {
		n := len(rec.intents)
		h.press(ui.FrameInput{Interact: true})
		require.True(t, s.keeper.Open)
		assert.False(t, rec.intents[n].Interact)
	})
	t.Run("the panel shows the three options, each with numbers before → after and DPS", func(t *testing.T) {
		require.Len(t, s.keeper.Options, 3)
		for i, o := range s.keeper.Options {
			up := s.rt.Sheet().Offer[i]
			assert.True(t, strings.HasSuffix(o.Title, s.keeper.Content.Upgrades[up].Name), o.Title)
			assert.NotEmpty(t, o.Text)
			changed := 0
			for _, r := range o.Rows {
				if r.Changed {
					changed++
					assert.Contains(t, r.Value, " → ", "%s: %s", o.Title, r.Label)
				}
			}
			assert.Positive(t, changed, "%s changes something", o.Title)
			assert.Equal(t, "DPS, one target", o.Rows[len(o.Rows)-1].Label)
		}
	})
	t.Run("the panel takes the number keys and clicks: no item is used and nothing fires", func(t *testing.T) {
		choices.replace = 200 // refused: the test only looks at the intent here
		n := len(rec.intents)
		h.press(ui.FrameInput{Digit: 1, Mouse: ui.Mouse{Click: true, Held: true, X: 5, Y: 5}})
		got := rec.intents[n]
		assert.False(t, got.Use || got.Drop || got.Fire)
		steps(10)
		choices.calls, choices.replace = nil, -1
	})
	t.Run("a refused choice keeps the panel open with the server's words", func(t *testing.T) {
		require.True(t, s.keeper.Open)
		assert.Equal(t, "That upgrade is not on offer.", s.keeper.Status)
		assert.False(t, s.keeper.Asking)
	})
	t.Run("Esc closes it without sending a choice, the game not paused and the offer kept", func(t *testing.T) {
		offer := slices.Clone(s.rt.Sheet().Offer)
		h.press(ui.FrameInput{Back: true})
		assert.False(t, s.keeper.Open)
		assert.False(t, s.pause.open)
		steps(5)
		assert.Empty(t, choices.calls)
		assert.Equal(t, offer, s.rt.Sheet().Offer, "closing is not a reroll")
		assert.Equal(t, 1, s.rt.Sheet().Owed)
	})
	t.Run("pressing 2 takes the second option and the answer closes the panel", func(t *testing.T) {
		want := s.rt.Sheet().Offer[1]
		h.press(ui.FrameInput{Interact: true})
		require.True(t, s.keeper.Open)
		assert.Empty(t, s.keeper.Status, "a new opening forgets the old refusal")
		h.press(ui.FrameInput{Digit: 2})
		assert.True(t, s.keeper.Asking)
		h.press(ui.FrameInput{Digit: 3})
		assert.Equal(t, []int{1}, choices.calls, "one choice at a time")
		steps(10)
		sh := s.rt.Sheet()
		assert.Equal(t, []uint8{want}, sh.Upgrades)
		assert.Zero(t, sh.Owed)
		assert.Equal(t, uint8(wire.ActionUpgraded), sh.Action)
		assert.False(t, s.keeper.Open)
		assert.True(t, s.items.ToastUp("Took "+s.keeper.Content.Upgrades[want].Name, s.now()))
	})
	t.Run("walking out of reach closes the panel", func(t *testing.T) {
		host.Server.GrantXP(id, game.XPToNext(2))
		steps(10)
		require.Equal(t, 1, s.rt.Sheet().Owed)
		h.press(ui.FrameInput{Interact: true})
		require.True(t, s.keeper.Open)
		w.Teleport(id, keeper.Add(game.Vec{X: 6 * game.TileSize}))
		steps(10)
		assert.False(t, s.keeper.Open)
	})
	t.Run("the play screen draws with the bar, a tooltip, the panel and the banner", func(t *testing.T) {
		w.Teleport(id, keeper.Add(game.Vec{X: game.TileSize}))
		steps(10)
		h.press(ui.FrameInput{Interact: true})
		require.True(t, s.keeper.Open)
		s.items.ClearAt, s.items.ClearTxt = s.now(), []string{"The Proving Grounds cleared", "Ava: 120 XP, 4 kills, found nothing"}
		s.items.Hover = 0
		screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
		assert.NotPanics(t, func() { h.a.Draw(screen) })
		h.press(ui.FrameInput{Back: true})
		assert.NotPanics(t, func() { h.a.Draw(screen) })
	})
}

func TestPerFrameItemWorkAllocatesNothing(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	for range 10 {
		h.press(ui.FrameInput{})
	}
	self, _ := s.rt.Self()
	in := &ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 300}}
	allocs := allocsPerRun(20, func() {
		s.items.Update(s.rt, s.now(), true)
		var it client.Intent
		s.items.ItemIntent(in, s.win.W, s.win.H, false, false, &it)
		s.items.LootInReach(s.rt.Loot(), self.Pos, ebiten.KeyE)
		s.keeper.Near(s.rt, s.clock.frames)
		hud.PromptFor("", false, 0, "", s.items.KeyWord(ebiten.KeyE), s.items.NextText)
	})
	assert.Zero(t, allocs)
}

// Two upgrades owed are two picks in a row: the panel stays open on the
// next offer after the first, its number keys stay its own (none reaches
// the bag: no "Slot 2 is empty"), and it closes after the last.
func TestTheKeeperStaysOpenWhileUpgradesAreOwed(t *testing.T) {
	h, rec := hostedHarness(t)
	s := untilPlaying(t, h)
	host := hostOf(rec)
	id := s.rt.PlayerID()
	w := host.Server.World(id)
	g := w.Grid()
	i := slices.Index(g.Tiles, game.TileNPC)
	require.GreaterOrEqual(t, i, 0, "the hub has its keeper")
	w.Teleport(id, game.TileCenter(i%g.W, i/g.W).Add(game.Vec{X: game.TileSize}))
	steps := func(n int) {
		for range n {
			h.press(ui.FrameInput{Mouse: ui.Mouse{X: 700, Y: 40}})
		}
	}
	host.Server.GrantXP(id, game.XPToNext(1)+game.XPToNext(2))
	steps(30)
	require.Equal(t, 2, s.rt.Sheet().Owed)
	h.press(ui.FrameInput{Interact: true})
	require.True(t, s.keeper.Open)
	first := s.rt.Sheet().Offer[0]

	h.press(ui.FrameInput{Digit: 1})
	steps(10)
	sh := s.rt.Sheet()
	require.Equal(t, []uint8{first}, sh.Upgrades, "the first pick is taken")
	require.Equal(t, 1, sh.Owed)
	assert.True(t, s.keeper.Open, "one more owed: the panel stays open")
	assert.Equal(t, "Took "+s.keeper.Content.Upgrades[first].Name+". 1 more to choose.", s.keeper.Status)
	require.Len(t, s.keeper.Options, len(sh.Offer), "the cards are the new offer's")
	assert.True(t, strings.HasSuffix(s.keeper.Options[1].Title, s.keeper.Content.Upgrades[sh.Offer[1]].Name))

	n := len(rec.intents)
	second := sh.Offer[1]
	h.press(ui.FrameInput{Digit: 2})
	assert.False(t, rec.intents[n].Use || rec.intents[n].Drop, "the number key picks a card, not a bag slot")
	steps(10)
	sh = s.rt.Sheet()
	assert.Equal(t, []uint8{first, second}, sh.Upgrades, "the second pick is taken")
	assert.Zero(t, sh.Owed)
	assert.False(t, s.keeper.Open, "nothing owed: the panel closes")
	assert.False(t, s.items.ToastUp("Slot 2 is empty", s.now()))
	assert.Contains(t, h.log.String(), "duskfall: keeper took "+s.keeper.Content.Upgrades[second].Name+" owed=0")
}
