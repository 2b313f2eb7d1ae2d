package difficulty_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

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
	b.WriteString("| Dungeon | Depth | Boss | Party | Level | Won | TTK (s) | Deaths | Taken per player (HP/s) |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %d of %d | %s | %d of %d | %.1f |\n", f.Dungeon, f.Depth, f.Boss, f.Party, f.Level,
			f.Wins, difficulty.Samples, ttk(f.TTK), f.Deaths, f.Party*difficulty.Samples, f.TakenPerPlayer)
	}
	return b.String()
}

func xpTable(c *game.Content) string {
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Enemies' XP (least–most) | Boss XP | Levels from 1 | Boss alone from 1 | Level at its boss |\n|---|---|---|---|---|---|---|\n")
	for ki := range c.Dungeons {
		for _, d := range []int{1, 3} {
			f := difficulty.Floor(c, &c.Dungeons[ki], d)
			fmt.Fprintf(&b, "| %s | %d | %d–%d | %d | %d–%d | %d | %d |\n", f.Dungeon, d, f.Least, f.Most, f.Boss,
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
