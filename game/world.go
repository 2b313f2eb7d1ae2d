package game

import (
	"math"
	"math/rand/v2"
)

// Respawn delays and world sizing.
const (
	PlayerRespawnTicks = 3 * TickRate // a dead player returns after 3 s
	EnemyRespawnTicks  = 5 * TickRate // a dead enemy returns to its slot after 5 s
	hitCellSize        = 64           // u: edge of a hit-resolution grid cell
	initialBullets     = 4096
	initialEvents      = 1024
)

// VolleyLeadTicks is how long before it flies an enemy volley is decided
// and announced: long enough for a spawn to reach a client with a 100 ms
// round trip and ±10 ms of jitter, whose input lead carries the margin
// that jitter asks for, at least 100 ms before the tick it leaves the
// muzzle on that client's screen, with a tick to spare for a margin
// grown after a late frame (NETCODE.md, "One display timeline";
// client's TestInputTimingOrdering ties the two).
const VolleyLeadTicks = 20

// World is one simulated area: a map, its players, enemies and bullets. It
// is not safe for concurrent use; the server steps each world from one
// goroutine.
type World struct {
	tick      uint32
	mp        *Map
	grid      *Grid
	content   *Content
	rng       *rand.Rand
	nextUID   uint32
	nextSpawn int

	players  []player // sorted by id, so every pass runs in a fixed order
	enemies  []enemy
	emitters []emitterState // enemy e owns emitters[e.em0 : e.em0+def.EmitterSlots()]
	bullets  *BulletPool

	playerCells, enemyCells cellGrid
	events                  []Event
	wallKills               []WallKill

	portals  []Portal // the map's portals, then the exit once open
	exitOpen bool     // a dungeon's boss died and its exit opened

	volleyLead uint32 // ticks between an enemy volley's decision and its flight
	firing     uint16 // the pattern index + 1 the emitter running now fires

	hpScale, dmgScale float64 // the floor's depth factors for enemy health and bullet damage
	noticeReach       float64 // u: the farthest any enemy here notices or fires (mayStroll)

	itemIDs    *ItemIDs     // mints item ids; shared by the server's worlds
	loot       []GroundItem // on the floor, oldest first
	nextHandle uint16
	seeded     bool // room loot rolled
}

// NewWorld builds a world on a map from validated content. The seed drives
// every random choice, so equal seeds and inputs replay identically. Enemy
// slots whose kind is out of range are skipped.
func NewWorld(m *Map, c *Content, seed uint64) *World {
	w := &World{
		mp: m, grid: m.Grid, content: c,
		rng:        rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15)),
		bullets:    NewBulletPool(initialBullets),
		events:     make([]Event, 0, initialEvents),
		wallKills:  make([]WallKill, 0, 256),
		portals:    append(make([]Portal, 0, len(m.Portals)+2), m.Portals...), // +2: room for an exit and a way down
		volleyLead: VolleyLeadTicks,
		hpScale:    DepthHealth(m.Depth),
		dmgScale:   DepthDamage(m.Depth),
	}
	mw, mh := m.Grid.Size()
	w.playerCells.init(mw, mh)
	w.enemyCells.init(mw, mh)
	for _, s := range m.EnemySpawns {
		if s.Kind >= 0 && s.Kind < len(c.Enemies) {
			w.addEnemy(EnemySpawn{Pos: s.Pos, Kind: w.eliteKind(s.Kind, m.Depth)})
		}
	}
	w.noticeReach = w.longestNotice()
	return w
}

// SetVolleyLead sets how many ticks before it flies an enemy volley is
// decided and announced (VolleyLeadTicks by default); measurements compare
// settings with it.
func (w *World) SetVolleyLead(ticks uint32) { w.volleyLead = ticks }

// Tick is the last simulated tick (0 before the first Step).
func (w *World) Tick() uint32 { return w.tick }

// Grid is the world's tile map.
func (w *World) Grid() *Grid { return w.grid }

// Map is the map the world was built on.
func (w *World) Map() *Map { return w.mp }

// Content is the content the world was built from.
func (w *World) Content() *Content { return w.content }

// Bullets is the live bullet pool; the server reads spawn records and
// positions from it for interest and for peers arriving mid-fight.
func (w *World) Bullets() *BulletPool { return w.bullets }

// Events is this tick's outcomes, in the order they happened. The slice is
// reused: it is valid until the next Step.
func (w *World) Events() []Event { return w.events }

// Step advances the world one tick: inputs, player movement and portal
// use, player fire, enemy behaviour and emitters, bullet integration, hits,
// then deaths' respawns and grace countdowns, and a dungeon's exit if its
// boss died.
func (w *World) Step() {
	w.tick++
	w.events = w.events[:0]
	if !w.seeded {
		w.seedRoomLoot()
	}
	w.stepPlayers()
	w.stepEnemies()
	w.stepBullets()
	w.resolveHits()
	w.stepRespawns()
	w.openExitOnBossDeath()
}

// stepBullets integrates the pool and announces wall kills.
func (w *World) stepBullets() {
	w.wallKills = w.bullets.Step(w.tick, w.grid, w.wallKills[:0])
	for _, k := range w.wallKills {
		w.emit(Event{Kind: EvBulletDespawn, Bullet: BulletSpawn{UID: k.UID}, Reason: DespawnWall, X: k.X, Y: k.Y, Tag: k.Tag})
	}
}

// spawnBullet adds a bullet built from s, tags its server-only riders and
// announces its exact record.
func (w *World) spawnBullet(s BulletSpawn, owner uint16, damage int16) int {
	slot := w.bullets.Spawn(s)
	if slot < 0 {
		return slot
	}
	w.bullets.Owner[slot], w.bullets.Damage[slot] = owner, damage
	w.emit(Event{Kind: EvBulletSpawn, Bullet: s})
	return slot
}

// spawnShot spawns a player's bullet carrying its stats' damage and
// riders.
func (w *World) spawnShot(s BulletSpawn, owner uint16, st *PlayerStats) {
	slot := w.bullets.Spawn(s)
	if slot < 0 {
		return
	}
	b := w.bullets
	b.Owner[slot], b.Damage[slot] = owner, st.Damage
	b.Riders[slot] = Riders{Split: st.Split, Pierce: st.Pierce, Poison: st.Poison}
	w.emit(Event{Kind: EvBulletSpawn, Bullet: s})
}

// newUID returns the next bullet uid; 0 is never used.
func (w *World) newUID() uint32 {
	w.nextUID++
	if w.nextUID == 0 {
		w.nextUID = 1
	}
	return w.nextUID
}

func (w *World) emit(e Event) { w.events = append(w.events, e) }

// randAngle is a uniform angle from the world's generator.
func (w *World) randAngle() float64 { return w.rng.Float64() * 2 * math.Pi }
