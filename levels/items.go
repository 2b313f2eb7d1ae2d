package levels

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"

	"duskfall/game"
)

// Item, upgrade and loot files. Like the dungeon kinds they are optional in
// a content FS (a set without them has no loot); the embedded content has
// them all.
const (
	ItemsFile    = "items.toml"
	UpgradesFile = "upgrades.toml"
	LootFile     = "loot.toml"
)

// Limits of items, upgrades and loot.
const (
	maxXP        = 10000 // per kill
	maxHeal      = 1000
	maxModDamage = 100
	maxModHP     = 500
	maxModTicks  = 30
)

// loadItems decodes and validates the items, upgrades and loot tables into
// c; missing files leave c without them.
func loadItems(fsys fs.FS, c *game.Content) error {
	c.Ration = -1
	var items rawItems
	var ups rawUpgrades
	var loot rawLoot
	for _, f := range []struct {
		name string
		into any
	}{{ItemsFile, &items}, {UpgradesFile, &ups}, {LootFile, &loot}} {
		if _, err := fs.Stat(fsys, f.name); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := decode(fsys, f.name, f.into); err != nil {
			return err
		}
	}
	var err error
	if c.Items, err = validateItems(items, c.Classes); err != nil {
		return err
	}
	if c.Upgrades, err = validateUpgrades(ups); err != nil {
		return err
	}
	return validateLoot(loot, c)
}

func validateItems(raw rawItems, classes []game.Class) ([]game.ItemDef, error) {
	if len(raw.Item) > game.MaxItemDefs {
		return nil, fail(ItemsFile, "item", "%d items, want at most %d", len(raw.Item), game.MaxItemDefs)
	}
	seen := map[string]bool{}
	out := make([]game.ItemDef, 0, len(raw.Item))
	for i, r := range raw.Item {
		c := check{file: ItemsFile, item: itemKey("item", r.ID, i)}
		c.rule(r.ID != "", "id", "missing")
		c.rule(!seen[r.ID], "id", "duplicate")
		c.rule(r.Name != "", "name", "missing")
		c.rule(len(r.Text) <= 200, "text", "%d bytes, want at most 200", len(r.Text))
		c.words(r.Text, "text")
		kind, ok := game.ParseItemKind(r.Kind)
		c.rule(ok, "kind", "%q, want consumable, weapon, armour or charm", r.Kind)
		if kind == game.ItemConsumable {
			c.between(float64(r.Heal), 1, maxHeal, "heal")
			c.rule(r.rawMods == rawMods{}, "damage", "a consumable changes no stats")
		} else {
			c.rule(r.Heal == 0, "heal", "only a consumable heals")
		}
		mods := c.mods(r.rawMods)
		var only uint16
		mods.Ability, only = c.classGear(r, kind, classes)
		if c.err != nil {
			return nil, c.err
		}
		seen[r.ID] = true
		out = append(out, game.ItemDef{ID: r.ID, Name: r.Name, Kind: kind, Heal: int16(r.Heal), Mods: mods, Text: r.Text, Classes: only})
	}
	return out, nil
}

func validateUpgrades(raw rawUpgrades) ([]game.UpgradeDef, error) {
	if len(raw.Upgrade) > game.MaxUpgradeDefs {
		return nil, fail(UpgradesFile, "upgrade", "%d upgrades, want at most %d", len(raw.Upgrade), game.MaxUpgradeDefs)
	}
	if n := len(raw.Upgrade); n > 0 && n < 3 {
		return nil, fail(UpgradesFile, "upgrade", "%d upgrades, want none or at least 3 (an offer is three)", n)
	}
	seen := map[string]bool{}
	out := make([]game.UpgradeDef, 0, len(raw.Upgrade))
	for i, r := range raw.Upgrade {
		c := check{file: UpgradesFile, item: itemKey("upgrade", r.ID, i)}
		c.rule(r.ID != "", "id", "missing")
		c.rule(!seen[r.ID], "id", "duplicate")
		c.rule(r.Name != "", "name", "missing")
		c.rule(len(r.Text) <= 200, "text", "%d bytes, want at most 200", len(r.Text))
		c.words(r.Text, "text")
		c.between(float64(r.Max), 1, game.MaxUpgradesHeld, "max")
		mods := c.mods(r.rawMods)
		c.rule(mods != game.StatMods{}, "damage", "an upgrade must change something")
		if c.err != nil {
			return nil, c.err
		}
		seen[r.ID] = true
		out = append(out, game.UpgradeDef{ID: r.ID, Name: r.Name, Text: r.Text, Mods: mods, Max: r.Max})
	}
	return out, nil
}

// mods checks and converts stat changes to simulation units.
func (c *check) mods(r rawMods) game.StatMods {
	c.between(float64(r.Damage), -maxModDamage, maxModDamage, "damage")
	c.between(float64(r.FireCooldown), -maxModTicks, maxModTicks, "fire_cooldown_ticks")
	c.between(r.BulletSpeed, -maxBulletSpeed/2, maxBulletSpeed/2, "bullet_speed")
	c.between(float64(r.MaxHP), -maxModHP, maxModHP, "max_hp")
	c.between(r.Speed, -maxActorSpeed/2, maxActorSpeed/2, "speed")
	c.between(float64(r.Shots), 0, game.MaxShots-1, "shots")
	c.between(float64(r.Split), 0, game.MaxSplit, "split")
	c.between(float64(r.Pierce), 0, game.MaxPierce, "pierce")
	c.between(float64(r.Poison), 0, maxModDamage, "poison")
	return game.StatMods{
		Damage: int16(r.Damage), FireCooldown: r.FireCooldown, BulletSpeed: r.BulletSpeed / game.TickRate,
		MaxHP: int16(r.MaxHP), Speed: r.Speed / game.TickRate, Shots: r.Shots,
		Split: uint8(r.Split), Pierce: uint8(r.Pierce), Poison: int16(r.Poison),
	}
}

// Limits of what class gear changes of an ability.
const (
	maxGearAbilityTicks = 10 * game.TickRate
	maxGearReach        = 240.0 // u: a bomb's radius or a dash's distance
)

// classGear checks an item's class and the ability keys only class gear
// takes, each only where its class's ability kind takes it (abilityKeys),
// and returns them with the mask of the class that may wear it.
func (c *check) classGear(r rawItem, kind game.ItemKind, classes []game.Class) (game.AbilityMods, uint16) {
	a := r.rawAbilityMods
	if r.Class == "" {
		c.rule(a == rawAbilityMods{}, "ability_cooldown_ticks", "only class gear (with a class) changes an ability")
		return game.AbilityMods{}, 0
	}
	i := slices.IndexFunc(classes, func(cl game.Class) bool { return cl.ID == r.Class })
	c.rule(i >= 0, "class", "%q is not a class of %s", r.Class, ClassesFile)
	c.rule(kind != game.ItemConsumable, "class", "a consumable is anyone's")
	if i < 0 {
		return game.AbilityMods{}, 0
	}
	ab := classes[i].Ability
	c.between(float64(a.Cooldown), -maxGearAbilityTicks, maxGearAbilityTicks, "ability_cooldown_ticks")
	c.between(float64(a.Duration), -maxGearAbilityTicks, maxGearAbilityTicks, "ability_duration_ticks")
	c.between(float64(a.Invulnerable), -maxGearAbilityTicks, maxGearAbilityTicks, "ability_invulnerable_ticks")
	c.between(a.Radius, -maxGearReach, maxGearReach, "ability_radius")
	c.between(a.Distance, -maxGearReach, maxGearReach, "ability_distance")
	takes := abilityKeys[ab.Kind]
	for _, k := range [...]struct {
		key string
		set bool
	}{{"radius", a.Radius != 0}, {"duration_ticks", a.Duration != 0}, {"distance", a.Distance != 0},
		{"invulnerable_ticks", a.Invulnerable != 0}} {
		c.rule(!k.set || slices.Contains(takes, k.key), "ability_"+k.key, "the %s's %s has no %s", classes[i].Name, ab.Kind, k.key)
	}
	return game.AbilityMods{Cooldown: a.Cooldown, Duration: a.Duration, Radius: a.Radius, Distance: a.Distance,
		Invulnerable: a.Invulnerable}, 1 << i
}

// validateLoot resolves the loot tables' enemies and items into c.
func validateLoot(raw rawLoot, c *game.Content) error {
	items := map[string]int{}
	for i, it := range c.Items {
		items[it.ID] = i
	}
	enemies := map[string]int{}
	for i, e := range c.Enemies {
		enemies[e.ID] = i
	}
	if raw.Ration != "" {
		i, ok := items[raw.Ration]
		if !ok || c.Items[i].Kind != game.ItemConsumable {
			return fail(LootFile, "ration", "%q is not a consumable in %s", raw.Ration, ItemsFile)
		}
		c.Ration = i
	}
	var err error
	if c.RoomLoot, err = lootDrops(raw.Room, "room", items); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, t := range raw.Table {
		key := itemKey("table", t.Enemy, i)
		e, ok := enemies[t.Enemy]
		switch {
		case !ok:
			return fail(LootFile, key, "unknown enemy %q", t.Enemy)
		case seen[t.Enemy]:
			return fail(LootFile, key, "a second table for this enemy")
		}
		seen[t.Enemy] = true
		if c.Enemies[e].Loot, err = lootDrops(t.Drops, key+": drops", items); err != nil {
			return err
		}
	}
	return nil
}

func lootDrops(raw []rawLootDrop, key string, items map[string]int) ([]game.LootDrop, error) {
	out := make([]game.LootDrop, 0, len(raw))
	for j, d := range raw {
		i, ok := items[d.Item]
		if !ok {
			return nil, fail(LootFile, fmt.Sprintf("%s %d", key, j), "unknown item %q", d.Item)
		}
		if !(d.Chance > 0 && d.Chance <= 1) || math.IsNaN(d.Chance) {
			return nil, fail(LootFile, fmt.Sprintf("%s %d: chance", key, j), "%v, want above 0 and at most 1", d.Chance)
		}
		out = append(out, game.LootDrop{Item: i, Chance: d.Chance})
	}
	return out, nil
}
