package game

// PatternKind names how an emitter lays out one volley.
type PatternKind uint8

// Pattern kinds. Bursts, acceleration and turning are not kinds: any pattern
// may have several volleys, an Accel and a Turn.
const (
	PatternRing    PatternKind = iota + 1 // Count bullets evenly around, the first at the target
	PatternFan                            // Count bullets over Spread, centred on the target
	PatternSpiral                         // a ring (Spread 0) or fan that keeps rotating, untargeted
	PatternShotgun                        // random angles in Spread, random speed jitter
)

var patternKindNames = [...]string{"", "ring", "fan", "spiral", "shotgun"}

// String is the kind's name as content writes it.
func (k PatternKind) String() string {
	if int(k) < len(patternKindNames) && k != 0 {
		return patternKindNames[k]
	}
	return "unknown"
}

// ParsePatternKind reads a kind's content name.
func ParsePatternKind(s string) (PatternKind, bool) {
	for i, n := range patternKindNames {
		if i > 0 && n == s {
			return PatternKind(i), true
		}
	}
	return 0, false
}

// Pattern is one data-driven bullet pattern, in simulation units.
type Pattern struct {
	ID            string
	Name          string // what a death calls it after its enemy's name: "Fury spiral" (docs/CONTENT.md)
	Kind          PatternKind
	Count         int     // bullets per volley
	Spread        float64 // radians: fan width, shotgun cone, spiral arm width (0: full ring)
	Speed         float64 // u per tick
	Accel         float64 // u per tick², along the velocity
	Turn          float64 // radians per tick
	Radius        float64 // u
	Life          uint16  // ticks
	BulletKind    uint8
	Damage        int16
	Volleys       int     // volleys per firing (a burst when above 1)
	VolleyDelay   int     // ticks between volleys
	SpinPerVolley float64 // radians added to the base angle every volley
	SpeedJitter   float64 // shotgun: each pellet's speed varies by ±this fraction
}

// Emitter fires one pattern on a cooldown while a player is within range.
type Emitter struct {
	Pattern  int     // index into Content.Patterns
	Cooldown int     // ticks between the starts of two firings
	Range    float64 // u: fires only when a player is this close
}

// MoveStyle is how an enemy moves once it has a target; without one every
// moving kind idles about its post.
type MoveStyle uint8

// Move styles.
const (
	MoveStill  MoveStyle = iota // never moves: a sentry, a turret
	MoveWander                  // drifts about its post whatever happens (a harmless kind)
	MoveChase                   // closes to its range, then strafes
	MoveKeep                    // holds its range: backs off when pressed, closes when left, strafes between
	MoveOrbit                   // circles its target at its range
)

var moveStyleNames = [...]string{"still", "wander", "chase", "keep", "orbit"}

// String is the style's name as content writes it.
func (m MoveStyle) String() string {
	if int(m) < len(moveStyleNames) {
		return moveStyleNames[m]
	}
	return "unknown"
}

// ParseMoveStyle reads a style's content name.
func ParseMoveStyle(s string) (MoveStyle, bool) {
	for i, n := range moveStyleNames {
		if n == s {
			return MoveStyle(i), true
		}
	}
	return 0, false
}

// Phase is one stage of an enemy's fight: how it moves, what it fires and
// how hard it is to hurt. An ordinary kind has one phase; a boss moves to
// its next phase when its health falls to that phase's Below share.
type Phase struct {
	Name        string    // what the boss bar calls it; may be empty
	Below       float64   // share of whole health at or under which it begins (1 for the first)
	Move        MoveStyle //
	Speed       float64   // u per tick
	Range       float64   // u: the distance it keeps from its target
	DamageTaken float64   // multiplies every hit and poison pulse it takes
	Opening     int       // ticks it stands telegraphing when the phase begins
	Emitters    []Emitter //
}

// EnemyDef is one kind of enemy.
type EnemyDef struct {
	ID     string
	Name   string
	Radius float64 // u
	MaxHP  int16
	// Phases has at least one entry; Phases[0] is the kind's whole-health
	// behaviour. Later phases have falling Below shares.
	Phases []Phase
	// Aggro is how near (u) a player in its line of sight must come to be
	// noticed; Leash how far (u) from its post it follows before it gives
	// up and walks home (0: it never gives up).
	Aggro, Leash float64
	// Telegraph is how many ticks it plants and glows before each firing,
	// so a player can read the volley coming.
	Telegraph int
	Boss      bool // player bullets hit a boss before any other enemy
	Hostile   bool // a hostile kind must have an emitter: there is no contact damage
	XP        int  // an ordinary kind's is shared by the players near its death; a boss's is the clear's reward (ClearXP)
	Loot      []LootDrop
	// Elite is the index in Content.Enemies of the kind's elite variant,
	// which takes a share of its places on floors EliteDepth and deeper
	// (docs/CONTENT.md, "Elites"); 0 when it has none: the variants come
	// after every ordinary kind, so none is the first.
	Elite int
	// EliteOf is, for an elite variant, the id of the kind it is a
	// variant of; empty for every other kind.
	EliteOf string
}

// OnePhase is the phase list of an ordinary kind: one phase, at whole
// health, taking damage as dealt and with no opening.
func OnePhase(move MoveStyle, speed, keep float64, ems []Emitter) []Phase {
	return []Phase{{Below: 1, Move: move, Speed: speed, Range: keep, DamageTaken: 1, Emitters: ems}}
}

// Reach is the longest range of any of its emitters: by default it notices
// a player as far as it can shoot.
func (d *EnemyDef) Reach() float64 {
	r := 0.0
	d.EachEmitter(func(_ int, em Emitter) { r = max(r, em.Range) })
	return r
}

// EmitterSlots is how many emitter states an enemy of this kind needs: the
// most any of its phases has.
func (d *EnemyDef) EmitterSlots() int {
	n := 0
	for i := range d.Phases {
		n = max(n, len(d.Phases[i].Emitters))
	}
	return n
}

// EachEmitter calls fn with every emitter of every phase.
func (d *EnemyDef) EachEmitter(fn func(phase int, em Emitter)) {
	for i := range d.Phases {
		for _, em := range d.Phases[i].Emitters {
			fn(i, em)
		}
	}
}

// LootDrop is one entry of a loot table: an item and the chance, per
// death, that it drops (before a dungeon's multiplier; at most 1 after).
type LootDrop struct {
	Item   int // index into Content.Items
	Chance float64
}

// Content is the plain data a world is built from; package levels loads and
// validates it.
type Content struct {
	Patterns []Pattern
	Enemies  []EnemyDef
	Player   PlayerStats
	Classes  []Class       // the playable classes; a player's index 0 until SetPlayerClass
	Dungeons []DungeonKind // a Portal's Dungeon indexes this
	Items    []ItemDef
	Upgrades []UpgradeDef
	// RoomLoot is rolled once at each of a dungeon's loot slots when the
	// dungeon opens.
	RoomLoot []LootDrop
	// Ration is the item every boss kill gives each player present, as
	// instanced loot; -1 for none.
	Ration int
	// Hash identifies the content folder this was loaded from (package
	// levels computes it; zero for content built in code). A server
	// refuses a client whose content hash differs from its own.
	Hash [32]byte
}

// DungeonEnemy is one entry of a dungeon kind's enemy table: a kind and its
// relative chance of filling a spawn.
type DungeonEnemy struct {
	Kind   int // index into Content.Enemies
	Weight int // at least 1
}

// DungeonKind is the recipe GenerateDungeon follows. Sizes are in tiles;
// room sides count floor tiles only.
type DungeonKind struct {
	ID, Name               string
	Index                  uint8 // its place in Content.Dungeons: a way down names it
	Width, Height          int
	RoomsMin, RoomsMax     int
	RoomMin, RoomMax       int
	CorridorWidth          int
	Loops                  int // extra one-tile tunnels between near rooms, closing loops
	Enemies                []DungeonEnemy
	EnemiesMin, EnemiesMax int     // per ordinary room, before depth scaling
	Boss                   int     // index into Content.Enemies; a boss kind
	LootMultiplier         float64 // scales every drop chance in the dungeon
	XPMultiplier           float64 // scales every ordinary kill's XP in the dungeon (0 reads as 1); the boss's is the clear's reward, its own
	LootSlotsPerRoom       int
}

// EnemySpawn is a map's enemy slot: where an enemy of a kind stands and
// respawns.
type EnemySpawn struct {
	Pos  Vec
	Kind int // index into Content.Enemies
}

// Map is one playable area: its tiles, its spawn points and its portals.
// A generated dungeon also says where its exit opens and that its dead stay
// dead.
type Map struct {
	Name         string
	Grid         *Grid
	PlayerSpawns []Vec
	EnemySpawns  []EnemySpawn
	Portals      []Portal // authored portals; a world copies them and may add its exit
	NPC          Vec      // the upgrade NPC's spot, when HasNPC
	NPCName      string   // what players call it
	HasNPC       bool
	ExitPos      Vec     // where the exit portal opens when the boss dies, when HasExit
	HasExit      bool    // the map is a dungeon: a boss death clears it
	DownPos      Vec     // where the way down opens beside the exit, when HasDown
	HasDown      bool    // a deeper floor of this kind lies below
	DownKind     uint8   // the dungeon kind the way down leads to (its own)
	Depth        int     // a dungeon floor's depth, 1 the first; 0 reads as 1
	NoRespawn    bool    // dead enemies stay dead
	QuietArrival bool    // enemies wait and stroll only at QuietSpot of the player spawns (a dungeon's entrance)
	LootSlots    []Vec   // where room loot lies when the world opens
	LootMult     float64 // scales every drop chance here (0 reads as 1)
	XPMult       float64 // scales every ordinary kill's XP here (0 reads as 1)
	RegenTicks   int     // a living player heals 1 HP every RegenTicks ticks; 0: no healing here (only the hub heals)
}
