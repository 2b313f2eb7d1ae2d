package levels_test

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
	"duskfall/levels"
)

// The three kinds the hub's portals open.
var dungeonIDs = []string{"proving_grounds", "catacombs", "sunken_keep"}

func loadContent(t testing.TB) *game.Content {
	t.Helper()
	c, err := levels.LoadContent()
	require.NoError(t, err)
	return c
}

// kindByID finds a loaded dungeon kind.
func kindByID(t testing.TB, c *game.Content, id string) (int, *game.DungeonKind) {
	t.Helper()
	for i := range c.Dungeons {
		if c.Dungeons[i].ID == id {
			return i, &c.Dungeons[i]
		}
	}
	require.Failf(t, "no such dungeon kind", "%q", id)
	return -1, nil
}

// walk floods from a tile through every non-wall tile.
func walk(g *game.Grid, tx, ty int) []int { return game.WalkDistances(g, tx, ty) }

// stepsTo reads a flood's distance at a world position.
func stepsTo(g *game.Grid, dist []int, p game.Vec) int {
	return dist[int(p.Y)/game.TileSize*g.W+int(p.X)/game.TileSize]
}

func TestDungeonContent(t *testing.T) {
	c := loadContent(t)
	require.GreaterOrEqual(t, len(c.Dungeons), 3)
	for _, id := range dungeonIDs {
		_, k := kindByID(t, c, id)
		assert.NotEmpty(t, k.Name)
		assert.True(t, c.Enemies[k.Boss].Boss, "%s ends with a boss", id)
	}
	_, pg := kindByID(t, c, "proving_grounds")
	_, keep := kindByID(t, c, "sunken_keep")
	t.Run("the Proving Grounds drop ten times the loot", func(t *testing.T) {
		assert.InDelta(t, 10.0, pg.LootMultiplier, 1e-12)
	})
	t.Run("the Proving Grounds are the shortest kind", func(t *testing.T) {
		walkLength := func(k *game.DungeonKind) float64 {
			total := 0
			for seed := uint64(1); seed <= 20; seed++ {
				d, err := game.GenerateDungeon(k, seed, 1)
				require.NoError(t, err)
				tx, ty := d.Rooms[d.Entrance].Center()
				total += stepsTo(d.Map.Grid, walk(d.Map.Grid, tx, ty), d.Rooms[d.BossRoom].CenterPos())
			}
			return float64(total) / 20
		}
		pgWalk := walkLength(pg)
		for i := range c.Dungeons {
			k := &c.Dungeons[i]
			if k == pg {
				continue
			}
			assert.Less(t, pg.Width*pg.Height, k.Width*k.Height, "smaller than %s", k.ID)
			assert.Less(t, pg.RoomsMax, k.RoomsMin, "fewer rooms than %s", k.ID)
			assert.Less(t, pgWalk, walkLength(k), "a shorter walk to the boss than %s", k.ID)
		}
	})
	t.Run("the Sunken Keep is the largest kind", func(t *testing.T) {
		for _, k := range c.Dungeons {
			assert.LessOrEqual(t, k.Width*k.Height, keep.Width*keep.Height, k.ID)
			assert.LessOrEqual(t, k.RoomsMax, keep.RoomsMax, k.ID)
		}
	})
}

func TestEveryDungeonKindGeneratesPlayableMaps(t *testing.T) {
	c := loadContent(t)
	for i := range c.Dungeons {
		k := &c.Dungeons[i]
		t.Run(k.ID+" fits its size, connects every floor tile and keeps every body out of the walls", func(t *testing.T) {
			for seed := uint64(1); seed <= 60; seed++ {
				d, err := game.GenerateDungeon(k, seed, 1+int(seed%4))
				require.NoError(t, err, "seed %d", seed)
				g := d.Map.Grid
				require.Equal(t, [2]int{k.Width, k.Height}, [2]int{g.W, g.H})
				tx, ty := d.Rooms[d.Entrance].Center()
				dist := walk(g, tx, ty)
				for ti, tile := range g.Tiles {
					require.True(t, tile == game.TileWall || dist[ti] >= 0, "seed %d: floor cut off at %d", seed, ti)
				}
				for _, p := range d.Map.PlayerSpawns {
					require.False(t, g.CircleSolid(p, c.Player.Radius))
				}
				bosses := 0
				for _, s := range d.Map.EnemySpawns {
					def := &c.Enemies[s.Kind]
					require.False(t, g.CircleSolid(s.Pos, def.Radius), "seed %d: %s in a wall", seed, def.ID)
					if def.Boss {
						bosses++
					}
				}
				require.Equal(t, 1, bosses, "seed %d", seed)
			}
		})
	}
}

func TestDungeonKindsArePinned(t *testing.T) {
	// FNV-64 of the tiles and spawns for seed 1, depth 1. Tuning
	// dungeons.toml or changing generation moves these: do it on purpose.
	golden := map[string]uint64{
		"proving_grounds": 0x468a8a016c1deb2a,
		"catacombs":       0x45ebd9e74d3ec764,
		"sunken_keep":     0x5fbf2fb5b0c47b8e,
	}
	c := loadContent(t)
	for _, id := range dungeonIDs {
		t.Run(id+" matches its golden hash", func(t *testing.T) {
			_, k := kindByID(t, c, id)
			d, err := game.GenerateDungeon(k, 1, 1)
			require.NoError(t, err)
			got := mapHash(d.Map)
			assert.Equal(t, golden[id], got, "got %#x", got)
		})
	}
}

func mapHash(m *game.Map) uint64 {
	h := fnv.New64a()
	h.Write(m.Grid.Tiles)
	var b [8]byte
	put := func(v float64) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		h.Write(b[:])
	}
	for _, p := range m.PlayerSpawns {
		put(p.X)
		put(p.Y)
	}
	for _, s := range m.EnemySpawns {
		put(s.Pos.X)
		put(s.Pos.Y)
		put(float64(s.Kind))
	}
	return h.Sum64()
}

func TestHub(t *testing.T) {
	c := loadContent(t)
	m, err := levels.LoadMap("hub", c)
	require.NoError(t, err)
	g := m.Grid
	t.Run("it is a plaza of about 50×36 tiles with room for four arrivals and nothing hostile", func(t *testing.T) {
		assert.InDelta(t, 50, g.W, 6)
		assert.InDelta(t, 36, g.H, 6)
		assert.GreaterOrEqual(t, len(m.PlayerSpawns), 4)
		assert.Empty(t, m.EnemySpawns)
		assert.False(t, m.HasExit || m.NoRespawn, "the hub is no dungeon")
		decor := 0
		for _, tile := range g.Tiles {
			if tile == game.TileDecor {
				decor++
			}
		}
		assert.Positive(t, decor, "a paved plaza")
	})
	t.Run("each dungeon kind has one portal, and every portal opens a real kind", func(t *testing.T) {
		opened := map[uint8]int{}
		for _, p := range m.Portals {
			require.Less(t, int(p.Dungeon), len(c.Dungeons))
			opened[p.Dungeon]++
		}
		for _, id := range dungeonIDs {
			i, _ := kindByID(t, c, id)
			assert.Equal(t, 1, opened[uint8(i)], id)
		}
	})
	t.Run("the NPC stands on floor", func(t *testing.T) {
		require.True(t, m.HasNPC)
		assert.False(t, g.CircleSolid(m.NPC, c.Player.Radius))
	})
	t.Run("portals, NPC and spawns are all reachable, and no one arrives on a portal", func(t *testing.T) {
		s := m.PlayerSpawns[0]
		dist := walk(g, int(s.X)/game.TileSize, int(s.Y)/game.TileSize)
		w := game.NewWorld(m, c, 1)
		for _, p := range m.PlayerSpawns {
			assert.GreaterOrEqual(t, stepsTo(g, dist, p), 0)
			_, on := w.PortalAt(p)
			assert.False(t, on, "a spawn within reach of a portal")
		}
		for i, p := range m.Portals {
			assert.GreaterOrEqual(t, stepsTo(g, dist, p.Pos), 0)
			for _, q := range m.Portals[i+1:] {
				assert.Greater(t, p.Pos.Sub(q.Pos).Len(), 2.0*game.PortalRadius, "portal reaches overlap")
			}
		}
		assert.GreaterOrEqual(t, stepsTo(g, dist, m.NPC), 0)
	})
	t.Run("the keeper stands on the way from every spawn to every portal, in sight of the spawns and out of their reach", func(t *testing.T) {
		const reach = 3 * game.TileSize // the server's NPCRadius
		fromNPC := walk(g, int(m.NPC.X)/game.TileSize, int(m.NPC.Y)/game.TileSize)
		for _, s := range m.PlayerSpawns {
			d := m.NPC.Sub(s)
			assert.Greater(t, d.Len(), float64(reach), "a spawn at %v arrives in the keeper's reach", s)
			// The smallest window (640×400 at zoom 1, the camera a little
			// below the ship) shows about 170 u above the ship.
			assert.LessOrEqual(t, math.Abs(d.Y), 5.0*game.TileSize, "the keeper is out of sight from the spawn at %v", s)
			assert.LessOrEqual(t, math.Abs(d.X), 8.0*game.TileSize, "the keeper is out of sight from the spawn at %v", s)
			fromSpawn := walk(g, int(s.X)/game.TileSize, int(s.Y)/game.TileSize)
			for _, p := range m.Portals {
				// Stopping by the keeper costs at most five tiles each way
				// off the shortest walk.
				direct := stepsTo(g, fromSpawn, p.Pos)
				via := stepsTo(g, fromSpawn, m.NPC) + stepsTo(g, fromNPC, p.Pos)
				assert.LessOrEqual(t, via, direct+10, "the way from %v to the portal at %v passes within five tiles of the keeper", s, p.Pos)
			}
		}
	})
	t.Run("walking onto a portal and pressing INTERACT asks for that dungeon", func(t *testing.T) {
		w := game.NewWorld(m, c, 1)
		w.AddPlayer(1)
		// Up through the passage, the plaza and the colonnade, then across
		// the gallery to the first portal's alcove.
		route := []game.Vec{game.TileCenter(23, 28), game.TileCenter(23, 12), game.TileCenter(23, 7),
			game.TileCenter(12, 4), m.Portals[0].Pos}
		var used []game.Event
		for tick := 0; tick < 900 && len(used) == 0; tick++ {
			pos, _ := w.PlayerPos(1)
			if len(route) > 1 && route[0].Sub(pos).Len() < 8 {
				route = route[1:]
			}
			in := game.Input{Tick: w.Tick() + 1, Buttons: game.BtnInteract * uint8(tick%2)}
			if d := route[0].Sub(pos); d.Len() > 2 {
				in.MoveX, in.MoveY = int8(100*d.X/d.Len()), int8(100*d.Y/d.Len())
			}
			w.QueueInput(1, in)
			w.Step()
			for _, e := range w.Events() {
				if e.Kind == game.EvTransfer {
					used = append(used, e)
				}
			}
		}
		require.NotEmpty(t, used, "the portal was reached")
		assert.Equal(t, m.Portals[0].Dungeon, used[0].Dungeon)
	})
}

const goodDungeons = `
[[dungeon]]
id = "test"
name = "Test"
size = [40, 30]
rooms = [3, 4]
room_size = [5, 8]
corridor_width = 2
loops = 1
enemies_per_room = [1, 2]
boss = "boss"
loot_multiplier = 2.0
loot_slots_per_room = 1
enemies = [ { enemy = "grunt", weight = 2 } ]
`

const goodHub = `
name = "Test Hub"
npc = "the Keeper"
rows = [
  "##########",
  "#P...1...#",
  "#.,,N,,..#",
  "##########",
]
[legend]
1 = { portal = "test" }
g = { enemy = "grunt" }
`

// dungeonFS is the good content plus dungeon kinds and a hub, with
// replacements.
func dungeonFS(replace map[string]string) fstest.MapFS {
	fsys := contentFS(replace)
	for name, text := range map[string]string{levels.DungeonsFile: goodDungeons, "hub.toml": goodHub} {
		if r, ok := replace[name]; ok {
			text = r
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

func TestGoodDungeonContentLoads(t *testing.T) {
	c, err := levels.LoadContentFS(dungeonFS(nil))
	require.NoError(t, err)
	require.Len(t, c.Dungeons, 1)
	k := c.Dungeons[0]
	assert.Equal(t, game.DungeonKind{ID: "test", Name: "Test", Width: 40, Height: 30, RoomsMin: 3, RoomsMax: 4,
		RoomMin: 5, RoomMax: 8, CorridorWidth: 2, Loops: 1, Enemies: []game.DungeonEnemy{{Kind: 0, Weight: 2}},
		EnemiesMin: 1, EnemiesMax: 2, Boss: 1, LootMultiplier: 2, XPMultiplier: 1, LootSlotsPerRoom: 1}, k)
	m, err := levels.LoadMapFS(dungeonFS(nil), "hub", c)
	require.NoError(t, err)
	assert.Equal(t, []game.Portal{{Pos: game.TileCenter(5, 1), Dungeon: 0}}, m.Portals)
	assert.Equal(t, game.TileCenter(4, 2), m.NPC)
	assert.True(t, m.HasNPC)
	assert.Equal(t, game.TileDecor, m.Grid.At(2, 2))
	assert.Equal(t, game.TileFloor, m.Grid.At(5, 1), "a portal stands on floor")
	t.Run("a content set without dungeons.toml has no dungeons", func(t *testing.T) {
		c, err := levels.LoadContentFS(contentFS(nil))
		require.NoError(t, err)
		assert.Empty(t, c.Dungeons)
		_, err = levels.LoadMapFS(dungeonFS(nil), "hub", c)
		assertContentError(t, err, "hub.toml", `hub.toml: legend "1": unknown dungeon "test"`)
	})
}

func TestDungeonValidationNamesFileAndKey(t *testing.T) {
	const item = `dungeons.toml: dungeon "test": `
	cases := []struct {
		name     string
		file     string
		old, new string
		want     string
	}{
		{"an unknown enemy in the table", levels.DungeonsFile, `enemy = "grunt"`, `enemy = "gnome"`,
			item + `enemies[0]: unknown enemy "gnome"`},
		{"an unknown boss", levels.DungeonsFile, `boss = "boss"`, `boss = "dragon"`, item + `boss: unknown enemy "dragon"`},
		{"a boss that is not a boss kind", levels.DungeonsFile, `boss = "boss"`, `boss = "grunt"`,
			item + `boss: "grunt" is not a boss kind`},
		{"a boss kind in the enemy table", levels.DungeonsFile, `weight = 2 }`, `weight = 2 }, { enemy = "boss", weight = 1 }`,
			item + `enemies[1]: enemy: "boss" is a boss kind`},
		{"an enemy listed twice", levels.DungeonsFile, `weight = 2 }`, `weight = 2 }, { enemy = "grunt", weight = 1 }`,
			item + `enemies[1]: enemy: "grunt" is listed twice`},
		{"a zero weight", levels.DungeonsFile, `weight = 2`, `weight = 0`, item + `enemies[0]: weight: 0`},
		{"an empty enemy table", levels.DungeonsFile, `enemies = [ { enemy = "grunt", weight = 2 } ]`, `enemies = []`,
			item + `enemies: an empty enemy table`},
		{"a room larger than the map", levels.DungeonsFile, `room_size = [5, 8]`, `room_size = [5, 39]`,
			item + `room_size: a 39-tile room does not fit`},
		{"rooms smaller than a boss needs", levels.DungeonsFile, `room_size = [5, 8]`, `room_size = [3, 8]`,
			item + `room_size: [3, 8] tiles`},
		{"too many rooms to fit", levels.DungeonsFile, `rooms = [3, 4]`, `rooms = [3, 20]`, item + `rooms: 20 rooms of up to 8 tiles`},
		{"a single room", levels.DungeonsFile, `rooms = [3, 4]`, `rooms = [1, 1]`, item + `rooms: [1, 1]`},
		{"a size that is not a pair", levels.DungeonsFile, `size = [40, 30]`, `size = [40, 30, 2]`, item + `size: [40 30 2], want a pair`},
		{"a corridor of no width", levels.DungeonsFile, `corridor_width = 2`, `corridor_width = 0`, item + `corridor_width: 0 tiles`},
		{"a zero loot multiplier", levels.DungeonsFile, `loot_multiplier = 2.0`, `loot_multiplier = 0.0`, item + `loot_multiplier: 0`},
		{"a zero XP multiplier", levels.DungeonsFile, `loot_multiplier = 2.0`, "loot_multiplier = 2.0\nxp_multiplier = 0.0", item + `xp_multiplier: 0`},
		{"an XP multiplier past the limit", levels.DungeonsFile, `loot_multiplier = 2.0`, "loot_multiplier = 2.0\nxp_multiplier = 25.0", item + `xp_multiplier: 25`},
		{"more enemies than a room holds", levels.DungeonsFile, `enemies_per_room = [1, 2]`, `enemies_per_room = [1, 9]`,
			item + `enemies_per_room: 9 enemies and 1 loot slots`},
		{"a kind without a name", levels.DungeonsFile, `name = "Test"`, ``, item + `name: missing`},
		{"a kind without an id", levels.DungeonsFile, `id = "test"`, ``, `dungeons.toml: dungeon[0]: id: missing`},
		{"a duplicate id", levels.DungeonsFile, `enemies = [ { enemy = "grunt", weight = 2 } ]`,
			"enemies = [ { enemy = \"grunt\", weight = 2 } ]\n" + goodDungeons,
			item + `id: duplicate`},
		{"a misspelt key", levels.DungeonsFile, `size =`, `sise =`, `dungeons.toml: dungeon.sise: unknown key`},
		{"a boss too wide for a room", levels.EnemiesFile, "radius = 30", "radius = 50",
			item + `boss: "boss" (radius 50) is too wide`},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			good := map[string]string{levels.DungeonsFile: goodDungeons, levels.EnemiesFile: goodEnemies}[tc.file]
			_, err := levels.LoadContentFS(dungeonFS(map[string]string{tc.file: edit(t, good, tc.old, tc.new)}))
			assertContentError(t, err, levels.DungeonsFile, tc.want)
		})
	}
	t.Run("a file with no kinds is refused", func(t *testing.T) {
		_, err := levels.LoadContentFS(dungeonFS(map[string]string{levels.DungeonsFile: "# none\n"}))
		assertContentError(t, err, levels.DungeonsFile, "dungeons.toml: dungeon: 0 dungeon kinds")
	})
}

func TestHubValidationNamesFileAndKey(t *testing.T) {
	c, err := levels.LoadContentFS(dungeonFS(nil))
	require.NoError(t, err)
	cases := []struct {
		name, old, new, want string
	}{
		{"a portal to an unknown dungeon", `portal = "test"`, `portal = "nowhere"`, `hub.toml: legend "1": unknown dungeon "nowhere"`},
		{"a legend table with two keys", `portal = "test"`, `portal = "test", enemy = "grunt"`, `hub.toml: legend "1": want an enemy id`},
		{"a legend table with an unknown key", `portal = "test"`, `door = "test"`, `hub.toml: legend "1": want an enemy id`},
		{"a legend value of the wrong type", `1 = { portal = "test" }`, `1 = 7`, `hub.toml: legend "1": want an enemy id`},
		{"an enemy table naming an unknown enemy", `enemy = "grunt"`, `enemy = "gnome"`, `hub.toml: legend "g": unknown enemy "gnome"`},
		{"a second NPC", `"#P...1...#"`, `"#P..N1...#"`, `hub.toml: rows[2]: column 4: a second NPC`},
		{"a legend redefining the NPC", `g = { enemy = "grunt" }`, `N = { enemy = "grunt" }`, `hub.toml: legend "N": 'N' is a reserved tile`},
		{"an NPC without a name", `npc = "the Keeper"`, ``, `hub.toml: npc: missing: the upgrade NPC ('N') needs a name`},
		{"a name for an NPC the rows do not place", `"#.,,N,,..#"`, `"#.,,.,,..#"`, `hub.toml: npc: "the Keeper" names an upgrade NPC the rows do not place`},
		{"a legend redefining the paving", `g = { enemy = "grunt" }`, `"," = { enemy = "grunt" }`, `hub.toml: legend ",": ',' is a reserved tile`},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			fsys := dungeonFS(map[string]string{"hub.toml": edit(t, goodHub, tc.old, tc.new)})
			_, err := levels.LoadMapFS(fsys, "hub", c)
			assertContentError(t, err, "hub.toml", tc.want)
		})
	}
}

func BenchmarkGenerateSunkenKeep(b *testing.B) {
	c := loadContent(b)
	_, k := kindByID(b, c, "sunken_keep")
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := game.GenerateDungeon(k, seed, 1); err != nil {
			b.Fatal(fmt.Sprint(err))
		}
	}
}
