package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/net/wire"
)

// serverStats plays a character of this class, upgrades and worn item
// defs in a world as the server does (class, then upgrades, then items)
// and returns the stats and the snapshot record the world gives it, its
// health whole.
func serverStats(t *testing.T, c *game.Content, m *game.Map, class uint8, ups []uint8, worn [game.EquipSlots]int) (game.PlayerStats, game.PlayerState) {
	t.Helper()
	w := game.NewWorld(m, c, 1)
	w.AddPlayer(1)
	require.True(t, w.SetPlayerClass(1, class))
	require.True(t, w.SetPlayerUpgrades(1, ups))
	var items [game.EquipSlots]game.Item
	for i, d := range worn {
		if d >= 0 {
			items[i] = game.Item{ID: uint64(50 + i), Def: uint16(d)}
		}
	}
	require.True(t, w.SetPlayerItems(1, [game.BagSlots]game.Item{}, items))
	require.True(t, w.SetPlayerHealth(1, math.MaxInt16)) // a new character comes in whole
	ps, ok := w.PlayerState(1)
	require.True(t, ok)
	return w.PlayerStats(1), ps
}

// tenth says a figure as the window does: to a tenth, without ".0".
func tenth(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// shownRows are the figures a stats column shows for st, by label, said
// from the server's numbers: per-tick figures per second, DPS whole.
func shownRows(st game.PlayerStats) map[string]string {
	rows := map[string]string{
		"damage":              fmt.Sprint(st.Damage),
		"fire rate (shots/s)": tenth(float64(game.TickRate) / float64(st.FireCooldown)),
		"bullet speed (u/s)":  tenth(st.BulletSpeed * game.TickRate),
		"max health":          fmt.Sprint(st.MaxHP),
		"move speed (u/s)":    tenth(st.Speed * game.TickRate),
		"bullets a shot":      fmt.Sprint(st.Shots),
		"DPS":                 fmt.Sprintf("%.0f", st.DPS()),
		"split":               fmt.Sprint(st.Split),
		"pierce":              fmt.Sprint(st.Pierce),
		"poison":              fmt.Sprint(st.Poison),
	}
	return rows
}

// Every figure the window shows of a character is the server's: for each
// class with gear and upgrades, the inventory's stats, the worn things'
// tooltips, the keeper's cards (now and after each upgrade on offer), the
// class card, the roster's line and the HUD's health are the numbers a
// world playing that character holds (docs/CONTENT.md, "Classes").
func TestEveryFigureShownIsTheServers(t *testing.T) {
	pack := builtin(t)
	c := pack.Content
	hub, err := pack.Map("hub")
	require.NoError(t, err)
	def := func(id string) int {
		for i := range c.Items {
			if c.Items[i].ID == id {
				return i
			}
		}
		t.Fatalf("no item %q", id)
		return -1
	}
	up := func(id string) uint8 {
		for i := range c.Upgrades {
			if c.Upgrades[i].ID == id {
				return uint8(i)
			}
		}
		t.Fatalf("no upgrade %q", id)
		return 0
	}
	wearing := func(weapon, armour, charm string) [game.EquipSlots]int {
		w := game.NothingWorn()
		for slot, id := range map[int]string{game.EquipWeapon: weapon, game.EquipArmour: armour, game.EquipCharm: charm} {
			if id != "" {
				w[slot] = def(id)
			}
		}
		return w
	}
	loadouts := []struct {
		name  string
		ups   []uint8
		worn  [game.EquipSlots]int
		offer []uint8
	}{
		{"as made", nil, game.NothingWorn(), []uint8{up("sharpened"), up("vigour"), up("quickdraw")}},
		{"with two Vigours and plate", []uint8{up("vigour"), up("vigour")}, wearing("", "warden_plate", ""),
			[]uint8{up("fleet"), up("velocity"), up("scattershot")}},
		{"with a bow, a jerkin, a charm, Sharpened and Splinter", []uint8{up("sharpened"), up("splinter")},
			wearing("ashwood_bow", "padded_jerkin", "feather_charm"), []uint8{up("splinter"), up("quickdraw"), up("vigour")}},
		{"with the repeater, Scattershot and Quickdraw twice", []uint8{up("scattershot"), up("quickdraw"), up("quickdraw")},
			wearing("twinshot_repeater", "", "viper_fang"), []uint8{up("sharpened"), up("fleet"), up("velocity")}},
	}
	require.NotEmpty(t, c.Classes)
	for ci := range c.Classes {
		class := uint8(ci)
		for _, lo := range loadouts {
			t.Run(c.Classes[ci].Name+" "+lo.name, func(t *testing.T) {
				st, ps := serverStats(t, c, hub, class, lo.ups, lo.worn)
				require.Equal(t, st, game.EffectiveStats(c, game.Loadout{Class: class, Upgrades: lo.ups, Worn: lo.worn}),
					"the world plays EffectiveStats")
				sh := client.Sheet{Known: true, Level: 1 + len(lo.ups) + 1, Owed: 1, Bag: [game.BagSlots]int{-1, -1, -1, -1, -1, -1, -1, -1},
					Worn: lo.worn, Upgrades: lo.ups, Offer: lo.offer}

				t.Run("the inventory's stats", func(t *testing.T) {
					u := newItemsUI(c, "the keeper")
					u.class = class
					var p inventoryPanel
					p.make(u, sh)
					want := shownRows(st)
					for _, row := range p.stat {
						w, ok := want[row.label]
						require.True(t, ok, "a row the test knows: %q", row.label)
						assert.Equal(t, w, row.value, row.label)
					}
					assert.Contains(t, rowLabels(p.stat), "DPS")
				})
				t.Run("the worn things' tooltips end at the server's figures", func(t *testing.T) {
					u := newItemsUI(c, "the keeper")
					u.class = class
					for eq, d := range lo.worn {
						if d < 0 {
							continue
						}
						tip := u.tooltip(sh, game.BagSlots+eq)
						read := 0
						for _, line := range tip.lines {
							if label, after, ok := afterFigure(line); ok {
								assert.Equal(t, wornFigure(st, label), after, "%s: %q", c.Items[d].Name, line)
								read++
							}
						}
						assert.Positive(t, read, "%s's tooltip says what it does in figures: %q", c.Items[d].Name, tip.lines)
					}
				})
				t.Run("the keeper's cards, now and after each upgrade", func(t *testing.T) {
					k := newKeeperUI(c, "the keeper", nil)
					k.makeOptions(sh.Loadout(class), sh.Offer)
					require.Len(t, k.options, len(lo.offer))
					for i, u := range lo.offer {
						then, _ := serverStats(t, c, hub, class, append(append([]uint8(nil), lo.ups...), u), lo.worn)
						now, after := shownRows(st), shownRows(then)
						for _, row := range k.options[i].rows {
							want := now[row.label]
							if now[row.label] != after[row.label] {
								want = now[row.label] + " → " + after[row.label]
							}
							assert.Equal(t, want, row.value, "%s: %s", c.Upgrades[u].Name, row.label)
						}
					}
				})
				t.Run("the class card", func(t *testing.T) {
					base, _ := serverStats(t, c, hub, class, nil, game.NothingWorn())
					assert.Equal(t, fmt.Sprintf("HP %d · speed %s · %d×%d dmg", base.MaxHP, tenth(base.Speed*game.TickRate), base.Shots, base.Damage),
						classStats(c, ci))
				})
				t.Run("the roster and the HUD", func(t *testing.T) {
					require.Equal(t, st.MaxHP, ps.MaxHP, "the snapshot carries the world's most health")
					e := wire.CharacterEntry{Name: "Ava", Level: 3, Class: class, Health: uint16(ps.HP), MaxHealth: uint16(ps.MaxHP)}
					detail := rosterDetail(c, &e)
					assert.Contains(t, detail, c.Classes[ci].Name)
					assert.Contains(t, detail, fmt.Sprintf("health %d/%d", st.MaxHP, st.MaxHP))
					assert.Equal(t, fmt.Sprintf("Ava   HP %d / %d", st.MaxHP, st.MaxHP), hpLine("Ava", ps.HP, ps.MaxHP))
				})
			})
		}
	}
}

func rowLabels(rows []statRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.label)
	}
	return out
}

// afterFigure reads a tooltip line's stat and the figure after the arrow:
// "max health +45: 90 → 135" is ("max health", "135").
func afterFigure(line string) (label, after string, ok bool) {
	head, ba, ok := strings.Cut(line, ": ")
	if !ok {
		return "", "", false
	}
	_, after, ok = strings.Cut(ba, " → ")
	if !ok {
		return "", "", false
	}
	after, _, _ = strings.Cut(after, " ")
	label, _, _ = strings.Cut(head, " +")
	label, _, _ = strings.Cut(label, " -")
	return label, after, true
}

// wornFigure is the server's figure for a tooltip's stat label.
func wornFigure(st game.PlayerStats, label string) string {
	switch label {
	case "fire rate":
		return tenth(float64(game.TickRate) / float64(st.FireCooldown))
	case "bullet speed":
		return tenth(st.BulletSpeed * game.TickRate)
	case "move speed":
		return tenth(st.Speed * game.TickRate)
	}
	for k, v := range shownRows(st) {
		if k == label {
			return v
		}
	}
	return "(no such stat: " + label + ")"
}
