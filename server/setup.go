package server

import (
	"fmt"

	"duskfall/levels"
)

// ConfigFor is how every program starts a server, dedicated or hosted: the
// embedded content and the start map named mapName, with seed. The caller
// adds what differs (the log, the status file, the player limit).
func ConfigFor(mapName string, seed uint64) (Config, error) {
	content, err := levels.Shared()
	if err != nil {
		return Config{}, err
	}
	start, err := levels.LoadMap(mapName, content)
	if err != nil {
		return Config{}, fmt.Errorf("the map %s does not load: %w", mapName, err)
	}
	return Config{Content: content, Map: start, Seed: seed}, nil
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
