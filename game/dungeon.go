package game

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// A dungeon is a pure function of (kind, seed, depth): rectangular rooms
// scattered without overlap, joined by a minimum spanning tree of L-shaped
// corridors, with a few one-tile tunnels closing loops. The entrance is one
// end of the longest walk through it and the boss waits in the room
// farthest from the entrance, grown into an arena (arena.go). The seed never leaves the server: a client
// that held it could draw the whole floor plan.

// Generation limits. Content validation applies them through
// DungeonKind.Check, so every kind that loads can be generated.
const (
	MinDungeonRoom        = 5              // tiles a side: the boss fits at the centre, spawns stand a tile in
	MaxDungeonSide        = 256            // tiles
	MaxDungeonRooms       = 64             // the room graph is O(rooms²)
	MaxCorridorWidth      = 4              // tiles
	MaxEnemiesPerRoom     = 16             // before depth scaling
	MaxLootSlotsPerRoom   = 8              //
	MaxLootMultiplier     = 100            //
	MaxXPMultiplier       = 20             // KillXP holds the product inside an event's int16
	MaxDungeonWeight      = 10000          // one enemy table entry
	MaxDungeonActorRadius = 1.5 * TileSize // u: a body this wide, a tile in from a wall, clears it

	roomGap       = 2  // wall tiles at least between two rooms before corridors
	spawnInset    = 1  // tiles between a room's wall and any spawn or loot slot
	placeAttempts = 64 // random placements tried per wanted room
	maxFillPct    = 40 // the most rooms may cover of a map's inside, at their largest and with their gaps
	playerSpawns  = 4  // spawn points around the entrance room's centre
	// layoutAttempts is how many layouts are drawn, each from its own
	// stream, for one whose boss is at a quiet spot (QuietSpot).
	layoutAttempts = 16
)

// Errors of GenerateDungeon.
var (
	ErrDungeonKind    = errors.New("game: invalid dungeon kind")
	ErrDungeonDepth   = errors.New("game: dungeon depth below 1")
	ErrDungeonCrowded = errors.New("game: dungeon rooms did not fit") // validation makes it practically impossible
	// ErrDungeonExposed: none of layoutAttempts layouts kept the boss at
	// a quiet spot of the entrance. On the built-in content one Proving
	// Grounds layout in 130 is redrawn, and none of the larger kinds, so
	// only a kind that cannot keep the rule meets it.
	ErrDungeonExposed = errors.New("game: no dungeon layout kept its boss away from the entrance")
)

// DungeonKindError names the rule a DungeonKind breaks. Field is the
// content key of the broken value; it unwraps to ErrDungeonKind.
type DungeonKindError struct {
	Field string
	Msg   string
}

func (e *DungeonKindError) Error() string { return "dungeon kind: " + e.Field + ": " + e.Msg }

// Unwrap makes errors.Is(err, ErrDungeonKind) hold.
func (e *DungeonKindError) Unwrap() error { return ErrDungeonKind }

// Room is a rectangle of floor tiles.
type Room struct{ X, Y, W, H int }

// Center is the room's centre tile.
func (r Room) Center() (tx, ty int) { return r.X + r.W/2, r.Y + r.H/2 }

// CenterPos is the world position of the room's centre tile.
func (r Room) CenterPos() Vec { return TileCenter(r.Center()) }

// Contains reports whether a tile lies in the room.
func (r Room) Contains(tx, ty int) bool {
	return tx >= r.X && ty >= r.Y && tx < r.X+r.W && ty < r.Y+r.H
}

// Dungeon is one generated dungeon: a map ready for NewWorld and the
// layout it was drawn from. The map has no portals: its exit opens at
// Map.ExitPos, the boss room's centre, when the boss dies.
type Dungeon struct {
	Map       *Map
	Rooms     []Room
	Entrance  int   // index into Rooms: the players arrive here
	BossRoom  int   // index into Rooms: the farthest room from the entrance by walking
	LootSlots []Vec // tile centres where loot may lie, a tile in from walls
}

// Check reports the first rule the kind breaks, as a *DungeonKindError.
// It checks geometry and counts; whether Enemies and Boss name real kinds is
// the content loader's business.
func (k *DungeonKind) Check() error {
	bad := func(field, format string, args ...any) error {
		return &DungeonKindError{Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	// The cases run in order, so the products below are only read once
	// the sizes they multiply are known to be small.
	inside := (k.Width - 2) * (k.Height - 2)
	side := k.RoomMax + roomGap
	spawnTiles := (k.RoomMin - 2*spawnInset) * (k.RoomMin - 2*spawnInset)
	switch {
	case k.Width < MinDungeonRoom+2 || k.Height < MinDungeonRoom+2 || k.Width > MaxDungeonSide || k.Height > MaxDungeonSide:
		return bad("size", "%d×%d tiles, want each side %d to %d", k.Width, k.Height, MinDungeonRoom+2, MaxDungeonSide)
	case k.RoomMin < MinDungeonRoom || k.RoomMax < k.RoomMin:
		return bad("room_size", "[%d, %d] tiles, want %d <= min <= max", k.RoomMin, k.RoomMax, MinDungeonRoom)
	case k.RoomMax > min(k.Width, k.Height)-2:
		return bad("room_size", "a %d-tile room does not fit in a %d×%d map inside its wall border", k.RoomMax, k.Width, k.Height)
	case k.RoomsMin < 2 || k.RoomsMax < k.RoomsMin || k.RoomsMax > MaxDungeonRooms:
		return bad("rooms", "[%d, %d], want 2 <= min <= max <= %d", k.RoomsMin, k.RoomsMax, MaxDungeonRooms)
	case k.RoomsMax*side*side*100 > inside*maxFillPct:
		return bad("rooms", "%d rooms of up to %d tiles (and their walls) need over %d%% of the %d×%d map",
			k.RoomsMax, k.RoomMax, maxFillPct, k.Width, k.Height)
	case k.CorridorWidth < 1 || k.CorridorWidth > min(MaxCorridorWidth, k.RoomMin):
		return bad("corridor_width", "%d tiles, want 1 to %d", k.CorridorWidth, min(MaxCorridorWidth, k.RoomMin))
	case k.Loops < 0 || k.Loops > MaxDungeonRooms:
		return bad("loops", "%d, want 0 to %d", k.Loops, MaxDungeonRooms)
	case len(k.Enemies) == 0:
		return bad("enemies", "an empty enemy table")
	case k.EnemiesMin < 0 || k.EnemiesMax < k.EnemiesMin || k.EnemiesMax > MaxEnemiesPerRoom:
		return bad("enemies_per_room", "[%d, %d], want 0 <= min <= max <= %d", k.EnemiesMin, k.EnemiesMax, MaxEnemiesPerRoom)
	case k.LootSlotsPerRoom < 0 || k.LootSlotsPerRoom > MaxLootSlotsPerRoom:
		return bad("loot_slots_per_room", "%d, want 0 to %d", k.LootSlotsPerRoom, MaxLootSlotsPerRoom)
	case k.EnemiesMax+k.LootSlotsPerRoom > spawnTiles-1:
		return bad("enemies_per_room", "%d enemies and %d loot slots do not fit the %d spawn tiles of a %d-tile room",
			k.EnemiesMax, k.LootSlotsPerRoom, spawnTiles-1, k.RoomMin)
	case !(k.LootMultiplier > 0 && k.LootMultiplier <= MaxLootMultiplier):
		return bad("loot_multiplier", "%v, want above 0 and at most %d", k.LootMultiplier, MaxLootMultiplier)
	case !(k.XPMultiplier >= 0 && k.XPMultiplier <= MaxXPMultiplier):
		return bad("xp_multiplier", "%v, want above 0 and at most %d", k.XPMultiplier, MaxXPMultiplier)
	case k.Boss < 0:
		return bad("boss", "no boss")
	}
	for i, e := range k.Enemies {
		if e.Kind < 0 || e.Weight < 1 || e.Weight > MaxDungeonWeight {
			return bad(fmt.Sprintf("enemies[%d]", i), "kind %d weight %d, want a kind and a weight 1 to %d",
				e.Kind, e.Weight, MaxDungeonWeight)
		}
	}
	return nil
}

// GenerateDungeon draws a dungeon of a kind. It is a pure function: its own
// PCG generator is seeded from (seed, depth), so the same inputs give the
// same tiles and spawns on any machine. Depth adds an enemy to each
// ordinary room every two levels, as far as the room has spawn tiles.
func GenerateDungeon(kind *DungeonKind, seed uint64, depth int) (*Dungeon, error) {
	if kind == nil {
		return nil, fmt.Errorf("%w: none given", ErrDungeonKind)
	}
	if err := kind.Check(); err != nil {
		return nil, err
	}
	if depth < 1 {
		return nil, fmt.Errorf("%w: %d", ErrDungeonDepth, depth)
	}
	for attempt := range layoutAttempts {
		g := newDungeonGen(kind, seed, depth, attempt)
		if err := g.placeRooms(); err != nil {
			return nil, err
		}
		g.connect()
		if d := g.populate(); d != nil {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w: %d layouts tried", ErrDungeonExposed, layoutAttempts)
}

// dungeonGen holds one generation's state.
type dungeonGen struct {
	k     *DungeonKind
	depth int
	rng   *rand.Rand
	grid  *Grid
	rooms []Room
	links []bool // n×n: rooms already joined directly
	// corridor marks the tiles corridors carved: the boss arena keeps
	// them when it cuts its corners (arena.go).
	corridor []bool
	flood    Flood // walking steps from the last source, see measureFrom
	cand     []int // one room's spawn tiles, as tile indices
}

// newDungeonGen starts a generation. Each attempt draws from its own
// stream of the generator; the first is the stream of (seed, depth).
func newDungeonGen(k *DungeonKind, seed uint64, depth, attempt int) *dungeonGen {
	grid := NewGrid(k.Width, k.Height)
	for i := range grid.Tiles {
		grid.Tiles[i] = TileWall
	}
	return &dungeonGen{
		k: k, depth: depth, grid: grid,
		rng:      rand.New(rand.NewPCG(seed, uint64(depth)|uint64(attempt)<<32)),
		rooms:    make([]Room, 0, k.RoomsMax),
		corridor: make([]bool, len(grid.Tiles)),
	}
}

// placeRooms scatters rooms at random until it has the count it drew or
// runs out of attempts. Check's fill limit keeps failure to reach the
// minimum practically impossible; it is reported, never papered over.
func (g *dungeonGen) placeRooms() error {
	k := g.k
	want := k.RoomsMin + g.rng.IntN(k.RoomsMax-k.RoomsMin+1)
	for try := 0; try < placeAttempts*want && len(g.rooms) < want; try++ {
		w := k.RoomMin + g.rng.IntN(k.RoomMax-k.RoomMin+1)
		h := k.RoomMin + g.rng.IntN(k.RoomMax-k.RoomMin+1)
		// x in [1, Width-1-w]: the outer ring of tiles stays wall.
		r := Room{X: 1 + g.rng.IntN(k.Width-1-w), Y: 1 + g.rng.IntN(k.Height-1-h), W: w, H: h}
		if !g.crowds(r) {
			g.rooms = append(g.rooms, r)
		}
	}
	if len(g.rooms) < k.RoomsMin {
		return fmt.Errorf("%w: %d of at least %d rooms placed", ErrDungeonCrowded, len(g.rooms), k.RoomsMin)
	}
	for _, r := range g.rooms {
		g.carve(r.X, r.Y, r.X+r.W-1, r.Y+r.H-1)
	}
	return nil
}

// crowds reports whether r comes within roomGap tiles of a placed room.
func (g *dungeonGen) crowds(r Room) bool {
	for _, q := range g.rooms {
		if r.X < q.X+q.W+roomGap && q.X < r.X+r.W+roomGap && r.Y < q.Y+q.H+roomGap && q.Y < r.Y+r.H+roomGap {
			return true
		}
	}
	return false
}

// carve turns the tiles of a rectangle (inclusive corners, any order) into
// floor, clipped to the map's inside so the border stays wall.
func (g *dungeonGen) carve(x0, y0, x1, y1 int) {
	x0, x1 = max(min(x0, x1), 1), min(max(x0, x1), g.grid.W-2)
	y0, y1 = max(min(y0, y1), 1), min(max(y0, y1), g.grid.H-2)
	for y := y0; y <= y1; y++ {
		row := g.grid.Tiles[y*g.grid.W : (y+1)*g.grid.W]
		for x := x0; x <= x1; x++ {
			row[x] = TileFloor
		}
	}
}

// connect joins the rooms with a minimum spanning tree of corridors (Prim,
// by distance between centres), then adds Loops tunnels from random rooms
// to their nearest room not yet joined to them.
func (g *dungeonGen) connect() {
	n := len(g.rooms)
	g.links = make([]bool, n*n)
	inTree, best, from := make([]bool, n), make([]int, n), make([]int, n)
	inTree[0] = true
	for i := 1; i < n; i++ {
		best[i] = g.roomDist2(0, i)
	}
	for range n - 1 {
		j := -1
		for i := range n {
			if !inTree[i] && (j < 0 || best[i] < best[j]) {
				j = i
			}
		}
		inTree[j] = true
		g.join(from[j], j, g.k.CorridorWidth)
		for i := range n {
			if d := g.roomDist2(j, i); !inTree[i] && d < best[i] {
				best[i], from[i] = d, j
			}
		}
	}
	for range g.k.Loops {
		a := g.rng.IntN(n)
		if b := g.nearestUnlinked(a); b >= 0 {
			g.join(a, b, 1)
		}
	}
}

// nearestUnlinked is the room nearest a that is not directly joined to it,
// or -1.
func (g *dungeonGen) nearestUnlinked(a int) int {
	b := -1
	for i := range g.rooms {
		if i != a && !g.links[a*len(g.rooms)+i] && (b < 0 || g.roomDist2(a, i) < g.roomDist2(a, b)) {
			b = i
		}
	}
	return b
}

func (g *dungeonGen) roomDist2(a, b int) int {
	ax, ay := g.rooms[a].Center()
	bx, by := g.rooms[b].Center()
	return (ax-bx)*(ax-bx) + (ay-by)*(ay-by)
}

// join carves an L-shaped passage of the given width between two rooms'
// centres, turning at a random corner. Each leg is extended by half the
// width so the corner is square.
func (g *dungeonGen) join(a, b, width int) {
	n := len(g.rooms)
	g.links[a*n+b], g.links[b*n+a] = true, true
	ax, ay := g.rooms[a].Center()
	bx, by := g.rooms[b].Center()
	lo, hi := (width-1)/2, width/2
	cx, cy := bx, ay // across first, then down
	if g.rng.IntN(2) == 0 {
		cx, cy = ax, by // down first, then across
	}
	g.leg(ax, ay, cx, cy, lo, hi)
	g.leg(cx, cy, bx, by, lo, hi)
}

// leg carves a straight band from (x0, y0) to (x1, y1), which share a row
// or a column, widened by lo tiles on one side and hi on the other.
func (g *dungeonGen) leg(x0, y0, x1, y1, lo, hi int) {
	x0, x1 = min(x0, x1), max(x0, x1)
	y0, y1 = min(y0, y1), max(y0, y1)
	g.carve(x0-lo, y0-lo, x1+hi, y1+hi)
	for y := max(y0-lo, 1); y <= min(y1+hi, g.grid.H-2); y++ {
		for x := max(x0-lo, 1); x <= min(x1+hi, g.grid.W-2); x++ {
			g.corridor[y*g.grid.W+x] = true
		}
	}
}

// measureFrom floods the walking steps from tile (tx, ty) into g.flood.
func (g *dungeonGen) measureFrom(tx, ty int) { g.grid.Flood(&g.flood, tx, ty, nil) }

// farthestRoom is the room whose centre is the most steps away in the last
// measureFrom; ties go to the lower index.
func (g *dungeonGen) farthestRoom() int {
	best, at := int32(-1), 0
	for i, r := range g.rooms {
		x, y := r.Center()
		if d := g.flood.Dist[y*g.grid.W+x]; d > best {
			best, at = d, i
		}
	}
	return at
}

// populate picks the entrance and boss rooms, and places the players, the
// boss, each ordinary room's enemies and every room's loot slots. Every
// enemy waits at a quiet spot of the entrance (docs/CONTENT.md, "Safe
// arrivals"): an ordinary room's enemies where it has such spots, and the
// layout is refused (nil) when the boss's is not one.
func (g *dungeonGen) populate() *Dungeon {
	g.measureFrom(g.rooms[g.rng.IntN(len(g.rooms))].Center())
	entrance := g.farthestRoom() // one end of a long walk: a sweep from a random room ends near the edge
	g.measureFrom(g.rooms[entrance].Center())
	boss := g.farthestRoom()
	g.shapeArena(boss, entrance)
	bossPos := g.rooms[boss].CenterPos()
	bx, by := g.rooms[boss].Center()
	m := &Map{Name: g.k.Name, Grid: g.grid, ExitPos: bossPos, HasExit: true, NoRespawn: true, QuietArrival: true,
		LootMult: g.k.LootMultiplier * DepthLoot(g.depth), XPMult: g.k.XPMultiplier, Depth: g.depth,
		EnemySpawns: []EnemySpawn{{Pos: bossPos, Kind: g.k.Boss}}}
	if g.depth < MaxDepth {
		// Rooms are at least 5 tiles a side, so two tiles east of the centre is floor.
		m.DownPos, m.HasDown, m.DownKind = TileCenter(bx+2, by), true, g.k.Index
	}
	ex, ey := g.rooms[entrance].Center()
	for _, d := range [playerSpawns][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		m.PlayerSpawns = append(m.PlayerSpawns, TileCenter(ex+d[0], ey+d[1]))
	}
	if !QuietSpot(g.grid, bossPos, m.PlayerSpawns, math.Inf(1)) {
		return nil
	}
	d := &Dungeon{Map: m, Rooms: g.rooms, Entrance: entrance, BossRoom: boss}
	for i, r := range g.rooms {
		if i == entrance {
			continue
		}
		if i == boss {
			g.arenaSpawnTiles(r)
		} else {
			g.spawnTiles(r)
		}
		enemies := 0
		if i != boss {
			enemies = g.k.EnemiesMin + g.rng.IntN(g.k.EnemiesMax-g.k.EnemiesMin+1) + (g.depth-1)/2
		}
		if enemies > 0 {
			quiet := g.quietFirst(m.PlayerSpawns)
			enemies = min(enemies, quiet, len(g.cand)-g.k.LootSlotsPerRoom)
			g.shuffle(0, quiet, enemies)
		}
		g.shuffle(enemies, len(g.cand), g.k.LootSlotsPerRoom)
		for _, t := range g.cand[:enemies] {
			m.EnemySpawns = append(m.EnemySpawns, EnemySpawn{Pos: g.tilePos(t), Kind: g.pickEnemy()})
		}
		for _, t := range g.cand[enemies : enemies+g.k.LootSlotsPerRoom] {
			d.LootSlots = append(d.LootSlots, g.tilePos(t))
		}
	}
	m.LootSlots = d.LootSlots
	return d
}

// spawnTiles lists a room's tiles at least spawnInset tiles in from its
// walls.
func (g *dungeonGen) spawnTiles(r Room) {
	g.cand = g.cand[:0]
	for y := r.Y + spawnInset; y < r.Y+r.H-spawnInset; y++ {
		for x := r.X + spawnInset; x < r.X+r.W-spawnInset; x++ {
			g.cand = append(g.cand, y*g.grid.W+x)
		}
	}
}

// shuffle draws n candidates of cand[from:to] uniformly without repeats
// into cand[from:from+n] (a partial Fisher–Yates).
func (g *dungeonGen) shuffle(from, to, n int) {
	for i := from; i < min(from+n, to); i++ {
		j := i + g.rng.IntN(to-i)
		g.cand[i], g.cand[j] = g.cand[j], g.cand[i]
	}
}

// quietFirst moves the candidates where an enemy may wait, the quiet
// spots of the arrival points, to the front of g.cand in their order, and
// returns how many there are; the rest may still take loot.
func (g *dungeonGen) quietFirst(arrivals []Vec) int {
	n := 0
	for i, t := range g.cand {
		if QuietSpot(g.grid, g.tilePos(t), arrivals, math.Inf(1)) {
			g.cand[n], g.cand[i] = g.cand[i], g.cand[n]
			n++
		}
	}
	return n
}

func (g *dungeonGen) tilePos(i int) Vec { return TileCenter(i%g.grid.W, i/g.grid.W) }

// pickEnemy draws an enemy kind from the table by weight.
func (g *dungeonGen) pickEnemy() int {
	total := 0
	for _, e := range g.k.Enemies {
		total += e.Weight
	}
	r := g.rng.IntN(total)
	for _, e := range g.k.Enemies {
		if r -= e.Weight; r < 0 {
			return e.Kind
		}
	}
	return g.k.Enemies[len(g.k.Enemies)-1].Kind
}
