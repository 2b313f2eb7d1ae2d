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
