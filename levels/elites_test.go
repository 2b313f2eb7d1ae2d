package levels_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

const eliteTable = `
[enemy.elite]
hp_mult = 2.0
loot_mult = 3.0
emitter = [ { pattern = "ring", cooldown_ticks = 90, range = 400 } ]
`

// withElite is the good enemies with an elite table after the grunt's.
func withElite(t *testing.T, table string) string {
	return edit(t, goodEnemies, "emitter = [ { pattern = \"fan\", cooldown_ticks = 60, range = 400 } ]\n",
		"emitter = [ { pattern = \"fan\", cooldown_ticks = 60, range = 400 } ]\n"+table)
}

func TestAnEliteIsItsKindMadeTougherAndRicher(t *testing.T) {
	c, err := levels.LoadContentFS(contentFS(map[string]string{levels.EnemiesFile: withElite(t, eliteTable)}))
	require.NoError(t, err)
	require.Len(t, c.Enemies, 3, "the grunt, the boss and, after them, the grunt's elite")
	grunt, elite := c.Enemies[0], c.Enemies[2]
	assert.Equal(t, 2, grunt.Elite, "the grunt names its elite")
	assert.Zero(t, c.Enemies[1].Elite, "the boss has none")
	assert.Equal(t, "grunt_elite", elite.ID)
	assert.Equal(t, "Elite Grunt", elite.Name)
	assert.Equal(t, "grunt", elite.EliteOf)
	assert.Equal(t, 2*grunt.MaxHP, elite.MaxHP, "more health")
	require.Len(t, elite.Phases, 1)
	assert.Equal(t, append(append([]game.Emitter(nil), grunt.Phases[0].Emitters...), game.Emitter{Pattern: 0, Cooldown: 90, Range: 400}),
		elite.Phases[0].Emitters, "its kind's patterns and one more")
	assert.Len(t, grunt.Phases[0].Emitters, 1, "and the kind keeps its own")
	assert.False(t, elite.Boss)
}

func TestTheEmbeddedElitesDropMoreThanTheirKinds(t *testing.T) {
	c, err := levels.LoadContent()
	require.NoError(t, err)
	n := 0
	for _, k := range c.Enemies {
		if k.Elite == 0 {
			continue
		}
		n++
		e := c.Enemies[k.Elite]
		t.Run(e.Name+" is tougher, fires more and drops more than a "+k.Name, func(t *testing.T) {
			assert.Greater(t, e.MaxHP, k.MaxHP)
			assert.Greater(t, len(e.Phases[0].Emitters), len(k.Phases[0].Emitters))
			require.Len(t, e.Loot, len(k.Loot))
			for i := range k.Loot {
				assert.Equal(t, k.Loot[i].Item, e.Loot[i].Item)
				assert.Greater(t, e.Loot[i].Chance, k.Loot[i].Chance)
			}
		})
	}
	assert.GreaterOrEqual(t, n, 6, "most ordinary kinds have an elite")
}

func TestAnEliteTableIsValidated(t *testing.T) {
	cases := []struct{ name, table, want string }{
		{"too little health", `
[enemy.elite]
hp_mult = 1.0
loot_mult = 3.0
emitter = [ { pattern = "ring", cooldown_ticks = 90, range = 400 } ]
`, `enemies.toml: enemy "grunt": elite: hp_mult: `},
		{"no richer drop", `
[enemy.elite]
hp_mult = 2.0
loot_mult = 1.0
emitter = [ { pattern = "ring", cooldown_ticks = 90, range = 400 } ]
`, `enemies.toml: enemy "grunt": elite: loot_mult: `},
		{"no extra pattern", `
[enemy.elite]
hp_mult = 2.0
loot_mult = 3.0
`, `enemies.toml: enemy "grunt": elite: emitter: `},
		{"an extra pattern its kind fires already", `
[enemy.elite]
hp_mult = 2.0
loot_mult = 3.0
emitter = [ { pattern = "fan", cooldown_ticks = 90, range = 400 } ]
`, `enemies.toml: enemy "grunt": elite: emitter 0: `},
		{"an unknown extra pattern", `
[enemy.elite]
hp_mult = 2.0
loot_mult = 3.0
emitter = [ { pattern = "nova", cooldown_ticks = 90, range = 400 } ]
`, `enemies.toml: enemy "grunt": elite: emitter 0: unknown pattern "nova"`},
	}
	for _, tc := range cases {
		t.Run("an elite with "+tc.name+" is refused", func(t *testing.T) {
			_, err := levels.LoadContentFS(contentFS(map[string]string{levels.EnemiesFile: withElite(t, tc.table)}))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	t.Run("a boss with an elite is refused", func(t *testing.T) {
		text := edit(t, goodEnemies, "emitter = [ { pattern = \"ring\", cooldown_ticks = 40, range = 600 } ]\n",
			"emitter = [ { pattern = \"ring\", cooldown_ticks = 40, range = 600 } ]\n"+eliteTable)
		_, err := levels.LoadContentFS(contentFS(map[string]string{levels.EnemiesFile: text}))
		require.Error(t, err)
		assert.Contains(t, err.Error(), `enemies.toml: enemy "boss": elite: elite: only an ordinary hostile kind`)
	})
}
