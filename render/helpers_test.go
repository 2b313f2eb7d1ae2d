package render

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/assets"
	"duskfall/client"
	"duskfall/game"
)

// floorGrid is a w×h field of floor with walls at the given tiles.
func floorGrid(w, h int, walls ...[2]int) *game.Grid {
	g := game.NewGrid(w, h)
	for i := range g.Tiles {
		g.Tiles[i] = game.TileFloor
	}
	for _, t := range walls {
		g.Set(t[0], t[1], game.TileWall)
	}
	return g
}

// seenFrom is a fog that looked at g from the centre of tile (tx, ty).
func seenFrom(g *game.Grid, tx, ty int) (*client.Fog, game.Vec) {
	f := &client.Fog{}
	eye := game.TileCenter(tx, ty)
	f.Update(g, eye)
	return f, eye
}

// palettes are the bullet palettes a player may choose.
func palettes(t *testing.T) []assets.BulletPalette {
	t.Helper()
	l, err := assets.Shared()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(l.Palettes), 2)
	return l.Palettes
}
