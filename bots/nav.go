package bots

import (
	"math"

	"duskfall/game"
)

// navigator finds walking routes over the map as the client knows it, for
// bots. Unknown tiles count as open, as they do for prediction, so a route
// into the unexplored is a way to explore. Its buffers are reused.
type navigator struct {
	flood game.Flood
	path  [][2]int // the current route, next step first
}

// route searches from the tile under from to the nearest tile goal
// accepts, and keeps the route. It reports false when none is reachable;
// from off the map leaves the current route as it was.
func (n *navigator) route(g *game.Grid, from game.Vec, goal func(tx, ty int) bool) bool {
	sx, sy := int(from.X)/game.TileSize, int(from.Y)/game.TileSize
	if sx < 0 || sy < 0 || sx >= g.W || sy >= g.H {
		return false
	}
	found, gx, gy := false, 0, 0
	g.Flood(&n.flood, sx, sy, func(x, y, dist int) bool {
		found = dist > 0 && goal(x, y) // the tile it stands on is never a goal
		gx, gy = x, y
		return !found
	})
	n.path = n.path[:0]
	if found {
		n.path, _ = n.flood.PathTo(gx, gy, n.path)
	}
	return found
}

// steer returns the unit direction toward the next step of the route,
// dropping steps already reached. ok is false when the route is done.
func (n *navigator) steer(pos game.Vec) (dx, dy float64, ok bool) {
	for len(n.path) > 0 {
		c := game.TileCenter(n.path[0][0], n.path[0][1])
		ddx, ddy := c.X-pos.X, c.Y-pos.Y
		if ddx*ddx+ddy*ddy > 6*6 {
			return unit(ddx, ddy)
		}
		n.path = n.path[1:]
	}
	return 0, 0, false
}

func unit(x, y float64) (float64, float64, bool) {
	l := x*x + y*y
	if l == 0 {
		return 0, 0, false
	}
	l = math.Sqrt(l)
	return x / l, y / l, true
}

// frontier says whether a known open tile borders an unknown one: the edge
// of what the client has been streamed.
func frontier(g *game.Grid, tx, ty int) bool {
	if t := g.At(tx, ty); t == game.TileUnknown || t == game.TileWall {
		return false
	}
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := tx+d[0], ty+d[1]
		if nx >= 0 && ny >= 0 && nx < g.W && ny < g.H && g.At(nx, ny) == game.TileUnknown {
			return true
		}
	}
	return false
}

// farthestFrom returns the open tile farthest from start by walking: in a
// generated dungeon that is where the boss room lies.
func (n *navigator) farthestFrom(g *game.Grid, start game.Vec) (game.Vec, bool) {
	last, ok := [2]int{}, false
	n.route(g, start, func(tx, ty int) bool {
		last, ok = [2]int{tx, ty}, true
		return false // visit everything; the last tile visited is the farthest
	})
	if !ok {
		return game.Vec{}, false
	}
	return game.TileCenter(last[0], last[1]), true
}
