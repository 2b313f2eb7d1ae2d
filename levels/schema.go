package levels

// The raw structs mirror the TOML files in designer units: speeds in u/s,
// accelerations in u/s², turns in degrees per second, angles in degrees,
// durations in ticks (60 per second). Validation converts them.

type rawPatterns struct {
	Pattern []rawPattern `toml:"pattern"`
}

type rawPattern struct {
	ID          string  `toml:"id"`
	Name        string  `toml:"name"` // what a death screen calls it, after its enemy's name
	Kind        string  `toml:"kind"`
	Count       int     `toml:"count"`
	Spread      float64 `toml:"spread"` // degrees
	Speed       float64 `toml:"speed"`  // u/s
	Accel       float64 `toml:"accel"`  // u/s²
	Turn        float64 `toml:"turn"`   // degrees per second
	Radius      float64 `toml:"radius"` // u
	LifeTicks   int     `toml:"life_ticks"`
	BulletKind  int     `toml:"bullet_kind"`
	Damage      int     `toml:"damage"`
	Volleys     int     `toml:"volleys"` // 0 reads as 1
	VolleyDelay int     `toml:"volley_delay_ticks"`
	Spin        float64 `toml:"spin"`   // degrees per volley
	Jitter      float64 `toml:"jitter"` // fraction of speed
}

type rawEnemies struct {
	Enemy []rawEnemy `toml:"enemy"`
}

type rawEnemy struct {
	ID        string       `toml:"id"`
	Name      string       `toml:"name"`
	Radius    float64      `toml:"radius"`
	HP        int          `toml:"hp"`
	Boss      bool         `toml:"boss"`
	Hostile   bool         `toml:"hostile"`
	XP        int          `toml:"xp"`
	Aggro     float64      `toml:"aggro"`           // u; 0: its longest emitter range
	Leash     *float64     `toml:"leash"`           // u; absent: defaultLeash; 0: never gives up
	Telegraph int          `toml:"telegraph_ticks"` // before each firing
	Phases    []rawPhase   `toml:"phase"`           // a boss's later phases
	PhaseName string       `toml:"phase_name"`      // the first phase's name on the boss bar
	Move      string       `toml:"move"`            // the first phase's fields, inline
	Speed     float64      `toml:"speed"`           // u/s
	Range     float64      `toml:"range"`           // u
	DmgTaken  float64      `toml:"damage_taken_mult"`
	Emitters  []rawEmitter `toml:"emitter"`
	Elite     *rawElite    `toml:"elite"` // its variant on deep floors (elites.go)
}

// rawElite is an ordinary kind's elite variant: its health and drop
// chances times these, and its emitters added to the kind's own.
type rawElite struct {
	HPMult   float64      `toml:"hp_mult"`
	LootMult float64      `toml:"loot_mult"`
	Emitters []rawEmitter `toml:"emitter"`
}

// rawPhase is one of a boss's later phases. Move, speed and range left out
// are the previous phase's; damage_taken_mult left out is 1.
type rawPhase struct {
	Name      string       `toml:"name"`
	Below     float64      `toml:"below"` // share of whole health, (0, 1)
	Move      string       `toml:"move"`
	Speed     *float64     `toml:"speed"` // u/s
	Range     float64      `toml:"range"` // u
	DmgTaken  float64      `toml:"damage_taken_mult"`
	Telegraph *int         `toml:"telegraph_ticks"` // the phase's opening; absent: defaultOpening
	Emitters  []rawEmitter `toml:"emitter"`
}

type rawEmitter struct {
	Pattern  string  `toml:"pattern"`
	Cooldown int     `toml:"cooldown_ticks"`
	Range    float64 `toml:"range"` // u
}

type rawPlayer struct {
	Speed        float64 `toml:"speed"` // u/s
	Radius       float64 `toml:"radius"`
	HP           int     `toml:"hp"`
	FireCooldown int     `toml:"fire_cooldown_ticks"`
	BulletSpeed  float64 `toml:"bullet_speed"` // u/s
	BulletLife   int     `toml:"bullet_life_ticks"`
	BulletRadius float64 `toml:"bullet_radius"`
	Damage       int     `toml:"damage"`
	BulletKind   int     `toml:"bullet_kind"`
	MuzzleOffset float64 `toml:"muzzle_offset"`
}

type rawMap struct {
	Name   string                 `toml:"name"`
	Regen  float64                `toml:"health_regen_per_second"` // 0: none
	NPC    string                 `toml:"npc"`                     // the upgrade NPC's name, when the rows place one
	Rows   []string               `toml:"rows"`
	Legend map[string]legendEntry `toml:"legend"` // one character → what it places
}

// legendEntry is one legend value as written: a string (an enemy id) or a
// table with one key, `enemy` or `portal` (a dungeon kind id). It keeps the
// decoded value as it is, so validation can name the legend key in its
// error rather than a TOML line.
type legendEntry struct{ raw any }

// UnmarshalTOML keeps the value for validation; it never fails.
func (e *legendEntry) UnmarshalTOML(v any) error {
	e.raw = v
	return nil
}

type rawDungeons struct {
	Dungeon []rawDungeon `toml:"dungeon"`
}

// rawDungeon is one dungeon kind; ranges are [min, max] pairs and sizes are
// in tiles.
type rawDungeon struct {
	ID               string            `toml:"id"`
	Name             string            `toml:"name"`
	Size             []int             `toml:"size"`      // [width, height]
	Rooms            []int             `toml:"rooms"`     // room count
	RoomSize         []int             `toml:"room_size"` // room side, floor tiles
	CorridorWidth    int               `toml:"corridor_width"`
	Loops            int               `toml:"loops"` // extra tunnels
	Enemies          []rawDungeonEnemy `toml:"enemies"`
	EnemiesPerRoom   []int             `toml:"enemies_per_room"`
	Boss             string            `toml:"boss"`
	LootMultiplier   float64           `toml:"loot_multiplier"`
	XPMultiplier     *float64          `toml:"xp_multiplier"` // absent: 1
	LootSlotsPerRoom int               `toml:"loot_slots_per_room"`
}

type rawDungeonEnemy struct {
	Enemy  string `toml:"enemy"`
	Weight int    `toml:"weight"`
}

// rawMods are the stat changes an item or an upgrade makes, in designer
// units.
type rawMods struct {
	Damage       int     `toml:"damage"`
	FireCooldown int     `toml:"fire_cooldown_ticks"`
	BulletSpeed  float64 `toml:"bullet_speed"` // u/s
	MaxHP        int     `toml:"max_hp"`
	Speed        float64 `toml:"speed"` // u/s
	Shots        int     `toml:"shots"`
	Split        int     `toml:"split"`
	Pierce       int     `toml:"pierce"`
	Poison       int     `toml:"poison"`
}

type rawItems struct {
	Item []rawItem `toml:"item"`
}

type rawItem struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	Kind string `toml:"kind"`
	Heal int    `toml:"heal"`
	Text string `toml:"text"`
	rawMods
	// Class gear: the one class that may wear it, and what it changes of
	// that class's ability (docs/CONTENT.md, "Class gear").
	Class string `toml:"class"`
	rawAbilityMods
}

type rawAbilityMods struct {
	Cooldown     int     `toml:"ability_cooldown_ticks"`
	Duration     int     `toml:"ability_duration_ticks"`
	Radius       float64 `toml:"ability_radius"`
	Distance     float64 `toml:"ability_distance"`
	Invulnerable int     `toml:"ability_invulnerable_ticks"`
}

type rawUpgrades struct {
	Upgrade []rawUpgrade `toml:"upgrade"`
}

type rawUpgrade struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
	Text string `toml:"text"`
	Max  int    `toml:"max"`
	rawMods
}

type rawLoot struct {
	Ration string         `toml:"ration"`
	Room   []rawLootDrop  `toml:"room"`
	Table  []rawLootTable `toml:"table"`
}

type rawLootTable struct {
	Enemy string        `toml:"enemy"`
	Drops []rawLootDrop `toml:"drops"`
}

type rawLootDrop struct {
	Item   string  `toml:"item"`
	Chance float64 `toml:"chance"`
}
