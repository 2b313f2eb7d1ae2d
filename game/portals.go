package game

import "math"

// Portals are positions, not requests: a player uses one by standing on it
// and pressing INTERACT, and the server resolves which portal from its own
// record of the player's position. No client message ever names a dungeon.

// Portal limits and markers.
const (
	PortalRadius = 40 // u: how close a player's centre must be to a portal's to use it
	// HubDungeon is the one "not a dungeon" marker: as a Portal's Dungeon it
	// means "back to the hub" (a dungeon's exit); as an instance's dungeon
	// kind, the start map (the hub, or an arena).
	HubDungeon uint8 = 0xFF
	// MaxPortals bounds a world's portals: events carry the index in a byte.
	// Authored maps keep one free for a dungeon's exit.
	MaxPortals = 255
)

// Portal is a doorway in a world: its centre, always a tile's centre, and
// the dungeon kind it opens (an index into Content.Dungeons), or
// HubDungeon. It is the one form a portal takes: the server's world, the
// EnterInstance message (which carries the tile) and the client's list.
type Portal struct {
	Pos     Vec
	Dungeon uint8
}

// Tile is the tile the portal stands on.
func (p Portal) Tile() (x, y int) {
	return int(math.Floor(p.Pos.X / TileSize)), int(math.Floor(p.Pos.Y / TileSize))
}

// Portals is the world's portals: the map's, then the exit once it opened.
// Indices are stable for the world's life. The slice is the world's own:
// read it, do not change it.
func (w *World) Portals() []Portal { return w.portals }

// PortalAt is the index of the nearest portal whose centre lies within
// PortalRadius of pos; ties go to the lower index.
func (w *World) PortalAt(pos Vec) (int, bool) {
	best, found := float64(PortalRadius*PortalRadius), -1
	for i := range w.portals {
		if d := pos.Dist2(w.portals[i].Pos); d <= best && (found < 0 || d < best) {
			best, found = d, i
		}
	}
	return found, found >= 0
}

// Cleared reports whether this dungeon's boss died and its exit opened.
func (w *World) Cleared() bool { return w.exitOpen }

// interact uses the portal under a player, if any. The world only announces
// the use: EvPortalUsed for clients, and the server-only EvTransfer on which
// the server moves the player to another instance.
func (w *World) interact(p *player) {
	i, ok := w.PortalAt(p.pos)
	if !ok || i >= MaxPortals {
		return
	}
	pt := w.portals[i]
	w.emit(Event{Kind: EvPortalUsed, ID: p.id, Portal: uint8(i), Dungeon: pt.Dungeon})
	w.emit(Event{Kind: EvTransfer, ID: p.id, Portal: uint8(i), Dungeon: pt.Dungeon})
}

// openExitOnBossDeath opens a dungeon's exit the first time one of this
// tick's deaths is a boss. It reads the tick's events rather than hooking
// the hit code, so any way a boss dies clears the dungeon.
func (w *World) openExitOnBossDeath() {
	if !w.mp.HasExit || w.exitOpen {
		return
	}
	for i := range w.events {
		e := &w.events[i]
		if e.Kind != EvDeath || e.Actor != ActorEnemy || int(e.ID) >= len(w.enemies) {
			continue
		}
		if w.enemies[e.ID].def.Boss {
			w.openExit()
			return
		}
	}
}

// openExit opens the exit to the hub at the map's exit position and, above
// the deepest floor, the way down beside it, and tells clients where they
// stand. A way down is a portal whose dungeon is the floor's own kind.
func (w *World) openExit() {
	w.exitOpen = true
	w.openPortal(Portal{Pos: w.mp.ExitPos, Dungeon: HubDungeon})
	if w.mp.HasDown {
		w.openPortal(Portal{Pos: w.mp.DownPos, Dungeon: w.mp.DownKind})
	}
}

func (w *World) openPortal(pt Portal) {
	if len(w.portals) >= MaxPortals {
		return // a generated floor has no authored portals; refuse rather than overflow the index
	}
	w.portals = append(w.portals, pt)
	w.emit(Event{Kind: EvPortalOpened, Portal: uint8(len(w.portals) - 1), Dungeon: pt.Dungeon,
		X: float32(pt.Pos.X), Y: float32(pt.Pos.Y)})
}

// Depth is the world's floor depth: 1 for the first floor, and for maps
// that are not dungeon floors.
func (w *World) Depth() int { return clampDepth(w.mp.Depth) }
