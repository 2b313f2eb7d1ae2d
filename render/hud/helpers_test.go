package hud

import (
	"testing"

	"github.com/stretchr/testify/require"

	"duskfall/client"
	"duskfall/game"
	"duskfall/levels"
)

// builtin is the built-in content, which the game plays.
func builtin(t testing.TB) *levels.Pack {
	t.Helper()
	p, err := levels.Builtin()
	require.NoError(t, err)
	return p
}

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
