package world

import (
	"duskfall/client"
	"duskfall/game"
)

// Fog (NETCODE.md, "Maps") as drawn: what is in sight is the client's
// decision (client.Fog). The ground shows it in light (light.go): in
// sight it is lit, fading toward the edge of the view; explored ground
// out of sight is dim; ground never seen, and ground not streamed yet, is
// black. Actors and bullets are drawn only on tiles in sight.

// BulletInSight reports whether a bullet at world (x, y) is on a visible
// tile. It is the fog test of the bullet vertex build, so it stays a few
// comparisons: no floor call, since negative coordinates are off the map.
func BulletInSight(f *client.Fog, x, y float32) bool {
	if x < 0 || y < 0 {
		return false
	}
	return f.Visible(int(x*(1.0/game.TileSize)), int(y*(1.0/game.TileSize)))
}
