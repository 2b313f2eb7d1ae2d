package bots

import (
	"math"

	"duskfall/client"
	"duskfall/game"
)

// dungeonRun is the dungeon script's memory: which instance it is in, where
// it arrived, and its current route.
type dungeonRun struct {
	nav      navigator
	instance uint16
	arrived  game.Vec
	fresh    bool // just entered: note the arrival point
	target   game.Vec
	replanAt int
	entered  int
	cleared  int
	press    bool
	onPortal int // frames it has stood on the portal it means to take
	deepest  int // the deepest floor it stood on
	descents int // ways down taken

	deepestHere int  // the floor of the instance it is in (0: the hub)
	leaving     bool // it pressed INTERACT on a dungeon's portal: the next hub is a clear, not a death
}

// replanEvery is how often, in frames, the script plans a new route.
const replanEvery = 30

// settleFrames is how long the script stands on a portal before it presses
// INTERACT: a quarter of a second, longer than the server holds an input
// that came late.
const settleFrames = 15

// dungeonIntent walks to a hub portal and takes it; in a dungeon it
// explores toward the boss fighting what it meets, and once the exit opens
// it walks out through it. A bot never names a dungeon: like a player, it
// stands on a portal and presses INTERACT.
func (b *Bot) dungeonIntent(pos game.Vec) client.Intent {
	run := &b.dungeon
	inst, kind := b.rt.Instance()
	if inst != run.instance {
		if run.deepestHere > 0 && kind != game.HubDungeon && b.rt.Depth() > run.deepestHere {
			run.descents++ // a dungeon to a deeper dungeon: it took a way down
		}
		run.noteInstance(inst, kind)
		run.deepestHere = b.rt.Depth()
		run.deepest = max(run.deepest, b.rt.Depth())
	}
	if run.fresh {
		run.arrived, run.fresh = pos, false
	}
	if b.clearsMade() {
		return client.Intent{} // back in the hub from its last clear: it stands there
	}
	g := b.rt.Grid()
	if g == nil {
		return client.Intent{}
	}
	var in client.Intent
	if portal, ok := b.portalToTake(kind, b.rt.Depth() <= b.Descend); ok {
		in = b.walkTo(g, pos, portal)
		if math.Hypot(portal.X-pos.X, portal.Y-pos.Y) >= game.TileSize/2 {
			run.onPortal = 0
			return in
		}
		// On it: stand, and press once the server has had time to agree
		// where the ship stands. A press while the server still moves it on
		// a held input could land on the way down beside the exit.
		in.MoveX, in.MoveY = 0, 0
		if run.onPortal++; run.onPortal >= settleFrames {
			run.press = !run.press // press, release, press: INTERACT acts on a press
			in.Interact = run.press
			run.leaving = kind != game.HubDungeon
		}
		return in
	}
	in = b.explore(g, pos)
	b.fight(pos, &in, 450, g)
	return in
}

func (run *dungeonRun) noteInstance(inst uint16, kind uint8) {
	if run.instance != 0 && kind == game.HubDungeon && run.leaving {
		run.cleared++ // back in the hub through an exit
	}
	run.leaving = false
	if kind != game.HubDungeon {
		run.entered++
	}
	run.instance, run.fresh, run.replanAt = inst, true, 0
	run.nav.path = run.nav.path[:0]
}

// portalToTake is the portal the script heads for: in the hub its own
// (Portal, wrapping around the hub's); in a dungeon, once its boss is dead, the way down (a portal to
// its own kind) when it wants to go deeper, otherwise the exit.
func (b *Bot) portalToTake(kind uint8, deeper bool) (game.Vec, bool) {
	var exit, down game.Vec
	var hasExit, hasDown bool
	portals := b.rt.Portals()
	if kind == game.HubDungeon && len(portals) > 0 {
		return portals[b.Portal%len(portals)].Pos, true
	}
	for _, p := range portals {
		switch {
		case p.Dungeon == game.HubDungeon:
			exit, hasExit = p.Pos, true
		case p.Dungeon == kind:
			down, hasDown = p.Pos, true
		}
	}
	if deeper && hasDown {
		return down, true
	}
	return exit, hasExit
}

// walkTo follows a route to dest, planning it again every so often.
func (b *Bot) walkTo(g *game.Grid, pos, dest game.Vec) client.Intent {
	run := &b.dungeon
	if b.frame >= run.replanAt || dest != run.target {
		tx, ty := int(dest.X)/game.TileSize, int(dest.Y)/game.TileSize
		run.nav.route(g, pos, func(x, y int) bool { return x == tx && y == ty })
		run.target, run.replanAt = dest, b.frame+replanEvery
	}
	dx, dy, ok := run.nav.steer(pos)
	if !ok {
		dx, dy, _ = unit(dest.X-pos.X, dest.Y-pos.Y)
	}
	return client.Intent{MoveX: dx, MoveY: dy, Aim: math.Atan2(dy, dx)}
}

// explore heads for the edge of the streamed map; once the whole map is
// known, for the tile farthest from the arrival point, where a generated
// dungeon keeps its boss.
func (b *Bot) explore(g *game.Grid, pos game.Vec) client.Intent {
	run := &b.dungeon
	if b.frame >= run.replanAt || len(run.nav.path) == 0 {
		run.replanAt = b.frame + replanEvery
		if !run.nav.route(g, pos, func(x, y int) bool { return frontier(g, x, y) }) {
			if far, ok := run.nav.farthestFrom(g, run.arrived); ok {
				tx, ty := int(far.X)/game.TileSize, int(far.Y)/game.TileSize
				run.nav.route(g, pos, func(x, y int) bool { return x == tx && y == ty })
			}
		}
	}
	dx, dy, ok := run.nav.steer(pos)
	if !ok {
		return b.wander(pos)
	}
	return client.Intent{MoveX: dx, MoveY: dy, Aim: math.Atan2(dy, dx)}
}
