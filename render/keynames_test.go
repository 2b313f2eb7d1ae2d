package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/net/wire"
	"duskfall/render/hud"
	"duskfall/render/ui"
)

// Every prompt, hint and controls line names the key an action is bound to
// now: rebind every action to a key no default uses, and scan them all.
func TestEveryPromptNamesTheReboundKey(t *testing.T) {
	h, _ := hostedHarness(t)
	s := untilPlaying(t, h)
	rebound := map[int]ebiten.Key{
		ui.ActUp: ebiten.KeyZ, ui.ActLeft: ebiten.KeyQ, ui.ActDown: ebiten.KeyX, ui.ActRight: ebiten.KeyC,
		ui.ActInteract: ebiten.KeyG, ui.ActLeave: ebiten.KeyH, ui.ActNetGraph: ebiten.KeyF4, ui.ActInventory: ebiten.KeyK, ui.ActAbility: ebiten.KeyB,
		ui.ActFocus: ebiten.KeyControl, ui.ActSlot1: ebiten.KeyR, ui.ActSlot1 + 1: ebiten.KeyT, ui.ActSlot1 + 2: ebiten.KeyY, ui.ActSlot1 + 3: ebiten.KeyU,
		ui.ActSlot1 + 4: ebiten.KeyO, ui.ActSlot1 + 5: ebiten.KeyP, ui.ActSlot1 + 6: ebiten.KeyL, ui.ActSlot1 + 7: ebiten.KeyM,
	}
	require.Len(t, rebound, ui.NumActions, "the test rebinds every action")
	for act, k := range rebound {
		ui.Bind(&h.a.settings, act, k)
	}
	h.a.applyInput()
	keys := h.a.col.Keys
	for act, k := range rebound {
		require.Equal(t, k, keys[act], "%s is bound", ui.Actions[act].Label)
	}
	defaults := []string{"WASD", "E take", "E:", "hold F", "I inventory", "I or Esc", "F3", "Space", "Shift focus", "1-8"}

	screen := ebiten.NewImage(ui.WindowWidth, ui.WindowHeight)
	h.a.Draw(screen) // the text cache the lines are measured with
	var prompts []string
	for _, w := range []int{4000, 900, 300} {
		prompts = append(prompts, s.hud.HelpLine(h.a.Gfx, keys, w, 1))
	}
	loot := []wire.GroundLoot{{Def: 0, X: 100, Y: 100}}
	prompts = append(prompts,
		s.items.LootInReach(loot, game.Vec{X: 100, Y: 100}, keys[ui.ActInteract]),
		hud.PromptFor("", true, 1, "", s.items.KeyWord(keys[ui.ActInteract]), ""),
	)
	s.inv.Open = true
	h.a.Draw(screen)
	prompts = append(prompts, s.inv.Foot)
	require.NotEmpty(t, s.rt.Portals(), "the hub has portals")
	prompts = append(prompts, s.portalPrompt(s.rt.Portals()[0].Pos))

	wants := []struct {
		name, want string
		in         []int // which prompts must say it
	}{
		{"the move keys in the controls line", "ZQXC move", []int{0, 1}},
		{"the interact key in the controls line", "G take/use", []int{0, 1}},
		{"the inventory key in the controls line", "K inventory", []int{0, 1}},
		{"the leave key in the controls line", "hold H leave", []int{0, 1}},
		{"the ability key in the controls line", "B ability", []int{0}},
		{"the focus key in the controls line", "Ctrl focus", []int{0}},
		{"the bag slots' keys in the controls line", "R/T/Y/U/O/P/L/M item", []int{0, 1}},
		{"the interact key in the pickup prompt", "G: take Healing Potion", []int{3}},
		{"the interact key at the keeper", "G: choose an upgrade", []int{4}},
		{"the inventory key on the inventory", "K or Esc closes", []int{5}},
	}
	for _, w := range wants {
		t.Run(w.name+" is the one bound", func(t *testing.T) {
			for _, i := range w.in {
				assert.Contains(t, prompts[i], w.want, "prompt %d", i)
			}
		})
	}
	t.Run("no prompt names a default key that is no longer bound", func(t *testing.T) {
		for i, p := range prompts {
			for _, d := range defaults {
				assert.NotContains(t, p, d, "prompt %d: %q", i, p)
			}
		}
	})
	t.Run("the bar labels each bag slot with its key", func(t *testing.T) {
		s.inv.Open = false
		h.press(ui.FrameInput{})
		assert.Equal(t, []string{"R", "T", "Y", "U", "O", "P", "L", "M"}, s.items.SlotLabel[:game.BagSlots])
		assert.Equal(t, "R/T/Y/U/O/P/L/M", s.items.SlotsWord, "as the bag-full words name them")
	})
	t.Run("the portal prompt names the interact key", func(t *testing.T) {
		assert.True(t, strings.HasPrefix(prompts[len(prompts)-1], "Press G: "), prompts[len(prompts)-1])
	})
}
