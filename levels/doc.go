// Package levels is Duskfall's content: the hub, arenas, enemies, bullet
// patterns, dungeon kinds and player stats written as TOML, embedded in the binary with go:embed, and
// the loader that turns them into package game's plain structs.
//
// Data flows in three steps. Each file is decoded into a raw struct that
// mirrors the TOML in designer units (u/s, degrees, ticks). One validation
// pass then converts every value to simulation units (u per tick, radians)
// while checking it, and fails fast on the first problem with an *Error that
// names the file and the key, e.g.
//
//	enemies.toml: enemy "grunt": emitter 0: unknown pattern "fan9"
//
// The result is a game.Content (patterns, enemies, player stats, dungeon
// kinds) or a game.Map (tiles, spawn points, portals, the upgrade NPC's
// spot), which the simulation trusts without
// checking again. LoadContentFS and LoadMapFS take any fs.FS so tests can
// feed broken TOML.
package levels
