package difficulty_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/internal/difficulty"
	"duskfall/levels"
)

// TestDifficultyTable plays every threat of every dungeon kind on floors 1
// and 3 and prints the table docs/CONTENT.md keeps (go test -v).
func TestDifficultyTable(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	rows := difficulty.Table(c, []int{1, 3})
	t.Log("\n" + markdown(rows))
}

// markdown lays the rows out one threat a line, the scripts side by side.
func markdown(rows []difficulty.Row) string {
	var b strings.Builder
	b.WriteString("| Dungeon | Depth | Threat | DPS still | DPS dodging | DPS fight bot | Lasts still (s) | TTK dodging (s) | TTK fight bot (s) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for i := 0; i+2 < len(rows); i += 3 {
		still, dodge, fight := rows[i], rows[i+1], rows[i+2]
		threat := still.Enemy
		if still.Phase != "" {
			threat += " " + still.Phase
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %.1f | %.1f | %.1f | %s | %s | %s |\n", still.Dungeon, still.Depth, threat,
			still.DPS, dodge.DPS, fight.DPS, secs(still.Lasts), ttk(dodge.TTK), ttk(fight.TTK))
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

// The tuning docs/CONTENT.md states holds: the Proving Grounds forgive a
// new player who keeps moving, and every threat is harder on a deeper
// floor for a player who stands still.
func TestTheTuningHolds(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	rows := difficulty.Table(c, []int{1, 3})
	still := map[string]float64{}
	for _, r := range rows {
		key := r.Dungeon + "/" + r.Enemy + "/" + r.Phase + "/" + r.Script
		if r.Depth == 1 {
			still[key] = r.DPS
		}
		if r.Dungeon == "Proving Grounds" && r.Depth == 1 && r.Phase == "" && r.Script != difficulty.Still {
			require.LessOrEqual(t, r.DPS, 2.0, "%s takes %.1f HP/s from a player who keeps moving (%s)", r.Enemy, r.DPS, r.Script)
		}
		if r.Depth == 3 && r.Script == difficulty.Still && still[key] > 0 {
			require.Greater(t, r.DPS, still[key], "%s %s hits a player standing still harder on floor 3", r.Enemy, r.Phase)
		}
	}
}
