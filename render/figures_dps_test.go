package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/render/hud"
)

// The DPS a player reads is the damage a world deals: for every class,
// bare, with each upgrade (once and as often as it may be taken), with
// each piece of equipment and with every rider at once, the "DPS, one
// target" the inventory shows is the damage a second a ship of that
// loadout firing steadily into a Grunt-sized target dummy up close takes
// off it in a world, its split bullets and its poison's pulses included
// (docs/CONTENT.md, "Items, upgrades and loot").
//
// The tolerance: the measured window is 30 s of steady fire, so at most
// one volley (every bullet of a shot and the bullets their hits split
// into) and one poison pulse fall inside it on one edge and not the other;
// that, over the window, plus half a unit for the shown figure's rounding
// to a whole number, is all the two may differ by. For a Vanguard it is
// 0.5 + 23/30 ≈ 1.3 DPS of 90.
func TestTheDPSShownIsTheDamageMeasured(t *testing.T) {
	c := builtin(t).Content
	const window = 30 * game.TickRate
	type loadout struct {
		name string
		ups  []uint8
		worn [game.EquipSlots]int
	}
	var loadouts []loadout
	loadouts = append(loadouts, loadout{"bare", nil, game.NothingWorn()})
	for i, u := range c.Upgrades {
		loadouts = append(loadouts, loadout{u.Name, []uint8{uint8(i)}, game.NothingWorn()})
		if u.Max > 1 {
			loadouts = append(loadouts, loadout{fmt.Sprintf("%s ×%d", u.Name, u.Max), slices.Repeat([]uint8{uint8(i)}, u.Max), game.NothingWorn()})
		}
	}
	for d, it := range c.Items {
		if eq := it.Kind.EquipSlot(); eq >= 0 {
			worn := game.NothingWorn()
			worn[eq] = d
			loadouts = append(loadouts, loadout{it.Name, nil, worn})
		}
	}
	every := loadout{name: "every rider at once", worn: game.NothingWorn()}
	for _, id := range []string{"splinter", "splinter", "lance", "venom", "scattershot", "sharpened"} {
		every.ups = append(every.ups, upgradeIndex(t, c, id))
	}
	every.worn[game.EquipCharm] = itemDef(t, "viper_fang")
	every.worn[game.EquipWeapon] = itemDef(t, "twinshot_repeater")
	loadouts = append(loadouts, every)

	for ci := range c.Classes {
		for _, lo := range loadouts {
			t.Run(c.Classes[ci].Name+" "+lo.name, func(t *testing.T) {
				shown := shownDPS(t, c, uint8(ci), lo.ups, lo.worn)
				measured, st := measuredDPS(t, c, uint8(ci), lo.ups, lo.worn, window)
				volley := float64(max(st.Shots, 1)) * float64(int(st.Damage)+int(st.Split)*int(game.SplitDamage(st.Damage)))
				tol := 0.5 + (volley+float64(st.Poison))*game.TickRate/window
				t.Logf("shown %v, measured %.2f, tolerance %.2f", shown, measured, tol)
				assert.InDelta(t, measured, shown, tol, "shown %v, measured %.2f a second over %d s", shown, measured, window/game.TickRate)
			})
		}
	}
}

// shownDPS is the "DPS, one target" the inventory shows a character of
// this class, upgrades and gear.
func shownDPS(t *testing.T, c *game.Content, class uint8, ups []uint8, worn [game.EquipSlots]int) float64 {
	t.Helper()
	u := hud.NewItems(c, "the keeper")
	u.Class = class
	var p hud.Inventory
	p.Make(u, client.Sheet{Known: true, Level: 1, Bag: [game.BagSlots]int{-1, -1, -1, -1, -1, -1, -1, -1}, Worn: worn, Upgrades: ups})
	i := slices.IndexFunc(p.Stat, func(r hud.StatRow) bool { return r.Label == hud.DpsLabel })
	require.GreaterOrEqual(t, i, 0, "the inventory shows the DPS")
	v, err := strconv.ParseFloat(p.Stat[i].Value, 64)
	require.NoError(t, err)
	return v
}

// measuredDPS plays a ship of this loadout in a walled room, firing along
// +x at a still, harmless target dummy the size of a Grunt whose centre is
// 60 u ahead, and returns the damage a second the dummy takes over window
// ticks of steady fire (poison pulses included: its health is read), and
// the stats the world played.
func measuredDPS(t *testing.T, c *game.Content, class uint8, ups []uint8, worn [game.EquipSlots]int, window int) (float64, game.PlayerStats) {
	t.Helper()
	grunt := slices.IndexFunc(c.Enemies, func(e game.EnemyDef) bool { return e.ID == "grunt" })
	require.GreaterOrEqual(t, grunt, 0)
	cc := *c
	cc.Enemies = append(slices.Clone(c.Enemies), game.EnemyDef{ID: "dummy", Name: "Dummy", Radius: c.Enemies[grunt].Radius,
		MaxHP: math.MaxInt16, Phases: game.OnePhase(game.MoveStill, 0, 0, nil)})
	const cols, rows = 24, 12
	g := game.NewGrid(cols, rows)
	for y := range rows {
		for x := range cols {
			tile := game.TileFloor
			if x == 0 || y == 0 || x == cols-1 || y == rows-1 {
				tile = game.TileWall
			}
			g.Set(x, y, tile)
		}
	}
	ship := game.TileCenter(4, rows/2)
	m := &game.Map{Name: "range", Grid: g, PlayerSpawns: []game.Vec{ship},
		EnemySpawns: []game.EnemySpawn{{Pos: ship.Add(game.Vec{X: 60}), Kind: len(cc.Enemies) - 1}}}
	w := game.NewWorld(m, &cc, 1)
	w.AddPlayer(1)
	require.True(t, w.SetPlayerClass(1, class))
	require.True(t, w.SetPlayerUpgrades(1, ups))
	var items [game.EquipSlots]game.Item
	for i, d := range worn {
		if d >= 0 {
			items[i] = game.Item{ID: uint64(100 + i), Def: uint16(d)}
		}
	}
	require.True(t, w.SetPlayerItems(1, [game.BagSlots]game.Item{}, items))
	health := func() int {
		hp := -1
		w.EachEnemy(func(e game.EnemyState, _ game.Vec) { hp = int(e.HP) })
		require.GreaterOrEqual(t, hp, 0, "the dummy stands")
		return hp
	}
	fire := func(n int) {
		for range n {
			w.QueueInput(1, game.Input{Tick: w.Tick() + 1, Buttons: game.BtnFire})
			w.Step()
		}
	}
	full := health()
	for n := 0; health() == full; n++ { // arrival grace holds fire a while; then the first hit lands
		require.Less(t, n, 10*game.TickRate, "the dummy is hit")
		fire(1)
	}
	fire(2 * game.TickRate) // poison settles into its pulse
	before := health()
	fire(window)
	return float64(before-health()) * game.TickRate / float64(window), w.PlayerStats(1)
}
