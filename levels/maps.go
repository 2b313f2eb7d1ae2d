package levels

import (
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"duskfall/game"
)

// Tile characters every map shares; the legend adds enemy spawns and
// portals.
const (
	charWall   = '#'
	charFloor  = '.'
	charPlayer = 'P'
	charNPC    = 'N' // the upgrade NPC's spot (floor); at most one
	charDecor  = ',' // decorative floor (game.TileDecor)
)

// legendTarget is what one legend character places on a floor tile: an
// enemy spawn or a portal.
type legendTarget struct {
	enemy   int   // index into Content.Enemies, unless portal
	portal  bool  //
	dungeon uint8 // index into Content.Dungeons, when portal
}

// buildMap validates a decoded map and builds its grid and spawn lists.
func buildMap(file string, r rawMap, c *game.Content) (*game.Map, error) {
	if r.Name == "" {
		return nil, fail(file, "name", "missing")
	}
	w, err := mapWidth(file, r.Rows)
	if err != nil {
		return nil, err
	}
	legend, err := readLegend(file, r.Legend, c)
	if err != nil {
		return nil, err
	}
	m := &game.Map{Name: r.Name, Grid: game.NewGrid(w, len(r.Rows))}
	if r.Regen < 0 || r.Regen > game.TickRate {
		return nil, fail(file, "health_regen_per_second", "%g, want 0 to %d", r.Regen, game.TickRate)
	}
	if r.Regen > 0 {
		m.RegenTicks = max(1, int(game.TickRate/r.Regen))
	}
	for y, row := range r.Rows {
		for x, ch := range []rune(row) {
			if err := placeTile(m, legend, x, y, ch); err != nil {
				return nil, fail(file, fmt.Sprintf("rows[%d]", y), "column %d: %s", x, err.Error())
			}
		}
	}
	if len(m.PlayerSpawns) == 0 {
		return nil, fail(file, "rows", "no player spawn ('P')")
	}
	switch {
	case m.HasNPC && r.NPC == "":
		return nil, fail(file, "npc", "missing: the upgrade NPC ('N') needs a name")
	case !m.HasNPC && r.NPC != "":
		return nil, fail(file, "npc", "%q names an upgrade NPC the rows do not place ('N')", r.NPC)
	case len(r.NPC) > 40:
		return nil, fail(file, "npc", "%d bytes, want at most 40", len(r.NPC))
	}
	m.NPCName = r.NPC
	if len(m.Portals) > game.MaxPortals-1 { // a world may add an exit
		return nil, fail(file, "rows", "%d portals, want at most %d", len(m.Portals), game.MaxPortals-1)
	}
	return m, checkSpawns(file, m, c)
}

// mapWidth checks the rows form a rectangle of sane size and returns its
// width.
func mapWidth(file string, rows []string) (int, error) {
	if len(rows) == 0 || len(rows) > game.MaxMapSide {
		return 0, fail(file, "rows", "%d rows, want 1 to %d", len(rows), game.MaxMapSide)
	}
	w := utf8.RuneCountInString(rows[0])
	if w == 0 || w > game.MaxMapSide {
		return 0, fail(file, "rows[0]", "width %d, want 1 to %d", w, game.MaxMapSide)
	}
	for y, row := range rows {
		if n := utf8.RuneCountInString(row); n != w {
			return 0, fail(file, fmt.Sprintf("rows[%d]", y), "width %d, want %d like rows[0]", n, w)
		}
	}
	return w, nil
}

// readLegend resolves legend characters to enemy kinds and portals.
func readLegend(file string, legend map[string]legendEntry, c *game.Content) (map[rune]legendTarget, error) {
	kinds, dungeons := map[string]int{}, map[string]int{}
	for i, e := range c.Enemies {
		kinds[e.ID] = i
	}
	for i, d := range c.Dungeons {
		dungeons[d.ID] = i
	}
	out := map[rune]legendTarget{}
	for _, key := range slices.Sorted(maps.Keys(legend)) { // sorted: the same content fails the same way
		ch, size := utf8.DecodeRuneInString(key)
		at := fmt.Sprintf("legend %q", key)
		switch {
		case size != len(key) || size == 0:
			return nil, fail(file, at, "a legend key is one character")
		case ch == charWall || ch == charFloor || ch == charPlayer || ch == charNPC || ch == charDecor:
			return nil, fail(file, at, "%q is a reserved tile", ch)
		}
		t, err := resolveLegend(legend[key].raw, kinds, dungeons)
		if err != nil {
			return nil, fail(file, at, "%s", err.Error())
		}
		out[ch] = t
	}
	return out, nil
}

// resolveLegend reads one legend value: "enemy id", { enemy = "id" } or
// { portal = "dungeon id" }.
func resolveLegend(raw any, kinds, dungeons map[string]int) (legendTarget, error) {
	table, isTable := raw.(map[string]any)
	if id, ok := raw.(string); ok {
		table, isTable = map[string]any{"enemy": id}, true
	}
	if !isTable || len(table) != 1 {
		return legendTarget{}, fmt.Errorf(`want an enemy id, { enemy = "id" } or { portal = "dungeon id" }`)
	}
	if id, ok := table["enemy"].(string); ok {
		k, known := kinds[id]
		if !known {
			return legendTarget{}, fmt.Errorf("unknown enemy %q", id)
		}
		return legendTarget{enemy: k}, nil
	}
	if id, ok := table["portal"].(string); ok {
		d, known := dungeons[id]
		if !known {
			return legendTarget{}, fmt.Errorf("unknown dungeon %q", id)
		}
		return legendTarget{portal: true, dungeon: uint8(d)}, nil
	}
	return legendTarget{}, fmt.Errorf(`want an enemy id, { enemy = "id" } or { portal = "dungeon id" }`)
}

// placeTile writes one map character into the grid, spawn lists and
// portals.
func placeTile(m *game.Map, legend map[rune]legendTarget, x, y int, ch rune) error {
	tile, at := game.TileFloor, game.TileCenter(x, y)
	switch t, inLegend := legend[ch]; {
	case ch == charWall:
		tile = game.TileWall
	case ch == charFloor:
	case ch == charDecor:
		tile = game.TileDecor
	case ch == charPlayer:
		m.PlayerSpawns = append(m.PlayerSpawns, at)
	case ch == charNPC:
		tile = game.TileNPC
		if m.HasNPC {
			return fmt.Errorf("a second NPC ('N'); a map has at most one")
		}
		m.NPC, m.HasNPC = at, true
	case inLegend && t.portal:
		m.Portals = append(m.Portals, game.Portal{Pos: at, Dungeon: t.dungeon})
	case inLegend:
		m.EnemySpawns = append(m.EnemySpawns, game.EnemySpawn{Pos: at, Kind: t.enemy})
	default:
		return fmt.Errorf("unknown tile %q (not in the legend)", ch)
	}
	m.Grid.Set(x, y, tile)
	return nil
}

// checkSpawns refuses any spawn whose actor, at its radius, would stand in a
// wall: it could never move, and a player could never leave it.
func checkSpawns(file string, m *game.Map, c *game.Content) error {
	for _, p := range m.PlayerSpawns {
		if m.Grid.CircleSolid(p, c.Player.Radius) {
			return spawnError(file, p, "player spawn", c.Player.Radius)
		}
	}
	for _, s := range m.EnemySpawns {
		def := &c.Enemies[s.Kind]
		if m.Grid.CircleSolid(s.Pos, def.Radius) {
			return spawnError(file, s.Pos, fmt.Sprintf("%q spawn", def.ID), def.Radius)
		}
	}
	return nil
}

func spawnError(file string, p game.Vec, what string, r float64) error {
	tx, ty := int(p.X)/game.TileSize, int(p.Y)/game.TileSize
	return fail(file, fmt.Sprintf("rows[%d]", ty), "column %d: %s (radius %v) overlaps a wall", tx, what, r)
}
