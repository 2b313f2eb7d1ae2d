package difficulty

import (
	"slices"

	"duskfall/client"

	"duskfall/game"
)

// A card's worth is measured on a new level-1 character playing the fair
// dodger (Dodge) against a pack of three Grunts on the first floor that
// never die, for cardTicks, over Samples seeds, once bare and once with
// the card: its attack is the damage it deals a second (poison, splits
// and pierces counted where they land), its defence the health it has
// over the damage it takes a second (the seconds it would last). A card's
// Worth is the product of the two gains: 1.25 is a quarter more damage a
// second, or a quarter longer alive, or a mix of both.
const (
	cardTicks = 20 * game.TickRate
	cardPack  = "grunt"
	cardHP    = 30000 // the pack never dies
)

// Card is one upgrade card's measured worth.
type Card struct {
	ID, Name string
	Attack   float64 // damage dealt a second with the card over without
	Defence  float64 // seconds lasted with the card over without
	Worth    float64 // Attack × Defence
}

// Cards measures every upgrade card.
func Cards(c *game.Content) []Card {
	pack := -1
	for i := range c.Enemies {
		if c.Enemies[i].ID == cardPack {
			pack = i
		}
	}
	if pack < 0 {
		return nil
	}
	tough := *c
	tough.Enemies = slices.Clone(c.Enemies)
	tough.Enemies[pack].MaxHP = cardHP
	baseDealt, baseTaken := playCard(&tough, pack, nil)
	baseHP := float64(c.Player.MaxHP)
	var out []Card
	for i, u := range c.Upgrades {
		dealt, taken := playCard(&tough, pack, []uint8{uint8(i)})
		hp := float64(game.BuildStats(c.Player, []uint8{uint8(i)}, nil, c).MaxHP)
		card := Card{ID: u.ID, Name: u.Name, Attack: dealt / baseDealt, Defence: (hp / max(taken, 1e-9)) / (baseHP / max(baseTaken, 1e-9))}
		card.Worth = card.Attack * card.Defence
		out = append(out, card)
	}
	return out
}

// playCard returns the damage dealt and taken a second by a level-1
// character holding ups against the pack.
func playCard(c *game.Content, pack int, ups []uint8) (dealt, taken float64) {
	d, t := 0, 0
	for s := range Samples {
		a := newArena(c, []int{pack, pack, pack}, 1, 1, sampleSeed(4099, s))
		a.w.SetPlayerUpgrades(1, ups)
		for range cardTicks {
			for _, ev := range a.step(func(p *scripted) client.Intent { return a.intent(Dodge, p) }) {
				if ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer {
					t += int(ev.Amount)
				}
			}
		}
		// What the pack lost, poison pulses (which no event reports) too.
		a.w.EachEnemy(func(e game.EnemyState, _ game.Vec) { d += int(e.MaxHP) - int(e.HP) })
	}
	secs := float64(cardTicks*Samples) / game.TickRate
	return float64(d) / secs, float64(t) / secs
}
