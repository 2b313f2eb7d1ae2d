package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// portalWorld is a walled 20×5 room with one player (grace over) and two
// portals three tiles apart on row 2: index 0 opens dungeon 4, index 1
// dungeon 7.
func portalWorld(t *testing.T) *World {
	m := asciiMap(t,
		"####################",
		"#P.................#",
		"#..................#",
		"#..................#",
		"####################",
	)
	m.Portals = []Portal{{Pos: TileCenter(5, 2), Dungeon: 4}, {Pos: TileCenter(8, 2), Dungeon: 7}}
	w := NewWorld(m, quietContent(), 1)
	w.AddPlayer(1)
	placePlayer(w, 1, TileCenter(1, 1))
	return w
}

func TestPortalAt(t *testing.T) {
	w := portalWorld(t)
	p0, p1 := w.Portals()[0].Pos, w.Portals()[1].Pos
	cases := []struct {
		name string
		pos  Vec
		want int // -1: none
	}{
		{"a player on a portal's centre uses it", p0, 0},
		{"a player 39 u away uses it", p0.Add(Vec{39, 0}), 0},
		{"a player exactly PortalRadius away uses it", p0.Add(Vec{0, PortalRadius}), 0},
		{"a player 41 u away does not", p0.Add(Vec{0, 41}), -1},
		{"a player just outside on the diagonal does not", p0.Add(Vec{28.5, 28.5}), -1},
		{"a player halfway between two portals, 48 u from each, uses neither", p0.Add(Vec{48, 0}), -1},
		{"a player near the second portal uses the second", p1.Sub(Vec{30, 0}), 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			i, ok := w.PortalAt(tc.pos)
			assert.Equal(t, tc.want >= 0, ok)
			if tc.want >= 0 {
				assert.Equal(t, tc.want, i)
			}
		})
	}
	t.Run("of two overlapping portals the nearer wins", func(t *testing.T) {
		m := openMap(t)
		a, b := TileCenter(5, 5), TileCenter(5, 5).Add(Vec{50, 0})
		m.Portals = []Portal{{Pos: a}, {Pos: b, Dungeon: 1}}
		w := NewWorld(m, quietContent(), 1)
		i, ok := w.PortalAt(a.Add(Vec{20, 0}))
		assert.True(t, ok)
		assert.Equal(t, 0, i)
		i, ok = w.PortalAt(a.Add(Vec{30, 0}))
		assert.True(t, ok)
		assert.Equal(t, 1, i)
	})
}

// portalUses steps n ticks feeding player 1 the buttons, and returns every
// event.
func portalUses(w *World, n int, buttons uint8) []Event {
	var all []Event
	for range n {
		feed(w, 1, Input{Buttons: buttons})
		w.Step()
		all = append(all, w.Events()...)
	}
	return all
}

func TestInteractUsesAPortal(t *testing.T) {
	t.Run("holding INTERACT for 10 ticks on a portal uses it once, announcing the use and the transfer", func(t *testing.T) {
		w := portalWorld(t)
		placePlayer(w, 1, w.Portals()[1].Pos)
		evs := portalUses(w, 10, BtnInteract)
		assert.Equal(t, []Event{{Kind: EvPortalUsed, ID: 1, Portal: 1, Dungeon: 7}}, eventsOf(evs, EvPortalUsed))
		assert.Equal(t, []Event{{Kind: EvTransfer, ID: 1, Portal: 1, Dungeon: 7}}, eventsOf(evs, EvTransfer))
		assert.GreaterOrEqual(t, EvTransfer, EvServerOnly, "the transfer never goes on the wire")
	})
	t.Run("releasing and pressing again uses it again", func(t *testing.T) {
		w := portalWorld(t)
		placePlayer(w, 1, w.Portals()[0].Pos)
		evs := portalUses(w, 3, BtnInteract)
		evs = append(evs, portalUses(w, 2, 0)...)
		evs = append(evs, portalUses(w, 3, BtnInteract|BtnFire)...)
		assert.Len(t, eventsOf(evs, EvTransfer), 2)
	})
	t.Run("a server coasting on a held frame does not use it again", func(t *testing.T) {
		w := portalWorld(t)
		placePlayer(w, 1, w.Portals()[0].Pos)
		evs := portalUses(w, 1, BtnInteract)
		evs = append(evs, stepN(w, 10)...) // no frames arrive: the held one is coasted on
		assert.Len(t, eventsOf(evs, EvTransfer), 1)
	})
	t.Run("pressing away from every portal does nothing", func(t *testing.T) {
		w := portalWorld(t)
		evs := portalUses(w, 5, BtnInteract)
		assert.Empty(t, eventsOf(evs, EvPortalUsed))
		assert.Empty(t, eventsOf(evs, EvTransfer))
	})
	t.Run("a dead player cannot use a portal", func(t *testing.T) {
		w := portalWorld(t)
		placePlayer(w, 1, w.Portals()[0].Pos)
		p := w.player(1)
		p.dead, p.respawnAt = true, 1000
		assert.Empty(t, eventsOf(portalUses(w, 5, BtnInteract), EvTransfer))
	})
	t.Run("a key held through death does not fire on return", func(t *testing.T) {
		w := portalWorld(t)
		p := w.player(1)
		p.dead, p.respawnAt = true, 3
		evs := portalUses(w, 5, BtnInteract)
		require.False(t, w.player(1).dead)
		placePlayer(w, 1, w.Portals()[0].Pos)
		evs = append(evs, portalUses(w, 5, BtnInteract)...)
		assert.Empty(t, eventsOf(evs, EvTransfer))
	})
	t.Run("a player under arrival grace may use a portal", func(t *testing.T) {
		w := portalWorld(t)
		placePlayer(w, 1, w.Portals()[0].Pos)
		w.player(1).grace = SpawnGraceTicks
		assert.Len(t, eventsOf(portalUses(w, 1, BtnInteract), EvTransfer), 1)
	})
}

// dungeonWorld is a walled room with one player far on the left, a dummy
// (slot 0) and a boss (slot 1) on the right, built as a dungeon whose exit
// opens at the boss's spot.
func dungeonWorld(t *testing.T, dungeon bool) *World {
	m := asciiMap(t,
		"####################",
		"#P.................#",
		"#.............0..2.#",
		"#..................#",
		"####################",
	)
	if dungeon {
		m.HasExit, m.NoRespawn, m.ExitPos = true, true, TileCenter(17, 2)
	}
	w := NewWorld(m, quietContent(), 1)
	w.AddPlayer(1)
	placePlayer(w, 1, TileCenter(1, 1))
	return w
}

// kill shoots enemy slot i dead this tick.
func kill(w *World, i int) []Event {
	e := &w.enemies[i]
	e.hp = 1
	w.spawnBullet(playerShot(w, e.pos.X, e.pos.Y), 1, 10)
	w.Step()
	return append([]Event(nil), w.Events()...)
}

func TestClearingADungeon(t *testing.T) {
	t.Run("the boss's death opens the exit portal once and announces where", func(t *testing.T) {
		w := dungeonWorld(t, true)
		require.False(t, w.Cleared())
		evs := kill(w, 1)
		require.Len(t, eventsOf(evs, EvDeath), 1)
		exit := TileCenter(17, 2)
		assert.Equal(t, []Event{{Kind: EvPortalOpened, Portal: 0, Dungeon: HubDungeon, X: float32(exit.X), Y: float32(exit.Y)}},
			eventsOf(evs, EvPortalOpened))
		assert.True(t, w.Cleared())
		assert.Equal(t, []Portal{{Pos: exit, Dungeon: HubDungeon}}, w.Portals())
		assert.Empty(t, w.Map().Portals, "the map, which other worlds may share, is untouched")
		later := stepN(w, EnemyRespawnTicks+60)
		assert.Empty(t, eventsOf(later, EvPortalOpened), "once")
		assert.Len(t, w.Portals(), 1)
	})
	t.Run("the exit takes a player back to the hub, once the ration under it is taken", func(t *testing.T) {
		w := dungeonWorld(t, true)
		kill(w, 1)
		placePlayer(w, 1, w.GroundLoot()[0].Pos)
		evs := portalUses(w, 2, BtnInteract)
		assert.Len(t, itemEvents(evs, ItemTaken), 1, "the first press takes the boss's ration")
		assert.Empty(t, eventsOf(evs, EvTransfer))
		placePlayer(w, 1, TileCenter(17, 3))
		portalUses(w, 1, 0)
		assert.Equal(t, []Event{{Kind: EvTransfer, ID: 1, Portal: 0, Dungeon: HubDungeon}},
			eventsOf(portalUses(w, 4, BtnInteract), EvTransfer))
	})
	t.Run("an ordinary enemy's death opens nothing", func(t *testing.T) {
		w := dungeonWorld(t, true)
		evs := kill(w, 0)
		require.Len(t, eventsOf(evs, EvDeath), 1)
		assert.Empty(t, eventsOf(evs, EvPortalOpened))
		assert.False(t, w.Cleared())
		assert.Empty(t, w.Portals())
	})
	t.Run("in a dungeon the dead stay dead, boss and all", func(t *testing.T) {
		w := dungeonWorld(t, true)
		kill(w, 0)
		kill(w, 1)
		stepN(w, EnemyRespawnTicks+60)
		assert.Empty(t, w.AppendEnemyStates(nil))
	})
	t.Run("outside a dungeon a boss's death opens nothing and the dead return", func(t *testing.T) {
		w := dungeonWorld(t, false)
		evs := append(kill(w, 0), kill(w, 1)...)
		evs = append(evs, stepN(w, EnemyRespawnTicks+60)...)
		assert.Empty(t, eventsOf(evs, EvPortalOpened))
		assert.False(t, w.Cleared())
		assert.Len(t, w.AppendEnemyStates(nil), 2)
	})
}

func TestPortalUseAllocatesNothing(t *testing.T) {
	w := portalWorld(t)
	placePlayer(w, 1, w.Portals()[0].Pos)
	buttons := uint8(0)
	allocs := testing.AllocsPerRun(200, func() {
		buttons ^= BtnInteract
		feed(w, 1, Input{Buttons: buttons})
		w.Step()
	})
	assert.Zero(t, allocs)
}
