package difficulty

import (
	"duskfall/client"
	"duskfall/game"
)

// A boss fight is the whole fight: the boss at the health it sets for the
// party, every phase, against a party of players of the level a player
// reaches on the way there (OnTheWay), each with the upgrades of Build and
// the real health they give, each playing the bots' fight rule. The dead
// stay dead, as in a dungeon.
const (
	fightCap = 240 * game.TickRate // a fight not won in four minutes is lost
)

// Build is the upgrades a character of level takes, one a level from the
// second: a plausible balanced choice, attack then health in turn
// ("sharpened", "vigour", ...), as far as each card's max allows.
func Build(c *game.Content, level int) []uint8 {
	want := []string{"sharpened", "vigour"}
	var ups []uint8
	held := map[int]int{}
	for n := 0; len(ups) < level-1 && n < 4*level; n++ {
		id := want[n%len(want)]
		for i, u := range c.Upgrades {
			if u.ID == id && held[i] < u.Max {
				held[i]++
				ups = append(ups, uint8(i))
			}
		}
	}
	return ups
}

// BossFight is a whole boss fight's outcome over Samples seeds.
type BossFight struct {
	Dungeon string
	Depth   int
	Boss    string
	Party   int
	Level   int     // the party's level
	Wins    int     // seeds of Samples in which the boss died
	TTK     float64 // mean seconds to kill over the won seeds; 0 when none was won
	Deaths  int     // players dead over all seeds
	// DeathsPerPlayer is Deaths over Party*Samples.
	DeathsPerPlayer float64
	// TakenPerPlayer is the damage a player took, on average, per second of
	// the fight.
	TakenPerPlayer float64
	// TakenEach is the damage a player took, on average, over the whole
	// fight: what the fight cost each of them.
	TakenEach float64
}

// Fights plays the boss of every dungeon kind at each depth for each party
// size, at the level a player reaches on the way.
func Fights(c *game.Content, depths, parties []int) []BossFight {
	var out []BossFight
	for ki := range c.Dungeons {
		for _, d := range depths {
			j := OnTheWay(c, ki, d)
			for _, n := range parties {
				out = append(out, Fight1(c, ki, d, n, j.Level))
			}
		}
	}
	return out
}

// Fight1 plays the boss of dungeon kind ki on floor depth against a party
// of n at level.
func Fight1(c *game.Content, ki, depth, n, level int) BossFight {
	k := &c.Dungeons[ki]
	f := BossFight{Dungeon: k.Name, Depth: depth, Boss: c.Enemies[k.Boss].Name, Party: n, Level: level}
	ups := Build(c, level)
	killTicks, taken, fought := 0, 0, 0
	for s := range Samples {
		a := newArenaHP(c, []int{k.Boss}, depth, n, sampleSeed(k.Boss*131+n*1009, s), c.Player.MaxHP)
		for _, p := range a.players {
			a.w.SetPlayerUpgrades(p.id, ups)
			a.w.SetPlayerHealth(p.id, a.w.PlayerStats(p.id).MaxHP)
		}
		won := false
		ticks := 0
		for ticks = 1; ticks <= fightCap; ticks++ {
			living := 0
			for _, ev := range a.step(func(p *scripted) client.Intent { return a.intent(Fight, p) }) {
				switch {
				case ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer:
					taken += int(ev.Amount)
				case ev.Kind == game.EvDeath && ev.Actor == game.ActorPlayer:
					f.Deaths++
					a.w.RemovePlayer(ev.ID, nil) // a dungeon's dead leave it
				}
			}
			for _, p := range a.players {
				if a.w.HasPlayer(p.id) {
					living++
				}
			}
			if _, alive := a.firstEnemy(); !alive {
				won = true
				break
			}
			if living == 0 {
				break
			}
		}
		fought += min(ticks, fightCap) * n
		if won {
			f.Wins++
			killTicks += ticks
		}
	}
	if f.Wins > 0 {
		f.TTK = float64(killTicks) / float64(f.Wins) / game.TickRate
	}
	f.DeathsPerPlayer = float64(f.Deaths) / float64(n*Samples)
	f.TakenPerPlayer = float64(taken) * game.TickRate / float64(max(fought, 1))
	f.TakenEach = float64(taken) / float64(n*Samples)
	return f
}
