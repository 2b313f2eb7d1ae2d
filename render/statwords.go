package render

import (
	"fmt"
	"math"
	"strconv"

	"duskfall/game"
)

// Stats in the player's units: damage per bullet, shots per second (from
// the fire cooldown in ticks), speeds in u/s (from u per tick), health,
// bullets a shot and the riders. Tooltips and the upgrade panel both say
// them this way, before → after.

type statKind int

const (
	statDamage statKind = iota
	statRate
	statBulletSpeed
	statMaxHP
	statSpeed
	statShots
	statSplit
	statPierce
	statPoison
	numStats
)

// statNames are the labels, and statUnits what follows a number.
var (
	statNames = [numStats]string{"damage", "fire rate", "bullet speed", "max health", "move speed",
		"bullets a shot", "split", "pierce", "poison"}
	statUnits = [numStats]string{"", " shots/s", " u/s", "", " u/s", "", "", "", ""}
)

// statValue is one stat in player units.
func statValue(st game.PlayerStats, k statKind) float64 {
	switch k {
	case statDamage:
		return float64(st.Damage)
	case statRate:
		return shotsPerSecond(st.FireCooldown)
	case statBulletSpeed:
		return st.BulletSpeed * game.TickRate
	case statMaxHP:
		return float64(st.MaxHP)
	case statSpeed:
		return st.Speed * game.TickRate
	case statShots:
		return float64(max(st.Shots, 1))
	case statSplit:
		return float64(st.Split)
	case statPierce:
		return float64(st.Pierce)
	case statPoison:
		return float64(st.Poison)
	}
	return 0
}

// modValue is what a stat change adds, in the stat's units; the fire
// rate's is in ticks (negative is faster) and is said as faster or slower.
func modValue(m game.StatMods, k statKind) float64 {
	switch k {
	case statDamage:
		return float64(m.Damage)
	case statRate:
		return float64(m.FireCooldown)
	case statBulletSpeed:
		return m.BulletSpeed * game.TickRate
	case statMaxHP:
		return float64(m.MaxHP)
	case statSpeed:
		return m.Speed * game.TickRate
	case statShots:
		return float64(m.Shots)
	case statSplit:
		return float64(m.Split)
	case statPierce:
		return float64(m.Pierce)
	case statPoison:
		return float64(m.Poison)
	}
	return 0
}

// shotsPerSecond is the fire rate of a cooldown in ticks.
func shotsPerSecond(cooldown int) float64 {
	return float64(game.TickRate) / float64(max(cooldown, game.MinFireCooldown))
}

// num says a number to a tenth, without a trailing ".0": 7.5, 10, 240.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// signed is num with its sign: +3, -24.
func signed(v float64) string {
	if v > 0 {
		return "+" + num(v)
	}
	return num(v)
}

// statLine says what an item does to one stat: its change (an item's mod)
// and the stat before → after, in player units. The fire rate is said in
// shots per second (a cooldown of 8 ticks becoming 6 is "7.5 → 10
// shots/s"); a rider (split, pierce, poison) says what it does.
func statLine(k statKind, mod, before, after float64) string {
	change := ""
	if mod != 0 {
		change = " " + signed(mod) + statUnits[k]
	}
	ba := num(before) + " → " + num(after)
	switch k {
	case statRate:
		word := "faster"
		if after < before {
			word = "slower"
		}
		return fmt.Sprintf("fire rate: %s%s (%s)", ba, statUnits[k], word)
	case statSplit:
		return fmt.Sprintf("split%s: a hit fans %s bullets out of the target", change, ba)
	case statPierce:
		return fmt.Sprintf("pierce%s: bullets pass through %s enemies", change, ba)
	case statPoison:
		return fmt.Sprintf("poison%s: a hit poisons for %s damage, %d times", change, ba, game.PoisonPulses)
	}
	return statNames[k] + change + ": " + ba
}

// statLines are an item's lines: every stat its mods touch, and every
// other stat that changes with it (what it replaces comes off), before →
// after.
func statLines(m game.StatMods, before, after game.PlayerStats) []string {
	var out []string
	for k := range numStats {
		mod, b, a := modValue(m, k), statValue(before, k), statValue(after, k)
		if mod != 0 || b != a {
			out = append(out, statLine(k, mod, b, a))
		}
	}
	return out
}

// statRow is one row of an upgrade option: a stat and its value, or its
// value before → after when the option changes it.
type statRow struct {
	label, value string
	changed      bool
}

// optionRows compares the stats now with the stats after an upgrade: the
// main stats always (so the three options read side by side), the riders
// when either side has them, DPS last.
func optionRows(now, then game.PlayerStats) []statRow {
	var rows []statRow
	for k := range numStats {
		b, a := statValue(now, k), statValue(then, k)
		rider := k == statSplit || k == statPierce || k == statPoison
		if rider && b == 0 && a == 0 {
			continue
		}
		label := statNames[k]
		if statUnits[k] != "" {
			label += " (" + statUnits[k][1:] + ")"
		}
		r := statRow{label: label, value: num(b), changed: a != b}
		if r.changed {
			r.value = num(b) + " → " + num(a)
		}
		rows = append(rows, r)
	}
	d := statRow{label: "DPS", value: fmt.Sprintf("%.0f", now.DPS()), changed: then.DPS() != now.DPS()}
	if d.changed {
		d.value = fmt.Sprintf("%.0f → %.0f", now.DPS(), then.DPS())
	}
	return append(rows, d)
}
