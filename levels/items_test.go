package levels_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

const goodItems = `
[[item]]
id = "potion"
name = "Potion"
kind = "consumable"
heal = 40

[[item]]
id = "blade"
name = "Blade"
kind = "weapon"
damage = 3
fire_cooldown_ticks = -1
`

const goodUpgrades = `
[[upgrade]]
id = "sharp"
name = "Sharp"
text = "Keener."
damage = 4
max = 3

[[upgrade]]
id = "quick"
name = "Quick"
text = "Faster."
bullet_speed = 120
max = 2

[[upgrade]]
id = "venom"
name = "Venom"
text = "Poison."
poison = 4
max = 1
`

const goodLoot = `
ration = "potion"
room = [ { item = "potion", chance = 0.5 } ]

[[table]]
enemy = "grunt"
drops = [ { item = "blade", chance = 0.25 } ]
`

func itemsFS(replace map[string]string) fstest.MapFS {
	fsys := contentFS(replace)
	for name, text := range map[string]string{levels.ItemsFile: goodItems, levels.UpgradesFile: goodUpgrades, levels.LootFile: goodLoot} {
		if r, ok := replace[name]; ok {
			text = r
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func TestItemContentLoads(t *testing.T) {
	t.Run("items, upgrades and loot tables load in simulation units", func(t *testing.T) {
		c, err := levels.LoadContentFS(itemsFS(nil))
		require.NoError(t, err)
		require.Len(t, c.Items, 2)
		assert.Equal(t, game.ItemConsumable, c.Items[0].Kind)
		assert.Equal(t, game.StatMods{Damage: 3, FireCooldown: -1}, c.Items[1].Mods)
		assert.InDelta(t, 2.0, c.Upgrades[1].Mods.BulletSpeed, 1e-9, "u/s to u per tick")
		assert.Equal(t, 0, c.Ration)
		assert.Equal(t, []game.LootDrop{{Item: 0, Chance: 0.5}}, c.RoomLoot)
		assert.Equal(t, []game.LootDrop{{Item: 1, Chance: 0.25}}, c.Enemies[0].Loot)
	})
	t.Run("a content set without them has no loot and no ration", func(t *testing.T) {
		c, err := levels.LoadContentFS(contentFS(nil))
		require.NoError(t, err)
		assert.Empty(t, c.Items)
		assert.Equal(t, -1, c.Ration)
	})
	t.Run("the embedded content has every kind of item and a ration", func(t *testing.T) {
		c := loadContent(t)
		kinds := map[game.ItemKind]bool{}
		for _, it := range c.Items {
			kinds[it.Kind] = true
		}
		assert.Len(t, kinds, 4)
		require.GreaterOrEqual(t, c.Ration, 0)
		assert.Equal(t, "wardens_ration", c.Items[c.Ration].ID)
		for _, e := range c.Enemies {
			assert.Positive(t, e.XP, e.ID)
			assert.NotEmpty(t, e.Loot, "%s drops something", e.ID)
		}
	})
}

func TestItemValidationNamesFileAndKey(t *testing.T) {
	cases := []struct {
		name, file, old, new, want string
	}{
		{"an unknown item kind", levels.ItemsFile, `kind = "weapon"`, `kind = "wand"`, `items.toml: item "blade": kind: "wand"`},
		{"a consumable that changes stats", levels.ItemsFile, `heal = 40`, "heal = 40\ndamage = 2", `items.toml: item "potion": damage: a consumable changes no stats`},
		{"a potion that heals nothing", levels.ItemsFile, `heal = 40`, `heal = 0`, `items.toml: item "potion": heal`},
		{"a duplicate item", levels.ItemsFile, `id = "blade"`, `id = "potion"`, `items.toml: item "potion": id: duplicate`},
		{"an upgrade that changes nothing", levels.UpgradesFile, `poison = 4`, ``, `upgrades.toml: upgrade "venom": damage: an upgrade must change something`},
		{"an upgrade with no cap", levels.UpgradesFile, "max = 1", "max = 0", `upgrades.toml: upgrade "venom": max`},
		{"too much split", levels.UpgradesFile, `poison = 4`, `split = 9`, `upgrades.toml: upgrade "venom": split`},
		{"a loot table naming an unknown enemy", levels.LootFile, `enemy = "grunt"`, `enemy = "gnome"`, `loot.toml: table "gnome": unknown enemy "gnome"`},
		{"a drop naming an unknown item", levels.LootFile, `item = "blade"`, `item = "sword"`, `loot.toml: table "grunt": drops 0: unknown item "sword"`},
		{"a chance above one", levels.LootFile, `chance = 0.25`, `chance = 1.5`, `loot.toml: table "grunt": drops 0: chance: 1.5`},
		{"a ration that is not a consumable", levels.LootFile, `ration = "potion"`, `ration = "blade"`, `loot.toml: ration: "blade" is not a consumable`},
		{"a number typed into an upgrade's words", levels.UpgradesFile, `text = "Keener."`, `text = "+4 damage."`,
			`upgrades.toml: upgrade "sharp": text: "+4 damage." holds a number`},
		{"a number typed into an item's words", levels.ItemsFile, `heal = 40`, "heal = 40\ntext = \"Restores 40 health.\"",
			`items.toml: item "potion": text: "Restores 40 health." holds a number`},
		{"a misspelt key", levels.LootFile, `ration = "potion"`, `rations = "potion"`, `loot.toml: rations: unknown key`},
	}
	good := map[string]string{levels.ItemsFile: goodItems, levels.UpgradesFile: goodUpgrades, levels.LootFile: goodLoot}
	for _, tc := range cases {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			_, err := levels.LoadContentFS(itemsFS(map[string]string{tc.file: edit(t, good[tc.file], tc.old, tc.new)}))
			assertContentError(t, err, tc.file, tc.want)
		})
	}
}
