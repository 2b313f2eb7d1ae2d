package levels

import (
	"errors"
	"fmt"
	"io/fs"

	"duskfall/game"
)

// DungeonsFile holds the dungeon kinds. It is optional in a content FS: a
// content set without it simply has no dungeons (an arena-only set), and a
// map whose portals name a dungeon then fails to load. The embedded content
// always has it.
const DungeonsFile = "dungeons.toml"

// maxDungeonKinds bounds the kinds: a portal names one in a byte, and
// game.HubDungeon (0xFF) is taken.
const maxDungeonKinds = int(game.HubDungeon)

// loadDungeons decodes and validates the dungeon kinds against loaded
// enemies; a missing file gives none.
func loadDungeons(fsys fs.FS, c *game.Content) ([]game.DungeonKind, error) {
	if _, err := fs.Stat(fsys, DungeonsFile); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var raw rawDungeons
	if err := decode(fsys, DungeonsFile, &raw); err != nil {
		return nil, err
	}
	return validateDungeons(raw, c)
}

// validateDungeons converts every kind, resolving enemy ids.
func validateDungeons(raw rawDungeons, c *game.Content) ([]game.DungeonKind, error) {
	if len(raw.Dungeon) == 0 || len(raw.Dungeon) > maxDungeonKinds {
		return nil, fail(DungeonsFile, "dungeon", "%d dungeon kinds, want 1 to %d", len(raw.Dungeon), maxDungeonKinds)
	}
	enemies := map[string]int{}
	for i, e := range c.Enemies {
		enemies[e.ID] = i
	}
	seen := map[string]bool{}
	out := make([]game.DungeonKind, 0, len(raw.Dungeon))
	for i, r := range raw.Dungeon {
		k, err := convertDungeon(r, i, enemies, c, seen)
		if err != nil {
			return nil, err
		}
		seen[k.ID] = true
		k.Index = uint8(i) // a hub portal's dungeon is a byte: the count is bounded below it
		out = append(out, k)
	}
	return out, nil
}

// convertDungeon checks one kind. The loader checks what names things (ids,
// enemies, the boss); game.DungeonKind.Check owns the geometry and counts,
// so the generator and the content agree on what can be generated.
func convertDungeon(r rawDungeon, i int, enemies map[string]int, c *game.Content, seen map[string]bool) (game.DungeonKind, error) {
	ck := check{file: DungeonsFile, item: itemKey("dungeon", r.ID, i)}
	ck.rule(r.ID != "", "id", "missing")
	ck.rule(!seen[r.ID], "id", "duplicate")
	ck.rule(r.Name != "", "name", "missing")
	xpMult := 1.0
	if r.XPMultiplier != nil {
		xpMult = *r.XPMultiplier
		ck.rule(xpMult > 0, "xp_multiplier", "%v, want above 0 and at most %d", xpMult, game.MaxXPMultiplier)
	}
	for _, f := range []struct {
		key string
		v   []int
	}{{"size", r.Size}, {"rooms", r.Rooms}, {"room_size", r.RoomSize}, {"enemies_per_room", r.EnemiesPerRoom}} {
		ck.rule(len(f.v) == 2, f.key, "%v, want a pair [a, b]", f.v)
	}
	if ck.err != nil {
		return game.DungeonKind{}, ck.err
	}
	k := game.DungeonKind{
		ID: r.ID, Name: r.Name, Width: r.Size[0], Height: r.Size[1],
		RoomsMin: r.Rooms[0], RoomsMax: r.Rooms[1], RoomMin: r.RoomSize[0], RoomMax: r.RoomSize[1],
		CorridorWidth: r.CorridorWidth, Loops: r.Loops,
		EnemiesMin: r.EnemiesPerRoom[0], EnemiesMax: r.EnemiesPerRoom[1],
		LootMultiplier: r.LootMultiplier, XPMultiplier: xpMult, LootSlotsPerRoom: r.LootSlotsPerRoom,
	}
	var err error
	if k.Boss, err = dungeonBoss(ck.item, r.Boss, enemies, c); err != nil {
		return game.DungeonKind{}, err
	}
	if k.Enemies, err = dungeonTable(ck.item, r.Enemies, enemies, c); err != nil {
		return game.DungeonKind{}, err
	}
	var ke *game.DungeonKindError
	if err := k.Check(); errors.As(err, &ke) {
		return game.DungeonKind{}, fail(DungeonsFile, ck.item+": "+ke.Field, "%s", ke.Msg)
	} else if err != nil {
		return game.DungeonKind{}, fail(DungeonsFile, ck.item, "%s", err.Error())
	}
	return k, nil
}

// dungeonBoss resolves the boss id: a known enemy, a boss kind, small
// enough for a room's centre.
func dungeonBoss(item, id string, enemies map[string]int, c *game.Content) (int, error) {
	idx, ok := enemies[id]
	if !ok {
		return 0, fail(DungeonsFile, item+": boss", "unknown enemy %q", id)
	}
	def := &c.Enemies[idx]
	if !def.Boss {
		return 0, fail(DungeonsFile, item+": boss", "%q is not a boss kind", id)
	}
	return idx, checkFits(item+": boss", def)
}

// dungeonTable resolves the enemy table: known, ordinary (bosses have their
// own room), once each, positively weighted and small enough for a spawn a
// tile in from a wall.
func dungeonTable(item string, raw []rawDungeonEnemy, enemies map[string]int, c *game.Content) ([]game.DungeonEnemy, error) {
	if len(raw) == 0 {
		return nil, fail(DungeonsFile, item+": enemies", "an empty enemy table")
	}
	out := make([]game.DungeonEnemy, 0, len(raw))
	used := map[string]bool{}
	for j, e := range raw {
		key := fmt.Sprintf("%s: enemies[%d]", item, j)
		idx, ok := enemies[e.Enemy]
		if !ok {
			return nil, fail(DungeonsFile, key, "unknown enemy %q", e.Enemy)
		}
		def := &c.Enemies[idx]
		ck := check{file: DungeonsFile, item: key}
		ck.rule(!used[e.Enemy], "enemy", "%q is listed twice", e.Enemy)
		ck.rule(!def.Boss, "enemy", "%q is a boss kind: it belongs in boss", e.Enemy)
		ck.rule(e.Weight >= 1 && e.Weight <= game.MaxDungeonWeight, "weight", "%d, want 1 to %d", e.Weight, game.MaxDungeonWeight)
		if ck.err != nil {
			return nil, ck.err
		}
		if err := checkFits(key, def); err != nil {
			return nil, err
		}
		used[e.Enemy] = true
		out = append(out, game.DungeonEnemy{Kind: idx, Weight: e.Weight})
	}
	return out, nil
}

// checkFits refuses an enemy too wide to stand a tile in from a wall, where
// the generator places every spawn.
func checkFits(key string, def *game.EnemyDef) error {
	if def.Radius > game.MaxDungeonActorRadius {
		return fail(DungeonsFile, key, "%q (radius %v) is too wide for a dungeon spawn (at most %v)",
			def.ID, def.Radius, game.MaxDungeonActorRadius)
	}
	return nil
}
