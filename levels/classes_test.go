package levels_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

const goodClasses = `
[[class]]
id = "sapper"
name = "Sapper"
description = "Light shots and a bomb."
ship = "striker"
hp = 90
[class.weapon]
shots = 3
spread = 8
[class.ability]
kind = "bomb"
name = "Bomb"
cooldown_ticks = 600
radius = 160

[[class]]
id = "vanguard"
name = "Vanguard"
description = "The baseline and a shield."
ship = "warden"
[class.ability]
kind = "shield"
name = "Shield"
cooldown_ticks = 600
duration_ticks = 90

[[class]]
id = "runner"
name = "Runner"
description = "A dash through the thick of it."
ship = "skirmisher"
[class.ability]
kind = "dash"
name = "Dash"
cooldown_ticks = 180
distance = 150
duration_ticks = 10
invulnerable_ticks = 8

[[class]]
id = "trickster"
name = "Trickster"
description = "Leaves a decoy the enemy cannot resist."
ship = "mystic"
[class.ability]
kind = "decoy"
name = "Decoy"
cooldown_ticks = 720
duration_ticks = 240
`

// withClasses is the good test content with a classes file.
func withClasses(text string) fstest.MapFS {
	fsys := contentFS(nil)
	fsys[levels.ClassesFile] = &fstest.MapFile{Data: []byte(text)}
	return fsys
}

func TestClassContent(t *testing.T) {
	t.Run("good classes load on the baseline, a stat left out kept from it", func(t *testing.T) {
		c, err := levels.LoadContentFS(withClasses(goodClasses))
		require.NoError(t, err)
		require.Len(t, c.Classes, 4)
		assert.Equal(t, int16(90), c.Classes[0].Stats.MaxHP)
		assert.Equal(t, 3, c.Classes[0].Stats.Shots)
		assert.InDelta(t, 8*3.14159265/180, c.Classes[0].Stats.Spread, 1e-6)
		assert.Equal(t, game.AbilityBomb, c.Classes[0].Ability.Kind)
		assert.Equal(t, c.Player.MaxHP, c.Classes[1].Stats.MaxHP, "the baseline")
		assert.Equal(t, 90, c.Classes[1].Ability.Duration)
		assert.Equal(t, game.Ability{Kind: game.AbilityDash, Name: "Dash", Cooldown: 180, Distance: 150, Duration: 10, Invulnerable: 8},
			c.Classes[2].Ability)
		assert.Equal(t, game.Ability{Kind: game.AbilityDecoy, Name: "Decoy", Cooldown: 720, Duration: 240}, c.Classes[3].Ability)
	})
	t.Run("content without a classes file has none", func(t *testing.T) {
		c, err := levels.LoadContentFS(contentFS(nil))
		require.NoError(t, err)
		assert.Empty(t, c.Classes)
	})
	t.Run("the built-in content has at least four classes, each with an ability", func(t *testing.T) {
		c, err := levels.LoadContent()
		require.NoError(t, err)
		require.GreaterOrEqual(t, len(c.Classes), 4)
		for _, cl := range c.Classes {
			assert.NotEqual(t, game.AbilityNone, cl.Ability.Kind, cl.ID)
			assert.NotEmpty(t, cl.Text, cl.ID)
		}
	})
}

func TestClassValidationNamesFileAndKey(t *testing.T) {
	cases := []struct {
		name     string
		old, new string
		want     string
	}{
		{"an unknown ability kind", `kind = "bomb"`, `kind = "teleport"`,
			`classes.toml: class "sapper": ability.kind: "teleport" is not one of bomb, shield, dash, decoy`},
		{"a bomb without a radius", "radius = 160", "radius = 0",
			`classes.toml: class "sapper": ability.radius: 0 is outside (0, 480]`},
		{"a shield as long as its cooldown", "duration_ticks = 90", "duration_ticks = 600",
			`classes.toml: class "vanguard": ability.duration_ticks: 600 ticks, want 1 to 300 and under the cooldown`},
		{"no cooldown", "cooldown_ticks = 600", "cooldown_ticks = 0",
			`classes.toml: class "sapper": ability.cooldown_ticks: 0 ticks, want 1 to 3600`},
		{"a bomb with a duration", "radius = 160", "radius = 160\nduration_ticks = 30",
			`classes.toml: class "sapper": ability.duration_ticks: a bomb has no duration_ticks`},
		{"a shield with a radius", "duration_ticks = 90", "duration_ticks = 90\nradius = 40",
			`classes.toml: class "vanguard": ability.radius: a shield has no radius`},
		{"a dash with no distance", "distance = 150", "",
			`classes.toml: class "runner": ability.distance: 0 is outside (0, 320]`},
		{"a dash too long", "distance = 150", "distance = 400",
			`classes.toml: class "runner": ability.distance: 400 is outside (0, 320]`},
		{"a dash too fast a tick", "distance = 150", "distance = 300",
			`classes.toml: class "runner": ability.distance: 300 u over 10 ticks is 30.0 u a tick, want at most 24`},
		{"a dash over too many ticks", "duration_ticks = 10", "duration_ticks = 40",
			`classes.toml: class "runner": ability.duration_ticks: 40 ticks, want 1 to 30 and under the cooldown`},
		{"a dash untouchable longer than it lasts", "invulnerable_ticks = 8", "invulnerable_ticks = 12",
			`classes.toml: class "runner": ability.invulnerable_ticks: 12 ticks, want 1 to the dash's duration_ticks (10)`},
		{"a dash never untouchable", "invulnerable_ticks = 8", "",
			`classes.toml: class "runner": ability.invulnerable_ticks: 0 ticks, want 1 to the dash's duration_ticks (10)`},
		{"a decoy standing past its cooldown", "duration_ticks = 240", "duration_ticks = 720",
			`classes.toml: class "trickster": ability.duration_ticks: 720 ticks, want 1 to 600 and under the cooldown`},
		{"a decoy with a distance", "duration_ticks = 240", "duration_ticks = 240\ndistance = 50",
			`classes.toml: class "trickster": ability.distance: a decoy has no distance`},
		{"two classes with one id", `id = "vanguard"`, `id = "sapper"`,
			`classes.toml: class "sapper": id: a second class with this id`},
		{"an id with capitals", `id = "sapper"`, `id = "Sapper"`,
			`classes.toml: class "Sapper": id: "Sapper" is not 1 to 32 of a-z, 0-9 and _`},
		{"no description", `description = "Light shots and a bomb."`, `description = ""`,
			`classes.toml: class "sapper": description: want 1 to 160 bytes`},
		{"a number typed into a description", `description = "Light shots and a bomb."`, `description = "3 light shots."`,
			`classes.toml: class "sapper": description: "3 light shots." holds`},
		{"two classes sharing a ship", `ship = "warden"`, `ship = "striker"`,
			`classes.toml: class "vanguard": ship: "striker" is another class's ship: each class has its own`},
		{"too many bullets a shot", "shots = 3", "shots = 9",
			`classes.toml: class "sapper": weapon.shots: 9 is outside [0, 7]`},
		{"a misspelt key", "spread = 8", "spraed = 8",
			`classes.toml: class.weapon.spraed: unknown key`},
	}
	for _, c := range cases {
		t.Run("the error names the file and key for "+c.name, func(t *testing.T) {
			text := edit(t, goodClasses, c.old, c.new)
			_, err := levels.LoadContentFS(withClasses(text))
			assertContentError(t, err, levels.ClassesFile, c.want)
		})
	}
}

// goodGear is class gear for goodClasses: vanes that carry the runner's
// dash further and sooner, a mask that keeps the trickster's decoy
// standing longer, and common armour.
const goodGear = `
[[item]]
id = "vanes"
name = "Vanes"
kind = "charm"
class = "runner"
ability_distance = 40
ability_cooldown_ticks = -30

[[item]]
id = "mask"
name = "Mask"
kind = "armour"
class = "trickster"
max_hp = 10
ability_duration_ticks = 60

[[item]]
id = "coat"
name = "Coat"
kind = "armour"
max_hp = 20
`

func TestClassGearContent(t *testing.T) {
	gearFS := func(items string) fstest.MapFS {
		fsys := withClasses(goodClasses)
		fsys[levels.ItemsFile] = &fstest.MapFile{Data: []byte(items)}
		return fsys
	}
	t.Run("class gear names its class and what it changes of its ability", func(t *testing.T) {
		c, err := levels.LoadContentFS(gearFS(goodGear))
		require.NoError(t, err)
		runner, _ := levels.ClassIndex(c, "runner")
		trickster, _ := levels.ClassIndex(c, "trickster")
		assert.Equal(t, uint16(1)<<runner, c.Items[0].Classes)
		assert.Equal(t, game.AbilityMods{Distance: 40, Cooldown: -30}, c.Items[0].Mods.Ability)
		assert.Equal(t, uint16(1)<<trickster, c.Items[1].Classes)
		assert.Equal(t, game.StatMods{MaxHP: 10, Ability: game.AbilityMods{Duration: 60}}, c.Items[1].Mods)
		assert.Zero(t, c.Items[2].Classes, "common gear: every class wears it")
		assert.True(t, c.Items[0].WornBy(runner))
		assert.False(t, c.Items[0].WornBy(trickster))
	})
	cases := []struct {
		name, old, new, want string
	}{
		{"gear of a class content lacks", `class = "runner"`, `class = "pirate"`,
			`items.toml: item "vanes": class: "pirate" is not a class of classes.toml`},
		{"an ability key on common gear", "max_hp = 20", "max_hp = 20\nability_duration_ticks = 30",
			`items.toml: item "coat": ability_cooldown_ticks: only class gear (with a class) changes an ability`},
		{"a key the class's ability does not take", "ability_distance = 40", "ability_radius = 40",
			`items.toml: item "vanes": ability_radius: the Runner's dash has no radius`},
		{"a decoy's gear reaching for a dash's key", "ability_duration_ticks = 60", "ability_invulnerable_ticks = 6",
			`items.toml: item "mask": ability_invulnerable_ticks: the Trickster's decoy has no invulnerable_ticks`},
		{"too long a change", "ability_distance = 40", "ability_distance = 400",
			`items.toml: item "vanes": ability_distance: 400`},
		{"class gear to drink", `kind = "charm"`, "kind = \"consumable\"\nheal = 10",
			`items.toml: item "vanes": class: a consumable is anyone's`},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			_, err := levels.LoadContentFS(gearFS(edit(t, goodGear, tc.old, tc.new)))
			assertContentError(t, err, levels.ItemsFile, tc.want)
		})
	}
}
