package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testKinds are three dungeon kinds shaped like levels/dungeons.toml's (a
// small, a middling and the largest), over testContent's enemies.
func testKinds() []DungeonKind {
	return []DungeonKind{
		{ID: "small", Name: "Small", Width: 48, Height: 36, RoomsMin: 4, RoomsMax: 5, RoomMin: 6, RoomMax: 9,
			CorridorWidth: 3, Loops: 1, EnemiesMin: 1, EnemiesMax: 2, Boss: kindBoss, LootMultiplier: 10, LootSlotsPerRoom: 1,
			Enemies: []DungeonEnemy{{Kind: kindTurret, Weight: 3}, {Kind: kindDummy, Weight: 1}}},
		{ID: "middle", Name: "Middle", Width: 80, Height: 60, RoomsMin: 9, RoomsMax: 12, RoomMin: 5, RoomMax: 9,
			CorridorWidth: 2, Loops: 3, EnemiesMin: 2, EnemiesMax: 3, Boss: kindBoss, LootMultiplier: 1, LootSlotsPerRoom: 1,
			Enemies: []DungeonEnemy{{Kind: kindWalker, Weight: 3}, {Kind: kindTurret, Weight: 2}, {Kind: kindBigDumb, Weight: 1}}},
		largestKind(),
	}
}

// largestKind has the sunken keep's dimensions: the benchmark's subject.
func largestKind() DungeonKind {
	return DungeonKind{ID: "large", Name: "Large", Width: 120, Height: 90, RoomsMin: 14, RoomsMax: 18, RoomMin: 7, RoomMax: 13,
		CorridorWidth: 3, Loops: 4, EnemiesMin: 2, EnemiesMax: 4, Boss: kindBoss, LootMultiplier: 1.5, LootSlotsPerRoom: 2,
		Enemies: []DungeonEnemy{{Kind: kindWalker, Weight: 2}, {Kind: kindTurret, Weight: 2}, {Kind: kindDummy, Weight: 1}}}
}

func generate(t testing.TB, k *DungeonKind, seed uint64, depth int) *Dungeon {
	t.Helper()
	d, err := GenerateDungeon(k, seed, depth)
	require.NoError(t, err, "%s seed %d depth %d", k.ID, seed, depth)
	return d
}

// dungeonHash is FNV-64 of the tiles, the player and enemy spawns, the loot
// slots and the chosen rooms: everything a change to generation would move.
func dungeonHash(d *Dungeon) uint64 {
	h := fnv.New64a()
	h.Write(d.Map.Grid.Tiles)
	var b [8]byte
	put := func(v float64) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		h.Write(b[:])
	}
	for _, p := range d.Map.PlayerSpawns {
		put(p.X)
		put(p.Y)
	}
	for _, s := range d.Map.EnemySpawns {
		put(s.Pos.X)
		put(s.Pos.Y)
		put(float64(s.Kind))
	}
	for _, p := range d.LootSlots {
		put(p.X)
		put(p.Y)
	}
	put(float64(d.Entrance))
	put(float64(d.BossRoom))
	return h.Sum64()
}

// walkDistances floods from a room's centre, with the same Grid.Flood the
// generator measures with; flood_test.go checks the flood itself.
func walkDistances(g *Grid, from Room) []int {
	tx, ty := from.Center()
	return WalkDistances(g, tx, ty)
}

func tileAt(p Vec) (int, int) { return int(p.X) / TileSize, int(p.Y) / TileSize }

func TestGenerationIsDeterministic(t *testing.T) {
	// Pinned for seed 1, depth 1. A change here changes every dungeon a
	// seed names: make it on purpose and update the hash.
	golden := map[string]uint64{
		"small":  0x8cebaea77ded43b7,
		"middle": 0x2e843f3b4aacaa79,
		"large":  0x74d01f5995efc291,
	}
	for _, k := range testKinds() {
		t.Run(k.ID+" matches its golden hash for seed 1, depth 1", func(t *testing.T) {
			got := dungeonHash(generate(t, &k, 1, 1))
			assert.Equal(t, golden[k.ID], got, "got %#x", got)
		})
		t.Run(k.ID+" gives the same dungeon for the same inputs", func(t *testing.T) {
			a, b := generate(t, &k, 77, 3), generate(t, &k, 77, 3)
			assert.Equal(t, a, b)
		})
		t.Run(k.ID+" gives different dungeons for different seeds and depths", func(t *testing.T) {
			seen := map[uint64]string{}
			for seed := uint64(1); seed <= 20; seed++ {
				for depth := 1; depth <= 2; depth++ {
					h := dungeonHash(generate(t, &k, seed, depth))
					name := fmt.Sprintf("seed %d depth %d", seed, depth)
					require.NotContains(t, seen, h, "%s repeats %s", name, seen[h])
					seen[h] = name
				}
			}
		})
	}
}

func TestEveryFloorTileIsReachableFromTheEntrance(t *testing.T) {
	for _, k := range testKinds() {
		t.Run(k.ID+" over 100 seeds", func(t *testing.T) {
			for seed := uint64(1); seed <= 100; seed++ {
				d := generate(t, &k, seed, 1+int(seed%5))
				g := d.Map.Grid
				dist := walkDistances(g, d.Rooms[d.Entrance])
				for i, tile := range g.Tiles {
					if tile != TileWall {
						require.GreaterOrEqual(t, dist[i], 0, "seed %d: floor tile (%d, %d) is cut off", seed, i%g.W, i/g.W)
					}
				}
			}
		})
	}
}

func TestTheBossRoomIsTheFarthestRoomByWalking(t *testing.T) {
	for _, k := range testKinds() {
		t.Run(k.ID+" over 50 seeds", func(t *testing.T) {
			for seed := uint64(1); seed <= 50; seed++ {
				d := generate(t, &k, seed, 1)
				dist := walkDistances(d.Map.Grid, d.Rooms[d.Entrance])
				steps := func(r Room) int {
					x, y := r.Center()
					return dist[y*d.Map.Grid.W+x]
				}
				require.NotEqual(t, d.Entrance, d.BossRoom, "seed %d", seed)
				for i, r := range d.Rooms {
					require.GreaterOrEqual(t, steps(d.Rooms[d.BossRoom]), steps(r), "seed %d: room %d is farther", seed, i)
				}
				assert.Equal(t, d.Rooms[d.BossRoom].CenterPos(), d.Map.ExitPos, "the exit opens where the boss stood")
			}
		})
	}
}

func TestDungeonsFitTheirKind(t *testing.T) {
	for _, k := range testKinds() {
		t.Run(k.ID+" keeps its size, room counts and sizes (the boss's arena up to arenaSide), and a wall border", func(t *testing.T) {
			for seed := uint64(1); seed <= 50; seed++ {
				d := generate(t, &k, seed, 1)
				g := d.Map.Grid
				require.Equal(t, k.Width, g.W)
				require.Equal(t, k.Height, g.H)
				require.Len(t, g.Tiles, k.Width*k.Height)
				require.GreaterOrEqual(t, len(d.Rooms), k.RoomsMin, "seed %d", seed)
				require.LessOrEqual(t, len(d.Rooms), k.RoomsMax, "seed %d", seed)
				for i, r := range d.Rooms {
					largest := k.RoomMax
					if i == d.BossRoom {
						largest = max(k.RoomMax, arenaSide)
					}
					require.True(t, r.W >= k.RoomMin && r.W <= largest && r.H >= k.RoomMin && r.H <= largest, "%+v", r)
					require.True(t, r.X >= 1 && r.Y >= 1 && r.X+r.W <= g.W-1 && r.Y+r.H <= g.H-1, "%+v", r)
				}
				for x := range g.W {
					require.Equal(t, TileWall, g.At(x, 0))
					require.Equal(t, TileWall, g.At(x, g.H-1))
				}
				for y := range g.H {
					require.Equal(t, TileWall, g.At(0, y))
					require.Equal(t, TileWall, g.At(g.W-1, y))
				}
			}
		})
	}
}

func TestTheBossRoomIsAnArena(t *testing.T) {
	const seeds = 60
	for _, k := range testKinds() {
		t.Run(k.ID+": wide, octagonal, pillared, the way in paved", func(t *testing.T) {
			sides, cut, pillared, paved := 0, 0, 0, 0
			for seed := uint64(1); seed <= seeds; seed++ {
				d := generate(t, &k, seed, 1)
				g, r := d.Map.Grid, d.Rooms[d.BossRoom]
				sides += min(r.W, r.H)
				cx, cy := r.Center()
				for y := cy - 2; y <= cy+2; y++ {
					for x := cx - 2; x <= cx+2; x++ {
						require.NotEqual(t, TileWall, g.At(x, y), "seed %d: the boss has room at the centre", seed)
					}
				}
				if g.At(r.X, r.Y) == TileWall && g.At(r.X+r.W-1, r.Y+r.H-1) == TileWall {
					cut++
				}
				if walls, _ := octagonTiles(g, r); walls > 0 {
					pillared++
				}
				if pavedOnTheWayIn(d) {
					paved++
				}
			}
			t.Logf("%s: arenas %.1f tiles across on average; %d of %d cut, %d pillared, %d paved",
				k.ID, float64(sides)/seeds, cut, seeds, pillared, paved)
			assert.Greater(t, float64(sides)/seeds, float64(k.RoomMax+3), "wider than any other room")
			assert.GreaterOrEqual(t, cut, seeds*9/10, "its corners cut")
			assert.GreaterOrEqual(t, pillared, seeds*2/3, "pillars in most")
			assert.Equal(t, seeds, paved, "the way in is always paved")
		})
	}
}

// octagonTiles counts the walls and the floor inside an arena's octagon.
func octagonTiles(g *Grid, r Room) (walls, floor int) {
	for y := r.Y; y < r.Y+r.H; y++ {
		for x := r.X; x < r.X+r.W; x++ {
			if !inOctagon(r, x, y) {
				continue
			}
			if g.At(x, y) == TileWall {
				walls++
			} else {
				floor++
			}
		}
	}
	return walls, floor
}

// pavedOnTheWayIn reports whether the walk from the entrance to the boss
// steps on paving just before it enters the arena.
func pavedOnTheWayIn(d *Dungeon) bool {
	g, r := d.Map.Grid, d.Rooms[d.BossRoom]
	var f Flood
	ex, ey := d.Rooms[d.Entrance].Center()
	g.Flood(&f, ex, ey, nil)
	cx, cy := r.Center()
	path, ok := f.PathTo(cx, cy, nil)
	if !ok {
		return false
	}
	for i, p := range path {
		if r.Contains(p[0], p[1]) {
			return i > 0 && g.At(path[i-1][0], path[i-1][1]) == TileDecor
		}
	}
	return false
}

// roomOf is the index of the room holding p, or -1.
func roomOf(d *Dungeon, p Vec) int {
	tx, ty := tileAt(p)
	for i, r := range d.Rooms {
		if r.Contains(tx, ty) {
			return i
		}
	}
	return -1
}

func TestDungeonSpawns(t *testing.T) {
	c := testContent()
	for _, k := range testKinds() {
		table := map[int]bool{}
		for _, e := range k.Enemies {
			table[e.Kind] = true
		}
		t.Run(k.ID+" places every spawn on floor, clear of walls, where it belongs, and no enemy near an arrival or in its sight", func(t *testing.T) {
			for seed := uint64(1); seed <= 50; seed++ {
				d := generate(t, &k, seed, 1)
				m := d.Map
				assert.True(t, m.NoRespawn && m.HasExit, "a dungeon's dead stay dead and it has an exit")
				assert.True(t, m.QuietArrival, "its idle enemies keep away from where players arrive")
				assert.Empty(t, m.Portals, "the exit appears only when the boss dies")
				require.Len(t, m.PlayerSpawns, 4)
				for _, p := range m.PlayerSpawns {
					require.Equal(t, d.Entrance, roomOf(d, p), "players arrive in the entrance")
					require.False(t, m.Grid.CircleSolid(p, c.Player.Radius))
				}
				bosses := 0
				taken := map[Vec]bool{}
				for _, s := range m.EnemySpawns {
					require.False(t, taken[s.Pos], "seed %d: two spawns on one tile", seed)
					taken[s.Pos] = true
					require.False(t, m.Grid.Solid(tileAt(s.Pos)), "seed %d: a spawn in a wall", seed)
					require.False(t, m.Grid.CircleSolid(s.Pos, MaxDungeonActorRadius), "seed %d: a spawn grazes a wall", seed)
					room := roomOf(d, s.Pos)
					require.NotEqual(t, d.Entrance, room, "seed %d: no enemy waits at the entrance", seed)
					for _, p := range m.PlayerSpawns {
						require.GreaterOrEqual(t, s.Pos.Sub(p).Len(), float64(ArrivalClearance), "seed %d: an enemy near an arrival", seed)
						require.False(t, m.Grid.LineClear(s.Pos, p), "seed %d: an enemy in sight of an arrival", seed)
					}
					if s.Kind == k.Boss {
						bosses++
						require.Equal(t, d.BossRoom, room)
						continue
					}
					require.True(t, table[s.Kind], "kind %d is not in the table", s.Kind)
					require.NotEqual(t, d.BossRoom, room, "the boss room holds only the boss")
				}
				require.Equal(t, 1, bosses)
				require.Len(t, d.LootSlots, (len(d.Rooms)-1)*k.LootSlotsPerRoom)
				for _, p := range d.LootSlots {
					require.False(t, m.Grid.CircleSolid(p, MaxDungeonActorRadius))
					require.False(t, taken[p], "loot does not lie under an enemy")
					require.NotEqual(t, d.Entrance, roomOf(d, p))
				}
			}
		})
	}
}

// enemiesPerRoom counts each ordinary room's enemies.
func enemiesPerRoom(d *Dungeon) map[int]int {
	n := map[int]int{}
	for i := range d.Rooms {
		if i != d.Entrance && i != d.BossRoom {
			n[i] = 0
		}
	}
	for _, s := range d.Map.EnemySpawns {
		if r := roomOf(d, s.Pos); r != d.BossRoom {
			n[r]++
		}
	}
	return n
}

func TestEnemyCountsFollowTheKindAndDepth(t *testing.T) {
	k := testKinds()[1]
	// A room's enemies wait only at quiet spots (docs/CONTENT.md, "Safe
	// arrivals"), and leave room for its loot.
	spawnTiles := func(d *Dungeon, r Room) int {
		quiet := 0
		for y := r.Y + 1; y < r.Y+r.H-1; y++ {
			for x := r.X + 1; x < r.X+r.W-1; x++ {
				if QuietSpot(d.Map.Grid, TileCenter(x, y), d.Map.PlayerSpawns, math.Inf(1)) {
					quiet++
				}
			}
		}
		return min(quiet, (r.W-2)*(r.H-2)-k.LootSlotsPerRoom)
	}
	cases := []struct {
		depth int
		extra int
	}{{1, 0}, {2, 0}, {3, 1}, {9, 4}}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("depth %d adds %d to each ordinary room, as far as it has room", tc.depth, tc.extra), func(t *testing.T) {
			for seed := uint64(1); seed <= 30; seed++ {
				d := generate(t, &k, seed, tc.depth)
				for r, n := range enemiesPerRoom(d) {
					lo := min(k.EnemiesMin+tc.extra, spawnTiles(d, d.Rooms[r]))
					hi := min(k.EnemiesMax+tc.extra, spawnTiles(d, d.Rooms[r]))
					require.True(t, n >= lo && n <= hi, "seed %d room %d: %d enemies, want %d to %d", seed, r, n, lo, hi)
				}
			}
		})
	}
	t.Run("the table's weights decide how often each kind appears", func(t *testing.T) {
		count := map[int]int{}
		for seed := uint64(1); seed <= 100; seed++ {
			for _, s := range generate(t, &k, seed, 1).Map.EnemySpawns {
				count[s.Kind]++
			}
		}
		assert.Greater(t, count[kindWalker], count[kindTurret], "weight 3 over weight 2")
		assert.Greater(t, count[kindTurret], count[kindBigDumb], "weight 2 over weight 1")
		assert.Positive(t, count[kindBigDumb], "the lightest entry still appears")
	})
}

func TestDungeonKindCheck(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(k *DungeonKind)
		field string
	}{
		{"a map narrower than a room and its border", func(k *DungeonKind) { k.Width = 6 }, "size"},
		{"a map wider than the limit", func(k *DungeonKind) { k.Width = MaxDungeonSide + 1 }, "size"},
		{"rooms smaller than the boss needs", func(k *DungeonKind) { k.RoomMin = 4 }, "room_size"},
		{"a room size range upside down", func(k *DungeonKind) { k.RoomMax = k.RoomMin - 1 }, "room_size"},
		{"a room larger than the map", func(k *DungeonKind) { k.RoomMax = k.Height - 1 }, "room_size"},
		{"a room size that would overflow", func(k *DungeonKind) { k.RoomMax = math.MaxInt }, "room_size"},
		{"a single room (no boss room apart from the entrance)", func(k *DungeonKind) { k.RoomsMin, k.RoomsMax = 1, 1 }, "rooms"},
		{"too many rooms to fit", func(k *DungeonKind) { k.RoomsMax = 40 }, "rooms"},
		{"a corridor of no width", func(k *DungeonKind) { k.CorridorWidth = 0 }, "corridor_width"},
		{"a corridor wider than the smallest room", func(k *DungeonKind) { k.RoomMin, k.CorridorWidth = 5, 6 }, "corridor_width"},
		{"negative loops", func(k *DungeonKind) { k.Loops = -1 }, "loops"},
		{"an empty enemy table", func(k *DungeonKind) { k.Enemies = nil }, "enemies"},
		{"a zero weight", func(k *DungeonKind) { k.Enemies[1].Weight = 0 }, "enemies[1]"},
		{"a negative enemy kind", func(k *DungeonKind) { k.Enemies[0].Kind = -1 }, "enemies[0]"},
		{"an enemy count range upside down", func(k *DungeonKind) { k.EnemiesMin = 3; k.EnemiesMax = 2 }, "enemies_per_room"},
		{"more enemies and loot than the smallest room holds", func(k *DungeonKind) { k.RoomMin, k.EnemiesMax = 5, 8 }, "enemies_per_room"},
		{"too many loot slots", func(k *DungeonKind) { k.LootSlotsPerRoom = MaxLootSlotsPerRoom + 1 }, "loot_slots_per_room"},
		{"a zero loot multiplier", func(k *DungeonKind) { k.LootMultiplier = 0 }, "loot_multiplier"},
		{"a NaN loot multiplier", func(k *DungeonKind) { k.LootMultiplier = math.NaN() }, "loot_multiplier"},
		{"no boss", func(k *DungeonKind) { k.Boss = -1 }, "boss"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused, naming "+tc.field, func(t *testing.T) {
			k := testKinds()[1]
			k.Enemies = append([]DungeonEnemy(nil), k.Enemies...)
			tc.edit(&k)
			d, err := GenerateDungeon(&k, 1, 1)
			require.Nil(t, d)
			require.ErrorIs(t, err, ErrDungeonKind)
			var ke *DungeonKindError
			require.True(t, errors.As(err, &ke))
			assert.Equal(t, tc.field, ke.Field, "%v", err)
		})
	}
	t.Run("every test kind passes", func(t *testing.T) {
		for _, k := range testKinds() {
			assert.NoError(t, k.Check(), k.ID)
		}
	})
	t.Run("no kind is refused", func(t *testing.T) {
		_, err := GenerateDungeon(nil, 1, 1)
		assert.ErrorIs(t, err, ErrDungeonKind)
	})
	t.Run("a depth below 1 is refused", func(t *testing.T) {
		k := testKinds()[0]
		_, err := GenerateDungeon(&k, 1, 0)
		assert.ErrorIs(t, err, ErrDungeonDepth)
	})
}

func TestAGeneratedDungeonRunsAsAWorld(t *testing.T) {
	k := testKinds()[1]
	d := generate(t, &k, 5, 1)
	c := testContent()
	w := NewWorld(d.Map, c, 5)
	for id := uint16(1); id <= 4; id++ {
		w.AddPlayer(id)
	}
	for range 300 {
		for id := uint16(1); id <= 4; id++ {
			feed(w, id, Input{MoveX: 100, Buttons: BtnFire})
		}
		w.Step()
		w.EachEnemy(func(s EnemyState, pos Vec) {
			require.False(t, d.Map.Grid.CircleSolid(pos, c.Enemies[s.Kind].Radius), "%s in a wall", c.Enemies[s.Kind].ID)
		})
	}
	for id := uint16(1); id <= 4; id++ {
		pos, _ := w.PlayerPos(id)
		require.False(t, d.Map.Grid.CircleSolid(pos, c.Player.Radius))
	}
}

func BenchmarkGenerateLargest(b *testing.B) {
	k := largestKind()
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := GenerateDungeon(&k, seed, 1); err != nil {
			b.Fatal(err)
		}
	}
}
