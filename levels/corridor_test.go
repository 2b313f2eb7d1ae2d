package levels_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"duskfall/game"
)

// The corridor test drives a ship, with one push held, through every
// corridor shape the generator draws. The generator joins two rooms with an
// L of two straight legs from centre to centre (game/dungeon.go, join), so
// every L of floor between two room centres, in either turn and at the
// kind's corridor width or a one-tile tunnel's, is a shape to drive: its
// first leg leaves a room through a mouth, the bend is where one leg meets
// the other, and any corridor it crosses is a junction on the way. Each leg
// is driven from starts offset across its width with two pushes held: the
// leg's own direction (a key held) and the unit direction from the start
// to the far end's middle (a stick aimed at it); the ship must reach the
// far end.

const (
	corridorSeeds   = 4
	corridorBudget  = 3.0 // ticks allowed, in multiples of the straight-line time
	corridorReached = 1.0 // u short of the far end that still counts as there
)

// corridorDepths are the floors driven: the first and a deeper one (depth
// reseeds the whole layout).
var corridorDepths = []int{1, 3}

// leg is one straight band of an L: along axis (0 X, 1 Y) from tile from
// to tile to, centred on tile row or column at, width tiles across.
type leg struct {
	axis, at, from, to, width int
}

// mid is the world coordinate of the middle of the band's cross-section
// that tile k anchors along either axis (carved k-lo .. k+hi, as join does).
func (l leg) mid(k int) float64 {
	lo, hi := (l.width-1)/2, l.width/2
	return float64(2*k-lo+hi+1) * game.TileSize / 2
}

// tiles calls f with every tile of the band.
func (l leg) tiles(f func(tx, ty int) bool) bool {
	lo, hi := (l.width-1)/2, l.width/2
	for a := min(l.from, l.to) - lo; a <= max(l.from, l.to)+hi; a++ {
		for b := l.at - lo; b <= l.at+hi; b++ {
			tx, ty := a, b
			if l.axis == 1 {
				tx, ty = b, a
			}
			if !f(tx, ty) {
				return false
			}
		}
	}
	return true
}

// point is the world position at along coordinate a, across offset off
// from the centre line.
func (l leg) point(a, off float64) game.Vec {
	if l.axis == 0 {
		return game.Vec{X: a, Y: l.mid(l.at) + off}
	}
	return game.Vec{X: l.mid(l.at) + off, Y: a}
}

func (l leg) along(p game.Vec) float64 {
	if l.axis == 0 {
		return p.X
	}
	return p.Y
}

// open reports whether the band's cross-section at along tile k lies in
// rooms: a ship there is not in a corridor yet.
func (l leg) open(rooms []game.Room, k int) bool {
	lo, hi := (l.width-1)/2, l.width/2
	for b := l.at - lo; b <= l.at+hi; b++ {
		tx, ty := k, b
		if l.axis == 1 {
			tx, ty = b, k
		}
		in := false
		for _, r := range rooms {
			in = in || r.Contains(tx, ty)
		}
		if !in {
			return false
		}
	}
	return true
}

// corridorLs lists every L of floor between two room centres, each turn,
// at the widest of the kind's corridor width and a tunnel's one tile: the
// two legs in order from room a to room b.
func corridorLs(d *game.Dungeon, width int) [][2]leg {
	g := d.Map.Grid
	floor := func(tx, ty int) bool { return !g.Solid(tx, ty) }
	var ls [][2]leg
	for a := range d.Rooms {
		for b := range d.Rooms {
			if a == b {
				continue
			}
			ax, ay := d.Rooms[a].Center()
			bx, by := d.Rooms[b].Center()
			for _, w := range []int{width, 1} {
				across := [2]leg{{0, ay, ax, bx, w}, {1, bx, ay, by, w}}
				down := [2]leg{{1, ax, ay, by, w}, {0, by, ax, bx, w}}
				found := false
				for _, l := range [][2]leg{across, down} {
					if l[0].tiles(floor) && l[1].tiles(floor) {
						ls, found = append(ls, l), true
					}
				}
				if found {
					break
				}
			}
		}
	}
	return ls
}

// corridorRun is one push through one leg.
type corridorRun struct {
	leg   leg
	start game.Vec
	goal  float64 // along coordinate of the far end
}

// legRuns places the starts of one leg: a tile and a half before the
// mouth where the leg leaves a room (or where the leg starts, if nearer),
// offset across the whole width a ship's centre can take there, at
// uneven fractions so no start is pixel-aligned: in a room any ship that
// overlaps the mouth's span at all (its centre up to a radius less 1 u
// beside it: a one-tile mouth missed by up to 0.77 of a tile), in a
// corridor only where the ship fits. A start no ship fits at (the mouth at
// a room's very edge) is left out.
func legRuns(l leg, rooms []game.Room, r float64) []corridorRun {
	dir := 1
	if l.to < l.from {
		dir = -1
	}
	from, goal := l.mid(l.from), l.mid(l.to)
	a := from
	for k := l.from; k != l.to+dir; k += dir {
		if !l.open(rooms, k) {
			edge := float64(k * game.TileSize)
			if dir < 0 {
				edge += game.TileSize
			}
			if back := edge - float64(dir)*1.5*game.TileSize; float64(dir)*(back-from) > 0 {
				a = back
			}
			break
		}
	}
	half := float64(l.width)*game.TileSize/2 + r - 1
	if !l.open(rooms, int(math.Floor(a/game.TileSize))) {
		half = float64(l.width)*game.TileSize/2 - r - 0.5
	}
	var runs []corridorRun
	for _, f := range []float64{-0.97, -0.71, -0.38, 0.05, 0.41, 0.74, 0.99} {
		runs = append(runs, corridorRun{leg: l, start: l.point(a, f*half), goal: goal})
	}
	return runs
}

// drive holds a push toward the far end, straight along the leg or aimed
// at its middle, and reports whether the ship got there within the
// budget; it fails the test outright if a step breaks the movement rules.
func drive(t *testing.T, run corridorRun, aimed bool, st game.PlayerStats, g *game.Grid) bool {
	end := run.leg.point(run.goal, 0)
	to := end.Sub(run.start)
	dist := to.Len()
	if dist < 1 {
		return true
	}
	sign := math.Copysign(1, run.leg.along(end)-run.leg.along(run.start))
	if !aimed {
		to = run.leg.point(sign, 0).Sub(run.leg.point(0, 0))
	}
	in := game.Input{MoveX: int8(math.Round(100 * to.X / to.Len())), MoveY: int8(math.Round(100 * to.Y / to.Len()))}
	pos := run.start
	for range int(math.Ceil(corridorBudget * dist / st.Speed)) {
		next := game.StepPlayer(pos, in, st, g)
		require.LessOrEqual(t, next.Sub(pos).Len(), st.Speed+1e-9, "from %v by %+v", pos, in)
		require.False(t, g.CircleSolid(next, st.Radius), "from %v by %+v to %v", pos, in, next)
		pos = next
		if sign*(run.leg.along(pos)-run.goal) >= -corridorReached {
			return true
		}
	}
	return false
}

// shipStats are the distinct movers among the classes.
func shipStats(c *game.Content) []game.PlayerStats {
	var out []game.PlayerStats
	seen := map[[2]float64]bool{}
	for _, cl := range append([]game.Class{{Stats: c.Player}}, c.Classes...) {
		key := [2]float64{cl.Stats.Speed, cl.Stats.Radius}
		if !seen[key] {
			seen[key] = true
			out = append(out, cl.Stats)
		}
	}
	return out
}

func TestEveryCorridorShapeLetsTheShipThrough(t *testing.T) {
	c := loadContent(t)
	require.NotEmpty(t, c.Dungeons)
	ships := shipStats(c)
	for i := range c.Dungeons {
		k := &c.Dungeons[i]
		for _, depth := range corridorDepths {
			name := fmt.Sprintf("every corridor of %s at depth %d lets a ship through with one push held", k.Name, depth)
			t.Run(name, func(t *testing.T) {
				shapes, tunnels, runs, stuckShapes := 0, 0, 0, 0
				var failed []string
				seeds := corridorSeeds
				if testing.Short() {
					seeds = 1
				}
				for seed := range uint64(seeds) {
					d, err := game.GenerateDungeon(k, seed+1, depth)
					require.NoError(t, err)
					g := d.Map.Grid
					for _, l := range corridorLs(d, k.CorridorWidth) {
						shapes++
						before := len(failed)
						if l[0].width == 1 && k.CorridorWidth > 1 {
							tunnels++
						}
						for _, st := range ships {
							for _, lg := range []leg{l[0], l[1]} {
								if lg.from == lg.to {
									continue
								}
								for _, run := range legRuns(lg, d.Rooms, st.Radius) {
									if g.CircleSolid(run.start, st.Radius) {
										continue // a room's edge beside the mouth: no ship stands there
									}
									for _, aimed := range []bool{false, true} {
										runs++
										if !drive(t, run, aimed, st, g) {
											failed = append(failed, fmt.Sprintf("seed %d: %+v from %v (radius %v, aimed %v)",
												seed+1, lg, run.start, st.Radius, aimed))
										}
									}
								}
							}
						}
						if len(failed) > before {
							stuckShapes++
						}
					}
				}
				t.Logf("%s, depth %d: %d L shapes, each way (%d of them one-tile tunnels), %d pushes; %d pushes stuck, in %d shapes",
					k.Name, depth, shapes, tunnels, runs, len(failed), stuckShapes)
				assert.Empty(t, failed[:min(len(failed), 8)], "%d of %d pushes stuck", len(failed), runs)
			})
		}
	}
}
