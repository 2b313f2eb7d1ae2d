package server

import (
	"fmt"
	"slices"

	"duskfall/game"
	"duskfall/levels"
)

// ConfigFor is how every program starts a server, dedicated or hosted: the
// content of pack (the built-in content, or --content DIR) and its start
// map named mapName, with seed. The caller adds what differs (the log, the
// status file, the player limit).
func ConfigFor(pack *levels.Pack, mapName string, seed uint64) (Config, error) {
	start, err := pack.Map(mapName)
	if err != nil {
		return Config{}, fmt.Errorf("the map %s does not load: %w", mapName, err)
	}
	return Config{Content: pack.Content, Map: start, Seed: seed}, nil
}

// contentRefusal is the Reject a client playing other content reads: both
// hashes, as --check-content and the log print them, and what to do.
func contentRefusal(ours, theirs [32]byte) string {
	return fmt.Sprintf("this server plays different content (its hash %s, yours %s): "+
		"start Duskfall with the server's content folder (--content DIR), or join another server",
		levels.ShortHash(ours), levels.ShortHash(theirs))
}

// checkEnter refuses a Config.Enter that names no dungeon a portal of the
// start map leads to, in words that list the ones it could name.
func checkEnter(cfg *Config) error {
	if cfg.Enter == "" {
		return nil
	}
	var kinds []string
	for _, p := range cfg.Map.Portals {
		if int(p.Dungeon) < len(cfg.Content.Dungeons) {
			id := cfg.Content.Dungeons[p.Dungeon].ID
			if id == cfg.Enter {
				return nil
			}
			kinds = append(kinds, id)
		}
	}
	return fmt.Errorf("no portal of the map %s leads to %q (its portals lead to %v)", cfg.Map.Name, cfg.Enter, kinds)
}

// checkEnterItems refuses a Config.EnterItems that names an item the
// content lacks, or more than a bag holds.
func checkEnterItems(cfg *Config) error {
	if len(cfg.EnterItems) > game.BagSlots {
		return fmt.Errorf("%d items to enter with, and a bag holds %d", len(cfg.EnterItems), game.BagSlots)
	}
	for _, id := range cfg.EnterItems {
		if !slices.ContainsFunc(cfg.Content.Items, func(it game.ItemDef) bool { return it.ID == id }) {
			return fmt.Errorf("no item %q in the content's items.toml", id)
		}
	}
	return nil
}
