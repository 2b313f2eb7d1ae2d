package game

import "math"

// Safe arrivals (docs/CONTENT.md, "Safe arrivals"). A player who steps
// into a dungeon lands at one of its player spawns, under arrival grace:
// no bullet hits it and no enemy notices it, aims at it or opens fire on
// it (nearestPlayer). The generator places no enemy near an arrival point
// or in its sight, and an idle enemy there never strolls to where it could
// notice a player standing on one, so a player who has arrived may look
// around before the fight starts: it starts when the player comes out.

// ArrivalClearance is the least straight-line distance between a point
// players arrive at in a dungeon and a spot where an enemy waits or
// strolls.
const ArrivalClearance = 8 * TileSize

// QuietSpot reports whether an enemy at pos leaves every arrival point
// alone: at least ArrivalClearance from each in a straight line, and with
// no line of sight (Grid.LineClear, the sight enemies notice by) to any
// within sight u; the generator passes +Inf, a world its enemies' reach.
func QuietSpot(g *Grid, pos Vec, arrivals []Vec, sight float64) bool {
	for _, a := range arrivals {
		d2 := pos.Dist2(a)
		if d2 < ArrivalClearance*ArrivalClearance || (d2 <= sight*sight && g.LineClear(pos, a)) {
			return false
		}
	}
	return true
}

// mayStroll reports whether an idle enemy may walk to pos: anywhere, but
// on a map with a quiet arrival only to a quiet spot. Beyond its enemies'
// longest reach, seeing an arrival point is harmless, and not checked.
func (w *World) mayStroll(pos Vec) bool {
	return !w.mp.QuietArrival || QuietSpot(w.grid, pos, w.mp.PlayerSpawns, w.noticeReach)
}

// longestNotice is the farthest any of the world's enemies notices or
// fires at a player.
func (w *World) longestNotice() float64 {
	r := 0.0
	for i := range w.enemies {
		r = math.Max(r, math.Max(w.enemies[i].def.Aggro, w.enemies[i].def.Reach()))
	}
	return r
}
