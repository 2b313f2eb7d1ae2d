package levels_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/levels"
)

const goodPatterns = `
[[pattern]]
id = "ring"
name = "ring"
kind = "ring"
count = 8
speed = 120
radius = 5
life_ticks = 120
damage = 5

[[pattern]]
id = "fan"
name = "fan"
kind = "fan"
count = 3
spread = 30
speed = 200
radius = 4
life_ticks = 90
damage = 5
volleys = 2
volley_delay_ticks = 6
`

const goodEnemies = `
[[enemy]]
id = "grunt"
name = "Grunt"
radius = 14
hp = 50
speed = 60
hostile = true
emitter = [ { pattern = "fan", cooldown_ticks = 60, range = 400 } ]

[[enemy]]
id = "boss"
name = "Boss"
radius = 30
hp = 900
boss = true
hostile = true
emitter = [ { pattern = "ring", cooldown_ticks = 40, range = 600 } ]

[[enemy.phase]]
below = 0.5
emitter = [ { pattern = "fan", cooldown_ticks = 40, range = 600 } ]
`

const goodPlayer = `
speed = 240
radius = 10
hp = 100
fire_cooldown_ticks = 8
bullet_speed = 720
bullet_life_ticks = 50
bullet_radius = 5
damage = 12
muzzle_offset = 16
`

const goodMap = `
name = "Test"
rows = [
  "########",
  "#P.....#",
  "#....b.#",
  "#..g...#",
  "#......#",
  "########",
]
[legend]
g = "grunt"
b = "boss"
`

// contentFS is the good content with some files replaced.
func contentFS(replace map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range map[string]string{
		levels.PatternsFile: goodPatterns, levels.EnemiesFile: goodEnemies,
		levels.PlayerFile: goodPlayer, "test.toml": goodMap,
	} {
		if r, ok := replace[name]; ok {
			text = r
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func TestGoodTestContentLoads(t *testing.T) {
	c, err := levels.LoadContentFS(contentFS(nil))
	require.NoError(t, err)
	m, err := levels.LoadMapFS(contentFS(nil), "test", c)
	require.NoError(t, err)
	assert.Len(t, m.PlayerSpawns, 1)
	assert.Len(t, m.EnemySpawns, 2)
	assert.InDelta(t, 4.0, c.Player.Speed, 1e-12, "240 u/s is 4 u per tick")
	assert.Equal(t, 2, c.Patterns[1].Volleys)
}

// edit replaces old with new in the good text of a file, failing loudly if
// the edit does not apply, so a case cannot silently test the good content.
func edit(t *testing.T, good, old, new string) string {
	t.Helper()
	require.Contains(t, good, old)
	return strings.Replace(good, old, new, 1)
}

func TestContentValidationNamesFileAndKey(t *testing.T) {
	cases := []struct {
		name string
		file string
		text func(t *testing.T) string
		want string // the message starts with this
	}{
		{"an emitter naming an unknown pattern", levels.EnemiesFile,
			func(t *testing.T) string { return edit(t, goodEnemies, `pattern = "fan"`, `pattern = "fan9"`) },
			`enemies.toml: enemy "grunt": emitter 0: unknown pattern "fan9"`},
		{"an empty pattern", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "count = 8", "count = 0") },
			`patterns.toml: pattern "ring": count: `},
		{"a negative speed", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "speed = 120", "speed = -120") },
			`patterns.toml: pattern "ring": speed: `},
		{"a zero life", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "life_ticks = 120", "life_ticks = 0") },
			`patterns.toml: pattern "ring": life_ticks: `},
		{"a life over 10 s", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "life_ticks = 120", "life_ticks = 601") },
			`patterns.toml: pattern "ring": life_ticks: `},
		{"a zero radius", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "radius = 5", "radius = 0") },
			`patterns.toml: pattern "ring": radius: `},
		{"a radius over 64", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "radius = 5", "radius = 64.5") },
			`patterns.toml: pattern "ring": radius: `},
		{"an unknown pattern kind", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, `kind = "ring"`, `kind = "fan9"`) },
			`patterns.toml: pattern "ring": kind: unknown pattern kind "fan9"`},
		{"a duplicate pattern id", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, `id = "fan"`, `id = "ring"`) },
			`patterns.toml: pattern "ring": id: duplicate`},
		{"a pattern without an id", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, `id = "fan"`, ``) },
			`patterns.toml: pattern[1]: id: missing`},
		{"a pattern without a name for deaths to call it", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, `name = "fan"`, ``) },
			`patterns.toml: pattern "fan": name: missing`},
		{"a fan of several bullets with no spread", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "spread = 30", "spread = 0") },
			`patterns.toml: pattern "fan": spread: `},
		{"a burst with no delay between volleys", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "volley_delay_ticks = 6", "") },
			`patterns.toml: pattern "fan": volley_delay_ticks: `},
		{"an acceleration that outruns the wall check", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "speed = 120", "speed = 120\naccel = 1200") },
			`patterns.toml: pattern "ring": accel: `},
		{"a misspelt key", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "speed = 120", "sped = 120") },
			`patterns.toml: pattern.sped: unknown key`},
		{"broken TOML syntax", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, `id = "ring"`, `id = "ring`) },
			`patterns.toml: line 3: `},
		{"a value of the wrong type", levels.PatternsFile,
			func(t *testing.T) string { return edit(t, goodPatterns, "count = 8", `count = "eight"`) },
			`patterns.toml: decode: line 16 (last key "pattern.count"): incompatible types`},
		{"an emitter cooldown under one tick", levels.EnemiesFile,
			func(t *testing.T) string { return edit(t, goodEnemies, "cooldown_ticks = 60", "cooldown_ticks = 0") },
			`enemies.toml: enemy "grunt": emitter 0: cooldown_ticks: `},
		{"a hostile enemy with no emitter", levels.EnemiesFile,
			func(t *testing.T) string {
				return edit(t, goodEnemies, `emitter = [ { pattern = "fan", cooldown_ticks = 60, range = 400 } ]`, "")
			},
			`enemies.toml: enemy "grunt": emitter: a hostile enemy needs at least one emitter`},
		{"an enemy with zero hit points", levels.EnemiesFile,
			func(t *testing.T) string { return edit(t, goodEnemies, "hp = 50", "hp = 0") },
			`enemies.toml: enemy "grunt": hp: `},
		{"hit points beyond the wire's int16", levels.EnemiesFile,
			func(t *testing.T) string { return edit(t, goodEnemies, "hp = 50", "hp = 40000") },
			`enemies.toml: enemy "grunt": hp: `},
		{"a player with negative speed", levels.PlayerFile,
			func(t *testing.T) string { return edit(t, goodPlayer, "speed = 240", "speed = -240") },
			`player.toml: player: speed: `},
		{"a player fire cooldown under one tick", levels.PlayerFile,
			func(t *testing.T) string {
				return edit(t, goodPlayer, "fire_cooldown_ticks = 8", "fire_cooldown_ticks = 0")
			},
			`player.toml: player: fire_cooldown_ticks: `},
	}
	for _, c := range cases {
		t.Run(c.name+" is refused", func(t *testing.T) {
			_, err := levels.LoadContentFS(contentFS(map[string]string{c.file: c.text(t)}))
			assertContentError(t, err, c.file, c.want)
		})
	}
	t.Run("a missing file is refused", func(t *testing.T) {
		fsys := contentFS(nil)
		delete(fsys, levels.PlayerFile)
		_, err := levels.LoadContentFS(fsys)
		assertContentError(t, err, levels.PlayerFile, "player.toml: file: missing")
	})
}

func TestMapValidationNamesFileAndKey(t *testing.T) {
	c, err := levels.LoadContentFS(contentFS(nil))
	require.NoError(t, err)
	cases := []struct {
		name string
		old  string
		new  string
		want string
	}{
		{"a character not in the legend", `"#..g...#"`, `"#..z...#"`, `test.toml: rows[3]: column 3: unknown tile 'z'`},
		{"rows of unequal width", `"#....b.#"`, `"#....b.##"`, `test.toml: rows[2]: width 9, want 8`},
		{"a map with no player spawn", `"#P.....#"`, `"#......#"`, `test.toml: rows: no player spawn ('P')`},
		{"a boss spawn whose body is in a wall", `"#....b.#"`, `"#.....b#"`, `test.toml: rows[2]: column 6: "boss" spawn (radius 30) overlaps a wall`},
		{"a legend naming an unknown enemy", `g = "grunt"`, `g = "gnome"`, `test.toml: legend "g": unknown enemy "gnome"`},
		{"a legend redefining the wall", `g = "grunt"`, `"#" = "grunt"`, `test.toml: legend "#": `},
		{"a legend key of two characters", `g = "grunt"`, `gg = "grunt"`, `test.toml: legend "gg": `},
		{"a map without a name", `name = "Test"`, ``, `test.toml: name: missing`},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			fsys := contentFS(map[string]string{"test.toml": edit(t, goodMap, tc.old, tc.new)})
			_, err := levels.LoadMapFS(fsys, "test", c)
			assertContentError(t, err, "test.toml", tc.want)
		})
	}
	t.Run("a map with no rows is refused", func(t *testing.T) {
		fsys := contentFS(map[string]string{"test.toml": "name = \"Test\"\nrows = []\n"})
		_, err := levels.LoadMapFS(fsys, "test", c)
		assertContentError(t, err, "test.toml", "test.toml: rows: 0 rows")
	})
	t.Run("a map name that is a path is refused", func(t *testing.T) {
		_, err := levels.LoadMapFS(contentFS(nil), "../test", c)
		require.Error(t, err)
	})
	t.Run("a map that does not exist is refused", func(t *testing.T) {
		_, err := levels.LoadMapFS(contentFS(nil), "nowhere", c)
		assertContentError(t, err, "nowhere.toml", "nowhere.toml: file: missing")
	})
}

// assertContentError checks err is a *levels.Error for file whose message
// starts with want.
func assertContentError(t *testing.T, err error, file, want string) {
	t.Helper()
	require.Error(t, err)
	var ce *levels.Error
	require.True(t, errors.As(err, &ce), "%T: %v", err, err)
	assert.Equal(t, file, ce.File)
	assert.True(t, strings.HasPrefix(err.Error(), want), "got  %q\nwant %q…", err.Error(), want)
}
