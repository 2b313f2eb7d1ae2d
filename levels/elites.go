package levels

import (
	"fmt"

	"duskfall/game"
)

// Elite variants (docs/CONTENT.md, "Elites"). An ordinary hostile kind may
// have an [enemy.elite] table; it makes a kind of its own, appended after
// every kind of enemies.toml (so no kind's index moves) with the id
// "<id>_elite" and the name "Elite <name>": its health times hp_mult, its
// own emitters and the table's, its experience times hp_mult and every
// drop of its kind's loot table loot_mult times as likely (at most
// certain). The world puts one in a share of its kind's places on deep
// floors (game.EliteDepth).

// Limits of an elite.
const (
	minEliteHP   = 1.25 // an elite is plainly tougher
	maxEliteHP   = 5.0
	minEliteLoot = 1.5 // and plainly richer
	maxEliteLoot = 10.0
	eliteSuffix  = "_elite"
)

// addElites checks every [enemy.elite] table and appends its variant to
// c.Enemies, linking the kind to it.
func addElites(ens rawEnemies, pats map[string]int, c *game.Content) error {
	for i, r := range ens.Enemy {
		if r.Elite == nil {
			continue
		}
		base := &c.Enemies[i]
		item := itemKey("enemy", r.ID, i) + ": elite"
		ck := check{file: EnemiesFile, item: item}
		ck.rule(r.Hostile && !r.Boss, "elite", "only an ordinary hostile kind has an elite variant")
		for _, e := range c.Enemies {
			ck.rule(e.ID != r.ID+eliteSuffix, "elite", "a kind is already called %q, its elite's id", e.ID)
		}
		ck.between(r.Elite.HPMult, minEliteHP, maxEliteHP, "hp_mult")
		ck.between(r.Elite.LootMult, minEliteLoot, maxEliteLoot, "loot_mult")
		ck.rule(len(r.Elite.Emitters) > 0, "emitter", "an elite fires at least one pattern its kind does not")
		if ck.err != nil {
			return ck.err
		}
		elite := *base
		elite.ID, elite.Name, elite.EliteOf = base.ID+eliteSuffix, "Elite "+base.Name, base.ID
		elite.MaxHP = int16(min(float64(base.MaxHP)*r.Elite.HPMult+0.5, 32767))
		elite.XP = int(float64(base.XP)*r.Elite.HPMult + 0.5)
		ph := base.Phases[0]
		ph.Emitters = append([]game.Emitter(nil), ph.Emitters...)
		for j, raw := range r.Elite.Emitters {
			em, err := convertEmitter(raw, item+fmt.Sprintf(": emitter %d", j), pats)
			if err != nil {
				return err
			}
			ck.rule(!hasPattern(ph.Emitters, em.Pattern), fmt.Sprintf("emitter %d", j),
				"pattern %q is its kind's already: an elite's extra pattern is a new one", raw.Pattern)
			ph.Emitters = append(ph.Emitters, em)
		}
		if ck.err != nil {
			return ck.err
		}
		elite.Phases = []game.Phase{ph}
		if r.Aggro == 0 {
			elite.Aggro = elite.Reach()
		}
		base.Elite = len(c.Enemies)
		c.Enemies = append(c.Enemies, elite)
	}
	return nil
}

func hasPattern(ems []game.Emitter, pattern int) bool {
	for _, em := range ems {
		if em.Pattern == pattern {
			return true
		}
	}
	return false
}

// eliteLoot gives every elite variant its kind's loot table, each chance
// times its loot_mult and at most certain; run once the loot tables are.
func eliteLoot(ens rawEnemies, c *game.Content) {
	for i, r := range ens.Enemy {
		if r.Elite == nil {
			continue
		}
		base := &c.Enemies[i]
		drops := make([]game.LootDrop, len(base.Loot))
		for j, d := range base.Loot {
			drops[j] = game.LootDrop{Item: d.Item, Chance: min(d.Chance*r.Elite.LootMult, 1)}
		}
		c.Enemies[base.Elite].Loot = drops
	}
}
