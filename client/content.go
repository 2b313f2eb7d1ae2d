package client

import (
	"duskfall/game"
	"duskfall/levels"
)

// ownStats are the player stats prediction moves the ship with: those of
// the embedded content (levels/player.toml), the very numbers a server of
// the same build loads, so there is no second copy to fall out of step.
func ownStats() game.PlayerStats {
	c, err := levels.Shared()
	if err != nil {
		// The content is part of the binary and its tests: a build that
		// cannot load it is broken, not unlucky.
		panic("client: " + err.Error())
	}
	return c.Player
}
