package difficulty

import (
	"slices"

	"duskfall/client"

	"duskfall/game"
)

// A card's worth is measured on a new level-1 character playing the fair
// dodger (Dodge) against a pack of three Grunts on the first floor that
// never die, for cardTicks, over cardSeeds seeds, once bare and once with
// the card: its attack is the damage it deals a second (poison, splits
// and pierces counted where they land), its defence the health it has
// over the damage it takes a second (the seconds it would last), dodging
// the Warden's first phase on the first floor, holding fire. A card's
// Worth is the product of the two gains: 1.25 is a quarter more damage a
// second, or a quarter longer alive, or a mix of both.
const (
	cardTicks = 30 * game.TickRate
	cardSeeds = 12
	cardPack  = "grunt"
	// cardThreat is what the damage taken is measured against: the
	// densest first phase (a pack of Grunts lands too few hits on the
	// dodger for a steady rate). Without it, the pack.
	cardThreat = "warden"
	cardHP     = 30000 // the pack never dies
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
	pack, threat := -1, -1
	for i := range c.Enemies {
		switch c.Enemies[i].ID {
		case cardPack:
			pack = i
		case cardThreat:
			threat = i
		}
	}
	if pack < 0 {
		return nil
	}
	tough := *c
	tough.Enemies = slices.Clone(c.Enemies)
	tough.Enemies[pack].MaxHP = cardHP
	baseDealt, baseTaken := playCard(&tough, pack, threat, nil)
	baseHP := float64(c.Player.MaxHP)
	var out []Card
	for i, u := range c.Upgrades {
		dealt, taken := playCard(&tough, pack, threat, []uint8{uint8(i)})
		hp := float64(game.BuildStats(c.Player, []uint8{uint8(i)}, nil, c).MaxHP)
		card := Card{ID: u.ID, Name: u.Name, Attack: dealt / baseDealt, Defence: (hp / max(taken, 1e-9)) / (baseHP / max(baseTaken, 1e-9))}
		card.Worth = card.Attack * card.Defence
		out = append(out, card)
	}
	return out
}

// playCard returns the damage dealt and taken a second by a level-1
// character holding ups against the pack.
func playCard(c *game.Content, pack, threat int, ups []uint8) (dealt, taken float64) {
	d, t := 0, 0
	for s := range cardSeeds {
		a := newArena(c, []int{pack, pack, pack}, 1, 1, sampleSeed(4099, s))
		a.w.SetPlayerUpgrades(1, ups)
		for range cardTicks {
			for _, ev := range a.step(func(p *scripted) client.Intent { return a.intent(Dodge, p) }) {
				if threat < 0 && ev.Kind == game.EvHit && ev.Actor == game.ActorPlayer {
					t += int(ev.Amount)
				}
			}
		}
		// What the pack lost, poison pulses (which no event reports) too.
		a.w.EachEnemy(func(e game.EnemyState, _ game.Vec) { d += int(e.MaxHP) - int(e.HP) })
		if threat >= 0 {
			b := newArena(c, []int{threat}, 1, 1, sampleSeed(4111, s))
			b.w.SetPlayerUpgrades(1, ups)
			b.holdFire = true
			tt, _, _ := b.run(Dodge, 0, cardTicks)
			t += tt
		}
	}
	secs := float64(cardTicks*cardSeeds) / game.TickRate
	return float64(d) / secs, float64(t) / secs
}
