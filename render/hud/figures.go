package hud

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"duskfall/game"
	"duskfall/net/wire"
)

// The figures a player reads: every number the window shows of a
// character, an item, an upgrade or an ability is made here, from
// game.EffectiveStats (the function the server plays its stats with) and
// the content's own fields, so the inventory, the tooltips, the keeper's
// cards, the class cards, the roster and the HUD never disagree with each
// other or with the fight, and no number is typed into a sentence by hand
// (docs/CONTENT.md, "Classes" and "Items, upgrades and loot"). The HUD's
// and the roster's health come from the server itself (the snapshot, the
// roster entry), which builds them the same way; these functions only say
// them.

// statsWearing is the stats of loadout l with worn slot eq holding def
// instead (-1: empty); eq -1 changes nothing.
func statsWearing(c *game.Content, l game.Loadout, eq, def int) game.PlayerStats {
	if eq >= 0 && eq < game.EquipSlots {
		l.Worn[eq] = def
	}
	return game.EffectiveStats(c, l)
}

// statsTaking is the stats of loadout l with upgrade u taken too: what a
// keeper's card compares with the stats now.
func statsTaking(c *game.Content, l game.Loadout, u uint8) game.PlayerStats {
	l.Upgrades = append(slices.Clone(l.Upgrades), u)
	return game.EffectiveStats(c, l)
}

// ClassStats says the numbers of a new character of class i in a line, as
// its class card shows them.
func ClassStats(c *game.Content, i int) string {
	st := game.EffectiveStats(c, game.Loadout{Class: uint8(i), Worn: game.NothingWorn()})
	return fmt.Sprintf("HP %d · speed %.0f · %d×%d dmg", st.MaxHP, st.Speed*game.TickRate, st.Shots, st.Damage)
}

// HpLine is the HUD's health line: the character's name and its health
// as the server's snapshot gives it.
func HpLine(name string, hp, maxHP int16) string {
	return fmt.Sprintf("%s   HP %d / %d", name, hp, maxHP)
}

// className is the name of class i, or "" when content has no such class.
func className(c *game.Content, i uint8) string {
	if int(i) < len(c.Classes) {
		return c.Classes[i].Name
	}
	return ""
}

// RosterDetail is a roster row's line under the name: the character's
// class, level, health as the server counts it (its gear and upgrades
// included) and where it will be.
func RosterDetail(c *game.Content, e *wire.CharacterEntry) string {
	s := fmt.Sprintf("level %d  ·  health %d/%d  ·  %s", e.Level, e.Health, e.MaxHealth, whereWords(e.Where))
	if name := className(c, e.Class); name != "" {
		s = name + "  ·  " + s
	}
	return s
}

// Stats in the player's units: damage per bullet, shots per second (from
// the fire cooldown in ticks), speeds in u/s (from u per tick), health,
// bullets a shot and the riders.
type statKind int

const (
	statDamage statKind = iota
	statRate
	statBulletSpeed
	statMaxHP
	statSpeed
	StatShots
	statSplit
	statPierce
	statPoison
	numStats
)

// statLabels are the rows' labels in a stats column or on a keeper's card,
// and dpsLabel the last row's.
var statLabels = [numStats]string{"damage", "fire rate (shots/s)", "bullet speed (u/s)", "max health", "move speed (u/s)",
	"bullets a shot", "splits a hit", "pierce (enemies)", "poison every " + seconds(game.PoisonPulseTicks) + " s"}

const DpsLabel = "DPS, one target"

// isRider says whether k is a rider: shown only where a side has it.
func isRider(k statKind) bool { return k == statSplit || k == statPierce || k == statPoison }

// statValue is one stat in player units; a split is its count of bullets.
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
	case StatShots:
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

// statFigure is one stat as a row shows it: a number, or for a split its
// bullets and what each deals ("1 × 5").
func statFigure(st game.PlayerStats, k statKind) string {
	if k == statSplit && st.Split > 0 {
		return fmt.Sprintf("%d × %d", st.Split, game.SplitDamage(st.Damage))
	}
	return Num(statValue(st, k))
}

// modValue is what a stat change adds, in the stat's units; the fire
// rate's is in ticks (negative is faster).
func modValue(m game.StatMods, k statKind) float64 {
	switch k {
	case statDamage:
		return float64(m.Damage)
	case statRate:
		return float64(m.FireCooldown)
	case statBulletSpeed:
		return m.BulletSpeed
	case statMaxHP:
		return float64(m.MaxHP)
	case statSpeed:
		return m.Speed
	case StatShots:
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

// seconds says ticks in seconds: 30 is "0.5", 900 is "15".
func seconds(ticks int) string { return Num(float64(ticks) / game.TickRate) }

// Num says a number to a tenth, without a trailing ".0": 7.5, 10, 240.
func Num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// signed is num with its sign: +3, -24.
func signed(v float64) string {
	if v > 0 {
		return "+" + Num(v)
	}
	return Num(v)
}

// percent says how much larger or smaller after is than before, in whole
// per cent ("29 %"), or to a tenth under one.
func percent(before, after float64) string {
	if before == 0 {
		return ""
	}
	p := math.Abs(after/before-1) * 100
	if p >= 1 {
		p = math.Round(p)
	}
	return Num(p) + " %"
}

// faster is "faster" when after is larger, "slower" otherwise.
func faster(before, after float64) string {
	if after < before {
		return "slower"
	}
	return "faster"
}

// effectHead says in words what a change of stat k from before to after
// does: "Fires 29 % faster", "+4 damage a bullet", "A hit poisons for 3 s,
// a pulse every 0.5 s". Its figures follow it (effectLine).
func effectHead(k statKind, b, a float64) string {
	switch k {
	case statDamage:
		return signed(a-b) + " damage a bullet"
	case statRate:
		return "Fires " + percent(b, a) + " " + faster(b, a)
	case statBulletSpeed:
		return "Bullets fly " + percent(b, a) + " " + faster(b, a)
	case statMaxHP:
		return signed(a-b) + " max health"
	case statSpeed:
		return "Moves " + percent(b, a) + " " + faster(b, a)
	case StatShots:
		if math.Abs(a-b) == 1 {
			return signed(a-b) + " bullet a shot"
		}
		return signed(a-b) + " bullets a shot"
	case statSplit:
		return "A hit splits off bullets of half its damage"
	case statPierce:
		return "Each bullet passes through more enemies"
	case statPoison:
		return "A hit poisons for " + seconds(game.PoisonPulses*game.PoisonPulseTicks) + " s, a pulse every " + seconds(game.PoisonPulseTicks) + " s"
	}
	return ""
}

// statUnits are the words after a figure in an effect's line.
var statUnits = [numStats]string{statRate: " shots a second", statBulletSpeed: " u/s", statSpeed: " u/s", statPoison: " a pulse"}

// effectLine is one stat an item or upgrade changes, in words and figures,
// before → after: "Fires 29 % faster: 6.7 → 8.6 shots a second". A stat
// its mods change that stays where it was (held at a limit) says so.
func effectLine(k statKind, mod float64, before, after game.PlayerStats) (string, bool) {
	b, a := statValue(before, k), statValue(after, k)
	fb, fa := statFigure(before, k), statFigure(after, k)
	switch {
	case fb != fa:
		return effectHead(k, b, a) + ": " + fb + " → " + fa + statUnits[k], true
	case mod != 0:
		return strings.SplitN(statLabels[k], " (", 2)[0] + ": " + fa + statUnits[k] + ", already at its limit", true
	}
	return "", false
}

// ChangeLines are the lines of what mods m do to stats before, making after:
// every stat the mods touch or that changes (what an item replaces comes
// off), in the order the stats are listed.
func ChangeLines(m game.StatMods, before, after game.PlayerStats) []string {
	var out []string
	for k := range numStats {
		if line, ok := effectLine(k, modValue(m, k), before, after); ok {
			out = append(out, line)
		}
	}
	return out
}

// dpsLine is the damage a second into one target, before → after, when it
// changes: an item's tooltip ends with it.
func dpsLine(before, after game.PlayerStats) (string, bool) {
	b, a := dps(before), dps(after)
	if b == a {
		return "", false
	}
	return "Damage a second, one target: " + b + " → " + a, true
}

// dps is the stats' damage a second into one target, whole
// (game.PlayerStats.DPS: splits and poison counted).
func dps(st game.PlayerStats) string { return fmt.Sprintf("%.0f", st.DPS()) }

// itemLines are an item's lines: what it changes (the first n), then the
// damage a second it makes when that changes.
func itemLines(m game.StatMods, before, after game.PlayerStats) (lines []string, n int) {
	lines = ChangeLines(m, before, after)
	n = len(lines)
	if line, ok := dpsLine(before, after); ok {
		lines = append(lines, line)
	}
	return lines, n
}

// withAbilityLines puts what gear changes of the ability (before →
// after: abilityLines) after the first n lines, the ones of what it
// changes, and counts them among them.
func withAbilityLines(lines []string, n int, before, after game.Ability) ([]string, int) {
	more := abilityLines(&before, &after)
	if len(more) == 0 {
		return lines, n
	}
	out := make([]string, 0, len(lines)+len(more))
	out = append(append(append(out, lines[:n]...), more...), lines[n:]...)
	return out, n + len(more)
}

// abilityLines say what class gear changes of an ability, in figures
// before → after: "Dash carries you 4 → 5.5 tiles (128 → 176 u)",
// "Lure stands 4 → 5 s", "Dash every 2.5 → 2 s".
func abilityLines(b, a *game.Ability) []string {
	var out []string
	tiles := func(what string, bu, au float64) {
		out = append(out, fmt.Sprintf("%s %s %s → %s tiles (%s → %s u)", a.Name, what,
			Num(bu/game.TileSize), Num(au/game.TileSize), Num(bu), Num(au)))
	}
	if b.Radius != a.Radius {
		tiles("reaches", b.Radius, a.Radius)
	}
	if b.Distance != a.Distance {
		tiles("carries you", b.Distance, a.Distance)
	}
	if b.Duration != a.Duration {
		verb := map[game.AbilityKind]string{game.AbilityShield: "holds", game.AbilityDash: "lasts", game.AbilityDecoy: "stands"}[a.Kind]
		out = append(out, fmt.Sprintf("%s %s %s → %s s", a.Name, verb, seconds(b.Duration), seconds(a.Duration)))
	}
	if b.Invulnerable != a.Invulnerable {
		out = append(out, fmt.Sprintf("%s: no hits for its first %s → %s s", a.Name, seconds(b.Invulnerable), seconds(a.Invulnerable)))
	}
	if b.Cooldown != a.Cooldown {
		out = append(out, fmt.Sprintf("%s every %s → %s s", a.Name, seconds(b.Cooldown), seconds(a.Cooldown)))
	}
	return out
}

// shortLines say in one line what an item's first n lines say: the line
// itself when it is one, else what each changes without its figures
// ("Fires 27 % slower, +1 bullet a shot"), for a column with room for
// one.
func shortLines(lines []string, n int) string {
	if n == 1 {
		return lines[0]
	}
	heads := make([]string, 0, n)
	for _, l := range lines[:n] {
		head, _, _ := strings.Cut(l, ": ")
		heads = append(heads, head)
	}
	return strings.Join(heads, ", ")
}

// healWords says what a consumable restores.
func healWords(heal int16) string { return fmt.Sprintf("restores %d health", heal) }

// StatRow is one row of a stats column or an upgrade option: a stat and
// its value, or its value before → after when the option changes it.
type StatRow struct {
	Label, Value string
	Changed      bool
}

// OptionRows compares the stats now with the stats after an upgrade: the
// main stats always (so the three options read side by side), the riders
// when either side has them, the damage a second into one target last.
func OptionRows(now, then game.PlayerStats) []StatRow {
	var rows []StatRow
	for k := range numStats {
		if isRider(k) && statValue(now, k) == 0 && statValue(then, k) == 0 {
			continue
		}
		rows = append(rows, compareRow(statLabels[k], statFigure(now, k), statFigure(then, k)))
	}
	return append(rows, compareRow(DpsLabel, dps(now), dps(then)))
}

// compareRow is a row that says b, or b → a when they differ.
func compareRow(label, b, a string) StatRow {
	if a == b {
		return StatRow{Label: label, Value: b}
	}
	return StatRow{Label: label, Value: b + " → " + a, Changed: true}
}

// AbilityWords says what a class's ability does, in figures from its
// content: how far a bomb reaches (in tiles and u), how long a shield
// holds, how far a dash goes and how long it is untouchable, how long a
// decoy stands, how often each may be used.
func AbilityWords(ab *game.Ability) string {
	every := "every " + seconds(ab.Cooldown) + " s"
	switch ab.Kind {
	case game.AbilityBomb:
		return fmt.Sprintf("%s: erases enemy bullets within %s tiles (%s u) of you, %s",
			ab.Name, Num(ab.Radius/game.TileSize), Num(ab.Radius), every)
	case game.AbilityShield:
		return fmt.Sprintf("%s: no hits for %s s, %s", ab.Name, seconds(ab.Duration), every)
	case game.AbilityDash:
		return fmt.Sprintf("%s: a burst of %s tiles (%s u) along your move, no hits for its first %s s, %s",
			ab.Name, Num(ab.Distance/game.TileSize), Num(ab.Distance), seconds(ab.Invulnerable), every)
	case game.AbilityDecoy:
		return fmt.Sprintf("%s: leaves a decoy enemies shoot at before you, for %s s, %s", ab.Name, seconds(ab.Duration), every)
	}
	return ab.Name
}

// NextUpgradeWords is what the keeper's prompt says with nothing owed to a
// character of level: when the next upgrade comes.
func NextUpgradeWords(level int) string {
	if level >= game.MaxLevel {
		return fmt.Sprintf("No upgrade to choose now: level %d is the last", game.MaxLevel)
	}
	return fmt.Sprintf("No upgrade to choose now: the next comes at level %d", max(level, 1)+1)
}

// whereWords says where a character will be when played.
func whereWords(where uint8) string {
	if where == wire.WhereDungeon {
		return "last in a dungeon — returns to the hub"
	}
	return "in the hub"
}
