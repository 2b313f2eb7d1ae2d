package game

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// asciiMap builds a map from rows: '#' wall, '.' floor, ' ' unknown, 'P' a
// player spawn, a digit d an enemy spawn of kind d (all on floor).
func asciiMap(t testing.TB, rows ...string) *Map {
	t.Helper()
	m := &Map{Name: "test", Grid: NewGrid(len(rows[0]), len(rows))}
	for ty, row := range rows {
		require.Len(t, row, m.Grid.W, "row %d", ty)
		for tx, ch := range row {
			tile := TileFloor
			switch {
			case ch == '#':
				tile = TileWall
			case ch == ' ':
				tile = TileUnknown
			case ch == 'P':
				m.PlayerSpawns = append(m.PlayerSpawns, TileCenter(tx, ty))
			case ch >= '0' && ch <= '9':
				m.EnemySpawns = append(m.EnemySpawns, EnemySpawn{Pos: TileCenter(tx, ty), Kind: int(ch - '0')})
			}
			m.Grid.Set(tx, ty, tile)
		}
	}
	return m
}

// Pattern indices of testContent.
const (
	patRing = iota
	patFan
	patSpiral
	patShotgun
	patBurst
	patTurnAccel
)

// Enemy kinds of testContent.
const (
	kindDummy   = iota // no emitters, stationary: a target
	kindTurret         // ring + fan, stationary
	kindBoss           // boss, stationary, spiral + shotgun
	kindWalker         // wanders, burst
	kindBigDumb        // a large stationary non-boss target
)

// testStats is the character the tests play: the numbers they assert (4 u
// a tick, a shot every 8 ticks) are these, whatever levels/player.toml says.
func testStats() PlayerStats {
	return PlayerStats{
		Speed: 4, Radius: 10, MaxHP: 100, FireCooldown: 8,
		BulletSpeed: 12, BulletLife: 50, BulletRadius: 5, Damage: 12,
		BulletKind: 0, MuzzleOffset: 16,
	}
}

func testContent() *Content {
	deg := math.Pi / 180
	return &Content{
		Player: testStats(),
		Patterns: []Pattern{
			{ID: "ring", Kind: PatternRing, Count: 8, Speed: 3, Radius: 5, Life: 240, Damage: 10, Volleys: 1},
			{ID: "fan", Kind: PatternFan, Count: 5, Spread: 60 * deg, Speed: 4, Radius: 4, Life: 180, BulletKind: 1, Damage: 8, Volleys: 1},
			{ID: "spiral", Kind: PatternSpiral, Count: 4, Speed: 2.5, Radius: 6, Life: 300, BulletKind: 2, Damage: 12,
				Volleys: 6, VolleyDelay: 4, SpinPerVolley: 9 * deg},
			{ID: "shotgun", Kind: PatternShotgun, Count: 6, Spread: 50 * deg, Speed: 5, Radius: 3, Life: 20, BulletKind: 3,
				Damage: 6, Volleys: 1, SpeedJitter: 0.2},
			{ID: "burst", Kind: PatternFan, Count: 3, Spread: 20 * deg, Speed: 5, Radius: 4, Life: 120, Damage: 7,
				Volleys: 3, VolleyDelay: 5},
			{ID: "curl", Kind: PatternRing, Count: 6, Speed: 1, Accel: 0.05, Turn: 0.02, Radius: 8, Life: 240,
				BulletKind: 4, Damage: 9, Volleys: 1},
		},
		Enemies: []EnemyDef{
			{ID: "dummy", Name: "Dummy", Radius: 14, MaxHP: 50, Phases: OnePhase(MoveStill, 0, 0, nil)},
			{ID: "turret", Name: "Turret", Radius: 14, MaxHP: 60, Hostile: true, Aggro: 600,
				Phases: OnePhase(MoveStill, 0, 0, []Emitter{{Pattern: patRing, Cooldown: 50, Range: 600}, {Pattern: patFan, Cooldown: 35, Range: 500}})},
			{ID: "boss", Name: "Boss", Radius: 30, MaxHP: 1000, Boss: true, Hostile: true, Aggro: 900,
				Phases: OnePhase(MoveStill, 0, 0, []Emitter{{Pattern: patSpiral, Cooldown: 40, Range: 900}, {Pattern: patShotgun, Cooldown: 30, Range: 300},
					{Pattern: patTurnAccel, Cooldown: 70, Range: 900}})},
			{ID: "walker", Name: "Walker", Radius: 12, MaxHP: 40, Hostile: true, Aggro: 500,
				Phases: OnePhase(MoveWander, 1.5, 0, []Emitter{{Pattern: patBurst, Cooldown: 60, Range: 500}})},
			{ID: "big", Name: "Big", Radius: 30, MaxHP: 50, Phases: OnePhase(MoveStill, 0, 0, nil)},
		},
		Items: []ItemDef{
			{ID: "potion", Name: "Potion", Kind: ItemConsumable, Heal: 40},
			{ID: "ration", Name: "Ration", Kind: ItemConsumable, Heal: 30},
			{ID: "blade", Name: "Blade", Kind: ItemWeapon, Mods: StatMods{Damage: 5}},
			{ID: "plate", Name: "Plate", Kind: ItemArmour, Mods: StatMods{MaxHP: 20}},
			{ID: "charm", Name: "Charm", Kind: ItemCharm, Mods: StatMods{Speed: 1}},
		},
		Upgrades: []UpgradeDef{
			{ID: "sharp", Name: "Sharp", Text: "+4 damage", Mods: StatMods{Damage: 4}, Max: 3},
			{ID: "split", Name: "Split", Text: "split 2", Mods: StatMods{Split: 2}, Max: 2},
			{ID: "pierce", Name: "Pierce", Text: "pierce 1", Mods: StatMods{Pierce: 1}, Max: 3},
			{ID: "venom", Name: "Venom", Text: "poison 4", Mods: StatMods{Poison: 4}, Max: 3},
			{ID: "scatter", Name: "Scatter", Text: "+1 shot", Mods: StatMods{Shots: 1}, Max: 2},
		},
		Ration: itemRation,
	}
}

// Item and upgrade indices of testContent.
const (
	itemPotion = iota
	itemRation
	itemBlade
	itemPlate
	itemCharm
)

const (
	upSharp = iota
	upSplit
	upPierce
	upVenom
	upScatter
)

// openMap is a walled 20×12 room with two player spawns and no enemies.
func openMap(t testing.TB) *Map {
	return asciiMap(t,
		"####################",
		"#..................#",
		"#.P................#",
		"#..................#",
		"#..................#",
		"#..................#",
		"#..................#",
		"#..................#",
		"#..................#",
		"#................P.#",
		"#..................#",
		"####################",
	)
}

// arenaMap is a 30×20 room with cover, players on the left, a mix of
// enemies on the right.
func arenaMap(t testing.TB) *Map {
	return asciiMap(t,
		"##############################",
		"#............................#",
		"#.P.........#.........1......#",
		"#...........#................#",
		"#.P.........#.....3..........#",
		"#...........#................#",
		"#......................###...#",
		"#.P..........................#",
		"#.........###.......2........#",
		"#............................#",
		"#.P..........................#",
		"#......................###...#",
		"#...........#................#",
		"#...........#.....3..........#",
		"#...........#................#",
		"#...........#.........1......#",
		"#............................#",
		"#............................#",
		"#............................#",
		"##############################",
	)
}

// feed queues one frame per player for the next tick.
func feed(w *World, id uint16, in Input) {
	in.Tick = w.Tick() + 1
	w.QueueInput(id, in)
}

// stepN steps n times and returns every event, copied.
func stepN(w *World, n int) []Event {
	var all []Event
	for range n {
		w.Step()
		all = append(all, w.Events()...)
	}
	return all
}

// countEvents counts events of a kind (and, for despawns, a reason; 0 for
// any).
func countEvents(evs []Event, kind EventKind, reason uint8) int {
	n := 0
	for _, e := range evs {
		if e.Kind == kind && (reason == 0 || e.Reason == reason) {
			n++
		}
	}
	return n
}

// placePlayer moves a player somewhere and ends its grace.
func placePlayer(w *World, id uint16, pos Vec) {
	p := w.player(id)
	p.pos, p.grace = pos, 0
}

// enemyBullet builds an enemy bullet spawn record at (x, y), standing still.
func enemyBullet(w *World, x, y, r float64) BulletSpawn {
	return MakeBulletSpawn(w.newUID(), w.Tick(), x, y, 0, 0, 0, 0, r, 60, 0, TeamEnemy)
}
