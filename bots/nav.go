package bots

import (
	"math"

	"duskfall/game"
)

// navigator finds walking routes over the map as the client knows it, for
// bots. Unknown tiles count as open, as they do for prediction, so a route
// into the unexplored is a way to explore. Its buffers are reused.
type navigator struct {
	prev  []int32 // per tile: the tile it was reached from, -1 unseen
	queue []int32
	path  []int32 // the current route, next step first
}

// route searches from the tile under from to the nearest tile goal
// accepts, and keeps the route. It reports false when none is reachable.
func (n *navigator) route(g *game.Grid, from game.Vec, goal func(tx, ty int) bool) bool {
	size := g.W * g.H
	if cap(n.prev) < size {
		n.prev = make([]int32, size)
		n.queue = make([]int32, 0, size)
	}
	n.prev = n.prev[:size]
	for i := range n.prev {
		n.prev[i] = -1
	}
	sx, sy := int(from.X)/game.TileSize, int(from.Y)/game.TileSize
	if sx < 0 || sy < 0 || sx >= g.W || sy >= g.H {
		return false
	}
	start := int32(sy*g.W + sx)
	n.prev[start] = start
	n.queue = append(n.queue[:0], start)
	for head := 0; head < len(n.queue); head++ {
		cur := n.queue[head]
		cx, cy := int(cur)%g.W, int(cur)/g.W
		if cur != start && goal(cx, cy) {
			n.keep(cur, start)
			return true
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := cx+d[0], cy+d[1]
			if nx < 0 || ny < 0 || nx >= g.W || ny >= g.H || g.Solid(nx, ny) {
				continue
			}
			if i := int32(ny*g.W + nx); n.prev[i] < 0 {
				n.prev[i] = cur
				n.queue = append(n.queue, i)
			}
		}
	}
	n.path = n.path[:0]
	return false
}

// keep stores the route from start to end, next step first.
func (n *navigator) keep(end, start int32) {
	n.path = n.path[:0]
	for cur := end; cur != start; cur = n.prev[cur] {
		n.path = append(n.path, cur)
	}
	for i, j := 0, len(n.path)-1; i < j; i, j = i+1, j-1 {
		n.path[i], n.path[j] = n.path[j], n.path[i]
	}
}

// steer returns the unit direction toward the next step of the route,
// dropping steps already reached. ok is false when the route is done.
func (n *navigator) steer(g *game.Grid, pos game.Vec) (dx, dy float64, ok bool) {
	for len(n.path) > 0 {
		t := n.path[0]
		c := game.TileCenter(int(t)%g.W, int(t)/g.W)
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
	last := int32(-1)
	n.route(g, start, func(tx, ty int) bool {
		last = int32(ty*g.W + tx)
		return false // visit everything; the last tile visited is the farthest
	})
	if last < 0 {
		return game.Vec{}, false
	}
	return game.TileCenter(int(last)%g.W, int(last)/g.W), true
}
