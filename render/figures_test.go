package render

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
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
	split := "0"
	if st.Split > 0 {
		split = fmt.Sprintf("%d × %d", st.Split, max(st.Damage/2, 1)) // each split bullet deals half the hit (game/hits.go)
	}
	rows := map[string]string{
		"damage":              fmt.Sprint(st.Damage),
		"fire rate (shots/s)": tenth(float64(game.TickRate) / float64(st.FireCooldown)),
		"bullet speed (u/s)":  tenth(st.BulletSpeed * game.TickRate),
		"max health":          fmt.Sprint(st.MaxHP),
		"move speed (u/s)":    tenth(st.Speed * game.TickRate),
		"bullets a shot":      fmt.Sprint(st.Shots),
		"DPS, one target":     fmt.Sprintf("%.0f", st.DPS()),
		"splits a hit":        split,
		"pierce (enemies)":    fmt.Sprint(st.Pierce),
		"poison every 0.5 s":  fmt.Sprint(st.Poison),
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
					u := hud.NewItems(c, "the keeper")
					u.Class = class
					var p hud.Inventory
					p.Make(u, sh)
					want := shownRows(st)
					for _, row := range p.Stat {
						w, ok := want[row.Label]
						require.True(t, ok, "a row the test knows: %q", row.Label)
						assert.Equal(t, w, row.Value, row.Label)
					}
					assert.Contains(t, rowLabels(p.Stat), "DPS, one target")
				})
				t.Run("the worn things' tooltips end at the server's figures", func(t *testing.T) {
					u := hud.NewItems(c, "the keeper")
					u.Class = class
					for eq, d := range lo.worn {
						if d < 0 {
							continue
						}
						tip := u.Tooltip(sh, game.BagSlots+eq)
						read := 0
						for _, line := range tip.Lines {
							if label, after, ok := afterFigure(line); ok {
								assert.Equal(t, shownRows(st)[label], after, "%s: %q", c.Items[d].Name, line)
								read++
							}
						}
						assert.Positive(t, read, "%s's tooltip says what it does in figures: %q", c.Items[d].Name, tip.Lines)
					}
				})
				t.Run("the keeper's cards, now and after each upgrade", func(t *testing.T) {
					k := hud.NewKeeper(c, "the keeper", nil)
					k.MakeOptions(sh.Loadout(class), sh.Offer)
					require.Len(t, k.Options, len(lo.offer))
					for i, u := range lo.offer {
						then, _ := serverStats(t, c, hub, class, append(append([]uint8(nil), lo.ups...), u), lo.worn)
						now, after := shownRows(st), shownRows(then)
						for _, row := range k.Options[i].Rows {
							want := now[row.Label]
							if now[row.Label] != after[row.Label] {
								want = now[row.Label] + " → " + after[row.Label]
							}
							assert.Equal(t, want, row.Value, "%s: %s", c.Upgrades[u].Name, row.Label)
						}
						require.NotEmpty(t, k.Options[i].Does, "%s says what it does", c.Upgrades[u].Name)
						for _, line := range k.Options[i].Does {
							label, fig, ok := afterFigure(line)
							require.True(t, ok, "%s: a figure in %q", c.Upgrades[u].Name, line)
							assert.Equal(t, after[label], fig, "%s: %q", c.Upgrades[u].Name, line)
						}
					}
				})
				t.Run("the class card", func(t *testing.T) {
					base, _ := serverStats(t, c, hub, class, nil, game.NothingWorn())
					assert.Equal(t, fmt.Sprintf("HP %d · speed %s · %d×%d dmg", base.MaxHP, tenth(base.Speed*game.TickRate), base.Shots, base.Damage),
						hud.ClassStats(c, ci))
				})
				t.Run("the roster and the HUD", func(t *testing.T) {
					require.Equal(t, st.MaxHP, ps.MaxHP, "the snapshot carries the world's most health")
					e := wire.CharacterEntry{Name: "Ava", Level: 3, Class: class, Health: uint16(ps.HP), MaxHealth: uint16(ps.MaxHP)}
					detail := hud.RosterDetail(c, &e)
					assert.Contains(t, detail, c.Classes[ci].Name)
					assert.Contains(t, detail, fmt.Sprintf("health %d/%d", st.MaxHP, st.MaxHP))
					assert.Equal(t, fmt.Sprintf("Ava   HP %d / %d", st.MaxHP, st.MaxHP), hud.HpLine("Ava", ps.HP, ps.MaxHP))
				})
			})
		}
	}
}

func rowLabels(rows []hud.StatRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Label)
	}
	return out
}

// afterFigure reads an item's or an upgrade's line: which stat it names
// (a stats column's label) and its figure after the arrow, its unit cut:
// "Fires 29 % faster: 6.7 → 8.6 shots a second" is ("fire rate
// (shots/s)", "8.6").
func afterFigure(line string) (label, after string, ok bool) {
	head, ba, ok := strings.Cut(line, ": ")
	if !ok {
		return "", "", false
	}
	_, after, ok = strings.Cut(ba, " → ")
	if !ok {
		return "", "", false
	}
	for _, unit := range []string{" shots a second", " u/s", " a pulse"} {
		after = strings.TrimSuffix(after, unit)
	}
	for _, s := range []struct{ pattern, label string }{
		{`^[+-]\d+ damage a bullet$`, "damage"},
		{`^Fires \d+(\.\d)? % (faster|slower)$`, "fire rate (shots/s)"},
		{`^Bullets fly \d+(\.\d)? % (faster|slower)$`, "bullet speed (u/s)"},
		{`^[+-]\d+ max health$`, "max health"},
		{`^Moves \d+(\.\d)? % (faster|slower)$`, "move speed (u/s)"},
		{`^[+-]\d+ bullets? a shot$`, "bullets a shot"},
		{`^A hit splits off bullets`, "splits a hit"},
		{`^Each bullet passes through`, "pierce (enemies)"},
		{`^A hit poisons for 3 s, a pulse every 0.5 s$`, "poison every 0.5 s"},
		{`^Damage a second, one target$`, "DPS, one target"},
	} {
		if regexp.MustCompile(s.pattern).MatchString(head) {
			return s.label, after, true
		}
	}
	return "(no stat in " + head + ")", after, true
}

// modLabels are the stats column's labels of what a StatMods changes, for
// each of its fields that is not zero.
func modLabels(m game.StatMods) []string {
	var out []string
	for _, f := range []struct {
		on    bool
		label string
	}{
		{m.Damage != 0, "damage"}, {m.FireCooldown != 0, "fire rate (shots/s)"}, {m.BulletSpeed != 0, "bullet speed (u/s)"},
		{m.MaxHP != 0, "max health"}, {m.Speed != 0, "move speed (u/s)"}, {m.Shots != 0, "bullets a shot"},
		{m.Split != 0, "splits a hit"}, {m.Pierce != 0, "pierce (enemies)"}, {m.Poison != 0, "poison every 0.5 s"},
	} {
		if f.on {
			out = append(out, f.label)
		}
	}
	return out
}

// Every item says what it does in figures made from its content, beside
// its flavour line: for each class, each item in the bag has a tooltip
// line for every stat its keys change, ending at the figure a world
// wearing it plays (a potion, the health it restores); the inventory's
// line for the slot begins with those figures; and no text typed in the
// content holds a number (levels refuses one).
func TestEveryItemSaysWhatItDoesInFigures(t *testing.T) {
	pack := builtin(t)
	c := pack.Content
	hub, err := pack.Map("hub")
	require.NoError(t, err)
	for ci := range c.Classes {
		for d, it := range c.Items {
			t.Run(c.Classes[ci].Name+" "+it.Name, func(t *testing.T) {
				u := hud.NewItems(c, "the keeper")
				u.Class = uint8(ci)
				sh := client.Sheet{Known: true, Level: 1, Bag: [game.BagSlots]int{d, -1, -1, -1, -1, -1, -1, -1}, Worn: game.NothingWorn()}
				tip := u.Tooltip(sh, 0)
				assert.Equal(t, it.Text, tip.Text, "the flavour line beside the figures")
				assert.NotRegexp(t, `\d`, it.Text)
				require.NotEmpty(t, tip.Lines)
				var p hud.Inventory
				p.Make(u, sh)
				head := tip.Lines[0]
				if tip.Said > 1 {
					head, _, _ = strings.Cut(head, ": ")
				}
				assert.True(t, strings.HasPrefix(p.Left[1].What, head), "the inventory's line %q begins with %q", p.Left[1].What, head)
				if it.Kind == game.ItemConsumable {
					assert.Equal(t, fmt.Sprintf("restores %d health", it.Heal), tip.Lines[0])
					return
				}
				if !it.WornBy(uint8(ci)) {
					assert.Equal(t, []string{u.OnlyFor(d)}, tip.Lines, "another class's gear says whose it is")
					assert.Regexp(t, `^Only an? [A-Z]`, tip.Lines[0])
					return
				}
				worn := game.NothingWorn()
				worn[it.Kind.EquipSlot()] = d
				if it.Mods.Ability != (game.AbilityMods{}) {
					ab := game.EffectiveAbility(c, game.Loadout{Class: uint8(ci), Worn: worn})
					base := c.Classes[ci].Ability
					joined := strings.Join(tip.Lines[:tip.Said], " | ")
					for _, f := range []struct {
						changed bool
						after   string
					}{
						{ab.Distance != base.Distance, "→ " + tenth(ab.Distance) + " u)"},
						{ab.Radius != base.Radius, "→ " + tenth(ab.Radius) + " u)"},
						{ab.Duration != base.Duration, "→ " + tenth(float64(ab.Duration)/game.TickRate) + " s"},
						{ab.Cooldown != base.Cooldown, ab.Name + " every " + tenth(float64(base.Cooldown)/game.TickRate) + " → " + tenth(float64(ab.Cooldown)/game.TickRate) + " s"},
					} {
						if f.changed {
							assert.Contains(t, joined, f.after, "what %s changes of the %s", it.Name, ab.Name)
						}
					}
				}
				st, _ := serverStats(t, c, hub, uint8(ci), nil, worn)
				said := map[string]string{}
				for _, line := range tip.Lines {
					if label, after, ok := afterFigure(line); ok {
						said[label] = after
					}
				}
				labels := modLabels(it.Mods)
				require.True(t, len(labels) > 0 || it.Mods.Ability != game.AbilityMods{}, "it changes something")
				for _, label := range labels {
					if assert.Contains(t, said, label, "%s changes %s: %q", it.Name, label, tip.Lines) {
						assert.Equal(t, shownRows(st)[label], said[label], "%s: %s", it.Name, label)
					}
				}
			})
		}
	}
}

// Every ability says its figures from the class's data, on the class
// cards and in the inventory's class line: a bomb's reach in tiles and in
// u, a shield's length, a dash's reach and untouchable start, a decoy's
// standing, and how often each may be used. Bomb and Nova
// read apart.
func TestEveryAbilitySaysItsFigures(t *testing.T) {
	c := builtin(t).Content
	cards := classLayout(c, ui.WindowWidth, ui.WindowHeight, false).cards
	require.Len(t, cards, len(c.Classes))
	said := map[string]bool{}
	for i, cl := range c.Classes {
		t.Run(cl.Name+"'s "+cl.Ability.Name, func(t *testing.T) {
			ab := cl.Ability
			want := []string{ab.Name, "every " + tenth(float64(ab.Cooldown)/game.TickRate) + " s"}
			switch ab.Kind {
			case game.AbilityBomb:
				want = append(want, tenth(ab.Radius/game.TileSize)+" tiles ("+tenth(ab.Radius)+" u)")
			case game.AbilityShield:
				want = append(want, "no hits for "+tenth(float64(ab.Duration)/game.TickRate)+" s")
			case game.AbilityDash:
				want = append(want, tenth(ab.Distance/game.TileSize)+" tiles ("+tenth(ab.Distance)+" u)",
					"no hits for its first "+tenth(float64(ab.Invulnerable)/game.TickRate)+" s")
			case game.AbilityDecoy:
				want = append(want, "decoy", "for "+tenth(float64(ab.Duration)/game.TickRate)+" s")
			}
			card := strings.Join(cards[i].power, " ")
			line := hud.ClassLine(&c.Classes[i], ebiten.KeySpace)
			for _, w := range want {
				assert.Contains(t, card, w, "the class card")
				assert.Contains(t, line, w, "the inventory's class line")
			}
			assert.False(t, said[card], "%q is another ability's words too", card)
			said[card] = true
		})
	}
}
