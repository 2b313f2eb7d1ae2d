package difficulty_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/internal/difficulty"
	"duskfall/levels"
)

// TestDifficultyTable plays every threat of every dungeon kind on floors 1
// and 3 and prints the tables docs/CONTENT.md keeps (go test -v).
func TestDifficultyTable(t *testing.T) {
	if testing.Short() {
		t.Skip("the tables are printed for docs/CONTENT.md; TestTheTuningHolds checks them")
	}
	c, err := levels.LoadContent()
	require.NoError(t, err)
	rows := difficulty.Table(c, []int{1, 3})
	t.Log("\n" + markdown(rows))
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Room | DPS still | DPS dodging | Lasts dodging (s) |\n|---|---|---|---|---|---|\n")
	for _, k := range c.Dungeons {
		if k.Index != 0 {
			continue
		}
		still, dodge := difficulty.Rooms(c, &k, 1, difficulty.Still), difficulty.Rooms(c, &k, 1, difficulty.Dodge)
		for i := range still {
			fmt.Fprintf(&b, "| %s | 1 | %s | %.1f | %.1f | %s |\n", k.Name, strings.Join(still[i].Enemies, " + "), still[i].DPS, dodge[i].DPS, secs(dodge[i].Lasts))
		}
	}
	t.Log("\n" + b.String())
	t.Log("\n" + fightsTable(difficulty.Fights(c, []int{1, 3}, []int{1, 4})))
	t.Log("\n" + xpTable(c))
	t.Log("\n" + cardsTable(difficulty.Cards(c)))
}

func fightsTable(fs []difficulty.BossFight) string {
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Boss | Party | Level | Won | TTK (s) | Deaths | Taken each (HP) | Taken each (HP/s) |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %d of %d | %s | %d of %d | %.0f | %.1f |\n", f.Dungeon, f.Depth, f.Boss, f.Party, f.Level,
			f.Wins, difficulty.Samples, ttk(f.TTK), f.Deaths, f.Party*difficulty.Samples, f.TakenEach, f.TakenPerPlayer)
	}
	return b.String()
}

func xpTable(c *game.Content) string {
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Enemies' XP (least–mean–most) | Clear's XP | Kills' share | Levels from 1 | Clear alone from 1 | Level at its boss |\n|---|---|---|---|---|---|---|---|\n")
	for ki := range c.Dungeons {
		for _, d := range []int{1, 3} {
			f := difficulty.Floor(c, &c.Dungeons[ki], d)
			fmt.Fprintf(&b, "| %s | %d | %d–%d–%d | %d | %.0f %% | %d–%d | %d | %d |\n", f.Dungeon, d, f.Least, f.Mean, f.Most, f.Boss, 100*f.KillShare(),
				f.LevelsFromOne[0], f.LevelsFromOne[1], f.BossFromOne, difficulty.OnTheWay(c, ki, d).Level)
		}
	}
	return b.String()
}

func cardsTable(cards []difficulty.Card) string {
	var b strings.Builder
	b.WriteString("| Card | Attack | Defence | Worth |\n|---|---|---|---|\n")
	for _, c := range cards {
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.2f |\n", c.Name, c.Attack, c.Defence, c.Worth)
	}
	return b.String()
}

// markdown lays the rows out one threat a line, the scripts side by side.
func markdown(rows []difficulty.Row) string {
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Threat | DPS still | DPS dodging | DPS fight bot | Lasts still (s) | Lasts dodging (s) | TTK dodging (s) | TTK fight bot (s) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for i := 0; i+2 < len(rows); i += 3 {
		still, dodge, fight := rows[i], rows[i+1], rows[i+2]
		threat := still.Enemy
		if still.Phase != "" {
			threat += " " + still.Phase
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %.1f | %.1f | %.1f | %s | %s | %s | %s |\n", still.Dungeon, still.Depth, threat,
			still.DPS, dodge.DPS, fight.DPS, secs(still.Lasts), secs(dodge.Lasts), ttk(dodge.TTK), ttk(fight.TTK))
	}
	return b.String()
}

func secs(v float64) string {
	if math.IsInf(v, 1) {
		return "never hit"
	}
	return fmt.Sprintf("%.0f", v)
}

func ttk(v float64) string {
	if v == 0 {
		return "> 120"
	}
	return fmt.Sprintf("%.1f", v)
}

// The tuning docs/CONTENT.md states holds, for every dungeon kind on floors
// 1 and 3, for one player and for four.
func TestTheTuningHolds(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	depths := []int{1, 3}
	rows := difficulty.Table(c, depths)
	proving := &c.Dungeons[0]
	require.Equal(t, "Proving Grounds", proving.Name, "the first dungeon kind is the new player's")

	t.Run("every dungeon kind is measured, the Star Vault and its Orrery among them", func(t *testing.T) {
		measured := map[string]bool{}
		for _, r := range rows {
			measured[r.Dungeon+"/"+r.Enemy] = true
		}
		for _, k := range c.Dungeons {
			assert.True(t, measured[k.Name+"/"+c.Enemies[k.Boss].Name], "%s: its boss, %s", k.Name, c.Enemies[k.Boss].Name)
			for _, e := range k.Enemies {
				if c.Enemies[e.Kind].Hostile {
					assert.True(t, measured[k.Name+"/"+c.Enemies[e.Kind].Name], "%s: %s", k.Name, c.Enemies[e.Kind].Name)
				}
			}
		}
		names := []string{}
		for _, k := range c.Dungeons {
			names = append(names, k.ID)
		}
		assert.Contains(t, names, "star_vault")
	})
	t.Run("dodging always beats standing still", func(t *testing.T) {
		for i := 0; i+2 < len(rows); i += 3 {
			still, dodge := rows[i], rows[i+1]
			if still.DPS == 0 {
				assert.Zero(t, dodge.DPS, "%s %d %s %s: nothing hits a player who stands still, so nothing may hit a dodger", still.Dungeon, still.Depth, still.Enemy, still.Phase)
				continue
			}
			assert.Less(t, dodge.DPS, still.DPS, "%s %d %s %s: a dodger takes less than a player who stands still", still.Dungeon, still.Depth, still.Enemy, still.Phase)
		}
	})
	t.Run("a new player who dodges lasts 20 s in any first room of the Proving Grounds", func(t *testing.T) {
		still := difficulty.Rooms(c, proving, 1, difficulty.Still)
		for i, r := range difficulty.Rooms(c, proving, 1, difficulty.Dodge) {
			assert.GreaterOrEqual(t, r.Lasts, 20.0, "%v: %.1f HP/s", r.Enemies, r.DPS)
			assert.Less(t, r.DPS, still[i].DPS, "%v: dodging beats standing still", r.Enemies)
		}
	})
	t.Run("a new player who dodges lasts 10 s in the Sentinel's first phase", func(t *testing.T) {
		for _, r := range rows {
			if r.Dungeon == proving.Name && r.Depth == 1 && strings.HasPrefix(r.Phase, "1/") && r.Script == difficulty.Dodge {
				assert.GreaterOrEqual(t, r.Lasts, 10.0, "%s %s: %.1f HP/s", r.Enemy, r.Phase, r.DPS)
			}
		}
	})
	t.Run("the Proving Grounds forgive a player who keeps moving, and deeper floors hit harder", func(t *testing.T) {
		first := map[string]float64{}
		for _, r := range rows {
			key := r.Dungeon + "/" + r.Enemy + "/" + r.Phase + "/" + r.Script
			if r.Depth == 1 {
				first[key] = r.DPS
			}
			if r.Dungeon == proving.Name && r.Depth == 1 && r.Phase == "" && r.Script != difficulty.Still {
				assert.LessOrEqual(t, r.DPS, 2.0, "%s takes %.1f HP/s from a player who keeps moving (%s)", r.Enemy, r.DPS, r.Script)
			}
			if r.Depth == 3 && r.Script == difficulty.Still && first[key] > 0 {
				assert.Greater(t, r.DPS, first[key], "%s %s hits a player standing still harder on floor 3", r.Enemy, r.Phase)
			}
		}
	})
	t.Run("every boss falls to the fight rule alone at the level reached on the way, and four have it no harder each", func(t *testing.T) {
		fights := difficulty.Fights(c, depths, []int{1, 4})
		for i := 0; i+1 < len(fights); i += 2 {
			solo, four := fights[i], fights[i+1]
			name := fmt.Sprintf("%s floor %d at level %d", solo.Boss, solo.Depth, solo.Level)
			assert.Equal(t, difficulty.Samples, solo.Wins, "%s: won alone every time", name)
			assert.Zero(t, solo.Deaths, "%s: without dying", name)
			assert.Equal(t, difficulty.Samples, four.Wins, "%s: won by four every time", name)
			assert.LessOrEqual(t, four.DeathsPerPlayer, solo.DeathsPerPlayer, "%s: four die no more often each", name)
			assert.LessOrEqual(t, four.TakenEach, solo.TakenEach, "%s: the fight costs each of four no more health", name)
			assert.LessOrEqual(t, four.TTK, solo.TTK, "%s: four kill it no slower", name)
		}
	})
	t.Run("a first run through the Proving Grounds gives two or three levels, and no kill more than two", func(t *testing.T) {
		f := difficulty.Floor(c, proving, 1)
		assert.GreaterOrEqual(t, f.LevelsFromOne[0], 2, "the leanest first run (%d XP and the boss's %d)", f.Least, f.Boss)
		assert.LessOrEqual(t, f.LevelsFromOne[1], 3, "the richest first run (%d XP and the boss's %d)", f.Most, f.Boss)
		for ki := range c.Dungeons {
			for _, d := range depths {
				g := difficulty.Floor(c, &c.Dungeons[ki], d)
				if d == 1 { // a new character meets a boss only on a first floor (or in the practice hall, at first-floor numbers)
					assert.LessOrEqual(t, g.BossFromOne, 2, "%s floor %d: the boss alone gives a new character %d levels", g.Dungeon, d, g.BossFromOne)
				}
				j := difficulty.OnTheWay(c, ki, d)
				_, _, gained := game.GainXP(j.Level, j.Into, g.Boss)
				assert.LessOrEqual(t, gained, 2, "%s floor %d: the boss gives a level-%d player, as it arrives, two levels at most", g.Dungeon, d, j.Level)
			}
		}
	})
	t.Run("kills pay at least 40 % of what a party that fights through a floor earns", func(t *testing.T) {
		for ki := range c.Dungeons {
			for _, d := range depths {
				f := difficulty.Floor(c, &c.Dungeons[ki], d)
				assert.GreaterOrEqual(t, f.KillShare(), 0.4, "%s floor %d: %d XP of kills on a mean floor, %d of the clear", f.Dungeon, d, f.Mean, f.Boss)
			}
		}
	})
	t.Run("the three cards of any offer are worth within a quarter of each other", func(t *testing.T) {
		cards := difficulty.Cards(c)
		require.Len(t, cards, len(c.Upgrades))
		lo, hi := cards[0], cards[0]
		for _, card := range cards {
			assert.Greater(t, card.Worth, 1.0, "%s is worth taking", card.Name)
			if card.Worth < lo.Worth {
				lo = card
			}
			if card.Worth > hi.Worth {
				hi = card
			}
		}
		assert.LessOrEqual(t, hi.Worth, 1.25*lo.Worth, "%s (%.2f) and %s (%.2f) may be offered together", hi.Name, hi.Worth, lo.Name, lo.Worth)
	})
}
