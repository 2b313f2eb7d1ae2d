package bots

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"duskfall/game"
)

// gridOf builds a grid from rows: '#' wall, '.' floor, ' ' unknown.
func gridOf(rows ...string) *game.Grid {
	g := game.NewGrid(len(rows[0]), len(rows))
	for ty, row := range rows {
		for tx, ch := range row {
			switch ch {
			case '#':
				g.Set(tx, ty, game.TileWall)
			case '.':
				g.Set(tx, ty, game.TileFloor)
			}
		}
	}
	return g
}

func TestNavigatorRoutes(t *testing.T) {
	g := gridOf(
		"....#",
		"###.#",
		"....#",
		"#####",
	)
	at := func(tx, ty int) func(int, int) bool {
		return func(x, y int) bool { return x == tx && y == ty }
	}
	cases := []struct {
		name  string
		from  game.Vec
		goal  func(int, int) bool
		ok    bool
		route [][2]int
	}{
		{"it walks round the wall to a tile below", game.TileCenter(0, 0), at(0, 2), true,
			[][2]int{{1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}, {2, 2}, {1, 2}, {0, 2}}},
		{"it stops at the nearest tile the goal accepts", game.TileCenter(0, 0),
			func(x, y int) bool { return y == 2 }, true, [][2]int{{1, 0}, {2, 0}, {3, 0}, {3, 1}, {3, 2}}},
		{"the tile it stands on is never the goal", game.TileCenter(0, 0), at(0, 0), false, nil},
		{"a wall cannot be reached", game.TileCenter(0, 0), at(4, 0), false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var n navigator
			assert.Equal(t, c.ok, n.route(g, c.from, c.goal))
			assert.Equal(t, len(c.route), len(n.path))
			if c.route != nil {
				assert.Equal(t, c.route, n.path)
			}
		})
	}
	t.Run("a start off the map keeps the route it had", func(t *testing.T) {
		var n navigator
		n.route(g, game.TileCenter(0, 0), at(2, 0))
		assert.False(t, n.route(g, game.TileCenter(9, 9), at(0, 2)))
		assert.Equal(t, [][2]int{{1, 0}, {2, 0}}, n.path)
	})
	t.Run("the farthest tile is the last one reached on foot", func(t *testing.T) {
		var n navigator
		far, ok := n.farthestFrom(g, game.TileCenter(0, 0))
		assert.True(t, ok)
		assert.Equal(t, game.TileCenter(0, 2), far)
	})
}

func TestFrontier(t *testing.T) {
	g := gridOf(
		"..# ",
		".. .",
	)
	cases := []struct {
		name   string
		tx, ty int
		want   bool
	}{
		{"an open tile beside an unknown one is on the frontier", 1, 1, true},
		{"an open tile among known ones is not", 0, 0, false},
		{"a wall beside an unknown tile is not", 2, 0, false},
		{"an unknown tile itself is not", 2, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, frontier(g, c.tx, c.ty)) })
	}
}

func TestScripts(t *testing.T) {
	cases := []struct {
		name   string
		script string
		ok     bool
	}{
		{"wander is a known script", ScriptWander, true},
		{"fight is a known script", ScriptFight, true},
		{"dungeon is a known script", ScriptDungeon, true},
		{"an unknown name is refused", "dance", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckScript(c.script)
			if c.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, "unknown bot script")
			}
		})
	}
	t.Run("changing the listed scripts changes nothing the package knows", func(t *testing.T) {
		Scripts()[0] = "dance"
		assert.NoError(t, CheckScript(ScriptWander))
		assert.Equal(t, []string{ScriptWander, ScriptFight, ScriptDungeon}, Scripts())
	})
}
