package game

// This file holds the plain data types that cross the package boundary:
// the wire codecs (net/wire) encode them, the server fills them from the
// world, and the client feeds them back into the same simulation code.
// Keep them free of pointers and methods with side effects.

// Tick rate and world scale.
const (
	TickRate = 60 // simulation steps per second
	TileSize = 32 // world units (u) per tile edge; 1 u is a pixel at zoom 1
	// MaxMapSide bounds a map either way, in tiles: the content loader
	// refuses a larger map, and the wire, whose snapshots place actors in
	// quarter units up to 16384 u, refuses to carry one, so a hostile
	// server cannot make a client hold a huge grid.
	MaxMapSide = 512
)

// The rules of input and arrival the simulation itself applies (NETCODE.md,
// "Input"). The numbers only the client, the server or the wire use live
// with them: the client's lead band in client, interest radii in server,
// the snapshot rate, chunk size and view radius in net/wire.
const (
	InputMaxLead          = 40   // the server refuses frames further ahead than this
	InputMaxAge           = 30   // stale limit and coast limit, in ticks
	InputRedundancy       = 6    // frames carried by every input packet
	BulletInterestCeiling = 2900 // u: hard cap on a bullet's interest reach
	SpawnGraceTicks       = 120  // arrival grace: invulnerable, unable to shoot, and no enemy targets it
)

// Input buttons, one bit each in Input.Buttons.
const (
	BtnFire uint8 = 1 << iota
	BtnInteract
	BtnEscape
	BtnUse
	BtnDrop
	BtnFocus   // held: the ship moves at FocusSpeedShare of its speed, for threading dense patterns
	BtnAbility // pressed: the class's ability (StepAbility), if its cooldown is over and grace is not
)

// Input is one tick of one player's intent: the 10-byte input frame.
// MoveX and MoveY are hundredths of a unit vector, clamped by the server to
// the unit disc; Aim is an angle in 1/65536 turns.
type Input struct {
	Tick    uint32
	MoveX   int8
	MoveY   int8
	Aim     uint16
	Buttons uint8
	Slot    uint8
}

// Teams of bullets.
const (
	TeamPlayer uint8 = 0
	TeamEnemy  uint8 = 1
)

// MaxBulletLife bounds a bullet's life: content may not exceed it, and the
// codec refuses a spawn that does, so a replica's fast-forward of one
// spawn is bounded too.
const MaxBulletLife = 10 * TickRate

// Fixed-point scales of the quantized fields of BulletSpawn.
const (
	TurnScale   = 10000 // Turn is radians per tick × TurnScale
	RadiusScale = 16    // Radius is units × RadiusScale
)

// BulletSpawn is a bullet's spawn state exactly as the wire carries it.
// The server builds one, then spawns its own bullet from it, and the client
// spawns its replica from the decoded copy: the quantization happens by
// construction, so both sides start from identical bits.
type BulletSpawn struct {
	UID       uint32
	SpawnTick uint32
	X, Y      float32 // u
	VX, VY    float32 // u per tick
	Accel     float32 // u per tick², along the velocity
	Turn      int16   // radians per tick × TurnScale
	Radius    uint16  // u × RadiusScale
	Life      uint16  // ticks from SpawnTick
	Kind      uint8   // look and content kind
	Team      uint8   // TeamPlayer or TeamEnemy
}

// Reasons a bullet left the world early (sent with a despawn).
const (
	DespawnHit    uint8 = 1
	DespawnWall   uint8 = 2
	DespawnErased uint8 = 3 // erased by a bomb (AbilityBomb)
)

// Player flags in a snapshot record.
const (
	PlayerGrace    uint8 = 1 << iota // arrival grace: invulnerable, cannot shoot, no enemy targets it
	PlayerDead                       // waiting to respawn
	PlayerLinkdead                   // connection dropped; body still in the world
	PlayerEscaping                   // channelling the escape: out in EscapeTicks unless it dies or lets go
	PlayerShielded                   // no bullet hits it: its class's shield is up, or its dash is in its first ticks
)

// PlayerState is one player record as a snapshot carries it.
type PlayerState struct {
	ID    uint16 // the peer id
	X, Y  float32
	Aim   uint16
	HP    int16
	MaxHP int16
	Flags uint8
}

// EnemyState is one enemy (or boss) record as a snapshot carries it.
type EnemyState struct {
	ID    uint16
	Kind  uint8
	X, Y  float32
	HP    int16
	MaxHP int16
	Flags uint8 // its phase (EnemyPhaseMask) and EnemyTelegraph
}

// Enemy flags, as EnemyState.Flags carries them.
const (
	EnemyPhaseMask uint8 = 0x07 // the boss phase under way, 0 the first
	EnemyTelegraph uint8 = 0x08 // planted and glowing: a firing is coming
)

// Tile kinds. TileUnknown is what a client holds before a chunk arrives; it
// reads as empty for prediction and bullets.
const (
	TileUnknown uint8 = 0
	TileFloor   uint8 = 1
	TileWall    uint8 = 2
	TileDecor   uint8 = 3 // decorative floor (a plaza's paving): walkable, never solid
	TileNPC     uint8 = 4 // the floor the upgrade NPC stands on: walkable; the window draws the NPC there
)

// EventKind names one outcome of a tick.
type EventKind uint8

// Event kinds. Kinds from EvServerOnly up never leave the server: the codec
// refuses to encode them, so a client never sees a decision it could echo.
const (
	EvBulletSpawn   EventKind = 1
	EvBulletDespawn EventKind = 2
	EvHit           EventKind = 3
	EvDeath         EventKind = 4
	EvPortalUsed    EventKind = 5
	EvPortalOpened  EventKind = 6 // a portal appeared (a dungeon's exit, on the boss's death)
	EvAbility       EventKind = 7 // player ID used its ability (Reason: its class, an index into Content.Classes)
	EvServerOnly    EventKind = 64
	EvTransfer      EventKind = 64 // server-only: move a player to another instance
	EvItem          EventKind = 65 // server-only: an item moved (Reason: ItemMinted…ItemSpent)
	EvXP            EventKind = 66 // server-only: a player earned Amount XP for enemy Other's death (Reason: XPFromKill, or XPFromClear for a boss)
	EvEscaped       EventKind = 67 // server-only: a player's escape channel completed
	EvPhase         EventKind = 68 // server-only: enemy ID began phase Amount with HP left (clients read the phase from its record)
)

// Where an EvXP's XP came from, in its Reason.
const (
	XPFromKill  uint8 = 0 // an ordinary kill, shared by the players near it
	XPFromClear uint8 = 1 // a boss's death: the clear's reward, paid for a part in the fight (clear.go)
)

// Actor kinds named by hit and death events.
const (
	ActorPlayer uint8 = 1
	ActorEnemy  uint8 = 2
)

// Event is one outcome of a tick. It is a flat union: each kind uses the
// fields its comment names and leaves the rest zero.
type Event struct {
	Kind    EventKind
	Bullet  BulletSpawn // EvBulletSpawn; EvBulletDespawn and EvHit use Bullet.UID
	Reason  uint8       // EvBulletDespawn: DespawnHit, DespawnWall or DespawnErased; EvItem: the operation; EvAbility: the player's class
	Actor   uint8       // EvHit, EvDeath: ActorPlayer or ActorEnemy
	ID      uint16      // EvHit, EvDeath: the actor; EvPortalUsed, EvTransfer, EvAbility: the player
	Other   uint16      // EvHit, EvDeath: the shooter or killer (a player id, or an enemy id for a player's death)
	Amount  int16       // EvHit: damage dealt; EvXP: XP earned; EvDeath of a player: the killing pattern + 1 (0 unknown)
	HP      int16       // EvHit: health after the hit; EvDeath of a player: the killer's enemy kind + 1 (0 unknown)
	Portal  uint8       // EvPortalUsed, EvTransfer, EvPortalOpened: the portal index
	Dungeon uint8       // EvPortalUsed, EvTransfer, EvPortalOpened: the dungeon kind it opens, or HubDungeon
	X, Y    float32     // EvPortalOpened: the portal's centre; EvBulletDespawn (wall): where it died (server-side only); EvHit on an enemy as a client notes it: where the shot struck
	Tick    uint32      // EvHit, EvDeath: the tick it happened (the bullet is Bullet.UID)
	Tag     uint64      // EvBulletDespawn: the bullet's pool Tag when it died (server-side only, never on the wire)
	Item    Item        // EvItem: the item (ID is the player, or the owner of ground loot; X, Y where it lies)
}
