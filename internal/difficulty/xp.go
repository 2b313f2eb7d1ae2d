package difficulty

import (
	"duskfall/game"
)

// RunSeeds is how many generated floors a run's experience averages.
const RunSeeds = 24

// FloorXP is the experience one player earns clearing a generated floor of
// kind at depth alone: its ordinary enemies (least and mean over RunSeeds
// floors) and its boss, the clear's whole reward.
type FloorXP struct {
	Dungeon       string
	Depth         int
	Least, Mean   int // the ordinary enemies' XP
	Most          int
	Boss          int    // the clear's reward to a player who fought the whole fight
	LevelsFromOne [2]int // levels a new level-1 character gains clearing the floor: the leanest floor, the richest
	BossFromOne   int    // levels the boss kill alone gives a new level-1 character
}

// KillShare is the part of a mean floor's XP that its ordinary kills pay,
// the rest being the clear's whole reward.
func (f FloorXP) KillShare() float64 {
	if f.Mean+f.Boss == 0 {
		return 0
	}
	return float64(f.Mean) / float64(f.Mean+f.Boss)
}

// killXP is the XP one kill of kind gives on floor depth of dungeon kind
// k, as the world pays it (game.KillXP).
func killXP(c *game.Content, k *game.DungeonKind, kind, depth int) int {
	return game.KillXP(&c.Enemies[kind], depth, k.XPMultiplier)
}

// Floor measures the experience of a floor of kind k at depth.
func Floor(c *game.Content, k *game.DungeonKind, depth int) FloorXP {
	f := FloorXP{Dungeon: k.Name, Depth: depth, Least: 1 << 30, Boss: game.ClearXP(&c.Enemies[k.Boss], depth, 1)}
	total := 0
	for s := range RunSeeds {
		d, err := game.GenerateDungeon(k, sampleSeed(int(k.Index)*977+depth, s), depth)
		if err != nil {
			continue
		}
		xp := 0
		for _, sp := range d.Map.EnemySpawns {
			if !c.Enemies[sp.Kind].Boss {
				xp += killXP(c, k, sp.Kind, depth)
			}
		}
		total += xp
		f.Least, f.Most = min(f.Least, xp), max(f.Most, xp)
	}
	f.Mean = total / RunSeeds
	f.LevelsFromOne = [2]int{gained(1, 0, f.Least+f.Boss), gained(1, 0, f.Most+f.Boss)}
	f.BossFromOne = gained(1, 0, f.Boss)
	return f
}

func gained(level, into, xp int) int {
	_, _, g := game.GainXP(level, into, xp)
	return g
}

// Journey is where a player stands on arriving at a boss: the level, and
// the XP into it, after the way there.
type Journey struct {
	Level, Into int
}

// OnTheWay is the level a player reaches on arriving at the boss of
// dungeon kind ki's floor depth, playing the kinds in content order: every
// earlier kind's first floor cleared, then this kind's floors above
// depth cleared, then this floor's ordinary enemies (the mean floor each
// time).
func OnTheWay(c *game.Content, ki, depth int) Journey {
	level, into := 1, 0
	add := func(xp int) { level, into, _ = game.GainXP(level, into, xp) }
	for i := range ki {
		f := Floor(c, &c.Dungeons[i], 1)
		add(f.Mean + f.Boss)
	}
	for d := 1; d < depth; d++ {
		f := Floor(c, &c.Dungeons[ki], d)
		add(f.Mean + f.Boss)
	}
	add(Floor(c, &c.Dungeons[ki], depth).Mean)
	return Journey{Level: level, Into: into}
}
